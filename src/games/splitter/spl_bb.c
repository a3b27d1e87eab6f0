/* spl_bb.c: the bots' fast board: flood fills on 64-bit masks, the exact score, the greedy value
 * 6E, and its difference per candidate from a precomputed grouping (no flood per candidate). */
#include "spl_bb.h"
#include <string.h>

bool spl_geo_init(spl_geo *g, int w, int h, const int8_t code[SPL_MAXH][SPL_MAXW]) {
    memset(g, 0, sizeof *g);
    if (w < 1 || h < 1 || w * h > 64) return false;
    g->w = w, g->h = h, g->n = w * h;
    g->all = g->n == 64 ? ~0ULL : (1ULL << g->n) - 1;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int i = y * w + x;
            uint64_t bit = 1ULL << i;
            g->mirror[i] = (int8_t)(y * w + (w - 1 - x));
            if (x > 0) g->not_col0 |= bit;
            if (x < w - 1) g->not_collast |= bit;
            int c = code[y][x];
            if (c != SPL_BLANK) g->fill |= bit;
            if (c == SPL_STAR) g->star |= bit;
            if (c == SPL_HEART) g->heart |= bit, g->nhearts++;
            if (c != SPL_BLANK && x < w / 2 && g->ncells_left < 32) g->left[g->ncells_left++] = (int8_t)i;
        }
    return true;
}

void spl_bb_from_sheet(const spl_geo *g, const int8_t sheet[SPL_MAXH][SPL_MAXW], spl_bb *b) {
    memset(b, 0, sizeof *b);
    b->val[0] = g->fill;
    for (int y = 0; y < g->h; y++)
        for (int x = 0; x < g->w; x++) {
            int v = sheet[y][x];
            if (v >= 1 && v <= 6) spl_bb_put(b, y * g->w + x, v);
        }
}

/* Orthogonal neighbours of a set of cells (no wrap-around). */
static inline uint64_t nbrs(const spl_geo *g, uint64_t m) {
    uint64_t r = ((m & g->not_collast) << 1) | ((m & g->not_col0) >> 1) | (m << g->w) | (m >> g->w);
    return r & g->all;
}

static inline uint64_t flood(const spl_geo *g, uint64_t seed, uint64_t mask) {
    uint64_t cur = seed, prev;
    do {
        prev = cur;
        cur = (cur | nbrs(g, cur)) & mask;
    } while (cur != prev);
    return cur;
}

int spl_bb_score(const spl_geo *g, const spl_bb *b) {
    int total = 0;
    for (int v = 1; v <= 6; v++) {
        uint64_t rest = b->val[v];
        while (rest) {
            uint64_t grp = flood(g, rest & -rest, b->val[v]);
            rest &= ~grp;
            if (__builtin_popcountll(grp) == v) total += (grp & g->star) ? 2 * v : v;
        }
        if (g->heart && (b->val[v] & g->heart) == g->heart) total += 5;
    }
    return total;
}

/* 6 x the value of one group (section 10): exact size v*m, too small but open s*m/2, else 0. */
static inline int term6(int v, int s, bool star, bool open) {
    int m = star ? 2 : 1;
    if (s == v) return 6 * v * m;
    if (s < v && open) return 3 * s * m;
    return 0;
}

/* 6 x the heart term: 5 when all hearts agree, 2.5 |F| / hearts while some are empty. */
static int heart6(const spl_geo *g, const spl_bb *b) {
    if (!g->heart) return 0;
    uint64_t filled = g->heart & ~b->val[0];
    if (!filled) return 0;
    for (int v = 1; v <= 6; v++) {
        if ((b->val[v] & g->heart) != filled) continue;
        if (filled == g->heart) return 30;
        return 15 * __builtin_popcountll(filled) / g->nhearts;
    }
    return 0; /* the filled hearts disagree */
}

int spl_bb_value6(const spl_geo *g, const spl_bb *b) {
    int total = 0;
    for (int v = 1; v <= 6; v++) {
        uint64_t rest = b->val[v];
        while (rest) {
            uint64_t grp = flood(g, rest & -rest, b->val[v]);
            rest &= ~grp;
            total += term6(v, __builtin_popcountll(grp), (grp & g->star) != 0, (nbrs(g, grp) & b->val[0]) != 0);
        }
    }
    return total + heart6(g, b);
}

void spl_groups_build(const spl_geo *g, const spl_bb *b, spl_groups *gr) {
    memset(gr->gid, -1, sizeof gr->gid);
    int n = 0;
    for (int v = 1; v <= 6; v++) {
        uint64_t rest = b->val[v];
        while (rest) {
            uint64_t grp = flood(g, rest & -rest, b->val[v]);
            rest &= ~grp;
            gr->gval[n] = (int8_t)v;
            gr->gsize[n] = (int8_t)__builtin_popcountll(grp);
            gr->gstar[n] = (grp & g->star) != 0;
            gr->gen[n] = nbrs(g, grp) & b->val[0];
            for (uint64_t m = grp; m; m &= m - 1) gr->gid[__builtin_ctzll(m)] = (int8_t)n;
            n++;
        }
    }
    gr->ngroups = n;
    gr->heart_term6 = heart6(g, b);
}

