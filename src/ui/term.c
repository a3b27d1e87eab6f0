/* term.c: raw terminal I/O with ANSI escapes; diffs frames so a live view stays cheap. */
#include "term.h"
#include "../core/buf.h"
#include "../core/xalloc.h"
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

static struct termios saved;
static bool active;
static canvas_cell *prev;
static int prev_rows, prev_cols;

bool term_truecolor(void) {
    const char *c = getenv("COLORTERM");
    return c && (strcmp(c, "truecolor") == 0 || strcmp(c, "24bit") == 0);
}

static int cube_level(int v) {
    static const int levels[6] = {0, 95, 135, 175, 215, 255};
    int best = 0;
    for (int i = 1; i < 6; i++)
        if (abs(levels[i] - v) < abs(levels[best] - v)) best = i;
    return best;
}

int term_xterm256(uint32_t rgb) {
    static const int levels[6] = {0, 95, 135, 175, 215, 255};
    int r = (int)(rgb >> 16) & 255, g = (int)(rgb >> 8) & 255, b = (int)rgb & 255;
    int cr = cube_level(r), cg = cube_level(g), cb = cube_level(b);
    int cube = 16 + 36 * cr + 6 * cg + cb;
    int dr = levels[cr] - r, dg = levels[cg] - g, db = levels[cb] - b;
    int dcube = dr * dr + dg * dg + db * db;
    int avg = (r + g + b) / 3;
    int gi = avg > 238 ? 23 : (avg - 3) / 10;
    if (gi < 0) gi = 0;
    int gv = 8 + 10 * gi;
    int dgray = (gv - r) * (gv - r) + (gv - g) * (gv - g) + (gv - b) * (gv - b);
    return dgray < dcube ? 232 + gi : cube;
}

static void colour(buf_t *b, bool fg, uint32_t rgb, bool truecolor) {
    if (rgb == CANVAS_DEFAULT) {
        buf_puts(b, fg ? "\x1b[39m" : "\x1b[49m");
        return;
    }
    if (truecolor)
        buf_printf(b, "\x1b[%d;2;%u;%u;%um", fg ? 38 : 48, (rgb >> 16) & 255, (rgb >> 8) & 255, rgb & 255);
    else
        buf_printf(b, "\x1b[%d;5;%dm", fg ? 38 : 48, term_xterm256(rgb));
}

static void style(buf_t *b, const canvas_cell *c, bool truecolor) {
    buf_puts(b, "\x1b[0m");
    if (c->attr & CANVAS_BOLD) buf_puts(b, "\x1b[1m");
    if (c->attr & CANVAS_DIM) buf_puts(b, "\x1b[2m");
    if (c->attr & CANVAS_ITALIC) buf_puts(b, "\x1b[3m");
    if (c->attr & CANVAS_UNDERLINE) buf_puts(b, "\x1b[4m");
    colour(b, true, c->fg, truecolor);
    colour(b, false, c->bg, truecolor);
}

static bool same_style(const canvas_cell *a, const canvas_cell *b) {
    return a->fg == b->fg && a->bg == b->bg && a->attr == b->attr;
}

void term_render(const canvas_t *c, bool truecolor, char **out, size_t *len) {
    buf_t b;
    buf_init(&b);
    for (int r = 0; r < c->rows; r++) {
        const canvas_cell *last = NULL;
        for (int k = 0; k < c->cols; k++) {
            const canvas_cell *x = &c->cells[r * c->cols + k];
            if (!last || !same_style(last, x)) style(&b, x, truecolor);
            buf_puts(&b, x->ch);
            last = x;
        }
        buf_puts(&b, "\x1b[0m\n");
    }
    *len = b.len;
    *out = buf_steal(&b);
}

static void restore(void) {
    if (!active) return;
    active = false;
    const char *s = "\x1b[0m\x1b[?25h\x1b[?1049l";
    if (write(STDOUT_FILENO, s, strlen(s)) < 0) {}
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved);
}

static void on_fatal(int sig) {
    restore();
    signal(sig, SIG_DFL);
    raise(sig);
}

