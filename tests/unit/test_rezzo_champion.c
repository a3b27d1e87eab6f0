/* test_rezzo_champion.c: Rezzo's champion (issue 17): it cuts a wire next to an enemy base, lays a
 * cut cell of its own wire again, plans in slices of a tick that end with the route a plan in one
 * go finds, and the built-in and the starter-kit program give the same records. */
#include "t.h"
#include "kit_child.h"
#include "games/rezzo/rz.h"
#include "games/rezzo/rz_champion.h"
#include "match/match.h"

static const game_t *G = &game_rezzo;

static char at(const rz_state *st, int x, int y) {
    size_t i = rz_idx(&st->world, x, y);
    return (char)rz_letter(st->world.type[i], st->world.owner[i]);
}

/* One tick: seat 0 plays ACT0, the others stand still. */
static void tick_seat0(rz_state *st, int act0) {
    int acts[RZ_MAX_PLAYERS];
    bool multi[RZ_MAX_PLAYERS] = {false};
    rz_cause failed[RZ_MAX_PLAYERS] = {RZ_CAUSE_NONE};
    for (int s = 0; s < st->n; s++) acts[s] = -1;
    acts[0] = act0;
    rz_tick(st, acts, multi, failed);
}

/* One tick: player 1 is the champion (no clock), the others stand still. */
static void tick(rz_state *st, rz_champion *c) {
    rz_view v;
    rz_view_of(st, 0, &v);
    rz_action a;
    rz_champion_act(c, &v, &a, NULL, NULL);
    tick_seat0(st, a.act);
}

/* A 24 x 24 world: our agent '0' at (12,16) facing north with its bases ('n') and geysers ('a');
 * player 2's agent '1' far off, its base 'o' at (12,6). */
static const char *const ROWS[24] = {
    "                        ", "  1                     ", "                        ", "                        ",
    "                        ", "                        ", "            o           ", "                        ",
    "                        ", "                        ", "                        ", "                        ",
    "                        ", "                        ", "                        ", "           n n          ",
    "            0           ", "           a a          ", "                        ", "                        ",
    "                        ", "                        ", "                        ", "                        ",
};

/* ROWS with a wire on the n cells given as {x, y}. */
static rz_state *home_wired(int n, const int cells[][2]) {
    const char *rows[24];
    static char copy[24][25];
    for (int y = 0; y < 24; y++) {
        memcpy(copy[y], ROWS[y], 25);
        rows[y] = copy[y];
    }
    for (int k = 0; k < n; k++) copy[cells[k][1]][cells[k][0]] = '.';
    buf_t err;
    buf_init(&err);
    rz_state *st = rz_from_map(24, 24, rows, &err);
    if (!st) printf("# map: %s\n", buf_cstr(&err));
    buf_free(&err);
    return st;
}

/* A champion guarding its laid wire (phase idle): the route runs from (16,10) to (16,14), in its
 * own frame 4 right of the start and 2 to 6 ahead (tap end last). */
static rz_champion *guarding(void) {
    rz_champion *c = calloc(1, sizeof *c);
    rz_attacker *a = &c->a;
    a->phase = PH_IDLE;
    a->rn = 5;
    for (int k = 0; k < 5; k++) {
        a->rx[k] = 4, a->ry[k] = (int16_t)(-6 + k);
        a->mine[rz_map_at(4, -6 + k)] = 2;
    }
    return c;
}

TEST(champion_cuts_a_wire_next_to_an_enemy_base) {
    /* An enemy attack wire always passes next to the attacker's own base: the champion sees the
     * wire at (13,6) beside base 'o' and hits it away (4 hits). */
    rz_state *st = home_wired(1, (const int[][2]){{13, 6}});
    rz_champion *c = calloc(1, sizeof *c);
    int t = 0;
    for (; t < 60 && at(st, 13, 6) == '.'; t++) tick(st, c);
    CHECK(at(st, 13, 6) == ' ');
    CHECK(t < 40);
    CHECK_EQ_INT(c->nbases, 1);
    /* Its own start cell is never wired (no wire next to its own geysers). */
    CHECK(at(st, 12, 16) != '.');
    free(c);
    rz_free(st);
}

