/* test_suitebot_edges.c: SuiteBot II's rarer paths, each against docs/games/suitebot.md: the
 * messages of a refused option (SuiteBot P4) or notation (SuiteBot P11.1), the kit parser's
 * refusals and the `arena` extras (SuiteBot P5.1, D20), the log lines of SuiteBot P7 for every
 * referee event and round event, the table's bookkeeping (late, invalid, down), the simulator's
 * encoding and the picture of SuiteBot P9 (status column, agents on bases, bombs under agents,
 * large plans). */
#include "t.h"
#include "core/buf.h"
#include "core/jw.h"
#include "game/canvas.h"
#include "games/suitebot/sb.h"
#include "sb_fixture.h"
#include <jansson.h>

static int letter_move(char c) {
    const char *p = strchr(SB_LETTERS, c);
    return p && c ? (int)(p - SB_LETTERS) : -1;
}

static void play(sb_state *st, const char *letters) {
    int moves[SB_MAX_PLAYERS], k = 0;
    for (const char *p = letters; *p; p++)
        if (*p != ' ') moves[k++] = letter_move(*p);
    sb_play_round(st, moves);
}

/* The error a notation gets (maps_only as the `map` option reads it). */
static const char *scn_error(const char *text, bool maps_only) {
    static char why[300];
    static sb_state st;
    sb_rules r;
    sb_rules_default(&r);
    buf_t err;
    buf_init(&err);
    bool ok = sb_scn_parse(text, &r, maps_only, &st, &err);
    snprintf(why, sizeof why, "%s", ok ? "(parsed)" : buf_cstr(&err));
    buf_free(&err);
    return why;
}

/* ---------- the notation (SuiteBot P11.1) ---------- */

/* The notation of SuiteBot P11.1: a grid of rows between '|' of one width, sides 3..64, bases A-H without gaps
 * (2 to 8), each base and agent once, override lines after the grid (none in a map); anything else
 * is refused with the line or field at fault. */
TEST(P11_notation_errors_name_the_fault) {
    CHECK_EQ_STR(scn_error("|.A.B\n|....|\n|....|\n", false), "line 1: a grid row must end with '|'");
    CHECK_EQ_STR(scn_error("|.A.B|\n\n# a comment\n|...|\n|....|\n", false), "line 4: row is 3 fields wide, the first row 4");
    CHECK_EQ_STR(scn_error("bomb 1,1 1 1\n", false), "no grid (rows are written between two '|')");
    CHECK_EQ_STR(scn_error("|AB|\n|..|\n|..|\n", false), "the grid is 2x3; each side must be 3..64");
    CHECK_EQ_STR(scn_error("|AB.|\n|...|\n", false), "the grid is 3x2; each side must be 3..64");
    CHECK_EQ_STR(scn_error("|.A.A|\n|..B.|\n|....|\n", false), "base A appears twice");
    CHECK_EQ_STR(scn_error("|.A.B|\n|a..a|\n|....|\n", false), "agent a appears twice");
    CHECK_EQ_STR(scn_error("|.A.B|\n|..x.|\n|....|\n", false), "row 1, column 2: 'x' is not allowed");
    /* a character outside ASCII is named whole: one of its bytes was shown alone ('\xc3') */
    CHECK_EQ_STR(scn_error("|.A.B.|\n|..\xc3\xa9.|\n|.....|\n", false), "row 1, column 2: '\xc3\xa9' is not allowed");
    CHECK_EQ_STR(scn_error("|.A.B|\n|..\xff.|\n|....|\n", false), "row 1, column 2: the byte 0xFF (not UTF-8) is not allowed");
    CHECK_EQ_STR(scn_error("|.A.B|\n|..1.|\n|....|\n", true),
                 "row 1, column 2: '1' is not allowed in a map (only ' ', '.' and A-H)");
    CHECK_EQ_STR(scn_error("|.A.C|\n|....|\n|....|\n", false),
                 "base C without base B: the players' letters must have no gaps");
    CHECK_EQ_STR(scn_error("|.A..|\n|....|\n|....|\n", false), "a plan needs the bases of 2 to 8 players (A, B, ...)");
    CHECK_EQ_STR(scn_error("|.A.B|\n|..c.|\n|....|\n", false), "agent c has no base");
    CHECK_EQ_STR(scn_error("|.A.B|\n|....|\n|....|\nscore 1 2\n", true), "line 4: a map holds only the grid");
    static const char *bad_overrides[] = {"bomb 9,9 1 1", "bomb 1,1 3 1", "bomb 1,1 1 10", "bomb 11 1 1",
                                          "res 1,1 2",    "res 1,x 1",    "agent 3 1,1",   "agent 1 1,3",
                                          "score 1",      "score 1 x",    "score 1 2000000000", "walls 1"};
    for (size_t i = 0; i < sizeof bad_overrides / sizeof bad_overrides[0]; i++) {
        char text[200], want[300];
        snprintf(text, sizeof text, "|.A.B|\n|....|\n|....|\n%s\n", bad_overrides[i]);
        snprintf(want, sizeof want,
                 "line 4: expected `bomb X,Y OWNER COUNTDOWN`, `res X,Y R`, `agent P X,Y` or `score S1 .. S2`: %s",
                 bad_overrides[i]);
        CHECK_EQ_STR(scn_error(text, false), want);
    }
    /* more rows than a side may have, and more lines than the notation reads */
    buf_t big;
    buf_init(&big);
    for (int i = 0; i < 65; i++) buf_puts(&big, i == 0 ? "|AB.|\n" : "|...|\n");
    CHECK_EQ_STR(scn_error(buf_cstr(&big), false), "line 65: more than 64 rows");
    buf_reset(&big);
    buf_puts(&big, "|AB.|\n|...|\n|...|\n");
    for (int i = 0; i < 600; i++) buf_puts(&big, "score 0 0\n");
    CHECK_EQ_STR(scn_error(buf_cstr(&big), false), "more than 576 lines");
    buf_free(&big);
    /* CRLF line ends, indented rows, comments and blank lines are fine; overrides apply */
    sb_state *st = state_of("  |.A.B|\r\n\r\n# note\n|....|\r\n|....|\nres 0,0 0\nagent 2 1,2\nscore -5 7\r\n", NULL);
    CHECK(st->plan.w == 4 && st->plan.h == 3 && st->plan.n == 2);
    CHECK(st->res[0] == 0 && st->res[1 * 4 + 0] == 1);
    CHECK(st->ax[1] == 1 && st->ay[1] == 2);
    CHECK(st->score[0] == -5 && st->score[1] == 7);
}

