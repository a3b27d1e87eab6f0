/* test_chicken_edges.c: Chicken at its edges: malformed replies (Chicken P5.2) and messages (the C kit's
 * parser), replay actions that do not parse, every entry of the event log (P7's failures, falls,
 * blocks, a crash while idle), the display of a fall, a verdict and a tie (Chicken P9), the
 * match JSON's error logs (Chicken P8.4), and the table's verdict costs. */
#include "t.h"
#include "chk_fixture.h"
#include "game/canvas.h"
#include "games/chicken/chk_ai.h"
#include <jansson.h>
#include <math.h>

/* The Q positions of test_chicken_rules.c: spawns A (0,2) and B (7,2), seat 0 is A. */
static void position(chk_state *st, int door_w, int door_b) {
    chk_config c;
    chk_config_default(&c);
    chk_setup_fixed(st, &c, CHK_SQ(0, 2), CHK_SQ(7, 2), door_w, door_b);
}

/* ---------- replies (Chicken P5.2) ---------- */

static const char *const WANT_DIR_TYPE =
    "malformed: expected `DIR TYPE` (UP|RIGHT|DOWN|LEFT|0-3 and PLAIN|EGG|TURD|0-2)";

/* Chicken P5.2: Anything else, a number out of range, extra tokens, non-ASCII bytes or a reply longer than 4096 bytes is `INVALID_TURN` (malformed) */
TEST(P5_2_malformed_replies_and_their_reasons) {
    static const struct {
        const char *line;
        const char *why;
    } bad[] = {
        {"4 0", NULL},       {"0 3", NULL},        {"- EGG", NULL},   {"UP /", NULL},          {"UP EGG TURD", NULL},
        {"UP", NULL},        {"UPWARD EGG", NULL}, {"UP EG", NULL},   {"UP\001EGG", "malformed: not printable ASCII"},
        {"UP \x7f", "malformed: not printable ASCII"}, {"UP \xc3\xa9GG", "malformed: not printable ASCII"},
    };
    buf_t why;
    buf_init(&why);
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
        chk_action a = {7, 7};
        buf_reset(&why);
        CHECK_EQ_INT(G->wire.decode_line(NULL, 0, bad[k].line, strlen(bad[k].line), &a, &why), DECODE_MALFORMED);
        CHECK_EQ_STR(buf_cstr(&why), bad[k].why ? bad[k].why : WANT_DIR_TYPE);
        CHECK(a.dir == 0 && a.type == 0);
        /* No reason asked for: the same verdict. */
        CHECK_EQ_INT(chk_decode_line(bad[k].line, strlen(bad[k].line), &a, NULL), DECODE_MALFORMED);
    }
    char big[5000];
    memset(big, ' ', sizeof big);
    CHECK_EQ_INT(chk_decode_line(big, sizeof big, &(chk_action){0, 0}, NULL), DECODE_MALFORMED);
    buf_free(&why);
}

TEST(an_action_out_of_the_enumerations_is_written_as_numbers) {
    buf_t out;
    buf_init(&out);
    static const struct {
        chk_action a;
        const char *text;
    } cases[] = {{{CHK_LEFT, CHK_TURD}, "LEFT TURD"}, {{4, 0}, "4 0"}, {{-1, 1}, "-1 1"}, {{0, 3}, "0 3"}, {{2, -5}, "2 -5"}};
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        buf_reset(&out);
        G->wire.encode_action(&cases[k].a, &out);
        CHECK_EQ_STR(buf_cstr(&out), cases[k].text);
    }
    buf_free(&out);
}

/* ---------- the C starter kit's parser ---------- */

static int kit(chk_kit *k, const char *line, chk_view *v) { return G->wire.kit_parse(k, line, strlen(line), v); }

static void kit_hello(chk_kit *k, chk_view *v, const char *seat) {
    memset(k, 0, sizeof *k);
    static const char *const lines[] = {"chicken 1", NULL, "spawn 0,2 7,2", "moves 40", "turds 5", "bank 360000",
                                        "startup 10000"};
    for (int i = 0; i < 7; i++) CHECK_EQ_INT(kit(k, lines[i] ? lines[i] : seat, v), KIT_MORE);
    CHECK_EQ_INT(kit(k, "ready", v), KIT_READY);
}

/* A garbage line (control characters, bytes above 0x7e, no keyword first) is refused, at start-up and
 * in a turn block; an unknown keyword line is still ignored (Chicken P5.1). It used to be KIT_MORE, so
 * a kit program fed garbage ended silently with status 0. */
TEST(kit_refuses_garbage_and_ignores_unknown_keywords) {
    static const char *const bad[] = {"hello \033[2J", "\377\377\377", "%%%", "123 456", "Hello", "-", "go\001",
                                      "eggs A 1,1 \200"};
    chk_kit k;
    chk_view v;
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        memset(&k, 0, sizeof k);
        CHECK_EQ_INT(kit(&k, bad[i], &v), KIT_ERROR);
        kit_hello(&k, &v, "seat A");
        CHECK_EQ_INT(kit(&k, bad[i], &v), KIT_ERROR);
        if (t_failed_now) {
            printf("# line %zu\n", i);
            break;
        }
    }
    kit_hello(&k, &v, "seat A");
    CHECK_EQ_INT(kit(&k, "hello world", &v), KIT_MORE);
    CHECK_EQ_INT(kit(&k, "weather\tfine 1,2", &v), KIT_MORE);
    CHECK_EQ_INT(kit(&k, "turn 3\r", &v), KIT_MORE);
    CHECK_EQ_INT(kit(&k, "go", &v), KIT_VIEW);
    CHECK_EQ_INT(v.turn, 3);
}

TEST(kit_refuses_each_malformed_line_of_a_turn_block) {
    static const char *const bad[] = {
        "seat C",         "spawn 8,0 7,2",    "spawn 0,2 7;2",     "pos 0,2 7,22",       "pos a,2 7,2",
        "eggs C 1,1",     "eggs A 1,1 9,9",   "turds B x",         "found 1,1 x",        "turn x",
        "turn -2",        "score 1 x",        "score 5",           "turdsleft 4",        "time 1 2x",
        "sense 1 0 1 x",  "bank x",           "startup -5",        "moves x 3",
    };
    chk_kit k;
    chk_view v;
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        kit_hello(&k, &v, "seat B");
        CHECK_EQ_INT(kit(&k, bad[i], &v), KIT_ERROR);
        if (t_failed_now) {
            printf("# line: %s\n", bad[i]);
            break;
        }
    }
}

