/* sim_env.c: creating and freeing environments (settings, records, the first games, threads),
 * what they are (seats, agents, shapes) and the caller's buffers. */
#include "sim.h"
#include "../core/text.h"
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define ALIGN16(x) (((x) + 15) & ~(size_t)15)

size_t sim_dtype_size(int dtype) {
    switch (dtype) {
    case ARENA_INT8:
    case ARENA_UINT8: return 1;
    case ARENA_INT16: return 2;
    case ARENA_INT32:
    case ARENA_FLOAT32: return 4;
    case ARENA_FLOAT64:
    case ARENA_UINT64: return 8;
    default: return 0;
    }
}

static const char *const buffer_names[SIM_NBUF] = {"obs",       "mask",  "to_act", "action", "reward", "terminated",
                                                   "truncated", "score", "result", "rank",   "seed",       "failed"};

static int buffer_by_name(const char *name) {
    for (int b = 0; name && b < SIM_NBUF; b++)
        if (strcmp(buffer_names[b], name) == 0) return b;
    return -1;
}

int sim_buffer_dims(const arena_env *env, sim_buf b, int *dtype, int64_t dims[3]) {
    int64_t E = env->n, A = env->agents, S = env->seats;
    dims[0] = E, dims[1] = dims[2] = 0;
    switch (b) {
    case SIM_OBS: *dtype = env->shape.dtype, dims[1] = A, dims[2] = env->shape.obs_size; return 3;
    case SIM_MASK: *dtype = ARENA_UINT8, dims[1] = A, dims[2] = env->shape.actions; return 3;
    case SIM_TO_ACT: *dtype = ARENA_UINT8, dims[1] = A; return 2;
    case SIM_ACTION: *dtype = ARENA_INT32, dims[1] = A; return 2;
    case SIM_REWARD: *dtype = ARENA_FLOAT32, dims[1] = A; return 2;
    case SIM_TERMINATED:
    case SIM_TRUNCATED:
    case SIM_FAILED: *dtype = ARENA_UINT8; return 1;
    case SIM_SCORE:
    case SIM_RESULT: *dtype = ARENA_FLOAT64, dims[1] = S; return 2;
    case SIM_RANK: *dtype = ARENA_INT32, dims[1] = S; return 2;
    case SIM_SEED: *dtype = ARENA_UINT64; return 1;
    default: return -1;
    }
}

/* ---- settings ---- */

typedef struct {
    int seats;                    /* 0: the game's smallest */
    int threads;
    int64_t max_steps;
    bool manual_reset;            /* autoreset=0 */
    const char *bot[GAME_MAX_SEATS];
    int nopt;
    const char *opt[SIM_MAX_SETTINGS]; /* "key=value" game options, as given */
} settings;

