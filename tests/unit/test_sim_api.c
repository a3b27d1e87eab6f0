/* test_sim_api.c: the simulator through its public API only (include/arena.h), linked against
 * lib/libarena.so: exports, thread-count independence, state copies, no allocation per step,
 * auto-reset, rewards, and bad arguments rejected with a clear error and no crash. */
#include "../../include/arena.h"
#include "t.h"
#include "limited_child.h"
#include "sim_fixture.h"
#include <poll.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

/* ---- counting allocations: this program's malloc family wraps glibc's, and libarena.so's calls
 * bind to it (the executable comes first in symbol lookup). Not under AddressSanitizer or
 * ThreadSanitizer, which bring their own allocators. ---- */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define COUNT_ALLOCATIONS 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define COUNT_ALLOCATIONS 0
#endif
#endif
#ifndef COUNT_ALLOCATIONS
#define COUNT_ALLOCATIONS 1
#endif

static atomic_long allocations;
static atomic_int counting;

#if COUNT_ALLOCATIONS
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);
static inline void counted(void) {
    if (atomic_load_explicit(&counting, memory_order_relaxed)) atomic_fetch_add(&allocations, 1);
}
void *malloc(size_t n) { counted(); return __libc_malloc(n); }
void *calloc(size_t a, size_t b) { counted(); return __libc_calloc(a, b); }
void *realloc(void *p, size_t n) { counted(); return __libc_realloc(p, n); }
void *aligned_alloc(size_t a, size_t n) { counted(); return __libc_memalign(a, n); }
int posix_memalign(void **p, size_t a, size_t n) {
    counted();
    *p = __libc_memalign(a, n);
    return *p ? 0 : 12;
}
void free(void *p) { __libc_free(p); }
#endif

/* ---- helpers ---- */


/* FNV-1a over every output buffer: equal hashes, equal outputs. */
static uint64_t hash_all(const bound *x) {
    uint64_t h = 1469598103934665603ULL;
    for (int k = 0; k < NBUFS; k++) {
        if (strcmp(BUFS[k], "action") == 0) continue; /* an input (entries off move keep old values) */
        const unsigned char *p = x->b[k];
        for (size_t i = 0; i < x->bytes[k]; i++) h = (h ^ p[i]) * 1099511628211ULL;
    }
    return h;
}

/* Settings that make each game quick to play here. */
static const char *const *settings_of(const char *game, int threads) {
    static char th[32];
    snprintf(th, sizeof th, "threads=%d", threads);
    static const char *s[8];
    int n = 0;
    s[n++] = th;
    if (strcmp(game, "rezzo") == 0) s[n++] = "size=64x64", s[n++] = "max_ticks=300", s[n++] = "seats=2";
    if (strcmp(game, "rising_tide") == 0) s[n++] = "rounds=60";
    if (strcmp(game, "suitebot") == 0) s[n++] = "rounds=40";
    s[n] = NULL;
    return s;
}

#define GAME_SEATS_MAX_TEST 8

/* ---- tests ---- */

TEST(sim_lists_games_and_bots) {
    const char *want[] = {"rising_tide", "suitebot", "chicken", "splitter", "rezzo"};
    for (int i = 0; i < 5; i++) CHECK_EQ_STR(arena_game(i), want[i]);
    CHECK_EQ_STR(arena_game_bot("chicken", 0), "yolanda");
    CHECK(arena_game_bot("nope", 0) == NULL);
    CHECK(strstr(arena_last_error(), "unknown game 'nope'") != NULL);
    /* an index out of range fails like every other call: NULL and an error of its own (it left
     * arena_last_error as it was: "" or a stale message of some earlier call) */
    arena_env_free(arena_env_new("chicken", 1, 0, NULL)); /* a call that succeeds: the error is "" */
    CHECK_EQ_STR(arena_last_error(), "");
    CHECK(arena_game_bot("chicken", 99) == NULL);
    CHECK_EQ_STR(arena_last_error(), "bot 99 of chicken: expected 0 to 4 (chicken has 5 built-in bots)");
    CHECK(arena_game_bot("splitter", -1) == NULL);
    CHECK(strstr(arena_last_error(), "bot -1 of splitter: expected 0 to") != NULL);
    CHECK(arena_game(5) == NULL);
    CHECK_EQ_STR(arena_last_error(), "game 5: expected 0 to 4 (5 games)");
    CHECK(arena_game(-1) == NULL);
    CHECK(strstr(arena_last_error(), "game -1: expected 0 to 4") != NULL);
    CHECK(arena_env_game(NULL) == NULL);
    CHECK_EQ_STR(arena_last_error(), "env is NULL");
    CHECK_EQ_INT(arena_api_version(), ARENA_API_VERSION);
}

/* arena_sample draws among the mask's 1s: a long mask (Rising Tide's 2,593 actions) is counted in
 * blocks of 64 bytes, so every pick lands on a 1 wherever it is, at a block's edges, in the last
 * part block, and a mask of 0s gives action 0. A narrowed mask: one legal action is always it, two
 * are both drawn and nothing else. */
TEST(sim_sample_picks_among_a_long_masks_ones_at_block_edges) {
    bound x;
    if (!open_env(&x, "rising_tide", 1, 5, settings_of("rising_tide", 1))) {
        CHECK(0);
        return;
    }
    CHECK_EQ_INT(arena_reset(x.env, 5), 0);
    int na = arena_num_actions(x.env);
    CHECK_EQ_INT(na, 2593);
    uint8_t *mask = B(&x, "mask");
    int32_t *action = B(&x, "action");
    /* and in each 16-byte quarter of a block (the count adds a block's four vectors) */
    static const int at[] = {0, 1, 7, 8, 20, 40, 63, 64, 65, 127, 128, 1000, 1810, 2495, 2496, 2559, 2560, 2561, 2591, 2592};
    int n = (int)(sizeof at / sizeof at[0]), bad = 0;
    for (int i = 0; i < n; i++) {
        memset(mask, 0, (size_t)na);
        mask[at[i]] = 1;
        CHECK_EQ_INT(arena_sample(x.env), 0);
        if (action[0] != at[i]) printf("# only %d legal: sampled %d\n", at[i], (int)action[0]), bad++;
        for (int j = i + 1; j < n; j++) {
            mask[at[j]] = 1;
            int got_i = 0, got_j = 0;
            for (int t = 0; t < 40; t++) {
                CHECK_EQ_INT(arena_sample(x.env), 0);
                got_i += action[0] == at[i];
                got_j += action[0] == at[j];
            }
            if (got_i + got_j != 40 || !got_i || !got_j)
                printf("# %d and %d legal: %d and %d of 40\n", at[i], at[j], got_i, got_j), bad++;
            mask[at[j]] = 0;
        }
    }
    memset(mask, 0, (size_t)na);
    action[0] = 77;
    CHECK_EQ_INT(arena_sample(x.env), 0);
    CHECK_EQ_INT(action[0], 0);
    CHECK_EQ_INT(bad, 0);
    close_env(&x);
}

/* R-threads: environments are stepped across threads with identical results for any count. */
TEST(sim_same_results_for_any_thread_count) {
    for (int g = 0; arena_game(g); g++) {
        const char *game = arena_game(g);
        uint64_t want[120];
        for (int threads = 1; threads <= 3; threads++) {
            bound x;
            if (!open_env(&x, game, 150, 99, settings_of(game, threads))) { /* over SIM_POOL_MIN: threads work */
                CHECK(0);
                return;
            }
            CHECK_EQ_INT(arena_reset(x.env, 99), 0);
            for (int t = 0; t < 120; t++) {
                CHECK_EQ_INT(arena_sample(x.env), 0);
                if (arena_step(x.env) != 0) {
                    printf("# %s: %s\n", game, arena_last_error());
                    CHECK(0);
                    break;
                }
                uint64_t h = hash_all(&x);
                if (threads == 1) want[t] = h;
                else if (h != want[t]) {
                    printf("# %s: %d threads differ from 1 at step %d\n", game, threads, t);
                    CHECK(0);
                    break;
                }
            }
            close_env(&x);
        }
    }
}

