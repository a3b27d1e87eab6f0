/* live.c: the live display sink: draws every turn, paces the match, handles keys. Realtime games
 * (Rezzo) are never paced or slowed by the display: it redraws at most 30 times a second and never
 * spends more than about 5% of the time drawing; their keys change the game's display mode, and a
 * `human` seat gets the arrow keys. */
#include "live.h"
#include "../core/clock.h"
#include "../game/keys.h"
#include "term.h"
#include "../core/xalloc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Static_assert((int)GAME_KEY_UP == (int)KEY_UP && (int)GAME_KEY_LEFT == (int)KEY_LEFT, "game/keys.h follows ui/term.h");

typedef struct {
    const game_t *game;
    canvas_t *canvas;
    const char *mode;    /* the display mode (the game's `view=` option), or NULL */
    ui_pace pace;
    uint64_t seed;
    void *lg;            /* the game's log formatter, for the status line */
    buf_t logtext;
    char last_log[160];
    /* realtime games */
    bool realtime;
    char mode_buf[128];  /* the display mode, changed by keys */
    int64_t last_draw_us, draw_cost_us, last_keys_us;
    int64_t rate_since_us;
    int rate_turns;
    double rate;         /* turns per second, measured */
    int human;           /* the seat played from the keyboard, -1 if none */
    bool human_left;
} live;

int ui_pace_key(ui_pace *p, int key) {
    switch (key) {
    /* 'r': the status line changed (PAUSED, the speed): the caller draws again at once; it kept
     * the old line until the next key or turn, so a paused view never said it was paused */
    case ' ': p->paused = !p->paused; return 'r';
    case '+': p->speed = p->speed == 0 ? 0 : (p->speed * 2 > 1e6 ? 0 : p->speed * 2); return 'r';
    case '-': p->speed = p->speed == 0 ? 1e6 / 1024 : (p->speed / 2 < 1 ? 1 : p->speed / 2); return 'r';
    case 'n': case KEY_RIGHT: return p->paused ? 'n' : 0;
    case 'p': case KEY_LEFT: return p->paused ? 'b' : 0;
    case 'q': case 'Q': return 'q';
    case 'v': case 'V': return 'v'; /* cycle the game's display modes (game.h display.modes) */
    case 'g': case 'G': return 'g'; /* jump to a turn (replays) */
    }
    return 0;
}

