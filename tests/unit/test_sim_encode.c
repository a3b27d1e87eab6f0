/* test_sim_encode.c: the simulator's per-game encodings (docs/sim.md): observations of hand-made
 * positions, legal masks equal to the rules' validate on random positions, flat actions that
 * round-trip, hidden information kept hidden, and the wire-side bot (arena_bot) seeing exactly
 * what the environments show. Linked with the internal library (it builds positions by hand). */
#include "../../src/games/chicken/chk.h"
#include "../../src/games/registry.h"
#include "../../src/games/rezzo/rz.h"
#include "../../src/games/rising_tide/rt.h"
#include "../../src/games/splitter/spl.h"
#include "../../src/games/suitebot/sb.h"
#include "../../src/sim/sim.h"
#include "t.h"

/* The observation and mask of `seat` in state st, through the game's sim hooks. */
static void observe(const game_t *g, const void *st, int seat, const void *memory, void *obs, uint8_t *mask) {
    void *view = calloc(1, g->view_size);
    g->rules.view(st, seat, view);
    g->sim->encode(view, memory, obs);
    if (mask) g->sim->legal(view, memory, mask);
    free(view);
}

static game_sim_shape shape_of(const game_t *g, const void *st) {
    void *view = calloc(1, g->view_size);
    g->rules.view(st, 0, view);
    game_sim_shape sh;
    g->sim->shape(view, &sh);
    free(view);
    return sh;
}

/* ---- hand-made positions ---- */

/* Chicken, seen by B: the board mirrored (x -> 7-x), B's own things first, LEFT and RIGHT swapped. */
TEST(sim_chicken_encoding_of_a_position) {
    chk_config cfg;
    chk_config_default(&cfg);
    chk_state st;
    chk_setup_fixed(&st, &cfg, CHK_SQ(0, 2), CHK_SQ(7, 2), CHK_SQ(3, 3), CHK_SQ(4, 3));
    st.pos[CHK_A] = CHK_SQ(2, 2);
    st.pos[CHK_B] = CHK_SQ(5, 4);
    st.eggs[CHK_A] = CHK_BIT(CHK_SQ(0, 2)) | CHK_BIT(CHK_SQ(6, 4));
    st.turds[CHK_B] = CHK_BIT(CHK_SQ(6, 6));
    st.turds_left[CHK_B] = 4;
    st.score[CHK_A] = 2;
    st.ply = 3;
    st.mover = CHK_B;
    st.found[CHK_BLACK_DOOR] = true;
    st.sense[CHK_HEAR_BLACK] = true;
    int16_t o[524];
    uint8_t m[12];
    CHECK_EQ_INT(shape_of(&game_chicken, &st).obs_size, 524);
    observe(&game_chicken, &st, 1, NULL, o, m);
    int on = 0;
    for (int k = 0; k < 7 * 64; k++) on += o[k];
    CHECK_EQ_INT(on, 6);
    CHECK_EQ_INT(o[0 * 64 + 4 * 8 + 2], 1); /* B at (5,4) -> (2,4) */
    CHECK_EQ_INT(o[1 * 64 + 2 * 8 + 5], 1); /* A at (2,2) -> (5,2) */
    CHECK_EQ_INT(o[3 * 64 + 2 * 8 + 7], 1); /* A's egg (0,2) -> (7,2) */
    CHECK_EQ_INT(o[3 * 64 + 4 * 8 + 1], 1); /* A's egg (6,4) -> (1,4) */
    CHECK_EQ_INT(o[4 * 64 + 6 * 8 + 1], 1); /* B's turd (6,6) -> (1,6) */
    CHECK_EQ_INT(o[6 * 64 + 3 * 8 + 3], 1); /* the found black door (4,3) -> (3,3) */
    CHECK_EQ_INT(o[7 * 64 + 0], 1);         /* egg squares: x+y even after the mirror */
    CHECK_EQ_INT(o[7 * 64 + 1], 0);
    const int16_t want[12] = {1, 3, 40, 40, 4, 5, 0, 2, 1, 0, 0, 0};
    for (int k = 0; k < 12; k++) CHECK_EQ_INT(o[512 + k], want[k]);
    /* B may not step RIGHT onto A's egg at (6,4): that is LEFT (3) in B's mirrored actions */
    for (int k = 0; k < 12; k++) CHECK_EQ_INT(m[k], k / 3 != 3);
    chk_action a;
    chk_view v;
    chk_view_of(&st, 1, &v);
    game_chicken.sim->action(&v, NULL, 3 * 3 + CHK_EGG, &a);
    CHECK_EQ_INT(a.dir, CHK_RIGHT);
    CHECK_EQ_INT(a.type, CHK_EGG);
    /* A's own view is not mirrored */
    observe(&game_chicken, &st, 0, NULL, o, m);
    CHECK_EQ_INT(o[0 * 64 + 2 * 8 + 2], 1);
    CHECK_EQ_INT(o[512], 0);
}

