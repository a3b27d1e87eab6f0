/* bench_rezzo.c: `arena bench rezzo`: the CA's speed against the plain reference stepper on the
 * original's benchmark worlds (docs/games/rezzo.md "Performance"), whole games of built-in bots, and
 * with --referee the per-tick cost with two process bots next to a raw pipe round trip of the same
 * sizes. */
#include "bench.h"
#include "../core/log.h"
#include "../core/clock.h"
#include "../core/exit_status.h"
#include "../core/hash.h"
#include "../core/jw.h"
#include "../core/text.h"
#include "../games/rezzo/rz.h"
#include "../match/sinks.h"
#include "../core/xalloc.h"
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct {
    int w, h, steps;
    const char *want; /* the expected type_hash after `steps` (ca_no_moves.json), or NULL */
    bool soup;        /* the dense soup instead of a generated world */
} ca_world;

static const ca_world WORLDS[] = {
    {320, 320, 2000, "c068357ce0a70c11", false},
    {640, 640, 500, "a091d45b4e85eba9", false},
    {1024, 1024, 200, "0ab36b649819f193", false},
    {320, 320, 500, NULL, true},
};

typedef struct {
    double fast_sps, ref_sps;
    char hash[17];
    bool ok;
} ca_result;

static void cpu_model(char *out, size_t n) {
    snprintf(out, n, "unknown CPU");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f) return;
    char line[512];
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "model name", 10) != 0) continue;
        char *c = strchr(line, ':');
        if (!c) break;
        c += 2;
        c[strcspn(c, "\n")] = 0;
        snprintf(out, n, "%s", c);
        break;
    }
    fclose(f);
}

/* The dense soup: 30% conductors, 2% electrons with tails behind them, flags and geysers of 4
 * owners; fixed seed. */
static void dense_soup(rz_world *w) {
    rng_t rng;
    rng_seed(&rng, 12345, 7);
    for (size_t i = 0; i < w->n; i++) {
        uint32_t r = rng_below(&rng, 1000);
        uint8_t t = RZ_BLANK, o = 0;
        if (r < 300) t = RZ_COND;
        else if (r < 320) t = RZ_ELEC;
        else if (r < 322) t = RZ_FLAG, o = (uint8_t)(1 + rng_below(&rng, 4));
        else if (r < 324) t = RZ_GEYSER, o = (uint8_t)(1 + rng_below(&rng, 4));
        w->type[i] = t;
        w->owner[i] = o;
    }
    for (size_t i = 0; i < w->n; i++) /* a tail to the left of every electron */
        if (w->type[i] == RZ_ELEC) {
            size_t j = i % (size_t)w->w ? i - 1 : i + (size_t)w->w - 1;
            if (w->type[j] == RZ_COND || w->type[j] == RZ_BLANK) w->type[j] = RZ_TAIL;
        }
    rz_rebuild_active(w);
}

/* A world to measure, or NULL with why (*oom: memory ran out; else the setup was refused: no room
 * for the players, Rezzo D14). Out of memory is never an abort: the bench reports it (exit 1). */
static rz_state *make_world(const ca_world *cw, uint32_t seed, int players, buf_t *err, bool *oom) {
    rz_config cfg = {.w = cw->w, .h = cw->h, .players = cw->soup ? 0 : players, .seed32 = seed, .keyframe_every = 500};
    *oom = false;
    if (!cw->soup) return rz_new(&cfg, err, oom);
    *oom = true;
    rz_state *st = calloc(1, sizeof *st);
    if (!st) {
        buf_printf(err, "out of memory for a rezzo state (%zu bytes)", sizeof *st);
        return NULL;
    }
    st->cfg = cfg;
    if (!rz_world_init(&st->world, cw->w, cw->h)) {
        double mib = 5.0 * cw->w * cw->h / 1048576; /* as rz_new's: a tenth below 10 */
        buf_printf(err, "out of memory for a %dx%d world (%.*f MiB)", cw->w, cw->h, mib < 10 ? 1 : 0, mib);
        free(st);
        return NULL;
    }
    dense_soup(&st->world);
    if (st->world.oom) {
        buf_printf(err, "out of memory for the active cells of a %dx%d world", cw->w, cw->h);
        rz_free(st);
        return NULL;
    }
    *oom = false;
    return st;
}

