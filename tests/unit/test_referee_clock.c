/* test_referee_clock.c: the referee's accounting at its boundaries, driven through match.h with real
 * process seats (tests/bots/clock_wrap.py holds each reply of a kit bot back for a set time):
 * the time bank is charged for every reply from the first to the last, with the exact value the
 * bot is told; an empty bank ends the seat at that very turn; the first deadline carries the
 * start-up allowance and only the first; both banks are told exactly, and the last reply is charged
 * too. Timed bounds use margins of at least 5x. */
#include "t.h"
#include "../../src/core/clock.h"
#include "../../src/games/registry.h"
#include "../../src/match/match.h"
#include "../../src/match/referee.h" /* the banks left at the end: the bot is never told its last */
#include <libgen.h>
#include <sched.h>
#include <stdint.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAX_TURNS 256

/* What a sink saw of seat 0. */
typedef struct {
    int nturns;                    /* turns in which seat 0 was asked */
    int64_t elapsed_us[MAX_TURNS]; /* the referee's measure of each of seat 0's replies */
    verdict_kind verdict[MAX_TURNS];
    verdict_cause cause[MAX_TURNS];
    int64_t wall_us[MAX_TURNS];    /* our clock at the end of each of those turns */
    int64_t start_us;
    int ntold;
    long long told_mine[MAX_TURNS], told_theirs[MAX_TURNS]; /* "time MINE OPPONENT" in seat 0's blocks */
    int n1;                        /* seat 1's replies, and the measure of each */
    int64_t elapsed1_us[MAX_TURNS];
    int n1_before[MAX_TURNS];      /* seat 1's replies before seat 0's question k */
    char no_realtime[200];         /* clock_wrap --spin could not take realtime priority: why */
} seen_t;

static sandbox_mode play_sandbox; /* the seats' sandbox in play() (SANDBOX_ON unless a test says) */

static void on_start(void *ctx, const match_t *m) {
    (void)m;
    ((seen_t *)ctx)->start_us = clock_now_us();
}

static void on_turn(void *ctx, const match_t *m) {
    seen_t *v = ctx;
    if (m->cfg->nseats > 1 && m->turns[1].asked && v->n1 < MAX_TURNS) v->elapsed1_us[v->n1++] = m->turns[1].elapsed_us;
    const seat_turn *t = &m->turns[0];
    if (!t->asked || v->nturns >= MAX_TURNS) return;
    v->n1_before[v->nturns] = v->n1 - (m->cfg->nseats > 1 && m->turns[1].asked);
    v->elapsed_us[v->nturns] = t->elapsed_us;
    v->verdict[v->nturns] = t->verdict;
    v->cause[v->nturns] = t->cause;
    v->wall_us[v->nturns] = clock_now_us();
    v->nturns++;
}

static void on_log(void *ctx, const match_t *m, const log_event *ev) {
    (void)m;
    seen_t *v = ctx;
    long long a, b;
    if (ev->kind == LOGEV_COMMENT && ev->seat == 0 && v->ntold < MAX_TURNS &&
        sscanf(ev->text, "# told time %lld %lld", &a, &b) == 2) {
        v->told_mine[v->ntold] = a;
        v->told_theirs[v->ntold] = b;
        v->ntold++;
    }
    if (ev->kind == LOGEV_COMMENT && ev->seat == 0 && strncmp(ev->text, "# no realtime: ", 15) == 0)
        snprintf(v->no_realtime, sizeof v->no_realtime, "%.*s", (int)ev->len - 15, ev->text + 15);
}

/* The kit programs next to the arena under test (make sanitize: bin-asan/kits). */
static const char *kits(void) {
    static char dir[4096];
    char copy[4096];
    const char *arena = getenv("ARENA");
    if (!arena) return "bin/kits";
    snprintf(copy, sizeof copy, "%s", arena);
    snprintf(dir, sizeof dir, "%s/kits", dirname(copy));
    return dir;
}

