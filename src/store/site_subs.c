/* site_subs.c: the submissions domain (see site_subs.h). */
#include "site_subs.h"
#include "../core/xalloc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const migrate_step site_subs_steps[] = {
    {1, "CREATE TABLE site_subs("
        " id {id},"
        " team_id BIGINT NOT NULL,"
        " version BIGINT NOT NULL,"
        " filename TEXT NOT NULL,"
        " size BIGINT NOT NULL,"
        " sha TEXT NOT NULL,"
        " created TEXT NOT NULL,"
        " created_at DOUBLE PRECISION NOT NULL,"
        " kind TEXT NOT NULL,"
        " state TEXT NOT NULL,"
        " detail TEXT NOT NULL,"
        " seat TEXT NOT NULL,"
        " path TEXT NOT NULL,"
        " inner_path TEXT NOT NULL,"
        " bundle TEXT NOT NULL,"
        " build_log TEXT,"
        " validation_game BIGINT NOT NULL DEFAULT 0,"
        " disabled BIGINT NOT NULL DEFAULT 0,"
        " UNIQUE(team_id, version));"
        "CREATE INDEX site_subs_by_state ON site_subs(state, id)"},
};
const migrate_domain site_subs_schema = {"site_subs", site_subs_steps, sizeof site_subs_steps / sizeof site_subs_steps[0]};

int64_t site_subs_add(store_t *s, site_sub *sub, buf_t *err) {
    db_t *db = store_db(s);
    char now[32];
    db_now_utc(now);
    if (!db_begin(db, err)) return 0;
    int64_t v = 0, id = 0, locked = 0;
    /* the team's row locked first (PostgreSQL; SQLite's writer is alone already), so two uploads
     * at once number their versions one after the other instead of both taking the same one */
    bool ok = db_get_int64(db, err, &locked, "SELECT id FROM site_teams WHERE id = ? {for_update}", "i", sub->team_id) >= 0 &&
              db_get_int64(db, err, &v, "SELECT COALESCE(MAX(version), 0) + 1 FROM site_subs WHERE team_id = ?", "i",
                           sub->team_id) == 1 &&
              db_get_int64(db, err, &id,
                           "INSERT INTO site_subs(team_id, version, filename, size, sha, created, created_at, kind, state, "
                           "detail, seat, path, inner_path, bundle) VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?) RETURNING id",
                           "iitittdttttttt", sub->team_id, v, sub->filename, sub->size, sub->sha, now, sub->created_at,
                           sub->kind, sub->state, sub->detail, sub->seat, sub->path, sub->inner, sub->bundle) == 1;
    if (!ok || !db_commit(db, err)) {
        db_rollback(db);
        return 0;
    }
    sub->id = id;
    sub->version = (int)v;
    snprintf(sub->created, sizeof sub->created, "%s", now);
    return id;
}

#define SITE_SUBS_COLS                                                                                          \
    "id, team_id, version, filename, size, sha, created, created_at, kind, state, detail, seat, path, inner_path," \
    " bundle, validation_game, disabled"

static void site_subs_row(db_stmt *st, site_sub *u) {
    memset(u, 0, sizeof *u);
    u->id = db_column_int64(st, 0);
    u->team_id = db_column_int64(st, 1);
    u->version = db_column_int(st, 2);
    snprintf(u->filename, sizeof u->filename, "%s", db_column_text(st, 3));
    u->size = db_column_int64(st, 4);
    snprintf(u->sha, sizeof u->sha, "%s", db_column_text(st, 5));
    snprintf(u->created, sizeof u->created, "%s", db_column_text(st, 6));
    u->created_at = db_column_double(st, 7);
    snprintf(u->kind, sizeof u->kind, "%s", db_column_text(st, 8));
    snprintf(u->state, sizeof u->state, "%s", db_column_text(st, 9));
    snprintf(u->detail, sizeof u->detail, "%s", db_column_text(st, 10));
    snprintf(u->seat, sizeof u->seat, "%s", db_column_text(st, 11));
    snprintf(u->path, sizeof u->path, "%s", db_column_text(st, 12));
    snprintf(u->inner, sizeof u->inner, "%s", db_column_text(st, 13));
    snprintf(u->bundle, sizeof u->bundle, "%s", db_column_text(st, 14));
    u->validation_game = db_column_int64(st, 15);
    u->disabled = db_column_int64(st, 16) != 0;
}

static int site_subs_many(db_stmt *st, int max, site_sub *out, buf_t *err) {
    if (!st) return -1;
    int n = 0, rc = DB_DONE;
    while (n < max && (rc = db_step(st, err)) == DB_ROW) site_subs_row(st, &out[n++]);
    db_finalize(st);
    return rc == DB_ERROR ? -1 : n;
}

