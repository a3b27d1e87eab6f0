/* sb.h: SuiteBot II internals shared by the game's files (rules, scenarios, codec, bots, records,
 * log, draw, table). Spec: docs/games/suitebot.md (from ../shared/specs/suitebot.md). */
#ifndef ARENA_SB_H
#define ARENA_SB_H
#include "../../game/game.h"
#include <stdbool.h>
#include <stdint.h>

#define SB_MAX_PLAYERS 8
#define SB_MIN_SIDE 3
#define SB_MAX_SIDE 64
#define SB_MAX_CELLS (SB_MAX_SIDE * SB_MAX_SIDE)
#define SB_MAX_RADIUS 7
#define SB_MAX_BLAST ((2 * SB_MAX_RADIUS + 1) * (2 * SB_MAX_RADIUS + 1))
#define SB_MAX_COUNTDOWN 9
#define SB_NAME_MAX 64 /* bytes of a display name kept in views (longer names are cut) */

/* Actions. The order is the wire letters' order "UDLRHB". */
enum { SB_UP = 0, SB_DOWN, SB_LEFT, SB_RIGHT, SB_HOLD, SB_PLANT, SB_MOVES };
#define SB_NO_MOVE (-1) /* agentLastMove null (round 1) */

enum { SB_BLAST_SQUARE = 0, SB_BLAST_CROSS = 1 };

/* The rule options of SuiteBot P4 (everything that changes what a round does). */
typedef struct {
    int blast;     /* SB_BLAST_* */
    int radius;    /* 0..7 */
    int rounds;    /* R, 1..10000 */
    int countdown; /* C, 1..9 */
    int kill;      /* points per credited kill, 0..1000 */
    bool extras;   /* append "arena" to the state line (SuiteBot D20) */
} sb_rules;

/* One plan: size, bases, initial resources (from the layouts, `size`, `bases` or `map`). */
typedef struct {
    int w, h, n;
    int bx[SB_MAX_PLAYERS], by[SB_MAX_PLAYERS];
    bool has_res;                 /* res holds the initial resources (a map); else all 1 but bases */
    uint8_t res[SB_MAX_CELLS];    /* [y * w + x] */
} sb_plan;

/* The blast area of a bomb as offsets, already deduplicated modulo the plan size (rule 9). */
typedef struct {
    int n;
    int dx[SB_MAX_BLAST], dy[SB_MAX_BLAST];
} sb_blast;

typedef struct {
    uint8_t owner;     /* 0 = no bomb, else the player id 1..8 */
    uint8_t countdown; /* 0..9 */
} sb_bomb;

/* Why an agent died this round. */
enum { SB_ALIVE = 0, SB_DIED_COLLISION, SB_DIED_BOMB, SB_DIED_BASE };

/* What the last round did (events for replays, the log and the display). Cleared per round. */
typedef struct {
    int round;                        /* the round described; 0 before the first */
    int8_t move[SB_MAX_PLAYERS];      /* the applied actions */
    int8_t died[SB_MAX_PLAYERS];      /* SB_DIED_* */
    uint8_t hit_by[SB_MAX_PLAYERS];   /* SB_DIED_BOMB: owners bitmask of the blasts that hit it */
    int8_t killer[SB_MAX_PLAYERS];    /* credited killer id (0: nobody) */
    int8_t base_of[SB_MAX_PLAYERS];   /* SB_DIED_BASE: whose base (id) */
    int8_t die_x[SB_MAX_PLAYERS], die_y[SB_MAX_PLAYERS]; /* where it died */
    int field_points[SB_MAX_PLAYERS]; /* points this round from fields */
    int kill_points[SB_MAX_PLAYERS];  /* points this round from kills */
    int shared_fields;                /* resource fields mined by several owners (nobody scores) */
    /* plants: player, field, and the bomb it replaced (owner 0: none) */
    int n_plants;
    struct { int8_t player, x, y, old_owner, old_countdown; } plant[SB_MAX_PLAYERS];
    /* the explosion set in chain order; by = index of the bomb that set it off (-1: countdown 0) */
    int n_expl;
    struct { int8_t x, y, owner; int16_t by; } expl[SB_MAX_CELLS];
    /* hit fields in reading order: cell index and owners bitmask; mined = it held a resource */
    int n_hit;
    struct { int16_t cell; uint8_t owners; bool mined; } hit[SB_MAX_CELLS];
} sb_last;

typedef struct {
    sb_rules rules;
    sb_plan plan;   /* w, h, n, bases (the initial resources only matter at the start) */
    sb_blast blast;
    int round;      /* the round about to be played: 1..R; R+1 when over */
    uint8_t res[SB_MAX_CELLS];
    sb_bomb bomb[SB_MAX_CELLS];
    int ax[SB_MAX_PLAYERS], ay[SB_MAX_PLAYERS];
    int score[SB_MAX_PLAYERS];
    int8_t last_move[SB_MAX_PLAYERS]; /* agentLastMove (SB_NO_MOVE in round 1) */
    /* per player over the game, for the display and frames */
    int deaths[SB_MAX_PLAYERS], kills[SB_MAX_PLAYERS];
    int lates[SB_MAX_PLAYERS], invalids[SB_MAX_PLAYERS];
    int down_round[SB_MAX_PLAYERS];   /* 0: in play; else the round it went down */
    char names[SB_MAX_PLAYERS][SB_NAME_MAX]; /* display names for the state line (set_names) */
    sb_last last;
} sb_state;

