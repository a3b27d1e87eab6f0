/* sim_pool.h: a fixed set of worker threads that run one function together (fork-join), with a
 * barrier inside it; the calling thread is worker 0. */
#ifndef ARENA_SIM_POOL_H
#define ARENA_SIM_POOL_H

typedef struct sim_pool sim_pool;
/* The work: worker w of `workers` does its share (sim_pool_range splits n items). */
typedef void (*sim_pool_fn)(void *arg, int worker, int workers);

/* threads >= 2 (the caller plus threads-1 workers); NULL when a thread cannot be started. */
sim_pool *sim_pool_new(int threads);
void sim_pool_free(sim_pool *p);
/* Runs fn on every worker and returns when all have finished. p may be NULL: fn(arg, 0, 1). */
void sim_pool_run(sim_pool *p, sim_pool_fn fn, void *arg);
/* Inside fn: waits until every worker has reached it (p NULL: returns at once). */
void sim_pool_barrier(sim_pool *p);
/* The items [*lo, *hi) of worker w: contiguous shares that differ by at most one. */
void sim_pool_range(int n, int worker, int workers, int *lo, int *hi);
#endif
