/* site_users.h: the competition server's accounts domain: users (Argon2id hashes only), their
 * sessions (kept as SHA-256 of the cookie, so a copy of the store opens no session) and failed
 * logins (the throttle's memory). */
#ifndef ARENA_SITE_USERS_H
#define ARENA_SITE_USERS_H
#include "migrate.h"
#include "store.h"

extern const migrate_domain site_users_schema;

typedef struct {
    int64_t id;
    char name[64];
    char email[128];
    int64_t team_id;  /* 0: no team */
    bool organizer;
    bool disabled;
    char created[32];
} site_user;

/* Creates a user; returns the id, 0 when the name is taken (err says so), -1 on error. */
int64_t site_users_create(store_t *s, const char *name, const char *email, const char *pw_hash, bool organizer,
                          buf_t *err);
/* 1 found, 0 none, -1 error. pw_hash (may be NULL) receives the stored hash (256 bytes). */
int site_users_by_name(store_t *s, const char *name, site_user *u, char *pw_hash, size_t pw_n, buf_t *err);
int site_users_by_id(store_t *s, int64_t id, site_user *u, char *pw_hash, size_t pw_n, buf_t *err);
bool site_users_set_password(store_t *s, int64_t id, const char *pw_hash, buf_t *err);
bool site_users_set_team(store_t *s, int64_t id, int64_t team_id, buf_t *err);
/* Sets a user's organizer and disabled flags: 1 done, 0 refused because no other enabled organizer
 * would be left (checked and written in one transaction, so two organizers demoting each other at
 * once cannot both succeed), -1 error. */
int site_users_set_flags(store_t *s, int64_t id, bool organizer, bool disabled, buf_t *err);
/* How many enabled organizers exist (-1 on error): a disabled one cannot log in. */
int64_t site_users_count_organizers(store_t *s, buf_t *err);
/* Users in id order after after_id, at most max into out: how many (-1 error). */
int site_users_list(store_t *s, int64_t after_id, int max, site_user *out, buf_t *err);
/* The members of a team (at most max), in joining order: how many (-1 error). */
int site_users_of_team(store_t *s, int64_t team_id, int max, site_user *out, buf_t *err);

/* ---- sessions ---- */
/* Stores a new session (token_hash: SHA-256 hex of the cookie value). */
bool site_users_session_add(store_t *s, const char *token_hash, int64_t user_id, const char *csrf, double now,
                            buf_t *err);
/* The session's user and csrf token when it exists and was seen after min_seen (1 found, 0 no, -1 error);
 * marks it seen at now (at most once a minute). */
int site_users_session_get(store_t *s, const char *token_hash, double now, double min_seen, int64_t *user_id,
                           char csrf[72], buf_t *err);
bool site_users_session_drop(store_t *s, const char *token_hash, buf_t *err);
/* Every session of a user (a password change or reset logs out everywhere). */
bool site_users_session_drop_user(store_t *s, int64_t user_id, buf_t *err);

/* ---- the login throttle ---- */
bool site_users_failure_add(store_t *s, const char *key, double now, buf_t *err);
/* Failures of key since `since` (-1 error), and the time of the oldest of them in *oldest. */
int64_t site_users_failures(store_t *s, const char *key, double since, double *oldest, buf_t *err);
bool site_users_failures_clear(store_t *s, const char *key, buf_t *err);
#endif