TEST(kit_reads_a_turn_block_for_B_and_ignores_what_it_does_not_know) {
    chk_kit k;
    chk_view v;
    kit_hello(&k, &v, "seat B");
    static const char *const block[] = {"turn 3",          "pos 1,2 6,2",       "eggs A 0,2",    "eggs B 7,2 0,0",
                                        "turds A",         "turds B 7,3",       "turdsleft 5 4", "moves 38 38",
                                        "score 1 4",       "found 3,3",         "sense 1 0 0 1", "time 359000 120000",
                                        "seat A B",        "weather sunny 20",  "  ",            "score"};
    for (size_t i = 0; i < sizeof block / sizeof *block; i++) CHECK_EQ_INT(kit(&k, block[i], &v), KIT_MORE);
    CHECK_EQ_INT(kit(&k, "go", &v), KIT_VIEW);
    CHECK_EQ_INT(v.colour, CHK_B);
    CHECK(v.turn == 3 && v.pos[0] == CHK_SQ(1, 2) && v.pos[1] == CHK_SQ(6, 2));
    CHECK(v.eggs[CHK_A] == CHK_BIT(CHK_SQ(0, 2)) && v.eggs[CHK_B] == (CHK_BIT(CHK_SQ(7, 2)) | CHK_BIT(CHK_SQ(0, 0))));
    CHECK(v.turds_on[CHK_A] == 0 && v.turds_on[CHK_B] == CHK_BIT(CHK_SQ(7, 3)));
    CHECK(v.turds_left[0] == 5 && v.turds_left[1] == 4 && v.moves_left[0] == 38 && v.score[1] == 4);
    CHECK(v.moves == 40 && v.turds == 5 && v.bank_ms == 360000 && v.startup_ms == 10000);
    CHECK_EQ_INT(v.found, CHK_BIT(CHK_SQ(3, 3)));
    CHECK(v.sense[0] && !v.sense[1] && !v.sense[2] && v.sense[3]);
    /* `time MINE OPPONENT`: B's own bank first. */
    CHECK(v.time_ms[CHK_B] == 359000 && v.time_ms[CHK_A] == 120000);
    /* The readings belong to one block: the next `go` without a `sense` line has none. */
    CHECK_EQ_INT(kit(&k, "go", &v), KIT_VIEW);
    CHECK(!v.sense[0] && !v.sense[3]);
}

/* ---------- replays ---------- */

static bool parse_json(const char *text, chk_action *a) {
    json_t *j = json_loads(text, JSON_DECODE_ANY, NULL);
    bool ok = j && G->records.action_parse(j, a);
    json_decref(j);
    return ok;
}

TEST(replay_actions_round_trip_and_refuse_other_json) {
    buf_t text;
    buf_init(&text);
    jw_t w;
    jw_init(&w, &text);
    chk_action a = {3, 2}, b = {0, 0};
    G->records.action_json(&a, &w);
    CHECK(parse_json(buf_cstr(&text), &b) && b.dir == 3 && b.type == 2);
    /* A failed seat's move is kept as it arrived, out of the enumerations too. */
    CHECK(parse_json("[-7, 2147483647]", &b) && b.dir == -7 && b.type == 2147483647);
    static const char *const bad[] = {"\"UP EGG\"", "[1]", "[1, 2, 3]", "[1, \"2\"]", "[1.5, 2]",
                                      "[2147483648, 0]", "[0, -2147483649]", "{\"dir\": 1}", "null"};
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
        b = (chk_action){5, 5};
        CHECK(!parse_json(bad[k], &b));
        CHECK(b.dir == 0 && b.type == 0);
    }
    buf_free(&text);
}

static char *turn_json(const chk_state *st) {
    buf_t text;
    buf_init(&text);
    jw_t w;
    jw_init(&w, &text);
    G->records.turn_json(st, &w);
    return buf_steal(&text);
}

TEST(replay_turn_events_of_a_fall_a_block_and_an_illegal_move) {
    chk_state st;
    position(&st, CHK_SQ(2, 2), CHK_SQ(5, 4));
    st.pos[CHK_A] = CHK_SQ(2, 3);
    chk_play(&st, CHK_UP, CHK_PLAIN, NULL);
    char *j = turn_json(&st);
    CHECK_EQ_STR(j, "{\"ply\":1,\"mover\":\"A\",\"from\":[2,3],\"to\":[2,2],\"fell\":\"white\"}");
    free(j);
    st.pos[CHK_B] = CHK_SQ(5, 5);
    chk_play(&st, CHK_UP, CHK_PLAIN, NULL);
    j = turn_json(&st);
    CHECK(strstr(j, "\"fell\":\"black\"") != NULL);
    free(j);

    position(&st, -1, -1);
    st.pos[CHK_B] = CHK_SQ(7, 0);
    st.eggs[CHK_A] = CHK_BIT(CHK_SQ(6, 0));
    st.pos[CHK_A] = CHK_SQ(7, 2);
    chk_play(&st, CHK_UP, CHK_PLAIN, NULL);
    j = turn_json(&st);
    CHECK_EQ_STR(j, "{\"ply\":1,\"mover\":\"A\",\"from\":[7,2],\"to\":[7,1],\"blocked\":true}");
    free(j);

    /* A steps off the board from its spawn: INVALID_TURN with rule 11's label. */
    position(&st, -1, -1);
    chk_action acts[2] = {{CHK_LEFT, CHK_PLAIN}, {0, 0}};
    seat_turn turns[2];
    memset(turns, 0, sizeof turns);
    turns[0] = (seat_turn){.asked = true, .has_action = true, .verdict = VERDICT_INVALID, .cause = CAUSE_ILLEGAL};
    G->rules.apply(&st, acts, turns, NULL);
    j = turn_json(&st);
    CHECK_EQ_STR(j, "{\"ply\":1,\"mover\":\"A\",\"fail\":{\"seat\":0,\"reason\":\"INVALID_TURN\",\"check\":\"off_board\"}}");
    free(j);
}

/* ---------- the table: what each verdict costs (Chicken P7) ---------- */

static int lose_by(verdict_kind v, verdict_cause cause, bool idle) {
    chk_state st;
    position(&st, -1, -1);
    chk_action acts[2] = {{CHK_RIGHT, CHK_PLAIN}, {0, 0}};
    seat_turn turns[2];
    memset(turns, 0, sizeof turns);
    turns[0] = (seat_turn){.asked = true, .has_action = true, .verdict = VERDICT_OK};
    turns[idle ? 1 : 0] = (seat_turn){.asked = !idle, .verdict = v, .cause = cause};
    G->rules.apply(&st, acts, turns, NULL);
    CHECK(st.over && st.winner == (idle ? CHK_WIN_A : CHK_WIN_B));
    CHECK_EQ_INT(st.last.fail_seat, idle ? 1 : 0);
    CHECK_EQ_INT(st.last.moved, idle); /* an idle seat's failure lets the move in progress stand (Chicken D10) */
    return st.reason;
}