static int parse_settings(const game_t *g, const char *const *kv, settings *s) {
    memset(s, 0, sizeof *s);
    s->threads = 1;
    for (int i = 0; kv && kv[i]; i++) {
        const char *eq = strchr(kv[i], '=');
        if (!eq || eq == kv[i]) return sim_fail("setting '%s': expected KEY=VALUE", kv[i]);
        size_t klen = (size_t)(eq - kv[i]);
        const char *v = eq + 1;
        long long n;
        if (klen == 5 && memcmp(kv[i], "seats", 5) == 0) {
            char seats[32];
            if (!text_parse_ll(v, g->min_seats, g->max_seats, &n))
                return sim_fail("setting seats=%s: %s takes %s", v, g->id, game_seats_text(g, seats, sizeof seats));
            s->seats = (int)n;
        } else if (klen == 7 && memcmp(kv[i], "threads", 7) == 0) {
            if (!text_parse_ll(v, 1, SIM_MAX_THREADS, &n))
                return sim_fail("setting threads=%s: expected 1 to %d", v, SIM_MAX_THREADS);
            s->threads = (int)n;
        } else if (klen == 9 && memcmp(kv[i], "max_steps", 9) == 0) {
            if (!text_parse_ll(v, 0, (long long)1 << 62, &n)) return sim_fail("setting max_steps=%s: expected a count >= 0", v);
            s->max_steps = n;
        } else if (klen == 9 && memcmp(kv[i], "autoreset", 9) == 0) {
            if (!text_parse_ll(v, 0, 1, &n)) return sim_fail("setting autoreset=%s: expected 0 or 1", v);
            s->manual_reset = n == 0;
        } else if (klen > 4 && memcmp(kv[i], "bot.", 4) == 0) {
            if (!text_parse_int(kv[i] + 4, klen - 4, 0, GAME_MAX_SEATS - 1, &n))
                return sim_fail("setting %.*s: expected bot.SEAT with a seat number", (int)klen, kv[i]);
            if (!game_find_bot(g, v)) {
                char head[128];
                snprintf(head, sizeof head, "setting %.100s: ", kv[i]);
                return sim_fail_unknown_bot(g, head, v);
            }
            s->bot[n] = v;
        } else {
            bool known = false;
            for (const game_option *o = g->options; o && o->key; o++)
                known |= strlen(o->key) == klen && memcmp(o->key, kv[i], klen) == 0;
            if (!known) {
                char list[512] = "";
                for (const game_option *o = g->options; o && o->key; o++) {
                    strncat(list, " ", sizeof list - strlen(list) - 1);
                    strncat(list, o->key, sizeof list - strlen(list) - 1);
                }
                return sim_fail("setting '%.*s': not a simulator setting (seats, bot.SEAT, threads, max_steps, autoreset) "
                                "nor an option of %s (options:%s)",
                                (int)klen, kv[i], g->id, list);
            }
            if (s->nopt == SIM_MAX_SETTINGS) return sim_fail("too many settings (at most %d)", SIM_MAX_SETTINGS);
            s->opt[s->nopt++] = kv[i];
        }
    }
    if (!s->seats) s->seats = g->min_seats;
    for (int k = s->seats; k < GAME_MAX_SEATS; k++)
        if (s->bot[k]) return sim_fail("setting bot.%d: the game has seats 0 to %d", k, s->seats - 1);
    return 0;
}

/* The options: every key of the game's table with its default, then the settings' values (copied,
 * so the caller's strings may go away). */
static int fill_options(arena_env *env, const settings *s) {
    const game_t *g = env->g;
    size_t total = 1;
    for (int i = 0; i < s->nopt; i++) total += strlen(s->opt[i]) + 1;
    env->option_text = malloc(total);
    if (!env->option_text) return sim_fail("out of memory");
    char *p = env->option_text;
    game_options *o = &env->options;
    for (const game_option *opt = g->options; opt && opt->key && o->count < 32; opt++) {
        o->key[o->count] = opt->key;
        o->value[o->count++] = opt->def;
    }
    for (int i = 0; i < s->nopt; i++) {
        size_t len = strlen(s->opt[i]), klen = (size_t)(strchr(s->opt[i], '=') - s->opt[i]);
        memcpy(p, s->opt[i], len + 1);
        for (int k = 0; k < o->count; k++)
            if (strlen(o->key[k]) == klen && memcmp(o->key[k], p, klen) == 0) o->value[k] = p + klen + 1;
        p += len + 1;
    }
    return 0;
}

/* Records: the head, the seats' running scores, then per seat its encoder memory and, for a bot
 * seat, the bot's random stream and memory. Small records keep large batches in the caches. */
static void layout_records(arena_env *env) {
    size_t off = ALIGN16(sizeof(sim_rec));
    env->score_off = off;
    off += ALIGN16(sizeof(double) * (size_t)env->seats);
    for (int s = 0; s < env->seats; s++) {
        env->enc_off[s] = off;
        off += ALIGN16(env->g->sim->memory_size);
        env->rng_off[s] = env->bot_off[s] = off;
        if (!env->bot[s]) continue;
        off += ALIGN16(sizeof(rng_t));
        env->bot_off[s] = off;
        off += ALIGN16(env->bot[s]->memory_size);
    }
    env->rec_size = off;
}

