/* netns.c: how the referee reaches a tcp seat that lives in its own network namespace (only a
 * loopback interface, so no bot can reach another's port or anything on the machine, whatever
 * the kernel's Landlock can do). A small helper process enters the seat's namespaces (its user
 * namespace first: joining a network namespace needs CAP_SYS_ADMIN in the caller's own user
 * namespace, which an unprivileged referee only has there), and on each request makes a TCP
 * socket there and passes it back over a Unix socket (SCM_RIGHTS). A socket stays in the
 * namespace it was made in, so the referee's connect() to 127.0.0.1:PORT on it reaches the seat's
 * loopback. One request is one byte; the answer is the socket, or an errno without one. */
#include "sbx.h"
#include "../core/coverage.h"
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static void send_result(int chan, int fd, int err) {
    struct msghdr msg;
    struct iovec iov = {&err, sizeof err};
    union {
        char buf[CMSG_SPACE(sizeof(int))];
        struct cmsghdr align;
    } u;
    memset(&msg, 0, sizeof msg);
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    if (fd >= 0) {
        memset(&u, 0, sizeof u);
        msg.msg_control = u.buf;
        msg.msg_controllen = sizeof u.buf;
        struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
        c->cmsg_level = SOL_SOCKET;
        c->cmsg_type = SCM_RIGHTS;
        c->cmsg_len = CMSG_LEN(sizeof(int));
        memcpy(CMSG_DATA(c), &fd, sizeof fd);
    }
    while (sendmsg(chan, &msg, MSG_NOSIGNAL) < 0 && errno == EINTR) {}
}

/* Enters the seat's namespaces. A pidfd names them all at once (Linux 5.8+; the user namespace
 * is entered first, so the network one is checked with the capabilities gained there) and needs
 * no access to the seat's /proc, which the seat's init closes to non-root callers (it is not
 * dumpable). Older kernels: the namespace files in /proc, opened right after the fork. */
static int enter(int pidfd, bool user, int userns, int netns) {
    if (pidfd >= 0 && setns(pidfd, (user ? CLONE_NEWUSER : 0) | CLONE_NEWNET) == 0) return 0;
    if (netns < 0) return -1;
    if (userns >= 0 && setns(userns, CLONE_NEWUSER) != 0) return -1;
    return setns(netns, CLONE_NEWNET);
}

static void helper_main(int chan, int pidfd, bool user, int userns, int netns) __attribute__((noreturn));
static void helper_main(int chan, int pidfd, bool user, int userns, int netns) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    long max = sysconf(_SC_OPEN_MAX);
    for (long fd = 0; fd < (max > 0 ? max : 1024); fd++)
        if (fd != chan && fd != pidfd && fd != userns && fd != netns) close((int)fd);
    if (enter(pidfd, user, userns, netns) != 0) {
        send_result(chan, -1, errno ? errno : EPERM);
        coverage_flush(); /* a fork(): its allocator is in order */
        _exit(1); /* LCOV_EXCL_LINE: runs after the counters were written */
    }
    send_result(chan, -1, 0); /* in: the referee may let the seat's init go on */
    for (int i = 0; i < 3; i++) {
        int fd = i == 0 ? pidfd : i == 1 ? userns : netns;
        if (fd >= 0) close(fd);
    }
    for (;;) {
        char req;
        ssize_t n = read(chan, &req, 1);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) { /* the referee closed the channel: the seat is over */
            coverage_flush();
            _exit(0); /* LCOV_EXCL_LINE: runs after the counters were written */
        }
        int s = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
        send_result(chan, s, s < 0 ? errno : 0);
        if (s >= 0) close(s);
    }
}

