/* sink_progress.c: a plain progress line for non-terminals. */
#include "sinks.h"
#include "../core/clock.h"
#include "../core/xalloc.h"
#include <stdlib.h>

typedef struct {
    FILE *out;
    int64_t last_us;
} progress;

static void on_turn(void *ctx, const match_t *m) {
    progress *p = ctx;
    int64_t now = clock_now_us();
    if (now - p->last_us < 1000000) return;
    p->last_us = now;
    fprintf(p->out, "%s: %s %d, %.1f s\n", m->game->id, m->game->turn_word, m->turns_played,
            (double)(now - m->start_us) / 1e6);
    fflush(p->out);
}

static void sink_progress_close(void *ctx) { free(ctx); }

sink_t *sink_progress_new(FILE *out) {
    progress *p = xcalloc(1, sizeof *p);
    sink_t *s = xcalloc(1, sizeof *s);
    p->out = out;
    p->last_us = clock_now_us();
    s->ctx = p;
    s->on_turn = on_turn;
    s->close = sink_progress_close;
    return s;
}
