/* test_rising_tide.c: Rising Tide R1-R10, D1-D14, P5.1-P5.7 (the codec) and P7.1 (the log), as
 * docs/games/rising_tide.md states them. Test names carry the rule they check, and the rule's words
 * stand above each such test. */
#include "t.h"
#include "games/rising_tide/rt.h"
#include "compat/trace.h"
#include <math.h>

static const game_t *G = &game_rising_tide;

/* A fresh state; a few live at once in one test, so they come from a small ring. */
static rt_state *fresh(bool original, int rounds) {
    static rt_state pool[4];
    static int next;
    rt_state *st = &pool[next++ % 4];
    rt_config cfg = {original, rounds};
    rt_start(st, &cfg);
    return st;
}

static void *create(int seats, const char *rules, const char *rounds, buf_t *err) {
    game_options o = {2, {"rules", "rounds"}, {rules, rounds}};
    static rng_t rng;
    rng_seed(&rng, 1, 0);
    game_setup s = {seats, &o, 1, &rng};
    return G->rules.create(&s, err);
}

static int count_flooded(const rt_state *st) {
    int n = 0;
    for (int i = 0; i < RT_N; i++)
        for (int j = 0; j < RT_N; j++) n += st->board[i][j] == RT_FLOODED;
    return n;
}

/* Plays rounds where every alive seat passes. */
static void pass_round(rt_state *st) {
    int moves[4][4] = {{0}};
    bool has[4] = {false};
    int order[4], n = 0;
    for (int s = 0; s < 4; s++)
        if (rt_alive(st, s)) order[n++] = s;
    rt_play_round(st, (const int(*)[4])moves, has, order, n);
}

static int neighbour_legal_moves(const int8_t b[RT_N][RT_N]) {
    int n = 0;
    for (int i = 0; i < RT_N; i++)
        for (int j = 0; j < RT_N; j++)
            for (int di = -1; di <= 1; di++)
                for (int dj = -1; dj <= 1; dj++)
                    if ((di || dj) && rt_legal_original(b, i, j, i + di, j + dj)) n++;
    return n;
}

/* Rising Tide R3: With d = min(i, j, 17-i, 17-j), height min(d, 5) + 1; cities are 0. 1060 units of land
 * in total. */
TEST(R1_R3_start_terrain) {
    rt_state *st = fresh(false, 800);
    CHECK_EQ_INT(rt_terrain_sum(st->board), 1060);
    CHECK_EQ_INT(st->board[0][0], 1);
    CHECK_EQ_INT(st->board[1][7], 2);
    CHECK_EQ_INT(st->board[4][4], 5);
    CHECK_EQ_INT(st->board[8][8], 6);
    CHECK_EQ_INT(st->board[17][9], 1);
    for (int i = 0; i < RT_N; i++)
        for (int j = 0; j < RT_N; j++) CHECK(st->board[i][j] >= 0 && st->board[i][j] <= 6);
}

/* Rising Tide R2: Seat 0's city is (5,5), seat 1's (5,12), seat 2's (12,12), seat 3's (12,5) — clockwise
 * from the top-left. */
TEST(R2_cities) {
    rt_state *st = fresh(false, 800);
    int cities = 0;
    for (int i = 0; i < RT_N; i++)
        for (int j = 0; j < RT_N; j++)
            if (rt_is_city(i, j)) {
                cities++;
                CHECK_EQ_INT(st->board[i][j], 0);
            }
    CHECK_EQ_INT(cities, 4);
    CHECK(RT_CITY[0][0] == 5 && RT_CITY[0][1] == 5 && RT_CITY[1][0] == 5 && RT_CITY[1][1] == 12);
    CHECK(RT_CITY[2][0] == 12 && RT_CITY[2][1] == 12 && RT_CITY[3][0] == 12 && RT_CITY[3][1] == 5);
}

/* Rising Tide R3: With d = min(i, j, 17-i, 17-j), height min(d, 5) + 1; cities are 0. */
TEST(R3_same_in_all_views_and_2316_moves) {
    rt_state *st = fresh(false, 800);
    for (int s = 0; s < 4; s++) {
        CHECK(memcmp(st->rot[s], st->board, sizeof st->board) == 0);
        CHECK_EQ_INT(neighbour_legal_moves(st->rot[s]), 2316);
    }
}

/* Rising Tide R4: Moves are sent in view coordinates; the referee turns them back: */
TEST(R4_rotation_example_and_identity) {
    int a, b, c, d;
    rt_view_to_board(1, 4, 4, &a, &b);
    rt_view_to_board(1, 4, 3, &c, &d);
    CHECK(a == 4 && b == 13 && c == 3 && d == 13);
    for (int s = 0; s < 4; s++)
        for (int i = 0; i < RT_N; i++)
            for (int j = 0; j < RT_N; j++) {
                rt_view_to_board(s, i, j, &a, &b);
                rt_board_to_view(s, a, b, &c, &d);
                CHECK(c == i && d == j);
                rt_board_to_view(s, i, j, &a, &b);
                rt_view_to_board(s, a, b, &c, &d);
                CHECK(c == i && d == j);
            }
}

/* Rising Tide R4: Seat s sees the board turned counter-clockwise s quarter turns, so its own city is
 * always at (5,5); the city at (5,12) of its view is seat s+1's, (12,12) seat s+2's, (12,5) seat s+3's. */
TEST(R4_cities_in_views) {
    /* own city at (5,5); (5,12) is seat s+1, (12,12) seat s+2, (12,5) seat s+3. */
    static const int at[4][2] = {{5, 5}, {5, 12}, {12, 12}, {12, 5}};
    for (int s = 0; s < 4; s++)
        for (int k = 0; k < 4; k++) {
            int bi, bj;
            rt_view_to_board(s, at[k][0], at[k][1], &bi, &bj);
            int owner = (s + k) % 4;
            CHECK(bi == RT_CITY[owner][0] && bj == RT_CITY[owner][1]);
        }
}

/* Rising Tide R4: Seat s sees the board turned counter-clockwise s quarter turns, so its own city is
 * always at (5,5) */
TEST(R4_views_rotate_counter_clockwise) {
    rt_state *st = fresh(false, 800);
    rt_view v;
    /* Put a marker on board (0,1) and see where each seat sees it. */
    int moves[4][4] = {{1, 1, 0, 1}};
    bool has[4] = {true, false, false, false};
    int order[4] = {0, 1, 2, 3};
    rt_play_round(st, (const int(*)[4])moves, has, order, 4);
    CHECK_EQ_INT(st->board[0][1], 2);
    for (int s = 0; s < 4; s++) {
        rt_view_of(st, s, &v);
        int vi, vj;
        rt_board_to_view(s, 0, 1, &vi, &vj);
        CHECK_EQ_INT(v.cell[vi][vj], 2);
    }
    rt_view_of(st, 1, &v);
    CHECK_EQ_INT(v.cell[16][0], 2); /* seat 1: board (a,b) is view (17-b, a) */
}

