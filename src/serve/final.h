/* final.h: the final tournament (and preliminary rounds) through the tournament engine: at the
 * organizer's word, every team's active submission and the reference bots become the entrants
 * of an `arena tourney` schedule (runner.h) put in the queue with its seed recorded, played by
 * the same workers with the final's clocks; optionally a first stage for everyone and a second
 * for the top K (and those tied with the K-th), and an early stop once every neighbour's interval
 * is separated. Results (with grade lines and a CSV for the gradebook) go to organizers, then
 * participants, then everyone. */
#ifndef ARENA_FINAL_H
#define ARENA_FINAL_H
#include "api.h"
#include "../store/site_games.h"

void final_start(api_call *c);
void final_release(api_call *c);
void final_get(api_call *c);
void final_csv(api_call *c);
/* The scheduler's part: ends stages whose games are done (or separated), starts the second. */
void final_step(serve_t *srv, store_t *s);
/* At a start: a first stage left done without its second (the newest stage; an older version
 * marked it done before starting the second, so a kill between the two left it so) gets its
 * second stage. */
void final_resume(serve_t *srv, store_t *s);
/* A stage is being played (the ladder waits meanwhile). */
bool final_running(store_t *s);
/* g, a game to be played again, is a first stage's that a second stage followed: answers 409 saying
 * so (true); any other game: false, nothing answered. */
bool final_requeue_refused(api_call *c, const site_game *g);
/* g, a final's game, was queued again: its stage, when over, runs again until it ends (so /final
 * says so and refreshes, and no other final starts meanwhile); any other game: nothing. */
void final_requeued(store_t *s, const site_game *g);
/* The caller may see the final's results and games (organizers always; others as released). */
bool final_visible(const api_call *c);
#endif
