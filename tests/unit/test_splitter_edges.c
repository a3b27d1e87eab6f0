/* test_splitter_edges.c: Splitter's rarer paths, each against the words of docs/games/splitter.md:
 * the log texts of Splitter S7 for every referee event, the table's verdicts (apply, the
 * tournament hooks), the kit parser's refusals (Splitter P5.1), the simulator's encoding, the
 * built-in bots asked with no free cell or on a layout too large for their board, and the picture
 * of Splitter S9 (the palette, bold and dim groups, the failure text wrapped, the end panel). */
#include "t.h"
#include "core/jw.h"
#include "game/canvas.h"
#include "games/splitter/spl.h"
#include "games/splitter/spl_bb.h"
#include <jansson.h>

static int32_t hash(const char *s) { return dotnet_custom_hash_utf8(s, strlen(s)); }

/* Layout n on the dice of --seed HelloWorld, game g: the first rolls are 6 5, then 3 4. */
static spl_state start_hello(int layout, int g) {
    spl_state st;
    spl_start(&st, spl_layout_by_number(layout), layout, hash("HelloWorld"), g);
    return st;
}

static void fill(int8_t s[SPL_MAXH][SPL_MAXW], int w, int h, const char *rows) {
    memset(s, 0, sizeof(int8_t) * SPL_MAXH * SPL_MAXW);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) s[y][x] = (int8_t)(rows[y * w + x] - '0');
}

/* A game of layout 1 played to its end on the sheet of test_splitter's R9 breakdown (21 points:
 * groups of 1, 3, 4 and 5, the 5s on a star). */
static spl_state finished_breakdown(void) {
    spl_state st = start_hello(1, 0);
    fill(st.sheet, 8, 7, "00332400" "05236350" "22214265" "66623345" "44443555" "06222440" "00624600");
    st.round = st.rounds;
    st.over = true;
    st.d1 = st.d2 = 0;
    return st;
}

/* ---------- the log (Splitter S6.2, S7) ---------- */

static const char *log_line(void *lg, const spl_state *st, log_event ev) {
    static buf_t out;
    static bool init;
    if (!init) buf_init(&out), init = true;
    buf_reset(&out);
    game_splitter.records.log_event(lg, st, &ev, &out);
    return buf_cstr(&out);
}

/* Splitter S7: A game that fails scores 0 and the run goes on (except under --strict); each
 * failure prints Game <g> scored 0: <reason>, also with --silent. */
/* The reasons are those of the table of Splitter S7 (<line> cut to 200 bytes, <k> the placement
 * owed); bot lines are echoed as received, a skipped one followed by its message (Splitter S6.2). */