/* Rising Tide R6: Legal move: all of these hold (rules=original drops R6.2): */
TEST(R6_legality_conditions) {
    rt_state *st = fresh(false, 800);
    /* 1. on the board */
    CHECK(!rt_legal(st->board, false, -1, 0, 0, 0));
    CHECK(!rt_legal(st->board, true, 0, 0, 18, 0));
    /* 2. neighbours (written only) */
    CHECK(rt_legal(st->board, false, 1, 1, 2, 2));
    CHECK(!rt_legal(st->board, false, 1, 1, 3, 1));
    CHECK(rt_legal(st->board, true, 1, 1, 3, 1));
    /* 3. source height >= 1 */
    rt_state *o = fresh(true, 800);
    int moves[4][4] = {{0, 0, 9, 9}};
    bool has[4] = {true};
    int order[1] = {0};
    rt_play_round(o, (const int(*)[4])moves, has, order, 1);
    CHECK_EQ_INT(o->board[0][0], 0);
    CHECK(!rt_legal(o->board, true, 0, 0, 0, 1));
    /* 4. destination not flooded and at most 7 */
    CHECK_EQ_INT(o->board[9][9], 7);
    CHECK(rt_legal(o->board, true, 9, 8, 9, 9));
    int m2[4][4] = {{9, 8, 9, 9}};
    rt_play_round(o, (const int(*)[4])m2, has, order, 1);
    CHECK_EQ_INT(o->board[9][9], 8);
    CHECK(!rt_legal(o->board, true, 9, 10, 9, 9));
    /* 5. no city */
    CHECK(!rt_legal(st->board, false, 4, 4, 5, 5));
    CHECK(!rt_legal(st->board, false, 5, 5, 4, 4));
    CHECK(!rt_legal(st->board, true, 12, 12, 0, 0));
}

/* Rising Tide D1: Adjacency is enforced by default (the written rules); the original engine never checked
 * it ("an intentional security flaw"). --option rules=original reproduces the engine exactly. */
TEST(D1_D2_vector_long_move_and_self_move) {
    /* (0,0)->(9,9): legal under original (leaves 0 and 7), illegal under written. */
    buf_t err;
    buf_init(&err);
    void *st_o = create(4, "original", "800", &err);
    void *st_w = create(4, "written", "800", &err);
    rt_action a = {RT_MOVE, 0, 0, 9, 9};
    CHECK(G->rules.validate(st_o, 0, &a, NULL) == 0);
    CHECK(G->rules.validate(st_w, 0, &a, NULL) != 0);
    rt_action self = {RT_MOVE, 2, 2, 2, 2};
    CHECK(G->rules.validate(st_w, 0, &self, NULL) != 0);
    CHECK(G->rules.validate(st_o, 0, &self, NULL) == 0);
    rt_state *o = st_o;
    int moves[4][4] = {{2, 2, 2, 2}};
    bool has[4] = {true};
    int order[4] = {0, 1, 2, 3};
    rt_play_round(o, (const int(*)[4])moves, has, order, 4);
    CHECK_EQ_INT(o->board[2][2], 3);
    CHECK(o->last.done[0]);
    G->rules.destroy(st_o);
    G->rules.destroy(st_w);
    buf_free(&err);
}

/* Rising Tide R5.3: Each move is checked for legality against the board at the start of the round; an
 * illegal move is logged and becomes a pass. */
TEST(R5_3_submission_check_uses_true_board_in_view_coordinates) {
    buf_t err;
    buf_init(&err);
    rt_state *st = create(4, "written", "800", &err);
    /* Seat 1's view move (4,4)->(4,3) is board (4,13)->(3,13): legal. */
    rt_action a = {RT_MOVE, 4, 4, 4, 3};
    CHECK(G->rules.validate(st, 1, &a, NULL) == 0);
    /* Off-board view coordinates, even extreme ones, are illegal (not a crash). */
    rt_action b = {RT_MOVE, INT32_MIN, 0, INT32_MAX, 0};
    CHECK(G->rules.validate(st, 2, &b, NULL) != 0);
    rt_action c = {RT_MOVE, 17, 17, 18, 17};
    CHECK(G->rules.validate(st, 3, &c, NULL) != 0);
    G->rules.destroy(st);
    buf_free(&err);
}

/* Rising Tide R5.5: The moves are carried out in that order, each checked again against the board as it is
 * now; a move that is no longer legal is skipped (recorded in the replay, not logged). */
TEST(R5_5_move_rechecked_at_execution_and_skipped) {
    /* Two seats take the last unit of the same height-1 source: the second is skipped. */
    rt_state *st = fresh(true, 800);
    int moves[4][4] = {{0, 0, 1, 1}, {0, 0, 1, 2}};
    bool has[4] = {true, true, false, false};
    int order[4] = {1, 0, 2, 3};
    rt_play_round(st, (const int(*)[4])moves, has, order, 4);
    CHECK(st->last.done[1]);
    CHECK(!st->last.done[0]);
    CHECK_EQ_INT(st->board[0][0], 0);
    CHECK_EQ_INT(st->board[1][2], 3);
    CHECK_EQ_INT(st->board[1][1], 2);
    CHECK_EQ_INT(rt_terrain_sum(st->board), 1060);
}

/* Rising Tide R5.1: The seats whose city is dry are alive; only they take part. */
TEST(R5_1_only_alive_seats_take_part) {
    rt_state *st = fresh(false, 800);
    st->board[5][5] = RT_FLOODED;
    st->score[0] = 3;
    bool mask[4];
    CHECK_EQ_INT(G->rules.to_act(st, mask), 3);
    CHECK(!mask[0] && mask[1] && mask[2] && mask[3]);
}

/* Rising Tide R7: a dry cell of height h floods when 100·h < r and it is on the border or one of its 8
 * neighbours was already flooded. */
TEST(R7_flooding_rule) {
    rt_state *st = fresh(false, 800);
    /* Nothing floods in round 0..100 on the start terrain (border height 1 needs r > 100). */
    for (int r = 0; r <= 100; r++) pass_round(st);
    CHECK_EQ_INT(count_flooded(st), 0);
    pass_round(st); /* round 101 */
    CHECK_EQ_INT(count_flooded(st), 68);
    /* Water spreads at most one cell per round: ring 1 (height 2) floods at 201, not earlier. */
    for (int r = 102; r <= 200; r++) pass_round(st);
    CHECK_EQ_INT(count_flooded(st), 68);
    pass_round(st);
    CHECK_EQ_INT(count_flooded(st), 128);
}

