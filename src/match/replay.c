/* replay.c: re-simulating a replay. The start comes from the header (game, options, seed); every
 * random outcome is redrawn from the seed; each turn's recorded actions and verdicts are applied
 * and the recomputed events, frame and result are compared with the record. */
#include "replay.h"
#include "../core/log.h"
#include "../core/hash.h"
#include "../core/jw.h"
#include "match.h"
#include "../core/xalloc.h"
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static void text_of(json_t *j, buf_t *out) {
    char *s = json_dumps(j, JSON_COMPACT | JSON_ENCODE_ANY);
    if (!s) {
        buf_puts(out, "?");
        return;
    }
    if (strlen(s) > 60) buf_printf(out, "%.57s...", s);
    else buf_puts(out, s);
    free(s);
}

bool replay_first_diff(json_t *a, json_t *b, const char *path, buf_t *out) {
    if (json_equal(a, b)) return false;
    if (json_is_object(a) && json_is_object(b)) {
        const char *key;
        json_t *va;
        json_object_foreach(a, key, va) {
            char sub[256];
            snprintf(sub, sizeof sub, "%s.%s", path, key);
            json_t *vb = json_object_get(b, key);
            if (!vb) {
                buf_printf(out, "%s: recorded but not recomputed", sub);
                return true;
            }
            if (replay_first_diff(va, vb, sub, out)) return true;
        }
        json_object_foreach(b, key, va) {
            if (!json_object_get(a, key)) {
                buf_printf(out, "%s.%s: missing from the record", path, key);
                return true;
            }
        }
    }
    if (json_is_array(a) && json_is_array(b)) {
        size_t na = json_array_size(a), nb = json_array_size(b);
        for (size_t i = 0; i < na && i < nb; i++) {
            char sub[256];
            snprintf(sub, sizeof sub, "%s[%zu]", path, i);
            if (replay_first_diff(json_array_get(a, i), json_array_get(b, i), sub, out)) return true;
        }
        if (na != nb) {
            buf_printf(out, "%s: recorded %zu entries, recomputed %zu", path, na, nb);
            return true;
        }
    }
    buf_printf(out, "%s: recorded ", path);
    text_of(a, out);
    buf_puts(out, ", recomputed ");
    text_of(b, out);
    return true;
}

/* Reads one line (any length). Returns false at EOF. */
static bool read_line(replay_t *r) {
    ssize_t n = getline(&r->line, &r->line_cap, r->f);
    if (n < 0) return false;
    r->digest_before_last = r->digest;
    r->line_no++;
    size_t len = (size_t)n;
    if (len && r->line[len - 1] == '\n') {
        r->line[--len] = 0;
        /* a CR LF line end (a replay through Windows, git's autocrlf) is the same line: hashed as
         * written, it failed as "the header was changed" */
        if (len && r->line[len - 1] == '\r') r->line[--len] = 0;
        r->digest = hash_fnv1a64(r->line, len, r->digest);
        r->digest = hash_fnv1a64("\n", 1, r->digest);
    } else {
        r->digest = hash_fnv1a64(r->line, len, r->digest);
    }
    return true;
}

replay_t *replay_open(const char *path, replay_game_finder find, buf_t *err) {
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
    if (!f) {
        buf_printf(err, "cannot open %s: %s", path, strerror(errno));
        return NULL;
    }
    return replay_open_stream(f, f == stdin ? "standard input" : path, find, err);
}

