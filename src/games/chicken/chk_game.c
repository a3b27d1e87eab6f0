/* chk_game.c: the Chicken table (game interface): set-up, whose turn, verdicts and what they cost
 * (Chicken P7), result, and the glue to the codec, records, log and display. */
#include "chk.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void chk_action_json(const void *action, jw_t *w);
bool chk_action_parse(json_t *j, void *action);
void chk_turn_json(const void *st, jw_t *w);
void chk_frame_json(const void *st, jw_t *w);
void *chk_log_new(const game_names *names);
void chk_log_event(void *lg, const void *st, const log_event *ev, buf_t *out);
void chk_log_free(void *lg);
void chk_draw(const void *st, const game_names *names, const char *display_mode, canvas_t *c);
void chk_history_turn(void *acc, const void *st);
void chk_history_end(void *acc, const void *st, const game_names *names, const game_seat_notes *notes, buf_t *stem,
                     buf_t *out);

static const game_option chk_options[] = {
    {"colours", "random", "random (the seed decides who is A, the first mover) or fixed (seat 0 is A)", GAME_OPTION_TEXT},
    {"moves", "40", "1..1000: moves per chicken (a game has at most 2*moves plies)", GAME_OPTION_NUMBER},
    {"turds", "5", "0..64: turds per chicken", GAME_OPTION_NUMBER},
    {"spawn", "random", "random or 1..6: the spawn row (A at x=0 on even rows, x=7 on odd rows)", GAME_OPTION_NUMBER},
    {"doors", "random", "random or WX,WY;BX,BY: the white and the black trapdoor, e.g. 3,3;4,3", GAME_OPTION_TEXT},
    {NULL, NULL, NULL, GAME_OPTION_TEXT},
};

static const char *const chk_modes[] = {"spectator", "A", "B", NULL};

static void *chk_create_checked(const game_setup *setup, buf_t *err, bool *runtime_error) {
    chk_state *st = game_state_alloc(sizeof *st, "chicken", err, runtime_error);
    if (!st) return NULL;
    if (!chk_start(st, setup, err)) {
        free(st);
        return NULL;
    }
    return st;
}

static void *chk_create(const game_setup *setup, buf_t *err) { return chk_create_checked(setup, err, NULL); }

static void chk_destroy(void *st) { free(st); }

static int chk_to_act(const void *state, bool *mask) {
    const chk_state *st = state;
    if (st->over) return 0;
    mask[st->seat_of[st->mover]] = true;
    return 1;
}

static int chk_turn(const void *state) { return ((const chk_state *)state)->ply; }

static void describe_check(const chk_state *st, int me, const chk_action *a, chk_check why, buf_t *out) {
    int p = st->pos[me], q = st->pos[1 - me];
    int sq = -1, x = 0, y = 0;
    switch (why) {
    case CHK_EGG_WRONG_PARITY:
    case CHK_OWN_ITEM_HERE: sq = p; break;
    case CHK_TURD_NEXT_TO_OPPONENT: sq = q; break;
    case CHK_ONTO_OPPONENT:
    case CHK_OFF_BOARD:
    case CHK_OPPONENT_EGG:
    case CHK_ONTO_OPPONENT_TURD:
    case CHK_NEXT_TO_OPPONENT_TURD:
        x = CHK_X(p) + CHK_DX[a->dir];
        y = CHK_Y(p) + CHK_DY[a->dir];
        buf_printf(out, "illegal: %s at (%d,%d)", CHK_CHECK_LABEL[why], x, y);
        return;
    default: break;
    }
    if (sq >= 0) buf_printf(out, "illegal: %s at (%d,%d)", CHK_CHECK_LABEL[why], CHK_X(sq), CHK_Y(sq));
    else buf_printf(out, "illegal: %s", CHK_CHECK_LABEL[why]);
}

static int chk_validate(const void *state, int seat, const void *action, buf_t *why) {
    const chk_state *st = state;
    const chk_action *a = action;
    int me = st->colour_of[seat];
    if (me != st->mover) {
        if (why) buf_puts(why, "illegal: not your turn");
        return 1;
    }
    chk_check c = chk_why(st, me, a->dir, a->type);
    if (c == CHK_OK) return 0;
    if (why) describe_check(st, me, a, c, why);
    return 1;
}

/* Section 7: what each verdict costs. */
static bool failed_init(const seat_turn *t) {
    return (t->verdict == VERDICT_DOWN && t->cause == CAUSE_STARTUP) ||
           (t->verdict == VERDICT_CRASH && t->cause == CAUSE_START);
}

