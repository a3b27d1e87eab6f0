/* bench_suitebot.c: `arena bench suitebot [--bot NAME] [--games N] [--seats N] [--referee]
 * [--tcp COMMAND] [--json]`.
 *   default     engine only: whole games with built-in bots through the game interface, one core,
 *               no sinks: games and rounds per second.
 *   --referee   the referee's cost per move with stdio process bots (bin/kits/suitebot/BOT), next
 *               to a raw pipe round trip of the same message size measured in the same run.
 *   --tcp CMD   a tcp bot server (CMD PORT) driven by the referee, next to a minimal client
 *               (connect, send the state line, read the reply, close) against the same server.
 * Speed is never gated in tests; docs/benchmarks.md records the figures with their commands. */
#include "cli.h"
#include "../core/clock.h"
#include "../core/rng.h"
#include "../core/text.h"
#include "../games/suitebot/sb.h"
#include "../match/proc.h"
#include "../match/transport_tcp.h"
#include <arpa/inet.h>
#include <errno.h>
#include <limits.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

static int cmp_i64(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

static int64_t pct(int64_t *v, size_t n, double p) {
    if (!n) return 0;
    qsort(v, n, sizeof *v, cmp_i64);
    size_t i = (size_t)(p * (double)(n - 1) + 0.5);
    return v[i];
}

/* ---- engine only: the game interface, built-in bots, no referee, no sinks ---- */

static int engine(const game_t *g, const game_options *o, int seats, const game_bot *bot, int games, double *gps,
                  double *sps) {
    void *view = calloc(1, g->view_size);
    unsigned char *acts = calloc((size_t)seats, g->action_size);
    void *mem[GAME_MAX_SEATS] = {NULL};
    for (int s = 0; s < seats; s++) mem[s] = calloc(1, bot->memory_size ? bot->memory_size : 1);
    long long steps = 0;
    int64_t t0 = clock_now_ns();
    for (int i = 0; i < games; i++) {
        rng_t rng, brng[GAME_MAX_SEATS];
        rng_seed(&rng, (uint64_t)i, RNG_STREAM_MATCH);
        for (int s = 0; s < seats; s++) {
            rng_seed(&brng[s], (uint64_t)i, RNG_STREAM_BOT + (uint64_t)s);
            memset(mem[s], 0, bot->memory_size ? bot->memory_size : 1);
        }
        buf_t err;
        buf_init(&err);
        game_setup setup = {seats, o, (uint64_t)i, &rng};
        void *st = g->create(&setup, &err);
        if (!st) {
            fprintf(stderr, "arena bench: %s\n", buf_cstr(&err));
            buf_free(&err);
            return 1;
        }
        buf_free(&err);
        seat_turn turns[GAME_MAX_SEATS];
        bool mask[GAME_MAX_SEATS];
        while (!g->is_over(st)) {
            memset(mask, 0, sizeof mask);
            g->to_act(st, mask);
            for (int s = 0; s < seats; s++) {
                memset(&turns[s], 0, sizeof turns[s]);
                if (!mask[s]) continue;
                g->view(st, s, view);
                turns[s].asked = true;
                turns[s].has_action = bot->act(mem[s], view, acts + (size_t)s * g->action_size, &brng[s]);
            }
            g->apply(st, acts, turns, &rng);
            steps++;
        }
        g->destroy(st);
    }
    double secs = (double)(clock_now_ns() - t0) / 1e9;
    *gps = games / secs;
    *sps = (double)steps / secs;
    for (int s = 0; s < seats; s++) free(mem[s]);
    free(view);
    free(acts);
    return 0;
}

/* ---- referee: per-move times of process seats, collected by a sink ---- */

typedef struct {
    int64_t *v;
    size_t n, cap;
    int only_seat; /* -1: every process seat */
} times;

static void times_add(times *t, int64_t us) {
    if (t->n == t->cap) {
        t->cap = t->cap ? t->cap * 2 : 4096;
        t->v = realloc(t->v, t->cap * sizeof *t->v);
        if (!t->v) abort();
    }
    t->v[t->n++] = us;
}

static void on_turn(void *ctx, const match_t *m) {
    times *t = ctx;
    for (int s = 0; s < m->cfg->nseats; s++) {
        if (t->only_seat >= 0 && s != t->only_seat) continue;
        if (m->cfg->seats[s].kind == SEAT_BUILTIN || !m->turns[s].asked || m->turns[s].verdict != VERDICT_OK) continue;
        if (m->turn == 1) continue; /* round 1 includes the process start-up */
        times_add(t, m->turns[s].elapsed_us);
    }
}

static int run_matches(const game_t *g, const game_options *o, int n, const char **seat_text, int games, times *t) {
    for (int i = 0; i < games; i++) {
        static match_config cfg;
        memset(&cfg, 0, sizeof cfg);
        cfg.game = g;
        cfg.options = *o;
        cfg.seed = (uint64_t)i + 1;
        cfg.clock = match_default_clock(g);
        cfg.nseats = n;
        buf_t err;
        buf_init(&err);
        for (int s = 0; s < n; s++)
            if (!seatspec_parse(g, seat_text[s], &cfg.seats[s], &err)) {
                fprintf(stderr, "arena bench: %s\n", buf_cstr(&err));
                return 1;
            }
        sink_t sink = {.ctx = t, .on_turn = on_turn};
        cfg.sinks[0] = sink;
        cfg.nsinks = 1;
        match_t *m = match_new(&cfg, &err);
        if (!m) {
            fprintf(stderr, "arena bench: %s\n", buf_cstr(&err));
            return 1;
        }
        match_run(m);
        match_free(m);
        for (int s = 0; s < n; s++) seatspec_free(&cfg.seats[s]);
        buf_free(&err);
    }
    return 0;
}

/* A real round-1 state line of the default 4-player game (about 2 KB). */
static void sample_line(const game_options *o, buf_t *out) {
    rng_t rng;
    rng_seed(&rng, 1, 0);
    game_setup setup = {4, o, 1, &rng};
    buf_t err;
    buf_init(&err);
    sb_state *st = game_suitebot.create(&setup, &err);
    buf_free(&err);
    static sb_view v;
    if (!st) return;
    sb_view_of(st, 0, &v);
    sb_encode_view(&v, out);
    game_suitebot.destroy(st);
}

/* The raw pipe round trip: a forked child that answers every line with "H\n". */
static void raw_pipe(const char *msg, size_t len, int n, times *t) {
    int to[2], from[2];
    if (pipe(to) < 0 || pipe(from) < 0) return;
    pid_t pid = fork();
    if (pid == 0) {
        close(to[1]);
        close(from[0]);
        char buf[65536];
        for (;;) {
            ssize_t k = read(to[0], buf, sizeof buf);
            if (k <= 0) _exit(0);
            if (memchr(buf, '\n', (size_t)k) && write(from[1], "H\n", 2) != 2) _exit(0);
        }
    }
    close(to[0]);
    close(from[1]);
    char buf[64];
    for (int i = 0; i < n; i++) {
        int64_t t0 = clock_now_us();
        size_t off = 0;
        while (off < len) {
            ssize_t w = write(to[1], msg + off, len - off);
            if (w <= 0) break;
            off += (size_t)w;
        }
        ssize_t k = read(from[0], buf, sizeof buf);
        (void)k;
        times_add(t, clock_now_us() - t0);
    }
    close(to[1]);
    close(from[0]);
    waitpid(pid, NULL, 0);
}

/* The minimal client of spec 12: a new connection per request against `COMMAND PORT`. */
static int minimal_client(const char *command, const char *msg, size_t len, int n, times *t) {
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
        int fd = tcp_connect(port, &inp);
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
    for (int i = 0; i < n; i++) {
        int64_t t0 = clock_now_us();
        bool inp;
        int fd = tcp_connect(port, &inp);
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
        times_add(t, clock_now_us() - t0);
    }
    bool inp;
    int fd = tcp_connect(port, &inp);
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

static const char *kit_path(const char *bot, char *out, size_t n) {
    char exe[PATH_MAX - 64];
    ssize_t k = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (k <= 0) return NULL;
    exe[k] = 0;
    char *slash = strrchr(exe, '/');
    if (slash) *slash = 0;
    snprintf(out, n, "%s/kits/suitebot/%s", exe, bot);
    return access(out, X_OK) == 0 ? out : NULL;
}

int bench_suitebot(int argc, char **argv) {
    const game_t *g = &game_suitebot;
    const char *bot_name = "random", *tcp_cmd = NULL;
    long long games = -1, seats = 4;
    bool referee = false, json = false;
    for (int i = 2; i < argc; i++) {
        const char *v;
        bool missing;
        if (strcmp(argv[i], "--json") == 0) json = true;
        else if (strcmp(argv[i], "--referee") == 0) referee = true;
        else if (cli_flag_value(argc, argv, &i, "--bot", &v, &missing) && !missing) bot_name = v;
        else if (cli_flag_value(argc, argv, &i, "--tcp", &v, &missing) && !missing) tcp_cmd = v;
        else if (cli_flag_value(argc, argv, &i, "--games", &v, &missing) && !missing) {
            if (!text_parse_ll(v, 1, 100000000, &games)) return cli_usage_error("bench", "--games %s: expected a count", v);
        } else if (cli_flag_value(argc, argv, &i, "--seats", &v, &missing) && !missing) {
            if (!text_parse_ll(v, 2, 8, &seats)) return cli_usage_error("bench", "--seats %s: expected 2..8", v);
        } else return cli_usage_error("bench", "unknown option %s", argv[i]);
    }
    const game_bot *bot = game_find_bot(g, bot_name);
    if (!bot) return cli_usage_error("bench", "no built-in bot '%s' for suitebot", bot_name);
    game_options o;
    buf_t err;
    buf_init(&err);
    if (!match_parse_options(g, 0, NULL, &o, &err)) return 1;
    buf_free(&err);
    signal(SIGPIPE, SIG_IGN);

    double gps = 0, sps = 0;
    int eng_games = games > 0 ? (int)games : 2000;
    if (!referee && !tcp_cmd && engine(g, &o, (int)seats, bot, eng_games, &gps, &sps)) return EXIT_FAIL;

    times moves = {.only_seat = -1}, pipe_rt = {.only_seat = -1}, tcp_moves = {.only_seat = 0}, client = {0};
    buf_t line;
    buf_init(&line);
    sample_line(&o, &line);
    if (referee) {
        char path[PATH_MAX + 64];
        if (!kit_path(bot_name, path, sizeof path)) {
            fprintf(stderr, "arena bench: bin/kits/suitebot/%s not found (run make)\n", bot_name);
            return EXIT_FAIL;
        }
        const char *seat_text[GAME_MAX_SEATS];
        for (int s = 0; s < seats; s++) seat_text[s] = path;
        if (run_matches(g, &o, (int)seats, seat_text, games > 0 ? (int)games : 20, &moves)) return EXIT_FAIL;
        raw_pipe(line.data, line.len, (int)moves.n, &pipe_rt);
    }
    if (tcp_cmd) {
        char seat0[4096];
        snprintf(seat0, sizeof seat0, "tcp:%s", tcp_cmd);
        const char *seat_text[4] = {seat0, "builtin:hold", "builtin:hold", "builtin:hold"};
        if (run_matches(g, &o, 4, seat_text, games > 0 ? (int)games : 20, &tcp_moves)) return EXIT_FAIL;
        if (minimal_client(tcp_cmd, line.data, line.len, (int)tcp_moves.n, &client)) {
            fprintf(stderr, "arena bench: the minimal client could not reach %s\n", tcp_cmd);
            return EXIT_FAIL;
        }
    }
    if (json) {
        printf("{\"game\":\"suitebot\"");
        if (!tcp_cmd || referee) printf(",\"bot\":\"%s\",\"seats\":%lld", bot_name, seats);
        if (!referee && !tcp_cmd)
            printf(",\"games\":%d,\"games_per_second\":%.1f,\"steps_per_second\":%.1f", eng_games, gps, sps);
        if (referee)
            printf(",\"moves\":%zu,\"move_p50_us\":%lld,\"move_p99_us\":%lld,\"pipe_p50_us\":%lld,\"pipe_p99_us\":%lld",
                   moves.n, (long long)pct(moves.v, moves.n, .5), (long long)pct(moves.v, moves.n, .99),
                   (long long)pct(pipe_rt.v, pipe_rt.n, .5), (long long)pct(pipe_rt.v, pipe_rt.n, .99));
        if (tcp_cmd)
            printf(",\"tcp_moves\":%zu,\"tcp_move_p50_us\":%lld,\"tcp_move_p99_us\":%lld,\"client_p50_us\":%lld,"
                   "\"client_p99_us\":%lld",
                   tcp_moves.n, (long long)pct(tcp_moves.v, tcp_moves.n, .5),
                   (long long)pct(tcp_moves.v, tcp_moves.n, .99), (long long)pct(client.v, client.n, .5),
                   (long long)pct(client.v, client.n, .99));
        printf("}\n");
    } else {
        if (!referee && !tcp_cmd)
            printf("suitebot engine: %d games of %lld builtin:%s seats: %.0f games/s, %.0f rounds/s (one core, no "
                   "sinks)\n",
                   eng_games, seats, bot_name, gps, sps);
        if (referee)
            printf("suitebot referee, stdio %s kits: %zu moves: p50 %lld us, p99 %lld us; raw pipe round trip of a "
                   "%zu-byte line: p50 %lld us, p99 %lld us\n",
                   bot_name, moves.n, (long long)pct(moves.v, moves.n, .5), (long long)pct(moves.v, moves.n, .99),
                   line.len, (long long)pct(pipe_rt.v, pipe_rt.n, .5), (long long)pct(pipe_rt.v, pipe_rt.n, .99));
        if (tcp_cmd)
            printf("suitebot tcp: %zu moves through the referee: p50 %lld us, p99 %lld us; minimal client: p50 %lld us, "
                   "p99 %lld us\n",
                   tcp_moves.n, (long long)pct(tcp_moves.v, tcp_moves.n, .5),
                   (long long)pct(tcp_moves.v, tcp_moves.n, .99), (long long)pct(client.v, client.n, .5),
                   (long long)pct(client.v, client.n, .99));
    }
    buf_free(&line);
    free(moves.v);
    free(pipe_rt.v);
    free(tcp_moves.v);
    free(client.v);
    return EXIT_OK;
}
