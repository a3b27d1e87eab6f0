/* arena.h: the public API of libarena.so, Arena's batched simulator: every game of Arena stepped
 * in batches from C or Python (ctypes), for search and learning. docs/sim.md is the manual.
 *
 * The library steps the very engines `arena play` runs (src/games), with the same rules, views and
 * built-in bots; it adds batching, threads, fixed-shape encodings and state copies. This header
 * is all it exports.
 *
 * Words used below:
 *   environment  one game in progress; an arena_env holds num_envs of them, all of one game
 *   seat         a player position of the game, 0 .. seats-1
 *   agent        a seat the caller plays (the others are played by built-in bots): agents are
 *                numbered 0 .. agents-1 in seat order
 *   step         the caller's actions for the agents that must act, then every turn that follows
 *                until an agent must act again (bot-only turns are played inside the step)
 *
 * A typical loop (error checks left out):
 *   const char *settings[] = {"bot.1=greedy", "threads=2", NULL};
 *   arena_env *env = arena_env_new("chicken", 64, 1, settings);
 *   int16_t *obs = malloc(arena_buffer_bytes(env, "obs"));    ... one buffer per name you need
 *   arena_bind(env, "obs", obs, arena_buffer_bytes(env, "obs"));
 *   ... bind "mask", "action", "reward", "terminated", "truncated", "to_act"
 *   arena_reset(env, 1);
 *   for (;;) { choose action[e * agents + a] from obs and mask; arena_step(env); }
 *   arena_env_free(env);
 *
 * Errors: functions returning int return 0 (or a count) on success and -1 on failure; functions
 * returning a pointer return NULL. arena_last_error() then says what was wrong. No function
 * aborts or crashes on a bad argument. */
#ifndef ARENA_H
#define ARENA_H
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define ARENA_API __attribute__((visibility("default")))
#else
#define ARENA_API
#endif

/* The version of this API (incremented on any incompatible change). */
#define ARENA_API_VERSION 1

/* Element types of buffers and observations (arena_buffer_info, arena_obs_dtype). */
enum {
    ARENA_INT8 = 1,    /* int8_t */
    ARENA_UINT8 = 2,   /* uint8_t (masks and flags hold 0 or 1) */
    ARENA_INT16 = 3,   /* int16_t */
    ARENA_INT32 = 4,   /* int32_t */
    ARENA_FLOAT32 = 5, /* float */
    ARENA_FLOAT64 = 6, /* double */
    ARENA_UINT64 = 7   /* uint64_t */
};

/* Results of arena_bot_feed. */
enum {
    ARENA_MORE = 0,  /* the message is not complete: feed the next line or record */
    ARENA_ACT = 1,   /* a view is complete: call arena_bot_observe, then arena_bot_reply */
    ARENA_END = 2,   /* the game is over: stop */
    ARENA_READY = 3  /* a start-up handshake: answer the line "ready" */
};

typedef struct arena_env arena_env;           /* num_envs environments of one game */
typedef struct arena_snapshot arena_snapshot; /* saved environment states, for search */
typedef struct arena_bot arena_bot;           /* one seat played over the wire (a process bot) */

/* ---- the library ---- */

/* ARENA_API_VERSION of the library that is loaded. */
ARENA_API int arena_api_version(void);
/* What went wrong in the last failed call on this thread ("" when nothing did). The text stays
 * valid until the next failing call on the same thread. */
ARENA_API const char *arena_last_error(void);
/* The id of game i ("chicken", "rezzo", ...), i from 0; NULL past the last game (and
 * arena_last_error says how many there are). */
ARENA_API const char *arena_game(int i);
/* The name of built-in bot i of a game, i from 0; NULL past the last bot or for an unknown game
 * (and arena_last_error says which: the game's bot count, or the games there are). */
ARENA_API const char *arena_game_bot(const char *game, int i);

/* ---- environments ---- */

