/* transport_tcp.c: the tcp transport (see transport_tcp.h). One connection per question, so a reply
 * can never be taken for another question's; the clock runs from the connection attempt to the
 * reply's terminator (the question is "written" when the attempt starts). */
#include "transport_tcp.h"
#include "../core/clock.h"
#include "referee.h"
#include "../core/xalloc.h"
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

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

struct tcp_seat {
    int port;
    bool probed;      /* a probe was accepted: the bot listens */
    tcp_conn conn[TCP_CONNS_MAX];
};

int tcp_connect(int port, bool *in_progress) {
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    return connect_socket(fd, port, in_progress);
}

/* Seat s's connection: when its sandbox gave it a network namespace of its own, the socket is
 * made in there (127.0.0.1 is then the seat's own loopback), else here. */
static int seat_connect(match_t *m, int s, int port, bool *in_progress) {
    int fd = sandbox_seat_socket(m->in->seats[s].sbx);
    if (fd == -2) return tcp_connect(port, in_progress);
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

static tcp_seat *seat_of(const match_t *m, int s) { return m->in->seats[s].tcp; }

bool tcp_seat_new(match_t *m, int s, buf_t *err) {
    seat_rt *r = &m->in->seats[s];
    tcp_seat *t = xcalloc(1, sizeof *t);
    for (int i = 0; i < TCP_CONNS_MAX; i++) {
        t->conn[i].fd = -1;
        buf_init(&t->conn[i].out);
        buf_init(&t->conn[i].in);
    }
    t->port = free_port();
    r->tcp = t;
    if (t->port <= 0) {
        buf_printf(err, "seat %d (%s): no free port on 127.0.0.1: %s", s, r->spec->text, strerror(errno));
        return false;
    }
    return true;
}

int tcp_port(const match_t *m, int s) {
    const tcp_seat *t = seat_of(m, s);
    return t ? t->port : -1;
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
static void conn_done(match_t *m, int s, tcp_conn *c, bool too_long) {
    int turn = c->turn;
    size_t n = c->in.len;
    const char *nl = n ? memchr(c->in.data, '\n', n) : NULL;
    if (nl) n = (size_t)(nl - c->in.data);
    conn_close(c);
    c->phase = TC_FREE;
    /* the buffer stays allocated (reused by the next question), so the pointer stays valid */
    match_reply(m, s, turn, c->in.data ? c->in.data : "", n, too_long);
}

/* Runs one connection's state machine as far as it goes without waiting. revents: what poll
 * reported for it (0 when called for another reason). */
static void drive(match_t *m, int s, tcp_seat *t, tcp_conn *c, short revents) {
    for (;;) {
        switch (c->phase) {
        case TC_FREE:
        case TC_WAIT:
            return;
        case TC_START: {
            bool in_progress;
            int fd = seat_connect(m, s, t->port, &in_progress);
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
                        conn_done(m, s, c, false);
                        return;
                    }
                    if (c->in.len > LINE_MAX_BYTES) {
                        conn_done(m, s, c, true);
                        return;
                    }
                    continue;
                }
                if (k < 0 && errno == EINTR) continue;
                if (k < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
                conn_done(m, s, c, false); /* EOF, or reset: the reply is what came */
                return;
            }
        }
    }
}

bool tcp_ask(match_t *m, int s, int turn, const char *msg, size_t n) {
    tcp_seat *t = seat_of(m, s);
    if (!t) return false;
    for (int i = 0; i < TCP_CONNS_MAX; i++) {
        tcp_conn *c = &t->conn[i];
        if (c->phase != TC_FREE) continue;
        conn_reset(c);
        c->turn = turn;
        c->probe = !t->probed;
        buf_append(&c->out, msg, n);
        c->phase = TC_START;
        drive(m, s, t, c, 0);
        return true;
    }
    return false;
}

int tcp_poll_fds(match_t *m, int s, struct pollfd *pf, int *tag, int max) {
    tcp_seat *t = seat_of(m, s);
    int n = 0;
    for (int i = 0; t && i < TCP_CONNS_MAX && n < max; i++) {
        tcp_conn *c = &t->conn[i];
        if (c->fd < 0) continue;
        short ev = c->phase == TC_READING ? POLLIN : c->phase == TC_CONNECTING || c->phase == TC_SENDING ? POLLOUT : 0;
        if (!ev) continue;
        pf[n] = (struct pollfd){c->fd, ev, 0};
        tag[n++] = i;
    }
    return n;
}

void tcp_ready(match_t *m, int s, int tag, int fd, short revents) {
    tcp_seat *t = seat_of(m, s);
    if (!t || tag < 0 || tag >= TCP_CONNS_MAX) return;
    tcp_conn *c = &t->conn[tag];
    if (c->fd != fd || c->phase == TC_FREE) return; /* closed meanwhile */
    drive(m, s, t, c, revents);
}

int64_t tcp_timers(match_t *m, int s, int64_t now) {
    tcp_seat *t = seat_of(m, s);
    int64_t next = CLOCK_NEVER;
    for (int i = 0; t && i < TCP_CONNS_MAX; i++) {
        tcp_conn *c = &t->conn[i];
        if (c->phase != TC_WAIT) continue;
        if (c->retry_us <= now) {
            c->phase = TC_START;
            drive(m, s, t, c, 0);
            if (m->in->seats[s].gone) return CLOCK_NEVER;
        }
        if (c->phase == TC_WAIT && c->retry_us < next) next = c->retry_us;
    }
    return next;
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

void tcp_end(match_t *m, int s, const char *msg, size_t n, int timeout_ms) {
    tcp_seat *t = seat_of(m, s);
    if (!t || t->port <= 0) return;
    int64_t deadline = clock_now_us() + (int64_t)timeout_ms * 1000;
    bool in_progress;
    int fd = seat_connect(m, s, t->port, &in_progress);
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

void tcp_finish(match_t *m, int s) {
    tcp_seat *t = seat_of(m, s);
    for (int i = 0; t && i < TCP_CONNS_MAX; i++) conn_reset(&t->conn[i]);
}

void tcp_free(match_t *m, int s) {
    tcp_seat *t = seat_of(m, s);
    if (!t) return;
    for (int i = 0; i < TCP_CONNS_MAX; i++) {
        conn_close(&t->conn[i]);
        buf_free(&t->conn[i].out);
        buf_free(&t->conn[i].in);
    }
    free(t);
    m->in->seats[s].tcp = NULL;
}
