/* bench_engine.h: the engine-only benchmark's loop (bench_engine.c). */
#ifndef ARENA_BENCH_ENGINE_H
#define ARENA_BENCH_ENGINE_H
#include "../game/game.h"
#include <stdint.h>

/* Plays games first .. first+games-1 (game k's seed rng_derive_seed(seed, k)) with bot in every
 * seat, adding their turns to *steps; nonzero, with why in err, when a game cannot be made or fails
 * in play (rules.failed: its engine ran out of memory), and no later game is played. */
int bench_engine_games(const game_t *g, const game_options *o, int seats, const game_bot *bot, uint64_t seed,
                       uint64_t first, uint64_t games, long long *steps, buf_t *err);
#endif