/* Creates num_envs (1 .. 1048576) environments of `game`. Environment i draws the seeds of its
 * games from its own random generator, seeded seed + i. settings: NULL or a NULL-terminated list
 * of "key=value" strings:
 *   seats=N        the number of seats (default: the game's smallest; Rising Tide 4, Chicken 2,
 *                  SuiteBot 2, Splitter 1, Rezzo 1)
 *   bot.S=NAME     seat S is played by built-in bot NAME (default: every seat is an agent)
 *   threads=N      worker threads for steps, 1 .. 256 (default 1), used from 128 environments
 *                  (and two per thread) on; the results do not depend on it
 *   max_steps=N    a game is truncated after N turns (default 0: only the game's own end); a
 *                  cut game has nobody to act (to_act 0)
 *   autoreset=0|1  1 (default): a game that ends restarts in the same step; 0: it stays over
 *                  (its end reported once, then its steps change nothing) until arena_reset or
 *                  arena_reset_one
 *   KEY=VALUE      anything else is a game option, as `arena play --option KEY=VALUE` (Rezzo's
 *                  `view` is checked as --view, for these seats: follow=9 with 2 is refused)
 * Bind the buffers, then call arena_reset before the first step (it starts the games, plays the
 * bots' turns before the agents' first and writes the buffers). NULL on a bad argument. */
ARENA_API arena_env *arena_env_new(const char *game, int num_envs, uint64_t seed, const char *const *settings);
/* Frees the environments and their threads (NULL is allowed). Bound buffers stay the caller's. */
ARENA_API void arena_env_free(arena_env *env);

/* The game's id, e.g. "chicken". */
ARENA_API const char *arena_env_game(const arena_env *env);
/* num_envs as created. */
ARENA_API int arena_num_envs(const arena_env *env);
/* The number of seats of every game. */
ARENA_API int arena_num_seats(const arena_env *env);
/* The number of agents (seats without a bot). */
ARENA_API int arena_num_agents(const arena_env *env);
/* The seat agent a plays; -1 for a bad agent number. */
ARENA_API int arena_agent_seat(const arena_env *env, int agent);
/* Elements of one agent's observation (a flat vector; docs/sim.md gives each game's layout). */
ARENA_API int arena_obs_size(const arena_env *env);
/* The observation's element type (ARENA_INT8, ARENA_UINT8, ARENA_INT16 or ARENA_INT32). */
ARENA_API int arena_obs_dtype(const arena_env *env);
/* The size of the flat discrete action space: actions are 0 .. arena_num_actions()-1. */
ARENA_API int arena_num_actions(const arena_env *env);

/* ---- buffers: the caller's memory, registered once, read and written in place by every call ---- */

/* The buffers, by name, with their element type and shape (E = num_envs, A = agents, S = seats):
 *   "obs"        [E][A][obs_size]  obs dtype  out: each agent's observation after the call
 *   "mask"       [E][A][actions]   uint8      out: 1 where the action is legal now
 *   "to_act"     [E][A]            uint8      out: 1 when the agent must act in the next step
 *   "action"     [E][A]            int32      in:  the action of each agent that must act
 *   "reward"     [E][A]            float32    out: the agent's score gained during the step
 *   "terminated" [E]               uint8      out: 1 when the game ended during the step
 *   "truncated"  [E]               uint8      out: 1 when the game was cut at max_steps
 *   "score"      [E][S]            float64    out: every seat's running score (rewards sum it)
 *   "result"     [E][S]            float64    out: the game's result scores when it ended, else 0
 *   "rank"       [E][S]            int32      out: the final ranks (1 best) when it ended, else 0
 *   "seed"       [E]               uint64     out: the seed of the game now being played
 *   "failed"     [E]               uint8      out: 1 when the environment's game could not start or go
 *                                             on (its rows: arena_step), else 0
 * A buffer that is not bound is not written (an unbound "action" means: no agent ever acts, so
 * every seat needs a bot). When a game ends in a step the environment starts its next game at once:
 * terminated/truncated, reward, score, result and rank describe the game that ended, obs, mask,
 * to_act and seed the new one.
 * Returns the number of dimensions (1 to 3) and fills dtype and dims; -1 for an unknown name. */
ARENA_API int arena_buffer_info(const arena_env *env, const char *name, int *dtype, int64_t dims[3]);
/* The size in bytes of a buffer; 0 for an unknown name. */
ARENA_API size_t arena_buffer_bytes(const arena_env *env, const char *name);
/* Registers the caller's buffer for `name`: bytes must be exactly arena_buffer_bytes(env, name)
 * and data aligned to its element size. NULL data unbinds. The library keeps the pointer (never
 * frees it) and never allocates or copies per step. A buffer of several MB, written whole every
 * step, is faster on 2 MB pages: mmap it and madvise(MADV_HUGEPAGE) (arena_sdk.sim does so from
 * 4 MB on). */
