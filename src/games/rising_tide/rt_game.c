/* rt_game.c: the Rising Tide table (game interface) and the glue between rules and codec. */
#include "rt.h"
#include "../../core/text.h"
#include <stdlib.h>
#include <string.h>

void rt_action_json(const void *action, jw_t *w);
bool rt_action_parse(json_t *j, void *action);
void rt_turn_json(const void *st, jw_t *w);
void rt_frame_json(const void *st, jw_t *w);
void *rt_log_new(const game_names *names);
void rt_log_event(void *lg, const void *st, const log_event *ev, buf_t *out);
void rt_log_free(void *lg);
void rt_draw(const void *st, const game_names *names, const char *display_mode, canvas_t *c);

static const game_option rt_options[] = {
    {"rules", "written", "written (moves join 8-neighbours) or original (the engine's: no adjacency check)", GAME_OPTION_TEXT},
    {"rounds", "800", "1..800: the last round is rounds-1; survivors score rounds", GAME_OPTION_NUMBER},
    {NULL, NULL, NULL, GAME_OPTION_TEXT},
};

static void *rt_create_checked(const game_setup *setup, buf_t *err, bool *runtime_error) {
    rt_state *st = game_state_alloc(sizeof *st, "rising tide", err, runtime_error);
    if (!st) return NULL;
    if (!rt_begin(st, setup, err)) {
        free(st);
        return NULL;
    }
    return st;
}

static void *rt_create(const game_setup *setup, buf_t *err) { return rt_create_checked(setup, err, NULL); }

static void rt_destroy(void *st) { free(st); }

static int rt_to_act(const void *state, bool *mask) {
    const rt_state *st = state;
    int n = 0;
    for (int s = 0; s < RT_SEATS; s++) {
        mask[s] = rt_alive(st, s);
        n += mask[s];
    }
    return n;
}

static int rt_turn(const void *state) { return ((const rt_state *)state)->round; }

static int rt_validate(const void *state, int seat, const void *action, buf_t *why) {
    const rt_state *st = state;
    const rt_action *a = action;
    if (a->kind != RT_MOVE) return 0;
    /* Off-board view coordinates are off-board on the board too; test before rotating so that
     * extreme values never overflow. */
    if (a->i1 < 0 || a->j1 < 0 || a->i2 < 0 || a->j2 < 0 || a->i1 >= RT_N || a->j1 >= RT_N ||
        a->i2 >= RT_N || a->j2 >= RT_N) {
        if (why) buf_puts(why, "off the board");
        return 1;
    }
    int si, sj, di, dj;
    rt_view_to_board(seat, a->i1, a->j1, &si, &sj);
    rt_view_to_board(seat, a->i2, a->j2, &di, &dj);
    if (!rt_legal(st->board, st->cfg.original, si, sj, di, dj)) {
        if (why) buf_puts(why, "illegal move");
        return 1;
    }
    return 0;
}

