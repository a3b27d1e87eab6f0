/* rz_attacker.c: the reference bot that tries to win (docs/games/rezzo.md "Built-in bots").
 *
 * It sees only its views and acks. It keeps its pose by dead reckoning in its own frame (start at
 * (0,0) facing "up"), and a map of what it has seen (a 512 x 512 ring of cells, coordinates mod
 * 512). Then:
 *   1. explore: a square spiral of waypoints around home, 12 cells apart (the view is 13 wide and
 *      12 deep), cutting through wires when there is no cheaper way;
 *   2. note every enemy flag geyser and every electron loop (a small closed ring of wire carrying
 *      an electron);
 *   3. plan a wire from a cell E next to an enemy geyser G, past the cell two ahead of home (next
 *      to both of its own bases, not next to its own geysers), to a tap cell T beside a loop;
 *   4. build it from E, walking and building, so the tap onto the loop is made last;
 *   5. step off. Each electron from the loop now runs to G, spawns an enemy flag there, and each
 *      later one pulls the flag one cell back toward the loop, until it passes the home bases.
 * It never builds next to its own geysers (no own flags), never sends two records in a tick and
 * answers every message at once. */
#include "rz.h"
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "rz_attacker.h"

size_t rz_attacker_memory_size(void) { return sizeof(rz_attacker); }

static inline int at(int x, int y) { return rz_map_at(x, y); }
static inline bool is_wire(uint8_t c) { return rz_map_is_wire(c); }
static inline bool is_owned(uint8_t c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'j') || (c >= 'n' && c <= 'w'); }
static inline bool is_flag(uint8_t c) { return rz_map_is_flag(c); }
static int iabs(int v) { return v < 0 ? -v : v; }

/* ---------- map ---------- */

void rz_attacker_view_cell(const rz_attacker *a, int i, int *x, int *y) {
    int r = i / RZ_VIEWPORT, k = i % RZ_VIEWPORT;
    int ahead = 12 - r, right = k - 6;
    *x = a->x + ahead * RZ_FWD[a->d][0] + right * RZ_RIGHT[a->d][0];
    *y = a->y + ahead * RZ_FWD[a->d][1] + right * RZ_RIGHT[a->d][1];
}

static void observe(rz_attacker *a, const rz_view *v) {
    for (int i = 0; i < RZ_VIEWPORT_SQ; i++) {
        int cx, cy;
        rz_attacker_view_cell(a, i, &cx, &cy);
        a->cell[at(cx, cy)] = v->c[i];
        a->dmg[at(cx, cy)] = v->damage[i];
    }
}

static uint8_t cell(const rz_attacker *a, int x, int y) { return a->cell[at(x, y)]; }

static bool near_own_geyser(int x, int y) {
    /* Own geysers are 1 behind and 1 left/right of the start: (-1, 1) and (1, 1). */
    return iabs(x - (-1)) <= 1 && iabs(y - 1) <= 1 ? true : iabs(x - 1) <= 1 && iabs(y - 1) <= 1;
}

/* ---------- A* on the map ---------- */


static void heap_push(rz_attacker *a, int *n, int f, int idx) {
    int i = (*n)++;
    while (i > 0) {
        int p = (i - 1) / 2;
        if (a->heap[p][0] <= f) break;
        a->heap[i][0] = a->heap[p][0];
        a->heap[i][1] = a->heap[p][1];
        i = p;
    }
    a->heap[i][0] = f;
    a->heap[i][1] = idx;
}

static int heap_pop(rz_attacker *a, int *n) {
    int top = a->heap[0][1];
    int f = a->heap[--(*n)][0], idx = a->heap[*n][1];
    int i = 0;
    for (;;) {
        int c = 2 * i + 1;
        if (c >= *n) break;
        if (c + 1 < *n && a->heap[c + 1][0] < a->heap[c][0]) c++;
        if (a->heap[c][0] >= f) break;
        a->heap[i][0] = a->heap[c][0];
        a->heap[i][1] = a->heap[c][1];
        i = c;
    }
    a->heap[i][0] = f;
    a->heap[i][1] = idx;
    return top;
}

