/* canvas.c: character grid drawing. */
#include "canvas.h"
#include "../core/buf.h"
#include "../core/xalloc.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

canvas_t *canvas_new(int rows, int cols) {
    canvas_t *c = xcalloc(1, sizeof *c);
    c->rows = rows;
    c->cols = cols;
    c->cells = xcalloc((size_t)rows * (size_t)cols, sizeof *c->cells);
    canvas_clear(c, CANVAS_DEFAULT, CANVAS_DEFAULT);
    return c;
}

void canvas_free(canvas_t *c) {
    if (!c) return;
    free(c->cells);
    free(c);
}

void canvas_clear(canvas_t *c, uint32_t fg, uint32_t bg) {
    for (int i = 0; i < c->rows * c->cols; i++) {
        canvas_cell *x = &c->cells[i];
        strcpy(x->ch, " ");
        x->fg = fg;
        x->bg = bg;
        x->attr = 0;
    }
}

canvas_cell *canvas_at(canvas_t *c, int row, int col) {
    if (row < 0 || col < 0 || row >= c->rows || col >= c->cols) return NULL;
    return &c->cells[row * c->cols + col];
}

static size_t utf8_char_len(unsigned char c) {
    if (c < 0x80) return 1;
    if ((c & 0xE0) == 0xC0) return 2;
    if ((c & 0xF0) == 0xE0) return 3;
    if ((c & 0xF8) == 0xF0) return 4;
    return 1;
}

int canvas_text(canvas_t *c, int row, int col, const char *s, uint32_t fg, uint32_t bg, uint8_t attr) {
    int n = 0;
    while (*s) {
        size_t len = utf8_char_len((unsigned char)*s);
        if (strnlen(s, len) < len) break;
        canvas_cell *x = canvas_at(c, row, col + n);
        if (x) {
            memcpy(x->ch, s, len);
            x->ch[len] = 0;
            if ((unsigned char)x->ch[0] < 0x20) strcpy(x->ch, "?");
            x->fg = fg;
            x->bg = bg;
            x->attr = attr;
        }
        s += len;
        n++;
    }
    return n;
}

int canvas_printf(canvas_t *c, int row, int col, uint32_t fg, uint32_t bg, uint8_t attr,
                  const char *fmt, ...) {
    char tmp[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    return canvas_text(c, row, col, tmp, fg, bg, attr);
}

void canvas_fill(canvas_t *c, int row, int col, int h, int w, const char *s, uint32_t fg, uint32_t bg) {
    for (int r = row; r < row + h; r++)
        for (int k = col; k < col + w; k++) canvas_text(c, r, k, s, fg, bg, 0);
}

char *canvas_plain(const canvas_t *c) {
    buf_t b;
    buf_init(&b);
    for (int r = 0; r < c->rows; r++) {
        for (int k = 0; k < c->cols; k++) buf_puts(&b, c->cells[r * c->cols + k].ch);
        buf_putc(&b, '\n');
    }
    return buf_steal(&b);
}
