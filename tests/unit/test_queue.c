/* test_queue.c: the store's queue of matches (src/store/queue.h) and its migrations, on an SQLite
 * file, or on the PostgreSQL database named by ARENA_TEST_STORE (test_tourney_pg.sh runs it so):
 * claims by priority and tag, results stored once and only with the lease, repeated reports,
 * bot-caused failures counted to the limit, interruptions not, expired leases and dead workers'
 * leases back in the queue, old stores migrated, newer stores refused. */
#include "t.h"
#include "store/db.h"
#include "store/queue.h"
#include "store/replays.h"
#include "store/tourneys.h"
#include <jansson.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#define FIXTURE_KIND "test"
#include "store_fixture.h"

static void add(store_t *s, int64_t key, int priority, const char *requires, int max_failures) {
    queue_job j = {.owner_kind = "test", .owner_id = owner, .owner_key = key, .spec = "{\"k\":1}", .seed = 10 + key,
                   .seed_index = key, .nseats = 2, .requires = requires, .priority = priority,
                   .max_failures = max_failures};
    buf_t err;
    buf_init(&err);
    CHECK(queue_add(s, &j, 1, &err));
    buf_free(&err);
}

static int claim(store_t *s, const queue_worker *w, double lease, queue_claim *c) {
    buf_t err;
    buf_init(&err);
    int rc = queue_claim_next(s, w, "test", owner, lease, c, &err);
    if (rc < 0) printf("# %s\n", buf_cstr(&err));
    buf_free(&err);
    return rc;
}

TEST(claims_follow_priority_then_order_and_tags) {
    FRESH(s);
    add(s, 0, 0, NULL, 0);
    add(s, 1, 5, NULL, 0);
    add(s, 2, 9, "gpu", 0);
    add(s, 3, 5, NULL, 0);
    add(s, 1, 99, NULL, 0); /* enqueued again: left as it is */
    buf_t err;
    buf_init(&err);
    queue_worker plain, gpu;
    CHECK(queue_worker_register(s, "plain", "", &plain, &err));
    CHECK(queue_worker_register(s, "gpu", "fast,gpu", &gpu, &err));
    queue_claim c[4];
    CHECK(claim(s, &plain, 60, &c[0]) == 1 && c[0].owner_key == 1); /* priority 5, then the older */
    CHECK(claim(s, &gpu, 60, &c[1]) == 1 && c[1].owner_key == 2);   /* its tag, priority 9 */
    CHECK(claim(s, &plain, 60, &c[2]) == 1 && c[2].owner_key == 3);
    CHECK(claim(s, &plain, 60, &c[3]) == 1 && c[3].owner_key == 0);
    queue_claim none;
    CHECK(claim(s, &gpu, 60, &none) == 0);
    CHECK_EQ_STR(c[0].spec, "{\"k\":1}");
    CHECK(c[0].seed == 11 && c[0].nseats == 2 && strcmp(c[0].token, c[1].token) != 0);
    CHECK_EQ_STR(state_of(s, 2), "leased");
    for (int i = 0; i < 4; i++) queue_claim_free(&c[i]);
    buf_free(&err);
    store_close(s);
}

TEST(a_result_is_stored_once_and_a_repeated_report_changes_nothing) {
    FRESH(s);
    add(s, 0, 0, NULL, 0);
    buf_t err;
    buf_init(&err);
    queue_worker w;
    CHECK(queue_worker_register(s, "w", "", &w, &err));
    queue_claim c;
    CHECK(claim(s, &w, 60, &c) == 1);
    store_result r = result_of(&c, 42);
    CHECK(queue_report(s, &w, &c, QUEUE_DONE, &r, NULL, &err) == QUEUE_REPORT_STORED);
    r.score[0] = 13; /* the repeat (its first reply was lost) must not change the stored result */
    CHECK(queue_report(s, &w, &c, QUEUE_DONE, &r, NULL, &err) == QUEUE_REPORT_STORED);
    CHECK_EQ_STR(state_of(s, 0), "done");
    store_result got;
    CHECK(queue_result_load(s, c.job, &got, &err));
    CHECK(!got.failed && got.score[0] == 42 && got.entrant[1] == 8 && got.verdicts[1][VERDICT_LATE] == 2);
    CHECK(got.turns == 33 && got.attempts == 1 && got.seed == 10);
    CHECK(strstr(got.worker, "w@") == got.worker && got.cpu[0]);
    CHECK_EQ_INT(count(s, "SELECT count(*) FROM results r JOIN jobs j ON j.id = r.job_id WHERE j.owner_id = ?"), 1);
    queue_claim_free(&c);
    buf_free(&err);
    store_close(s);
}

