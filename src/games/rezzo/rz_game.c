/* rz_game.c: the Rezzo table (game interface) and the glue between the referee and the rules. */
#include "rz.h"
#include <stdlib.h>
#include <string.h>

_Static_assert(sizeof(rz_view) == RZ_MSG_SIZE, "the typed view is the 340-byte wire message");

static const game_option rz_options[] = {
    {"size", "320x320", "WIDTHxHEIGHT of the torus, each 16..4096 (width= and height= also work)", GAME_OPTION_SIZE},
    {"width", "", "world width 16..4096 (overrides size; the original's -w)", GAME_OPTION_WIDTH},
    {"height", "", "world height 16..4096 (overrides size; the original's -h)", GAME_OPTION_HEIGHT},
    {"max_ticks", "10000", "the game ends after this many ticks; 0 = no limit", GAME_OPTION_NUMBER},
    {"tick_ms", "60", "1..600000: collection window per tick (the original's -t); --quick ends it early", GAME_OPTION_NUMBER},
    {"start_ms", "1000", "0..60000: collection window of tick 0, for bots that start slowly", GAME_OPTION_NUMBER},
    {"keyframe_every", "500", "replays: a full frame every N ticks (0 = first and last only), diffs between", GAME_OPTION_NUMBER},
    {"seed", "", "world seed, used mod 2^32 like the original's -r (default: the match seed)", GAME_OPTION_NUMBER},
    {"view", "live", "terminal display: live (whole world) or follow=N (agent N's view); same as --view", GAME_OPTION_TEXT},
    {NULL, NULL, NULL, GAME_OPTION_TEXT},
};

static void *rz_create_checked(const game_setup *setup, buf_t *err, bool *oom) {
    rz_config cfg;
    if (!rz_config_from_options(setup->options, setup->seed, setup->seats, &cfg, err)) return NULL;
    rz_state *st = rz_new(&cfg, err, oom);
    if (st) st->world.track = true; /* replays carry per-tick diffs */
    return st;
}

static void *rz_create(const game_setup *setup, buf_t *err) { return rz_create_checked(setup, err, NULL); }

static void rz_destroy(void *st) { rz_free(st); }

static int rz_to_act(const void *state, bool *mask) {
    const rz_state *st = state;
    int n = 0;
    for (int s = 0; s < st->n; s++) {
        mask[s] = !st->over && st->p[s].alive;
        n += mask[s];
    }
    return n;
}

static int rz_turn(const void *state) { return ((const rz_state *)state)->tick; }

/* Only an unknown action byte is a verdict (INVALID_MESSAGE, T8); a refused move is an ordinary
 * outcome (INVALID_ACTION) that the game reports in the next message's ack. */
static int rz_validate(const void *st, int seat, const void *action, buf_t *why) {
    (void)st, (void)seat;
    const rz_action *a = action;
    if (rz_valid_act(a->act)) return 0;
    if (why) buf_printf(why, "unknown action byte 0x%02x (INVALID_MESSAGE)", a->act);
    return 1;
}

static rz_cause cause_of(verdict_cause c) {
    switch (c) {
    case CAUSE_EXIT: return RZ_CAUSE_EXIT;
    case CAUSE_SIGNAL: return RZ_CAUSE_SIGNAL;
    case CAUSE_CLOSED: return RZ_CAUSE_PIPE;
    case CAUSE_START: return RZ_CAUSE_START;
    default: return RZ_CAUSE_DOWN;
    }
}

static void rz_apply(void *state, const void *actions, const seat_turn *turns, rng_t *rng) {
    (void)rng;
    rz_state *st = state;
    const rz_action *a = actions;
    int acts[RZ_MAX_PLAYERS];
    bool multi[RZ_MAX_PLAYERS];
    rz_cause failed[RZ_MAX_PLAYERS];
    for (int s = 0; s < st->n; s++) {
        const seat_turn *t = &turns[s];
        acts[s] = -1;
        multi[s] = false;
        failed[s] = RZ_CAUSE_NONE;
        if (!st->p[s].alive) continue;
        /* Records read before a failure still count (Rezzo D6); no record is NO_MESSAGE, not a verdict. */
        if (t->has_action) {
            acts[s] = a[s].act;
            multi[s] = t->cause == CAUSE_MULTIPLE;
        }
        if (t->out || t->verdict == VERDICT_CRASH || t->verdict == VERDICT_DOWN) failed[s] = cause_of(t->cause);
    }
    rz_tick(st, acts, multi, failed);
}

static bool rz_is_over(const void *state) { return ((const rz_state *)state)->over; }

static bool rz_failed_fn(const void *state, buf_t *why) { return rz_failed(state, why); }

static void rz_result(const void *state, double *scores, int *ranks) {
    rz_points(state, scores);
    rz_ranks(state, ranks);
}

static bool rz_release(const void *state, int seat) {
    const rz_state *st = state;
    return seat < st->n && !st->p[seat].alive;
}

static void rz_view_fn(const void *st, int seat, void *view) { rz_view_of(st, seat, view); }

static void rz_encode_view(const void *view, buf_t *out) { buf_append(out, view, RZ_MSG_SIZE); }

