/* test_display.c: what the games show a person: Rezzo's and Chicken's event logs entry by entry,
 * and the terminal drawings of Rezzo (world at every scale, a seat's view, the human seat, the view
 * keys), Chicken (plies, falls, blocks, verdicts, hidden readings) and SuiteBot (seat statuses).
 * Texts are checked as the docs state them (docs/games/<game>.md). */
#include "t.h"
#include "../../src/games/chicken/chk.h"
#include "../../src/games/registry.h"
#include "../../src/games/rezzo/rz.h"
#include "../../src/games/suitebot/sb.h"
#include "../../src/match/match.h"

/* A fresh state of game `id` with options kv; NULL on a bad setup (printed). */
static void *create(const char *id, int seats, int nkv, char **kv, uint64_t seed) {
    const game_t *g = registry_find(id);
    static game_options opts;
    buf_t err;
    buf_init(&err);
    memset(&opts, 0, sizeof opts);
    if (!match_parse_options(g, nkv, kv, &opts, &err)) {
        printf("# %s\n", buf_cstr(&err));
        buf_free(&err);
        return NULL;
    }
    static rng_t rng;
    rng_seed(&rng, seed, 0);
    game_setup setup = {.seats = seats, .options = &opts, .seed = seed, .rng = &rng};
    void *st = g->rules.create(&setup, &err);
    if (!st) printf("# %s\n", buf_cstr(&err));
    buf_free(&err);
    return st;
}

/* How many times needle occurs in hay. */
static int count(const char *hay, const char *needle) {
    int n = 0;
    for (const char *p = hay; (p = strstr(p, needle)) != NULL; p += strlen(needle)) n++;
    return n;
}

static char *drawn(const char *id, const void *st, const game_names *names, const char *view, int rows, int cols) {
    canvas_t *c = canvas_new(rows, cols);
    registry_find(id)->display.draw(st, names, view, c);
    char *text = canvas_plain(c);
    canvas_free(c);
    return text;
}

/* ---------- Rezzo ---------- */

static game_names two = {2, {"alice", "bob"}, {"AL", "BO"}};

TEST(rezzo_log_entries) {
    char *kv[] = {"size=32x32", "max_ticks=50"};
    rz_state *st = create("rezzo", 2, 2, kv, 5);
    CHECK(st != NULL);
    if (!st) return;
    const game_t *g = registry_find("rezzo");
    void *lg = g->records.log_new(&two);
    buf_t out, want;
    buf_init(&out);
    buf_init(&want);
    log_event evs[] = {
        {.kind = LOGEV_START, .seat = -1},
        {.kind = LOGEV_CRASH, .seat = 0, .now = 4, .cause = CAUSE_SIGNAL, .status = 9},
        {.kind = LOGEV_CRASH, .seat = 1, .now = 4, .cause = CAUSE_CLOSED},
        {.kind = LOGEV_CRASH, .seat = 0, .now = 0, .cause = CAUSE_START},
        {.kind = LOGEV_CRASH, .seat = 1, .now = 7, .cause = CAUSE_EXIT, .status = 3},
        {.kind = LOGEV_DOWN, .seat = 1, .now = 5, .cause = CAUSE_FLOOD},
        {.kind = LOGEV_INVALID, .seat = 0, .now = 6, .cause = CAUSE_MULTIPLE, .text = "0601 0603 0602 0601 0601 0601 0601 0601 0601", .len = 44},
        {.kind = LOGEV_INVALID, .seat = 1, .now = 6, .cause = CAUSE_MALFORMED},
        {.kind = LOGEV_COMMENT, .seat = 1, .now = 6, .text = "# not logged", .len = 12},
    };
    for (size_t i = 0; i < sizeof evs / sizeof evs[0]; i++) g->records.log_event(lg, st, &evs[i], &out);
    buf_printf(&want, "rezzo 32x32, world seed %u, 2 players: 1=alice 2=bob\n", st->cfg.seed32);
    buf_puts(&want, "tick 4: player 1 (alice) was killed by signal 9\n"
                    "tick 4: player 2 (bob) closed its input (broken pipe)\n"
                    "tick 0: player 1 (alice) could not be started\n"
                    "tick 7: player 2 (bob) exited with status 3\n"
                    "tick 5: player 2 (bob) is down (flood)\n"
                    "tick 6: player 1 (alice): MULTIPLE_MESSAGES, records 0601 0603 0602 0601 0601 0601 0601 0601 \n"
                    "tick 6: player 2 (bob): INVALID_MESSAGE\n");
    CHECK_EQ_STR(buf_cstr(&out), buf_cstr(&want));
    /* eliminations at the turn's end, then the result */
    buf_reset(&out);
    st->last.nelim = 1;
    st->last.elim[0] = 2;
    st->last.elim_cause[0] = RZ_CAUSE_FLAG;
    log_event turn = {.kind = LOGEV_TURN, .seat = -1}, end = {.kind = LOGEV_END, .seat = -1};
    g->records.log_event(lg, st, &turn, &out);
    buf_reset(&want);
    buf_printf(&want, "tick %d: player 2 (bob) is eliminated (%s)\n", st->tick, rz_cause_name(RZ_CAUSE_FLAG));
    CHECK_EQ_STR(buf_cstr(&out), buf_cstr(&want));
    buf_reset(&out);
    g->records.log_event(lg, st, &end, &out);
    CHECK(strncmp(buf_cstr(&out), "game over at tick 0: alice rank ", 32) == 0);
    CHECK(strstr(buf_cstr(&out), ", bob rank ") != NULL);
    g->records.log_free(lg);
    g->rules.destroy(st);
    buf_free(&out);
    buf_free(&want);
}

