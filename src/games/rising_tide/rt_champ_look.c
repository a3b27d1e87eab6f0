/* rt_champ_look.c: the champion's look-ahead. The sample bots are deterministic up to their random
 * ties, so the rounds ahead can be played out: each candidate move is followed by rollouts in which
 * the other seats play as trench_tunis or nearby_new_orleans (or pass), our seat by a quick policy,
 * and the water rises by the rules (Rising Tide R5, R7). The candidates share the random numbers of
 * each rollout, so their differences come from the moves, not the dice. */
#include "rt_champ.h"
#include <limits.h>
#include <string.h>

typedef struct {
    int8_t b[RT_N][RT_N];
    int r;                  /* the next round to play */
    bool alive[RT_SEATS];   /* view cities: 0 ours, 1..3 the others clockwise */
    int model[RT_SEATS];    /* how seat k is played: RT_MODEL_* */
} look_sim;

#define on_board rt_champ_on_board
#define ring_of rt_champ_ring

/* The highest giver next to (di, dj) accepted by `ring_min` (ring at least this) or, with
 * ring_min < 0, any giver at least 2 higher than the receiver. */
static bool giver(const int8_t (*b)[RT_N], int di, int dj, int ring_min, int *si, int *sj) {
    int bh = 0;
    for (int a = di - 1; a <= di + 1; a++)
        for (int c = dj - 1; c <= dj + 1; c++) {
            if (!on_board(a, c) || (a == di && c == dj) || rt_champ_is_city(a, c)) continue;
            int h = b[a][c];
            if (h < 1 || h <= bh) continue;
            if (ring_min >= 0 ? ring_of(a, c) < ring_min : h < b[di][dj] + 2) continue;
            bh = h, *si = a, *sj = c;
        }
    return bh > 0;
}

/* Repairs the lowest ring cell below 8 next to water, from outside the ring or a ring neighbour at
 * least 2 higher. */
static bool repair(const int8_t (*b)[RT_N], const uint8_t (*nw)[RT_N], rt_action *a) {
    int bh = 8;
    for (int i = 4; i <= 6; i++)
        for (int j = 4; j <= 6; j++) {
            int si, sj;
            if (rt_champ_is_city(i, j) || b[i][j] == RT_FLOODED || b[i][j] >= bh || !nw[i][j]) continue;
            if (!giver(b, i, j, 2, &si, &sj) && !giver(b, i, j, -1, &si, &sj)) continue;
            bh = b[i][j];
            *a = (rt_action){RT_MOVE, si, sj, i, j};
        }
    return bh < 8;
}

/* The coast cell nearest our city (the lowest of them in *ti, *tj); its distance, INT_MAX if none. */
static int coast_tip(const int8_t (*b)[RT_N], const uint8_t (*nw)[RT_N], int *ti, int *tj) {
    int md = INT_MAX, bh = 9;
    for (int i = 0; i < RT_N; i++)
        for (int j = 0; j < RT_N; j++) {
            if (!nw[i][j] || b[i][j] == RT_FLOODED || rt_champ_is_city(i, j)) continue;
            int d = rt_champ_dist(i, j, 5, 5);
            if (d < md || (d == md && b[i][j] < bh)) md = d, bh = b[i][j], *ti = i, *tj = j;
        }
    return md;
}

/* seawall_sydney's plug: raises the lowest coast cell nearest our city from behind it. */
static bool plug(const int8_t (*b)[RT_N], const uint8_t (*nw)[RT_N], rt_action *a) {
    int ti, tj, md = coast_tip(b, nw, &ti, &tj);
    if (md == INT_MAX) return false;
    int bh = 8;
    for (int i = 0; i < RT_N; i++)
        for (int j = 0; j < RT_N; j++) {
            int si, sj;
            if (!nw[i][j] || b[i][j] == RT_FLOODED || b[i][j] >= bh || rt_champ_is_city(i, j) || rt_champ_dist(i, j, 5, 5) != md)
                continue;
            if (!giver(b, i, j, md >= 3 ? 2 : 3, &si, &sj)) continue;
            if (nw[si][sj] && rt_champ_dist(si, sj, 5, 5) <= md) continue;
            bh = b[i][j];
            *a = (rt_action){RT_MOVE, si, sj, i, j};
        }
    return bh < 8;
}

