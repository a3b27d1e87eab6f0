/* match.c: the referee loop. Asks the seats that must act, collects replies until each seat's
 * deadline (poll, never a busy wait), turns what happened into verdicts, lets the game apply the
 * turn and hands every event to the sinks. Knows no particular game. */
#include "match.h"
#include "../core/clock.h"
#include "../core/log.h"
#include "../core/text.h"
#include "referee.h"
#include "../core/xalloc.h"
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

volatile sig_atomic_t match_interrupted = 0;

/* ---------- options and clocks ---------- */

bool match_parse_options(const game_t *g, int n, char **kv, game_options *o, buf_t *err) {
    memset(o, 0, sizeof *o);
    for (const game_option *opt = g->options; opt && opt->key; opt++) {
        if (o->count >= 32) break;
        o->key[o->count] = opt->key;
        o->value[o->count] = opt->def;
        o->count++;
    }
    for (int i = 0; i < n; i++) {
        const char *eq = strchr(kv[i], '=');
        if (!eq || eq == kv[i]) {
            buf_printf(err, "--option %s: expected KEY=VALUE", kv[i]);
            return false;
        }
        size_t klen = (size_t)(eq - kv[i]);
        int found = -1;
        for (int k = 0; k < o->count; k++)
            if (strlen(o->key[k]) == klen && memcmp(o->key[k], kv[i], klen) == 0) found = k;
        if (found < 0) {
            buf_printf(err, "%s has no option '%.*s'; its options are:", g->id, (int)klen, kv[i]);
            for (int k = 0; k < o->count; k++) buf_printf(err, " %s", o->key[k]);
            if (!o->count) buf_puts(err, " (none)");
            return false;
        }
        o->value[found] = eq + 1;
    }
    return true;
}

match_clock match_default_clock(const game_t *g) {
    match_clock c = {g->limits.clock.move_ms, g->limits.clock.hard_ms, g->limits.clock.bank_ms,
                     g->limits.clock.startup_ms, g->limits.clock.grace_ms ? g->limits.clock.grace_ms : 500, g->limits.clock.pause_idle, false};
    return c;
}

/* ---------- the game's view of the clocks (game.h `limits.show_clocks`) ---------- */

static void tell_clocks(match_t *m) {
    const game_t *g = m->game;
    if (!g->limits.show_clocks) return;
    const match_clock *c = &m->cfg->clock;
    game_clock limits = {c->move_ms, c->hard_ms, c->bank_ms, c->startup_ms, c->pause_idle, c->grace_ms};
    int64_t left[GAME_MAX_SEATS];
    for (int s = 0; s < m->cfg->nseats; s++) {
        int64_t us = m->in->seats[s].bank_left_us;
        left[s] = c->bank_ms ? (us > 0 ? us / 1000 : 0) : -1;
    }
    g->limits.show_clocks(m->state, &limits, left);
}

/* ---------- events ---------- */

/* A received line as the records keep it (TO holds MATCH_TEXT_MAX + 1): a trailing CR dropped, cut
 * at MATCH_TEXT_MAX, and a NUL byte kept as '?': the copy is a C string, so a NUL ended it there
 * ("UP\0 PLAIN" was noted "UP", in the replay and under the table, beside "not printable ASCII"),
 * and the replay's JSON could not hold it anyway (a \u0000 is refused by the reader). */
static void copy_text(char *to, const char *line, size_t n) {
    if (n && line[n - 1] == '\r') n--;
    if (n > MATCH_TEXT_MAX) n = MATCH_TEXT_MAX;
    for (size_t i = 0; i < n; i++) to[i] = line[i] ? line[i] : '?';
    to[n] = 0;
}

static void match_emit(match_t *m, const log_event *ev) {
    if (ev->kind == LOGEV_INVALID && ev->seat >= 0 && ev->seat < GAME_MAX_SEATS && !m->first_invalid[ev->seat].seen) {
        match_invalid *f = &m->first_invalid[ev->seat];
        copy_text(f->text, ev->text, ev->text ? ev->len : 0);
        snprintf(f->why, sizeof f->why, "%s", ev->detail ? ev->detail : "");
        f->cause = ev->cause;
        f->seen = true;
    }
    for (int i = 0; i < m->cfg->nsinks; i++)
        if (m->cfg->sinks[i].on_log) m->cfg->sinks[i].on_log(m->cfg->sinks[i].ctx, m, ev);
}

static void emit_simple(match_t *m, log_event_kind kind, int seat, int turn) {
    log_event ev = {.kind = kind, .seat = seat, .turn = turn, .now = m->turn};
    match_emit(m, &ev);
}

static void keep_text(match_t *m, int s, const char *line, size_t n) { copy_text(m->texts[s], line, n); }

/* ---------- seats going out of play ---------- */

/* The seat's replies name their turn (transport.h: ticked). */
static bool ticked(const seat_rt *r) { return r->transport && r->transport->ticked; }

static void mark_out(match_t *m, int s, verdict_kind v, verdict_cause cause, int status) {
    seat_rt *r = &m->in->seats[s];
    if (r->out) return;
    r->out = true;
    r->out_verdict = v;
    r->out_cause = cause;
    r->out_status = status;
    m->verdicts[s][v]++;
    seat_turn *t = &m->turns[s];
    r->out_told = r->asked && !r->resolved;
    if (r->asked && !r->resolved) {
        t->verdict = v;
        t->cause = cause;
        t->status = status;
        t->has_action = false;
        r->resolved = true;
    } else if (r->asked && ticked(r)) {
        /* Records read before the failure still count (Rezzo D6): keep the action, say why. */
        t->verdict = v;
        t->cause = cause;
        t->status = status;
    }
    t->out = true;
    seat_finish(m, s);
}

static void seat_down(match_t *m, int s, verdict_cause cause, int question_turn, int64_t limit_ms) {
    if (m->in->seats[s].out) return;
    mark_out(m, s, VERDICT_DOWN, cause, 0);
    log_event ev = {.kind = LOGEV_DOWN, .seat = s, .turn = question_turn, .now = m->turn, .cause = cause,
                    .elapsed_us = limit_ms * 1000};
    match_emit(m, &ev);
}

static void seat_crash(match_t *m, int s, verdict_cause cause, int status) {
    if (m->in->seats[s].out) return;
    mark_out(m, s, VERDICT_CRASH, cause, status);
    log_event ev = {.kind = LOGEV_CRASH, .seat = s, .turn = m->turn, .now = m->turn, .cause = cause,
                    .status = status};
    match_emit(m, &ev);
}

static transport_status read_now(match_t *m, int s);

/* Takes what the seat wrote before it stopped, without waiting: its answers, and the '#' line
 * that says why it failed. */