TEST(rezzo_draw_world_at_every_scale) {
    char *kv[] = {"size=32x32", "max_ticks=50"};
    rz_state *st = create("rezzo", 2, 2, kv, 5);
    CHECK(st != NULL);
    if (!st) return;
    /* fitted: one character per cell across, two cells down (32 x 16 half blocks) */
    char *t = drawn("rezzo", st, &two, NULL, 40, 100);
    CHECK(strstr(t, "tick 0/50") != NULL);
    CHECK(strstr(t, "32x32") != NULL);
    CHECK(strstr(t, " 1 alice") != NULL && strstr(t, " 2 bob") != NULL);
    CHECK_EQ_INT(count(t, "alive  ack"), 2);
    CHECK_EQ_INT(count(t, "\xe2\x96\x80"), 32 * 16);
    free(t);
    /* scale 2: blocks of 2x2 cells, 16 across and 8 rows of two blocks */
    t = drawn("rezzo", st, &two, "live,scale=2", 40, 100);
    CHECK_EQ_INT(count(t, "\xe2\x96\x80"), 16 * (40 - 3)); /* every row below the 3 status rows */
    free(t);
    /* a canvas too small for the world: fitted to it, then zoomed in one step */
    t = drawn("rezzo", st, &two, "live", 3 + 8, 16);
    CHECK_EQ_INT(count(t, "\xe2\x96\x80"), 16 * 8); /* scale 2 fits 16 columns */
    free(t);
    t = drawn("rezzo", st, &two, "live,zoom=1", 3 + 8, 16);
    CHECK_EQ_INT(count(t, "\xe2\x96\x80"), 16 * 8); /* scale 1: the canvas full of cells */
    free(t);
    /* panned past the world: nothing to draw */
    t = drawn("rezzo", st, &two, "live,pan=40:40", 40, 100);
    CHECK_EQ_INT(count(t, "\xe2\x96\x80"), 0);
    free(t);
    /* an eliminated player's row */
    st->p[1].alive = false;
    st->p[1].elim_tick = 3;
    st->p[1].cause = RZ_CAUSE_FLAG;
    t = drawn("rezzo", st, &two, NULL, 40, 100);
    char want[80];
    snprintf(want, sizeof want, "out at tick 3 (%s)", rz_cause_name(RZ_CAUSE_FLAG));
    CHECK(strstr(t, want) != NULL);
    CHECK_EQ_INT(count(t, "alive  ack"), 1);
    free(t);
    /* its own view says so too */
    t = drawn("rezzo", st, &two, "follow=2", 40, 100);
    CHECK(strstr(t, "player 2 bob") != NULL && strstr(t, want) != NULL);
    free(t);
    registry_find("rezzo")->rules.destroy(st);
}

/* A seat's view names the last action it sent (an unknown byte as "unknown", none before its
 * first record); the world's status line has no "/N" when the game has no tick limit, and a seat
 * without a name is "?". */
