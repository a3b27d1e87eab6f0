/* game.h: the one interface between the referee and a game (a table of functions per game).
 *
 * A game is a state struct and pure functions over it: no I/O, no clocks, no processes, no global
 * state. Everything random comes from the rng_t the match hands in. The referee (src/match) drives
 * any game through this table only; the registry (src/games/registry.c) lists the tables.
 *
 * One turn, as the referee runs it (g->rules, g->wire, g->records, g->display are the groups):
 *   mask = rules.to_act(st)                             which seats must act now
 *   for each seat in mask: rules.view(st, seat, v)      the typed observation
 *       built-in bot: bot->act(v) -> action              (same information as a process)
 *       process:      wire.encode_view(v) -> bytes -> transport -> wire.decode_line/decode_record
 *       legal?        rules.validate(st, seat, action)   checked against the state before apply
 *   rules.apply(st, actions, turns, rng)                 the game decides what each verdict costs
 *   sinks: records.turn_json, records.frame_json, records.log_event, display.draw
 *   until rules.is_over(st)
 */
#ifndef ARENA_GAME_H
#define ARENA_GAME_H
#include "../core/buf.h"
#include "../core/jw.h"
#include "../core/rng.h"
#include "canvas.h"
#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define GAME_MAX_SEATS 10

/* The one verdict vocabulary (ARCHITECTURE.md "Contracts"). The order is meaningful: everything
 * after VERDICT_OK is a failure of some kind. */
typedef enum {
    VERDICT_OK = 0,  /* answered in time with a usable action */
    VERDICT_LATE,    /* soft limit passed: the reply is discarded, the game's default action applies */
    VERDICT_DOWN,    /* hard, bank or start-up limit passed: out of play for the rest of the game */
    VERDICT_INVALID, /* unparsable or illegal */
    VERDICT_CRASH,   /* the process died, exited or closed its pipes: out of play from now on */
    VERDICT_COUNT
} verdict_kind;

/* Why a verdict was given (finer than the vocabulary; recorded in replays and logs). */
typedef enum {
    CAUSE_NONE = 0,
    CAUSE_SOFT,       /* late: soft limit */
    CAUSE_HARD,       /* down: hard per-move limit */
    CAUSE_BANK,       /* down: time bank empty */
    CAUSE_STARTUP,    /* down: start-up limit or failed handshake */
    CAUSE_FLOOD,      /* down: too much output in one turn */
    CAUSE_MALFORMED,  /* invalid: could not be parsed */
    CAUSE_TOOLONG,    /* invalid: line over the line limit */
    CAUSE_ILLEGAL,    /* invalid: parsed but breaks the rules (game's validate) */
    CAUSE_MULTIPLE,   /* invalid: more than one reply for one question (records transport) */
    CAUSE_EXIT,       /* crash: exited (status in verdict.status) */
    CAUSE_SIGNAL,     /* crash: killed by a signal (signal number in verdict.status) */
    CAUSE_CLOSED,     /* crash: closed its output */
    CAUSE_START,      /* crash: could not be started */
    CAUSE_MEMORY,     /* crash: killed by the sandbox's memory limit (the cgroup's OOM kill; added
                         with the sandbox, status holds the signal) */
    CAUSE_COUNT
} verdict_cause;

/* What happened to one seat in one turn, as the game sees it in apply(). */
typedef struct {
    bool asked;            /* the seat was in to_act's mask this turn */
    bool has_action;       /* `actions` holds a decoded action for this seat (only when verdict OK,
                              or INVALID with cause ILLEGAL: the game may look but must not apply) */
    verdict_kind verdict;  /* VERDICT_OK when nothing went wrong */
    verdict_cause cause;   /* detail of the verdict */
    int status;            /* exit status or signal number for crashes */
    int64_t elapsed_us;    /* think time measured by the referee (0 for built-ins) */
    bool out;              /* the seat is down or crashed (now or earlier): it never acts again */
} seat_turn;

