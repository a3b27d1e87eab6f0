/* scrimmages.c: the scrimmage endpoints (see scrimmages.h). */
#include "scrimmages.h"
#include "../store/site_games.h"
#include "../store/site_scrims.h"
#include "../store/site_subs.h"
#include "../store/site_teams.h"
#include "play.h"
#include "settings.h"
#include "../core/xalloc.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SCRIMMAGES_LIST 200

/* The team's active submission when it is ready (0: none). */
static int64_t scrimmages_working(api_call *c, const site_team *t) {
    site_sub s;
    buf_t err;
    buf_init(&err);
    bool ok = t->active_sub && !t->disabled && site_subs_get(c->store, t->active_sub, &s, &err) == 1 &&
              strcmp(s.state, "ready") == 0 && !s.disabled;
    buf_free(&err);
    return ok ? t->active_sub : 0;
}

static double scrimmages_rating(serve_t *srv, int64_t team) {
    double r = NAN;
    pthread_mutex_lock(&srv->lock);
    for (int i = 0; i < srv->nratings; i++)
        if (srv->ratings[i].team == team) r = srv->ratings[i].rating;
    pthread_mutex_unlock(&srv->lock);
    return r;
}

static void scrimmages_write(api_call *c, jw_t *w, const site_scrim *r) {
    buf_t err;
    buf_init(&err);
    site_team from, to;
    bool have_from = site_teams_get(c->store, r->from_team, &from, &err) == 1;
    bool have_to = r->to_team && site_teams_get(c->store, r->to_team, &to, &err) == 1;
    /* every game of the request (up to scrimmage_max_games, 1000): a fixed 64 left the rest out of
     * the counts and the list, and the request "done" while they were still played */
    int cap = r->games > 0 ? r->games : 1;
    site_game *g = xcalloc((size_t)cap, sizeof *g);
    int n = site_games_list(c->store, 0, "scrimmage", NULL, 0, r->id, 0, cap, g, &err);
    int played = 0, wins = 0, draws = 0, losses = 0;
    for (int i = 0; i < n; i++) {
        if (!g[i].have_result || g[i].error[0]) continue;
        played++;
        int mine = -1, theirs = -1;
        for (int k = 0; k < g[i].nseats; k++) {
            if (g[i].seats[k].team_id == r->from_team && mine < 0) mine = k;
            else if (theirs < 0) theirs = k;
        }
        if (mine < 0 || theirs < 0) continue;
        if (g[i].rank[mine] < g[i].rank[theirs]) wins++;
        else if (g[i].rank[mine] == g[i].rank[theirs]) draws++;
        else losses++;
    }
    int finished = 0;
    for (int i = 0; i < n; i++)
        if (!strcmp(g[i].state, "done") || !strcmp(g[i].state, "failed") || !strcmp(g[i].state, "cancelled")) finished++;
    jw_obj(w);
    jw_key(w, "id");
    jw_int(w, r->id);
    jw_key(w, "from");
    jw_obj(w);
    jw_key(w, "id");
    jw_int(w, r->from_team);
    jw_key(w, "name");
    jw_str(w, have_from ? from.name : "?");
    jw_obj_end(w);
    jw_key(w, "to");
    if (r->to_team) {
        jw_obj(w);
        jw_key(w, "id");
        jw_int(w, r->to_team);
        jw_key(w, "name");
        jw_str(w, have_to ? to.name : "?");
        jw_obj_end(w);
    } else jw_null(w);
    jw_key(w, "reference");
    if (r->reference[0]) jw_str(w, r->reference);
    else jw_null(w);
    jw_key(w, "games");
    jw_int(w, r->games);
    jw_key(w, "ranked");
    jw_bool(w, r->ranked);
    jw_key(w, "state");
    jw_str(w, !strcmp(r->state, "accepted") && n > 0 && finished == n ? "done" : r->state);
    char when[32];
    time_t t = (time_t)r->created;
    strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", gmtime(&t));
    jw_key(w, "created");
    jw_str(w, when);
    jw_key(w, "played");
    jw_int(w, played);
    jw_key(w, "wins");
    jw_int(w, wins);
    jw_key(w, "draws");
    jw_int(w, draws);
    jw_key(w, "losses");
    jw_int(w, losses);
    jw_key(w, "game_ids");
    jw_arr(w);
    for (int i = n - 1; i >= 0; i--) jw_int(w, g[i].id);
    jw_arr_end(w);
    jw_obj_end(w);
    free(g);
    buf_free(&err);
}

