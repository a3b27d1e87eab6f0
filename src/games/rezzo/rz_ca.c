/* rz_ca.c: the CA step (Rezzo R6-R11) and elimination (Rezzo R12), fast.
 *
 * Only electrons, tails, photons and flags can change, and conductors only when an electron is
 * next to them (Rezzo R6-R8). So a step visits the active list instead of the whole world: phase A reads
 * the old state and decides every change, phase B writes them. Blank cells, which are most of the
 * world, are never touched; the cost is proportional to the number of moving electrons. */
#include "rz.h"
#include <stdlib.h>
#include <string.h>

/* Undoes phase A's counts after a list could not grow: the world is as before the step. */
static uint32_t out_of_memory(rz_world *w) {
    for (size_t k = 0; k < w->ncand; k++) w->count[w->cand[k]] = 0;
    w->ncand = w->ndiss = 0;
    w->oom = true;
    return 0;
}

/* Room phase B's changes may need: a cell is listed once (mark), whatever writes it. */
static size_t changes_at_most(const rz_world *w) {
    size_t k = w->nchanged + w->ndiss + w->nactive + w->ncand;
    return k < w->n ? k : w->n;
}

/* The 8 neighbours of cell i (Rezzo R3), wrapped. */
static inline void neighbours(const rz_world *w, uint32_t i, uint32_t nb[8]) {
    uint32_t W = (uint32_t)w->w, H = (uint32_t)w->h;
    uint32_t y = i / W, x = i - y * W;
    uint32_t xl = x ? x - 1 : W - 1, xr = x + 1 < W ? x + 1 : 0;
    uint32_t ru = (y ? y - 1 : H - 1) * W, rc = y * W, rd = (y + 1 < H ? y + 1 : 0) * W;
    nb[0] = ru + xl, nb[1] = ru + x, nb[2] = ru + xr;
    nb[3] = rc + xl, nb[4] = rc + xr;
    nb[5] = rd + xl, nb[6] = rd + x, nb[7] = rd + xr;
}

/* rz_set in phase B, inline: the room for every change was reserved before the first write, so
 * listing a change cannot fail here (rz_set's note_change would find the room too). */
static inline void set_tracked(rz_world *w, uint32_t i, uint8_t type, uint8_t owner) {
    if ((w->type[i] != type || w->owner[i] != owner) && !w->mark[i]) {
        w->mark[i] = 1;
        w->changed[w->nchanged++] = i;
    }
    w->type[i] = type;
    w->owner[i] = owner;
}

uint32_t rz_ca_step(rz_world *w) {
    uint8_t *type = w->type, *owner = w->owner;
    uint32_t losers = 0;
    uint32_t nb[8];
    w->ncand = w->ndiss = 0;
    /* Phase A: decide from the old state only. */
    for (size_t k = 0; k < w->nactive; k++) {
        uint32_t i = w->active[k];
        uint8_t t = type[i];
        uint8_t ft = 0, fo = 0; /* 0: stale entry, nothing to do */
        switch (t) {
        case RZ_ELEC: {
            bool flag_near = false, tail_near = false;
            neighbours(w, i, nb);
            if (w->ncand + 8 > w->cand_cap && !rz_cells_reserve(&w->cand, &w->cand_cap, w->ncand + 8))
                return out_of_memory(w);
            for (int d = 0; d < 8; d++) {
                uint32_t j = nb[d];
                uint8_t tj = type[j];
                if (tj == RZ_COND) {
                    if (w->count[j]++ == 0) w->cand[w->ncand++] = j;
                } else if (tj == RZ_FLAG || tj == RZ_GEYSER) {
                    flag_near = true;
                } else if (tj == RZ_TAIL) {
                    tail_near = true;
                }
            }
            ft = flag_near && tail_near ? RZ_PHOTON : RZ_TAIL; /* Rezzo R9 */
            break;
        }
        case RZ_TAIL:
            ft = RZ_COND; /* Rezzo R7 */
            break;
        case RZ_PHOTON: {
            /* Rezzo R10: the flag/geyser neighbours decide; R11.2: their flags dissipate. */
            uint8_t who = 0;
            bool mixed = false;
            neighbours(w, i, nb);
            if (w->ndiss + 8 > w->diss_cap && !rz_cells_reserve(&w->dissipate, &w->diss_cap, w->ndiss + 8))
                return out_of_memory(w);
            for (int d = 0; d < 8; d++) {
                uint32_t j = nb[d];
                uint8_t tj = type[j];
                if (tj != RZ_FLAG && tj != RZ_GEYSER) continue;
                if (tj == RZ_FLAG) w->dissipate[w->ndiss++] = j;
                if (!who) who = owner[j];
                else if (owner[j] != who) mixed = true;
            }
            if (who && !mixed) ft = RZ_FLAG, fo = who;
            else ft = RZ_COND;
            break;
        }
        case RZ_FLAG: {
            /* Rezzo R11.1: a foreign base next to the flag marks its owner as a loser. */
            uint8_t p = owner[i];
            neighbours(w, i, nb);
            for (int d = 0; d < 8; d++) {
                uint32_t j = nb[d];
                if (type[j] == RZ_BASE && owner[j] != p) losers |= 1u << p;
            }
            ft = RZ_FLAG, fo = p;
            break;
        }
        default:
            break;
        }
        w->fate_t[k] = ft;
        w->fate_o[k] = fo;
    }
    /* Every list phase B fills has its room before the first write: a step that cannot get the
     * memory changes nothing (the game then stops, rz_tick). */
    if (!rz_active_reserve(w, w->nactive + w->ncand) ||
        (w->track && !rz_cells_reserve(&w->changed, &w->changed_cap, changes_at_most(w))))
        return out_of_memory(w);
    /* Phase B: write. Every written cell's new value depends on its own old type, and the groups
     * below (flags, electrons/tails/photons, conductors) are disjoint in the old state. */
    bool track = w->track;
    for (size_t k = 0; k < w->ndiss; k++) {
        uint32_t j = w->dissipate[k];
        if (track) set_tracked(w, j, RZ_COND, 0);
        else type[j] = RZ_COND, owner[j] = 0;
    }
    size_t nn = 0;
    uint32_t *next = w->next;
    for (size_t k = 0; k < w->nactive; k++) {
        uint8_t ft = w->fate_t[k];
        if (!ft) continue;
        uint32_t i = w->active[k];
        if (type[i] == RZ_FLAG && ft == RZ_FLAG) {
            next[nn++] = i; /* a flag that did not dissipate */
            continue;
        }
        if (type[i] == RZ_COND) continue; /* a flag that dissipated (written above) */
        if (track) set_tracked(w, i, ft, w->fate_o[k]);
        else type[i] = ft, owner[i] = w->fate_o[k];
        if (ft != RZ_COND) next[nn++] = i;
    }
    for (size_t k = 0; k < w->ncand; k++) {
        uint32_t j = w->cand[k];
        uint8_t c = w->count[j];
        w->count[j] = 0;
        if (c == 1 || c == 2) { /* Rezzo R8 */
            if (track) set_tracked(w, j, RZ_ELEC, 0);
            else type[j] = RZ_ELEC;
            next[nn++] = j;
        }
    }
    w->next = w->active;
    w->active = next;
    w->nactive = nn;
    return losers;
}

void rz_eliminate_cells(rz_world *w, uint32_t mask) {
    if (!mask) return;
    for (size_t i = 0; i < w->n; i++) {
        uint8_t o = w->owner[i];
        if (!o || !(mask & (1u << o))) continue;
        rz_set(w, i, w->type[i] == RZ_FLAG ? RZ_COND : RZ_BLANK, 0);
    }
}