/* How bytes travel between the referee and a process seat. */
typedef enum {
    TRANSPORT_LINES = 0, /* ASCII lines; the game classifies each line (decode_line) */
    TRANSPORT_RECORDS,   /* fixed-size binary records whose first byte is the turn number mod 256 */
    TRANSPORT_TCP        /* one TCP connection per question, the bot is the server (seat option) */
} transport_kind;

/* What a line from a bot is, as the game decodes it. Lines starting with '#' never reach the game:
 * the referee handles comments, '#name:' and '#log:' itself. */
typedef enum {
    DECODE_ACTION = 0, /* a usable action: it answers the oldest open question */
    DECODE_MALFORMED,  /* an answer that cannot be used: it answers the oldest question, INVALID */
    DECODE_SKIP        /* not an answer (empty line, Splitter's "not a number"): the question stays
                          open; `why` may hold a message for the log */
} decode_result;

/* What an option's value is, as the game reads it: what tells the simulator's snapshots (sim_setup.c)
 * which spellings are the same value (moves=040 is moves=40; a seed string hashed as text is not). */
typedef enum {
    GAME_OPTION_TEXT = 0, /* compared as written: a name, a list, a file, a string the game hashes */
    GAME_OPTION_NUMBER,   /* an integer the game reads with text_parse_ll (040, +40: 40); a word it
                             also takes (Chicken's spawn=random) is compared as written */
    GAME_OPTION_SIZE,     /* WxH (or WXH), each side an integer as above */
    GAME_OPTION_WIDTH,    /* an integer that, when given, overrides the width of the table's SIZE option */
    GAME_OPTION_HEIGHT    /* likewise its height (Rezzo's width= and height= beside size=) */
} game_option_type;

/* A game option: --option key=value. */
typedef struct {
    const char *key;
    const char *def;  /* default value as text */
    const char *help; /* one line: values and meaning */
    game_option_type type;
} game_option;

/* Options after parsing the command line: every key of the game's table, defaults filled in. */
typedef struct {
    int count;
    const char *key[32];
    const char *value[32];
} game_options;

const char *game_option_get(const game_options *o, const char *key);

/* Names of the seats, for logs, frames and the display. */
typedef struct {
    int count;
    const char *name[GAME_MAX_SEATS]; /* display name */
    const char *code[GAME_MAX_SEATS]; /* short code (2 letters for Rising Tide); may be "" */
} game_names;

/* A clock for a bot that manages its own time (the champions). games/ never reads a clock: whoever
 * runs the bot hands one in (the referee for a built-in seat, the C starter kit for a program), as
 * the match hands in the RNG. A bot given none budgets by counting its own work instead, which makes
 * it deterministic (tests, benchmarks, `clock=off` kit programs). */
typedef struct {
    int64_t (*now_us)(void); /* monotonic microseconds */
    int64_t asked_us;        /* when the question was asked, on now_us's scale (the kit: when the
                                whole message had been read; the referee's clock started earlier) */
    int64_t limit_ms;        /* the soft per-move limit in force as the host knows it (the referee's
                                --move-ms; a kit program's move-ms=MS, default the game's); 0: none */
} bot_clock;

/* A built-in bot, written against the typed view. It gets its own random stream. */
typedef struct {
    const char *name;     /* builtin:NAME */
    const char *display;  /* human name, e.g. "Pass Perth" */
    const char *code;     /* short code, e.g. "PR" */
    const char *help;     /* one line for `arena list` */
    size_t memory_size;   /* bytes of per-seat memory, zeroed before the first call */
    /* Chooses an action for `view`; may return false for "no reply" (records transports). */
    bool (*act)(void *memory, const void *view, void *action, rng_t *rng);
    /* Optional: the same choice with a clock (clock may be NULL: then it must equal act's). Whoever
     * runs a bot calls game_bot_act, which prefers this one. NULL: the bot never reads a clock. */
    bool (*act_timed)(void *memory, const void *view, void *action, rng_t *rng, const bot_clock *clock);
    /* Optional, for a bot whose memory holds something its moves' legality depends on that the view
     * does not carry (Splitter's bots keep the sheet: the wire sends only the rolls): fills the
     * zeroed memory as if the bot had played `seat` of the game in `state` from its start, from
     * what the seat knows of its own play and never from what it may not see. Called by whoever
     * asks a bot that joins a game under way (the simulator's arena_bot_action asks mid-game, after
     * a restore or a copy). NULL: the view is all the bot needs to move legally. */
    void (*resume)(void *memory, const void *state, int seat);
    /* Optional: the grade a reference bot stands for (docs/games/<game>.md), shown beside the grade
     * lines of tournaments ("above searcher (90%)"). NULL: none. */
    const char *grade;
} game_bot;

