/* sim_outputs_ab.c: every output buffer of the simulator, step by step, as one hash a line, for
 * comparing two builds of libarena.so bit for bit (scripts/sim_outputs_ab.sh runs this program
 * against each build and compares the lines). Every game, with agents in every seat, bots in every
 * seat, an agent beside bots; with autoreset, max_steps and autoreset=0; every buffer bound, and
 * some with only a few bound (a buffer not bound must not change what the others hold).
 *   sim_outputs_ab [ENVS [STEPS]]     defaults 150 and 300 (Rezzo: a tenth of each)
 * Links libarena.so through LD_LIBRARY_PATH, so the same binary runs either build. */
#include "arena.h"
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const NAMES[] = {"obs",       "mask",  "to_act", "action", "reward", "terminated",
                                    "truncated", "score", "result", "rank",   "seed",   "failed"};
enum { NBUF = 12 };

#include "bench_games.h" /* the games, seats and bots of `arena bench sim` */

/* FNV-1a, 64 bits */
static uint64_t hash(uint64_t h, const void *p, size_t n) {
    const unsigned char *b = p;
    for (size_t k = 0; k < n; k++) h = (h ^ b[k]) * 0x100000001b3ULL;
    return h;
}

typedef struct {
    const char *name;
    int first_bot;        /* seats from this one on are bots (99: none) */
    int bot_index;        /* -1: the row's bot; else arena_game_bot(game, bot_index) */
    const char *extra[3]; /* max_steps, autoreset, threads */
    unsigned bound;       /* bit k: NAMES[k] bound */
} config;

#define ALL 0xfffu
/* obs, to_act, action, seed: an agent's essentials; score, terminated, seed: a bots' rollout */
#define FEW ((1u << 0) | (1u << 2) | (1u << 3) | (1u << 10))
#define ROLL ((1u << 7) | (1u << 5) | (1u << 10))

static const config CONFIGS[] = {
    {"agents", 99, -1, {NULL}, ALL},
    {"agents-cut-noreset", 99, -1, {"max_steps=37", "autoreset=0", NULL}, ALL},
    {"agents-cut", 99, -1, {"max_steps=23", NULL}, ALL},
    {"agents-few", 99, -1, {NULL}, FEW | (1u << 1)},
    {"agents-nomask", 99, -1, {NULL}, FEW},
    {"bots", 0, -1, {NULL}, ALL},
    {"bots-other", 0, 2, {NULL}, ALL},
    {"bots-cut", 0, -1, {"max_steps=29", NULL}, ALL},
    {"bots-noreset", 0, -1, {"autoreset=0", NULL}, ALL},
    {"bots-roll", 0, -1, {NULL}, ROLL},
    {"bots-threads", 0, -1, {"threads=2", NULL}, ALL},
    {"gym", 1, -1, {NULL}, ALL},
    {"gym-cut-noreset", 1, -1, {"max_steps=31", "autoreset=0", NULL}, ALL},
    {"gym-few", 1, -1, {NULL}, FEW | (1u << 1)},
};

static void run(const game_row *gr, const config *c, int envs, int steps) {
    const char *s[24];
    char bs[8][64];
    int n = 0, seats = atoi(gr->seats + 6);
    s[n++] = gr->seats;
    if (gr->option) s[n++] = gr->option;
    for (int k = 0; k < 3 && c->extra[k]; k++) s[n++] = c->extra[k];
    const char *bot = c->bot_index < 0 ? gr->bot : arena_game_bot(gr->game, c->bot_index);
    for (int seat = c->first_bot; seat < seats; seat++) {
        snprintf(bs[seat], sizeof bs[seat], "bot.%d=%s", seat, bot);
        s[n++] = bs[seat];
    }
    s[n] = NULL;
    arena_env *env = arena_env_new(gr->game, envs, 7, s);
    if (!env) {
        printf("%s %s: %s\n", gr->game, c->name, arena_last_error());
        return;
    }
    void *buf[NBUF] = {NULL};
    size_t bytes[NBUF] = {0};
    for (int k = 0; k < NBUF; k++) {
        bytes[k] = arena_buffer_bytes(env, NAMES[k]);
        if (!bytes[k] || !(c->bound >> k & 1)) continue;
        buf[k] = aligned_alloc(64, (bytes[k] + 63) / 64 * 64);
        memset(buf[k], 0xa5, bytes[k]); /* a byte never written shows */
        arena_bind(env, NAMES[k], buf[k], bytes[k]);
    }
    int agents = arena_num_agents(env);
    for (int step = -1; step < steps; step++) {
        int rc;
        if (step < 0) rc = arena_reset(env, 11);
        else {
            if (agents && buf[3]) arena_sample(env);
            rc = arena_step(env);
        }
        uint64_t h = 0xcbf29ce484222325ULL;
        for (int k = 0; k < NBUF; k++)
            if (buf[k]) h = hash(h, buf[k], bytes[k]);
        printf("%s %s %d rc=%d %016llx%s%s\n", gr->game, c->name, step, rc, (unsigned long long)h, rc ? " " : "",
               rc ? arena_last_error() : "");
    }
    arena_env_free(env);
    for (int k = 0; k < NBUF; k++) free(buf[k]);
}

int main(int argc, char **argv) {
    int envs = argc > 1 ? atoi(argv[1]) : 150, steps = argc > 2 ? atoi(argv[2]) : 300;
    for (size_t g = 0; g < sizeof GAMES / sizeof *GAMES; g++)
        for (size_t k = 0; k < sizeof CONFIGS / sizeof *CONFIGS; k++) {
            bool rezzo = strcmp(GAMES[g].game, "rezzo") == 0;
            run(&GAMES[g], &CONFIGS[k], rezzo ? envs / 10 + 1 : envs, rezzo ? steps / 10 + 1 : steps);
        }
    return 0;
}
