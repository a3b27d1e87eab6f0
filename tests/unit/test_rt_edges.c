/* test_rt_edges.c: Rising Tide at its edges: malformed replies (Rising Tide P5.2) and messages (the C kit's
 * parser), replay actions that do not parse, every log entry of P7's table, the display's names and
 * water, the simulator's action numbers, and the sample bots on islands with one legal move or none. */
#include "t.h"
#include "games/rising_tide/rt.h"
#include "game/canvas.h"
#include <jansson.h>

static const game_t *G = &game_rising_tide;

static rt_state *create(const char *rounds) {
    game_options o = {1, {"rounds"}, {rounds}};
    static rng_t rng;
    rng_seed(&rng, 1, 0);
    game_setup s = {RT_SEATS, &o, 1, &rng};
    buf_t err;
    buf_init(&err);
    rt_state *st = G->rules.create(&s, &err);
    buf_free(&err);
    return st;
}

static decode_result decode(const char *line, rt_action *a, buf_t *why) {
    buf_reset(why);
    return G->wire.decode_line(NULL, 0, line, strlen(line), a, why);
}

/* ---- replies (Rising Tide P5.2) ---- */

/* Rising Tide P5.2: four integers (optional sign, digits, fitting 32 bits) are a move; anything else (`PASS`, `None`, commas, three numbers...) is malformed. */
TEST(P5_2_replies_that_are_not_a_move_are_malformed) {
    buf_t why;
    buf_init(&why);
    rt_action a;
    static const char *const bad[] = {"PASS", "None", "1,2,3,4", "1 2 3", "1 2 3 4 5", "1 2 3 x",
                                      "2147483648 0 0 1", "pass pass"};
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
        CHECK_EQ_INT(decode(bad[k], &a, &why), DECODE_MALFORMED);
        CHECK_EQ_STR(buf_cstr(&why), "expected `i1 j1 i2 j2` or `pass`");
    }
    /* No reason asked for: the verdict alone. */
    CHECK_EQ_INT(G->wire.decode_line(NULL, 0, "x", 1, &a, NULL), DECODE_MALFORMED);
    CHECK_EQ_INT(decode("-2147483648 +5\t7 -0\r", &a, &why), DECODE_ACTION);
    CHECK(a.kind == RT_MOVE && a.i1 == INT32_MIN && a.j1 == 5 && a.i2 == 7 && a.j2 == 0);
    CHECK_EQ_INT(decode("  pass \r", &a, &why), DECODE_ACTION);
    CHECK_EQ_INT(a.kind, RT_PASS);
    CHECK_EQ_INT(decode(" \t\r", &a, &why), DECODE_SKIP);
    buf_free(&why);
}

/* Rising Tide P5.2: Only the first 4096 bytes of a line count. */
TEST(P5_2_only_the_first_4096_bytes_of_a_line_count) {
    buf_t line, why;
    buf_init(&line);
    buf_init(&why);
    rt_action a;
    buf_puts(&line, "1 2 1 3");
    while (line.len < 4096) buf_putc(&line, ' ');
    buf_puts(&line, "junk");
    CHECK_EQ_INT(decode(buf_cstr(&line), &a, &why), DECODE_ACTION);
    CHECK(a.kind == RT_MOVE && a.i1 == 1 && a.j1 == 2 && a.i2 == 1 && a.j2 == 3);
    /* One byte earlier, the junk is part of the line. */
    line.len = 4095;
    buf_puts(&line, "junk");
    CHECK_EQ_INT(decode(buf_cstr(&line), &a, &why), DECODE_MALFORMED);
    buf_free(&line);
    buf_free(&why);
}

TEST(an_action_is_written_as_the_wire_reads_it) {
    buf_t out;
    buf_init(&out);
    rt_action m = {RT_MOVE, 4, 5, 4, -6}, p = {RT_PASS, 1, 2, 3, 4};
    G->wire.encode_action(&m, &out);
    CHECK_EQ_STR(buf_cstr(&out), "4 5 4 -6");
    buf_reset(&out);
    G->wire.encode_action(&p, &out);
    CHECK_EQ_STR(buf_cstr(&out), "pass");
    buf_free(&out);
}

