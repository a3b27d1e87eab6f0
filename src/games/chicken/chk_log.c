/* chk_log.c: the event log of Chicken P7, one line per event with its ply, in the original's
 * spirit ("ply 1: A (alice) plays RIGHT EGG in 0.412 s, bank 359.588 s"). */
#include "chk.h"
#include <signal.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const game_names *names;
    bool started;
    buf_t held; /* entries before the start line (start-up comments, the first ply's verdicts) */
} chk_log;

void *chk_log_new(const game_names *names) {
    chk_log *lg = calloc(1, sizeof *lg); /* not the aborting xcalloc: the host says so */
    if (!lg) return NULL;
    lg->names = names;
    buf_init(&lg->held);
    return lg;
}

void chk_log_free(void *p) {
    chk_log *lg = p;
    buf_free(&lg->held);
    free(lg);
}

static const char *name_of(const chk_log *lg, int seat) {
    if (seat < 0 || seat >= lg->names->count || !lg->names->name[seat]) return "?";
    return lg->names->name[seat];
}

/* "A (alice)" for a seat. */
static void who(buf_t *out, const chk_log *lg, const chk_state *st, int seat) {
    buf_printf(out, "%c (%s)", st->colour_of[seat] == CHK_A ? 'A' : 'B', name_of(lg, seat));
}

static void quoted(buf_t *out, const char *t, size_t n) {
    if (n > 200) n = 200;
    if (n && t[n - 1] == '\r') n--;
    buf_putc(out, '"');
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)t[i];
        if (ch == '"' || ch == '\\') buf_printf(out, "\\%c", ch);
        else if (ch < 0x20 || ch > 0x7e) buf_printf(out, "\\x%02x", ch);
        else buf_putc(out, (char)ch);
    }
    buf_putc(out, '"');
}

static void sq(buf_t *out, int s) { buf_printf(out, "(%d,%d)", CHK_X(s), CHK_Y(s)); }

static void crash_text(buf_t *out, const log_event *ev) {
    if (ev->cause == CAUSE_SIGNAL) {
        const char *sig = sigabbrev_np(ev->status);
        buf_printf(out, "killed by signal %d, SIG%s", ev->status, sig ? sig : "?");
    } else if (ev->cause == CAUSE_CLOSED) {
        buf_puts(out, "closed its output");
    } else if (ev->cause == CAUSE_START) {
        buf_puts(out, "could not be started");
    } else {
        buf_printf(out, "exit status %d", ev->status);
    }
}

static void turn_line(buf_t *out, const chk_log *lg, const chk_state *st) {
    const chk_last *L = &st->last;
    if (L->moved) {
        int seat = st->seat_of[L->mover];
        buf_printf(out, "ply %d: ", L->ply);
        who(out, lg, st, seat);
        buf_printf(out, " plays %s %s", chk_dir_name(L->move.dir), chk_type_name(L->move.type));
        if (L->think_us > 0) buf_printf(out, " in %.3f s", (double)L->think_us / 1e6);
        if (st->bank_left_ms[L->mover] >= 0 && st->clocks_known)
            buf_printf(out, ", bank %.3f s", (double)st->bank_left_ms[L->mover] / 1000.0);
        buf_putc(out, '\n');
        if (L->fell) {
            buf_printf(out, "ply %d: ", L->ply);
            who(out, lg, st, seat);
            buf_puts(out, " fell through the trapdoor at ");
            sq(out, L->to);
            buf_puts(out, ", returned to ");
            sq(out, st->spawn[L->mover]);
            buf_printf(out, "; %c +4\n", L->mover == CHK_A ? 'B' : 'A');
            if (st->over && st->reason == CHK_SPAWN_BLOCKED) {
                buf_printf(out, "ply %d: ", L->ply);
                who(out, lg, st, seat);
                buf_puts(out, " cannot stand on its spawn: SPAWN_BLOCKED\n");
            }
        }
        if (L->blocked) {
            buf_printf(out, "ply %d: ", L->ply);
            who(out, lg, st, seat);
            buf_printf(out, " leaves %c no legal move: +5, BLOCKING_END\n", L->mover == CHK_A ? 'B' : 'A');
        }
    }
    /* A verdict the referee did not log itself: the idle seat's failure charged now (Chicken D10). */
    if (L->fail_seat >= 0 && L->moved) {
        buf_printf(out, "ply %d: ", L->ply);
        who(out, lg, st, L->fail_seat);
        buf_printf(out, " %s while idle: it loses as its turn begins\n", CHK_REASON_NAME[L->fail_reason]);
    }
}

static void log_entry(chk_log *lg, const chk_state *st, const log_event *ev, buf_t *out);

/* The referee announces the start after the first ply's replies; what came before is held so that
 * the log reads in order. */
void chk_log_event(void *p, const void *state, const log_event *ev, buf_t *out) {
    chk_log *lg = p;
    if (ev->kind == LOGEV_START || (ev->kind == LOGEV_END && !lg->started)) {
        log_event start = {.kind = LOGEV_START, .seat = -1};
        log_entry(lg, state, &start, out);
        buf_append(out, lg->held.data, lg->held.len);
        buf_reset(&lg->held);
        lg->started = true;
        if (ev->kind == LOGEV_START) return;
    }
    log_entry(lg, state, ev, lg->started ? out : &lg->held);
}

