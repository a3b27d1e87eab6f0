/* test_tourney_run.c: the whole tournament runner (workers, store, standings, SPRT) on two tiny
 * games defined here, whose outcomes follow a known model: "duel" (two seats, Elo-rated: seat s
 * wins with the logistic probability of its bot's strength difference plus a seat-0 advantage)
 * and "solo" (one seat: the score is the bot's strength plus noise drawn from the match seed, so
 * entrants on the same seed get the same noise). Shows that the SPRT accepts the right
 * hypothesis end to end, that the Elo fit recovers known strengths, that one-seat games are
 * compared on shared seeds, and that a decided SPRT is not played again. */
#include "t.h"
#include "tourney/rating.h"
#include "tourney/runner.h"
#include "store/tourneys.h"
#include <math.h>
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

static const game_bot duel_bots[] = {
    {.name = "zero", .display = "zero", .code = "Z0", .help = "strength 0", .act = act_zero},
    {.name = "hundred", .display = "hundred", .code = "H1", .help = "strength 100", .act = act_hundred},
    {.name = "twohundred", .display = "twohundred", .code = "T2", .help = "strength 200", .act = act_twohundred},
    {.name = "weaker", .display = "weaker", .code = "WK", .help = "strength -40", .act = act_weaker},
    {.name = "stronger", .display = "stronger", .code = "ST", .help = "strength 60", .act = act_stronger},
    {0},
};

static const game_option no_options[] = {{NULL, NULL, NULL}};

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

/* A fresh store: an SQLite file, or a new database of the PostgreSQL test cluster whose socket
 * folder ARENA_TEST_PGHOST names (test_tourney_pg.sh runs this program so). */
static void fresh_db(void) {
    static int n;
    const char *pg = getenv("ARENA_TEST_PGHOST");
    if (pg) {
        char cmd[700];
        snprintf(cmd, sizeof cmd, "createdb -h '%s' -U postgres run%d_%d", pg, (int)getpid(), ++n);
        if (system(cmd) != 0) printf("# %s failed\n", cmd);
        snprintf(db, sizeof db, "postgresql:///run%d_%d?host=%s&user=postgres", (int)getpid(), n, pg);
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
    bool ok = s && tourneys_load(s, tourneys_latest(s), t, &err);
    if (!ok) printf("# %s\n", buf_cstr(&err));
    store_close(s);
    buf_free(&err);
    return ok;
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
    /* Run again: the decision stands and nothing more is played. */
    config_free(&c);
    setup(&c, &g, bots, 2);
    c.sprt_on = true;
    c.sprt = (sprt_params){0, 10, 0.05, 0.05};
    CHECK_EQ_INT(runner_run(&c, &o), 0);
    if (load(&t)) {
        CHECK_EQ_INT(t.nresults, *games_out);
        tourneys_free(&t);
    }
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

int main(void) {
    RUN(sprt_end_to_end_accepts_h1_for_a_stronger_candidate);
    RUN(sprt_end_to_end_accepts_h0_for_a_weaker_candidate);
    RUN(sprt_raising_the_cap_goes_on_with_the_same_test);
    RUN(elo_fit_recovers_known_strengths);
    RUN(one_seat_games_are_compared_on_shared_seeds);
    fresh_db();
    return T_DONE();
}