TEST(a_claim_that_lost_its_lease_cannot_store_its_result) {
    FRESH(s);
    add(s, 0, 0, NULL, 0);
    buf_t err;
    buf_init(&err);
    queue_worker a, b;
    CHECK(queue_worker_register(s, "a", "", &a, &err));
    CHECK(queue_worker_register(s, "b", "", &b, &err));
    queue_claim ca, cb;
    CHECK(claim(s, &a, 0.05, &ca) == 1);
    usleep(300000);
    /* expired but not yet taken back: refused all the same */
    store_result r = result_of(&ca, 1);
    buf_reset(&err);
    CHECK(queue_report(s, &a, &ca, QUEUE_DONE, &r, NULL, &err) == QUEUE_REPORT_LOST);
    CHECK(strstr(buf_cstr(&err), "no longer holds the lease") != NULL);
    CHECK(queue_reclaim(s, &err) >= 1);
    CHECK_EQ_STR(state_of(s, 0), "queued");
    CHECK(claim(s, &b, 60, &cb) == 1 && cb.job == ca.job);
    buf_reset(&err);
    CHECK(queue_report(s, &a, &ca, QUEUE_DONE, &r, NULL, &err) == QUEUE_REPORT_LOST); /* a's token is stale */
    store_result rb = result_of(&cb, 2);
    CHECK(queue_report(s, &b, &cb, QUEUE_DONE, &rb, NULL, &err) == QUEUE_REPORT_STORED);
    store_result got;
    CHECK(queue_result_load(s, cb.job, &got, &err) && got.score[0] == 2);
    CHECK_EQ_INT(count(s, "SELECT sum(interruptions) + 100 * sum(failures) FROM jobs WHERE owner_id = ?"), 1);
    queue_claim_free(&ca);
    queue_claim_free(&cb);
    buf_free(&err);
    store_close(s);
}

TEST(the_heartbeat_keeps_a_lease) {
    FRESH(s);
    add(s, 0, 0, NULL, 0);
    buf_t err;
    buf_init(&err);
    queue_worker w;
    CHECK(queue_worker_register(s, "w", "", &w, &err));
    queue_claim c;
    CHECK(claim(s, &w, 0.4, &c) == 1);
    for (int i = 0; i < 4; i++) { /* 0.8 s in all, renewing every 0.2 s */
        usleep(200000);
        CHECK(queue_worker_beat(s, &w, 0.4, &err) == 1);
    }
    CHECK(queue_reclaim(s, &err) == 0);
    int64_t jobs[4];
    char tokens[4][40];
    CHECK(queue_held(s, &w, jobs, tokens, 4, &err) == 1 && jobs[0] == c.job && strcmp(tokens[0], c.token) == 0);
    store_result r = result_of(&c, 3);
    CHECK(queue_report(s, &w, &c, QUEUE_DONE, &r, NULL, &err) == QUEUE_REPORT_STORED);
    queue_claim_free(&c);
    buf_free(&err);
    store_close(s);
}

TEST(bot_failures_count_up_to_the_limit_interruptions_do_not) {
    FRESH(s);
    add(s, 0, 0, NULL, 3);
    buf_t err;
    buf_init(&err);
    queue_worker w;
    CHECK(queue_worker_register(s, "w", "", &w, &err));
    for (int i = 0; i < 5; i++) { /* SIGTERM, preemption: never counted */
        queue_claim c;
        CHECK(claim(s, &w, 60, &c) == 1);
        store_result r = result_of(&c, 0);
        CHECK(queue_report(s, &w, &c, QUEUE_INTERRUPTED, &r, "the worker was stopped", &err) == QUEUE_REPORT_REQUEUED);
        queue_claim_free(&c);
    }
    queue_report_rc want[3] = {QUEUE_REPORT_REQUEUED, QUEUE_REPORT_REQUEUED, QUEUE_REPORT_FAILED};
    for (int i = 0; i < 3; i++) {
        queue_claim c;
        CHECK(claim(s, &w, 60, &c) == 1 && c.failures == i);
        store_result r = result_of(&c, 0);
        CHECK(queue_report(s, &w, &c, QUEUE_BOT_FAILURE, &r, "the worker process was killed by signal 9", &err) == want[i]);
        queue_claim_free(&c);
    }
    CHECK_EQ_STR(state_of(s, 0), "failed");
    queue_claim c;
    CHECK(claim(s, &w, 60, &c) == 0);
    store_result got;
    CHECK(queue_result_load(s, queue_find(s, "test", owner, 0), &got, &err));
    CHECK(got.failed && got.attempts == 3 && strstr(got.error, "signal 9"));
    CHECK_EQ_INT(count(s, "SELECT interruptions FROM jobs WHERE owner_id = ?"), 5);
    /* --retry-failed: back in the queue, the failed result gone */
    CHECK(queue_requeue(s, "test", owner, true, false, &err));
    CHECK_EQ_STR(state_of(s, 0), "queued");
    CHECK(!queue_result_load(s, queue_find(s, "test", owner, 0), &got, &err));
    buf_free(&err);
    store_close(s);
}

TEST(a_dead_local_workers_claims_come_back_at_once) {
    FRESH(s);
    add(s, 0, 0, NULL, 0);
    pid_t pid = fork();
    if (pid == 0) { /* a worker that claims with a long lease and dies */
        store_t *cs = open_store();
        buf_t err;
        buf_init(&err);
        queue_worker w;
        queue_claim c;
        if (!cs || !queue_worker_register(cs, "doomed", "", &w, &err) || claim(cs, &w, 3600, &c) != 1) _exit(1);
        _exit(0);
    }
    int st;
    waitpid(pid, &st, 0);
    CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
    CHECK_EQ_STR(state_of(s, 0), "leased");
    buf_t err;
    buf_init(&err);
    CHECK(queue_reclaim(s, &err) >= 1);
    CHECK_EQ_STR(state_of(s, 0), "queued");
    CHECK_EQ_INT(count(s, "SELECT count(*) FROM attempts a JOIN jobs j ON j.id = a.job_id WHERE j.owner_id = ? "
                          "AND a.outcome = 'lost'"),
                 1);
    buf_free(&err);
    store_close(s);
}

