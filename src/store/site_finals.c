/* site_finals.c: the final's stages (see site_finals.h). */
#include "site_finals.h"
#include "queue.h"
#include <stdio.h>
#include <string.h>

static const migrate_step site_finals_steps[] = {
    {1, "CREATE TABLE site_finals("
        " id {id},"
        " name TEXT NOT NULL,"
        " stage BIGINT NOT NULL,"
        " tourney_id BIGINT NOT NULL,"
        " format TEXT NOT NULL,"
        " games BIGINT NOT NULL,"
        " cutoff BIGINT NOT NULL,"
        " stop_separated BIGINT NOT NULL,"
        " seed BIGINT NOT NULL,"
        " state TEXT NOT NULL,"
        " created TEXT NOT NULL);"
        "CREATE TABLE site_final_entrants("
        " final_id BIGINT NOT NULL REFERENCES site_finals(id),"
        " idx BIGINT NOT NULL,"
        " team_id BIGINT NOT NULL,"
        " sub_id BIGINT NOT NULL,"
        " name TEXT NOT NULL,"
        " PRIMARY KEY(final_id, idx))"},
    /* the stage's tournament key, recorded before its games are scheduled (a kill before the stage
     * is marked scheduled leaves games the restart finds by it); why a stage is blocked */
    {2, "ALTER TABLE site_finals ADD COLUMN tkey TEXT NOT NULL DEFAULT '';"
        "ALTER TABLE site_finals ADD COLUMN note TEXT NOT NULL DEFAULT ''"},
    /* a reference bot's grade as the stage was scheduled: the results' grade lines keep the labels
     * they were played under when the references are edited later (NULL: recorded before) */
    {3, "ALTER TABLE site_final_entrants ADD COLUMN grade TEXT"},
};
const migrate_domain site_finals_schema = {"site_finals", site_finals_steps,
                                           sizeof site_finals_steps / sizeof site_finals_steps[0]};

int64_t site_finals_add(store_t *s, const site_final *f, int n, const site_final_entrant *e, buf_t *err) {
    db_t *db = store_db(s);
    char now[32];
    db_now_utc(now);
    if (!db_begin(db, err)) return 0;
    int64_t id = 0;
    bool ok = db_get_int64(db, err, &id,
                           "INSERT INTO site_finals(name, stage, tourney_id, format, games, cutoff, stop_separated, seed, "
                           "state, created, tkey, note) VALUES(?,?,?,?,?,?,?,?,?,?,?,?) RETURNING id",
                           "tnitnnnitttt", f->name, f->stage, f->tourney_id, f->format, f->games, f->cutoff,
                           f->stop_separated ? 1 : 0, (int64_t)f->seed, f->state, now, f->key, f->note) == 1;
    for (int i = 0; ok && i < n; i++)
        ok = db_do(db, err, NULL,
                   "INSERT INTO site_final_entrants(final_id, idx, team_id, sub_id, name, grade) VALUES(?,?,?,?,?,?)",
                   "iniitt", id, e[i].idx, e[i].team_id, e[i].sub_id, e[i].name, e[i].grade_kept ? e[i].grade : NULL);
    if (!ok || !db_commit(db, err)) {
        db_rollback(db);
        return 0;
    }
    return id;
}

bool site_finals_scheduled(store_t *s, int64_t id, int64_t tourney_id, const char *key, int64_t done_id, buf_t *err) {
    db_t *db = store_db(s);
    if (!db_begin(db, err)) return false;
    int64_t changed = 0;
    bool ok = db_do(db, err, &changed,
                    "UPDATE site_finals SET state = 'running', tourney_id = ?, tkey = ? WHERE id = ? AND state = 'scheduling'",
                    "iti", tourney_id, key, id);
    if (ok && changed != 1) {
        buf_puts(err, "the stage is no longer being scheduled");
        ok = false;
    }
    if (ok && done_id) ok = db_do(db, err, NULL, "UPDATE site_finals SET state = 'done', note = '' WHERE id = ?", "i", done_id);
    if (!ok || !db_commit(db, err)) {
        db_rollback(db);
        return false;
    }
    return true;
}

