/* rz.h: Rezzo internals shared by the game's files (world, CA, rules, view, bots, records, draw).
 * The rules are specs/rezzo.md; rule numbers (R.., P.., D..) are cited where they are implemented. */
#ifndef ARENA_RZ_H
#define ARENA_RZ_H
#include "../../core/glibc_random.h"
#include "../../game/game.h"
#include <stdbool.h>
#include <stdint.h>

#define RZ_VIEWPORT 13
#define RZ_VIEWPORT_SQ 169
#define RZ_MSG_SIZE 340
#define RZ_MAX_PLAYERS 10
#define RZ_MIN_SIZE 16
#define RZ_MAX_SIZE 4096
#define RZ_DESTROY_DAMAGE 4
#define RZ_PLACE_TRIES 1000000

/* Type bytes (Rezzo R4): owned types are stored unfolded; the owner lives in its own array. */
enum {
    RZ_BLANK = ' ',
    RZ_COND = '.',
    RZ_ELEC = '*',
    RZ_TAIL = ',',
    RZ_PHOTON = '~',
    RZ_AGENT = '0',
    RZ_FLAG = 'A',
    RZ_GEYSER = 'a',
    RZ_BASE = 'n',
};

/* Acks (Rezzo P7) and action bytes (R15-R19). */
enum { RZ_ACK_OK = 0, RZ_ACK_NO_MESSAGE, RZ_ACK_INVALID_ACTION, RZ_ACK_INVALID_MESSAGE, RZ_ACK_MULTIPLE, RZ_ACK_COUNT };
enum {
    RZ_ACT_NOP = ' ',
    RZ_ACT_ADVANCE = '^',
    RZ_ACT_LEFT = '\\',
    RZ_ACT_RIGHT = '/',
    RZ_ACT_BUILD = '.',
    RZ_ACT_HIT = '!',
};
enum { RZ_N = 0, RZ_E, RZ_S, RZ_W };

/* Why a player left the game (Rezzo W3). */
typedef enum { RZ_CAUSE_NONE = 0, RZ_CAUSE_FLAG, RZ_CAUSE_EXIT, RZ_CAUSE_SIGNAL, RZ_CAUSE_PIPE, RZ_CAUSE_START,
               RZ_CAUSE_DOWN } rz_cause;

extern const int RZ_FWD[4][2];   /* forward step (dx, dy) per facing (Rezzo R2) */
extern const int RZ_RIGHT[4][2]; /* right-hand step per facing */

/* The world: a torus of w x h cells with type, owner and damage per cell (Rezzo R4, R5), plus the CA's
 * bookkeeping. `active` lists every electron, tail, photon and flag: the only cells a CA step can
 * change apart from conductors next to electrons (Rezzo R6-R11). Entries may go stale when an action or
 * an elimination changes a cell; a step skips them and rebuilds the list. */
typedef struct {
    int w, h;
    size_t n;           /* w * h */
    uint8_t *type, *owner, *damage;
    uint32_t *active, *next;  /* active list and the one being built */
    size_t nactive, cap;
    uint8_t *fate_t, *fate_o; /* per active entry: the new type/owner decided in phase A */
    uint8_t *count;     /* electron neighbours of a conductor (phase A scratch, kept zero) */
    uint32_t *cand;     /* conductors with count > 0 */
    size_t ncand, cand_cap;
    uint32_t *dissipate; /* flags next to a photon */
    size_t ndiss, diss_cap;
    /* Change tracking for replay diffs (docs/games/rezzo.md "Replays"): cells whose type, owner or damage changed since
     * rz_changes_reset, in increasing order after rz_tick (the diff's order). Off unless `track` is set. */
    bool track;
    uint8_t *mark;
    uint32_t *changed;
    size_t nchanged, changed_cap;
    /* A list could not grow (out of memory): the game cannot go on (rz_tick ends it, and
     * rz_failed says why). The engine never aborts the process: its host (a referee, a simulator
     * with many worlds) reports the error. */
    bool oom;
} rz_world;

typedef struct {
    int w, h;
    int players;
    int max_ticks;      /* 0 = no limit */
    int tick_ms, start_ms, keyframe_every;
    uint32_t seed32;    /* the generator's seed: the game seed mod 2^32 (Rezzo D15) */
} rz_config;

typedef struct {
    int x, y, facing;
    int home_x, home_y;
    bool alive;
    int elim_tick;      /* the tick it was eliminated at (absent from S_elim_tick) */
    rz_cause cause;
    uint8_t ack;        /* the ack carried by its next message */
    int acks[RZ_ACK_COUNT];
    int ticks;          /* ticks played (messages received) */
    int last_act;       /* the action applied in the last tick, -1 if none */
} rz_player;