/* R-threads, bots only: with no agent a step checks nothing and its threads never wait for each
 * other; the turns the bots play are still the same for any thread count. */
TEST(sim_bots_only_same_results_for_any_thread_count) {
    static const char *const bot_of[][2] = {{"rising_tide", "random_rizhao"}, {"suitebot", "random"},
                                            {"chicken", "yolanda"},           {"splitter", "random"},
                                            {"rezzo", "wander"}};
    for (int g = 0; g < 5; g++) {
        const char *game = bot_of[g][0];
        uint64_t want[120];
        for (int threads = 1; threads <= 3; threads++) {
            const char *const *base = settings_of(game, threads);
            static char bots[GAME_SEATS_MAX_TEST][32];
            const char *s[16];
            int n = 0;
            while (base[n]) s[n] = base[n], n++;
            s[n] = NULL;
            arena_env *probe = arena_env_new(game, 1, 1, s);
            int seats = probe ? arena_num_seats(probe) : 0;
            arena_env_free(probe);
            for (int seat = 0; seat < seats && seat < GAME_SEATS_MAX_TEST; seat++) {
                snprintf(bots[seat], sizeof bots[seat], "bot.%d=%s", seat, bot_of[g][1]);
                s[n++] = bots[seat];
            }
            s[n] = NULL;
            bound x;
            if (!open_env(&x, game, 150, 7, s)) {
                CHECK(0);
                return;
            }
            CHECK_EQ_INT(arena_num_agents(x.env), 0);
            CHECK_EQ_INT(arena_reset(x.env, 7), 0);
            for (int t = 0; t < 120; t++) {
                CHECK_EQ_INT(arena_step(x.env), 0);
                uint64_t h = hash_all(&x);
                if (threads == 1) want[t] = h;
                else if (h != want[t]) {
                    printf("# %s: %d threads differ from 1 at step %d (bots only)\n", game, threads, t);
                    CHECK(0);
                    break;
                }
            }
            close_env(&x);
        }
    }
}

/* R-copy: a state copy includes the generators: a restored environment stepped with the same
 * actions gives bit-identical observations and rewards. */
TEST(sim_restore_continues_bit_for_bit) {
    for (int g = 0; arena_game(g); g++) {
        const char *game = arena_game(g);
        bound x;
        const int N = 140; /* over SIM_POOL_MIN: save_all and restore_all use the threads */
        if (!open_env(&x, game, N, 5, settings_of(game, 2))) {
            CHECK(0);
            return;
        }
        arena_reset(x.env, 5);
        for (int t = 0; t < 30; t++) arena_sample(x.env), arena_step(x.env);
        arena_snapshot *snap = arena_snapshot_new(x.env, N);
        CHECK(snap != NULL);
        CHECK_EQ_INT(arena_save_all(x.env, snap), 0);
        uint64_t first[60];
        for (int t = 0; t < 60; t++) {
            arena_sample(x.env); /* the sampling generator is part of the state too */
            arena_step(x.env);
            first[t] = hash_all(&x);
        }
        CHECK_EQ_INT(arena_restore_all(x.env, snap), 0);
        for (int t = 0; t < 60; t++) {
            arena_sample(x.env);
            arena_step(x.env);
            if (hash_all(&x) != first[t]) {
                printf("# %s: step %d after a restore differs\n", game, t);
                CHECK(0);
                break;
            }
        }
        /* one environment into another: env 5 then plays what env 2 played */
        arena_save(x.env, 2, snap, 0);
        CHECK_EQ_INT(arena_restore(x.env, 5, snap, 0), 0);
        int A = arena_num_agents(x.env);
        size_t ob = x.bytes[buf_index("obs")] / N;
        CHECK(memcmp((char *)B(&x, "obs") + 2 * ob, (char *)B(&x, "obs") + 5 * ob, ob) == 0);
        int32_t *act = B(&x, "action");
        for (int t = 0; t < 40; t++) {
            arena_sample(x.env);
            memcpy(act + 5 * A, act + 2 * A, sizeof(int32_t) * (size_t)A);
            arena_step(x.env);
            if (memcmp((char *)B(&x, "obs") + 2 * ob, (char *)B(&x, "obs") + 5 * ob, ob) != 0 ||
                memcmp((float *)B(&x, "reward") + 2 * A, (float *)B(&x, "reward") + 5 * A, sizeof(float) * (size_t)A)) {
                printf("# %s: env 5 restored from env 2 differs at step %d\n", game, t);
                CHECK(0);
                break;
            }
        }
        arena_snapshot_free(snap);
        close_env(&x);
    }
}

/* A slot never saved into is refused by arena_restore and arena_restore_all, nothing changed: it
 * held a copy of environment 0 as it was when the snapshot was made, which a restore put back
 * without a word (a search that missed a save played its rollouts from another position). */
TEST(sim_restore_of_a_slot_never_saved_is_refused) {
    for (int g = 0; arena_game(g); g++) {
        const char *game = arena_game(g);
        bound x;
        if (!open_env(&x, game, 3, 5, settings_of(game, 2))) {
            CHECK(0);
            return;
        }
        arena_reset(x.env, 5);
        for (int t = 0; t < 3; t++) arena_sample(x.env), arena_step(x.env);
        arena_snapshot *snap = arena_snapshot_new(x.env, 3);
        CHECK_EQ_INT(arena_restore(x.env, 1, snap, 2), -1);
        CHECK_EQ_STR(arena_last_error(), "slot 2 was never saved (arena_save or arena_save_all first; Python: save, "
                                         "save_all): nothing restored");
        CHECK_EQ_INT(arena_save(x.env, 0, snap, 0), 0);
        CHECK_EQ_INT(arena_restore(x.env, 1, snap, 0), 0); /* a saved slot is restored */
        uint64_t before = hash_all(&x);
        CHECK_EQ_INT(arena_restore_all(x.env, snap), -1); /* slots 1 and 2 were never saved: none restored */
        CHECK_EQ_STR(arena_last_error(), "slot 1 was never saved (arena_save or arena_save_all first; Python: save, "
                                         "save_all): nothing restored");
        CHECK(hash_all(&x) == before);
        CHECK_EQ_INT(arena_save_all(x.env, snap), 0);
        CHECK_EQ_INT(arena_restore_all(x.env, snap), 0);
        arena_snapshot_free(snap);
        /* too few slots for *_all: what to make instead (it said "the snapshot has 1 slots, the
         * environments are 3") */
        snap = arena_snapshot_new(x.env, 1);
        CHECK_EQ_INT(arena_save_all(x.env, snap), -1);
        CHECK_EQ_STR(arena_last_error(), "the snapshot has 1 slot for 3 environments: arena_save_all and "
                                         "arena_restore_all need one for each (arena_snapshot_new(env, 3); Python: "
                                         "env.snapshot())");
        arena_snapshot_free(snap);
        close_env(&x);
    }
}

/* Restores environment 0 of `from`'s slot into environment `i` of `into`: 0, or -1 with the error. */
static int save_restore(arena_env *from, arena_env *into, int i) {
    arena_snapshot *snap = arena_snapshot_new(from, 1);
    if (!snap) return -1;
    int rc = arena_save(from, 0, snap, 0) == 0 && arena_restore(into, i, snap, 0) == 0 ? 0 : -1;
    arena_snapshot_free(snap);
    return rc;
}

