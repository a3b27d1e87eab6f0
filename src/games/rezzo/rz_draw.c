/* rz_draw.c: Rezzo on the terminal (docs/games/rezzo.md "Displays"): the whole world downscaled into half-block
 * characters, one agent's 13x13 view (follow), and the human seat's large view. The view option
 * is a comma-separated list: live | follow=N | human=N, plus letters, scale=S, pan=X:Y. */
#include "rz.h"
#include "../../game/keys.h"
#include "../../core/text.h"
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define UPPER_HALF "\xe2\x96\x80" /* U+2580 */
#define WHITE RGB(255, 255, 255)
#define BLACK RGB(0, 0, 0)
#define GREY RGB(160, 160, 160)

typedef struct {
    char mode;      /* 'l' live (whole world), 'f' follow, 'h' human */
    int who;        /* player index for f and h */
    bool letters;   /* follow view: show view letters and damage digits */
    int scale;      /* 0: fit the terminal */
    int zoom;       /* keys + and -: steps closer (positive) or farther than the fitted scale */
    int pan_x, pan_y;
} view_opts;

/* A positive number, the whole of s. */
static bool positive(const char *s) {
    char *end;
    long v = strtol(s, &end, 10);
    return end != s && !*end && v > 0 && v < 1000;
}

/* The pan and zoom a display takes: a world is at most 4096 cells a side, so a pan past that
 * shows nothing and a zoom past it changes nothing. Out of range they overflowed the picture's
 * arithmetic, and a negative pan read before the world (a crash). */
enum { PAN_MAX = 4095, ZOOM_MAX = 4096 };

/* pan=X:Y with X and Y from 0 to PAN_MAX. */
static bool parse_pan(const char *s, int *x, int *y) {
    char a[16];
    const char *colon = strchr(s, ':');
    long long vx, vy;
    if (!colon || (size_t)(colon - s) >= sizeof a) return false;
    memcpy(a, s, (size_t)(colon - s));
    a[colon - s] = '\0';
    if (!text_parse_ll(a, 0, PAN_MAX, &vx) || !text_parse_ll(colon + 1, 0, PAN_MAX, &vy)) return false;
    *x = (int)vx, *y = (int)vy;
    return true;
}

/* Reads the view option; false when a part is unknown, the first such copied into bad (when
 * given), so a mistyped --view is refused (rz_mode_check) instead of showing the default. */
static bool parse_opts(const char *v, view_opts *o, char *bad, size_t nbad) {
    memset(o, 0, sizeof *o);
    o->mode = 'l';
    if (!v) return true;
    char buf[128];
    snprintf(buf, sizeof buf, "%s", v);
    bool known = true;
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        long long z;
        if (strncmp(tok, "follow", 6) == 0 && (tok[6] == '=' || tok[6] == ':') && positive(tok + 7))
            o->mode = 'f', o->who = atoi(tok + 7) - 1;
        else if (strncmp(tok, "human=", 6) == 0 && positive(tok + 6)) o->mode = 'h', o->who = atoi(tok + 6) - 1;
        else if (strcmp(tok, "live") == 0 || strcmp(tok, "world") == 0) o->mode = 'l';
        else if (strcmp(tok, "letters") == 0) o->letters = true;
        else if (strncmp(tok, "scale=", 6) == 0 && positive(tok + 6)) o->scale = atoi(tok + 6);
        else if (strncmp(tok, "zoom=", 5) == 0 && text_parse_ll(tok + 5, -ZOOM_MAX, ZOOM_MAX, &z)) o->zoom = (int)z;
        else if (strncmp(tok, "pan=", 4) == 0 && parse_pan(tok + 4, &o->pan_x, &o->pan_y)) {}
        else {
            if (known && bad) snprintf(bad, nbad, "%s", tok);
            known = false;
        }
    }
    return known;
}

