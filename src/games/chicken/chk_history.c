/* chk_history.c: the original engine's match JSON (Chicken P8.4): the same keys in the same order,
 * Python json.dumps separators, one row per completed ply (a failed ply adds none), the +4 in the
 * fall's own row, and a file even when start-up failed. Pure: the sink writes the bytes. */
#include "chk.h"
#include <stdio.h>
#include <string.h>

void chk_history_turn(void *acc, const void *state) {
    chk_history *h = acc;
    const chk_state *st = state;
    const chk_last *L = &st->last;
    if (!L->moved || h->n >= 2 * CHK_MAX_MOVES) return;
    int i = h->n++;
    h->pos[i] = (int8_t)st->pos[L->mover];
    for (int c = 0; c < 2; c++) {
        h->eggs[i][c] = (int16_t)st->score[c];
        h->turds_left[i][c] = (int8_t)st->turds_left[c];
        h->moves_left[i][c] = (int16_t)st->moves_left[c];
        h->time_ms[i][c] = st->bank_left_ms[c];
    }
    h->fell[i] = L->fell;
    h->start_ms = st->bank_ms;
    h->left_behind[i] = (int8_t)L->move.type;
}

/* Seconds as Python writes them: an integer for a whole `start_time` (360), else a float in its
 * shortest form that reads back the same, with ".0" when whole (359.0). Whole milliseconds have at
 * most three decimals, and a shorter decimal is another number: the shortest form is the three
 * decimals without their trailing zeros (359.5, 359.95, 359.999). */
static void put_seconds(buf_t *out, int64_t ms, bool integer_when_whole) {
    if (ms % 1000 == 0) {
        buf_printf(out, integer_when_whole ? "%lld" : "%lld.0", (long long)(ms / 1000));
        return;
    }
    char text[40];
    int n = snprintf(text, sizeof text, "%.3f", (double)ms / 1000.0);
    while (text[n - 1] == '0') n--;
    buf_append(out, text, (size_t)n);
}

static void put_string(buf_t *out, const char *s) {
    buf_putc(out, '"');
    /* Python's json.dumps default (ensure_ascii): everything outside printable ASCII escaped. */
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        switch (*p) {
        case '"': buf_puts(out, "\\\""); break;
        case '\\': buf_puts(out, "\\\\"); break;
        case '\n': buf_puts(out, "\\n"); break;
        case '\r': buf_puts(out, "\\r"); break;
        case '\t': buf_puts(out, "\\t"); break;
        case '\b': buf_puts(out, "\\b"); break;
        case '\f': buf_puts(out, "\\f"); break;
        default:
            /* Bytes, not code points: stderr may hold anything, and this keeps every byte. */
            if (*p < 0x20 || *p > 0x7e) buf_printf(out, "\\u%04x", *p);
            else buf_putc(out, (char)*p);
        }
    }
    buf_putc(out, '"');
}

static void key(buf_t *out, const char *k, bool first) {
    if (!first) buf_puts(out, ", ");
    buf_printf(out, "\"%s\": ", k);
}

static void xy(buf_t *out, int sq) { buf_printf(out, "[%d, %d]", CHK_X(sq), CHK_Y(sq)); }

typedef enum { COL_EGGS, COL_TURDS, COL_TIME, COL_MOVES } column;

static void int_column(buf_t *out, const chk_history *h, column what, int c) {
    buf_putc(out, '[');
    for (int i = 0; i < h->n; i++) {
        if (i) buf_puts(out, ", ");
        if (what == COL_TIME) {
            /* An untouched bank is written as the integer it started as (the original's 360). */
            int64_t ms = h->time_ms[i][c] < 0 ? 0 : h->time_ms[i][c];
            put_seconds(out, ms, ms == h->start_ms);
        } else {
            buf_int(out, what == COL_EGGS ? h->eggs[i][c] : what == COL_TURDS ? h->turds_left[i][c] : h->moves_left[i][c]);
        }
    }
    buf_putc(out, ']');
}