/* ---------- options (SuiteBot P4) ---------- */

static const char *create_error(int seats, const char *k1, const char *v1, const char *k2, const char *v2) {
    static char why[300];
    game_options o = {0};
    if (k1) o.key[o.count] = k1, o.value[o.count++] = v1;
    if (k2) o.key[o.count] = k2, o.value[o.count++] = v2;
    rng_t r;
    rng_seed(&r, 1, 0);
    game_setup setup = {seats, &o, 1, &r};
    buf_t err;
    buf_init(&err);
    void *st = game_suitebot.rules.create(&setup, &err);
    snprintf(why, sizeof why, "%s", st ? "(created)" : buf_cstr(&err));
    if (st) game_suitebot.rules.destroy(st);
    buf_free(&err);
    return why;
}

/* Each refused option of SuiteBot P4 says which and what it expected. */
TEST(P4_refused_options_say_what_was_expected) {
    CHECK_EQ_STR(create_error(1, NULL, NULL, NULL, NULL), "suitebot needs 2 to 8 seats, got 1");
    CHECK_EQ_STR(create_error(9, NULL, NULL, NULL, NULL), "suitebot needs 2 to 8 seats, got 9");
    CHECK_EQ_STR(create_error(2, "blast", "circle", NULL, NULL), "option blast=circle: expected square or cross");
    CHECK_EQ_STR(create_error(2, "blast", "square", "radius", "8"), "option radius=8: expected an integer from 0 to 7");
    CHECK_EQ_STR(create_error(2, "rounds", "x", NULL, NULL), "option rounds=x: expected an integer from 1 to 10000");
    CHECK_EQ_STR(create_error(2, "size", "9", NULL, NULL), "option size=9: expected WxH with each side 3..64");
    CHECK_EQ_STR(create_error(2, "size", "9x65", NULL, NULL), "option size=9x65: expected WxH with each side 3..64");
    CHECK_EQ_STR(create_error(2, "size", "9X9", NULL, NULL), "(created)");
    CHECK_EQ_STR(create_error(2, "size", "5x4", "bases", "1,1;2"),
                 "option bases=1,1;2: base 2 is not `x,y` inside the 5x4 plan");
    CHECK_EQ_STR(create_error(2, "size", "5x4", "bases", "1,1;1,4"),
                 "option bases=1,1;1,4: base 2 is not `x,y` inside the 5x4 plan");
    CHECK_EQ_STR(create_error(8, "size", "9x9", "bases", "0,0;1,0;2,0;3,0;4,0;5,0;6,0;7,0;8,0"),
                 "option bases=0,0;1,0;2,0;3,0;4,0;5,0;6,0;7,0;8,0: 9 bases for 8 seats (give one `x,y` per seat, "
                 "separated by ';')");
    CHECK_EQ_STR(create_error(2, "bases", "1,1;1,1", NULL, NULL), "the bases of players 1 and 2 are both on (1,1)");
    /* the 8-seat table's (7,7) and (12,12) of 20x20 both scale to (1,1) */
    CHECK_EQ_STR(create_error(8, "size", "3x3", NULL, NULL),
                 "the bases of players 3 and 6 are both on (1,1); the plan is too small for this many seats: give bases=");
    CHECK_EQ_STR(create_error(2, "map", "|.A.B|\n|.x..|\n|....|\n", NULL, NULL),
                 "option map: row 1, column 1: 'x' is not allowed in a map (only ' ', '.' and A-H)");
    CHECK_EQ_STR(create_error(3, "map", "|.A.B|\n|....|\n|....|\n", NULL, NULL),
                 "option map: the map has 2 bases but there are 3 seats");
}

/* ---------- the kit's parser (SuiteBot P5.1) ---------- */

#define KIT_LINE(arena)                                                                                               \
    "{\"aiPlayerId\":1,\"currentRound\":1,\"remainingRounds\":98,\"gamePlanWidth\":3,\"gamePlanHeight\":3,"       \
    "\"players\":{\"1\":{\"name\":\"a\",\"resources\":0,\"homeBaseLocation\":{\"x\":0,\"y\":0},\"agentLocation\":" \
    "{\"x\":0,\"y\":0},\"agentLastMove\":\"PLANT_BOMB\"},\"2\":{\"name\":\"b\",\"resources\":5,\"homeBaseLocation\":" \
    "{\"x\":2,\"y\":2},\"agentLocation\":{\"x\":2,\"y\":1},\"agentLastMove\":null}},\"fieldResources\":[[0,1,1],"    \
    "[1,1,1],[1,1,0]],\"fieldBombs\":[[null,null,null],[null,{\"ownerId\":2,\"countdown\":3},null],"                \
    "[null,null,null]]" arena "}"