/* Chicken P7: Every failure loses the game for the failing seat: */
TEST(P7_each_verdict_and_its_reason) {
    CHECK_EQ_INT(lose_by(VERDICT_DOWN, CAUSE_BANK, false), CHK_TIMEOUT);
    CHECK_EQ_INT(lose_by(VERDICT_DOWN, CAUSE_HARD, false), CHK_TIMEOUT);
    CHECK_EQ_INT(lose_by(VERDICT_DOWN, CAUSE_FLOOD, false), CHK_CODE_CRASH);
    CHECK_EQ_INT(lose_by(VERDICT_LATE, CAUSE_SOFT, false), CHK_TIMEOUT);
    CHECK_EQ_INT(lose_by(VERDICT_INVALID, CAUSE_MALFORMED, false), CHK_INVALID_TURN);
    CHECK_EQ_INT(lose_by(VERDICT_CRASH, CAUSE_SIGNAL, false), CHK_CODE_CRASH);
    CHECK_EQ_INT(lose_by(VERDICT_CRASH, CAUSE_MEMORY, false), CHK_MEMORY_ERROR);
    CHECK_EQ_INT(lose_by(VERDICT_CRASH, CAUSE_EXIT, true), CHK_CODE_CRASH);
    CHECK_EQ_INT(lose_by(VERDICT_DOWN, CAUSE_FLOOD, true), CHK_CODE_CRASH);
    /* A reply that parsed but is not a legal move, with no verdict given: INVALID_TURN all the same. */
    chk_state st;
    position(&st, -1, -1);
    chk_action acts[2] = {{CHK_LEFT, CHK_EGG}, {0, 0}};
    seat_turn turns[2];
    memset(turns, 0, sizeof turns);
    turns[0] = (seat_turn){.asked = true, .has_action = true, .verdict = VERDICT_OK};
    G->rules.apply(&st, acts, turns, NULL);
    CHECK(st.over && st.reason == CHK_INVALID_TURN && st.winner == CHK_WIN_B);
    CHECK_EQ_INT(st.last.fail_check, CHK_OFF_BOARD);
    /* ... and a direction out of its enumeration. */
    position(&st, -1, -1);
    acts[0] = (chk_action){9, 0};
    G->rules.apply(&st, acts, turns, NULL);
    CHECK(st.over && st.reason == CHK_INVALID_TURN);
    CHECK_EQ_INT(st.last.fail_check, CHK_BAD_DIRECTION);
    /* A game over asks no one; a game in progress scores a half each. */
    bool mask[2] = {false, false};
    CHECK_EQ_INT(G->rules.to_act(&st, mask), 0);
    CHECK(!mask[0] && !mask[1]);
    position(&st, -1, -1);
    double scores[2];
    int ranks[2];
    G->rules.result(&st, scores, ranks);
    CHECK(scores[0] == 0.5 && scores[1] == 0.5);
    buf_t why;
    buf_init(&why);
    CHECK_EQ_INT(G->rules.validate(&st, 1, &(chk_action){CHK_LEFT, CHK_PLAIN}, &why), 1);
    CHECK_EQ_STR(buf_cstr(&why), "illegal: not your turn");
    CHECK_EQ_INT(G->rules.validate(&st, 1, &(chk_action){CHK_LEFT, CHK_PLAIN}, NULL), 1);
    /* A direction or a type outside the enumerations is illegal, and says which (Chicken R16). */
    static const struct {
        chk_action a;
        const char *why;
        int check;
    } odd[] = {{{-1, 0}, "illegal: unknown_direction", CHK_BAD_DIRECTION},
               {{4, 0}, "illegal: unknown_direction", CHK_BAD_DIRECTION},
               {{0, -1}, "illegal: unknown_type", CHK_BAD_TYPE},
               {{1, 3}, "illegal: unknown_type", CHK_BAD_TYPE}};
    for (size_t k = 0; k < sizeof odd / sizeof *odd; k++) {
        position(&st, -1, -1);
        buf_reset(&why);
        CHECK_EQ_INT(G->rules.validate(&st, 0, &odd[k].a, &why), 1);
        CHECK_EQ_STR(buf_cstr(&why), odd[k].why);
        acts[0] = odd[k].a;
        G->rules.apply(&st, acts, turns, NULL);
        CHECK(st.over && st.reason == CHK_INVALID_TURN && st.winner == CHK_WIN_B);
        CHECK_EQ_INT(st.last.fail_check, odd[k].check);
    }
    buf_free(&why);
}

/* Chicken P5.3: `end A|B|TIE REASON A_EGGS B_EGGS` to both seats, then stdin closes */
TEST(P5_3_no_end_line_while_the_game_goes_on_and_a_bad_option_refuses_the_game) {
    chk_state st;
    position(&st, -1, -1);
    buf_t out;
    buf_init(&out);
    G->wire.encode_end(&st, 0, &out);
    CHECK_EQ_INT(out.len, 0);
    chk_lose(&st, CHK_B, CHK_TIMEOUT);
    G->wire.encode_end(&st, 1, &out);
    CHECK_EQ_STR(buf_cstr(&out), "end A TIMEOUT 0 0\n");
    /* A game with a bad option is not created, and says why. */
    const char *kv[] = {"colours=blue"};
    game_options o;
    buf_reset(&out);
    CHECK(match_parse_options(G, 1, (char **)kv, &o, &out));
    rng_t rng;
    rng_seed(&rng, 1, RNG_STREAM_MATCH);
    game_setup setup = {2, &o, 1, &rng};
    CHECK(G->rules.create(&setup, &out) == NULL);
    CHECK_EQ_STR(buf_cstr(&out), "option colours=blue: expected random or fixed");
    buf_free(&out);
}

/* No bank in force (--no-timeout): the messages state one day, 86400000 ms (Chicken P5.1). */
TEST(no_bank_in_force_messages_state_one_day) {
    chk_state st;
    position(&st, -1, -1);
    tell_clocks(&st, 0, 10000, 5, 5);
    CHECK(st.bank_left_ms[0] == CHK_NO_BANK && st.bank_left_ms[1] == CHK_NO_BANK);
    buf_t out;
    buf_init(&out);
    G->wire.encode_hello(&st, 1, &out);
    CHECK(strstr(buf_cstr(&out), "\nbank 86400000\nstartup 10000\n") != NULL);
    chk_view v;
    G->rules.view(&st, 0, &v);
    CHECK_EQ_INT(v.bank_ms, -1);
    buf_reset(&out);
    G->wire.encode_view(&v, &out);
    CHECK(strstr(buf_cstr(&out), "\ntime 86400000 86400000\n") != NULL);
    buf_free(&out);
}

/* ---------- the log ---------- */

static void ev(void *lg, const chk_state *st, log_event e, buf_t *out) { G->records.log_event(lg, st, &e, out); }

#define LOGEV(k, s, t, ...) ((log_event){.kind = (k), .seat = (s), .turn = (t), .now = (t), __VA_ARGS__})