/* Per-game clock defaults (ms; 0 = no such limit). The CLI overrides them. */
typedef struct {
    int64_t move_ms;    /* soft per-move limit */
    int64_t hard_ms;    /* hard per-move limit */
    int64_t bank_ms;    /* chess-clock bank */
    int64_t startup_ms; /* added to the first deadline, or the handshake limit */
    bool pause_idle;    /* SIGSTOP seats that are not on move */
    int64_t grace_ms;   /* how long to wait for a process to exit after the end message */
} game_clock;

/* Per-seat sandbox defaults of a game (docs/sandbox.md), from its seed document. 0 keeps the
 * sandbox's own default, -1 means no limit; the command line overrides both. */
typedef struct {
    int64_t cpu_s;      /* RLIMIT_CPU, seconds of CPU per process (Rezzo: from max_ticks and tick_ms) */
    int64_t mem_mb;     /* memory of the whole seat, MiB (SuiteBot 512, Chicken 1536) */
    int64_t procs;      /* processes and threads of the seat */
    bool workdir_bot;   /* the bot runs in its own folder (Chicken agents), not in a fresh one */
} game_sandbox;

/* Setup of one game. */
typedef struct {
    int seats;
    const game_options *options;
    uint64_t seed;
    rng_t *rng; /* the match RNG: the only source of randomness */
} game_setup;

/* The log a game writes (log.txt-style). The referee reports its own events through this. */
typedef enum {
    LOGEV_START = 0,   /* the game starts (names are final) */
    LOGEV_COMMENT,     /* a '# text' line: text */
    LOGEV_RAWLOG,      /* a '#log: text' line: text */
    LOGEV_LATE,        /* a late reply arrived (text = the line; turn = the turn it answered) or the
                          game ended with the question open (text = NULL) */
    LOGEV_DOWN,        /* seat went down (cause: hard, bank, startup, flood) */
    LOGEV_CRASH,       /* seat crashed (cause, status) */
    LOGEV_INVALID,     /* malformed or illegal (cause, text = the line, detail = reason) */
    LOGEV_UNASKED,     /* an action line no question was open for */
    LOGEV_SKIP,        /* a line the game skipped with a message (detail) */
    LOGEV_TURN,        /* apply() finished: the game logs its own events of this turn */
    LOGEV_END          /* the game is over */
} log_event_kind;

typedef struct {
    log_event_kind kind;
    int seat;            /* -1 when not about a seat */
    int turn;            /* the turn the event belongs to (a late line: the turn it answered) */
    int now;             /* the turn being played when the event happened */
    verdict_cause cause;
    int status;          /* exit status / signal */
    int64_t elapsed_us;  /* think time, for late replies and down */
    const char *text;    /* received text (may be NULL) */
    size_t len;
    const char *detail;  /* extra reason text (may be NULL) */
} log_event;

/* What the referee knows about a seat at the end of a game, for a game's own record format. */
typedef struct {
    const char *text;        /* the last line received from it this turn (truncated), or "" */
    const char *detail;      /* why its last verdict was given, or "" */
    const char *stderr_tail; /* the last bytes of its stderr, or "" */
} game_seat_notes;

