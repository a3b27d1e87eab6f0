/* site_settings.c: the server's settings and announcements (see site_settings.h). */
#include "site_settings.h"
#include <stdio.h>
#include <string.h>

static const migrate_step site_settings_steps[] = {
    {1, "CREATE TABLE site_settings(key TEXT PRIMARY KEY, value TEXT NOT NULL, changed TEXT NOT NULL);"
        "CREATE TABLE site_announcements("
        " id {id},"
        " text TEXT NOT NULL,"
        " author TEXT NOT NULL,"
        " created TEXT NOT NULL,"
        " hidden BIGINT NOT NULL DEFAULT 0)"},
};
const migrate_domain site_settings_schema = {"site_settings", site_settings_steps,
                                             sizeof site_settings_steps / sizeof site_settings_steps[0]};

bool site_settings_set(store_t *s, const char *key, const char *value, buf_t *err) {
    char now[32];
    db_now_utc(now);
    return db_do(store_db(s), err, NULL,
                 "INSERT INTO site_settings(key, value, changed) VALUES(?,?,?) "
                 "ON CONFLICT(key) DO UPDATE SET value = excluded.value, changed = excluded.changed",
                 "ttt", key, value, now);
}

bool site_settings_each(store_t *s, void (*fn)(void *ctx, const char *key, const char *value), void *ctx, buf_t *err) {
    db_stmt *st = db_query(store_db(s), err, "SELECT key, value FROM site_settings ORDER BY key", "");
    if (!st) return false;
    int rc;
    while ((rc = db_step(st, err)) == DB_ROW) fn(ctx, db_column_text(st, 0), db_column_text(st, 1));
    db_finalize(st);
    return rc == DB_DONE;
}

int64_t site_settings_announce(store_t *s, const char *text, const char *author, buf_t *err) {
    char now[32];
    db_now_utc(now);
    int64_t id = 0;
    return db_get_int64(store_db(s), err, &id,
                        "INSERT INTO site_announcements(text, author, created) VALUES(?,?,?) RETURNING id", "ttt", text,
                        author, now) == 1
               ? id
               : 0;
}

int site_settings_unannounce(store_t *s, int64_t id, buf_t *err) {
    int64_t n = 0;
    if (!db_do(store_db(s), err, &n, "UPDATE site_announcements SET hidden = 1 WHERE id = ?", "i", id)) return -1;
    return n > 0;
}

int site_settings_announcements(store_t *s, int max, site_settings_announcement *out, buf_t *err) {
    db_stmt *st = db_query(store_db(s), err,
                           "SELECT id, text, created, author FROM site_announcements WHERE hidden = 0 ORDER BY id DESC LIMIT ?",
                           "n", max);
    if (!st) return -1;
    int n = 0, rc = DB_DONE;
    while (n < max && (rc = db_step(st, err)) == DB_ROW) {
        site_settings_announcement *a = &out[n++];
        a->id = db_column_int64(st, 0);
        snprintf(a->text, sizeof a->text, "%s", db_column_text(st, 1));
        snprintf(a->created, sizeof a->created, "%s", db_column_text(st, 2));
        snprintf(a->author, sizeof a->author, "%s", db_column_text(st, 3));
    }
    db_finalize(st);
    return rc == DB_ERROR ? -1 : n;
}
