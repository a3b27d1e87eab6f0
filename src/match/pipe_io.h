/* pipe_io.h: the pipes to a bot process's stdin and from its stdout, as the pipe transports
 * (lines, records) use them: a buffer of bytes still to write, non-blocking reads and writes. */
#ifndef ARENA_PIPE_IO_H
#define ARENA_PIPE_IO_H
#include "../core/buf.h"
#include "proc.h"
#include "transport.h"
#include <poll.h>
#include <sys/types.h>

enum { PIPE_IO_STDOUT = 0, PIPE_IO_STDIN = 1 }; /* poll tags */

/* Bytes still to write to the bot's stdin. */
typedef struct {
    buf_t buf;
    size_t off; /* bytes of buf already written */
} pipe_io_out;

/* Queues bytes for the bot's stdin (nothing when its stdin is closed). */
void pipe_io_queue(pipe_io_out *w, const proc_t *p, const char *data, size_t n);
/* Writes what the pipe takes now: WRITTEN when nothing is left, IDLE when the rest waits for
 * poll, LOST when the bot closed its stdin or died (what was left is dropped). */
transport_status pipe_io_flush(pipe_io_out *w, const proc_t *p);
/* One non-blocking read of stdout: > 0 bytes read, 0 at its end (or on an error), -1 when
 * nothing is there now. */
ssize_t pipe_io_read(const proc_t *p, char *chunk, size_t cap);
void pipe_io_free(pipe_io_out *w);

/* Table functions shared by the pipe transports, whose state struct begins with its pipe_io_out:
 * poll_fds (stdout for POLLIN, PIPE_IO_STDOUT; while bytes wait, stdin for POLLOUT, PIPE_IO_STDIN)
 * and end (the end message written as far as the pipe takes it now). */
int pipe_io_poll_fds(void *tp, const transport_env *env, int64_t now, int64_t *wake, struct pollfd *pf, int *tag,
                     int max, reply_queue *out);
void pipe_io_end(void *tp, const transport_env *env, const char *msg, size_t n, int timeout_ms);
#endif
