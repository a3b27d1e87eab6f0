/* sink_history.c: `--history DIR`: the game's own historical record format (game.h history_*),
 * one file per game as DIR/<stem>_<n>.json, where n is the first free integer from 0, claimed with
 * O_CREAT|O_EXCL so that concurrent workers never collide. Knows no particular game. */
#include "sinks.h"
#include "../core/xalloc.h"
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct {
    char *dir;
    void *acc; /* the game's accumulator */
} history_writer;

static void on_start(void *ctx, const match_t *m) {
    history_writer *h = ctx;
    free(h->acc);
    h->acc = xcalloc(1, m->game->records.history_size ? m->game->records.history_size : 1);
}

static void on_turn(void *ctx, const match_t *m) {
    history_writer *h = ctx;
    if (h->acc) m->game->records.history_turn(h->acc, m->state);
}

/* Claims DIR/stem_n.json for the first free n; returns the descriptor or -1. */
static int claim(const char *dir, const char *stem, char *path, size_t cap) {
    for (int n = 0; n < 1000000; n++) {
        snprintf(path, cap, "%s/%s_%d.json", dir, stem, n);
        int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
        if (fd >= 0 || errno != EEXIST) return fd;
    }
    return -1;
}

static void on_end(void *ctx, const match_t *m) {
    history_writer *h = ctx;
    if (!h->acc || m->aborted) return;
    game_seat_notes notes[GAME_MAX_SEATS];
    for (int s = 0; s < m->cfg->nseats; s++) {
        notes[s].text = m->texts[s];
        notes[s].detail = m->details[s];
        notes[s].stderr_tail = m->stderr_tail[s] ? m->stderr_tail[s] : "";
    }
    buf_t stem, out;
    buf_init(&stem);
    buf_init(&out);
    m->game->records.history_end(h->acc, m->state, &m->names, notes, &stem, &out);
    /* The game sanitises names; a slash would still escape DIR, so it never passes. */
    for (size_t i = 0; i < stem.len; i++)
        if (stem.data[i] == '/') stem.data[i] = '_';
    char path[PATH_MAX];
    int fd = claim(h->dir, buf_cstr(&stem), path, sizeof path);
    if (fd < 0) {
        fprintf(stderr, "arena: cannot write the history file in %s: %s\n", h->dir, strerror(errno));
    } else {
        size_t off = 0;
        while (off < out.len) {
            ssize_t w = write(fd, out.data + off, out.len - off);
            if (w < 0 && errno == EINTR) continue;
            if (w <= 0) break;
            off += (size_t)w;
        }
        close(fd);
    }
    buf_free(&stem);
    buf_free(&out);
}

static void history_close(void *ctx) {
    history_writer *h = ctx;
    free(h->dir);
    free(h->acc);
    free(h);
}

sink_t *sink_history_new(const game_t *g, const char *dir, buf_t *err) {
    if (!g->records.history_end || !g->records.history_turn) {
        buf_printf(err, "--history: %s has no historical record format", g->id);
        return NULL;
    }
    if (access(dir, W_OK) != 0) {
        buf_printf(err, "--history %s: not a writable folder (%s); create it first", dir, strerror(errno));
        return NULL;
    }
    history_writer *h = xcalloc(1, sizeof *h);
    sink_t *s = xcalloc(1, sizeof *s);
    h->dir = xstrdup(dir);
    s->ctx = h;
    s->on_start = on_start;
    s->on_turn = on_turn;
    s->on_end = on_end;
    s->close = history_close;
    return s;
}
