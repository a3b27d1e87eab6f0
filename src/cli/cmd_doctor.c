/* cmd_doctor.c: `arena doctor`: which sandbox layers work on this machine and why, and which are
 * really in force inside a seat (a probe, this very binary run as `arena doctor --inside`, reports
 * what it sees from inside and each layer is proven from that), and (--bench N) what each layer
 * costs at process start. */
#include "cli.h"
#include "../core/clock.h"
#include "../core/jw.h"
#include "../core/text.h"
#include "../match/proc.h"
#include "../core/xalloc.h"
#include <errno.h>
#include <poll.h>
#include <sys/wait.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

static void help(void) {
    printf("usage: arena doctor [--json] [--bench N] [sandbox flags]\n\n"
           "Reports which layers of the bots' sandbox work on this machine and why (each one is tried,\n"
           "not guessed), and which are really in force inside a seat: a probe started in a sandboxed\n"
           "seat reports what it sees (its namespaces, capabilities, a refused system call, a refused\n"
           "open, its cgroup, limits, descriptors, environment and folder), and each layer `--sandbox\n"
           "on` (the default) applies is proven from that. docs/sandbox.md says what each layer stops.\n"
           "  --json       one JSON object (layers with works, applied, in_force, why and seen)\n"
           "  --bench N    start and reap /bin/true N times with the sandbox off, with each group of\n"
           "               layers added in turn, and fully on; prints the median and p99 in microseconds\n"
           "exit status: 0 when a sandboxed process ran and every applied layer is in force, 1 when\n"
           "not, 2 usage error\n");
}

/* Starts argv under config c (NULL: no sandbox) and waits for it; returns the time from the
 * spawn to the reaped exit in microseconds, or -1 (why in err). Output goes to out. With proof
 * (and a sandbox), the output is a probe's observations and each layer is proven from them. */
static int64_t run_once(const sandbox_config *c, const char *const *argv, buf_t *out, buf_t *err,
                        const char *canary, sandbox_proof *proof) {
    sandbox_seat *box = NULL;
    proc_opts o = {.argv = argv, .use_path = false};
    int64_t t0 = clock_now_us();
    if (c && c->mode != SANDBOX_OFF) {
        sandbox_limits lim;
        memset(&lim, 0, sizeof lim);
#if defined(__SANITIZE_ADDRESS__)
        lim.as_mb = -1; /* an AddressSanitizer build (make sanitize) reserves terabytes of address space */
#endif
        sandbox_seat_spec spec = {.seat = 0, .argv = argv};
        box = sandbox_seat_new(c, &lim, SBX_WORKDIR_TEMP, &spec, err);
        if (!box) return -1;
        o.sandbox = box;
    }
    proc_t p;
    if (!proc_spawn(&o, &p)) {
        buf_printf(err, "cannot start %s", argv[0]);
        sandbox_seat_free(box);
        return -1;
    }
    proc_close_stdin(&p);
    /* read stdout and stderr to the end, then reap */
    for (int k = 0; k < 2; k++) {
        int fd = k == 0 ? p.out_fd : p.err_fd;
        char chunk[4096];
        for (;;) {
            ssize_t n = read(fd, chunk, sizeof chunk);
            if (n > 0) {
                buf_append(out, chunk, (size_t)n);
                continue;
            }
            if (n < 0 && (errno == EAGAIN || errno == EINTR)) {
                struct pollfd pf = {fd, POLLIN, 0};
                if (poll(&pf, 1, 5000) <= 0) break;
                continue;
            }
            break;
        }
    }
    proc_wait_exit(&p, 5000);
    int64_t t = clock_now_us() - t0;
    bool clean = p.exited && WIFEXITED(p.wait_status) && WEXITSTATUS(p.wait_status) == 0;
    if (!p.exited) proc_kill(&p);
    proc_close(&p);
    if (box && proof && clean) sandbox_inside_prove(box, buf_cstr(out), canary, proof);
    if (box) {
        sandbox_seat_finish(box);
        sandbox_seat_free(box);
    }
    if (!clean) {
        buf_printf(err, "%s did not exit cleanly", argv[0]);
        return -1;
    }
    return t;
}

