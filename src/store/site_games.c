/* site_games.c: the server's games (see site_games.h). */
#include "site_games.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../core/xalloc.h"

static const migrate_step site_games_steps[] = {
    {1, "CREATE TABLE site_games("
        " id {id},"
        " job_id BIGINT UNIQUE,"
        " kind TEXT NOT NULL,"
        " owner_id BIGINT NOT NULL,"
        " ranked BIGINT NOT NULL,"
        " created DOUBLE PRECISION NOT NULL,"
        " spec TEXT,"              /* kept until the job is in the queue (a kill in between re-adds it) */
        " seed BIGINT NOT NULL,"
        " nseats BIGINT NOT NULL,"
        " priority BIGINT NOT NULL,"
        " max_failures BIGINT NOT NULL);"
        "CREATE INDEX site_games_by_kind ON site_games(kind, owner_id, id);"
        "CREATE TABLE site_game_seats("
        " game_id BIGINT NOT NULL REFERENCES site_games(id),"
        " seat BIGINT NOT NULL,"
        " team_id BIGINT NOT NULL,"
        " sub_id BIGINT NOT NULL,"
        " name TEXT NOT NULL,"
        " PRIMARY KEY(game_id, seat));"
        "CREATE INDEX site_game_seats_by_team ON site_game_seats(team_id, game_id);"
        "CREATE INDEX site_game_seats_by_sub ON site_game_seats(sub_id, game_id)"},
    /* the name of the game's files (replay, stderr folder), chosen before the game has an id */
    {2, "ALTER TABLE site_games ADD COLUMN files TEXT NOT NULL DEFAULT ''"},
};
const migrate_domain site_games_schema = {"site_games", site_games_steps,
                                          sizeof site_games_steps / sizeof site_games_steps[0]};

/* Puts a registered game's job in the queue and notes its id. */
static bool site_games_enqueue(store_t *s, int64_t id, queue_job *job, buf_t *err) {
    job->owner_key = id;
    if (!queue_add(s, job, 1, err)) return false;
    int64_t jid = queue_find(s, job->owner_kind, job->owner_id, id);
    if (!jid) {
        buf_printf(err, "game %lld: its job is not in the queue", (long long)id);
        return false;
    }
    return db_do(store_db(s), err, NULL, "UPDATE site_games SET job_id = ?, spec = NULL WHERE id = ?", "ii", jid, id);
}

int64_t site_games_register(store_t *s, const char *kind, int64_t owner_id, bool ranked, const char *files, int nseats,
                            const site_game_seat *seats, const queue_job *job, buf_t *err) {
    db_t *db = store_db(s);
    int64_t id = 0;
    bool ok = db_get_int64(db, err, &id,
                           "INSERT INTO site_games(kind, owner_id, ranked, created, spec, seed, nseats, priority, max_failures, files) "
                           "VALUES(?,?,?,{now},?,?,?,?,?,?) RETURNING id",
                           "tintinnnt", kind, owner_id, ranked ? 1 : 0, job->spec, (int64_t)job->seed, nseats,
                           job->priority, job->max_failures, files) == 1;
    for (int i = 0; ok && i < nseats; i++)
        ok = db_do(db, err, NULL, "INSERT INTO site_game_seats(game_id, seat, team_id, sub_id, name) VALUES(?,?,?,?,?)",
                   "iniit", id, i, seats[i].team_id, seats[i].sub_id, seats[i].name);
    return ok ? id : 0;
}

int64_t site_games_add(store_t *s, const char *kind, int64_t owner_id, bool ranked, const char *files, int nseats,
                       const site_game_seat *seats, queue_job *job, buf_t *err) {
    db_t *db = store_db(s);
    if (!db_begin(db, err)) return 0;
    int64_t id = site_games_register(s, kind, owner_id, ranked, files, nseats, seats, job, err);
    if (!id || !db_commit(db, err)) {
        db_rollback(db);
        return 0;
    }
    job->owner_kind = kind;
    job->owner_id = owner_id;
    return site_games_enqueue(s, id, job, err) ? id : 0;
}

