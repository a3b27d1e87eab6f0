/* test_sandbox_refusals.c: the sandbox on a machine that refuses. Each refusal a kernel can give
 * (an older kernel without clone3, close_range, pidfds, Landlock or seccomp filters; a container's
 * seccomp profile or an LSM refusing namespaces, mounts or a capability change; a full machine
 * refusing a fork) is made here by a seccomp filter of the test's own, in a child process that
 * then plays a fresh referee (nothing detected, no seat made yet), and the test checks what the
 * sandbox makes of it: doctor's reason for a layer that does not work, the error that stops a
 * seat from being prepared, the "arena sandbox: LAYER: STEP failed" line and exit status 127 of a
 * seat whose child cannot set a layer up, or a seat that still runs with its layers in force by
 * another way (clone for clone3, descriptors closed one by one, namespaces named by /proc). */
#include "t.h"
#include "sbx_seat_fixture.h"
#include "../../src/match/proc.h"
#include "../../src/sandbox/sbx.h"
#include <fcntl.h>
#include <linux/seccomp.h>
#include <linux/sockios.h>
#include <sched.h>
#include <signal.h>
#include <stddef.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>

static char exe[4096]; /* this program, absolute */

/* ---------- a kernel that refuses ---------- */

/* System call nr fails with err when each condition holds: argument `arg`'s low 32 bits equal
 * `val` (or, with any_bit, share a bit with it). nr -1 ends a list. */
typedef struct {
    int arg; /* -1: no condition */
    unsigned val;
    bool any_bit;
} cond;
typedef struct {
    int nr;
    cond c[2];
    int err;
} refusal;
#define NOC {-1, 0, false}
#define R0(nr, err) {(nr), {NOC, NOC}, (err)}
#define R1(nr, a, v, err) {(nr), {{(a), (v), false}, NOC}, (err)}
#define R2(nr, a, v, b, w, err) {(nr), {{(a), (v), false}, {(b), (w), false}}, (err)}
#define REND {-1, {NOC, NOC}, 0}
#define NS_FLAGS (CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNET | CLONE_NEWNS | CLONE_NEWIPC)
#ifdef SYS_mkdir
#define MKDIR_REFUSED R0(SYS_mkdir, EACCES), R0(SYS_mkdirat, EACCES)
#else
#define MKDIR_REFUSED R0(SYS_mkdirat, EACCES), R0(SYS_mkdirat, EACCES)
#endif
#define GLIBC_FORK 0x01200011u /* CLONE_CHILD_SETTID | CLONE_CHILD_CLEARTID | SIGCHLD: fork()'s clone */

/* Installs the refusals in this process (and whatever it starts from now on). */
static bool refuse(const refusal *r) {
    struct sock_filter f[256];
    unsigned short n = 0;
#define EMIT(code, k, jt, jf) (f[n++] = (struct sock_filter){(code), (jt), (jf), (k)})
#define LD(off) EMIT(BPF_LD | BPF_W | BPF_ABS, (unsigned)(off), 0, 0)
    LD(offsetof(struct seccomp_data, nr));
    for (; r->nr >= 0 && n < 240; r++) {
        /* nr == ? then each condition, else on to the next rule (with nr loaded again) */
        int k = (r->c[0].arg >= 0) + (r->c[1].arg >= 0);
        EMIT(BPF_JMP | BPF_JEQ | BPF_K, (unsigned)r->nr, 0, (unsigned char)(2 * k + 2));
        for (int i = 0; i < k; i++) {
            LD(offsetof(struct seccomp_data, args[r->c[i].arg]));
            EMIT(BPF_JMP | (r->c[i].any_bit ? BPF_JSET : BPF_JEQ) | BPF_K, r->c[i].val, 0, (unsigned char)(2 * k - 2 * i - 1));
        }
        EMIT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (unsigned)r->err, 0, 0);
        LD(offsetof(struct seccomp_data, nr));
    }
    EMIT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW, 0, 0);
#undef LD
#undef EMIT
    struct sock_fprog prog = {n, f};
    return prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0 && prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog, 0, 0) == 0;
}

/* Runs fn(arg) in a child process, a fresh referee; what it prints comes back in out. */
static void in_child(void (*fn)(const void *), const void *arg, buf_t *out) {
    int p[2];
    if (pipe2(p, O_CLOEXEC) != 0) return;
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(p[1], 1);
        fn(arg);
        fflush(stdout);
        exit(0); /* not _exit: a gcov build writes what the child ran */
    }
    close(p[1]);
    if (pid > 0) fixture_read_all(p[0], out);
    close(p[0]);
    int st;
    if (pid > 0) waitpid(pid, &st, 0);
}

/* Runs a case's fn in a child (in_child) into out: false (and says so) when the child skipped it. */
static bool case_ran(void (*fn)(const void *), const void *k, const char *name, buf_t *out) {
    in_child(fn, k, out);
    if (strncmp(buf_cstr(out), "skip:", 5) != 0) return true;
    printf("# skipped (not counted): case \"%s\": %s", name, buf_cstr(out) + 6);
    return false;
}

/* Checks that what a child printed holds `want`; shows it when not. */
static void expect_in(buf_t *out, const char *what, const char *want) {
    bool found = strstr(buf_cstr(out), want) != NULL;
    if (!found && !t_failed_now) printf("# %s: expected \"%s\" in:\n%s", what, want, buf_cstr(out));
    CHECK(found);
}

/* Runs fn(arg) in a child and checks that it printed `want`. */
static void expect_child(void (*fn)(const void *), const void *arg, const char *name, const char *want) {
    buf_t out;
    buf_init(&out);
    in_child(fn, arg, &out);
    expect_in(&out, name, want);
    buf_free(&out);
}