/* Rising Tide, seat 1: its rotated view, a move from a cell and 8 directions, cities excluded. */
TEST(sim_rising_tide_encoding_of_a_position) {
    rt_config cfg = {false, 100};
    rt_state st;
    rt_start(&st, &cfg);
    int vi, vj;
    rt_board_to_view(1, 2, 3, &vi, &vj);
    st.board[2][3] = 8;
    st.rot[1][vi][vj] = 8;
    st.round = 7;
    int16_t o[328];
    uint8_t m[2593];
    observe(&game_rising_tide, &st, 1, NULL, o, m);
    CHECK_EQ_INT(o[vi * 18 + vj], 8);
    CHECK_EQ_INT(o[0], 1);       /* the corner's height */
    CHECK_EQ_INT(o[1 * 18 + 1], 2);
    CHECK_EQ_INT(o[5 * 18 + 5], 0); /* its city */
    CHECK_EQ_INT(o[324], 7);
    CHECK_EQ_INT(o[325], 100);
    CHECK_EQ_INT(o[326], 93);
    CHECK_EQ_INT(m[2592], 1); /* pass */
    /* flat action d * 324 + cell: direction d of (-1,-1) (-1,0) (-1,1) (0,-1) (0,1) (1,-1) (1,0) (1,1) */
    for (int d = 0; d < 8; d++) CHECK_EQ_INT(m[d * 324 + 5 * 18 + 5], 0); /* a city never moves */
    CHECK_EQ_INT(m[0 * 324 + 0], 0);            /* off the board */
    CHECK_EQ_INT(m[7 * 324 + 0], 1);            /* (0,0) -> (1,1) */
    CHECK_EQ_INT(m[4 * 324 + 1 * 18 + 1], 1);   /* (1,1) -> (1,2) */
    CHECK_EQ_INT(m[7 * 324 + 4 * 18 + 4], 0);   /* onto the city (5,5) */
    /* nothing may land on the 8 at (vi, vj): from its left neighbour, direction (0,+1) is 4 */
    CHECK_EQ_INT(m[4 * 324 + vi * 18 + vj - 1], 0);
    CHECK_EQ_INT(m[3 * 324 + vi * 18 + vj], 1); /* it may leave */
    rt_action a;
    game_rising_tide.sim->action(NULL, NULL, 4 * 324 + 1 * 18 + 1, &a);
    CHECK(a.kind == RT_MOVE && a.i1 == 1 && a.j1 == 1 && a.i2 == 1 && a.j2 == 2);
    CHECK_EQ_INT(game_rising_tide.rules.validate(&st, 1, &a, NULL), 0);
    rt_action longmove = {RT_MOVE, 1, 1, 3, 3};
    CHECK_EQ_INT(game_rising_tide.sim->index(NULL, NULL, &longmove), -1);
}