TEST(S7_log_texts_for_every_referee_event) {
    game_names names = {1, {"Greedy"}, {"GR"}};
    void *lg = game_splitter.records.log_new(&names);
    spl_state st = start_hello(1, 3);
    char want[200];
    snprintf(want, sizeof want, "Splitter: Greedy, game 3, layout 1, dice seed %d + 3\n", hash("HelloWorld"));
    CHECK_EQ_STR(log_line(lg, &st, (log_event){.kind = LOGEV_START, .seat = -1}), want);
    CHECK_EQ_STR(log_line(lg, &st, (log_event){.kind = LOGEV_COMMENT, .text = "# thinking", .len = 10}), "# thinking\n");
    CHECK_EQ_STR(log_line(lg, &st, (log_event){.kind = LOGEV_RAWLOG, .text = NULL, .len = 5}), "\n");
    CHECK_EQ_STR(log_line(lg, &st, (log_event){.kind = LOGEV_SKIP, .text = "abc", .len = 3}),
                 "abc\nInput not a number skipping!\n");
    CHECK_EQ_STR(log_line(lg, &st, (log_event){.kind = LOGEV_SKIP, .text = "abc", .len = 3, .detail = "why"}),
                 "abc\nwhy\n");
    CHECK_EQ_STR(log_line(lg, &st, (log_event){.kind = LOGEV_UNASKED, .text = "6 0 3", .len = 5}), "[ignored] 6 0 3\n");
    CHECK_EQ_STR(log_line(lg, &st, (log_event){.kind = LOGEV_LATE, .text = "6 0 3", .len = 5}), "[late] 6 0 3\n");
    CHECK_EQ_STR(log_line(lg, &st, (log_event){.kind = LOGEV_LATE, .text = NULL}), "");
    /* the R5 message of an illegal placement */
    CHECK_EQ_STR(log_line(lg, &st, (log_event){.kind = LOGEV_INVALID, .cause = CAUSE_ILLEGAL,
                                               .detail = "4 was not rolled please try again!"}),
                 "Game 3 scored 0: 4 was not rolled please try again!\n");
    CHECK_EQ_STR(log_line(lg, &st, (log_event){.kind = LOGEV_INVALID, .cause = CAUSE_ILLEGAL}),
                 "Game 3 scored 0: illegal placement\n");
    /* a malformed line, cut to 200 bytes */
    char longline[300];
    memset(longline, 'x', sizeof longline);
    buf_t exp;
    buf_init(&exp);
    buf_puts(&exp, "Game 3 scored 0: malformed line \"");
    buf_append(&exp, longline, 200);
    buf_puts(&exp, "\": The input string 'x' was not in a correct format.\n");
    CHECK_EQ_STR(log_line(lg, &st, (log_event){.kind = LOGEV_INVALID, .cause = CAUSE_MALFORMED, .text = longline,
                                               .len = sizeof longline,
                                               .detail = "The input string 'x' was not in a correct format."}),
                 buf_cstr(&exp));
    buf_free(&exp);
    CHECK_EQ_STR(log_line(lg, &st, (log_event){.kind = LOGEV_INVALID, .cause = CAUSE_MALFORMED}),
                 "Game 3 scored 0: malformed line \"\": \n");
    /* no placement within the limit: the limit, the start-up limit, or a flood */
    CHECK_EQ_STR(log_line(lg, &st, (log_event){.kind = LOGEV_DOWN, .cause = CAUSE_HARD, .elapsed_us = 1000000}),
                 "Game 3 scored 0: no move within 1000 ms (move 1 of 22)\n");
    CHECK_EQ_STR(log_line(lg, &st, (log_event){.kind = LOGEV_DOWN, .cause = CAUSE_STARTUP}),
                 "Game 3 scored 0: no move within the start-up limit (move 1 of 22)\n");
    CHECK_EQ_STR(log_line(lg, &st, (log_event){.kind = LOGEV_DOWN, .cause = CAUSE_FLOOD}),
                 "Game 3 scored 0: more than 16 MiB of output for one move (move 1 of 22)\n");
    /* the bot cannot be started: the shell exits 127 */
    CHECK_EQ_STR(log_line(lg, &st, (log_event){.kind = LOGEV_CRASH, .cause = CAUSE_EXIT, .status = 127}),
                 "Game 3 scored 0: the bot exited before the game ended (move 1 of 22, exit status 127)\n");
    /* a turn logs its placement (nothing before the first) */
    CHECK_EQ_STR(log_line(lg, &st, (log_event){.kind = LOGEV_TURN}), "");
    spl_action a = {st.d1, 0, 3};
    int other = st.d2;
    spl_place(&st, &a);
    snprintf(want, sizeof want, "[1/22] roll %d %d: %d at (0,3) \xc2\xb7 %d at (7,3)\n", a.v, other, a.v, other);
    CHECK_EQ_STR(log_line(lg, &st, (log_event){.kind = LOGEV_TURN}), want);
    /* the move owed is counted from the placements made */
    CHECK_EQ_STR(log_line(lg, &st, (log_event){.kind = LOGEV_DOWN, .cause = CAUSE_FLOOD}),
                 "Game 3 scored 0: more than 16 MiB of output for one move (move 2 of 22)\n");
    /* no score block for a game that did not end by its 22nd placement */
    CHECK_EQ_STR(log_line(lg, &st, (log_event){.kind = LOGEV_END}), "");
    game_splitter.records.log_free(lg);
    /* without names the seat is "bot" */
    lg = game_splitter.records.log_new(NULL);
    st = start_hello(2, 0);
    snprintf(want, sizeof want, "Splitter: bot, game 0, layout 2, dice seed %d + 0\n", hash("HelloWorld"));
    CHECK_EQ_STR(log_line(lg, &st, (log_event){.kind = LOGEV_START, .seat = -1}), want);
    game_splitter.records.log_free(lg);
    /* the tester's own reasons: a late verdict (with --move-ms) names the limit; events that end
     * no game have none */
    buf_t why;
    buf_init(&why);
    spl_failure_reason(&(log_event){.kind = LOGEV_LATE}, 3, 22, 250, &why);
    CHECK_EQ_STR(buf_cstr(&why), "no move within 250 ms (move 3 of 22)");
    buf_reset(&why);
    spl_failure_reason(&(log_event){.kind = LOGEV_SKIP, .text = "x", .len = 1}, 3, 22, 250, &why);
    CHECK_EQ_STR(buf_cstr(&why), "");
    buf_free(&why);
}

/* Splitter S6.2: after the 22nd placement, the score block (Groups of v points N for v = 1..6, each
 * followed by one Star points v line per starred exact group and Heart points 5 when the heart
 * bonus is v), the sheet (H lines of W numbers) */
/* and the log's last line, Game <g> scored <total>; a failed game has printed its reason instead. */
TEST(S6_log_ends_with_the_score_block_and_the_sheet) {
    void *lg = game_splitter.records.log_new(NULL);
    spl_state st = finished_breakdown();
    CHECK_EQ_STR(log_line(lg, &st, (log_event){.kind = LOGEV_END}),
                 "Groups of 1 points 1\nGroups of 2 points 0\nGroups of 3 points 6\nGroups of 4 points 4\n"
                 "Groups of 5 points 5\nStar points 5\nGroups of 6 points 0\n"
                 "0 0 3 3 2 4 0 0\n0 5 2 3 6 3 5 0\n2 2 2 1 4 2 6 5\n6 6 6 2 3 3 4 5\n4 4 4 4 3 5 5 5\n"
                 "0 6 2 2 2 4 4 0\n0 0 6 2 4 6 0 0\nGame 0 scored 21\n");
    /* layout 2 with a 4 on each of its three hearts and nothing else: the heart bonus alone */
    st = start_hello(2, 0);
    st.sheet[0][6] = st.sheet[2][1] = st.sheet[4][4] = 4;
    st.round = st.rounds, st.over = true;
    CHECK_EQ_STR(log_line(lg, &st, (log_event){.kind = LOGEV_END}),
                 "Groups of 1 points 0\nGroups of 2 points 0\nGroups of 3 points 0\nGroups of 4 points 0\n"
                 "Heart points 5\nGroups of 5 points 0\nGroups of 6 points 0\n"
                 "0 0 0 0 0 0 4 0\n0 0 0 0 0 0 0 0\n0 4 0 0 0 0 0 0\n0 0 0 0 0 0 0 0\n0 0 0 0 4 0 0 0\n"
                 "0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0\nGame 0 scored 5\n");
    spl_fail(&st, VERDICT_DOWN, CAUSE_HARD, 0, 0, NULL);
    CHECK_EQ_STR(log_line(lg, &st, (log_event){.kind = LOGEV_END}), "");
    game_splitter.records.log_free(lg);
}