/* Plays GAME with seat 0 = a kit bot behind clock_wrap.py (DELAYS) and the other seats as given.
 * clock: the limits in force. Returns the match (freed by the caller) after match_run. */
static match_t *play(const char *game, const char *kit_bot, const char *delays, const char *const *others, int nothers,
                     const char *const *options, int noptions, match_clock clock, seen_t *v, match_config *cfg) {
    const game_t *g = registry_find(game);
    memset(cfg, 0, sizeof *cfg);
    memset(v, 0, sizeof *v);
    cfg->game = g;
    cfg->seed = 11;
    cfg->clock = clock;
    cfg->sandbox.mode = play_sandbox;
    buf_t err;
    buf_init(&err);
    if (!match_parse_options(g, noptions, (char **)options, &cfg->options, &err)) {
        printf("# options: %s\n", buf_cstr(&err));
        buf_free(&err);
        return NULL;
    }
    char seat0[4600];
    snprintf(seat0, sizeof seat0, "python3 tests/bots/clock_wrap.py %s -- %s/%s/%s", delays, kits(), game, kit_bot);
    bool ok = seatspec_parse(g, seat0, &cfg->seats[0], &err);
    for (int i = 0; i < nothers; i++) ok = ok && seatspec_parse(g, others[i], &cfg->seats[1 + i], &err);
    cfg->nseats = 1 + nothers;
    cfg->sinks[0] = (sink_t){.ctx = v, .on_start = on_start, .on_turn = on_turn, .on_log = on_log};
    cfg->nsinks = 1;
    match_t *m = ok ? match_new(cfg, &err) : NULL;
    if (!m) printf("# %s\n", buf_cstr(&err));
    else match_run(m);
    buf_free(&err);
    return m;
}

static void finish(match_t *m, match_config *cfg) {
    if (m) match_free(m);
    for (int s = 0; s < cfg->nseats; s++) seatspec_free(&cfg->seats[s]);
}

/* Chicken with seat 0 = yolanda behind clock_wrap (DELAYS) against OPPONENT, colours fixed (seat 0
 * is A), MOVES (an option, or NULL for the game's own) and a bank of BANK_MS. */
static match_t *play_chicken(const char *delays, const char *opponent, const char *moves, int64_t bank_ms,
                             match_clock *c, seen_t *v, match_config *cfg) {
    const char *others[] = {opponent};
    const char *options[] = {"colours=fixed", moves};
    *c = match_default_clock(registry_find("chicken"));
    c->bank_ms = bank_ms;
    return play("chicken", "yolanda", delays, others, 1, options, moves ? 2 : 1, *c, v, cfg);
}

/* Chicken tells the mover both banks in every turn block ("time MINE OPPONENT", in ms, D7): the
 * bank is charged for each reply, the first included, with exactly the time the referee measured
 * (told = (bank - sum of the earlier replies' times) / 1000, in whole ms); the start-up handshake is
 * never charged (the first block tells the whole bank), and a built-in opponent is never timed. */
TEST(D7_bank_is_charged_for_every_reply_from_the_first_to_the_last) {
    match_clock c;
    seen_t v;
    match_config cfg;
    match_t *m = play_chicken("40,5,25,5,60,5,15,5", "builtin:greedy", "moves=8", 60000, &c, &v, &cfg);
    CHECK(m != NULL);
    if (!m) return;
    CHECK(v.nturns >= 6);
    CHECK_EQ_INT(v.ntold, v.nturns); /* one block per question, each with its banks */
    int64_t spent = 0;
    static const int delay_ms[] = {40, 5, 25, 5, 60, 5, 15, 5};
    for (int k = 0; k < v.nturns && k < v.ntold; k++) {
        CHECK_EQ_INT(v.told_mine[k], (c.bank_ms * 1000 - spent) / 1000);
        CHECK_EQ_INT(v.told_theirs[k], c.bank_ms);
        CHECK_EQ_INT(v.verdict[k], VERDICT_OK);
        /* the measure: at least the time the reply was held back, at most the turn's wall time */
        CHECK(v.elapsed_us[k] >= delay_ms[k < 8 ? k : 7] * 1000);
        CHECK(v.elapsed_us[k] <= v.wall_us[k] - (k ? v.wall_us[k - 1] : v.start_us));
        spent += v.elapsed_us[k];
    }
    finish(m, &cfg);
}

