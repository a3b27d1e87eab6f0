/* layers.c: the named layers (what each stops), the plan of which apply to a seat, and the
 * sequence the child runs between fork and exec, one visible step per layer. */
#include "sbx.h"
#include "../core/log.h"
#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

static const struct {
    const char *name;
    const char *purpose;
} layer_info[SBX_LAYER_COUNT] = {
    [SBX_SESSION] = {"session", "own session and process group, no controlling terminal: no signals from the "
                                "terminal, no /dev/tty, the whole group is killed at the end"},
    [SBX_FDS] = {"fds", "only stdin, stdout and stderr are open: nothing of the referee's or another seat's"},
    [SBX_ENV] = {"env", "a scrubbed environment: PATH, HOME, TMPDIR, LANG and what the seat needs; no secrets "
                        "of the referee's environment"},
    [SBX_WORKDIR] = {"workdir", "a fresh folder per seat per match (HOME, TMPDIR), removed afterwards"},
    [SBX_RLIMITS] = {"rlimits", "CPU seconds, address space, processes, file size, open files, no core dumps"},
    [SBX_USER] = {"user", "a user namespace: root inside, the referee's own user outside, no capabilities on the "
                          "machine"},
    [SBX_PID] = {"pid", "a pid namespace: sees and signals only its own processes; everything dies with it "
                        "(daemons, double forks)"},
    [SBX_NET] = {"net", "a network namespace: no network at all (stdio seats), only its own loopback (tcp seats)"},
    [SBX_MOUNT] = {"mount", "private mounts: a /proc of its own, its folder and /dev/shm are size-limited tmpfs"},
    [SBX_IPC] = {"ipc", "an IPC namespace: no System V IPC or message queues shared with others"},
    [SBX_CAPS] = {"caps", "every capability dropped, no new privileges: setuid programs do not elevate"},
    [SBX_LANDLOCK] = {"landlock", "files: system and bot files read-only, its folder writable, the rest invisible; "
                                  "TCP: bind its port only, connect nowhere; no signals or abstract sockets outside"},
    [SBX_SECCOMP] = {"seccomp", "an allow-list of system calls: no sockets beyond the transport's, no ptrace, "
                                "namespaces, mounts, BPF, io_uring or TIOCSTI"},
    [SBX_CGROUP] = {"cgroup", "memory and process limits for the whole seat; the OOM kill is reported as memory"},
};

const char *sandbox_layer_name(sandbox_layer l) { return (unsigned)l < SBX_LAYER_COUNT ? layer_info[l].name : "?"; }

const char *sandbox_layer_purpose(sandbox_layer l) {
    return (unsigned)l < SBX_LAYER_COUNT ? layer_info[l].purpose : "";
}

int sandbox_layer_parse(const char *name) {
    for (int l = 0; l < SBX_LAYER_COUNT; l++)
        if (strcmp(name, layer_info[l].name) == 0) return l;
    return -1;
}

const char *sandbox_mode_name(sandbox_mode m) {
    return m == SANDBOX_OFF ? "off" : m == SANDBOX_STRICT ? "strict" : "on";
}

bool sandbox_mode_parse(const char *s, sandbox_mode *m) {
    if (strcmp(s, "on") == 0) *m = SANDBOX_ON;
    else if (strcmp(s, "off") == 0) *m = SANDBOX_OFF;
    else if (strcmp(s, "strict") == 0) *m = SANDBOX_STRICT;
    else return false;
    return true;
}

/* Layers that only make sense on top of others. */
static sandbox_layer needs(sandbox_layer l) {
    switch (l) {
    case SBX_PID: return SBX_MOUNT; /* its own /proc, else the machine's shows every process */
    default: return SBX_LAYER_COUNT;
    }
}

bool sandbox_plan(const sandbox_config *c, bool use[SBX_LAYER_COUNT], buf_t *err) {
    sbx_set_cgroup_parent(c->cgroup);
    const sandbox_probe *p = sandbox_detect();
    bool ok = true;
    for (int l = 0; l < SBX_LAYER_COUNT; l++) {
        bool wanted = c->mode != SANDBOX_OFF && !(c->without & (1u << l));
        /* the referee's own needs: never left out, even with the sandbox off */
        if (l == SBX_SESSION || l == SBX_FDS) wanted = true;
        use[l] = wanted && p->works[l];
        if (wanted && !p->works[l] && c->mode == SANDBOX_STRICT) {
            buf_printf(err, "%s--sandbox strict: layer %s does not work here: %s", ok ? "" : "\n", layer_info[l].name,
                       p->why[l]);
            ok = false;
        }
    }
    for (int l = 0; l < SBX_LAYER_COUNT; l++) {
        sandbox_layer need = needs((sandbox_layer)l);
        if (use[l] && need < SBX_LAYER_COUNT && !use[need]) {
            use[l] = false;
            if (c->mode == SANDBOX_STRICT) {
                buf_printf(err, "%s--sandbox strict: layer %s needs layer %s", ok ? "" : "\n", layer_info[l].name,
                           layer_info[need].name);
                ok = false;
            }
        }
    }
    if (!ok)
        buf_printf(err, "\n(`%s doctor` explains each layer; leave one out with --sandbox-without NAME, or "
                        "use --sandbox on to apply what works)", log_program());
    return ok;
}

/* ---------- the child ---------- */

