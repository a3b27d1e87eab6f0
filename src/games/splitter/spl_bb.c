/* spl_bb.c: the bots' fast board: flood fills on 64-bit masks, the exact score, the greedy value
 * 6E, and its difference per candidate from a precomputed grouping (no flood per candidate). */
#include "spl_bb.h"
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* Bits set in m: the builtin is a library call without the popcnt instruction (the default
 * x86-64 target), slower than this inline SWAR count. */
static inline int popcount(uint64_t m) {
#ifdef __POPCNT__
    return __builtin_popcountll(m);
#else
    m = m - ((m >> 1) & 0x5555555555555555ULL);
    m = (m & 0x3333333333333333ULL) + ((m >> 2) & 0x3333333333333333ULL);
    m = (m + (m >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((m * 0x0101010101010101ULL) >> 56);
#endif
}

/* Branch-free per cell, in locals (the int8_t stores may alias g's fields, which would then be
 * loaded and stored at every cell): every game scores its final sheet with a fresh geometry of a
 * random layout, whose cell codes a branch would mispredict. */
bool spl_geo_init(spl_geo *g, int w, int h, const int8_t code[SPL_MAXH][SPL_MAXW]) {
    memset(g, 0, sizeof *g);
    if (w < 1 || h < 1 || w * h > 64) return false;
    g->w = w, g->h = h, g->n = w * h;
    g->all = g->n == 64 ? ~0ULL : (1ULL << g->n) - 1;
    uint64_t row = w == 64 ? ~0ULL : (1ULL << w) - 1; /* one row's cells */
    uint64_t not_col0 = 0, not_collast = 0, fill = 0, star = 0, heart = 0;
    int nhearts = 0, nleft = 0;
    for (int y = 0; y < h; y++) {
        int base = y * w;
        not_col0 |= (row & ~1ULL) << base;
        not_collast |= (row >> 1) << base;
        for (int x = 0; x < w; x++) {
            int i = base + x, c = code[y][x];
            g->mirror[i] = (int8_t)(base + (w - 1 - x));
            fill |= (uint64_t)(c != SPL_BLANK) << i;
            star |= (uint64_t)(c == SPL_STAR) << i;
            heart |= (uint64_t)(c == SPL_HEART) << i;
            nhearts += c == SPL_HEART;
        }
        /* candidate order: y, then x; a blank cell is written and then overwritten */
        for (int x = 0; x < w / 2 && nleft < 32; x++) {
            g->left[nleft] = (int8_t)(base + x);
            nleft += code[y][x] != SPL_BLANK;
        }
    }
    if (nleft < 32) g->left[nleft] = 0; /* the slot a trailing blank wrote: zero, as before */
    g->not_col0 = not_col0, g->not_collast = not_collast;
    g->fill = fill, g->star = star, g->heart = heart;
    g->nhearts = nhearts, g->ncells_left = nleft;
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
    /* 1s: a group of exactly one is a 1 with no 1 beside it, no flood needed */
    uint64_t lone = b->val[1] & ~nbrs(g, b->val[1]);
    int total = popcount(lone) + popcount(lone & g->star);
    if (g->heart && (b->val[1] & g->heart) == g->heart) total += 5;
    for (int v = 2; v <= 6; v++) {
        /* a lone cell is a group of one, too small for v: flood only from cells with a twin beside */
        uint64_t rest = b->val[v] & nbrs(g, b->val[v]);
        while (rest) {
            uint64_t grp = flood(g, rest & -rest, b->val[v]);
            rest &= ~grp;
            if (popcount(grp) == v) total += (grp & g->star) ? 2 * v : v;
        }
        if (g->heart && (b->val[v] & g->heart) == g->heart) total += 5;
    }
    return total;
}

#ifdef __SSE2__
/* Bit k of every byte of a row (SPL_MAXW = 16 bytes), for the cells x < w, as bits: the bit moved
 * to each byte's top (a 16-bit shift by 7 - k moves no bit of a byte's low neighbour that far) and
 * read by one movemask. */
#define ROW_BIT(r, k, cols) ((uint64_t)((unsigned)_mm_movemask_epi8(_mm_slli_epi16((r), 7 - (k))) & (cols)))
#endif

/* The exact score of a finished sheet: the simulator scores every game it ends with it, so the
 * masks are built a row at a time 16 cells at once (SSE2, every x86-64): a value 1..6 is three
 * bits and a cell code 0..3 two, so each row gives three bit planes of the sheet and two of the
 * layout (five shifts and movemasks; comparing with each of the 8 values took 8 compares and
 * their constants), and the masks of the values come from the planes once per sheet. */
int spl_bb_sheet_score(int w, int h, const int8_t code[SPL_MAXH][SPL_MAXW], const int8_t sheet[SPL_MAXH][SPL_MAXW]) {
    if (w < 1 || h < 1 || w * h > 64) return -1;
    uint64_t row = w == 64 ? ~0ULL : (1ULL << w) - 1;
    uint64_t not_col0 = 0, not_collast = 0, star = 0, heart = 0, val[8] = {0};
#ifdef __SSE2__
    uint64_t c0 = 0, c1 = 0, p0 = 0, p1 = 0, p2 = 0; /* bit planes of the codes and of the sheet */
#endif
    for (int y = 0; y < h; y++) {
        int base = y * w;
        not_col0 |= (row & ~1ULL) << base;
        not_collast |= (row >> 1) << base;
#ifdef __SSE2__
        __m128i c = _mm_loadu_si128((const __m128i *)code[y]), v = _mm_loadu_si128((const __m128i *)sheet[y]);
        c0 |= ROW_BIT(c, 0, (unsigned)row) << base;
        c1 |= ROW_BIT(c, 1, (unsigned)row) << base;
        p0 |= ROW_BIT(v, 0, (unsigned)row) << base;
        p1 |= ROW_BIT(v, 1, (unsigned)row) << base;
        p2 |= ROW_BIT(v, 2, (unsigned)row) << base;
#else
        for (int x = 0; x < w; x++) {
            int i = base + x, c = code[y][x], v = sheet[y][x];
            star |= (uint64_t)(c == SPL_STAR) << i;
            heart |= (uint64_t)(c == SPL_HEART) << i;
            val[v >= 1 && v <= 6 ? v : 7] |= 1ULL << i; /* 7: not a value (empty) */
        }
#endif
    }
#ifdef __SSE2__
    /* codes SPL_BLANK 00, SPL_NORMAL 01, SPL_STAR 10, SPL_HEART 11; values 1 001 .. 6 110 (an empty
     * cell, 000, is none of them) */
    star = c1 & ~c0, heart = c1 & c0;
    val[1] = p0 & ~p1 & ~p2, val[2] = ~p0 & p1 & ~p2, val[3] = p0 & p1 & ~p2;
    val[4] = ~p0 & ~p1 & p2, val[5] = p0 & ~p1 & p2, val[6] = ~p0 & p1 & p2;
#endif
    /* spl_bb_score reads the masks only: neither the mirrors, the candidates nor b.cell */
    spl_geo g = {.w = w, .h = h, .n = w * h, .all = w * h == 64 ? ~0ULL : (1ULL << (w * h)) - 1,
                 .star = star, .heart = heart, .not_col0 = not_col0, .not_collast = not_collast};
    spl_bb b;
    memcpy(b.val, val, sizeof b.val);
    return spl_bb_score(&g, &b);
}

/* 6 x the value of one group (greedy's E, Splitter S10): exact size v*m, too small but open s*m/2, else 0. */
static inline int term6(int v, int s, bool star, bool open) {
    int m = star ? 2 : 1;
    if (s == v) return 6 * v * m;
    if (s < v && open) return 3 * s * m;
    return 0;
}

/* A group's term under weights w (NULL: 6E's term6). `open`: its empty fillable neighbours. */
static inline int term_w(const spl_weights *w, int v, int s, bool star, uint64_t open) {
    if (!w) return term6(v, s, star, open != 0);
    int n = open ? ((open & (open - 1)) ? 2 : 1) : 0;
    return w->t[v][s > v ? v + 1 : s][star][n];
}

/* 6 x the heart term: 5 when all hearts agree, 2.5 |F| / hearts while some are empty. */
static int heart6(const spl_geo *g, const spl_bb *b) {
    if (!g->heart) return 0;
    uint64_t filled = g->heart & ~b->val[0];
    if (!filled) return 0;
    for (int v = 1; v <= 6; v++) {
        if ((b->val[v] & g->heart) != filled) continue;
        if (filled == g->heart) return 30;
        return 15 * popcount(filled) / g->nhearts;
    }
    return 0; /* the filled hearts disagree */
}

/* The heart term under weights w (NULL: 6E's). */
static int heart_w(const spl_weights *w, const spl_geo *g, const spl_bb *b) {
    if (!w) return heart6(g, b);
    if (!g->heart) return 0;
    uint64_t filled = g->heart & ~b->val[0];
    if (!filled) return 0;
    for (int v = 1; v <= 6; v++) {
        if ((b->val[v] & g->heart) != filled) continue;
        return filled == g->heart ? w->heart_full : w->heart_cell * popcount(filled);
    }
    return 0;
}

int spl_bb_value6(const spl_geo *g, const spl_bb *b) {
    int total = 0;
    for (int v = 1; v <= 6; v++) {
        uint64_t rest = b->val[v];
        while (rest) {
            uint64_t grp = flood(g, rest & -rest, b->val[v]);
            rest &= ~grp;
            total += term6(v, popcount(grp), (grp & g->star) != 0, (nbrs(g, grp) & b->val[0]) != 0);
        }
    }
    return total + heart6(g, b);
}

int spl_bb_value_w(const spl_geo *g, const spl_bb *b, const spl_weights *w) {
    int total = 0;
    for (int v = 1; v <= 6; v++) {
        uint64_t rest = b->val[v];
        while (rest) {
            uint64_t grp = flood(g, rest & -rest, b->val[v]);
            rest &= ~grp;
            total += term_w(w, v, popcount(grp), (grp & g->star) != 0, nbrs(g, grp) & b->val[0]);
        }
    }
    return total + heart_w(w, g, b);
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
            gr->gsize[n] = (int8_t)popcount(grp);
            gr->gstar[n] = (grp & g->star) != 0;
            gr->gen[n] = nbrs(g, grp) & b->val[0];
            for (uint64_t m = grp; m; m &= m - 1) gr->gid[__builtin_ctzll(m)] = (int8_t)n;
            n++;
        }
    }
    gr->ngroups = n;
    gr->heart_term6 = heart6(g, b);
}

