/* final.c: the final tournament (see final.h). */
#include "final.h"
#include "../core/rng.h"
#include "../store/queue.h"
#include "../store/site_finals.h"
#include "../store/site_games.h"
#include "../store/site_subs.h"
#include "../store/site_teams.h"
#include "../store/tourneys.h"
#include "../tourney/runner.h"
#include "../tourney/standings.h"
#include "../tourney/tourney.h"
#include "play.h"
#include "settings.h"
#include "../core/xalloc.h"
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FINAL_MAX_TEAMS (TOURNEY_MAX_ENTRANTS - 16)

typedef struct {
    char name[32];
    char format[24];
    int games, cutoff;
    bool stop_separated;
    uint64_t seed;
} final_plan;

typedef struct {
    int64_t tourney_id;
    const site_final_entrant *e;
    int n;
} final_link_ctx;

/* A stage's game's seats: the spec's seats name the engine's entrants, the stage's list the teams. */
static bool final_link_seats(void *ctx, const char *spec, int64_t key, int nseats, site_game_seat *seats, char files[48]) {
    const final_link_ctx *x = ctx;
    json_t *j = json_loads(spec, 0, NULL), *a = json_object_get(j, "seats");
    bool ok = json_array_size(a) == (size_t)nseats;
    for (int i = 0; ok && i < nseats; i++) {
        json_int_t p = json_integer_value(json_object_get(json_array_get(a, (size_t)i), "player"));
        const site_final_entrant *en = NULL;
        for (int k = 0; k < x->n; k++)
            if (x->e[k].idx == p) en = &x->e[k];
        if (!(ok = en != NULL)) break;
        seats[i].team_id = en->team_id;
        seats[i].sub_id = en->sub_id ? en->sub_id : -(int64_t)(p + 1);
        /* a name is 40 bytes at most (a team's, a reference bot's: settings.c), so never cut here */
        snprintf(seats[i].name, sizeof seats[i].name, "%.*s", (int)sizeof seats[i].name - 1, en->name);
    }
    json_decref(j);
    /* the engine's replay and stderr folder names (config_replay_path) */
    snprintf(files, 48, "t%lld-m%06d", (long long)x->tourney_id, (int)key);
    return ok;
}

/* Registers a stage's games as the site's games of kind "final" (listed and watched as the
 * ladder's are); idempotent, so a restart between scheduling and this loses none. */
static void final_link_games(store_t *s, const site_final *f, buf_t *err) {
    site_final_entrant *e = xcalloc(TOURNEY_MAX_ENTRANTS, sizeof *e);
    int n = site_finals_entrants(s, f->id, TOURNEY_MAX_ENTRANTS, e, err);
    final_link_ctx x = {.tourney_id = f->tourney_id, .e = e, .n = n};
    if (n < 0 || site_games_link(s, "final", f->id, "tourney", f->tourney_id, final_link_seats, &x, err) < 0)
        fprintf(stderr, "arena serve: %s stage %d: its games are not listed: %s\n", f->name, f->stage, buf_cstr(err));
    free(e);
}

/* A test's hook: ARENA_SERVE_TEST_KILL=POINT kills the server with SIGKILL at the point so named,
 * as a crash there would (tests/e2e/serve_final_crash.py); unset, as in production, nothing. */
static void final_test_kill(const char *point) {
    const char *k = getenv("ARENA_SERVE_TEST_KILL");
    if (k && strcmp(k, point) == 0) raise(SIGKILL);
}

/* Schedules one stage: entrants e[0..n) (teams' submissions and reference bots) through the
 * tournament engine, with only the queue as its workers; records the stage, and marks the stage
 * done_id (0: none) done in the same transaction. Returns its id. The stage is recorded first
 * ("scheduling", with its tournament's key), its games put in the queue (by the engine, on its own
 * connection: no one transaction holds both), then the stage marked scheduled: a kill between
 * leaves a record the next start finds (final_resume). The engine schedules by the stage's key
 * (entrants, options, seed), so scheduling the same stage again resumes the same tournament: no
 * game twice. */