/* A snapshot fits environments made with the same options however they were written (another
 * order, defaults written out, a number as 040 or +3: the snapshot compared a hash of the values'
 * text and refused "moves=040" for "moves=40"; a number option whose default is not a number,
 * typed by its help's range: Chicken's spawn=03 and Rezzo's width=040 were refused), and refuses
 * other options, seats, bots, max_steps or autoreset, naming the first difference (every differing
 * option, so that Rezzo's size=64x64 against width=64 and height=64, the same world the sim cannot
 * tell, shows as such); a text option (Splitter's seed_string, hashed by the game as text) is
 * compared as text: "07" is not "7". */
TEST(sim_snapshot_fits_the_same_options_however_written) {
    const char *a[] = {"turds=3", "moves=040", NULL};
    const char *b[] = {"threads=2", "colours=random", "moves=40", "turds=+3", NULL}; /* the same game */
    bound x, y;
    if (!open_env(&x, "chicken", 1, 6, a) || !open_env(&y, "chicken", 2, 9, b)) {
        CHECK(0);
        return;
    }
    arena_reset(x.env, 6);
    arena_reset(y.env, 9);
    for (int t = 0; t < 5; t++) arena_sample(x.env), arena_step(x.env);
    if (save_restore(x.env, y.env, 1) != 0) {
        printf("# %s\n", arena_last_error());
        CHECK(0);
    }
    size_t ob = x.bytes[buf_index("obs")];
    CHECK(memcmp(B(&x, "obs"), (char *)B(&y, "obs") + ob, ob) == 0);
    CHECK_EQ_INT(save_restore(y.env, x.env, 0), 0); /* and back */
    struct {
        const char *game, *s1[4], *s2[4];
    } fit[] = {
        {"chicken", {"spawn=03"}, {"spawn=3"}},
        {"chicken", {"spawn=random"}, {NULL}},
        {"rezzo", {"size=32x32", "width=040"}, {"width=+40", "size=32x32"}},
        /* typed by the game's table (until 2026-11-28 guessed from the default or help: refused) */
        {"rezzo", {"size=32x32", "seed=07"}, {"size=32x32", "seed=+7"}},
        {"splitter", {"dice_seed=07"}, {"dice_seed=7"}},
        {"suitebot", {"size=010x10"}, {"size=10X10"}},
        /* width= and height= are the sides of size= (until 2026-11-28: refused) */
        {"rezzo", {"size=32x32"}, {"width=32", "height=32"}},
        {"rezzo", {"size=32X040"}, {"size=32x32", "height=40"}},
        {"rezzo", {"size=16x16", "width=40"}, {"size=40x016"}},
    };
    for (size_t k = 0; k < sizeof fit / sizeof fit[0]; k++) {
        bound p, q;
        if (!open_env(&p, fit[k].game, 1, 1, fit[k].s1) || !open_env(&q, fit[k].game, 1, 1, fit[k].s2)) {
            CHECK(0);
            continue;
        }
        if (save_restore(p.env, q.env, 0) != 0) {
            printf("# %s %s: %s\n", fit[k].game, fit[k].s1[0], arena_last_error());
            CHECK(0);
        }
        close_env(&p);
        close_env(&q);
    }
    struct {
        const char *game, *s1[4], *s2[4], *want;
    } differ[] = {
        {"chicken", {"moves=040"}, {"moves=41"}, "option moves=40 there, moves=41 here"},
        {"chicken", {"doors=3,3;4,3"}, {NULL}, "option doors=3,3;4,3 there, doors=random here"},
        {"chicken", {"bot.1=greedy"}, {"bot.1=yolanda"}, "seat 1 is greedy there, yolanda here"},
        {"chicken", {"bot.0=greedy"}, {NULL}, "seat 0 is greedy there, an agent here"},
        {"chicken", {"max_steps=5"}, {"max_steps=6"}, "max_steps=5 there, max_steps=6 here"},
        {"chicken", {"autoreset=0"}, {NULL}, "autoreset=0 there, autoreset=1 here"},
        {"suitebot", {"seats=2"}, {"seats=3"}, "2 seats there, 3 here"},
        {"splitter", {"seed_string=7"}, {"seed_string=07"}, "option seed_string=7 there, seed_string=07 here"},
        {"chicken", {"spawn=3"}, {"spawn=random"}, "option spawn=3 there, spawn=random here"},
        {"rezzo", {"size=32x32", "seed=7"}, {"size=32x32", "seed=8"}, "option seed=7 there, seed=8 here"},
        {"splitter", {"dice_seed=7"}, {"dice_seed=-7"}, "option dice_seed=7 there, dice_seed=-7 here"},
        {"rezzo", {"size=32x32"}, {"width=32"},
         "option size=32x32 there, size=32x320 here (options are compared as the game's table lists them, defaults "
         "filled in, numbers and sizes by value, width= and height= folded into size=, the others as written: write "
         "them alike for both)"},
    };
    for (size_t k = 0; k < sizeof differ / sizeof differ[0]; k++) {
        bound p, q;
        if (!open_env(&p, differ[k].game, 1, 1, differ[k].s1) || !open_env(&q, differ[k].game, 1, 1, differ[k].s2)) {
            CHECK(0);
            continue;
        }
        CHECK_EQ_INT(save_restore(p.env, q.env, 0), -1);
        char want[400];
        snprintf(want, sizeof want, "the snapshot was made for other environments: %s", differ[k].want);
        if (!strstr(arena_last_error(), want)) {
            printf("# %s: %s\n", differ[k].want, arena_last_error());
            CHECK(0);
        }
        close_env(&p);
        close_env(&q);
    }
    bound r;
    if (open_env(&r, "suitebot", 1, 1, NULL)) {
        CHECK_EQ_INT(save_restore(x.env, r.env, 0), -1);
        CHECK(strstr(arena_last_error(), "game chicken there, suitebot here") != NULL);
        close_env(&r);
    }
    close_env(&x);
    close_env(&y);
}

/* R-buffers: buffers are registered once; a step allocates nothing (games end and restart here). */
TEST(sim_steps_allocate_nothing) {
    for (int g = 0; arena_game(g); g++) {
        const char *game = arena_game(g);
        for (int threads = 1; threads <= 2; threads++) {
            const char *const *base = settings_of(game, threads);
            const char *s[10];
            int n = 0;
            while (base[n]) s[n] = base[n], n++;
            if (strcmp(game, "chicken") == 0) s[n++] = "bot.1=greedy";
            if (strcmp(game, "suitebot") == 0) s[n++] = "bot.1=harvester";
            s[n] = NULL;
            bound x;
            if (!open_env(&x, game, 16, 3, s)) {
                CHECK(0);
                return;
            }
            arena_reset(x.env, 3);
            int ended = 0;
            for (int t = 0; t < 400; t++) arena_sample(x.env), arena_step(x.env); /* lists reach their size */
            atomic_store(&allocations, 0);
            atomic_store(&counting, 1);
            for (int t = 0; t < 600; t++) {
                arena_sample(x.env);
                arena_step(x.env);
                for (int e = 0; e < 16; e++) ended += ((uint8_t *)B(&x, "terminated"))[e] | ((uint8_t *)B(&x, "truncated"))[e];
            }
            atomic_store(&counting, 0);
            long a = atomic_load(&allocations);
            if (a != 0) printf("# %s, %d threads: %ld allocations in 600 steps\n", game, threads, a);
            CHECK_EQ_INT(a, 0);
            CHECK(ended > 0); /* restarts were part of it */
            close_env(&x);
        }
    }
}

