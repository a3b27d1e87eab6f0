/* test_store_faults.c: the store when it fails, on an SQLite file or on the PostgreSQL database
 * named by ARENA_TEST_STORE (test_tourney_pg.sh runs it so). The failures are the engines' own:
 * a trigger that refuses a write (as a constraint or a full disk would), a schema step that does
 * not parse, a file that is not a database, a connection the server cut (while idle, while a
 * statement runs, inside a transaction). Each shows the call
 * says it failed with the engine's message, leaves nothing half written (its transaction rolled
 * back), and succeeds once the store is sound again; and a worker whose store refuses to take
 * back a lease it does not know says so (docs/mutants.md, worker.c:302); each failure is classed
 * (db_last_fault) as the worker needs: lasting, passing, or room. */
#include "t.h"
#include "store/bundle.h"
#include "store/bundles.h"
#include "store/db.h"
#include "store/migrate.h"
#include "store/queue.h"
#include "store/tourneys.h"
#include "core/clock.h"
#include "games/registry.h"
#include "tourney/jobspec.h"
#include "tourney/stored.h"
#include "tourney/worker.h"
#include "rt_job.h"
#include <sys/stat.h>
#include <unistd.h>
#define FIXTURE_KIND "fault"
#include "store_fixture.h"

static bool pg; /* the target is PostgreSQL */

/* Makes the store refuse a write: trigger `name` raises "refused by NAME" before event (INSERT,
 * UPDATE, DELETE) on table for the rows where `when` holds (NEW.column ... on both engines). */
static void refuse(store_t *s, const char *name, const char *table, const char *event, const char *when) {
    char sql[1200];
    if (pg)
        snprintf(sql, sizeof sql,
                 "CREATE FUNCTION %s_f() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by %s'; "
                 "END $$; CREATE TRIGGER %s BEFORE %s ON %s FOR EACH ROW WHEN (%s) EXECUTE FUNCTION %s_f()",
                 name, name, name, event, table, when, name);
    else
        snprintf(sql, sizeof sql,
                 "CREATE TRIGGER %s BEFORE %s ON %s FOR EACH ROW WHEN (%s) BEGIN SELECT RAISE(ABORT, 'refused by %s'); "
                 "END",
                 name, event, table, when, name);
    buf_t err;
    buf_init(&err);
    bool ok = db_exec(store_db(s), sql, &err);
    if (!ok) printf("# %s\n", buf_cstr(&err));
    CHECK(ok);
    buf_free(&err);
}

/* The store is sound again. */
static void allow(store_t *s, const char *name, const char *table) {
    char sql[300];
    if (pg) snprintf(sql, sizeof sql, "DROP TRIGGER %s ON %s; DROP FUNCTION %s_f()", name, table, name);
    else snprintf(sql, sizeof sql, "DROP TRIGGER %s", name);
    CHECK(db_exec(store_db(s), sql, NULL));
}

static void add(store_t *s, int64_t key) {
    queue_job j = {.owner_kind = "fault", .owner_id = owner, .owner_key = key, .spec = "{}", .seed = 10 + key,
                   .seed_index = key, .nseats = 2};
    buf_t err;
    buf_init(&err);
    CHECK(queue_add(s, &j, 1, &err));
    buf_free(&err);
}

static int claim(store_t *s, const queue_worker *w, queue_claim *c) {
    buf_t err;
    buf_init(&err);
    int rc = queue_claim_next(s, w, "fault", owner, 60, c, &err);
    if (rc < 0) printf("# %s\n", buf_cstr(&err));
    buf_free(&err);
    return rc;
}

/* A worker w that holds job 1 with claim c. */
static void claim_one(store_t *s, queue_worker *w, queue_claim *c) {
    buf_t err;
    buf_init(&err);
    CHECK(queue_worker_register(s, "faulty", NULL, w, &err));
    buf_free(&err);
    add(s, 1);
    CHECK_EQ_INT(claim(s, w, c), 1);
}

#define RESULTS "SELECT count(*) FROM results r JOIN jobs j ON j.id = r.job_id WHERE j.owner_kind = 'fault' AND j.owner_id = ?"
#define SEATS \
    "SELECT count(*) FROM result_seats r JOIN jobs j ON j.id = r.job_id WHERE j.owner_kind = 'fault' AND j.owner_id = ?"
#define ATTEMPTS \
    "SELECT count(*) FROM attempts a JOIN jobs j ON j.id = a.job_id WHERE j.owner_kind = 'fault' AND j.owner_id = ?"

/* A result whose attempt cannot be recorded is not stored at all: the result and its seats go
 * with the rest of the transaction, the job keeps its lease, and the same report goes through
 * once the store takes it. */
TEST(a_result_the_store_refuses_leaves_nothing_half_written) {
    FRESH(s);
    queue_worker w;
    queue_claim c;
    claim_one(s, &w, &c);
    store_result r = result_of(&c, 2);
    refuse(s, "no_attempts", "attempts", "INSERT", "NEW.outcome = 'done'");
    buf_t err;
    buf_init(&err);
    CHECK_EQ_INT(queue_report(s, &w, &c, QUEUE_DONE, &r, NULL, &err), QUEUE_REPORT_ERROR);
    CHECK(strstr(buf_cstr(&err), "refused by no_attempts") != NULL);
    CHECK(strstr(buf_cstr(&err), "(in: INSERT INTO attempts") != NULL); /* which statement failed */
    CHECK_EQ_INT(count(s, RESULTS), 0);
    CHECK_EQ_INT(count(s, SEATS), 0);
    CHECK_EQ_INT(count(s, ATTEMPTS), 0);
    CHECK_EQ_STR(state_of(s, 1), "leased");
    CHECK(!db_in_transaction(store_db(s)));
    allow(s, "no_attempts", "attempts");
    buf_reset(&err);
    CHECK_EQ_INT(queue_report(s, &w, &c, QUEUE_DONE, &r, NULL, &err), QUEUE_REPORT_STORED);
    CHECK_EQ_INT(count(s, RESULTS), 1);
    CHECK_EQ_INT(count(s, SEATS), 2);
    CHECK_EQ_STR(state_of(s, 1), "done");
    queue_claim_free(&c);
    buf_free(&err);
    store_close(s);
}

/* An interruption that cannot be written leaves the job leased to the attempt (it is reported
 * again, or its lease expires); nothing counts against it. */
