/* test_tourney_run.c: the whole tournament runner (workers, store, standings, SPRT) on two tiny
 * games defined here, whose outcomes follow a known model: "duel" (two seats, Elo-rated: seat s
 * wins with the logistic probability of its bot's strength difference plus a seat-0 advantage)
 * and "solo" (one seat: the score is the bot's strength plus noise drawn from the match seed, so
 * entrants on the same seed get the same noise). Shows that the SPRT accepts the right
 * hypothesis end to end, that the Elo fit recovers known strengths, that one-seat games are
 * compared on shared seeds, and that a decided SPRT is not played again. */
#include "t.h"
#include "core/clock.h"
#include "match/match.h"
#include "tourney/jobspec.h"
#include "tourney/pool.h"
#include "tourney/rating.h"
#include "tourney/runner.h"
#include "games/registry.h"
#include "store/bundle.h"
#include "store/bundles.h"
#include "store/tourneys.h"
#include "tourney/worker.h"
#include "tourney_fixture.h"
#include "rt_job.h"
#include <errno.h>
#include <math.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define ADVANTAGE 40.0 /* Elo of seat 0 in a duel */
#define DRAWS 0.2

typedef struct {
    int seats;
    int strength[2];
    double score[2];
    bool over;
} duel_state;

typedef struct {
    int seat;
} duel_view;

typedef struct {
    int strength;
} duel_action;

static void *duel_create(const game_setup *s, buf_t *err) {
    (void)err;
    duel_state *st = calloc(1, sizeof *st);
    st->seats = s->seats;
    return st;
}
static void duel_destroy(void *st) { free(st); }
static int duel_to_act(const void *st, bool *mask) {
    const duel_state *d = st;
    for (int s = 0; s < d->seats; s++) mask[s] = !d->over;
    return d->over ? 0 : d->seats;
}
static int duel_turn(const void *st) { return ((const duel_state *)st)->over; }
static void duel_apply(void *state, const void *actions, const seat_turn *turns, rng_t *rng) {
    (void)turns;
    duel_state *d = state;
    const duel_action *a = actions;
    if (d->seats == 1) {
        /* solo: strength plus noise of the seed (the same for every entrant on this seed) */
        d->score[0] = a[0].strength + (double)rng_below(rng, 1000) / 10;
    } else {
        double p = rating_elo_to_score(a[0].strength - a[1].strength + ADVANTAGE);
        double x = rng_double(rng);
        double w = p - DRAWS / 2;
        d->score[0] = x < w ? 1 : x < w + DRAWS ? 0.5 : 0;
        d->score[1] = 1 - d->score[0];
    }
    d->over = true;
}
static bool duel_is_over(const void *st) { return ((const duel_state *)st)->over; }
static void duel_result(const void *st, double *scores, int *ranks) {
    const duel_state *d = st;
    for (int s = 0; s < d->seats; s++) scores[s] = d->score[s];
    game_ranks_from_scores(d->seats, scores, ranks);
}
static void duel_view_fn(const void *st, int seat, void *view) {
    (void)st;
    ((duel_view *)view)->seat = seat;
}

#define BOT(name, value)                                                                   \
    static bool act_##name(void *mem, const void *view, void *action, rng_t *rng) {       \
        (void)mem, (void)view, (void)rng;                                                 \
        ((duel_action *)action)->strength = value;                                        \
        return true;                                                                      \
    }
BOT(zero, 0)
BOT(hundred, 100)
BOT(twohundred, 200)
BOT(weaker, -40)
BOT(stronger, 60)

/* "slow": thinks for 60 s, unless the match is abandoned first (the whole-match limit). */
static bool act_slow(void *mem, const void *view, void *action, rng_t *rng) {
    (void)mem, (void)view, (void)rng;
    int64_t end = clock_now_us() + 60000000;
    while (!match_interrupted && clock_now_us() < end) usleep(5000);
    ((duel_action *)action)->strength = 0;
    return true;
}

static const game_bot duel_bots[] = {
    {.name = "zero", .display = "zero", .code = "Z0", .help = "strength 0", .act = act_zero},
    {.name = "hundred", .display = "hundred", .code = "H1", .help = "strength 100", .act = act_hundred},
    {.name = "twohundred", .display = "twohundred", .code = "T2", .help = "strength 200", .act = act_twohundred},
    {.name = "weaker", .display = "weaker", .code = "WK", .help = "strength -40", .act = act_weaker},
    {.name = "stronger", .display = "stronger", .code = "ST", .help = "strength 60", .act = act_stronger},
    {.name = "slow", .display = "slow", .code = "SL", .help = "strength 0 after 60 s", .act = act_slow},
    {0},
};

