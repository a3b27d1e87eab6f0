/* jobspec.c: the match spec of a queued job, to and from JSON (see jobspec.h). */
#include "jobspec.h"
#include "../core/jw.h"
#include "../games/registry.h"
#include "../core/xalloc.h"
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Games known to this process besides the registry's (a test's model game): the local workers
 * are forked from the process that scheduled, so they know them too. */
static const game_t *jobspec_extra[8];

void jobspec_add_game(const game_t *g) {
    if (registry_find(g->id) == g) return;
    for (int i = 0; i < 8; i++)
        if (!jobspec_extra[i] || jobspec_extra[i] == g || strcmp(jobspec_extra[i]->id, g->id) == 0) {
            jobspec_extra[i] = g;
            return;
        }
}

static const game_t *jobspec_find_game(const char *id) {
    for (int i = 0; i < 8 && jobspec_extra[i]; i++)
        if (strcmp(jobspec_extra[i]->id, id) == 0) return jobspec_extra[i];
    return registry_find(id);
}

static char *jobspec_dup(const char *s) {
    if (!s) return NULL;
    char *d = xstrdup(s);
    return d;
}

static void jobspec_key_str(jw_t *w, const char *key, const char *v) {
    jw_key(w, key);
    if (v) jw_str(w, v);
    else jw_null(w);
}

static void jobspec_strings(jw_t *w, const char *key, const char *const *v, int n) {
    jw_key(w, key);
    jw_arr(w);
    for (int i = 0; i < n; i++) jw_str(w, v[i]);
    jw_arr_end(w);
}

void jobspec_json(const jobspec *s, buf_t *out) {
    jw_t w;
    jw_init(&w, out);
    jw_obj(&w);
    jw_key(&w, "v");
    jw_int(&w, 1);
    jobspec_key_str(&w, "game", s->game ? s->game->id : s->game_id);
    jobspec_strings(&w, "options", (const char *const *)s->kv, s->nkv);
    jw_key(&w, "seed");
    jw_uint(&w, s->seed);
    jw_key(&w, "seats");
    jw_arr(&w);
    for (int i = 0; i < s->nseats; i++) {
        const jobspec_seat *t = &s->seats[i];
        jw_obj(&w);
        jobspec_key_str(&w, "name", t->name);
        jobspec_key_str(&w, "seat", t->seat);
        jw_key(&w, "player");
        jw_int(&w, t->player);
        if (t->bundle) {
            jobspec_key_str(&w, "bundle", t->bundle);
            jobspec_key_str(&w, "path", t->path);
            jobspec_key_str(&w, "inner", t->inner);
        }
        jw_obj_end(&w);
    }
    jw_arr_end(&w);
    jw_key(&w, "clock");
    jw_obj(&w);
    jw_key(&w, "move_ms");
    jw_int(&w, s->clock.move_ms);
    jw_key(&w, "hard_ms");
    jw_int(&w, s->clock.hard_ms);
    jw_key(&w, "bank_ms");
    jw_int(&w, s->clock.bank_ms);
    jw_key(&w, "startup_ms");
    jw_int(&w, s->clock.startup_ms);
    jw_key(&w, "grace_ms");
    jw_int(&w, s->clock.grace_ms);
    jw_key(&w, "pause");
    jw_bool(&w, s->clock.pause_idle);
    jw_obj_end(&w);
    jw_key(&w, "quick");
    jw_bool(&w, s->quick);
    const sandbox_config *b = &s->sandbox;
    jw_key(&w, "sandbox");
    jw_obj(&w);
    jw_key(&w, "mode");
    jw_int(&w, b->mode);
    jw_key(&w, "without");
    jw_int(&w, b->without);
    jw_key(&w, "limits");
    jw_arr(&w);
    const int64_t lim[] = {b->limits.cpu_s,    b->limits.mem_mb, b->limits.as_mb,  b->limits.procs,
                           b->limits.fsize_mb, b->limits.nofile, b->limits.disk_mb};
    for (size_t i = 0; i < sizeof lim / sizeof lim[0]; i++) jw_int(&w, lim[i]);
    jw_arr_end(&w);
    jw_key(&w, "workdir");
    jw_int(&w, b->workdir);
    jobspec_strings(&w, "read", b->read, b->nread);
    jobspec_strings(&w, "write", b->write, b->nwrite);
    jobspec_strings(&w, "env", b->env, b->nenv);
    jobspec_key_str(&w, "cgroup", b->cgroup);
    jw_obj_end(&w);
    jw_key(&w, "timeout_s");
    jw_double(&w, s->timeout_s);
    jobspec_key_str(&w, "cwd", s->cwd);
    jobspec_key_str(&w, "replay", s->replay);
    jw_key(&w, "store_replay");
    jw_bool(&w, s->store_replay);
    jobspec_key_str(&w, "stderr_dir", s->stderr_dir);
    jobspec_key_str(&w, "history_dir", s->history_dir);
    jw_obj_end(&w);
}

