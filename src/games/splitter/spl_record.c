/* spl_record.c: Splitter as JSON for replays and the viewer: actions, each turn's events (the roll
 * answered, the pair written, the next roll, a failure) and frames (the whole sheet). */
#include "spl.h"

void spl_action_json(const void *action, jw_t *w) {
    const spl_action *a = action;
    jw_arr(w);
    jw_int(w, a->v);
    jw_int(w, a->x);
    jw_int(w, a->y);
    jw_arr_end(w);
}

bool spl_action_parse(json_t *j, void *action) {
    spl_action *a = action;
    a->v = a->x = a->y = 0;
    if (!json_is_array(j) || json_array_size(j) != 3) return false;
    int32_t v[3];
    for (int i = 0; i < 3; i++) {
        json_t *x = json_array_get(j, (size_t)i);
        if (!json_is_integer(x)) return false;
        json_int_t n = json_integer_value(x);
        if (n < INT32_MIN || n > INT32_MAX) return false;
        v[i] = (int32_t)n;
    }
    a->v = v[0], a->x = v[1], a->y = v[2];
    return true;
}

static void roll_json(jw_t *w, int d1, int d2) {
    if (!d1) {
        jw_null(w);
        return;
    }
    jw_arr(w);
    jw_int(w, d1);
    jw_int(w, d2);
    jw_arr_end(w);
}

void spl_turn_json(const void *state, jw_t *w) {
    const spl_state *st = state;
    jw_obj(w);
    jw_key(w, "roll");
    roll_json(w, st->last_d1, st->last_d2);
    jw_key(w, "placed");
    if (st->placed) {
        jw_obj(w);
        jw_key(w, "v");
        jw_int(w, st->last.v);
        jw_key(w, "x");
        jw_int(w, st->last.x);
        jw_key(w, "y");
        jw_int(w, st->last.y);
        jw_key(w, "other");
        jw_int(w, st->last_other);
        jw_key(w, "mx");
        jw_int(w, st->L.w - 1 - st->last.x);
        jw_obj_end(w);
    } else {
        jw_null(w);
    }
    jw_key(w, "next");
    roll_json(w, st->d1, st->d2);
    jw_key(w, "failure");
    if (st->failure.verdict != VERDICT_OK) {
        jw_obj(w);
        jw_key(w, "verdict");
        jw_str(w, verdict_name(st->failure.verdict));
        jw_key(w, "cause");
        jw_str(w, verdict_cause_name(st->failure.cause));
        if (st->failure.rule) {
            jw_key(w, "rule");
            jw_int(w, st->failure.rule);
        }
        jw_obj_end(w);
    } else {
        jw_null(w);
    }
    jw_obj_end(w);
}

void spl_frame_json(const void *state, jw_t *w) {
    const spl_state *st = state;
    jw_obj(w);
    jw_key(w, "layout");
    jw_int(w, st->layout_number);
    jw_key(w, "game");
    jw_int(w, st->game_index);
    jw_key(w, "w");
    jw_int(w, st->L.w);
    jw_key(w, "h");
    jw_int(w, st->L.h);
    jw_key(w, "cells");
    jw_arr(w);
    for (int y = 0; y < st->L.h; y++)
        for (int x = 0; x < st->L.w; x++) jw_int(w, st->L.code[y][x]);
    jw_arr_end(w);
    jw_key(w, "sheet");
    jw_arr(w);
    for (int y = 0; y < st->L.h; y++)
        for (int x = 0; x < st->L.w; x++) jw_int(w, st->sheet[y][x]);
    jw_arr_end(w);
    jw_key(w, "round");
    jw_int(w, st->round);
    jw_key(w, "rounds");
    jw_int(w, st->rounds);
    jw_key(w, "roll");
    roll_json(w, st->d1, st->d2);
    spl_score sc;
    spl_score_sheet(&st->L, st->sheet, &sc);
    jw_key(w, "score");
    jw_obj(w);
    jw_key(w, "exact");
    jw_int(w, sc.exact);
    jw_key(w, "stars");
    jw_int(w, sc.star_bonus);
    jw_key(w, "hearts");
    jw_int(w, sc.hearts);
    jw_key(w, "total");
    jw_int(w, spl_total(st));
    jw_obj_end(w);
    jw_key(w, "over");
    jw_bool(w, st->over);
    jw_key(w, "failed");
    jw_bool(w, st->failure.verdict != VERDICT_OK);
    jw_obj_end(w);
}