/* SuiteBot, 2 players on 10x10: centred on the viewer's agent. */
TEST(sim_suitebot_encoding_of_a_position) {
    game_options opts;
    memset(&opts, 0, sizeof opts);
    rng_t rng;
    rng_seed(&rng, 1, 0);
    game_setup setup = {2, &opts, 1, &rng};
    buf_t err;
    buf_init(&err);
    sb_state *st = game_suitebot.rules.create(&setup, &err);
    CHECK(st != NULL);
    if (!st) return;
    CHECK_EQ_INT(st->plan.w, 10);
    CHECK_EQ_INT(st->plan.bx[0], 2);
    CHECK_EQ_INT(st->plan.bx[1], 7);
    st->bomb[3 * 10 + 2] = (sb_bomb){1, 2}; /* my bomb below my base, countdown 2 */
    st->bomb[0] = (sb_bomb){2, 0};
    st->bomb[9 * 10 + 9] = (sb_bomb){2, 4}; /* one whose row and column wrap round the torus */
    int16_t o[609];
    uint8_t m[6];
    CHECK_EQ_INT(shape_of(&game_suitebot, st).obs_size, 609);
    observe(&game_suitebot, st, 0, NULL, o, m);
    /* my agent (2,2) is at (5,5): shift (+3, +3) */
    CHECK_EQ_INT(o[0 * 100 + 55], 0);           /* no resource on my base */
    CHECK_EQ_INT(o[0 * 100 + 0], 0);            /* nor on the other base, (7,7) -> (0,0) */
    CHECK_EQ_INT(o[0 * 100 + 11], 1);
    CHECK_EQ_INT(o[1 * 100 + 0], 1);            /* the other agent */
    CHECK_EQ_INT(o[2 * 100 + 55], 1);           /* my base */
    CHECK_EQ_INT(o[3 * 100 + 0], 1);            /* the other base */
    CHECK_EQ_INT(o[4 * 100 + 6 * 10 + 5], 3);   /* my bomb (2,3) -> (5,6), countdown 2 + 1 */
    CHECK_EQ_INT(o[5 * 100 + 3 * 10 + 3], 1);   /* its bomb (0,0) -> (3,3), countdown 0 + 1 */
    CHECK_EQ_INT(o[5 * 100 + 2 * 10 + 2], 5);   /* its bomb (9,9) -> (2,2), countdown 4 + 1 */
    /* every cell's resource, and no bomb where there is none, wherever the shift wraps */
    int bombs = 0;
    for (int y = 0; y < 10; y++)
        for (int x = 0; x < 10; x++) {
            int r = (y + 3) % 10 * 10 + (x + 3) % 10;
            CHECK_EQ_INT(o[r], st->res[y * 10 + x]);
            bombs += (o[4 * 100 + r] != 0) + (o[5 * 100 + r] != 0);
        }
    CHECK_EQ_INT(bombs, 3);
    const int16_t want[9] = {1, 98, 0, 0, 4, 1, 0, 10, 0};
    for (int k = 0; k < 9; k++) CHECK_EQ_INT(o[600 + k], want[k]);
    for (int k = 0; k < 6; k++) CHECK_EQ_INT(m[k], 1);
    game_suitebot.rules.destroy(st);
    buf_free(&err);
}

/* Splitter: the seat's own sheet (its memory), the layout, the roll; a cell and a die. */
TEST(sim_splitter_encoding_of_a_position) {
    game_options opts;
    memset(&opts, 0, sizeof opts);
    rng_t rng;
    rng_seed(&rng, 1, 0);
    game_setup setup = {1, &opts, 1, &rng};
    buf_t err;
    buf_init(&err);
    spl_state *st = game_splitter.rules.create(&setup, &err);
    if (!st) {
        CHECK(0);
        return;
    }
    unsigned char memory[512] = {0};
    CHECK(game_splitter.sim->memory_size <= sizeof memory);
    spl_view v;
    spl_view_of(st, &v);
    int d1 = st->d1, d2 = st->d2;
    spl_action a;
    game_splitter.sim->action(&v, memory, 2 * (0 * 8 + 2) + 1, &a); /* d2 at (2,0) */
    CHECK(a.v == d2 && a.x == 2 && a.y == 0);
    CHECK_EQ_INT(game_splitter.rules.validate(st, 0, &a, NULL), 0);
    game_splitter.sim->remember(memory, &v, &a);
    spl_place(st, &a);
    int8_t o[116];
    uint8_t m[112];
    observe(&game_splitter, st, 0, memory, o, m);
    CHECK_EQ_INT(o[2], d2);
    CHECK_EQ_INT(o[5], d1); /* the mirror (7-2, 0) */
    CHECK_EQ_INT(o[56 + 3 * 8 + 0], SPL_STAR);
    CHECK_EQ_INT(o[56 + 0], SPL_BLANK);
    CHECK_EQ_INT(o[112], st->d1);
    CHECK_EQ_INT(o[113], st->d2);
    CHECK_EQ_INT(o[114], 1);
    CHECK_EQ_INT(o[115], 22); /* 44 placeable cells */
    CHECK_EQ_INT(m[2 * 2], 0); /* taken */
    CHECK_EQ_INT(m[2 * 5 + 1], 0);
    CHECK_EQ_INT(m[0], 0);     /* blank (0,0) */
    CHECK_EQ_INT(m[2 * 3], 1);
    game_splitter.rules.destroy(st);
    buf_free(&err);
}

