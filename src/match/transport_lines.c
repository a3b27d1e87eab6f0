/* transport_lines.c: the line transport (TRANSPORT_LINES, most games): messages are written to the
 * bot's stdin, its stdout is split into lines with the contract's limits (a line longer than
 * LINE_MAX_BYTES is reported once as too long and the rest of it dropped up to its newline, so
 * memory stays bounded whatever the bot writes; a last line without a newline before EOF is a
 * line). Each line goes to the referee as it is; which question it answers is match.c's call. */
#include "pipe_io.h"
#include "transport.h"
#include "../core/xalloc.h"
#include <stdlib.h>
#include <string.h>

typedef struct {
    pipe_io_out out;   /* bytes still to write to stdin (first: pipe_io's table functions) */
    bool cr_ends;      /* the game's cr_ends_line: a lone '\r' also ends a line (.NET's ReadLine) */
    buf_t rbuf;        /* stdout bytes not yet split into lines */
    bool discarding;   /* inside an over-long line: drop bytes up to the newline */
    bool skip_lf;      /* cr_ends_line: the last byte seen was '\r', so a '\n' next is its pair */
} lines_seat;

static void *lines_start(const game_t *g, int *port, buf_t *err) {
    (void)port;
    (void)err;
    lines_seat *ls = xcalloc(1, sizeof *ls);
    ls->cr_ends = g->wire.cr_ends_line;
    return ls;
}

static transport_io lines_ask(void *tp, const transport_env *env, const char *msg, size_t n, reply_queue *out) {
    (void)out;
    lines_seat *ls = tp;
    pipe_io_queue(&ls->out, env->proc, msg, n);
    return (transport_io){pipe_io_flush(&ls->out, env->proc), 0};
}

/* The end of the first line in p[0..n): '\n', or also a lone '\r' (cr_ends_line). NULL when the
 * line is not complete yet. */
static char *find_eol(const char *p, size_t n, bool cr) {
    char *nl = memchr(p, '\n', n);
    if (!cr) return nl;
    char *c = memchr(p, '\r', nl ? (size_t)(nl - p) : n);
    return c ? c : nl;
}

/* Bytes the line end at eol takes ("\r\n" is one end); sets skip_lf when a '\r' is the last byte
 * so far, so that a '\n' arriving next is not read as an empty line. */
static size_t eol_len(lines_seat *ls, const char *eol, const char *end) {
    if (*eol != '\r') return 1;
    if (eol + 1 < end) return eol[1] == '\n' ? 2 : 1;
    ls->skip_lf = true;
    return 1;
}

static void push_line(reply_queue *out, const char *line, size_t n, bool too_long) {
    reply r = {.kind = REPLY_LINE, .too_long = too_long, .data = line, .len = n};
    reply_queue_push(out, &r);
}

/* Splits rbuf into lines. Over-long lines are reported once (too_long) and then discarded up to
 * their newline. */
static void split_lines(lines_seat *ls, bool at_eof, reply_queue *out) {
    buf_t *rb = &ls->rbuf;
    size_t start = 0;
    for (;;) {
        if (ls->skip_lf && start < rb->len) {
            if (rb->data[start] == '\n') start++;
            ls->skip_lf = false;
        }
        if (start >= rb->len) break;
        char *nl = find_eol(rb->data + start, rb->len - start, ls->cr_ends);
        if (!nl) break;
        size_t n = (size_t)(nl - (rb->data + start));
        size_t end_len = eol_len(ls, nl, rb->data + rb->len);
        if (ls->discarding) ls->discarding = false;
        else push_line(out, rb->data + start, n, n > LINE_MAX_BYTES); /* whole but over-long: invalid too */
        start += n + end_len;
    }
    buf_consume(rb, start);
    if (!ls->discarding && rb->len > LINE_MAX_BYTES) {
        push_line(out, rb->data, rb->len, true);
        buf_reset(rb);
        ls->discarding = true;
    } else if (ls->discarding) {
        buf_reset(rb);
    }
    if (at_eof && rb->len) {
        /* A last line without a newline followed by EOF is read as a line (contract). */
        if (!ls->discarding) push_line(out, rb->data, rb->len, false);
        buf_reset(rb);
    }
}

static transport_io lines_read(void *tp, const transport_env *env, size_t budget, reply_queue *out) {
    lines_seat *ls = tp;
    transport_io io = {TRANSPORT_READ, 0};
    if (env->proc->out_fd < 0) return (transport_io){TRANSPORT_LOST, 0};
    char chunk[65536];
    for (int rounds = 0; rounds < 64; rounds++) {
        ssize_t n = pipe_io_read(env->proc, chunk, sizeof chunk);
        if (n < 0) return io;
        if (n == 0) {
            split_lines(ls, true, out);
            io.status = TRANSPORT_LOST;
            return io;
        }
        io.bytes += (size_t)n;
        if (ls->discarding) {
            char *nl = find_eol(chunk, (size_t)n, ls->cr_ends);
            if (!nl) continue;
            ls->discarding = false;
            size_t skip = (size_t)(nl - chunk) + eol_len(ls, nl, chunk + n);
            buf_append(&ls->rbuf, chunk + skip, (size_t)n - skip);
        } else {
            buf_append(&ls->rbuf, chunk, (size_t)n);
        }
        split_lines(ls, false, out);
        if (io.bytes > budget) return io; /* the referee puts the seat down */
        /* A short read drained the pipe: poll tells us when there is more, which saves a read()
         * that would only say EAGAIN on every question. */
        if ((size_t)n < sizeof chunk) return io;
    }
    return io;
}

static transport_io lines_on_ready(void *tp, const transport_env *env, int tag, const struct pollfd *p,
                                   size_t budget, reply_queue *out) {
    (void)p;
    lines_seat *ls = tp;
    if (tag == PIPE_IO_STDOUT) return lines_read(tp, env, budget, out);
    return (transport_io){pipe_io_flush(&ls->out, env->proc), 0};
}

static void lines_unended(void *tp, char *to, size_t cap) {
    lines_seat *ls = tp;
    size_t n = ls->discarding ? 0 : ls->rbuf.len; /* an over-long line is named as such already */
    if (n > cap - 1) n = cap - 1;
    if (n) memcpy(to, ls->rbuf.data, n);
    to[n] = 0;
}

static void lines_free(void *tp) {
    lines_seat *ls = tp;
    if (!ls) return;
    pipe_io_free(&ls->out);
    buf_free(&ls->rbuf);
    free(ls);
}

const transport_t transport_lines = {
    .name = "lines",
    .start = lines_start,
    .ask = lines_ask,
    .poll_fds = pipe_io_poll_fds,
    .on_ready = lines_on_ready,
    .read = lines_read,
    .end = pipe_io_end,
    .unended = lines_unended,
    .free = lines_free,
};
