/* test_sim_bots.c: arena_bot_action gives a legal move at any point of any game, for every game,
 * every built-in bot and every seat on move: mid-game with no history (the bot joins the game),
 * after arena_reset_one, after a snapshot is restored and after a state is copied from another
 * environment or into another set of environments. Splitter's bots keep the sheet in memory built
 * from the answers they gave; asked cold they used to play cells already filled (greedy answered
 * 48, "5 0 3", a filled cell, mid-game) and arena_step refused the move. The property is checked
 * against the environment's legal mask and by stepping with the bots' moves. And a bot asked at
 * each of a seat's turns, its answers played, keeps its memory from call to call: it plays the
 * games it plays in a seat of its own. */
#include "../../include/arena.h"
#include "t.h"
#include "sim_fixture.h"
#include <stdbool.h>
#include <stdint.h>


/* Every seat an agent, games small enough to play many turns of here, two seats where the game
 * has more than one (so that a seat other than 0 is asked too). */
static const char *const *settings_of(const char *game) {
    static const char *s[8];
    int n = 0;
    if (strcmp(game, "rezzo") == 0) s[n++] = "size=64x64", s[n++] = "max_ticks=200", s[n++] = "seats=2";
    if (strcmp(game, "rising_tide") == 0) s[n++] = "rounds=40";
    if (strcmp(game, "suitebot") == 0) s[n++] = "rounds=30";
    s[n] = NULL;
    return s;
}

/* A tiny deterministic generator of the test's own choices. */
static uint64_t draw(uint64_t *s) {
    *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
    return *s >> 33;
}

/* The bot being checked: its calls left (the champions think for a fraction of a second a move
 * without a clock, so they are asked a few times, in the second half of the play, where their
 * memory would matter), and what it answered. */
typedef struct {
    const char *game, *bot;
    int budget; /* calls left, -1: no bound */
    bool late;  /* ask only from the middle of the play on */
    int asked, bad;
} probe;

static int failures; /* reported cases, so that one broken bot does not print hundreds of lines */

/* Asks the bot for every seat on move in environment `only` of x (-1: every environment), checks
 * each answer against the mask and writes it as that agent's action (so that the next step plays
 * it). `when` names the moment in messages. */
static void ask(probe *p, bound *x, int only, const char *when) {
    int n = arena_num_envs(x->env), agents = arena_num_agents(x->env), actions = arena_num_actions(x->env);
    const uint8_t *to_act = B(x, "to_act"), *mask = B(x, "mask");
    int32_t *action = B(x, "action");
    for (int i = 0; i < n; i++)
        for (int a = 0; a < agents; a++) {
            if ((only >= 0 && i != only) || !to_act[i * agents + a] || p->budget == 0) continue;
            if (p->budget > 0) p->budget--;
            int seat = arena_agent_seat(x->env, a);
            int32_t k = -2;
            int rc = arena_bot_action(x->env, i, seat, p->bot, &k);
            p->asked++;
            if (rc == 0 && k >= 0 && k < actions && mask[((size_t)i * agents + a) * actions + k]) {
                action[i * agents + a] = k;
                continue;
            }
            p->bad++;
            if (failures++ < 12)
                printf("# %s %s, %s, environment %d seat %d: %s%d%s\n", p->game, p->bot, when, i, seat,
                       rc ? "failed, " : "action ", rc ? 0 : (int)k, rc ? arena_last_error() : " is illegal now");
            CHECK(0);
        }
}

/* Steps x with the action buffer as it stands (the bot's moves ask wrote, random ones elsewhere):
 * every one must be accepted. */
static void step_ok(probe *p, bound *x, const char *when) {
    if (arena_step(x->env) == 0) return;
    if (failures++ < 12) printf("# %s %s, %s: arena_step refused: %s\n", p->game, p->bot, when, arena_last_error());
    CHECK(0);
}

/* Random legal play with the bot asked at every turn (its moves played in every environment half
 * the time, in one the other half), snapshot restores, state copies between environments and into
 * another set of environments, and fresh games started mid-batch. */
