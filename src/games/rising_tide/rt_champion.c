/* rt_champion.c: Rising Tide's champion. It predicts the round every cell floods if nobody moves,
 * and spends each round on the most urgent of: a cell of its ring (the eight around its city)
 * flooding soon, a low neighbour that lets a wall cell next to water be dug, the coast nearest its
 * city (the trench digger's target), and raising rings 1 and 2 to 8, a height that never floods
 * within 800 rounds: its rule move. When its city is threatened it looks ahead (rt_champ_look.c):
 * candidate moves and follow-up policies are compared by rollouts against models of the other seats
 * (rt_champ_model.c), within 30% of the move limit on the clock it is handed, or an equal count of
 * simulated rounds without one. */
#include "rt_champ.h"
#include <string.h>

#define NEVER 1000000
#define TOP 8 /* the highest a cell gets (a destination is at most 7); never floods in 800 rounds */
#define CI 5  /* our city, in the view */
#define CJ 5
#define HORIZON 150 /* rounds: a ring cell flooding sooner is repaired before anything else */
#define RT_CHAMP_CANDIDATES 16 /* moves compared by the look-ahead */
/* Rounds in which, against three trench_tunis (seen digging three units in a round), the rule move
 * stands without a look-ahead while our coast is intact: its deflections lose more of those openings
 * than they save (docs/games/rising_tide.md, "Three diggers"); with two diggers they save more, and
 * so do they against three once the diggers have breached our coast (a channel nearer our city than
 * INTACT_COAST, the start board's (0,5) and (5,0)): "Three diggers: after the breach". */
#define RULE_OPENING 60
#define INTACT_COAST 5
#define RT_CHAMP_MOVE_MS 100   /* the game's per-move limit (Rising Tide D7), when no clock says */
#define RT_CHAMP_ROUNDS_PER_MS 600 /* simulated rounds a millisecond on the development machine */


#define ring_of rt_champ_ring
#define on_board rt_champ_on_board

/* T[i][j]: the round the cell floods if nobody moves (Rising Tide R7): a dry cell of height h
 * floods in the first round after 100 h whose flood step sees water next to it, so
 * T = max(100 h + 1, T(a neighbour) + 1, r), the border counting as water. A Dijkstra over the
 * board (324 cells: the quadratic selection is cheap). */
static void flood_times(const int8_t (*v)[RT_N], int r, int T[RT_N][RT_N]) {
    bool done[RT_N][RT_N];
    memset(done, 0, sizeof done);
    for (int i = 0; i < RT_N; i++)
        for (int j = 0; j < RT_N; j++) {
            int h = v[i][j];
            bool border = i == 0 || j == 0 || i == RT_N - 1 || j == RT_N - 1;
            if (h == RT_FLOODED) T[i][j] = r - 1;
            else if (border) T[i][j] = 100 * h + 1 > r ? 100 * h + 1 : r;
            else T[i][j] = NEVER;
        }
    for (;;) {
        int bi = -1, bj = -1, bt = NEVER;
        for (int i = 0; i < RT_N; i++)
            for (int j = 0; j < RT_N; j++)
                if (!done[i][j] && T[i][j] < bt) bt = T[i][j], bi = i, bj = j;
        if (bi < 0) return;
        done[bi][bj] = true;
        for (int a = bi - 1; a <= bi + 1; a++)
            for (int b = bj - 1; b <= bj + 1; b++) {
                if (!on_board(a, b) || done[a][b] || v[a][b] == RT_FLOODED) continue;
                int t = 100 * v[a][b] + 1;
                if (bt + 1 > t) t = bt + 1;
                if (r > t) t = r;
                if (t < T[a][b]) T[a][b] = t;
            }
    }
}

typedef struct {
    const int8_t (*v)[RT_N];
    int T[RT_N][RT_N];
    int r;
} champ_ctx;

#define coast_dist rt_champ_coast_dist

/* The best source next to (di, dj) for one unit: dry, at least 1, not a city, accepted by `ok`;
 * the highest, then the one water reaches last. -1 if none. */
