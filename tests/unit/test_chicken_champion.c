/* test_chicken_champion.c: Chicken's champion (issue 17): the door belief against hand-computed
 * posteriors, the search's chance nodes, the plan for the bank (a tiny bank, a clock that runs
 * out), legal play, and the same moves from the built-in and the starter-kit program. */
#include "t.h"
#include "chk_fixture.h"
#include "kit_child.h"
#include "games/chicken/chk.h"
#include "games/chicken/chk_ai.h"
#include "match/match.h"
#include <errno.h>
#include <math.h>
#include <unistd.h>

static bool near(double a, double b) { return fabs(a - b) < 1e-9; }

/* A view of B at (3,2) (a black square), A at (0,0), nothing laid, no door found. */
static chk_view view_b_at_3_2(bool hw, bool fw, bool hb, bool fb) {
    chk_view v;
    memset(&v, 0, sizeof v);
    v.colour = CHK_B;
    v.moves = 40;
    v.turds = 5;
    v.spawn[CHK_A] = CHK_SQ(0, 2);
    v.spawn[CHK_B] = CHK_SQ(7, 2);
    v.pos[CHK_A] = CHK_SQ(0, 0);
    v.pos[CHK_B] = CHK_SQ(3, 2);
    v.sense[CHK_HEAR_WHITE] = hw;
    v.sense[CHK_FEEL_WHITE] = fw;
    v.sense[CHK_HEAR_BLACK] = hb;
    v.sense[CHK_FEEL_BLACK] = fb;
    v.time_ms[0] = v.time_ms[1] = -1;
    v.bank_ms = -1;
    return v;
}

/* ---------- the belief (rule 10, by hand) ---------- */

TEST(belief_prior_then_silence_at_the_spawn) {
    /* A at its spawn (0,2) hears and feels nothing. Only (2,2) (white, prior 0.1) and (2,3)
     * (black, prior 0.1) are in earshot (dx = 2: hear 10%): each keeps 0.1 * 0.9 of the mass. */
    chk_view v = view_b_at_3_2(false, false, false, false);
    v.colour = CHK_A;
    v.pos[CHK_A] = CHK_SQ(0, 2);
    v.pos[CHK_B] = CHK_SQ(7, 2);
    chk_beliefs b;
    memset(&b, 0, sizeof b);
    chk_beliefs_update(&b, &v);
    CHECK(near(b.belief[0][CHK_SQ(2, 2)], 0.09 / 0.99));
    CHECK(near(b.belief[0][CHK_SQ(3, 3)], 0.2 / 0.99));
    CHECK(near(b.belief[0][CHK_SQ(5, 5)], 0.1 / 0.99));
    CHECK(near(b.belief[1][CHK_SQ(2, 3)], 0.09 / 0.99));
    CHECK(near(b.belief[1][CHK_SQ(4, 3)], 0.2 / 0.99));
    CHECK(b.belief[0][CHK_SQ(3, 4)] == 0 && b.belief[1][CHK_SQ(3, 3)] == 0); /* colours never mix */
}

TEST(belief_heard_white_not_felt_at_3_2) {
    /* White door, heard and not felt at (3,2): likelihood 0.5*0.7 edge-adjacent, 0.1 at (1,2)
     * offsets, 0 further; prior 0.2 on (3,3) and (4,4), 0.1 elsewhere. Unnormalised: (2,2) .035,
     * (4,2) .035, (3,3) .07, (2,4) .01, (4,4) .02, (5,3) .01; total .18.
     * Black door, nothing heard or felt: (3,2) is where B stands (safe: 0); (2,3) and (4,3) are
     * diagonal, (1-.25)(1-.15) = .6375; (3,4) and (5,2) at distance 2 in line, .9; the rest 1.
     * Unnormalised: (2,3) .06375, (4,3) .1275, (3,4) .18, (5,2) .09, (2,5) .1, (4,5) .1,
     * (5,4) .1; total .76125. */
    chk_view v = view_b_at_3_2(true, false, false, false);
    chk_beliefs b;
    memset(&b, 0, sizeof b);
    chk_beliefs_update(&b, &v);
    CHECK(near(b.belief[0][CHK_SQ(2, 2)], .035 / .18));
    CHECK(near(b.belief[0][CHK_SQ(4, 2)], .035 / .18));
    CHECK(near(b.belief[0][CHK_SQ(3, 3)], .07 / .18));
    CHECK(near(b.belief[0][CHK_SQ(2, 4)], .01 / .18));
    CHECK(near(b.belief[0][CHK_SQ(4, 4)], .02 / .18));
    CHECK(near(b.belief[0][CHK_SQ(5, 3)], .01 / .18));
    CHECK(b.belief[0][CHK_SQ(3, 5)] == 0 && b.belief[0][CHK_SQ(5, 5)] == 0);
    CHECK(b.belief[1][CHK_SQ(3, 2)] == 0);
    CHECK(near(b.belief[1][CHK_SQ(2, 3)], .06375 / .76125));
    CHECK(near(b.belief[1][CHK_SQ(4, 3)], .1275 / .76125));
    CHECK(near(b.belief[1][CHK_SQ(3, 4)], .18 / .76125));
    CHECK(near(b.belief[1][CHK_SQ(5, 2)], .09 / .76125));
    CHECK(near(b.belief[1][CHK_SQ(5, 4)], .1 / .76125));
}