/* ---------- the table ---------- */

/* Splitter R10 through the referee's apply: whatever went wrong ends the game with 0, named by its
 * verdict; an illegal placement keeps its Splitter R5 check; a game over takes no more turns. */
TEST(R10_apply_ends_the_game_with_the_verdict) {
    static const struct {
        seat_turn t;
        spl_action a;
        verdict_kind verdict;
        int rule;
        const char *text;
    } C[] = {
        {{.asked = true, .verdict = VERDICT_DOWN, .cause = CAUSE_HARD}, {0, 0, 0}, VERDICT_DOWN, 0,
         "no move within the time limit (move 1 of 22)"},
        {{.asked = true, .verdict = VERDICT_LATE, .cause = CAUSE_SOFT}, {0, 0, 0}, VERDICT_LATE, 0,
         "no move within the time limit (move 1 of 22)"},
        /* asked and answered nothing usable, yet no verdict: invalid */
        {{.asked = true, .verdict = VERDICT_OK}, {0, 0, 0}, VERDICT_INVALID, 0, "malformed line (move 1 of 22)"},
        {{.asked = true, .verdict = VERDICT_INVALID, .cause = CAUSE_MALFORMED}, {0, 0, 0}, VERDICT_INVALID, 0,
         "malformed line (move 1 of 22)"},
        {{.asked = true, .has_action = true, .verdict = VERDICT_INVALID, .cause = CAUSE_ILLEGAL}, {4, 1, 2},
         VERDICT_INVALID, 1, "4 was not rolled please try again!"},
        {{.asked = true, .has_action = true, .verdict = VERDICT_INVALID, .cause = CAUSE_ILLEGAL}, {6, 0, 0},
         VERDICT_INVALID, 3, "Can't place, tile blank / non-placeable place: 0,0"},
        {{.asked = true, .verdict = VERDICT_CRASH, .cause = CAUSE_SIGNAL, .status = 11}, {0, 0, 0}, VERDICT_CRASH, 0,
         "the bot exited before the game ended (move 1 of 22, killed by signal 11)"},
    };
    for (size_t i = 0; i < sizeof C / sizeof C[0]; i++) {
        spl_state st = start_hello(1, 0);
        bool mask[1];
        CHECK_EQ_INT(game_splitter.rules.to_act(&st, mask), 1);
        CHECK(mask[0]);
        game_splitter.rules.apply(&st, &C[i].a, &C[i].t, NULL);
        CHECK(game_splitter.rules.is_over(&st));
        CHECK_EQ_INT(st.failure.verdict, C[i].verdict);
        CHECK_EQ_INT(st.failure.rule, C[i].rule);
        buf_t why;
        buf_init(&why);
        spl_failure_text(&st, &why);
        CHECK_EQ_STR(buf_cstr(&why), C[i].text);
        buf_free(&why);
        double score = -1;
        int rank = 0;
        game_splitter.rules.result(&st, &score, &rank);
        CHECK(score == 0 && rank == 1);
        CHECK_EQ_INT(game_splitter.rules.to_act(&st, mask), 0);
        /* a turn after the end changes nothing */
        spl_action good = {6, 0, 3};
        seat_turn ok = {.asked = true, .has_action = true, .verdict = VERDICT_OK};
        game_splitter.rules.apply(&st, &good, &ok, NULL);
        CHECK_EQ_INT(st.round, 0);
        CHECK_EQ_INT(st.sheet[3][0], 0);
    }
}

/* Splitter R5 through the table's validate (the referee's check before apply); a turn is a
 * round, and a legal placement counts it. */
TEST(R5_validate_and_turns_through_the_table) {
    spl_state st = start_hello(1, 0); /* 6 5 */
    buf_t why;
    buf_init(&why);
    spl_action a = {6, 3, 0};
    CHECK_EQ_INT(game_splitter.rules.validate(&st, 0, &a, &why), 0);
    CHECK_EQ_STR(buf_cstr(&why), "");
    a.x = 8;
    CHECK_EQ_INT(game_splitter.rules.validate(&st, 0, &a, &why), 2);
    CHECK_EQ_STR(buf_cstr(&why), "Index was outside the bounds of the array.");
    buf_free(&why);
    CHECK_EQ_INT(game_splitter.rules.turn(&st), 0);
    a.x = 3;
    seat_turn ok = {.asked = true, .has_action = true, .verdict = VERDICT_OK};
    game_splitter.rules.apply(&st, &a, &ok, NULL);
    CHECK_EQ_INT(game_splitter.rules.turn(&st), 1);
    CHECK(!game_splitter.rules.is_over(&st));
    CHECK(st.sheet[0][3] == 6 && st.sheet[0][4] == 5);
}

