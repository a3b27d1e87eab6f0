/* sim.h: the simulator's insides shared by src/sim (environments, their records, buffers, threads).
 *
 * An environment is a game state (created by the game, copied by its sim.copy hook) plus one flat
 * record of everything else that must travel with it in a state copy: its random generators, the
 * step counters, the running scores, and the seats' encoder and bot memories. Records of all
 * environments sit in one block, `rec_size` bytes apart, so a batched save is a loop of memcpy. */
#ifndef ARENA_SIM_H
#define ARENA_SIM_H
#include "../../include/arena.h"
#include "../game/game.h"
#include "sim_pool.h"
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#define SIM_MAX_ENVS (1 << 20)
#define SIM_MAX_THREADS 256
#define SIM_MAX_SETTINGS 64

/* Random streams of an environment (rng.h's streams 0 and 1000+ are the match's and the bots'). */
enum { SIM_STREAM_GAMES = 2000, SIM_STREAM_SAMPLE = 2001, SIM_STREAM_PROBE = 2002 };

/* The buffers, in arena.h's order. */
typedef enum {
    SIM_OBS = 0,
    SIM_MASK,
    SIM_TO_ACT,
    SIM_ACTION,
    SIM_REWARD,
    SIM_TERMINATED,
    SIM_TRUNCATED,
    SIM_SCORE,
    SIM_RESULT,
    SIM_RANK,
    SIM_SEED,
    SIM_FAILED,
    SIM_NBUF
} sim_buf;

/* The head of an environment's record. Per-seat parts follow it, only as many as the seats need
 * (sim_env.c lays them out; the accessors below find them): the running scores after the last step
 * (rewards are their differences), each bot seat's random stream (seeded as the referee seeds it)
 * and memory, and each seat's encoder memory. */
typedef struct {
    rng_t games;                  /* draws the seed of each new game (seeded seed + i) */
    rng_t match;                  /* the game's own generator (the referee's match RNG) */
    rng_t sample;                 /* arena_sample's choices */
    uint64_t game_seed;           /* the seed of the game being played */
    int64_t turns;                /* turns played in this game */
    uint32_t acting;              /* seats that must act now (bit s; 0 once over or cut), kept in step */
    uint32_t moved;               /* seats that have been on move in this game (bit s): a bot asked
                                   * for a seat not yet in it starts as in a seat of its own */
    bool ended;                   /* autoreset=0: the game's end was reported; steps change nothing */
    bool failed;                  /* the game could not start or go on (rules.failed, a failed restart
                                   * or copy): ended too, nobody to act, every step fails until a reset */
} sim_rec;

/* Per-thread scratch, so that steps allocate nothing. Each thread's struct and its block (view,
 * actions, mask) start on a cache line of their own and fill whole lines: two threads writing their
 * views and actions every turn never write the same line (false sharing would make every turn of
 * one thread wait for the other's core). */
#define SIM_LINE 64
typedef struct {
    _Alignas(SIM_LINE) void *view; /* one view; the start of the thread's block */
    unsigned char *actions;  /* seats x action_size */
    uint8_t *mask;           /* one legal mask (arena_sample without a bound mask) */
    char error[512];         /* the bad action (or failed game) of the lowest environment this thread saw bad */
    int error_env;           /* that environment, or -1 */
    buf_t why;               /* a failed game's reason (rules.failed), its room taken at creation: a
                              * game fails when memory ran out, when no allocation may be needed */
} sim_scratch;

/* What environments are made of, for snapshots (sim_setup.c): a snapshot fits environments with the
 * same game, seats, bots, max_steps, autoreset and options (compared as parsed), whatever their
 * num_envs and threads. */
typedef struct {
    const game_t *g;
    int seats;
    const game_bot *bot[GAME_MAX_SEATS]; /* NULL: an agent */
    int64_t max_steps;
    bool autoreset;
    int nopt;                            /* every option of the game's table, in its order */
    const char *key[32];
    char *value[32];                     /* as compared: a number option's value in decimal */
} sim_setup;