static int64_t final_stage(serve_t *srv, store_t *s, const final_plan *p, int stage, site_final_entrant *e, int n,
                           int64_t done_id, const char *rules, buf_t *err) {
    tourney_config *c = xcalloc(1, sizeof *c);
    c->game = srv->game;
    c->clock = play_clock(srv, "final_clock");
    /* the game's options and clocks: the settings' for a first stage; a second stage plays by its
     * first's (rules: the first's tournament's configuration as stored), so the settings changed
     * meanwhile (or between a kill and the restart) neither change the final halfway nor give a
     * second stage scheduled again another key, a new tournament beside the first one's games */
    json_t *opts = rules ? NULL : settings_json_value(srv, "options"), *stored = NULL;
    char(*kv)[256] = xcalloc(32, sizeof *kv);
    if (rules) {
        stored = json_loads(rules, 0, NULL);
        const char *k;
        json_t *v, *clock = json_object_get(stored, "clock");
        json_object_foreach(json_object_get(stored, "options"), k, v) if (c->nkv < 32 && json_is_string(v)) {
            snprintf(kv[c->nkv], sizeof kv[c->nkv], "%s=%s", k, json_string_value(v));
            c->kv[c->nkv] = kv[c->nkv];
            c->nkv++;
        }
        if ((v = json_object_get(clock, "move_ms")) && json_is_integer(v)) c->clock.move_ms = json_integer_value(v);
        if ((v = json_object_get(clock, "hard_ms")) && json_is_integer(v)) c->clock.hard_ms = json_integer_value(v);
        if ((v = json_object_get(clock, "bank_ms")) && json_is_integer(v)) c->clock.bank_ms = json_integer_value(v);
        if ((v = json_object_get(clock, "startup_ms")) && json_is_integer(v)) c->clock.startup_ms = json_integer_value(v);
        if ((v = json_object_get(clock, "pause")) && json_is_boolean(v)) c->clock.pause_idle = json_is_true(v);
    }
    size_t oi;
    json_t *ov;
    json_array_foreach(opts, oi, ov) if (c->nkv < 32) c->kv[c->nkv++] = (char *)json_string_value(ov);
    for (const char *const *d = srv->game->tourney.option_defaults; d && *d && c->nkv < 32; d++) {
        size_t klen = strcspn(*d, "=") + 1;
        bool given = false;
        for (int i = 0; i < c->nkv; i++) given |= strncmp(c->kv[i], *d, klen) == 0;
        if (!given) c->kv[c->nkv++] = (char *)*d;
    }
    int64_t id = 0;
    if (!match_parse_options(srv->game, c->nkv, c->kv, &c->options, err) || !config_format_parse(p->format, &c->format)) {
        if (!err->len) buf_printf(err, "unknown format '%s' (round-robin, gauntlet, random)", p->format);
        goto out;
    }
    c->games = p->games;
    /* a first stage's seed is the final's own, the one /final shows: started again with it, the
     * final is the same (it was derived from it, so the seed shown made another final) */
    c->seed = stage == 1 ? p->seed : rng_derive_seed(p->seed, (uint64_t)stage);
    for (int i = 0; i < n; i++) {
        site_sub sub;
        char arg[1200];
        e[i].idx = i;
        if (e[i].sub_id) {
            if (site_subs_get(s, e[i].sub_id, &sub, err) != 1) goto out;
            /* entrants are named t<team> in the engine (names people chose may hold '='); the
             * stage's list maps them back */
            snprintf(arg, sizeof arg, "t%lld=%s", (long long)e[i].team_id, sub.seat);
        } else {
            /* a reference bot, "NAME=builtin:x": the engine knows it as r<i> too, since a name the
             * organizers chose may hold what a seat's name may not (blanks, '=', ':'); the seat
             * holds no '=', so the last one ends the name */
            char *eq = strrchr(e[i].name, '=');
            snprintf(arg, sizeof arg, "r%d=%s", i, eq ? eq + 1 : e[i].name);
            if (eq) *eq = 0;
        }
        if (!config_add_entrant(c, arg, err)) goto out;
    }
    /* the key the engine gives the stage's tournament: games and seats resolved as it resolves them */
    tourney_schedule sch;
    if (!schedule_build(c, &sch, err)) goto out;
    c->games = sch.games;
    c->seats = sch.seats;
    schedule_free(&sch);
    char key[17];
    config_key(c, true, key);
    site_final f = {.stage = stage, .games = p->games, .cutoff = p->cutoff, .stop_separated = p->stop_separated,
                    .seed = c->seed};
    snprintf(f.name, sizeof f.name, "%s", p->name);
    snprintf(f.format, sizeof f.format, "%s", p->format);
    snprintf(f.state, sizeof f.state, "scheduling");
    snprintf(f.key, sizeof f.key, "%s", key);
    f.id = site_finals_add(s, &f, n, e, err);
    if (!f.id) goto out;
    char replays[PATH_MAX + 16], errs[PATH_MAX + 16];
    snprintf(replays, sizeof replays, "%s/replays", srv->data);
    snprintf(errs, sizeof errs, "%s/stderr", srv->data);
    runner_opts o = {.db_path = srv->db, .jobs = 0, .replays_dir = replays, .stderr_dir = errs, .seed_given = true,
                     .quiet = true, .match_timeout_s = (double)settings_int(srv, "match_timeout_s"), .retries = 2,
                     .games_name = "games_per_pair", .retry_failed = true};
    /* retry_failed: a stage scheduled again with the same key (the final started again with the
     * seed /final shows) resumes its tournament with its failed games played again; without it,
     * a tournament whose games were all over but some failed was "not scheduled" (a 500), and the
     * failed games could never be played in that final */
    bool ran = runner_run(c, &o) == 0;
    config_key(c, true, key);
    f.tourney_id = tourneys_find(s, key);
    if (!ran) buf_puts(err, "the tournament engine could not schedule the stage (see the server's log)");
    else if (!f.tourney_id) buf_puts(err, "the stage's tournament is not in the store");
    if (ran && f.tourney_id) {
        final_test_kill(stage == 2 ? "final-stage2" : "final-stage1");
        ran = site_finals_scheduled(s, f.id, f.tourney_id, key, done_id, err);
    }
    if (!ran || !f.tourney_id) {
        /* not scheduled: the record goes, and what the engine queued of a first stage is not played,
         * a game a worker already took included (a second stage's are kept: scheduling it again
         * resumes the same tournament, whose cancelled games would stay cancelled) */
        site_finals_drop(s, f.id, stage == 1 ? f.tourney_id : 0, NULL, NULL);
        goto out;
    }
    id = f.id;
    final_link_games(s, &f, err);
out:
    json_decref(opts);
    json_decref(stored);
    free(kv);
    config_free(c);
    free(c);
    return id;
}

