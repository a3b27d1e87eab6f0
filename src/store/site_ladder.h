/* site_ladder.h: what the ladder reads and keeps: the results of every ranked game (from the
 * queue's results, through the server's games), the games waiting per submission (matchmaking),
 * and the rating history (a point each time a submission's count of games changes). */
#ifndef ARENA_SITE_LADDER_H
#define ARENA_SITE_LADDER_H
#include "queue.h"

extern const migrate_domain site_ladder_schema;

/* Every finished ranked game's result (entrant[] = the seats' submission ids, 0 a reference bot),
 * in the order the games were made (never the order they finished): *out is malloc'd. Returns
 * how many (-1 error). */
int site_ladder_results(store_t *s, store_result **out, buf_t *err);
/* How many ranked games are finished (cheap: whether the table must be computed again). */
int64_t site_ladder_count(store_t *s, buf_t *err);
/* Ladder games queued or being played, and those done after game after_game (newer than the
 * table the caller has), per submission: fills sub[] and pending[] (at most max); *queued gets
 * the ladder games not yet claimed. How many submissions (-1 error). */
int site_ladder_pending(store_t *s, int64_t after_game, int max, int64_t *sub, int *pending, int *queued, buf_t *err);

typedef struct {
    int64_t sub_id;
    int games;
    double rating, lo, hi;
    double at;
} site_ladder_point;

/* A fingerprint of the ladder's queue (its games waiting or being played, and the last change of
 * any of them): when it has not moved, nothing the matchmaking sees has either. */
bool site_ladder_queue_mark(store_t *s, int64_t *count, double *changed, buf_t *err);

bool site_ladder_history_add(store_t *s, int64_t team_id, const site_ladder_point *p, buf_t *err);
/* A team's newest max points, oldest first: how many (-1 error). */
int site_ladder_history(store_t *s, int64_t team_id, int max, site_ladder_point *out, buf_t *err);
#endif