/* --- Tournaments (src/tourney, docs/tourney.md): how `arena tourney` ranks a game's entrants and
 * sets up game g of a run. All-zero means: rank by mean score, default seeds, no extras. */

/* The game's ranking rule for tournaments. */
typedef enum {
    RANKING_MEAN_SCORE = 0, /* mean per-game value (default: the entrant's score) with a t-interval;
                               Rising Tide (average score), Splitter (mean score on shared seeds:
                               1-seat games also get paired mean differences) */
    RANKING_PLACE_POINTS,   /* mean place points per game, 25 20 16 13 11 9 7 6 5 4 3 2 1 then 0 by
                               rank, tied places share the average of their points (SuiteBot) */
    RANKING_ELO             /* Bradley-Terry/Elo fit on win/draw/loss between every pair of seats
                               of a game, by rank; two-seat games add a seat-0 advantage term
                               (Chicken; Rezzo W5). The per-game value shown beside the rating is
                               Rezzo's W4 points: (opponents ranked below + half the tied) / (N-1) */
} ranking_rule;

/* Game g of a tournament run, as the runner is about to set it up (see game_tourney.setup). */
typedef struct {
    uint64_t run_seed;           /* in: the tournament seed */
    uint64_t index;              /* in: the game index; entrants meeting the same index play the
                                    same deal (2-seat pairs, seat rotations, 1-seat paired games) */
    const game_options *options; /* in: the user's options (defaults filled in) */
    int nuser;                   /* in: the --option strings as given, to tell a default from a */
    char *const *user_kv;        /*     choice ("key=value") */
    uint64_t seed;               /* in: rng_derive_seed(run_seed, index); out: the match seed */
    int noverrides;              /* out: number of "key=value" strings below (at most 4) */
    char overrides[4][64];       /* out: options for this game only, applied over the user's */
} game_tourney_setup;

typedef struct {
    ranking_rule ranking;
    /* Adjusts the seed and options of game `index` (Splitter: the dice of (S, g) and layout=both's
     * parity). NULL: seed = rng_derive_seed(run_seed, index), the user's options unchanged. */
    void (*setup)(game_tourney_setup *ts);
    /* The score that means "lasted the whole game" under these options (Rising Tide: rounds); the
     * standings then show the survival rate and the mean score of the games not survived.
     * NULL: no survival statistic. */
    double (*full_score)(const game_options *options);
    /* Options a tournament uses unless the user gives them ("layout=both": Splitter S8 plays
     * both layouts); NULL-terminated, NULL: none. They are part of the stored options. */
    const char *const *option_defaults;
    /* A label splitting the games for per-group means in the standings (Splitter: "layout"), and
     * the group (1..4) of game `index` under these options; NULL: no groups. */
    const char *group_name;
    int (*group)(const game_options *options, uint64_t index);
    /* A time budget per game in think milliseconds (Splitter: the competition's 15 minutes for
     * 200 games); the standings flag entrants whose mean is over it. 0: none. */
    double budget_ms;
} game_tourney;