/* Every team with a working active submission, then the reference bots. */
static int final_entrants(serve_t *srv, store_t *s, site_final_entrant *e, int max, buf_t *err) {
    site_sub *subs;
    int n = site_subs_active(s, max, &subs, err);
    int k = 0;
    for (int i = 0; i < n && k < max - 16; i++) {
        site_team t;
        if (site_teams_get(s, subs[i].team_id, &t, err) != 1) continue;
        e[k] = (site_final_entrant){.team_id = t.id, .sub_id = subs[i].id};
        snprintf(e[k].name, sizeof e[k].name, "%s", t.name);
        k++;
    }
    free(subs);
    json_t *refs = settings_json_value(srv, "references");
    size_t i;
    json_t *r;
    json_array_foreach(refs, i, r) {
        if (k >= max) break;
        e[k] = (site_final_entrant){0};
        /* whole: a name is at most 40 bytes and the seat a game's bot (settings.c); cut at 30 bytes, a
         * longer name lost its grade line (looked up by the whole name) and could end inside a character */
        snprintf(e[k].name, sizeof e[k].name, "%s=%s", json_string_value(json_object_get(r, "name")),
                 json_string_value(json_object_get(r, "seat")));
        /* the grade it stands for now: the results keep it, whatever the references become */
        const char *grade = json_string_value(json_object_get(r, "grade"));
        snprintf(e[k].grade, sizeof e[k].grade, "%s", grade ? grade : "");
        e[k].grade_kept = true;
        k++;
    }
    json_decref(refs);
    return n < 0 ? -1 : k;
}

void final_start(api_call *c) {
    buf_t err;
    buf_init(&err);
    if (final_running(c->store)) {
        api_error(c, 409, "a stage is being played; wait for it (or cancel its games in the queue)");
        buf_free(&err);
        return;
    }
    final_plan p;
    memset(&p, 0, sizeof p);
    const char *name = api_text(c, "name"), *format = api_text(c, "format");
    int64_t games, cutoff, seed;
    /* the stage's name is shown on /final: text as any name a user gives, and whole (not cut) */
    if ((name && *name && !api_user_name(c, "name", name, sizeof p.name - 1)) ||
        !api_int_field(c, "games_per_pair", 2, &games) || !api_int_field(c, "cutoff", 0, &cutoff) ||
        !api_bool_field(c, "stop_when_separated", false, &p.stop_separated) || !api_int_field(c, "seed", -1, &seed)) {
        buf_free(&err);
        return;
    }
    /* the ranges on the whole number: a cast first would read 2^32 + 1 games as 1 */
    if (games < 1 || games > 1000 || cutoff < 0 || cutoff > INT_MAX) {
        api_error(c, 400, "games_per_pair: 1 to 1000; cutoff: 0 (none) or the number of teams in the second stage");
        buf_free(&err);
        return;
    }
    /* a game's seed at most (as arena tourney --seed), the first stage's being the final's own */
    if (json_object_get(c->in, "seed") && (seed < 0 || (uint64_t)seed > RNG_SEED_MAX)) {
        api_error(c, 400, "seed: a whole number from 0 to %llu (2^53 - 1; leave it out to draw one)",
                  (unsigned long long)RNG_SEED_MAX);
        buf_free(&err);
        return;
    }
    snprintf(p.name, sizeof p.name, "%s", name && *name ? name : "final");
    snprintf(p.format, sizeof p.format, "%s", format && *format ? format : "round-robin");
    p.games = (int)games;
    p.cutoff = (int)cutoff;
    p.seed = seed >= 0 ? (uint64_t)seed : rng_os_seed();
    tourney_format fmt;
    if (!config_format_parse(p.format, &fmt)) { /* the organizer's mistake: a 400 naming it, not a 500 */
        api_error(c, 400, "format: round-robin, gauntlet or random (not '%s')", p.format);
        buf_free(&err);
        return;
    }
    site_final_entrant *e = xcalloc(TOURNEY_MAX_ENTRANTS, sizeof *e);
    int n = final_entrants(c->srv, c->store, e, TOURNEY_MAX_ENTRANTS, &err);
    int teams = 0;
    for (int i = 0; i < n; i++) teams += e[i].team_id != 0;
    if (n < 0) api_store_error(c, &err);
    else if (teams < 1 || n < 2) api_error(c, 409, "no team has a working submission to enter");
    else if (!final_stage(c->srv, c->store, &p, 1, e, n, 0, NULL, &err)) api_error(c, 500, "%s", buf_cstr(&err));
    else {
        free(e);
        buf_free(&err);
        final_get(c);
        return;
    }
    free(e);
    buf_free(&err);
}