/* Two machines with one host name (cloned VMs, containers on the host's network): a worker of the
 * other machine holds a lease, and its pid names no process here. Reclaim took its match back (the
 * host matched and the pid looked dead), so every match was played twice. A worker is judged by
 * its pid only on the same boot of the same machine (and pid namespace); the other's lease stays. */
TEST(a_worker_of_another_machine_with_our_hostname_keeps_its_leases) {
    FRESH(s);
    add(s, 0, 0, NULL, 0);
    char name[64];
    snprintf(name, sizeof name, "twin-%lld", (long long)owner);
    pid_t pid = fork();
    if (pid == 0) { /* a worker that claims with a long lease and exits: its pid is free here */
        store_t *cs = open_store();
        buf_t err;
        buf_init(&err);
        queue_worker w;
        queue_claim c;
        if (!cs || !queue_worker_register(cs, name, "", &w, &err) || claim(cs, &w, 3600, &c) != 1) _exit(1);
        _exit(0);
    }
    int st;
    waitpid(pid, &st, 0);
    CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
    buf_t err;
    buf_init(&err);
    db_t *db = store_db(s);
    /* the same host name, the same pid, registered from another machine's boot */
    db_stmt *q = db_query(db, &err, "SELECT boot, host FROM workers WHERE name = ?", "t", name);
    char ours[160] = "", host[80] = "";
    if (q && db_step(q, &err) == DB_ROW) {
        snprintf(ours, sizeof ours, "%s", db_column_text(q, 0) ? db_column_text(q, 0) : "");
        snprintf(host, sizeof host, "%s", db_column_text(q, 1) ? db_column_text(q, 1) : "");
    }
    db_finalize(q);
    char hn[80] = "";
    gethostname(hn, sizeof hn);
    CHECK(ours[0] != 0 && strcmp(host, hn) == 0);
    CHECK(db_do(db, &err, NULL, "UPDATE workers SET boot = 'another-machine/pid:[1]' WHERE name = ?", "t", name));
    CHECK(queue_reclaim(s, &err) >= 0);
    CHECK_EQ_STR(state_of(s, 0), "leased");
    CHECK(db_do(db, &err, NULL, "UPDATE workers SET boot = NULL WHERE name = ?", "t", name)); /* an older Arena's */
    CHECK(queue_reclaim(s, &err) >= 0);
    CHECK_EQ_STR(state_of(s, 0), "leased");
    /* the same machine's: taken back at once */
    CHECK(db_do(db, &err, NULL, "UPDATE workers SET boot = ? WHERE name = ?", "tt", ours, name));
    CHECK(queue_reclaim(s, &err) >= 1);
    CHECK_EQ_STR(state_of(s, 0), "queued");
    buf_free(&err);
    store_close(s);
}

/* --status says which queued matches wait for a tag no running worker has (they waited unnoticed):
 * a worker with another tag does not count, one with the tag does, a stopped one does not. */
TEST(queued_matches_waiting_for_a_tag_no_running_worker_has) {
    FRESH(s);
    char fast[32], slow[32], tag[64];
    snprintf(fast, sizeof fast, "fast%lld", (long long)owner); /* fresh on a shared database */
    snprintf(slow, sizeof slow, "slow%lld", (long long)owner);
    add(s, 0, 0, fast, 0);
    add(s, 1, 0, fast, 0);
    add(s, 2, 0, NULL, 0);
    buf_t err;
    buf_init(&err);
    queue_worker w1, w2;
    CHECK(queue_waiting_for_tag(s, "test", owner, tag, &err) == 2);
    CHECK_EQ_STR(tag, fast);
    CHECK(queue_worker_register(s, "s", slow, &w1, &err));
    CHECK(queue_waiting_for_tag(s, "test", owner, tag, &err) == 2);
    CHECK(queue_worker_register(s, "f", fast, &w2, &err));
    CHECK(queue_waiting_for_tag(s, "test", owner, tag, &err) == 0 && tag[0] == 0);
    queue_worker_stop(s, &w2);
    CHECK(queue_waiting_for_tag(s, "test", owner, tag, &err) == 2);
    queue_worker_stop(s, &w1);
    buf_free(&err);
    store_close(s);
}

/* The line of worker `name` in the status report (text), or NULL. */
static const char *worker_line(const char *report, const char *name, char *line, size_t n) {
    const char *p = strstr(report, name);
    if (!p) return NULL;
    const char *start = p;
    while (start > report && start[-1] != '\n') start--;
    size_t len = strcspn(start, "\n");
    snprintf(line, n, "%.*s", (int)len, start);
    return line;
}

/* A remote worker that died (killed, its machine gone) stops beating, and nothing else can tell:
 * only a worker of its own machine may judge its pid. --status showed it running for ever; silent
 * past the lease its heartbeats renew, it is lost (its matches come back to the queue). */
