/* sb_scn.c: the ASCII notation of SuiteBot P11.1 (the kit's test notation, extended): grids
 * with override lines into a state, and a state into its canonical form. Used by the `map` option,
 * by the scenario tests and by anyone checking a state by eye. */
#include "sb.h"
#include "../../core/text.h"
#include <string.h>

typedef struct {
    const char *p;
    size_t n;
    int line_no;
} scn_line;

/* Splits text into lines, dropping blank lines and '#' comments. Returns the count (at most max). */
static int split(const char *text, scn_line *out, int max, bool *too_many) {
    int k = 0, no = 0;
    *too_many = false;
    const char *p = text;
    while (*p) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        no++;
        size_t len = n;
        if (len && p[len - 1] == '\r') len--;
        const char *t = p;
        size_t tl = len;
        text_trim(&t, &tl);
        if (tl && t[0] != '#') {
            if (k == max) {
                *too_many = true;
                return k;
            }
            out[k].p = p;
            out[k].n = len;
            out[k].line_no = no;
            k++;
        }
        p += n + (nl ? 1 : 0);
    }
    return k;
}

/* The length of the UTF-8 character at s (2 to 4 bytes), 0 when it is none. */
static int sb_scn_utf8_len(const char *s) {
    unsigned char c = (unsigned char)s[0];
    int n = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
    for (int i = 1; i < n; i++)
        if (((unsigned char)s[i] & 0xC0) != 0x80) return 0;
    return n;
}

static bool parse_xy(const char *s, size_t n, int w, int h, int *x, int *y) {
    const char *comma = memchr(s, ',', n);
    if (!comma) return false;
    long long a, b;
    if (!text_parse_int(s, (size_t)(comma - s), 0, w - 1, &a)) return false;
    if (!text_parse_int(comma + 1, n - (size_t)(comma - s) - 1, 0, h - 1, &b)) return false;
    *x = (int)a;
    *y = (int)b;
    return true;
}

#define SCN_MAX_LINES (SB_MAX_SIDE + 512)

