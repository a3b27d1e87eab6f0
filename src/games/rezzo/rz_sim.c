/* rz_sim.c: Rezzo's fixed encoding for the simulator (game.h sim hooks; docs/sim.md "Rezzo"). The
 * observation is the 13x13 viewport the wire message carries (P2: the agent at the bottom centre,
 * looking up), as a cell type, whose it is (the viewer's own or another player's) and its damage,
 * plus the last ack; the world beyond the viewport stays hidden. An action is one of the 6 bytes. */
#include "rz.h"
#include <string.h>

enum { RZ_SIM_OBS = 3 * RZ_VIEWPORT_SQ + 1, RZ_SIM_ACTIONS = 6 };

/* The viewer's agent: ahead 0, right 0 (rz_view_cell). */
#define RZ_SIM_SELF ((RZ_VIEWPORT - 1) * RZ_VIEWPORT + RZ_VIEWPORT / 2)

/* The flat actions in order. */
static const uint8_t ACT[RZ_SIM_ACTIONS] = {RZ_ACT_NOP,   RZ_ACT_ADVANCE, RZ_ACT_LEFT,
                                            RZ_ACT_RIGHT, RZ_ACT_BUILD,   RZ_ACT_HIT};

/* Cell types as small numbers: blank 0, conductor 1, electron 2, tail 3, photon 4, agent 5, flag 6,
 * geyser 7, base 8; by view letter, the type number in the low nibble and the owner (1..10) in the
 * high one: rz_unletter and a switch per cell were a tenth of a simulator step. A byte that is no
 * letter reads as blank, as rz_unletter's false did. */
#define OWNED(letter, number)                                                                                      \
    [(letter) + 0] = (number) | 1 << 4, [(letter) + 1] = (number) | 2 << 4, [(letter) + 2] = (number) | 3 << 4,   \
    [(letter) + 3] = (number) | 4 << 4, [(letter) + 4] = (number) | 5 << 4, [(letter) + 5] = (number) | 6 << 4,   \
    [(letter) + 6] = (number) | 7 << 4, [(letter) + 7] = (number) | 8 << 4, [(letter) + 8] = (number) | 9 << 4,   \
    [(letter) + 9] = (number) | 10 << 4
static const uint8_t LETTER[256] = {[RZ_COND] = 1,         [RZ_ELEC] = 2,        [RZ_TAIL] = 3,
                                    [RZ_PHOTON] = 4,       OWNED(RZ_AGENT, 5),   OWNED(RZ_FLAG, 6),
                                    OWNED(RZ_GEYSER, 7),   OWNED(RZ_BASE, 8)};
#undef OWNED

static void rz_sim_shape(const void *view, game_sim_shape *out) {
    (void)view;
    out->dtype = GAME_DTYPE_UINT8;
    out->obs_size = RZ_SIM_OBS;
    out->actions = RZ_SIM_ACTIONS;
}

static void rz_sim_encode(const void *view, const void *memory, void *obs) {
    (void)memory;
    const rz_view *v = view;
    uint8_t *o = obs, me = LETTER[v->c[RZ_SIM_SELF]] >> 4;
    for (int i = 0; i < RZ_VIEWPORT_SQ; i++) {
        uint8_t t = LETTER[v->c[i]], owner = t >> 4;
        o[i] = t & 15;
        o[RZ_VIEWPORT_SQ + i] = owner == 0 ? 0 : owner == me ? 1 : 2;
        o[2 * RZ_VIEWPORT_SQ + i] = v->damage[i];
    }
    o[3 * RZ_VIEWPORT_SQ] = v->ack;
}

/* Every action byte is legal (a refused move is answered with INVALID_ACTION, not a verdict). */
static void rz_sim_legal(const void *view, const void *memory, uint8_t *mask) {
    (void)view, (void)memory;
    memset(mask, 1, RZ_SIM_ACTIONS);
}

static void rz_sim_action(const void *view, const void *memory, int k, void *action) {
    (void)memory;
    rz_action *a = action;
    a->ts = ((const rz_view *)view)->ts;
    a->act = ACT[k];
}

static int rz_sim_index(const void *view, const void *memory, const void *action) {
    (void)view, (void)memory;
    for (int k = 0; k < RZ_SIM_ACTIONS; k++)
        if (ACT[k] == ((const rz_action *)action)->act) return k;
    return -1;
}

/* The world is several arrays: everything but them is copied whole. */
static void rz_sim_copy(void *dst, const void *src) {
    rz_state *d = dst;
    const rz_state *s = src;
    rz_world w = d->world;
    bool copied = rz_world_copy(&w, &s->world);
    *d = *s;
    d->world = w;
    if (!copied) d->over = true; /* out of memory: the copy is a failed game (rz_failed) */
}

const game_sim rz_sim = {
    .shape = rz_sim_shape,
    .encode = rz_sim_encode,
    .legal = rz_sim_legal,
    .action = rz_sim_action,
    .index = rz_sim_index,
    .copy = rz_sim_copy,
    .restart = rz_begin,
};
