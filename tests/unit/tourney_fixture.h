/* tourney_fixture.h: tournaments for the unit tests: configurations of built-in bots (schedules do
 * not care which), Rising Tide's table with other seat bounds, and waiting for a pool's event. */
#ifndef TEST_TOURNEY_FIXTURE_H
#define TEST_TOURNEY_FIXTURE_H
#include "core/clock.h"
#include "games/registry.h"
#include "tourney/pool.h"
#include "tourney/tourney.h"
#include <string.h>

static inline const game_t *rt(void) { return registry_find("rising_tide"); }

/* A configuration for game g with n entrants, all the built-in `bot`. */
static inline void config_bot(tourney_config *c, const game_t *g, int n, tourney_format f, int games, int seats,
                              const char *bot) {
    memset(c, 0, sizeof *c);
    c->game = g;
    c->format = f;
    c->games = games;
    c->seats = seats;
    c->seed = 12345;
    c->clock = match_default_clock(g);
    buf_t err;
    buf_init(&err);
    match_parse_options(g, 0, NULL, &c->options, &err);
    for (int i = 0; i < n; i++) {
        char arg[64];
        snprintf(arg, sizeof arg, "p%d=builtin:%s", i, bot);
        config_add_entrant(c, arg, &err);
    }
    buf_free(&err);
}

/* The same with Rising Tide's bot names (the games used here keep Rising Tide's bots). */
static inline void config(tourney_config *c, const game_t *g, int n, tourney_format f, int games, int seats) {
    config_bot(c, g, n, f, games, seats, "pass_perth");
}

/* A game with a range of seats (for schedules of 2-seat and 1-seat games): Rising Tide's table
 * with other seat bounds. */
static inline game_t ranged(int lo, int hi) {
    game_t g = *rt();
    g.min_seats = lo;
    g.max_seats = hi;
    return g;
}

/* Waits for one event of the pool (a minute at most: it comes as soon as the match ends). */
static inline int pool_next(pool_t *p, pool_event *ev) {
    for (int64_t end = clock_now_us() + 60000000; clock_now_us() < end;) {
        int n = pool_wait(p, 100, ev, 1);
        if (n) return n;
    }
    return 0;
}
#endif