TEST(belief_felt_black_then_a_second_reading_multiplies_in) {
    /* Felt (not heard) the black door at (3,2): only edge-adjacent (30%, and not heard 50%) and
     * diagonal squares (15%, not heard 75%) can feel. (2,3): .1*.15*.75 = .01125, (4,3):
     * .2*.15*.75 = .0225; (3,2) is safe; total .03375. */
    chk_view v = view_b_at_3_2(false, false, false, true);
    chk_beliefs b;
    memset(&b, 0, sizeof b);
    chk_beliefs_update(&b, &v);
    CHECK(near(b.belief[1][CHK_SQ(2, 3)], .01125 / .03375));
    CHECK(near(b.belief[1][CHK_SQ(4, 3)], .0225 / .03375));
    CHECK(b.belief[1][CHK_SQ(3, 4)] == 0 && b.belief[1][CHK_SQ(5, 2)] == 0);
    /* B steps to (4,2) and hears and feels nothing: (4,3) is now edge-adjacent (kept .5*.7 =
     * .35), (2,3) at distance 2 in line (kept .9). (2,3): 1/3 * .9 = .3; (4,3): 2/3 * .35 = .2333. */
    v.pos[CHK_B] = CHK_SQ(4, 2);
    v.sense[CHK_FEEL_BLACK] = false;
    chk_beliefs_update(&b, &v);
    double w23 = (1.0 / 3) * .9, w43 = (2.0 / 3) * .35;
    CHECK(near(b.belief[1][CHK_SQ(2, 3)], w23 / (w23 + w43)));
    CHECK(near(b.belief[1][CHK_SQ(4, 3)], w43 / (w23 + w43)));
}

TEST(belief_a_found_door_is_certain_and_safe_squares_hold_none) {
    chk_view v = view_b_at_3_2(false, false, false, false);
    v.found = CHK_BIT(CHK_SQ(4, 4));
    v.eggs[CHK_A] = CHK_BIT(CHK_SQ(2, 2));   /* someone stood there */
    v.turds_on[CHK_B] = CHK_BIT(CHK_SQ(5, 2));
    chk_beliefs b;
    memset(&b, 0, sizeof b);
    chk_beliefs_update(&b, &v);
    CHECK(b.belief[0][CHK_SQ(4, 4)] == 1);
    for (int s = 0; s < CHK_CELLS; s++)
        if (s != CHK_SQ(4, 4)) CHECK(b.belief[0][s] == 0);
    CHECK(b.belief[1][CHK_SQ(5, 2)] == 0 && b.belief[1][CHK_SQ(3, 2)] == 0);
    double total = 0;
    for (int s = 0; s < CHK_CELLS; s++) total += b.belief[1][s];
    CHECK(near(total, 1));
}

/* ---------- the search ---------- */

/* A clock that moves 1 ms at every reading: each search checks it every 1024 nodes, so this
 * clock runs out whatever the machine's speed. */
static int64_t fake_us;
static int64_t fake_clock(void) { return fake_us += 1000; }


static chk_state position(const char *doors) {
    const char *kv[] = {"colours=fixed", "spawn=2", doors};
    rng_t r;
    chk_state *p = create(kv, 3, 1, &r);
    chk_state st = *p;
    G->rules.destroy(p);
    return st;
}

