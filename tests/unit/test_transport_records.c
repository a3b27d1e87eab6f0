/* test_transport_records.c: the binary record transport's pure parts: framing (Rezzo P4), the per-turn
 * classification (Rezzo P6) and the acks it leads to in Rezzo (Rezzo P7), and the cap on unsent messages
 * (Rezzo D12); and with process seats through match.h, what the referee makes of a tick's records
 * (Rezzo T3): one plain answer is the action with no note, several are invalid with the raw records
 * noted, and logged even after a flood of stale ones. The rest of the process side is tested end to
 * end in tests/e2e/test_rezzo.sh. */
#include "t.h"
#include "kit_child.h"
#include "games/rezzo/rz.h"
#include "match_fixture.h"
#include "match/transport_records.h"
#include <unistd.h>

typedef struct {
    int answers, multiples, drops;
    unsigned char first[2];
} seen;

static void collect(void *ctx, const unsigned char *rec, transport_records_class c) {
    seen *s = ctx;
    if (c == REC_ANSWER) {
        s->answers++;
        s->first[0] = rec[0], s->first[1] = rec[1];
    } else if (c == REC_MULTIPLE) {
        s->multiples++;
    } else {
        s->drops++;
    }
}

/* Rezzo P4: The referee splits the bot's whole output into 2-byte records from the very first byte of the
 * game: an odd byte stays pending and pairs with the next one, so it misaligns the stream for good. */
TEST(rezzo_P4_framing_odd_byte_misaligns_for_good) {
    transport_records_stream rs = {0};
    seen s = {0};
    transport_records_turn(&rs);
    const unsigned char a[] = {0, '.', 0}; /* a record and one odd byte */
    transport_records_split(&rs, 2, 0, a, sizeof a, collect, &s);
    CHECK_EQ_INT(s.answers, 1);
    CHECK_EQ_INT(rs.npart, 1);
    /* Next turn: the bot writes a well-formed record (1, '.'), but it pairs with the odd byte. */
    transport_records_turn(&rs);
    memset(&s, 0, sizeof s);
    const unsigned char b[] = {1, '.'};
    transport_records_split(&rs, 2, 1, b, sizeof b, collect, &s);
    CHECK_EQ_INT(s.answers, 0);
    CHECK_EQ_INT(s.drops, 1); /* (0, 1) is stale */
    CHECK_EQ_INT(rs.npart, 1);
    /* Bytes arriving one at a time are framed the same. */
    transport_records_stream one = {0};
    seen t = {0};
    transport_records_turn(&one);
    const unsigned char c[] = {7, '^', 7, '!'};
    for (size_t i = 0; i < sizeof c; i++) transport_records_split(&one, 2, 7, c + i, 1, collect, &t);
    CHECK_EQ_INT(t.answers, 1);
    CHECK_EQ_INT(t.multiples, 1);
    CHECK_EQ_INT(t.first[1], '^');
}

/* Classifies the records of one seat for tick t and plays the tick; returns the seat's ack. */
static int ack_after(const unsigned char *recs, size_t n, int tick) {
    const char *rows[5] = {"     ", "     ", "  0  ", "  .  ", "     "};
    rz_state *st = rz_from_map(5, 5, rows, NULL);
    st->tick = tick;
    transport_records_stream rs = {0};
    seen s = {0};
    transport_records_turn(&rs);
    transport_records_split(&rs, 2, (unsigned)tick & 255u, recs, n, collect, &s);
    int acts[RZ_MAX_PLAYERS] = {-1};
    bool multi[RZ_MAX_PLAYERS] = {false};
    if (s.answers) acts[0] = s.first[1];
    multi[0] = s.multiples > 0;
    rz_tick(st, acts, multi, NULL);
    int ack = st->p[0].ack;
    rz_free(st);
    return ack;
}

/* Rezzo P6: Each record read while the current tick is t is classified: - ts ≠ t mod 256: dropped silently
 * (late answers, future ticks) */
