/* test_splitter.c: Splitter R1-R10, the line handling (P5.3), the protocol messages (P5.1), the
 * starter kit's parser, the bots (S10: greedy's exact values and acceptance figures), records, drawing
 * (S9) and .NET number formatting (D7). Each test is named after the rule it checks, whose words
 * stand above it (docs/games/splitter.md). */
#include "t.h"
#include "core/dotnet_format.h"
#include "core/jw.h"
#include "games/splitter/spl.h"
#include "games/splitter/spl_bb.h"
#include <jansson.h>
#include <math.h>

static int32_t hash(const char *s) { return dotnet_custom_hash_utf8(s, strlen(s)); }

static spl_layout grid(int w, int h, const char *rows) {
    spl_layout L;
    memset(&L, 0, sizeof L);
    L.w = w, L.h = h;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) L.code[y][x] = (int8_t)(rows[y * w + x] - '0');
    return L;
}

static void fill(int8_t s[SPL_MAXH][SPL_MAXW], int w, int h, const char *rows) {
    memset(s, 0, sizeof(int8_t) * SPL_MAXH * SPL_MAXW);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) s[y][x] = (int8_t)(rows[y * w + x] - '0');
}

static int score_of(const spl_layout *L, const char *rows) {
    int8_t s[SPL_MAXH][SPL_MAXW];
    fill(s, L->w, L->h, rows);
    spl_score sc;
    spl_score_sheet(L, s, &sc);
    return sc.total;
}

/* ---------- rules ---------- */

/* Splitter R1: A cell is (x, y): x the column from the left, y the row from the top, both from 0. */
TEST(R1_cells_are_x_column_y_row) {
    /* (0,3) is the left star of layout 1: column 0, row 3 from the top. */
    CHECK_EQ_INT(SPL_LAYOUT1.code[3][0], SPL_STAR);
    CHECK_EQ_INT(SPL_LAYOUT1.code[0][2], SPL_NORMAL);
    CHECK_EQ_INT(SPL_LAYOUT1.code[2][0], SPL_NORMAL);
    CHECK_EQ_INT(SPL_LAYOUT1.code[0][0], SPL_BLANK);
}

/* Splitter R2: Both layouts are 8 × 7 with 44 fillable cells; layout 1 has stars at (0,3) and (7,3) and no
 * hearts, layout 2 stars at (1,6) and (6,6) and hearts at (6,0), (1,2) and (4,4): */
TEST(R2_two_layouts_as_printed) {
    const spl_layout *L1 = spl_layout_by_number(1), *L2 = spl_layout_by_number(2);
    CHECK(L1 == &SPL_LAYOUT1 && L2 == &SPL_LAYOUT2);
    CHECK(spl_layout_by_number(0) == L2 && spl_layout_by_number(7) == L2 && spl_layout_by_number(-1) == L2);
    CHECK_EQ_INT(L1->w, 8);
    CHECK_EQ_INT(L1->h, 7);
    CHECK_EQ_INT(spl_fillable(L1), 44);
    CHECK_EQ_INT(spl_fillable(L2), 44);
    int stars1 = 0, hearts1 = 0, stars2 = 0, hearts2 = 0;
    for (int y = 0; y < 7; y++)
        for (int x = 0; x < 8; x++) {
            stars1 += L1->code[y][x] == SPL_STAR, hearts1 += L1->code[y][x] == SPL_HEART;
            stars2 += L2->code[y][x] == SPL_STAR, hearts2 += L2->code[y][x] == SPL_HEART;
            /* fillable cells and stars are mirror-symmetric */
            CHECK((L1->code[y][x] != SPL_BLANK) == (L1->code[y][7 - x] != SPL_BLANK));
            CHECK((L2->code[y][x] != SPL_BLANK) == (L2->code[y][7 - x] != SPL_BLANK));
            CHECK((L1->code[y][x] == SPL_STAR) == (L1->code[y][7 - x] == SPL_STAR));
            CHECK((L2->code[y][x] == SPL_STAR) == (L2->code[y][7 - x] == SPL_STAR));
        }
    CHECK_EQ_INT(stars1, 2);
    CHECK_EQ_INT(hearts1, 0);
    CHECK_EQ_INT(stars2, 2);
    CHECK_EQ_INT(hearts2, 3);
    CHECK(L1->code[3][0] == SPL_STAR && L1->code[3][7] == SPL_STAR);
    CHECK(L2->code[6][1] == SPL_STAR && L2->code[6][6] == SPL_STAR);
    CHECK(L2->code[0][6] == SPL_HEART && L2->code[2][1] == SPL_HEART && L2->code[4][4] == SPL_HEART);
}

/* Splitter D9: The layouts are kept as printed, asymmetric hearts included. */
TEST(D9_hearts_are_not_mirrored) {
    CHECK_EQ_INT(SPL_LAYOUT2.code[0][1], SPL_NORMAL); /* mirror of the heart (6,0) */
    CHECK_EQ_INT(SPL_LAYOUT2.code[2][6], SPL_NORMAL); /* mirror of (1,2) */
    CHECK_EQ_INT(SPL_LAYOUT2.code[4][3], SPL_NORMAL); /* mirror of (4,4) */
}

static spl_state start_hello(int layout, int g) {
    spl_state st;
    spl_start(&st, spl_layout_by_number(layout), layout, hash("HelloWorld"), g);
    return st;
}

/* Splitter R4: if legal, v goes to (x, y) and the other die to the mirror cell (the other die is d2 when v
 * = d1, else d1; a double writes the same value twice). */
TEST(R3_R4_the_other_die_goes_to_the_mirror) {
    spl_state st = start_hello(1, 0); /* first roll 6 5 */
    CHECK(st.d1 == 6 && st.d2 == 5);
    spl_action a = {5, 1, 2}; /* the second die: the first goes to the mirror */
    CHECK_EQ_INT(spl_check(&st, &a, NULL), 0);
    spl_place(&st, &a);
    CHECK_EQ_INT(st.sheet[2][1], 5);
    CHECK_EQ_INT(st.sheet[2][6], 6);
    CHECK_EQ_INT(st.round, 1);
    /* either half: a placement on the right half puts v on the right (roll 3 4) */
    spl_action b = {3, 6, 1};
    CHECK(st.d1 == 3 && st.d2 == 4);
    CHECK_EQ_INT(spl_check(&st, &b, NULL), 0);
    spl_place(&st, &b);
    CHECK_EQ_INT(st.sheet[1][6], 3);
    CHECK_EQ_INT(st.sheet[1][1], 4);
    /* nothing is mirrored up and down */
    int filled = 0;
    for (int y = 0; y < 7; y++)
        for (int x = 0; x < 8; x++) filled += st.sheet[y][x] != 0;
    CHECK_EQ_INT(filled, 4);
}

