/* ns.c: the namespace layers (user, pid, net, mount, ipc): the clone that creates them, what the
 * child sets up inside them (id maps, loopback, a fresh /proc, size-limited tmpfs folders), the
 * pid namespace's init, and the probe that tells doctor which of them work here. */
#include "sbx.h"
#include "../core/coverage.h"
#include <errno.h>
#include <fcntl.h>
#include <linux/sched.h>
#include <net/if.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

int sbx_clone_flags(const sandbox_seat *b) {
    int f = 0;
    if (b->use[SBX_USER]) f |= CLONE_NEWUSER;
    if (b->use[SBX_PID]) f |= CLONE_NEWPID;
    if (b->use[SBX_NET]) f |= CLONE_NEWNET;
    if (b->use[SBX_MOUNT]) f |= CLONE_NEWNS;
    if (b->use[SBX_IPC]) f |= CLONE_NEWIPC;
    return f;
}

/* clone3 gives the child its namespaces at birth (so it can be the pid namespace's init) and a
 * pidfd; kernels before 5.3 (and valgrind) only have clone. Without CLONE_VM both behave like
 * fork on the same stack; the child only makes system calls until it executes. */
pid_t sbx_clone(unsigned long long flags, int cgroup_fd, int *pidfd) {
    *pidfd = -1;
#ifdef SYS_clone3
    struct clone_args a;
    memset(&a, 0, sizeof a);
    a.flags = flags | CLONE_PIDFD;
    a.pidfd = (unsigned long long)(uintptr_t)pidfd;
    a.exit_signal = SIGCHLD;
    if (cgroup_fd >= 0) {
        /* born in its cgroup: no migration afterwards (which costs an RCU grace period) */
        a.flags |= CLONE_INTO_CGROUP; /* LCOV_EXCL_LINE: cgroup v2 with its memory controller; this VM binds memory to v1, so no test here reaches it (a v2 folder) */
        a.cgroup = (unsigned long long)cgroup_fd; /* LCOV_EXCL_LINE: the same */
    }
    long pid = syscall(SYS_clone3, &a, sizeof a);
    if (pid >= 0 || cgroup_fd >= 0 || (errno != ENOSYS && errno != E2BIG)) {
        if (pid < 0) *pidfd = -1;
        return (pid_t)pid;
    }
    *pidfd = -1;
#endif
    if (cgroup_fd >= 0) {
        errno = ENOSYS; /* LCOV_EXCL_LINE: cgroup v2 with its memory controller; this VM binds memory to v1, so no test here reaches it (a v2 folder) */
        return -1;      /* LCOV_EXCL_LINE: the same */
    }
    return (pid_t)syscall(SYS_clone, (unsigned long)flags | SIGCHLD, 0, 0, 0, 0);
}


/* The bot is root inside its user namespace and the referee's own user outside: one id mapped,
 * which an unprivileged process may write for itself. setgroups must be denied first. */
static int write_id_maps(uid_t uid, gid_t gid, const char **step) {
    char line[64];
    snprintf(line, sizeof line, "0 %u 1\n", (unsigned)uid);
    if (!sbx_write_file("/proc/self/uid_map", line)) return *step = "uid_map", errno;
    if (!sbx_write_file("/proc/self/setgroups", "deny") && errno != ENOENT) return *step = "setgroups", errno;
    snprintf(line, sizeof line, "0 %u 1\n", (unsigned)gid);
    if (!sbx_write_file("/proc/self/gid_map", line)) return *step = "gid_map", errno;
    return 0;
}

/* A fresh network namespace has a loopback interface that is down; tcp seats need it up. */
static int loopback_up(const char **step) {
    int s = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (s < 0) return *step = "socket", errno;
    struct ifreq ifr;
    memset(&ifr, 0, sizeof ifr);
    snprintf(ifr.ifr_name, sizeof ifr.ifr_name, "lo");
    int rc = ioctl(s, SIOCGIFFLAGS, &ifr);
    if (rc == 0) {
        ifr.ifr_flags |= IFF_UP | IFF_RUNNING;
        rc = ioctl(s, SIOCSIFFLAGS, &ifr);
    }
    int e = errno;
    close(s);
    if (rc != 0) return *step = "loopback up", e;
    return 0;
}