/* What the last tick did, for replays, logs and the display. */
typedef struct {
    int tick;                       /* -1 before the first */
    int acts[RZ_MAX_PLAYERS];       /* accepted action byte, -1 none or not alive */
    bool multi[RZ_MAX_PLAYERS];
    int acks[RZ_MAX_PLAYERS];       /* -1 for seats that were not alive */
    int nelim;
    int elim[RZ_MAX_PLAYERS];       /* ids 1..N eliminated at tick+1 */
    rz_cause elim_cause[RZ_MAX_PLAYERS];
} rz_last;

typedef struct {
    rz_config cfg;
    rz_world world;
    int n;                          /* players */
    rz_player p[RZ_MAX_PLAYERS];    /* p[s] is player id s+1 */
    int tick;                       /* t: the messages of tick t show this state, S_t */
    bool over;
    rz_last last;
} rz_state;

/* The typed view is the wire message itself (Rezzo P1). */
typedef struct {
    uint8_t ack, ts;
    uint8_t c[RZ_VIEWPORT_SQ];
    uint8_t damage[RZ_VIEWPORT_SQ];
} rz_view;

/* A reply record (Rezzo P3). ts is what the bot wrote; the referee has already matched it. */
typedef struct {
    uint8_t ts, act;
} rz_action;

/* ---- world (rz_world.c) ---- */
/* false: a size below 1, or the cell arrays could not be allocated (w is then empty). */
bool rz_world_init(rz_world *w, int width, int height);
void rz_world_free(rz_world *w);
/* Empties every cell (blank, no owner, no damage) and the lists, keeping the arrays. */
void rz_world_clear(rz_world *w);
/* Gives every list room for all the world's cells (about 22 bytes a cell), so that no step grows
 * one (the simulator's steps allocate nothing); false when memory runs out. */
bool rz_world_reserve_all(rz_world *w);
/* Copies src into dst, a world of the same size (grows dst's lists when src's are longer); false,
 * dst marked oom, when memory runs out. */
bool rz_world_copy(rz_world *dst, const rz_world *src);
/* Room for `need` entries in a list of cells, or in the active list and its companions (capacity
 * doubling); false, the list as it was, when memory runs out. */
bool rz_cells_reserve(uint32_t **list, size_t *cap, size_t need);
bool rz_active_reserve(rz_world *w, size_t need);
static inline size_t rz_idx(const rz_world *w, int x, int y) {
    x %= w->w;
    y %= w->h;
    if (x < 0) x += w->w;
    if (y < 0) y += w->h;
    return (size_t)y * (size_t)w->w + (size_t)x;
}
static inline uint8_t rz_letter(uint8_t type, uint8_t owner) {
    return owner ? (uint8_t)(type + owner - 1) : type;
}
/* The inverse of rz_letter; false for a byte that is not a view letter. */
bool rz_unletter(uint8_t letter, uint8_t *type, uint8_t *owner);
/* Sets one cell (type, owner; damage untouched), recording the change when tracking. */
void rz_set(rz_world *w, size_t i, uint8_t type, uint8_t owner);
void rz_set_damage(rz_world *w, size_t i, uint8_t damage);
/* Rebuilds the active list by a full scan (after loading or generating a world); false (w->oom)
 * when memory runs out. */
bool rz_rebuild_active(rz_world *w);
void rz_changes_reset(rz_world *w);
/* Orders cells by index (qsort). */
int rz_cmp_cell(const void *a, const void *b);
/* Puts the tick's changes in increasing index order (the replay diff's). */
void rz_changes_sort(rz_world *w);
uint64_t rz_type_hash(const rz_world *w);
uint64_t rz_owner_hash(const rz_world *w);
uint64_t rz_state_hash(const rz_world *w);

/* ---- generation (rz_gen.c): the world and the agents, exactly as the original (Rezzo D15) ---- */
/* Returns false with a message when the agents cannot be placed (Rezzo D14). *draws counts G() calls. */
bool rz_generate(rz_state *st, buf_t *err, long *draws);

/* ---- CA (rz_ca.c, rz_ca_ref.c) ---- */
/* One step (Rezzo R6-R11); returns the losers as a bit mask (bit p for player p, 1..10). */
uint32_t rz_ca_step(rz_world *w);
/* The plain reference stepper: one function per cell, modulo wrap-around, reading the old state
 * from a copy (the tests' oracle and the benchmark's yardstick). */
uint32_t rz_ca_step_ref(rz_world *w, uint8_t *scratch_type, uint8_t *scratch_owner);
/* Removes every cell of the players in `mask` (Rezzo R12). */
void rz_eliminate_cells(rz_world *w, uint32_t mask);