static void read_what_is_left(match_t *m, int s) {
    seat_rt *r = &m->in->seats[s];
    while (!r->gone && r->proc.out_fd >= 0 && read_now(m, s) == TRANSPORT_READ) {
        struct pollfd one = {r->proc.out_fd, POLLIN, 0};
        if (poll(&one, 1, 0) <= 0) break;
    }
}

/* The process stopped talking (EOF, exit, broken pipe): find out why. Waits at most 100 ms for
 * the exit status, returning as soon as the process is gone. What it wrote first is read before:
 * a bot that printed its traceback and exited before its question was written was found out by
 * the broken pipe, and its last '#' line was never read (seen on a loaded machine). */
static void seat_lost(match_t *m, int s) {
    seat_rt *r = &m->in->seats[s];
    if (r->out || r->pending_crash) return;
    read_what_is_left(m, s);
    if (r->out || r->gone) return;
    verdict_cause cause = CAUSE_CLOSED;
    int status = 0;
    if (proc_wait_exit(&r->proc, 100)) {
        cause = proc_status_is_signal(r->proc.wait_status, &status) ? CAUSE_SIGNAL : CAUSE_EXIT;
        /* killed, and the seat's cgroup says its OOM killer did it: the memory limit */
        if (cause == CAUSE_SIGNAL && status == SIGKILL && sandbox_seat_oom_killed(r->sbx)) cause = CAUSE_MEMORY;
    } else if (sandbox_seat_oom_killed(r->sbx)) {
        /* still being torn down (freeing a large memory takes a while on a loaded machine), but
         * the seat's OOM killer has struck: that is why its output closed */
        cause = CAUSE_MEMORY;
        status = SIGKILL;
    }
    /* A seat that already settled this turn (or is not asked) is charged when its next turn
     * begins: the game may end first, and a bot may legitimately exit after its last answer. */
    if ((r->asked && !r->resolved) || (r->asked && ticked(r))) {
        /* Ticked transports: a failure noticed while a turn is open ends the seat in that turn,
         * even after it answered (Rezzo D6: eliminated after this turn's step). */
        seat_crash(m, s, cause, status);
    } else {
        r->pending_crash = true;
        r->pending_cause = cause;
        r->pending_status = status;
        seat_finish(m, s);
    }
}

/* ---------- questions and answers ---------- */

static void questions_written(match_t *m, int s, int64_t now) {
    seat_rt *r = &m->in->seats[s];
    const match_clock *c = &m->cfg->clock;
    for (int i = 0; i < r->qn; i++) {
        question *q = &r->q[i];
        if (q->written) continue;
        q->written = true;
        q->sent_us = now;
        int64_t extra = r->first_question && !m->game->wire.encode_hello ? c->startup_ms * 1000 : 0;
        bool first = r->first_question;
        r->first_question = false;
        q->soft_us = c->move_ms ? now + extra + c->move_ms * 1000 : CLOCK_NEVER;
        q->hard_us = c->hard_ms ? now + extra + c->hard_ms * 1000 : CLOCK_NEVER;
        if (first && c->startup_only_first) q->hard_us = c->startup_ms ? now + c->startup_ms * 1000 : CLOCK_NEVER;
        q->bank_us = c->bank_ms ? now + extra + (r->bank_left_us > 0 ? r->bank_left_us : 0) : CLOCK_NEVER;
    }
}

/* ---------- the seat's transport (transport.h) ---------- */

static transport_env env_of(match_t *m, int s) {
    seat_rt *r = &m->in->seats[s];
    return (transport_env){m->turn, &r->proc, r->sbx};
}

/* Bytes the seat may still write this turn before it floods (the contract's per-turn limit). */
static size_t flood_budget(const seat_rt *r) {
    return r->turn_bytes >= TURN_MAX_BYTES ? 0 : TURN_MAX_BYTES - r->turn_bytes;
}

static void take_replies(match_t *m, int s);

/* Acts on what a transport call did: the question's clock, the replies it read (in order), and
 * what became of the seat. started_us: when the call began.
 * A question's clock starts when the call that wrote its last byte began, not when it returned:
 * the bot reads and thinks from the moment the bytes are in its pipe, and the write wakes it. On a
 * loaded machine the woken bot often runs first and the referee gets the processor back only
 * later, after the bot has thought (and replied) for a while: a clock read after the write left
 * that time out, charging the bank less than the bot took (a reply held back 40 ms was measured
 * shorter under CPU hogs). Read before, it errs only by the write call itself. */
static void after_io(match_t *m, int s, transport_io io, int64_t started_us) {
    seat_rt *r = &m->in->seats[s];
    if (io.status == TRANSPORT_WRITTEN || io.status == TRANSPORT_STARTED) questions_written(m, s, started_us);
    r->turn_bytes += io.bytes;
    r->out_bytes += io.bytes;
    take_replies(m, s);
    if (r->gone) return; /* the seat ended while its replies were judged */
    if (io.status == TRANSPORT_LOST && !r->out) seat_lost(m, s);
    else if (io.status == TRANSPORT_FULL) seat_down(m, s, CAUSE_HARD, m->turn, m->cfg->clock.hard_ms);
    else if (io.status == TRANSPORT_READ && r->turn_bytes > TURN_MAX_BYTES) seat_down(m, s, CAUSE_FLOOD, m->turn, 0);
}

/* Reads what the seat's stdout already holds and judges it (the process exited; a ticked turn
 * ends). Returns what the read did: TRANSPORT_READ when more may come. */
static transport_status read_now(match_t *m, int s) {
    seat_rt *r = &m->in->seats[s];
    transport_env env = env_of(m, s);
    transport_io io = r->transport->read(r->tp, &env, flood_budget(r), &m->in->replies);
    r->turn_bytes += io.bytes;
    r->out_bytes += io.bytes;
    take_replies(m, s);
    return r->gone ? TRANSPORT_CLOSED : io.status;
}

static void ask_process(match_t *m, int s, const void *view) {
    seat_rt *r = &m->in->seats[s];
    const transport_t *t = r->transport;
    if (!t->ticked && r->qn >= QUESTIONS_MAX) {
        seat_down(m, s, CAUSE_HARD, m->turn, m->cfg->clock.hard_ms);
        return;
    }
    buf_reset(&m->in->msg);
    m->game->wire.encode_view(view, &m->in->msg);
    if (t->ticked) {
        /* Replies are matched by their tick byte, not by questions. */
        memset(&r->ticks, 0, sizeof r->ticks);
    } else {
        question *q = &r->q[r->qn++];
        memset(q, 0, sizeof *q);
        q->turn = m->turn;
        q->start_us = clock_now_us();
        q->soft_us = q->hard_us = q->bank_us = CLOCK_NEVER;
    }
    r->turn_bytes = 0;
    proc_resume(&r->proc);
    if (r->gone) return; /* ended while idle (charged below, in ask_all): nothing to send */
    int64_t now = clock_now_us();
    transport_env env = env_of(m, s);
    after_io(m, s, t->ask(r->tp, &env, m->in->msg.data, m->in->msg.len, &m->in->replies), now);
}

