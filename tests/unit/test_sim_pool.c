/* test_sim_pool.c: the simulator's worker threads (src/sim/sim_pool.c): every item of a pass is
 * given to exactly one thread for any item count (chunk and share edges included), a pass waited
 * for is complete and visible, and jobs follow each other whether the workers spin or sleep. */
#include "../../src/sim/sim_pool.h"
#include "t.h"
#include <sched.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <time.h>

#define MAX_ITEMS 5000

typedef struct {
    sim_pool *p;
    int n;
    atomic_int count[SIM_POOL_PASSES][MAX_ITEMS];
    atomic_int incomplete; /* threads that found pass 0 unfinished after waiting for it */
    atomic_int workers_seen; /* workers that entered the job */
    bool wait_for_worker;    /* the caller starts only once a worker has joined */
} pool_job;

static void job_fn(void *arg, int w, int workers) {
    pool_job *j = arg;
    if (w < 0 || w >= workers) atomic_fetch_add(&j->incomplete, 1000);
    if (w > 0) atomic_fetch_add(&j->workers_seen, 1);
    if (w == 0 && j->wait_for_worker)
        while (atomic_load(&j->workers_seen) == 0) sched_yield();
    sim_cursor c = sim_pool_cursor(j->p, 0, w, j->n);
    for (int lo, hi; sim_pool_next(&c, &lo, &hi);) {
        if (lo < 0 || hi > j->n || lo >= hi) atomic_fetch_add(&j->incomplete, 1000);
        for (int i = lo; i < hi && i >= 0 && i < j->n; i++) atomic_fetch_add_explicit(&j->count[0][i], 1, memory_order_relaxed);
    }
    sim_pool_wait(j->p, 0);
    /* every item of pass 0 is done and its writes are visible here, whoever did it */
    for (int i = 0; i < j->n; i++)
        if (atomic_load_explicit(&j->count[0][i], memory_order_relaxed) != 1) {
            atomic_fetch_add(&j->incomplete, 1);
            break;
        }
    c = sim_pool_cursor(j->p, 1, w, j->n);
    for (int lo, hi; sim_pool_next(&c, &lo, &hi);)
        for (int i = lo; i < hi && i >= 0 && i < j->n; i++) atomic_fetch_add_explicit(&j->count[1][i], 1, memory_order_relaxed);
}

/* Runs one job of n items on p and checks that each item of both passes was taken once. */
static bool run_once(sim_pool *p, pool_job *j, int n) {
    j->p = p;
    j->n = n;
    for (int k = 0; k < SIM_POOL_PASSES; k++)
        for (int i = 0; i < MAX_ITEMS; i++) atomic_store(&j->count[k][i], 0);
    atomic_store(&j->incomplete, 0);
    sim_pool_run(p, job_fn, j, n);
    bool ok = atomic_load(&j->incomplete) == 0;
    for (int k = 0; k < SIM_POOL_PASSES; k++)
        for (int i = 0; i < n; i++)
            if (atomic_load(&j->count[k][i]) != 1) {
                printf("# n=%d: item %d of pass %d taken %d times\n", n, i, k, atomic_load(&j->count[k][i]));
                return false;
            }
    if (!ok) printf("# n=%d: a thread saw pass 0 unfinished after sim_pool_wait, or a bad chunk\n", n);
    return ok;
}

TEST(sim_pool_gives_every_item_once) {
    static pool_job j;
    const int sizes[] = {0, 1, 2, 3, 5, 31, 32, 33, 63, 64, 65, 127, 128, 129, 150, 255, 1000, 1023, 4097, MAX_ITEMS};
    for (int threads = 2; threads <= 4; threads++) {
        sim_pool *p = sim_pool_new(threads);
        CHECK(p != NULL);
        if (!p) return;
        for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++)
            for (int rep = 0; rep < 20; rep++) {
                if (!run_once(p, &j, sizes[s])) {
                    printf("# %d threads, %d items, run %d\n", threads, sizes[s], rep);
                    CHECK(0);
                    sim_pool_free(p);
                    return;
                }
                if (rep % 5 == 4) { /* let the workers fall asleep: the next job must wake them */
                    struct timespec ts = {0, 2000000};
                    nanosleep(&ts, NULL);
                }
            }
        sim_pool_free(p);
    }
}

/* A sleeping worker wakes for a job and joins it while it is open: the caller holds each job
 * open until a worker is inside, and every job still ends with each item taken once. */
TEST(sim_pool_workers_wake_and_join) {
    static pool_job j;
    for (int threads = 2; threads <= 3; threads++) {
        sim_pool *p = sim_pool_new(threads);
        CHECK(p != NULL);
        if (!p) return;
        j.wait_for_worker = true;
        for (int rep = 0; rep < 6; rep++) {
            struct timespec ts = {0, 2000000}; /* long past the workers' spinning: they sleep */
            nanosleep(&ts, NULL);
            atomic_store(&j.workers_seen, 0);
            CHECK(run_once(p, &j, rep % 2 ? 1000 : 3));
            CHECK(atomic_load(&j.workers_seen) >= 1);
        }
        j.wait_for_worker = false;
        sim_pool_free(p);
    }
}

/* Without a pool (one thread) a cursor gives every item in one chunk, and waiting returns at once. */
TEST(sim_pool_single_thread_cursor) {
    int lo = -1, hi = -1;
    sim_cursor c = sim_pool_cursor(NULL, 0, 0, 7);
    CHECK(sim_pool_next(&c, &lo, &hi));
    CHECK_EQ_INT(lo, 0);
    CHECK_EQ_INT(hi, 7);
    CHECK(!sim_pool_next(&c, &lo, &hi));
    sim_pool_wait(NULL, 0);
    c = sim_pool_cursor(NULL, 1, 0, 0);
    CHECK(!sim_pool_next(&c, &lo, &hi));
    static pool_job j;
    CHECK(run_once(NULL, &j, 129));
}

int main(void) {
    RUN(sim_pool_gives_every_item_once);
    RUN(sim_pool_workers_wake_and_join);
    RUN(sim_pool_single_thread_cursor);
    return T_DONE();
}
