/* test_chicken_play.c: Chicken's protocol (P5.1-P5.3: golden start-up and turn blocks, replies, end
 * lines, the starter kit's parser), hidden information (Chicken D8), the match JSON (P8.4), Chicken R11
 * and 13 piece by piece, the reference bots and the search (P10), the log (P7) and the display (P9). */
#include "t.h"
#include "chk_fixture.h"
#include "games/chicken/chk.h"
#include "games/chicken/chk_ai.h"
#include "match/match.h"
#include <jansson.h>
#include <math.h>

static void play_move(chk_state *st, int dir, int type, rng_t *rng) { play_action(st, (chk_action){dir, type}, rng); }

static void message(const chk_state *st, int seat, buf_t *out) {
    chk_view v;
    G->rules.view(st, seat, &v);
    buf_reset(out);
    G->wire.encode_view(&v, out);
}

/* Field by field (padding bytes are not part of a view). bank_ms and startup_ms come from the
 * start-up block only. */
static bool view_eq(const chk_view *a, const chk_view *b) {
    bool eq = a->colour == b->colour && a->moves == b->moves && a->turds == b->turds && a->turn == b->turn &&
              a->found == b->found;
    for (int k = 0; k < 2; k++)
        eq = eq && a->spawn[k] == b->spawn[k] && a->pos[k] == b->pos[k] && a->eggs[k] == b->eggs[k] &&
             a->turds_on[k] == b->turds_on[k] && a->turds_left[k] == b->turds_left[k] &&
             a->moves_left[k] == b->moves_left[k] && a->score[k] == b->score[k] && a->time_ms[k] == b->time_ms[k];
    for (int i = 0; i < 4; i++) eq = eq && a->sense[i] == b->sense[i];
    return eq;
}

/* ---------- protocol (5.1-5.3) ---------- */

TEST(protocol_golden_startup_and_first_turn_blocks) {
    /* The spec's transcript: spawn row 2, doors (3,3) and (4,3), alice A, bob B. */
    const char *kv[] = {"colours=fixed", "spawn=2", "doors=3,3;4,3"};
    rng_t r;
    chk_state *st = create(kv, 3, 1, &r);
    tell_clocks(st, 360000, 10000, 360000, 360000);
    buf_t b;
    buf_init(&b);
    G->wire.encode_hello(st, 0, &b);
    CHECK_EQ_STR(buf_cstr(&b), "chicken 1\nseat A\nspawn 0,2 7,2\nmoves 40\nturds 5\nbank 360000\nstartup 10000\nready\n");
    buf_reset(&b);
    G->wire.encode_hello(st, 1, &b);
    CHECK_EQ_STR(buf_cstr(&b), "chicken 1\nseat B\nspawn 0,2 7,2\nmoves 40\nturds 5\nbank 360000\nstartup 10000\nready\n");
    message(st, 0, &b);
    CHECK_EQ_STR(buf_cstr(&b), "turn 0\npos 0,2 7,2\neggs A\neggs B\nturds A\nturds B\nturdsleft 5 5\nmoves 40 40\n"
                               "score 0 0\nfound\nsense 0 0 0 0\ntime 360000 360000\ngo\n");
    play_move(st, CHK_RIGHT, CHK_EGG, &r);
    tell_clocks(st, 360000, 10000, 359588, 360000);
    message(st, 1, &b);
    CHECK_EQ_STR(buf_cstr(&b), "turn 1\npos 1,2 7,2\neggs A 0,2\neggs B\nturds A\nturds B\nturdsleft 5 5\nmoves 39 40\n"
                               "score 1 0\nfound\nsense 0 0 0 0\ntime 360000 359588\ngo\n");
    buf_free(&b);
    G->rules.destroy(st);
}

TEST(protocol_replies_case_insensitive_and_numeric) {
    struct {
        const char *line;
        int dir, type;
    } ok[] = {{"RIGHT EGG", 1, 1}, {"left egg", 3, 1}, {"Down Turd", 2, 2}, {"2 1", 2, 1},     {"  up\tplain  ", 0, 0},
              {"UP PLAIN\r", 0, 0}, {"3 TURD", 3, 2}, {"right 0", 1, 0},   {"\t0\t2", 0, 2}};
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        chk_action a;
        CHECK_EQ_INT(chk_decode_line(ok[i].line, strlen(ok[i].line), &a, NULL), DECODE_ACTION);
        CHECK(a.dir == ok[i].dir && a.type == ok[i].type);
    }
    chk_action a;
    CHECK_EQ_INT(chk_decode_line("", 0, &a, NULL), DECODE_SKIP);
    CHECK_EQ_INT(chk_decode_line("   \t", 4, &a, NULL), DECODE_SKIP);
}

/* Chicken P5.2: Anything else, a number out of range, extra tokens, non-ASCII bytes or a reply longer than
 * 4096 bytes is INVALID_TURN (malformed) */
