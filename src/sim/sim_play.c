/* sim_play.c: one environment's game, as the referee plays it: who acts, the agents' checked
 * actions and the built-in bots' moves (view -> act -> validate, as match.c's built-in seats),
 * apply, the bot-only turns up to the agents' next turn, the game's end and its restart, and the
 * buffers of that environment. No threads here, no allocation. */
#include "sim.h"
#include <stdio.h>
#include <string.h>

static inline unsigned char *enc_mem(const arena_env *env, sim_rec *r, int s) {
    return (unsigned char *)r + env->enc_off[s];
}

static inline unsigned char *bot_mem(const arena_env *env, sim_rec *r, int s) {
    return (unsigned char *)r + env->bot_off[s];
}

static inline unsigned char *pending(const arena_env *env, int e, int s) {
    return env->pending + ((size_t)e * (size_t)env->seats + (size_t)s) * env->g->action_size;
}

/* The running scores (game.h sim.score; else the result's scores). */
static void running_scores(const arena_env *env, const void *st, double *out) {
    if (env->g->sim->score) {
        env->g->sim->score(st, out);
        return;
    }
    int ranks[GAME_MAX_SEATS];
    env->g->rules.result(st, out, ranks);
}

/* The game's and the bots' functions a bots-only batch calls every turn, read once per batch into
 * a local (bots_fns): through env, each call is two or three dependent loads, repeated after every
 * call (the compiler cannot know that a call leaves env alone). */
typedef struct {
    void (*view)(const void *st, int seat, void *view);
    int (*validate)(const void *st, int seat, const void *action, buf_t *why);
    void (*apply)(void *st, const void *actions, const seat_turn *turns, rng_t *rng);
    uint32_t (*acting)(const void *st);
    void (*score)(const void *st, double *scores);
    bool (*act[GAME_MAX_SEATS])(void *memory, const void *view, void *action, rng_t *rng);
} bots_fns;

/* The functions of a bots-only batch when every one is there (game_sim.acting and .score, every
 * bot an untimed act) and a turn's actions fit in SIM_ACTS_SMALL bytes (Chicken's 16, Splitter's
 * 12: zeroed in one store): false sends the batch through the general loop. */
enum { SIM_ACTS_SMALL = 16 };
static bool bots_fns_of(const arena_env *env, bots_fns *f) {
    const game_t *g = env->g;
    *f = (bots_fns){g->rules.view, g->rules.validate, g->rules.apply, g->sim->acting, g->sim->score, {NULL}};
    if (!f->acting || !f->score || env->act_bytes > SIM_ACTS_SMALL) return false;
    for (int s = 0; s < env->seats; s++) {
        if (!env->bot[s] || env->bot[s]->act_timed || !env->bot[s]->act) return false;
        f->act[s] = env->bot[s]->act;
    }
    return true;
}

/* r->acting from the game: the seats in to_act's mask, none once it is over. Inline: it follows
 * every turn. seats: env->seats, a constant where the batch loop is specialised (sim_play_steps);
 * f: a bots-only batch's functions, or NULL. */
static inline __attribute__((always_inline)) void refresh_to_act(const arena_env *env, void *st, sim_rec *r,
                                                                 const int seats, const bots_fns *f) {
    if (f) {
        r->acting = f->acting(st);
        return;
    }
    if (env->g->sim->acting) { /* one call, not two and a mask */
        r->acting = env->g->sim->acting(st);
        return;
    }
    r->acting = 0;
    if (env->g->rules.is_over(st)) return;
    bool mask[GAME_MAX_SEATS] = {false};
    env->g->rules.to_act(st, mask);
    uint32_t acting = 0;
    for (int s = 0; s < seats; s++) acting |= (uint32_t)mask[s] << s;
    r->acting = acting;
}

static inline bool is_cut(const arena_env *env, const sim_rec *r) { return env->max_steps && r->turns >= env->max_steps; }

