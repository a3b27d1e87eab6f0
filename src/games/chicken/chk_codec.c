/* chk_codec.c: Chicken views and the text protocol (Chicken P5.1-P5.3), both directions. A view holds
 * only what its seat may know (Chicken D8): revealed doors only, and the sensors only of the mover. */
#include "chk.h"
#include "../../core/text.h"
#include <string.h>

static int64_t shown_ms(int64_t ms) { return ms < 0 ? CHK_UNLIMITED_MS : ms; }

void chk_view_of(const chk_state *st, int seat, chk_view *v) {
    int c = st->colour_of[seat];
    v->colour = c;
    v->moves = st->cfg.moves;
    v->turds = st->cfg.turds;
    v->bank_ms = st->clocks_known && st->bank_ms ? st->bank_ms : -1;
    v->startup_ms = st->clocks_known ? st->startup_ms : 0;
    v->turn = st->ply;
    v->found = 0;
    for (int k = 0; k < 2; k++) {
        v->spawn[k] = st->spawn[k];
        v->pos[k] = st->pos[k];
        v->eggs[k] = st->eggs[k];
        v->turds_on[k] = st->turds[k];
        v->turds_left[k] = st->turds_left[k];
        v->moves_left[k] = st->moves_left[k];
        v->score[k] = st->score[k];
        v->time_ms[k] = st->bank_left_ms[k];
        if (st->found[k]) v->found |= CHK_BIT(st->door[k]);
    }
    /* Readings belong to the mover only; anyone else sees zeros. */
    bool mine = c == st->mover && !st->over;
    for (int i = 0; i < 4; i++) v->sense[i] = mine && st->sense[i];
}

static void put_sq(buf_t *out, int sq) {
    char s[4] = {(char)('0' + CHK_X(sq)), ',', (char)('0' + CHK_Y(sq)), 0};
    buf_append(out, s, 3);
}

void chk_put_squares(buf_t *out, uint64_t b) {
    while (b) {
        int sq = __builtin_ctzll(b);
        b &= b - 1;
        buf_putc(out, ' ');
        put_sq(out, sq);
    }
}

void chk_encode_hello(const chk_state *st, int seat, buf_t *out) {
    int c = st->colour_of[seat];
    buf_printf(out, "chicken 1\nseat %c\nspawn ", c == CHK_A ? 'A' : 'B');
    put_sq(out, st->spawn[CHK_A]);
    buf_putc(out, ' ');
    put_sq(out, st->spawn[CHK_B]);
    int64_t bank = st->clocks_known && st->bank_ms ? st->bank_ms : -1;
    buf_printf(out, "\nmoves %d\nturds %d\nbank %lld\nstartup %lld\nready\n", st->cfg.moves, st->cfg.turds,
               (long long)shown_ms(bank), (long long)(st->clocks_known ? st->startup_ms : 0));
}

void chk_encode_view(const chk_view *v, buf_t *out) {
    int me = v->colour;
    buf_puts(out, "turn ");
    buf_int(out, v->turn);
    buf_puts(out, "\npos ");
    put_sq(out, v->pos[CHK_A]);
    buf_putc(out, ' ');
    put_sq(out, v->pos[CHK_B]);
    buf_puts(out, "\neggs A");
    chk_put_squares(out, v->eggs[CHK_A]);
    buf_puts(out, "\neggs B");
    chk_put_squares(out, v->eggs[CHK_B]);
    buf_puts(out, "\nturds A");
    chk_put_squares(out, v->turds_on[CHK_A]);
    buf_puts(out, "\nturds B");
    chk_put_squares(out, v->turds_on[CHK_B]);
    buf_printf(out, "\nturdsleft %d %d\nmoves %d %d\nscore %d %d\nfound", v->turds_left[0], v->turds_left[1],
               v->moves_left[0], v->moves_left[1], v->score[0], v->score[1]);
    chk_put_squares(out, v->found);
    buf_printf(out, "\nsense %d %d %d %d\ntime %lld %lld\ngo\n", v->sense[0], v->sense[1], v->sense[2], v->sense[3],
               (long long)shown_ms(v->time_ms[me]), (long long)shown_ms(v->time_ms[1 - me]));
}

