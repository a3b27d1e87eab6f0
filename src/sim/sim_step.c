/* sim_step.c: the batched calls (reset, step, sample): each environment's work (sim_play.c) in
 * chunks the threads claim (sim_pool.c). Every environment depends only on its own record, so the
 * results are the same for any number of threads and whichever thread plays it. */
#include "sim.h"
#include <string.h>

typedef struct {
    arena_env *env;
    sim_pool *pool;
    uint64_t seed; /* reset */
} job;

static void reset_job(void *arg, int w, int workers) {
    (void)workers;
    job *j = arg;
    arena_env *env = j->env;
    sim_scratch *sc = &env->scratch[w];
    buf_t err;
    buf_init(&err);
    sim_cursor c = sim_pool_cursor(j->pool, 0, w, env->n);
    for (int lo, hi; sim_pool_next(&c, &lo, &hi);)
        for (int e = lo; e < hi; e++) {
            sim_rec *r = sim_rec_of(env, e);
            rng_seed(&r->games, j->seed + (uint64_t)e, SIM_STREAM_GAMES);
            rng_seed(&r->sample, j->seed + (uint64_t)e, SIM_STREAM_SAMPLE);
            /* the options were checked at creation: starting fails only for want of memory,
             * which the game keeps (rules.failed) and arena_reset reports */
            sim_play_begin(env, e, rng_next(&r->games) & RNG_SEED_MAX, sc, &err);
            sim_play_write_fresh(env, e, sc);
        }
    buf_free(&err);
}

/* A restart that could not get memory (Rezzo's cell lists) is said by the reset itself, naming the
 * lowest such environment, not first by the next step (which fails too, until that environment is
 * reset again); its rows are a failed game's ("failed" 1). The reason goes into the room the
 * creation reserved: memory has run out. */
static int reset_failed(arena_env *env) {
    const game_t *g = env->g;
    buf_t *why = &env->scratch[0].why;
    for (int e = 0; e < env->n; e++) {
        if (!sim_rec_of(env, e)->failed) continue;
        buf_reset(why);
        if (!g->rules.failed || !g->rules.failed(env->state[e], why)) buf_puts(why, "out of memory");
        return sim_fail("environment %d: the %s game could not start: %s (reset it again when memory allows)", e, g->id,
                        buf_cstr(why));
    }
    return 0;
}

ARENA_API int arena_reset(arena_env *env, uint64_t seed) {
    if (!env) return sim_fail("env is NULL");
    job j = {env, sim_pool_for(env), seed};
    sim_pool_run(j.pool, reset_job, &j, env->n);
    env->written = true;
    return reset_failed(env);
}

ARENA_API int arena_reset_one(arena_env *env, int i, uint64_t game_seed) {
    if (!env) return sim_fail("env is NULL");
    if (i < 0 || i >= env->n) return sim_fail("environment %d: expected 0 to %d", i, env->n - 1);
    if (game_seed > RNG_SEED_MAX) return sim_fail("game seed %llu: expected 0 to 2^53-1", (unsigned long long)game_seed);
    buf_t err;
    buf_init(&err);
    bool ok = sim_play_begin(env, i, game_seed, &env->scratch[0], &err);
    int rc = ok ? 0 : sim_fail("%s: %s", env->g->id, buf_cstr(&err));
    buf_free(&err);
    sim_play_write_fresh(env, i, &env->scratch[0]); /* a game that could not start: its rows say so */
    env->written = true;
    return rc;
}

/* Checks every environment's actions (pass 0), waits until all are checked, and plays (pass 1)
 * only when no thread found a bad action: a failing step changes nothing. Each thread keeps the
 * lowest environment with a bad action it saw, so the error reported is the lowest one, whichever
 * threads took which chunks. */
static void step_job(void *arg, int w, int workers) {
    job *j = arg;
    arena_env *env = j->env;
    sim_scratch *sc = &env->scratch[w];
    if (env->agents) { /* bots only: nothing to check, no thread to wait for */
        sim_cursor c = sim_pool_cursor(j->pool, 0, w, env->n);
        for (int lo, hi; sim_pool_next(&c, &lo, &hi);)
            for (int e = lo; e < hi && (sc->error_env < 0 || e < sc->error_env); e++)
                if (!sim_play_check(env, e, sc)) {
                    sc->error_env = e;
                    break;
                }
        sim_pool_wait(j->pool, 0);
        for (int t = 0; t < workers; t++)
            if (env->scratch[t].error_env >= 0) return;
    }
    sim_cursor c = sim_pool_cursor(j->pool, 1, w, env->n);
    for (int lo, hi; sim_pool_next(&c, &lo, &hi);) sim_play_steps(env, lo, hi, sc);
}

ARENA_API int arena_step(arena_env *env) {
    if (!env) return sim_fail("env is NULL");
    job j = {env, sim_pool_for(env), 0};
    int workers = j.pool ? env->threads : 1;
    /* a worker that wakes too late never touches its scratch: reset every thread's here */
    for (int t = 0; t < workers; t++) env->scratch[t].error_env = -1;
    sim_pool_run(j.pool, step_job, &j, env->n);
    int bad = -1;
    for (int t = 0; t < workers; t++)
        if (env->scratch[t].error_env >= 0 && (bad < 0 || env->scratch[t].error_env < env->scratch[bad].error_env)) bad = t;
    if (bad < 0) return 0;
    /* stepped before any reset, the agents chose from buffers never written (a mask of zeros, which
     * arena_sample draws 0 from): "action 0 is illegal now (see the mask)" hid the missed call */
    return sim_fail("%s%s", env->scratch[bad].error,
                    env->written ? "" : " (arena_reset was never called: it writes the buffers the actions are chosen "
                                        "from, \"obs\" and \"mask\"; Python: reset())");
}

static void sample_job(void *arg, int w, int workers) {
    (void)workers;
    job *j = arg;
    sim_cursor c = sim_pool_cursor(j->pool, 0, w, j->env->n);
    for (int lo, hi; sim_pool_next(&c, &lo, &hi);)
        for (int e = lo; e < hi; e++) sim_play_sample(j->env, e, &j->env->scratch[w]);
}

ARENA_API int arena_sample(arena_env *env) {
    if (!env) return sim_fail("env is NULL");
    if (!env->buf[SIM_ACTION] && env->agents) return sim_fail("arena_sample writes the \"action\" buffer: bind it first");
    job j = {env, sim_pool_for(env), 0};
    sim_pool_run(j.pool, sample_job, &j, env->n);
    return 0;
}
