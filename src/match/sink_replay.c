/* sink_replay.c: writes the replay: a header, one record per turn (actions, verdicts, texts,
 * the game's events and frame) and a result record. See docs/replay.md. */
#include "sinks.h"
#include "../core/hash.h"
#include "../core/jw.h"
#include "../core/xalloc.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    FILE *f;
    char *path;
    bool header_done;
    buf_t start_frame; /* the frame before the first turn, kept until the header is written */
    buf_t line;
    uint64_t digest;        /* FNV-1a 64 of every line written so far (with newlines) */
    uint64_t header_digest; /* FNV-1a 64 of the header line */
} replay_writer;

static const char *seat_kind_name(seat_kind k) {
    switch (k) {
    case SEAT_BUILTIN: return "builtin";
    case SEAT_PYTHON: return "python";
    case SEAT_TCP: return "tcp";
    default: return "command";
    }
}

static void write_line(replay_writer *w) {
    buf_putc(&w->line, '\n');
    w->digest = hash_fnv1a64(w->line.data, w->line.len, w->digest);
    fwrite(w->line.data, 1, w->line.len, w->f);
    buf_reset(&w->line);
}

/* The header waits for the first turn: identification lines may rename seats until then. */
static void write_header(replay_writer *rw, const match_t *m) {
    const match_config *c = m->cfg;
    jw_t w;
    jw_init(&w, &rw->line);
    jw_obj(&w);
    jw_key(&w, "type");
    jw_str(&w, "header");
    jw_key(&w, "format");
    jw_str(&w, "arena-replay");
    jw_key(&w, "version");
    jw_int(&w, REPLAY_FORMAT_VERSION);
    jw_key(&w, "arena");
    jw_str(&w, ARENA_VERSION);
    jw_key(&w, "game");
    jw_str(&w, m->game->id);
    jw_key(&w, "options");
    jw_obj(&w);
    for (int i = 0; i < c->options.count; i++) {
        jw_key(&w, c->options.key[i]);
        jw_str(&w, c->options.value[i]);
    }
    jw_obj_end(&w);
    jw_key(&w, "seed");
    jw_uint(&w, c->seed);
    jw_key(&w, "seats");
    jw_arr(&w);
    for (int s = 0; s < c->nseats; s++) {
        jw_obj(&w);
        jw_key(&w, "name");
        jw_str(&w, m->names.name[s]);
        jw_key(&w, "code");
        jw_str(&w, m->names.code[s]);
        jw_key(&w, "kind");
        jw_str(&w, seat_kind_name(c->seats[s].kind));
        jw_key(&w, "spec");
        jw_str(&w, c->seats[s].text);
        jw_obj_end(&w);
    }
    jw_arr_end(&w);
    jw_key(&w, "clock");
    jw_obj(&w);
    jw_key(&w, "move_ms");
    jw_int(&w, c->clock.move_ms);
    jw_key(&w, "hard_ms");
    jw_int(&w, c->clock.hard_ms);
    jw_key(&w, "bank_ms");
    jw_int(&w, c->clock.bank_ms);
    jw_key(&w, "startup_ms");
    jw_int(&w, c->clock.startup_ms);
    jw_key(&w, "pause_idle");
    jw_bool(&w, c->clock.pause_idle);
    jw_obj_end(&w);
    bool any_absent = false;
    for (int s = 0; s < c->nseats; s++) any_absent |= m->absent[s];
    if (any_absent) {
        /* Seats that could not be started and were removed before the first turn (game->rules.absent). */
        jw_key(&w, "absent");
        jw_arr(&w);
        for (int s = 0; s < c->nseats; s++)
            if (m->absent[s]) jw_int(&w, s);
        jw_arr_end(&w);
    }
    jw_key(&w, "frame");
    jw_raw(&w, rw->start_frame.data, rw->start_frame.len);
    jw_obj_end(&w);
    rw->header_digest = hash_fnv1a64(rw->line.data, rw->line.len, FNV1A64_OFFSET) ;
    write_line(rw);
    rw->header_done = true;
}

static void on_start(void *ctx, const match_t *m) {
    replay_writer *rw = ctx;
    jw_t w;
    jw_init(&w, &rw->start_frame);
    m->game->records.frame_json(m->state, &w);
}

