/* games.c: the game endpoints (see games.h). */
#include "games.h"
#include "final.h"
#include "play.h"
#include "../core/xalloc.h"
#include "../store/replays.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define GAMES_PAGE_MAX 200

/* Whether anyone who may see the kind's games sees all of them: the ladder's always, the final's
 * as the organizers release its results (before that, only they see it, not even a team its own). */
static bool games_kind_public(const api_call *c, const char *kind) {
    if (!kind) return false;
    if (strcmp(kind, "final") == 0) return final_visible(c);
    return strcmp(kind, "ladder") == 0;
}

bool games_may_see(const api_call *c, const site_game *g) {
    if (games_kind_public(c, g->kind)) return true;
    if (strcmp(g->kind, "final") == 0) return false;
    if (c->user.id && c->user.organizer) return true;
    for (int i = 0; i < g->nseats; i++)
        if (g->seats[i].team_id && api_team_may_see(c, g->seats[i].team_id)) return true;
    return false;
}

/* The game's replay file, true when it is there. A game that a worker on another machine played
 * has its replay in the store (replays.h): it is written here on first use. */
static bool games_replay_path(serve_t *srv, const site_game *g, char *path, size_t n) {
    play_files_paths(srv, g->files, path, n, NULL, 0);
    if (!g->have_result) return false;
    if (access(path, R_OK) == 0) return true;
    if (!g->job_id) return false;
    buf_t err;
    buf_init(&err);
    store_t *s = api_store(srv, &err);
    bool ok = s && replays_save(s, g->job_id, path, &err) == 1;
    buf_free(&err);
    return ok;
}

void games_write(jw_t *w, const site_game *g, serve_t *srv) {
    jw_obj(w);
    jw_key(w, "id");
    jw_int(w, g->id);
    jw_key(w, "kind");
    jw_str(w, g->kind);
    jw_key(w, "ranked");
    jw_bool(w, g->ranked);
    jw_key(w, "state");
    jw_str(w, g->state);
    char when[32];
    time_t t = (time_t)g->created;
    strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", gmtime(&t));
    jw_key(w, "created");
    jw_str(w, when);
    jw_key(w, "finished");
    if (g->have_result) jw_str(w, g->finished);
    else jw_null(w);
    jw_key(w, "seed");
    if (g->have_result) jw_uint(w, g->seed);
    else jw_null(w);
    jw_key(w, "turns");
    if (g->have_result) jw_int(w, g->turns);
    else jw_null(w);
    jw_key(w, "seconds");
    if (g->have_result) jw_double(w, g->seconds);
    else jw_null(w);
    jw_key(w, "error");
    if (g->have_result && g->error[0]) jw_str(w, g->error);
    else jw_null(w);
    char replay[PATH_MAX + 64];
    jw_key(w, "replay");
    jw_bool(w, games_replay_path(srv, g, replay, sizeof replay));
    jw_key(w, "seats");
    jw_arr(w);
    for (int i = 0; i < g->nseats; i++) {
        const site_game_seat *s = &g->seats[i];
        jw_obj(w);
        jw_key(w, "team");
        if (s->team_id) jw_int(w, s->team_id);
        else jw_null(w);
        jw_key(w, "name");
        jw_str(w, s->name);
        jw_key(w, "submission");
        if (s->sub_id > 0) jw_int(w, s->sub_id);
        else jw_null(w);
        jw_key(w, "score");
        if (g->have_result && !g->error[0]) jw_double(w, g->score[i]);
        else jw_null(w);
        jw_key(w, "rank");
        if (g->have_result && !g->error[0]) jw_int(w, g->rank[i]);
        else jw_null(w);
        jw_key(w, "verdicts");
        if (g->have_result) {
            jw_obj(w);
            static const char *const names[] = {"late", "down", "invalid", "crash"};
            for (int v = 0; v < 4; v++) {
                jw_key(w, names[v]);
                jw_int(w, g->verdicts[i][VERDICT_LATE + v]);
            }
            jw_obj_end(w);
        } else jw_null(w);
        jw_obj_end(w);
    }
    jw_arr_end(w);
    jw_obj_end(w);
}

