/* site_ladder.c: the ladder's reads and its history (see site_ladder.h). */
#include "site_ladder.h"
#include "../core/xalloc.h"
#include <stdlib.h>
#include <string.h>

static const migrate_step site_ladder_steps[] = {
    {1, "CREATE TABLE site_ladder_history("
        " team_id BIGINT NOT NULL,"
        " sub_id BIGINT NOT NULL,"
        " games BIGINT NOT NULL,"
        " rating DOUBLE PRECISION,"
        " lo DOUBLE PRECISION,"
        " hi DOUBLE PRECISION,"
        " at DOUBLE PRECISION NOT NULL);"
        "CREATE INDEX site_ladder_history_by_team ON site_ladder_history(team_id, at)"},
};
const migrate_domain site_ladder_schema = {"site_ladder", site_ladder_steps,
                                           sizeof site_ladder_steps / sizeof site_ladder_steps[0]};

int site_ladder_results(store_t *s, store_result **out, buf_t *err) {
    *out = NULL;
    db_stmt *st = db_query(store_db(s), err,
                           "SELECT g.id, rs.seat, rs.player, rs.score, rs.rank, rs.late, rs.down, rs.invalid, rs.crash, "
                           "rs.moves, rs.think_ms, r.turns, r.seconds, j.seed "
                           "FROM site_games g JOIN results r ON r.job_id = g.job_id JOIN jobs j ON j.id = g.job_id "
                           "JOIN result_seats rs ON rs.job_id = g.job_id "
                           "WHERE g.ranked = 1 AND r.status = 'done' ORDER BY g.id, rs.seat",
                           "");
    if (!st) return -1;
    int n = 0, cap = 0, rc;
    int64_t last = -1;
    store_result *v = NULL;
    while ((rc = db_step(st, err)) == DB_ROW) {
        int64_t gid = db_column_int64(st, 0);
        if (gid != last) {
            if (n == cap) {
                cap = cap ? cap * 2 : 1024;
                v = xrealloc(v, sizeof *v * (size_t)cap);
            }
            memset(&v[n], 0, sizeof v[n]);
            v[n].idx = (int)gid;
            v[n].turns = db_column_int(st, 11);
            v[n].seconds = db_column_double(st, 12);
            v[n].seed = (uint64_t)db_column_int64(st, 13);
            for (int k = 0; k < GAME_MAX_SEATS; k++) v[n].entrant[k] = -1;
            n++;
            last = gid;
        }
        store_result *r = &v[n - 1];
        int seat = db_column_int(st, 1);
        if (seat < 0 || seat >= GAME_MAX_SEATS) continue;
        if (seat + 1 > r->nseats) r->nseats = seat + 1;
        r->entrant[seat] = (int)db_column_int64(st, 2);
        r->score[seat] = db_column_double(st, 3);
        r->rank[seat] = db_column_int(st, 4);
        for (int k = 0; k < 4; k++) r->verdicts[seat][VERDICT_LATE + k] = db_column_int(st, 5 + k);
        r->moves[seat] = db_column_int(st, 9);
        r->think_ms[seat] = db_column_double(st, 10);
    }
    db_finalize(st);
    if (rc == DB_ERROR) {
        free(v);
        return -1;
    }
    *out = v;
    return n;
}

int64_t site_ladder_count(store_t *s, buf_t *err) {
    int64_t n = 0;
    return db_get_int64(store_db(s), err, &n,
                        "SELECT COUNT(*) FROM site_games g JOIN results r ON r.job_id = g.job_id "
                        "WHERE g.ranked = 1 AND r.status = 'done'",
                        "") < 0
               ? -1
               : n;
}

int site_ladder_pending(store_t *s, int64_t after_game, int max, int64_t *sub, int *pending, int *queued, buf_t *err) {
    *queued = 0;
    int64_t q = 0;
    if (db_get_int64(store_db(s), err, &q,
                     "SELECT COUNT(*) FROM jobs WHERE owner_kind = 'ladder' AND state = 'queued'", "") < 0)
        return -1;
    *queued = (int)q;
    db_stmt *st = db_query(store_db(s), err,
                           "SELECT gs.sub_id, COUNT(*) FROM jobs j JOIN site_games g ON g.job_id = j.id "
                           "JOIN site_game_seats gs ON gs.game_id = g.id "
                           "WHERE j.owner_kind = 'ladder' AND (j.state IN ('queued', 'leased') OR "
                           "(j.state = 'done' AND g.id > ?)) GROUP BY gs.sub_id",
                           "i", after_game);
    if (!st) return -1;
    int n = 0, rc;
    while ((rc = db_step(st, err)) == DB_ROW && n < max) {
        sub[n] = db_column_int64(st, 0);
        pending[n] = db_column_int(st, 1);
        n++;
    }
    db_finalize(st);
    return rc == DB_ERROR ? -1 : n;
}

bool site_ladder_queue_mark(store_t *s, int64_t *count, double *changed, buf_t *err) {
    db_stmt *st = db_query(store_db(s), err,
                           "SELECT COUNT(*), COALESCE(MAX(updated), 0) FROM jobs WHERE owner_kind = 'ladder' "
                           "AND state IN ('queued', 'leased')",
                           "");
    if (!st) return false;
    int rc = db_step(st, err);
    if (rc == DB_ROW) {
        *count = db_column_int64(st, 0);
        *changed = db_column_double(st, 1);
    }
    db_finalize(st);
    return rc == DB_ROW;
}

bool site_ladder_history_add(store_t *s, int64_t team_id, const site_ladder_point *p, buf_t *err) {
    return db_do(store_db(s), err, NULL,
                 "INSERT INTO site_ladder_history(team_id, sub_id, games, rating, lo, hi, at) VALUES(?,?,?,?,?,?,?)",
                 "iindddd", team_id, p->sub_id, p->games, p->rating, p->lo, p->hi, p->at);
}

int site_ladder_history(store_t *s, int64_t team_id, int max, site_ladder_point *out, buf_t *err) {
    db_stmt *st = db_query(store_db(s), err,
                           /* the newest max, oldest first: the oldest max froze a long ladder's chart */
                           "SELECT sub_id, games, rating, lo, hi, at FROM (SELECT sub_id, games, rating, lo, hi, at "
                           "FROM site_ladder_history WHERE team_id = ? ORDER BY at DESC LIMIT ?) AS h ORDER BY at",
                           "in", team_id, max);
    if (!st) return -1;
    int n = 0, rc = DB_DONE;
    while (n < max && (rc = db_step(st, err)) == DB_ROW) {
        out[n].sub_id = db_column_int64(st, 0);
        out[n].games = db_column_int(st, 1);
        out[n].rating = db_column_null(st, 2) ? 0 : db_column_double(st, 2);
        out[n].lo = db_column_null(st, 3) ? 0 : db_column_double(st, 3);
        out[n].hi = db_column_null(st, 4) ? 0 : db_column_double(st, 4);
        out[n].at = db_column_double(st, 5);
        n++;
    }
    db_finalize(st);
    return rc == DB_ERROR ? -1 : n;
}
