/* stored.h: a stored tournament read back for `arena standings` and `arena report`: its options,
 * SPRT and rounds settings from the stored configuration, and its standings. Every field of the
 * store is untrusted here (fuzz_store feeds this path). */
#ifndef ARENA_TOURNEY_STORED_H
#define ARENA_TOURNEY_STORED_H
#include "standings.h"
#include "../store/tourneys.h"

typedef struct {
    const game_t *game;     /* NULL when this binary does not know the stored game */
    game_options options;   /* the tournament's options (pointing into kv) */
    bool have_options;
    char **kv;
    int nkv;
    bool sprt_on;
    sprt_params sprt;
    standings st;           /* computed from the stored results */
} stored_t;

/* Loads tournament id (0: the one run last) from the store at db and computes its standings
 * (Elo-rated games: anchor = 1500 when given, else the field mean). */
bool stored_load(const char *db, int64_t id, const char *anchor, store_tourney *t, stored_t *v,
                       buf_t *err);
/* Whether --anchor NAME (NULL: none) applies to the loaded tournament: 0 it does (or none was
 * given); 1 NAME is an entrant without a rated game yet (the field mean stays 1500: err says so, a
 * warning); 2 a usage error (err says why: the game is not Elo-rated, or no entrant has that name,
 * naming them). A typo was taken with a warning and exit 0, and a game ranked by its mean score was
 * told "no rated entrant of that name" of an entrant it has. */
/* Whether --anchor NAME (NULL: none) can apply to a game ranked by rule: only an Elo fit has a
 * scale to pin; otherwise false with the usage error in err (it changed nothing, without a word). */
bool stored_anchor_rated(const char *anchor, const char *game, ranking_rule rule, buf_t *err);
int stored_anchor_check(const store_tourney *t, const stored_t *v, const char *anchor, buf_t *err);
void stored_free(stored_t *v);
#endif