TEST(an_interruption_the_store_refuses_keeps_the_lease) {
    FRESH(s);
    queue_worker w;
    queue_claim c;
    claim_one(s, &w, &c);
    store_result r = result_of(&c, 2);
    refuse(s, "no_requeue", "jobs", "UPDATE", "NEW.state = 'queued'");
    buf_t err;
    buf_init(&err);
    CHECK_EQ_INT(queue_report(s, &w, &c, QUEUE_INTERRUPTED, &r, "stopped", &err), QUEUE_REPORT_ERROR);
    CHECK(strstr(buf_cstr(&err), "refused by no_requeue") != NULL);
    CHECK_EQ_STR(state_of(s, 1), "leased");
    CHECK_EQ_INT(count(s, ATTEMPTS), 0);
    allow(s, "no_requeue", "jobs");
    CHECK_EQ_INT(queue_report(s, &w, &c, QUEUE_INTERRUPTED, &r, "stopped", &err), QUEUE_REPORT_REQUEUED);
    CHECK_EQ_STR(state_of(s, 1), "queued");
    CHECK_EQ_INT(count(s, "SELECT interruptions + 10 * failures FROM jobs WHERE owner_kind = 'fault' AND owner_id = ?"), 1);
    queue_claim_free(&c);
    buf_free(&err);
    store_close(s);
}

/* Jobs are enqueued all or none: a refused third job leaves the first two out as well. */
TEST(jobs_are_added_all_or_none) {
    FRESH(s);
    refuse(s, "no_third", "jobs", "INSERT", "NEW.owner_key = 3");
    queue_job j[3];
    for (int i = 0; i < 3; i++)
        j[i] = (queue_job){.owner_kind = "fault", .owner_id = owner, .owner_key = i + 1, .spec = "{}", .nseats = 2};
    buf_t err;
    buf_init(&err);
    CHECK(!queue_add(s, j, 3, &err));
    CHECK(strstr(buf_cstr(&err), "refused by no_third") != NULL);
    CHECK_EQ_INT(count(s, "SELECT count(*) FROM jobs WHERE owner_kind = 'fault' AND owner_id = ?"), 0);
    allow(s, "no_third", "jobs");
    CHECK(queue_add(s, j, 3, &err));
    CHECK_EQ_INT(count(s, "SELECT count(*) FROM jobs WHERE owner_kind = 'fault' AND owner_id = ?"), 3);
    buf_free(&err);
    store_close(s);
}

/* A result stored without a claim, and failed jobs put back in the queue, are one transaction
 * each: refused, they change nothing. */
TEST(a_refused_stored_result_or_requeue_changes_nothing) {
    FRESH(s);
    queue_worker w;
    queue_claim c;
    claim_one(s, &w, &c);
    store_result r = result_of(&c, 2);
    snprintf(r.error, sizeof r.error, "a bad seat");
    buf_t err;
    buf_init(&err);
    CHECK_EQ_INT(queue_report(s, &w, &c, QUEUE_UNPLAYABLE, &r, "a bad seat", &err), QUEUE_REPORT_FAILED);
    queue_claim_free(&c);
    /* the failed job back in the queue: its result goes first, which the store refuses */
    refuse(s, "no_delete", "results", "DELETE", "OLD.status = 'failed'");
    CHECK(!queue_requeue(s, "fault", owner, true, false, &err));
    CHECK(strstr(buf_cstr(&err), "refused by no_delete") != NULL);
    CHECK_EQ_STR(state_of(s, 1), "failed");
    CHECK_EQ_INT(count(s, RESULTS), 1);
    CHECK_EQ_INT(count(s, SEATS), 2); /* deleted before the refused row: rolled back with it */
    /* a result stored without a claim replaces the old one: refused, the old one stays */
    store_result done = result_of(&(queue_claim){.owner_key = 1, .seed = 11, .seed_index = 1}, 2);
    buf_reset(&err);
    CHECK(!queue_store_result(s, "fault", owner, &done, &err));
    CHECK(strstr(buf_cstr(&err), "refused by no_delete") != NULL);
    CHECK_EQ_STR(state_of(s, 1), "failed");
    allow(s, "no_delete", "results");
    CHECK(queue_store_result(s, "fault", owner, &done, &err));
    CHECK_EQ_STR(state_of(s, 1), "done");
    store_result back;
    CHECK(queue_result_load(s, queue_find(s, "fault", owner, 1), &back, &err));
    CHECK(!back.failed && back.turns == 33 && back.score[0] == 2 && back.entrant[1] == 8);
    buf_free(&err);
    store_close(s);
}

/* Expired leases that cannot be handed back stay as they were (the next reclaim tries again). */
TEST(expired_leases_the_store_cannot_hand_back_stay_leased_until_it_can) {
    FRESH(s);
    queue_worker w;
    queue_claim c;
    claim_one(s, &w, &c);
    buf_t err;
    buf_init(&err);
    CHECK(db_do(store_db(s), &err, NULL, "UPDATE jobs SET lease_expires = 0 WHERE id = ?", "i", c.job));
    refuse(s, "no_lost", "attempts", "INSERT", "NEW.outcome = 'lost'");
    CHECK_EQ_INT(queue_reclaim(s, &err), -1);
    CHECK(strstr(buf_cstr(&err), "refused by no_lost") != NULL);
    CHECK_EQ_STR(state_of(s, 1), "leased");
    CHECK(!db_in_transaction(store_db(s)));
    allow(s, "no_lost", "attempts");
    CHECK(queue_reclaim(s, &err) >= 1); /* other tests' expired leases may come back too */
    CHECK_EQ_STR(state_of(s, 1), "queued");
    CHECK_EQ_INT(count(s, ATTEMPTS), 1);
    queue_claim_free(&c);
    buf_free(&err);
    store_close(s);
}

/* A tournament is registered with all its entrants or not at all. */
TEST(a_tournament_whose_entrant_the_store_refuses_is_not_registered) {
    FRESH(s);
    char key[40], ann[40], bob[40], carol[40], when[80];
    snprintf(key, sizeof key, "fault-%lld", (long long)owner);
    snprintf(ann, sizeof ann, "ann-%lld", (long long)owner);
    snprintf(bob, sizeof bob, "bob-%lld", (long long)owner);
    snprintf(carol, sizeof carol, "carol-%lld", (long long)owner);
    snprintf(when, sizeof when, "NEW.name = '%s'", carol);
    const char *names[] = {ann, bob, carol}, *seats[] = {"builtin:a", "builtin:b", "builtin:c"};
    tourneys_new t = {.key = key, .key_noseed = key, .game = "chicken", .config = "{}", .format = "round-robin",
                      .seed = 1, .seats = 2, .planned = 6, .nentrants = 3, .names = names, .seat_texts = seats};
    refuse(s, "no_carol", "players", "INSERT", when);
    buf_t err;
    buf_init(&err);
    CHECK_EQ_INT(tourneys_create(s, &t, &err), 0);
    CHECK(strstr(buf_cstr(&err), "refused by no_carol") != NULL);
    CHECK_EQ_INT(tourneys_find(s, key), 0);
    int64_t n = -1;
    CHECK(db_get_int64(store_db(s), NULL, &n, "SELECT count(*) FROM players WHERE name = ?", "t", ann) == 1 && n == 0);
    allow(s, "no_carol", "players");
    int64_t id = tourneys_create(s, &t, &err);
    CHECK(id > 0 && tourneys_find(s, key) == id);
    store_tourney back;
    CHECK(tourneys_load(s, id, &back, &err));
    CHECK(back.nplayers == 3 && strcmp(back.names[2], carol) == 0 && strcmp(back.specs[0], "builtin:a") == 0);
    tourneys_free(&back);
    buf_reset(&err);
    CHECK(!tourneys_load(s, id + 1000, &back, &err));
    char want[80];
    snprintf(want, sizeof want, "no tournament %lld in the store", (long long)(id + 1000));
    CHECK_EQ_STR(buf_cstr(&err), want);
    buf_free(&err);
    store_close(s);
}

