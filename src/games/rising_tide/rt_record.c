/* rt_record.c: Rising Tide as JSON for replays and the viewer (actions, turn events, frames). */
#include "rt.h"
#include <string.h>

void rt_action_json(const void *action, jw_t *w) {
    const rt_action *a = action;
    if (a->kind != RT_MOVE) {
        jw_str(w, "pass");
        return;
    }
    jw_arr(w);
    jw_int(w, a->i1);
    jw_int(w, a->j1);
    jw_int(w, a->i2);
    jw_int(w, a->j2);
    jw_arr_end(w);
}

bool rt_action_parse(json_t *j, void *action) {
    rt_action *a = action;
    a->kind = RT_PASS;
    a->i1 = a->j1 = a->i2 = a->j2 = 0;
    if (json_is_string(j)) return strcmp(json_string_value(j), "pass") == 0;
    if (!json_is_array(j) || json_array_size(j) != 4) return false;
    int32_t v[4];
    for (int i = 0; i < 4; i++) {
        json_t *x = json_array_get(j, (size_t)i);
        if (!json_is_integer(x)) return false;
        json_int_t n = json_integer_value(x);
        if (n < INT32_MIN || n > INT32_MAX) return false;
        v[i] = (int32_t)n;
    }
    a->kind = RT_MOVE;
    a->i1 = v[0];
    a->j1 = v[1];
    a->i2 = v[2];
    a->j2 = v[3];
    return true;
}

/* The round's own events (Rising Tide P5.7): execution order, board moves carried out or skipped,
 * eliminations. */
void rt_turn_json(const void *state, jw_t *w) {
    const rt_state *st = state;
    const rt_last *L = &st->last;
    jw_obj(w);
    jw_key(w, "order");
    jw_arr(w);
    for (int x = 0; x < L->n_order; x++) jw_int(w, L->order[x]);
    jw_arr_end(w);
    jw_key(w, "moves");
    jw_arr(w);
    for (int s = 0; s < RT_SEATS; s++) {
        if (!L->moved[s]) continue;
        jw_obj(w);
        jw_key(w, "seat");
        jw_int(w, s);
        jw_key(w, "board");
        jw_arr(w);
        for (int k = 0; k < 4; k++) jw_int(w, L->move[s][k]);
        jw_arr_end(w);
        jw_key(w, "done");
        jw_bool(w, L->done[s]);
        jw_obj_end(w);
    }
    jw_arr_end(w);
    jw_key(w, "eliminated");
    jw_arr(w);
    for (int s = 0; s < RT_SEATS; s++)
        if (L->eliminated[s]) jw_int(w, s);
    jw_arr_end(w);
    jw_key(w, "flooded");
    jw_int(w, L->flooded);
    jw_obj_end(w);
}

void rt_frame_json(const void *state, jw_t *w) {
    const rt_state *st = state;
    jw_obj(w);
    jw_key(w, "round");
    jw_int(w, st->round);
    jw_key(w, "terrain");
    jw_arr(w);
    for (int i = 0; i < RT_N; i++)
        for (int j = 0; j < RT_N; j++) jw_int(w, st->board[i][j]);
    jw_arr_end(w);
    jw_key(w, "scores");
    jw_arr(w);
    for (int s = 0; s < RT_SEATS; s++) jw_int(w, st->score[s]);
    jw_arr_end(w);
    jw_obj_end(w);
}
