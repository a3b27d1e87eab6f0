/* sb_game.c: the SuiteBot II table (game interface) and the glue between rules, codec and records. */
#include "sb.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void sb_action_json(const void *action, jw_t *w);
bool sb_action_parse(json_t *j, void *action);
void sb_turn_json(const void *st, jw_t *w);
void sb_frame_json(const void *st, jw_t *w);
void *sb_log_new(const game_names *names);
void sb_log_event(void *lg, const void *st, const log_event *ev, buf_t *out);
void sb_log_free(void *lg);
void sb_draw(const void *st, const game_names *names, const char *display_mode, canvas_t *c);

static const game_option sb_options[] = {
    {"blast", "square", "square or cross: the blast's shape (wrapping, never blocked)", GAME_OPTION_TEXT},
    {"radius", "1", "0..7: blast radius (0 = only the bomb's own field)", GAME_OPTION_NUMBER},
    {"rounds", "100", "1..10000: rounds per game", GAME_OPTION_NUMBER},
    {"countdown", "4", "1..9: a bomb planted in round r explodes in round r+C; bots see C-1 down to 0", GAME_OPTION_NUMBER},
    {"kill", "10", "0..1000: points per credited kill", GAME_OPTION_NUMBER},
    {"size", "", "WxH, each side 3..64 (default: the layout for the seat count; its bases are scaled)", GAME_OPTION_SIZE},
    {"bases", "", "x,y;x,y;...: the bases in id order, one per seat", GAME_OPTION_TEXT},
    {"map", "", "FILE: plan, bases and resources as a grid of ' ', '.' and A-H (docs/games/suitebot.md); not with size or bases", GAME_OPTION_TEXT},
    {"extras", "0", "1: append \"arena\" (the rule options) as the last key of the state line", GAME_OPTION_NUMBER},
    {NULL, NULL, NULL, GAME_OPTION_TEXT},
};

/* The map, or with the blast preview shaded; `v` switches. */
static const char *const sb_modes[] = {"plain", "blast", NULL};
static const char *const sb_file_options[] = {"map", NULL};

static void *sb_create_checked(const game_setup *setup, buf_t *err, bool *runtime_error) {
    sb_state *st = game_state_alloc(sizeof *st, "suitebot", err, runtime_error);
    if (!st) return NULL;
    if (!sb_begin(st, setup, err)) {
        free(st);
        return NULL;
    }
    return st;
}

static void *sb_create(const game_setup *setup, buf_t *err) { return sb_create_checked(setup, err, NULL); }

static void sb_destroy(void *st) { free(st); }

static int sb_to_act(const void *state, bool *mask) {
    const sb_state *st = state;
    for (int p = 0; p < st->plan.n; p++) mask[p] = true; /* the referee skips seats that are down */
    return st->plan.n;
}

static int sb_turn(const void *state) { return ((const sb_state *)state)->round; }

/* Every seat that gave no usable answer in time HOLDs (SuiteBot P7); verdicts are counted for the
 * scoreboard. */
static void sb_apply(void *state, const void *actions, const seat_turn *turns, rng_t *rng) {
    (void)rng;
    sb_state *st = state;
    const sb_action *acts = actions;
    int moves[SB_MAX_PLAYERS];
    for (int p = 0; p < st->plan.n; p++) {
        const seat_turn *t = &turns[p];
        moves[p] = t->verdict == VERDICT_OK && t->has_action ? acts[p].move : SB_HOLD;
        if (t->asked && t->verdict == VERDICT_LATE) st->lates[p]++;
        if (t->asked && t->verdict == VERDICT_INVALID) st->invalids[p]++;
        if ((t->out || t->verdict == VERDICT_DOWN || t->verdict == VERDICT_CRASH) && !st->down_round[p])
            st->down_round[p] = st->round;
    }
    sb_play_round(st, moves);
}

static bool sb_is_over(const void *state) {
    const sb_state *st = state;
    return st->round > st->rules.rounds;
}

