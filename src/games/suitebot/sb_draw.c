/* sb_draw.c: the terminal picture of SuiteBot P9: the torus in the notation of P11.1,
 * coloured per player (bombs with countdowns, fields hit last round highlighted), the scoreboard,
 * the last round's events and, at the end, the ranking with place points.
 * View option "blast": shade every field that some bomb on the plan will hit (miner's schedule). */
#include "sb.h"
#include <stdio.h>
#include <string.h>
#include <strings.h>

static const uint32_t PLAYER_RGB[SB_MAX_PLAYERS] = {
    RGB(235, 80, 80),  RGB(90, 150, 255), RGB(90, 205, 90),  RGB(235, 205, 60),
    RGB(205, 95, 225), RGB(60, 205, 215), RGB(245, 150, 50), RGB(215, 215, 215),
};
#define GREY RGB(140, 140, 140)
#define DARK RGB(60, 60, 60)
#define BLACK RGB(0, 0, 0)
#define WHITE RGB(235, 235, 235)
#define DANGER RGB(90, 30, 30)

static uint32_t dim(uint32_t rgb) {
    return RGB(((rgb >> 16) & 0xff) * 2 / 5, ((rgb >> 8) & 0xff) * 2 / 5, (rgb & 0xff) * 2 / 5);
}

static const char *name_of(const game_names *names, int s) {
    return names && s < names->count && names->name[s] ? names->name[s] : "?";
}

static int agent_at(const sb_state *st, int x, int y) {
    for (int p = 0; p < st->plan.n; p++)
        if (st->ax[p] == x && st->ay[p] == y) return p;
    return -1;
}

static void draw_map(const sb_state *st, bool blast_view, canvas_t *c, int top, int left, int cellw, int max_rows) {
    const int w = st->plan.w, h = st->plan.h, cells = w * h;
    uint8_t hit[SB_MAX_CELLS];
    memset(hit, 0, (size_t)cells);
    for (int i = 0; i < st->last.n_hit; i++) hit[st->last.hit[i].cell] = st->last.hit[i].owners;
    uint8_t danger[SB_MAX_COUNTDOWN + 1][SB_MAX_CELLS];
    uint8_t covered[SB_MAX_CELLS];
    memset(covered, 0, (size_t)cells);
    if (blast_view) {
        sb_view v;
        sb_view_of(st, 0, &v);
        sb_schedule(&v, &st->blast, -1, danger);
        for (int k = 0; k <= st->rules.countdown; k++) /* C <= SB_MAX_COUNTDOWN */
            for (int i = 0; i < cells; i++) covered[i] |= danger[k][i];
    }
    for (int y = 0; y < h && y < max_rows; y++)
        for (int x = 0; x < w; x++) {
            int cell = y * w + x, base = sb_base_at(st, x, y), ag = agent_at(st, x, y);
            const sb_bomb *b = &st->bomb[cell];
            uint32_t bg = CANVAS_DEFAULT, fg = GREY;
            uint8_t attr = 0;
            char ch[2] = {st->res[cell] ? '.' : ' ', 0};
            if (hit[cell]) {
                unsigned own = hit[cell];
                bool single = (own & (own - 1)) == 0;
                int o = 0;
                while (!(own & (1u << o))) o++;
                bg = single ? dim(PLAYER_RGB[o]) : DARK;
            } else if (covered[cell]) {
                bg = DANGER;
            }
            if (base >= 0) {
                ch[0] = (char)('A' + base);
                fg = PLAYER_RGB[base];
                if (ag == base) attr = CANVAS_BOLD;
                else if (ag >= 0) { /* an enemy on my base: it dies at step 5 of the next round */
                    ch[0] = (char)('a' + ag);
                    fg = PLAYER_RGB[ag];
                    attr = CANVAS_BOLD | CANVAS_UNDERLINE;
                }
                if (b->owner) bg = PLAYER_RGB[b->owner - 1], fg = BLACK;
            } else if (ag >= 0) {
                ch[0] = (char)('a' + ag);
                fg = PLAYER_RGB[ag];
                attr = CANVAS_BOLD;
                if (b->owner) bg = PLAYER_RGB[b->owner - 1], fg = BLACK;
            } else if (b->owner) {
                ch[0] = (char)('0' + b->countdown); /* 0..9: SB_MAX_COUNTDOWN bounds every countdown */
                fg = PLAYER_RGB[b->owner - 1];
                attr = CANVAS_BOLD;
            }
            canvas_text(c, top + y, left + x * cellw, ch, fg, bg, attr);
            if (cellw == 2) canvas_text(c, top + y, left + x * cellw + 1, " ", fg, bg, 0);
        }
}

