/* bench_sim.c: `arena bench sim [GAME...]`: the simulator's speed through its public API (arena.h)
 * at several batch sizes and thread counts: whole turns with built-in bots in every seat (the work
 * `arena bench GAME` measures, for the ratio scripts/bench_sim.sh prints), agent-steps with random
 * legal actions and the observations and masks written, and batched state copies next to memcpy of
 * the same bytes. Figures only: the machine is shared, nothing here is a test. */
#include "bench_sim.h"
#include "bench_engine.h"
#include "cli.h"
#include "../../include/arena.h"
#include "../core/clock.h"
#include "../core/text.h"
#include "../sim/sim.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

static void help(void) {
    printf("usage: arena bench sim [GAME...] [--batch N,N,...] [--threads N,N,...] [--seconds S] [--json]\n\n"
           "Steps every GAME (default: all) in the simulator (libarena's API) at each batch size (default\n"
           "1,64,4096; up to 8 sizes of 1 to 1048576) and thread count (default 1,2; up to 8 counts of 1\n"
           "to 256), for about S seconds each (default 0.5):\n"
           "  bots    every seat a built-in bot (the bot `arena bench GAME` uses): turns/s, per wall\n"
           "          second and per CPU second of the process; with one thread, in ten slices alternating\n"
           "          with the engine-only loop of `arena bench GAME` (same bot, same process): its turns\n"
           "          per CPU second and the ratio bots/engine\n"
           "  agents  every seat an agent playing uniformly random legal actions (arena_sample), the\n"
           "          observations and masks written: agent-steps (agents on move) per wall and CPU\n"
           "          second of arena_sample + arena_step, and per CPU second of arena_step alone; with\n"
           "          several threads (from 128 environments on, where they work), x1thr: their agent-steps\n"
           "          per wall second over one thread's, the two run in ten alternating slices in the same\n"
           "          process (the scaling figure: `arena bench sim GAME --batch 4096 --threads 2`)\n"
           "  copy    arena_save_all of every environment next to memcpy of the same bytes (games whose\n"
           "          state is one flat block: Chicken, Rising Tide, Splitter), CPU time\n"
           "On a shared machine the CPU-time figures measure the work per core; wall time also counts\n"
           "the time other processes had the cores.\n"
           "Seats: Rising Tide 4, SuiteBot 2, Chicken 2, Splitter 1, Rezzo 2 (on a 64x64 world, so that\n"
           "4096 worlds fit in memory). scripts/bench_sim.sh runs this next to `arena bench GAME` and the\n"
           "Python figures.\n");
}

typedef struct {
    const char *game;
    const char *bot;          /* the engine benchmark's bot */
    const char *settings[4];  /* seats and options */
} bench_game;

static const bench_game GAMES[] = {
    {"rising_tide", "random_rizhao", {"seats=4", NULL}},
    {"suitebot", "random", {"seats=2", NULL}},
    {"chicken", "yolanda", {"seats=2", NULL}},
    {"splitter", "random", {"seats=1", NULL}},
    {"rezzo", "wander", {"seats=2", "size=64x64", NULL}},
};

typedef struct {
    arena_env *env;
    void *buf[11];
    size_t mapped[11]; /* bytes of a buffer mapped apart (big_buffer), 0 for aligned_alloc's */
} benv;

/* A buffer of 4 MB and more on its own mapping, asked for 2 MB pages, as arena_sdk.sim allocates
 * them (and as a caller of the C API would): the C and Python figures then write the same kind of
 * memory (SuiteBot's 10 MB of observations at 4096 step 5-28% faster than on 4 KB pages). NULL for
 * a smaller buffer or when the mapping fails. */
#define BIG_BUFFER ((size_t)4 << 20)
static void *big_buffer(size_t bytes) {
    if (bytes < BIG_BUFFER) return NULL;
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return NULL;
#ifdef MADV_HUGEPAGE
    madvise(p, bytes, MADV_HUGEPAGE); /* a hint: small pages work too */
#endif
    return p;
}

static const char *const BUFS[] = {"obs",       "mask",  "to_act", "action", "reward", "terminated",
                                   "truncated", "score", "result", "rank",   "seed"};

