/* rz_picture.c: the world picture exactly as the original draws it (9.1 palette, 9.2 overlay):
 * the pixels of the PNG frames, the web viewer and the full-resolution terminal view. */
#include "rz.h"
#include <stdlib.h>
#include <string.h>

const uint8_t RZ_PLAYER_RGB[RZ_MAX_PLAYERS][3] = {
    {255, 0, 0},   {64, 64, 255},  {0, 255, 0},    {255, 127, 0}, {255, 0, 255},
    {0, 255, 255}, {163, 109, 122}, {0, 102, 102}, {102, 0, 102}, {255, 255, 255},
};

void rz_cell_rgb(uint8_t type, uint8_t owner, uint8_t rgb[3]) {
    uint8_t r = 0, g = 0, b = 0;
    switch (type) {
    case RZ_COND: r = g = b = 127; break;
    case RZ_ELEC: r = g = 255; break;
    case RZ_TAIL: r = g = 64; break;
    case RZ_AGENT: case RZ_GEYSER: case RZ_BASE: r = g = b = 255; break;
    case RZ_FLAG:
        if (owner >= 1 && owner <= RZ_MAX_PLAYERS) {
            r = RZ_PLAYER_RGB[owner - 1][0], g = RZ_PLAYER_RGB[owner - 1][1], b = RZ_PLAYER_RGB[owner - 1][2];
        }
        break;
    default: break; /* blank, and photons: the original has no colour for them */
    }
    rgb[0] = r, rgb[1] = g, rgb[2] = b;
}

static void tint(uint8_t *px, const uint8_t c[3]) {
    for (int k = 0; k < 3; k++) px[k] = (uint8_t)((2 * c[k] + px[k]) / 3);
}

static void tint_at(const rz_world *w, uint8_t *rgb, int x, int y, const uint8_t c[3]) {
    tint(rgb + 3 * rz_idx(w, x, y), c);
}

/* The 9.2 picture at zoom 1. */
static void picture1(const rz_state *st, uint8_t *rgb) {
    const rz_world *w = &st->world;
    for (size_t i = 0; i < w->n; i++) rz_cell_rgb(w->type[i], w->owner[i], rgb + 3 * i);
    for (int s = 0; s < st->n; s++) {
        const rz_player *p = &st->p[s];
        if (!p->alive) continue;
        const uint8_t *c = RZ_PLAYER_RGB[s];
        int f = p->facing;
        tint_at(w, rgb, p->x, p->y, c);
        for (int back = 1; back <= 2; back++)
            for (int r = -back; r <= back; r++)
                tint_at(w, rgb, p->x - back * RZ_FWD[f][0] + r * RZ_RIGHT[f][0],
                        p->y - back * RZ_FWD[f][1] + r * RZ_RIGHT[f][1], c);
        for (int dy = -3; dy <= 3; dy++)
            for (int dx = -3; dx <= 3; dx++) tint_at(w, rgb, p->home_x + dx, p->home_y + dy, c);
    }
}

void rz_picture(const rz_state *st, int zoom, uint8_t *rgb) {
    const rz_world *w = &st->world;
    picture1(st, rgb);
    if (zoom == 1) return;
    /* Zoomed in place, from the last row and column back: pixel (x, y) goes to (x*z.., y*z..),
     * never before where it was, so no pixel is written over before it is read (no copy of the
     * picture: it came from the aborting allocator, and a game never ends the process). */
    size_t row = (size_t)w->w * (size_t)zoom * 3;
    for (int y = w->h - 1; y >= 0; y--) {
        uint8_t *out = rgb + (size_t)y * (size_t)zoom * row;
        const uint8_t *in = rgb + 3 * (size_t)y * (size_t)w->w;
        for (int x = w->w - 1; x >= 0; x--) {
            uint8_t px[3];
            memcpy(px, in + 3 * (size_t)x, 3);
            for (int z = 0; z < zoom; z++) memcpy(out + ((size_t)x * (size_t)zoom + (size_t)z) * 3, px, 3);
        }
        for (int z = 1; z < zoom; z++) memcpy(out + (size_t)z * row, out, row);
    }
}

/* How many t in -r..r have t = d modulo m (more than one only on a world narrower than 2r+1). */
static int hits(long d, long m, int r) {
    long d0 = (d % m + m) % m;
    int n = 0;
    for (long t = d0 - m * ((d0 + r) / m); t <= r; t += m) n++; /* from the least t >= -r */
    return n;
}

void rz_picture_pixel(const rz_state *st, int x, int y, uint8_t rgb[3]) {
    const rz_world *w = &st->world;
    size_t i = rz_idx(w, x, y);
    rz_cell_rgb(w->type[i], w->owner[i], rgb);
    /* picture1's overlay, seen from one pixel: each player's tints in its order (agent, the two
     * rows behind it, the home square), each as often as its shape covers the pixel */
    for (int s = 0; s < st->n; s++) {
        const rz_player *p = &st->p[s];
        if (!p->alive) continue;
        int f = p->facing, n = 0;
        if (rz_idx(w, p->x, p->y) == i) n++;
        if (hits((long)x - p->x, w->w, 2) && hits((long)y - p->y, w->h, 2)) /* else nothing behind it is here */
            for (int back = 1; back <= 2; back++)
                for (int r = -back; r <= back; r++)
                    n += rz_idx(w, p->x - back * RZ_FWD[f][0] + r * RZ_RIGHT[f][0],
                                p->y - back * RZ_FWD[f][1] + r * RZ_RIGHT[f][1]) == i;
        n += hits((long)x - p->home_x, w->w, 3) * hits((long)y - p->home_y, w->h, 3);
        while (n-- > 0) tint(rgb, RZ_PLAYER_RGB[s]);
    }
}

bool rz_image(const void *state, int zoom, buf_t *rgb, int *width, int *height, buf_t *why) {
    const rz_state *st = state;
    if (zoom < 1 || zoom > 16) {
        buf_printf(why, "zoom %d: expected 1 to 16", zoom);
        return false;
    }
    *width = st->world.w * zoom;
    *height = st->world.h * zoom;
    size_t bytes = (size_t)*width * (size_t)*height * 3;
    buf_reset(rgb);
    /* up to 12 GiB (4096x4096 at zoom 16): the aborting buf_reserve ended the whole process */
    if (!buf_try_reserve(rgb, bytes)) {
        buf_printf(why, "out of memory for a %dx%d picture (%.0f MiB)", *width, *height, bytes / 1048576.0);
        return false;
    }
    rz_picture(st, zoom, (uint8_t *)rgb->data);
    rgb->len = bytes;
    return true;
}