TEST(champion_lays_a_cut_cell_of_its_wire_again) {
    /* Its wire runs from (16,10) to (16,14) (own frame: 4 right of the start, 2 to 6 ahead) and
     * someone cut (16,12). Guarding, it walks onto the gap and builds out of it. */
    rz_state *st = home_wired(4, (const int[][2]){{16, 10}, {16, 11}, {16, 13}, {16, 14}});
    rz_champion *c = guarding();
    int t = 0;
    for (; t < 60 && at(st, 16, 12) != '.'; t++) tick(st, c);
    CHECK(at(st, 16, 12) == '.');
    for (int y = 10; y <= 14; y++) CHECK(at(st, 16, y) == '.');
    free(c);
    rz_free(st);
}

TEST(champion_patrols_along_its_laid_wire) {
    /* Its wire runs from (16,10) to (16,14), whole, and nothing needs cutting: guarding, it walks
     * to a blank cell beside the wire's tap end (route cell 4, (16,14): its first blank neighbour
     * is (17,14)), then along to the other end (route cell 0, (16,10): (16,9)), and back. */
    rz_state *st = home_wired(5, (const int[][2]){{16, 10}, {16, 11}, {16, 12}, {16, 13}, {16, 14}});
    rz_champion *c = guarding();
    int t = 0, at_tap = -1, at_far_end = -1;
    for (; t < 120 && at_far_end < 0; t++) {
        tick(st, c);
        int x = st->p[0].x, y = st->p[0].y;
        if (x == 17 && y == 14 && at_tap < 0) at_tap = t;
        if (x == 16 && y == 9 && at_tap >= 0) at_far_end = t;
        CHECK_EQ_INT(c->mode, RZ_CHAMP_PATROL);
    }
    CHECK(at_tap >= 0);
    CHECK(at_far_end > at_tap);
    for (int y = 10; y <= 14; y++) CHECK(at(st, 16, y) == '.');
    free(c);
    rz_free(st);
}

TEST(champion_strikes_its_own_flag_off_its_wire_and_lays_the_cell_again) {
    /* One of its own flags ('A') sits on its wire at (16,12): it would swallow every electron meant
     * for the enemy. The champion walks beside it, hits it away (never a cell of its wire), then
     * lays the cell again. */
    rz_state *st = home_wired(4, (const int[][2]){{16, 10}, {16, 11}, {16, 13}, {16, 14}});
    size_t flag = rz_idx(&st->world, 16, 12);
    st->world.type[flag] = RZ_FLAG, st->world.owner[flag] = 1;
    rz_rebuild_active(&st->world);
    rz_champion *c = guarding();
    int t = 0, struck = -1, wire_hit = 0;
    for (; t < 120 && (struck < 0 || at(st, 16, 12) != '.'); t++) {
        tick(st, c);
        if (c->mode == RZ_CHAMP_STRIKE) CHECK(c->tx == 4 && c->ty == -4);
        if (struck < 0 && at(st, 16, 12) == ' ') struck = t;
        for (int y = 10; y <= 14; y++) wire_hit += y != 12 && at(st, 16, y) != '.';
    }
    CHECK(struck > 0);
    CHECK(at(st, 16, 12) == '.');
    CHECK_EQ_INT(wire_hit, 0);
    CHECK(st->p[0].alive);
    free(c);
    rz_free(st);
}

TEST(champion_turns_to_an_own_flag_beside_it_hits_it_and_builds_the_cell_again) {
    /* Its wire is the one cell right of its start, (13,16), and holds its own flag: it turns
     * right, hits the flag four times, steps onto the cell and builds out of it (ahead, east),
     * leaving wire behind. */
    rz_state *st = home_wired(0, NULL);
    size_t cell = rz_idx(&st->world, 13, 16);
    st->world.type[cell] = RZ_FLAG, st->world.owner[cell] = 1;
    rz_rebuild_active(&st->world);
    rz_champion *c = calloc(1, sizeof *c);
    c->a.phase = PH_IDLE;
    c->a.rn = 1;
    c->a.rx[0] = 1, c->a.ry[0] = 0;
    c->a.mine[rz_map_at(1, 0)] = 2;
    static const int WANT[] = {RZ_ACT_RIGHT, RZ_ACT_HIT, RZ_ACT_HIT, RZ_ACT_HIT, RZ_ACT_HIT, RZ_ACT_ADVANCE, RZ_ACT_BUILD};
    for (int t = 0; t < 7; t++) {
        rz_view v;
        rz_view_of(st, 0, &v);
        rz_action a;
        rz_champion_act(c, &v, &a, NULL, NULL);
        CHECK_EQ_INT(a.act, WANT[t]);
        CHECK_EQ_INT(c->mode, t < 5 ? RZ_CHAMP_STRIKE : RZ_CHAMP_REPAIR);
        tick_seat0(st, a.act);
    }
    CHECK(at(st, 13, 16) == '.');
    CHECK(st->p[0].x == 14 && st->p[0].y == 16);
    free(c);
    rz_free(st);
}