/* Splitter R4: a double writes the same value twice */
TEST(R4_a_double_writes_the_same_value_twice) {
    spl_state st = start_hello(1, 0);
    st.d1 = st.d2 = 4;
    spl_action a = {4, 2, 0};
    spl_place(&st, &a);
    CHECK(st.sheet[0][2] == 4 && st.sheet[0][5] == 4);
}

/* Splitter R5: Legality, checked in this order; the first failure decides and its text is the original's: */
TEST(R5_checks_in_order_with_the_original_messages) {
    spl_state st = start_hello(1, 0); /* roll 6 5 */
    buf_t why;
    buf_init(&why);
    struct { spl_action a; int rule; const char *msg; } C[] = {
        {{4, 99, 99}, 1, "4 was not rolled please try again!"},  /* the value is checked first */
        {{6, 8, 0}, 2, "Index was outside the bounds of the array."},
        {{6, -1, 2}, 2, "Index was outside the bounds of the array."},
        {{6, 2, 7}, 2, "Index was outside the bounds of the array."},
        {{5, 0, 0}, 3, "Can't place, tile blank / non-placeable place: 0,0"},
        {{6, 7, 6}, 3, "Can't place, tile blank / non-placeable place: 7,6"},
    };
    for (size_t i = 0; i < sizeof C / sizeof C[0]; i++) {
        buf_reset(&why);
        CHECK_EQ_INT(spl_check(&st, &C[i].a, &why), C[i].rule);
        CHECK_EQ_STR(buf_cstr(&why), C[i].msg);
    }
    spl_action ok = {6, 2, 0};
    spl_place(&st, &ok); /* 6 at (2,0), 5 at (5,0); roll 3 4 */
    spl_action again = {3, 5, 0};
    buf_reset(&why);
    CHECK_EQ_INT(spl_check(&st, &again, &why), 4);
    CHECK_EQ_STR(buf_cstr(&why), "Can't place on invalid tile it already has something place: 5,0 value: 5");
    buf_free(&why);
}

/* Splitter R5: the first failure decides and its text is the original's */
TEST(R5_a_failed_check_changes_nothing) {
    spl_state st = start_hello(1, 0), before = st;
    spl_action bad = {6, 0, 0};
    CHECK(spl_check(&st, &bad, NULL) != 0);
    CHECK(memcmp(&st, &before, sizeof st) == 0);
}

/* Splitter R6: After the 22nd legal placement nothing more is sent. */
TEST(R6_R7_22_placements_22_rolls_then_over) {
    spl_state st = start_hello(2, 1);
    int placed = 0;
    for (int y = 0; y < 7 && !st.over; y++)
        for (int x = 0; x < 4 && !st.over; x++) {
            if (!st.L.code[y][x]) continue;
            spl_action a = {st.d2, x, y};
            CHECK_EQ_INT(spl_check(&st, &a, NULL), 0);
            spl_place(&st, &a);
            placed++;
        }
    CHECK_EQ_INT(placed, 22);
    CHECK(st.over);
    CHECK(st.d1 == 0 && st.d2 == 0);
    CHECK_EQ_INT(st.rounds, 22);
}

/* Splitter R7: The dice depend only on (S, g), never on the bot, so every bot meets the same rolls. */
TEST(R7_dice_depend_on_seed_and_game_only) {
    static const int E[3][22][2] = {
        {{6, 5}, {3, 4}, {2, 5}, {2, 6}, {6, 4}, {5, 4}, {3, 2}, {5, 5}, {3, 6}, {1, 4}, {5, 4},
         {4, 5}, {2, 3}, {3, 4}, {2, 2}, {4, 6}, {6, 6}, {6, 3}, {2, 3}, {2, 4}, {4, 2}, {2, 2}},
        {{3, 1}, {1, 5}, {4, 4}, {5, 3}, {1, 6}, {3, 3}, {1, 6}, {3, 3}, {6, 4}, {1, 6}, {6, 5},
         {5, 1}, {3, 1}, {2, 1}, {3, 1}, {6, 2}, {3, 6}, {2, 3}, {1, 1}, {3, 2}, {2, 4}, {6, 3}},
        {{6, 3}, {5, 1}, {1, 4}, {1, 6}, {1, 2}, {1, 1}, {5, 3}, {2, 6}, {2, 2}, {1, 2}, {6, 1},
         {6, 3}, {3, 5}, {1, 5}, {5, 5}, {3, 3}, {5, 1}, {4, 3}, {6, 5}, {4, 5}, {1, 5}, {3, 3}},
    };
    for (int g = 0; g < 3; g++)
        for (int order = 0; order < 2; order++) {
            spl_state st = start_hello(order ? 2 : 1, g);
            for (int r = 0; r < 22; r++) {
                CHECK(st.d1 == E[g][r][0] && st.d2 == E[g][r][1]);
                /* play differently: first free left cell (order 0) or last (order 1), either die */
                spl_action a = {r % 2 ? st.d2 : st.d1, -1, -1};
                for (int k = 0; k < 28; k++) {
                    int idx = order ? 27 - k : k, x = idx % 4, y = idx / 4;
                    if (st.L.code[y][x] && !st.sheet[y][x]) {
                        a.x = x, a.y = y;
                        break;
                    }
                }
                spl_place(&st, &a);
            }
            CHECK(st.over);
        }
    /* wrapping addition: CustomHash + g over INT32_MAX */
    spl_state st;
    spl_start(&st, &SPL_LAYOUT1, 1, INT32_MAX, 1);
    dotnet_random r;
    dotnet_random_init(&r, INT32_MIN);
    CHECK(st.d1 == dotnet_random_next(&r, 1, 7) && st.d2 == dotnet_random_next(&r, 1, 7));
}

