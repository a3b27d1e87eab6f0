/* queue.c: the queue domain (see queue.h): jobs, attempts, workers, results, bundles; every
 * statement. Claims take the first ready job in one short transaction: on PostgreSQL with
 * FOR UPDATE SKIP LOCKED (claimers pass each other's rows instead of queueing on them), on SQLite
 * under BEGIN IMMEDIATE (one writer at a time). Lease times are the database server's clock. */
#include "queue.h"
#include "../core/jw.h"
#include "../core/xalloc.h"
#include <errno.h>
#include <signal.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const migrate_step queue_steps[] = {
    {1, "CREATE TABLE jobs("
        " id {id},"
        " owner_kind TEXT NOT NULL,"
        " owner_id BIGINT NOT NULL,"
        " owner_key BIGINT NOT NULL,"
        " spec TEXT NOT NULL,"
        " seed BIGINT NOT NULL,"
        " seed_index BIGINT NOT NULL,"
        " nseats BIGINT NOT NULL,"
        " requires TEXT,"
        " priority BIGINT NOT NULL,"
        " state TEXT NOT NULL CHECK(state IN ('queued', 'leased', 'done', 'failed', 'cancelled')),"
        " failures BIGINT NOT NULL,"
        " max_failures BIGINT NOT NULL,"
        " interruptions BIGINT NOT NULL,"
        " lease_token TEXT,"
        " lease_worker BIGINT,"
        " lease_expires DOUBLE PRECISION,"
        " reason TEXT,"
        " created DOUBLE PRECISION NOT NULL,"
        " updated DOUBLE PRECISION NOT NULL,"
        " UNIQUE(owner_kind, owner_id, owner_key));"
        "CREATE INDEX jobs_ready ON jobs(state, priority, id);"
        "CREATE INDEX jobs_owner ON jobs(owner_kind, owner_id, state);"
        "CREATE INDEX jobs_worker ON jobs(lease_worker);"
        "CREATE TABLE workers("
        " id {id},"
        " name TEXT NOT NULL,"
        " host TEXT NOT NULL,"
        " pid BIGINT NOT NULL,"
        " pid_start BIGINT NOT NULL,"
        " cpu TEXT NOT NULL,"
        " tags TEXT NOT NULL,"
        " state TEXT NOT NULL,"
        " started DOUBLE PRECISION NOT NULL,"
        " last_seen DOUBLE PRECISION NOT NULL);"
        "CREATE TABLE attempts("
        " id {id},"
        " job_id BIGINT NOT NULL REFERENCES jobs(id),"
        " token TEXT NOT NULL UNIQUE,"
        " worker_id BIGINT,"
        " outcome TEXT NOT NULL,"
        " reason TEXT,"
        " started DOUBLE PRECISION NOT NULL,"
        " ended DOUBLE PRECISION);"
        "CREATE INDEX attempts_job ON attempts(job_id);"
        "CREATE TABLE results("
        " job_id BIGINT PRIMARY KEY REFERENCES jobs(id),"
        " status TEXT NOT NULL CHECK(status IN ('done', 'failed')),"
        " turns BIGINT NOT NULL,"
        " seconds DOUBLE PRECISION NOT NULL,"
        " attempts BIGINT NOT NULL,"
        " error TEXT,"
        " replay TEXT,"
        " finished TEXT NOT NULL,"
        " worker TEXT,"
        " cpu TEXT);"
        "CREATE TABLE result_seats("
        " job_id BIGINT NOT NULL REFERENCES results(job_id),"
        " seat BIGINT NOT NULL,"
        " player BIGINT NOT NULL,"
        " score DOUBLE PRECISION,"
        " rank BIGINT,"
        " late BIGINT NOT NULL, down BIGINT NOT NULL, invalid BIGINT NOT NULL, crash BIGINT NOT NULL,"
        " moves BIGINT NOT NULL,"
        " think_ms DOUBLE PRECISION NOT NULL,"
        " PRIMARY KEY(job_id, seat))"},
    /* The claim's order (priority DESC, id) straight from the index: no sort of the queued rows. */
    {2, "DROP INDEX IF EXISTS jobs_ready;"
        "CREATE INDEX jobs_ready ON jobs(state, priority DESC, id)"},
    /* Replays kept with their results (replays.h): gzip-compressed JSONL, one per job. */
    {3, "CREATE TABLE replays(job_id BIGINT PRIMARY KEY REFERENCES jobs(id), data {blob} NOT NULL)"},
    /* A claim is one statement: the attempt's start stays in the job until the attempt ends, when
     * its attempts row is written whole (queue_end_attempt). */
    {4, "ALTER TABLE jobs ADD COLUMN lease_started DOUBLE PRECISION"},
    /* The worker's machine as its process ids see it (queue_boot_identity): a host name is not one
     * (two clones, containers on the host's network), and a process of another machine looked dead
     * here, so each machine took back the other's leases. NULL: registered by an older Arena. */
    {5, "ALTER TABLE workers ADD COLUMN boot TEXT"},
    /* The lease the worker's heartbeats renew: silent for longer, it is lost (killed, its machine
     * gone, cut off), which only a worker of its own machine could tell by its pid; --status
     * showed such a worker as running for ever. NULL: it has not beaten yet, or an older Arena's. */
    {6, "ALTER TABLE workers ADD COLUMN lease DOUBLE PRECISION"},
};

const migrate_domain queue_schema = {"queue", queue_steps, sizeof queue_steps / sizeof queue_steps[0]};