TEST(champion_cuts_a_foreign_wire_touching_its_wire) {
    /* A wire not its own touches its wire at (17,12) (electrons would leak into it): guarding, the
     * champion walks to it and hits it away, leaving its own wire whole. */
    rz_state *st = home_wired(6, (const int[][2]){{16, 10}, {16, 11}, {16, 12}, {16, 13}, {16, 14}, {17, 12}});
    rz_champion *c = guarding();
    int t = 0, cutting = 0;
    for (; t < 80 && at(st, 17, 12) == '.'; t++) {
        tick(st, c);
        cutting += c->mode == RZ_CHAMP_CUT && c->tx == 5 && c->ty == -4;
    }
    CHECK(at(st, 17, 12) == ' ');
    CHECK(cutting > 0);
    for (int y = 10; y <= 14; y++) CHECK(at(st, 16, y) == '.');
    free(c);
    rz_free(st);
}

TEST(champion_without_a_route_looks_around_when_idle) {
    /* Guarding with no wire of its own laid (nothing to walk along and nothing to cut): it turns
     * right on the spot, seeing around it, and never moves. */
    rz_state *st = home_wired(0, NULL);
    rz_champion *c = calloc(1, sizeof *c);
    c->a.phase = PH_IDLE;
    for (int t = 0; t < 8; t++) {
        int f = st->p[0].facing;
        tick(st, c);
        CHECK_EQ_INT(c->mode, RZ_CHAMP_PATROL);
        CHECK_EQ_INT(st->p[0].facing, (f + 1) % 4);
        CHECK(st->p[0].x == 12 && st->p[0].y == 16);
    }
    free(c);
    rz_free(st);
}

/* One tick with the attacker in seat 0 (acts[0]), the others standing still. */
static void attacker_tick(rz_state *st, void *mem) {
    rz_view v;
    rz_view_of(st, 0, &v);
    rz_action a;
    rz_attacker_act(mem, &v, &a, NULL);
    tick_seat0(st, a.act);
}

/* The options of a generated 64x64 world (the size these tests explore). */
static void options_64x64(game_options *o, buf_t *err) {
    const char *kv[] = {"size=64x64"};
    buf_init(err);
    match_parse_options(G, 1, (char **)kv, o, err);
}

TEST(attacker_knows_where_it_is_by_dead_reckoning) {
    /* The attacker sees only its views and acks; it keeps its pose in its own frame (start at
     * (0,0) facing up) from the acks of its moves and turns. Exploring a generated world for 600
     * ticks, its pose is always where its agent is (turned and moved into the world's frame). */
    game_options o;
    buf_t err;
    options_64x64(&o, &err);
    rng_t r;
    rng_seed(&r, 3, RNG_STREAM_MATCH);
    game_setup setup = {2, &o, 3, &r};
    rz_state *st = G->rules.create(&setup, &err);
    rz_attacker *a = calloc(1, rz_attacker_memory_size());
    const int sx = st->p[0].x, sy = st->p[0].y, f0 = st->p[0].facing, w = st->world.w, h = st->world.h;
    int wrong = 0, turns = 0, moves = 0;
    for (int t = 0; t < 600 && !G->rules.is_over(st) && st->p[0].alive; t++) {
        int px = st->p[0].x, py = st->p[0].y, pf = st->p[0].facing;
        attacker_tick(st, a); /* its pose is now that of the view it was given */
        int ahead = -a->y, right = a->x;
        int x = ((sx + ahead * RZ_FWD[f0][0] + right * RZ_RIGHT[f0][0]) % w + w) % w;
        int y = ((sy + ahead * RZ_FWD[f0][1] + right * RZ_RIGHT[f0][1]) % h + h) % h;
        if (x != px || y != py || (f0 + a->d) % 4 != pf) {
            if (!wrong) printf("# tick %d: thinks (%d,%d) facing %d, is at (%d,%d) facing %d\n", t, x, y, (f0 + a->d) % 4, px, py, pf);
            wrong++;
        }
        turns += st->p[0].facing != pf;
        moves += st->p[0].x != px || st->p[0].y != py;
    }
    CHECK_EQ_INT(wrong, 0);
    CHECK(turns > 10 && moves > 50);
    free(a);
    G->rules.destroy(st);
    buf_free(&err);
}