/* Splitter R9: A group of exactly v cells scores v (a lone 1 scores 1); larger and smaller groups score
 * nothing. */
TEST(R9_scoring_examples) {
    /* GAME.md's example sheet: 7 points */
    CHECK_EQ_INT(score_of(&SPL_LAYOUT1, "00245100" "01333110" "56111155" "31166354" "11116555" "01112250" "00166100"), 7);
    /* WeirdGrid: four 4s over two stars are doubled once: 4*2 + 2 (two 2s on hearts) + 5 (hearts) */
    spl_layout weird = grid(2, 3, "33" "11" "22");
    CHECK_EQ_INT(score_of(&weird, "22" "44" "44"), 15);
    /* a lone 1 on a star: 2 */
    spl_layout one = grid(1, 1, "2");
    CHECK_EQ_INT(score_of(&one, "1"), 2);
    /* groups too large or too small score nothing; no diagonals */
    spl_layout row = grid(5, 2, "11111" "11111");
    CHECK_EQ_INT(score_of(&row, "22200" "00000"), 0);
    CHECK_EQ_INT(score_of(&row, "20200" "02000"), 0);
    CHECK_EQ_INT(score_of(&row, "22000" "00033"), 2);
    /* no wrap-around: (4,0) and (0,0) are not neighbours */
    CHECK_EQ_INT(score_of(&row, "20002" "00000"), 0);
}

/* Splitter R9.4: If every heart holds the same v, add 5 (layout 1 has no hearts). */
TEST(R9_hearts_bonus_needs_every_heart_equal) {
    spl_layout L = grid(6, 3, "011110" "311311" "011110");
    CHECK_EQ_INT(score_of(&L, "066660" "411423" "066660"), 5);
    CHECK_EQ_INT(score_of(&L, "066660" "411523" "066660"), 0);
    /* layout 1 has no hearts: never the bonus */
    int8_t s[SPL_MAXH][SPL_MAXW];
    memset(s, 0, sizeof s);
    spl_score sc;
    spl_score_sheet(&SPL_LAYOUT1, s, &sc);
    CHECK_EQ_INT(sc.hearts, 0);
    CHECK_EQ_INT(sc.total, 0);
}

/* Splitter R9: Scoring, summed over the values v = 1..6: */
TEST(R9_breakdown_as_the_tester_prints_it) {
    int8_t s[SPL_MAXH][SPL_MAXW];
    fill(s, 8, 7, "00332400" "05236350" "22214265" "66623345" "44443555" "06222440" "00624600");
    spl_score sc;
    spl_score_sheet(&SPL_LAYOUT1, s, &sc);
    CHECK_EQ_INT(sc.groups[1], 1);
    CHECK_EQ_INT(sc.groups[3], 6);
    CHECK_EQ_INT(sc.groups[4], 4);
    CHECK_EQ_INT(sc.groups[5], 5);
    CHECK_EQ_INT(sc.stars[5], 1);
    CHECK_EQ_INT(sc.total, 21);
}

/* The original's placement tests on the small layouts: rounds = fillable / 2; a filled cell
 * cannot be filled again; filling the 2x3 layout with 1s scores 5 from the hearts alone. */
/* Splitter R4: Cells fill in mirror pairs, so only (x, y) is checked. */
TEST(R4_R9_placement_on_small_layouts) {
    spl_layout weird = grid(2, 3, "33" "11" "22");
    spl_state st;
    spl_start(&st, &weird, 0, 42, 0);
    CHECK_EQ_INT(st.rounds, 3);
    for (int y = 0; y < 3; y++) {
        st.d1 = st.d2 = 1;
        spl_action a = {1, 0, y};
        CHECK_EQ_INT(spl_check(&st, &a, NULL), 0);
        spl_place(&st, &a);
        if (y == 0) {
            st.d1 = st.d2 = 1;
            CHECK_EQ_INT(spl_check(&st, &a, NULL), 4);
            spl_action m = {1, 1, 0};
            CHECK_EQ_INT(spl_check(&st, &m, NULL), 4); /* the mirror cell is filled too */
        }
    }
    CHECK(st.over);
    CHECK_EQ_INT(spl_total(&st), 5);
    spl_layout hearts = grid(6, 3, "011110" "311311" "011110");
    spl_start(&st, &hearts, 0, 42, 0);
    CHECK_EQ_INT(st.rounds, 7);
}

/* Splitter R10: The score, an integer ≥ 0; a game that ends early by a failure scores 0. */
TEST(R10_a_failure_scores_zero) {
    spl_state st = start_hello(1, 0);
    spl_action a = {6, 0, 3};
    spl_place(&st, &a);
    spl_fail(&st, VERDICT_DOWN, CAUSE_HARD, 0, 0, NULL);
    CHECK(st.over);
    CHECK_EQ_INT(spl_total(&st), 0);
}

/* ---------- the protocol ---------- */

/* Splitter P5.1: W H R (8 7 22), then H lines of W cell codes separated by single spaces, then the first
 * roll d1 d2. */
TEST(P5_1_first_message_header_layout_roll) {
    spl_state st = start_hello(2, 0);
    spl_view v;
    spl_view_of(&st, &v);
    buf_t b;
    buf_init(&b);
    spl_encode_view(&v, &b);
    CHECK_EQ_STR(buf_cstr(&b), "8 7 22\n"
                               "1 1 1 0 0 1 3 1\n1 1 1 1 1 1 1 1\n0 3 1 1 1 1 1 0\n0 1 1 0 0 1 1 0\n"
                               "0 1 1 1 3 1 1 0\n1 1 1 1 1 1 1 1\n1 2 1 0 0 1 2 1\n6 5\n");
    spl_action a = {6, 0, 0};
    spl_place(&st, &a);
    spl_view_of(&st, &v);
    buf_reset(&b);
    spl_encode_view(&v, &b);
    CHECK_EQ_STR(buf_cstr(&b), "3 4\n"); /* later messages: the roll alone, no marker */
    buf_free(&b);
}