/* Rising Tide R7: a city (height 0) sinks as soon as a neighbour is flooded, and nothing floods in round
 * 0. */
TEST(R7_height_zero_floods_from_round_1_next_to_water) {
    rt_state *st = fresh(true, 800);
    /* Dig a border cell to 0 by moving land off it: (0,3) -> (1,3). */
    int moves[4][4] = {{0, 3, 1, 3}};
    bool has[4] = {true};
    int order[4] = {0, 1, 2, 3};
    rt_play_round(st, (const int(*)[4])moves, has, order, 4); /* round 0: nothing floods */
    CHECK_EQ_INT(st->board[0][3], 0);
    CHECK_EQ_INT(count_flooded(st), 0);
    pass_round(st); /* round 1: 100*0 < 1 and border */
    CHECK_EQ_INT(st->board[0][3], RT_FLOODED);
    CHECK_EQ_INT(count_flooded(st), 1);
}

/* Rising Tide R7: Flooding (one pass from the board as it was before the step) */
TEST(R7_one_pass_from_the_board_before_the_step) {
    /* Two adjacent height-0 cells on the border's inside: only the one next to water floods in a
     * round; the other waits one more round. */
    rt_state *st = fresh(true, 800);
    st->board[0][3] = 0; /* border, height 0 */
    st->board[1][3] = 0; /* inland, next to it */
    for (int s = 0; s < 4; s++) {
        int vi, vj;
        rt_board_to_view(s, 0, 3, &vi, &vj);
        st->rot[s][vi][vj] = 0;
        rt_board_to_view(s, 1, 3, &vi, &vj);
        st->rot[s][vi][vj] = 0;
    }
    pass_round(st); /* round 0 */
    pass_round(st); /* round 1 */
    CHECK_EQ_INT(st->board[0][3], RT_FLOODED);
    CHECK_EQ_INT(st->board[1][3], 0);
    pass_round(st); /* round 2 */
    CHECK_EQ_INT(st->board[1][3], RT_FLOODED);
}

/* Rising Tide R10: Four passing seats: the rings flood in rounds 101 (68 cells), 201 (60), 301, 401 and
 * 501; every city sinks in round 502; the scores are 502 ×4 after 503 rounds. */
TEST(R7_R9_R10_four_passing_seats) {
    rt_state *st = fresh(false, 800);
    int first_flood[8] = {0}, counts[8] = {0};
    int prev = 0, ring = 0;
    while (!st->over) {
        int r = st->round;
        pass_round(st);
        int now = count_flooded(st);
        if (now != prev && ring < 8) {
            first_flood[ring] = r;
            counts[ring] = now - prev;
            ring++;
        }
        prev = now;
    }
    CHECK_EQ_INT(first_flood[0], 101);
    CHECK_EQ_INT(counts[0], 68);
    CHECK_EQ_INT(first_flood[1], 201);
    CHECK_EQ_INT(counts[1], 60);
    CHECK_EQ_INT(first_flood[2], 301);
    CHECK_EQ_INT(first_flood[3], 401);
    CHECK_EQ_INT(first_flood[4], 501);
    CHECK_EQ_INT(first_flood[5], 502);
    CHECK_EQ_INT(counts[5], 4);
    for (int s = 0; s < 4; s++) CHECK_EQ_INT(st->score[s], 502);
    CHECK_EQ_INT(st->round, 503);
}

/* Rising Tide R8: The only randomness is the execution order: Fisher-Yates over the alive seats in seat
 * order, drawn from the match RNG, exactly n-1 draws whatever the bots answered. */
TEST(R8_shuffle_uses_n_minus_1_draws_and_is_uniform) {
    buf_t err;
    buf_init(&err);
    int perm_count[24] = {0};
    rng_t rng, twin;
    rng_seed(&rng, 5, 0);
    const int N = 48000;
    for (int k = 0; k < N; k++) {
        rt_state *st = create(4, "written", "800", &err);
        seat_turn turns[4] = {{0}};
        rt_action acts[4] = {{0}};
        for (int s = 0; s < 4; s++) turns[s].asked = true;
        twin = rng;
        G->rules.apply(st, acts, turns, &rng);
        for (int d = 0; d < 3; d++) (void)rng_below(&twin, 4); /* 3 draws, any bounds */
        CHECK(memcmp(&twin, &rng, sizeof rng) == 0);
        /* index the permutation */
        int idx = 0, used[4] = {0};
        for (int x = 0; x < 4; x++) {
            int o = st->last.order[x], rank = 0;
            for (int y = 0; y < o; y++) rank += !used[y];
            used[o] = 1;
            static const int f[4] = {6, 2, 1, 1};
            idx += rank * f[x];
        }
        perm_count[idx]++;
        G->rules.destroy(st);
    }
    double chi = 0, e = N / 24.0;
    for (int i = 0; i < 24; i++) chi += (perm_count[i] - e) * (perm_count[i] - e) / e;
    CHECK(chi < 64.0); /* chi-square(23) at p = 1e-6 is about 63.6 */
    buf_free(&err);
}

/* Rising Tide R8: exactly n-1 draws whatever the bots answered. */
TEST(R8_draws_do_not_depend_on_answers) {
    buf_t err;
    buf_init(&err);
    rt_state *a = create(4, "written", "800", &err), *b = create(4, "written", "800", &err);
    rng_t ra, rb;
    rng_seed(&ra, 9, 0);
    rng_seed(&rb, 9, 0);
    seat_turn turns[4] = {{0}};
    for (int s = 0; s < 4; s++) turns[s] = (seat_turn){.asked = true, .has_action = true, .verdict = VERDICT_OK};
    rt_action pass[4] = {{0}}, moves[4] = {{RT_MOVE, 4, 4, 4, 3}, {RT_MOVE, 4, 4, 3, 4}, {RT_PASS}, {RT_MOVE, 1, 1, 2, 2}};
    G->rules.apply(a, pass, turns, &ra);
    G->rules.apply(b, moves, turns, &rb);
    CHECK(memcmp(a->last.order, b->last.order, sizeof a->last.order) == 0);
    CHECK(memcmp(&ra, &rb, sizeof ra) == 0);
    G->rules.destroy(a);
    G->rules.destroy(b);
    buf_free(&err);
}

/* Rising Tide R9: No tie-break: seats sinking in the same round share the score. Ranks: 1 is best, ties
 * share. */