/* Cheapest 4-connected path from (sx,sy) to (tx,ty) inside a window (the box around both, widened
 * by WINDOW), in two steps so that a search can stop and go on at a later tick: astar_begin sets it
 * up in a->srch, astar_resume runs it (stopping with ASTAR_MORE at a->deadline_us when the search
 * is timed and a clock is set) and writes the path (without the start) into ox/oy, returning its
 * length or -1. Coordinates stay unwrapped within the window. */
#define ASTAR_MORE (-2)

static void astar_begin(rz_attacker *a, int sx, int sy, int tx, int ty, cost_fn cost, bool timed) {
    rz_search *q = &a->srch;
    q->minx = (sx < tx ? sx : tx) - WINDOW, q->maxx = (sx > tx ? sx : tx) + WINDOW;
    q->miny = (sy < ty ? sy : ty) - WINDOW, q->maxy = (sy > ty ? sy : ty) + WINDOW;
    q->sx = sx, q->sy = sy, q->tx = tx, q->ty = ty;
    q->cost = cost;
    q->timed = timed;
    q->n = 0;
    q->ok = !(q->maxx - q->minx >= AM - 2 || q->maxy - q->miny >= AM - 2);
    if (!q->ok) return;
    q->s = ++a->search;
    int si = at(sx, sy);
    a->stamp[si] = q->s;
    a->gcost[si] = 0;
    a->from[si] = -1;
    heap_push(a, &q->n, iabs(sx - tx) + iabs(sy - ty), si);
}

static int astar_resume(rz_attacker *a, const void *ctx, int16_t *ox, int16_t *oy, int max) {
    rz_search *q = &a->srch;
    if (!q->ok) return -1;
    int s = q->s, tx = q->tx, ty = q->ty, minx = q->minx, maxx = q->maxx, miny = q->miny, maxy = q->maxy;
    int si = at(q->sx, q->sy), ti = at(tx, ty);
    cost_fn cost = q->cost;
    for (int pops = 1; q->n > 0; pops++) {
        if (q->timed && a->clock && (pops & 255) == 0 && a->clock->now_us() >= a->deadline_us) return ASTAR_MORE;
        int ci = heap_pop(a, &q->n);
        if (ci == ti) break;
        /* Unwrapped coordinates of each index are recovered relative to the window's corner. */
        int cx = minx + (((ci & AMASK) - minx) & AMASK), cy = miny + (((ci >> 9) - miny) & AMASK);
        int g = a->gcost[ci];
        static const int DX[4] = {0, 1, 0, -1}, DY[4] = {-1, 0, 1, 0};
        for (int k = 0; k < 4; k++) {
            int nx = cx + DX[k], ny = cy + DY[k];
            if (nx < minx || nx > maxx || ny < miny || ny > maxy) continue;
            int c = cost(a, cx, cy, nx, ny, ctx);
            if (c < 0) continue;
            int ni = at(nx, ny);
            int ng = g + c;
            if (a->stamp[ni] == s && a->gcost[ni] <= ng) continue;
            a->stamp[ni] = s;
            a->gcost[ni] = ng;
            a->from[ni] = ci;
            heap_push(a, &q->n, ng + iabs(nx - tx) + iabs(ny - ty), ni);
        }
    }
    q->ok = false; /* finished: a later resume fails at once */
    if (a->stamp[ti] != s) return -1;
    int len = 0;
    for (int i = ti; i != si; i = a->from[i]) len++;
    if (len > max) return -1;
    int k = len;
    for (int i = ti; i != si; i = a->from[i]) {
        k--;
        ox[k] = (int16_t)(minx + (((i & AMASK) - minx) & AMASK));
        oy[k] = (int16_t)(miny + (((i >> 9) - miny) & AMASK));
    }
    return len;
}

static int astar(rz_attacker *a, int sx, int sy, int tx, int ty, cost_fn cost, const void *ctx, int16_t *ox,
                 int16_t *oy, int max) {
    astar_begin(a, sx, sy, tx, ty, cost, false);
    return astar_resume(a, ctx, ox, oy, max);
}