static bool queue_insert(store_t *s, const queue_job *jobs, int n, bool update, buf_t *err) {
    db_t *db = store_db(s);
    if (!db_begin(db, err)) return false;
    for (int i = 0; i < n; i++) {
        const queue_job *j = &jobs[i];
        if (!db_do(db, err, NULL,
                   update ? "INSERT INTO jobs(owner_kind, owner_id, owner_key, spec, seed, seed_index, nseats, requires, "
                            "priority, state, failures, max_failures, interruptions, created, updated) "
                            "VALUES(?,?,?,?,?,?,?,?,?,'queued',0,?,0,{now},{now}) "
                            "ON CONFLICT(owner_kind, owner_id, owner_key) DO UPDATE SET spec = excluded.spec, "
                            "requires = excluded.requires, max_failures = excluded.max_failures, updated = {now} "
                            "WHERE jobs.state IN ('queued', 'leased', 'cancelled')"
                          : "INSERT INTO jobs(owner_kind, owner_id, owner_key, spec, seed, seed_index, nseats, requires, "
                            "priority, state, failures, max_failures, interruptions, created, updated) "
                            "VALUES(?,?,?,?,?,?,?,?,?,'queued',0,?,0,{now},{now}) "
                            "ON CONFLICT(owner_kind, owner_id, owner_key) DO NOTHING",
                   "tiitiintnn", j->owner_kind, j->owner_id, j->owner_key, j->spec, (int64_t)j->seed,
                   (int64_t)j->seed_index, j->nseats, j->requires, j->priority,
                   j->max_failures > 0 ? j->max_failures : QUEUE_MAX_FAILURES)) {
            db_rollback(db);
            return false;
        }
    }
    return db_commit(db, err);
}

bool queue_add(store_t *s, const queue_job *jobs, int n, buf_t *err) { return queue_insert(s, jobs, n, false, err); }

bool queue_add_update(store_t *s, const queue_job *jobs, int n, buf_t *err) {
    return queue_insert(s, jobs, n, true, err);
}

bool queue_requeue(store_t *s, const char *owner_kind, int64_t owner_id, bool failed, bool cancelled, buf_t *err) {
    db_t *db = store_db(s);
    if (!db_begin(db, err)) return false;
    bool ok = true;
    if (failed)
        ok = db_do(db, err, NULL,
                   "DELETE FROM result_seats WHERE job_id IN (SELECT id FROM jobs WHERE owner_kind = ? AND owner_id = ? "
                   "AND state = 'failed')",
                   "ti", owner_kind, owner_id) &&
             db_do(db, err, NULL,
                   "DELETE FROM results WHERE job_id IN (SELECT id FROM jobs WHERE owner_kind = ? AND owner_id = ? "
                   "AND state = 'failed')",
                   "ti", owner_kind, owner_id) &&
             db_do(db, err, NULL,
                   "DELETE FROM replays WHERE job_id IN (SELECT id FROM jobs WHERE owner_kind = ? AND owner_id = ? "
                   "AND state = 'failed')",
                   "ti", owner_kind, owner_id) &&
             db_do(db, err, NULL,
                   "UPDATE jobs SET state = 'queued', failures = 0, reason = NULL, updated = {now} "
                   "WHERE owner_kind = ? AND owner_id = ? AND state = 'failed'",
                   "ti", owner_kind, owner_id);
    if (ok && cancelled)
        ok = db_do(db, err, NULL,
                   "UPDATE jobs SET state = 'queued', updated = {now} WHERE owner_kind = ? AND owner_id = ? "
                   "AND state = 'cancelled'",
                   "ti", owner_kind, owner_id);
    if (!ok) {
        db_rollback(db);
        return false;
    }
    return db_commit(db, err);
}

bool queue_set_requires(store_t *s, const char *owner_kind, int64_t owner_id, const char *requires, buf_t *err) {
    return db_do(store_db(s), err, NULL,
                 /* only the rows that change ('' is no tag: a tag is never empty) */
                 "UPDATE jobs SET requires = ? WHERE owner_kind = ? AND owner_id = ? AND state <> 'done' "
                 "AND coalesce(requires, '') <> coalesce(CAST(? AS TEXT), '')",
                 "ttit", requires, owner_kind, owner_id, requires);
}

bool queue_cancel(store_t *s, const char *owner_kind, int64_t owner_id, buf_t *err) {
    return db_do(store_db(s), err, NULL,
                 "UPDATE jobs SET state = 'cancelled', updated = {now} WHERE owner_kind = ? AND owner_id = ? "
                 "AND state = 'queued'",
                 "ti", owner_kind, owner_id);
}

bool queue_cancel_all(store_t *s, const char *owner_kind, int64_t owner_id, int64_t *cancelled, buf_t *err) {
    int64_t n = 0;
    if (!db_do(store_db(s), err, &n,
               "UPDATE jobs SET state = 'cancelled', lease_token = NULL, lease_worker = NULL, lease_expires = NULL, "
               "updated = {now} WHERE owner_kind = ? AND owner_id = ? AND state IN ('queued', 'leased')",
               "ti", owner_kind, owner_id))
        return false;
    if (cancelled) *cancelled = n;
    return true;
}

int64_t queue_find(store_t *s, const char *owner_kind, int64_t owner_id, int64_t owner_key) {
    int64_t id = 0;
    return db_get_int64(store_db(s), NULL, &id,
                        "SELECT id FROM jobs WHERE owner_kind = ? AND owner_id = ? AND owner_key = ?", "tii",
                        owner_kind, owner_id, owner_key) == 1
               ? id
               : 0;
}

bool queue_state(store_t *s, int64_t job, char state[16]) {
    db_stmt *st = db_query(store_db(s), NULL, "SELECT state FROM jobs WHERE id = ?", "i", job);
    bool found = st && db_step(st, NULL) == DB_ROW;
    if (found) snprintf(state, 16, "%s", db_column_text(st, 0) ? db_column_text(st, 0) : "?");
    db_finalize(st);
    return found;
}

