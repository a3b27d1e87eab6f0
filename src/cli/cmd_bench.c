/* cmd_bench.c: `arena bench GAME`: engine speed with built-in bots (one core, no sinks), and with
 * --referee the per-question cost of the referee next to a raw pipe round trip measured in the
 * same run. Figures only; no thresholds are tested here (the machine is shared and noisy). */
#include "cli.h"
#include "../compat/bench.h"
#include "bench_engine.h"
#include "bench_sim.h"
#include "../core/clock.h"
#include "../core/rng.h"
#include "../match/proc.h"
#include "../match/sinks.h"
#include "../match/transport_tcp.h"
#include "../core/xalloc.h"
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <errno.h>
#include <sched.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static void help(void) {
    printf("usage: arena bench GAME [--bot NAME] [--games N] [--seed S] [--seats N] [--option K=V]\n"
           "                  [--referee [--procs K] [--pin] [--seat SEAT]] [--tcp COMMAND] [--json]\n\n"
           "Engine only (default): plays N games (default 200) with built-in bot NAME in every seat on\n"
           "one core with no outputs, and prints games/s, turns/s and the ratio to the original's speed\n"
           "where one is recorded.\n"
           "--referee: plays with the C starter-kit program bin/kits/GAME/NAME in every seat (or the\n"
           "first --procs K seats) as a process and reports the median and 99th percentile of one question (first byte of the\n"
           "message to the reply's newline), next to a raw pipe round trip of the same message size\n"
           "between two processes, measured in the same run (in batches between the games; the pair\n"
           "spans CPU 0 and CPU 1 as the referee and its bots do). --pin puts the referee, its bots and\n"
           "the raw pair on CPU 0 (same-core round trips).\n"
           "--seat SEAT: the process seats run SEAT instead of the kit program (e.g. python:AGENT_DIR).\n"
           "--tcp COMMAND: seat 0 is tcp:COMMAND (the others built-ins); its questions are compared with\n"
           "a minimal client (connect, send, read the reply, close) against the same server.\n"
           "--json: one object with games_per_second, steps_per_second and, with --referee,\n"
           "move_p50_us, move_p99_us, pipe_p50_us, pipe_p99_us.\n"
           "The sandbox is off here (bench measures the referee); --sandbox on and the other sandbox\n"
           "flags of `arena play --help` measure it too (here --procs counts process seats).\n"
           "--procs and the sandbox flags need process seats (--referee, --seat or --tcp; --procs not\n"
           "with --tcp, whose server is the one process seat): without them they are refused.\n\n"
           "arena bench sim [GAME...] [--batch N,...] [--threads N,...] [--seconds S] [--json]: the\n"
           "simulator's speed (libarena); `arena bench sim --help` explains it.\n"
           "arena bench rezzo: Rezzo's own (its automaton against the reference stepper); see\n"
           "`arena bench rezzo --help`.\n");
}

typedef struct {
    int64_t *v;
    size_t n, cap;
} samples;

static void samples_add(samples *s, int64_t x) {
    if (s->n == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 4096;
        s->v = xrealloc(s->v, s->cap * sizeof *s->v);
    }
    s->v[s->n++] = x;
}

static int cmp64(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

static double percentile(samples *s, double p) {
    if (!s->n) return 0;
    qsort(s->v, s->n, sizeof *s->v, cmp64);
    size_t k = (size_t)ceil(p * (double)s->n) - 1;
    if (k >= s->n) k = s->n - 1;
    return (double)s->v[k];
}

typedef struct {
    samples q;
    size_t msg_bytes, msgs;
} bench_sink;

static void on_turn(void *ctx, const match_t *m) {
    bench_sink *b = ctx;
    for (int s = 0; s < m->cfg->nseats; s++)
        if (m->question_us[s] > 0) samples_add(&b->q, m->question_us[s]);
}

/* The size of the message a seat gets (the first turn's), to size the raw round trip. */
static size_t typical_message(const game_t *g, const game_options *opts, int seats, uint64_t seed) {
    rng_t rng;
    rng_seed(&rng, seed, 0);
    game_setup setup = {seats, opts, seed, &rng};
    buf_t err, msg;
    buf_init(&err);
    buf_init(&msg);
    void *st = g->rules.create(&setup, &err);
    size_t n = 0;
    if (st) {
        void *view = xcalloc(1, g->view_size);
        g->rules.view(st, 0, view);
        g->wire.encode_view(view, &msg);
        /* The first message carries a header; count a later one when the game has turns. */
        n = msg.len;
        free(view);
        g->rules.destroy(st);
    }
    buf_free(&err);
    buf_free(&msg);
    return n ? n : 64;
}

/* Raw round trip: the parent writes `size` bytes, a child reads them and answers a short line.
 * The child lives through the whole benchmark and the round trips are taken in batches between
 * the games, so both measurements see the same machine conditions over the same time span. */
typedef struct {
    pid_t pid;
    int to_child, from_child;
    char *msg;
    size_t size;
} raw_pipe;

static void pin_to(int cpu) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    sched_setaffinity(0, sizeof set, &set);
}