int site_games_link(store_t *s, const char *kind, int64_t owner_id, const char *job_kind, int64_t job_owner,
                    site_games_seats_fn seats_of, void *ctx, buf_t *err) {
    db_t *db = store_db(s);
    db_stmt *st = db_query(db, err,
                           "SELECT j.id, j.owner_key, j.seed, j.nseats, j.spec FROM jobs j WHERE j.owner_kind = ? "
                           "AND j.owner_id = ? AND NOT EXISTS (SELECT 1 FROM site_games g WHERE g.job_id = j.id) ORDER BY j.id",
                           "ti", job_kind, job_owner);
    if (!st) return -1;
    int n = 0, cap = 0, rc;
    struct link { int64_t job, key, seed; int nseats; char *spec; } *l = NULL;
    while ((rc = db_step(st, err)) == DB_ROW) {
        if (n == cap) l = xrealloc(l, (size_t)(cap = cap ? 2 * cap : 64) * sizeof *l);
        l[n++] = (struct link){db_column_int64(st, 0), db_column_int64(st, 1), db_column_int64(st, 2),
                               db_column_int(st, 3), xstrdup(db_column_text(st, 4))};
    }
    db_finalize(st);
    bool began = rc == DB_DONE && db_begin(db, err), ok = began;
    int added = 0;
    for (int i = 0; ok && i < n; i++) {
        site_game_seat seats[GAME_MAX_SEATS];
        char files[48] = "";
        memset(seats, 0, sizeof seats);
        if (l[i].nseats < 1 || l[i].nseats > GAME_MAX_SEATS || !seats_of(ctx, l[i].spec, l[i].key, l[i].nseats, seats, files))
            continue;
        int64_t id = 0;
        ok = db_get_int64(db, err, &id,
                          "INSERT INTO site_games(job_id, kind, owner_id, ranked, created, spec, seed, nseats, priority, "
                          "max_failures, files) VALUES(?,?,?,0,{now},NULL,?,?,0,0,?) RETURNING id",
                          "itiint", l[i].job, kind, owner_id, l[i].seed, l[i].nseats, files) == 1;
        for (int k = 0; ok && k < l[i].nseats; k++)
            ok = db_do(db, err, NULL, "INSERT INTO site_game_seats(game_id, seat, team_id, sub_id, name) VALUES(?,?,?,?,?)",
                       "iniit", id, k, seats[k].team_id, seats[k].sub_id, seats[k].name);
        added += ok;
    }
    if (ok && !db_commit(db, err)) ok = false;
    if (!ok && began) db_rollback(db);
    for (int i = 0; i < n; i++) free(l[i].spec);
    free(l);
    return ok ? added : -1;
}

/* The games' own columns (a page of them, an inner query), named so that the outer query can
 * join on them. */
#define SITE_GAMES_COLS                                                                                          \
    "g.id AS id, COALESCE(g.job_id, 0) AS job_id, g.kind AS kind, g.owner_id AS owner_id, g.ranked AS ranked, " \
    "g.created AS created, COALESCE(j.state, 'queued') AS state, g.nseats AS nseats, g.files AS files"

/* A page of games (the inner query P, its own ORDER BY and LIMIT) with their seats and results in
 * one statement: a row per seat, the result's columns on each (NULL while there is none). One
 * round trip for the page whatever its length; it was three per game (seats, result, result seats),
 * 600 for a page of 200 on PostgreSQL. */
#define SITE_GAMES_WITH_SEATS(page)                                                                            \
    "SELECT P.id, P.job_id, P.kind, P.owner_id, P.ranked, P.created, P.state, P.nseats, P.files, "                \
    "s.seat, s.team_id, s.sub_id, s.name, rj.id, r.turns, r.seconds, COALESCE(r.error, ''), "                    \
    "COALESCE(r.replay, ''), r.finished, rj.seed, rs.score, rs.rank, rs.late, rs.down, rs.invalid, rs.crash "    \
    "FROM (" page ") P LEFT JOIN site_game_seats s ON s.game_id = P.id "                                          \
    "LEFT JOIN results r ON P.job_id <> 0 AND r.job_id = P.job_id LEFT JOIN jobs rj ON rj.id = r.job_id "        \
    "LEFT JOIN result_seats rs ON rj.id IS NOT NULL AND rs.job_id = rj.id AND rs.seat = s.seat "                  \
    "ORDER BY P.id DESC, s.seat"

