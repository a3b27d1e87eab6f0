/* sb_models.c: the sample and reference bots of SuiteBot P10: hold (the official sample), random,
 * harvester (the contestant's AI) and miner (the stronger reference bot). Written against the typed
 * view. They live apart from the bot table (sb_bots.c) because the champion runs them as models of
 * its opponents: the table names the champion, the champion calls these, and no file calls back. */
#include "sb.h"
#include <string.h>

static bool act(void *action, int move) {
    ((sb_action *)action)->move = move;
    return true;
}

bool sb_hold_act(void *mem, const void *view, void *action, rng_t *rng) {
    (void)mem, (void)view, (void)rng;
    return act(action, SB_HOLD);
}

bool sb_random_act(void *mem, const void *view, void *action, rng_t *rng) {
    (void)mem, (void)view;
    return act(action, (int)rng_below(rng, SB_MOVES)); /* U D L R H B, uniform */
}

/* ---------- harvester ---------- */

static int res_at(const sb_view *v, int x, int y) { return v->res[sb_wrap(y, v->h) * v->w + sb_wrap(x, v->w)]; }

/* S(c): the resources of the 3x3 square around c, whatever the blast option says. */
static int square_sum(const sb_view *v, int x, int y) {
    int s = 0;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) s += res_at(v, x + dx, y + dy);
    return s;
}

bool sb_harvester_act(void *memory, const void *view, void *action, rng_t *rng) {
    sb_harvester_mem *m = memory;
    const sb_view *v = view;
    if (m->dir == 0) m->dir = 1;
    int k = m->k++;
    int px = v->p[v->id - 1].ax, py = v->p[v->id - 1].ay;
    int ones = 0;
    for (int c = 0; c < v->w * v->h; c++) ones += v->res[c];
    if (ones * 8 > v->w * v->h) { /* F > 0.125: harvest */
        static const int O[5][2] = {{0, 0}, {2, -2}, {-2, -2}, {-2, 2}, {2, 2}};
        int phase = k % 5;
        if (phase == 0) return act(action, SB_PLANT);
        if (phase == 1) { /* pick the diagonal: minus the one field shared with the bomb's square */
            int best = 1, best_value = 0;
            for (int i = 1; i <= 4; i++) {
                int value = square_sum(v, px + O[i][0], py + O[i][1]) - res_at(v, px + O[i][0] / 2, py + O[i][1] / 2);
                if (value > best_value) best = i, best_value = value;
            }
            m->dir = best;
        }
        if (phase <= 2) return act(action, m->dir == 3 || m->dir == 4 ? SB_DOWN : SB_UP);
        if (phase == 3) { /* re-pick the horizontal side */
            int s = m->dir == 1 || m->dir == 2 ? 1 : -1;
            int vr = square_sum(v, px + 2, py) - res_at(v, px + 1, py + s);
            int vl = square_sum(v, px - 2, py) - res_at(v, px - 1, py + s);
            m->dir = vl < vr ? 1 : 2;
        }
        return act(action, m->dir == 2 || m->dir == 3 ? SB_LEFT : SB_RIGHT);
    }
    /* the "suicide" mode */
    if (k % 3 == 0) return act(action, SB_PLANT);
    static const int MOVES[4] = {SB_UP, SB_DOWN, SB_LEFT, SB_RIGHT};
    return act(action, MOVES[rng_below(rng, 4)]);
}

/* ---------- miner ---------- */

void sb_schedule(const sb_view *v, const sb_blast *B, int extra_cell, uint8_t danger[SB_MAX_COUNTDOWN + 1][SB_MAX_CELLS]) {
    const int w = v->w, h = v->h, cells = w * h;
    const int C = v->rules.countdown; /* 1..9: the options and the kit's parser check it */
    int T[SB_MAX_CELLS], list[SB_MAX_CELLS];
    for (int c = 0; c < cells; c++) T[c] = v->bomb[c].owner ? v->bomb[c].countdown : -1;
    if (extra_cell >= 0) T[extra_cell] = C; /* a plant replaces what was there */
    for (int k = 0; k <= C; k++) {
        memset(danger[k], 0, (size_t)cells);
        int ne = 0;
        for (int c = 0; c < cells; c++)
            if (T[c] == k) list[ne++] = c;
        for (int i = 0; i < ne; i++) {
            int bx = list[i] % w, by = list[i] / w;
            for (int o = 0; o < B->n; o++) {
                int f = sb_wrap(by + B->dy[o], h) * w + sb_wrap(bx + B->dx[o], w);
                danger[k][f] = 1;
                if (T[f] > k) { /* set off by the chain this round */
                    T[f] = k;
                    list[ne++] = f;
                }
            }
        }
    }
}

/* The four torus neighbours of every field (left, right, up, down), computed once per move. */
typedef struct {
    int16_t n[4][SB_MAX_CELLS];
} neighbours;

static void neighbours_of(const sb_view *v, neighbours *nb) {
    const int w = v->w, h = v->h;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int c = y * w + x;
            nb->n[0][c] = (int16_t)(y * w + (x ? x - 1 : w - 1));
            nb->n[1][c] = (int16_t)(y * w + (x + 1 < w ? x + 1 : 0));
            nb->n[2][c] = (int16_t)((y ? y - 1 : h - 1) * w + x);
            nb->n[3][c] = (int16_t)((y + 1 < h ? y + 1 : 0) * w + x);
        }
}

