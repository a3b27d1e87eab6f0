/* test_sandbox.c: the sandbox's parts that can be checked without a game: the seccomp
 * allow-list (run through an interpreter of the program), layer names and plans, a seat's
 * environment and folder, the seat command's paths, and a real sandboxed process whose exit
 * status and signal must come back through the pid namespace's init. The attacks themselves are
 * in tests/e2e/test_sandbox_attacks.sh. */
#include "t.h"
#include "sbx_seat_fixture.h"
#include "../../src/games/registry.h"
#include "../../src/match/proc.h"
#include "../../src/match/referee.h"
#include "../../src/sandbox/sbx.h"
#include "../../src/core/coverage.h"
#include <errno.h>
#include <poll.h>
#include <fcntl.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define ALLOW SECCOMP_RET_ALLOW
#define ERR(e) (SECCOMP_RET_ERRNO | (e))

static unsigned call(bool tcp, int nr, unsigned long long a0, unsigned long long a1) {
    unsigned short len;
    struct sock_filter *p = sbx_seccomp_program(tcp, &len);
    unsigned long long args[6] = {a0, a1, 0, 0, 0, 0};
    unsigned r = sbx_seccomp_eval(p, len, sbx_seccomp_arch(), nr, args);
    free(p);
    return r;
}

TEST(seccomp_stdio_seat_has_no_socket_at_all) {
    if (!sbx_seccomp_arch()) return; /* no table for this architecture */
    CHECK_EQ_INT(call(false, SYS_socket, AF_INET, SOCK_STREAM), ERR(EPERM));
    CHECK_EQ_INT(call(false, SYS_socket, AF_UNIX, SOCK_STREAM), ERR(EPERM));
    CHECK_EQ_INT(call(false, SYS_socket, AF_INET, SOCK_DGRAM), ERR(EPERM));
    CHECK_EQ_INT(call(false, SYS_connect, 3, 0), ERR(EPERM));
    CHECK_EQ_INT(call(false, SYS_bind, 3, 0), ERR(EPERM));
    CHECK_EQ_INT(call(false, SYS_listen, 3, 0), ERR(EPERM));
    /* a pair of connected sockets reaches nothing: its threads and children may use one */
    CHECK_EQ_INT(call(false, SYS_socketpair, AF_UNIX, SOCK_STREAM), ALLOW);
    CHECK_EQ_INT(call(false, SYS_socketpair, AF_INET, SOCK_STREAM), ERR(EPERM));
}

TEST(seccomp_tcp_seat_gets_what_a_server_needs_and_nothing_else) {
    if (!sbx_seccomp_arch()) return;
    CHECK_EQ_INT(call(true, SYS_socket, AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC), ALLOW);
    CHECK_EQ_INT(call(true, SYS_socket, AF_INET6, SOCK_STREAM), ALLOW);
    CHECK_EQ_INT(call(true, SYS_socket, AF_INET, SOCK_DGRAM), ERR(EPERM));
    CHECK_EQ_INT(call(true, SYS_socket, AF_INET, SOCK_RAW), ERR(EPERM));
    CHECK_EQ_INT(call(true, SYS_socket, AF_UNIX, SOCK_STREAM), ERR(EPERM));
    CHECK_EQ_INT(call(true, SYS_socket, AF_NETLINK, SOCK_RAW), ERR(EPERM));
    CHECK_EQ_INT(call(true, SYS_bind, 3, 0), ALLOW);
    CHECK_EQ_INT(call(true, SYS_listen, 3, 0), ALLOW);
    CHECK_EQ_INT(call(true, SYS_accept4, 3, 0), ALLOW);
    CHECK_EQ_INT(call(true, SYS_connect, 3, 0), ERR(EPERM)); /* a server never connects */
}

/* The four rules that look at arguments (socket, socketpair, ioctl, clone) look only at their
 * own call: every other number, listed or not, gets the same verdict whatever its arguments,
 * with and without tcp. Arguments that one of those rules would allow or refuse are tried on all
 * the others. */
TEST(seccomp_argument_rules_apply_to_their_own_call_only) {
    if (!sbx_seccomp_arch()) return;
    static const unsigned long long argsets[][2] = {
        {AF_INET, SOCK_STREAM}, {AF_INET6, SOCK_STREAM}, {AF_UNIX, SOCK_STREAM}, {3, 0x5412 /* TIOCSTI */},
        {CLONE_NEWUSER, 0}, {AF_NETLINK, SOCK_RAW}};
    int differ = 0;
    for (int tcp = 0; tcp < 2; tcp++)
        for (int nr = 0; nr < 512; nr++) {
            if (nr == SYS_socket || nr == SYS_socketpair || nr == SYS_ioctl || nr == SYS_clone) continue;
            unsigned plain = call(tcp, nr, 0, 0);
            for (size_t k = 0; k < sizeof argsets / sizeof argsets[0]; k++)
                if (call(tcp, nr, argsets[k][0], argsets[k][1]) != plain) {
                    if (differ++ < 5) printf("# call %d (tcp %d) with arguments %zu: verdict changed\n", nr, tcp, k);
                }
        }
    CHECK_EQ_INT(differ, 0);
}

