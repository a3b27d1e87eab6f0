/* rz_record.c: Rezzo as JSON for replays and the viewer (docs/games/rezzo.md "Replays"): actions,
 * the tick's events, and frames: a full keyframe at tick 0, every keyframe_every ticks and at the
 * end, and between them a compact diff of the cells the tick changed. Frames are a function of the
 * state alone, so `arena verify` recomputes and compares them like any other game's. */
#include "rz.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char RZ_B64[65] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
static const char FACING[4] = {'N', 'E', 'S', 'W'};

void rz_action_json(const void *action, jw_t *w) { jw_int(w, ((const rz_action *)action)->act); }

bool rz_action_parse(json_t *j, void *action) {
    rz_action *a = action;
    a->ts = 0;
    a->act = 0;
    if (!json_is_integer(j) || json_integer_value(j) < 0 || json_integer_value(j) > 255) return false;
    a->act = (uint8_t)json_integer_value(j);
    return true;
}

static void hash_str(jw_t *w, uint64_t h) {
    char hex[24];
    snprintf(hex, sizeof hex, "%016llx", (unsigned long long)h);
    jw_str(w, hex);
}

void rz_turn_json(const void *state, jw_t *w) {
    const rz_state *st = state;
    const rz_last *L = &st->last;
    jw_obj(w);
    jw_key(w, "t");
    jw_int(w, L->tick);
    jw_key(w, "acts");
    jw_arr(w);
    for (int s = 0; s < st->n; s++) L->acts[s] < 0 ? jw_null(w) : jw_int(w, L->acts[s]);
    jw_arr_end(w);
    jw_key(w, "multi");
    jw_arr(w);
    for (int s = 0; s < st->n; s++)
        if (L->multi[s]) jw_int(w, s + 1);
    jw_arr_end(w);
    jw_key(w, "acks");
    jw_arr(w);
    for (int s = 0; s < st->n; s++) L->acks[s] < 0 ? jw_null(w) : jw_int(w, L->acks[s]);
    jw_arr_end(w);
    jw_key(w, "elim");
    jw_arr(w);
    for (int k = 0; k < L->nelim; k++) {
        jw_obj(w);
        jw_key(w, "id");
        jw_int(w, L->elim[k]);
        jw_key(w, "cause");
        jw_str(w, rz_cause_name(L->elim_cause[k]));
        jw_obj_end(w);
    }
    jw_arr_end(w);
    if (st->tick % 100 == 0 || st->over) {
        jw_key(w, "state_hash");
        hash_str(w, rz_state_hash(&st->world));
    }
    jw_obj_end(w);
}