/* Walking: blank is cheap, unknown a little dearer, a wire costs its hits. */
static int walk_cost(const rz_attacker *a, int fx, int fy, int x, int y, const void *ctx) {
    (void)ctx, (void)fx, (void)fy;
    uint8_t c = cell(a, x, y);
    if (c == 0) return 3;
    if (c == ' ') return 1;
    if (a->mine[at(x, y)] >= 2) return -1; /* never cut our own wire or a known source */
    if (is_wire(c) || is_flag(c)) return 2 + 2 * (RZ_DESTROY_DAMAGE - a->dmg[at(x, y)]);
    if (c == '0' + a->me - 1) return 1; /* our own agent's cell (stale) */
    return -1;                          /* agents, geysers, bases */
}

typedef struct {
    int gx, gy;        /* the enemy geyser (E may touch it) */
    int tx, ty;        /* the tap (T may touch the ring) */
} route_ctx;

/* Building: only cells that can be made blank, far from our own geysers. The builder clears the
 * orthogonal neighbours of every route cell (a wire crossing or running beside the route would
 * kill or split its electrons), so those cost their hits; diagonal touches are tolerated but
 * dear, and so is touching our own route elsewhere (a shortcut for the electrons). */
static int hits_of(const rz_attacker *a, int x, int y) { return RZ_DESTROY_DAMAGE - a->dmg[at(x, y)]; }

static int route_cost(const rz_attacker *a, int fx, int fy, int x, int y, const void *ctx) {
    const route_ctx *r = ctx;
    if (near_own_geyser(x, y) || a->mine[at(x, y)]) return -1;
    uint8_t c = cell(a, x, y);
    int cost;
    if (c == ' ' || c == '0' + a->me - 1) cost = 1;
    else if (c == 0) cost = 3;
    else if (is_wire(c) || is_flag(c)) cost = 2 + hits_of(a, x, y);
    else return -1;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            if (!dx && !dy) continue;
            int nx = x + dx, ny = y + dy;
            if (nx == fx && ny == fy) continue;
            uint8_t n = cell(a, nx, ny);
            bool ortho = !dx || !dy;
            int m = a->mine[at(nx, ny)];
            if (m == 3) {
                if (nx == r->tx && ny == r->ty) continue;
                if (!(x == r->tx && y == r->ty)) return -1; /* only the tap may touch a source */
                continue;
            }
            if (nx == r->tx && ny == r->ty) continue;
            if (m) { /* touching our own wire elsewhere makes a shortcut */
                cost += 12;
                continue;
            }
            /* Orthogonal neighbours are cleared when the builder stands here; diagonal ones are
             * cleared from the route's neighbouring cells, except the outer corner of a turn
             * (checked below). */
            if ((is_wire(n) || is_flag(n)) && ortho) cost += 3 + hits_of(a, nx, ny);
            else if (is_owned(n) && !(nx == r->gx && ny == r->gy) && n != '0' + a->me - 1) {
                /* Our own bases are welcome (that is the point); other owned cells are avoided. */
                if (n == 'n' + a->me - 1) continue;
                cost += 20;
            }
        }
    /* A turn at (fx, fy): the outer corner of the turn touches the route diagonally and is never
     * cleared, so a wire there would stay attached. */
    int fi = at(fx, fy);
    if (fx != INT_MIN && a->stamp[fi] == a->search && a->from[fi] >= 0) {
        int p = a->from[fi];
        int pdx = ((fx - (p & AMASK)) & AMASK), pdy = ((fy - (p >> 9)) & AMASK);
        pdx = pdx > AM / 2 ? pdx - AM : pdx;
        pdy = pdy > AM / 2 ? pdy - AM : pdy;
        if (pdx != x - fx || pdy != y - fy) {
            int ox = fx + pdx - (x - fx), oy = fy + pdy - (y - fy);
            uint8_t o = cell(a, ox, oy);
            if ((is_wire(o) || is_flag(o)) && !a->mine[at(ox, oy)]) cost += 60;
        }
    }
    /* Do not hug the path found so far (U-turns make shortcuts). */
    int i = fx == INT_MIN ? -1 : at(fx, fy);
    for (int k = 0; k < 40 && i >= 0 && a->stamp[i] == a->search; k++) {
        int px = i & AMASK, py = i >> 9;
        if (k >= 2 && iabs(((px - x) & AMASK) - (((px - x) & AMASK) > AM / 2 ? AM : 0)) <= 1 &&
            iabs(((py - y) & AMASK) - (((py - y) & AMASK) > AM / 2 ? AM : 0)) <= 1)
            cost += 30;
        i = a->from[i];
    }
    return cost;
}