TEST(rezzo_draw_last_actions_no_tick_limit_and_unnamed_seats) {
    char *kv[] = {"size=32x32", "max_ticks=0"};
    rz_state *st = create("rezzo", 2, 2, kv, 5);
    CHECK(st != NULL);
    if (!st) return;
    game_names none = {0};
    char *t = drawn("rezzo", st, &none, "follow=1", 40, 100);
    CHECK(strstr(t, "player 1 ?") != NULL);
    CHECK(strstr(t, "last action: none") != NULL);
    free(t);
    static const struct {
        int act;
        const char *name;
    } ACTS[] = {{RZ_ACT_ADVANCE, "advance"}, {RZ_ACT_LEFT, "turn left"}, {RZ_ACT_NOP, "nop"}, {'x', "unknown"}};
    for (size_t k = 0; k < sizeof ACTS / sizeof *ACTS; k++) {
        int acts[RZ_MAX_PLAYERS] = {ACTS[k].act, -1};
        bool multi[RZ_MAX_PLAYERS] = {false};
        rz_tick(st, acts, multi, NULL);
        char want[64];
        snprintf(want, sizeof want, "last action: %s", ACTS[k].name);
        t = drawn("rezzo", st, &two, "follow=1", 40, 100);
        CHECK(strstr(t, want) != NULL);
        free(t);
    }
    t = drawn("rezzo", st, &none, "world", 40, 100);
    CHECK(strstr(t, "tick 4 ") != NULL && strstr(t, "tick 4/") == NULL);
    CHECK_EQ_INT(count(t, " 1 ?"), 1);
    CHECK_EQ_INT(count(t, " 2 ?"), 1);
    free(t);
    registry_find("rezzo")->rules.destroy(st);
}

TEST(rezzo_draw_a_seats_view_and_the_human_seat) {
    char *kv[] = {"size=32x32"};
    rz_state *st = create("rezzo", 2, 1, kv, 5);
    CHECK(st != NULL);
    if (!st) return;
    char *t = drawn("rezzo", st, &two, "follow=1", 40, 100);
    CHECK(strstr(t, "player 1 alice") != NULL);
    CHECK(strstr(t, "tick 0") != NULL);
    CHECK(strstr(t, "last action: none") != NULL);
    CHECK(strstr(t, "forward is up; you are at the bottom") != NULL);
    CHECK(strstr(t, "t letters, f next, w world, 1-9/0 follow") != NULL);
    free(t);
    /* letters: the view's cells as the protocol's letters; the agent is its player's digit */
    t = drawn("rezzo", st, &two, "follow=1,letters", 40, 100);
    CHECK(strchr(t, '1') != NULL);
    free(t);
    /* the human seat: larger cells on a large canvas, and the keys */
    t = drawn("rezzo", st, &two, "human=2", 40, 100);
    CHECK(strstr(t, "player 2 bob") != NULL);
    CHECK(strstr(t, "Up advance (builds in build mode)") != NULL);
    CHECK(strstr(t, "q leave the game") != NULL);
    free(t);
    /* the large cells (4 columns by 2 rows) need 13 * 4 + 2 columns and 13 * 2 + 4 rows: the
     * panel then starts at column 54, else (2 by 1 cells) at column 28 */
    static const struct {
        int rows, cols, panel;
    } sizes[] = {{30, 60, 54}, {30, 66, 54}, {30, 53, 28}, {29, 66, 28}};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        t = drawn("rezzo", st, &two, "human=2", sizes[k].rows, sizes[k].cols);
        const char *tick = strstr(t, "tick 0");
        int row = 0, col = -1;
        for (const char *p = t; tick && p < tick; p++)
            if (*p == '\n') row++, col = (int)(tick - p) - 1;
        CHECK(tick != NULL);
        CHECK_EQ_INT(row, 2);
        CHECK_EQ_INT(col, sizes[k].panel);
        free(t);
    }
    /* a seat number out of range shows the first seat */
    t = drawn("rezzo", st, &two, "follow=7", 40, 100);
    CHECK(strstr(t, "player 1 alice") != NULL);
    free(t);
    registry_find("rezzo")->rules.destroy(st);
}