static chk_reason reason_of(const seat_turn *t) {
    if (failed_init(t)) return CHK_FAILED_INIT;
    if (t->cause == CAUSE_MEMORY) return CHK_MEMORY_ERROR; /* Chicken D13: the sandbox saw the OOM kill */
    switch (t->verdict) {
    case VERDICT_INVALID: return CHK_INVALID_TURN;
    case VERDICT_LATE: return CHK_TIMEOUT; /* only with a --move-ms the game does not have */
    case VERDICT_DOWN:
        return t->cause == CAUSE_BANK || t->cause == CAUSE_HARD ? CHK_TIMEOUT : CHK_CODE_CRASH; /* flood */
    default: return CHK_CODE_CRASH;
    }
}

static bool is_failure(const seat_turn *t) { return t->verdict != VERDICT_OK; }

static void record_fail(chk_state *st, int colour, const seat_turn *t, const chk_action *a) {
    st->last.fail_seat = st->seat_of[colour];
    st->last.fail_reason = reason_of(t);
    st->last.fail_check = CHK_OK;
    if (t->verdict == VERDICT_INVALID && t->has_action && a) {
        st->last.fail_check = chk_why(st, colour, a->dir, a->type);
        st->last.move = *a;
    }
}

static void chk_apply(void *state, const void *actions, const seat_turn *turns, rng_t *rng) {
    chk_state *st = state;
    const chk_action *acts = actions;
    int me = st->mover, seat = st->seat_of[me], other = st->seat_of[1 - me];
    chk_last *L = &st->last;
    memset(L, 0, sizeof *L);
    L->ply = st->ply + 1;
    L->mover = me;
    L->fail_seat = -1;
    L->think_us = turns[seat].elapsed_us;
    /* FAILED_INIT first: a seat that failed start-up loses before any move; both: a tie. */
    bool init_me = failed_init(&turns[seat]), init_other = failed_init(&turns[other]);
    if (init_me && init_other) {
        chk_both_failed_init(st);
        L->fail_seat = seat;
        L->fail_reason = CHK_FAILED_INIT;
        return;
    }
    if (init_me || init_other) {
        int loser = init_me ? me : 1 - me;
        record_fail(st, loser, &turns[st->seat_of[loser]], NULL);
        chk_lose(st, loser, CHK_FAILED_INIT);
        return;
    }
    /* The mover's failure: it loses whatever the eggs, and its move is not applied (Chicken R16). */
    const seat_turn *t = &turns[seat];
    const chk_action *a = &acts[seat];
    bool legal = a->dir >= 0 && a->dir < 4 && a->type >= 0 && a->type < 3 &&
                 ((chk_legal_mask(st, me) >> (3 * a->dir + a->type)) & 1);
    if (is_failure(t) || !t->has_action || !legal) {
        seat_turn bad = *t;
        if (!is_failure(t)) bad.verdict = VERDICT_INVALID, bad.has_action = t->has_action;
        record_fail(st, me, &bad, t->has_action ? a : NULL);
        chk_lose(st, me, reason_of(&bad));
        return;
    }
    int64_t think = L->think_us;
    chk_play(st, a->dir, a->type, rng);
    L->think_us = think;
    /* Chicken D10: the other seat failed while idle; the move in progress stands, and the other seat loses
     * as its next turn begins (unless the move just ended the game). */
    if (!st->over && is_failure(&turns[other])) {
        record_fail(st, 1 - me, &turns[other], NULL);
        chk_lose(st, 1 - me, reason_of(&turns[other]));
    }
}

static bool chk_is_over(const void *state) { return ((const chk_state *)state)->over; }

/* Scores are match points (8.1): win 1, tie 0.5, loss 0; eggs are in frames and the end line. */
static void chk_result(const void *state, double *scores, int *ranks) {
    const chk_state *st = state;
    for (int c = 0; c < 2; c++) {
        double pts = st->winner == CHK_TIE ? 0.5 : st->winner == c ? 1.0 : 0.0;
        if (st->winner == CHK_PLAYING) pts = 0.5;
        scores[st->seat_of[c]] = pts;
    }
    game_ranks_from_scores(2, scores, ranks);
}

static void chk_view_fn(const void *st, int seat, void *view) { chk_view_of(st, seat, view); }
static void chk_encode_view_fn(const void *view, buf_t *out) { chk_encode_view(view, out); }
static void chk_encode_hello_fn(const void *st, int seat, buf_t *out) { chk_encode_hello(st, seat, out); }