/* A walk q = q0..qC, each step staying or moving to a neighbour, avoiding danger[k] and enemy
 * bases at step k = 1..C. */
static bool escape(const sb_view *v, const neighbours *nb, int C, int q,
                   uint8_t danger[SB_MAX_COUNTDOWN + 1][SB_MAX_CELLS], const uint8_t *enemy_base) {
    const int cells = v->w * v->h;
    uint8_t a[SB_MAX_CELLS], b[SB_MAX_CELLS];
    uint8_t *cur = a, *nxt = b;
    memset(cur, 0, (size_t)cells);
    cur[q] = 1;
    for (int k = 1; k <= C; k++) {
        bool any = false;
        for (int c = 0; c < cells; c++) {
            nxt[c] = 0;
            if (danger[k][c] || enemy_base[c]) continue;
            if (cur[c] || cur[nb->n[0][c]] || cur[nb->n[1][c]] || cur[nb->n[2][c]] || cur[nb->n[3][c]]) {
                nxt[c] = 1;
                any = true;
            }
        }
        if (!any) return false;
        uint8_t *t = cur;
        cur = nxt;
        nxt = t;
    }
    return true;
}

bool sb_miner_act(void *mem, const void *view, void *action, rng_t *rng) {
    (void)mem, (void)rng;
    const sb_view *v = view;
    const int w = v->w, h = v->h, cells = w * h, me = v->id - 1;
    const int C = v->rules.countdown; /* 1..9, as in sb_schedule */
    sb_blast B;
    sb_blast_build(&v->rules, w, h, &B);
    static const int ORDER[5] = {SB_UP, SB_RIGHT, SB_DOWN, SB_LEFT, SB_HOLD};
    uint8_t danger[SB_MAX_COUNTDOWN + 1][SB_MAX_CELLS];
    uint8_t enemy_base[SB_MAX_CELLS], covered[SB_MAX_CELLS];
    int pv[SB_MAX_CELLS];
    memset(enemy_base, 0, (size_t)cells);
    for (int p = 0; p < v->n; p++)
        if (p != me) enemy_base[v->p[p].by * w + v->p[p].bx] = 1;
    sb_schedule(v, &B, -1, danger);
    neighbours nb;
    neighbours_of(v, &nb);
    for (int c = 0; c < cells; c++) {
        covered[c] = 0;
        for (int k = 0; k <= C; k++) covered[c] |= danger[k][c];
    }
    for (int c = 0; c < cells; c++) {
        int x = c % w, y = c / w, s = 0;
        for (int o = 0; o < B.n; o++) {
            int f = sb_wrap(y + B.dy[o], h) * w + sb_wrap(x + B.dx[o], w);
            s += v->res[f] && !covered[f];
        }
        pv[c] = s;
    }
    const int px = v->p[me].ax, py = v->p[me].ay, pc = py * w + px;

    /* contested(q): an enemy agent within torus-Manhattan distance 1 */
#define CONTESTED(qx, qy, out)                                                              \
    do {                                                                                    \
        out = 0;                                                                            \
        for (int e = 0; e < v->n; e++)                                                      \
            if (e != me && sb_dist(w, h, qx, qy, v->p[e].ax, v->p[e].ay) <= 1) out = 1;     \
    } while (0)

    bool plant_ok = false;
    int plant_tier = 0;
    if (pv[pc] >= 3 && !enemy_base[pc]) {
        uint8_t after[SB_MAX_COUNTDOWN + 1][SB_MAX_CELLS];
        sb_schedule(v, &B, pc, after);
        plant_ok = !after[0][pc] && escape(v, &nb, C, pc, after, enemy_base);
        CONTESTED(px, py, plant_tier);
    }
    bool ok[5];
    int tier[5], value[5];
    for (int i = 0; i < 5; i++) {
        int m = ORDER[i], qx = px, qy = py;
        if (m == SB_UP) qy = sb_wrap(py - 1, h);
        else if (m == SB_DOWN) qy = sb_wrap(py + 1, h);
        else if (m == SB_LEFT) qx = sb_wrap(px - 1, w);
        else if (m == SB_RIGHT) qx = sb_wrap(px + 1, w);
        int q = qy * w + qx;
        ok[i] = !danger[0][q] && !enemy_base[q] && escape(v, &nb, C, q, danger, enemy_base);
        CONTESTED(qx, qy, tier[i]);
        /* value = max over non-base fields f of pv(f) - dist(q, f) / 2, kept doubled */
        int best = -1000000;
        if (ok[i])
            for (int f = 0; f < cells; f++) {
                if (enemy_base[f]) continue;
                int val = 2 * pv[f] - sb_dist(w, h, qx, qy, f % w, f / w);
                if (val > best) best = val;
            }
        value[i] = best;
    }
#undef CONTESTED
    int low = 2;
    if (plant_ok && plant_tier < low) low = plant_tier;
    for (int i = 0; i < 5; i++)
        if (ok[i] && tier[i] < low) low = tier[i];
    if (low == 2) return act(action, SB_HOLD); /* nothing is safe */
    if (plant_ok && plant_tier == low) return act(action, SB_PLANT);
    int pick = -1;
    for (int i = 0; i < 5; i++)
        if (ok[i] && tier[i] == low && (pick < 0 || value[i] > value[pick])) pick = i;
    return act(action, ORDER[pick]);
}
