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

/* r->acting from the game: the seats in to_act's mask, none once it is over. Inline: it follows
 * every turn. */
static inline void refresh_to_act(const arena_env *env, void *st, sim_rec *r) {
    r->acting = 0;
    if (env->g->rules.is_over(st)) return;
    bool mask[GAME_MAX_SEATS] = {false};
    env->g->rules.to_act(st, mask);
    uint32_t acting = 0;
    for (int s = 0; s < env->seats; s++) acting |= (uint32_t)mask[s] << s;
    r->acting = acting;
}

static inline bool is_cut(const arena_env *env, const sim_rec *r) { return env->max_steps && r->turns >= env->max_steps; }

bool sim_play_start(arena_env *env, int e, uint64_t game_seed, buf_t *err) {
    const game_t *g = env->g;
    sim_rec *r = sim_rec_of(env, e);
    r->game_seed = game_seed;
    r->turns = 0;
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
        return false;
    }
    refresh_to_act(env, env->state[e], r);
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
    }
    return true;
}

/* One turn: the agents' checked actions (agents_act: the first turn of a step) and the bots'
 * moves, then apply. Always inline (and play_until_agents too): they are most of a step, and as
 * calls their saving and restoring of registers alone cost about a tenth of Chicken's engine turn. */
static inline __attribute__((always_inline)) void play_turn(arena_env *env, int e, bool agents_act, sim_scratch *sc) {
    const game_t *g = env->g;
    void *st = env->state[e];
    sim_rec *r = sim_rec_of(env, e);
    size_t asz = g->action_size;
    seat_turn turns[GAME_MAX_SEATS];
    memset(sc->actions, 0, (size_t)env->seats * asz);
    uint32_t acting = r->acting;
    for (int s = 0; s < env->seats; s++) {
        seat_turn *t = &turns[s];
        memset(t, 0, sizeof *t); /* two stores; `= (seat_turn){0}` built the zero on the stack first */
        if (!(acting >> s & 1)) continue;
        void *a = sc->actions + (size_t)s * asz;
        t->asked = true;
        if (!env->bot[s]) {
            if (!agents_act) continue; /* cannot happen: turns stop at an agent's turn */
            memcpy(a, pending(env, e, s), asz);
            t->has_action = true;
            if (g->sim->memory_size) {
                g->rules.view(st, s, sc->view);
                g->sim->remember(enc_mem(env, r, s), sc->view, a);
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
    g->rules.apply(st, sc->actions, turns, &r->match);
    r->turns++;
    refresh_to_act(env, st, r);
}

/* Plays turns (the agents' checked actions in the first when agents_act) until an agent must act,
 * the game ends or is cut; with no agents at all, one turn. */
static inline __attribute__((always_inline)) void play_until_agents(arena_env *env, int e, bool agents_act,
                                                                   sim_scratch *sc) {
    sim_rec *r = sim_rec_of(env, e);
    if (!agents_act && (env->agents == 0 || (r->acting & env->agent_bits))) return;
    while ((r->acting || !env->g->rules.is_over(env->state[e])) && !is_cut(env, r)) {
        play_turn(env, e, agents_act, sc);
        agents_act = false;
        if (env->agents == 0 || (r->acting & env->agent_bits)) return;
    }
}

bool sim_play_begin(arena_env *env, int e, uint64_t game_seed, sim_scratch *sc, buf_t *err) {
    if (!sim_play_start(env, e, game_seed, err)) return false;
    /* the bots' turns before an agent's first (Chicken: a bot playing A moves first) belong to no
     * step: the rewards count from the agents' first turn */
    play_until_agents(env, e, false, sc);
    running_scores(env, env->state[e], sim_rec_scores(env, sim_rec_of(env, e)));
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

void sim_play_write_fresh(arena_env *env, int e, sim_scratch *sc) {
    sim_rec *r = sim_rec_of(env, e);
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

void sim_play_step(arena_env *env, int e, sim_scratch *sc) {
    const game_t *g = env->g;
    void *st = env->state[e];
    sim_rec *r = sim_rec_of(env, e);
    if (!env->autoreset && ((!r->acting && g->rules.is_over(st)) || is_cut(env, r))) {
        /* autoreset=0: a finished game waits for a reset; its step changes nothing */
        sim_play_write_fresh(env, e, sc);
        return;
    }
    play_until_agents(env, e, true, sc);
    bool over = !r->acting && g->rules.is_over(st), cut = !over && is_cut(env, r);
    int seats = env->seats;
    double now[GAME_MAX_SEATS], result[GAME_MAX_SEATS];
    int ranks[GAME_MAX_SEATS];
    if (over || cut) {
        g->rules.result(st, result, ranks);
        /* the running scores of a game over are its result's when the game says so (or has no
         * score hook): one scoring of the final position, not two (Splitter's is a flood fill) */
        if (over && (!g->sim->score || g->sim->score_ends_as_result))
            memcpy(now, result, sizeof now);
        else
            running_scores(env, st, now);
    } else {
        running_scores(env, st, now);
    }
    bool ended = over || cut;
    void *const *buf = env->buf;
    double *kept = sim_rec_scores(env, r);
    if (buf[SIM_REWARD]) {
        float *rw = (float *)buf[SIM_REWARD] + (size_t)e * env->agents;
        for (int a = 0; a < env->agents; a++) rw[a] = (float)(now[env->agent_seat[a]] - kept[env->agent_seat[a]]);
    }
    if (buf[SIM_TERMINATED]) ((uint8_t *)buf[SIM_TERMINATED])[e] = over;
    if (buf[SIM_TRUNCATED]) ((uint8_t *)buf[SIM_TRUNCATED])[e] = cut;
    /* one loop for every per-seat value: a few of them, where calls to memset and memcpy (which
     * separate loops become) cost more than the stores; a game that goes on writes zeroes */
    static const double no_result[GAME_MAX_SEATS];
    static const int no_rank[GAME_MAX_SEATS];
    const double *res_from = ended ? result : no_result;
    const int *rank_from = ended ? ranks : no_rank;
    size_t row = (size_t)e * (size_t)seats;
    double *score = buf[SIM_SCORE] ? (double *)buf[SIM_SCORE] + row : NULL;
    double *res = buf[SIM_RESULT] ? (double *)buf[SIM_RESULT] + row : NULL;
    int32_t *rank = buf[SIM_RANK] ? (int32_t *)buf[SIM_RANK] + row : NULL;
    for (int s = 0; s < seats; s++) {
        kept[s] = now[s];
        if (score) score[s] = now[s];
        if (res) res[s] = res_from[s];
        if (rank) rank[s] = rank_from[s];
    }
    if (ended && env->autoreset) {
        buf_t err;
        buf_init(&err);
        /* the options were checked when the environments were created: a restart cannot fail */
        sim_play_begin(env, e, rng_next(&r->games) & RNG_SEED_MAX, sc, &err);
        buf_free(&err);
    }
    if (env->buf[SIM_SEED]) ((uint64_t *)env->buf[SIM_SEED])[e] = r->game_seed;
    if (env->agents) write_agents(env, e, sc);
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
        uint32_t count = ones(legal, na);
        act[a] = count ? nth_one(legal, na, rng_below(&r->sample, count)) : 0;
    }
}
