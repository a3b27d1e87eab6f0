/* runner.c: the tournament loop (see runner.h). Ratings are always computed from the stored
 * results, never from the order in which matches finished. */
#include "runner.h"
#include "../core/clock.h"
#include "../core/log.h"
#include "../core/rng.h"
#include "../core/stop_signal.h"
#include "../store/tourneys.h"
#include "../store/queue.h"
#include "../store/replays.h"
#include "cache.h"
#include "jobspec.h"
#include "slurm.h"
#include "travel.h"
#include "worker.h"
#include "../core/xalloc.h"
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/ioctl.h>
#include <unistd.h>

static volatile sig_atomic_t stop_requested = 0;

/* ---------- the run ---------- */

typedef struct {
    tourney_config *c;
    const runner_opts *o;
    tourney_schedule sched;
    store_t *store;
    int64_t id;
    tourney_result *results; /* every stored result (grows as matches finish) */
    int nresults, cap;
    bool *finished;     /* by schedule index */
    int enqueued;       /* schedule matches 0..enqueued-1 are in the queue */
    travel_seat *travel;/* the entrants' bundles (a PostgreSQL store), NULL: none */
    char cwd[4096];     /* where relative seats resolve (the specs carry it to the workers) */
    int nfinished;
    int played_now;     /* matches finished in this run */
    int64_t start_us;
    /* progress */
    FILE *pout;         /* where progress goes: stdout, or stderr when stdout carries --json */
    bool tty;
    int64_t last_line_us, last_leader_us;
    char leader[160];
    int leader_results; /* results when the leader was last computed */
    /* SPRT */
    sprt_decision decision;
    double llr;
} run;

static void add_result(run *R, const tourney_result *r) {
    if (R->nresults == R->cap) {
        R->cap = R->cap ? R->cap * 2 : 256;
        R->results = xrealloc(R->results, sizeof *R->results * (size_t)R->cap);
    }
    R->results[R->nresults++] = *r;
}

static void update_leader(run *R, bool force) {
    /* At most once a second, or when the results doubled since the last time: the cost stays
     * proportional to the results however fast matches finish. */
    int64_t now = clock_now_us();
    if (!force && now - R->last_leader_us < 1000000 && R->nresults < 2 * R->leader_results) return;
    R->last_leader_us = now;
    R->leader_results = R->nresults;
    const char *names[TOURNEY_MAX_ENTRANTS];
    for (int i = 0; i < R->c->nentrants; i++) names[i] = R->c->entrants[i].name;
    standings st;
    standings_compute_weighted(&st, R->c->game, R->c->game->id, &R->c->options, R->c->nentrants, names,
                               R->results, R->nresults, R->o->anchor,
                               R->c->format == FORMAT_ROUNDS && !R->c->sprt_on ? &R->c->weights : NULL);
    standings_leader(&st, R->leader, sizeof R->leader);
    standings_free(&st);
}

static void sprt_update(run *R) {
    if (!R->c->sprt_on) return;
    int penta[5], ldw[3];
    sprt_tally(R->results, R->nresults, penta, ldw);
    R->llr = sprt_llr_pentanomial(penta, R->c->sprt.elo0, R->c->sprt.elo1);
    if (R->decision == SPRT_CONTINUE) R->decision = sprt_decide(&R->c->sprt, R->llr);
}

