/* tourneys.c: the tournaments domain (see tourneys.h): its schema steps and every statement. */
#include "tourneys.h"
#include "../core/xalloc.h"
#include <stdlib.h>
#include <string.h>

/* Step 1 is the schema stores had before migrations existed (their tables are kept as they are). */
static const migrate_step tourneys_steps[] = {
    {1, "CREATE TABLE IF NOT EXISTS tourneys("
        " id {id},"
        " key TEXT NOT NULL UNIQUE,"
        " key_noseed TEXT NOT NULL,"
        " game TEXT NOT NULL,"
        " config TEXT NOT NULL,"
        " seed BIGINT NOT NULL,"
        " format TEXT NOT NULL,"
        " seats BIGINT NOT NULL,"
        " planned BIGINT NOT NULL,"
        " created TEXT NOT NULL,"
        " last_run TEXT NOT NULL,"
        " sprt_result TEXT);"
        "CREATE TABLE IF NOT EXISTS players("
        " tourney_id BIGINT NOT NULL REFERENCES tourneys(id),"
        " idx BIGINT NOT NULL,"
        " name TEXT NOT NULL,"
        " seat TEXT NOT NULL,"
        " PRIMARY KEY(tourney_id, idx));"
        "CREATE TABLE IF NOT EXISTS matches("
        " tourney_id BIGINT NOT NULL REFERENCES tourneys(id),"
        " idx BIGINT NOT NULL,"
        " seed_index BIGINT NOT NULL,"
        " seed BIGINT NOT NULL,"
        " nseats BIGINT NOT NULL,"
        " status TEXT NOT NULL CHECK(status IN ('done', 'failed')),"
        " turns BIGINT NOT NULL,"
        " seconds DOUBLE PRECISION NOT NULL,"
        " attempts BIGINT NOT NULL,"
        " error TEXT,"
        " replay TEXT,"
        " finished TEXT NOT NULL,"
        " PRIMARY KEY(tourney_id, idx));"
        "CREATE TABLE IF NOT EXISTS seats("
        " tourney_id BIGINT NOT NULL,"
        " match_idx BIGINT NOT NULL,"
        " seat BIGINT NOT NULL,"
        " player BIGINT NOT NULL,"
        " score DOUBLE PRECISION,"
        " rank BIGINT,"
        " late BIGINT NOT NULL, down BIGINT NOT NULL, invalid BIGINT NOT NULL, crash BIGINT NOT NULL,"
        " moves BIGINT NOT NULL,"
        " think_ms DOUBLE PRECISION NOT NULL,"
        " PRIMARY KEY(tourney_id, match_idx, seat),"
        " FOREIGN KEY(tourney_id, match_idx) REFERENCES matches(tourney_id, idx))"},
    /* Matches are jobs of the queue now (owner 'tourney', key = the schedule index) and their
     * results live in the queue's results tables; matches and seats stay as views with the same
     * columns (plus who played each match), so queries written for version 1 still work. */
    {2, "INSERT INTO jobs(owner_kind, owner_id, owner_key, spec, seed, seed_index, nseats, priority, state, failures,"
        " max_failures, interruptions, created, updated)"
        " SELECT 'tourney', tourney_id, idx, '{}', seed, seed_index, nseats, 0, status,"
        " CASE WHEN status = 'failed' THEN attempts ELSE attempts - 1 END, 3, 0, {now}, {now} FROM matches;"
        "INSERT INTO results(job_id, status, turns, seconds, attempts, error, replay, finished)"
        " SELECT j.id, m.status, m.turns, m.seconds, m.attempts, m.error, m.replay, m.finished FROM matches m"
        " JOIN jobs j ON j.owner_kind = 'tourney' AND j.owner_id = m.tourney_id AND j.owner_key = m.idx;"
        "INSERT INTO result_seats(job_id, seat, player, score, rank, late, down, invalid, crash, moves, think_ms)"
        " SELECT j.id, s.seat, s.player, s.score, s.rank, s.late, s.down, s.invalid, s.crash, s.moves, s.think_ms"
        " FROM seats s JOIN jobs j ON j.owner_kind = 'tourney' AND j.owner_id = s.tourney_id AND j.owner_key = s.match_idx;"
        "DROP TABLE seats;"
        "DROP TABLE matches;"
        "CREATE VIEW matches AS SELECT j.owner_id AS tourney_id, j.owner_key AS idx, j.seed_index, j.seed, j.nseats,"
        " r.status, r.turns, r.seconds, r.attempts, r.error, r.replay, r.finished, r.worker, r.cpu, j.id AS job_id"
        " FROM results r JOIN jobs j ON j.id = r.job_id WHERE j.owner_kind = 'tourney';"
        "CREATE VIEW seats AS SELECT j.owner_id AS tourney_id, j.owner_key AS match_idx, s.seat, s.player, s.score,"
        " s.rank, s.late, s.down, s.invalid, s.crash, s.moves, s.think_ms"
        " FROM result_seats s JOIN jobs j ON j.id = s.job_id WHERE j.owner_kind = 'tourney'"},
    /* The fingerprint of the files an entrant's seat named when the tournament was first run
     * (travel_fingerprint), so a resume can say the bot changed in between; NULL: none (a built-in,
     * a program from PATH, or a store made before this step). */
    {3, "ALTER TABLE players ADD COLUMN fingerprint TEXT"},
};