bool term_open(void) {
    if (active) return true;
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) return false;
    if (tcgetattr(STDIN_FILENO, &saved) != 0) return false;
    struct termios raw = saved;
    raw.c_lflag &= ~(tcflag_t)(ECHO | ICANON);
    raw.c_cc[VMIN] = 0;
    raw.c_cc[VTIME] = 0;
    if (tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) != 0) return false;
    active = true;
    atexit(restore);
    signal(SIGSEGV, on_fatal);
    signal(SIGABRT, on_fatal);
    const char *s = "\x1b[?1049h\x1b[?25l\x1b[2J";
    if (write(STDOUT_FILENO, s, strlen(s)) < 0) {}
    free(prev);
    prev = NULL;
    return true;
}

void term_close(void) {
    restore();
    free(prev);
    prev = NULL;
}

void term_size(int *rows, int *cols) {
    struct winsize ws;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0) {
        *rows = ws.ws_row;
        *cols = ws.ws_col;
    } else {
        *rows = 24;
        *cols = 80;
    }
}

/* Keys typed faster than they are read arrive together; keep the rest for the next call. */
static unsigned char pending[64];
static size_t npending;

static int next_key(void) {
    unsigned char *c = pending;
    size_t used = 1;
    int key = c[0];
    if (c[0] == 0x1b && npending >= 3 && c[1] == '[') {
        used = 3;
        switch (c[2]) {
        case 'A': key = KEY_UP; break;
        case 'B': key = KEY_DOWN; break;
        case 'C': key = KEY_RIGHT; break;
        case 'D': key = KEY_LEFT; break;
        default: key = KEY_NONE; break;
        }
    }
    memmove(pending, pending + used, npending - used);
    npending -= used;
    return key;
}

int term_key(int timeout_ms) {
    if (npending) return next_key();
    struct pollfd pf = {STDIN_FILENO, POLLIN, 0};
    int rc;
    while ((rc = poll(&pf, 1, timeout_ms)) < 0 && errno == EINTR) {}
    if (rc <= 0) return KEY_NONE;
    ssize_t n = read(STDIN_FILENO, pending, sizeof pending);
    if (n <= 0) return KEY_NONE;
    npending = (size_t)n;
    return next_key();
}

void term_draw(const canvas_t *c, const char *status) {
    int rows, cols;
    term_size(&rows, &cols);
    buf_t b;
    buf_init(&b);
    bool truecolor = term_truecolor();
    if (rows < c->rows || cols < c->cols) {
        buf_printf(&b, "\x1b[0m\x1b[2J\x1b[Hterminal too small: need %dx%d", c->cols, c->rows);
        free(prev);
        prev = NULL;
    } else {
        bool full = !prev || prev_rows != c->rows || prev_cols != c->cols;
        if (full) {
            free(prev);
            prev = xcalloc((size_t)c->rows * (size_t)c->cols, sizeof *prev);
            prev_rows = c->rows;
            prev_cols = c->cols;
            buf_puts(&b, "\x1b[0m\x1b[2J");
        }
        const canvas_cell *last = NULL;
        int cur_r = -1, cur_k = -1;
        for (int r = 0; r < c->rows; r++)
            for (int k = 0; k < c->cols; k++) {
                const canvas_cell *x = &c->cells[r * c->cols + k];
                canvas_cell *p = &prev[r * c->cols + k];
                if (!full && same_style(p, x) && strcmp(p->ch, x->ch) == 0) continue;
                if (cur_r != r || cur_k != k) buf_printf(&b, "\x1b[%d;%dH", r + 1, k + 1);
                if (!last || !same_style(last, x)) style(&b, x, truecolor);
                buf_puts(&b, x->ch);
                last = x;
                *p = *x;
                cur_r = r;
                cur_k = k + 1;
            }
        if (status && rows > c->rows) {
            buf_printf(&b, "\x1b[0m\x1b[%d;1H\x1b[2K%.*s", c->rows + 1, cols - 1, status);
        }
    }
    size_t off = 0;
    while (off < b.len) {
        ssize_t w = write(STDOUT_FILENO, b.data + off, b.len - off);
        if (w <= 0) {
            if (w < 0 && errno == EINTR) continue;
            break;
        }
        off += (size_t)w;
    }
    buf_free(&b);
}
