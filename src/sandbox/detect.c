/* detect.c: which layers work on this machine, found by trying each one in a throw-away child
 * (the kernel's answer is the truth; sysctls only explain a refusal). Done once per process. */
#include "sbx.h"
#include "../core/coverage.h"
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

static const char *sysctl(const char *path, char *buf, size_t n) {
    if (!sbx_read_file(path, buf, n)) return NULL;
    buf[strcspn(buf, "\n")] = 0;
    return buf;
}

/* Why unprivileged user namespaces are refused, from the switches distributions use. */
static void userns_refusal(int e, char *why, size_t n) {
    char v[32];
    const char *s;
    if ((s = sysctl("/proc/sys/kernel/unprivileged_userns_clone", v, sizeof v)) && strcmp(s, "0") == 0)
        snprintf(why, n, "refused (%s): kernel.unprivileged_userns_clone = 0 (Debian's switch; 1 allows them)",
                 strerror(e));
    else if ((s = sysctl("/proc/sys/kernel/apparmor_restrict_unprivileged_userns", v, sizeof v)) && strcmp(s, "1") == 0)
        snprintf(why, n, "refused (%s): AppArmor restricts unprivileged user namespaces "
                         "(kernel.apparmor_restrict_unprivileged_userns = 1)", strerror(e));
    else if ((s = sysctl("/proc/sys/user/max_user_namespaces", v, sizeof v)) && strcmp(s, "0") == 0)
        snprintf(why, n, "refused (%s): user.max_user_namespaces = 0", strerror(e));
    else if (e == EINVAL)
        snprintf(why, n, "the kernel has no user namespaces (CONFIG_USER_NS)");
    else
        snprintf(why, n, "refused (%s)%s", strerror(e), e == EPERM ? ": a container's seccomp profile or an LSM" : "");
}

static const char *explicit_cgroup;

void sbx_set_cgroup_parent(const char *dir) {
    if (dir) explicit_cgroup = dir;
}

/* Seccomp by doing: install the stdio seat's filter in a child and check that it still runs. */
static int try_seccomp(void) {
    unsigned short len;
    struct sock_filter *prog = sbx_seccomp_program(false, &len);
    pid_t pid = fork();
    if (pid == 0) {
        struct sock_fprog fp = {len, prog};
        if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) _exit(10 + (errno & 0xff) % 100);
        if (prctl(PR_SET_SECCOMP, 2 /* SECCOMP_MODE_FILTER */, &fp, 0, 0) != 0) _exit(110 + (errno & 0xff) % 100);
        coverage_flush(); /* a fork(): its allocator is in order; the filter allows files */
        _exit(getpid() > 0 ? 0 : 1); /* LCOV_EXCL_LINE: runs after the counters were written */
    }
    free(prog);
    int st = 0;
    if (pid < 0) return errno;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {}
    if (WIFEXITED(st) && WEXITSTATUS(st) == 0) return 0;
    return WIFEXITED(st) && WEXITSTATUS(st) >= 110 ? WEXITSTATUS(st) - 110 : EPERM;
}