/* Private propagation first, so no mount made here reaches the machine's namespace. */
static int private_mounts(bool proc, const char *tmpfs_dir, int64_t disk_mb, const char **step) {
    /* the type is ignored for a propagation change; a string keeps valgrind quiet */
    if (mount("none", "/", "none", MS_REC | MS_PRIVATE, NULL) != 0) return *step = "make / private", errno;
    if (proc && mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL) != 0)
        return *step = "mount /proc", errno;
    if (tmpfs_dir) {
        char opt[96];
        /* inodes are bounded too: a folder of a million empty files also costs memory */
        long long mb = disk_mb > 0 ? disk_mb : SANDBOX_DEFAULT_DISK_MB;
        snprintf(opt, sizeof opt, "size=%lldm,nr_inodes=%lld,mode=0700", mb, 4096 + mb * 64);
        if (mount("tmpfs", tmpfs_dir, "tmpfs", MS_NOSUID | MS_NODEV, opt) != 0)
            return *step = "mount tmpfs on the seat folder", errno;
        struct stat st;
        if (stat("/dev/shm", &st) == 0 && S_ISDIR(st.st_mode) &&
            mount("tmpfs", "/dev/shm", "tmpfs", MS_NOSUID | MS_NODEV, opt) != 0)
            return *step = "mount tmpfs on /dev/shm", errno;
    }
    return 0;
}

void sbx_child_namespaces(sandbox_seat *b) {
    const char *step = NULL;
    int e;
    if (b->use[SBX_USER] && (e = write_id_maps(b->outer_uid, b->outer_gid, &step)) != 0) {
        errno = e;
        sbx_child_fail("user", step);
    }
    if (b->use[SBX_NET] && b->tcp && (e = loopback_up(&step)) != 0) {
        errno = e;
        sbx_child_fail("net", step);
    }
    if (b->use[SBX_MOUNT] &&
        (e = private_mounts(b->use[SBX_PID], b->use[SBX_WORKDIR] ? b->scratch : NULL, b->lim.disk_mb, &step)) != 0) {
        errno = e;
        sbx_child_fail("mount", step);
    }
}

static void close_all_but(int keep) {
    for (int fd = 0; fd < 3; fd++)
        if (fd != keep) close(fd);
#ifdef SYS_close_range
    if (keep > 3) syscall(SYS_close_range, 3, keep - 1, 0);
    if (syscall(SYS_close_range, (keep >= 3 ? keep : 2) + 1, ~0U, 0) == 0) return;
#endif
    long max = sysconf(_SC_OPEN_MAX);
    for (long fd = 3; fd < (max > 0 ? max : 1024); fd++)
        if (fd != keep) close((int)fd);
}

/* init is a copy of the referee: its command line (every seat's command, the seed) and its
 * environment would show in /proc/1 to the bot. The kernel reads them from the process's own
 * memory (arg_start..arg_end, env_start..env_end in /proc/self/stat), so init blanks them. */