/* ---------- workers ---------- */

/* The start time of a process (clock ticks since boot, /proc/PID/stat field 22): with the pid it
 * names one process, even after the pid is reused. 0 when it cannot be read (no such process). */
static int64_t queue_pid_start(long pid) {
    char path[64], buf[1024];
    snprintf(path, sizeof path, "/proc/%ld/stat", pid);
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    char *p = strrchr(buf, ')');
    if (!p) return 0;
    long long start = 0;
    /* after ")": state (3) ... starttime (22): skip 19 fields */
    for (int field = 3; field < 22 && p; field++) p = strchr(p + 1, ' ');
    if (!p || sscanf(p + 1, "%lld", &start) != 1) return 0;
    return start;
}

static void queue_cpu_model(char *out, size_t n) {
    snprintf(out, n, "unknown");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f) return;
    char line[512];
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "model name", 10) != 0) continue;
        char *colon = strchr(line, ':');
        if (!colon) continue;
        colon++;
        while (*colon == ' ') colon++;
        colon[strcspn(colon, "\n")] = 0;
        snprintf(out, n, "%s", colon);
        break;
    }
    fclose(f);
}

static void queue_hostname(char *out, size_t n) {
    if (gethostname(out, n) != 0) snprintf(out, n, "unknown");
    out[n - 1] = 0;
}

/* Where this process's pid means something: the kernel's boot (a random id drawn at every boot,
 * so two machines, or two clones of one VM, never share it) and the pid namespace (containers on
 * one kernel, each with pids of its own). Two processes with the same identity see each other's
 * pids, so a worker whose process this one cannot see is gone; any other worker's pid says nothing
 * here. "" when the kernel does not tell (no /proc): then no worker is judged by its pid. */
static void queue_boot_identity(char *out, size_t n) {
    out[0] = 0;
    char boot[64] = "", ns[64] = "";
    FILE *f = fopen("/proc/sys/kernel/random/boot_id", "r");
    if (f) {
        if (!fgets(boot, sizeof boot, f)) boot[0] = 0;
        fclose(f);
    }
    boot[strcspn(boot, "\n")] = 0;
    ssize_t len = readlink("/proc/self/ns/pid", ns, sizeof ns - 1);
    ns[len > 0 ? len : 0] = 0;
    if (boot[0] && ns[0]) snprintf(out, n, "%s/%s", boot, ns);
}

bool queue_worker_register(store_t *s, const char *name, const char *tags, queue_worker *w, buf_t *err) {
    memset(w, 0, sizeof *w);
    queue_hostname(w->host, sizeof w->host);
    queue_cpu_model(w->cpu, sizeof w->cpu);
    if (name && *name) snprintf(w->name, sizeof w->name, "%s", name);
    else snprintf(w->name, sizeof w->name, "%.40s-%ld", w->host, (long)getpid());
    /* ",a,b,": a job's requirement T matches when ",T," occurs in it */
    snprintf(w->tags, sizeof w->tags, ",%s,", tags ? tags : "");
    long pid = (long)getpid();
    char boot[128];
    queue_boot_identity(boot, sizeof boot);
    return db_get_int64(store_db(s), err, &w->id,
                        "INSERT INTO workers(name, host, pid, pid_start, cpu, tags, state, started, last_seen, boot) "
                        "VALUES(?,?,?,?,?,?,'running',{now},{now},?) RETURNING id",
                        "ttiittt", w->name, w->host, (int64_t)pid, queue_pid_start(pid), w->cpu, w->tags,
                        boot[0] ? boot : NULL) == 1;
}

bool queue_lease_ok(double lease_s, double heartbeat_s, buf_t *err) {
    double lease = lease_s > 0 ? lease_s : QUEUE_LEASE_DEFAULT_S, beat = heartbeat_s > 0 ? heartbeat_s : QUEUE_HEARTBEAT_S;
    if (lease >= 3 * beat && lease >= 3) return true;
    buf_printf(err,
               "a lease of %g s with a heartbeat every %g s: the lease must be at least 3 heartbeats and 3 s (a "
               "shorter one expires during the match, whose result is then refused and which is played again)",
               lease, beat);
    return false;
}

int queue_worker_beat(store_t *s, const queue_worker *w, double lease_s, buf_t *err) {
    db_t *db = store_db(s);
    int64_t renewed = 0;
    if (!db_do(db, err, NULL, "UPDATE workers SET last_seen = {now}, state = 'running', lease = ? WHERE id = ?", "di",
               lease_s, w->id) ||
        !db_do(db, err, &renewed,
               "UPDATE jobs SET lease_expires = {now} + ? WHERE lease_worker = ? AND state = 'leased'", "di", lease_s,
               w->id))
        return -1;
    return (int)renewed;
}

int queue_held(store_t *s, const queue_worker *w, int64_t *jobs, char (*tokens)[40], int max, buf_t *err) {
    db_stmt *st = db_query(store_db(s), err,
                           "SELECT id, lease_token FROM jobs WHERE lease_worker = ? AND state = 'leased' ORDER BY id",
                           "i", w->id);
    int n = 0, rc = DB_ERROR;
    while (st && (rc = db_step(st, err)) == DB_ROW && n < max) {
        jobs[n] = db_column_int64(st, 0);
        snprintf(tokens[n], 40, "%s", db_column_text(st, 1) ? db_column_text(st, 1) : "");
        n++;
    }
    db_finalize(st);
    return rc == DB_ERROR ? -1 : n;
}

void queue_worker_stop(store_t *s, const queue_worker *w) {
    db_do(store_db(s), NULL, NULL, "UPDATE workers SET state = 'stopped', last_seen = {now} WHERE id = ?", "i", w->id);
}

