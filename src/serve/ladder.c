/* ladder.c: the ladder (see ladder.h). */
#include "ladder.h"
#include "../core/jw.h"
#include "../core/rng.h"
#include "../store/site_ladder.h"
#include "../store/site_teams.h"
#include "../tourney/standings.h"
#include "final.h"
#include "play.h"
#include "settings.h"
#include "../core/xalloc.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define LADDER_MAX_SUBS 100000

void ladder_free(ladder_table *t) {
    free(t->rows);
    memset(t, 0, sizeof *t);
}

static int ladder_cmp_id(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

/* Index of id in the sorted ids (-1: none). */
static int ladder_find(const int64_t *ids, int n, int64_t id) {
    const int64_t *p = bsearch(&id, ids, (size_t)n, sizeof *ids, ladder_cmp_id);
    return p ? (int)(p - ids) : -1;
}

bool ladder_compute(serve_t *srv, store_t *s, const site_sub *active, int nactive, ladder_table *out, buf_t *err) {
    memset(out, 0, sizeof *out);
    store_result *res = NULL;
    int nres = site_ladder_results(s, &res, err);
    if (nres < 0) return false;
    /* Players: every submission seated in a ranked game, and every active one; reference bots
     * (player 0) are players too (a game against them says something about the other seat). */
    int cap = nactive + 16, n = 0;
    int64_t *ids = xmalloc(sizeof *ids * (size_t)cap);
    ids[n++] = 0;
    for (int i = 0; i < nactive; i++) ids[n++] = active[i].id;
    for (int r = 0; r < nres; r++)
        for (int k = 0; k < res[r].nseats; k++) {
            if (n == cap) {
                cap *= 2;
                ids = xrealloc(ids, sizeof *ids * (size_t)cap);
            }
            ids[n++] = res[r].entrant[k] < 0 ? 0 : res[r].entrant[k];
        }
    qsort(ids, (size_t)n, sizeof *ids, ladder_cmp_id);
    int m = 0;
    for (int i = 0; i < n; i++)
        if (m == 0 || ids[m - 1] != ids[i]) ids[m++] = ids[i];
    n = m;
    double secs = 0;
    int nsecs = 0;
    out->last_game = nres ? res[nres - 1].idx : 0;
    for (int r = 0; r < nres; r++) {
        for (int k = 0; k < res[r].nseats; k++) res[r].entrant[k] = ladder_find(ids, n, res[r].entrant[k] < 0 ? 0 : res[r].entrant[k]);
        res[r].idx = r;
        if (r >= nres - 50) {
            secs += res[r].seconds;
            nsecs++;
        }
    }
    char **names = xcalloc((size_t)n, sizeof *names);
    for (int i = 0; i < n; i++) {
        names[i] = xmalloc(24);
        snprintf(names[i], 24, "%lld", (long long)ids[i]);
    }
    game_options opts;
    memset(&opts, 0, sizeof opts);
    json_t *o = settings_json_value(srv, "options");
    char *kv[40];
    int nkv = 0;
    size_t oi;
    json_t *ov;
    json_array_foreach(o, oi, ov) if (nkv < 40) kv[nkv++] = (char *)json_string_value(ov);
    buf_t why;
    buf_init(&why);
    match_parse_options(srv->game, nkv, kv, &opts, &why);
    standings st;
    standings_compute(&st, srv->game, srv->game->id, &opts, n, (const char *const *)names, res, nres);
    json_decref(o);
    buf_free(&why);
    snprintf(out->rule, sizeof out->rule, "%s", standings_rule_name(st.rule));
    out->results = nres;
    out->mean_seconds = nsecs ? secs / nsecs : 0;
    out->rows = xcalloc((size_t)n, sizeof *out->rows);
    bool elo = st.rule == RANKING_ELO;
    for (int i = 0; i < st.nplayers; i++) {
        const standings_row *row = &st.rows[i];
        int64_t id = ids[row->player];
        if (id == 0) continue; /* the reference bots are not on the ladder */
        ladder_row *lr = &out->rows[out->nrows++];
        lr->sub_id = id;
        lr->games = row->games;
        lr->wins = row->wins;
        lr->draws = row->draws;
        lr->losses = row->losses;
        double v = elo ? row->rating : row->value.mean, lo = elo ? row->rating_lo : row->value.lo,
               hi = elo ? row->rating_hi : row->value.hi;
        lr->rated = row->games > 0 && !isnan(v);
        lr->rating = lr->rated ? v : NAN;
        lr->lo = lr->rated && !isnan(lo) ? lo : NAN;
        lr->hi = lr->rated && !isnan(hi) ? hi : NAN;
    }
    standings_free(&st);
    for (int i = 0; i < n; i++) free(names[i]);
    free(names);
    free(ids);
    free(res);
    return true;
}

static const ladder_row *ladder_row_of(const ladder_table *t, int64_t sub_id) {
    for (int i = 0; i < t->nrows; i++)
        if (t->rows[i].sub_id == sub_id) return &t->rows[i];
    return NULL;
}

static void ladder_num(jw_t *w, const char *key, double v) {
    jw_key(w, key);
    if (isnan(v)) jw_null(w);
    else jw_double(w, round(v * 10) / 10);
}

void ladder_json(serve_t *srv, const ladder_table *t, const site_sub *active, char (*team_names)[64], int nactive,
                 buf_t *out) {
    int placement = (int)settings_int(srv, "placement_games"), provisional = (int)settings_int(srv, "provisional_games");
    jw_t w;
    jw_init(&w, out);
    jw_obj(&w);
    jw_key(&w, "rule");
    jw_str(&w, t->rule);
    jw_key(&w, "games");
    jw_int(&w, t->results);
    char when[32];
    time_t now = time(NULL);
    strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    jw_key(&w, "updated");
    jw_str(&w, when);
    jw_key(&w, "rows");
    jw_arr(&w);
    /* The table's order (best first), active submissions only; then the unrated ones. */
    int rank = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < t->nrows; i++) {
            const ladder_row *r = &t->rows[i];
            if ((pass == 0) != r->rated) continue;
            const site_sub *a = NULL;
            const char *tname = "";
            for (int k = 0; k < nactive && !a; k++)
                if (active[k].id == r->sub_id) {
                    a = &active[k];
                    tname = team_names[k];
                }
            if (!a) continue;
            jw_obj(&w);
            jw_key(&w, "rank");
            if (r->rated) jw_int(&w, ++rank);
            else jw_null(&w);
            jw_key(&w, "team");
            jw_obj(&w);
            jw_key(&w, "id");
            jw_int(&w, a->team_id);
            jw_key(&w, "name");
            jw_str(&w, tname);
            jw_obj_end(&w);
            jw_key(&w, "submission");
            jw_int(&w, r->sub_id);
            jw_key(&w, "version");
            jw_int(&w, a->version);
            ladder_num(&w, "rating", r->rating);
            ladder_num(&w, "lo", r->lo);
            ladder_num(&w, "hi", r->hi);
            jw_key(&w, "games");
            jw_int(&w, r->games);
            jw_key(&w, "wins");
            jw_int(&w, r->wins);
            jw_key(&w, "draws");
            jw_int(&w, r->draws);
            jw_key(&w, "losses");
            jw_int(&w, r->losses);
            jw_key(&w, "provisional");
            jw_bool(&w, r->games < provisional);
            int left = placement - r->games;
            if (left < 0) left = 0;
            jw_key(&w, "placement_left");
            jw_int(&w, left);
            jw_key(&w, "placement_eta_s");
            if (left) jw_double(&w, round(left * (t->mean_seconds + 1.0)));
            else jw_null(&w);
            jw_obj_end(&w);
        }
    jw_arr_end(&w);
    jw_obj_end(&w);
}

