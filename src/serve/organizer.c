/* organizer.c: the organizers' endpoints (see organizer.h). */
#include "organizer.h"
#include "../store/queue.h"
#include "../store/site_games.h"
#include "../store/site_settings.h"
#include "../store/site_teams.h"
#include "accounts.h"
#include "auth.h"
#include "final.h"
#include "settings.h"
#include "../core/xalloc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ORGANIZER_PAGE 1000

void organizer_settings_get(api_call *c) {
    jw_t w;
    api_begin(c, &w);
    jw_obj(&w);
    jw_key(&w, "settings");
    settings_write(c->srv, &w, true);
    jw_key(&w, "help");
    jw_obj(&w);
    for (const setting_def *d = settings_table; d->key; d++) {
        jw_key(&w, d->key);
        jw_str(&w, d->help);
    }
    jw_obj_end(&w);
    jw_obj_end(&w);
}

void organizer_settings_set(api_call *c) {
    if (!c->in) {
        api_error(c, 400, "send a JSON object of settings");
        return;
    }
    buf_t err;
    buf_init(&err);
    if (!settings_apply(c->srv, c->store, c->in, &err)) api_error(c, 400, "%s", buf_cstr(&err));
    else organizer_settings_get(c);
    buf_free(&err);
}

void organizer_users(api_call *c) {
    int64_t after;
    if (!api_query_int(c, "after", 0, 0, INT64_MAX, &after)) return;
    site_user *u = xcalloc(ORGANIZER_PAGE, sizeof *u);
    buf_t err;
    buf_init(&err);
    int n = site_users_list(c->store, after, ORGANIZER_PAGE, u, &err);
    if (n < 0) api_store_error(c, &err);
    else {
        jw_t w;
        api_begin(c, &w);
        jw_obj(&w);
        jw_key(&w, "users");
        jw_arr(&w);
        for (int i = 0; i < n; i++) accounts_write_user(&w, &u[i], true);
        jw_arr_end(&w);
        jw_key(&w, "next");
        if (n == ORGANIZER_PAGE) jw_int(&w, u[n - 1].id);
        else jw_null(&w);
        jw_obj_end(&w);
    }
    free(u);
    buf_free(&err);
}

void organizer_user_password(api_call *c) {
    const char *pw = api_text(c, "password");
    if (!pw || strlen(pw) < AUTH_PASSWORD_MIN || strlen(pw) > AUTH_PASSWORD_MAX) {
        api_error(c, 400, "give the new password (%d to %d characters)", AUTH_PASSWORD_MIN, AUTH_PASSWORD_MAX);
        return;
    }
    buf_t err;
    buf_init(&err);
    site_user u;
    char hash[crypto_pwhash_STRBYTES];
    int rc = site_users_by_id(c->store, c->rq->id[0], &u, NULL, 0, &err);
    if (rc < 0) api_store_error(c, &err);
    else if (rc == 0) api_error(c, 404, "no user %lld", (long long)c->rq->id[0]);
    else if (!auth_hash_password(pw, hash))
        api_error(c, 503, "out of memory for password hashing; try again"); /* LCOV_EXCL_LINE: only out of memory */
    else if (!site_users_set_password(c->store, u.id, hash, &err) || !site_users_session_drop_user(c->store, u.id, &err))
        api_store_error(c, &err);
    else {
        accounts_password_changed(c->srv, u.name);
        api_ok(c);
    }
    buf_free(&err);
}

void organizer_user_flags(api_call *c) {
    buf_t err;
    buf_init(&err);
    site_user u;
    bool org, dis;
    int rc = site_users_by_id(c->store, c->rq->id[0], &u, NULL, 0, &err);
    if (rc < 0) api_store_error(c, &err);
    else if (rc == 0) api_error(c, 404, "no user %lld", (long long)c->rq->id[0]);
    else if (api_bool_field(c, "organizer", u.organizer, &org) && api_bool_field(c, "disabled", u.disabled, &dis)) {
        if (u.id == c->user.id && (!org || dis)) api_error(c, 409, "you cannot take away your own organizer rights");
        else if ((rc = site_users_set_flags(c->store, u.id, org, dis, &err)) == 0)
            api_error(c, 409, "'%s' is the last enabled organizer: make another organizer first", u.name);
        else if (rc < 0 || (dis && !site_users_session_drop_user(c->store, u.id, &err))) api_store_error(c, &err);
        else api_ok(c);
    }
    buf_free(&err);
}