/* The groups' heart term under weights w (spl_groups keeps 6E's). */
static int groups_heart(const spl_weights *w, const spl_geo *g, const spl_bb *b, const spl_groups *gr) {
    return w ? heart_w(w, g, b) : gr->heart_term6;
}

/* What a candidate cell i (and its mirror j) touches, shared by both ways round of the dice. */
typedef struct {
    int i, j;
    uint64_t P, Q, PQ, nP, nQ;
    int n;                /* groups next to i or j */
    int8_t id[8];
    uint8_t adjP, adjQ;   /* bit k: group k touches i / j */
    int before;           /* their terms now */
    int closed[8];        /* group k's term once i and j are filled, if it does not merge */
    int closed_sum;
} cell_ctx;

static void cell_prepare(const spl_weights *w, const spl_geo *g, const spl_bb *b, const spl_groups *gr, int i,
                         cell_ctx *c) {
    c->i = i;
    c->j = g->mirror[i];
    c->P = 1ULL << i, c->Q = 1ULL << c->j, c->PQ = c->P | c->Q;
    c->nP = nbrs(g, c->P), c->nQ = nbrs(g, c->Q);
    c->n = 0;
    c->adjP = c->adjQ = 0;
    c->before = c->closed_sum = 0;
    uint64_t near = (c->nP | c->nQ) & g->fill & ~b->val[0] & ~c->PQ;
    for (; near; near &= near - 1) {
        int cell = __builtin_ctzll(near);
        int id = gr->gid[cell], k = 0;
        while (k < c->n && c->id[k] != id) k++;
        if (k == c->n) {
            c->id[c->n++] = (int8_t)id;
            int t = term_w(w, gr->gval[id], gr->gsize[id], gr->gstar[id], gr->gen[id]);
            int cl = term_w(w, gr->gval[id], gr->gsize[id], gr->gstar[id], gr->gen[id] & ~c->PQ);
            c->before += t;
            c->closed[k] = cl;
            c->closed_sum += cl;
        }
        if (c->nP & (1ULL << cell)) c->adjP |= (uint8_t)(1u << k);
        if (c->nQ & (1ULL << cell)) c->adjQ |= (uint8_t)(1u << k);
    }
}