const migrate_domain tourneys_schema = {"tourney", tourneys_steps, sizeof tourneys_steps / sizeof tourneys_steps[0]};

static int64_t tourneys_one_id(store_t *s, const char *sql, const char *text) {
    int64_t v = 0;
    return db_get_int64(store_db(s), NULL, &v, sql, "t", text) == 1 ? v : 0;
}

int64_t tourneys_find(store_t *s, const char *key) {
    return tourneys_one_id(s, "SELECT id FROM tourneys WHERE key = ?", key);
}

int64_t tourneys_find_seedless(store_t *s, const char *key_noseed, uint64_t *seed) {
    db_stmt *st = db_query(store_db(s), NULL,
                           "SELECT id, seed FROM tourneys WHERE key_noseed = ? ORDER BY last_run DESC, id DESC LIMIT 1",
                           "t", key_noseed);
    int64_t id = 0;
    if (st && db_step(st, NULL) == DB_ROW) {
        id = db_column_int64(st, 0);
        *seed = (uint64_t)db_column_int64(st, 1);
    }
    db_finalize(st);
    return id;
}

int64_t tourneys_latest(store_t *s, buf_t *err) {
    int64_t v = 0;
    int rc = db_get_int64(store_db(s), err, &v, "SELECT id FROM tourneys ORDER BY last_run DESC, id DESC LIMIT 1", "");
    return rc == 1 ? v : rc == 0 ? 0 : -1;
}

bool tourneys_has(store_t *s, int64_t id) {
    int64_t v = 0;
    return db_get_int64(store_db(s), NULL, &v, "SELECT count(*) FROM tourneys WHERE id = ?", "i", id) == 1 && v > 0;
}

int64_t tourneys_create(store_t *s, const tourneys_new *t, buf_t *err) {
    db_t *db = store_db(s);
    char now[32];
    db_now_utc(now);
    int64_t id = 0;
    if (!db_begin(db, err)) return 0;
    /* Two schedulers of one command started at once (two organizers, a command run twice on
     * different machines) both found no tournament: the second's INSERT failed on the key, and
     * the command stopped saying that the store could not be written. The second waits for the
     * first's row (SQLite's write lock, PostgreSQL's unique index) and takes it: one tournament,
     * whose matches both follow (enqueuing them again is a no-op). */
    int rc = db_get_int64(db, err, &id,
                          "INSERT INTO tourneys(key, key_noseed, game, config, seed, format, seats, planned, created, "
                          "last_run) VALUES(?,?,?,?,?,?,?,?,?,?) ON CONFLICT(key) DO NOTHING RETURNING id",
                          "ttttitnntt", t->key, t->key_noseed, t->game, t->config, (int64_t)t->seed, t->format,
                          t->seats, t->planned, now, now);
    if (rc == 0) {
        id = 0;
        if (db_get_int64(db, err, &id, "SELECT id FROM tourneys WHERE key = ?", "t", t->key) != 1) {
            if (err && !err->len) buf_printf(err, "tournament %s was registered and is gone", t->key);
            goto fail;
        }
        if (!db_commit(db, err)) return 0;
        return id;
    }
    if (rc != 1) goto fail;
    const char *ins = "INSERT INTO players(tourney_id, idx, name, seat, fingerprint) VALUES(?,?,?,?,?)";
    if (t->fill_name && !db_do(db, err, NULL, ins, "inttt", id, -1, t->fill_name, t->fill_seat, NULL)) goto fail;
    for (int i = 0; i < t->nentrants; i++) {
        const char *fp = t->fingerprints && t->fingerprints[i] && t->fingerprints[i][0] ? t->fingerprints[i] : NULL;
        if (!db_do(db, err, NULL, ins, "inttt", id, i, t->names[i], t->seat_texts[i], fp)) goto fail; /* NULL: none */
    }
    if (!db_commit(db, err)) return 0;
    return id;
fail:
    db_rollback(db);
    return 0;
}