TEST(protocol_reply_over_4096_bytes_is_malformed) {
    char line[4098];
    memset(line, ' ', sizeof line);
    memcpy(line, "UP PLAIN", 8);
    chk_action a;
    CHECK_EQ_INT(chk_decode_line(line, 4096, &a, NULL), DECODE_ACTION);
    buf_t why;
    buf_init(&why);
    CHECK_EQ_INT(chk_decode_line(line, 4097, &a, &why), DECODE_MALFORMED);
    CHECK(strstr(buf_cstr(&why), "4096") != NULL);
    buf_free(&why);
}

TEST(protocol_end_line_for_every_reason) {
    const char *kv[] = {"colours=fixed", "spawn=2", "doors=3,3;4,3"};
    rng_t r;
    buf_t b;
    buf_init(&b);
    for (int reason = 0; reason < CHK_REASON_COUNT; reason++) {
        chk_state *st = create(kv, 3, 1, &r);
        st->score[0] = 5;
        st->score[1] = 8;
        if (reason == CHK_EGGS_LAID || reason == CHK_BLOCKING_END || reason == CHK_SPAWN_BLOCKED) {
            st->over = true;
            st->reason = reason;
            st->winner = CHK_WIN_B;
        } else if (reason == CHK_FAILED_INIT) {
            chk_both_failed_init(st);
        } else {
            chk_lose(st, CHK_A, reason);
        }
        buf_reset(&b);
        G->wire.encode_end(st, 0, &b);
        char want[80];
        snprintf(want, sizeof want, "end %s %s 5 8\n", reason == CHK_FAILED_INIT ? "TIE" : "B", CHK_REASON_NAME[reason]);
        CHECK_EQ_STR(buf_cstr(&b), want);
        G->rules.destroy(st);
    }
    buf_free(&b);
}

TEST(protocol_kit_parser_inverts_the_encoders) {
    rng_t r, bot;
    rng_seed(&bot, 4, 9);
    buf_t b;
    buf_init(&b);
    for (uint64_t seed = 0; seed < 60; seed++) {
        chk_state *st = create(NULL, 0, seed, &r);
        tell_clocks(st, 360000, 10000, 360000 - (int64_t)seed, 350000);
        chk_kit kits[2];
        memset(kits, 0, sizeof kits);
        for (int s = 0; s < 2; s++) {
            buf_reset(&b);
            G->wire.encode_hello(st, s, &b);
            chk_view v;
            int last = KIT_MORE;
            for (char *p = b.data, *nl; (nl = strchr(p, '\n')); p = nl + 1) last = chk_kit_parse(&kits[s], p, (size_t)(nl - p), &v);
            CHECK_EQ_INT(last, KIT_READY);
        }
        while (!st->over) {
            int seat = st->seat_of[st->mover];
            chk_view want, got;
            G->rules.view(st, seat, &want);
            buf_reset(&b);
            G->wire.encode_view(&want, &b);
            int last = KIT_MORE;
            for (char *p = b.data, *nl; (nl = strchr(p, '\n')); p = nl + 1)
                last = chk_kit_parse(&kits[seat], p, (size_t)(nl - p), &got);
            CHECK_EQ_INT(last, KIT_VIEW);
            CHECK(view_eq(&want, &got));
            chk_action m[12];
            int n = chk_legal_moves(st, st->mover, m);
            chk_action a = m[rng_below(&bot, (uint32_t)n)];
            play_move(st, a.dir, a.type, &r);
        }
        G->rules.destroy(st);
    }
    chk_kit k;
    memset(&k, 0, sizeof k);
    chk_view v;
    CHECK_EQ_INT(chk_kit_parse(&k, "end B EGGS_LAID 5 8", 19, &v), KIT_END);
    CHECK_EQ_INT(chk_kit_parse(&k, "go", 2, &v), KIT_ERROR); /* no seat line yet */
    buf_free(&b);
}

/* ---------- hidden information (Chicken D8) ---------- */

/* Moves the undiscovered doors elsewhere (valid squares of their colour, not where either chicken
 * stands) and changes the readings of everyone but `keep_sense_of`: a seat's messages must not
 * change. */
static void perturb(chk_state *st, int keep_sense_of, rng_t *r) {
    static const int white[] = {CHK_SQ(3, 3), CHK_SQ(4, 4), CHK_SQ(2, 2), CHK_SQ(2, 4), CHK_SQ(3, 5), CHK_SQ(4, 2), CHK_SQ(5, 3), CHK_SQ(5, 5)};
    static const int black[] = {CHK_SQ(3, 4), CHK_SQ(4, 3), CHK_SQ(2, 3), CHK_SQ(2, 5), CHK_SQ(3, 2), CHK_SQ(4, 5), CHK_SQ(5, 2), CHK_SQ(5, 4)};
    if (!st->found[0]) st->door[0] = white[rng_below(r, 8)];
    if (!st->found[1]) st->door[1] = black[rng_below(r, 8)];
    if (st->mover != keep_sense_of)
        for (int i = 0; i < 4; i++) st->sense[i] = rng_below(r, 2);
}

