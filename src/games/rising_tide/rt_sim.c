/* rt_sim.c: Rising Tide's fixed encoding for the simulator (game.h sim hooks; docs/sim.md "Rising
 * Tide"). The view is already the seat's own rotation (its city at (5,5)), so the observation is the
 * view's 18x18 heights plus the round; an action is a source cell and one of 8 directions, or pass.
 * The rules' legality (R6) is rotation-invariant: the four cities map onto each other. */
#include "rt.h"
#include <string.h>

enum { RT_SIM_OBS = RT_CELLS + 4, RT_SIM_PASS = RT_CELLS * 8, RT_SIM_ACTIONS = RT_CELLS * 8 + 1 };

/* The 8 directions in flat-action order: (di, dj) row-major around the cell. */
static const int DIR[8][2] = {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}};

static void rt_sim_shape(const void *view, game_sim_shape *out) {
    (void)view;
    out->dtype = GAME_DTYPE_INT16;
    out->obs_size = RT_SIM_OBS;
    out->actions = RT_SIM_ACTIONS;
}

static void rt_sim_encode(const void *view, const void *memory, void *obs) {
    (void)memory;
    const rt_view *v = view;
    int16_t *o = obs;
    const int8_t *c = &v->cell[0][0];
    for (int k = 0; k < RT_CELLS; k++) o[k] = c[k];
    o[RT_CELLS + 0] = (int16_t)v->round;
    o[RT_CELLS + 1] = (int16_t)v->rounds;
    o[RT_CELLS + 2] = (int16_t)(v->rounds - v->round);
    o[RT_CELLS + 3] = v->original;
}

/* R6 cell by cell: land can leave a dry cell of height >= 1 and arrive on a dry cell of height <= 7,
 * neither a city. */
static void rt_sim_legal(const void *view, const void *memory, uint8_t *mask) {
    (void)memory;
    const rt_view *v = view;
    uint8_t src[RT_N][RT_N], dst[RT_N][RT_N];
    for (int i = 0; i < RT_N; i++)
        for (int j = 0; j < RT_N; j++) {
            int h = v->cell[i][j];
            bool city = rt_is_city(i, j);
            src[i][j] = h >= 1 && !city;
            dst[i][j] = h != RT_FLOODED && h <= 7 && !city;
        }
    for (int i = 0; i < RT_N; i++)
        for (int j = 0; j < RT_N; j++) {
            uint8_t *m = mask + (i * RT_N + j) * 8;
            for (int d = 0; d < 8; d++) {
                int a = i + DIR[d][0], b = j + DIR[d][1];
                m[d] = src[i][j] && a >= 0 && b >= 0 && a < RT_N && b < RT_N && dst[a][b];
            }
        }
    mask[RT_SIM_PASS] = 1;
}

static void rt_sim_action(const void *view, const void *memory, int k, void *action) {
    (void)view, (void)memory;
    rt_action *a = action;
    memset(a, 0, sizeof *a);
    if (k == RT_SIM_PASS) {
        a->kind = RT_PASS;
        return;
    }
    int cell = k / 8, d = k % 8;
    a->kind = RT_MOVE;
    a->i1 = cell / RT_N, a->j1 = cell % RT_N;
    a->i2 = a->i1 + DIR[d][0], a->j2 = a->j1 + DIR[d][1];
}

static int rt_sim_index(const void *view, const void *memory, const void *action) {
    (void)view, (void)memory;
    const rt_action *a = action;
    if (a->kind != RT_MOVE) return RT_SIM_PASS;
    if (a->i1 < 0 || a->j1 < 0 || a->i1 >= RT_N || a->j1 >= RT_N) return -1;
    for (int d = 0; d < 8; d++)
        if (a->i2 - a->i1 == DIR[d][0] && a->j2 - a->j1 == DIR[d][1]) return (a->i1 * RT_N + a->j1) * 8 + d;
    return -1; /* a long move (rules=original) */
}

/* Rounds survived so far; the final scores once over (survivors: rounds). */
static void rt_sim_score(const void *state, double *scores) {
    const rt_state *st = state;
    for (int s = 0; s < RT_SEATS; s++) scores[s] = st->score[s] >= 0 ? st->score[s] : st->round;
}

const game_sim rt_sim = {
    .shape = rt_sim_shape,
    .encode = rt_sim_encode,
    .legal = rt_sim_legal,
    .action = rt_sim_action,
    .index = rt_sim_index,
    .score = rt_sim_score,
    .state_size = sizeof(rt_state),
    .restart = rt_begin,
};
