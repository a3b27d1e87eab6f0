/* game.c: helpers shared by every game (verdict names, ranks, lookups). */
#include "game.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

const char *game_option_get(const game_options *o, const char *key) {
    for (int i = 0; i < o->count; i++)
        if (strcmp(o->key[i], key) == 0) return o->value[i];
    return NULL;
}

const char *verdict_name(verdict_kind v) {
    static const char *names[] = {"ok", "late", "down", "invalid", "crash"};
    return (unsigned)v < VERDICT_COUNT ? names[v] : "?";
}

const char *verdict_cause_name(verdict_cause c) {
    static const char *names[] = {"",        "soft",    "hard",   "bank",   "startup",
                                  "flood",   "malformed", "toolong", "illegal", "multiple",
                                  "exit",    "signal",  "closed", "start",   "memory"};
    return (unsigned)c < CAUSE_COUNT ? names[c] : "?";
}

bool game_takes_tcp_seats(const game_t *g) { return g->wire.transport == TRANSPORT_LINES && !g->wire.encode_hello; }

const char *game_seats_text(const game_t *g, char *out, size_t n) {
    /* with the noun: a one-seat game said "exactly 1 seats" wherever the caller added it */
    if (g->min_seats == g->max_seats) snprintf(out, n, "exactly %d seat%s", g->min_seats, g->min_seats == 1 ? "" : "s");
    else snprintf(out, n, "%d to %d seats", g->min_seats, g->max_seats);
    return out;
}

void *game_create(const game_t *g, const game_setup *setup, buf_t *err, bool *runtime_error) {
    *runtime_error = false;
    if (g->rules.create_checked) return g->rules.create_checked(setup, err, runtime_error);
    return g->rules.create(setup, err);
}

void *game_state_alloc(size_t size, const char *game, buf_t *err, bool *runtime_error) {
    /* calloc, not the aborting xcalloc: a game never ends the process */
    void *st = calloc(1, size);
    if (!st) {
        buf_printf(err, "out of memory for a %s state (%zu bytes)", game, size);
        if (runtime_error) *runtime_error = true;
    }
    return st;
}

void game_ranks_from_scores(int n, const double *scores, int *ranks) {
    for (int i = 0; i < n; i++) {
        int better = 0;
        for (int j = 0; j < n; j++)
            if (scores[j] > scores[i]) better++;
        ranks[i] = better + 1;
    }
}

bool game_display_mode_check(const game_t *g, const char *mode, buf_t *err) {
    return game_display_mode_check_seats(g, mode, 0, err);
}

bool game_display_mode_check_seats(const game_t *g, const char *mode, int seats, buf_t *err) {
    if (!mode || !*mode) return true;
    if (g->display.mode_check) {
        buf_t why;
        buf_init(&why);
        bool ok = g->display.mode_check(mode, seats, &why);
        if (!ok) buf_printf(err, "view '%s': %s", mode, buf_cstr(&why));
        buf_free(&why);
        return ok;
    }
    /* the games' draw functions read the modes without regard to case (Chicken's a, b) */
    for (int i = 0; g->display.modes && g->display.modes[i]; i++)
        if (strcasecmp(mode, g->display.modes[i]) == 0) return true;
    if (!g->display.modes || !g->display.modes[0]) {
        buf_printf(err, "view '%s': %s has one display only (no --view)", mode, g->id);
        return false;
    }
    buf_printf(err, "view '%s': %s's display modes are", mode, g->id);
    for (int i = 0; g->display.modes[i]; i++) buf_printf(err, "%s %s", i ? "," : "", g->display.modes[i]);
    return false;
}

const game_bot *game_find_bot(const game_t *g, const char *name) {
    for (const game_bot *b = g->bots; b && b->name; b++)
        if (strcmp(b->name, name) == 0) return b;
    return NULL;
}

void game_bot_names(const game_t *g, const char *sep, buf_t *out) {
    for (const game_bot *b = g->bots; b && b->name; b++) buf_printf(out, "%s%s", b == g->bots ? "" : sep, b->name);
}

bool game_bot_act(const game_bot *b, void *memory, const void *view, void *action, rng_t *rng,
                  const bot_clock *clock) {
    if (b->act_timed) return b->act_timed(memory, view, action, rng, clock);
    return b->act(memory, view, action, rng);
}