bool sbx_helper_start(sandbox_seat *b, pid_t pid, int pidfd, buf_t *err) {
    char path[64];
    int userns = -1, netns = -1;
    if (pidfd < 0) {
        snprintf(path, sizeof path, "/proc/%d/ns/net", (int)pid);
        netns = open(path, O_RDONLY | O_CLOEXEC);
        if (netns >= 0 && b->use[SBX_USER]) {
            snprintf(path, sizeof path, "/proc/%d/ns/user", (int)pid);
            userns = open(path, O_RDONLY | O_CLOEXEC);
        }
        if (netns < 0 || (b->use[SBX_USER] && userns < 0)) {
            buf_printf(err, "net: cannot open %s: %s", path, strerror(errno));
            if (netns >= 0) close(netns);
            return false;
        }
    }
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) != 0) {
        buf_printf(err, "net: socketpair: %s", strerror(errno));
        if (netns >= 0) close(netns);
        if (userns >= 0) close(userns);
        return false;
    }
    pid_t h = fork();
    if (h == 0) helper_main(sv[1], pidfd, b->use[SBX_USER], userns, netns);
    close(sv[1]);
    if (netns >= 0) close(netns);
    if (userns >= 0) close(userns);
    if (h < 0) {
        buf_printf(err, "net: cannot fork the helper: %s", strerror(errno));
        close(sv[0]);
        return false;
    }
    b->helper_pid = h;
    b->helper_fd = sv[0];
    /* The helper's first word: it has entered the namespaces (or why not). Then the seat's
     * init, which waits for this, may go on. */
    int e = 0;
    struct pollfd pf = {sv[0], POLLIN, 0};
    bool ready = poll(&pf, 1, 5000) == 1 && recv(sv[0], &e, sizeof e, 0) == (ssize_t)sizeof e && e == 0;
    if (b->sync_pipe[1] >= 0) {
        if (write(b->sync_pipe[1], "g", 1) < 0) {}
        close(b->sync_pipe[1]);
        b->sync_pipe[1] = -1;
    }
    if (!ready) {
        buf_printf(err, "net: the helper could not enter the seat's network namespace: %s",
                   e ? strerror(e) : "no answer");
        sbx_helper_stop(b);
        return false;
    }
    return true;
}

void sbx_helper_stop(sandbox_seat *b) {
    if (b->helper_fd >= 0) close(b->helper_fd);
    b->helper_fd = -1;
    if (b->helper_pid > 0) {
        kill(b->helper_pid, SIGKILL);
        while (waitpid(b->helper_pid, NULL, 0) < 0 && errno == EINTR) {}
    }
    b->helper_pid = 0;
}

static int sandbox_seat_socket_unlocked(sandbox_seat *b) {
    if (!b || !b->use[SBX_NET] || !b->tcp) return -2;
    if (b->helper_fd < 0) {
        errno = EIO;
        return -1;
    }
    /* a helper that died must not kill the referee by SIGPIPE: the seat's error is EPIPE */
    if (send(b->helper_fd, "s", 1, MSG_NOSIGNAL) != 1) return -1;
    struct pollfd pf = {b->helper_fd, POLLIN, 0};
    if (poll(&pf, 1, 2000) <= 0) {
        errno = ETIMEDOUT;
        return -1;
    }
    int e = 0;
    struct iovec iov = {&e, sizeof e};
    union {
        char buf[CMSG_SPACE(sizeof(int))];
        struct cmsghdr align;
    } u;
    struct msghdr msg;
    memset(&msg, 0, sizeof msg);
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    msg.msg_control = u.buf;
    msg.msg_controllen = sizeof u.buf;
    ssize_t n = recvmsg(b->helper_fd, &msg, MSG_CMSG_CLOEXEC);
    if (n <= 0) {
        errno = n == 0 ? EIO : errno;
        return -1;
    }
    int fd = -1;
    struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
    if (c && c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS) memcpy(&fd, CMSG_DATA(c), sizeof fd);
    if (fd < 0) {
        errno = e ? e : EIO;
        return -1;
    }
    return fd;
}

/* The public entry points hold the sandbox's lock: its caches are per process, and a tester or
 * tournament with threads must not enter them twice at once. */
int sandbox_seat_socket(sandbox_seat *b) {
    sbx_lock();
    int r = sandbox_seat_socket_unlocked(b);
    sbx_unlock();
    return r;
}