/* The rules: a state, who acts, what each seat may see, one turn, the result. Pure functions. */
typedef struct {
    /* NULL + message on a bad setup, or when memory runs out. */
    void *(*create)(const game_setup *setup, buf_t *err);
    /* create, also saying whether a failure was not the setup's fault (out of memory: *runtime_error
     * set), so the host reports a failure (exit 1), not a usage error. NULL: every failure of
     * create is the setup's. Hosts call game_create, which picks. */
    void *(*create_checked)(const game_setup *setup, buf_t *err, bool *runtime_error);
    void (*destroy)(void *st);
    /* Sets mask[s] for each seat that must act this turn; returns how many. */
    int (*to_act)(const void *st, bool *mask);
    /* The turn number the referee uses for messages, logs and record tick bytes. */
    int (*turn)(const void *st);
    /* The typed observation of `seat` (view_size bytes): what that seat may know. */
    void (*view)(const void *st, int seat, void *view);
    /* Legality of a decoded action against the state before apply; 0 = legal, else fills why. */
    int (*validate)(const void *st, int seat, const void *action, buf_t *why);
    /* Plays one turn. actions: seats x action_size bytes. turns[s] says what happened to seat s. */
    void (*apply)(void *st, const void *actions, const seat_turn *turns, rng_t *rng);
    bool (*is_over)(const void *st);
    /* True, with why, when the game could not go on (its engine ran out of memory; a game never
     * aborts the process): it is then over, its result meaningless, and the referee abandons the
     * match with that error. NULL: the game cannot fail. */
    bool (*failed)(const void *st, buf_t *why);
    /* Final (or current) scores and ranks (1 = best, ties share the best rank: "1224"). */
    void (*result)(const void *st, double *scores, int *ranks);
    /* True when seat s is out and its process may be ended before the game ends (Rezzo). NULL: never. */
    bool (*release)(const void *st, int seat);
    /* Called at the start of every turn, before the views, with the seats' current display names
     * (they may change until a seat's first reply). A game whose messages carry the names
     * (SuiteBot's state line) copies them into its state. NULL: names are not part of the state. */
    void (*set_names)(void *st, const game_names *names);
    /* A seat whose process could not be started, before the first turn (Rezzo D7 removes it from
     * the start state). NULL: the seat just fails its turns. Replays list such seats in the
     * header's "absent", and verify calls this too. */
    void (*absent)(void *st, int seat);
} game_rules;

/* The wire: how a view travels to a process seat and its reply comes back (and the inverse pair
 * for the C starter kit). */
typedef struct {
    transport_kind transport;
    size_t record_size;        /* TRANSPORT_RECORDS: bytes per reply record */
    size_t message_size;       /* TRANSPORT_RECORDS: bytes per message to the bot */
    const char *python_module; /* python:PATH seats run `python3 -m arena_sdk.<module>` */
    const char *python_seat;   /* how such a seat is written (`arena list`, messages): "python:AGENT_DIR" */
    bool python_seat_is_folder; /* its PATH is a folder (Chicken's agent), not a file */
    /* Optional start-up handshake message; if set the bot must answer `ready` within startup_ms. */
    void (*encode_hello)(const void *st, int seat, buf_t *out);
    /* The wire message for a view (the first message of a game includes the header). */
    void (*encode_view)(const void *view, buf_t *out);
    /* The end message for a seat (NULL or empty output: none). */
    void (*encode_end)(const void *st, int seat, buf_t *out);
    /* One line from the bot (without its '\n'; may end in '\r'), not starting with '#'. */
    decode_result (*decode_line)(const void *st, int seat, const char *line, size_t n,
                                 void *action, buf_t *why);
    /* One binary record (TRANSPORT_RECORDS), the tick byte already matched. */
    void (*decode_record)(const void *st, int seat, const unsigned char *rec, void *action);
    /* The action as it would be written on the wire (C starter kit, built-ins in replays). */
    void (*encode_action)(const void *action, buf_t *out);
    /* The inverse of encode_view, for the C starter kit: fed one line at a time (TRANSPORT_LINES,
     * without '\n') or one whole message of message_size bytes (TRANSPORT_RECORDS). Returns
     * KIT_MORE, KIT_VIEW (the view is complete: answer now), KIT_END or KIT_ERROR. */
    size_t kit_size; /* bytes of parser state, zeroed before the first call */
    int (*kit_parse)(void *kit, const char *data, size_t n, void *view);
    /* Line handling of the original protocols (Splitter; false = the usual behaviour): a line that
     * arrives while its seat has no open question (several lines in one write) waits for the
     * seat's next question instead of being logged as unasked; it is seen by the sinks and the game
     * only then, and lines still waiting when the game ends are dropped unseen. */
    bool lines_wait_for_question;
    /* A lone '\r' also ends a line (and "\r\n" is one line end), as .NET's line reader does. */
    bool cr_ends_line;
} game_wire;