TEST(R9_no_tie_break_and_ranks_1224) {
    double scores[4] = {800, 502, 502, 100};
    int ranks[4];
    game_ranks_from_scores(4, scores, ranks);
    CHECK(ranks[0] == 1 && ranks[1] == 2 && ranks[2] == 2 && ranks[3] == 4);
    /* Last two seats sinking in the same round both score that round. */
    rt_state *st = fresh(false, 800);
    st->score[0] = 10;
    st->score[1] = 20;
    for (int r = 0; r < 503 && !st->over; r++) pass_round(st);
    CHECK(st->over);
    CHECK_EQ_INT(st->score[2], 502);
    CHECK_EQ_INT(st->score[3], 502);
}

/* Rising Tide R5.8: The game ends if at most one seat is alive, or after round rounds - 1. */
TEST(R5_8_game_ends_when_one_seat_left) {
    rt_state *st = fresh(false, 800);
    /* Sink three cities by hand: flood cells next to them. */
    int cities[3] = {1, 2, 3};
    for (int k = 0; k < 3; k++) {
        int ci = RT_CITY[cities[k]][0], cj = RT_CITY[cities[k]][1];
        st->board[ci][cj + (cj > 8 ? 1 : -1)] = RT_FLOODED;
        st->in_front[ci * RT_N + cj] = false;
    }
    /* Put the cities into the front so the step looks at them. */
    for (int k = 0; k < 3; k++) {
        int ci = RT_CITY[cities[k]][0], cj = RT_CITY[cities[k]][1];
        st->front[st->n_front++] = ci * RT_N + cj;
        st->in_front[ci * RT_N + cj] = true;
    }
    pass_round(st); /* round 0: 100*0 < 0 is false: nothing */
    CHECK(!st->over);
    pass_round(st); /* round 1: the three cities flood */
    CHECK(st->over);
    CHECK_EQ_INT(st->score[0], 800);
    CHECK(st->score[1] == 1 && st->score[2] == 1 && st->score[3] == 1);
}

TEST(option_rounds_10) {
    rt_state *st = fresh(false, 10);
    while (!st->over) pass_round(st);
    CHECK_EQ_INT(st->round, 10);
    for (int s = 0; s < 4; s++) CHECK_EQ_INT(st->score[s], 10);
}

/* Rising Tide D3: Exactly 4 seats: otherwise rising_tide needs exactly 4 seats, got N; fill the empty
 * seats with builtin:pass_perth (fewer than 4) or ...got N; remove N-4 of them (more than 4) and exit
 * status 2. */
TEST(D3_exactly_four_seats) {
    buf_t err;
    buf_init(&err);
    CHECK(create(3, "written", "800", &err) == NULL);
    CHECK_EQ_STR(buf_cstr(&err), "rising_tide needs exactly 4 seats, got 3; fill the empty seats with builtin:pass_perth");
    buf_reset(&err);
    /* too many seats: filling empty seats would be the wrong advice */
    CHECK(create(6, "written", "800", &err) == NULL);
    CHECK_EQ_STR(buf_cstr(&err), "rising_tide needs exactly 4 seats, got 6; remove 2 of them");
    buf_reset(&err);
    CHECK(create(4, "sideways", "800", &err) == NULL);
    CHECK(strstr(buf_cstr(&err), "rules=sideways") != NULL);
    buf_reset(&err);
    CHECK(create(4, "written", "801", &err) == NULL);
    CHECK(create(4, "written", "0", &err) == NULL);
    buf_free(&err);
}

/* ---- codec (Rising Tide P5.1, P5.2) ---- */

static decode_result dec(const char *line, rt_action *a) { return rt_decode_line(line, strlen(line), a, NULL); }

/* Rising Tide P5.2: Grammar: trailing \r and surrounding blanks removed; tokens separated by spaces/tabs;
 * pass alone is a pass; four integers (optional sign, digits, fitting 32 bits) are a move; anything else
 * (PASS, None, commas, three numbers...) is malformed. */
TEST(P5_2_action_grammar) {
    rt_action a;
    CHECK(dec("pass", &a) == DECODE_ACTION && a.kind == RT_PASS);
    CHECK(dec("  pass\t\r", &a) == DECODE_ACTION && a.kind == RT_PASS);
    CHECK(dec("3 4 4 4", &a) == DECODE_ACTION && a.kind == RT_MOVE && a.i1 == 3 && a.j2 == 4);
    CHECK(dec("\t+3  -4\t4 4\r", &a) == DECODE_ACTION && a.j1 == -4);
    CHECK(dec("99 99 -99 0", &a) == DECODE_ACTION); /* off the board: illegal, not malformed */
    CHECK(dec("2147483647 0 0 -2147483648", &a) == DECODE_ACTION);
    CHECK(dec("2147483648 0 0 0", &a) == DECODE_MALFORMED);
    CHECK(dec("PASS", &a) == DECODE_MALFORMED);
    CHECK(dec("None", &a) == DECODE_MALFORMED);
    CHECK(dec("3,4,4,4", &a) == DECODE_MALFORMED);
    CHECK(dec("3 4 4", &a) == DECODE_MALFORMED);
    CHECK(dec("3 4 4 4 5", &a) == DECODE_MALFORMED);
    CHECK(dec("3 4 4 x", &a) == DECODE_MALFORMED);
    CHECK(dec("3 4 4 4.0", &a) == DECODE_MALFORMED);
    CHECK(dec("pass pass", &a) == DECODE_MALFORMED);
    CHECK(dec("", &a) == DECODE_SKIP);
    CHECK(dec("   \t ", &a) == DECODE_SKIP);
}

/* Rising Tide P5.2, the other way: the starter kit and the built-ins write a move as its four
 * numbers and a pass as `pass`, and the referee reads back what was written. */
TEST(P5_2_actions_written_read_back_as_themselves) {
    rt_action move = {RT_MOVE, 3, -4, 17, 0}, pass = {RT_PASS, 0, 0, 0, 0}, back;
    buf_t out;
    buf_init(&out);
    rt_encode_action(&move, &out);
    CHECK_EQ_STR(buf_cstr(&out), "3 -4 17 0");
    CHECK(rt_decode_line(out.data, out.len, &back, NULL) == DECODE_ACTION);
    CHECK(back.kind == RT_MOVE && back.i1 == 3 && back.j1 == -4 && back.i2 == 17 && back.j2 == 0);
    buf_reset(&out);
    G->wire.encode_action(&pass, &out);
    CHECK_EQ_STR(buf_cstr(&out), "pass");
    CHECK(rt_decode_line(out.data, out.len, &back, NULL) == DECODE_ACTION && back.kind == RT_PASS);
    buf_free(&out);
}