/* Two schedulers of one command started at once both find no tournament and register it: the
 * second's INSERT waits for the first's row and met its key, and the command stopped with
 * "duplicate key value violates unique constraint", saying the store could not be written. The
 * second now gets the first's tournament (its entrants once). */
TEST(a_tournament_registered_twice_at_once_is_one_tournament) {
    FRESH(s);
    char key[40], ann[40];
    snprintf(key, sizeof key, "twice-%lld", (long long)owner);
    snprintf(ann, sizeof ann, "ann-%lld", (long long)owner);
    const char *names[] = {ann, "bob"}, *seats[] = {"builtin:a", "builtin:b"};
    tourneys_new t = {.key = key, .key_noseed = key, .game = "chicken", .config = "{}", .format = "round-robin",
                      .seed = 1, .seats = 2, .planned = 2, .nentrants = 2, .names = names, .seat_texts = seats};
    buf_t err;
    buf_init(&err);
    int64_t id = tourneys_create(s, &t, &err), again = tourneys_create(s, &t, &err);
    CHECK(id > 0);
    CHECK_EQ_INT(again, id);
    CHECK(!db_in_transaction(store_db(s)));
    if (t_failed_now) printf("# %s\n", buf_cstr(&err));
    int64_t n = -1;
    CHECK(db_get_int64(store_db(s), NULL, &n, "SELECT count(*) FROM players WHERE name = ?", "t", ann) == 1 && n == 1);
    buf_free(&err);
    store_close(s);
}

/* A worker unpacks a bundle only as the store holds it under its SHA-256: one the store lacks, or
 * whose bytes were changed there, is refused and nothing is unpacked; a cache that cannot be made
 * says where. */