TEST(seccomp_is_an_allow_list) {
    if (!sbx_seccomp_arch()) return;
    CHECK_EQ_INT(call(false, SYS_read, 0, 0), ALLOW);
    CHECK_EQ_INT(call(false, SYS_write, 1, 0), ALLOW);
    CHECK_EQ_INT(call(false, SYS_exit_group, 0, 0), ALLOW);
    CHECK_EQ_INT(call(false, SYS_execve, 0, 0), ALLOW);
    /* a number nobody listed fails as "no such call" */
    CHECK_EQ_INT(call(false, 999, 0, 0), ERR(ENOSYS));
    unsigned short len;
    struct sock_filter *p = sbx_seccomp_program(false, &len);
    CHECK(len < 4096); /* BPF_MAXINSNS */
    /* another architecture's numbering (int 0x80 on x86_64) is refused whole */
    CHECK_EQ_INT(sbx_seccomp_eval(p, len, 0x40000003u /* i386 */, SYS_read, NULL), ERR(ENOSYS));
#if defined(__x86_64__)
    CHECK_EQ_INT(sbx_seccomp_eval(p, len, sbx_seccomp_arch(), 0x40000000 | SYS_read, NULL), ERR(ENOSYS)); /* x32 */
#endif
    free(p);
}

TEST(seccomp_refuses_escapes) {
    if (!sbx_seccomp_arch()) return;
    int denied[] = {SYS_ptrace, SYS_process_vm_readv, SYS_process_vm_writev, SYS_mount, SYS_umount2, SYS_unshare,
                    SYS_setns, SYS_bpf, SYS_perf_event_open, SYS_io_uring_setup, SYS_keyctl, SYS_userfaultfd,
                    SYS_pidfd_getfd, SYS_fchmod, SYS_fchmodat, SYS_fchownat, SYS_open_by_handle_at, SYS_reboot};
    for (size_t i = 0; i < sizeof denied / sizeof denied[0]; i++) {
        unsigned r = call(false, denied[i], 0, 0);
        if (r != ERR(EPERM)) printf("# system call %d: %#x\n", denied[i], r);
        CHECK_EQ_INT(r, ERR(EPERM));
    }
    /* clone: threads and forks yes, new namespaces no; clone3 hides its flags: ENOSYS */
    CHECK_EQ_INT(call(false, SYS_clone, CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND | CLONE_THREAD, 0), ALLOW);
    CHECK_EQ_INT(call(false, SYS_clone, SIGCHLD, 0), ALLOW);
    CHECK_EQ_INT(call(false, SYS_clone, CLONE_NEWUSER | SIGCHLD, 0), ERR(EPERM));
    CHECK_EQ_INT(call(false, SYS_clone, CLONE_NEWNET | SIGCHLD, 0), ERR(EPERM));
    CHECK_EQ_INT(call(false, SYS_clone3, 0, 0), ERR(ENOSYS));
    /* ioctl: everything but pushing input into a terminal; the kernel reads the low 32 bits */
    CHECK_EQ_INT(call(false, SYS_ioctl, 0, 0x5412 /* TIOCSTI */), ERR(EPERM));
    CHECK_EQ_INT(call(false, SYS_ioctl, 0, 0xffffffff00005412ULL), ERR(EPERM));
    CHECK_EQ_INT(call(false, SYS_ioctl, 0, 0x541C /* TIOCLINUX */), ERR(EPERM));
    CHECK_EQ_INT(call(false, SYS_ioctl, 0, 0x541B /* FIONREAD */), ALLOW);
}

TEST(layer_and_mode_names) {
    for (int l = 0; l < SBX_LAYER_COUNT; l++) {
        CHECK_EQ_INT(sandbox_layer_parse(sandbox_layer_name((sandbox_layer)l)), l);
        CHECK(strlen(sandbox_layer_purpose((sandbox_layer)l)) > 20);
    }
    CHECK_EQ_INT(sandbox_layer_parse("nosuch"), -1);
    sandbox_mode m;
    CHECK(sandbox_mode_parse("strict", &m) && m == SANDBOX_STRICT);
    CHECK(sandbox_mode_parse("off", &m) && m == SANDBOX_OFF);
    CHECK(sandbox_mode_parse("on", &m) && m == SANDBOX_ON);
    CHECK(!sandbox_mode_parse("maybe", &m));
    for (int k = SANDBOX_ON; k <= SANDBOX_STRICT; k++) { /* each name reads back as its mode */
        const char *name = sandbox_mode_name((sandbox_mode)k);
        CHECK(name && sandbox_mode_parse(name, &m) && (int)m == k);
    }
    CHECK_EQ_INT(SANDBOX_ON, 0); /* a zeroed match_config is sandboxed */
}

TEST(plan_off_keeps_only_session_and_descriptors) {
    sandbox_config c;
    memset(&c, 0, sizeof c);
    c.mode = SANDBOX_OFF;
    bool use[SBX_LAYER_COUNT];
    buf_t err;
    buf_init(&err);
    CHECK(sandbox_plan(&c, use, &err));
    for (int l = 0; l < SBX_LAYER_COUNT; l++) CHECK_EQ_INT(use[l], l == SBX_SESSION || l == SBX_FDS);
    buf_free(&err);
}

TEST(plan_on_applies_what_works_minus_what_is_left_out) {
    const sandbox_probe *p = sandbox_detect();
    sandbox_config c;
    memset(&c, 0, sizeof c);
    c.without = 1u << SBX_SECCOMP | 1u << SBX_MOUNT;
    bool use[SBX_LAYER_COUNT];
    buf_t err;
    buf_init(&err);
    CHECK(sandbox_plan(&c, use, &err));
    CHECK(!use[SBX_SECCOMP]);
    CHECK(!use[SBX_MOUNT]);
    CHECK(!use[SBX_PID]); /* needs its own /proc, hence the mount namespace */
    CHECK_EQ_INT(use[SBX_LANDLOCK], p->works[SBX_LANDLOCK]);
    CHECK(use[SBX_ENV] && use[SBX_RLIMITS] && use[SBX_SESSION]);
    buf_free(&err);
}