/* Rising Tide P5.2: Only the first 4096 bytes of a line count. */
TEST(P5_2_only_first_4096_bytes_count) {
    char *line = malloc(6000);
    memset(line, ' ', 6000);
    memcpy(line, "1 1 2 2", 7);
    rt_action a;
    CHECK(rt_decode_line(line, 6000, &a, NULL) == DECODE_ACTION);
    memcpy(line + 4100, "x", 1); /* beyond 4096: ignored */
    CHECK(rt_decode_line(line, 6000, &a, NULL) == DECODE_ACTION);
    memcpy(line + 4000, "x", 1);
    CHECK(rt_decode_line(line, 6000, &a, NULL) == DECODE_MALFORMED);
    free(line);
}

/* Rising Tide P5.5: Seat 1 is a process bot "Wall Demo"; seats 0, 2 and 3 are builtin:pass_perth. */
TEST(P5_5_first_message_bytes) {
    buf_t err, out;
    buf_init(&err);
    buf_init(&out);
    rt_state *st = create(4, "written", "800", &err);
    rt_view v;
    rt_view_of(st, 1, &v);
    rt_encode_view(&v, &out);
    const char *expect =
        "rising_tide 1\nseat 1\nrotation 1\nrounds 800\nrules written\nround 0\n"
        "1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1\n1 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 1\n"
        "1 2 3 3 3 3 3 3 3 3 3 3 3 3 3 3 2 1\n1 2 3 4 4 4 4 4 4 4 4 4 4 4 4 3 2 1\n"
        "1 2 3 4 5 5 5 5 5 5 5 5 5 5 4 3 2 1\n1 2 3 4 5 0 6 6 6 6 6 6 0 5 4 3 2 1\n"
        "1 2 3 4 5 6 6 6 6 6 6 6 6 5 4 3 2 1\n1 2 3 4 5 6 6 6 6 6 6 6 6 5 4 3 2 1\n"
        "1 2 3 4 5 6 6 6 6 6 6 6 6 5 4 3 2 1\n1 2 3 4 5 6 6 6 6 6 6 6 6 5 4 3 2 1\n"
        "1 2 3 4 5 6 6 6 6 6 6 6 6 5 4 3 2 1\n1 2 3 4 5 6 6 6 6 6 6 6 6 5 4 3 2 1\n"
        "1 2 3 4 5 0 6 6 6 6 6 6 0 5 4 3 2 1\n1 2 3 4 5 5 5 5 5 5 5 5 5 5 4 3 2 1\n"
        "1 2 3 4 4 4 4 4 4 4 4 4 4 4 4 3 2 1\n1 2 3 3 3 3 3 3 3 3 3 3 3 3 3 3 2 1\n"
        "1 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 1\n1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1\ngo\n";
    CHECK_EQ_STR(out.data, expect);
    buf_reset(&out);
    G->wire.encode_end(st, 1, &out);
    CHECK_EQ_STR(out.data, "end -1 -1 -1 -1\n");
    G->rules.destroy(st);
    buf_free(&err);
    buf_free(&out);
}

TEST(kit_parse_inverts_encode) {
    buf_t err, out;
    buf_init(&err);
    buf_init(&out);
    rt_state *st = create(4, "original", "77", &err);
    for (int r = 0; r < 3; r++) {
        rt_view v;
        rt_view_of(st, 2, &v);
        rt_encode_view(&v, &out);
        pass_round(st);
    }
    rt_kit kit;
    memset(&kit, 0, sizeof kit);
    const char *p = out.data;
    int views = 0;
    rt_view back;
    while (*p) {
        const char *nl = strchr(p, '\n');
        int r = rt_kit_parse(&kit, p, (size_t)(nl - p), &back);
        if (r == KIT_VIEW) {
            views++;
            CHECK(back.seat == 2 && back.rounds == 77 && back.original && back.round == views - 1);
            CHECK(back.first == (views == 1));
        }
        CHECK(r != KIT_ERROR);
        p = nl + 1;
    }
    CHECK_EQ_INT(views, 3);
    rt_view v;
    st->round = 2;
    rt_view_of(st, 2, &v);
    CHECK(memcmp(v.cell, back.cell, sizeof v.cell) == 0);
    CHECK(rt_kit_parse(&kit, "end 1 2 3 4", 11, &back) == KIT_END);
    /* Lines of two words it does not know are ignored: the rules stay as the header said. */
    memset(&kit, 0, sizeof kit);
    static const char *const lines[] = {"rules original", "hello world", "round 0"};
    for (int k = 0; k < 3; k++) CHECK_EQ_INT(rt_kit_parse(&kit, lines[k], strlen(lines[k]), &back), KIT_MORE);
    for (int k = 0; k < RT_N; k++) {
        char row[3 * RT_N + 1] = "";
        for (int j = 0; j < RT_N; j++) strcat(row, j ? " 1" : "1");
        rt_kit_parse(&kit, row, strlen(row), &back);
    }
    CHECK_EQ_INT(rt_kit_parse(&kit, "go", 2, &back), KIT_VIEW);
    CHECK(back.original);
    G->rules.destroy(st);
    buf_free(&err);
    buf_free(&out);
}

/* The simulator's shape (docs/sim.md "Rising Tide"): the 18x18 heights and 4 numbers; the flat
 * actions are 8 directions from each of the 324 cells, and pass. Written whole, whatever the
 * caller's struct held before. */
TEST(sim_shape_is_the_board_and_eight_directions_of_every_cell_and_pass) {
    game_sim_shape sh;
    memset(&sh, 0xff, sizeof sh);
    G->sim->shape(NULL, &sh);
    CHECK_EQ_INT(sh.dtype, GAME_DTYPE_INT16);
    CHECK_EQ_INT(sh.obs_size, RT_N * RT_N + 4);
    CHECK_EQ_INT(sh.actions, RT_N * RT_N * 8 + 1);
}

/* ---- the log (Rising Tide P7.1) ---- */

