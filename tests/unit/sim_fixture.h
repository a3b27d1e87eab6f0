/* sim_fixture.h: environments of the simulator with every buffer bound, for the tests of
 * libarena's C API (test_sim_api, test_sim_bots). */
#ifndef ARENA_SIM_FIXTURE_H
#define ARENA_SIM_FIXTURE_H
#include "../../include/arena.h"
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const BUFS[] = {"obs",       "mask",  "to_act", "action", "reward", "terminated",
                                   "truncated", "score", "result", "rank",   "seed",       "failed"};
#define NBUFS 12

typedef struct {
    arena_env *env;
    void *b[NBUFS];
    size_t bytes[NBUFS];
} bound;

static int buf_index(const char *name) {
    for (int k = 0; k < NBUFS; k++)
        if (strcmp(BUFS[k], name) == 0) return k;
    return -1;
}

static void *B(bound *x, const char *name) { return x->b[buf_index(name)]; }

/* Environments with every buffer bound (16-byte aligned, zeroed). */
static bool open_env(bound *x, const char *game, int n, uint64_t seed, const char *const *settings) {
    memset(x, 0, sizeof *x);
    x->env = arena_env_new(game, n, seed, settings);
    if (!x->env) {
        printf("# arena_env_new(%s): %s\n", game, arena_last_error());
        return false;
    }
    for (int k = 0; k < NBUFS; k++) {
        x->bytes[k] = arena_buffer_bytes(x->env, BUFS[k]);
        x->b[k] = aligned_alloc(16, (x->bytes[k] + 15) / 16 * 16 + 16);
        memset(x->b[k], 0, x->bytes[k]);
        if (arena_bind(x->env, BUFS[k], x->b[k], x->bytes[k]) != 0) {
            printf("# bind %s: %s\n", BUFS[k], arena_last_error());
            return false;
        }
    }
    return true;
}

static void close_env(bound *x) {
    arena_env_free(x->env);
    for (int k = 0; k < NBUFS; k++) free(x->b[k]);
    memset(x, 0, sizeof *x);
}
#endif