/* ---------- loops (electron sources) ---------- */

/* Is the wire component through (x,y) a small closed ring? Then note a tap beside it. */
static void check_loop(rz_attacker *a, int x, int y) {
    int16_t qx[48], qy[48];
    int n = 0;
    qx[n] = (int16_t)x, qy[n] = (int16_t)y, n++;
    for (int h = 0; h < n; h++) {
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                if (!dx && !dy) continue;
                int nx = qx[h] + dx, ny = qy[h] + dy;
                uint8_t c = cell(a, nx, ny);
                if (c == 0) return; /* not fully seen */
                if (!is_wire(c)) continue;
                bool seen = false;
                for (int k = 0; k < n && !seen; k++) seen = qx[k] == nx && qy[k] == ny;
                if (seen) continue;
                if (n >= 40) return; /* too big for a loop */
                qx[n] = (int16_t)nx, qy[n] = (int16_t)ny, n++;
            }
    }
    if (n < 8) return;
    int minx = INT_MAX, maxx = INT_MIN, miny = INT_MAX, maxy = INT_MIN;
    for (int k = 0; k < n; k++) {
        int deg = 0;
        for (int j = 0; j < n; j++)
            if (j != k && iabs(qx[j] - qx[k]) <= 1 && iabs(qy[j] - qy[k]) <= 1) deg++;
        if (deg != 2) return;
        if (qx[k] < minx) minx = qx[k];
        if (qx[k] > maxx) maxx = qx[k];
        if (qy[k] < miny) miny = qy[k];
        if (qy[k] > maxy) maxy = qy[k];
    }
    /* Exactly the ring of its bounding box without the corners, as the generator draws loops
     * (rz_gen.c): anything else is not a dependable clock. */
    int bw = maxx - minx + 1, bh = maxy - miny + 1;
    if (bw < 4 || bh < 4 || bw > 9 || bh > 9 || n != 2 * (bw - 2) + 2 * (bh - 2)) return;
    for (int k = 0; k < n; k++) {
        bool side_row = (qy[k] == miny || qy[k] == maxy) && qx[k] > minx && qx[k] < maxx;
        bool side_col = (qx[k] == minx || qx[k] == maxx) && qy[k] > miny && qy[k] < maxy;
        if (!side_row && !side_col) return;
    }
    /* Already known? */
    for (int l = 0; l < a->nloops; l++)
        for (int k = 0; k < n; k++)
            if (iabs(a->loops[l].tx - qx[k]) <= 1 && iabs(a->loops[l].ty - qy[k]) <= 1) return;
    if (a->nloops >= MAX_LOOPS) return;
    /* A tap: beside a side cell whose ring neighbours are in a straight line. */
    for (int k = 0; k < n; k++) {
        int lx = qx[k], ly = qy[k];
        int nx = 0, ny = 0;
        if (ly == miny) ny = -1;
        else if (ly == maxy) ny = 1;
        else if (lx == minx) nx = -1;
        else if (lx == maxx) nx = 1;
        else continue;
        int sx = ny ? 1 : 0, sy = nx ? 1 : 0;
        bool straight = false;
        for (int j = 0; j < n; j++)
            if (qx[j] == lx + sx && qy[j] == ly + sy)
                for (int i = 0; i < n; i++)
                    if (qx[i] == lx - sx && qy[i] == ly - sy) straight = true;
        if (!straight) continue;
        int tx = lx + nx, ty = ly + ny, ux = tx + nx, uy = ty + ny;
        bool ok = cell(a, tx, ty) == ' ' && cell(a, ux, uy) == ' ';
        for (int dy = -1; dy <= 1 && ok; dy++)
            for (int dx = -1; dx <= 1 && ok; dx++) {
                uint8_t c = cell(a, ux + dx, uy + dy);
                if (c != ' ' && !(dx == -nx && dy == -ny)) ok = false; /* U's neighbours clear */
                uint8_t d = cell(a, tx + dx, ty + dy);
                bool ring = false;
                for (int j = 0; j < n; j++) ring |= qx[j] == tx + dx && qy[j] == ty + dy;
                if (!ring && d != ' ') ok = false;
            }
        if (!ok || near_own_geyser(tx, ty) || near_own_geyser(ux, uy)) continue;
        loop_tap *t = &a->loops[a->nloops++];
        *t = (loop_tap){tx, ty, ux, uy, sx, sy, n};
        for (int j = 0; j < n; j++) a->mine[at(qx[j], qy[j])] = 3; /* a source: never cut, never touched */
        return;
    }
}

