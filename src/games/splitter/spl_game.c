/* spl_game.c: the Splitter table (game interface) and the glue between rules and codec. */
#include "spl.h"
#include "../../core/text.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void spl_action_json(const void *action, jw_t *w);
bool spl_action_parse(json_t *j, void *action);
void spl_turn_json(const void *st, jw_t *w);
void spl_frame_json(const void *st, jw_t *w);
void *spl_log_new(const game_names *names);
void spl_log_event(void *lg, const void *st, const log_event *ev, buf_t *out);
void spl_log_free(void *lg);
void spl_draw(const void *st, const game_names *names, const char *display_mode, canvas_t *c);

static const game_option spl_options[] = {
    {"layout", "1", "1, 2 or both (both: layout 1 when the game index is even, 2 when odd)", GAME_OPTION_TEXT},
    {"game", "0", "the game index g of a run: the dice are those of (seed, g) (Splitter R7)", GAME_OPTION_NUMBER},
    {"seed_string", "", "the Tester's --seed string for the dice (default: the match seed in decimal)", GAME_OPTION_TEXT},
    {"dice_seed", "", "CustomHash of the seed string as a signed 32-bit integer (overrides seed_string)", GAME_OPTION_NUMBER},
    {NULL, NULL, NULL, GAME_OPTION_TEXT},
};

static void *spl_create_checked(const game_setup *setup, buf_t *err, bool *runtime_error) {
    spl_state *st = game_state_alloc(sizeof *st, "splitter", err, runtime_error);
    if (!st) return NULL;
    if (!spl_begin(st, setup, err)) {
        free(st);
        return NULL;
    }
    return st;
}

static void *spl_create(const game_setup *setup, buf_t *err) { return spl_create_checked(setup, err, NULL); }

static void spl_destroy(void *st) { free(st); }

static int spl_to_act(const void *state, bool *mask) {
    mask[0] = !((const spl_state *)state)->over;
    return mask[0];
}

static int spl_turn(const void *state) { return ((const spl_state *)state)->round; }

static int spl_validate(const void *state, int seat, const void *action, buf_t *why) {
    (void)seat;
    return spl_check(state, action, why);
}

/* Splitter D2-D5: any failure ends the game with 0; a legal placement is written and the dice rolled. */
static void spl_apply(void *state, const void *actions, const seat_turn *turns, rng_t *rng) {
    (void)rng; /* the dice come from the game's own .NET generator (Splitter R7) */
    spl_state *st = state;
    const spl_action *a = actions;
    const seat_turn *t = &turns[0];
    if (st->over) return;
    if (t->verdict == VERDICT_OK && t->has_action) {
        int rule = spl_check(st, a, NULL);
        if (rule == 0) spl_place(st, a);
        else spl_fail(st, VERDICT_INVALID, CAUSE_ILLEGAL, 0, rule, a);
        return;
    }
    int rule = t->verdict == VERDICT_INVALID && t->cause == CAUSE_ILLEGAL && t->has_action ? spl_check(st, a, NULL) : 0;
    verdict_kind v = t->verdict == VERDICT_OK ? VERDICT_INVALID : t->verdict;
    spl_fail(st, v, t->cause, t->status, rule, a);
}

static bool spl_is_over(const void *state) { return ((const spl_state *)state)->over; }

static void spl_result(const void *state, double *scores, int *ranks) {
    scores[0] = spl_total(state);
    ranks[0] = 1;
}

static void spl_view_fn(const void *st, int seat, void *view) {
    (void)seat;
    spl_view_of(st, view);
}

static void spl_encode_view_fn(const void *view, buf_t *out) { spl_encode_view(view, out); }

static decode_result spl_decode_line_fn(const void *st, int seat, const char *line, size_t n, void *action,
                                        buf_t *why) {
    (void)st, (void)seat;
    switch (spl_parse_line(line, n, action, NULL, why)) {
    case SPL_LINE_PLACE: return DECODE_ACTION;
    case SPL_LINE_SKIP: return DECODE_SKIP; /* the question stays open, the clock runs (Splitter P5.3) */
    default: return DECODE_MALFORMED;
    }
}