TEST(log_every_failure_as_the_log_writes_it) {
    chk_state st;
    position(&st, CHK_SQ(3, 3), CHK_SQ(4, 3));
    game_names names = {2, {"alice", NULL}, {"", ""}};
    void *lg = G->records.log_new(&names);
    buf_t out;
    buf_init(&out);
    ev(lg, &st, LOGEV(LOGEV_DOWN, 1, -1, .cause = CAUSE_STARTUP, .elapsed_us = 10000400), &out);
    ev(lg, &st, LOGEV(LOGEV_RAWLOG, 0, -1, .text = "#log: raw", .len = 9), &out);
    CHECK_EQ_INT(out.len, 0);
    ev(lg, &st, LOGEV(LOGEV_START, -1, 0), &out);
    CHECK_EQ_STR(buf_cstr(&out), "game start: A (alice) vs B (?); spawns (0,2) (7,2); trapdoors (3,3) (4,3)\n"
                                 "start-up: B (?) FAILED_INIT: no `ready` within 10000 ms\n"
                                 "[alice | turn #0]: #log: raw\n");
    buf_reset(&out);
    ev(lg, &st, LOGEV(LOGEV_LATE, 0, 4), &out); /* a late reply that never came: nothing */
    ev(lg, &st, LOGEV(LOGEV_LATE, 0, 4, .elapsed_us = 1500000, .text = "UP \"EGG\"\r", .len = 9), &out);
    ev(lg, &st, LOGEV(LOGEV_DOWN, 1, 5, .cause = CAUSE_FLOOD), &out);
    ev(lg, &st, LOGEV(LOGEV_DOWN, 0, 6, .cause = CAUSE_BANK, .elapsed_us = 360000999), &out);
    ev(lg, &st, LOGEV(LOGEV_CRASH, 1, 7, .cause = CAUSE_START), &out);
    ev(lg, &st, LOGEV(LOGEV_CRASH, 1, 7, .cause = CAUSE_SIGNAL, .status = 11), &out);
    ev(lg, &st, LOGEV(LOGEV_CRASH, 1, 7, .cause = CAUSE_SIGNAL, .status = 99), &out);
    ev(lg, &st, LOGEV(LOGEV_CRASH, 0, 8, .cause = CAUSE_CLOSED), &out);
    ev(lg, &st, LOGEV(LOGEV_CRASH, 0, 8, .cause = CAUSE_EXIT, .status = 2), &out);
    ev(lg, &st, LOGEV(LOGEV_INVALID, 0, 8, .cause = CAUSE_MALFORMED, .text = "a\\b\tc\xff", .len = 6, .detail = ""), &out);
    ev(lg, &st, LOGEV(LOGEV_INVALID, 0, 8, .cause = CAUSE_MALFORMED), &out);
    ev(lg, &st, LOGEV(LOGEV_UNASKED, 1, 8, .text = "DOWN EGG", .len = 8), &out);
    ev(lg, &st, LOGEV(LOGEV_UNASKED, 1, 8), &out);
    ev(lg, &st, LOGEV(LOGEV_SKIP, 0, 8, .detail = "skipped"), &out);
    ev(lg, &st, LOGEV(LOGEV_COMMENT, 1, 9, .text = "#", .len = 1), &out);
    ev(lg, &st, LOGEV(LOGEV_COMMENT, 0, 9, .text = "x \r", .len = 3), &out);
    ev(lg, &st, LOGEV(LOGEV_RAWLOG, -1, 9, .text = "referee", .len = 7), &out);
    CHECK_EQ_STR(buf_cstr(&out), "ply 5: A (alice) replied after 1.500 s, too late (ignored): \"UP \\\"EGG\\\"\"\n"
                                 "ply 6: B (?) CODE_CRASH (flood: too much output in one turn)\n"
                                 "ply 7: A (alice) TIMEOUT (bank exhausted: 360000 ms)\n"
                                 "ply 8: B (?) FAILED_INIT (could not be started)\n"
                                 "ply 8: B (?) CODE_CRASH (killed by signal 11, SIGSEGV)\n"
                                 "ply 8: B (?) CODE_CRASH (killed by signal 99, SIG?)\n"
                                 "ply 9: A (alice) CODE_CRASH (closed its output)\n"
                                 "ply 9: A (alice) CODE_CRASH (exit status 2)\n"
                                 "ply 9: A (alice) INVALID_TURN (malformed): \"a\\\\b\\x09c\\xff\"\n"
                                 "ply 9: A (alice) INVALID_TURN (malformed): \"\"\n"
                                 "ply 9: B (?) wrote a line while not on move (discarded): \"DOWN EGG\"\n"
                                 "ply 9: B (?) wrote a line while not on move (discarded): \"\"\n"
                                 "[? | turn #9]: \n"
                                 "[alice | turn #9]: x \n"
                                 "[? | turn #9]: referee\n");
    G->records.log_free(lg);
    buf_free(&out);
}

TEST(log_long_lines_are_cut) {
    chk_state st;
    position(&st, CHK_SQ(3, 3), CHK_SQ(4, 3));
    game_names names = {2, {"alice", "bob"}, {"", ""}};
    void *lg = G->records.log_new(&names);
    buf_t out, big;
    buf_init(&out);
    buf_init(&big);
    buf_puts(&big, "# ");
    while (big.len < 6000) buf_putc(&big, 'z');
    ev(lg, &st, LOGEV(LOGEV_START, -1, 0), &out);
    buf_reset(&out);
    /* Comments and raw lines: 4096 bytes of text; a quoted reply: 200 bytes. */
    ev(lg, &st, LOGEV(LOGEV_COMMENT, 0, 2, .text = big.data, .len = big.len), &out);
    CHECK_EQ_INT(out.len, strlen("[alice | turn #2]: ") + 4096 + 1);
    buf_reset(&out);
    ev(lg, &st, LOGEV(LOGEV_RAWLOG, 0, 2, .text = big.data + 2, .len = big.len - 2), &out);
    CHECK_EQ_INT(out.len, strlen("[alice | turn #2]: ") + 4096 + 1);
    buf_reset(&out);
    ev(lg, &st, LOGEV(LOGEV_INVALID, 1, 2, .text = big.data + 2, .len = big.len - 2, .detail = "malformed"), &out);
    CHECK_EQ_INT(out.len, strlen("ply 3: B (bob) INVALID_TURN (malformed): \"\"\n") + 200);
    G->records.log_free(lg);
    buf_free(&out);
    buf_free(&big);
}