TEST(a_worker_silent_past_its_lease_is_shown_lost) {
    FRESH(s);
    char live_name[64], dead_name[64], slow_name[64], gpu[32], line[512];
    snprintf(live_name, sizeof live_name, "live-%lld", (long long)owner); /* fresh on a shared database */
    snprintf(dead_name, sizeof dead_name, "dead-%lld", (long long)owner);
    snprintf(slow_name, sizeof slow_name, "slow-%lld", (long long)owner);
    snprintf(gpu, sizeof gpu, "gpu%lld", (long long)owner);
    add(s, 0, 0, gpu, 0);
    buf_t err, text, json;
    buf_init(&err);
    buf_init(&text);
    buf_init(&json);
    queue_worker live, dead, slow;
    CHECK(queue_worker_register(s, live_name, "", &live, &err) && queue_worker_register(s, dead_name, gpu, &dead, &err) &&
          queue_worker_register(s, slow_name, "", &slow, &err));
    CHECK(queue_worker_beat(s, &live, 60, &err) == 0 && queue_worker_beat(s, &dead, 5, &err) == 0 &&
          queue_worker_beat(s, &slow, 600, &err) == 0);
    char tag[64];
    CHECK(queue_waiting_for_tag(s, "test", owner, tag, &err) == 0); /* the gpu worker is there */
    /* dead and slow last beat 100 s ago: past dead's lease of 5 s, within slow's of 600 s */
    CHECK(db_do(store_db(s), &err, NULL, "UPDATE workers SET last_seen = last_seen - 100 WHERE id = ? OR id = ?", "ii",
                dead.id, slow.id));
    CHECK(queue_workers_report(s, false, true, NULL, &text, &err));
    CHECK(worker_line(buf_cstr(&text), dead_name, line, sizeof line) && strstr(line, " lost ") &&
          strstr(line, "seen   100 s ago") && strstr(line, "silent past its 5 s lease"));
    CHECK(worker_line(buf_cstr(&text), slow_name, line, sizeof line) && strstr(line, " running ") &&
          !strstr(line, "silent"));
    CHECK(worker_line(buf_cstr(&text), live_name, line, sizeof line) && strstr(line, " running ") &&
          strstr(line, "seen     0 s ago"));
    CHECK(queue_workers_report(s, true, true, NULL, &json, &err));
    json_t *all = json_loads(buf_cstr(&json), 0, NULL);
    int found = 0;
    for (size_t i = 0; i < json_array_size(all); i++) {
        json_t *w = json_array_get(all, i);
        const char *name = json_string_value(json_object_get(w, "name")),
                   *state = json_string_value(json_object_get(w, "state"));
        double seen = json_number_value(json_object_get(w, "last_seen_s")),
               lease = json_number_value(json_object_get(w, "lease_s"));
        if (!name || !state) continue;
        if (strcmp(name, dead_name) == 0) found += strcmp(state, "lost") == 0 && seen >= 99 && lease == 5;
        if (strcmp(name, slow_name) == 0) found += strcmp(state, "running") == 0 && lease == 600;
        if (strcmp(name, live_name) == 0) found += strcmp(state, "running") == 0 && seen < 50;
    }
    CHECK_EQ_INT(found, 3);
    json_decref(all);
    /* the lost worker's tag is no running worker's: its match waits for one */
    CHECK(queue_waiting_for_tag(s, "test", owner, tag, &err) == 1);
    CHECK_EQ_STR(tag, gpu);
    /* it beats again (it was cut off, not killed): running */
    CHECK(queue_worker_beat(s, &dead, 5, &err) == 0);
    buf_reset(&text);
    CHECK(queue_workers_report(s, false, true, NULL, &text, &err));
    CHECK(worker_line(buf_cstr(&text), dead_name, line, sizeof line) && strstr(line, " running "));
    CHECK(queue_waiting_for_tag(s, "test", owner, tag, &err) == 0);
    /* a stopped worker stays stopped, whatever its silence */
    queue_worker_stop(s, &slow);
    CHECK(db_do(store_db(s), &err, NULL, "UPDATE workers SET last_seen = last_seen - 1000 WHERE id = ?", "i", slow.id));
    buf_reset(&text);
    CHECK(queue_workers_report(s, false, true, NULL, &text, &err));
    CHECK(worker_line(buf_cstr(&text), slow_name, line, sizeof line) && strstr(line, " stopped "));
    /* one last seen more than QUEUE_RECENT_LEASES leases ago is old: left out of the list but
     * counted, unless all are asked for (every worker a store ever had was listed, each Slurm task
     * and restart one more line) */
    CHECK(db_do(store_db(s), &err, NULL, "UPDATE workers SET last_seen = last_seen - 6100 WHERE id = ?", "i", slow.id));
    int64_t hidden = -1;
    buf_reset(&text);
    CHECK(queue_workers_report(s, false, false, &hidden, &text, &err));
    CHECK(!worker_line(buf_cstr(&text), slow_name, line, sizeof line) && hidden >= 1);
    CHECK(worker_line(buf_cstr(&text), live_name, line, sizeof line) && worker_line(buf_cstr(&text), dead_name, line, sizeof line));
    buf_reset(&text);
    CHECK(queue_workers_report(s, false, true, &hidden, &text, &err));
    CHECK(worker_line(buf_cstr(&text), slow_name, line, sizeof line) && strstr(line, " stopped ") && hidden == 0);
    queue_worker_stop(s, &live);
    queue_worker_stop(s, &dead);
    buf_free(&err);
    buf_free(&text);
    buf_free(&json);
    store_close(s);
}