/* Chicken D8: a seat receives only its own readings and only found doors */
TEST(D8_a_seat_never_receives_hidden_doors_or_the_other_seats_readings) {
    rng_t r, bot, noise;
    rng_seed(&bot, 8, 1);
    rng_seed(&noise, 8, 2);
    buf_t a, b;
    buf_init(&a);
    buf_init(&b);
    long messages = 0;
    for (uint64_t seed = 0; seed < 1000; seed++) {
        chk_state *st = create(NULL, 0, seed, &r);
        tell_clocks(st, 360000, 10000, 360000, 360000);
        for (int seat = 0; seat < 2; seat++) {
            chk_state other = *st;
            perturb(&other, -1, &noise);
            buf_reset(&a);
            buf_reset(&b);
            G->wire.encode_hello(st, seat, &a);
            G->wire.encode_hello(&other, seat, &b);
            CHECK_EQ_STR(buf_cstr(&a), buf_cstr(&b));
        }
        while (!st->over) {
            for (int seat = 0; seat < 2; seat++) {
                int colour = st->colour_of[seat];
                chk_state other = *st;
                perturb(&other, colour, &noise);
                message(st, seat, &a);
                message(&other, seat, &b);
                CHECK(a.len == b.len && memcmp(a.data, b.data, a.len) == 0);
                messages++;
                /* The non-mover's message (never sent, but never leaky either) has no readings. */
                if (colour != st->mover) CHECK(strstr(buf_cstr(&a), "sense 0 0 0 0\n") != NULL);
            }
            chk_action m[12];
            int n = chk_legal_moves(st, st->mover, m);
            chk_action x = m[rng_below(&bot, (uint32_t)n)];
            play_move(st, x.dir, x.type, &r);
            /* The found line lists exactly the doors someone fell through. */
            message(st, 0, &a);
            int listed = 0;
            for (int k = 0; k < 2; k++) {
                char sq[32];
                snprintf(sq, sizeof sq, " %d,%d", CHK_X(st->door[k]), CHK_Y(st->door[k]));
                const char *found = strstr(buf_cstr(&a), "\nfound");
                const char *end = found ? strchr(found + 1, '\n') : NULL;
                const char *hit = found ? strstr(found, sq) : NULL;
                bool in_line = hit && end && hit < end;
                CHECK(in_line == st->found[k]);
                listed += in_line;
            }
            (void)listed;
        }
        G->rules.destroy(st);
    }
    printf("# %ld messages compared against perturbed hidden state\n", messages);
    CHECK(messages > 100000);
    buf_free(&a);
    buf_free(&b);
}

/* ---------- Chicken R11 and R13 piece by piece ---------- */

static void bare(chk_state *st) {
    chk_config c;
    chk_config_default(&c);
    chk_setup_fixed(st, &c, CHK_SQ(0, 2), CHK_SQ(7, 2), -1, -1);
}

TEST(piece_turd_refused_next_to_opponent_allowed_diagonally) {
    chk_state st;
    bare(&st);
    st.pos[CHK_A] = CHK_SQ(3, 3);
    st.pos[CHK_B] = CHK_SQ(4, 3);
    CHECK_EQ_INT(chk_why(&st, CHK_A, CHK_UP, CHK_TURD), CHK_TURD_NEXT_TO_OPPONENT);
    st.pos[CHK_B] = CHK_SQ(4, 4);
    CHECK_EQ_INT(chk_why(&st, CHK_A, CHK_UP, CHK_TURD), CHK_OK);
}

TEST(piece_egg_allowed_next_to_opponent) {
    chk_state st;
    bare(&st);
    st.pos[CHK_A] = CHK_SQ(3, 3);
    st.pos[CHK_B] = CHK_SQ(4, 3);
    CHECK_EQ_INT(chk_why(&st, CHK_A, CHK_UP, CHK_EGG), CHK_OK);
}

TEST(piece_own_eggs_and_turds_can_be_entered) {
    chk_state st;
    bare(&st);
    st.pos[CHK_A] = CHK_SQ(3, 3);
    st.eggs[CHK_A] = CHK_BIT(CHK_SQ(3, 2));
    st.turds[CHK_A] = CHK_BIT(CHK_SQ(4, 3));
    CHECK_EQ_INT(chk_why(&st, CHK_A, CHK_UP, CHK_PLAIN), CHK_OK);
    CHECK_EQ_INT(chk_why(&st, CHK_A, CHK_RIGHT, CHK_PLAIN), CHK_OK);
}