/* ---------- claims ---------- */

static void queue_new_token(char out[40]) {
    unsigned char r[16];
    randombytes_buf(r, sizeof r);
    for (int i = 0; i < 16; i++) snprintf(out + 2 * i, 3, "%02x", r[i]);
}

int queue_claim_next(store_t *s, const queue_worker *w, const char *owner_kind, int64_t owner_id, double lease_s,
                     queue_claim *c, buf_t *err) {
    db_t *db = store_db(s);
    memset(c, 0, sizeof *c);
    queue_new_token(c->token);
    /* One statement, so one round trip and atomic on its own: the inner SELECT picks the first
     * ready job (passing rows other claimers hold, on PostgreSQL) and the UPDATE leases it. */
    db_stmt *st = db_query(db, err,
                           "UPDATE jobs SET state = 'leased', lease_token = ?, lease_worker = ?, "
                           "lease_expires = {now} + ?, lease_started = {now}, updated = {now} "
                           "WHERE state = 'queued' AND id = (SELECT id FROM jobs WHERE state = 'queued' "
                           "AND (requires IS NULL OR ? LIKE '%,' || requires || ',%') "
                           "AND (CAST(? AS TEXT) IS NULL OR (owner_kind = ? AND owner_id = ?)) "
                           "ORDER BY priority DESC, id LIMIT 1 {skip_locked}) "
                           "RETURNING id, spec, owner_kind, owner_id, owner_key, seed, seed_index, nseats, failures, "
                           "max_failures",
                           "tidttti", c->token, w->id, lease_s, w->tags, owner_kind, owner_kind, owner_id);
    int rc = st ? db_step(st, err) : DB_ERROR;
    if (rc == DB_ROW) {
        c->job = db_column_int64(st, 0);
        c->spec = xstrdup(db_column_text(st, 1) ? db_column_text(st, 1) : "{}");
        snprintf(c->owner_kind, sizeof c->owner_kind, "%s", db_column_text(st, 2) ? db_column_text(st, 2) : "?");
        c->owner_id = db_column_int64(st, 3);
        c->owner_key = db_column_int64(st, 4);
        c->seed = (uint64_t)db_column_int64(st, 5);
        c->seed_index = (uint64_t)db_column_int64(st, 6);
        c->nseats = db_column_int(st, 7);
        c->failures = db_column_int(st, 8);
        c->max_failures = db_column_int(st, 9);
        /* finish the statement (SQLite applies RETURNING's changes at its end) */
        while ((rc = db_step(st, err)) == DB_ROW) {
        }
        rc = rc == DB_DONE ? DB_ROW : DB_ERROR;
    }
    db_finalize(st);
    if (rc != DB_ROW) {
        queue_claim_free(c);
        return rc == DB_DONE ? 0 : -1;
    }
    /* No attempts row yet: the job row holds the attempt (token, worker, start) until it ends. */
    return 1;
}

void queue_claim_free(queue_claim *c) {
    free(c->spec);
    c->spec = NULL;
}

/* Writes the result row and its seats for job (inside a transaction). */
static bool queue_write_result(db_t *db, int64_t job, const store_result *r, int attempts, buf_t *err) {
    char now[32];
    db_now_utc(now);
    if (!db_do(db, err, NULL,
               "INSERT INTO results(job_id, status, turns, seconds, attempts, error, replay, finished, worker, cpu) "
               "VALUES(?,?,?,?,?,?,?,?,?,?)",
               "itndntttt" "t", job, r->failed ? "failed" : "done", r->turns, r->seconds, attempts,
               r->error[0] ? r->error : NULL, r->replay[0] ? r->replay : NULL, now, r->worker[0] ? r->worker : NULL,
               r->cpu[0] ? r->cpu : NULL))
        return false;
    if (r->replay_gz && r->replay_gz_len &&
        !db_do(db, err, NULL,
               "INSERT INTO replays(job_id, data) VALUES(?,?) ON CONFLICT(job_id) DO UPDATE SET data = excluded.data",
               "ib", job, r->replay_gz, r->replay_gz_len))
        return false;
    int n = r->nseats < GAME_MAX_SEATS ? r->nseats : GAME_MAX_SEATS;
    if (n <= 0) return true;
    /* every seat in one statement (one round trip); the text depends only on n */
    char sql[1600];
    int len = snprintf(sql, sizeof sql,
                       "INSERT INTO result_seats(job_id, seat, player, score, rank, late, down, invalid, crash, moves, "
                       "think_ms) VALUES");
    for (int seat = 0; seat < n; seat++)
        len += snprintf(sql + len, sizeof sql - (size_t)len, "%s(?,?,?,?,?,?,?,?,?,?,?)", seat ? "," : "");
    db_stmt *st = db_prepare(db, sql, err);
    if (!st) return false;
    for (int seat = 0; seat < n; seat++) {
        int b = 11 * seat;
        db_bind_int64(st, b + 1, job);
        db_bind_int64(st, b + 2, seat);
        db_bind_int64(st, b + 3, r->entrant[seat]);
        if (r->failed) {
            db_bind_null(st, b + 4);
            db_bind_null(st, b + 5);
        } else {
            db_bind_double(st, b + 4, r->score[seat]);
            db_bind_int64(st, b + 5, r->rank[seat]);
        }
        db_bind_int64(st, b + 6, r->verdicts[seat][VERDICT_LATE]);
        db_bind_int64(st, b + 7, r->verdicts[seat][VERDICT_DOWN]);
        db_bind_int64(st, b + 8, r->verdicts[seat][VERDICT_INVALID]);
        db_bind_int64(st, b + 9, r->verdicts[seat][VERDICT_CRASH]);
        db_bind_int64(st, b + 10, r->moves[seat]);
        db_bind_double(st, b + 11, r->think_ms[seat]);
    }
    int rc = db_step(st, err);
    db_finalize(st);
    if (rc != DB_DONE) return false;
    return true;
}