static void pause_if_idle(match_t *m, int s) {
    if (m->cfg->clock.pause_idle) proc_pause(&m->in->seats[s].proc);
}

/* A line that answers open question qi (line transports: always the oldest, 0): an action,
 * malformed, or too long. */
static void answer_at(match_t *m, int s, int qi, decode_result res, verdict_cause bad, const char *line, size_t n) {
    seat_rt *r = &m->in->seats[s];
    r->acted = true;
    if (qi >= r->qn) {
        log_event ev = {.kind = LOGEV_UNASKED, .seat = s, .turn = m->turn, .now = m->turn, .text = line, .len = n};
        match_emit(m, &ev);
        return;
    }
    question q = r->q[qi];
    memmove(r->q + qi, r->q + qi + 1, (size_t)(r->qn - qi - 1) * sizeof *r->q);
    r->qn--;
    int64_t now = clock_now_us();
    int64_t elapsed = q.written ? now - q.sent_us : 0;
    if (q.late || q.turn != m->turn || !r->asked || r->resolved) {
        log_event ev = {.kind = LOGEV_LATE, .seat = s, .turn = q.turn, .now = m->turn, .text = line, .len = n,
                        .elapsed_us = elapsed};
        match_emit(m, &ev);
        return;
    }
    if (m->cfg->clock.bank_ms) r->bank_left_us -= elapsed;
    seat_turn *t = &m->turns[s];
    t->elapsed_us = elapsed;
    m->question_us[s] = now - q.start_us;
    keep_text(m, s, line, n);
    void *action = m->actions + (size_t)s * m->game->action_size;
    r->resolved = true;
    if (res == DECODE_ACTION) {
        buf_reset(&m->in->why);
        if (m->game->rules.validate && m->game->rules.validate(m->state, s, action, &m->in->why) != 0) {
            t->verdict = VERDICT_INVALID;
            t->cause = CAUSE_ILLEGAL;
            t->has_action = true;
        } else {
            t->verdict = VERDICT_OK;
            t->has_action = true;
        }
    } else {
        t->verdict = VERDICT_INVALID;
        t->cause = bad;
        t->has_action = false;
    }
    if (t->verdict == VERDICT_INVALID) {
        m->verdicts[s][VERDICT_INVALID]++;
        snprintf(m->details[s], sizeof m->details[s], "%s", buf_cstr(&m->in->why));
        log_event ev = {.kind = LOGEV_INVALID, .seat = s, .turn = q.turn, .now = m->turn, .cause = t->cause,
                        .text = line, .len = n, .detail = m->details[s], .elapsed_us = elapsed};
        match_emit(m, &ev);
    }
    pause_if_idle(m, s);
}

static void answer(match_t *m, int s, decode_result res, verdict_cause bad, const char *line, size_t n) {
    answer_at(m, s, 0, res, bad, line, n);
}

/* "#name: CODE NAME": two printable non-space ASCII characters, then a name of at most 40. */
static bool identification(match_t *m, int s, const char *line, size_t n) {
    seat_rt *r = &m->in->seats[s];
    if (r->acted || n < 6 || memcmp(line, "#name:", 6) != 0) return false;
    const char *p = line + 6;
    size_t len = n - 6;
    text_trim(&p, &len);
    if (len < 2 || p[0] <= ' ' || p[0] > '~' || p[1] <= ' ' || p[1] > '~') return false;
    if (len > 2 && p[2] != ' ' && p[2] != '\t') return false;
    const char *name = p + 2;
    size_t nlen = len - 2;
    text_trim(&name, &nlen);
    if (nlen > 40) return false;
    for (size_t i = 0; i < nlen; i++) /* C1 ones in UTF-8 too: the name is drawn on terminals */
        if (text_control_at(name + i, nlen - i)) return false;
    if (!r->spec->named) {
        free(r->code);
        r->code = text_dup(p, 2);
        if (nlen) {
            free(r->name);
            r->name = text_dup(name, nlen);
        }
        m->names.name[s] = r->name;
        m->names.code[s] = r->code;
    }
    return true;
}

static void handshake_line(match_t *m, int s, const char *line, size_t n);

/* The seat's oldest open question is this turn's and still unanswered. */
static bool question_open(match_t *m, int s) {
    seat_rt *r = &m->in->seats[s];
    return r->qn > 0 && r->q[0].turn == m->turn && !r->q[0].late && r->asked && !r->resolved;
}

static void line_now(match_t *m, int s, const char *line, size_t n, bool too_long);

/* A line of the seat's output (line transports). */
static void on_line(match_t *m, int s, const reply *rp) {
    seat_rt *r = &m->in->seats[s];
    if (r->out) return;
    /* lines_wait_for_question: keep arrival order; a line with no open question waits for the
     * next one (drain_held), behind any line already waiting. */
    if (m->game->wire.lines_wait_for_question && !m->in->handshaking &&
        (!reply_queue_empty(&r->held) || !question_open(m, s))) {
        reply_queue_push(&r->held, rp);
        return;
    }
    line_now(m, s, rp->data, rp->len, rp->too_long);
}

/* Hands waiting lines on to the seat's new question, in order, until one settles it. */
static void drain_held(match_t *m, int s) {
    seat_rt *r = &m->in->seats[s];
    reply rp;
    while (!reply_queue_empty(&r->held) && !r->out && question_open(m, s) && reply_queue_pop(&r->held, &rp))
        line_now(m, s, rp.data, rp.len, rp.too_long);
    if (reply_queue_empty(&r->held)) reply_queue_pop(&r->held, &rp); /* empty: its memory starts over */
}

