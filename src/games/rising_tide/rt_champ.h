/* rt_champ.h: the pieces of Rising Tide's champion shared by its files: its memory between rounds
 * (rt_champion.c) and the look-ahead that simulates the other seats' replies (rt_champ_look.c). */
#ifndef ARENA_RT_CHAMP_H
#define ARENA_RT_CHAMP_H
#include "rt.h"
#include "../../game/think.h"

static inline bool rt_champ_on_board(int i, int j) { return i >= 0 && j >= 0 && i < RT_N && j < RT_N; }
/* rt_is_city and rt_dist, inlined for the look-ahead's inner loops. */
static inline bool rt_champ_is_city(int i, int j) { return (i == 5 || i == 12) && (j == 5 || j == 12); }
static inline int rt_champ_dist(int i1, int j1, int i2, int j2) {
    return (i1 > i2 ? i1 - i2 : i2 - i1) + (j1 > j2 ? j1 - j2 : j2 - j1);
}

/* The ring of (i, j) around our city (5,5): 0 the city, 1 its eight neighbours, ... */
static inline int rt_champ_ring(int i, int j) {
    int a = i > 5 ? i - 5 : 5 - i, b = j > 5 ? j - 5 : 5 - j;
    return a > b ? a : b;
}

/* What the champion believes of the other seats: for the seat whose city is RT_CITY[k] of the
 * view (k = 1..3), how often (percent, a moving average) its last moves looked like trench_tunis
 * digging, or like nearby_new_orleans heaping land by its city. */
typedef struct {
    int dig[RT_SEATS];
    int near[RT_SEATS];
} rt_champ_belief;

/* What the champion remembers between rounds (the bot's memory, zeroed before the game). */
typedef struct {
    bool seen;               /* prev holds the last round's view */
    int8_t prev[RT_N][RT_N]; /* the view of the last round */
    rt_action last;          /* our move of the last round */
    rt_champ_belief belief;
    int three_digs;          /* rounds in which the others dug three units from the coast cells
                                nearest a city: three trench_tunis (two diggers dig at most two) */
} rt_champ_memory;

/* The position the look-ahead starts from: the seat's view (own city at (5,5)). */
typedef struct {
    const int8_t (*v)[RT_N];
    int round, rounds;
    rt_champ_belief belief; /* each sweep models seat k as a digger with probability dig[k] %,
                               else as nearby with near[k] %, else passing */
} rt_look_pos;

typedef struct {
    int rollouts;  /* complete sweeps over the candidates */
    int64_t rounds; /* simulated rounds, all candidates */
    int best;      /* the index chosen */
    int deaths;    /* rollouts in which our city sank */
    double mean[64]; /* each candidate's mean outcome */
} rt_look_stats;

/* Our later moves in a rollout: both repair a ring cell below 8 next to water first; then PLUG
 * raises the coast cell nearest our city (seawall_sydney), FORTIFY raises the ring cell nearest
 * that coast and its ring neighbours to 8 (so the channel the diggers drill finds a wall it cannot
 * dig), DEFLECT digs the coast of the living city nearest the water while ours is as near (so
 * the diggers go there), then plugs. */
enum { RT_POLICY_PLUG, RT_POLICY_FORTIFY, RT_POLICY_DEFLECT, RT_POLICIES };
void rt_champ_policy(const int8_t (*b)[RT_N], const uint8_t (*nw)[RT_N], int policy, rt_action *a);

/* A candidate: our move now, and the policy our later moves follow in its rollouts. */
typedef struct {
    rt_action first;
    int policy;
} rt_look_cand;

/* Rounds simulated ahead in each rollout. */
#define RT_LOOK_HORIZON 24
/* Rollouts of the preferred move alone before the candidates are compared: none sinks, no search. */
#define RT_LOOK_PROBE 6
/* Sweeps below which the preferred move stands: one or two rollouts a candidate pick on the dice
 * (the real clock's 30 ms on a starved CPU; without a clock there are some forty). */
