/* transport_records.c: fixed-size binary records (Rezzo's original protocol), game-independent.
 * The referee writes one message_size message per turn to each asked seat; the seat's stdout is
 * split into record_size records from its very first byte; a record answers the current turn when
 * its first byte is the turn number mod 256. Records for other turns are dropped silently, a
 * second answer for the same turn makes the turn INVALID (cause multiple) but the first action
 * stands, and no answer at all is not a verdict: the game applies its no-reply rule. */
#include "transport_records.h"
#include "../core/clock.h"
#include "referee.h"
#include <stdio.h>
#include <string.h>
#include <unistd.h>

void records_turn(rec_stream *rs) {
    rs->answers = 0;
    rs->dropped = 0;
    rs->noted = 0;
    rs->invalid_counted = false;
}

void records_split(rec_stream *rs, size_t size, unsigned tick_byte, const unsigned char *data, size_t n, rec_fn fn,
                   void *ctx) {
    for (size_t i = 0; i < n; i++) {
        rs->part[rs->npart++] = data[i];
        if (rs->npart < size) continue;
        rs->npart = 0;
        rec_class c;
        if (rs->part[0] != (tick_byte & 255)) {
            c = REC_DROP;
            rs->dropped++;
        } else {
            c = rs->answers++ == 0 ? REC_ANSWER : REC_MULTIPLE;
        }
        fn(ctx, rs->part, c);
    }
}

size_t records_cap_pending(char *data, size_t *len, size_t woff, size_t msz, size_t cap) {
    if (*len - woff <= cap || msz == 0) return 0;
    size_t first = (woff + msz - 1) / msz; /* the first message not started yet */
    size_t total = *len / msz;
    if (total <= first + 1) return 0;
    size_t need = (*len - woff - cap + msz - 1) / msz;
    size_t drop = need < total - first - 1 ? need : total - first - 1; /* keep the newest */
    memmove(data + first * msz, data + (first + drop) * msz, (total - first - drop) * msz);
    *len -= drop * msz;
    return drop;
}

/* ---------- the referee's side ---------- */

typedef struct {
    match_t *m;
    int s;
} feed_ctx;

static void note(match_t *m, int s, const unsigned char *rec) {
    seat_rt *r = &m->in->seats[s];
    size_t size = m->game->wire.record_size;
    if (r->rec.noted >= RECORDS_NOTE_MAX) return;
    size_t len = strlen(m->texts[s]);
    if (len + 2 * size + 2 > MATCH_TEXT_MAX) return;
    if (len) m->texts[s][len++] = ' ';
    for (size_t k = 0; k < size; k++) snprintf(m->texts[s] + len + 2 * k, 3, "%02x", rec[k]);
    r->rec.noted++;
}

static void on_record(void *ctx, const unsigned char *rec, rec_class c) {
    feed_ctx *f = ctx;
    match_t *m = f->m;
    int s = f->s;
    seat_rt *r = &m->in->seats[s];
    seat_turn *t = &m->turns[s];
    note(m, s, rec);
    if (c == REC_DROP || !r->asked || r->out) return;
    const game_t *g = m->game;
    void *action = m->actions + (size_t)s * g->action_size;
    if (c == REC_ANSWER) {
        g->wire.decode_record(m->state, s, rec, action);
        t->has_action = true;
        t->elapsed_us = clock_now_us() - m->in->turn_start_us;
        r->resolved = true;
        buf_reset(&m->in->why);
        if (g->rules.validate && g->rules.validate(m->state, s, action, &m->in->why) != 0) {
            t->verdict = VERDICT_INVALID;
            t->cause = CAUSE_MALFORMED;
            snprintf(m->details[s], sizeof m->details[s], "%s", buf_cstr(&m->in->why));
        }
    } else {
        t->verdict = VERDICT_INVALID;
        t->cause = CAUSE_MULTIPLE;
        snprintf(m->details[s], sizeof m->details[s], "%d records for this %s; the first one stands", r->rec.answers,
                 g->turn_word ? g->turn_word : "turn");
    }
    if (t->verdict == VERDICT_INVALID && !r->rec.invalid_counted) {
        r->rec.invalid_counted = true;
        m->verdicts[s][VERDICT_INVALID]++;
    }
    if (t->verdict == VERDICT_INVALID && (c == REC_ANSWER || r->rec.answers == 2)) {
        log_event ev = {.kind = LOGEV_INVALID, .seat = s, .turn = m->turn, .now = m->turn, .cause = t->cause,
                        .text = m->texts[s], .len = strlen(m->texts[s]), .detail = m->details[s]};
        match_emit(m, &ev);
    }
}

void records_feed(match_t *m, int s, const char *data, size_t n) {
    feed_ctx f = {m, s};
    records_split(&m->in->seats[s].rec, m->game->wire.record_size, (unsigned)m->turn & 255u, (const unsigned char *)data,
                  n, on_record, &f);
}

void records_ask(match_t *m, int s, const char *msg, size_t n) {
    seat_rt *r = &m->in->seats[s];
    records_turn(&r->rec);
    if (!r->process || r->gone || r->proc.in_fd < 0) return;
    seat_send(m, s, msg, n);
    r->rec.dropped_messages +=
        (long)records_cap_pending(r->wbuf.data, &r->wbuf.len, r->woff, n, RECORDS_PENDING_MAX);
}

void records_end_turn(match_t *m) {
    for (int s = 0; s < m->cfg->nseats; s++) {
        seat_rt *r = &m->in->seats[s];
        if (!r->process || r->gone || r->out) continue;
        /* Rezzo D11: whatever is already waiting counts for this turn (one non-blocking read). */
        if (r->proc.out_fd >= 0 && !seat_read(m, s)) records_stdout_eof(m, s);
        /* Keep the raw records only when the turn was not one plain answer. */
        if (r->rec.answers == 1 && r->rec.dropped == 0 && m->turns[s].verdict == VERDICT_OK) m->texts[s][0] = 0;
    }
}

bool records_stdout_eof(match_t *m, int s) {
    seat_rt *r = &m->in->seats[s];
    /* EOF on stdout alone is not a failure while the process lives: the seat simply never answers
     * again (Rezzo D6). Stop polling the descriptor; the exit, if it comes, shows on the pidfd or
     * as a broken pipe on the next write. */
    r->eof = true;
    if (r->proc.out_fd >= 0) {
        close(r->proc.out_fd);
        r->proc.out_fd = -1;
    }
    return proc_poll_exit(&r->proc);
}
