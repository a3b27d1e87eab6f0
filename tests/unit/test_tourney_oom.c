/* test_tourney_oom.c: a tournament worker whose game runs out of memory. The referee abandons a
 * match whose game cannot go on (rules.failed); the pool reported it as "stopped" (an interruption,
 * played again without end) instead of a failure with the game's reason. A game that cannot be
 * made for want of memory says so, apart from a setup the game refuses (docs/scale.md). */
#include "t.h"
#include "limited_child.h"
#include "games/registry.h"
#include "rz_failing.h"
#include "tourney/jobspec.h"
#include "tourney/pool.h"
#include <stdlib.h>

/* The spec of a quick two-wanderer match of game g at this size. */
static void spec_of(const game_t *g, const char *size, buf_t *out) {
    static char kv_size[32], kv_ticks[] = "max_ticks=10";
    snprintf(kv_size, sizeof kv_size, "size=%s", size);
    jobspec s;
    memset(&s, 0, sizeof s);
    s.game = g;
    s.nkv = 2;
    s.kv[0] = kv_size;
    s.kv[1] = kv_ticks;
    s.seed = 2;
    s.nseats = 2;
    for (int i = 0; i < 2; i++)
        s.seats[i] = (jobspec_seat){.name = i ? "B" : "A", .seat = "builtin:wander", .player = i};
    s.clock = match_default_clock(g);
    s.quick = true;
    jobspec_json(&s, out);
}

/* Plays one spec in a pool of one worker: the event. */
static pool_event play_one(const char *spec) {
    pool_t *p = pool_new(1);
    pool_event ev;
    memset(&ev, 0, sizeof ev);
    ev.key = -1;
    if (pool_submit(p, 7, spec, 60))
        while (pool_wait(p, 1000, &ev, 1) == 0) {}
    pool_free(p, 1000);
    return ev;
}

TEST(a_match_whose_game_cannot_go_on_fails_with_the_games_reason) {
    rz_failing_game("rezzo-oom");
    jobspec_add_game(&failing_rezzo);
    buf_t spec;
    buf_init(&spec);
    spec_of(&failing_rezzo, "32x32", &spec);
    pool_event ev = play_one(buf_cstr(&spec));
    CHECK_EQ_INT(ev.key, 7);
    CHECK_EQ_INT(ev.outcome, POOL_ERROR); /* was POOL_ABORTED, why "stopped" */
    CHECK(ev.result.failed);
    CHECK(strstr(ev.result.error, "the game could not go on: out of memory at tick 3: the cell lists of the 32x32 "
                                  "world could not grow") != NULL);
    if (t_failed_now) printf("# outcome %d, why '%s', error '%s'\n", ev.outcome, ev.why, ev.result.error);
    /* the game as it is plays the same match to its end */
    buf_reset(&spec);
    spec_of(registry_find("rezzo"), "32x32", &spec);
    ev = play_one(buf_cstr(&spec));
    CHECK_EQ_INT(ev.outcome, POOL_DONE);
    CHECK(!ev.result.failed);
    buf_free(&spec);
}

/* In a 1 GiB child, the address space is filled but for 32 MiB before the pool forks its worker:
 * the worker cannot make a 4096x4096 world (80 MiB of cells). */
static int make_a_world_too_big(void) {
    void *blocks[128];
    int n = 0;
    while (n < 128 && (blocks[n] = malloc(16 << 20)) != NULL) n++;
    if (n < 2 || n == 128) return 2;
    free(blocks[--n]);
    free(blocks[--n]);
    buf_t spec;
    buf_init(&spec);
    spec_of(registry_find("rezzo"), "4096x4096", &spec);
    pool_event ev = play_one(buf_cstr(&spec));
    if (ev.outcome != POOL_ERROR) return 3;
    if (!strstr(ev.result.error, "the game could not be made: ") ||
        !strstr(ev.result.error, "out of memory for a 4096x4096 world (80 MiB)")) {
        printf("# error: %s\n", ev.result.error);
        fflush(stdout); /* the child leaves with _exit */
        return 4;
    }
    return 0;
}

TEST(a_game_that_cannot_be_made_for_want_of_memory_says_so_apart_from_a_refused_setup) {
    if (LIMITED_CHILD_WORKS) CHECK_EQ_INT(limited_child(make_a_world_too_big), 0);
    else printf("# (the out-of-memory half skipped: under a sanitizer)\n");
    /* a setup the game refuses (seed 2 cannot place 10 agents on 16x16) keeps the game's word alone */
    jobspec s;
    memset(&s, 0, sizeof s);
    char kv[] = "size=16x16";
    s.game = registry_find("rezzo");
    s.nkv = 1;
    s.kv[0] = kv;
    s.seed = 2;
    s.nseats = 10;
    for (int i = 0; i < 10; i++) s.seats[i] = (jobspec_seat){.name = "W", .seat = "builtin:wander", .player = i};
    s.clock = match_default_clock(s.game);
    s.quick = true;
    buf_t spec;
    buf_init(&spec);
    jobspec_json(&s, &spec);
    pool_event ev = play_one(buf_cstr(&spec));
    CHECK_EQ_INT(ev.outcome, POOL_ERROR);
    CHECK(strstr(ev.result.error, "has no room for 10 players") != NULL);
    CHECK(strstr(ev.result.error, "could not be made") == NULL);
    if (t_failed_now) printf("# error: %s\n", ev.result.error);
    buf_free(&spec);
}

int main(void) {
    RUN(a_match_whose_game_cannot_go_on_fails_with_the_games_reason);
    RUN(a_game_that_cannot_be_made_for_want_of_memory_says_so_apart_from_a_refused_setup);
    return T_DONE();
}
