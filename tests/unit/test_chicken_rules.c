/* test_chicken_rules.c: Chicken R1-R16 (a test ruleNN_... checks RNN), the table "original engine
 * vs Arena" (Q1-Q9), the decisions D1-D11 that live in the engine, the public vectors, and the set-up
 * and sensor distributions (docs/games/chicken.md). */
#include "t.h"
#include "games/chicken/chk.h"
#include "match/match.h"
#include "compat/trace.h"
#include <math.h>
#include <unistd.h>

static chk_config cfg_default(void) {
    chk_config c;
    chk_config_default(&c);
    return c;
}

/* The Arena-only positions (the Q rows) use spawns A (0,2) and B (7,2). */
static void position(chk_state *st, int door_w, int door_b) {
    chk_config c = cfg_default();
    chk_setup_fixed(st, &c, CHK_SQ(0, 2), CHK_SQ(7, 2), door_w, door_b);
}

static bool has_move(const chk_state *st, int me, int dir, int type) {
    return (chk_legal_mask(st, me) >> (3 * dir + type)) & 1;
}

static const game_t *G = &game_chicken;

/* Plays one ply through the game table (the referee's path) with a verdict for the mover. */
static void table_ply(chk_state *st, int dir, int type, verdict_kind v, verdict_cause cause, rng_t *rng) {
    chk_action acts[2] = {{0, 0}, {0, 0}};
    seat_turn turns[2];
    memset(turns, 0, sizeof turns);
    int seat = st->seat_of[st->mover];
    acts[seat] = (chk_action){dir, type};
    turns[seat].asked = true;
    turns[seat].has_action = v == VERDICT_OK || cause == CAUSE_ILLEGAL;
    turns[seat].verdict = v;
    turns[seat].cause = cause;
    G->rules.apply(st, acts, turns, rng);
}

/* ---------- Chicken R1-R4: board, directions, colours, seats ---------- */

/* Chicken R1: Squares are (x, y), x the column 0..7 from the left, y the row 0..7 from the top. */
TEST(rule01_board_is_8x8_x_column_y_row) {
    CHECK_EQ_INT(CHK_SQ(0, 0), 0);
    CHECK_EQ_INT(CHK_SQ(7, 0), 7);
    CHECK_EQ_INT(CHK_X(CHK_SQ(3, 5)), 3);
    CHECK_EQ_INT(CHK_Y(CHK_SQ(3, 5)), 5);
    CHECK_EQ_INT(chk_step(CHK_SQ(0, 0), CHK_UP), -1);
    CHECK_EQ_INT(chk_step(CHK_SQ(7, 7), CHK_RIGHT), -1);
    CHECK_EQ_INT(chk_step(CHK_SQ(7, 7), CHK_DOWN), -1);
    CHECK_EQ_INT(chk_step(CHK_SQ(0, 3), CHK_LEFT), -1);
}

/* Chicken R2: Directions UP (y-1), RIGHT (x+1), DOWN (y+1), LEFT (x-1), numbered 0..3; move types PLAIN,
 * EGG, TURD, numbered 0..2. */
TEST(rule02_directions_and_move_types_in_their_order) {
    int sq = CHK_SQ(3, 3);
    CHECK_EQ_INT(chk_step(sq, CHK_UP), CHK_SQ(3, 2));
    CHECK_EQ_INT(chk_step(sq, CHK_RIGHT), CHK_SQ(4, 3));
    CHECK_EQ_INT(chk_step(sq, CHK_DOWN), CHK_SQ(3, 4));
    CHECK_EQ_INT(chk_step(sq, CHK_LEFT), CHK_SQ(2, 3));
    CHECK(CHK_UP == 0 && CHK_RIGHT == 1 && CHK_DOWN == 2 && CHK_LEFT == 3);
    CHECK(CHK_PLAIN == 0 && CHK_EGG == 1 && CHK_TURD == 2);
    CHECK_EQ_STR(CHK_DIR_NAME[1], "RIGHT");
    CHECK_EQ_STR(CHK_TYPE_NAME[2], "TURD");
}

/* Chicken R3: A square is white when x+y is even. Chicken A is white, lays eggs only on white squares and
 * moves first; B is black. */
TEST(rule03_colours_a_white_b_black_corners) {
    CHECK_EQ_INT(chk_parity(CHK_SQ(0, 0)), 0);
    CHECK_EQ_INT(chk_parity(CHK_SQ(7, 7)), 0);
    CHECK_EQ_INT(chk_parity(CHK_SQ(7, 0)), 1);
    CHECK_EQ_INT(chk_parity(CHK_SQ(0, 7)), 1);
    chk_state st;
    position(&st, -1, -1);
    /* A at (0,2): white, may lay; B at (7,2): black, may lay; moved to the other colour, neither. */
    CHECK(has_move(&st, CHK_A, CHK_RIGHT, CHK_EGG));
    CHECK(has_move(&st, CHK_B, CHK_LEFT, CHK_EGG));
    st.pos[CHK_A] = CHK_SQ(1, 2);
    st.pos[CHK_B] = CHK_SQ(6, 2);
    CHECK(!has_move(&st, CHK_A, CHK_RIGHT, CHK_EGG));
    CHECK(!has_move(&st, CHK_B, CHK_LEFT, CHK_EGG));
    CHECK_EQ_INT(st.mover, CHK_A); /* A moves first */
}

/* Chicken R4: The match seed decides which seat plays A (one coin from the match RNG), unless --option
 * colours=fixed makes seat 0 A. */
TEST(rule04_colours_by_seed_or_fixed) {
    game_options o;
    buf_t err;
    buf_init(&err);
    int seat0_a = 0, n = 200;
    for (int seed = 0; seed < n; seed++) {
        CHECK(match_parse_options(G, 0, NULL, &o, &err));
        rng_t r;
        rng_seed(&r, (uint64_t)seed, RNG_STREAM_MATCH);
        game_setup s = {2, &o, (uint64_t)seed, &r};
        chk_state *st = G->rules.create(&s, &err);
        seat0_a += st->seat_of[CHK_A] == 0;
        /* Reproducible: the same seed gives the same colours. */
        rng_seed(&r, (uint64_t)seed, RNG_STREAM_MATCH);
        chk_state *again = G->rules.create(&s, &err);
        CHECK_EQ_INT(again->seat_of[CHK_A], st->seat_of[CHK_A]);
        G->rules.destroy(st);
        G->rules.destroy(again);
    }
    CHECK(seat0_a > n / 4 && seat0_a < 3 * n / 4);
    char *kv[] = {"colours=fixed"};
    CHECK(match_parse_options(G, 1, kv, &o, &err));
    for (int seed = 0; seed < 50; seed++) {
        rng_t r;
        rng_seed(&r, (uint64_t)seed, RNG_STREAM_MATCH);
        game_setup s = {2, &o, (uint64_t)seed, &r};
        chk_state *st = G->rules.create(&s, &err);
        CHECK_EQ_INT(st->seat_of[CHK_A], 0);
        G->rules.destroy(st);
    }
    buf_free(&err);
}

/* ---------- Chicken R5-R8: set-up ---------- */

/* Chicken R5: The spawn row y is uniform on 1..6; on an even row A starts at (0, y) and B at (7, y), on an
 * odd row the other way round. */
TEST(rule05_spawns_same_row_opposite_edges) {
    rng_t r;
    rng_seed(&r, 5, 0);
    chk_config c = cfg_default();
    for (int i = 0; i < 2000; i++) {
        chk_state st;
        chk_setup(&st, &c, &r);
        int y = CHK_Y(st.spawn[CHK_A]);
        CHECK(y >= 1 && y <= 6);
        CHECK_EQ_INT(CHK_Y(st.spawn[CHK_B]), y);
        CHECK_EQ_INT(CHK_X(st.spawn[CHK_A]), y % 2 == 0 ? 0 : 7);
        CHECK_EQ_INT(CHK_X(st.spawn[CHK_B]), y % 2 == 0 ? 7 : 0);
        CHECK_EQ_INT(chk_parity(st.spawn[CHK_A]), 0);
        CHECK_EQ_INT(chk_parity(st.spawn[CHK_B]), 1);
    }
}

