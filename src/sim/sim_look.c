/* sim_look.c: looking at one environment without changing it: its text or JSON rendering and the
 * flat action of a recorded (JSON) action. (The move a built-in bot would make: sim_asked.c.) */
#include "sim.h"
#include "../core/jw.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A canvas for games that draw on the whole terminal (Rezzo). */
#define TEXT_ROWS 40
#define TEXT_COLS 120

static int check_env(const arena_env *env, int i) {
    if (!env) return sim_fail("env is NULL");
    if (i < 0 || i >= env->n) return sim_fail("environment %d: expected 0 to %d", i, env->n - 1);
    return 0;
}

static int check_seat(const arena_env *env, int i, int seat) {
    if (check_env(env, i) < 0) return -1;
    if (seat < 0 || seat >= env->seats) return sim_fail("seat %d: expected 0 to %d", seat, env->seats - 1);
    return 0;
}

/* Seat names for the display: the bot's name, or "agent N". */
static void seat_names(const arena_env *env, game_names *names, char text[GAME_MAX_SEATS][32]) {
    memset(names, 0, sizeof *names);
    names->count = env->seats;
    for (int s = 0; s < env->seats; s++) {
        if (env->bot[s]) snprintf(text[s], sizeof text[s], "%s", env->bot[s]->name);
        else snprintf(text[s], sizeof text[s], "agent %d", env->agent_of[s]);
        names->name[s] = text[s];
        names->code[s] = "";
    }
}

/* A display mode the game does not know, or naming a seat the environments do not have (Rezzo's
 * follow=9 with 2 seats), is refused, naming the valid ones: the games' draw functions fall back
 * to their default display on any other text, so a mistyped mode would silently show something else. */
static int check_mode(const game_t *g, int seats, const char *format, const char *mode) {
    if (!g->display.mode_check && (!g->display.modes || !g->display.modes[0]) && *mode)
        return sim_fail("render format '%s': %s has one text display only: \"text\"", format, g->id);
    buf_t why;
    buf_init(&why);
    int rc = 0;
    if (!game_display_mode_check_seats(g, mode, seats, &why))
        rc = sim_fail("render format '%s': %s (as \"text:MODE\")", format, buf_cstr(&why));
    buf_free(&why);
    return rc;
}

static int64_t render_text(const arena_env *env, int i, const char *format, const char *mode, buf_t *out) {
    const game_t *g = env->g;
    if (!g->display.draw) return sim_fail("%s has no text display", g->id);
    if (check_mode(g, env->seats, format, mode) < 0) return -1;
    int rows = g->display.rows ? g->display.rows : TEXT_ROWS, cols = g->display.cols ? g->display.cols : TEXT_COLS;
    canvas_t *c = canvas_new(rows, cols);
    if (!c) return sim_fail("out of memory");
    game_names names;
    char text[GAME_MAX_SEATS][32];
    seat_names(env, &names, text);
    g->display.draw(env->state[i], &names, mode, c);
    char *plain = canvas_plain(c);
    canvas_free(c);
    if (!plain) return sim_fail("out of memory");
    buf_puts(out, plain);
    free(plain);
    return 0;
}

ARENA_API int64_t arena_render(const arena_env *env, int i, const char *format, char *out, size_t cap) {
    if (check_env(env, i) < 0) return -1;
    if (!out && cap) return sim_fail("out is NULL but cap is %zu", cap);
    buf_t b;
    buf_init(&b);
    int64_t rc = 0;
    if (format && strcmp(format, "json") == 0) {
        jw_t w;
        jw_init(&w, &b);
        env->g->records.frame_json(env->state[i], &w);
    } else if (format && strncmp(format, "text", 4) == 0 && (format[4] == 0 || format[4] == ':')) {
        /* "text" alone: the game's `view` option if it has one (Rezzo), as arena play's display */
        const char *view = game_option_get(&env->options, "view");
        rc = render_text(env, i, format, format[4] ? format + 5 : view ? view : "", &b);
    } else {
        rc = sim_fail("render format '%s': expected \"text\", \"text:MODE\" (a display mode) or \"json\"",
                      format ? format : "(null)");
    }
    if (rc == 0) {
        rc = (int64_t)b.len;
        if (cap) {
            size_t n = b.len < cap - 1 ? b.len : cap - 1;
            if (n) memcpy(out, b.data, n);
            out[n] = 0;
        }
    }
    buf_free(&b);
    return rc;
}

/* Refuses json, showing the form the game's replays write (the last flat action, Rising Tide's
 * pass, written as a replay records it): "not an action of chicken" alone left the form to guess, and a JSON text given to
 * Python's action_from_json (which takes the decoded value) looked like a right one. */
static int not_an_action(const arena_env *env, const char *json, const void *view, const void *memory, void *typed) {
    const game_t *g = env->g;
    buf_t b;
    buf_init(&b);
    jw_t w;
    jw_init(&w, &b);
    g->sim->action(view, memory, env->shape.actions - 1, typed);
    g->records.action_json(typed, &w);
    int rc = sim_fail("not an action of %s: %.200s (a replay's \"action\" value, as %.100s is: Python takes it decoded, "
                      "not as JSON text)", g->id, json, buf_cstr(&b));
    buf_free(&b);
    return rc;
}

ARENA_API int arena_action_from_json(const arena_env *env, int i, int seat, const char *json, int32_t *action) {
    if (check_seat(env, i, seat) < 0) return -1;
    const game_t *g = env->g;
    if (!json || !action) return sim_fail("json and action must not be NULL");
    json_error_t jerr;
    json_t *j = json_loads(json, JSON_DECODE_ANY, &jerr);
    if (!j) return sim_fail("not JSON (%s): %.200s", jerr.text, json);
    void *view = calloc(1, g->view_size), *typed = calloc(1, g->action_size);
    int rc = 0;
    if (!view || !typed) rc = sim_fail("out of memory");
    else {
        const void *memory = (const unsigned char *)sim_rec_of(env, i) + env->enc_off[seat];
        g->rules.view(env->state[i], seat, view);
        if (g->records.action_parse(j, typed)) *action = g->sim->index(view, memory, typed);
        else rc = not_an_action(env, json, view, memory, typed);
    }
    json_decref(j);
    free(view), free(typed);
    return rc;
}