bool sim_play_start(arena_env *env, int e, uint64_t game_seed, buf_t *err) {
    const game_t *g = env->g;
    sim_rec *r = sim_rec_of(env, e);
    r->game_seed = game_seed;
    r->turns = 0;
    r->moved = 0;
    r->ended = r->failed = false;
    sim_asked_new_line(env, e);
    rng_seed(&r->match, game_seed, RNG_STREAM_MATCH);
    for (int s = 0; s < env->seats; s++) {
        memset(enc_mem(env, r, s), 0, g->sim->memory_size);
        if (!env->bot[s]) continue;
        /* as seat.c seeds a built-in seat, so a game here is the game `arena play --seed` plays */
        rng_seed(sim_rec_bot_rng(env, r, s), game_seed, RNG_STREAM_BOT + (uint64_t)s);
        memset(bot_mem(env, r, s), 0, env->bot[s]->memory_size);
    }
    game_setup setup = {env->seats, &env->options, game_seed, &r->match};
    if (!env->state[e]) {
        env->state[e] = g->rules.create(&setup, err);
        if (!env->state[e]) return false;
    } else if (!g->sim->restart(env->state[e], &setup, err)) {
        /* out of memory (the options were checked at creation): a game that could not start, whose
         * half-made state nobody may look at (sim_play_write_fresh writes its rows as failed) */
        r->acting = 0;
        r->ended = r->failed = true;
        return false;
    }
    refresh_to_act(env, env->state[e], r, env->seats, NULL);
    running_scores(env, env->state[e], sim_rec_scores(env, r));
    return true;
}

bool sim_play_check(arena_env *env, int e, sim_scratch *sc) {
    const game_t *g = env->g;
    void *st = env->state[e];
    sim_rec *r = sim_rec_of(env, e);
    uint32_t asked = r->acting & env->agent_bits;
    if (!asked) return true;
    const int32_t *act = env->buf[SIM_ACTION] ? (const int32_t *)env->buf[SIM_ACTION] + (size_t)e * env->agents : NULL;
    for (int s = 0; s < env->seats; s++) {
        if (!(asked >> s & 1)) continue;
        int a = env->agent_of[s];
        if (!act) {
            snprintf(sc->error, sizeof sc->error,
                     "environment %d: agent %d (seat %d) must act, but no \"action\" buffer is bound", e, a, s);
            return false;
        }
        int32_t k = act[a];
        if (k < 0 || k >= env->shape.actions) {
            snprintf(sc->error, sizeof sc->error, "environment %d, agent %d (seat %d): action %d is out of range 0..%d",
                     e, a, s, (int)k, env->shape.actions - 1);
            return false;
        }
        void *typed = pending(env, e, s);
        memset(typed, 0, g->action_size);
        g->rules.view(st, s, sc->view);
        g->sim->action(sc->view, enc_mem(env, r, s), k, typed);
        if (g->rules.validate && g->rules.validate(st, s, typed, NULL) != 0) {
            buf_t why, wire;
            buf_init(&why);
            buf_init(&wire);
            g->rules.validate(st, s, typed, &why);
            if (g->wire.encode_action) g->wire.encode_action(typed, &wire);
            snprintf(sc->error, sizeof sc->error,
                     "environment %d, agent %d (seat %d): action %d (\"%s\") is illegal now: %s (see the \"mask\" buffer)",
                     e, a, s, (int)k, g->wire.transport == TRANSPORT_RECORDS ? "record" : buf_cstr(&wire), buf_cstr(&why));
            buf_free(&why);
            buf_free(&wire);
            return false;
        }
        sim_asked_note(env, e, s, r->turns, k);
    }
    return true;
}

/* One turn: the agents' checked actions (agents_act: the first turn of a step) and the bots'
 * moves, then apply. Always inline (and play_until_agents too): they are most of a step, and as
 * calls their saving and restoring of registers alone cost about a tenth of Chicken's engine turn. */