/* The bank is charged from the write of the question, even when the bot runs before the referee
 * can look at its clock again: clock_wrap --spin runs at realtime priority on the referee's only
 * processor, so the question's write hands the processor to the bot, which reads, thinks, holds
 * its reply back by spinning (40 ms ...) and writes it before the referee runs again. A clock read
 * after the write measured almost nothing (the flake of the test above under CPU hogs, made
 * certain); read before it, each measure holds the whole hold-back. The seats run outside the
 * sandbox (which drops the privilege realtime priority needs); where even that is refused, the
 * test says it is skipped. */
TEST(D7_a_bot_that_runs_before_the_referee_is_charged_from_the_write) {
    cpu_set_t was, one;
    int cpu = sched_getcpu();
    CHECK(cpu >= 0 && sched_getaffinity(0, sizeof was, &was) == 0);
    if (cpu < 0) return;
    CPU_ZERO(&one);
    CPU_SET(cpu, &one);
    CHECK(sched_setaffinity(0, sizeof one, &one) == 0); /* the referee and, inherited, its seats */
    match_clock c;
    seen_t v;
    match_config cfg;
    play_sandbox = SANDBOX_OFF;
    match_t *m = play_chicken("--spin 40,5,25,5,60,5,15,5", "builtin:greedy", "moves=8", 60000, &c, &v, &cfg);
    play_sandbox = SANDBOX_ON;
    sched_setaffinity(0, sizeof was, &was);
    CHECK(m != NULL);
    if (!m) return;
    if (v.no_realtime[0]) printf("# no realtime priority: %s\n", v.no_realtime);
    CHECK(!v.no_realtime[0]); /* realtime_here() said it could */
    CHECK(v.nturns >= 6);
    static const int delay_ms[] = {40, 5, 25, 5, 60, 5, 15, 5};
    for (int k = 0; k < v.nturns; k++) {
        if (v.elapsed_us[k] < delay_ms[k < 8 ? k : 7] * 1000)
            printf("# reply %d: held back %d ms, measured %lld us\n", k, delay_ms[k < 8 ? k : 7], (long long)v.elapsed_us[k]);
        CHECK(v.elapsed_us[k] >= delay_ms[k < 8 ? k : 7] * 1000);
        CHECK_EQ_INT(v.verdict[k], VERDICT_OK);
    }
    finish(m, &cfg);
}

/* Chicken D7 with two timed seats: each block tells the mover both banks exactly (its own, then
 * its opponent's, each the bank less every earlier reply's measure), and the last reply of each
 * seat is charged too (the bank left at the end, which no bot is told). Seat 0 is A and moves
 * first, so at its question k seat 1 has replied k times. */
