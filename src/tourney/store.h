/* store.h: the tournament store: one SQLite file (WAL mode) holding tournaments, their entrants
 * and every finished match, committed one transaction per match as it finishes. Schema in
 * docs/tourney.md. */
#ifndef ARENA_STORE_H
#define ARENA_STORE_H
#include "tourney.h"
#include <stdbool.h>
#include <stdint.h>

#define STORE_SCHEMA_VERSION 1

typedef struct store_s store_t;

/* Opens (create: creating if absent) the store and its schema. */
store_t *store_open(const char *path, bool create, buf_t *err);
void store_close(store_t *s);

/* The tournament with this key (tr_config_key with the seed), or 0. */
int64_t store_find(store_t *s, const char *key);
/* The latest-run tournament with this seedless key (its seed in *seed), or 0. */
int64_t store_find_seedless(store_t *s, const char *key_noseed, uint64_t *seed);
/* The tournament run last, or 0 when the store is empty. */
int64_t store_latest(store_t *s);
/* Registers a tournament and its entrants; returns its id (0 on error). */
int64_t store_create(store_t *s, const tr_config *c, const char *key, const char *key_noseed, int planned,
                     int seats, buf_t *err);
/* Marks the tournament as run now (the one `arena standings` shows by default), with the number
 * of matches its schedule now has (an SPRT's cap may have been raised). */
bool store_touch(store_t *s, int64_t id, int planned, buf_t *err);
/* Commits one finished (or failed) match with its seats, in one transaction. */
bool store_add_result(store_t *s, int64_t id, const tr_result *r, buf_t *err);
bool store_set_sprt(store_t *s, int64_t id, const char *decision, buf_t *err);

/* A tournament as stored. */
typedef struct {
    int64_t id;
    char *key, *game, *config, *format, *created, *last_run, *sprt_result;
    uint64_t seed;
    int seats, planned;
    int nplayers;
    char **names;  /* entrant names by index */
    char **specs;  /* their seat strings */
    int nresults;
    tr_result *results; /* by match index */
} store_tourney;

bool store_load(store_t *s, int64_t id, store_tourney *out, buf_t *err);
void store_tourney_free(store_tourney *t);
/* Prints one line per stored tournament: id, game, format, matches stored / planned, last run. */
void store_list(store_t *s, FILE *out);
/* PRAGMA integrity_check: true when "ok". */
bool store_integrity_ok(store_t *s, buf_t *why);
#endif
