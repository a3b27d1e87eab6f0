/* accounts.c: the account endpoints (see accounts.h). */
#include "accounts.h"
#include "../store/site_settings.h"
#include "../store/site_teams.h"
#include "auth.h"
#include "settings.h"
#include "../core/xalloc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#define ACCOUNTS_NAME_MAX 40

void accounts_write_user(jw_t *w, const site_user *u, bool full) {
    jw_obj(w);
    jw_key(w, "id");
    jw_int(w, u->id);
    jw_key(w, "name");
    jw_str(w, u->name);
    jw_key(w, "team");
    if (u->team_id) jw_int(w, u->team_id);
    else jw_null(w);
    if (full) {
        jw_key(w, "email");
        jw_str(w, u->email);
        jw_key(w, "organizer");
        jw_bool(w, u->organizer);
        jw_key(w, "disabled");
        jw_bool(w, u->disabled);
        jw_key(w, "created");
        jw_str(w, u->created);
    }
    jw_obj_end(w);
}

void accounts_me(api_call *c) {
    buf_t err;
    buf_init(&err);
    site_team team;
    bool have_team = c->user.id && c->user.team_id && site_teams_get(c->store, c->user.team_id, &team, &err) == 1;
    site_settings_announcement *ann = xcalloc(10, sizeof *ann);
    int nann = site_settings_announcements(c->store, 10, ann, &err);
    jw_t w;
    api_begin(c, &w);
    jw_obj(&w);
    jw_key(&w, "user");
    if (c->user.id) {
        accounts_write_user(&w, &c->user, true);
    } else {
        jw_null(&w);
    }
    jw_key(&w, "team");
    if (have_team) {
        jw_obj(&w);
        jw_key(&w, "id");
        jw_int(&w, team.id);
        jw_key(&w, "name");
        jw_str(&w, team.name);
        jw_key(&w, "join_code");
        jw_str(&w, team.join_code);
        jw_key(&w, "disabled");
        jw_bool(&w, team.disabled);
        jw_obj_end(&w);
    } else {
        jw_null(&w);
    }
    /* the first start's organizer still on the printed password, kept in clear in the data folder
     * until it is changed: the pages ask them to change it */
    char pwfile[PATH_MAX + 32];
    snprintf(pwfile, sizeof pwfile, "%s/%s", c->srv->data, SERVE_ADMIN_PASSWORD_FILE);
    jw_key(&w, "first_start_password");
    jw_bool(&w, c->user.id && c->user.organizer && strcmp(c->user.name, SERVE_ADMIN_NAME) == 0 && access(pwfile, F_OK) == 0);
    jw_key(&w, "csrf");
    jw_str(&w, c->csrf);
    jw_key(&w, "competition");
    jw_obj(&w);
    char text[1024];
    jw_key(&w, "game");
    jw_str(&w, c->srv->game->id);
    jw_key(&w, "game_title");
    jw_str(&w, c->srv->game->title);
    jw_key(&w, "seats");
    jw_arr(&w);
    jw_int(&w, c->srv->game->min_seats);
    jw_int(&w, c->srv->game->max_seats);
    jw_arr_end(&w);
    jw_key(&w, "python_file"); /* a bare .py is a submission too (build_unpack): the upload page offers it */
    jw_bool(&w, c->srv->game->wire.python_module != NULL);
    settings_text(c->srv, "title", text, sizeof text);
    jw_key(&w, "title");
    jw_str(&w, text);
    settings_text(c->srv, "deadline", text, sizeof text);
    jw_key(&w, "deadline");
    if (*text) jw_str(&w, text);
    else jw_null(&w);
    jw_key(&w, "frozen");
    jw_bool(&w, settings_frozen(c->srv));
    jw_key(&w, "registration");
    jw_obj(&w);
    jw_key(&w, "open");
    jw_bool(&w, settings_int(c->srv, "registration_open") != 0);
    settings_text(c->srv, "invite_code", text, sizeof text);
    jw_key(&w, "invite_required");
    jw_bool(&w, *text != 0);
    settings_text(c->srv, "email_domains", text, sizeof text);
    jw_key(&w, "email_domains");
    jw_str(&w, text);
    jw_obj_end(&w);
    jw_key(&w, "team_size");
    jw_int(&w, settings_int(c->srv, "team_size"));
    jw_key(&w, "upload_max_mb");
    jw_int(&w, settings_int(c->srv, "upload_max_mb"));
    jw_key(&w, "scrimmage_max_games"); /* the scrimmage form's limit: the server's own */
    jw_int(&w, settings_int(c->srv, "scrimmage_max_games"));
    /* the reference bots one may scrimmage against: the organizers' list, else the built-ins, then
     * with no grade: the final's grade lines are the organizers' list only, and a built-in's own
     * label ("grade 70%") offered here was taken for a grade line the final would not have */
    jw_key(&w, "references");
    jw_arr(&w);
    json_t *refs = settings_json_value(c->srv, "references");
    size_t ri;
    json_t *r;
    json_array_foreach(refs, ri, r) {
        jw_obj(&w);
        jw_key(&w, "name");
        jw_str(&w, json_string_value(json_object_get(r, "name")));
        jw_key(&w, "grade");
        if (json_is_string(json_object_get(r, "grade"))) jw_str(&w, json_string_value(json_object_get(r, "grade")));
        else jw_null(&w);
        jw_obj_end(&w);
    }
    for (int i = 0; json_array_size(refs) == 0 && c->srv->game->bots && c->srv->game->bots[i].name; i++) {
        jw_obj(&w);
        jw_key(&w, "name");
        jw_str(&w, c->srv->game->bots[i].name);
        jw_key(&w, "grade");
        jw_null(&w);
        jw_obj_end(&w);
    }
    json_decref(refs);
    jw_arr_end(&w);
    /* every built-in bot of the game: each is a scrimmage opponent by its name ("ref:NAME") */
    jw_key(&w, "bots");
    jw_arr(&w);
    for (int i = 0; c->srv->game->bots && c->srv->game->bots[i].name; i++) jw_str(&w, c->srv->game->bots[i].name);
    jw_arr_end(&w);
    jw_key(&w, "announcements");
    jw_arr(&w);
    for (int i = 0; i < nann; i++) {
        jw_obj(&w);
        jw_key(&w, "id");
        jw_int(&w, ann[i].id);
        jw_key(&w, "text");
        jw_str(&w, ann[i].text);
        jw_key(&w, "author");
        jw_str(&w, ann[i].author);
        jw_key(&w, "created");
        jw_str(&w, ann[i].created);
        jw_obj_end(&w);
    }
    jw_arr_end(&w);
    jw_obj_end(&w);
    jw_obj_end(&w);
    free(ann);
    buf_free(&err);
}