static void fmt_duration(double s, char *out, size_t n) {
    if (isnan(s) || s < 0 || s > 1e7) {
        snprintf(out, n, "?");
        return;
    }
    long t = lround(s);
    if (t >= 3600) snprintf(out, n, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
    else snprintf(out, n, "%ld:%02ld", t / 60, t % 60);
}

static void status_text(run *R, char *out, size_t n) {
    double el = (double)(clock_now_us() - R->start_us) / 1e6;
    double rate = el > 0 ? R->played_now / el : 0;
    int total = R->sched.n;
    char eta[32];
    if (R->c->sprt_on) {
        double lo, hi;
        sprt_bounds(&R->c->sprt, &lo, &hi);
        snprintf(out, n, "[%d games] %.2f games/s  LLR %.2f (%.2f, %.2f)  leader: %s", R->nfinished, rate, R->llr, lo,
                 hi, R->leader);
        return;
    }
    fmt_duration(rate > 0 ? (total - R->nfinished) / rate : NAN, eta, sizeof eta);
    snprintf(out, n, "[%d/%d] %.2f games/s  ETA %s  leader: %s", R->nfinished, total, rate, eta, R->leader);
}

static void progress_tick(run *R, bool force) {
    if (R->o->quiet || !R->tty) return;
    int64_t now = clock_now_us();
    if (!force && now - R->last_line_us < 250000) return;
    R->last_line_us = now;
    update_leader(R, false);
    char line[400];
    status_text(R, line, sizeof line);
    /* Cut to the terminal's width: a longer line wrapped, and each redraw (carriage return, clear
     * to the end of the line) then left the wrapped part behind, a new line every quarter second. */
    struct winsize ws;
    if (ioctl(fileno(R->pout), TIOCGWINSZ, &ws) == 0 && ws.ws_col > 1 && strlen(line) >= ws.ws_col) {
        size_t n = (size_t)ws.ws_col - 1;
        while (n > 0 && ((unsigned char)line[n] & 0xC0) == 0x80) n--; /* not inside a UTF-8 character */
        line[n] = 0;
    }
    fprintf(R->pout, "\r\033[K%s", line);
    fflush(R->pout);
}

static void progress_match(run *R, const tourney_result *r) {
    if (R->o->quiet || R->tty) return;
    update_leader(R, false);
    char line[400];
    status_text(R, line, sizeof line);
    fprintf(R->pout, "%s | match %d", line, r->idx);
    if (r->failed) {
        fprintf(R->pout, " failed: %s\n", r->error);
    } else {
        fprintf(R->pout, ":");
        for (int s = 0; s < r->nseats; s++) {
            int e = r->entrant[s];
            fprintf(R->pout, "%s %s %g", s ? "," : "", e < 0 ? R->c->fill.name : R->c->entrants[e].name, r->score[s]);
        }
        fprintf(R->pout, "\n");
    }
    fflush(R->pout);
}

static void note(run *R, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void note(run *R, const char *fmt, ...) {
    if (R->tty && !R->o->quiet) fprintf(R->pout, "\r\033[K");
    fflush(R->pout);
    va_list ap;
    va_start(ap, fmt);
    fputs("arena: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

/* On a PostgreSQL store with --replays DIR, the replay of a match another machine played is in the
 * store: it is written to DIR as if played here, and becomes the result's replay (the result named
 * none, or a file on the worker's machine: arena report then linked nothing, or something not
 * here). A match whose result names a file here (played here, or fetched before) is left alone. */
static void fetch_replay(run *R, tourney_result *r) {
    if (!R->o->replays_dir || !db_is_postgres(store_db(R->store)) || r->failed) return;
    if (r->replay[0] && access(r->replay, F_OK) == 0) return;
    char path[4200];
    config_replay_path(R->o->replays_dir, R->id, r->idx, path, sizeof path);
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) return; /* a folder in the way: it keeps none */
    buf_t err;
    buf_init(&err);
    int64_t job = queue_find(R->store, "tourney", R->id, r->idx);
    /* written again when there (fetched by an older Arena, which did not record it): once */
    int got = job ? replays_save(R->store, job, path, &err) : 0;
    if (got < 0) note(R, "match %d: %s", r->idx, buf_cstr(&err));
    size_t n = strlen(path);
    if (got == 1 && n < sizeof r->replay && replays_set_path(R->store, job, path, &err)) memcpy(r->replay, path, n + 1);
    buf_free(&err);
}

/* A stored result: ours, or another worker's found in the store. */
static void take_result(run *R, const tourney_result *given) {
    if (given->idx < 0 || given->idx >= R->sched.n || R->finished[given->idx]) return;
    tourney_result copy = *given, *r = &copy;
    fetch_replay(R, r);
    R->finished[r->idx] = true;
    R->nfinished++;
    R->played_now++;
    add_result(R, r);
    sprt_update(R);
    progress_match(R, r);
}

/* The worker loop's report of one attempt of a match of ours. */
static void on_report(void *ctx, const queue_claim *c, queue_outcome o, const tourney_result *r, queue_report_rc rc,
                      const char *why) {
    run *R = ctx;
    int idx = (int)c->owner_key;
    switch (rc) {
    case QUEUE_REPORT_STORED:
        if (o == QUEUE_UNPLAYABLE) note(R, "match %d cannot be played: %s", idx, why);
        take_result(R, r);
        break;
    case QUEUE_REPORT_FAILED:
        if (o == QUEUE_UNPLAYABLE) note(R, "match %d cannot be played: %s", idx, why);
        else note(R, "match %d failed: %s", idx, why);
        tourney_result f = *r;
        f.attempts = c->failures + 1;
        take_result(R, &f);
        break;
    case QUEUE_REPORT_REQUEUED:
        if (o == QUEUE_BOT_FAILURE) note(R, "match %d: %s; playing it again (attempt %d)", idx, why, c->failures + 2);
        break;
    case QUEUE_REPORT_LOST: note(R, "match %d: %s", idx, why); break;
    case QUEUE_REPORT_ERROR: break;
    }
}

/* The same schedule must produce the matches already stored; anything else means the store holds
 * a different tournament under this key (a changed program). */
static bool check_stored(run *R, buf_t *err) {
    for (int k = 0; k < R->nresults; k++) {
        const tourney_result *r = &R->results[k];
        if (r->idx < 0 || r->idx >= R->sched.n) {
            buf_printf(err, "stored match %d is not in this schedule", r->idx);
            return false;
        }
        const tourney_match *m = &R->sched.m[r->idx];
        bool same = r->seed == m->seed && r->nseats == m->nseats;
        for (int s = 0; same && s < m->nseats; s++) same = r->entrant[s] == m->entrant[s];
        if (!same) {
            buf_printf(err, "stored match %d (seed %llu) differs from this schedule's (seed %llu)", r->idx,
                       (unsigned long long)r->seed, (unsigned long long)m->seed);
            return false;
        }
    }
    return true;
}

/* A bot rebuilt between two runs plays the matches left as it is now (the key holds the seat
 * string, not the program): said on every resume, entrant by entrant, with what to do, so results
 * of two versions are never mixed or shown as the new one's without a word. The first run's
 * fingerprints stay stored: a third run with the new files still says so. */
static void check_fingerprints(run *R) {
    const tourney_config *c = R->c;
    int left = R->sched.n - R->nfinished;
    char *stored[TOURNEY_MAX_ENTRANTS];
    tourneys_fingerprints(R->store, R->id, stored, c->nentrants);
    for (int i = 0; i < c->nentrants; i++) {
        char now[65];
        const char *was = stored[i];
        if (!travel_fingerprint_of(&c->entrants[i], R->travel ? &R->travel[i + 1] : NULL, now)) continue;
        if (was && strcmp(was, now) == 0) continue;
        int played = 0;
        for (int k = 0; k < R->nresults; k++)
            for (int s = 0; s < R->results[k].nseats; s++)
                if (R->results[k].entrant[s] == i) {
                    played++;
                    break;
                }
        buf_t err;
        buf_init(&err);
        if (!was || played == 0) { /* nothing played by other files (or none known, a store made before
                                    * fingerprints): these are the tournament's from now on */
            if (!tourneys_set_fingerprint(R->store, R->id, i, now, &err)) log_warn("%s", buf_cstr(&err));
        } else {
            const tourney_entrant *e = &c->entrants[i];
            char rest[64] = "and nothing is left to play";
            if (left > 0) snprintf(rest, sizeof rest, "the %d matches left are played by these", left);
            fprintf(stderr, "arena: warning: entrant %s (%s) changed since this tournament was first run: its %d stored "
                            "matches were played by the earlier files, %s. To rate this version%s, give it another "
                            "name (%s2=%s)\n",
                    e->name, e->seat.text, played, rest, left > 0 ? " on its own" : "", e->name, e->seat.text);
        }
        buf_free(&err);
    }
    for (int i = 0; i < c->nentrants; i++) free(stored[i]);
}

static void print_sprt(run *R, FILE *out) {
    int penta[5], ldw[3];
    sprt_tally(R->results, R->nresults, penta, ldw);
    double lo, hi, elo, elo_lo, elo_hi;
    sprt_bounds(&R->c->sprt, &lo, &hi);
    double llr = sprt_llr_pentanomial(penta, R->c->sprt.elo0, R->c->sprt.elo1);
    const double a5[5] = {0, 0.25, 0.5, 0.75, 1};
    sprt_elo_estimate(5, a5, penta, &elo, &elo_lo, &elo_hi);
    const char *A = R->c->entrants[0].name, *B = R->c->entrants[1].name;
    fprintf(out, "SPRT %s vs %s: elo0 %g, elo1 %g, alpha %g, beta %g (pentanomial GSPRT on logistic Elo)\n", B, A,
            R->c->sprt.elo0, R->c->sprt.elo1, R->c->sprt.alpha, R->c->sprt.beta);
    fprintf(out, "games %d (from %s's side W %d, D %d, L %d); pairs [0, 1/2, 1, 3/2, 2 points]: %d %d %d %d %d\n",
            ldw[0] + ldw[1] + ldw[2], B, ldw[2], ldw[1], ldw[0], penta[0], penta[1], penta[2], penta[3], penta[4]);
    char elo_text[128];
    if (sprt_elo_text(elo, elo_lo, elo_hi, elo_text, sizeof elo_text)) fprintf(out, "Elo of %s over %s: %s\n", B, A, elo_text);
    fprintf(out, "LLR %.3f, bounds (%.3f, %.3f): ", llr, lo, hi);
    if (R->decision == SPRT_H1)
        fprintf(out, "H1 accepted: %s is stronger than %s (Elo >= %g rather than <= %g)\n", B, A, R->c->sprt.elo1,
                R->c->sprt.elo0);
    else if (R->decision == SPRT_H0)
        fprintf(out, "H0 accepted: %s is not stronger than %s by %g Elo (Elo <= %g)\n", B, A, R->c->sprt.elo1,
                R->c->sprt.elo0);
    else if (R->nfinished >= R->sched.n)
        fprintf(out, "inconclusive after the maximum of %d games (raise --games to go on)\n", R->sched.n);
    else fprintf(out, "undecided so far\n");
}

static void print_final(run *R, bool interrupted) {
    if (R->o->quiet && !R->o->json) return;
    if (R->tty && !R->o->quiet) {
        fprintf(R->pout, "\r\033[K");
        fflush(R->pout);
    }
    const char *names[TOURNEY_MAX_ENTRANTS];
    for (int i = 0; i < R->c->nentrants; i++) names[i] = R->c->entrants[i].name;
    standings st;
    standings_compute_weighted(&st, R->c->game, R->c->game->id, &R->c->options, R->c->nentrants, names,
                               R->results, R->nresults, R->o->anchor,
                               R->c->format == FORMAT_ROUNDS && !R->c->sprt_on ? &R->c->weights : NULL);
    const char *seat_texts[TOURNEY_MAX_ENTRANTS];
    for (int i = 0; i < R->c->nentrants; i++) seat_texts[i] = R->c->entrants[i].seat.text;
    standings_mark_references(&st, seat_texts);
    if (R->c->sprt_on) st.sprt = sprt_word(R->decision, R->nfinished >= R->sched.n);
    if (R->o->json) {
        buf_t b;
        buf_init(&b);
        standings_json(&st, &b);
        printf("%s\n", buf_cstr(&b));
        buf_free(&b);
    } else {
        double el = (double)(clock_now_us() - R->start_us) / 1e6;
        /* The runner's own CPU time (not its workers'): what the store and the bookkeeping cost. */
        struct rusage ru;
        getrusage(RUSAGE_SELF, &ru);
        double cpu = (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + (double)ru.ru_stime.tv_sec +
                     ru.ru_stime.tv_usec / 1e6;
        printf("%s tournament #%lld (%s, seed %llu): %d of %d matches stored; %d played now in %.1f s (%.2f games/s; "
               "runner CPU %.2f s)%s\n",
               R->c->game->title, (long long)R->id, R->c->sprt_on ? "sprt" : config_format_name(R->c->format),
               (unsigned long long)R->c->seed, R->nfinished, R->sched.n, R->played_now, el,
               el > 0 ? R->played_now / el : 0.0, cpu, interrupted ? " -- interrupted" : "");
        standings_print_table(&st, stdout);
        if (R->c->sprt_on) print_sprt(R, stdout);
    }
    standings_free(&st);
    fflush(stdout);
}

/* The spec of schedule match idx (jobspec.h): what a worker needs to play it anywhere. */
static void match_spec(run *R, const tourney_match *m, buf_t *out) {
    const tourney_config *c = R->c;
    const runner_opts *o = R->o;
    jobspec sp;
    memset(&sp, 0, sizeof sp);
    sp.game = c->game;
    char ov[4][64];
    int nov = 0;
    sp.seed = schedule_match_seed(c, m->seed_index, &nov, ov);
    for (int i = 0; i < c->nkv && sp.nkv < JOBSPEC_MAX_OPTIONS - 4; i++) sp.kv[sp.nkv++] = c->kv[i];
    for (int i = 0; i < nov; i++) sp.kv[sp.nkv++] = ov[i];
    sp.nseats = m->nseats;
    for (int s = 0; s < m->nseats; s++) {
        const tourney_entrant *e = m->entrant[s] < 0 ? &c->fill : &c->entrants[m->entrant[s]];
        sp.seats[s] = (jobspec_seat){.name = e->name, .seat = e->seat.text, .player = m->entrant[s]};
        const travel_seat *t = R->travel ? &R->travel[m->entrant[s] + 1] : NULL;
        if (t && t->bundle[0]) {
            sp.seats[s].bundle = (char *)t->bundle;
            sp.seats[s].path = t->path;
            sp.seats[s].inner = t->inner;
        }
    }
    sp.clock = c->clock;
    sp.quick = c->quick;
    sp.sandbox = c->sandbox;
    sp.timeout_s = o->match_timeout_s;
    sp.cwd = R->cwd[0] ? R->cwd : NULL;
    char replay[4200], errdir[4200];
    if (o->replays_dir) {
        config_replay_path(o->replays_dir, R->id, m->idx, replay, sizeof replay);
        sp.replay = replay;
        sp.store_replay = R->store && db_is_postgres(store_db(R->store)); /* other machines' replays come back */
    }
    if (o->stderr_dir) { /* one folder per match, named like its replay: DIR/t<id>-m<idx>/seatN.stderr */
        config_replay_path(o->stderr_dir, R->id, m->idx, errdir, sizeof errdir);
        errdir[strlen(errdir) - strlen(".jsonl")] = 0;
        sp.stderr_dir = errdir;
    }
    sp.history_dir = (char *)o->history_dir;
    jobspec_json(&sp, out);
}

/* The first match made as every worker will make it (its spec written and read back, then
 * jobspec_check: the referee's check `arena play` makes of its game), before anything is stored
 * or queued. An option the game refuses (rounds=0, a SuiteBot map beside size=) failed every
 * match, one by one, and the command said so only at its end, exit 1. Every match has the same
 * options, clock, seat count and entrants' seat strings; the game's own per-match options
 * (tourney.setup) are its own to get right. */
static bool check_first_match(run *R, buf_t *err) {
    if (R->sched.n == 0) return true;
    buf_t spec;
    buf_init(&spec);
    match_spec(R, &R->sched.m[0], &spec);
    jobspec sp;
    bool runtime_error = false;
    bool ok = jobspec_parse(buf_cstr(&spec), &sp, err);
    if (ok) {
        ok = jobspec_check(&sp, err, &runtime_error);
        jobspec_free(&sp);
    }
    buf_free(&spec);
    /* no memory for one game here is no reason to refuse: a worker elsewhere may have it */
    if (!ok && runtime_error) {
        buf_reset(err);
        return true;
    }
    return ok;
}

/* An SPRT's window: how many matches are queued ahead of the results. */
static int sprt_window(const run *R) { return 2 * (R->o->jobs > 0 ? R->o->jobs : 8) + 16; }

/* Puts the schedule's unfinished matches into the queue: all of them, or for an SPRT the next
 * pairs only (a window ahead of the results, so a decision leaves little to cancel). */
static bool enqueue(run *R, buf_t *err) {
    int upto = R->sched.n;
    if (R->c->sprt_on) {
        upto = R->nfinished + sprt_window(R);
        upto += upto % 2;
        if (upto > R->sched.n) upto = R->sched.n;
    }
    if (upto <= R->enqueued) return true;
    int n = 0;
    queue_job *jobs = xcalloc((size_t)(upto - R->enqueued) + 1, sizeof *jobs);
    char **specs = xcalloc((size_t)(upto - R->enqueued) + 1, sizeof *specs);
    for (int i = R->enqueued; i < upto; i++) {
        if (R->finished[i]) continue;
        const tourney_match *m = &R->sched.m[i];
        buf_t b;
        buf_init(&b);
        match_spec(R, m, &b);
        specs[n] = buf_steal(&b);
        jobs[n] = (queue_job){.owner_kind = "tourney", .owner_id = R->id, .owner_key = m->idx, .spec = specs[n],
                              .seed = m->seed, .seed_index = m->seed_index, .nseats = m->nseats,
                              .requires = R->o->requires, .max_failures = R->o->retries + 1};
        n++;
    }
    /* a resumed tournament's matches left take this command's --retries, --match-timeout, folders */
    bool ok = queue_add_update(R->store, jobs, n, err);
    for (int i = 0; i < n; i++) free(specs[i]);
    free(specs);
    free(jobs);
    if (ok) R->enqueued = upto;
    return ok;
}

/* The store refused to register the tournament or queue its matches (a full disk, a damaged file):
 * the error alone ("sqlite: database or disk is full") named neither the store nor what to do. */
static void store_refused(run *R, buf_t *err) {
    log_error("%s: the store %s could not be written; nothing was played now, and what it holds is kept: once it "
              "takes writes again (a full disk: free some space), run the same command again",
              buf_cstr(err), db_target(store_db(R->store)));
}

/* Why the store stopped the run for good (the last line's words; the line above it says the rest). */
static const char *runner_lasting_why(run *R, worker_t *w) {
    if (w && worker_store_newer(w)) return "a newer arena migrated it";
    if (db_refused(store_db(R->store))) return "the server refused this login";
    return "an error no wait mends";
}

/* Whether workers with tags ("a,b", NULL: none) may play a match requiring `requires` (NULL: any). */
static bool runner_tags_meet(const char *tags, const char *requires) {
    if (!requires) return true;
    size_t n = strlen(requires);
    for (const char *p = tags; p && *p; p += strcspn(p, ",") + (p[strcspn(p, ",")] ? 1 : 0))
        if (strcspn(p, ",") == n && strncmp(p, requires, n) == 0) return true;
    return false;
}

/* Results stored by other workers (another machine, another `arena worker`). */
static void take_stored(run *R) {
    store_tourney t;
    buf_t err;
    buf_init(&err);
    if (tourneys_load(R->store, R->id, &t, &err)) {
        for (int k = 0; k < t.nresults; k++) take_result(R, &t.results[k]);
        tourneys_free(&t);
    }
    buf_free(&err);
}

static bool build(run *R, buf_t *err) {
    tourney_config *c = R->c;
    if (c->sprt_on) {
        int games = c->games ? c->games : 20000;
        if (games % 2) games++;
        c->games = games;
        c->seats = 2;
        schedule_sprt(c, games / 2, &R->sched);
        return true;
    }
    if (!schedule_build(c, &R->sched, err)) return false;
    c->games = R->sched.games;
    c->seats = R->sched.seats;
    return true;
}

/* A tournament with failed matches is not done: its standings leave them out, and exit 0 let a
 * script publish them (SuiteBot's map= beside size= failed every match; the command said 0 with
 * "0 matches, 2 failed"). Says how many (the exit status is then 1) and returns it. */
static int failed_matches(const run *R) {
    int n = 0;
    for (int k = 0; k < R->nresults; k++) n += R->results[k].failed;
    if (!n || R->o->quiet) return n;
    fprintf(stderr, "arena: %d of %d matches failed and are not counted (", n, R->sched.n);
    if (R->played_now) fprintf(stderr, "their reasons are above");
    else fprintf(stderr, "`%s report` lists their reasons", R->o->program ? R->o->program : "arena");
    fprintf(stderr, "); once the cause is fixed, --retry-failed plays them again\n");
    return n;
}

int runner_run(tourney_config *c, const runner_opts *o) {
    const char *arena = o->program ? o->program : "arena"; /* for the hints naming a command */
    run R;
    memset(&R, 0, sizeof R);
    R.c = c;
    R.o = o;
    R.pout = o->json ? stderr : stdout;
    R.tty = o->progress == 1 || (o->progress == 0 && isatty(fileno(R.pout)));
    snprintf(R.leader, sizeof R.leader, "-");
    buf_t err;
    buf_init(&err);
    int rc = 1;
    if (c->sprt_on && (c->nentrants != 2 || c->game->min_seats > 2 || c->game->max_seats < 2)) {
        char seats[32];
        log_error("--sprt plays two entrants (A B) in a two-seat game; %s is played by %s", c->game->id,
                  game_seats_text(c->game, seats, sizeof seats));
        return 2;
    }
    /* Resolve games and seats (they do not depend on the seed), then the seed. */
    if (!build(&R, &err)) {
        log_error("%s", buf_cstr(&err));
        buf_free(&err);
        return 2;
    }
    jobspec_add_game(c->game); /* a test's model game: the check and the local workers read specs */
    if (!check_first_match(&R, &err)) {
        log_error("%s", buf_cstr(&err));
        schedule_free(&R.sched);
        buf_free(&err);
        return 2;
    }
    if (!c->sprt_on && c->format != FORMAT_RANDOM && c->format != FORMAT_ROUNDS && R.sched.seats > 1 && c->games % R.sched.seats)
        fprintf(stderr, "arena: warning: %d games per group is not a multiple of the %d seats: the seats are not "
                        "balanced (use %s %d)\n",
                c->games, R.sched.seats, o->games_name ? o->games_name : "--games",
                (c->games / R.sched.seats + 1) * R.sched.seats);
    schedule_free(&R.sched);
    R.store = store_open(o->db_path, true, &err);
    if (!R.store) {
        log_error("%s", buf_cstr(&err));
        buf_free(&err);
        return 1;
    }
    if (o->slurm_tasks > 0 && !db_is_postgres(store_db(R.store))) {
        log_error("--slurm needs a PostgreSQL store (--db postgresql://...): the array's tasks run on other machines");
        store_close(R.store);
        buf_free(&err);
        return 2;
    }
    char key[17], key_noseed[17];
    config_key(c, false, key_noseed);
    if (!o->seed_given) {
        uint64_t seed;
        if (tourneys_find_seedless(R.store, key_noseed, &seed)) {
            c->seed = seed;
            fprintf(stderr, "arena: resuming the stored tournament with seed %llu\n", (unsigned long long)seed);
        } else {
            c->seed = rng_os_seed();
            fprintf(stderr, "arena: seed %llu (the same command resumes it; --seed %llu too)\n",
                        (unsigned long long)c->seed, (unsigned long long)c->seed);
        }
    }
    build(&R, &err);
    config_key(c, true, key);
    R.id = tourneys_find(R.store, key);
    R.finished = xcalloc((size_t)R.sched.n + 1, sizeof(bool));
    if (!getcwd(R.cwd, sizeof R.cwd)) R.cwd[0] = 0;
    /* packed before the fingerprints are taken, which come from the same packing (a bot's folder
     * was read and packed twice a run) */
    if (db_is_postgres(store_db(R.store)) && !travel_pack(R.store, c, &R.travel, &err)) {
        log_error("%s", buf_cstr(&err));
        rc = 2;
        goto out;
    }
    if (!R.id) {
        tourney_description d;
        config_describe(c, key, key_noseed, R.sched.n, R.sched.seats, &d);
        char prints[TOURNEY_MAX_ENTRANTS][65];
        const char *print_of[TOURNEY_MAX_ENTRANTS];
        for (int i = 0; i < c->nentrants; i++) {
            travel_fingerprint_of(&c->entrants[i], R.travel ? &R.travel[i + 1] : NULL, prints[i]);
            print_of[i] = prints[i];
        }
        d.t.fingerprints = print_of;
        R.id = tourneys_create(R.store, &d.t, &err);
        config_describe_free(&d);
        if (!R.id) {
            store_refused(&R, &err);
            goto out;
        }
    } else {
        store_tourney t;
        if (!tourneys_load(R.store, R.id, &t, &err)) {
            log_error("%s", buf_cstr(&err));
            goto out;
        }
        for (int k = 0; k < t.nresults; k++) {
            if (t.results[k].failed && o->retry_failed) continue;
            add_result(&R, &t.results[k]);
        }
        if (c->sprt_on && t.sprt_result)
            R.decision = strcmp(t.sprt_result, "H1") == 0 ? SPRT_H1 : strcmp(t.sprt_result, "H0") == 0 ? SPRT_H0 : SPRT_CONTINUE;
        if (!check_stored(&R, &err)) {
            log_error("%s in %s; use another --db", buf_cstr(&err), db_target(store_db(R.store)));
            tourneys_free(&t);
            goto out;
        }
        for (int k = 0; k < R.nresults; k++) {
            R.finished[R.results[k].idx] = true;
            R.nfinished++;
            fetch_replay(&R, &R.results[k]);
        }
        tourneys_free(&t);
        check_fingerprints(&R);
    }
    tourneys_touch(R.store, R.id, R.sched.n, &err);
    sprt_update(&R);
    if (R.decision != SPRT_CONTINUE) tourneys_set_sprt(R.store, R.id, R.decision == SPRT_H1 ? "H1" : "H0", &err);

    /* The matches go to the store's queue (resuming: failed ones again with --retry-failed,
     * those an earlier SPRT cancelled); workers, ours and any others, claim them from there. */
    if ((o->retry_failed && !queue_requeue(R.store, "tourney", R.id, true, false, &err)) ||
        !queue_set_requires(R.store, "tourney", R.id, o->requires, &err) ||
        !queue_requeue(R.store, "tourney", R.id, false, true, &err) || !enqueue(&R, &err)) {
        store_refused(&R, &err);
        goto out;
    }
    R.start_us = clock_now_us();
    if (R.nfinished >= R.sched.n || R.decision != SPRT_CONTINUE) {
        if (!o->quiet && !o->json) {
            if (R.decision != SPRT_CONTINUE) printf("nothing to play: the SPRT has decided\n");
            else printf("nothing to play: all %d matches are stored in %s\n", R.sched.n, db_target(store_db(R.store)));
        }
        print_final(&R, false);
        rc = failed_matches(&R) ? 1 : 0;
        goto out;
    }
    char array_id[32] = "";
    if (o->slurm_tasks > 0) {
        char name[48];
        snprintf(name, sizeof name, "arena-t%lld", (long long)R.id);
        slurm_array a = {.db = o->db_path, .tasks = o->slurm_tasks, .tag = o->requires, .lease_s = o->lease_s,
                         .heartbeat_s = o->heartbeat_s, .name = name, .args = o->slurm_args};
        if (!slurm_submit(&a, array_id, &err)) {
            log_error("--slurm: %s; the matches stay queued for workers started otherwise (docs/scale.md)", buf_cstr(&err));
            goto out;
        }
        if (!o->quiet)
            fprintf(stderr, "arena: tournament #%lld: Slurm job array %s (%d tasks) plays its %d matches; `scancel %s` "
                            "stops it\n",
                    (long long)R.id, array_id, o->slurm_tasks, R.sched.n - R.nfinished, array_id);
    }
    if (o->jobs == 0 && !c->sprt_on && !array_id[0]) {
        if (!o->quiet)
            fprintf(stderr, "arena: tournament #%lld: %d matches queued in %s; workers play them (%s worker --db "
                            "...%s%s); `%s tourney --db ... --status` shows the progress\n",
                    (long long)R.id, R.sched.n - R.nfinished, db_target(store_db(R.store)), arena,
                    o->requires ? " --tag " : "", o->requires ? o->requires : "", arena);
        rc = 0;
        goto out;
    }
    stop_signal_catch(&stop_requested);
    int jobs = array_id[0] ? 0 : o->jobs; /* the array plays; this process follows */
    if (jobs > R.sched.n - R.nfinished) jobs = R.sched.n - R.nfinished;
    if (jobs > 0 && !runner_tags_meet(o->tags, o->requires)) {
        /* Its own workers would claim none of the matches: none is started, and the user is told
         * what the command waits for (it waited in silence, forever if no such worker ran). */
        fprintf(stderr, "arena: tournament #%lld: its %d matches left need a worker tagged '%s', and this command's "
                        "workers have no such tag (--tag %s gives them one): it waits for `%s worker --db %s --tag %s` "
                        "to play them (Ctrl-C stops waiting; the matches stay queued)\n",
                (long long)R.id, R.sched.n - R.nfinished, o->requires, o->requires, arena, db_target(store_db(R.store)),
                o->requires);
        jobs = 0;
    }
    /* Its local workers run the bots that travel in the store from the bundle cache, as `arena
     * worker`'s do: a default one it cannot write (a home mounted read-only) handed every match
     * back, for ever; the same choice as `arena worker`'s instead (cache.h), said once. */
    bool travels = false;
    for (int i = 0; R.travel && i <= c->nentrants; i++) travels |= R.travel[i].bundle[0] != 0;
    char cache[PATH_MAX];
    if (jobs > 0 && travels) {
        buf_t note;
        buf_init(&note);
        bool ok = cache_choose(NULL, cache, sizeof cache, &note, &err);
        if (ok && note.len) fprintf(stderr, "arena: %s (XDG_CACHE_HOME chooses another)\n", buf_cstr(&note));
        buf_free(&note);
        if (!ok) {
            log_error("%s; set XDG_CACHE_HOME to a folder you can write (the local workers unpack the bots that travel "
                      "in the store there); the matches stay queued",
                      buf_cstr(&err));
            goto out;
        }
    }
    worker_opts wo = {.name = NULL, .tags = o->tags, .jobs = jobs, .lease_s = o->lease_s, .heartbeat_s = o->heartbeat_s,
                      .poll_s = 0.25, .owner_kind = "tourney", .owner_id = R.id, .stop = &stop_requested,
                      .on_report = on_report, .ctx = &R, .cache_dir = jobs > 0 && travels ? cache : NULL};
    worker_t *w = jobs > 0 ? worker_new(R.store, &wo, &err) : NULL;
    if (jobs > 0 && !w) {
        log_error("%s", buf_cstr(&err));
        goto out;
    }
    update_leader(&R, true);
    progress_tick(&R, true);
    bool stopping = false, store_failed = false, array_ended = false;
    int64_t last_array_look = 0;
    /* what stopped it, for the last line: a write (its workers' steps) or a read (the polls) that
     * failed, and why (a login refused, a newer store; NULL: the write failed past --store-retry).
     * It said "the store could not be written" after a read the server refused, too. */
    const char *failed_op = "written", *failed_why = NULL;
    int64_t stop_deadline = 0, last_poll = 0;
    int64_t first_error_us = 0; /* the first of the store's refusals in a row (0: none) */
    int64_t retry_us = (int64_t)((o->store_retry_s > 0 ? o->store_retry_s : RUNNER_STORE_RETRY_S) * 1e6);
    for (;;) {
        if (stop_requested && !stopping) {
            stopping = true;
            stop_deadline = clock_now_us() + 5000000;
            if (w) worker_stop(w);
        }
        bool dispatch = !stopping && R.decision == SPRT_CONTINUE;
        buf_reset(&err);
        if (w && worker_step(w, 250, dispatch, &err) < 0) {
            /* A newer arena migrated it, the server now refuses this login (a password changed,
             * the role or the database dropped), or the store met an error no wait mends (db_lasting:
             * rights revoked, a table dropped, the SQLite file read-only, damaged or replaced): no
             * retry mends that, and --store-retry's wait only kept the organizer from the reason. */
            if (worker_store_newer(w) || db_lasting(store_db(R.store))) {
                note(&R, "%s", buf_cstr(&err));
                failed_why = runner_lasting_why(&R, w);
                store_failed = true;
                break;
            }
            /* The store went away (a PostgreSQL restart): try again after a pause (the next step's
             * first statement reconnects, db.h), for --store-retry seconds; then stop (every step
             * would fail again: a loop that only retried would never end). */
            if (!first_error_us) {
                /* said once per outage: the command is otherwise silent while it retries */
                first_error_us = clock_now_us();
                note(&R, "the store refused a write (%s); retrying for up to %g s (--store-retry)", buf_cstr(&err),
                     (double)retry_us / 1e6);
            } else if (clock_now_us() - first_error_us >= retry_us) {
                note(&R, "the store could not be written: %s", buf_cstr(&err));
                store_failed = true;
                break;
            }
            usleep(500000);
            continue;
        }
        if (!w) usleep(250000);
        first_error_us = 0;
        int busy = w ? worker_busy(w) : 0;
        if (stopping && (busy == 0 || clock_now_us() > stop_deadline)) break;
        /* An SPRT's window is topped up when half of it is played, before the workers run out: it
         * was topped up when they had (idle, a claim period each time) or at the second's poll. */
        if (c->sprt_on && R.decision == SPRT_CONTINUE && !stopping && R.enqueued < R.sched.n &&
            R.enqueued - R.nfinished <= sprt_window(&R) / 2) {
            buf_reset(&err);
            enqueue(&R, &err);
        }
        if (R.decision != SPRT_CONTINUE) {
            buf_reset(&err);
            tourneys_set_sprt(R.store, R.id, R.decision == SPRT_H1 ? "H1" : "H0", &err);
            queue_cancel(R.store, "tourney", R.id, &err);
            if (busy == 0) break;
        } else if (clock_now_us() - last_poll > 1000000 || (w && worker_idle(w) && busy == 0)) {
            /* Results other workers stored, and whether anything is left. */
            last_poll = clock_now_us();
            queue_counts q;
            if (queue_count(R.store, "tourney", R.id, &q, &err)) {
                if (q.done + q.failed > R.nfinished) take_stored(&R);
                if (c->sprt_on) enqueue(&R, &err);
                if (q.queued + q.leased == 0 && busy == 0 && R.nfinished >= R.enqueued) break;
                /* Its array cancelled (scancel), or every task failed at once (an --output folder
                 * that is missing, a node without the binary): it waited in silence, for ever. */
                if (array_id[0] && q.queued > 0 && q.leased == 0 && clock_now_us() - last_array_look > 5000000) {
                    last_array_look = clock_now_us();
                    if (slurm_array_ended(array_id, NULL) == 1) {
                        array_ended = true;
                        break;
                    }
                }
            } else if (!w && db_lasting(store_db(R.store))) {
                /* Following other machines' workers (--slurm, a --require tag its own lack), it
                 * has no step to fail: a login the server now refuses was polled for ever, in
                 * silence. */
                note(&R, "the store could not be read: %s", buf_cstr(&err));
                failed_op = "read";
                failed_why = runner_lasting_why(&R, w);
                store_failed = true;
                break;
            }
        }
        progress_tick(&R, false);
    }
    worker_free(w, stopping ? 1000 : 5000);
    bool interrupted = stopping || store_failed || array_ended;
    print_final(&R, interrupted);
    if (interrupted && !o->quiet) {
        char why[512] = "interrupted"; /* the Slurm line with two array ids fits (-Wformat-truncation) */
        if (array_ended)
            snprintf(why, sizeof why,
                     "stopped: the Slurm job array %s has ended with matches left (cancelled, or its tasks failed: "
                     "see arena-worker-%s-N.log or --output's logs; a task whose --output folder is missing leaves none)",
                     array_id, array_id);
        else if (store_failed)
            snprintf(why, sizeof why, "stopped: the store could not be %s%s%s%s", failed_op, failed_why ? " (" : "",
                     failed_why ? failed_why : "", failed_why ? ": the line above says why and what to fix)" : "");
        fprintf(stderr, "arena: %s; %d of %d matches are stored in %s: run the same command again to resume\n", why,
                R.nfinished, R.sched.n, db_target(store_db(R.store)));
    }
    if (interrupted && array_id[0] && !array_ended && !o->quiet)
        fprintf(stderr, "arena: the Slurm job array %s goes on playing (`scancel %s` stops it)\n", array_id, array_id);
    rc = interrupted || failed_matches(&R) ? 1 : 0;
out:
    buf_free(&err);
    schedule_free(&R.sched);
    free(R.results);
    free(R.finished);
    travel_free(R.travel, c->nentrants + 1);
    store_close(R.store);
    return rc;
}
