/* chk_bots.c: the sample bot and the reference ladder of Chicken P10, written against the
 * typed view: yolanda (random legal), greedy (rung 1), tracker (rung 2: greedy with a door belief
 * filter), searcher (rung 3: tracker's beliefs with a depth-4 alpha-beta search) and the
 * champion (chk_champion.c). */
#include "chk.h"
#include "chk_ai.h"
#include <string.h>

void chk_state_from_view(const chk_view *v, chk_state *st) {
    memset(st, 0, sizeof *st);
    st->cfg.moves = v->moves;
    st->cfg.turds = v->turds;
    st->cfg.spawn_row = 0;
    st->cfg.doors[0] = st->cfg.doors[1] = -1;
    for (int c = 0; c < 2; c++) {
        st->spawn[c] = v->spawn[c];
        st->pos[c] = v->pos[c];
        st->eggs[c] = v->eggs[c];
        st->turds[c] = v->turds_on[c];
        st->turds_left[c] = v->turds_left[c];
        st->moves_left[c] = v->moves_left[c];
        st->score[c] = v->score[c];
        st->bank_left_ms[c] = v->time_ms[c];
        st->seat_of[c] = c;
        st->colour_of[c] = c;
    }
    /* Unknown doors are off the board (never stepped on); found ones are where they were seen. */
    st->door[0] = st->door[1] = -1;
    for (uint64_t f = v->found; f; f &= f - 1) {
        int sq = __builtin_ctzll(f);
        st->door[chk_parity(sq)] = sq;
        st->found[chk_parity(sq)] = true;
    }
    st->ply = v->turn;
    st->mover = v->colour;
    st->winner = CHK_PLAYING;
    st->last.fail_seat = -1;
}

/* Greedy's distance (Chicken P10): BFS from sq through squares me could enter (R11's checks 3-6) that
 * are not found doors, to the nearest square of me's colour without an egg or turd of me. */
int chk_egg_distance_raw(int me, uint64_t own, uint64_t no_entry, int sq) {
    uint64_t colour = me == CHK_A ? 0xAA55AA55AA55AA55ULL : 0x55AA55AA55AA55AAULL;
    uint64_t target = colour & ~own;
    if (target & CHK_BIT(sq)) return 0;
    uint64_t enter = ~no_entry;
    uint64_t seen = CHK_BIT(sq), frontier = CHK_BIT(sq);
    for (int d = 1; frontier; d++) {
        uint64_t next = 0;
        for (uint64_t f = frontier; f; f &= f - 1) next |= CHK_NEIGHBOURS[__builtin_ctzll(f)];
        next &= enter & ~seen;
        if (next & target) return d;
        seen |= next;
        frontier = next;
    }
    return 15;
}

int chk_egg_distance(const chk_state *st, int me, int sq, uint64_t doors_found) {
    int opp = 1 - me;
    uint64_t no_entry = st->eggs[opp] | chk_zone(st->turds[opp]) | CHK_BIT(st->pos[opp]) | doors_found;
    return chk_egg_distance_raw(me, st->eggs[me] | st->turds[me], no_entry, sq);
}

uint64_t chk_found_mask(const chk_state *st) {
    uint64_t f = 0;
    for (int k = 0; k < 2; k++)
        if (st->found[k]) f |= CHK_BIT(st->door[k]);
    return f;
}

/* The move's egg and step, without trapdoors: the position greedy measures from (greedy never
 * weighs a turd). */
static void drop_and_step(chk_state *st, int me, const chk_action *m) {
    int p = st->pos[me];
    if (m->type == CHK_EGG) st->eggs[me] |= CHK_BIT(p);
    st->pos[me] = chk_step(p, m->dir);
}

bool chk_greedy_choose(const chk_state *st, const double *risk, chk_action *out) {
    int me = st->mover;
    chk_action legal[12];
    int n = chk_legal_moves(st, me, legal);
    if (n == 0) return false;
    uint64_t found = chk_found_mask(st);
    double best = 0;
    int pick = -1;
    for (int i = 0; i < n; i++) {
        const chk_action *m = &legal[i];
        if (m->type == CHK_TURD) continue;
        int gain = m->type == CHK_EGG ? (chk_is_corner(st->pos[me]) ? 3 : 1) : 0;
        chk_state after = *st;
        drop_and_step(&after, me, m);
        int d = after.pos[me];
        int dist = chk_egg_distance(&after, me, d, found);
        double danger = risk ? risk[d] : ((found & CHK_BIT(d)) ? 1.0 : 0.0);
        double score = 100.0 * gain - 10.0 * dist - 400.0 * danger;
        if (pick < 0 || score > best) best = score, pick = i;
    }
    /* A legal TURD implies the legal PLAIN of its direction (rule 11 asks less of it): pick >= 0. */
    *out = legal[pick];
    return true;
}

