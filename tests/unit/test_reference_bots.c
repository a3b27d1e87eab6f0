/* test_reference_bots.c: the reference bots' play, pinned. They are the grade lines organizers
 * announce (docs/tourney.md "Grade lines": an entrant rated above `miner` earns a B), so their
 * play must not change without anyone noticing: each game below is played to its end (or to a
 * fixed number of turns) from a fixed seed through the game table, as the referee drives it, and
 * the FNV-1a hash of every action the bots wrote (as the wire carries it) must be the pinned one.
 * Behaviour is tested in each game's own test file; this only says "the play changed".
 *
 * The champions are left out (they are being tuned, and their strength is measured by
 * tournaments, not pinned here).
 *
 * Re-pinning, when a reference bot is changed on purpose: run build/tests/unit/test_reference_bots,
 * which prints each game's hash as `# pin <game> <seed> <hash>` when it differs; check that the
 * change of play is the one meant, copy the new hash into PINS below, and say in the commit
 * message which grade line moved and why (docs/games/<game>.md records the bot's strength). */
#include "t.h"
#include "core/hash.h"
#include "games/registry.h"
#include "match/match.h"

/* Plays game `id` with bots[s] in seat s (options kv) from seed for at most max_turns turns;
 * returns the hash of the actions written, in turn and seat order, and the turns played. */
static uint64_t play(const char *id, int seats, const char *const *bots, int nkv, const char *const *kv,
                     uint64_t seed, int max_turns, int *turns_played) {
    const game_t *g = registry_find(id);
    *turns_played = 0;
    if (!g || seats < 1 || seats > GAME_MAX_SEATS) {
        CHECK(!"no such game, or a seat count out of range");
        return 0;
    }
    game_options o;
    buf_t err, wire;
    buf_init(&err);
    buf_init(&wire);
    memset(&o, 0, sizeof o);
    CHECK(match_parse_options(g, nkv, (char **)kv, &o, &err));
    rng_t rng, bot_rng[GAME_MAX_SEATS];
    rng_seed(&rng, seed, RNG_STREAM_MATCH);
    game_setup setup = {seats, &o, seed, &rng};
    void *st = g->rules.create(&setup, &err);
    if (!st) printf("# %s: %s\n", id, buf_cstr(&err));
    CHECK(st != NULL);
    uint64_t h = FNV1A64_OFFSET;
    int turn = 0;
    const game_bot *b[GAME_MAX_SEATS];
    void *mem[GAME_MAX_SEATS];
    for (int s = 0; s < seats; s++) {
        b[s] = game_find_bot(g, bots[s]);
        CHECK(b[s] != NULL);
        mem[s] = calloc(1, (b[s] ? b[s]->memory_size : 0) + 1);
        rng_seed(&bot_rng[s], seed, RNG_STREAM_BOT + (uint64_t)s);
    }
    unsigned char *actions = calloc((size_t)seats, g->action_size), *view = calloc(1, g->view_size);
    for (; st && turn < max_turns && !g->rules.is_over(st); turn++) {
        bool mask[GAME_MAX_SEATS] = {false};
        seat_turn turns[GAME_MAX_SEATS];
        memset(turns, 0, sizeof turns);
        memset(actions, 0, (size_t)seats * g->action_size);
        g->rules.to_act(st, mask);
        for (int s = 0; s < seats; s++) {
            if (!mask[s] || !b[s]) continue;
            void *a = actions + (size_t)s * g->action_size;
            g->rules.view(st, s, view);
            bool acted = game_bot_act(b[s], mem[s], view, a, &bot_rng[s], NULL);
            turns[s] = (seat_turn){.asked = true, .has_action = acted, .verdict = VERDICT_OK};
            buf_reset(&wire);
            if (acted) g->wire.encode_action(a, &wire);
            buf_printf(&wire, "|%d\n", s);
            h = hash_fnv1a64(wire.data, wire.len, h);
        }
        g->rules.apply(st, actions, turns, &rng);
    }
    *turns_played = turn;
    if (st) g->rules.destroy(st);
    for (int s = 0; s < seats; s++) free(mem[s]);
    free(actions);
    free(view);
    buf_free(&err);
    buf_free(&wire);
    return h;
}

typedef struct {
    const char *game;
    int seats;
    const char *bots[GAME_MAX_SEATS];
    int nkv;
    const char *kv[4];
    uint64_t seed;
    int max_turns;
    const char *pin; /* the hash of the actions, 16 hex digits */
} pin_case;

static const pin_case PINS[] = {
    {"chicken", 2, {"greedy", "tracker"}, 0, {NULL}, 1, 1000, "441601965bdca4fc"},
    {"chicken", 2, {"searcher", "greedy"}, 0, {NULL}, 2, 1000, "ba8ae895ec25f5ae"},
    {"chicken", 2, {"tracker", "searcher"}, 0, {NULL}, 3, 1000, "8ed5b3f1e74438cc"},
    {"rising_tide", 4, {"seawall_sydney", "seawall_sydney", "nearby_new_orleans", "seawall_sydney"}, 0, {NULL}, 1, 1000, "24414d969b57b8e9"},
    {"rising_tide", 4, {"random_rizhao", "seawall_sydney", "seawall_sydney", "trench_tunis"}, 0, {NULL}, 2, 1000, "be738ac3f13ea64d"},
    {"suitebot", 4, {"random", "harvester", "miner", "miner"}, 0, {NULL}, 1, 1000, "c0da04573e5a8caa"},
    {"suitebot", 3, {"harvester", "miner", "harvester"}, 0, {NULL}, 2, 1000, "7ad2c356076c1519"},
    {"rezzo", 3, {"wander", "raider", "attacker"}, 1, {"size=64x64"}, 1, 1500, "57b2041c49d7c02c"},
    {"rezzo", 2, {"attacker", "raider"}, 1, {"size=64x64"}, 2, 1500, "b7fbf309592e864a"},
};

TEST(reference_bots_play_as_pinned) {
    int changed = 0;
    for (size_t k = 0; k < sizeof PINS / sizeof PINS[0]; k++) {
        const pin_case *p = &PINS[k];
        int turns = 0;
        uint64_t h = play(p->game, p->seats, p->bots, p->nkv, p->kv, p->seed, p->max_turns, &turns);
        char hex[17];
        snprintf(hex, sizeof hex, "%016llx", (unsigned long long)h);
        if (strcmp(hex, p->pin) != 0) {
            printf("# pin %s %llu %s (was %s, %d turns)\n", p->game, (unsigned long long)p->seed, hex, p->pin, turns);
            changed++;
        }
        CHECK(turns > 20);
    }
    CHECK_EQ_INT(changed, 0);
}

TEST(the_same_seed_plays_the_same_game) {
    /* What a pin rests on: a game of built-ins is a function of its seed (and a different seed
     * plays a different game). */
    const char *bots[2] = {"attacker", "raider"};
    const char *kv[1] = {"size=64x64"};
    int t1, t2, t3;
    uint64_t a = play("rezzo", 2, bots, 1, kv, 5, 400, &t1), b = play("rezzo", 2, bots, 1, kv, 5, 400, &t2),
             c = play("rezzo", 2, bots, 1, kv, 6, 400, &t3);
    CHECK(a == b && t1 == t2);
    CHECK(a != c);
}

int main(void) {
    RUN(reference_bots_play_as_pinned);
    RUN(the_same_seed_plays_the_same_game);
    return T_DONE();
}
