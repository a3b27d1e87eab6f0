/* games.h: the game endpoints: lists (of a team, of a kind), one game, its replay (for the viewer
 * and for download), a seat's stderr (the seat's own team only). Ladder games are public; the
 * others are their teams' and the organizers'. */
#ifndef ARENA_GAMES_H
#define ARENA_GAMES_H
#include "../store/site_games.h"
#include "api.h"

void games_list(api_call *c);
void games_get(api_call *c);
void games_replay(api_call *c);
void games_stderr(api_call *c);
/* A game as JSON (the GAME object of docs/serve.md). */
void games_write(jw_t *w, const site_game *g, serve_t *srv);
/* The caller may see the game (public, or one of its teams', or an organizer). */
bool games_may_see(const api_call *c, const site_game *g);
#endif