const char *ui_next_mode(const game_t *g, const char *current) {
    if (!g->display.modes || !g->display.modes[0]) return current;
    for (int i = 0; g->display.modes[i]; i++)
        if (current && strcmp(current, g->display.modes[i]) == 0) return g->display.modes[i + 1] ? g->display.modes[i + 1] : g->display.modes[0];
    return g->display.modes[current ? 0 : (g->display.modes[1] ? 1 : 0)];
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
        if (act == 'q' || act == 'v' || act == 'g' || act == 'r') return act;
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

static void realtime_status(const live *l, const match_t *m, char *out, size_t n) {
    const char *mode = m->cfg->quick ? "quick" : "real time";
    if (l->human >= 0)
        snprintf(out, n, "%s | %.1f %ss/s | seed %llu | %s | arrows, space, enter, b: play; p pause; q leave", mode,
                 l->rate, m->game->turn_word, (unsigned long long)l->seed, l->pace.paused ? "PAUSED" : l->last_log);
    else
        snprintf(out, n, "%s | %.1f %ss/s | seed %llu | %s | p pause, q quit, f/1-9 follow, w world, t letters, +/- zoom",
                 mode, l->rate, m->game->turn_word, (unsigned long long)l->seed, l->pace.paused ? "PAUSED" : l->last_log);
}

static void draw(live *l, const match_t *m) {
    int64_t start = clock_now_us();
    if (l->game->display.rows == 0) {
        /* The game draws on the whole terminal (less the status line). */
        int rows, cols;
        term_size(&rows, &cols);
        if (rows > 1) rows--;
        if (!l->canvas || l->canvas->rows != rows || l->canvas->cols != cols) {
            canvas_free(l->canvas);
            l->canvas = canvas_new(rows, cols);
        }
    }
    canvas_clear(l->canvas, CANVAS_DEFAULT, CANVAS_DEFAULT);
    l->game->display.draw(m->state, &m->names, l->mode, l->canvas);
    char status[512];
    if (l->realtime) realtime_status(l, m, status, sizeof status);
    else ui_status(&l->pace, l->seed, l->last_log, status, sizeof status);
    term_draw(l->canvas, status);
    l->last_draw_us = clock_now_us();
    l->draw_cost_us = l->last_draw_us - start;
}

static void on_start(void *ctx, const match_t *m) {
    live *l = ctx;
    l->human = -1;
    if (l->realtime && m->game->display.human)
        for (int s = 0; s < m->cfg->nseats; s++)
            if (m->cfg->seats[s].kind == SEAT_BUILTIN && m->cfg->seats[s].bot == m->game->display.human) {
                /* A playing human sees only its own agent's view (Rezzo 9.5). */
                l->human = s;
                snprintf(l->mode_buf, sizeof l->mode_buf, "human=%d", s + 1);
                l->mode = l->mode_buf;
            }
    l->rate_since_us = clock_now_us();
    draw(ctx, m);
}

static void on_turn(void *ctx, const match_t *m) {
    live *l = ctx;
    if (!l->realtime) {
        draw(ctx, m);
        return;
    }
    int64_t now = clock_now_us();
    l->rate_turns++;
    if (now - l->rate_since_us >= 1000000) {
        l->rate = l->rate_turns * 1e6 / (double)(now - l->rate_since_us);
        l->rate_turns = 0;
        l->rate_since_us = now;
    }
    /* At most 30 redraws a second, and at most ~5% of the time spent drawing. */
    int64_t gap = l->draw_cost_us * 20 > 33333 ? l->draw_cost_us * 20 : 33333;
    if (now - l->last_draw_us >= gap || m->game->rules.is_over(m->state)) draw(ctx, m);
}

/* Realtime games: keys between turns, without waiting (except while paused). */
static bool realtime_between(live *l, match_t *m) {
    /* Keys are looked at every 10 ms at most: a poll per tick would cost a fast game more than
     * the drawing does. */
    int64_t now = clock_now_us();
    if (!l->pace.paused && now - l->last_keys_us < 10000) return true;
    l->last_keys_us = now;
    for (;;) {
        int key = term_key(l->pace.paused ? 100 : 0);
        if (key == KEY_NONE) {
            if (!l->pace.paused) return true;
            continue;
        }
        if (key == 'q' || key == 'Q') {
            if (l->human >= 0 && !l->human_left) {
                /* The human leaves: its seat counts as exited (Rezzo D6); the game goes on. */
                match_seat_quit(m, l->human);
                l->human_left = true;
                snprintf(l->last_log, sizeof l->last_log, "you left the game; q again quits");
                draw(l, m);
                continue;
            }
            return false;
        }
        if (key == 'p') {
            l->pace.paused = !l->pace.paused;
            draw(l, m);
            continue;
        }
        if (l->human >= 0 && !l->human_left && m->game->display.human_key &&
            (key == KEY_UP || key == KEY_DOWN || key == KEY_LEFT || key == KEY_RIGHT || key == ' ' || key == '\r' ||
             key == '\n' || key == 'b')) {
            m->game->display.human_key(match_seat_memory(m, l->human), key);
            continue;
        }
        if (l->human < 0 && m->game->display.mode_key) {
            if (l->mode != l->mode_buf) {
                snprintf(l->mode_buf, sizeof l->mode_buf, "%s", l->mode ? l->mode : "");
                l->mode = l->mode_buf;
            }
            if (m->game->display.mode_key(l->mode_buf, sizeof l->mode_buf, key, m->cfg->nseats)) draw(l, m);
        }
    }
}

static void on_log(void *ctx, const match_t *m, const log_event *ev) {
    live *l = ctx;
    if (!l->lg) l->lg = m->game->records.log_new(&m->names);
    if (!l->lg) { /* out of memory (a game never ends the process): it was handed on, a crash */
        snprintf(l->last_log, sizeof l->last_log, "no log: out of memory for the game's log");
        return;
    }
    buf_reset(&l->logtext);
    m->game->records.log_event(l->lg, m->state, ev, &l->logtext);
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
    if (l->realtime) return realtime_between(l, m);
    for (;;) {
        int act = ui_pace_wait(&l->pace, false);
        if (act == 'q') return false;
        if (act == 'n') return true;
        if (act == 'v') l->mode = ui_next_mode(l->game, l->mode);
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
    if (l->lg) l->game->records.log_free(l->lg);
    canvas_free(l->canvas);
    buf_free(&l->logtext);
    free(l);
}

sink_t *ui_live_new(const game_t *g, const char *display_mode, double speed, uint64_t seed, buf_t *err) {
    if (!term_open()) {
        buf_puts(err, "the live display needs a terminal; use --display none");
        return NULL;
    }
    live *l = xcalloc(1, sizeof *l);
    sink_t *s = xcalloc(1, sizeof *s);
    l->game = g;
    l->canvas = g->display.rows ? canvas_new(g->display.rows, g->display.cols) : NULL;
    l->mode = display_mode;
    l->realtime = g->realtime;
    l->human = -1;
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