static const game_option no_options[] = {{NULL, NULL, NULL, GAME_OPTION_TEXT}};

static game_t make_game(const char *id, int seats, ranking_rule rule) {
    game_t g;
    memset(&g, 0, sizeof g);
    g.id = id;
    g.title = id;
    g.min_seats = g.max_seats = seats;
    g.turn_word = "turn";
    g.options = no_options;
    g.bots = duel_bots;
    g.view_size = sizeof(duel_view);
    g.action_size = sizeof(duel_action);
    g.rules.create = duel_create;
    g.rules.destroy = duel_destroy;
    g.rules.to_act = duel_to_act;
    g.rules.turn = duel_turn;
    g.rules.apply = duel_apply;
    g.rules.is_over = duel_is_over;
    g.rules.result = duel_result;
    g.rules.view = duel_view_fn;
    g.tourney.ranking = rule;
    return g;
}

static char db[512];

/* A fresh store: an SQLite file, or on the PostgreSQL test cluster whose socket folder
 * ARENA_TEST_PGHOST names (test_tourney_pg.sh runs this program so) a new schema of this process's
 * database, which the URL makes the session's (search_path; the store's tables are the current
 * schema's): a createdb for each test cost a second of a loaded machine, a schema nothing. */
static void fresh_db(void) {
    static int n;
    const char *pg = getenv("ARENA_TEST_PGHOST");
    if (pg) {
        char base[400];
        snprintf(base, sizeof base, "postgresql:///run%d?host=%s&user=postgres", (int)getpid(), pg);
        if (n == 0) {
            char cmd[700];
            snprintf(cmd, sizeof cmd, "createdb -h '%s' -U postgres run%d", pg, (int)getpid());
            if (system(cmd) != 0) printf("# %s failed\n", cmd);
        }
        n++;
        buf_t err;
        buf_init(&err);
        db_t *d = db_open(base, false, &err);
        char sql[64];
        snprintf(sql, sizeof sql, "CREATE SCHEMA s%d", n);
        if (!d || !db_exec(d, sql, &err)) printf("# %s: %s\n", sql, buf_cstr(&err));
        db_close(d);
        buf_free(&err);
        snprintf(db, sizeof db, "%s&options=-csearch_path%%3Ds%d", base, n);
        return;
    }
    snprintf(db, sizeof db, "/tmp/arena-run-%d.db", (int)getpid());
    char aux[600];
    unlink(db);
    snprintf(aux, sizeof aux, "%s-wal", db);
    unlink(aux);
    snprintf(aux, sizeof aux, "%s-shm", db);
    unlink(aux);
}

static void setup(tourney_config *c, const game_t *g, const char *const *bots, int n) {
    memset(c, 0, sizeof *c);
    c->game = g;
    c->clock = match_default_clock(g);
    c->seed = 2024;
    buf_t err;
    buf_init(&err);
    match_parse_options(g, 0, NULL, &c->options, &err);
    for (int i = 0; i < n; i++) config_add_entrant(c, bots[i], &err);
    buf_free(&err);
}

static runner_opts opts(void) {
    runner_opts o = {.db_path = db, .jobs = 2, .match_timeout_s = 60, .retries = 1, .seed_given = true, .quiet = true};
    return o;
}

static bool load(store_tourney *t) {
    buf_t err;
    buf_init(&err);
    store_t *s = store_open(db, false, &err);
    bool ok = s && tourneys_load(s, tourneys_latest(s, NULL), t, &err);
    if (!ok) printf("# %s\n", buf_cstr(&err));
    store_close(s);
    buf_free(&err);
    return ok;
}

/* Runs the tournament with its stdout and stderr in one file, as a terminal shows them; returns
 * what it wrote (free it). */
static char *run_captured(tourney_config *c, const runner_opts *o, int *rc) {
    char path[] = "/tmp/arena-run-out-XXXXXX";
    int fd = mkstemp(path);
    fflush(stdout);
    fflush(stderr);
    int o1 = dup(1), o2 = dup(2);
    dup2(fd, 1);
    dup2(fd, 2);
    *rc = runner_run(c, o);
    fflush(stdout);
    fflush(stderr);
    dup2(o1, 1);
    dup2(o2, 2);
    close(o1);
    close(o2);
    off_t n = lseek(fd, 0, SEEK_END);
    char *text = calloc(1, (size_t)(n > 0 ? n : 0) + 1);
    if (n > 0 && pread(fd, text, (size_t)n, 0) != n) text[0] = 0;
    close(fd);
    unlink(path);
    return text;
}