/* Auto-reset: the step that ends a game reports it and already shows the next game. */
TEST(sim_auto_reset_reports_the_end) {
    const char *s[] = {"bot.1=greedy", NULL};
    bound x;
    if (!open_env(&x, "chicken", 4, 11, s)) {
        CHECK(0);
        return;
    }
    arena_reset(x.env, 11);
    uint64_t seed0 = ((uint64_t *)B(&x, "seed"))[0];
    double eggs = 0;
    int16_t *obs = B(&x, "obs");
    int obs_size = arena_obs_size(x.env);
    for (int t = 0; t < 200; t++) {
        arena_sample(x.env);
        CHECK_EQ_INT(arena_step(x.env), 0);
        eggs += ((float *)B(&x, "reward"))[0];
        if (((uint8_t *)B(&x, "terminated"))[0]) {
            double *score = B(&x, "score"), *result = B(&x, "result");
            int32_t *rank = B(&x, "rank");
            CHECK(eggs == score[0]); /* rewards add up to the agent's eggs */
            CHECK(result[0] + result[1] == 1.0); /* match points */
            CHECK(rank[0] >= 1 && rank[1] >= 1);
            CHECK(((uint64_t *)B(&x, "seed"))[0] != seed0);
            CHECK(obs[512 + 1] <= 1); /* the new game's first ply (0, or 1 after greedy as A) */
            CHECK(((uint8_t *)B(&x, "to_act"))[0] == 1);
            (void)obs_size;
            close_env(&x);
            return;
        }
        CHECK(((double *)B(&x, "result"))[0] == 0.0);
    }
    CHECK(0); /* no game ended in 200 steps */
    close_env(&x);
}

/* A truncated game (max_steps) is reported as truncated, not terminated. */
TEST(sim_max_steps_truncates) {
    const char *s[] = {"max_steps=10", "rounds=800", NULL};
    bound x;
    if (!open_env(&x, "rising_tide", 2, 1, s)) {
        CHECK(0);
        return;
    }
    arena_reset(x.env, 1);
    for (int t = 1; t <= 10; t++) {
        arena_sample(x.env);
        arena_step(x.env);
        CHECK_EQ_INT(((uint8_t *)B(&x, "truncated"))[0], t == 10);
        CHECK_EQ_INT(((uint8_t *)B(&x, "terminated"))[0], 0);
    }
    close_env(&x);
}

/* A game cut at max_steps has nobody to act, and its cut is reported once, also when it comes
 * before an agent's first turn (max_steps=1 and greedy moving first as A): the agent was shown on
 * move, its action was ignored, and with autoreset=0 the game waited for a reset without ever
 * reporting truncated (a loop `until truncated` never ended). */
TEST(sim_cut_games_have_nobody_to_act) {
    for (int autoreset = 0; autoreset <= 1; autoreset++) {
        const char *s[] = {"bot.0=greedy", "colours=fixed", "max_steps=1", autoreset ? "autoreset=1" : "autoreset=0",
                           NULL};
        bound x;
        if (!open_env(&x, "chicken", 3, 1, s)) {
            CHECK(0);
            return;
        }
        arena_reset(x.env, 1);
        uint8_t *to_act = B(&x, "to_act"), *mask = B(&x, "mask"), *trunc = B(&x, "truncated");
        for (int t = 0; t < 3; t++) {
            for (int e = 0; e < 3; e++) {
                CHECK_EQ_INT(to_act[e], 0);
                for (int k = 0; k < 12; k++) CHECK_EQ_INT(mask[e * 12 + k], 0);
            }
            CHECK_EQ_INT(arena_step(x.env), 0);
            /* autoreset: every game is cut at once; autoreset=0: once, then it waits */
            CHECK_EQ_INT(trunc[1], autoreset || t == 0);
        }
        close_env(&x);
    }
    /* cut in the middle of a game that is not over (Rising Tide), autoreset=0 */
    const char *s[] = {"max_steps=3", "rounds=800", "autoreset=0", NULL};
    bound x;
    if (!open_env(&x, "rising_tide", 2, 1, s)) {
        CHECK(0);
        return;
    }
    arena_reset(x.env, 1);
    uint8_t *to_act = B(&x, "to_act"), *trunc = B(&x, "truncated");
    for (int t = 1; t <= 5; t++) {
        arena_sample(x.env);
        CHECK_EQ_INT(arena_step(x.env), 0);
        CHECK_EQ_INT(trunc[0], t == 3);
        int acting = 0;
        for (int k = 0; k < 2 * 4; k++) acting += to_act[k];
        CHECK_EQ_INT(acting, t < 3 ? 8 : 0);
    }
    close_env(&x);
}

/* A child forked after the environments were made (Python multiprocessing's default on Linux)
 * steps them on its own thread, with the parent's results, and frees them: arena_env_free joined
 * worker threads that live in the parent only and destroyed the condition variable they were
 * asleep on, which waits for its sleepers to leave: forever. */
TEST(sim_forked_child_steps_and_frees) {
    const char *s[] = {"threads=2", "bot.1=greedy", NULL};
    bound x;
    if (!open_env(&x, "chicken", 256, 5, s)) {
        CHECK(0);
        return;
    }
    arena_reset(x.env, 5);
    int fds[2];
    CHECK_EQ_INT(pipe(fds), 0);
    /* idle workers spin a few tens of microseconds, then sleep on the condition variable: fork
     * once they are asleep, as a program does that forks after making its environments */
    usleep(300000);
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        for (int t = 0; t < 20; t++) arena_sample(x.env), arena_step(x.env);
        uint64_t h = hash_all(&x);
        arena_env_free(x.env);
        _exit(write(fds[1], &h, sizeof h) == sizeof h ? 0 : 1);
    }
    close(fds[1]);
    for (int t = 0; t < 20; t++) arena_sample(x.env), arena_step(x.env);
    uint64_t mine = hash_all(&x), theirs = 0;
    /* the child's hash once it has freed the environments, or nothing in 120 s: it hung */
    struct pollfd pf = {.fd = fds[0], .events = POLLIN};
    int ready = poll(&pf, 1, 120000);
    CHECK(ready == 1 && read(fds[0], &theirs, sizeof theirs) == (ssize_t)sizeof theirs);
    CHECK(theirs == mine);
    if (ready != 1) kill(pid, SIGKILL);
    int status = 0;
    waitpid(pid, &status, 0);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    close(fds[0]);
    close_env(&x);
}

/* Environments too many for the memory are an error, not the end of the process: the states
 * malloc'd one by one when their block could not be had, and the games' allocator aborted when
 * it ran out. In a child whose address space is limited to 1 GB (2^20 SuiteBot states: 60 GB). */
static int make_too_many_environments(void) {
    arena_env *env = arena_env_new("suitebot", 1 << 20, 1, NULL);
    return !env && strstr(arena_last_error(), "out of memory: 1048576 environments of suitebot need") ? 0 : 3;
}

TEST(sim_too_many_environments_is_an_error) {
    CHECK_EQ_INT(limited_child(make_too_many_environments), 0);
}

/* Games whose states are allocated one by one (Rezzo's worlds): the one that cannot be had is
 * named, with how many were asked for and what to do; it said only "rezzo: out of memory for a
 * 320x320 world (0 MiB)", after the thousands made (and 0 MiB, the half a MiB rounded down). */