/* ---- matchmaking ---- */

typedef struct {
    const site_sub *sub;
    double rating;  /* current estimate (1500 when unrated) */
    int games;      /* ranked games played */
    int pending;    /* ladder games queued or being played */
    bool placing;   /* still in placement */
} ladder_cand;

/* The k-1 opponents of a for a game. The floor: only submissions at most one game above the
 * fewest (played and waiting) may be picked, so no one falls behind, and the games of every
 * submission stay spread evenly over time; among those, the closest rating, a game above the
 * floor counting as 400 Elo of distance (ties at random).
 * Only when too few are that close to the floor do the others come in, fewest games first. */
static int ladder_opponents(const ladder_cand *c, int n, int a, int k, rng_t *rng, int *out) {
    int got = 0;
    bool *used = xcalloc((size_t)n, sizeof *used);
    used[a] = true;
    int gmin = 1 << 30;
    for (int i = 0; i < n; i++)
        if (i != a && c[i].games + c[i].pending < gmin) gmin = c[i].games + c[i].pending;
    while (got < k) {
        int best = -1;
        double best_cost = 0;
        for (int i = 0; i < n; i++) {
            if (used[i] || c[i].sub->team_id == c[a].sub->team_id) continue;
            int deficit = c[i].games + c[i].pending - gmin;
            /* one game above the floor weighs as much as 400 Elo of distance; two are out */
            double cost = (deficit <= 1 ? 400.0 * deficit : 1e6 * deficit) + fabs(c[i].rating - c[a].rating) +
                          rng_double(rng); /* ties broken at random */
            if (best < 0 || cost < best_cost) {
                best = i;
                best_cost = cost;
            }
        }
        if (best < 0) break;
        used[best] = true;
        out[got++] = best;
    }
    free(used);
    return got;
}