/* Chicken D10: a crash while idle loses when the seat's next turn begins; the opponent's move stands */
TEST(log_turn_lines_of_falls_blocks_and_a_crash_while_idle) {
    game_names names = {2, {"alice", "bob"}, {"", ""}};
    buf_t out;
    buf_init(&out);
    chk_state st;
    /* A falls through the white door; no clock told: no think time, no bank. */
    position(&st, CHK_SQ(2, 2), CHK_SQ(5, 4));
    st.pos[CHK_A] = CHK_SQ(2, 3);
    void *lg = G->records.log_new(&names);
    ev(lg, &st, LOGEV(LOGEV_START, -1, 0), &out);
    buf_reset(&out);
    chk_play(&st, CHK_UP, CHK_PLAIN, NULL);
    ev(lg, &st, LOGEV(LOGEV_TURN, -1, 0), &out);
    CHECK_EQ_STR(buf_cstr(&out), "ply 1: A (alice) plays UP PLAIN\n"
                                 "ply 1: A (alice) fell through the trapdoor at (2,2), returned to (0,2); B +4\n");
    buf_reset(&out);
    /* B falls while A stands on B's spawn: SPAWN_BLOCKED (Chicken Q2a). */
    position(&st, CHK_SQ(2, 2), CHK_SQ(5, 2));
    st.mover = CHK_B;
    st.pos[CHK_B] = CHK_SQ(6, 2);
    st.pos[CHK_A] = CHK_SQ(7, 2);
    chk_play(&st, CHK_LEFT, CHK_PLAIN, NULL);
    CHECK(st.over && st.reason == CHK_SPAWN_BLOCKED);
    ev(lg, &st, LOGEV(LOGEV_TURN, -1, 1), &out);
    CHECK_EQ_STR(buf_cstr(&out), "ply 1: B (bob) plays LEFT PLAIN\n"
                                 "ply 1: B (bob) fell through the trapdoor at (5,2), returned to (7,2); A +4\n"
                                 "ply 1: B (bob) cannot stand on its spawn: SPAWN_BLOCKED\n");
    buf_reset(&out);
    /* B blocks A: +5, BLOCKING_END. */
    position(&st, -1, -1);
    st.mover = CHK_B;
    st.pos[CHK_A] = CHK_SQ(0, 0);
    st.eggs[CHK_B] = CHK_BIT(CHK_SQ(1, 0));
    st.pos[CHK_B] = CHK_SQ(0, 2);
    chk_play(&st, CHK_UP, CHK_PLAIN, NULL);
    CHECK(st.over && st.reason == CHK_BLOCKING_END);
    ev(lg, &st, LOGEV(LOGEV_TURN, -1, 1), &out);
    CHECK_EQ_STR(buf_cstr(&out), "ply 1: B (bob) plays UP PLAIN\nply 1: B (bob) leaves A no legal move: +5, BLOCKING_END\n");
    buf_reset(&out);
    /* B crashed while A was thinking: A's move stands, B loses as its turn begins. */
    position(&st, -1, -1);
    tell_clocks(&st, 360000, 10000, 359000, 360000);
    chk_action acts[2] = {{CHK_RIGHT, CHK_EGG}, {0, 0}};
    seat_turn turns[2];
    memset(turns, 0, sizeof turns);
    turns[0] = (seat_turn){.asked = true, .has_action = true, .verdict = VERDICT_OK, .elapsed_us = 250000};
    turns[1] = (seat_turn){.verdict = VERDICT_CRASH, .cause = CAUSE_SIGNAL, .status = 9};
    G->rules.apply(&st, acts, turns, NULL);
    ev(lg, &st, LOGEV(LOGEV_TURN, -1, 0), &out);
    CHECK_EQ_STR(buf_cstr(&out), "ply 1: A (alice) plays RIGHT EGG in 0.250 s, bank 359.000 s\n"
                                 "ply 1: B (bob) CODE_CRASH while idle: it loses as its turn begins\n");
    buf_reset(&out);
    /* A failed ply has no line of its own here: the referee logged the verdict. */
    position(&st, -1, -1);
    turns[0] = (seat_turn){.asked = true, .verdict = VERDICT_DOWN, .cause = CAUSE_BANK};
    turns[1] = (seat_turn){0};
    G->rules.apply(&st, acts, turns, NULL);
    ev(lg, &st, LOGEV(LOGEV_TURN, -1, 0), &out);
    CHECK_EQ_STR(buf_cstr(&out), "");
    /* Both failed start-up: a tie. */
    chk_both_failed_init(&st);
    ev(lg, &st, LOGEV(LOGEV_END, -1, 0), &out);
    CHECK_EQ_STR(buf_cstr(&out), "game over: tie by FAILED_INIT, eggs 0-0\n");
    G->records.log_free(lg);
    buf_free(&out);
}

TEST(log_a_game_over_before_the_start_line_still_gets_it) {
    chk_state st;
    position(&st, CHK_SQ(3, 3), CHK_SQ(4, 3));
    game_names names = {2, {"alice", "bob"}, {"", ""}};
    void *lg = G->records.log_new(&names);
    buf_t out;
    buf_init(&out);
    ev(lg, &st, LOGEV(LOGEV_CRASH, 0, -1, .cause = CAUSE_START), &out);
    chk_lose(&st, CHK_A, CHK_FAILED_INIT);
    ev(lg, &st, LOGEV(LOGEV_END, -1, 0), &out);
    CHECK_EQ_STR(buf_cstr(&out), "game start: A (alice) vs B (bob); spawns (0,2) (7,2); trapdoors (3,3) (4,3)\n"
                                 "ply 0: A (alice) FAILED_INIT (could not be started)\n"
                                 "game over: B (bob) wins by FAILED_INIT, eggs 0-0\n");
    G->records.log_free(lg);
    buf_free(&out);
}

/* ---------- the display (Chicken P9) ---------- */

static bool shows(canvas_t *c, const char *text) {
    char *all = canvas_plain(c);
    bool found = strstr(all, text) != NULL;
    free(all);
    return found;
}