static void scan(rz_attacker *a, const rz_view *v) {
    for (int i = 0; i < RZ_VIEWPORT_SQ; i++) {
        uint8_t c = v->c[i];
        int cx, cy;
        rz_attacker_view_cell(a, i, &cx, &cy);
        if (c >= 'a' && c <= 'j' && c != 'a' + a->me - 1 && !a->have_g) {
            a->have_g = true;
            a->gx = cx, a->gy = cy;
        }
        if (c == '*') check_loop(a, cx, cy);
    }
}

/* ---------- moving ---------- */

static int dir_to(int dx, int dy) {
    if (dx == 0 && dy == -1) return RZ_N;
    if (dx == 1 && dy == 0) return RZ_E;
    if (dx == 0 && dy == 1) return RZ_S;
    return RZ_W;
}

/* One action toward the adjacent cell (nx, ny); build instead of advance when `build`.
 * Returns the action byte. */
static int step(rz_attacker *a, const rz_view *v, int nx, int ny, bool build) {
    int want = dir_to(nx - a->x, ny - a->y);
    if (want != a->d) return ((a->d + 1) % 4 == want || (a->d + 2) % 4 == want) ? RZ_ACT_RIGHT : RZ_ACT_LEFT;
    uint8_t ahead = v->c[149];
    if (ahead == ' ') return build ? RZ_ACT_BUILD : RZ_ACT_ADVANCE;
    if (is_wire(ahead) || is_flag(ahead)) {
        if (a->mine[at(nx, ny)] >= 2) { /* our own wire or a source: never cut it */
            a->blocked++;
            return RZ_ACT_NOP;
        }
        return RZ_ACT_HIT;
    }
    a->blocked++;
    return RZ_ACT_NOP; /* an agent or an owned cell: wait */
}

/* ---------- planning ---------- */

enum { PLAN_FAIL = 0, PLAN_DONE, PLAN_MORE };

/* H: a cell next to one of our bases and not next to our geysers; two ahead of home first. */
static const int HC[8][2] = {{0, -2}, {-1, -2}, {1, -2}, {0, -1}, {-2, -2}, {2, -2}, {-2, -1}, {2, -1}};

/* Starts the first leg (E to H) from the next usable H after a->pl.h; false when none is left. */
static bool next_h(rz_attacker *a) {
    rz_plan *p = &a->pl;
    route_ctx rc = {p->gx, p->gy, p->tx, p->ty};
    for (p->h++; p->h < 8; p->h++) {
        p->hx = HC[p->h][0], p->hy = HC[p->h][1];
        if (route_cost(a, INT_MIN, INT_MIN, p->hx, p->hy, &rc) < 0) continue;
        astar_begin(a, a->ex, a->ey, p->hx, p->hy, route_cost, true);
        p->step = 1;
        return true;
    }
    p->step = 0;
    return false;
}

