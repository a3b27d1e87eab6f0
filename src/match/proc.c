/* proc.c: starting, pausing and ending bot processes. The child gets its own session (hence its own
 * process group and no controlling terminal), pipes on 0/1/2, and no other descriptors. */
#include "proc.h"
#include "../sandbox/sandbox.h"
#include "../core/clock.h"
#include "../core/xalloc.h"
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static int pidfd_open_compat(pid_t pid) {
#ifdef SYS_pidfd_open
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    (void)pid;
    errno = ENOSYS;
    return -1;
#endif
}

static void set_nonblock_cloexec(int fd) {
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
    fcntl(fd, F_SETFD, FD_CLOEXEC);
}

/* In the child: close every descriptor above 2 except `keep` (-1: none). */
static void close_extra_fds(int keep) {
#ifdef SYS_close_range
    if (keep < 3) {
        if (syscall(SYS_close_range, 3, ~0U, 0) == 0) return;
    } else if ((keep == 3 || syscall(SYS_close_range, 3, (unsigned)keep - 1, 0) == 0) &&
               syscall(SYS_close_range, (unsigned)keep + 1, ~0U, 0) == 0) {
        return;
    }
#endif
    long max = sysconf(_SC_OPEN_MAX);
    for (long fd = 3; fd < (max > 0 ? max : 1024); fd++)
        if (fd != keep) close((int)fd);
}

/* Closes both ends of a pipe that may not exist (-1). */
static void close_pair(int fds[2]) {
    if (fds[0] >= 0) close(fds[0]);
    if (fds[1] >= 0) close(fds[1]);
}

/* The parent's half of a spawn: keep our pipe ends, non-blocking and close-on-exec. err may be
 * absent (-1, -1) when the child inherits our stderr. */
static void keep_parent_ends(const proc_opts *o, proc_t *p, pid_t pid, int in[2], int out[2], int err[2]) {
    close(in[0]);
    close(out[1]);
    if (err[1] >= 0) close(err[1]);
    set_nonblock_cloexec(in[1]);
    set_nonblock_cloexec(out[0]);
    if (err[0] >= 0) set_nonblock_cloexec(err[0]);
    p->pid = pid;
    p->in_fd = in[1];
    p->out_fd = out[0];
    p->err_fd = err[0];
    if (o->stdout_to_stderr) {
        close(out[0]);
        p->out_fd = -1;
    }
}

/* In the child: the session and the standard descriptors, the same with or without a sandbox. */
static void child_stdio(const proc_opts *o, int in[2], int out[2], int err[2]) {
    setsid();
    dup2(in[0], 0);
    dup2(o->stdout_to_stderr && err[1] >= 0 ? err[1] : out[1], 1);
    if (err[1] >= 0) dup2(err[1], 2);
}

/* The sandbox forks (with its namespaces) and applies its layers in the child; session and pipes
 * are set up here first, the same way as without it. */
static bool spawn_sandboxed(const proc_opts *o, proc_t *p, int in[2], int out[2], int err[2]) {
    int pidfd = -1, status_fd = -1;
    pid_t pid = sandbox_seat_fork(o->sandbox, &pidfd, &status_fd);
    if (pid < 0) {
        int e = errno;
        close_pair(in), close_pair(out), close_pair(err);
        errno = e;
        return false;
    }
    if (pid == 0) {
        child_stdio(o, in, out, err);
        sandbox_child_exec(o->sandbox);
    }
    keep_parent_ends(o, p, pid, in, out, err);
    p->pid_fd = pidfd >= 0 ? pidfd : pidfd_open_compat(pid);
    if (p->pid_fd >= 0) fcntl(p->pid_fd, F_SETFD, FD_CLOEXEC);
    p->status_fd = status_fd;
    return true;
}

void proc_keep_std_fds(void) {
    for (int fd = 0; fd < 3; fd++) {
        if (fcntl(fd, F_GETFD) >= 0 || errno != EBADF) continue;
        int null = open("/dev/null", fd ? O_WRONLY : O_RDONLY); /* the lowest free: fd itself */
        if (null >= 0 && null != fd) {
            dup2(null, fd);
            close(null);
        }
    }
}