/* arena_bot_action's bots (sim_asked.c), made at its first call on the environments: a bot asked
 * for an agent's move keeps its memory and random stream from one call to the next while the agent
 * plays its answers, as it would in a seat of its own. Per environment, its line of play (changed
 * when its game is replaced: a new game, a restore); per environment and seat, the agent's last
 * checked action and the asked bot. */
typedef struct {
    int64_t turn;   /* the turn of the agent's last checked action in this line, -1: none yet */
    int32_t action; /* that flat action */
} sim_acted;
typedef struct sim_asked_bot sim_asked_bot;
typedef struct {
    uint64_t *line;        /* [n] */
    sim_acted *acted;      /* [n * seats] */
    sim_asked_bot **bot;   /* [n * seats] NULL until asked */
} sim_asked;

struct arena_env {
    const game_t *g;
    int n;                           /* environments */
    int seats, agents;
    int agent_seat[GAME_MAX_SEATS];  /* agent -> seat */
    int agent_of[GAME_MAX_SEATS];    /* seat -> agent, -1 for a bot seat */
    const game_bot *bot[GAME_MAX_SEATS]; /* NULL: an agent */
    uint32_t agent_bits;             /* the agents' seats (bit s) */
    int threads;
    int64_t max_steps;               /* 0: none */
    bool autoreset;                  /* a finished game restarts in the step that ends it */
    bool written;                    /* arena_reset, arena_reset_one or a restore has written the
                                      * buffers: until then the mask is all 0, and a step refused for
                                      * an agent's action says that arena_reset was never called */
    game_options options;            /* every option of the game, defaults filled in */
    char *option_text;               /* the user's "key=value" strings the options point into */
    game_sim_shape shape;
    size_t obs_bytes;                /* one agent's observation */
    size_t act_bytes;                /* seats x action_size: one turn's actions */
    /* records */
    size_t rec_size;                 /* bytes of one record (head and the seats' parts) */
    size_t score_off;                /* offset of the seats' running scores in a record */
    size_t enc_off[GAME_MAX_SEATS];  /* offset of each seat's encoder memory */
    size_t rng_off[GAME_MAX_SEATS];  /* offset of each bot seat's random stream */
    size_t bot_off[GAME_MAX_SEATS];  /* offset of each bot seat's memory */
    unsigned char *recs;             /* n records */
    void **state;                    /* n game states */
    unsigned char *state_block;      /* flat states in one block (sim_env.c), or NULL: the game's own */
    unsigned char *pending;          /* n x seats x action_size: the checked agents' actions */
    /* buffers */
    void *buf[SIM_NBUF];
    /* threads */
    sim_scratch *scratch;            /* one per thread */
    sim_pool *pool;                  /* NULL when threads == 1 */
    sim_setup setup;                 /* what a snapshot must match */
    _Atomic(sim_asked *) asked;      /* NULL until arena_bot_action is first called */
};

static inline sim_rec *sim_rec_of(const arena_env *env, int e) {
    return (sim_rec *)(env->recs + (size_t)e * env->rec_size);
}
static inline double *sim_rec_scores(const arena_env *env, sim_rec *r) {
    return (double *)((unsigned char *)r + env->score_off);
}
static inline rng_t *sim_rec_bot_rng(const arena_env *env, sim_rec *r, int s) {
    return (rng_t *)((unsigned char *)r + env->rng_off[s]);
}

/* The threads for a batched call: batches under SIM_POOL_MIN environments run on the calling
 * thread alone (waking the workers and waiting for the checks to end costs more than their share
 * of the work, and much more on a loaded machine), and so do the calls of a child forked after
 * the environments were made (its workers stayed in the parent). The results are the same. */
#define SIM_POOL_MIN 128
static inline sim_pool *sim_pool_for(const arena_env *env) {
    return env->pool && env->n >= SIM_POOL_MIN && env->n >= 2 * env->threads && sim_pool_ours(env->pool) ? env->pool
                                                                                                    : NULL;
}