bool tourneys_touch(store_t *s, int64_t id, int planned, buf_t *err) {
    char now[32];
    db_now_utc(now);
    return db_do(store_db(s), err, NULL, "UPDATE tourneys SET last_run = ?, planned = ? WHERE id = ?", "tni", now,
                 planned, id);
}

bool tourneys_set_fingerprint(store_t *s, int64_t id, int idx, const char *fingerprint, buf_t *err) {
    return db_do(store_db(s), err, NULL, "UPDATE players SET fingerprint = ? WHERE tourney_id = ? AND idx = ?", "tin",
                 fingerprint, id, idx);
}

bool tourneys_set_sprt(store_t *s, int64_t id, const char *decision, buf_t *err) {
    return db_do(store_db(s), err, NULL, "UPDATE tourneys SET sprt_result = ? WHERE id = ?", "ti", decision, id);
}

bool tourneys_add_result(store_t *s, int64_t id, const store_result *r, buf_t *err) {
    return queue_store_result(s, "tourney", id, r, err);
}

static char *tourneys_dup(db_stmt *st, int i) {
    const char *t = db_column_text(st, i);
    if (!t) return NULL;
    char *d = xstrdup(t);
    return d;
}

int tourneys_fingerprints(store_t *s, int64_t id, char **out, int n) {
    for (int i = 0; i < n; i++) out[i] = NULL;
    db_stmt *st = db_query(store_db(s), NULL, "SELECT idx, fingerprint FROM players WHERE tourney_id = ? AND idx >= 0",
                           "i", id);
    int got = 0;
    while (st && db_step(st, NULL) == DB_ROW) {
        int64_t i = db_column_int64(st, 0);
        if (i < 0 || i >= n || out[i]) continue;
        out[i] = tourneys_dup(st, 1);
        got += out[i] != NULL;
    }
    db_finalize(st);
    return got;
}

static bool tourneys_load_players(db_t *db, store_tourney *t, buf_t *err) {
    int64_t n = 0;
    if (db_get_int64(db, err, &n, "SELECT coalesce(max(idx) + 1, 0) FROM players WHERE tourney_id = ?", "i", t->id) < 0)
        return false;
    /* Numbered past the most entrants a tournament has: a damaged store, refused. Up to 100000 were
     * taken, and the standings' pairwise tables of n * n counts then asked for 40 GB (an abort). */
    if (n > TOURNEYS_MAX_PLAYERS) {
        buf_printf(err, "tournament %lld has a player numbered %lld, past the %d entrants a tournament has: "
                        "the store is damaged", (long long)t->id, (long long)(n - 1), TOURNEYS_MAX_PLAYERS);
        return false;
    }
    t->nplayers = n < 0 ? 0 : (int)n;
    t->names = xcalloc((size_t)t->nplayers + 1, sizeof(char *));
    t->specs = xcalloc((size_t)t->nplayers + 1, sizeof(char *));
    db_stmt *st = db_query(db, err, "SELECT idx, name, seat FROM players WHERE tourney_id = ? AND idx >= 0", "i", t->id);
    if (!st) return false;
    int rc;
    while ((rc = db_step(st, err)) == DB_ROW) {
        int64_t i = db_column_int64(st, 0);
        if (i < 0 || i >= t->nplayers || t->names[i]) continue;
        t->names[i] = tourneys_dup(st, 1);
        t->specs[i] = tourneys_dup(st, 2);
    }
    db_finalize(st);
    for (int i = 0; i < t->nplayers; i++) {
        if (!t->names[i]) t->names[i] = xstrdup("?");
        if (!t->specs[i]) t->specs[i] = xstrdup("?");
    }
    return rc == DB_DONE;
}

static bool tourneys_load_matches(db_t *db, store_tourney *t, buf_t *err) {
    db_stmt *st = db_query(db, err,
                           "SELECT idx, seed_index, seed, nseats, status, turns, seconds, attempts, error, replay, "
                           "worker, cpu FROM matches WHERE tourney_id = ? ORDER BY idx",
                           "i", t->id);
    if (!st) return false;
    int cap = 0, rc;
    while ((rc = db_step(st, err)) == DB_ROW) {
        if (t->nresults == cap) {
            cap = cap ? cap * 2 : 256;
            t->results = xrealloc(t->results, sizeof *t->results * (size_t)cap);
        }
        queue_read_result(st, 0, &t->results[t->nresults++]);
    }
    db_finalize(st);
    return rc == DB_DONE;
}

