/* spl_bots.c: Splitter's built-in bots (Splitter S10): the two original sample bots (random,
 * random_left), greedy, and search (Monte Carlo over future rolls with greedy play-outs). Each
 * keeps its own record of the sheet, exactly as a process bot must; one asked in a game under way
 * (the simulator's arena_bot_action) gets the record from the state first (spl_mem_resume). */
#include "spl.h"
#include "spl_bb.h"
#include <string.h>

#define SEARCH_K 32 /* sampled futures per move */

void spl_mem_begin(spl_mem *m, const spl_view *v) {
    bool pending = m->track.pending;
    spl_action last = m->track.last;
    spl_track_update(&m->track, v);
    if (v->round == 0 || !m->geo_ok) {
        m->geo_ok = spl_geo_init(&m->geo, v->w, v->h, v->code);
        m->filled = 0;
        if (v->round > 0) /* joined late (never happens in a game): rebuild from the record */
            for (int y = 0; y < v->h; y++)
                for (int x = 0; x < v->w; x++)
                    if (m->track.sheet[y][x]) m->filled |= 1ULL << (y * v->w + x);
    } else if (pending && v->round > 0) {
        int i = last.y * v->w + last.x;
        m->filled |= (1ULL << i) | (1ULL << m->geo.mirror[i]);
    }
}

void spl_mem_resume(void *memory, const void *state, int seat) {
    (void)seat; /* one seat */
    const spl_state *st = state;
    spl_mem *m = memory;
    /* nothing pending and no board yet: spl_mem_begin's next view (round > 0) builds the board and
     * its filled cells from this record, as for a bot that joined late */
    memcpy(m->track.sheet, st->sheet, sizeof m->track.sheet);
}

bool spl_mem_answer(spl_mem *m, const spl_view *v, spl_action *a, int value, int x, int y) {
    a->v = value;
    a->x = x;
    a->y = y;
    spl_track_answer(&m->track, v, a);
    return true;
}

/* A uniformly random free fillable cell, counted row by row (y, then x): the k-th set bit of the
 * free mask, since cell index y*w + x grows in that order. Only x < w/2 when left_only. */
static bool random_cell(spl_mem *m, const spl_view *v, bool left_only, rng_t *rng, spl_action *a) {
    uint64_t free = m->geo.fill & ~m->filled;
    if (left_only) {
        uint64_t left = 0;
        for (int k = 0; k < m->geo.ncells_left; k++) left |= 1ULL << m->geo.left[k];
        free &= left;
    }
    int n = __builtin_popcountll(free);
    if (n == 0) return spl_mem_answer(m, v, a, v->d1, 0, 0);
    for (int k = (int)rng_below(rng, (uint32_t)n); k > 0; k--) free &= free - 1;
    int i = __builtin_ctzll(free);
    return spl_mem_answer(m, v, a, v->d1, i % v->w, i / v->w);
}

/* The C# Example: a uniformly random free cell anywhere; d1 there, d2 on its mirror. */
static bool bot_random(void *mem, const void *view, void *action, rng_t *rng) {
    spl_mem *m = mem;
    const spl_view *v = view;
    spl_mem_begin(m, v);
    if (!m->geo_ok) return spl_mem_answer(m, v, action, v->d1, 0, 0);
    return random_cell(m, v, false, rng, action);
}

/* The TypeScript example: the same over the left half only, always the first die. */
static bool bot_random_left(void *mem, const void *view, void *action, rng_t *rng) {
    spl_mem *m = mem;
    const spl_view *v = view;
    spl_mem_begin(m, v);
    if (!m->geo_ok) return spl_mem_answer(m, v, action, v->d1, 0, 0);
    return random_cell(m, v, true, rng, action);
}

static bool play_cell(spl_mem *m, const spl_view *v, spl_action *a, int cell, int value) {
    return spl_mem_answer(m, v, a, value, cell % v->w, cell / v->w);
}

static bool bot_greedy(void *mem, const void *view, void *action, rng_t *rng) {
    (void)rng;
    spl_mem *m = mem;
    const spl_view *v = view;
    spl_mem_begin(m, v);
    if (!m->geo_ok) return spl_mem_answer(m, v, action, v->d1, 0, 0);
    spl_bb b;
    spl_bb_from_sheet(&m->geo, m->track.sheet, &b);
    int cell, value;
    if (!spl_greedy_move(&m->geo, &b, v->d1, v->d2, &cell, &value)) return spl_mem_answer(m, v, action, v->d1, 0, 0);
    return play_cell(m, v, action, cell, value);
}