/* The e-mail's domain is in the organizer's list (empty: any). */
static bool accounts_domain_ok(const char *email, const char *domains) {
    if (!*domains) return true;
    const char *at = strrchr(email, '@');
    if (!at || !at[1]) return false;
    const char *d = at + 1;
    size_t dn = strlen(d);
    for (const char *p = domains; *p;) {
        while (*p == ' ' || *p == ',') p++;
        size_t n = strcspn(p, ", ");
        if (n && n == dn && strncasecmp(p, d, n) == 0) return true;
        p += n;
    }
    return false;
}

/* The invite code given is the organizers' one, blanks at either end of either left out: the
 * register page trims what is typed (a code is pasted with spaces around it), so a code set with
 * a blank at its end (pasted so on the organizer's page) would let nobody register there. */
static bool accounts_invite_ok(const char *given, const char *code) {
    while (*given == ' ') given++;
    while (*code == ' ') code++;
    size_t gn = strlen(given), cn = strlen(code);
    while (gn && given[gn - 1] == ' ') gn--;
    while (cn && code[cn - 1] == ' ') cn--;
    return gn == cn && memcmp(given, code, cn) == 0;
}

static bool accounts_password_valid(api_call *c, const char *pw) {
    if (!pw || strlen(pw) < AUTH_PASSWORD_MIN) {
        api_error(c, 400, "the password needs at least %d characters", AUTH_PASSWORD_MIN);
        return false;
    }
    if (strlen(pw) > AUTH_PASSWORD_MAX) {
        api_error(c, 400, "the password is longer than %d characters", AUTH_PASSWORD_MAX);
        return false;
    }
    return true;
}

void accounts_register(api_call *c) {
    const char *name = api_text(c, "name"), *email = api_text(c, "email"), *pw = api_text(c, "password");
    const char *invite = api_text(c, "invite");
    if (!settings_int(c->srv, "registration_open")) {
        api_error(c, 403, "registration is closed; ask the organizers");
        return;
    }
    if (!api_user_name(c, "name", name, ACCOUNTS_NAME_MAX)) return;
    if (!email) email = "";
    if (strlen(email) > 120 || (*email && (!strchr(email, '@') || !api_user_text(c, "email", email, 120)))) {
        if (c->rp->status < 400) api_error(c, 400, "the e-mail address is not valid");
        return;
    }
    if (!accounts_password_valid(c, pw)) return;
    char code[256], domains[1024];
    settings_text(c->srv, "invite_code", code, sizeof code);
    settings_text(c->srv, "email_domains", domains, sizeof domains);
    if (*code && (!invite || !accounts_invite_ok(invite, code))) {
        api_error(c, 403, "the invite code is wrong; the organizers give it out");
        return;
    }
    if (!accounts_domain_ok(email, domains)) {
        api_error(c, 403, "registration needs an e-mail address at %s", domains);
        return;
    }
    char hash[crypto_pwhash_STRBYTES];
    if (!auth_hash_password(pw, hash)) { /* LCOV_EXCL_START: libsodium's hash fails only out of memory */
        api_error(c, 503, "the server is out of memory for password hashing; try again");
        return;
    } /* LCOV_EXCL_STOP */
    buf_t err;
    buf_init(&err);
    int64_t id = site_users_create(c->store, name, email, hash, false, &err);
    if (id == 0) api_error(c, 409, "%s; choose another", buf_cstr(&err));
    else if (id < 0) api_store_error(c, &err);
    else if (site_users_by_id(c->store, id, &c->user, NULL, 0, &err) != 1 || !auth_login(c, id, &err))
        api_store_error(c, &err);
    else {
        c->rp->status = 201;
        jw_t w;
        api_begin(c, &w);
        jw_obj(&w);
        jw_key(&w, "user");
        accounts_write_user(&w, &c->user, true);
        jw_key(&w, "csrf");
        jw_str(&w, c->csrf);
        jw_obj_end(&w);
    }
    buf_free(&err);
}