/* The attempts row of an attempt that ended (the history: the jobs row is the truth). started: when
 * it was claimed (<= 0: unknown, now). A row already there (a claim of an older Arena, which wrote
 * it as 'running'; a lost attempt reporting late) takes the new outcome. */
static bool queue_end_attempt(db_t *db, int64_t job, const char *token, int64_t worker, double started,
                              const char *outcome, const char *reason, buf_t *err) {
    return db_do(db, err, NULL,
                 "INSERT INTO attempts(job_id, token, worker_id, outcome, reason, started, ended) "
                 "VALUES(?,?,?,?,?,CASE WHEN CAST(? AS DOUBLE PRECISION) > 0 THEN CAST(? AS DOUBLE PRECISION) "
                 "ELSE {now} END,{now}) ON CONFLICT(token) DO UPDATE SET outcome = excluded.outcome, "
                 "reason = excluded.reason, ended = excluded.ended",
                 "itittdd", job, token, worker, outcome, reason, started, started);
}

queue_report_rc queue_report(store_t *s, const queue_worker *w, const queue_claim *c, queue_outcome o,
                             const store_result *r, const char *reason, buf_t *err) {
    db_t *db = store_db(s);
    if (!db_begin(db, err)) return QUEUE_REPORT_ERROR;
    /* The job, locked, and this attempt's outcome if it was reported before (a lost reply: then
     * it was stored, and nothing changes). */
    db_stmt *st = db_query(db, err,
                           "SELECT state, lease_token, lease_expires - {now}, failures, max_failures, "
                           "(SELECT outcome FROM attempts WHERE token = ?), lease_started FROM jobs WHERE id = ? "
                           "{for_update}",
                           "ti", c->token, c->job);
    int rc = st ? db_step(st, err) : DB_ERROR;
    bool holds = false, mine = false, cancelled = false;
    double left = 0, started = 0;
    int failures = 0, max_failures = QUEUE_MAX_FAILURES;
    char outcome[16] = "";
    if (rc == DB_ROW) {
        const char *state = db_column_text(st, 0), *token = db_column_text(st, 1);
        left = db_column_double(st, 2);
        mine = state && strcmp(state, "leased") == 0 && token && strcmp(token, c->token) == 0;
        holds = mine && left >= 0;
        cancelled = state && strcmp(state, "cancelled") == 0;
        started = mine ? db_column_double(st, 6) : 0;
        failures = db_column_int(st, 3);
        max_failures = db_column_int(st, 4);
        snprintf(outcome, sizeof outcome, "%s", db_column_text(st, 5) ? db_column_text(st, 5) : "");
    }
    db_finalize(st);
    if (rc == DB_ERROR) goto fail;
    if (strcmp(outcome, "done") == 0 || strcmp(outcome, "failed") == 0 || strcmp(outcome, "interrupted") == 0 ||
        strcmp(outcome, "unplayable") == 0 || strcmp(outcome, "gave_up") == 0) {
        db_rollback(db);
        return strcmp(outcome, "failed") == 0 || strcmp(outcome, "interrupted") == 0 ? QUEUE_REPORT_REQUEUED
               : strcmp(outcome, "done") == 0                                        ? QUEUE_REPORT_STORED
                                                                                      : QUEUE_REPORT_FAILED;
    }
    if (!holds) {
        queue_end_attempt(db, c->job, c->token, w->id, started, "lost", "reported after the lease was lost", NULL);
        db_commit(db, NULL);
        if (cancelled) /* no other attempt plays it (queue_cancel_all) */
            buf_printf(err, "job %lld: result refused: this attempt no longer holds the lease (the match was cancelled)",
                       (long long)c->job);
        else
            buf_printf(err,
                       "job %lld: result refused: this attempt no longer holds the lease (%s); the match is played by "
                       "another attempt",
                       (long long)c->job, left < 0 ? "it expired: no heartbeat in time" : "it was taken back");
        return QUEUE_REPORT_LOST;
    }
    queue_report_rc out;
    if (o == QUEUE_DONE || o == QUEUE_UNPLAYABLE ||
        (o == QUEUE_BOT_FAILURE && failures + 1 >= (max_failures > 0 ? max_failures : 1))) {
        store_result fr = *r;
        int attempts = failures + 1;
        if (o != QUEUE_DONE) {
            fr.failed = true;
            if (!fr.error[0]) snprintf(fr.error, sizeof fr.error, "%s", reason ? reason : "failed");
        }
        if (!fr.worker[0]) snprintf(fr.worker, sizeof fr.worker, "%s@%s", w->name, w->host);
        if (!fr.cpu[0]) snprintf(fr.cpu, sizeof fr.cpu, "%s", w->cpu);
        if (!queue_write_result(db, c->job, &fr, attempts, err) ||
            !db_do(db, err, NULL,
                   "UPDATE jobs SET state = ?, failures = ?, reason = ?, lease_token = NULL, lease_worker = NULL, "
                   "lease_expires = NULL, updated = {now} WHERE id = ?",
                   "tnti", o == QUEUE_DONE ? "done" : "failed", o == QUEUE_BOT_FAILURE ? failures + 1 : failures,
                   o == QUEUE_DONE ? NULL : fr.error, c->job) ||
            !queue_end_attempt(db, c->job, c->token, w->id, started,
                               o == QUEUE_DONE ? "done" : o == QUEUE_UNPLAYABLE ? "unplayable" : "gave_up",
                               o == QUEUE_DONE ? NULL : fr.error, err))
            goto fail;
        out = o == QUEUE_DONE ? QUEUE_REPORT_STORED : QUEUE_REPORT_FAILED;
    } else {
        bool bot = o == QUEUE_BOT_FAILURE;
        if (!db_do(db, err, NULL,
                   "UPDATE jobs SET state = 'queued', failures = failures + ?, interruptions = interruptions + ?, "
                   "reason = ?, lease_token = NULL, lease_worker = NULL, lease_expires = NULL, updated = {now} "
                   "WHERE id = ?",
                   "nnti", bot ? 1 : 0, bot ? 0 : 1, reason, c->job) ||
            !queue_end_attempt(db, c->job, c->token, w->id, started, bot ? "failed" : "interrupted", reason, err))
            goto fail;
        out = QUEUE_REPORT_REQUEUED;
    }
    if (!db_commit(db, err)) return QUEUE_REPORT_ERROR;
    return out;
fail:
    db_rollback(db);
    return QUEUE_REPORT_ERROR;
}