static spl_line_kind parse(const char *line, spl_action *a, char *why, spl_exception *exc) {
    buf_t b;
    buf_init(&b);
    spl_line_kind k = spl_parse_line(line, strlen(line), a, exc, &b);
    snprintf(why, 200, "%s", buf_cstr(&b));
    buf_free(&b);
    return k;
}

/* Splitter P5.3: Commas become spaces; the line is split at every single space (two spaces give an empty
 * field; a leading space an empty first field; tabs do not separate). */
TEST(P5_3_placements_as_the_original_parsed_them) {
    static const struct { const char *line; int v, x, y; } P[] = {
        {"4 2 1", 4, 2, 1},   {"4,2,1", 4, 2, 1},        {"+4 2 1", 4, 2, 1}, {"04 2 1", 4, 2, 1},
        {"4 2 1 extra", 4, 2, 1}, {"4 2 1 9", 4, 2, 1}, {"4 -3 +7", 4, -3, 7}, {"-2 0 0", -2, 0, 0},
        {"4 2 1 ", 4, 2, 1},  {"4 2\t 1", 4, 2, 1}, {"4\t 2 1", 4, 2, 1}, {"0 0 0", 0, 0, 0},
        {"2147483647 -2147483648 0", 2147483647, INT32_MIN, 0},
    };
    for (size_t i = 0; i < sizeof P / sizeof P[0]; i++) {
        spl_action a;
        char why[200];
        spl_exception e;
        CHECK_EQ_INT(parse(P[i].line, &a, why, &e), SPL_LINE_PLACE);
        CHECK(a.v == P[i].v && a.x == P[i].x && a.y == P[i].y);
    }
    /* a trailing NUL is tolerated, as .NET tolerates it */
    spl_action a;
    spl_exception e;
    CHECK_EQ_INT(spl_parse_line("4 2 1\0\0", 7, &a, &e, NULL), SPL_LINE_PLACE);
    CHECK(a.y == 1);
}

/* Splitter P5.3: If the first field is not an integer, or is -1 (-01 too), the line is skipped: Input not
 * a number skipping!; the same dice stay current and the clock keeps running. */
TEST(P5_3_skipped_lines) {
    static const char *S[] = {"", " 4 2 1", "-1 2 1", "-01 2 1", "4\t2\t1", "abc", "4x 2 1",
                              "2147483648 0 0", ",4 2 1", "++4 2 1", "4.0 2 1", "\xef\xbc\x94 2 1"};
    for (size_t i = 0; i < sizeof S / sizeof S[0]; i++) {
        spl_action a;
        char why[200];
        spl_exception e;
        CHECK_EQ_INT(parse(S[i], &a, why, &e), SPL_LINE_SKIP);
        CHECK_EQ_STR(why, "Input not a number skipping!");
    }
}

/* Splitter P5.3: Fields two and three must exist and be integers, else the line is malformed, with the
 * .NET exception message: */
TEST(P5_3_D3_malformed_lines_and_their_exceptions) {
    static const struct { const char *line; spl_exception e; const char *msg; } M[] = {
        {"4", SPL_EXC_INDEX, "Index was outside the bounds of the array."},
        {"4 2", SPL_EXC_INDEX, "Index was outside the bounds of the array."},
        {"4, 2, 1", SPL_EXC_FORMAT, "The input string '' was not in a correct format."},
        {"4  2 1", SPL_EXC_FORMAT, "The input string '' was not in a correct format."},
        {"4 x 1", SPL_EXC_FORMAT, "The input string 'x' was not in a correct format."},
        {"4 2 y", SPL_EXC_FORMAT, "The input string 'y' was not in a correct format."},
        {"4 x", SPL_EXC_FORMAT, "The input string 'x' was not in a correct format."}, /* x before y */
        {"4 2 ", SPL_EXC_FORMAT, "The input string '' was not in a correct format."},
        {"4 2 99999999999", SPL_EXC_OVERFLOW, "Value was either too large or too small for an Int32."},
        {"4 -2147483649 0", SPL_EXC_OVERFLOW, "Value was either too large or too small for an Int32."},
        {"4 2 1.5", SPL_EXC_FORMAT, "The input string '1.5' was not in a correct format."},
    };
    for (size_t i = 0; i < sizeof M / sizeof M[0]; i++) {
        spl_action a;
        char why[200];
        spl_exception e;
        CHECK_EQ_INT(parse(M[i].line, &a, why, &e), SPL_LINE_MALFORMED);
        CHECK_EQ_INT(e, M[i].e);
        CHECK_EQ_STR(why, M[i].msg);
    }
    CHECK_EQ_STR(spl_exception_name(SPL_EXC_FORMAT), "System.FormatException");
    CHECK_EQ_STR(spl_exception_name(SPL_EXC_INDEX), "System.IndexOutOfRangeException");
    CHECK_EQ_STR(spl_exception_name(SPL_EXC_OVERFLOW), "System.OverflowException");
}

/* Splitter P5.3: only the first 4096 bytes of a line are used */
TEST(P5_3_only_the_first_4096_bytes_count) {
    char line[6000];
    memset(line, ' ', sizeof line);
    memcpy(line, "4 2 1", 5);
    memcpy(line + 4096, "x", 1); /* beyond the limit: not part of the third field */
    spl_action a;
    spl_exception e;
    /* "1" followed by spaces up to byte 4096 is the field "1" followed by empty fields */
    CHECK_EQ_INT(spl_parse_line(line, sizeof line, &a, &e, NULL), SPL_LINE_PLACE);
    char bad[5000];
    memset(bad, '7', sizeof bad);
    memcpy(bad, "4 2 ", 4);
    CHECK_EQ_INT(spl_parse_line(bad, sizeof bad, &a, &e, NULL), SPL_LINE_MALFORMED);
    CHECK_EQ_INT(e, SPL_EXC_OVERFLOW);
}

/* Splitter P5.1: The bot keeps its own copy of the sheet (and writes the other die on the mirror cell
 * itself). */
