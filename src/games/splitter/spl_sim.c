/* spl_sim.c: Splitter's fixed encoding for the simulator (game.h sim hooks; docs/sim.md "Splitter").
 * The wire carries only the rolls, so the seat remembers its own sheet (what a process bot keeps
 * too): the memory is the sheet, written when the seat answers. An action is a cell and which die
 * goes there; the other die goes to the cell's mirror (Splitter R4). The score comes at the end (Splitter R9). */
#include "spl.h"
#include <string.h>

typedef struct {
    int8_t sheet[SPL_MAXH][SPL_MAXW];
} spl_memory;

static void spl_sim_shape(const void *view, game_sim_shape *out) {
    const spl_view *v = view;
    out->dtype = GAME_DTYPE_INT8;
    out->obs_size = 2 * v->w * v->h + 4;
    out->actions = 2 * v->w * v->h;
}

static void spl_sim_encode(const void *view, const void *memory, void *obs) {
    const spl_view *v = view;
    const spl_memory *m = memory;
    int8_t *o = obs;
    int cells = v->w * v->h;
    for (int y = 0; y < v->h; y++)
        for (int x = 0; x < v->w; x++) {
            o[y * v->w + x] = m->sheet[y][x];
            o[cells + y * v->w + x] = v->code[y][x];
        }
    o[2 * cells + 0] = (int8_t)v->d1;
    o[2 * cells + 1] = (int8_t)v->d2;
    o[2 * cells + 2] = (int8_t)v->round;
    o[2 * cells + 3] = (int8_t)v->rounds;
}

/* Splitter R5: a placeable cell that is still empty (its mirror is then empty too), either die. */
static void spl_sim_legal(const void *view, const void *memory, uint8_t *mask) {
    const spl_view *v = view;
    const spl_memory *m = memory;
    for (int y = 0; y < v->h; y++)
        for (int x = 0; x < v->w; x++) {
            uint8_t ok = v->code[y][x] != SPL_BLANK && m->sheet[y][x] == 0;
            mask[2 * (y * v->w + x)] = mask[2 * (y * v->w + x) + 1] = ok;
        }
}

static void spl_sim_action(const void *view, const void *memory, int k, void *action) {
    (void)memory;
    const spl_view *v = view;
    spl_action *a = action;
    int cell = k / 2;
    a->v = k % 2 ? v->d2 : v->d1;
    a->x = cell % v->w;
    a->y = cell / v->w;
}

static int spl_sim_index(const void *view, const void *memory, const void *action) {
    (void)memory;
    const spl_view *v = view;
    const spl_action *a = action;
    if (a->x < 0 || a->y < 0 || a->x >= v->w || a->y >= v->h) return -1;
    int die = a->v == v->d1 ? 0 : a->v == v->d2 ? 1 : -1;
    return die < 0 ? -1 : 2 * (a->y * v->w + a->x) + die;
}

/* Splitter R4, as spl_place writes it. */
static void spl_sim_remember(void *memory, const void *view, const void *action) {
    const spl_view *v = view;
    const spl_action *a = action;
    spl_memory *m = memory;
    if (a->x < 0 || a->y < 0 || a->x >= v->w || a->y >= v->h) return;
    m->sheet[a->y][a->x] = (int8_t)a->v;
    m->sheet[a->y][v->w - 1 - a->x] = (int8_t)(a->v == v->d1 ? v->d2 : v->d1);
}

/* The score exists once the sheet is full (Splitter R9): 0 until the end. */
static void spl_sim_score(const void *state, double *scores) {
    const spl_state *st = state;
    scores[0] = st->over ? spl_total(st) : 0;
}

/* The one seat acts until the game is over (game_sim.acting). */
static uint32_t spl_sim_acting(const void *state) { return !((const spl_state *)state)->over; }

const game_sim spl_sim = {
    .shape = spl_sim_shape,
    .memory_size = sizeof(spl_memory),
    .encode = spl_sim_encode,
    .legal = spl_sim_legal,
    .action = spl_sim_action,
    .index = spl_sim_index,
    .remember = spl_sim_remember,
    .score = spl_sim_score,
    .score_ends_as_result = true, /* spl_result's score is spl_total too */
    .score_only_at_end = true,    /* spl_sim_score: 0 until the sheet is full */
    .acting = spl_sim_acting,
    .state_size = sizeof(spl_state),
    .restart = spl_begin,
};