static int cmp64(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

static double pct(int64_t *v, int n, double p) {
    qsort(v, (size_t)n, sizeof *v, cmp64);
    int k = (int)ceil(p * n) - 1;
    return n ? (double)v[k < 0 ? 0 : k] : 0;
}

/* --bench: the cost of each group of layers at process start. */
static int bench(const sandbox_config *base, int n, bool json) {
    static const char *const argv[] = {"/bin/true", NULL};
    unsigned all = (1u << SBX_LAYER_COUNT) - 1;
    unsigned simple = 1u << SBX_ENV | 1u << SBX_WORKDIR | 1u << SBX_RLIMITS | 1u << SBX_CAPS;
    unsigned ns = 1u << SBX_USER | 1u << SBX_PID | 1u << SBX_NET | 1u << SBX_MOUNT | 1u << SBX_IPC;
    const struct {
        const char *name;
        bool off;
        unsigned with;
    } steps[] = {
        {"off (fork, session, pipes, exec)", true, 0},
        {"+ env, workdir, rlimits, caps", false, simple},
        {"+ namespaces (user pid net mount ipc)", false, simple | ns},
        {"+ landlock", false, simple | ns | 1u << SBX_LANDLOCK},
        {"+ seccomp", false, simple | ns | 1u << SBX_LANDLOCK | 1u << SBX_SECCOMP},
        {"on (+ cgroup)", false, all},
    };
    int64_t *t = xcalloc((size_t)n, sizeof *t);
    if (json) printf("{\"runs\":%d,\"steps\":[", n);
    else printf("start and reap /bin/true, %d runs each (microseconds):\n", n);
    for (size_t s = 0; s < sizeof steps / sizeof steps[0]; s++) {
        sandbox_config c = *base;
        c.mode = steps[s].off ? SANDBOX_OFF : SANDBOX_ON;
        c.without = all & ~steps[s].with;
        int got = 0;
        buf_t out, err;
        buf_init(&out);
        buf_init(&err);
        for (int i = 0; i < n; i++) {
            buf_reset(&out);
            int64_t us = run_once(&c, argv, &out, &err, NULL, NULL);
            if (us >= 0) t[got++] = us;
        }
        double p50 = pct(t, got, 0.5), p99 = pct(t, got, 0.99);
        if (json) printf("%s{\"step\":\"%s\",\"p50_us\":%.0f,\"p99_us\":%.0f,\"ok\":%d}", s ? "," : "", steps[s].name, p50, p99, got);
        else printf("  %-40s p50 %7.0f   p99 %7.0f%s%s\n", steps[s].name, p50, p99, got < n ? "   failures: " : "",
                    got < n ? buf_cstr(&err) : "");
        buf_free(&out);
        buf_free(&err);
    }
    if (json) printf("]}\n");
    free(t);
    return EXIT_OK;
}

/* `arena doctor --inside CANARY`: the probe, run inside a seat by doctor itself. It leaves with
 * _exit: nothing at exit may run in a seat (a sanitizer's leak check would need ptrace). */
static int inside(const char *canary) {
    buf_t out;
    buf_init(&out);
    sandbox_inside_observe(canary, &out);
    fwrite(out.data, 1, out.len, stdout);
    fflush(stdout);
    _exit(0);
}

/* Runs the probe in a seat under config c and proves each layer from what it saw. The canary is a
 * file the referee can read in a folder the seat is not given (swept like any seat folder if we
 * die first). Returns the microseconds from spawn to exit, or -1 with why in err. */
static int64_t probe(const sandbox_config *c, sandbox_proof proof[SBX_LAYER_COUNT], buf_t *err) {
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) {
        buf_printf(err, "cannot find this program (/proc/self/exe): %s", strerror(errno));
        return -1;
    }
    exe[n] = 0;
    const char *tmp = getenv("TMPDIR") && *getenv("TMPDIR") == '/' ? getenv("TMPDIR") : "/tmp";
    char dir[4096], canary[4200];
    snprintf(dir, sizeof dir, "%s/arena-%d-probe-XXXXXX", tmp, (int)getpid());
    if (!mkdtemp(dir)) {
        buf_printf(err, "cannot create a folder under %s: %s", tmp, strerror(errno));
        return -1;
    }
    chmod(dir, 0755); /* readable by the seat's user if nothing but the sandbox stops it */
    snprintf(canary, sizeof canary, "%s/canary", dir);
    int fd = open(canary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd >= 0) {
        if (write(fd, "canary\n", 7) < 0) {}
        close(fd);
    }
    const char *const argv[] = {exe, "doctor", "--inside", canary, NULL};
    buf_t out;
    buf_init(&out);
    int64_t us = run_once(c, argv, &out, err, canary, proof);
    buf_free(&out);
    unlink(canary);
    rmdir(dir);
    return us;
}