TEST(plan_strict_fails_closed) {
    sandbox_config c;
    memset(&c, 0, sizeof c);
    c.mode = SANDBOX_STRICT;
    c.without = 1u << SBX_MOUNT; /* pid is wanted but cannot have its /proc: strict refuses */
    bool use[SBX_LAYER_COUNT];
    buf_t err;
    buf_init(&err);
    CHECK(!sandbox_plan(&c, use, &err));
    CHECK(strstr(buf_cstr(&err), "pid") != NULL);
    CHECK(strstr(buf_cstr(&err), "arena doctor") != NULL);
    buf_free(&err);
}

static bool has_env(char **env, const char *kv) {
    for (; *env; env++)
        if (strcmp(*env, kv) == 0) return true;
    return false;
}

static bool has_key(char **env, const char *key) {
    size_t n = strlen(key);
    for (; *env; env++)
        if (strncmp(*env, key, n) == 0 && (*env)[n] == '=') return true;
    return false;
}

TEST(env_is_scrubbed_and_the_seat_folder_goes_away) {
    setenv("ARENA_UNIT_SECRET", "hunter2", 1);
    sandbox_config c;
    memset(&c, 0, sizeof c);
    c.without = 1u << SBX_CGROUP; /* no cgroup needed for this */
    c.env[c.nenv++] = "EXTRA=1";
    static const char *const argv[] = {"/bin/true", NULL};
    static const char *const add[] = {"PYTHONPATH=/x", NULL};
    sandbox_seat_spec spec = {.seat = 3, .argv = argv, .env_add = add};
    sandbox_limits lim;
    memset(&lim, 0, sizeof lim);
    buf_t err;
    buf_init(&err);
    sandbox_seat *b = sandbox_seat_new(&c, &lim, SBX_WORKDIR_TEMP, &spec, &err);
    CHECK(b != NULL);
    if (!b) {
        printf("# %s\n", buf_cstr(&err));
        return;
    }
    char **env = sandbox_seat_env(b);
    const char *dir = sandbox_seat_workdir(b);
    char home[4200];
    snprintf(home, sizeof home, "HOME=%s", dir);
    CHECK(has_env(env, home));
    CHECK(has_env(env, "LANG=C.UTF-8"));
    CHECK(has_env(env, "PYTHONPATH=/x"));
    CHECK(has_env(env, "EXTRA=1"));
    CHECK(has_key(env, "PATH"));
    CHECK(!has_key(env, "ARENA_UNIT_SECRET"));
    /* defaults resolved: nothing left at 0 */
    const sandbox_limits *l = sandbox_seat_limits(b);
    CHECK_EQ_INT(l->mem_mb, SANDBOX_DEFAULT_MEM_MB);
    CHECK_EQ_INT(l->cpu_s, SANDBOX_DEFAULT_CPU_S);
    CHECK_EQ_INT(l->as_mb, SANDBOX_DEFAULT_MEM_MB); /* no cgroup: the address space bounds memory */
    /* the folder is fresh and ours; what a bot leaves there (links to outside files included)
     * goes with it, and nothing outside does */
    struct stat st;
    CHECK(stat(dir, &st) == 0 && S_ISDIR(st.st_mode) && (st.st_mode & 0777) == 0700);
    char keep[] = "/tmp/arena-unit-keep-XXXXXX";
    int kfd = mkstemp(keep);
    CHECK(kfd >= 0);
    close(kfd);
    char path[4300], saved[4200];
    snprintf(saved, sizeof saved, "%s", dir);
    snprintf(path, sizeof path, "%s/link", dir);
    CHECK(symlink(keep, path) == 0);
    snprintf(path, sizeof path, "%s/sub", dir);
    CHECK(mkdir(path, 0) == 0); /* not even a folder without permissions stops the cleanup */
    sandbox_seat_free(b);
    CHECK(stat(saved, &st) != 0);
    CHECK(stat(keep, &st) == 0);
    unlink(keep);
    buf_free(&err);
    unsetenv("ARENA_UNIT_SECRET");
}

TEST(env_given_replaces_the_default_and_without_the_env_layer_the_referees_passes) {
    setenv("ARENA_UNIT_SECRET", "hunter2", 1);
    sandbox_config c;
    memset(&c, 0, sizeof c);
    c.without = 1u << SBX_CGROUP;
    c.env[c.nenv++] = "LANG=fr_FR.UTF-8";
    static const char *const argv[] = {"/bin/true", NULL};
    sandbox_seat *b = fixture_seat(&c, argv, false, 0);
    CHECK(b != NULL);
    if (!b) return;
    CHECK(has_env(sandbox_seat_env(b), "LANG=fr_FR.UTF-8")); /* --env wins over the sandbox's own */
    CHECK(!has_env(sandbox_seat_env(b), "LANG=C.UTF-8"));
    CHECK(!has_key(sandbox_seat_env(b), "ARENA_UNIT_SECRET"));
    sandbox_seat_free(b);
    c.without |= 1u << SBX_ENV; /* --sandbox-without env: the referee's environment, and --env */
    b = fixture_seat(&c, argv, false, 0);
    CHECK(b != NULL);
    if (!b) return;
    CHECK(has_env(sandbox_seat_env(b), "ARENA_UNIT_SECRET=hunter2"));
    CHECK(has_env(sandbox_seat_env(b), "LANG=fr_FR.UTF-8"));
    sandbox_seat_free(b);
    unsetenv("ARENA_UNIT_SECRET");
}