/* Runs each of n cases (structs of `size` bytes that start with their name, their expected text
 * at `want_at`) in a child with fn, and checks that it printed `always` (if any) and its text. */
static void check_cases(void (*fn)(const void *), const void *cases, size_t n, size_t size, size_t want_at,
                        const char *always) {
    for (size_t i = 0; i < n; i++) {
        const char *k = (const char *)cases + i * size, *name = *(const char *const *)k;
        buf_t out;
        buf_init(&out);
        if (case_ran(fn, k, name, &out)) {
            if (always) expect_in(&out, name, always);
            expect_in(&out, name, *(const char *const *)(k + want_at));
        }
        buf_free(&out);
    }
}

/* In a child: starts argv in seat b (the refusals r, if any, installed first: the seat's
 * preparation is done, its child inherits them) and prints how it ended and what it wrote:
 * "exit N" or "signal N", then "stderr: ..." and "stdout: ...". */
static void run_seat(sandbox_seat *b, const refusal *r, const char *const *argv) {
    if (r && !refuse(r)) {
        printf("cannot install the refusals: %s\n", strerror(errno));
        return;
    }
    proc_opts o = {.argv = argv, .sandbox = b};
    proc_t p;
    if (!proc_spawn(&o, &p)) {
        printf("spawn refused: %s\n", strerror(errno));
        return;
    }
    proc_close_stdin(&p);
    buf_t out, err;
    buf_init(&out);
    buf_init(&err);
    fixture_read_all(p.out_fd, &out);
    fixture_read_all(p.err_fd, &err);
    if (!proc_wait_exit(&p, 20000)) proc_kill(&p);
    int st = p.wait_status;
    printf("%s %d\nstderr: %sstdout: %s\n", WIFEXITED(st) ? "exit" : "signal", WIFEXITED(st) ? WEXITSTATUS(st) : WTERMSIG(st),
           buf_cstr(&err), buf_cstr(&out));
    proc_close(&p);
    sandbox_seat_finish(b);
    buf_free(&out);
    buf_free(&err);
}

/* In a child: argv started in a seat with every layer that works (a tcp one on port 4242); the
 * seat, or NULL when it could not start (and why, printed). */
static sandbox_seat *start_seat(const char *const *argv, bool tcp, proc_t *p) {
    sandbox_seat *b = fixture_seat(NULL, argv, tcp, tcp ? 4242 : 0);
    if (!b) return NULL;
    proc_opts o = {.argv = argv, .sandbox = b};
    if (proc_spawn(&o, p)) return b;
    printf("spawn refused: %s\n", strerror(errno));
    sandbox_seat_free(b);
    return NULL;
}

/* ---------- detection: doctor's reasons ---------- */

typedef struct {
    const char *name;
    refusal r[4];
    bool nobody;        /* detect as an unprivileged user (euid and uid 65534) */
    const char *sysctl; /* "FILE=VALUE": a sysctl as a private mount shows it */
    sandbox_layer layer;
    bool works;
    const char *why; /* in doctor's reason for the layer */
    const char *cgroup; /* --cgroup DIR */
    int view;           /* the cgroup file systems as this process sees them: one of VIEW_* */
} detect_case;

enum {
    VIEW_ALL,          /* as they are */
    VIEW_CONTAINER,    /* our memory cgroup as the v1 hierarchy's root, as in a container */
    VIEW_NO_V2,        /* no cgroup v2 mount */
    VIEW_NO_CGROUP,    /* no cgroup v2 mount, no v1 memory hierarchy */
    VIEW_V2_MEMORY,    /* a v2 root that says it has memory for its children (a file over it) */
    VIEW_V2_CONTROLLER, /* a v2 root that says it has the memory controller, but not for children */
    VIEW_V2_NESTED,     /* the same, with this process two cgroups below the v2 root */
    VIEW_NO_V1          /* no v1 memory hierarchy: our cgroup is the v2 one */
};
#define V2_ROOT "/sys/fs/cgroup/unified"

static char fake_cgroup[64]; /* a folder that looks like a cgroup v2 one with memory, but is not */

/* Shows `value` at /proc/sys/`file` to this process only (a tmpfs over its folder, in a mount
 * namespace of its own), as a distribution's switch would be set. */
static bool fake_sysctl(const char *file_value) {
    char file[256], dir[300], path[300];
    snprintf(file, sizeof file, "%s", file_value);
    char *eq = strchr(file, '=');
    if (!eq) return false;
    *eq = 0;
    snprintf(path, sizeof path, "/proc/sys/%s", file);
    snprintf(dir, sizeof dir, "%s", path);
    *strrchr(dir, '/') = 0;
    if (unshare(CLONE_NEWNS) != 0 || mount("none", "/", "none", MS_REC | MS_PRIVATE, NULL) != 0 ||
        mount("tmpfs", dir, "tmpfs", 0, "size=64k") != 0)
        return false;
    FILE *f = fopen(path, "w");
    if (!f) return false;
    fprintf(f, "%s\n", eq + 1);
    return fclose(f) == 0;
}

/* A file of `text` bind-mounted over `path` (in our mount namespace). */
static bool file_over(const char *path, const char *text) {
    char tmp[] = "/tmp/arena-unit-over-XXXXXX";
    int fd = mkstemp(tmp);
    if (fd < 0) return false;
    bool ok = write(fd, text, strlen(text)) == (ssize_t)strlen(text) && mount(tmp, path, NULL, MS_BIND, NULL) == 0;
    close(fd);
    unlink(tmp);
    return ok;
}

/* The v2 cgroups this process moves into for VIEW_V2_NESTED (the test's process removes them). */
static void nested_names(pid_t test, char *outer, char *inner, size_t n) {
    snprintf(outer, n, V2_ROOT "/arena-unit-%d", (int)test);
    snprintf(inner, n, "%.100s/inner", outer);
}

