/* test_sandbox_seat.c: a sandboxed seat seen from outside, over its whole life: a tcp seat reached
 * on its own loopback through its helper (which goes with the seat), the seat's init hiding the
 * referee's command line, the cgroups and folders a referee leaves (gone when it exits; a dead
 * referee's removed by the next one's sweep, and nothing else), and detection agreeing with the
 * kernel. This program also plays the bot inside a seat and, where detection or the cgroup pool
 * must start afresh (both are once per process), a referee of its own: see main. */
#include "t.h"
#include "sbx_seat_fixture.h"
#include "../../src/match/proc.h"
#include "../../src/sandbox/sbx.h"
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static char exe[4096]; /* this program, absolute */

/* ---------- helpers ---------- */

/* Reads the non-blocking fd into got until `line` has come (or 20 s without a byte). */
static bool read_until(int fd, const char *line, buf_t *got) {
    size_t from = got->len;
    bool seen = false;
    char c;
    while (!seen) {
        ssize_t k = read(fd, &c, 1);
        if (k == 1) {
            buf_putc(got, c);
            seen = strstr(buf_cstr(got) + from, line) != NULL;
        } else if (k < 0 && (errno == EAGAIN || errno == EINTR)) {
            struct pollfd pf = {fd, POLLIN, 0};
            if (poll(&pf, 1, 20000) <= 0) break;
        } else {
            break;
        }
    }
    if (!seen) printf("# waited for \"%s\", got \"%s\"\n", line, buf_cstr(got) + from);
    return seen;
}

/* Runs this program afresh as `exe mode [arg]`: its stdout into out; its exit status, or -1. */
static int run_self(const char *mode, const char *arg, buf_t *out) {
    int p[2];
    if (pipe2(p, O_CLOEXEC) != 0) return -1;
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(p[1], 1);
        execl(exe, exe, mode, arg, (char *)NULL);
        _exit(126);
    }
    close(p[1]);
    if (pid > 0) fixture_read_all(p[0], out);
    close(p[0]);
    int st;
    if (pid < 0 || waitpid(pid, &st, 0) != pid) return -1;
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* A pid that ran and no longer does (a child, reaped). */
static pid_t dead_pid(void) {
    pid_t pid = fork();
    if (pid == 0) _exit(0);
    int st;
    waitpid(pid, &st, 0);
    return pid;
}

static bool touch(const char *path) {
    int fd = open(path, O_CREAT | O_WRONLY | O_CLOEXEC, 0600);
    if (fd >= 0) close(fd);
    return fd >= 0;
}

/* ---------- a tcp seat ---------- */

/* The bot of a tcp seat: listens on 127.0.0.1:port, says so on stdout, tries to bind port + 1
 * as well, and tells its first caller what that second bind got. */
static int tcp_bot(int port) {
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    int s = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (s < 0 || bind(s, (struct sockaddr *)&a, sizeof a) != 0 || listen(s, 4) != 0) {
        printf("cannot listen: %s\n", strerror(errno));
        return 1;
    }
    a.sin_port = htons((uint16_t)(port + 1));
    int o = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    const char *other = o >= 0 && bind(o, (struct sockaddr *)&a, sizeof a) == 0 ? "ok" : errno == EACCES ? "EACCES" : strerror(errno);
    printf("listening\n");
    fflush(stdout);
    int c = accept4(s, NULL, NULL, SOCK_CLOEXEC);
    if (c < 0) return 1;
    dprintf(c, "hello other=%s\n", other);
    close(c);
    return 0;
}

typedef struct {
    sandbox_seat *b;
    proc_t p;
    int port;
} tcp_seat;

/* A port free on this machine (the seat's own loopback has every port free). */
static int free_port(void) {
    int s = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct sockaddr_in a = {.sin_family = AF_INET};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t n = sizeof a;
    int port = 0;
    if (s >= 0 && bind(s, (struct sockaddr *)&a, sizeof a) == 0 && getsockname(s, (struct sockaddr *)&a, &n) == 0)
        port = ntohs(a.sin_port);
    if (s >= 0) close(s);
    return port > 0 && port < 65535 ? port : 40123;
}