ARENA_API int arena_bind(arena_env *env, const char *name, void *data, size_t bytes);

/* ---- playing ---- */

/* Seeds environment i's generator with seed + i and starts a new game in every environment;
 * writes obs, mask, to_act, seed, score and zeroes reward, terminated, truncated, result, rank.
 * A game that could not start for want of memory (Rezzo's cell lists) fails the call, naming the
 * lowest such environment and the reason; the others started, and that one's rows are a failed
 * environment's (arena_step) and it fails every step until it is reset again. */
ARENA_API int arena_reset(arena_env *env, uint64_t seed);
/* Starts a new game in environment i with exactly this game seed: the game `arena play --seed
 * game_seed` plays (0 .. 2^53-1). Its generator is untouched. Writes env i's entries as reset (a
 * game that could not start: -1, and a failed environment's rows, as arena_reset). */
ARENA_API int arena_reset_one(arena_env *env, int i, uint64_t game_seed);
/* Plays one step in every environment: each agent that must act plays action[e][a]; the agents
 * that must not act are ignored. Every action is checked before anything moves: an action out of
 * range or illegal now fails the call, naming the environment, agent and action, and no
 * environment is changed (before any arena_reset, arena_reset_one or restore, whose buffers are
 * not written yet, the message says arena_reset was never called). Games that end restart (see the buffers). A game that could not go on
 * (Rezzo's engine ran out of memory: the game is abandoned, its result meaningless) fails the
 * call after the step was played, naming the (lowest) environment and the game's reason: the other
 * environments did step; that one is not restarted, has nobody to act, and every step fails again
 * until arena_reset or arena_reset_one starts a new game. So does a game that ended in the step
 * when the next one could not start (autoreset). The rows of a failed environment, in the step
 * that finds it and every one after: "failed" 1 (0 for every other environment), "seed" the failed
 * game's, and 0 in obs, mask, to_act, reward, terminated, truncated, score, result and rank; but
 * when a game ended in the step and the next could not start, reward, terminated, truncated,
 * score, result and rank describe the ended game, as for any game that ends in a step. */
ARENA_API int arena_step(arena_env *env);
/* Writes a uniformly random legal action for every agent that must act into the "action" buffer
 * (each environment has its own sampling generator, seeded at arena_reset). It draws from the
 * bound "mask" buffer as it stands (the last call's mask: a caller may narrow it to sample among
 * fewer actions, and every call writes it anew), else from the rules. */
ARENA_API int arena_sample(arena_env *env);
/* The flat action built-in bot `bot` would play now for `seat` of environment i, into *action
 * (-1 when it would play something outside the flat space); the game is not changed. Asked for an
 * agent's move, the bot keeps its memory (and random stream) from one call to the next while the
 * agent plays its answers: asked at each of the seat's turns from its first, with its answers
 * played, it plays as it would in a seat of its own (`arena play` with it there). Otherwise (its
 * last answer was not played, or a turn of the seat was not asked, another bot was asked, a new
 * game or a restore came between, or the seat is a bot seat) it joins the game as it stands, at any
 * point: what it would remember of its own play is rebuilt from the state (Splitter's sheet), so its
 * move is legal now, the rest of its memory empty, with a random stream of its own for the game,
 * turn and seat. Asked again at the same turn, it gives the same answer. Its memory is kept beside
 * the environment (as large as the bot's: Chicken's champion 16 MB) until arena_env_free. Calls for
 * one environment must not run at once. A seat that is not on move now (an
 * agent's "to_act" 0; a game over or cut has nobody on move) has no move to ask for: -1, and
 * arena_last_error says "environment I: seat S is not to move" with the seats that are. */
ARENA_API int arena_bot_action(arena_env *env, int i, int seat, const char *bot, int32_t *action);
/* The flat action of a typed action written as a replay records it (a turn's `seats[].action`:
 * Chicken [1,2], SuiteBot "PLANT_BOMB", Rezzo 46) for `seat` of environment i now, into *action
 * (-1: outside the flat space). For replaying or imitating recorded games. Anything else is
 * refused, the message showing the game's form (`as "PLANT_BOMB" is`). */
ARENA_API int arena_action_from_json(const arena_env *env, int i, int seat, const char *json, int32_t *action);

/* ---- state copies, for search ---- */

