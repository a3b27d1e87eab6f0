/* rt_champ_model.c: the sample bots as the champion sees them, on its own view: trench_tunis and
 * nearby_new_orleans (Rising Tide D14: the same choice and the same odds as rt_bots.c, drawn in
 * another order), and the belief of which of them each other seat behaves like. */
#include "rt_champ.h"
#include <limits.h>
#include <string.h>

#define on_board rt_champ_on_board

static bool can_receive(const int8_t (*b)[RT_N], int i, int j) {
    return on_board(i, j) && b[i][j] != RT_FLOODED && b[i][j] <= 7 && !rt_champ_is_city(i, j);
}

static bool can_give(const int8_t (*b)[RT_N], int i, int j) {
    return on_board(i, j) && b[i][j] >= 1 && !rt_champ_is_city(i, j);
}

/* The cells next to (i, j) that can take (give = false) or give (give = true) a unit; with
 * pick >= 0, the pick-th one in (*pi, *pj). */
static int neighbours(const int8_t (*b)[RT_N], int i, int j, bool give, int pick, int *pi, int *pj) {
    int n = 0;
    for (int a = i - 1; a <= i + 1; a++)
        for (int c = j - 1; c <= j + 1; c++) {
            if ((a == i && c == j) || !(give ? can_give(b, a, c) : can_receive(b, a, c))) continue;
            if (n++ == pick) *pi = a, *pj = c;
        }
    return n;
}

int rt_champ_coast_dist(const int8_t (*b)[RT_N], int ci, int cj) {
    int md = 1000000;
    for (int i = 0; i < RT_N; i++)
        for (int j = 0; j < RT_N; j++)
            if (b[i][j] != RT_FLOODED && !rt_champ_is_city(i, j) && rt_near_water(b, i, j) && rt_champ_dist(i, j, ci, cj) < md)
                md = rt_champ_dist(i, j, ci, cj);
    return md;
}

void rt_champ_near_water(const int8_t (*b)[RT_N], uint8_t nw[RT_N][RT_N]) {
    memset(nw, 0, RT_CELLS);
    for (int i = 0; i < RT_N; i++) nw[i][0] = nw[i][RT_N - 1] = nw[0][i] = nw[RT_N - 1][i] = 1;
    for (int i = 0; i < RT_N; i++)
        for (int j = 0; j < RT_N; j++)
            if (b[i][j] == RT_FLOODED)
                for (int a = i - 1; a <= i + 1; a++)
                    for (int c = j - 1; c <= j + 1; c++)
                        if (on_board(a, c) && (a != i || c != j)) nw[a][c] = 1;
}

/* trench_tunis's score of a source for seat k: the distance to the nearest other city, if the
 * cell is next to water and can give; INT_MAX otherwise. */
static int dig_score(const int8_t (*b)[RT_N], const uint8_t (*nw)[RT_N], int k, int i, int j) {
    if (!nw[i][j] || !can_give(b, i, j)) return INT_MAX;
    int s = INT_MAX;
    for (int c = 0; c < RT_SEATS; c++)
        if (c != k) {
            int d = rt_champ_dist(i, j, RT_CITY[c][0], RT_CITY[c][1]);
            if (d < s) s = d;
        }
    return s;
}

/* nearby_new_orleans's score of a destination for seat k: its distance to the city. */
static int near_score(const int8_t (*b)[RT_N], int k, int i, int j) {
    if (!can_receive(b, i, j)) return INT_MAX;
    return rt_champ_dist(i, j, RT_CITY[k][0], RT_CITY[k][1]);
}

/* Scores every cell, keeps those with moves (a receiver next to a digger's source, a giver next to
 * a nearby bot's destination); returns the best score, the number of moves with it in *count. */
static int best_cells(const int8_t (*b)[RT_N], const uint8_t (*nw)[RT_N], int k, bool dig, int score[RT_N][RT_N],
                      int *count) {
    int best = INT_MAX;
    *count = 0;
    for (int i = 0; i < RT_N; i++)
        for (int j = 0; j < RT_N; j++) {
            int s = dig ? dig_score(b, nw, k, i, j) : near_score(b, k, i, j);
            score[i][j] = INT_MAX;
            if (s == INT_MAX || s > best) continue;
            int n = neighbours(b, i, j, !dig, -1, NULL, NULL);
            if (!n) continue;
            score[i][j] = s;
            if (s < best) best = s, *count = 0;
            *count += n;
        }
    return best;
}

/* The cells one model scores (a digger's sources next to water; a nearby bot's destinations), in
 * row-major order as best_cells scores them; how many moves each has is counted when needed. */
static void collect(const int8_t (*b)[RT_N], const uint8_t (*nw)[RT_N], bool dig, rt_champ_cands *l) {
    l->n = 0;
    for (int i = 0; i < RT_N; i++)
        for (int j = 0; j < RT_N; j++) {
            if (dig ? !nw[i][j] || !can_give(b, i, j) : !can_receive(b, i, j)) continue;
            l->cell[l->n] = (int16_t)(i * RT_N + j);
            l->count[l->n++] = -1;
        }
}

/* The moves of list cell x (a digger's receivers, a nearby bot's givers), counted once. */
static int moves_of(const int8_t (*b)[RT_N], rt_champ_cands *l, int x, bool dig) {
    if (l->count[x] < 0) l->count[x] = (int8_t)neighbours(b, l->cell[x] / RT_N, l->cell[x] % RT_N, !dig, -1, NULL, NULL);
    return l->count[x];
}

/* Uniform among the moves of the best cells of list l for seat k (as best_cells scores them: the
 * best score among the cells that have moves). No such move: a pass (the samples would then move
 * at random; rare, and harmless to leave out of a look ahead). */
