/* rz_rules.c: Rezzo's rules: options, setup, actions (Rezzo R15-R19), one tick (D2), elimination
 * (Rezzo R12-R14), the end (Rezzo D4) and ranking (Rezzo D5, W4). */
#include "rz.h"
#include "../../core/text.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *rz_cause_name(rz_cause c) {
    static const char *names[] = {"", "flag", "exit", "signal", "pipe", "start", "down"};
    return (unsigned)c <= RZ_CAUSE_DOWN ? names[c] : "?";
}

const char *rz_ack_name(int ack) {
    static const char *names[] = {"OK", "NO_MESSAGE", "INVALID_ACTION", "INVALID_MESSAGE", "MULTIPLE_MESSAGES"};
    return ack >= 0 && ack < RZ_ACK_COUNT ? names[ack] : "?";
}

bool rz_valid_act(uint8_t a) {
    return a == RZ_ACT_NOP || a == RZ_ACT_ADVANCE || a == RZ_ACT_LEFT || a == RZ_ACT_RIGHT || a == RZ_ACT_BUILD ||
           a == RZ_ACT_HIT;
}

static bool opt_int(const game_options *o, const char *key, long long lo, long long hi, long long *out, buf_t *err) {
    const char *v = game_option_get(o, key);
    if (!v || !*v) return true; /* keep the default already in *out */
    if (!text_parse_ll(v, lo, hi, out)) {
        buf_printf(err, "option %s=%s: expected an integer from %lld to %lld", key, v, lo, hi);
        return false;
    }
    return true;
}

static bool parse_size(const char *v, long long *w, long long *h) {
    const char *x = strchr(v, 'x');
    if (!x) x = strchr(v, 'X');
    if (!x) return false;
    char a[32];
    size_t n = (size_t)(x - v);
    if (n == 0 || n >= sizeof a) return false;
    memcpy(a, v, n);
    a[n] = 0;
    return text_parse_ll(a, RZ_MIN_SIZE, RZ_MAX_SIZE, w) && text_parse_ll(x + 1, RZ_MIN_SIZE, RZ_MAX_SIZE, h);
}

bool rz_config_from_options(const game_options *o, uint64_t seed, int players, rz_config *cfg, buf_t *err) {
    memset(cfg, 0, sizeof *cfg);
    long long w = 320, h = 320, max_ticks = 10000, tick_ms = 60, start_ms = 1000, key = 500;
    const char *size = game_option_get(o, "size");
    if (size && *size && !parse_size(size, &w, &h)) {
        buf_printf(err, "option size=%s: expected WIDTHxHEIGHT, each %d..%d (e.g. size=128x128)", size, RZ_MIN_SIZE,
                   RZ_MAX_SIZE);
        return false;
    }
    if (!opt_int(o, "width", RZ_MIN_SIZE, RZ_MAX_SIZE, &w, err) ||
        !opt_int(o, "height", RZ_MIN_SIZE, RZ_MAX_SIZE, &h, err) ||
        !opt_int(o, "max_ticks", 0, 1000000000, &max_ticks, err) ||
        !opt_int(o, "tick_ms", 1, 600000, &tick_ms, err) || !opt_int(o, "start_ms", 0, 60000, &start_ms, err) ||
        !opt_int(o, "keyframe_every", 0, 1000000000, &key, err))
        return false;
    cfg->seed32 = (uint32_t)seed; /* Rezzo D15: mod 2^32 */
    const char *s = game_option_get(o, "seed");
    if (s && *s) {
        long long v;
        uint64_t u;
        if (text_parse_u64(s, &u)) cfg->seed32 = (uint32_t)u;
        else if (text_parse_ll(s, -4294967296LL, 4294967295LL, &v)) cfg->seed32 = (uint32_t)(int64_t)v;
        else {
            buf_printf(err, "option seed=%s: expected an integer (used mod 2^32, as the original's -r)", s);
            return false;
        }
    }
    if (players < 1 || players > RZ_MAX_PLAYERS) {
        buf_printf(err, "rezzo needs 1 to %d seats, got %d", RZ_MAX_PLAYERS, players);
        return false;
    }
    cfg->w = (int)w;
    cfg->h = (int)h;
    cfg->players = players;
    cfg->max_ticks = (int)max_ticks;
    cfg->tick_ms = (int)tick_ms;
    cfg->start_ms = (int)start_ms;
    cfg->keyframe_every = (int)key;
    return true;
}