TEST(a_bundle_missing_or_tampered_with_in_the_store_is_not_unpacked) {
    FRESH(s);
    char root[] = "/tmp/arena-faults-XXXXXX", cache[100], blocked[120], dest[200];
    CHECK(mkdtemp(root) != NULL);
    snprintf(cache, sizeof cache, "%s/cache", root);
    buf_t err, tgz, other;
    buf_init(&err);
    buf_init(&tgz);
    buf_init(&other);
    char sha[65] = "", zeros[65];
    memset(zeros, '0', 64);
    zeros[64] = 0;
    CHECK_EQ_INT(bundles_unpack_cached(s, zeros, cache, &err), 0);
    char want[300];
    snprintf(want, sizeof want, "bundle %s is not in the store", zeros);
    CHECK(strstr(buf_cstr(&err), want) != NULL);
    CHECK(bundle_pack("tests/bots/tourney/slow", NULL, &tgz, sha, &err) && bundles_put(s, sha, tgz.data, tgz.len, &err));
    char osha[65];
    CHECK(bundle_pack("tests/bots/tourney", NULL, &other, osha, &err));
    CHECK(db_do(store_db(s), &err, NULL, "UPDATE bundles SET bytes = ? WHERE sha256 = ?", "bt", other.data, other.len, sha));
    buf_reset(&err);
    CHECK_EQ_INT(bundles_unpack_cached(s, sha, cache, &err), 0);
    snprintf(want, sizeof want, "bundle %s in the store has SHA-256 %s: refused", sha, osha);
    CHECK_EQ_STR(buf_cstr(&err), want);
    snprintf(dest, sizeof dest, "%s/%s", cache, sha);
    CHECK(access(dest, F_OK) != 0);
    /* restored: unpacked once, then found in the cache */
    CHECK(db_do(store_db(s), &err, NULL, "UPDATE bundles SET bytes = ? WHERE sha256 = ?", "bt", tgz.data, tgz.len, sha));
    CHECK_EQ_INT(bundles_unpack_cached(s, sha, cache, &err), 1);
    snprintf(dest, sizeof dest, "%s/%s/slow/slow.py", cache, sha);
    CHECK(access(dest, R_OK) == 0);
    /* a cache under a file cannot be made */
    snprintf(blocked, sizeof blocked, "%s/file", root);
    FILE *f = fopen(blocked, "w");
    if (f) fclose(f);
    snprintf(blocked, sizeof blocked, "%s/file/cache", root);
    buf_reset(&err);
    CHECK_EQ_INT(bundles_unpack_cached(s, sha, blocked, &err), -1); /* this machine's fault, not the match's */
    snprintf(want, sizeof want, "cannot create the bundle cache %s: Not a directory", blocked);
    CHECK_EQ_STR(buf_cstr(&err), want);
    char cmd[200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
    CHECK(system(cmd) == 0);
    buf_free(&err);
    buf_free(&tgz);
    buf_free(&other);
    store_close(s);
}

/* "outcome: reason" of the attempt at this file's one match ("" when it has none). */
static void fault_attempt(store_t *s, char *out, size_t n) {
    db_stmt *st = db_query(store_db(s), NULL,
                           "SELECT outcome, reason FROM attempts WHERE job_id = (SELECT id FROM jobs WHERE owner_kind = "
                           "'fault' AND owner_id = ?)",
                           "i", owner);
    out[0] = 0;
    if (st && db_step(st, NULL) == DB_ROW) snprintf(out, n, "%s: %s", db_column_text(st, 0), db_column_text(st, 1));
    db_finalize(st);
}

static worker_t *a_loop(store_t *s) {
    worker_opts o = {.jobs = 1, .owner_kind = "fault", .owner_id = owner, .quiet = true};
    buf_t err;
    buf_init(&err);
    worker_t *w = worker_new(s, &o, &err);
    if (!w) printf("# %s\n", buf_cstr(&err));
    buf_free(&err);
    return w;
}

/* A worker that cannot fetch a match's bundle through no fault of the match (its cache cannot be
 * made: a full disk, a file in the way) hands the match back, as interrupted: it stored it as
 * failed at once, so one such machine failed every match of a tournament it claimed. */
TEST(a_worker_that_cannot_fetch_a_bundle_hands_the_match_back) {
    FRESH(s);
    char root[] = "/tmp/arena-faults-XXXXXX", cache[120], spec[600];
    CHECK(mkdtemp(root) != NULL);
    snprintf(cache, sizeof cache, "%s/file/cache", root);
    char file[100];
    snprintf(file, sizeof file, "%s/file", root);
    FILE *f = fopen(file, "w");
    if (f) fclose(f);
    buf_t err, tgz;
    buf_init(&err);
    buf_init(&tgz);
    char sha[65] = "";
    CHECK(bundle_pack("tests/bots/tourney/slow", NULL, &tgz, sha, &err) && bundles_put(s, sha, tgz.data, tgz.len, &err));
    snprintf(spec, sizeof spec,
             "{\"v\":1,\"game\":\"chicken\",\"seats\":[{\"name\":\"s\",\"seat\":\"python:slow/slow.py\",\"player\":0,"
             "\"bundle\":\"%s\",\"path\":\"slow/slow.py\",\"inner\":\"slow/slow.py\"},"
             "{\"name\":\"g\",\"seat\":\"builtin:greedy\",\"player\":1}]}",
             sha);
    queue_job j = {.owner_kind = "fault", .owner_id = owner, .owner_key = 1, .spec = spec, .nseats = 2};
    CHECK(queue_add(s, &j, 1, &err));
    worker_opts o = {.jobs = 1, .owner_kind = "fault", .owner_id = owner, .quiet = true, .cache_dir = cache};
    worker_t *w = worker_new(s, &o, &err);
    CHECK(w != NULL);
    if (!w) return;
    CHECK_EQ_INT(worker_step(w, 0, true, &err), 0);
    CHECK_EQ_STR(state_of(s, 1), "queued");
    CHECK_EQ_INT(count(s, RESULTS), 0);
    char reason[300];
    fault_attempt(s, reason, sizeof reason);
    CHECK(strncmp(reason, "interrupted: this worker cannot run it: cannot create the bundle cache", 70) == 0);
    if (strncmp(reason, "interrupted: ", 13) != 0) printf("# %s\n", reason);
    CHECK_EQ_INT(worker_busy(w), 0);
    worker_free(w, 1000);
    char cmd[200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
    CHECK(system(cmd) == 0);
    buf_free(&err);
    buf_free(&tgz);
    store_close(s);
}

/* A lease the store says a worker holds but none of its slots knows (the claim's reply was lost
 * with the connection) is handed back at its heartbeat, not renewed forever. */
TEST(a_worker_hands_back_a_lease_it_does_not_know) {
    FRESH(s);
    worker_t *w = a_loop(s);
    CHECK(w != NULL);
    if (!w) return;
    add(s, 1);
    queue_claim c; /* claimed in the worker's name, behind its back */
    CHECK_EQ_INT(claim(s, worker_identity(w), &c), 1);
    buf_t err;
    buf_init(&err);
    CHECK_EQ_INT(worker_step(w, 0, false, &err), 0);
    CHECK_EQ_STR(state_of(s, 1), "queued");
    char reason[80] = "";
    db_stmt *st = db_query(store_db(s), NULL, "SELECT outcome, reason FROM attempts WHERE token = ?", "t", c.token);
    if (st && db_step(st, NULL) == DB_ROW)
        snprintf(reason, sizeof reason, "%s: %s", db_column_text(st, 0), db_column_text(st, 1));
    db_finalize(st);
    CHECK_EQ_STR(reason, "interrupted: the claim's reply was lost");
    CHECK_EQ_INT(worker_busy(w), 0);
    queue_claim_free(&c);
    worker_free(w, 1000);
    buf_free(&err);
    store_close(s);
}

/* ... and when the store refuses that, the step fails saying why (the caller reconnects), and the
 * next heartbeat hands the lease back. */
TEST(a_worker_whose_store_refuses_the_hand_back_says_so_and_tries_again) {
    FRESH(s);
    worker_t *w = a_loop(s);
    CHECK(w != NULL);
    if (!w) return;
    add(s, 1);
    queue_claim c;
    CHECK_EQ_INT(claim(s, worker_identity(w), &c), 1);
    refuse(s, "no_hand_back", "jobs", "UPDATE", "NEW.state = 'queued'");
    buf_t err;
    buf_init(&err);
    CHECK_EQ_INT(worker_step(w, 0, false, &err), -1);
    CHECK(strstr(buf_cstr(&err), "refused by no_hand_back") != NULL);
    CHECK_EQ_STR(state_of(s, 1), "leased");
    allow(s, "no_hand_back", "jobs");
    buf_reset(&err);
    CHECK_EQ_INT(worker_step(w, 0, false, &err), 0);
    CHECK_EQ_STR(state_of(s, 1), "queued");
    queue_claim_free(&c);
    worker_free(w, 1000);
    buf_free(&err);
    store_close(s);
}

/* A worker stopped after its store refused a result for good (a full disk, a trigger: here the
 * results table) hands the match back as interrupted as it ends, a smaller write the store takes:
 * the match is played again now, not when its lease ends (a minute and more later). */
TEST(a_result_the_store_refuses_to_the_end_is_handed_back_as_the_worker_stops) {
    FRESH(s);
    jobspec sp;
    rt_job_spec(&sp, 0);
    buf_t spec, err;
    buf_init(&spec);
    buf_init(&err);
    jobspec_json(&sp, &spec);
    queue_job j = {.owner_kind = "fault", .owner_id = owner, .owner_key = 1, .spec = buf_cstr(&spec), .nseats = 4};
    CHECK(queue_add(s, &j, 1, &err));
    refuse(s, "no_results", "results", "INSERT", "NEW.turns >= 0");
    worker_t *w = a_loop(s);
    CHECK(w != NULL);
    if (!w) return;
    int rc = 0;
    for (int64_t end = clock_now_us() + 30000000; rc >= 0 && clock_now_us() < end;) rc = worker_step(w, 100, true, &err);
    CHECK_EQ_INT(rc, -1); /* the match was played; its report refused */
    CHECK(strstr(buf_cstr(&err), "refused by no_results") != NULL);
    CHECK_EQ_STR(state_of(s, 1), "leased");
    worker_stop(w);
    CHECK_EQ_INT(worker_free(w, 1000), 0);
    CHECK_EQ_STR(state_of(s, 1), "queued");
    char reason[300];
    fault_attempt(s, reason, sizeof reason);
    const char *want = "interrupted: the worker stopped without storing its result (cannot report match 1: ";
    CHECK(strncmp(reason, want, strlen(want)) == 0);
    CHECK(strstr(reason, "refused by no_results") != NULL);
    if (t_failed_now) printf("# %s\n", reason);
    CHECK_EQ_INT(count(s, "SELECT failures FROM jobs WHERE owner_kind = 'fault' AND owner_id = ?"), 0);
    CHECK_EQ_INT(count(s, RESULTS), 0);
    allow(s, "no_results", "results");
    buf_free(&spec);
    buf_free(&err);
    store_close(s);
}

/* A schema step that fails leaves the domain at its last good version, none of the failed step's
 * tables made, and says which step failed; a step that is not there yet is applied next time. */
TEST(a_failed_migration_step_changes_nothing_and_names_itself) {
    FRESH(s);
    char t1[40], t2[40], dom[40];
    snprintf(dom, sizeof dom, "fault%lld", (long long)owner);
    snprintf(t1, sizeof t1, "f%lld_one", (long long)owner);
    snprintf(t2, sizeof t2, "f%lld_two", (long long)owner);
    char one[200], two_bad[200], two[200];
    snprintf(one, sizeof one, "CREATE TABLE %s(a BIGINT)", t1);
    snprintf(two_bad, sizeof two_bad, "CREATE TABLE %s(a BIGINT); CREATE TABLE %s_x(", t2, t2);
    snprintf(two, sizeof two, "CREATE TABLE %s(a BIGINT); INSERT INTO %s(a) VALUES(7)", t2, t1);
    migrate_step first[] = {{1, one}};
    migrate_step bad[] = {{1, one}, {2, two_bad}};
    migrate_step good[] = {{1, one}, {2, two}};
    migrate_domain d = {dom, first, 1};
    db_t *db = store_db(s);
    buf_t err;
    buf_init(&err);
    CHECK_EQ_INT(migrate_version(db, dom), 0);
    CHECK(migrate_apply(db, &d, &err));
    CHECK_EQ_INT(migrate_version(db, dom), 1);
    d.steps = bad, d.nsteps = 2;
    CHECK(!migrate_apply(db, &d, &err));
    char want[80];
    snprintf(want, sizeof want, "(schema '%s' step 2)", dom);
    CHECK(strstr(buf_cstr(&err), want) != NULL);
    CHECK_EQ_INT(migrate_version(db, dom), 1);
    CHECK(db_has_table(db, t1) && !db_has_table(db, t2));
    CHECK(!db_in_transaction(db));
    d.steps = good;
    buf_reset(&err);
    CHECK(migrate_apply(db, &d, &err));
    CHECK_EQ_INT(migrate_version(db, dom), 2);
    CHECK(db_has_table(db, t2));
    /* what an opening reads of every domain at once: this one's version, 0 for one never applied */
    const migrate_domain never = {"never_applied", first, 1};
    const migrate_domain *const both[] = {&d, &never};
    int have[2] = {-1, -1};
    bool table = false;
    CHECK(migrate_versions(db, both, 2, have, &table, &err) && table);
    CHECK_EQ_INT(have[0], 2);
    CHECK_EQ_INT(have[1], 0);
    char sql[100];
    snprintf(sql, sizeof sql, "SELECT a FROM %s", t1);
    int64_t a = 0;
    CHECK(db_get_int64(db, &err, &a, sql, "") == 1 && a == 7);
    /* an older program meeting it refuses, naming the versions */
    d.steps = first, d.nsteps = 1;
    buf_reset(&err);
    CHECK(!migrate_apply(db, &d, &err));
    CHECK(strstr(buf_cstr(&err), "schema is version 2, newer than this arena knows (1)") != NULL);
    buf_free(&err);
    store_close(s);
}

/* A COMMIT the store refuses (a deferred foreign key, checked at the end) writes nothing and
 * leaves no transaction open; a transaction still open when the store is closed is rolled back. */
TEST(a_refused_commit_and_a_transaction_open_at_close_write_nothing) {
    FRESH(s);
    db_t *db = store_db(s);
    char parent[40], child[40], sql[400];
    snprintf(parent, sizeof parent, "fp%lld", (long long)owner);
    snprintf(child, sizeof child, "fc%lld", (long long)owner);
    snprintf(sql, sizeof sql,
             "CREATE TABLE %s(id BIGINT PRIMARY KEY); "
             "CREATE TABLE %s(p BIGINT REFERENCES %s(id) DEFERRABLE INITIALLY DEFERRED)",
             parent, child, parent);
    buf_t err;
    buf_init(&err);
    CHECK(db_exec(db, sql, &err));
    CHECK(db_begin(db, &err) && db_in_transaction(db));
    snprintf(sql, sizeof sql, "INSERT INTO %s(p) VALUES(7)", child);
    CHECK(db_do(db, &err, NULL, sql, "")); /* no parent 7: refused only at COMMIT */
    CHECK(!db_commit(db, &err));
    CHECK(strcasestr(buf_cstr(&err), "foreign key") != NULL);
    CHECK(!db_in_transaction(db));
    char rows[80];
    snprintf(rows, sizeof rows, "SELECT count(*) FROM %s", child);
    int64_t n = -1;
    CHECK(db_get_int64(db, &err, &n, rows, "") == 1 && n == 0);
    CHECK(db_begin(db, &err));
    snprintf(sql, sizeof sql, "INSERT INTO %s(id) VALUES(1)", parent);
    CHECK(db_do(db, &err, NULL, sql, ""));
    store_close(s);
    s = open_store();
    CHECK(s != NULL);
    if (!s) return;
    snprintf(rows, sizeof rows, "SELECT count(*) FROM %s", parent);
    n = -1;
    CHECK(db_get_int64(store_db(s), &err, &n, rows, "") == 1 && n == 0);
    buf_free(&err);
    store_close(s);
}

/* Portable SQL with a token no engine knows is refused before it reaches the engine. */
TEST(an_unknown_token_in_portable_sql_is_refused_naming_it) {
    FRESH(s);
    buf_t err;
    buf_init(&err);
    CHECK(db_prepare(store_db(s), "SELECT {nowhere} FROM jobs", &err) == NULL);
    CHECK(strstr(buf_cstr(&err), "unknown token in SQL near \"{nowhere} FROM jobs\"") != NULL);
    buf_reset(&err);
    CHECK(!db_exec(store_db(s), "SELECT 1 WHERE {now", &err)); /* never closed */
    CHECK(strstr(buf_cstr(&err), "unknown token") != NULL);
    /* braces inside a string are the string's */
    db_stmt *st = db_query(store_db(s), &err, "SELECT '{now}'", "");
    CHECK(st && db_step(st, &err) == DB_ROW && strcmp(db_column_text(st, 0), "{now}") == 0);
    db_finalize(st);
    buf_free(&err);
    store_close(s);
}

/* Each failure is classed by the engine's own code (db_last_fault), the class deciding whether a
 * worker waits or stops: a table or column gone lasts (on SQLite it was taken for passing, and a
 * worker said "reconnecting" for ever), a refusal by a trigger passes, and on PostgreSQL a limit of
 * the server's (class 53: temp_file_limit's 53400 here, as a full disk's 53100) is room. */
TEST(a_failed_statement_is_classed_by_the_engines_own_code) {
    FRESH(s);
    db_t *db = store_db(s);
    buf_t err;
    buf_init(&err);
    CHECK(db_last_fault(db) == DB_FAULT_NONE && !db_lasting(db));
    CHECK(!db_exec(db, "SELECT count(*) FROM no_such_arena_table", &err));
    CHECK(db_last_fault(db) == DB_FAULT_LASTING && db_lasting(db));
    CHECK(strstr(buf_cstr(&err), "a table the store needs is gone") != NULL);
    buf_reset(&err);
    CHECK(!db_exec(db, "SELECT no_such_arena_column FROM jobs", &err));
    CHECK(db_last_fault(db) == DB_FAULT_LASTING);
    CHECK(strstr(buf_cstr(&err), "a column the store needs is gone") != NULL);
    buf_reset(&err);
    refuse(s, "classed", "jobs", "INSERT", "NEW.seed = 77");
    queue_job j = {.owner_kind = "fault", .owner_id = owner, .owner_key = 77, .spec = "{}", .seed = 77,
                   .seed_index = 77, .nseats = 2};
    CHECK(!queue_add(s, &j, 1, &err));
    CHECK(strstr(buf_cstr(&err), "refused by classed") != NULL);
    CHECK(db_last_fault(db) == DB_FAULT_PASSING && !db_lasting(db));
    allow(s, "classed", "jobs");
    if (pg) {
        buf_reset(&err);
        CHECK(db_exec(db, "SET work_mem = '64kB'; SET temp_file_limit = '64kB'", &err));
        CHECK(!db_exec(db, "SELECT count(*) FROM (SELECT md5(g::text) m FROM generate_series(1, 100000) g ORDER BY m) t",
                       &err));
        CHECK(strstr(buf_cstr(&err), "temp_file_limit") != NULL);
        CHECK(strstr(buf_cstr(&err), "out of resources (SQLSTATE 53400)") != NULL);
        CHECK(db_last_fault(db) == DB_FAULT_ROOM && !db_lasting(db));
        CHECK(db_exec(db, "RESET temp_file_limit; RESET work_mem", NULL));
    }
    buf_free(&err);
    store_close(s);
}

/* More distinct statements than the cache keeps: each still runs with its own text and
 * parameters (an evicted one is prepared again). */
TEST(statements_beyond_the_cache_run_as_written) {
    FRESH(s);
    buf_t err;
    buf_init(&err);
    bool right = true;
    for (int round = 0; round < 2; round++)
        for (int i = 0; i < 150; i++) {
            char sql[80];
            snprintf(sql, sizeof sql, "SELECT CAST(? AS BIGINT) + %d", i);
            int64_t v = -1;
            if (db_get_int64(store_db(s), &err, &v, sql, "i", (int64_t)1000 * round) != 1 || v != 1000 * round + i)
                right = false;
        }
    CHECK(right);
    if (!right) printf("# %s\n", buf_cstr(&err));
    buf_free(&err);
    store_close(s);
}

/* SQLite: a path that cannot be opened or is not a database is refused, naming it. */
TEST(a_file_that_is_not_a_store_is_refused_naming_it) {
    buf_t err;
    buf_init(&err);
    CHECK(store_open("/nonexistent-arena-dir/x.db", true, &err) == NULL);
    CHECK(strstr(buf_cstr(&err), "cannot open /nonexistent-arena-dir/x.db") != NULL);
    char junk[80];
    snprintf(junk, sizeof junk, "%s-junk", path);
    FILE *f = fopen(junk, "w");
    CHECK(f != NULL);
    if (!f) return;
    for (int i = 0; i < 200; i++) fputs("this is not an SQLite database\n", f);
    fclose(f);
    buf_reset(&err);
    CHECK(store_open(junk, false, &err) == NULL);
    CHECK(strstr(buf_cstr(&err), "not a database") != NULL && strstr(buf_cstr(&err), junk) != NULL);
    unlink(junk);
    buf_reset(&err);
    CHECK(db_open(junk, false, &err) == NULL); /* gone, and not to be created */
    CHECK(strstr(buf_cstr(&err), "cannot open") != NULL);
    buf_free(&err);
}

/* SQLite: a store whose tournaments table lost a column (tampered, or written by something else)
 * is refused naming the failed read. The reader that asked without a message buffer dereferenced
 * it (a crash of arena standings, report and tourney --status), and the one with it said "holds no
 * tournament". */
TEST(a_store_with_a_damaged_tournaments_table_is_refused_not_crashed_on) {
    char file[96];
    snprintf(file, sizeof file, "%s-damaged", path);
    store_fixture_remove(file);
    buf_t err;
    buf_init(&err);
    store_t *s = store_open(file, true, &err);
    CHECK(s != NULL);
    if (!s) return;
    CHECK(db_exec(store_db(s), "ALTER TABLE tourneys RENAME TO tourneys_old; CREATE TABLE tourneys(x)", &err));
    CHECK(tourneys_latest(s, NULL) == -1);
    CHECK(tourneys_latest(s, &err) == -1 && strstr(buf_cstr(&err), "no such column") != NULL);
    store_close(s);
    buf_reset(&err);
    store_tourney t;
    stored_t v;
    CHECK(!stored_load(file, 0, NULL, &t, &v, &err));
    CHECK(strstr(buf_cstr(&err), "no such column") != NULL);
    CHECK(strstr(buf_cstr(&err), "its tournaments cannot be read") != NULL);
    CHECK(strstr(buf_cstr(&err), "holds no tournament") == NULL);
    if (t_failed_now) printf("# %s\n", buf_cstr(&err));
    buf_free(&err);
    store_fixture_remove(file);
}

/* A PostgreSQL URL libpq cannot parse names no server: `arena worker` waited for it for ever. And
 * libpq quotes such a URL whole in its message, password included: it reached the user as it was. */
TEST(a_postgresql_url_that_names_no_server_is_refused_hiding_its_password) {
    buf_t err;
    buf_init(&err);
    if (!db_target_valid("postgresql://u:s3cret@[::1", &err) && strstr(buf_cstr(&err), "libpq")) {
        printf("# skipped (not counted): libpq is not installed: %s\n", buf_cstr(&err));
        buf_free(&err);
        return;
    }
    CHECK(strstr(buf_cstr(&err), "not a PostgreSQL connection URL (") != NULL);
    CHECK(strstr(buf_cstr(&err), "u:***@[::1") != NULL && strstr(buf_cstr(&err), "s3cret") == NULL);
    buf_reset(&err);
    CHECK(db_open("postgresql://u:s3cret@[::1", false, &err) == NULL); /* refused before connecting */
    CHECK(strstr(buf_cstr(&err), "not a PostgreSQL connection URL (") != NULL && strstr(buf_cstr(&err), "s3cret") == NULL);
    buf_reset(&err);
    CHECK(!db_target_valid("postgres://u:s3cret%zz@h/x?password=s3cret", &err));
    CHECK(strstr(buf_cstr(&err), "percent-encoded") != NULL && strstr(buf_cstr(&err), "s3cret") == NULL);
    /* libpq checks these values only when it connects: sslmode=bogus was waited for, for ever */
    buf_reset(&err);
    CHECK(!db_target_valid("postgresql://u:s3cret@localhost/x?sslmode=bogus", &err));
    CHECK(strstr(buf_cstr(&err), "invalid sslmode value: \"bogus\"; libpq takes disable, allow, prefer") != NULL);
    CHECK(strstr(buf_cstr(&err), "s3cret") == NULL);
    if (t_failed_now) printf("# %s\n", buf_cstr(&err));
    buf_reset(&err);
    CHECK(!db_target_valid("postgresql:///x?host=/nonexistent-arena-dir&target_session_attrs=rw", &err));
    CHECK(strstr(buf_cstr(&err), "invalid target_session_attrs value") != NULL);
    /* the same for every value libpq checks only when it connects (it said "invalid integer value
     * "abc" for connection option "port"" then, after a worker had waited for it), and for
     * parameters it does not know (require_auth before libpq 16): each is named, the password never */
    static const char *const bad[][2] = {
        {"postgresql://u:s3cret@localhost:abc/x", "invalid port value: \"abc\"; libpq takes a number from 1 to 65535"},
        {"postgresql://u:s3cret@localhost/x?port=0", "invalid port value: \"0\""},
        {"postgresql://u:s3cret@localhost/x?port=70000", "invalid port value: \"70000\""},
        {"postgresql://u:s3cret@h1,h2,h3/x?port=1,2", "2 ports for 3 hosts"},
        {"postgresql://u:s3cret@localhost/x?connect_timeout=-x", "invalid connect_timeout value: \"-x\"; libpq takes an integer"},
        {"postgresql://u:s3cret@localhost/x?keepalives_idle=9999999999", "invalid keepalives_idle value"},
        {"postgresql://u:s3cret@localhost/x?hostaddr=not.an.address", "invalid hostaddr value: \"not.an.address\""},
        {"postgresql://u:s3cret@h1,h2/x?hostaddr=127.0.0.1", "2 host names for 1 hostaddr values"},
        {"postgresql://u:s3cret@localhost/x?ssl_min_protocol_version=TLSv9", "invalid ssl_min_protocol_version value"},
        {"postgresql://u:s3cret@localhost/x?no_such_parameter=1", "no_such_parameter"},
        {"postgresql://u:s3cret@localhost/x?require_auth=bogus", "require_auth"},
        {"postgresql://u:s3cret@localhost/x?require_auth=md5,!password", "require_auth"},
        {"postgresql://u@localhost/x?password=s3cret&gssencmode=yes", "invalid gssencmode value: \"yes\""},
        /* an '@' or '/' in the password, not percent-encoded: libpq took the rest for the host (not
         * found: waited for) or the port, and showed that piece of the password */
        {"postgresql://u:s3c@ret@localhost/x", "write '@' as %40 and '/' as %2F"},
        {"postgresql://u:s3c/ret@localhost:5432/x", "write '@' as %40 and '/' as %2F"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        buf_reset(&err);
        CHECK(!db_target_valid(bad[i][0], &err));
        CHECK(strstr(buf_cstr(&err), "not a PostgreSQL connection URL (") == buf_cstr(&err));
        CHECK(strstr(buf_cstr(&err), bad[i][1]) != NULL && strstr(buf_cstr(&err), "s3cret") == NULL);
        /* opening it says the same, and tries no connection */
        buf_reset(&err);
        CHECK(db_open(bad[i][0], false, &err) == NULL);
        CHECK(strstr(buf_cstr(&err), bad[i][1]) != NULL && strstr(buf_cstr(&err), "s3cret") == NULL);
        CHECK(strstr(buf_cstr(&err), "cannot connect") == NULL);
        if (t_failed_now) {
            printf("# URL %zu: %s\n", i, buf_cstr(&err));
            break;
        }
    }
    /* what libpq takes: blanks around a number, several hosts with one port each or one for all,
     * numeric addresses, TLS versions in any case, a require_auth list (where libpq has it) */
    buf_reset(&err);
    CHECK(db_target_valid("postgresql://h1:5432,h2:5433/x?connect_timeout=-5&keepalives= 1 ", &err));
    CHECK(db_target_valid("postgresql://h1,h2/x?port=5432&hostaddr=127.0.0.1,::1&ssl_max_protocol_version=tlsv1.3", &err));
    if (db_target_valid("postgresql://h/x?require_auth=md5", NULL)) /* libpq 16 and later */
        CHECK(db_target_valid("postgresql://h/x?require_auth=!md5,!password", &err));
    if (t_failed_now) printf("# %s\n", buf_cstr(&err));
    buf_reset(&err);
    CHECK(db_target_valid("postgresql:///x?host=/nonexistent-arena-dir&sslmode=verify-full&gssencmode=disable", &err));
    CHECK(db_target_valid("postgresql://u:s3c%40r%2Ft@h/x?password=a@b/c&host=/nonexistent-arena-dir", &err));
    /* what parses may name a server that is not up yet: a worker waits for it */
    CHECK(db_target_valid("postgresql:///x?host=/nonexistent-arena-dir", &err));
    CHECK(db_target_valid("some/file.db", &err));
    buf_free(&err);
}

/* The server process of db's session. */
static int64_t backend_pid(db_t *db) {
    int64_t pid = 0;
    CHECK(db_get_int64(db, NULL, &pid, "SELECT pg_backend_pid()", "") == 1);
    return pid;
}

/* PostgreSQL: the server cuts the connection while it is idle (a restart, an administrator):
 * db_alive sees it, and the very next statement, a read or a write, opens it again before it is
 * sent and succeeds, with the store's data. */
TEST(postgresql_a_connection_cut_while_idle_is_reopened_by_the_next_statement) {
    FRESH(s);
    add(s, 1);
    db_t *db = store_db(s);
    buf_t err;
    buf_init(&err);
    int64_t pid = backend_pid(db), now_pid = 0;
    CHECK(db_alive(db));
    db_t *admin = db_open(target, false, &err);
    CHECK(admin != NULL);
    int64_t cut = 0; /* the call waits (up to a minute) until the cut session has gone */
    CHECK(admin && db_get_int64(admin, &err, &cut, "SELECT CASE WHEN pg_terminate_backend(CAST(? AS INTEGER), 60000) THEN 1 ELSE 0 END",
                                "i", pid) == 1 && cut == 1);
    CHECK(!db_alive(db));
    CHECK_EQ_STR(state_of(s, 1), "queued");
    CHECK(db_alive(db));
    now_pid = backend_pid(db);
    CHECK(now_pid != pid);
    /* a write first after the cut */
    CHECK(admin && db_get_int64(admin, &err, &cut, "SELECT CASE WHEN pg_terminate_backend(CAST(? AS INTEGER), 60000) THEN 1 ELSE 0 END",
                                "i", now_pid) == 1 && cut == 1);
    add(s, 2);
    CHECK_EQ_STR(state_of(s, 2), "queued");
    if (err.len) printf("# %s\n", buf_cstr(&err));
    db_close(admin);
    buf_free(&err);
    store_close(s);
}

/* Makes cut_me(victim): in the session whose server process is victim, it cuts its own connection
 * while it runs (the server ends the session at pg_sleep's first check); elsewhere it returns 7.
 * And an empty table cut_writes. Returns db's session's server process. */
static int64_t make_cut_me(db_t *db) {
    CHECK(db_exec(db,
                  "CREATE TABLE IF NOT EXISTS cut_writes(v BIGINT); DELETE FROM cut_writes; "
                  "CREATE OR REPLACE FUNCTION cut_me(victim INTEGER) RETURNS BIGINT LANGUAGE plpgsql AS $$ BEGIN "
                  "IF pg_backend_pid() = victim THEN PERFORM pg_terminate_backend(victim); PERFORM pg_sleep(60); END IF; "
                  "RETURN 7; END $$",
                  NULL));
    return backend_pid(db);
}

static int64_t cut_writes(db_t *db) {
    int64_t n = -1;
    CHECK(db_get_int64(db, NULL, &n, "SELECT COUNT(*) FROM cut_writes", "") == 1);
    return n;
}

/* PostgreSQL: a connection cut while a statement runs. A read is run once more on a new
 * connection and answers; a write is not (it may have committed before the cut: here it did not,
 * and running it again would store it): it fails saying the connection was lost, and the next
 * statement reconnects. */
TEST(postgresql_a_read_cut_while_it_runs_is_run_again_a_write_is_not) {
    FRESH(s);
    db_t *db = store_db(s);
    int64_t pid = make_cut_me(db), v = 0;
    buf_t err;
    buf_init(&err);
    CHECK(db_get_int64(db, &err, &v, "SELECT cut_me(CAST(? AS INTEGER))", "i", pid) == 1);
    CHECK_EQ_INT(v, 7);
    if (err.len) printf("# %s\n", buf_cstr(&err));
    CHECK(backend_pid(db) != pid);
    buf_reset(&err);
    CHECK(!db_do(db, &err, NULL, "INSERT INTO cut_writes(v) VALUES(cut_me(CAST(? AS INTEGER)))", "i", backend_pid(db)));
    CHECK(strstr(buf_cstr(&err), "terminating connection") != NULL || strstr(buf_cstr(&err), "server closed") != NULL);
    CHECK(!db_alive(db));
    CHECK_EQ_INT(cut_writes(db), 0);
    buf_free(&err);
    store_close(s);
}

/* PostgreSQL: a connection cut inside a transaction. The server rolled the transaction back, so
 * what is left of it must not run alone on a new connection: its statements fail until the caller
 * rolls back, and nothing of it is stored; the next transaction runs on a new connection. */
TEST(postgresql_a_transaction_cut_in_the_middle_stores_nothing_of_it) {
    FRESH(s);
    db_t *db = store_db(s);
    buf_t err;
    buf_init(&err);
    int64_t pid = make_cut_me(db), v = 0;
    CHECK(db_begin(db, &err));
    CHECK(db_do(db, &err, NULL, "INSERT INTO cut_writes(v) VALUES(1)", ""));
    CHECK(db_get_int64(db, &err, &v, "SELECT cut_me(CAST(? AS INTEGER))", "i", pid) == -1); /* not run again */
    buf_reset(&err);
    CHECK(!db_do(db, &err, NULL, "INSERT INTO cut_writes(v) VALUES(2)", ""));
    CHECK(strstr(buf_cstr(&err), "lost in the middle of a transaction") != NULL);
    CHECK(!db_commit(db, &err));
    CHECK(!db_in_transaction(db));
    CHECK_EQ_INT(cut_writes(db), 0);
    CHECK(db_begin(db, &err) && db_do(db, &err, NULL, "INSERT INTO cut_writes(v) VALUES(3)", "") && db_commit(db, &err));
    CHECK_EQ_INT(cut_writes(db), 1);
    buf_free(&err);
    store_close(s);
}

/* PostgreSQL: a password in the target never shows in messages; a server that is not there is
 * refused saying so. */
TEST(postgresql_the_target_hides_its_password) {
    const char *rest = strstr(target, "://") + 3;
    char with[600];
    /* trust authentication here: the password is ignored by the server, not by us */
    snprintf(with, sizeof with, "postgresql://postgres:s3cret@%s", rest);
    buf_t err;
    buf_init(&err);
    db_t *db = db_open(with, false, &err);
    CHECK(db != NULL);
    if (db) {
        CHECK(strstr(db_target(db), "s3cret") == NULL && strstr(db_target(db), "postgres:***@") != NULL);
        CHECK_EQ_STR(db_engine_name(db), "postgresql");
        db_close(db);
    }
    /* libpq's password parameter (it was shown whole) */
    const char *query = strchr(rest, '?');
    snprintf(with, sizeof with, "postgresql://postgres:s3cret@%.*s?password=s3cret%s%s",
             (int)(query ? query - rest : (long)strlen(rest)), rest, query ? "&" : "", query ? query + 1 : "");
    db = db_open(with, false, &err);
    CHECK(db != NULL);
    if (db) {
        CHECK(strstr(db_target(db), "s3cret") == NULL);
        CHECK(strstr(db_target(db), "postgres:***@") != NULL && strstr(db_target(db), "?password=***") != NULL);
        db_close(db);
    }
    buf_reset(&err);
    CHECK(db_open("postgresql:///nowhere?host=/nonexistent-arena-dir", false, &err) == NULL);
    CHECK(strstr(buf_cstr(&err), "cannot connect to the PostgreSQL store") != NULL);
    buf_free(&err);
}

int main(void) {
    store_fixture_start("faults");
    pg = db_target_is_postgres(target);
    RUN(a_result_the_store_refuses_leaves_nothing_half_written);
    RUN(an_interruption_the_store_refuses_keeps_the_lease);
    RUN(jobs_are_added_all_or_none);
    RUN(a_refused_stored_result_or_requeue_changes_nothing);
    RUN(expired_leases_the_store_cannot_hand_back_stay_leased_until_it_can);
    RUN(a_tournament_whose_entrant_the_store_refuses_is_not_registered);
    RUN(a_tournament_registered_twice_at_once_is_one_tournament);
    RUN(a_bundle_missing_or_tampered_with_in_the_store_is_not_unpacked);
    RUN(a_worker_that_cannot_fetch_a_bundle_hands_the_match_back);
    RUN(a_worker_hands_back_a_lease_it_does_not_know);
    RUN(a_worker_whose_store_refuses_the_hand_back_says_so_and_tries_again);
    RUN(a_result_the_store_refuses_to_the_end_is_handed_back_as_the_worker_stops);
    RUN(a_failed_migration_step_changes_nothing_and_names_itself);
    RUN(a_refused_commit_and_a_transaction_open_at_close_write_nothing);
    RUN(an_unknown_token_in_portable_sql_is_refused_naming_it);
    RUN(a_failed_statement_is_classed_by_the_engines_own_code);
    RUN(statements_beyond_the_cache_run_as_written);
    RUN(a_postgresql_url_that_names_no_server_is_refused_hiding_its_password);
    if (pg) {
        RUN(postgresql_a_connection_cut_while_idle_is_reopened_by_the_next_statement);
        RUN(postgresql_a_read_cut_while_it_runs_is_run_again_a_write_is_not);
        RUN(postgresql_a_transaction_cut_in_the_middle_stores_nothing_of_it);
        RUN(postgresql_the_target_hides_its_password);
    } else {
        RUN(a_file_that_is_not_a_store_is_refused_naming_it);
        RUN(a_store_with_a_damaged_tournaments_table_is_refused_not_crashed_on);
        printf("# skipped (not counted): the PostgreSQL connection tests (test_tourney_pg.sh runs them)\n");
    }
    store_fixture_end();
    return T_DONE();
}