static bool raw_start(raw_pipe *p, size_t size, int child_cpu) {
    int to_child[2], to_parent[2];
    memset(p, 0, sizeof *p);
    if (pipe(to_child) || pipe(to_parent)) return false;
    p->pid = fork();
    if (p->pid == 0) {
        pin_to(child_cpu);
        close(to_child[1]);
        close(to_parent[0]);
        char *buf = xmalloc(size);
        for (;;) {
            size_t got = 0;
            while (got < size) {
                ssize_t n = read(to_child[0], buf + got, size - got);
                if (n <= 0) {
                    free(buf);
                    _exit(0);
                }
                got += (size_t)n;
            }
            if (write(to_parent[1], "pass\n", 5) != 5) {
                free(buf);
                _exit(0);
            }
        }
    }
    close(to_child[0]);
    close(to_parent[1]);
    p->to_child = to_child[1];
    p->from_child = to_parent[0];
    p->size = size;
    p->msg = xmalloc(size);
    memset(p->msg, '1', size);
    p->msg[size - 1] = '\n';
    return true;
}

/* The batch runs with the parent on CPU 0 (the child is on child_cpu); the parent's previous
 * affinity is restored afterwards so the referee's own scheduling is untouched. */
static void raw_batch(raw_pipe *p, size_t count, samples *out) {
    char reply[64];
    cpu_set_t saved;
    sched_getaffinity(0, sizeof saved, &saved);
    pin_to(0);
    for (size_t i = 0; i < count; i++) {
        int64_t t0 = clock_now_us();
        size_t off = 0;
        while (off < p->size) {
            ssize_t n = write(p->to_child, p->msg + off, p->size - off);
            if (n <= 0) return;
            off += (size_t)n;
        }
        size_t got = 0;
        for (;;) {
            ssize_t n = read(p->from_child, reply + got, sizeof reply - got);
            if (n <= 0) return;
            got += (size_t)n;
            if (memchr(reply, '\n', got)) break;
        }
        samples_add(out, clock_now_us() - t0);
    }
    sched_setaffinity(0, sizeof saved, &saved);
}

static void raw_stop(raw_pipe *p) {
    close(p->to_child);
    close(p->from_child);
    waitpid(p->pid, NULL, 0);
    free(p->msg);
}

/* --tcp: a minimal client against the same bot server (`COMMAND PORT`): a new connection per
 * request, send the message, read the reply up to its newline, close; no referee around it. */
