/* bench.h: what `arena bench` knows of the originals: their recorded speeds (the anchors the
 * issues ask Arena to beat) and the games whose benchmark is a reproduction of their own
 * (Rezzo's CA against the reference stepper, docs/games/rezzo.md "Performance"). */
#ifndef ARENA_COMPAT_BENCH_H
#define ARENA_COMPAT_BENCH_H
#include "../game/game.h"
#include <stdbool.h>

/* A recorded speed of an original implementation with one bot in every seat. */
typedef struct {
    const char *game, *bot;
    double seconds_per_game;
    const char *note; /* which original, which bots, where the figure comes from */
} bench_anchor;

/* The anchor of (game, bot), or NULL when none is recorded. */
const bench_anchor *bench_anchor_find(const char *game, const char *bot);

/* A game's own benchmark: argv[0] is the game's id, the rest its flags; returns the exit status.
 * NULL when the game has none (then `arena bench` measures the game interface generically). */
typedef int (*bench_main_fn)(int argc, char **argv);
bench_main_fn bench_game_main(const char *game);

/* Rezzo's (bench_rezzo.c). */
int bench_rezzo(int argc, char **argv);
/* Its games: `games` whole games of built-in `bot` in all `players` seats (1..10) on a w x h world
 * of `ticks` ticks; game k (from 0) is seed + k's, the game `arena play` plays with that --seed. */
typedef struct {
    const char *bot;
    int games, ticks, w, h, players;
    uint64_t seed;
} bench_rezzo_spec;

/* The games of `spec` through g (game_rezzo; the tests give a Rezzo that fails), one core, no
 * sinks. False with why when a game cannot be made or fails in play (rules.failed):
 * *runtime_error says it was not the setup's fault (out of memory), and no figure is set. */
bool bench_rezzo_games(const game_t *g, const bench_rezzo_spec *spec, double *gps, double *tps, long *total_ticks,
                       buf_t *err, bool *runtime_error);
#endif