void final_release(api_call *c) {
    const char *level = api_text(c, "level");
    json_t *o = json_object();
    json_object_set_new(o, "final_release", json_string(level ? level : ""));
    buf_t err;
    buf_init(&err);
    if (!settings_apply(c->srv, c->store, o, &err)) api_error(c, 400, "level: organizers, participants or public");
    else api_ok(c);
    json_decref(o);
    buf_free(&err);
}

bool final_running(store_t *s) {
    site_final f[4];
    int n = site_finals_list(s, 4, f, NULL);
    for (int i = 0; i < n; i++)
        if (strcmp(f[i].state, "running") == 0 || strcmp(f[i].state, "scheduling") == 0) return true;
    return false;
}

/* The standings of a stage (st filled; names are the stage's display names). */
static bool final_standings(serve_t *srv, store_t *s, const site_final *f, standings *st, site_final_entrant *e,
                            int *ne, store_tourney *t, buf_t *err) {
    if (!tourneys_load(s, f->tourney_id, t, err)) return false;
    *ne = site_finals_entrants(s, f->id, TOURNEY_MAX_ENTRANTS, e, err);
    if (*ne < 0) {
        tourneys_free(t);
        return false;
    }
    game_options opts;
    memset(&opts, 0, sizeof opts);
    json_t *o = settings_json_value(srv, "options");
    char *kv[40];
    int nkv = 0;
    size_t i;
    json_t *v;
    json_array_foreach(o, i, v) if (nkv < 40) kv[nkv++] = (char *)json_string_value(v);
    match_parse_options(srv->game, nkv, kv, &opts, NULL);
    standings_compute(st, srv->game, srv->game->id, &opts, t->nplayers, (const char *const *)t->names, t->results,
                      t->nresults);
    /* the reference bots are the stage's entrants without a team (the grade lines' references) */
    st->reference = xcalloc((size_t)st->nplayers + 1, sizeof *st->reference);
    for (int k = 0; k < *ne; k++)
        if (e[k].idx < st->nplayers) st->reference[e[k].idx] = e[k].team_id == 0;
    json_decref(o);
    return true;
}

/* A grade line's label: the reference bot's name and the grade it had when its stage was scheduled
 * (the references edited or emptied for the next final changed, or lost, a final's grades in its
 * CSV for the gradebook); a stage recorded before grades were kept takes the settings' grade. */
static const char *final_grade_of(serve_t *srv, const site_final_entrant *ref, char *out, size_t n) {
    const char *name = ref->name;
    snprintf(out, n, "%s", name);
    if (ref->grade_kept) {
        if (ref->grade[0]) snprintf(out, n, "%s %s", name, ref->grade);
        return out;
    }
    json_t *refs = settings_json_value(srv, "references");
    size_t i;
    json_t *r;
    json_array_foreach(refs, i, r) {
        const char *rn = json_string_value(json_object_get(r, "name"));
        const char *g = json_string_value(json_object_get(r, "grade"));
        if (rn && strcmp(rn, name) == 0 && g) snprintf(out, n, "%s %s", name, g);
    }
    json_decref(refs);
    return out;
}

bool final_visible(const api_call *c) {
    char level[32];
    settings_text(c->srv, "final_release", level, sizeof level);
    if (c->user.id && c->user.organizer) return true;
    if (strcmp(level, "public") == 0) return true;
    return strcmp(level, "participants") == 0 && c->user.id;
}

/* A row's figure and its interval (the ranking rule's), as the results show them. */
static void final_figures(const standings *st, const standings_row *row, double out[3]) {
    bool elo = st->rule == RANKING_ELO;
    out[0] = elo ? row->rating : row->value.mean;
    out[1] = elo ? row->rating_lo : row->value.lo;
    out[2] = elo ? row->rating_hi : row->value.hi;
}

/* Two rows the results cannot tell apart: the same figure and interval to the tenth they are shown
 * with (none: no games, or too few to compute one). */
static bool final_tied(const standings *st, const standings_row *a, const standings_row *b) {
    double x[3], y[3];
    final_figures(st, a, x);
    final_figures(st, b, y);
    for (int k = 0; k < 3; k++)
        if (isnan(x[k]) != isnan(y[k]) || (!isnan(x[k]) && round(x[k] * 10) != round(y[k] * 10))) return false;
    return true;
}

