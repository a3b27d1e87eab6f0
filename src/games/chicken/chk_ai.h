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

/* ---------- the champion's search (chk_deep.c) ----------
 * Expectimax-alpha-beta over both sides' legal moves with chance nodes for the trapdoors: entering a
 * square that may hold an unfound door splits into "fell" (probability = the square's share of the
 * door's remaining belief) and "safe" (the square is cleared, the belief renormalised), a
 * transposition table, move ordering (table move, then eggs, history), iterative deepening that
 * stops on a clock or on a node count. Values are expected results for the side to move: a won game
 * is 1 (+ a thousandth of the margin), a lost one -1, a tie 0; a leaf is tanh(eval / spread). */
#define CHK_DEEP_TT_BITS 20
#define CHK_DEEP_MAX_DEPTH 64

typedef struct {
    uint64_t key;
    float value;
    int8_t depth;
    uint8_t flag; /* 0 empty, 1 exact, 2 lower bound, 3 upper bound */
    uint8_t move; /* 3*dir + type of the best move, 255 none */
    uint8_t age;  /* the search that wrote it */
} chk_deep_entry;

typedef struct {
    chk_deep_entry tt[1u << CHK_DEEP_TT_BITS];
    int32_t history[2][CHK_CELLS][12]; /* cut-offs by side, square and move */
    uint8_t age;
} chk_deep;

/* When to stop: with a clock, microseconds since clock->asked_us; without, nodes searched. A new
 * iteration starts only while below `soft` / 2 (the next one costs several times the last); the
 * search is cut at `hard`, keeping the best move of the last finished iteration (or of the cut one,
 * among the moves it finished). */
typedef struct {
    const bot_clock *clock;
    int64_t soft, hard;  /* microseconds (clock) or nodes (no clock) */
    int max_depth;       /* 0: CHK_DEEP_MAX_DEPTH */
} chk_deep_limits;

typedef struct {
    chk_action move;
    double value;     /* of the last finished iteration, for the side to move */
    int depth;        /* the last finished iteration */
    int64_t nodes;
    bool cut;         /* the search stopped at `hard` */
} chk_deep_result;

/* Chooses st->mover's move. belief: the mover's door beliefs (NULL: doors only where found). */
bool chk_deep_choose(chk_deep *d, const chk_state *st, const chk_beliefs *belief, const chk_deep_limits *lim,
                     chk_deep_result *out);

/* ---------- the champion (chk_champion.c) ---------- */
typedef struct {
    chk_beliefs beliefs;
    int64_t spent_us;    /* think time so far by this bot's own clock (built-ins are not charged) */
    int64_t bank_ms;     /* the bank the game started with (-1: none) */
    int moves;           /* answers given */
    chk_deep_result last;
    chk_deep deep;
} chk_champion;

/* The per-move budget (spec: 360 s bank): how much of `left_ms` this move may use. */
typedef struct {
    int64_t soft_ms, hard_ms;
} chk_budget;
chk_budget chk_champion_budget(int64_t bank_ms, int64_t left_ms, int moves_left);
/* Own moves at the end of a game that need no time: the search reaches the end. */
#define CHK_CHAMPION_QUICK_MOVES 5
/* Nodes per millisecond assumed when no clock is handed in (deterministic runs). */
#define CHK_CHAMPION_NODES_PER_MS 1000
bool chk_champion_act(void *memory, const void *view, void *action, rng_t *rng, const bot_clock *clock);
#endif
