/* teams.c: the team endpoints (see teams.h). */
#include "teams.h"
#include "../store/site_teams.h"
#include "auth.h"
#include "settings.h"
#include "../core/xalloc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TEAMS_NAME_MAX 40
#define TEAMS_PAGE 1000

static void teams_write(jw_t *w, const site_team *t, bool private_view) {
    jw_obj(w);
    jw_key(w, "id");
    jw_int(w, t->id);
    jw_key(w, "name");
    jw_str(w, t->name);
    jw_key(w, "members");
    jw_int(w, t->members);
    jw_key(w, "disabled");
    jw_bool(w, t->disabled);
    jw_key(w, "active_submission");
    if (t->active_sub) jw_int(w, t->active_sub);
    else jw_null(w);
    jw_key(w, "auto_accept");
    jw_bool(w, t->auto_accept);
    jw_key(w, "created");
    jw_str(w, t->created);
    if (private_view) {
        jw_key(w, "join_code");
        jw_str(w, t->join_code);
    }
    jw_obj_end(w);
}

void teams_list(api_call *c) {
    int64_t after;
    if (!api_query_int(c, "after", 0, 0, INT64_MAX, &after)) return;
    site_team *t = xcalloc(TEAMS_PAGE, sizeof *t);
    buf_t err;
    buf_init(&err);
    int n = site_teams_list(c->store, after, TEAMS_PAGE, t, &err);
    if (n < 0) api_store_error(c, &err);
    else {
        jw_t w;
        api_begin(c, &w);
        jw_obj(&w);
        jw_key(&w, "teams");
        jw_arr(&w);
        for (int i = 0; i < n; i++) teams_write(&w, &t[i], api_team_may_see(c, t[i].id));
        jw_arr_end(&w);
        jw_key(&w, "next");
        if (n == TEAMS_PAGE) jw_int(&w, t[n - 1].id);
        else jw_null(&w);
        jw_obj_end(&w);
    }
    free(t);
    buf_free(&err);
}

void teams_get(api_call *c) {
    buf_t err;
    buf_init(&err);
    site_team t;
    int rc = site_teams_get(c->store, c->rq->id[0], &t, &err);
    if (rc < 0) api_store_error(c, &err);
    else if (rc == 0) api_error(c, 404, "no team %lld", (long long)c->rq->id[0]);
    else {
        site_user members[100];
        int n = site_users_of_team(c->store, t.id, 100, members, &err);
        if (n < 0) { /* not a team without members: the store did not answer */
            api_store_error(c, &err);
            buf_free(&err);
            return;
        }
        jw_t w;
        api_begin(c, &w);
        jw_obj(&w);
        jw_key(&w, "team");
        teams_write(&w, &t, api_team_may_see(c, t.id));
        jw_key(&w, "members");
        jw_arr(&w);
        for (int i = 0; i < n; i++) {
            jw_obj(&w);
            jw_key(&w, "id");
            jw_int(&w, members[i].id);
            jw_key(&w, "name");
            jw_str(&w, members[i].name);
            jw_obj_end(&w);
        }
        jw_arr_end(&w);
        jw_obj_end(&w);
    }
    buf_free(&err);
}

/* Said to a page drawn before its user joined or made a team elsewhere (another tab): it cannot
 * know, so the words say to reload. */
#define TEAMS_ALREADY "you are in a team already (reload this page to see it); leave it first to change teams"

void teams_create(api_call *c) {
    const char *name = api_text(c, "name");
    if (c->user.team_id) {
        api_error(c, 409, TEAMS_ALREADY);
        return;
    }
    if (!api_user_name(c, "the team name", name, TEAMS_NAME_MAX)) return;
    char code[48];
    auth_token(code);
    code[16] = 0; /* 96 random bits are plenty for a code people paste */
    buf_t err;
    buf_init(&err);
    int64_t id = site_teams_create(c->store, name, code, c->user.id, &err);
    if (id == 0) api_error(c, 409, "%s; choose another", buf_cstr(&err));
    else if (id == SITE_TEAMS_IN_A_TEAM) api_error(c, 409, TEAMS_ALREADY);
    else if (id < 0) api_store_error(c, &err);
    else {
        c->rp->status = 201;
        jw_t w;
        api_begin(c, &w);
        jw_obj(&w);
        jw_key(&w, "id");
        jw_int(&w, id);
        jw_key(&w, "name");
        jw_str(&w, name);
        jw_key(&w, "join_code");
        jw_str(&w, code);
        jw_obj_end(&w);
    }
    buf_free(&err);
}

void teams_join(api_call *c) {
    const char *code = api_text(c, "code");
    if (c->user.team_id) {
        api_error(c, 409, TEAMS_ALREADY);
        return;
    }
    if (!code || strlen(code) > 64) {
        api_error(c, 400, "give the team's join code");
        return;
    }
    buf_t err;
    buf_init(&err);
    site_team t;
    int rc = site_teams_by_code(c->store, code, &t, &err);
    if (rc < 0) api_store_error(c, &err);
    else if (rc == 0) api_error(c, 404, "no team has this join code; ask a member for it");
    else if (t.disabled) api_error(c, 403, "this team is disabled");
    else {
        rc = site_teams_join(c->store, t.id, c->user.id, (int)settings_int(c->srv, "team_size"), &err);
        if (rc == SITE_TEAMS_IN_A_TEAM) api_error(c, 409, TEAMS_ALREADY);
        else if (rc < 0) api_store_error(c, &err);
        else if (rc == 0) api_error(c, 409, "the team is full (%ld members at most)", settings_int(c->srv, "team_size"));
        else {
            jw_t w;
            api_begin(c, &w);
            jw_obj(&w);
            jw_key(&w, "id");
            jw_int(&w, t.id);
            jw_key(&w, "name");
            jw_str(&w, t.name);
            jw_obj_end(&w);
        }
    }
    buf_free(&err);
}

/* CAP_USER, not CAP_TEAM: a member of a disabled team may leave it, to join or make another.
 * Disabling a team stops its bot (uploads, scrimmages, games), not its people; an organizer who
 * wants a person out of the competition disables their account. */
void teams_leave(api_call *c) {
    if (!c->user.team_id) {
        api_error(c, 403, "you are not in a team");
        return;
    }
    buf_t err;
    buf_init(&err);
    if (!site_teams_leave(c->store, c->user.id, &err)) api_store_error(c, &err);
    else api_ok(c);
    buf_free(&err);
}

void teams_settings(api_call *c) {
    bool on;
    if (!api_bool_field(c, "auto_accept", true, &on)) return;
    buf_t err;
    buf_init(&err);
    if (c->in && json_object_get(c->in, "auto_accept") && !site_teams_set_auto_accept(c->store, c->user.team_id, on, &err))
        api_store_error(c, &err);
    else api_ok(c);
    buf_free(&err);
}
