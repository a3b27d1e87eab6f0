/* chk_draw.c: the terminal picture of Chicken P9 (24 x 80): header, board with the original
 * symbols, the last ply, the readings, the result. The view option `A` or `B` shows only what that
 * seat may know (no hidden doors, no other seat's readings); `spectator` (default) shows all. */
#include "chk.h"
#include <stdio.h>
#include <string.h>

#define FG RGB(230, 230, 230)
#define BG RGB(20, 20, 20)
#define WHITE_SQ RGB(150, 140, 120)
#define BLACK_SQ RGB(70, 62, 52)
#define A_COL RGB(255, 255, 255)
#define B_COL RGB(255, 200, 40)
#define DOOR_COL RGB(255, 60, 60)
#define A_ITEM_BG RGB(40, 90, 160)
#define B_ITEM_BG RGB(150, 100, 20)

static const char *name_of(const game_names *names, int seat) {
    return seat < names->count && names->name[seat] ? names->name[seat] : "?";
}

static void bank_text(const chk_state *st, int c, char *out, size_t n) {
    if (!st->clocks_known || st->bank_left_ms[c] < 0) snprintf(out, n, "no bank");
    else snprintf(out, n, "%.1f s", (double)st->bank_left_ms[c] / 1000.0);
}

static void board(const chk_state *st, int viewer, canvas_t *c, int top, int left) {
    for (int x = 0; x < CHK_N; x++) canvas_printf(c, top, left + 3 + 3 * x, FG, BG, 0, "%d", x);
    for (int y = 0; y < CHK_N; y++) {
        int row = top + 1 + y;
        canvas_printf(c, row, left, FG, BG, 0, "%d", y);
        canvas_printf(c, row, left + 3 + 3 * CHK_N, FG, BG, 0, "%d", y);
        for (int x = 0; x < CHK_N; x++) {
            int sq = CHK_SQ(x, y), col = left + 2 + 3 * x;
            uint32_t bg = chk_parity(sq) ? BLACK_SQ : WHITE_SQ, fg = FG;
            const char *sym = " ";
            uint8_t attr = 0;
            for (int k = 0; k < 2; k++) {
                if (st->door[k] != sq) continue;
                if (st->found[k]) sym = "T", fg = DOOR_COL, attr = CANVAS_BOLD;
                else if (viewer < 0) sym = "t", fg = DOOR_COL, attr = CANVAS_DIM;
            }
            if (st->turds[CHK_B] & CHK_BIT(sq)) sym = "B", fg = B_COL, attr = 0;
            if (st->eggs[CHK_B] & CHK_BIT(sq)) sym = "b", fg = B_COL, attr = 0;
            if (st->turds[CHK_A] & CHK_BIT(sq)) sym = "A", fg = A_COL, attr = 0;
            if (st->eggs[CHK_A] & CHK_BIT(sq)) sym = "a", fg = A_COL, attr = 0;
            for (int k = 1; k >= 0; k--) {
                if (st->pos[k] != sq) continue;
                /* A chicken on its own egg or turd shows the item as its background. */
                if ((st->eggs[k] | st->turds[k]) & CHK_BIT(sq)) bg = k == CHK_A ? A_ITEM_BG : B_ITEM_BG;
                sym = k == CHK_A ? "@" : "%";
                fg = k == CHK_A ? A_COL : B_COL;
                attr = CANVAS_BOLD;
            }
            canvas_fill(c, row, col, 1, 3, " ", fg, bg);
            canvas_text(c, row, col + 1, sym, fg, bg, attr);
        }
    }
}

static void sense_line(canvas_t *c, int row, int col, const char *label, const bool s[4]) {
    canvas_printf(c, row, col, FG, BG, 0, "%s hear W:%s B:%s  feel W:%s B:%s", label, s[0] ? "yes" : "no",
                  s[2] ? "yes" : "no", s[1] ? "yes" : "no", s[3] ? "yes" : "no");
}