/* Shows the captured output after a failure, as printable text (a broken line may hold anything). */
static void show(const char *text) {
    printf("# ");
    for (const unsigned char *p = (const unsigned char *)text; *p; p++)
        if (*p == '\n') printf("\n# ");
        else putchar(*p >= 0x20 && *p < 0x7f ? *p : '?');
    putchar('\n');
}

static int count_of(const char *text, const char *what) {
    int n = 0;
    for (const char *p = strstr(text, what); p; p = strstr(p + 1, what)) n++;
    return n;
}

static void sprt_case(const char *b_bot, const char *want, int *games_out) {
    static game_t g; /* lives as long as the process: the runner keeps it known to its workers (jobspec_add_game) */
    g = make_game("duel", 2, RANKING_ELO);
    const char *bots[] = {"a=builtin:zero", b_bot};
    tourney_config c;
    setup(&c, &g, bots, 2);
    c.sprt_on = true;
    c.sprt = (sprt_params){0, 10, 0.05, 0.05};
    runner_opts o = opts();
    fresh_db();
    CHECK_EQ_INT(runner_run(&c, &o), 0);
    store_tourney t;
    if (load(&t)) {
        CHECK(t.sprt_result && strcmp(t.sprt_result, want) == 0);
        CHECK(t.nresults < t.planned); /* stopped early, by the test */
        *games_out = t.nresults;
        tourneys_free(&t);
    }
    /* Run again: the decision stands and nothing more is played; the verdict is printed. */
    config_free(&c);
    setup(&c, &g, bots, 2);
    c.sprt_on = true;
    c.sprt = (sprt_params){0, 10, 0.05, 0.05};
    o.quiet = false;
    int rc = -1;
    char *out = run_captured(&c, &o, &rc);
    CHECK_EQ_INT(rc, 0);
    if (load(&t)) {
        CHECK_EQ_INT(t.nresults, *games_out);
        tourneys_free(&t);
    }
    CHECK(strstr(out, "nothing to play: the SPRT has decided\n") != NULL);
    CHECK(strstr(out, "SPRT b vs a: elo0 0, elo1 10, alpha 0.05, beta 0.05") != NULL);
    CHECK(strstr(out, strcmp(want, "H1") == 0 ? "H1 accepted: b is stronger than a (Elo >= 10 rather than <= 0)\n"
                                               : "H0 accepted: b is not stronger than a by 10 Elo (Elo <= 0)\n") != NULL);
    if (t_failed_now) show(out);
    free(out);
    config_free(&c);
}

TEST(sprt_end_to_end_accepts_h1_for_a_stronger_candidate) {
    int games = 0;
    sprt_case("b=builtin:stronger", "H1", &games);
    printf("# H1 after %d games\n", games);
}

TEST(sprt_end_to_end_accepts_h0_for_a_weaker_candidate) {
    int games = 0;
    sprt_case("b=builtin:weaker", "H0", &games);
    printf("# H0 after %d games\n", games);
}

TEST(sprt_raising_the_cap_goes_on_with_the_same_test) {
    static game_t g; /* lives as long as the process: the runner keeps it known to its workers (jobspec_add_game) */
    g = make_game("duel", 2, RANKING_ELO);
    const char *bots[] = {"a=builtin:zero", "b=builtin:zero"};
    tourney_config c;
    runner_opts o = opts();
    fresh_db();
    int counts[2] = {0, 0};
    for (int round = 0; round < 2; round++) {
        setup(&c, &g, bots, 2);
        c.sprt_on = true;
        c.sprt = (sprt_params){0, 10, 0.05, 0.05};
        c.games = round == 0 ? 12 : 24; /* too few games to decide between equal bots */
        CHECK_EQ_INT(runner_run(&c, &o), 0);
        store_tourney t;
        if (load(&t)) {
            counts[round] = t.nresults;
            CHECK(t.sprt_result == NULL);
            CHECK_EQ_INT(t.planned, c.games);
            CHECK_EQ_INT((int)t.id, 1); /* one tournament, continued */
            tourneys_free(&t);
        }
        config_free(&c);
    }
    CHECK_EQ_INT(counts[0], 12);
    CHECK_EQ_INT(counts[1], 24);
}

