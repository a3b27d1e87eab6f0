/* bench_chicken.c: `arena bench chicken`: engine-only games per second (built-in bots, one core,
 * no sinks), and with --referee the per-ply cost of the referee with process bots next to a raw
 * pipe round trip of the same message size, measured in the same run. */
#include "cli.h"
#include "../core/clock.h"
#include "../core/rng.h"
#include "../games/chicken/chk.h"
#include "../match/seatspec.h"
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static void help(void) {
    printf("usage: arena bench chicken [--bot NAME] [--games N] [--referee] [--seat SEAT] [--json]\n\n"
           "Engine only (default): N full games (default 20000) between two built-in bots (default\n"
           "yolanda: random legal moves) on one core, without referee or sinks.\n"
           "--referee: N games (default 20) between two process seats (default the C starter kit's\n"
           "bot, bin/kits/chicken/NAME; --seat SEAT for another, e.g. python:AGENT_DIR), with pausing\n"
           "on; reports the wall time per game and per ply, and a raw pipe round trip of the same\n"
           "message size measured in the same run.\n");
}

static int cmp_i64(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

static int64_t pct(int64_t *v, int n, double p) {
    if (n == 0) return 0;
    qsort(v, (size_t)n, sizeof *v, cmp_i64);
    int i = (int)(p * (n - 1) + 0.5);
    return v[i];
}

/* ---------- engine only ---------- */

static int64_t cpu_ns(void) {
    struct timespec ts;
    if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) != 0) return 0;
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static int bench_engine(const game_t *g, const game_bot *bot, int games, bool json) {
    game_options opts;
    buf_t err;
    buf_init(&err);
    match_parse_options(g, 0, NULL, &opts, &err);
    chk_view view;
    chk_action actions[2];
    seat_turn turns[2];
    long long plies = 0;
    int64_t t0 = clock_now_ns(), c0 = cpu_ns();
    for (int i = 0; i < games; i++) {
        rng_t rng, bot_rng[2];
        rng_seed(&rng, (uint64_t)i, RNG_STREAM_MATCH);
        for (int s = 0; s < 2; s++) rng_seed(&bot_rng[s], (uint64_t)i, RNG_STREAM_BOT + (uint64_t)s);
        game_setup setup = {2, &opts, (uint64_t)i, &rng};
        void *st = g->create(&setup, &err);
        while (!g->is_over(st)) {
            bool mask[2] = {false, false};
            g->to_act(st, mask);
            memset(turns, 0, sizeof turns);
            for (int s = 0; s < 2; s++) {
                if (!mask[s]) continue;
                g->view(st, s, &view);
                turns[s].asked = true;
                turns[s].has_action = bot->act(NULL, &view, &actions[s], &bot_rng[s]);
                if (g->validate(st, s, &actions[s], NULL) != 0) turns[s].verdict = VERDICT_INVALID;
            }
            g->apply(st, actions, turns, &rng);
            plies++;
        }
        g->destroy(st);
    }
    double wall = (double)(clock_now_ns() - t0) / 1e9, secs = (double)(cpu_ns() - c0) / 1e9;
    if (secs <= 0) secs = wall;
    buf_free(&err);
    /* Rates per CPU second of this process (one core's work, not disturbed by other load on the
     * machine); the wall-clock rate is reported next to it. */
    if (json)
        printf("{\"game\":\"chicken\",\"bot\":\"%s\",\"games\":%d,\"games_per_second\":%.0f,\"steps_per_second\":%.0f,"
               "\"us_per_game\":%.3f,\"wall_games_per_second\":%.0f}\n",
               bot->name, games, games / secs, plies / secs, secs * 1e6 / games, games / wall);
    else
        printf("chicken engine, %s vs %s, %d games on one core: %.0f games/s, %.0f plies/s, %.2f us per game "
               "(%.1f plies per game; CPU time; wall clock %.0f games/s)\n",
               bot->name, bot->name, games, games / secs, plies / secs, secs * 1e6 / games, (double)plies / games,
               games / wall);
    return EXIT_OK;
}

