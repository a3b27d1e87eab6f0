/* schedule.c: expands a tournament configuration into matches (round robin with seat rotation,
 * gauntlet, balanced random seatings, paired games for one-seat games, SPRT pairs), each with a
 * seed derived from the tournament seed. A pure function of the configuration. */
#include "tourney.h"
#include "../core/rng.h"
#include "../core/xalloc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int schedule_default_seats(const game_t *g, int nentrants) {
    if (g->max_seats <= 1) return 1;
    if (g->min_seats == g->max_seats) return g->min_seats;
    int k = nentrants;
    if (k > g->max_seats) k = g->max_seats;
    if (k < g->min_seats) k = g->min_seats;
    if (k > GAME_MAX_SEATS) k = GAME_MAX_SEATS;
    return k;
}

uint64_t schedule_match_seed(const tourney_config *c, uint64_t seed_index, int *noverrides, char overrides[4][64]) {
    game_tourney_setup ts;
    memset(&ts, 0, sizeof ts);
    ts.run_seed = c->seed;
    ts.index = seed_index;
    ts.options = &c->options;
    ts.nuser = c->nkv;
    ts.user_kv = c->kv;
    ts.seed = rng_derive_seed(c->seed, seed_index);
    if (c->game->tourney.setup) c->game->tourney.setup(&ts);
    if (ts.noverrides < 0) ts.noverrides = 0;
    if (ts.noverrides > 4) ts.noverrides = 4;
    if (noverrides) {
        *noverrides = ts.noverrides;
        for (int i = 0; i < ts.noverrides; i++) {
            memcpy(overrides[i], ts.overrides[i], 64);
            overrides[i][63] = 0;
        }
    }
    return ts.seed & RNG_SEED_MAX;
}

bool schedule_check_options(const tourney_config *c, buf_t *err) {
    /* The overrides of games 0 and 1 under two run seeds: one that is the same in all three
     * (Chicken's colours=fixed) accepts that value; one that moves (Splitter's game=, seed_string=)
     * leaves no value the user could give. */
    tourney_config other = *c;
    char ov[3][4][64];
    int nov[3];
    schedule_match_seed(c, 0, &nov[0], ov[0]);
    schedule_match_seed(c, 1, &nov[1], ov[1]);
    other.seed = c->seed + 1;
    schedule_match_seed(&other, 0, &nov[2], ov[2]);
    for (int i = 0; i < c->nkv; i++) {
        const char *kv = c->kv[i];
        size_t klen = strcspn(kv, "=");
        for (int k = 0; k < nov[0]; k++) {
            const char *o = ov[0][k];
            if (strcspn(o, "=") != klen || strncmp(o, kv, klen) != 0) continue;
            bool fixed = k < nov[1] && k < nov[2] && strcmp(o, ov[1][k]) == 0 && strcmp(o, ov[2][k]) == 0;
            if (fixed && strcmp(o, kv) == 0) continue;
            if (fixed)
                buf_printf(err, "--option %s: a tournament plays every game with %s; leave the option out", kv, o);
            else
                buf_printf(err, "--option %s: a tournament sets %.*s itself, game by game (from --seed and the game's number); "
                                "leave the option out",
                           kv, (int)klen, kv);
            return false;
        }
    }
    return true;
}

static void push(tourney_schedule *s, const tourney_config *c, uint64_t seed_index, int k, const int *ent) {
    if (s->n == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 256;
        s->m = xrealloc(s->m, sizeof *s->m * (size_t)s->cap);
    }
    tourney_match *m = &s->m[s->n];
    memset(m, 0, sizeof *m);
    m->idx = s->n;
    m->seed_index = seed_index;
    m->seed = schedule_match_seed(c, seed_index, NULL, NULL);
    m->nseats = k;
    for (int i = 0; i < k; i++) m->entrant[i] = ent[i];
    s->n++;
}

void schedule_free(tourney_schedule *s) {
    free(s->m);
    memset(s, 0, sizeof *s);
}

/* n choose k, or -1 when it exceeds `cap`. */
static long long choose(int n, int k, long long cap) {
    if (k < 0 || k > n) return 0;
    long long r = 1;
    for (int i = 1; i <= k; i++) {
        r = r * (n - k + i) / i; /* exact: r * (n-k+i) is divisible by i at each step */
        if (r > cap) return -1;
    }
    return r;
}