/* ---- the C starter kit's parser ---- */

static int kit_line(rt_kit *k, const char *line, rt_view *v) { return G->wire.kit_parse(k, line, strlen(line), v); }

static const char ROW[] = "0 1 2 3 4 5 6 7 8 -1 0 1 2 3 4 5 6 7";

/* Feeds a header and `round r` with `rows` rows of ROW. */
static void kit_start(rt_kit *k, rt_view *v, int rows) {
    memset(k, 0, sizeof *k);
    static const char *const head[] = {"rising_tide 1", "seat 2", "rotation 2", "rounds 30", "rules original", "",
                                       "round 7"};
    for (int i = 0; i < 7; i++) CHECK_EQ_INT(kit_line(k, head[i], v), KIT_MORE);
    for (int r = 0; r < rows; r++) CHECK_EQ_INT(kit_line(k, ROW, v), KIT_MORE);
}

TEST(kit_reads_a_view_then_refuses_rows_it_cannot_hold) {
    rt_kit k;
    rt_view v;
    memset(&v, 0, sizeof v);
    kit_start(&k, &v, RT_N);
    CHECK_EQ_INT(kit_line(&k, "go", &v), KIT_VIEW);
    CHECK(v.seat == 2 && v.rotation == 2 && v.rounds == 30 && v.original && v.round == 7 && v.first);
    CHECK(v.cell[17][9] == -1 && v.cell[0][8] == 8 && v.cell[3][17] == 7);
    /* The next round's view is not the first. */
    CHECK_EQ_INT(kit_line(&k, "round 8", &v), KIT_MORE);
    for (int r = 0; r < RT_N; r++) kit_line(&k, ROW, &v);
    CHECK_EQ_INT(kit_line(&k, "go", &v), KIT_VIEW);
    CHECK(!v.first && v.round == 8);
    /* A row of 17 numbers, a height of 9, a word: errors. */
    kit_start(&k, &v, 3);
    CHECK_EQ_INT(kit_line(&k, "0 1 2 3 4 5 6 7 8 0 1 2 3 4 5 6 7", &v), KIT_ERROR);
    kit_start(&k, &v, 3);
    CHECK_EQ_INT(kit_line(&k, "0 1 2 3 4 5 6 7 9 -1 0 1 2 3 4 5 6 7", &v), KIT_ERROR);
    kit_start(&k, &v, 3);
    CHECK_EQ_INT(kit_line(&k, "0 1 2 3 4 5 6 7 x -1 0 1 2 3 4 5 6 7", &v), KIT_ERROR);
    /* `go` before the 18 rows, or with no round at all. */
    kit_start(&k, &v, 17);
    CHECK_EQ_INT(kit_line(&k, "go", &v), KIT_ERROR);
    memset(&k, 0, sizeof k);
    CHECK_EQ_INT(kit_line(&k, "go", &v), KIT_ERROR);
}

TEST(kit_ignores_what_it_does_not_know_and_keeps_the_header) {
    rt_kit k;
    rt_view v;
    memset(&k, 0, sizeof k);
    /* A round number that is not one, an unknown keyword with a number, a third word: ignored. */
    static const char *const lines[] = {"rising_tide 1", "seat 2",     "round x",    "round -1",       "colour 3",
                                        "seat 1 2",      "rules",      "hello",      "rotation 2",     "rounds 30",
                                        "rules original", "round 7"};
    for (size_t i = 0; i < sizeof lines / sizeof *lines; i++) CHECK_EQ_INT(kit_line(&k, lines[i], &v), KIT_MORE);
    for (int r = 0; r < RT_N; r++) kit_line(&k, ROW, &v);
    CHECK_EQ_INT(kit_line(&k, "go", &v), KIT_VIEW);
    CHECK(v.seat == 2 && v.rotation == 2 && v.rounds == 30 && v.round == 7 && v.original);
    /* `rules written` turns the original rules off again. */
    kit_line(&k, "rules written", &v);
    kit_line(&k, "round 9", &v);
    for (int r = 0; r < RT_N; r++) kit_line(&k, ROW, &v);
    CHECK_EQ_INT(kit_line(&k, "go", &v), KIT_VIEW);
    CHECK(!v.original && v.round == 9);
    CHECK_EQ_INT(kit_line(&k, "end 800 3 800 12", &v), KIT_END);
}