/* A step that could not get the memory for its lists changed nothing and set world.oom: the run
 * stops there (its figures would be of a world that no longer moves). */
static bool step_failed(const rz_state *st, int step, buf_t *err) {
    if (!st->world.oom) return false;
    buf_printf(err, "out of memory at step %d: the cell lists of the %dx%d world could not grow", step, st->world.w,
               st->world.h);
    return true;
}

/* Steps per second of the fast stepper over cw->steps steps (and the final hash); false with why
 * when the world cannot be made or a step runs out of memory. */
static bool time_fast(const ca_world *cw, uint32_t seed, int players, char hash[17], double *sps, buf_t *err,
                      bool *oom) {
    rz_state *st = make_world(cw, seed, players, err, oom);
    if (!st) return false;
    int64_t t0 = clock_now_ns();
    for (int s = 0; s < cw->steps; s++) {
        uint32_t losers = rz_ca_step(&st->world);
        if ((*oom = step_failed(st, s, err))) {
            rz_free(st);
            return false;
        }
        if (losers) rz_eliminate_cells(&st->world, losers);
    }
    int64_t t1 = clock_now_ns();
    snprintf(hash, 17, "%016llx", (unsigned long long)rz_type_hash(&st->world));
    rz_free(st);
    *sps = cw->steps / ((double)(t1 - t0) / 1e9);
    return true;
}

/* The reference stepper costs about the same every step, so a short run from the same start gives
 * its rate: steps until `budget_ns` has passed (at least 3). False with why as time_fast. */
static bool time_ref(const ca_world *cw, uint32_t seed, int players, int64_t budget_ns, double *sps, buf_t *err,
                     bool *oom) {
    rz_state *st = make_world(cw, seed, players, err, oom);
    if (!st) return false;
    /* its copy of the old types and owners, in one block (one failure to report) */
    uint8_t *t = malloc(2 * st->world.n);
    if (!t) {
        buf_printf(err, "out of memory for the reference stepper's copy of a %dx%d world (%zu bytes)", cw->w, cw->h,
                   2 * st->world.n);
        rz_free(st);
        *oom = true;
        return false;
    }
    uint8_t *o = t + st->world.n;
    int64_t t0 = clock_now_ns(), t1 = t0;
    int steps = 0;
    while (steps < 3 || t1 - t0 < budget_ns) {
        uint32_t losers = rz_ca_step_ref(&st->world, t, o);
        if ((*oom = step_failed(st, steps, err))) break;
        if (losers) rz_eliminate_cells(&st->world, losers);
        steps++;
        t1 = clock_now_ns();
    }
    free(t);
    rz_free(st);
    *sps = steps / ((double)(t1 - t0) / 1e9);
    return !*oom;
}

static bool bench_ca(const ca_world *cw, uint32_t seed, int players, int reps, bool with_ref, ca_result *r,
                     buf_t *err, bool *oom) {
    memset(r, 0, sizeof *r);
    for (int k = 0; k < reps; k++) { /* alternating, best of reps */
        char hash[17];
        double f, g;
        if (!time_fast(cw, seed, players, hash, &f, err, oom)) return false;
        if (f > r->fast_sps) r->fast_sps = f;
        memcpy(r->hash, hash, 17);
        if (with_ref) {
            if (!time_ref(cw, seed, players, 250000000, &g, err, oom)) return false;
            if (g > r->ref_sps) r->ref_sps = g;
        }
    }
    r->ok = !cw->want || strcmp(r->hash, cw->want) == 0;
    return true;
}

/* Whole games of built-in bots on one core, no sinks (bench.h): --players seats on --seed's worlds
 * (they were 2 seats on seeds 1000, 1001, ... whatever those said). */
