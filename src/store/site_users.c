/* site_users.c: the accounts domain (see site_users.h): its schema steps and every statement. */
#include "site_users.h"
#include <stdio.h>
#include <string.h>

static const migrate_step site_users_steps[] = {
    {1, "CREATE TABLE site_users("
        " id {id},"
        " name TEXT NOT NULL,"
        " name_key TEXT NOT NULL UNIQUE,"
        " email TEXT NOT NULL,"
        " pw_hash TEXT NOT NULL,"
        " organizer BIGINT NOT NULL DEFAULT 0,"
        " team_id BIGINT,"
        " disabled BIGINT NOT NULL DEFAULT 0,"
        " created TEXT NOT NULL,"
        " team_joined DOUBLE PRECISION NOT NULL DEFAULT 0);"
        "CREATE INDEX site_users_by_team ON site_users(team_id);"
        "CREATE TABLE site_sessions("
        " token_hash TEXT PRIMARY KEY,"
        " user_id BIGINT NOT NULL,"
        " csrf TEXT NOT NULL,"
        " created DOUBLE PRECISION NOT NULL,"
        " seen DOUBLE PRECISION NOT NULL);"
        "CREATE INDEX site_sessions_by_user ON site_sessions(user_id);"
        "CREATE TABLE site_login_failures("
        " key TEXT NOT NULL,"
        " at DOUBLE PRECISION NOT NULL);"
        "CREATE INDEX site_login_failures_by_key ON site_login_failures(key, at)"},
};
const migrate_domain site_users_schema = {"site_users", site_users_steps,
                                          sizeof site_users_steps / sizeof site_users_steps[0]};

/* Names are unique without regard to ASCII case ("Alice" and "alice" are one user). */
static void site_users_key(const char *name, char out[64]) {
    size_t i = 0;
    for (; name[i] && i < 63; i++) out[i] = (char)(name[i] >= 'A' && name[i] <= 'Z' ? name[i] + 32 : name[i]);
    out[i] = 0;
}

int64_t site_users_create(store_t *s, const char *name, const char *email, const char *pw_hash, bool organizer,
                          buf_t *err) {
    char key[64], now[32];
    site_users_key(name, key);
    db_now_utc(now);
    int64_t id = 0;
    int rc = db_get_int64(store_db(s), err, &id,
                          "INSERT INTO site_users(name, name_key, email, pw_hash, organizer, created) VALUES(?,?,?,?,?,?) "
                          "ON CONFLICT(name_key) DO NOTHING RETURNING id",
                          "ttttnt", name, key, email, pw_hash, organizer ? 1 : 0, now);
    if (rc < 0) return -1;
    if (rc == 0) {
        buf_printf(err, "the name '%s' is taken", name);
        return 0;
    }
    return id;
}

#define SITE_USERS_COLS "id, name, email, COALESCE(team_id, 0), organizer, disabled, created, pw_hash"

static void site_users_row(db_stmt *st, site_user *u, char *pw_hash, size_t pw_n) {
    memset(u, 0, sizeof *u);
    u->id = db_column_int64(st, 0);
    snprintf(u->name, sizeof u->name, "%s", db_column_text(st, 1));
    snprintf(u->email, sizeof u->email, "%s", db_column_text(st, 2));
    u->team_id = db_column_int64(st, 3);
    u->organizer = db_column_int64(st, 4) != 0;
    u->disabled = db_column_int64(st, 5) != 0;
    snprintf(u->created, sizeof u->created, "%s", db_column_text(st, 6));
    if (pw_hash) snprintf(pw_hash, pw_n, "%s", db_column_text(st, 7));
}

static int site_users_one(db_stmt *st, site_user *u, char *pw_hash, size_t pw_n, buf_t *err) {
    if (!st) return -1;
    int rc = db_step(st, err);
    if (rc == DB_ROW) site_users_row(st, u, pw_hash, pw_n);
    db_finalize(st);
    return rc == DB_ROW ? 1 : rc == DB_DONE ? 0 : -1;
}

int site_users_by_name(store_t *s, const char *name, site_user *u, char *pw_hash, size_t pw_n, buf_t *err) {
    char key[64];
    site_users_key(name, key);
    return site_users_one(db_query(store_db(s), err, "SELECT " SITE_USERS_COLS " FROM site_users WHERE name_key = ?", "t", key),
                          u, pw_hash, pw_n, err);
}

int site_users_by_id(store_t *s, int64_t id, site_user *u, char *pw_hash, size_t pw_n, buf_t *err) {
    return site_users_one(db_query(store_db(s), err, "SELECT " SITE_USERS_COLS " FROM site_users WHERE id = ?", "i", id),
                          u, pw_hash, pw_n, err);
}

bool site_users_set_password(store_t *s, int64_t id, const char *pw_hash, buf_t *err) {
    return db_do(store_db(s), err, NULL, "UPDATE site_users SET pw_hash = ? WHERE id = ?", "ti", pw_hash, id);
}

bool site_users_set_team(store_t *s, int64_t id, int64_t team_id, buf_t *err) {
    if (team_id == 0)
        return db_do(store_db(s), err, NULL, "UPDATE site_users SET team_id = NULL WHERE id = ?", "i", id);
    return db_do(store_db(s), err, NULL, "UPDATE site_users SET team_id = ?, team_joined = {now} WHERE id = ?", "ii",
                 team_id, id);
}