/* A garbage line is refused, in the header, between rounds and in place of a view row; it used to be
 * ignored (KIT_MORE), so a kit program fed garbage ended silently with status 0. */
TEST(kit_refuses_garbage_lines) {
    static const char *const bad[] = {"hello \033[2J", "\377\377", "%%%", "12 13", "Seat 2", "-1", "go\001"};
    rt_kit k;
    rt_view v;
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        memset(&k, 0, sizeof k);
        CHECK_EQ_INT(kit_line(&k, bad[i], &v), KIT_ERROR);
        kit_start(&k, &v, 3);
        CHECK_EQ_INT(kit_line(&k, bad[i], &v), KIT_ERROR);
        kit_start(&k, &v, RT_N);
        CHECK_EQ_INT(kit_line(&k, bad[i], &v), KIT_ERROR);
        if (t_failed_now) {
            printf("# line %zu\n", i);
            break;
        }
    }
    /* tabs and a trailing \r are blanks, not garbage */
    kit_start(&k, &v, RT_N);
    CHECK_EQ_INT(kit_line(&k, "go\r", &v), KIT_VIEW);
    CHECK_EQ_INT(kit_line(&k, "round\t8", &v), KIT_MORE);
}

/* ---- replays: actions (Rising Tide P5.7) ---- */

static bool parse_json(const char *text, rt_action *a) {
    json_error_t e;
    json_t *j = json_loads(text, JSON_DECODE_ANY, &e);
    bool ok = j && G->records.action_parse(j, a);
    json_decref(j);
    return ok;
}

TEST(P5_7_replay_actions_round_trip_and_refuse_other_json) {
    rt_action a = {RT_MOVE, 3, -4, 5, 2147483647};
    buf_t text;
    buf_init(&text);
    jw_t w;
    jw_init(&w, &text);
    G->records.action_json(&a, &w);
    rt_action b;
    CHECK(parse_json(buf_cstr(&text), &b));
    CHECK(b.kind == RT_MOVE && b.i1 == 3 && b.j1 == -4 && b.i2 == 5 && b.j2 == 2147483647);
    buf_free(&text);
    CHECK(parse_json("\"pass\"", &b) && b.kind == RT_PASS);
    static const char *const bad[] = {"\"PASS\"", "[1, 2, 3]", "[1, 2, 3, 4, 5]", "[1, 2, 3, \"4\"]", "[1, 2.5, 3, 4]",
                                      "[2147483648, 0, 0, 0]", "[0, 0, 0, -2147483649]", "{\"i1\": 1}", "null", "7"};
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
        b.kind = RT_MOVE;
        CHECK(!parse_json(bad[k], &b));
        CHECK_EQ_INT(b.kind, RT_PASS);
    }
}

/* ---- the log (Rising Tide P7, P7.1) ---- */

static void ev(void *lg, rt_state *st, log_event e, buf_t *out) { G->records.log_event(lg, st, &e, out); }

#define LOGEV(k, s, t, ...) ((log_event){.kind = (k), .seat = (s), .turn = (t), .now = (t), __VA_ARGS__})