/* Chicken R6: Two trapdoors: a white door and a black door, each drawn by rejection sampling from weights
 * 2 on the centre four squares and 1 on the rest of the centre 4x4 (total 20), cumulated in the order k =
 * 8x + y. */
TEST(rule06_door_weights_total_20_centre_only) {
    int total = 0;
    for (int sq = 0; sq < CHK_CELLS; sq++) {
        int x = CHK_X(sq), y = CHK_Y(sq), w = CHK_DOOR_WEIGHT[sq];
        total += w;
        int expect = (x >= 3 && x <= 4 && y >= 3 && y <= 4) ? 2 : (x >= 2 && x <= 5 && y >= 2 && y <= 5) ? 1 : 0;
        CHECK_EQ_INT(w, expect);
    }
    CHECK_EQ_INT(total, 20);
    rng_t r;
    rng_seed(&r, 6, 0);
    chk_config c = cfg_default();
    for (int i = 0; i < 2000; i++) {
        chk_state st;
        chk_setup(&st, &c, &r);
        CHECK_EQ_INT(chk_parity(st.door[0]), 0);
        CHECK_EQ_INT(chk_parity(st.door[1]), 1);
        CHECK(CHK_DOOR_WEIGHT[st.door[0]] > 0 && CHK_DOOR_WEIGHT[st.door[1]] > 0);
        CHECK(st.door[0] != st.door[1]);
    }
}

/* Chicken R7: Each chicken starts on its spawn with 0 eggs, 5 turds and 40 moves; the board is empty and
 * no trapdoor is found. */
TEST(rule07_initial_state) {
    rng_t r;
    rng_seed(&r, 7, 0);
    chk_config c = cfg_default();
    chk_state st;
    chk_setup(&st, &c, &r);
    for (int k = 0; k < 2; k++) {
        CHECK_EQ_INT(st.pos[k], st.spawn[k]);
        CHECK_EQ_INT(st.score[k], 0);
        CHECK_EQ_INT(st.turds_left[k], 5);
        CHECK_EQ_INT(st.moves_left[k], 40);
        CHECK(!st.eggs[k] && !st.turds[k] && !st.found[k]);
    }
    CHECK_EQ_INT(st.ply, 0);
    CHECK(!st.over);
}

/* Draws a door by hand exactly as rule 8.3 words it. */
static int door_by_hand(rng_t *r, int parity) {
    for (;;) {
        int v = (int)rng_below(r, 20), acc = 0;
        for (int k = 0; k < 64; k++) {
            int x = k / 8, y = k % 8;
            int w = (x >= 3 && x <= 4 && y >= 3 && y <= 4) ? 2 : (x >= 2 && x <= 5 && y >= 2 && y <= 5) ? 1 : 0;
            acc += w;
            if (acc > v) {
                if ((x + y) % 2 == parity) return CHK_SQ(x, y);
                break;
            }
        }
    }
}

/* Chicken R8: All randomness comes from the match RNG in this order: the colour coin (unless fixed), the
 * spawn row (unless spawn=), the white door, the black door (unless doors=), then four sensor draws per
 * ply. */
TEST(rule08_rng_draw_order) {
    chk_config c = cfg_default();
    for (uint64_t seed = 1; seed < 300; seed++) {
        rng_t a, b;
        rng_seed(&a, seed, RNG_STREAM_MATCH);
        rng_seed(&b, seed, RNG_STREAM_MATCH);
        chk_state st;
        chk_setup(&st, &c, &a);
        int coin = (int)rng_below(&b, 2);
        int row = rng_range(&b, 1, 6);
        int w = door_by_hand(&b, 0), bl = door_by_hand(&b, 1);
        CHECK_EQ_INT(st.seat_of[CHK_A], coin);
        CHECK_EQ_INT(CHK_Y(st.spawn[CHK_A]), row);
        CHECK_EQ_INT(st.door[0], w);
        CHECK_EQ_INT(st.door[1], bl);
        /* then the first ply's four sensor draws (hear-white, feel-white, hear-black, feel-black) */
        for (int i = 0; i < 4; i++) rng_below(&b, 100);
        CHECK(rng_next(&a) == rng_next(&b));
    }
    /* Fixed options skip the draws they replace: colours, spawn and doors fixed leave only the
     * sensors. */
    c.colours_fixed = true;
    c.spawn_row = 3;
    c.doors[0] = CHK_SQ(3, 3);
    c.doors[1] = CHK_SQ(4, 3);
    rng_t a, b;
    rng_seed(&a, 9, 0);
    rng_seed(&b, 9, 0);
    chk_state st;
    chk_setup(&st, &c, &a);
    for (int i = 0; i < 4; i++) rng_below(&b, 100);
    CHECK(rng_next(&a) == rng_next(&b));
    CHECK_EQ_INT(st.spawn[CHK_A], CHK_SQ(7, 3));
    CHECK_EQ_INT(st.spawn[CHK_B], CHK_SQ(0, 3));
    CHECK_EQ_INT(st.door[0], CHK_SQ(3, 3));
}

/* Chicken R8: All randomness comes from the match RNG */
TEST(rule08_same_seed_same_setup) {
    chk_config c = cfg_default();
    for (uint64_t seed = 0; seed < 100; seed++) {
        rng_t a, b;
        rng_seed(&a, seed, 0);
        rng_seed(&b, seed, 0);
        chk_state x, y;
        chk_setup(&x, &c, &a);
        chk_setup(&y, &c, &b);
        CHECK(x.spawn[0] == y.spawn[0] && x.door[0] == y.door[0] && x.door[1] == y.door[1] &&
              x.seat_of[0] == y.seat_of[0] && memcmp(x.sense, y.sense, sizeof x.sense) == 0);
    }
}

/* ---------- Chicken R9-R10: plies and sensors ---------- */

/* Chicken R9: At most 80 plies, A on odd plies, B on even ones; each chicken makes at most 40 moves. */
TEST(rule09_alternating_plies_at_most_80) {
    rng_t r;
    rng_seed(&r, 11, 0);
    int longest = 0;
    for (int g = 0; g < 300; g++) {
        chk_config c = cfg_default();
        chk_state st;
        chk_setup(&st, &c, &r);
        while (!st.over) {
            int me = st.mover;
            CHECK_EQ_INT(me, st.ply % 2); /* A on plies 1, 3, ...; B on 2, 4, ... */
            CHECK_EQ_INT(st.moves_left[me], c.moves - st.ply / 2);
            chk_action m[12];
            int n = chk_legal_moves(&st, me, m);
            CHECK(n > 0); /* never asked with no legal move (Chicken D4) */
            if (n == 0) break;
            chk_action a = m[rng_below(&r, (uint32_t)n)];
            chk_play(&st, a.dir, a.type, &r);
        }
        CHECK(st.ply <= 80);
        if (st.ply > longest) longest = st.ply;
    }
    CHECK_EQ_INT(longest, 80);
}

/* Chicken R10: hear 50% / feel 30% edge-adjacent, 25% / 15% diagonal, 10% / 0% at (2,0), (2,1), (1,2),
 * (0,2), nothing otherwise. */
TEST(rule10_sensor_table) {
    CHECK_EQ_INT(chk_prob_hear(1, 0), 50);
    CHECK_EQ_INT(chk_prob_feel(0, 1), 30);
    CHECK_EQ_INT(chk_prob_hear(1, 1), 25);
    CHECK_EQ_INT(chk_prob_feel(1, 1), 15);
    CHECK_EQ_INT(chk_prob_hear(2, 0), 10);
    CHECK_EQ_INT(chk_prob_hear(1, 2), 10);
    CHECK_EQ_INT(chk_prob_feel(2, 1), 0);
    CHECK_EQ_INT(chk_prob_hear(0, 0), 0);
    CHECK_EQ_INT(chk_prob_feel(0, 0), 0);
    CHECK_EQ_INT(chk_prob_hear(2, 2), 0);
    CHECK_EQ_INT(chk_prob_hear(3, 0), 0);
}