static void log_game(int rounds, buf_t *out) {
    buf_t err;
    buf_init(&err);
    char r[16];
    snprintf(r, sizeof r, "%d", rounds);
    rt_state *st = create(4, "written", r, &err);
    game_names names = {4, {"Pass Perth", "Pass Perth", "Pass Perth", "Pass Perth"}, {"PR", "PR", "PR", "PR"}};
    void *lg = G->records.log_new(&names);
    rng_t rng;
    rng_seed(&rng, 3, 0);
    seat_turn turns[4] = {{0}};
    rt_action acts[4] = {{0}};
    bool started = false;
    while (!st->over) {
        if (!started) {
            log_event ev = {.kind = LOGEV_START, .seat = -1, .now = 0};
            G->records.log_event(lg, st, &ev, out);
            started = true;
        }
        int now = st->round;
        G->rules.apply(st, acts, turns, &rng);
        log_event ev = {.kind = LOGEV_TURN, .seat = -1, .now = now};
        G->records.log_event(lg, st, &ev, out);
    }
    log_event end = {.kind = LOGEV_END, .seat = -1, .now = st->round - 1};
    G->records.log_event(lg, st, &end, out);
    G->records.log_free(lg);
    G->rules.destroy(st);
    buf_free(&err);
}

/* Rising Tide P7.1: eliminations are one line per seat in seat order */
TEST(P7_1_log_four_pass_perth) {
    buf_t out;
    buf_init(&out);
    log_game(800, &out);
    CHECK_EQ_STR(out.data, "[R0]\n[GAME START]\nBOTS: Pass Perth, Pass Perth, Pass Perth, Pass Perth\n[R502]\n"
                           "Pass Perth ELIMINATED\nPass Perth ELIMINATED\nPass Perth ELIMINATED\nPass Perth ELIMINATED\n"
                           "[GAME OVER]\nSCORES: \nPass Perth: 502\nPass Perth: 502\nPass Perth: 502\nPass Perth: 502\n");
    buf_free(&out);
}

/* Rising Tide P7.1: the end entry ([GAME OVER] / SCORES:␠ / <name>: <score>) gets a marker [R<last+1>]
 * only if the last round wrote nothing. */
TEST(P7_1_log_rounds_10_ends_under_R10) {
    buf_t out;
    buf_init(&out);
    log_game(10, &out);
    CHECK_EQ_STR(out.data, "[R0]\n[GAME START]\nBOTS: Pass Perth, Pass Perth, Pass Perth, Pass Perth\n[R10]\n"
                           "[GAME OVER]\nSCORES: \nPass Perth: 10\nPass Perth: 10\nPass Perth: 10\nPass Perth: 10\n");
    buf_free(&out);
}

/* Rising Tide P7.1: [R<r>] precedes the first entry written during round r; the start entry ([GAME START]
 * / BOTS: ...) is written once round 0's answers are in (so identification lines can name the seats), with
 * round 0's own entries after a second [R0] */
TEST(P7_1_log_entries_and_markers) {
    buf_t err, out;
    buf_init(&err);
    buf_init(&out);
    rt_state *st = create(4, "written", "800", &err);
    game_names names = {4, {"A", "B", "C", "D"}, {"AA", "BB", "CC", "DD"}};
    void *lg = G->records.log_new(&names);
    /* Round 0 entries are held back until the start entry, then follow under a second [R0]. */
    log_event c1 = {.kind = LOGEV_COMMENT, .seat = 1, .now = 0, .text = "# hello", .len = 7};
    G->records.log_event(lg, st, &c1, &out);
    CHECK_EQ_INT(out.len, 0);
    log_event start = {.kind = LOGEV_START, .seat = -1, .now = 0};
    G->records.log_event(lg, st, &start, &out);
    log_event c2 = {.kind = LOGEV_COMMENT, .seat = 1, .now = 0, .text = "#again", .len = 6};
    G->records.log_event(lg, st, &c2, &out);
    log_event late = {.kind = LOGEV_LATE, .seat = 2, .turn = 3, .now = 4, .text = "1 1 2 2\r", .len = 8,
                      .elapsed_us = 123456};
    G->records.log_event(lg, st, &late, &out);
    log_event late2 = {.kind = LOGEV_LATE, .seat = 2, .turn = 4, .now = 4, .elapsed_us = 99000};
    G->records.log_event(lg, st, &late2, &out);
    log_event bad = {.kind = LOGEV_INVALID, .seat = 0, .now = 5, .cause = CAUSE_MALFORMED, .text = "x y", .len = 3};
    G->records.log_event(lg, st, &bad, &out);
    log_event ill = {.kind = LOGEV_INVALID, .seat = 0, .now = 5, .cause = CAUSE_ILLEGAL, .text = "0 0 9 9", .len = 7};
    G->records.log_event(lg, st, &ill, &out);
    log_event un = {.kind = LOGEV_UNASKED, .seat = 3, .now = 5, .text = "pass", .len = 4};
    G->records.log_event(lg, st, &un, &out);
    log_event down = {.kind = LOGEV_DOWN, .seat = 3, .turn = 6, .now = 7, .cause = CAUSE_HARD, .elapsed_us = 5000000};
    G->records.log_event(lg, st, &down, &out);
    log_event crash = {.kind = LOGEV_CRASH, .seat = 2, .turn = 8, .now = 8, .cause = CAUSE_SIGNAL, .status = 11};
    G->records.log_event(lg, st, &crash, &out);
    log_event crash2 = {.kind = LOGEV_CRASH, .seat = 1, .turn = 8, .now = 8, .cause = CAUSE_EXIT, .status = 3};
    G->records.log_event(lg, st, &crash2, &out);
    log_event raw = {.kind = LOGEV_RAWLOG, .seat = 1, .now = 8, .text = "#log: B has thrown an error. ", .len = 29};
    G->records.log_event(lg, st, &raw, &out);
    log_event turn = {.kind = LOGEV_TURN, .seat = -1, .now = 8};
    G->records.log_event(lg, st, &turn, &out); /* a round's entries are written at its end, seat by seat */
    CHECK_EQ_STR(out.data,
                 "[R0]\n[GAME START]\nBOTS: A, B, C, D\n[R0]\nB has printed: \nhello\nagain\n"
                 "[R4]\nC is taking too long.\nYour bot will forfeit its turn. \ntime: 123.456 ms\nmove: 1 1 2 2\nround: 3\n"
                 "C is taking too long.\nYour bot will forfeit its turn. \ntime: more than 99.000 ms\nmove: None\nround: 4\n"
                 "[R5]\nA has made a non-parseable move. \nmove: x y\nA has made an illegal move. \nmove: 0 0 9 9\n"
                 "D sent a move nobody asked for. \nmove: pass\n"
                 "[R7]\nD has not answered for 5000 ms.\nIts seat is down: all its later moves are passes. \nround: 6\n"
                 "[R8]\nB has stopped (exit status 3).\nIts seat is down: all its later moves are passes. \nround: 8\n"
                 "B has thrown an error. \n"
                 "C has stopped (killed by signal 11, SIGSEGV).\nIts seat is down: all its later moves are passes. \n"
                 "round: 8\n");
    G->records.log_free(lg);
    G->rules.destroy(st);
    buf_free(&err);
    buf_free(&out);
}