bool bench_rezzo_games(const game_t *g, const bench_rezzo_spec *spec, double *gps, double *tps, long *total_ticks,
                       buf_t *err, bool *runtime_error) {
    const game_bot *b = game_find_bot(g, spec->bot);
    int n = spec->players;
    char sz[32], mt[32];
    snprintf(sz, sizeof sz, "%dx%d", spec->w, spec->h);
    snprintf(mt, sizeof mt, "%d", spec->ticks);
    game_options o = {.count = 2, .key = {"size", "max_ticks"}, .value = {sz, mt}};
    long all = 0;
    int64_t t0 = clock_now_ns();
    for (int k = 0; k < spec->games; k++) {
        uint64_t seed = spec->seed + (uint64_t)k;
        rng_t rng;
        rng_seed(&rng, seed, RNG_STREAM_MATCH);
        game_setup setup = {n, &o, seed, &rng};
        rz_state *st = game_create(g, &setup, err, runtime_error);
        if (!st) return false;
        void *mem[RZ_MAX_PLAYERS];
        rng_t brng[RZ_MAX_PLAYERS];
        for (int s = 0; s < n; s++) {
            mem[s] = xcalloc(1, b->memory_size ? b->memory_size : 1);
            rng_seed(&brng[s], seed, RNG_STREAM_BOT + (uint64_t)s);
        }
        while (!st->over) {
            rz_action acts[RZ_MAX_PLAYERS];
            seat_turn turns[RZ_MAX_PLAYERS];
            memset(turns, 0, sizeof turns);
            for (int s = 0; s < n; s++) {
                if (!st->p[s].alive) continue;
                rz_view v;
                rz_view_of(st, s, &v);
                turns[s].asked = true;
                turns[s].has_action = b->act(mem[s], &v, &acts[s], &brng[s]);
            }
            g->rules.apply(st, acts, turns, NULL);
            all++;
        }
        for (int s = 0; s < n; s++) free(mem[s]);
        /* a game whose engine ran out of memory is over with a meaningless result: its ticks are
         * not a measurement */
        buf_t why;
        buf_init(&why);
        bool failed = g->rules.failed && g->rules.failed(st, &why);
        if (failed) buf_printf(err, "game %d: %s", k + 1, buf_cstr(&why));
        buf_free(&why);
        g->rules.destroy(st);
        if (failed) {
            *runtime_error = true;
            return false;
        }
    }
    double secs = (double)(clock_now_ns() - t0) / 1e9;
    *gps = spec->games / secs;
    *tps = all / secs;
    *total_ticks = all;
    return true;
}