TEST(P5_kit_parser_reads_header_layout_and_rolls) {
    spl_kit k;
    memset(&k, 0, sizeof k);
    spl_view v;
    const char *lines[] = {"8 7 22", "0 0 1 1 1 1 0 0", "0 1 1 1 1 1 1 0", "1 1 1 1 1 1 1 1",
                           "2 1 1 1 1 1 1 2", "1 1 1 1 1 1 1 1", "0 1 1 1 1 1 1 0", "0 0 1 1 1 1 0 0"};
    for (int i = 0; i < 8; i++) CHECK_EQ_INT(spl_kit_parse(&k, lines[i], strlen(lines[i]), &v), KIT_MORE);
    CHECK_EQ_INT(spl_kit_parse(&k, "6 5", 3, &v), KIT_VIEW);
    CHECK(v.w == 8 && v.h == 7 && v.rounds == 22 && v.round == 0 && v.d1 == 6 && v.d2 == 5);
    CHECK(memcmp(v.code, SPL_LAYOUT1.code, sizeof v.code) == 0);
    CHECK_EQ_INT(spl_kit_parse(&k, "3 4\r", 4, &v), KIT_VIEW);
    CHECK(v.round == 1 && v.d1 == 3 && v.d2 == 4);
    CHECK_EQ_INT(spl_kit_parse(&k, "3 x", 3, &v), KIT_ERROR);
    CHECK_EQ_INT(spl_kit_parse(&k, "7 1", 3, &v), KIT_ERROR);
    /* what the referee sends is what the kit reads */
    spl_state st = start_hello(2, 0);
    spl_view sent, got;
    spl_view_of(&st, &sent);
    buf_t b;
    buf_init(&b);
    spl_encode_view(&sent, &b);
    spl_kit k2;
    memset(&k2, 0, sizeof k2);
    const char *p = b.data;
    int last = KIT_MORE;
    while (*p) {
        const char *nl = strchr(p, '\n');
        last = spl_kit_parse(&k2, p, (size_t)(nl - p), &got);
        p = nl + 1;
    }
    CHECK_EQ_INT(last, KIT_VIEW);
    CHECK(memcmp(&sent, &got, sizeof sent) == 0);
    buf_free(&b);
}

/* Splitter P5.1: After every legal placement except the 22nd: the next roll. */
TEST(P5_bot_record_writes_the_pair_when_the_next_roll_comes) {
    spl_track t;
    memset(&t, 0, sizeof t);
    spl_state st = start_hello(1, 0);
    spl_view v;
    spl_view_of(&st, &v);
    spl_track_update(&t, &v);
    spl_action a = {5, 0, 3};
    spl_track_answer(&t, &v, &a);
    CHECK_EQ_INT(t.sheet[3][0], 0); /* not yet: the placement may have been illegal */
    spl_place(&st, &a);
    spl_view_of(&st, &v);
    spl_track_update(&t, &v);
    CHECK(memcmp(t.sheet, st.sheet, sizeof t.sheet) == 0);
}

/* ---------- bots ---------- */

/* spl_delta6 is exactly the difference of the from-scratch 6E: over many random sheets. */
/* Splitter S10: Computed exactly as 6E in integers, from per-candidate differences
 * (src/games/splitter/spl_bb.c) */
TEST(S10_greedy_delta_equals_the_value_difference) {
    rng_t r;
    rng_seed(&r, 99, 0);
    int checked = 0;
    for (int trial = 0; trial < 3000; trial++) {
        const spl_layout *L = spl_layout_by_number(trial % 2 ? 2 : 1);
        spl_geo g;
        CHECK(spl_geo_init(&g, L->w, L->h, L->code));
        spl_bb b;
        int8_t sheet[SPL_MAXH][SPL_MAXW];
        memset(sheet, 0, sizeof sheet);
        spl_bb_from_sheet(&g, sheet, &b);
        int fills = (int)rng_below(&r, 22);
        for (int k = 0; k < fills; k++) {
            int i = g.left[rng_below(&r, (uint32_t)g.ncells_left)];
            if (!(b.val[0] & (1ULL << i))) continue;
            spl_bb_pair(&g, &b, i, 1 + (int)rng_below(&r, trial % 3 ? 4 : 6), 1 + (int)rng_below(&r, 6));
        }
        spl_groups gr;
        spl_groups_build(&g, &b, &gr);
        int base = spl_bb_value6(&g, &b);
        for (int k = 0; k < g.ncells_left; k++) {
            int i = g.left[k];
            if (!(b.val[0] & (1ULL << i))) continue;
            int a = 1 + (int)rng_below(&r, 6), o = 1 + (int)rng_below(&r, 6);
            spl_bb after = b;
            spl_bb_pair(&g, &after, i, a, o);
            CHECK_EQ_INT(spl_delta6(&g, &b, &gr, i, a, o), spl_bb_value6(&g, &after) - base);
            checked++;
        }
        /* the fast exact score agrees with the reference scorer */
        for (int y = 0; y < 7; y++)
            for (int x = 0; x < 8; x++) sheet[y][x] = b.cell[y * 8 + x];
        spl_score sc;
        spl_score_sheet(L, sheet, &sc);
        CHECK_EQ_INT(spl_bb_score(&g, &b), sc.total);
        CHECK_EQ_INT(spl_bb_sheet_score(L->w, L->h, L->code, sheet), sc.total); /* spl_total's path */
    }
    printf("# %d candidate deltas checked\n", checked);
}

/* spl_bb_sheet_score (the simulator's scorer of every game it ends) equals the reference scorer on
 * sheets of any values 0..6 in any cell, not only the mirrored pairs of a game: both layouts and
 * random layouts of every shape up to 64 cells, every cell code, heart groups of any value. */