TEST(elo_fit_recovers_known_strengths) {
    static game_t g; /* lives as long as the process: the runner keeps it known to its workers (jobspec_add_game) */
    g = make_game("duel", 2, RANKING_ELO);
    const char *bots[] = {"builtin:zero", "builtin:hundred", "builtin:twohundred"};
    tourney_config c;
    setup(&c, &g, bots, 3);
    c.games = 400; /* per pairing, in seat-swapped pairs */
    runner_opts o = opts();
    fresh_db();
    CHECK_EQ_INT(runner_run(&c, &o), 0);
    store_tourney t;
    if (load(&t)) {
        CHECK_EQ_INT(t.nresults, 1200);
        standings st;
        standings_compute(&st, &g, "duel", &c.options, t.nplayers, (const char *const *)t.names, t.results,
                          t.nresults);
        CHECK_EQ_STR(st.rows[0].name, "twohundred");
        CHECK_EQ_STR(st.rows[2].name, "zero");
        /* True ratings: 1400, 1500, 1600 around the mean; each within its 95% interval (the
         * model's draws are symmetric, so half-a-win scoring is unbiased here). */
        for (int k = 0; k < 3; k++) {
            double truth = strcmp(st.rows[k].name, "zero") == 0 ? 1400 : strcmp(st.rows[k].name, "hundred") == 0 ? 1500 : 1600;
            if (!(st.rows[k].rating_lo < truth && truth < st.rows[k].rating_hi))
                printf("# %s: %.1f [%.1f, %.1f], truth %.0f\n", st.rows[k].name, st.rows[k].rating,
                       st.rows[k].rating_lo, st.rows[k].rating_hi, truth);
            CHECK(st.rows[k].rating_lo < truth && truth < st.rows[k].rating_hi);
        }
        CHECK(st.bt.advantage_fitted);
        CHECK(fabs(st.bt.advantage - ADVANTAGE) < 3 * st.bt.advantage_sd);
        CHECK(st.rows[0].separated && st.rows[0].los_next > 0.99);
        char *text = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&text, &len);
        standings_print_table(&st, f);
        fclose(f);
        CHECK(strstr(text, "LOS>nx") && strstr(text, "seat-0 advantage: +") && strstr(text, "twohundred"));
        if (getenv("SHOW")) fputs(text, stdout);
        free(text);
        standings_free(&st);
        tourneys_free(&t);
    }
    config_free(&c);
}

TEST(one_seat_games_are_compared_on_shared_seeds) {
    static game_t g; /* lives as long as the process: the runner keeps it known to its workers (jobspec_add_game) */
    g = make_game("solo", 1, RANKING_MEAN_SCORE);
    const char *bots[] = {"builtin:zero", "builtin:hundred"};
    tourney_config c;
    setup(&c, &g, bots, 2);
    c.games = 30;
    runner_opts o = opts();
    fresh_db();
    CHECK_EQ_INT(runner_run(&c, &o), 0);
    store_tourney t;
    if (load(&t)) {
        CHECK_EQ_INT(t.nresults, 60);
        standings st;
        standings_compute(&st, &g, "solo", &c.options, t.nplayers, (const char *const *)t.names, t.results,
                          t.nresults);
        CHECK(st.one_seat);
        CHECK_EQ_STR(st.rows[0].name, "hundred");
        /* the noise is the same on a shared seed: every paired difference is exactly 100 */
        CHECK(fabs(st.rows[0].diff_next.mean - 100) < 1e-9);
        CHECK(st.rows[0].diff_next.sd < 1e-9);
        CHECK(st.rows[0].value.sd > 10); /* while the scores themselves vary */
        standings_free(&st);
        tourneys_free(&t);
    }
    config_free(&c);
}

/* Without a terminal (a log, a pipe), each match gets a line of its own: the count so far, the
 * leader, then the match and each seat's entrant and score; no terminal control codes, no notes for matches
 * that were played. The store keeps each seat's questions (here one each), and no worker process
 * outlives the tournament. */