static void rt_apply(void *state, const void *actions, const seat_turn *turns, rng_t *rng) {
    rt_state *st = state;
    const rt_action *acts = actions;
    int moves[RT_SEATS][4];
    bool has[RT_SEATS] = {false};
    int order[RT_SEATS], n = 0;
    for (int s = 0; s < RT_SEATS; s++) {
        if (!rt_alive(st, s)) continue;
        order[n++] = s;
        const rt_action *a = &acts[s];
        if (turns[s].verdict != VERDICT_OK || !turns[s].has_action || a->kind != RT_MOVE) continue;
        rt_view_to_board(s, a->i1, a->j1, &moves[s][0], &moves[s][1]);
        rt_view_to_board(s, a->i2, a->j2, &moves[s][2], &moves[s][3]);
        has[s] = true;
    }
    /* Rising Tide R8: Fisher-Yates over the alive seats, n-1 draws whatever the bots answered. */
    for (int i = n - 1; i >= 1; i--) {
        int j = (int)rng_below(rng, (uint32_t)i + 1);
        int t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    rt_play_round(st, (const int(*)[4])moves, has, order, n);
}

static bool rt_is_over(const void *state) { return ((const rt_state *)state)->over; }

static void rt_result(const void *state, double *scores, int *ranks) {
    const rt_state *st = state;
    for (int s = 0; s < RT_SEATS; s++) scores[s] = st->score[s] < 0 ? st->cfg.rounds : st->score[s];
    game_ranks_from_scores(RT_SEATS, scores, ranks);
}

static void rt_view_fn(const void *st, int seat, void *view) { rt_view_of(st, seat, view); }
static void rt_encode_view_fn(const void *view, buf_t *out) { rt_encode_view(view, out); }

static void rt_encode_end(const void *state, int seat, buf_t *out) {
    (void)seat;
    const rt_state *st = state;
    buf_printf(out, "end %d %d %d %d\n", st->score[0], st->score[1], st->score[2], st->score[3]);
}

static decode_result rt_decode_line_fn(const void *st, int seat, const char *line, size_t n, void *action,
                                       buf_t *why) {
    (void)st, (void)seat;
    return rt_decode_line(line, n, action, why);
}

static void rt_encode_action_fn(const void *action, buf_t *out) { rt_encode_action(action, out); }
/* Survivors score `rounds` (Rising Tide R9): the tournament's survival rate counts games at this score. */
static double rt_full_score(const game_options *o) {
    const char *rounds = game_option_get(o, "rounds");
    long long n = RT_MAX_ROUNDS;
    if (rounds) text_parse_ll(rounds, 1, RT_MAX_ROUNDS, &n);
    return (double)n;
}

static int rt_kit_parse_fn(void *kit, const char *d, size_t n, void *view) { return rt_kit_parse(kit, d, n, view); }

const game_t game_rising_tide = {
    .id = "rising_tide",
    .title = "Rising Tide",
    .summary = "4 players push land into sea walls on an 18x18 island while the water rises",
    .min_seats = RT_SEATS,
    .max_seats = RT_SEATS,
    .alternating = false,
    .realtime = false,
    .turn_word = "round",
    .options = rt_options,
    .bots = rt_bots,
    .view_size = sizeof(rt_view),
    .action_size = sizeof(rt_action),
    .rules.create = rt_create,
    .rules.create_checked = rt_create_checked,
    .rules.destroy = rt_destroy,
    .rules.to_act = rt_to_act,
    .rules.turn = rt_turn,
    .rules.validate = rt_validate,
    .rules.apply = rt_apply,
    .rules.is_over = rt_is_over,
    .rules.result = rt_result,
    .rules.release = NULL,
    .rules.view = rt_view_fn,
    .wire.transport = TRANSPORT_LINES,
    .wire.python_module = "rising_tide_compat",
    .wire.python_seat = "python:FILE.py[:NAME]",
    .wire.encode_view = rt_encode_view_fn,
    .wire.encode_hello = NULL,
    .wire.encode_end = rt_encode_end,
    .wire.decode_line = rt_decode_line_fn,
    .wire.decode_record = NULL,
    .wire.encode_action = rt_encode_action_fn,
    .wire.kit_size = sizeof(rt_kit),
    .wire.message_size = 0,
    .wire.kit_parse = rt_kit_parse_fn,
    .records.action_json = rt_action_json,
    .records.action_parse = rt_action_parse,
    .records.turn_json = rt_turn_json,
    .records.frame_json = rt_frame_json,
    .records.log_new = rt_log_new,
    .records.log_event = rt_log_event,
    .records.log_free = rt_log_free,
    .display.rows = 24,
    .display.cols = 80,
    .display.draw = rt_draw,
    .limits.clock = {.move_ms = 100, .hard_ms = 5000, .bank_ms = 0, .startup_ms = 10000, .pause_idle = false,
                     .grace_ms = 500},
    /* Rising Tide P8: ranked by average score with a t-interval, plus the survival rate. */
    .tourney = {.ranking = RANKING_MEAN_SCORE, .full_score = rt_full_score},
    .sim = &rt_sim,
};