/* Rising Tide P7.1: a round's entries are therefore written seat by seat (each seat's in the order it sent
 * them, as the original, which called the bots in turn, wrote them): the log of a game is the same on
 * every run, and a seat's printed lines are never split by another seat's entry. */
/* The seats play at once, so their lines arrive interleaved in an order the machine's timing picks;
 * the log keeps each seat's entries of a round together, in seat order, so it is the same on every
 * run and no printed line reads as part of another seat's entry. */
TEST(P7_1_log_keeps_a_seats_entries_together_in_seat_order) {
    buf_t err, out;
    buf_init(&err);
    buf_init(&out);
    rt_state *st = create(4, "written", "800", &err);
    game_names names = {4, {"A", "B", "C", "D"}, {"AA", "BB", "CC", "DD"}};
    void *lg = G->records.log_new(&names);
    log_event start = {.kind = LOGEV_START, .seat = -1, .now = 0};
    G->records.log_event(lg, st, &start, &out);
    log_event evs[] = {
        {.kind = LOGEV_COMMENT, .seat = 3, .now = 1, .text = "# two", .len = 5},
        {.kind = LOGEV_RAWLOG, .seat = 0, .now = 1, .text = "#log: A has thrown an error. ", .len = 29},
        {.kind = LOGEV_COMMENT, .seat = 3, .now = 1, .text = "# lines", .len = 7},
        {.kind = LOGEV_INVALID, .seat = 1, .now = 1, .cause = CAUSE_MALFORMED, .text = "x", .len = 1},
        {.kind = LOGEV_COMMENT, .seat = 3, .now = 1, .text = "#", .len = 1},
        {.kind = LOGEV_COMMENT, .seat = 0, .now = 1, .text = "# after", .len = 7},
        {.kind = LOGEV_COMMENT, .seat = 3, .now = 1, .text = "# no newline", .len = 12},
        {.kind = LOGEV_INVALID, .seat = 3, .now = 1, .cause = CAUSE_MALFORMED, .text = "y", .len = 1},
        {.kind = LOGEV_COMMENT, .seat = 3, .now = 1, .text = "# later", .len = 7},
    };
    for (size_t i = 0; i < sizeof evs / sizeof evs[0]; i++) G->records.log_event(lg, st, &evs[i], &out);
    CHECK_EQ_STR(out.data, "[R0]\n[GAME START]\nBOTS: A, B, C, D\n"); /* nothing before the round's end */
    log_event turn = {.kind = LOGEV_TURN, .seat = -1, .now = 1};
    G->records.log_event(lg, st, &turn, &out);
    CHECK_EQ_STR(out.data, "[R0]\n[GAME START]\nBOTS: A, B, C, D\n[R1]\n"
                           "A has thrown an error. \nA has printed: \nafter\n"
                           "B has made a non-parseable move. \nmove: x\n"
                           "D has printed: \ntwo\nlines\n\nno newline\n"
                           "D has made a non-parseable move. \nmove: y\nD has printed: \nlater\n");
    G->records.log_free(lg);
    G->rules.destroy(st);
    buf_free(&err);
    buf_free(&out);
}

/* Rising Tide P5.4: At most 64 KiB of comment text per seat per round goes to the log; beyond that
 * comments are counted, not logged, and the log gets one line <name> printed <N> more bytes (not logged). */
TEST(P5_4_comment_cap_64k_per_round) {
    buf_t err, out;
    buf_init(&err);
    buf_init(&out);
    rt_state *st = create(4, "written", "800", &err);
    game_names names = {4, {"A", "B", "C", "D"}, {"AA", "BB", "CC", "DD"}};
    void *lg = G->records.log_new(&names);
    log_event start = {.kind = LOGEV_START, .seat = -1, .now = 0};
    G->records.log_event(lg, st, &start, &out);
    char *big = malloc(1002);
    memset(big, 'z', 1002);
    big[0] = '#';
    big[1] = ' ';
    for (int i = 0; i < 70; i++) {
        log_event c = {.kind = LOGEV_COMMENT, .seat = 0, .now = 1, .text = big, .len = 1002};
        G->records.log_event(lg, st, &c, &out);
    }
    log_event turn = {.kind = LOGEV_TURN, .seat = -1, .now = 1};
    G->records.log_event(lg, st, &turn, &out);
    CHECK(strstr(out.data, "A printed 5000 more bytes (not logged)\n") != NULL);
    CHECK(out.len < 70000);
    free(big);
    G->records.log_free(lg);
    G->rules.destroy(st);
    buf_free(&err);
    buf_free(&out);
}

/* ---- records ---- */

TEST(action_json_round_trip) {
    buf_t b;
    buf_init(&b);
    jw_t w;
    jw_init(&w, &b);
    rt_action a = {RT_MOVE, 1, -2, 3, 2147483647}, back;
    jw_arr(&w);
    G->records.action_json(&a, &w);
    rt_action p = {RT_PASS, 0, 0, 0, 0};
    G->records.action_json(&p, &w);
    jw_arr_end(&w);
    CHECK_EQ_STR(b.data, "[[1,-2,3,2147483647],\"pass\"]");
    json_t *j = json_loads(b.data, 0, NULL);
    CHECK(G->records.action_parse(json_array_get(j, 0), &back) && memcmp(&a, &back, sizeof a) == 0);
    CHECK(G->records.action_parse(json_array_get(j, 1), &back) && back.kind == RT_PASS);
    json_t *bad = json_loads("[1,2,3]", 0, NULL);
    CHECK(!G->records.action_parse(bad, &back));
    json_decref(bad);
    json_decref(j);
    buf_free(&b);
}

TEST(traces_reproduce_with_both_rulesets) {
    const char *files[] = {VEC("rising_tide/trace_3.jsonl"), VEC("rising_tide/trace_7.jsonl"),
                           VEC("rising_tide/trace_11.jsonl")};
    FILE *sink = fopen("/dev/null", "w");
    for (int i = 0; i < 3; i++) {
        CHECK_EQ_INT(trace_rising_tide(files[i], sink), 0);
        CHECK_EQ_INT(trace_rising_tide_rules(files[i], false, sink), 0);
    }
    fclose(sink);
}

/* ---- display (Rising Tide P9) ---- */

static const canvas_cell *at(canvas_t *c, int r, int k) { return canvas_at(c, r, k); }

/* Rising Tide P9: arena play shows the original's 24×80 layout when stdout is a terminal: the island in
 * height colours (flooded cells blue, living cities labelled with their 2-letter codes), a compass, the
 * round counter, each seat's CODE | Name with ALIVE or SUNK R<score>, and the water gauge. */