void games_list(api_call *c) {
    int64_t team, before, limit;
    if (!api_query_int(c, "team", 0, 0, INT64_MAX, &team) || !api_query_int(c, "before", 0, 0, INT64_MAX, &before) ||
        !api_query_int(c, "limit", 50, 1, GAMES_PAGE_MAX, &limit))
        return;
    const char *kind = http_query(c->rq, "kind");
    if (kind && *kind && strcmp(kind, "ladder") && strcmp(kind, "scrimmage") && strcmp(kind, "validation") &&
        strcmp(kind, "final")) {
        api_error(c, 400, "parameter kind: ladder, scrimmage, validation or final");
        return;
    }
    if (kind && !*kind) kind = NULL;
    /* Only ladder games (and the final's once released) are public; the others are seen by the
     * teams in them and organizers. The query keeps only what the caller may see, so that a page
     * is a full page: while the final was played, a team's own list was page after page of
     * nothing (its newest games all the final's, left out afterwards), each with a link to older
     * games; and another team's scrimmages were answered with its ladder games, not those it
     * played against the caller's team. */
    bool hidden = kind && strcmp(kind, "final") == 0 && !final_visible(c); /* an empty list */
    const char *hide = final_visible(c) ? NULL : "final";
    int64_t seen_by = c->user.id && c->user.organizer ? 0 : c->user.id && !c->user.disabled && c->user.team_id ? c->user.team_id : -1;
    site_game *g = xcalloc((size_t)limit, sizeof *g);
    buf_t err;
    buf_init(&err);
    int n = hidden ? 0 : site_games_list(c->store, team, kind, hide, seen_by, -1, before, (int)limit, g, &err);
    if (n < 0) api_store_error(c, &err);
    else {
        jw_t w;
        api_begin(c, &w);
        jw_obj(&w);
        jw_key(&w, "games");
        jw_arr(&w);
        for (int i = 0; i < n; i++)
            if (games_may_see(c, &g[i])) games_write(&w, &g[i], c->srv);
        jw_arr_end(&w);
        jw_key(&w, "next");
        if (n == limit) jw_int(&w, g[n - 1].id);
        else jw_null(&w);
        jw_obj_end(&w);
    }
    free(g);
    buf_free(&err);
}

/* The path's game when the caller may see it (else the reply says 404). */
static bool games_load(api_call *c, site_game *g) {
    buf_t err;
    buf_init(&err);
    int rc = site_games_get(c->store, c->rq->id[0], g, &err);
    if (rc < 0) api_store_error(c, &err);
    else if (rc == 0 || !games_may_see(c, g)) api_error(c, 404, "no game %lld that you may see", (long long)c->rq->id[0]);
    buf_free(&err);
    return rc == 1 && games_may_see(c, g);
}

void games_get(api_call *c) {
    site_game g;
    if (!games_load(c, &g)) return;
    jw_t w;
    api_begin(c, &w);
    jw_obj(&w);
    jw_key(&w, "game");
    games_write(&w, &g, c->srv);
    jw_obj_end(&w);
}

static bool games_send_file(api_call *c, const char *path, size_t max, const char *type) {
    FILE *f = fopen(path, "rb");
    if (!f) return false;
    buf_reset(&c->rp->body);
    char b[65536];
    size_t n;
    while ((n = fread(b, 1, sizeof b, f)) > 0 && c->rp->body.len < max) buf_append(&c->rp->body, b, n);
    fclose(f);
    c->rp->type = type;
    return true;
}

void games_replay(api_call *c) {
    site_game g;
    if (!games_load(c, &g)) return;
    char path[PATH_MAX + 64];
    if (!games_replay_path(c->srv, &g, path, sizeof path) ||
        !games_send_file(c, path, (size_t)1 << 30, "application/x-ndjson")) {
        api_error(c, 404, "game %lld has no replay on this server%s", (long long)g.id,
                  g.have_result ? " (played by a worker on another machine?)" : " yet");
        return;
    }
    const char *dl = http_query(c->rq, "download");
    if (dl && strcmp(dl, "1") == 0) {
        char cd[100];
        snprintf(cd, sizeof cd, "attachment; filename=\"game%lld.jsonl\"", (long long)g.id);
        http_reply_header(c->rp, "Content-Disposition", cd);
    }
}

void games_stderr(api_call *c) {
    site_game g;
    if (!games_load(c, &g)) return;
    int64_t seat;
    if (!api_query_int(c, "seat", -1, 0, GAME_MAX_SEATS - 1, &seat)) return;
    if (seat < 0 || seat >= g.nseats) {
        api_error(c, 400, "give seat=N (0 to %d)", g.nseats - 1);
        return;
    }
    /* A team sees its own bot's stderr, never another team's (organizers see every seat's). */
    if (!(c->user.id && c->user.organizer) && !(g.seats[seat].team_id && api_team_may_see(c, g.seats[seat].team_id))) {
        api_error(c, 403, "seat %lld is not your team's: you see your own bot's stderr only", (long long)seat);
        return;
    }
    char dir[PATH_MAX + 64], path[PATH_MAX + 100];
    play_files_paths(c->srv, g.files, NULL, 0, dir, sizeof dir);
    snprintf(path, sizeof path, "%s/seat%d.stderr", dir, (int)seat);
    if (!games_send_file(c, path, 16 << 20, "text/plain; charset=utf-8")) {
        buf_reset(&c->rp->body);
        c->rp->type = "text/plain; charset=utf-8";
    }
}
