/* rz_failing.h: a Rezzo whose engine runs out of memory in tick 3, for the tests of what the
 * referee and the tournament workers do then (test_referee_oom, test_tourney_oom). It sets the flag
 * a cell list that cannot grow sets; test_rezzo's
 * rezzo_out_of_memory_during_play_ends_the_game_with_an_error sets it for real in a 1 GiB child. */
#ifndef ARENA_RZ_FAILING_H
#define ARENA_RZ_FAILING_H
#include "games/rezzo/rz.h"

/* Static: the pool's workers are forked and see it as the parent set it. */
static game_t failing_rezzo;
static void rz_failing_apply(void *state, const void *actions, const seat_turn *turns, rng_t *rng) {
    rz_state *st = state;
    if (st->tick == 3) {
        st->world.oom = true;
        st->over = true;
        return;
    }
    game_rezzo.rules.apply(state, actions, turns, rng);
}

/* failing_rezzo made from game_rezzo, its id id (NULL: rezzo's). */
static game_t *rz_failing_game(const char *id) {
    failing_rezzo = game_rezzo;
    if (id) failing_rezzo.id = id;
    failing_rezzo.rules.apply = rz_failing_apply;
    return &failing_rezzo;
}
#endif