static inline __attribute__((always_inline)) void play_turn(arena_env *env, int e, bool agents_act, sim_scratch *sc,
                                                            const int seats, const bool all_bots, const bots_fns *f) {
    const game_t *g = env->g;
    void *st = env->state[e];
    sim_rec *r = sim_rec_of(env, e);
    size_t asz = g->action_size;
    seat_turn turns[GAME_MAX_SEATS];
    /* the turn's actions zeroed, as the referee does: the first line in four stores (the scratch
     * block has a line at least), the rest only where seats x action_size is longer (a call to
     * memset of a size known only at run time costs more than Chicken's whole seat loop) */
    if (f) {
        memset(sc->actions, 0, SIM_ACTS_SMALL); /* bots_fns_of: they fit */
    } else {
        memset(sc->actions, 0, SIM_LINE);
        if (env->act_bytes > SIM_LINE) memset(sc->actions + SIM_LINE, 0, env->act_bytes - SIM_LINE);
    }
    uint32_t acting = r->acting;
    for (int s = 0; s < seats; s++) {
        seat_turn *t = &turns[s];
        memset(t, 0, sizeof *t); /* two stores; `= (seat_turn){0}` built the zero on the stack first */
        if (!(acting >> s & 1)) continue;
        void *a = sc->actions + (size_t)s * asz;
        t->asked = true;
        if (!all_bots && !env->bot[s]) {
            if (!agents_act) continue; /* cannot happen: turns stop at an agent's turn */
            memcpy(a, pending(env, e, s), asz);
            t->has_action = true;
            if (g->sim->memory_size) {
                g->rules.view(st, s, sc->view);
                g->sim->remember(enc_mem(env, r, s), sc->view, a);
            }
            continue;
        }
        if (f) {
            f->view(st, s, sc->view);
            t->has_action = f->act[s](bot_mem(env, r, s), sc->view, a, sim_rec_bot_rng(env, r, s));
            if (t->has_action && f->validate && f->validate(st, s, a, NULL) != 0) {
                t->verdict = VERDICT_INVALID;
                t->cause = CAUSE_ILLEGAL;
            }
            continue;
        }
        g->rules.view(st, s, sc->view);
        /* game_bot_act without a clock, spelled out: a call less on every bot's turn */
        const game_bot *b = env->bot[s];
        t->has_action = b->act_timed ? b->act_timed(bot_mem(env, r, s), sc->view, a, sim_rec_bot_rng(env, r, s), NULL)
                                     : b->act(bot_mem(env, r, s), sc->view, a, sim_rec_bot_rng(env, r, s));
        if (t->has_action && g->rules.validate && g->rules.validate(st, s, a, NULL) != 0) {
            t->verdict = VERDICT_INVALID;
            t->cause = CAUSE_ILLEGAL;
        }
    }
    if (f) f->apply(st, sc->actions, turns, &r->match);
    else g->rules.apply(st, sc->actions, turns, &r->match);
    r->moved |= acting;
    r->turns++;
    refresh_to_act(env, st, r, seats, f);
}

/* Plays turns (the agents' checked actions in the first when agents_act) until an agent must act,
 * the game ends or is cut; with no agents at all, one turn. */
static inline __attribute__((always_inline)) void play_until_agents(arena_env *env, int e, bool agents_act,
                                                                   sim_scratch *sc, const int seats) {
    sim_rec *r = sim_rec_of(env, e);
    if (!agents_act && (env->agents == 0 || (r->acting & env->agent_bits))) return;
    while ((r->acting || !env->g->rules.is_over(env->state[e])) && !is_cut(env, r)) {
        play_turn(env, e, agents_act, sc, seats, false, NULL);
        agents_act = false;
        if (env->agents == 0 || (r->acting & env->agent_bits)) return;
    }
}

bool sim_play_begin(arena_env *env, int e, uint64_t game_seed, sim_scratch *sc, buf_t *err) {
    if (!sim_play_start(env, e, game_seed, err)) return false;
    /* the bots' turns before an agent's first (Chicken: a bot playing A moves first) belong to no
     * step: the rewards count from the agents' first turn */
    play_until_agents(env, e, false, sc, env->seats);
    sim_rec *r = sim_rec_of(env, e);
    /* cut already (max_steps no more than the bots' turns before an agent's first): nobody acts,
     * and the first step reports the truncation (an agent shown on move was ignored, and with
     * autoreset=0 the game waited for a reset without ever saying it was cut) */
    if (is_cut(env, r)) r->acting = 0;
    running_scores(env, env->state[e], sim_rec_scores(env, r));
    return true;
}

/* obs, mask and to_act of every agent of e, for the game as it stands. Every agent's observation
 * is its view now, on move or not, so that the buffers are a function of the state alone (a
 * restored environment writes what it wrote when it was saved). */