/* sandbox_seat_new for argv under workdir w (no cgroup needed): the seat, or NULL and why in err. */
static sandbox_seat *seat_in(sandbox_workdir w, const char *const *argv, const char *bot_file, buf_t *err) {
    sandbox_config c;
    memset(&c, 0, sizeof c);
    c.without = 1u << SBX_CGROUP;
    sandbox_seat_spec spec = {.seat = 0, .argv = argv, .bot_files = {bot_file}, .nbot_files = bot_file ? 1 : 0};
    sandbox_limits lim;
    memset(&lim, 0, sizeof lim);
    buf_reset(err);
    return sandbox_seat_new(&c, &lim, w, &spec, err);
}

/* In a child whose folder was removed: --workdir here cannot say where it is, and a relative
 * program stays as given (execve reports it). Exit status 0 when both hold. */
static int without_a_folder(void) {
    char dir[] = "/tmp/arena-unit-gone-XXXXXX";
    if (!mkdtemp(dir) || chdir(dir) != 0 || rmdir(dir) != 0) return 3;
    static const char *const argv[] = {"bin/bot", NULL};
    buf_t err;
    buf_init(&err);
    sandbox_seat *b = seat_in(SBX_WORKDIR_HERE, argv, NULL, &err);
    int rc = b || strcmp(buf_cstr(&err), "workdir: getcwd: No such file or directory") != 0 ? 1 : 0;
    if (rc) printf("# --workdir here without a folder: %s\n", buf_cstr(&err));
    sandbox_seat_free(b);
    b = seat_in(SBX_WORKDIR_TEMP, argv, NULL, &err);
    if (!b || strcmp(b->prog, "bin/bot") != 0) rc |= 2;
    sandbox_seat_free(b);
    buf_free(&err);
    return rc;
}

TEST(a_seat_that_cannot_have_its_folder_is_refused_with_the_reason) {
    static const char *const argv[] = {"/bin/true", NULL};
    buf_t err;
    buf_init(&err);
    /* --workdir bot needs to know the bot's folder */
    CHECK(seat_in(SBX_WORKDIR_BOT, argv, NULL, &err) == NULL);
    CHECK_EQ_STR(buf_cstr(&err), "workdir: --workdir bot needs the bot's folder: name its program or file by path");
    sandbox_seat *b = seat_in(SBX_WORKDIR_BOT, argv, "tests/bots/sandbox/probe.sh", &err);
    char want[4200];
    CHECK(b && realpath("tests/bots/sandbox", want) && strcmp(sandbox_seat_workdir(b), want) == 0);
    sandbox_seat_free(b);
    /* seat folders go under $TMPDIR: one that does not exist stops the seat */
    const char *tmp = getenv("TMPDIR");
    char saved[4096];
    snprintf(saved, sizeof saved, "%s", tmp ? tmp : "");
    setenv("TMPDIR", "/nonexistent/arena-unit-tmp", 1);
    CHECK(seat_in(SBX_WORKDIR_TEMP, argv, NULL, &err) == NULL);
    if (tmp) setenv("TMPDIR", saved, 1);
    else unsetenv("TMPDIR");
    CHECK_EQ_STR(buf_cstr(&err), "workdir: cannot create a folder under /nonexistent/arena-unit-tmp: No such file or directory");
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) exit(without_a_folder()); /* exit: a gcov build writes what it ran */
    int st = -1;
    CHECK(pid > 0 && waitpid(pid, &st, 0) == pid);
    CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
    buf_free(&err);
}

TEST(a_program_is_found_as_execve_needs_it) {
    buf_t err;
    buf_init(&err);
    char cwd[4096], want[4200];
    CHECK(getcwd(cwd, sizeof cwd) != NULL);
    /* a relative path is made absolute now: the child changes its folder before it executes */
    static const char *const rel[] = {"tests/bots/sandbox/probe.sh", NULL};
    sandbox_seat *b = seat_in(SBX_WORKDIR_TEMP, rel, NULL, &err);
    snprintf(want, sizeof want, "%s/tests/bots/sandbox/probe.sh", cwd);
    CHECK(b && strcmp(b->prog, want) == 0);
    sandbox_seat_free(b);
    /* a bare name is searched in PATH */
    static const char *const bare[] = {"sh", NULL};
    b = seat_in(SBX_WORKDIR_TEMP, bare, NULL, &err);
    CHECK(b && b->prog[0] == '/' && strcmp(strrchr(b->prog, '/'), "/sh") == 0 && access(b->prog, X_OK) == 0);
    sandbox_seat_free(b);
    /* one that is nowhere stays as given: execve says so (test_sandbox_refusals) */
    static const char *const none[] = {"arena-unit-no-such-program", NULL};
    b = seat_in(SBX_WORKDIR_TEMP, none, NULL, &err);
    CHECK(b && strcmp(b->prog, "arena-unit-no-such-program") == 0);
    sandbox_seat_free(b);
    buf_free(&err);
}

TEST(a_small_file_that_cannot_be_read_says_why) {
    char buf[64];
    errno = 0;
    CHECK(!sbx_read_file("/tmp", buf, sizeof buf));
    CHECK_EQ_INT(errno, EISDIR);
    CHECK(!sbx_read_file("/nonexistent/arena-unit", buf, sizeof buf));
    CHECK_EQ_INT(errno, ENOENT);
    CHECK(!sbx_write_file("/nonexistent/arena-unit", "1"));
    CHECK_EQ_INT(errno, ENOENT);
}

