/* routes.c: the table of endpoints and the dispatcher (see routes.h). */
#include "routes.h"
#include "accounts.h"
#include "final.h"
#include "games.h"
#include "ladder.h"
#include "auth.h"
#include "organizer.h"
#include "settings.h"
#include "scrimmages.h"
#include "static.h"
#include "submissions.h"
#include "teams.h"
#include "../store/site_teams.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define JSON_BODY (64 * 1024)

const route routes_table[] = {
    {"GET", "/api/me", CAP_PUBLIC, 0, accounts_me, "the caller, the CSRF token and the competition"},
    {"POST", "/api/register", CAP_LOGIN, JSON_BODY, accounts_register, "create an account and log in"},
    {"POST", "/api/login", CAP_LOGIN, JSON_BODY, accounts_login, "log in (throttled)"},
    {"POST", "/api/logout", CAP_USER, JSON_BODY, accounts_logout, "log out"},
    {"POST", "/api/password", CAP_USER, JSON_BODY, accounts_password, "change one's password"},
    {"GET", "/api/teams", CAP_PUBLIC, 0, teams_list, "every team"},
    {"GET", "/api/teams/{id}", CAP_PUBLIC, 0, teams_get, "one team and its members"},
    {"POST", "/api/teams", CAP_USER, JSON_BODY, teams_create, "create a team (the caller joins it)"},
    {"POST", "/api/teams/join", CAP_USER, JSON_BODY, teams_join, "join a team by its code"},
    {"POST", "/api/teams/leave", CAP_USER, JSON_BODY, teams_leave, "leave one's team (a disabled one too)"},
    {"POST", "/api/teams/settings", CAP_TEAM, JSON_BODY, teams_settings, "the team's own settings"},
    {"POST", "/api/submissions", CAP_TEAM, ROUTES_UPLOAD, submissions_upload, "upload an archive (the body)"},
    {"GET", "/api/submissions", CAP_USER, 0, submissions_list,
     "the team's submissions (organizers: any team's, ?team=ID)"},
    {"GET", "/api/submissions/{id}", CAP_USER, 0, submissions_get,
     "one submission: build log, validation game, the bot's stderr (own team or organizer)"},
    {"POST", "/api/submissions/{id}/activate", CAP_TEAM, JSON_BODY, submissions_activate, "make it the active one"},
    {"GET", "/api/submissions/{id}/download", CAP_USER, 0, submissions_download,
     "the archive as uploaded (own team or organizer)"},
    {"POST", "/api/scrimmages", CAP_TEAM, JSON_BODY, scrimmages_create, "ask a team or a reference bot for games"},
    {"GET", "/api/scrimmages", CAP_TEAM, 0, scrimmages_list, "the team's requests, sent and received"},
    {"POST", "/api/scrimmages/{id}/accept", CAP_TEAM, JSON_BODY, scrimmages_accept, "accept a request"},
    {"POST", "/api/scrimmages/{id}/decline", CAP_TEAM, JSON_BODY, scrimmages_decline, "decline a request"},
    {"GET", "/api/games", CAP_PUBLIC, 0, games_list, "games, newest first"},
    {"GET", "/api/games/{id}", CAP_PUBLIC, 0, games_get, "one game"},
    {"GET", "/api/games/{id}/replay", CAP_PUBLIC, 0, games_replay, "its replay (JSON Lines)"},
    {"GET", "/api/games/{id}/stderr", CAP_USER, 0, games_stderr, "a seat's stderr (own team or organizer)"},
    {"GET", "/api/ladder", CAP_PUBLIC, 0, ladder_get, "the ladder's table"},
    {"GET", "/api/ladder/history", CAP_PUBLIC, 0, ladder_history, "a team's rating over time"},
    {"GET", "/api/final", CAP_PUBLIC, 0, final_get, "the final's results (as released)"},
    {"GET", "/api/final.csv", CAP_PUBLIC, 0, final_csv, "the final's results as CSV (as released)"},
    {"GET", "/api/organizer/settings", CAP_ORGANIZER, 0, organizer_settings_get, "every setting with its help"},
    {"POST", "/api/organizer/settings", CAP_ORGANIZER, JSON_BODY, organizer_settings_set, "change settings"},
    {"GET", "/api/organizer/users", CAP_ORGANIZER, 0, organizer_users, "every user"},
    {"POST", "/api/organizer/users/{id}/password", CAP_ORGANIZER, JSON_BODY, organizer_user_password,
     "reset a user's password"},
    {"POST", "/api/organizer/users/{id}", CAP_ORGANIZER, JSON_BODY, organizer_user_flags,
     "make a user an organizer, or disable the account"},
    {"POST", "/api/organizer/teams/{id}/disable", CAP_ORGANIZER, JSON_BODY, organizer_team_disable,
     "disable (or enable) a team"},
    {"POST", "/api/organizer/submissions/{id}/disable", CAP_ORGANIZER, JSON_BODY, submissions_disable,
     "disable (or enable) a submission"},
    {"POST", "/api/organizer/announcements", CAP_ORGANIZER, JSON_BODY, organizer_announce, "announce"},
    {"POST", "/api/organizer/announcements/{id}/hide", CAP_ORGANIZER, JSON_BODY, organizer_unannounce,
     "hide an announcement"},
    {"GET", "/api/organizer/queue", CAP_ORGANIZER, 0, organizer_queue, "the queue and the workers"},
    {"POST", "/api/organizer/queue/cancel", CAP_ORGANIZER, JSON_BODY, organizer_queue_cancel,
     "cancel every queued game of a kind"},
    {"POST", "/api/organizer/games/{id}/requeue", CAP_ORGANIZER, JSON_BODY, organizer_game_requeue,
     "play a failed or cancelled game again"},
    {"POST", "/api/organizer/final", CAP_ORGANIZER, JSON_BODY, final_start, "run the final tournament (or a round)"},
    {"POST", "/api/organizer/final/release", CAP_ORGANIZER, JSON_BODY, final_release,
     "release the final's results: organizers, participants, public"},
    {NULL, NULL, 0, 0, NULL, NULL},
};