/* Rezzo: the 13x13 viewport around the agent (bottom centre, facing up), owners as mine/others. */
TEST(sim_rezzo_encoding_of_a_position) {
    const char *rows[16];
    char grid[16][17];
    for (int y = 0; y < 16; y++) {
        memset(grid[y], ' ', 16);
        grid[y][16] = 0;
        rows[y] = grid[y];
    }
    grid[10][5] = '0'; /* player 1's agent at (5,10), facing N */
    grid[9][5] = 'B';  /* player 2's flag just ahead */
    grid[10][6] = '.'; /* a conductor to its right */
    grid[2][2] = '1';  /* player 2's agent */
    buf_t err;
    buf_init(&err);
    rz_state *st = rz_from_map(16, 16, rows, &err);
    if (!st) {
        printf("# %s\n", buf_cstr(&err));
        CHECK(0);
        return;
    }
    st->world.damage[10 * 16 + 6] = 2;
    uint8_t o[508], m[6];
    observe(&game_rezzo, st, 0, NULL, o, m);
    int self = 12 * 13 + 6, ahead = 11 * 13 + 6, right = 12 * 13 + 7;
    CHECK_EQ_INT(o[self], 5);
    CHECK_EQ_INT(o[169 + self], 1);
    CHECK_EQ_INT(o[ahead], 6);
    CHECK_EQ_INT(o[169 + ahead], 2);
    CHECK_EQ_INT(o[right], 1);
    CHECK_EQ_INT(o[169 + right], 0);
    CHECK_EQ_INT(o[338 + right], 2);
    CHECK_EQ_INT(o[507], 0);
    for (int k = 0; k < 6; k++) CHECK_EQ_INT(m[k], 1);
    rz_action a;
    rz_view v;
    rz_view_of(st, 0, &v);
    game_rezzo.sim->action(&v, NULL, 5, &a);
    CHECK_EQ_INT(a.act, RZ_ACT_HIT);
    CHECK_EQ_INT(game_rezzo.sim->index(&v, NULL, &a), 5);
    rz_free(st);
    buf_free(&err);
}

/* ---- hidden information ---- */

TEST(sim_chicken_hides_the_trapdoors) {
    chk_config cfg;
    chk_config_default(&cfg);
    chk_state s1, s2;
    chk_setup_fixed(&s1, &cfg, CHK_SQ(0, 2), CHK_SQ(7, 2), CHK_SQ(3, 3), CHK_SQ(4, 3));
    chk_setup_fixed(&s2, &cfg, CHK_SQ(0, 2), CHK_SQ(7, 2), CHK_SQ(1, 5), CHK_SQ(6, 1));
    for (int seat = 0; seat < 2; seat++) {
        int16_t o1[524], o2[524];
        uint8_t m1[12], m2[12];
        observe(&game_chicken, &s1, seat, NULL, o1, m1);
        observe(&game_chicken, &s2, seat, NULL, o2, m2);
        CHECK(memcmp(o1, o2, sizeof o1) == 0);
        CHECK(memcmp(m1, m2, sizeof m1) == 0);
    }
}

