/* spl.h: Splitter internals shared by the game's files (rules, codec, bots, records, log, draw).
 * The spec is docs/games/splitter.md (Splitter R1-R10, the protocol P5.1-P5.4). */
#ifndef ARENA_SPL_H
#define ARENA_SPL_H
#include "../../core/dotnet_random.h"
#include "../../game/game.h"
#include <stdbool.h>
#include <stdint.h>

/* Scoring accepts any layout up to this size (the original's unit tests use 1x1 .. 8x7). */
#define SPL_MAXW 16
#define SPL_MAXH 16
#define SPL_LINE_USED 4096 /* only the first 4096 bytes of a line count (Splitter P5.3) */

enum { SPL_BLANK = 0, SPL_NORMAL = 1, SPL_STAR = 2, SPL_HEART = 3 };

typedef struct {
    int w, h;
    int8_t code[SPL_MAXH][SPL_MAXW]; /* SPL_BLANK .. SPL_HEART; code[y][x] */
} spl_layout;

extern const spl_layout SPL_LAYOUT1, SPL_LAYOUT2;
/* Layout 1 for n == 1, layout 2 for anything else (the Tester's --layout rule). */
const spl_layout *spl_layout_by_number(int n);
int spl_fillable(const spl_layout *L);

/* A placement `v x y`: v goes to (x, y), the other die to (w-1-x, y). */
typedef struct {
    int32_t v, x, y;
} spl_action;

/* The score of a sheet (Splitter R9), split as the Tester prints it. */
typedef struct {
    int groups[7];   /* v * (number of exact groups of v): the "Groups of v points" line */
    int stars[7];    /* number of exact groups of v that touch a star ("Star points v" lines) */
    int heart_value; /* the v that earned the heart bonus, 0 if none */
    int exact;       /* sum of groups[] */
    int star_bonus;  /* sum of v * stars[v] */
    int hearts;      /* 5 or 0 */
    int total;
} spl_score;

/* Splitter R9 for any layout w x h (w, h <= 16); sheet[y][x] is 0 (empty) or 1..6. */
void spl_score_sheet(const spl_layout *L, const int8_t sheet[SPL_MAXH][SPL_MAXW], spl_score *out);

/* How a game ended early (Splitter R10): the verdict that ended it. */
typedef struct {
    verdict_kind verdict; /* VERDICT_OK: not failed */
    verdict_cause cause;
    int status;
    int rule;             /* the R5 check that failed (1..4) for an illegal placement, else 0 */
    int32_t v, x, y;      /* the illegal placement (rule > 0) */
} spl_failure;

typedef struct {
    spl_layout L;
    int layout_number;  /* 1 or 2 (0 for other layouts: tests) */
    int rounds;         /* fillable cells / 2 */
    int game_index;     /* g: selects the dice with the seed (Splitter R7) */
    int32_t dice_base;  /* CustomHash of the seed string; the generator is seeded with base + g */
    int8_t sheet[SPL_MAXH][SPL_MAXW];
    int round;          /* legal placements made so far */
    int d1, d2;         /* the current roll (0 0 once the game is over) */
    dotnet_random dice;
    bool over;
    spl_failure failure;
    /* the last turn, for records, logs and the display */
    bool placed;        /* the last turn placed a pair */
    spl_action last;    /* what was written at (x, y) */
    int last_other;     /* the other die, written at (w-1-x, y) */
    int last_d1, last_d2; /* the roll the last turn answered */
} spl_state;

/* rules */
void spl_start(spl_state *st, const spl_layout *L, int layout_number, int32_t dice_base, int game_index);
/* Splitter R5: 0 when legal, else the number of the first failed check; `why` gets the original's text. */
int spl_check(const spl_state *st, const spl_action *a, buf_t *why);
/* Applies a legal placement (Splitter R4) and rolls again unless it was the last (Splitter R7). */
void spl_place(spl_state *st, const spl_action *a);
/* Ends the game early with score 0 (Splitter R10); a is the illegal placement when rule > 0 (else NULL). */
void spl_fail(spl_state *st, verdict_kind v, verdict_cause cause, int status, int rule, const spl_action *a);
/* The failure in words, as the tester prints it after "Game <g> scored 0: " (without the line of a
 * malformed answer, which the state does not keep, and with the limit unnamed). */
void spl_failure_text(const spl_state *st, buf_t *out);
int spl_total(const spl_state *st); /* the game's result: the score, or 0 after a failure */

/* codec: the typed view is exactly what the wire carries (Splitter P5.1); the bot keeps its own sheet. */
typedef struct {
    int32_t w, h, rounds;
    int8_t code[SPL_MAXH][SPL_MAXW];
    int32_t round; /* index of this roll: 0 for the first (the message with the header) */
    int32_t d1, d2;
} spl_view;

/* What one line from a bot is (Splitter P5.3). */
typedef enum { SPL_LINE_PLACE = 0, SPL_LINE_SKIP, SPL_LINE_MALFORMED } spl_line_kind;
/* The .NET exception a malformed line raised in the original (for --strict). */
typedef enum { SPL_EXC_NONE = 0, SPL_EXC_INDEX, SPL_EXC_FORMAT, SPL_EXC_OVERFLOW } spl_exception;

/* Parses one line exactly as the original did (without its line end). For a malformed line `why`
 * gets the .NET exception message and *exc its type; for a skipped line `why` gets
 * "Input not a number skipping!". */
spl_line_kind spl_parse_line(const char *line, size_t n, spl_action *a, spl_exception *exc, buf_t *why);
const char *spl_exception_name(spl_exception e); /* "System.FormatException" ... */
void spl_view_of(const spl_state *st, spl_view *v);
void spl_encode_view(const spl_view *v, buf_t *out);
void spl_encode_action(const spl_action *a, buf_t *out);

/* The C starter kit's parser: the header and the layout, then one roll per line. */
typedef struct {
    int phase; /* 0 header, 1 layout rows, 2 rolls */
    int row;
    int rolls;
    spl_view v;
} spl_kit;
int spl_kit_parse(void *kit, const char *line, size_t n, spl_view *v);

/* A bot's own record of the sheet, kept as a process bot keeps it: a new roll means the previous
 * placement was legal, so it is written then. */
typedef struct {
    int8_t sheet[SPL_MAXH][SPL_MAXW];
    bool pending;      /* a placement was answered and not yet written */
    spl_action last;
    int last_other;
} spl_track;
/* Brings the record up to date with view v (call first in every move). */
void spl_track_update(spl_track *t, const spl_view *v);
/* Notes the answer a (for the roll in v). */
void spl_track_answer(spl_track *t, const spl_view *v, const spl_action *a);

/* log texts (the tester's output and Splitter S7) */
/* The reason of "Game <g> scored 0: <reason>" for a failure event; move is the placement owed
 * (1 for the first), limit_ms the time limit that applied to it. */
void spl_failure_reason(const log_event *ev, int move, int rounds, int64_t limit_ms, buf_t *out);
/* The Tester's score block: the "Groups of v points N" lines with their "Star points v" and
 * "Heart points 5" lines, then the sheet as H lines of W numbers. */
void spl_score_block(const spl_state *st, buf_t *out);

extern const game_bot spl_bots[];
/* A new game in state from the setup, without allocating (spl_rules.c: create and the simulator's
 * restart); false + message on bad options or seats. */
bool spl_begin(void *state, const game_setup *setup, buf_t *err);
extern const game_t game_splitter;
/* the simulator's encoding (spl_sim.c) */
extern const game_sim spl_sim;
#endif
