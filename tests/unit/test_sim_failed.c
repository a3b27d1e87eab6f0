/* test_sim_failed.c: the simulator when a game cannot go on, cannot start, or a state cannot be
 * copied (Rezzo's engine out of memory, docs/sim.md "A game that could not go on"): the call fails
 * naming the lowest such environment, the "failed" buffer flags every one, and their rows hold
 * what arena.h says (zeroes, the seed), never the previous step's. The environments play
 * tests/unit/rz_failing.h's Rezzo (out of memory in tick 3), with restarts and copies that run
 * out of memory on demand, in place of rezzo: linked with the internal library to swap the game. */
#include "../../src/sim/sim.h"
#include "rz_failing.h"
#include "sim_fixture.h"
#include "t.h"

/* The copies and restarts of the failing Rezzo: rezzo's, then out of memory when asked, as a list
 * that cannot grow leaves them (the world's oom flag, which rules.failed reads). */
static game_sim failing_sim;
static bool fail_copies, fail_restarts;

static void failing_copy(void *dst, const void *src) {
    game_rezzo.sim->copy(dst, src);
    if (fail_copies) ((rz_state *)dst)->world.oom = true, ((rz_state *)dst)->over = true;
}

static bool failing_restart(void *st, const game_setup *setup, buf_t *err) {
    if (!game_rezzo.sim->restart(st, setup, err)) return false;
    if (!fail_restarts) return true;
    ((rz_state *)st)->world.oom = true;
    buf_printf(err, "out of memory for the lists of the world");
    return false;
}

/* Rezzo environments (16x16, two seats) playing the failing game, every buffer bound. */
static bool open_failing(bound *x, int n, const char *const *settings) {
    fail_copies = fail_restarts = false;
    if (!open_env(x, "rezzo", n, 1, settings)) return false;
    rz_failing_game(NULL);
    failing_sim = *game_rezzo.sim;
    failing_sim.copy = failing_copy;
    failing_sim.restart = failing_restart;
    failing_rezzo.sim = &failing_sim;
    x->env->g = &failing_rezzo;
    x->env->setup.g = &failing_rezzo;
    return true;
}

static const char *const AGENT[] = {"size=16x16", "seats=2", "bot.1=wander", NULL};
static const char *const BOTS[] = {"size=16x16", "seats=2", "bot.0=wander", "bot.1=wander", NULL};

/* Every output buffer filled with 0xAB: a row left unwritten shows. */
static void scribble(bound *x) {
    for (int k = 0; k < NBUFS; k++)
        if (strcmp(BUFS[k], "action") != 0) memset(x->b[k], 0xAB, x->bytes[k]);
}

/* Whether environment e's row of buffer `name` is all `byte`. */
static bool row_is(bound *x, const char *name, int e, unsigned char byte) {
    int k = buf_index(name);
    size_t row = x->bytes[k] / (size_t)arena_num_envs(x->env);
    const unsigned char *p = (const unsigned char *)x->b[k] + (size_t)e * row;
    for (size_t i = 0; i < row; i++)
        if (p[i] != byte) return false;
    return true;
}

/* Environment e's rows as a failed environment's: failed 1; obs, mask and to_act 0; with
 * `ended_entries`, reward, terminated, truncated, score, result and rank 0 as well (not when the
 * game that failed to start follows one that ended in the step: those describe the ended game). */
static bool rows_failed(bound *x, int e, bool ended_entries) {
    const char *zero[] = {"obs", "mask", "to_act", "reward", "terminated", "truncated", "score", "result", "rank"};
    bool ok = ((uint8_t *)B(x, "failed"))[e] == 1;
    for (size_t k = 0; k < (ended_entries ? 9u : 3u); k++)
        if (!row_is(x, zero[k], e, 0)) {
            printf("# environment %d: \"%s\" is not zero\n", e, zero[k]);
            ok = false;
        }
    return ok;
}

/* Environment e's rows as a playing one's: failed 0, rows written (no 0xAB left in obs, seed). */
static bool rows_playing(bound *x, int e) {
    return ((uint8_t *)B(x, "failed"))[e] == 0 && (arena_num_agents(x->env) == 0 || !row_is(x, "obs", e, 0xAB)) &&
           !row_is(x, "seed", e, 0xAB);
}

static int step(bound *x) {
    if (arena_num_agents(x->env)) arena_sample(x->env);
    return arena_step(x->env);
}

static void check_error(const char *want) {
    if (!strstr(arena_last_error(), want)) {
        printf("# error \"%s\"\n#   expected \"%s\"\n", arena_last_error(), want);
        CHECK(0);
    }
}