TEST(P9_a_fall_a_block_a_verdict_and_the_end) {
    game_names names = {1, {"alice"}, {""}}; /* B has no name */
    canvas_t *c = canvas_new(G->display.rows, G->display.cols);
    chk_state st;
    position(&st, CHK_SQ(2, 2), CHK_SQ(5, 4));
    st.pos[CHK_A] = CHK_SQ(2, 3);
    st.turds[CHK_A] = CHK_BIT(CHK_SQ(6, 6));
    st.turds[CHK_B] = CHK_BIT(CHK_SQ(6, 7));
    st.eggs[CHK_B] = CHK_BIT(CHK_SQ(7, 2)); /* B stands on its own egg */
    chk_play(&st, CHK_UP, CHK_PLAIN, NULL);
    st.last.think_us = 1250000;
    G->display.draw(&st, &names, "b", c);
    CHECK(shows(c, "--- TURN 2: B to play") && shows(c, "view: B") && shows(c, "% B ?"));
    CHECK(shows(c, "ply 1: A UP PLAIN") && shows(c, "think time 1.250 s") &&
          shows(c, "fell through the trapdoor at (2,2)!"));
    CHECK(shows(c, "B senses: hear W:no B:no  feel W:no B:no"));
    CHECK(!shows(c, "P(hear)")); /* a seat's view: no door odds */
    /* The found door shows as T; the turds as A and B; B on its egg shows B. */
    CHECK_EQ_STR(canvas_at(c, 6 + 2, 2 + 3 * 2 + 1)->ch, "T");
    CHECK_EQ_STR(canvas_at(c, 6 + 6, 2 + 3 * 6 + 1)->ch, "A");
    CHECK_EQ_STR(canvas_at(c, 6 + 7, 2 + 3 * 6 + 1)->ch, "B");
    CHECK_EQ_STR(canvas_at(c, 6 + 2, 2 + 3 * 7 + 1)->ch, "%");
    CHECK(canvas_at(c, 6 + 2, 2 + 3 * 7 + 1)->bg != canvas_at(c, 6 + 4, 2 + 3 * 7 + 1)->bg); /* both black squares */
    /* A's view on B's move: the readings are hidden. */
    G->display.draw(&st, &names, "a", c);
    CHECK(shows(c, "view: A") && shows(c, "(the mover's readings are hidden)"));

    position(&st, -1, -1);
    st.mover = CHK_B;
    st.pos[CHK_A] = CHK_SQ(0, 0);
    st.eggs[CHK_B] = CHK_BIT(CHK_SQ(1, 0));
    st.pos[CHK_B] = CHK_SQ(0, 2);
    chk_play(&st, CHK_UP, CHK_PLAIN, NULL);
    G->display.draw(&st, &names, NULL, c);
    CHECK(shows(c, "--- GAME OVER after 1 plies") && shows(c, "opponent blocked: +5") &&
          shows(c, "B (?) wins by BLOCKING_END 5-0"));

    /* An illegal move: the verdict and the check. */
    position(&st, -1, -1);
    chk_action acts[2] = {{CHK_LEFT, CHK_TURD}, {0, 0}};
    seat_turn turns[2];
    memset(turns, 0, sizeof turns);
    turns[0] = (seat_turn){.asked = true, .has_action = true, .verdict = VERDICT_INVALID, .cause = CAUSE_ILLEGAL};
    G->rules.apply(&st, acts, turns, NULL);
    G->display.draw(&st, &names, NULL, c);
    CHECK(shows(c, "VERDICT: A (alice) INVALID_TURN") && shows(c, "illegal LEFT TURD: off_board"));
    CHECK(shows(c, "B (?) wins by INVALID_TURN 0-0"));
    /* A verdict with no move (a crash), and a tie. */
    position(&st, -1, -1);
    st.score[CHK_A] = st.score[CHK_B] = 2;
    turns[0] = (seat_turn){.asked = true, .verdict = VERDICT_CRASH, .cause = CAUSE_EXIT, .status = 1};
    G->rules.apply(&st, acts, turns, NULL);
    G->display.draw(&st, &names, NULL, c);
    CHECK(shows(c, "VERDICT: A (alice) CODE_CRASH") && !shows(c, "illegal"));
    CHECK(shows(c, "A (alice) wins") == false);
    chk_both_failed_init(&st);
    G->display.draw(&st, &names, NULL, c);
    CHECK(shows(c, "TIE by FAILED_INIT 2-2"));

    /* B's illegal move after A's: A wins; a spectator sees the mover's readings and the odds. */
    position(&st, CHK_SQ(3, 3), CHK_SQ(4, 3));
    st.sense[CHK_HEAR_WHITE] = st.sense[CHK_FEEL_BLACK] = true;
    G->display.draw(&st, &names, "B", c);
    CHECK(shows(c, "view: B") && shows(c, "(the mover's readings are hidden)"));
    G->display.draw(&st, &names, NULL, c);
    CHECK(shows(c, "A senses: hear W:yes B:no  feel W:no B:yes") && shows(c, "white door: P(hear) 0% P(feel) 0%"));
    chk_play(&st, CHK_RIGHT, CHK_PLAIN, NULL);
    static const struct {
        chk_action a;
        const char *text;
    } bad[] = {{{CHK_RIGHT, CHK_TURD}, "illegal RIGHT TURD: off_board"},
               {{-1, 3}, "illegal ? ?: unknown_direction"},
               {{7, -2}, "illegal ? ?: unknown_direction"}};
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
        chk_state s2 = st;
        chk_action acts2[2] = {{0, 0}, bad[k].a};
        seat_turn turns2[2];
        memset(turns2, 0, sizeof turns2);
        turns2[1] = (seat_turn){.asked = true, .has_action = true, .verdict = VERDICT_INVALID, .cause = CAUSE_ILLEGAL};
        G->rules.apply(&s2, acts2, turns2, NULL);
        G->display.draw(&s2, &names, NULL, c);
        CHECK(shows(c, "VERDICT: B (?) INVALID_TURN") && shows(c, bad[k].text));
        CHECK(shows(c, "A (alice) wins by INVALID_TURN 0-0"));
    }
    canvas_free(c);
}

/* ---------- the match JSON's error logs (Chicken P8.4) ---------- */

static json_t *history_of(const chk_state *st, const game_names *names, const game_seat_notes *notes, buf_t *stem) {
    chk_history *h = calloc(1, G->records.history_size);
    buf_t out;
    buf_init(&out);
    G->records.history_end(h, st, names, notes, stem, &out);
    json_t *j = json_loads(buf_cstr(&out), 0, NULL);
    buf_free(&out);
    free(h);
    return j;
}

TEST(P8_4_errlog_says_why_and_keeps_every_byte_of_stderr) {
    chk_state st;
    position(&st, -1, -1);
    chk_action acts[2] = {{0, 0}, {0, 0}};
    seat_turn turns[2];
    memset(turns, 0, sizeof turns);
    turns[0] = (seat_turn){.asked = true, .verdict = VERDICT_DOWN, .cause = CAUSE_BANK};
    G->rules.apply(&st, acts, turns, NULL);
    /* Every byte: quotes, backslashes and control bytes escaped as Python does, and each byte above
     * 0x7e as the code point of its value (a file reads back as the bytes taken as Latin-1). */
    char tail[6000];
    memset(tail, 'e', sizeof tail);
    const char *odd = "\"\\\n\r\t\b\f\x01\xc3\xa9!";
    memcpy(tail + sizeof tail - 1 - strlen(odd), odd, strlen(odd));
    tail[sizeof tail - 1] = 0;
    game_seat_notes notes[2] = {{"", "", tail}, {"", "", ""}};
    game_names names = {2, {NULL, "b\xc3\xa9 b"}, {"", ""}};
    buf_t stem;
    buf_init(&stem);
    json_t *j = history_of(&st, &names, notes, &stem);
    CHECK_EQ_STR(buf_cstr(&stem), "bot_b___b");
    const char *ea = json_string_value(json_object_get(j, "errlog_a"));
    /* The reason, then the last 4096 bytes of stderr. */
    CHECK(ea && strncmp(ea, "TIMEOUT: time bank exhausted\neeee", 33) == 0);
    const char *latin1 = "\"\\\n\r\t\b\f\x01\xc3\x83\xc2\xa9!";
    CHECK(ea && strlen(ea) == strlen("TIMEOUT: time bank exhausted\n") + 4096 + 2);
    CHECK(ea && strcmp(ea + strlen(ea) - strlen(latin1), latin1) == 0);
    CHECK_EQ_STR(json_string_value(json_object_get(j, "errlog_b")), "");
    CHECK_EQ_INT(json_integer_value(json_object_get(j, "start_time")), 0); /* no clock told */
    json_decref(j);
    buf_free(&stem);

    /* A crash with no detail: "seat failed"; a received line is quoted. */
    position(&st, -1, -1);
    turns[0] = (seat_turn){.asked = true, .verdict = VERDICT_CRASH, .cause = CAUSE_EXIT, .status = 1};
    G->rules.apply(&st, acts, turns, NULL);
    game_seat_notes notes2[2] = {{"UP", "", ""}, {"", "", ""}};
    game_names names2 = {2, {"", "Al.ic_e-9/Z~[ "}, {"", ""}};
    buf_init(&stem);
    j = history_of(&st, &names2, notes2, &stem);
    CHECK_EQ_STR(buf_cstr(&stem), "bot_Al.ic_e-9_Z___");
    CHECK_EQ_STR(json_string_value(json_object_get(j, "errlog_a")), "CODE_CRASH: seat failed (received \"UP\")\n");
    json_decref(j);
    buf_free(&stem);
    /* No notes at all: empty error logs. */
    buf_init(&stem);
    j = history_of(&st, &names, NULL, &stem);
    CHECK_EQ_STR(json_string_value(json_object_get(j, "errlog_a")), "");
    json_decref(j);
    buf_free(&stem);
}