/* Splitter S8: game g uses the dice of (S, g) (R7), S the tournament seed in decimal, and the layout
 * of layout (a tournament's default is both: even games on layout 1, odd games on layout 2) */
TEST(S8_tournament_games_take_the_run_seed_and_their_index) {
    game_tourney_setup ts;
    memset(&ts, 0, sizeof ts);
    ts.run_seed = 18446744073709551615ULL;
    ts.index = 41;
    game_splitter.tourney.setup(&ts);
    CHECK_EQ_INT(ts.noverrides, 2);
    CHECK_EQ_STR(ts.overrides[0], "seed_string=18446744073709551615");
    CHECK_EQ_STR(ts.overrides[1], "game=41");
    CHECK_EQ_STR(game_splitter.tourney.option_defaults[0], "layout=both");
    game_options o = {1, {"layout"}, {"both"}};
    CHECK_EQ_INT(game_splitter.tourney.group(&o, 40), 1);
    CHECK_EQ_INT(game_splitter.tourney.group(&o, 41), 2);
    o.value[0] = "2";
    CHECK_EQ_INT(game_splitter.tourney.group(&o, 40), 2);
    o.value[0] = "1";
    CHECK_EQ_INT(game_splitter.tourney.group(&o, 41), 1);
    game_options none = {0};
    CHECK_EQ_INT(game_splitter.tourney.group(&none, 41), 1);
}

/* Splitter R7: Game g of a run with seed string S uses .NET's seeded System.Random with seed
 * CustomHash(S) + g (32-bit wrapping) */
/* S is the option seed_string, else the match seed in decimal; dice_seed gives CustomHash(S). */
TEST(R7_the_dice_base_from_each_option) {
    rng_t r;
    rng_seed(&r, 1, 0);
    game_options o = {2, {"seed_string", "game"}, {"HelloWorld", "2"}};
    game_setup setup = {1, &o, 77, &r};
    buf_t err;
    buf_init(&err);
    spl_state *st = game_splitter.rules.create(&setup, &err);
    spl_state want = start_hello(1, 2);
    CHECK(st && st->dice_base == hash("HelloWorld") && st->game_index == 2);
    CHECK(st && st->d1 == want.d1 && st->d2 == want.d2);
    game_splitter.rules.destroy(st);
    game_options none = {0};
    setup.options = &none;
    st = game_splitter.rules.create(&setup, &err);
    CHECK(st && st->dice_base == hash("77") && st->layout_number == 1);
    game_splitter.rules.destroy(st);
    game_options ds = {2, {"dice_seed", "layout"}, {"-2147483648", "2"}};
    setup.options = &ds;
    st = game_splitter.rules.create(&setup, &err);
    CHECK(st && st->dice_base == INT32_MIN && st->layout_number == 2);
    game_splitter.rules.destroy(st);
    CHECK_EQ_STR(buf_cstr(&err), "");
    buf_free(&err);
}

/* Splitter R9 on a layout larger than the bots' 64-cell board: the result is still the exact
 * score; and a layout without a fillable cell has no rounds (the game is over at once). */
TEST(R9_result_on_layouts_beyond_64_cells_and_without_cells) {
    spl_layout big;
    memset(&big, 0, sizeof big);
    big.w = 9, big.h = 8; /* 72 cells */
    for (int y = 0; y < 8; y++)
        for (int x = 0; x < 9; x++) big.code[y][x] = SPL_NORMAL;
    big.code[7][8] = SPL_STAR;
    spl_state st;
    spl_start(&st, &big, 0, 42, 0);
    CHECK_EQ_INT(st.rounds, 36);
    CHECK_EQ_INT(spl_bb_sheet_score(big.w, big.h, big.code, st.sheet), -1);
    /* a pair of 2s (2), a lone 1 away from them (1), three 3s in an L (3) and a lone 1 on the
     * star (1, doubled: 2) */
    st.sheet[0][0] = st.sheet[0][1] = 2;
    st.sheet[3][3] = 1;
    st.sheet[5][5] = st.sheet[5][6] = st.sheet[6][6] = 3;
    st.sheet[7][8] = 1;
    CHECK_EQ_INT(spl_total(&st), 2 + 1 + 3 + 1 + 1);
    spl_layout empty;
    memset(&empty, 0, sizeof empty);
    empty.w = 4, empty.h = 2;
    spl_start(&st, &empty, 0, 42, 0);
    CHECK(st.over);
    CHECK_EQ_INT(st.rounds, 0);
    CHECK(st.d1 == 0 && st.d2 == 0);
    CHECK_EQ_INT(spl_total(&st), 0);
}

/* ---------- the wire ---------- */

/* The kit's side of Splitter P5.1: anything that is not the header W H R (sides 1..16), W codes
 * 0..3 per layout row, or a roll of two dice 1..6 is an error; blank lines are skipped. */
