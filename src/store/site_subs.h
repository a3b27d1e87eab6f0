/* site_subs.h: the competition server's submissions: every upload of a team, kept by the SHA-256
 * of its archive and numbered 1, 2 ... within the team; its kind (how it runs), its state
 * (checking -> building -> validating -> ready | failed), its build log, its bundle (what workers
 * run) and its validation game. */
#ifndef ARENA_SITE_SUBS_H
#define ARENA_SITE_SUBS_H
#include "migrate.h"
#include "store.h"

extern const migrate_domain site_subs_schema;

typedef struct {
    int64_t id;
    int64_t team_id;
    int version;
    char filename[128];
    int64_t size;
    char sha[65];        /* of the archive as uploaded */
    char created[32];
    double created_at;   /* seconds since 1970, the server's clock at upload */
    char kind[16];       /* agent | python | program | manifest | builtin */
    char state[16];      /* checking | building | validating | ready | failed */
    char detail[512];    /* why it failed, or what it waits for */
    char seat[600];      /* the seat string (path words are the server's own copy) */
    char path[400];      /* the word of seat that names the bundled file or folder ("" builtin) */
    char inner[200];     /* that file or folder inside the bundle */
    char bundle[65];     /* SHA-256 of the bundle workers run ("" builtin) */
    int64_t validation_game;
    bool disabled;
} site_sub;

/* Adds a submission (its version is the team's next): the id (0 on error). */
int64_t site_subs_add(store_t *s, site_sub *sub, buf_t *err);
int site_subs_get(store_t *s, int64_t id, site_sub *sub, buf_t *err);
/* A team's submissions, newest first (at most max): how many (-1 error). */
int site_subs_of_team(store_t *s, int64_t team_id, int max, site_sub *out, buf_t *err);
/* Submissions in a state, oldest first (at most max): how many (-1 error). */
int site_subs_in_state(store_t *s, const char *state, int max, site_sub *out, buf_t *err);
bool site_subs_set_state(store_t *s, int64_t id, const char *state, const char *detail, buf_t *err);
bool site_subs_set_built(store_t *s, int64_t id, const char *seat, const char *path, const char *inner,
                         const char *bundle, buf_t *err);
bool site_subs_set_validation(store_t *s, int64_t id, int64_t game_id, buf_t *err);
bool site_subs_set_disabled(store_t *s, int64_t id, bool on, buf_t *err);
/* The build's output (bounded by the caller). */
bool site_subs_set_log(store_t *s, int64_t id, const char *log, buf_t *err);
bool site_subs_log(store_t *s, int64_t id, buf_t *out, buf_t *err);
/* The active submissions of teams that are not disabled (ready, not disabled), by team id, at
 * most max: how many (-1 error), in *out, an array the caller frees (NULL when there are none). */
int site_subs_active(store_t *s, int max, site_sub **out, buf_t *err);
/* How many active submissions site_subs_active would give, and the sum of their ids: cheap, one
 * row; a change says the set changed (a new one active, one disabled), so the ladder's table lists
 * a new active submission at once rather than at its next game or its minute. */
bool site_subs_active_mark(store_t *s, int64_t *count, int64_t *sum, buf_t *err);
#endif