static void write_agents(arena_env *env, int e, sim_scratch *sc) {
    const game_t *g = env->g;
    const void *st = env->state[e];
    sim_rec *r = sim_rec_of(env, e);
    uint8_t *to_act = env->buf[SIM_TO_ACT] ? (uint8_t *)env->buf[SIM_TO_ACT] + (size_t)e * env->agents : NULL;
    unsigned char *obs = env->buf[SIM_OBS] ? (unsigned char *)env->buf[SIM_OBS] + (size_t)e * env->agents * env->obs_bytes
                                           : NULL;
    size_t na = (size_t)env->shape.actions;
    uint8_t *legal = env->buf[SIM_MASK] ? (uint8_t *)env->buf[SIM_MASK] + (size_t)e * env->agents * na : NULL;
    for (int a = 0; a < env->agents; a++) {
        int s = env->agent_seat[a];
        bool on_move = r->acting >> s & 1;
        if (to_act) to_act[a] = on_move;
        if (legal && !on_move) memset(legal + (size_t)a * na, 0, na); /* no legal action off move */
        if (!obs && !(legal && on_move)) continue;
        g->rules.view(st, s, sc->view);
        if (obs) g->sim->encode(sc->view, enc_mem(env, r, s), obs + (size_t)a * env->obs_bytes);
        if (legal && on_move) g->sim->legal(sc->view, enc_mem(env, r, s), legal + (size_t)a * na);
    }
}

/* A few values per seat: a loop, not a call to memcpy. */
static void write_seats(arena_env *env, int e, sim_buf b, const double *v) {
    if (!env->buf[b]) return;
    double *out = (double *)env->buf[b] + (size_t)e * env->seats;
    for (int s = 0; s < env->seats; s++) out[s] = v[s];
}

/* The rows of a game that could not start or go on (arena.h): "failed" 1, the seed of that game,
 * and zeroes for obs, mask and to_act (nobody acts in it: the views of a half-made game would be
 * garbage, and the last step's were stale) and, with end_entries, for the end-of-game entries
 * (reward, terminated, truncated, score, result, rank: its result is meaningless). A step in which
 * a game ended and the next could not start keeps those of the ended game (end_entries false), as
 * for any game that ends in a step. Out of line: rare. */
static __attribute__((noinline)) void write_failed(arena_env *env, int e, bool end_entries) {
    void *const *buf = env->buf;
    size_t A = (size_t)env->agents, S = (size_t)env->seats, na = (size_t)env->shape.actions;
    if (buf[SIM_OBS]) memset((unsigned char *)buf[SIM_OBS] + (size_t)e * A * env->obs_bytes, 0, A * env->obs_bytes);
    if (buf[SIM_MASK]) memset((uint8_t *)buf[SIM_MASK] + (size_t)e * A * na, 0, A * na);
    if (buf[SIM_TO_ACT]) memset((uint8_t *)buf[SIM_TO_ACT] + (size_t)e * A, 0, A);
    if (buf[SIM_SEED]) ((uint64_t *)buf[SIM_SEED])[e] = sim_rec_of(env, e)->game_seed;
    if (buf[SIM_FAILED]) ((uint8_t *)buf[SIM_FAILED])[e] = 1;
    if (!end_entries) return;
    if (buf[SIM_REWARD]) memset((float *)buf[SIM_REWARD] + (size_t)e * A, 0, sizeof(float) * A);
    if (buf[SIM_TERMINATED]) ((uint8_t *)buf[SIM_TERMINATED])[e] = 0;
    if (buf[SIM_TRUNCATED]) ((uint8_t *)buf[SIM_TRUNCATED])[e] = 0;
    if (buf[SIM_SCORE]) memset((double *)buf[SIM_SCORE] + (size_t)e * S, 0, sizeof(double) * S);
    if (buf[SIM_RESULT]) memset((double *)buf[SIM_RESULT] + (size_t)e * S, 0, sizeof(double) * S);
    if (buf[SIM_RANK]) memset((int32_t *)buf[SIM_RANK] + (size_t)e * S, 0, sizeof(int32_t) * S);
}

bool sim_play_check_failed(arena_env *env, int e, sim_scratch *sc) {
    sim_rec *r = sim_rec_of(env, e);
    buf_reset(&sc->why);
    r->failed = env->g->rules.failed && env->g->rules.failed(env->state[e], &sc->why);
    if (r->failed) r->acting = 0, r->ended = true;
    return r->failed;
}

void sim_play_write_fresh(arena_env *env, int e, sim_scratch *sc) {
    sim_rec *r = sim_rec_of(env, e);
    if (r->failed) {
        write_failed(env, e, true);
        return;
    }
    if (env->buf[SIM_FAILED]) ((uint8_t *)env->buf[SIM_FAILED])[e] = 0;
    write_agents(env, e, sc);
    double zero[GAME_MAX_SEATS] = {0};
    write_seats(env, e, SIM_SCORE, sim_rec_scores(env, r));
    write_seats(env, e, SIM_RESULT, zero);
    if (env->buf[SIM_RANK]) memset((int32_t *)env->buf[SIM_RANK] + (size_t)e * env->seats, 0, sizeof(int32_t) * (size_t)env->seats);
    if (env->buf[SIM_REWARD]) memset((float *)env->buf[SIM_REWARD] + (size_t)e * env->agents, 0, sizeof(float) * (size_t)env->agents);
    if (env->buf[SIM_TERMINATED]) ((uint8_t *)env->buf[SIM_TERMINATED])[e] = 0;
    if (env->buf[SIM_TRUNCATED]) ((uint8_t *)env->buf[SIM_TRUNCATED])[e] = 0;
    if (env->buf[SIM_SEED]) ((uint64_t *)env->buf[SIM_SEED])[e] = r->game_seed;
}