static size_t line_round(size_t n) { return (n + SIM_LINE - 1) / SIM_LINE * SIM_LINE; }

static int alloc_scratch(arena_env *env) {
    const game_t *g = env->g;
    size_t nsc = line_round((size_t)env->threads * sizeof *env->scratch);
    env->scratch = aligned_alloc(SIM_LINE, nsc);
    if (!env->scratch) return sim_fail("out of memory");
    memset(env->scratch, 0, nsc);
    size_t view = line_round(g->view_size), acts = line_round(env->act_bytes),
           mask = line_round((size_t)env->shape.actions + 1);
    for (int t = 0; t < env->threads; t++) {
        sim_scratch *sc = &env->scratch[t];
        sc->error_env = -1;
        /* buf_reserve would end the process when memory is short: malloc, and fail as the rest */
        buf_init(&sc->why);
        if (!(sc->why.data = malloc(256))) return sim_fail("out of memory");
        sc->why.cap = 256;
        sc->why.data[0] = 0;
        unsigned char *block = aligned_alloc(SIM_LINE, view + acts + mask);
        if (!block) return sim_fail("out of memory");
        memset(block, 0, view + acts + mask);
        sc->view = block;
        sc->actions = block + view;
        sc->mask = block + view + acts;
    }
    return 0;
}

ARENA_API void arena_env_free(arena_env *env) {
    if (!env) return;
    sim_pool_free(env->pool);
    sim_asked_free(env);
    if (env->state && !env->state_block)
        for (int e = 0; e < env->n; e++)
            if (env->state[e]) env->g->rules.destroy(env->state[e]);
    free(env->state_block);
    if (env->scratch)
        for (int t = 0; t < env->threads; t++) {
            free(env->scratch[t].view); /* the thread's block */
            buf_free(&env->scratch[t].why);
        }
    free(env->scratch);
    free(env->state);
    free(env->recs);
    free(env->pending);
    free(env->option_text);
    sim_setup_free(&env->setup);
    free(env);
}

/* A large batch of flat states (game_sim.state_size) lives in one block on 2 MB pages, each state
 * on cache lines of its own. A step touches a few places of each state: a SuiteBot state is 60 KB
 * and a step reads and writes six of its 4 KB pages, so 4096 states malloc'd apart cost six TLB
 * misses a step each (each a page walk, twice as long on a virtual machine); a 2 MB page holds 34
 * of them. Smaller batches keep the game's own allocations. -1 when the block is too large to
 * have: the states malloc'd apart need as much, and the games' allocator aborts the process when
 * it runs out (SuiteBot's 2^20 environments: 60 GB), so that is an error here. */
#define SIM_HUGE_PAGE ((size_t)2 << 20)
static int state_block(arena_env *env) {
    size_t total = line_round(env->g->sim->state_size) * (size_t)env->n;
    if (!env->g->sim->state_size || total < SIM_HUGE_PAGE) return 0;
    total = (total + SIM_HUGE_PAGE - 1) / SIM_HUGE_PAGE * SIM_HUGE_PAGE;
    env->state_block = aligned_alloc(SIM_HUGE_PAGE, total);
    if (!env->state_block)
        return sim_fail("out of memory: %d environments of %s need %zu MB for their states", env->n, env->g->id,
                        total >> 20);
#ifdef MADV_HUGEPAGE
    madvise(env->state_block, total, MADV_HUGEPAGE); /* a hint: on small pages the block works too */
#endif
    return 0;
}

/* The first games (environment e's generator seeded seed + e), then the shape from a view. Each
 * new state moves into the block at once (memcpy: it is flat), so the states are not held twice. */
