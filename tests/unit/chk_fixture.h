/* chk_fixture.h: Chicken games for the unit tests: a state from options and a seed, the clocks the
 * messages show, and one move applied as the referee applies it. */
#ifndef TEST_CHK_FIXTURE_H
#define TEST_CHK_FIXTURE_H
#include "games/chicken/chk.h"
#include "match/match.h"
#include <string.h>

static const game_t *G = &game_chicken;

static inline chk_state *create(const char *const *kv, int n, uint64_t seed, rng_t *rng) {
    game_options o;
    buf_t err;
    buf_init(&err);
    match_parse_options(G, n, (char **)kv, &o, &err);
    rng_seed(rng, seed, RNG_STREAM_MATCH);
    game_setup s = {2, &o, seed, rng};
    chk_state *st = G->rules.create(&s, &err);
    buf_free(&err);
    return st;
}

static inline void tell_clocks(chk_state *st, int64_t bank_ms, int64_t startup_ms, int64_t left0, int64_t left1) {
    game_clock limits = {0, 0, bank_ms, startup_ms, true, 1000};
    int64_t left[2] = {left0, left1};
    G->limits.show_clocks(st, &limits, left);
}

/* The mover plays a; the other seat is not asked. */
static inline void play_action(chk_state *st, chk_action a, rng_t *rng) {
    chk_action acts[2] = {{0, 0}, {0, 0}};
    seat_turn turns[2];
    memset(turns, 0, sizeof turns);
    int seat = st->seat_of[st->mover];
    acts[seat] = a;
    turns[seat] = (seat_turn){.asked = true, .has_action = true, .verdict = VERDICT_OK};
    G->rules.apply(st, acts, turns, rng);
}
#endif
