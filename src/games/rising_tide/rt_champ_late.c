/* rt_champ_late.c: the champion's late-game guard. Land is short late in the game: the island around
 * the city is a block of 8s with a few holes (cells below 8), and every bot that wants land fills a
 * hole from one of its neighbours, so the holes wander; a ring cell next to water that a bot digs into
 * a hole beside it floods in the same round once it is low enough (Rising Tide R7: 100 h < r). The
 * rules alone would shuttle a hole between two neighbours of such a cell until a bot digs it, so from
 * round RT_LATE on every move of rings 1 to 3 is tried one round ahead against samples of the other
 * seats' moves and of the order (common to all the candidates), and the position it leaves is judged
 * by the holes near the ring: beside a ring cell next to water, two or three steps from one (we move
 * a hole only when we move first, so it is pushed away a step at a time), or inside the ring. */
#include "rt_champ.h"
#include <stdint.h>
#include <string.h>

#define TOP 8
#define SAMPLES 16
#define DEATH 1000000

#define W2 30 /* a hole two steps from a ring cell next to water */
#define W3 6  /* three steps */
/* Late in the game there is often a single hole near the city, and every bot that wants land fills
 * it from a neighbour it picks: the hole walks. Only when we move first do we pick its next cell, so
 * the holes two or three steps from a ring cell next to water count too (the gradient that makes us
 * push them away, a step at a time, before they come beside it). */
static int drift(const int8_t (*b)[RT_N]) {
    int wet[8][2], nw = 0, d = 0;
    for (int i = 4; i <= 6; i++)
        for (int j = 4; j <= 6; j++)
            if (!rt_is_city(i, j) && b[i][j] != RT_FLOODED && rt_near_water(b, i, j)) wet[nw][0] = i, wet[nw++][1] = j;
    if (!nw) return 0;
    for (int i = 1; i <= 9; i++)
        for (int j = 1; j <= 9; j++) {
            if (rt_is_city(i, j) || b[i][j] == RT_FLOODED || b[i][j] >= TOP) continue;
            int k = 9;
            for (int x = 0; x < nw; x++) {
                int di = i > wet[x][0] ? i - wet[x][0] : wet[x][0] - i, dj = j > wet[x][1] ? j - wet[x][1] : wet[x][1] - j;
                int c = di > dj ? di : dj;
                if (c < k) k = c;
            }
            d += k == 2 ? W2 : k == 3 ? W3 : 0;
        }
    return d;
}

/* How exposed the ring is at the start of round r (the higher, the worse): for each ring cell next
 * to water, the room the holes beside it offer (one unit a seat at most, 3 seats), a great deal if
 * that is enough to bring it down to a height that floods; holes beside the other ring cells count
 * less, more if they are next to water (they flood and bring the water to the ring). */
static int danger(const int8_t (*b)[RT_N], int r) {
    int d = 0, sinks = (r - 1) / 100; /* the highest cell that floods in round r */
    for (int i = 4; i <= 6; i++)
        for (int j = 4; j <= 6; j++) {
            if (rt_is_city(i, j) || b[i][j] == RT_FLOODED) continue;
            bool wet = rt_near_water(b, i, j);
            int room = 0, holes = 0;
            for (int p = i - 1; p <= i + 1; p++)
                for (int q = j - 1; q <= j + 1; q++) {
                    if ((p == i && q == j) || rt_is_city(p, q) || b[p][q] == RT_FLOODED || b[p][q] >= TOP) continue;
                    room += TOP - b[p][q];
                    holes += wet ? 100 : rt_near_water(b, p, q) ? 10 : 2;
                }
            if (!wet) {
                /* each unit it lacks counts: a ring cell dug low, even away from the water, floods in
                 * the round the water first touches it (the guard once dug one to 4 to fill holes
                 * beside it) */
                if (b[i][j] < TOP) d += 20 + 40 * (TOP - 1 - b[i][j]) + (b[i][j] <= sinks ? 300 : 0);
                d += holes;
                continue;
            }
            int cap = room < RT_SEATS - 1 ? room : RT_SEATS - 1, margin = b[i][j] - sinks;
            d += holes + 50 * (TOP - b[i][j]);
            if (cap >= margin) d += 1000 * (cap - margin + 1);
        }
    return d + drift(b);
}

typedef struct {
    rt_action mv[RT_SEATS]; /* the other seats' moves (view coordinates); [0] unused */
    int order[RT_SEATS], n;  /* the alive seats in execution order (0: ours) */
} sample;

