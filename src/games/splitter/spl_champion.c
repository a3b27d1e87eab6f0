/* spl_champion.c: Splitter's champion. Monte Carlo over the future rolls like `search`, with three
 * differences: the play-outs use a greedy value tuned by self-play (spl_weights: what a partial
 * group is worth by value, size, star and open sides), the candidates are cut in half each time
 * the sampled futures double (successive halving, common random numbers throughout), and the
 * number of futures follows the clock: the game's budget (the competition's 200 games in 10
 * minutes) is shared out over the moves by the rolls still to come. */
#include "spl.h"
#include "spl_bb.h"
#include "../../game/think.h"
#include <stddef.h>
#include <string.h>

#define GAME_BUDGET_PER_LIMIT 2.4 /* ms of thinking per game per ms of move limit (2400 of 1000) */
#define MOVE_SHARE 20             /* percent of the move limit one move may use at most (a 5x margin) */
#define STEPS_PER_MS 3000         /* play-out steps per ms on the development machine (calibration) */
#define FIRST_FUTURES 4           /* the fewest futures a round of halving adds */
#define MAX_FUTURES 2048

/* The search's settings (the built-in uses CHAMPION_SETTINGS; tests and tuning may use others). */
typedef struct {
    bool tuned;        /* play-outs by the tuned weights (else by 6E, as `search`) */
    double game_ms;    /* thinking per game per ms of move limit */
    int first_futures; /* the fewest futures a round of halving adds */
} champ_settings;

static const champ_settings CHAMPION_SETTINGS = {true, GAME_BUDGET_PER_LIMIT, FIRST_FUTURES};

typedef struct {
    spl_mem base;
    int64_t used_us; /* thinking so far this game (with a clock) */
} champ_mem;
_Static_assert(sizeof(champ_mem) <= SPL_CHAMPION_MEMORY, "SPL_CHAMPION_MEMORY is too small");
_Static_assert(offsetof(champ_mem, base) == 0, "spl_mem_resume fills the spl_mem the memory starts with");

/* The play-outs' value of a group, in points (scaled by 1000 in spl_weights): an exact group is
 * worth its points; a smaller one PARTIAL[v][s], times STAR_PARTIAL on a star, times ONE_OPEN
 * with a single empty side, CLOSED with none; a larger one TOO_BIG. Tuned by coordinate search
 * on greedy's own mean over 3000 games a layout (greedy by these weights: 31.2 and 34.3, against
 * 26.2 and 29.2 for 6E; docs/games/splitter.md). */
static const double PARTIAL[7][7] = {
    [2] = {0, 0.913},
    [3] = {0, 0.426, 1.350},
    [4] = {0, 0.317, 0.937, 1.970},
    [5] = {0, 0.284, 0.731, 1.513, 3.049},
    [6] = {0, 0.218, 0.649, 1.252, 1.947, 3.560},
};
static const double STAR_PARTIAL = 2.706, ONE_OPEN = 0.806, CLOSED = 0.303, TOO_BIG = -0.044, HEART_CELL = 0.693;

static void weights_init(spl_weights *w) {
    memset(w, 0, sizeof *w);
    for (int v = 1; v <= 6; v++)
        for (int star = 0; star < 2; star++) {
            for (int n = 0; n < 3; n++) {
                w->t[v][v][star][n] = (int16_t)(1000 * v * (star ? 2 : 1));
                w->t[v][v + 1][star][n] = (int16_t)(1000 * TOO_BIG);
            }
            for (int s = 1; s < v; s++) {
                double p = PARTIAL[v][s] * (star ? STAR_PARTIAL : 1);
                w->t[v][s][star][0] = (int16_t)(1000 * CLOSED);
                w->t[v][s][star][1] = (int16_t)(1000 * p * ONE_OPEN);
                w->t[v][s][star][2] = (int16_t)(1000 * p);
            }
        }
    w->heart_full = 5000;
    w->heart_cell = (int16_t)(1000 * HEART_CELL);
}

static int playout(const spl_geo *g, const spl_weights *w, spl_bb b, const uint8_t (*rolls)[2], int n) {
    for (int r = 0; r < n; r++) {
        int cell, value;
        if (!spl_greedy_move_w(g, &b, w, rolls[r][0], rolls[r][1], &cell, &value)) break;
        spl_bb_pair(g, &b, cell, value, value == rolls[r][0] ? rolls[r][1] : rolls[r][0]);
    }
    return spl_bb_score(g, &b);
}

/* This move's budget: what is left of the game's, shared by the rolls to come (a move with r
 * rounds after it weighs r + 1), at most MOVE_SHARE of the limit. */