/* A game that cannot go on (tick 3 of the failing Rezzo): the step fails naming the lowest such
 * environment; its rows are zeroes with "failed" 1 and its game's seed, in that step and every
 * step after it until it is reset (they kept the previous step's obs, mask, to_act, reward and
 * score); the others play on, "failed" 0. With an agent (the general step) and bots only. */
TEST(sim_failed_game_rows_say_so) {
    for (int bots = 0; bots <= 1; bots++) {
        bound x;
        if (!open_failing(&x, 3, bots ? BOTS : AGENT)) {
            CHECK(0);
            return;
        }
        CHECK_EQ_INT(arena_reset(x.env, 1), 0);
        for (int e = 0; e < 3; e++) CHECK(rows_playing(&x, e));
        CHECK_EQ_INT(step(&x), 0);
        CHECK_EQ_INT(step(&x), 0);
        /* environments 0 and 2 start again: only 1 reaches tick 3 in the next steps */
        CHECK_EQ_INT(arena_reset_one(x.env, 0, 5), 0);
        CHECK_EQ_INT(arena_reset_one(x.env, 2, 6), 0);
        CHECK_EQ_INT(step(&x), 0);
        uint64_t seed1 = ((uint64_t *)B(&x, "seed"))[1];
        for (int k = 0; k < 2; k++) { /* the step that finds it, and the next, which fails again */
            scribble(&x);
            CHECK_EQ_INT(step(&x), -1);
            check_error("environment 1: the rezzo game could not go on: out of memory at tick 3: the cell lists of "
                        "the 16x16 world could not grow (it is abandoned: reset the environment)");
            CHECK(rows_failed(&x, 1, true));
            CHECK(((uint64_t *)B(&x, "seed"))[1] == seed1);
            CHECK(rows_playing(&x, 0));
            CHECK(rows_playing(&x, 2));
        }
        /* every environment failing in one step: each is flagged, the lowest named */
        CHECK_EQ_INT(arena_reset(x.env, 2), 0);
        for (int k = 0; k < 3; k++) CHECK_EQ_INT(step(&x), 0);
        scribble(&x);
        CHECK_EQ_INT(step(&x), -1);
        check_error("environment 0: the rezzo game could not go on");
        for (int e = 0; e < 3; e++) CHECK(rows_failed(&x, e, true));
        /* a reset environment plays again */
        scribble(&x);
        CHECK_EQ_INT(arena_reset_one(x.env, 0, 7), 0);
        CHECK(rows_playing(&x, 0));
        if (!bots) CHECK(row_is(&x, "to_act", 0, 1));
        close_env(&x);
    }
}

/* A game that cannot start: arena_reset and arena_reset_one fail naming it and write its rows as a
 * failed one's (they wrote the views of a half-started game); a restart inside a step (autoreset)
 * fails the step, the ended game's entries kept (truncated 1 here), the new game's rows zeroes;
 * once memory allows, a reset plays again. */
TEST(sim_game_that_cannot_start_rows_say_so) {
    for (int bots = 0; bots <= 1; bots++) {
        bound x;
        if (!open_failing(&x, 2, bots ? BOTS : AGENT)) {
            CHECK(0);
            return;
        }
        fail_restarts = true;
        scribble(&x);
        CHECK_EQ_INT(arena_reset(x.env, 1), -1);
        check_error("environment 0: the rezzo game could not start: out of memory at tick 0: the cell lists of the "
                    "16x16 world could not grow (reset it again when memory allows)");
        for (int e = 0; e < 2; e++) CHECK(rows_failed(&x, e, true));
        CHECK_EQ_INT(step(&x), -1);
        check_error("environment 0: the rezzo game could not go on");
        scribble(&x);
        CHECK_EQ_INT(arena_reset_one(x.env, 1, 9), -1);
        check_error("rezzo: out of memory for the lists of the world");
        CHECK(rows_failed(&x, 1, true));
        fail_restarts = false;
        CHECK_EQ_INT(arena_reset(x.env, 1), 0);
        for (int e = 0; e < 2; e++) CHECK(rows_playing(&x, e));
        close_env(&x);
    }
    const char *cut[] = {"size=16x16", "seats=2", "bot.1=wander", "max_steps=2", NULL};
    bound x;
    if (!open_failing(&x, 2, cut)) {
        CHECK(0);
        return;
    }
    CHECK_EQ_INT(arena_reset(x.env, 1), 0);
    CHECK_EQ_INT(step(&x), 0);
    fail_restarts = true;
    scribble(&x);
    CHECK_EQ_INT(step(&x), -1); /* both cut, neither can start its next game */
    check_error("environment 0: the rezzo game could not go on: out of memory at tick 0");
    for (int e = 0; e < 2; e++) {
        CHECK(rows_failed(&x, e, false));
        CHECK_EQ_INT(((uint8_t *)B(&x, "truncated"))[e], 1);
        CHECK(!row_is(&x, "rank", e, 0xAB));
    }
    fail_restarts = false;
    CHECK_EQ_INT(step(&x), -1);
    CHECK_EQ_INT(arena_reset_one(x.env, 0, 3), 0);
    CHECK(rows_playing(&x, 0));
    CHECK_EQ_INT(step(&x), -1); /* environment 1 still */
    check_error("environment 1: the rezzo game could not go on");
    close_env(&x);
}