static void rz_decode_record(const void *st, int seat, const unsigned char *rec, void *action) {
    (void)st, (void)seat;
    rz_action *a = action;
    a->ts = rec[0];
    a->act = rec[1];
}

static void rz_encode_action(const void *action, buf_t *out) {
    const rz_action *a = action;
    buf_putc(out, (char)a->ts);
    buf_putc(out, (char)a->act);
}

/* A message the referee could have sent (Rezzo P1, P7, R4, R5): an ack 0..4, any ts, 169 view letters
 * and 169 damage bytes 0..3. Anything else (a stream of 0xff, another game's text) is refused. */
static int rz_kit_parse(void *kit, const char *data, size_t n, void *view) {
    (void)kit;
    if (n != RZ_MSG_SIZE) return KIT_ERROR;
    const uint8_t *m = (const uint8_t *)data;
    if (m[0] > 4) return KIT_ERROR;
    for (int i = 0; i < RZ_VIEWPORT_SQ; i++) {
        uint8_t type, owner;
        if (!rz_unletter(m[2 + i], &type, &owner) || m[2 + RZ_VIEWPORT_SQ + i] > 3) return KIT_ERROR;
    }
    memcpy(view, data, RZ_MSG_SIZE);
    return KIT_VIEW;
}

static int64_t rz_window_ms(const void *state) {
    const rz_state *st = state;
    return st->tick == 0 ? st->cfg.start_ms : st->cfg.tick_ms; /* Rezzo D9, D10 */
}

static void rz_absent_fn(void *state, int seat) { rz_absent(state, seat); }

static const char *const rz_modes[] = {"live", "follow=1", "follow=2", "follow=1,letters", NULL};

/* Rezzo T6: a bot may use up to tick_ms of CPU every tick, so the CPU limit must not cut a legitimate
 * game short: 2 * max_ticks * tick_ms / 1000 + 10 seconds (1210 s with the defaults), none when
 * max_ticks is 0. */
static void rz_sandbox_defaults(const game_options *options, game_sandbox *d) {
    rz_config cfg;
    buf_t err;
    buf_init(&err);
    if (rz_config_from_options(options, 0, 2, &cfg, &err)) {
        if (cfg.max_ticks == 0) d->cpu_s = -1;
        else d->cpu_s = (2LL * cfg.max_ticks * cfg.tick_ms + 999) / 1000 + 10;
    }
    buf_free(&err);
}

const game_t game_rezzo = {
    .id = "rezzo",
    .title = "Rezzo",
    .summary = "1-10 players pull each other's flags along Wireworld wires on a torus, in real time",
    .min_seats = 1,
    .max_seats = RZ_MAX_PLAYERS,
    .alternating = false,
    .realtime = true,
    .turn_word = "tick",
    .options = rz_options,
    .bots = rz_bots,
    .view_size = sizeof(rz_view),
    .action_size = sizeof(rz_action),
    .rules.create = rz_create,
    .rules.create_checked = rz_create_checked,
    .rules.destroy = rz_destroy,
    .rules.to_act = rz_to_act,
    .rules.turn = rz_turn,
    .rules.validate = rz_validate,
    .rules.apply = rz_apply,
    .rules.is_over = rz_is_over,
    .rules.failed = rz_failed_fn,
    .rules.result = rz_result,
    .rules.release = rz_release,
    .rules.view = rz_view_fn,
    .rules.absent = rz_absent_fn,
    .wire.transport = TRANSPORT_RECORDS,
    .wire.record_size = 2,
    .wire.python_module = NULL,
    .wire.encode_view = rz_encode_view,
    .wire.encode_hello = NULL,
    .wire.encode_end = NULL, /* Rezzo D18: no end message */
    .wire.decode_line = NULL,
    .wire.decode_record = rz_decode_record,
    .wire.encode_action = rz_encode_action,
    .wire.kit_size = 1,
    .wire.message_size = RZ_MSG_SIZE,
    .wire.kit_parse = rz_kit_parse,
    .records.action_json = rz_action_json,
    .records.action_parse = rz_action_parse,
    .records.turn_json = rz_turn_json,
    .records.frame_json = rz_frame_json,
    .records.log_new = rz_log_new,
    .records.log_event = rz_log_event,
    .records.log_free = rz_log_free,
    .display.rows = 0,
    .display.cols = 0,
    .display.draw = rz_draw,
    .display.modes = rz_modes,
    .display.image = rz_image,
    .display.mode_key = rz_mode_key,
    .display.mode_check = rz_mode_check,
    .display.human = &rz_human_bot,
    .display.human_key = rz_human_key,
    /* Rezzo D20: no soft or hard limit, no bank; the tick window is the game's option (tick_ms). The
     * start-up allowance is the start_ms option (Rezzo D10); --startup-ms, when larger, widens tick 0. */
    .limits.clock = {.move_ms = 0, .hard_ms = 0, .bank_ms = 0, .startup_ms = 0, .pause_idle = false, .grace_ms = 200},
    .limits.window_ms = rz_window_ms,
    .limits.sandbox = rz_sandbox_defaults,
    /* Rezzo W5: two-player games feed win/draw/loss into the Elo fit; many-player games every pair. */
    .tourney = {.ranking = RANKING_ELO},
    .sim = &rz_sim,
};
