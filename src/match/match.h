/* match.h: the referee: runs one game between seats, measures the clocks, feeds the sinks. */
#ifndef ARENA_MATCH_H
#define ARENA_MATCH_H
#include "../game/game.h"
#include "../sandbox/sandbox.h"
#include "seatspec.h"
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

typedef struct match_s match_t;

/* An output of the match (replay writer, event log, live view, result collector...). Adding an
 * output means adding a sink, never touching the loop. Every hook may be NULL. */
typedef struct {
    void *ctx;
    void (*on_start)(void *ctx, const match_t *m);
    /* After each turn's apply(): m->turns, m->actions, m->texts describe the turn. */
    void (*on_turn)(void *ctx, const match_t *m);
    /* Every line a process seat writes to stdout, as received (for the Splitter tester echo). */
    void (*on_line)(void *ctx, const match_t *m, int seat, const char *line, size_t n);
    /* Log events (referee and game), in the order they happen. */
    void (*on_log)(void *ctx, const match_t *m, const log_event *ev);
    void (*on_end)(void *ctx, const match_t *m);
    /* Between turns: return false to abandon the match (the user quit the live view). */
    bool (*between)(void *ctx, match_t *m);
    void (*close)(void *ctx); /* frees ctx (sink_free) */
    /* A sink that writes a file: after the match, false (with the reason) when the file was not
     * written whole (a full disk); sink_finish calls it. May be NULL. */
    bool (*finish)(void *ctx, buf_t *err);
} sink_t;

/* Clock limits in force (ms; 0 = none). */
typedef struct {
    int64_t move_ms, hard_ms, bank_ms, startup_ms, grace_ms;
    bool pause_idle;
    /* The first question's hard limit is startup_ms alone (0: none) instead of hard_ms + startup_ms
     * (the Splitter tester's --startup-timeout, which replaces --timeout for the first move). */
    bool startup_only_first;
} match_clock;

#define MATCH_MAX_SINKS 8

typedef struct {
    const game_t *game;
    game_options options;       /* every key of the game's table, defaults filled in */
    uint64_t seed;
    int nseats;
    seat_spec seats[GAME_MAX_SEATS];
    match_clock clock;
    bool quick;                 /* realtime games: end a turn as soon as every seat answered */
    const char *stderr_dir;     /* when set: DIR/seat<N>.stderr (bounded) */
    const char *python_sdk;     /* folder holding arena_sdk (NULL: found next to the binary) */
    sandbox_config sandbox;     /* the process seats' sandbox (zeroed: on, the game's defaults) */
    int nsinks;
    sink_t sinks[MATCH_MAX_SINKS];
    bool stderr_inherit;        /* process seats write their stderr to ours (the Splitter tester) */
} match_config;

#define MATCH_TEXT_MAX 200 /* bytes of a received line kept in records */

/* An invalid line a seat wrote, and why it was refused. */
typedef struct {
    bool seen;
    verdict_cause cause;
    char text[MATCH_TEXT_MAX + 1];
    char why[160];
} match_invalid;

struct match_s {
    const match_config *cfg;
    const game_t *game;
    void *state;             /* the game's state */
    rng_t rng;               /* the match RNG (stream 0 of the seed) */
    int turn;                /* the turn being played (game->rules.turn() before apply) */
    int turns_played;
    bool first_turn_done;
    game_names names;        /* display names and codes, updated by identification lines */
    /* The last turn, for sinks: */
    seat_turn turns[GAME_MAX_SEATS];
    unsigned char *actions;  /* nseats * action_size */
    char texts[GAME_MAX_SEATS][MATCH_TEXT_MAX + 1]; /* the line received this turn (truncated) */
    char details[GAME_MAX_SEATS][160];              /* why a verdict was given */
    int64_t question_us[GAME_MAX_SEATS]; /* this turn: first byte of the message to the reply's
                                            newline (0 when not measured) */
    /* Per seat over the whole game: counts of turns with each verdict. */
    int verdicts[GAME_MAX_SEATS][VERDICT_COUNT];
    /* Per seat: its first invalid line and why, for the line under the table (a bot's author saw
     * "invalid 1" beside a lost game, and why only with --log). */
    match_invalid first_invalid[GAME_MAX_SEATS];
    char *stderr_tail[GAME_MAX_SEATS];              /* last bytes of each seat's stderr */
    /* Result: */
    bool over, aborted;
    double scores[GAME_MAX_SEATS];
    int ranks[GAME_MAX_SEATS];
    int64_t start_us, end_us;
    struct match_internal *in; /* referee internals (seats, processes, questions) */
    bool absent[GAME_MAX_SEATS]; /* seats that could not be started, removed before the first turn
                                    (game->rules.absent; the replay header lists them) */
};

/* Fills opts from the game's table and "key=value" strings; unknown keys and bad syntax fail. */
bool match_parse_options(const game_t *g, int n, char **kv, game_options *opts, buf_t *err);
/* The game's clock defaults. */
match_clock match_default_clock(const game_t *g);

/* Builds the match: creates the game state (validating seats and options). */
match_t *match_new(const match_config *cfg, buf_t *err);
/* match_new, saying why it failed: *runtime_error true when the game could not be made for a
 * reason that is not the command's (out of memory: a failure), false for a refused setup (the
 * seats, the options: a usage error). */
match_t *match_new_status(const match_config *cfg, buf_t *err, bool *runtime_error);
/* Plays the whole game. Returns 0 when the game was played to its end, 1 when abandoned (an
 * interruption, a sink that stopped it, or a game that could not go on: rules.failed, logged). */
int match_run(match_t *m);
void match_free(match_t *m);
/* A built-in seat's memory (the live view feeds the `human` seat's keys into it); NULL for
 * process seats. */
void *match_seat_memory(match_t *m, int seat);
/* The seat leaves the game (a human pressing q): it counts as exited from its next turn on. */
void match_seat_quit(match_t *m, int seat);

/* Set to 1 (from a signal handler or another thread) to stop every running match: the loop ends at
 * its next turn or poll wake-up and match_run returns 1 (abandoned). A tournament worker sets it
 * back to 0 before its next match. */
extern volatile sig_atomic_t match_interrupted;
#endif