static int make_too_many_worlds(void) {
    /* 96 MB more than in use, not the child's 1 GiB: a few hundred worlds, not thousands, to make */
    if (!limited_to_headroom(96 << 20)) return 4;
    arena_env *env = arena_env_new("rezzo", 4096, 1, NULL);
    const char *e = arena_last_error();
    const char *tail = " could not be made: out of memory for a 320x320 world (0.5 MiB) (ask for fewer environments)";
    int n = -1, used = 0;
    if (env || sscanf(e, "rezzo: environment %d of 4096%n", &n, &used) != 1 || n < 1 || strcmp(e + used, tail) != 0) {
        printf("# %s\n", e);
        fflush(stdout); /* the child _exits */
        return 3;
    }
    return 0;
}

TEST(sim_too_many_worlds_names_the_environment) {
    CHECK_EQ_INT(limited_child(make_too_many_worlds), 0);
}

/* Takes every block malloc still gives, the largest first, into fill[] (sizes in fill_size[]);
 * returns how many. */
static void *fill[4096];
static size_t fill_size[4096];
static int fill_memory(void) {
    int n = 0;
    for (size_t size = (size_t)1 << 30; size >= 8; size /= 2)
        while (n < 4096 && (fill[n] = malloc(size))) fill_size[n++] = size;
    return n;
}

/* A game that cannot go on (rules.failed: Rezzo's cell lists could not get memory) fails the step,
 * naming the (lowest) environment and the game's reason, and every step after it until that
 * environment is reset; it looked like a finished game with a meaningless result (and restarted).
 * Memory is filled but the blocks under 4 KiB (room for messages) before arena_reset, whose
 * restarts cannot reserve the lists of the 128x128 worlds (64 KiB each; a game created by
 * arena_env_new has not reserved them yet); then freed, and the steps played. bots: every seat a
 * bot (the bots-only loop), else seat 0 is an agent (the general step). The reset itself fails,
 * naming environment 0. */
static int step_a_failed_game(bool bots) {
    const char *with_bots[] = {"size=128x128", "seats=2", "bot.0=wander", "bot.1=wander", NULL};
    const char *with_agent[] = {"size=128x128", "seats=2", "bot.1=wander", NULL};
    bound x;
    if (!open_env(&x, "rezzo", 2, 1, bots ? with_bots : with_agent)) return 2;
    int n = fill_memory();
    for (int i = 0; i < n; i++)
        if (fill_size[i] < 4096) free(fill[i]), fill[i] = NULL;
    int reset = arena_reset(x.env, 1);
    for (int i = 0; i < n; i++) free(fill[i]);
    int rc = 0;
    /* the reset says so itself (it returned 0, and only the next step told) */
    if (reset != -1 || strcmp(arena_last_error(), "environment 0: the rezzo game could not start: out of memory at tick 0: "
                              "the cell lists of the 128x128 world could not grow (reset it again when memory "
                              "allows)") != 0)
        rc = 9;
    for (int e = 0; e < 2 && !rc; e++) {
        char why[256];
        snprintf(why, sizeof why, "environment %d: the rezzo game could not go on: out of memory at tick 0: the cell "
                 "lists of the 128x128 world could not grow (it is abandoned: reset the environment)", e);
        for (int k = 0; k < 2 && !rc; k++) { /* it fails again until reset */
            if (!bots) arena_sample(x.env);
            if (arena_step(x.env) != -1 || strcmp(arena_last_error(), why) != 0) rc = 3 + 2 * e + k;
        }
        if (!rc && arena_reset_one(x.env, e, 7) != 0) rc = 7;
    }
    /* both reset with memory: they play on */
    if (!bots) arena_sample(x.env);
    if (!rc && arena_step(x.env) != 0) rc = 8;
    if (rc) printf("# rc %d: %s\n", rc, arena_last_error());
    fflush(stdout); /* the child _exits */
    close_env(&x);
    return rc;
}
static int step_failed_with_bots(void) { return step_a_failed_game(true); }
static int step_failed_with_an_agent(void) { return step_a_failed_game(false); }

TEST(sim_failed_game_fails_the_step) {
    CHECK_EQ_INT(limited_child(step_failed_with_bots), 0);
    CHECK_EQ_INT(limited_child(step_failed_with_an_agent), 0);
}

/* A state copy that runs out of memory for real (Rezzo's copy grows the slot's lists to the
 * environment's: a slot made before the environment's reset has small ones) is an error, never a
 * silent failed game: arena_save fails naming environment and slot, a restore of that slot is
 * refused, and once memory is back both work and the game plays on; arena_snapshot_new with no
 * memory left returns NULL. tests/unit/test_sim_failed.c checks every copy call and the rows. */
static int copy_without_memory(void) {
    const char *settings[] = {"size=128x128", "seats=2", "bot.1=wander", NULL};
    bound x;
    if (!open_env(&x, "rezzo", 1, 1, settings)) return 2;
    arena_snapshot *snap = arena_snapshot_new(x.env, 1);
    if (!snap || arena_reset(x.env, 1) != 0) return 3;
    int n = fill_memory();
    for (int i = 0; i < n; i++)
        if (fill_size[i] < 4096) free(fill[i]), fill[i] = NULL;
    int save = arena_save(x.env, 0, snap, 0);
    char save_error[1024];
    snprintf(save_error, sizeof save_error, "%s", arena_last_error());
    int restore = arena_restore(x.env, 0, snap, 0);
    char restore_error[1024];
    snprintf(restore_error, sizeof restore_error, "%s", arena_last_error());
    arena_snapshot *none = arena_snapshot_new(x.env, 64);
    for (int i = 0; i < n; i++) free(fill[i]);
    int rc = 0;
    if (save != -1 || !strstr(save_error, "environment 0 into slot 0: the rezzo state could not be copied: out of memory"))
        rc = 4;
    else if (restore != -1 || !strstr(restore_error, "slot 0 holds a game that could not go on (out of memory"))
        rc = 5;
    else if (none)
        rc = 6;
    else if (arena_save(x.env, 0, snap, 0) != 0 || arena_restore(x.env, 0, snap, 0) != 0 || arena_sample(x.env) != 0 ||
             arena_step(x.env) != 0)
        rc = 7;
    if (rc) printf("# rc %d: save: %s; restore: %s; now: %s\n", rc, save_error, restore_error, arena_last_error());
    fflush(stdout); /* the child _exits */
    arena_snapshot_free(none);
    arena_snapshot_free(snap);
    close_env(&x);
    return rc;
}

TEST(sim_copy_without_memory_is_an_error) {
    CHECK_EQ_INT(limited_child(copy_without_memory), 0);
}

