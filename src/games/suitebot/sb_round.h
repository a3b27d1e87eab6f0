/* sb_round.h: a compact copy of SuiteBot's round (rules 7-9) for the champion's search: bombs as a
 * list, resources as bits, no event records, so a state is a few hundred bytes and a round costs
 * the bombs, not the plan. tests/unit/test_champions.c checks it against sb_play_round. */
#ifndef ARENA_SB_ROUND_H
#define ARENA_SB_ROUND_H
#include "sb.h"

#define SBR_MAX_CELLS 1024 /* plans up to 32x32 (the default layouts are at most 21x21) */
#define SBR_WORDS (SBR_MAX_CELLS / 64)
#define SBR_MAX_BOMBS 96   /* a plant per player per round, living at most C+1 <= 10 rounds */

typedef struct {
    int16_t cell;
    uint8_t owner;     /* player id 1..8 */
    uint8_t countdown; /* as in the state line */
} sbr_bomb;

/* What does not change during a game: the plan, the rules, the moves and the blast. */
typedef struct {
    int w, h, cells, n;
    int countdown, kill, rounds;
    int16_t base[SB_MAX_PLAYERS];
    int8_t base_owner[SBR_MAX_CELLS];  /* player index + 1 whose base the field is, 0: none */
    int16_t step[SBR_MAX_CELLS][SB_MOVES]; /* the field after each action (HOLD, PLANT: the same) */
    int nblast;
    int8_t bdx[SB_MAX_BLAST], bdy[SB_MAX_BLAST];
    uint8_t in_blast[SBR_MAX_CELLS];   /* by offset (dy mod h) * w + (dx mod w): inside a blast */
} sbr_geo;

typedef struct {
    int round;                      /* the round about to be played (1..R) */
    int16_t agent[SB_MAX_PLAYERS];  /* fields of the agents */
    int score[SB_MAX_PLAYERS];
    int8_t last[SB_MAX_PLAYERS];    /* the actions applied last round */
    uint8_t died[SB_MAX_PLAYERS];   /* deaths since the state was made (search bookkeeping) */
    int nb;
    sbr_bomb bomb[SBR_MAX_BOMBS];
    uint64_t res[SBR_WORDS];        /* resource bits by field */
} sbr_state;

/* False when the plan is too large for the compact form. */
bool sbr_geo_from_view(sbr_geo *g, const sb_view *v);
void sbr_from_view(const sbr_geo *g, const sb_view *v, sbr_state *s);
/* The view of player `id` (1..n) of a compact state, names left NULL: for the models the search
 * asks what an opponent would do. */
void sbr_to_view(const sbr_geo *g, const sbr_state *s, const sb_view *like, int id, sb_view *out);
/* Plays one round with moves[p] for player index p (rules 7: move, collide, plant, explode,
 * respawn). */
void sbr_play(const sbr_geo *g, sbr_state *s, const int *moves);
static inline bool sbr_res(const sbr_state *s, int c) { return (s->res[c >> 6] >> (c & 63)) & 1; }
#endif