static int cmp_i64(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

/* --referee: per-tick times of a quick game between two process bots (kit wanders), measured
 * from one turn's end to the next (messages written, both replies read, applied), next to a
 * raw 340-byte / 2-byte pipe round trip with a child process. */
typedef struct {
    int64_t *t;
    int n, cap;
    int64_t last;
} tick_timer;

static void timer_turn(void *ctx, const match_t *m) {
    (void)m;
    tick_timer *tt = ctx;
    int64_t now = clock_now_ns();
    if (tt->last && tt->n < tt->cap) tt->t[tt->n++] = now - tt->last;
    tt->last = now;
}

/* What --referee measured, and of which game: its world (as the game made it), the type_hash of
 * the world it started on (the seed's and the players' mark: two seeds give two worlds) and the
 * ticks it played. */
typedef struct {
    int w, h;
    char start_hash[17];
    long ticks;
    int64_t p50, p99;
    double tps;
} referee_result;

/* --referee's game: `players` kit wanders (1..10) on --size's world, the match and the world
 * seeded by --seed, as the CA's worlds are (it was 2 seats and seed 12345 whatever they said). */
static bool referee_ticks(const char *kit, int ticks, uint64_t seed, int players, referee_result *r) {
    static match_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.game = &game_rezzo;
    cfg.clock = match_default_clock(&game_rezzo);
    cfg.quick = true;
    char mt[32], sz[32];
    snprintf(mt, sizeof mt, "max_ticks=%d", ticks);
    snprintf(sz, sizeof sz, "size=%dx%d", r->w, r->h); /* --size's world, as the CA's and the games' */
    char *kv[3] = {mt, "tick_ms=100000", sz};
    buf_t err;
    buf_init(&err);
    if (!match_parse_options(&game_rezzo, 3, kv, &cfg.options, &err)) {
        fprintf(stderr, "arena bench: %s\n", buf_cstr(&err));
        return false;
    }
    for (int s = 0; s < players; s++)
        if (!seatspec_parse(&game_rezzo, kit, &cfg.seats[s], &err)) {
            fprintf(stderr, "arena bench: %s\n", buf_cstr(&err));
            return false;
        }
    cfg.nseats = players;
    cfg.seed = seed;
    tick_timer tt = {calloc((size_t)ticks, sizeof(int64_t)), 0, ticks, 0};
    if (!tt.t) {
        fprintf(stderr, "arena bench rezzo: out of memory for the times of %d ticks\n", ticks);
        return false;
    }
    sink_t sink = {.ctx = &tt, .on_turn = timer_turn};
    cfg.sinks[0] = sink;
    cfg.nsinks = 1;
    match_t *m = match_new(&cfg, &err);
    if (!m) {
        fprintf(stderr, "arena bench rezzo: the referee's game could not be made: %s\n", buf_cstr(&err));
        free(tt.t);
        return false;
    }
    /* the world it is played on, as the game made it (what the figures say) */
    const rz_world *world = &((const rz_state *)m->state)->world;
    r->w = world->w, r->h = world->h;
    snprintf(r->start_hash, sizeof r->start_hash, "%016llx", (unsigned long long)rz_type_hash(world));
    int64_t t0 = clock_now_ns();
    /* abandoned: the game could not go on (out of memory; the referee logged why) */
    bool played = match_run(m) == 0;
    double secs = (double)(clock_now_ns() - t0) / 1e9;
    r->tps = m->turns_played / secs;
    r->ticks = m->turns_played;
    buf_reset(&err);
    if (!played && m->game->rules.failed && m->game->rules.failed(m->state, &err))
        fprintf(stderr, "arena bench rezzo: the referee's game failed: %s\n", buf_cstr(&err));
    else if (!played) fprintf(stderr, "arena bench rezzo: the referee's game was abandoned\n");
    match_free(m);
    for (int s = 0; s < players; s++) seatspec_free(&cfg.seats[s]);
    qsort(tt.t, (size_t)tt.n, sizeof *tt.t, cmp_i64);
    r->p50 = tt.n ? tt.t[tt.n / 2] : 0;
    r->p99 = tt.n ? tt.t[(tt.n * 99) / 100] : 0;
    free(tt.t);
    buf_free(&err);
    return played;
}

static void pipe_round_trip(int n, int64_t *p50, int64_t *p99) {
    int to[2], from[2];
    int64_t *t = calloc((size_t)n, sizeof *t);
    if (!t || pipe(to) || pipe(from)) { /* no figure (zeros) rather than no bench */
        free(t);
        return;
    }
    pid_t pid = fork();
    if (pid == 0) {
        char msg[RZ_MSG_SIZE];
        close(to[1]);
        close(from[0]);
        for (;;) {
            size_t got = 0;
            while (got < sizeof msg) {
                ssize_t r = read(to[0], msg + got, sizeof msg - got);
                if (r <= 0) _exit(0);
                got += (size_t)r;
            }
            if (write(from[1], msg, 2) != 2) _exit(0);
        }
    }
    close(to[0]);
    close(from[1]);
    char msg[RZ_MSG_SIZE] = {0}, rep[2];
    for (int i = 0; i < n; i++) {
        int64_t a = clock_now_ns();
        if (write(to[1], msg, sizeof msg) != (ssize_t)sizeof msg) break;
        size_t got = 0;
        while (got < 2) {
            ssize_t r = read(from[0], rep + got, 2 - got);
            if (r <= 0) break;
            got += (size_t)r;
        }
        t[i] = clock_now_ns() - a;
    }
    close(to[1]);
    close(from[0]);
    waitpid(pid, NULL, 0);
    qsort(t, (size_t)n, sizeof *t, cmp_i64);
    *p50 = t[n / 2];
    *p99 = t[(n * 99) / 100];
    free(t);
}

/* A world or game that could not be made or go on: out of memory is a failure (exit 1); a setup
 * the game refused (no room for the players, Rezzo D14) comes from the options, a usage error. */
static int failure(const char *what, buf_t *err, bool oom) {
    if (oom) fprintf(stderr, "arena bench rezzo: %s: %s\n", what, buf_cstr(err));
    else fprintf(stderr, "arena: error: %s\n(see `%s bench rezzo --help`)\n", buf_cstr(err), log_program());
    buf_free(err);
    return oom ? EXIT_FAIL : EXIT_USAGE;
}

/* --size WxH: W and H each a whole number in 16..4096 (sscanf's "%lld" took W "20abc" as 20). */
static bool parse_size(const char *v, long long *w, long long *h) {
    const char *x = strchr(v, 'x');
    return x && text_parse_int(v, (size_t)(x - v), RZ_MIN_SIZE, RZ_MAX_SIZE, w) &&
           text_parse_ll(x + 1, RZ_MIN_SIZE, RZ_MAX_SIZE, h);
}

/* A figure rounded to `decimals` places, as the text shows it (no float noise in the JSON). */
static double figure(double v, int decimals) {
    double k = pow(10, decimals);
    return isfinite(v) ? round(v * k) / k : 0;
}

/* One world's CA figures as the text line gives them; the reference's are null when --no-ref left
 * them unmeasured (they were 0), and hash_expected is the known type_hash checked, or null. */
static void ca_json(jw_t *jw, const ca_world *cw, const ca_result *r, bool with_ref) {
    char world[48];
    snprintf(world, sizeof world, "%s%dx%d", cw->soup ? "dense " : "", cw->w, cw->h);
    jw_obj(jw);
    jw_key(jw, "world");
    jw_str(jw, world);
    jw_key(jw, "dense");
    jw_bool(jw, cw->soup);
    jw_key(jw, "width");
    jw_int(jw, cw->w);
    jw_key(jw, "height");
    jw_int(jw, cw->h);
    jw_key(jw, "steps");
    jw_int(jw, cw->steps);
    jw_key(jw, "steps_per_second");
    jw_double(jw, figure(r->fast_sps, 1));
    jw_key(jw, "mcells_per_second");
    jw_double(jw, figure(r->fast_sps * cw->w * cw->h / 1e6, 1));
    jw_key(jw, "reference_steps_per_second");
    if (with_ref) jw_double(jw, figure(r->ref_sps, 1));
    else jw_null(jw);
    jw_key(jw, "ratio");
    if (with_ref && r->ref_sps > 0) jw_double(jw, figure(r->fast_sps / r->ref_sps, 2));
    else jw_null(jw);
    jw_key(jw, "type_hash");
    jw_str(jw, r->hash);
    jw_key(jw, "hash_expected");
    if (cw->want) jw_str(jw, cw->want);
    else jw_null(jw);
    jw_key(jw, "hash_ok");
    jw_bool(jw, r->ok);
    jw_obj_end(jw);
}

static void usage(FILE *out) {
    fprintf(out, "usage: arena bench rezzo [--seed N] [--size WxH] [--players N] [--steps N] [--threads 1]\n"
                 "                         [--games N] [--ticks N] [--bot NAME] [--referee] [--no-ref] [--json]\n\n"
                 "Measures the CA (steps/s and Mcells/s, best of 5, alternating with the plain reference\n"
                 "stepper on the same world, with the ratio) on the spec's worlds: 320x320 for 2000 steps,\n"
                 "640x640 for 500, 1024x1024 for 200 (--seed's worlds, default 12345, with --players, default\n"
                 "2, 0..10; each checked against its known type_hash) and a fixed dense soup; then --games\n"
                 "whole games of built-in --bot in all --players seats (default wander, 2 games of 10000\n"
                 "ticks at 320x320; game k is `arena play`'s with --seed S+k-1). --size/--steps measure one\n"
                 "world instead, and --size is the games' and --referee's world too. --referee: ticks/s and\n"
                 "per-tick p50/p99 of one game of --players process bots (bin/kits/rezzo/BOT, --bot's kit\n"
                 "program) on --seed's world, --ticks long (at most 20000), in quick mode, next to a raw pipe\n"
                 "round trip of 340 + 2 bytes. The games and --referee need 1..10 players. --threads: 1 only\n"
                 "(the spec's command line; the CA runs on one core).\n");
}

int bench_rezzo(int argc, char **argv) {
    uint64_t seed = 12345;
    long long players = 2, steps = 0, games = 2, ticks = 10000, threads = 1;
    long long w = 0, h = 0;
    const char *bot = "wander";
    bool json = false, referee = false, with_ref = true;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--json") == 0) json = true;
        else if (strcmp(a, "--referee") == 0) referee = true;
        else if (strcmp(a, "--no-ref") == 0) with_ref = false;
        else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return EXIT_OK;
        } else if (v && strcmp(a, "--seed") == 0 && text_parse_u64(v, &seed)) i++;
        else if (v && strcmp(a, "--players") == 0 && text_parse_ll(v, 0, 10, &players)) i++;
        else if (v && strcmp(a, "--steps") == 0 && text_parse_ll(v, 1, 100000000, &steps)) i++;
        else if (v && strcmp(a, "--games") == 0 && text_parse_ll(v, 0, 1000000, &games)) i++;
        else if (v && strcmp(a, "--ticks") == 0 && text_parse_ll(v, 1, 1000000000, &ticks)) i++;
        else if (v && strcmp(a, "--threads") == 0 && text_parse_ll(v, 1, 1, &threads)) i++;
        else if (v && strcmp(a, "--bot") == 0 && game_find_bot(&game_rezzo, v)) bot = argv[++i];
        else if (v && strcmp(a, "--size") == 0) {
            if (!parse_size(v, &w, &h)) {
                fprintf(stderr, "arena: error: --size %s: expected WxH, each 16..4096\n(see `%s bench rezzo --help`)\n", v,
                        log_program());
                return EXIT_USAGE;
            }
            i++;
        } else {
            fprintf(stderr, "arena: error: %s%s%s: an unknown option, or a bad or missing value\n"
                            "(see `%s bench rezzo --help`)\n", a, v ? " " : "", v ? v : "", log_program());
            return EXIT_USAGE;
        }
    }
    /* the CA's world may have no players; a game needs a seat (checked before anything is
     * measured) */
    if (referee && players < 1) {
        fprintf(stderr, "arena: error: --players %lld --referee: the referee's game needs 1..%d players\n"
                        "(see `%s bench rezzo --help`)\n", players, RZ_MAX_PLAYERS, log_program());
        return EXIT_USAGE;
    }
    if (games > 0 && players < 1) {
        fprintf(stderr, "arena: error: --players %lld: the games need 1..%d players (--games 0 measures the CA "
                        "alone)\n(see `%s bench rezzo --help`)\n", players, RZ_MAX_PLAYERS, log_program());
        return EXIT_USAGE;
    }
    char cpu[256];
    cpu_model(cpu, sizeof cpu);
    ca_world one = {(int)w, (int)h, steps ? (int)steps : 2000, NULL, false};
    /* the known type_hashes are of the spec's worlds: seed 12345 with 2 players (another --seed or
     * --players was a "WRONG" hash and exit 1 on the default worlds) */
    bool spec_worlds = seed == 12345 && players == 2;
    ca_world worlds[sizeof WORLDS / sizeof WORLDS[0]];
    memcpy(worlds, WORLDS, sizeof worlds);
    const ca_world *list = worlds;
    int nworlds = (int)(sizeof WORLDS / sizeof WORLDS[0]);
    for (int k = 0; k < nworlds; k++)
        if (!spec_worlds && !worlds[k].soup) worlds[k].want = NULL;
    if (w) {
        for (int k = 0; k < nworlds; k++)
            if (WORLDS[k].w == w && WORLDS[k].h == h && WORLDS[k].steps == one.steps && !WORLDS[k].soup && spec_worlds)
                one.want = WORLDS[k].want;
        list = &one;
        nworlds = 1;
    }
    ca_result res[8];
    bool all_ok = true, oom;
    buf_t err;
    buf_init(&err);
    for (int k = 0; k < nworlds; k++) {
        if (!bench_ca(&list[k], (uint32_t)seed, (int)players, 5, with_ref, &res[k], &err, &oom)) {
            char what[96];
            snprintf(what, sizeof what, "the CA on a %dx%d world could not be measured", list[k].w, list[k].h);
            return failure(what, &err, oom);
        }
        all_ok &= res[k].ok;
        if (json) continue;
        /* the header comes with the first figures: a world the options refuse is a usage error
         * with nothing on stdout */
        if (k == 0) printf("arena bench rezzo: CA, 1 thread, %s\n", cpu);
        double mc = res[k].fast_sps * list[k].w * list[k].h / 1e6;
        printf("  %-9s %4dx%-4d %5d steps: %9.0f steps/s %8.0f Mcells/s  type_hash %s%s",
               list[k].soup ? "dense" : "world", list[k].w, list[k].h, list[k].steps, res[k].fast_sps, mc, res[k].hash,
               list[k].want ? (res[k].ok ? " (ok)" : " (WRONG: the run does not count)") : "");
        if (with_ref) printf("  reference %.0f steps/s, ratio %.1fx", res[k].ref_sps, res[k].fast_sps / res[k].ref_sps);
        printf("\n");
    }
    double gps = 0, tps = 0;
    long total = 0;
    /* the games' world: the --size world, W by H (they were played on W by W), else 320x320
     * (docs/benchmarks.md) */
    int gw = w ? (int)w : 320, gh = w ? (int)h : 320;
    if (games > 0) {
        bench_rezzo_spec gs = {bot, (int)games, (int)ticks, gw, gh, (int)players, seed};
        if (!bench_rezzo_games(&game_rezzo, &gs, &gps, &tps, &total, &err, &oom))
            return failure("the games could not be played", &err, oom);
        if (!json)
            printf("  games: builtin:%s x%lld, %dx%d, %lld games, %ld ticks: %.3f games/s, %.0f ticks/s (seeds %llu to "
                   "%llu)\n", bot, players, gw, gh, games, total, gps, tps, (unsigned long long)seed,
                   (unsigned long long)(seed + (uint64_t)games - 1));
    }
    int64_t pp50 = 0, pp99 = 0;
    referee_result rr = {.w = w ? (int)w : 320, .h = w ? (int)h : 320};
    if (referee) {
        char kit[4096];
        ssize_t n = readlink("/proc/self/exe", kit, sizeof kit - 64);
        if (n <= 0) return EXIT_FAIL;
        kit[n] = 0;
        char *slash = strrchr(kit, '/');
        snprintf(slash ? slash + 1 : kit, 64, "kits/rezzo/%s", bot); /* --bot's (it was wander whatever --bot said) */
        if (access(kit, X_OK) != 0) {
            fprintf(stderr, "arena bench: --referee needs %s (run make)\n", kit);
            return EXIT_FAIL;
        }
        signal(SIGPIPE, SIG_IGN);
        /* on the --size world (it was 320x320 whatever --size said), else 320x320 */
        if (!referee_ticks(kit, (int)(ticks < 20000 ? ticks : 20000), seed, (int)players, &rr)) return EXIT_FAIL;
        pipe_round_trip(20000, &pp50, &pp99);
        if (!json)
            printf("  referee: %lld process %ss, quick, %dx%d, seed %llu (start type_hash %s), %ld ticks: "
                   "%.0f ticks/s; tick p50 %.1f us, p99 %.1f us; "
                   "raw pipe round trip (340+2 bytes) p50 %.1f us, p99 %.1f us\n",
                   players, bot, rr.w, rr.h, (unsigned long long)seed, rr.start_hash, rr.ticks, rr.tps, rr.p50 / 1e3,
                   rr.p99 / 1e3, pp50 / 1e3, pp99 / 1e3);
    }
    if (json) {
        /* everything the text says (the games' bot, world, count and ticks were missing), through
         * jw: the CPU's name is escaped */
        buf_t out;
        buf_init(&out);
        jw_t jw;
        jw_init(&jw, &out);
        jw_obj(&jw);
        jw_key(&jw, "game");
        jw_str(&jw, "rezzo");
        jw_key(&jw, "cpu");
        jw_str(&jw, cpu);
        jw_key(&jw, "threads");
        jw_int(&jw, 1);
        jw_key(&jw, "seed");
        jw_uint(&jw, seed);
        jw_key(&jw, "players");
        jw_int(&jw, players);
        jw_key(&jw, "ca");
        jw_arr(&jw);
        for (int k = 0; k < nworlds; k++)
            ca_json(&jw, &list[k], &res[k], with_ref);
        jw_arr_end(&jw);
        jw_key(&jw, "games");
        if (games > 0) {
            jw_obj(&jw);
            char bot_seat[96], world[32];
            snprintf(bot_seat, sizeof bot_seat, "builtin:%s", bot);
            snprintf(world, sizeof world, "%dx%d", gw, gh);
            jw_key(&jw, "bot");
            jw_str(&jw, bot_seat);
            jw_key(&jw, "seats");
            jw_int(&jw, players);
            jw_key(&jw, "first_seed");
            jw_uint(&jw, seed);
            jw_key(&jw, "world");
            jw_str(&jw, world);
            jw_key(&jw, "games");
            jw_int(&jw, games);
            jw_key(&jw, "ticks");
            jw_int(&jw, total);
            jw_key(&jw, "games_per_second");
            jw_double(&jw, figure(gps, 4));
            jw_key(&jw, "ticks_per_second");
            jw_double(&jw, figure(tps, 1));
            jw_obj_end(&jw);
        } else {
            jw_null(&jw);
        }
        /* the games' figures as before, at the top (what `arena bench GAME --json` prints) */
        jw_key(&jw, "games_per_second");
        jw_double(&jw, figure(gps, 4));
        jw_key(&jw, "steps_per_second");
        jw_double(&jw, figure(tps, 1));
        if (referee) {
            char world[32];
            snprintf(world, sizeof world, "%dx%d", rr.w, rr.h);
            jw_key(&jw, "referee_world");
            jw_str(&jw, world);
            jw_key(&jw, "referee_bot");
            jw_str(&jw, bot);
            jw_key(&jw, "referee_seed");
            jw_uint(&jw, seed);
            jw_key(&jw, "referee_players");
            jw_int(&jw, players);
            jw_key(&jw, "referee_start_hash");
            jw_str(&jw, rr.start_hash);
            jw_key(&jw, "referee_ticks");
            jw_int(&jw, rr.ticks);
            jw_key(&jw, "referee_ticks_per_second");
            jw_double(&jw, figure(rr.tps, 1));
            jw_key(&jw, "move_p50_us");
            jw_double(&jw, figure(rr.p50 / 1e3, 1));
            jw_key(&jw, "move_p99_us");
            jw_double(&jw, figure(rr.p99 / 1e3, 1));
            jw_key(&jw, "pipe_p50_us");
            jw_double(&jw, figure(pp50 / 1e3, 1));
            jw_key(&jw, "pipe_p99_us");
            jw_double(&jw, figure(pp99 / 1e3, 1));
        }
        jw_obj_end(&jw);
        printf("%s\n", buf_cstr(&out));
        buf_free(&out);
    }
    buf_free(&err);
    return all_ok ? EXIT_OK : EXIT_FAIL;
}