/* Rising Tide P7: Each is logged as in this table: */
TEST(P7_every_entry_of_the_table_as_the_log_writes_it) {
    rt_state *st = create("5");
    game_names names = {4, {"ann", "bob", NULL, "dee"}, {"AN", "BO", "", ""}};
    void *lg = G->records.log_new(&names);
    buf_t out;
    buf_init(&out);
    /* Start-up: a comment before round 0 (now -1), then round 0's entries, then the start. */
    ev(lg, st, LOGEV(LOGEV_COMMENT, 1, -1, .text = "# hello\r", .len = 8), &out);
    ev(lg, st, LOGEV(LOGEV_RAWLOG, 0, 0, .text = "#log:raw\r", .len = 9), &out);
    CHECK_EQ_STR(buf_cstr(&out), ""); /* nothing before the start entry */
    ev(lg, st, LOGEV(LOGEV_START, -1, 0), &out);
    ev(lg, st, LOGEV(LOGEV_LATE, 2, 0, .elapsed_us = 150250, .text = "1 2 3 4\r", .len = 8), &out);
    ev(lg, st, LOGEV(LOGEV_LATE, 3, 0, .elapsed_us = 100000), &out);
    ev(lg, st, LOGEV(LOGEV_TURN, -1, 0), &out);
    CHECK_EQ_STR(buf_cstr(&out), "[R0]\n[GAME START]\nBOTS: ann, bob, ?, dee\n"
                                 "[R0]\nbob has printed: \nhello\nraw\n"
                                 "? is taking too long.\nYour bot will forfeit its turn. \ntime: 150.250 ms\n"
                                 "move: 1 2 3 4\nround: 0\n"
                                 "dee is taking too long.\nYour bot will forfeit its turn. \n"
                                 "time: more than 100.000 ms\nmove: None\nround: 0\n");
    buf_reset(&out);
    /* Round 1: a seat down, and each kind of crash (seat order, whatever the arrival order). */
    ev(lg, st, LOGEV(LOGEV_CRASH, 3, 1, .cause = CAUSE_MEMORY), &out);
    ev(lg, st, LOGEV(LOGEV_CRASH, 2, 1, .cause = CAUSE_CLOSED), &out);
    ev(lg, st, LOGEV(LOGEV_CRASH, 1, 1, .cause = CAUSE_SIGNAL, .status = 9), &out);
    ev(lg, st, LOGEV(LOGEV_DOWN, 0, 1, .elapsed_us = 5000999), &out);
    ev(lg, st, LOGEV(LOGEV_TURN, -1, 1), &out);
    const char *down = "Its seat is down: all its later moves are passes. \nround: 1\n";
    buf_t want;
    buf_init(&want);
    buf_printf(&want, "[R1]\nann has not answered for 5000 ms.\n%sbob has stopped (killed by signal 9, SIGKILL).\n%s"
                      "? has stopped (closed its output).\n%sdee has stopped (killed by the memory limit).\n%s",
               down, down, down, down);
    CHECK_EQ_STR(buf_cstr(&out), buf_cstr(&want));
    buf_reset(&out);
    /* Round 2: an exit, a signal with no name, an illegal and a malformed move, moves nobody asked
     * for, a skipped line (not logged). */
    ev(lg, st, LOGEV(LOGEV_CRASH, 0, 2, .cause = CAUSE_EXIT, .status = 3), &out);
    ev(lg, st, LOGEV(LOGEV_UNASKED, 0, 2, .text = "pass", .len = 4), &out);
    ev(lg, st, LOGEV(LOGEV_CRASH, 1, 2, .cause = CAUSE_SIGNAL, .status = 77), &out);
    ev(lg, st, LOGEV(LOGEV_UNASKED, 1, 2), &out);
    ev(lg, st, LOGEV(LOGEV_INVALID, 2, 2, .cause = CAUSE_ILLEGAL, .text = "0 0 9 9", .len = 7), &out);
    ev(lg, st, LOGEV(LOGEV_SKIP, 2, 2, .detail = "skipped"), &out);
    ev(lg, st, LOGEV(LOGEV_INVALID, 3, 2, .cause = CAUSE_MALFORMED), &out);
    ev(lg, st, LOGEV(LOGEV_TURN, -1, 2), &out);
    buf_reset(&want);
    down = "Its seat is down: all its later moves are passes. \nround: 2\n";
    buf_printf(&want, "[R2]\nann has stopped (exit status 3).\n%sann sent a move nobody asked for. \nmove: pass\n"
                      "bob has stopped (killed by signal 77, SIG?).\n%sbob sent a move nobody asked for. \nmove: \n"
                      "? has made an illegal move. \nmove: 0 0 9 9\ndee has made a non-parseable move. \nmove: \n",
               down, down);
    CHECK_EQ_STR(buf_cstr(&out), buf_cstr(&want));
    buf_free(&want);
    buf_free(&out);
    G->records.log_free(lg);
    G->rules.destroy(st);
}