/* Reads the rows of a SITE_GAMES_WITH_SEATS query into out[] (at most max games): how many (-1 error). */
static int site_games_read(db_stmt *st, int max, site_game *out, buf_t *err) {
    int n = 0, rc;
    while ((rc = db_step(st, err)) == DB_ROW) {
        int64_t id = db_column_int64(st, 0);
        if (!n || out[n - 1].id != id) {
            if (n == max) continue;
            site_game *g = &out[n++];
            memset(g, 0, sizeof *g);
            g->id = id;
            g->job_id = db_column_int64(st, 1);
            snprintf(g->kind, sizeof g->kind, "%s", db_column_text(st, 2));
            g->owner_id = db_column_int64(st, 3);
            g->ranked = db_column_int64(st, 4) != 0;
            g->created = db_column_double(st, 5);
            snprintf(g->state, sizeof g->state, "%s", db_column_text(st, 6));
            g->nseats = db_column_int(st, 7);
            snprintf(g->files, sizeof g->files, "%s", db_column_text(st, 8));
            if (!db_column_null(st, 13)) {
                g->have_result = true;
                g->turns = db_column_int(st, 14);
                g->seconds = db_column_double(st, 15);
                snprintf(g->error, sizeof g->error, "%s", db_column_text(st, 16));
                snprintf(g->replay, sizeof g->replay, "%s", db_column_text(st, 17));
                snprintf(g->finished, sizeof g->finished, "%s", db_column_text(st, 18));
                g->seed = (uint64_t)db_column_int64(st, 19);
            }
        }
        site_game *g = &out[n - 1];
        if (db_column_null(st, 9)) continue; /* no seats */
        int seat = db_column_int(st, 9);
        if (seat < 0 || seat >= GAME_MAX_SEATS) continue;
        g->seats[seat].team_id = db_column_int64(st, 10);
        g->seats[seat].sub_id = db_column_int64(st, 11);
        snprintf(g->seats[seat].name, sizeof g->seats[seat].name, "%s", db_column_text(st, 12));
        if (db_column_null(st, 20)) continue; /* no result for the seat */
        g->score[seat] = db_column_double(st, 20);
        g->rank[seat] = db_column_int(st, 21);
        for (int v = 0; v < 4; v++) g->verdicts[seat][VERDICT_LATE + v] = db_column_int(st, 22 + v);
    }
    db_finalize(st);
    return rc == DB_ERROR ? -1 : n;
}

int site_games_get(store_t *s, int64_t id, site_game *g, buf_t *err) {
    db_stmt *st = db_query(store_db(s), err,
                           SITE_GAMES_WITH_SEATS("SELECT " SITE_GAMES_COLS
                                                 " FROM site_games g LEFT JOIN jobs j ON j.id = g.job_id WHERE g.id = ?"),
                           "i", id);
    return st ? site_games_read(st, 1, g, err) : -1;
}

int site_games_list(store_t *s, int64_t team_id, const char *kind, const char *hide_kind, int64_t seen_by,
                    int64_t owner_id, int64_t before, int max, site_game *out, buf_t *err) {
    if (before <= 0) before = INT64_MAX;
    /* seen_by: the ladder's and the final's games (hide_kind hides the latter), and those with a
     * seat of team seen_by (-1: none) */
#define SITE_GAMES_SEEN                                                                                     \
    "AND (CAST(? AS BIGINT) = 0 OR g.kind IN ('ladder', 'final') OR EXISTS (SELECT 1 FROM site_game_seats v " \
    "WHERE v.game_id = g.id AND v.team_id = ?)) "
    db_stmt *st;
    if (team_id)
        st = db_query(store_db(s), err,
                      SITE_GAMES_WITH_SEATS(
                          "SELECT " SITE_GAMES_COLS " FROM site_game_seats t JOIN site_games g ON g.id = t.game_id "
                          "LEFT JOIN jobs j ON j.id = g.job_id "
                          "WHERE t.team_id = ? AND t.game_id < ? AND (CAST(? AS TEXT) IS NULL OR g.kind = ?) "
                          "AND (CAST(? AS TEXT) IS NULL OR g.kind <> ?) " SITE_GAMES_SEEN
                          "AND (CAST(? AS BIGINT) < 0 OR g.owner_id = ?) "
                          "GROUP BY g.id, g.job_id, g.kind, g.owner_id, g.ranked, g.created, j.state, g.nseats, g.files "
                          "ORDER BY g.id DESC LIMIT ?"),
                      "iittttiiiin", team_id, before, kind, kind, hide_kind, hide_kind, seen_by, seen_by, owner_id,
                      owner_id, max);
    else
        st = db_query(store_db(s), err,
                      SITE_GAMES_WITH_SEATS(
                          "SELECT " SITE_GAMES_COLS " FROM site_games g LEFT JOIN jobs j ON j.id = g.job_id "
                          "WHERE g.id < ? AND (CAST(? AS TEXT) IS NULL OR g.kind = ?) AND (CAST(? AS TEXT) IS NULL OR g.kind <> ?) "
                          SITE_GAMES_SEEN "AND (CAST(? AS BIGINT) < 0 OR g.owner_id = ?) "
                          "ORDER BY g.id DESC LIMIT ?"),
                      "ittttiiiin", before, kind, kind, hide_kind, hide_kind, seen_by, seen_by, owner_id, owner_id, max);
#undef SITE_GAMES_SEEN
    return st ? site_games_read(st, max, out, err) : -1;
}

