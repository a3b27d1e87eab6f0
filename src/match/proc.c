/* proc.c: starting, pausing and ending bot processes. The child gets its own session (hence its own
 * process group and no controlling terminal), pipes on 0/1/2, and no other descriptors. */
#include "proc.h"
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

/* In the child: close every descriptor above 2. */
static void close_extra_fds(void) {
#ifdef SYS_close_range
    if (syscall(SYS_close_range, 3, ~0U, 0) == 0) return;
#endif
    long max = sysconf(_SC_OPEN_MAX);
    for (long fd = 3; fd < (max > 0 ? max : 1024); fd++) close((int)fd);
}

bool proc_spawn(const proc_opts *o, proc_t *p) {
    int in[2], out[2], err[2];
    memset(p, 0, sizeof *p);
    p->in_fd = p->out_fd = p->err_fd = p->pid_fd = -1;
    if (pipe(in) < 0) return false;
    if (pipe(out) < 0) {
        close(in[0]), close(in[1]);
        return false;
    }
    err[0] = err[1] = -1;
    if (!o->inherit_stderr && pipe(err) < 0) {
        close(in[0]), close(in[1]), close(out[0]), close(out[1]);
        return false;
    }
    /* Build the environment before fork: only async-signal-safe calls after it. */
    size_t n_env = 0, n_add = 0;
    while (environ[n_env]) n_env++;
    while (o->env_add && o->env_add[n_add]) n_add++;
    char **envp = calloc(n_env + n_add + 1, sizeof *envp);
    if (!envp) abort();
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

    pid_t pid = fork();
    if (pid < 0) {
        int e = errno;
        free(envp);
        close(in[0]), close(in[1]), close(out[0]), close(out[1]);
        if (err[0] >= 0) close(err[0]), close(err[1]);
        errno = e;
        return false;
    }
    if (pid == 0) {
        setsid();
        dup2(in[0], 0);
        dup2(o->stdout_to_stderr && err[1] >= 0 ? err[1] : out[1], 1);
        if (err[1] >= 0) dup2(err[1], 2);
        close_extra_fds();
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        signal(SIGPIPE, SIG_DFL);
        if (o->cwd && chdir(o->cwd) != 0) {
            dprintf(2, "arena: cannot enter %s: %s\n", o->cwd, strerror(errno));
            _exit(127);
        }
        if (o->use_path) execvpe(o->argv[0], (char *const *)o->argv, envp);
        else execve(o->argv[0], (char *const *)o->argv, envp);
        dprintf(2, "arena: cannot run %s: %s\n", o->argv[0], strerror(errno));
        _exit(127);
    }
    free(envp);
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
    p->pid_fd = pidfd_open_compat(pid);
    if (p->pid_fd >= 0) fcntl(p->pid_fd, F_SETFD, FD_CLOEXEC);
    return true;
}

bool proc_poll_exit(proc_t *p) {
    if (p->exited || p->pid <= 0) return p->exited;
    int st;
    pid_t r = waitpid(p->pid, &st, WNOHANG);
    if (r == p->pid) {
        p->exited = true;
        p->wait_status = st;
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
    }
}

/* The group and the process itself: right after fork the child may not have called setsid yet,
 * and then its group does not exist; signalling the pid too stops (and later continues) it anyway. */
void proc_pause(proc_t *p) {
    if (p->pid > 0 && !p->exited && !p->stopped) {
        kill(-p->pid, SIGSTOP);
        kill(p->pid, SIGSTOP);
        p->stopped = true;
    }
}

void proc_resume(proc_t *p) {
    if (p->pid > 0 && p->stopped) {
        kill(-p->pid, SIGCONT);
        kill(p->pid, SIGCONT);
        p->stopped = false;
    }
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
    p->out_fd = p->err_fd = p->pid_fd = -1;
}

bool proc_status_is_signal(int st, int *value) {
    if (WIFSIGNALED(st)) {
        *value = WTERMSIG(st);
        return true;
    }
    *value = WIFEXITED(st) ? WEXITSTATUS(st) : 0;
    return false;
}
