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

/* Rising Tide R6: land can leave a dry cell of height >= 1 and arrive on a dry cell of height <= 7, neither a
 * city. Actions are direction-major (k = d * 324 + cell), so direction d's mask is one block: the
 * sources ANDed with the destinations, which in the flat board are the cells shifted by
 * d's offset (rows of 18: -19 .. +19), read from a copy with 19 cells of "no" on either side
 * (rows off the board) and the sources of column 0 (17) left out of the moves to the left (right),
 * which would wrap to the row before's last (next row's first) cell. 16 cells at a time (GCC/Clang
 * vector extension): a row at a time in words was a fifth of a step with one agent and three bots. */
/* 0 on the four cities (rows and columns 5 and 12), 1 elsewhere. */
#define ALL 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1
#define CITIES 1, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1
/* RT_PADDED: the 324 cells and 12 of padding, a multiple of 16, so that the loops take whole
 * vectors with no tail of single cells (the padding is 0 in these tables: no source, no
 * destination). */
enum { RT_PADDED = (RT_CELLS + 15) / 16 * 16, RT_SHIFT = RT_N + 1 };
_Static_assert(RT_CELLS % 64 == 4, "rt_sim_legal: a direction is 5 x 64 cells and a word");
static const uint8_t not_city[RT_PADDED] = {ALL, ALL, ALL, ALL, ALL, CITIES, ALL, ALL, ALL,
                                            ALL, ALL, ALL, CITIES, ALL, ALL, ALL, ALL, ALL};
#define NOT_FIRST 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1
#define NOT_LAST 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0
#define ROWS_OF(r) r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r
static const uint8_t not_col0[RT_PADDED] = {ROWS_OF(NOT_FIRST)}, not_col17[RT_PADDED] = {ROWS_OF(NOT_LAST)};
#undef ALL
#undef CITIES
#undef NOT_FIRST
#undef NOT_LAST
#undef ROWS_OF

typedef uint8_t rt_u8x16 __attribute__((vector_size(16)));
typedef int8_t rt_i8x16 __attribute__((vector_size(16)));
static inline rt_u8x16 load16(const void *p) {
    rt_u8x16 x;
    memcpy(&x, p, 16);
    return x;
}

static void rt_sim_legal(const void *view, const void *memory, uint8_t *mask) {
    (void)memory;
    const rt_view *v = view;
    int8_t h[RT_PADDED] = {0}; /* the padding: no source (not_city is 0 there too) */
    memcpy(h, &v->cell[0][0], RT_CELLS);
    /* the sources: every move, the moves to the left, the moves to the right; the destinations
     * with RT_SHIFT cells of 0 before and after */
    _Alignas(16) uint8_t src[3][RT_PADDED], to[RT_SHIFT + RT_PADDED + RT_SHIFT + 13];
    memset(to, 0, RT_SHIFT);
    memset(to + RT_SHIFT + RT_PADDED, 0, sizeof to - RT_SHIFT - RT_PADDED);
    for (int k = 0; k < RT_PADDED; k += 16) {
        rt_i8x16 hk;
        memcpy(&hk, h + k, 16);
        rt_u8x16 nc = load16(not_city + k);
        /* a vector compare gives -1 (all bits) or 0 per lane */
        rt_u8x16 s = (rt_u8x16)(hk >= 1) & nc;
        rt_u8x16 t = (rt_u8x16)((hk != RT_FLOODED) & (hk <= 7)) & nc;
        memcpy(src[0] + k, &s, 16);
        rt_u8x16 l = s & load16(not_col0 + k), r = s & load16(not_col17 + k);
        memcpy(src[1] + k, &l, 16);
        memcpy(src[2] + k, &r, 16);
        memcpy(to + RT_SHIFT + k, &t, 16);
    }
    for (int d = 0; d < 8; d++) {
        const uint8_t *s = src[DIR[d][1] < 0 ? 1 : DIR[d][1] > 0 ? 2 : 0];
        const uint8_t *t = to + RT_SHIFT + DIR[d][0] * RT_N + DIR[d][1];
        uint8_t *m = mask + d * RT_CELLS;
        /* 320 cells as 20 vectors, four an iteration (the loop's own count and jump were a third
         * of it at one an iteration), then the last four cells as one word */
        for (int k = 0; k < RT_CELLS - RT_CELLS % 64; k += 64) {
            rt_u8x16 x0 = load16(s + k) & load16(t + k), x1 = load16(s + k + 16) & load16(t + k + 16);
            rt_u8x16 x2 = load16(s + k + 32) & load16(t + k + 32), x3 = load16(s + k + 48) & load16(t + k + 48);
            memcpy(m + k, &x0, 16);
            memcpy(m + k + 16, &x1, 16);
            memcpy(m + k + 32, &x2, 16);
            memcpy(m + k + 48, &x3, 16);
        }
        uint32_t a, b;
        memcpy(&a, s + RT_CELLS - 4, 4);
        memcpy(&b, t + RT_CELLS - 4, 4);
        a &= b;
        memcpy(m + RT_CELLS - 4, &a, 4);
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