/* The match JSON (Chicken P8.4) has a row per completed ply, the fall's +4 in its own row. */
TEST(P8_4_a_fall_on_the_first_ply_is_the_first_row) {
    chk_state st;
    position(&st, CHK_SQ(2, 2), CHK_SQ(5, 4));
    st.pos[CHK_A] = CHK_SQ(2, 3);
    chk_history *h = calloc(1, G->records.history_size);
    chk_play(&st, CHK_UP, CHK_PLAIN, NULL);
    G->records.history_turn(h, &st);
    chk_play(&st, CHK_LEFT, CHK_EGG, NULL);
    G->records.history_turn(h, &st);
    buf_t stem, out;
    buf_init(&stem);
    buf_init(&out);
    game_names names = {2, {"a", "b"}, {"", ""}};
    G->records.history_end(h, &st, &names, NULL, &stem, &out);
    CHECK(strstr(buf_cstr(&out), "\"pos\": [[0, 2], [6, 2]], \"a_eggs_laid\": [0, 0], \"b_eggs_laid\": [4, 5]") != NULL);
    CHECK(strstr(buf_cstr(&out), "\"trapdoor_triggered\": [1, 0], \"left_behind\": [\"plain\", \"egg\"]") != NULL);
    buf_free(&stem);
    buf_free(&out);
    free(h);
}

TEST(P8_4_an_illegal_move_without_detail_names_its_check) {
    chk_state st;
    position(&st, -1, -1);
    chk_action acts[2] = {{CHK_LEFT, CHK_PLAIN}, {0, 0}};
    seat_turn turns[2];
    memset(turns, 0, sizeof turns);
    turns[0] = (seat_turn){.asked = true, .has_action = true, .verdict = VERDICT_INVALID, .cause = CAUSE_ILLEGAL};
    G->rules.apply(&st, acts, turns, NULL);
    game_seat_notes notes[2] = {{"LEFT PLAIN", "", ""}, {"", "", ""}};
    game_names names = {2, {"a", "b"}, {"", ""}};
    buf_t stem;
    buf_init(&stem);
    json_t *j = history_of(&st, &names, notes, &stem);
    CHECK_EQ_STR(json_string_value(json_object_get(j, "errlog_a")), "INVALID_TURN: off_board (received \"LEFT PLAIN\")\n");
    json_decref(j);
    buf_free(&stem);
}

/* ---------- options (docs/games/chicken.md "Options") ---------- */

static bool options(const char *kv, chk_config *c, buf_t *err) {
    game_options o;
    char *v[] = {(char *)kv};
    buf_reset(err);
    CHECK(match_parse_options(G, 1, v, &o, err));
    return chk_config_parse(&o, c, err);
}

TEST(options_each_refusal_says_what_it_expects) {
    static const struct {
        const char *kv, *err;
    } bad[] = {
        {"colours=blue", "option colours=blue: expected random or fixed"},
        {"moves=1001", "option moves=1001: expected an integer from 1 to 1000"},
        {"turds=-1", "option turds=-1: expected an integer from 0 to 64"},
        {"spawn=x", "option spawn=x: expected random or a row from 1 to 6"},
        {"doors=33;4,3", "option doors=33;4,3: expected WX,WY;BX,BY (white door; black door), e.g. 3,3;4,3"},
        {"doors=3,x;4,3", "option doors=3,x;4,3: expected WX,WY;BX,BY (white door; black door), e.g. 3,3;4,3"},
        {"doors=3,3;4,8", "option doors=3,3;4,8: expected WX,WY;BX,BY (white door; black door), e.g. 3,3;4,3"},
        {"doors=3,3;4,4", "option doors=3,3;4,4: the white door needs x+y even and the black door x+y odd"},
        {"doors=3,3;7,6", "option doors=3,3;7,6: a door may not be on a spawn (x = 0 or 7 on the spawn rows 1..6)"},
    };
    buf_t err;
    buf_init(&err);
    chk_config c;
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        CHECK(!options(bad[i].kv, &c, &err));
        CHECK_EQ_STR(buf_cstr(&err), bad[i].err);
    }
    /* With the spawn row fixed, only that row's edge squares are spawns. */
    const char *kv[] = {"spawn=2", "doors=0,4;7,2"};
    game_options o;
    buf_reset(&err);
    CHECK(match_parse_options(G, 2, (char **)kv, &o, &err));
    CHECK(!chk_config_parse(&o, &c, &err));
    CHECK_EQ_STR(buf_cstr(&err), "option doors=0,4;7,2: a door may not be on a spawn (x = 0 or 7 on the spawn row)");
    const char *ok[] = {"spawn=2", "doors=0,4;7,0", "colours=random"};
    CHECK(match_parse_options(G, 3, (char **)ok, &o, &err));
    CHECK(chk_config_parse(&o, &c, &err));
    CHECK(c.doors[0] == CHK_SQ(0, 4) && c.doors[1] == CHK_SQ(7, 0) && !c.colours_fixed);
    /* With a drawn spawn row, the corners are still free. */
    CHECK(options("doors=0,0;7,0", &c, &err) && c.doors[0] == CHK_SQ(0, 0) && c.spawn_row == 0);
    CHECK(options("doors=7,7;0,7", &c, &err) && c.doors[0] == CHK_SQ(7, 7) && c.doors[1] == CHK_SQ(0, 7));
    CHECK(options("doors=random", &c, &err) && c.doors[0] == -1 && c.doors[1] == -1);
    CHECK(options("spawn=random", &c, &err) && c.spawn_row == 0);
    buf_free(&err);
}

/* ---------- the bots (Chicken P10) where the rules leave them nothing or one way out ---------- */

/* Every built-in bot, asked in view v (seed `seed`), answers dir and type. */
static void every_bot_plays(const chk_view *v, uint64_t seed, int dir, int type) {
    for (const game_bot *b = G->bots; b->name; b++) {
        void *mem = calloc(1, b->memory_size + 1);
        rng_t rng;
        rng_seed(&rng, seed, RNG_STREAM_BOT);
        chk_action a = {9, 9};
        CHECK(b->act(mem, v, &a, &rng));
        if (a.dir != dir || a.type != type) printf("# %s answered %d %d\n", b->name, a.dir, a.type);
        CHECK(a.dir == dir && a.type == type);
        free(mem);
    }
}

/* A to move at (0,0), hemmed in by B's egg at (1,0) and B at (0,1): no legal move. A game never asks
 * this (the blocking ply ends it first), but a kit program or the simulator may: every bot answers,
 * UP PLAIN, and the referee judges it. */