static bool nested_v2_cgroup(void) {
    char outer[160], inner[160], procs[200];
    nested_names(getppid(), outer, inner, sizeof outer);
    snprintf(procs, sizeof procs, "%s/cgroup.procs", inner);
    return (mkdir(outer, 0755) == 0 || errno == EEXIST) && (mkdir(inner, 0755) == 0 || errno == EEXIST) &&
           sbx_write_file(procs, "0");
}

/* Makes the cgroup file systems look as `view` says, in a mount namespace of this process's own
 * (a container's: /proc/self/mountinfo names our own memory cgroup as the mount's root). */
static bool cgroup_view(int view) {
    char mem[4096], pids[4096];
    if (view == VIEW_ALL) return true;
    sbx_cgroup_own(mem, pids, sizeof mem);
    if (strncmp(mem, "/sys/fs/cgroup/memory/", 22) != 0 || access(V2_ROOT "/cgroup.controllers", F_OK) != 0) {
        printf("skip: not this VM's cgroups (v1 memory, v2 at " V2_ROOT "): %s\n", mem);
        return false;
    }
    bool ok = unshare(CLONE_NEWNS) == 0 && mount("none", "/", "none", MS_REC | MS_PRIVATE, NULL) == 0;
    char held[] = "/tmp/arena-unit-held-XXXXXX"; /* our cgroup, held while the hierarchy goes */
    if (ok && view == VIEW_CONTAINER)
        ok = mkdtemp(held) && mount(mem, held, NULL, MS_BIND, NULL) == 0 &&
             umount2("/sys/fs/cgroup/memory", MNT_DETACH) == 0 && mount(held, "/sys/fs/cgroup/memory", NULL, MS_MOVE, NULL) == 0 &&
             rmdir(held) == 0;
    if (ok && (view == VIEW_NO_V2 || view == VIEW_NO_CGROUP)) ok = umount2(V2_ROOT, MNT_DETACH) == 0;
    if (ok && view == VIEW_NO_CGROUP) ok = umount2("/sys/fs/cgroup/memory", MNT_DETACH) == 0;
    if (ok && view == VIEW_NO_V1) ok = umount2("/sys/fs/cgroup/memory", MNT_DETACH) == 0;
    if (ok && view == VIEW_V2_NESTED) ok = nested_v2_cgroup();
    if (ok && (view == VIEW_V2_MEMORY || view == VIEW_V2_CONTROLLER || view == VIEW_V2_NESTED))
        ok = file_over(V2_ROOT "/cgroup.controllers", "memory pids\n");
    if (ok && view == VIEW_V2_MEMORY) ok = file_over(V2_ROOT "/cgroup.subtree_control", "memory\n");
    if (!ok) printf("cannot change the view of the cgroups: %s\n", strerror(errno));
    return ok;
}

static void detect_in_child(const void *arg) {
    const detect_case *k = arg;
    if (!cgroup_view(k->view)) return;
    char mem[4096], pids[4096];
    sbx_cgroup_own(mem, pids, sizeof mem);
    printf("own cgroups: %s %s\n", mem, pids);
    sbx_set_cgroup_parent(k->cgroup);
    if (k->sysctl && !fake_sysctl(k->sysctl)) {
        printf("cannot fake the sysctl: %s\n", strerror(errno));
        return;
    }
    /* the saved ids stay root's, so that the counters of a gcov build can be written at exit */
    if (k->nobody && (setresgid(65534, 65534, 0) != 0 || setresuid(65534, 65534, 0) != 0)) {
        printf("cannot become nobody: %s\n", strerror(errno));
        return;
    }
    if (!refuse(k->r)) {
        printf("cannot install the refusals: %s\n", strerror(errno));
        return;
    }
    const sandbox_probe *p = sandbox_detect();
    for (int l = 0; l < SBX_LAYER_COUNT; l++)
        printf("%s %s: %s\n", sandbox_layer_name((sandbox_layer)l), p->works[l] ? "works" : "fails", p->why[l]);
    /* strict mode names every layer that does not work, on its own line */
    sandbox_config c;
    memset(&c, 0, sizeof c);
    c.mode = SANDBOX_STRICT;
    bool use[SBX_LAYER_COUNT];
    buf_t err;
    buf_init(&err);
    bool planned = sandbox_plan(&c, use, &err);
    printf("strict: %s\n%s\n", planned ? "planned" : "refused", buf_cstr(&err));
    buf_free(&err);
    if (k->nobody && (setresuid(0, 0, 0) != 0 || setresgid(0, 0, 0) != 0)) printf("cannot be root again\n");
}