static void check_bot(probe *p, uint64_t seed, int turns) {
    const char *const *s = settings_of(p->game);
    const int n = 4;
    bound x, y;
    if (!open_env(&x, p->game, n, seed, s) || !open_env(&y, p->game, n, seed + 100, s) || arena_reset(x.env, seed) != 0 ||
        arena_reset(y.env, seed + 100) != 0) {
        CHECK(0);
        return;
    }
    arena_snapshot *snap = arena_snapshot_new(x.env, 2);
    CHECK(snap != NULL);
    uint64_t r = seed * 2654435761ULL + 1;
    bool saved = false;
    int agents = arena_num_agents(x.env);
    int32_t *action = B(&x, "action"), sampled[64];
    for (int t = 0; t < turns; t++) {
        bool asking = !p->late || t >= turns / 2;
        arena_sample(x.env);
        memcpy(sampled, action, sizeof(int32_t) * (size_t)(n * agents));
        if (asking) ask(p, &x, p->late ? t % n : -1, "random play");
        if (draw(&r) % 2) { /* the bot's moves in one environment, the random ones elsewhere */
            int keep = (int)(draw(&r) % n);
            for (int i = 0; i < n; i++)
                if (i != keep) memcpy(action + i * agents, sampled + i * agents, sizeof(int32_t) * (size_t)agents);
        }
        step_ok(p, &x, "random play");
        switch (draw(&r) % 8) {
        case 0: /* environment 1 saved now, restored into 2 later */
            CHECK_EQ_INT(arena_save(x.env, 1, snap, 0), 0);
            saved = true;
            break;
        case 1:
            if (!saved) break;
            CHECK_EQ_INT(arena_restore(x.env, 2, snap, 0), 0);
            if (asking) ask(p, &x, 2, "after a restore");
            break;
        case 2: /* environment 3's state copied into 0 */
            CHECK_EQ_INT(arena_save(x.env, 3, snap, 1), 0);
            CHECK_EQ_INT(arena_restore(x.env, 0, snap, 1), 0);
            if (asking) ask(p, &x, 0, "after a copy");
            break;
        case 3: /* a state copied into another set of environments, which plays on from it */
            CHECK_EQ_INT(arena_save(x.env, (int)(draw(&r) % n), snap, 1), 0);
            CHECK_EQ_INT(arena_restore(y.env, 1, snap, 1), 0);
            arena_sample(y.env);
            if (asking) ask(p, &y, 1, "after a copy into other environments");
            step_ok(p, &y, "after a copy into other environments");
            arena_sample(y.env);
            if (asking) ask(p, &y, 1, "a step after a copy into other environments");
            break;
        case 4: { /* a fresh game */
            int i = (int)(draw(&r) % n);
            CHECK_EQ_INT(arena_reset_one(x.env, i, draw(&r)), 0);
            if (asking) ask(p, &x, i, "after reset_one");
            break;
        }
        default:
            break;
        }
    }
    arena_snapshot_free(snap);
    close_env(&x);
    close_env(&y);
}

TEST(sim_bot_action_is_legal_for_every_game_bot_and_seat) {
    for (int g = 0; arena_game(g); g++) {
        const char *game = arena_game(g);
        for (int b = 0; arena_game_bot(game, b); b++) {
            probe p = {.game = game, .bot = arena_game_bot(game, b), .budget = -1};
            /* the bots whose every move is a search: a few calls each (Splitter's search ~20 ms
             * a move, the champions up to 0.6 s) */
            bool champion = strcmp(p.bot, "champion") == 0;
            if (champion || (strcmp(game, "splitter") == 0 && strcmp(p.bot, "search") == 0))
                p.budget = champion ? 3 : 20, p.late = true;
            int turns = strcmp(game, "rezzo") == 0 ? 40 : 80;
            for (uint64_t seed = 1; seed <= (p.late ? 1u : 2u); seed++) check_bot(&p, seed * 7919, turns);
            CHECK(p.asked >= (p.late ? 3 : 100));
            if (p.bad) printf("# %s %s: %d of %d answers illegal\n", game, p.bot, p.bad, p.asked);
        }
    }
}

