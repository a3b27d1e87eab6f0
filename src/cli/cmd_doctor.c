/* cmd_doctor.c: `arena doctor`: which sandbox layers work on this machine and why, a sandboxed
 * process started for real, and (--bench N) what each layer costs at process start. */
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
#include <sys/utsname.h>
#include <unistd.h>

static void help(void) {
    printf("usage: arena doctor [--json] [--bench N] [sandbox flags]\n\n"
           "Reports which layers of the bots' sandbox work on this machine and why (each one is tried,\n"
           "not guessed), what `--sandbox on` (the default) applies here, and starts one sandboxed\n"
           "process to show that it runs. docs/sandbox.md says what each layer stops.\n"
           "  --json       one JSON object (layers with works and why, the smoke test)\n"
           "  --bench N    start and reap /bin/true N times with the sandbox off, with each group of\n"
           "               layers added in turn, and fully on; prints the median and p99 in microseconds\n"
           "exit status: 0 when the sandboxed smoke test ran, 1 when it did not, 2 usage error\n");
}

/* Starts argv under config c (NULL: no sandbox) and waits for it; returns the time from the
 * spawn to the reaped exit in microseconds, or -1 (why in err). Output goes to out. */
static int64_t run_once(const sandbox_config *c, const char *const *argv, buf_t *out, buf_t *err) {
    sandbox_seat *box = NULL;
    proc_opts o = {.argv = argv, .use_path = false};
    int64_t t0 = clock_now_us();
    if (c && c->mode != SANDBOX_OFF) {
        sandbox_limits lim;
        memset(&lim, 0, sizeof lim);
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
            int64_t us = run_once(&c, argv, &out, &err);
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

int cmd_doctor(int argc, char **argv) {
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
    buf_t out, serr;
    buf_init(&out);
    buf_init(&serr);
    int64_t us = planned ? run_once(&c, smoke_argv, &out, &serr) : -1;
    bool smoke_ok = us >= 0 && strstr(buf_cstr(&out), "sandboxed") != NULL;
    int applied = 0;
    for (int l = 0; l < SBX_LAYER_COUNT; l++) applied += use[l];
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
            jw_key(&w, "why"), jw_str(&w, p->why[l]);
            jw_obj_end(&w);
        }
        jw_arr_end(&w);
        jw_key(&w, "smoke_ok"), jw_bool(&w, smoke_ok);
        jw_key(&w, "smoke_us"), jw_int(&w, us);
        if (!smoke_ok) jw_key(&w, "smoke_error"), jw_str(&w, serr.len ? buf_cstr(&serr) : buf_cstr(&err));
        jw_obj_end(&w);
        printf("%s\n", buf_cstr(&jb));
        buf_free(&jb);
    } else {
        printf("arena doctor: the bots' sandbox on this machine\n");
        printf("kernel %s (%s), running as %s (uid %d)\n\n", u.release, u.machine, p->root ? "root" : "a user",
               (int)geteuid());
        printf("%-9s %-6s %s\n", "layer", "works", "why");
        for (int l = 0; l < SBX_LAYER_COUNT; l++)
            printf("%-9s %-6s %s\n", sandbox_layer_name((sandbox_layer)l), p->works[l] ? "yes" : "NO", p->why[l]);
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
        printf("\nwhat each layer stops: docs/sandbox.md; defaults per seat: --mem-mb %d --cpu-s %d --procs %d "
               "--fsize-mb %d --nofile %d --disk-mb %d (games may change mem, cpu and procs)\n",
               SANDBOX_DEFAULT_MEM_MB, SANDBOX_DEFAULT_CPU_S, SANDBOX_DEFAULT_PROCS, SANDBOX_DEFAULT_FSIZE_MB,
               SANDBOX_DEFAULT_NOFILE, SANDBOX_DEFAULT_DISK_MB);
    }
    buf_free(&out);
    buf_free(&serr);
    buf_free(&err);
    return smoke_ok || c.mode == SANDBOX_OFF ? EXIT_OK : EXIT_FAIL;
}