int site_games_repair(store_t *s, buf_t *err) { return site_games_enqueue_registered(s, NULL, 0, err); }

int site_games_enqueue_registered(store_t *s, const char *kind, int64_t owner_id, buf_t *err) {
    /* Rows without their job: registered by site_games_register, or a kill came between the two
     * transactions of site_games_add. */
    int64_t ids[256];
    int n = 0;
    db_stmt *st = kind ? db_query(store_db(s), err,
                                  "SELECT id FROM site_games WHERE job_id IS NULL AND kind = ? AND owner_id = ? ORDER BY id "
                                  "LIMIT 256",
                                  "ti", kind, owner_id)
                       : db_query(store_db(s), err, "SELECT id FROM site_games WHERE job_id IS NULL ORDER BY id LIMIT 256", "");
    if (!st) return -1;
    int rc;
    while (n < 256 && (rc = db_step(st, err)) == DB_ROW) ids[n++] = db_column_int64(st, 0);
    db_finalize(st);
    for (int i = 0; i < n; i++) {
        st = db_query(store_db(s), err, "SELECT kind, owner_id, spec, seed, nseats, priority, max_failures FROM site_games WHERE id = ?",
                      "i", ids[i]);
        if (!st) return -1;
        if (db_step(st, err) != DB_ROW) {
            db_finalize(st);
            continue;
        }
        char kind[16];
        snprintf(kind, sizeof kind, "%s", db_column_text(st, 0));
        char *spec = db_column_text(st, 2) ? strdup(db_column_text(st, 2)) : NULL;
        queue_job job = {.owner_kind = kind, .owner_id = db_column_int64(st, 1), .spec = spec,
                         .seed = (uint64_t)db_column_int64(st, 3), .nseats = db_column_int(st, 4),
                         .priority = db_column_int(st, 5), .max_failures = db_column_int(st, 6)};
        db_finalize(st);
        bool ok = spec && site_games_enqueue(s, ids[i], &job, err);
        free(spec);
        if (!ok) return -1;
    }
    return n;
}

int site_games_requeue(store_t *s, int64_t id, buf_t *err) {
    db_t *db = store_db(s);
    int64_t job = 0;
    int rc = db_get_int64(db, err, &job,
                          "SELECT j.id FROM site_games g JOIN jobs j ON j.id = g.job_id WHERE g.id = ? "
                          "AND j.state IN ('failed', 'cancelled')",
                          "i", id);
    if (rc <= 0) return rc;
    /* as queue_requeue does for a whole owner: the failed result goes, the job is queued afresh */
    if (!db_begin(db, err)) return -1;
    bool ok = db_do(db, err, NULL, "DELETE FROM result_seats WHERE job_id = ?", "i", job) &&
              db_do(db, err, NULL, "DELETE FROM results WHERE job_id = ?", "i", job) &&
              db_do(db, err, NULL,
                    "UPDATE jobs SET state = 'queued', failures = 0, reason = NULL, updated = {now} WHERE id = ?", "i", job);
    if (!ok || !db_commit(db, err)) {
        db_rollback(db);
        return -1;
    }
    return 1;
}

int64_t site_games_cancel_kind(store_t *s, const char *kind, buf_t *err) {
    int64_t n = 0;
    if (!db_do(store_db(s), err, &n, "UPDATE jobs SET state = 'cancelled', updated = {now} WHERE owner_kind = ? AND state = 'queued'",
               "t", kind))
        return -1;
    return n;
}