TEST(piece_no_drop_on_a_square_with_own_item) {
    chk_state st;
    bare(&st);
    st.pos[CHK_A] = CHK_SQ(3, 3);
    st.turds[CHK_A] = CHK_BIT(CHK_SQ(3, 3));
    CHECK_EQ_INT(chk_why(&st, CHK_A, CHK_UP, CHK_EGG), CHK_OWN_ITEM_HERE);
    CHECK_EQ_INT(chk_why(&st, CHK_A, CHK_UP, CHK_TURD), CHK_OWN_ITEM_HERE);
    CHECK_EQ_INT(chk_why(&st, CHK_A, CHK_UP, CHK_PLAIN), CHK_OK);
}

TEST(piece_turd_needs_turds_left) {
    chk_state st;
    bare(&st);
    st.pos[CHK_A] = CHK_SQ(3, 3);
    st.turds_left[CHK_A] = 0;
    CHECK_EQ_INT(chk_why(&st, CHK_A, CHK_UP, CHK_TURD), CHK_NO_TURDS_LEFT);
    st.turds_left[CHK_A] = 1;
    CHECK_EQ_INT(chk_why(&st, CHK_A, CHK_UP, CHK_TURD), CHK_OK);
}

TEST(piece_reasons_named_in_rule_11_order) {
    const char *want[] = {"ok",           "no_turds_left",        "egg_wrong_parity",      "onto_opponent",
                          "off_board",    "opponent_egg",         "onto_opponent_turd",    "next_to_opponent_turd",
                          "own_item_here", "turd_next_to_opponent"};
    for (int i = 0; i < 10; i++) CHECK_EQ_STR(CHK_CHECK_LABEL[i], want[i]);
}

/* ---------- the match JSON (Chicken P8.4) ---------- */

static json_t *history_of(chk_state *st, const game_names *names, chk_history *h, const game_seat_notes *notes) {
    buf_t stem, out;
    buf_init(&stem);
    buf_init(&out);
    G->records.history_end(h, st, names, notes, &stem, &out);
    json_t *j = json_loads(buf_cstr(&out), 0, NULL);
    buf_free(&stem);
    buf_free(&out);
    return j;
}

TEST(history_keys_in_order_and_rows_equal_turn_count) {
    rng_t r, bot;
    rng_seed(&bot, 3, 3);
    game_names names = {2, {"al ice", "bob/x"}, {"", ""}};
    for (uint64_t seed = 0; seed < 50; seed++) {
        chk_state *st = create(NULL, 0, seed, &r);
        tell_clocks(st, 360000, 10000, 360000, 360000);
        chk_history *h = calloc(1, G->records.history_size);
        int fell_rows = 0;
        while (!st->over) {
            chk_action m[12];
            int n = chk_legal_moves(st, st->mover, m);
            chk_action a = m[rng_below(&bot, (uint32_t)n)];
            int before = st->score[1 - st->mover];
            play_move(st, a.dir, a.type, &r);
            tell_clocks(st, 360000, 10000, 359000, 358500);
            G->records.history_turn(h, st);
            if (st->last.fell) {
                /* +4 in the fall's own row */
                fell_rows++;
                CHECK_EQ_INT(h->eggs[h->n - 1][1 - st->last.mover], before + 4);
            }
        }
        buf_t stem, out;
        buf_init(&stem);
        buf_init(&out);
        G->records.history_end(h, st, &names, NULL, &stem, &out);
        const char *a_name = names.name[st->seat_of[0]], *b_name = names.name[st->seat_of[1]];
        char want_stem[64];
        snprintf(want_stem, sizeof want_stem, "%s_%s", strcmp(a_name, "al ice") == 0 ? "al_ice" : "bob_x",
                 strcmp(b_name, "al ice") == 0 ? "al_ice" : "bob_x");
        CHECK_EQ_STR(buf_cstr(&stem), want_stem);
        json_t *j = json_loads(buf_cstr(&out), JSON_PRESERVE_ORDER, NULL);
        CHECK(j != NULL);
        static const char *keys[] = {"pos", "a_eggs_laid", "b_eggs_laid", "a_turds_left", "b_turds_left", "a_time_left",
                                     "b_time_left", "a_moves_left", "b_moves_left", "trapdoor_triggered", "left_behind",
                                     "errlog_a", "errlog_b", "start_time", "start_moves", "turn_count", "result",
                                     "reason", "trapdoors", "spawn_a", "spawn_b"};
        const char *key;
        json_t *val;
        int k = 0;
        json_object_foreach(j, key, val) {
            CHECK(k < 21 && strcmp(key, keys[k]) == 0);
            k++;
        }
        CHECK_EQ_INT(k, 21);
        int turns = (int)json_integer_value(json_object_get(j, "turn_count"));
        CHECK_EQ_INT(turns, st->ply);
        for (int i = 0; i < 11; i++) CHECK_EQ_INT(json_array_size(json_object_get(j, keys[i])), turns);
        int fell_json = 0;
        for (int i = 0; i < turns; i++) fell_json += (int)json_integer_value(json_array_get(json_object_get(j, "trapdoor_triggered"), (size_t)i));
        CHECK_EQ_INT(fell_json, fell_rows);
        CHECK_EQ_INT(json_integer_value(json_object_get(j, "start_time")), 360);
        /* banks after a ply are floats (359.0), as the original's; an untouched bank stays 360 */
        CHECK(json_is_real(json_array_get(json_object_get(j, "a_time_left"), 0)));
        CHECK(strstr(buf_cstr(&out), "359.0, 359.0") != NULL && strstr(buf_cstr(&out), "358.5, 358.5") != NULL);
        CHECK_EQ_STR(json_string_value(json_object_get(j, "reason")), CHK_REASON_NAME[st->reason]);
        /* Python's separators */
        CHECK(strncmp(buf_cstr(&out), "{\"pos\": [[", 10) == 0);
        json_decref(j);
        buf_free(&stem);
        buf_free(&out);
        free(h);
        G->rules.destroy(st);
    }
}