static void benv_close(benv *b) {
    arena_env_free(b->env);
    for (int k = 0; k < 11; k++)
        if (b->mapped[k]) munmap(b->buf[k], b->mapped[k]);
        else free(b->buf[k]);
    memset(b, 0, sizeof *b);
}

/* Environments of g with every buffer bound; bots: every seat played by g's benchmark bot. */
static bool benv_open(benv *b, const bench_game *g, int batch, int threads, bool bots) {
    memset(b, 0, sizeof *b);
    const char *s[16];
    char th[32], bs[GAME_MAX_SEATS][64];
    int n = 0;
    for (int k = 0; g->settings[k]; k++) s[n++] = g->settings[k];
    snprintf(th, sizeof th, "threads=%d", threads);
    s[n++] = th;
    int seats = atoi(g->settings[0] + 6);
    for (int seat = 0; bots && seat < seats; seat++) {
        snprintf(bs[seat], sizeof bs[seat], "bot.%d=%s", seat, g->bot);
        s[n++] = bs[seat];
    }
    s[n] = NULL;
    b->env = arena_env_new(g->game, batch, 1, s);
    if (!b->env) {
        fprintf(stderr, "arena bench sim: %s\n", arena_last_error());
        return false;
    }
    for (int k = 0; k < 11; k++) {
        size_t bytes = arena_buffer_bytes(b->env, BUFS[k]);
        if ((b->buf[k] = big_buffer(bytes))) b->mapped[k] = bytes;
        else b->buf[k] = aligned_alloc(64, (bytes + 63) / 64 * 64 + 64);
        if (!b->buf[k] || (bytes && arena_bind(b->env, BUFS[k], b->buf[k], bytes) != 0)) {
            fprintf(stderr, "arena bench sim: %s\n", arena_last_error());
            benv_close(b);
            return false;
        }
    }
    arena_reset(b->env, 1);
    return true;
}

/* CPU time of the whole process (every thread): on a shared machine the honest measure of work
 * per core; wall time is reported beside it. */
static int64_t cpu_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

typedef struct {
    double turns_wall, turns_cpu;   /* bots: environment turns per second (wall, CPU) */
    double agents_wall, agents_cpu; /* agents: agent-steps per second of arena_sample + arena_step */
    double step_cpu;                /* agents: agent-steps per CPU second of arena_step alone */
    double env_steps_wall;          /* agents: environment steps per second (wall) */
    double env_steps_cpu;           /* agents: environment steps per CPU second (sample + step) */
    double step_us;                 /* agents: wall microseconds of one arena_sample + arena_step */
    double copy_ratio;              /* save_all time / memcpy time of the same bytes (0: none) */
    double engine_cpu;              /* the engine-only loop's turns per CPU second, beside bots (0: none) */
    double scaling;                 /* agents: agent-steps per wall second over one thread's, side by side (0: none) */
} figures;

/* Agents' sample + step for at least `seconds` of wall time (and 3 calls), counting the agents on
 * move before each step: adds the agent-steps, calls, wall and CPU nanoseconds. */
static bool agent_slice(benv *b, double seconds, double *agent_steps, int64_t *calls, int64_t *wall_ns,
                        int64_t *cpu_ns) {
    int n = arena_num_envs(b->env), A = arena_num_agents(b->env);
    const uint8_t *to_act = b->buf[2];
    int64_t done = 0, w0 = clock_now_ns(), c0 = cpu_now_ns();
    while (done < 3 || (double)(clock_now_ns() - w0) / 1e9 < seconds) {
        int on_move = 0;
        for (int k = 0; k < n * A; k++) on_move += to_act[k];
        arena_sample(b->env);
        if (arena_step(b->env) != 0) {
            fprintf(stderr, "arena bench sim: %s\n", arena_last_error());
            return false;
        }
        *agent_steps += on_move;
        done++;
    }
    *wall_ns += clock_now_ns() - w0;
    *cpu_ns += cpu_now_ns() - c0;
    *calls += done;
    return true;
}

/* Runs the agents for `seconds`: sample + step, then sample alone on the position reached, to take
 * its cost out of the step's. */