TEST(cancel_and_requeue) {
    FRESH(s);
    add(s, 0, 0, NULL, 0);
    add(s, 1, 0, NULL, 0);
    buf_t err;
    buf_init(&err);
    queue_worker w;
    CHECK(queue_worker_register(s, "w", "", &w, &err));
    queue_claim c;
    CHECK(claim(s, &w, 60, &c) == 1);
    CHECK(queue_cancel(s, "test", owner, &err));
    CHECK_EQ_STR(state_of(s, 1), "cancelled");
    CHECK_EQ_STR(state_of(s, 0), "leased"); /* a match being played finishes */
    queue_counts q;
    CHECK(queue_count(s, "test", owner, &q, &err) && q.cancelled == 1 && q.leased == 1 && q.queued == 0);
    CHECK(queue_requeue(s, "test", owner, false, true, &err));
    CHECK(queue_count(s, "test", owner, &q, &err) && q.queued == 1 && q.oldest_queued_s >= 0);
    queue_claim_free(&c);
    buf_free(&err);
    store_close(s);
}

/* Cancelling every job of an owner, those being played included (a dropped stage of the server's
 * final): the lease ends, no heartbeat renews it, the result reported late is refused saying the
 * match was cancelled, and a finished job keeps its result. */
TEST(cancel_all_ends_the_leases_of_matches_being_played) {
    FRESH(s);
    add(s, 0, 0, NULL, 0);
    add(s, 1, 0, NULL, 0);
    add(s, 2, 0, NULL, 0);
    buf_t err;
    buf_init(&err);
    queue_worker w;
    CHECK(queue_worker_register(s, "w", "", &w, &err));
    queue_claim done, played;
    CHECK(claim(s, &w, 60, &done) == 1 && claim(s, &w, 60, &played) == 1);
    store_result r = result_of(&done, 5);
    CHECK(queue_report(s, &w, &done, QUEUE_DONE, &r, NULL, &err) == QUEUE_REPORT_STORED);
    int64_t n = -1;
    CHECK(queue_cancel_all(s, "test", owner, &n, &err));
    CHECK_EQ_INT(n, 2);
    CHECK_EQ_STR(state_of(s, done.owner_key), "done");
    CHECK_EQ_STR(state_of(s, played.owner_key), "cancelled");
    CHECK_EQ_STR(state_of(s, 2), "cancelled");
    CHECK_EQ_INT(count(s, "SELECT count(*) FROM jobs WHERE owner_id = ? AND (lease_token IS NOT NULL OR "
                          "lease_worker IS NOT NULL OR lease_expires IS NOT NULL)"),
                 0);
    CHECK_EQ_INT(queue_worker_beat(s, &w, 60, &err), 0); /* nothing left to renew */
    int64_t jobs[4];
    char tokens[4][40];
    CHECK_EQ_INT(queue_held(s, &w, jobs, tokens, 4, &err), 0);
    store_result late = result_of(&played, 9);
    buf_reset(&err);
    CHECK(queue_report(s, &w, &played, QUEUE_DONE, &late, NULL, &err) == QUEUE_REPORT_LOST);
    CHECK(strstr(buf_cstr(&err), "no longer holds the lease (the match was cancelled)") != NULL);
    CHECK_EQ_STR(state_of(s, played.owner_key), "cancelled");
    store_result got;
    CHECK(queue_result_load(s, done.job, &got, &err) && got.score[0] == 5);
    CHECK(!queue_result_load(s, played.job, &got, &err));
    queue_claim_free(&done);
    queue_claim_free(&played);
    buf_free(&err);
    store_close(s);
}

/* Counts of every owner of one kind (the server's ladder, its scrimmages): owner_id < 0. */
TEST(counts_of_every_owner_of_a_kind) {
    FRESH(s);
    char kind[32];
    snprintf(kind, sizeof kind, "kind%lld-%d", (long long)owner, (int)getpid()); /* fresh on a shared database */
    queue_job j[3] = {{.owner_kind = kind, .owner_id = 1, .owner_key = 0, .spec = "{}", .nseats = 2},
                      {.owner_kind = kind, .owner_id = 2, .owner_key = 0, .spec = "{}", .nseats = 2},
                      {.owner_kind = "test", .owner_id = owner, .owner_key = 0, .spec = "{}", .nseats = 2}};
    buf_t err;
    buf_init(&err);
    CHECK(queue_add(s, j, 3, &err));
    queue_counts q;
    CHECK(queue_count(s, kind, -1, &q, &err) && q.queued == 2);
    CHECK(queue_count(s, kind, 2, &q, &err) && q.queued == 1);
    CHECK(queue_count(s, "test", owner, &q, &err) && q.queued == 1);
    buf_free(&err);
    store_close(s);
}

/* A replay travels with its result (replays.h): compressed on the worker, stored in the report's
 * transaction, read back whole (also into a file); a job played without one has none; damaged
 * bytes, and files that cannot be read or written, are errors that say so. */