/* Room for `count` saved environment states of env's game and settings. */
ARENA_API arena_snapshot *arena_snapshot_new(const arena_env *env, int count);
/* Frees a snapshot (NULL is allowed). */
ARENA_API void arena_snapshot_free(arena_snapshot *snap);
/* Saves environment i into slot: the game, its random generators, the bots' memories and the
 * step counters. Restoring it and stepping with the same actions gives bit-identical results.
 * A copy that runs out of memory (Rezzo's lists; arena_snapshot_new's copies too, which then
 * returns NULL) fails the call (-1, naming environment and slot): the slot then holds no usable
 * state, and restoring it is refused. */
ARENA_API int arena_save(const arena_env *env, int i, arena_snapshot *snap, int slot);
/* Puts slot back into environment i and rewrites env i's buffers as arena_reset does. A slot
 * never saved into, or holding a game that could not go on (saved from such an environment, or
 * whose save failed), is refused (-1), env i unchanged; a copy that runs out of memory fails the
 * call and leaves env i a failed environment (its rows as arena_step says) until a restore or
 * reset succeeds. */
ARENA_API int arena_restore(arena_env *env, int i, const arena_snapshot *snap, int slot);
/* Saves every environment e into slot e (the snapshot needs num_envs slots), across the threads;
 * a failed copy fails the call naming the lowest environment, the others saved. */
ARENA_API int arena_save_all(const arena_env *env, arena_snapshot *snap);
/* Restores every environment e from slot e, across the threads: refused whole when a slot was
 * never saved into or holds a game that could not go on; a failed copy fails the call naming the
 * lowest, as arena_restore. */
ARENA_API int arena_restore_all(arena_env *env, const arena_snapshot *snap);

/* ---- looking at a game ---- */

/* Environment i's game as text: format "text" (the terminal display as plain characters; in
 * the mode of the game's `view` option where it has one, Rezzo's), "text:MODE" (the display in
 * one of the game's display modes, as `arena play --view MODE`: Chicken spectator, A, B; SuiteBot
 * plain, blast; Splitter symbols, ascii; Rezzo a comma list of live, follow=N, letters, ...;
 * Rising Tide has one display) or "json" (the replay frame, as `arena play --replay` records it);
 * an unknown format or mode, or one naming a seat the environments do not have (Rezzo's follow=9
 * with 2 seats), is refused (-1), naming the valid ones. Writes at most cap bytes with
 * a terminating NUL into out (out may be NULL when cap is 0); returns the full length without the
 * NUL, so a second call with a larger buffer gets all of it. */
ARENA_API int64_t arena_render(const arena_env *env, int i, const char *format, char *out, size_t cap);

/* ---- the same encoding for a process bot (a trained policy playing `arena play`) ---- */

/* A bot speaking `game`'s wire protocol: it turns the referee's messages into the observation and
 * mask the environments give, and flat actions into the reply. */
ARENA_API arena_bot *arena_bot_new(const char *game);
ARENA_API void arena_bot_free(arena_bot *bot);
/* Feeds one line from the referee (without its newline) or, for a game with binary records
 * (Rezzo), one whole message. Returns ARENA_MORE, ARENA_ACT, ARENA_END, ARENA_READY or -1. */
ARENA_API int arena_bot_feed(arena_bot *bot, const char *data, size_t n);
/* Bytes of one message for games with binary records (Rezzo: 340), 0 for line-based games. */
ARENA_API int arena_bot_message_size(const arena_bot *bot);
/* After ARENA_ACT: the observation size, as arena_obs_size (the first view fixes it). */
ARENA_API int arena_bot_obs_size(const arena_bot *bot);
/* After ARENA_ACT: the observation's element type, as arena_obs_dtype. */
ARENA_API int arena_bot_obs_dtype(const arena_bot *bot);
/* After ARENA_ACT: the number of flat actions, as arena_num_actions. */
ARENA_API int arena_bot_num_actions(const arena_bot *bot);
/* After ARENA_ACT: writes the observation (obs_size elements of the game's dtype) and, when mask
 * is not NULL, the legal mask (num_actions bytes). */
ARENA_API int arena_bot_observe(arena_bot *bot, void *obs, uint8_t *mask);
/* The reply to the current view for flat action `action`: writes the wire bytes (a line ending in
 * a newline, or a record) into out with a NUL and returns their length; -1 for an action out of
 * range or too small a buffer. */
ARENA_API int arena_bot_reply(arena_bot *bot, int32_t action, char *out, size_t cap);

#ifdef __cplusplus
}
#endif
#endif