/* Chicken R10: Four draws are always made (hear white, feel white, hear black, feel black), each a uniform
 * integer below 100 compared with the percentage. */
TEST(rule10_four_draws_always_even_at_zero_probability) {
    chk_state st;
    position(&st, CHK_SQ(3, 3), CHK_SQ(4, 3));
    /* At (0,2) every probability is 0, and still four draws are made. */
    rng_t a, b;
    rng_seed(&a, 3, 0);
    rng_seed(&b, 3, 0);
    bool s[4];
    chk_sense(&st, CHK_SQ(0, 2), &a, s);
    CHECK(!s[0] && !s[1] && !s[2] && !s[3]);
    for (int i = 0; i < 4; i++) rng_below(&b, 100);
    CHECK(rng_next(&a) == rng_next(&b));
}

/* Chicken R10: Before the mover is asked, it senses both doors from its current square (after the
 * opponent's move and after any trapdoor return) */
TEST(rule10_sensed_at_the_new_square_after_a_return) {
    /* B's readings for its turn are taken at its square after A's move; A's own readings after
     * A falls are taken at A's spawn on A's next turn. */
    chk_state st;
    position(&st, CHK_SQ(2, 2), CHK_SQ(2, 3));
    st.pos[CHK_A] = CHK_SQ(1, 2);
    st.pos[CHK_B] = CHK_SQ(6, 6);
    rng_t r;
    rng_seed(&r, 1, 0);
    chk_play(&st, CHK_RIGHT, CHK_PLAIN, &r); /* A falls at (2,2), back to (0,2) */
    CHECK(st.last.fell);
    CHECK(st.last.sensed);
    /* B at (6,6): far from both doors, no reading can be positive. */
    CHECK(!st.sense[0] && !st.sense[1] && !st.sense[2] && !st.sense[3]);
    CHECK_EQ_INT(st.pos[CHK_A], CHK_SQ(0, 2));
}

/* ---------- Chicken R11-R12: legality and its labels ---------- */

/* Chicken R11: The checks run in this order; the first failure is the reason logged */
TEST(rule11_checks_run_in_order_with_their_labels) {
    chk_state st;
    position(&st, -1, -1);
    st.pos[CHK_A] = CHK_SQ(3, 3); /* white */
    st.pos[CHK_B] = CHK_SQ(3, 2); /* above A */
    st.turds_left[CHK_A] = 0;
    /* 1: TURD without turds comes before everything. */
    CHECK_EQ_INT(chk_why(&st, CHK_A, CHK_UP, CHK_TURD), CHK_NO_TURDS_LEFT);
    /* 3: onto the opponent. */
    CHECK_EQ_INT(chk_why(&st, CHK_A, CHK_UP, CHK_PLAIN), CHK_ONTO_OPPONENT);
    st.pos[CHK_A] = CHK_SQ(3, 4); /* black: EGG fails before anything about the destination */
    CHECK_EQ_INT(chk_why(&st, CHK_A, CHK_LEFT, CHK_EGG), CHK_EGG_WRONG_PARITY);
    st.pos[CHK_A] = CHK_SQ(0, 0);
    CHECK_EQ_INT(chk_why(&st, CHK_A, CHK_UP, CHK_PLAIN), CHK_OFF_BOARD);
    CHECK_EQ_INT(chk_why(&st, CHK_A, CHK_LEFT, CHK_EGG), CHK_OFF_BOARD);
    st.eggs[CHK_B] = CHK_BIT(CHK_SQ(1, 0));
    CHECK_EQ_INT(chk_why(&st, CHK_A, CHK_RIGHT, CHK_PLAIN), CHK_OPPONENT_EGG);
    st.turds[CHK_B] = CHK_BIT(CHK_SQ(0, 1));
    CHECK_EQ_INT(chk_why(&st, CHK_A, CHK_DOWN, CHK_PLAIN), CHK_ONTO_OPPONENT_TURD);
    st.turds[CHK_B] = CHK_BIT(CHK_SQ(1, 1));
    CHECK_EQ_INT(chk_why(&st, CHK_A, CHK_DOWN, CHK_PLAIN), CHK_NEXT_TO_OPPONENT_TURD);
    st.turds[CHK_B] = CHK_BIT(CHK_SQ(1, 2)); /* diagonal to (0,1): no effect */
    CHECK_EQ_INT(chk_why(&st, CHK_A, CHK_DOWN, CHK_PLAIN), CHK_OK);
    st.eggs[CHK_A] = CHK_BIT(CHK_SQ(0, 0));
    st.pos[CHK_B] = CHK_SQ(5, 5);
    st.turds[CHK_B] = 0;
    st.eggs[CHK_B] = 0;
    st.turds_left[CHK_A] = 3;
    CHECK_EQ_INT(chk_why(&st, CHK_A, CHK_RIGHT, CHK_PLAIN), CHK_OK);
    CHECK_EQ_INT(chk_why(&st, CHK_A, CHK_RIGHT, CHK_EGG), CHK_OWN_ITEM_HERE);
    CHECK_EQ_INT(chk_why(&st, CHK_A, CHK_RIGHT, CHK_TURD), CHK_OWN_ITEM_HERE);
    st.eggs[CHK_A] = 0;
    st.pos[CHK_B] = CHK_SQ(0, 1);
    CHECK_EQ_INT(chk_why(&st, CHK_A, CHK_RIGHT, CHK_TURD), CHK_TURD_NEXT_TO_OPPONENT);
    CHECK_EQ_INT(chk_why(&st, CHK_A, CHK_RIGHT, CHK_EGG), CHK_OK);
    CHECK_EQ_INT(chk_why(&st, CHK_A, 4, CHK_PLAIN), CHK_BAD_DIRECTION);
    CHECK_EQ_INT(chk_why(&st, CHK_A, CHK_UP, 7), CHK_BAD_TYPE);
}

/* Chicken R11: The checks run in this order; the first failure is the reason logged */
TEST(rule11_legal_mask_agrees_with_the_checks) {
    rng_t r;
    rng_seed(&r, 12, 0);
    for (int g = 0; g < 300; g++) {
        chk_config c = cfg_default();
        chk_state st;
        chk_setup(&st, &c, &r);
        while (!st.over) {
            for (int me = 0; me < 2; me++) {
                unsigned mask = chk_legal_mask(&st, me);
                for (int i = 0; i < 12; i++)
                    CHECK(((mask >> i) & 1) == (chk_why(&st, me, i / 3, i % 3) == CHK_OK));
            }
            chk_action m[12];
            int n = chk_legal_moves(&st, st.mover, m);
            if (!n) break;
            chk_action a = m[rng_below(&r, (uint32_t)n)];
            chk_play(&st, a.dir, a.type, &r);
        }
    }
}

/* Chicken R12: The legal moves are listed for each direction UP, RIGHT, DOWN, LEFT, each type PLAIN, EGG,
 * TURD. */
TEST(rule12_enumeration_order) {
    chk_state st;
    position(&st, -1, -1);
    st.pos[CHK_A] = CHK_SQ(3, 3);
    st.pos[CHK_B] = CHK_SQ(6, 6);
    chk_action m[12];
    int n = chk_legal_moves(&st, CHK_A, m);
    CHECK_EQ_INT(n, 12);
    for (int i = 0; i < n; i++) {
        CHECK_EQ_INT(m[i].dir, i / 3);
        CHECK_EQ_INT(m[i].type, i % 3);
    }
}

/* ---------- Chicken R13: effects ---------- */

/* Chicken R13: In order: an EGG lays on the square being left (+3 on a corner, else +1); a TURD drops
 * there; the chicken steps */