static char *jobspec_get_str(json_t *o, const char *key) {
    json_t *v = json_object_get(o, key);
    return json_is_string(v) ? jobspec_dup(json_string_value(v)) : NULL;
}

static int jobspec_get_strings(json_t *o, const char *key, const char **out, int max) {
    json_t *a = json_object_get(o, key);
    int n = 0;
    for (size_t i = 0; i < json_array_size(a) && n < max; i++)
        if (json_is_string(json_array_get(a, i))) out[n++] = jobspec_dup(json_string_value(json_array_get(a, i)));
    return n;
}

bool jobspec_parse(const char *text, jobspec *s, buf_t *err) {
    memset(s, 0, sizeof *s);
    json_error_t je;
    json_t *j = json_loads(text, 0, &je);
    if (!json_is_object(j)) {
        buf_printf(err, "the match spec is not a JSON object (%s)", je.text);
        json_decref(j);
        return false;
    }
    s->game_id = jobspec_get_str(j, "game");
    s->game = s->game_id ? jobspec_find_game(s->game_id) : NULL;
    json_t *opts = json_object_get(j, "options");
    for (size_t i = 0; i < json_array_size(opts) && s->nkv < JOBSPEC_MAX_OPTIONS; i++)
        if (json_is_string(json_array_get(opts, i))) s->kv[s->nkv++] = jobspec_dup(json_string_value(json_array_get(opts, i)));
    s->seed = (uint64_t)json_integer_value(json_object_get(j, "seed"));
    json_t *seats = json_object_get(j, "seats");
    for (size_t i = 0; i < json_array_size(seats) && s->nseats < GAME_MAX_SEATS; i++) {
        json_t *o = json_array_get(seats, i);
        jobspec_seat *t = &s->seats[s->nseats++];
        t->name = jobspec_get_str(o, "name");
        t->seat = jobspec_get_str(o, "seat");
        t->player = (int)json_integer_value(json_object_get(o, "player"));
        t->bundle = jobspec_get_str(o, "bundle");
        t->path = jobspec_get_str(o, "path");
        t->inner = jobspec_get_str(o, "inner");
    }
    json_t *c = json_object_get(j, "clock");
    s->clock.move_ms = json_integer_value(json_object_get(c, "move_ms"));
    s->clock.hard_ms = json_integer_value(json_object_get(c, "hard_ms"));
    s->clock.bank_ms = json_integer_value(json_object_get(c, "bank_ms"));
    s->clock.startup_ms = json_integer_value(json_object_get(c, "startup_ms"));
    s->clock.grace_ms = json_integer_value(json_object_get(c, "grace_ms"));
    s->clock.pause_idle = json_is_true(json_object_get(c, "pause"));
    s->quick = json_is_true(json_object_get(j, "quick"));
    json_t *b = json_object_get(j, "sandbox");
    sandbox_config *sb = &s->sandbox;
    sb->mode = (sandbox_mode)json_integer_value(json_object_get(b, "mode"));
    sb->without = (unsigned)json_integer_value(json_object_get(b, "without"));
    json_t *lim = json_object_get(b, "limits");
    int64_t *fields[] = {&sb->limits.cpu_s,    &sb->limits.mem_mb, &sb->limits.as_mb,  &sb->limits.procs,
                         &sb->limits.fsize_mb, &sb->limits.nofile, &sb->limits.disk_mb};
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) *fields[i] = json_integer_value(json_array_get(lim, i));
    sb->workdir = (sandbox_workdir)json_integer_value(json_object_get(b, "workdir"));
    sb->nread = jobspec_get_strings(b, "read", sb->read, SANDBOX_MAX_PATHS);
    sb->nwrite = jobspec_get_strings(b, "write", sb->write, SANDBOX_MAX_PATHS);
    sb->nenv = jobspec_get_strings(b, "env", sb->env, SANDBOX_MAX_ENV);
    sb->cgroup = jobspec_get_str(b, "cgroup");
    s->timeout_s = json_number_value(json_object_get(j, "timeout_s"));
    s->cwd = jobspec_get_str(j, "cwd");
    s->replay = jobspec_get_str(j, "replay");
    s->store_replay = json_is_true(json_object_get(j, "store_replay"));
    s->stderr_dir = jobspec_get_str(j, "stderr_dir");
    s->history_dir = jobspec_get_str(j, "history_dir");
    json_decref(j);
    if (!s->game) {
        buf_printf(err, "the match is of a game this arena does not know ('%s'): build a newer arena",
                   s->game_id ? s->game_id : "?");
        jobspec_free(s);
        return false;
    }
    if (s->nseats < s->game->min_seats || s->nseats > s->game->max_seats) {
        char seats[32];
        buf_printf(err, "the match has %d seat%s; %s takes %s", s->nseats, s->nseats == 1 ? "" : "s", s->game->id,
                   game_seats_text(s->game, seats, sizeof seats));
        jobspec_free(s);
        return false;
    }
    for (int i = 0; i < s->nseats; i++)
        if (!s->seats[i].seat || !s->seats[i].name) {
            buf_printf(err, "seat %d of the match has no seat string or name", i);
            jobspec_free(s);
            return false;
        }
    return true;
}