/* Rising Tide P7: `<name> has printed:␠` once per round (again after another entry of that seat's), then one line per comment */
TEST(P7_comments_heading_again_after_another_entry_of_the_seat) {
    rt_state *st = create("5");
    game_names names = {4, {"ann", "bob", "cat", "dee"}, {"", "", "", ""}};
    void *lg = G->records.log_new(&names);
    buf_t out;
    buf_init(&out);
    ev(lg, st, LOGEV(LOGEV_START, -1, 0), &out);
    buf_reset(&out);
    ev(lg, st, LOGEV(LOGEV_COMMENT, 1, 4, .text = "#a", .len = 2), &out);
    ev(lg, st, LOGEV(LOGEV_COMMENT, 0, 4, .text = "#z", .len = 2), &out);
    ev(lg, st, LOGEV(LOGEV_RAWLOG, 1, 4, .text = "#log: r", .len = 7), &out);
    ev(lg, st, LOGEV(LOGEV_COMMENT, 1, 4, .text = "#b", .len = 2), &out);
    ev(lg, st, LOGEV(LOGEV_COMMENT, 1, 4, .text = "#c", .len = 2), &out);
    /* A comment of a seat outside the game is dropped; a line of no seat goes straight to the log. */
    ev(lg, st, LOGEV(LOGEV_COMMENT, 7, 4, .text = "#lost", .len = 5), &out);
    ev(lg, st, LOGEV(LOGEV_RAWLOG, -1, 4, .text = "referee", .len = 7), &out);
    ev(lg, st, LOGEV(LOGEV_TURN, -1, 4), &out);
    CHECK_EQ_STR(buf_cstr(&out), "[R4]\nreferee\nann has printed: \nz\nbob has printed: \na\nr\nbob has printed: \nb\nc\n");
    G->records.log_free(lg);
    G->rules.destroy(st);
    buf_free(&out);
}

/* Rising Tide P7: at most 64 KiB per seat per round, then `<name> printed <N> more bytes (not logged)` */
TEST(P7_comments_past_64_KiB_a_round_are_counted_not_logged) {
    rt_state *st = create("5");
    game_names names = {4, {"ann", "bob", "cat", "dee"}, {"", "", "", ""}};
    void *lg = G->records.log_new(&names);
    buf_t out, big;
    buf_init(&out);
    buf_init(&big);
    while (big.len < 40000) buf_putc(&big, 'x');
    ev(lg, st, LOGEV(LOGEV_START, -1, 0), &out);
    buf_reset(&out);
    ev(lg, st, LOGEV(LOGEV_COMMENT, 2, 3, .text = big.data, .len = 40000), &out);
    ev(lg, st, LOGEV(LOGEV_COMMENT, 2, 3, .text = big.data, .len = 25536), &out); /* 65536 in all: logged */
    ev(lg, st, LOGEV(LOGEV_COMMENT, 2, 3, .text = "#y", .len = 2), &out);        /* 1 byte more: not */
    ev(lg, st, LOGEV(LOGEV_COMMENT, 2, 3, .text = big.data, .len = 300), &out);
    ev(lg, st, LOGEV(LOGEV_TURN, -1, 3), &out);
    const char *text = buf_cstr(&out);
    const char *head = "[R3]\ncat has printed: \nxxx";
    CHECK(strncmp(text, head, strlen(head)) == 0);
    CHECK(strstr(text, "\ny\n") == NULL);
    const char *tail = "\ncat printed 301 more bytes (not logged)\n";
    CHECK(out.len > strlen(tail) && strcmp(text + out.len - strlen(tail), tail) == 0);
    CHECK_EQ_INT(out.len, strlen("[R3]\ncat has printed: \n") + 40001 + 25537 + strlen(tail) - 1);
    /* The next round starts a new count. */
    buf_reset(&out);
    ev(lg, st, LOGEV(LOGEV_COMMENT, 2, 4, .text = "#y", .len = 2), &out);
    ev(lg, st, LOGEV(LOGEV_TURN, -1, 4), &out);
    CHECK_EQ_STR(buf_cstr(&out), "[R4]\ncat has printed: \ny\n");
    G->records.log_free(lg);
    G->rules.destroy(st);
    buf_free(&out);
    buf_free(&big);
}

