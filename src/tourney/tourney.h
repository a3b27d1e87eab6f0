/* tourney.h: a tournament: its configuration (a pure function of the command line), the
 * schedule of matches it expands to, and the stored result of one match. */
#ifndef ARENA_TOURNEY_H
#define ARENA_TOURNEY_H
#include "../core/buf.h"
#include "../game/game.h"
#include "../match/match.h"
#include "../store/tourneys.h"
#include "sprt.h"
#include <stdbool.h>
#include <stdint.h>

#define TOURNEY_MAX_ENTRANTS TOURNEYS_MAX_PLAYERS /* 256, which the store's reader holds to */
#define TOURNEY_MAX_MATCHES 10000000 /* a schedule larger than this is refused */

typedef enum { FORMAT_ROUND_ROBIN = 0, FORMAT_GAUNTLET, FORMAT_RANDOM, FORMAT_ROUNDS } tourney_format;

/* The rounds format (SuiteBot's original): rounds of TOURNEY_ROUND_GAMES sittings, every entrant in
 * one game of each sitting. A match's round is in the high bits of its seed index, so the stored
 * results alone say which multiplier applies. */
#define TOURNEY_ROUND_GAMES 3
#define TOURNEY_ROUND_SHIFT 20
#define TOURNEY_MAX_ROUNDS 1000
#define TOURNEY_MAX_MULT 64
static inline int tourney_round_of(uint64_t seed_index) { return (int)(seed_index >> TOURNEY_ROUND_SHIFT); }

/* Round multipliers: a result's per-game value is multiplied by mult[its round] (1 past the list). */
typedef struct {
    int n;
    double mult[TOURNEY_MAX_MULT];
} tourney_weights;

typedef struct {
    char *name;     /* unique display name */
    seat_spec seat; /* parsed seat; named = true so identification lines never rename it */
} tourney_entrant;

typedef struct {
    const game_t *game;
    int nentrants;
    tourney_entrant entrants[TOURNEY_MAX_ENTRANTS];
    bool has_fill;              /* --fill BOT given */
    tourney_entrant fill;       /* fills empty seats, never ranked */
    int nkv;                    /* the user's --option strings */
    char *kv[32];
    game_options options;       /* parsed, defaults filled in */
    tourney_format format;
    int games;                  /* --games (0: the format's default; see schedule.c) */
    int seats;                  /* seats per match (0: the default for the game and entrants) */
    uint64_t seed;              /* tournament seed */
    match_clock clock;
    bool quick;
    sandbox_config sandbox;     /* the process seats' sandbox (not part of the tournament's key) */
    bool sprt_on;
    sprt_params sprt;
    int rounds;                 /* FORMAT_ROUNDS: rounds (0: as many as multipliers, else 1) */
    tourney_weights weights;    /* FORMAT_ROUNDS: --multipliers (none: every round counts 1) */
} tourney_config;

/* One match of the schedule. */
typedef struct {
    int idx;                     /* position in the schedule */
    uint64_t seed_index;         /* matches sharing it play the same deal with other seatings */
    uint64_t seed;               /* the match seed (after the game's setup hook) */
    int nseats;
    int entrant[GAME_MAX_SEATS]; /* entrant per seat; -1 = the filler */
} tourney_match;

typedef struct {
    tourney_match *m;
    int n, cap;
    int seats;      /* seats per match */
    int games;      /* the --games value in force (after defaults) */
    bool paired;    /* two-seat games come in seat-swapped pairs sharing a seed */
} tourney_schedule;

/* The result of one match, as stored (the store's type: src/store/tourneys.h). */
typedef store_result tourney_result;

/* ---- schedule.c ---- */
/* The default seats per match: the game's fixed count, else every entrant if the game allows it
 * (clamped to the game's range); 1 for one-seat games. */
int schedule_default_seats(const game_t *g, int nentrants);
/* Expands the configuration into matches. Pure: the same config gives the same schedule. */
bool schedule_build(const tourney_config *c, tourney_schedule *out, buf_t *err);
/* For SPRT: pairs 0..npairs-1 of A (entrant 0) and B (entrant 1), seats swapped in each pair. */
void schedule_sprt(const tourney_config *c, int npairs, tourney_schedule *out);
void schedule_free(tourney_schedule *s);
/* The match seed and extra options of seed index i (through the game's tourney.setup hook). */
uint64_t schedule_match_seed(const tourney_config *c, uint64_t seed_index, int *noverrides, char overrides[4][64]);
/* Refuses a --option the game's tourney.setup overrides with another value (Chicken's colours,
 * Splitter's game and seed_string): the tournament would drop it silently in every game. */
bool schedule_check_options(const tourney_config *c, buf_t *err);

/* ---- config.c ---- */
const char *config_format_name(tourney_format f);
bool config_format_parse(const char *s, tourney_format *f);
/* "10,14,20,28,40": positive multipliers, one per round. */
bool config_weights_parse(const char *s, tourney_weights *w, buf_t *err);
/* The multiplier of a result's round (1 without weights or past the list). */
double config_weight_of(const tourney_weights *w, uint64_t seed_index);
/* The configuration as canonical JSON (what defines the tournament); with_seed false leaves the
 * seed out (used to find the tournament a seedless command resumes). */
void config_json(const tourney_config *c, bool with_seed, buf_t *out);
/* 16 hex digits: FNV-1a 64 of config_json. */
void config_key(const tourney_config *c, bool with_seed, char out[17]);
/* Adds an entrant from a seat string ("[name=]seat"); names must be unique. */
bool config_add_entrant(tourney_config *c, const char *arg, buf_t *err);
bool config_set_fill(tourney_config *c, const char *arg, buf_t *err);
void config_free(tourney_config *c);
/* The tournament as the store registers it (tourneys_create): t points into the configuration
 * and into this struct, valid while both are. */
typedef struct {
    tourneys_new t;
    buf_t json;                            /* the canonical JSON */
    const char *names[TOURNEY_MAX_ENTRANTS];
    const char *seat_texts[TOURNEY_MAX_ENTRANTS];
} tourney_description;
void config_describe(const tourney_config *c, const char *key, const char *key_noseed, int planned, int seats,
                        tourney_description *out);
void config_describe_free(tourney_description *d);
/* The replay file of match idx: DIR/t<tournament>-m<idx, 6 digits>.jsonl. */
void config_replay_path(const char *dir, int64_t tourney_id, int idx, char *out, size_t n);
/* Number of CPUs this process may run on. */
int config_cpu_count(void);
#endif
