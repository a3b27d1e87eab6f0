/* chk_deep.c: the champion's search (chk_ai.h): expectimax alpha-beta with chance nodes for the
 * trapdoors, a transposition table, move ordering and iterative deepening under a time or node
 * limit. Positions are compact copies of the rules' state; the rules themselves (11, 13) are the
 * ones chk_search.c plays, plus the fall: +4 to the opponent, the return to the spawn and the
 * spawn check. */
#include "chk_ai.h"
#include <math.h>
#include <string.h>

#define WHITE_SQUARES 0xAA55AA55AA55AA55ULL /* x+y even: A's colour */
#define CORNERS (CHK_BIT(0) | CHK_BIT(7) | CHK_BIT(56) | CHK_BIT(63))
#define BOUND 1.25 /* every value lies in (-BOUND, BOUND) */

/* Leaf weights (eggs per egg, square or move of difference) and the squashing spread. */
#define W_ROOM_EGGS 0.4
#define W_ROOM 0.2
#define W_TOUR 0.2
#define W_MOBILITY 0.05
#define SPREAD_END 1.5
#define SPREAD_PER_PLY 0.2

typedef struct {
    uint64_t eggs[2], turds[2];
    uint64_t cleared;  /* squares entered in the search: no unfound door there */
    double mass[2];    /* each unfound door's belief outside the cleared squares */
    int8_t pos[2], spawn[2], turds_left[2];
    int8_t found[2];   /* each door's square once found, else -1 */
    int16_t moves_left[2], score[2];
    int8_t mover;
    bool over;
} node;

typedef struct {
    chk_deep *d;
    double belief[2][CHK_CELLS]; /* the root's beliefs: 0 where a door cannot be */
    const chk_deep_limits *lim;
    int64_t nodes, next_check;
    bool stop;
} ctx;

/* ---------- rules on compact positions ---------- */

static uint64_t colour_squares(int c) { return c == CHK_A ? WHITE_SQUARES : ~WHITE_SQUARES; }

static uint64_t found_mask(const node *n) {
    uint64_t f = 0;
    for (int k = 0; k < 2; k++)
        if (n->found[k] >= 0) f |= CHK_BIT(n->found[k]);
    return f;
}

static unsigned legal(const node *n, int me) {
    int o = 1 - me;
    return chk_legal_mask_raw(me, n->pos[me], n->pos[o], n->eggs[me] | n->turds[me], n->eggs[o], n->turds[o],
                              n->turds_left[me]);
}

static bool spawn_free(const node *n, int me) {
    int o = 1 - me, s = n->spawn[me];
    if (n->pos[o] == s || ((n->eggs[o] | n->turds[o]) & CHK_BIT(s))) return false;
    return (n->turds[o] & CHK_NEIGHBOURS[s]) == 0;
}

/* Rule 13.1-13.3: the drop and the step; returns the square entered. */
static int drop_and_step(node *n, int move) {
    int me = n->mover, p = n->pos[me], type = move % 3;
    if (type == CHK_EGG) {
        n->eggs[me] |= CHK_BIT(p);
        n->score[me] += chk_is_corner(p) ? 3 : 1;
    } else if (type == CHK_TURD) {
        n->turds[me] |= CHK_BIT(p);
        n->turds_left[me]--;
    }
    int d = chk_step(p, move / 3);
    n->pos[me] = (int8_t)d;
    return d;
}

/* Rule 13.4-13.7 after the step onto d: the fall through door k (when `fell`), the move count,
 * blocking and the end. */
static void finish(node *n, int d, bool fell, int k) {
    int me = n->mover, o = 1 - me;
    bool spawn_blocked = false;
    if (fell) {
        n->found[k] = (int8_t)d;
        n->score[o] += 4;
        n->pos[me] = n->spawn[me];
        spawn_blocked = !spawn_free(n, me);
    }
    n->moves_left[me]--;
    if (spawn_blocked) {
        n->over = true;
    } else if (n->moves_left[o] >= 1 && legal(n, o) == 0) {
        n->score[me] += 5;
        n->over = true;
    } else if (n->moves_left[0] == 0 && n->moves_left[1] == 0) {
        n->over = true;
    } else {
        n->mover = (int8_t)o;
    }
}