bool rz_mode_check(const char *display_mode, int seats, buf_t *why) {
    view_opts o;
    char bad[128];
    /* parse_opts reads 127 characters: the rest was dropped, silently (every part fits in 60) */
    if (display_mode && strlen(display_mode) >= sizeof bad) {
        buf_printf(why, "longer than %zu characters: give each part of Rezzo's view once", sizeof bad - 1);
        return false;
    }
    if (!parse_opts(display_mode, &o, bad, sizeof bad)) {
        /* follow=0 got the list of every part; the precise answer is that players count from 1 */
        size_t k = strncmp(bad, "follow", 6) == 0 ? 6 : strncmp(bad, "human", 5) == 0 ? 5 : 0;
        long long z;
        if (k && (bad[k] == '=' || (k == 6 && bad[k] == ':')) && text_parse_ll(bad + k + 1, LLONG_MIN, 0, &z)) {
            if (seats == 1) buf_printf(why, "%s: players count from 1: %.*s=1", bad, (int)k, bad);
            else if (seats > 1) buf_printf(why, "%s: players count from 1: %.*s=1 to %.*s=%d", bad, (int)k, bad, (int)k, bad, seats);
            else buf_printf(why, "%s: players count from 1", bad);
            return false;
        }
        buf_printf(why, "'%s' is not a part of Rezzo's view, a comma list of live, follow=N, human=N, letters, "
                        "scale=S (1..999), zoom=Z (-4096..4096), pan=X:Y (0..4095 each)",
                   bad);
        return false;
    }
    /* A player the game does not have was drawn as player 1, silently (draw_view). */
    if (o.mode != 'l' && seats > 0 && o.who >= seats) {
        const char *what = o.mode == 'f' ? "follow" : "human";
        if (seats == 1) buf_printf(why, "%s=%d: this game has 1 player: %s=1", what, o.who + 1, what);
        else buf_printf(why, "%s=%d: this game has %d players: %s=1 to %s=%d", what, o.who + 1, seats, what, what, seats);
        return false;
    }
    return true;
}

static void write_opts(const view_opts *o, char *out, size_t n) {
    int k;
    if (o->mode == 'f') k = snprintf(out, n, "follow=%d", o->who + 1);
    else if (o->mode == 'h') k = snprintf(out, n, "human=%d", o->who + 1);
    else k = snprintf(out, n, "live");
    if (k < 0 || (size_t)k >= n) return;
    if (o->letters) k += snprintf(out + k, n - (size_t)k, ",letters");
    if (o->scale && (size_t)k < n) k += snprintf(out + k, n - (size_t)k, ",scale=%d", o->scale);
    if (o->zoom && (size_t)k < n) k += snprintf(out + k, n - (size_t)k, ",zoom=%d", o->zoom);
    if ((o->pan_x || o->pan_y) && (size_t)k < n) snprintf(out + k, n - (size_t)k, ",pan=%d:%d", o->pan_x, o->pan_y);
}

static uint32_t player_rgb(int s) {
    const uint8_t *c = RZ_PLAYER_RGB[s % RZ_MAX_PLAYERS];
    return RGB(c[0], c[1], c[2]);
}

static const char *ARROW[4] = {"\xe2\x86\x91", "\xe2\x86\x92", "\xe2\x86\x93", "\xe2\x86\x90"};

static int count_flags(const rz_world *w, int owner) {
    int n = 0;
    for (size_t i = 0; i < w->n; i++) n += w->type[i] == RZ_FLAG && w->owner[i] == owner;
    return n;
}

