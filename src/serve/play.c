/* play.c: games of the server as queue jobs (see play.h). */
#include "play.h"
#include "../core/rng.h"
#include "../store/site_teams.h"
#include "../tourney/jobspec.h"
#include "settings.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void play_files_paths(serve_t *srv, const char *files, char *replay, size_t rn, char *errdir, size_t en) {
    if (replay) snprintf(replay, rn, "%s/replays/%s.jsonl", srv->data, files);
    if (errdir) snprintf(errdir, en, "%s/stderr/%s", srv->data, files);
}

bool play_reference(serve_t *srv, const char *name, char seat[128], char display[64]) {
    if (!name || !*name) { /* the validation bot */
        char v[200];
        settings_text(srv, "validation_bot", v, sizeof v);
        if (*v && strncmp(v, "builtin:", 8) == 0 && snprintf(seat, 128, "%s", v) < 128) {
            if (snprintf(display, 64, "%s", v + 8) >= 64) display[63] = 0;
            return true;
        }
        if (!srv->game->bots || !srv->game->bots[0].name) return false;
        snprintf(seat, 128, "builtin:%s", srv->game->bots[0].name);
        snprintf(display, 64, "%s", srv->game->bots[0].name);
        return true;
    }
    json_t *refs = settings_json_value(srv, "references");
    size_t i;
    json_t *r;
    bool found = false;
    json_array_foreach(refs, i, r) {
        const char *n = json_string_value(json_object_get(r, "name"));
        if (n && strcmp(n, name) == 0) {
            snprintf(seat, 128, "%s", json_string_value(json_object_get(r, "seat")));
            snprintf(display, 64, "%s", n);
            found = true;
            break;
        }
    }
    json_decref(refs);
    /* Any built-in bot of the game is a reference bot by its name. */
    const game_bot *b = found ? NULL : game_find_bot(srv->game, name);
    if (b) {
        snprintf(seat, 128, "builtin:%s", b->name);
        snprintf(display, 64, "%s", b->name);
        found = true;
    }
    return found;
}

match_clock play_clock(serve_t *srv, const char *key) {
    match_clock c = match_default_clock(srv->game);
    json_t *o = settings_json_value(srv, key);
    json_t *v;
    if ((v = json_object_get(o, "move_ms")) && json_is_integer(v)) c.move_ms = json_integer_value(v);
    if ((v = json_object_get(o, "hard_ms")) && json_is_integer(v)) c.hard_ms = json_integer_value(v);
    if ((v = json_object_get(o, "bank_ms")) && json_is_integer(v)) c.bank_ms = json_integer_value(v);
    if ((v = json_object_get(o, "startup_ms")) && json_is_integer(v)) c.startup_ms = json_integer_value(v);
    json_decref(o);
    return c;
}

/* register_only: the game is registered in the caller's transaction, queued after its commit. */
static int64_t play_make(serve_t *srv, store_t *s, const char *kind, int64_t owner_id, bool ranked, int nseats,
                         const play_seat *seats, int priority, bool register_only, buf_t *err) {
    jobspec sp;
    memset(&sp, 0, sizeof sp);
    sp.game = srv->game;
    sp.seed = rng_os_seed() & ((1ULL << 53) - 1);
    json_t *opts = settings_json_value(srv, "options");
    size_t oi;
    json_t *ov;
    json_array_foreach(opts, oi, ov) if (sp.nkv < JOBSPEC_MAX_OPTIONS) sp.kv[sp.nkv++] = (char *)json_string_value(ov);
    site_game_seat gs[GAME_MAX_SEATS];
    site_sub subs[GAME_MAX_SEATS];
    memset(gs, 0, sizeof gs);
    sp.nseats = nseats;
    bool ok = nseats > 0 && nseats <= GAME_MAX_SEATS;
    for (int i = 0; ok && i < nseats; i++) {
        const play_seat *p = &seats[i];
        gs[i].team_id = p->team_id;
        gs[i].sub_id = p->sub_id;
        if (!p->sub_id) {
            snprintf(gs[i].name, sizeof gs[i].name, "%s", p->name ? p->name : p->builtin);
            sp.seats[i] = (jobspec_seat){.name = gs[i].name, .seat = (char *)p->builtin, .player = 0};
            continue;
        }
        site_team t;
        if (site_subs_get(s, p->sub_id, &subs[i], err) != 1 || site_teams_get(s, subs[i].team_id, &t, err) != 1) {
            if (!err->len) buf_printf(err, "no submission %lld", (long long)p->sub_id);
            ok = false;
            break;
        }
        /* The seat's name is the team's (unique), made unique in a game against itself. */
        snprintf(gs[i].name, sizeof gs[i].name, "%s", t.name);
        for (int j = 0; j < i; j++)
            if (strcmp(gs[j].name, gs[i].name) == 0) snprintf(gs[i].name, sizeof gs[i].name, "%.50s #%d", t.name, i + 1);
        sp.seats[i] = (jobspec_seat){.name = gs[i].name, .seat = subs[i].seat, .player = (int)p->sub_id};
        if (subs[i].bundle[0]) {
            sp.seats[i].bundle = subs[i].bundle;
            sp.seats[i].path = subs[i].path;
            sp.seats[i].inner = subs[i].inner;
        }
    }
    int64_t id = 0;
    if (ok) {
        sp.clock = play_clock(srv, "clock");
        sp.timeout_s = (double)settings_int(srv, "match_timeout_s");
        /* The game's files are named before it has an id: its kind, owner and 64 random bits. */
        char files[48], replay[PATH_MAX + 64], errdir[PATH_MAX + 64];
        snprintf(files, sizeof files, "%.10s-%lld-%016llx", kind, (long long)owner_id, (unsigned long long)rng_os_seed());
        play_files_paths(srv, files, replay, sizeof replay, errdir, sizeof errdir);
        sp.replay = replay;
        /* A worker on another machine cannot write into our folder: it stores the replay (replays.h). */
        sp.store_replay = db_is_postgres(store_db(s));
        sp.stderr_dir = errdir;
        buf_t spec;
        buf_init(&spec);
        jobspec_json(&sp, &spec);
        queue_job job = {.spec = buf_cstr(&spec), .seed = sp.seed, .nseats = nseats, .priority = priority, .max_failures = 2};
        id = register_only ? site_games_register(s, kind, owner_id, ranked, files, nseats, gs, &job, err)
                           : site_games_add(s, kind, owner_id, ranked, files, nseats, gs, &job, err);
        buf_free(&spec);
    }
    json_decref(opts);
    return id;
}

int64_t play_game(serve_t *srv, store_t *s, const char *kind, int64_t owner_id, bool ranked, int nseats,
                  const play_seat *seats, int priority, buf_t *err) {
    return play_make(srv, s, kind, owner_id, ranked, nseats, seats, priority, false, err);
}

int64_t play_register(serve_t *srv, store_t *s, const char *kind, int64_t owner_id, bool ranked, int nseats,
                      const play_seat *seats, int priority, buf_t *err) {
    return play_make(srv, s, kind, owner_id, ranked, nseats, seats, priority, true, err);
}