static void status_of(const sb_state *st, int p, char *out, size_t n) {
    if (st->down_round[p]) {
        snprintf(out, n, "DOWN since round %d", st->down_round[p]);
    } else if (st->lates[p] || st->invalids[p]) {
        out[0] = 0;
        if (st->lates[p]) snprintf(out, n, "late\u00d7%d", st->lates[p]);
        if (st->invalids[p])
            snprintf(out + strlen(out), n - strlen(out), "%sinvalid\u00d7%d", st->lates[p] ? " " : "", st->invalids[p]);
    } else {
        snprintf(out, n, "ok");
    }
}

void sb_draw(const void *state, const game_names *names, const char *display_mode, canvas_t *c) {
    const sb_state *st = state;
    const int n = st->plan.n, w = st->plan.w;
    bool over = st->round > st->rules.rounds;
    canvas_clear(c, CANVAS_DEFAULT, CANVAS_DEFAULT);
    int played = st->round - 1;
    canvas_printf(c, 0, 1, WHITE, CANVAS_DEFAULT, CANVAS_BOLD, "SUITEBOT II  round %d/%d%s", played, st->rules.rounds,
                  over ? "  GAME OVER" : "");
    int cellw = 2 * w <= 56 ? 2 : 1;
    int max_rows = c->rows - 3;
    draw_map(st, display_mode && strcasecmp(display_mode, "blast") == 0, c, 2, 1, cellw, max_rows);
    if (st->plan.h > max_rows) canvas_printf(c, 2 + max_rows, 1, GREY, CANVAS_DEFAULT, 0, "(rows %d.. not shown)", max_rows);

    int left = 1 + w * cellw + 3;
    if (left < 20) left = 20;
    canvas_printf(c, 2, left, WHITE, CANVAS_DEFAULT, CANVAS_UNDERLINE, "   %-16s %6s  %-10s %6s %5s  %-20s", "name",
                  "score", "last", "deaths", "kills", "status");
    for (int p = 0; p < n; p++) {
        char status[48], letter[2] = {(char)('A' + p), 0};
        status_of(st, p, status, sizeof status);
        canvas_text(c, 3 + p, left, letter, PLAYER_RGB[p], CANVAS_DEFAULT, CANVAS_BOLD);
        canvas_printf(c, 3 + p, left + 3, WHITE, CANVAS_DEFAULT, 0, "%-16.16s %6d  %-10s %6d %5d  %-20s",
                      name_of(names, p), st->score[p], st->last_move[p] >= 0 ? SB_WORDS[st->last_move[p]] : "-",
                      st->deaths[p], st->kills[p], status);
    }
    int row = 4 + n;
    if (over) {
        double scores[SB_MAX_PLAYERS], points[SB_MAX_PLAYERS];
        int ranks[SB_MAX_PLAYERS];
        for (int p = 0; p < n; p++) scores[p] = st->score[p];
        game_ranks_from_scores(n, scores, ranks);
        sb_place_points(n, scores, points);
        canvas_text(c, row++, left, "final ranking (place, score, place points):", WHITE, CANVAS_DEFAULT, CANVAS_BOLD);
        for (int r = 1; r <= n; r++)
            for (int p = 0; p < n; p++)
                if (ranks[p] == r)
                    canvas_printf(c, row++, left, PLAYER_RGB[p], CANVAS_DEFAULT, 0, "%2d. %-16.16s %6d  %5g", r,
                                  name_of(names, p), st->score[p], points[p]);
        row++;
    }
    buf_t ev;
    buf_init(&ev);
    sb_describe_round(st, names, &ev);
    if (ev.len) canvas_text(c, row++, left, "last round:", WHITE, CANVAS_DEFAULT, CANVAS_BOLD);
    const char *p = buf_cstr(&ev);
    int width = c->cols - left - 1;
    while (*p && row < c->rows) {
        const char *nl = strchr(p, '\n');
        int len = nl ? (int)(nl - p) : (int)strlen(p);
        canvas_printf(c, row++, left, GREY, CANVAS_DEFAULT, 0, "%.*s", len < width ? len : width, p);
        p += len + (nl ? 1 : 0);
    }
    buf_free(&ev);
}