static int best_source(const champ_ctx *c, int di, int dj, bool (*ok)(const champ_ctx *, int, int, int),
                       int arg, int *si, int *sj) {
    int best = -1, bt = -1;
    for (int a = di - 1; a <= di + 1; a++)
        for (int b = dj - 1; b <= dj + 1; b++) {
            if (!on_board(a, b) || (a == di && b == dj) || rt_is_city(a, b) || !ok(c, a, b, arg)) continue;
            int h = c->v[a][b];
            if (h < 1) continue;
            int key = h + rt_dist(a, b, CI, CJ); /* the higher, the farther from the city */
            if (key > best || (key == best && c->T[a][b] > bt)) best = key, bt = c->T[a][b], *si = a, *sj = b;
        }
    return best;
}

/* Sources for ring k: outside rings 0..k. */
static bool outside_ring(const champ_ctx *c, int i, int j, int k) {
    (void)c;
    return ring_of(i, j) > k;
}

/* Sources that stay at least as high as the destination becomes (height > h + 1). */
static bool higher_by_two(const champ_ctx *c, int i, int j, int h) { return c->v[i][j] > h + 1; }

/* Sources for a plug at coast distance md: not a coast cell as near to the city. */
static bool behind_coast(const champ_ctx *c, int i, int j, int md) {
    return ring_of(i, j) > 1 && !(rt_near_water(c->v, i, j) && rt_dist(i, j, CI, CJ) <= md);
}

/* Raises the most threatened cell of ring k below TOP (earliest flood, then lowest) with a unit
 * from outside rings 0..k. */
static bool raise_ring(const champ_ctx *c, int k, rt_action *a) {
    int best_t = NEVER + 1, best_h = TOP + 1;
    bool found = false;
    for (int i = CI - k; i <= CI + k; i++)
        for (int j = CJ - k; j <= CJ + k; j++) {
            if (!on_board(i, j) || ring_of(i, j) != k) continue;
            int h = c->v[i][j];
            if (h == RT_FLOODED || h >= TOP || rt_is_city(i, j)) continue;
            int t = c->T[i][j];
            if (t > best_t || (t == best_t && h >= best_h)) continue;
            int si, sj;
            if (best_source(c, i, j, outside_ring, k, &si, &sj) < 0) continue;
            best_t = t, best_h = h, found = true;
            *a = (rt_action){RT_MOVE, si, sj, i, j};
        }
    return found;
}

/* Repairs the cell of ring 1 below TOP that floods first, if it is next to water or floods within
 * HORIZON rounds. */
static bool raise_near_water(const champ_ctx *c, rt_action *a) {
    int best_t = NEVER + 1;
    for (int i = CI - 1; i <= CI + 1; i++)
        for (int j = CJ - 1; j <= CJ + 1; j++) {
            int h = c->v[i][j], si, sj;
            if (rt_is_city(i, j) || h == RT_FLOODED || h >= TOP || c->T[i][j] >= best_t ||
                (!rt_near_water(c->v, i, j) && c->T[i][j] > c->r + HORIZON))
                continue;
            /* from outside the ring, else from a ring neighbour at least 2 higher (evening out) */
            if (best_source(c, i, j, outside_ring, 1, &si, &sj) < 0 &&
                best_source(c, i, j, higher_by_two, h, &si, &sj) < 0)
                continue;
            best_t = c->T[i][j];
            *a = (rt_action){RT_MOVE, si, sj, i, j};
        }
    return best_t <= NEVER;
}

/* Freezes ring 1: a cell can lose land only to a dry neighbour below TOP (a destination is at
 * most 7), so the ring cannot be dug once its outer neighbours are TOP or flooded. Raises such a
 * neighbour of the ring cell next to water that floods first. */
