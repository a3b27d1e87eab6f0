/* spl_codec.c: Splitter's views and the original's wire protocol (Splitter P5.1-P5.3), both ways:
 * the referee's messages, the exact handling of a bot's line (5.3, quirks included), the C starter
 * kit's parser and a bot's own record of the sheet. */
#include "spl.h"
#include <string.h>

void spl_view_of(const spl_state *st, spl_view *v) {
    v->w = st->L.w;
    v->h = st->L.h;
    v->rounds = st->rounds;
    memcpy(v->code, st->L.code, sizeof v->code);
    v->round = st->round;
    v->d1 = st->d1;
    v->d2 = st->d2;
}

/* 5.1: `W H R`, the layout rows, then the roll; later messages are the roll alone. */
void spl_encode_view(const spl_view *v, buf_t *out) {
    if (v->round == 0) {
        buf_printf(out, "%d %d %d\n", v->w, v->h, v->rounds);
        for (int y = 0; y < v->h; y++) {
            for (int x = 0; x < v->w; x++) {
                buf_putc(out, (char)('0' + v->code[y][x]));
                buf_putc(out, x == v->w - 1 ? '\n' : ' ');
            }
        }
    }
    buf_putc(out, (char)('0' + v->d1));
    buf_putc(out, ' ');
    buf_putc(out, (char)('0' + v->d2));
    buf_putc(out, '\n');
}

void spl_encode_action(const spl_action *a, buf_t *out) { buf_printf(out, "%d %d %d", a->v, a->x, a->y); }

const char *spl_exception_name(spl_exception e) {
    switch (e) {
    case SPL_EXC_INDEX: return "System.IndexOutOfRangeException";
    case SPL_EXC_FORMAT: return "System.FormatException";
    case SPL_EXC_OVERFLOW: return "System.OverflowException";
    default: return "System.Exception";
    }
}