bool proc_spawn(const proc_opts *o, proc_t *p) {
    int in[2], out[2], err[2] = {-1, -1};
    memset(p, 0, sizeof *p);
    p->in_fd = p->out_fd = p->err_fd = p->pid_fd = p->status_fd = -1;
    if (pipe(in) < 0) return false;
    if (pipe(out) < 0) {
        close_pair(in);
        return false;
    }
    if (!o->inherit_stderr && pipe(err) < 0) {
        close_pair(in), close_pair(out);
        return false;
    }
    if (o->sandbox) return spawn_sandboxed(o, p, in, out, err);
    /* Build the environment before fork: only async-signal-safe calls after it. */
    size_t n_env = 0, n_add = 0;
    while (environ[n_env]) n_env++;
    while (o->env_add && o->env_add[n_add]) n_add++;
    char **envp = xcalloc(n_env + n_add + 1, sizeof *envp);
    size_t k = 0;
    for (size_t i = 0; i < n_add; i++) envp[k++] = (char *)o->env_add[i];
    for (size_t i = 0; i < n_env; i++) {
        bool replaced = false;
        for (size_t j = 0; j < n_add; j++) {
            const char *eq = strchr(o->env_add[j], '=');
            size_t len = eq ? (size_t)(eq - o->env_add[j]) + 1 : 0;
            if (len && strncmp(environ[i], o->env_add[j], len) == 0) replaced = true;
        }
        if (!replaced) envp[k++] = environ[i];
    }
    envp[k] = NULL;
    /* A close-on-exec pipe tells the parent whether exec succeeded: EOF means it did, an errno
     * value means it failed (a missing or non-executable program is a start failure, not an
     * exit). */
    int status_pipe[2];
    if (pipe2(status_pipe, O_CLOEXEC) < 0) {
        int e = errno;
        free(envp);
        close_pair(in), close_pair(out), close_pair(err);
        errno = e;
        return false;
    }

    pid_t pid = fork();
    if (pid < 0) {
        int e = errno;
        free(envp);
        close_pair(in), close_pair(out), close_pair(err), close_pair(status_pipe);
        errno = e;
        return false;
    }
    if (pid == 0) {
        child_stdio(o, in, out, err);
        /* Every descriptor above 2 goes, except the exec status pipe (close-on-exec itself). */
        int report = fcntl(status_pipe[1], F_DUPFD_CLOEXEC, 3);
        close_extra_fds(report);
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        signal(SIGPIPE, SIG_DFL);
        if (o->use_path) execvpe(o->argv[0], (char *const *)o->argv, envp);
        else execve(o->argv[0], (char *const *)o->argv, envp);
        int e = errno;
        dprintf(2, "arena: cannot run %s: %s\n", o->argv[0], strerror(e));
        if (report >= 0 && write(report, &e, sizeof e) < 0) {}
        _exit(127);
    }
    free(envp);
    close(status_pipe[1]);
    int child_errno = 0;
    ssize_t got;
    while ((got = read(status_pipe[0], &child_errno, sizeof child_errno)) < 0 && errno == EINTR) {}
    close(status_pipe[0]);
    if (got == (ssize_t)sizeof child_errno) {
        /* exec failed: reap the child and report why. */
        int st;
        while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {}
        close_pair(in), close_pair(out), close_pair(err);
        errno = child_errno;
        return false;
    }
    keep_parent_ends(o, p, pid, in, out, err);
    p->pid_fd = pidfd_open_compat(pid);
    if (p->pid_fd >= 0) fcntl(p->pid_fd, F_SETFD, FD_CLOEXEC);
    return true;
}

/* With a pid namespace the process we reaped is its init; the bot's own status (an exit code,
 * a signal) is what init reported just before it left. Nothing reported (init was killed): the
 * init's own status stands. */
static int reported_status(int fd, int fallback) {
    int st;
    return read(fd, &st, sizeof st) == (ssize_t)sizeof st ? st : fallback;
}

static void take_reported_status(proc_t *p) {
    if (p->status_fd < 0) return;
    p->wait_status = reported_status(p->status_fd, p->wait_status);
    close(p->status_fd);
    p->status_fd = -1;
}