/* ---------- the bots ---------- */

static bool yolanda(void *mem, const void *view, void *action, rng_t *rng) {
    (void)mem;
    const chk_view *v = view;
    int me = v->colour, o = 1 - me;
    unsigned mask = chk_legal_mask_raw(me, v->pos[me], v->pos[o], v->eggs[me] | v->turds_on[me], v->eggs[o],
                                       v->turds_on[o], v->turds_left[me]);
    chk_action *a = action;
    int n = chk_count(mask);
    if (n == 0) { /* never in a game: a mover left without a move ends it first (rule 13.6) */
        *a = (chk_action){CHK_UP, CHK_PLAIN};
        return true;
    }
    /* legal[r] in rule-12 order: the r-th set bit of the mask. */
    for (uint32_t r = rng_below(rng, (uint32_t)n); r; r--) mask &= mask - 1;
    int i = __builtin_ctz(mask);
    *a = (chk_action){i / 3, i % 3};
    return true;
}

static bool greedy(void *mem, const void *view, void *action, rng_t *rng) {
    (void)mem, (void)rng;
    chk_state st;
    chk_state_from_view(view, &st);
    if (!chk_greedy_choose(&st, NULL, action)) *(chk_action *)action = (chk_action){CHK_UP, CHK_PLAIN};
    return true;
}

static bool tracker(void *mem, const void *view, void *action, rng_t *rng) {
    (void)rng;
    chk_beliefs *b = mem;
    chk_state st;
    chk_state_from_view(view, &st);
    chk_beliefs_update(b, view);
    double risk[CHK_CELLS];
    chk_beliefs_risk(b, risk);
    if (!chk_greedy_choose(&st, risk, action)) *(chk_action *)action = (chk_action){CHK_UP, CHK_PLAIN};
    return true;
}

static bool searcher(void *mem, const void *view, void *action, rng_t *rng) {
    (void)rng;
    chk_beliefs *b = mem;
    const chk_view *v = view;
    chk_state st;
    chk_state_from_view(v, &st);
    chk_beliefs_update(b, v);
    double risk[CHK_CELLS];
    chk_beliefs_risk(b, risk);
    int64_t bank = v->time_ms[v->colour];
    bool ok = bank >= 0 && bank < 5000 ? chk_greedy_choose(&st, risk, action)
                                       : chk_search_choose(&st, risk, CHK_SEARCH_DEPTH, true, action, NULL);
    if (!ok) *(chk_action *)action = (chk_action){CHK_UP, CHK_PLAIN};
    return true;
}

static bool champion(void *mem, const void *view, void *action, rng_t *rng) {
    return chk_champion_act(mem, view, action, rng, NULL);
}

const game_bot chk_bots[] = {
    {.name = "yolanda", .display = "Yolanda", .code = "YO", .act = yolanda,
     .help = "the course's sample: a uniform random legal move (rule-12 order)"},
    {.name = "greedy", .display = "Greedy", .code = "GR", .act = greedy, .grade = "grade 70%",
     .help = "reference rung 1: lays eggs, walks to the nearest free egg square"},
    {.name = "tracker", .display = "Tracker", .code = "TR", .memory_size = sizeof(chk_beliefs), .act = tracker,
     .grade = "grade 80%",
     .help = "reference rung 2: greedy plus a Bayes filter on the trapdoors"},
    {.name = "searcher", .display = "Searcher", .code = "SE", .memory_size = sizeof(chk_beliefs), .act = searcher,
     .grade = "grade 90%",
     .help = "reference rung 3: tracker's beliefs plus a depth-4 alpha-beta search"},
    {.name = "champion", .display = "Champion", .code = "CH", .memory_size = sizeof(chk_champion), .act = champion,
     .act_timed = chk_champion_act, .grade = "grade 95%",
     .help = "exact door belief, expectimax alpha-beta with a table, iterative deepening over the 360 s bank"},
    {0},
};