TEST(P5_1_kit_parser_refuses_what_the_referee_never_sends) {
    static const char *bad_header[] = {"8 7", "8 7 22 1", "0 7 22", "17 7 22", "8 0 22", "8 17 22",
                                       "1234567 7 22", "8 7 22x", "8,7,22", "-8 7 22",
                                       "1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1"};
    spl_view v;
    for (size_t i = 0; i < sizeof bad_header / sizeof bad_header[0]; i++) {
        spl_kit k;
        memset(&k, 0, sizeof k);
        CHECK_EQ_INT(spl_kit_parse(&k, bad_header[i], strlen(bad_header[i]), &v), KIT_ERROR);
    }
    spl_kit k;
    memset(&k, 0, sizeof k);
    CHECK_EQ_INT(spl_kit_parse(&k, " \t\r", 3, &v), KIT_MORE);
    CHECK_EQ_INT(spl_kit_parse(&k, "\t2 2 2\r", 7, &v), KIT_MORE); /* tabs and CR separate too */
    CHECK_EQ_INT(spl_kit_parse(&k, "1", 1, &v), KIT_ERROR);        /* a row of 1 code on a 2-wide layout */
    CHECK_EQ_INT(spl_kit_parse(&k, "1 4", 3, &v), KIT_ERROR);      /* 4 is no cell code */
    CHECK_EQ_INT(spl_kit_parse(&k, "1 3", 3, &v), KIT_MORE);
    CHECK_EQ_INT(spl_kit_parse(&k, "2 0", 3, &v), KIT_MORE);
    static const char *bad_roll[] = {"1", "1 2 3", "0 1", "1 0", "7 1", "1 7"};
    for (size_t i = 0; i < sizeof bad_roll / sizeof bad_roll[0]; i++)
        CHECK_EQ_INT(spl_kit_parse(&k, bad_roll[i], strlen(bad_roll[i]), &v), KIT_ERROR);
    CHECK_EQ_INT(spl_kit_parse(&k, "6 1", 3, &v), KIT_VIEW);
    CHECK(v.w == 2 && v.h == 2 && v.rounds == 2 && v.round == 0 && v.d1 == 6 && v.d2 == 1);
    CHECK(v.code[0][0] == 1 && v.code[0][1] == 3 && v.code[1][0] == 2 && v.code[1][1] == 0);
}

/* Splitter P5.3 without the caller asking for the message or the exception (the referee's decoder
 * asks for the message only): the same verdicts. */
TEST(P5_3_verdicts_without_message_or_exception) {
    spl_action a;
    CHECK_EQ_INT(spl_parse_line("4 x 1", 5, &a, NULL, NULL), SPL_LINE_MALFORMED);
    CHECK_EQ_INT(spl_parse_line("4", 1, &a, NULL, NULL), SPL_LINE_MALFORMED);
    CHECK_EQ_INT(spl_parse_line("x", 1, &a, NULL, NULL), SPL_LINE_SKIP);
    CHECK_EQ_INT(spl_parse_line("4 2 1", 5, &a, NULL, NULL), SPL_LINE_PLACE);
    CHECK(a.v == 4 && a.x == 2 && a.y == 1);
    buf_t why;
    buf_init(&why);
    CHECK_EQ_INT(game_splitter.wire.decode_line(NULL, 0, "4 2 99999999999", 15, &a, &why), DECODE_MALFORMED);
    CHECK_EQ_STR(buf_cstr(&why), "Value was either too large or too small for an Int32.");
    buf_free(&why);
    CHECK_EQ_STR(spl_exception_name(SPL_EXC_NONE), "System.Exception");
    buf_t out;
    buf_init(&out);
    spl_action neg = {-2, -1, 2147483647};
    game_splitter.wire.encode_action(&neg, &out);
    CHECK_EQ_STR(buf_cstr(&out), "-2 -1 2147483647");
    buf_free(&out);
}

/* ---------- records ---------- */

/* A replay's action is [v, x, y] of 32-bit integers; a turn names the failure that ended the game. */
TEST(records_refuse_bad_actions_and_name_the_failure) {
    static const char *bad[] = {"[1,2,\"3\"]", "[1,2,3.5]", "[1,2147483648,0]", "[1,-2147483649,0]", "{}",
                                "[1,2,3,4]"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        json_t *j = json_loads(bad[i], JSON_DECODE_ANY, NULL);
        CHECK(j != NULL);
        spl_action a = {9, 9, 9};
        CHECK(!game_splitter.records.action_parse(j, &a));
        CHECK(a.v == 0 && a.x == 0 && a.y == 0);
        json_decref(j);
    }
    spl_state st = start_hello(1, 0); /* 6 5 */
    spl_action a = {4, 1, 2};
    seat_turn t = {.asked = true, .has_action = true, .verdict = VERDICT_OK};
    game_splitter.rules.apply(&st, &a, &t, NULL);
    buf_t out;
    buf_init(&out);
    jw_t w;
    jw_init(&w, &out);
    game_splitter.records.turn_json(&st, &w);
    CHECK_EQ_STR(buf_cstr(&out),
                 "{\"roll\":[6,5],\"placed\":null,\"next\":null,\"failure\":{\"verdict\":\"invalid\",\"cause\":"
                 "\"illegal\",\"rule\":1}}");
    /* a failure without a placement has no rule */
    st = start_hello(1, 0);
    seat_turn down = {.asked = true, .verdict = VERDICT_DOWN, .cause = CAUSE_HARD};
    game_splitter.rules.apply(&st, &a, &down, NULL);
    buf_reset(&out);
    jw_init(&w, &out);
    game_splitter.records.turn_json(&st, &w);
    CHECK(strstr(buf_cstr(&out), "\"failure\":{\"verdict\":\"down\",\"cause\":\"hard\"}") != NULL);
    /* a frame of the finished game: the score split and over */
    st = finished_breakdown();
    buf_reset(&out);
    jw_init(&w, &out);
    game_splitter.records.frame_json(&st, &w);
    json_t *j = json_loads(buf_cstr(&out), 0, NULL);
    CHECK(j != NULL);
    json_t *sc = json_object_get(j, "score");
    CHECK_EQ_INT(json_integer_value(json_object_get(sc, "exact")), 16);
    CHECK_EQ_INT(json_integer_value(json_object_get(sc, "stars")), 5);
    CHECK_EQ_INT(json_integer_value(json_object_get(sc, "total")), 21);
    CHECK(json_is_null(json_object_get(j, "roll")));
    CHECK(json_is_true(json_object_get(j, "over")) && json_is_false(json_object_get(j, "failed")));
    json_decref(j);
    buf_free(&out);
}