TEST(seccomp_interpreter_refuses_what_it_cannot_run) {
    /* the tests' interpreter of the filter: an instruction the emitter never makes, and a
     * program without a return, give values no filter returns */
    struct sock_filter unknown[] = {{BPF_LD | BPF_H | BPF_ABS, 0, 0, 0}, {BPF_RET | BPF_K, 0, 0, ALLOW}};
    struct sock_filter endless[] = {{BPF_LD | BPF_W | BPF_ABS, 0, 0, 0}};
    CHECK_EQ_INT(sbx_seccomp_eval(unknown, 2, sbx_seccomp_arch(), 0, NULL), 0xffffffffu);
    CHECK_EQ_INT(sbx_seccomp_eval(endless, 1, sbx_seccomp_arch(), 0, NULL), 0xfffffffeu);
}

/* A real sandboxed process: its own exit status and its own death by a signal must reach the
 * referee, even though the process the referee waits for is the pid namespace's init. */
/* A seat's folder goes even when the bot locked parts of it (a subfolder without any permission
 * inside one it may not write), which a referee that is not root cannot empty as they are: run
 * as nobody when we are root, since root needs no permission. */
TEST(a_seat_folder_with_locked_subfolders_is_removed) {
    pid_t pid = fork();
    if (pid == 0) {
        if (getuid() == 0 && (setgid(65534) != 0 || setuid(65534) != 0)) _exit(3);
        char dir[] = "/tmp/arena_rm_XXXXXX", p[200];
        if (!mkdtemp(dir)) _exit(4);
        snprintf(p, sizeof p, "%s/a", dir);
        mkdir(p, 0700);
        snprintf(p, sizeof p, "%s/a/b", dir);
        mkdir(p, 0700);
        snprintf(p, sizeof p, "%s/a/b/f", dir);
        close(open(p, O_CREAT | O_WRONLY, 0600));
        snprintf(p, sizeof p, "%s/a/b", dir);
        chmod(p, 0);
        snprintf(p, sizeof p, "%s/a", dir);
        chmod(p, 0500);
        sbx_remove_tree(dir);
        _exit(access(dir, F_OK) == 0 ? 1 : 0);
    }
    int st = 0;
    CHECK(pid > 0 && waitpid(pid, &st, 0) == pid);
    CHECK(WIFEXITED(st));
    CHECK_EQ_INT(WEXITSTATUS(st), 0);
}

/* Runs `sh -c script` in a seat under config given (NULL: the default); its wait status, or -1. */
static int run_status_in(const sandbox_config *given, const char *script) {
    sandbox_config c;
    memset(&c, 0, sizeof c);
    if (given) c = *given;
    const char *argv[] = {"/bin/sh", "-c", script, NULL};
    sandbox_seat_spec spec = {.seat = 0, .argv = argv};
    sandbox_limits lim;
    memset(&lim, 0, sizeof lim);
    buf_t err;
    buf_init(&err);
    sandbox_seat *b = sandbox_seat_new(&c, &lim, SBX_WORKDIR_TEMP, &spec, &err);
    if (!b) {
        printf("# %s\n", buf_cstr(&err));
        buf_free(&err);
        return -1;
    }
    proc_opts o = {.argv = argv, .sandbox = b};
    proc_t p;
    int st = -1;
    if (proc_spawn(&o, &p)) {
        proc_close_stdin(&p);
        if (proc_wait_exit(&p, 10000)) st = p.wait_status;
        else proc_kill(&p);
        proc_close(&p);
    }
    sandbox_seat_finish(b);
    sandbox_seat_free(b);
    buf_free(&err);
    return st;
}

static int run_status(const char *script) { return run_status_in(NULL, script); }

TEST(a_folder_given_for_writing_is_writable_and_no_other) {
    /* --sandbox-write DIR: Landlock lets the bot write there; a folder not given stays closed */
    char dir[] = "/tmp/arena-unit-write-XXXXXX", other[] = "/tmp/arena-unit-other-XXXXXX", script[200], f[100];
    CHECK(mkdtemp(dir) != NULL && mkdtemp(other) != NULL);
    sandbox_config c;
    memset(&c, 0, sizeof c);
    c.write[c.nwrite++] = dir;
    snprintf(script, sizeof script, "echo x > %s/f && ! (echo y > %s/f) 2>/dev/null", dir, other);
    int st = run_status_in(&c, script);
    CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
    snprintf(f, sizeof f, "%s/f", dir);
    CHECK(access(f, F_OK) == 0);
    unlink(f);
    snprintf(f, sizeof f, "%s/f", other);
    CHECK(access(f, F_OK) != 0);
    unlink(f);
    rmdir(dir);
    rmdir(other);
}

TEST(exit_status_and_signal_come_back_through_init) {
    int st = run_status("exit 3");
    CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 3);
    st = run_status("kill -SEGV $$");
    CHECK(WIFSIGNALED(st) && WTERMSIG(st) == SIGSEGV);
    st = run_status("cd \"$HOME\" && [ \"$(pwd)\" = \"$HOME\" ] && [ -z \"$(ls -A)\" ] && echo x > f && exit 0; exit 9");
    CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0); /* starts in its fresh, empty, writable folder */
}

