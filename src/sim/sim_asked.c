/* sim_asked.c: arena_bot_action, the move a built-in bot would make now for a seat. A bot asked for
 * an agent's move keeps its memory and random stream from one call to the next, so that an agent
 * that asks at each of its turns and plays the answers plays as the bot in a seat of its own (as
 * `arena play` would with that bot there, from the seat's first move; Chicken's tracker builds its
 * beliefs from every view it saw, which one view cannot give). The memory goes on only while it is
 * the bot's own play: the agent played the bot's last answer, at the seat's last turn, in the same
 * line of play (no new game, no restore since); otherwise the bot joins the game as it stands, its
 * memory empty but what the state rebuilds (game_bot.resume), with a stream of its own. (Until
 * 2026-11-28 every call was such a join: the bots with memory played from the view alone.)
 *
 * The bookkeeping lives beside the records, not in them: a bot's memory can be large (Chicken's
 * champion 16 MB, Rezzo's bots 6 MB), and is made only for the environments and seats asked. */
#include "sim.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct sim_asked_bot {
    const game_bot *bot; /* whose memory this is */
    uint64_t line;       /* the line of play it was built in */
    int64_t turn;        /* the turn of its last answer */
    int32_t answer;      /* that answer (-1: none in the flat space) */
    rng_t rng;           /* its stream after that answer */
    void *memory;        /* bot->memory_size bytes */
};

/* The tables, made at the first call; NULL when out of memory. Two threads asking at once for
 * different environments may both make them: one is kept, the other freed. */
static sim_asked *asked_of(arena_env *env) {
    sim_asked *a = atomic_load_explicit(&env->asked, memory_order_acquire);
    if (a) return a;
    size_t n = (size_t)env->n, ns = n * (size_t)env->seats;
    a = calloc(1, sizeof *a);
    if (a) {
        a->line = calloc(n, sizeof *a->line);
        a->acted = malloc(ns * sizeof *a->acted);
        a->bot = calloc(ns, sizeof *a->bot);
    }
    if (!a || !a->line || !a->acted || !a->bot) {
        if (a) free(a->line), free(a->acted), free(a->bot);
        free(a);
        return NULL;
    }
    /* what came before the first call is not known: no agent's action is taken as a bot's */
    for (size_t k = 0; k < ns; k++) a->acted[k] = (sim_acted){-1, -1};
    sim_asked *none = NULL;
    if (atomic_compare_exchange_strong_explicit(&env->asked, &none, a, memory_order_acq_rel, memory_order_acquire))
        return a;
    free(a->line), free(a->acted), free(a->bot), free(a);
    return none;
}

void sim_asked_new_line(arena_env *env, int e) {
    sim_asked *a = atomic_load_explicit(&env->asked, memory_order_acquire);
    if (!a) return;
    a->line[e]++;
    for (int s = 0; s < env->seats; s++) a->acted[(size_t)e * (size_t)env->seats + (size_t)s] = (sim_acted){-1, -1};
}

void sim_asked_free(arena_env *env) {
    sim_asked *a = atomic_load_explicit(&env->asked, memory_order_acquire);
    if (!a) return;
    for (size_t k = 0; k < (size_t)env->n * (size_t)env->seats; k++)
        if (a->bot[k]) free(a->bot[k]->memory), free(a->bot[k]);
    free(a->line), free(a->acted), free(a->bot), free(a);
    atomic_store_explicit(&env->asked, NULL, memory_order_release);
}

/* The error of arena_bot_action for a seat that is not on move: which seats are, or why none is. */
static int not_to_move(const arena_env *env, int i, int seat, const sim_rec *r) {
    if (!r->acting)
        return sim_fail("environment %d: seat %d is not to move: nobody is (the game %s)", i, seat,
                        env->max_steps && r->turns >= env->max_steps ? "was cut at max_steps" : "is over");
    char list[GAME_MAX_SEATS * 4] = "";
    size_t len = 0;
    for (int s = 0; s < env->seats; s++)
        if (r->acting >> s & 1) len += (size_t)snprintf(list + len, sizeof list - len, "%s%d", len ? ", " : "", s);
    return sim_fail("environment %d: seat %d is not to move (seats to move: %s)", i, seat, list);
}

/* The bot's move for the view, into *action; 0, or -1 when out of memory. */
static int act(arena_env *env, int i, int seat, const game_bot *b, void *memory, rng_t *rng, int32_t *action) {
    const game_t *g = env->g;
    const sim_rec *r = sim_rec_of(env, i);
    void *view = calloc(1, g->view_size), *typed = calloc(1, g->action_size);
    if (!view || !typed) {
        free(view), free(typed);
        return sim_fail("out of memory");
    }
    g->rules.view(env->state[i], seat, view);
    bool has = game_bot_act(b, memory, view, typed, rng, NULL);
    *action = has ? g->sim->index(view, (const unsigned char *)r + env->enc_off[seat], typed) : -1;
    free(view), free(typed);
    return 0;
}