/* Bad arguments: a clear error, no crash, nothing changed. */
TEST(sim_rejects_bad_arguments) {
    CHECK(arena_env_new("chess", 1, 0, NULL) == NULL);
    CHECK(strstr(arena_last_error(), "unknown game 'chess' (games: rising_tide, suitebot, chicken") != NULL);
    CHECK(arena_env_new(NULL, 1, 0, NULL) == NULL);
    CHECK(arena_env_new("chicken", 0, 0, NULL) == NULL);
    CHECK(strstr(arena_last_error(), "num_envs 0") != NULL);
    const char *bad1[] = {"moves=5000", NULL};
    CHECK(arena_env_new("chicken", 1, 0, bad1) == NULL);
    CHECK(strstr(arena_last_error(), "moves") != NULL);
    const char *bad2[] = {"colour=fixed", NULL};
    CHECK(arena_env_new("chicken", 1, 0, bad2) == NULL);
    CHECK(strstr(arena_last_error(), "not a simulator setting") != NULL);
    const char *bad3[] = {"bot.1=deep_blue", NULL};
    CHECK(arena_env_new("chicken", 1, 0, bad3) == NULL);
    CHECK(strstr(arena_last_error(), "no built-in bot 'deep_blue' (bots: yolanda, greedy") != NULL);
    const char *bad4[] = {"bot.2=greedy", NULL};
    CHECK(arena_env_new("chicken", 1, 0, bad4) == NULL);
    const char *bad5[] = {"threads=0", NULL};
    CHECK(arena_env_new("chicken", 1, 0, bad5) == NULL);
    const char *bad6[] = {"seats=3", NULL};
    CHECK(arena_env_new("chicken", 1, 0, bad6) == NULL);
    CHECK(strstr(arena_last_error(), "takes exactly 2 seats") != NULL);
    const char *bad6b[] = {"seats=2", NULL}; /* it said "exactly 1 seats" */
    CHECK(arena_env_new("splitter", 1, 0, bad6b) == NULL);
    CHECK_EQ_STR(arena_last_error(), "setting seats=2: splitter takes exactly 1 seat");
    const char *bad7[] = {"noequals", NULL};
    CHECK(arena_env_new("chicken", 1, 0, bad7) == NULL);

    CHECK_EQ_INT(arena_step(NULL), -1);
    CHECK_EQ_INT(arena_reset(NULL, 0), -1);
    CHECK_EQ_INT(arena_num_agents(NULL), -1);
    CHECK_EQ_INT(arena_bind(NULL, "obs", NULL, 0), -1);

    bound x;
    if (!open_env(&x, "chicken", 3, 1, NULL)) {
        CHECK(0);
        return;
    }
    int16_t dummy[4];
    CHECK_EQ_INT(arena_bind(x.env, "obs", dummy, sizeof dummy), -1);
    CHECK(strstr(arena_last_error(), "buffer \"obs\": 8 bytes given, 6288 expected ([3][2][524] of 2-byte elements)") != NULL);
    CHECK_EQ_INT(arena_bind(x.env, "observations", dummy, sizeof dummy), -1);
    CHECK(strstr(arena_last_error(), "no buffer named 'observations'") != NULL);
    CHECK_EQ_INT(arena_bind(x.env, "reward", (char *)x.b[buf_index("reward")] + 1, x.bytes[buf_index("reward")]), -1);
    CHECK(strstr(arena_last_error(), "not aligned") != NULL);

    arena_reset(x.env, 1);
    int32_t *act = B(&x, "action");
    uint8_t *to_act = B(&x, "to_act");
    int agent = to_act[2 * 2 + 0] ? 0 : 1; /* the agent on move in env 2 */
    arena_sample(x.env);
    act[2 * 2 + agent] = 12;
    CHECK_EQ_INT(arena_step(x.env), -1);
    CHECK(strstr(arena_last_error(), "environment 2, agent") != NULL);
    CHECK(strstr(arena_last_error(), "action 12 is out of range 0..11") != NULL);
    /* an illegal action: the first move that the mask forbids */
    uint8_t *mask = B(&x, "mask");
    int bad = -1;
    for (int k = 0; k < 12 && bad < 0; k++)
        if (!mask[(2 * 2 + agent) * 12 + k]) bad = k;
    CHECK(bad >= 0);
    act[2 * 2 + agent] = bad;
    uint64_t before = hash_all(&x);
    CHECK_EQ_INT(arena_step(x.env), -1);
    CHECK(strstr(arena_last_error(), "is illegal now") != NULL);
    /* nothing moved in any environment (the other environments' actions were fine) */
    CHECK(hash_all(&x) == before);
    double *score = B(&x, "score");
    CHECK(score[0] == 0 && score[2] == 0 && score[4] == 0);
    CHECK_EQ_INT(arena_render(x.env, 0, "html", NULL, 0), -1);
    CHECK(strstr(arena_last_error(), "render format 'html'") != NULL);
    CHECK_EQ_INT(arena_render(x.env, 7, "text", NULL, 0), -1);
    CHECK_EQ_INT(arena_render(x.env, 0, "text:bogus", NULL, 0), -1); /* was the default display */
    CHECK(strstr(arena_last_error(), "render format 'text:bogus'") != NULL);
    CHECK(strstr(arena_last_error(), "display modes are spectator, A, B") != NULL);
    CHECK(arena_render(x.env, 0, "text:A", NULL, 0) > 0);
    CHECK(arena_render(x.env, 0, "text:b", NULL, 0) > 0); /* as --view: without regard to case */
    CHECK(arena_render(x.env, 0, "text:", NULL, 0) > 0);  /* the default */
    int32_t a;
    CHECK_EQ_INT(arena_action_from_json(x.env, 0, 0, "{\"dir\":", &a), -1);
    CHECK(strstr(arena_last_error(), "not JSON") != NULL);
    CHECK_EQ_INT(arena_action_from_json(x.env, 0, 0, "[9,9]", &a), 0); /* parses; not in the space */
    CHECK_EQ_INT(a, -1);
    CHECK_EQ_INT(arena_bot_action(x.env, 0, 2, "greedy", &a), -1);
    CHECK_EQ_INT(arena_reset_one(x.env, 3, 1), -1);
    bound y;
    const char *other[] = {"moves=10", NULL};
    if (open_env(&y, "chicken", 3, 1, other)) {
        arena_snapshot *snap = arena_snapshot_new(y.env, 1);
        CHECK_EQ_INT(arena_save(x.env, 0, snap, 0), -1);
        CHECK(strstr(arena_last_error(), "made for other environments") != NULL);
        CHECK_EQ_INT(arena_save(y.env, 0, snap, 1), -1);
        CHECK_EQ_INT(arena_restore_all(y.env, snap), -1); /* 1 slot for 3 envs */
        arena_snapshot_free(snap);
        close_env(&y);
    }
    arena_bot *bot = arena_bot_new("chicken");
    CHECK(bot != NULL);
    CHECK_EQ_INT(arena_bot_observe(bot, dummy, NULL), -1);
    CHECK(strstr(arena_last_error(), "no view yet") != NULL);
    char out[64];
    CHECK_EQ_INT(arena_bot_reply(bot, 0, out, sizeof out), -1);
    arena_bot_free(bot);
    CHECK(arena_bot_new("chess") == NULL);
    close_env(&x);
}

/* A step with an illegal action changes no environment at all. With bad actions in two
 * environments (of different threads' shares and chunks from 128 environments on: 300 do not fill
 * whole chunks), the error names the lower one; once both are good the step plays. */
TEST(sim_failed_step_changes_nothing) {
    const int sizes[] = {40, 300};
    for (int k = 0; k < 2; k++)
        for (int threads = 1; threads <= 3; threads++) {
            int N = sizes[k], env_of[2] = {N - 7, N / 7}, keep[2]; /* 33 and 5; 293 and 42 */
            bound x;
            if (!open_env(&x, "splitter", N, 8, settings_of("splitter", threads))) {
                CHECK(0);
                return;
            }
            arena_reset(x.env, 8);
            for (int t = 0; t < 5; t++) arena_sample(x.env), arena_step(x.env);
            arena_sample(x.env);
            int32_t *act = B(&x, "action");
            uint8_t *mask = B(&x, "mask");
            int n = arena_num_actions(x.env);
            for (int i = 0; i < 2; i++) {
                int e = env_of[i], bad = -1;
                for (int a = 0; a < n && bad < 0; a++)
                    if (!mask[e * n + a]) bad = a;
                keep[i] = act[e];
                act[e] = bad;
            }
            uint64_t before = hash_all(&x);
            char want[64];
            for (int i = 1; i >= 0; i--) { /* both bad: the lower named; then the higher alone */
                CHECK_EQ_INT(arena_step(x.env), -1);
                snprintf(want, sizeof want, "environment %d, agent 0 (seat 0)", env_of[i]);
                if (!strstr(arena_last_error(), want)) {
                    printf("# %d environments, %d threads: %s\n", N, threads, arena_last_error());
                    CHECK(0);
                }
                CHECK(hash_all(&x) == before);
                act[env_of[i]] = keep[i];
            }
            CHECK_EQ_INT(arena_step(x.env), 0);
            CHECK(hash_all(&x) != before);
            close_env(&x);
        }
}