static void line_now(match_t *m, int s, const char *line, size_t n, bool too_long) {
    seat_rt *r = &m->in->seats[s];
    for (int i = 0; i < m->cfg->nsinks; i++)
        if (m->cfg->sinks[i].on_line)
            m->cfg->sinks[i].on_line(m->cfg->sinks[i].ctx, m, s, line, too_long && n > 4096 ? 4096 : n);
    if (m->in->handshaking && !r->hello_done) {
        handshake_line(m, s, line, n);
        return;
    }
    if (too_long) {
        buf_reset(&m->in->why);
        buf_printf(&m->in->why, "line longer than %d bytes", LINE_MAX_BYTES);
        answer(m, s, DECODE_MALFORMED, CAUSE_TOOLONG, line, n);
        return;
    }
    if (n && line[0] == '#') {
        if (identification(m, s, line, n)) return;
        seat_keep_comment(m, s, line, n);
        log_event ev = {.kind = LOGEV_COMMENT, .seat = s, .turn = m->turn, .now = m->turn, .text = line, .len = n};
        if (n >= 5 && memcmp(line, "#log:", 5) == 0) ev.kind = LOGEV_RAWLOG;
        match_emit(m, &ev);
        return;
    }
    void *action = m->actions + (size_t)s * m->game->action_size;
    buf_reset(&m->in->why);
    decode_result res;
    if (r->qn > 0 && r->q[0].turn == m->turn && !r->q[0].late && r->asked && !r->resolved) {
        res = m->game->wire.decode_line(m->state, s, line, n, action, &m->in->why);
    } else {
        /* Not for the current turn: decode into scratch so the turn's action is not touched. */
        res = m->game->wire.decode_line(m->state, s, line, n, m->in->scratch_action, &m->in->why);
    }
    if (res == DECODE_SKIP) {
        if (m->in->why.len) {
            log_event ev = {.kind = LOGEV_SKIP, .seat = s, .turn = m->turn, .now = m->turn, .text = line, .len = n,
                            .detail = buf_cstr(&m->in->why)};
            match_emit(m, &ev);
        }
        return;
    }
    answer(m, s, res, CAUSE_MALFORMED, line, n);
}

/* The one reply to the question of `turn` (a transport with one connection per question): it
 * answers that question wherever it is in the queue; no comments, and a reply the game would skip
 * (a blank one) is an invalid answer. */
static void on_answer(match_t *m, int s, int turn, const char *reply, size_t n, bool too_long) {
    seat_rt *r = &m->in->seats[s];
    if (r->out) return;
    int qi = 0;
    while (qi < r->qn && r->q[qi].turn != turn) qi++;
    if (qi == r->qn) return; /* settled already (the game ended with it open) */
    for (int i = 0; i < m->cfg->nsinks; i++)
        if (m->cfg->sinks[i].on_line)
            m->cfg->sinks[i].on_line(m->cfg->sinks[i].ctx, m, s, reply, too_long && n > 4096 ? 4096 : n);
    buf_reset(&m->in->why);
    if (too_long) {
        buf_printf(&m->in->why, "reply longer than %d bytes", LINE_MAX_BYTES);
        answer_at(m, s, qi, DECODE_MALFORMED, CAUSE_TOOLONG, reply, n);
        return;
    }
    bool current = turn == m->turn && !r->q[qi].late && r->asked && !r->resolved;
    void *action = current ? m->actions + (size_t)s * m->game->action_size : m->in->scratch_action;
    decode_result res = m->game->wire.decode_line(m->state, s, reply, n, action, &m->in->why);
    if (res == DECODE_SKIP) { /* one connection, one reply: nothing usable came */
        res = DECODE_MALFORMED;
        if (!m->in->why.len) buf_puts(&m->in->why, "empty reply");
    }
    answer_at(m, s, qi, res, CAUSE_MALFORMED, reply, n);
}

/* Writes a record's bytes in hex into the turn's note (the replay's text; Rezzo T3). */
static void note_record(match_t *m, int s, const unsigned char *rec, size_t size) {
    seat_rt *r = &m->in->seats[s];
    if (r->ticks.noted >= TICKED_NOTE_MAX) return;
    size_t len = strlen(m->texts[s]);
    if (len + 2 * size + 2 > MATCH_TEXT_MAX) return;
    if (len) m->texts[s][len++] = ' ';
    for (size_t k = 0; k < size; k++) snprintf(m->texts[s] + len + 2 * k, 3, "%02x", rec[k]);
    r->ticks.noted++;
}

/* A record that names its turn (ticked transports): the first that names this turn is the seat's
 * action, a second one makes the turn INVALID (the first action stands), others are dropped. */
static void on_ticked(match_t *m, int s, const reply *rp) {
    seat_rt *r = &m->in->seats[s];
    seat_turn *t = &m->turns[s];
    const unsigned char *rec = (const unsigned char *)rp->data;
    note_record(m, s, rec, rp->len);
    if (rp->answers == 0) r->ticks.dropped++;
    else r->ticks.answers = rp->answers;
    if (rp->answers == 0 || !r->asked || r->out) return;
    const game_t *g = m->game;
    void *action = m->actions + (size_t)s * g->action_size;
    if (rp->answers == 1) {
        g->wire.decode_record(m->state, s, rec, action);
        t->has_action = true;
        t->elapsed_us = clock_now_us() - m->in->turn_start_us;
        r->resolved = true;
        buf_reset(&m->in->why);
        if (g->rules.validate && g->rules.validate(m->state, s, action, &m->in->why) != 0) {
            t->verdict = VERDICT_INVALID;
            t->cause = CAUSE_MALFORMED;
            snprintf(m->details[s], sizeof m->details[s], "%s", buf_cstr(&m->in->why));
        }
    } else {
        t->verdict = VERDICT_INVALID;
        t->cause = CAUSE_MULTIPLE;
        snprintf(m->details[s], sizeof m->details[s], "%d records for this %s; the first one stands", rp->answers,
                 g->turn_word ? g->turn_word : "turn");
    }
    if (t->verdict == VERDICT_INVALID && !r->ticks.invalid_counted) {
        r->ticks.invalid_counted = true;
        m->verdicts[s][VERDICT_INVALID]++;
    }
    if (t->verdict == VERDICT_INVALID && (rp->answers == 1 || rp->answers == 2)) {
        log_event ev = {.kind = LOGEV_INVALID, .seat = s, .turn = m->turn, .now = m->turn, .cause = t->cause,
                        .text = m->texts[s], .len = strlen(m->texts[s]), .detail = m->details[s]};
        match_emit(m, &ev);
    }
}

/* Judges what the seat's transport read, in arrival order. */
static void take_replies(match_t *m, int s) {
    reply rp;
    while (reply_queue_pop(&m->in->replies, &rp)) {
        if (rp.kind == REPLY_LINE) on_line(m, s, &rp);
        else if (rp.kind == REPLY_ANSWER) on_answer(m, s, rp.turn, rp.data, rp.len, rp.too_long);
        else on_ticked(m, s, &rp);
    }
}

/* The end of a ticked turn: whatever is already waiting counts for it (Rezzo D11, one
 * non-blocking read); the raw records stay in the note only when the turn was not one plain
 * answer. */
static void end_ticked_turn(match_t *m) {
    for (int s = 0; s < m->cfg->nseats; s++) {
        seat_rt *r = &m->in->seats[s];
        if (!ticked(r) || !r->process || r->gone || r->out) continue;
        if (r->proc.out_fd >= 0) read_now(m, s);
        if (r->ticks.answers == 1 && r->ticks.dropped == 0 && m->turns[s].verdict == VERDICT_OK) m->texts[s][0] = 0;
    }
}

