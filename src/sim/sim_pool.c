/* sim_pool.c: the worker threads of a batched call. A job is announced through a generation
 * counter; a waiting thread spins a little (the next step usually follows at once) and then sleeps
 * on a condition variable, so idle environments cost no CPU on a shared machine. The items are
 * claimed in chunks, each thread its own share first, then whatever the others have not taken:
 * on a shared machine a thread may not run for a while, and then the others do its part instead
 * of waiting for it (with fixed shares, the slowest thread set every step's time). */
#include "sim_pool.h"
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SPINS 4000 /* polls before sleeping (a few tens of microseconds) */
#define LINE 64
/* Items per chunk: a sixteenth of a thread's share, at most 32 environments (tens of microseconds
 * of work for the lightest games, against a few nanoseconds for a claim on the thread's own
 * counter), so that the thread finishing last waits at most a small part of a step. */
#define CHUNK_PER_SHARE 16
#define CHUNK_MAX 32

/* The job word: the job's generation in the high 32 bits, JOB_OPEN while workers may join it, and
 * in the low bits the workers inside fn. One word, so that joining (a compare-and-swap that needs
 * JOB_OPEN) and closing (clearing it, then waiting for the count to fall to 0) cannot cross. */
#define JOB_OPEN (1ull << 16)
#define JOB_BUSY 0xffffull
#define JOB_GEN(w) ((uint32_t)((w) >> 32))

typedef struct {
    _Alignas(LINE) atomic_int next; /* the share's next unclaimed item (its owner's line) */
    int end;                        /* the share's end */
} pool_share;

typedef struct {
    pool_share *share;              /* one per thread */
    _Alignas(LINE) atomic_int done; /* items finished */
} pool_pass;