/* The fill message: one sentence saying what to do. The game's own words for a wrong seat count
 * (Rising Tide's D3, "fill the empty seats with builtin:pass_perth") came first, then this: two
 * pieces of advice, one of them naming no tourney flag. The example filler is the game's first
 * built-in bot, its simplest. */
static void need_fill(const tourney_config *c, int have, int k, buf_t *err) {
    const char *eg = c->game->bots && c->game->bots[0].name ? c->game->bots[0].name : NULL;
    buf_printf(err, "a %s match has %d seats but there %s only %d entrant%s: add entrants, or give --fill SEAT to "
                    "fill the %s (",
               c->game->id, k, have == 1 ? "is" : "are", have, have == 1 ? "" : "s",
               k - have == 1 ? "empty seat" : "empty seats");
    if (eg) buf_printf(err, "e.g. --fill builtin:%s; ", eg);
    buf_puts(err, "the filler is not ranked)");
}

/* What to do about a --seats the game is not played by. */
static void seats_hint(const game_t *g, buf_t *err) {
    if (g->min_seats == g->max_seats) buf_printf(err, ": leave --seats out (or give --seats %d)", g->min_seats);
    else buf_printf(err, ": give --seats %d to %d, or leave it out", g->min_seats, g->max_seats);
}

/* Plays `games` games for each group of k entrants (members[g*k..]), in blocks of k games that
 * share a seed: game r of a block seats member (s + r) mod k in seat s, so over a block every
 * member sits in every seat once. Blocks interleave the groups so early results cover them all. */
static void rotate_groups(tourney_schedule *s, const tourney_config *c, const int *members, long long ngroups, int k,
                          int games) {
    int blocks = (games + k - 1) / k;
    int seat_ent[GAME_MAX_SEATS];
    for (int b = 0; b < blocks; b++) {
        for (long long g = 0; g < ngroups; g++) {
            uint64_t seed_index = (uint64_t)b * (uint64_t)ngroups + (uint64_t)g;
            for (int r = 0; r < k && b * k + r < games; r++) {
                for (int seat = 0; seat < k; seat++) seat_ent[seat] = members[g * k + (seat - r + k) % k];
                push(s, c, seed_index, k, seat_ent);
            }
        }
    }
}

/* Every k-subset of `pool` (in lexicographic order), each prefixed by `lead` leading entrants,
 * written as groups of lead + k members. */
static int *subsets(const int *pool, int npool, int k, const int *lead, int nlead, long long count) {
    int size = nlead + k;
    int *out = xmalloc(sizeof(int) * (size_t)(count * size + 1));
    int idx[GAME_MAX_SEATS];
    for (int i = 0; i < k; i++) idx[i] = i;
    for (long long g = 0; g < count; g++) {
        for (int i = 0; i < nlead; i++) out[g * size + i] = lead[i];
        for (int i = 0; i < k; i++) out[g * size + nlead + i] = pool[idx[i]];
        int i = k - 1; /* next combination */
        while (i >= 0 && idx[i] == npool - k + i) i--;
        if (i < 0) break;
        idx[i]++;
        for (int j = i + 1; j < k; j++) idx[j] = idx[j - 1] + 1;
    }
    return out;
}