static void reset_last(rz_state *st) {
    st->last.tick = -1;
    for (int s = 0; s < RZ_MAX_PLAYERS; s++) {
        st->last.acts[s] = -1;
        st->last.acks[s] = -1;
        st->last.multi[s] = false;
    }
    st->last.nelim = 0;
}

/* The start of a game in a zeroed state with an empty world of the configured size. */
static bool start(rz_state *st, const rz_config *cfg, buf_t *err) {
    st->cfg = *cfg;
    st->n = cfg->players;
    reset_last(st);
    return rz_generate(st, err, NULL);
}

rz_state *rz_new(const rz_config *cfg, buf_t *err, bool *oom) {
    rz_state *st = game_state_alloc(sizeof *st, "rezzo", err, oom);
    if (!st) return NULL;
    if (!rz_world_init(&st->world, cfg->w, cfg->h)) {
        double mib = 5.0 * cfg->w * cfg->h / 1048576; /* a tenth below 10: a 320x320 world said "(0 MiB)" */
        buf_printf(err, "out of memory for a %dx%d world (%.*f MiB)", cfg->w, cfg->h, mib < 10 ? 1 : 0, mib);
        free(st);
        if (oom) *oom = true;
        return NULL;
    }
    if (!start(st, cfg, err)) {
        if (oom) *oom = st->world.oom;
        rz_free(st);
        return NULL;
    }
    return st;
}

bool rz_restart(rz_state *st, const rz_config *cfg, buf_t *err) {
    if (cfg->w != st->world.w || cfg->h != st->world.h) {
        buf_printf(err, "rezzo: cannot restart a %dx%d world as %dx%d", st->world.w, st->world.h, cfg->w, cfg->h);
        return false;
    }
    rz_world w = st->world;
    rz_world_clear(&w);
    memset(st, 0, sizeof *st);
    st->world = w;
    return start(st, cfg, err);
}

rz_state *rz_from_map(int width, int height, const char *const *rows, buf_t *err) {
    rz_state *st = game_state_alloc(sizeof *st, "rezzo", err, NULL);
    if (!st) return NULL;
    if (!rz_world_init(&st->world, width, height)) {
        buf_printf(err, "out of memory for a %dx%d world", width, height);
        free(st);
        return NULL;
    }
    st->cfg.w = width;
    st->cfg.h = height;
    reset_last(st);
    rz_world *w = &st->world;
    int maxp = 0;
    for (int y = 0; y < height; y++) {
        if (strlen(rows[y]) != (size_t)width) {
            buf_printf(err, "map row %d has %zu letters, expected %d", y, strlen(rows[y]), width);
            rz_free(st);
            return NULL;
        }
        for (int x = 0; x < width; x++) {
            uint8_t t, o;
            if (!rz_unletter((uint8_t)rows[y][x], &t, &o)) {
                buf_printf(err, "map row %d column %d: '%c' is not a view letter", y, x, rows[y][x]);
                rz_free(st);
                return NULL;
            }
            size_t i = (size_t)y * (size_t)width + (size_t)x;
            w->type[i] = t;
            w->owner[i] = o;
            if (o > maxp) maxp = o;
            if (t == RZ_AGENT) {
                rz_player *p = &st->p[o - 1];
                p->x = p->home_x = x;
                p->y = p->home_y = y;
            }
        }
    }
    st->n = st->cfg.players = maxp;
    for (int s = 0; s < maxp; s++) {
        st->p[s].last_act = -1;
        /* Every owner present is an alive player. */
        for (size_t i = 0; i < w->n && !st->p[s].alive; i++)
            if (w->owner[i] == s + 1) st->p[s].alive = true;
    }
    if (!rz_rebuild_active(w)) {
        buf_printf(err, "out of memory for the active cells of a %dx%d world", width, height);
        rz_free(st);
        return NULL;
    }
    return st;
}