static bool freeze(const champ_ctx *c, rt_action *a) {
    int best_t = NEVER + 1;
    for (int i = CI - 1; i <= CI + 1; i++)
        for (int j = CJ - 1; j <= CJ + 1; j++) {
            if (rt_is_city(i, j) || c->v[i][j] == RT_FLOODED || c->T[i][j] >= best_t) continue;
            if (!rt_near_water(c->v, i, j)) continue;
            for (int p = i - 1; p <= i + 1; p++)
                for (int q = j - 1; q <= j + 1; q++) {
                    int h = c->v[p][q], si, sj;
                    if (ring_of(p, q) < 2 || h == RT_FLOODED || h >= TOP || c->T[i][j] >= best_t) continue;
                    if (best_source(c, p, q, outside_ring, 2, &si, &sj) < 0 &&
                        best_source(c, p, q, outside_ring, 1, &si, &sj) < 0)
                        continue;
                    best_t = c->T[i][j];
                    *a = (rt_action){RT_MOVE, si, sj, p, q};
                }
        }
    return best_t <= NEVER;
}

/* Whether flooding (p, q) would make a cell other than (di, dj) at distance md or less of our
 * city coast: a new tip of the channel, another source for the diggers. */
static bool opens_a_tip(const champ_ctx *c, int p, int q, int di, int dj, int md) {
    for (int a = p - 1; a <= p + 1; a++)
        for (int b = q - 1; b <= q + 1; b++)
            if (on_board(a, b) && !(a == di && b == dj) && c->v[a][b] != RT_FLOODED && !rt_is_city(a, b) &&
                rt_dist(a, b, CI, CJ) <= md && !rt_near_water(c->v, a, b))
                return true;
    return false;
}

/* A better source for a plug of (di, dj), the coast at distance md of our city, before the late
 * game: a coast cell of height 1 beside it at least md + 2 from our city, whose flooding opens no
 * new tip. It floods once it gives (R7, from round 1 on), so the plugged cell, the tip of the
 * diggers' channel once they have breached our coast, loses a destination: a digger draws a move,
 * not a cell, among the sources nearest a city, so a tip with fewer moves is dug less often than
 * the other cities' tips (the oracle's saving line of seed 400053 raised the tip from the coast
 * beside it). */
static bool drowning_source(const champ_ctx *c, int di, int dj, int md, int *si, int *sj) {
    if (c->r < 1 || c->r >= RT_LATE) return false;
    for (int p = di + 1; p >= di - 1; p--) /* the last in reading order */
        for (int q = dj + 1; q >= dj - 1; q--)
            if (on_board(p, q) && c->v[p][q] == 1 && !rt_is_city(p, q) && rt_near_water(c->v, p, q) &&
                rt_dist(p, q, CI, CJ) >= md + 2 && !opens_a_tip(c, p, q, di, dj, md)) {
                *si = p, *sj = q;
                return true;
            }
    return false;
}

/* Plugs the coast nearest our city: the lowest such cell gets a unit from behind it. */
static bool plug(const champ_ctx *c, int md, rt_action *a) {
    int best_h = TOP;
    bool found = false;
    for (int i = 0; i < RT_N; i++)
        for (int j = 0; j < RT_N; j++) {
            int h = c->v[i][j];
            if (h == RT_FLOODED || h >= best_h || rt_is_city(i, j) || rt_dist(i, j, CI, CJ) != md ||
                !rt_near_water(c->v, i, j))
                continue;
            int si, sj;
            if (!drowning_source(c, i, j, md, &si, &sj) && best_source(c, i, j, behind_coast, md, &si, &sj) < 0)
                continue;
            best_h = h, found = true;
            *a = (rt_action){RT_MOVE, si, sj, i, j};
        }
    return found;
}

/* Plug candidates: the coast cells at distance md of our city, lowest first, raised from behind. */
static int plug_candidates(const champ_ctx *c, int md, rt_action *out, int max) {
    int n = 0;
    for (int h0 = 0; h0 < TOP && n < max; h0++)
        for (int i = 0; i < RT_N && n < max; i++)
            for (int j = 0; j < RT_N && n < max; j++) {
                int si, sj;
                if (c->v[i][j] != h0 || rt_is_city(i, j) || rt_dist(i, j, CI, CJ) != md || !rt_near_water(c->v, i, j))
                    continue;
                if (best_source(c, i, j, behind_coast, md, &si, &sj) < 0) continue;
                out[n++] = (rt_action){RT_MOVE, si, sj, i, j};
            }
    return n;
}