/* ---------- referee ---------- */

typedef struct {
    int64_t last_us;
    int64_t *ply_us;
    int n, cap;
} ply_timer;

static void timer_start(void *ctx, const match_t *m) {
    (void)m;
    ((ply_timer *)ctx)->last_us = -1; /* the first ply includes the start-up handshake: not counted */
}

static void timer_turn(void *ctx, const match_t *m) {
    (void)m;
    ply_timer *t = ctx;
    int64_t now = clock_now_us();
    if (t->last_us >= 0 && t->n < t->cap) t->ply_us[t->n++] = now - t->last_us;
    t->last_us = now;
}

/* A raw round trip: a child reads a block up to "go\n" and answers one line, as a bot would. */
static void pipe_baseline(size_t msg_len, int rounds, int64_t *out) {
    int down[2], up[2];
    if (pipe(down) < 0 || pipe(up) < 0) return;
    pid_t pid = fork();
    if (pid == 0) {
        close(down[1]);
        close(up[0]);
        char buf[65536];
        size_t have = 0;
        for (;;) {
            ssize_t n = read(down[0], buf + have, sizeof buf - have);
            if (n <= 0) _exit(0);
            have += (size_t)n;
            if (have >= 3 && memcmp(buf + have - 3, "go\n", 3) == 0) {
                have = 0;
                if (write(up[1], "UP PLAIN\n", 9) != 9) _exit(0);
            }
        }
    }
    close(down[0]);
    close(up[1]);
    char *msg = malloc(msg_len);
    memset(msg, 'x', msg_len);
    memcpy(msg + msg_len - 3, "go\n", 3);
    char reply[64];
    for (int i = 0; i < rounds; i++) {
        int64_t t0 = clock_now_us();
        if (write(down[1], msg, msg_len) != (ssize_t)msg_len) break;
        size_t got = 0;
        while (got == 0 || reply[got - 1] != '\n') {
            ssize_t n = read(up[0], reply + got, sizeof reply - got);
            if (n <= 0) break;
            got += (size_t)n;
        }
        out[i] = clock_now_us() - t0;
    }
    free(msg);
    close(down[1]);
    close(up[0]);
    waitpid(pid, NULL, 0);
}

