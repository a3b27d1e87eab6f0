/* sim_snapshot.c: saved environment states for search: each slot is a game state (copied by the
 * game's sim.copy hook, or memcpy of a flat state) and the environment's record (its generators,
 * counters, scores and the seats' memories), so a restored environment continues bit for bit.
 * A copy hook that runs out of memory (Rezzo's lists) leaves a game that could not go on
 * (rules.failed): every call that copies says so (-1), none passes such a copy on as a state. */
#include "sim.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct arena_snapshot {
    const game_t *g;
    sim_setup setup; /* of the environments it was made for */
    int count;
    size_t rec_size;
    unsigned char *recs;
    void **state;
    bool *saved; /* slot k was saved into (arena_save, arena_save_all): the others are refused */
};

bool sim_snapshot_copy(const arena_env *env, void *dst_rec, void *dst_state, const void *src_rec,
                       const void *src_state, buf_t *why) {
    const game_t *g = env->g;
    memcpy(dst_rec, src_rec, env->rec_size);
    if (!g->sim->copy) {
        memcpy(dst_state, src_state, g->sim->state_size);
        return true;
    }
    g->sim->copy(dst_state, src_state);
    /* a failed copy is a failed game where the source was not one (a failed game copies as such) */
    if (!g->rules.failed) return true;
    buf_reset(why);
    if (!g->rules.failed(dst_state, why)) return true;
    buf_reset(why);
    if (g->rules.failed(src_state, why)) return true;
    buf_reset(why);
    g->rules.failed(dst_state, why);
    return false;
}

/* Whether slot holds a game that could not go on (saved from one, or its save failed), its
 * reason in why. */
static bool slot_failed(const arena_snapshot *snap, int slot, buf_t *why) {
    const sim_rec *r = (const sim_rec *)(snap->recs + (size_t)slot * snap->rec_size);
    buf_reset(why);
    if (snap->g->rules.failed && snap->g->rules.failed(snap->state[slot], why)) return true;
    if (r->failed) buf_puts(why, "its game could not start");
    return r->failed;
}