TEST(rule13_egg_turd_step) {
    chk_state st;
    position(&st, CHK_SQ(3, 3), CHK_SQ(4, 3));
    chk_play(&st, CHK_RIGHT, CHK_EGG, NULL); /* A lays on (0,2), steps to (1,2) */
    CHECK(st.eggs[CHK_A] & CHK_BIT(CHK_SQ(0, 2)));
    CHECK_EQ_INT(st.score[CHK_A], 1);
    CHECK_EQ_INT(st.pos[CHK_A], CHK_SQ(1, 2));
    CHECK_EQ_INT(st.moves_left[CHK_A], 39);
    CHECK_EQ_INT(st.ply, 1);
    chk_play(&st, CHK_LEFT, CHK_TURD, NULL); /* B drops on (7,2), steps to (6,2) */
    CHECK(st.turds[CHK_B] & CHK_BIT(CHK_SQ(7, 2)));
    CHECK_EQ_INT(st.turds_left[CHK_B], 4);
    CHECK_EQ_INT(st.pos[CHK_B], CHK_SQ(6, 2));
}

/* Chicken R13: an EGG lays on the square being left (+3 on a corner, else +1) */
TEST(rule13_corner_egg_gives_3) {
    chk_state st;
    position(&st, -1, -1);
    st.pos[CHK_A] = CHK_SQ(0, 0);
    chk_play(&st, CHK_RIGHT, CHK_EGG, NULL);
    CHECK_EQ_INT(st.score[CHK_A], 3);
    st.pos[CHK_B] = CHK_SQ(7, 0); /* B's corners are (7,0) and (0,7) */
    chk_play(&st, CHK_DOWN, CHK_EGG, NULL);
    CHECK_EQ_INT(st.score[CHK_B], 3);
}

/* Chicken R13: if it stepped on a trapdoor (found or not), the door becomes found for good, the opponent
 * gets +4, the chicken returns to its spawn */
TEST(rule13_trapdoor_returns_mover_and_gives_opponent_4) {
    chk_state st;
    position(&st, CHK_SQ(2, 2), CHK_SQ(5, 4));
    st.pos[CHK_A] = CHK_SQ(2, 3);
    chk_play(&st, CHK_UP, CHK_PLAIN, NULL);
    CHECK(st.last.fell);
    CHECK(st.found[CHK_WHITE_DOOR]);
    CHECK_EQ_INT(st.score[CHK_B], 4);
    CHECK_EQ_INT(st.pos[CHK_A], CHK_SQ(0, 2));
    CHECK_EQ_INT(st.moves_left[CHK_A], 39); /* the ply counts */
    CHECK(!st.over);
}

/* Chicken R13: if it stepped on a trapdoor (found or not), the door becomes found for good */
TEST(rule13_found_trapdoor_fires_again) {
    chk_state st;
    position(&st, CHK_SQ(2, 2), CHK_SQ(5, 4));
    st.pos[CHK_A] = CHK_SQ(2, 3);
    chk_play(&st, CHK_UP, CHK_PLAIN, NULL);
    st.pos[CHK_B] = CHK_SQ(5, 5);
    chk_play(&st, CHK_LEFT, CHK_PLAIN, NULL);
    st.pos[CHK_A] = CHK_SQ(2, 1);
    chk_play(&st, CHK_DOWN, CHK_PLAIN, NULL);
    CHECK(st.last.fell);
    CHECK_EQ_INT(st.score[CHK_B], 8);
}

/* Chicken R13: if the opponent still has moves but no legal one, the mover gets +5 and the game ends
 * BLOCKING_END */
TEST(rule13_blocked_opponent_gives_mover_5) {
    chk_state st;
    position(&st, -1, -1);
    /* B at (7,0) hemmed in by A at (6,0)... A steps next to it so that B's only exit closes. */
    st.pos[CHK_B] = CHK_SQ(7, 0);
    st.eggs[CHK_A] = CHK_BIT(CHK_SQ(6, 0));
    st.pos[CHK_A] = CHK_SQ(7, 2);
    chk_play(&st, CHK_UP, CHK_PLAIN, NULL); /* A to (7,1): B has no square left */
    CHECK(st.over);
    CHECK_EQ_INT(st.reason, CHK_BLOCKING_END);
    CHECK_EQ_INT(st.score[CHK_A], 5);
    CHECK_EQ_INT(st.winner, CHK_WIN_A);
}

/* Chicken R13: if the opponent still has moves but no legal one, the mover gets +5 and the game ends
 * BLOCKING_END */
TEST(rule13_blocked_check_skipped_when_blocked_side_has_no_moves_left) {
    chk_state st;
    position(&st, -1, -1);
    st.pos[CHK_A] = CHK_SQ(7, 0);
    st.eggs[CHK_B] = CHK_BIT(CHK_SQ(6, 0));
    st.pos[CHK_B] = CHK_SQ(7, 2);
    st.mover = CHK_B;
    st.moves_left[CHK_A] = 0;
    st.moves_left[CHK_B] = 1;
    chk_play(&st, CHK_UP, CHK_PLAIN, NULL); /* A is boxed in but has no moves left */
    CHECK(st.over);
    CHECK_EQ_INT(st.reason, CHK_EGGS_LAID);
    CHECK_EQ_INT(st.score[CHK_B], 0);
}

/* Chicken R13: when both have no moves left the game ends EGGS_LAID. */
TEST(rule13_both_out_of_moves_ends_by_eggs) {
    chk_state st;
    position(&st, -1, -1);
    st.moves_left[CHK_A] = 0;
    st.moves_left[CHK_B] = 1;
    st.mover = CHK_B;
    st.score[CHK_A] = 2;
    st.score[CHK_B] = 2;
    chk_play(&st, CHK_LEFT, CHK_PLAIN, NULL);
    CHECK(st.over);
    CHECK_EQ_INT(st.reason, CHK_EGGS_LAID);
    CHECK_EQ_INT(st.winner, CHK_TIE);
}

/* ---------- Chicken R14-R16: the end ---------- */

/* Chicken R14: The game ends with the first of EGGS_LAID, BLOCKING_END, SPAWN_BLOCKED or a seat failure:
 * TIMEOUT, INVALID_TURN, CODE_CRASH, MEMORY_ERROR, FAILED_INIT (the original's names). */
TEST(rule14_end_reasons_named_like_the_original) {
    CHECK_EQ_STR(CHK_REASON_NAME[0], "EGGS_LAID");
    CHECK_EQ_STR(CHK_REASON_NAME[1], "BLOCKING_END");
    CHECK_EQ_STR(CHK_REASON_NAME[2], "TIMEOUT");
    CHECK_EQ_STR(CHK_REASON_NAME[3], "INVALID_TURN");
    CHECK_EQ_STR(CHK_REASON_NAME[4], "CODE_CRASH");
    CHECK_EQ_STR(CHK_REASON_NAME[5], "MEMORY_ERROR");
    CHECK_EQ_STR(CHK_REASON_NAME[6], "FAILED_INIT");
    CHECK_EQ_STR(CHK_REASON_NAME[7], "SPAWN_BLOCKED");
}

/* Chicken R15: More eggs wins, equal eggs is a tie. */
TEST(rule15_more_eggs_wins_equal_is_tie) {
    chk_state st;
    position(&st, -1, -1);
    st.moves_left[CHK_A] = 0;
    st.moves_left[CHK_B] = 1;
    st.mover = CHK_B;
    st.score[CHK_A] = 3;
    st.score[CHK_B] = 4;
    chk_play(&st, CHK_LEFT, CHK_PLAIN, NULL);
    CHECK_EQ_INT(st.winner, CHK_WIN_B);
    double scores[2];
    int ranks[2];
    G->rules.result(&st, scores, ranks);
    CHECK(scores[1] == 1.0 && scores[0] == 0.0);
    CHECK(ranks[1] == 1 && ranks[0] == 2);
}