TEST(a_layer_the_kernel_refuses_is_reported_with_the_reason) {
    static const detect_case cases[] = {
        {"namespaces refused (a container's seccomp profile)",
         {R0(SYS_clone3, ENOSYS), {SYS_clone, {{0, NS_FLAGS, true}, NOC}, EPERM}, REND},
         false, NULL, SBX_USER, false, "refused (Operation not permitted): a container's seccomp profile or an LSM", NULL, VIEW_ALL},
        {"namespaces refused: the others, as root",
         {R0(SYS_clone3, ENOSYS), {SYS_clone, {{0, NS_FLAGS, true}, NOC}, EPERM}, REND},
         false, NULL, SBX_NET, false, "refused at step clone: Operation not permitted", NULL, VIEW_ALL},
        {"namespaces refused: as a user, nothing without a user namespace",
         {R0(SYS_clone3, ENOSYS), {SYS_clone, {{0, NS_FLAGS, true}, NOC}, EPERM}, REND},
         true, NULL, SBX_PID, false, "needs a user namespace when not root", NULL, VIEW_ALL},
        {"as a user without a user namespace: no capabilities to drop",
         {R0(SYS_clone3, ENOSYS), {SYS_clone, {{0, NS_FLAGS, true}, NOC}, EPERM}, REND},
         true, NULL, SBX_CAPS, true, "not root: no capabilities to drop", NULL, VIEW_ALL},
        {"as a user, the cgroup v1 hierarchy is root's",
         {REND}, true, NULL, SBX_CGROUP, false, "is not writable (needs root)", NULL, VIEW_ALL},
        {"a kernel without user namespaces",
         {R0(SYS_clone3, ENOSYS), {SYS_clone, {{0, CLONE_NEWUSER, true}, NOC}, EINVAL}, REND},
         false, NULL, SBX_USER, false, "the kernel has no user namespaces (CONFIG_USER_NS)", NULL, VIEW_ALL},
        {"Debian's switch",
         {R0(SYS_clone3, ENOSYS), {SYS_clone, {{0, CLONE_NEWUSER, true}, NOC}, EPERM}, REND},
         false, "kernel/unprivileged_userns_clone=0", SBX_USER, false, "kernel.unprivileged_userns_clone = 0", NULL, VIEW_ALL},
        {"Ubuntu's AppArmor switch",
         {R0(SYS_clone3, ENOSYS), {SYS_clone, {{0, CLONE_NEWUSER, true}, NOC}, EACCES}, REND},
         false, "kernel/apparmor_restrict_unprivileged_userns=1", SBX_USER, false,
         "refused (Permission denied): AppArmor restricts unprivileged user namespaces", NULL, VIEW_ALL},
        {"no user namespaces allowed",
         {R0(SYS_clone3, ENOSYS), {SYS_clone, {{0, CLONE_NEWUSER, true}, NOC}, ENOSPC}, REND},
         false, "user/max_user_namespaces=0", SBX_USER, false, "user.max_user_namespaces = 0", NULL, VIEW_ALL},
        {"no fork inside a pid namespace",
         {R1(SYS_clone, 0, GLIBC_FORK, EAGAIN), REND},
         false, NULL, SBX_PID, false, "refused at step pid: Resource temporarily unavailable", NULL, VIEW_ALL},
        {"no mount of /proc",
         {R1(SYS_mount, 3, MS_NOSUID | MS_NODEV | MS_NOEXEC, EPERM), REND},
         false, NULL, SBX_PID, false, "refused at step mount: Operation not permitted", NULL, VIEW_ALL},
        {"a kernel without Landlock", {R0(SYS_landlock_create_ruleset, ENOSYS), REND},
         false, NULL, SBX_LANDLOCK, false, "the kernel has no Landlock", NULL, VIEW_ALL},
        {"Landlock not enabled at boot", {R0(SYS_landlock_create_ruleset, EOPNOTSUPP), REND},
         false, NULL, SBX_LANDLOCK, false, "not enabled at boot (add landlock to lsm=)", NULL, VIEW_ALL},
        {"Landlock refused otherwise", {R0(SYS_landlock_create_ruleset, EPERM), REND},
         false, NULL, SBX_LANDLOCK, false, "unavailable: Operation not permitted", NULL, VIEW_ALL},
        {"a kernel without seccomp filters", {R1(SYS_prctl, 0, PR_GET_SECCOMP, EINVAL), REND},
         false, NULL, SBX_SECCOMP, false, "the kernel has no seccomp filters (CONFIG_SECCOMP_FILTER)", NULL, VIEW_ALL},
        {"a filter refused", {R1(SYS_prctl, 0, PR_SET_SECCOMP, EACCES), REND},
         false, NULL, SBX_SECCOMP, false, "installing the filter failed: Permission denied", NULL, VIEW_ALL},
        {"no fork for the filter's trial", {R1(SYS_clone, 0, GLIBC_FORK, EAGAIN), REND},
         false, NULL, SBX_SECCOMP, false, "installing the filter failed: Resource temporarily unavailable", NULL, VIEW_ALL},
        {"--cgroup a folder that is not a cgroup", {REND}, false, NULL, SBX_CGROUP, false,
         "cannot set memory.max in /tmp/arena-unit-cgroup-", fake_cgroup, VIEW_ALL},
        {"--cgroup where no cgroup can be made", {MKDIR_REFUSED, REND}, false, NULL, SBX_CGROUP, false,
         "cannot create a cgroup in /tmp/arena-unit-cgroup-", fake_cgroup, VIEW_ALL},
        {"--cgroup not ours", {REND}, true, NULL, SBX_CGROUP, false, ": not writable", fake_cgroup, VIEW_ALL},
        {"no memory limit in the v1 hierarchy", {R1(SYS_openat, 2, O_WRONLY | O_CLOEXEC, EACCES), REND}, false, NULL,
         SBX_CGROUP, false, "v1: cannot set memory.limit_in_bytes in ", NULL, VIEW_ALL},
        /* the pids trial writes "64": two bytes */
        {"no pids limit in the v1 hierarchy", {R1(SYS_write, 2, 2, EACCES), REND}, false, NULL, SBX_CGROUP, true,
         "; no pids (", NULL, VIEW_ALL},
        {"in a container", {REND}, false, NULL, SBX_CGROUP, true, "cgroup v1 memory under /sys/fs/cgroup/memory, pids under",
         NULL, VIEW_CONTAINER},
        {"no cgroup v2", {REND}, false, NULL, SBX_CGROUP, true, "(no cgroup v2 mount)", NULL, VIEW_NO_V2},
        {"no cgroup at all", {REND}, false, NULL, SBX_CGROUP, false,
         "no cgroup v2 mount; no cgroup v1 memory hierarchy either", NULL, VIEW_NO_CGROUP},
        {"a v2 memory controller that is not", {REND}, false, NULL, SBX_CGROUP, true,
         "(cannot set memory.max in " V2_ROOT ": No such file or directory)", NULL, VIEW_V2_MEMORY},
        {"a v2 memory controller not given to children", {REND}, false, NULL, SBX_CGROUP, true,
         "(no cgroup v2 ancestor of " V2_ROOT " is writable with memory in its subtree_control", NULL, VIEW_V2_CONTROLLER},
        {"a v2 memory controller not given to children, from below", {REND}, false, NULL, SBX_CGROUP, true,
         "(no cgroup v2 ancestor of " V2_ROOT "/arena-unit-", NULL, VIEW_V2_NESTED},
        {"our own cgroup, found under v2", {REND}, false, NULL, SBX_CGROUP, false,
         "own cgroups: " V2_ROOT " " V2_ROOT "\n", NULL, VIEW_NO_V1},
    };
    char fake[] = "/tmp/arena-unit-cgroup-XXXXXX", f[128];
    CHECK(mkdtemp(fake) != NULL);
    chmod(fake, 0755);
    snprintf(fake_cgroup, sizeof fake_cgroup, "%s", fake);
    static const char *const files[][2] = {{"cgroup.subtree_control", "memory pids\n"}, {"cgroup.procs", ""}};
    for (int i = 0; i < 2; i++) {
        snprintf(f, sizeof f, "%s/%s", fake, files[i][0]);
        FILE *fp = fopen(f, "w");
        CHECK(fp && fputs(files[i][1], fp) >= 0 && fclose(fp) == 0);
    }
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const detect_case *k = &cases[i];
        if ((k->nobody || k->sysctl || k->view) && geteuid() != 0) {
            printf("# skipped (not counted): case \"%s\": needs root (to become nobody, or to mount)\n", k->name);
            continue;
        }
        if (strstr(k->name, "v1") && access("/sys/fs/cgroup/memory/cgroup.procs", F_OK) != 0) {
            printf("# skipped (not counted): case \"%s\": no cgroup v1 memory hierarchy here\n", k->name);
            continue;
        }
        buf_t out;
        buf_init(&out);
        if (!case_ran(detect_in_child, k, k->name, &out)) {
            buf_free(&out);
            continue;
        }
        char want[400];
        snprintf(want, sizeof want, "%s %s: ", sandbox_layer_name(k->layer), k->works ? "works" : "fails");
        expect_in(&out, k->name, want);
        expect_in(&out, k->name, k->why);
        /* strict mode refuses to start for a layer that does not work, and says why */
        if (!k->works) {
            snprintf(want, sizeof want, "--sandbox strict: layer %s does not work here: ", sandbox_layer_name(k->layer));
            expect_in(&out, k->name, want);
        }
        buf_free(&out);
    }
    for (int i = 0; i < 2; i++) {
        snprintf(f, sizeof f, "%s/%s", fake, files[i][0]);
        unlink(f);
    }
    rmdir(fake);
    char outer[160], inner[160];
    nested_names(getpid(), outer, inner, sizeof outer);
    rmdir(inner);
    rmdir(outer);
}