TEST(rezzo_P6_P7_acks) {
    /* none */
    CHECK_EQ_INT(ack_after(NULL, 0, 3), RZ_ACK_NO_MESSAGE);
    /* one valid */
    const unsigned char ok[] = {3, '^'};
    CHECK_EQ_INT(ack_after(ok, 2, 3), RZ_ACK_OK);
    /* stale and future records are dropped silently */
    const unsigned char stale[] = {2, '^'}, future[] = {4, '^'};
    CHECK_EQ_INT(ack_after(stale, 2, 3), RZ_ACK_NO_MESSAGE);
    CHECK_EQ_INT(ack_after(future, 2, 3), RZ_ACK_NO_MESSAGE);
    /* a stale record then a valid one: the valid one answers */
    const unsigned char stale_ok[] = {2, '.', 3, '^'};
    CHECK_EQ_INT(ack_after(stale_ok, 4, 3), RZ_ACK_OK);
    /* a record 256 ticks stale matches, as in the original */
    const unsigned char wrapped[] = {3, '^'};
    CHECK_EQ_INT(ack_after(wrapped, 2, 259), RZ_ACK_OK);
    /* unknown byte */
    const unsigned char bad[] = {3, 'x'};
    CHECK_EQ_INT(ack_after(bad, 2, 3), RZ_ACK_INVALID_MESSAGE);
    /* a refused move (the agent faces north at (2,2); (2,1) is blank, hit refused) */
    const unsigned char refused[] = {3, '!'};
    CHECK_EQ_INT(ack_after(refused, 2, 3), RZ_ACK_INVALID_ACTION);
    /* multiple with a first INVALID_MESSAGE, and multiple after an INVALID_ACTION */
    const unsigned char multi_bad[] = {3, 'x', 3, '^'};
    CHECK_EQ_INT(ack_after(multi_bad, 4, 3), RZ_ACK_MULTIPLE);
    const unsigned char multi_refused[] = {3, '!', 3, '^'};
    CHECK_EQ_INT(ack_after(multi_refused, 4, 3), RZ_ACK_MULTIPLE);
}

/* Rezzo P6: any later record with the current ts: the ack becomes MULTIPLE_MESSAGES, the first action
 * still stands. */
TEST(rezzo_P7_multiple_first_action_stands) {
    const char *rows[5] = {"     ", "     ", "  0  ", "     ", "     "};
    rz_state *st = rz_from_map(5, 5, rows, NULL);
    transport_records_stream rs = {0};
    seen s = {0};
    transport_records_turn(&rs);
    const unsigned char two[] = {0, '^', 0, '/'};
    transport_records_split(&rs, 2, 0, two, 4, collect, &s);
    int acts[RZ_MAX_PLAYERS] = {s.first[1]};
    bool multi[RZ_MAX_PLAYERS] = {s.multiples > 0};
    rz_tick(st, acts, multi, NULL);
    CHECK_EQ_INT(st->p[0].ack, RZ_ACK_MULTIPLE);
    CHECK_EQ_INT(st->p[0].y, 1);            /* advanced: the first record */
    CHECK_EQ_INT(st->p[0].facing, RZ_N);    /* the second (turn right) was ignored */
    rz_free(st);
}

/* Rezzo D12: At most 1 MiB of unsent messages is kept for a bot that does not read; the oldest complete
 * ones that have not started are dropped, so the stream stays aligned */
