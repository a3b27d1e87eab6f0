/* workers.h: J worker processes that each play one match at a time through the referee. A
 * worker that dies is noticed (its result pipe closes) and replaced; a match that outlives the
 * whole-match limit is stopped (SIGTERM: the referee abandons it and kills its bots; SIGKILL if
 * the worker does not answer); bots orphaned by a killed worker are found and killed. */
#ifndef ARENA_WORKERS_H
#define ARENA_WORKERS_H
#include "tourney.h"
#include <stdbool.h>

typedef struct pool_s pool_t;

typedef struct {
    const tr_config *cfg;
    const tr_schedule *sched;
    const char *replays_dir; /* NULL: no replays */
    const char *stderr_dir;  /* NULL: process seats' stderr is not kept */
    const char *history_dir; /* NULL: no game records (sink_history) */
    int64_t tourney_id;      /* names the replay files */
    int jobs;                /* worker processes */
    double match_timeout_s;  /* whole-match wall-clock limit (0: none) */
} pool_opts;

typedef enum {
    POOL_DONE = 0,    /* played to its end: result filled */
    POOL_ERROR,       /* could not be set up (bad seat or option): result.error says why */
    POOL_ABORTED,     /* abandoned because the pool is stopping */
    POOL_TIMEOUT,     /* passed the whole-match limit */
    POOL_DIED         /* the worker process died (why says how) */
} pool_outcome;

typedef struct {
    int idx;             /* schedule index */
    pool_outcome outcome;
    tr_result result;    /* POOL_DONE / POOL_ERROR */
    char why[200];       /* POOL_TIMEOUT / POOL_DIED */
} pool_event;

pool_t *pool_new(const pool_opts *o);
/* Workers ready for a match (alive or not yet started). */
int pool_free_slots(const pool_t *p);
int pool_busy(const pool_t *p);
/* Hands match idx to a free worker (starting one if needed). False if none is free or fork fails. */
bool pool_submit(pool_t *p, int idx);
/* Waits at most timeout_ms for finished matches; returns how many events were written to ev. */
int pool_wait(pool_t *p, int timeout_ms, pool_event *ev, int max);
/* Asks every busy worker to abandon its match (the events come back as POOL_ABORTED). */
void pool_stop(pool_t *p);
/* Ends every worker (waiting for busy ones at most grace_ms, then SIGKILL) and frees the pool. */
void pool_free(pool_t *p, int grace_ms);
/* Worker processes started so far (replacements included). */
int pool_spawned(const pool_t *p);
#endif
