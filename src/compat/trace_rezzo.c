/* trace_rezzo.c: `arena trace-check rezzo FILE`: replays a trace of the original engine
 * (tests/vectors/rezzo/trace_*.jsonl, docs/games/rezzo.md "Trace check") through Arena's Rezzo and compares every
 * message, state hash, elimination and the end. The records are classified exactly as the
 * referee's binary transport does (Rezzo P6) and applied through the game's own apply(). */
#include "trace.h"
#include "../core/hash.h"
#include "../games/rezzo/rz.h"
#include <errno.h>
#include <stdarg.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char FACING[4] = {'N', 'E', 'S', 'W'};

typedef struct {
    FILE *out;
    int tick;     /* the tick being checked, -1 for the header */
    int line;
    bool failed;
} ctx;

static void differ(ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void differ(ctx *c, const char *fmt, ...) {
    if (c->failed) return;
    c->failed = true;
    va_list ap;
    va_start(ap, fmt);
    if (c->tick < 0) fprintf(c->out, "game 0 (line %d), start: ", c->line);
    else fprintf(c->out, "game 0 (line %d), tick %d: ", c->line, c->tick);
    vfprintf(c->out, fmt, ap);
    fputc('\n', c->out);
    va_end(ap);
}

static const char *hex64(uint64_t h, char buf[17]) {
    snprintf(buf, 17, "%016llx", (unsigned long long)h);
    return buf;
}

static void check_hash(ctx *c, const char *what, json_t *rec, uint64_t mine) {
    const char *want = json_string_value(rec);
    char got[17];
    hex64(mine, got);
    if (!want) differ(c, "%s missing from the trace", what);
    else if (strcmp(want, got) != 0) differ(c, "%s: trace %s, Arena %s", what, want, got);
}

static int hexval(char ch) {
    if (ch >= '0' && ch <= '9') return ch - '0';
    if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
    return -1;
}

static bool parse_record(const char *s, uint8_t rec[2]) {
    if (!s || strlen(s) != 4) return false;
    for (int k = 0; k < 4; k++)
        if (hexval(s[k]) < 0) return false;
    rec[0] = (uint8_t)(hexval(s[0]) * 16 + hexval(s[1]));
    rec[1] = (uint8_t)(hexval(s[2]) * 16 + hexval(s[3]));
    return true;
}

static void check_header(ctx *c, json_t *h, const rz_state *st) {
    json_t *agents = json_object_get(h, "agents");
    if (json_array_size(agents) != (size_t)st->n) {
        differ(c, "the trace lists %zu agents for %d players", json_array_size(agents), st->n);
        return;
    }
    for (int s = 0; s < st->n && !c->failed; s++) {
        json_t *a = json_array_get(agents, (size_t)s);
        int x = (int)json_integer_value(json_object_get(a, "x")), y = (int)json_integer_value(json_object_get(a, "y"));
        const char *f = json_string_value(json_object_get(a, "facing"));
        const rz_player *p = &st->p[s];
        if (x != p->x || y != p->y || !f || f[0] != FACING[p->facing])
            differ(c, "agent %d: trace (%d, %d) facing %s, Arena (%d, %d) facing %c", s + 1, x, y, f ? f : "?", p->x,
                   p->y, FACING[p->facing]);
    }
    if (!c->failed) check_hash(c, "state_hash of S_0", json_object_get(h, "state_hash"), rz_state_hash(&st->world));
}

/* One tick line: messages, P6 classification, apply, hashes, eliminations. */
static void check_tick(ctx *c, json_t *j, rz_state *st) {
    json_t *seats = json_object_get(j, "seats");
    int listed = 0;
    rz_action acts[RZ_MAX_PLAYERS];
    seat_turn turns[RZ_MAX_PLAYERS];
    memset(acts, 0, sizeof acts);
    memset(turns, 0, sizeof turns);
    size_t k;
    json_t *e;
    int prev_id = 0;
    json_array_foreach(seats, k, e) {
        int id = (int)json_integer_value(json_object_get(e, "id"));
        if (id <= prev_id || id < 1 || id > st->n) {
            differ(c, "seat entry %zu has id %d (not in increasing seat order)", k, id);
            return;
        }
        prev_id = id;
        int s = id - 1;
        if (!st->p[s].alive) {
            differ(c, "the trace lists player %d, which Arena has eliminated at tick %d", id, st->p[s].elim_tick);
            return;
        }
        listed++;
        rz_view v;
        game_rezzo.rules.view(st, s, &v);
        int ack = (int)json_integer_value(json_object_get(e, "ack"));
        int ts = (int)json_integer_value(json_object_get(e, "ts"));
        if (ack != v.ack) differ(c, "player %d: ack trace %d, Arena %d", id, ack, v.ack);
        if (ts != v.ts) differ(c, "player %d: ts trace %d, Arena %d", id, ts, v.ts);
        char what[64];
        snprintf(what, sizeof what, "player %d: msg_fnv", id);
        check_hash(c, what, json_object_get(e, "msg_fnv"), hash_fnv1a64(&v, sizeof v, FNV1A64_OFFSET));
        if (c->failed) return;
        /* Rezzo P6, as the transport classifies: wrong ts dropped; the first match answers; later
         * matches only set the multiple flag. */
        size_t r;
        json_t *jr;
        seat_turn *t = &turns[s];
        t->asked = true;
        json_array_foreach(json_object_get(e, "records"), r, jr) {
            uint8_t rec[2];
            if (!parse_record(json_string_value(jr), rec)) {
                differ(c, "player %d: record %zu is not 4 hex digits", id, r);
                return;
            }
            if (rec[0] != (uint8_t)(st->tick & 255)) continue;
            if (t->has_action) {
                t->verdict = VERDICT_INVALID;
                t->cause = CAUSE_MULTIPLE;
                continue;
            }
            game_rezzo.wire.decode_record(st, s, rec, &acts[s]);
            t->has_action = true;
            if (game_rezzo.rules.validate(st, s, &acts[s], NULL)) t->verdict = VERDICT_INVALID, t->cause = CAUSE_MALFORMED;
        }
    }
    if (listed != rz_alive_count(st)) {
        differ(c, "the trace lists %d seats, Arena has %d players alive", listed, rz_alive_count(st));
        return;
    }
    game_rezzo.rules.apply(st, acts, turns, NULL);
    check_hash(c, "state_hash", json_object_get(j, "state_hash"), rz_state_hash(&st->world));
    json_t *el = json_object_get(j, "eliminated");
    bool same = json_array_size(el) == (size_t)st->last.nelim;
    for (int q = 0; same && q < st->last.nelim; q++)
        same = json_integer_value(json_array_get(el, (size_t)q)) == st->last.elim[q];
    if (!same && !c->failed) {
        char *want = json_dumps(el, JSON_COMPACT);
        char got[64] = "[";
        for (int q = 0; q < st->last.nelim; q++)
            snprintf(got + strlen(got), sizeof got - strlen(got), "%s%d", q ? "," : "", st->last.elim[q]);
        strcat(got, "]");
        differ(c, "eliminated: trace %s, Arena %s", want ? want : "?", got);
        free(want);
    }
}

static void check_end(ctx *c, json_t *j, rz_state *st) {
    int end = (int)json_integer_value(json_object_get(j, "end_tick"));
    if (end != st->tick || !st->over) {
        differ(c, "the trace ends at tick %d; Arena is at tick %d and %s over", end, st->tick, st->over ? "is" : "is not");
        return;
    }
    check_hash(c, "final_type_hash", json_object_get(j, "final_type_hash"), rz_type_hash(&st->world));
    int ranks[RZ_MAX_PLAYERS];
    rz_ranks(st, ranks);
    json_t *agents = json_object_get(j, "agents");
    if (json_array_size(agents) != (size_t)st->n) differ(c, "end: %zu agents listed", json_array_size(agents));
    for (int s = 0; s < st->n && !c->failed; s++) {
        json_t *a = json_array_get(agents, (size_t)s);
        const rz_player *p = &st->p[s];
        bool alive = json_is_true(json_object_get(a, "alive"));
        int rank = (int)json_integer_value(json_object_get(a, "rank"));
        if (alive != p->alive) differ(c, "end: player %d alive in the trace: %d, in Arena: %d", s + 1, alive, p->alive);
        else if (rank != ranks[s]) differ(c, "end: player %d rank trace %d, Arena %d", s + 1, rank, ranks[s]);
        else if (alive) {
            int x = (int)json_integer_value(json_object_get(a, "x")), y = (int)json_integer_value(json_object_get(a, "y"));
            const char *f = json_string_value(json_object_get(a, "facing"));
            if (x != p->x || y != p->y || !f || f[0] != FACING[p->facing])
                differ(c, "end: player %d at (%d, %d) %s in the trace, (%d, %d) %c in Arena", s + 1, x, y, f ? f : "?", p->x,
                       p->y, FACING[p->facing]);
        } else if (json_integer_value(json_object_get(a, "eliminated_at")) != p->elim_tick) {
            differ(c, "end: player %d eliminated at %lld in the trace, %d in Arena", s + 1,
                   (long long)json_integer_value(json_object_get(a, "eliminated_at")), p->elim_tick);
        }
    }
}

int trace_rezzo(const char *path, FILE *out) {
    /* The start-state vectors are one JSON object (over many lines); a trace is JSON Lines, which
     * never reads as one object unless it is a lone header. */
    json_t *whole = json_load_file(path, 0, NULL);
    bool start_states = json_is_object(whole) && json_object_get(whole, "vectors");
    json_decref(whole);
    if (start_states) return trace_rezzo_start(path, out);
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(out, "cannot read %s: %s\n", path, strerror(errno));
        return 2;
    }
    ctx c = {out, -1, 0, false};
    char *line = NULL;
    size_t cap = 0;
    rz_state *st = NULL;
    bool ended = false;
    int rc = 0;
    while (getline(&line, &cap, f) >= 0 && !c.failed) {
        c.line++;
        json_error_t je;
        json_t *j = json_loads(line, 0, &je);
        if (!j || !json_is_object(j)) {
            json_decref(j);
            if (c.line == 1) {
                fprintf(out, "%s: line 1 is not a Rezzo trace header (%s)\n", path, je.text);
                rc = 2;
                break;
            }
            differ(&c, "the line is not a JSON object (%s)", je.text);
            break;
        }
        if (c.line == 1) {
            const char *kind = json_string_value(json_object_get(j, "trace"));
            if (!kind || strcmp(kind, "rezzo") != 0) {
                fprintf(out, "%s: not a Rezzo trace (line 1 has no \"trace\": \"rezzo\")\n", path);
                json_decref(j);
                rc = 2;
                break;
            }
            char size[64], ticks[32];
            snprintf(size, sizeof size, "%lldx%lld", (long long)json_integer_value(json_object_get(j, "width")),
                     (long long)json_integer_value(json_object_get(j, "height")));
            snprintf(ticks, sizeof ticks, "%lld", (long long)json_integer_value(json_object_get(j, "max_ticks")));
            game_options o = {.count = 2, .key = {"size", "max_ticks"}, .value = {size, ticks}};
            rng_t rng;
            rng_seed(&rng, 0, 0);
            buf_t err;
            buf_init(&err);
            game_setup setup = {(int)json_integer_value(json_object_get(j, "players")), &o,
                                (uint64_t)json_integer_value(json_object_get(j, "seed")), &rng};
            st = game_rezzo.rules.create(&setup, &err);
            if (!st) differ(&c, "setup failed: %s", buf_cstr(&err));
            else check_header(&c, j, st);
            buf_free(&err);
        } else if (json_object_get(j, "end_tick")) {
            c.tick = st->tick;
            check_end(&c, j, st);
            ended = true;
        } else {
            int t = (int)json_integer_value(json_object_get(j, "t"));
            c.tick = t;
            if (ended) differ(&c, "a tick line after the end line");
            else if (st->over) differ(&c, "the trace goes on, but Arena's game ended at tick %d", st->tick);
            else if (t != st->tick) differ(&c, "the trace has tick %d where Arena is at tick %d", t, st->tick);
            else check_tick(&c, j, st);
        }
        json_decref(j);
    }
    if (!rc && !c.failed && !ended) {
        if (c.line == 0) {
            fprintf(out, "%s is empty\n", path);
            rc = 2;
        } else {
            differ(&c, "the trace has no end line (truncated?)");
        }
    }
    if (!rc) rc = c.failed ? 1 : 0;
    if (rc == 0) fprintf(out, "%s: OK (%d ticks, every message, state hash and elimination match)\n", path, st->tick);
    if (st) game_rezzo.rules.destroy(st);
    free(line);
    fclose(f);
    return rc;
}
