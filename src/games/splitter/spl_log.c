/* spl_log.c: Splitter's event log (--log) and the failure texts of Splitter S7, which the
 * tester prints as "Game <g> scored 0: <reason>". */
#include "spl.h"
#include <stdlib.h>
#include <string.h>

void spl_failure_reason(const log_event *ev, int move, int rounds, int64_t limit_ms, buf_t *out) {
    switch (ev->kind) {
    case LOGEV_INVALID:
        if (ev->cause == CAUSE_ILLEGAL) {
            buf_puts(out, ev->detail ? ev->detail : "illegal placement");
        } else {
            size_t n = ev->len;
            if (n > 200) n = 200;
            buf_puts(out, "malformed line \"");
            buf_append(out, ev->text ? ev->text : "", ev->text ? n : 0);
            buf_printf(out, "\": %s", ev->detail ? ev->detail : "");
        }
        break;
    case LOGEV_DOWN:
        if (ev->cause == CAUSE_FLOOD)
            buf_printf(out, "more than 16 MiB of output for one move (move %d of %d)", move, rounds);
        else if (ev->cause == CAUSE_BANK) /* the bank's size, not the per-move limit it named */
            buf_printf(out, "its time bank of %lld ms ran out (move %d of %d)", (long long)(ev->elapsed_us / 1000), move,
                       rounds);
        else if (limit_ms > 0)
            buf_printf(out, "no move within %lld ms (move %d of %d)", (long long)limit_ms, move, rounds);
        else
            buf_printf(out, "no move within the start-up limit (move %d of %d)", move, rounds);
        break;
    case LOGEV_LATE:
        buf_printf(out, "no move within %lld ms (move %d of %d)", (long long)limit_ms, move, rounds);
        break;
    case LOGEV_CRASH:
        buf_printf(out, "the bot exited before the game ended (move %d of %d, ", move, rounds);
        if (ev->cause == CAUSE_SIGNAL) buf_printf(out, "killed by signal %d)", ev->status);
        else if (ev->cause == CAUSE_CLOSED) buf_puts(out, "closed its output)");
        else if (ev->cause == CAUSE_START) buf_puts(out, "could not be started)");
        else buf_printf(out, "exit status %d)", ev->status);
        break;
    default:
        break;
    }
}

void spl_score_block(const spl_state *st, buf_t *out) {
    spl_score sc;
    spl_score_sheet(&st->L, st->sheet, &sc);
    for (int v = 1; v <= 6; v++) {
        buf_printf(out, "Groups of %d points %d\n", v, sc.groups[v]);
        for (int k = 0; k < sc.stars[v]; k++) buf_printf(out, "Star points %d\n", v);
        if (sc.heart_value == v) buf_puts(out, "Heart points 5\n");
    }
    for (int y = 0; y < st->L.h; y++)
        for (int x = 0; x < st->L.w; x++) {
            buf_int(out, st->sheet[y][x]);
            buf_putc(out, x == st->L.w - 1 ? '\n' : ' ');
        }
}

typedef struct {
    const game_names *names;
} spl_log;

void *spl_log_new(const game_names *names) {
    spl_log *lg = calloc(1, sizeof *lg); /* not the aborting xcalloc: the host says so */
    if (!lg) return NULL;
    lg->names = names;
    return lg;
}

void spl_log_free(void *lg) { free(lg); }

static void put_text(buf_t *out, const char *text, size_t n) {
    if (n > 200) n = 200;
    buf_append(out, text ? text : "", text ? n : 0);
}

void spl_log_event(void *p, const void *state, const log_event *ev, buf_t *out) {
    spl_log *lg = p;
    const spl_state *st = state;
    const char *name = lg->names && lg->names->count > 0 && lg->names->name[0] ? lg->names->name[0] : "bot";
    switch (ev->kind) {
    case LOGEV_START:
        buf_printf(out, "Splitter: %s, game %d, layout %d, dice seed %d + %d\n", name, st->game_index,
                   st->layout_number, st->dice_base, st->game_index);
        break;
    case LOGEV_COMMENT:
    case LOGEV_RAWLOG:
        put_text(out, ev->text, ev->len);
        buf_putc(out, '\n');
        break;
    case LOGEV_SKIP:
        put_text(out, ev->text, ev->len);
        buf_printf(out, "\n%s\n", ev->detail ? ev->detail : "Input not a number skipping!");
        break;
    case LOGEV_UNASKED:
        buf_puts(out, "[ignored] ");
        put_text(out, ev->text, ev->len);
        buf_putc(out, '\n');
        break;
    case LOGEV_INVALID:
    case LOGEV_DOWN:
    case LOGEV_CRASH:
        buf_printf(out, "Game %d scored 0: ", st->game_index);
        spl_failure_reason(ev, st->round + 1, st->rounds, ev->elapsed_us / 1000, out);
        buf_putc(out, '\n');
        break;
    case LOGEV_LATE:
        if (ev->text) {
            buf_puts(out, "[late] ");
            put_text(out, ev->text, ev->len);
            buf_putc(out, '\n');
        }
        break;
    case LOGEV_TURN:
        if (st->placed)
            buf_printf(out, "[%d/%d] roll %d %d: %d at (%d,%d) \xc2\xb7 %d at (%d,%d)\n", st->round, st->rounds,
                       st->last_d1, st->last_d2, st->last.v, st->last.x, st->last.y, st->last_other,
                       st->L.w - 1 - st->last.x, st->last.y);
        break;
    case LOGEV_END:
        if (st->failure.verdict == VERDICT_OK && st->round >= st->rounds) {
            spl_score_block(st, out);
            buf_printf(out, "Game %d scored %d\n", st->game_index, spl_total(st));
        }
        break;
    }
}