TEST(sim_rezzo_hides_the_world_beyond_the_viewport) {
    const char *rows[32];
    char grid[32][33];
    for (int y = 0; y < 32; y++) {
        memset(grid[y], ' ', 32);
        grid[y][32] = 0;
        rows[y] = grid[y];
    }
    grid[20][16] = '0';
    grid[2][2] = '1';
    buf_t err;
    buf_init(&err);
    rz_state *a = rz_from_map(32, 32, rows, &err);
    grid[26][26] = 'B'; /* far behind and right of the agent: outside its 13x13 view */
    grid[4][16] = '.';  /* 16 ahead: outside too */
    rz_state *b = rz_from_map(32, 32, rows, &err);
    if (!a || !b) {
        CHECK(0);
        return;
    }
    uint8_t o1[508], o2[508];
    observe(&game_rezzo, a, 0, NULL, o1, NULL);
    observe(&game_rezzo, b, 0, NULL, o2, NULL);
    CHECK(memcmp(o1, o2, sizeof o1) == 0);
    grid[9][16] = '.'; /* 11 ahead: inside */
    rz_state *c = rz_from_map(32, 32, rows, &err);
    observe(&game_rezzo, c, 0, NULL, o2, NULL);
    CHECK(memcmp(o1, o2, sizeof o1) != 0);
    rz_free(a), rz_free(b), rz_free(c);
    buf_free(&err);
}

/* ---- random positions ---- */

static const char *const *quick_settings(const char *game) {
    static const char *rz[] = {"size=64x64", "max_ticks=200", "seats=3", NULL};
    static const char *rt[] = {"rounds=120", NULL};
    static const char *sb[] = {"rounds=60", "seats=3", NULL};
    if (strcmp(game, "rezzo") == 0) return rz;
    if (strcmp(game, "rising_tide") == 0) return rt;
    if (strcmp(game, "suitebot") == 0) return sb;
    return NULL;
}

/* R-mask: on random positions, mask[k] is 1 exactly when the rules' validate accepts flat action k,
 * and every flat action survives typed -> flat -> typed. */
TEST(sim_masks_equal_the_rules_on_random_positions) {
    for (int gi = 0; registry_games[gi]; gi++) {
        const game_t *g = registry_games[gi];
        if (!g->sim) continue;
        arena_env *env = arena_env_new(g->id, 6, 17, quick_settings(g->id));
        if (!env) {
            printf("# %s: %s\n", g->id, arena_last_error());
            CHECK(0);
            continue;
        }
        int A = env->agents, K = env->shape.actions;
        uint8_t *mask = calloc((size_t)env->n * A * K, 1);
        uint8_t *to_act = calloc((size_t)env->n * A, 1);
        int32_t *act = calloc((size_t)env->n * A, sizeof *act);
        arena_bind(env, "mask", mask, (size_t)env->n * A * K);
        arena_bind(env, "to_act", to_act, (size_t)env->n * A);
        arena_bind(env, "action", act, (size_t)env->n * A * sizeof *act);
        arena_reset(env, 17);
        void *view = calloc(1, g->view_size), *typed = calloc(1, g->action_size), *back = calloc(1, g->action_size);
        long checked = 0, legal = 0, bad = 0;
        for (int t = 0; t < 150 && bad < 5; t++) {
            for (int e = 0; e < env->n; e++)
                for (int a = 0; a < A; a++) {
                    if (!to_act[e * A + a]) continue;
                    int seat = env->agent_seat[a];
                    const void *mem = (unsigned char *)sim_rec_of(env, e) + env->enc_off[seat];
                    g->rules.view(env->state[e], seat, view);
                    for (int k = 0; k < K; k++) {
                        memset(typed, 0, g->action_size);
                        g->sim->action(view, mem, k, typed);
                        bool ok = !g->rules.validate || g->rules.validate(env->state[e], seat, typed, NULL) == 0;
                        checked++, legal += ok;
                        if (ok != mask[((size_t)e * A + a) * K + k] && bad++ < 5)
                            printf("# %s env %d seat %d turn %d: action %d mask %d, rules %d\n", g->id, e, seat, t, k,
                                   mask[((size_t)e * A + a) * K + k], ok);
                        int idx = g->sim->index(view, mem, typed);
                        memset(back, 0, g->action_size);
                        if (idx >= 0) g->sim->action(view, mem, idx, back);
                        if ((idx < 0 || memcmp(typed, back, g->action_size) != 0) && bad++ < 5)
                            printf("# %s: action %d does not round-trip (index %d)\n", g->id, k, idx);
                    }
                }
            arena_sample(env);
            arena_step(env);
        }
        CHECK_EQ_INT(bad, 0);
        CHECK(checked > 1000);
        CHECK(legal > 0);
        /* some flat actions are illegal at times in these games (Rezzo's and SuiteBot's never are) */
        if (strcmp(g->id, "rezzo") != 0 && strcmp(g->id, "suitebot") != 0) CHECK(legal < checked);
        free(view), free(typed), free(back), free(mask), free(to_act), free(act);
        arena_env_free(env);
    }
}

