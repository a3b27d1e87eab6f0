/* sim_snapshot.c: saved environment states for search: each slot is a game state (copied by the
 * game's sim.copy hook, or memcpy of a flat state) and the environment's record (its generators,
 * counters, scores and the seats' memories), so a restored environment continues bit for bit. */
#include "sim.h"
#include <stdlib.h>
#include <string.h>

struct arena_snapshot {
    const game_t *g;
    sim_setup setup; /* of the environments it was made for */
    int count;
    size_t rec_size;
    unsigned char *recs;
    void **state;
};

void sim_snapshot_copy(const arena_env *env, void *dst_rec, void *dst_state, const void *src_rec,
                       const void *src_state) {
    memcpy(dst_rec, src_rec, env->rec_size);
    if (env->g->sim->copy) env->g->sim->copy(dst_state, src_state);
    else memcpy(dst_state, src_state, env->g->sim->state_size);
}

ARENA_API void arena_snapshot_free(arena_snapshot *snap) {
    if (!snap) return;
    if (snap->state)
        for (int k = 0; k < snap->count; k++)
            if (snap->state[k]) snap->g->rules.destroy(snap->state[k]);
    free(snap->state);
    free(snap->recs);
    sim_setup_free(&snap->setup);
    free(snap);
}

ARENA_API arena_snapshot *arena_snapshot_new(const arena_env *env, int count) {
    if (!env) {
        sim_fail("env is NULL");
        return NULL;
    }
    if (count < 1 || count > SIM_MAX_ENVS) {
        sim_fail("snapshot of %d slots: expected 1 to %d", count, SIM_MAX_ENVS);
        return NULL;
    }
    arena_snapshot *snap = calloc(1, sizeof *snap);
    if (!snap) {
        sim_fail("out of memory");
        return NULL;
    }
    snap->g = env->g;
    snap->count = count;
    snap->rec_size = env->rec_size;
    snap->recs = calloc((size_t)count, env->rec_size);
    snap->state = calloc((size_t)count, sizeof *snap->state);
    if (sim_setup_copy(&snap->setup, &env->setup) < 0 || !snap->recs || !snap->state) {
        arena_snapshot_free(snap);
        sim_fail("out of memory");
        return NULL;
    }
    /* each slot holds a game made with the environments' options (so sim.copy has room), then a
     * copy of environment 0 so that every slot is a valid state from the start */
    buf_t err;
    buf_init(&err);
    for (int k = 0; k < count; k++) {
        rng_t rng;
        rng_seed(&rng, 0, RNG_STREAM_MATCH);
        game_setup setup = {env->seats, &env->options, 0, &rng};
        snap->state[k] = env->g->rules.create(&setup, &err);
        if (!snap->state[k]) {
            sim_fail("%s: %s", env->g->id, buf_cstr(&err));
            buf_free(&err);
            arena_snapshot_free(snap);
            return NULL;
        }
        sim_snapshot_copy(env, snap->recs + (size_t)k * snap->rec_size, snap->state[k], env->recs, env->state[0]);
    }
    buf_free(&err);
    return snap;
}

static int check(const arena_env *env, int i, const arena_snapshot *snap, int slot) {
    if (!env) return sim_fail("env is NULL");
    if (!snap) return sim_fail("snapshot is NULL");
    if (sim_setup_check(&snap->setup, &env->setup) < 0) return -1;
    if (i < 0 || i >= env->n) return sim_fail("environment %d: expected 0 to %d", i, env->n - 1);
    if (slot < 0 || slot >= snap->count) return sim_fail("slot %d: the snapshot has slots 0 to %d", slot, snap->count - 1);
    return 0;
}

ARENA_API int arena_save(const arena_env *env, int i, arena_snapshot *snap, int slot) {
    if (check(env, i, snap, slot) < 0) return -1;
    sim_snapshot_copy(env, snap->recs + (size_t)slot * snap->rec_size, snap->state[slot], sim_rec_of(env, i),
                      env->state[i]);
    return 0;
}

ARENA_API int arena_restore(arena_env *env, int i, const arena_snapshot *snap, int slot) {
    if (check(env, i, snap, slot) < 0) return -1;
    sim_snapshot_copy(env, sim_rec_of(env, i), env->state[i], snap->recs + (size_t)slot * snap->rec_size,
                      snap->state[slot]);
    sim_play_write_fresh(env, i, &env->scratch[0]);
    return 0;
}

typedef struct {
    arena_env *env;
    arena_snapshot *snap;
    bool restore;
    sim_pool *pool;
} copy_job;

static void copy_chunks(void *arg, int w, int workers) {
    (void)workers;
    copy_job *j = arg;
    arena_env *env = j->env;
    arena_snapshot *snap = j->snap;
    sim_cursor c = sim_pool_cursor(j->pool, 0, w, env->n);
    for (int lo, hi; sim_pool_next(&c, &lo, &hi);)
        for (int e = lo; e < hi; e++) {
            unsigned char *rec = snap->recs + (size_t)e * snap->rec_size;
            if (j->restore) {
                sim_snapshot_copy(env, sim_rec_of(env, e), env->state[e], rec, snap->state[e]);
                sim_play_write_fresh(env, e, &env->scratch[w]);
            } else {
                sim_snapshot_copy(env, rec, snap->state[e], sim_rec_of(env, e), env->state[e]);
            }
        }
}

static int copy_all(arena_env *env, arena_snapshot *snap, bool restore) {
    if (check(env, 0, snap, 0) < 0) return -1;
    if (snap->count < env->n) return sim_fail("the snapshot has %d slots, the environments are %d", snap->count, env->n);
    copy_job j = {env, snap, restore, sim_pool_for(env)};
    sim_pool_run(j.pool, copy_chunks, &j, env->n);
    return 0;
}

ARENA_API int arena_save_all(const arena_env *env, arena_snapshot *snap) {
    /* saving changes nothing in env; the worker threads it runs on are its own */
    return copy_all((arena_env *)env, snap, false);
}

ARENA_API int arena_restore_all(arena_env *env, const arena_snapshot *snap) {
    return copy_all(env, (arena_snapshot *)snap, true);
}