/* ---------- preparing a seat: the error that stops it ---------- */

typedef struct {
    const char *name;
    refusal r[3];
    unsigned without;
    bool tcp;
    const char *want; /* in the error */
} prepare_case;

static void prepare_in_child(const void *arg) {
    const prepare_case *k = arg;
    sandbox_detect(); /* what works was found before the refusals */
    if (k->tcp && sandbox_detect()->landlock_abi < 4) {
        printf("skip: no Landlock TCP rules here (ABI %d)\n", sandbox_detect()->landlock_abi);
        return;
    }
    if (!refuse(k->r)) {
        printf("cannot install the refusals: %s\n", strerror(errno));
        return;
    }
    sandbox_config c;
    memset(&c, 0, sizeof c);
    c.without = k->without;
    const char *argv[] = {"/bin/true", NULL};
    sandbox_seat_spec spec = {.seat = 0, .tcp = k->tcp, .port = k->tcp ? 4242 : 0, .argv = argv};
    sandbox_limits lim;
    memset(&lim, 0, sizeof lim);
    buf_t err;
    buf_init(&err);
    sandbox_seat *b = sandbox_seat_new(&c, &lim, SBX_WORKDIR_TEMP, &spec, &err);
    printf("%s: %s\n", b ? "prepared" : "refused", buf_cstr(&err));
    sandbox_seat_free(b);
    buf_free(&err);
}

TEST(a_seat_whose_layer_cannot_be_prepared_is_refused_with_the_reason) {
    static const prepare_case cases[] = {
        {"Landlock gone since detection", {R0(SYS_landlock_create_ruleset, ENOSYS), REND}, 0, false,
         "refused: landlock: not available: Function not implemented"},
        {"no Landlock ruleset", {R1(SYS_landlock_create_ruleset, 2, 0, ENOMEM), REND}, 0, false,
         "refused: landlock: cannot create a ruleset: Cannot allocate memory"},
        {"no Landlock rule", {R1(SYS_landlock_add_rule, 1, 1, EBADF), REND}, 0, false,
         "refused: landlock: cannot add a rule for /usr: Bad file descriptor"},
        {"no Landlock port rule", {R1(SYS_landlock_add_rule, 1, 2, EINVAL), REND}, 0, true,
         "refused: landlock: cannot add a rule for the tcp port: Invalid argument"},
        {"no folder for the seat", {MKDIR_REFUSED, REND}, 0, false, "refused: workdir: cannot create a folder under "},
        /* the cgroup is made after the folder */
        {"no seat cgroup", {MKDIR_REFUSED, REND}, 1u << SBX_WORKDIR, false, "refused: cgroup: cannot create "},
        {"no memory limit", {R1(SYS_openat, 2, O_WRONLY | O_CLOEXEC, EACCES), REND}, 0, false,
         "refused: cgroup: cannot set memory.limit_in_bytes in "},
    };
    check_cases(prepare_in_child, cases, sizeof cases / sizeof cases[0], sizeof cases[0], offsetof(prepare_case, want),
                NULL);
}