void rz_free(rz_state *st) {
    if (!st) return;
    rz_world_free(&st->world);
    free(st);
}

int rz_alive_count(const rz_state *st) {
    int n = 0;
    for (int s = 0; s < st->n; s++) n += st->p[s].alive;
    return n;
}

int rz_act(rz_state *st, int s, uint8_t act) {
    rz_world *w = &st->world;
    rz_player *p = &st->p[s];
    size_t P = rz_idx(w, p->x, p->y);
    int fx = p->x + RZ_FWD[p->facing][0], fy = p->y + RZ_FWD[p->facing][1];
    size_t F = rz_idx(w, fx, fy);
    switch (act) {
    case RZ_ACT_NOP:
        return RZ_ACK_OK;
    case RZ_ACT_LEFT: /* Rezzo R16 */
        p->facing = (p->facing + 3) % 4;
        return RZ_ACK_OK;
    case RZ_ACT_RIGHT:
        p->facing = (p->facing + 1) % 4;
        return RZ_ACK_OK;
    case RZ_ACT_ADVANCE:
    case RZ_ACT_BUILD:
        if (w->type[F] != RZ_BLANK) return RZ_ACK_INVALID_ACTION; /* Rezzo R15: type only */
        rz_set(w, F, RZ_AGENT, (uint8_t)(s + 1));
        rz_set_damage(w, F, 0); /* Rezzo R19 */
        rz_set(w, P, act == RZ_ACT_BUILD ? RZ_COND : RZ_BLANK, 0);
        rz_set_damage(w, P, 0);
        p->x = (fx % w->w + w->w) % w->w;
        p->y = (fy % w->h + w->h) % w->h;
        return RZ_ACK_OK;
    case RZ_ACT_HIT: {
        uint8_t t = w->type[F];
        if (t != RZ_COND && t != RZ_ELEC && t != RZ_TAIL && t != RZ_PHOTON && t != RZ_FLAG)
            return RZ_ACK_INVALID_ACTION; /* Rezzo R17 */
        uint8_t d = (uint8_t)(w->damage[F] + 1);
        if (d >= RZ_DESTROY_DAMAGE) { /* R18; D16: the blank gets owner 0 */
            rz_set(w, F, RZ_BLANK, 0);
            d = 0;
        }
        rz_set_damage(w, F, d);
        return RZ_ACK_OK;
    }
    default:
        return RZ_ACK_INVALID_MESSAGE;
    }
}

static void eliminate(rz_state *st, uint32_t mask, const rz_cause *why, int at_tick) {
    rz_eliminate_cells(&st->world, mask);
    for (int s = 0; s < st->n; s++) {
        if (!(mask & (1u << (s + 1)))) continue;
        rz_player *p = &st->p[s];
        p->alive = false;
        p->elim_tick = at_tick;
        p->cause = why[s];
        st->last.elim[st->last.nelim] = s + 1;
        st->last.elim_cause[st->last.nelim] = why[s];
        st->last.nelim++;
    }
}

void rz_absent(rz_state *st, int s) {
    if (s < 0 || s >= st->n || !st->p[s].alive) return; /* before why[s]: s may be any seat number */
    rz_cause why[RZ_MAX_PLAYERS] = {0};
    why[s] = RZ_CAUSE_START;
    eliminate(st, 1u << (s + 1), why, 0);
    if (st->n >= 2 && rz_alive_count(st) <= 1) st->over = true;
}