void chk_encode_end(const chk_state *st, buf_t *out) {
    const char *who = st->winner == CHK_WIN_A ? "A" : st->winner == CHK_WIN_B ? "B" : "TIE";
    buf_printf(out, "end %s %s %d %d\n", who, CHK_REASON_NAME[st->reason], st->score[CHK_A], st->score[CHK_B]);
}

/* ---------- replies (Chicken P5.2) ---------- */

static int word_index(const char *s, size_t n, const char *const *names, int count) {
    if (n == 1 && s[0] >= '0' && s[0] < '0' + count) return s[0] - '0';
    for (int i = 0; i < count; i++)
        if (text_ieq(s, n, names[i])) return i;
    return -1;
}

decode_result chk_decode_line(const char *line, size_t n, chk_action *a, buf_t *why) {
    memset(a, 0, sizeof *a);
    if (n > 4096) {
        if (why) buf_puts(why, "malformed: reply longer than 4096 bytes");
        return DECODE_MALFORMED;
    }
    text_trim(&line, &n);
    if (n == 0) return DECODE_SKIP;
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)line[i] > 0x7e || ((unsigned char)line[i] < 0x20 && line[i] != '\t')) {
            if (why) buf_puts(why, "malformed: not printable ASCII");
            return DECODE_MALFORMED;
        }
    const char *tok[3];
    size_t tl[3];
    int k = text_tokens(line, n, tok, tl, 3);
    int dir = k == 2 ? word_index(tok[0], tl[0], CHK_DIR_NAME, 4) : -1;
    int type = k == 2 ? word_index(tok[1], tl[1], CHK_TYPE_NAME, 3) : -1;
    if (dir < 0 || type < 0) {
        if (why) buf_puts(why, "malformed: expected `DIR TYPE` (UP|RIGHT|DOWN|LEFT|0-3 and PLAIN|EGG|TURD|0-2)");
        return DECODE_MALFORMED;
    }
    a->dir = dir;
    a->type = type;
    return DECODE_ACTION;
}

void chk_encode_action(const chk_action *a, buf_t *out) {
    if (a->dir >= 0 && a->dir < 4 && a->type >= 0 && a->type < 3)
        buf_printf(out, "%s %s", CHK_DIR_NAME[a->dir], CHK_TYPE_NAME[a->type]);
    else
        buf_printf(out, "%d %d", a->dir, a->type);
}

/* ---------- the starter kit's parser: the inverse of the encoders ---------- */

static bool parse_sq(const char *s, size_t n, int32_t *sq) {
    if (n != 3 || s[1] != ',' || s[0] < '0' || s[0] > '7' || s[2] < '0' || s[2] > '7') return false;
    *sq = CHK_SQ(s[0] - '0', s[2] - '0');
    return true;
}

static bool parse_squares(const char **tok, const size_t *tl, int count, uint64_t *out) {
    *out = 0;
    for (int i = 0; i < count; i++) {
        int32_t sq;
        if (!parse_sq(tok[i], tl[i], &sq)) return false;
        *out |= CHK_BIT(sq);
    }
    return true;
}

static bool parse_ints(const char **tok, const size_t *tl, int count, long long *out) {
    for (int i = 0; i < count; i++)
        if (!text_parse_int(tok[i], tl[i], -1, INT64_MAX, &out[i])) return false;
    return true;
}

/* Unknown keywords are ignored (Chicken P5.1); a line that is not printable ASCII or does not start
 * with a keyword is garbage, not a keyword line, and is refused. */
