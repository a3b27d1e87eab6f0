/* trace_rising_tide.c: replays a trace of the original Rising Tide engine with rules=original, in the
 * recorded execution order, and compares every round's alive set, terrain and scores. */
#include "../games/rising_tide/rt.h"
#include "trace.h"
#include "../core/xalloc.h"
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

static int fail(FILE *out, int game, int round, const char *what) {
    fprintf(out, "game %d round %d: %s\n", game, round, what);
    return 1;
}

static int finish_game(FILE *out, int game, const rt_state *st, int last_round, int rounds_seen) {
    if (game < 0) return 0;
    if (rounds_seen == 0) return fail(out, game, -1, "a game header with no rounds");
    if (!st->over) {
        char msg[160];
        snprintf(msg, sizeof msg, "the trace ends here but Arena's game goes on (round %d is not the last)", last_round);
        return fail(out, game, last_round, msg);
    }
    return 0;
}

int trace_rising_tide_rules(const char *path, bool original, FILE *out) {
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(out, "cannot read %s\n", path);
        return 2;
    }
    char *line = NULL;
    size_t cap = 0;
    int line_no = 0, game = -1, rounds_seen = 0, games = 0, total_rounds = 0, rc = 0;
    rt_state *st = xmalloc(sizeof *st);
    rt_config cfg = {original, RT_MAX_ROUNDS};
    while (getline(&line, &cap, f) > 0) {
        line_no++;
        json_error_t je;
        json_t *j = json_loads(line, 0, &je);
        if (!j || !json_is_object(j)) {
            fprintf(out, "%s line %d: not JSON (%s)\n", path, line_no, j ? "not an object" : je.text);
            json_decref(j);
            rc = 2;
            break;
        }
        if (json_object_get(j, "game")) {
            if ((rc = finish_game(out, game, st, st->round - 1, rounds_seen))) {
                json_decref(j);
                break;
            }
            game = (int)json_integer_value(json_object_get(j, "game"));
            rt_start(st, &cfg);
            rounds_seen = 0;
            games++;
            json_decref(j);
            continue;
        }
        if (game < 0) {
            fprintf(out, "%s line %d: a round before any game header\n", path, line_no);
            json_decref(j);
            rc = 2;
            break;
        }
        int r = (int)json_integer_value(json_object_get(j, "round"));
        char msg[256];
        if (st->over) {
            rc = fail(out, game, r, "the trace goes on after Arena's game ended");
            json_decref(j);
            break;
        }
        if (r != st->round) {
            snprintf(msg, sizeof msg, "expected round %d next", st->round);
            rc = fail(out, game, r, msg);
            json_decref(j);
            break;
        }
        /* 1. the alive set */
        json_t *alive = json_object_get(j, "alive");
        bool rec_alive[RT_SEATS] = {false};
        size_t i;
        json_t *v;
        json_array_foreach(alive, i, v) {
            json_int_t s = json_integer_value(v);
            if (s >= 0 && s < RT_SEATS) rec_alive[s] = true;
        }
        for (int s = 0; s < RT_SEATS; s++)
            if (rec_alive[s] != rt_alive(st, s)) {
                snprintf(msg, sizeof msg, "seat %d is %s in the trace but %s in Arena", s,
                         rec_alive[s] ? "alive" : "out", rt_alive(st, s) ? "alive" : "out");
                rc = fail(out, game, r, msg);
                goto done_line;
            }
        /* 2. the recorded moves in the recorded order */
        int moves[RT_SEATS][4];
        bool has[RT_SEATS] = {false};
        json_t *jm = json_object_get(j, "moves");
        for (int s = 0; s < RT_SEATS; s++) {
            char key[16];
            snprintf(key, sizeof key, "%d", s);
            json_t *m = json_object_get(jm, key);
            if (!m || json_is_null(m)) continue;
            json_t *a = json_array_get(m, 0), *b = json_array_get(m, 1);
            moves[s][0] = (int)json_integer_value(json_array_get(a, 0));
            moves[s][1] = (int)json_integer_value(json_array_get(a, 1));
            moves[s][2] = (int)json_integer_value(json_array_get(b, 0));
            moves[s][3] = (int)json_integer_value(json_array_get(b, 1));
            has[s] = true;
        }
        /* the rules index seats by the order: a seat outside 0..3 read past the seat arrays */
        int order[RT_SEATS], n = 0;
        bool listed[RT_SEATS] = {false};
        json_array_foreach(json_object_get(j, "order"), i, v) {
            json_int_t s = json_integer_value(v);
            if (!json_is_integer(v) || s < 0 || s >= RT_SEATS || listed[s] || n == RT_SEATS) {
                rc = fail(out, game, r, "order: an entry that is not a seat 0..3, or a seat twice");
                goto done_line;
            }
            listed[s] = true;
            order[n++] = (int)s;
        }
        rt_play_round(st, (const int(*)[4])moves, has, order, n);
        /* 3. terrain and scores after flooding */
        json_t *terrain = json_object_get(j, "terrain");
        if (json_array_size(terrain) != RT_CELLS) {
            rc = fail(out, game, r, "terrain does not have 324 entries");
            goto done_line;
        }
        for (int k = 0; k < RT_CELLS; k++) {
            int want = (int)json_integer_value(json_array_get(terrain, (size_t)k));
            int got = st->board[k / RT_N][k % RT_N];
            if (want != got) {
                snprintf(msg, sizeof msg, "terrain (%d,%d): trace %d, Arena %d", k / RT_N, k % RT_N, want, got);
                rc = fail(out, game, r, msg);
                goto done_line;
            }
        }
        json_t *scores = json_object_get(j, "scores");
        for (int s = 0; s < RT_SEATS; s++) {
            int want = (int)json_integer_value(json_array_get(scores, (size_t)s));
            int got = st->score[s];
            if (want != got) {
                snprintf(msg, sizeof msg, "score of seat %d: trace %d, Arena %d", s, want, got);
                rc = fail(out, game, r, msg);
                goto done_line;
            }
        }
        rounds_seen++;
        total_rounds++;
    done_line:
        json_decref(j);
        if (rc) break;
    }
    if (!rc) rc = finish_game(out, game, st, st->round - 1, rounds_seen);
    if (!rc && games == 0) {
        fprintf(out, "%s: no games in the file\n", path);
        rc = 2;
    }
    if (!rc) fprintf(out, "%s: OK (%d games, %d rounds match)\n", path, games, total_rounds);
    free(line);
    free(st);
    fclose(f);
    return rc;
}

/* The original engine has no adjacency check, so traces are checked with rules=original. */
int trace_rising_tide(const char *path, FILE *out) { return trace_rising_tide_rules(path, true, out); }