TEST(history_no_row_for_a_failed_ply_and_errlog_carries_the_verdict) {
    const char *kv[] = {"colours=fixed", "spawn=2", "doors=3,3;4,3"};
    rng_t r;
    chk_state *st = create(kv, 3, 1, &r);
    tell_clocks(st, 360000, 10000, 360000, 360000);
    chk_history *h = calloc(1, G->records.history_size);
    play_move(st, CHK_RIGHT, CHK_EGG, &r);
    G->records.history_turn(h, st);
    /* B replies with an illegal move: no row, INVALID_TURN, errlog_b set. */
    chk_action acts[2] = {{0, 0}, {CHK_RIGHT, CHK_PLAIN}};
    seat_turn turns[2];
    memset(turns, 0, sizeof turns);
    turns[1] = (seat_turn){.asked = true, .has_action = true, .verdict = VERDICT_INVALID, .cause = CAUSE_ILLEGAL};
    G->rules.apply(st, acts, turns, &r);
    G->records.history_turn(h, st);
    game_names names = {2, {"alice", "bob"}, {"", ""}};
    game_seat_notes notes[2] = {{"", "", ""}, {"RIGHT PLAIN", "illegal: off_board at (8,2)", "Traceback: boom\n"}};
    json_t *j = history_of(st, &names, h, notes);
    CHECK_EQ_INT(json_integer_value(json_object_get(j, "turn_count")), 1);
    CHECK_EQ_INT(json_array_size(json_object_get(j, "pos")), 1);
    CHECK_EQ_INT(json_array_size(json_object_get(j, "trapdoor_triggered")), 1);
    CHECK_EQ_STR(json_string_value(json_object_get(j, "errlog_a")), "");
    const char *eb = json_string_value(json_object_get(j, "errlog_b"));
    CHECK(eb && strncmp(eb, "INVALID_TURN: illegal: off_board at (8,2)", 41) == 0);
    CHECK(eb && strstr(eb, "\nTraceback: boom") != NULL);
    CHECK_EQ_INT(json_integer_value(json_object_get(j, "result")), 0);
    json_decref(j);
    free(h);
    G->rules.destroy(st);
}

TEST(history_written_on_failed_init_with_empty_arrays) {
    rng_t r;
    chk_state *st = create(NULL, 0, 3, &r);
    chk_history *h = calloc(1, G->records.history_size);
    chk_action acts[2] = {{0, 0}, {0, 0}};
    seat_turn turns[2];
    memset(turns, 0, sizeof turns);
    turns[0] = (seat_turn){.verdict = VERDICT_DOWN, .cause = CAUSE_STARTUP, .out = true};
    turns[1] = (seat_turn){.verdict = VERDICT_DOWN, .cause = CAUSE_STARTUP, .out = true};
    G->rules.apply(st, acts, turns, &r);
    G->records.history_turn(h, st);
    game_names names = {2, {"a", "b"}, {"", ""}};
    game_seat_notes notes[2] = {{"", "", ""}, {"", "", ""}};
    json_t *j = history_of(st, &names, h, notes);
    CHECK(j != NULL);
    CHECK_EQ_INT(json_integer_value(json_object_get(j, "turn_count")), 0);
    CHECK_EQ_INT(json_array_size(json_object_get(j, "pos")), 0);
    CHECK_EQ_INT(json_integer_value(json_object_get(j, "result")), 2);
    CHECK_EQ_STR(json_string_value(json_object_get(j, "reason")), "FAILED_INIT");
    CHECK(strncmp(json_string_value(json_object_get(j, "errlog_a")), "FAILED_INIT: ", 13) == 0);
    json_decref(j);
    free(h);
    G->rules.destroy(st);
}

/* ---------- bots (Chicken P10) ---------- */

