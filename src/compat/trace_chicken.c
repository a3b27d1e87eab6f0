/* trace_chicken.c: `arena trace-check chicken FILE`: checks a file of the original v1.1 engine's vectors
 * (tests/vectors/chicken/): scenarios.jsonl (whole games, ply by ply: legality, falls, eggs, turds
 * left, positions, then result, reason and final eggs) or legality.jsonl (all 12 actions of a
 * position, with the label of the first failing check). The kind is told by each line's fields.
 * Spawns, doors and moves are fed directly (the originals' numpy draws are not reproduced). */
#include "trace.h"
#include "../core/buf.h"
#include "../games/chicken/chk.h"
#include <jansson.h>
#include <string.h>

static bool get_sq(json_t *j, int *sq) {
    if (!json_is_array(j) || json_array_size(j) != 2) return false;
    json_t *x = json_array_get(j, 0), *y = json_array_get(j, 1);
    if (!json_is_integer(x) || !json_is_integer(y)) return false;
    json_int_t xv = json_integer_value(x), yv = json_integer_value(y);
    if (xv < 0 || xv > 7 || yv < 0 || yv > 7) return false;
    *sq = CHK_SQ((int)xv, (int)yv);
    return true;
}

static bool get_squares(json_t *j, uint64_t *out) {
    *out = 0;
    if (!json_is_array(j)) return false;
    size_t i;
    json_t *e;
    json_array_foreach(j, i, e) {
        int sq;
        if (!get_sq(e, &sq)) return false;
        *out |= CHK_BIT(sq);
    }
    return true;
}

static int get_int(json_t *o, const char *key, bool *ok) {
    json_t *v = json_object_get(o, key);
    if (!json_is_integer(v)) {
        *ok = false;
        return 0;
    }
    return (int)json_integer_value(v);
}

