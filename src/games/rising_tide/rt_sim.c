/* rt_sim.c: Rising Tide's fixed encoding for the simulator (game.h sim hooks; docs/sim.md "Rising
 * Tide"). The view is already the seat's own rotation (its city at (5,5)), so the observation is the
 * view's 18x18 heights plus the round; an action is one of 8 directions and a source cell, or pass.
 * The rules' legality (Rising Tide R6) is rotation-invariant: the four cities map onto each other. */
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
    /* 16 heights at a time, widened as a vector (GCC and Clang's vector extension; gcc -O2 left the
     * plain loop scalar: a tenth of a simulator step), then the last 4 */
    typedef int8_t i8x16 __attribute__((vector_size(16)));
    typedef int16_t i16x16 __attribute__((vector_size(32)));
    int k = 0;
    for (; k + 16 <= RT_CELLS; k += 16) {
        i8x16 narrow;
        memcpy(&narrow, c + k, sizeof narrow);
        i16x16 wide = __builtin_convertvector(narrow, i16x16);
        memcpy(o + k, &wide, sizeof wide);
    }
    for (; k < RT_CELLS; k++) o[k] = c[k];
    o[RT_CELLS + 0] = (int16_t)v->round;
    o[RT_CELLS + 1] = (int16_t)v->rounds;
    o[RT_CELLS + 2] = (int16_t)(v->rounds - v->round);
    o[RT_CELLS + 3] = v->original;
}

static inline void and_row(uint8_t *out, const uint8_t *a, const uint8_t *b) {
    uint64_t x, y;
    for (int k = 0; k < 16; k += 8) {
        memcpy(&x, a + k, 8);
        memcpy(&y, b + k, 8);
        x &= y;
        memcpy(out + k, &x, 8);
    }
    out[16] = a[16] & b[16];
    out[17] = a[17] & b[17];
}

/* Rising Tide R6: land can leave a dry cell of height >= 1 and arrive on a dry cell of height <= 7, neither a
 * city. Actions are direction-major (k = d * 324 + cell), so direction d's mask is one block: the
 * sources ANDed with the destinations shifted by d (a border of "no" around the board). */
/* 0 on the four cities (rows and columns 5 and 12), 1 elsewhere. */
#define ALL 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1
#define CITIES 1, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1
/* RT_PADDED: the 324 cells and 12 of padding, a multiple of 16, so that the compiler's cheapest
 * vectorization (-O2's) takes the loop below whole, with no tail of single cells: it did not for
 * 324, and the loop cost a seventh of a step with one agent and three bots. */
enum { RT_PADDED = (RT_CELLS + 15) / 16 * 16 };
static const uint8_t not_city[RT_PADDED] = {ALL, ALL, ALL, ALL, ALL, CITIES, ALL, ALL, ALL,
                                            ALL, ALL, ALL, CITIES, ALL, ALL, ALL, ALL, ALL};
#undef ALL
#undef CITIES

static void rt_sim_legal(const void *view, const void *memory, uint8_t *mask) {
    (void)memory;
    const rt_view *v = view;
    int8_t h[RT_PADDED] = {0}; /* the padding: no source (not_city is 0 there too) */
    memcpy(h, &v->cell[0][0], RT_CELLS);
    uint8_t src[RT_PADDED], to[RT_PADDED], dst[RT_N + 2][RT_N + 2];
    for (int k = 0; k < RT_PADDED; k++) { /* branch-free: the compiler does 16 cells at a time */
        src[k] = (uint8_t)((h[k] >= 1) & not_city[k]);
        to[k] = (uint8_t)((h[k] != RT_FLOODED) & (h[k] <= 7) & not_city[k]);
    }
    memset(dst, 0, sizeof dst);
    for (int i = 0; i < RT_N; i++) memcpy(&dst[i + 1][1], to + i * RT_N, RT_N);
    for (int d = 0; d < 8; d++)
        for (int i = 0; i < RT_N; i++) /* a row is 18 bytes: two words and two bytes */
            and_row(mask + d * RT_CELLS + i * RT_N, src + i * RT_N, &dst[i + 1 + DIR[d][0]][1 + DIR[d][1]]);
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
    int d = k / RT_CELLS, cell = k % RT_CELLS;
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
        if (a->i2 - a->i1 == DIR[d][0] && a->j2 - a->j1 == DIR[d][1]) return d * RT_CELLS + a->i1 * RT_N + a->j1;
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
