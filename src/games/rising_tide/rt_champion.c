/* rt_champion.c: Rising Tide's champion. It predicts the round every cell floods if nobody moves,
 * and spends each round on the most urgent of: a cell of its ring (the eight around its city)
 * flooding soon, a low neighbour that lets a wall cell next to water be dug, the coast nearest its
 * city (the trench digger's target), and raising rings 1 and 2 to 8, a height that never floods
 * within 800 rounds. It reads only the view: no search, a fraction of a millisecond a move. */
#include "rt.h"
#include <string.h>

#define NEVER 1000000
#define TOP 8 /* the highest a cell gets (a destination is at most 7); never floods in 800 rounds */
#define CI 5  /* our city, in the view */
#define CJ 5
#define HORIZON 150 /* rounds: a ring cell flooding sooner is repaired before anything else */


static int ring_of(int i, int j) {
    int a = i > CI ? i - CI : CI - i, b = j > CJ ? j - CJ : CJ - j;
    return a > b ? a : b;
}

static bool on_board(int i, int j) { return i >= 0 && j >= 0 && i < RT_N && j < RT_N; }

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

/* The taxicab distance from city (ci, cj) to its nearest coast: a dry cell on the border or next
 * to water, not a city. The sample trench digger attacks the coast nearest any other city. */
static int coast_dist(const int8_t (*v)[RT_N], int ci, int cj) {
    int md = NEVER;
    for (int i = 0; i < RT_N; i++)
        for (int j = 0; j < RT_N; j++)
            if (v[i][j] != RT_FLOODED && !rt_is_city(i, j) && rt_near_water(v, i, j)) {
                int d = rt_dist(i, j, ci, cj);
                if (d < md) md = d;
            }
    return md;
}

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
            if (best_source(c, i, j, behind_coast, md, &si, &sj) < 0) continue;
            best_h = h, found = true;
            *a = (rt_action){RT_MOVE, si, sj, i, j};
        }
    return found;
}

bool rt_champion_act(void *memory, const void *view, void *action, rng_t *rng) {
    (void)memory, (void)rng;
    const rt_view *v = view;
    rt_action *a = action;
    memset(a, 0, sizeof *a);
    a->kind = RT_PASS;
    champ_ctx c;
    c.v = (const int8_t(*)[RT_N])v->cell;
    c.r = v->round;
    flood_times(c.v, c.r, c.T);
    if (raise_near_water(&c, a) || freeze(&c, a)) return true;
    int md = coast_dist(c.v, CI, CJ);
    if (md < NEVER && plug(&c, md, a)) return true;
    for (int k = 1; k <= 2; k++)
        if (raise_ring(&c, k, a)) return true;
    return true;
}
