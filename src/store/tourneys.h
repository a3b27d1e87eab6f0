/* tourneys.h: the tournaments domain of the store: tournaments, their entrants and the result of
 * every finished match, committed one transaction per match. Schema in docs/tourney.md. */
#ifndef ARENA_TOURNEYS_H
#define ARENA_TOURNEYS_H
#include "queue.h"
#include <stdio.h>

/* The most entrants (players) a stored tournament has: TOURNEY_MAX_ENTRANTS is this. */
#define TOURNEYS_MAX_PLAYERS 256

extern const migrate_domain tourneys_schema;


/* A tournament to register. */
typedef struct {
    const char *key;         /* the configuration's key with the seed */
    const char *key_noseed;  /* the same without it */
    const char *game;        /* game id */
    const char *config;      /* the canonical JSON the key hashes */
    const char *format;      /* round-robin | gauntlet | random | rounds | sprt */
    uint64_t seed;
    int seats, planned;      /* seats per match, matches in the schedule */
    int nentrants;
    const char *const *names;      /* entrant names by index */
    const char *const *seat_texts; /* their seat strings */
    const char *const *fingerprints; /* travel_fingerprint of each ("" or NULL: none); may be NULL */
    const char *fill_name, *fill_seat; /* the filler (entrant -1), NULL: none */
} tourneys_new;

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
    store_result *results; /* by match index */
} store_tourney;

/* The tournament with this key, or 0. */
int64_t tourneys_find(store_t *s, const char *key);
/* The latest-run tournament with this seedless key (its seed in *seed), or 0. */
int64_t tourneys_find_seedless(store_t *s, const char *key_noseed, uint64_t *seed);
/* The tournament run last, 0 when the store holds none, -1 when the store cannot say (err, which
 * may be NULL, says why: a damaged or tampered table is not a store without tournaments). */
int64_t tourneys_latest(store_t *s, buf_t *err);
/* Whether the store holds tournament ID (false too when the store cannot say). */
bool tourneys_has(store_t *s, int64_t id);
/* Registers a tournament and its entrants; returns its id (0 on error). One of the same key registered
 * meanwhile (another scheduler of the same command, started at once) is not an error: its id. */
int64_t tourneys_create(store_t *s, const tourneys_new *t, buf_t *err);
/* Marks the tournament as run now (the one `arena standings` shows by default), with the number
 * of matches its schedule now has (an SPRT's cap may have been raised). */
bool tourneys_touch(store_t *s, int64_t id, int planned, buf_t *err);
/* Commits one finished (or failed) match with its seats, in one transaction. */
bool tourneys_add_result(store_t *s, int64_t id, const store_result *r, buf_t *err);
/* The fingerprints of the first n entrants' files as the tournament was first run, into out[]
 * (allocated; NULL: none stored); how many were. Only writers read them: a store opened read-only
 * may be older than the column (migration step 3). */
int tourneys_fingerprints(store_t *s, int64_t id, char **out, int n);
/* Records entrant idx's fingerprint (a store made before fingerprints, or none stored yet). */
bool tourneys_set_fingerprint(store_t *s, int64_t id, int idx, const char *fingerprint, buf_t *err);
bool tourneys_set_sprt(store_t *s, int64_t id, const char *decision, buf_t *err);
bool tourneys_load(store_t *s, int64_t id, store_tourney *out, buf_t *err);
/* The tournament's own row only (no entrants, no results). */
bool tourneys_head(store_t *s, int64_t id, store_tourney *out, buf_t *err);
/* The ids of the stored tournaments (at most max), in order. */
int tourneys_ids(store_t *s, int64_t *ids, int max);
void tourneys_free(store_tourney *t);
/* Prints one line per stored tournament: id, game, format, matches stored / planned, last run. */
void tourneys_list(store_t *s, FILE *out);
#endif