void rz_keyframe_json(const rz_state *st, jw_t *w) {
    const rz_world *wd = &st->world;
    jw_obj(w);
    jw_key(w, "tick");
    jw_int(w, st->tick);
    jw_key(w, "key");
    jw_bool(w, true);
    jw_key(w, "width");
    jw_int(w, wd->w);
    jw_key(w, "height");
    jw_int(w, wd->h);
    jw_key(w, "world_seed"); /* the 32-bit seed the generator used (Rezzo D15) */
    jw_uint(w, st->cfg.seed32);
    /* View letters are printable ASCII without quote or backslash: a plain JSON string. */
    buf_t cells;
    buf_init(&cells);
    buf_reserve(&cells, wd->n);
    for (size_t i = 0; i < wd->n; i++) cells.data[i] = (char)rz_letter(wd->type[i], wd->owner[i]);
    cells.len = wd->n;
    cells.data[cells.len] = 0;
    jw_key(w, "cells");
    jw_strn(w, cells.data, cells.len);
    buf_free(&cells);
    jw_key(w, "damage");
    jw_arr(w);
    for (size_t i = 0; i < wd->n; i++) {
        if (!wd->damage[i]) continue;
        jw_arr(w);
        jw_int(w, (long long)i);
        jw_int(w, wd->damage[i]);
        jw_arr_end(w);
    }
    jw_arr_end(w);
    jw_key(w, "agents");
    jw_arr(w);
    for (int s = 0; s < st->n; s++) {
        const rz_player *p = &st->p[s];
        jw_obj(w);
        jw_key(w, "id");
        jw_int(w, s + 1);
        jw_key(w, "alive");
        jw_bool(w, p->alive);
        if (p->alive) {
            char f[2] = {FACING[p->facing], 0};
            jw_key(w, "x");
            jw_int(w, p->x);
            jw_key(w, "y");
            jw_int(w, p->y);
            jw_key(w, "facing");
            jw_str(w, f);
        } else {
            jw_key(w, "eliminated_at");
            jw_int(w, p->elim_tick);
            jw_key(w, "cause");
            jw_str(w, rz_cause_name(p->cause));
        }
        jw_key(w, "home");
        jw_arr(w);
        jw_int(w, p->home_x);
        jw_int(w, p->home_y);
        jw_arr_end(w);
        /* Rezzo W3: ticks played and the acks it received, by kind (OK, NO_MESSAGE, INVALID_ACTION,
         * INVALID_MESSAGE, MULTIPLE_MESSAGES). */
        jw_key(w, "ticks");
        jw_int(w, p->ticks);
        jw_key(w, "acks");
        jw_arr(w);
        for (int k = 0; k < RZ_ACK_COUNT; k++) jw_int(w, p->acks[k]);
        jw_arr_end(w);
        jw_obj_end(w);
    }
    jw_arr_end(w);
    jw_key(w, "type_hash");
    hash_str(w, rz_type_hash(wd));
    jw_key(w, "state_hash");
    hash_str(w, rz_state_hash(wd));
    jw_obj_end(w);
}

/* The diff (docs/games/rezzo.md "Replays"): for every cell the tick changed, in increasing index
 * order, the gap since the previous one as a little-endian base-64 varint (5 bits per character,
 * characters from the upper half of RZ_B64 continue the number), then the cell's new view letter.
 * Every listed cell's damage is 0 unless "damage" lists it. The tick left its changes in that
 * order (rz_tick sorts them), and the diff is written straight into the frame's text (base-64
 * digits and view letters need no escaping): a frame makes no copy (the sorted one came from the
 * aborting xmalloc, and a game never ends the process). */
static void diff_json(const rz_state *st, jw_t *w) {
    const rz_world *wd = &st->world;
    const uint32_t *idx = wd->changed;
    jw_key(w, "diff");
    jw_raw(w, "\"", 1);
    long long prev = -1;
    for (size_t k = 0; k < wd->nchanged; k++) {
        uint64_t gap = (uint64_t)((long long)idx[k] - prev - 1);
        prev = idx[k];
        while (gap >= 32) {
            buf_putc(w->out, RZ_B64[32 + (gap & 31)]);
            gap >>= 5;
        }
        buf_putc(w->out, RZ_B64[gap]);
        buf_putc(w->out, (char)rz_letter(wd->type[idx[k]], wd->owner[idx[k]]));
    }
    buf_putc(w->out, '"');
    jw_key(w, "damage");
    jw_arr(w);
    for (size_t k = 0; k < wd->nchanged; k++) {
        if (!wd->damage[idx[k]]) continue;
        jw_arr(w);
        jw_int(w, idx[k]);
        jw_int(w, wd->damage[idx[k]]);
        jw_arr_end(w);
    }
    jw_arr_end(w);
}

void rz_frame_json(const void *state, jw_t *w) {
    const rz_state *st = state;
    int k = st->cfg.keyframe_every;
    if (st->tick == 0 || st->over || (k > 0 && st->tick % k == 0) || !st->world.track) {
        rz_keyframe_json(st, w);
        return;
    }
    jw_obj(w);
    jw_key(w, "tick");
    jw_int(w, st->tick);
    diff_json(st, w);
    jw_key(w, "agents");
    jw_arr(w);
    for (int s = 0; s < st->n; s++) {
        const rz_player *p = &st->p[s];
        if (!p->alive) {
            jw_null(w);
            continue;
        }
        jw_arr(w);
        jw_int(w, p->x);
        jw_int(w, p->y);
        jw_int(w, p->facing);
        jw_arr_end(w);
    }
    jw_arr_end(w);
    jw_obj_end(w);
}