static inline int uf_find(int *parent, int x) {
    while (parent[x] != x) x = parent[x];
    return x;
}

static inline void uf_union(int *parent, int x, int y) {
    x = uf_find(parent, x), y = uf_find(parent, y);
    if (x != y) parent[x] = y;
}

/* The groups that touch cell i or its mirror j change; every other group keeps its value. Before:
 * their terms on the old sheet. After: groups of value a next to i merge with i, groups of value
 * bv next to j merge with j (and i with j when they touch and a == bv); every touched group loses
 * i and j as empty neighbours. */
int spl_delta6(const spl_geo *g, const spl_bb *b, const spl_groups *gr, int i, int a, int bv) {
    int j = g->mirror[i];
    uint64_t P = 1ULL << i, Q = 1ULL << j, PQ = P | Q;
    uint64_t nP = nbrs(g, P), nQ = nbrs(g, Q);
    int ids[8], n = 0;
    bool adjP[8], adjQ[8];
    uint64_t filled_near = (nP | nQ) & ~b->val[0] & g->fill & ~PQ;
    for (uint64_t m = filled_near; m; m &= m - 1) {
        int c = __builtin_ctzll(m);
        int id = gr->gid[c];
        int k = 0;
        while (k < n && ids[k] != id) k++;
        if (k == n) {
            ids[n] = id;
            adjP[n] = adjQ[n] = false;
            n++;
        }
        if (nP & (1ULL << c)) adjP[k] = true;
        if (nQ & (1ULL << c)) adjQ[k] = true;
    }
    int before = 0;
    for (int k = 0; k < n; k++) {
        int id = ids[k];
        before += term6(gr->gval[id], gr->gsize[id], gr->gstar[id], gr->gen[id] != 0);
    }
    /* Union-find over nodes 0..n-1 (touched groups), n (cell i), n+1 (cell j). */
    int parent[10];
    for (int k = 0; k < n + 2; k++) parent[k] = k;
#define FIND(x) uf_find(parent, x)
#define UNION(x, y) uf_union(parent, x, y)
    for (int k = 0; k < n; k++) {
        int id = ids[k];
        if (adjP[k] && gr->gval[id] == a) UNION(k, n);
        if (adjQ[k] && gr->gval[id] == bv) UNION(k, n + 1);
    }
    if (a == bv && (nP & Q)) UNION(n, n + 1);
    int size[10] = {0};
    bool star[10] = {false};
    uint64_t en[10] = {0};
    int val[10] = {0};
    uint64_t empty_after = b->val[0] & ~PQ;
    for (int k = 0; k < n + 2; k++) {
        int r = FIND(k);
        if (k < n) {
            int id = ids[k];
            size[r] += gr->gsize[id];
            star[r] |= gr->gstar[id];
            en[r] |= gr->gen[id];
            val[r] = gr->gval[id];
        } else {
            uint64_t cellbit = k == n ? P : Q;
            size[r] += 1;
            star[r] |= (cellbit & g->star) != 0;
            en[r] |= k == n ? nP : nQ;
        }
    }
    /* The value of a component holding i or j is the die written there. */
    val[FIND(n)] = a;
    val[FIND(n + 1)] = bv;
#undef FIND
#undef UNION
    int after = 0;
    for (int k = 0; k < n + 2; k++)
        if (parent[k] == k) after += term6(val[k], size[k], star[k], (en[k] & empty_after) != 0);
    int hdelta = 0;
    if (PQ & g->heart) {
        spl_bb nb = *b;
        spl_bb_put(&nb, i, a);
        spl_bb_put(&nb, j, bv);
        hdelta = heart6(g, &nb) - gr->heart_term6;
    }
    return after - before + hdelta;
}

bool spl_greedy_move(const spl_geo *g, const spl_bb *b, int d1, int d2, int *cell, int *value) {
    spl_groups gr;
    spl_groups_build(g, b, &gr);
    int best = 0;
    bool any = false;
    for (int k = 0; k < g->ncells_left; k++) {
        int i = g->left[k];
        if (!(b->val[0] & (1ULL << i))) continue;
        for (int t = 0; t < (d1 == d2 ? 1 : 2); t++) {
            int a = t == 0 ? d1 : d2, o = t == 0 ? d2 : d1;
            int d = spl_delta6(g, b, &gr, i, a, o);
            if (!any || d > best) {
                best = d;
                *cell = i;
                *value = a;
                any = true;
            }
        }
    }
    return any;
}
