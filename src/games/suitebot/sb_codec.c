/* sb_codec.c: the state line of SuiteBot P5.1 (compact JSON, the original's keys in their order,
 * grids indexed [x][y]), the replies of P5.3, and the inverse parser for the C starter kit. */
#include "sb.h"
#include "../../core/jw.h"
#include <jansson.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

void sb_view_of(const sb_state *st, int seat, sb_view *v) {
    const int w = st->plan.w, h = st->plan.h, n = st->plan.n;
    v->id = seat + 1;
    v->round = st->round;
    v->remaining = st->rules.rounds - st->round - 1; /* SuiteBot D11 */
    v->w = w;
    v->h = h;
    v->n = n;
    for (int p = 0; p < n; p++) {
        v->p[p].name = st->names[p];
        v->p[p].resources = st->score[p];
        v->p[p].bx = st->plan.bx[p];
        v->p[p].by = st->plan.by[p];
        v->p[p].ax = st->ax[p];
        v->p[p].ay = st->ay[p];
        v->p[p].last = st->last_move[p];
    }
    v->rules = st->rules;
    memcpy(v->res, st->res, (size_t)(w * h));
    memcpy(v->bomb, st->bomb, (size_t)(w * h) * sizeof *v->bomb);
}

static void put_xy(buf_t *out, const char *key, int x, int y) {
    buf_puts(out, key);
    buf_puts(out, "{\"x\":");
    buf_int(out, x);
    buf_puts(out, ",\"y\":");
    buf_int(out, y);
    buf_putc(out, '}');
}

void sb_encode_view(const sb_view *v, buf_t *out) {
    const int w = v->w, h = v->h;
    buf_puts(out, "{\"aiPlayerId\":");
    buf_int(out, v->id);
    buf_puts(out, ",\"currentRound\":");
    buf_int(out, v->round);
    buf_puts(out, ",\"remainingRounds\":");
    buf_int(out, v->remaining);
    buf_puts(out, ",\"gamePlanWidth\":");
    buf_int(out, w);
    buf_puts(out, ",\"gamePlanHeight\":");
    buf_int(out, h);
    buf_puts(out, ",\"players\":{");
    for (int p = 0; p < v->n; p++) {
        buf_puts(out, p ? ",\"" : "\"");
        buf_int(out, p + 1);
        buf_puts(out, "\":{\"name\":\"");
        const char *name = v->p[p].name ? v->p[p].name : "";
        jw_escape(out, name, strlen(name));
        buf_puts(out, "\",\"resources\":");
        buf_int(out, v->p[p].resources);
        put_xy(out, ",\"homeBaseLocation\":", v->p[p].bx, v->p[p].by);
        put_xy(out, ",\"agentLocation\":", v->p[p].ax, v->p[p].ay);
        buf_puts(out, ",\"agentLastMove\":");
        if (v->p[p].last >= 0 && v->p[p].last < SB_MOVES) {
            buf_putc(out, '"');
            buf_puts(out, SB_WORDS[v->p[p].last]);
            buf_putc(out, '"');
        } else {
            buf_puts(out, "null");
        }
        buf_putc(out, '}');
    }
    buf_puts(out, "},\"fieldResources\":[");
    /* [x][y]: the outer array runs over x (SuiteBot P5.1). */
    buf_reserve(out, (size_t)(w * h * 2 + w * 3));
    for (int x = 0; x < w; x++) {
        char *p = out->data + out->len;
        if (x) *p++ = ',';
        *p++ = '[';
        for (int y = 0; y < h; y++) {
            if (y) *p++ = ',';
            *p++ = v->res[y * w + x] ? '1' : '0';
        }
        *p++ = ']';
        out->len = (size_t)(p - out->data);
    }
    out->data[out->len] = 0;
    buf_puts(out, "],\"fieldBombs\":[");
    for (int x = 0; x < w; x++) {
        buf_puts(out, x ? ",[" : "[");
        for (int y = 0; y < h; y++) {
            const sb_bomb *b = &v->bomb[y * w + x];
            if (y) buf_putc(out, ',');
            if (!b->owner) {
                buf_puts(out, "null");
                continue;
            }
            buf_puts(out, "{\"ownerId\":");
            buf_int(out, b->owner);
            buf_puts(out, ",\"countdown\":");
            buf_int(out, b->countdown);
            buf_putc(out, '}');
        }
        buf_putc(out, ']');
    }
    buf_putc(out, ']');
    if (v->rules.extras) { /* SuiteBot D20: only on request, as the last key */
        buf_puts(out, ",\"arena\":{\"blast\":\"");
        buf_puts(out, v->rules.blast == SB_BLAST_CROSS ? "cross" : "square");
        buf_puts(out, "\",\"radius\":");
        buf_int(out, v->rules.radius);
        buf_puts(out, ",\"countdown\":");
        buf_int(out, v->rules.countdown);
        buf_puts(out, ",\"kill\":");
        buf_int(out, v->rules.kill);
        buf_puts(out, ",\"rounds\":");
        buf_int(out, v->rules.rounds);
        buf_putc(out, '}');
    }
    buf_puts(out, "}\n");
}

static bool blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

/* The move a first letter means (SuiteBot P5.3), or -1. */
static int move_of_letter(char c) {
    switch (c) {
    case 'u': case 'U': return SB_UP;
    case 'd': case 'D': return SB_DOWN;
    case 'l': case 'L': return SB_LEFT;
    case 'r': case 'R': return SB_RIGHT;
    case 'h': case 'H': return SB_HOLD;
    case 'b': case 'B': case 'p': case 'P': return SB_PLANT;
    default: return -1;
    }
}