/* Rising Tide P7.1: the start entry (`[GAME START]` / `BOTS: ...`) is written once round 0's answers are in (so identification lines can name the seats), with round 0's own entries after a second `[R0]` */
TEST(P7_1_a_game_ended_before_its_start_entry_still_logs_it) {
    rt_state *st = create("5");
    game_names names = {4, {"ann", "bob", "cat", "dee"}, {"", "", "", ""}};
    void *lg = G->records.log_new(&names);
    buf_t out;
    buf_init(&out);
    ev(lg, st, LOGEV(LOGEV_COMMENT, 0, 0, .text = "# hi", .len = 4), &out);
    ev(lg, st, LOGEV(LOGEV_CRASH, 3, 0, .cause = CAUSE_EXIT, .status = 1), &out);
    st->round = 1;
    for (int s = 0; s < RT_SEATS; s++) st->score[s] = s == 3 ? 0 : 5;
    ev(lg, st, LOGEV(LOGEV_END, -1, 0), &out);
    CHECK_EQ_STR(buf_cstr(&out), "[R0]\n[GAME START]\nBOTS: ann, bob, cat, dee\n[R0]\nann has printed: \nhi\n"
                                 "dee has stopped (exit status 1).\n"
                                 "Its seat is down: all its later moves are passes. \nround: 0\n"
                                 "[GAME OVER]\nSCORES: \nann: 5\nbob: 5\ncat: 5\ndee: 0\n");
    G->records.log_free(lg);
    G->rules.destroy(st);
    buf_free(&out);
}

/* Rising Tide P7.1: eliminations are one line per seat in seat order; the end entry (`[GAME OVER]` / `SCORES:␠` / `<name>: <score>`) gets a marker `[R<last+1>]` only if the last round wrote nothing. */
TEST(P7_1_eliminations_in_seat_order_and_the_end_marker) {
    rt_state *st = create("5");
    game_names names = {3, {"ann", "bob", "cat"}, {"", "", ""}}; /* a fourth seat with no name */
    void *lg = G->records.log_new(&names);
    buf_t out;
    buf_init(&out);
    ev(lg, st, LOGEV(LOGEV_START, -1, 0), &out);
    buf_reset(&out);
    st->last.eliminated[3] = st->last.eliminated[1] = true;
    ev(lg, st, LOGEV(LOGEV_TURN, -1, 2), &out);
    CHECK_EQ_STR(buf_cstr(&out), "[R2]\nbob ELIMINATED\n? ELIMINATED\n");
    buf_reset(&out);
    /* The last round (4) wrote something: no marker before the end entry. */
    memset(st->last.eliminated, 0, sizeof st->last.eliminated);
    ev(lg, st, LOGEV(LOGEV_COMMENT, 0, 4, .text = "#bye", .len = 4), &out);
    st->round = 5;
    ev(lg, st, LOGEV(LOGEV_END, -1, 4), &out);
    CHECK(strstr(buf_cstr(&out), "[R4]\nann has printed: \nbye\n[GAME OVER]\nSCORES: \n") == buf_cstr(&out));
    G->records.log_free(lg);
    G->rules.destroy(st);
    buf_free(&out);
}

/* ---- the display (Rising Tide P9) ---- */

static char *row_text(const canvas_t *c, int row) {
    char *all = canvas_plain(c);
    const char *p = all;
    for (int r = 0; r < row && p; r++) {
        p = strchr(p, '\n');
        if (p) p++;
    }
    static char line[512];
    snprintf(line, sizeof line, "%.*s", p ? (int)strcspn(p, "\n") : 0, p ? p : "");
    free(all);
    return line;
}