static void run_agents(benv *b, double seconds, figures *f) {
    int n = arena_num_envs(b->env);
    int64_t calls = 0, wall_ns = 0, cpu_ns = 0;
    double agent_steps = 0;
    for (int w = 0; w < 3; w++) arena_sample(b->env), arena_step(b->env); /* warm */
    if (!agent_slice(b, seconds, &agent_steps, &calls, &wall_ns, &cpu_ns)) return;
    double wall = (double)wall_ns / 1e9, cpu = (double)cpu_ns / 1e9;
    int64_t samples = 0;
    int64_t s0 = cpu_now_ns();
    while (samples < calls) arena_sample(b->env), samples++;
    double sample_cpu = (double)(cpu_now_ns() - s0) / 1e9;
    f->agents_wall = agent_steps / wall;
    f->agents_cpu = agent_steps / cpu;
    f->step_cpu = agent_steps / (cpu - sample_cpu > cpu / 100 ? cpu - sample_cpu : cpu / 100);
    f->env_steps_wall = (double)calls * n / wall;
    f->env_steps_cpu = (double)calls * n / cpu;
    f->step_us = wall * 1e6 / (double)calls;
}

/* Thread scaling side by side: the agents of `many` (several threads) and of `one` (the same game,
 * batch and seed on one thread: the very same games, since results do not depend on the threads)
 * in ten slices each, alternating, so both see the same neighbours; the ratio of their agent-steps
 * per wall second (threads pay off in wall time only). */
static void run_scaling(benv *many, benv *one, double seconds, figures *f) {
    double steps[2] = {0, 0};
    int64_t calls[2] = {0, 0}, wall[2] = {0, 0}, cpu[2] = {0, 0};
    benv *b[2] = {one, many};
    for (int k = 0; k < 2; k++)
        for (int w = 0; w < 3; w++) arena_sample(b[k]->env), arena_step(b[k]->env);
    for (int slice = 0; slice < 10; slice++)
        for (int k = 0; k < 2; k++)
            if (!agent_slice(b[k], seconds / 20, &steps[k], &calls[k], &wall[k], &cpu[k])) return;
    f->scaling = (steps[1] / (double)wall[1]) / (steps[0] / (double)wall[0]);
}

/* Engine-only games (bench_engine.c, the loop of `arena bench GAME`) for at least `seconds` of
 * wall time, from game *next on: adds their turns and CPU time. */
static void engine_slice(const arena_env *env, const game_bot *bot, double seconds, uint64_t *next, double *turns,
                         double *cpu) {
    int64_t w0 = clock_now_ns(), c0 = cpu_now_ns();
    long long steps = 0;
    buf_t err;
    buf_init(&err);
    do {
        if (bench_engine_games(env->g, &env->options, env->seats, bot, 1, (*next)++, 1, &steps, &err)) {
            fprintf(stderr, "arena bench: %s\n", buf_cstr(&err)); /* as before: no engine figure */
            buf_free(&err);
            return;
        }
    } while ((double)(clock_now_ns() - w0) / 1e9 < seconds);
    *turns += (double)steps;
    *cpu += (double)(cpu_now_ns() - c0) / 1e9;
}

/* The bots' turns for `seconds`. With `engine`, in ten slices alternating with slices of the
 * engine-only loop playing the same bot in the same process: on a shared machine both then see
 * the same neighbours, so their ratio is far steadier than two figures taken apart. */
static void run_bots(benv *b, const game_bot *engine, double seconds, figures *f) {
    int n = arena_num_envs(b->env);
    int slices = engine ? 10 : 1;
    int64_t calls = 0, wall_ns = 0, cpu_ns = 0;
    double eng_turns = 0, eng_cpu = 0;
    uint64_t next = 0;
    for (int w = 0; w < 3; w++) arena_step(b->env);
    for (int k = 0; k < slices; k++) {
        if (engine) engine_slice(b->env, engine, seconds / slices, &next, &eng_turns, &eng_cpu);
        int64_t w0 = clock_now_ns(), c0 = cpu_now_ns(), done = 0;
        while (done < 3 || (double)(clock_now_ns() - w0) / 1e9 < seconds / slices) {
            arena_step(b->env);
            done++;
        }
        wall_ns += clock_now_ns() - w0;
        cpu_ns += cpu_now_ns() - c0;
        calls += done;
    }
    f->turns_wall = (double)calls * n / ((double)wall_ns / 1e9);
    f->turns_cpu = (double)calls * n / ((double)cpu_ns / 1e9);
    f->engine_cpu = eng_cpu > 0 ? eng_turns / eng_cpu : 0;
}

