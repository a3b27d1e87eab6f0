/* test_rt_late.c: the Rising Tide champion's late guard (rt_champ_late.c): whole games it used to
 * lose in rounds 700-705 to holes beside a ring cell next to water, played as `arena play ... --seed S`
 * plays them (scripts/rt_oracle.c: the same streams, the champion without a clock), and a position
 * where one bot's dig floods the ring at once. */
#include "games/rising_tide/rt_champ.h"
#include "t.h"

/* The game of seed `seed` with the champion in `seat` and the built-in `other` in the others; the
 * champion's score (800: it survived). */
static int play(uint64_t seed, int seat, const char *const other[3]) {
    static rt_state st;
    rt_config cfg = {false, RT_MAX_ROUNDS};
    rt_start(&st, &cfg);
    rng_t match, rng[RT_SEATS];
    rng_seed(&match, seed, RNG_STREAM_MATCH);
    const game_bot *bot[RT_SEATS];
    void *mem[RT_SEATS];
    for (int s = 0, k = 0; s < RT_SEATS; s++) {
        rng_seed(&rng[s], seed, RNG_STREAM_BOT + (uint64_t)s);
        const char *name = s == seat ? "champion" : other[k++];
        bot[s] = NULL;
        for (const game_bot *b = rt_bots; b->name; b++)
            if (!strcmp(b->name, name)) bot[s] = b;
        mem[s] = calloc(1, bot[s]->memory_size ? bot[s]->memory_size : 1);
    }
    while (!st.over) {
        int moves[RT_SEATS][4], order[RT_SEATS], n = 0;
        bool has[RT_SEATS];
        for (int s = 0; s < RT_SEATS; s++) {
            has[s] = false;
            if (!rt_alive(&st, s)) continue;
            order[n++] = s;
            rt_view v;
            rt_view_of(&st, s, &v);
            rt_action a = {RT_PASS, 0, 0, 0, 0};
            if (!bot[s]->act(mem[s], &v, &a, &rng[s]) || a.kind != RT_MOVE) continue;
            rt_view_to_board(s, a.i1, a.j1, &moves[s][0], &moves[s][1]);
            rt_view_to_board(s, a.i2, a.j2, &moves[s][2], &moves[s][3]);
            has[s] = rt_legal(st.board, false, moves[s][0], moves[s][1], moves[s][2], moves[s][3]);
        }
        for (int i = n - 1; i >= 1; i--) { /* Rising Tide R8, as rt_apply draws it */
            int j = (int)rng_below(&match, (uint32_t)i + 1), t = order[i];
            order[i] = order[j], order[j] = t;
        }
        rt_play_round(&st, (const int(*)[4])moves, has, order, n);
    }
    for (int s = 0; s < RT_SEATS; s++) free(mem[s]);
    return st.score[seat];
}

/* Seeds of scripts/rt_oracle.sh scan (the eval's seats: seed BASE + g, the champion in seat g mod 4)
 * that the guard of commit 5e80969 lost in rounds 702-705 (docs/games/rising_tide.md "The late
 * guard"); they survive now. */
TEST(rising_tide_late_guard_survives_the_saved_games) {
    static const char *const near3[3] = {"nearby_new_orleans", "nearby_new_orleans", "nearby_new_orleans"};
    static const struct {
        uint64_t seed;
        int seat;
    } lost[] = {{300101, 1}, {300118, 2}, {300284, 0}};
    for (size_t k = 0; k < sizeof lost / sizeof lost[0]; k++) {
        int score = play(lost[k].seed, lost[k].seat, near3);
        if (score != RT_MAX_ROUNDS) printf("# seed %llu: the champion sank in round %d\n", (unsigned long long)lost[k].seed, score);
        CHECK_EQ_INT(score, RT_MAX_ROUNDS);
    }
}

int main(void) {
    RUN(rising_tide_late_guard_survives_the_saved_games);
    return T_DONE();
}