/* ---------- the start-up handshake (games with encode_hello) ---------- */

static void handshake_line(match_t *m, int s, const char *line, size_t n) {
    seat_rt *r = &m->in->seats[s];
    const char *p = line;
    size_t len = n;
    text_trim(&p, &len);
    if (len == 0) return;
    if (p[0] == '#') {
        seat_keep_comment(m, s, line, n);
        log_event ev = {.kind = LOGEV_COMMENT, .seat = s, .turn = -1, .now = -1, .text = line, .len = n};
        if (n >= 5 && memcmp(line, "#log:", 5) == 0) ev.kind = LOGEV_RAWLOG;
        match_emit(m, &ev);
        return;
    }
    r->hello_done = true;
    if (text_ieq(p, len, "ready")) {
        pause_if_idle(m, s);
        return;
    }
    keep_text(m, s, line, n);
    /* for the table: what it said instead (not "not ready in time", which sends its author to
     * raise --startup-ms in vain) */
    r->startup_end = CAUSE_MALFORMED;
    snprintf(r->start_error, sizeof r->start_error, "%.*s", (int)(len < 80 ? len : 80), p);
    seat_down(m, s, CAUSE_STARTUP, -1, m->cfg->clock.startup_ms);
}

/* ---------- collecting replies ---------- */

static bool all_resolved(match_t *m) {
    for (int s = 0; s < m->cfg->nseats; s++) {
        seat_rt *r = &m->in->seats[s];
        if (m->in->handshaking) {
            /* A seat whose process ended during its start-up (gone, charged after the handshake)
             * owes nothing more. */
            if (r->process && !r->out && !r->gone && !r->hello_done && r->in_handshake) return false;
        } else if (r->asked && !r->resolved) {
            return false;
        }
    }
    return true;
}

static int64_t check_deadlines(match_t *m, int64_t now) {
    int64_t next = CLOCK_NEVER;
    const match_clock *c = &m->cfg->clock;
    for (int s = 0; s < m->cfg->nseats; s++) {
        seat_rt *r = &m->in->seats[s];
        if (!r->process || r->out || r->gone) continue;
        if (m->in->handshaking) {
            if (!r->in_handshake || r->hello_done) continue;
            if (r->hello_deadline <= now) seat_down(m, s, CAUSE_STARTUP, -1, c->startup_ms);
            else if (r->hello_deadline < next) next = r->hello_deadline;
            continue;
        }
        for (int i = 0; i < r->qn && !r->out; i++) {
            question *q = &r->q[i];
            if (!q->written) continue;
            if (!q->late && q->soft_us <= now && q->turn == m->turn && r->asked && !r->resolved) {
                q->late = true;
                r->resolved = true;
                m->turns[s].verdict = VERDICT_LATE;
                m->turns[s].cause = CAUSE_SOFT;
                m->turns[s].elapsed_us = now - q->sent_us;
                m->verdicts[s][VERDICT_LATE]++;
                pause_if_idle(m, s);
            }
            if (q->hard_us <= now) {
                seat_down(m, s, CAUSE_HARD, q->turn, c->hard_ms);
                break;
            }
            if (q->bank_us <= now) {
                m->turns[s].elapsed_us = now - q->sent_us;
                r->bank_left_us = 0;
                seat_down(m, s, CAUSE_BANK, q->turn, c->bank_ms);
                break;
            }
            if (!q->late && q->soft_us < next && q->turn == m->turn) next = q->soft_us;
            if (q->hard_us < next) next = q->hard_us;
            if (q->bank_us < next) next = q->bank_us;
        }
    }
    return next;
}

/* Waits for replies until every asked seat is settled (and, for realtime games without --quick,
 * until the window ends). */
static void collect(match_t *m, int64_t window_end) {
    enum { POLL_MAX = GAME_MAX_SEATS * (2 + TRANSPORT_FDS_MAX), BY_TRANSPORT = 0, STDERR, EXITED };
    struct pollfd pf[POLL_MAX];
    int who[POLL_MAX], what[POLL_MAX], tag[POLL_MAX];
    for (;;) {
        if (match_interrupted) return;
        int64_t now = clock_now_us();
        int64_t next = check_deadlines(m, now);
        for (int s = 0; s < m->cfg->nseats; s++) {
            seat_rt *r = &m->in->seats[s];
            if (!r->process || r->gone) continue;
            int64_t t = proc_settle(&r->proc, now); /* a resumed seat's repeated SIGCONT (proc.h) */
            if (t < next) next = t;
        }
        bool done = all_resolved(m);
        if (m->game->limits.window_ms) {
            /* Realtime turn windows: the window always ends the turn (unanswered seats get the
             * game's no-reply rule); quick mode ends it as soon as every asked seat answered. */
            if (now >= window_end || (done && m->cfg->quick)) return;
        } else if (done && (window_end == CLOCK_NEVER || now >= window_end)) return;
        if (window_end != CLOCK_NEVER && window_end < next) next = window_end;
        int n = 0;
        for (int s = 0; s < m->cfg->nseats; s++) {
            seat_rt *r = &m->in->seats[s];
            if (!r->process || r->gone) continue;
            /* the transport's descriptors (what is due at `now` runs first: tcp's retries) */
            transport_env env = env_of(m, s);
            int k = r->transport->poll_fds(r->tp, &env, now, &next, pf + n, tag + n, TRANSPORT_FDS_MAX,
                                           &m->in->replies);
            take_replies(m, s);
            if (r->gone) continue;
            for (int j = 0; j < k; j++) who[n + j] = s, what[n + j] = BY_TRANSPORT;
            n += k;
            if (r->proc.err_fd >= 0) pf[n] = (struct pollfd){r->proc.err_fd, POLLIN, 0}, who[n] = s, what[n++] = STDERR;
            if (r->proc.pid_fd >= 0) pf[n] = (struct pollfd){r->proc.pid_fd, POLLIN, 0}, who[n] = s, what[n++] = EXITED;
        }
        if (n == 0 && next == CLOCK_NEVER) return; /* nothing can change any more */
        int rc = poll(pf, (nfds_t)n, clock_poll_ms(next));
        if (rc < 0) {
            if (errno == EINTR) continue;
            log_error("poll: %s", strerror(errno));
            return;
        }
        for (int i = 0; i < n; i++) {
            int s = who[i];
            seat_rt *r = &m->in->seats[s];
            if (!pf[i].revents || r->gone) continue;
            if (what[i] == BY_TRANSPORT) {
                int64_t started = clock_now_us();
                transport_env env = env_of(m, s);
                after_io(m, s, r->transport->on_ready(r->tp, &env, tag[i], &pf[i], flood_budget(r), &m->in->replies),
                         started);
            } else if (what[i] == STDERR) {
                seat_read_stderr(m, s);
            } else {
                /* The process exited: take what it wrote first (seat_lost does), then charge the crash. */
                if (!r->out && !r->gone) seat_lost(m, s);
            }
        }
    }
}