/* Plays the rest of a game with greedy on the given rolls and returns the exact final score. */
static int playout(const spl_geo *g, spl_bb b, const uint8_t (*rolls)[2], int n) {
    for (int r = 0; r < n; r++) {
        int cell, value;
        if (!spl_greedy_move(g, &b, rolls[r][0], rolls[r][1], &cell, &value)) break;
        int other = value == rolls[r][0] ? rolls[r][1] : rolls[r][0];
        spl_bb_pair(g, &b, cell, value, other);
    }
    return spl_bb_score(g, &b);
}

static bool bot_search(void *mem, const void *view, void *action, rng_t *rng) {
    spl_mem *m = mem;
    const spl_view *v = view;
    spl_mem_begin(m, v);
    if (!m->geo_ok) return spl_mem_answer(m, v, action, v->d1, 0, 0);
    const spl_geo *g = &m->geo;
    spl_bb b;
    spl_bb_from_sheet(g, m->track.sheet, &b);
    /* The candidates of Splitter S10: left-half free cells in order, d1 then d2 (if different). */
    int cand_cell[64], cand_val[64], nc = 0;
    for (int k = 0; k < g->ncells_left; k++) {
        int i = g->left[k];
        if (!(b.val[0] & (1ULL << i))) continue;
        cand_cell[nc] = i, cand_val[nc] = v->d1, nc++;
        if (v->d2 != v->d1) cand_cell[nc] = i, cand_val[nc] = v->d2, nc++;
    }
    if (nc == 0) return spl_mem_answer(m, v, action, v->d1, 0, 0);
    int remaining = v->rounds - v->round - 1;
    if (remaining > 62) remaining = 62;
    uint8_t futures[SEARCH_K][64][2];
    if (remaining > 0)
        for (int f = 0; f < SEARCH_K; f++)
            for (int r = 0; r < remaining; r++) {
                futures[f][r][0] = (uint8_t)(1 + rng_below(rng, 6));
                futures[f][r][1] = (uint8_t)(1 + rng_below(rng, 6));
            }
    long best = -1;
    int pick = 0;
    for (int c = 0; c < nc; c++) {
        spl_bb after = b;
        int other = cand_val[c] == v->d1 ? v->d2 : v->d1;
        spl_bb_pair(g, &after, cand_cell[c], cand_val[c], other);
        long total = 0;
        if (remaining <= 0) total = spl_bb_score(g, &after); /* the last round: the exact score */
        else
            for (int f = 0; f < SEARCH_K; f++)
                total += playout(g, after, (const uint8_t(*)[2])futures[f], remaining);
        if (total > best) best = total, pick = c;
    }
    return play_cell(m, v, action, cand_cell[pick], cand_val[pick]);
}

const game_bot spl_bots[] = {
    {.name = "random", .display = "Random", .code = "RA", .memory_size = sizeof(spl_mem), .act = bot_random,
     .resume = spl_mem_resume,
     .help = "the C# Example: d1 on a random free cell anywhere, d2 on its mirror (mean ~7.8)"},
    {.name = "random_left", .display = "Random Left", .code = "RL", .memory_size = sizeof(spl_mem), .act = bot_random_left,
     .resume = spl_mem_resume,
     .help = "the TypeScript example: d1 on a random free cell of the left half"},
    {.name = "greedy", .display = "Greedy", .code = "GR", .memory_size = sizeof(spl_mem), .act = bot_greedy,
     .resume = spl_mem_resume,
     .help = "the placement with the best value of the sheet (exact groups, open partial groups, hearts)"},
    {.name = "search", .display = "Search", .code = "SE", .memory_size = sizeof(spl_mem), .act = bot_search,
     .resume = spl_mem_resume,
     .help = "Monte Carlo: 32 sampled futures of rolls, greedy play-outs, common random numbers"},
    {.name = "champion", .display = "Champion", .code = "CH", .act = spl_champion_act, .act_timed = spl_champion_timed,
     .memory_size = SPL_CHAMPION_MEMORY, .resume = spl_mem_resume,
     .help = "reference bot: Monte Carlo with tuned play-outs and successive halving, as many futures as its clock allows"},
    {0},
};