TEST(R9_mask_scorer_equals_the_reference_on_random_sheets) {
    rng_t r;
    rng_seed(&r, 7, 0);
    int checked = 0, scored = 0;
    for (int trial = 0; trial < 6000; trial++) {
        spl_layout L;
        if (trial % 3 == 2) {
            memset(&L, 0, sizeof L);
            L.w = 1 + (int)rng_below(&r, 16);
            L.h = 1 + (int)rng_below(&r, (uint32_t)(64 / L.w < 16 ? 64 / L.w : 16));
            for (int y = 0; y < L.h; y++)
                for (int x = 0; x < L.w; x++) L.code[y][x] = (int8_t)rng_below(&r, 4);
        } else {
            L = *spl_layout_by_number(1 + trial % 3);
        }
        int8_t sheet[SPL_MAXH][SPL_MAXW];
        memset(sheet, 0, sizeof sheet);
        /* mostly few values (groups form), sometimes all seven, sometimes one value everywhere */
        uint32_t kinds = trial % 4 == 0 ? 7 : trial % 4 == 1 ? 3 : 2;
        int8_t only = (int8_t)(1 + trial % 6);
        for (int y = 0; y < L.h; y++)
            for (int x = 0; x < L.w; x++)
                sheet[y][x] = trial % 11 == 0 ? only : (int8_t)((rng_below(&r, kinds) + (uint32_t)trial) % 7);
        spl_score sc;
        spl_score_sheet(&L, sheet, &sc);
        CHECK_EQ_INT(spl_bb_sheet_score(L.w, L.h, L.code, sheet), sc.total);
        if (t_failed_now) {
            printf("# trial %d: %dx%d\n", trial, L.w, L.h);
            return;
        }
        checked++;
        scored += sc.total > 0;
    }
    printf("# %d sheets, %d with points\n", checked, scored);
    CHECK(scored > 1000);
}

/* Plays one game with a built-in bot on the HelloWorld dice, as the referee would. */
static int play(const char *bot, int layout, int g, uint64_t seed) {
    const game_bot *b = game_find_bot(&game_splitter, bot);
    spl_state st;
    spl_start(&st, spl_layout_by_number(layout), layout, hash("HelloWorld"), g);
    void *mem = calloc(1, b->memory_size);
    rng_t r;
    rng_seed(&r, seed, RNG_STREAM_BOT);
    while (!st.over) {
        spl_view v;
        spl_view_of(&st, &v);
        spl_action a;
        b->act(mem, &v, &a, &r);
        if (spl_check(&st, &a, NULL) != 0) {
            free(mem);
            return -1;
        }
        spl_place(&st, &a);
    }
    free(mem);
    return spl_total(&st);
}

/* Splitter S10.1: greedy with --seed HelloWorld scores 21, 27, 23 on layout 1 and 29, 31, 34 on layout 2 */
TEST(S10_greedy_acceptance_helloworld) {
    CHECK_EQ_INT(play("greedy", 1, 0, 1), 21);
    CHECK_EQ_INT(play("greedy", 1, 1, 1), 27);
    CHECK_EQ_INT(play("greedy", 1, 2, 1), 23);
    CHECK_EQ_INT(play("greedy", 2, 0, 1), 29);
    CHECK_EQ_INT(play("greedy", 2, 1, 1), 31);
    CHECK_EQ_INT(play("greedy", 2, 2, 1), 34);
}

/* Splitter S10: random | the C# Example: a uniformly random free cell anywhere, d1 there, d2 on its mirror */
TEST(S10_sample_bots_always_play_legal_moves) {
    for (uint64_t s = 0; s < 40; s++) {
        CHECK(play("random", 1 + (int)(s % 2), (int)s, s) >= 0);
        CHECK(play("random_left", 1 + (int)(s % 2), (int)s, s) >= 0);
    }
    CHECK(play("search", 2, 0, 7) >= 0);
}

/* random picks over the whole sheet and answers d1; random_left only the left half. */
/* Splitter S10: random_left | the TypeScript example: the same over the left half only, always the first
 * die */
TEST(S10_random_and_random_left_choices) {
    spl_state st = start_hello(1, 0);
    spl_view v;
    spl_view_of(&st, &v);
    const game_bot *r = game_find_bot(&game_splitter, "random"), *rl = game_find_bot(&game_splitter, "random_left");
    int right = 0, left_right = 0;
    rng_t rng;
    rng_seed(&rng, 5, 0);
    for (int i = 0; i < 400; i++) {
        void *m1 = calloc(1, r->memory_size), *m2 = calloc(1, rl->memory_size);
        spl_action a, b;
        r->act(m1, &v, &a, &rng);
        rl->act(m2, &v, &b, &rng);
        CHECK(a.v == 6 && b.v == 6);
        CHECK(spl_check(&st, &a, NULL) == 0 && spl_check(&st, &b, NULL) == 0);
        right += a.x >= 4;
        left_right += b.x >= 4;
        free(m1);
        free(m2);
    }
    CHECK(right > 120 && right < 280); /* half the cells are on the right */
    CHECK_EQ_INT(left_right, 0);
}

/* The last roll (1 and 2) on a 5/6 checkerboard (single cells score nothing) with (2,0) and its
 * mirror (5,0) empty and a 2 under (2,0): 1 at (2,0) scores 1 (a lone 1); 2 at (2,0) makes a pair
 * of 2s and puts the lone 1 at (5,0): 3. */
static spl_state last_roll_position(void) {
    spl_state st = start_hello(1, 0);
    for (int y = 0; y < 7; y++)
        for (int x = 0; x < 8; x++)
            if (st.L.code[y][x]) st.sheet[y][x] = (int8_t)((x + y) % 2 ? 5 : 6);
    st.sheet[0][2] = st.sheet[0][5] = 0;
    st.sheet[1][2] = 2;
    st.round = 21;
    st.d1 = 1, st.d2 = 2;
    return st;
}

/* search on the last round plays the candidate with the highest exact final score. */
/* Splitter S10: the best total wins; on the last round the best exact score */
TEST(S10_search_last_round_takes_the_best_exact_score) {
    spl_state st = last_roll_position();
    spl_view v;
    spl_view_of(&st, &v);
    const game_bot *b = game_find_bot(&game_splitter, "search");
    void *mem = calloc(1, b->memory_size);
    spl_track *t = mem;
    memcpy(t->sheet, st.sheet, sizeof t->sheet);
    spl_action a;
    rng_t rng;
    rng_seed(&rng, 1, 0);
    b->act(mem, &v, &a, &rng);
    spl_state s1 = st, s2 = st;
    spl_action c1 = {1, 2, 0}, c2 = {2, 2, 0};
    spl_place(&s1, &c1);
    spl_place(&s2, &c2);
    CHECK_EQ_INT(spl_total(&s1), 1);
    CHECK_EQ_INT(spl_total(&s2), 3);
    int best = 2;
    CHECK(a.x == 2 && a.y == 0);
    CHECK_EQ_INT(a.v, best);
    free(mem);
}