replay_t *replay_open_stream(FILE *f, const char *path, replay_game_finder find, buf_t *err) {
    replay_t *r = xcalloc(1, sizeof *r);
    /* the game's own refusals (options, seats) name no file: with a tournament's replays
     * verified at once, the reader could not tell which replay was refused */
    buf_t why;
    buf_init(&why);
    r->f = f;
    r->path = xstrdup(path);
    r->digest = FNV1A64_OFFSET;
    if (!read_line(r)) {
        if (ferror(f)) buf_printf(err, "cannot read %s: %s", path, strerror(errno)); /* a folder: EISDIR */
        else buf_printf(err, "%s is empty: not a replay", path);
        goto fail;
    }
    r->header_digest = hash_fnv1a64(r->line, strlen(r->line), FNV1A64_OFFSET);
    json_error_t je;
    r->header = json_loads(r->line, 0, &je);
    if (!r->header && strncmp(r->line, "SQLite format 3", 15) == 0) { /* --db's file given for a replay */
        buf_printf(err, "%s is a store, not a replay (%s standings --db or %s report --db read it)", path, log_program(),
                   log_program());
        goto fail;
    }
    if (!r->header && strncmp(r->line, "\x1f\x8b", 2) == 0) { /* a replay as the store keeps it */
        if (f == stdin) /* already a pipe: "zcat FILE | ..." named a FILE there is none of */
            buf_printf(err, "standard input is gzip-compressed: put zcat in the pipe (... | zcat | %s verify -)",
                       log_program());
        else
            buf_printf(err, "%s is gzip-compressed: decompress it first (gunzip, or zcat FILE | %s verify -)", path,
                       log_program());
        goto fail;
    }
    if (!r->header && strncmp(r->line, "\xef\xbb\xbf", 3) == 0) { /* saved by an editor: "expected near ''" named
                                                               * an invisible character */
        buf_printf(err, "%s starts with a UTF-8 byte order mark (an editor added it): remove it with "
                        "sed -i '1s/^\\xEF\\xBB\\xBF//' FILE", path);
        goto fail;
    }
    if (!r->header || !json_is_object(r->header)) {
        buf_printf(err, "%s line 1: not a replay header (%s)", path, r->header ? "not an object" : je.text);
        goto fail;
    }
    const char *type = json_string_value(json_object_get(r->header, "type"));
    const char *format = json_string_value(json_object_get(r->header, "format"));
    if (!type || strcmp(type, "header") != 0 || !format || strcmp(format, "arena-replay") != 0) {
        buf_printf(err, "%s line 1: not an Arena replay header", path);
        goto fail;
    }
    json_int_t version = json_integer_value(json_object_get(r->header, "version"));
    if (version != 1) {
        buf_printf(err, "%s: replay format version %lld is not supported (this arena reads version 1)", path,
                   (long long)version);
        goto fail;
    }
    const char *gid = json_string_value(json_object_get(r->header, "game"));
    r->game = gid ? find(gid) : NULL;
    if (!r->game) {
        buf_printf(err, "%s: unknown game '%s'", path, gid ? gid : "(none)");
        goto fail;
    }
    json_t *seed = json_object_get(r->header, "seed");
    if (!json_is_integer(seed) || json_integer_value(seed) < 0) {
        buf_printf(err, "%s: header has no valid seed", path);
        goto fail;
    }
    r->seed = (uint64_t)json_integer_value(seed);
    json_t *opts = json_object_get(r->header, "options");
    const char *key;
    json_t *val;
    /* The parsed options point into these strings, so the reader keeps them until it closes (a
     * key such as "rules=" would not find its value in the header again). */
    json_object_foreach(opts, key, val) {
        if (!json_is_string(val)) {
            buf_printf(err, "%s: header option '%s' is not a string", path, key);
            goto fail;
        }
        if (r->nkv == (int)(sizeof r->kv / sizeof r->kv[0])) {
            buf_printf(err, "%s: header has more than %d options", path, r->nkv);
            goto fail;
        }
        size_t len = strlen(key) + strlen(json_string_value(val)) + 2;
        r->kv[r->nkv] = xmalloc(len);
        snprintf(r->kv[r->nkv], len, "%s=%s", key, json_string_value(val));
        r->nkv++;
    }
    if (!match_parse_options(r->game, r->nkv, r->kv, &r->options, &why)) goto fail_why;
    json_t *seats = json_object_get(r->header, "seats");
    r->nseats = (int)json_array_size(seats);
    if (r->nseats < 1 || r->nseats > GAME_MAX_SEATS) {
        buf_printf(err, "%s: header lists %d seats", path, r->nseats);
        goto fail;
    }
    r->names.count = r->nseats;
    for (int s = 0; s < r->nseats; s++) {
        json_t *seat = json_array_get(seats, (size_t)s);
        r->names.name[s] = json_string_value(json_object_get(seat, "name"));
        r->names.code[s] = json_string_value(json_object_get(seat, "code"));
        if (!r->names.name[s]) r->names.name[s] = "?";
        if (!r->names.code[s]) r->names.code[s] = "";
    }
    rng_seed(&r->rng, r->seed, RNG_STREAM_MATCH);
    game_setup setup = {r->nseats, &r->options, r->seed, &r->rng};
    r->state = r->game->rules.create(&setup, &why);
    if (!r->state) goto fail_why;
    r->actions = xcalloc((size_t)r->nseats, r->game->action_size);
    size_t ai;
    json_t *ja;
    json_array_foreach(json_object_get(r->header, "absent"), ai, ja) {
        /* A seat that could not be started left before the first turn (game->rules.absent). */
        json_int_t s = json_integer_value(ja);
        if (!json_is_integer(ja) || s < 0 || s >= r->nseats || !r->game->rules.absent) {
            buf_printf(err, "%s: header: bad \"absent\" entry", path);
            goto fail;
        }
        r->game->rules.absent(r->state, (int)s);
        r->out[s] = true;
    }
    json_t *frame = json_object_get(r->header, "frame");
    if (frame) {
        buf_t b;
        buf_init(&b);
        jw_t w;
        jw_init(&w, &b);
        r->game->records.frame_json(r->state, &w);
        json_t *mine = json_loads(buf_cstr(&b), 0, NULL);
        buf_t d;
        buf_init(&d);
        bool differs = replay_first_diff(frame, mine, "frame", &d);
        json_decref(mine);
        buf_free(&b);
        if (differs) {
            buf_printf(err, "%s: header: the start differs: %s", path, buf_cstr(&d));
            buf_free(&d);
            goto fail;
        }
        buf_free(&d);
    }
    buf_free(&why);
    return r;
fail_why:
    buf_printf(err, "%s: %s", path, buf_cstr(&why));
fail:
    buf_free(&why);
    replay_close(r);
    return NULL;
}