/* Fortifies where the water will strike: the ring cell nearest the coast cell nearest our city, and
 * its neighbours of rings 1 and 2, are raised toward 8 (the lowest first) with units from outside
 * that block, so that once the channel arrives the ring cell can neither flood nor be dug (a cell
 * gives land only to a neighbour below 8, R6.4). */
static bool fortify(const int8_t (*b)[RT_N], const uint8_t (*nw)[RT_N], rt_action *a) {
    int ti, tj;
    if (coast_tip(b, nw, &ti, &tj) == INT_MAX) return false;
    int ci = -1, cj = -1;
    for (int i = 4; i <= 6; i++)
        for (int j = 4; j <= 6; j++)
            if (!rt_champ_is_city(i, j) && (ci < 0 || rt_champ_dist(i, j, ti, tj) < rt_champ_dist(ci, cj, ti, tj))) ci = i, cj = j;
    int bh = 8, bd = 0;
    for (int i = ci - 1; i <= ci + 1; i++)
        for (int j = cj - 1; j <= cj + 1; j++) {
            if (rt_champ_is_city(i, j) || b[i][j] == RT_FLOODED || ring_of(i, j) > 2) continue;
            int d = rt_champ_dist(i, j, ti, tj);
            if (b[i][j] > bh || (b[i][j] == bh && d >= bd)) continue;
            int si = -1, sj = -1, gh = 0;
            for (int p = i - 1; p <= i + 1; p++)
                for (int q = j - 1; q <= j + 1; q++) {
                    bool in_block = p >= ci - 1 && p <= ci + 1 && q >= cj - 1 && q <= cj + 1 && ring_of(p, q) <= 2;
                    if (!on_board(p, q) || in_block || rt_champ_is_city(p, q) || b[p][q] <= gh || ring_of(p, q) < 2 || nw[p][q])
                        continue; /* not from the coast: that would dig the channel for them */
                    gh = b[p][q], si = p, sj = q;
                }
            if (si < 0) continue;
            bh = b[i][j], bd = d;
            *a = (rt_action){RT_MOVE, si, sj, i, j};
        }
    return bh < 8;
}

/* The distance from city k to its nearest coast cell that can still be dug (height 1 or more); the
 * lowest such cell in *ti, *tj. 20 if none. */
static int dig_target(const int8_t (*b)[RT_N], const uint8_t (*nw)[RT_N], int k, int *ti, int *tj) {
    int md = 20, bh = 9;
    for (int i = 0; i < RT_N; i++)
        for (int j = 0; j < RT_N; j++) {
            if (!nw[i][j] || b[i][j] < 1 || rt_champ_is_city(i, j)) continue;
            int d = rt_champ_dist(i, j, RT_CITY[k][0], RT_CITY[k][1]);
            if (d < md || (d == md && b[i][j] < bh)) md = d, bh = b[i][j], *ti = i, *tj = j;
        }
    return md;
}

/* Deflects the diggers: while our coast is as near the water as any other living city's, digs the
 * coast of the city nearest it (the unit put inland, away from it), so that city becomes the
 * diggers' target instead of ours. */
static bool deflect(const int8_t (*b)[RT_N], const uint8_t (*nw)[RT_N], rt_action *a) {
    int ti = 0, tj = 0, md0 = dig_target(b, nw, 0, &ti, &tj), bk = -1, bd = 20, bi = 0, bj = 0;
    for (int k = 1; k < RT_SEATS; k++) {
        if (b[RT_CITY[k][0]][RT_CITY[k][1]] == RT_FLOODED) continue;
        int d = dig_target(b, nw, k, &ti, &tj);
        if (d < bd) bd = d, bk = k, bi = ti, bj = tj;
    }
    if (bk < 0 || bd < md0) return false;
    int best = -1;
    for (int p = bi - 1; p <= bi + 1; p++)
        for (int q = bj - 1; q <= bj + 1; q++) {
            if (!on_board(p, q) || (p == bi && q == bj) || rt_champ_is_city(p, q) || b[p][q] == RT_FLOODED || b[p][q] > 7)
                continue;
            int key = rt_champ_dist(p, q, RT_CITY[bk][0], RT_CITY[bk][1]) + (nw[p][q] ? 0 : 20) + rt_champ_dist(p, q, 5, 5) / 4;
            if (key > best) best = key, *a = (rt_action){RT_MOVE, bi, bj, p, q};
        }
    return best >= 0;
}