/* Reads the grid into plan (and, when st is given, the whole state with overrides). */
static bool parse(const char *text, bool maps_only, const sb_rules *rules, sb_plan *plan, sb_state *st,
                  buf_t *err) {
    scn_line lines[SCN_MAX_LINES];
    bool too_many;
    int nl = split(text, lines, SCN_MAX_LINES, &too_many);
    if (too_many) {
        buf_printf(err, "more than %d lines", SCN_MAX_LINES);
        return false;
    }
    /* grid rows: a line whose first non-blank character is '|', up to its last '|' */
    int rows = 0, w = -1;
    const char *row[SB_MAX_SIDE];
    while (rows < nl) {
        const char *t = lines[rows].p;
        size_t tl = lines[rows].n;
        while (tl && (*t == ' ' || *t == '\t')) t++, tl--;
        if (!tl || t[0] != '|') break;
        const char *end = t + tl - 1;
        while (end > t && *end != '|') end--;
        if (end == t) {
            buf_printf(err, "line %d: a grid row must end with '|'", lines[rows].line_no);
            return false;
        }
        int width = (int)(end - t - 1);
        if (w >= 0 && width != w) {
            buf_printf(err, "line %d: row is %d fields wide, the first row %d", lines[rows].line_no, width, w);
            return false;
        }
        if (rows >= SB_MAX_SIDE) {
            buf_printf(err, "line %d: more than %d rows", lines[rows].line_no, SB_MAX_SIDE);
            return false;
        }
        w = width;
        row[rows++] = t + 1;
    }
    if (rows == 0) {
        buf_puts(err, "no grid (rows are written between two '|')");
        return false;
    }
    int h = rows;
    if (w < SB_MIN_SIDE || w > SB_MAX_SIDE || h < SB_MIN_SIDE || h > SB_MAX_SIDE) {
        buf_printf(err, "the grid is %dx%d; each side must be %d..%d", w, h, SB_MIN_SIDE, SB_MAX_SIDE);
        return false;
    }
    memset(plan, 0, sizeof *plan);
    plan->w = w;
    plan->h = h;
    plan->has_res = true;
    bool base_seen[SB_MAX_PLAYERS] = {false};
    int ag_x[SB_MAX_PLAYERS], ag_y[SB_MAX_PLAYERS];
    bool ag_seen[SB_MAX_PLAYERS] = {false};
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            char ch = row[y][x];
            int c = y * w + x;
            if (ch == '.') plan->res[c] = 1;
            else if (ch == ' ') plan->res[c] = 0;
            else if (ch >= 'A' && ch <= 'H') {
                int p = ch - 'A';
                if (base_seen[p]) {
                    buf_printf(err, "base %c appears twice", ch);
                    return false;
                }
                base_seen[p] = true;
                plan->bx[p] = x;
                plan->by[p] = y;
            } else if (!maps_only && ch >= 'a' && ch <= 'h') {
                int p = ch - 'a';
                if (ag_seen[p]) {
                    buf_printf(err, "agent %c appears twice", ch);
                    return false;
                }
                ag_seen[p] = true;
                ag_x[p] = x;
                ag_y[p] = y;
            } else if (!maps_only && ch >= '0' && ch <= '9') {
                plan->res[c] = 0;
            } else {
                /* a byte of a UTF-8 character was shown alone ('\xc3'): name the whole character */
                int len = (unsigned char)ch < 0x80 ? 1 : sb_scn_utf8_len(&row[y][x]);
                if (len) buf_printf(err, "row %d, column %d: '%.*s' is not allowed%s", y, x, len, &row[y][x],
                                    maps_only ? " in a map (only ' ', '.' and A-H)" : "");
                else buf_printf(err, "row %d, column %d: the byte 0x%02X (not UTF-8) is not allowed", y, x,
                                (unsigned)(unsigned char)ch);
                return false;
            }
        }
    int n = 0;
    while (n < SB_MAX_PLAYERS && base_seen[n]) n++;
    for (int p = n; p < SB_MAX_PLAYERS; p++)
        if (base_seen[p]) {
            buf_printf(err, "base %c without base %c: the players' letters must have no gaps", 'A' + p, 'A' + n);
            return false;
        }
    if (n < 2) {
        buf_puts(err, "a plan needs the bases of 2 to 8 players (A, B, ...)");
        return false;
    }
    for (int p = n; p < SB_MAX_PLAYERS; p++)
        if (ag_seen[p]) {
            buf_printf(err, "agent %c has no base", 'a' + p);
            return false;
        }
    plan->n = n;
    if (maps_only && rows < nl) {
        buf_printf(err, "line %d: a map holds only the grid", lines[rows].line_no);
        return false;
    }
    if (!st) return true;

    sb_start(st, rules, plan);
    for (int p = 0; p < n; p++)
        if (ag_seen[p]) st->ax[p] = ag_x[p], st->ay[p] = ag_y[p];
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            if (row[y][x] >= '0' && row[y][x] <= '9') {
                st->bomb[y * w + x].owner = 1;
                st->bomb[y * w + x].countdown = (uint8_t)(row[y][x] - '0');
            }
    for (int i = rows; i < nl; i++) {
        const char *tok[SB_MAX_PLAYERS + 2];
        size_t tl[SB_MAX_PLAYERS + 2];
        int k = text_tokens(lines[i].p, lines[i].n, tok, tl, SB_MAX_PLAYERS + 2);
        int x, y;
        long long a, b;
        if (k == 4 && text_eq(tok[0], tl[0], "bomb") && parse_xy(tok[1], tl[1], w, h, &x, &y) &&
            text_parse_int(tok[2], tl[2], 1, n, &a) && text_parse_int(tok[3], tl[3], 0, SB_MAX_COUNTDOWN, &b)) {
            st->bomb[y * w + x].owner = (uint8_t)a;
            st->bomb[y * w + x].countdown = (uint8_t)b;
        } else if (k == 3 && text_eq(tok[0], tl[0], "res") && parse_xy(tok[1], tl[1], w, h, &x, &y) &&
                   text_parse_int(tok[2], tl[2], 0, 1, &a)) {
            st->res[y * w + x] = (uint8_t)a;
        } else if (k == 3 && text_eq(tok[0], tl[0], "agent") && text_parse_int(tok[1], tl[1], 1, n, &a) &&
                   parse_xy(tok[2], tl[2], w, h, &x, &y)) {
            st->ax[a - 1] = x;
            st->ay[a - 1] = y;
        } else if (k == n + 1 && text_eq(tok[0], tl[0], "score")) {
            for (int p = 0; p < n; p++) {
                if (!text_parse_int(tok[p + 1], tl[p + 1], -1000000000, 1000000000, &a)) goto bad;
                st->score[p] = (int)a;
            }
        } else {
        bad:
            buf_printf(err, "line %d: expected `bomb X,Y OWNER COUNTDOWN`, `res X,Y R`, `agent P X,Y` or "
                            "`score S1 .. S%d`: %.*s",
                       lines[i].line_no, n, (int)(lines[i].n > 80 ? 80 : lines[i].n), lines[i].p);
            return false;
        }
    }
    return true;
}

