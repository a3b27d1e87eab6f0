/* test_tourney_refusals.c: what a tournament refuses, and the message a user then reads: schedules
 * that cannot be built (no entrants, seats the game does not take, a gauntlet without opponents,
 * too few entrants without a filler, too many matches), a Slurm array whose tag or options are
 * unsafe or too many, or whose sbatch is not there; match specs a worker cannot play (they come
 * from a store another program wrote): by the pool, and by the worker loop, which fails the job
 * with the reason and plays on. Also `arena tourney --status` read back in both forms. */
#include "t.h"
#include <jansson.h>
#include "core/clock.h"
#include "games/registry.h"
#include "store/bundle.h"
#include "store/bundles.h"
#include "store/queue.h"
#include "store/tourneys.h"
#include "tourney/jobspec.h"
#include "tourney/pool.h"
#include "tourney/slurm.h"
#include "tourney/status.h"
#include "tourney/tourney.h"
#include "tourney/worker.h"
#include "tourney_fixture.h"
#include <unistd.h>

/* schedule_build refuses c, saying want. */
static void refused(tourney_config *c, const char *want) {
    tourney_schedule s;
    buf_t err;
    buf_init(&err);
    bool ok = schedule_build(c, &s, &err);
    CHECK(!ok);
    if (!ok && !strstr(buf_cstr(&err), want)) {
        printf("# got \"%s\"\n# want \"%s\"\n", buf_cstr(&err), want);
        CHECK(strstr(buf_cstr(&err), want) != NULL);
    }
    if (ok) schedule_free(&s);
    buf_free(&err);
    config_free(c);
}

TEST(schedules_that_cannot_be_built_are_refused_saying_why) {
    tourney_config c;
    game_t two = ranged(2, 2), some = ranged(2, 4), alone = ranged(1, 1);
    config(&c, &two, 0, FORMAT_ROUND_ROBIN, 0, 0);
    refused(&c, "no entrants");
    config(&c, &two, 3, FORMAT_ROUND_ROBIN, 0, 3);
    refused(&c, "rising_tide is played by exactly 2 seats, not 3: leave --seats out (or give --seats 2)");
    config(&c, &alone, 3, FORMAT_ROUND_ROBIN, 0, 2); /* it said "exactly 1 seats" */
    refused(&c, "rising_tide is played by exactly 1 seat, not 2: leave --seats out (or give --seats 1)");
    config(&c, &some, 6, FORMAT_RANDOM, 0, 5);
    refused(&c, "rising_tide is played by 2 to 4 seats, not 5: give --seats 2 to 4, or leave it out");
    config(&c, &two, 1, FORMAT_GAUNTLET, 0, 0);
    refused(&c, "a gauntlet needs a candidate (the first seat) and at least one opponent");
    config(&c, &two, 1, FORMAT_ROUND_ROBIN, 0, 0);
    refused(&c, "a rising_tide match has 2 seats but there is only 1 entrant: add entrants, or give --fill SEAT to fill "
                "the empty seat (e.g. --fill builtin:pass_perth; the filler is not ranked)");
    config(&c, &some, 2, FORMAT_RANDOM, 0, 3);
    refused(&c, "a rising_tide match has 3 seats but there are only 2 entrants: add entrants, or give --fill SEAT");
    /* too many matches, whichever way they are counted */
    config(&c, &two, 2, FORMAT_RANDOM, TOURNEY_MAX_MATCHES + 1, 0);
    refused(&c, "the schedule would have more than 10000000 matches; use fewer entrants or --format random");
    config(&c, &alone, 2, FORMAT_ROUND_ROBIN, TOURNEY_MAX_MATCHES, 0);
    refused(&c, "more than 10000000 matches");
    config(&c, &two, 10, FORMAT_ROUND_ROBIN, TOURNEY_MAX_MATCHES / 40, 0); /* 45 pairings x games */
    refused(&c, "more than 10000000 matches");
    config(&c, &some, 200, FORMAT_ROUND_ROBIN, 1, 4); /* C(200, 4) tables: 64 million */
    refused(&c, "more than 10000000 matches");
}