static void scrimmages_reply(api_call *c, int64_t id, int status) {
    buf_t err;
    buf_init(&err);
    site_scrim r;
    if (site_scrims_get(c->store, id, &r, &err) != 1) {
        api_store_error(c, &err);
    } else {
        c->rp->status = status;
        jw_t w;
        api_begin(c, &w);
        jw_obj(&w);
        jw_key(&w, "scrimmage");
        scrimmages_write(c, &w, &r);
        jw_obj_end(&w);
    }
    buf_free(&err);
}

/* Registers the request's games, seats alternating, in the caller's transaction (with the request's
 * acceptance: a kill or a store error in between leaves the request as it was, and all its games or
 * none); scrimmages_queue queues them after the commit. */
static bool scrimmages_play(api_call *c, const site_scrim *r, int64_t from_sub, int64_t to_sub, const char *ref_seat,
                            const char *ref_name, buf_t *err) {
    serve_t *srv = c->srv;
    int seats = srv->game->min_seats < 2 && srv->game->max_seats >= 2 ? 2 : srv->game->min_seats;
    for (int i = 0; i < r->games; i++) {
        play_seat them = to_sub ? (play_seat){.team_id = r->to_team, .sub_id = to_sub}
                                : (play_seat){.builtin = ref_seat, .name = ref_name};
        play_seat us = {.team_id = r->from_team, .sub_id = from_sub};
        play_seat ps[GAME_MAX_SEATS];
        for (int k = 0; k < seats; k++) ps[k] = k == i % seats ? us : them;
        if (seats == 1) ps[0] = us;
        if (!play_register(srv, c->store, "scrimmage", r->id, r->ranked, seats, ps, PLAY_PRIORITY_SCRIMMAGE, err))
            return false;
    }
    return true;
}

/* Ends the transaction of scrimmages_play: committed when ok (then the games go to the queue; a
 * kill before that leaves them to the next start's repair), else rolled back. */
static bool scrimmages_commit(api_call *c, bool ok, int64_t id, bool queue, buf_t *err) {
    db_t *db = store_db(c->store);
    if (!ok || !db_commit(db, err)) {
        if (db_in_transaction(db)) db_rollback(db);
        return false;
    }
    return !queue || site_games_enqueue_registered(c->store, "scrimmage", id, err) >= 0;
}

/* The team's limits on requests (scrimmages_per_hour; ranked: frozen, ranked_outstanding_per_pair,
 * ranked_window), counted in the transaction that adds the request, after the team's row is locked:
 * requests at once are counted one after the other. 1 within them, 0 refused (replied), -1 error. */
static int scrimmages_limits(api_call *c, const site_team *mine, const site_team *theirs, int64_t to_team, bool ranked,
                             buf_t *err) {
    serve_t *srv = c->srv;
    if (!site_scrims_lock_team(c->store, mine->id, err)) return -1;
    int64_t recent = site_scrims_count_since(c->store, mine->id, (double)time(NULL) - 3600, err);
    if (recent < 0) return -1;
    if (recent >= settings_int(srv, "scrimmages_per_hour")) {
        api_error(c, 429, "your team made %lld scrimmage requests in the last hour, the most allowed; try later",
                  (long long)recent);
        return 0;
    }
    if (!ranked) return 1;
    if (settings_frozen(srv)) {
        api_error(c, 409, "the competition is frozen: only unranked scrimmages (against reference bots too)");
        return 0;
    }
    int64_t outstanding = site_scrims_outstanding(c->store, mine->id, to_team, err);
    if (outstanding < 0) return -1;
    if (outstanding >= settings_int(srv, "ranked_outstanding_per_pair")) {
        /* said in the singular too ("1 ranked requests" read as a typo), with the limit and the way on */
        api_error(c, 409,
                  "you have %lld ranked request%s to %s waiting or playing (the most a team may have toward another): "
                  "wait for %s to finish, or ask for unranked games meanwhile",
                  (long long)outstanding, outstanding == 1 ? "" : "s", theirs->name, outstanding == 1 ? "it" : "them");
        return 0;
    }
    long window = settings_int(srv, "ranked_window");
    double rm = scrimmages_rating(srv, mine->id), rt = scrimmages_rating(srv, theirs->id);
    if (window >= 0 && !isnan(rm) && !isnan(rt) && rm - rt > window) {
        api_error(c, 409, "ranked requests go to teams rated above yours or within %ld of it (%s: %.0f, yours: %.0f)",
                  window, theirs->name, rt, rm);
        return 0;
    }
    return 1;
}