int cmd_doctor(int argc, char **argv) {
    if (argc == 3 && strcmp(argv[1], "--inside") == 0) return inside(argv[2]);
    if (cli_wants_help(argc, argv)) {
        help();
        return EXIT_OK;
    }
    bool json = false;
    long long nbench = 0;
    sandbox_config c;
    memset(&c, 0, sizeof c);
    for (int i = 1; i < argc; i++) {
        const char *v;
        bool missing;
        int r;
        if (strcmp(argv[i], "--json") == 0) json = true;
        else if (cli_flag_value(argc, argv, &i, "--bench", &v, &missing)) {
            if (missing || !text_parse_ll(v, 1, 1000000, &nbench)) return cli_usage_error("doctor", "--bench needs a count");
        } else if ((r = cli_sandbox_flag("doctor", argc, argv, &i, &c)) != 0) {
            if (r < 0) return EXIT_USAGE;
        } else return cli_usage_error("doctor", "unknown argument %s", argv[i]);
    }
    bool use[SBX_LAYER_COUNT];
    buf_t err;
    buf_init(&err);
    bool planned = sandbox_plan(&c, use, &err);
    const sandbox_probe *p = sandbox_detect();
    if (nbench) {
        buf_free(&err);
        return bench(&c, (int)nbench, json);
    }
    struct utsname u;
    uname(&u);
    /* the smoke test: a shell in the sandbox, which must print and exit */
    static const char *const smoke_argv[] = {"/bin/sh", "-c", "echo sandboxed", NULL};
    buf_t out, serr, perr;
    buf_init(&out);
    buf_init(&serr);
    buf_init(&perr);
    int64_t us = planned ? run_once(&c, smoke_argv, &out, &serr, NULL, NULL) : -1;
    bool smoke_ok = us >= 0 && strstr(buf_cstr(&out), "sandboxed") != NULL;
    /* the probe: each applied layer proven from inside a seat */
    sandbox_proof proof[SBX_LAYER_COUNT];
    memset(proof, 0, sizeof proof);
    bool probed = planned && c.mode != SANDBOX_OFF && probe(&c, proof, &perr) >= 0;
    int applied = 0, missing = 0;
    for (int l = 0; l < SBX_LAYER_COUNT; l++) {
        applied += use[l];
        if (probed && use[l] && !(proof[l].checked && proof[l].in_force)) missing++;
    }
    bool proven = c.mode == SANDBOX_OFF || (probed && missing == 0);
    if (json) {
        buf_t jb;
        buf_init(&jb);
        jw_t w;
        jw_init(&w, &jb);
        jw_obj(&w);
        jw_key(&w, "kernel"), jw_str(&w, u.release);
        jw_key(&w, "machine"), jw_str(&w, u.machine);
        jw_key(&w, "root"), jw_bool(&w, p->root);
        jw_key(&w, "mode"), jw_str(&w, sandbox_mode_name(c.mode));
        jw_key(&w, "landlock_abi"), jw_int(&w, p->landlock_abi);
        jw_key(&w, "cgroup"), jw_str(&w, p->cgroup_kind);
        jw_key(&w, "layers");
        jw_arr(&w);
        for (int l = 0; l < SBX_LAYER_COUNT; l++) {
            jw_obj(&w);
            jw_key(&w, "name"), jw_str(&w, sandbox_layer_name((sandbox_layer)l));
            jw_key(&w, "works"), jw_bool(&w, p->works[l]);
            jw_key(&w, "applied"), jw_bool(&w, use[l]);
            /* in force: proven from inside the seat (null: not applied, or no probe ran) */
            jw_key(&w, "in_force");
            if (probed && use[l]) jw_bool(&w, proof[l].checked && proof[l].in_force);
            else jw_null(&w);
            jw_key(&w, "why"), jw_str(&w, p->why[l]);
            if (probed && proof[l].checked) jw_key(&w, "seen"), jw_str(&w, proof[l].evidence);
            jw_obj_end(&w);
        }
        jw_arr_end(&w);
        jw_key(&w, "smoke_ok"), jw_bool(&w, smoke_ok);
        jw_key(&w, "smoke_us"), jw_int(&w, us);
        if (!smoke_ok) jw_key(&w, "smoke_error"), jw_str(&w, serr.len ? buf_cstr(&serr) : buf_cstr(&err));
        jw_key(&w, "probe_ok"), jw_bool(&w, probed);
        if (!probed && perr.len) jw_key(&w, "probe_error"), jw_str(&w, buf_cstr(&perr));
        jw_key(&w, "all_in_force"), jw_bool(&w, proven);
        jw_obj_end(&w);
        printf("%s\n", buf_cstr(&jb));
        buf_free(&jb);
    } else {
        printf("arena doctor: the bots' sandbox on this machine\n");
        printf("kernel %s (%s), running as %s (uid %d)\n\n", u.release, u.machine, p->root ? "root" : "a user",
               (int)geteuid());
        printf("%-9s %-6s %-9s %s\n", "layer", "works", "in force", "why (and what a process inside a seat saw)");
        for (int l = 0; l < SBX_LAYER_COUNT; l++) {
            const char *force = !use[l] ? "-" : !probed ? "?" : proof[l].checked && proof[l].in_force ? "yes" : "NO";
            printf("%-9s %-6s %-9s %s\n", sandbox_layer_name((sandbox_layer)l), p->works[l] ? "yes" : "NO", force, p->why[l]);
            if (probed && proof[l].checked) printf("%-26s seen: %s\n", "", proof[l].evidence);
        }
        printf("\n--sandbox %s applies %d of %d layers here", sandbox_mode_name(c.mode), applied, SBX_LAYER_COUNT);
        if (applied < SBX_LAYER_COUNT && c.mode != SANDBOX_OFF) {
            printf(" (not:");
            for (int l = 0; l < SBX_LAYER_COUNT; l++)
                if (!use[l]) printf(" %s", sandbox_layer_name((sandbox_layer)l));
            printf(")");
        }
        printf(".\n");
        if (!planned) printf("%s\n", buf_cstr(&err));
        else if (smoke_ok) printf("smoke test: a sandboxed /bin/sh started, printed and exited in %.1f ms.\n", (double)us / 1000);
        else printf("smoke test FAILED: %s\n%s", buf_cstr(&serr), buf_cstr(&out));
        if (c.mode != SANDBOX_OFF && planned) {
            if (!probed) printf("probe FAILED: no process inside a seat reported what it sees: %s\n", buf_cstr(&perr));
            else if (missing) printf("%d applied layer%s NOT in force inside the seat (see 'seen' above).\n", missing,
                                     missing == 1 ? " is" : "s are");
            else printf("probe: every applied layer is in force inside a seat.\n");
        }
        printf("\nwhat each layer stops: docs/sandbox.md; defaults per seat: --mem-mb %d --cpu-s %d --procs %d "
               "--fsize-mb %d --nofile %d --disk-mb %d (games may change mem, cpu and procs)\n",
               SANDBOX_DEFAULT_MEM_MB, SANDBOX_DEFAULT_CPU_S, SANDBOX_DEFAULT_PROCS, SANDBOX_DEFAULT_FSIZE_MB,
               SANDBOX_DEFAULT_NOFILE, SANDBOX_DEFAULT_DISK_MB);
    }
    buf_free(&perr);
    buf_free(&out);
    buf_free(&serr);
    buf_free(&err);
    return (smoke_ok && proven) || c.mode == SANDBOX_OFF ? EXIT_OK : EXIT_FAIL;
}