static void sb_result(const void *state, double *scores, int *ranks) {
    const sb_state *st = state;
    for (int p = 0; p < st->plan.n; p++) scores[p] = st->score[p];
    game_ranks_from_scores(st->plan.n, scores, ranks);
}

/* SuiteBot D21: 512 MiB per seat, enough for a JVM kit; the rest are the sandbox's defaults. */
static void sb_sandbox_defaults(const game_options *options, game_sandbox *d) {
    (void)options;
    d->mem_mb = 512;
}

static void sb_set_names(void *state, const game_names *names) {
    sb_state *st = state;
    for (int p = 0; p < st->plan.n && p < names->count; p++)
        if (names->name[p]) snprintf(st->names[p], SB_NAME_MAX, "%s", names->name[p]);
}

static void sb_view_fn(const void *st, int seat, void *view) { sb_view_of(st, seat, view); }
static void sb_encode_view_fn(const void *view, buf_t *out) { sb_encode_view(view, out); }

static void sb_encode_end(const void *st, int seat, buf_t *out) {
    (void)st, (void)seat;
    buf_puts(out, "EXIT\n");
}

static decode_result sb_decode_line_fn(const void *st, int seat, const char *line, size_t n, void *action,
                                       buf_t *why) {
    (void)st, (void)seat;
    return sb_decode_reply(line, n, action, why);
}

static void sb_encode_action_fn(const void *action, buf_t *out) {
    int m = ((const sb_action *)action)->move;
    buf_putc(out, m >= 0 && m < SB_MOVES ? SB_LETTERS[m] : 'H');
}

static int sb_kit_parse_fn(void *kit, const char *d, size_t n, void *view) { return sb_kit_parse(kit, d, n, view); }

const game_t game_suitebot = {
    .id = "suitebot",
    .title = "SuiteBot II",
    .summary = "2-8 players mine a torus with bombs; simultaneous moves, JSON state line, stdio or tcp bots",
    .min_seats = 2,
    .max_seats = SB_MAX_PLAYERS,
    .alternating = false,
    .realtime = false,
    .turn_word = "round",
    .options = sb_options,
    .file_options = sb_file_options,
    .bots = sb_bots,
    .view_size = sizeof(sb_view),
    .action_size = sizeof(sb_action),
    .rules.create = sb_create,
    .rules.create_checked = sb_create_checked,
    .rules.destroy = sb_destroy,
    .rules.to_act = sb_to_act,
    .rules.turn = sb_turn,
    .rules.validate = NULL,
    .rules.apply = sb_apply,
    .rules.is_over = sb_is_over,
    .rules.result = sb_result,
    .rules.release = NULL,
    .rules.view = sb_view_fn,
    .rules.set_names = sb_set_names,
    .wire.transport = TRANSPORT_LINES,
    .wire.python_module = NULL,
    .wire.encode_view = sb_encode_view_fn,
    .wire.encode_hello = NULL,
    .wire.encode_end = sb_encode_end,
    .wire.decode_line = sb_decode_line_fn,
    .wire.decode_record = NULL,
    .wire.encode_action = sb_encode_action_fn,
    .wire.kit_size = sizeof(sb_kit),
    .wire.message_size = 0,
    .wire.kit_parse = sb_kit_parse_fn,
    .records.action_json = sb_action_json,
    .records.action_parse = sb_action_parse,
    .records.turn_json = sb_turn_json,
    .records.frame_json = sb_frame_json,
    .records.log_new = sb_log_new,
    .records.log_event = sb_log_event,
    .records.log_free = sb_log_free,
    .display.rows = SB_DRAW_ROWS,
    .display.cols = SB_DRAW_COLS,
    .display.draw = sb_draw,
    .display.modes = sb_modes,
    .limits.clock = {.move_ms = 200, .hard_ms = 1000, .bank_ms = 0, .startup_ms = 10000, .pause_idle = false,
                     .grace_ms = 1000},
    .limits.sandbox = sb_sandbox_defaults,
    /* Section 8: ranked by mean place points per game (25/20/16/..., ties averaged, D16). */
    .tourney.ranking = RANKING_PLACE_POINTS,
    .sim = &sb_sim,
};