static void shuffle(rng_t *rng, int *a, int n) {
    for (int i = n - 1; i > 0; i--) {
        int j = (int)rng_below(rng, (uint32_t)i + 1);
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

static bool check_size(long long matches, buf_t *err) {
    if (matches < 0 || matches > TOURNEY_MAX_MATCHES) {
        buf_printf(err, "the schedule would have more than %d matches; use fewer entrants or --format random",
                   TOURNEY_MAX_MATCHES);
        return false;
    }
    return true;
}

static bool build_rotations(const tourney_config *c, tourney_schedule *s, int k, int games, buf_t *err) {
    int n = c->nentrants;
    int all[TOURNEY_MAX_ENTRANTS];
    for (int i = 0; i < n; i++) all[i] = i;
    bool gauntlet = c->format == FORMAT_GAUNTLET;
    if (gauntlet && n < 2) {
        buf_puts(err, "a gauntlet needs a candidate (the first seat) and at least one opponent");
        return false;
    }
    int lead = gauntlet ? 1 : 0;     /* the candidate sits in every group */
    int pool = n - lead;             /* who fills the other seats */
    int need = k - lead;
    int *members;
    long long ngroups;
    if (pool < need) {
        if (!c->has_fill) {
            need_fill(c, n, k, err);
            return false;
        }
        ngroups = 1;
        members = xmalloc(sizeof(int) * (size_t)k);
        for (int i = 0; i < n; i++) members[i] = i;
        for (int i = n; i < k; i++) members[i] = -1;
    } else {
        ngroups = choose(pool, need, TOURNEY_MAX_MATCHES);
        if (!check_size(ngroups < 0 ? -1 : ngroups * games, err)) return false;
        int cand = 0;
        members = subsets(all + lead, pool, need, &cand, lead, ngroups);
    }
    if (!check_size(ngroups * games, err)) {
        free(members);
        return false;
    }
    rotate_groups(s, c, members, ngroups, k, games);
    free(members);
    return true;
}

/* Random seatings: each draw takes the k entrants with the fewest games so far (ties broken at
 * random), in a random seat order, so the entrants' game counts never differ by more than one
 * draw. Two-seat draws are seat-swapped pairs sharing a seed. */
static bool build_random(const tourney_config *c, tourney_schedule *s, int k, int games, buf_t *err) {
    int n = c->nentrants;
    if (!check_size(games, err)) return false;
    rng_t rng;
    rng_seed(&rng, c->seed, 0x52414e44ULL); /* "RAND": apart from every match seed */
    int *count = xcalloc((size_t)n, sizeof(int));
    int *order = xmalloc(sizeof(int) * (size_t)n);
    int block = k == 2 ? 2 : 1;
    int seat_ent[GAME_MAX_SEATS];
    for (uint64_t draw = 0; s->n < games; draw++) {
        int chosen[GAME_MAX_SEATS], nc = 0;
        if (n < k) {
            if (!c->has_fill) {
                need_fill(c, n, k, err);
                free(count);
                free(order);
                return false;
            }
            for (int i = 0; i < n; i++) chosen[nc++] = i;
            while (nc < k) chosen[nc++] = -1;
        } else {
            /* Shuffle, then a stable sort by count: the k first have the fewest games. */
            for (int i = 0; i < n; i++) order[i] = i;
            shuffle(&rng, order, n);
            for (int i = 1; i < n; i++) { /* insertion sort keeps the shuffled order among equals */
                int v = order[i], j = i - 1;
                while (j >= 0 && count[order[j]] > count[v]) {
                    order[j + 1] = order[j];
                    j--;
                }
                order[j + 1] = v;
            }
            for (int i = 0; i < k; i++) chosen[nc++] = order[i];
        }
        shuffle(&rng, chosen, k); /* seat order */
        for (int r = 0; r < block && s->n < games; r++) {
            for (int seat = 0; seat < k; seat++) seat_ent[seat] = chosen[(seat + r) % k];
            push(s, c, draw, k, seat_ent);
            for (int seat = 0; seat < k; seat++)
                if (seat_ent[seat] >= 0) count[seat_ent[seat]]++;
        }
    }
    free(count);
    free(order);
    return true;
}

/* The rounds format (SuiteBot P8): each round is TOURNEY_ROUND_GAMES sittings; at each sitting every
 * entrant plays one game. Up to `cap` entrants share one game, seats shuffled; more are dealt at
 * random into the fewest tables that hold them, of sizes differing by at most one, so every
 * entrant plays the same number of games. Seed index: round << TOURNEY_ROUND_SHIFT | sitting * tables + table. */
static bool build_rounds(const tourney_config *c, tourney_schedule *s, int cap, buf_t *err) {
    const game_t *g = c->game;
    int n = c->nentrants;
    int rounds = c->rounds ? c->rounds : c->weights.n ? c->weights.n : 1;
    if (rounds > TOURNEY_MAX_ROUNDS) {
        buf_printf(err, "at most %d rounds", TOURNEY_MAX_ROUNDS);
        return false;
    }
    int ntables = (n + cap - 1) / cap;
    if (!check_size((long long)rounds * TOURNEY_ROUND_GAMES * ntables, err)) return false;
    int fillers = 0;
    if (n < g->min_seats) {
        if (!c->has_fill) {
            need_fill(c, n, g->min_seats, err);
            return false;
        }
        fillers = g->min_seats - n;
    }
    rng_t rng;
    rng_seed(&rng, c->seed, 0x524f554e44ULL); /* "ROUND": apart from every match seed */
    int order[TOURNEY_MAX_ENTRANTS];
    int seat_ent[GAME_MAX_SEATS];
    for (int r = 0; r < rounds; r++)
        for (int sitting = 0; sitting < TOURNEY_ROUND_GAMES; sitting++) {
            for (int i = 0; i < n; i++) order[i] = i;
            shuffle(&rng, order, n);
            for (int t = 0, first = 0; t < ntables; t++) {
                int size = n / ntables + (t < n % ntables ? 1 : 0);
                for (int i = 0; i < size; i++) seat_ent[i] = order[first + i];
                for (int i = 0; i < fillers; i++) seat_ent[size + i] = -1;
                first += size;
                uint64_t idx = ((uint64_t)r << TOURNEY_ROUND_SHIFT) | (uint64_t)(sitting * ntables + t);
                push(s, c, idx, size + fillers, seat_ent);
            }
        }
    s->seats = n / ntables + (n % ntables ? 1 : 0) + fillers;
    s->games = s->n;
    s->paired = false;
    return true;
}

bool schedule_build(const tourney_config *c, tourney_schedule *s, buf_t *err) {
    memset(s, 0, sizeof *s);
    const game_t *g = c->game;
    int n = c->nentrants;
    if (n < 1) {
        buf_puts(err, "no entrants");
        return false;
    }
    if (c->format == FORMAT_ROUNDS) {
        if (g->max_seats < 2) {
            buf_printf(err, "the rounds format seats several entrants in one game; %s is played alone "
                            "(use the default format)", g->id);
            return false;
        }
        int cap = c->seats ? c->seats : g->max_seats;
        if (cap > GAME_MAX_SEATS) cap = GAME_MAX_SEATS;
        if (cap < g->min_seats || cap > g->max_seats) {
            char seats[32];
            buf_printf(err, "%s is played by %s, not %d", g->id, game_seats_text(g, seats, sizeof seats), cap);
            if (c->seats) seats_hint(g, err);
            return false;
        }
        if (n > cap && n / ((n + cap - 1) / cap) < g->min_seats) {
            buf_printf(err, "%d entrants cannot be dealt into games of %d to %d seats", n, g->min_seats, cap);
            return false;
        }
        return build_rounds(c, s, cap, err);
    }
    int k = c->seats ? c->seats : schedule_default_seats(g, n);
    if (k < g->min_seats || k > g->max_seats || k > GAME_MAX_SEATS) {
        char seats[32];
        buf_printf(err, "%s is played by %s, not %d", g->id, game_seats_text(g, seats, sizeof seats), k);
        if (c->seats) seats_hint(g, err);
        return false;
    }
    s->seats = k;
    s->paired = k == 2;
    if (k == 1) {
        /* One-seat games: every entrant plays the same games 0..N-1 (paired comparison). */
        int games = c->games ? c->games : 10;
        s->games = games;
        if (!check_size((long long)games * n, err)) return false;
        for (int gi = 0; gi < games; gi++)
            for (int e = 0; e < n; e++) push(s, c, (uint64_t)gi, 1, &e);
        return true;
    }
    switch (c->format) {
    case FORMAT_ROUND_ROBIN:
    case FORMAT_GAUNTLET:
        s->games = c->games ? c->games : k;
        return build_rotations(c, s, k, s->games, err);
    case FORMAT_RANDOM:
        s->games = c->games ? c->games : n * k;
        return build_random(c, s, k, s->games, err);
    case FORMAT_ROUNDS: break; /* handled above */
    }
    buf_puts(err, "unknown format");
    return false;
}

void schedule_sprt(const tourney_config *c, int npairs, tourney_schedule *s) {
    memset(s, 0, sizeof *s);
    s->seats = 2;
    s->paired = true;
    s->games = npairs * 2;
    for (int p = 0; p < npairs; p++) {
        int ab[2] = {0, 1}, ba[2] = {1, 0};
        push(s, c, (uint64_t)p, 2, ab);
        push(s, c, (uint64_t)p, 2, ba);
    }
}
