/* chk.h: Chicken internals shared by the game's files (rules, codec, bots, records, log, draw). */
#ifndef ARENA_CHK_H
#define ARENA_CHK_H
#include "../../game/game.h"
#include <stdbool.h>
#include <stdint.h>

/* Squares are numbered in reading order: sq = 8*y + x, (0,0) the upper-left corner. Bit sq of a
 * uint64_t board is that square. Colour 0 is A (white, x+y even), colour 1 is B (black). */
#define CHK_N 8
#define CHK_CELLS 64
#define CHK_SQ(x, y) ((y) * CHK_N + (x))
#define CHK_X(sq) ((sq) & 7)
#define CHK_Y(sq) ((sq) >> 3)
#define CHK_BIT(sq) (1ULL << (sq))
#define CHK_MAX_MOVES 1000
/* With no bank in force (--no-timeout), messages state one day: a number every bot can use (and
 * the champion reads as no bank at all: chk_champion.c). */
#define CHK_UNLIMITED_MS 86400000LL
#define CHK_MAX_TURDS 64
#define CHK_NO_BANK (-1)

enum { CHK_A = 0, CHK_B = 1 };
enum { CHK_UP = 0, CHK_RIGHT = 1, CHK_DOWN = 2, CHK_LEFT = 3 };
enum { CHK_PLAIN = 0, CHK_EGG = 1, CHK_TURD = 2 };
enum { CHK_WHITE_DOOR = 0, CHK_BLACK_DOOR = 1 };
/* The readings of one turn, in the order of the wire's `sense` line (Chicken R10). */
enum { CHK_HEAR_WHITE = 0, CHK_FEEL_WHITE = 1, CHK_HEAR_BLACK = 2, CHK_FEEL_BLACK = 3 };

/* End reasons: the same numbers as the original's WinReason (plus Arena's SPAWN_BLOCKED = 7). */
typedef enum {
    CHK_EGGS_LAID = 0,
    CHK_BLOCKING_END = 1,
    CHK_TIMEOUT = 2,
    CHK_INVALID_TURN = 3,
    CHK_CODE_CRASH = 4,
    CHK_MEMORY_ERROR = 5,
    CHK_FAILED_INIT = 6,
    CHK_SPAWN_BLOCKED = 7,
    CHK_REASON_COUNT
} chk_reason;

enum { CHK_WIN_A = 0, CHK_WIN_B = 1, CHK_TIE = 2, CHK_PLAYING = -1 };

/* Rule 11's checks, in the order they run; the first failing one is the reason logged. */
typedef enum {
    CHK_OK = 0,
    CHK_NO_TURDS_LEFT,
    CHK_EGG_WRONG_PARITY,
    CHK_ONTO_OPPONENT,
    CHK_OFF_BOARD,
    CHK_OPPONENT_EGG,
    CHK_ONTO_OPPONENT_TURD,
    CHK_NEXT_TO_OPPONENT_TURD,
    CHK_OWN_ITEM_HERE,
    CHK_TURD_NEXT_TO_OPPONENT,
    CHK_BAD_DIRECTION, /* not Chicken R11: a direction or type outside the enumerations (Chicken R16) */
    CHK_BAD_TYPE,
    CHK_CHECK_COUNT
} chk_check;

extern const int CHK_DX[4], CHK_DY[4];
extern const char *const CHK_DIR_NAME[4];
extern const char *const CHK_TYPE_NAME[3];
/* The names of a move's parts, "?" for a value out of range (a failed seat's move as it arrived). */
static inline const char *chk_dir_name(int dir) { return dir >= 0 && dir < 4 ? CHK_DIR_NAME[dir] : "?"; }
static inline const char *chk_type_name(int type) { return type >= 0 && type < 3 ? CHK_TYPE_NAME[type] : "?"; }
extern const char *const CHK_REASON_NAME[CHK_REASON_COUNT];
extern const char *const CHK_CHECK_LABEL[CHK_CHECK_COUNT];
/* Edge-neighbour masks, and Chicken R6's door weights (indexed by sq). */
extern const uint64_t CHK_NEIGHBOURS[CHK_CELLS];
extern const uint8_t CHK_DOOR_WEIGHT[CHK_CELLS];