static bool tourneys_load_seats(db_t *db, store_tourney *t, buf_t *err) {
    db_stmt *st = db_query(db, err,
                           "SELECT match_idx, seat, player, score, rank, late, down, invalid, crash, moves, think_ms "
                           "FROM seats WHERE tourney_id = ? ORDER BY match_idx, seat",
                           "i", t->id);
    if (!st) return false;
    int ri = 0, rc;
    while ((rc = db_step(st, err)) == DB_ROW) {
        int64_t idx = db_column_int64(st, 0), seat = db_column_int64(st, 1);
        while (ri < t->nresults && t->results[ri].idx < idx) ri++;
        if (ri >= t->nresults || t->results[ri].idx != idx || seat < 0 || seat >= t->results[ri].nseats) continue;
        queue_read_seat(st, 2, &t->results[ri], (int)seat);
    }
    db_finalize(st);
    return rc == DB_DONE;
}

int tourneys_ids(store_t *s, int64_t *ids, int max) {
    db_stmt *st = db_query(store_db(s), NULL, "SELECT id FROM tourneys ORDER BY id", "");
    int n = 0;
    while (st && n < max && db_step(st, NULL) == DB_ROW) ids[n++] = db_column_int64(st, 0);
    db_finalize(st);
    return n;
}

bool tourneys_head(store_t *s, int64_t id, store_tourney *t, buf_t *err) {
    memset(t, 0, sizeof *t);
    db_t *db = store_db(s);
    db_stmt *st = db_query(db, err,
                           "SELECT key, game, config, format, created, last_run, sprt_result, seed, seats, planned "
                           "FROM tourneys WHERE id = ?",
                           "i", id);
    if (!st) return false;
    int rc = db_step(st, err);
    if (rc != DB_ROW) {
        if (rc == DB_DONE) buf_printf(err, "no tournament %lld in the store", (long long)id);
        db_finalize(st);
        return false;
    }
    t->id = id;
    t->key = tourneys_dup(st, 0);
    t->game = tourneys_dup(st, 1);
    t->config = tourneys_dup(st, 2);
    t->format = tourneys_dup(st, 3);
    t->created = tourneys_dup(st, 4);
    t->last_run = tourneys_dup(st, 5);
    t->sprt_result = tourneys_dup(st, 6);
    t->seed = (uint64_t)db_column_int64(st, 7);
    t->seats = db_column_int(st, 8);
    t->planned = db_column_int(st, 9);
    db_finalize(st);
    /* Stored text is untrusted (a tampered file): never NULL where the readers expect text. */
    char **must[] = {&t->key, &t->game, &t->config, &t->format, &t->created, &t->last_run};
    for (size_t i = 0; i < sizeof must / sizeof must[0]; i++)
        if (!*must[i]) *must[i] = xstrdup("");
    return true;
}

bool tourneys_load(store_t *s, int64_t id, store_tourney *t, buf_t *err) {
    if (!tourneys_head(s, id, t, err)) return false;
    db_t *db = store_db(s);
    if (tourneys_load_players(db, t, err) && tourneys_load_matches(db, t, err) && tourneys_load_seats(db, t, err))
        return true;
    tourneys_free(t);
    return false;
}

void tourneys_free(store_tourney *t) {
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

void tourneys_list(store_t *s, FILE *out) {
    db_stmt *st = db_query(store_db(s), NULL,
                           "SELECT t.id, t.game, t.format, t.seed, t.planned, t.last_run, "
                           "(SELECT count(*) FROM matches m WHERE m.tourney_id = t.id), t.sprt_result "
                           "FROM tourneys t ORDER BY t.id",
                           "");
    if (!st) return;
    fprintf(out, "%-4s %-14s %-12s %-18s %-15s %s\n", "id", "game", "format", "seed", "matches", "last run");
    while (db_step(st, NULL) == DB_ROW) {
        char matches[48];
        snprintf(matches, sizeof matches, "%lld/%lld", (long long)db_column_int64(st, 6),
                 (long long)db_column_int64(st, 4));
        const char *sprt = db_column_text(st, 7);
        const char *game = db_column_text(st, 1), *format = db_column_text(st, 2), *last = db_column_text(st, 5);
        fprintf(out, "%-4lld %-14s %-12s %-18lld %-15s %s%s%s\n", (long long)db_column_int64(st, 0), game ? game : "?",
                format ? format : "?", (long long)db_column_int64(st, 3), matches, last ? last : "?",
                sprt ? " SPRT " : "", sprt ? sprt : "");
    }
    db_finalize(st);
}