TEST(P9_display_layout) {
    rt_state *st = fresh(false, 800);
    game_names names = {4, {"Alpha Bot", "Beta", "Gamma With A Long Name", "D"}, {"AB", "BE", "", ""}};
    canvas_t *c = canvas_new(24, 80);
    G->display.draw(st, &names, NULL, c);
    char *plain = canvas_plain(c);
    char line[81];
    const char *p = plain;
    for (int r = 0; r < 24; r++) {
        CHECK(p[80] == '\n');
        memcpy(line, p, 80);
        line[80] = 0;
        if (r == 0 || r == 23) CHECK(strspn(line, "#") == 80);
        if (r == 1) CHECK(strncmp(line + 4, "RISING TIDE", 11) == 0);
        if (r == 2) {
            CHECK(strncmp(line + 63, "ROUND    0", 10) == 0);
            CHECK(strncmp(line + 50, "WATER LEVEL", 11) == 0);
        }
        if (r == 4) CHECK(strncmp(line + 63, "AB | Alpha Bot", 14) == 0);
        if (r == 5) CHECK(strncmp(line + 63, "  ALIVE", 7) == 0);
        if (r == 8) CHECK(strncmp(line + 16, "AB", 2) == 0 && strncmp(line + 30, "BE", 2) == 0);
        if (r == 15) CHECK(strncmp(line + 16, "P3", 2) == 0 && strncmp(line + 30, "GA", 2) == 0);
        if (r == 20) CHECK(line[4] == 'N' && line[50] == '0');
        if (r == 21) CHECK(strncmp(line + 3, "W+E", 3) == 0);
        if (r == 22) CHECK(line[4] == 'S');
        p += 81;
    }
    /* Heights: (0,0) is 1 (#ff5f00), (8,8) is 6 (#d7ff00); the map background is blue. */
    CHECK(at(c, 3, 6)->bg == RGB(0xff, 0x5f, 0x00) && at(c, 3, 7)->bg == RGB(0xff, 0x5f, 0x00));
    CHECK(at(c, 11, 22)->bg == RGB(0xd7, 0xff, 0x00));
    CHECK(at(c, 2, 3)->bg == RGB(0, 0, 255));
    CHECK(at(c, 8, 16)->fg == RGB(255, 255, 255) && at(c, 8, 16)->bg == RGB(0, 0, 0));
    CHECK(at(c, 1, 4)->attr == (CANVAS_BOLD | CANVAS_ITALIC));
    /* The gauge strip: height 8 at rows 4-5, height 0 at rows 20-21, columns 55-58. */
    CHECK(at(c, 4, 55)->bg == RGB(0, 255, 0) && at(c, 5, 58)->bg == RGB(0, 255, 0));
    CHECK(at(c, 21, 55)->bg == RGB(255, 0, 0));
    free(plain);
    /* After 250 rounds: level 2.5, water 5 rows high from row 21, blue outside the strip and
     * the strip colour halved plus 120 blue inside it; a sunk city shows no code. */
    for (int r = 0; r < 250; r++) pass_round(st);
    st->board[5][5] = RT_FLOODED;
    st->score[0] = 249;
    canvas_clear(c, CANVAS_DEFAULT, CANVAS_DEFAULT);
    G->display.draw(st, &names, NULL, c);
    CHECK(strcmp(at(c, 21, 53)->ch, "\u2588") == 0 && at(c, 21, 53)->fg == RGB(0, 0, 255));
    CHECK(strcmp(at(c, 17, 60)->ch, "\u2588") == 0);
    CHECK(strcmp(at(c, 16, 60)->ch, "\u2588") != 0);
    CHECK(at(c, 21, 56)->fg == RGB(127, 0, 120));
    CHECK(strcmp(at(c, 8, 16)->ch, " ") == 0 && at(c, 8, 16)->bg == RGB(0, 0, 255));
    plain = canvas_plain(c);
    CHECK(strstr(plain, "  SUNK R249") != NULL);
    CHECK(strstr(plain, "ROUND  250") != NULL);
    free(plain);
    /* A fraction of a row uses the eighth blocks: round 257 is level 2.57, 5.14 rows: one eighth. */
    for (int r = 250; r < 257; r++) pass_round(st);
    canvas_clear(c, CANVAS_DEFAULT, CANVAS_DEFAULT);
    G->display.draw(st, &names, NULL, c);
    CHECK(strcmp(at(c, 16, 53)->ch, "\u2581") == 0);
    canvas_free(c);
}

int main(void) {
    RUN(R1_R3_start_terrain);
    RUN(R2_cities);
    RUN(R3_same_in_all_views_and_2316_moves);
    RUN(R4_rotation_example_and_identity);
    RUN(R4_cities_in_views);
    RUN(R4_views_rotate_counter_clockwise);
    RUN(R6_legality_conditions);
    RUN(D1_D2_vector_long_move_and_self_move);
    RUN(R5_3_submission_check_uses_true_board_in_view_coordinates);
    RUN(R5_5_move_rechecked_at_execution_and_skipped);
    RUN(R5_1_only_alive_seats_take_part);
    RUN(R7_flooding_rule);
    RUN(R7_height_zero_floods_from_round_1_next_to_water);
    RUN(R7_one_pass_from_the_board_before_the_step);
    RUN(R7_R9_R10_four_passing_seats);
    RUN(R8_shuffle_uses_n_minus_1_draws_and_is_uniform);
    RUN(R8_draws_do_not_depend_on_answers);
    RUN(R9_no_tie_break_and_ranks_1224);
    RUN(R5_8_game_ends_when_one_seat_left);
    RUN(option_rounds_10);
    RUN(D3_exactly_four_seats);
    RUN(P5_2_action_grammar);
    RUN(P5_2_actions_written_read_back_as_themselves);
    RUN(P5_2_only_first_4096_bytes_count);
    RUN(P5_5_first_message_bytes);
    RUN(kit_parse_inverts_encode);
    RUN(sim_shape_is_the_board_and_eight_directions_of_every_cell_and_pass);
    RUN(P7_1_log_four_pass_perth);
    RUN(P7_1_log_rounds_10_ends_under_R10);
    RUN(P7_1_log_entries_and_markers);
    RUN(P7_1_log_keeps_a_seats_entries_together_in_seat_order);
    RUN(P5_4_comment_cap_64k_per_round);
    RUN(action_json_round_trip);
    RUN(traces_reproduce_with_both_rulesets);
    RUN(P9_display_layout);
    return T_DONE();
}