TEST(search_steps_around_a_likely_door) {
    /* The last two moves each. A at (2,3) (black): its own eggs lie on (1,3), (3,3) and (2,4), so
     * its one chance of an egg is (2,2) and back out; B stands on its own egg on (7,6), among
     * white squares, and lays nothing. Knowing nothing of the doors A goes to (2,2) and wins 4-3;
     * believing the white door is there with 0.9 it settles for the tie, and so it does once the
     * door is found. */
    chk_state st = position("doors=2,2;5,4");
    st.pos[CHK_A] = CHK_SQ(2, 3);
    st.pos[CHK_B] = CHK_SQ(7, 6);
    st.eggs[CHK_A] = CHK_BIT(CHK_SQ(1, 3)) | CHK_BIT(CHK_SQ(3, 3)) | CHK_BIT(CHK_SQ(2, 4));
    st.eggs[CHK_B] = CHK_BIT(CHK_SQ(7, 6));
    st.score[CHK_A] = st.score[CHK_B] = 3;
    st.moves_left[CHK_A] = st.moves_left[CHK_B] = 2;
    static chk_deep d;
    chk_deep_limits lim = {.soft = 400000, .hard = 800000, .max_depth = 4};
    chk_deep_result res;
    CHECK(chk_deep_choose(&d, &st, NULL, &lim, &res));
    CHECK_EQ_INT(chk_step(st.pos[CHK_A], res.move.dir), CHK_SQ(2, 2));
    CHECK(res.value > 1); /* a certain win */
    chk_beliefs b;
    memset(&b, 0, sizeof b);
    b.started = true;
    b.belief[0][CHK_SQ(2, 2)] = 0.9;
    b.belief[0][CHK_SQ(4, 4)] = 0.1;
    b.belief[1][CHK_SQ(5, 4)] = 1;
    CHECK(chk_deep_choose(&d, &st, &b, &lim, &res));
    CHECK(chk_step(st.pos[CHK_A], res.move.dir) != CHK_SQ(2, 2));
    CHECK(fabs(res.value) < 1e-9); /* the tie, rather than 0.1 * win + 0.9 * loss */
    st.found[CHK_WHITE_DOOR] = true;
    CHECK(chk_deep_choose(&d, &st, NULL, &lim, &res));
    CHECK(chk_step(st.pos[CHK_A], res.move.dir) != CHK_SQ(2, 2));
}

TEST(search_takes_a_corner_egg_and_a_blocking_win) {
    /* A on its corner (0,0) lays there (+3). */
    chk_state st = position("doors=3,3;4,3");
    st.pos[CHK_A] = CHK_SQ(0, 0);
    st.pos[CHK_B] = CHK_SQ(7, 7);
    static chk_deep d;
    chk_deep_limits lim = {.soft = 100000, .hard = 200000, .max_depth = 4};
    chk_deep_result res;
    CHECK(chk_deep_choose(&d, &st, NULL, &lim, &res));
    CHECK_EQ_INT(res.move.type, CHK_EGG);
    /* Blocking: B on its corner (7,0) can only go to (6,0) and (7,1); with an A egg on (7,1),
     * A stepping from (5,0) onto (6,0) leaves B no move: A +5 and the game ends (rule 13.6). */
    st = position("doors=3,3;4,3");
    st.pos[CHK_B] = CHK_SQ(7, 0);
    st.pos[CHK_A] = CHK_SQ(5, 0);
    st.eggs[CHK_A] = CHK_BIT(CHK_SQ(7, 1));
    st.score[CHK_A] = 1;
    CHECK(chk_deep_choose(&d, &st, NULL, &lim, &res));
    CHECK_EQ_INT(res.move.dir, CHK_RIGHT);
    CHECK(res.value > 1); /* a certain win */
}

TEST(search_values_a_one_point_win_as_a_win) {
    /* B's last move (A has none left), 2-2: an egg on its own (black) square (3,2) wins 3-2, by
     * the smallest margin there is. That is a won game (1 + a thousandth of the margin), not a
     * tie, and the egg is the move. */
    chk_state st = position("doors=3,3;4,3");
    st.pos[CHK_A] = CHK_SQ(0, 7);
    st.pos[CHK_B] = CHK_SQ(3, 2);
    st.score[CHK_A] = st.score[CHK_B] = 2;
    st.moves_left[CHK_A] = 0;
    st.moves_left[CHK_B] = 1;
    st.mover = CHK_B;
    static chk_deep d;
    chk_deep_limits lim = {.soft = 100000, .hard = 200000, .max_depth = 4};
    chk_deep_result res;
    CHECK(chk_deep_choose(&d, &st, NULL, &lim, &res));
    CHECK_EQ_INT(res.move.type, CHK_EGG);
    CHECK(fabs(res.value - 1.001) < 1e-9);
}

