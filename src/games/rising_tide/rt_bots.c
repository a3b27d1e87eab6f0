/* rt_bots.c: the six sample bots (ported for distribution, Rising Tide D14), seawall_sydney, and the
 * table of built-ins (the champion lives in rt_champion.c). */
#include "rt_champ.h"
#include <limits.h>
#include <stdlib.h>
#include <string.h>

static const int DIRS[8][2] = {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}};

typedef struct {
    int8_t i1, j1, i2, j2;
} mv;

/* The legal move list in its fixed order (ascending i1, j1, i2, j2). Returns the count. */
static int list_moves(const int8_t (*v)[RT_N], mv *out) {
    int n = 0;
    for (int i = 0; i < RT_N; i++)
        for (int j = 0; j < RT_N; j++) {
            if (v[i][j] < 1 || rt_is_city(i, j)) continue;
            for (int d = 0; d < 8; d++) {
                int a = i + DIRS[d][0], b = j + DIRS[d][1];
                if (rt_legal_original(v, i, j, a, b)) out[n++] = (mv){(int8_t)i, (int8_t)j, (int8_t)a, (int8_t)b};
            }
        }
    return n;
}

static bool play(rt_action *a, mv m) {
    a->kind = RT_MOVE;
    a->i1 = m.i1;
    a->j1 = m.j1;
    a->i2 = m.i2;
    a->j2 = m.j2;
    return true;
}

static bool pass(rt_action *a) {
    a->kind = RT_PASS;
    return true;
}

/* Uniform choice among the moves with the minimum score (INT_MAX = not qualifying); if no move
 * qualifies, uniform among all of them. */
static bool choose_min(rt_action *a, const mv *m, const int *score, int n, rng_t *rng) {
    if (n == 0) return pass(a);
    int best = INT_MAX, k = 0;
    for (int x = 0; x < n; x++)
        if (score[x] < best) best = score[x], k = 0;
    for (int x = 0; x < n; x++)
        if (score[x] == best) k++;
    if (best == INT_MAX) return play(a, m[rng_below(rng, (uint32_t)n)]);
    uint32_t pick = rng_below(rng, (uint32_t)k); /* the pick-th of the k moves scoring best */
    int x = 0;
    while (score[x] != best || pick-- != 0) x++;
    return play(a, m[x]);
}

static bool pass_perth(void *mem, const void *view, void *action, rng_t *rng) {
    (void)mem, (void)view, (void)rng;
    return pass(action);
}

/* Draws (cell, direction) uniformly and retries until legal: conditioned on success that is
 * uniform over legal moves. After 64 misses the exact listing takes over, which is also uniform,
 * so the mixture is exactly uniform. */
static bool random_rizhao(void *mem, const void *view, void *action, rng_t *rng) {
    (void)mem;
    const rt_view *v = view;
    for (int tries = 0; tries < 64; tries++) {
        uint32_t x = rng_below(rng, RT_CELLS * 8);
        int cell = (int)(x >> 3), d = (int)(x & 7);
        int i = cell / RT_N, j = cell % RT_N;
        int a = i + DIRS[d][0], b = j + DIRS[d][1];
        if (rt_legal_original(v->cell, i, j, a, b))
            return play(action, (mv){(int8_t)i, (int8_t)j, (int8_t)a, (int8_t)b});
    }
    mv m[RT_CELLS * 8];
    int n = list_moves(v->cell, m);
    if (n == 0) return pass(action);
    return play(action, m[rng_below(rng, (uint32_t)n)]);
}

static bool nearby_new_orleans(void *mem, const void *view, void *action, rng_t *rng) {
    (void)mem;
    const rt_view *v = view;
    mv m[RT_CELLS * 8];
    int score[RT_CELLS * 8];
    int n = list_moves(v->cell, m);
    for (int x = 0; x < n; x++) score[x] = rt_dist(m[x].i2, m[x].j2, 5, 5);
    return choose_min(action, m, score, n, rng);
}

static bool trench_tunis(void *mem, const void *view, void *action, rng_t *rng) {
    (void)mem;
    const rt_view *v = view;
    mv m[RT_CELLS * 8];
    int score[RT_CELLS * 8];
    int n = list_moves(v->cell, m);
    for (int x = 0; x < n; x++) {
        score[x] = INT_MAX;
        if (!rt_near_water(v->cell, m[x].i1, m[x].j1)) continue;
        for (int c = 1; c < RT_SEATS; c++) {
            int d = rt_dist(m[x].i1, m[x].j1, RT_CITY[c][0], RT_CITY[c][1]);
            if (d < score[x]) score[x] = d;
        }
    }
    return choose_min(action, m, score, n, rng);
}