/* The kit line with the first `from` replaced by `to`. */
static int kit_variant(const char *from, const char *to, sb_view *v) {
    static sb_kit k;
    const char *line = KIT_LINE("");
    const char *at = strstr(line, from);
    CHECK(at != NULL);
    if (!at) return -99;
    buf_t b;
    buf_init(&b);
    buf_append(&b, line, (size_t)(at - line));
    buf_puts(&b, to);
    buf_puts(&b, at + strlen(from));
    int r = sb_kit_parse(&k, b.data, b.len, v);
    buf_free(&b);
    return r;
}

/* The kit's side of SuiteBot P5.1: a state line the referee would never send (a missing or
 * mistyped number, a side out of 1..64, a base or agent off the plan, an id without a player,
 * grids of the wrong size, a bomb without a player or with a countdown out of a byte) is an
 * error; the line's own blanks, an EXIT and the player's fields it can do without are not. */
TEST(P5_1_kit_refuses_state_lines_the_referee_never_sends) {
    static sb_view v;
    static const char *bad[][2] = {
        {"\"aiPlayerId\":1", "\"aiPlayerId\":\"1\""},   {"\"aiPlayerId\":1", "\"aiPlayerId\":3"},
        {"\"aiPlayerId\":1", "\"aiPlayerId\":0"},       {"\"gamePlanWidth\":3", "\"gamePlanWidth\":0"},
        {"\"gamePlanWidth\":3", "\"gamePlanWidth\":65"}, {"\"gamePlanHeight\":3", "\"gamePlanHeight\":65"},
        {"\"currentRound\":1", "\"currentRound\":1.5"}, {"\"resources\":5", "\"resources\":null"},
        {"\"x\":2,\"y\":2}", "\"x\":3,\"y\":2}"},       {"\"x\":2,\"y\":2}", "\"x\":2,\"y\":-1}"},
        {"\"x\":2,\"y\":1}", "\"x\":-1,\"y\":1}"},      {"\"x\":2,\"y\":1}", "\"x\":2,\"y\":3}"},
        {"\"agentLocation\":{\"x\":2,\"y\":1}", "\"agentLocation\":null"},
        {"[[0,1,1],[1,1,1],[1,1,0]]", "[[0,1,1],[1,1,1]]"}, {"[1,1,0]]", "[1,1]]"},
        {"[null,null,null]]", "[null,null]]"},          {"\"ownerId\":2", "\"ownerId\":9"},
        {"\"ownerId\":2", "\"ownerId\":0"},             {"\"ownerId\":2", "\"owner\":2"},
        {"\"countdown\":3", "\"countdown\":-1"},        {"\"countdown\":3", "\"countdown\":256"},
        {"{\"aiPlayerId\"", "[{\"aiPlayerId\""},        {"\"aiPlayerId\"", "aiPlayerId"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int r = kit_variant(bad[i][0], bad[i][1], &v);
        if (r != KIT_ERROR) printf("# variant %zu (%s) gave %d\n", i, bad[i][1], r);
        CHECK_EQ_INT(r, KIT_ERROR);
    }
    /* accepted: a countdown of 255, a missing or empty last move, a long name cut to 63 bytes */
    CHECK_EQ_INT(kit_variant("\"countdown\":3", "\"countdown\":255", &v), KIT_VIEW);
    CHECK_EQ_INT(v.bomb[1 * 3 + 1].countdown, 255);
    CHECK_EQ_INT(kit_variant("\"agentLastMove\":\"PLANT_BOMB\"", "\"agentLastMove\":\"\"", &v), KIT_VIEW);
    CHECK_EQ_INT(v.p[0].last, SB_NO_MOVE);
    CHECK_EQ_INT(v.p[1].last, SB_NO_MOVE);
    CHECK_EQ_INT(kit_variant("\"agentLastMove\":\"PLANT_BOMB\"", "\"agentLastMove\":\"DOWN\"", &v), KIT_VIEW);
    CHECK_EQ_INT(v.p[0].last, SB_DOWN);
    char longname[120];
    snprintf(longname, sizeof longname, "\"name\":\"%s\"",
             "0123456789012345678901234567890123456789012345678901234567890123456789");
    CHECK_EQ_INT(kit_variant("\"name\":\"a\"", longname, &v), KIT_VIEW);
    CHECK_EQ_INT(strlen(v.p[0].name), SB_NAME_MAX - 1);
    CHECK_EQ_STR(v.p[1].name, "b");
    CHECK(v.n == 2 && v.id == 1 && v.p[1].resources == 5 && v.p[1].ax == 2 && v.p[1].ay == 1);
    CHECK(!v.rules.extras);
    static sb_kit k;
    CHECK_EQ_INT(sb_kit_parse(&k, "  EXIT \r\n", 9, &v), KIT_END);
    CHECK_EQ_INT(sb_kit_parse(&k, " \r\n", 3, &v), KIT_MORE);
    CHECK_EQ_INT(sb_kit_parse(&k, "{", 1, &v), KIT_ERROR);
}

/* Per SuiteBot D20, with extras=1 the state line ends with "arena", the rule options, which the kit
 * reads into the view's rules; values out of their ranges are ignored (the defaults stay). */
TEST(D20_kit_reads_the_arena_extras) {
    static sb_view v;
    static sb_kit k;
    const char *cross = KIT_LINE(",\"arena\":{\"blast\":\"cross\",\"radius\":2,\"countdown\":3,\"kill\":7,\"rounds\":50}");
    CHECK_EQ_INT(sb_kit_parse(&k, cross, strlen(cross), &v), KIT_VIEW);
    CHECK(v.rules.extras && v.rules.blast == SB_BLAST_CROSS);
    CHECK(v.rules.radius == 2 && v.rules.countdown == 3 && v.rules.kill == 7 && v.rules.rounds == 50);
    static const char *ignored[] = {
        KIT_LINE(",\"arena\":{\"blast\":\"square\",\"radius\":8,\"countdown\":3,\"kill\":7,\"rounds\":50}"),
        KIT_LINE(",\"arena\":{\"blast\":\"square\",\"radius\":-1,\"countdown\":3,\"kill\":7,\"rounds\":50}"),
        KIT_LINE(",\"arena\":{\"blast\":\"square\",\"radius\":2,\"countdown\":0,\"kill\":7,\"rounds\":50}"),
        KIT_LINE(",\"arena\":{\"blast\":\"square\",\"radius\":2,\"countdown\":10,\"kill\":7,\"rounds\":50}"),
        KIT_LINE(",\"arena\":{\"radius\":2}"),
    };
    for (size_t i = 0; i < sizeof ignored / sizeof ignored[0]; i++) {
        CHECK_EQ_INT(sb_kit_parse(&k, ignored[i], strlen(ignored[i]), &v), KIT_VIEW);
        CHECK(v.rules.extras && v.rules.blast == SB_BLAST_SQUARE);
        CHECK(v.rules.radius == 1 && v.rules.countdown == 4 && v.rules.kill == 10);
        CHECK_EQ_INT(v.rules.rounds, 100); /* remainingRounds + currentRound + 1 (SuiteBot D11) */
    }
    const char *odd = KIT_LINE(",\"arena\":5");
    CHECK_EQ_INT(sb_kit_parse(&k, odd, strlen(odd), &v), KIT_VIEW);
    CHECK(!v.rules.extras);
}

/* ---------- the log (SuiteBot P7) ---------- */

static const char *log_line(void *lg, const sb_state *st, log_event ev) {
    static buf_t out;
    static bool init;
    if (!init) buf_init(&out), init = true;
    buf_reset(&out);
    game_suitebot.records.log_event(lg, st, &ev, &out);
    return buf_cstr(&out);
}

/* The referee's events in the log of SuiteBot P7, one line each, after the start line. */
TEST(P7_log_lines_for_every_referee_event) {
    game_names names = {2, {"alice", "bob"}, {"", ""}};
    sb_state *st = state_of("|.........|\n|.........|\n|A.......B|\n|.........|\n|.........|\n", NULL);
    void *lg = game_suitebot.records.log_new(&names);
    CHECK_EQ_STR(log_line(lg, st, (log_event){.kind = LOGEV_START, .seat = -1, .turn = 1, .now = 1}),
                 "game start: 9x5 plan, 100 rounds, 2 players: A=alice B=bob\n");
    static const struct {
        log_event ev;
        const char *want;
    } C[] = {
        {{.kind = LOGEV_LATE, .seat = 1, .turn = 99, .now = 100}, "round 99: bob LATE, no reply by the end of the game -> HOLD\n"},
        {{.kind = LOGEV_DOWN, .seat = 1, .now = 1, .cause = CAUSE_STARTUP}, "round 1: bob DOWN (no answer within the start-up limit)\n"},
        {{.kind = LOGEV_DOWN, .seat = 0, .turn = 3, .now = 4, .cause = CAUSE_FLOOD}, "round 4: alice DOWN (too much output in one round)\n"},
        {{.kind = LOGEV_CRASH, .seat = 0, .now = 5, .cause = CAUSE_SIGNAL, .status = 9},
         "round 5: alice CRASH (killed by signal 9) -> DOWN, HOLD from now on\n"},
        {{.kind = LOGEV_CRASH, .seat = 0, .now = 5, .cause = CAUSE_EXIT, .status = 2},
         "round 5: alice CRASH (exit status 2) -> DOWN, HOLD from now on\n"},
        {{.kind = LOGEV_CRASH, .seat = 1, .now = 1, .cause = CAUSE_START},
         "round 1: bob CRASH (could not be started) -> DOWN, HOLD from now on\n"},
        {{.kind = LOGEV_CRASH, .seat = 1, .now = 8, .cause = CAUSE_MEMORY},
         "round 8: bob CRASH (MEMORY: killed by the memory limit) -> DOWN, HOLD from now on\n"},
        {{.kind = LOGEV_CRASH, .seat = 1, .now = 8, .cause = CAUSE_CLOSED},
         "round 8: bob CRASH (closed its output) -> DOWN, HOLD from now on\n"},
        {{.kind = LOGEV_INVALID, .seat = 0, .turn = 6, .text = "X\r\n", .len = 3,
          .detail = "the first character is not one of U, D, L, R, H, B, P"},
         "round 6: alice INVALID \"X\" -> HOLD: the first character is not one of U, D, L, R, H, B, P\n"},
        {{.kind = LOGEV_INVALID, .seat = 1, .turn = 6, .text = NULL, .len = 4, .detail = ""},
         "round 6: bob INVALID \"\" -> HOLD\n"},
        {{.kind = LOGEV_INVALID, .seat = 1, .turn = 6, .text = "zz", .len = 2}, "round 6: bob INVALID \"zz\" -> HOLD\n"},
        {{.kind = LOGEV_UNASKED, .seat = 0, .now = 7, .text = "U", .len = 1},
         "round 7: alice stale line \"U\" discarded (no request pending)\n"},
        {{.kind = LOGEV_SKIP, .seat = 0, .now = 7, .text = "", .len = 0}, ""},
        {{.kind = LOGEV_RAWLOG, .seat = 1, .now = 2, .text = "#log: mining\r", .len = 13}, "[bob | round 2]: mining\n"},
        {{.kind = LOGEV_COMMENT, .seat = 1, .now = 2, .text = "no hash", .len = 7}, "[bob | round 2]: no hash\n"},
        {{.kind = LOGEV_COMMENT, .seat = 1, .now = 2, .text = NULL, .len = 7}, "[bob | round 2]: \n"},
    };
    for (size_t i = 0; i < sizeof C / sizeof C[0]; i++) CHECK_EQ_STR(log_line(lg, st, C[i].ev), C[i].want);
    /* a reply is quoted up to 200 bytes, a comment up to 500 */
    char many[700];
    memset(many, 'U', sizeof many);
    const char *q = log_line(lg, st, (log_event){.kind = LOGEV_UNASKED, .seat = 0, .now = 7, .text = many, .len = 700});
    CHECK_EQ_INT(strlen(q), strlen("round 7: alice stale line \"\" discarded (no request pending)\n") + 200);
    q = log_line(lg, st, (log_event){.kind = LOGEV_COMMENT, .seat = 0, .now = 7, .text = many, .len = 700});
    CHECK_EQ_INT(strlen(q), strlen("[alice | round 7]: \n") + 500);
    game_suitebot.records.log_free(lg);
    game_suitebot.records.log_free(NULL);
}

/* In the log of SuiteBot P7, what comes before the start line waits for it; a game that never got through round
 * 1 writes it before the end line; the end line ranks the players with their place points (P8). */
TEST(P7_log_end_ranks_and_flushes_what_waited) {
    game_names names = {2, {"alice", "bob"}, {"", ""}};
    sb_state *st = state_of("|.........|\n|.........|\n|A.......B|\n|.........|\n|.........|\n", NULL);
    void *lg = game_suitebot.records.log_new(&names);
    log_event inv = {.kind = LOGEV_INVALID, .seat = 0, .turn = 1, .now = 1, .text = "X", .len = 1, .detail = "bad"};
    CHECK_EQ_STR(log_line(lg, st, inv), "");
    CHECK_EQ_STR(log_line(lg, st, (log_event){.kind = LOGEV_END, .seat = -1}),
                 "round 1: alice INVALID \"X\" -> HOLD: bad\n"
                 "game over after 0 rounds: 1. alice 0 (22.5 place points); 1. bob 0 (22.5 place points)\n");
    game_suitebot.records.log_free(lg);
    st = state_of("|.........|\n|...C.....|\n|A.......B|\n|.........|\n|.........|\nscore 3 9 3\n", NULL);
    st->round = 101;
    lg = game_suitebot.records.log_new(NULL);
    CHECK_EQ_STR(log_line(lg, st, (log_event){.kind = LOGEV_START, .seat = -1}),
                 "game start: 9x5 plan, 100 rounds, 3 players: A=P1 B=P2 C=P3\n");
    CHECK_EQ_STR(log_line(lg, st, (log_event){.kind = LOGEV_END, .seat = -1}),
                 "game over after 100 rounds: 1. P2 9 (25 place points); 2. P1 3 (18 place points); 2. P3 3 (18 place "
                 "points)\n");
    game_suitebot.records.log_free(lg);
}

/* The round's events in the log of SuiteBot P7: plants that replace a bomb (one's own or another's), an
 * explosion that mines nothing, a victim of two owners' blasts (no credit), three agents colliding. */
TEST(P7_round_events_in_words) {
    game_names names = {3, {"alice", "bob", "carol"}, {"", "", ""}};
    buf_t out;
    buf_init(&out);
    sb_state *st = state_of("|.........|\n|.........|\n|A..a....B|\n|.........|\n|.........|\nbomb 3,2 2 3\n"
                            "bomb 8,2 2 5\n",
                            NULL);
    play(st, "B B");
    sb_describe_round(st, &names, &out);
    CHECK_EQ_STR(buf_cstr(&out), "round 1: alice's plant at (3,2) replaced bob's bomb (countdown 3)\n"
                                 "round 1: bob's plant at (8,2) replaced its own bomb (countdown 5)\n");
    st = state_of("|         |\n|         |\n|A  0    B|\n|         |\n|         |\n", NULL);
    play(st, "H H");
    buf_reset(&out);
    sb_describe_round(st, &names, &out);
    CHECK_EQ_STR(buf_cstr(&out), "round 1: bomb of alice at (3,2) exploded; no fields mined\n");
    buf_reset(&out);
    sb_describe_round(st, NULL, &out); /* without names: P1 .. P8 */
    CHECK_EQ_STR(buf_cstr(&out), "round 1: bomb of P1 at (3,2) exploded; no fields mined\n");
    st = state_of("|....C....|\n|.........|\n|A...c...B|\n|.........|\n|.........|\nbomb 3,2 1 0\nbomb 5,2 2 0\n", NULL);
    play(st, "H H H");
    buf_reset(&out);
    sb_describe_round(st, &names, &out);
    CHECK_EQ_STR(buf_cstr(&out), "round 1: explosion of 2 bombs (alice and bob); alice +6, bob +6; 2 fields shared, "
                                 "no score\nround 1: carol's agent killed by alice and bob together (no score)\n");
    CHECK(st->score[0] == 6 && st->score[1] == 6 && st->score[2] == 0);
    st = state_of("|....C....|\n|....b....|\n|A..a.c..B|\n|.........|\n|.........|\n", NULL);
    play(st, "R D L");
    buf_reset(&out);
    sb_describe_round(st, &names, &out);
    CHECK_EQ_STR(buf_cstr(&out), "round 1: alice, bob and carol collided at (4,2); all died\n");
    /* before the first round there is nothing to tell */
    st = state_of("|....C....|\n|.........|\n|A.......B|\n|.........|\n|.........|\n", NULL);
    buf_reset(&out);
    sb_describe_round(st, &names, &out);
    CHECK_EQ_STR(buf_cstr(&out), "");
    buf_free(&out);
}

/* ---------- the table ---------- */

/* Per SuiteBot P7, a seat without a usable answer HOLDs; lates and invalids are counted and a seat
 * that went down is marked with its round (the scoreboard's status column, P9). */
TEST(P7_table_counts_lates_invalids_and_downs) {
    buf_t err;
    buf_init(&err);
    game_options o = {2, {"size", "bases"}, {"9x5", "0,2;8,2"}};
    rng_t r;
    rng_seed(&r, 1, 0);
    game_setup setup = {2, &o, 1, &r};
    sb_state *st = game_suitebot.rules.create(&setup, &err);
    CHECK(st != NULL);
    if (!st) return;
    bool mask[2] = {false, false};
    CHECK_EQ_INT(game_suitebot.rules.to_act(st, mask), 2);
    CHECK(mask[0] && mask[1]);
    sb_action acts[2] = {{SB_RIGHT}, {SB_LEFT}};
    seat_turn late[2] = {{.asked = true, .verdict = VERDICT_LATE, .cause = CAUSE_SOFT},
                         {.asked = true, .has_action = true, .verdict = VERDICT_INVALID, .cause = CAUSE_ILLEGAL}};
    game_suitebot.rules.apply(st, acts, late, NULL);
    CHECK(st->ax[0] == 0 && st->ax[1] == 8); /* both held */
    CHECK(st->last_move[0] == SB_HOLD && st->last_move[1] == SB_HOLD);
    game_suitebot.rules.apply(st, acts, late, NULL);
    seat_turn down[2] = {{.asked = true, .has_action = true, .verdict = VERDICT_OK},
                         {.asked = true, .verdict = VERDICT_CRASH, .cause = CAUSE_EXIT, .status = 1}};
    game_suitebot.rules.apply(st, acts, down, NULL);
    seat_turn out[2] = {{.asked = false, .verdict = VERDICT_DOWN, .cause = CAUSE_HARD, .out = true},
                        {.asked = false, .out = true}};
    game_suitebot.rules.apply(st, acts, out, NULL);
    CHECK(st->lates[0] == 2 && st->invalids[1] == 2 && st->lates[1] == 0 && st->invalids[0] == 0);
    CHECK(st->down_round[0] == 4 && st->down_round[1] == 3);
    CHECK_EQ_INT(st->ax[0], 1); /* moved right once, in round 3 */
    CHECK_EQ_INT(game_suitebot.rules.turn(st), 5);
    /* the status column */
    canvas_t *c = canvas_new(game_suitebot.display.rows, game_suitebot.display.cols);
    st->down_round[0] = st->down_round[1] = 0;
    game_suitebot.display.draw(st, NULL, NULL, c);
    char *txt = canvas_plain(c);
    CHECK(strstr(txt, "late\u00d72 ") != NULL && strstr(txt, "late\u00d72 invalid") == NULL);
    CHECK(strstr(txt, "invalid\u00d72") != NULL);
    free(txt);
    st->invalids[0] = 1;
    st->down_round[1] = 3;
    game_suitebot.display.draw(st, NULL, NULL, c);
    txt = canvas_plain(c);
    CHECK(strstr(txt, "late\u00d72 invalid\u00d71") != NULL);
    CHECK(strstr(txt, "DOWN since round 3") != NULL);
    CHECK(strstr(txt, " ?                ") != NULL); /* no names: "?" in the 16-wide name column */
    free(txt);
    canvas_free(c);
    game_suitebot.rules.destroy(st);
    buf_free(&err);
}

/* SuiteBot D21 and P5.1: 512 MiB per seat; EXIT ends the game on the wire; an action out of range
 * is sent and recorded as a HOLD; a recorded action must be one of the six words; names the match
 * gives replace P1 .. P8 only for the seats it names. */
TEST(table_wire_records_and_names) {
    game_sandbox d = {0};
    game_suitebot.limits.sandbox(NULL, &d);
    CHECK_EQ_INT(d.mem_mb, 512);
    buf_t out;
    buf_init(&out);
    game_suitebot.wire.encode_end(NULL, 0, &out);
    CHECK_EQ_STR(buf_cstr(&out), "EXIT\n");
    buf_reset(&out);
    sb_action odd = {SB_MOVES};
    game_suitebot.wire.encode_action(&odd, &out);
    CHECK_EQ_STR(buf_cstr(&out), "H");
    buf_reset(&out);
    jw_t w;
    jw_init(&w, &out);
    game_suitebot.records.action_json(&odd, &w);
    CHECK_EQ_STR(buf_cstr(&out), "\"HOLD\"");
    static const char *bad[] = {"\"JUMP\"", "3", "null", "\"hold\""};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        json_t *j = json_loads(bad[i], JSON_DECODE_ANY, NULL);
        sb_action a = {SB_UP};
        CHECK(!game_suitebot.records.action_parse(j, &a));
        CHECK_EQ_INT(a.move, SB_HOLD);
        json_decref(j);
    }
    buf_free(&out);
    sb_state *st = state_of("|....C....|\n|.........|\n|A.......B|\n|.........|\n|.........|\n", NULL);
    game_names one = {1, {"alice"}, {""}};
    game_suitebot.rules.set_names(st, &one);
    CHECK_EQ_STR(st->names[0], "alice");
    CHECK_EQ_STR(st->names[1], "P2");
    CHECK_EQ_STR(st->names[2], "P3");
    game_names gap = {3, {NULL, "bob", "carol"}, {"", "", ""}};
    game_suitebot.rules.set_names(st, &gap);
    CHECK_EQ_STR(st->names[0], "alice");
    CHECK_EQ_STR(st->names[2], "carol");
}