void organizer_team_disable(api_call *c) {
    bool dis;
    if (!api_bool_field(c, "disabled", true, &dis)) return;
    buf_t err;
    buf_init(&err);
    site_team t;
    int rc = site_teams_get(c->store, c->rq->id[0], &t, &err);
    if (rc < 0) api_store_error(c, &err);
    else if (rc == 0) api_error(c, 404, "no team %lld", (long long)c->rq->id[0]);
    else if (!site_teams_set_disabled(c->store, t.id, dis, &err)) api_store_error(c, &err);
    else api_ok(c);
    buf_free(&err);
}

void organizer_announce(api_call *c) {
    const char *text = api_text(c, "text");
    if (!api_user_text(c, "the announcement", text, 2000)) return;
    buf_t err;
    buf_init(&err);
    int64_t id = site_settings_announce(c->store, text, c->user.name, &err);
    if (!id) api_store_error(c, &err);
    else {
        c->rp->status = 201;
        jw_t w;
        api_begin(c, &w);
        jw_obj(&w);
        jw_key(&w, "id");
        jw_int(&w, id);
        jw_obj_end(&w);
    }
    buf_free(&err);
}

void organizer_unannounce(api_call *c) {
    buf_t err;
    buf_init(&err);
    int rc = site_settings_unannounce(c->store, c->rq->id[0], &err);
    if (rc < 0) api_store_error(c, &err);
    else if (rc == 0) api_error(c, 404, "no announcement %lld", (long long)c->rq->id[0]);
    else api_ok(c);
    buf_free(&err);
}

static void organizer_counts(jw_t *w, const char *key, const queue_counts *q) {
    jw_key(w, key);
    jw_obj(w);
    jw_key(w, "queued");
    jw_int(w, q->queued);
    jw_key(w, "leased");
    jw_int(w, q->leased);
    jw_key(w, "done");
    jw_int(w, q->done);
    jw_key(w, "failed");
    jw_int(w, q->failed);
    jw_key(w, "cancelled");
    jw_int(w, q->cancelled);
    jw_key(w, "oldest_queued_s");
    jw_double(w, q->oldest_queued_s);
    jw_obj_end(w);
}

void organizer_queue(api_call *c) {
    buf_t err, workers;
    buf_init(&err);
    buf_init(&workers);
    queue_counts all;
    if (!queue_count(c->store, NULL, 0, &all, &err) || !queue_workers_report(c->store, true, true, NULL, &workers, &err)) {
        api_store_error(c, &err);
    } else {
        jw_t w;
        api_begin(c, &w);
        jw_obj(&w);
        organizer_counts(&w, "all", &all);
        static const char *const kinds[] = {"validation", "scrimmage", "ladder", "tourney"};
        jw_key(&w, "by_kind");
        jw_obj(&w);
        for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
            queue_counts q;
            if (queue_count(c->store, kinds[k], -1, &q, &err)) organizer_counts(&w, kinds[k], &q);
        }
        jw_obj_end(&w);
        jw_key(&w, "workers");
        if (workers.len) jw_raw(&w, workers.data, workers.len);
        else jw_raw(&w, "[]", 2);
        jw_obj_end(&w);
    }
    buf_free(&err);
    buf_free(&workers);
}

void organizer_queue_cancel(api_call *c) {
    const char *kind = api_text(c, "kind");
    static const char *const kinds[] = {"scrimmage", "ladder", "tourney", "validation"};
    bool known = false;
    for (size_t k = 0; kind && k < sizeof kinds / sizeof kinds[0]; k++) known |= strcmp(kind, kinds[k]) == 0;
    if (!known) {
        api_error(c, 400, "give kind: scrimmage, ladder, tourney or validation");
        return;
    }
    buf_t err;
    buf_init(&err);
    int64_t n = site_games_cancel_kind(c->store, kind, &err);
    if (n < 0) api_store_error(c, &err);
    else {
        jw_t w;
        api_begin(c, &w);
        jw_obj(&w);
        jw_key(&w, "cancelled");
        jw_int(&w, n);
        jw_obj_end(&w);
    }
    buf_free(&err);
}

void organizer_game_requeue(api_call *c) {
    buf_t err;
    buf_init(&err);
    site_game g;
    int rc = site_games_get(c->store, c->rq->id[0], &g, &err);
    if (rc == 1 && final_requeue_refused(c, &g)) {
        buf_free(&err);
        return;
    }
    if (rc >= 0) rc = site_games_requeue(c->store, c->rq->id[0], &err);
    if (rc == 1) final_requeued(c->store, &g);
    if (rc < 0) api_store_error(c, &err);
    else if (rc == 0) api_error(c, 409, "game %lld is not a failed or cancelled game", (long long)c->rq->id[0]);
    else api_ok(c);
    buf_free(&err);
}
