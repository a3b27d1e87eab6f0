/* canvas.h: a grid of character cells with colours that games draw on (pure memory, no I/O). */
#ifndef ARENA_CANVAS_H
#define ARENA_CANVAS_H
#include <stdbool.h>
#include <stdint.h>

/* Colours are 24-bit RGB; CANVAS_DEFAULT means the terminal's own colour. */
#define CANVAS_DEFAULT 0xFF000000u
#define RGB(r, g, b) ((uint32_t)(((r) << 16) | ((g) << 8) | (b)))

enum { CANVAS_BOLD = 1, CANVAS_ITALIC = 2, CANVAS_DIM = 4, CANVAS_UNDERLINE = 8 };

typedef struct {
    char ch[5];      /* one UTF-8 character, NUL-terminated */
    uint32_t fg, bg; /* RGB or CANVAS_DEFAULT */
    uint8_t attr;    /* CANVAS_* bits */
} canvas_cell;

typedef struct {
    int rows, cols;
    canvas_cell *cells; /* rows * cols, row-major */
} canvas_t;

canvas_t *canvas_new(int rows, int cols);
void canvas_free(canvas_t *c);
void canvas_clear(canvas_t *c, uint32_t fg, uint32_t bg);
/* Writes UTF-8 text from (row, col) on one line, clipped; returns columns written. */
int canvas_text(canvas_t *c, int row, int col, const char *utf8, uint32_t fg, uint32_t bg, uint8_t attr);
int canvas_printf(canvas_t *c, int row, int col, uint32_t fg, uint32_t bg, uint8_t attr,
                  const char *fmt, ...) __attribute__((format(printf, 7, 8)));
void canvas_fill(canvas_t *c, int row, int col, int h, int w, const char *utf8, uint32_t fg, uint32_t bg);
canvas_cell *canvas_at(canvas_t *c, int row, int col); /* NULL when outside */
/* The canvas as plain text (characters only), one line per row: for tests. Caller frees. */
char *canvas_plain(const canvas_t *c);
#endif