TEST(seat_paths_make_the_command_work_from_another_folder) {
    const game_t *g = registry_find("rising_tide");
    match_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.game = g;
    match_t m;
    memset(&m, 0, sizeof m);
    m.cfg = &cfg;
    m.game = g;
    char cwd[4096];
    CHECK(getcwd(cwd, sizeof cwd) != NULL);
    buf_t err, want;
    buf_init(&err);
    buf_init(&want);
    seat_spec sp;
    seat_paths p;
    /* a simple command: a word naming a file is made absolute and readable; arguments are not
     * taken for files even where one exists by that name */
    CHECK(seatspec_parse(g, "python3 tests/bots/attacks/victim.py lines Makefile 0", &sp, &err));
    seat_sandbox_paths_init(&m, &sp, &p);
    buf_printf(&want, "python3 %s/tests/bots/attacks/victim.py lines Makefile 0", cwd);
    CHECK_EQ_STR(p.command, buf_cstr(&want));
    CHECK_EQ_INT(p.workdir, SBX_WORKDIR_TEMP);
    CHECK(p.nfiles == 2); /* the bot's file and the Python SDK */
    buf_reset(&want);
    buf_printf(&want, "%s/tests/bots/attacks/victim.py", cwd);
    CHECK_EQ_STR(p.files[0], buf_cstr(&want));
    seat_sandbox_paths_free(&p);
    seatspec_free(&sp);
    /* a command the sandbox cannot take apart starts where arena runs; its files are readable */
    CHECK(seatspec_parse(g, "sh -c 'sleep 1 & exec python3 tests/bots/attacks/victim.py lines m'", &sp, &err));
    seat_sandbox_paths_init(&m, &sp, &p);
    CHECK_EQ_STR(p.command, "sh -c 'sleep 1 & exec python3 tests/bots/attacks/victim.py lines m'");
    CHECK_EQ_INT(p.workdir, SBX_WORKDIR_CALLER);
    CHECK_EQ_STR(p.files[0], buf_cstr(&want));
    seat_sandbox_paths_free(&p);
    seatspec_free(&sp);
    /* a python seat: the path as typed (messages show it so), started where arena runs */
    CHECK(seatspec_parse(g, "python:tests/bots/rising_tide/sample_ais.py:pass_perth", &sp, &err));
    seat_sandbox_paths_init(&m, &sp, &p);
    CHECK_EQ_STR(p.python_file, "tests/bots/rising_tide/sample_ais.py");
    CHECK_EQ_INT(p.workdir, SBX_WORKDIR_CALLER);
    seat_sandbox_paths_free(&p);
    /* unless the command line asks for a fresh folder: then it is absolute */
    cfg.sandbox.workdir = SBX_WORKDIR_TEMP;
    seat_sandbox_paths_init(&m, &sp, &p);
    buf_reset(&want);
    buf_printf(&want, "%s/tests/bots/rising_tide/sample_ais.py", cwd);
    CHECK_EQ_STR(p.python_file, buf_cstr(&want));
    seat_sandbox_paths_free(&p);
    seatspec_free(&sp);
    buf_free(&err);
    buf_free(&want);
}

/* ---------- every layer proven from inside a seat (inside.c) ---------- */

static char canary_path[200];

/* This very program, run in a seat as `test_sandbox --inside CANARY`, reports what it sees; the
 * seat (kept for proving) and the observations come back. NULL when no seat could start. */
static sandbox_seat *observe_in_a_seat(const sandbox_config *c, buf_t *observed) {
    static char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) return NULL;
    exe[n] = 0;
    const char *argv[] = {exe, "--inside", canary_path, NULL};
    sandbox_seat *b = fixture_seat(c, argv, false, 0);
    if (!b) return NULL;
    proc_opts o = {.argv = argv, .sandbox = b};
    proc_t p;
    if (!proc_spawn(&o, &p)) {
        sandbox_seat_free(b);
        return NULL;
    }
    proc_close_stdin(&p);
    fixture_read_all(p.out_fd, observed);
    if (!proc_wait_exit(&p, 10000)) proc_kill(&p);
    proc_close(&p);
    sandbox_seat_finish(b);
    return b;
}

/* The observations with one key's value replaced. */
static char *with(const char *observed, const char *key, const char *value) {
    buf_t b;
    buf_init(&b);
    size_t n = strlen(key);
    for (const char *p = observed; *p;) {
        size_t len = strcspn(p, "\n");
        if (strncmp(p, key, n) == 0 && p[n] == '=') buf_printf(&b, "%s=%s\n", key, value);
        else buf_printf(&b, "%.*s\n", (int)len, p);
        p += len + (p[len] == '\n');
    }
    return (char *)buf_cstr(&b); /* the caller frees it */
}

static bool proven(const sandbox_seat *b, const char *observed, sandbox_layer l) {
    sandbox_proof proof[SBX_LAYER_COUNT];
    sandbox_inside_prove(b, observed, canary_path, proof);
    return proof[l].checked && proof[l].in_force;
}

