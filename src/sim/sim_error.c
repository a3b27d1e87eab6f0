/* sim_error.c: the last error of each thread (arena_last_error), the library's version and the
 * list of games. */
#include "sim.h"
#include "../games/registry.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static _Thread_local char last_error[1024];

int sim_fail(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(last_error, sizeof last_error, fmt, ap);
    va_end(ap);
    return -1;
}

void sim_clear_error(void) { last_error[0] = 0; }

int sim_fail_unknown_bot(const game_t *g, const char *head, const char *name) {
    buf_t list;
    buf_init(&list);
    game_bot_names(g, ", ", &list);
    /* `arena play` names these seats builtin:NAME, and a caller coming from there wrote the same */
    bool prefixed = name && strncmp(name, "builtin:", 8) == 0 && game_find_bot(g, name + 8);
    int rc = sim_fail("%s%s has no built-in bot '%s' (bots: %s)%s%s%s", head, g->id, name ? name : "(null)",
                      buf_cstr(&list), prefixed ? "; name it without builtin: (" : "", prefixed ? name + 8 : "",
                      prefixed ? ")" : "");
    buf_free(&list);
    return rc;
}

ARENA_API const char *arena_last_error(void) { return last_error; }

ARENA_API int arena_api_version(void) { return ARENA_API_VERSION; }

/* Games without the simulator's hooks are not listed. */
static const game_t *nth_game(int i) {
    for (int k = 0; registry_games[k]; k++)
        if (registry_games[k]->sim && i-- == 0) return registry_games[k];
    return NULL;
}

/* Past the last game (or bot) the NULL comes with an error, as every failing call's: a caller that
 * asks for one index learns why there is none. */
ARENA_API const char *arena_game(int i) {
    const game_t *g = i >= 0 ? nth_game(i) : NULL;
    if (g) return g->id;
    int n = 0;
    while (nth_game(n)) n++;
    sim_fail("game %d: expected 0 to %d (%d games)", i, n - 1, n);
    return NULL;
}

const game_t *sim_find_game(const char *id) {
    const game_t *g = id ? registry_find(id) : NULL;
    if (g && g->sim) return g;
    char list[512] = "";
    for (int i = 0; nth_game(i); i++) {
        strncat(list, i ? ", " : "", sizeof list - strlen(list) - 1);
        strncat(list, nth_game(i)->id, sizeof list - strlen(list) - 1);
    }
    sim_fail("unknown game '%s' (games: %s)", id ? id : "(null)", list);
    return NULL;
}

ARENA_API const char *arena_game_bot(const char *game, int i) {
    const game_t *g = sim_find_game(game);
    if (!g) return NULL;
    int n = 0;
    for (const game_bot *b = g->bots; b && b->name; b++, n++)
        if (n == i) return b->name;
    sim_fail("bot %d of %s: expected 0 to %d (%s has %d built-in bots)", i, g->id, n - 1, g->id, n);
    return NULL;
}