void rt_champ_policy(const int8_t (*b)[RT_N], const uint8_t (*nw)[RT_N], int policy, rt_action *a) {
    a->kind = RT_PASS;
    if (repair(b, nw, a)) return;
    if (policy == RT_POLICY_FORTIFY && fortify(b, nw, a)) return;
    if (policy == RT_POLICY_DEFLECT && deflect(b, nw, a)) return;
    plug(b, nw, a);
}

/* Rising Tide R5.4-R5.7 on the simulated board: moves in a random order, each checked again, then
 * one flooding pass, then the cities. */
static void play_round(look_sim *s, const uint8_t (*nw)[RT_N], rt_action *mv, rng_t *rng) {
    int order[RT_SEATS], n = 0;
    for (int k = 0; k < RT_SEATS; k++)
        if (s->alive[k]) order[n++] = k;
    for (int x = n - 1; x > 0; x--) {
        int y = (int)rng_below(rng, (uint32_t)(x + 1)), t = order[x];
        order[x] = order[y], order[y] = t;
    }
    for (int x = 0; x < n; x++) {
        const rt_action *m = &mv[order[x]];
        if (m->kind != RT_MOVE || !rt_legal(s->b, false, m->i1, m->j1, m->i2, m->j2)) continue;
        s->b[m->i1][m->j1]--;
        s->b[m->i2][m->j2]++;
    }
    /* Moves never flood a cell, so the water next to a cell is the same as at the round's start. */
    int flood[RT_CELLS], nf = 0;
    for (int i = 0; i < RT_N; i++)
        for (int j = 0; j < RT_N; j++)
            if (nw[i][j] && s->b[i][j] != RT_FLOODED && 100 * s->b[i][j] < s->r) flood[nf++] = i * RT_N + j;
    for (int x = 0; x < nf; x++) s->b[flood[x] / RT_N][flood[x] % RT_N] = RT_FLOODED;
    for (int k = 0; k < RT_SEATS; k++)
        if (s->b[RT_CITY[k][0]][RT_CITY[k][1]] == RT_FLOODED) s->alive[k] = false;
    s->r++;
}

#define coast_dist rt_champ_coast_dist

/* The outcome of a rollout: sinking is worst (later is less bad); alive, a coast far from our city,
 * other cities nearer the water than ours (the diggers' targets) and a high ring are better. */
static int outcome(const look_sim *s, int r0) {
    if (!s->alive[0]) return s->r - r0;
    int others = 20;
    int alive = 0;
    for (int k = 1; k < RT_SEATS; k++)
        if (s->alive[k]) {
            alive++;
            int d = coast_dist(s->b, RT_CITY[k][0], RT_CITY[k][1]);
            if (d < others) others = d;
        }
    int md = coast_dist(s->b, 5, 5), rel = alive ? md - others : 3;
    if (rel > 3) rel = 3;
    if (rel < -3) rel = -3;
    int ring = 0;
    for (int i = 4; i <= 6; i++)
        for (int j = 4; j <= 6; j++)
            if (!rt_champ_is_city(i, j)) ring += s->b[i][j] == RT_FLOODED ? 0 : s->b[i][j];
    return 1000 + 10 * (md < 10 ? md : 10) + 5 * rel + ring;
}