ARENA_API void arena_snapshot_free(arena_snapshot *snap) {
    if (!snap) return;
    if (snap->state)
        for (int k = 0; k < snap->count; k++)
            if (snap->state[k]) snap->g->rules.destroy(snap->state[k]);
    free(snap->state);
    free(snap->saved);
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
    snap->saved = calloc((size_t)count, sizeof *snap->saved);
    if (sim_setup_copy(&snap->setup, &env->setup) < 0 || !snap->recs || !snap->state || !snap->saved) {
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
        if (!sim_snapshot_copy(env, snap->recs + (size_t)k * snap->rec_size, snap->state[k], env->recs, env->state[0],
                               &err)) {
            sim_fail("%s: the state could not be copied into a new snapshot: %s", env->g->id, buf_cstr(&err));
            buf_free(&err);
            arena_snapshot_free(snap);
            return NULL;
        }
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

/* A slot nothing was saved into held a copy of environment 0 as it was when the snapshot was
 * made, which a restore put back without a word: a search that missed a save played its
 * rollouts from another position. */
static int never_saved(int slot) {
    return sim_fail("slot %d was never saved (arena_save or arena_save_all first; Python: save, save_all): nothing "
                    "restored", slot);
}

static int save_failed(const arena_env *env, int i, int slot, buf_t *why) {
    return sim_fail("environment %d into slot %d: the %s state could not be copied: %s (the slot holds no usable state: "
                    "save again)", i, slot, env->g->id, buf_cstr(why));
}

static int restore_failed(const arena_env *env, int i, int slot, buf_t *why) {
    return sim_fail("slot %d into environment %d: the %s state could not be copied: %s (environment %d holds a game "
                    "that could not go on: restore or reset it again)", slot, i, env->g->id, buf_cstr(why), i);
}

ARENA_API int arena_save(const arena_env *env, int i, arena_snapshot *snap, int slot) {
    if (check(env, i, snap, slot) < 0) return -1;
    buf_t *why = &env->scratch[0].why;
    snap->saved[slot] = true;
    if (!sim_snapshot_copy(env, snap->recs + (size_t)slot * snap->rec_size, snap->state[slot], sim_rec_of(env, i),
                           env->state[i], why))
        return save_failed(env, i, slot, why);
    return 0;
}

/* A slot that holds a game that could not go on is refused whole, the environment unchanged (a
 * restored environment would only fail its steps); a copy that fails leaves the environment a
 * failed game, its rows saying so, until a restore or a reset succeeds. */
ARENA_API int arena_restore(arena_env *env, int i, const arena_snapshot *snap, int slot) {
    if (check(env, i, snap, slot) < 0) return -1;
    sim_scratch *sc = &env->scratch[0];
    if (!snap->saved[slot]) return never_saved(slot);
    if (slot_failed(snap, slot, &sc->why))
        return sim_fail("slot %d holds a game that could not go on (%s): nothing restored", slot, buf_cstr(&sc->why));
    bool copied = sim_snapshot_copy(env, sim_rec_of(env, i), env->state[i], snap->recs + (size_t)slot * snap->rec_size,
                                    snap->state[slot], &sc->why);
    int rc = copied ? 0 : restore_failed(env, i, slot, &sc->why);
    sim_asked_new_line(env, i);
    sim_play_check_failed(env, i, sc);
    sim_play_write_fresh(env, i, sc);
    env->written = true;
    return rc;
}

typedef struct {
    arena_env *env;
    arena_snapshot *snap;
    bool restore;
    sim_pool *pool;
} copy_job;

/* Each thread keeps the lowest environment whose copy failed (its message in sc->error), so the
 * error names the lowest one, whichever threads took which chunks; the others are copied. */
static void copy_chunks(void *arg, int w, int workers) {
    (void)workers;
    copy_job *j = arg;
    arena_env *env = j->env;
    arena_snapshot *snap = j->snap;
    sim_scratch *sc = &env->scratch[w];
    sim_cursor c = sim_pool_cursor(j->pool, 0, w, env->n);
    for (int lo, hi; sim_pool_next(&c, &lo, &hi);)
        for (int e = lo; e < hi; e++) {
            unsigned char *rec = snap->recs + (size_t)e * snap->rec_size;
            bool copied;
            if (j->restore) {
                copied = sim_snapshot_copy(env, sim_rec_of(env, e), env->state[e], rec, snap->state[e], &sc->why);
                if (!copied && (sc->error_env < 0 || e < sc->error_env))
                    snprintf(sc->error, sizeof sc->error,
                             "slot %d into environment %d: the %s state could not be copied: %s (environment %d holds "
                             "a game that could not go on: restore or reset it again)",
                             e, e, env->g->id, buf_cstr(&sc->why), e);
                sim_asked_new_line(env, e);
                sim_play_check_failed(env, e, sc);
                sim_play_write_fresh(env, e, sc);
            } else {
                copied = sim_snapshot_copy(env, rec, snap->state[e], sim_rec_of(env, e), env->state[e], &sc->why);
                if (!copied && (sc->error_env < 0 || e < sc->error_env))
                    snprintf(sc->error, sizeof sc->error,
                             "environment %d into slot %d: the %s state could not be copied: %s (the slot holds no "
                             "usable state: save again)",
                             e, e, env->g->id, buf_cstr(&sc->why));
            }
            if (!copied && (sc->error_env < 0 || e < sc->error_env)) sc->error_env = e;
        }
}

static int copy_all(arena_env *env, arena_snapshot *snap, bool restore) {
    if (check(env, 0, snap, 0) < 0) return -1;
    /* it said "the snapshot has 1 slots, the environments are 2", not what to do */
    if (snap->count < env->n)
        return sim_fail("the snapshot has %d slot%s for %d environments: arena_save_all and arena_restore_all need one "
                        "for each (arena_snapshot_new(env, %d); Python: env.snapshot())",
                        snap->count, snap->count == 1 ? "" : "s", env->n, env->n);
    /* as arena_restore: a slot never saved or with a game that could not go on refuses the whole call */
    for (int e = 0; restore && e < env->n; e++)
        if (!snap->saved[e]) return never_saved(e);
    for (int e = 0; restore && e < env->n; e++)
        if (slot_failed(snap, e, &env->scratch[0].why))
            return sim_fail("slot %d holds a game that could not go on (%s): nothing restored", e,
                            buf_cstr(&env->scratch[0].why));
    for (int e = 0; !restore && e < env->n; e++) snap->saved[e] = true;
    copy_job j = {env, snap, restore, sim_pool_for(env)};
    int workers = j.pool ? env->threads : 1;
    for (int t = 0; t < workers; t++) env->scratch[t].error_env = -1;
    sim_pool_run(j.pool, copy_chunks, &j, env->n);
    if (restore) env->written = true;
    int bad = -1;
    for (int t = 0; t < workers; t++)
        if (env->scratch[t].error_env >= 0 && (bad < 0 || env->scratch[t].error_env < env->scratch[bad].error_env)) bad = t;
    return bad < 0 ? 0 : sim_fail("%s", env->scratch[bad].error);
}

ARENA_API int arena_save_all(const arena_env *env, arena_snapshot *snap) {
    /* saving changes nothing in env; the worker threads it runs on are its own */
    return copy_all((arena_env *)env, snap, false);
}

ARENA_API int arena_restore_all(arena_env *env, const arena_snapshot *snap) {
    return copy_all(env, (arena_snapshot *)snap, true);
}