static int minimal_client(const char *command, const char *msg, size_t len, size_t n, samples *t) {
    int port = -1;
    {
        /* a free port: bind port 0 on loopback and release it */
        int fd = socket(AF_INET, SOCK_STREAM, 0);
        struct sockaddr_in a = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
        socklen_t al = sizeof a;
        if (fd >= 0 && bind(fd, (struct sockaddr *)&a, sizeof a) == 0 && getsockname(fd, (struct sockaddr *)&a, &al) == 0)
            port = ntohs(a.sin_port);
        if (fd >= 0) close(fd);
    }
    if (port <= 0) return 1;
    char shcmd[4096];
    snprintf(shcmd, sizeof shcmd, "%s %d", command, port);
    const char *argv[] = {"/bin/sh", "-c", shcmd, NULL};
    proc_opts o = {.argv = argv, .stdout_to_stderr = true};
    proc_t p;
    if (!proc_spawn(&o, &p)) return 1;
    proc_close_stdin(&p);
    /* wait until it listens (the probe), at most 10 s */
    int64_t until = clock_now_us() + 10000000;
    for (;;) {
        bool inp;
        int fd = transport_tcp_connect(port, &inp);
        if (fd >= 0 && inp) {
            struct pollfd pf = {fd, POLLOUT, 0};
            int e = 0;
            socklen_t el = sizeof e;
            if (poll(&pf, 1, 100) <= 0 || getsockopt(fd, SOL_SOCKET, SO_ERROR, &e, &el) < 0 || e) close(fd), fd = -1;
        }
        if (fd >= 0) {
            close(fd);
            break;
        }
        if (clock_now_us() > until) {
            proc_kill(&p);
            proc_close(&p);
            return 1;
        }
        usleep(10000);
    }
    char buf[4096];
    for (size_t i = 0; i < n; i++) {
        int64_t t0 = clock_now_us();
        bool inp;
        int fd = transport_tcp_connect(port, &inp);
        if (fd < 0) break;
        struct pollfd pf = {fd, POLLOUT, 0};
        if (inp) poll(&pf, 1, 1000);
        size_t off = 0;
        while (off < len) {
            ssize_t w = send(fd, msg + off, len - off, MSG_NOSIGNAL);
            if (w > 0) off += (size_t)w;
            else if (w < 0 && errno == EAGAIN) poll(&pf, 1, 1000);
            else break;
        }
        for (;;) {
            struct pollfd pr = {fd, POLLIN, 0};
            poll(&pr, 1, 1000);
            ssize_t k = recv(fd, buf, sizeof buf, MSG_DONTWAIT);
            if (k < 0 && errno == EAGAIN) continue;
            if (k <= 0 || memchr(buf, '\n', (size_t)k)) break;
        }
        close(fd);
        samples_add(t, clock_now_us() - t0);
    }
    bool inp;
    int fd = transport_tcp_connect(port, &inp);
    if (fd >= 0) {
        struct pollfd pf = {fd, POLLOUT, 0};
        if (inp) poll(&pf, 1, 200);
        if (send(fd, "EXIT\n", 5, MSG_NOSIGNAL) < 0) {}
        close(fd);
    }
    proc_wait_exit(&p, 1000);
    proc_kill(&p);
    proc_close(&p);
    return 0;
}

