/* chk_search.c: searcher's fixed-depth negamax (Chicken P10, rung 3). Both sides play every
 * legal move in rule-12 order under Chicken R11 and R13; a found door fires in full, an unfound square
 * costs its enterer 4*r(s) eggs in expectation. Alpha-beta only prunes: the choice is the first
 * best move of plain minimax (the tests compare the two). */
#include "chk_ai.h"
#include <math.h>
#include <string.h>

typedef struct {
    int pos[2], spawn[2];
    uint64_t eggs[2], turds[2];
    int turds_left[2], moves_left[2];
    double score[2];
    int mover;
    bool over;
} node;

typedef struct {
    const double *risk;
    uint64_t found;  /* found door squares */
} ctx;

static unsigned legal(const node *n, int me) {
    int o = 1 - me;
    return chk_legal_mask_raw(me, n->pos[me], n->pos[o], n->eggs[me] | n->turds[me], n->eggs[o], n->turds[o],
                              n->turds_left[me]);
}

static int dist(const node *n, const ctx *c, int me) {
    int o = 1 - me;
    uint64_t no_entry = n->eggs[o] | chk_zone(n->turds[o]) | CHK_BIT(n->pos[o]) | c->found;
    return chk_egg_distance_raw(me, n->eggs[me] | n->turds[me], no_entry, n->pos[me]);
}

static bool spawn_free(const node *n, int me) {
    int o = 1 - me, s = n->spawn[me];
    if (n->pos[o] == s || ((n->eggs[o] | n->turds[o]) & CHK_BIT(s))) return false;
    return (n->turds[o] & CHK_NEIGHBOURS[s]) == 0;
}

static void play(node *n, const ctx *c, int move) {
    int me = n->mover, o = 1 - me, p = n->pos[me], type = move % 3;
    int d = chk_step(p, move / 3);
    if (type == CHK_EGG) {
        n->eggs[me] |= CHK_BIT(p);
        n->score[me] += chk_is_corner(p) ? 3 : 1;
    } else if (type == CHK_TURD) {
        n->turds[me] |= CHK_BIT(p);
        n->turds_left[me]--;
    }
    n->pos[me] = d;
    bool blocked_spawn = false;
    if (c->found & CHK_BIT(d)) {
        n->score[o] += 4;
        n->pos[me] = n->spawn[me];
        blocked_spawn = !spawn_free(n, me);
    } else if (c->risk[d] > 0) {
        n->score[o] += 4 * c->risk[d];
    }
    n->moves_left[me]--;
    if (blocked_spawn) {
        n->over = true;
        return;
    }
    if (n->moves_left[o] >= 1 && legal(n, o) == 0) {
        n->score[me] += 5;
        n->over = true;
        return;
    }
    if (n->moves_left[0] == 0 && n->moves_left[1] == 0) {
        n->over = true;
        return;
    }
    n->mover = o;
}

static double terminal(const node *n, int x) {
    double diff = n->score[x] - n->score[1 - x];
    return diff > 0 ? 1000 + diff : diff < 0 ? -1000 + diff : diff;
}

static double leaf(const node *n, const ctx *c) {
    int x = n->mover, y = 1 - x;
    return (n->score[x] - n->score[y]) + 0.05 * (chk_count(legal(n, x)) - chk_count(legal(n, y))) +
           0.1 * (dist(n, c, y) - dist(n, c, x));
}

static double negamax(const node *n, const ctx *c, int depth, double alpha, double beta, bool ab) {
    if (depth == 0) return leaf(n, c);
    unsigned mask = legal(n, n->mover);
    if (!mask) return leaf(n, c);
    double best = -INFINITY;
    for (int m = 0; m < 12; m++) {
        if (!(mask & (1u << m))) continue;
        node child = *n;
        play(&child, c, m);
        double v = child.over ? terminal(&child, n->mover) : -negamax(&child, c, depth - 1, -beta, -alpha, ab);
        if (v > best) best = v;
        if (ab) {
            if (v > alpha) alpha = v;
            if (alpha >= beta) break;
        }
    }
    return best;
}

bool chk_search_choose(const chk_state *st, const double risk[CHK_CELLS], int depth, bool alphabeta, chk_action *out,
                       double *value) {
    node root;
    memset(&root, 0, sizeof root);
    for (int k = 0; k < 2; k++) {
        root.pos[k] = st->pos[k];
        root.spawn[k] = st->spawn[k];
        root.eggs[k] = st->eggs[k];
        root.turds[k] = st->turds[k];
        root.turds_left[k] = st->turds_left[k];
        root.moves_left[k] = st->moves_left[k];
        root.score[k] = st->score[k];
    }
    root.mover = st->mover;
    double zero[CHK_CELLS] = {0};
    ctx c = {risk ? risk : zero, chk_found_mask(st)};
    unsigned mask = legal(&root, root.mover);
    if (!mask) return false;
    double best = -INFINITY, alpha = -INFINITY;
    int pick = -1;
    for (int m = 0; m < 12; m++) {
        if (!(mask & (1u << m))) continue;
        node child = root;
        play(&child, &c, m);
        double v = child.over ? terminal(&child, root.mover)
                              : -negamax(&child, &c, depth - 1, -INFINITY, alphabeta ? -alpha : INFINITY, alphabeta);
        /* Strictly better only: the first of equal moves stays (first-best tie-breaking). */
        if (v > best) best = v, pick = m;
        if (alphabeta && v > alpha) alpha = v;
    }
    out->dir = pick / 3;
    out->type = pick % 3;
    if (value) *value = best;
    return true;
}