TEST(bots_yolanda_uniform_over_legal_moves_in_rule_12_order) {
    chk_state st;
    bare(&st);
    st.pos[CHK_A] = CHK_SQ(3, 3);
    st.pos[CHK_B] = CHK_SQ(6, 6);
    st.turds[CHK_B] = CHK_BIT(CHK_SQ(5, 3)); /* RIGHT is out: 9 legal moves */
    chk_view v;
    chk_view_of(&st, 0, &v);
    const game_bot *y = game_find_bot(G, "yolanda");
    rng_t r, same;
    rng_seed(&r, 1, RNG_STREAM_BOT);
    rng_seed(&same, 1, RNG_STREAM_BOT);
    int count[12] = {0}, n = 90000;
    chk_action legal[12];
    int nl = chk_legal_moves(&st, CHK_A, legal);
    CHECK_EQ_INT(nl, 9);
    for (int i = 0; i < n; i++) {
        chk_action a;
        y->act(NULL, &v, &a, &r);
        /* exactly legal[r] for r = a uniform draw below the count */
        chk_action want = legal[rng_below(&same, (uint32_t)nl)];
        CHECK(a.dir == want.dir && a.type == want.type);
        count[3 * a.dir + a.type]++;
    }
    for (int i = 0; i < nl; i++) {
        double e = n / 9.0, z = (count[3 * legal[i].dir + legal[i].type] - e) / sqrt(e * 8 / 9);
        CHECK(fabs(z) < 4);
    }
    CHECK_EQ_INT(count[3 * CHK_RIGHT], 0);
}

TEST(bots_greedy_lays_and_walks_to_the_nearest_egg_square) {
    chk_state st;
    bare(&st);
    st.pos[CHK_A] = CHK_SQ(0, 0); /* a corner: EGG gains 3 */
    st.pos[CHK_B] = CHK_SQ(7, 7);
    chk_action a;
    CHECK(chk_greedy_choose(&st, NULL, &a));
    CHECK(a.type == CHK_EGG);
    CHECK(a.dir == CHK_RIGHT); /* first maximum in rule-12 order */
    /* On a black square A cannot lay: it steps to a white one (distance 0) and never turds. */
    st.pos[CHK_A] = CHK_SQ(1, 2);
    CHECK(chk_greedy_choose(&st, NULL, &a));
    CHECK(a.type == CHK_PLAIN);
    /* A found door next to it is avoided (-400). */
    st.door[0] = CHK_SQ(1, 1);
    st.found[0] = true;
    CHECK(chk_greedy_choose(&st, NULL, &a));
    CHECK(a.dir != CHK_UP);
    CHECK_EQ_INT(chk_egg_distance(&st, CHK_A, CHK_SQ(1, 2), 0), 1);
    st.eggs[CHK_A] = ~0ULL; /* no free egg square anywhere */
    CHECK_EQ_INT(chk_egg_distance(&st, CHK_A, CHK_SQ(1, 2), 0), 15);
}

TEST(bots_tracker_beliefs_zero_on_safe_squares_and_normalised) {
    rng_t r, bot;
    rng_seed(&bot, 2, 2);
    for (uint64_t seed = 0; seed < 40; seed++) {
        chk_state *st = create(NULL, 0, seed, &r);
        chk_beliefs b[2];
        memset(b, 0, sizeof b);
        while (!st->over) {
            int seat = st->seat_of[st->mover];
            chk_view v;
            G->rules.view(st, seat, &v);
            chk_beliefs_update(&b[seat], &v);
            for (int k = 0; k < 2; k++) {
                double total = 0;
                for (int s = 0; s < 64; s++) {
                    total += b[seat].belief[k][s];
                    if (b[seat].belief[k][s] > 0) CHECK(chk_parity(s) == k);
                    if ((b[seat].safe & CHK_BIT(s)) && !st->found[k]) CHECK(b[seat].belief[k][s] == 0);
                }
                CHECK(fabs(total - 1) < 1e-9);
                /* the truth is never ruled out */
                CHECK(b[seat].belief[k][st->door[k]] > 0);
            }
            chk_action m[12];
            int n = chk_legal_moves(st, st->mover, m);
            chk_action a = m[rng_below(&bot, (uint32_t)n)];
            play_move(st, a.dir, a.type, &r);
        }
        G->rules.destroy(st);
    }
}