/* The game's options (docs/games/chicken.md "Options"). */
typedef struct {
    bool colours_fixed; /* seat 0 is A, no coin */
    int moves;          /* per chicken, 1..1000 */
    int turds;          /* per chicken, 0..64 */
    int spawn_row;      /* 1..6, or 0 = drawn */
    int doors[2];       /* fixed doors (sq), or -1 = drawn */
} chk_config;

/* A move: direction and type as the bot sent them (range-checked by validate, Chicken R16). */
typedef struct {
    int32_t dir, type;
} chk_action;

/* What the last ply did (for replays, the log and the display). */
typedef struct {
    int ply;             /* the ply these describe, 1-based; 0 before the first */
    int mover;           /* colour that moved (or failed) */
    bool moved;          /* a move was applied */
    chk_action move;
    int from, to;        /* squares: where the mover stood, where it stepped (before any return) */
    bool fell;           /* stepped onto a trapdoor */
    int door;            /* which door it fell through (CHK_WHITE_DOOR/CHK_BLACK_DOOR) */
    bool blocked;        /* the ply ended the game by BLOCKING_END (+5) */
    bool sensed;         /* next_sense below was drawn for the next mover */
    bool next_sense[4];
    int fail_seat;       /* a seat that lost by a verdict this ply, else -1 */
    int fail_reason;
    int fail_check;      /* for INVALID_TURN by an illegal move: the rule-11 check */
    int64_t think_us;    /* display only: the mover's think time as the referee measured it */
} chk_last;

typedef struct {
    chk_config cfg;
    int seat_of[2];      /* seat playing colour A, colour B */
    int colour_of[2];    /* colour of seat 0, seat 1 */
    int spawn[2];        /* squares */
    int door[2];         /* white door, black door (squares) */
    bool found[2];
    uint64_t eggs[2], turds[2];
    int pos[2];
    int score[2];        /* eggs laid, all bonuses included */
    int turds_left[2];
    int moves_left[2];
    int ply;             /* plies played */
    int mover;           /* colour to move */
    bool sense[4];       /* the mover's readings for the current ply */
    bool over;
    int winner;          /* CHK_WIN_A, CHK_WIN_B, CHK_TIE, or CHK_PLAYING */
    chk_reason reason;
    chk_last last;
    /* Display and message only (the referee's clocks, game.h `limits.show_clocks`): never in rules
     * or frames. */
    bool clocks_known;
    int64_t bank_ms, startup_ms;  /* limits in force (0 = none) */
    int64_t bank_left_ms[2];      /* by colour; CHK_NO_BANK when there is no bank */
} chk_state;

/* The typed view of one seat: exactly what its messages carry (Chicken P5.1). */
typedef struct {
    int32_t colour;            /* the viewer's colour */
    int32_t moves, turds;      /* options */
    int64_t bank_ms, startup_ms;
    int32_t spawn[2];          /* squares */
    int32_t turn;              /* plies already played */
    int32_t pos[2];
    uint64_t eggs[2], turds_on[2];
    int32_t turds_left[2], moves_left[2], score[2];
    uint64_t found;            /* squares of the revealed trapdoors */
    bool sense[4];             /* the viewer's readings at its square */
    int64_t time_ms[2];        /* remaining banks by colour */
} chk_view;

/* The original match JSON (8.4), accumulated ply by ply (game.h history_*). */
typedef struct {
    int n;                                /* rows (completed plies) */
    int64_t start_ms;                     /* the bank each seat started with */
    int8_t pos[2 * CHK_MAX_MOVES];        /* the mover's square after the ply */
    int16_t eggs[2 * CHK_MAX_MOVES][2];
    int8_t turds_left[2 * CHK_MAX_MOVES][2];
    int16_t moves_left[2 * CHK_MAX_MOVES][2];
    int64_t time_ms[2 * CHK_MAX_MOVES][2]; /* banks after the ply (CHK_NO_BANK: none) */
    bool fell[2 * CHK_MAX_MOVES];
    int8_t left_behind[2 * CHK_MAX_MOVES];
} chk_history;

/* The C starter kit's parser state. */
typedef struct {
    chk_view v;
    bool have_seat;
    bool in_turn;
} chk_kit;