static void on_turn(void *ctx, const match_t *m) {
    replay_writer *rw = ctx;
    const game_t *g = m->game;
    if (!rw->header_done) write_header(rw, m);
    jw_t w;
    jw_init(&w, &rw->line);
    jw_obj(&w);
    jw_key(&w, "type");
    jw_str(&w, "turn");
    jw_key(&w, "turn");
    jw_int(&w, m->turn);
    jw_key(&w, "seats");
    jw_arr(&w);
    for (int s = 0; s < m->cfg->nseats; s++) {
        const seat_turn *t = &m->turns[s];
        if (!t->asked && !(t->out && t->verdict != VERDICT_OK)) continue;
        jw_obj(&w);
        jw_key(&w, "seat");
        jw_int(&w, s);
        if (!t->asked) {
            jw_key(&w, "asked");
            jw_bool(&w, false);
        }
        jw_key(&w, "verdict");
        jw_str(&w, verdict_name(t->verdict));
        if (t->cause) {
            jw_key(&w, "cause");
            jw_str(&w, verdict_cause_name(t->cause));
        }
        if (t->status) {
            jw_key(&w, "status");
            jw_int(&w, t->status);
        }
        if (t->has_action) {
            jw_key(&w, "action");
            g->records.action_json(m->actions + (size_t)s * g->action_size, &w);
        }
        if (t->asked && m->cfg->seats[s].kind != SEAT_BUILTIN) {
            jw_key(&w, "ms");
            jw_double(&w, (double)(t->elapsed_us / 10) / 100.0);
        }
        if (m->texts[s][0]) {
            jw_key(&w, "text");
            jw_str(&w, m->texts[s]);
        }
        if (m->details[s][0]) {
            jw_key(&w, "why");
            jw_str(&w, m->details[s]);
        }
        jw_obj_end(&w);
    }
    jw_arr_end(&w);
    jw_key(&w, "events");
    g->records.turn_json(m->state, &w);
    jw_key(&w, "frame");
    g->records.frame_json(m->state, &w);
    jw_obj_end(&w);
    write_line(rw);
}

static void on_end(void *ctx, const match_t *m) {
    replay_writer *rw = ctx;
    if (!rw->header_done) write_header(rw, m);
    jw_t w;
    jw_init(&w, &rw->line);
    jw_obj(&w);
    jw_key(&w, "type");
    jw_str(&w, "result");
    jw_key(&w, "turns");
    jw_int(&w, m->turns_played);
    jw_key(&w, "over");
    jw_bool(&w, m->over);
    jw_key(&w, "aborted");
    jw_bool(&w, m->aborted);
    match_result_seats(m, &w);
    char hex[24];
    snprintf(hex, sizeof hex, "%016llx", (unsigned long long)rw->header_digest);
    jw_key(&w, "header_digest");
    jw_str(&w, hex);
    snprintf(hex, sizeof hex, "%016llx", (unsigned long long)rw->digest);
    jw_key(&w, "digest");
    jw_str(&w, hex);
    jw_obj_end(&w);
    write_line(rw);
    fflush(rw->f);
}

static bool replay_finish(void *ctx, buf_t *err) {
    replay_writer *rw = ctx;
    if (fflush(rw->f) == 0 && !ferror(rw->f)) return true;
    buf_printf(err, "writing the replay %s failed: %s", rw->path, strerror(errno ? errno : EIO));
    return false;
}

static void replay_close(void *ctx) {
    replay_writer *rw = ctx;
    fclose(rw->f);
    free(rw->path);
    buf_free(&rw->start_frame);
    buf_free(&rw->line);
    free(rw);
}

sink_t *sink_replay_new(const char *path, buf_t *err) {
    FILE *f = fopen(path, "w");
    if (!f) {
        buf_printf(err, "cannot write the replay %s: %s", path, strerror(errno));
        return NULL;
    }
    replay_writer *rw = xcalloc(1, sizeof *rw);
    sink_t *s = xcalloc(1, sizeof *s);
    rw->f = f;
    rw->digest = FNV1A64_OFFSET;
    rw->path = xstrdup(path);
    buf_init(&rw->start_frame);
    buf_init(&rw->line);
    s->ctx = rw;
    s->on_start = on_start;
    s->on_turn = on_turn;
    s->on_end = on_end;
    s->close = replay_close;
    s->finish = replay_finish;
    return s;
}

