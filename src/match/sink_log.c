/* sink_log.c: the event log file, in the game's own words (log.txt for Rising Tide). */
#include "sinks.h"
#include "../core/xalloc.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    FILE *f;
    char *path;
    void *lg; /* the game's formatter */
    bool no_memory; /* the formatter could not be made: nothing is written, finish says why */
    const game_t *game;
    buf_t out;
} log_writer;

static void on_log(void *ctx, const match_t *m, const log_event *ev) {
    log_writer *w = ctx;
    if (w->no_memory) return;
    if (!w->lg) {
        w->game = m->game;
        /* NULL when out of memory (a game never ends the process): it was handed on, a crash */
        w->lg = m->game->records.log_new(&m->names);
        if (!w->lg) {
            w->no_memory = true;
            return;
        }
    }
    buf_reset(&w->out);
    m->game->records.log_event(w->lg, m->state, ev, &w->out);
    if (w->out.len) {
        fwrite(w->out.data, 1, w->out.len, w->f);
        fflush(w->f);
    }
}

static bool sink_log_finish(void *ctx, buf_t *err) {
    log_writer *w = ctx;
    if (w->no_memory) {
        buf_printf(err, "the log %s was not written: out of memory for the game's log", w->path);
        return false;
    }
    if (fflush(w->f) == 0 && !ferror(w->f)) return true;
    buf_printf(err, "writing the log %s failed: %s", w->path, strerror(errno ? errno : EIO));
    return false;
}

static void sink_log_close(void *ctx) {
    log_writer *w = ctx;
    free(w->path);
    if (w->lg) w->game->records.log_free(w->lg);
    fclose(w->f);
    buf_free(&w->out);
    free(w);
}

sink_t *sink_log_new(const char *path, buf_t *err) {
    FILE *f = fopen(path, "w");
    if (!f) {
        buf_printf(err, "cannot write the log %s: %s", path, strerror(errno));
        return NULL;
    }
    log_writer *w = xcalloc(1, sizeof *w);
    sink_t *s = xcalloc(1, sizeof *s);
    w->f = f;
    w->path = xstrdup(path);
    buf_init(&w->out);
    s->ctx = w;
    s->on_log = on_log;
    s->close = sink_log_close;
    s->finish = sink_log_finish;
    return s;
}