TEST(P9_seat_codes_long_names_and_a_sunk_city) {
    rt_state *st = create("800");
    game_names names = {4,
                        {"ann", "bob", NULL, "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz"},
                        {"AN", "", NULL, "\001Z"}};
    canvas_t *c = canvas_new(G->display.rows, G->display.cols);
    /* Seat 1 sunk in round 37: its city is water and its code is gone from the board. */
    st->board[RT_CITY[1][0]][RT_CITY[1][1]] = RT_FLOODED;
    st->score[1] = 37;
    G->display.draw(st, &names, NULL, c);
    CHECK(strstr(row_text(c, 4), "AN | ann") != NULL);
    CHECK(strstr(row_text(c, 5), "  ALIVE") != NULL);
    CHECK(strstr(row_text(c, 8), "BO | bob") != NULL); /* no code: the name's first letters */
    CHECK(strstr(row_text(c, 9), "  SUNK R37") != NULL);
    CHECK(strstr(row_text(c, 12), "P2 | ?") != NULL); /* neither: P and the seat */
    /* A code byte that does not print is '?'; a name without blanks is cut at 14 columns, three
     * lines at most. */
    CHECK(strstr(row_text(c, 16), "?Z |") != NULL);
    CHECK(strstr(row_text(c, 17), "abcdefghijklmn") != NULL);
    CHECK(strstr(row_text(c, 18), "opqrstuvwxyzab") != NULL);
    CHECK(strstr(row_text(c, 19), "  ALIVE") != NULL);
    /* The board: each live city shows its code, the sunk one does not. */
    CHECK_EQ_STR(canvas_at(c, 3 + RT_CITY[0][0], 6 + 2 * RT_CITY[0][1])->ch, "A");
    CHECK_EQ_STR(canvas_at(c, 3 + RT_CITY[2][0], 6 + 2 * RT_CITY[2][1] + 1)->ch, "2");
    CHECK_EQ_STR(canvas_at(c, 3 + RT_CITY[1][0], 6 + 2 * RT_CITY[1][1])->ch, " ");
    canvas_free(c);
    G->rules.destroy(st);
}

TEST(P9_the_water_column_rises_two_rows_a_level) {
    rt_state *st = create("800");
    game_names names = {4, {"a", "b", "c", "d"}, {"", "", "", ""}};
    canvas_t *c = canvas_new(G->display.rows, G->display.cols);
    static const struct {
        int round, full;
        const char *top;
    } cases[] = {{0, 0, NULL}, {30, 0, "\u2584"}, {50, 1, NULL}, {100, 2, NULL}, {799, 15, "\u2587"}};
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        st->round = cases[k].round;
        G->display.draw(st, &names, NULL, c);
        for (int i = 0; i < cases[k].full; i++) CHECK_EQ_STR(canvas_at(c, 21 - i, 53)->ch, "\u2588");
        CHECK_EQ_STR(canvas_at(c, 21 - cases[k].full, 53)->ch, cases[k].top ? cases[k].top : " ");
    }
    canvas_free(c);
    G->rules.destroy(st);
}

/* ---- the simulator's action numbers (docs/sim.md) ---- */

TEST(sim_index_of_a_pass_a_step_and_what_has_none) {
    rt_view v;
    memset(&v, 0, sizeof v);
    rt_action pass = {RT_PASS, 0, 0, 0, 0};
    CHECK_EQ_INT(G->sim->index(&v, NULL, &pass), RT_CELLS * 8);
    /* Every one-step move has a number, and the number gives back the move. */
    for (int i = 0; i < RT_N; i += 17)
        for (int di = -1; di <= 1; di++)
            for (int dj = -1; dj <= 1; dj++) {
                if (!di && !dj) continue;
                rt_action a = {RT_MOVE, i, 3, i + di, 3 + dj}, back;
                int k = G->sim->index(&v, NULL, &a);
                CHECK(k >= 0 && k < RT_CELLS * 8);
                G->sim->action(&v, NULL, k, &back);
                CHECK(back.kind == RT_MOVE && back.i1 == a.i1 && back.j1 == a.j1 && back.i2 == a.i2 && back.j2 == a.j2);
            }
    /* Off the board, a long move (rules=original), or no move at all: none. */
    static const rt_action none[] = {{RT_MOVE, -1, 0, 0, 0}, {RT_MOVE, 0, -1, 0, 0}, {RT_MOVE, 18, 0, 17, 0},
                                     {RT_MOVE, 0, 18, 0, 17}, {RT_MOVE, 4, 4, 6, 4},  {RT_MOVE, 4, 4, 4, 4}};
    for (size_t k = 0; k < sizeof none / sizeof *none; k++) CHECK_EQ_INT(G->sim->index(&v, NULL, &none[k]), -1);
}