/* "ref:NAME" that is neither a reference bot nor a built-in one: the refusal names those there are,
 * so the asker can correct the name rather than guess. */
static void scrimmages_no_reference(api_call *c, const char *name) {
    buf_t m;
    buf_init(&m);
    buf_printf(&m, "no reference bot named '%s'", name);
    json_t *refs = settings_json_value(c->srv, "references");
    size_t i;
    json_t *r;
    json_array_foreach(refs, i, r) buf_printf(&m, "%s%s", i ? ", " : "; the references: ", json_string_value(json_object_get(r, "name")));
    json_decref(refs);
    buf_puts(&m, "; the built-in bots of the game: ");
    game_bot_names(c->srv->game, ", ", &m);
    api_error(c, 404, "%s", buf_cstr(&m));
    buf_free(&m);
}

void scrimmages_create(api_call *c) {
    serve_t *srv = c->srv;
    buf_t err;
    buf_init(&err);
    site_team mine, theirs;
    int64_t games = 0, to_sub = 0, from_sub = 0;
    bool ranked = false;
    json_t *opp = c->in ? json_object_get(c->in, "opponent") : NULL;
    char ref_seat[128] = "", ref_name[64] = "";
    site_scrim r;
    memset(&r, 0, sizeof r);
    memset(&theirs, 0, sizeof theirs);
    if (site_teams_get(c->store, c->user.team_id, &mine, &err) != 1) {
        api_store_error(c, &err);
        goto out;
    }
    if (!api_bool_field(c, "ranked", false, &ranked) || !api_int_field(c, "games", 1, &games)) goto out;
    if (games < 1 || games > settings_int(srv, "scrimmage_max_games")) {
        api_error(c, 400, "games: 1 to %ld", settings_int(srv, "scrimmage_max_games"));
        goto out;
    }
    if (!(from_sub = scrimmages_working(c, &mine))) {
        api_error(c, 409, "your team has no working submission yet: upload one and wait for its check game");
        goto out;
    }
    if (json_is_string(opp) && strncmp(json_string_value(opp), "ref:", 4) == 0) {
        if (!play_reference(srv, json_string_value(opp) + 4, ref_seat, ref_name)) {
            scrimmages_no_reference(c, json_string_value(opp) + 4);
            goto out;
        }
        snprintf(r.reference, sizeof r.reference, "%s", ref_name);
        if (ranked) {
            api_error(c, 409, "games against reference bots are unranked (send \"ranked\": false)");
            goto out;
        }
    } else if (json_is_integer(opp)) {
        r.to_team = json_integer_value(opp);
        int rc = site_teams_get(c->store, r.to_team, &theirs, &err);
        if (rc < 0) {
            api_store_error(c, &err);
            goto out;
        }
        if (rc == 0) {
            api_error(c, 404, "no team %lld", (long long)r.to_team);
            goto out;
        }
        if (r.to_team == mine.id) {
            api_error(c, 409, "that is your own team: ask another team (or a reference bot: \"ref:NAME\")");
            goto out;
        }
        if (!(to_sub = scrimmages_working(c, &theirs))) {
            api_error(c, 409, "team %s has no working submission yet, so it cannot play: ask it later", theirs.name);
            goto out;
        }
    } else {
        api_error(c, 400, "opponent: a team id, or \"ref:NAME\" for a reference bot");
        goto out;
    }
    r.from_team = mine.id;
    r.games = (int)games;
    r.ranked = ranked;
    r.created = (double)time(NULL);
    bool auto_accept = !r.to_team || theirs.auto_accept;
    snprintf(r.state, sizeof r.state, "%s", auto_accept ? "accepted" : "waiting");
    /* the limits, the request and (accepted at once) its games: one transaction */
    int lim = db_begin(store_db(c->store), &err) ? scrimmages_limits(c, &mine, &theirs, r.to_team, ranked, &err) : -1;
    bool ok = lim == 1 && (r.id = site_scrims_add(c->store, &r, &err)) != 0 &&
              (!auto_accept || scrimmages_play(c, &r, from_sub, to_sub, ref_seat, ref_name, &err));
    if (!scrimmages_commit(c, ok, r.id, auto_accept, &err)) {
        if (lim != 0) api_store_error(c, &err);
        goto out;
    }
    scrimmages_reply(c, r.id, 201);
out:
    buf_free(&err);
}

