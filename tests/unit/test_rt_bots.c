/* test_rt_bots.c: the sample-bot ports against the original's figures (docs/games/rising_tide.md
 * "Built-in bots"), the legal move list, and the wall builder's determinism. Fixed seeds. */
#include "t.h"
#include "games/rising_tide/rt.h"
#include "match/match.h"
#include <math.h>

typedef struct {
    double mean_score, mean_length, survivals;
} stats;

/* Plays `games` games of one built-in in all four seats through the real referee loop. */
static stats play(const char *bot, int games) {
    static match_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.game = &game_rising_tide;
    cfg.clock = match_default_clock(cfg.game);
    cfg.nseats = 4;
    buf_t err;
    buf_init(&err);
    match_parse_options(cfg.game, 0, NULL, &cfg.options, &err);
    char seat[64];
    snprintf(seat, sizeof seat, "builtin:%s", bot);
    for (int s = 0; s < 4; s++) seatspec_parse(cfg.game, seat, &cfg.seats[s], &err);
    stats st = {0, 0, 0};
    for (int g = 0; g < games; g++) {
        cfg.seed = 1000 + (uint64_t)g;
        match_t *m = match_new(&cfg, &err);
        match_run(m);
        for (int s = 0; s < 4; s++) {
            st.mean_score += m->scores[s];
            st.survivals += m->scores[s] == 800;
        }
        st.mean_length += m->turns_played;
        match_free(m);
    }
    for (int s = 0; s < 4; s++) seatspec_free(&cfg.seats[s]);
    buf_free(&err);
    st.mean_score /= 4.0 * games;
    st.mean_length /= games;
    return st;
}

TEST(random_rizhao_x4_matches_the_original) {
    stats s = play("random_rizhao", 400);
    printf("# random_rizhao x4, 400 games: mean score %.1f (363 +- 20), mean length %.1f (274 +- 12)\n",
           s.mean_score, s.mean_length);
    CHECK(fabs(s.mean_score - 363) <= 20);
    CHECK(fabs(s.mean_length - 274) <= 12);
}

TEST(trench_tunis_x4_matches_the_original) {
    stats s = play("trench_tunis", 400);
    printf("# trench_tunis x4, 400 games: mean score %.1f (242 +- 25), mean length %.1f (170 +- 12)\n",
           s.mean_score, s.mean_length);
    CHECK(fabs(s.mean_score - 242) <= 25);
    CHECK(fabs(s.mean_length - 170) <= 12);
}

TEST(nearby_new_orleans_x4_within_10_percent_of_prototype) {
    stats s = play("nearby_new_orleans", 100);
    printf("# nearby_new_orleans x4, 100 games: mean score %.1f (771 +- 10%%), mean length %.1f (794 +- 10%%)\n",
           s.mean_score, s.mean_length);
    CHECK(fabs(s.mean_score - 771) <= 77.1);
    CHECK(fabs(s.mean_length - 794) <= 79.4);
}

/* Every bot only ever answers with a move from the legal move list (neighbour moves that the
 * original is_legal accepts) or a pass, on positions taken from real games. */
TEST(bots_answer_legal_neighbour_moves) {
    buf_t err;
    buf_init(&err);
    game_options o = {0};
    match_parse_options(&game_rising_tide, 0, NULL, &o, &err);
    rng_t rng, brng;
    rng_seed(&rng, 3, 0);
    rng_seed(&brng, 4, 0);
    for (const game_bot *b = rt_bots; b->name; b++) {
        game_setup setup = {4, &o, 3, &rng};
        rt_state *st = game_rising_tide.rules.create(&setup, &err);
        /* each seat's memory, zeroed before the first call, as the referee gives it (the
         * champion keeps what it saw last round there) */
        void *mem[4] = {0};
        for (int s = 0; s < 4 && b->memory_size; s++) mem[s] = calloc(1, b->memory_size);
        int moves = 0;
        while (!st->over) {
            rt_action acts[4];
            seat_turn turns[4] = {{0}};
            for (int s = 0; s < 4; s++) {
                turns[s].asked = rt_alive(st, s);
                if (!turns[s].asked) continue;
                rt_view v;
                rt_view_of(st, s, &v);
                b->act(mem[s], &v, &acts[s], &brng);
                turns[s].has_action = true;
                if (acts[s].kind == RT_MOVE) {
                    moves++;
                    int di = abs(acts[s].i1 - acts[s].i2), dj = abs(acts[s].j1 - acts[s].j2);
                    CHECK((di > dj ? di : dj) == 1);
                    CHECK(rt_legal_original(v.cell, acts[s].i1, acts[s].j1, acts[s].i2, acts[s].j2));
                    CHECK(game_rising_tide.rules.validate(st, s, &acts[s], NULL) == 0);
                }
            }
            game_rising_tide.rules.apply(st, acts, turns, &rng);
        }
        if (strcmp(b->name, "pass_perth") != 0) CHECK(moves > 0);
        for (int s = 0; s < 4; s++) free(mem[s]);
        game_rising_tide.rules.destroy(st);
    }
    buf_free(&err);
}

/* Uniform choice: on the start terrain random_rizhao picks each of the 2316 moves equally often
 * (chi-square, 2316*60 draws). */
TEST(random_rizhao_is_uniform_over_legal_moves) {
    rt_state st;
    rt_config cfg = {false, 800};
    rt_start(&st, &cfg);
    rt_view v;
    rt_view_of(&st, 0, &v);
    static int count[RT_N][RT_N][8];
    memset(count, 0, sizeof count);
    rng_t rng;
    rng_seed(&rng, 8, 0);
    const game_bot *b = game_find_bot(&game_rising_tide, "random_rizhao");
    const int N = 2316 * 60;
    for (int k = 0; k < N; k++) {
        rt_action a;
        b->act(NULL, &v, &a, &rng);
        int d = (a.i2 - a.i1 + 1) * 3 + (a.j2 - a.j1 + 1);
        d = d > 4 ? d - 1 : d;
        count[a.i1][a.j1][d]++;
    }
    double chi = 0, e = 60.0;
    int cells = 0;
    for (int i = 0; i < RT_N; i++)
        for (int j = 0; j < RT_N; j++)
            for (int d = 0; d < 8; d++) {
                int di = d < 4 ? d / 3 - 1 : (d + 1) / 3 - 1, dj = d < 4 ? d % 3 - 1 : (d + 1) % 3 - 1;
                if (!rt_legal_original(v.cell, i, j, i + di, j + dj)) {
                    CHECK(count[i][j][d] == 0);
                    continue;
                }
                cells++;
                chi += (count[i][j][d] - e) * (count[i][j][d] - e) / e;
            }
    CHECK_EQ_INT(cells, 2316);
    /* chi-square with 2315 degrees of freedom: mean 2315, sd 68; 2315 + 6 sd */
    printf("# chi-square %.0f over 2315 degrees of freedom\n", chi);
    CHECK(chi < 2315 + 6 * 68);
}

TEST(seawall_sydney_is_deterministic) {
    stats a = play("seawall_sydney", 3), b = play("seawall_sydney", 3);
    CHECK(a.mean_score == b.mean_score && a.mean_length == b.mean_length);
}

int main(void) {
    RUN(random_rizhao_x4_matches_the_original);
    RUN(trench_tunis_x4_matches_the_original);
    RUN(nearby_new_orleans_x4_within_10_percent_of_prototype);
    RUN(bots_answer_legal_neighbour_moves);
    RUN(random_rizhao_is_uniform_over_legal_moves);
    RUN(seawall_sydney_is_deterministic);
    return T_DONE();
}