TEST(every_layer_that_works_is_proven_in_force_from_inside_a_seat) {
    char dir[] = "/tmp/arena-unit-canary-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    snprintf(canary_path, sizeof canary_path, "%s/canary", dir);
    FILE *f = fopen(canary_path, "w");
    CHECK(f != NULL);
    if (f) fclose(f);
    sandbox_config c;
    memset(&c, 0, sizeof c);
    buf_t obs;
    buf_init(&obs);
    sandbox_seat *b = observe_in_a_seat(&c, &obs);
    CHECK(b != NULL);
    if (!b) return;
    const sandbox_probe *pr = sandbox_detect();
    sandbox_proof proof[SBX_LAYER_COUNT];
    sandbox_inside_prove(b, buf_cstr(&obs), canary_path, proof);
    for (int l = 0; l < SBX_LAYER_COUNT; l++) {
        /* the plan applies what works; everything applied is proven, nothing else is checked */
        CHECK_EQ_INT(sandbox_seat_uses(b, (sandbox_layer)l), pr->works[l]);
        CHECK_EQ_INT(proof[l].checked, sandbox_seat_uses(b, (sandbox_layer)l));
        if (proof[l].checked && !proof[l].in_force)
            printf("# %s not in force: %s\n", sandbox_layer_name((sandbox_layer)l), proof[l].evidence);
        CHECK(!proof[l].checked || proof[l].in_force);
        CHECK(!proof[l].checked || strlen(proof[l].evidence) > 3); /* what `arena doctor` shows as seen */
    }
    /* Each layer is refuted when the seat sees what that layer should have prevented. */
    char ns[256];
    static const struct {
        sandbox_layer layer;
        const char *key, *value;
    } refute[] = {
        {SBX_SESSION, "sid", "7"},           {SBX_SESSION, "pgid", "7"},
        {SBX_SESSION, "tty", "ok"},          {SBX_FDS, "fds", "0,1,2,3"},
        {SBX_ENV, "env", "PATH,LANG,HOME,TMPDIR,SECRET"}, {SBX_ENV, "env", "PATH,LANG,HOME"},
        {SBX_WORKDIR, "cwd", "/"},           {SBX_WORKDIR, "home", "/root"},
        {SBX_WORKDIR, "cwd_entries", "3"},   {SBX_RLIMITS, "rlimit_cpu", "inf"},
        {SBX_RLIMITS, "rlimit_nofile", "4096"}, {SBX_RLIMITS, "rlimit_fsize", "inf"},
        {SBX_RLIMITS, "rlimit_core", "inf"}, {SBX_RLIMITS, "rlimit_as", "12345"},
        {SBX_USER, "uid_map", "0 12345 1"},  {SBX_PID, "pid", "5"},
        {SBX_NET, "netdevs", "lo,eth0"},     {SBX_MOUNT, "cwd_fstype", "ext4"},
        {SBX_CAPS, "cap_eff", "000001ffffffffff"}, {SBX_CAPS, "cap_prm", "0000000000000001"},
        {SBX_CAPS, "no_new_privs", "0"},     {SBX_LANDLOCK, "canary", "ok"},
        {SBX_SECCOMP, "seccomp", "0"},       {SBX_SECCOMP, "socket", "ok"},
        {SBX_CGROUP, "cgroup_mem_dir", "/sys/fs/cgroup/memory"}, {SBX_CGROUP, "cgroup_mem_max", "9223372036854771712"},
        {SBX_CGROUP, "cgroup_pids_dir", "/sys/fs/cgroup/pids"}, {SBX_CGROUP, "cgroup_pids_max", "max"},
    };
    for (size_t i = 0; i < sizeof refute / sizeof refute[0]; i++) {
        if (!sandbox_seat_uses(b, refute[i].layer)) continue;
        char *o = with(buf_cstr(&obs), refute[i].key, refute[i].value);
        if (proven(b, o, refute[i].layer)) printf("# %s=%s did not refute %s\n", refute[i].key, refute[i].value,
                                                  sandbox_layer_name(refute[i].layer));
        CHECK(!proven(b, o, refute[i].layer));
        free(o);
    }
    /* a namespace shared with the referee refutes its layer */
    static const struct {
        sandbox_layer layer;
        const char *name;
    } nss[] = {{SBX_USER, "user"}, {SBX_PID, "pid"}, {SBX_NET, "net"}, {SBX_MOUNT, "mnt"}, {SBX_IPC, "ipc"}};
    for (size_t i = 0; i < sizeof nss / sizeof nss[0]; i++) {
        if (!sandbox_seat_uses(b, nss[i].layer)) continue;
        char link[64], key[16];
        snprintf(link, sizeof link, "/proc/self/ns/%s", nss[i].name);
        snprintf(key, sizeof key, "ns_%s", nss[i].name);
        ssize_t n = readlink(link, ns, sizeof ns - 1);
        ns[n > 0 ? n : 0] = 0;
        char *o = with(buf_cstr(&obs), key, ns);
        CHECK(!proven(b, o, nss[i].layer));
        free(o);
    }
    /* nothing observed proves nothing */
    sandbox_inside_prove(b, "", canary_path, proof);
    for (int l = 0; l < SBX_LAYER_COUNT; l++) CHECK(!proof[l].checked || !proof[l].in_force);
    sandbox_seat_free(b);
    buf_free(&obs);
    unlink(canary_path);
    rmdir(dir);
}

TEST(a_layer_left_out_is_not_checked_and_its_absence_is_seen) {
    /* without the ipc layer the seat shares the referee's IPC namespace (what the probe would
     * report if the line creating it were lost), and the prover does not claim the layer */
    sandbox_config c;
    memset(&c, 0, sizeof c);
    c.without = 1u << SBX_IPC;
    buf_t obs;
    buf_init(&obs);
    sandbox_seat *b = observe_in_a_seat(&c, &obs);
    CHECK(b != NULL);
    if (!b) return;
    sandbox_proof proof[SBX_LAYER_COUNT];
    sandbox_inside_prove(b, buf_cstr(&obs), canary_path, proof);
    CHECK(!proof[SBX_IPC].checked);
    char mine[256];
    ssize_t n = readlink("/proc/self/ns/ipc", mine, sizeof mine - 1);
    mine[n > 0 ? n : 0] = 0;
    char want[300];
    snprintf(want, sizeof want, "ns_ipc=%s\n", mine);
    CHECK(strstr(buf_cstr(&obs), want) != NULL);
    sandbox_seat_free(b);
    buf_free(&obs);
}