static int64_t move_budget_ms(const champ_settings *cs, const champ_mem *m, const spl_view *v, const bot_clock *clock) {
    int64_t limit = think_limit_ms(clock, 1000);
    double game = cs->game_ms * (double)limit;
    double left = game - (clock ? (double)m->used_us / 1000.0 : 0);
    int rest = v->rounds - v->round, weight_all = 0;
    for (int r = 1; r <= rest; r++) weight_all += r;
    if (!clock) left = game * (double)weight_all / (double)((v->rounds + 1) * v->rounds / 2);
    double share = weight_all ? left * rest / weight_all : 0;
    double cap = (double)limit * MOVE_SHARE / 100;
    if (share > cap) share = cap;
    return share > 0 ? (int64_t)share : 0;
}

static bool champion(const champ_settings *cs, void *memory, const void *view, void *action, rng_t *rng,
                     const bot_clock *clock) {
    champ_mem *m = memory;
    const spl_view *v = view;
    if (v->round == 0) m->used_us = 0;
    spl_mem_begin(&m->base, v);
    if (!m->base.geo_ok) return spl_mem_answer(&m->base, v, action, v->d1, 0, 0);
    const spl_geo *g = &m->base.geo;
    spl_bb b;
    spl_bb_from_sheet(g, m->base.track.sheet, &b);
    int cell[64], val[64], nc = 0;
    for (int k = 0; k < g->ncells_left; k++) {
        int i = g->left[k];
        if (!(b.val[0] & (1ULL << i))) continue;
        cell[nc] = i, val[nc] = v->d1, nc++;
        if (v->d2 != v->d1) cell[nc] = i, val[nc] = v->d2, nc++;
    }
    if (nc == 0) return spl_mem_answer(&m->base, v, action, v->d1, 0, 0);
    spl_bb after[64];
    for (int c = 0; c < nc; c++) {
        after[c] = b;
        spl_bb_pair(g, &after[c], cell[c], val[c], val[c] == v->d1 ? v->d2 : v->d1);
    }
    int remaining = v->rounds - v->round - 1, pick = 0;
    if (remaining > 23) remaining = 23;
    if (remaining <= 0) { /* the last roll: the exact score decides */
        int best = -1;
        for (int c = 0; c < nc; c++) {
            int s = spl_bb_score(g, &after[c]);
            if (s > best) best = s, pick = c;
        }
        return spl_mem_answer(&m->base, v, action, val[pick], cell[pick] % v->w, cell[pick] / v->w);
    }
    spl_weights w;
    weights_init(&w);
    think_budget tb;
    think_begin(&tb, clock, move_budget_ms(cs, m, v, clock), STEPS_PER_MS, 4);
    uint8_t futures[MAX_FUTURES][24][2]; /* 96 KiB on the stack */
    long sum[64] = {0};
    int alive[64], na = nc, nf = 0;
    for (int c = 0; c < nc; c++) alive[c] = c;
    /* Successive halving over the play-outs this budget buys at the calibrated rate: ceil(log2 nc)
     * rounds, each giving the candidates still in equal shares of 1/rounds of it. */
    int rounds = 0;
    while ((1 << rounds) < nc) rounds++;
    int64_t planned = tb.cap / (clock ? 4 : 1) / remaining;
    int level = 0;
    while (nf < MAX_FUTURES && na > 1) {
        int add = (int)(planned / (rounds * na));
        level += add > cs->first_futures ? add : cs->first_futures;
        if (level > MAX_FUTURES) level = MAX_FUTURES;
        while (nf < level) {
            if (nf > 0 && !think_more(&tb)) goto decided;
            for (int r = 0; r < remaining; r++) {
                futures[nf][r][0] = (uint8_t)(1 + rng_below(rng, 6));
                futures[nf][r][1] = (uint8_t)(1 + rng_below(rng, 6));
            }
            for (int a = 0; a < na; a++)
                sum[alive[a]] += playout(g, cs->tuned ? &w : NULL, after[alive[a]], (const uint8_t(*)[2])futures[nf], remaining);
            think_spend(&tb, (int64_t)na * remaining);
            nf++;
        }
        /* keep the better half, best first (ties: the earlier candidate) */
        for (int x = 1; x < na; x++) {
            int t = alive[x], y = x;
            while (y > 0 && (sum[alive[y - 1]] < sum[t] || (sum[alive[y - 1]] == sum[t] && alive[y - 1] > t))) {
                alive[y] = alive[y - 1];
                y--;
            }
            alive[y] = t;
        }
        na = (na + 1) / 2;
    }
decided:
    pick = alive[0];
    for (int a = 1; a < na; a++)
        if (sum[alive[a]] > sum[pick] || (sum[alive[a]] == sum[pick] && alive[a] < pick)) pick = alive[a];
    if (clock) m->used_us += clock->now_us() - clock->asked_us;
    return spl_mem_answer(&m->base, v, action, val[pick], cell[pick] % v->w, cell[pick] / v->w);
}

bool spl_champion_act(void *memory, const void *view, void *action, rng_t *rng) {
    return champion(&CHAMPION_SETTINGS, memory, view, action, rng, NULL);
}

bool spl_champion_timed(void *memory, const void *view, void *action, rng_t *rng, const bot_clock *clock) {
    return champion(&CHAMPION_SETTINGS, memory, view, action, rng, clock);
}