/* 6E(after) - 6E(before) for a at i and bv at j. Groups of value a next to i join i's group,
 * groups of value bv next to j join j's; the two are one group when a == bv and they touch or
 * share a neighbour group. Every other touched group only loses i and j as empty neighbours. */
static int cell_delta(const spl_weights *w, const spl_geo *g, const spl_bb *b, const spl_groups *gr,
                      const cell_ctx *c, int a, int bv) {
    uint8_t memP = 0, memQ = 0;
    int sizeP = 1, sizeQ = 1;
    bool starP = (c->P & g->star) != 0, starQ = (c->Q & g->star) != 0;
    uint64_t enP = c->nP, enQ = c->nQ;
    int closed_in = 0;
    for (int k = 0; k < c->n; k++) {
        int id = c->id[k];
        uint8_t bit = (uint8_t)(1u << k);
        if ((c->adjP & bit) && gr->gval[id] == a) {
            memP |= bit;
            sizeP += gr->gsize[id];
            starP |= gr->gstar[id];
            enP |= gr->gen[id];
        }
        if ((c->adjQ & bit) && gr->gval[id] == bv) {
            memQ |= bit;
            sizeQ += gr->gsize[id];
            starQ |= gr->gstar[id];
            enQ |= gr->gen[id];
        }
        if ((memP | memQ) & bit) closed_in += c->closed[k];
    }
    uint64_t empty_after = b->val[0] & ~c->PQ;
    int after = c->closed_sum - closed_in;
    if (a == bv && ((c->nP & c->Q) || (memP & memQ))) {
        int size = sizeP + sizeQ;
        for (int k = 0; k < c->n; k++)
            if ((memP & memQ) & (1u << k)) size -= gr->gsize[(int)c->id[k]]; /* counted on both sides */
        after += term_w(w, a, size, starP || starQ, (enP | enQ) & empty_after & ~c->PQ);
    } else {
        after += term_w(w, a, sizeP, starP, enP & empty_after & ~c->PQ);
        after += term_w(w, bv, sizeQ, starQ, enQ & empty_after & ~c->PQ);
    }
    int hdelta = 0;
    if (c->PQ & g->heart) {
        spl_bb nb = *b;
        spl_bb_put(&nb, c->i, a);
        spl_bb_put(&nb, c->j, bv);
        hdelta = heart_w(w, g, &nb) - groups_heart(w, g, b, gr);
    }
    return after - c->before + hdelta;
}