static void spl_encode_action_fn(const void *action, buf_t *out) { spl_encode_action(action, out); }
static int spl_kit_parse_fn(void *kit, const char *d, size_t n, void *view) { return spl_kit_parse(kit, d, n, view); }

/* Splitter S8, for `arena tourney`: game g of a run uses the dice of (S, g) (R7): the run seed S as the
 * seed string and g as the game index; every entrant meets the same g, so the runner pairs them.
 * The match seed (the built-in bots' streams) stays one per game. A tournament's layout defaults
 * to both (spl_tourney_defaults). */
static void spl_tourney_setup(game_tourney_setup *ts) {
    int n = 0;
    snprintf(ts->overrides[n++], sizeof ts->overrides[0], "seed_string=%llu", (unsigned long long)ts->run_seed);
    snprintf(ts->overrides[n++], sizeof ts->overrides[0], "game=%llu", (unsigned long long)ts->index);
    ts->noverrides = n;
}

/* The sheet with symbols (the default) or in ASCII only (Splitter S9); `v` switches. */
static const char *const spl_modes[] = {"symbols", "ascii", NULL};
static const char *const spl_tourney_defaults[] = {"layout=both", NULL};

/* Splitter S8's means per layout: game g's layout, as spl_create picks it. */
static int spl_tourney_group(const game_options *o, uint64_t index) {
    const char *ls = game_option_get(o, "layout");
    if (ls && strcmp(ls, "both") == 0) return index % 2 == 0 ? 1 : 2;
    return ls && strcmp(ls, "2") == 0 ? 2 : 1;
}

const game_t game_splitter = {
    .id = "splitter",
    .title = "Splitter",
    .summary = "1 player writes two dice per round into mirrored cells; groups of v equal dice score v",
    .min_seats = 1,
    .max_seats = 1,
    .alternating = true,
    .realtime = false,
    .turn_word = "round",
    .options = spl_options,
    .bots = spl_bots,
    .view_size = sizeof(spl_view),
    .action_size = sizeof(spl_action),
    .rules.create = spl_create,
    .rules.create_checked = spl_create_checked,
    .rules.destroy = spl_destroy,
    .rules.to_act = spl_to_act,
    .rules.turn = spl_turn,
    .rules.validate = spl_validate,
    .rules.apply = spl_apply,
    .rules.is_over = spl_is_over,
    .rules.result = spl_result,
    .rules.release = NULL,
    .rules.view = spl_view_fn,
    .wire.transport = TRANSPORT_LINES,
    .wire.python_module = NULL,
    .wire.encode_view = spl_encode_view_fn,
    .wire.encode_hello = NULL,
    .wire.encode_end = NULL, /* Splitter P5.1: no end message; stdin is closed and the process group ended */
    .wire.decode_line = spl_decode_line_fn,
    .wire.decode_record = NULL,
    .wire.encode_action = spl_encode_action_fn,
    .wire.kit_size = sizeof(spl_kit),
    .wire.message_size = 0,
    .wire.kit_parse = spl_kit_parse_fn,
    .wire.lines_wait_for_question = true,
    .wire.cr_ends_line = true,
    .records.action_json = spl_action_json,
    .records.action_parse = spl_action_parse,
    .records.turn_json = spl_turn_json,
    .records.frame_json = spl_frame_json,
    .records.log_new = spl_log_new,
    .records.log_event = spl_log_event,
    .records.log_free = spl_log_free,
    .display.rows = 24,
    .display.cols = 80,
    .display.draw = spl_draw,
    .display.modes = spl_modes,
    /* Splitter D4: 1000 ms per move; the first move also gets the start-up allowance. */
    .limits.clock = {.move_ms = 0, .hard_ms = 1000, .bank_ms = 0, .startup_ms = 10000, .pause_idle = false,
                     .grace_ms = 500},
    /* Splitter S8: mean score on shared seeds (one-seat games are paired by the runner). */
    /* Splitter S8: 200 games had to finish in 15 minutes, 4.5 s of think time per game */
    .tourney = {.ranking = RANKING_MEAN_SCORE, .setup = spl_tourney_setup, .option_defaults = spl_tourney_defaults,
                .group_name = "layout", .group = spl_tourney_group, .budget_ms = 4500},
    .sim = &spl_sim,
};