/* Puts one ladder game of a against its opponents in the queue, in seats drawn at random (no
 * one always moves first), and counts it as waiting for each of them. */
static bool ladder_enqueue(serve_t *srv, store_t *s, ladder_cand *c, int a, const int *opp, int k, int priority, rng_t *rng,
                           buf_t *err) {
    play_seat ps[GAME_MAX_SEATS];
    ps[0] = (play_seat){.team_id = c[a].sub->team_id, .sub_id = c[a].sub->id};
    for (int i = 0; i < k; i++) ps[i + 1] = (play_seat){.team_id = c[opp[i]].sub->team_id, .sub_id = c[opp[i]].sub->id};
    for (int i = k; i > 0; i--) {
        int j = (int)rng_below(rng, (uint32_t)(i + 1));
        play_seat tmp = ps[i];
        ps[i] = ps[j];
        ps[j] = tmp;
    }
    if (!play_game(srv, s, "ladder", 0, true, k + 1, ps, priority, err)) return false;
    c[a].pending++;
    for (int i = 0; i < k; i++) c[opp[i]].pending++;
    return true;
}

int ladder_schedule(serve_t *srv, store_t *s, const ladder_table *t, const site_sub *active, int nactive, int ahead,
                    buf_t *err) {
    if (nactive < 1) return 0;
    int seats = srv->game->min_seats;
    if (seats < 2 && srv->game->max_seats >= 2) seats = 2;
    if (seats > nactive) return 0;
    int64_t *psub = xmalloc(sizeof *psub * (size_t)(nactive + 1));
    int *pcount = xmalloc(sizeof *pcount * (size_t)(nactive + 1));
    ladder_cand *c = xcalloc((size_t)nactive, sizeof *c);
    int queued = 0;
    int np = site_ladder_pending(s, t->last_game, nactive + 1, psub, pcount, &queued, err);
    int placement = (int)settings_int(srv, "placement_games");
    int made = 0;
    rng_t rng;
    rng_seed(&rng, rng_os_seed(), 0);
    if (np < 0) {
        made = -1;
        goto out;
    }
    for (int i = 0; i < nactive; i++) {
        c[i].sub = &active[i];
        const ladder_row *r = ladder_row_of(t, active[i].id);
        c[i].rating = r && r->rated ? r->rating : 1500;
        if (isnan(c[i].rating)) c[i].rating = 1500;
        c[i].games = r ? r->games : 0;
        for (int k = 0; k < np; k++)
            if (psub[k] == active[i].id) c[i].pending = pcount[k];
        c[i].placing = c[i].games + c[i].pending < placement;
    }
    /* Placement: each new submission's games one at a time, each pairing from the ratings its
     * previous games gave, ahead of the rest of the ladder. */
    for (int a = 0; a < nactive; a++) {
        if (!c[a].placing || c[a].pending > 0) continue;
        int opp[GAME_MAX_SEATS];
        int k = ladder_opponents(c, nactive, a, seats - 1, &rng, opp);
        if (k < seats - 1) continue;
        if (!ladder_enqueue(srv, s, c, a, opp, k, PLAY_PRIORITY_PLACEMENT, &rng, err)) {
            made = -1;
            goto out;
        }
        made++;
    }
    /* The rest: the submission with the fewest games (played and waiting) first. */
    while (queued + made < ahead) {
        int a = -1;
        for (int i = 0; i < nactive; i++) {
            if (c[i].placing) continue;
            int gi = c[i].games + c[i].pending;
            if (a < 0 || gi < c[a].games + c[a].pending ||
                (gi == c[a].games + c[a].pending && rng_below(&rng, 2)))
                a = i;
        }
        if (a < 0) break;
        int opp[GAME_MAX_SEATS];
        int k = ladder_opponents(c, nactive, a, seats - 1, &rng, opp);
        if (k < seats - 1) break;
        if (!ladder_enqueue(srv, s, c, a, opp, k, PLAY_PRIORITY_LADDER, &rng, err)) {
            made = -1;
            goto out;
        }
        made++;
    }
out:
    free(psub);
    free(pcount);
    free(c);
    return made;
}