/* ---------- values ---------- */

/* A finished game for side x: the result, with a thousandth of the margin to prefer larger wins
 * and smaller losses. */
static double terminal(const node *n, int x) {
    int diff = n->score[x] - n->score[1 - x];
    return diff > 0 ? 1 + 0.001 * diff : diff < 0 ? -1 + 0.001 * diff : 0;
}

/* Squares side c may enter (rule 11.3-11.6), found doors excluded. */
static uint64_t enterable(const node *n, int c) {
    int o = 1 - c;
    return ~(n->eggs[o] | chk_zone(n->turds[o]) | CHK_BIT(n->pos[o]) | found_mask(n));
}

static uint64_t spread(uint64_t b) {
    return (b << 8) | (b >> 8) | ((b << 1) & ~0x0101010101010101ULL) | ((b >> 1) & ~0x8080808080808080ULL);
}

/* Own-colour squares free of side c's eggs and turds: where it can still lay. */
static uint64_t egg_squares(const node *n, int c) { return colour_squares(c) & ~(n->eggs[c] | n->turds[c]); }

/* Egg squares each side reaches before the other (the side to move first on ties), each within
 * its moves: the room each has. The colours never compete for a square, but every step crosses a
 * square of the other colour, so a chicken's eggs and turds wall the other one out. */
static void regions(const node *n, uint64_t region[2]) {
    int x = n->mover, y = 1 - x;
    uint64_t ex = enterable(n, x), ey = enterable(n, y);
    uint64_t rx = CHK_BIT(n->pos[x]), ry = CHK_BIT(n->pos[y]), seen = rx | ry, fx = rx, fy = ry;
    for (int step = 1; fx | fy; step++) {
        fx = step <= n->moves_left[x] ? spread(fx) & ex & ~seen : 0;
        seen |= fx;
        fy = step <= n->moves_left[y] ? spread(fy) & ey & ~seen : 0;
        seen |= fy;
        rx |= fx;
        ry |= fy;
    }
    region[x] = rx & egg_squares(n, x);
    region[y] = ry & egg_squares(n, y);
}

/* The eggs side c's room holds for the moves it has left: an egg every other move at best,
 * corners worth 3. */
static int room_eggs(const node *n, int c, uint64_t room) {
    int squares = __builtin_popcountll(room), corners = __builtin_popcountll(room & CORNERS);
    int here = (CHK_BIT(n->pos[c]) & room) ? 1 : 0;
    int cap = (n->moves_left[c] + here) / 2;
    int eggs = squares < cap ? squares : cap;
    return eggs + 2 * (corners < eggs ? corners : eggs);
}

/* The eggs side c would lay alone on a greedy tour: to the nearest egg square, lay, and on, while
 * its moves last (a square is reached with a move to spare: laying takes the move out of it).
 * This is the time its room costs, where room_eggs counts only the room. */
static int tour_eggs(const node *n, int c) {
    uint64_t enter = enterable(n, c), target = egg_squares(n, c);
    int p = n->pos[c], moves = n->moves_left[c], eggs = 0;
    for (;;) {
        if ((CHK_BIT(p) & target) && moves >= 1) {
            eggs += chk_is_corner(p) ? 3 : 1;
            target &= ~CHK_BIT(p);
        }
        uint64_t seen = CHK_BIT(p), frontier = seen, hit = 0;
        int d = 0;
        while (!hit && frontier && d < moves - 1) {
            frontier = spread(frontier) & enter & ~seen;
            seen |= frontier;
            d++;
            hit = frontier & target;
        }
        if (!hit) return eggs;
        moves -= d;
        p = __builtin_ctzll(hit);
    }
}