TEST(rezzo_view_keys_walk_the_views) {
    char v[64] = "live";
    static const struct {
        int key;
        bool used;
        const char *after;
    } steps[] = {
        {'f', true, "follow=1"}, {'f', true, "follow=2"}, {'f', true, "follow=1"}, {'t', true, "follow=1,letters"},
        {'2', true, "follow=2,letters"}, {'9', false, "follow=2,letters"}, {'x', false, "follow=2,letters"},
        {'w', true, "live,letters"}, {'t', true, "live"}, {'+', true, "live,zoom=1"}, {'-', true, "live"},
        {'-', true, "live,zoom=-1"}, {'+', true, "live"}, {'l', true, "live,pan=8:0"}, {'j', true, "live,pan=8:8"},
        {'l', true, "live,pan=16:8"}, {'h', true, "live,pan=8:8"}, {'h', true, "live,pan=0:8"},
        {'h', true, "live,pan=0:8"}, {'k', true, "live"}, {'k', true, "live"},
    };
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++) {
        bool used = rz_mode_key(v, sizeof v, steps[i].key, 2);
        if (used != steps[i].used || strcmp(v, steps[i].after) != 0)
            printf("# step %zu: key '%c' gave %d \"%s\"\n", i, steps[i].key, used, v);
        CHECK_EQ_INT(used, steps[i].used);
        CHECK_EQ_STR(v, steps[i].after);
    }
    /* 0 follows the tenth seat when there are ten */
    snprintf(v, sizeof v, "live");
    CHECK(!rz_mode_key(v, sizeof v, '0', 9));
    CHECK(rz_mode_key(v, sizeof v, '0', 10));
    CHECK_EQ_STR(v, "follow=10");
    /* a playing human sees only its own view */
    snprintf(v, sizeof v, "human=1");
    CHECK(!rz_mode_key(v, sizeof v, 'w', 2));
    CHECK_EQ_STR(v, "human=1");
    /* every option survives a round trip */
    snprintf(v, sizeof v, "follow:2,letters,scale=3,zoom=2,pan=4:5");
    CHECK(rz_mode_key(v, sizeof v, 't', 2));
    CHECK_EQ_STR(v, "follow=2,scale=3,zoom=2,pan=4:5");
}

TEST(rezzo_world_copy_is_exact) {
    char *kv[] = {"size=32x32"};
    rz_state *a = create("rezzo", 2, 1, kv, 5), *b = create("rezzo", 2, 1, kv, 6);
    CHECK(a && b);
    if (!a || !b) return;
    for (int i = 0; i < 5; i++) rz_ca_step(&a->world);
    rz_world_copy(&b->world, &a->world);
    CHECK(memcmp(a->world.type, b->world.type, a->world.n) == 0);
    CHECK(memcmp(a->world.owner, b->world.owner, a->world.n) == 0);
    CHECK(memcmp(a->world.damage, b->world.damage, a->world.n) == 0);
    CHECK_EQ_INT(b->world.nactive, a->world.nactive);
    CHECK_EQ_INT(b->world.nchanged, a->world.nchanged);
    /* the copy steps on exactly as the original does */
    rz_ca_step(&a->world);
    rz_ca_step(&b->world);
    CHECK(memcmp(a->world.type, b->world.type, a->world.n) == 0);
    registry_find("rezzo")->rules.destroy(a);
    registry_find("rezzo")->rules.destroy(b);
}

/* ---------- Chicken ---------- */

static chk_state *chicken(void) {
    char *kv[] = {"colours=fixed", "spawn=3", "doors=2,2;5,2"};
    return create("chicken", 2, 3, kv, 9);
}