/* The records: replays (actions, turns, frames), the game's own historical record and its log. */
typedef struct {
    void (*action_json)(const void *action, jw_t *w);
    bool (*action_parse)(json_t *j, void *action); /* inverse of action_json */
    /* What this turn did beyond the actions (shuffles, skips, eliminations...): one JSON value. */
    void (*turn_json)(const void *st, jw_t *w);
    /* The state as JSON for replays and the viewer. */
    void (*frame_json)(const void *st, jw_t *w);
    /* The game's own historical record (Chicken's match JSON; `--history DIR`, sink_history.c):
     * history_size bytes of accumulator, zeroed at the start; history_turn after every apply;
     * history_end writes the file name stem (before "_<n>.json") and the file's content.
     * 0 / NULL: none. */
    size_t history_size;
    void (*history_turn)(void *acc, const void *st);
    void (*history_end)(void *acc, const void *st, const game_names *names, const game_seat_notes *notes,
                        buf_t *stem, buf_t *out);
    /* The log (log.txt-style): the referee reports its own events through log_event too. log_new
     * gives NULL when out of memory (a game never ends the process): the host then writes no log
     * and says so. */
    void *(*log_new)(const game_names *names);
    void (*log_event)(void *lg, const void *st, const log_event *ev, buf_t *out);
    void (*log_free)(void *lg);
} game_records;

/* The display: the terminal canvas, its display modes, PNG frames and the interactive seat. */
typedef struct {
    int rows, cols; /* canvas size the game draws on (0, 0: the terminal's size) */
    /* Draws the state in a display mode (the display's `view=` option; NULL or "": the default). */
    void (*draw)(const void *st, const game_names *names, const char *display_mode, canvas_t *c);
    /* The display modes the live display cycles through with `v` (NULL-terminated; NULL: only
     * the default). */
    const char *const *modes;
    /* A key the live display does not use itself may change the display mode (e.g. follow another
     * agent); returns true when it did. NULL: no such keys. */
    bool (*mode_key)(char *display_mode, size_t n, int key, int seats);
    /* A display mode in the game's own syntax (Rezzo's comma list) is checked here: false with
     * what is wrong in why. seats: the game's seat count, against which a mode naming a seat
     * (Rezzo's follow=N) is checked; 0: not known here, not checked. NULL: a mode must be one of
     * `modes` (game_display_mode_check). */
    bool (*mode_check)(const char *display_mode, int seats, buf_t *why);
    /* The state as an RGB picture (3 bytes per pixel, rows top to bottom) at an integer zoom:
     * `--frames DIR` writes one PNG per turn from it. False, with why, for a zoom out of 1..16 or
     * a picture whose memory cannot be had (a game never ends the process: the host says so and
     * fails). NULL: the game has no picture. */
    bool (*image)(const void *st, int zoom, buf_t *rgb, int *width, int *height, buf_t *why);
    /* The interactive `human` seat: a built-in bot whose memory is fed key presses by the live
     * display through human_key (keys as term.h's codes). NULL: the game has no human seat. */
    const game_bot *human;
    void (*human_key)(void *memory, int key);
} game_display;

/* The limits: clock defaults, the real-time window, the clocks as messages show them, sandbox
 * defaults. The CLI overrides them. */
typedef struct {
    game_clock clock; /* per-move, bank, start-up and grace defaults */
    /* Realtime games: the length of the current turn's collection window in ms (Rezzo: tick_ms,
     * start_ms for the first tick). The window starts once the turn's messages are written; in
     * quick mode it ends early when every asked seat has answered. NULL: clock.move_ms. */
    int64_t (*window_ms)(const void *st);
    /* The referee's clocks, for messages and display only (Chicken's messages carry the banks):
     * called before the start-up handshake, before each view is built and after each apply, with
     * the limits in force and each seat's remaining bank in ms (-1: no bank). Rules, frames and
     * results must not depend on it (verify and replays never call it). NULL: not shown. */
    void (*show_clocks)(void *st, const game_clock *limits, const int64_t *bank_left_ms);
    /* Fills d (zeroed on entry) with the game's sandbox defaults for these options. NULL: the
     * sandbox's own defaults. */
    void (*sandbox)(const game_options *options, game_sandbox *d);
} game_limits;