/* ---- rules (rz_rules.c) ---- */
bool rz_config_from_options(const game_options *o, uint64_t seed, int players, rz_config *cfg, buf_t *err);
/* A new game; NULL + message when the setup is refused or memory runs out (*oom set then, when
 * oom is given: not the setup's fault). */
rz_state *rz_new(const rz_config *cfg, buf_t *err, bool *oom);
/* Whether the game stopped because memory ran out during play (rz_world.oom): true with why. */
bool rz_failed(const rz_state *st, buf_t *why);
/* A new game in st, a state made by rz_new for a world of the same size, without allocating
 * (unless the new world has more active cells than any before); false + message as rz_new. */
bool rz_restart(rz_state *st, const rz_config *cfg, buf_t *err);
/* A state from a map of view letters (scenarios, tests): every owner present is an alive player;
 * each agent letter places that player's agent (facing N). NULL + message on a bad map or when
 * memory runs out. */
rz_state *rz_from_map(int width, int height, const char *const *rows, buf_t *err);
void rz_free(rz_state *st);
/* Applies one action byte for player index s to the live state; returns the ack (Rezzo P7). */
int rz_act(rz_state *st, int s, uint8_t act);
/* One tick (Rezzo D2, D4): apply, step, eliminate, end; acts[s] is the accepted byte or -1, multi[s] the multiple flag,
 * failed[s] a process failure cause (RZ_CAUSE_NONE if none). */
void rz_tick(rz_state *st, const int *acts, const bool *multi, const rz_cause *failed);
/* Removes a seat before the first tick (Rezzo D7). */
void rz_absent(rz_state *st, int s);
int rz_alive_count(const rz_state *st);
/* Rezzo D5 ranks and W4 points. */
void rz_ranks(const rz_state *st, int *ranks);
void rz_points(const rz_state *st, double *points);
bool rz_valid_act(uint8_t act);
const char *rz_cause_name(rz_cause c);
const char *rz_ack_name(int ack);

/* ---- view and codec (rz_view.c) ---- */
void rz_view_of(const rz_state *st, int s, rz_view *v);
/* The cell (x, y) shown at view index i for an agent at (ax, ay) facing f (Rezzo P2). */
void rz_view_cell(const rz_world *w, int ax, int ay, int f, int i, int *x, int *y);

/* ---- bots (rz_bots.c, rz_attacker.c) ---- */
extern const game_bot rz_bots[];
extern const game_bot rz_human_bot;
bool rz_wander_act(void *memory, const void *view, void *action, rng_t *rng);
bool rz_attacker_act(void *memory, const void *view, void *action, rng_t *rng);
size_t rz_attacker_memory_size(void);
void rz_human_key(void *memory, int key);

/* ---- records (rz_record.c) ---- */
void rz_action_json(const void *action, jw_t *w);
bool rz_action_parse(json_t *j, void *action);
void rz_turn_json(const void *st, jw_t *w);
void rz_frame_json(const void *st, jw_t *w);
/* A full keyframe whatever the tick. */
void rz_keyframe_json(const rz_state *st, jw_t *w);
extern const char RZ_B64[65];

/* ---- log and display (rz_log.c, rz_draw.c, rz_picture.c) ---- */
void *rz_log_new(const game_names *names);
void rz_log_event(void *lg, const void *st, const log_event *ev, buf_t *out);
void rz_log_free(void *lg);
void rz_draw(const void *st, const game_names *names, const char *display_mode, canvas_t *c);
bool rz_mode_key(char *display_mode, size_t n, int key, int seats);
bool rz_mode_check(const char *display_mode, int seats, buf_t *why);
/* The 9.2 picture at zoom z: 3 bytes per pixel, (w*z) x (h*z), rows top to bottom. */
void rz_picture(const rz_state *st, int zoom, uint8_t *rgb);
bool rz_image(const void *st, int zoom, buf_t *rgb, int *width, int *height, buf_t *why);
/* The colour of the picture's pixel (x, y) at zoom 1, computed alone (the terminal's full-resolution
 * view draws only the pixels it shows, and allocates nothing). */
void rz_picture_pixel(const rz_state *st, int x, int y, uint8_t rgb[3]);
extern const uint8_t RZ_PLAYER_RGB[RZ_MAX_PLAYERS][3];
/* The palette colour of a cell (docs/games/rezzo.md "Displays"). */
void rz_cell_rgb(uint8_t type, uint8_t owner, uint8_t rgb[3]);

/* ---- the table (rz_game.c) and the simulator's encoding (rz_sim.c) ---- */
/* A new game in state from the setup (rz_rules.c: the simulator's restart; create's twin). Its
 * world's lists get room for every cell, so that no step of the simulator allocates. */
bool rz_begin(void *state, const game_setup *setup, buf_t *err);
extern const game_t game_rezzo;
extern const game_sim rz_sim;
#endif
