/* rt_log.c: the original's log.txt, entry by entry (Rising Tide P7, P7.1).
 *
 * The seats play at the same time, so their lines reach the referee interleaved in an order that
 * depends on the machine's timing. A seat's entries of a round are therefore kept together and
 * written at the round's end, seat by seat (as the original, which called the bots in turn, wrote
 * them): the log of a game is the same on every run, and a seat's printed lines are never split by
 * another seat's entry (which would make them read as part of that entry). */
#include "rt.h"
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#define RT_COMMENT_CAP 65536

typedef struct {
    const game_names *names; /* owned by the match; final once LOGEV_START arrives */
    int marker;              /* round of the last [R..] marker; -1 none, -2 right after the start */
    bool started;
    buf_t held;              /* round-0 entries held back until the start entry */
    buf_t seat_out[RT_SEATS];    /* each seat's entries of round `seat_round`, not yet written */
    int seat_round;              /* the round they belong to; -1 none */
    bool printing[RT_SEATS];     /* the seat's last entry is its "has printed:" block */
    int header_turn[RT_SEATS];   /* the turn whose "has printed:" heading was written */
    int comment_turn[RT_SEATS];  /* the turn comment_bytes counts */
    size_t comment_bytes[RT_SEATS];
    size_t dropped[RT_SEATS];    /* comment bytes not logged this turn */
} rt_log;

static const char *name_of(const rt_log *lg, int seat) {
    if (seat < 0 || seat >= lg->names->count || !lg->names->name[seat]) return "?";
    return lg->names->name[seat];
}

/* Starts an entry written during round `now`: writes the marker if needed. Before the start
 * entry everything goes to the held buffer. Returns the buffer to write the entry into. */
static buf_t *entry(rt_log *lg, int now, buf_t *out) {
    if (!lg->started) return &lg->held;
    if (lg->marker != now) {
        buf_printf(out, "[R%d]\n", now);
        lg->marker = now;
    }
    return out;
}

/* Something else than a seat's entries goes to the log: no "has printed:" block continues past it. */
static buf_t *other_entry(rt_log *lg, int now, buf_t *out) {
    memset(lg->printing, 0, sizeof lg->printing);
    return entry(lg, now, out);
}

/* Writes every seat's held entries, seat by seat. Only the last seat written may continue its
 * "has printed:" block without a new heading. */
static void flush_seats(rt_log *lg, buf_t *out) {
    int last = -1;
    for (int s = 0; s < RT_SEATS; s++) {
        if (!lg->seat_out[s].len) continue;
        buf_t *b = entry(lg, lg->seat_round, out);
        buf_append(b, lg->seat_out[s].data, lg->seat_out[s].len);
        buf_reset(&lg->seat_out[s]);
        last = s;
    }
    for (int s = 0; s < RT_SEATS && last >= 0; s++)
        if (s != last) lg->printing[s] = false;
}

/* The buffer for an entry of seat s written during round `now`. `printing`: it is a line of the
 * seat's "has printed:" block. */
static buf_t *seat_entry(rt_log *lg, int s, int now, bool printing, buf_t *out) {
    if (s < 0 || s >= RT_SEATS) return entry(lg, now, out);
    if (lg->seat_round != now) {
        flush_seats(lg, out);
        lg->seat_round = now;
    }
    if (!printing) lg->printing[s] = false;
    return &lg->seat_out[s];
}

static void put_line(buf_t *b, const char *label, const char *text, size_t n) {
    if (n > 200) n = 200;
    if (n && text[n - 1] == '\r') n--;
    buf_puts(b, label);
    buf_append(b, text, n);
    buf_putc(b, '\n');
}

static void flush_dropped(rt_log *lg, int now, buf_t *out) {
    for (int s = 0; s < RT_SEATS; s++)
        if (lg->dropped[s]) {
            buf_printf(other_entry(lg, now, out), "%s printed %zu more bytes (not logged)\n", name_of(lg, s),
                       lg->dropped[s]);
            lg->dropped[s] = 0;
        }
}

void *rt_log_new(const game_names *names) {
    rt_log *lg = calloc(1, sizeof *lg); /* not the aborting xcalloc: the host says so */
    if (!lg) return NULL;
    lg->names = names;
    lg->marker = -1;
    buf_init(&lg->held);
    lg->seat_round = -1;
    for (int s = 0; s < RT_SEATS; s++) {
        buf_init(&lg->seat_out[s]);
        lg->header_turn[s] = lg->comment_turn[s] = -1;
    }
    return lg;
}

void rt_log_free(void *p) {
    rt_log *lg = p;
    buf_free(&lg->held);
    for (int s = 0; s < RT_SEATS; s++) buf_free(&lg->seat_out[s]);
    free(lg);
}