static int bench_referee(const game_t *g, const char *bot, const char *seat, int games, bool json) {
    char kit[PATH_MAX], exe[PATH_MAX - 64];
    if (!seat) {
        ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
        if (n <= 0) return EXIT_FAIL;
        exe[n] = 0;
        char *slash = strrchr(exe, '/');
        if (slash) *slash = 0;
        snprintf(kit, sizeof kit, "%s/kits/chicken/%s", exe, bot);
        if (access(kit, X_OK) != 0) {
            fprintf(stderr, "arena bench: %s is missing; run `make` first\n", kit);
            return EXIT_FAIL;
        }
        seat = kit;
    }
    ply_timer timer = {0};
    timer.cap = games * 2 * CHK_MAX_MOVES;
    timer.ply_us = malloc(sizeof(int64_t) * (size_t)timer.cap);
    static match_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.game = g;
    cfg.clock = match_default_clock(g);
    cfg.nseats = 2;
    buf_t err;
    buf_init(&err);
    match_parse_options(g, 0, NULL, &cfg.options, &err);
    for (int s = 0; s < 2; s++)
        if (!seatspec_parse(g, seat, &cfg.seats[s], &err)) {
            fprintf(stderr, "arena bench: %s\n", buf_cstr(&err));
            return EXIT_USAGE;
        }
    sink_t sink = {.ctx = &timer, .on_start = timer_start, .on_turn = timer_turn};
    cfg.sinks[0] = sink;
    cfg.nsinks = 1;
    int64_t t0 = clock_now_us();
    long long plies = 0;
    size_t msg_len = 0;
    for (int i = 0; i < games; i++) {
        cfg.seed = (uint64_t)i;
        match_t *m = match_new(&cfg, &err);
        if (!m) {
            fprintf(stderr, "arena bench: %s\n", buf_cstr(&err));
            return EXIT_FAIL;
        }
        match_run(m);
        plies += m->turns_played;
        if (!msg_len) {
            /* A mid-game block's size, for the pipe baseline. */
            chk_view v;
            g->view(m->state, 0, &v);
            buf_t b;
            buf_init(&b);
            g->encode_view(&v, &b);
            msg_len = b.len;
            buf_free(&b);
        }
        match_free(m);
    }
    int64_t total = clock_now_us() - t0;
    int rounds = 2000;
    int64_t *pipe_us = calloc((size_t)rounds, sizeof *pipe_us);
    pipe_baseline(msg_len ? msg_len : 300, rounds, pipe_us);
    int64_t mp50 = pct(timer.ply_us, timer.n, 0.5), mp99 = pct(timer.ply_us, timer.n, 0.99);
    int64_t pp50 = pct(pipe_us, rounds, 0.5), pp99 = pct(pipe_us, rounds, 0.99);
    if (json)
        printf("{\"game\":\"chicken\",\"seat\":\"%s\",\"games\":%d,\"ms_per_game\":%.3f,\"games_per_second\":%.2f,"
               "\"steps_per_second\":%.0f,\"move_p50_us\":%lld,\"move_p99_us\":%lld,\"pipe_p50_us\":%lld,"
               "\"pipe_p99_us\":%lld,\"message_bytes\":%zu}\n",
               seat, games, total / 1000.0 / games, games * 1e6 / total, plies * 1e6 / total, (long long)mp50,
               (long long)mp99, (long long)pp50, (long long)pp99, msg_len);
    else
        printf("chicken referee, %s vs itself, %d games, pausing on: %.2f ms per game (%.1f plies), ply p50 %lld us, "
               "p99 %lld us; raw pipe round trip (%zu bytes) p50 %lld us, p99 %lld us\n",
               seat, games, total / 1000.0 / games, (double)plies / games, (long long)mp50, (long long)mp99, msg_len,
               (long long)pp50, (long long)pp99);
    for (int s = 0; s < 2; s++) seatspec_free(&cfg.seats[s]);
    free(timer.ply_us);
    free(pipe_us);
    buf_free(&err);
    return EXIT_OK;
}

int bench_chicken(int argc, char **argv) {
    if (cli_wants_help(argc, argv)) {
        help();
        return EXIT_OK;
    }
    const game_t *g = &game_chicken;
    const char *bot = "yolanda", *seat = NULL;
    int games = -1;
    bool json = false, referee = false;
    for (int i = 1; i < argc; i++) {
        const char *v;
        bool missing;
        if (strcmp(argv[i], "--json") == 0) json = true;
        else if (strcmp(argv[i], "--referee") == 0) referee = true;
        else if (cli_flag_value(argc, argv, &i, "--bot", &v, &missing) && !missing) bot = v;
        else if (cli_flag_value(argc, argv, &i, "--seat", &v, &missing) && !missing) seat = v;
        else if (cli_flag_value(argc, argv, &i, "--games", &v, &missing) && !missing) games = atoi(v);
        else return cli_usage_error("bench", "unknown or incomplete option %s", argv[i]);
    }
    const game_bot *b = game_find_bot(g, bot);
    if (!b) return cli_usage_error("bench", "no built-in bot '%s' for chicken", bot);
    if (referee) return bench_referee(g, bot, seat, games > 0 ? games : 20, json);
    if (b->memory_size) return cli_usage_error("bench", "engine-only bench runs memoryless bots (yolanda, greedy)");
    return bench_engine(g, b, games > 0 ? games : 20000, json);
}