TEST(chicken_log_entries) {
    chk_state *st = chicken();
    CHECK(st != NULL);
    if (!st) return;
    const game_t *g = registry_find("chicken");
    void *lg = g->records.log_new(&two);
    buf_t out;
    buf_init(&out);
    log_event start = {.kind = LOGEV_START, .seat = -1};
    g->records.log_event(lg, st, &start, &out);
    buf_reset(&out);
    log_event evs[] = {
        {.kind = LOGEV_COMMENT, .seat = 1, .now = -1, .text = "# warming up", .len = 12},
        {.kind = LOGEV_COMMENT, .seat = 0, .now = 3, .text = "#thinking\r", .len = 10},
        {.kind = LOGEV_RAWLOG, .seat = 0, .now = 3, .text = "#log: raw", .len = 9},
        {.kind = LOGEV_LATE, .seat = 1, .now = 3, .text = "UP PLAIN", .len = 8, .elapsed_us = 2500000},
        {.kind = LOGEV_LATE, .seat = 1, .now = 3}, /* a late question that never got a line: nothing */
        {.kind = LOGEV_DOWN, .seat = 1, .now = 0, .cause = CAUSE_STARTUP, .elapsed_us = 10000000},
        {.kind = LOGEV_DOWN, .seat = 0, .now = 3, .cause = CAUSE_FLOOD},
        {.kind = LOGEV_DOWN, .seat = 0, .now = 3, .cause = CAUSE_BANK, .elapsed_us = 1234000},
        {.kind = LOGEV_CRASH, .seat = 0, .now = 3, .cause = CAUSE_SIGNAL, .status = 11},
        {.kind = LOGEV_CRASH, .seat = 0, .now = 3, .cause = CAUSE_CLOSED},
        {.kind = LOGEV_CRASH, .seat = 1, .now = 0, .cause = CAUSE_START},
        {.kind = LOGEV_CRASH, .seat = 1, .now = 3, .cause = CAUSE_EXIT, .status = 2},
        {.kind = LOGEV_INVALID, .seat = 0, .now = 3, .cause = CAUSE_MALFORMED, .text = "UP", .len = 2},
        {.kind = LOGEV_INVALID, .seat = 0, .now = 3, .cause = CAUSE_ILLEGAL, .text = "LEFT EGG", .len = 8,
         .detail = "illegal: off_board"},
        {.kind = LOGEV_UNASKED, .seat = 1, .now = 3, .text = "DOWN PLAIN", .len = 10},
    };
    for (size_t i = 0; i < sizeof evs / sizeof evs[0]; i++) g->records.log_event(lg, st, &evs[i], &out);
    const char *t = buf_cstr(&out);
    static const char *const lines[] = {
        "[bob | start-up]: warming up\n",
        "[alice | turn #3]: thinking\n",
        "[alice | turn #3]: #log: raw\n",
        " replied after 2.500 s, too late (ignored): \"UP PLAIN\"\n",
        "start-up: B (bob) FAILED_INIT: no `ready` within 10000 ms\n",
        " CODE_CRASH (flood: too much output in one turn)\n",
        " TIMEOUT (bank exhausted: 1234 ms)\n",
        " CODE_CRASH (killed by signal 11, SIGSEGV)\n",
        " CODE_CRASH (closed its output)\n",
        " FAILED_INIT (could not be started)\n",
        " CODE_CRASH (exit status 2)\n",
        " INVALID_TURN (malformed): \"UP\"\n",
        " INVALID_TURN (illegal: off_board): \"LEFT EGG\"\n",
        " wrote a line while not on move (discarded): \"DOWN PLAIN\"\n",
    };
    const char *at = t;
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        const char *f = strstr(at, lines[i]);
        if (!f) printf("# missing in order: %s#   log:\n%s", lines[i], t);
        CHECK(f != NULL);
        if (f) at = f + strlen(lines[i]);
    }
    CHECK_EQ_INT(count(t, "too late"), 1);
    g->records.log_free(lg);
    g->rules.destroy(st);
    buf_free(&out);
}