void rz_tick(rz_state *st, const int *acts, const bool *multi, const rz_cause *failed) {
    rz_world *w = &st->world;
    if (w->oom) { /* a list could not grow: the game ended there (rz_failed) */
        st->over = true;
        return;
    }
    int t = st->tick;
    rz_changes_reset(w);
    reset_last(st);
    st->last.tick = t;
    /* Actions in seat order against the live state (Rezzo D2). */
    for (int s = 0; s < st->n; s++) {
        rz_player *p = &st->p[s];
        if (!p->alive) continue;
        p->ticks++;
        int ack;
        if (acts[s] < 0) {
            ack = RZ_ACK_NO_MESSAGE;
            p->last_act = -1;
        } else {
            ack = rz_act(st, s, (uint8_t)acts[s]);
            if (multi[s]) ack = RZ_ACK_MULTIPLE; /* the first action stands (Rezzo P7) */
            p->last_act = acts[s];
        }
        p->ack = (uint8_t)ack;
        p->acks[ack]++;
        st->last.acts[s] = acts[s];
        st->last.multi[s] = multi[s] && acts[s] >= 0;
        st->last.acks[s] = ack;
    }
    /* Steps 3 and 4: the CA step, then its losers and the failed processes leave together. */
    uint32_t losers = rz_ca_step(w);
    if (w->oom) { /* out of memory in this tick: it is not finished, and the game cannot go on */
        st->over = true;
        return;
    }
    uint32_t out = 0;
    rz_cause why[RZ_MAX_PLAYERS] = {0};
    for (int s = 0; s < st->n; s++) {
        if (!st->p[s].alive) continue;
        if (losers & (1u << (s + 1))) why[s] = RZ_CAUSE_FLAG, out |= 1u << (s + 1);
        else if (failed && failed[s]) why[s] = failed[s], out |= 1u << (s + 1);
    }
    eliminate(st, out, why, t + 1);
    /* The replay's diff lists the tick's changes in index order: sorted here, where the state may
     * change, a frame (which may not) needs no sorted copy of its own (rz_record.c) */
    if (w->track) rz_changes_sort(w);
    st->tick = t + 1;
    /* Step 5 (Rezzo D4); a change that could not be listed (out of memory) ends the game too. */
    if (w->oom || (st->n >= 2 && rz_alive_count(st) <= 1) || (st->cfg.max_ticks && st->tick >= st->cfg.max_ticks))
        st->over = true;
}

bool rz_failed(const rz_state *st, buf_t *why) {
    if (!st->world.oom) return false;
    buf_printf(why, "out of memory at tick %d: the cell lists of the %dx%d world could not grow", st->tick,
               st->world.w, st->world.h);
    return true;
}

/* Later elimination is better; alive beats everything (Rezzo D5). */
static long long standing(const rz_player *p) { return p->alive ? (1LL << 40) : p->elim_tick; }

void rz_ranks(const rz_state *st, int *ranks) {
    for (int s = 0; s < st->n; s++) {
        int better = 0;
        for (int q = 0; q < st->n; q++)
            if (standing(&st->p[q]) > standing(&st->p[s])) better++;
        ranks[s] = better + 1;
    }
}

void rz_points(const rz_state *st, double *points) {
    for (int s = 0; s < st->n; s++) {
        if (st->n < 2) {
            points[s] = 0;
            continue;
        }
        double below = 0, tied = 0;
        for (int q = 0; q < st->n; q++) {
            if (q == s) continue;
            if (standing(&st->p[q]) < standing(&st->p[s])) below++;
            else if (standing(&st->p[q]) == standing(&st->p[s])) tied++;
        }
        points[s] = (below + 0.5 * tied) / (st->n - 1);
    }
}

bool rz_begin(void *state, const game_setup *setup, buf_t *err) {
    rz_config cfg;
    if (!rz_config_from_options(setup->options, setup->seed, setup->seats, &cfg, err)) return false;
    if (!rz_restart(state, &cfg, err)) return false; /* the world keeps its tracking, as create sets it */
    rz_world *w = &((rz_state *)state)->world;
    if (!rz_world_reserve_all(w)) {
        buf_printf(err, "out of memory for the lists of a %dx%d world", w->w, w->h);
        w->oom = true;
        return false;
    }
    return true;
}