/* One rollout after our move `first`; returns the outcome and counts the simulated rounds. */
static int rollout(const look_sim *start, const rt_look_cand *first, int rounds, rng_t *rng, int64_t *simulated) {
    look_sim s = *start;
    int r0 = s.r, end = r0 + RT_LOOK_HORIZON < rounds ? r0 + RT_LOOK_HORIZON : rounds;
    rt_action mv[RT_SEATS];
    uint8_t nw[RT_N][RT_N];
    while (s.r < end && s.alive[0]) {
        int alive = 0;
        for (int k = 0; k < RT_SEATS; k++) alive += s.alive[k];
        if (alive <= 1) break; /* the game is over: we are the last */
        rt_champ_near_water(s.b, nw);
        if (s.r == r0) mv[0] = first->first;
        else rt_champ_policy(s.b, nw, first->policy, &mv[0]);
        rt_champ_lists l;
        rt_champ_lists_init(&l, (const int8_t(*)[RT_N])s.b, (const uint8_t(*)[RT_N])nw);
        for (int k = 1; k < RT_SEATS; k++) {
            mv[k].kind = RT_PASS;
            if (s.alive[k]) rt_champ_model_move(&l, k, s.model[k], rng, &mv[k]);
        }
        play_round(&s, nw, mv, rng);
        (*simulated)++;
    }
    if (s.alive[0]) s.r = end;
    return outcome(&s, r0);
}

/* Sweep k's dice: how each other seat plays (after the belief) in *s, and the seed of the ties. */
static uint64_t dice(const rt_look_pos *p, const look_sim *start, uint64_t base, int k, look_sim *s) {
    rng_t d;
    rng_seed(&d, base, (uint64_t)k);
    *s = *start;
    for (int x = 1; x < RT_SEATS; x++) {
        s->model[x] = rt_champ_model_of(&p->belief, x, (int)rng_below(&d, 100));
    }
    return rng_next(&d);
}

int rt_champ_look(const rt_look_pos *p, const rt_look_cand *cand, int n, think_budget *tb, rng_t *rng,
                  rt_look_stats *stats) {
    memset(stats, 0, sizeof *stats);
    if (n <= 1) return 0;
    look_sim start;
    memcpy(start.b, p->v, sizeof start.b);
    start.r = p->round;
    for (int k = 0; k < RT_SEATS; k++) start.alive[k] = p->v[RT_CITY[k][0]][RT_CITY[k][1]] != RT_FLOODED;
    int64_t total[64] = {0};
    if (n > 64) n = 64;
    uint64_t base = rng_next(rng);
    /* A probe first: the preferred move alone. If it never sinks, there is nothing to compare. */
    look_sim s;
    uint64_t seed;
    int sweeps = 0;
    for (int k = 0; k < RT_LOOK_PROBE; k++) {
        seed = dice(p, &start, base, k, &s);
        rng_t r;
        rng_seed(&r, seed, 1);
        if (rollout(&s, &cand[0], p->rounds, &r, &stats->rounds) < 1000) stats->deaths++;
    }
    think_spend(tb, stats->rounds);
    if (!stats->deaths) return 0;
    stats->deaths = 0;
    for (;;) {
        seed = dice(p, &start, base, sweeps, &s);
        int v[64], c;
        for (c = 0; c < n; c++) {
            rng_t r;
            rng_seed(&r, seed, 1);
            int64_t before = stats->rounds;
            v[c] = rollout(&s, &cand[c], p->rounds, &r, &stats->rounds);
            /* Out of time inside a sweep: it is dropped (the candidates compare on the same dice),
             * except the first, which always completes (a few milliseconds). */
            if (!think_spend(tb, stats->rounds - before) && sweeps > 0) break;
        }
        if (c < n - 1) break;
        for (c = 0; c < n; c++) {
            total[c] += v[c];
            if (v[c] < 1000) stats->deaths++;
        }
        sweeps++;
        if (!think_more(tb)) break;
    }
    stats->rollouts = sweeps;
    for (int c = 0; c < n; c++) stats->mean[c] = sweeps ? (double)total[c] / sweeps : 0;
    int best = 0;
    for (int c = 1; c < n; c++)
        if (total[c] > total[best]) best = c;
    /* The preferred move keeps its place unless another is better by half a point a rollout, and
     * unless too few sweeps were played to tell (a machine that starves the search of CPU). */
    if (2 * (total[best] - total[0]) <= sweeps || sweeps < RT_LOOK_MIN_SWEEPS) best = 0;
    stats->best = best;
    return best;
}