bool site_finals_drop(store_t *s, int64_t id, int64_t cancel_tid, int64_t *cancelled, buf_t *err) {
    db_t *db = store_db(s);
    int64_t n = 0;
    if (!db_begin(db, err)) return false;
    /* queue_cancel leaves a leased game to finish (an SPRT's games still count); a dropped stage's
     * count for nothing, so a leased one is cancelled too and its lease ended (queue_cancel_all) */
    bool ok = !cancel_tid || queue_cancel_all(s, "tourney", cancel_tid, &n, err);
    ok = ok && db_do(db, err, NULL, "DELETE FROM site_final_entrants WHERE final_id = ?", "i", id) &&
         db_do(db, err, NULL, "DELETE FROM site_finals WHERE id = ?", "i", id);
    if (!ok || !db_commit(db, err)) {
        db_rollback(db);
        return false;
    }
    if (cancelled) *cancelled = n;
    return true;
}

bool site_finals_set_state(store_t *s, int64_t id, const char *state, const char *note, buf_t *err) {
    return db_do(store_db(s), err, NULL, "UPDATE site_finals SET state = ?, note = ? WHERE id = ?", "tti", state,
                 note ? note : "", id);
}

int site_finals_list(store_t *s, int max, site_final *out, buf_t *err) {
    db_stmt *st = db_query(store_db(s), err,
                           "SELECT id, name, stage, tourney_id, format, games, cutoff, stop_separated, seed, state, created, tkey, note "
                           "FROM site_finals ORDER BY id DESC LIMIT ?",
                           "n", max);
    if (!st) return -1;
    int n = 0, rc = DB_DONE;
    while (n < max && (rc = db_step(st, err)) == DB_ROW) {
        site_final *f = &out[n++];
        memset(f, 0, sizeof *f);
        f->id = db_column_int64(st, 0);
        snprintf(f->name, sizeof f->name, "%s", db_column_text(st, 1));
        f->stage = db_column_int(st, 2);
        f->tourney_id = db_column_int64(st, 3);
        snprintf(f->format, sizeof f->format, "%s", db_column_text(st, 4));
        f->games = db_column_int(st, 5);
        f->cutoff = db_column_int(st, 6);
        f->stop_separated = db_column_int64(st, 7) != 0;
        f->seed = (uint64_t)db_column_int64(st, 8);
        snprintf(f->state, sizeof f->state, "%s", db_column_text(st, 9));
        snprintf(f->created, sizeof f->created, "%s", db_column_text(st, 10));
        snprintf(f->key, sizeof f->key, "%s", db_column_text(st, 11));
        snprintf(f->note, sizeof f->note, "%s", db_column_text(st, 12));
    }
    db_finalize(st);
    return rc == DB_ERROR ? -1 : n;
}

int site_finals_entrants(store_t *s, int64_t id, int max, site_final_entrant *out, buf_t *err) {
    db_stmt *st = db_query(store_db(s), err,
                           "SELECT idx, team_id, sub_id, name, grade FROM site_final_entrants WHERE final_id = ? ORDER BY idx "
                           "LIMIT ?",
                           "in", id, max);
    if (!st) return -1;
    int n = 0, rc = DB_DONE;
    while (n < max && (rc = db_step(st, err)) == DB_ROW) {
        out[n].idx = db_column_int(st, 0);
        out[n].team_id = db_column_int64(st, 1);
        out[n].sub_id = db_column_int64(st, 2);
        snprintf(out[n].name, sizeof out[n].name, "%s", db_column_text(st, 3));
        const char *grade = db_column_text(st, 4);
        out[n].grade_kept = grade != NULL;
        snprintf(out[n].grade, sizeof out[n].grade, "%s", grade ? grade : "");
        n++;
    }
    db_finalize(st);
    return rc == DB_ERROR ? -1 : n;
}
