/* transport_records.c: fixed-size binary records (Rezzo's original protocol), game-independent.
 * One message_size message per turn goes to each asked seat; the seat's stdout is split into
 * record_size records from its very first byte; a record answers the current turn when its first
 * byte is the turn number mod 256. Every record goes to the referee with that classification, which
 * judges (match.c): records for other turns are dropped silently, a second answer for the same turn
 * makes the turn INVALID (cause multiple) but the first action stands, and no answer at all is not a
 * verdict: the game applies its no-reply rule. */
#include "transport_records.h"
#include "pipe_io.h"
#include "transport.h"
#include "../core/xalloc.h"
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void transport_records_turn(transport_records_stream *rs) {
    rs->answers = 0;
    rs->dropped = 0;
    rs->pushed = 0;
}

void transport_records_split(transport_records_stream *rs, size_t size, unsigned tick_byte, const unsigned char *data,
                             size_t n, transport_records_fn fn, void *ctx) {
    for (size_t i = 0; i < n; i++) {
        rs->part[rs->npart++] = data[i];
        if (rs->npart < size) continue;
        rs->npart = 0;
        transport_records_class c;
        if (rs->part[0] != (tick_byte & 255)) {
            c = REC_DROP;
            rs->dropped++;
        } else {
            c = rs->answers++ == 0 ? REC_ANSWER : REC_MULTIPLE;
        }
        fn(ctx, rs->part, c);
    }
}

size_t transport_records_cap_pending(char *data, size_t *len, size_t woff, size_t msz, size_t cap) {
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

/* ---------- the transport ---------- */

typedef struct {
    pipe_io_out out; /* messages still to write, at most RECORDS_PENDING_MAX bytes (Rezzo D12); first:
                      pipe_io's table functions */
    size_t record_size;
    transport_records_stream rec;
    /* The latest extra answer not handed over yet (see push_record): it goes at the end of the read. */
    bool held;
    int held_answers;
    unsigned char held_rec[RECORDS_SIZE_MAX];
} records_seat;

typedef struct {
    records_seat *rs;
    reply_queue *out;
} push_ctx;

static void *records_start(const game_t *g, int *port, buf_t *err) {
    (void)port;
    (void)err;
    records_seat *rs = xcalloc(1, sizeof *rs);
    rs->record_size = g->wire.record_size;
    return rs;
}

/* A new turn's message. Replies are matched by their tick byte, not by questions. */
static transport_io records_ask(void *tp, const transport_env *env, const char *msg, size_t n, reply_queue *out) {
    (void)out;
    records_seat *rs = tp;
    transport_records_turn(&rs->rec);
    if (env->proc->in_fd >= 0) {
        pipe_io_queue(&rs->out, env->proc, msg, n);
        rs->rec.dropped_messages +=
            (long)transport_records_cap_pending(rs->out.buf.data, &rs->out.buf.len, rs->out.off, n, RECORDS_PENDING_MAX);
    }
    return (transport_io){pipe_io_flush(&rs->out, env->proc), 0};
}

static void push(const push_ctx *p, const unsigned char *rec, int answers) {
    reply r = {.kind = REPLY_TICKED, .answers = answers, .data = (const char *)rec, .len = p->rs->record_size};
    reply_queue_push(p->out, &r);
    p->rs->rec.pushed++;
}

/* Hands a record to the referee unless it cannot change what the referee makes of the turn: a
 * bot flooding the pipe with records (a megabyte a tick) would otherwise cost a queued reply per
 * two bytes. The referee notes the first TICKED_NOTE_MAX records, takes the answer, judges the
 * first extra answer, counts the others (only the last count shows: held until the read ends)
 * and needs to know only whether any record was dropped. */
static void push_record(void *ctx, const unsigned char *rec, transport_records_class c) {
    const push_ctx *p = ctx;
    records_seat *rs = p->rs;
    int answers = c == REC_DROP ? 0 : rs->rec.answers;
    if (rs->rec.pushed < TICKED_NOTE_MAX || c == REC_ANSWER || answers == 2 ||
        (c == REC_DROP && rs->rec.dropped == 1)) {
        push(p, rec, answers);
    } else if (c == REC_MULTIPLE) {
        rs->held = true;
        rs->held_answers = answers;
        memcpy(rs->held_rec, rec, rs->record_size);
    }
}

/* The held extra answer, after the records read with it. */
static void push_held(const push_ctx *p) {
    if (!p->rs->held) return;
    p->rs->held = false;
    push(p, p->rs->held_rec, p->rs->held_answers);
}

/* EOF on stdout alone is not a failure while the process lives: the seat simply never answers
 * again (Rezzo D6). Stop polling the descriptor; the exit, if it comes, shows on the pidfd or as a
 * broken pipe on the next write. */
static transport_io stdout_ended(const transport_env *env, size_t bytes) {
    if (env->proc->out_fd >= 0) {
        close(env->proc->out_fd);
        env->proc->out_fd = -1;
    }
    return (transport_io){proc_poll_exit(env->proc) ? TRANSPORT_LOST : TRANSPORT_CLOSED, bytes};
}

static transport_io records_read(void *tp, const transport_env *env, size_t budget, reply_queue *out) {
    records_seat *rs = tp;
    transport_io io = {TRANSPORT_READ, 0};
    if (env->proc->out_fd < 0) return stdout_ended(env, 0);
    push_ctx p = {rs, out};
    char chunk[65536];
    for (int rounds = 0; rounds < 64; rounds++) {
        ssize_t n = pipe_io_read(env->proc, chunk, sizeof chunk);
        if (n <= 0) {
            push_held(&p);
            return n < 0 ? io : stdout_ended(env, io.bytes);
        }
        io.bytes += (size_t)n;
        transport_records_split(&rs->rec, rs->record_size, (unsigned)env->turn & 255u, (const unsigned char *)chunk,
                                (size_t)n, push_record, &p);
        if (io.bytes > budget) break; /* the referee puts the seat down */
    }
    push_held(&p);
    return io;
}

static transport_io records_on_ready(void *tp, const transport_env *env, int tag, const struct pollfd *p,
                                     size_t budget, reply_queue *out) {
    (void)p;
    records_seat *rs = tp;
    if (tag == PIPE_IO_STDOUT) return records_read(tp, env, budget, out);
    return (transport_io){pipe_io_flush(&rs->out, env->proc), 0};
}

static void records_free(void *tp) {
    records_seat *rs = tp;
    if (!rs) return;
    pipe_io_free(&rs->out);
    free(rs);
}

const transport_t transport_records = {
    .name = "records",
    .ticked = true,
    .start = records_start,
    .ask = records_ask,
    .poll_fds = pipe_io_poll_fds,
    .on_ready = records_on_ready,
    .read = records_read,
    .end = pipe_io_end,
    .free = records_free,
};
