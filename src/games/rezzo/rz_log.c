/* rz_log.c: the event log (`--log FILE`, and the live view's status line). The original server
 * printed almost nothing, so these are Arena's own words: one line per notable event. */
#include "rz.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    game_names names;
} rz_log;

void *rz_log_new(const game_names *names) {
    rz_log *lg = calloc(1, sizeof *lg); /* not the aborting xcalloc: the host says so */
    if (!lg) return NULL;
    lg->names = *names;
    return lg;
}

void rz_log_free(void *lg) { free(lg); }

static const char *name_of(const rz_log *lg, int s) {
    return s >= 0 && s < lg->names.count && lg->names.name[s] ? lg->names.name[s] : "?";
}

static void hex_records(buf_t *out, const char *text, size_t n) {
    /* The referee keeps a seat's raw records as hex text; show at most 8 (Rezzo T3). */
    buf_append(out, text, n > 8 * 5 ? 8 * 5 : n);
}

void rz_log_event(void *p, const void *state, const log_event *ev, buf_t *out) {
    rz_log *lg = p;
    const rz_state *st = state;
    int s = ev->seat;
    switch (ev->kind) {
    case LOGEV_START:
        buf_printf(out, "rezzo %dx%d, world seed %u, %d player%s:", st->world.w, st->world.h, st->cfg.seed32, st->n,
                   st->n == 1 ? "" : "s");
        for (int i = 0; i < st->n; i++) buf_printf(out, " %d=%s", i + 1, name_of(lg, i));
        buf_putc(out, '\n');
        break;
    case LOGEV_CRASH:
        buf_printf(out, "tick %d: player %d (%s) ", ev->now, s + 1, name_of(lg, s));
        if (ev->cause == CAUSE_SIGNAL) buf_printf(out, "was killed by signal %d\n", ev->status);
        else if (ev->cause == CAUSE_CLOSED) buf_puts(out, "closed its input (broken pipe)\n");
        else if (ev->cause == CAUSE_START) buf_puts(out, "could not be started\n");
        else buf_printf(out, "exited with status %d\n", ev->status);
        break;
    case LOGEV_DOWN:
        buf_printf(out, "tick %d: player %d (%s) is down (%s)\n", ev->now, s + 1, name_of(lg, s),
                   verdict_cause_name(ev->cause));
        break;
    case LOGEV_INVALID:
        buf_printf(out, "tick %d: player %d (%s): %s", ev->now, s + 1, name_of(lg, s),
                   ev->cause == CAUSE_MULTIPLE ? "MULTIPLE_MESSAGES" : "INVALID_MESSAGE");
        if (ev->text && ev->len) {
            buf_puts(out, ", records ");
            hex_records(out, ev->text, ev->len);
        }
        buf_putc(out, '\n');
        break;
    case LOGEV_TURN:
        for (int k = 0; k < st->last.nelim; k++) {
            int id = st->last.elim[k];
            buf_printf(out, "tick %d: player %d (%s) is eliminated (%s)\n", st->tick, id, name_of(lg, id - 1),
                       rz_cause_name(st->last.elim_cause[k]));
        }
        break;
    case LOGEV_END: {
        int ranks[RZ_MAX_PLAYERS];
        rz_ranks(st, ranks);
        buf_printf(out, "game over at tick %d:", st->tick);
        for (int i = 0; i < st->n; i++) buf_printf(out, " %s rank %d%s", name_of(lg, i), ranks[i], i + 1 < st->n ? "," : "");
        buf_putc(out, '\n');
        break;
    }
    default:
        break;
    }
}