/* One row of the results (JSON or CSV). */
static void final_row(api_call *c, jw_t *w, bool csv, int rank, int stage, const standings *st, const standings_row *row,
                      const site_final_entrant *en, const site_final_entrant *e) {
    double fig[3];
    final_figures(st, row, fig);
    double v = fig[0], lo = fig[1], hi = fig[2];
    int above[TOURNEY_MAX_ENTRANTS];
    int na = standings_grade(st, row->player, above, TOURNEY_MAX_ENTRANTS);
    char g[sizeof e->name + sizeof e->grade + 2];
    if (csv) {
        /* a spreadsheet must not take a name for a formula: quoted, and = + - @ neutralized */
        buf_t *b = &c->rp->body;
        buf_printf(b, "%d,%d,\"%s", rank, stage, en->name[0] && strchr("=+-@", en->name[0]) ? "'" : "");
        for (const char *p = en->name; *p; p++) {
            if (*p == '"') buf_putc(b, '"');
            buf_putc(b, *p);
        }
        buf_printf(b, "\",%s,", en->team_id ? "team" : "reference");
        if (isnan(v)) buf_puts(b, ",,,");
        else buf_printf(b, "%.1f,%.1f,%.1f,", v, isnan(lo) ? v : lo, isnan(hi) ? v : hi);
        buf_printf(b, "%d,%d,%d,%d,\"", row->games, row->wins, row->draws, row->losses);
        for (int a = 0; a < na; a++) {
            final_grade_of(c->srv, &e[above[a]], g, sizeof g);
            /* the cell begins with a reference bot's name: neutralized as the name column is */
            buf_puts(b, a ? "; " : g[0] && strchr("=+-@", g[0]) ? "'" : "");
            for (const char *p = g; *p; p++) {
                if (*p == '"') buf_putc(b, '"');
                buf_putc(b, *p);
            }
        }
        buf_puts(b, "\"\r\n");
        return;
    }
    jw_obj(w);
    jw_key(w, "rank");
    jw_int(w, rank);
    jw_key(w, "stage");
    jw_int(w, stage);
    jw_key(w, "team");
    if (en->team_id) {
        jw_obj(w);
        jw_key(w, "id");
        jw_int(w, en->team_id);
        jw_key(w, "name");
        jw_str(w, en->name);
        jw_obj_end(w);
    } else jw_null(w);
    jw_key(w, "name");
    jw_str(w, en->name);
    jw_key(w, "reference");
    jw_bool(w, en->team_id == 0);
    const char *keys[3] = {"rating", "lo", "hi"};
    double vals[3] = {v, lo, hi};
    for (int k = 0; k < 3; k++) {
        jw_key(w, keys[k]);
        if (isnan(vals[k])) jw_null(w);
        else jw_double(w, round(vals[k] * 10) / 10);
    }
    jw_key(w, "games");
    jw_int(w, row->games);
    jw_key(w, "wins");
    jw_int(w, row->wins);
    jw_key(w, "draws");
    jw_int(w, row->draws);
    jw_key(w, "losses");
    jw_int(w, row->losses);
    jw_key(w, "separated");
    jw_bool(w, row->separated);
    jw_key(w, "grades");
    jw_arr(w);
    for (int a = 0; a < na; a++) jw_str(w, final_grade_of(c->srv, &e[above[a]], g, sizeof g));
    jw_arr_end(w);
    jw_obj_end(w);
}

/* The teams in stage f (a second stage: those its first's cutoff let on); -1 when unreadable. */
static int final_advanced(store_t *s, const site_final *f, buf_t *err) {
    site_final_entrant *e = xcalloc(TOURNEY_MAX_ENTRANTS, sizeof *e);
    int n = site_finals_entrants(s, f->id, TOURNEY_MAX_ENTRANTS, e, err), teams = 0;
    for (int i = 0; i < n; i++) teams += e[i].team_id != 0;
    free(e);
    return n < 0 ? -1 : teams;
}

/* "st", "nd", "rd" or "th": 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st. */
static const char *final_ordinal(int n) {
    if (n % 100 >= 11 && n % 100 <= 13) return "th";
    return n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th";
}

/* The CSV's file name, after the final's name ("preliminary.csv"): both a preliminary's and the
 * final's came as final.csv. Letters, digits, '.', '_' and '-' of an ASCII name kept, others made
 * '_' (a header's quoted value takes no '"' nor a byte past ASCII as it is); "final" for a name
 * that keeps nothing of itself. */
static void final_csv_name(const char *name, char *out, size_t n) {
    size_t o = 0, kept = 0;
    for (const unsigned char *p = (const unsigned char *)name; *p && o + 5 < n; p++) {
        bool ok = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
                  ((*p == '.' || *p == '_' || *p == '-') && o > 0);
        if (*p >= 0x80 && (*p & 0xc0) == 0x80) continue; /* one '_' for a whole UTF-8 character */
        out[o++] = ok ? (char)*p : '_';
        kept += ok;
    }
    if (!kept) o = (size_t)snprintf(out, n, "final");
    snprintf(out + o, n - o, ".csv");
}

/* Writes the results of the latest final: its stages, then the rows (the last stage's, then
 * those the cutoff left in the first, below them), as JSON or as CSV. */