/* The end-of-game buffers (terminated, truncated, result, rank, failed; with scores, "score") of
 * environments [lo, hi) zeroed in one pass per batch: they stay 0 but in a step that ends a game,
 * which then writes its row (step_end). Four stores a seat less in every other step. */
static void zero_ends(arena_env *env, int lo, int hi, bool scores) {
    void *const *buf = env->buf;
    size_t n = (size_t)(hi - lo), row = (size_t)lo * (size_t)env->seats, cells = n * (size_t)env->seats;
    if (scores && buf[SIM_SCORE]) memset((double *)buf[SIM_SCORE] + row, 0, cells * sizeof(double));
    if (buf[SIM_TERMINATED]) memset((uint8_t *)buf[SIM_TERMINATED] + lo, 0, n);
    if (buf[SIM_TRUNCATED]) memset((uint8_t *)buf[SIM_TRUNCATED] + lo, 0, n);
    if (buf[SIM_FAILED]) memset((uint8_t *)buf[SIM_FAILED] + lo, 0, n);
    if (buf[SIM_RESULT]) memset((double *)buf[SIM_RESULT] + row, 0, cells * sizeof(double));
    if (buf[SIM_RANK]) memset((int32_t *)buf[SIM_RANK] + row, 0, cells * sizeof(int32_t));
}

/* A step that ended e's game (over, or cut at max_steps): its result and ranks into the buffers,
 * and the running scores of the final position into now. Out of line: once a game. */
static __attribute__((noinline)) void step_end(arena_env *env, int e, bool over, double *now) {
    const game_t *g = env->g;
    const void *st = env->state[e];
    int seats = env->seats;
    double result[GAME_MAX_SEATS];
    int ranks[GAME_MAX_SEATS];
    g->rules.result(st, result, ranks);
    /* the running scores of a game over are its result's when the game says so (or has no score
     * hook): one scoring of the final position, not two (Splitter's is a flood fill) */
    if (over && (!g->sim->score || g->sim->score_ends_as_result))
        memcpy(now, result, sizeof(double) * (size_t)seats);
    else
        running_scores(env, st, now);
    void *const *buf = env->buf;
    if (buf[SIM_TERMINATED]) ((uint8_t *)buf[SIM_TERMINATED])[e] = over;
    if (buf[SIM_TRUNCATED]) ((uint8_t *)buf[SIM_TRUNCATED])[e] = !over;
    size_t row = (size_t)e * (size_t)seats;
    if (buf[SIM_RESULT]) memcpy((double *)buf[SIM_RESULT] + row, result, sizeof(double) * (size_t)seats);
    if (buf[SIM_RANK]) memcpy((int32_t *)buf[SIM_RANK] + row, ranks, sizeof(int32_t) * (size_t)seats);
}

/* A failed game of e (r->failed) named in the step's error when e is the lowest this thread saw,
 * with the game's reason (rules.failed) into sc->why, which has its room from the creation: nothing
 * is allocated when memory has run out. */
static void report_failed(arena_env *env, int e, sim_scratch *sc) {
    if (sc->error_env >= 0 && e >= sc->error_env) return;
    const game_t *g = env->g;
    sc->error_env = e;
    buf_reset(&sc->why);
    if (!g->rules.failed || !g->rules.failed(env->state[e], &sc->why)) buf_puts(&sc->why, "its game could not start");
    snprintf(sc->error, sizeof sc->error,
             "environment %d: the %s game could not go on: %s (it is abandoned: reset the environment)", e, g->id,
             buf_cstr(&sc->why));
}

/* The next game of e after one ended in a step (autoreset); false when it could not start (out of
 * memory: the options were checked when the environments were created), which the step reports,
 * the ended game's entries kept. Out of line: once a game. */