TEST(without_a_terminal_each_match_gets_a_line_naming_its_seats_and_scores) {
    static game_t g; /* lives as long as the process: the runner keeps it known to its workers (jobspec_add_game) */
    g = make_game("duel", 2, RANKING_ELO);
    const char *bots[] = {"builtin:zero", "builtin:hundred"};
    tourney_config c;
    setup(&c, &g, bots, 2);
    c.games = 4;
    runner_opts o = opts();
    o.quiet = false;
    o.progress = 2;
    fresh_db();
    int rc = -1;
    char *out = run_captured(&c, &o, &rc);
    CHECK_EQ_INT(rc, 0);
    CHECK_EQ_INT(count_of(out, " | match "), 4);
    bool seen[4] = {false, false, false, false};
    for (const char *p = strstr(out, " | match "); p; p = strstr(p + 1, " | match ")) {
        int idx = -1;
        char a[32] = "", b[32] = "";
        double sa = -1, sb = -1;
        CHECK_EQ_INT(sscanf(p, " | match %d: %31s %lf, %31s %lf", &idx, a, &sa, b, &sb), 5);
        if (idx >= 0 && idx < 4) seen[idx] = true;
        CHECK((strcmp(a, "zero") == 0 && strcmp(b, "hundred") == 0) || (strcmp(a, "hundred") == 0 && strcmp(b, "zero") == 0));
        CHECK(sa + sb == 1);
    }
    CHECK(seen[0] && seen[1] && seen[2] && seen[3]);
    for (int k = 1; k <= 4; k++) {
        char done[24]; /* room for any int: -O1 cannot see k is 1..4 */
        snprintf(done, sizeof done, "[%d/4] ", k);
        CHECK_EQ_INT(count_of(out, done), 1);
    }
    CHECK(strchr(out, '\033') == NULL && strchr(out, '\r') == NULL);
    CHECK(strstr(out, "leader: -") == NULL); /* the leader again whenever the results doubled: 1, 2, 4 */
    CHECK(strstr(out, "arena: ") == NULL); /* no note: every match was played */
    CHECK(strstr(out, "duel tournament #1 (round-robin, seed 2024): 4 of 4 matches stored") != NULL);
    if (t_failed_now) show(out);
    free(out);
    store_tourney t;
    if (load(&t)) {
        CHECK_EQ_INT(t.nresults, 4);
        for (int k = 0; k < t.nresults; k++) CHECK(t.results[k].moves[0] == 1 && t.results[k].moves[1] == 1);
        tourneys_free(&t);
    }
    errno = 0;
    CHECK(waitpid(-1, NULL, WNOHANG) == -1 && errno == ECHILD);
    config_free(&c);
}

/* A match still running at the whole-match limit is abandoned and stored as failed, saying why
 * (with --retries 0, at once); on a terminal, the note first clears the progress line. */
TEST(a_match_past_the_whole_match_limit_fails_with_a_note_on_a_clean_line) {
    static game_t g; /* lives as long as the process: the runner keeps it known to its workers (jobspec_add_game) */
    g = make_game("duel", 2, RANKING_ELO);
    const char *bots[] = {"builtin:zero", "builtin:slow"};
    tourney_config c;
    setup(&c, &g, bots, 2);
    c.games = 2;
    runner_opts o = opts();
    o.quiet = false;
    o.progress = 1;
    o.match_timeout_s = 0.3;
    o.retries = 0;
    fresh_db();
    int64_t start = clock_now_us();
    int rc = -1;
    char *out = run_captured(&c, &o, &rc);
    CHECK_EQ_INT(rc, 1); /* not done: its standings leave the failed matches out */
    CHECK(clock_now_us() - start < 30000000); /* not the slow bot's 60 s (a bound no load reaches) */
    CHECK_EQ_INT(count_of(out, "arena: match "), 2);
    CHECK_EQ_INT(count_of(out, "arena: 2 of 2 matches failed and are not counted (their reasons are above)"), 1);
    CHECK_EQ_INT(count_of(out, "\r\033[Karena: match "), 2);
    CHECK_EQ_INT(count_of(out, " failed: passed the whole-match limit of 0.3 s"), 2);
    CHECK(strstr(out, "\r\033[K[") != NULL); /* the one updating line */
    CHECK(strstr(out, " | match ") == NULL);  /* and no line per match */
    if (t_failed_now) show(out);
    free(out);
    store_tourney t;
    if (load(&t)) {
        CHECK_EQ_INT(t.nresults, 2);
        for (int k = 0; k < t.nresults; k++)
            CHECK(t.results[k].failed && strstr(t.results[k].error, "passed the whole-match limit of 0.3 s"));
        tourneys_free(&t);
    }
    config_free(&c);
}

/* A replay that cannot take its name (a folder is in the way) is not claimed: its match is stored
 * without a replay, the others with theirs. */