static void final_write(api_call *c, bool csv) {
    buf_t err;
    buf_init(&err);
    site_final stages[16];
    int ns = site_finals_list(c->store, 16, stages, &err);
    if (ns < 0) {
        api_store_error(c, &err);
        buf_free(&err);
        return;
    }
    /* the stages of the latest final: the newest and, when it is a second stage, the one before */
    int nstages = ns == 0 ? 0 : ns > 1 && stages[0].stage == 2 && strcmp(stages[1].name, stages[0].name) == 0 ? 2 : 1;
    jw_t w;
    char level[32];
    settings_text(c->srv, "final_release", level, sizeof level);
    if (csv) {
        buf_reset(&c->rp->body);
        c->rp->type = "text/csv; charset=utf-8";
        char fname[48], disp[80];
        final_csv_name(nstages ? stages[0].name : "final", fname, sizeof fname);
        snprintf(disp, sizeof disp, "attachment; filename=\"%s\"", fname);
        http_reply_header(c->rp, "Content-Disposition", disp);
        buf_puts(&c->rp->body, "rank,stage,name,kind,rating,lo,hi,games,wins,draws,losses,above\r\n");
    } else {
        api_begin(c, &w);
        jw_obj(&w);
        jw_key(&w, "state");
        const char *state = nstages == 0 ? "none" : stages[0].state;
        jw_str(&w, nstages == 0                                 ? "none"
                   : strcmp(state, "running") == 0 || strcmp(state, "scheduling") == 0 ? "running"
                   : strcmp(state, "blocked") == 0                                    ? "blocked"
                                                                                      : "done");
        jw_key(&w, "release");
        jw_str(&w, level);
        jw_key(&w, "seed");
        if (nstages) jw_uint(&w, stages[nstages - 1].seed);
        else jw_null(&w);
        jw_key(&w, "stages");
        jw_arr(&w);
        for (int k = nstages - 1; k >= 0; k--) {
            const site_final *f = &stages[k];
            store_tourney t;
            bool have = tourneys_head(c->store, f->tourney_id, &t, &err);
            /* failed games apart: counted as done, a stage whose games failed read "6 / 6" and "over"
             * with its entrants short of games, and nothing said to play them again */
            int64_t done = 0, failed = 0;
            queue_counts q;
            if (queue_count(c->store, "tourney", f->tourney_id, &q, &err)) done = q.done, failed = q.failed;
            jw_obj(&w);
            jw_key(&w, "name");
            jw_str(&w, f->name);
            jw_key(&w, "stage");
            jw_int(&w, f->stage);
            jw_key(&w, "tourney");
            jw_int(&w, f->tourney_id);
            jw_key(&w, "format");
            jw_str(&w, f->format);
            jw_key(&w, "games_per_pair");
            jw_int(&w, f->games);
            jw_key(&w, "cutoff");
            jw_int(&w, f->cutoff);
            jw_key(&w, "seed");
            jw_uint(&w, f->seed);
            jw_key(&w, "planned");
            jw_int(&w, have ? t.planned : 0);
            jw_key(&w, "done");
            jw_int(&w, done);
            jw_key(&w, "failed");
            jw_int(&w, failed);
            jw_key(&w, "state");
            jw_str(&w, f->state);
            jw_key(&w, "note");
            jw_str(&w, f->note);
            /* the teams the cutoff let on: more than it when a tie straddled it (said, or a grader
             * counting the second stage's rows saw K + 1 and no reason) */
            char said[96] = "";
            int advanced = k == 1 ? final_advanced(c->store, &stages[0], &err) : -1;
            if (advanced >= 0 && advanced > f->cutoff)
                snprintf(said, sizeof said, "%d go on: a tie at the %d%s place", advanced, f->cutoff,
                         final_ordinal(f->cutoff));
            else if (advanced >= 0)
                snprintf(said, sizeof said, "%d go on", advanced);
            jw_key(&w, "advanced");
            if (advanced >= 0) jw_int(&w, advanced);
            else jw_null(&w);
            jw_key(&w, "advance_note");
            jw_str(&w, said);
            jw_obj_end(&w);
            if (have) tourneys_free(&t);
        }
        jw_arr_end(&w);
        jw_key(&w, "rule");
        jw_str(&w, standings_rule_name(c->srv->game->tourney.ranking));
        jw_key(&w, "rows");
        jw_arr(&w);
    }
    int rank = 0, written = 0;
    /* the entrants shown already (a second stage's are in its first too): a team by its id, a
     * reference bot by its name; by name alone, a team named as a reference bot ("Henny" both)
     * lost its row, its standing missing from the page and from the gradebook's CSV */
    site_final_entrant *shown = xcalloc(TOURNEY_MAX_ENTRANTS, sizeof *shown);
    int nshown = 0;
    for (int k = 0; k < nstages; k++) {
        site_final *f = &stages[k];
        standings st;
        store_tourney t;
        site_final_entrant *e = xcalloc(TOURNEY_MAX_ENTRANTS, sizeof *e);
        int ne = 0;
        if (!final_standings(c->srv, c->store, f, &st, e, &ne, &t, &err)) {
            free(e);
            continue;
        }
        const standings_row *prev = NULL; /* the row above in this stage */
        for (int r = 0; r < st.nplayers; r++) {
            const standings_row *row = &st.rows[r];
            const site_final_entrant *en = row->player < ne ? &e[row->player] : NULL;
            bool dup = false;
            for (int q = 0; q < nshown && en; q++)
                dup |= shown[q].team_id == en->team_id && (en->team_id || strcmp(shown[q].name, en->name) == 0);
            if (dup || !en) continue;
            if (nshown < TOURNEY_MAX_ENTRANTS) shown[nshown++] = *en;
            /* a tie shares its rank (2, 2, 4): numbered on, identical results were ranked 2 and 3 by
             * team id in the gradebook, an order the games never gave */
            written++;
            if (!prev || !final_tied(&st, prev, row)) rank = written;
            prev = row;
            final_row(c, &w, csv, rank, f->stage, &st, row, en, e);
        }
        standings_free(&st);
        tourneys_free(&t);
        free(e);
    }
    free(shown);
    if (!csv) {
        jw_arr_end(&w);
        jw_obj_end(&w);
    }
    buf_free(&err);
}

