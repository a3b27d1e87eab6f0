/* bench.c: the originals' recorded speeds, and the games whose benchmark is their own. */
#include "bench.h"
#include <stddef.h>
#include <string.h>

/* Recorded speeds of the original implementations (seconds per game): the figures of the
 * developer specs' performance anchors (Rising Tide's and Chicken's "Performance anchor"). */
static const bench_anchor ANCHORS[] = {
    {"rising_tide", "pass_perth", 0.26, "original Python engine, pass_perth x4 (slower series)"},
    {"rising_tide", "random_rizhao", 2.47, "original Python engine, random_rizhao x4 (40-game mean)"},
    {"chicken", "yolanda", 1.0 / 83, "original v1.1 engine, random vs random, 83 games/s"},
    {NULL, NULL, 0, NULL},
};

static const struct {
    const char *game;
    bench_main_fn main;
} GAME_BENCHES[] = {
    {"rezzo", bench_rezzo},
    {NULL, NULL},
};

const bench_anchor *bench_anchor_find(const char *game, const char *bot) {
    for (int i = 0; ANCHORS[i].game; i++)
        if (strcmp(ANCHORS[i].game, game) == 0 && strcmp(ANCHORS[i].bot, bot) == 0) return &ANCHORS[i];
    return NULL;
}

bench_main_fn bench_game_main(const char *game) {
    for (int i = 0; GAME_BENCHES[i].game; i++)
        if (strcmp(GAME_BENCHES[i].game, game) == 0) return GAME_BENCHES[i].main;
    return NULL;
}