/* ---------- a seat's child that cannot set a layer up ---------- */

typedef struct {
    const char *name;
    refusal r[3];
    unsigned without;
    bool tcp;
    sandbox_layer needs; /* skipped where this layer does not work */
    const char *want;    /* in the seat's stderr */
} child_case;

static void child_in_child(const void *arg) {
    const child_case *k = arg;
    if (!sandbox_detect()->works[k->needs]) {
        printf("skip: layer %s does not work here\n", sandbox_layer_name(k->needs));
        return;
    }
    sandbox_config c;
    memset(&c, 0, sizeof c);
    c.without = k->without;
    bool bad_program = strstr(k->want, "exec:") != NULL;
    const char *argv[] = {bad_program ? "/nonexistent/arena-unit-bot" : "/bin/true", NULL};
    sandbox_seat *b = fixture_seat(&c, argv, k->tcp, k->tcp ? 4242 : 0);
    if (!b) return;
    /* the seat's cgroup join: its descriptor, known only now */
    refusal r[3];
    memcpy(r, k->r, sizeof r);
    if (r[0].nr == SYS_write) r[0].c[0].val = (unsigned)b->cg.procs_fd[0];
    run_seat(b, r, argv);
    sandbox_seat_free(b);
}

TEST(a_layer_the_seat_cannot_set_up_stops_it_with_a_message) {
    enum { no_ll = 1u << SBX_LANDLOCK };
    static const child_case cases[] = {
        /* a one-byte write to the seat's cgroup.procs (its descriptor is filled in below) */
        {"cgroup join", {R2(SYS_write, 0, 0, 2, 1, EACCES), REND}, 0, false, SBX_CGROUP,
         "arena sandbox: cgroup: join the seat's cgroup failed: Permission denied"},
        {"uid map", {R1(SYS_openat, 2, O_WRONLY | O_CLOEXEC, EACCES), REND}, 1u << SBX_CGROUP, false, SBX_USER,
         "arena sandbox: user: uid_map failed: Permission denied"},
        {"loopback", {R1(SYS_ioctl, 1, SIOCSIFFLAGS, EPERM), REND}, 0, true, SBX_NET,
         "arena sandbox: net: loopback up failed: Operation not permitted"},
        {"private /proc", {R1(SYS_mount, 3, MS_NOSUID | MS_NODEV | MS_NOEXEC, EPERM), REND}, 0, false, SBX_PID,
         "arena sandbox: mount: mount /proc failed: Operation not permitted"},
        {"tmpfs folder", {R1(SYS_mount, 3, MS_NOSUID | MS_NODEV, ENOMEM), REND}, 0, false, SBX_MOUNT,
         "arena sandbox: mount: mount tmpfs on the seat folder failed: Cannot allocate memory"},
        {"the bot's fork in its pid namespace", {R1(SYS_clone, 0, SIGCHLD, EAGAIN), REND}, 0, false, SBX_PID,
         "arena sandbox: pid: fork the bot failed: Resource temporarily unavailable"},
        {"its folder", {R0(SYS_chdir, ENOENT), REND}, 0, false, SBX_WORKDIR,
         "arena sandbox: workdir: /"},
        {"a descriptor limit", {R2(SYS_prlimit64, 1, RLIMIT_NOFILE, 3, 0, EPERM), REND}, 0, false, SBX_RLIMITS,
         "arena sandbox: rlimits: RLIMIT_NOFILE failed: Operation not permitted"},
        {"the bounding set", {R1(SYS_prctl, 0, PR_CAPBSET_DROP, EPERM), REND}, 0, false, SBX_CAPS,
         "arena sandbox: caps: drop the bounding set failed: Operation not permitted"},
        {"the securebits", {R1(SYS_prctl, 0, PR_SET_SECUREBITS, EPERM), REND}, 0, false, SBX_CAPS,
         "arena sandbox: caps: set the securebits failed: Operation not permitted"},
        {"the capabilities", {R0(SYS_capset, EPERM), REND}, 0, false, SBX_CAPS,
         "arena sandbox: caps: clear the capabilities failed: Operation not permitted"},
        {"no_new_privs", {R1(SYS_prctl, 0, PR_SET_NO_NEW_PRIVS, EINVAL), REND}, 0, false, SBX_CAPS,
         "arena sandbox: caps: no_new_privs failed: Invalid argument"},
        {"no_new_privs without the caps layer", {R1(SYS_prctl, 0, PR_SET_NO_NEW_PRIVS, EINVAL), REND},
         1u << SBX_CAPS, false, SBX_SECCOMP, "arena sandbox: caps: no_new_privs failed: Invalid argument"},
        {"a Landlock rule in the child", {R1(SYS_landlock_add_rule, 1, 1, EBADF), REND}, 0, false, SBX_LANDLOCK,
         "arena sandbox: landlock: rule for the seat folder failed: Bad file descriptor"},
        {"Landlock's restriction", {R0(SYS_landlock_restrict_self, EPERM), REND}, 0, false, SBX_LANDLOCK,
         "arena sandbox: landlock: restrict_self failed: Operation not permitted"},
        {"the seccomp filter", {R1(SYS_prctl, 0, PR_SET_SECCOMP, EINVAL), REND}, no_ll, false, SBX_SECCOMP,
         "arena sandbox: seccomp: install the filter failed: Invalid argument"},
        {"a program that is not there", {REND}, no_ll, false, SBX_SESSION,
         "arena sandbox: exec: /nonexistent/arena-unit-bot failed: No such file or directory"},
        {"a program that is not there, under Landlock", {REND}, 0, false, SBX_SESSION,
         "arena sandbox: exec: /nonexistent/arena-unit-bot failed: No such file or directory"},
    };
    check_cases(child_in_child, cases, sizeof cases / sizeof cases[0], sizeof cases[0], offsetof(child_case, want),
                "exit 127\n");
}