/* Chooses E and the loop and starts the search; false when there is no E. */
static bool plan_begin(rz_attacker *a) {
    a->tries++;
    for (int i = 0; i < AM * AM; i++) /* forget the old plan, keep what is built */
        if (a->mine[i] == 1) a->mine[i] = 0;
    /* E: a blank cell next to G, away from other wires and owned cells. */
    int best = INT_MAX;
    a->ex = a->ey = INT_MIN;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            int x = a->gx + dx, y = a->gy + dy;
            if (cell(a, x, y) != ' ') continue;
            int score = 0;
            for (int ey = -1; ey <= 1; ey++)
                for (int ex = -1; ex <= 1; ex++) {
                    if (!ex && !ey) continue;
                    uint8_t c = cell(a, x + ex, y + ey);
                    if (x + ex == a->gx && y + ey == a->gy) continue;
                    if (is_wire(c)) score += 3;
                    else if (is_owned(c)) score += 5;
                    else if (c == 0) score += 1;
                }
            if (score < best) best = score, a->ex = x, a->ey = y;
        }
    if (a->ex == INT_MIN) return false;
    /* The loop that pulls the flag home soonest: the flag moves one cell per electron over about
     * D cells, one electron per `period` ticks, and the wire from H to the tap costs ticks too. */
    int hx = 0, hy = -2, bl = -1, bd = INT_MAX;
    int D = iabs(a->ex - hx) + iabs(a->ey - hy);
    for (int l = 0; l < a->nloops; l++) {
        int dd = 3 * (iabs(a->loops[l].ux - hx) + iabs(a->loops[l].uy - hy)) + D * a->loops[l].period;
        if (dd < bd) bd = dd, bl = l;
    }
    rz_plan *p = &a->pl;
    p->loop = (bl + a->tries - 1) % a->nloops; /* a later try picks another loop */
    p->gx = a->gx, p->gy = a->gy, p->tx = a->loops[p->loop].tx, p->ty = a->loops[p->loop].ty;
    p->n = 0;
    a->rx[p->n] = (int16_t)a->ex, a->ry[p->n] = (int16_t)a->ey, p->n++;
    a->mine[at(a->ex, a->ey)] = 1;
    p->h = -1;
    return next_h(a);
}

/* One step of planning: the route E .. H .. U, T into rx/ry. Without a clock (the attacker) it
 * runs to the end; a timed search stops at a->deadline_us (PLAN_MORE) and goes on at the next call. */
static int plan_step(rz_attacker *a) {
    rz_plan *p = &a->pl;
    if (p->step == 0 && (!a->have_g || a->nloops == 0 || !plan_begin(a))) return PLAN_FAIL;
    loop_tap *L = &a->loops[p->loop];
    route_ctx rc = {p->gx, p->gy, p->tx, p->ty};
    int tail;
    for (;;) {
        if (p->step == 1) { /* E to H */
            int len = astar_resume(a, &rc, a->rx + p->n, a->ry + p->n, MAX_ROUTE / 2 - 4);
            if (len == ASTAR_MORE) return PLAN_MORE;
            if (len < 0) {
                if (!next_h(a)) return PLAN_FAIL;
                continue;
            }
            for (int k = 0; k < len; k++) a->mine[at(a->rx[p->n + k], a->ry[p->n + k])] = 1;
            p->len = len;
            astar_begin(a, p->hx, p->hy, L->ux, L->uy, route_cost, true);
            p->step = 2;
        }
        /* H to the loop */
        tail = astar_resume(a, &rc, a->rx + p->n + p->len, a->ry + p->n + p->len, MAX_ROUTE - p->n - p->len - 2);
        if (tail == ASTAR_MORE) return PLAN_MORE;
        if (tail >= 0) break;
        /* No way from this H to the loop (the first leg may have walled it in): the attacker gives
         * up this plan; with plan_all_h the next H is tried. */
        for (int k = 0; k < p->len; k++) a->mine[at(a->rx[p->n + k], a->ry[p->n + k])] = 0;
        if (!a->plan_all_h || !next_h(a)) {
            p->step = 0;
            return PLAN_FAIL;
        }
    }
    p->step = 0;
    int n = p->n + p->len + tail;
    a->rx[n] = (int16_t)L->tx, a->ry[n] = (int16_t)L->ty, n++;
    a->rn = n;
    a->ri = 0;
    for (int k = 0; k < n; k++)
        if (!a->mine[at(a->rx[k], a->ry[k])]) a->mine[at(a->rx[k], a->ry[k])] = 1;
    a->yx = L->tx + L->sx, a->yy = L->ty + L->sy;
    if (cell(a, a->yx, a->yy) != ' ') a->yx = L->tx - L->sx, a->yy = L->ty - L->sy;
    return PLAN_DONE;
}

/* ---------- phases ---------- */

/* The exploration spiral around H: legs up, right, down, left with arms SPACING, SPACING,
 * 2 SPACING, 2 SPACING, ... Each leg is walked through waypoints a few cells apart along it, so the
 * walk sweeps the leg's strip instead of cutting across ground already seen. */