int spl_delta6(const spl_geo *g, const spl_bb *b, const spl_groups *gr, int i, int a, int bv) {
    return spl_delta_w(g, b, gr, NULL, i, a, bv);
}

int spl_delta_w(const spl_geo *g, const spl_bb *b, const spl_groups *gr, const spl_weights *w, int i, int a, int bv) {
    cell_ctx c;
    cell_prepare(w, g, b, gr, i, &c);
    return cell_delta(w, g, b, gr, &c, a, bv);
}

bool spl_greedy_move(const spl_geo *g, const spl_bb *b, int d1, int d2, int *cell, int *value) {
    return spl_greedy_move_w(g, b, NULL, d1, d2, cell, value);
}

bool spl_greedy_move_w(const spl_geo *g, const spl_bb *b, const spl_weights *w, int d1, int d2, int *cell, int *value) {
    spl_groups gr;
    spl_groups_build(g, b, &gr);
    int best = 0;
    bool any = false;
    for (int k = 0; k < g->ncells_left; k++) {
        int i = g->left[k];
        if (!(b->val[0] & (1ULL << i))) continue;
        cell_ctx c;
        cell_prepare(w, g, b, &gr, i, &c);
        for (int t = 0; t < (d1 == d2 ? 1 : 2); t++) {
            int a = t == 0 ? d1 : d2, o = t == 0 ? d2 : d1;
            int d = cell_delta(w, g, b, &gr, &c, a, o);
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