struct sim_pool {
    int threads;
    pid_t pid; /* the process whose threads these are (a fork's child has none of them) */
    int n, chunk; /* the current job's items and chunk size */
    pthread_t *tid;
    pthread_mutex_t lock;
    pthread_cond_t wake, idle, passed;
    sim_pool_fn fn;
    void *arg;
    pool_pass pass[SIM_POOL_PASSES];
    pool_share *shares; /* the passes' shares, one block */
    _Alignas(LINE) _Atomic uint64_t job;
    atomic_bool quit;
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

/* Joins the job of word w if it is still open; false when it closed (or a newer one opened and
 * closed) meanwhile. *w: the word of the job joined or skipped. */
static bool join(sim_pool *p, uint64_t *w) {
    while (*w & JOB_OPEN)
        if (atomic_compare_exchange_weak_explicit(&p->job, w, *w + 1, memory_order_acquire, memory_order_acquire))
            return true;
    return false;
}

static void *worker_main(void *v) {
    worker_arg *wa = v;
    sim_pool *p = wa->p;
    int me = wa->worker;
    free(wa);
    uint32_t seen = 0;
    for (;;) {
        uint64_t w;
        int spins = 0;
        while (JOB_GEN(w = atomic_load_explicit(&p->job, memory_order_acquire)) == seen && !atomic_load(&p->quit)) {
            if (++spins < SPINS) {
                cpu_relax();
                continue;
            }
            pthread_mutex_lock(&p->lock);
            while (JOB_GEN(atomic_load(&p->job)) == seen && !atomic_load(&p->quit)) pthread_cond_wait(&p->wake, &p->lock);
            pthread_mutex_unlock(&p->lock);
        }
        if (atomic_load(&p->quit)) return NULL;
        bool joined = join(p, &w);
        seen = JOB_GEN(w);
        if (!joined) continue; /* woke too late: the others did the work */
        p->fn(p->arg, me, p->threads);
        uint64_t left = atomic_fetch_sub_explicit(&p->job, 1, memory_order_acq_rel) - 1;
        if (!(left & JOB_OPEN) && !(left & JOB_BUSY)) { /* the caller may be asleep waiting for the last one */
            pthread_mutex_lock(&p->lock);
            pthread_cond_signal(&p->idle);
            pthread_mutex_unlock(&p->lock);
        }
    }
}

sim_pool *sim_pool_new(int threads) {
    sim_pool *p = aligned_alloc(LINE, (sizeof *p + LINE - 1) / LINE * LINE);
    if (!p) return NULL;
    memset(p, 0, sizeof *p);
    p->threads = threads;
    p->pid = getpid();
    p->tid = calloc((size_t)threads, sizeof *p->tid);
    p->shares = aligned_alloc(LINE, sizeof *p->shares * SIM_POOL_PASSES * (size_t)threads);
    if (!p->tid || !p->shares) {
        free(p->tid);
        free(p->shares);
        free(p);
        return NULL;
    }
    memset(p->shares, 0, sizeof *p->shares * SIM_POOL_PASSES * (size_t)threads);
    for (int k = 0; k < SIM_POOL_PASSES; k++) p->pass[k].share = p->shares + (size_t)k * (size_t)threads;
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->wake, NULL);
    pthread_cond_init(&p->idle, NULL);
    pthread_cond_init(&p->passed, NULL);
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

bool sim_pool_ours(const sim_pool *p) { return p && p->pid == getpid(); }

void sim_pool_free(sim_pool *p) {
    if (!p) return;
    if (!sim_pool_ours(p)) {
        /* in a fork's child: the workers live in the parent only, and joining them waited forever
         * (their thread ids never end here); the lock was copied in whatever state it was in */
        free(p->tid);
        free(p->shares);
        free(p);
        return;
    }
    pthread_mutex_lock(&p->lock);
    atomic_store(&p->quit, true);
    pthread_cond_broadcast(&p->wake);
    pthread_mutex_unlock(&p->lock);
    for (int w = 1; w < p->threads; w++) pthread_join(p->tid[w], NULL);
    pthread_mutex_destroy(&p->lock);
    pthread_cond_destroy(&p->wake);
    pthread_cond_destroy(&p->idle);
    pthread_cond_destroy(&p->passed);
    free(p->tid);
    free(p->shares);
    free(p);
}

void sim_pool_run(sim_pool *p, sim_pool_fn fn, void *arg, int n) {
    if (!p) {
        fn(arg, 0, 1);
        return;
    }
    /* no worker is inside a job now (the last run waited for them), so the job's fields are ours */
    p->fn = fn;
    p->arg = arg;
    p->n = n;
    int chunk = n / (p->threads * CHUNK_PER_SHARE);
    p->chunk = chunk < 1 ? 1 : chunk > CHUNK_MAX ? CHUNK_MAX : chunk;
    int base = n / p->threads, extra = n % p->threads;
    for (int k = 0; k < SIM_POOL_PASSES; k++) {
        atomic_store_explicit(&p->pass[k].done, 0, memory_order_relaxed);
        for (int w = 0, lo = 0; w < p->threads; w++) { /* the static split: shares differ by one at most */
            int hi = lo + base + (w < extra ? 1 : 0);
            atomic_store_explicit(&p->pass[k].share[w].next, lo, memory_order_relaxed);
            p->pass[k].share[w].end = hi;
            lo = hi;
        }
    }
    uint64_t w = atomic_load_explicit(&p->job, memory_order_relaxed); /* closed, nobody inside */
    pthread_mutex_lock(&p->lock);
    atomic_store_explicit(&p->job, (uint64_t)(JOB_GEN(w) + 1) << 32 | JOB_OPEN, memory_order_release);
    pthread_cond_broadcast(&p->wake);
    pthread_mutex_unlock(&p->lock);
    fn(arg, 0, p->threads);
    /* every item is done once the caller's fn returns (its cursors found nothing left and the
     * passes it waited for were complete); close the job and wait for the workers still inside */
    uint64_t left = atomic_fetch_and_explicit(&p->job, ~JOB_OPEN, memory_order_acq_rel) & ~JOB_OPEN;
    if (!(left & JOB_BUSY)) return;
    for (int spins = 0; spins < SPINS; spins++) {
        if (!(atomic_load_explicit(&p->job, memory_order_acquire) & JOB_BUSY)) return;
        cpu_relax();
    }
    pthread_mutex_lock(&p->lock);
    while (atomic_load_explicit(&p->job, memory_order_acquire) & JOB_BUSY) pthread_cond_wait(&p->idle, &p->lock);
    pthread_mutex_unlock(&p->lock);
}

sim_cursor sim_pool_cursor(sim_pool *p, int pass, int worker, int n) {
    return (sim_cursor){.p = p, .pass = pass, .share = worker, .visited = 0, .n = n, .lo = 0, .hi = 0, .finished = 0};
}

/* Counts k items of the pass done; the last ones wake the threads waiting for the pass. */
static void credit(sim_pool *p, pool_pass *ps, int k) {
    if (atomic_fetch_add_explicit(&ps->done, k, memory_order_acq_rel) + k != p->n) return;
    pthread_mutex_lock(&p->lock);
    pthread_cond_broadcast(&p->passed);
    pthread_mutex_unlock(&p->lock);
}

bool sim_pool_next(sim_cursor *c, int *lo, int *hi) {
    sim_pool *p = c->p;
    if (!p) { /* one thread: everything at once */
        if (c->visited++) return false;
        *lo = 0;
        *hi = c->n;
        return c->n > 0;
    }
    pool_pass *ps = &p->pass[c->pass];
    c->finished += c->hi - c->lo;
    c->lo = c->hi = 0;
    while (c->visited < p->threads) {
        pool_share *s = &ps->share[c->share];
        /* a look before the claim: a thread that ran out does not write the others' lines for
         * nothing (an add past the end is harmless: at most one a thread, so no overflow) */
        if (atomic_load_explicit(&s->next, memory_order_relaxed) < s->end) {
            int at = atomic_fetch_add_explicit(&s->next, p->chunk, memory_order_relaxed);
            if (at < s->end) {
                *lo = c->lo = at;
                *hi = c->hi = s->end - at > p->chunk ? at + p->chunk : s->end;
                return true;
            }
        }
        c->share = c->share + 1 == p->threads ? 0 : c->share + 1;
        c->visited++;
    }
    /* the thread's chunks are counted done once, at its end: one write of the shared counter a
     * pass, not one a chunk */
    if (c->finished) credit(p, ps, c->finished);
    c->finished = 0;
    return false;
}

void sim_pool_wait(sim_pool *p, int pass) {
    if (!p) return;
    pool_pass *ps = &p->pass[pass];
    for (int spins = 0; spins < SPINS; spins++) {
        if (atomic_load_explicit(&ps->done, memory_order_acquire) == p->n) return;
        cpu_relax();
    }
    pthread_mutex_lock(&p->lock);
    while (atomic_load_explicit(&ps->done, memory_order_acquire) != p->n) pthread_cond_wait(&p->passed, &p->lock);
    pthread_mutex_unlock(&p->lock);
}