int cmd_bench(int argc, char **argv) {
    /* the simulator (bench_sim.c), with its own --help */
    if (argc >= 2 && strcmp(argv[1], "sim") == 0) return bench_sim(argc - 1, argv + 1);
    /* A game whose benchmark is its own (Rezzo's CA against the reference stepper), with its own
     * --help too. */
    bench_main_fn own = argc >= 2 ? bench_game_main(argv[1]) : NULL;
    if (own) return own(argc - 1, argv + 1);
    if (cli_wants_help(argc, argv)) {
        help();
        return EXIT_OK;
    }
    if (argc < 2) return cli_usage_error("bench", "missing GAME (or sim: %s bench sim --help)", cli_program());
    const game_t *g = cli_game("bench", argv[1]);
    if (!g) return EXIT_USAGE;
    /* Defaults: the engine plays the game's random bot (the first whose name starts with
     * "random"), the referee and tcp modes the first built-in (the one that does least); 4 seats
     * where the game allows them. */
    const char *bot = g->bots[0].name;
    for (const game_bot *b = g->bots; b->name; b++)
        if (strncmp(b->name, "random", 6) == 0) {
            bot = b->name;
            break;
        }
    bool bot_given = false;
    const char *tcp_cmd = NULL, *seat_arg = NULL;
    uint64_t games = 200, seed = 1, procs = GAME_MAX_SEATS;
    uint64_t seats = (uint64_t)(g->max_seats < 4 ? g->max_seats : g->min_seats > 4 ? g->min_seats : 4);
    bool referee = false, json = false, pin = false, procs_given = false, sandbox_given = false;
    char *kv[32];
    int nkv = 0;
    /* bench measures the referee: the sandbox is off unless asked for (its own cost is measured
     * with --sandbox on, docs/benchmarks.md "Sandbox") */
    sandbox_config sandbox;
    memset(&sandbox, 0, sizeof sandbox);
    sandbox.mode = SANDBOX_OFF;
    for (int i = 2; i < argc; i++) {
        const char *v;
        bool missing;
        int sandbox_flag;
        if (strcmp(argv[i], "--referee") == 0) referee = true;
        else if (strcmp(argv[i], "--pin") == 0) pin = true;
        else if (strcmp(argv[i], "--json") == 0) json = true;
        else if (cli_flag_value(argc, argv, &i, "--bot", &v, &missing)) {
            if (missing) return cli_usage_error("bench", "--bot needs a name");
            bot = v;
            bot_given = true;
        } else if (cli_flag_value(argc, argv, &i, "--games", &v, &missing)) {
            if (missing || !cli_parse_u64(v, 100000000, &games) || games == 0)
                return cli_usage_error("bench", "--games %s: expected 1 to 100000000", missing ? "" : v);
        } else if (cli_flag_value(argc, argv, &i, "--seed", &v, &missing)) {
            if (missing || !cli_parse_u64(v, RNG_SEED_MAX, &seed)) /* it said only "bad --seed" */
                return cli_usage_error("bench", "--seed %s: expected an integer from 0 to 2^53-1", missing ? "" : v);
        } else if (cli_flag_value(argc, argv, &i, "--seats", &v, &missing)) {
            if (missing || !cli_parse_u64(v, GAME_MAX_SEATS, &seats) || (int)seats < g->min_seats ||
                (int)seats > g->max_seats)
                return cli_usage_error("bench", "--seats must be from %d to %d", g->min_seats, g->max_seats);
        } else if (cli_flag_value(argc, argv, &i, "--seat", &v, &missing)) {
            if (missing) return cli_usage_error("bench", "--seat needs a seat string");
            seat_arg = v;
            referee = true;
        } else if (cli_flag_value(argc, argv, &i, "--tcp", &v, &missing)) {
            if (missing) return cli_usage_error("bench", "--tcp needs a bot server command");
            tcp_cmd = v;
        } else if (cli_flag_value(argc, argv, &i, "--procs", &v, &missing)) {
            if (missing || !cli_parse_u64(v, GAME_MAX_SEATS, &procs) || procs == 0)
                return cli_usage_error("bench", "--procs needs a number of process seats");
            procs_given = true;
        } else if (cli_flag_value(argc, argv, &i, "--option", &v, &missing)) {
            if (missing || nkv >= 32) return cli_usage_error("bench", "--option needs KEY=VALUE");
            kv[nkv++] = (char *)v;
        } else if ((sandbox_flag = cli_sandbox_flag("bench", argc, argv, &i, &sandbox)) != 0) {
            if (sandbox_flag < 0) return EXIT_USAGE;
            sandbox_given = true;
        } else return cli_usage_error("bench", "unknown argument %s", argv[i]);
    }
    /* flags that only process seats take measured nothing without them, without a word (the figures
     * were the engine's); --tcp's one process seat is seat 0 whatever --procs said */
    if (procs_given && tcp_cmd)
        return cli_usage_error("bench", "--procs does not apply to --tcp: its bot server is the one process seat (seat 0)");
    if (procs_given && !referee)
        return cli_usage_error("bench", "--procs counts --referee's process seats: give --referee (or --seat)");
    if (sandbox_given && !referee && !tcp_cmd)
        return cli_usage_error("bench", "the sandbox flags apply to process seats: give --referee, --seat or --tcp (the "
                                        "engine-only bench plays built-in bots, which the sandbox does not hold)");
    if ((referee || tcp_cmd) && !bot_given) bot = g->bots[0].name;
    if (tcp_cmd) referee = true;
    if (!game_find_bot(g, bot)) { /* named as play names them, with the game's bots */
        buf_t known;
        buf_init(&known);
        game_bot_names(g, " ", &known);
        cli_usage_error("bench", "no built-in bot '%s' for %s; built-ins are: %s", bot, g->id, buf_cstr(&known));
        buf_free(&known);
        return EXIT_USAGE;
    }
    static match_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.game = g;
    cfg.clock = match_default_clock(g);
    cfg.nseats = (int)seats;
    cfg.quick = true;
    cfg.sandbox = sandbox;
    if (!cli_sandbox_check("bench", &cfg.sandbox)) return EXIT_FAIL;
    buf_t err;
    buf_init(&err);
    if (!match_parse_options(g, nkv, kv, &cfg.options, &err)) {
        int rc = cli_usage_error("bench", "%s", buf_cstr(&err));
        buf_free(&err);
        return rc;
    }
    /* options the game checks against the seats (SuiteBot's bases, Chicken's moves) are refused as
     * `arena play` refuses them: they were a failure (exit 1) after the bench had started. A game
     * that cannot be made for another reason (out of memory) is a failure, as in play: it was
     * called a usage error. */
    rng_t probe_rng;
    rng_seed(&probe_rng, seed, RNG_STREAM_MATCH);
    game_setup probe = {cfg.nseats, &cfg.options, seed, &probe_rng};
    bool runtime_error;
    void *probe_state = game_create(g, &probe, &err, &runtime_error);
    if (!probe_state) {
        int rc = EXIT_FAIL;
        if (runtime_error) fprintf(stderr, "arena bench: the game could not be made: %s\n", buf_cstr(&err));
        else rc = cli_usage_error("bench", "%s", buf_cstr(&err));
        buf_free(&err);
        return rc;
    }
    g->rules.destroy(probe_state);
    char seatbuf[PATH_MAX + 64];
    if (tcp_cmd) {
        snprintf(seatbuf, sizeof seatbuf, "tcp:%s", tcp_cmd);
        procs = 1;
    } else if (seat_arg) {
        snprintf(seatbuf, sizeof seatbuf, "%s", seat_arg);
    } else if (referee) {
        char exe[PATH_MAX - 32];
        ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
        if (n <= 0) return EXIT_FAIL;
        exe[n] = 0;
        *strrchr(exe, '/') = 0;
        snprintf(seatbuf, sizeof seatbuf, "%s/kits/%s/%s", exe, g->id, bot);
        if (access(seatbuf, X_OK) != 0) {
            fprintf(stderr, "arena bench: %s is missing; build it with `make`\n", seatbuf);
            return EXIT_FAIL;
        }
    } else {
        snprintf(seatbuf, sizeof seatbuf, "builtin:%s", bot);
    }
    char builtin[128];
    snprintf(builtin, sizeof builtin, "builtin:%s", bot);
    for (int s = 0; s < cfg.nseats; s++)
        if (!seatspec_parse(g, (uint64_t)s < procs ? seatbuf : builtin, &cfg.seats[s], &err)) {
            /* a seat refused as play refuses it (a missing python: folder): a usage error, as there
             * (it was "arena bench: ..." and exit 1) */
            int rc = cli_usage_error("bench", "--seat %d: %s", s, buf_cstr(&err));
            buf_free(&err);
            return rc;
        } else if (!cli_seat_found("bench", "--seat", s, &cfg.seats[s], &cfg.sandbox)) {
            return EXIT_USAGE; /* (it measured nothing, then said the seats did not start) */
        }
    bench_sink bs = {0};
    sink_t sink = {.ctx = &bs, .on_turn = on_turn};
    if (referee) {
        cfg.sinks[0] = sink;
        cfg.nsinks = 1;
    }
    signal(SIGPIPE, SIG_IGN);
    long long steps = 0;
    uint64_t games_done = 0;
    samples pipe_s = {0};
    size_t msg = 0;
    raw_pipe raw = {0};
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    /* --pin: the referee, its bots and the raw pair all on CPU 0 (same-core round trips).
     * Otherwise the raw pair spans CPU 0 and CPU 1, as the referee and its bots do on a
     * multi-core machine. */
    int raw_child_cpu = pin || ncpu < 2 ? 0 : 1;
    if (pin) pin_to(0);
    if (referee) {
        msg = typical_message(g, &cfg.options, cfg.nseats, seed);
        if (!tcp_cmd && !raw_start(&raw, msg, raw_child_cpu)) return EXIT_FAIL;
    }
    int64_t busy_ns = 0;
    if (!referee) {
        int64_t t0 = clock_now_ns();
        if (bench_engine_games(g, &cfg.options, cfg.nseats, game_find_bot(g, bot), seed, 0, games, &steps, &err)) {
            fprintf(stderr, "arena bench: %s\n", buf_cstr(&err));
            buf_free(&err);
            return EXIT_FAIL;
        }
        busy_ns = clock_now_ns() - t0;
        games_done = games;
    }
    for (uint64_t k = games_done; k < games; k++) {
        int64_t t0 = clock_now_ns();
        cfg.seed = rng_derive_seed(seed, k);
        match_t *m = match_new(&cfg, &err);
        if (!m) {
            fprintf(stderr, "arena bench: %s\n", buf_cstr(&err));
            return EXIT_FAIL;
        }
        size_t before = bs.q.n;
        match_run(m);
        steps += m->turns_played;
        match_free(m);
        busy_ns += clock_now_ns() - t0;
        if (referee && !tcp_cmd) raw_batch(&raw, bs.q.n - before, &pipe_s);
    }
    if (referee && !tcp_cmd) raw_stop(&raw);
    if (tcp_cmd) {
        buf_t line;
        buf_init(&line);
        rng_t rng;
        rng_seed(&rng, seed, 0);
        game_setup setup = {cfg.nseats, &cfg.options, seed, &rng};
        void *st = g->rules.create(&setup, &err);
        void *view = xcalloc(1, g->view_size);
        if (st) {
            g->rules.view(st, 0, view);
            g->wire.encode_view(view, &line);
            g->rules.destroy(st);
        }
        free(view);
        if (minimal_client(tcp_cmd, line.data, line.len, bs.q.n, &pipe_s)) {
            fprintf(stderr, "arena bench: the minimal client could not reach %s\n", tcp_cmd);
            return EXIT_FAIL;
        }
        msg = line.len;
        buf_free(&line);
    }
    double secs = (double)busy_ns / 1e9;
    double gps = (double)games / secs, sps = (double)steps / secs;
    const bench_anchor *found = referee ? NULL : bench_anchor_find(g->id, bot);
    double anchor = found ? found->seconds_per_game : 0;
    const char *anchor_note = found ? found->note : NULL;
    if (json) {
        printf("{\"game\":\"%s\",\"bot\":\"%s\",\"games\":%llu,\"seconds\":%.6f,\"games_per_second\":%.3f,"
               "\"steps_per_second\":%.1f",
               g->id, bot, (unsigned long long)games, secs, gps, sps);
        if (anchor > 0) printf(",\"anchor_seconds_per_game\":%g,\"ratio_to_original\":%.1f", anchor, anchor * gps);
        if (referee)
            printf(",\"message_bytes\":%zu,\"questions\":%zu,\"move_p50_us\":%.0f,\"move_p99_us\":%.0f,"
                   "\"pipe_p50_us\":%.0f,\"pipe_p99_us\":%.0f",
                   msg, bs.q.n, percentile(&bs.q, 0.5), percentile(&bs.q, 0.99), percentile(&pipe_s, 0.5),
                   percentile(&pipe_s, 0.99));
        printf("}\n");
    } else {
        printf("%s, %s x%d, %llu games%s: %.3f s, %.1f games/s (%.3f ms per game), %.0f %ss/s\n", g->id,
               seat_arg ? seat_arg : bot, cfg.nseats, (unsigned long long)games,
               referee ? " (process seats)" : " (engine only, one core)", secs, gps, 1000.0 / gps, sps, g->turn_word);
        if (anchor > 0)
            printf("original: %.4g s per game (%s): Arena is %.0fx faster\n", anchor, anchor_note, anchor * gps);
        if (referee) {
            double q50 = percentile(&bs.q, 0.5), p50 = percentile(&pipe_s, 0.5);
            printf("question (first byte sent to reply newline), %zu questions: p50 %.0f us, p99 %.0f us\n", bs.q.n,
                   q50, percentile(&bs.q, 0.99));
            if (tcp_cmd)
                printf("minimal tcp client against the same server, %zu-byte message, same count: p50 %.0f us, "
                       "p99 %.0f us\n", msg, p50, percentile(&pipe_s, 0.99));
            else
                printf("raw pipe round trip (%s), %zu-byte message, same count, between the games: p50 %.0f us, "
                       "p99 %.0f us\n",
                       raw_child_cpu ? "CPU 0 <-> CPU 1" : "both on CPU 0", msg, p50, percentile(&pipe_s, 0.99));
            if (p50 > 0) printf("ratio of medians: %.2f\n", q50 / p50);
        }
    }
    /* Process seats that never answered (a seat that cannot start, a bot that crashes) measured
     * nothing: the figures above are zeros, not a result. */
    bool measured = !referee || bs.q.n > 0;
    if (!measured)
        fprintf(stderr, "arena: error: no question was answered: the process seats did not start or crashed "
                        "(try the seat with `arena play`, which says why)\n");
    for (int s = 0; s < cfg.nseats; s++) seatspec_free(&cfg.seats[s]);
    free(bs.q.v);
    free(pipe_s.v);
    buf_free(&err);
    return measured ? EXIT_OK : EXIT_FAIL;
}