static int first_games(arena_env *env, uint64_t seed) {
    const game_t *g = env->g;
    if (state_block(env) < 0) return -1;
    size_t stride = line_round(g->sim->state_size);
    buf_t err;
    buf_init(&err);
    for (int e = 0; e < env->n; e++) {
        sim_rec *r = sim_rec_of(env, e);
        rng_seed(&r->games, seed + (uint64_t)e, SIM_STREAM_GAMES);
        rng_seed(&r->sample, seed + (uint64_t)e, SIM_STREAM_SAMPLE);
        if (!sim_play_start(env, e, rng_next(&r->games) & RNG_SEED_MAX, &err)) {
            /* past the first, whose options were good, it is memory: name how far it went and the cure
             * (it said only "rezzo: out of memory for a 320x320 world", after the thousands made) */
            int rc = e == 0 ? sim_fail("%s: %s", g->id, buf_cstr(&err))
                            : sim_fail("%s: environment %d of %d could not be made: %s (ask for fewer environments)",
                                       g->id, e, env->n, buf_cstr(&err));
            buf_free(&err);
            return rc;
        }
        if (env->state_block) {
            void *own = env->state[e];
            env->state[e] = memcpy(env->state_block + (size_t)e * stride, own, g->sim->state_size);
            g->rules.destroy(own);
        }
    }
    buf_free(&err);
    void *view = calloc(1, g->view_size);
    if (!view) return sim_fail("out of memory");
    g->rules.view(env->state[0], 0, view);
    g->sim->shape(view, &env->shape);
    free(view);
    env->obs_bytes = (size_t)env->shape.obs_size * sim_dtype_size(env->shape.dtype);
    return 0;
}

ARENA_API arena_env *arena_env_new(const char *game, int num_envs, uint64_t seed, const char *const *kv) {
    sim_clear_error();
    const game_t *g = sim_find_game(game);
    if (!g) return NULL;
    if (num_envs < 1 || num_envs > SIM_MAX_ENVS) {
        sim_fail("num_envs %d: expected 1 to %d", num_envs, SIM_MAX_ENVS);
        return NULL;
    }
    settings s;
    if (parse_settings(g, kv, &s) < 0) return NULL;
    arena_env *env = calloc(1, sizeof *env);
    if (!env) {
        sim_fail("out of memory");
        return NULL;
    }
    env->g = g;
    env->n = num_envs;
    env->seats = s.seats;
    env->threads = s.threads;
    env->max_steps = s.max_steps;
    env->autoreset = !s.manual_reset;
    for (int k = 0; k < env->seats; k++) {
        env->bot[k] = s.bot[k] ? game_find_bot(g, s.bot[k]) : NULL;
        env->agent_of[k] = env->bot[k] ? -1 : env->agents;
        if (!env->bot[k]) env->agent_seat[env->agents++] = k, env->agent_bits |= 1u << k;
    }
    env->act_bytes = (size_t)env->seats * g->action_size;
    layout_records(env);
    env->recs = calloc((size_t)env->n, env->rec_size);
    env->state = calloc((size_t)env->n, sizeof *env->state);
    env->pending = calloc((size_t)env->n * (size_t)env->seats, g->action_size);
    if (fill_options(env, &s) < 0 || !env->recs || !env->state || !env->pending) {
        if (!*arena_last_error()) sim_fail("out of memory");
        arena_env_free(env);
        return NULL;
    }
    /* a game's `view` option (Rezzo's) is render's default display mode, as `arena play`'s default
     * --view: checked here as there, so that a mistyped one is refused, not the default display; and
     * for these seats, so that a mode naming a seat they do not have (follow=9) is refused too */
    buf_t why;
    buf_init(&why);
    if (!game_display_mode_check_seats(g, game_option_get(&env->options, "view"), env->seats, &why)) {
        sim_fail("%s: option %s", g->id, buf_cstr(&why));
        buf_free(&why);
        arena_env_free(env);
        return NULL;
    }
    buf_free(&why);
    if (sim_setup_of(&env->setup, env) < 0 || first_games(env, seed) < 0 || alloc_scratch(env) < 0) {
        arena_env_free(env);
        return NULL;
    }
    if (env->threads > 1 && !(env->pool = sim_pool_new(env->threads))) {
        sim_fail("cannot start %d threads", env->threads);
        arena_env_free(env);
        return NULL;
    }
    return env;
}

