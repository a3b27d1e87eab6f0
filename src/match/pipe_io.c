/* pipe_io.c: non-blocking writes to a bot's stdin and reads from its stdout (see pipe_io.h). */
#include "pipe_io.h"
#include <errno.h>
#include <unistd.h>

void pipe_io_queue(pipe_io_out *w, const proc_t *p, const char *data, size_t n) {
    if (p->in_fd < 0) return;
    buf_append(&w->buf, data, n);
}

transport_status pipe_io_flush(pipe_io_out *w, const proc_t *p) {
    if (p->in_fd < 0) return w->buf.len == 0 ? TRANSPORT_WRITTEN : TRANSPORT_LOST;
    while (w->off < w->buf.len) {
        ssize_t k = write(p->in_fd, w->buf.data + w->off, w->buf.len - w->off);
        if (k > 0) {
            w->off += (size_t)k;
            continue;
        }
        if (k < 0 && errno == EINTR) continue;
        if (k < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return TRANSPORT_IDLE;
        /* EPIPE: the bot closed its stdin or died. */
        buf_reset(&w->buf);
        w->off = 0;
        return TRANSPORT_LOST;
    }
    buf_reset(&w->buf);
    w->off = 0;
    return TRANSPORT_WRITTEN;
}

ssize_t pipe_io_read(const proc_t *p, char *chunk, size_t cap) {
    for (;;) {
        ssize_t n = read(p->out_fd, chunk, cap);
        if (n > 0) return n;
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return -1;
        return 0;
    }
}

void pipe_io_free(pipe_io_out *w) {
    buf_free(&w->buf);
    w->off = 0;
}

int pipe_io_poll_fds(void *tp, const transport_env *env, int64_t now, int64_t *wake, struct pollfd *pf, int *tag,
                     int max, reply_queue *out) {
    (void)now, (void)wake, (void)out;
    const pipe_io_out *w = tp;
    const proc_t *p = env->proc;
    int n = 0;
    if (p->out_fd >= 0 && n < max) pf[n] = (struct pollfd){p->out_fd, POLLIN, 0}, tag[n++] = PIPE_IO_STDOUT;
    if (w->buf.len && p->in_fd >= 0 && n < max) pf[n] = (struct pollfd){p->in_fd, POLLOUT, 0}, tag[n++] = PIPE_IO_STDIN;
    return n;
}

void pipe_io_end(void *tp, const transport_env *env, const char *msg, size_t n, int timeout_ms) {
    (void)timeout_ms;
    pipe_io_out *w = tp;
    pipe_io_queue(w, env->proc, msg, n);
    pipe_io_flush(w, env->proc);
}