/* Returns 0 when the game matches, 1 on a difference (described in diff), 2 when unreadable. */
static int check_scenario(json_t *g, buf_t *diff) {
    int sa, sb, dw, db;
    json_t *doors = json_object_get(g, "trapdoors");
    json_t *moves = json_object_get(g, "moves"), *plies = json_object_get(g, "plies");
    if (!get_sq(json_object_get(g, "spawn_a"), &sa) || !get_sq(json_object_get(g, "spawn_b"), &sb) ||
        !get_sq(json_array_get(doors, 0), &dw) || !get_sq(json_array_get(doors, 1), &db) || !json_is_array(moves) ||
        !json_is_array(plies)) {
        buf_puts(diff, "missing or malformed spawn_a, spawn_b, trapdoors, moves or plies");
        return 2;
    }
    chk_config cfg;
    chk_config_default(&cfg);
    chk_state st;
    chk_setup_fixed(&st, &cfg, sa, sb, dw, db);
    size_t n = json_array_size(moves);
    if (json_array_size(plies) != n) {
        buf_printf(diff, "%zu moves but %zu plies recorded", n, json_array_size(plies));
        return 2;
    }
    for (size_t i = 0; i < n; i++) {
        json_t *m = json_array_get(moves, i), *p = json_array_get(plies, i);
        int ply = (int)i + 1;
        if (st.over) {
            buf_printf(diff, "ply %d: the game is already over (%s)", ply, CHK_REASON_NAME[st.reason]);
            return 1;
        }
        bool ok = true;
        int dir = (int)json_integer_value(json_array_get(m, 0)), type = (int)json_integer_value(json_array_get(m, 1));
        const char *mover = json_string_value(json_object_get(p, "mover"));
        json_t *legal = json_object_get(p, "legal");
        if (!json_is_array(m) || json_array_size(m) != 2 || !mover || !json_is_boolean(legal)) {
            buf_printf(diff, "ply %d: malformed record", ply);
            return 2;
        }
        if ((st.mover == CHK_A) != (strcmp(mover, "A") == 0)) {
            buf_printf(diff, "ply %d: recorded mover %s, Arena's mover %c", ply, mover, st.mover == CHK_A ? 'A' : 'B');
            return 1;
        }
        chk_check why = chk_why(&st, st.mover, dir, type);
        if ((why == CHK_OK) != json_is_true(legal)) {
            buf_printf(diff, "ply %d: %s %d %d recorded %s, Arena says %s", ply, mover, dir, type,
                       json_is_true(legal) ? "legal" : "illegal", CHK_CHECK_LABEL[why]);
            return 1;
        }
        /* An illegal move changes nothing, and the mover loses (Chicken R16). */
        if (why != CHK_OK) chk_lose(&st, st.mover, CHK_INVALID_TURN);
        else chk_play(&st, dir, type, NULL);
        int pa, pb;
        bool fell = json_is_true(json_object_get(p, "trapdoor"));
        int ea = get_int(p, "eggs_a", &ok), eb = get_int(p, "eggs_b", &ok);
        int ta = get_int(p, "turds_left_a", &ok), tb = get_int(p, "turds_left_b", &ok);
        if (!ok || !get_sq(json_object_get(p, "pos_a"), &pa) || !get_sq(json_object_get(p, "pos_b"), &pb)) {
            buf_printf(diff, "ply %d: malformed record", ply);
            return 2;
        }
        if (fell != (why == CHK_OK && st.last.fell)) {
            buf_printf(diff, "ply %d: trapdoor recorded %s, Arena %s", ply, fell ? "true" : "false",
                       st.last.fell ? "true" : "false");
            return 1;
        }
        if (ea != st.score[0] || eb != st.score[1]) {
            buf_printf(diff, "ply %d: eggs recorded %d-%d, Arena %d-%d", ply, ea, eb, st.score[0], st.score[1]);
            return 1;
        }
        if (ta != st.turds_left[0] || tb != st.turds_left[1]) {
            buf_printf(diff, "ply %d: turds left recorded %d-%d, Arena %d-%d", ply, ta, tb, st.turds_left[0],
                       st.turds_left[1]);
            return 1;
        }
        if (pa != st.pos[0] || pb != st.pos[1]) {
            buf_printf(diff, "ply %d: positions recorded (%d,%d) (%d,%d), Arena (%d,%d) (%d,%d)", ply, CHK_X(pa),
                       CHK_Y(pa), CHK_X(pb), CHK_Y(pb), CHK_X(st.pos[0]), CHK_Y(st.pos[0]), CHK_X(st.pos[1]),
                       CHK_Y(st.pos[1]));
            return 1;
        }
    }
    const char *result = json_string_value(json_object_get(g, "result"));
    const char *reason = json_string_value(json_object_get(g, "reason"));
    json_t *fe = json_object_get(g, "final_eggs");
    if (!result || !reason || !json_is_array(fe)) {
        buf_puts(diff, "malformed result, reason or final_eggs");
        return 2;
    }
    if (!st.over) {
        buf_printf(diff, "end: recorded %s by %s, but Arena's game goes on after %zu plies", result, reason, n);
        return 1;
    }
    const char *mine = st.winner == CHK_WIN_A ? "A" : st.winner == CHK_WIN_B ? "B" : "TIE";
    if (strcmp(mine, result) != 0 || strcmp(CHK_REASON_NAME[st.reason], reason) != 0) {
        buf_printf(diff, "end: recorded %s by %s, Arena %s by %s", result, reason, mine, CHK_REASON_NAME[st.reason]);
        return 1;
    }
    if (json_integer_value(json_array_get(fe, 0)) != st.score[0] ||
        json_integer_value(json_array_get(fe, 1)) != st.score[1]) {
        buf_printf(diff, "end: final eggs recorded %lld-%lld, Arena %d-%d",
                   (long long)json_integer_value(json_array_get(fe, 0)),
                   (long long)json_integer_value(json_array_get(fe, 1)), st.score[0], st.score[1]);
        return 1;
    }
    json_t *pp = json_object_get(g, "plies_played");
    if (pp && json_integer_value(pp) != st.ply + (st.reason == CHK_INVALID_TURN ? 1 : 0)) {
        buf_printf(diff, "end: %lld plies recorded, Arena played %d", (long long)json_integer_value(pp), st.ply);
        return 1;
    }
    return 0;
}