void chk_draw(const void *state, const game_names *names, const char *display_mode, canvas_t *c) {
    const chk_state *st = state;
    int viewer = -1; /* colour whose view is shown; -1 spectator */
    if (display_mode && (strcmp(display_mode, "A") == 0 || strcmp(display_mode, "a") == 0)) viewer = CHK_A;
    if (display_mode && (strcmp(display_mode, "B") == 0 || strcmp(display_mode, "b") == 0)) viewer = CHK_B;
    canvas_clear(c, FG, BG);
    const char *an = name_of(names, st->seat_of[CHK_A]), *bn = name_of(names, st->seat_of[CHK_B]);
    char ba[32], bb[32];
    bank_text(st, CHK_A, ba, sizeof ba);
    bank_text(st, CHK_B, bb, sizeof bb);
    if (st->over) canvas_printf(c, 0, 0, FG, BG, CANVAS_BOLD, "--- GAME OVER after %d plies", st->ply);
    else
        canvas_printf(c, 0, 0, FG, BG, CANVAS_BOLD, "--- TURN %d: %c to play", st->ply + 1,
                      st->mover == CHK_A ? 'A' : 'B');
    canvas_printf(c, 0, 40, FG, BG, 0, "view: %s", viewer < 0 ? "spectator" : viewer == CHK_A ? "A" : "B");
    canvas_printf(c, 1, 0, A_COL, BG, 0, "@ A %-20.20s bank %s", an, ba);
    canvas_printf(c, 2, 0, B_COL, BG, 0, "%% B %-20.20s bank %s", bn, bb);
    canvas_printf(c, 3, 0, FG, BG, 0, "eggs A:%d B:%d   turds left A:%d B:%d   moves left A:%d B:%d", st->score[0],
                  st->score[1], st->turds_left[0], st->turds_left[1], st->moves_left[0], st->moves_left[1]);
    board(st, viewer, c, 5, 0);

    /* Right panel: the last ply and the readings. */
    int col = 30, row = 5;
    const chk_last *L = &st->last;
    if (L->ply == 0) {
        canvas_text(c, row++, col, "no ply played yet", FG, BG, 0);
    } else if (L->moved) {
        canvas_printf(c, row++, col, FG, BG, 0, "ply %d: %c %s %s", L->ply, L->mover == CHK_A ? 'A' : 'B',
                      chk_dir_name(L->move.dir), chk_type_name(L->move.type));
        if (L->think_us > 0) canvas_printf(c, row++, col, FG, BG, 0, "think time %.3f s", (double)L->think_us / 1e6);
        if (L->fell)
            canvas_printf(c, row++, col, DOOR_COL, BG, CANVAS_BOLD, "fell through the trapdoor at (%d,%d)!",
                          CHK_X(L->to), CHK_Y(L->to));
        if (L->blocked) canvas_text(c, row++, col, "opponent blocked: +5", FG, BG, CANVAS_BOLD);
    }
    row++;
    if (!st->over) {
        /* The mover's readings at its square, for the coming ply: the mover's own or the spectator's. */
        if (viewer < 0 || viewer == st->mover) {
            char label[32];
            snprintf(label, sizeof label, "%c senses:", st->mover == CHK_A ? 'A' : 'B');
            sense_line(c, row++, col, label, st->sense);
        } else {
            canvas_text(c, row++, col, "(the mover's readings are hidden)", FG, BG, CANVAS_DIM);
        }
        if (viewer < 0) {
            int here = st->pos[st->mover];
            for (int k = 0; k < 2; k++) {
                int dx = CHK_X(here) - CHK_X(st->door[k]), dy = CHK_Y(here) - CHK_Y(st->door[k]);
                dx = dx < 0 ? -dx : dx;
                dy = dy < 0 ? -dy : dy;
                canvas_printf(c, row++, col, FG, BG, CANVAS_DIM, "%s door: P(hear) %d%% P(feel) %d%%",
                              k ? "black" : "white", chk_prob_hear(dx, dy), chk_prob_feel(dx, dy));
            }
        }
    }
    if (L->fail_seat >= 0) {
        row++;
        canvas_printf(c, row++, col, RGB(255, 80, 80), BG, CANVAS_BOLD, "VERDICT: %c (%s) %s",
                      st->colour_of[L->fail_seat] == CHK_A ? 'A' : 'B', name_of(names, L->fail_seat),
                      CHK_REASON_NAME[L->fail_reason]);
        if (L->fail_check != CHK_OK)
            canvas_printf(c, row++, col, RGB(255, 80, 80), BG, 0, "  illegal %s %s: %s",
                          chk_dir_name(L->move.dir),
                          chk_type_name(L->move.type),
                          CHK_CHECK_LABEL[L->fail_check]);
    }
    if (st->over) {
        if (st->winner == CHK_TIE)
            canvas_printf(c, 15, 0, FG, BG, CANVAS_BOLD, "TIE by %s %d-%d", CHK_REASON_NAME[st->reason], st->score[0],
                          st->score[1]);
        else
            canvas_printf(c, 15, 0, FG, BG, CANVAS_BOLD, "%c (%s) wins by %s %d-%d", st->winner == CHK_WIN_A ? 'A' : 'B',
                          st->winner == CHK_WIN_A ? an : bn, CHK_REASON_NAME[st->reason],
                          st->winner == CHK_WIN_A ? st->score[0] : st->score[1],
                          st->winner == CHK_WIN_A ? st->score[1] : st->score[0]);
    }
    canvas_text(c, 17, 0, "@ A  % B  a/A egg/turd of A  b/B egg/turd of B  T found trapdoor", FG, BG, CANVAS_DIM);
}
