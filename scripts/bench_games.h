/* bench_games.h: the games, seats and bots the simulator's benchmark programs play (those of
 * `arena bench sim`), one table for scripts/bench_sim_instr.c and scripts/sim_outputs_ab.c. */
#ifndef ARENA_BENCH_GAMES_H
#define ARENA_BENCH_GAMES_H
typedef struct {
    const char *game, *bot, *seats, *option;
} game_row;

static const game_row GAMES[] = {
    {"rising_tide", "random_rizhao", "seats=4", NULL}, {"suitebot", "random", "seats=2", NULL},
    {"chicken", "yolanda", "seats=2", NULL},           {"splitter", "random", "seats=1", NULL},
    {"rezzo", "wander", "seats=2", "size=64x64"},
};
#endif