static void hide_referee_args(void) {
    char buf[2048];
    int fd = open("/proc/self/stat", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return;
    ssize_t n = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (n <= 0) return;
    buf[n] = 0;
    char *p = strrchr(buf, ')');
    if (!p) return;
    /* fields after the name: state is field 3; arg_start..env_end are fields 48..51 */
    unsigned long long v[4] = {0, 0, 0, 0};
    int field = 2;
    for (char *tok = p + 1; *tok && field < 51;) {
        while (*tok == ' ') tok++;
        field++;
        if (field >= 48) v[field - 48] = strtoull(tok, NULL, 10);
        while (*tok && *tok != ' ') tok++;
    }
    if (field < 51 || !v[0] || v[1] <= v[0]) return;
    /* Blank only memory that is provably our argv (under valgrind these addresses are the
     * tool's, not the program's). */
    uintptr_t arg0 = (uintptr_t)program_invocation_name;
    if (arg0 < v[0] || arg0 >= v[1]) return;
    static const char name[] = "arena-sandbox-init";
    memset((void *)(uintptr_t)v[0], 0, (size_t)(v[1] - v[0]));
    memcpy((void *)(uintptr_t)v[0], name, v[1] - v[0] > sizeof name ? sizeof name : (size_t)(v[1] - v[0] - 1));
    if (v[3] > v[2]) memset((void *)(uintptr_t)v[2], 0, (size_t)(v[3] - v[2]));
    prctl(PR_SET_NAME, "arena-init");
}

/* pid 1 of the seat's pid namespace. It keeps nothing of the referee's (no pipes: the bot's EOF
 * must reach the referee; no other seat's descriptors), cannot be traced or read by the bot
 * (not dumpable) and shows nothing of the referee's command line, ignores signals from inside (the kernel drops those init has no handler for),
 * reaps orphans, and when the bot ends reports its wait status and exits, which makes the kernel
 * kill everything else in the namespace: daemons and double forks included. */
void sbx_child_init(sandbox_seat *b) {
    /* Blank before the bot exists: /proc/1/cmdline needs no permission, and a bot may read it the
     * moment it runs (a tcp seat's init waits for the referee's helper, a while on a loaded
     * machine). The bot's copy goes blank too, which it never reads: it only executes. */
    hide_referee_args();
    /* A raw clone, not fork(): this process came from a raw clone of a referee that may run other
     * threads (the tester's --jobs, tournament workers), so a libc lock another thread held at
     * that moment (malloc's) stays held here for ever, and glibc's fork() takes them all first:
     * the seat would hang before its bot started. */
    pid_t bot = (pid_t)syscall(SYS_clone, (unsigned long)SIGCHLD, 0, 0, 0, 0);
    if (bot < 0) sbx_child_fail("pid", "fork the bot");
    if (bot == 0) {
        close(b->status_pipe[0]);
        close(b->status_pipe[1]);
        if (b->sync_pipe[0] >= 0) close(b->sync_pipe[0]);
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        return;
    }
    if (b->sync_pipe[0] >= 0) { /* wait until the referee's tcp helper has joined us */
        char go;
        while (read(b->sync_pipe[0], &go, 1) < 0 && errno == EINTR) {}
        close(b->sync_pipe[0]);
    }
    prctl(PR_SET_DUMPABLE, 0);
    int report = b->status_pipe[1];
    close_all_but(report);
    for (;;) {
        int st;
        pid_t w = waitpid(-1, &st, 0);
        if (w == bot) {
            if (write(report, &st, sizeof st) < 0) {}
            if (b->flush_coverage) coverage_flush();
            _exit(0); /* LCOV_EXCL_LINE: runs after the counters were written */
        }
        /* LCOV_EXCL_START: cannot happen (the bot is init's child until init reaps it above); a
         * guard against waiting for ever */
        if (w < 0 && errno != EINTR) {
            if (b->flush_coverage) coverage_flush();
            _exit(0);
        }
        /* LCOV_EXCL_STOP */
    }
}

int sbx_probe_namespaces(unsigned long long flags, const char **step) {
    static const char *steps[] = {"clone", "user", "net", "mount", "pid"};
    int p[2];
    *step = steps[0];
    if (pipe2(p, O_CLOEXEC) != 0) return errno;
    char dir[4096], owner[64];
    sbx_owner_prefix(owner, sizeof owner);
    snprintf(dir, sizeof dir, "%s/%s-probe-XXXXXX", sbx_tmp_root(), owner);
    bool have_dir = mkdtemp(dir) != NULL;
    uid_t uid = geteuid();
    gid_t gid = getegid();
    bool flush = coverage_flush_safe();
    int pidfd;
    pid_t pid = sbx_clone(flags, -1, &pidfd);
    if (pid < 0) {
        int e = errno;
        close(p[0]);
        close(p[1]);
        if (have_dir) rmdir(dir);
        return e;
    }
    if (pid == 0) {
        /* the same steps a seat's child takes, reported as {step, errno} */
        int r[2] = {0, 0};
        const char *s;
        if ((flags & CLONE_NEWUSER) && (r[1] = write_id_maps(uid, gid, &s)) != 0) r[0] = 1;
        else if ((flags & CLONE_NEWNET) && (r[1] = loopback_up(&s)) != 0) r[0] = 2;
        else if ((flags & CLONE_NEWNS) &&
                 (r[1] = private_mounts(flags & CLONE_NEWPID, have_dir ? dir : NULL, 1, &s)) != 0) r[0] = 3;
        else if (flags & CLONE_NEWPID) {
            pid_t c = fork();
            if (c == 0) _exit(getpid() == 2 ? 0 : 1);
            int st = 1;
            if (c < 0 || waitpid(c, &st, 0) != c || !WIFEXITED(st) || WEXITSTATUS(st) != 0) r[0] = 4, r[1] = c < 0 ? errno : EINVAL;
        }
        if (write(p[1], r, sizeof r) < 0) {}
        if (flush) coverage_flush();
        _exit(0); /* LCOV_EXCL_LINE: runs after the counters were written */
    }
    close(p[1]);
    int r[2] = {0, EIO};
    ssize_t got = read(p[0], r, sizeof r);
    int st;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {}
    if (pidfd >= 0) close(pidfd);
    close(p[0]);
    if (have_dir) rmdir(dir);
    if (got != (ssize_t)sizeof r) {
        *step = "clone";
        return EIO;
    }
    *step = steps[r[0] >= 0 && r[0] < 5 ? r[0] : 0];
    return r[0] ? r[1] : 0;
}