/* ---------- the simulator's encoding (docs/sim.md "Splitter") ---------- */

TEST(sim_actions_are_cell_and_die_and_the_score_comes_at_the_end) {
    spl_state st = start_hello(1, 0); /* 6 5 */
    spl_view v;
    spl_view_of(&st, &v);
    uint8_t mem[sizeof(int8_t) * SPL_MAXH * SPL_MAXW];
    CHECK_EQ_INT(spl_sim.memory_size, sizeof mem);
    memset(mem, 0, sizeof mem);
    game_sim_shape shape;
    spl_sim.shape(&v, &shape);
    CHECK_EQ_INT(shape.actions, 112);
    CHECK_EQ_INT(shape.obs_size, 116);
    /* action k: cell k/2, d1 for even k, d2 for odd */
    spl_action a;
    spl_sim.action(&v, mem, 2 * (3 * 8 + 0) + 1, &a);
    CHECK(a.v == 5 && a.x == 0 && a.y == 3);
    CHECK_EQ_INT(spl_sim.index(&v, mem, &a), 2 * 24 + 1);
    /* off the plan, or a die that was not rolled: no action index */
    spl_action off[] = {{6, -1, 0}, {6, 0, -1}, {6, 8, 0}, {6, 0, 7}, {4, 0, 3}};
    for (size_t i = 0; i < sizeof off / sizeof off[0]; i++) CHECK_EQ_INT(spl_sim.index(&v, mem, &off[i]), -1);
    /* an off-plan action is not remembered; a placement writes both cells (Splitter R4) */
    for (size_t i = 0; i < 4; i++) spl_sim.remember(mem, &v, &off[i]);
    static const uint8_t zero[sizeof mem];
    CHECK(memcmp(mem, zero, sizeof mem) == 0);
    int8_t(*sheet)[SPL_MAXW] = (int8_t(*)[SPL_MAXW])mem;
    spl_sim.remember(mem, &v, &a);
    CHECK(sheet[3][0] == 5 && sheet[3][7] == 6);
    uint8_t mask[112];
    spl_sim.legal(&v, mem, mask);
    CHECK(mask[0] == 0 && mask[2 * 2] == 1 && mask[2 * 24] == 0 && mask[2 * 24 + 1] == 0);
    double score = -1;
    spl_sim.score(&st, &score);
    CHECK(score == 0);
    spl_state end = finished_breakdown();
    spl_sim.score(&end, &score);
    CHECK(score == 21);
}

/* ---------- bots (Splitter S10) ---------- */

/* Every built-in keeps its own record; asked once more after the sheet is full (never in a game:
 * Splitter R6 sends nothing after the 22nd placement), it has no free cell and answers d1 at
 * (0, 0), which R5 refuses. On a layout of more than 64 cells (neither layout) it answers the same. */
TEST(S10_bots_without_a_free_cell_or_a_board_answer_d1_at_the_origin) {
    static const char *bots[] = {"random", "random_left", "greedy", "search", "champion"};
    for (size_t i = 0; i < sizeof bots / sizeof bots[0]; i++) {
        const game_bot *b = game_find_bot(&game_splitter, bots[i]);
        CHECK(b != NULL);
        if (!b) continue;
        void *mem = calloc(1, b->memory_size);
        rng_t r;
        rng_seed(&r, 3, RNG_STREAM_BOT);
        spl_state st = start_hello(2, 1);
        spl_view v;
        while (!st.over) {
            spl_view_of(&st, &v);
            spl_action a;
            CHECK(game_bot_act(b, mem, &v, &a, &r, NULL));
            CHECK_EQ_INT(spl_check(&st, &a, NULL), 0);
            if (spl_check(&st, &a, NULL)) break;
            spl_place(&st, &a);
        }
        CHECK_EQ_INT(st.round, 22);
        spl_view_of(&st, &v);
        v.d1 = 3, v.d2 = 4; /* a 23rd roll */
        spl_action a;
        CHECK(game_bot_act(b, mem, &v, &a, &r, NULL));
        CHECK(a.v == 3 && a.x == 0 && a.y == 0);
        /* a 9x8 layout: no board; the first roll */
        spl_layout big;
        memset(&big, 0, sizeof big);
        big.w = 9, big.h = 8;
        for (int y = 0; y < 8; y++)
            for (int x = 0; x < 9; x++) big.code[y][x] = SPL_NORMAL;
        spl_start(&st, &big, 0, hash("HelloWorld"), 0);
        memset(mem, 0, b->memory_size);
        spl_view_of(&st, &v);
        CHECK(game_bot_act(b, mem, &v, &a, &r, NULL));
        CHECK(a.v == st.d1 && a.x == 0 && a.y == 0);
        free(mem);
    }
}