/* Bits set in a (12-bit) move mask, without a libgcc call on CPUs built for without POPCNT. */
static inline int chk_count(unsigned m) {
    m = m - ((m >> 1) & 0x55555555u);
    m = (m & 0x33333333u) + ((m >> 2) & 0x33333333u);
    return (int)((((m + (m >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}

/* rules (chk_rules.c) */
int chk_parity(int sq);              /* 0 white, 1 black */
bool chk_is_corner(int sq);
int chk_step(int sq, int dir);       /* neighbour square, or -1 off the board */
uint64_t chk_zone(uint64_t turds);   /* turd squares and their edge neighbours */
void chk_config_default(chk_config *cfg);
bool chk_config_parse(const game_options *o, chk_config *cfg, buf_t *err);
/* Set-up (Chicken R5-R8): draws from rng in the spec's order, including the first ply's sensors. */
void chk_setup(chk_state *st, const chk_config *cfg, rng_t *rng);
/* A position without draws (tests, traces): spawns, doors, A to move, no sensors. */
void chk_setup_fixed(chk_state *st, const chk_config *cfg, int spawn_a, int spawn_b, int door_w, int door_b);
/* Rule 11 for colour me as if it were me's turn: CHK_OK or the first failing check. */
chk_check chk_why(const chk_state *st, int me, int dir, int type);
/* The 12-bit mask of legal moves (bit 3*dir + type), as if it were me's turn. */
unsigned chk_legal_mask(const chk_state *st, int me);
/* The same from the raw fields (the search's compact positions). */
unsigned chk_legal_mask_raw(int me, int p, int q, uint64_t own_items, uint64_t opp_eggs, uint64_t opp_turds,
                            int turds_left);
/* Legal moves in rule-12 order; returns the count (at most 12). */
int chk_legal_moves(const chk_state *st, int me, chk_action *out);
/* Rule 13 for the mover (the move must be legal). rng: the next mover's sensors are drawn from
 * it when the game goes on (NULL: no draws, for traces and searches). */
void chk_play(chk_state *st, int dir, int type, rng_t *rng);
/* Rule 16: colour loser loses by reason (FAILED_INIT of both: tie). */
void chk_lose(chk_state *st, int loser, chk_reason reason);
void chk_both_failed_init(chk_state *st);
/* Rule 10: draws the four readings for a chicken at sq. */
void chk_sense(const chk_state *st, int sq, rng_t *rng, bool out[4]);
/* Rule 10's table in percent for a door at distance (dx, dy). */
int chk_prob_hear(int dx, int dy);
int chk_prob_feel(int dx, int dy);
/* Whether colour me could stand on its spawn (rule 13.4). */
bool chk_spawn_free(const chk_state *st, int me);

/* codec (chk_codec.c) */
void chk_view_of(const chk_state *st, int seat, chk_view *v);
void chk_encode_hello(const chk_state *st, int seat, buf_t *out);
void chk_encode_view(const chk_view *v, buf_t *out);
void chk_encode_end(const chk_state *st, buf_t *out);
decode_result chk_decode_line(const char *line, size_t n, chk_action *a, buf_t *why);
void chk_encode_action(const chk_action *a, buf_t *out);
int chk_kit_parse(chk_kit *k, const char *line, size_t n, chk_view *v);
/* Squares of a board as "x,y x,y ..." in reading order (Chicken D11), appended to out. */
void chk_put_squares(buf_t *out, uint64_t b);

/* bots (chk_bots.c, chk_belief.c, chk_search.c) */
extern const game_bot chk_bots[];
/* Greedy's BFS distance (Chicken P10) from sq to the nearest egg square of colour me in st. */
int chk_egg_distance(const chk_state *st, int me, int sq, uint64_t doors_found);
/* The same from raw fields: own items, and the squares me may not enter. */
int chk_egg_distance_raw(int me, uint64_t own_items, uint64_t no_entry, int sq);

/* A new game in st from the setup, without allocating (chk_rules.c: create and the simulator's
 * restart); false + message on bad options or seats. */
bool chk_start(void *st, const game_setup *setup, buf_t *err);
/* the table */
extern const game_t game_chicken;
/* the simulator's encoding (chk_sim.c) */
extern const game_sim chk_sim;
#endif