/* ---- the sample bots on islands with one legal move, or none ---- */

static const game_bot *bot(const char *name) {
    for (const game_bot *b = G->bots; b->name; b++)
        if (strcmp(b->name, name) == 0) return b;
    return NULL;
}

/* Everything flooded but the four cities and, with `one`, a height-1 cell at (9,10) next to a
 * height-0 cell at (9,9): the only legal move is (9,10) -> (9,9). */
static void island(rt_view *v, bool one) {
    memset(v, 0, sizeof *v);
    memset(v->cell, RT_FLOODED, sizeof v->cell);
    for (int s = 0; s < RT_SEATS; s++) v->cell[RT_CITY[s][0]][RT_CITY[s][1]] = 8;
    if (one) v->cell[9][10] = 1, v->cell[9][9] = 0;
}

TEST(D14_sample_bots_play_the_only_legal_move_or_pass) {
    static const char *const names[] = {"random_rizhao", "nearby_new_orleans", "trench_tunis", "border_barcelona",
                                        "seawall_sydney", "level_los_angeles"};
    rt_view v;
    for (size_t k = 0; k < sizeof names / sizeof *names; k++) {
        const game_bot *b = bot(names[k]);
        CHECK(b != NULL);
        if (!b) continue;
        for (uint64_t seed = 1; seed <= 20; seed++) {
            rng_t rng;
            rng_seed(&rng, seed, RNG_STREAM_BOT);
            rt_action a;
            island(&v, true);
            CHECK(b->act(NULL, &v, &a, &rng));
            /* Bots whose rule no move meets here (level_los_angeles: none inside its 10x10 block;
             * border_barcelona: none from inland) take a uniform one: the only one. */
            CHECK(a.kind == RT_MOVE && a.i1 == 9 && a.j1 == 10 && a.i2 == 9 && a.j2 == 9);
            island(&v, false);
            CHECK(b->act(NULL, &v, &a, &rng));
            CHECK_EQ_INT(a.kind, RT_PASS);
        }
    }
}

int main(void) {
    RUN(P5_2_replies_that_are_not_a_move_are_malformed);
    RUN(P5_2_only_the_first_4096_bytes_of_a_line_count);
    RUN(an_action_is_written_as_the_wire_reads_it);
    RUN(kit_reads_a_view_then_refuses_rows_it_cannot_hold);
    RUN(kit_ignores_what_it_does_not_know_and_keeps_the_header);
    RUN(kit_refuses_garbage_lines);
    RUN(P5_7_replay_actions_round_trip_and_refuse_other_json);
    RUN(P7_every_entry_of_the_table_as_the_log_writes_it);
    RUN(P7_comments_heading_again_after_another_entry_of_the_seat);
    RUN(P7_comments_past_64_KiB_a_round_are_counted_not_logged);
    RUN(P7_1_a_game_ended_before_its_start_entry_still_logs_it);
    RUN(P7_1_eliminations_in_seat_order_and_the_end_marker);
    RUN(P9_seat_codes_long_names_and_a_sunk_city);
    RUN(P9_the_water_column_rises_two_rows_a_level);
    RUN(sim_index_of_a_pass_a_step_and_what_has_none);
    RUN(D14_sample_bots_play_the_only_legal_move_or_pass);
    return T_DONE();
}