static __attribute__((noinline)) bool step_restart(arena_env *env, int e, sim_scratch *sc) {
    buf_t err;
    buf_init(&err);
    bool ok = sim_play_begin(env, e, rng_next(&sim_rec_of(env, e)->games) & RNG_SEED_MAX, sc, &err);
    buf_free(&err);
    if (!ok) {
        report_failed(env, e, sc);
        write_failed(env, e, false);
    }
    return ok;
}

/* A game that could not go on (rules.failed: Rezzo's engine ran out of memory) is over, its result
 * meaningless: it is neither reported as ended nor restarted but kept, nobody to act, its rows
 * write_failed's, and every step fails naming it (the lowest such environment's, as a bad
 * action's) until it is reset. Out of line: rare. */
static __attribute__((noinline)) bool step_failed(arena_env *env, int e, sim_scratch *sc) {
    if (!sim_rec_of(env, e)->failed) {
        buf_reset(&sc->why);
        if (!env->g->rules.failed(env->state[e], &sc->why)) return false;
        sim_rec *r = sim_rec_of(env, e);
        r->acting = 0;
        r->ended = r->failed = true;
    }
    report_failed(env, e, sc);
    write_failed(env, e, true);
    return true;
}

/* The step of environment e with the checked actions: plays it, restarts a finished game and
 * writes every bound buffer of e but the end-of-game ones, which zero_ends zeroed and step_end
 * writes when the game ended. seats: env->seats, a constant in sim_play_steps' loops. */
static inline __attribute__((always_inline)) void step_env(arena_env *env, int e, sim_scratch *sc, const int seats) {
    const game_t *g = env->g;
    void *st = env->state[e];
    sim_rec *r = sim_rec_of(env, e);
    if (r->ended) {
        /* autoreset=0: a finished game, its end reported, waits for a reset; its step changes nothing.
         * A failed game (any autoreset) waits too, and fails every step. */
        if (r->failed && step_failed(env, e, sc)) return;
        sim_play_write_fresh(env, e, sc);
        return;
    }
    play_until_agents(env, e, true, sc, seats);
    bool over = !r->acting && g->rules.is_over(st), ended = over || is_cut(env, r);
    if (over && g->rules.failed && step_failed(env, e, sc)) return;
    void *const *buf = env->buf;
    double *kept = sim_rec_scores(env, r);
    /* the new running scores go straight into the record unless a reward needs the old ones */
    double fresh[GAME_MAX_SEATS];
    double *now = buf[SIM_REWARD] ? fresh : kept;
    if (ended) step_end(env, e, over, now);
    else running_scores(env, st, now);
    if (buf[SIM_REWARD]) {
        float *rw = (float *)buf[SIM_REWARD] + (size_t)e * env->agents;
        for (int a = 0; a < env->agents; a++) rw[a] = (float)(now[env->agent_seat[a]] - kept[env->agent_seat[a]]);
        for (int s = 0; s < seats; s++) kept[s] = now[s];
    }
    if (buf[SIM_SCORE]) {
        double *score = (double *)buf[SIM_SCORE] + (size_t)e * (size_t)seats;
        for (int s = 0; s < seats; s++) score[s] = kept[s];
    }
    if (ended && env->autoreset) {
        if (!step_restart(env, e, sc)) return;
    } else if (ended) r->acting = 0, r->ended = true; /* a cut game has nobody to act either */
    if (buf[SIM_SEED]) ((uint64_t *)buf[SIM_SEED])[e] = r->game_seed;
    if (env->agents) write_agents(env, e, sc);
}

/* step_env for any seat count, out of line: the bots' loop below hands it the rare cases. */
static __attribute__((noinline)) void step_env_any(arena_env *env, int e, sim_scratch *sc) {
    step_env(env, e, sc, env->seats);
}

/* After a bots-only turn that ended e's game: the end's buffers, the running scores, the next
 * game (autoreset) and its seed. Out of line: once a game. */
static __attribute__((noinline)) void bots_ended(arena_env *env, int e, sim_scratch *sc, bool over) {
    sim_rec *r = sim_rec_of(env, e);
    double *kept = sim_rec_scores(env, r);
    step_end(env, e, over, kept);
    if (env->buf[SIM_SCORE]) memcpy((double *)env->buf[SIM_SCORE] + (size_t)e * (size_t)env->seats, kept,
                                    sizeof(double) * (size_t)env->seats);
    if (!step_restart(env, e, sc)) return;
    if (env->buf[SIM_SEED]) ((uint64_t *)env->buf[SIM_SEED])[e] = r->game_seed;
}