replay_rec replay_next(replay_t *r, json_t **rec, buf_t *err) {
    *rec = NULL;
    for (;;) {
        if (!read_line(r)) return REPLAY_EOF;
        if (r->line[0]) break;
    }
    json_error_t je;
    json_t *j = json_loads(r->line, 0, &je);
    if (!j || !json_is_object(j)) {
        buf_printf(err, "line %d: not a JSON object (%s); the replay is truncated or corrupt", r->line_no,
                   j ? "wrong type" : je.text);
        json_decref(j);
        return REPLAY_ERROR;
    }
    const char *type = json_string_value(json_object_get(j, "type"));
    *rec = j;
    if (type && strcmp(type, "turn") == 0) return REPLAY_TURN;
    if (type && strcmp(type, "result") == 0) return REPLAY_RESULT;
    buf_printf(err, "line %d: unknown record type '%s'", r->line_no, type ? type : "(none)");
    return REPLAY_ERROR;
}

static verdict_kind verdict_from(const char *s) {
    for (int v = 0; v < VERDICT_COUNT; v++)
        if (s && strcmp(s, verdict_name((verdict_kind)v)) == 0) return (verdict_kind)v;
    return VERDICT_COUNT;
}

static verdict_cause cause_from(const char *s) {
    if (!s) return CAUSE_NONE;
    for (int c = 0; c < CAUSE_COUNT; c++)
        if (strcmp(s, verdict_cause_name((verdict_cause)c)) == 0) return (verdict_cause)c;
    return CAUSE_COUNT;
}

static bool compare_json(replay_t *r, json_t *recorded, void (*fn)(const void *, jw_t *), const char *what,
                         int turn, buf_t *err) {
    buf_t b;
    buf_init(&b);
    jw_t w;
    jw_init(&w, &b);
    fn(r->state, &w);
    /* The recorded value written back compactly is, for a replay as arena writes it, the same text
     * as the recomputed one: equal texts are equal values, with no second tree to build, compare
     * and free (a quarter of a Rising Tide verify's CPU). Any other text (another writer's spacing
     * or key order, or a real difference) is parsed and compared value by value, which names the
     * first difference. */
    char *text = recorded ? json_dumps(recorded, JSON_COMPACT | JSON_ENCODE_ANY) : NULL;
    bool same = text && strcmp(text, buf_cstr(&b)) == 0;
    free(text);
    if (same) {
        buf_free(&b);
        return true;
    }
    json_t *mine = json_loads(buf_cstr(&b), 0, NULL);
    buf_free(&b);
    buf_t d;
    buf_init(&d);
    bool differs = replay_first_diff(recorded ? recorded : json_null(), mine, what, &d);
    if (differs) buf_printf(err, "line %d (turn %d): %s", r->line_no, turn, buf_cstr(&d));
    buf_free(&d);
    json_decref(mine);
    return !differs;
}

