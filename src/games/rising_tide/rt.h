/* rt.h: Rising Tide internals shared by the game's files (rules, codec, bots, records, log, draw). */
#ifndef ARENA_RT_H
#define ARENA_RT_H
#include "../../game/game.h"
#include <stdbool.h>
#include <stdint.h>

#define RT_N 18
#define RT_CELLS (RT_N * RT_N)
#define RT_SEATS 4
#define RT_MAX_ROUNDS 800
#define RT_FLOODED (-1)

extern const int RT_CITY[RT_SEATS][2];

typedef struct {
    bool original; /* rules=original: no adjacency check (Rising Tide R6.2) */
    int rounds;    /* 1..800 */
} rt_config;

/* A move in some coordinate frame; kind tells pass from move. */
enum { RT_PASS = 0, RT_MOVE = 1 };

typedef struct {
    int32_t kind;           /* RT_PASS or RT_MOVE */
    int32_t i1, j1, i2, j2; /* view coordinates as the bot sent them */
} rt_action;

/* The typed view of one seat: exactly what the wire message carries. */
typedef struct {
    int32_t seat, rotation, rounds;
    bool original; /* rules in force */
    bool first;    /* the first message of the game (carries the header) */
    int32_t round;
    int8_t cell[RT_N][RT_N]; /* rotated: own city at (5,5) */
} rt_view;

/* What the last round did, for replays, logs and the display. */
typedef struct {
    int round;                 /* the round these describe (-1 before the first) */
    int n_order;
    int order[RT_SEATS];       /* execution order (Rising Tide R8) */
    bool moved[RT_SEATS];      /* the seat had a move submitted (board coordinates below) */
    int move[RT_SEATS][4];     /* board coordinates si, sj, di, dj */
    bool done[RT_SEATS];       /* carried out (else skipped at execution, Rising Tide R5.5) */
    bool eliminated[RT_SEATS]; /* eliminated in this round */
    int flooded;               /* cells flooded this round */
} rt_last;

typedef struct {
    rt_config cfg;
    int8_t board[RT_N][RT_N];
    int8_t rot[RT_SEATS][RT_N][RT_N]; /* the four views, kept in step with board */
    int round;                        /* the next round to play */
    int score[RT_SEATS];              /* -1 while not eliminated; final scores once over */
    bool over;
    rt_last last;
    /* Flood front: dry cells on the border or next to water; only they can flood (Rising Tide R7). */
    int front[RT_CELLS];
    int n_front;
    bool in_front[RT_CELLS];
} rt_state;

/* The C starter kit's parser state (rt_kit_parse). */
typedef struct {
    int seat, rotation, rounds;
    bool original;
    bool header_done, in_round;
    int row;
    int round;
    int8_t cell[RT_N][RT_N];
} rt_kit;


/* rules */
void rt_start(rt_state *st, const rt_config *cfg);
/* Inline, with rt_legal_original: random_rizhao tries them up to 64 times a move. */
static inline bool rt_is_city(int i, int j) { return (i == 5 || i == 12) && (j == 5 || j == 12); }
void rt_view_to_board(int seat, int vi, int vj, int *bi, int *bj);
void rt_board_to_view(int seat, int bi, int bj, int *vi, int *vj);
/* Rising Tide R6 on board coordinates. */
bool rt_legal(const int8_t (*b)[RT_N], bool original, int si, int sj, int di, int dj);
/* The original engine's is_legal on a grid (no adjacency check). */
static inline bool rt_legal_original(const int8_t (*b)[RT_N], int si, int sj, int di, int dj) {
    if (si < 0 || sj < 0 || si >= RT_N || sj >= RT_N || di < 0 || dj < 0 || di >= RT_N || dj >= RT_N) return false;
    if (b[si][sj] < 1) return false;
    if (b[di][dj] == RT_FLOODED || b[di][dj] > 7) return false;
    return !rt_is_city(si, sj) && !rt_is_city(di, dj);
}
bool rt_alive(const rt_state *st, int seat);
/* Plays one round with the given board-coordinate moves (NULL entry = pass) in the given order:
 * the entry point for traces; apply() draws the order and calls it. */
void rt_play_round(rt_state *st, const int (*moves)[4], const bool *has_move, const int *order, int n_order);
void rt_flood_step(rt_state *st, int r);
int rt_terrain_sum(const int8_t (*b)[RT_N]);

/* bots helpers (view coordinates; rt_rules.c, below the bots and the champion) */
/* On the border or next to a flooded cell (8-neighbours). */
bool rt_near_water(const int8_t (*v)[RT_N], int i, int j);
int rt_dist(int i1, int j1, int i2, int j2); /* taxicab */

/* codec */
void rt_view_of(const rt_state *st, int seat, rt_view *v);
void rt_encode_view(const rt_view *v, buf_t *out);
decode_result rt_decode_line(const char *line, size_t n, rt_action *a, buf_t *why);
void rt_encode_action(const rt_action *a, buf_t *out);
int rt_kit_parse(void *kit, const char *line, size_t n, rt_view *v);

extern const game_bot rt_bots[];
/* The champion (rt_champion.c). */
bool rt_champion_act(void *memory, const void *view, void *action, rng_t *rng);
/* The same with a clock: a look ahead when its city is threatened, within a quarter of the move limit. */
bool rt_champion_timed(void *memory, const void *view, void *action, rng_t *rng, const bot_clock *clock);
/* A new game in state from the setup, without allocating (rt_rules.c: create and the simulator's
 * restart); false + message on bad options or seats. */
bool rt_begin(void *state, const game_setup *setup, buf_t *err);
extern const game_t game_rising_tide;
/* the simulator's encoding (rt_sim.c) */
extern const game_sim rt_sim;
#endif