/* A seat without Landlock (which its child would otherwise apply last) still runs its program. */
static void plain_seat_in_child(const void *arg) {
    sandbox_config c;
    memset(&c, 0, sizeof c);
    c.without = *(const unsigned *)arg;
    const char *argv[] = {"/bin/sh", "-c", "echo ran; exit 5", NULL};
    sandbox_seat *b = fixture_seat(&c, argv, false, 0);
    if (!b) return;
    run_seat(b, NULL, argv);
    sandbox_seat_free(b);
}

TEST(a_seat_without_landlock_or_its_own_proc_runs_its_program) {
    static const unsigned no_ll = 1u << SBX_LANDLOCK, no_pid = 1u << SBX_PID;
    expect_child(plain_seat_in_child, &no_ll, "without landlock", "exit 5\nstderr: stdout: ran\n");
    /* without its own /proc, Landlock lets it read only its own and a few global files there */
    expect_child(plain_seat_in_child, &no_pid, "without a pid namespace", "exit 5\nstderr: stdout: ran\n");
}

/* ---------- refusals the sandbox gets around ---------- */

static char canary[200];

/* In a child: clone3, close_range and pidfd_open refused as an older kernel would (ENOSYS), then
 * this program in a seat reports what it sees; prints each layer's proof. */
static void old_kernel_in_child(const void *arg) {
    (void)arg;
    static const refusal old[] = {R0(SYS_clone3, ENOSYS), R0(SYS_close_range, ENOSYS), R0(SYS_pidfd_open, ENOSYS), REND};
    if (!refuse(old)) {
        printf("cannot install the refusals: %s\n", strerror(errno));
        return;
    }
    const char *argv[] = {exe, "--inside", canary, NULL};
    proc_t p;
    sandbox_seat *b = start_seat(argv, false, &p);
    if (!b) return;
    printf("pidfd %d\n", p.pid_fd);
    proc_close_stdin(&p);
    buf_t seen;
    buf_init(&seen);
    fixture_read_all(p.out_fd, &seen);
    if (!proc_wait_exit(&p, 20000)) proc_kill(&p);
    proc_close(&p);
    sandbox_proof proof[SBX_LAYER_COUNT];
    sandbox_inside_prove(b, buf_cstr(&seen), canary, proof);
    for (int l = 0; l < SBX_LAYER_COUNT; l++)
        if (proof[l].checked)
            printf("%s %s: %s\n", sandbox_layer_name((sandbox_layer)l), proof[l].in_force ? "in force" : "NOT IN FORCE",
                   proof[l].evidence);
    buf_free(&seen);
    sandbox_seat_finish(b);
    sandbox_seat_free(b);
}

TEST(on_a_kernel_without_clone3_close_range_or_pidfds_every_layer_still_holds) {
    char dir[] = "/tmp/arena-unit-canary-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    chmod(dir, 0755);
    snprintf(canary, sizeof canary, "%s/canary", dir);
    FILE *f = fopen(canary, "w");
    CHECK(f != NULL);
    if (f) fclose(f);
    buf_t out;
    buf_init(&out);
    in_child(old_kernel_in_child, NULL, &out);
    expect_in(&out, "old kernel", "pidfd -1\n");
    expect_in(&out, "old kernel", "fds in force: open descriptors: 0,1,2\n");
    expect_in(&out, "old kernel", "session in force: ");
    CHECK(strstr(buf_cstr(&out), "NOT IN FORCE") == NULL);
    if (t_failed_now) printf("%s", buf_cstr(&out));
    buf_free(&out);
    unlink(canary);
    rmdir(dir);
}

/* In a child, as nobody: what the probe says of a file it may not open, of one it cannot open
 * for another reason, and of socket() where the kernel has no such call. */
static void observe_refusals_in_child(const void *arg) {
    (void)arg;
    static const refusal no_socket[] = {R0(SYS_socket, ENOSYS), REND};
    if (setresgid(65534, 65534, 0) != 0 || setresuid(65534, 65534, 0) != 0 || !refuse(no_socket)) {
        printf("cannot become nobody under the refusals: %s\n", strerror(errno));
        return;
    }
    buf_t out;
    buf_init(&out);
    sandbox_inside_observe("/etc/shadow", &out);
    printf("shadow: %s", strstr(buf_cstr(&out), "\ncanary=") + 1);
    buf_reset(&out);
    sandbox_inside_observe("/tmp/arena-unit-loop", &out); /* a link to itself */
    printf("loop: %s", buf_cstr(&out));
    buf_free(&out);
    if (setresuid(0, 0, 0) != 0 || setresgid(0, 0, 0) != 0) printf("cannot be root again\n");
}

TEST(the_observations_name_each_refusal) {
    unlink("/tmp/arena-unit-loop");
    CHECK(symlink("/tmp/arena-unit-loop", "/tmp/arena-unit-loop") == 0);
    buf_t out;
    buf_init(&out);
    in_child(observe_refusals_in_child, NULL, &out);
    expect_in(&out, "observations", "shadow: canary=EACCES\n");
    expect_in(&out, "observations", "\ncanary=other\n");
    expect_in(&out, "observations", "\nsocket=ENOSYS\n");
    buf_free(&out);
    unlink("/tmp/arena-unit-loop");
}

/* ---------- a tcp seat's helper ---------- */

