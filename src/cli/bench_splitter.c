/* bench_splitter.c: `arena bench splitter`: full games per second through the referee
 * (match_new/match_run, no sinks, one core) with a built-in bot, and with --referee the same bot
 * as a process, one process per game started through bash -c as the Tester does, with the
 * per-move time next to a raw pipe round trip of the same message sizes measured in the same run. */
#include "cli.h"
#include "../core/clock.h"
#include "../core/rng.h"
#include "../games/registry.h"
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static int cmp_i64(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

static double pct(int64_t *v, size_t n, double p) {
    if (!n) return 0;
    qsort(v, n, sizeof *v, cmp_i64);
    size_t k = (size_t)(p * (double)(n - 1) + 0.5);
    return (double)v[k];
}

typedef struct {
    int64_t *moves;
    size_t n, cap;
} samples;

static void on_turn(void *ctx, const match_t *m) {
    samples *s = ctx;
    if (!m->turns[0].asked || m->turns[0].verdict != VERDICT_OK) return;
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 4096;
        s->moves = realloc(s->moves, s->cap * sizeof *s->moves);
        if (!s->moves) abort();
    }
    s->moves[s->n++] = m->turns[0].elapsed_us * 1000;
}

/* A raw pipe round trip of the protocol's sizes ("d1 d2\n" out, "v x y\n" back) with a child that
 * answers at once: the floor under the referee's per-move time. Nanoseconds per round trip. */
static size_t pipe_round_trips(int n, int64_t *out) {
    int to[2], from[2];
    if (pipe(to) < 0 || pipe(from) < 0) return 0;
    pid_t pid = fork();
    if (pid < 0) return 0;
    if (pid == 0) {
        close(to[1]);
        close(from[0]);
        char buf[64];
        for (;;) {
            ssize_t k = read(to[0], buf, sizeof buf);
            if (k <= 0) _exit(0);
            if (write(from[1], "3 2 0\n", 6) != 6) _exit(0);
        }
    }
    close(to[0]);
    close(from[1]);
    size_t got = 0;
    char buf[64];
    for (int i = 0; i < n; i++) {
        int64_t t0 = clock_now_ns();
        if (write(to[1], "3 4\n", 4) != 4) break;
        size_t have = 0;
        while (have < 6) {
            struct pollfd pf = {from[0], POLLIN, 0};
            if (poll(&pf, 1, 1000) <= 0) break;
            ssize_t k = read(from[0], buf + have, sizeof buf - have);
            if (k <= 0) break;
            have += (size_t)k;
        }
        if (have < 6) break;
        out[got++] = clock_now_ns() - t0;
    }
    close(to[1]);
    close(from[0]);
    waitpid(pid, NULL, 0);
    return got;
}

static const char *kit_path(const char *bot, char *out, size_t n) {
    char exe[PATH_MAX];
    ssize_t k = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (k <= 0) return NULL;
    exe[k] = 0;
    char *slash = strrchr(exe, '/');
    if (slash) *slash = 0;
    if (strlen(exe) + strlen(bot) + 16 > n) return NULL;
    strcpy(out, exe);
    strcat(out, "/kits/splitter/");
    strcat(out, bot);
    return access(out, X_OK) == 0 ? out : NULL;
}

static void help(void) {
    printf("usage: arena bench splitter [--bot NAME] [--games N] [--layout 1|2] [--referee] [--json]\n\n"
           "Plays N full games through the referee on one core and prints games per second.\n"
           "  --bot NAME   random (default), random_left, greedy or search\n"
           "  --games N    default: 200000 random, 20000 greedy, 20 search; 1000 with --referee\n"
           "  --referee    the bot as a process (bin/kits/splitter/NAME), one process per game started\n"
           "               with bash -c as the Tester does; adds the per-move time and a raw pipe round\n"
           "               trip of the same message sizes, measured in the same run\n"
           "  --json       one JSON object: games_per_second, steps_per_second (placements), and with\n"
           "               --referee move_p50_us, move_p99_us, pipe_p50_us, pipe_p99_us\n");
}

