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

/* One game of bot b against itself from seed; with bank_ms > 0 every message shows that bank whole
 * (a bot that budgets by the bank then thinks within it). Returns the moves played, or -1 at the
 * first move the rules refuse (or a bot that gives none). */
static inline int self_play_legal_moves(const game_bot *b, uint64_t seed, int64_t bank_ms) {
    rng_t r, br;
    chk_state *st = create(NULL, 0, seed, &r);
    rng_seed(&br, seed, RNG_STREAM_BOT);
    void *mem[2] = {calloc(1, b->memory_size + 1), calloc(1, b->memory_size + 1)};
    int moves = 0;
    while (!st->over && moves >= 0) {
        if (bank_ms > 0) tell_clocks(st, bank_ms, 10000, bank_ms, bank_ms);
        int seat = st->seat_of[st->mover];
        chk_view v;
        G->rules.view(st, seat, &v);
        chk_action a;
        if (!b->act(mem[seat], &v, &a, &br) || G->rules.validate(st, seat, &a, NULL) != 0) {
            moves = -1;
            break;
        }
        play_action(st, a, &r);
        moves++;
    }
    free(mem[0]);
    free(mem[1]);
    G->rules.destroy(st);
    return moves;
}
#endif