/* Matches path against pattern, filling the ids. */
static bool routes_match(const char *pattern, const char *path, http_req *rq) {
    int nid = 0;
    const char *p = pattern, *s = path;
    while (*p) {
        if (strncmp(p, "{id}", 4) == 0) {
            size_t n = strspn(s, "0123456789");
            if (n == 0 || n > 15 || *s == '0' || nid >= HTTP_MAX_IDS) return false;
            if (rq) rq->id[nid] = strtoll(s, NULL, 10);
            nid++;
            s += n;
            p += 4;
            continue;
        }
        if (*p != *s) return false;
        p++;
        s++;
    }
    if (*s) return false;
    if (rq) rq->nid = nid;
    return true;
}

static const route *routes_find(const char *method, const char *path, http_req *rq, bool *other_method) {
    if (strcmp(method, "HEAD") == 0) method = "GET";
    for (const route *r = routes_table; r->method; r++) {
        if (!routes_match(r->pattern, path, NULL)) continue;
        if (strcmp(r->method, method) != 0) {
            if (other_method) *other_method = true;
            continue;
        }
        if (rq) routes_match(r->pattern, path, rq);
        return r;
    }
    return NULL;
}

size_t routes_limit(void *ctx, const char *method, const char *path, bool *spool) {
    serve_t *srv = ctx;
    const route *r = routes_find(method, path, NULL, NULL);
    if (!r) return 0;
    /* an upload goes to a file as it arrives (up to upload_max_mb each, several at once) */
    *spool = r->max_body == ROUTES_UPLOAD;
    if (r->max_body == ROUTES_UPLOAD) return (size_t)settings_int(srv, "upload_max_mb") << 20;
    return r->max_body;
}

/* The caller has the route's capability: true, or the reply says why not. */
static bool routes_allowed(api_call *c, const route *r) {
    if (r->cap == CAP_PUBLIC || r->cap == CAP_LOGIN) return true;
    if (!c->user.id) {
        api_error(c, 401, "log in first");
        return false;
    }
    if (r->cap == CAP_ORGANIZER && !c->user.organizer) {
        api_error(c, 403, "this is for organizers");
        return false;
    }
    if (r->cap == CAP_TEAM) {
        if (!c->user.team_id) {
            api_error(c, 403, "join or create a team first");
            return false;
        }
        buf_t err;
        buf_init(&err);
        site_team t;
        int rc = site_teams_get(c->store, c->user.team_id, &t, &err);
        if (rc < 0) api_store_error(c, &err);
        else if (rc == 0 || t.disabled) api_error(c, 403, "your team is disabled; ask the organizers");
        buf_free(&err);
        return rc == 1 && !t.disabled;
    }
    return true;
}

/* The checks before a route's handler: the store, the caller's session, the CSRF token of a change,
 * the route's capability. True, or the reply says why not. */
static bool routes_gate(api_call *c, const route *r) {
    buf_t err;
    buf_init(&err);
    c->store = api_store(c->srv, &err);
    if (!c->store || !auth_load(c, &err)) {
        api_store_error(c, &err);
        buf_free(&err);
        return false;
    }
    buf_free(&err);
    if (strcmp(r->method, "GET") != 0 && !auth_csrf_ok(c)) {
        api_error(c, 403, "missing or wrong X-CSRF-Token header (GET /api/me gives the token)");
        return false;
    }
    return routes_allowed(c, r);
}

bool routes_admit(void *ctx, http_req *rq, http_reply *rp) {
    api_call c;
    memset(&c, 0, sizeof c);
    c.srv = ctx;
    c.rq = rq;
    c.rp = rp;
    const route *r = routes_find(rq->method, rq->path, rq, NULL);
    return !r || routes_gate(&c, r); /* no route: the handler answers 404 or 405 */
}

void routes_handle(void *ctx, http_req *rq, http_reply *rp) {
    serve_t *srv = ctx;
    api_call c;
    memset(&c, 0, sizeof c);
    c.srv = srv;
    c.rq = rq;
    c.rp = rp;
    bool other = false;
    const route *r = routes_find(rq->method, rq->path, rq, &other);
    bool is_api = strncmp(rq->path, "/api/", 5) == 0 || strcmp(rq->path, "/api") == 0;
    if (!r && (is_api || other)) {
        if (other) {
            api_error(&c, 405, "%s is not allowed on %s", rq->method, rq->path);
        } else {
            api_error(&c, 404, "no endpoint %s %s (docs/serve.md lists them)", rq->method, rq->path);
        }
        return;
    }
    if (!r && strcmp(rq->method, "GET") != 0 && strcmp(rq->method, "HEAD") != 0) {
        api_error(&c, 405, "%s is not allowed on %s", rq->method, rq->path);
        return;
    }
    if (!r) { /* a page: embedded, so it loads while the store is away (its scripts then say so) */
        static_serve(&c);
        return;
    }
    if (!routes_gate(&c, r)) return;
    bool changes = strcmp(r->method, "GET") != 0;
    if (changes && r->max_body != ROUTES_UPLOAD && rq->len) {
        json_error_t je;
        c.in = json_loadb(rq->body, rq->len, JSON_REJECT_DUPLICATES, &je);
        if (!json_is_object(c.in)) {
            json_decref(c.in);
            api_error(&c, 400, "the body must be a JSON object (%s)", c.in ? "not an object" : je.text);
            return;
        }
    }
    r->fn(&c);
    json_decref(c.in);
}