/* The typed view of one seat: exactly what the state line carries, plus the rule options. */
typedef struct {
    int32_t id;         /* aiPlayerId, 1..N */
    int32_t round;      /* currentRound */
    int32_t remaining;  /* remainingRounds = R - currentRound - 1 (SuiteBot D11) */
    int32_t w, h, n;
    struct {
        const char *name;  /* points into the state (or the kit's parser) */
        int32_t resources; /* the score so far */
        int32_t bx, by, ax, ay;
        int32_t last;      /* SB_* or SB_NO_MOVE */
    } p[SB_MAX_PLAYERS];
    sb_rules rules;     /* the options in force (the kit learns them only with extras=1) */
    uint8_t res[SB_MAX_CELLS];   /* [y * w + x] */
    sb_bomb bomb[SB_MAX_CELLS];
} sb_view;

typedef struct {
    int32_t move; /* SB_* */
} sb_action;

/* The C starter kit's parser state. */
typedef struct {
    char names[SB_MAX_PLAYERS][SB_NAME_MAX];
} sb_kit;

/* ---- rules (sb_rules.c) ---- */
extern const char SB_LETTERS[SB_MOVES + 1];   /* "UDLRHB" */
extern const char *const SB_WORDS[SB_MOVES];  /* "UP" ... "PLANT_BOMB" */
void sb_rules_default(sb_rules *r);
/* The table layout for n players (SuiteBot P4.1). */
void sb_layout(int n, sb_plan *plan);
void sb_blast_build(const sb_rules *r, int w, int h, sb_blast *b);
/* Fills st from rules and plan: round 1, resources, agents on their bases, no bombs. */
void sb_start(sb_state *st, const sb_rules *rules, const sb_plan *plan);
/* Plays one round (SuiteBot R7). moves[p] for player index p (id p+1). */
void sb_play_round(sb_state *st, const int *moves);
/* Clears the per-round events (done by sb_play_round). */
void sb_last_clear(sb_state *st);
/* The player index (0-based) whose base is at cell, or -1. */
int sb_base_at(const sb_state *st, int x, int y);
static inline int sb_wrap(int v, int n) { v %= n; return v < 0 ? v + n : v; }
/* Torus Manhattan distance. */
int sb_dist(int w, int h, int x1, int y1, int x2, int y2);
/* Place points for a game's scores (SuiteBot P8, D16): ties share the average of their places. */
void sb_place_points(int n, const double *scores, double *points);
/* The points of a single place 1..13 (0 beyond). */
double sb_place_value(int place);

/* ---- options (sb_options.c) ---- */
/* Reads the options into rules and plan for `seats` players; false + message on bad values. */
bool sb_parse_options(const game_options *o, int seats, sb_rules *rules, sb_plan *plan, buf_t *err);

/* ---- the ASCII notation of SuiteBot P11.1 (sb_scn.c) ---- */
/* Parses a grid (lines between '|') and override lines into a state with the given rules.
 * maps_only: only ' ', '.' and 'A'-'H' are allowed and no override lines (the `map` option). */
bool sb_scn_parse(const char *text, const sb_rules *rules, bool maps_only, sb_state *st, buf_t *err);
/* The canonical form of a state (grid, agent, bomb, res and score lines). */
void sb_scn_render(const sb_state *st, buf_t *out);
/* Parses a plan (map option): size, bases, initial resources. */
bool sb_scn_plan(const char *text, sb_plan *plan, buf_t *err);

/* ---- codec (sb_codec.c) ---- */
void sb_view_of(const sb_state *st, int seat, sb_view *v);
void sb_encode_view(const sb_view *v, buf_t *out);
/* Section 5.3: the first character after trimming, ignoring case. Blank: DECODE_SKIP. */
decode_result sb_decode_reply(const char *line, size_t n, sb_action *a, buf_t *why);
int sb_kit_parse(sb_kit *k, const char *line, size_t n, sb_view *v);

/* ---- bots (sb_bots.c) ---- */
extern const game_bot sb_bots[];
/* Explosion schedule of the miner (SuiteBot P10): danger[k] marks the fields that explode in k rounds
 * (k = 0..C), given the bombs of the view plus, when extra_cell >= 0, a bomb planted there now. */
void sb_schedule(const sb_view *v, const sb_blast *b, int extra_cell,
                 uint8_t danger[SB_MAX_COUNTDOWN + 1][SB_MAX_CELLS]);

/* ---- the sample and reference bots (sb_models.c) ---- */
typedef struct {
    int k;   /* rounds played so far (dying does not reset it) */
    int dir; /* 1..4; 0 before the first round means 1 */
} sb_harvester_mem;
bool sb_hold_act(void *memory, const void *view, void *action, rng_t *rng);
bool sb_random_act(void *memory, const void *view, void *action, rng_t *rng);
bool sb_harvester_act(void *memory, const void *view, void *action, rng_t *rng);
bool sb_miner_act(void *memory, const void *view, void *action, rng_t *rng);

/* ---- the champion (sb_champion.c) ---- */
#define SB_CHAMPION_MEMORY 1024 /* bytes of its memory (checked against its struct) */
bool sb_champion_act(void *memory, const void *view, void *action, rng_t *rng);
bool sb_champion_timed(void *memory, const void *view, void *action, rng_t *rng, const bot_clock *clock);

/* ---- log and draw (sb_log.c, sb_draw.c) ---- */
#define SB_DRAW_ROWS 32
#define SB_DRAW_COLS 110
/* The log lines of the last round ("round t: ..."), one per line. */
void sb_describe_round(const sb_state *st, const game_names *names, buf_t *out);

/* ---- the table (sb_game.c) and the simulator's encoding (sb_sim.c) ---- */
/* A new game in state from the setup's options, without allocating (sb_options.c: create and the
 * simulator's restart). */
bool sb_begin(void *state, const game_setup *setup, buf_t *err);
extern const game_t game_suitebot;
extern const game_sim sb_sim;
#endif
