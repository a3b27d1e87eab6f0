/* store.c: the SQLite tournament store. WAL mode with synchronous=NORMAL: a commit survives the
 * process being killed at any moment (the test kills it with SIGKILL); a power failure may lose
 * the last commits, never the file's consistency, and a resume simply replays those matches. */
#include "store.h"
#include "../core/text.h"
#include "../core/xalloc.h"
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct store_s {
    sqlite3 *db;
    sqlite3_stmt *ins_match, *ins_seat;
};

/* One transaction: a store killed while being created is either empty or complete. */
static const char *schema =
    "BEGIN IMMEDIATE;"
    "CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
    "INSERT OR IGNORE INTO meta(key, value) VALUES('schema', '1');"
    "CREATE TABLE IF NOT EXISTS tourneys("
    " id INTEGER PRIMARY KEY,"
    " key TEXT NOT NULL UNIQUE,"
    " key_noseed TEXT NOT NULL,"
    " game TEXT NOT NULL,"
    " config TEXT NOT NULL,"
    " seed INTEGER NOT NULL,"
    " format TEXT NOT NULL,"
    " seats INTEGER NOT NULL,"
    " planned INTEGER NOT NULL,"
    " created TEXT NOT NULL,"
    " last_run TEXT NOT NULL,"
    " sprt_result TEXT);"
    "CREATE TABLE IF NOT EXISTS players("
    " tourney_id INTEGER NOT NULL REFERENCES tourneys(id),"
    " idx INTEGER NOT NULL,"
    " name TEXT NOT NULL,"
    " seat TEXT NOT NULL,"
    " PRIMARY KEY(tourney_id, idx));"
    "CREATE TABLE IF NOT EXISTS matches("
    " tourney_id INTEGER NOT NULL REFERENCES tourneys(id),"
    " idx INTEGER NOT NULL,"
    " seed_index INTEGER NOT NULL,"
    " seed INTEGER NOT NULL,"
    " nseats INTEGER NOT NULL,"
    " status TEXT NOT NULL CHECK(status IN ('done', 'failed')),"
    " turns INTEGER NOT NULL,"
    " seconds REAL NOT NULL,"
    " attempts INTEGER NOT NULL,"
    " error TEXT,"
    " replay TEXT,"
    " finished TEXT NOT NULL,"
    " PRIMARY KEY(tourney_id, idx));"
    "CREATE TABLE IF NOT EXISTS seats("
    " tourney_id INTEGER NOT NULL,"
    " match_idx INTEGER NOT NULL,"
    " seat INTEGER NOT NULL,"
    " player INTEGER NOT NULL,"
    " score REAL,"
    " rank INTEGER,"
    " late INTEGER NOT NULL, down INTEGER NOT NULL, invalid INTEGER NOT NULL, crash INTEGER NOT NULL,"
    " moves INTEGER NOT NULL,"
    " think_ms REAL NOT NULL,"
    " PRIMARY KEY(tourney_id, match_idx, seat),"
    " FOREIGN KEY(tourney_id, match_idx) REFERENCES matches(tourney_id, idx));"
    "COMMIT;";

