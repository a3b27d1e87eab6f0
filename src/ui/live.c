/* live.c: the live view sink: draws every turn, paces the match, handles keys. */
#include "live.h"
#include "../core/clock.h"
#include "term.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const game_t *game;
    canvas_t *canvas;
    const char *view;
    ui_pace pace;
    uint64_t seed;
    void *lg;            /* the game's log formatter, for the status line */
    buf_t logtext;
    char last_log[160];
} live;

int ui_pace_key(ui_pace *p, int key) {
    switch (key) {
    case ' ': p->paused = !p->paused; return 0;
    case '+': p->speed = p->speed == 0 ? 0 : (p->speed * 2 > 1e6 ? 0 : p->speed * 2); return 0;
    case '-': p->speed = p->speed == 0 ? 1e6 / 1024 : (p->speed / 2 < 1 ? 1 : p->speed / 2); return 0;
    case 'n': case KEY_RIGHT: return p->paused ? 'n' : 0;
    case 'p': case KEY_LEFT: return p->paused ? 'b' : 0;
    case 'q': case 'Q': return 'q';
    case 'v': case 'V': return 'v'; /* cycle the game's views (game.h draw_views) */
    case 'g': case 'G': return 'g'; /* jump to a turn (replays) */
    }
    return 0;
}

const char *ui_next_view(const game_t *g, const char *current) {
    if (!g->draw_views || !g->draw_views[0]) return current;
    for (int i = 0; g->draw_views[i]; i++)
        if (current && strcmp(current, g->draw_views[i]) == 0) return g->draw_views[i + 1] ? g->draw_views[i + 1] : g->draw_views[0];
    return g->draw_views[current ? 0 : (g->draw_views[1] ? 1 : 0)];
}

int ui_pace_wait(ui_pace *p, bool can_go_back) {
    int64_t until = clock_now_us() + (p->speed > 0 ? (int64_t)(1e6 / p->speed) : 0);
    for (;;) {
        int timeout = p->paused ? -1 : clock_poll_ms(until);
        int key = term_key(timeout);
        if (key == KEY_NONE) {
            if (!p->paused) return 'n';
            continue;
        }
        int act = ui_pace_key(p, key);
        if (act == 'q' || act == 'v' || act == 'g') return act;
        if (act == 'n') return 'n';
        if (act == 'b' && can_go_back) return 'b';
        if (!p->paused && clock_now_us() >= until) return 'n';
    }
}

void ui_status(const ui_pace *p, uint64_t seed, const char *last_log, char *out, size_t n) {
    char speed[32];
    if (p->speed == 0) snprintf(speed, sizeof speed, "unlimited");
    else snprintf(speed, sizeof speed, "%g/s", p->speed);
    snprintf(out, n, "speed %s%s | seed %llu | %s | space pause, +/- speed, n step, v view, q quit", speed,
             p->paused ? " | PAUSED" : "", (unsigned long long)seed, last_log ? last_log : "");
}

static void draw(live *l, const match_t *m) {
    canvas_clear(l->canvas, CANVAS_DEFAULT, CANVAS_DEFAULT);
    l->game->draw(m->state, &m->names, l->view, l->canvas);
    char status[512];
    ui_status(&l->pace, l->seed, l->last_log, status, sizeof status);
    term_draw(l->canvas, status);
}

static void on_start(void *ctx, const match_t *m) { draw(ctx, m); }
static void on_turn(void *ctx, const match_t *m) { draw(ctx, m); }

static void on_log(void *ctx, const match_t *m, const log_event *ev) {
    live *l = ctx;
    if (!l->lg) l->lg = m->game->log_new(&m->names);
    buf_reset(&l->logtext);
    m->game->log_event(l->lg, m->state, ev, &l->logtext);
    /* Keep the first line of the entry that is not a round marker. */
    const char *p = buf_cstr(&l->logtext);
    while (*p) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        if (n && p[0] != '[') {
            snprintf(l->last_log, sizeof l->last_log, "%.*s", (int)n, p);
            break;
        }
        p += n + (nl ? 1 : 0);
    }
}

static bool between(void *ctx, match_t *m) {
    live *l = ctx;
    (void)m;
    for (;;) {
        int act = ui_pace_wait(&l->pace, false);
        if (act == 'q') return false;
        if (act == 'n') return true;
        if (act == 'v') l->view = ui_next_view(l->game, l->view);
        draw(l, m);
    }
}

static void on_end(void *ctx, const match_t *m) {
    live *l = ctx;
    draw(l, m);
    if (m->aborted) return;
    snprintf(l->last_log, sizeof l->last_log, "game over: press q to quit");
    draw(l, m);
    while (term_key(-1) != 'q') {}
}

static void live_close(void *ctx) {
    live *l = ctx;
    term_close();
    if (l->lg) l->game->log_free(l->lg);
    canvas_free(l->canvas);
    buf_free(&l->logtext);
    free(l);
}

sink_t *ui_live_new(const game_t *g, const char *view_option, double speed, uint64_t seed, buf_t *err) {
    if (!term_open()) {
        buf_puts(err, "the live view needs a terminal; use --display none");
        return NULL;
    }
    live *l = calloc(1, sizeof *l);
    sink_t *s = calloc(1, sizeof *s);
    if (!l || !s) abort();
    l->game = g;
    l->canvas = canvas_new(g->draw_rows, g->draw_cols);
    l->view = view_option;
    l->pace.speed = speed < 0 ? 60 : speed;
    l->seed = seed;
    buf_init(&l->logtext);
    s->ctx = l;
    s->on_start = on_start;
    s->on_turn = on_turn;
    s->on_log = on_log;
    s->on_end = on_end;
    s->between = between;
    s->close = live_close;
    return s;
}