ARENA_API const char *arena_env_game(const arena_env *env) {
    if (!env) sim_fail("env is NULL");
    return env ? env->g->id : NULL;
}
ARENA_API int arena_num_envs(const arena_env *env) { return env ? env->n : sim_fail("env is NULL"); }
ARENA_API int arena_num_seats(const arena_env *env) { return env ? env->seats : sim_fail("env is NULL"); }
ARENA_API int arena_num_agents(const arena_env *env) { return env ? env->agents : sim_fail("env is NULL"); }
ARENA_API int arena_obs_size(const arena_env *env) { return env ? env->shape.obs_size : sim_fail("env is NULL"); }
ARENA_API int arena_obs_dtype(const arena_env *env) { return env ? (int)env->shape.dtype : sim_fail("env is NULL"); }
ARENA_API int arena_num_actions(const arena_env *env) { return env ? env->shape.actions : sim_fail("env is NULL"); }

ARENA_API int arena_agent_seat(const arena_env *env, int agent) {
    if (!env) return sim_fail("env is NULL");
    if (agent < 0 || agent >= env->agents) return sim_fail("agent %d: expected 0 to %d", agent, env->agents - 1);
    return env->agent_seat[agent];
}

ARENA_API int arena_buffer_info(const arena_env *env, const char *name, int *dtype, int64_t dims[3]) {
    if (!env) return sim_fail("env is NULL");
    int b = buffer_by_name(name);
    if (b < 0)
        return sim_fail("no buffer named '%s' (obs, mask, to_act, action, reward, terminated, truncated, score, "
                        "result, rank, seed, failed)",
                        name ? name : "(null)");
    int dt;
    int64_t d[3];
    int rank = sim_buffer_dims(env, (sim_buf)b, &dt, d);
    if (dtype) *dtype = dt;
    if (dims) memcpy(dims, d, sizeof d);
    return rank;
}

ARENA_API size_t arena_buffer_bytes(const arena_env *env, const char *name) {
    int dtype;
    int64_t d[3];
    int rank = arena_buffer_info(env, name, &dtype, d);
    if (rank < 0) return 0;
    size_t n = sim_dtype_size(dtype);
    for (int k = 0; k < rank; k++) n *= (size_t)d[k];
    return n;
}

ARENA_API int arena_bind(arena_env *env, const char *name, void *data, size_t bytes) {
    if (!env) return sim_fail("env is NULL");
    int b = buffer_by_name(name);
    if (b < 0) return arena_buffer_info(env, name, NULL, NULL);
    if (!data) {
        env->buf[b] = NULL;
        return 0;
    }
    size_t want = arena_buffer_bytes(env, name);
    int dtype;
    int64_t d[3];
    int rank = sim_buffer_dims(env, (sim_buf)b, &dtype, d);
    if (bytes != want) {
        char shape[96];
        int len = 0;
        for (int k = 0; k < rank; k++) len += snprintf(shape + len, sizeof shape - (size_t)len, "[%lld]", (long long)d[k]);
        return sim_fail("buffer \"%s\": %zu bytes given, %zu expected (%s of %zu-byte elements)", name, bytes, want,
                        shape, sim_dtype_size(dtype));
    }
    if ((uintptr_t)data % sim_dtype_size(dtype) != 0)
        return sim_fail("buffer \"%s\": the address is not aligned to its %zu-byte elements", name,
                        sim_dtype_size(dtype));
    env->buf[b] = data;
    return 0;
}
