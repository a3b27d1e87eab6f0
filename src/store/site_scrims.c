/* site_scrims.c: scrimmage requests (see site_scrims.h). */
#include "site_scrims.h"
#include <stdio.h>
#include <string.h>

static const migrate_step site_scrims_steps[] = {
    {1, "CREATE TABLE site_scrims("
        " id {id},"
        " from_team BIGINT NOT NULL,"
        " to_team BIGINT NOT NULL,"
        " reference TEXT NOT NULL,"
        " games BIGINT NOT NULL,"
        " ranked BIGINT NOT NULL,"
        " state TEXT NOT NULL,"
        " created DOUBLE PRECISION NOT NULL);"
        "CREATE INDEX site_scrims_from ON site_scrims(from_team, created);"
        "CREATE INDEX site_scrims_to ON site_scrims(to_team, created)"},
};
const migrate_domain site_scrims_schema = {"site_scrims", site_scrims_steps,
                                           sizeof site_scrims_steps / sizeof site_scrims_steps[0]};

int64_t site_scrims_add(store_t *s, const site_scrim *r, buf_t *err) {
    int64_t id = 0;
    return db_get_int64(store_db(s), err, &id,
                        "INSERT INTO site_scrims(from_team, to_team, reference, games, ranked, state, created) "
                        "VALUES(?,?,?,?,?,?,?) RETURNING id",
                        "iitnntd", r->from_team, r->to_team, r->reference, r->games, r->ranked ? 1 : 0, r->state,
                        r->created) == 1
               ? id
               : 0;
}

#define SITE_SCRIMS_COLS "id, from_team, to_team, reference, games, ranked, state, created"

static int site_scrims_many(db_stmt *st, int max, site_scrim *out, buf_t *err) {
    if (!st) return -1;
    int n = 0, rc = DB_DONE;
    while (n < max && (rc = db_step(st, err)) == DB_ROW) {
        site_scrim *r = &out[n++];
        memset(r, 0, sizeof *r);
        r->id = db_column_int64(st, 0);
        r->from_team = db_column_int64(st, 1);
        r->to_team = db_column_int64(st, 2);
        snprintf(r->reference, sizeof r->reference, "%s", db_column_text(st, 3));
        r->games = db_column_int(st, 4);
        r->ranked = db_column_int64(st, 5) != 0;
        snprintf(r->state, sizeof r->state, "%s", db_column_text(st, 6));
        r->created = db_column_double(st, 7);
    }
    db_finalize(st);
    return rc == DB_ERROR ? -1 : n;
}

int site_scrims_get(store_t *s, int64_t id, site_scrim *r, buf_t *err) {
    return site_scrims_many(db_query(store_db(s), err, "SELECT " SITE_SCRIMS_COLS " FROM site_scrims WHERE id = ?", "i", id),
                            1, r, err);
}

bool site_scrims_lock_team(store_t *s, int64_t team_id, buf_t *err) {
    int64_t locked = 0;
    return db_get_int64(store_db(s), err, &locked, "SELECT id FROM site_teams WHERE id = ? {for_update}", "i", team_id) >= 0;
}

int site_scrims_answer(store_t *s, int64_t id, const char *state, buf_t *err) {
    int64_t changed = 0;
    if (!db_do(store_db(s), err, &changed, "UPDATE site_scrims SET state = ? WHERE id = ? AND state = 'waiting'", "ti",
               state, id))
        return -1;
    return changed > 0;
}

int site_scrims_of_team(store_t *s, int64_t team_id, int max, site_scrim *out, buf_t *err) {
    return site_scrims_many(db_query(store_db(s), err,
                                     "SELECT " SITE_SCRIMS_COLS " FROM site_scrims WHERE from_team = ? OR to_team = ? "
                                     "ORDER BY id DESC LIMIT ?",
                                     "iin", team_id, team_id, max),
                            max, out, err);
}

int64_t site_scrims_count_since(store_t *s, int64_t team_id, double since, buf_t *err) {
    int64_t n = 0;
    return db_get_int64(store_db(s), err, &n, "SELECT COUNT(*) FROM site_scrims WHERE from_team = ? AND created >= ?",
                        "id", team_id, since) < 0
               ? -1
               : n;
}

int64_t site_scrims_outstanding(store_t *s, int64_t from_team, int64_t to_team, buf_t *err) {
    int64_t n = 0;
    return db_get_int64(store_db(s), err, &n,
                        "SELECT COUNT(*) FROM site_scrims r WHERE r.from_team = ? AND r.to_team = ? AND r.ranked = 1 AND "
                        "(r.state = 'waiting' OR (r.state = 'accepted' AND EXISTS (SELECT 1 FROM site_games g "
                        "JOIN jobs j ON j.id = g.job_id WHERE g.kind = 'scrimmage' AND g.owner_id = r.id "
                        "AND j.state IN ('queued', 'leased'))))",
                        "ii", from_team, to_team) < 0
               ? -1
               : n;
}
