/* spl_bb.h: a fast board for Splitter's bots: the sheet as 64-bit masks (a layout of at most 64
 * cells, index y*w + x), the greedy value E of Splitter S10 in exact integers (6E), the exact
 * score (Splitter R9), and greedy moves computed from per-candidate differences of 6E. */
#ifndef ARENA_SPL_BB_H
#define ARENA_SPL_BB_H
#include "spl.h"

typedef struct {
    int w, h, n;            /* n = w * h <= 64 */
    uint64_t all;           /* every cell */
    uint64_t fill;          /* fillable cells */
    uint64_t star, heart;
    int nhearts;
    uint64_t not_col0;      /* cells with x > 0 */
    uint64_t not_collast;   /* cells with x < w-1 */
    int8_t mirror[64];
    int ncells_left;        /* fillable cells with x < w/2, in candidate order (y, then x) */
    int8_t left[32];
} spl_geo;

typedef struct {
    uint64_t val[7];   /* val[v]: cells holding v; val[0]: fillable cells still empty */
    int8_t cell[64];   /* 0 empty, else the value */
} spl_bb;

/* False when the layout has more than 64 cells (the bots play only the two 8x7 layouts). */
bool spl_geo_init(spl_geo *g, int w, int h, const int8_t code[SPL_MAXH][SPL_MAXW]);
void spl_bb_from_sheet(const spl_geo *g, const int8_t sheet[SPL_MAXH][SPL_MAXW], spl_bb *b);
static inline void spl_bb_put(spl_bb *b, int i, int v) {
    b->cell[i] = (int8_t)v;
    b->val[v] |= 1ULL << i;
    b->val[0] &= ~(1ULL << i);
}
/* Writes v at cell i and the other die at its mirror. */
static inline void spl_bb_pair(const spl_geo *g, spl_bb *b, int i, int v, int other) {
    spl_bb_put(b, i, v);
    spl_bb_put(b, g->mirror[i], other);
}

/* Splitter R9: the exact score of the sheet. */
int spl_bb_score(const spl_geo *g, const spl_bb *b);
/* spl_bb_score of a layout's sheet in one pass over its cells, without the bots' geometry (what the
 * game's result needs once per game); -1 when the layout has more than 64 cells. */
int spl_bb_sheet_score(int w, int h, const int8_t code[SPL_MAXH][SPL_MAXW], const int8_t sheet[SPL_MAXH][SPL_MAXW]);
/* 6E, the greedy value of Splitter S10, computed from scratch (the reference for the fast path). */
int spl_bb_value6(const spl_geo *g, const spl_bb *b);

/* Weights of a greedy value other than 6E (the champion's rollouts): a group of value v and size
 * s (v+1: larger than v), touching a star or not, with 0, 1 or more empty fillable neighbours is
 * worth t[v][s][star][n]; the hearts heart_full when all agree, heart_cell per agreeing filled
 * heart while some are empty. Integers on any scale. */
typedef struct {
    int16_t t[7][8][2][3];
    int16_t heart_full, heart_cell;
} spl_weights;
/* The value of the sheet under weights w (NULL: 6E), from scratch (the reference for the delta). */
int spl_bb_value_w(const spl_geo *g, const spl_bb *b, const spl_weights *w);

/* Per-move precomputation for fast candidate evaluation: the groups of the sheet. */
typedef struct {
    int8_t gid[64];      /* group of a filled cell, -1 for an empty one */
    int ngroups;
    int8_t gval[64], gsize[64];
    bool gstar[64];
    uint64_t gen[64];    /* the group's empty fillable orthogonal neighbours */
    int heart_term6;     /* 6 x the heart term of E */
} spl_groups;

void spl_groups_build(const spl_geo *g, const spl_bb *b, spl_groups *gr);
/* 6E(after) - 6E(before) for writing a at left cell i and b at its mirror. */
int spl_delta6(const spl_geo *g, const spl_bb *b, const spl_groups *gr, int i, int a, int bv);

/* The greedy move of Splitter S10 for roll d1 d2: the candidate (left cell, value) with the largest
 * E, the earliest on ties. Returns false when no cell is free. */
bool spl_greedy_move(const spl_geo *g, const spl_bb *b, int d1, int d2, int *cell, int *value);
/* The same under weights w (NULL: 6E), and its per-candidate difference. */
bool spl_greedy_move_w(const spl_geo *g, const spl_bb *b, const spl_weights *w, int d1, int d2, int *cell, int *value);
int spl_delta_w(const spl_geo *g, const spl_bb *b, const spl_groups *gr, const spl_weights *w, int i, int a, int bv);
/* A built-in bot's memory: its record of the sheet (as a process keeps it) and the board. */
typedef struct {
    spl_track track;
    spl_geo geo;
    bool geo_ok;
    uint64_t filled; /* cells written on our record, as a mask (when geo_ok) */
} spl_mem;
/* Brings the record up to date with view v (first thing in every move). */
void spl_mem_begin(spl_mem *m, const spl_view *v);
/* game_bot.resume of every Splitter bot (each memory starts with an spl_mem): the record of the
 * sheet is the state's (the seat wrote every cell of it); the board follows in spl_mem_begin. */
void spl_mem_resume(void *memory, const void *state, int seat);
/* Answers `value x y` and notes it on the record. */
bool spl_mem_answer(spl_mem *m, const spl_view *v, spl_action *a, int value, int x, int y);

/* The champion (spl_champion.c). */
#define SPL_CHAMPION_MEMORY 1024 /* bytes of its memory (checked against its struct) */
bool spl_champion_act(void *memory, const void *view, void *action, rng_t *rng);
bool spl_champion_timed(void *memory, const void *view, void *action, rng_t *rng, const bot_clock *clock);
#endif
