/* chk_record.c: Chicken as JSON for replays and the viewer: actions, what each ply did, frames.
 * Frames are the spectator's picture (doors and the mover's readings included); they are never
 * sent to a bot. */
#include "chk.h"
#include <string.h>

void chk_action_json(const void *action, jw_t *w) {
    const chk_action *a = action;
    jw_arr(w);
    jw_int(w, a->dir);
    jw_int(w, a->type);
    jw_arr_end(w);
}

bool chk_action_parse(json_t *j, void *action) {
    chk_action *a = action;
    a->dir = a->type = 0;
    if (!json_is_array(j) || json_array_size(j) != 2) return false;
    json_t *d = json_array_get(j, 0), *t = json_array_get(j, 1);
    if (!json_is_integer(d) || !json_is_integer(t)) return false;
    json_int_t dv = json_integer_value(d), tv = json_integer_value(t);
    if (dv < INT32_MIN || dv > INT32_MAX || tv < INT32_MIN || tv > INT32_MAX) return false;
    a->dir = (int32_t)dv;
    a->type = (int32_t)tv;
    return true;
}

static void sq_json(jw_t *w, int sq) {
    jw_arr(w);
    jw_int(w, CHK_X(sq));
    jw_int(w, CHK_Y(sq));
    jw_arr_end(w);
}

static void squares_json(jw_t *w, uint64_t b) {
    jw_arr(w);
    while (b) {
        int sq = __builtin_ctzll(b);
        b &= b - 1;
        sq_json(w, sq);
    }
    jw_arr_end(w);
}

static void pair_json(jw_t *w, int a, int b) {
    jw_arr(w);
    jw_int(w, a);
    jw_int(w, b);
    jw_arr_end(w);
}

static void sense_json(jw_t *w, const bool s[4]) {
    jw_arr(w);
    for (int i = 0; i < 4; i++) jw_int(w, s[i]);
    jw_arr_end(w);
}

static const char *colour_name(int c) { return c == CHK_A ? "A" : "B"; }

/* The ply's own events: the move, a fall, a block, a verdict, and the next mover's readings. */
void chk_turn_json(const void *state, jw_t *w) {
    const chk_state *st = state;
    const chk_last *L = &st->last;
    jw_obj(w);
    jw_key(w, "ply");
    jw_int(w, L->ply);
    jw_key(w, "mover");
    jw_str(w, colour_name(L->mover));
    if (L->moved) {
        jw_key(w, "from");
        sq_json(w, L->from);
        jw_key(w, "to");
        sq_json(w, L->to);
        if (L->fell) {
            jw_key(w, "fell");
            jw_str(w, L->door == CHK_WHITE_DOOR ? "white" : "black");
        }
        if (L->blocked) {
            jw_key(w, "blocked");
            jw_bool(w, true);
        }
    }
    if (L->fail_seat >= 0) {
        jw_key(w, "fail");
        jw_obj(w);
        jw_key(w, "seat");
        jw_int(w, L->fail_seat);
        jw_key(w, "reason");
        jw_str(w, CHK_REASON_NAME[L->fail_reason]);
        if (L->fail_check != CHK_OK) {
            jw_key(w, "check");
            jw_str(w, CHK_CHECK_LABEL[L->fail_check]);
        }
        jw_obj_end(w);
    }
    if (L->sensed) {
        jw_key(w, "sense");
        sense_json(w, L->next_sense);
    }
    jw_obj_end(w);
}

void chk_frame_json(const void *state, jw_t *w) {
    const chk_state *st = state;
    jw_obj(w);
    jw_key(w, "ply");
    jw_int(w, st->ply);
    jw_key(w, "mover");
    jw_str(w, colour_name(st->mover));
    jw_key(w, "seat_a");
    jw_int(w, st->seat_of[CHK_A]);
    jw_key(w, "spawn");
    jw_arr(w);
    sq_json(w, st->spawn[CHK_A]);
    sq_json(w, st->spawn[CHK_B]);
    jw_arr_end(w);
    jw_key(w, "doors");
    jw_arr(w);
    sq_json(w, st->door[CHK_WHITE_DOOR]);
    sq_json(w, st->door[CHK_BLACK_DOOR]);
    jw_arr_end(w);
    jw_key(w, "found");
    jw_arr(w);
    jw_bool(w, st->found[0]);
    jw_bool(w, st->found[1]);
    jw_arr_end(w);
    jw_key(w, "pos");
    jw_arr(w);
    sq_json(w, st->pos[CHK_A]);
    sq_json(w, st->pos[CHK_B]);
    jw_arr_end(w);
    jw_key(w, "eggs");
    jw_arr(w);
    squares_json(w, st->eggs[CHK_A]);
    squares_json(w, st->eggs[CHK_B]);
    jw_arr_end(w);
    jw_key(w, "turds");
    jw_arr(w);
    squares_json(w, st->turds[CHK_A]);
    squares_json(w, st->turds[CHK_B]);
    jw_arr_end(w);
    jw_key(w, "score");
    pair_json(w, st->score[CHK_A], st->score[CHK_B]);
    jw_key(w, "turds_left");
    pair_json(w, st->turds_left[CHK_A], st->turds_left[CHK_B]);
    jw_key(w, "moves_left");
    pair_json(w, st->moves_left[CHK_A], st->moves_left[CHK_B]);
    jw_key(w, "sense");
    sense_json(w, st->sense);
    jw_key(w, "over");
    jw_bool(w, st->over);
    if (st->over) {
        jw_key(w, "winner");
        jw_str(w, st->winner == CHK_WIN_A ? "A" : st->winner == CHK_WIN_B ? "B" : "TIE");
        jw_key(w, "reason");
        jw_str(w, CHK_REASON_NAME[st->reason]);
    }
    jw_obj_end(w);
}
