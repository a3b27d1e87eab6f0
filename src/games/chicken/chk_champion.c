/* chk_champion.c: Chicken's champion (issue 17): the exact door belief (chk_belief.c), the
 * expectimax search (chk_deep.c) and a plan for the bank. The bank is spread over the moves still
 * to make, keeping a reserve; each move's search deepens until half its share is used and is cut
 * at a hard limit. The clock is handed in (game.h bot_clock): without one the same plan is counted
 * in search nodes, which makes the bot deterministic. */
#include "chk_ai.h"
#include <string.h>

chk_budget chk_champion_budget(int64_t bank_ms, int64_t left_ms, int moves_left) {
    /* No bank, or the day that messages state for none (--no-timeout): about a second a move.
     * Spread over 40 moves, a day would be 36 minutes a move, which nobody debugging wants. */
    if (bank_ms <= 0 || bank_ms >= CHK_UNLIMITED_MS) return (chk_budget){1000, 2000};
    if (moves_left < 1) moves_left = 1;
    /* The reserve covers what the referee counts and the bot cannot see: the pipes, being paused
     * and continued, and above all a loaded machine that leaves the program waiting for a core
     * (up to a second on a 2-core machine running 16 processes; hence the second term). */
    int64_t stall = bank_ms / 5 < 1000 ? bank_ms / 5 : 1000;
    int64_t reserve = bank_ms / 20 + stall + 50;
    int64_t usable = left_ms - reserve;
    if (usable <= 0) return (chk_budget){0, 0};
    /* The last few moves are searched to the end of the game in no time, so the bank is shared
     * among the others; an iteration starts only while under half the soft limit, so a move
     * uses between half of it and the hard limit: on average about its share. */
    int share_among = moves_left > CHK_CHAMPION_QUICK_MOVES ? moves_left - CHK_CHAMPION_QUICK_MOVES : 1;
    int64_t share = usable / share_among;
    int64_t soft = share * 3 / 2;
    int64_t hard = 3 * share < usable / 3 ? 3 * share : usable / 3;
    return (chk_budget){soft < hard ? soft : hard, hard};
}

static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }

bool chk_champion_act(void *memory, const void *view, void *action, rng_t *rng, const bot_clock *clock) {
    (void)rng;
    chk_champion *m = memory;
    const chk_view *v = view;
    chk_action *a = action;
    int me = v->colour;
    if (m->moves == 0) m->bank_ms = v->bank_ms;
    chk_beliefs_update(&m->beliefs, v);
    chk_state st;
    chk_state_from_view(v, &st);
    /* The bank left: the referee's figure, or this bot's own account where that is lower (the
     * referee does not charge a built-in, so its figure stays whole). */
    int64_t left = v->time_ms[me];
    if (m->bank_ms > 0) left = min64(left >= 0 ? left : m->bank_ms, m->bank_ms - m->spent_us / 1000);
    chk_budget b = chk_champion_budget(m->bank_ms, left, v->moves_left[me]);
    chk_deep_limits lim = {.clock = clock};
    if (clock) {
        lim.soft = b.soft_ms * 1000;
        lim.hard = b.hard_ms * 1000;
    } else {
        lim.soft = b.soft_ms * CHK_CHAMPION_NODES_PER_MS;
        lim.hard = b.hard_ms * CHK_CHAMPION_NODES_PER_MS;
    }
    if (b.hard_ms <= 0) {
        /* Out of time: a two-ply look, a few hundred nodes. */
        lim.max_depth = 2;
        lim.soft = lim.hard = INT64_MAX;
    }
    if (!chk_deep_choose(&m->deep, &st, &m->beliefs, &lim, &m->last)) m->last.move = (chk_action){CHK_UP, CHK_PLAIN};
    *a = m->last.move;
    m->spent_us += clock ? clock->now_us() - clock->asked_us : m->last.nodes * 1000 / CHK_CHAMPION_NODES_PER_MS;
    m->moves++;
    return true;
}
