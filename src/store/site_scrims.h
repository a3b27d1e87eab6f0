/* site_scrims.h: scrimmage requests: a team asks another team (or a reference bot) for N games,
 * ranked or not; the asked team accepts (by hand or automatically) or declines. The games are the
 * server's games of kind "scrimmage" whose owner is the request. */
#ifndef ARENA_SITE_SCRIMS_H
#define ARENA_SITE_SCRIMS_H
#include "migrate.h"
#include "store.h"

extern const migrate_domain site_scrims_schema;

typedef struct {
    int64_t id;
    int64_t from_team, to_team;   /* to_team 0: a reference bot */
    char reference[64];           /* the reference bot's name ("" a team) */
    int games;
    bool ranked;
    char state[16];               /* waiting | accepted | declined */
    double created;
} site_scrim;

int64_t site_scrims_add(store_t *s, const site_scrim *r, buf_t *err);
int site_scrims_get(store_t *s, int64_t id, site_scrim *r, buf_t *err);
/* Inside a transaction: locks the asking team's row (PostgreSQL; SQLite's writer is alone already),
 * so two requests of one team at once count its requests one after the other (the limits per hour
 * and per pair hold) before each is added. */
bool site_scrims_lock_team(store_t *s, int64_t team_id, buf_t *err);
/* Answers a waiting request (state "accepted" or "declined"): 1 done, 0 it waits no longer (an
 * answer came first: two answers at once, only one counts), -1 error. */
int site_scrims_answer(store_t *s, int64_t id, const char *state, buf_t *err);
/* A team's requests, sent and received, newest first (at most max): how many (-1 error). */
int site_scrims_of_team(store_t *s, int64_t team_id, int max, site_scrim *out, buf_t *err);
/* Requests a team made since `since` (seconds since 1970): -1 on error. */
int64_t site_scrims_count_since(store_t *s, int64_t team_id, double since, buf_t *err);
/* Ranked requests from one team to another still waiting, or accepted with a game not finished. */
int64_t site_scrims_outstanding(store_t *s, int64_t from_team, int64_t to_team, buf_t *err);
#endif
