/* sim_pool.h: a fixed set of worker threads that run one function together (fork-join) over n
 * items claimed in small chunks; the calling thread is worker 0 and works too. */
#ifndef ARENA_SIM_POOL_H
#define ARENA_SIM_POOL_H
#include <stdbool.h>

typedef struct sim_pool sim_pool;
/* The work of one thread: it takes items with a cursor (sim_pool_next) until there are none. */
typedef void (*sim_pool_fn)(void *arg, int worker, int workers);

/* threads >= 2 (the caller plus threads-1 workers); NULL when a thread cannot be started. */
sim_pool *sim_pool_new(int threads);
/* Stops and joins the workers; in a child forked after sim_pool_new, only frees the memory. */
void sim_pool_free(sim_pool *p);
/* Whether p's workers run in this process: false in a child forked after sim_pool_new, which has
 * none of them (a job there runs on the calling thread alone, sim_pool_for). */
bool sim_pool_ours(const sim_pool *p);
/* Runs fn(arg, w, threads) on the calling thread (w = 0) and on each worker that wakes while the
 * job is still open, over n items (the job's passes, below); returns when the caller's fn has
 * returned and every worker that joined has too. A worker that wakes late finds the job closed
 * and skips it: the caller never waits for a thread that has not started. p NULL: fn(arg, 0, 1). */
void sim_pool_run(sim_pool *p, sim_pool_fn fn, void *arg, int n);

#define SIM_POOL_PASSES 2
/* One thread's walk over a pass (0 or 1) of the job's items: its own share first (the items
 * worker w would get in a static split, so a thread meets the same environments step after step),
 * in chunks, then the chunks the other threads have not claimed yet. */
typedef struct {
    sim_pool *p;
    int pass, share, visited, n;
    int lo, hi;   /* the chunk claimed last, done once the next call comes */
    int finished; /* items of the chunks done, counted for the pass when the walk ends */
} sim_cursor;
/* Inside fn: worker w's cursor over pass `pass` of the job's n items (p NULL: all of them). */
sim_cursor sim_pool_cursor(sim_pool *p, int pass, int worker, int n);
/* The next chunk [*lo, *hi) of the pass; false when every chunk is taken. Every item is given to
 * exactly one thread. Call it until it returns false: the thread's chunks count as done (for
 * sim_pool_wait) only then. */
bool sim_pool_next(sim_cursor *c, int *lo, int *hi);
/* Inside fn: returns once every item of the pass is done (by whichever threads took them); what
 * they wrote is then visible. p NULL: returns at once. */
void sim_pool_wait(sim_pool *p, int pass);
#endif