/* Batch sizes at the edges of the threads' work: one environment (no pool), the smallest batch the
 * threads share (128), and sizes that leave partial chunks, give the same results for 1 to 3 threads. */
TEST(sim_batch_edges_same_results_for_any_thread_count) {
    const char *games[] = {"chicken", "suitebot"};
    const int sizes[] = {1, 128, 129, 257};
    for (int g = 0; g < 2; g++)
        for (int k = 0; k < 4; k++) {
            uint64_t want[40];
            for (int threads = 1; threads <= 3; threads++) {
                bound x;
                if (!open_env(&x, games[g], sizes[k], 3, settings_of(games[g], threads))) {
                    CHECK(0);
                    return;
                }
                CHECK_EQ_INT(arena_reset(x.env, 3), 0);
                for (int t = 0; t < 40; t++) {
                    arena_sample(x.env);
                    CHECK_EQ_INT(arena_step(x.env), 0);
                    uint64_t h = hash_all(&x);
                    if (threads == 1) want[t] = h;
                    else if (h != want[t]) {
                        printf("# %s, %d environments: %d threads differ from 1 at step %d\n", games[g], sizes[k],
                               threads, t);
                        CHECK(0);
                        break;
                    }
                }
                close_env(&x);
            }
        }
}

/* render("text:MODE"): each game's display modes draw; any other mode is refused, naming the valid
 * ones (the games' draw functions show their default display for an unknown mode, so a mistyped
 * mode was accepted and showed something else). */
TEST(sim_render_modes) {
    static const struct {
        const char *game, *good[4], *bad, *why;
    } cases[] = {
        {"chicken", {"spectator", "A", "B", NULL}, "text:C", "chicken's display modes are spectator, A, B"},
        {"suitebot", {"plain", "blast", NULL}, "text:blasts", "suitebot's display modes are plain, blast"},
        {"splitter", {"symbols", "ascii", NULL}, "text:asci", "splitter's display modes are symbols, ascii"},
        {"rezzo", {"live", "follow=1", "follow=1,letters", NULL}, "text:folow=1", "'folow=1' is not a part of Rezzo's view"},
        {"rising_tide", {NULL}, "text:plain", "rising_tide has one text display only: \"text\""},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        bound x;
        if (!open_env(&x, cases[c].game, 1, 1, settings_of(cases[c].game, 1))) {
            CHECK(0);
            continue;
        }
        arena_reset(x.env, 1);
        CHECK(arena_render(x.env, 0, "text", NULL, 0) > 0);
        for (int k = 0; cases[c].good[k]; k++) {
            char format[64];
            snprintf(format, sizeof format, "text:%s", cases[c].good[k]);
            if (arena_render(x.env, 0, format, NULL, 0) <= 0) {
                printf("# %s %s: %s\n", cases[c].game, format, arena_last_error());
                CHECK(0);
            }
        }
        CHECK_EQ_INT(arena_render(x.env, 0, cases[c].bad, NULL, 0), -1);
        if (!strstr(arena_last_error(), cases[c].why)) {
            printf("# %s %s: %s\n", cases[c].game, cases[c].bad, arena_last_error());
            CHECK(0);
        }
        close_env(&x);
    }
    /* Rezzo's `view` option is the default display (as arena play's); a bad one was accepted and
     * ignored (every "text" showed the whole world) */
    const char *bad[] = {"size=32x32", "view=folow=1", NULL};
    CHECK(arena_env_new("rezzo", 1, 1, bad) == NULL);
    CHECK(strstr(arena_last_error(), "rezzo: option view 'folow=1': 'folow=1' is not a part of Rezzo's view") != NULL);
    const char *follow[] = {"size=32x32", "seats=2", "view=follow=2", NULL};
    bound x;
    if (!open_env(&x, "rezzo", 1, 1, follow)) {
        CHECK(0);
        return;
    }
    arena_reset(x.env, 1);
    static char plain[1 << 14], followed[1 << 14], live[1 << 14];
    CHECK(arena_render(x.env, 0, "text", plain, sizeof plain) > 0);
    CHECK(arena_render(x.env, 0, "text:follow=2", followed, sizeof followed) > 0);
    CHECK(arena_render(x.env, 0, "text:live", live, sizeof live) > 0);
    CHECK_EQ_STR(plain, followed);
    CHECK(strcmp(plain, live) != 0);
    /* a mode naming a player these 2 seats do not have was accepted, and drew the default display */
    CHECK_EQ_INT(arena_render(x.env, 0, "text:follow=9", NULL, 0), -1);
    CHECK(strstr(arena_last_error(), "view 'follow=9': follow=9: this game has 2 players: follow=1 to follow=2") != NULL);
    close_env(&x);
    const char *nine[] = {"size=32x32", "seats=2", "view=follow=9", NULL};
    arena_env *env = arena_env_new("rezzo", 1, 1, nine);
    CHECK(env == NULL);
    arena_env_free(env);
    CHECK(strstr(arena_last_error(), "rezzo: option view 'follow=9': follow=9: this game has 2 players: follow=1 to follow=2") != NULL);
}

/* Every built-in bot can play any seat (the champions others add appear here by themselves). */
TEST(sim_every_bot_plays) {
    for (int g = 0; arena_game(g); g++) {
        const char *game = arena_game(g);
        for (int b = 0; arena_game_bot(game, b); b++) {
            const char *name = arena_game_bot(game, b);
            if (strcmp(game, "chicken") == 0 && strcmp(name, "searcher") == 0) continue; /* slow here */
            char bs[64];
            snprintf(bs, sizeof bs, "bot.0=%s", name);
            const char *const *base = settings_of(game, 1);
            const char *s[10];
            int n = 0;
            while (base[n]) s[n] = base[n], n++;
            s[n++] = bs;
            s[n] = NULL;
            bound x;
            if (!open_env(&x, game, 2, 4, s)) {
                CHECK(0);
                continue;
            }
            arena_reset(x.env, 4);
            /* The bots whose every move is a search without a clock (the champions: Chicken's up to
             * 2 million nodes a move; Splitter's search) play 2 steps, not 20: with 20, Chicken's
             * and Splitter's champions took 27 and 18 s of this program's 43 (142 s under ASan).
             * What is checked here, that each bot steps in an environment and answers bot_action,
             * needs no more; test_sim_bots checks their answers' legality, also on a few calls. */
            bool slow = strcmp(name, "champion") == 0 || (strcmp(game, "splitter") == 0 && strcmp(name, "search") == 0);
            for (int t = 0; t < (slow ? 2 : 20); t++) {
                arena_sample(x.env);
                if (arena_step(x.env) != 0) {
                    printf("# %s %s: %s\n", game, name, arena_last_error());
                    CHECK(0);
                    break;
                }
            }
            /* asked for a seat on move: an agent's with to_act 1 (Chicken's seat 0, the bot, is
             * off move when the step stops at the agent's turn), else the bot's own (bots only) */
            int seat = 0;
            const uint8_t *to_act = B(&x, "to_act");
            for (int a = arena_num_agents(x.env) - 1; a >= 0; a--)
                if (to_act[a]) seat = arena_agent_seat(x.env, a);
            int32_t a = -2;
            CHECK_EQ_INT(arena_bot_action(x.env, 0, seat, name, &a), 0);
            CHECK(a >= -1 && a < arena_num_actions(x.env));
            close_env(&x);
        }
    }
}

