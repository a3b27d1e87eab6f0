/* bench_engine.c: the engine-only benchmark's loop (`arena bench GAME`, and `arena bench sim`'s
 * engine figure measured in the same process as the simulator's): whole games through the game
 * interface with built-in bots, as the referee's built-in seats play them. */
#include "bench_engine.h"
#include "../core/buf.h"
#include "../core/rng.h"
#include "../core/xalloc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Engine only: whole games through the game interface with built-in bots (the same views,
 * validation and apply as the referee's built-in seats), no referee loop, no sinks. */
int bench_engine_games(const game_t *g, const game_options *o, int seats, const game_bot *bot, uint64_t seed,
                       uint64_t first, uint64_t games, long long *steps, buf_t *err) {
    void *view = xcalloc(1, g->view_size);
    unsigned char *acts = xcalloc((size_t)seats, g->action_size);
    void *mem[GAME_MAX_SEATS] = {NULL};
    size_t msize = bot->memory_size ? bot->memory_size : 1;
    for (int s = 0; s < seats; s++) mem[s] = xcalloc(1, msize);
    int rc = 0;
    for (uint64_t k = first; k < first + games && rc == 0; k++) {
        uint64_t gseed = rng_derive_seed(seed, k);
        rng_t rng, brng[GAME_MAX_SEATS];
        rng_seed(&rng, gseed, RNG_STREAM_MATCH);
        for (int s = 0; s < seats; s++) {
            rng_seed(&brng[s], gseed, RNG_STREAM_BOT + (uint64_t)s);
            memset(mem[s], 0, msize);
        }
        game_setup setup = {seats, o, gseed, &rng};
        bool runtime_error;
        void *st = game_create(g, &setup, err, &runtime_error);
        if (!st) {
            rc = 1;
            break;
        }
        seat_turn turns[GAME_MAX_SEATS];
        bool mask[GAME_MAX_SEATS];
        while (!g->rules.is_over(st)) {
            memset(mask, 0, sizeof mask);
            g->rules.to_act(st, mask);
            for (int s = 0; s < seats; s++) {
                memset(&turns[s], 0, sizeof turns[s]);
                if (!mask[s]) continue;
                void *a = acts + (size_t)s * g->action_size;
                g->rules.view(st, s, view);
                turns[s].asked = true;
                turns[s].has_action = bot->act(mem[s], view, a, &brng[s]);
                if (turns[s].has_action && g->rules.validate && g->rules.validate(st, s, a, NULL) != 0) {
                    turns[s].verdict = VERDICT_INVALID;
                    turns[s].cause = CAUSE_ILLEGAL;
                }
            }
            g->rules.apply(st, acts, turns, &rng);
            (*steps)++;
        }
        /* A game that could not go on (its engine out of memory) is over with a meaningless result:
         * the bench stops there rather than report its turns as a measurement. */
        buf_t why;
        buf_init(&why);
        if (g->rules.failed && g->rules.failed(st, &why)) {
            buf_printf(err, "game %llu failed: %s", (unsigned long long)k + 1, buf_cstr(&why));
            rc = 1;
        }
        buf_free(&why);
        g->rules.destroy(st);
    }
    for (int s = 0; s < seats; s++) free(mem[s]);
    free(view);
    free(acts);
    return rc;
}