static bool border_barcelona(void *mem, const void *view, void *action, rng_t *rng) {
    (void)mem;
    const rt_view *v = view;
    mv m[RT_CELLS * 8];
    int score[RT_CELLS * 8];
    int n = list_moves(v->cell, m);
    for (int x = 0; x < n; x++)
        score[x] = rt_near_water(v->cell, m[x].i2, m[x].j2) && !rt_near_water(v->cell, m[x].i1, m[x].j1)
                       ? 0 : INT_MAX;
    return choose_min(action, m, score, n, rng);
}

static bool level_los_angeles(void *mem, const void *view, void *action, rng_t *rng) {
    (void)mem;
    const rt_view *v = view;
    mv m[RT_CELLS * 8];
    int score[RT_CELLS * 8];
    int n = list_moves(v->cell, m);
    for (int x = 0; x < n; x++) {
        bool q = m[x].i1 < 10 && m[x].j1 < 10 && m[x].i2 < 10 && m[x].j2 < 10 &&
                 v->cell[m[x].i1][m[x].j1] > v->cell[m[x].i2][m[x].j2];
        score[x] = q ? 0 : INT_MAX;
    }
    return choose_min(action, m, score, n, rng);
}

static int ring(int i, int j) {
    int a = abs(i - 5), b = abs(j - 5);
    return a > b ? a : b;
}

/* Lexicographic comparison of two key arrays. */
static int key_cmp(const int *a, const int *b, int n) {
    for (int i = 0; i < n; i++)
        if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
    return 0;
}

/* seawall_sydney: plug the nearest coast, else build the ring around the city (deterministic). */
static bool seawall_sydney(void *mem, const void *view, void *action, rng_t *rng) {
    (void)mem, (void)rng;
    const rt_view *v = view;
    mv m[RT_CELLS * 8];
    int n = list_moves(v->cell, m);
    int md = INT_MAX;
    for (int i = 0; i < RT_N; i++)
        for (int j = 0; j < RT_N; j++)
            if (v->cell[i][j] != RT_FLOODED && !rt_is_city(i, j) && rt_near_water(v->cell, i, j)) {
                int d = rt_dist(i, j, 5, 5);
                if (d < md) md = d;
            }
    int best = -1, bk[6] = {0}, key[7] = {0};
    if (md != INT_MAX) {
        for (int x = 0; x < n; x++) {
            int di = m[x].i2, dj = m[x].j2, si = m[x].i1, sj = m[x].j1;
            if (!rt_near_water(v->cell, di, dj) || rt_dist(di, dj, 5, 5) != md) continue;
            if (rt_near_water(v->cell, si, sj) && rt_dist(si, sj, 5, 5) <= md) continue;
            int k[6] = {v->cell[di][dj], -v->cell[si][sj], si, sj, di, dj};
            if (best < 0 || key_cmp(k, bk, 6) < 0) best = x, memcpy(bk, k, sizeof bk);
        }
        if (best >= 0) return play(action, m[best]);
    }
    for (int x = 0; x < n; x++) {
        int di = m[x].i2, dj = m[x].j2, si = m[x].i1, sj = m[x].j1;
        if (!(ring(di, dj) < ring(si, sj) && ring(di, dj) <= 2)) continue;
        int k[7] = {ring(di, dj), v->cell[di][dj], -v->cell[si][sj], si, sj, di, dj};
        if (best < 0 || key_cmp(k, key, 7) < 0) best = x, memcpy(key, k, sizeof key);
    }
    if (best >= 0) return play(action, m[best]);
    return pass(action);
}

const game_bot rt_bots[] = {
    {.name = "pass_perth", .display = "Pass Perth", .code = "PR", .act = pass_perth,
     .help = "always passes"},
    {.name = "random_rizhao", .display = "Random Rizhao", .code = "RZ", .act = random_rizhao,
     .help = "a uniform choice among all legal moves"},
    {.name = "nearby_new_orleans", .display = "Nearby New Orleans", .code = "NO", .act = nearby_new_orleans,
     .help = "moves land as close to its city as it can"},
    {.name = "trench_tunis", .display = "Trench Tunis", .code = "TN", .act = trench_tunis,
     .help = "digs at the coast nearest the other cities"},
    {.name = "border_barcelona", .display = "Border Barcelona", .code = "BC", .act = border_barcelona,
     .help = "moves land from inland onto the coast"},
    {.name = "level_los_angeles", .display = "Level Los Angeles", .code = "LA", .act = level_los_angeles,
     .help = "levels the block around its city"},
    {.name = "seawall_sydney", .display = "Seawall Sydney", .code = "SY", .act = seawall_sydney,
     .help = "reference bot: plugs the nearest coast, builds a ring wall", .grade = "B"},
    {.name = "champion", .display = "Champion", .code = "CH", .act = rt_champion_act,
     .act_timed = rt_champion_timed, .memory_size = sizeof(rt_champ_memory),
     .help = "reference bot: predicts the flood, repairs and freezes a wall of height 8 around its city",
     .grade = "A"},
    {0},
};