/* The champion's two entries, with and without a clock: given none, both do the same calibrated
 * work and answer the same (the kit's clock=off and the tests rely on it). */
TEST(S10_champion_answers_the_same_through_act_and_without_a_clock) {
    const game_bot *b = game_find_bot(&game_splitter, "champion");
    CHECK(b != NULL && b->act && b->act_timed);
    if (!b) return;
    void *m1 = calloc(1, b->memory_size), *m2 = calloc(1, b->memory_size);
    spl_state st = start_hello(2, 5);
    for (int move = 0; move < 3 && !st.over; move++) {
        spl_view v;
        spl_view_of(&st, &v);
        rng_t r1, r2;
        rng_seed(&r1, 11, RNG_STREAM_BOT);
        rng_seed(&r2, 11, RNG_STREAM_BOT);
        spl_action a1, a2;
        CHECK(b->act(m1, &v, &a1, &r1));
        CHECK(game_bot_act(b, m2, &v, &a2, &r2, NULL));
        CHECK(a1.v == a2.v && a1.x == a2.x && a1.y == a2.y);
        CHECK_EQ_INT(spl_check(&st, &a1, NULL), 0);
        spl_place(&st, &a1);
    }
    free(m1);
    free(m2);
}

/* ---------- the picture (Splitter S9) ---------- */

/* Where cell (x, y) of an 8-wide sheet is drawn: 3 columns per cell from column 4, one more after
 * the dashed line between the halves, rows from 3. */
static canvas_cell *cell_at(canvas_t *c, int x, int y) { return canvas_at(c, 3 + y, 4 + 3 * x + (x >= 4) + 1); }

/* Splitter S9: each die in its own colour (RGB: 1 red 255,90,90; 2 orange 255,165,0; 3 yellow
 * 240,240,80; 4 green 90,230,90; 5 blue 90,170,255; 6 violet 230,110,255), star and heart cells keep
 * a tinted background when filled, a dashed line between the halves, the last pair highlighted,
 * exact groups bold and oversized groups dim. */
TEST(S9_each_value_in_its_colour_groups_bold_or_dim) {
    static const uint32_t palette[7] = {0, RGB(255, 90, 90), RGB(255, 165, 0), RGB(240, 240, 80),
                                        RGB(90, 230, 90), RGB(90, 170, 255), RGB(230, 110, 255)};
    spl_state st = start_hello(2, 0); /* layout 2: hearts at (6,0), (1,2), (4,4); stars at (1,6), (6,6) */
    /* row 1 (all fillable): 1, 2 2, 3 3 3 (exact), then 4 4 and 5 */
    fill(st.sheet, 8, 7, "00000000" "12233345" "00000000" "00000000" "00000000" "66666666" "06000000");
    canvas_t *c = canvas_new(game_splitter.display.rows, game_splitter.display.cols);
    game_splitter.display.draw(&st, NULL, NULL, c);
    for (int x = 0; x < 8; x++) {
        int v = st.sheet[1][x];
        canvas_cell *k = cell_at(c, x, 1);
        CHECK(k && k->ch[0] == '0' + v && k->ch[1] == 0);
        CHECK_EQ_INT(k ? k->fg : 0, palette[v]);
    }
    CHECK(cell_at(c, 0, 1)->attr & CANVAS_BOLD);   /* a lone 1: exact */
    CHECK(cell_at(c, 1, 1)->attr & CANVAS_BOLD);   /* two 2s: exact */
    CHECK(cell_at(c, 3, 1)->attr & CANVAS_BOLD);   /* three 3s */
    CHECK(!(cell_at(c, 6, 1)->attr & (CANVAS_BOLD | CANVAS_DIM))); /* one 4: too small */
    CHECK(cell_at(c, 0, 5)->attr & CANVAS_DIM);    /* nine 6s: too large */
    CHECK_EQ_INT(cell_at(c, 0, 5)->fg, palette[6]);
    /* the star under the 6 at (1,6) keeps its tint; a plain cell has the terminal's ground */
    CHECK(cell_at(c, 1, 6)->bg != CANVAS_DEFAULT && cell_at(c, 1, 6)->bg == cell_at(c, 6, 6)->bg);
    CHECK_EQ_INT(cell_at(c, 0, 5)->bg, CANVAS_DEFAULT);
    CHECK(cell_at(c, 6, 0)->bg != CANVAS_DEFAULT && cell_at(c, 6, 0)->bg != cell_at(c, 1, 6)->bg); /* heart */
    /* empty star: ★ in the Unicode view, * in ascii */
    CHECK_EQ_STR(cell_at(c, 6, 6)->ch, "\u2605");
    game_splitter.display.draw(&st, NULL, "ascii", c);
    CHECK_EQ_STR(cell_at(c, 6, 6)->ch, "*");
    CHECK_EQ_STR(cell_at(c, 6, 0)->ch, "h");
    /* the last pair: underlined, on the highlight */
    st = start_hello(1, 0);
    spl_action a = {6, 2, 0};
    spl_place(&st, &a);
    game_splitter.display.draw(&st, NULL, NULL, c);
    CHECK((cell_at(c, 2, 0)->attr & CANVAS_UNDERLINE) && (cell_at(c, 5, 0)->attr & CANVAS_UNDERLINE));
    CHECK(cell_at(c, 2, 0)->bg == cell_at(c, 5, 0)->bg && cell_at(c, 2, 0)->bg != CANVAS_DEFAULT);
    CHECK_EQ_INT(cell_at(c, 5, 0)->fg, palette[5]);
    canvas_free(c);
}