TEST(the_rounds_format_refuses_what_it_cannot_deal) {
    tourney_config c;
    game_t some = ranged(2, 4), alone = ranged(1, 1), three_up = ranged(3, 4);
    config(&c, &alone, 3, FORMAT_ROUNDS, 0, 0);
    refused(&c, "the rounds format seats several entrants in one game; rising_tide is played alone");
    config(&c, &some, 3, FORMAT_ROUNDS, 0, 5);
    refused(&c, "rising_tide is played by 2 to 4 seats, not 5");
    config(&c, &three_up, 5, FORMAT_ROUNDS, 0, 0); /* two tables of 2 and 3: a table of 2 is too small */
    refused(&c, "5 entrants cannot be dealt into games of 3 to 4 seats");
    config(&c, &some, 3, FORMAT_ROUNDS, 0, 0);
    c.rounds = TOURNEY_MAX_ROUNDS + 1;
    refused(&c, "at most 1000 rounds");
    config(&c, &some, 1, FORMAT_ROUNDS, 0, 0);
    refused(&c, "a rising_tide match has 2 seats but there is only 1 entrant");
}

/* With a filler, one entrant plays the rounds format: every game is it and the filler. */
TEST(the_rounds_format_fills_a_lone_entrants_table) {
    tourney_config c;
    game_t some = ranged(2, 4);
    config(&c, &some, 1, FORMAT_ROUNDS, 0, 0);
    buf_t err;
    buf_init(&err);
    CHECK(config_set_fill(&c, "builtin:pass_perth", &err));
    tourney_schedule s;
    CHECK(schedule_build(&c, &s, &err));
    CHECK_EQ_INT(s.n, TOURNEY_ROUND_GAMES);
    CHECK_EQ_INT(s.seats, 2);
    for (int i = 0; i < s.n; i++) CHECK(s.m[i].nseats == 2 && s.m[i].entrant[0] == 0 && s.m[i].entrant[1] == -1);
    schedule_free(&s);
    config_free(&c);
    buf_free(&err);
}

/* The command line's tournament words: format names (with the short forms), at most 64 round
 * multipliers, at most 256 entrants; a second --fill replaces the first. */
TEST(format_names_multipliers_and_entrants_have_their_limits) {
    tourney_format f = FORMAT_RANDOM;
    CHECK(config_format_parse("rr", &f) && f == FORMAT_ROUND_ROBIN);
    f = FORMAT_RANDOM;
    CHECK(config_format_parse("roundrobin", &f) && f == FORMAT_ROUND_ROBIN);
    CHECK(config_format_parse("gauntlet", &f) && f == FORMAT_GAUNTLET);
    CHECK(!config_format_parse("swiss", &f) && f == FORMAT_GAUNTLET);
    CHECK_EQ_STR(config_format_name(FORMAT_ROUNDS), "rounds");
    CHECK_EQ_STR(config_format_name((tourney_format)9), "?");
    char many[400] = "";
    for (int i = 0; i < TOURNEY_MAX_MULT; i++) strcat(many, i ? ",2" : "2");
    tourney_weights w;
    buf_t err;
    buf_init(&err);
    CHECK(config_weights_parse(many, &w, &err) && w.n == TOURNEY_MAX_MULT);
    strcat(many, ",3");
    CHECK(!config_weights_parse(many, &w, &err));
    CHECK(strstr(buf_cstr(&err), "--multipliers: at most 64 rounds") != NULL);
    tourney_config c;
    config(&c, rt(), TOURNEY_MAX_ENTRANTS, FORMAT_ROUND_ROBIN, 0, 0);
    CHECK_EQ_INT(c.nentrants, TOURNEY_MAX_ENTRANTS);
    buf_reset(&err);
    CHECK(!config_add_entrant(&c, "one_more=builtin:pass_perth", &err));
    CHECK(strstr(buf_cstr(&err), "at most 256 entrants") != NULL);
    CHECK(config_set_fill(&c, "builtin:pass_perth", &err) && config_set_fill(&c, "builtin:trench_tunis", &err));
    CHECK(c.has_fill && c.fill.seat.text && strcmp(c.fill.seat.text, "builtin:trench_tunis") == 0);
    config_free(&c);
    buf_free(&err);
}