/* save_all against memcpy of the bytes it moves (records and flat states), CPU time. */
static void run_copy(benv *b, double seconds, figures *f) {
    const arena_env *env = b->env;
    if (env->g->sim->copy) return; /* not one flat block: no memcpy of "the same bytes" */
    size_t per = env->rec_size + env->g->sim->state_size, total = per * (size_t)env->n;
    arena_snapshot *snap = arena_snapshot_new(env, env->n);
    /* one block, the copy's target 2 KiB past a page boundary from its source: glibc's memmove
     * (rep movsb) slows down tenfold on this CPU when source and target are a multiple of 4 KiB
     * apart, which would flatter the simulator */
    unsigned char *block = malloc(2 * total + 8192);
    if (!snap || !block) {
        free(block), arena_snapshot_free(snap);
        return;
    }
    unsigned char *src = block, *dst = block + (total + 4095) / 4096 * 4096 + 2048;
    memset(src, 1, total);
    memset(dst, 2, total);
    int64_t t_save = 0, t_copy = 0;
    int rounds = 0;
    int64_t start = clock_now_ns();
    while (rounds < 5 || (double)(clock_now_ns() - start) / 1e9 < seconds) {
        int64_t t0 = cpu_now_ns();
        arena_save_all(env, snap);
        int64_t t1 = cpu_now_ns();
        memcpy(dst, src, total);
        int64_t t2 = cpu_now_ns();
        t_save += t1 - t0;
        t_copy += t2 - t1;
        rounds++;
    }
    f->copy_ratio = (double)t_save / (double)(t_copy ? t_copy : 1);
    free(block);
    arena_snapshot_free(snap);
}

/* A comma list of 1 to 8 numbers 1..max_value; a ninth is refused (it was dropped without a word). */
static bool parse_list(const char *v, int *out, int *n, int max_value) {
    *n = 0;
    while (*v) {
        if (*n == 8) return false;
        const char *comma = strchr(v, ',');
        size_t len = comma ? (size_t)(comma - v) : strlen(v);
        long long x;
        if (!text_parse_int(v, len, 1, max_value, &x)) return false;
        out[(*n)++] = (int)x;
        v += len + (comma ? 1 : 0);
    }
    return *n > 0;
}

