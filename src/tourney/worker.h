/* worker.h: the worker loop: claims matches from the store's queue, plays them on a pool of
 * worker processes (pool.h), renews its leases (the heartbeat), and reports each attempt with
 * its claim's token. `arena worker` runs it on any machine; `arena tourney` runs it for its own
 * local workers. Bundled seats are fetched from the store and unpacked once into a local cache. */
#ifndef ARENA_WORKER_H
#define ARENA_WORKER_H
#include "../store/queue.h"
#include "pool.h"
#include <signal.h>

typedef struct worker_s worker_t;

typedef struct {
    const char *name;        /* the worker's name (NULL: host-pid) */
    const char *tags;        /* "a,b" its tags (jobs requiring another tag are not its) */
    int jobs;                /* matches at once */
    double lease_s;          /* lease of a claim (0: QUEUE_LEASE_DEFAULT_S: back within 90 s of a death) */
    double heartbeat_s;      /* lease renewal period (0: QUEUE_HEARTBEAT_S) */
    double poll_s;           /* with free slots and nothing to claim: look again after this (0: 1 s) */
    const char *owner_kind;  /* claim only this owner's jobs (NULL: any job of the store) */
    int64_t owner_id;
    bool own_outputs;        /* replays, stderr and records go to the folders below, not the spec's */
    const char *replays_dir, *stderr_dir, *history_dir;
    const char *cache_dir;   /* bundles (NULL: $XDG_CACHE_HOME/arena/bundles or ~/.cache/arena/bundles) */
    bool quiet;              /* no notes on stderr */
    /* The caller's stop flag (a signal handler sets it; NULL: none): once set, nothing more is
     * claimed, even within the step that was claiming when the signal came. */
    const volatile sig_atomic_t *stop;
    /* Each report of an attempt, with the full result (for progress and the SPRT). */
    void (*on_report)(void *ctx, const queue_claim *c, queue_outcome o, const tourney_result *r, queue_report_rc rc,
                      const char *why);
    void *ctx;
} worker_opts;

/* The folder the bundles are unpacked into: o->cache_dir, else $XDG_CACHE_HOME/arena/bundles,
 * ~/.cache/arena/bundles or /tmp/arena-bundles-UID. */
void worker_cache_dir(const worker_opts *o, char *out, size_t n);
/* Registers a worker in the store. */
worker_t *worker_new(store_t *s, const worker_opts *o, buf_t *err);
/* One round: reclaims expired leases (now and then), renews its own (when due), claims while it
 * has free slots (when claim is true), waits at most wait_ms for finished matches and reports
 * them (again later if the store is away). Returns the events handled, -1 when the store failed
 * (err says why; go on after a pause: the next step reconnects). */
int worker_step(worker_t *w, int wait_ms, bool claim, buf_t *err);
/* The last step failed because another arena has brought the store past what this one knows (read
 * again after each reconnection and before each claim): no wait mends that; the caller stops the
 * worker (worker_stop, worker_free: its matches are handed back) and exits, saying err. */
bool worker_store_newer(const worker_t *w);
/* Matches being played or waiting to be reported. */
int worker_busy(const worker_t *w);
/* The last claim found nothing to play. */
bool worker_idle(const worker_t *w);
/* Abandons the matches being played: each comes back and is reported as interrupted. */
void worker_stop(worker_t *w);
/* Ends the pool, reports what it can (a result the store still refuses is handed back as
 * interrupted instead: a smaller write it may take) and marks the worker stopped in the store.
 * Returns how many matches it could not even hand back (the store is away): they come back to the
 * queue when their leases end, or at once when a worker of this machine next looks (queue_reclaim). */
int worker_free(worker_t *w, int grace_ms);
const queue_worker *worker_identity(const worker_t *w);
#endif