static void next_leg(rz_attacker *a) {
    static const int DX[4] = {0, 1, 0, -1}, DY[4] = {-1, 0, 1, 0};
    if (!a->have_wp) a->lx = 0, a->ly = -2;
    else a->lx += DX[(a->leg - 1) % 4] * a->llen, a->ly += DY[(a->leg - 1) % 4] * a->llen;
    a->llen = SPACING * (a->leg / 2 + 1);
    if (a->llen > 2 * MAX_RADIUS) {
        a->leg = 0;
        a->llen = SPACING;
        a->lx = 0, a->ly = -2;
    }
    a->ldx = DX[a->leg % 4], a->ldy = DY[a->leg % 4];
    a->lk = 0;
    a->leg++;
    a->have_wp = true;
    a->leg_ticks = 0;
}

/* The current waypoint: a few cells further along the leg than the last one reached. */
static void waypoint(rz_attacker *a) {
    int k = a->lk + 5 < a->llen ? a->lk + 5 : a->llen;
    a->wx = a->lx + a->ldx * k;
    a->wy = a->ly + a->ldy * k;
}

/* Walks toward (tx, ty) along a cached path; plans again when the target changes, when we are off
 * the path, when the next cell became impassable, or every 32 ticks (the map grows). */
int rz_attacker_go_to(rz_attacker *a, const rz_view *v, int tx, int ty) {
    if (a->pi < a->pn && a->x == a->px[a->pi] && a->y == a->py[a->pi]) a->pi++;
    bool on_path = a->pi < a->pn && a->ptx == tx && a->pty == ty &&
                   iabs(a->px[a->pi] - a->x) + iabs(a->py[a->pi] - a->y) == 1 &&
                   walk_cost(a, a->x, a->y, a->px[a->pi], a->py[a->pi], NULL) >= 0;
    if (!on_path || a->tick - a->planned_at >= 32) {
        a->pn = astar(a, a->x, a->y, tx, ty, walk_cost, NULL, a->px, a->py, MAX_ROUTE);
        a->pi = 0;
        a->ptx = tx, a->pty = ty;
        a->planned_at = a->tick;
        if (a->pn <= 0) return -1;
    }
    return step(a, v, a->px[a->pi], a->py[a->pi], false);
}

static int explore(rz_attacker *a, const rz_view *v) {
    if (!a->have_wp) next_leg(a);
    for (int guard = 0; guard < 16; guard++) {
        waypoint(a);
        bool reached = a->x == a->wx && a->y == a->wy;
        if (reached || a->leg_ticks > 40) {
            /* Reached, or too slow: the next waypoint along the leg. */
            a->lk = a->lk + 5 < a->llen ? a->lk + 5 : a->llen;
            a->leg_ticks = 0;
            if (a->lk >= a->llen && (reached || a->leg_ticks == 0)) next_leg(a);
            continue;
        }
        int act = rz_attacker_go_to(a, v, a->wx, a->wy);
        if (act >= 0) return act;
        a->leg_ticks = 1000; /* unreachable: skip it */
    }
    return RZ_ACT_RIGHT;
}

static bool needs_clear(const rz_attacker *a, int x, int y) {
    uint8_t c = cell(a, x, y);
    return (is_wire(c) || is_flag(c)) && a->mine[at(x, y)] != 2 && a->mine[at(x, y)] != 3;
}

static int build_route(rz_attacker *a, const rz_view *v) {
    /* Where are we on the route? */
    while (a->ri + 1 < a->rn && !(a->x == a->rx[a->ri] && a->y == a->ry[a->ri])) {
        if (a->x == a->rx[a->ri + 1] && a->y == a->ry[a->ri + 1]) a->ri++;
        else break;
    }
    if (!(a->x == a->rx[a->ri] && a->y == a->ry[a->ri])) return -1; /* off the route: replan */
    bool last = a->ri + 1 >= a->rn;
    int nx = last ? a->yx : a->rx[a->ri + 1], ny = last ? a->yy : a->ry[a->ri + 1];
    if (last && cell(a, nx, ny) != ' ') return -1;
    if (!last && !a->sloppy) {
        /* Clear the orthogonal neighbours of this cell (not the route's own), nearest turn first. */
        int px = a->ri ? a->rx[a->ri - 1] : INT_MIN, py = a->ri ? a->ry[a->ri - 1] : INT_MIN;
        static const int ORDER[4] = {0, 1, 3, 2}; /* ahead, right, left, behind */
        for (int o = 0; o < 4; o++) {
            int d = (a->d + ORDER[o]) % 4;
            int cx = a->x + RZ_FWD[d][0], cy = a->y + RZ_FWD[d][1];
            if ((cx == px && cy == py) || (cx == nx && cy == ny)) continue;
            if (needs_clear(a, cx, cy)) return step(a, v, cx, cy, false);
        }
    }
    return step(a, v, nx, ny, true);
}