/* Chicken R16: A seat failure loses whatever the eggs, and the failed move is not applied */
TEST(rule16_seat_failure_loses_whatever_the_eggs) {
    struct {
        verdict_kind v;
        verdict_cause c;
        chk_reason want;
    } cases[] = {
        {VERDICT_INVALID, CAUSE_ILLEGAL, CHK_INVALID_TURN}, {VERDICT_INVALID, CAUSE_MALFORMED, CHK_INVALID_TURN},
        {VERDICT_INVALID, CAUSE_TOOLONG, CHK_INVALID_TURN}, {VERDICT_DOWN, CAUSE_BANK, CHK_TIMEOUT},
        {VERDICT_CRASH, CAUSE_EXIT, CHK_CODE_CRASH},        {VERDICT_CRASH, CAUSE_SIGNAL, CHK_CODE_CRASH},
        {VERDICT_DOWN, CAUSE_FLOOD, CHK_CODE_CRASH},        {VERDICT_DOWN, CAUSE_STARTUP, CHK_FAILED_INIT},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        chk_state st;
        position(&st, -1, -1);
        st.score[CHK_A] = 30; /* far ahead: it loses anyway */
        uint64_t eggs_before = st.eggs[CHK_A];
        int pos_before = st.pos[CHK_A];
        table_ply(&st, CHK_UP, CHK_EGG, cases[i].v, cases[i].c, NULL);
        CHECK(st.over);
        CHECK_EQ_INT(st.reason, cases[i].want);
        CHECK_EQ_INT(st.winner, CHK_WIN_B);
        CHECK(st.eggs[CHK_A] == eggs_before && st.pos[CHK_A] == pos_before); /* the failed move is not applied */
        CHECK_EQ_INT(st.ply, 0);
    }
}

/* Chicken R16: FAILED_INIT of both seats is a tie. */
TEST(rule16_failed_init_of_both_is_a_tie) {
    chk_state st;
    position(&st, -1, -1);
    chk_action acts[2] = {{0, 0}, {0, 0}};
    seat_turn turns[2];
    memset(turns, 0, sizeof turns);
    turns[0] = (seat_turn){.asked = false, .verdict = VERDICT_DOWN, .cause = CAUSE_STARTUP, .out = true};
    turns[1] = (seat_turn){.asked = false, .verdict = VERDICT_DOWN, .cause = CAUSE_STARTUP, .out = true};
    G->rules.apply(&st, acts, turns, NULL);
    CHECK(st.over);
    CHECK_EQ_INT(st.reason, CHK_FAILED_INIT);
    CHECK_EQ_INT(st.winner, CHK_TIE);
    /* Only B failed: B loses, and A's move of that turn is not played (no ply recorded). */
    position(&st, -1, -1);
    turns[0] = (seat_turn){.asked = true, .has_action = true, .verdict = VERDICT_OK};
    acts[0] = (chk_action){CHK_RIGHT, CHK_PLAIN};
    G->rules.apply(&st, acts, turns, NULL);
    CHECK_EQ_INT(st.reason, CHK_FAILED_INIT);
    CHECK_EQ_INT(st.winner, CHK_WIN_A);
    CHECK_EQ_INT(st.ply, 0);
}

/* ---------- the table "original engine vs Arena" (Chicken Q1-Q9) ---------- */

/* Chicken Q1: entering a square holding an opponent turd | allowed | illegal (onto_opponent_turd) */
TEST(Q1_entering_an_opponent_turd_is_illegal) {
    chk_state st;
    position(&st, -1, -1);
    st.pos[CHK_A] = CHK_SQ(2, 2);
    st.pos[CHK_B] = CHK_SQ(6, 6);
    st.turds[CHK_B] = CHK_BIT(CHK_SQ(3, 2));
    chk_action m[12];
    int n = chk_legal_moves(&st, CHK_A, m);
    int want[][2] = {{0, 0}, {0, 1}, {0, 2}, {2, 0}, {2, 1}, {2, 2}, {3, 0}, {3, 1}, {3, 2}};
    CHECK_EQ_INT(n, 9);
    for (int i = 0; i < n && i < 9; i++) CHECK(m[i].dir == want[i][0] && m[i].type == want[i][1]);
    CHECK_EQ_INT(chk_why(&st, CHK_A, CHK_RIGHT, CHK_PLAIN), CHK_ONTO_OPPONENT_TURD);
}

/* Chicken Q2a: falling while the opponent stands on the spawn | both share the square | opponent +4,
 * SPAWN_BLOCKED */
TEST(Q2a_fall_while_opponent_stands_on_the_spawn) {
    chk_state st;
    position(&st, CHK_SQ(2, 2), CHK_SQ(2, 3));
    st.pos[CHK_A] = CHK_SQ(1, 2);
    st.pos[CHK_B] = CHK_SQ(0, 2);
    st.score[CHK_A] = 3;
    st.score[CHK_B] = 2;
    chk_play(&st, CHK_RIGHT, CHK_PLAIN, NULL);
    CHECK(st.over);
    CHECK_EQ_INT(st.reason, CHK_SPAWN_BLOCKED);
    CHECK_EQ_INT(st.winner, CHK_WIN_B);
    CHECK_EQ_INT(st.score[CHK_B], 6);
    CHECK_EQ_INT(st.score[CHK_A], 3);
    CHECK_EQ_INT(st.pos[CHK_A], CHK_SQ(0, 2)); /* recorded position is the spawn */
    CHECK_EQ_INT(st.moves_left[CHK_A], 39);    /* the ply counts */
}

/* Chicken Q2b: falling when the spawn holds or touches an opponent turd | put there anyway | opponent +4,
 * SPAWN_BLOCKED */
TEST(Q2b_fall_when_the_spawn_is_next_to_an_opponent_turd) {
    chk_state st;
    position(&st, CHK_SQ(3, 3), CHK_SQ(4, 3));
    st.pos[CHK_A] = CHK_SQ(3, 2);
    st.pos[CHK_B] = CHK_SQ(5, 5);
    st.turds[CHK_B] = CHK_BIT(CHK_SQ(1, 2));
    st.score[CHK_A] = 2;
    st.score[CHK_B] = 3;
    chk_play(&st, CHK_DOWN, CHK_PLAIN, NULL);
    CHECK(st.over);
    CHECK_EQ_INT(st.reason, CHK_SPAWN_BLOCKED);
    CHECK_EQ_INT(st.winner, CHK_WIN_B);
    CHECK_EQ_INT(st.score[CHK_B], 7);
    CHECK_EQ_INT(st.score[CHK_A], 2);
}

/* Chicken Q3: a fall on ply 80 or on a blocking ply | +4 added after the result | the +4 counts */
TEST(Q3_a_fall_on_ply_80_still_counts) {
    chk_state st;
    position(&st, CHK_SQ(3, 3), CHK_SQ(4, 3));
    st.pos[CHK_A] = CHK_SQ(0, 0);
    st.pos[CHK_B] = CHK_SQ(5, 3);
    st.moves_left[CHK_A] = 0;
    st.moves_left[CHK_B] = 1;
    st.ply = 79;
    st.mover = CHK_B;
    st.score[CHK_A] = 10;
    st.score[CHK_B] = 12;
    chk_play(&st, CHK_LEFT, CHK_PLAIN, NULL);
    CHECK(st.over);
    CHECK_EQ_INT(st.ply, 80);
    CHECK_EQ_INT(st.reason, CHK_EGGS_LAID);
    CHECK_EQ_INT(st.score[CHK_A], 14);
    CHECK_EQ_INT(st.winner, CHK_WIN_A);
}

/* Chicken Q4: the return leaves the opponent without a move | blocked check before the return | after:
 * mover +5, BLOCKING_END */
