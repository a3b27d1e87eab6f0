/* site_finals.h: the server's final tournament (and preliminary rounds): its stages, each a
 * tournament of the tournament engine (tourneys.h) with its seed recorded, and which team and
 * submission each entrant of a stage is. */
#ifndef ARENA_SITE_FINALS_H
#define ARENA_SITE_FINALS_H
#include "migrate.h"
#include "store.h"

extern const migrate_domain site_finals_schema;

typedef struct {
    int64_t id;
    char name[32];         /* "final", "preliminary" ... */
    int stage;             /* 1, then 2 for the top `cutoff` */
    int64_t tourney_id;
    char format[24];
    int games;             /* games per pairing */
    int cutoff;            /* 0: none */
    bool stop_separated;
    uint64_t seed;
    char state[16];        /* scheduling | running | done | blocked */
    char created[32];
    char key[17];          /* its tournament's key (tourneys_find), known before its games are scheduled */
    char note[200];        /* blocked: why its second stage cannot start */
} site_final;

typedef struct {
    int idx;               /* the entrant's index in its tournament */
    int64_t team_id;       /* 0: a reference bot */
    int64_t sub_id;
    char name[96];         /* a team's or a reference bot's name (40 bytes at most), while scheduled "NAME=SEAT" */
    char grade[48];        /* a reference bot's grade when the stage was scheduled (40 bytes at most; "" none) */
    bool grade_kept;       /* false: a team, or a stage recorded before grades were kept (its label is the
                              settings'; stored as NULL, so a second stage after it keeps not knowing) */
} site_final_entrant;

/* Records a stage and its entrants (state "scheduling" before its games are put in the queue, so a
 * kill while they are finds them at the restart by f->key): its id, 0 on failure. */
int64_t site_finals_add(store_t *s, const site_final *f, int n, const site_final_entrant *e, buf_t *err);
/* A stage being scheduled is scheduled: "running" with its tournament; done_id (0: none), the stage
 * it follows, is marked done in the same transaction, so no crash leaves a first stage done
 * without its second (final.c). False when it is no longer "scheduling". */
bool site_finals_scheduled(store_t *s, int64_t id, int64_t tourney_id, const char *key, int64_t done_id, buf_t *err);
/* Forgets a stage and its entrants (one that was never scheduled). cancel_tid (0: none), the
 * stage's tournament, has its unfinished games cancelled in the same transaction: those queued and
 * those a worker is playing, whose lease ends there, so that worker's result is refused
 * (queue_report: a result is stored only while its claim holds the lease). cancelled (may be
 * NULL): how many were. */
bool site_finals_drop(store_t *s, int64_t id, int64_t cancel_tid, int64_t *cancelled, buf_t *err);
/* note: why (NULL: none, cleared). */
bool site_finals_set_state(store_t *s, int64_t id, const char *state, const char *note, buf_t *err);
/* Stages, newest first (at most max): how many (-1 error). */
int site_finals_list(store_t *s, int max, site_final *out, buf_t *err);
int site_finals_entrants(store_t *s, int64_t id, int max, site_final_entrant *out, buf_t *err);
#endif