/* ---------- the simulator's encoding (docs/sim.md "SuiteBot") ---------- */

/* The plan centred on the viewer's agent: planes resources, other agents, my base, other bases,
 * my bombs and other bombs (countdown + 1), then round, remaining, my score, my last move + 1,
 * countdown, radius, blast, kill and the others' scores, clipped to 16 bits. */
TEST(sim_encoding_centres_the_viewer_and_clips) {
    sb_state *st = state_of("|.........|\n|.........|\n|A..0....B|\n|.........|\n|.........|\nbomb 5,2 2 3\n"
                            "score 100000 -40000\n",
                            NULL);
    static sb_view v;
    sb_view_of(st, 1, &v); /* bob, on his base (8,2): column x is drawn at x - 4 (mod 9) */
    game_sim_shape shape;
    sb_sim.shape(&v, &shape);
    CHECK_EQ_INT(shape.obs_size, 6 * 45 + 8 + 1);
    CHECK_EQ_INT(shape.actions, 6);
    int16_t obs[6 * 45 + 9];
    sb_sim.encode(&v, NULL, obs);
    int row = 2 * 9;
    CHECK_EQ_INT(obs[2 * 45 + row + 4], 1); /* my base in the centre */
    CHECK_EQ_INT(obs[3 * 45 + row + 5], 1); /* alice's base (0,2) */
    CHECK_EQ_INT(obs[1 * 45 + row + 5], 1); /* alice's agent on it */
    CHECK_EQ_INT(obs[4 * 45 + row + 1], 4); /* my bomb (5,2), countdown 3 */
    CHECK_EQ_INT(obs[5 * 45 + row + 8], 1); /* alice's bomb (3,2), countdown 0 */
    CHECK_EQ_INT(obs[0 * 45 + row + 8], 0); /* no resource under a bomb digit */
    CHECK_EQ_INT(obs[0 * 45 + row + 6], 1); /* (1,2) */
    int16_t *s = obs + 6 * 45;
    CHECK(s[0] == 1 && s[1] == 98 && s[2] == -32768 && s[3] == 0);
    CHECK(s[4] == 4 && s[5] == 1 && s[6] == SB_BLAST_SQUARE && s[7] == 10 && s[8] == 32767);
    uint8_t mask[6];
    sb_sim.legal(&v, NULL, mask);
    for (int k = 0; k < 6; k++) CHECK_EQ_INT(mask[k], 1);
    for (int k = 0; k < 6; k++) {
        sb_action a = {-1};
        sb_sim.action(&v, NULL, k, &a);
        CHECK_EQ_INT(sb_sim.index(&v, NULL, &a), k);
    }
    sb_action off = {SB_MOVES}, neg = {-1};
    CHECK_EQ_INT(sb_sim.index(&v, NULL, &off), -1);
    CHECK_EQ_INT(sb_sim.index(&v, NULL, &neg), -1);
    double scores[2];
    sb_sim.score(st, scores);
    CHECK(scores[0] == 100000 && scores[1] == -40000);
}

