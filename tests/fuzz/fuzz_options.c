/* fuzz_options.c: --option parsing, game setup and seat strings for every game. */
#include "games/registry.h"
#include "match/match.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    /* The input is NUL-separated strings: key=value options, then seat strings after an empty one. */
    char *copy = malloc(size + 1);
    memcpy(copy, data, size);
    copy[size] = 0;
    char *kv[32];
    int n = 0;
    char *p = copy, *end = copy + size;
    while (p < end && *p && n < 32) {
        kv[n++] = p;
        p += strlen(p) + 1;
    }
    for (int gi = 0; registry_games[gi]; gi++) {
        const game_t *g = registry_games[gi];
        game_options o;
        buf_t err;
        buf_init(&err);
        if (match_parse_options(g, n, kv, &o, &err)) {
            rng_t rng;
            rng_seed(&rng, 1, 0);
            for (int seats = g->min_seats; seats <= g->max_seats && seats <= 4; seats++) {
                game_setup s = {seats, &o, 1, &rng};
                void *st = g->rules.create(&s, &err);
                if (st) g->rules.destroy(st);
            }
        }
        for (int i = 0; i < n; i++) {
            seat_spec sp;
            buf_reset(&err);
            if (seatspec_parse(g, kv[i], &sp, &err)) seatspec_free(&sp);
        }
        buf_free(&err);
    }
    free(copy);
    return 0;
}