static void close_fds_but(int keep) {
#ifdef SYS_close_range
    if (keep > 3 && syscall(SYS_close_range, 3, keep - 1, 0) != 0) goto slow;
    if (syscall(SYS_close_range, (keep >= 3 ? keep : 2) + 1, ~0U, 0) == 0) return;
slow:;
#endif
    long max = sysconf(_SC_OPEN_MAX);
    for (long fd = 3; fd < (max > 0 ? max : 1024); fd++)
        if (fd != keep) close((int)fd);
}

static void set_limit(int resource, int64_t value, int64_t hard_extra, const char *what) {
    if (value < 0) return;
    struct rlimit cur, want = {(rlim_t)value, (rlim_t)(value + hard_extra)};
    if (getrlimit(resource, &cur) == 0 && cur.rlim_max != RLIM_INFINITY) {
        /* a limit above the hard one we inherited cannot be set: keep the lower one */
        if (want.rlim_max > cur.rlim_max) want.rlim_max = cur.rlim_max;
        if (want.rlim_cur > want.rlim_max) want.rlim_cur = want.rlim_max;
    }
    if (setrlimit(resource, &want) == 0) return;
    /* Some environments (valgrind) let a process lower only its soft descriptor limit; for
     * descriptors that is enough (raising it again buys a bot nothing but descriptors). */
    if (resource == RLIMIT_NOFILE && getrlimit(resource, &cur) == 0) {
        want.rlim_max = cur.rlim_max;
        if (setrlimit(resource, &want) == 0) return;
    }
    sbx_child_fail("rlimits", what);
}

static void apply_rlimits(const sandbox_seat *b) {
    const sandbox_limits *l = &b->lim;
    /* CPU: SIGXCPU at the limit, SIGKILL a second later */
    set_limit(RLIMIT_CPU, l->cpu_s, 1, "RLIMIT_CPU");
    set_limit(RLIMIT_AS, l->as_mb > 0 ? l->as_mb * 1048576LL : -1, 0, "RLIMIT_AS");
    set_limit(RLIMIT_FSIZE, l->fsize_mb > 0 ? l->fsize_mb * 1048576LL : -1, 0, "RLIMIT_FSIZE");
    set_limit(RLIMIT_NOFILE, l->nofile, 0, "RLIMIT_NOFILE");
    set_limit(RLIMIT_CORE, 0, 0, "RLIMIT_CORE");
    /* RLIMIT_NPROC counts every process of the user on the machine, except inside a user
     * namespace of our own, where it counts the seat's (and where root is not exempt). */
    if (b->use[SBX_USER]) set_limit(RLIMIT_NPROC, l->procs, 0, "RLIMIT_NPROC");
}

/* Root (real, or in the user namespace) keeps no capability: the bounding set and the ambient set
 * are emptied, the securebits stop exec from granting root's capabilities again, and the
 * permitted set goes to zero. A process without capabilities only has nothing to drop. */
static void drop_capabilities(void) {
    prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
    struct __user_cap_header_struct h = {_LINUX_CAPABILITY_VERSION_3, 0};
    struct __user_cap_data_struct d[2];
    memset(d, 0, sizeof d);
    if (syscall(SYS_capget, &h, d) == 0 && (d[0].permitted || d[1].permitted)) {
        for (int cap = 0; cap < 64; cap++)
            if (prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0 && errno != EINVAL) sbx_child_fail("caps", "drop the bounding set");
        /* SECBIT_NOROOT(_LOCKED), NO_SETUID_FIXUP(_LOCKED), KEEP_CAPS_LOCKED, NO_CAP_AMBIENT_RAISE(_LOCKED) */
        if (prctl(PR_SET_SECUREBITS, 0x01 | 0x02 | 0x04 | 0x08 | 0x20 | 0x40 | 0x80, 0, 0, 0) != 0)
            sbx_child_fail("caps", "set the securebits");
        memset(d, 0, sizeof d);
        if (syscall(SYS_capset, &h, d) != 0) sbx_child_fail("caps", "clear the capabilities");
    }
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) sbx_child_fail("caps", "no_new_privs");
}


void sandbox_child_exec(sandbox_seat *b) {
    sbx_child_coverage(b->flush_coverage);
    /* The whole seat joins its cgroup first, so every later process is counted. */
    if (b->use[SBX_CGROUP]) sbx_cgroup_child_join(&b->cg);
    /* If the referee dies, the seat dies with it. */
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    sbx_child_namespaces(b); /* user, net, mount (ipc needs nothing more) */
    if (b->use[SBX_PID]) sbx_child_init(b); /* returns in the bot (pid 2); init stays behind */
    /* From here on: the bot's own process. */
    close_fds_but(b->ruleset_fd);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    signal(SIGPIPE, SIG_DFL);
    if (b->workdir && chdir(b->workdir) != 0) sbx_child_fail("workdir", b->workdir);
    if (b->use[SBX_RLIMITS]) apply_rlimits(b);
    if (b->use[SBX_CAPS]) drop_capabilities();
    else if (b->use[SBX_LANDLOCK] || b->use[SBX_SECCOMP]) {
        if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) sbx_child_fail("caps", "no_new_privs");
    }
    if (b->use[SBX_LANDLOCK]) sbx_landlock_child(b);
    if (b->use[SBX_SECCOMP]) sbx_seccomp_child(b); /* last: nothing after it but exec */
    sbx_child_coverage_flush(); /* a gcov build's counters (under Landlock, written before it) */
    execve(b->prog, b->argv, b->envp);
    sbx_child_fail("exec", b->prog);
}