#define RT_LOOK_MIN_SWEEPS 4

/* Plays rollouts of RT_LOOK_HORIZON rounds after each candidate move (the other seats after the
 * belief; our later moves by the candidate's policy), the
 * same random numbers for every candidate, until the budget runs out, and returns the index of the
 * candidate with the best mean outcome (0, the caller's preferred move, unless another is better). */
int rt_champ_look(const rt_look_pos *p, const rt_look_cand *cand, int n, think_budget *tb, rng_t *rng,
                  rt_look_stats *stats);
/* rt_champ_model.c: the sample bots as seen from our view. One digger's choice (trench_tunis,
 * Rising Tide D14) for the seat whose city is RT_CITY[k] of the view, on board b (nw: its
 * rt_champ_near_water): uniform among the moves from a cell next to water nearest another city. */
bool rt_champ_digger(const int8_t (*b)[RT_N], const uint8_t (*nw)[RT_N], int k, rng_t *rng, rt_action *a);
/* The taxicab distance from city (ci, cj) to its nearest coast: a dry cell on the border or next
 * to water, not a city (the sample trench digger attacks the coast nearest any other city);
 * 1000000 if there is none. */
int rt_champ_coast_dist(const int8_t (*b)[RT_N], int ci, int cj);
/* nw[i][j] = 1 for the cells on the border or next to water (rt_near_water, for the whole board). */
void rt_champ_near_water(const int8_t (*b)[RT_N], uint8_t nw[RT_N][RT_N]);
/* How the look-ahead plays another seat: passing, digging (rt_champ_digger), or as
 * nearby_new_orleans (uniform among the moves onto the cells nearest its city). */
enum { RT_MODEL_PASS, RT_MODEL_DIG, RT_MODEL_NEAR };
/* The model of seat k for a draw u in 0..99, after the belief. */
static inline int rt_champ_model_of(const rt_champ_belief *bf, int k, int u) {
    return u < bf->dig[k] ? RT_MODEL_DIG : u < bf->dig[k] + bf->near[k] ? RT_MODEL_NEAR : RT_MODEL_PASS;
}
/* The cells one model scores, and how many moves each has (-1: not counted yet; rt_champ_model.c). */
typedef struct {
    int n;
    int16_t cell[RT_CELLS];
    int8_t count[RT_CELLS];
} rt_champ_cands;
/* One board's cells with moves, for every seat's model at once (each list built on first use):
 * the seats of a round share them. nw may be NULL if no digger is asked for. */
typedef struct {
    const int8_t (*b)[RT_N];
    const uint8_t (*nw)[RT_N];
    bool has_dig, has_near;
    rt_champ_cands dig, near;
} rt_champ_lists;
void rt_champ_lists_init(rt_champ_lists *l, const int8_t (*b)[RT_N], const uint8_t (*nw)[RT_N]);
/* Seat k's move on l's board after model RT_MODEL_*; false (a pass) if the model passes or has
 * no move. */
bool rt_champ_model_move(rt_champ_lists *l, int k, int model, rng_t *rng, rt_action *a);
/* rt_champ_late.c: from round RT_LATE on, replaces the rule move *a by the move (rings 1 to 3, or
 * a pass) after which the ring is least exposed, one round ahead against samples of the other seats'
 * moves (after the belief, every seat not seen digging played as nearby_new_orleans) and of the
 * order: first that the city does not sink this round, then that few holes lie beside, or two or
 * three steps from, a ring cell next to water at the next round's start, and none in the ring. */
#define RT_LATE 500
void rt_champ_late(const int8_t (*v)[RT_N], int r, const rt_champ_belief *bf, rng_t *rng, rt_action *a);
/* Updates the belief from the change between the last view and this one (our own move taken
 * out, if it was carried out), and three_digs; the first view sets the worst case: three diggers. */
void rt_champ_watch(rt_champ_memory *m, const int8_t (*now)[RT_N]);
#endif