TEST(a_replay_is_stored_with_its_result_and_read_back) {
    FRESH(s);
    add(s, 0, 0, NULL, 0);
    add(s, 1, 0, NULL, 0);
    buf_t err, gz, back;
    buf_init(&err);
    buf_init(&gz);
    buf_init(&back);
    char file[64];
    snprintf(file, sizeof file, "/tmp/arena-test-replay-%d.jsonl", (int)getpid());
    FILE *f = fopen(file, "w");
    CHECK(f != NULL);
    if (!f) return;
    for (int i = 0; i < 5000; i++) fprintf(f, "{\"turn\":%d,\"actions\":[\"N\",\"S\"]}\n", i);
    fclose(f);
    CHECK(replays_pack_file(file, &gz, &err));
    queue_worker w;
    CHECK(queue_worker_register(s, "r", "", &w, &err));
    queue_claim c0, c1;
    CHECK(claim(s, &w, 60, &c0) == 1 && claim(s, &w, 60, &c1) == 1);
    store_result r = result_of(&c0, 3);
    r.replay_gz = gz.data;
    r.replay_gz_len = gz.len;
    CHECK(queue_report(s, &w, &c0, QUEUE_DONE, &r, NULL, &err) == QUEUE_REPORT_STORED);
    CHECK(queue_report(s, &w, &c0, QUEUE_DONE, &r, NULL, &err) == QUEUE_REPORT_STORED); /* a lost reply */
    store_result r1 = result_of(&c1, 2);
    CHECK(queue_report(s, &w, &c1, QUEUE_UNPLAYABLE, &r1, "bad seat", &err) == QUEUE_REPORT_FAILED);
    CHECK(replays_load(s, c0.job, &back, &err) == 1);
    FILE *g = fopen(file, "r");
    char *want = calloc(1, 200000);
    size_t n = g ? fread(want, 1, 199999, g) : 0;
    if (g) fclose(g);
    CHECK(n > 100000 && back.len == n && memcmp(back.data, want, n) == 0);
    CHECK(gz.len < n / 10); /* compressed */
    free(want);
    buf_reset(&back);
    CHECK(replays_load(s, c1.job, &back, &err) == 0 && back.len == 0);
    char out[96];
    snprintf(out, sizeof out, "%s.out", file);
    CHECK(replays_save(s, c0.job, out, &err) == 1);
    struct stat st;
    CHECK(stat(out, &st) == 0 && (size_t)st.st_size == n);
    /* a file that cannot be written, or read, is named; nothing is left behind */
    buf_reset(&err);
    CHECK(replays_save(s, c0.job, "/nonexistent-arena-dir/r.jsonl", &err) == -1);
    CHECK(strstr(buf_cstr(&err), "cannot write /nonexistent-arena-dir/r.jsonl: No such file or directory") != NULL);
    buf_reset(&err);
    buf_reset(&back);
    CHECK(!replays_pack_file("/nonexistent-arena-dir/r.jsonl", &back, &err) && back.len == 0);
    CHECK(strstr(buf_cstr(&err), "cannot read the replay /nonexistent-arena-dir/r.jsonl") != NULL);
    /* a stored replay whose bytes are damaged is an error that says so, not a crash */
    CHECK(db_do(store_db(s), &err, NULL, "UPDATE replays SET data = ? WHERE job_id = ?", "bi", gz.data, gz.len / 2,
                c0.job));
    buf_reset(&err);
    CHECK(replays_load(s, c0.job, &back, &err) == -1 && strstr(buf_cstr(&err), "damaged"));
    unlink(file);
    unlink(out);
    queue_claim_free(&c0);
    queue_claim_free(&c1);
    buf_free(&gz);
    buf_free(&back);
    buf_free(&err);
    store_close(s);
}

/* The reading commands (standings, report) open the store read-only: on both engines it reads what
 * a writer stored; on SQLite it cannot write (a store in a folder it may not write is read as it
 * is: test_tourney_store_faults.sh). */
TEST(a_reader_reads_the_store_and_writes_nothing) {
    FRESH(s);
    add(s, 0, 0, NULL, 0);
    buf_t err;
    buf_init(&err);
    store_t *r = store_open_read(target, &err);
    CHECK(r != NULL);
    if (!r) {
        printf("# %s\n", buf_cstr(&err));
        buf_free(&err);
        store_close(s);
        return;
    }
    char st[16];
    CHECK(queue_state(r, queue_find(r, "test", owner, 0), st) && strcmp(st, "queued") == 0);
    if (strcmp(target, path) == 0) {
        CHECK(!db_do(store_db(r), &err, NULL, "UPDATE jobs SET priority = 1", ""));
        CHECK(strstr(buf_cstr(&err), "readonly") != NULL);
    }
    store_close(r);
    buf_free(&err);
    store_close(s);
}

/* `arena tourney --status` opened the store to migrate it, so a store it may not write (a read-only
 * file or folder) showed no status. It reads a store as it is, writing nothing (on SQLite it
 * cannot); one older than what it reads (the workers' lease, queue step 6) is brought up to date
 * where it can be written, as it always was, and refused, saying what to do, where it cannot. */