/* The simulator's copy keeps everything a step reads and records: the copy plays on as the
 * original does. */
TEST(sim_copy_plays_on_as_the_original) {
    sb_state *st = state_of("|.........|\n|..c......|\n|.b0......|\n|A..a...CB|\n|.........|\n", NULL);
    play(st, "B H R"); /* alice plants in the blast of her countdown-0 bomb: a chain */
    static sb_state copy, orig;
    memset(&copy, 0xAB, sizeof copy);
    sb_sim.copy(&copy, st);
    orig = *st;
    buf_t a, b;
    buf_init(&a);
    buf_init(&b);
    for (int round = 0; round < 6; round++) {
        play(&orig, "H H U");
        play(&copy, "H H U");
        buf_reset(&a), buf_reset(&b);
        sb_scn_render(&orig, &a);
        sb_scn_render(&copy, &b);
        jw_t w;
        jw_init(&w, &a);
        game_suitebot.records.turn_json(&orig, &w);
        jw_init(&w, &b);
        game_suitebot.records.turn_json(&copy, &w);
        CHECK_EQ_STR(buf_cstr(&b), buf_cstr(&a));
    }
    buf_free(&a);
    buf_free(&b);
}

/* ---------- the champion ---------- */

/* The champion's two entries, with and without a clock: given none, both do the same calibrated
 * work and answer the same, round after round (its opponent models learn from each round). */
