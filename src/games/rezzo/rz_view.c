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

void rz_view_of(const rz_state *st, int s, rz_view *v) {
    const rz_world *w = &st->world;
    const rz_player *p = &st->p[s];
    v->ack = p->ack;
    v->ts = (uint8_t)(st->tick & 255);
    for (int i = 0; i < RZ_VIEWPORT_SQ; i++) {
        int x, y;
        rz_view_cell(w, p->x, p->y, p->facing, i, &x, &y);
        size_t c = (size_t)y * (size_t)w->w + (size_t)x;
        v->c[i] = rz_letter(w->type[c], w->owner[c]);
        v->damage[i] = w->damage[c];
    }
}