/* ---------- setup ---------- */

match_t *match_new(const match_config *cfg, buf_t *err) {
    bool runtime_error;
    return match_new_status(cfg, err, &runtime_error);
}

match_t *match_new_status(const match_config *cfg, buf_t *err, bool *runtime_error) {
    const game_t *g = cfg->game;
    *runtime_error = false;
    if (cfg->nseats < g->min_seats || cfg->nseats > g->max_seats) {
        /* Let the game word the error when it has a specific one (Rising Tide's D3). */
        rng_t tmp;
        rng_seed(&tmp, cfg->seed, RNG_STREAM_MATCH);
        game_setup setup = {cfg->nseats, &cfg->options, cfg->seed, &tmp};
        void *st = g->rules.create(&setup, err);
        if (st) {
            g->rules.destroy(st);
            buf_reset(err);
        }
        char seats[32];
        if (!err->len)
            buf_printf(err, "%s needs %s, got %d", g->id, game_seats_text(g, seats, sizeof seats), cfg->nseats);
        return NULL;
    }
    /* calloc, not the aborting xcalloc: the referee's own blocks (its seats' state is 170 KB) are
     * a failure to report, as the game's state is (arena bench --referee aborted) */
    match_t *m = calloc(1, sizeof *m);
    if (!m) {
        buf_printf(err, "out of memory for the referee's match (%zu bytes)", sizeof *m);
        *runtime_error = true;
        return NULL;
    }
    m->cfg = cfg;
    m->game = g;
    rng_seed(&m->rng, cfg->seed, RNG_STREAM_MATCH);
    game_setup setup = {cfg->nseats, &cfg->options, cfg->seed, &m->rng};
    m->state = game_create(g, &setup, err, runtime_error);
    if (!m->state) {
        free(m);
        return NULL;
    }
    m->in = calloc(1, sizeof *m->in);
    m->actions = calloc((size_t)cfg->nseats, g->action_size ? g->action_size : 1);
    void *view = calloc(1, g->view_size ? g->view_size : 1), *scratch = calloc(1, g->action_size ? g->action_size : 1);
    if (!m->in || !m->actions || !view || !scratch) {
        buf_printf(err, "out of memory for the referee's match (%zu bytes)",
                   sizeof *m + sizeof *m->in + (size_t)(cfg->nseats + 1) * g->action_size + g->view_size);
        *runtime_error = true;
        free(view);
        free(scratch);
        free(m->in);
        free(m->actions);
        g->rules.destroy(m->state);
        free(m);
        return NULL;
    }
    m->in->view = view;
    m->in->scratch_action = scratch;
    m->names.count = cfg->nseats;
    for (int s = 0; s < cfg->nseats; s++) {
        seat_rt *r = &m->in->seats[s];
        r->spec = (seat_spec *)&cfg->seats[s];
        r->err_file = -1;
        r->name = text_dup(r->spec->name, strlen(r->spec->name));
        r->code = text_dup(r->spec->code, strlen(r->spec->code));
        r->bank_left_us = cfg->clock.bank_ms * 1000;
        m->names.name[s] = r->name;
        m->names.code[s] = r->code;
    }
    return m;
}

static void do_handshake(match_t *m) {
    const game_t *g = m->game;
    const match_clock *c = &m->cfg->clock;
    m->in->handshaking = true;
    tell_clocks(m);
    /* With pausing on, seats start up one after another (nobody computes while another seat is
     * being timed), the seats that act first first (Chicken's D9); the others wait stopped from
     * their spawn on. Without pausing, all at once. */
    bool sequential = c->pause_idle;
    int order[GAME_MAX_SEATS], n_order = 0;
    bool first[GAME_MAX_SEATS] = {false};
    g->rules.to_act(m->state, first);
    for (int s = 0; s < m->cfg->nseats; s++)
        if (first[s]) order[n_order++] = s;
    for (int s = 0; s < m->cfg->nseats; s++)
        if (!first[s]) order[n_order++] = s;
    /* The seat that starts up first is not stopped at all: a SIGSTOP and a SIGCONT sent to a
     * process group while one of its processes forks (the sandbox's init starting the bot, a shell
     * starting a pipeline: just what a seat does right after its spawn) leave the new child
     * stopped for good (the kernel holds the group's stop for the child being born and drops the
     * continue, which the forking process ignores), and that seat would hang until its start-up
     * limit. */
    if (sequential)
        for (int s = 0; s < m->cfg->nseats; s++)
            if (m->in->seats[s].process && !m->in->seats[s].gone && s != order[0]) proc_pause(&m->in->seats[s].proc);
    for (int pass = 0; pass < (sequential ? m->cfg->nseats : 1); pass++) {
        for (int s = 0; s < m->cfg->nseats; s++) {
            seat_rt *r = &m->in->seats[s];
            if (!r->process || r->out || r->gone) continue;
            if (sequential && s != order[pass]) continue;
            buf_reset(&m->in->msg);
            g->wire.encode_hello(m->state, s, &m->in->msg);
            r->in_handshake = true;
            proc_resume(&r->proc);
            transport_env env = env_of(m, s);
            int64_t asked = clock_now_us(); /* before the write, as a question's clock (after_io) */
            transport_io io = r->transport->ask(r->tp, &env, m->in->msg.data, m->in->msg.len, &m->in->replies);
            take_replies(m, s);
            if (io.status == TRANSPORT_LOST) {
                seat_lost(m, s);
                if (r->pending_crash) {
                    r->pending_crash = false;
                    r->startup_end = r->pending_cause;
                    mark_out(m, s, VERDICT_DOWN, CAUSE_STARTUP, r->pending_status);
                }
            }
            r->hello_deadline = c->startup_ms ? asked + c->startup_ms * 1000 : CLOCK_NEVER;
        }
        collect(m, CLOCK_NEVER);
        for (int s = 0; s < m->cfg->nseats; s++) {
            seat_rt *r = &m->in->seats[s];
            /* A seat that died during start-up failed its start-up. */
            if (r->pending_crash && r->in_handshake && !r->hello_done) {
                r->pending_crash = false;
                r->startup_end = r->pending_cause; /* for the table: it ended, it was not slow */
                mark_out(m, s, VERDICT_DOWN, CAUSE_STARTUP, r->pending_status);
            }
        }
    }
    m->in->handshaking = false;
}

/* ---------- the loop ---------- */