TEST(attacker_blocked_while_building_plans_again) {
    /* Building its wire north from its start, the next cell is held by player 2's agent, which
     * never moves: the attacker waits (nop), and after 40 blocked ticks gives the plan up and
     * explores again instead of waiting for ever. */
    const char *rows[24];
    static char copy[24][25];
    for (int y = 0; y < 24; y++) {
        memcpy(copy[y], ROWS[y], 25);
        rows[y] = copy[y];
    }
    copy[1][2] = ' ';
    copy[15][12] = '1'; /* right in front of our agent at (12,16) */
    buf_t err;
    buf_init(&err);
    rz_state *st = rz_from_map(24, 24, rows, &err);
    CHECK(st != NULL);
    if (!st) return;
    rz_attacker *a = calloc(1, rz_attacker_memory_size());
    a->phase = PH_BUILD;
    a->rn = 3;
    for (int k = 0; k < 3; k++) a->rx[k] = 0, a->ry[k] = (int16_t)-k;
    a->yx = 1, a->yy = -2;
    int t = 0, nops = 0;
    for (; t < 100 && a->phase == PH_BUILD; t++) {
        rz_view v;
        rz_view_of(st, 0, &v);
        rz_action act;
        rz_attacker_act(a, &v, &act, NULL);
        nops += act.act == RZ_ACT_NOP;
        int acts[RZ_MAX_PLAYERS] = {act.act, -1};
        bool multi[RZ_MAX_PLAYERS] = {false};
        rz_tick(st, acts, multi, NULL);
    }
    CHECK_EQ_INT(a->phase, PH_EXPLORE);
    CHECK_EQ_INT(t, 41);
    CHECK_EQ_INT(nops, 40);
    CHECK(at(st, 12, 16) == '0' && at(st, 12, 15) == '1');
    free(a);
    rz_free(st);
    buf_free(&err);
}

/* An attacker about to plan (exploring, its tick a multiple of 10), with a map in its own frame
 * (it starts at (0,0) facing up, its bases at (-1,-1) and (1,-1), its geysers at (-1,1) and (1,1)),
 * all known and blank around, an enemy geyser G at (-12,-12) and a loop tapped at (-12,-2) from
 * (-11,-2). */
static rz_attacker *planning_attacker(void) {
    rz_attacker *a = calloc(1, rz_attacker_memory_size());
    a->me = 1;
    for (int y = -24; y <= 8; y++)
        for (int x = -24; x <= 8; x++) a->cell[rz_map_at(x, y)] = ' ';
    a->cell[rz_map_at(0, 0)] = '0';
    a->cell[rz_map_at(-1, -1)] = a->cell[rz_map_at(1, -1)] = 'n';
    a->cell[rz_map_at(-1, 1)] = a->cell[rz_map_at(1, 1)] = 'a';
    a->cell[rz_map_at(-12, -12)] = 'b';
    a->have_g = true, a->gx = -12, a->gy = -12;
    a->nloops = 1;
    a->loops[0] = (loop_tap){-12, -2, -11, -2, 0, 1, 8};
    a->phase = PH_EXPLORE;
    return a;
}

TEST(attacker_routes_its_wire_past_a_home_base_when_the_way_ahead_is_held) {
    /* The attacker's map (own frame: it starts at (0,0) facing up, its bases at (-1,-1) and
     * (1,-1), its geysers at (-1,1) and (1,1)), all known and blank around, an enemy geyser G at
     * (-12,-12) and a loop tapped at (-12,-2) from (-11,-2). The wire must pass a cell beside one
     * of its home bases; two ahead of home, (0,-2), and the cell right of it, (1,-2), are held by
     * another agent, so the wire takes (-1,-2), beside the left base, and never the cell between
     * the bases in front of its agent, (0,-1). */
    rz_attacker *a = planning_attacker();
    a->cell[rz_map_at(0, -2)] = a->cell[rz_map_at(1, -2)] = '1';
    rz_view v;
    memset(&v, ' ', sizeof v);
    rz_attacker_decide(a, &v);
    CHECK_EQ_INT(a->phase, PH_GOTO_E);
    CHECK(a->rn > 0);
    bool left = false, between = false;
    for (int k = 0; k < a->rn; k++) {
        left |= a->rx[k] == -1 && a->ry[k] == -2;
        between |= a->rx[k] == 0 && a->ry[k] == -1;
    }
    CHECK(left);
    CHECK(!between);
    CHECK(a->rx[a->rn - 1] == -12 && a->ry[a->rn - 1] == -2); /* the tap is made last */
    free(a);
}