/* A bot seat of the environments (played inside the steps) or a bot asked for nothing but this
 * call: it joins the game as it stands, with a stream of its own, the same for the same game, turn
 * and seat, and keeps nothing. */
static int act_once(arena_env *env, int i, int seat, const game_bot *b, int32_t *action) {
    const sim_rec *r = sim_rec_of(env, i);
    void *memory = calloc(1, b->memory_size ? b->memory_size : 1);
    if (!memory) return sim_fail("out of memory");
    rng_t rng;
    rng_seed(&rng, (r->game_seed + (uint64_t)r->turns) & RNG_SEED_MAX, SIM_STREAM_PROBE + (uint64_t)seat);
    /* what it would remember of its own play comes from the state (Splitter's sheet; asked with
     * empty memory, its bots played cells already filled) */
    if (b->resume) b->resume(memory, env->state[i], seat);
    int rc = act(env, i, seat, b, memory, &rng, action);
    free(memory);
    return rc;
}

ARENA_API int arena_bot_action(arena_env *env, int i, int seat, const char *bot, int32_t *action) {
    if (!env) return sim_fail("env is NULL");
    if (i < 0 || i >= env->n) return sim_fail("environment %d: expected 0 to %d", i, env->n - 1);
    if (seat < 0 || seat >= env->seats) return sim_fail("seat %d: expected 0 to %d", seat, env->seats - 1);
    const game_t *g = env->g;
    const game_bot *b = bot ? game_find_bot(g, bot) : NULL;
    if (!b) return sim_fail_unknown_bot(g, "", bot); /* it did not list the bots */
    if (!action) return sim_fail("action is NULL");
    const sim_rec *r = sim_rec_of(env, i);
    /* a bot asked off move answered a view that asks nothing: Chicken's bots gave a move for the
     * position as if it were theirs, which the game then refused, with success (0) returned */
    if (!(r->acting >> seat & 1)) return not_to_move(env, i, seat, r);
    if (env->bot[seat]) return act_once(env, i, seat, b, action);
    sim_asked *a = asked_of(env);
    if (!a) return sim_fail("out of memory");
    size_t k = (size_t)i * (size_t)env->seats + (size_t)seat;
    sim_asked_bot *m = a->bot[k];
    const sim_acted *played = &a->acted[k];
    if (m && m->bot == b && m->line == a->line[i] && m->memory) {
        /* asked again at the same turn: the same answer (its memory and stream moved on already) */
        if (m->turn == r->turns) {
            *action = m->answer;
            return 0;
        }
        /* its last answer was played, and the seat has not acted since: its own play goes on */
        if (played->turn == m->turn && played->action == m->answer && m->answer >= 0) {
            int rc = act(env, i, seat, b, m->memory, &m->rng, action);
            if (rc == 0) m->turn = r->turns, m->answer = *action;
            else m->memory = (free(m->memory), NULL);
            return rc;
        }
    }
    /* afresh: the memory empty, as a seat's at the start of its game */
    if (!m && !(m = a->bot[k] = calloc(1, sizeof *m))) return sim_fail("out of memory");
    free(m->memory);
    m->bot = b;
    m->line = a->line[i];
    m->memory = calloc(1, b->memory_size ? b->memory_size : 1);
    if (!m->memory) return sim_fail("out of memory");
    if (!(r->moved >> seat & 1)) {
        /* the seat's first move of its game: the bot starts as `arena play` starts it in this seat
         * (seat.c), with the referee's stream for it */
        rng_seed(&m->rng, r->game_seed, RNG_STREAM_BOT + (uint64_t)seat);
    } else {
        /* mid-game: it joins the game as it stands, what it would remember of its own play rebuilt
         * from the state (Splitter's sheet), with a stream of its own for this game, turn and seat */
        rng_seed(&m->rng, (r->game_seed + (uint64_t)r->turns) & RNG_SEED_MAX, SIM_STREAM_PROBE + (uint64_t)seat);
        if (b->resume) b->resume(m->memory, env->state[i], seat);
    }
    int rc = act(env, i, seat, b, m->memory, &m->rng, action);
    if (rc == 0) m->turn = r->turns, m->answer = *action;
    else m->memory = (free(m->memory), NULL);
    return rc;
}
