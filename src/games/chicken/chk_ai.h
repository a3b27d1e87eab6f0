/* chk_ai.h: what the reference bots share: the door belief filter (tracker, searcher), greedy's
 * choice and the fixed-depth search (Chicken P10). Exposed for the tests. */
#ifndef ARENA_CHK_AI_H
#define ARENA_CHK_AI_H
#include "chk.h"

#define CHK_SEARCH_DEPTH 4

/* The two beliefs (white door over white squares, black door over black squares) and the squares
 * known to hold no door. Zeroed memory means "not started". */
typedef struct {
    bool started;
    uint64_t safe;
    double belief[2][CHK_CELLS];
} chk_beliefs;

/* A chk_state of the viewer's knowledge: unknown doors are -1 (off the board). */
void chk_state_from_view(const chk_view *v, chk_state *st);
uint64_t chk_found_mask(const chk_state *st);
/* One turn of the filter: mark safe squares, then weigh each unfound door by the readings. */
void chk_beliefs_update(chk_beliefs *b, const chk_view *v);
/* r(s): the belief of s in its colour's belief. */
void chk_beliefs_risk(const chk_beliefs *b, double risk[CHK_CELLS]);
/* Greedy's choice with risk r (NULL: 1 on found doors, else 0). False when there is no legal move. */
bool chk_greedy_choose(const chk_state *st, const double *risk, chk_action *out);
/* Searcher's choice: negamax to `depth` plies; alphabeta false runs plain minimax (the tests check
 * that both choose the same). value (may be NULL) receives the root value. */
bool chk_search_choose(const chk_state *st, const double risk[CHK_CELLS], int depth, bool alphabeta, chk_action *out,
                       double *value);
#endif