/* The wire side: a process bot fed the referee's own messages (encode_hello, encode_view) sees the
 * observation and mask the environment shows, and its replies are the actions the environment
 * played, through whole games. */
static void feed_message(const game_t *g, arena_bot *bot, buf_t *msg, int *last) {
    if (g->wire.transport == TRANSPORT_RECORDS) {
        *last = arena_bot_feed(bot, msg->data, msg->len);
        return;
    }
    size_t start = 0;
    for (size_t i = 0; i < msg->len; i++)
        if (msg->data[i] == '\n') {
            *last = arena_bot_feed(bot, msg->data + start, i - start);
            start = i + 1;
        }
}

TEST(sim_wire_bot_sees_what_the_environment_shows) {
    for (int gi = 0; registry_games[gi]; gi++) {
        const game_t *g = registry_games[gi];
        if (!g->sim) continue;
        arena_env *env = arena_env_new(g->id, 1, 23, quick_settings(g->id));
        if (!env) {
            CHECK(0);
            continue;
        }
        int A = env->agents, K = env->shape.actions;
        size_t ob = env->obs_bytes;
        unsigned char *obs = calloc((size_t)A, ob), *bobs = calloc(1, ob);
        uint8_t *mask = calloc((size_t)A * K, 1), *bmask = calloc((size_t)K, 1), *to_act = calloc((size_t)A, 1);
        uint8_t term = 0, trunc = 0;
        int32_t *act = calloc((size_t)A, sizeof *act);
        arena_bind(env, "obs", obs, (size_t)A * ob);
        arena_bind(env, "mask", mask, (size_t)A * K);
        arena_bind(env, "to_act", to_act, (size_t)A);
        arena_bind(env, "action", act, (size_t)A * sizeof *act);
        arena_bind(env, "terminated", &term, 1);
        arena_bind(env, "truncated", &trunc, 1);
        arena_reset(env, 23);
        void *view = calloc(1, g->view_size);
        buf_t msg;
        buf_init(&msg);
        arena_bot *bot = NULL;
        int games = 0, compared = 0, bad = 0;
        for (int t = 0; t < 400 && games < 2 && !bad; t++) {
            if (!bot) {
                bot = arena_bot_new(g->id);
                if (g->wire.encode_hello) {
                    buf_reset(&msg);
                    g->wire.encode_hello(env->state[0], 0, &msg);
                    int r = ARENA_MORE;
                    feed_message(g, bot, &msg, &r);
                    CHECK_EQ_INT(r, ARENA_READY);
                }
            }
            if (to_act[0]) { /* agent 0 plays seat 0 */
                buf_reset(&msg);
                g->rules.view(env->state[0], 0, view);
                g->wire.encode_view(view, &msg);
                int r = ARENA_MORE;
                feed_message(g, bot, &msg, &r);
                CHECK_EQ_INT(r, ARENA_ACT);
                CHECK_EQ_INT(arena_bot_obs_size(bot), env->shape.obs_size);
                arena_bot_observe(bot, bobs, bmask);
                if (memcmp(bobs, obs, ob) != 0 || memcmp(bmask, mask, (size_t)K) != 0) {
                    printf("# %s turn %d: the wire bot's observation or mask differs\n", g->id, t);
                    bad++;
                }
                compared++;
            }
            arena_sample(env);
            if (to_act[0]) {
                char reply[256];
                CHECK(arena_bot_reply(bot, act[0], reply, sizeof reply) > 0);
            }
            arena_step(env);
            if (term || trunc) {
                games++;
                arena_bot_free(bot);
                bot = NULL;
            }
        }
        arena_bot_free(bot);
        CHECK_EQ_INT(bad, 0);
        CHECK(compared > 20);
        buf_free(&msg);
        free(view), free(obs), free(bobs), free(mask), free(bmask), free(to_act), free(act);
        arena_env_free(env);
    }
}