/* Starts the tcp bot in a seat as the referee does (spawn, then the seat's outside part). */
static bool tcp_seat_start(tcp_seat *t) {
    char port[16];
    t->port = free_port();
    snprintf(port, sizeof port, "%d", t->port);
    const char *argv[] = {exe, "--tcp-bot", port, NULL};
    t->b = fixture_seat(NULL, argv, true, t->port);
    if (!t->b) return false;
    proc_opts o = {.argv = argv, .sandbox = t->b};
    if (!proc_spawn(&o, &t->p)) {
        printf("# cannot start the seat: %s\n", strerror(errno));
        sandbox_seat_free(t->b);
        return false;
    }
    buf_t err;
    buf_init(&err);
    bool ok = sandbox_seat_started(t->b, t->p.pid, t->p.pid_fd, &err);
    if (!ok) {
        printf("# %s\n", buf_cstr(&err));
        proc_kill(&t->p);
        proc_close(&t->p);
        sandbox_seat_free(t->b);
    }
    buf_free(&err);
    return ok;
}

static void seat_end(sandbox_seat *b, proc_t *p) {
    proc_kill(p);
    proc_close(p);
    sandbox_seat_finish(b);
}

TEST(a_tcp_seat_is_reached_on_its_own_loopback_and_binds_only_its_port) {
    tcp_seat t;
    CHECK(tcp_seat_start(&t));
    if (!t.b) return;
    buf_t said;
    buf_init(&said);
    if (!read_until(t.p.out_fd, "listening\n", &said)) {
        buf_reset(&said);
        fixture_read_all(t.p.err_fd, &said);
        printf("# the bot's stderr: %s\n", buf_cstr(&said));
        CHECK(!"the bot listens");
    }
    buf_free(&said);
    /* the referee's socket, made inside the seat's network namespace (-2: it has none) */
    int fd = sandbox_seat_socket(t.b);
    if (fd == -2) fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    CHECK(fd >= 0);
    buf_t hello;
    buf_init(&hello);
    if (fd >= 0) {
        struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)t.port)};
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        int rc = connect(fd, (struct sockaddr *)&a, sizeof a);
        CHECK(rc == 0 || errno == EINPROGRESS);
        fixture_read_all(fd, &hello);
        close(fd);
    }
    /* Landlock's TCP rules (ABI 4+) let it bind its own port and no other */
    if (sandbox_seat_uses(t.b, SBX_LANDLOCK) && sandbox_detect()->landlock_abi >= 4)
        CHECK_EQ_STR(buf_cstr(&hello), "hello other=EACCES\n");
    else
        CHECK(strncmp(buf_cstr(&hello), "hello other=", 12) == 0);
    buf_free(&hello);
    seat_end(t.b, &t.p);
    sandbox_seat_free(t.b);
}

TEST(a_tcp_seats_helper_process_ends_with_the_seat) {
    /* a tournament plays thousands of tcp matches in one referee: no helper may outlive its seat */
    tcp_seat t;
    CHECK(tcp_seat_start(&t));
    if (!t.b) return;
    pid_t helper = t.b->helper_pid;
    CHECK(helper > 0 && kill(helper, 0) == 0);
    seat_end(t.b, &t.p);
    CHECK(helper <= 0 || (kill(helper, 0) != 0 && errno == ESRCH));
    sandbox_seat_free(t.b);
}

TEST(a_tcp_seat_whose_helper_cannot_make_a_socket_says_why) {
    /* the helper runs out of descriptors: the referee gets its errno, and no socket */
    tcp_seat t;
    CHECK(tcp_seat_start(&t));
    if (!t.b) return;
    struct rlimit none = {0, 0};
    CHECK(prlimit(t.b->helper_pid, RLIMIT_NOFILE, &none, NULL) == 0);
    errno = 0;
    CHECK_EQ_INT(sandbox_seat_socket(t.b), -1);
    CHECK_EQ_INT(errno, EMFILE);
    seat_end(t.b, &t.p);
    sandbox_seat_free(t.b);
}

TEST(a_tcp_seats_helper_that_does_not_answer_or_died_says_so) {
    tcp_seat t;
    CHECK(tcp_seat_start(&t));
    if (!t.b) return;
    pid_t helper = t.b->helper_pid;
    /* stopped: the referee waits for it 2 s, then gives up */
    CHECK(kill(helper, SIGSTOP) == 0);
    errno = 0;
    CHECK_EQ_INT(sandbox_seat_socket(t.b), -1);
    CHECK_EQ_INT(errno, ETIMEDOUT);
    /* dead (left unreaped: the seat's end reaps it): an error, and no SIGPIPE for the referee */
    CHECK(kill(helper, SIGKILL) == 0);
    siginfo_t si;
    CHECK(waitid(P_PID, (id_t)helper, &si, WEXITED | WNOWAIT) == 0);
    errno = 0;
    CHECK_EQ_INT(sandbox_seat_socket(t.b), -1);
    CHECK(errno == EPIPE || errno == ECONNRESET || errno == EIO);
    if (t_failed_now) printf("# errno %d (%s)\n", errno, strerror(errno));
    seat_end(t.b, &t.p);
    sandbox_seat_free(t.b);
}

