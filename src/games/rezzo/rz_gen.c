/* rz_gen.c: world generation and agent placement, draw for draw as the original (Rezzo D14, D15). */
#include "rz.h"
#include <string.h>

typedef struct {
    glibc_random_t g;
    long draws;
} gen;

static int G(gen *s) {
    s->draws++;
    return glibc_random(&s->g);
}

/* Marks the substrate's collision cells; any value that is neither blank nor a conductor works
 * (the original uses the base byte). Types only: owners stay 0 during generation. */
#define MARKER RZ_BASE

static void substrate(rz_world *w, gen *s) {
    long target = (long)w->n / 8;
    int x = 0, y = 0, dx = 0, dy = 0;
    long c = 0;
    while (c < target) {
        size_t i = (size_t)y * (size_t)w->w + (size_t)x;
        if ((dx == 0 && dy == 0) || w->type[i] != RZ_BLANK) {
            w->type[i] = MARKER;
            x = (G(s) % (w->w / 4)) * 4;
            y = (G(s) % (w->h / 4)) * 4;
            do {
                dx = G(s) % 3 - 1;
                dy = G(s) % 3 - 1;
            } while (dx == 0 && dy == 0);
            continue;
        }
        w->type[i] = RZ_COND;
        c++;
        x = (x + dx + w->w) % w->w;
        y = (y + dy + w->h) % w->h;
    }
    for (size_t i = 0; i < w->n; i++)
        if (w->type[i] == MARKER) w->type[i] = RZ_BLANK;
}

static void loops(rz_world *w, gen *s) {
    long k = (long)w->n / 1024;
    if (k == 0) k = 1;
    for (long n = 0; n < k; n++) {
        int x = G(s) % w->w;
        int y = G(s) % w->h;
        int a = G(s) % 6 + 4;
        int b = G(s) % 6 + 4;
        for (int yy = y - 1; yy <= y + b; yy++)
            for (int xx = x - 1; xx <= x + a; xx++) w->type[rz_idx(w, xx, yy)] = RZ_BLANK;
        for (int xx = x + 1; xx <= x + a - 2; xx++) {
            w->type[rz_idx(w, xx, y)] = RZ_COND;
            w->type[rz_idx(w, xx, y + b - 1)] = RZ_COND;
        }
        for (int yy = y + 1; yy <= y + b - 2; yy++) {
            w->type[rz_idx(w, x, yy)] = RZ_COND;
            w->type[rz_idx(w, x + a - 1, yy)] = RZ_COND;
        }
        w->type[rz_idx(w, x + 1, y)] = RZ_ELEC;
        w->type[rz_idx(w, x, y + 1)] = RZ_TAIL;
    }
}

static void put(rz_world *w, int x, int y, int f, int ahead, int right, uint8_t type, uint8_t owner) {
    size_t i = rz_idx(w, x + ahead * RZ_FWD[f][0] + right * RZ_RIGHT[f][0],
                      y + ahead * RZ_FWD[f][1] + right * RZ_RIGHT[f][1]);
    w->type[i] = type;
    w->owner[i] = owner;
}

static bool place(rz_state *st, gen *s, int p, buf_t *err) {
    rz_world *w = &st->world;
    int x = 0, y = 0;
    for (long tries = 0;; tries++) {
        if (tries >= RZ_PLACE_TRIES) {
            buf_printf(err, "rezzo: a %dx%d world has no room for %d players (no free 5x5 block for player %d "
                            "after %d tries); use a larger size or fewer seats",
                       w->w, w->h, st->n, p + 1, RZ_PLACE_TRIES);
            return false;
        }
        x = G(s) % w->w;
        y = G(s) % w->h;
        bool free_block = true;
        for (int dy = -2; dy <= 2 && free_block; dy++)
            for (int dx = -2; dx <= 2; dx++)
                if (w->owner[rz_idx(w, x + dx, y + dy)]) {
                    free_block = false;
                    break;
                }
        if (free_block) break;
    }
    for (int dy = -2; dy <= 2; dy++)
        for (int dx = -2; dx <= 2; dx++) w->type[rz_idx(w, x + dx, y + dy)] = RZ_BLANK;
    int f = G(s) % 4;
    uint8_t o = (uint8_t)(p + 1);
    put(w, x, y, f, 0, 0, RZ_AGENT, o);
    put(w, x, y, f, 1, -1, RZ_BASE, o);
    put(w, x, y, f, 1, 1, RZ_BASE, o);
    put(w, x, y, f, -1, -1, RZ_GEYSER, o);
    put(w, x, y, f, -1, 1, RZ_GEYSER, o);
    rz_player *pl = &st->p[p];
    memset(pl, 0, sizeof *pl);
    pl->x = pl->home_x = x;
    pl->y = pl->home_y = y;
    pl->facing = f;
    pl->alive = true;
    pl->last_act = -1;
    return true;
}

bool rz_generate(rz_state *st, buf_t *err, long *draws) {
    gen s = {.draws = 0};
    glibc_srandom(&s.g, st->cfg.seed32);
    rz_world *w = &st->world;
    substrate(w, &s);
    loops(w, &s);
    for (int p = 0; p < st->n; p++)
        if (!place(st, &s, p, err)) return false;
    if (draws) *draws = s.draws;
    if (!rz_rebuild_active(w)) {
        if (err) buf_printf(err, "out of memory for the active cells of a %dx%d world", w->w, w->h);
        return false;
    }
    return true;
}