/* A game of g with default options, seeded with seed, its generator in rng (NULL: refused). */
static void *encode_start(const game_t *g, int seats, uint64_t seed, rng_t *rng) {
    rng_seed(rng, seed, RNG_STREAM_MATCH);
    game_options o = {0};
    game_setup setup = {seats, &o, seed, rng};
    buf_t err;
    buf_init(&err);
    void *st = g->rules.create(&setup, &err);
    buf_free(&err);
    return st;
}

/* A garbage message fed to the wire-side bot is an error in every game, never "more" or "act"
 * (Chicken's used to want more input after a garbage line, Rezzo's took 340 bytes of 0xff for a view). */
TEST(sim_wire_bot_refuses_garbage) {
    char ff[RZ_MSG_SIZE];
    memset(ff, 0xff, sizeof ff);
    for (int gi = 0; registry_games[gi]; gi++) {
        const game_t *g = registry_games[gi];
        if (!g->sim) continue;
        arena_bot *bot = arena_bot_new(g->id);
        CHECK(bot != NULL);
        if (!bot) continue;
        bool records = g->wire.transport == TRANSPORT_RECORDS;
        int r = records ? arena_bot_feed(bot, ff, g->wire.message_size) : arena_bot_feed(bot, "hello \033[2J", 11);
        CHECK_EQ_INT(r, -1);
        if (t_failed_now) printf("# %s: %d\n", g->id, r);
        CHECK(strstr(arena_last_error(), "cannot parse") != NULL);
        arena_bot_free(bot);
    }
}

/* game_sim.score_only_at_end is a promise the simulator relies on (it skips the score hook during
 * a game): every position before the end scores 0 for every seat, in games played by a bot. */
TEST(sim_score_only_at_end_is_zero_until_the_end) {
    int checked = 0;
    for (int k = 0; registry_games[k]; k++) {
        const game_t *g = registry_games[k];
        if (!g->sim || !g->sim->score_only_at_end) continue;
        const game_bot *bot = g->bots;
        for (uint64_t seed = 1; seed <= 20; seed++) {
            rng_t rng;
            void *st = encode_start(g, g->min_seats, seed, &rng);
            CHECK(st != NULL);
            if (!st) return;
            void *view = calloc(1, g->view_size), *mem = calloc(1, bot->memory_size + 1);
            unsigned char *acts = calloc(GAME_MAX_SEATS, g->action_size);
            rng_t brng;
            rng_seed(&brng, seed, RNG_STREAM_BOT);
            while (!g->rules.is_over(st)) {
                double sc[GAME_MAX_SEATS] = {0};
                g->sim->score(st, sc);
                for (int s = 0; s < g->min_seats; s++) CHECK(sc[s] == 0.0);
                checked++;
                bool mask[GAME_MAX_SEATS] = {false};
                seat_turn turns[GAME_MAX_SEATS] = {0};
                g->rules.to_act(st, mask);
                for (int s = 0; s < g->min_seats; s++) {
                    if (!mask[s]) continue;
                    g->rules.view(st, s, view);
                    turns[s].asked = true;
                    turns[s].has_action = bot->act(mem, view, acts + (size_t)s * g->action_size, &brng);
                }
                g->rules.apply(st, acts, turns, &rng);
            }
            double sc[GAME_MAX_SEATS] = {0}, res[GAME_MAX_SEATS] = {0};
            int ranks[GAME_MAX_SEATS];
            g->sim->score(st, sc);
            g->rules.result(st, res, ranks);
            CHECK(sc[0] == res[0]); /* and at the end, the result's (score_ends_as_result) */
            free(view), free(mem), free(acts);
            g->rules.destroy(st);
        }
    }
    printf("# %d positions before the end checked\n", checked);
    CHECK(checked > 0);
}