static void log_entry(chk_log *lg, const chk_state *st, const log_event *ev, buf_t *out) {
    int s = ev->seat;
    int ply = ev->turn + 1;
    switch (ev->kind) {
    case LOGEV_START:
        buf_puts(out, "game start: ");
        who(out, lg, st, st->seat_of[CHK_A]);
        buf_puts(out, " vs ");
        who(out, lg, st, st->seat_of[CHK_B]);
        buf_puts(out, "; spawns ");
        sq(out, st->spawn[CHK_A]);
        buf_putc(out, ' ');
        sq(out, st->spawn[CHK_B]);
        buf_puts(out, "; trapdoors ");
        sq(out, st->door[CHK_WHITE_DOOR]);
        buf_putc(out, ' ');
        sq(out, st->door[CHK_BLACK_DOOR]);
        buf_putc(out, '\n');
        break;
    case LOGEV_COMMENT: {
        const char *t = ev->text;
        size_t n = ev->len;
        if (n && t[0] == '#') t++, n--;
        if (n && t[0] == ' ') t++, n--;
        if (n && t[n - 1] == '\r') n--;
        if (n > 4096) n = 4096; /* a long comment is truncated in the log (Chicken P5.2) */
        if (ev->now < 0) buf_printf(out, "[%s | start-up]: ", name_of(lg, s));
        else buf_printf(out, "[%s | turn #%d]: ", name_of(lg, s), ev->now);
        buf_append(out, t, n);
        buf_putc(out, '\n');
        break;
    }
    case LOGEV_RAWLOG: {
        const char *t = ev->text;
        size_t n = ev->len > 4096 ? 4096 : ev->len;
        buf_printf(out, "[%s | turn #%d]: ", name_of(lg, s), ev->now < 0 ? 0 : ev->now);
        buf_append(out, t, n);
        buf_putc(out, '\n');
        break;
    }
    case LOGEV_LATE:
        if (!ev->text) break;
        buf_printf(out, "ply %d: ", ply);
        who(out, lg, st, s);
        buf_printf(out, " replied after %.3f s, too late (ignored): ", (double)ev->elapsed_us / 1e6);
        quoted(out, ev->text, ev->len);
        buf_putc(out, '\n');
        break;
    case LOGEV_DOWN:
        if (ev->cause == CAUSE_STARTUP) {
            buf_puts(out, "start-up: ");
            who(out, lg, st, s);
            buf_printf(out, " FAILED_INIT: no `ready` within %lld ms\n", (long long)(ev->elapsed_us / 1000));
        } else if (ev->cause == CAUSE_FLOOD) {
            buf_printf(out, "ply %d: ", ply);
            who(out, lg, st, s);
            buf_puts(out, " CODE_CRASH (flood: too much output in one turn)\n");
        } else {
            buf_printf(out, "ply %d: ", ply);
            who(out, lg, st, s);
            buf_printf(out, " TIMEOUT (bank exhausted: %lld ms)\n", (long long)(ev->elapsed_us / 1000));
        }
        break;
    case LOGEV_CRASH:
        buf_printf(out, "ply %d: ", ply);
        who(out, lg, st, s);
        buf_puts(out, ev->cause == CAUSE_START ? " FAILED_INIT (" : " CODE_CRASH (");
        crash_text(out, ev);
        buf_puts(out, ")\n");
        break;
    case LOGEV_INVALID:
        buf_printf(out, "ply %d: ", ply);
        who(out, lg, st, s);
        buf_printf(out, " INVALID_TURN (%s): ", ev->detail && *ev->detail ? ev->detail : "malformed");
        quoted(out, ev->text ? ev->text : "", ev->text ? ev->len : 0);
        buf_putc(out, '\n');
        break;
    case LOGEV_UNASKED:
        buf_printf(out, "ply %d: ", ev->now + 1);
        who(out, lg, st, s);
        buf_puts(out, " wrote a line while not on move (discarded): ");
        quoted(out, ev->text ? ev->text : "", ev->text ? ev->len : 0);
        buf_putc(out, '\n');
        break;
    case LOGEV_SKIP:
        break;
    case LOGEV_TURN:
        turn_line(out, lg, st);
        break;
    case LOGEV_END:
        if (st->winner == CHK_TIE) {
            buf_printf(out, "game over: tie by %s, eggs %d-%d\n", CHK_REASON_NAME[st->reason], st->score[CHK_A],
                       st->score[CHK_B]);
        } else {
            buf_puts(out, "game over: ");
            who(out, lg, st, st->seat_of[st->winner == CHK_WIN_A ? CHK_A : CHK_B]);
            buf_printf(out, " wins by %s, eggs %d-%d\n", CHK_REASON_NAME[st->reason], st->score[CHK_A],
                       st->score[CHK_B]);
        }
        break;
    }
}