static bool pick(const rt_champ_lists *ls, rt_champ_cands *l, int k, bool dig, rng_t *rng, rt_action *a) {
    const int8_t(*b)[RT_N] = ls->b;
    int score[RT_CELLS], best = INT_MIN, count = 0;
    for (int x = 0; x < l->n; x++) {
        int i = l->cell[x] / RT_N, j = l->cell[x] % RT_N, s = INT_MAX;
        if (!dig) s = rt_champ_dist(i, j, RT_CITY[k][0], RT_CITY[k][1]);
        else
            for (int c = 0; c < RT_SEATS; c++)
                if (c != k) {
                    int d = rt_champ_dist(i, j, RT_CITY[c][0], RT_CITY[c][1]);
                    if (d < s) s = d;
                }
        score[x] = s;
    }
    a->kind = RT_PASS;
    while (!count) { /* the next score up, until one of its cells has a move */
        int floor = best;
        best = INT_MAX;
        for (int x = 0; x < l->n; x++)
            if (score[x] > floor && score[x] < best) best = score[x];
        if (best == INT_MAX) return false;
        for (int x = 0; x < l->n; x++)
            if (score[x] == best) count += moves_of(b, l, x, dig);
    }
    uint32_t p = rng_below(rng, (uint32_t)count);
    for (int x = 0; x < l->n; x++) {
        if (score[x] != best) continue;
        if (p >= (uint32_t)l->count[x]) {
            p -= (uint32_t)l->count[x];
            continue;
        }
        int i = l->cell[x] / RT_N, j = l->cell[x] % RT_N, pi = 0, pj = 0;
        neighbours(b, i, j, !dig, (int)p, &pi, &pj);
        *a = dig ? (rt_action){RT_MOVE, i, j, pi, pj} : (rt_action){RT_MOVE, pi, pj, i, j};
        return true;
    }
    return false;
}

void rt_champ_lists_init(rt_champ_lists *l, const int8_t (*b)[RT_N], const uint8_t (*nw)[RT_N]) {
    l->b = b, l->nw = nw, l->has_dig = l->has_near = false;
}

bool rt_champ_model_move(rt_champ_lists *l, int k, int model, rng_t *rng, rt_action *a) {
    a->kind = RT_PASS;
    if (model == RT_MODEL_PASS) return false;
    bool dig = model == RT_MODEL_DIG;
    bool *has = dig ? &l->has_dig : &l->has_near;
    rt_champ_cands *c = dig ? &l->dig : &l->near;
    if (!*has) collect(l->b, l->nw, dig, c), *has = true;
    return pick(l, c, k, dig, rng, a);
}

bool rt_champ_digger(const int8_t (*b)[RT_N], const uint8_t (*nw)[RT_N], int k, rng_t *rng, rt_action *a) {
    rt_champ_lists l;
    rt_champ_lists_init(&l, b, nw);
    return rt_champ_model_move(&l, k, RT_MODEL_DIG, rng, a);
}

/* Percent moving average: a fifth new evidence a round. */
static int average(int old, bool seen) { return (old * 4 + (seen ? 100 : 0)) / 5; }

void rt_champ_watch(rt_champ_memory *m, const int8_t (*now)[RT_N]) {
    rt_champ_belief *bf = &m->belief;
    if (!m->seen) {
        for (int k = 0; k < RT_SEATS; k++) bf->dig[k] = 100, bf->near[k] = 0;
        return;
    }
    /* What the others did: the change of every cell dry before and after, our move taken out. */
    int d[RT_N][RT_N];
    for (int i = 0; i < RT_N; i++)
        for (int j = 0; j < RT_N; j++)
            d[i][j] = m->prev[i][j] == RT_FLOODED || now[i][j] == RT_FLOODED ? 0 : now[i][j] - m->prev[i][j];
    const rt_action *l = &m->last;
    if (l->kind == RT_MOVE && on_board(l->i1, l->j1) && on_board(l->i2, l->j2)) d[l->i1][l->j1]++, d[l->i2][l->j2]--;
    uint8_t nw[RT_N][RT_N];
    rt_champ_near_water(m->prev, nw);
    bool target[RT_N][RT_N] = {{false}}; /* the coast cells some seat's digger would dig */
    for (int k = 1; k < RT_SEATS; k++) {
        if (m->prev[RT_CITY[k][0]][RT_CITY[k][1]] == RT_FLOODED) continue;
        int score[RT_N][RT_N], count;
        bool dug = false, heaped = false;
        int best = best_cells(m->prev, nw, k, true, score, &count);
        for (int i = 0; i < RT_N; i++)
            for (int j = 0; j < RT_N; j++)
                if (count && score[i][j] == best) {
                    target[i][j] = true;
                    if (d[i][j] < 0) dug = true;
                }
        best = best_cells(m->prev, nw, k, false, score, &count);
        for (int i = 0; i < RT_N; i++)
            for (int j = 0; j < RT_N; j++)
                if (count && score[i][j] == best && d[i][j] > 0) heaped = true;
        bf->dig[k] = average(bf->dig[k], dug);
        bf->near[k] = average(bf->near[k], heaped);
    }
    /* The units dug from those coasts: a cell dry before and flooded now lost its last unit (a cell
     * of height 1 dug floods at once, R7), unless it was our source. */
    int digs = 0;
    for (int i = 0; i < RT_N; i++)
        for (int j = 0; j < RT_N; j++)
            if (target[i][j] && now[i][j] == RT_FLOODED)
                digs += m->prev[i][j] == 1 && !(l->kind == RT_MOVE && l->i1 == i && l->j1 == j);
            else if (target[i][j] && d[i][j] < 0)
                digs -= d[i][j];
    m->three_digs += digs >= 3;
}