bool queue_store_result(store_t *s, const char *owner_kind, int64_t owner_id, const store_result *r, buf_t *err) {
    db_t *db = store_db(s);
    int64_t job = 0;
    if (!db_begin(db, err)) return false;
    if (!db_do(db, err, NULL,
               "INSERT INTO jobs(owner_kind, owner_id, owner_key, spec, seed, seed_index, nseats, priority, state, "
               "failures, max_failures, interruptions, created, updated) VALUES(?,?,?,'{}',?,?,?,0,'queued',0,?,0,"
               "{now},{now}) ON CONFLICT(owner_kind, owner_id, owner_key) DO NOTHING",
               "tiniinn", owner_kind, owner_id, r->idx, (int64_t)r->seed, (int64_t)r->seed_index, r->nseats,
               QUEUE_MAX_FAILURES) ||
        db_get_int64(db, err, &job, "SELECT id FROM jobs WHERE owner_kind = ? AND owner_id = ? AND owner_key = ?", "tin",
                     owner_kind, owner_id, r->idx) != 1 ||
        !db_do(db, err, NULL, "DELETE FROM result_seats WHERE job_id = ?", "i", job) ||
        !db_do(db, err, NULL, "DELETE FROM results WHERE job_id = ?", "i", job) ||
        !queue_write_result(db, job, r, r->attempts > 0 ? r->attempts : 1, err) ||
        !db_do(db, err, NULL,
               "UPDATE jobs SET state = ?, reason = ?, lease_token = NULL, lease_worker = NULL, lease_expires = NULL, "
               "updated = {now} WHERE id = ?",
               "tti", r->failed ? "failed" : "done", r->failed ? r->error : NULL, job)) {
        db_rollback(db);
        return false;
    }
    return db_commit(db, err);
}

int queue_reclaim(store_t *s, buf_t *err) {
    db_t *db = store_db(s);
    char boot[128];
    queue_boot_identity(boot, sizeof boot);
    /* Workers of this boot of this machine (the same pids: not merely the same host name) whose
     * process is gone: their leases end now. Any other's end when they expire. */
    db_stmt *st = db_query(db, err, "SELECT id, pid, pid_start FROM workers WHERE boot = ? AND state = 'running'", "t",
                           boot);
    if (!st) return -1;
    int64_t dead[256];
    int ndead = 0, rc;
    while ((rc = db_step(st, err)) == DB_ROW && ndead < 256) {
        long pid = (long)db_column_int64(st, 1);
        int64_t start = db_column_int64(st, 2);
        bool alive = pid > 0 && (kill((pid_t)pid, 0) == 0 || errno == EPERM) && queue_pid_start(pid) == start;
        if (!alive) dead[ndead++] = db_column_int64(st, 0);
    }
    db_finalize(st);
    if (rc == DB_ERROR) return -1;
    for (int i = 0; i < ndead; i++)
        if (!db_do(db, err, NULL, "UPDATE workers SET state = 'dead' WHERE id = ?", "i", dead[i]) ||
            !db_do(db, err, NULL, "UPDATE jobs SET lease_expires = 0 WHERE lease_worker = ? AND state = 'leased'", "i",
                   dead[i]))
            return -1;
    /* Expired leases: each job and its attempt in one transaction. */
    if (!db_begin(db, err)) return -1;
    st = db_query(db, err,
                  "SELECT id, lease_token, lease_worker, lease_started FROM jobs WHERE state = 'leased' "
                  "AND lease_expires < {now} ORDER BY id LIMIT 1000 {skip_locked}",
                  "");
    int64_t ids[1000], workers[1000];
    double started[1000];
    char tokens[1000][40];
    int n = 0;
    while (st && (rc = db_step(st, err)) == DB_ROW && n < 1000) {
        ids[n] = db_column_int64(st, 0);
        snprintf(tokens[n], sizeof tokens[n], "%s", db_column_text(st, 1) ? db_column_text(st, 1) : "");
        workers[n] = db_column_int64(st, 2);
        started[n] = db_column_double(st, 3);
        n++;
    }
    db_finalize(st);
    if (!st || rc == DB_ERROR) goto fail;
    for (int i = 0; i < n; i++)
        if (!db_do(db, err, NULL,
                   "UPDATE jobs SET state = 'queued', lease_token = NULL, lease_worker = NULL, lease_expires = NULL, "
                   "interruptions = interruptions + 1, reason = 'its worker went silent', updated = {now} WHERE id = ?",
                   "i", ids[i]) ||
            !queue_end_attempt(db, ids[i], tokens[i], workers[i], started[i], "lost",
                               "the lease expired (the worker went silent or died)", err))
            goto fail;
    if (!db_commit(db, err)) return -1;
    return n;
fail:
    db_rollback(db);
    return -1;
}