bool sb_scn_parse(const char *text, const sb_rules *rules, bool maps_only, sb_state *st, buf_t *err) {
    sb_plan plan;
    return parse(text, maps_only, rules, &plan, st, err);
}

bool sb_scn_plan(const char *text, sb_plan *plan, buf_t *err) {
    return parse(text, true, NULL, plan, NULL, err);
}

/* The agent (0-based) standing at cell c, away from its own base; -1 if none. Lowest id first. */
static int agent_at(const sb_state *st, int x, int y) {
    for (int p = 0; p < st->plan.n; p++)
        if (st->ax[p] == x && st->ay[p] == y) return p;
    return -1;
}

void sb_scn_render(const sb_state *st, buf_t *out) {
    const int w = st->plan.w, h = st->plan.h, n = st->plan.n;
    for (int y = 0; y < h; y++) {
        buf_putc(out, '|');
        for (int x = 0; x < w; x++) {
            int c = y * w + x;
            int base = sb_base_at(st, x, y);
            int ag = agent_at(st, x, y);
            char ch;
            if (base >= 0) ch = (char)('A' + base);
            else if (ag >= 0) ch = (char)('a' + ag);
            else if (st->bomb[c].owner == 1 && !st->res[c]) ch = (char)('0' + st->bomb[c].countdown);
            else ch = st->res[c] ? '.' : ' ';
            buf_putc(out, ch);
        }
        buf_puts(out, "|\n");
    }
    for (int p = 0; p < n; p++) {
        int base = sb_base_at(st, st->ax[p], st->ay[p]);
        if (base >= 0 && base != p) buf_printf(out, "agent %d %d,%d\n", p + 1, st->ax[p], st->ay[p]);
    }
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            const sb_bomb *b = &st->bomb[y * w + x];
            if (!b->owner) continue;
            bool digit = b->owner == 1 && !st->res[y * w + x] && sb_base_at(st, x, y) < 0 && agent_at(st, x, y) < 0;
            if (!digit) buf_printf(out, "bomb %d,%d %d %d\n", x, y, b->owner, b->countdown);
        }
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            if (st->res[y * w + x] && (sb_base_at(st, x, y) >= 0 || agent_at(st, x, y) >= 0))
                buf_printf(out, "res %d,%d 1\n", x, y);
    buf_puts(out, "score");
    for (int p = 0; p < n; p++) buf_printf(out, " %d", st->score[p]);
    buf_putc(out, '\n');
}