static void start_turn(match_t *m, bool *mask) {
    const game_t *g = m->game;
    m->turn = g->rules.turn(m->state);
    if (g->rules.set_names) g->rules.set_names(m->state, &m->names);
    memset(mask, 0, sizeof(bool) * GAME_MAX_SEATS);
    g->rules.to_act(m->state, mask);
    memset(m->actions, 0, (size_t)m->cfg->nseats * g->action_size);
    for (int s = 0; s < m->cfg->nseats; s++) {
        seat_rt *r = &m->in->seats[s];
        /* A crash noticed while the seat was idle is charged now (its next turn), unless lines it
         * wrote before ending still wait for this turn's question (ask_all charges it then). */
        if (r->pending_crash && !r->out && reply_queue_empty(&r->held)) {
            r->pending_crash = false;
            r->asked = mask[s];
            r->resolved = false;
            memset(&m->turns[s], 0, sizeof m->turns[s]);
            m->turns[s].asked = mask[s];
            seat_crash(m, s, r->pending_cause, r->pending_status);
        }
        seat_turn *t = &m->turns[s];
        memset(t, 0, sizeof *t);
        r->asked = mask[s] && !r->out;
        r->resolved = !r->asked;
        t->asked = r->asked;
        t->out = r->out;
        /* An out seat's verdict is in every turn that asks it, and in the first turn after it went
         * out (asked or not), so that the game and the replay learn it at the same turn. */
        if (r->out && (mask[s] || !r->out_told)) {
            t->verdict = r->out_verdict;
            t->cause = r->out_cause;
            t->status = r->out_status;
            r->out_told = true;
        }
        m->texts[s][0] = 0;
        m->details[s][0] = 0;
        m->question_us[s] = 0;
    }
}

static void ask_all(match_t *m) {
    const game_t *g = m->game;
    tell_clocks(m);
    /* Processes first, so that they think while the built-ins compute. */
    for (int s = 0; s < m->cfg->nseats; s++) {
        seat_rt *r = &m->in->seats[s];
        if (!r->asked || !r->process) continue;
        g->rules.view(m->state, s, m->in->view);
        ask_process(m, s, m->in->view);
        if (!reply_queue_empty(&r->held)) {
            drain_held(m, s);
            if (r->pending_crash && !r->out && !r->resolved) {
                r->pending_crash = false;
                seat_crash(m, s, r->pending_cause, r->pending_status);
            }
        }
    }
    for (int s = 0; s < m->cfg->nseats; s++) {
        seat_rt *r = &m->in->seats[s];
        if (!r->asked || r->process) continue;
        g->rules.view(m->state, s, m->in->view);
        void *action = m->actions + (size_t)s * g->action_size;
        seat_turn *t = &m->turns[s];
        /* A built-in's think time is not charged to a bank; a bot that manages its time reads
         * this clock and keeps its own account (game.h bot_clock). */
        bot_clock clock = {.now_us = clock_now_us, .asked_us = clock_now_us(), .limit_ms = m->cfg->clock.move_ms};
        t->has_action = game_bot_act(r->spec->bot, r->bot_mem, m->in->view, action, &r->bot_rng, &clock);
        t->verdict = VERDICT_OK;
        if (t->has_action && g->rules.validate) {
            buf_reset(&m->in->why);
            if (g->rules.validate(m->state, s, action, &m->in->why) != 0) {
                t->verdict = VERDICT_INVALID;
                t->cause = CAUSE_ILLEGAL;
                m->verdicts[s][VERDICT_INVALID]++;
                buf_reset(&m->in->msg);
                if (g->wire.encode_action) g->wire.encode_action(action, &m->in->msg);
                keep_text(m, s, m->in->msg.data ? m->in->msg.data : "", m->in->msg.len);
                snprintf(m->details[s], sizeof m->details[s], "%s", buf_cstr(&m->in->why));
                log_event ev = {.kind = LOGEV_INVALID, .seat = s, .turn = m->turn, .now = m->turn,
                                .cause = CAUSE_ILLEGAL, .text = m->texts[s], .len = strlen(m->texts[s]),
                                .detail = m->details[s]};
                match_emit(m, &ev);
            }
        }
        r->resolved = true;
    }
}

static void shutdown_seats(match_t *m) {
    const game_t *g = m->game;
    int64_t deadline = clock_now_us() + m->cfg->clock.grace_ms * 1000;
    for (int s = 0; s < m->cfg->nseats; s++) {
        seat_rt *r = &m->in->seats[s];
        if (!r->process || r->gone) continue;
        proc_resume(&r->proc);
        if (g->wire.encode_end && !r->out) {
            buf_reset(&m->in->msg);
            g->wire.encode_end(m->state, s, &m->in->msg);
            int64_t wait = m->cfg->clock.grace_ms < 200 ? m->cfg->clock.grace_ms : 200; /* tcp: connecting */
            transport_env env = env_of(m, s);
            if (m->in->msg.len) r->transport->end(r->tp, &env, m->in->msg.data, m->in->msg.len, (int)wait);
        }
        proc_close_stdin(&r->proc);
    }
    /* Wait for the processes to leave on their own, at most the grace period; keep draining
     * their output so none of them blocks on a full pipe. */
    for (;;) {
        struct pollfd pf[GAME_MAX_SEATS * 3];
        int who[GAME_MAX_SEATS * 3], n = 0, waiting = 0;
        for (int s = 0; s < m->cfg->nseats; s++) {
            seat_rt *r = &m->in->seats[s];
            if (!r->process || r->gone || proc_poll_exit(&r->proc)) continue;
            waiting++;
            if (r->proc.pid_fd >= 0) pf[n] = (struct pollfd){r->proc.pid_fd, POLLIN, 0}, who[n++] = s;
            if (r->proc.out_fd >= 0) pf[n] = (struct pollfd){r->proc.out_fd, POLLIN, 0}, who[n++] = s;
            if (r->proc.err_fd >= 0) pf[n] = (struct pollfd){r->proc.err_fd, POLLIN, 0}, who[n++] = s;
        }
        int64_t now = clock_now_us();
        if (!waiting || now >= deadline) break;
        int wait_ms = clock_poll_ms(deadline);
        if (n == 0 || wait_ms == 0) break;
        if (wait_ms > 20 && n < waiting) wait_ms = 20; /* no pidfd for some: re-check soon */
        if (poll(pf, (nfds_t)n, wait_ms) < 0 && errno != EINTR) break;
        for (int i = 0; i < n; i++) {
            seat_rt *r = &m->in->seats[who[i]];
            if (!pf[i].revents) continue;
            if (pf[i].fd == r->proc.out_fd) {
                seat_skip_stdout(m, who[i]);
            } else if (pf[i].fd == r->proc.err_fd) {
                seat_read_stderr(m, who[i]);
            }
        }
    }
    for (int s = 0; s < m->cfg->nseats; s++) {
        seat_rt *r = &m->in->seats[s];
        if (!r->process || r->gone) continue;
        seat_finish(m, s);
    }
    for (int s = 0; s < m->cfg->nseats; s++) {
        seat_rt *r = &m->in->seats[s];
        if (r->process) {
            free(m->stderr_tail[s]);
            m->stderr_tail[s] = seat_stderr_tail(r);
        }
    }
}