/* Every seat a built-in bot and games restarting themselves (autoreset): a step is exactly one
 * turn of every game, played here without step_env's general case (the turns up to an agent's,
 * rewards, observations, a game waiting for its reset), so that the bookkeeping around a turn is
 * little more than the engine's own loop's: the running scores into the record and the "score"
 * row, and the seed. A game that is over or cut before its turn (none is, with autoreset) and
 * a game that ends take the out-of-line paths. */
static inline __attribute__((always_inline)) void steps_bots(arena_env *env, int lo, int hi, sim_scratch *sc,
                                                             const int seats, const bool scored_at_end,
                                                             const bool cut, const bots_fns *f) {
    /* the batch's constants in locals (bound buffers do not change during a step) */
    double *const score_buf = env->buf[SIM_SCORE];
    uint64_t *const seed_buf = env->buf[SIM_SEED];
    for (int e = lo; e < hi; e++) {
        sim_rec *r = sim_rec_of(env, e);
        /* cut: env->max_steps is set (a constant for the batch, so the tests go where it is 0) */
        if (!r->acting || (cut && is_cut(env, r))) {
            step_env_any(env, e, sc);
            continue;
        }
        play_turn(env, e, false, sc, seats, true, f);
        void *st = env->state[e];
        bool over = !r->acting && env->g->rules.is_over(st);
        if (over || (cut && is_cut(env, r))) {
            if (over && env->g->rules.failed && step_failed(env, e, sc)) continue;
            bots_ended(env, e, sc, over);
            continue;
        }
        /* scored_at_end (game_sim.score_only_at_end): the record keeps sim_play_start's zeroes
         * until the game ends, and the "score" rows were zeroed with the end-of-game rows */
        if (!scored_at_end) {
            double *kept = sim_rec_scores(env, r);
            if (f) f->score(st, kept);
            else running_scores(env, st, kept);
            if (score_buf) {
                double *score = score_buf + (size_t)e * (size_t)seats;
                for (int s = 0; s < seats; s++) score[s] = kept[s];
            }
        }
        if (seed_buf) seed_buf[e] = r->game_seed;
    }
}

void sim_play_steps(arena_env *env, int lo, int hi, sim_scratch *sc) {
    bool bots = env->agents == 0 && env->autoreset;
    /* with bots only, a game scored only at its end has "score" rows of 0 but where it ended */
    zero_ends(env, lo, hi, bots && env->g->sim->score_only_at_end);
    /* the seat loops unrolled for the usual seat counts (Splitter and Rezzo 1, Chicken and SuiteBot
     * 2, Rising Tide 4) */
    if (bots) {
        /* scored_at_end is Splitter's (one seat): the others call the score hook, which is right
         * for any game (the hook gives the zeroes) */
        if (env->max_steps) {
            steps_bots(env, lo, hi, sc, env->seats, false, true, NULL);
            return;
        }
        /* the game's and bots' functions in a local, where the game has the hooks (Chicken and
         * Splitter: the targets of "90% of the engine-only rate") */
        bots_fns f;
        bool lean = bots_fns_of(env, &f);
        switch (env->seats) {
        case 1:
            if (lean && env->g->sim->score_only_at_end) steps_bots(env, lo, hi, sc, 1, true, false, &f);
            else if (lean) steps_bots(env, lo, hi, sc, 1, false, false, &f);
            else if (env->g->sim->score_only_at_end) steps_bots(env, lo, hi, sc, 1, true, false, NULL);
            else steps_bots(env, lo, hi, sc, 1, false, false, NULL);
            return;
        case 2:
            if (lean) steps_bots(env, lo, hi, sc, 2, false, false, &f);
            else steps_bots(env, lo, hi, sc, 2, false, false, NULL);
            return;
        case 4: steps_bots(env, lo, hi, sc, 4, false, false, NULL); return;
        default: steps_bots(env, lo, hi, sc, env->seats, false, false, NULL); return;
        }
    }
    switch (env->seats) {
    case 1:
        for (int e = lo; e < hi; e++) step_env(env, e, sc, 1);
        break;
    case 2:
        for (int e = lo; e < hi; e++) step_env(env, e, sc, 2);
        break;
    case 4:
        for (int e = lo; e < hi; e++) step_env(env, e, sc, 4);
        break;
    default:
        for (int e = lo; e < hi; e++) step_env(env, e, sc, env->seats);
        break;
    }
}