static const sandbox_probe *sandbox_detect_unlocked(void) {
    static sandbox_probe p;
    static bool done;
    if (done) return &p;
    done = true;
    p.root = geteuid() == 0;
    for (int l = 0; l < SBX_LAYER_COUNT; l++) p.works[l] = true;
    snprintf(p.why[SBX_SESSION], sizeof p.why[0], "setsid(): its own session and process group");
    snprintf(p.why[SBX_FDS], sizeof p.why[0], "close_range(): everything above stderr closed");
    snprintf(p.why[SBX_ENV], sizeof p.why[0], "always available");
    snprintf(p.why[SBX_WORKDIR], sizeof p.why[0], "always available (a folder under %s)",
             getenv("TMPDIR") && *getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    snprintf(p.why[SBX_RLIMITS], sizeof p.why[0], "%s",
             p.root ? "setrlimit(); RLIMIT_NPROC does not bind root's uid: the cgroup's pids limit does that"
                    : "setrlimit(); RLIMIT_NPROC counts the seat's processes inside its user namespace");

    /* namespaces: all at once, else one by one on top of a user namespace (or as root) */
    const char *step;
    unsigned long long all = CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNET | CLONE_NEWNS | CLONE_NEWIPC;
    int e = sbx_probe_namespaces(all, &step);
    if (e == 0) {
        snprintf(p.why[SBX_USER], sizeof p.why[0], "%s", p.root ? "works (root)" : "unprivileged user namespaces work");
        snprintf(p.why[SBX_PID], sizeof p.why[0], "works, with its own /proc");
        snprintf(p.why[SBX_NET], sizeof p.why[0], "works (loopback only)");
        snprintf(p.why[SBX_MOUNT], sizeof p.why[0], "works (private /proc, tmpfs folder and /dev/shm)");
        snprintf(p.why[SBX_IPC], sizeof p.why[0], "works");
    } else {
        int eu = sbx_probe_namespaces(CLONE_NEWUSER, &step);
        p.works[SBX_USER] = eu == 0;
        if (eu == 0) snprintf(p.why[SBX_USER], sizeof p.why[0], "works");
        else userns_refusal(eu, p.why[SBX_USER], sizeof p.why[0]);
        unsigned long long base = eu == 0 ? CLONE_NEWUSER : 0;
        static const struct {
            sandbox_layer l;
            unsigned long long flags;
        } each[] = {{SBX_NET, CLONE_NEWNET}, {SBX_MOUNT, CLONE_NEWNS}, {SBX_PID, CLONE_NEWNS | CLONE_NEWPID},
                    {SBX_IPC, CLONE_NEWIPC}};
        for (size_t i = 0; i < sizeof each / sizeof each[0]; i++) {
            sandbox_layer l = each[i].l;
            if (!base && !p.root) {
                p.works[l] = false;
                snprintf(p.why[l], sizeof p.why[0], "needs a user namespace when not root");
                continue;
            }
            int el = sbx_probe_namespaces(base | each[i].flags, &step);
            p.works[l] = el == 0;
            if (el == 0) snprintf(p.why[l], sizeof p.why[0], "works");
            else snprintf(p.why[l], sizeof p.why[0], "refused at step %s: %s", step, strerror(el));
        }
    }

    snprintf(p.why[SBX_CAPS], sizeof p.why[0], "%s",
             p.root ? "root's capabilities dropped (bounding set, securebits), no_new_privs"
             : p.works[SBX_USER] ? "the user namespace's capabilities dropped (bounding set, securebits), no_new_privs"
                                 : "not root: no capabilities to drop; no_new_privs");

    /* Landlock */
    p.landlock_abi = sbx_landlock_abi();
    if (p.landlock_abi > 0) {
        int a = p.landlock_abi;
        snprintf(p.why[SBX_LANDLOCK], sizeof p.why[0], "ABI %d: files%s%s%s%s", a, a >= 3 ? " (with truncation)" : " (truncate(2) by path not covered before ABI 3)",
                 a >= 4 ? ", TCP bind/connect" : "; no TCP rules before ABI 4 (the network namespace covers it)",
                 a >= 5 ? ", device ioctls" : "",
                 a >= 6 ? ", signal and abstract-socket scoping" : "; no signal scoping before ABI 6 (the pid namespace covers it)");
    } else {
        int le = errno;
        p.works[SBX_LANDLOCK] = false;
        if (le == EOPNOTSUPP)
            snprintf(p.why[SBX_LANDLOCK], sizeof p.why[0], "built into the kernel but not enabled at boot (add landlock to lsm=)");
        else if (le == ENOSYS)
            snprintf(p.why[SBX_LANDLOCK], sizeof p.why[0], "the kernel has no Landlock (needs 5.13+ with CONFIG_SECURITY_LANDLOCK)");
        else
            snprintf(p.why[SBX_LANDLOCK], sizeof p.why[0], "unavailable: %s", strerror(le));
    }

    /* seccomp */
    if (!sbx_seccomp_supported()) {
        p.works[SBX_SECCOMP] = false;
        snprintf(p.why[SBX_SECCOMP], sizeof p.why[0], "%s",
                 sbx_seccomp_arch() ? "the kernel has no seccomp filters (CONFIG_SECCOMP_FILTER)"
                                    : "no system-call table for this architecture (x86_64 and aarch64 only)");
    } else if ((e = try_seccomp()) != 0) {
        p.works[SBX_SECCOMP] = false;
        snprintf(p.why[SBX_SECCOMP], sizeof p.why[0], "installing the filter failed: %s", strerror(e));
    } else {
        unsigned short len;
        struct sock_filter *prog = sbx_seccomp_program(true, &len);
        free(prog);
        snprintf(p.why[SBX_SECCOMP], sizeof p.why[0], "works (%s, %u instructions)",
                 sbx_seccomp_arch() == 0xc000003eu ? "x86_64" : "aarch64", (unsigned)len);
    }

    /* cgroup */
    p.works[SBX_CGROUP] = sbx_cgroup_detect(explicit_cgroup, p.why[SBX_CGROUP], sizeof p.why[0], p.cgroup_kind,
                                            &p.cgroup_pids);
    if (p.works[SBX_CGROUP]) sbx_cgroup_sweep(explicit_cgroup);
    sbx_sweep_folders();
    return &p;
}

/* The public entry points hold the sandbox's lock: its caches are per process, and a tester or
 * tournament with threads must not enter them twice at once. */
const sandbox_probe *sandbox_detect(void) {
    sbx_lock();
    const sandbox_probe *r = sandbox_detect_unlocked();
    sbx_unlock();
    return r;
}
