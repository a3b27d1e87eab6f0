/* png_frames.c: the PNG frame sink (`arena play ... --frames DIR [--zoom Z]`) and a small libpng
 * writer/reader. The sink writes synchronously between turns, so it never drops a frame; it never
 * shortens a bot's time either, because realtime windows start after the next messages are
 * written (the sink only delays when they are sent). */
#include "png_frames.h"
#include "../core/dirs.h"
#include "../core/xalloc.h"
#include <errno.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct {
    const game_t *game;
    char *dir;
    int zoom;
    long next;      /* number of the next file */
    buf_t rgb;
    bool failed;
} png_sink;

bool png_write_rgb(const char *path, const uint8_t *rgb, int width, int height, buf_t *err) {
    FILE *f = fopen(path, "wb");
    if (!f) {
        buf_printf(err, "cannot write %s: %s", path, strerror(errno));
        return false;
    }
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        fclose(f);
        buf_printf(err, "cannot encode %s", path);
        return false;
    }
    png_init_io(png, f);
    /* Frames are mostly flat colour: the fastest level compresses them almost as well. */
    png_set_compression_level(png, 1);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (int y = 0; y < height; y++) png_write_row(png, (png_const_bytep)(rgb + (size_t)y * (size_t)width * 3));
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    if (fclose(f) != 0) {
        buf_printf(err, "cannot write %s: %s", path, strerror(errno));
        return false;
    }
    return true;
}

bool png_read_rgb(const char *path, uint8_t **rgb, int *width, int *height, buf_t *err) {
    *rgb = NULL;
    FILE *f = fopen(path, "rb");
    if (!f) {
        buf_printf(err, "cannot read %s: %s", path, strerror(errno));
        return false;
    }
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    uint8_t *row = NULL;
    if (!png || !info || setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        fclose(f);
        free(row);
        free(*rgb);
        *rgb = NULL;
        buf_printf(err, "%s is not a PNG this reader handles", path);
        return false;
    }
    png_init_io(png, f);
    png_read_info(png, info);
    png_set_strip_16(png);
    png_set_palette_to_rgb(png);
    png_set_gray_to_rgb(png);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    *width = (int)png_get_image_width(png, info);
    *height = (int)png_get_image_height(png, info);
    int channels = png_get_channels(png, info);
    size_t rowbytes = png_get_rowbytes(png, info);
    row = xmalloc(rowbytes * (size_t)*height);
    *rgb = xmalloc((size_t)*width * (size_t)*height * 3);
    png_bytep *rows = xmalloc(sizeof *rows * (size_t)*height);
    for (int y = 0; y < *height; y++) rows[y] = row + (size_t)y * rowbytes;
    png_read_image(png, rows);
    free(rows);
    for (int y = 0; y < *height; y++)
        for (int x = 0; x < *width; x++)
            memcpy(*rgb + ((size_t)y * (size_t)*width + (size_t)x) * 3, row + (size_t)y * rowbytes + (size_t)x * (size_t)channels, 3);
    free(row);
    png_destroy_read_struct(&png, &info, NULL);
    fclose(f);
    return true;
}

static void write_frame(png_sink *p, const match_t *m) {
    if (p->failed) return;
    int w, h;
    char path[4096];
    snprintf(path, sizeof path, "%s/%08ld.png", p->dir, p->next++);
    buf_t err;
    buf_init(&err);
    /* a picture that could not be drawn (no memory for it) was no frame, silently, and play exited 0 */
    bool drawn = p->game->display.image(m->state, p->zoom, &p->rgb, &w, &h, &err);
    if (drawn) buf_reset(&err);
    else buf_printf(&err, " (frame %s)", path);
    if (!drawn || !png_write_rgb(path, (const uint8_t *)p->rgb.data, w, h, &err)) {
        fprintf(stderr, "arena: --frames: %s; no more frames are written\n", buf_cstr(&err));
        p->failed = true;
    }
    buf_free(&err);
}

static void on_start(void *ctx, const match_t *m) { write_frame(ctx, m); }
static void on_turn(void *ctx, const match_t *m) { write_frame(ctx, m); }

/* a frame that could not be written (a full disk) was said on stderr, and play exited 0 */
static bool png_finish(void *ctx, buf_t *err) {
    png_sink *p = ctx;
    if (!p->failed) return true;
    buf_printf(err, "--frames %s: not every frame was written (see above)", p->dir);
    return false;
}

static void png_close(void *ctx) {
    png_sink *p = ctx;
    buf_free(&p->rgb);
    free(p->dir);
    free(p);
}

sink_t *sink_png_frames_new(const game_t *g, const char *dir, int zoom, buf_t *err) {
    if (!g->display.image) {
        buf_printf(err, "--frames: %s has no picture to write", g->id);
        return NULL;
    }
    if (zoom < 1 || zoom > 16) {
        buf_printf(err, "--zoom %d: expected 1 to 16", zoom);
        return NULL;
    }
    if (!dirs_make(dir, 0755)) {
        buf_printf(err, "--frames %s: cannot create the folder: %s", dir, strerror(errno));
        return NULL;
    }
    png_sink *p = xcalloc(1, sizeof *p);
    sink_t *s = xcalloc(1, sizeof *s);
    p->game = g;
    p->dir = xstrdup(dir);
    p->zoom = zoom;
    p->next = 1;
    buf_init(&p->rgb);
    s->ctx = p;
    s->on_start = on_start;
    s->on_turn = on_turn;
    s->close = png_close;
    s->finish = png_finish;
    return s;
}

static bool write_state(const game_t *g, const void *state, const char *dir, long n, int zoom, buf_t *rgb, buf_t *err) {
    int w, h;
    if (!g->display.image(state, zoom, rgb, &w, &h, err)) {
        buf_printf(err, " (frame %ld of --frames %s)", n, dir);
        return false;
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/%08ld.png", dir, n);
    return png_write_rgb(path, (const uint8_t *)rgb->data, w, h, err);
}

int png_frames_from_replay(const char *path, replay_game_finder find, const char *dir, int zoom, buf_t *err) {
    replay_t *r = replay_open(path, find, err);
    if (!r) return 1;
    int rc = 1;
    buf_t rgb;
    buf_init(&rgb);
    if (!r->game->display.image) {
        buf_printf(err, "--frames: %s has no picture to write (Rezzo has)", r->game->id);
        rc = 2;
        goto out;
    }
    if (!dirs_make(dir, 0755)) {
        buf_printf(err, "--frames %s: cannot create the folder: %s", dir, strerror(errno));
        goto out;
    }
    long n = 1;
    if (!write_state(r->game, r->state, dir, n++, zoom, &rgb, err)) goto out;
    for (;;) {
        json_t *rec;
        replay_rec kind = replay_next(r, &rec, err);
        if (kind != REPLAY_TURN) {
            json_decref(rec);
            if (kind == REPLAY_ERROR) goto out;
            break;
        }
        bool ok = replay_apply(r, rec, false, err);
        json_decref(rec);
        if (!ok || !write_state(r->game, r->state, dir, n++, zoom, &rgb, err)) goto out;
    }
    rc = 0;
out:
    buf_free(&rgb);
    replay_close(r);
    return rc;
}