TEST(bots_searcher_alphabeta_chooses_as_plain_minimax) {
    rng_t r, bot;
    rng_seed(&bot, 5, 5);
    int compared = 0;
    for (uint64_t seed = 0; seed < 12; seed++) {
        chk_state *st = create(NULL, 0, seed, &r);
        double risk[64];
        for (int s = 0; s < 64; s++) risk[s] = CHK_DOOR_WEIGHT[s] / 10.0;
        while (!st->over) {
            chk_state mine;
            chk_view v;
            G->rules.view(st, st->seat_of[st->mover], &v);
            chk_state_from_view(&v, &mine);
            if (st->ply % 3 == 0) {
                chk_action a1, a2;
                double v1, v2;
                CHECK(chk_search_choose(&mine, risk, 3, true, &a1, &v1));
                CHECK(chk_search_choose(&mine, risk, 3, false, &a2, &v2));
                CHECK(a1.dir == a2.dir && a1.type == a2.type);
                CHECK(v1 == v2);
                compared++;
            }
            chk_action m[12];
            int n = chk_legal_moves(st, st->mover, m);
            chk_action a = m[rng_below(&bot, (uint32_t)n)];
            play_move(st, a.dir, a.type, &r);
        }
        G->rules.destroy(st);
    }
    printf("# %d positions compared\n", compared);
    CHECK(compared > 200);
}

TEST(bots_searcher_plays_trackers_choice_below_5_seconds) {
    const char *kv[] = {"colours=fixed", "spawn=2", "doors=3,3;4,3"};
    rng_t r;
    chk_state *st = create(kv, 3, 1, &r);
    tell_clocks(st, 360000, 10000, 4000, 360000);
    chk_view v;
    G->rules.view(st, 0, &v);
    const game_bot *se = game_find_bot(G, "searcher"), *tr = game_find_bot(G, "tracker");
    void *m1 = calloc(1, se->memory_size), *m2 = calloc(1, tr->memory_size);
    rng_t x;
    chk_action a1, a2;
    se->act(m1, &v, &a1, &x);
    tr->act(m2, &v, &a2, &x);
    CHECK(a1.dir == a2.dir && a1.type == a2.type);
    free(m1);
    free(m2);
    G->rules.destroy(st);
}

TEST(bots_every_builtin_plays_only_legal_moves) {
    for (const game_bot *b = G->bots; b->name; b++) {
        if (b->act_timed) continue; /* bots that manage a bank: test_chicken_champion.c */
        for (uint64_t seed = 0; seed < (strcmp(b->name, "searcher") == 0 ? 4u : 30u); seed++)
            CHECK(self_play_legal_moves(b, seed, 0) > 0);
    }
}

/* ---------- log and display (7, 9) ---------- */

TEST(log_lines_in_the_original_spirit) {
    const char *kv[] = {"colours=fixed", "spawn=2", "doors=3,3;4,3"};
    rng_t r;
    chk_state *st = create(kv, 3, 1, &r);
    game_names names = {2, {"alice", "bob"}, {"", ""}};
    void *lg = G->records.log_new(&names);
    buf_t out;
    buf_init(&out);
    seat_turn turns[2];
    memset(turns, 0, sizeof turns);
    chk_action acts[2] = {{CHK_RIGHT, CHK_EGG}, {0, 0}};
    turns[0] = (seat_turn){.asked = true, .has_action = true, .verdict = VERDICT_OK, .elapsed_us = 412000};
    G->rules.apply(st, acts, turns, &r);
    tell_clocks(st, 360000, 10000, 359588, 360000);
    /* Entries before the start line are held, then follow it. */
    log_event c0 = {.kind = LOGEV_COMMENT, .seat = 0, .turn = -1, .now = -1, .text = "# hi", .len = 4};
    G->records.log_event(lg, st, &c0, &out);
    CHECK_EQ_INT(out.len, 0);
    log_event start = {.kind = LOGEV_START, .seat = -1};
    G->records.log_event(lg, st, &start, &out);
    CHECK_EQ_STR(buf_cstr(&out), "game start: A (alice) vs B (bob); spawns (0,2) (7,2); trapdoors (3,3) (4,3)\n"
                                 "[alice | start-up]: hi\n");
    buf_reset(&out);
    log_event ev = {.kind = LOGEV_TURN, .seat = -1, .turn = 0, .now = 0};
    G->records.log_event(lg, st, &ev, &out);
    CHECK_EQ_STR(buf_cstr(&out), "ply 1: A (alice) plays RIGHT EGG in 0.412 s, bank 359.588 s\n");
    buf_reset(&out);
    log_event c = {.kind = LOGEV_COMMENT, .seat = 1, .turn = 11, .now = 11, .text = "# text", .len = 6};
    G->records.log_event(lg, st, &c, &out);
    CHECK_EQ_STR(buf_cstr(&out), "[bob | turn #11]: text\n");
    buf_reset(&out);
    /* Without a blank after the '#' nothing of the text is lost; a CR before the newline goes. */
    log_event tight = {.kind = LOGEV_COMMENT, .seat = 1, .turn = 11, .now = 11, .text = "#tight\r", .len = 7};
    G->records.log_event(lg, st, &tight, &out);
    CHECK_EQ_STR(buf_cstr(&out), "[bob | turn #11]: tight\n");
    buf_reset(&out);
    log_event inv = {.kind = LOGEV_INVALID, .seat = 1, .turn = 11, .now = 11, .cause = CAUSE_ILLEGAL,
                     .text = "LEFT EGG", .len = 8, .detail = "illegal: opponent_egg at (2,4)"};
    G->records.log_event(lg, st, &inv, &out);
    CHECK_EQ_STR(buf_cstr(&out), "ply 12: B (bob) INVALID_TURN (illegal: opponent_egg at (2,4)): \"LEFT EGG\"\n");
    buf_reset(&out);
    st->over = true;
    st->winner = CHK_WIN_B;
    st->reason = CHK_EGGS_LAID;
    st->score[0] = 5;
    st->score[1] = 8;
    log_event end = {.kind = LOGEV_END, .seat = -1};
    G->records.log_event(lg, st, &end, &out);
    CHECK_EQ_STR(buf_cstr(&out), "game over: B (bob) wins by EGGS_LAID, eggs 5-8\n");
    G->records.log_free(lg);
    buf_free(&out);
    G->rules.destroy(st);
}