TEST(a_replay_that_cannot_take_its_name_is_not_claimed) {
    const game_t *g = registry_find("rising_tide"); /* a game that writes replays */
    const char *bots[] = {"builtin:pass_perth", "builtin:seawall_sydney", "builtin:trench_tunis", "builtin:random_rizhao"};
    tourney_config c;
    setup(&c, g, bots, 4);
    char rounds[] = "rounds=4";
    c.kv[c.nkv++] = rounds;
    buf_t err;
    buf_init(&err);
    CHECK(match_parse_options(g, c.nkv, c.kv, &c.options, &err));
    buf_free(&err);
    c.games = 4; /* one match per rotation of the four seats */
    runner_opts o = opts();
    char dir[] = "/tmp/arena-replays-XXXXXX", blocked[600], other[600];
    CHECK(mkdtemp(dir) != NULL);
    config_replay_path(dir, 1, 0, blocked, sizeof blocked);
    config_replay_path(dir, 1, 1, other, sizeof other);
    CHECK(mkdir(blocked, 0700) == 0);
    o.replays_dir = dir;
    fresh_db();
    CHECK_EQ_INT(runner_run(&c, &o), 0);
    store_tourney t;
    if (load(&t)) {
        CHECK_EQ_INT(t.nresults, 4);
        for (int k = 0; k < t.nresults; k++) {
            CHECK(!t.results[k].failed);
            if (t.results[k].idx == 1) CHECK_EQ_STR(t.results[k].replay, other);
            else if (t.results[k].idx == 0) CHECK_EQ_STR(t.results[k].replay, "");
        }
        tourneys_free(&t);
    }
    struct stat sb;
    CHECK(stat(other, &sb) == 0 && S_ISREG(sb.st_mode));
    char cmd[700];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    CHECK(system(cmd) == 0);
    config_free(&c);
}


/* The whole-match limit is the match's: a worker that finished its match in time and waits for
 * the next is not stopped when that limit passes; it plays the next match. */
TEST(an_idle_worker_outlives_the_limit_of_the_match_it_finished) {
    static game_t g; /* lives as long as the process (jobspec_add_game) */
    g = make_game("duel", 2, RANKING_ELO);
    jobspec_add_game(&g);
    jobspec s;
    memset(&s, 0, sizeof s);
    s.game = &g;
    s.seed = 5;
    s.nseats = 2;
    s.seats[0] = (jobspec_seat){.name = "a", .seat = "builtin:zero", .player = 0};
    s.seats[1] = (jobspec_seat){.name = "b", .seat = "builtin:hundred", .player = 1};
    s.clock = match_default_clock(&g);
    buf_t spec;
    buf_init(&spec);
    jobspec_json(&s, &spec);
    pool_t *p = pool_new(1);
    pool_set_term_grace(p, 200); /* a kill for the limit would come 0.2 s after it, not 2 s */
    pool_event ev;
    CHECK(pool_submit(p, 7, buf_cstr(&spec), 0.3));
    CHECK_EQ_INT(pool_next(p, &ev), 1);
    CHECK(ev.key == 7 && ev.outcome == POOL_DONE);
    for (int64_t end = clock_now_us() + 800000; clock_now_us() < end;) /* the limit, the grace and a margin */
        CHECK_EQ_INT(pool_wait(p, 100, &ev, 1), 0);
    CHECK(pool_submit(p, 8, buf_cstr(&spec), 0.3));
    CHECK_EQ_INT(pool_next(p, &ev), 1);
    CHECK(ev.key == 8 && ev.outcome == POOL_DONE);
    CHECK_EQ_INT(pool_spawned(p), 1);
    pool_free(p, 1000);
    buf_free(&spec);
}

typedef struct {
    int reports;
    queue_outcome outcome;
    tourney_result result;
    char why[200];
} report_seen;

static void on_report_seen(void *ctx, const queue_claim *c, queue_outcome o, const tourney_result *r,
                           queue_report_rc rc, const char *why) {
    (void)c, (void)rc;
    report_seen *seen = ctx;
    seen->reports++;
    seen->outcome = o;
    seen->result = *r;
    snprintf(seen->why, sizeof seen->why, "%s", why ? why : "");
}

/* A bot that travels in a bundle (its folder, from the store) is unpacked into the worker's cache
 * ($XDG_CACHE_HOME/arena/bundles/SHA) and plays from there: the word of its seat string that named
 * the scheduler's file (no such file here) becomes the cached copy. */