TEST(chicken_log_and_draw_a_fall_a_block_and_a_verdict) {
    chk_state *st = chicken();
    CHECK(st != NULL);
    if (!st) return;
    const game_t *g = registry_find("chicken");
    /* a ply that fell through the white door, then a block, as the rules would leave them */
    st->ply = 5;
    st->last = (chk_last){.ply = 5, .mover = CHK_A, .moved = true, .move = {0, 0}, .from = st->spawn[CHK_A],
                          .to = st->door[0], .fell = true, .door = 0, .blocked = true, .fail_seat = -1,
                          .think_us = 1500000};
    st->clocks_known = true;
    st->bank_left_ms[CHK_A] = 358500;
    void *lg = g->records.log_new(&two);
    buf_t out, want;
    buf_init(&out);
    buf_init(&want);
    log_event start = {.kind = LOGEV_START, .seat = -1}, turn = {.kind = LOGEV_TURN, .seat = -1, .now = 4};
    g->records.log_event(lg, st, &start, &out);
    buf_reset(&out);
    g->records.log_event(lg, st, &turn, &out);
    buf_printf(&want, "ply 5: A (alice) plays UP PLAIN in 1.500 s, bank 358.500 s\n"
                      "ply 5: A (alice) fell through the trapdoor at (2,2), returned to (%d,%d); B +4\n"
                      "ply 5: A (alice) leaves B no legal move: +5, BLOCKING_END\n",
               CHK_X(st->spawn[CHK_A]), CHK_Y(st->spawn[CHK_A]));
    CHECK_EQ_STR(buf_cstr(&out), buf_cstr(&want));
    char *t = drawn("chicken", st, &two, NULL, 24, 100);
    CHECK(strstr(t, "ply 5: A UP PLAIN") != NULL);
    CHECK(strstr(t, "think time 1.500 s") != NULL);
    CHECK(strstr(t, "fell through the trapdoor at (2,2)!") != NULL);
    CHECK(strstr(t, "opponent blocked: +5") != NULL);
    CHECK(strstr(t, "white door: P(hear)") != NULL && strstr(t, "black door: P(hear)") != NULL);
    free(t);
    /* the mover's readings are the mover's: hidden from the other colour's view */
    t = drawn("chicken", st, &two, st->mover == CHK_A ? "B" : "A", 24, 100);
    CHECK(strstr(t, "(the mover's readings are hidden)") != NULL);
    CHECK(strstr(t, "P(hear)") == NULL);
    free(t);
    t = drawn("chicken", st, &two, st->mover == CHK_A ? "a" : "b", 24, 100);
    CHECK(strstr(t, " senses:") != NULL);
    free(t);
    /* a verdict: an illegal move names its rule-11 check (Chicken R11); a tie at the end */
    st->last.fail_seat = 1;
    st->last.fail_reason = CHK_INVALID_TURN;
    st->last.fail_check = 1;
    st->last.move = (chk_action){9, 1};
    st->over = true;
    st->winner = CHK_TIE;
    st->reason = CHK_INVALID_TURN;
    /* the idle seat's failure, charged as its turn begins (Chicken D10), gets its own line */
    buf_reset(&out);
    g->records.log_event(lg, st, &turn, &out);
    buf_reset(&want);
    buf_printf(&want, "ply 5: %c (bob) INVALID_TURN while idle: it loses as its turn begins\n",
               st->colour_of[1] == CHK_A ? 'A' : 'B');
    CHECK(strstr(buf_cstr(&out), buf_cstr(&want)) != NULL);
    /* a move out of range (as it arrived) is named "?", never read past the names' table (UBSan) */
    CHECK(strstr(buf_cstr(&out), "plays ? EGG") != NULL);
    t = drawn("chicken", st, &two, NULL, 24, 100);
    buf_reset(&want);
    buf_printf(&want, "VERDICT: %c (bob) %s", st->colour_of[1] == CHK_A ? 'A' : 'B', CHK_REASON_NAME[CHK_INVALID_TURN]);
    CHECK(strstr(t, buf_cstr(&want)) != NULL);
    buf_reset(&want);
    buf_printf(&want, "illegal ? %s: %s", CHK_TYPE_NAME[1], CHK_CHECK_LABEL[1]);
    CHECK(strstr(t, buf_cstr(&want)) != NULL);
    CHECK(strstr(t, "TIE by") != NULL);
    CHECK(strstr(t, "--- GAME OVER after 5 plies") != NULL);
    free(t);
    g->records.log_free(lg);
    g->rules.destroy(st);
    buf_free(&out);
    buf_free(&want);
}

/* ---------- SuiteBot ---------- */

TEST(suitebot_draw_seat_statuses) {
    char *kv[] = {"rounds=10", "size=9x9"};
    sb_state *st = create("suitebot", 3, 2, kv, 4);
    CHECK(st != NULL);
    if (!st) return;
    game_names three = {3, {"alice", "bob", "carol"}, {"", "", ""}};
    st->down_round[0] = 4;
    st->lates[1] = 2;
    st->invalids[1] = 1;
    st->invalids[2] = 3;
    char *t = drawn("suitebot", st, &three, NULL, 40, 120);
    CHECK(strstr(t, "DOWN since round 4") != NULL);
    CHECK(strstr(t, "late\xc3\x97" "2 invalid\xc3\x97" "1") != NULL);
    CHECK(strstr(t, "invalid\xc3\x97" "3") != NULL);
    free(t);
    registry_find("suitebot")->rules.destroy(st);
}

int main(void) {
    RUN(rezzo_log_entries);
    RUN(rezzo_draw_world_at_every_scale);
    RUN(rezzo_draw_a_seats_view_and_the_human_seat);
    RUN(rezzo_draw_last_actions_no_tick_limit_and_unnamed_seats);
    RUN(rezzo_view_keys_walk_the_views);
    RUN(rezzo_world_copy_is_exact);
    RUN(chicken_log_entries);
    RUN(chicken_log_and_draw_a_fall_a_block_and_a_verdict);
    RUN(suitebot_draw_seat_statuses);
    return T_DONE();
}