TEST(champion_answers_the_same_through_act_and_without_a_clock) {
    const game_bot *b = game_find_bot(&game_suitebot, "champion");
    CHECK(b != NULL && b->act && b->act_timed);
    if (!b) return;
    void *m1 = calloc(1, b->memory_size), *m2 = calloc(1, b->memory_size);
    sb_state *st = state_of("|.........|\n|..c......|\n|.........|\n|A.......B|\n|......C..|\n", NULL);
    static sb_view v;
    for (int round = 0; round < 4; round++) {
        sb_view_of(st, 0, &v);
        rng_t r1, r2;
        rng_seed(&r1, 5, RNG_STREAM_BOT);
        rng_seed(&r2, 5, RNG_STREAM_BOT);
        sb_action a1 = {-1}, a2 = {-2};
        CHECK(b->act(m1, &v, &a1, &r1));
        CHECK(game_bot_act(b, m2, &v, &a2, &r2, NULL));
        CHECK_EQ_INT(a1.move, a2.move);
        int moves[3] = {a1.move, round % 2 ? SB_LEFT : SB_RIGHT, SB_PLANT};
        sb_play_round(st, moves);
    }
    free(m1);
    free(m2);
}

/* ---------- the picture (SuiteBot P9) ---------- */

/* Per SuiteBot P9, an enemy agent on a base is drawn bold and underlined in its colour on that base
 * (it dies at step 5 of the next round); a bomb under an agent shows as the bomb owner's ground;
 * a plan taller than the canvas says which rows are not shown, and one wider than 28 fields gets
 * one column per field. */