bool replay_apply(replay_t *r, json_t *rec, bool check, buf_t *err) {
    const game_t *g = r->game;
    if (g->rules.is_over(r->state)) {
        buf_printf(err, "line %d: a turn recorded after the game was over", r->line_no);
        return false;
    }
    int turn = g->rules.turn(r->state);
    json_t *jt = json_object_get(rec, "turn");
    if (!json_is_integer(jt) || json_integer_value(jt) != turn) {
        buf_printf(err, "line %d: recorded turn %lld, but the game is at turn %d", r->line_no,
                   (long long)json_integer_value(jt), turn);
        return false;
    }
    bool mask[GAME_MAX_SEATS] = {false};
    g->rules.to_act(r->state, mask);
    memset(r->actions, 0, (size_t)r->nseats * g->action_size);
    seat_turn *turns = r->seat_turns;
    bool listed[GAME_MAX_SEATS] = {false};
    for (int s = 0; s < r->nseats; s++) {
        memset(&turns[s], 0, sizeof turns[s]);
        turns[s].out = r->out[s];
    }
    json_t *seats = json_object_get(rec, "seats");
    size_t i;
    json_t *e;
    json_array_foreach(seats, i, e) {
        json_t *js = json_object_get(e, "seat");
        int s = json_is_integer(js) ? (int)json_integer_value(js) : -1;
        if (s < 0 || s >= r->nseats || listed[s]) {
            buf_printf(err, "line %d (turn %d): bad seat entry %zu", r->line_no, turn, i);
            return false;
        }
        listed[s] = true;
        seat_turn *t = &turns[s];
        json_t *asked = json_object_get(e, "asked");
        t->asked = !asked || json_is_true(asked);
        t->verdict = verdict_from(json_string_value(json_object_get(e, "verdict")));
        t->cause = cause_from(json_string_value(json_object_get(e, "cause")));
        t->status = (int)json_integer_value(json_object_get(e, "status"));
        if (t->verdict == VERDICT_COUNT || t->cause == CAUSE_COUNT) {
            buf_printf(err, "line %d (turn %d): seat %d: unknown verdict or cause", r->line_no, turn, s);
            return false;
        }
        if (t->asked && (!mask[s] || r->out[s])) {
            buf_printf(err, "line %d (turn %d): seat %d is recorded as asked, but the game does not ask it", r->line_no,
                       turn, s);
            return false;
        }
        json_t *ja = json_object_get(e, "action");
        if (ja) {
            void *action = r->actions + (size_t)s * g->action_size;
            if (!g->records.action_parse(ja, action)) {
                buf_printf(err, "line %d (turn %d): seat %d: unreadable action", r->line_no, turn, s);
                return false;
            }
            t->has_action = true;
            if (check && g->rules.validate && (t->verdict == VERDICT_OK || t->cause == CAUSE_ILLEGAL)) {
                bool legal = g->rules.validate(r->state, s, action, NULL) == 0;
                if (legal != (t->verdict == VERDICT_OK)) {
                    buf_printf(err, "line %d (turn %d): seat %d: the action is %s but recorded as %s", r->line_no, turn,
                               s, legal ? "legal" : "illegal", verdict_name(t->verdict));
                    return false;
                }
            }
        } else if (t->verdict == VERDICT_OK && t->asked && check && g->records.action_parse) {
            /* A seat that answered in time without an action: only records transports allow it. */
            if (g->wire.transport != TRANSPORT_RECORDS) {
                buf_printf(err, "line %d (turn %d): seat %d: verdict ok without an action", r->line_no, turn, s);
                return false;
            }
        }
        if (t->verdict == VERDICT_DOWN || t->verdict == VERDICT_CRASH) t->out = r->out[s] = true;
    }
    if (check)
        for (int s = 0; s < r->nseats; s++)
            if (mask[s] && !r->out[s] && !listed[s]) {
                buf_printf(err, "line %d (turn %d): seat %d must act but has no entry", r->line_no, turn, s);
                return false;
            }
    g->rules.apply(r->state, r->actions, turns, &r->rng);
    /* the engine ran out of memory re-simulating: an error of this reading, not of the replay */
    if (g->rules.failed && g->rules.failed(r->state, err)) {
        buf_printf(err, " (line %d, turn %d)", r->line_no, turn);
        return false;
    }
    r->turns++;
    if (!check) return true;
    if (!compare_json(r, json_object_get(rec, "events"), g->records.turn_json, "events", turn, err)) return false;
    if (!compare_json(r, json_object_get(rec, "frame"), g->records.frame_json, "frame", turn, err)) return false;
    return true;
}

