/* sb_record.c: SuiteBot as JSON for replays and the viewer: actions, the round's events (SuiteBot R7:
 * plants and replacements, the explosion set in chain order, hit and mined fields, deaths with their
 * credit, respawns) and the state frame. docs/games/suitebot.md describes the shapes. */
#include "sb.h"
#include <string.h>

void sb_action_json(const void *action, jw_t *w) {
    int m = ((const sb_action *)action)->move;
    jw_str(w, m >= 0 && m < SB_MOVES ? SB_WORDS[m] : "HOLD");
}

bool sb_action_parse(json_t *j, void *action) {
    sb_action *a = action;
    a->move = SB_HOLD;
    const char *s = json_string_value(j);
    if (!s) return false;
    for (int m = 0; m < SB_MOVES; m++)
        if (strcmp(s, SB_WORDS[m]) == 0) {
            a->move = m;
            return true;
        }
    return false;
}

static void owners_json(jw_t *w, unsigned mask) {
    jw_arr(w);
    for (int o = 1; o <= SB_MAX_PLAYERS; o++)
        if (mask & (1u << (o - 1))) jw_int(w, o);
    jw_arr_end(w);
}

static const char *death_word(int d) {
    return d == SB_DIED_COLLISION ? "collision" : d == SB_DIED_BOMB ? "bomb" : d == SB_DIED_BASE ? "base" : "";
}

void sb_turn_json(const void *state, jw_t *w) {
    const sb_state *st = state;
    const sb_last *L = &st->last;
    const int n = st->plan.n, pw = st->plan.w;
    jw_obj(w);
    jw_key(w, "round");
    jw_int(w, L->round);
    jw_key(w, "moves");
    jw_arr(w);
    for (int p = 0; p < n; p++) jw_str(w, SB_WORDS[L->move[p]]);
    jw_arr_end(w);
    jw_key(w, "plants");
    jw_arr(w);
    for (int i = 0; i < L->n_plants; i++) {
        jw_obj(w);
        jw_key(w, "player");
        jw_int(w, L->plant[i].player);
        jw_key(w, "x");
        jw_int(w, L->plant[i].x);
        jw_key(w, "y");
        jw_int(w, L->plant[i].y);
        if (L->plant[i].old_owner) {
            jw_key(w, "replaced");
            jw_obj(w);
            jw_key(w, "owner");
            jw_int(w, L->plant[i].old_owner);
            jw_key(w, "countdown");
            jw_int(w, L->plant[i].old_countdown);
            jw_obj_end(w);
        }
        jw_obj_end(w);
    }
    jw_arr_end(w);
    jw_key(w, "explosions"); /* [x, y, owner, by]: by = index of the bomb that set it off, -1 none */
    jw_arr(w);
    for (int i = 0; i < L->n_expl; i++) {
        jw_arr(w);
        jw_int(w, L->expl[i].x);
        jw_int(w, L->expl[i].y);
        jw_int(w, L->expl[i].owner);
        jw_int(w, L->expl[i].by);
        jw_arr_end(w);
    }
    jw_arr_end(w);
    jw_key(w, "hit"); /* [x, y, owners bitmask, 1 if a resource was mined] in reading order */
    jw_arr(w);
    for (int i = 0; i < L->n_hit; i++) {
        jw_arr(w);
        jw_int(w, L->hit[i].cell % pw);
        jw_int(w, L->hit[i].cell / pw);
        jw_int(w, L->hit[i].owners);
        jw_int(w, L->hit[i].mined);
        jw_arr_end(w);
    }
    jw_arr_end(w);
    jw_key(w, "deaths");
    jw_arr(w);
    for (int p = 0; p < n; p++) {
        if (!L->died[p]) continue;
        jw_obj(w);
        jw_key(w, "player");
        jw_int(w, p + 1);
        jw_key(w, "cause");
        jw_str(w, death_word(L->died[p]));
        jw_key(w, "x");
        jw_int(w, L->die_x[p]);
        jw_key(w, "y");
        jw_int(w, L->die_y[p]);
        if (L->died[p] == SB_DIED_BOMB) {
            jw_key(w, "owners");
            owners_json(w, L->hit_by[p]);
        }
        if (L->died[p] == SB_DIED_BASE) {
            jw_key(w, "base");
            jw_int(w, L->base_of[p]);
        }
        jw_key(w, "credit");
        jw_int(w, L->killer[p]);
        jw_obj_end(w);
    }
    jw_arr_end(w);
    jw_key(w, "points"); /* [fields, kills] per player this round */
    jw_arr(w);
    for (int p = 0; p < n; p++) {
        jw_arr(w);
        jw_int(w, L->field_points[p]);
        jw_int(w, L->kill_points[p]);
        jw_arr_end(w);
    }
    jw_arr_end(w);
    jw_key(w, "shared");
    jw_int(w, L->shared_fields);
    jw_obj_end(w);
}

static void int_array(jw_t *w, const char *key, const int *v, int n) {
    jw_key(w, key);
    jw_arr(w);
    for (int i = 0; i < n; i++) jw_int(w, v[i]);
    jw_arr_end(w);
}

void sb_frame_json(const void *state, jw_t *w) {
    const sb_state *st = state;
    const int n = st->plan.n, pw = st->plan.w, ph = st->plan.h;
    jw_obj(w);
    jw_key(w, "round"); /* rounds played so far */
    jw_int(w, st->round - 1);
    jw_key(w, "rounds");
    jw_int(w, st->rules.rounds);
    jw_key(w, "w");
    jw_int(w, pw);
    jw_key(w, "h");
    jw_int(w, ph);
    jw_key(w, "bases");
    jw_arr(w);
    for (int p = 0; p < n; p++) {
        jw_arr(w);
        jw_int(w, st->plan.bx[p]);
        jw_int(w, st->plan.by[p]);
        jw_arr_end(w);
    }
    jw_arr_end(w);
    jw_key(w, "agents");
    jw_arr(w);
    for (int p = 0; p < n; p++) {
        jw_arr(w);
        jw_int(w, st->ax[p]);
        jw_int(w, st->ay[p]);
        jw_arr_end(w);
    }
    jw_arr_end(w);
    jw_key(w, "res"); /* one string per row y, '1'/'0' per x */
    jw_arr(w);
    char row[SB_MAX_SIDE + 1];
    for (int y = 0; y < ph; y++) {
        for (int x = 0; x < pw; x++) row[x] = st->res[y * pw + x] ? '1' : '0';
        jw_strn(w, row, (size_t)pw);
    }
    jw_arr_end(w);
    jw_key(w, "bombs"); /* [x, y, owner, countdown] in reading order */
    jw_arr(w);
    for (int c = 0; c < pw * ph; c++) {
        if (!st->bomb[c].owner) continue;
        jw_arr(w);
        jw_int(w, c % pw);
        jw_int(w, c / pw);
        jw_int(w, st->bomb[c].owner);
        jw_int(w, st->bomb[c].countdown);
        jw_arr_end(w);
    }
    jw_arr_end(w);
    int_array(w, "scores", st->score, n);
    jw_key(w, "last");
    jw_arr(w);
    for (int p = 0; p < n; p++) {
        if (st->last_move[p] >= 0) jw_str(w, SB_WORDS[st->last_move[p]]);
        else jw_null(w);
    }
    jw_arr_end(w);
    int_array(w, "deaths", st->deaths, n);
    int_array(w, "kills", st->kills, n);
    int_array(w, "late", st->lates, n);
    int_array(w, "invalid", st->invalids, n);
    int_array(w, "down", st->down_round, n);
    jw_obj_end(w);
}