/* Ring repairs: the ring cells below TOP that flood first (up to max), raised from outside the ring
 * or from a ring neighbour at least 2 higher. */
static int repair_candidates(const champ_ctx *c, rt_action *out, int max) {
    rt_action all[8];
    int t[8], n = 0;
    for (int i = CI - 1; i <= CI + 1; i++)
        for (int j = CJ - 1; j <= CJ + 1; j++) {
            int h = c->v[i][j], si, sj;
            if (rt_is_city(i, j) || h == RT_FLOODED || h >= TOP) continue;
            if (best_source(c, i, j, outside_ring, 1, &si, &sj) < 0 &&
                best_source(c, i, j, higher_by_two, h, &si, &sj) < 0)
                continue;
            t[n] = c->T[i][j];
            all[n++] = (rt_action){RT_MOVE, si, sj, i, j};
        }
    for (int x = 0; x < n && x < max; x++) { /* the max earliest, in order */
        int b = x;
        for (int y = x + 1; y < n; y++)
            if (t[y] < t[b]) b = y;
        rt_action ta = all[x];
        int tt = t[x];
        all[x] = all[b], t[x] = t[b], all[b] = ta, t[b] = tt;
        out[x] = all[x];
    }
    return n < max ? n : max;
}

/* Deflections: digging the coast nearest another living city (the cell nearest it, the unit put
 * inland, away from it), so the diggers find that city's coast nearer than ours. */
static int deflect_candidates(const champ_ctx *c, rt_action *out, int max) {
    int n = 0;
    for (int k = 1; k < RT_SEATS && n < max; k++) {
        int ci = RT_CITY[k][0], cj = RT_CITY[k][1];
        if (c->v[ci][cj] == RT_FLOODED) continue;
        int md = coast_dist(c->v, ci, cj), bi = -1, bj = -1;
        for (int i = 0; i < RT_N; i++)
            for (int j = 0; j < RT_N; j++)
                if (c->v[i][j] >= 1 && c->v[i][j] < TOP && !rt_is_city(i, j) && rt_dist(i, j, ci, cj) == md &&
                    rt_near_water(c->v, i, j) && (bi < 0 || c->v[i][j] < c->v[bi][bj]))
                    bi = i, bj = j;
        if (bi < 0) continue;
        int best = -1, di = 0, dj = 0;
        for (int a = bi - 1; a <= bi + 1; a++)
            for (int b = bj - 1; b <= bj + 1; b++) {
                if (!on_board(a, b) || (a == bi && b == bj) || rt_is_city(a, b) || !rt_legal(c->v, false, bi, bj, a, b))
                    continue;
                int key = rt_dist(a, b, ci, cj) + (rt_near_water(c->v, a, b) ? 0 : 20) + rt_dist(a, b, CI, CJ) / 4;
                if (key > best) best = key, di = a, dj = b;
            }
        if (best >= 0) out[n++] = (rt_action){RT_MOVE, bi, bj, di, dj};
    }
    return n;
}

static bool same_move(const rt_action *a, const rt_action *b) {
    return a->kind == b->kind && (a->kind == RT_PASS || (a->i1 == b->i1 && a->j1 == b->j1 && a->i2 == b->i2 && a->j2 == b->j2));
}

/* The first rules above: the move the champion plays when nothing needs a look ahead. */
static void rule_move(const champ_ctx *c, rt_action *a) {
    memset(a, 0, sizeof *a);
    a->kind = RT_PASS;
    if (raise_near_water(c, a) || freeze(c, a)) return;
    int md = coast_dist(c->v, CI, CJ);
    if (md < NEVER && plug(c, md, a)) return;
    for (int k = 1; k <= 2; k++)
        if (raise_ring(c, k, a)) return;
}

/* Worth a look ahead: diggers about and our coast (nearly) the nearest of the living cities, or a
 * ring cell below TOP next to water that floods within two horizons if nobody moves. */
