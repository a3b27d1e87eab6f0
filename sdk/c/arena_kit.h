/* arena_kit.h: the C starter kit. A bot is one function over the game's typed view (the same
 * function type as Arena's built-in bots); kit_run speaks the game's wire protocol for it.
 *
 *   #include "arena_kit.h"
 *   #include "games/rising_tide/rt.h"     // rt_view, rt_action
 *   static bool my_bot(void *mem, const void *view, void *action, rng_t *rng) { ... }
 *   int main(int argc, char **argv) { return kit_run(&game_rising_tide, my_bot, 0, argc, argv); }
 *
 * Build: cc -Isrc -Isdk/c mybot.c sdk/c/kit.c build/libarena.a -ljansson -lm  (see docs/starter-kit.md)
 * argv[1], when given, is the bot's random seed (default 1). */
#ifndef ARENA_KIT_H
#define ARENA_KIT_H
#include "game/game.h"

typedef bool (*kit_bot_fn)(void *memory, const void *view, void *action, rng_t *rng);
/* A bot that reads a clock (game.h bot_clock): the kit hands it one started when the whole message
 * has been read, or NULL when the program was given `clock=off`. */
typedef bool (*kit_timed_fn)(void *memory, const void *view, void *action, rng_t *rng, const bot_clock *clock);

/* Reads messages on stdin until the end message or EOF, answers each with bot's action on
 * stdout. memory_size bytes of zeroed memory persist across calls. Returns the exit status.
 * Arguments: [SEED] [delay=MS] [move-ms=MS] [clock=off]. */
int kit_run(const game_t *g, kit_bot_fn bot, size_t memory_size, int argc, char **argv);
/* The same for a bot that manages its time. */
int kit_run_timed(const game_t *g, kit_timed_fn bot, size_t memory_size, int argc, char **argv);
#endif