/* Status rows: the tick, then one row per player. Returns the rows used. */
static int status(const rz_state *st, const game_names *names, canvas_t *c, int row, int col) {
    if (st->cfg.max_ticks) canvas_printf(c, row, col, WHITE, BLACK, CANVAS_BOLD, "tick %d/%d", st->tick, st->cfg.max_ticks);
    else canvas_printf(c, row, col, WHITE, BLACK, CANVAS_BOLD, "tick %d", st->tick);
    canvas_printf(c, row, col + 24, GREY, BLACK, 0, "%dx%d%s", st->world.w, st->world.h, st->over ? "  game over" : "");
    int flags[RZ_MAX_PLAYERS] = {0};
    if ((size_t)st->world.n <= 1u << 20) /* a pass per redraw; skipped on huge worlds */
        for (int s = 0; s < st->n; s++) flags[s] = count_flags(&st->world, s + 1);
    for (int s = 0; s < st->n; s++) {
        const rz_player *p = &st->p[s];
        const char *name = s < names->count && names->name[s] ? names->name[s] : "?";
        int k = canvas_printf(c, row + 1 + s, col, player_rgb(s), BLACK, CANVAS_BOLD, "%2d ", s + 1);
        k += canvas_printf(c, row + 1 + s, col + k, WHITE, BLACK, 0, "%-16.16s ", name);
        if (p->alive) {
            k += canvas_text(c, row + 1 + s, col + k, ARROW[p->facing], WHITE, BLACK, 0);
            k += canvas_printf(c, row + 1 + s, col + k, WHITE, BLACK, 0, " alive  ack %-17s", rz_ack_name(p->ack));
        } else {
            k += canvas_printf(c, row + 1 + s, col + k, GREY, BLACK, 0, "  out at tick %d (%s)", p->elim_tick,
                               rz_cause_name(p->cause));
        }
        canvas_printf(c, row + 1 + s, col + k, GREY, BLACK, 0, " flags %d", flags[s]);
    }
    return 1 + st->n;
}

/* Whether an alive agent stands at cell i: a cell holds "an alive agent" only at its player's
 * recorded position (asked of agent cells only, which are few: no map of the world is made). */
static bool agent_at(const rz_state *st, size_t i) {
    for (int p = 0; p < st->n; p++)
        if (st->p[p].alive && rz_idx(&st->world, st->p[p].x, st->p[p].y) == i) return true;
    return false;
}

/* One downscaled pixel: the s x s block at (bx, by) by the 9.4 priority. */
static uint32_t block_rgb(const rz_state *st, int bx, int by, int s) {
    const rz_world *w = &st->world;
    int best = 0; /* 5 agent, 4 flag, 3 base/geyser, 2 electron, 1 tail */
    int who = 0;
    unsigned long sum[3] = {0, 0, 0};
    int cells = 0;
    for (int y = by; y < by + s && y < w->h; y++)
        for (int x = bx; x < bx + s && x < w->w; x++) {
            size_t i = (size_t)y * (size_t)w->w + (size_t)x;
            uint8_t t = w->type[i], o = w->owner[i];
            int pr = 0;
            if (t == RZ_AGENT && agent_at(st, i)) pr = 5;
            else if (t == RZ_FLAG) pr = 4;
            else if (t == RZ_BASE || t == RZ_GEYSER) pr = 3;
            else if (t == RZ_ELEC) pr = 2;
            else if (t == RZ_TAIL) pr = 1;
            if (pr > best || (pr == best && pr >= 4 && o < who)) best = pr, who = o;
            uint8_t rgb[3];
            rz_cell_rgb(t, o, rgb);
            sum[0] += rgb[0], sum[1] += rgb[1], sum[2] += rgb[2];
            cells++;
        }
    switch (best) {
    case 5: case 4: return player_rgb(who - 1);
    case 3: return WHITE;
    case 2: return RGB(255, 255, 0);
    case 1: return RGB(64, 64, 0);
    }
    if (!cells) return BLACK;
    return RGB(sum[0] / (unsigned)cells, sum[1] / (unsigned)cells, sum[2] / (unsigned)cells);
}

static uint32_t tint_rgb(uint32_t px, uint32_t c) {
    int r = (int)(px >> 16 & 255), g = (int)(px >> 8 & 255), b = (int)(px & 255);
    int cr = (int)(c >> 16 & 255), cg = (int)(c >> 8 & 255), cb = (int)(c & 255);
    return RGB((2 * cr + r) / 3, (2 * cg + g) / 3, (2 * cb + b) / 3);
}