TEST(outside_a_seat_no_layer_is_proven) {
    /* The probe run here, in the test's own process, sees the machine as the referee does: every
     * layer that could tell is refuted (session and descriptors may hold by chance). */
    sandbox_config c;
    memset(&c, 0, sizeof c);
    const char *argv[] = {"/bin/true", NULL};
    sandbox_seat_spec spec = {.seat = 0, .argv = argv};
    sandbox_limits lim;
    memset(&lim, 0, sizeof lim);
    buf_t err, obs;
    buf_init(&err);
    buf_init(&obs);
    sandbox_seat *b = sandbox_seat_new(&c, &lim, SBX_WORKDIR_TEMP, &spec, &err);
    CHECK(b != NULL);
    if (!b) return;
    setenv("ARENA_UNIT_SECRET", "1", 1);
    sandbox_inside_observe("/etc/hostname", &obs);
    unsetenv("ARENA_UNIT_SECRET");
    /* every key the prover reads is there */
    static const char *const keys[] = {"pid=", "sid=", "pgid=", "tty=", "fds=", "env=", "cwd=", "home=",
                                       "cwd_entries=", "rlimit_cpu=", "rlimit_as=", "rlimit_fsize=",
                                       "rlimit_nofile=", "rlimit_core=", "rlimit_nproc=", "ns_user=", "ns_pid=",
                                       "ns_net=", "ns_mnt=", "ns_ipc=", "uid_map=", "uid=", "netdevs=",
                                       "cwd_fstype=", "cap_eff=", "cap_prm=", "no_new_privs=", "seccomp=",
                                       "socket=", "canary=", "cgroup_mem_dir=", "cgroup_pids_dir=",
                                       "cgroup_mem_max=", "cgroup_pids_max="};
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        const char *p = strstr(buf_cstr(&obs), keys[i]);
        CHECK(p == buf_cstr(&obs) || (p && p[-1] == '\n'));
    }
    sandbox_proof proof[SBX_LAYER_COUNT];
    sandbox_inside_prove(b, buf_cstr(&obs), "/etc/hostname", proof);
    for (int l = SBX_ENV; l < SBX_LAYER_COUNT; l++) {
        if (proof[l].checked && proof[l].in_force)
            printf("# %s proven outside a seat: %s\n", sandbox_layer_name((sandbox_layer)l), proof[l].evidence);
        CHECK(!proof[l].checked || !proof[l].in_force);
    }
    sandbox_seat_free(b);
    buf_free(&err);
    buf_free(&obs);
}

TEST(the_observations_show_a_refused_call_and_the_folders_file_system) {
    /* a process under the stdio seat's filter, in /proc: what the probe of a seat reports */
    int p[2];
    CHECK(pipe(p) == 0);
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        close(p[0]);
        unsigned short len;
        struct sock_filter *f = sbx_seccomp_program(false, &len);
        struct sock_fprog prog = {len, f};
        if (chdir("/proc") != 0 || prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 ||
            prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog, 0, 0) != 0)
            exit(1);
        buf_t out;
        buf_init(&out);
        sandbox_inside_observe("/nonexistent/arena-unit-canary", &out);
        if (write(p[1], out.data, out.len) < 0) _exit(2);
        /* as a seat leaves: a gcov build's counters written (the filter allows it), and no exit
         * handler (a sanitizer's leak check would need ptrace, which the filter refuses) */
        coverage_flush();
        _exit(0);
    }
    close(p[1]);
    buf_t seen;
    buf_init(&seen);
    fixture_read_all(p[0], &seen);
    close(p[0]);
    int st = -1;
    CHECK(pid > 0 && waitpid(pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 0);
    static const char *const want[] = {"\nseccomp=2\n", "\nsocket=EPERM\n", "\ncanary=ENOENT\n", "\ncwd=/proc\n",
                                       "\ncwd_fstype=proc\n", "\nno_new_privs=1\n"};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) CHECK(strstr(buf_cstr(&seen), want[i]) != NULL);
    if (t_failed_now) printf("# seen:\n%s", buf_cstr(&seen));
    buf_free(&seen);
}

int main(int argc, char **argv) {
    fixture_inside_role(argc, argv); /* the probe, inside a seat */
    RUN(seccomp_stdio_seat_has_no_socket_at_all);
    RUN(seccomp_tcp_seat_gets_what_a_server_needs_and_nothing_else);
    RUN(seccomp_argument_rules_apply_to_their_own_call_only);
    RUN(seccomp_is_an_allow_list);
    RUN(seccomp_refuses_escapes);
    RUN(layer_and_mode_names);
    RUN(plan_off_keeps_only_session_and_descriptors);
    RUN(plan_on_applies_what_works_minus_what_is_left_out);
    RUN(plan_strict_fails_closed);
    RUN(env_is_scrubbed_and_the_seat_folder_goes_away);
    RUN(env_given_replaces_the_default_and_without_the_env_layer_the_referees_passes);
    RUN(a_seat_that_cannot_have_its_folder_is_refused_with_the_reason);
    RUN(a_program_is_found_as_execve_needs_it);
    RUN(a_small_file_that_cannot_be_read_says_why);
    RUN(seccomp_interpreter_refuses_what_it_cannot_run);
    RUN(a_seat_folder_with_locked_subfolders_is_removed);
    RUN(exit_status_and_signal_come_back_through_init);
    if (sandbox_detect()->works[SBX_LANDLOCK]) RUN(a_folder_given_for_writing_is_writable_and_no_other);
    else printf("# skipped (not counted): a_folder_given_for_writing_is_writable_and_no_other: no Landlock here\n");
    RUN(seat_paths_make_the_command_work_from_another_folder);
    RUN(every_layer_that_works_is_proven_in_force_from_inside_a_seat);
    RUN(a_layer_left_out_is_not_checked_and_its_absence_is_seen);
    RUN(outside_a_seat_no_layer_is_proven);
    RUN(the_observations_show_a_refused_call_and_the_folders_file_system);
    return T_DONE();
}