void rt_log_event(void *p, const void *state, const log_event *ev, buf_t *out) {
    rt_log *lg = p;
    const rt_state *st = state;
    int s = ev->seat;
    const char *name = name_of(lg, s);
    buf_t *b;
    switch (ev->kind) {
    case LOGEV_START:
        buf_puts(out, "[R0]\n[GAME START]\nBOTS: ");
        for (int i = 0; i < RT_SEATS; i++) buf_printf(out, "%s%s", i ? ", " : "", name_of(lg, i));
        buf_putc(out, '\n');
        lg->started = true;
        lg->marker = -2;
        if (lg->held.len) {
            b = entry(lg, 0, out);
            buf_append(b, lg->held.data, lg->held.len);
            buf_reset(&lg->held);
        }
        flush_seats(lg, out);
        break;
    case LOGEV_COMMENT: {
        if (s < 0 || s >= RT_SEATS) break;
        const char *t = ev->text;
        size_t n = ev->len;
        if (n && t[0] == '#') t++, n--;
        if (n && t[0] == ' ') t++, n--;
        if (n && t[n - 1] == '\r') n--;
        if (lg->comment_turn[s] != ev->now) {
            lg->comment_turn[s] = ev->now;
            lg->comment_bytes[s] = 0;
        }
        if (lg->comment_bytes[s] + n > RT_COMMENT_CAP) {
            lg->dropped[s] += n;
            break;
        }
        lg->comment_bytes[s] += n;
        b = seat_entry(lg, s, ev->now, true, out);
        /* the heading once per round, and again after another entry of the seat's */
        if (lg->header_turn[s] != ev->now || !lg->printing[s]) {
            buf_printf(b, "%s has printed: \n", name);
            lg->header_turn[s] = ev->now;
            lg->printing[s] = true;
        }
        buf_append(b, t, n);
        buf_putc(b, '\n');
        break;
    }
    case LOGEV_RAWLOG: {
        const char *t = ev->text;
        size_t n = ev->len;
        if (n >= 6 && memcmp(t, "#log: ", 6) == 0) t += 6, n -= 6;
        else if (n >= 5 && memcmp(t, "#log:", 5) == 0) t += 5, n -= 5;
        if (n && t[n - 1] == '\r') n--;
        b = seat_entry(lg, s, ev->now, false, out);
        buf_append(b, t, n);
        buf_putc(b, '\n');
        break;
    }
    case LOGEV_LATE:
        b = seat_entry(lg, s, ev->now, false, out);
        buf_printf(b, "%s is taking too long.\nYour bot will forfeit its turn. \n", name);
        if (ev->text) {
            buf_printf(b, "time: %.3f ms\n", (double)ev->elapsed_us / 1000.0);
            put_line(b, "move: ", ev->text, ev->len);
        } else {
            buf_printf(b, "time: more than %.3f ms\nmove: None\n", (double)ev->elapsed_us / 1000.0);
        }
        buf_printf(b, "round: %d\n", ev->turn);
        break;
    case LOGEV_DOWN:
        b = seat_entry(lg, s, ev->now, false, out);
        buf_printf(b, "%s has not answered for %lld ms.\n", name, (long long)(ev->elapsed_us / 1000));
        buf_printf(b, "Its seat is down: all its later moves are passes. \nround: %d\n", ev->turn);
        break;
    case LOGEV_CRASH:
        b = seat_entry(lg, s, ev->now, false, out);
        if (ev->cause == CAUSE_SIGNAL) {
            const char *sig = sigabbrev_np(ev->status);
            buf_printf(b, "%s has stopped (killed by signal %d, SIG%s).\n", name, ev->status, sig ? sig : "?");
        } else if (ev->cause == CAUSE_CLOSED) {
            buf_printf(b, "%s has stopped (closed its output).\n", name);
        } else if (ev->cause == CAUSE_MEMORY) {
            buf_printf(b, "%s has stopped (killed by the memory limit).\n", name);
        } else {
            buf_printf(b, "%s has stopped (exit status %d).\n", name, ev->status);
        }
        buf_printf(b, "Its seat is down: all its later moves are passes. \nround: %d\n", ev->turn);
        break;
    case LOGEV_INVALID:
        b = seat_entry(lg, s, ev->now, false, out);
        buf_printf(b, "%s has made %s move. \n", name,
                   ev->cause == CAUSE_ILLEGAL ? "an illegal" : "a non-parseable");
        put_line(b, "move: ", ev->text ? ev->text : "", ev->text ? ev->len : 0);
        break;
    case LOGEV_UNASKED:
        b = seat_entry(lg, s, ev->now, false, out);
        buf_printf(b, "%s sent a move nobody asked for. \n", name);
        put_line(b, "move: ", ev->text ? ev->text : "", ev->text ? ev->len : 0);
        break;
    case LOGEV_SKIP:
        break;
    case LOGEV_TURN:
        flush_seats(lg, out);
        flush_dropped(lg, ev->now, out);
        for (int i = 0; i < RT_SEATS; i++)
            if (st->last.eliminated[i]) buf_printf(other_entry(lg, ev->now, out), "%s ELIMINATED\n", name_of(lg, i));
        break;
    case LOGEV_END: {
        int last = st->round - 1;
        flush_seats(lg, out);
        flush_dropped(lg, last, out);
        if (!lg->started) { /* a game that never got past round 0's answers */
            log_event start = {.kind = LOGEV_START, .seat = -1};
            rt_log_event(lg, state, &start, out);
        }
        if (lg->marker != last) buf_printf(out, "[R%d]\n", last + 1);
        buf_puts(out, "[GAME OVER]\nSCORES: \n");
        for (int i = 0; i < RT_SEATS; i++) buf_printf(out, "%s: %d\n", name_of(lg, i), st->score[i]);
        break;
    }
    }
}