/* The evaluation in eggs for the side to move: the score, then for each side its room (egg
 * squares it reaches first: as eggs within its moves, and as squares) and its greedy tour, and
 * mobility. The features were chosen by a regression of final egg margins over self-play games
 * and the weights by matches against searcher (docs/games/chicken.md). */
static double eval_node(const node *n) {
    int x = n->mover, y = 1 - x;
    uint64_t room[2];
    regions(n, room);
    double e = n->score[x] - n->score[y];
    e += W_ROOM_EGGS * (room_eggs(n, x, room[x]) - room_eggs(n, y, room[y]));
    e += W_ROOM * (__builtin_popcountll(room[x]) - __builtin_popcountll(room[y]));
    e += W_TOUR * (tour_eggs(n, x) - tour_eggs(n, y));
    e += W_MOBILITY * (chk_count(legal(n, x)) - chk_count(legal(n, y)));
    return e;
}

/* A leaf for the side to move: the evaluation squashed into (-1, 1) like a chance of winning; the
 * spread shrinks as the end nears (fewer plies left, less can change). */
static double leaf(const node *n) {
    int plies = n->moves_left[0] + n->moves_left[1];
    return tanh(eval_node(n) / (SPREAD_END + SPREAD_PER_PLY * plies));
}

/* ---------- transposition table ---------- */