TEST(S10_champion_last_round_takes_the_best_exact_score) {
    /* The position of the test above, for the champion: on the last roll no future is left to
     * sample, and the exact score of each placement decides: 2 at (2,0) (3 points, not 1). */
    spl_state st = last_roll_position();
    spl_view v;
    spl_view_of(&st, &v);
    const game_bot *b = game_find_bot(&game_splitter, "champion");
    CHECK(b != NULL);
    if (!b) return;
    void *mem = calloc(1, b->memory_size);
    spl_track *t = mem; /* a built-in's memory starts with its record of the sheet */
    memcpy(t->sheet, st.sheet, sizeof t->sheet);
    spl_action a;
    rng_t rng;
    rng_seed(&rng, 1, 0);
    CHECK(game_bot_act(b, mem, &v, &a, &rng, NULL));
    CHECK(a.x == 2 && a.y == 0);
    CHECK_EQ_INT(a.v, 2);
    free(mem);
}

/* Through the game table, as the referee and `arena verify` drive it: a placement with a bad
 * field is malformed, a line not starting with a number is skipped (P5.3: the question stays
 * open), and an illegal
 * placement that reaches apply (a replay's, which no validate ran on) ends the game with R5's
 * failure. */
TEST(table_decodes_lines_and_apply_refuses_an_illegal_placement) {
    spl_state st = start_hello(1, 0); /* first roll 6 5 */
    spl_action a;
    buf_t why;
    buf_init(&why);
    CHECK_EQ_INT(game_splitter.wire.decode_line(&st, 0, "6 1 2", 5, &a, &why), DECODE_ACTION);
    CHECK(a.v == 6 && a.x == 1 && a.y == 2);
    CHECK_EQ_INT(game_splitter.wire.decode_line(&st, 0, "4 x 1", 5, &a, &why), DECODE_MALFORMED);
    CHECK_EQ_INT(game_splitter.wire.decode_line(&st, 0, "six", 3, &a, &why), DECODE_SKIP);
    buf_free(&why);
    spl_action bad = {4, 1, 2}; /* 4 is not rolled */
    int rule = spl_check(&st, &bad, NULL);
    CHECK(rule != 0);
    seat_turn t = {.asked = true, .has_action = true, .verdict = VERDICT_OK};
    game_splitter.rules.apply(&st, &bad, &t, NULL);
    CHECK(st.over);
    CHECK_EQ_INT(st.failure.rule, rule);
    CHECK_EQ_INT(spl_total(&st), 0);
}

/* ---------- records, drawing, number format ---------- */

TEST(records_action_round_trip_and_frame) {
    spl_action a = {6, -1, 2147483647}, b;
    buf_t out;
    buf_init(&out);
    jw_t w;
    jw_init(&w, &out);
    game_splitter.records.action_json(&a, &w);
    CHECK_EQ_STR(buf_cstr(&out), "[6,-1,2147483647]");
    json_t *j = json_loads(buf_cstr(&out), 0, NULL);
    CHECK(game_splitter.records.action_parse(j, &b));
    CHECK(b.v == 6 && b.x == -1 && b.y == 2147483647);
    json_decref(j);
    j = json_loads("[1,2]", 0, NULL);
    CHECK(!game_splitter.records.action_parse(j, &b));
    json_decref(j);
    spl_state st = start_hello(1, 0);
    buf_reset(&out);
    jw_init(&w, &out);
    game_splitter.records.frame_json(&st, &w);
    j = json_loads(buf_cstr(&out), 0, NULL);
    CHECK(j != NULL);
    CHECK_EQ_INT(json_integer_value(json_array_get(json_object_get(j, "roll"), 0)), 6);
    CHECK_EQ_INT(json_array_size(json_object_get(j, "sheet")), 56);
    json_decref(j);
    buf_free(&out);
}

/* Splitter S9: The live view (--display terminal) draws the sheet: 3 columns per cell, blanks for cells
 * that are not fillable, · for empty cells, ★ stars, ♥ hearts */
TEST(S9_draw_shows_sheet_markers_and_panel) {
    spl_state st = start_hello(2, 0);
    spl_action a = {6, 1, 6}; /* on the star (1,6); 5 goes to the star (6,6) */
    spl_place(&st, &a);
    canvas_t *c = canvas_new(game_splitter.display.rows, game_splitter.display.cols);
    game_names names = {1, {"Greedy"}, {"GR"}};
    game_splitter.display.draw(&st, &names, NULL, c);
    char *txt = canvas_plain(c);
    CHECK(strstr(txt, "\u2665") != NULL);         /* hearts */
    CHECK(strstr(txt, "\u2506") != NULL);         /* the dashed line between the halves */
    CHECK(strstr(txt, "round 2/22") != NULL);
    CHECK(strstr(txt, "roll  3 4") != NULL);
    CHECK(strstr(txt, "last  6 at (1,6) \u00b7 5 at (6,6)") != NULL);
    CHECK(strstr(txt, "score 0") != NULL);
    free(txt);
    game_splitter.display.draw(&st, &names, "ascii", c);
    txt = canvas_plain(c);
    CHECK(strstr(txt, " h ") != NULL && strstr(txt, " . ") != NULL);
    free(txt);
    /* a failure is shown with its text (the R5 message of the placement that failed) */
    spl_action bad = {3, 1, 6}; /* roll 3 4: (1,6) is taken */
    seat_turn t = {.asked = true, .has_action = true, .verdict = VERDICT_INVALID, .cause = CAUSE_ILLEGAL};
    game_splitter.rules.apply(&st, &bad, &t, NULL);
    CHECK(st.over && st.failure.rule == 4);
    game_splitter.display.draw(&st, &names, NULL, c);
    txt = canvas_plain(c);
    CHECK(strstr(txt, "Game 0 scored 0 (invalid)") != NULL);
    CHECK(strstr(txt, "Can't place on invalid tile it") != NULL);
    CHECK(strstr(txt, "1,6 value: 6") != NULL);
    free(txt);
    canvas_free(c);
}

