/* playback.c: watching a replay in the terminal with the game's own draw function: re-simulates
 * the recorded turns (as verify does, without the checks), steps forward and back, cycles the
 * game's display modes, jumps to a turn. Banks are rebuilt from the recorded think times. */
#include "playback.h"
#include "../core/clock.h"
#include "live.h"
#include "term.h"
#include "../core/xalloc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct {
    const char *path;
    replay_game_finder find;
    replay_t *r;      /* the state after `at` turn records */
    json_t **recs;    /* every turn record */
    int *lines;       /* the line each of them was on, for messages */
    int n, at;
    int64_t bank_ms;
    json_t *clock;    /* header clock object */
    int cut_line;     /* the line where the replay is cut or damaged (0: whole), on the status line */
} player;

/* The banks after `at` turns: the header's bank minus each seat's recorded think times. */
static void tell_banks(player *p) {
    const game_t *g = p->r->game;
    if (!g->limits.show_clocks || !p->clock) return;
    game_clock limits = {0};
    limits.bank_ms = json_integer_value(json_object_get(p->clock, "bank_ms"));
    limits.startup_ms = json_integer_value(json_object_get(p->clock, "startup_ms"));
    double used[GAME_MAX_SEATS] = {0};
    for (int i = 0; i < p->at; i++) {
        size_t k;
        json_t *e;
        json_array_foreach(json_object_get(p->recs[i], "seats"), k, e) {
            int s = (int)json_integer_value(json_object_get(e, "seat"));
            if (s >= 0 && s < GAME_MAX_SEATS) used[s] += json_number_value(json_object_get(e, "ms"));
        }
    }
    int64_t left[GAME_MAX_SEATS];
    for (int s = 0; s < p->r->nseats; s++) {
        int64_t l = limits.bank_ms - (int64_t)used[s];
        left[s] = limits.bank_ms ? (l > 0 ? l : 0) : -1;
    }
    g->limits.show_clocks(p->r->state, &limits, left);
}

/* Rebuilds the state after `turn` records (from the start: games are small). */
static bool seek(player *p, int turn, buf_t *err) {
    if (turn < 0) turn = 0;
    if (turn > p->n) turn = p->n;
    if (!p->r || turn < p->at) {
        replay_close(p->r);
        p->r = replay_open(p->path, p->find, err);
        if (!p->r) return false;
        p->at = 0;
    }
    while (p->at < turn) {
        p->r->line_no = p->lines[p->at]; /* the records were read by another reader: its line */
        if (!replay_apply(p->r, p->recs[p->at], false, err)) return false;
        p->at++;
    }
    tell_banks(p);
    return true;
}

static void draw(player *p, canvas_t *c, const char *display_mode, const ui_pace *pace) {
    canvas_clear(c, CANVAS_DEFAULT, CANVAS_DEFAULT);
    p->r->game->display.draw(p->r->state, &p->r->names, display_mode, c);
    char where[96], status[512];
    char cut[40] = "";
    if (p->cut_line) snprintf(cut, sizeof cut, " (cut at line %d)", p->cut_line);
    snprintf(where, sizeof where, "%s %d/%d%s | view %s | p back, g jump", p->r->game->turn_word, p->at, p->n, cut,
             display_mode ? display_mode : "default");
    ui_status(pace, p->r->seed, where, status, sizeof status);
    term_draw(c, status);
}

/* Reads a turn number typed after `g` (digits, Enter). -1 when cancelled. */
static int read_number(void) {
    int v = -1;
    for (;;) {
        int k = term_key(-1);
        if (k >= '0' && k <= '9') v = (v < 0 ? 0 : v * 10) + (k - '0');
        else if (k == '\r' || k == '\n') return v;
        else if (k == 27 || k == 'q') return -1;
        if (v > 1000000) return v;
    }
}