static uint64_t mix(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static uint64_t key_of(const node *n) {
    uint64_t scalars = (uint64_t)(n->pos[0] & 63) | (uint64_t)(n->pos[1] & 63) << 6 |
                       (uint64_t)(n->turds_left[0] & 127) << 12 | (uint64_t)(n->turds_left[1] & 127) << 19 |
                       (uint64_t)(n->found[0] + 1) << 26 | (uint64_t)(n->found[1] + 1) << 33 |
                       (uint64_t)(n->mover & 1) << 40 | (uint64_t)((n->score[0] - n->score[1] + 512) & 1023) << 41 |
                       (uint64_t)(n->moves_left[0] & 1023) << 51;
    uint64_t h = mix(scalars ^ (uint64_t)(n->moves_left[1] & 1023) << 61);
    h = mix(h ^ n->eggs[0]) + n->eggs[1];
    h = mix(h ^ n->turds[0]) + n->turds[1];
    h = mix(h ^ n->cleared) + (uint64_t)(n->moves_left[1] & 1023);
    return mix(h);
}

static chk_deep_entry *probe(ctx *c, uint64_t key) {
    return &c->d->tt[key & ((1u << CHK_DEEP_TT_BITS) - 1)];
}

static void store(ctx *c, uint64_t key, double v, int depth, int flag, int move) {
    chk_deep_entry *e = probe(c, key);
    if (e->flag && e->age == c->d->age && e->key != key && e->depth > depth) return;
    *e = (chk_deep_entry){key, (float)v, (int8_t)depth, (uint8_t)flag, (uint8_t)move, c->d->age};
}

/* ---------- search ---------- */

static void check_limits(ctx *c) {
    const chk_deep_limits *l = c->lim;
    c->next_check = c->nodes + 1024;
    if (l->clock) {
        if (l->clock->now_us() - l->clock->asked_us >= l->hard) c->stop = true;
    } else if (c->nodes >= l->hard) {
        c->stop = true;
    }
}

static double negamax(ctx *c, const node *n, int depth, double alpha, double beta);

/* The value of the child for the side that moved (x). */
static double child_value(ctx *c, const node *ch, int x, int depth, double alpha, double beta) {
    if (ch->over) return terminal(ch, x);
    return -negamax(c, ch, depth, -beta, -alpha);
}

/* The probability that stepping onto d (by the node's mover) falls through a door. */
static double fall_chance(const ctx *c, const node *n, int d) {
    int k = chk_parity(d);
    if (n->found[k] == d) return 1;
    if (n->found[k] >= 0 || (n->cleared & CHK_BIT(d)) || c->belief[k][d] <= 0) return 0;
    double p = c->belief[k][d] / n->mass[k];
    return p > 1 ? 1 : p;
}

/* Move m from n, valued for n's mover: a chance node when the square entered may hold a door
 * (Star1 bounds keep the window: each branch is searched with the widest window that can still
 * change the weighted sum's relation to [alpha, beta]). */
static double move_value(ctx *c, const node *n, int m, int depth, double alpha, double beta) {
    int x = n->mover;
    node safe = *n;
    int d = drop_and_step(&safe, m);
    int k = chk_parity(d);
    double p = fall_chance(c, n, d);
    if (p <= 0 || p >= 1) {
        finish(&safe, d, p >= 1, k);
        return child_value(c, &safe, x, depth, alpha, beta);
    }
    node fall = safe;
    finish(&fall, d, true, k);
    safe.cleared |= CHK_BIT(d);
    safe.mass[k] -= c->belief[k][d];
    if (safe.mass[k] < 1e-12) safe.mass[k] = 1e-12;
    finish(&safe, d, false, k);
    /* The likelier branch first. */
    bool fall_first = p > 0.5;
    const node *b1 = fall_first ? &fall : &safe, *b2 = fall_first ? &safe : &fall;
    double q = fall_first ? p : 1 - p;
    double lo1 = (alpha - (1 - q) * BOUND) / q, hi1 = (beta + (1 - q) * BOUND) / q;
    double v1 = child_value(c, b1, x, depth, lo1 > -BOUND ? lo1 : -BOUND, hi1 < BOUND ? hi1 : BOUND);
    if (v1 <= lo1) return q * v1 + (1 - q) * BOUND;
    if (v1 >= hi1) return q * v1 - (1 - q) * BOUND;
    double lo2 = (alpha - q * v1) / (1 - q), hi2 = (beta - q * v1) / (1 - q);
    double v2 = child_value(c, b2, x, depth, lo2 > -BOUND ? lo2 : -BOUND, hi2 < BOUND ? hi2 : BOUND);
    return q * v1 + (1 - q) * v2;
}

/* Moves in search order: the table's move, then eggs (corners first), plain steps, turds, each
 * by history. Returns the count. */
static int order_moves(const ctx *c, const node *n, unsigned mask, int tt_move, int *out) {
    int score[12], k = 0;
    const int32_t *hist = c->d->history[n->mover][n->pos[n->mover]];
    for (int m = 0; m < 12; m++) {
        if (!(mask & (1u << m))) continue;
        int type = m % 3;
        int s = hist[m] > 1000000 ? 1000000 : hist[m];
        if (m == tt_move) s += 1 << 30;
        else if (type == CHK_EGG) s += chk_is_corner(n->pos[n->mover]) ? 1 << 26 : 1 << 25;
        else if (type == CHK_PLAIN) s += 1 << 24;
        int i = k++;
        while (i > 0 && score[i - 1] < s) {
            score[i] = score[i - 1];
            out[i] = out[i - 1];
            i--;
        }
        score[i] = s;
        out[i] = m;
    }
    return k;
}

static double negamax(ctx *c, const node *n, int depth, double alpha, double beta) {
    if (++c->nodes >= c->next_check) check_limits(c);
    if (c->stop) return 0;
    if (depth <= 0) return leaf(n);
    unsigned mask = legal(n, n->mover);
    if (!mask) return leaf(n);
    uint64_t key = key_of(n);
    chk_deep_entry *e = probe(c, key);
    int tt_move = -1;
    if (e->flag && e->key == key) {
        tt_move = e->move < 12 ? e->move : -1;
        /* Values only from this search: an older one weighed the doors with an older belief. */
        if (e->age == c->d->age && e->depth >= depth) {
            double v = e->value;
            if (e->flag == 1) return v;
            if (e->flag == 2 && v > alpha) alpha = v;
            if (e->flag == 3 && v < beta) beta = v;
            if (alpha >= beta) return v;
        }
    }
    int moves[12];
    int count = order_moves(c, n, mask, tt_move, moves);
    double a0 = alpha, best = -INFINITY;
    int best_move = moves[0];
    for (int i = 0; i < count; i++) {
        double v = move_value(c, n, moves[i], depth - 1, alpha, beta);
        if (c->stop) return 0;
        if (v > best) best = v, best_move = moves[i];
        if (v > alpha) alpha = v;
        if (alpha >= beta) {
            c->d->history[n->mover][n->pos[n->mover]][moves[i]] += depth * depth;
            break;
        }
    }
    store(c, key, best, depth, best <= a0 ? 3 : best >= beta ? 2 : 1, best_move);
    return best;
}

/* ---------- the root ---------- */

static void node_from_state(node *n, const chk_state *st) {
    memset(n, 0, sizeof *n);
    for (int k = 0; k < 2; k++) {
        n->eggs[k] = st->eggs[k];
        n->turds[k] = st->turds[k];
        n->pos[k] = (int8_t)st->pos[k];
        n->spawn[k] = (int8_t)st->spawn[k];
        n->turds_left[k] = (int8_t)st->turds_left[k];
        n->moves_left[k] = (int16_t)st->moves_left[k];
        n->score[k] = (int16_t)st->score[k];
        n->found[k] = (int8_t)(st->found[k] ? st->door[k] : -1);
        n->mass[k] = 1;
    }
    n->mover = (int8_t)st->mover;
}

bool chk_deep_choose(chk_deep *d, const chk_state *st, const chk_beliefs *belief, const chk_deep_limits *lim,
                     chk_deep_result *out) {
    ctx c;
    memset(&c, 0, sizeof c);
    c.d = d;
    c.lim = lim;
    c.next_check = 1024;
    node root;
    node_from_state(&root, st);
    for (int k = 0; k < 2; k++)
        for (int s = 0; s < CHK_CELLS; s++)
            c.belief[k][s] = belief && belief->started && root.found[k] < 0 && chk_parity(s) == k ? belief->belief[k][s] : 0;
    d->age++;
    for (int i = 0; i < 2 * CHK_CELLS * 12; i++) (&d->history[0][0][0])[i] /= 4;
    unsigned mask = legal(&root, root.mover);
    if (!mask) return false;
    int moves[12], count = order_moves(&c, &root, mask, -1, moves);
    memset(out, 0, sizeof *out);
    out->move = (chk_action){moves[0] / 3, moves[0] % 3};
    int plies = root.moves_left[0] + root.moves_left[1];
    int max_depth = lim->max_depth > 0 ? lim->max_depth : CHK_DEEP_MAX_DEPTH;
    if (max_depth > plies) max_depth = plies;
    double values[12];
    for (int depth = 1; depth <= max_depth && count > 1; depth++) {
        double alpha = -INFINITY;
        int done = 0, best_i = 0;
        for (int i = 0; i < count; i++) {
            double v = move_value(&c, &root, moves[i], depth - 1, alpha, INFINITY);
            if (c.stop) break;
            values[i] = v;
            done = i + 1;
            if (v > alpha) alpha = v, best_i = i;
        }
        /* A cut iteration still counts when its best finished move beat the last choice (searched
         * first, so it is among the finished ones). */
        if (c.stop && (done == 0 || best_i == 0)) break;
        int m = moves[best_i];
        out->move = (chk_action){m / 3, m % 3};
        out->value = alpha;
        if (c.stop) break;
        out->depth = depth;
        /* Next iteration: best first, the rest by this one's values. */
        for (int i = 1; i < count; i++) {
            for (int j = i; j > 0 && values[j] > values[j - 1]; j--) {
                double tv = values[j];
                values[j] = values[j - 1];
                values[j - 1] = tv;
                int tm = moves[j];
                moves[j] = moves[j - 1];
                moves[j - 1] = tm;
            }
        }
        if (alpha >= 1 || alpha <= -1) break; /* decided whatever happens */
        int64_t used = lim->clock ? lim->clock->now_us() - lim->clock->asked_us : c.nodes;
        if (used >= lim->soft / 2) break;
    }
    out->nodes = c.nodes;
    out->cut = c.stop;
    return true;
}