/* A copy that runs out of memory (Rezzo's copy hook when its lists cannot grow) is a clean error,
 * never a silent one: arena_save and arena_save_all fail naming the environment and slot (the slot
 * holds an abandoned game, which arena_restore then refuses, leaving the environment as it was);
 * arena_restore and arena_restore_all fail and leave the environment failed, its rows saying so,
 * until a restore or a reset succeeds; arena_snapshot_new fails and frees what it made. Every one of
 * them returned 0. */
TEST(sim_failed_copies_are_errors) {
    bound x;
    if (!open_failing(&x, 2, AGENT)) {
        CHECK(0);
        return;
    }
    CHECK_EQ_INT(arena_reset(x.env, 1), 0);
    CHECK_EQ_INT(step(&x), 0);
    arena_snapshot *snap = arena_snapshot_new(x.env, 2);
    CHECK(snap != NULL);
    if (!snap) return;
    /* save */
    fail_copies = true;
    CHECK_EQ_INT(arena_save(x.env, 1, snap, 0), -1);
    check_error("environment 1 into slot 0: the rezzo state could not be copied: out of memory at tick 1: the cell "
                "lists of the 16x16 world could not grow (the slot holds no usable state: save again)");
    fail_copies = false;
    scribble(&x);
    CHECK_EQ_INT(arena_restore(x.env, 0, snap, 0), -1);
    check_error("slot 0 holds a game that could not go on (out of memory at tick 1: the cell lists of the 16x16 world "
                "could not grow): nothing restored");
    CHECK(row_is(&x, "obs", 0, 0xAB)); /* environment 0 unchanged, its rows not written */
    CHECK_EQ_INT(arena_save(x.env, 1, snap, 0), 0);
    /* restore */
    fail_copies = true;
    scribble(&x);
    CHECK_EQ_INT(arena_restore(x.env, 0, snap, 0), -1);
    check_error("slot 0 into environment 0: the rezzo state could not be copied: out of memory at tick 1: the cell "
                "lists of the 16x16 world could not grow (environment 0 holds a game that could not go on: restore "
                "or reset it again)");
    CHECK(rows_failed(&x, 0, true));
    CHECK_EQ_INT(step(&x), -1);
    check_error("environment 0: the rezzo game could not go on");
    fail_copies = false;
    CHECK_EQ_INT(arena_restore(x.env, 0, snap, 0), 0);
    CHECK(rows_playing(&x, 0));
    CHECK_EQ_INT(step(&x), 0);
    /* save_all and restore_all: the lowest environment named, every one copied or flagged (new games:
     * environment 1 stepped on to tick 3, where the failing Rezzo fails) */
    CHECK_EQ_INT(arena_reset(x.env, 3), 0);
    fail_copies = true;
    CHECK_EQ_INT(arena_save_all(x.env, snap), -1);
    check_error("environment 0 into slot 0: the rezzo state could not be copied");
    fail_copies = false;
    CHECK_EQ_INT(arena_save_all(x.env, snap), 0);
    fail_copies = true;
    scribble(&x);
    CHECK_EQ_INT(arena_restore_all(x.env, snap), -1);
    check_error("slot 0 into environment 0: the rezzo state could not be copied");
    for (int e = 0; e < 2; e++) CHECK(rows_failed(&x, e, true));
    fail_copies = false;
    CHECK_EQ_INT(arena_restore_all(x.env, snap), 0);
    for (int e = 0; e < 2; e++) CHECK(rows_playing(&x, e));
    CHECK_EQ_INT(step(&x), 0);
    /* a snapshot whose slots cannot be filled is not made (and what it made is freed: ASan) */
    fail_copies = true;
    CHECK(arena_snapshot_new(x.env, 3) == NULL);
    check_error("rezzo: the state could not be copied into a new snapshot: out of memory");
    fail_copies = false;
    arena_snapshot_free(snap);
    close_env(&x);
}

int main(void) {
    RUN(sim_failed_game_rows_say_so);
    RUN(sim_game_that_cannot_start_rows_say_so);
    RUN(sim_failed_copies_are_errors);
    return T_DONE();
}