/* Splitter D7: Numbers are printed in the invariant culture (7.7, never 7,7). */
TEST(D7_average_printed_as_dotnet_does) {
    static const struct { double v; const char *s; } F[] = {
        {26.155, "26.155"}, {7.7, "7.7"}, {71.0 / 3.0, "23.666666666666668"}, {0.0, "0"},
        {NAN, "NaN"}, {5e-6, "5E-06"}, {1e15, "1E+15"}, {123456789012345.0, "123456789012345"},
        {0.0001, "0.0001"}, {1.5e-7, "1.5E-07"}, {-2.5, "-2.5"}, {100.0, "100"}, {17345.0 / 600.0, "28.908333333333335"},
    };
    for (size_t i = 0; i < sizeof F / sizeof F[0]; i++) {
        char out[64];
        dotnet_format_double(F[i].v, out, sizeof out);
        CHECK_EQ_STR(out, F[i].s);
    }
}

/* The failure panel's words for failures that are not an illegal placement (the tester's
 * "Game <g> scored 0: ..." reasons, with the move that was owed): malformed line, no move in time
 * (late or down), and each way of crashing. */
TEST(failure_text_for_each_verdict) {
    spl_state st = start_hello(2, 0);
    spl_action a = {6, 1, 6};
    spl_place(&st, &a); /* move 2 of 22 is owed */
    static const struct {
        verdict_kind verdict;
        verdict_cause cause;
        int status;
        const char *want;
    } cases[] = {
        {VERDICT_INVALID, CAUSE_MALFORMED, 0, "malformed line (move 2 of 22)"},
        {VERDICT_LATE, CAUSE_SOFT, 0, "no move within the time limit (move 2 of 22)"},
        {VERDICT_DOWN, CAUSE_HARD, 0, "no move within the time limit (move 2 of 22)"},
        {VERDICT_CRASH, CAUSE_SIGNAL, 9, "the bot exited before the game ended (move 2 of 22, killed by signal 9)"},
        {VERDICT_CRASH, CAUSE_CLOSED, 0, "the bot exited before the game ended (move 2 of 22, closed its output)"},
        {VERDICT_CRASH, CAUSE_START, 0, "the bot exited before the game ended (move 2 of 22, could not be started)"},
        {VERDICT_CRASH, CAUSE_EXIT, 3, "the bot exited before the game ended (move 2 of 22, exit status 3)"},
        {VERDICT_OK, CAUSE_NONE, 0, ""},
    };
    buf_t out;
    buf_init(&out);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        st.failure = (spl_failure){.verdict = cases[i].verdict, .cause = cases[i].cause, .status = cases[i].status};
        buf_reset(&out);
        spl_failure_text(&st, &out);
        CHECK_EQ_STR(buf_cstr(&out), cases[i].want);
    }
    buf_free(&out);
}

/* A game that cannot be set up says why and makes no state: a second seat, and options out of
 * their documented ranges (docs/games/splitter.md, P4). */
static const char *create_error(int seats, const char *key, const char *value) {
    static char why[200];
    game_options o = {0};
    o.key[0] = key, o.value[0] = value, o.count = key ? 1 : 0;
    rng_t r;
    rng_seed(&r, 1, 0);
    game_setup setup = {seats, &o, 1, &r};
    buf_t err;
    buf_init(&err);
    void *st = game_splitter.rules.create(&setup, &err);
    snprintf(why, sizeof why, "%s", st ? "(created)" : buf_cstr(&err));
    if (st) game_splitter.rules.destroy(st);
    buf_free(&err);
    return why;
}

TEST(setups_that_cannot_be_played_are_refused_with_the_reason) {
    CHECK_EQ_STR(create_error(2, NULL, NULL), "splitter is a one-player game: give exactly 1 seat, got 2");
    CHECK_EQ_STR(create_error(1, "dice_seed", "x"), "option dice_seed=x: expected a signed 32-bit integer");
    CHECK_EQ_STR(create_error(1, "game", "-1"), "option game=-1: expected a game index from 0 to 2147483647");
    CHECK_EQ_STR(create_error(1, "layout", "3"), "option layout=3: expected 1, 2 or both");
    CHECK_EQ_STR(create_error(1, "layout", "both"), "(created)");
    CHECK_EQ_STR(create_error(1, "dice_seed", "-5"), "(created)");
}

int main(void) {
    RUN(setups_that_cannot_be_played_are_refused_with_the_reason);
    RUN(R1_cells_are_x_column_y_row);
    RUN(R2_two_layouts_as_printed);
    RUN(D9_hearts_are_not_mirrored);
    RUN(R3_R4_the_other_die_goes_to_the_mirror);
    RUN(R4_a_double_writes_the_same_value_twice);
    RUN(R5_checks_in_order_with_the_original_messages);
    RUN(R5_a_failed_check_changes_nothing);
    RUN(R6_R7_22_placements_22_rolls_then_over);
    RUN(R7_dice_depend_on_seed_and_game_only);
    RUN(R9_scoring_examples);
    RUN(R9_hearts_bonus_needs_every_heart_equal);
    RUN(R9_breakdown_as_the_tester_prints_it);
    RUN(R4_R9_placement_on_small_layouts);
    RUN(R10_a_failure_scores_zero);
    RUN(P5_1_first_message_header_layout_roll);
    RUN(P5_3_placements_as_the_original_parsed_them);
    RUN(P5_3_skipped_lines);
    RUN(P5_3_D3_malformed_lines_and_their_exceptions);
    RUN(P5_3_only_the_first_4096_bytes_count);
    RUN(P5_kit_parser_reads_header_layout_and_rolls);
    RUN(P5_bot_record_writes_the_pair_when_the_next_roll_comes);
    RUN(S10_greedy_delta_equals_the_value_difference);
    RUN(S10_greedy_acceptance_helloworld);
    RUN(S10_sample_bots_always_play_legal_moves);
    RUN(S10_random_and_random_left_choices);
    RUN(S10_search_last_round_takes_the_best_exact_score);
    RUN(S10_champion_last_round_takes_the_best_exact_score);
    RUN(records_action_round_trip_and_frame);
    RUN(S9_draw_shows_sheet_markers_and_panel);
    RUN(table_decodes_lines_and_apply_refuses_an_illegal_placement);
    RUN(failure_text_for_each_verdict);
    RUN(D7_average_printed_as_dotnet_does);
    RUN(R9_mask_scorer_equals_the_reference_on_random_sheets);
    return T_DONE();
}
