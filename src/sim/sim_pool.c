/* sim_pool.c: the worker threads of a batched step. Jobs are announced through a generation
 * counter; a waiting thread spins a little (the next step usually follows at once) and then sleeps
 * on a condition variable, so idle environments cost no CPU on a shared machine. */
#include "sim_pool.h"
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>

#define SPINS 4000 /* polls before sleeping (a few tens of microseconds) */

struct sim_pool {
    int threads;
    pthread_t *tid;
    pthread_mutex_t lock;
    pthread_cond_t wake, done_cond, barrier_cond;
    atomic_uint gen;        /* bumped once per job */
    atomic_int done;        /* workers (not the caller) that finished the current job */
    atomic_bool quit;
    sim_pool_fn fn;
    void *arg;
    /* the barrier: a sense-reversing counter */
    atomic_int arrived;
    atomic_uint sense;
};

typedef struct {
    sim_pool *p;
    int worker;
} worker_arg;

static inline void cpu_relax(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

static void *worker_main(void *v) {
    worker_arg *wa = v;
    sim_pool *p = wa->p;
    int me = wa->worker;
    free(wa);
    unsigned seen = 0;
    for (;;) {
        int spins = 0;
        while (atomic_load_explicit(&p->gen, memory_order_acquire) == seen && !atomic_load(&p->quit)) {
            if (++spins < SPINS) {
                cpu_relax();
                continue;
            }
            pthread_mutex_lock(&p->lock);
            while (atomic_load(&p->gen) == seen && !atomic_load(&p->quit)) pthread_cond_wait(&p->wake, &p->lock);
            pthread_mutex_unlock(&p->lock);
        }
        if (atomic_load(&p->quit)) return NULL;
        seen = atomic_load(&p->gen);
        p->fn(p->arg, me, p->threads);
        if (atomic_fetch_add_explicit(&p->done, 1, memory_order_acq_rel) + 1 == p->threads - 1) {
            pthread_mutex_lock(&p->lock);
            pthread_cond_signal(&p->done_cond);
            pthread_mutex_unlock(&p->lock);
        }
    }
}

sim_pool *sim_pool_new(int threads) {
    sim_pool *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    p->threads = threads;
    p->tid = calloc((size_t)threads, sizeof *p->tid);
    if (!p->tid) {
        free(p);
        return NULL;
    }
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->wake, NULL);
    pthread_cond_init(&p->done_cond, NULL);
    pthread_cond_init(&p->barrier_cond, NULL);
    for (int w = 1; w < threads; w++) {
        worker_arg *wa = malloc(sizeof *wa);
        if (!wa) {
            p->threads = w;
            sim_pool_free(p);
            return NULL;
        }
        wa->p = p;
        wa->worker = w;
        if (pthread_create(&p->tid[w], NULL, worker_main, wa) != 0) {
            free(wa);
            p->threads = w; /* free joins the ones started */
            sim_pool_free(p);
            return NULL;
        }
    }
    return p;
}

void sim_pool_free(sim_pool *p) {
    if (!p) return;
    pthread_mutex_lock(&p->lock);
    atomic_store(&p->quit, true);
    pthread_cond_broadcast(&p->wake);
    pthread_mutex_unlock(&p->lock);
    for (int w = 1; w < p->threads; w++) pthread_join(p->tid[w], NULL);
    pthread_mutex_destroy(&p->lock);
    pthread_cond_destroy(&p->wake);
    pthread_cond_destroy(&p->done_cond);
    pthread_cond_destroy(&p->barrier_cond);
    free(p->tid);
    free(p);
}

void sim_pool_run(sim_pool *p, sim_pool_fn fn, void *arg) {
    if (!p) {
        fn(arg, 0, 1);
        return;
    }
    p->fn = fn;
    p->arg = arg;
    atomic_store(&p->done, 0);
    pthread_mutex_lock(&p->lock);
    atomic_fetch_add_explicit(&p->gen, 1, memory_order_release);
    pthread_cond_broadcast(&p->wake);
    pthread_mutex_unlock(&p->lock);
    fn(arg, 0, p->threads);
    int spins = 0;
    while (atomic_load_explicit(&p->done, memory_order_acquire) < p->threads - 1) {
        if (++spins < SPINS) {
            cpu_relax();
            continue;
        }
        pthread_mutex_lock(&p->lock);
        while (atomic_load(&p->done) < p->threads - 1) pthread_cond_wait(&p->done_cond, &p->lock);
        pthread_mutex_unlock(&p->lock);
    }
}

void sim_pool_barrier(sim_pool *p) {
    if (!p) return;
    unsigned sense = atomic_load(&p->sense);
    if (atomic_fetch_add(&p->arrived, 1) + 1 == p->threads) {
        atomic_store(&p->arrived, 0);
        pthread_mutex_lock(&p->lock);
        atomic_store(&p->sense, sense + 1);
        pthread_cond_broadcast(&p->barrier_cond);
        pthread_mutex_unlock(&p->lock);
        return;
    }
    /* spin a little (the others are usually a moment behind), then sleep: on a loaded machine the
     * last thread may not run for a while, and yielding in a loop would burn the core */
    for (int spins = 0; spins < SPINS; spins++) {
        if (atomic_load(&p->sense) != sense) return;
        cpu_relax();
    }
    pthread_mutex_lock(&p->lock);
    while (atomic_load(&p->sense) == sense) pthread_cond_wait(&p->barrier_cond, &p->lock);
    pthread_mutex_unlock(&p->lock);
}

void sim_pool_range(int n, int worker, int workers, int *lo, int *hi) {
    int base = n / workers, extra = n % workers;
    *lo = worker * base + (worker < extra ? worker : extra);
    *hi = *lo + base + (worker < extra ? 1 : 0);
}