void queue_read_result(db_stmt *st, int col, store_result *r) {
    memset(r, 0, sizeof *r);
    for (int k = 0; k < GAME_MAX_SEATS; k++) r->entrant[k] = -1;
    r->idx = db_column_int(st, col);
    r->seed_index = (uint64_t)db_column_int64(st, col + 1);
    r->seed = (uint64_t)db_column_int64(st, col + 2);
    r->nseats = db_column_int(st, col + 3);
    if (r->nseats < 0 || r->nseats > GAME_MAX_SEATS) r->nseats = 0; /* stored data is untrusted */
    const char *status = db_column_text(st, col + 4);
    r->failed = !status || strcmp(status, "done") != 0;
    r->turns = db_column_int(st, col + 5);
    r->seconds = db_column_double(st, col + 6);
    r->attempts = db_column_int(st, col + 7);
    const char *t;
    if ((t = db_column_text(st, col + 8))) snprintf(r->error, sizeof r->error, "%s", t);
    if ((t = db_column_text(st, col + 9))) snprintf(r->replay, sizeof r->replay, "%s", t);
    if ((t = db_column_text(st, col + 10))) snprintf(r->worker, sizeof r->worker, "%s", t);
    if ((t = db_column_text(st, col + 11))) snprintf(r->cpu, sizeof r->cpu, "%s", t);
}

void queue_read_seat(db_stmt *st, int col, store_result *r, int seat) {
    r->entrant[seat] = db_column_int(st, col);
    r->score[seat] = db_column_double(st, col + 1);
    r->rank[seat] = db_column_int(st, col + 2);
    r->verdicts[seat][VERDICT_LATE] = db_column_int(st, col + 3);
    r->verdicts[seat][VERDICT_DOWN] = db_column_int(st, col + 4);
    r->verdicts[seat][VERDICT_INVALID] = db_column_int(st, col + 5);
    r->verdicts[seat][VERDICT_CRASH] = db_column_int(st, col + 6);
    r->moves[seat] = db_column_int(st, col + 7);
    r->think_ms[seat] = db_column_double(st, col + 8);
}

bool queue_result_load(store_t *s, int64_t job, store_result *r, buf_t *err) {
    db_t *db = store_db(s);
    memset(r, 0, sizeof *r);
    db_stmt *st = db_query(db, err,
                           "SELECT j.owner_key, j.seed_index, j.seed, j.nseats, r.status, r.turns, r.seconds, r.attempts, "
                           "r.error, r.replay, r.worker, r.cpu FROM results r JOIN jobs j ON j.id = r.job_id "
                           "WHERE r.job_id = ?",
                           "i", job);
    int rc = st ? db_step(st, err) : DB_ERROR;
    if (rc == DB_ROW) queue_read_result(st, 0, r);
    db_finalize(st);
    if (rc != DB_ROW) return false;
    st = db_query(db, err,
                  "SELECT seat, player, score, rank, late, down, invalid, crash, moves, think_ms FROM result_seats "
                  "WHERE job_id = ? ORDER BY seat",
                  "i", job);
    while (st && (rc = db_step(st, err)) == DB_ROW) {
        int seat = db_column_int(st, 0);
        if (seat >= 0 && seat < r->nseats) queue_read_seat(st, 1, r, seat);
    }
    db_finalize(st);
    return st && rc == DB_DONE;
}

bool queue_count(store_t *s, const char *owner_kind, int64_t owner_id, queue_counts *q, buf_t *err) {
    memset(q, 0, sizeof *q);
    db_stmt *st = db_query(store_db(s), err,
                           "SELECT state, count(*), coalesce({now} - min(created), 0) FROM jobs "
                           "WHERE (CAST(? AS TEXT) IS NULL OR (owner_kind = ? AND (CAST(? AS BIGINT) < 0 OR owner_id = ?))) "
                           "GROUP BY state",
                           "ttii", owner_kind, owner_kind, owner_id, owner_id);
    int rc = DB_ERROR;
    while (st && (rc = db_step(st, err)) == DB_ROW) {
        const char *state = db_column_text(st, 0);
        int64_t n = db_column_int64(st, 1);
        if (!state) continue;
        if (strcmp(state, "queued") == 0) {
            q->queued = n;
            q->oldest_queued_s = db_column_double(st, 2);
        } else if (strcmp(state, "leased") == 0) q->leased = n;
        else if (strcmp(state, "done") == 0) q->done = n;
        else if (strcmp(state, "failed") == 0) q->failed = n;
        else if (strcmp(state, "cancelled") == 0) q->cancelled = n;
    }
    db_finalize(st);
    return rc == DB_DONE;
}

int64_t queue_open_for(store_t *s, const queue_worker *w, buf_t *err) {
    int64_t n = 0;
    /* the claim's own test of a requirement (queue_claim_next) */
    return db_get_int64(store_db(s), err, &n,
                        "SELECT count(*) FROM jobs WHERE state IN ('queued', 'leased') "
                        "AND (requires IS NULL OR ? LIKE '%,' || requires || ',%')",
                        "t", w->tags) == 1
               ? n
               : -1;
}

/* Rows (requires, count), the most common first: their sum, and the first's tag in tag; -1 when
 * the query failed (st NULL or a step's error, in err). */
static int64_t queue_tag_counts(db_stmt *st, char tag[64], buf_t *err) {
    int64_t n = 0;
    int rc = st ? db_step(st, err) : DB_ERROR;
    while (rc == DB_ROW) {
        if (!tag[0]) snprintf(tag, 64, "%s", db_column_text(st, 0) ? db_column_text(st, 0) : "");
        n += db_column_int64(st, 1);
        rc = db_step(st, err);
    }
    db_finalize(st);
    return rc == DB_DONE ? n : -1;
}

