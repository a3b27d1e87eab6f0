/* ladder.h: the ladder: its table computed from the stored results of every ranked game by the
 * tournament code's rating (standings.h: Bradley-Terry/Elo for two-seat games, the game's own
 * rule otherwise), never incrementally, so the order results arrived in changes nothing; the
 * matchmaking that picks the next games (placement in series for new submissions, then the team
 * with the fewest games against the closest ratings, so nobody starves); the endpoints. */
#ifndef ARENA_LADDER_H
#define ARENA_LADDER_H
#include "../store/site_subs.h"
#include "api.h"

typedef struct {
    int64_t sub_id, team_id;
    char team[64];
    bool rated;
    double rating, lo, hi;  /* Elo (or the game's value), its 95% interval */
    int games, wins, draws, losses;
    int rank;
} ladder_row;

typedef struct {
    char rule[32];          /* "elo", "mean_score", "place_points" */
    int results;            /* ranked games it was computed from */
    int64_t last_game;      /* the newest of them (games after it are not in the table yet) */
    double mean_seconds;    /* of the last games (for placement estimates) */
    int nrows;
    ladder_row *rows;       /* every submission with games or active, best first */
} ladder_table;

/* Computes the table from the store (active is the list of active submissions, n of them). */
bool ladder_compute(serve_t *srv, store_t *s, const site_sub *active, int nactive, ladder_table *out, buf_t *err);
void ladder_free(ladder_table *t);
/* The table as served by GET /api/ladder (only active submissions; rank, provisional, placement). */
void ladder_json(serve_t *srv, const ladder_table *t, const site_sub *active, char (*team_names)[64], int nactive,
                 buf_t *out);

/* Puts ladder games in the queue until `ahead` are waiting (placement games first): how many. */
int ladder_schedule(serve_t *srv, store_t *s, const ladder_table *t, const site_sub *active, int nactive, int ahead,
                    buf_t *err);

void ladder_get(api_call *c);
void ladder_history(api_call *c);
#endif
