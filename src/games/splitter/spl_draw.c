/* spl_draw.c: the terminal picture of Splitter S9: the sheet (stars, hearts, placed dice in one
 * colour per value, exact groups bold, oversized groups dim, the last pair highlighted, a dashed
 * line between the halves) and a panel with the roll, the last placement and the score so far.
 * View option "ascii" draws . * h instead of the Unicode markers. */
#include "spl.h"
#include <string.h>
#include <strings.h>

#define WHITE RGB(230, 230, 230)
#define GREY RGB(130, 130, 130)
#define STAR_BG RGB(95, 78, 0)
#define HEART_BG RGB(100, 20, 45)
#define LAST_BG RGB(40, 60, 140)

static const uint32_t VALUE_RGB[7] = {0, RGB(255, 90, 90), RGB(255, 165, 0), RGB(240, 240, 80),
                                      RGB(90, 230, 90), RGB(90, 170, 255), RGB(230, 110, 255)};

/* Size of the group of equal values containing each cell (0 for empty cells). */
static void group_sizes(const spl_state *st, int size[SPL_MAXH][SPL_MAXW]) {
    memset(size, 0, sizeof(int) * SPL_MAXH * SPL_MAXW);
    int seen[SPL_MAXH][SPL_MAXW] = {{0}};
    int stack[SPL_MAXH * SPL_MAXW][2], members[SPL_MAXH * SPL_MAXW][2];
    for (int y0 = 0; y0 < st->L.h; y0++)
        for (int x0 = 0; x0 < st->L.w; x0++) {
            int v = st->sheet[y0][x0];
            if (!v || seen[y0][x0]) continue;
            int top = 0, n = 0;
            seen[y0][x0] = 1;
            stack[top][0] = x0, stack[top][1] = y0, top++;
            while (top) {
                top--;
                int x = stack[top][0], y = stack[top][1];
                members[n][0] = x, members[n][1] = y, n++;
                static const int D[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
                for (int k = 0; k < 4; k++) {
                    int nx = x + D[k][0], ny = y + D[k][1];
                    if (nx < 0 || ny < 0 || nx >= st->L.w || ny >= st->L.h) continue;
                    if (seen[ny][nx] || st->sheet[ny][nx] != v) continue;
                    seen[ny][nx] = 1;
                    stack[top][0] = nx, stack[top][1] = ny, top++;
                }
            }
            for (int k = 0; k < n; k++) size[members[k][1]][members[k][0]] = n;
        }
}

static int cell_col(const spl_state *st, int x) { return 4 + 3 * x + (x >= st->L.w / 2 ? 1 : 0); }

void spl_draw(const void *state, const game_names *names, const char *display_mode, canvas_t *c) {
    const spl_state *st = state;
    bool ascii = display_mode && strcasecmp(display_mode, "ascii") == 0;
    canvas_clear(c, WHITE, CANVAS_DEFAULT);
    canvas_text(c, 0, 2, "SPLITTER", WHITE, CANVAS_DEFAULT, CANVAS_BOLD);
    if (names && names->count > 0 && names->name[0])
        canvas_printf(c, 0, 12, GREY, CANVAS_DEFAULT, 0, "%s", names->name[0]);
    int size[SPL_MAXH][SPL_MAXW];
    group_sizes(st, size);
    int top = 2, right = cell_col(st, st->L.w - 1) + 4;
    canvas_fill(c, top, 2, 1, right - 2, ascii ? "-" : "\u2500", GREY, CANVAS_DEFAULT);
    canvas_fill(c, top + st->L.h + 1, 2, 1, right - 2, ascii ? "-" : "\u2500", GREY, CANVAS_DEFAULT);
    for (int y = 0; y < st->L.h; y++) {
        int row = top + 1 + y;
        canvas_text(c, row, 2, ascii ? "|" : "\u2502", GREY, CANVAS_DEFAULT, 0);
        canvas_text(c, row, right - 1, ascii ? "|" : "\u2502", GREY, CANVAS_DEFAULT, 0);
        canvas_text(c, row, cell_col(st, st->L.w / 2) - 1, ascii ? ":" : "\u2506", GREY, CANVAS_DEFAULT, 0);
        for (int x = 0; x < st->L.w; x++) {
            int code = st->L.code[y][x], v = st->sheet[y][x];
            if (code == SPL_BLANK) continue;
            int col = cell_col(st, x);
            uint32_t bg = code == SPL_STAR ? STAR_BG : code == SPL_HEART ? HEART_BG : CANVAS_DEFAULT;
            bool last = st->placed && st->last.y == y && (st->last.x == x || st->L.w - 1 - st->last.x == x);
            if (last) bg = LAST_BG;
            canvas_fill(c, row, col, 1, 3, " ", WHITE, bg);
            if (v) {
                uint8_t attr = size[y][x] == v ? CANVAS_BOLD : size[y][x] > v ? CANVAS_DIM : 0;
                if (last) attr |= CANVAS_UNDERLINE;
                char d[2] = {(char)('0' + v), 0};
                canvas_text(c, row, col + 1, d, VALUE_RGB[v], bg, attr);
            } else {
                const char *mark = code == SPL_STAR ? (ascii ? "*" : "\u2605")
                                   : code == SPL_HEART ? (ascii ? "h" : "\u2665")
                                                       : (ascii ? "." : "\u00b7");
                canvas_text(c, row, col + 1, mark, code == SPL_NORMAL ? GREY : WHITE, bg, 0);
            }
        }
    }
    /* the information panel */
    int px = right + 3, r = 2;
    canvas_printf(c, r++, px, WHITE, CANVAS_DEFAULT, 0, "game %d \xc2\xb7 layout %d \xc2\xb7 dice seed %d+%d",
                  st->game_index, st->layout_number, st->dice_base, st->game_index);
    canvas_printf(c, r++, px, WHITE, CANVAS_DEFAULT, CANVAS_BOLD, "round %d/%d",
                  st->round + (st->over && st->failure.verdict == VERDICT_OK ? 0 : 1),
                  st->rounds);
    if (st->d1) canvas_printf(c, r++, px, WHITE, CANVAS_DEFAULT, 0, "roll  %d %d", st->d1, st->d2);
    else canvas_text(c, r++, px, st->failure.verdict != VERDICT_OK ? "roll  -" : "roll  (game over)", GREY,
                     CANVAS_DEFAULT, 0);
    if (st->placed)
        canvas_printf(c, r++, px, WHITE, CANVAS_DEFAULT, 0, "last  %d at (%d,%d) \xc2\xb7 %d at (%d,%d)", st->last.v,
                      st->last.x, st->last.y, st->last_other, st->L.w - 1 - st->last.x, st->last.y);
    else r++;
    r++;
    spl_score sc;
    spl_score_sheet(&st->L, st->sheet, &sc);
    canvas_printf(c, r++, px, WHITE, CANVAS_DEFAULT, CANVAS_BOLD, "score %d", spl_total(st));
    canvas_printf(c, r++, px, GREY, CANVAS_DEFAULT, 0, "  exact groups %d", sc.exact);
    canvas_printf(c, r++, px, GREY, CANVAS_DEFAULT, 0, "  star bonus   %d", sc.star_bonus);
    canvas_printf(c, r++, px, GREY, CANVAS_DEFAULT, 0, "  hearts       %d", sc.hearts);
    r++;
    if (st->failure.verdict != VERDICT_OK) {
        canvas_printf(c, r++, px, RGB(255, 90, 90), CANVAS_DEFAULT, CANVAS_BOLD, "Game %d scored 0 (%s)",
                      st->game_index, verdict_name(st->failure.verdict));
        buf_t why;
        buf_init(&why);
        spl_failure_text(st, &why);
        /* word-wrapped to the panel's width */
        int width = c->cols - px - 1;
        const char *p = buf_cstr(&why);
        while (*p && r < c->rows - 1 && width > 8) {
            int len = (int)strlen(p), cut = len <= width ? len : width;
            if (cut < len)
                while (cut > 0 && p[cut] != ' ') cut--;
            if (cut == 0) cut = width; /* a word longer than the panel: cut it */
            canvas_printf(c, r++, px, WHITE, CANVAS_DEFAULT, 0, "%.*s", cut, p);
            p += cut;
            while (*p == ' ') p++;
        }
        buf_free(&why);
    } else if (st->over) {
        for (int v = 1; v <= 6 && r < c->rows - 2; v++) {
            canvas_printf(c, r++, px, WHITE, CANVAS_DEFAULT, 0, "Groups of %d points %d", v, sc.groups[v]);
            for (int k = 0; k < sc.stars[v] && r < c->rows - 2; k++)
                canvas_printf(c, r++, px, WHITE, CANVAS_DEFAULT, 0, "Star points %d", v);
            if (sc.heart_value == v && r < c->rows - 2) canvas_text(c, r++, px, "Heart points 5", WHITE, CANVAS_DEFAULT, 0);
        }
        canvas_printf(c, r++, px, WHITE, CANVAS_DEFAULT, CANVAS_BOLD, "final score %d", spl_total(st));
    }
    int lr = top + st->L.h + 3;
    canvas_printf(c, lr, 2, GREY, CANVAS_DEFAULT, 0, "%s star  %s heart  %s empty", ascii ? "*" : "\u2605",
                  ascii ? "h" : "\u2665", ascii ? "." : "\u00b7");
    canvas_text(c, lr + 1, 2, "bold: exact group", WHITE, CANVAS_DEFAULT, CANVAS_BOLD);
    canvas_text(c, lr + 2, 2, "dim: group too large", WHITE, CANVAS_DEFAULT, CANVAS_DIM);
    canvas_text(c, lr + 3, 2, "highlight: last pair", WHITE, LAST_BG, 0);
}
