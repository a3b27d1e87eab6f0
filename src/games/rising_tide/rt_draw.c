/* rt_draw.c: the terminal picture of Rising Tide P9 (24 x 80, the original's layout). */
#include "rt.h"
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#define BLUE RGB(0, 0, 255)
#define WHITE RGB(255, 255, 255)
#define BLACK RGB(0, 0, 0)

static const uint32_t HEIGHT_RGB[9] = {RGB(0xff, 0x00, 0x00), RGB(0xff, 0x5f, 0x00), RGB(0xff, 0x87, 0x00),
                                       RGB(0xff, 0xaf, 0x00), RGB(0xff, 0xd7, 0x00), RGB(0xff, 0xff, 0x00),
                                       RGB(0xd7, 0xff, 0x00), RGB(0xaf, 0xff, 0x00), RGB(0x00, 0xff, 0x00)};

uint32_t rt_height_colour(int h) { return h < 0 || h > 8 ? BLUE : HEIGHT_RGB[h]; }

static void seat_code(const game_names *names, int s, char code[3]) {
    const char *c = s < names->count ? names->code[s] : NULL;
    const char *n = s < names->count ? names->name[s] : NULL;
    if (c && strlen(c) >= 2) {
        code[0] = c[0], code[1] = c[1];
    } else if (n && strlen(n) >= 2) {
        code[0] = (char)toupper((unsigned char)n[0]), code[1] = (char)toupper((unsigned char)n[1]);
    } else {
        code[0] = 'P', code[1] = (char)('0' + s);
    }
    if ((unsigned char)code[0] < 0x21 || (unsigned char)code[0] > 0x7e) code[0] = '?';
    if ((unsigned char)code[1] < 0x21 || (unsigned char)code[1] > 0x7e) code[1] = '?';
    code[2] = 0;
}

/* Word-wraps text at width into at most max lines; returns the number of lines. */
static int wrap(const char *text, int width, char lines[][136], int max) {
    int n = 0;
    const char *p = text;
    while (*p && n < max) {
        while (*p == ' ') p++;
        int len = (int)strlen(p);
        if (len <= width) {
            snprintf(lines[n++], 136, "%s", p);
            break;
        }
        int cut = width;
        while (cut > 0 && p[cut] != ' ') cut--;
        if (cut == 0) cut = width;
        snprintf(lines[n++], 136, "%.*s", cut, p);
        p += cut;
    }
    return n;
}

void rt_draw(const void *state, const game_names *names, const char *display_mode, canvas_t *c) {
    (void)display_mode;
    const rt_state *st = state;
    canvas_clear(c, WHITE, BLACK);
    canvas_fill(c, 0, 0, 24, 80, "#", WHITE, BLACK);
    canvas_fill(c, 1, 2, 22, 44, " ", WHITE, BLUE);
    canvas_text(c, 1, 4, "RISING TIDE", WHITE, BLUE, CANVAS_BOLD | CANVAS_ITALIC);
    for (int i = 0; i < RT_N; i++)
        for (int j = 0; j < RT_N; j++) canvas_fill(c, 3 + i, 6 + 2 * j, 1, 2, " ", WHITE, rt_height_colour(st->board[i][j]));
    for (int s = 0; s < RT_SEATS; s++) {
        if (st->board[RT_CITY[s][0]][RT_CITY[s][1]] == RT_FLOODED) continue;
        char code[3];
        seat_code(names, s, code);
        canvas_text(c, 3 + RT_CITY[s][0], 6 + 2 * RT_CITY[s][1], code, WHITE, BLACK, 0);
    }
    canvas_text(c, 20, 4, "N", WHITE, BLUE, 0);
    canvas_text(c, 21, 3, "W+E", WHITE, BLUE, 0);
    canvas_text(c, 22, 4, "S", WHITE, BLUE, 0);

    canvas_fill(c, 1, 48, 22, 30, " ", WHITE, BLACK);
    canvas_printf(c, 2, 63, WHITE, BLACK, 0, "ROUND %4d", st->round);
    for (int s = 0; s < RT_SEATS; s++) {
        char code[3], text[128], lines[3][136];
        seat_code(names, s, code);
        snprintf(text, sizeof text, "%s | %s", code, s < names->count && names->name[s] ? names->name[s] : "?");
        int n = wrap(text, 14, lines, 3);
        int row = 4 + 4 * s;
        for (int k = 0; k < n; k++) canvas_text(c, row + k, 63, lines[k], WHITE, BLACK, 0);
        bool sunk = st->score[s] >= 0 && st->board[RT_CITY[s][0]][RT_CITY[s][1]] == RT_FLOODED;
        if (sunk) canvas_printf(c, row + n, 63, WHITE, BLACK, 0, "  SUNK R%d", st->score[s]);
        else canvas_text(c, row + n, 63, "  ALIVE", WHITE, BLACK, 0);
    }
    canvas_text(c, 2, 50, "WATER LEVEL", WHITE, BLACK, 0);
    for (int h = 8; h >= 0; h--) {
        int row = 4 + 2 * (8 - h);
        canvas_printf(c, row, 50, WHITE, BLACK, 0, "%d", h);
        canvas_fill(c, row, 55, 2, 4, " ", WHITE, HEIGHT_RGB[h]);
    }
    /* Water: 2 rows per unit of level, from row 21 up, eighth blocks for the fraction. */
    static const char *EIGHTHS[8] = {" ", "\u2581", "\u2582", "\u2583", "\u2584", "\u2585", "\u2586", "\u2587"};
    int eighths = st->round * 2 * 8 / 100; /* level = round/100, rows = 2*level */
    int full = eighths / 8, frac = eighths % 8;
    for (int k = 0; k <= full && k < 18; k++) {
        int row = 21 - k;
        const char *ch = k < full ? "\u2588" : EIGHTHS[frac];
        if (k == full && frac == 0) break;
        for (int col = 53; col <= 60; col++) {
            canvas_cell *cell = canvas_at(c, row, col);
            if (!cell) continue;
            uint32_t bg = cell->bg, fg = BLUE;
            if (col >= 55 && col <= 58) {
                uint32_t r = (bg >> 16) & 0xff, g = (bg >> 8) & 0xff, b = bg & 0xff;
                uint32_t nb = b / 2 + 120;
                fg = RGB(r / 2, g / 2, nb > 255 ? 255 : nb);
            }
            canvas_text(c, row, col, ch, fg, bg, 0);
        }
    }
}