/* True when the block (bx, by, s) meets player p's 7x7 home marker (wrapped). */
static bool block_meets_home(const rz_world *w, const rz_player *p, int bx, int by, int s) {
    for (int dy = -3; dy <= 3; dy++) {
        int y = ((p->home_y + dy) % w->h + w->h) % w->h;
        if (y < by || y >= by + s) continue;
        for (int dx = -3; dx <= 3; dx++) {
            int x = ((p->home_x + dx) % w->w + w->w) % w->w;
            if (x >= bx && x < bx + s) return true;
        }
    }
    return false;
}

static void draw_world(const rz_state *st, const game_names *names, const view_opts *o, canvas_t *c) {
    const rz_world *w = &st->world;
    int top = status(st, names, c, 0, 0);
    int rows = c->rows - top, cols = c->cols;
    if (rows < 1 || cols < 1) return;
    int s = o->scale;
    if (s < 1) {
        s = 1;
        while ((w->w + s - 1) / s > cols || (w->h + s - 1) / s > 2 * rows) s++;
        s -= o->zoom;
        if (s < 1) s = 1;
    }
    if (s == 1) {
        /* Exactly the 9.2 picture at zoom 1, pixel by pixel: only the pixels shown are computed,
         * with no copy of the picture (it came from the aborting xmalloc: 48 MiB for a 4096x4096
         * world, and a game never ends the process) */
        for (int r = 0; r < rows; r++)
            for (int k = 0; k < cols; k++) {
                int x = o->pan_x + k, y0 = o->pan_y + 2 * r;
                if (x >= w->w || y0 >= w->h) continue;
                uint8_t a[3], b[3];
                rz_picture_pixel(st, x, y0, a);
                uint32_t bg = BLACK;
                if (y0 + 1 < w->h) {
                    rz_picture_pixel(st, x, y0 + 1, b);
                    bg = RGB(b[0], b[1], b[2]);
                }
                canvas_text(c, top + r, k, UPPER_HALF, RGB(a[0], a[1], a[2]), bg, 0);
            }
        return;
    }
    for (int r = 0; r < rows; r++)
        for (int k = 0; k < cols; k++) {
            uint32_t px[2] = {BLACK, BLACK};
            int bx = o->pan_x + k * s;
            if (bx >= w->w) break;
            for (int half = 0; half < 2; half++) {
                int by = o->pan_y + (2 * r + half) * s;
                if (by >= w->h) continue;
                px[half] = block_rgb(st, bx, by, s);
                for (int p = 0; p < st->n; p++)
                    if (st->p[p].alive && block_meets_home(w, &st->p[p], bx, by, s)) px[half] = tint_rgb(px[half], player_rgb(p));
            }
            canvas_text(c, top + r, k, UPPER_HALF, px[0], px[1], 0);
        }
}

/* The colour of one view cell as the original interactive.c drew it: owned letters in their
 * owner's colour, everything else from the palette. */
static uint32_t view_rgb(uint8_t letter) {
    uint8_t t, o, rgb[3];
    if (!rz_unletter(letter, &t, &o)) return BLACK;
    if (o) return player_rgb(o - 1);
    rz_cell_rgb(t, 0, rgb);
    return RGB(rgb[0], rgb[1], rgb[2]);
}

static const char *act_name(int act) {
    switch (act) {
    case RZ_ACT_NOP: return "nop";
    case RZ_ACT_ADVANCE: return "advance";
    case RZ_ACT_LEFT: return "turn left";
    case RZ_ACT_RIGHT: return "turn right";
    case RZ_ACT_BUILD: return "build";
    case RZ_ACT_HIT: return "hit";
    case -1: return "none";
    }
    return "unknown";
}