bool jobspec_match_config(const jobspec *s, match_config *mc, buf_t *err) {
    memset(mc, 0, sizeof *mc);
    mc->game = s->game;
    mc->seed = s->seed;
    if (!match_parse_options(s->game, s->nkv, (char **)s->kv, &mc->options, err)) return false;
    for (int i = 0; i < s->nseats; i++) {
        /* The entrant's name for the whole game (a bot's "#name:" line never renames it). */
        if (!seatspec_parse(s->game, s->seats[i].seat, &mc->seats[i], err)) {
            for (int k = 0; k < i; k++) seatspec_free(&mc->seats[k]);
            return false;
        }
        free(mc->seats[i].name);
        mc->seats[i].name = jobspec_dup(s->seats[i].name);
        mc->seats[i].named = true;
        mc->nseats = i + 1;
    }
    mc->clock = s->clock;
    mc->quick = s->quick;
    mc->sandbox = s->sandbox;
    return true;
}

bool jobspec_check(const jobspec *s, buf_t *err, bool *runtime_error) {
    *runtime_error = false;
    match_config *mc = calloc(1, sizeof *mc); /* large (its seats, its sinks): not on the stack */
    if (!mc) {
        buf_printf(err, "out of memory for a match's configuration");
        *runtime_error = true;
        return false;
    }
    bool ok = jobspec_match_config(s, mc, err);
    if (ok) {
        match_t *m = match_new_status(mc, err, runtime_error);
        ok = m != NULL;
        match_free(m);
        for (int i = 0; i < mc->nseats; i++) seatspec_free(&mc->seats[i]);
    }
    free(mc);
    return ok;
}

void jobspec_set_seat(jobspec *s, int i, const char *seat) {
    free(s->seats[i].seat);
    s->seats[i].seat = jobspec_dup(seat);
}

void jobspec_free(jobspec *s) {
    free(s->game_id);
    for (int i = 0; i < s->nkv; i++) free(s->kv[i]);
    for (int i = 0; i < s->nseats; i++) {
        free(s->seats[i].name);
        free(s->seats[i].seat);
        free(s->seats[i].bundle);
        free(s->seats[i].path);
        free(s->seats[i].inner);
    }
    for (int i = 0; i < s->sandbox.nread; i++) free((char *)s->sandbox.read[i]);
    for (int i = 0; i < s->sandbox.nwrite; i++) free((char *)s->sandbox.write[i]);
    for (int i = 0; i < s->sandbox.nenv; i++) free((char *)s->sandbox.env[i]);
    free((char *)s->sandbox.cgroup);
    free(s->cwd);
    free(s->replay);
    free(s->stderr_dir);
    free(s->history_dir);
    memset(s, 0, sizeof *s);
}