void accounts_login(api_call *c) {
    const char *given = api_text(c, "name"), *pw = api_text(c, "password");
    if (!given || !pw || strlen(given) > 200 || strlen(pw) > AUTH_PASSWORD_MAX) {
        api_error(c, 400, "give name and password");
        return;
    }
    /* No name begins or ends with a blank (api_user_name), but a phone's keyboard leaves one after
     * a word it suggested: "alice " is alice, not a wrong name. */
    char name[204];
    while (*given == ' ') given++;
    snprintf(name, sizeof name, "%s", given);
    for (size_t n = strlen(name); n && name[n - 1] == ' ';) name[--n] = 0;
    long wait = auth_throttled(c, name);
    if (wait > 0) {
        char ra[32];
        snprintf(ra, sizeof ra, "%ld", wait);
        api_error(c, 429, "too many failed logins; try again in %ld seconds", wait);
        http_reply_header(c->rp, "Retry-After", ra);
        return;
    }
    buf_t err;
    buf_init(&err);
    site_user u;
    char hash[crypto_pwhash_STRBYTES + 8];
    int rc = site_users_by_name(c->store, name, &u, hash, sizeof hash, &err);
    bool ok = auth_password_ok(rc == 1 ? hash : NULL, pw) && rc == 1;
    if (rc < 0) api_store_error(c, &err);
    else if (!ok) {
        auth_failed(c, name);
        api_error(c, 401, "wrong name or password");
    } else if (u.disabled) {
        api_error(c, 403, "this account is disabled; ask the organizers");
    } else if (!auth_login(c, u.id, &err)) {
        api_store_error(c, &err);
    } else {
        auth_succeeded(c, name);
        c->user = u;
        jw_t w;
        api_begin(c, &w);
        jw_obj(&w);
        jw_key(&w, "user");
        accounts_write_user(&w, &u, true);
        jw_key(&w, "csrf");
        jw_str(&w, c->csrf);
        jw_obj_end(&w);
    }
    buf_free(&err);
}

void accounts_password_changed(serve_t *srv, const char *name) {
    if (strcmp(name, SERVE_ADMIN_NAME) != 0) return;
    char path[PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/%s", srv->data, SERVE_ADMIN_PASSWORD_FILE);
    unlink(path); /* gone already: nothing to do */
}

void accounts_logout(api_call *c) {
    auth_logout(c);
    api_ok(c);
}

void accounts_password(api_call *c) {
    const char *old = api_text(c, "old"), *pw = api_text(c, "new");
    if (!old) {
        api_error(c, 400, "give the old password");
        return;
    }
    if (!accounts_password_valid(c, pw)) return;
    long wait = auth_throttled(c, c->user.name);
    if (wait > 0) {
        api_error(c, 429, "too many failed attempts; try again in %ld seconds", wait);
        return;
    }
    buf_t err;
    buf_init(&err);
    site_user u;
    char hash[crypto_pwhash_STRBYTES + 8];
    if (site_users_by_id(c->store, c->user.id, &u, hash, sizeof hash, &err) != 1) api_store_error(c, &err);
    else if (!auth_password_ok(hash, old)) {
        auth_failed(c, c->user.name);
        api_error(c, 403, "the old password is wrong");
    } else if (!auth_hash_password(pw, hash)) {
        /* LCOV_EXCL_START: libsodium's hash fails only out of memory */
        api_error(c, 503, "the server is out of memory for password hashing; try again");
        /* LCOV_EXCL_STOP */
    } else if (!site_users_set_password(c->store, u.id, hash, &err) || !site_users_session_drop_user(c->store, u.id, &err) ||
               !auth_login(c, u.id, &err)) {
        api_store_error(c, &err);
    } else {
        accounts_password_changed(c->srv, u.name);
        jw_t w;
        api_begin(c, &w);
        jw_obj(&w);
        jw_key(&w, "ok");
        jw_bool(&w, true);
        jw_key(&w, "csrf");
        jw_str(&w, c->csrf);
        jw_obj_end(&w);
    }
    buf_free(&err);
}