TEST(the_status_reads_the_store_and_brings_an_older_one_up_to_date) {
    FRESH(s);
    add(s, 0, 0, NULL, 0);
    buf_t err;
    buf_init(&err);
    store_t *r = store_open_status(target, &err);
    CHECK(r != NULL && buf_cstr(&err)[0] == 0);
    if (r && strcmp(target, path) == 0) {
        CHECK(!db_do(store_db(r), &err, NULL, "UPDATE jobs SET priority = 1", ""));
        CHECK(strstr(buf_cstr(&err), "readonly") != NULL);
    }
    store_close(r);
    /* a store of queue step 5: its workers have no lease yet */
    int64_t v = 0;
    CHECK(db_exec(store_db(s), "ALTER TABLE workers DROP COLUMN lease", &err) &&
          db_exec(store_db(s), "UPDATE schema_versions SET version = 5 WHERE domain = 'queue'", &err));
    store_close(s);
    buf_reset(&err);
    r = store_open_read(target, &err); /* standings read no workers: as it is */
    CHECK(r != NULL);
    store_close(r);
    if (strcmp(target, path) == 0 && geteuid() != 0) { /* root writes a read-only file */
        chmod(path, 0444);
        buf_reset(&err);
        CHECK(store_open_status(target, &err) == NULL);
        CHECK(strstr(buf_cstr(&err), "its 'queue' schema is version 5; this arena reads version 6") != NULL);
        CHECK(strstr(buf_cstr(&err), "bringing it up to date here failed") != NULL);
        if (t_failed_now) printf("# %s\n", buf_cstr(&err));
        chmod(path, 0644);
    }
    buf_reset(&err);
    r = store_open_status(target, &err);
    CHECK(r != NULL && buf_cstr(&err)[0] == 0);
    if (!r) printf("# %s\n", buf_cstr(&err));
    store_close(r);
    s = open_store();
    CHECK(s && db_get_int64(store_db(s), &err, &v, "SELECT version FROM schema_versions WHERE domain = 'queue'", "") == 1);
    CHECK_EQ_INT(v, queue_schema.steps[queue_schema.nsteps - 1].version);
    CHECK(s && db_get_int64(store_db(s), &err, &v, "SELECT count(lease) FROM workers", "") == 1);
    store_close(s);
    buf_free(&err);
}

/* The schema of stores made before migrations existed, with one tournament and one match. */
static const char *old_store =
    "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
    "INSERT INTO meta VALUES('schema', '1');"
    "CREATE TABLE tourneys(id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, key_noseed TEXT NOT NULL,"
    " game TEXT NOT NULL, config TEXT NOT NULL, seed INTEGER NOT NULL, format TEXT NOT NULL, seats INTEGER NOT NULL,"
    " planned INTEGER NOT NULL, created TEXT NOT NULL, last_run TEXT NOT NULL, sprt_result TEXT);"
    "CREATE TABLE players(tourney_id INTEGER NOT NULL REFERENCES tourneys(id), idx INTEGER NOT NULL,"
    " name TEXT NOT NULL, seat TEXT NOT NULL, PRIMARY KEY(tourney_id, idx));"
    "CREATE TABLE matches(tourney_id INTEGER NOT NULL REFERENCES tourneys(id), idx INTEGER NOT NULL,"
    " seed_index INTEGER NOT NULL, seed INTEGER NOT NULL, nseats INTEGER NOT NULL,"
    " status TEXT NOT NULL CHECK(status IN ('done', 'failed')), turns INTEGER NOT NULL, seconds REAL NOT NULL,"
    " attempts INTEGER NOT NULL, error TEXT, replay TEXT, finished TEXT NOT NULL, PRIMARY KEY(tourney_id, idx));"
    "CREATE TABLE seats(tourney_id INTEGER NOT NULL, match_idx INTEGER NOT NULL, seat INTEGER NOT NULL,"
    " player INTEGER NOT NULL, score REAL, rank INTEGER, late INTEGER NOT NULL, down INTEGER NOT NULL,"
    " invalid INTEGER NOT NULL, crash INTEGER NOT NULL, moves INTEGER NOT NULL, think_ms REAL NOT NULL,"
    " PRIMARY KEY(tourney_id, match_idx, seat),"
    " FOREIGN KEY(tourney_id, match_idx) REFERENCES matches(tourney_id, idx));"
    "INSERT INTO tourneys VALUES(1, 'k', 'k0', 'chicken', '{}', 5, 'round-robin', 2, 2, 't0', 't1', NULL);"
    "INSERT INTO players VALUES(1, 0, 'a', 'builtin:greedy'), (1, 1, 'b', 'builtin:tracker');"
    "INSERT INTO matches VALUES(1, 1, 0, 99, 2, 'done', 40, 1.5, 2, NULL, 'r.jsonl', 't2');"
    "INSERT INTO seats VALUES(1, 1, 0, 1, 1.0, 1, 0, 0, 0, 0, 20, 3.5), (1, 1, 1, 0, 0.0, 2, 1, 0, 0, 0, 20, 4.5);";

