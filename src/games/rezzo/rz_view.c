/* rz_view.c: the 340-byte message of one seat (Rezzo P1, P2). */
#include "rz.h"

void rz_view_cell(const rz_world *w, int ax, int ay, int f, int i, int *x, int *y) {
    int r = i / RZ_VIEWPORT, k = i % RZ_VIEWPORT;
    int ahead = RZ_VIEWPORT - 1 - r, right = k - RZ_VIEWPORT / 2;
    int cx = ax + ahead * RZ_FWD[f][0] + right * RZ_RIGHT[f][0];
    int cy = ay + ahead * RZ_FWD[f][1] + right * RZ_RIGHT[f][1];
    *x = (cx % w->w + w->w) % w->w;
    *y = (cy % w->h + w->h) % w->h;
}

/* One step of -1, 0 or +1 on a torus axis of size n, from a coordinate already in 0..n-1. */
static inline int wrap_step(int c, int d, int n) {
    c += d;
    return c < 0 ? n - 1 : c >= n ? 0 : c;
}

/* The cells of rz_view_cell, row by row: each row's first cell wrapped once (two divisions), the
 * other twelve one unit step to the right each (a compare). rz_view_cell for every cell cost four
 * divisions a cell, most of a simulator step (three views a step: the agent's, its action's, the
 * bot's). */
void rz_view_of(const rz_state *st, int s, rz_view *v) {
    const rz_world *w = &st->world;
    const rz_player *p = &st->p[s];
    v->ack = p->ack;
    v->ts = (uint8_t)(st->tick & 255);
    int f = p->facing, rx = RZ_RIGHT[f][0], ry = RZ_RIGHT[f][1];
    for (int r = 0, i = 0; r < RZ_VIEWPORT; r++) {
        int x, y;
        rz_view_cell(w, p->x, p->y, f, i, &x, &y);
        for (int k = 0; k < RZ_VIEWPORT; k++, i++) {
            size_t c = (size_t)y * (size_t)w->w + (size_t)x;
            v->c[i] = rz_letter(w->type[c], w->owner[c]);
            v->damage[i] = w->damage[c];
            x = wrap_step(x, rx, w->w);
            y = wrap_step(y, ry, w->h);
        }
    }
}