static void errlog(buf_t *out, const chk_state *st, int colour, const game_seat_notes *notes) {
    const chk_last *L = &st->last;
    int seat = st->seat_of[colour];
    bool failed = L->fail_seat >= 0 && (L->fail_seat == seat ||
                                        (st->reason == CHK_FAILED_INIT && st->winner == CHK_TIE));
    if (!failed || !notes) {
        put_string(out, "");
        return;
    }
    const game_seat_notes *n = &notes[seat];
    buf_t text;
    buf_init(&text);
    buf_printf(&text, "%s: ", CHK_REASON_NAME[st->reason]);
    if (n->detail && *n->detail) buf_puts(&text, n->detail);
    else if (L->fail_check != CHK_OK) buf_puts(&text, CHK_CHECK_LABEL[L->fail_check]);
    else buf_puts(&text, st->reason == CHK_TIMEOUT ? "time bank exhausted" : "seat failed");
    if (n->text && *n->text) buf_printf(&text, " (received \"%s\")", n->text);
    buf_putc(&text, '\n');
    if (n->stderr_tail) {
        size_t len = strlen(n->stderr_tail);
        buf_puts(&text, n->stderr_tail + (len > 4096 ? len - 4096 : 0));
    }
    put_string(out, buf_cstr(&text));
    buf_free(&text);
}

static void name_part(buf_t *stem, const char *name) {
    for (const char *p = name && *name ? name : "bot"; *p; p++) {
        char ch = *p;
        bool ok = (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '.' ||
                  ch == '_' || ch == '-';
        buf_putc(stem, ok ? ch : '_');
    }
}

void chk_history_end(void *acc, const void *state, const game_names *names, const game_seat_notes *notes, buf_t *stem,
                     buf_t *out) {
    const chk_history *h = acc;
    const chk_state *st = state;
    static const char *const behind[3] = {"plain", "egg", "turd"};
    name_part(stem, names->name[st->seat_of[CHK_A]]);
    buf_putc(stem, '_');
    name_part(stem, names->name[st->seat_of[CHK_B]]);

    buf_putc(out, '{');
    key(out, "pos", true);
    buf_putc(out, '[');
    for (int i = 0; i < h->n; i++) {
        if (i) buf_puts(out, ", ");
        xy(out, h->pos[i]);
    }
    buf_putc(out, ']');
    key(out, "a_eggs_laid", false);
    int_column(out, h, COL_EGGS, CHK_A);
    key(out, "b_eggs_laid", false);
    int_column(out, h, COL_EGGS, CHK_B);
    key(out, "a_turds_left", false);
    int_column(out, h, COL_TURDS, CHK_A);
    key(out, "b_turds_left", false);
    int_column(out, h, COL_TURDS, CHK_B);
    key(out, "a_time_left", false);
    int_column(out, h, COL_TIME, CHK_A);
    key(out, "b_time_left", false);
    int_column(out, h, COL_TIME, CHK_B);
    key(out, "a_moves_left", false);
    int_column(out, h, COL_MOVES, CHK_A);
    key(out, "b_moves_left", false);
    int_column(out, h, COL_MOVES, CHK_B);
    key(out, "trapdoor_triggered", false);
    buf_putc(out, '[');
    for (int i = 0; i < h->n; i++) buf_puts(out, i ? (h->fell[i] ? ", 1" : ", 0") : (h->fell[i] ? "1" : "0"));
    buf_putc(out, ']');
    key(out, "left_behind", false);
    buf_putc(out, '[');
    for (int i = 0; i < h->n; i++) buf_printf(out, "%s\"%s\"", i ? ", " : "", behind[h->left_behind[i]]);
    buf_putc(out, ']');
    key(out, "errlog_a", false);
    errlog(out, st, CHK_A, notes);
    key(out, "errlog_b", false);
    errlog(out, st, CHK_B, notes);
    key(out, "start_time", false);
    put_seconds(out, st->bank_ms > 0 ? st->bank_ms : 0, true);
    key(out, "start_moves", false);
    buf_int(out, st->cfg.moves);
    key(out, "turn_count", false);
    buf_int(out, h->n);
    key(out, "result", false);
    buf_int(out, st->winner == CHK_WIN_A ? 0 : st->winner == CHK_WIN_B ? 1 : 2);
    key(out, "reason", false);
    put_string(out, CHK_REASON_NAME[st->reason]);
    key(out, "trapdoors", false);
    buf_putc(out, '[');
    xy(out, st->door[CHK_WHITE_DOOR]);
    buf_puts(out, ", ");
    xy(out, st->door[CHK_BLACK_DOOR]);
    buf_putc(out, ']');
    key(out, "spawn_a", false);
    xy(out, st->spawn[CHK_A]);
    key(out, "spawn_b", false);
    xy(out, st->spawn[CHK_B]);
    buf_puts(out, "}\n");
}
