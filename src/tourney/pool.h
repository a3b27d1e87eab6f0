/* pool.h: J worker processes that each play one match at a time through the referee. A
 * worker that dies is noticed (its result pipe closes) and replaced; a match that outlives the
 * whole-match limit is stopped (SIGTERM: the referee abandons it and kills its bots; SIGKILL if
 * the worker does not answer); bots orphaned by a killed worker are found and killed. */
#ifndef ARENA_POOL_H
#define ARENA_POOL_H
#include "tourney.h"
#include <stdbool.h>

typedef struct pool_s pool_t;


typedef enum {
    POOL_DONE = 0,    /* played to its end: result filled */
    POOL_ERROR,       /* could not be set up (bad seat or option), or the game could not be made or
                         go on (out of memory: rules.failed): result.error says why */
    POOL_ABORTED,     /* abandoned because the pool is stopping, or the match was cancelled */
    POOL_TIMEOUT,     /* passed the whole-match limit */
    POOL_DIED         /* the worker process died (why says how) */
} pool_outcome;

typedef struct {
    int key;             /* the submitter's number for the match */
    pool_outcome outcome;
    tourney_result result; /* POOL_DONE / POOL_ERROR */
    char why[200];       /* POOL_TIMEOUT / POOL_DIED */
} pool_event;

pool_t *pool_new(int jobs);
/* A match stopped for its whole-match limit (SIGTERM) is killed (SIGKILL) grace_ms later if its
 * worker has not answered (default 2000; tests shorten it to see past it quickly). */
void pool_set_term_grace(pool_t *p, int grace_ms);
/* Workers ready for a match (alive or not yet started). */
int pool_free_slots(const pool_t *p);
int pool_busy(const pool_t *p);
/* Hands a match (its spec, jobspec.h) to a free worker (starting one if needed), under a
 * whole-match limit (0: none). False if none is free or fork fails. */
bool pool_submit(pool_t *p, int key, const char *spec, double timeout_s);
/* Waits at most timeout_ms for finished matches; returns how many events were written to ev. */
int pool_wait(pool_t *p, int timeout_ms, pool_event *ev, int max);
/* Asks every busy worker to abandon its match (the events come back as POOL_ABORTED). */
void pool_stop(pool_t *p);
/* Asks the worker playing match key to abandon it (SIGTERM, SIGKILL after the grace if it does
 * not answer), the pool going on: its event comes back as POOL_ABORTED (POOL_DONE or POOL_ERROR
 * when the match had ended already). False when no worker plays key. */
bool pool_cancel(pool_t *p, int key);
/* Ends every worker (waiting for busy ones at most grace_ms, then SIGKILL) and frees the pool. */
void pool_free(pool_t *p, int grace_ms);
/* Worker processes started so far (replacements included). */
int pool_spawned(const pool_t *p);
#endif