/* Joining anew at every turn (each state restored into itself first, so that the bot keeps no
 * memory from call to call), Splitter's greedy (which draws nothing) plays exactly the games it
 * plays in a seat of its own (bot.0=greedy: its memory built from its own answers, as in `arena
 * play`): the memory rebuilt from the state is the one it would have had, so a bot joining
 * mid-game is not weaker. */
TEST(sim_bot_action_plays_as_the_seat_would) {
    const char *seat[] = {"bot.0=greedy", NULL};
    bound asked, played;
    if (!open_env(&asked, "splitter", 2, 11, NULL) || !open_env(&played, "splitter", 2, 11, seat) ||
        arena_reset(asked.env, 11) != 0 || arena_reset(played.env, 11) != 0) {
        CHECK(0);
        return;
    }
    enum { GAMES = 4 };
    double result[2][2][GAMES]; /* [asked/played][environment][game] */
    int done[2][2] = {{0}};
    bound *x[2] = {&asked, &played};
    int32_t *action = B(&asked, "action");
    const uint8_t *to_act = B(&asked, "to_act");
    arena_snapshot *self = arena_snapshot_new(asked.env, 2);
    CHECK(self != NULL);
    for (int t = 0; t < 1000 && self && (done[0][0] < GAMES || done[0][1] < GAMES); t++) {
        for (int i = 0; i < 2; i++) {
            if (!to_act[i]) continue;
            CHECK_EQ_INT(arena_save(asked.env, i, self, i), 0);
            CHECK_EQ_INT(arena_restore(asked.env, i, self, i), 0);
            int32_t k = -2;
            CHECK_EQ_INT(arena_bot_action(asked.env, i, 0, "greedy", &k), 0);
            action[i] = k;
        }
        for (int w = 0; w < 2; w++) {
            if (arena_step(x[w]->env) != 0) {
                printf("# %s: %s\n", w ? "bot.0=greedy" : "asked", arena_last_error());
                CHECK(0);
                return;
            }
            const uint8_t *terminated = B(x[w], "terminated");
            const double *res = B(x[w], "result");
            for (int i = 0; i < 2; i++)
                if (terminated[i] && done[w][i] < GAMES) result[w][i][done[w][i]++] = res[i];
        }
    }
    for (int i = 0; i < 2; i++) {
        CHECK_EQ_INT(done[0][i], GAMES);
        CHECK_EQ_INT(done[1][i], GAMES);
        for (int k = 0; k < GAMES && k < done[0][i] && k < done[1][i]; k++) {
            CHECK(result[1][i][k] > 0); /* a full sheet: greedy's own games end scored */
            CHECK_EQ_INT((long long)result[0][i][k], (long long)result[1][i][k]);
        }
    }
    arena_snapshot_free(self);
    close_env(&asked);
    close_env(&played);
}

/* One game of environment 0 to its end or its cut: seat 0 played by asking `bot` at each of its
 * turns (twice: the second call must not move its memory on) when asking, else by bot.0 inside the
 * steps. Its last frame (JSON) into frame, its running scores into score; false on a failed call. */
static bool play_one(bound *x, uint64_t game_seed, const char *bot, bool asking, char *frame, size_t cap,
                     double *score) {
    if (arena_reset_one(x->env, 0, game_seed) != 0) return false;
    const uint8_t *to_act = B(x, "to_act"), *terminated = B(x, "terminated"), *truncated = B(x, "truncated");
    int32_t *action = B(x, "action");
    for (int t = 0; t < 100000 && !terminated[0] && !truncated[0]; t++) {
        if (asking && to_act[0]) {
            int32_t k = -2, again = -3;
            if (arena_bot_action(x->env, 0, 0, bot, &k) != 0 || arena_bot_action(x->env, 0, 0, bot, &again) != 0) {
                printf("# %s: %s\n", bot, arena_last_error());
                return false;
            }
            CHECK_EQ_INT(again, k);
            action[0] = k;
        }
        if (arena_step(x->env) != 0) {
            printf("# %s (%s): %s\n", bot, asking ? "asked" : "in its seat", arena_last_error());
            return false;
        }
    }
    if (!terminated[0] && !truncated[0]) return false;
    if (arena_render(x->env, 0, "json", frame, cap) < 0) return false;
    memcpy(score, B(x, "score"), sizeof(double) * (size_t)arena_num_seats(x->env));
    return true;
}

