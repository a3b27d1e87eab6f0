/* rz_ca_ref.c: the plain reference CA: a direct transcription of R6-R11, one function call per
 * cell with modulo wrap-around. It is deliberately naive: the tests use it as the oracle for the
 * fast stepper (rezzo_ca_differential) and `arena bench rezzo` as the yardstick (docs/games/rezzo.md "Performance"). */
#include "rz.h"
#include <string.h>

typedef struct {
    const uint8_t *type, *owner;
    int w, h;
} old_world;

static int at(const old_world *o, int x, int y) {
    x = ((x % o->w) + o->w) % o->w;
    y = ((y % o->h) + o->h) % o->h;
    return y * o->w + x;
}

/* The new type and owner of cell (x, y); sets a bit in *losers per R11.1. */
static void rule(const old_world *o, int x, int y, uint8_t *nt, uint8_t *no, uint32_t *losers) {
    int i = at(o, x, y);
    uint8_t t = o->type[i], p = o->owner[i];
    int electrons = 0, tails = 0, flags = 0, photons = 0, foreign_bases = 0;
    uint8_t first_owner = 0;
    bool mixed = false;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            if (!dx && !dy) continue;
            int j = at(o, x + dx, y + dy);
            uint8_t tj = o->type[j], oj = o->owner[j];
            if (tj == RZ_ELEC) electrons++;
            if (tj == RZ_TAIL) tails++;
            if (tj == RZ_PHOTON) photons++;
            if (tj == RZ_FLAG || tj == RZ_GEYSER) {
                flags++;
                if (!first_owner) first_owner = oj;
                else if (oj != first_owner) mixed = true;
            }
            if (tj == RZ_BASE && oj != p) foreign_bases++;
        }
    *nt = t;
    *no = p;
    switch (t) {
    case RZ_TAIL: *nt = RZ_COND; break;                                   /* Rezzo R7 */
    case RZ_COND: if (electrons == 1 || electrons == 2) *nt = RZ_ELEC; break; /* Rezzo R8 */
    case RZ_ELEC: *nt = flags && tails ? RZ_PHOTON : RZ_TAIL; break;       /* Rezzo R9 */
    case RZ_PHOTON:                                                        /* Rezzo R10 */
        if (flags && !mixed) *nt = RZ_FLAG, *no = first_owner;
        else *nt = RZ_COND, *no = 0;
        break;
    case RZ_FLAG:                                                          /* Rezzo R11 */
        if (foreign_bases) *losers |= 1u << p;
        if (photons) *nt = RZ_COND, *no = 0;
        break;
    default: break;                                                        /* Rezzo R6 */
    }
}

uint32_t rz_ca_step_ref(rz_world *w, uint8_t *st, uint8_t *so) {
    memcpy(st, w->type, w->n);
    memcpy(so, w->owner, w->n);
    old_world o = {st, so, w->w, w->h};
    uint32_t losers = 0;
    for (int y = 0; y < w->h; y++)
        for (int x = 0; x < w->w; x++) {
            uint8_t nt, no;
            rule(&o, x, y, &nt, &no, &losers);
            size_t i = (size_t)y * (size_t)w->w + (size_t)x;
            w->type[i] = nt;
            w->owner[i] = no;
        }
    return losers;
}