static bool has_line(const char *txt, const char *line) {
    size_t n = strlen(line);
    for (const char *p = txt; (p = strstr(p, line)) != NULL; p++) {
        bool start = p == txt || p[-1] == '\n' || p[-1] == ' ';
        bool end = p[n] == '\n' || p[n] == ' ' || p[n] == 0;
        if (start && end) return true;
    }
    return false;
}

/* Splitter S9: at the end the tester's score block and the final score; a failure is shown with its
 * verdict. */
/* The failure's text is wrapped to the panel, a word longer than the panel cut. */
TEST(S9_panel_wraps_the_failure_and_shows_the_score_block) {
    spl_state st = start_hello(1, 0); /* 6 5; (0,0) is blank on layout 1 */
    spl_action a = {6, 0, 0};
    seat_turn t = {.asked = true, .has_action = true, .verdict = VERDICT_OK};
    game_splitter.rules.apply(&st, &a, &t, NULL);
    CHECK_EQ_INT(st.failure.rule, 3);
    /* the panel starts at column 33: 44 columns leave it 10 */
    canvas_t *c = canvas_new(24, 44);
    game_splitter.display.draw(&st, NULL, NULL, c);
    char *txt = canvas_plain(c);
    static const char *lines[] = {"Can't", "place,", "tile blank", "/", "non-placea", "ble place:", "0,0"};
    char *p = txt;
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        char *at = strstr(p, lines[i]);
        CHECK(at != NULL);
        if (!at) break;
        CHECK(strchr(p, '\n') < at || i == 0); /* each on a row of its own */
        p = at + strlen(lines[i]);
    }
    CHECK(strstr(txt, "roll  -") != NULL);
    free(txt);
    canvas_free(c);
    /* the end of a game: the score block, then the final score */
    st = finished_breakdown();
    c = canvas_new(game_splitter.display.rows, game_splitter.display.cols);
    game_splitter.display.draw(&st, NULL, NULL, c);
    txt = canvas_plain(c);
    CHECK(strstr(txt, "round 22/22") != NULL);
    CHECK(strstr(txt, "roll  (game over)") != NULL);
    CHECK(has_line(txt, "Groups of 5 points 5") && has_line(txt, "Star points 5"));
    CHECK(strstr(txt, "Heart points 5") == NULL);
    CHECK(has_line(txt, "final score 21"));
    free(txt);
    st = start_hello(2, 0);
    st.sheet[0][6] = st.sheet[2][1] = st.sheet[4][4] = 4;
    st.round = st.rounds, st.over = true, st.d1 = st.d2 = 0;
    game_splitter.display.draw(&st, NULL, NULL, c);
    txt = canvas_plain(c);
    CHECK(has_line(txt, "Heart points 5") && has_line(txt, "final score 5"));
    free(txt);
    canvas_free(c);
    /* a short canvas keeps the block above its last two rows and still ends with the final score */
    st = finished_breakdown();
    c = canvas_new(16, game_splitter.display.cols);
    game_splitter.display.draw(&st, NULL, NULL, c);
    txt = canvas_plain(c);
    CHECK(has_line(txt, "Groups of 1 points 1"));
    CHECK(strstr(txt, "Groups of 6 points 0") == NULL);
    CHECK(has_line(txt, "final score 21"));
    free(txt);
    canvas_free(c);
}

int main(void) {
    RUN(S7_log_texts_for_every_referee_event);
    RUN(S6_log_ends_with_the_score_block_and_the_sheet);
    RUN(R10_apply_ends_the_game_with_the_verdict);
    RUN(R5_validate_and_turns_through_the_table);
    RUN(S8_tournament_games_take_the_run_seed_and_their_index);
    RUN(R7_the_dice_base_from_each_option);
    RUN(R9_result_on_layouts_beyond_64_cells_and_without_cells);
    RUN(P5_1_kit_parser_refuses_what_the_referee_never_sends);
    RUN(P5_3_verdicts_without_message_or_exception);
    RUN(records_refuse_bad_actions_and_name_the_failure);
    RUN(sim_actions_are_cell_and_die_and_the_score_comes_at_the_end);
    RUN(S10_bots_without_a_free_cell_or_a_board_answer_d1_at_the_origin);
    RUN(S10_champion_answers_the_same_through_act_and_without_a_clock);
    RUN(S9_each_value_in_its_colour_groups_bold_or_dim);
    RUN(S9_panel_wraps_the_failure_and_shows_the_score_block);
    return T_DONE();
}