int site_subs_get(store_t *s, int64_t id, site_sub *sub, buf_t *err) {
    return site_subs_many(db_query(store_db(s), err, "SELECT " SITE_SUBS_COLS " FROM site_subs WHERE id = ?", "i", id), 1,
                          sub, err);
}

int site_subs_of_team(store_t *s, int64_t team_id, int max, site_sub *out, buf_t *err) {
    return site_subs_many(db_query(store_db(s), err,
                                   "SELECT " SITE_SUBS_COLS " FROM site_subs WHERE team_id = ? ORDER BY version DESC LIMIT ?",
                                   "in", team_id, max),
                          max, out, err);
}

int site_subs_in_state(store_t *s, const char *state, int max, site_sub *out, buf_t *err) {
    return site_subs_many(db_query(store_db(s), err,
                                   "SELECT " SITE_SUBS_COLS " FROM site_subs WHERE state = ? ORDER BY id LIMIT ?", "tn",
                                   state, max),
                          max, out, err);
}

bool site_subs_set_state(store_t *s, int64_t id, const char *state, const char *detail, buf_t *err) {
    return db_do(store_db(s), err, NULL, "UPDATE site_subs SET state = ?, detail = ? WHERE id = ?", "tti", state,
                 detail ? detail : "", id);
}

bool site_subs_set_built(store_t *s, int64_t id, const char *seat, const char *path, const char *inner,
                         const char *bundle, buf_t *err) {
    return db_do(store_db(s), err, NULL, "UPDATE site_subs SET seat = ?, path = ?, inner_path = ?, bundle = ? WHERE id = ?",
                 "tttti", seat, path, inner, bundle, id);
}

bool site_subs_set_validation(store_t *s, int64_t id, int64_t game_id, buf_t *err) {
    return db_do(store_db(s), err, NULL, "UPDATE site_subs SET validation_game = ? WHERE id = ?", "ii", game_id, id);
}

bool site_subs_set_disabled(store_t *s, int64_t id, bool on, buf_t *err) {
    return db_do(store_db(s), err, NULL, "UPDATE site_subs SET disabled = ? WHERE id = ?", "ni", on ? 1 : 0, id);
}

bool site_subs_set_log(store_t *s, int64_t id, const char *log, buf_t *err) {
    return db_do(store_db(s), err, NULL, "UPDATE site_subs SET build_log = ? WHERE id = ?", "ti", log, id);
}

bool site_subs_log(store_t *s, int64_t id, buf_t *out, buf_t *err) {
    db_stmt *st = db_query(store_db(s), err, "SELECT COALESCE(build_log, '') FROM site_subs WHERE id = ?", "i", id);
    if (!st) return false;
    int rc = db_step(st, err);
    if (rc == DB_ROW) buf_puts(out, db_column_text(st, 0));
    db_finalize(st);
    return rc != DB_ERROR;
}

int site_subs_active(store_t *s, int max, site_sub **out, buf_t *err) {
    *out = NULL;
    db_stmt *st = db_query(store_db(s), err,
                           "SELECT s.id, s.team_id, s.version, s.filename, s.size, s.sha, s.created, s.created_at, "
                           "s.kind, s.state, s.detail, s.seat, s.path, s.inner_path, s.bundle, s.validation_game, "
                           "s.disabled FROM site_teams t JOIN site_subs s ON s.id = t.active_sub "
                           "WHERE t.disabled = 0 AND s.disabled = 0 AND s.state = 'ready' ORDER BY t.id LIMIT ?",
                           "n", max);
    if (!st) return -1;
    /* Grown as the rows come: the scheduler asks every second, and an array for the most teams
     * (4096 of 2 KiB) was 8 MiB written afresh each time once malloc kept it on its heap. */
    int n = 0, cap = 0, rc;
    while ((rc = db_step(st, err)) == DB_ROW) {
        if (n == cap) {
            cap = cap ? 2 * cap : 16;
            *out = xrealloc(*out, (size_t)cap * sizeof **out);
        }
        site_subs_row(st, &(*out)[n++]);
    }
    db_finalize(st);
    if (rc == DB_ERROR) {
        free(*out);
        *out = NULL;
        return -1;
    }
    return n;
}

bool site_subs_active_mark(store_t *s, int64_t *count, int64_t *sum, buf_t *err) {
    db_stmt *st = db_query(store_db(s), err,
                           "SELECT COUNT(*), CAST(COALESCE(SUM(s.id), 0) AS BIGINT) FROM site_teams t "
                           "JOIN site_subs s ON s.id = t.active_sub "
                           "WHERE t.disabled = 0 AND s.disabled = 0 AND s.state = 'ready'",
                           "");
    if (!st) return false;
    int rc = db_step(st, err);
    if (rc == DB_ROW) {
        *count = db_column_int64(st, 0);
        *sum = db_column_int64(st, 1);
    }
    db_finalize(st);
    return rc == DB_ROW;
}