TEST(Q4_blocked_check_runs_after_the_return) {
    chk_state st;
    position(&st, CHK_SQ(2, 2), CHK_SQ(2, 3));
    st.pos[CHK_A] = CHK_SQ(1, 2);
    st.pos[CHK_B] = CHK_SQ(0, 1);
    st.eggs[CHK_A] = CHK_BIT(CHK_SQ(0, 0)) | CHK_BIT(CHK_SQ(1, 1));
    st.score[CHK_A] = 4;
    chk_play(&st, CHK_RIGHT, CHK_PLAIN, NULL);
    CHECK(st.last.fell);
    CHECK(st.over);
    CHECK_EQ_INT(st.reason, CHK_BLOCKING_END);
    CHECK_EQ_INT(st.score[CHK_A], 9);
    CHECK_EQ_INT(st.score[CHK_B], 4);
    CHECK_EQ_INT(st.winner, CHK_WIN_A);
}

/* Chicken Q5: sensor timing | start of each turn | same */
TEST(Q5_sensors_at_the_start_of_each_turn) {
    /* Readings for a ply are drawn after the previous ply, at the mover's current square. */
    chk_state st;
    position(&st, CHK_SQ(2, 2), CHK_SQ(5, 4));
    st.pos[CHK_B] = CHK_SQ(5, 5); /* B next to the black door */
    rng_t r;
    rng_seed(&r, 2, 0);
    int heard = 0;
    for (int i = 0; i < 400; i++) {
        chk_state s2 = st;
        chk_play(&s2, CHK_DOWN, CHK_PLAIN, &r);
        heard += s2.sense[CHK_HEAR_BLACK];
    }
    CHECK(heard > 120 && heard < 280); /* P = 0.5 at distance (0,1) */
}

/* Chicken Q6: bank exhausted | TIMEOUT (unreachable tie branch) | TIMEOUT, no tie branch */
TEST(Q6_Q7_empty_bank_or_no_reply_is_a_timeout_loss) {
    chk_state st;
    position(&st, -1, -1);
    st.score[CHK_A] = 10;
    table_ply(&st, 0, 0, VERDICT_DOWN, CAUSE_BANK, NULL);
    CHECK_EQ_INT(st.reason, CHK_TIMEOUT);
    CHECK_EQ_INT(st.winner, CHK_WIN_B); /* no tie branch */
}

/* Chicken Q8: unknown move type | a plain step | INVALID_TURN */
TEST(Q8_unknown_move_type_or_direction_is_invalid_turn) {
    const char *bad[] = {"UP 7", "5 PLAIN", "UP", "UP PLAIN EXTRA", "4 0", "0 3", "up plains", "UP\xc3\xa9 EGG", "01 1",
                         "+1 0", "-1 0"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        chk_action a;
        CHECK_EQ_INT(chk_decode_line(bad[i], strlen(bad[i]), &a, NULL), DECODE_MALFORMED);
    }
    chk_state st;
    position(&st, -1, -1);
    table_ply(&st, 0, 0, VERDICT_INVALID, CAUSE_MALFORMED, NULL);
    CHECK_EQ_INT(st.reason, CHK_INVALID_TURN);
    /* A built-in or a replay holding an out-of-range value is refused too. */
    chk_action a = {CHK_UP, 7};
    CHECK(G->rules.validate(&st, 0, &a, NULL) != 0);
    /* Such a value is written as its numbers (the log and the replay show what was held). */
    buf_t out;
    buf_init(&out);
    G->wire.encode_action(&a, &out);
    CHECK_EQ_STR(buf_cstr(&out), "0 7");
    buf_reset(&out);
    chk_action ok = {CHK_LEFT, CHK_TURD};
    G->wire.encode_action(&ok, &out);
    CHECK_EQ_STR(buf_cstr(&out), "LEFT TURD");
    buf_free(&out);
}

/* Chicken Q9: illegal move on ply 1 | IndexError in the runner | INVALID_TURN */
TEST(Q9_an_illegal_move_on_ply_1_is_scored) {
    chk_state st;
    position(&st, -1, -1);
    chk_action a = {CHK_LEFT, CHK_PLAIN}; /* A at (0,2): off the board */
    buf_t why;
    buf_init(&why);
    CHECK(G->rules.validate(&st, 0, &a, &why) != 0);
    CHECK_EQ_STR(buf_cstr(&why), "illegal: off_board at (-1,2)");
    table_ply(&st, CHK_LEFT, CHK_PLAIN, VERDICT_INVALID, CAUSE_ILLEGAL, NULL);
    CHECK(st.over);
    CHECK_EQ_INT(st.reason, CHK_INVALID_TURN);
    CHECK_EQ_INT(st.winner, CHK_WIN_B);
    CHECK_EQ_INT(st.last.fail_check, CHK_OFF_BOARD);
    buf_free(&why);
}

/* What the referee logs and records for a refused move (the verdict's detail): the first failing
 * check of rule 11 by its label, with the square it concerns: the mover's own square for a drop
 * there, the opponent's for a turd beside it, the square stepped onto otherwise; none when no
 * square is concerned. A seat off move is told so. */