/* arena_bot_action for a seat off move is refused, naming the seats on move (Chicken's bots gave a
 * move for the position as if it were theirs, which the game refused, and the call returned 0);
 * for the seat on move it gives a legal action; a game kept over (autoreset=0) has nobody on move. */
TEST(sim_bot_action_off_move_is_refused) {
    const char *s[] = {"autoreset=0", NULL};
    bound x;
    if (!open_env(&x, "chicken", 2, 3, s)) {
        CHECK(0);
        return;
    }
    arena_reset(x.env, 3);
    const uint8_t *to_act = B(&x, "to_act"), *mask = B(&x, "mask");
    for (int t = 0; t < 3; t++) {
        int on = to_act[2] ? 0 : 1; /* environment 1's agent on move; Chicken's seats alternate */
        CHECK(to_act[2 + on] && !to_act[2 + (1 - on)]);
        int32_t a = -2;
        CHECK_EQ_INT(arena_bot_action(x.env, 1, on, "greedy", &a), 0);
        CHECK(a >= 0 && a < 12 && mask[(2 + on) * 12 + a]);
        for (int b = 0; arena_game_bot("chicken", b); b++) {
            a = -2;
            CHECK_EQ_INT(arena_bot_action(x.env, 1, 1 - on, arena_game_bot("chicken", b), &a), -1);
            CHECK_EQ_INT(a, -2); /* not written */
            char want[96];
            snprintf(want, sizeof want, "environment 1: seat %d is not to move (seats to move: %d)", 1 - on, on);
            if (!strstr(arena_last_error(), want)) {
                printf("# %s\n", arena_last_error());
                CHECK(0);
            }
        }
        arena_sample(x.env);
        CHECK_EQ_INT(arena_step(x.env), 0);
    }
    /* play environment 0's game to its end: kept over, nobody is on move */
    const uint8_t *terminated = B(&x, "terminated");
    for (int t = 0; t < 200 && !terminated[0]; t++) arena_sample(x.env), arena_step(x.env);
    CHECK(terminated[0]);
    int32_t a;
    CHECK_EQ_INT(arena_bot_action(x.env, 0, 0, "greedy", &a), -1);
    CHECK(strstr(arena_last_error(), "environment 0: seat 0 is not to move: nobody is (the game is over)") != NULL);
    close_env(&x);
    /* a game cut at max_steps says so */
    const char *cut[] = {"autoreset=0", "max_steps=1", NULL};
    if (!open_env(&x, "chicken", 1, 3, cut)) {
        CHECK(0);
        return;
    }
    arena_reset(x.env, 3);
    arena_sample(x.env);
    CHECK_EQ_INT(arena_step(x.env), 0);
    CHECK(((uint8_t *)B(&x, "truncated"))[0]);
    CHECK_EQ_INT(arena_bot_action(x.env, 0, 1, "greedy", &a), -1);
    CHECK(strstr(arena_last_error(), "seat 1 is not to move: nobody is (the game was cut at max_steps)") != NULL);
    close_env(&x);
}

/* A large batch of flat states lives in one block of the library's (2 MB and more: SuiteBot's 60 KB
 * states from 35 environments on), a batch of one in the game's own allocation: environment i of
 * the large batch plays exactly the games of a batch of one seeded seed + i, agents and bots. */
TEST(sim_large_batch_plays_as_single_environments) {
    const int n = 40, check[] = {0, 17, 39};
    for (int bots = 0; bots < 2; bots++) {
        const char *s[] = {"rounds=40", bots ? "bot.0=random" : NULL, bots ? "bot.1=random" : NULL, NULL};
        bound big;
        if (!open_env(&big, "suitebot", n, 30, s)) {
            CHECK(0);
            return;
        }
        bound one[3];
        for (int k = 0; k < 3; k++) CHECK(open_env(&one[k], "suitebot", 1, 30 + (uint64_t)check[k], s));
        CHECK_EQ_INT(arena_reset(big.env, 30), 0);
        for (int k = 0; k < 3; k++) CHECK_EQ_INT(arena_reset(one[k].env, 30 + (uint64_t)check[k]), 0);
        int agents = arena_num_agents(big.env), obs = arena_obs_size(big.env);
        for (int t = 0; t < 90; t++) { /* two games and more */
            arena_sample(big.env);
            CHECK_EQ_INT(arena_step(big.env), 0);
            for (int k = 0; k < 3; k++) {
                int e = check[k];
                arena_sample(one[k].env);
                CHECK_EQ_INT(arena_step(one[k].env), 0);
                bool same = memcmp((int16_t *)B(&big, "obs") + (size_t)e * agents * obs, B(&one[k], "obs"),
                                   sizeof(int16_t) * agents * obs) == 0 &&
                            memcmp((double *)B(&big, "score") + e * 2, B(&one[k], "score"), 2 * sizeof(double)) == 0 &&
                            memcmp((double *)B(&big, "result") + e * 2, B(&one[k], "result"), 2 * sizeof(double)) == 0 &&
                            ((uint64_t *)B(&big, "seed"))[e] == *(uint64_t *)B(&one[k], "seed") &&
                            ((uint8_t *)B(&big, "terminated"))[e] == *(uint8_t *)B(&one[k], "terminated");
                if (!same) {
                    printf("# bots=%d: environment %d of %d differs from a batch of one at step %d\n", bots, e, n, t);
                    CHECK(0);
                    t = 90;
                    break;
                }
            }
        }
        for (int k = 0; k < 3; k++) close_env(&one[k]);
        close_env(&big);
    }
}

int main(void) {
    RUN(sim_lists_games_and_bots);
    RUN(sim_sample_picks_among_a_long_masks_ones_at_block_edges);
    RUN(sim_same_results_for_any_thread_count);
    RUN(sim_bots_only_same_results_for_any_thread_count);
    RUN(sim_batch_edges_same_results_for_any_thread_count);
    RUN(sim_restore_continues_bit_for_bit);
    RUN(sim_restore_of_a_slot_never_saved_is_refused);
    RUN(sim_snapshot_fits_the_same_options_however_written);
    if (COUNT_ALLOCATIONS) RUN(sim_steps_allocate_nothing);
    else printf("# skipped (not counted): sim_steps_allocate_nothing: the sanitizer replaces the allocator\n");
    RUN(sim_auto_reset_reports_the_end);
    RUN(sim_max_steps_truncates);
    RUN(sim_cut_games_have_nobody_to_act);
    RUN(sim_forked_child_steps_and_frees);
    /* a sanitizer reserves terabytes of address space at start: no address-space limit then */
    if (COUNT_ALLOCATIONS) RUN(sim_too_many_environments_is_an_error);
    else printf("# skipped (not counted): sim_too_many_environments_is_an_error: under a sanitizer\n");
    if (LIMITED_CHILD_WORKS) RUN(sim_too_many_worlds_names_the_environment);
    else printf("# skipped (not counted): sim_too_many_worlds_names_the_environment: under a sanitizer\n");
    if (COUNT_ALLOCATIONS) RUN(sim_failed_game_fails_the_step);
    else printf("# skipped (not counted): sim_failed_game_fails_the_step: under a sanitizer\n");
    if (COUNT_ALLOCATIONS) RUN(sim_copy_without_memory_is_an_error);
    else printf("# skipped (not counted): sim_copy_without_memory_is_an_error: under a sanitizer\n");
    RUN(sim_rejects_bad_arguments);
    RUN(sim_render_modes);
    RUN(sim_failed_step_changes_nothing);
    RUN(sim_every_bot_plays);
    RUN(sim_bot_action_off_move_is_refused);
    RUN(sim_large_batch_plays_as_single_environments);
    return T_DONE();
}