decode_result sb_decode_reply(const char *line, size_t n, sb_action *a, buf_t *why) {
    while (n && blank(line[0])) line++, n--;
    while (n && blank(line[n - 1])) n--;
    a->move = SB_HOLD;
    if (n == 0) return DECODE_SKIP; /* a blank line is not a reply (stdio); over tcp it is invalid */
    int m = move_of_letter(line[0]);
    if (m < 0) {
        if (why) buf_puts(why, "the first character is not one of U, D, L, R, H, B, P");
        return DECODE_MALFORMED;
    }
    a->move = m;
    return DECODE_ACTION;
}

static int int_of(json_t *o, const char *key, bool *ok) {
    json_t *x = json_object_get(o, key);
    if (!json_is_integer(x)) {
        *ok = false;
        return 0;
    }
    return (int)json_integer_value(x);
}

/* The starter kit's side: one state line into a view (like the kit's dto_2_game_state). */
int sb_kit_parse(sb_kit *k, const char *line, size_t n, sb_view *v) {
    while (n && blank(line[0])) line++, n--;
    while (n && blank(line[n - 1])) n--;
    if (n == 0) return KIT_MORE;
    if (n == 4 && memcmp(line, "EXIT", 4) == 0) return KIT_END;
    json_error_t je;
    json_t *j = json_loadb(line, n, 0, &je);
    if (!json_is_object(j)) {
        json_decref(j);
        return KIT_ERROR;
    }
    bool ok = true;
    memset(v, 0, offsetof(sb_view, res));
    v->id = int_of(j, "aiPlayerId", &ok);
    v->round = int_of(j, "currentRound", &ok);
    v->remaining = int_of(j, "remainingRounds", &ok);
    v->w = int_of(j, "gamePlanWidth", &ok);
    v->h = int_of(j, "gamePlanHeight", &ok);
    if (!ok || v->w < 1 || v->h < 1 || v->w > SB_MAX_SIDE || v->h > SB_MAX_SIDE) goto bad;
    sb_rules_default(&v->rules);
    v->rules.rounds = v->remaining + v->round + 1; /* the kit's own reconstruction (SuiteBot D11) */
    json_t *players = json_object_get(j, "players");
    for (int p = 0; p < SB_MAX_PLAYERS; p++) {
        char key[4] = {(char)('1' + p), 0};
        json_t *pl = json_object_get(players, key);
        if (!pl) break;
        v->n = p + 1;
        const char *name = json_string_value(json_object_get(pl, "name"));
        snprintf(k->names[p], SB_NAME_MAX, "%s", name ? name : "");
        v->p[p].name = k->names[p];
        v->p[p].resources = int_of(pl, "resources", &ok);
        json_t *b = json_object_get(pl, "homeBaseLocation"), *a = json_object_get(pl, "agentLocation");
        v->p[p].bx = int_of(b, "x", &ok);
        v->p[p].by = int_of(b, "y", &ok);
        v->p[p].ax = int_of(a, "x", &ok);
        v->p[p].ay = int_of(a, "y", &ok);
        const char *last = json_string_value(json_object_get(pl, "agentLastMove"));
        v->p[p].last = last && *last ? move_of_letter(last[0]) : SB_NO_MOVE; /* by its first letter */
        if (!ok || v->p[p].bx < 0 || v->p[p].bx >= v->w || v->p[p].by < 0 || v->p[p].by >= v->h ||
            v->p[p].ax < 0 || v->p[p].ax >= v->w || v->p[p].ay < 0 || v->p[p].ay >= v->h)
            goto bad;
    }
    if (v->id < 1 || v->id > v->n) goto bad;
    json_t *res = json_object_get(j, "fieldResources"), *bombs = json_object_get(j, "fieldBombs");
    if (json_array_size(res) != (size_t)v->w || json_array_size(bombs) != (size_t)v->w) goto bad;
    for (int x = 0; x < v->w; x++) {
        json_t *rc = json_array_get(res, (size_t)x), *bc = json_array_get(bombs, (size_t)x);
        if (json_array_size(rc) != (size_t)v->h || json_array_size(bc) != (size_t)v->h) goto bad;
        for (int y = 0; y < v->h; y++) {
            int c = y * v->w + x;
            v->res[c] = json_integer_value(json_array_get(rc, (size_t)y)) > 0;
            json_t *b = json_array_get(bc, (size_t)y);
            v->bomb[c].owner = v->bomb[c].countdown = 0;
            if (json_is_object(b)) {
                int owner = int_of(b, "ownerId", &ok), cd = int_of(b, "countdown", &ok);
                if (!ok || owner < 1 || owner > SB_MAX_PLAYERS || cd < 0 || cd > 255) goto bad;
                v->bomb[c].owner = (uint8_t)owner;
                v->bomb[c].countdown = (uint8_t)cd;
            }
        }
    }
    json_t *arena = json_object_get(j, "arena");
    if (json_is_object(arena)) {
        const char *blast = json_string_value(json_object_get(arena, "blast"));
        v->rules.blast = blast && strcmp(blast, "cross") == 0 ? SB_BLAST_CROSS : SB_BLAST_SQUARE;
        bool aok = true;
        int radius = int_of(arena, "radius", &aok), cd = int_of(arena, "countdown", &aok);
        int kill = int_of(arena, "kill", &aok), rounds = int_of(arena, "rounds", &aok);
        if (aok && radius >= 0 && radius <= SB_MAX_RADIUS && cd >= 1 && cd <= SB_MAX_COUNTDOWN) {
            v->rules.radius = radius;
            v->rules.countdown = cd;
            v->rules.kill = kill;
            v->rules.rounds = rounds;
        }
        v->rules.extras = true;
    }
    json_decref(j);
    return KIT_VIEW;
bad:
    json_decref(j);
    return KIT_ERROR;
}