static void now_utc(char out[32]) {
    time_t t = time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(out, 32, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

static bool exec(store_t *s, const char *sql, buf_t *err) {
    char *msg = NULL;
    if (sqlite3_exec(s->db, sql, NULL, NULL, &msg) != SQLITE_OK) {
        buf_printf(err, "sqlite: %s", msg ? msg : sqlite3_errmsg(s->db));
        sqlite3_free(msg);
        return false;
    }
    return true;
}

store_t *store_open(const char *path, bool create, buf_t *err) {
    store_t *s = xcalloc(1, sizeof *s);
    int flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0);
    if (sqlite3_open_v2(path, &s->db, flags, NULL) != SQLITE_OK) {
        buf_printf(err, "cannot open %s: %s", path, s->db ? sqlite3_errmsg(s->db) : "out of memory");
        sqlite3_close(s->db);
        free(s);
        return NULL;
    }
    sqlite3_busy_timeout(s->db, 10000);
    if (!exec(s, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;", err) ||
        !exec(s, schema, err)) {
        buf_printf(err, " (%s)", path);
        store_close(s);
        return NULL;
    }
    const char *ins_match =
        "INSERT OR REPLACE INTO matches(tourney_id, idx, seed_index, seed, nseats, status, turns, seconds, "
        "attempts, error, replay, finished) VALUES(?,?,?,?,?,?,?,?,?,?,?,?)";
    const char *ins_seat =
        "INSERT OR REPLACE INTO seats(tourney_id, match_idx, seat, player, score, rank, late, down, invalid, "
        "crash, moves, think_ms) VALUES(?,?,?,?,?,?,?,?,?,?,?,?)";
    if (sqlite3_prepare_v2(s->db, ins_match, -1, &s->ins_match, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(s->db, ins_seat, -1, &s->ins_seat, NULL) != SQLITE_OK) {
        buf_printf(err, "sqlite: %s (%s)", sqlite3_errmsg(s->db), path);
        store_close(s);
        return NULL;
    }
    return s;
}

void store_close(store_t *s) {
    if (!s) return;
    sqlite3_finalize(s->ins_match);
    sqlite3_finalize(s->ins_seat);
    sqlite3_close(s->db);
    free(s);
}

static int64_t one_int(store_t *s, const char *sql, const char *text) {
    sqlite3_stmt *st;
    int64_t v = 0;
    if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK) return 0;
    if (text) sqlite3_bind_text(st, 1, text, -1, SQLITE_TRANSIENT);
    if (sqlite3_step(st) == SQLITE_ROW) v = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    return v;
}

int64_t store_find(store_t *s, const char *key) { return one_int(s, "SELECT id FROM tourneys WHERE key = ?", key); }

int64_t store_find_seedless(store_t *s, const char *key_noseed, uint64_t *seed) {
    sqlite3_stmt *st;
    int64_t id = 0;
    const char *sql = "SELECT id, seed FROM tourneys WHERE key_noseed = ? ORDER BY last_run DESC, id DESC LIMIT 1";
    if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK) return 0;
    sqlite3_bind_text(st, 1, key_noseed, -1, SQLITE_TRANSIENT);
    if (sqlite3_step(st) == SQLITE_ROW) {
        id = sqlite3_column_int64(st, 0);
        *seed = (uint64_t)sqlite3_column_int64(st, 1);
    }
    sqlite3_finalize(st);
    return id;
}

int64_t store_latest(store_t *s) {
    return one_int(s, "SELECT id FROM tourneys ORDER BY last_run DESC, id DESC LIMIT 1", NULL);
}

int64_t store_create(store_t *s, const tr_config *c, const char *key, const char *key_noseed, int planned,
                     int seats, buf_t *err) {
    buf_t json;
    buf_init(&json);
    tr_config_json(c, true, &json);
    char now[32];
    now_utc(now);
    int64_t id = 0;
    sqlite3_stmt *st = NULL;
    if (!exec(s, "BEGIN IMMEDIATE", err)) goto out;
    const char *sql = "INSERT INTO tourneys(key, key_noseed, game, config, seed, format, seats, planned, created, "
                      "last_run) VALUES(?,?,?,?,?,?,?,?,?,?)";
    if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK) goto fail;
    sqlite3_bind_text(st, 1, key, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 2, key_noseed, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 3, c->game->id, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 4, buf_cstr(&json), -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(st, 5, (sqlite3_int64)c->seed);
    sqlite3_bind_text(st, 6, c->sprt_on ? "sprt" : tr_format_name(c->format), -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(st, 7, seats);
    sqlite3_bind_int(st, 8, planned);
    sqlite3_bind_text(st, 9, now, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 10, now, -1, SQLITE_TRANSIENT);
    if (sqlite3_step(st) != SQLITE_DONE) goto fail;
    sqlite3_finalize(st);
    st = NULL;
    id = sqlite3_last_insert_rowid(s->db);
    if (sqlite3_prepare_v2(s->db, "INSERT INTO players(tourney_id, idx, name, seat) VALUES(?,?,?,?)", -1, &st,
                           NULL) != SQLITE_OK)
        goto fail;
    for (int i = -1; i < c->nentrants; i++) {
        const tr_entrant *e = i < 0 ? &c->fill : &c->entrants[i];
        if (i < 0 && !c->has_fill) continue;
        sqlite3_reset(st);
        sqlite3_bind_int64(st, 1, id);
        sqlite3_bind_int(st, 2, i);
        sqlite3_bind_text(st, 3, e->name, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(st, 4, e->seat.text, -1, SQLITE_TRANSIENT);
        if (sqlite3_step(st) != SQLITE_DONE) goto fail;
    }
    sqlite3_finalize(st);
    st = NULL;
    if (!exec(s, "COMMIT", err)) {
        id = 0;
        goto out;
    }
    goto out;
fail:
    buf_printf(err, "sqlite: %s", sqlite3_errmsg(s->db));
    sqlite3_finalize(st);
    exec(s, "ROLLBACK", err);
    id = 0;
out:
    buf_free(&json);
    return id;
}

bool store_touch(store_t *s, int64_t id, int planned, buf_t *err) {
    char now[32], sql[160];
    now_utc(now);
    snprintf(sql, sizeof sql, "UPDATE tourneys SET last_run = '%s', planned = %d WHERE id = %lld", now, planned,
             (long long)id);
    return exec(s, sql, err);
}

bool store_set_sprt(store_t *s, int64_t id, const char *decision, buf_t *err) {
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(s->db, "UPDATE tourneys SET sprt_result = ? WHERE id = ?", -1, &st, NULL) != SQLITE_OK) {
        buf_printf(err, "sqlite: %s", sqlite3_errmsg(s->db));
        return false;
    }
    sqlite3_bind_text(st, 1, decision, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(st, 2, id);
    bool ok = sqlite3_step(st) == SQLITE_DONE;
    if (!ok) buf_printf(err, "sqlite: %s", sqlite3_errmsg(s->db));
    sqlite3_finalize(st);
    return ok;
}

bool store_add_result(store_t *s, int64_t id, const tr_result *r, buf_t *err) {
    char now[32];
    now_utc(now);
    if (!exec(s, "BEGIN IMMEDIATE", err)) return false;
    sqlite3_stmt *m = s->ins_match, *st = s->ins_seat;
    sqlite3_reset(m);
    sqlite3_bind_int64(m, 1, id);
    sqlite3_bind_int(m, 2, r->idx);
    sqlite3_bind_int64(m, 3, (sqlite3_int64)r->seed_index);
    sqlite3_bind_int64(m, 4, (sqlite3_int64)r->seed);
    sqlite3_bind_int(m, 5, r->nseats);
    sqlite3_bind_text(m, 6, r->failed ? "failed" : "done", -1, SQLITE_STATIC);
    sqlite3_bind_int(m, 7, r->turns);
    sqlite3_bind_double(m, 8, r->seconds);
    sqlite3_bind_int(m, 9, r->attempts);
    if (r->error[0]) sqlite3_bind_text(m, 10, r->error, -1, SQLITE_TRANSIENT);
    else sqlite3_bind_null(m, 10);
    if (r->replay[0]) sqlite3_bind_text(m, 11, r->replay, -1, SQLITE_TRANSIENT);
    else sqlite3_bind_null(m, 11);
    sqlite3_bind_text(m, 12, now, -1, SQLITE_TRANSIENT);
    if (sqlite3_step(m) != SQLITE_DONE) goto fail;
    for (int seat = 0; seat < r->nseats; seat++) {
        sqlite3_reset(st);
        sqlite3_bind_int64(st, 1, id);
        sqlite3_bind_int(st, 2, r->idx);
        sqlite3_bind_int(st, 3, seat);
        sqlite3_bind_int(st, 4, r->entrant[seat]);
        if (r->failed) {
            sqlite3_bind_null(st, 5);
            sqlite3_bind_null(st, 6);
        } else {
            sqlite3_bind_double(st, 5, r->score[seat]);
            sqlite3_bind_int(st, 6, r->rank[seat]);
        }
        sqlite3_bind_int(st, 7, r->verdicts[seat][VERDICT_LATE]);
        sqlite3_bind_int(st, 8, r->verdicts[seat][VERDICT_DOWN]);
        sqlite3_bind_int(st, 9, r->verdicts[seat][VERDICT_INVALID]);
        sqlite3_bind_int(st, 10, r->verdicts[seat][VERDICT_CRASH]);
        sqlite3_bind_int(st, 11, r->moves[seat]);
        sqlite3_bind_double(st, 12, r->think_ms[seat]);
        if (sqlite3_step(st) != SQLITE_DONE) goto fail;
    }
    return exec(s, "COMMIT", err);
fail:
    buf_printf(err, "sqlite: %s", sqlite3_errmsg(s->db));
    exec(s, "ROLLBACK", err);
    return false;
}

static char *col_dup(sqlite3_stmt *st, int i) {
    const unsigned char *t = sqlite3_column_text(st, i);
    return t ? text_dup((const char *)t, strlen((const char *)t)) : NULL;
}

bool store_load(store_t *s, int64_t id, store_tourney *t, buf_t *err) {
    memset(t, 0, sizeof *t);
    sqlite3_stmt *st = NULL;
    const char *q1 = "SELECT key, game, config, format, created, last_run, sprt_result, seed, seats, planned "
                     "FROM tourneys WHERE id = ?";
    if (sqlite3_prepare_v2(s->db, q1, -1, &st, NULL) != SQLITE_OK) goto fail;
    sqlite3_bind_int64(st, 1, id);
    if (sqlite3_step(st) != SQLITE_ROW) {
        buf_printf(err, "no tournament %lld in the store", (long long)id);
        sqlite3_finalize(st);
        return false;
    }
    t->id = id;
    t->key = col_dup(st, 0);
    t->game = col_dup(st, 1);
    t->config = col_dup(st, 2);
    t->format = col_dup(st, 3);
    t->created = col_dup(st, 4);
    t->last_run = col_dup(st, 5);
    t->sprt_result = col_dup(st, 6);
    t->seed = (uint64_t)sqlite3_column_int64(st, 7);
    t->seats = sqlite3_column_int(st, 8);
    t->planned = sqlite3_column_int(st, 9);
    sqlite3_finalize(st);

    if (sqlite3_prepare_v2(s->db, "SELECT max(idx) + 1 FROM players WHERE tourney_id = ?", -1, &st, NULL) != SQLITE_OK)
        goto fail;
    sqlite3_bind_int64(st, 1, id);
    t->nplayers = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int(st, 0) : 0;
    sqlite3_finalize(st);
    if (t->nplayers < 0) t->nplayers = 0;
    t->names = xcalloc((size_t)t->nplayers + 1, sizeof(char *));
    t->specs = xcalloc((size_t)t->nplayers + 1, sizeof(char *));
    if (sqlite3_prepare_v2(s->db, "SELECT idx, name, seat FROM players WHERE tourney_id = ? AND idx >= 0", -1, &st,
                           NULL) != SQLITE_OK)
        goto fail;
    sqlite3_bind_int64(st, 1, id);
    while (sqlite3_step(st) == SQLITE_ROW) {
        int i = sqlite3_column_int(st, 0);
        if (i < 0 || i >= t->nplayers) continue;
        t->names[i] = col_dup(st, 1);
        t->specs[i] = col_dup(st, 2);
    }
    sqlite3_finalize(st);
    for (int i = 0; i < t->nplayers; i++)
        if (!t->names[i]) t->names[i] = text_dup("?", 1), t->specs[i] = text_dup("?", 1);

    int cap = 0;
    const char *q2 = "SELECT idx, seed_index, seed, nseats, status, turns, seconds, attempts, error, replay "
                     "FROM matches WHERE tourney_id = ? ORDER BY idx";
    if (sqlite3_prepare_v2(s->db, q2, -1, &st, NULL) != SQLITE_OK) goto fail;
    sqlite3_bind_int64(st, 1, id);
    while (sqlite3_step(st) == SQLITE_ROW) {
        if (t->nresults == cap) {
            cap = cap ? cap * 2 : 256;
            t->results = xrealloc(t->results, sizeof *t->results * (size_t)cap);
        }
        tr_result *r = &t->results[t->nresults++];
        memset(r, 0, sizeof *r);
        r->idx = sqlite3_column_int(st, 0);
        r->seed_index = (uint64_t)sqlite3_column_int64(st, 1);
        r->seed = (uint64_t)sqlite3_column_int64(st, 2);
        r->nseats = sqlite3_column_int(st, 3);
        if (r->nseats < 0 || r->nseats > GAME_MAX_SEATS) r->nseats = 0;
        const unsigned char *status = sqlite3_column_text(st, 4);
        r->failed = !status || strcmp((const char *)status, "done") != 0;
        r->turns = sqlite3_column_int(st, 5);
        r->seconds = sqlite3_column_double(st, 6);
        r->attempts = sqlite3_column_int(st, 7);
        const unsigned char *e = sqlite3_column_text(st, 8);
        if (e) snprintf(r->error, sizeof r->error, "%s", (const char *)e);
        const unsigned char *rp = sqlite3_column_text(st, 9);
        if (rp) snprintf(r->replay, sizeof r->replay, "%s", (const char *)rp);
        for (int k = 0; k < GAME_MAX_SEATS; k++) r->entrant[k] = -1;
    }
    sqlite3_finalize(st);
    const char *q3 = "SELECT match_idx, seat, player, score, rank, late, down, invalid, crash, moves, think_ms "
                     "FROM seats WHERE tourney_id = ? ORDER BY match_idx, seat";
    if (sqlite3_prepare_v2(s->db, q3, -1, &st, NULL) != SQLITE_OK) goto fail;
    sqlite3_bind_int64(st, 1, id);
    int ri = 0;
    while (sqlite3_step(st) == SQLITE_ROW) {
        int idx = sqlite3_column_int(st, 0), seat = sqlite3_column_int(st, 1);
        while (ri < t->nresults && t->results[ri].idx < idx) ri++;
        if (ri >= t->nresults || t->results[ri].idx != idx || seat < 0 || seat >= t->results[ri].nseats) continue;
        tr_result *r = &t->results[ri];
        r->entrant[seat] = sqlite3_column_int(st, 2);
        r->score[seat] = sqlite3_column_double(st, 3);
        r->rank[seat] = sqlite3_column_int(st, 4);
        r->verdicts[seat][VERDICT_LATE] = sqlite3_column_int(st, 5);
        r->verdicts[seat][VERDICT_DOWN] = sqlite3_column_int(st, 6);
        r->verdicts[seat][VERDICT_INVALID] = sqlite3_column_int(st, 7);
        r->verdicts[seat][VERDICT_CRASH] = sqlite3_column_int(st, 8);
        r->moves[seat] = sqlite3_column_int(st, 9);
        r->think_ms[seat] = sqlite3_column_double(st, 10);
    }
    sqlite3_finalize(st);
    return true;
fail:
    buf_printf(err, "sqlite: %s", sqlite3_errmsg(s->db));
    sqlite3_finalize(st);
    store_tourney_free(t);
    return false;
}

void store_tourney_free(store_tourney *t) {
    free(t->key);
    free(t->game);
    free(t->config);
    free(t->format);
    free(t->created);
    free(t->last_run);
    free(t->sprt_result);
    for (int i = 0; i < t->nplayers; i++) {
        if (t->names) free(t->names[i]);
        if (t->specs) free(t->specs[i]);
    }
    free(t->names);
    free(t->specs);
    free(t->results);
    memset(t, 0, sizeof *t);
}

void store_list(store_t *s, FILE *out) {
    sqlite3_stmt *st;
    const char *sql = "SELECT t.id, t.game, t.format, t.seed, t.planned, t.last_run, "
                      "(SELECT count(*) FROM matches m WHERE m.tourney_id = t.id), t.sprt_result "
                      "FROM tourneys t ORDER BY t.id";
    if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK) return;
    fprintf(out, "%-4s %-14s %-12s %-18s %-15s %s\n", "id", "game", "format", "seed", "matches", "last run");
    while (sqlite3_step(st) == SQLITE_ROW) {
        char matches[32];
        snprintf(matches, sizeof matches, "%d/%d", sqlite3_column_int(st, 6), sqlite3_column_int(st, 4));
        const unsigned char *sprt = sqlite3_column_text(st, 7);
        fprintf(out, "%-4lld %-14s %-12s %-18lld %-15s %s%s%s\n", (long long)sqlite3_column_int64(st, 0),
                sqlite3_column_text(st, 1), sqlite3_column_text(st, 2), (long long)sqlite3_column_int64(st, 3),
                matches, sqlite3_column_text(st, 5), sprt ? " SPRT " : "", sprt ? (const char *)sprt : "");
    }
    sqlite3_finalize(st);
}

bool store_integrity_ok(store_t *s, buf_t *why) {
    sqlite3_stmt *st;
    bool ok = false;
    if (sqlite3_prepare_v2(s->db, "PRAGMA integrity_check", -1, &st, NULL) != SQLITE_OK) return false;
    if (sqlite3_step(st) == SQLITE_ROW) {
        const unsigned char *t = sqlite3_column_text(st, 0);
        ok = t && strcmp((const char *)t, "ok") == 0;
        if (!ok && why) buf_puts(why, t ? (const char *)t : "?");
    }
    sqlite3_finalize(st);
    return ok;
}