void final_get(api_call *c) {
    if (!final_visible(c)) {
        api_error(c, 404, "the final's results are not released yet");
        return;
    }
    final_write(c, false);
}

void final_csv(api_call *c) {
    if (!final_visible(c)) {
        api_error(c, 404, "the final's results are not released yet");
        return;
    }
    final_write(c, true);
}

/* Starts the second stage of f (a first stage with a cutoff whose games are over): the best
 * `cutoff` teams of the first, every team tied with the last of them (the rank it shares on /final),
 * and the reference bots; f is marked done with the second stage's record. False (err says why)
 * when it cannot start. */
static bool final_advance(serve_t *srv, store_t *s, const site_final *f, buf_t *err) {
    standings st;
    store_tourney t;
    site_final_entrant e[TOURNEY_MAX_ENTRANTS], next[TOURNEY_MAX_ENTRANTS];
    int ne = 0, nn = 0, teams = 0;
    int64_t id = 0;
    if (final_standings(srv, s, f, &st, e, &ne, &t, err)) {
        /* ranks as final_write numbers them: the K-th team's rank, once reached, lets on the teams
         * sharing it (cut at exactly K, a tie went to the team registered first, an order the games
         * never gave) */
        int rank = 0, cut_rank = 0, written = 0;
        const standings_row *prev = NULL;
        for (int r = 0; r < st.nplayers; r++) {
            const site_final_entrant *en = st.rows[r].player < ne ? &e[st.rows[r].player] : NULL;
            if (!en) continue;
            written++;
            if (!prev || !final_tied(&st, prev, &st.rows[r])) rank = written;
            prev = &st.rows[r];
            if (en->team_id && teams >= f->cutoff && rank != cut_rank) continue;
            if (en->team_id && ++teams == f->cutoff) cut_rank = rank;
            next[nn] = *en;
            if (!en->team_id) /* a reference bot: its seat again ("NAME=SEAT") */
                snprintf(next[nn].name, sizeof next[nn].name, "%s=%s", en->name, t.specs[st.rows[r].player]);
            nn++;
        }
        standings_free(&st);
        final_plan p = {.games = f->games, .cutoff = 0, .stop_separated = f->stop_separated, .seed = f->seed};
        snprintf(p.name, sizeof p.name, "%s", f->name);
        snprintf(p.format, sizeof p.format, "%s", f->format);
        id = final_stage(srv, s, &p, 2, next, nn, f->id, t.config ? t.config : "{}", err);
        tourneys_free(&t);
    }
    return id != 0;
}

/* f's second stage cannot start (why): f becomes "blocked" with the reason, shown by /api/final and
 * said on stderr once: a restart tries again (final_resume) and says nothing more while the reason
 * is the same (it said it at every start, forever, when the second stage could never start). */
static void final_block(store_t *s, const site_final *f, const char *why) {
    char note[sizeof f->note];
    snprintf(note, sizeof note, "the second stage cannot start: %.160s", why && *why ? why : "unknown");
    if (strcmp(f->state, "blocked") == 0 && strcmp(f->note, note) == 0) return;
    fprintf(stderr, "arena serve: %s: %s\n", f->name, note);
    site_finals_set_state(s, f->id, "blocked", note, NULL);
}