/* sim_error.c: the thread's last error. sim_fail formats it and returns -1. */
int sim_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void sim_clear_error(void);
/* sim_fail for a bot the game does not have: "HEADchicken has no built-in bot 'x' (bots: ...)",
 * with a hint when the name is one of them written as `arena play` writes it (builtin:greedy). */
int sim_fail_unknown_bot(const game_t *g, const char *head, const char *name);
/* The game of id, or NULL with an error that lists the games (also for NULL or no sim hooks). */
const game_t *sim_find_game(const char *id);

/* sim_env.c: the element size of a dtype; the shape of buffer b. */
size_t sim_dtype_size(int dtype);
int sim_buffer_dims(const arena_env *env, sim_buf b, int *dtype, int64_t dims[3]);

/* sim_play.c: one environment, no threads. */
/* Starts a new game with game_seed in environment e (restart, or create when st is NULL). */
bool sim_play_start(arena_env *env, int e, uint64_t game_seed, buf_t *err);
/* sim_play_start, then the bots' turns up to the agents' first: how every game of a reset or a
 * step begins. */
bool sim_play_begin(arena_env *env, int e, uint64_t game_seed, sim_scratch *sc, buf_t *err);
/* Checks the agents' actions of environment e and stores them as typed actions; false + message
 * in sc->error for the first bad one. */
bool sim_play_check(arena_env *env, int e, sim_scratch *sc);
/* Plays the step of environments [lo, hi) with the checked actions, restarts finished games and
 * writes every bound buffer of those environments. */
void sim_play_steps(arena_env *env, int lo, int hi, sim_scratch *sc);
/* Writes e's buffers for the game as it stands (after a reset or a restore): obs, mask, to_act,
 * seed, score, and zeroes for reward, terminated, truncated, result, rank and failed; a failed
 * game's rows as sim_play_write_failed. */
void sim_play_write_fresh(arena_env *env, int e, sim_scratch *sc);
/* Marks e's game failed (nobody to act, ended) when rules.failed says so, its reason in sc->why;
 * returns whether it did. After a copy into e, whose record came with the state. */
bool sim_play_check_failed(arena_env *env, int e, sim_scratch *sc);
/* Uniform random legal actions of e's agents that must act, into the action buffer. */
void sim_play_sample(arena_env *env, int e, sim_scratch *sc);

/* sim_asked.c: the asked bots' bookkeeping. A new game or a restore in e begins a new line of play:
 * every asked bot of e starts afresh at its next call. */
void sim_asked_new_line(arena_env *env, int e);
void sim_asked_free(arena_env *env);
/* Notes agent seat s's checked flat action k at turn `turns` of e (sim_play_check): whether the
 * seat played the asked bot's answer. Nothing until arena_bot_action was first called. */
static inline void sim_asked_note(const arena_env *env, int e, int s, int64_t turns, int32_t k) {
    sim_asked *a = atomic_load_explicit(&((arena_env *)env)->asked, memory_order_acquire);
    if (!a) return;
    sim_acted *x = &a->acted[(size_t)e * (size_t)env->seats + (size_t)s];
    x->turn = turns;
    x->action = k;
}

/* sim_setup.c: the setup of env (-1 when out of memory), a copy of one, freeing one, and whether a
 * snapshot's setup fits env's (0; -1 with the first difference named). */
int sim_setup_of(sim_setup *s, const arena_env *env);
int sim_setup_copy(sim_setup *dst, const sim_setup *src);
void sim_setup_free(sim_setup *s);
int sim_setup_check(const sim_setup *snap, const sim_setup *env);

/* sim_snapshot.c: copies one record and game from (src_rec, src_state) to (dst_rec, dst_state);
 * false, the reason in why, when the copy itself failed (the game's copy ran out of memory: dst is
 * then a game that could not go on, rules.failed). */
bool sim_snapshot_copy(const arena_env *env, void *dst_rec, void *dst_state, const void *src_rec,
                       const void *src_state, buf_t *why);
#endif