TEST(validate_names_the_check_and_its_square) {
    static const struct {
        int ax, ay, bx, by;
        bool own_egg;
        int turds_left;
        chk_action a;
        const char *why;
    } cases[] = {
        {1, 2, 7, 2, false, 5, {CHK_RIGHT, CHK_EGG}, "illegal: egg_wrong_parity at (1,2)"},
        {0, 2, 7, 2, true, 5, {CHK_RIGHT, CHK_EGG}, "illegal: own_item_here at (0,2)"},
        {3, 3, 4, 3, false, 5, {CHK_UP, CHK_TURD}, "illegal: turd_next_to_opponent at (4,3)"},
        {0, 2, 7, 2, false, 0, {CHK_RIGHT, CHK_TURD}, "illegal: no_turds_left"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        chk_state st;
        position(&st, -1, -1);
        st.pos[CHK_A] = CHK_SQ(cases[k].ax, cases[k].ay);
        st.pos[CHK_B] = CHK_SQ(cases[k].bx, cases[k].by);
        if (cases[k].own_egg) st.eggs[CHK_A] |= CHK_BIT(st.pos[CHK_A]);
        st.turds_left[CHK_A] = cases[k].turds_left;
        buf_t why;
        buf_init(&why);
        CHECK(G->rules.validate(&st, st.seat_of[CHK_A], &cases[k].a, &why) != 0);
        CHECK_EQ_STR(buf_cstr(&why), cases[k].why);
        buf_reset(&why);
        chk_action fine = {CHK_DOWN, CHK_PLAIN};
        CHECK(G->rules.validate(&st, st.seat_of[CHK_B], &fine, &why) != 0);
        CHECK_EQ_STR(buf_cstr(&why), "illegal: not your turn");
        buf_free(&why);
    }
}

/* Chicken is a game of two: any other seat count is refused at set-up, with the reason. */
TEST(setup_refuses_any_seat_count_but_two) {
    game_options o;
    memset(&o, 0, sizeof o);
    rng_t rng;
    rng_seed(&rng, 1, RNG_STREAM_MATCH);
    for (int seats = 1; seats <= 3; seats += 2) {
        buf_t err;
        buf_init(&err);
        game_setup setup = {seats, &o, 1, &rng};
        CHECK(G->rules.create(&setup, &err) == NULL);
        char want[64];
        snprintf(want, sizeof want, "chicken needs exactly 2 seats, got %d", seats);
        CHECK_EQ_STR(buf_cstr(&err), want);
        buf_free(&err);
    }
}

/* Chicken's clock has no soft limit, but a referee run with one (`--move-ms`) may report a late
 * reply: the game scores it as the original's TIMEOUT, the mover losing. */
TEST(a_late_reply_is_scored_as_a_timeout) {
    chk_state st;
    position(&st, -1, -1);
    table_ply(&st, CHK_RIGHT, CHK_PLAIN, VERDICT_LATE, CAUSE_SOFT, NULL);
    CHECK(st.over);
    CHECK_EQ_INT(st.reason, CHK_TIMEOUT);
    CHECK_EQ_INT(st.winner, CHK_WIN_B);
}

TEST(table_rng_is_the_seeded_match_rng) {
    /* "RNG: seeded match RNG (Chicken R8)": two games from the same seed and replies are identical. */
    game_options o;
    buf_t err;
    buf_init(&err);
    match_parse_options(G, 0, NULL, &o, &err);
    for (uint64_t seed = 0; seed < 20; seed++) {
        rng_t r1, r2;
        rng_seed(&r1, seed, 0);
        rng_seed(&r2, seed, 0);
        game_setup s1 = {2, &o, seed, &r1}, s2 = {2, &o, seed, &r2};
        chk_state *a = G->rules.create(&s1, &err), *b = G->rules.create(&s2, &err);
        rng_t bot;
        rng_seed(&bot, seed, 77);
        while (!a->over) {
            chk_action m[12];
            int n = chk_legal_moves(a, a->mover, m);
            chk_action x = m[rng_below(&bot, (uint32_t)n)];
            table_ply(a, x.dir, x.type, VERDICT_OK, CAUSE_NONE, &r1);
            table_ply(b, x.dir, x.type, VERDICT_OK, CAUSE_NONE, &r2);
            CHECK(memcmp(a->sense, b->sense, sizeof a->sense) == 0 && a->score[0] == b->score[0]);
        }
        CHECK(b->over && a->winner == b->winner);
        G->rules.destroy(a);
        G->rules.destroy(b);
    }
    buf_free(&err);
}

/* ---------- decisions that live in the engine ---------- */

/* Chicken D3: SPAWN_BLOCKED (= 7) is its own reason, no +5 */
TEST(D3_spawn_blocked_is_its_own_reason) {
    chk_state st;
    position(&st, CHK_SQ(2, 2), CHK_SQ(2, 3));
    st.pos[CHK_A] = CHK_SQ(1, 2);
    st.eggs[CHK_B] = CHK_BIT(CHK_SQ(0, 2)); /* an opponent egg on the spawn */
    st.pos[CHK_B] = CHK_SQ(5, 5);
    chk_play(&st, CHK_RIGHT, CHK_PLAIN, NULL);
    CHECK_EQ_INT(st.reason, CHK_SPAWN_BLOCKED);
    CHECK_EQ_INT(CHK_SPAWN_BLOCKED, 7);
    CHECK(!st.last.blocked); /* not disguised as BLOCKING_END: no +5 */
    CHECK_EQ_INT(st.score[CHK_A], 0);
}

/* Chicken D5: a found trapdoor stays live */
TEST(D5_found_trapdoor_stays_live) {
    chk_state st;
    position(&st, CHK_SQ(2, 2), CHK_SQ(5, 4));
    st.found[CHK_WHITE_DOOR] = true;
    st.pos[CHK_A] = CHK_SQ(2, 1);
    chk_play(&st, CHK_DOWN, CHK_PLAIN, NULL);
    CHECK(st.last.fell);
    CHECK_EQ_INT(st.pos[CHK_A], CHK_SQ(0, 2));
}

/* Chicken D11: coordinate lists in reading order */
TEST(D11_coordinate_lists_in_reading_order) {
    buf_t b;
    buf_init(&b);
    chk_put_squares(&b, CHK_BIT(CHK_SQ(5, 1)) | CHK_BIT(CHK_SQ(0, 2)) | CHK_BIT(CHK_SQ(7, 0)) | CHK_BIT(CHK_SQ(1, 1)));
    CHECK_EQ_STR(buf_cstr(&b), " 7,0 1,1 5,1 0,2");
    buf_free(&b);
}

TEST(options_spawn_and_doors_validated) {
    game_options o;
    buf_t err;
    buf_init(&err);
    chk_config c;
    const char *bad[] = {"doors=3,3;3,3", "doors=4,3;3,3", "doors=0,2;4,3", "doors=3,3", "doors=8,0;4,3",
                         "spawn=0",       "spawn=7",       "moves=0",       "turds=65",  "colours=blue"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char *kv[] = {(char *)bad[i]};
        buf_reset(&err);
        CHECK(match_parse_options(G, 1, kv, &o, &err));
        CHECK(!chk_config_parse(&o, &c, &err));
        CHECK(err.len > 0);
    }
    char *good[] = {"doors=3,3;4,3", "spawn=2", "moves=10", "turds=0"};
    CHECK(match_parse_options(G, 4, good, &o, &err));
    CHECK(chk_config_parse(&o, &c, &err));
    CHECK(c.doors[0] == CHK_SQ(3, 3) && c.doors[1] == CHK_SQ(4, 3) && c.spawn_row == 2 && c.moves == 10 && c.turds == 0);
    buf_free(&err);
}

/* ---------- the public vectors (tests/vectors/chicken/) ---------- */

TEST(vectors_scenarios_reproduce_ply_by_ply) {
    FILE *devnull = fopen("/dev/null", "w");
    CHECK_EQ_INT(trace_chicken(VEC("chicken/scenarios.jsonl"), devnull), 0);
    fclose(devnull);
}

TEST(vectors_legality_positions_answer_as_recorded) {
    FILE *devnull = fopen("/dev/null", "w");
    CHECK_EQ_INT(trace_chicken(VEC("chicken/legality.jsonl"), devnull), 0);
    fclose(devnull);
}

TEST(vectors_checker_names_the_first_difference) {
    /* A changed egg count must be caught, with the game and ply named. */
    FILE *in = fopen(VEC("chicken/scenarios.jsonl"), "r");
    char *line = NULL;
    size_t cap = 0;
    CHECK(getline(&line, &cap, in) > 0);
    fclose(in);
    char *p = strstr(line, "\"eggs_b\":1");
    CHECK(p != NULL);
    if (p) p[9] = '2';
    char path[] = "/tmp/chk_trace_XXXXXX";
    int fd = mkstemp(path);
    CHECK(write(fd, line, strlen(line)) > 0);
    close(fd);
    char out[512] = {0};
    FILE *mem = fmemopen(out, sizeof out - 1, "w");
    CHECK_EQ_INT(trace_chicken(path, mem), 1);
    fclose(mem);
    CHECK(strstr(out, "game P001") != NULL);
    CHECK(strstr(out, "ply 2: eggs") != NULL);
    CHECK_EQ_INT(trace_chicken("/nonexistent/file.jsonl", mem = fopen("/dev/null", "w")), 2);
    fclose(mem);
    unlink(path);
    free(line);
}

/* ---------- distributions (Chicken R5, R6, R10): chi-square at p > 0.001, fixed seed ---------- */

static double chi2(const double *observed, const double *expected, int n) {
    double s = 0;
    for (int i = 0; i < n; i++)
        if (expected[i] > 0) s += (observed[i] - expected[i]) * (observed[i] - expected[i]) / expected[i];
    return s;
}

TEST(distribution_spawn_rows_uniform_over_1_to_6) {
    rng_t r;
    rng_seed(&r, 20251, 0);
    chk_config c = cfg_default();
    double obs[8] = {0}, exp_[8], wrong[8];
    int n = 60000;
    for (int i = 0; i < n; i++) {
        chk_state st;
        chk_setup(&st, &c, &r);
        obs[CHK_Y(st.spawn[0])]++;
    }
    for (int y = 0; y < 8; y++) exp_[y] = (y >= 1 && y <= 6) ? n / 6.0 : 0, wrong[y] = n / 8.0;
    CHECK_EQ_INT(obs[0] + obs[7], 0);
    double x = chi2(obs + 1, exp_ + 1, 6);
    printf("# spawn rows: chi2 = %.2f (df 5, critical 20.52 at p = 0.001)\n", x);
    CHECK(x < 20.52);
    /* The same sample rejects a wrong distribution by far: the test has power. */
    CHECK(chi2(obs, wrong, 8) > 1000);
}

TEST(distribution_door_marginals_02_and_01) {
    rng_t r;
    rng_seed(&r, 20252, 0);
    chk_config c = cfg_default();
    double cw[64] = {0}, cb[64] = {0};
    int n = 60000;
    for (int i = 0; i < n; i++) {
        chk_state st;
        chk_setup(&st, &c, &r);
        cw[st.door[0]]++;
        cb[st.door[1]]++;
    }
    int wsq[8] = {CHK_SQ(3, 3), CHK_SQ(4, 4), CHK_SQ(2, 2), CHK_SQ(2, 4), CHK_SQ(3, 5), CHK_SQ(4, 2), CHK_SQ(5, 3), CHK_SQ(5, 5)};
    int bsq[8] = {CHK_SQ(3, 4), CHK_SQ(4, 3), CHK_SQ(2, 3), CHK_SQ(2, 5), CHK_SQ(3, 2), CHK_SQ(4, 5), CHK_SQ(5, 2), CHK_SQ(5, 4)};
    double ow[8], ob[8], e[8], flat[8];
    double tw = 0, tb = 0;
    for (int i = 0; i < 8; i++) {
        ow[i] = cw[wsq[i]];
        ob[i] = cb[bsq[i]];
        tw += ow[i];
        tb += ob[i];
        e[i] = n * (i < 2 ? 0.2 : 0.1);
        flat[i] = n / 8.0;
    }
    CHECK_EQ_INT((long long)tw, n); /* nothing outside the eight squares */
    CHECK_EQ_INT((long long)tb, n);
    double xw = chi2(ow, e, 8), xb = chi2(ob, e, 8);
    printf("# doors: chi2 white = %.2f, black = %.2f (df 7, critical 24.32 at p = 0.001)\n", xw, xb);
    CHECK(xw < 24.32 && xb < 24.32);
    CHECK(chi2(ow, flat, 8) > 1000 && chi2(ob, flat, 8) > 1000);
}

TEST(distribution_sensor_frequencies_by_distance) {
    struct {
        int dx, dy, hear, feel;
    } cls[] = {{1, 0, 50, 30}, {0, 1, 50, 30}, {1, 1, 25, 15}, {2, 0, 10, 0}, {0, 2, 10, 0}, {2, 1, 10, 0},
               {1, 2, 10, 0},  {2, 2, 0, 0},   {0, 0, 0, 0},   {3, 0, 0, 0},  {3, 3, 0, 0}};
    rng_t r;
    rng_seed(&r, 20253, 0);
    chk_state st;
    position(&st, -1, -1);
    int n = 100000;
    for (size_t k = 0; k < sizeof cls / sizeof cls[0]; k++) {
        /* White door at the class's offset from the chicken at (1,1); black door far away. */
        st.door[0] = CHK_SQ(1 + cls[k].dx, 1 + cls[k].dy);
        st.door[1] = CHK_SQ(7, 6);
        long hear = 0, feel = 0, both = 0, black = 0;
        for (int i = 0; i < n; i++) {
            bool s[4];
            chk_sense(&st, CHK_SQ(1, 1), &r, s);
            hear += s[0];
            feel += s[1];
            both += s[0] && s[1];
            black += s[2] || s[3];
        }
        CHECK_EQ_INT(black, 0);
        for (int which = 0; which < 2; which++) {
            double p = (which ? cls[k].feel : cls[k].hear) / 100.0;
            long got = which ? feel : hear;
            if (p == 0) {
                CHECK_EQ_INT(got, 0);
                continue;
            }
            double mean = n * p, sd = sqrt(n * p * (1 - p));
            double z = (got - mean) / sd;
            CHECK(fabs(z) < 3.29); /* two-sided p > 0.001 */
            /* power: a 5-point error in the table would be more than 10 sd away */
            CHECK(fabs(got - n * (p + 0.05)) / sd > 10);
        }
        /* Hearing and feeling are independent. */
        if (cls[k].feel > 0) {
            double p = cls[k].hear * cls[k].feel / 10000.0, sd = sqrt(n * p * (1 - p));
            CHECK(fabs(both - n * p) / sd < 3.29);
        }
    }
}

TEST(sim_a_move_outside_the_rules_has_no_flat_action) {
    /* The simulator's flat actions are 3 * direction + type (12 of them); an action read from a
     * replay or from arena_action_from_json with a direction or a type out of range is none of
     * them (-1), whichever seat asks, never an index outside the space. */
    chk_state st;
    position(&st, CHK_SQ(3, 3), CHK_SQ(4, 3));
    for (int seat = 0; seat < 2; seat++) {
        chk_view v;
        chk_view_of(&st, seat, &v);
        static const chk_action bad[] = {{-1, 0}, {4, 0}, {4, 2}, {0, -1}, {0, 3}, {-1, 3}};
        for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) CHECK_EQ_INT(G->sim->index(&v, NULL, &bad[i]), -1);
        chk_action up_egg = {CHK_UP, CHK_EGG};
        CHECK_EQ_INT(G->sim->index(&v, NULL, &up_egg), 3 * CHK_UP + CHK_EGG);
    }
}