void final_resume(serve_t *srv, store_t *s) {
    site_final f[4];
    buf_t err;
    buf_init(&err);
    /* stages a kill left being scheduled (recorded, not yet marked scheduled): a first stage is
     * dropped, the games the engine queued for it cancelled, those a remote worker had already
     * taken too, their results refused (the organizer's start never got its answer: it is started
     * again); a second stage is dropped alone, its first still running, so the next step schedules
     * it again and the engine resumes the same tournament, its games kept */
    int n = site_finals_list(s, 4, f, &err);
    for (int i = 0; i < n; i++) {
        if (strcmp(f[i].state, "scheduling") != 0) continue;
        int64_t tid = f[i].stage == 1 && f[i].key[0] ? tourneys_find(s, f[i].key) : 0, cancelled = 0;
        queue_counts q = {0};
        if (tid) queue_count(s, "tourney", tid, &q, &err);
        buf_reset(&err);
        if (!site_finals_drop(s, f[i].id, tid, &cancelled, &err))
            fprintf(stderr, "arena serve: %s: a stage a stop left being scheduled cannot be dropped: %s\n", f[i].name,
                    buf_cstr(&err));
        else if (f[i].stage == 1)
            fprintf(stderr, "arena serve: %s: the server stopped while its first stage was being scheduled; its %lld "
                            "unplayed games are cancelled (%lld being played: their results will not count): start "
                            "the final again\n", f[i].name, (long long)cancelled, (long long)q.leased);
        else
            fprintf(stderr, "arena serve: %s: the server stopped while its second stage was being scheduled; it is "
                            "scheduled again (with its first stage's options and clocks)\n", f[i].name);
    }
    /* the newest stage only: an older final's first stage was superseded by the stages after it */
    if (site_finals_list(s, 1, f, &err) == 1 && f->stage == 1 && f->cutoff > 0 &&
        (strcmp(f->state, "done") == 0 || strcmp(f->state, "blocked") == 0)) {
        /* done: an older version marked it so before starting the second; blocked: tried again, quietly */
        if (strcmp(f->state, "done") == 0)
            fprintf(stderr, "arena serve: %s: its first stage is done but its second was never started; starting it\n",
                    f->name);
        buf_reset(&err);
        if (!final_advance(srv, s, f, &err)) final_block(s, f, buf_cstr(&err));
    }
    buf_free(&err);
}

void final_step(serve_t *srv, store_t *s) {
    site_final stages[4];
    buf_t err;
    buf_init(&err);
    int ns = site_finals_list(s, 4, stages, &err);
    for (int k = 0; k < ns; k++) {
        site_final *f = &stages[k];
        queue_counts q;
        if (strcmp(f->state, "running") != 0) continue;
        final_link_games(s, f, &err);
        if (!queue_count(s, "tourney", f->tourney_id, &q, &err)) break;
        bool done = q.queued + q.leased == 0;
        if (!done && f->stop_separated && q.done >= 10) {
            /* stop early once every row is separated from the next (intervals apart, LOS >= 95%) */
            standings st;
            store_tourney t;
            site_final_entrant e[TOURNEY_MAX_ENTRANTS];
            int ne = 0;
            if (final_standings(srv, s, f, &st, e, &ne, &t, &err)) {
                bool all = st.nplayers > 1;
                for (int r = 0; r + 1 < st.nplayers; r++) all &= st.rows[r].separated;
                standings_free(&st);
                tourneys_free(&t);
                if (all) {
                    queue_cancel(s, "tourney", f->tourney_id, &err);
                    fprintf(stderr, "arena serve: %s stage %d: every neighbour is separated; its other games are cancelled\n",
                            f->name, f->stage);
                    done = true;
                }
            }
        }
        if (!done) continue;
        /* stage 1 becomes done with its second stage recorded, in one transaction: a kill between
         * the two left a final whose second stage never started */
        if (f->stage == 1 && f->cutoff > 0) {
            buf_reset(&err);
            if (!final_advance(srv, s, f, &err)) final_block(s, f, buf_cstr(&err));
            continue;
        }
        site_finals_set_state(s, f->id, "done", NULL, &err);
    }
    buf_free(&err);
}

void final_requeued(store_t *s, const site_game *g) {
    if (strcmp(g->kind, "final") != 0) return;
    site_final f[4];
    /* the stages final_step follows (the newest four): an older one made running would stay so */
    int n = site_finals_list(s, 4, f, NULL);
    /* here, not by final_step seeing games queued under a stage that is over: a stage stopped early
     * (every neighbour separated) has games still being played, and went back and forth */
    for (int i = 0; i < n; i++)
        if (f[i].id == g->owner_id && strcmp(f[i].state, "done") == 0 && !(f[i].stage == 1 && f[i].cutoff > 0))
            site_finals_set_state(s, f[i].id, "running", NULL, NULL);
}

bool final_requeue_refused(api_call *c, const site_game *g) {
    if (strcmp(g->kind, "final") != 0) return false;
    site_final f[16];
    buf_t err;
    buf_init(&err);
    int n = site_finals_list(c->store, 16, f, &err);
    buf_free(&err);
    for (int i = 0; i < n; i++) {
        if (f[i].id != g->owner_id || f[i].stage != 1 || f[i].cutoff <= 0 || strcmp(f[i].state, "running") == 0 ||
            strcmp(f[i].state, "scheduling") == 0)
            continue;
        /* its second stage was chosen from its results without this game: played now, it would
         * change the first stage's table under a second stage that no longer follows from it */
        api_error(c, 409,
                  "game %lld belongs to the first stage of '%s', over and followed by its second stage, whose "
                  "entrants came from the first stage's results without it: playing it now would change nothing of "
                  "the second stage; to play the final with it, start the final again with its seed (%llu, as /final "
                  "shows), games per pair and cutoff: the games played are kept, the failed ones played again, and the "
                  "second stage follows",
                  (long long)g->id, f[i].name, (unsigned long long)f[i].seed);
        return true;
    }
    return false;
}
