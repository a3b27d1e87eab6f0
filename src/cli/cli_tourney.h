/* cli_tourney.h: loading a stored tournament for `arena standings` and `arena report`. */
#ifndef ARENA_CLI_TOURNEY_H
#define ARENA_CLI_TOURNEY_H
#include "cli.h"
#include "../tourney/standings.h"
#include "../tourney/store.h"

typedef struct {
    const game_t *game;     /* NULL when this binary does not know the stored game */
    game_options options;   /* the tournament's options (pointing into kv) */
    bool have_options;
    char **kv;
    int nkv;
    bool sprt_on;
    sprt_params sprt;
    standings st;           /* computed from the stored results */
} cli_tourney_view;

/* Loads tournament id (0: the one run last) from the store at db and computes its standings
 * (Elo-rated games: anchor = 1500 when given, else the field mean). */
bool cli_load_tourney(const char *db, int64_t id, const char *anchor, store_tourney *t, cli_tourney_view *v,
                      buf_t *err);
void cli_tourney_view_free(cli_tourney_view *v);
#endif
