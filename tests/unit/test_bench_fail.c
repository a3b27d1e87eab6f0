/* test_bench_fail.c: the benches' game loops stop at a game that cannot be made or that fails in
 * play (rules.failed: its engine out of memory), with why, instead of measuring it: `arena bench
 * GAME`'s engine loop (src/cli/bench_engine.c, compiled in here: the CLI is not in libarena) and
 * `arena bench rezzo`'s games. The e2e side (exit 1 with the message) is test_cli.sh's. */
#include "t.h"
#include "cli/bench_engine.c"
#include "compat/bench.h"
#include "match/match.h"
#include "rz_failing.h"

/* Rezzo's options for a small quick game: size and max_ticks filled in, the rest defaults. */
static game_options small_options(void) {
    game_options o;
    char *kv[2] = {"size=32x32", "max_ticks=20"};
    buf_t err;
    buf_init(&err);
    bool ok = match_parse_options(&game_rezzo, 2, kv, &o, &err);
    if (!ok) printf("# %s\n", buf_cstr(&err));
    buf_free(&err);
    return o;
}

TEST(engine_loop_stops_at_a_game_that_fails_in_play) {
    game_t *g = rz_failing_game(NULL); /* out of memory in tick 3 */
    game_options o = small_options();
    long long steps = 0;
    buf_t err;
    buf_init(&err);
    /* before: the failed game's four turns counted as a whole game and the next two were played */
    int rc = bench_engine_games(g, &o, 2, game_find_bot(g, "wander"), 1, 0, 3, &steps, &err);
    CHECK_EQ_INT(rc, 1);
    CHECK_EQ_INT(steps, 4);
    CHECK_EQ_STR(buf_cstr(&err), "game 1 failed: out of memory at tick 3: the cell lists of the 32x32 world could not grow");
    buf_free(&err);
    /* the real game is measured as before */
    steps = 0;
    buf_init(&err);
    CHECK_EQ_INT(bench_engine_games(&game_rezzo, &o, 2, game_find_bot(&game_rezzo, "wander"), 1, 0, 2, &steps, &err), 0);
    CHECK_EQ_INT(steps, 40);
    buf_free(&err);
}

/* A Rezzo whose create fails: out of memory (runtime) or, with refuse set, a refused setup. */
static bool refuse;
static void *failing_create(const game_setup *setup, buf_t *err, bool *runtime_error) {
    (void)setup;
    buf_puts(err, refuse ? "rezzo: no room" : "out of memory for a rezzo state (9 bytes)");
    *runtime_error = !refuse;
    return NULL;
}

TEST(rezzo_games_report_a_game_that_cannot_be_made) {
    static game_t g;
    g = game_rezzo;
    g.rules.create_checked = failing_create;
    double gps = -1, tps = -1;
    long total = -1;
    buf_t err;
    buf_init(&err);
    bool runtime = false;
    /* before: create(&setup, NULL), whose message went to a NULL buffer (a crash) */
    CHECK(!bench_rezzo_games(&g, &(bench_rezzo_spec){"wander", 2, 5, 16, 16, 2, 1000}, &gps, &tps, &total, &err, &runtime));
    CHECK(runtime);
    CHECK_EQ_STR(buf_cstr(&err), "out of memory for a rezzo state (9 bytes)");
    CHECK(gps == -1 && tps == -1 && total == -1); /* no figure */
    buf_free(&err);
    refuse = true;
    buf_init(&err);
    CHECK(!bench_rezzo_games(&g, &(bench_rezzo_spec){"wander", 2, 5, 16, 16, 2, 1000}, &gps, &tps, &total, &err, &runtime));
    CHECK(!runtime);
    CHECK_EQ_STR(buf_cstr(&err), "rezzo: no room");
    buf_free(&err);
}

TEST(rezzo_games_stop_at_a_game_that_fails_in_play) {
    game_t *g = rz_failing_game(NULL);
    double gps = -1, tps = -1;
    long total = -1;
    buf_t err;
    buf_init(&err);
    bool runtime = false;
    /* before: the failed game counted as played (its ticks a measurement) */
    CHECK(!bench_rezzo_games(g, &(bench_rezzo_spec){"wander", 2, 20, 32, 32, 2, 1000}, &gps, &tps, &total, &err, &runtime));
    CHECK(runtime);
    CHECK_EQ_STR(buf_cstr(&err), "game 1: out of memory at tick 3: the cell lists of the 32x32 world could not grow");
    buf_free(&err);
    /* the games are played on a w x h world (they were w x w: --size 48x32 played 48x48) */
    buf_init(&err);
    CHECK(!bench_rezzo_games(g, &(bench_rezzo_spec){"wander", 2, 20, 48, 32, 2, 1000}, &gps, &tps, &total, &err, &runtime));
    CHECK_EQ_STR(buf_cstr(&err), "game 1: out of memory at tick 3: the cell lists of the 48x32 world could not grow");
    CHECK(total == -1);
    buf_free(&err);
    /* the real game is measured as before */
    buf_init(&err);
    CHECK(bench_rezzo_games(&game_rezzo, &(bench_rezzo_spec){"wander", 2, 20, 32, 32, 2, 1000}, &gps, &tps, &total, &err, &runtime));
    CHECK_EQ_INT(total, 40);
    CHECK(gps > 0 && tps > 0);
    buf_free(&err);
}

int main(void) {
    RUN(engine_loop_stops_at_a_game_that_fails_in_play);
    RUN(rezzo_games_report_a_game_that_cannot_be_made);
    RUN(rezzo_games_stop_at_a_game_that_fails_in_play);
    return T_DONE();
}