TEST(a_bundled_bot_plays_from_the_workers_cache) {
    char root[] = "/tmp/arena-cache-XXXXXX", cache[300], copy[600];
    CHECK(mkdtemp(root) != NULL);
    snprintf(cache, sizeof cache, "%s/cache", root);
    fresh_db();
    buf_t err, tgz;
    buf_init(&err);
    buf_init(&tgz);
    store_t *s = store_open(db, true, &err);
    CHECK(s != NULL);
    if (!s) return;
    char sha[65] = "";
    CHECK(bundle_pack("tests/bots/tourney/slow", NULL, &tgz, sha, &err) && bundles_put(s, sha, tgz.data, tgz.len, &err));
    jobspec sp;
    rt_job_spec(&sp, 1);
    sp.seats[0] = (jobspec_seat){.name = "slow", .seat = "python:elsewhere/slow.py", .player = 0, .bundle = sha,
                                 .path = "elsewhere/slow.py", .inner = "slow/slow.py"};
    sp.sandbox.mode = SANDBOX_OFF; /* the bundle is what is tested here, not the sandbox */
    /* nor the clock: the bot's 20 ms a round against the game's 100 ms was late once at load 30-47
     * (test_tourney_pg.sh's lanes beside other programs) */
    sp.clock.move_ms = 2000;
    buf_t spec;
    buf_init(&spec);
    jobspec_json(&sp, &spec);
    queue_job job = {.owner_kind = "test", .owner_id = 1, .owner_key = 0, .spec = buf_cstr(&spec), .seed = 3, .nseats = 4,
                     .max_failures = 1};
    CHECK(queue_add(s, &job, 1, &err));
    const char *old = getenv("XDG_CACHE_HOME");
    char *saved = old ? strdup(old) : NULL;
    setenv("XDG_CACHE_HOME", cache, 1);
    char sdk[4200], here[4096];
    snprintf(sdk, sizeof sdk, "%s/sdk/python", getcwd(here, sizeof here) ? here : ".");
    setenv("ARENA_PYTHON_SDK", sdk, 0); /* the SDK beside this test program's repository */
    report_seen seen;
    memset(&seen, 0, sizeof seen);
    worker_opts wo = {.jobs = 1, .poll_s = 0.1, .owner_kind = "test", .owner_id = 1, .on_report = on_report_seen,
                      .ctx = &seen};
    worker_t *w = worker_new(s, &wo, &err);
    CHECK(w != NULL);
    for (int64_t end = clock_now_us() + 30000000; w && !seen.reports && clock_now_us() < end;)
        if (worker_step(w, 100, true, &err) < 0) break;
    worker_free(w, 1000);
    if (saved) setenv("XDG_CACHE_HOME", saved, 1);
    else unsetenv("XDG_CACHE_HOME");
    free(saved);
    CHECK_EQ_INT(seen.reports, 1);
    CHECK_EQ_INT(seen.outcome, QUEUE_DONE);
    if (seen.outcome != QUEUE_DONE) printf("# %s %s\n", seen.why, buf_cstr(&err));
    CHECK(!seen.result.failed);
    for (int v = VERDICT_LATE; v < VERDICT_COUNT; v++) {
        CHECK_EQ_INT(seen.result.verdicts[0][v], 0);
        if (seen.result.verdicts[0][v]) printf("# %s: %d\n", verdict_name((verdict_kind)v), seen.result.verdicts[0][v]);
    }
    CHECK_EQ_INT(seen.result.moves[0], 4); /* it answered every round */
    snprintf(copy, sizeof copy, "%s/arena/bundles/%s/slow/slow.py", cache, sha);
    CHECK(access(copy, R_OK) == 0);
    store_close(s);
    buf_free(&spec);
    buf_free(&tgz);
    buf_free(&err);
    char cmd[400];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
    CHECK(system(cmd) == 0);
}

typedef struct {
    int n;
    int64_t owner[4];
    queue_outcome outcome[4];
    queue_report_rc rc[4];
    char why[4][300];
} reports_seen;

static void on_reports_seen(void *ctx, const queue_claim *c, queue_outcome o, const tourney_result *r,
                            queue_report_rc rc, const char *why) {
    (void)r;
    reports_seen *seen = ctx;
    if (seen->n >= 4) return;
    seen->owner[seen->n] = c->owner_id;
    seen->outcome[seen->n] = o;
    seen->rc[seen->n] = rc;
    snprintf(seen->why[seen->n], sizeof seen->why[0], "%s", why ? why : "");
    seen->n++;
}

/* A match cancelled while a worker plays it (a dropped stage of the server's final: its lease
 * ended, queue_cancel_all) is stopped at the worker's next heartbeat, its result discarded (the
 * report refused, saying so), and the worker goes on with other work: it played the match to its
 * end (here a minute), its slot taken all that time. */