/* game_sim.acting, where a game has it, is is_over and to_act in one call: the same seats at every
 * position of games played by the game's bots (the first position, every turn, the end). */
TEST(sim_acting_equals_is_over_and_to_act) {
    int checked = 0;
    for (int k = 0; registry_games[k]; k++) {
        const game_t *g = registry_games[k];
        if (!g->sim || !g->sim->acting) continue;
        for (int seats = g->min_seats; seats <= g->max_seats && seats <= 4; seats++)
            for (uint64_t seed = 1; seed <= 10; seed++) {
                rng_t rng;
                void *st = encode_start(g, seats, seed, &rng);
                CHECK(st != NULL);
                if (!st) return;
                const game_bot *bot = &g->bots[seed % 2 && g->bots[1].name && g->bots[1].act ? 1 : 0];
                CHECK(bot->act != NULL);
                if (!bot->act) return;
                void *view = calloc(1, g->view_size), *mem[GAME_MAX_SEATS];
                unsigned char *acts = calloc(GAME_MAX_SEATS, g->action_size);
                rng_t brng[GAME_MAX_SEATS];
                for (int s = 0; s < seats; s++) {
                    mem[s] = calloc(1, bot->memory_size + 1);
                    rng_seed(&brng[s], seed, RNG_STREAM_BOT + (uint64_t)s);
                }
                for (int turn = 0;; turn++) {
                    bool mask[GAME_MAX_SEATS] = {false};
                    uint32_t want = 0;
                    if (!g->rules.is_over(st)) {
                        g->rules.to_act(st, mask);
                        for (int s = 0; s < seats; s++) want |= (uint32_t)mask[s] << s;
                    }
                    CHECK_EQ_INT((int)g->sim->acting(st), (int)want);
                    if (t_failed_now) printf("# %s, %d seats, seed %d, turn %d\n", g->id, seats, (int)seed, turn);
                    checked++;
                    if (!want || t_failed_now) break;
                    seat_turn turns[GAME_MAX_SEATS] = {0};
                    memset(acts, 0, (size_t)GAME_MAX_SEATS * g->action_size);
                    for (int s = 0; s < seats; s++) {
                        if (!mask[s]) continue;
                        g->rules.view(st, s, view);
                        turns[s].asked = true;
                        turns[s].has_action = bot->act(mem[s], view, acts + (size_t)s * g->action_size, &brng[s]);
                    }
                    g->rules.apply(st, acts, turns, &rng);
                }
                for (int s = 0; s < seats; s++) free(mem[s]);
                free(view), free(acts);
                g->rules.destroy(st);
            }
    }
    printf("# %d positions checked\n", checked);
    CHECK(checked > 0);
}

int main(void) {
    RUN(sim_chicken_encoding_of_a_position);
    RUN(sim_rising_tide_encoding_of_a_position);
    RUN(sim_suitebot_encoding_of_a_position);
    RUN(sim_splitter_encoding_of_a_position);
    RUN(sim_rezzo_encoding_of_a_position);
    RUN(sim_chicken_hides_the_trapdoors);
    RUN(sim_rezzo_hides_the_world_beyond_the_viewport);
    RUN(sim_masks_equal_the_rules_on_random_positions);
    RUN(sim_wire_bot_sees_what_the_environment_shows);
    RUN(sim_score_only_at_end_is_zero_until_the_end);
    RUN(sim_acting_equals_is_over_and_to_act);
    RUN(sim_wire_bot_refuses_garbage);
    return T_DONE();
}