/* The game could not go on (out of memory in its engine): the match is abandoned with the game's
 * reason, said on stderr, as an interruption is. */
static bool game_failed(match_t *m) {
    if (!m->game->rules.failed) return false;
    buf_t why;
    buf_init(&why);
    bool failed = m->game->rules.failed(m->state, &why);
    if (failed) {
        log_error("%s: %s; the game was abandoned", m->game->id, buf_cstr(&why));
        m->aborted = true;
    }
    buf_free(&why);
    return failed;
}

int match_run(match_t *m) {
    const game_t *g = m->game;
    const match_config *cfg = m->cfg;
    m->start_us = clock_now_us();
    signal(SIGPIPE, SIG_IGN);
    for (int s = 0; s < cfg->nseats; s++) {
        buf_t err;
        buf_init(&err);
        if (!seat_start(m, s, &err)) {
            log_warn("%s", buf_cstr(&err));
            const char *why = strstr(buf_cstr(&err), "cannot start: ");
            snprintf(m->in->seats[s].start_error, sizeof m->in->seats[s].start_error, "%s",
                     why ? why + strlen("cannot start: ") : buf_cstr(&err));
            m->in->seats[s].process = cfg->seats[s].kind != SEAT_BUILTIN;
            mark_out(m, s, VERDICT_CRASH, CAUSE_START, 0);
            if (g->rules.absent) {
                g->rules.absent(m->state, s);
                m->absent[s] = true;
            }
        }
        buf_free(&err);
    }
    for (int i = 0; i < cfg->nsinks; i++)
        if (cfg->sinks[i].on_start) cfg->sinks[i].on_start(cfg->sinks[i].ctx, m);
    if (g->wire.encode_hello) do_handshake(m);
    else if (cfg->clock.pause_idle)
        for (int s = 0; s < cfg->nseats; s++) pause_if_idle(m, s);

    bool mask[GAME_MAX_SEATS];
    while (!g->rules.is_over(m->state) && !match_interrupted) {
        start_turn(m, mask);
        int64_t window_end = CLOCK_NEVER;
        if (g->realtime && !g->limits.window_ms && !cfg->quick && cfg->clock.move_ms)
            window_end = clock_now_us() + cfg->clock.move_ms * 1000 +
                         (m->turns_played == 0 ? cfg->clock.startup_ms * 1000 : 0);
        ask_all(m);
        if (g->limits.window_ms) {
            /* The window starts once the turn's messages are written (Rezzo D9), so a slow sink
             * or a slow referee never shortens a bot's time; the first turn gets the start-up
             * allowance (Rezzo D10). */
            int64_t ms = g->limits.window_ms(m->state);
            if (m->turns_played == 0 && cfg->clock.startup_ms > ms) ms = cfg->clock.startup_ms;
            m->in->turn_start_us = clock_now_us();
            window_end = m->in->turn_start_us + ms * 1000;
        }
        collect(m, window_end);
        if (match_interrupted) break;
        end_ticked_turn(m);
        if (!m->first_turn_done) {
            emit_simple(m, LOGEV_START, -1, m->turn);
            m->first_turn_done = true;
        }
        g->rules.apply(m->state, m->actions, m->turns, &m->rng);
        if (game_failed(m)) break;
        tell_clocks(m);
        m->turns_played++;
        emit_simple(m, LOGEV_TURN, -1, m->turn);
        for (int i = 0; i < cfg->nsinks; i++)
            if (cfg->sinks[i].on_turn) cfg->sinks[i].on_turn(cfg->sinks[i].ctx, m);
        if (g->rules.release)
            for (int s = 0; s < cfg->nseats; s++)
                if (m->in->seats[s].process && !m->in->seats[s].gone && g->rules.release(m->state, s))
                    seat_finish(m, s);
        bool go_on = true;
        for (int i = 0; i < cfg->nsinks; i++)
            if (cfg->sinks[i].between && !cfg->sinks[i].between(cfg->sinks[i].ctx, m)) go_on = false;
        if (!go_on) {
            m->aborted = true;
            break;
        }
    }
    if (match_interrupted) m->aborted = true;
    if (m->aborted) {
        for (int s = 0; s < cfg->nseats; s++) seat_finish(m, s);
    } else {
        /* Questions still open at the end: their fate is now known (spec: "the game ended"). */
        int64_t now = clock_now_us();
        for (int s = 0; s < cfg->nseats; s++) {
            seat_rt *r = &m->in->seats[s];
            for (int i = 0; i < r->qn; i++) {
                if (!r->q[i].late) continue;
                log_event ev = {.kind = LOGEV_LATE, .seat = s, .turn = r->q[i].turn, .now = m->turn,
                                .elapsed_us = now - r->q[i].sent_us};
                match_emit(m, &ev);
            }
            r->qn = 0;
        }
    }
    m->over = g->rules.is_over(m->state);
    g->rules.result(m->state, m->scores, m->ranks);
    if (!m->aborted) emit_simple(m, LOGEV_END, -1, m->turn);
    if (!m->aborted) shutdown_seats(m);
    m->end_us = clock_now_us();
    for (int i = 0; i < cfg->nsinks; i++)
        if (cfg->sinks[i].on_end) cfg->sinks[i].on_end(cfg->sinks[i].ctx, m);
    return m->aborted ? 1 : 0;
}

void *match_seat_memory(match_t *m, int seat) {
    if (seat < 0 || seat >= m->cfg->nseats || m->in->seats[seat].process) return NULL;
    return m->in->seats[seat].bot_mem;
}

void match_seat_quit(match_t *m, int seat) {
    if (seat < 0 || seat >= m->cfg->nseats) return;
    seat_rt *r = &m->in->seats[seat];
    if (r->out || r->pending_crash) return;
    r->pending_crash = true; /* charged when its next turn starts, like a process that ended */
    r->pending_cause = CAUSE_EXIT;
    r->pending_status = 0;
}

void match_free(match_t *m) {
    if (!m) return;
    for (int s = 0; s < m->cfg->nseats; s++) {
        seat_free(m, s);
        free(m->stderr_tail[s]);
    }
    m->game->rules.destroy(m->state);
    for (int s = 0; s < m->cfg->nseats; s++) reply_queue_free(&m->in->seats[s].held);
    reply_queue_free(&m->in->replies);
    buf_free(&m->in->msg);
    buf_free(&m->in->why);
    free(m->in->view);
    free(m->in->scratch_action);
    free(m->in);
    free(m->actions);
    free(m);
}