/* .NET's white space for number parsing: TAB, LF, VT, FF, CR and space. */
static bool net_white(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

enum { PARSE_OK = 0, PARSE_FORMAT, PARSE_OVERFLOW };

/* int.Parse with NumberStyles.Integer in the invariant culture: white space at both ends, one
 * optional sign, ASCII digits, trailing NULs tolerated; a value outside Int32 overflows. */
static int net_parse_int(const char *s, size_t n, int32_t *out) {
    size_t i = 0;
    while (i < n && net_white(s[i])) i++;
    bool neg = false;
    if (i < n && (s[i] == '+' || s[i] == '-')) neg = s[i++] == '-';
    size_t first = i;
    uint64_t v = 0;
    bool big = false;
    for (; i < n && s[i] >= '0' && s[i] <= '9'; i++) {
        v = v * 10 + (uint64_t)(s[i] - '0');
        if (v > 0x80000000ULL) big = true, v = 0x80000001ULL; /* keep it bounded */
    }
    if (i == first) return PARSE_FORMAT;
    while (i < n && net_white(s[i])) i++;
    while (i < n && s[i] == '\0') i++;
    if (i != n) return PARSE_FORMAT;
    if (big || v > (neg ? 0x80000000ULL : 0x7FFFFFFFULL)) return PARSE_OVERFLOW;
    *out = neg ? (int32_t)(-(int64_t)v) : (int32_t)v;
    return PARSE_OK;
}

/* The fields of a line: commas become spaces, then it is split at every single space (so two
 * spaces make an empty field). Returns the number of fields; the first `max` are stored. */
static int split_fields(const char *s, size_t n, const char **f, size_t *fl, int max) {
    int k = 0;
    size_t start = 0;
    for (size_t i = 0; i <= n; i++) {
        if (i < n && s[i] != ' ' && s[i] != ',') continue;
        if (k < max) {
            f[k] = s + start;
            fl[k] = i - start;
        }
        k++;
        start = i + 1;
    }
    return k;
}

static spl_line_kind malformed(spl_exception e, const char *field, size_t n, spl_exception *exc, buf_t *why) {
    if (exc) *exc = e;
    if (!why) return SPL_LINE_MALFORMED;
    if (e == SPL_EXC_INDEX) buf_puts(why, "Index was outside the bounds of the array.");
    else if (e == SPL_EXC_OVERFLOW) buf_puts(why, "Value was either too large or too small for an Int32.");
    else {
        buf_puts(why, "The input string '");
        buf_append(why, field, n);
        buf_puts(why, "' was not in a correct format.");
    }
    return SPL_LINE_MALFORMED;
}

spl_line_kind spl_parse_line(const char *line, size_t n, spl_action *a, spl_exception *exc, buf_t *why) {
    if (exc) *exc = SPL_EXC_NONE;
    memset(a, 0, sizeof *a);
    if (n > SPL_LINE_USED) n = SPL_LINE_USED;
    const char *f[3];
    size_t fl[3];
    int k = split_fields(line, n, f, fl, 3);
    int32_t v;
    /* Splitter D8: a first field that is not an integer, or is -1, makes the line skipped. */
    if (net_parse_int(f[0], fl[0], &v) != PARSE_OK || v == -1) {
        if (why) buf_puts(why, "Input not a number skipping!");
        return SPL_LINE_SKIP;
    }
    int32_t xy[2];
    for (int i = 1; i <= 2; i++) {
        if (k <= i) return malformed(SPL_EXC_INDEX, NULL, 0, exc, why);
        int r = net_parse_int(f[i], fl[i], &xy[i - 1]);
        if (r == PARSE_FORMAT) return malformed(SPL_EXC_FORMAT, f[i], fl[i], exc, why);
        if (r == PARSE_OVERFLOW) return malformed(SPL_EXC_OVERFLOW, f[i], fl[i], exc, why);
    }
    a->v = v;
    a->x = xy[0];
    a->y = xy[1];
    return SPL_LINE_PLACE;
}

/* ---------- the C starter kit ---------- */

static int parse_small_ints(const char *s, size_t n, int *out, int max) {
    int k = 0;
    size_t i = 0;
    while (i < n) {
        while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r')) i++;
        if (i >= n) break;
        int v = 0, digits = 0;
        while (i < n && s[i] >= '0' && s[i] <= '9' && digits < 6) v = v * 10 + (s[i++] - '0'), digits++;
        if (!digits || (i < n && s[i] != ' ' && s[i] != '\t' && s[i] != '\r')) return -1;
        if (k >= max) return -1;
        out[k++] = v;
    }
    return k;
}

int spl_kit_parse(void *mem, const char *line, size_t n, spl_view *v) {
    spl_kit *k = mem;
    int num[SPL_MAXW];
    int c = parse_small_ints(line, n, num, SPL_MAXW);
    if (c == 0) return KIT_MORE;
    if (c < 0) return KIT_ERROR;
    switch (k->phase) {
    case 0:
        if (c != 3 || num[0] < 1 || num[0] > SPL_MAXW || num[1] < 1 || num[1] > SPL_MAXH) return KIT_ERROR;
        memset(&k->v, 0, sizeof k->v);
        k->v.w = num[0];
        k->v.h = num[1];
        k->v.rounds = num[2];
        k->row = 0;
        k->phase = 1;
        return KIT_MORE;
    case 1:
        if (c != k->v.w) return KIT_ERROR;
        for (int x = 0; x < c; x++) {
            if (num[x] > SPL_HEART) return KIT_ERROR;
            k->v.code[k->row][x] = (int8_t)num[x];
        }
        if (++k->row == k->v.h) k->phase = 2;
        return KIT_MORE;
    default:
        if (c != 2 || num[0] < 1 || num[0] > 6 || num[1] < 1 || num[1] > 6) return KIT_ERROR;
        *v = k->v;
        v->round = k->rolls++;
        v->d1 = num[0];
        v->d2 = num[1];
        return KIT_VIEW; /* there is no end message: the referee closes stdin (Splitter P5.1) */
    }
}

/* ---------- a bot's own record of the sheet ---------- */

void spl_track_update(spl_track *t, const spl_view *v) {
    if (v->round == 0) {
        memset(t, 0, sizeof *t);
        return;
    }
    if (t->pending) {
        t->sheet[t->last.y][t->last.x] = (int8_t)t->last.v;
        t->sheet[t->last.y][v->w - 1 - t->last.x] = (int8_t)t->last_other;
        t->pending = false;
    }
}

void spl_track_answer(spl_track *t, const spl_view *v, const spl_action *a) {
    t->pending = true;
    t->last = *a;
    t->last_other = a->v == v->d1 ? v->d2 : v->d1;
}