void scrimmages_list(api_call *c) {
    site_scrim *r = xcalloc(SCRIMMAGES_LIST, sizeof *r);
    buf_t err;
    buf_init(&err);
    int n = site_scrims_of_team(c->store, c->user.team_id, SCRIMMAGES_LIST, r, &err);
    if (n < 0) api_store_error(c, &err);
    else {
        jw_t w;
        api_begin(c, &w);
        jw_obj(&w);
        jw_key(&w, "scrimmages");
        jw_arr(&w);
        for (int i = 0; i < n; i++) scrimmages_write(c, &w, &r[i]);
        jw_arr_end(&w);
        jw_obj_end(&w);
    }
    free(r);
    buf_free(&err);
}

/* The path's request when it waits for the caller's team (else the reply says why not). */
static bool scrimmages_asked(api_call *c, site_scrim *r) {
    buf_t err;
    buf_init(&err);
    int rc = site_scrims_get(c->store, c->rq->id[0], r, &err);
    if (rc < 0) api_store_error(c, &err);
    else if (rc == 0 || (r->to_team != c->user.team_id && r->from_team != c->user.team_id))
        api_error(c, 404, "no scrimmage request %lld of yours", (long long)c->rq->id[0]);
    else if (r->to_team != c->user.team_id) api_error(c, 403, "only the team asked answers a request");
    else if (strcmp(r->state, "waiting") != 0) api_error(c, 409, "this request is %s already", r->state);
    buf_free(&err);
    return rc == 1 && r->to_team == c->user.team_id && strcmp(r->state, "waiting") == 0;
}

/* Another answer to the request came first (two at once: a double click, two team mates): this
 * one is refused as a late one is, naming the state the first left. */
static void scrimmages_answered(api_call *c, int64_t id) {
    buf_t err;
    buf_init(&err);
    site_scrim r;
    if (site_scrims_get(c->store, id, &r, &err) != 1) api_store_error(c, &err);
    else api_error(c, 409, "this request is %s already", r.state);
    buf_free(&err);
}

void scrimmages_accept(api_call *c) {
    site_scrim r;
    if (!scrimmages_asked(c, &r)) return;
    buf_t err;
    buf_init(&err);
    site_team from, to;
    int64_t from_sub = 0, to_sub = 0;
    int rc;
    if (site_teams_get(c->store, r.from_team, &from, &err) != 1 || site_teams_get(c->store, r.to_team, &to, &err) != 1) {
        api_store_error(c, &err);
    } else if (!(from_sub = scrimmages_working(c, &from)) || !(to_sub = scrimmages_working(c, &to))) {
        api_error(c, 409, "%s has no working submission now", from_sub ? "your team" : from.name);
    } else if (!db_begin(store_db(c->store), &err)) {
        api_store_error(c, &err);
    } else if ((rc = site_scrims_answer(c->store, r.id, "accepted", &err)) == 0) {
        db_rollback(store_db(c->store));
        scrimmages_answered(c, r.id);
    } else if (!scrimmages_commit(c, rc > 0 && scrimmages_play(c, &r, from_sub, to_sub, NULL, NULL, &err), r.id, true, &err)) {
        api_store_error(c, &err);
    } else {
        scrimmages_reply(c, r.id, 200);
    }
    buf_free(&err);
}

void scrimmages_decline(api_call *c) {
    site_scrim r;
    if (!scrimmages_asked(c, &r)) return;
    buf_t err;
    buf_init(&err);
    int rc = site_scrims_answer(c->store, r.id, "declined", &err);
    if (rc < 0) api_store_error(c, &err);
    else if (rc == 0) scrimmages_answered(c, r.id);
    else scrimmages_reply(c, r.id, 200);
    buf_free(&err);
}