/* Every bot of every game, asked at each of seat 0's turns with its answers played, plays the games
 * it plays in seat 0 of its own (bot.0=BOT, as `arena play` seats it): the same last frame and
 * scores, two games one after the other in one environment (the second with a memory afresh).
 * Until 2026-11-28 each call was a bot joining cold, its memory empty but for Splitter's sheet and
 * its stream another: Chicken's tracker (beliefs from every view), the bots that draw (yolanda,
 * random) and the champions played other games. */
TEST(sim_bot_action_asked_at_every_turn_plays_as_its_own_seat) {
    enum { GAMES = 2, CAP = 1 << 20 };
    char *frame[2][GAMES];
    for (int w = 0; w < 2; w++)
        for (int k = 0; k < GAMES; k++) frame[w][k] = calloc(1, CAP);
    for (int g = 0; arena_game(g); g++) {
        const char *game = arena_game(g);
        const char *other = arena_game_bot(game, 1) ? arena_game_bot(game, 1) : arena_game_bot(game, 0);
        int seats = strcmp(game, "rising_tide") == 0 ? 4 : strcmp(game, "splitter") == 0 ? 1 : 2;
        for (int b = 0; arena_game_bot(game, b); b++) {
            const char *bot = arena_game_bot(game, b);
            /* the champions and Splitter's search think for a fraction of a second a move without a
             * clock: one game, cut after a few turns */
            bool slow = strcmp(bot, "champion") == 0 || (strcmp(game, "splitter") == 0 && strcmp(bot, "search") == 0);
            int games = slow ? 1 : GAMES;
            double score[2][GAMES][16];
            bool ok = true;
            for (int w = 0; w < 2 && ok; w++) { /* w 0: asked; w 1: in a seat of its own */
                const char *set[16];
                char text[8][64];
                int n = 0;
                for (const char *const *o = settings_of(game); *o; o++) set[n++] = *o;
                set[n++] = slow ? "max_steps=4" : "max_steps=0";
                set[n++] = "autoreset=0";
                snprintf(text[0], sizeof text[0], "bot.0=%s", bot);
                if (w) set[n++] = text[0];
                for (int s = 1; s < seats; s++) {
                    snprintf(text[s], sizeof text[s], "bot.%d=%s", s, other);
                    set[n++] = text[s];
                }
                set[n] = NULL;
                bound x;
                if (!open_env(&x, game, 1, 5, set)) {
                    printf("# %s %s: %s\n", game, bot, arena_last_error());
                    ok = false;
                    break;
                }
                for (int k = 0; k < games && ok; k++)
                    ok = play_one(&x, 1000 + 7 * (uint64_t)k, bot, w == 0, frame[w][k], CAP, score[w][k]);
                close_env(&x);
            }
            CHECK(ok);
            for (int k = 0; k < games && ok; k++) {
                bool same = strcmp(frame[0][k], frame[1][k]) == 0 && memcmp(score[0][k], score[1][k], sizeof(double) * (size_t)seats) == 0;
                if (!same && failures++ < 12)
                    printf("# %s %s, game %d: asked at every turn, it played another game than in its own seat\n", game,
                           bot, k + 1);
                CHECK(same);
            }
        }
    }
    for (int w = 0; w < 2; w++)
        for (int k = 0; k < GAMES; k++) free(frame[w][k]);
}

int main(void) {
    RUN(sim_bot_action_is_legal_for_every_game_bot_and_seat);
    RUN(sim_bot_action_plays_as_the_seat_would);
    RUN(sim_bot_action_asked_at_every_turn_plays_as_its_own_seat);
    return T_DONE();
}