TEST(attacker_plans_nothing_when_every_cell_past_its_home_is_held) {
    /* Its wire must pass one of the 8 cells beside its bases (two ahead of home first); other
     * agents hold all 8, so there is no plan: it goes on exploring with no route. */
    rz_attacker *a = planning_attacker();
    static const int H[8][2] = {{0, -2}, {-1, -2}, {1, -2}, {0, -1}, {-2, -2}, {2, -2}, {-2, -1}, {2, -1}};
    for (int k = 0; k < 8; k++) a->cell[rz_map_at(H[k][0], H[k][1])] = '1';
    rz_view v;
    memset(&v, ' ', sizeof v);
    rz_attacker_decide(a, &v);
    CHECK_EQ_INT(a->phase, PH_EXPLORE);
    CHECK_EQ_INT(a->rn, 0);
    CHECK_EQ_INT(a->tries, 1);
    CHECK_EQ_INT(a->pl.step, 0);
    free(a);
}

TEST(attacker_gives_a_plan_up_when_the_loop_cannot_be_reached) {
    /* The way from its home to the loop's tap is walled in by other agents: the first leg (from
     * the enemy geyser to its home) is found, the second is not, and the attacker (which tries
     * no other cell past its home) drops the plan, its first leg included, and explores on. */
    rz_attacker *a = planning_attacker();
    static const int WALL[6][2] = {{-13, -2}, {-12, -3}, {-12, -1}, {-11, -3}, {-11, -1}, {-10, -2}};
    for (int k = 0; k < 6; k++) a->cell[rz_map_at(WALL[k][0], WALL[k][1])] = '1';
    rz_view v;
    memset(&v, ' ', sizeof v);
    rz_attacker_decide(a, &v);
    CHECK_EQ_INT(a->phase, PH_EXPLORE);
    CHECK_EQ_INT(a->rn, 0);
    CHECK_EQ_INT(a->pl.step, 0);
    int planned = 0;
    for (int y = -24; y <= 8; y++)
        for (int x = -24; x <= 8; x++) planned += a->mine[rz_map_at(x, y)] == 1 && !(x == a->ex && y == a->ey);
    CHECK_EQ_INT(planned, 0);
    free(a);
}

/* A fake clock that moves 5 ms at every reading: planning (checked every 256 cells searched)
 * runs out of its 20 ms after about a thousand cells, whatever the machine. */
static int64_t fake_us;
static int64_t fake_clock(void) { return fake_us += 5000; }

TEST(time_sliced_planning_ends_with_the_route_of_one_go) {
    /* Explore a generated world until the champion knows an enemy geyser and a loop, just before
     * a planning tick; then plan from that memory twice: in one go (no clock) and in slices of the
     * fake clock's 20 ms (the champion looks around meanwhile). Same route, in several ticks. */
    game_options o;
    buf_t err;
    options_64x64(&o, &err);
    bool found = false;
    rz_champion *c = calloc(1, sizeof *c), *one = calloc(1, sizeof *c), *sliced = calloc(1, sizeof *c);
    for (uint64_t seed = 1; seed < 20 && !found; seed++) {
        rng_t r;
        rng_seed(&r, seed, RNG_STREAM_MATCH);
        game_setup setup = {2, &o, seed, &r};
        rz_state *st = G->rules.create(&setup, &err);
        memset(c, 0, sizeof *c);
        for (int t = 0; t < 3000 && !G->rules.is_over(st); t++) {
            if (c->a.phase == PH_EXPLORE && c->a.have_g && c->a.nloops > 0 && (c->a.tick + 1) % 10 == 0) {
                found = true;
                break;
            }
            tick(st, c);
        }
        if (!found) {
            G->rules.destroy(st);
            continue;
        }
        rz_view v;
        rz_view_of(st, 0, &v);
        /* The next call sees this view; both copies are asked with it, without seeing it again. */
        rz_attacker_see(&c->a, &v);
        memcpy(one, c, sizeof *c);
        memcpy(sliced, c, sizeof *c);
        one->a.plan_all_h = sliced->a.plan_all_h = true;
        rz_attacker_decide(&one->a, &v);
        int ticks = 0;
        do {
            bot_clock clock = {.now_us = fake_clock, .asked_us = fake_clock()};
            sliced->a.clock = &clock;
            sliced->a.deadline_us = clock.asked_us + RZ_CHAMP_PLAN_US;
            int act = rz_attacker_decide(&sliced->a, &v);
            sliced->a.clock = NULL;
            ticks++;
            if (sliced->a.pl.step) CHECK_EQ_INT(act, RZ_ACT_RIGHT);
        } while (sliced->a.pl.step && ticks < 1000);
        printf("# seed %llu: a route of %d cells, planned in %d ticks\n", (unsigned long long)seed, one->a.rn, ticks);
        CHECK(ticks > 1);
        CHECK_EQ_INT(sliced->a.phase, one->a.phase);
        CHECK_EQ_INT(sliced->a.rn, one->a.rn);
        CHECK(one->a.rn > 0);
        CHECK(memcmp(sliced->a.rx, one->a.rx, sizeof one->a.rx[0] * (size_t)one->a.rn) == 0);
        CHECK(memcmp(sliced->a.ry, one->a.ry, sizeof one->a.ry[0] * (size_t)one->a.rn) == 0);
        G->rules.destroy(st);
    }
    CHECK(found);
    free(c);
    free(one);
    free(sliced);
    buf_free(&err);
}

