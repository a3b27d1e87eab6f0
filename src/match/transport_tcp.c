/* transport_tcp.c: the tcp transport (see transport_tcp.h). One connection per question, so a reply
 * can never be taken for another question's; the clock runs from the connection attempt to the
 * reply's terminator (the question is "written" when the attempt starts). */
#include "transport_tcp.h"
#include "../core/clock.h"
#include "../sandbox/sandbox.h"
#include "transport.h"
#include "../core/xalloc.h"
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

_Static_assert(TCP_CONNS_MAX <= TRANSPORT_FDS_MAX, "every open connection is polled");

enum {
    TC_FREE = 0,     /* slot unused */
    TC_START,        /* about to try connecting */
    TC_WAIT,         /* refused: try again at retry_us */
    TC_CONNECTING,   /* non-blocking connect in progress (POLLOUT) */
    TC_ESTABLISHED,  /* connected: close it (probe) or start sending */
    TC_SENDING,      /* writing the message (POLLOUT) */
    TC_READING,      /* reading the reply (POLLIN) */
};

typedef struct {
    int phase;
    int turn;         /* the question this connection asks */
    int fd;
    bool probe;       /* this attempt is the readiness probe */
    int64_t retry_us;
    buf_t out;        /* the message */
    size_t off;       /* bytes of it sent */
    buf_t in;         /* reply bytes so far */
} tcp_conn;

static int connect_socket(int fd, int port, bool *in_progress);

typedef struct {
    int port;
    bool probed;      /* a probe was accepted: the bot listens */
    tcp_conn conn[TCP_CONNS_MAX];
} tcp_seat;

int transport_tcp_connect(int port, bool *in_progress) {
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    return connect_socket(fd, port, in_progress);
}

/* The seat's connection: when its sandbox gave it a network namespace of its own, the socket is
 * made in there (127.0.0.1 is then the seat's own loopback), else here. */
static int seat_connect(const transport_env *env, int port, bool *in_progress) {
    int fd = sandbox_seat_socket(env->sbx);
    if (fd == -2) return transport_tcp_connect(port, in_progress);
    if (fd < 0) return -1;
    return connect_socket(fd, port, in_progress);
}

static int connect_socket(int fd, int port, bool *in_progress) {
    *in_progress = false;
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons((uint16_t)port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, (struct sockaddr *)&a, sizeof a) == 0) return fd;
    if (errno == EINPROGRESS) {
        *in_progress = true;
        return fd;
    }
    int e = errno;
    close(fd);
    errno = e;
    return -1;
}

/* A free port: bind port 0 on loopback, read what the kernel chose, release it. */
static int free_port(void) {
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof a;
    int port = -1;
    if (bind(fd, (struct sockaddr *)&a, sizeof a) == 0 && getsockname(fd, (struct sockaddr *)&a, &len) == 0)
        port = ntohs(a.sin_port);
    close(fd);
    return port;
}

/* A tcp seat needs a line-based game without a start-up handshake; its port is free on 127.0.0.1. */
static void *tcp_start(const game_t *g, int *port, buf_t *err) {
    if (!game_takes_tcp_seats(g)) {
        buf_printf(err, "%s cannot use a tcp seat (it needs a line-based game without a start-up handshake)", g->id);
        return NULL;
    }
    tcp_seat *t = xcalloc(1, sizeof *t);
    for (int i = 0; i < TCP_CONNS_MAX; i++) {
        t->conn[i].fd = -1;
        buf_init(&t->conn[i].out);
        buf_init(&t->conn[i].in);
    }
    t->port = free_port();
    if (t->port <= 0) {
        buf_printf(err, "no free port on 127.0.0.1: %s", strerror(errno));
        free(t);
        return NULL;
    }
    *port = t->port;
    return t;
}

static void conn_close(tcp_conn *c) {
    if (c->fd >= 0) close(c->fd);
    c->fd = -1;
}

static void conn_reset(tcp_conn *c) {
    conn_close(c);
    c->phase = TC_FREE;
    c->probe = false;
    c->off = 0;
    buf_reset(&c->out);
    buf_reset(&c->in);
}

