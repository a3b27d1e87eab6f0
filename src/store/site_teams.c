/* site_teams.c: the teams domain (see site_teams.h). */
#include "site_teams.h"
#include <stdio.h>
#include <string.h>

static const migrate_step site_teams_steps[] = {
    {1, "CREATE TABLE site_teams("
        " id {id},"
        " name TEXT NOT NULL,"
        " name_key TEXT NOT NULL UNIQUE,"
        " join_code TEXT NOT NULL UNIQUE,"
        " auto_accept BIGINT NOT NULL DEFAULT 1,"
        " disabled BIGINT NOT NULL DEFAULT 0,"
        " active_sub BIGINT NOT NULL DEFAULT 0,"
        " created TEXT NOT NULL)"},
};
const migrate_domain site_teams_schema = {"site_teams", site_teams_steps,
                                          sizeof site_teams_steps / sizeof site_teams_steps[0]};

static void site_teams_key(const char *name, char out[64]) {
    size_t i = 0;
    for (; name[i] && i < 63; i++) out[i] = (char)(name[i] >= 'A' && name[i] <= 'Z' ? name[i] + 32 : name[i]);
    out[i] = 0;
}

int64_t site_teams_create(store_t *s, const char *name, const char *join_code, int64_t user_id, buf_t *err) {
    db_t *db = store_db(s);
    char key[64], now[32];
    site_teams_key(name, key);
    db_now_utc(now);
    if (!db_begin(db, err)) return -1;
    int64_t id = 0;
    int rc = db_get_int64(db, err, &id,
                          "INSERT INTO site_teams(name, name_key, join_code, created) VALUES(?,?,?,?) "
                          "ON CONFLICT(name_key) DO NOTHING RETURNING id",
                          "tttt", name, key, join_code, now);
    int64_t joined = 1;
    if (rc == 1 && user_id &&
        !db_do(db, err, &joined, "UPDATE site_users SET team_id = ?, team_joined = {now} WHERE id = ? AND team_id IS NULL",
               "ii", id, user_id))
        rc = -1;
    if (rc == 1 && !joined) {
        db_rollback(db);
        return SITE_TEAMS_IN_A_TEAM;
    }
    if (rc < 0 || (rc == 1 && !db_commit(db, err))) {
        db_rollback(db);
        return -1;
    }
    if (rc == 0) {
        db_rollback(db);
        buf_printf(err, "the team name '%s' is taken", name);
        return 0;
    }
    return id;
}

#define SITE_TEAMS_COLS                                                                                           \
    "t.id, t.name, t.join_code, t.auto_accept, t.disabled, t.active_sub, t.created,"                              \
    " (SELECT COUNT(*) FROM site_users u WHERE u.team_id = t.id)"

static void site_teams_row(db_stmt *st, site_team *t) {
    memset(t, 0, sizeof *t);
    t->id = db_column_int64(st, 0);
    snprintf(t->name, sizeof t->name, "%s", db_column_text(st, 1));
    snprintf(t->join_code, sizeof t->join_code, "%s", db_column_text(st, 2));
    t->auto_accept = db_column_int64(st, 3) != 0;
    t->disabled = db_column_int64(st, 4) != 0;
    t->active_sub = db_column_int64(st, 5);
    snprintf(t->created, sizeof t->created, "%s", db_column_text(st, 6));
    t->members = (int)db_column_int64(st, 7);
}

static int site_teams_one(db_stmt *st, site_team *t, buf_t *err) {
    if (!st) return -1;
    int rc = db_step(st, err);
    if (rc == DB_ROW) site_teams_row(st, t);
    db_finalize(st);
    return rc == DB_ROW ? 1 : rc == DB_DONE ? 0 : -1;
}

int site_teams_get(store_t *s, int64_t id, site_team *t, buf_t *err) {
    return site_teams_one(db_query(store_db(s), err, "SELECT " SITE_TEAMS_COLS " FROM site_teams t WHERE t.id = ?", "i", id),
                          t, err);
}

int site_teams_by_code(store_t *s, const char *code, site_team *t, buf_t *err) {
    return site_teams_one(
        db_query(store_db(s), err, "SELECT " SITE_TEAMS_COLS " FROM site_teams t WHERE t.join_code = ?", "t", code), t,
        err);
}

int site_teams_join(store_t *s, int64_t team_id, int64_t user_id, int max_members, buf_t *err) {
    db_t *db = store_db(s);
    if (!db_begin(db, err)) return -1;
    int64_t n = 0, locked = 0, joined = 0;
    /* the team's row locked first (PostgreSQL; SQLite's writer is alone already): joins to one team
     * count its members one after another, so two at once cannot both take its last place */
    if (db_get_int64(db, err, &locked, "SELECT id FROM site_teams WHERE id = ? {for_update}", "i", team_id) < 0 ||
        db_get_int64(db, err, &n, "SELECT COUNT(*) FROM site_users WHERE team_id = ?", "i", team_id) < 0) {
        db_rollback(db);
        return -1;
    }
    if (n >= max_members) {
        db_rollback(db);
        return 0;
    }
    if (!db_do(db, err, &joined, "UPDATE site_users SET team_id = ?, team_joined = {now} WHERE id = ? AND team_id IS NULL",
               "ii", team_id, user_id)) {
        db_rollback(db);
        return -1;
    }
    if (!joined) {
        db_rollback(db);
        return SITE_TEAMS_IN_A_TEAM;
    }
    if (!db_commit(db, err)) {
        db_rollback(db);
        return -1;
    }
    return 1;
}

bool site_teams_leave(store_t *s, int64_t user_id, buf_t *err) {
    return db_do(store_db(s), err, NULL, "UPDATE site_users SET team_id = NULL WHERE id = ?", "i", user_id);
}

bool site_teams_set_auto_accept(store_t *s, int64_t id, bool on, buf_t *err) {
    return db_do(store_db(s), err, NULL, "UPDATE site_teams SET auto_accept = ? WHERE id = ?", "ni", on ? 1 : 0, id);
}

bool site_teams_set_disabled(store_t *s, int64_t id, bool on, buf_t *err) {
    return db_do(store_db(s), err, NULL, "UPDATE site_teams SET disabled = ? WHERE id = ?", "ni", on ? 1 : 0, id);
}

bool site_teams_set_active(store_t *s, int64_t id, int64_t sub_id, buf_t *err) {
    return db_do(store_db(s), err, NULL, "UPDATE site_teams SET active_sub = ? WHERE id = ?", "ii", sub_id, id);
}

int site_teams_list(store_t *s, int64_t after_id, int max, site_team *out, buf_t *err) {
    db_stmt *st = db_query(store_db(s), err, "SELECT " SITE_TEAMS_COLS " FROM site_teams t WHERE t.id > ? ORDER BY t.id LIMIT ?",
                           "in", after_id, max);
    if (!st) return -1;
    int n = 0, rc = DB_DONE;
    while (n < max && (rc = db_step(st, err)) == DB_ROW) site_teams_row(st, &out[n++]);
    db_finalize(st);
    return rc == DB_ERROR ? -1 : n;
}

int64_t site_teams_count(store_t *s, buf_t *err) {
    int64_t n = 0;
    return db_get_int64(store_db(s), err, &n, "SELECT COUNT(*) FROM site_teams", "") < 0 ? -1 : n;
}