TEST(P10_every_bot_answers_a_position_with_no_legal_move) {
    chk_state st;
    position(&st, CHK_SQ(3, 3), CHK_SQ(4, 3));
    st.pos[CHK_A] = CHK_SQ(0, 0);
    st.pos[CHK_B] = CHK_SQ(0, 1);
    st.eggs[CHK_B] = CHK_BIT(CHK_SQ(1, 0));
    CHECK_EQ_INT(chk_legal_mask(&st, CHK_A), 0);
    for (int bank = 0; bank < 2; bank++) {
        /* The searcher thinks by search with a bank of 5 s or more (or none), greedily below it. */
        if (bank) tell_clocks(&st, 360000, 10000, 4000, 360000);
        chk_view v;
        G->rules.view(&st, 0, &v);
        every_bot_plays(&v, 5, CHK_UP, CHK_PLAIN);
    }
}

/* A at (0,0) on its own egg, B's egg at (1,0): the only legal move is DOWN PLAIN, and every bot
 * plays it (the champion without a search). */
TEST(P10_every_bot_plays_the_only_legal_move) {
    chk_state st;
    position(&st, CHK_SQ(3, 3), CHK_SQ(4, 3));
    st.pos[CHK_A] = CHK_SQ(0, 0);
    st.eggs[CHK_A] = CHK_BIT(CHK_SQ(0, 0));
    st.eggs[CHK_B] = CHK_BIT(CHK_SQ(1, 0));
    CHECK_EQ_INT(chk_legal_mask(&st, CHK_A), 1u << (3 * CHK_DOWN + CHK_PLAIN));
    chk_view v;
    G->rules.view(&st, 0, &v);
    every_bot_plays(&v, 6, CHK_DOWN, CHK_PLAIN);
    /* The champion's plan counts a move with none left as the last one. */
    chk_budget last = chk_champion_budget(360000, 100000, 1), none = chk_champion_budget(360000, 100000, 0);
    CHECK(last.soft_ms == none.soft_ms && last.hard_ms == none.hard_ms && last.hard_ms > 0);
}

/* Chicken Q2a: falling while the opponent stands on the spawn | both share the square | opponent +4, SPAWN_BLOCKED */
TEST(P10_searcher_ahead_ends_the_game_through_a_found_door_onto_its_blocked_spawn) {
    chk_state st;
    position(&st, CHK_SQ(2, 2), CHK_SQ(5, 4));
    st.found[CHK_WHITE_DOOR] = true;
    st.pos[CHK_A] = CHK_SQ(2, 3);
    st.pos[CHK_B] = CHK_SQ(0, 2); /* on A's spawn */
    st.score[CHK_A] = 10;
    chk_action a;
    double value;
    CHECK(chk_search_choose(&st, NULL, CHK_SEARCH_DEPTH, true, &a, &value));
    CHECK(a.dir == CHK_UP && a.type == CHK_PLAIN);
    CHECK(value == 1000 + 10 - 4); /* a win by 6 eggs: B gets the fall's +4 */
    /* Behind on eggs, the same fall loses: it is avoided. */
    st.score[CHK_A] = 0;
    CHECK(chk_search_choose(&st, NULL, CHK_SEARCH_DEPTH, true, &a, &value));
    CHECK(!(a.dir == CHK_UP && a.type == CHK_PLAIN));
    CHECK(value > -1000);
}

/* tracker (Chicken P10): each turn the readings weighed by rule 10's exact probabilities, then
 * renormalised, from the prior again in the impossible case that nothing is left. */
TEST(P10_tracker_starts_again_from_the_prior_after_an_impossible_reading) {
    chk_view v;
    memset(&v, 0, sizeof v);
    v.colour = CHK_A;
    v.pos[CHK_A] = CHK_SQ(0, 0);
    v.pos[CHK_B] = CHK_SQ(7, 7);
    v.sense[CHK_HEAR_WHITE] = true; /* no white door square is within hearing of (0,0) */
    chk_beliefs b;
    memset(&b, 0, sizeof b);
    chk_beliefs_update(&b, &v);
    double white = 0;
    for (int s = 0; s < CHK_CELLS; s++) white += chk_parity(s) == 0 ? CHK_DOOR_WEIGHT[s] : 0;
    CHECK(white > 0);
    for (int s = 0; s < CHK_CELLS; s++) {
        double want = chk_parity(s) == 0 ? CHK_DOOR_WEIGHT[s] / white : b.belief[1][s];
        CHECK(fabs(b.belief[chk_parity(s)][s] - want) < 1e-12);
    }
    /* Every white candidate cleared (A's eggs on all of them): nothing to start from, zero everywhere. */
    for (int s = 0; s < CHK_CELLS; s++)
        if (chk_parity(s) == 0 && CHK_DOOR_WEIGHT[s]) v.eggs[CHK_A] |= CHK_BIT(s);
    chk_beliefs_update(&b, &v);
    double total = 0;
    for (int s = 0; s < CHK_CELLS; s++) total += b.belief[0][s];
    CHECK(total == 0);
    total = 0;
    for (int s = 0; s < CHK_CELLS; s++) total += b.belief[1][s];
    CHECK(fabs(total - 1) < 1e-9);
}

int main(void) {
    RUN(P5_2_malformed_replies_and_their_reasons);
    RUN(an_action_out_of_the_enumerations_is_written_as_numbers);
    RUN(kit_refuses_each_malformed_line_of_a_turn_block);
    RUN(kit_refuses_garbage_and_ignores_unknown_keywords);
    RUN(kit_reads_a_turn_block_for_B_and_ignores_what_it_does_not_know);
    RUN(replay_actions_round_trip_and_refuse_other_json);
    RUN(replay_turn_events_of_a_fall_a_block_and_an_illegal_move);
    RUN(P7_each_verdict_and_its_reason);
    RUN(P5_3_no_end_line_while_the_game_goes_on_and_a_bad_option_refuses_the_game);
    RUN(no_bank_in_force_messages_state_one_day);
    RUN(log_every_failure_as_the_log_writes_it);
    RUN(log_long_lines_are_cut);
    RUN(log_turn_lines_of_falls_blocks_and_a_crash_while_idle);
    RUN(log_a_game_over_before_the_start_line_still_gets_it);
    RUN(P9_a_fall_a_block_a_verdict_and_the_end);
    RUN(P8_4_errlog_says_why_and_keeps_every_byte_of_stderr);
    RUN(P8_4_a_fall_on_the_first_ply_is_the_first_row);
    RUN(P8_4_an_illegal_move_without_detail_names_its_check);
    RUN(options_each_refusal_says_what_it_expects);
    RUN(P10_every_bot_answers_a_position_with_no_legal_move);
    RUN(P10_every_bot_plays_the_only_legal_move);
    RUN(P10_tracker_starts_again_from_the_prior_after_an_impossible_reading);
    RUN(P10_searcher_ahead_ends_the_game_through_a_found_door_onto_its_blocked_spawn);
    return T_DONE();
}
