/* sb_sim.c: SuiteBot's fixed encoding for the simulator (game.h sim hooks; docs/sim.md "SuiteBot").
 * The torus is seen centred on the viewer's agent (at (w/2, h/2)), the viewer's things apart from
 * everyone else's; the 6 moves are the wire's letters U D L R H B, always legal. */
#include "sb.h"
#include <stddef.h>
#include <string.h>

enum { SB_SIM_PLANES = 6, SB_SIM_SCALARS = 8 };
_Static_assert(sizeof(sb_bomb) == 2, "the encoding reads four bombs as 8 bytes");

static int16_t clip16(int v) { return (int16_t)(v > 32767 ? 32767 : v < -32768 ? -32768 : v); }

static void sb_sim_shape(const void *view, game_sim_shape *out) {
    const sb_view *v = view;
    out->dtype = GAME_DTYPE_INT16;
    out->obs_size = SB_SIM_PLANES * v->w * v->h + SB_SIM_SCALARS + v->n - 1;
    out->actions = SB_MOVES;
}

static void sb_sim_encode(const void *view, const void *memory, void *obs) {
    (void)memory;
    const sb_view *v = view;
    int16_t *o = obs;
    const int w = v->w, h = v->h, cells = w * h, me = v->id - 1;
    /* plane 0 is written whole below; the others are sparse */
    memset(o + cells, 0, sizeof(int16_t) * (size_t)((SB_SIM_PLANES - 1) * cells));
    /* cell (x, y) of the plan is cell rel[y][x] of the observation */
    int sx = w / 2 - v->p[me].ax, sy = h / 2 - v->p[me].ay;
#define REL(x, y) (sb_wrap((y) + sy, h) * w + sb_wrap((x) + sx, w))
    /* Row by row, each row in its two unwrapped runs: plan x in [0, w - x0) lands at x0 + x, the rest
     * at x - (w - x0). No division per cell: this loop was a third of a batched step's work. */
    const int x0 = sb_wrap(sx, w), split = w - x0;
    int16_t *const mine = o + 4 * cells, *const theirs = o + 5 * cells;
    for (int y = 0; y < h; y++) {
        const int row = sb_wrap(y + sy, h) * w;
        const uint8_t *res = v->res + y * w;
        const sb_bomb *bomb = v->bomb + y * w;
        int16_t *a = o + row + x0, *b = o + row;
        for (int x = 0; x < split; x++) a[x] = res[x];
        for (int x = split; x < w; x++) b[x - split] = res[x];
        for (int x = 0; x < w; x++) {
            if (x + 4 <= w) { /* four cells at a time: most have no bomb, and an empty one is all zeros */
                uint64_t four;
                memcpy(&four, bomb + x, sizeof four);
                if (!four) {
                    x += 3;
                    continue;
                }
            }
            if (bomb[x].owner) {
                int r = row + (x < split ? x0 + x : x - split);
                (bomb[x].owner - 1 == me ? mine : theirs)[r] = (int16_t)(bomb[x].countdown + 1);
            }
        }
    }
    for (int p = 0; p < v->n; p++) {
        if (p != me) o[1 * cells + REL(v->p[p].ax, v->p[p].ay)]++;
        o[(p == me ? 2 : 3) * cells + REL(v->p[p].bx, v->p[p].by)] = 1;
    }
#undef REL
    int16_t *s = o + SB_SIM_PLANES * cells;
    s[0] = clip16(v->round);
    s[1] = clip16(v->remaining);
    s[2] = clip16(v->p[me].resources);
    s[3] = (int16_t)(v->p[me].last + 1); /* 0: no move yet */
    s[4] = (int16_t)v->rules.countdown;
    s[5] = (int16_t)v->rules.radius;
    s[6] = (int16_t)v->rules.blast;
    s[7] = clip16(v->rules.kill);
    for (int p = 0, k = SB_SIM_SCALARS; p < v->n; p++)
        if (p != me) s[k++] = clip16(v->p[p].resources);
}

static void sb_sim_legal(const void *view, const void *memory, uint8_t *mask) {
    (void)view, (void)memory;
    memset(mask, 1, SB_MOVES);
}

static void sb_sim_action(const void *view, const void *memory, int k, void *action) {
    (void)view, (void)memory;
    ((sb_action *)action)->move = k;
}

static int sb_sim_index(const void *view, const void *memory, const void *action) {
    (void)view, (void)memory;
    int m = ((const sb_action *)action)->move;
    return m >= 0 && m < SB_MOVES ? m : -1;
}

/* Only the used part of the fixed-size arrays (w x h cells, the events of the last round): a 14x14
 * game copies about 7 of the state's 60 KB. */
static void sb_sim_copy(void *dst, const void *src) {
    sb_state *d = dst;
    const sb_state *s = src;
    size_t cells = (size_t)(s->plan.w * s->plan.h);
    size_t after_bomb = offsetof(sb_state, bomb) + sizeof s->bomb;
    memcpy(d, s, offsetof(sb_state, res));
    memcpy(d->res, s->res, cells);
    memcpy(d->bomb, s->bomb, cells * sizeof *s->bomb);
    memcpy((char *)d + after_bomb, (const char *)s + after_bomb, offsetof(sb_state, last) - after_bomb);
    memcpy(&d->last, &s->last, offsetof(sb_last, expl));
    memcpy(d->last.expl, s->last.expl, (size_t)s->last.n_expl * sizeof *s->last.expl);
    d->last.n_hit = s->last.n_hit;
    memcpy(d->last.hit, s->last.hit, (size_t)s->last.n_hit * sizeof *s->last.hit);
}

/* The points so far, which the game's end ranks: result()'s scores without
 * ranking them at every step. */
static void sb_sim_score(const void *state, double *scores) {
    const sb_state *st = state;
    for (int p = 0; p < st->plan.n; p++) scores[p] = st->score[p];
}

const game_sim sb_sim = {
    .shape = sb_sim_shape,
    .encode = sb_sim_encode,
    .legal = sb_sim_legal,
    .action = sb_sim_action,
    .index = sb_sim_index,
    .copy = sb_sim_copy,
    .state_size = sizeof(sb_state), /* flat: no pointers */
    .score = sb_sim_score,
    .score_ends_as_result = true, /* sb_result's scores are these */
    .restart = sb_begin,
};