int chk_kit_parse(chk_kit *k, const char *line, size_t n, chk_view *v) {
    text_trim(&line, &n);
    if (!text_printable_ascii(line, n)) return KIT_ERROR; /* a line the referee could not have sent: named, not ignored */
    const char *tok[70];
    size_t tl[70];
    int count = text_tokens(line, n, tok, tl, 70);
    if (count == 0) return KIT_MORE;
    if (!text_is_keyword(tok[0], tl[0])) return KIT_ERROR;
    chk_view *w = &k->v;
    long long x[4];
#define IS(word) text_eq(tok[0], tl[0], word)
    if (IS("ready")) return KIT_READY;
    if (IS("go")) {
        if (!k->have_seat) return KIT_ERROR;
        *v = *w;
        memset(w->sense, 0, sizeof w->sense);
        return KIT_VIEW;
    }
    if (IS("end")) return KIT_END;
    if (IS("seat") && count == 2) {
        if (!text_eq(tok[1], tl[1], "A") && !text_eq(tok[1], tl[1], "B")) return KIT_ERROR;
        w->colour = text_eq(tok[1], tl[1], "A") ? CHK_A : CHK_B;
        k->have_seat = true;
    } else if ((IS("spawn") || IS("pos")) && count == 3) {
        int32_t *dst = IS("spawn") ? w->spawn : w->pos;
        if (!parse_sq(tok[1], tl[1], &dst[0]) || !parse_sq(tok[2], tl[2], &dst[1])) return KIT_ERROR;
        if (IS("spawn")) w->pos[0] = w->spawn[0], w->pos[1] = w->spawn[1];
    } else if (IS("turds") && count == 2 && parse_ints(tok + 1, tl + 1, 1, x)) {
        w->turds = (int32_t)x[0]; /* start-up block: turds per chicken */
    } else if ((IS("eggs") || IS("turds")) && count >= 2) {
        int c = text_eq(tok[1], tl[1], "A") ? CHK_A : text_eq(tok[1], tl[1], "B") ? CHK_B : -1;
        if (c < 0) return KIT_ERROR;
        uint64_t *dst = IS("eggs") ? &w->eggs[c] : &w->turds_on[c];
        if (!parse_squares(tok + 2, tl + 2, count - 2, dst)) return KIT_ERROR;
    } else if (IS("found")) {
        if (!parse_squares(tok + 1, tl + 1, count - 1, &w->found)) return KIT_ERROR;
    } else if (IS("turn") && count == 2) {
        if (!parse_ints(tok + 1, tl + 1, 1, x)) return KIT_ERROR;
        w->turn = (int32_t)x[0];
    } else if ((IS("turdsleft") || IS("score") || IS("time") || IS("moves")) && (count == 3 || count == 2)) {
        if (!parse_ints(tok + 1, tl + 1, count - 1, x)) return KIT_ERROR;
        if (IS("moves") && count == 2) w->moves = (int32_t)x[0]; /* start-up block: moves per chicken */
        else if (count != 3) return KIT_ERROR;
        else if (IS("moves")) w->moves_left[0] = (int32_t)x[0], w->moves_left[1] = (int32_t)x[1];
        else if (IS("turdsleft")) w->turds_left[0] = (int32_t)x[0], w->turds_left[1] = (int32_t)x[1];
        else if (IS("score")) w->score[0] = (int32_t)x[0], w->score[1] = (int32_t)x[1];
        else {
            /* `time yours opponent's` */
            w->time_ms[w->colour] = x[0];
            w->time_ms[1 - w->colour] = x[1];
        }
    } else if (IS("sense") && count == 5) {
        if (!parse_ints(tok + 1, tl + 1, 4, x)) return KIT_ERROR;
        for (int i = 0; i < 4; i++) w->sense[i] = x[i] != 0;
    } else if (IS("bank") && count == 2) {
        if (!parse_ints(tok + 1, tl + 1, 1, x)) return KIT_ERROR;
        w->bank_ms = x[0];
        w->time_ms[0] = w->time_ms[1] = x[0];
    } else if (IS("startup") && count == 2) {
        if (!parse_ints(tok + 1, tl + 1, 1, x)) return KIT_ERROR;
        w->startup_ms = x[0];
    }
    /* Unknown keywords (and `chicken 1`) are ignored, as the protocol asks. */
    return KIT_MORE;
#undef IS
}