/* ---------- the seat's init ---------- */

/* Inside a seat: pid 1's command line, NULs shown as '|'. */
static int print_init_cmdline(void) {
    char buf[4096];
    int fd = open("/proc/1/cmdline", O_RDONLY | O_CLOEXEC);
    ssize_t n = fd >= 0 ? read(fd, buf, sizeof buf) : -1;
    if (n < 0) printf("cannot read /proc/1/cmdline: %s", strerror(errno));
    for (ssize_t i = 0; i < n; i++) putchar(buf[i] ? buf[i] : '|');
    putchar('\n');
    return 0;
}

/* One seat whose bot prints its init's command line: that line, into out. A tcp seat's init waits
 * for the referee's helper; here the referee lets it go on only after the bot has printed, so the
 * bot runs while init waits (as a fast bot may on a loaded machine). */
static void init_cmdline_seen(bool tcp, buf_t *out) {
    const char *argv[] = {exe, "--print-init-cmdline", NULL};
    sandbox_seat *b = fixture_seat(NULL, argv, tcp, tcp ? free_port() : 0);
    if (!b) return;
    proc_opts o = {.argv = argv, .sandbox = b};
    proc_t p;
    if (proc_spawn(&o, &p)) {
        proc_close_stdin(&p);
        read_until(p.out_fd, "\n", out);
        buf_t err;
        buf_init(&err);
        if (tcp && !sandbox_seat_started(b, p.pid, p.pid_fd, &err)) printf("# %s\n", buf_cstr(&err));
        buf_free(&err);
        if (!proc_wait_exit(&p, 20000)) proc_kill(&p);
        proc_close(&p);
    }
    sandbox_seat_free(b);
}

/* A referee with a secret on its command line: a stdio seat's and a tcp seat's init, as seen by
 * their bots, one line each. */
static int referee_of_init_cmdline(void) {
    buf_t out;
    buf_init(&out);
    buf_puts(&out, "stdio: ");
    init_cmdline_seen(false, &out);
    if (sandbox_detect()->works[SBX_NET]) {
        buf_puts(&out, "tcp: ");
        init_cmdline_seen(true, &out);
    }
    fwrite(out.data, 1, out.len, stdout);
    buf_free(&out);
    return 0;
}