static bool threatened(const champ_ctx *c, const rt_champ_belief *bf) {
    for (int i = CI - 1; i <= CI + 1; i++)
        for (int j = CJ - 1; j <= CJ + 1; j++)
            if (!rt_is_city(i, j) && c->v[i][j] != RT_FLOODED && c->v[i][j] < TOP && rt_near_water(c->v, i, j) &&
                c->T[i][j] <= c->r + 2 * RT_LOOK_HORIZON)
                return true;
    int diggers = 0; /* a nearby_new_orleans sometimes looks like a digger; a trench_tunis nearly always */
    for (int k = 1; k < RT_SEATS; k++) diggers += bf->dig[k] >= 60;
    if (!diggers) return false;
    int md = coast_dist(c->v, CI, CJ), others = NEVER;
    for (int k = 1; k < RT_SEATS; k++)
        if (c->v[RT_CITY[k][0]][RT_CITY[k][1]] != RT_FLOODED) {
            int d = coast_dist(c->v, RT_CITY[k][0], RT_CITY[k][1]);
            if (d < others) others = d;
        }
    return md <= others + 1;
}

bool rt_champion_timed(void *memory, const void *view, void *action, rng_t *rng, const bot_clock *clock) {
    rt_champ_memory *m = memory;
    const rt_view *v = view;
    rt_action *a = action;
    champ_ctx c;
    c.v = (const int8_t(*)[RT_N])v->cell;
    c.r = v->round;
    flood_times(c.v, c.r, c.T);
    rule_move(&c, a);
    rt_champ_watch(m, c.v);
    if (c.r >= RT_LATE) rt_champ_late(c.v, c.r, &m->belief, rng, a);
    bool rule_only = c.r < RULE_OPENING && m->three_digs && coast_dist(c.v, CI, CJ) >= INTACT_COAST;
    if (!rule_only && threatened(&c, &m->belief)) {
        rt_look_cand cand[RT_CHAMP_CANDIDATES];
        rt_action more[24];
        uint8_t nw[RT_N][RT_N];
        rt_champ_near_water(c.v, nw);
        int n = 0, k = 0, md = coast_dist(c.v, CI, CJ);
        cand[n++] = (rt_look_cand){*a, RT_POLICY_PLUG};
        cand[n++] = (rt_look_cand){*a, RT_POLICY_FORTIFY};
        for (int pol = RT_POLICY_FORTIFY; pol < RT_POLICIES; pol++) {
            rt_champ_policy(c.v, nw, pol, &more[0]);
            if (!same_move(&more[0], a)) cand[n++] = (rt_look_cand){more[0], pol};
        }
        k += repair_candidates(&c, more + k, 3);
        if (md < NEVER) k += plug_candidates(&c, md, more + k, 4);
        if (md < NEVER) k += plug_candidates(&c, md + 1, more + k, 2);
        k += deflect_candidates(&c, more + k, 3);
        more[k++] = (rt_action){RT_PASS, 0, 0, 0, 0};
        for (int x = 0; x < k && n < RT_CHAMP_CANDIDATES; x++) {
            bool dup = false;
            for (int y = 0; y < n; y++) dup |= cand[y].policy == RT_POLICY_PLUG && same_move(&more[x], &cand[y].first);
            if (!dup) cand[n++] = (rt_look_cand){more[x], RT_POLICY_PLUG};
        }
        think_budget tb;
        think_begin(&tb, clock, think_limit_ms(clock, RT_CHAMP_MOVE_MS) * 3 / 10, RT_CHAMP_ROUNDS_PER_MS, 4);
        rt_look_pos p = {c.v, c.r, v->rounds, m->belief};
        rt_look_stats st;
        *a = cand[rt_champ_look(&p, cand, n, &tb, rng, &st)].first;
    }
    m->seen = true;
    memcpy(m->prev, v->cell, sizeof m->prev);
    m->last = *a;
    return true;
}

bool rt_champion_act(void *memory, const void *view, void *action, rng_t *rng) {
    return rt_champion_timed(memory, view, action, rng, NULL);
}