TEST(a_search_cut_short_keeps_the_corner_egg) {
    /* A on its corner (0,0) at the start: laying there (+3) is the best move at every depth. A
     * search cut at any node budget (the cut comes at a check, every 1024 nodes) searches the last
     * iteration's best move first, so whatever part of the cut iteration finished, the answer is
     * still an egg on the corner. */
    chk_state st = position("doors=3,3;4,3");
    st.pos[CHK_A] = CHK_SQ(0, 0);
    st.pos[CHK_B] = CHK_SQ(7, 7);
    static chk_deep d;
    int cut = 0;
    for (int64_t hard = 1024; hard <= 64 * 1024; hard += 1024) {
        memset(&d, 0, sizeof d);
        chk_deep_limits lim = {.soft = INT64_MAX, .hard = hard};
        chk_deep_result res;
        CHECK(chk_deep_choose(&d, &st, NULL, &lim, &res));
        cut += res.cut;
        if (res.move.type != CHK_EGG) printf("# a budget of %lld nodes: depth %d, type %d\n", (long long)hard, res.depth, res.move.type);
        CHECK_EQ_INT(res.move.type, CHK_EGG);
    }
    CHECK(cut > 0);
}

/* ---------- the plan for the bank ---------- */

TEST(budget_spreads_the_bank_and_keeps_a_reserve) {
    chk_budget b = chk_champion_budget(360000, 360000, 40);
    int64_t reserve = 360000 / 20 + 1000 + 50, share = (360000 - reserve) / (40 - CHK_CHAMPION_QUICK_MOVES);
    CHECK_EQ_INT(b.soft_ms, share * 3 / 2);
    CHECK_EQ_INT(b.hard_ms, 3 * share);
    /* Every move's hard limit leaves the reserve untouched, whatever is left. */
    for (int64_t left = 0; left <= 360000; left += 997)
        for (int moves = 1; moves <= 40; moves++) {
            chk_budget x = chk_champion_budget(360000, left, moves);
            CHECK(x.soft_ms <= x.hard_ms);
            CHECK(x.hard_ms <= (left > reserve ? (left - reserve) / 3 : 0));
        }
    /* A tiny bank: 400 ms for 40 moves (a reserve of 20 + 80 + 50 ms). */
    b = chk_champion_budget(400, 400, 40);
    CHECK(b.hard_ms > 0 && b.hard_ms <= (400 - 150) / 3);
    /* Nothing usable left: no time at all (the bot then plays a two-ply look). */
    b = chk_champion_budget(200, 40, 10);
    CHECK(b.soft_ms == 0 && b.hard_ms == 0);
    /* No bank, and the day that messages state for none (--no-timeout, which the kit program
     * reads): about a second a move, not a day's share (36 minutes). */
    b = chk_champion_budget(0, 0, 40);
    CHECK_EQ_INT(b.soft_ms, 1000);
    CHECK_EQ_INT(b.hard_ms, 2000);
    b = chk_champion_budget(CHK_UNLIMITED_MS, CHK_UNLIMITED_MS, 40);
    CHECK_EQ_INT(b.soft_ms, 1000);
    CHECK_EQ_INT(b.hard_ms, 2000);
}

TEST(search_stops_at_the_hard_limit_by_the_clock) {
    /* No soft stop, a hard limit of 20 ms by the fake clock: the search is cut within one clock
     * step of it and still answers with the best move of the last finished iteration. */
    rng_t r;
    chk_state *st = create(NULL, 0, 5, &r);
    static chk_deep d;
    bot_clock clock = {.now_us = fake_clock, .asked_us = fake_clock()};
    chk_deep_limits lim = {.clock = &clock, .soft = INT64_MAX, .hard = 20000};
    chk_deep_result res;
    CHECK(chk_deep_choose(&d, st, NULL, &lim, &res));
    CHECK(res.cut);
    CHECK(fake_us - clock.asked_us <= 20000 + 1000 + 1000); /* the cut, and the reading after it */
    CHECK(res.depth >= 2);
    CHECK(chk_why(st, st->mover, res.move.dir, res.move.type) == CHK_OK);
    G->rules.destroy(st);
}

