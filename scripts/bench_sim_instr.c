/* bench_sim_instr.c: fixed amounts of simulator and engine-only work, for counting instructions
 * under callgrind (scripts/bench_sim_instr.sh; docs/benchmarks.md, "Simulator"). Counts do not
 * depend on the machine's load, unlike the timed `arena bench sim`.
 *   bench_sim_instr engine GAME GAMES                  whole games of the engine-only loop of
 *                                                      `arena bench GAME` (src/cli/bench_engine.c)
 *   bench_sim_instr bots GAME BATCH STEPS              arena_step of BATCH environments, every seat
 *                                                      the same bot, every buffer bound
 *   bench_sim_instr agents GAME BATCH STEPS THREADS    arena_sample + arena_step, every seat an agent
 *   bench_sim_instr gym GAME BATCH STEPS               arena_sample + arena_step, seat 0 an agent and
 *                                                      the others the bot: the batched side of
 *                                                      bench_sim.py's Gymnasium-shaped loop
 * Games, seats and bots are those of `arena bench sim`. Prints the turns (engine, bots) or the
 * agent-steps (agents) played. */
#include "../include/arena.h"
#include "cli/bench_engine.h"
#include "sim/sim.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_games.h" /* the games, seats and bots of `arena bench sim` */

/* Seats from first_bot on are played by the game's bot, the others by agents. */
static arena_env *open_env(const game_row *gr, int batch, int threads, int first_bot) {
    const char *s[16];
    char th[32], bs[GAME_MAX_SEATS][64];
    int n = 0, seats = atoi(gr->seats + 6);
    s[n++] = gr->seats;
    if (gr->option) s[n++] = gr->option;
    snprintf(th, sizeof th, "threads=%d", threads);
    s[n++] = th;
    for (int seat = first_bot; seat < seats; seat++) {
        snprintf(bs[seat], sizeof bs[seat], "bot.%d=%s", seat, gr->bot);
        s[n++] = bs[seat];
    }
    s[n] = NULL;
    arena_env *env = arena_env_new(gr->game, batch, 1, s);
    if (!env) return NULL;
    static const char *const names[] = {"obs",       "mask",  "to_act", "action", "reward", "terminated",
                                        "truncated", "score", "result", "rank",   "seed"};
    for (int k = 0; k < 11; k++) {
        size_t bytes = arena_buffer_bytes(env, names[k]);
        if (bytes && arena_bind(env, names[k], aligned_alloc(64, (bytes + 63) / 64 * 64), bytes) != 0) return NULL;
    }
    arena_reset(env, 1);
    return env;
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: bench_sim_instr engine GAME GAMES | bots GAME BATCH STEPS | agents GAME BATCH STEPS THREADS | "
                        "gym GAME BATCH STEPS\n");
        return 2;
    }
    const game_row *gr = NULL;
    for (size_t k = 0; k < sizeof GAMES / sizeof *GAMES; k++)
        if (strcmp(GAMES[k].game, argv[2]) == 0) gr = &GAMES[k];
    if (!gr) {
        fprintf(stderr, "bench_sim_instr: unknown game %s\n", argv[2]);
        return 2;
    }
    long long turns = 0;
    if (strcmp(argv[1], "engine") == 0) {
        arena_env *env = open_env(gr, 1, 1, 0); /* for the game, its options and seats */
        buf_t err;
        buf_init(&err);
        if (!env || bench_engine_games(env->g, &env->options, env->seats, game_find_bot(env->g, gr->bot), 1, 0,
                                       strtoull(argv[3], NULL, 10), &turns, &err) != 0) {
            fprintf(stderr, "bench_sim_instr: %s\n", env ? buf_cstr(&err) : arena_last_error());
            return 1;
        }
        buf_free(&err);
    } else if (argc >= 5 && strcmp(argv[1], "bots") == 0) {
        arena_env *env = open_env(gr, atoi(argv[3]), 1, 0);
        if (!env) return 1;
        long long steps = atoll(argv[4]);
        for (long long k = 0; k < steps; k++) arena_step(env);
        turns = steps * arena_num_envs(env);
    } else if ((argc >= 6 && strcmp(argv[1], "agents") == 0) || (argc >= 5 && strcmp(argv[1], "gym") == 0)) {
        bool gym = strcmp(argv[1], "gym") == 0;
        arena_env *env = open_env(gr, atoi(argv[3]), gym ? 1 : atoi(argv[5]), gym ? 1 : GAME_MAX_SEATS);
        if (!env) return 1;
        const uint8_t *to_act = env->buf[SIM_TO_ACT];
        long long steps = atoll(argv[4]);
        for (long long k = 0; k < steps; k++) {
            for (int i = 0; i < env->n * env->agents; i++) turns += to_act[i];
            arena_sample(env);
            if (arena_step(env) != 0) return 1;
        }
    } else {
        fprintf(stderr, "bench_sim_instr: unknown mode %s\n", argv[1]);
        return 2;
    }
    if (*arena_last_error()) fprintf(stderr, "bench_sim_instr: %s\n", arena_last_error());
    printf("%lld\n", turns);
    return 0;
}