TEST(rezzo_D12_pending_cap) {
    enum { M = 340 };
    char *buf = malloc(20 * M);
    size_t len = 0;
    for (int k = 0; k < 20; k++) {
        memset(buf + len, 'a' + k, M);
        len += M;
    }
    /* 100 bytes of message 0 are written: it is started, so it stays; the cap keeps 5 messages. */
    size_t dropped = transport_records_cap_pending(buf, &len, 100, M, 5 * M);
    CHECK_EQ_INT(len % M, 0);
    CHECK(len - 100 <= 5 * M);
    CHECK_EQ_INT(buf[0], 'a');             /* the started message */
    CHECK_EQ_INT(buf[len - 1], 'a' + 19);  /* the newest */
    CHECK_EQ_INT(buf[M], 'a' + 20 - (int)(len / M) + 1); /* the oldest unstarted kept, in order */
    CHECK_EQ_INT(dropped, 20 - len / M);
    /* Nothing to drop under the cap. */
    size_t len2 = 3 * M;
    CHECK_EQ_INT(transport_records_cap_pending(buf, &len2, 0, M, 5 * M), 0);
    free(buf);
}

#define MAX_TICKS 16

/* What a sink saw of seat 0, tick by tick, and the invalid events logged for it. */
typedef struct {
    int n;
    verdict_kind verdict[MAX_TICKS];
    verdict_cause cause[MAX_TICKS];
    bool has_action[MAX_TICKS];
    char text[MAX_TICKS][MATCH_TEXT_MAX + 1];
    char detail[MAX_TICKS][160];
    int invalid_logged; /* LOGEV_INVALID events of seat 0 with cause multiple */
} ticks_seen;

static void ticks_on_turn(void *ctx, const match_t *m) {
    ticks_seen *v = ctx;
    if (!m->turns[0].asked || v->n >= MAX_TICKS) return;
    v->verdict[v->n] = m->turns[0].verdict;
    v->cause[v->n] = m->turns[0].cause;
    v->has_action[v->n] = m->turns[0].has_action;
    snprintf(v->text[v->n], sizeof v->text[v->n], "%s", m->texts[0]);
    snprintf(v->detail[v->n], sizeof v->detail[v->n], "%s", m->details[0]);
    v->n++;
}

static void ticks_on_log(void *ctx, const match_t *m, const log_event *ev) {
    (void)m;
    ticks_seen *v = ctx;
    if (ev->kind == LOGEV_INVALID && ev->seat == 0 && ev->cause == CAUSE_MULTIPLE) v->invalid_logged++;
}

/* Rezzo on a 16x16 torus for 5 ticks, seat 0 = SEAT0 (a process), seat 1 = builtin:wander; quick, so
 * a tick ends as soon as both answered (each window is 5 s, the first 10 s: no timing at stake). */
static match_t *play_rezzo(const char *seat0, match_config *cfg, ticks_seen *v) {
    memset(v, 0, sizeof *v);
    char *kv[] = {"size=16x16", "max_ticks=5", "tick_ms=5000"};
    const char *seats[] = {seat0, "builtin:wander"};
    sink_t sink = {.ctx = v, .on_turn = ticks_on_turn, .on_log = ticks_on_log};
    fixture_game f = {.game = "rezzo", .options = kv, .noptions = 3, .seats = seats, .nseats = 2,
                      .sandbox = SANDBOX_OFF, .seed = 4, .sinks = &sink, .nsinks = 1, .quick = true,
                      .startup_ms = 10000};
    int rc = -1;
    match_t *m = fixture_play(&f, cfg, &rc);
    if (m) {
        CHECK_EQ_INT(rc, 0);
        /* quick: no tick waits for its window, so the whole game takes less than the first one */
        CHECK(m->end_us - m->start_us < cfg->clock.startup_ms * 1000);
    }
    return m;
}

/* Rezzo T3: Unknown byte (INVALID_MESSAGE) and several records (MULTIPLE_MESSAGES) are recorded as
 * the verdict invalid (causes malformed and multiple) with the raw records (at most 8 a tick), and
 * never eliminate a seat. */
/* With a real process: a tick with one record for it is that record's action, ok, with no note; the
 * tick where the kit's third record is sent twice is invalid (cause multiple), the first record's
 * action stands, and both raw records are noted in hex ("02XX 02XX": tick 2). */