int site_users_set_flags(store_t *s, int64_t id, bool organizer, bool disabled, buf_t *err) {
    db_t *db = store_db(s);
    if (organizer && !disabled)
        return db_do(db, err, NULL, "UPDATE site_users SET organizer = 1, disabled = 0 WHERE id = ?", "i", id) ? 1 : -1;
    if (!db_begin(db, err)) return -1;
    /* Every enabled organizer's row locked first, the target's too (PostgreSQL; SQLite's writer is
     * alone already): two organizers demoting each other at once would otherwise each see the other
     * still enabled and both succeed. The count after the lock is a new statement, so under READ
     * COMMITTED it sees what a transaction we waited for committed. */
    int64_t locked = 0, others = 0;
    bool ok = db_get_int64(db, err, &locked,
                           "SELECT COUNT(*) FROM (SELECT id FROM site_users WHERE organizer = 1 AND disabled = 0 "
                           "ORDER BY id {for_update}) AS enabled_organizers",
                           "") == 1 &&
              db_get_int64(db, err, &others,
                           "SELECT COUNT(*) FROM site_users WHERE organizer = 1 AND disabled = 0 AND id <> ?", "i",
                           id) == 1;
    int rc = !ok ? -1 : others == 0 ? 0 : 1;
    if (rc == 1 && !db_do(db, err, NULL, "UPDATE site_users SET organizer = ?, disabled = ? WHERE id = ?", "nni",
                          organizer ? 1 : 0, disabled ? 1 : 0, id))
        rc = -1;
    if (rc != 1 || !db_commit(db, err)) {
        db_rollback(db);
        return rc == 1 ? -1 : rc;
    }
    return 1;
}

int64_t site_users_count_organizers(store_t *s, buf_t *err) {
    int64_t n = 0;
    return db_get_int64(store_db(s), err, &n, "SELECT COUNT(*) FROM site_users WHERE organizer = 1 AND disabled = 0", "") <
                   0
               ? -1
               : n;
}

static int site_users_many(db_stmt *st, int max, site_user *out, buf_t *err) {
    if (!st) return -1;
    int n = 0, rc;
    while (n < max && (rc = db_step(st, err)) == DB_ROW) site_users_row(st, &out[n++], NULL, 0);
    db_finalize(st);
    return n < max && rc == DB_ERROR ? -1 : n;
}

int site_users_list(store_t *s, int64_t after_id, int max, site_user *out, buf_t *err) {
    return site_users_many(db_query(store_db(s), err, "SELECT " SITE_USERS_COLS " FROM site_users WHERE id > ? ORDER BY id LIMIT ?",
                                    "in", after_id, max),
                           max, out, err);
}

int site_users_of_team(store_t *s, int64_t team_id, int max, site_user *out, buf_t *err) {
    return site_users_many(db_query(store_db(s), err,
                                    "SELECT " SITE_USERS_COLS " FROM site_users WHERE team_id = ? ORDER BY team_joined, id LIMIT ?",
                                    "in", team_id, max),
                           max, out, err);
}

bool site_users_session_add(store_t *s, const char *token_hash, int64_t user_id, const char *csrf, double now,
                            buf_t *err) {
    return db_do(store_db(s), err, NULL,
                 "INSERT INTO site_sessions(token_hash, user_id, csrf, created, seen) VALUES(?,?,?,?,?)", "titdd",
                 token_hash, user_id, csrf, now, now);
}

int site_users_session_get(store_t *s, const char *token_hash, double now, double min_seen, int64_t *user_id,
                           char csrf[72], buf_t *err) {
    db_stmt *st = db_query(store_db(s), err, "SELECT user_id, csrf, seen FROM site_sessions WHERE token_hash = ?", "t",
                           token_hash);
    if (!st) return -1;
    int rc = db_step(st, err);
    double seen = 0;
    if (rc == DB_ROW) {
        *user_id = db_column_int64(st, 0);
        snprintf(csrf, 72, "%s", db_column_text(st, 1));
        seen = db_column_double(st, 2);
    }
    db_finalize(st);
    if (rc != DB_ROW) return rc == DB_DONE ? 0 : -1;
    if (seen < min_seen) return 0;
    /* Writing on every request would serialize readers on SQLite's one writer: once a minute. */
    if (now - seen > 60)
        db_do(store_db(s), NULL, NULL, "UPDATE site_sessions SET seen = ? WHERE token_hash = ?", "dt", now, token_hash);
    return 1;
}

bool site_users_session_drop(store_t *s, const char *token_hash, buf_t *err) {
    return db_do(store_db(s), err, NULL, "DELETE FROM site_sessions WHERE token_hash = ?", "t", token_hash);
}

bool site_users_session_drop_user(store_t *s, int64_t user_id, buf_t *err) {
    return db_do(store_db(s), err, NULL, "DELETE FROM site_sessions WHERE user_id = ?", "i", user_id);
}

bool site_users_failure_add(store_t *s, const char *key, double now, buf_t *err) {
    return db_do(store_db(s), err, NULL, "INSERT INTO site_login_failures(key, at) VALUES(?,?)", "td", key, now);
}

int64_t site_users_failures(store_t *s, const char *key, double since, double *oldest, buf_t *err) {
    db_stmt *st = db_query(store_db(s), err, "SELECT COUNT(*), MIN(at) FROM site_login_failures WHERE key = ? AND at >= ?",
                           "td", key, since);
    if (!st) return -1;
    int64_t n = -1;
    if (db_step(st, err) == DB_ROW) {
        n = db_column_int64(st, 0);
        *oldest = db_column_null(st, 1) ? 0 : db_column_double(st, 1);
    }
    db_finalize(st);
    return n;
}

bool site_users_failures_clear(store_t *s, const char *key, buf_t *err) {
    return db_do(store_db(s), err, NULL, "DELETE FROM site_login_failures WHERE key = ?", "t", key);
}