TEST(P9_draws_agents_on_bases_bombs_under_agents_and_large_plans) {
    game_names names = {2, {"alice", "bob"}, {"", ""}};
    sb_state *st = state_of("|.........|\n|.........|\n|A..a....B|\n|.........|\n|.........|\nagent 2 0,2\n"
                            "bomb 3,2 2 5\nbomb 8,2 1 4\n",
                            NULL);
    canvas_t *c = canvas_new(game_suitebot.display.rows, game_suitebot.display.cols);
    game_suitebot.display.draw(st, &names, NULL, c);
    canvas_cell *on_base = canvas_at(c, 2 + 2, 1 + 0 * 2);
    CHECK(on_base && on_base->ch[0] == 'b');
    CHECK(on_base && on_base->attr == (CANVAS_BOLD | CANVAS_UNDERLINE));
    canvas_cell *agent = canvas_at(c, 2 + 2, 1 + 3 * 2), *base = canvas_at(c, 2 + 2, 1 + 8 * 2);
    CHECK(agent && agent->ch[0] == 'a' && agent->fg == RGB(0, 0, 0));
    CHECK(base && base->ch[0] == 'B' && base->fg == RGB(0, 0, 0));
    CHECK(agent && base && agent->bg == on_base->fg && base->bg != agent->bg); /* bob's bomb under alice */
    /* a 40x40 plan: 29 rows fit under the title, one column per field */
    buf_t err;
    buf_init(&err);
    game_options o = {2, {"size", "bases"}, {"40x40", "0,0;39,39"}};
    rng_t r;
    rng_seed(&r, 1, 0);
    game_setup setup = {2, &o, 1, &r};
    sb_state *big = game_suitebot.rules.create(&setup, &err);
    CHECK(big != NULL);
    if (big) {
        game_suitebot.display.draw(big, &names, NULL, c);
        char *txt = canvas_plain(c);
        CHECK(strstr(txt, "(rows 29.. not shown)") != NULL);
        char row0[48];
        memset(row0, '.', sizeof row0);
        row0[0] = 'A', row0[40] = ' ', row0[41] = 0; /* one column per field, then the gap */
        CHECK(strstr(txt, row0) != NULL);
        free(txt);
        game_suitebot.rules.destroy(big);
    }
    buf_free(&err);
    canvas_free(c);
}

int main(void) {
    RUN(P11_notation_errors_name_the_fault);
    RUN(P4_refused_options_say_what_was_expected);
    RUN(P5_1_kit_refuses_state_lines_the_referee_never_sends);
    RUN(D20_kit_reads_the_arena_extras);
    RUN(P7_log_lines_for_every_referee_event);
    RUN(P7_log_end_ranks_and_flushes_what_waited);
    RUN(P7_round_events_in_words);
    RUN(P7_table_counts_lates_invalids_and_downs);
    RUN(table_wire_records_and_names);
    RUN(sim_encoding_centres_the_viewer_and_clips);
    RUN(sim_copy_plays_on_as_the_original);
    RUN(champion_answers_the_same_through_act_and_without_a_clock);
    RUN(P9_draws_agents_on_bases_bombs_under_agents_and_large_plans);
    return T_DONE();
}