TEST(the_seats_init_shows_nothing_of_the_referees_command_line) {
    /* init is a copy of the referee, whose command line holds every seat's command and the seed */
    buf_t out;
    buf_init(&out);
    CHECK_EQ_INT(run_self("--referee-with-a-secret", "--seed=SECRET-of-the-referee-0123456789", &out), 0);
    CHECK(strstr(buf_cstr(&out), "SECRET") == NULL);
    int seats = 0;
    char *save = NULL;
    for (char *line = strtok_r((char *)buf_cstr(&out), "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        const char *s = strchr(line, ' ');
        CHECK(s && strncmp(s + 1, "arena-sandbox-init|", 19) == 0);
        CHECK(s && strspn(s + 20, "|") == strlen(s + 20)); /* the rest is blanked */
        if (t_failed_now) printf("# init's command line, seen from a %s\n", line);
        seats++;
    }
    CHECK_EQ_INT(seats, sandbox_detect()->works[SBX_NET] ? 2 : 1);
    buf_free(&out);
}

/* ---------- what a referee leaves behind ---------- */

/* In a fresh referee: one seat made and freed; prints its cgroup folders, then exits. */
static int cgroups_then_exit(void) {
    const char *argv[] = {"/bin/true", NULL};
    sandbox_seat *b = fixture_seat(NULL, argv, false, 0);
    if (!b) return 1;
    char dirs[2][4096];
    memcpy(dirs, b->cg.dir, sizeof dirs);
    sandbox_seat_free(b);
    for (int i = 0; i < 2; i++)
        if (dirs[i][0]) printf("%s %s\n", access(dirs[i], F_OK) == 0 ? "kept" : "gone", dirs[i]);
    return 0; /* exit: the process's exit handlers run */
}

TEST(a_referees_seat_cgroups_are_removed_when_it_exits) {
    buf_t out;
    buf_init(&out);
    CHECK_EQ_INT(run_self("--cgroups-then-exit", NULL, &out), 0);
    int dirs = 0;
    char *save = NULL;
    for (char *line = strtok_r((char *)buf_cstr(&out), "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        const char *dir = strchr(line, ' ');
        if (!dir) continue;
        dirs++;
        /* kept for the referee's next seats while it runs; removed when it exits */
        if (access(dir + 1, F_OK) == 0) printf("# left behind: %s\n", dir + 1);
        CHECK(access(dir + 1, F_OK) != 0);
        rmdir(dir + 1);
    }
    CHECK(dirs > 0);
    buf_free(&out);
}

TEST(the_next_referee_removes_the_cgroups_of_dead_referees_only) {
    /* where seat cgroups go (one folder under v2, the memory and the pids parent under v1) */
    const char *argv[] = {"/bin/true", NULL};
    sandbox_seat *b = fixture_seat(NULL, argv, false, 0);
    CHECK(b && sandbox_seat_uses(b, SBX_CGROUP));
    if (!b) return;
    char parents[2][4096];
    for (int i = 0; i < 2; i++) {
        snprintf(parents[i], sizeof parents[i], "%s", b->cg.dir[i]);
        char *slash = strrchr(parents[i], '/');
        if (slash) *slash = 0;
    }
    sandbox_seat_free(b);
    /* six leftovers of a dead referee, six cgroups of a running one (this one), interleaved in
     * whatever order the folder lists them; and the same under today's names, with the pid and
     * start time: six of a running referee (this one) and six of a dead one whose pid a later
     * process (this one) was given, which only the start time tells apart */
    pid_t dead = dead_pid(), alive = getpid();
    char path[8300], own[64], reused[64];
    sbx_owner_prefix(own, sizeof own);
    unsigned long long start = strtoull(strrchr(own, 't') + 1, NULL, 10);
    CHECK(start > 0);
    snprintf(reused, sizeof reused, "arena-%d-t%llu", (int)alive, start - 1);
    for (int i = 0; i < 2; i++)
        for (int k = 1; parents[i][0] && k <= 6; k++) {
            snprintf(path, sizeof path, "%s/arena-%d-%d-s0", parents[i], (int)dead, k);
            CHECK(mkdir(path, 0755) == 0);
            snprintf(path, sizeof path, "%s/arena-%d-live%d-s0", parents[i], (int)alive, k);
            CHECK(mkdir(path, 0755) == 0);
            snprintf(path, sizeof path, "%s/%s-%d-s0", parents[i], reused, k);
            CHECK(mkdir(path, 0755) == 0);
            snprintf(path, sizeof path, "%s/%s-live%d-s0", parents[i], own, k);
            CHECK(mkdir(path, 0755) == 0);
        }
    buf_t out;
    buf_init(&out);
    CHECK_EQ_INT(run_self("--detect", NULL, &out), 0); /* a new referee starts: its detection sweeps */
    for (int i = 0; i < 2; i++)
        for (int k = 1; parents[i][0] && k <= 6; k++) {
            snprintf(path, sizeof path, "%s/arena-%d-%d-s0", parents[i], (int)dead, k);
            if (access(path, F_OK) == 0) printf("# not swept: %s\n", path);
            CHECK(access(path, F_OK) != 0);
            rmdir(path);
            snprintf(path, sizeof path, "%s/%s-%d-s0", parents[i], reused, k);
            if (access(path, F_OK) == 0) printf("# not swept (its pid was reused): %s\n", path);
            CHECK(access(path, F_OK) != 0);
            rmdir(path);
            snprintf(path, sizeof path, "%s/arena-%d-live%d-s0", parents[i], (int)alive, k);
            if (access(path, F_OK) != 0) printf("# a running referee's cgroup was swept: %s\n", path);
            CHECK(access(path, F_OK) == 0);
            rmdir(path);
            snprintf(path, sizeof path, "%s/%s-live%d-s0", parents[i], own, k);
            if (access(path, F_OK) != 0) printf("# a running referee's cgroup was swept: %s\n", path);
            CHECK(access(path, F_OK) == 0);
            rmdir(path);
        }
    buf_free(&out);
}

TEST(the_sweep_removes_only_seat_folders_of_dead_referees_that_are_ours) {
    pid_t dead = dead_pid();
    const char *tmp = sbx_tmp_root();
    char left[4200], inside[4300], file[4200], link[4200], target[4200], in_target[4300], other[4200];
    /* a seat folder its dead referee could not remove: swept, with what is in it */
    snprintf(left, sizeof left, "%s/arena-%d-seat0-XXXXXX", tmp, (int)dead);
    CHECK(mkdtemp(left) != NULL);
    snprintf(inside, sizeof inside, "%s/f", left);
    CHECK(touch(inside));
    /* named like one, but not a folder: a file, and a link to someone's folder */
    snprintf(file, sizeof file, "%s/arena-%d-seat1-file", tmp, (int)dead);
    CHECK(touch(file));
    snprintf(target, sizeof target, "%s/arena-unit-target-XXXXXX", tmp);
    CHECK(mkdtemp(target) != NULL);
    snprintf(in_target, sizeof in_target, "%s/f", target);
    CHECK(touch(in_target));
    snprintf(link, sizeof link, "%s/arena-%d-seat2-link", tmp, (int)dead);
    CHECK(symlink(target, link) == 0);
    /* another user's seat folder (that user's next run sweeps it): only root can make one here */
    bool root = geteuid() == 0;
    snprintf(other, sizeof other, "%s/arena-%d-seat3-XXXXXX", tmp, (int)dead);
    if (root) CHECK(mkdtemp(other) != NULL && chown(other, 65534, 65534) == 0);
    /* today's names: a dead referee's whose pid this process was given (swept), and this
     * running referee's own (kept) */
    char own[64], reused[4200], mine[4200];
    sbx_owner_prefix(own, sizeof own);
    unsigned long long start = strtoull(strrchr(own, 't') + 1, NULL, 10);
    snprintf(reused, sizeof reused, "%s/arena-%d-t%llu-seat4-XXXXXX", tmp, (int)getpid(), start - 1);
    CHECK(start > 0 && mkdtemp(reused) != NULL);
    snprintf(mine, sizeof mine, "%s/%s-seat5-XXXXXX", tmp, own);
    CHECK(mkdtemp(mine) != NULL);
    sbx_sweep_folders();
    struct stat st;
    CHECK(stat(left, &st) != 0);
    CHECK(stat(reused, &st) != 0);
    CHECK(stat(mine, &st) == 0);
    rmdir(mine);
    CHECK(lstat(file, &st) == 0 && S_ISREG(st.st_mode));
    CHECK(lstat(link, &st) == 0 && S_ISLNK(st.st_mode));
    CHECK(stat(in_target, &st) == 0);
    if (root) CHECK(stat(other, &st) == 0 && st.st_uid == 65534);
    unlink(file);
    unlink(link);
    unlink(in_target);
    rmdir(target);
    if (root) rmdir(other);
}

/* ---------- detection ---------- */

/* Whether a process here may make its own user, network and IPC namespaces (asked directly). */
static bool kernel_gives_namespaces(void) {
    pid_t pid = fork();
    if (pid == 0) _exit(unshare(CLONE_NEWUSER | CLONE_NEWNET | CLONE_NEWIPC) == 0 ? 0 : 1);
    int st = 0;
    return pid > 0 && waitpid(pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 0;
}

TEST(detection_finds_the_namespaces_the_kernel_gives) {
    const sandbox_probe *p = sandbox_detect();
    static const sandbox_layer ls[] = {SBX_USER, SBX_NET, SBX_IPC};
    for (size_t i = 0; i < sizeof ls / sizeof ls[0]; i++) {
        if (!p->works[ls[i]]) printf("# %s: %s\n", sandbox_layer_name(ls[i]), p->why[ls[i]]);
        CHECK(p->works[ls[i]]);
    }
}

/* In a fresh referee: the plan of --sandbox strict --cgroup DIR, and why it is refused. */
static int plan_with_cgroup(const char *dir) {
    sandbox_config c;
    memset(&c, 0, sizeof c);
    c.mode = SANDBOX_STRICT;
    c.cgroup = dir;
    bool use[SBX_LAYER_COUNT];
    buf_t err;
    buf_init(&err);
    bool ok = sandbox_plan(&c, use, &err);
    printf("%s\n%s\n", ok ? "planned" : "refused", buf_cstr(&err));
    buf_free(&err);
    return 0;
}

TEST(the_cgroup_folder_given_is_the_one_tried) {
    buf_t out;
    buf_init(&out);
    CHECK_EQ_INT(run_self("--plan-with-cgroup", "/nonexistent/arena-unit-cgroup", &out), 0);
    CHECK(strstr(buf_cstr(&out), "layer cgroup does not work here: --cgroup /nonexistent/arena-unit-cgroup") != NULL);
    if (t_failed_now) printf("# %s", buf_cstr(&out));
    buf_free(&out);
}

static bool lists_pid(const char *dir, pid_t pid) {
    char f[4200];
    snprintf(f, sizeof f, "%s/cgroup.procs", dir);
    FILE *fp = fopen(f, "re");
    long v;
    bool found = false;
    while (fp && !found && fscanf(fp, "%ld", &v) == 1) found = v == (long)pid;
    if (fp) fclose(fp);
    return found;
}

TEST(a_process_finds_the_cgroup_folders_it_is_in) {
    /* what a seat's probe reads its limits from, and detection starts from */
    char mem[4096], pids[4096];
    sbx_cgroup_own(mem, pids, sizeof mem);
    CHECK(mem[0] && lists_pid(mem, getpid()));
    CHECK(!pids[0] || lists_pid(pids, getpid()));
    if (t_failed_now) printf("# memory: \"%s\"; pids: \"%s\"\n", mem, pids);
}

static bool cgroup_fs_mounted(void) {
    char text[65536];
    return sbx_read_file("/proc/self/mountinfo", text, sizeof text) &&
           (strstr(text, " - cgroup ") || strstr(text, " - cgroup2 "));
}

TEST(a_seat_without_a_sandbox_was_not_killed_by_a_memory_limit) {
    /* with --sandbox off a seat has no sandbox: the referee asks about its death all the same */
    CHECK(!sandbox_seat_oom_killed(NULL));
}

int main(int argc, char **argv) {
    /* the roles inside a seat: they leave at once (a coverage build could not write its counters
     * there, and a seat runs no exit handlers of the referee's) */
    if (argc == 3 && strcmp(argv[1], "--tcp-bot") == 0) {
        int rc = tcp_bot(atoi(argv[2]));
        fflush(stdout);
        _exit(rc);
    }
    if (argc == 2 && strcmp(argv[1], "--print-init-cmdline") == 0) {
        print_init_cmdline();
        fflush(stdout);
        _exit(0);
    }
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    exe[n > 0 ? n : 0] = 0;
    /* the roles of a fresh referee */
    if (argc == 3 && strcmp(argv[1], "--referee-with-a-secret") == 0) return referee_of_init_cmdline();
    if (argc == 2 && strcmp(argv[1], "--cgroups-then-exit") == 0) return cgroups_then_exit();
    if (argc == 2 && strcmp(argv[1], "--detect") == 0) return sandbox_detect() ? 0 : 1;
    if (argc == 3 && strcmp(argv[1], "--plan-with-cgroup") == 0) return plan_with_cgroup(argv[2]);

    const sandbox_probe *p = sandbox_detect();
    RUN(a_tcp_seat_is_reached_on_its_own_loopback_and_binds_only_its_port);
    if (p->works[SBX_NET]) {
        RUN(a_tcp_seats_helper_process_ends_with_the_seat);
        RUN(a_tcp_seat_whose_helper_cannot_make_a_socket_says_why);
        RUN(a_tcp_seats_helper_that_does_not_answer_or_died_says_so);
    } else {
        printf("# skipped (not counted): the tcp helper's tests: no network namespace here (%s), so no helper\n", p->why[SBX_NET]);
    }
    if (p->works[SBX_PID]) RUN(the_seats_init_shows_nothing_of_the_referees_command_line);
    else printf("# skipped (not counted): the_seats_init_shows_nothing_of_the_referees_command_line: no pid namespace here\n");
    if (p->works[SBX_CGROUP]) {
        RUN(a_referees_seat_cgroups_are_removed_when_it_exits);
        RUN(the_next_referee_removes_the_cgroups_of_dead_referees_only);
    } else {
        printf("# skipped (not counted): the seat cgroups' removal: the cgroup layer does not work here (%s)\n", p->why[SBX_CGROUP]);
    }
    RUN(the_sweep_removes_only_seat_folders_of_dead_referees_that_are_ours);
    if (kernel_gives_namespaces()) RUN(detection_finds_the_namespaces_the_kernel_gives);
    else printf("# skipped (not counted): detection_finds_the_namespaces_the_kernel_gives: the kernel refuses them here\n");
    RUN(the_cgroup_folder_given_is_the_one_tried);
    if (cgroup_fs_mounted()) RUN(a_process_finds_the_cgroup_folders_it_is_in);
    else printf("# skipped (not counted): a_process_finds_the_cgroup_folders_it_is_in: no cgroup file system mounted\n");
    RUN(a_seat_without_a_sandbox_was_not_killed_by_a_memory_limit);
    return T_DONE();
}