static void slurm_refused(const slurm_array *a, const char *want) {
    char id[32] = "";
    buf_t err;
    buf_init(&err);
    CHECK(!slurm_submit(a, id, &err));
    if (!strstr(buf_cstr(&err), want)) printf("# got \"%s\"\n# want \"%s\"\n", buf_cstr(&err), want);
    CHECK(strstr(buf_cstr(&err), want) != NULL);
    CHECK_EQ_STR(id, "");
    buf_free(&err);
}

/* The tag reaches a shell command line: anything but a plain word is refused before sbatch runs
 * (the sbatch named here does not exist, so running it would give another message). */
TEST(a_slurm_array_with_an_unsafe_tag_or_too_many_options_is_refused_before_sbatch_runs) {
    slurm_array a = {.db = "postgresql:///t", .tasks = 2, .sbatch = "/nonexistent-arena-dir/sbatch"};
    a.tag = "gpu; rm -rf ~";
    slurm_refused(&a, "tag 'gpu; rm -rf ~': letters, digits, '-', '_' and '.' only");
    a.tag = "it's";
    slurm_refused(&a, "letters, digits, '-', '_' and '.' only");
    char longtag[80];
    memset(longtag, 'g', 65);
    longtag[65] = 0;
    a.tag = longtag;
    slurm_refused(&a, "is too long");
    a.tag = "gpu-2.x_y";
    char args[600] = "";
    for (int i = 0; i < 60; i++) strcat(args, "--x=1 ");
    a.args = args;
    slurm_refused(&a, "--slurm-args: more than 56 options");
}

/* No sbatch on this machine (Slurm not installed): the submission fails saying so. */
TEST(a_slurm_array_without_sbatch_fails_saying_so) {
    slurm_array a = {.db = "postgresql:///t", .tasks = 2, .tag = "gpu", .lease_s = 60, .heartbeat_s = 10,
                     .args = "--time=5", .sbatch = "/nonexistent-arena-dir/sbatch"};
    slurm_refused(&a, "sbatch failed (status 127; its message is above)");
}

/* A spec from the store that the worker cannot play fails that match alone, with the reason; the
 * same worker process plays on. */
TEST(a_match_spec_a_worker_cannot_play_fails_with_its_reason) {
    static const struct {
        const char *spec, *want;
    } cases[] = {
        {"[1, 2]", "the match spec is not a JSON object"},
        {"{\"game\": \"go\", \"seats\": []}", "the match is of a game this arena does not know ('go'): build a newer arena"},
        {"{\"game\": \"rising_tide\", \"seats\": [{\"name\": \"a\", \"seat\": \"builtin:pass_perth\"}]}",
         "the match has 1 seat; rising_tide takes exactly 4 seats"},
        {"{\"game\": \"chicken\", \"seats\": [{\"name\": \"a\", \"seat\": \"builtin:greedy\"}, {\"name\": \"b\"}]}",
         "seat 1 of the match has no seat string or name"},
        {"{\"game\": \"chicken\", \"options\": [\"nonsense=1\"], \"seats\": [{\"name\": \"a\", \"seat\": \"builtin:greedy\"}, "
         "{\"name\": \"b\", \"seat\": \"builtin:greedy\"}]}",
         "chicken has no option 'nonsense'"},
        {"{\"game\": \"chicken\", \"seats\": [{\"name\": \"a\", \"seat\": \"builtin:greedy\"}, {\"name\": \"b\", "
         "\"seat\": \"builtin:nosuchbot\"}]}",
         "nosuchbot"},
    };
    pool_t *p = pool_new(1);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pool_event ev;
        memset(&ev, 0, sizeof ev);
        CHECK(pool_submit(p, (int)i + 1, cases[i].spec, 0));
        CHECK_EQ_INT(pool_next(p, &ev), 1);
        CHECK_EQ_INT(ev.key, (int)i + 1);
        CHECK_EQ_INT(ev.outcome, POOL_ERROR);
        CHECK(ev.result.failed);
        if (!strstr(ev.result.error, cases[i].want)) printf("# got \"%s\"\n# want \"%s\"\n", ev.result.error, cases[i].want);
        CHECK(strstr(ev.result.error, cases[i].want) != NULL);
    }
    CHECK_EQ_INT(pool_spawned(p), 1);
    pool_free(p, 1000);
}

