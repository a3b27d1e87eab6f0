/* term.h: the terminal: raw mode, key reading and drawing a canvas with as few bytes as possible. */
#ifndef ARENA_TERM_H
#define ARENA_TERM_H
#include "../game/canvas.h"
#include <stdbool.h>
#include <stddef.h>

enum {
    KEY_NONE = -1,
    KEY_UP = 0x1001,
    KEY_DOWN,
    KEY_RIGHT,
    KEY_LEFT,
};

/* Enters raw mode on the controlling terminal (alternate screen, hidden cursor). */
bool term_open(void);
/* Restores the terminal (also done at exit and on fatal signals). */
void term_close(void);
void term_size(int *rows, int *cols);
/* Waits at most timeout_ms (-1 = forever) for a key; returns KEY_NONE on timeout. */
int term_key(int timeout_ms);
/* Draws the canvas at the top-left and a status line under it (if the terminal has room).
 * Only cells that changed since the last call are sent. */
void term_draw(const canvas_t *c, const char *status);
/* Renders a canvas as ANSI text (full frame, for tests and non-interactive output). */
void term_render(const canvas_t *c, bool truecolor, char **out, size_t *len);
/* True when COLORTERM asks for 24-bit colour. */
bool term_truecolor(void);
/* The nearest xterm-256 colour of an RGB value. */
int term_xterm256(uint32_t rgb);
#endif