/* One round on b with our move a in sample s: the moves, then the flooding near the city (the only
 * part the danger reads); DEATH if a ring cell floods, else the danger of the next round's start. */
static int play(const int8_t (*v)[RT_N], const uint8_t (*nw)[RT_N], int r, const sample *s, const rt_action *a) {
    int8_t b[RT_N][RT_N];
    memcpy(b, v, sizeof b);
    for (int x = 0; x < s->n; x++) {
        const rt_action *m = s->order[x] == 0 ? a : &s->mv[s->order[x]];
        if (m->kind != RT_MOVE || !rt_legal(b, false, m->i1, m->j1, m->i2, m->j2)) continue;
        b[m->i1][m->j1]--, b[m->i2][m->j2]++;
    }
    int flood[81], n = 0;
    for (int i = 1; i <= 9; i++)
        for (int j = 1; j <= 9; j++)
            if (nw[i][j] && b[i][j] != RT_FLOODED && 100 * b[i][j] < r) {
                if (rt_champ_ring(i, j) == 1) return DEATH;
                flood[n++] = i * RT_N + j;
            }
    for (int x = 0; x < n; x++) b[flood[x] / RT_N][flood[x] % RT_N] = RT_FLOODED;
    return danger((const int8_t(*)[RT_N])b, r + 1);
}

/* The sum over the samples, given up once it reaches `stop` (it cannot win). */
static int64_t score(const int8_t (*v)[RT_N], uint8_t (*nw)[RT_N], int r, const sample *s, const rt_action *a,
                     int64_t stop) {
    int64_t d = 0;
    for (int k = 0; k < SAMPLES && d < stop; k++) d += play(v, (const uint8_t(*)[RT_N])nw, r, &s[k], a);
    return d;
}

void rt_champ_late(const int8_t (*v)[RT_N], int r, const rt_champ_belief *bf, rng_t *rng, rt_action *a) {
    uint8_t nw[RT_N][RT_N];
    rt_champ_near_water(v, nw);
    /* Every seat not seen digging is played as a nearby bot: late, a nearby bot and we often fill
     * the same hole, and the one that moves second is skipped, so the watcher sees neither of us
     * heap land and takes the bot for a passer (its share of nearby fell to 25% in lost games);
     * a passer taken for a nearby bot only makes the guard more careful. */
    rt_champ_belief lb = *bf;
    for (int k = 1; k < RT_SEATS; k++)
        if (lb.near[k] < 100 - lb.dig[k]) lb.near[k] = 100 - lb.dig[k];
    bf = &lb;
    sample s[SAMPLES];
    rt_champ_lists l; /* every sample is drawn on the same board */
    rt_champ_lists_init(&l, v, (const uint8_t(*)[RT_N])nw);
    for (int k = 0; k < SAMPLES; k++) {
        s[k].n = 0;
        for (int x = 0; x < RT_SEATS; x++) {
            s[k].mv[x].kind = RT_PASS;
            if (v[RT_CITY[x][0]][RT_CITY[x][1]] == RT_FLOODED) continue;
            s[k].order[s[k].n++] = x;
            if (x == 0) continue;
            rt_champ_model_move(&l, x, rt_champ_model_of(bf, x, (int)rng_below(rng, 100)), rng, &s[k].mv[x]);
        }
        for (int x = s[k].n - 1; x > 0; x--) {
            int y = (int)rng_below(rng, (uint32_t)(x + 1)), t = s[k].order[x];
            s[k].order[x] = s[k].order[y], s[k].order[y] = t;
        }
    }
    /* The rule move first (it keeps its place unless another is strictly better), then a pass, then
     * every legal move of rings 1 to 3 (rows and columns 2 to 8). */
    rt_action best = *a;
    int64_t bd = score(v, nw, r, s, a, INT64_MAX);
    rt_action c = {RT_PASS, 0, 0, 0, 0};
    int64_t d = score(v, nw, r, s, &c, bd);
    if (d < bd) bd = d, best = c;
    for (int i = 2; i <= 8; i++)
        for (int j = 2; j <= 8; j++)
            for (int p = i - 1; p <= i + 1; p++)
                for (int q = j - 1; q <= j + 1; q++) {
                    if (rt_champ_ring(p, q) > 3 || !rt_legal(v, false, i, j, p, q)) continue;
                    c = (rt_action){RT_MOVE, i, j, p, q};
                    d = score(v, nw, r, s, &c, bd);
                    if (d < bd) bd = d, best = c;
                }
    *a = best;
}