static void draw_view(const rz_state *st, const game_names *names, const view_opts *o, canvas_t *c) {
    int s = o->who;
    if (s < 0 || s >= st->n) s = 0;
    const rz_player *p = &st->p[s];
    const char *name = s < names->count && names->name[s] ? names->name[s] : "?";
    int cw = 2, ch = 1;
    if (o->mode == 'h' && c->cols >= 13 * 4 + 2 && c->rows >= 13 * 2 + 4) cw = 4, ch = 2;
    canvas_printf(c, 0, 0, player_rgb(s), BLACK, CANVAS_BOLD, "player %d %s", s + 1, name);
    if (!p->alive) {
        canvas_printf(c, 2, 0, GREY, BLACK, 0, "out at tick %d (%s)", p->elim_tick, rz_cause_name(p->cause));
        return;
    }
    rz_view v;
    rz_view_of(st, s, &v);
    int top = 2;
    for (int i = 0; i < RZ_VIEWPORT_SQ; i++) {
        int r = i / RZ_VIEWPORT, k = i % RZ_VIEWPORT;
        uint32_t bg = view_rgb(v.c[i]);
        char text[8] = " ";
        if (o->letters) {
            if (v.damage[i]) text[0] = (char)('0' + v.damage[i]);
            else text[0] = (char)v.c[i];
        }
        uint32_t fg = (bg >> 16 & 255) + (bg >> 8 & 255) + (bg & 255) > 380 ? BLACK : WHITE;
        for (int y = 0; y < ch; y++)
            for (int x = 0; x < cw; x++)
                canvas_text(c, top + r * ch + y, x + k * cw, x == 0 && y == 0 ? text : " ", fg, bg, 0);
    }
    int col = 13 * cw + 2;
    canvas_printf(c, top, col, WHITE, BLACK, 0, "tick %d", st->tick);
    canvas_printf(c, top + 1, col, WHITE, BLACK, 0, "last action: %s", act_name(p->last_act));
    canvas_printf(c, top + 2, col, WHITE, BLACK, 0, "last ack: %s", rz_ack_name(p->ack));
    canvas_printf(c, top + 3, col, GREY, BLACK, 0, "forward is up; you are at the bottom");
    if (o->mode == 'h') {
        canvas_text(c, top + 5, col, "Up advance (builds in build mode)", GREY, BLACK, 0);
        canvas_text(c, top + 6, col, "Left/Right turn, Space build", GREY, BLACK, 0);
        canvas_text(c, top + 7, col, "Enter hit, Down nop, b build mode", GREY, BLACK, 0);
        canvas_text(c, top + 8, col, "q leave the game", GREY, BLACK, 0);
    } else {
        canvas_text(c, top + 5, col, "t letters, f next, w world, 1-9/0 follow", GREY, BLACK, 0);
    }
}

void rz_draw(const void *state, const game_names *names, const char *display_mode, canvas_t *c) {
    const rz_state *st = state;
    view_opts o;
    parse_opts(display_mode, &o, NULL, 0);
    canvas_clear(c, WHITE, BLACK);
    if (o.mode == 'l') draw_world(st, names, &o, c);
    else draw_view(st, names, &o, c);
}

bool rz_mode_key(char *view, size_t n, int key, int seats) {
    view_opts o;
    parse_opts(view, &o, NULL, 0);
    if (o.mode == 'h') return false; /* a playing human sees only its own view */
    switch (key) {
    case 'f':
        o.who = o.mode == 'f' ? (o.who + 1) % (seats ? seats : 1) : 0;
        o.mode = 'f';
        break;
    case 'w': o.mode = 'l'; break;
    case 't': o.letters = !o.letters; break;
    case '+': o.zoom += o.zoom < ZOOM_MAX; break;
    case '-': o.zoom -= o.zoom > -ZOOM_MAX; break;
    case 'h': o.pan_x = o.pan_x > 8 ? o.pan_x - 8 : 0; break;
    case 'l': o.pan_x = o.pan_x + 8 < PAN_MAX ? o.pan_x + 8 : PAN_MAX; break;
    case 'k': o.pan_y = o.pan_y > 8 ? o.pan_y - 8 : 0; break;
    case 'j': o.pan_y = o.pan_y + 8 < PAN_MAX ? o.pan_y + 8 : PAN_MAX; break;
    default:
        if (key >= '1' && key <= '9' && key - '1' < seats) o.mode = 'f', o.who = key - '1';
        else if (key == '0' && seats >= 10) o.mode = 'f', o.who = 9;
        else return false;
    }
    write_opts(&o, view, n);
    return true;
}