TEST(an_old_store_is_migrated_and_keeps_its_matches) {
    if (strcmp(target, path) != 0) return; /* the old schema is SQLite's */
    char old[80];
    snprintf(old, sizeof old, "%s-old", path);
    store_fixture_remove(old);
    buf_t err;
    buf_init(&err);
    db_t *db = db_open(old, true, &err);
    CHECK(db && db_exec(db, old_store, &err));
    db_close(db);
    /* a reader neither migrates it nor reads it half understood: it says what to do, writing nothing */
    CHECK(store_open_read(old, &err) == NULL);
    CHECK(strstr(buf_cstr(&err), "written by an older arena (its 'queue' schema is version 0; this arena reads "
                                 "version 1 and later") != NULL);
    CHECK(strstr(buf_cstr(&err), "must be brought up to date before it can be read") != NULL);
    db = db_open_read(old, &err);
    CHECK(db && !db_has_table(db, "schema_versions") && !db_has_table(db, "jobs"));
    db_close(db);
    buf_reset(&err);
    store_t *s = store_open(old, false, &err);
    CHECK(s != NULL);
    if (!s) {
        printf("# %s\n", buf_cstr(&err));
        return;
    }
    store_tourney t;
    CHECK(tourneys_load(s, 1, &t, &err));
    CHECK_EQ_INT(t.nresults, 1);
    CHECK(t.results[0].idx == 1 && t.results[0].seed == 99 && t.results[0].attempts == 2 && t.results[0].turns == 40);
    CHECK(t.results[0].entrant[0] == 1 && t.results[0].score[0] == 1.0 && t.results[0].verdicts[1][VERDICT_LATE] == 1);
    CHECK_EQ_STR(t.results[0].replay, "r.jsonl");
    CHECK_EQ_STR(t.names[1], "b");
    tourneys_free(&t);
    int64_t v = 0;
    CHECK(db_get_int64(store_db(s), &err, &v, "SELECT version FROM schema_versions WHERE domain = 'tourney'", "") == 1 &&
          v == 3);
    /* step 3: the entrants' fingerprints, none for an old store's (its next resume records them) */
    CHECK(db_get_int64(store_db(s), &err, &v, "SELECT count(*) FROM players WHERE fingerprint IS NULL", "") == 1 &&
          v == 2);
    CHECK(db_get_int64(store_db(s), &err, &v, "SELECT failures FROM jobs WHERE owner_key = 1", "") == 1 && v == 1);
    CHECK(store_integrity_ok(s, NULL));
    store_close(s);
    /* migrated, it is read as it is; a queue schema some steps behind still is (readers read its
     * step 1's tables), a tourney schema behind its step 2 is not */
    s = store_open_read(old, &err);
    CHECK(s && tourneys_latest(s, NULL) == 1);
    store_close(s);
    int64_t queue_v = 0;
    db = db_open(old, false, &err);
    CHECK(db_get_int64(db, &err, &queue_v, "SELECT version FROM schema_versions WHERE domain = 'queue'", "") == 1);
    CHECK(db_exec(db, "UPDATE schema_versions SET version = 1 WHERE domain = 'queue'", &err));
    db_close(db);
    s = store_open_read(old, &err);
    CHECK(s && tourneys_latest(s, NULL) == 1);
    store_close(s);
    db = db_open(old, false, &err);
    CHECK(db_exec(db, "UPDATE schema_versions SET version = 1 WHERE domain = 'tourney'", &err));
    db_close(db);
    buf_reset(&err);
    CHECK(store_open_read(old, &err) == NULL && strstr(buf_cstr(&err), "'tourney' schema is version 1"));
    db = db_open(old, false, &err);
    CHECK(db_do(db, &err, NULL, "UPDATE schema_versions SET version = ? WHERE domain = 'queue'", "i", queue_v));
    db_close(db);
    /* a store newer than this program is refused, saying so, by writers and readers */
    db = db_open(old, false, &err);
    CHECK(db_exec(db, "UPDATE schema_versions SET version = 99 WHERE domain = 'tourney'", &err));
    db_close(db);
    buf_reset(&err);
    CHECK(store_open(old, false, &err) == NULL && strstr(buf_cstr(&err), "newer than this arena knows"));
    /* naming the store once: "s.db: the store's ... use a newer arena (s.db)" read as two stores */
    CHECK(strstr(buf_cstr(&err), old) && !strstr(strstr(buf_cstr(&err), old) + strlen(old), old));
    buf_reset(&err);
    CHECK(store_open_read(old, &err) == NULL && strstr(buf_cstr(&err), "newer than this arena knows"));
    buf_free(&err);
    store_fixture_remove(old);
}

int main(void) {
    store_fixture_start("queue");
    RUN(claims_follow_priority_then_order_and_tags);
    RUN(a_result_is_stored_once_and_a_repeated_report_changes_nothing);
    RUN(a_claim_that_lost_its_lease_cannot_store_its_result);
    RUN(the_heartbeat_keeps_a_lease);
    RUN(bot_failures_count_up_to_the_limit_interruptions_do_not);
    RUN(a_dead_local_workers_claims_come_back_at_once);
    RUN(a_worker_of_another_machine_with_our_hostname_keeps_its_leases);
    RUN(queued_matches_waiting_for_a_tag_no_running_worker_has);
    RUN(a_worker_silent_past_its_lease_is_shown_lost);
    RUN(cancel_and_requeue);
    RUN(cancel_all_ends_the_leases_of_matches_being_played);
    RUN(counts_of_every_owner_of_a_kind);
    RUN(a_replay_is_stored_with_its_result_and_read_back);
    RUN(a_reader_reads_the_store_and_writes_nothing);
    RUN(the_status_reads_the_store_and_brings_an_older_one_up_to_date);
    RUN(an_old_store_is_migrated_and_keeps_its_matches);
    store_fixture_end();
    return T_DONE();
}