/* The starter-kit program (bin/kits/rezzo/champion next to $ARENA) with clock=off. */
TEST(kit_program_and_builtin_give_the_same_records_without_a_clock) {
    kit_child k;
    if (!kit_child_start(&k, "rezzo", "champion")) {
        CHECK(!"bin/kits/rezzo/champion could not be started (make all builds it)");
        return;
    }
    game_options o;
    buf_t err;
    options_64x64(&o, &err);
    rng_t r;
    rng_seed(&r, 7, RNG_STREAM_MATCH);
    game_setup setup = {2, &o, 7, &r};
    rz_state *st = G->rules.create(&setup, &err);
    const game_bot *b = game_find_bot(G, "champion"), *opp = game_find_bot(G, "attacker");
    void *mem = calloc(1, b->memory_size), *omem = calloc(1, opp->memory_size);
    int asked = 0, same = 0;
    for (int t = 0; t < 1500 && !G->rules.is_over(st); t++) {
        rz_view v[2];
        rz_action a[2];
        int acts[RZ_MAX_PLAYERS] = {-1, -1};
        bool multi[RZ_MAX_PLAYERS] = {false};
        rz_cause failed[RZ_MAX_PLAYERS] = {RZ_CAUSE_NONE};
        for (int s = 0; s < 2; s++) rz_view_of(st, s, &v[s]);
        CHECK(b->act(mem, &v[0], &a[0], &r));
        CHECK(opp->act(omem, &v[1], &a[1], &r));
        unsigned char rec[2];
        if (fwrite(&v[0], RZ_MSG_SIZE, 1, k.to) != 1 || fflush(k.to) != 0 || fread(rec, 2, 1, k.from) != 1) break;
        asked++;
        same += rec[0] == a[0].ts && rec[1] == a[0].act;
        acts[0] = a[0].act, acts[1] = a[1].act;
        rz_tick(st, acts, multi, failed);
    }
    CHECK(asked > 500);
    CHECK_EQ_INT(same, asked);
    kit_child_stop(&k);
    free(mem);
    free(omem);
    G->rules.destroy(st);
    buf_free(&err);
}

int main(void) {
    RUN(champion_cuts_a_wire_next_to_an_enemy_base);
    RUN(champion_lays_a_cut_cell_of_its_wire_again);
    RUN(champion_patrols_along_its_laid_wire);
    RUN(champion_strikes_its_own_flag_off_its_wire_and_lays_the_cell_again);
    RUN(champion_turns_to_an_own_flag_beside_it_hits_it_and_builds_the_cell_again);
    RUN(champion_cuts_a_foreign_wire_touching_its_wire);
    RUN(champion_without_a_route_looks_around_when_idle);
    RUN(attacker_knows_where_it_is_by_dead_reckoning);
    RUN(attacker_blocked_while_building_plans_again);
    RUN(attacker_routes_its_wire_past_a_home_base_when_the_way_ahead_is_held);
    RUN(attacker_plans_nothing_when_every_cell_past_its_home_is_held);
    RUN(attacker_gives_a_plan_up_when_the_loop_cannot_be_reached);
    RUN(time_sliced_planning_ends_with_the_route_of_one_go);
    RUN(kit_program_and_builtin_give_the_same_records_without_a_clock);
    return T_DONE();
}