TEST(a_match_cancelled_while_played_is_stopped_at_the_heartbeat) {
    static game_t g; /* lives as long as the process (jobspec_add_game) */
    g = make_game("duel", 2, RANKING_ELO);
    jobspec_add_game(&g);
    fresh_db();
    buf_t err, slow, quick;
    buf_init(&err);
    buf_init(&slow);
    buf_init(&quick);
    store_t *s = store_open(db, true, &err);
    CHECK(s != NULL);
    if (!s) return;
    jobspec sp;
    memset(&sp, 0, sizeof sp);
    sp.game = &g;
    sp.seed = 5;
    sp.nseats = 2;
    sp.clock = match_default_clock(&g);
    sp.seats[0] = (jobspec_seat){.name = "a", .seat = "builtin:slow", .player = 0}; /* a minute */
    sp.seats[1] = (jobspec_seat){.name = "b", .seat = "builtin:zero", .player = 1};
    jobspec_json(&sp, &slow);
    sp.seats[0] = (jobspec_seat){.name = "a", .seat = "builtin:hundred", .player = 0};
    jobspec_json(&sp, &quick);
    /* the slow match first (its priority), of an owner that is then cancelled; then another's */
    queue_job jobs[2] = {{.owner_kind = "test", .owner_id = 1, .spec = buf_cstr(&slow), .seed = 5, .nseats = 2, .priority = 1},
                         {.owner_kind = "test", .owner_id = 2, .spec = buf_cstr(&quick), .seed = 5, .nseats = 2}};
    CHECK(queue_add(s, jobs, 2, &err));
    reports_seen seen;
    memset(&seen, 0, sizeof seen);
    worker_opts wo = {.jobs = 1, .lease_s = 3, .heartbeat_s = 0.2, .poll_s = 0.1, .on_report = on_reports_seen,
                      .ctx = &seen};
    worker_t *w = worker_new(s, &wo, &err);
    CHECK(w != NULL);
    if (w) CHECK_EQ_INT(worker_step(w, 0, true, &err), 0);
    char state[16] = "";
    CHECK(queue_state(s, queue_find(s, "test", 1, 0), state) && strcmp(state, "leased") == 0);
    CHECK(w && worker_busy(w) == 1);
    int64_t n = 0;
    CHECK(queue_cancel_all(s, "test", 1, &n, &err) && n == 1);
    /* (the bound only ends the test: the slow match alone takes 60 s) */
    for (int64_t end = clock_now_us() + 30000000; w && seen.n < 2 && clock_now_us() < end;)
        if (worker_step(w, 100, true, &err) < 0) break;
    CHECK_EQ_INT(seen.n, 2);
    CHECK(seen.owner[0] == 1 && seen.rc[0] == QUEUE_REPORT_LOST && seen.outcome[0] == QUEUE_INTERRUPTED);
    CHECK(strstr(seen.why[0], "result refused: this attempt no longer holds the lease (the match was cancelled)"));
    CHECK(seen.owner[1] == 2 && seen.rc[1] == QUEUE_REPORT_STORED && seen.outcome[1] == QUEUE_DONE);
    for (int i = 0; t_failed_now && i < seen.n; i++)
        printf("# report %d: owner %lld rc %d: %s\n", i, (long long)seen.owner[i], seen.rc[i], seen.why[i]);
    CHECK(queue_state(s, queue_find(s, "test", 1, 0), state) && strcmp(state, "cancelled") == 0);
    CHECK(queue_state(s, queue_find(s, "test", 2, 0), state) && strcmp(state, "done") == 0);
    int64_t lost = 0;
    CHECK(db_get_int64(store_db(s), &err, &lost, "SELECT count(*) FROM attempts WHERE outcome = 'lost' AND job_id = ?",
                       "i", queue_find(s, "test", 1, 0)) == 1 && lost == 1);
    worker_free(w, 1000);
    store_close(s);
    buf_free(&slow);
    buf_free(&quick);
    buf_free(&err);
}

int main(void) {
    RUN(sprt_end_to_end_accepts_h1_for_a_stronger_candidate);
    RUN(sprt_end_to_end_accepts_h0_for_a_weaker_candidate);
    RUN(sprt_raising_the_cap_goes_on_with_the_same_test);
    RUN(elo_fit_recovers_known_strengths);
    RUN(one_seat_games_are_compared_on_shared_seeds);
    RUN(without_a_terminal_each_match_gets_a_line_naming_its_seats_and_scores);
    RUN(a_match_past_the_whole_match_limit_fails_with_a_note_on_a_clean_line);
    RUN(a_replay_that_cannot_take_its_name_is_not_claimed);
    RUN(an_idle_worker_outlives_the_limit_of_the_match_it_finished);
    RUN(a_bundled_bot_plays_from_the_workers_cache);
    RUN(a_match_cancelled_while_played_is_stopped_at_the_heartbeat);
    fresh_db();
    return T_DONE();
}