/* --- The simulator (src/sim, include/arena.h, docs/sim.md): a fixed-shape encoding of a seat's
 * view, a flat discrete action space with a legal mask, and state copies. The encoding hooks work
 * on the typed view (plus what the seat itself remembers), so an observation carries exactly what
 * the seat may know, and a process bot gets the same encoding from its wire messages (the C kit's
 * parser gives it the view). The table lives in the game's <prefix>_sim.c. --- */

/* Element types of an observation (the same numbers as arena.h's ARENA_INT8 ...). */
typedef enum { GAME_DTYPE_INT8 = 1, GAME_DTYPE_UINT8, GAME_DTYPE_INT16, GAME_DTYPE_INT32 } game_dtype;

typedef struct {
    game_dtype dtype; /* element type of the observation */
    int obs_size;     /* elements of one seat's observation (a flat vector; docs/sim.md its layout) */
    int actions;      /* size of the flat discrete action space */
} game_sim_shape;

typedef struct {
    /* The shape for the game a view belongs to (the same for every view of games with the same
     * options and seat count). */
    void (*shape)(const void *view, game_sim_shape *out);
    /* Bytes a seat remembers beyond its views (Splitter: its own sheet), zeroed when a game starts;
     * 0: the view says everything. */
    size_t memory_size;
    /* Writes the observation of a view: shape.obs_size elements of shape.dtype. */
    void (*encode)(const void *view, const void *memory, void *obs);
    /* Writes mask[k] = 1 for each flat action k the rules allow now, else 0 (shape.actions bytes). */
    void (*legal)(const void *view, const void *memory, uint8_t *mask);
    /* The typed action of flat action k (0 <= k < shape.actions) answering this view. */
    void (*action)(const void *view, const void *memory, int k, void *action);
    /* The flat action of a typed action answering this view; -1 when the flat space has none
     * (Rising Tide's long moves under rules=original). */
    int (*index)(const void *view, const void *memory, const void *action);
    /* Notes the action the seat answered this view with (only when memory_size > 0). */
    void (*remember)(void *memory, const void *view, const void *action);
    /* Each seat's running score, whose differences are the rewards (Chicken: eggs; Rising Tide:
     * rounds survived; Splitter: the sheet's score so far). NULL: result()'s scores. */
    void (*score)(const void *st, double *scores);
    /* true: once the game is over, score() gives result()'s scores, so the simulator takes them
     * from result() and scores the final position once (Splitter's score is a flood fill). */
    bool score_ends_as_result;
    /* true: score() is 0 for every seat until the game is over (Splitter scores the sheet when it
     * is full), so the simulator does not call it during a game. */
    bool score_only_at_end;
    /* The seats to act now as bits (bit s: seat s), 0 once the game is over: is_over and to_act in
     * one call, which the simulator makes after every turn. NULL: from is_over and to_act. */
    uint32_t (*acting)(const void *st);
    /* Copies the whole state src into dst, a state of the same game created with the same options
     * and seat count. NULL: the state is one flat block of state_size bytes (memcpy). */
    void (*copy)(void *dst, const void *src);
    /* The bytes of the state when it is one flat block (no pointers: memcpy moves it), else 0. The
     * simulator keeps a large batch of flat states in one block of its own (src/sim/sim_env.c); a
     * copy hook, when there is one too, still does the copies (SuiteBot's copies the used part). */
    size_t state_size;
    /* Starts a new game in st (a state created with the same options and seat count) exactly as
     * create() would, without allocating; false + message on a bad setup. */
    bool (*restart)(void *st, const game_setup *setup, buf_t *err);
} game_sim;

typedef struct game_s game_t;