int64_t queue_left_for_tags(store_t *s, const queue_worker *w, char tag[64], buf_t *err) {
    tag[0] = 0;
    /* the claim's own test of a requirement (queue_claim_next), negated */
    db_stmt *st = db_query(store_db(s), err,
                           "SELECT requires, count(*) FROM jobs WHERE state = 'queued' AND requires IS NOT NULL "
                           "AND NOT ? LIKE '%,' || requires || ',%' GROUP BY requires ORDER BY count(*) DESC, requires",
                           "t", w->tags);
    return queue_tag_counts(st, tag, err);
}

int64_t queue_waiting_for_tag(store_t *s, const char *owner_kind, int64_t owner_id, char tag[64], buf_t *err) {
    tag[0] = 0;
    /* the claim's own test of a requirement (queue_claim_next), against every live worker */
    db_stmt *st = db_query(store_db(s), err,
                           "SELECT requires, count(*) FROM jobs j WHERE owner_kind = ? AND owner_id = ? "
                           "AND state = 'queued' AND requires IS NOT NULL AND NOT EXISTS (SELECT 1 FROM workers w "
                           "WHERE w.state = 'running' AND w.last_seen > {now} - COALESCE(w.lease, ?) "
                           "AND w.tags LIKE '%,' || j.requires || ',%') "
                           "GROUP BY requires ORDER BY count(*) DESC, requires",
                           "tid", owner_kind, owner_id, QUEUE_LEASE_S);
    return queue_tag_counts(st, tag, err);
}

/* The stored tags are ",a,b," (the commas let one LIKE match a whole tag): a list of the tags in
 * JSON, so a program (the site's queue table) need not know the stored form. */
static void queue_tags_json(buf_t *out, const char *tags) {
    buf_puts(out, ",\"tags\":[");
    int n = 0;
    for (const char *p = tags ? tags : ""; *p;) {
        size_t len = strcspn(p, ",");
        if (len) {
            buf_puts(out, n++ ? ",\"" : "\"");
            jw_escape(out, p, len);
            buf_putc(out, '"');
        }
        p += len + (p[len] == ',');
    }
    buf_putc(out, ']');
}

bool queue_workers_report(store_t *s, bool json, bool all, int64_t *hidden, buf_t *out, buf_t *err) {
    if (hidden) *hidden = 0;
    if (!all && hidden &&
        db_get_int64(store_db(s), err, hidden, "SELECT count(*) FROM workers WHERE {now} - last_seen > ? * COALESCE(lease, ?)",
                     "dd", (double)QUEUE_RECENT_LEASES, QUEUE_LEASE_S) < 0)
        return false;
    /* A running worker silent for longer than its lease is lost: its leases have expired (or will
     * at the next reclaim), and nothing else marks a worker of another machine that died. */
    db_stmt *st = db_query(store_db(s), err,
                           "SELECT name, host, cpu, tags, (SELECT count(*) FROM attempts a WHERE a.worker_id = w.id "
                           "AND a.outcome IN ('done', 'gave_up', 'unplayable')), "
                           "CASE WHEN state = 'running' AND {now} - last_seen > COALESCE(lease, ?) THEN 'lost' "
                           "ELSE state END, {now} - last_seen, pid, COALESCE(lease, ?) "
                           "FROM workers w WHERE ? = 1 OR {now} - last_seen <= ? * COALESCE(lease, ?) ORDER BY state, id",
                           "ddndd", QUEUE_LEASE_S, QUEUE_LEASE_S, all ? 1 : 0, (double)QUEUE_RECENT_LEASES, QUEUE_LEASE_S);
    if (!st) return false;
    int rc, n = 0;
    if (json) buf_puts(out, "[");
    while ((rc = db_step(st, err)) == DB_ROW) {
        const char *name = db_column_text(st, 0), *host = db_column_text(st, 1), *cpu = db_column_text(st, 2),
                   *tags = db_column_text(st, 3), *state = db_column_text(st, 5);
        bool lost = state && strcmp(state, "lost") == 0;
        double seen = db_column_double(st, 6), lease = db_column_double(st, 8);
        if (json) {
            buf_puts(out, n ? "," : "");
            buf_puts(out, "{\"name\":");
            const char *fields[] = {name, host, cpu, state};
            const char *keys[] = {"name", "host", "cpu", "state"};
            for (int f = 0; f < 4; f++) {
                if (f) buf_printf(out, ",\"%s\":", keys[f]);
                buf_putc(out, '"');
                jw_escape(out, fields[f] ? fields[f] : "", strlen(fields[f] ? fields[f] : ""));
                buf_putc(out, '"');
            }
            queue_tags_json(out, tags);
            buf_printf(out, ",\"played\":%lld,\"last_seen_s\":%.1f,\"lease_s\":%.1f,\"pid\":%lld}",
                       (long long)db_column_int64(st, 4), seen, lease, (long long)db_column_int64(st, 7));
        } else {
            int tl = tags && strlen(tags) > 2 ? (int)strlen(tags) - 2 : 0; /* without the outer commas */
            buf_printf(out, "  %-24s %-16s %-8s %6lld played  seen %5.0f s ago  %s%s%.*s", name ? name : "?",
                       host ? host : "?", state ? state : "?", (long long)db_column_int64(st, 4), seen,
                       cpu ? cpu : "?", tl ? "  tags " : "", tl, tl ? tags + 1 : "");
            if (lost) buf_printf(out, "  (silent past its %.0f s lease: killed, or its machine gone or cut off)", lease);
            buf_putc(out, '\n');
        }
        n++;
    }
    if (json) buf_puts(out, "]");
    db_finalize(st);
    return rc == DB_DONE;
}