bool replay_check_result(replay_t *r, json_t *rec, buf_t *err) {
    /* The digest covers every line before the result record. */
    uint64_t digest_before = r->digest_before_last;
    double scores[GAME_MAX_SEATS];
    int ranks[GAME_MAX_SEATS];
    r->game->rules.result(r->state, scores, ranks);
    json_t *js = json_object_get(rec, "scores"), *jr = json_object_get(rec, "ranks");
    if (json_array_size(js) != (size_t)r->nseats || json_array_size(jr) != (size_t)r->nseats) {
        buf_printf(err, "line %d: result lists the wrong number of seats", r->line_no);
        return false;
    }
    for (int s = 0; s < r->nseats; s++) {
        json_t *x = json_array_get(js, (size_t)s);
        if (!json_is_number(x) || json_number_value(x) != scores[s]) {
            buf_printf(err, "line %d: result: seat %d score recorded %g, recomputed %g", r->line_no, s,
                       json_number_value(x), scores[s]);
            return false;
        }
        if (json_integer_value(json_array_get(jr, (size_t)s)) != ranks[s]) {
            buf_printf(err, "line %d: result: seat %d rank recorded %lld, recomputed %d", r->line_no, s,
                       (long long)json_integer_value(json_array_get(jr, (size_t)s)), ranks[s]);
            return false;
        }
    }
    json_t *jturns = json_object_get(rec, "turns");
    if (json_integer_value(jturns) != r->turns) {
        buf_printf(err, "line %d: result: %lld turns recorded, %d turn records in the file", r->line_no,
                   (long long)json_integer_value(jturns), r->turns);
        return false;
    }
    bool aborted = json_is_true(json_object_get(rec, "aborted"));
    if (!aborted && !r->game->rules.is_over(r->state)) {
        buf_printf(err, "line %d: result: the game is not over after %d turns", r->line_no, r->turns);
        return false;
    }
    char hex[24];
    snprintf(hex, sizeof hex, "%016llx", (unsigned long long)r->header_digest);
    const char *hd = json_string_value(json_object_get(rec, "header_digest"));
    if (!hd || strcmp(hd, hex) != 0) {
        buf_printf(err, "line 1: the header was changed (header digest %s, recorded %s)", hex, hd ? hd : "none");
        return false;
    }
    snprintf(hex, sizeof hex, "%016llx", (unsigned long long)digest_before);
    const char *dd = json_string_value(json_object_get(rec, "digest"));
    if (!dd || strcmp(dd, hex) != 0) {
        buf_printf(err, "line %d: the file was changed outside what re-simulation checks (digest %s, recorded %s)",
                   r->line_no, hex, dd ? dd : "none");
        return false;
    }
    return true;
}

void replay_close(replay_t *r) {
    if (!r) return;
    if (r->state) r->game->rules.destroy(r->state);
    if (r->f && r->f != stdin) fclose(r->f);
    json_decref(r->header);
    free(r->actions);
    free(r->line);
    free(r->path);
    for (int i = 0; i < r->nkv; i++) free(r->kv[i]);
    free(r);
}