typedef struct {
    int reports;
    queue_outcome outcome;
    queue_report_rc rc;
    char why[300];
} seen_report;

static void on_report(void *ctx, const queue_claim *c, queue_outcome o, const tourney_result *r, queue_report_rc rc,
                      const char *why) {
    (void)c, (void)r;
    seen_report *seen = ctx;
    seen->reports++;
    seen->outcome = o;
    seen->rc = rc;
    snprintf(seen->why, sizeof seen->why, "%s", why ? why : "");
}

/* A store in a scratch folder of its own (root: a mkdtemp template, filled in). */
static store_t *scratch_open(char *root) {
    CHECK(mkdtemp(root) != NULL);
    char path[100];
    snprintf(path, sizeof path, "%s/store.db", root);
    buf_t err;
    buf_init(&err);
    store_t *s = store_open(path, true, &err);
    if (!s) printf("# %s\n", buf_cstr(&err));
    CHECK(s != NULL);
    buf_free(&err);
    return s;
}

/* Closes it and removes the folder. */
static void scratch_close(store_t *s, const char *root) {
    store_close(s);
    char cmd[200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
    CHECK(system(cmd) == 0);
}

/* The worker loop meets specs it cannot set up (a game it does not know, a bundled seat without its
 * path, a seat string that does not name its bundle's path): each job fails at once, unplayable,
 * with the reason stored, and the loop goes on to the next. */
TEST(a_worker_fails_a_job_it_cannot_set_up_with_the_reason_and_goes_on) {
    char root[] = "/tmp/arena-refusals-XXXXXX", cache[100];
    store_t *s = scratch_open(root);
    if (!s) return;
    snprintf(cache, sizeof cache, "%s/cache", root);
    buf_t err, tgz;
    buf_init(&err);
    buf_init(&tgz);
    char sha[65] = "";
    CHECK(bundle_pack("tests/bots/tourney/slow", NULL, &tgz, sha, &err) && bundles_put(s, sha, tgz.data, tgz.len, &err));
    char specs[3][600];
    snprintf(specs[0], sizeof specs[0], "{\"game\": \"go\", \"seats\": []}");
    snprintf(specs[1], sizeof specs[1],
             "{\"game\": \"chicken\", \"seats\": [{\"name\": \"a\", \"seat\": \"python:a.py\", \"bundle\": \"%s\"}, "
             "{\"name\": \"b\", \"seat\": \"builtin:greedy\"}]}", sha);
    snprintf(specs[2], sizeof specs[2],
             "{\"game\": \"chicken\", \"seats\": [{\"name\": \"b\", \"seat\": \"builtin:greedy\"}, {\"name\": \"a\", "
             "\"seat\": \"python:elsewhere/slow.pyc\", \"bundle\": \"%s\", \"path\": \"elsewhere/slow.py\", "
             "\"inner\": \"slow/slow.py\"}]}", sha);
    const char *want[3] = {"the match is of a game this arena does not know ('go')", "seat 0: a bundle without its path",
                           "seat 1: 'python:elsewhere/slow.pyc' does not name its bundle's path 'elsewhere/slow.py'"};
    for (int i = 0; i < 3; i++) {
        queue_job j = {.owner_kind = "refusal", .owner_id = 1, .owner_key = i, .spec = specs[i], .nseats = 2};
        CHECK(queue_add(s, &j, 1, &err));
    }
    seen_report seen;
    memset(&seen, 0, sizeof seen);
    worker_opts o = {.jobs = 1, .poll_s = 0.1, .owner_kind = "refusal", .owner_id = 1, .cache_dir = cache,
                     .on_report = on_report, .ctx = &seen};
    worker_t *w = worker_new(s, &o, &err);
    CHECK(w != NULL);
    for (int i = 0; w && i < 3; i++) {
        int before = seen.reports;
        CHECK(worker_step(w, 0, true, &err) >= 0);
        CHECK_EQ_INT(seen.reports, before + 1);
        CHECK_EQ_INT(seen.outcome, QUEUE_UNPLAYABLE);
        CHECK_EQ_INT(seen.rc, QUEUE_REPORT_FAILED);
        if (!strstr(seen.why, want[i])) printf("# got \"%s\"\n# want \"%s\"\n", seen.why, want[i]);
        CHECK(strstr(seen.why, want[i]) != NULL);
        char state[16] = "";
        CHECK(queue_state(s, queue_find(s, "refusal", 1, i), state) && strcmp(state, "failed") == 0);
        store_result r;
        CHECK(queue_result_load(s, queue_find(s, "refusal", 1, i), &r, &err));
        CHECK(r.failed && strstr(r.error, want[i]) != NULL);
    }
    if (w) CHECK_EQ_INT(worker_busy(w), 0);
    worker_free(w, 1000);
    scratch_close(s, root);
    buf_free(&err);
    buf_free(&tgz);
}

/* A worker ended while it plays hands its match back at once, as interrupted (not counted against
 * the match), rather than leaving it leased until the lease expires. */
TEST(a_worker_ended_mid_match_hands_the_match_back_at_once) {
    char root[] = "/tmp/arena-refusals-XXXXXX", here[4096], hang[4200];
    store_t *s = scratch_open(root);
    if (!s) return;
    snprintf(hang, sizeof hang, "%s/tests/bots/tourney/hang.sh", getcwd(here, sizeof here) ? here : ".");
    buf_t err, spec;
    buf_init(&err);
    buf_init(&spec);
    jobspec sp;
    memset(&sp, 0, sizeof sp);
    sp.game = rt();
    sp.seed = 3;
    sp.nseats = 4;
    sp.seats[0] = (jobspec_seat){.name = "hang", .seat = hang, .player = 0};
    const char *others[] = {"builtin:pass_perth", "builtin:seawall_sydney", "builtin:trench_tunis"};
    for (int i = 1; i < 4; i++) sp.seats[i] = (jobspec_seat){.name = (char *)others[i - 1] + 8, .seat = (char *)others[i - 1], .player = i};
    sp.clock = match_default_clock(sp.game);
    sp.sandbox.mode = SANDBOX_OFF;
    jobspec_json(&sp, &spec);
    queue_job j = {.owner_kind = "refusal", .owner_id = 2, .owner_key = 0, .spec = buf_cstr(&spec), .nseats = 4};
    CHECK(queue_add(s, &j, 1, &err));
    seen_report seen;
    memset(&seen, 0, sizeof seen);
    worker_opts o = {.jobs = 1, .owner_kind = "refusal", .owner_id = 2, .on_report = on_report, .ctx = &seen};
    worker_t *w = worker_new(s, &o, &err);
    CHECK(w != NULL);
    if (w) {
        CHECK(worker_step(w, 0, true, &err) >= 0);
        CHECK_EQ_INT(worker_busy(w), 1);
        char state[16] = "";
        CHECK(queue_state(s, queue_find(s, "refusal", 2, 0), state) && strcmp(state, "leased") == 0);
        worker_free(w, 200);
    }
    CHECK_EQ_INT(seen.reports, 1);
    CHECK_EQ_INT(seen.outcome, QUEUE_INTERRUPTED);
    CHECK_EQ_INT(seen.rc, QUEUE_REPORT_REQUEUED);
    CHECK_EQ_STR(seen.why, "the worker was stopped");
    char state[16] = "";
    CHECK(queue_state(s, queue_find(s, "refusal", 2, 0), state) && strcmp(state, "queued") == 0);
    int64_t v = -1;
    CHECK(db_get_int64(store_db(s), &err, &v, "SELECT interruptions * 10 + failures FROM jobs WHERE owner_id = 2", "") == 1 &&
          v == 10);
    scratch_close(s, root);
    buf_free(&err);
    buf_free(&spec);
}

/* `arena tourney --status`: the queue, each tournament and each worker, as text and as JSON; and
 * `arena standings --list`. */
TEST(the_status_shows_the_queue_each_tournament_and_each_worker) {
    char path[64];
    snprintf(path, sizeof path, "/tmp/arena-status-%d.db", (int)getpid());
    unlink(path);
    buf_t err;
    buf_init(&err);
    store_t *s = store_open(path, true, &err);
    CHECK(s != NULL);
    if (!s) return;
    const char *names[] = {"ann", "bob"}, *seats[] = {"builtin:a", "builtin:b"};
    tourneys_new t = {.key = "k1", .key_noseed = "k0", .game = "rising_tide", .config = "{}", .format = "round-robin",
                      .seed = 3, .seats = 2, .planned = 4, .nentrants = 2, .names = names, .seat_texts = seats};
    int64_t id = tourneys_create(s, &t, &err);
    CHECK(id > 0);
    queue_job jobs[3];
    for (int i = 0; i < 3; i++)
        jobs[i] = (queue_job){.owner_kind = "tourney", .owner_id = id, .owner_key = i, .spec = "{}", .nseats = 2};
    CHECK(queue_add(s, jobs, 3, &err));
    queue_worker w;
    CHECK(queue_worker_register(s, "status-worker", "gpu,fast", &w, &err));
    queue_claim c;
    CHECK_EQ_INT(queue_claim_next(s, &w, "tourney", id, 60, &c, &err), 1);
    queue_claim_free(&c);
    CHECK(tourneys_set_sprt(s, id, "H1", &err));
    /* a worker of long ago (a Slurm task of last week): not listed, but counted; --all lists it */
    queue_worker old;
    CHECK(queue_worker_register(s, "old-worker", "", &old, &err));
    queue_worker_stop(s, &old);
    CHECK(db_do(store_db(s), &err, NULL, "UPDATE workers SET last_seen = last_seen - 100000 WHERE id = ?", "i", old.id));
    /* `arena standings --list`: one line a tournament */
    char *list = NULL;
    size_t nlist = 0;
    FILE *lf = open_memstream(&list, &nlist);
    tourneys_list(s, lf);
    fclose(lf);
    CHECK(strstr(list, "id   game") == list);
    CHECK(strstr(list, "rising_tide") && strstr(list, "round-robin") && strstr(list, " 3 ") &&
          strstr(list, " 0/4 ") && strstr(list, " SPRT H1\n"));
    free(list);
    store_close(s);

    char *text = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&text, &n);
    CHECK(status_print(path, false, false, NULL, f, &err));
    fclose(f);
    CHECK(strstr(text, "queue: 2 queued (oldest ") != NULL);
    CHECK(!strstr(text, "old-worker") && strstr(text, "\n  and 1 older worker, not seen for 10 leases (--all lists it)\n"));
    CHECK(strstr(text, "1 being played, 0 done, 0 failed, 0 cancelled\ntournaments:\n") != NULL);
    CHECK(strstr(text, "rising_tide") && strstr(text, "round-robin"));
    CHECK(strstr(text, "0/4 stored (0 failed), 2 queued, 1 being played, SPRT H1\n") != NULL);
    CHECK(strstr(text, "workers:\n  status-worker") != NULL);
    CHECK(strstr(text, "running") && strstr(text, "  tags gpu,fast\n"));
    if (t_failed_now) printf("# %s", text);
    free(text);

    f = open_memstream(&text, &n);
    CHECK(status_print(path, true, false, NULL, f, &err));
    fclose(f);
    json_error_t je;
    json_t *j = json_loads(text, 0, &je);
    CHECK(j != NULL);
    CHECK_EQ_INT(json_array_size(json_object_get(j, "workers")), 1);
    CHECK_EQ_INT(json_integer_value(json_object_get(j, "workers_hidden")), 1);
    CHECK_EQ_INT(json_integer_value(json_object_get(json_object_get(j, "queue"), "queued")), 2);
    json_t *t0 = json_array_get(json_object_get(j, "tourneys"), 0);
    CHECK_EQ_INT(json_integer_value(json_object_get(t0, "leased")), 1);
    CHECK_EQ_INT(json_integer_value(json_object_get(t0, "planned")), 4);
    CHECK_EQ_STR(json_string_value(json_object_get(t0, "sprt")), "H1");
    json_t *w0 = json_array_get(json_object_get(j, "workers"), 0);
    CHECK_EQ_STR(json_string_value(json_object_get(w0, "name")), "status-worker");
    /* the tags as a list, not the stored ",gpu,fast," (the site's queue table showed ",,") */
    json_t *tags = json_object_get(w0, "tags");
    CHECK(json_is_array(tags) && json_array_size(tags) == 2);
    CHECK_EQ_STR(json_string_value(json_array_get(tags, 0)), "gpu");
    CHECK_EQ_STR(json_string_value(json_array_get(tags, 1)), "fast");
    json_decref(j);
    free(text);
    f = open_memstream(&text, &n);
    CHECK(status_print(path, false, true, NULL, f, &err));
    fclose(f);
    CHECK(strstr(text, "  old-worker ") && strstr(text, " stopped ") && !strstr(text, "older worker"));
    free(text);

    /* a store that is not there is not created by looking at it */
    unlink(path);
    char aux[96];
    snprintf(aux, sizeof aux, "%s-wal", path);
    unlink(aux);
    snprintf(aux, sizeof aux, "%s-shm", path);
    unlink(aux);
    buf_reset(&err);
    f = open_memstream(&text, &n);
    CHECK(!status_print(path, false, false, NULL, f, &err));
    fclose(f);
    CHECK_EQ_INT(n, 0);
    CHECK(strstr(buf_cstr(&err), "cannot open") != NULL);
    CHECK(access(path, F_OK) != 0);
    free(text);
    buf_free(&err);
}

int main(void) {
    RUN(schedules_that_cannot_be_built_are_refused_saying_why);
    RUN(the_rounds_format_refuses_what_it_cannot_deal);
    RUN(the_rounds_format_fills_a_lone_entrants_table);
    RUN(format_names_multipliers_and_entrants_have_their_limits);
    RUN(a_slurm_array_with_an_unsafe_tag_or_too_many_options_is_refused_before_sbatch_runs);
    RUN(a_slurm_array_without_sbatch_fails_saying_so);
    RUN(a_match_spec_a_worker_cannot_play_fails_with_its_reason);
    RUN(a_worker_fails_a_job_it_cannot_set_up_with_the_reason_and_goes_on);
    RUN(a_worker_ended_mid_match_hands_the_match_back_at_once);
    RUN(the_status_shows_the_queue_each_tournament_and_each_worker);
    return T_DONE();
}