bool proc_poll_exit(proc_t *p) {
    if (p->exited || p->pid <= 0) return p->exited;
    int st;
    pid_t r = waitpid(p->pid, &st, WNOHANG);
    if (r == p->pid) {
        p->exited = true;
        p->wait_status = st;
        take_reported_status(p);
    }
    return p->exited;
}

bool proc_wait_exit(proc_t *p, int timeout_ms) {
    if (proc_poll_exit(p)) return true;
    if (p->pid_fd >= 0) {
        struct pollfd pf = {p->pid_fd, POLLIN, 0};
        while (poll(&pf, 1, timeout_ms) < 0 && errno == EINTR) {}
        return proc_poll_exit(p);
    }
    /* No pidfd: check in small steps; returns as soon as the process is gone. */
    for (int waited = 0; waited < timeout_ms; waited += 5) {
        if (proc_poll_exit(p)) return true;
        usleep(5000);
    }
    return proc_poll_exit(p);
}

void proc_kill(proc_t *p) {
    if (p->pid <= 0) return;
    kill(-p->pid, SIGKILL);
    kill(p->pid, SIGKILL);
    if (p->stopped) kill(-p->pid, SIGCONT);
    if (!p->exited) {
        int st;
        while (waitpid(p->pid, &st, 0) < 0 && errno == EINTR) {}
        p->exited = true;
        p->wait_status = st;
        take_reported_status(p);
    }
}

/* The group and the process itself: right after fork the child may not have called setsid yet,
 * and then its group does not exist; signalling the pid too stops (and later continues) it anyway. */
void proc_pause(proc_t *p) {
    if (p->pid > 0 && !p->exited && !p->stopped) {
        kill(-p->pid, SIGSTOP);
        kill(p->pid, SIGSTOP);
        p->stopped = true;
        p->recont_left = 0;
    }
}

static void send_cont(proc_t *p) {
    kill(-p->pid, SIGCONT);
    kill(p->pid, SIGCONT);
}

/* The repeats come after a fork that was under way at the resume has surely ended (a fork takes
 * well under a millisecond; the later ones cover a forking process that lost the CPU on a loaded
 * machine): a SIGCONT sent once the child is in the group wakes it. Measured without them (tests/
 * unit/test_proc.c): a group that forks all the time has a child stopped for good after about one
 * back-to-back pause and resume in 20 to 40; the CI's Chicken game hung its second seat for the whole
 * start-up limit that way (the seat paused at spawn while its sandbox's init forked the bot, and
 * resumed at once because the first mover was a built-in). */
static const int64_t recont_after_us[] = {5000, 50000, 500000};
enum { RECONT_N = (int)(sizeof recont_after_us / sizeof recont_after_us[0]) };

void proc_resume(proc_t *p) {
    if (p->pid > 0 && p->stopped) {
        send_cont(p);
        p->stopped = false;
        p->recont_left = RECONT_N;
        p->recont_at_us = clock_now_us() + recont_after_us[0];
    }
}

int64_t proc_settle(proc_t *p, int64_t now_us) {
    if (p->pid <= 0 || p->exited || p->stopped || p->recont_left <= 0) return CLOCK_NEVER;
    if (now_us >= p->recont_at_us) {
        send_cont(p);
        int done = RECONT_N - --p->recont_left;
        if (p->recont_left == 0) return CLOCK_NEVER;
        p->recont_at_us = now_us + recont_after_us[done] - recont_after_us[done - 1];
    }
    return p->recont_at_us;
}

void proc_close_stdin(proc_t *p) {
    if (p->in_fd >= 0) close(p->in_fd);
    p->in_fd = -1;
}

void proc_close(proc_t *p) {
    proc_close_stdin(p);
    if (p->out_fd >= 0) close(p->out_fd);
    if (p->err_fd >= 0) close(p->err_fd);
    if (p->pid_fd >= 0) close(p->pid_fd);
    if (p->status_fd >= 0) close(p->status_fd);
    p->out_fd = p->err_fd = p->pid_fd = p->status_fd = -1;
}

bool proc_status_is_signal(int st, int *value) {
    if (WIFSIGNALED(st)) {
        *value = WTERMSIG(st);
        return true;
    }
    *value = WIFEXITED(st) ? WEXITSTATUS(st) : 0;
    return false;
}