/* ---- endpoints ---- */

/* Why the ladder makes no new games at this moment (the scheduler's own test, sched_ladder), or
 * NULL. Asked at every request, not kept with the table (computed once a minute at least): the
 * page said "4 placement games left, about 7 s" all through the freeze, games never played. */
static const char *ladder_stopped(api_call *c) {
    if (settings_frozen(c->srv)) return "frozen";
    if (!settings_int(c->srv, "ladder")) return "off";
    if (final_running(c->store)) return "final";
    return NULL;
}

void ladder_get(api_call *c) {
    const char *stopped = ladder_stopped(c);
    buf_t *b = &c->rp->body;
    buf_reset(b);
    buf_puts(b, "{\"stopped\":");
    if (stopped) buf_printf(b, "\"%s\",", stopped);
    else buf_puts(b, "null,");
    size_t head = b->len;
    pthread_mutex_lock(&c->srv->lock);
    if (c->srv->ladder_json) buf_puts(b, c->srv->ladder_json + 1); /* its members after the '{' */
    pthread_mutex_unlock(&c->srv->lock);
    if (b->len == head) buf_puts(b, "\"rule\":null,\"games\":0,\"updated\":null,\"rows\":[]}");
}

void ladder_history(api_call *c) {
    int64_t team;
    if (!api_query_int(c, "team", 0, 1, INT64_MAX, &team)) return;
    if (!team) {
        api_error(c, 400, "give team=ID");
        return;
    }
    buf_t err;
    buf_init(&err);
    site_team t; /* an unknown team is a 404, as /api/teams/{id}, not an empty history */
    int known = site_teams_get(c->store, team, &t, &err);
    if (known <= 0) {
        if (known < 0) api_store_error(c, &err);
        else api_error(c, 404, "no team %lld", (long long)team);
        buf_free(&err);
        return;
    }
    site_ladder_point *p = xcalloc(2000, sizeof *p);
    int n = site_ladder_history(c->store, team, 2000, p, &err);
    if (n < 0) api_store_error(c, &err);
    else {
        jw_t w;
        api_begin(c, &w);
        jw_obj(&w);
        jw_key(&w, "team");
        jw_int(&w, team);
        jw_key(&w, "points");
        jw_arr(&w);
        for (int i = 0; i < n; i++) {
            jw_obj(&w);
            jw_key(&w, "submission");
            jw_int(&w, p[i].sub_id);
            jw_key(&w, "games");
            jw_int(&w, p[i].games);
            ladder_num(&w, "rating", p[i].rating);
            ladder_num(&w, "lo", p[i].lo);
            ladder_num(&w, "hi", p[i].hi);
            char when[32];
            time_t t = (time_t)p[i].at;
            strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", gmtime(&t));
            jw_key(&w, "at");
            jw_str(&w, when);
            jw_obj_end(&w);
        }
        jw_arr_end(&w);
        jw_obj_end(&w);
    }
    free(p);
    buf_free(&err);
}