int ui_playback(const char *path, replay_game_finder find, const char *display_mode, double speed, int start_turn,
                int print, FILE *out, buf_t *err) {
    player p = {.path = path, .find = find};
    replay_t *scan = replay_open(path, find, err);
    if (!scan) return 1;
    /* a mistyped --view is refused before the replay is read, not played as the default display */
    if (!game_display_mode_check_seats(scan->game, display_mode, scan->nseats, err)) {
        replay_close(scan);
        return 2;
    }
    int cap = 256, rc = 1;
    p.recs = xmalloc(sizeof *p.recs * (size_t)cap);
    p.lines = xmalloc(sizeof *p.lines * (size_t)cap);
    for (;;) {
        json_t *rec;
        replay_rec kind = replay_next(scan, &rec, err);
        if (kind == REPLAY_TURN) {
            if (p.n == cap) {
                p.recs = xrealloc(p.recs, sizeof *p.recs * (size_t)(cap * 2));
                p.lines = xrealloc(p.lines, sizeof *p.lines * (size_t)(cap *= 2));
            }
            p.lines[p.n] = scan->line_no;
            p.recs[p.n++] = rec;
            continue;
        }
        json_decref(rec);
        if (kind == REPLAY_RESULT) { /* anything after it is damage too (two replays in one file, >>):
                                      * it was played with no word, as verify and view refuse it */
            buf_t more_err;
            buf_init(&more_err);
            json_t *more;
            if (replay_next(scan, &more, &more_err) != REPLAY_EOF) {
                fprintf(stderr, "arena replay: line %d: a record after the result (two replays in one file?); "
                                "the replay is damaged; playing the %d turns before it\n", scan->line_no, p.n);
                p.cut_line = scan->line_no;
            }
            json_decref(more);
            buf_free(&more_err);
        } else if (kind == REPLAY_ERROR) {
            /* A truncated or damaged replay still plays up to the damage. */
            fprintf(stderr, "arena replay: %s; playing the %d turns before it\n", buf_cstr(err), p.n);
            buf_reset(err);
            p.cut_line = scan->line_no;
        } else if (kind == REPLAY_EOF) { /* cut at a line's end (a killed game): said, as verify says it */
            fprintf(stderr, "arena replay: line %d: the replay ends without a result record (truncated?); "
                            "playing the %d turns it holds\n", scan->line_no, p.n);
            p.cut_line = scan->line_no;
        }
        break;
    }
    p.clock = json_incref(json_object_get(scan->header, "clock"));
    const game_t *g = scan->game;
    replay_close(scan);
    /* A damaged turn record plays like a truncation there: the turns before it (games are small
     * enough to re-simulate once to find it). */
    int nrecs = p.n;
    if (!seek(&p, p.n, err)) {
        fprintf(stderr, "arena replay: %s; playing the %d turns before it\n", buf_cstr(err), p.at);
        buf_reset(err);
        p.cut_line = p.lines[p.at];
        replay_close(p.r); /* its state is the failed record's half-applied one */
        p.r = NULL;
        p.n = p.at;
    }
    if (start_turn < 0) start_turn = print ? p.n : 0;
    if (start_turn > p.n) /* shown as the end, said so: "turn 500" is not the picture of turn 500 */
        fprintf(stderr, "arena replay: --turn %d: the replay has %d turns; showing the last\n", start_turn, p.n);
    if (!seek(&p, start_turn, err)) goto done;
    /* A game that draws on the whole terminal (draw_rows 0: Rezzo) gets the terminal's size less
     * the status line, or 48 x 160 when printing to a file. */
    int rows = g->display.rows, cols = g->display.cols;
    if (!rows) {
        rows = 48, cols = 160;
        if (!print || isatty(fileno(out))) term_size(&rows, &cols), rows = rows > 1 ? rows - 1 : rows;
    }
    canvas_t *c = canvas_new(rows, cols);
    if (print) {
        canvas_clear(c, CANVAS_DEFAULT, CANVAS_DEFAULT);
        g->display.draw(p.r->state, &p.r->names, display_mode, c);
        char *text;
        size_t len;
        if (print == UI_PRINT_ANSI) {
            term_render(c, term_truecolor(), &text, &len);
        } else {
            text = canvas_plain(c);
            len = strlen(text);
        }
        fwrite(text, 1, len, out);
        fprintf(out, "%s: %s %d of %d\n", path, g->turn_word, p.at, p.n);
        free(text);
        canvas_free(c);
        rc = 0;
        goto done;
    }
    if (!term_open()) {
        buf_puts(err, "playback needs a terminal; use --plain to print one turn's picture");
        canvas_free(c);
        goto done;
    }
    ui_pace pace = {speed < 0 ? 60 : speed, false};
    rc = 0;
    for (;;) {
        draw(&p, c, display_mode, &pace);
        int act = ui_pace_wait(&pace, true);
        if (act == 'q') break;
        int target = p.at;
        if (act == 'n') target = p.at + 1;
        else if (act == 'b') target = p.at - 1;
        else if (act == 'v') display_mode = ui_next_mode(g, display_mode);
        else if (act == 'g') {
            int t = read_number();
            if (t >= 0) target = t;
        }
        if (!pace.paused && p.at >= p.n) pace.paused = true; /* stop at the end */
        if (target != p.at && !seek(&p, target, err)) {
            rc = 1;
            break;
        }
    }
    term_close();
    canvas_free(c);
done:
    for (int i = 0; i < nrecs; i++) json_decref(p.recs[i]);
    free(p.recs);
    free(p.lines);
    json_decref(p.clock);
    replay_close(p.r);
    return rc;
}