static void chk_encode_end_fn(const void *state, int seat, buf_t *out) {
    (void)seat;
    const chk_state *st = state;
    if (st->over) chk_encode_end(st, out);
}

static decode_result chk_decode_line_fn(const void *st, int seat, const char *line, size_t n, void *action,
                                        buf_t *why) {
    (void)st, (void)seat;
    return chk_decode_line(line, n, action, why);
}

static void chk_encode_action_fn(const void *action, buf_t *out) { chk_encode_action(action, out); }
static int chk_kit_parse_fn(void *kit, const char *d, size_t n, void *view) { return chk_kit_parse(kit, d, n, view); }

static void chk_clocks(void *state, const game_clock *limits, const int64_t *bank_left_ms) {
    chk_state *st = state;
    st->clocks_known = true;
    st->bank_ms = limits->bank_ms;
    st->startup_ms = limits->startup_ms;
    for (int c = 0; c < 2; c++) st->bank_left_ms[c] = limits->bank_ms ? bank_left_ms[st->seat_of[c]] : CHK_NO_BANK;
}

/* Chicken P8.2, for `arena tourney`: colours=fixed, so seat 0 is A (the first mover) and the runner's
 * seat-swapped pairs sharing a seed alternate the colours. */
static void chk_tourney_setup(game_tourney_setup *ts) {
    snprintf(ts->overrides[0], sizeof ts->overrides[0], "colours=fixed");
    ts->noverrides = 1;
}

/* Chicken D13: 1536 MiB per seat (the original's tournament RSS limit); an agent runs in its own folder
 * (Chicken D12), as in the original. */
static void chk_sandbox_defaults(const game_options *options, game_sandbox *d) {
    (void)options;
    d->mem_mb = 1536;
    d->workdir_bot = true;
}

const game_t game_chicken = {
    .id = "chicken",
    .title = "Chicken",
    .summary = "2 chickens lay eggs on an 8x8 board with two hidden trapdoors (CS3600 Fall 2025)",
    .min_seats = 2,
    .max_seats = 2,
    .alternating = true,
    .realtime = false,
    .turn_word = "ply",
    .options = chk_options,
    .bots = chk_bots,
    .view_size = sizeof(chk_view),
    .action_size = sizeof(chk_action),
    .rules.create = chk_create,
    .rules.create_checked = chk_create_checked,
    .rules.destroy = chk_destroy,
    .rules.to_act = chk_to_act,
    .rules.turn = chk_turn,
    .rules.validate = chk_validate,
    .rules.apply = chk_apply,
    .rules.is_over = chk_is_over,
    .rules.result = chk_result,
    .rules.release = NULL,
    .rules.view = chk_view_fn,
    .wire.transport = TRANSPORT_LINES,
    .wire.python_module = "chicken_compat",
    .wire.python_seat = "python:AGENT_DIR",
    .wire.python_seat_is_folder = true,
    .wire.encode_view = chk_encode_view_fn,
    .wire.encode_hello = chk_encode_hello_fn,
    .wire.encode_end = chk_encode_end_fn,
    .wire.decode_line = chk_decode_line_fn,
    .wire.decode_record = NULL,
    .wire.encode_action = chk_encode_action_fn,
    .wire.kit_size = sizeof(chk_kit),
    .wire.message_size = 0,
    .wire.kit_parse = chk_kit_parse_fn,
    .records.action_json = chk_action_json,
    .records.action_parse = chk_action_parse,
    .records.turn_json = chk_turn_json,
    .records.frame_json = chk_frame_json,
    .records.log_new = chk_log_new,
    .records.log_event = chk_log_event,
    .records.log_free = chk_log_free,
    .records.history_size = sizeof(chk_history),
    .records.history_turn = chk_history_turn,
    .records.history_end = chk_history_end,
    .display.rows = 24,
    .display.cols = 80,
    .display.draw = chk_draw,
    .display.modes = chk_modes,
    .limits.clock = {.move_ms = 0, .hard_ms = 0, .bank_ms = 360000, .startup_ms = 10000, .pause_idle = true,
                     .grace_ms = 1000},
    .limits.show_clocks = chk_clocks,
    .limits.sandbox = chk_sandbox_defaults,
    /* Chicken P8.3: a Bradley-Terry/Elo fit with a first-move (A = seat 0) advantage term. */
    .tourney = {.ranking = RANKING_ELO, .setup = chk_tourney_setup},
    .sim = &chk_sim,
};