TEST(display_spectator_sees_hidden_doors_a_seat_does_not) {
    const char *kv[] = {"colours=fixed", "spawn=2", "doors=3,3;4,3"};
    rng_t r;
    chk_state *st = create(kv, 3, 1, &r);
    game_names names = {2, {"alice", "bob"}, {"", ""}};
    canvas_t *c = canvas_new(G->display.rows, G->display.cols);
    G->display.draw(st, &names, NULL, c);
    char *spect = canvas_plain(c);
    G->display.draw(st, &names, "A", c);
    char *seat = canvas_plain(c);
    CHECK(strchr(spect, 't') != NULL && strstr(spect, "P(hear)") != NULL);
    /* rows 6..13 hold the board: no door mark in the seat's view */
    int board_ts = 0;
    for (char *line = seat, *nl; (nl = strchr(line, '\n')); line = nl + 1) {
        if (strncmp(line, "3 ", 2) == 0 && memchr(line, 't', 28)) board_ts++;
    }
    CHECK_EQ_INT(board_ts, 0);
    CHECK(strstr(seat, "P(hear)") == NULL);
    CHECK(strstr(spect, "--- TURN 1: A to play") != NULL);
    CHECK(strstr(spect, "@ A alice") != NULL);
    CHECK(strstr(spect, "bank no bank") != NULL); /* no clock told yet */
    tell_clocks(st, 360000, 10000, 359588, 123456);
    G->display.draw(st, &names, NULL, c);
    char *banks = canvas_plain(c);
    CHECK(strstr(banks, "bank 359.6 s") != NULL && strstr(banks, "bank 123.5 s") != NULL);
    free(banks);
    st->over = true;
    st->winner = CHK_WIN_B;
    st->reason = CHK_EGGS_LAID;
    st->score[0] = 5;
    st->score[1] = 8;
    G->display.draw(st, &names, NULL, c);
    char *end = canvas_plain(c);
    CHECK(strstr(end, "B (bob) wins by EGGS_LAID 8-5") != NULL);
    free(spect);
    free(seat);
    free(end);
    canvas_free(c);
    G->rules.destroy(st);
}

int main(void) {
    RUN(protocol_golden_startup_and_first_turn_blocks);
    RUN(protocol_replies_case_insensitive_and_numeric);
    RUN(protocol_reply_over_4096_bytes_is_malformed);
    RUN(protocol_end_line_for_every_reason);
    RUN(protocol_kit_parser_inverts_the_encoders);
    RUN(D8_a_seat_never_receives_hidden_doors_or_the_other_seats_readings);
    RUN(piece_turd_refused_next_to_opponent_allowed_diagonally);
    RUN(piece_egg_allowed_next_to_opponent);
    RUN(piece_own_eggs_and_turds_can_be_entered);
    RUN(piece_no_drop_on_a_square_with_own_item);
    RUN(piece_turd_needs_turds_left);
    RUN(piece_reasons_named_in_rule_11_order);
    RUN(history_keys_in_order_and_rows_equal_turn_count);
    RUN(history_no_row_for_a_failed_ply_and_errlog_carries_the_verdict);
    RUN(history_written_on_failed_init_with_empty_arrays);
    RUN(bots_yolanda_uniform_over_legal_moves_in_rule_12_order);
    RUN(bots_greedy_lays_and_walks_to_the_nearest_egg_square);
    RUN(bots_tracker_beliefs_zero_on_safe_squares_and_normalised);
    RUN(bots_searcher_alphabeta_chooses_as_plain_minimax);
    RUN(bots_searcher_plays_trackers_choice_below_5_seconds);
    RUN(bots_every_builtin_plays_only_legal_moves);
    RUN(log_lines_in_the_original_spirit);
    RUN(display_spectator_sees_hidden_doors_a_seat_does_not);
    return T_DONE();
}