TEST(D7_both_banks_are_told_exactly_and_the_last_reply_is_charged) {
    char seat1[4600];
    snprintf(seat1, sizeof seat1, "python3 tests/bots/clock_wrap.py 10,35,5,25 -- %s/chicken/yolanda", kits());
    match_clock c;
    seen_t v;
    match_config cfg;
    match_t *m = play_chicken("30,5,20", seat1, "moves=6", 50000, &c, &v, &cfg);
    CHECK(m != NULL);
    if (!m) return;
    CHECK(v.nturns >= 3);
    CHECK(v.n1 >= v.nturns - 1);
    CHECK_EQ_INT(v.ntold, v.nturns);
    int64_t spent0 = 0, spent1 = 0;
    for (int k = 0; k < v.nturns && k < v.ntold; k++) {
        CHECK_EQ_INT(v.n1_before[k], k);
        spent1 = 0;
        for (int j = 0; j < v.n1_before[k]; j++) spent1 += v.elapsed1_us[j];
        CHECK_EQ_INT(v.told_mine[k], (c.bank_ms * 1000 - spent0) / 1000);
        CHECK_EQ_INT(v.told_theirs[k], (c.bank_ms * 1000 - spent1) / 1000);
        spent0 += v.elapsed_us[k];
    }
    spent1 = 0;
    for (int j = 0; j < v.n1; j++) {
        CHECK(v.elapsed1_us[j] >= 5000);
        spent1 += v.elapsed1_us[j];
    }
    CHECK_EQ_INT(m->in->seats[0].bank_left_us, c.bank_ms * 1000 - spent0);
    CHECK_EQ_INT(m->in->seats[1].bank_left_us, c.bank_ms * 1000 - spent1);
    for (int k = 0; k < v.nturns; k++) CHECK_EQ_INT(v.verdict[k], VERDICT_OK);
    CHECK_EQ_INT(m->verdicts[0][VERDICT_DOWN] + m->verdicts[1][VERDICT_DOWN], 0);
    finish(m, &cfg);
}

/* An empty bank ends the seat at the turn it runs out (down, cause bank), as soon as it runs out:
 * the referee does not wait for the late reply (10 s, against a bank of 1.5 s). */
TEST(D7_an_empty_bank_ends_the_seat_at_that_turn) {
    match_clock c;
    seen_t v;
    match_config cfg;
    int64_t t0 = clock_now_us();
    match_t *m = play_chicken("5,5,5,10000", "builtin:greedy", NULL, 1500, &c, &v, &cfg);
    int64_t took = clock_now_us() - t0;
    CHECK(m != NULL);
    if (!m) return;
    CHECK_EQ_INT(v.nturns, 4);
    for (int k = 0; k < 3 && k < v.nturns; k++) CHECK_EQ_INT(v.verdict[k], VERDICT_OK);
    if (v.nturns == 4 && v.ntold == 4) {
        CHECK_EQ_INT(v.verdict[3], VERDICT_DOWN);
        CHECK_EQ_INT(v.cause[3], CAUSE_BANK);
        /* charged what was left, and it was all there was */
        int64_t left_us = c.bank_ms * 1000 - v.elapsed_us[0] - v.elapsed_us[1] - v.elapsed_us[2];
        CHECK_EQ_INT(v.told_mine[3], left_us / 1000);
        CHECK(v.elapsed_us[3] >= left_us);
        CHECK(v.elapsed_us[3] < 5 * left_us);
    }
    CHECK_EQ_INT(m->verdicts[0][VERDICT_DOWN], 1);
    CHECK(m->ranks[0] == 2 && m->ranks[1] == 1);
    CHECK(took < 10 * 1000000); /* it never waited for the 10 s reply */
    finish(m, &cfg);
}

/* Every seat's first deadline carries the start-up allowance (contracts, Start-up), and only the
 * first: the same 600 ms reply is in time for the first question and late for the second (soft
 * limit 100 ms, start-up 6 s: margins of 10x on both sides). */
/* Rising Tide with seat 0 = pass_perth behind clock_wrap (DELAYS), three built-in opponents,
 * ROUNDS rounds, a soft limit of 100 ms, HARD_MS and a start-up allowance of 6 s. */
static match_t *play_rising_tide(const char *delays, const char *rounds, int64_t hard_ms, match_clock *c, seen_t *v,
                                 match_config *cfg) {
    const char *others[] = {"builtin:pass_perth", "builtin:pass_perth", "builtin:pass_perth"};
    const char *options[] = {rounds};
    *c = match_default_clock(registry_find("rising_tide"));
    c->move_ms = 100;
    c->hard_ms = hard_ms;
    c->startup_ms = 6000;
    return play("rising_tide", "pass_perth", delays, others, 3, options, 1, *c, v, cfg);
}