TEST(a_tiny_bank_is_respected_by_the_clock) {
    /* A whole game for both seats with a 300 ms bank each by the fake clock: every move stays
     * within its hard limit (one clock step over at most), and no seat spends its reserve. */
    rng_t r, br;
    rng_seed(&br, 1, RNG_STREAM_BOT);
    chk_state *st = create(NULL, 0, 11, &r);
    chk_champion *mem[2] = {calloc(1, sizeof(chk_champion)), calloc(1, sizeof(chk_champion))};
    int64_t bank = 300, left[2] = {bank, bank};
    while (!st->over) {
        tell_clocks(st, bank, 10000, left[0], left[1]);
        int seat = st->seat_of[st->mover];
        chk_view v;
        G->rules.view(st, seat, &v);
        chk_budget b = chk_champion_budget(bank, left[seat], v.moves_left[v.colour]);
        bot_clock clock = {.now_us = fake_clock, .asked_us = fake_clock()};
        chk_action a;
        CHECK(chk_champion_act(mem[seat], &v, &a, &br, &clock));
        int64_t used_ms = (fake_us - clock.asked_us) / 1000;
        CHECK(used_ms <= (b.hard_ms > 0 ? b.hard_ms : 0) + 2);
        left[seat] -= used_ms;
        CHECK(G->rules.validate(st, seat, &a, NULL) == 0);
        play_action(st, a, &r);
    }
    CHECK(left[0] > 0 && left[1] > 0);
    CHECK(left[0] >= bank / 20 + bank / 5 && left[1] >= bank / 20 + bank / 5);
    free(mem[0]);
    free(mem[1]);
    G->rules.destroy(st);
}

TEST(the_builtins_own_account_when_the_referee_does_not_charge_it) {
    /* The referee does not charge a built-in, so its views keep showing the whole bank; the bot's
     * own account (by its clock) must still make it slow down and keep the reserve. */
    rng_t r, br;
    rng_seed(&br, 1, RNG_STREAM_BOT);
    chk_state *st = create(NULL, 0, 12, &r);
    chk_champion *mem = calloc(1, sizeof(chk_champion));
    int64_t bank = 400, spent_us = 0;
    while (!st->over) {
        tell_clocks(st, bank, 10000, bank, bank);
        int seat = st->seat_of[st->mover];
        chk_view v;
        G->rules.view(st, seat, &v);
        chk_action a;
        if (seat == 0) {
            bot_clock clock = {.now_us = fake_clock, .asked_us = fake_clock()};
            CHECK(chk_champion_act(mem, &v, &a, &br, &clock));
            spent_us += fake_us - clock.asked_us;
        } else {
            chk_action m[12];
            int n = chk_legal_moves(st, st->mover, m);
            a = m[rng_below(&br, (uint32_t)n)];
        }
        play_action(st, a, &r);
    }
    CHECK(spent_us / 1000 <= bank - bank / 20 - bank / 5);
    CHECK(mem->spent_us == spent_us);
    free(mem);
    G->rules.destroy(st);
}

TEST(champion_out_of_time_plays_a_two_ply_look) {
    /* A 360 s bank with 40 ms left at the start: nothing is usable above the reserve, so the
     * champion looks two plies ahead (a few hundred nodes) and still answers a legal move. */
    rng_t r, br;
    rng_seed(&br, 1, RNG_STREAM_BOT);
    chk_state *st = create(NULL, 0, 7, &r);
    tell_clocks(st, 360000, 10000, 40, 40);
    chk_champion *mem = calloc(1, sizeof *mem);
    int seat = st->seat_of[st->mover];
    chk_view v;
    G->rules.view(st, seat, &v);
    chk_action a;
    CHECK(chk_champion_act(mem, &v, &a, &br, NULL));
    CHECK_EQ_INT(G->rules.validate(st, seat, &a, NULL), 0);
    CHECK_EQ_INT(mem->last.depth, 2);
    CHECK(mem->last.nodes < 2000);
    free(mem);
    G->rules.destroy(st);
}

/* ---------- legal play, and the kit program ---------- */