TEST(rezzo_T3_several_records_are_invalid_with_the_raw_records) {
    char seat0[5000];
    snprintf(seat0, sizeof seat0, "python3 tests/bots/misbehave_wrap.py twice 3 --records 2 -- %s", kit_child_path("rezzo", "wander"));
    match_config cfg;
    ticks_seen v;
    match_t *m = play_rezzo(seat0, &cfg, &v);
    CHECK(m != NULL);
    if (!m) return;
    CHECK_EQ_INT(v.n, 5);
    for (int k = 0; k < v.n; k++) {
        CHECK(v.has_action[k]);
        if (k == 2) continue;
        CHECK_EQ_INT(v.verdict[k], VERDICT_OK);
        CHECK_EQ_STR(v.text[k], "");
    }
    if (v.n > 2) {
        CHECK_EQ_INT(v.verdict[2], VERDICT_INVALID);
        CHECK_EQ_INT(v.cause[2], CAUSE_MULTIPLE);
        CHECK_EQ_INT(strlen(v.text[2]), 9);
        CHECK(strncmp(v.text[2], "02", 2) == 0 && v.text[2][4] == ' ' && strncmp(v.text[2], v.text[2] + 5, 4) == 0);
        CHECK_EQ_STR(v.detail[2], "2 records for this tick; the first one stands");
    }
    CHECK_EQ_INT(v.invalid_logged, 1);
    CHECK_EQ_INT(m->verdicts[0][VERDICT_INVALID], 1);
    fixture_finish(m, &cfg);
}

/* A bot that answers every tick, then writes 8 stale records and two more answers, all at once. */
static const char flood_bot[] =
    "import os, sys\n"
    "while True:\n"
    "    m = b''\n"
    "    while len(m) < 340:\n"
    "        d = os.read(0, 340 - len(m))\n"
    "        if not d:\n"
    "            sys.exit(0)\n"
    "        m += d\n"
    "    t = m[1]\n"
    "    os.write(1, bytes([t, 32]) + bytes([(t - 1) & 255, 32]) * 8 + bytes([t, 32, t, 32]))\n";

/* After a flood (Rezzo T3): the referee notes at most 8 records a tick, but a second answer that comes
 * after them still makes the tick invalid and is logged (once a tick), with the count of the last. */
TEST(rezzo_T3_a_second_answer_after_eight_stale_records_is_logged) {
    char dir[] = "/tmp/arena_rz_XXXXXX", path[300], seat0[400];
    CHECK(fixture_file(dir, "bot.py", flood_bot, path, sizeof path));
    snprintf(seat0, sizeof seat0, "python3 %s", path);
    match_config cfg;
    ticks_seen v;
    match_t *m = play_rezzo(seat0, &cfg, &v);
    CHECK(m != NULL);
    if (m) {
        CHECK_EQ_INT(v.n, 5);
        for (int k = 0; k < v.n; k++) {
            CHECK_EQ_INT(v.verdict[k], VERDICT_INVALID);
            CHECK_EQ_INT(v.cause[k], CAUSE_MULTIPLE);
            CHECK_EQ_STR(v.detail[k], "3 records for this tick; the first one stands");
            CHECK_EQ_INT(strlen(v.text[k]), 8 * 5 - 1); /* 8 records noted */
        }
        CHECK_EQ_INT(v.invalid_logged, v.n);
        CHECK_EQ_INT(m->verdicts[0][VERDICT_INVALID], 5);
    }
    fixture_finish(m, &cfg);
    fixture_file_remove(dir, path);
}

int main(void) {
    RUN(rezzo_P4_framing_odd_byte_misaligns_for_good);
    RUN(rezzo_P6_P7_acks);
    RUN(rezzo_P7_multiple_first_action_stands);
    RUN(rezzo_D12_pending_cap);
    RUN(rezzo_T3_several_records_are_invalid_with_the_raw_records);
    RUN(rezzo_T3_a_second_answer_after_eight_stale_records_is_logged);
    return T_DONE();
}