TEST(first_deadline_carries_the_startup_allowance_and_only_the_first) {
    match_clock c;
    seen_t v;
    match_config cfg;
    match_t *m = play_rising_tide("600", "rounds=2", 30000, &c, &v, &cfg);
    CHECK(m != NULL);
    if (!m) return;
    CHECK_EQ_INT(v.nturns, 2);
    CHECK_EQ_INT(v.verdict[0], VERDICT_OK);
    CHECK(v.elapsed_us[0] >= 600000);
    CHECK_EQ_INT(v.verdict[1], VERDICT_LATE);
    CHECK_EQ_INT(v.cause[1], CAUSE_SOFT);
    CHECK_EQ_INT(m->verdicts[0][VERDICT_LATE], 1);
    CHECK_EQ_INT(m->verdicts[0][VERDICT_DOWN], 0);
    finish(m, &cfg);
}

/* A question open for the hard limit puts the seat down (cause hard) as soon as the limit passes,
 * and it is never asked again; until then the game goes on and each turn it owes is late (soft
 * limit). Down counts once. Soft 100 ms, hard 1 s, against a second reply that never comes: the
 * seat must go down between 1 s and 5 s after that question. */
TEST(hard_limit_puts_the_seat_down_for_good) {
    match_clock c;
    seen_t v;
    match_config cfg;
    match_t *m = play_rising_tide("0,hang", "rounds=60", 1000, &c, &v, &cfg);
    CHECK(m != NULL);
    if (!m) return;
    int down = -1;
    for (int k = 0; k < v.nturns && down < 0; k++)
        if (v.verdict[k] == VERDICT_DOWN) down = k;
    CHECK(down >= 2);
    if (down >= 2) {
        CHECK_EQ_INT(v.verdict[0], VERDICT_OK);
        for (int k = 1; k < down; k++) CHECK_EQ_INT(v.verdict[k], VERDICT_LATE);
        CHECK_EQ_INT(v.cause[down], CAUSE_HARD);
        CHECK_EQ_INT(v.nturns, down + 1); /* never asked again */
        int64_t open_us = v.wall_us[down] - v.wall_us[0]; /* from about when the question went out */
        CHECK(open_us >= c.hard_ms * 1000);
        CHECK(open_us < 5 * c.hard_ms * 1000);
        CHECK_EQ_INT(m->verdicts[0][VERDICT_LATE], down - 1);
    }
    CHECK_EQ_INT(m->verdicts[0][VERDICT_DOWN], 1);
    CHECK_EQ_INT(m->turns_played, 60); /* the game went on without it */
    finish(m, &cfg);
}

/* A child of this process may take realtime priority (as clock_wrap --spin does, unsandboxed):
 * NULL, or why not. */
static const char *realtime_here(void) {
    pid_t pid = fork();
    if (pid == 0) {
        struct sched_param p = {.sched_priority = 1};
        _exit(sched_setscheduler(0, SCHED_FIFO, &p) == 0 ? 0 : 1);
    }
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) != pid) return "cannot fork to try";
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? NULL : "sched_setscheduler(SCHED_FIFO) is refused";
}

int main(void) {
    RUN(D7_bank_is_charged_for_every_reply_from_the_first_to_the_last);
    const char *no_rt = realtime_here();
    if (no_rt) printf("# skipped (not counted): D7_a_bot_that_runs_before_the_referee_is_charged_from_the_write: %s\n", no_rt);
    else RUN(D7_a_bot_that_runs_before_the_referee_is_charged_from_the_write);
    RUN(D7_both_banks_are_told_exactly_and_the_last_reply_is_charged);
    RUN(D7_an_empty_bank_ends_the_seat_at_that_turn);
    RUN(first_deadline_carries_the_startup_allowance_and_only_the_first);
    RUN(hard_limit_puts_the_seat_down_for_good);
    return T_DONE();
}