TEST(champion_plays_only_legal_moves) {
    const game_bot *b = game_find_bot(G, "champion");
    CHECK(b && b->act_timed && b->act);
    /* A 300 ms bank: a few thousand nodes a move without a clock. */
    for (uint64_t seed = 0; seed < 6 && b; seed++) CHECK(self_play_legal_moves(b, seed, 300) > 0);
}

static bool kit_ask(kit_child *k, const buf_t *msg, char *reply, size_t n) {
    fwrite(msg->data, 1, msg->len, k->to);
    fflush(k->to);
    return fgets(reply, (int)n, k->from) != NULL;
}

TEST(kit_program_and_builtin_choose_the_same_moves_without_a_clock) {
    /* Seat 0 is the champion twice over: in-process with no clock, and the kit program with
     * clock=off, both fed the same messages (the kit's parser turns them back into the view the
     * built-in gets); seat 1 is tracker. Every reply must be the same move. */
    const game_bot *b = game_find_bot(G, "champion"), *opp = game_find_bot(G, "tracker");
    kit_child k;
    if (!b || !opp || !kit_child_start(&k, "chicken", "champion")) {
        CHECK(!"bin/kits/chicken/champion could not be started (make all builds it)");
        return;
    }
    const char *kv[] = {"colours=fixed"};
    rng_t r, br;
    rng_seed(&br, 3, RNG_STREAM_BOT);
    chk_state *st = create(kv, 1, 21, &r);
    tell_clocks(st, 500, 10000, 500, 500);
    void *mem = calloc(1, b->memory_size), *omem = calloc(1, opp->memory_size);
    buf_t msg;
    buf_init(&msg);
    char reply[256];
    G->wire.encode_hello(st, 0, &msg);
    CHECK(kit_ask(&k, &msg, reply, sizeof reply) && strcmp(reply, "ready\n") == 0);
    chk_kit parser;
    memset(&parser, 0, sizeof parser);
    chk_view unused;
    for (char *p = msg.data, *nl; (nl = strchr(p, '\n')); p = nl + 1) chk_kit_parse(&parser, p, (size_t)(nl - p), &unused);
    int asked = 0, same = 0;
    while (!st->over) {
        tell_clocks(st, 500, 10000, 500, 500);
        int seat = st->seat_of[st->mover];
        chk_view v;
        G->rules.view(st, seat, &v);
        chk_action a;
        if (seat == 0) {
            buf_reset(&msg);
            G->wire.encode_view(&v, &msg);
            chk_view seen;
            for (char *p = msg.data, *nl; (nl = strchr(p, '\n')); p = nl + 1)
                chk_kit_parse(&parser, p, (size_t)(nl - p), &seen);
            CHECK(b->act(mem, &seen, &a, &br));
            chk_action theirs;
            CHECK(kit_ask(&k, &msg, reply, sizeof reply));
            buf_t why;
            buf_init(&why);
            CHECK(chk_decode_line(reply, strcspn(reply, "\n"), &theirs, &why) == DECODE_ACTION);
            buf_free(&why);
            asked++;
            same += theirs.dir == a.dir && theirs.type == a.type;
        } else {
            CHECK(opp->act(omem, &v, &a, &br));
        }
        play_action(st, a, &r);
    }
    CHECK(asked >= 20);
    CHECK_EQ_INT(same, asked);
    kit_child_stop(&k);
    buf_free(&msg);
    free(mem);
    free(omem);
    G->rules.destroy(st);
}

int main(void) {
    RUN(belief_prior_then_silence_at_the_spawn);
    RUN(belief_heard_white_not_felt_at_3_2);
    RUN(belief_felt_black_then_a_second_reading_multiplies_in);
    RUN(belief_a_found_door_is_certain_and_safe_squares_hold_none);
    RUN(search_steps_around_a_likely_door);
    RUN(search_takes_a_corner_egg_and_a_blocking_win);
    RUN(search_values_a_one_point_win_as_a_win);
    RUN(a_search_cut_short_keeps_the_corner_egg);
    RUN(budget_spreads_the_bank_and_keeps_a_reserve);
    RUN(search_stops_at_the_hard_limit_by_the_clock);
    RUN(a_tiny_bank_is_respected_by_the_clock);
    RUN(the_builtins_own_account_when_the_referee_does_not_charge_it);
    RUN(champion_out_of_time_plays_a_two_ply_look);
    RUN(champion_plays_only_legal_moves);
    RUN(kit_program_and_builtin_choose_the_same_moves_without_a_clock);
    return T_DONE();
}
