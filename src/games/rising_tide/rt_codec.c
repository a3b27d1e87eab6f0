/* rt_codec.c: Rising Tide views and the text protocol (Rising Tide P5.1, P5.2), both directions. */
#include "rt.h"
#include "../../core/text.h"
#include <string.h>

void rt_view_of(const rt_state *st, int seat, rt_view *v) {
    v->seat = seat;
    v->rotation = seat;
    v->rounds = st->cfg.rounds;
    v->original = st->cfg.original;
    v->round = st->round;
    v->first = st->round == 0;
    memcpy(v->cell, st->rot[seat], sizeof v->cell);
}

void rt_encode_view(const rt_view *v, buf_t *out) {
    if (v->first)
        buf_printf(out, "rising_tide 1\nseat %d\nrotation %d\nrounds %d\nrules %s\n", v->seat,
                   v->rotation, v->rounds, v->original ? "original" : "written");
    buf_puts(out, "round ");
    buf_int(out, v->round);
    buf_putc(out, '\n');
    buf_reserve(out, RT_N * RT_N * 3 + 8);
    char *p = out->data + out->len;
    for (int i = 0; i < RT_N; i++) {
        for (int j = 0; j < RT_N; j++) {
            int c = v->cell[i][j];
            if (c < 0) { *p++ = '-'; *p++ = '1'; }
            else *p++ = (char)('0' + c);
            *p++ = j == RT_N - 1 ? '\n' : ' ';
        }
    }
    memcpy(p, "go\n", 3);
    p += 3;
    out->len = (size_t)(p - out->data);
    out->data[out->len] = 0;
}

/* The grammar of Rising Tide P5.2. Only the first 4096 bytes of a line count. */
decode_result rt_decode_line(const char *line, size_t n, rt_action *a, buf_t *why) {
    if (n > 4096) n = 4096;
    text_trim(&line, &n);
    if (n == 0) return DECODE_SKIP;
    const char *tok[5];
    size_t tl[5];
    int k = text_tokens(line, n, tok, tl, 5);
    memset(a, 0, sizeof *a);
    if (k == 1 && text_eq(tok[0], tl[0], "pass")) {
        a->kind = RT_PASS;
        return DECODE_ACTION;
    }
    if (k == 4) {
        long long v[4];
        for (int i = 0; i < 4; i++)
            if (!text_parse_int(tok[i], tl[i], INT32_MIN, INT32_MAX, &v[i])) goto bad;
        a->kind = RT_MOVE;
        a->i1 = (int32_t)v[0];
        a->j1 = (int32_t)v[1];
        a->i2 = (int32_t)v[2];
        a->j2 = (int32_t)v[3];
        return DECODE_ACTION;
    }
bad:
    if (why) buf_puts(why, "expected `i1 j1 i2 j2` or `pass`");
    return DECODE_MALFORMED;
}

void rt_encode_action(const rt_action *a, buf_t *out) {
    if (a->kind == RT_MOVE) buf_printf(out, "%d %d %d %d", a->i1, a->j1, a->i2, a->j2);
    else buf_puts(out, "pass");
}

/* The starter kit's parser: reads the header, then each round's 18 lines until `go`. Lines that are
 * not printable ASCII, and lines outside a view that do not start with a keyword, are refused. */
int rt_kit_parse(void *mem, const char *line, size_t n, rt_view *v) {
    rt_kit *k = mem;
    text_trim(&line, &n);
    if (!text_printable_ascii(line, n)) return KIT_ERROR; /* a line the referee could not have sent: named, not ignored */
    const char *tok[RT_N + 1];
    size_t tl[RT_N + 1];
    int count = text_tokens(line, n, tok, tl, RT_N + 1);
    long long x;
    if (count == 0) return KIT_MORE;
    if (k->in_round && k->row < RT_N) {
        if (count != RT_N) return KIT_ERROR;
        for (int j = 0; j < RT_N; j++) {
            if (!text_parse_int(tok[j], tl[j], -1, 8, &x)) return KIT_ERROR;
            k->cell[k->row][j] = (int8_t)x;
        }
        k->row++;
        return KIT_MORE;
    }
    if (!text_is_keyword(tok[0], tl[0])) return KIT_ERROR;
    if (text_eq(tok[0], tl[0], "go")) {
        if (!k->in_round || k->row != RT_N) return KIT_ERROR;
        v->seat = k->seat;
        v->rotation = k->rotation;
        v->rounds = k->rounds;
        v->original = k->original;
        v->round = k->round;
        v->first = !k->header_done;
        memcpy(v->cell, k->cell, sizeof v->cell);
        k->header_done = true;
        k->in_round = false;
        return KIT_VIEW;
    }
    if (text_eq(tok[0], tl[0], "end")) return KIT_END;
    if (count == 2 && text_eq(tok[0], tl[0], "round") &&
        text_parse_int(tok[1], tl[1], 0, 1000000, &x)) {
        k->round = (int)x;
        k->in_round = true;
        k->row = 0;
        return KIT_MORE;
    }
    if (count == 2 && text_parse_int(tok[1], tl[1], 0, 1000000, &x)) {
        if (text_eq(tok[0], tl[0], "seat")) k->seat = (int)x;
        else if (text_eq(tok[0], tl[0], "rotation")) k->rotation = (int)x;
        else if (text_eq(tok[0], tl[0], "rounds")) k->rounds = (int)x;
        return KIT_MORE;
    }
    if (count == 2 && text_eq(tok[0], tl[0], "rules")) {
        k->original = text_eq(tok[1], tl[1], "original");
        return KIT_MORE;
    }
    return KIT_MORE; /* unknown keywords (e.g. the `rising_tide 1` line) are ignored; garbage is not */
}