int rz_attacker_decide(rz_attacker *a, const rz_view *v) {
    a->phase_ticks++;
    a->leg_ticks++;
    switch (a->phase) {
    case PH_EXPLORE:
        if (a->pl.step || (a->have_g && a->nloops > 0 && a->tick % 10 == 0)) {
            int r = plan_step(a);
            if (r == PLAN_MORE) return RZ_ACT_RIGHT; /* planning goes on next tick: look around */
            if (r == PLAN_DONE) {
                a->phase = PH_GOTO_E;
                a->phase_ticks = 0;
            }
        }
        return explore(a, v);
    case PH_GOTO_E: {
        if (a->x == a->ex && a->y == a->ey) {
            a->phase = PH_BUILD;
            a->phase_ticks = 0;
            a->blocked = 0;
            return rz_attacker_decide(a, v);
        }
        int act = a->phase_ticks < 3000 ? rz_attacker_go_to(a, v, a->ex, a->ey) : -1;
        if (act >= 0) return act;
        a->phase = PH_EXPLORE;
        return explore(a, v);
    }
    case PH_BUILD: {
        if (a->x == a->yx && a->y == a->yy && a->ri == a->rn - 1) {
            a->phase = PH_LEAVE;
            a->phase_ticks = 0;
            return rz_attacker_decide(a, v);
        }
        int act = a->blocked < 40 && a->phase_ticks < 4000 ? build_route(a, v) : -1;
        if (act >= 0) return act;
        /* Blocked for good: plan again from scratch (the built part stays as it is). */
        a->phase = PH_EXPLORE;
        a->have_g = a->tries < 6;
        return explore(a, v);
    }
    case PH_LEAVE:
        /* Two steps away from the tap, then stand still. */
        if (a->phase_ticks > 6) {
            a->phase = PH_IDLE;
            return RZ_ACT_NOP;
        }
        if (v->c[149] == ' ') {
            int fx = a->x + RZ_FWD[a->d][0], fy = a->y + RZ_FWD[a->d][1];
            if (!a->mine[at(fx, fy)]) return RZ_ACT_ADVANCE;
        }
        return RZ_ACT_RIGHT;
    default:
        return RZ_ACT_NOP;
    }
}

void rz_attacker_see(rz_attacker *a, const rz_view *v) {
    if (a->tick == 0) {
        a->me = v->c[162] - '0' + 1;
        a->last_act = -1;
    } else if (v->ack == RZ_ACK_OK) {
        /* Dead reckoning: the ack tells whether our last move happened. */
        if (a->last_act == RZ_ACT_ADVANCE || a->last_act == RZ_ACT_BUILD) {
            if (a->last_act == RZ_ACT_BUILD) a->mine[at(a->x, a->y)] = 2; /* built */
            a->x += RZ_FWD[a->d][0];
            a->y += RZ_FWD[a->d][1];
        } else if (a->last_act == RZ_ACT_RIGHT) {
            a->d = (a->d + 1) % 4;
        } else if (a->last_act == RZ_ACT_LEFT) {
            a->d = (a->d + 3) % 4;
        }
    }
    a->tick++;
    observe(a, v);
    scan(a, v);
}

bool rz_attacker_act(void *memory, const void *view, void *action, rng_t *rng) {
    (void)rng;
    rz_attacker *a = memory;
    const rz_view *v = view;
    rz_action *out = action;
    rz_attacker_see(a, v);
    int act = rz_attacker_decide(a, v);
    a->last_act = act;
    out->ts = v->ts;
    out->act = (uint8_t)act;
    return true;
}