int bench_splitter(int argc, char **argv) {
    if (cli_wants_help(argc, argv)) {
        help();
        return EXIT_OK;
    }
    const char *bot = "random", *layout = "1";
    long long games = 0;
    bool referee = false, json = false;
    for (int i = 1; i < argc; i++) {
        const char *v;
        bool missing;
        if (!strcmp(argv[i], "--referee")) referee = true;
        else if (!strcmp(argv[i], "--json")) json = true;
        else if (cli_flag_value(argc, argv, &i, "--bot", &v, &missing) && !missing) bot = v;
        else if (cli_flag_value(argc, argv, &i, "--layout", &v, &missing) && !missing) layout = v;
        else if (cli_flag_value(argc, argv, &i, "--games", &v, &missing) && !missing) games = atoll(v);
        else return cli_usage_error("bench", "unknown or incomplete option %s", argv[i]);
    }
    const game_t *g = registry_find("splitter");
    if (!game_find_bot(g, bot)) return cli_usage_error("bench", "no built-in bot '%s' for splitter", bot);
    if (games <= 0) games = referee ? 1000 : !strcmp(bot, "search") ? 20 : !strcmp(bot, "greedy") ? 20000 : 200000;
    static match_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.game = g;
    cfg.clock = match_default_clock(g);
    cfg.clock.hard_ms = 0; /* the benchmark measures, it does not judge */
    cfg.clock.startup_ms = 0;
    cfg.nseats = 1;
    buf_t err;
    buf_init(&err);
    char kv_layout[32];
    snprintf(kv_layout, sizeof kv_layout, "layout=%s", layout);
    char *kv[1] = {kv_layout};
    if (!match_parse_options(g, 1, kv, &cfg.options, &err)) {
        int rc = cli_usage_error("bench", "%s", buf_cstr(&err));
        buf_free(&err);
        return rc;
    }
    char path[PATH_MAX], seat[PATH_MAX + 16];
    if (referee) {
        if (!kit_path(bot, path, sizeof path)) {
            fprintf(stderr, "arena bench: bin/kits/splitter/%s not found (run make)\n", bot);
            return EXIT_FAIL;
        }
        memset(&cfg.seats[0], 0, sizeof cfg.seats[0]);
        cfg.seats[0].kind = SEAT_COMMAND;
        cfg.seats[0].text = cfg.seats[0].command = path;
        cfg.seats[0].name = (char *)bot;
        cfg.seats[0].code = (char *)"";
        cfg.seats[0].shell = access("/bin/bash", X_OK) == 0 ? "/bin/bash" : "/bin/sh";
        cfg.stderr_inherit = true;
    } else {
        snprintf(seat, sizeof seat, "builtin:%s", bot);
        if (!seatspec_parse(g, seat, &cfg.seats[0], &err)) return EXIT_FAIL;
    }
    samples s = {0};
    cfg.sinks[0] = (sink_t){.ctx = &s, .on_turn = on_turn};
    cfg.nsinks = referee ? 1 : 0;
    long long steps = 0, total = 0;
    int64_t t0 = clock_now_ns();
    for (long long k = 0; k < games; k++) {
        cfg.seed = rng_derive_seed(20240301, (uint64_t)k);
        match_t *m = match_new(&cfg, &err);
        if (!m) {
            fprintf(stderr, "arena bench: %s\n", buf_cstr(&err));
            return EXIT_FAIL;
        }
        match_run(m);
        steps += m->turns_played;
        total += (long long)m->scores[0];
        match_free(m);
    }
    double secs = (double)(clock_now_ns() - t0) / 1e9;
    double gps = (double)games / secs, sps = (double)steps / secs;
    int64_t *pipe_ns = NULL;
    size_t npipe = 0;
    if (referee) {
        pipe_ns = calloc((size_t)steps + 1, sizeof *pipe_ns);
        if (!pipe_ns) abort();
        npipe = pipe_round_trips((int)steps, pipe_ns);
    }
    double mp50 = pct(s.moves, s.n, 0.5) / 1000, mp99 = pct(s.moves, s.n, 0.99) / 1000;
    double pp50 = pct(pipe_ns, npipe, 0.5) / 1000, pp99 = pct(pipe_ns, npipe, 0.99) / 1000;
    if (json) {
        printf("{\"game\":\"splitter\",\"bot\":\"%s\",\"mode\":\"%s\",\"layout\":\"%s\",\"games\":%lld,\"seconds\":%.3f,"
               "\"games_per_second\":%.1f,\"steps_per_second\":%.1f,\"mean_score\":%.3f",
               bot, referee ? "process" : "builtin", layout, games, secs, gps, sps, (double)total / (double)games);
        if (referee)
            printf(",\"move_p50_us\":%.1f,\"move_p99_us\":%.1f,\"pipe_p50_us\":%.1f,\"pipe_p99_us\":%.1f", mp50, mp99,
                   pp50, pp99);
        printf("}\n");
    } else {
        printf("splitter, %s%s, layout %s: %lld games in %.3f s: %.0f games/s, %.0f placements/s (mean score %.2f)\n",
               referee ? "process bin/kits/splitter/" : "builtin:", bot, layout, games, secs, gps, sps,
               (double)total / (double)games);
        if (referee)
            printf("per move (referee, clock from the last byte of the roll to the answer): p50 %.1f us, p99 %.1f us\n"
                   "raw pipe round trip of the same sizes, same run:                        p50 %.1f us, p99 %.1f us\n",
                   mp50, mp99, pp50, pp99);
    }
    free(s.moves);
    free(pipe_ns);
    if (!referee) seatspec_free(&cfg.seats[0]);
    buf_free(&err);
    return EXIT_OK;
}