/* The reply is complete (newline, EOF, reset or too long): hand it to the referee. */
static void conn_done(tcp_conn *c, bool too_long, reply_queue *out) {
    size_t n = c->in.len;
    const char *nl = n ? memchr(c->in.data, '\n', n) : NULL;
    if (nl) n = (size_t)(nl - c->in.data);
    conn_close(c);
    c->phase = TC_FREE;
    reply r = {.kind = REPLY_ANSWER, .too_long = too_long, .turn = c->turn, .data = c->in.data, .len = n};
    reply_queue_push(out, &r);
}

/* Runs one connection's state machine as far as it goes without waiting. revents: what poll
 * reported for it (0 when called for another reason). */
static void drive(const transport_env *env, tcp_seat *t, tcp_conn *c, short revents, reply_queue *out) {
    for (;;) {
        switch (c->phase) {
        case TC_FREE:
        case TC_WAIT:
            return;
        case TC_START: {
            bool in_progress;
            int fd = seat_connect(env, t->port, &in_progress);
            if (fd < 0) { /* refused (not listening yet) or out of resources: no answer yet */
                c->phase = TC_WAIT;
                c->retry_us = clock_now_us() + TCP_RETRY_US;
                return;
            }
            c->fd = fd;
            c->phase = in_progress ? TC_CONNECTING : TC_ESTABLISHED;
            revents = 0;
            continue;
        }
        case TC_CONNECTING: {
            if (!revents) return;
            int e = 0;
            socklen_t len = sizeof e;
            if (getsockopt(c->fd, SOL_SOCKET, SO_ERROR, &e, &len) < 0) e = errno;
            if (e) {
                conn_close(c);
                c->phase = TC_WAIT;
                c->retry_us = clock_now_us() + TCP_RETRY_US;
                return;
            }
            c->phase = TC_ESTABLISHED;
            continue;
        }
        case TC_ESTABLISHED:
            if (c->probe) { /* the bot listens: close the probe unused, then ask for real */
                conn_close(c);
                c->probe = false;
                t->probed = true;
                c->phase = TC_START;
                continue;
            }
            c->phase = TC_SENDING;
            continue;
        case TC_SENDING:
            while (c->off < c->out.len) {
                ssize_t w = send(c->fd, c->out.data + c->off, c->out.len - c->off, MSG_NOSIGNAL | MSG_DONTWAIT);
                if (w > 0) {
                    c->off += (size_t)w;
                    continue;
                }
                if (w < 0 && errno == EINTR) continue;
                if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
                break; /* closed or reset by the bot: read whatever it said (maybe nothing) */
            }
            c->phase = TC_READING;
            continue;
        case TC_READING:
            for (;;) {
                char chunk[16384];
                ssize_t k = recv(c->fd, chunk, sizeof chunk, MSG_DONTWAIT);
                if (k > 0) {
                    size_t before = c->in.len;
                    buf_append(&c->in, chunk, (size_t)k);
                    if (memchr(c->in.data + before, '\n', (size_t)k)) {
                        conn_done(c, false, out);
                        return;
                    }
                    if (c->in.len > LINE_MAX_BYTES) {
                        conn_done(c, true, out);
                        return;
                    }
                    continue;
                }
                if (k < 0 && errno == EINTR) continue;
                if (k < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
                conn_done(c, false, out); /* EOF, or reset: the reply is what came */
                return;
            }
        }
    }
}

static transport_io tcp_ask(void *tp, const transport_env *env, const char *msg, size_t n, reply_queue *out) {
    tcp_seat *t = tp;
    for (int i = 0; i < TCP_CONNS_MAX; i++) {
        tcp_conn *c = &t->conn[i];
        if (c->phase != TC_FREE) continue;
        conn_reset(c);
        c->turn = env->turn;
        c->probe = !t->probed;
        buf_append(&c->out, msg, n);
        c->phase = TC_START;
        drive(env, t, c, 0, out);
        return (transport_io){TRANSPORT_STARTED, 0}; /* the clock starts at the connection attempt */
    }
    return (transport_io){TRANSPORT_FULL, 0};
}

/* Retries the connections whose 10 ms wait is over, then lists the open ones. */
static int tcp_poll_fds(void *tp, const transport_env *env, int64_t now, int64_t *wake, struct pollfd *pf,
                        int *tag, int max, reply_queue *out) {
    tcp_seat *t = tp;
    for (int i = 0; i < TCP_CONNS_MAX; i++) {
        tcp_conn *c = &t->conn[i];
        if (c->phase != TC_WAIT) continue;
        if (c->retry_us <= now) {
            c->phase = TC_START;
            drive(env, t, c, 0, out);
        }
        if (c->phase == TC_WAIT && c->retry_us < *wake) *wake = c->retry_us;
    }
    int n = 0;
    for (int i = 0; i < TCP_CONNS_MAX && n < max; i++) {
        tcp_conn *c = &t->conn[i];
        if (c->fd < 0) continue;
        short ev = c->phase == TC_READING ? POLLIN : c->phase == TC_CONNECTING || c->phase == TC_SENDING ? POLLOUT : 0;
        if (!ev) continue;
        pf[n] = (struct pollfd){c->fd, ev, 0};
        tag[n++] = i;
    }
    return n;
}

static transport_io tcp_on_ready(void *tp, const transport_env *env, int tag, const struct pollfd *p, size_t budget,
                                 reply_queue *out) {
    (void)budget;
    tcp_seat *t = tp;
    if (tag < 0 || tag >= TCP_CONNS_MAX) return (transport_io){TRANSPORT_IDLE, 0};
    tcp_conn *c = &t->conn[tag];
    if (c->fd != p->fd || c->phase == TC_FREE) return (transport_io){TRANSPORT_IDLE, 0}; /* closed meanwhile */
    drive(env, t, c, p->revents, out);
    return (transport_io){TRANSPORT_IDLE, 0};
}

/* The bot's stdout is a log (read with its stderr): nothing comes this way. */
static transport_io tcp_read(void *tp, const transport_env *env, size_t budget, reply_queue *out) {
    (void)tp, (void)env, (void)budget, (void)out;
    return (transport_io){TRANSPORT_IDLE, 0};
}

/* Waits for fd to be writable until deadline_us; false on timeout or error. */
static bool wait_writable(int fd, int64_t deadline_us) {
    for (;;) {
        struct pollfd pf = {fd, POLLOUT, 0};
        int rc = poll(&pf, 1, clock_poll_ms(deadline_us));
        if (rc < 0 && errno == EINTR) continue;
        return rc > 0 && !(pf.revents & (POLLERR | POLLNVAL));
    }
}

/* The game's end message over one more connection, waiting at most timeout_ms. */
static void tcp_end(void *tp, const transport_env *env, const char *msg, size_t n, int timeout_ms) {
    tcp_seat *t = tp;
    if (t->port <= 0) return;
    int64_t deadline = clock_now_us() + (int64_t)timeout_ms * 1000;
    bool in_progress;
    int fd = seat_connect(env, t->port, &in_progress);
    if (fd < 0) return; /* not listening: the grace period and the kill end it */
    if (in_progress) {
        int e = 0;
        socklen_t len = sizeof e;
        if (!wait_writable(fd, deadline) || getsockopt(fd, SOL_SOCKET, SO_ERROR, &e, &len) < 0 || e) {
            close(fd);
            return;
        }
    }
    size_t off = 0;
    while (off < n) {
        ssize_t w = send(fd, msg + off, n - off, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (w > 0) off += (size_t)w;
        else if (w < 0 && errno == EINTR) continue;
        else if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) && wait_writable(fd, deadline)) continue;
        else break;
    }
    close(fd);
}

static void tcp_free(void *tp) {
    tcp_seat *t = tp;
    if (!t) return;
    for (int i = 0; i < TCP_CONNS_MAX; i++) {
        conn_close(&t->conn[i]);
        buf_free(&t->conn[i].out);
        buf_free(&t->conn[i].in);
    }
    free(t);
}

const transport_t transport_tcp = {
    .name = "tcp",
    .own_connections = true,
    .start = tcp_start,
    .ask = tcp_ask,
    .poll_fds = tcp_poll_fds,
    .on_ready = tcp_on_ready,
    .read = tcp_read,
    .end = tcp_end,
    .free = tcp_free,
};
