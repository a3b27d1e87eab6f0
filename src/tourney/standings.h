/* standings.h: the standings of a tournament, computed from its stored results by the game's
 * ranking rule (game.h `game_tourney`), and printed as a table, JSON or CSV. */
#ifndef ARENA_STANDINGS_H
#define ARENA_STANDINGS_H
#include "rating.h"
#include "stat.h"
#include "tourney.h"
#include <stdio.h>

#define STANDINGS_GROUPS 4

typedef struct {
    int player;              /* entrant index */
    const char *name;
    int rank;                /* 1-based place in the table */
    int games;               /* finished matches played */
    int failed;              /* failed matches it was seated in */
    stat_summary value;      /* per-game value (score, place points or W4 points) */
    stat_summary score;      /* per-game score (mean of its seats) */
    double rating, rating_lo, rating_hi, rating_sd; /* RANKING_ELO; NaN otherwise */
    double los_next;         /* RANKING_ELO: likelihood of superiority over the next row */
    stat_summary diff_next;  /* one-seat games: paired mean difference to the next row */
    bool separated;          /* clearly ahead of the next row (intervals apart / LOS >= 95% /
                                paired interval excludes 0) */
    int wins, draws, losses; /* against other entrants, by rank, every pair of seats of a game */
    double survival;         /* share of games at the full score (NaN: the game has none) */
    stat_summary lost_score; /* scores of the games not survived */
    int verdicts[VERDICT_COUNT];
    int moves;
    double think_ms;
    double max_game_ms;      /* the largest think time in one game */
    double total;            /* the rounds format: the sum of its weighted values (its standing) */
    stat_summary group[STANDINGS_GROUPS]; /* per-group values (game_tourney.group: Splitter's layouts) */
    bool over_budget;        /* mean think time per game over the game's budget_ms */
} standings_row;

typedef struct {
    const game_t *game;       /* NULL when this binary does not know the game */
    const char *game_id;
    ranking_rule rule;
    const char *value_name;   /* "score", "place points", "points" */
    bool one_seat;            /* one-seat game: paired comparisons on shared seeds */
    int nplayers;
    const char *const *names;
    standings_row *rows;      /* nplayers rows in table order */
    int matches, failed;      /* finished and failed matches */
    int *wins, *draws;        /* nplayers^2, by player index: [i*n+j] = i's wins/draws over j */
    stat_summary *pdiff;      /* one-seat: nplayers^2 paired differences i - j */
    bool have_bt;
    rating_result bt;
    const char *anchor;       /* the entrant pinned at 1500 (NULL: the field mean is 1500) */
    bool rounds;              /* the rounds format: values weighted by their round's multiplier */
    bool *reference;          /* by player index: a reference bot (a built-in); NULL: none marked */
    const char **grade;       /* by player index: a reference bot's grade label (game_bot.grade) or NULL */
    bool *untimed;            /* by player index: a built-in, played inside the referee, which measures
                                 no think time for it (its 0 is not a time); NULL: none marked */
    const char *group_name;   /* "layout" when the values are also split by group; NULL: not */
    bool group_used[STANDINGS_GROUPS];
    double budget_ms;         /* the game's think-time budget per game (0: none) */
    const char *sprt;         /* set by the caller: an SPRT's state (sprt_word), NULL: no SPRT */
} standings;

/* Computes the standings. options: the tournament's options (for the game's full_score). */
void standings_compute(standings *st, const game_t *g, const char *game_id, const game_options *options,
                       int nplayers, const char *const *names, const tourney_result *results, int nresults);
/* The same, with the Elo scale pinned to `anchor` = 1500 instead of the field mean (Chicken P8.3's
 * --anchor NAME); NULL or an unknown name: the field mean. */
void standings_compute_anchored(standings *st, const game_t *g, const char *game_id, const game_options *options,
                                int nplayers, const char *const *names, const tourney_result *results, int nresults,
                                const char *anchor);
/* The same, for the rounds format: each value times its round's multiplier (config_weight_of), and
 * each row's total beside its mean. weights NULL: the same as standings_compute_anchored. */
void standings_compute_weighted(standings *st, const game_t *g, const char *game_id, const game_options *options,
                                int nplayers, const char *const *names, const tourney_result *results, int nresults,
                                const char *anchor, const tourney_weights *weights);
void standings_free(standings *st);
/* Marks the reference bots (Chicken P8.3): entrants whose seat string is a built-in
 * ("builtin:NAME") or a kit program of one ("bin/kits/GAME/NAME"), with their grade labels. */
void standings_mark_references(standings *st, const char *const *seat_texts);
/* Likelihood that player p is stronger than q: from the Elo fit when there is one, else from
 * their pairwise results by rank in shared games (LOS = Phi((w - l) / sqrt(w + l)), draws left
 * out; many-seat games ranked by place points or score). NaN: no information. */
double standings_los(const standings *st, int p, int q);
/* Grade lines: the reference bots that player p is above with a likelihood of superiority of at
 * least 95%, best first, into out (n entries at most); returns how many. */
int standings_grade(const standings *st, int player, int *out, int n);
/* The grade lines as text, one per entrant (nothing without reference bots or pairwise results). */
void standings_print_grades(const standings *st, FILE *out);
/* Whether the standings can carry grade lines (reference bots and a way to compare). */
bool standings_has_grades(const standings *st);
/* The leader's name and headline value ("612.3" or "1612 Elo"), for the progress line. */
void standings_leader(const standings *st, char *out, size_t n);

void standings_print_table(const standings *st, FILE *out);
void standings_json(const standings *st, buf_t *out);
void standings_csv(const standings *st, FILE *out);
/* The ranking rule's name in --json and the store ("mean_score", "place_points", "elo"). */
const char *standings_rule_name(ranking_rule r);
#endif
