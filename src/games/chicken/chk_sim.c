/* chk_sim.c: Chicken's fixed encoding for the simulator (game.h sim hooks; docs/sim.md "Chicken").
 *
 * Everything is seen from the viewer's side: for colour B the board is mirrored left-right
 * (x -> 7-x), which turns B's spawn column and egg squares into A's, and the directions LEFT and
 * RIGHT swap in the action space, so one policy plays both colours. The trapdoors are named by the
 * viewer's egg colour ("my door" is on the squares the viewer lays on). */
#include "chk.h"
#include <string.h>

enum {
    CHK_SIM_PLANES = 8,
    CHK_SIM_SCALARS = CHK_SIM_PLANES * CHK_CELLS,
    CHK_SIM_OBS = CHK_SIM_SCALARS + 12,
    CHK_SIM_ACTIONS = 12
};

/* The square sq as the viewer sees it, and the direction d (an involution both ways). */
static inline int view_sq(int me, int sq) { return me == CHK_A ? sq : CHK_SQ(7 - CHK_X(sq), CHK_Y(sq)); }
static inline int view_dir(int me, int d) { return me == CHK_A || d == CHK_UP || d == CHK_DOWN ? d : 4 - d; }

#define ROW_EVEN 1, 0, 1, 0, 1, 0, 1, 0
#define ROW_ODD 0, 1, 0, 1, 0, 1, 0, 1
static const int16_t EGG_SQUARES[CHK_CELLS] = {ROW_EVEN, ROW_ODD, ROW_EVEN, ROW_ODD,
                                               ROW_EVEN, ROW_ODD, ROW_EVEN, ROW_ODD};

/* BITS16[b][x] = bit x of the byte b: one row of a plane, written as one 16-byte copy (a plane is
 * eight of them; a memset of the planes and a store per set bit cost three times as much). */
#define BITS_1(b) {(b) & 1, (b) >> 1 & 1, (b) >> 2 & 1, (b) >> 3 & 1, (b) >> 4 & 1, (b) >> 5 & 1, (b) >> 6 & 1, (b) >> 7 & 1}
#define BITS_4(b) BITS_1(b), BITS_1((b) + 1), BITS_1((b) + 2), BITS_1((b) + 3)
#define BITS_16(b) BITS_4(b), BITS_4((b) + 4), BITS_4((b) + 8), BITS_4((b) + 12)
#define BITS_64(b) BITS_16(b), BITS_16((b) + 16), BITS_16((b) + 32), BITS_16((b) + 48)
static const int16_t BITS16[256][8] = {BITS_64(0), BITS_64(64), BITS_64(128), BITS_64(192)};

/* The board's squares as the viewer sees them: for B each row (a byte, x its bit) reversed. */
static inline uint64_t view_board(int me, uint64_t b) {
    if (me == CHK_A) return b;
    b = ((b >> 1) & 0x5555555555555555ULL) | ((b & 0x5555555555555555ULL) << 1);
    b = ((b >> 2) & 0x3333333333333333ULL) | ((b & 0x3333333333333333ULL) << 2);
    return ((b >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((b & 0x0F0F0F0F0F0F0F0FULL) << 4);
}

/* One plane: 1 on the squares of board (already in the viewer's frame), else 0. */
static void plane(int16_t *out, uint64_t board) {
    for (int row = 0; row < 8; row++) memcpy(out + 8 * row, BITS16[board >> (8 * row) & 0xff], sizeof BITS16[0]);
}

static void chk_sim_shape(const void *view, game_sim_shape *out) {
    (void)view;
    out->dtype = GAME_DTYPE_INT16;
    out->obs_size = CHK_SIM_OBS;
    out->actions = CHK_SIM_ACTIONS;
}

static void chk_sim_encode(const void *view, const void *memory, void *obs) {
    (void)memory;
    const chk_view *v = view;
    int16_t *o = obs;
    int me = v->colour, opp = 1 - me;
    plane(o + 0 * CHK_CELLS, 1ULL << view_sq(me, v->pos[me]));
    plane(o + 1 * CHK_CELLS, 1ULL << view_sq(me, v->pos[opp]));
    plane(o + 2 * CHK_CELLS, view_board(me, v->eggs[me]));
    plane(o + 3 * CHK_CELLS, view_board(me, v->eggs[opp]));
    plane(o + 4 * CHK_CELLS, view_board(me, v->turds_on[me]));
    plane(o + 5 * CHK_CELLS, view_board(me, v->turds_on[opp]));
    plane(o + 6 * CHK_CELLS, view_board(me, v->found));
    /* the squares the viewer may lay on: after the mirror, x+y even for both colours */
    memcpy(o + 7 * CHK_CELLS, EGG_SQUARES, sizeof EGG_SQUARES);
    int16_t *s = o + CHK_SIM_SCALARS;
    s[0] = (int16_t)me;
    s[1] = (int16_t)v->turn;
    s[2] = (int16_t)v->moves_left[me], s[3] = (int16_t)v->moves_left[opp];
    s[4] = (int16_t)v->turds_left[me], s[5] = (int16_t)v->turds_left[opp];
    s[6] = (int16_t)v->score[me], s[7] = (int16_t)v->score[opp];
    /* readings of the door on the viewer's egg colour, then of the other one */
    int mine = me == CHK_A ? CHK_HEAR_WHITE : CHK_HEAR_BLACK, other = me == CHK_A ? CHK_HEAR_BLACK : CHK_HEAR_WHITE;
    s[8] = v->sense[mine], s[9] = v->sense[mine + 1];
    s[10] = v->sense[other], s[11] = v->sense[other + 1];
}

static void chk_sim_legal(const void *view, const void *memory, uint8_t *mask) {
    (void)memory;
    const chk_view *v = view;
    int me = v->colour, opp = 1 - me;
    unsigned m = chk_legal_mask_raw(me, v->pos[me], v->pos[opp], v->eggs[me] | v->turds_on[me], v->eggs[opp],
                                    v->turds_on[opp], v->turds_left[me]);
    for (int k = 0; k < CHK_SIM_ACTIONS; k++) {
        int d = view_dir(me, k / 3), type = k % 3;
        mask[k] = (m >> (3 * d + type)) & 1;
    }
}

static void chk_sim_action(const void *view, const void *memory, int k, void *action) {
    (void)memory;
    const chk_view *v = view;
    chk_action *a = action;
    a->dir = view_dir(v->colour, k / 3);
    a->type = k % 3;
}

static int chk_sim_index(const void *view, const void *memory, const void *action) {
    (void)memory;
    const chk_view *v = view;
    const chk_action *a = action;
    if (a->dir < 0 || a->dir > 3 || a->type < 0 || a->type > 2) return -1;
    return 3 * view_dir(v->colour, a->dir) + a->type;
}

/* The eggs laid so far (bonuses included): the score the game's end compares. */
static void chk_sim_score(const void *state, double *scores) {
    const chk_state *st = state;
    for (int c = 0; c < 2; c++) scores[st->seat_of[c]] = st->score[c];
}

/* The seat on move, as a bit; none once the game is over (game_sim.acting). */
static uint32_t chk_sim_acting(const void *state) {
    const chk_state *st = state;
    return st->over ? 0 : 1u << st->seat_of[st->mover];
}

const game_sim chk_sim = {
    .shape = chk_sim_shape,
    .encode = chk_sim_encode,
    .legal = chk_sim_legal,
    .action = chk_sim_action,
    .index = chk_sim_index,
    .score = chk_sim_score,
    .acting = chk_sim_acting,
    .state_size = sizeof(chk_state),
    .restart = chk_start,
};