static int check_position(json_t *g, buf_t *diff) {
    chk_config cfg;
    chk_config_default(&cfg);
    chk_state st;
    int pa, pb;
    const char *mover = json_string_value(json_object_get(g, "mover"));
    bool ok = true;
    if (!mover || !get_sq(json_object_get(g, "pos_a"), &pa) || !get_sq(json_object_get(g, "pos_b"), &pb)) {
        buf_puts(diff, "missing mover, pos_a or pos_b");
        return 2;
    }
    chk_setup_fixed(&st, &cfg, pa, pb, -1, -1);
    st.turds_left[0] = get_int(g, "turds_left_a", &ok);
    st.turds_left[1] = get_int(g, "turds_left_b", &ok);
    if (!ok || !get_squares(json_object_get(g, "eggs_a"), &st.eggs[0]) ||
        !get_squares(json_object_get(g, "eggs_b"), &st.eggs[1]) ||
        !get_squares(json_object_get(g, "turds_a"), &st.turds[0]) ||
        !get_squares(json_object_get(g, "turds_b"), &st.turds[1])) {
        buf_puts(diff, "malformed turds_left, eggs or turds");
        return 2;
    }
    int me = strcmp(mover, "A") == 0 ? CHK_A : CHK_B;
    st.mover = me;
    json_t *checks = json_object_get(g, "checks");
    size_t i;
    json_t *c;
    unsigned recorded_mask = 0;
    json_array_foreach(checks, i, c) {
        int dir = (int)json_integer_value(json_object_get(c, "dir"));
        int type = (int)json_integer_value(json_object_get(c, "type"));
        json_t *legal = json_object_get(c, "legal");
        const char *label = json_string_value(json_object_get(c, "why"));
        if (!json_is_boolean(legal) || !label || dir < 0 || dir > 3 || type < 0 || type > 2) {
            buf_printf(diff, "check %zu: malformed", i);
            return 2;
        }
        chk_check why = chk_why(&st, me, dir, type);
        if ((why == CHK_OK) != json_is_true(legal) || strcmp(CHK_CHECK_LABEL[why], label) != 0) {
            buf_printf(diff, "%s %s %s: recorded %s (%s), Arena %s", mover, CHK_DIR_NAME[dir], CHK_TYPE_NAME[type],
                       json_is_true(legal) ? "legal" : "illegal", label, CHK_CHECK_LABEL[why]);
            return 1;
        }
        if (json_is_true(legal)) recorded_mask |= 1u << (3 * dir + type);
    }
    if (json_array_size(checks) == 12 && chk_legal_mask(&st, me) != recorded_mask) {
        buf_printf(diff, "the legal-move list differs: recorded mask %03x, Arena %03x", recorded_mask,
                   chk_legal_mask(&st, me));
        return 1;
    }
    return 0;
}

int trace_chicken(const char *path, FILE *out) {
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(out, "trace-check chicken: cannot open %s\n", path);
        return 2;
    }
    char *line = NULL;
    size_t cap = 0;
    int index = 0, checked = 0, rc = 0;
    buf_t diff;
    buf_init(&diff);
    while (getline(&line, &cap, f) >= 0) {
        if (line[0] == '\n' || line[0] == 0) continue;
        json_error_t je;
        json_t *g = json_loads(line, 0, &je);
        const char *id = json_string_value(json_object_get(g, "id"));
        char idtext[32];
        if (!id) {
            snprintf(idtext, sizeof idtext, "%lld", (long long)json_integer_value(json_object_get(g, "id")));
            id = idtext;
        }
        buf_reset(&diff);
        int r;
        if (!g || !json_is_object(g)) {
            buf_printf(&diff, "not a JSON object (%s)", g ? "wrong type" : je.text);
            r = 2;
        } else if (json_object_get(g, "checks")) {
            r = check_position(g, &diff);
        } else if (json_object_get(g, "moves")) {
            r = check_scenario(g, &diff);
        } else {
            buf_puts(&diff, "neither a scenario (moves) nor a position (checks)");
            r = 2;
        }
        if (r) {
            fprintf(out, "%s: game %s (index %d): %s\n", path, id, index, buf_cstr(&diff));
            rc = r;
            json_decref(g);
            break;
        }
        json_decref(g);
        index++;
        checked++;
    }
    free(line);
    fclose(f);
    buf_free(&diff);
    if (rc == 0 && checked == 0) {
        fprintf(out, "%s: no records\n", path);
        return 2;
    }
    if (rc == 0) fprintf(out, "%s: OK (%d records match)\n", path, checked);
    return rc;
}