typedef struct {
    const char *name;
    refusal r[3];
    bool no_pidfd; /* the referee has no pidfd of the seat: the helper finds it by /proc */
    const char *want;
    bool gone; /* the referee names a pid that no longer runs (with no_pidfd) */
} helper_case;

/* In a child: a tcp seat running cat; the refusals come after its start, before its helper's. */
static void helper_in_child(const void *arg) {
    const helper_case *k = arg;
    if (!sandbox_detect()->works[SBX_NET]) {
        printf("skip: no network namespace here\n");
        return;
    }
    const char *argv[] = {"/bin/cat", NULL};
    proc_t p;
    sandbox_seat *b = start_seat(argv, true, &p);
    if (!b) return;
    /* before the helper: the referee has no socket to ask for yet */
    errno = 0;
    int early = sandbox_seat_socket(b);
    printf("before the helper: %d %s\n", early, strerror(errno));
    buf_t err;
    buf_init(&err);
    if (!refuse(k->r)) printf("cannot install the refusals: %s\n", strerror(errno));
    pid_t pid = p.pid;
    if (k->gone && (pid = fork()) == 0) _exit(0);
    if (k->gone) waitpid(pid, NULL, 0);
    bool ok = sandbox_seat_started(b, pid, k->no_pidfd ? -1 : p.pid_fd, &err);
    printf("started: %s %s\n", ok ? "yes" : "no", buf_cstr(&err));
    if (ok) {
        /* the socket the helper makes is in the seat's network namespace, not ours */
        int s = sandbox_seat_socket(b);
        int ns = s >= 0 ? ioctl(s, SIOCGSKNS) : -1;
        char path[64];
        snprintf(path, sizeof path, "/proc/%d/ns/net", (int)p.pid);
        struct stat a, want;
        printf("socket in the seat's namespace: %s\n",
               ns >= 0 && fstat(ns, &a) == 0 && stat(path, &want) == 0 && a.st_ino == want.st_ino ? "yes" : "no");
        if (ns >= 0) close(ns);
        if (s >= 0) close(s);
    }
    proc_kill(&p);
    proc_close(&p);
    sandbox_seat_finish(b);
    sandbox_seat_free(b);
    buf_free(&err);
}

TEST(a_tcp_seats_helper_that_cannot_start_says_why) {
    static const helper_case cases[] = {
        {"no pidfd: the namespaces by /proc", {REND}, true, "started: yes \nsocket in the seat's namespace: yes\n", false},
        {"a seat that is gone, by /proc", {REND}, true, "started: no net: cannot open /proc/", true},
        {"no setns", {R0(SYS_setns, EPERM), REND}, false,
         "started: no net: the helper could not enter the seat's network namespace: Operation not permitted", false},
        {"no setns, by /proc", {R0(SYS_setns, EPERM), REND}, true,
         "started: no net: the helper could not enter the seat's network namespace: Operation not permitted", false},
        {"no socketpair", {R0(SYS_socketpair, EMFILE), REND}, false, "started: no net: socketpair: Too many open files", false},
        {"no fork", {R1(SYS_clone, 0, GLIBC_FORK, EAGAIN), REND}, false,
         "started: no net: cannot fork the helper: Resource temporarily unavailable", false},
    };
    check_cases(helper_in_child, cases, sizeof cases / sizeof cases[0], sizeof cases[0], offsetof(helper_case, want),
                "before the helper: -1 Input/output error\n");
}

/* ---------- the fork itself ---------- */

static int open_fds(void) {
    int n = 0;
    for (int fd = 0; fd < 1024; fd++) n += fcntl(fd, F_GETFD) >= 0;
    return n;
}

static void no_fork_in_child(const void *arg) {
    (void)arg;
    const char *argv[] = {"/bin/true", NULL};
    sandbox_seat *b = fixture_seat(NULL, argv, false, 0);
    if (!b) return;
    static const refusal full[] = {R0(SYS_clone3, EAGAIN), REND};
    if (!refuse(full)) return;
    int before = open_fds();
    proc_opts o = {.argv = argv, .sandbox = b};
    proc_t p;
    bool spawned = proc_spawn(&o, &p);
    int e = errno;
    printf("spawned: %s (%s); descriptors left: %d\n", spawned ? "yes" : "no", strerror(e), open_fds() - before);
    sandbox_seat_free(b);
}

TEST(a_seat_the_machine_cannot_fork_fails_to_start_and_leaks_nothing) {
    expect_child(no_fork_in_child, NULL, "no fork", "spawned: no (Resource temporarily unavailable); descriptors left: 0\n");
}

int main(int argc, char **argv) {
    fixture_inside_role(argc, argv); /* the probe, inside a seat */
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    exe[n > 0 ? n : 0] = 0;
    /* Nothing of the sandbox runs in this process: each case's child detects afresh. */
    RUN(a_layer_the_kernel_refuses_is_reported_with_the_reason);
    RUN(a_seat_whose_layer_cannot_be_prepared_is_refused_with_the_reason);
    RUN(a_layer_the_seat_cannot_set_up_stops_it_with_a_message);
    RUN(a_seat_without_landlock_or_its_own_proc_runs_its_program);
    /* skipped in main, not by an early return: that printed "ok" and counted it as passed */
    if (geteuid() == 0 && access("/etc/shadow", F_OK) == 0) RUN(the_observations_name_each_refusal);
    else printf("# skipped (not counted): the_observations_name_each_refusal: needs root (to become nobody) and /etc/shadow\n");
    RUN(on_a_kernel_without_clone3_close_range_or_pidfds_every_layer_still_holds);
    RUN(a_tcp_seats_helper_that_cannot_start_says_why);
    RUN(a_seat_the_machine_cannot_fork_fails_to_start_and_leaks_nothing);
    return T_DONE();
}