int bench_sim(int argc, char **argv) {
    if (cli_wants_help(argc, argv)) {
        help();
        return EXIT_OK;
    }
    int batches[8] = {1, 64, 4096}, nb = 3, threads[8] = {1, 2}, nt = 2;
    double seconds = 0.5;
    bool json = false, want[5] = {false};
    int nwant = 0;
    for (int i = 1; i < argc; i++) {
        const char *v;
        bool missing;
        if (strcmp(argv[i], "--json") == 0) json = true;
        else if (cli_flag_value(argc, argv, &i, "--batch", &v, &missing)) {
            if (missing || !parse_list(v, batches, &nb, 1 << 20))
                return cli_usage_error("bench sim", "--batch %s: expected 1 to 8 sizes of 1 to 1048576, e.g. 1,64,4096",
                                       missing ? "(nothing)" : v);
        } else if (cli_flag_value(argc, argv, &i, "--threads", &v, &missing)) {
            if (missing || !parse_list(v, threads, &nt, 256))
                return cli_usage_error("bench sim", "--threads %s: expected 1 to 8 counts of 1 to 256, e.g. 1,2",
                                       missing ? "(nothing)" : v);
        } else if (cli_flag_value(argc, argv, &i, "--seconds", &v, &missing)) {
            if (missing || !cli_parse_number(v, 0.001, 3600, &seconds))
                return cli_usage_error("bench sim", "--seconds needs a duration, e.g. 0.5 (up to 3600)");
        } else {
            int k = 0;
            while (k < 5 && strcmp(GAMES[k].game, argv[i]) != 0) k++;
            /* it named neither the games nor the options, and sent to `arena bench --help` */
            if (k == 5)
                return cli_usage_error("bench sim", "unknown %s %s: games are %s, %s, %s, %s, %s; options --batch, "
                                       "--threads, --seconds, --json",
                                       argv[i][0] == '-' ? "option" : "game", argv[i], GAMES[0].game, GAMES[1].game,
                                       GAMES[2].game, GAMES[3].game, GAMES[4].game);
            want[k] = true;
            nwant++;
        }
    }
    if (json) printf("[");
    else
        printf("%-12s %6s %3s %13s %13s %13s %8s %13s %13s %13s %8s %9s\n", "game", "batch", "thr", "bots turns/s",
               "per CPU s", "engine/CPU s", "bots/eng", "agents/s", "per CPU s", "step/CPU s", "x1thr", "copy/mem");
    bool first = true;
    for (int k = 0; k < 5; k++) {
        if (nwant && !want[k]) continue;
        for (int bi = 0; bi < nb; bi++)
            for (int ti = 0; ti < nt; ti++) {
                figures f;
                memset(&f, 0, sizeof f);
                benv b;
                if (!benv_open(&b, &GAMES[k], batches[bi], threads[ti], true)) return EXIT_FAIL;
                run_bots(&b, threads[ti] == 1 ? game_find_bot(b.env->g, GAMES[k].bot) : NULL, seconds, &f);
                benv_close(&b);
                if (!benv_open(&b, &GAMES[k], batches[bi], threads[ti], false)) return EXIT_FAIL;
                run_agents(&b, seconds, &f);
                if (threads[ti] == 1 && batches[bi] >= 64) run_copy(&b, seconds / 2, &f);
                if (threads[ti] > 1 && batches[bi] >= SIM_POOL_MIN) { /* below, the threads stay idle */
                    benv one;
                    if (!benv_open(&one, &GAMES[k], batches[bi], 1, false)) return EXIT_FAIL;
                    run_scaling(&b, &one, seconds, &f);
                    benv_close(&one);
                }
                benv_close(&b);
                if (json) {
                    printf("%s\n {\"game\":\"%s\",\"batch\":%d,\"threads\":%d,\"bot\":\"%s\","
                           "\"turns_per_second\":%.1f,\"turns_per_cpu_second\":%.1f,"
                           "\"agent_steps_per_second\":%.1f,\"agent_steps_per_cpu_second\":%.1f,"
                           "\"step_agent_steps_per_cpu_second\":%.1f,\"env_steps_per_second\":%.1f,"
                           "\"env_steps_per_cpu_second\":%.1f,\"call_us\":%.3f,\"copy_over_memcpy\":%.3f,"
                           "\"engine_turns_per_cpu_second\":%.1f,\"threads_over_one\":%.3f}",
                           first ? "" : ",", GAMES[k].game, batches[bi], threads[ti], GAMES[k].bot, f.turns_wall,
                           f.turns_cpu, f.agents_wall, f.agents_cpu, f.step_cpu, f.env_steps_wall, f.env_steps_cpu,
                           f.step_us, f.copy_ratio, f.engine_cpu, f.scaling);
                } else {
                    char copy[16] = "", eng[16] = "", ratio[16] = "", scale[16] = "";
                    if (f.copy_ratio > 0) snprintf(copy, sizeof copy, "%.2fx", f.copy_ratio);
                    if (f.scaling > 0) snprintf(scale, sizeof scale, "%.2fx", f.scaling);
                    if (f.engine_cpu > 0) {
                        snprintf(eng, sizeof eng, "%.0f", f.engine_cpu);
                        snprintf(ratio, sizeof ratio, "%.2f", f.turns_cpu / f.engine_cpu);
                    }
                    printf("%-12s %6d %3d %13.0f %13.0f %13s %8s %13.0f %13.0f %13.0f %8s %9s\n", GAMES[k].game,
                           batches[bi], threads[ti], f.turns_wall, f.turns_cpu, eng, ratio, f.agents_wall, f.agents_cpu,
                           f.step_cpu, scale, copy);
                }
                fflush(stdout);
                first = false;
            }
    }
    if (json) printf("\n]\n");
    return EXIT_OK;
}