/* A game: who it is, then one group per concern. NULL / 0 in a group means the usual behaviour. */
struct game_s {
    const char *id;             /* "rising_tide" */
    const char *title;          /* "Rising Tide" */
    const char *summary;        /* one line for `arena list` */
    int min_seats, max_seats;
    bool alternating;           /* one seat acts per turn (else all seats in to_act at once) */
    bool realtime;              /* turns last the whole move window unless the `quick` flag is set */
    const char *turn_word;      /* "round", "ply", "tick": for messages and progress */
    const game_option *options; /* NULL-key terminated */
    /* Option keys (NULL-terminated) whose value names a file: the CLI reads the file and the value
     * becomes its contents, so replays and verify need no outside file. NULL: none. */
    const char *const *file_options;
    const game_bot *bots;       /* NULL-name terminated */
    size_t view_size, action_size;

    game_rules rules;     /* the state, who acts, views, one turn, the result */
    game_wire wire;       /* transport, codecs, the C kit's parser */
    game_records records; /* replays, the historical record, the log */
    game_display display; /* terminal canvas, display modes, PNG frames, the human seat */
    game_limits limits;   /* clock and sandbox defaults, the real-time window */
    game_tourney tourney; /* ranking rule, per-game setup, groups (src/tourney; zero = mean score) */
    /* The simulator's encoding (src/sim): a table of its own in the game's <prefix>_sim.c, so the
     * encoders stay out of the game's other files. NULL: the game is not in the simulator. */
    const game_sim *sim;
};

/* kit_parse results. KIT_READY: a start-up block is complete; the kit answers `ready` (the
 * handshake of games with encode_hello). */
enum { KIT_MORE = 0, KIT_VIEW = 1, KIT_END = 2, KIT_READY = 3, KIT_ERROR = -1 };

/* Helpers every game may use. */
const char *verdict_name(verdict_kind v);
const char *verdict_cause_name(verdict_cause c);
/* Whether a `tcp:` seat can play this game: a line-based game without a start-up handshake. */
bool game_takes_tcp_seats(const game_t *g);
/* A game's seat counts as messages say them: "exactly 1 seat", "exactly 4 seats" or "2 to 4 seats" (out, which
 * it returns). */
const char *game_seats_text(const game_t *g, char *out, size_t n);
/* Creates a game's state (rules.create_checked when the game has it): NULL + message on failure,
 * *runtime_error true when that failure is not the setup's (out of memory). */
void *game_create(const game_t *g, const game_setup *setup, buf_t *err, bool *runtime_error);
/* A game's state of `size` bytes, zeroed, for its create: NULL when out of memory, with "out of
 * memory for a GAME state (N bytes)" in err and *runtime_error set (if given): the host reports it
 * as a failure, not a refused setup, and the process goes on. */
void *game_state_alloc(size_t size, const char *game, buf_t *err, bool *runtime_error);
/* Ranks from scores, higher is better, ties share the best rank ("1224"). */
void game_ranks_from_scores(int n, const double *scores, int *ranks);
/* Whether `mode` (--view, or the game's `view` option) is one of the game's display modes: false
 * with a message naming the valid ones in err. NULL or "": the default display, always valid. */
bool game_display_mode_check(const game_t *g, const char *mode, buf_t *err);
/* The same for a game of `seats` seats: a mode naming a seat the game does not have (Rezzo's
 * follow=9 with 2 players) is refused too, naming the valid ones. */
bool game_display_mode_check_seats(const game_t *g, const char *mode, int seats, buf_t *err);
/* Looks up a built-in bot by name; NULL if none. */
const game_bot *game_find_bot(const game_t *g, const char *name);
/* Appends the names of the game's built-in bots to out, SEP between them (messages and help). */
void game_bot_names(const game_t *g, const char *sep, buf_t *out);
/* Runs a bot: act_timed with the clock when the bot has one, else act. */
bool game_bot_act(const game_bot *b, void *memory, const void *view, void *action, rng_t *rng,
                  const bot_clock *clock);
#endif