/* Masks hold bytes 0 or 1: eight at a time, a word's bytes add up through one multiplication. */
static inline uint32_t word_ones(const uint8_t *p) {
    uint64_t w;
    memcpy(&w, p, 8);
    return (uint32_t)((w * 0x0101010101010101ULL) >> 56);
}

static uint32_t ones(const uint8_t *m, size_t n) {
    uint32_t c = 0;
    size_t k = 0;
    for (; k + 8 <= n; k += 8) c += word_ones(m + k);
    for (; k < n; k++) c += m[k];
    return c;
}

/* The index of the (pick+1)-th 1 of m (pick < ones(m, n)). */
static int32_t nth_one(const uint8_t *m, size_t n, uint32_t pick) {
    size_t k = 0;
    for (uint32_t c; k + 8 <= n && (c = word_ones(m + k)) <= pick; k += 8) pick -= c;
    for (; k < n; k++)
        if (m[k] && pick-- == 0) return (int32_t)k;
    return 0;
}

/* The (pick+1)-th legal action of a uniform pick among the count legal ones, one draw. */
static int32_t sample_plain(const uint8_t *m, size_t n, rng_t *rng) {
    uint32_t count = ones(m, n);
    return count ? nth_one(m, n, rng_below(rng, count)) : 0;
}

/* A long mask (Rising Tide's 2,593 actions) in blocks of 64 bytes: the count of each block is
 * its four 16-byte vectors added lane by lane (GCC/Clang vector extension: a lane reaches 4),
 * the vector's two words added (8) and one multiplication, and the pick walks the block counts,
 * then one block, where nth_one's walk over every word, each waiting on the last, was a sixth of
 * a Rising Tide step (and eight words a block added one by one, a tenth). The same draw and the
 * same action as sample_plain. */
enum { SIM_BLOCK = 64, SIM_BLOCKS = 64 };
typedef uint8_t sim_u8x16 __attribute__((vector_size(16)));
static inline sim_u8x16 load16(const uint8_t *p) {
    sim_u8x16 x;
    memcpy(&x, p, 16);
    return x;
}
static int32_t sample_blocks(const uint8_t *m, size_t n, rng_t *rng) {
    uint8_t block[SIM_BLOCKS];
    size_t full = n / SIM_BLOCK;
    uint32_t count = 0;
    for (size_t b = 0; b < full; b++) {
        const uint8_t *p = m + b * SIM_BLOCK;
        sim_u8x16 v = load16(p) + load16(p + 16) + load16(p + 32) + load16(p + 48);
        uint64_t lo, hi;
        memcpy(&lo, &v, 8);
        memcpy(&hi, (const unsigned char *)&v + 8, 8);
        block[b] = (uint8_t)(((lo + hi) * 0x0101010101010101ULL) >> 56);
        count += block[b];
    }
    size_t rest = n - full * SIM_BLOCK;
    count += ones(m + full * SIM_BLOCK, rest);
    if (!count) return 0;
    uint32_t pick = rng_below(rng, count);
    size_t b = 0;
    while (b < full && block[b] <= pick) pick -= block[b++];
    return (int32_t)(b * SIM_BLOCK) + nth_one(m + b * SIM_BLOCK, b < full ? SIM_BLOCK : rest, pick);
}

void sim_play_sample(arena_env *env, int e, sim_scratch *sc) {
    const game_t *g = env->g;
    sim_rec *r = sim_rec_of(env, e);
    int32_t *act = (int32_t *)env->buf[SIM_ACTION] + (size_t)e * env->agents;
    size_t na = (size_t)env->shape.actions;
    for (int a = 0; a < env->agents; a++) {
        int s = env->agent_seat[a];
        if (!(r->acting >> s & 1)) continue;
        /* the bound mask is the one the last call wrote for this very position */
        const uint8_t *legal = env->buf[SIM_MASK] ? (const uint8_t *)env->buf[SIM_MASK] + ((size_t)e * env->agents + a) * na : NULL;
        if (!legal) {
            g->rules.view(env->state[e], s, sc->view);
            g->sim->legal(sc->view, enc_mem(env, r, s), sc->mask);
            legal = sc->mask;
        }
        act[a] = na >= 2 * SIM_BLOCK && na <= SIM_BLOCK * SIM_BLOCKS ? sample_blocks(legal, na, &r->sample)
                                                                       : sample_plain(legal, na, &r->sample);
    }
}