int main(void) {
    RUN(rule01_board_is_8x8_x_column_y_row);
    RUN(rule02_directions_and_move_types_in_their_order);
    RUN(rule03_colours_a_white_b_black_corners);
    RUN(rule04_colours_by_seed_or_fixed);
    RUN(rule05_spawns_same_row_opposite_edges);
    RUN(rule06_door_weights_total_20_centre_only);
    RUN(rule07_initial_state);
    RUN(rule08_rng_draw_order);
    RUN(rule08_same_seed_same_setup);
    RUN(rule09_alternating_plies_at_most_80);
    RUN(rule10_sensor_table);
    RUN(rule10_four_draws_always_even_at_zero_probability);
    RUN(rule10_sensed_at_the_new_square_after_a_return);
    RUN(rule11_checks_run_in_order_with_their_labels);
    RUN(rule11_legal_mask_agrees_with_the_checks);
    RUN(rule12_enumeration_order);
    RUN(rule13_egg_turd_step);
    RUN(rule13_corner_egg_gives_3);
    RUN(rule13_trapdoor_returns_mover_and_gives_opponent_4);
    RUN(rule13_found_trapdoor_fires_again);
    RUN(rule13_blocked_opponent_gives_mover_5);
    RUN(rule13_blocked_check_skipped_when_blocked_side_has_no_moves_left);
    RUN(rule13_both_out_of_moves_ends_by_eggs);
    RUN(rule14_end_reasons_named_like_the_original);
    RUN(rule15_more_eggs_wins_equal_is_tie);
    RUN(rule16_seat_failure_loses_whatever_the_eggs);
    RUN(rule16_failed_init_of_both_is_a_tie);
    RUN(Q1_entering_an_opponent_turd_is_illegal);
    RUN(Q2a_fall_while_opponent_stands_on_the_spawn);
    RUN(Q2b_fall_when_the_spawn_is_next_to_an_opponent_turd);
    RUN(Q3_a_fall_on_ply_80_still_counts);
    RUN(Q4_blocked_check_runs_after_the_return);
    RUN(Q5_sensors_at_the_start_of_each_turn);
    RUN(Q6_Q7_empty_bank_or_no_reply_is_a_timeout_loss);
    RUN(Q8_unknown_move_type_or_direction_is_invalid_turn);
    RUN(Q9_an_illegal_move_on_ply_1_is_scored);
    RUN(table_rng_is_the_seeded_match_rng);
    RUN(D3_spawn_blocked_is_its_own_reason);
    RUN(D5_found_trapdoor_stays_live);
    RUN(D11_coordinate_lists_in_reading_order);
    RUN(options_spawn_and_doors_validated);
    RUN(vectors_scenarios_reproduce_ply_by_ply);
    RUN(vectors_legality_positions_answer_as_recorded);
    RUN(vectors_checker_names_the_first_difference);
    RUN(distribution_spawn_rows_uniform_over_1_to_6);
    RUN(distribution_door_marginals_02_and_01);
    RUN(distribution_sensor_frequencies_by_distance);
    RUN(sim_a_move_outside_the_rules_has_no_flat_action);
    RUN(validate_names_the_check_and_its_square);
    RUN(setup_refuses_any_seat_count_but_two);
    RUN(a_late_reply_is_scored_as_a_timeout);
    return T_DONE();
}
