/* config.c: a tournament's configuration: entrants, canonical JSON and its key. */
#include "tourney.h"
#include "../core/hash.h"
#include "../core/jw.h"
#include "../core/text.h"
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *format_names[] = {"round-robin", "gauntlet", "random", "rounds"};
#define NFORMATS (int)(sizeof format_names / sizeof format_names[0])

const char *config_format_name(tourney_format f) { return (int)f >= 0 && (int)f < NFORMATS ? format_names[f] : "?"; }

bool config_format_parse(const char *s, tourney_format *f) {
    for (int i = 0; i < NFORMATS; i++)
        if (strcmp(s, format_names[i]) == 0) {
            *f = (tourney_format)i;
            return true;
        }
    if (strcmp(s, "roundrobin") == 0 || strcmp(s, "rr") == 0) {
        *f = FORMAT_ROUND_ROBIN;
        return true;
    }
    return false;
}

bool config_weights_parse(const char *s, tourney_weights *w, buf_t *err) {
    memset(w, 0, sizeof *w);
    const char *p = s;
    for (;;) {
        char *end;
        double v = strtod(p, &end);
        if (end == p || !(v > 0) || v > 1e6 || (*end && *end != ',')) {
            buf_printf(err, "--multipliers %s: expected positive numbers separated by commas, e.g. 10,14,20,28,40", s);
            return false;
        }
        if (w->n == TOURNEY_MAX_MULT) {
            buf_printf(err, "--multipliers: at most %d rounds", TOURNEY_MAX_MULT);
            return false;
        }
        w->mult[w->n++] = v;
        if (!*end) return true;
        p = end + 1;
    }
}

double config_weight_of(const tourney_weights *w, uint64_t seed_index) {
    int r = tourney_round_of(seed_index);
    return w && r < w->n ? w->mult[r] : 1.0;
}

static void entrant_json(jw_t *w, const tourney_entrant *e) {
    jw_obj(w);
    jw_key(w, "name");
    jw_str(w, e->name);
    jw_key(w, "seat");
    jw_str(w, e->seat.text);
    jw_obj_end(w);
}

void config_json(const tourney_config *c, bool with_seed, buf_t *out) {
    jw_t w;
    jw_init(&w, out);
    jw_obj(&w);
    jw_key(&w, "game");
    jw_str(&w, c->game->id);
    jw_key(&w, "entrants");
    jw_arr(&w);
    for (int i = 0; i < c->nentrants; i++) entrant_json(&w, &c->entrants[i]);
    jw_arr_end(&w);
    jw_key(&w, "fill");
    if (c->has_fill) entrant_json(&w, &c->fill);
    else jw_null(&w);
    jw_key(&w, "options");
    jw_obj(&w);
    for (int i = 0; i < c->options.count; i++) {
        jw_key(&w, c->options.key[i]);
        jw_str(&w, c->options.value[i]);
    }
    jw_obj_end(&w);
    jw_key(&w, "format");
    jw_str(&w, c->sprt_on ? "sprt" : config_format_name(c->format));
    /* An SPRT's --games is only a cap (pair p is the same whatever the cap): raising it goes on
     * with the same test, so it is not part of what defines the tournament. */
    if (!c->sprt_on) {
        jw_key(&w, "games");
        jw_int(&w, c->games);
    }
    /* Only the rounds format has these, so every other tournament keeps the key it had. */
    if (c->format == FORMAT_ROUNDS && !c->sprt_on) {
        jw_key(&w, "rounds");
        jw_int(&w, c->rounds);
        jw_key(&w, "multipliers");
        jw_arr(&w);
        for (int i = 0; i < c->weights.n; i++) jw_double(&w, c->weights.mult[i]);
        jw_arr_end(&w);
    }
    jw_key(&w, "seats");
    jw_int(&w, c->seats);
    if (with_seed) {
        jw_key(&w, "seed");
        jw_uint(&w, c->seed);
    }
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
    jw_key(&w, "pause");
    jw_bool(&w, c->clock.pause_idle);
    jw_key(&w, "quick");
    jw_bool(&w, c->quick);
    jw_obj_end(&w);
    jw_key(&w, "sprt");
    if (c->sprt_on) {
        jw_arr(&w);
        jw_double(&w, c->sprt.elo0);
        jw_double(&w, c->sprt.elo1);
        jw_double(&w, c->sprt.alpha);
        jw_double(&w, c->sprt.beta);
        jw_arr_end(&w);
    } else {
        jw_null(&w);
    }
    jw_obj_end(&w);
}

void config_key(const tourney_config *c, bool with_seed, char out[17]) {
    buf_t b;
    buf_init(&b);
    config_json(c, with_seed, &b);
    uint64_t h = hash_fnv1a64(b.data, b.len, FNV1A64_OFFSET);
    snprintf(out, 17, "%016llx", (unsigned long long)h);
    buf_free(&b);
}

static bool parse_entrant(const tourney_config *c, const char *arg, tourney_entrant *e, buf_t *err) {
    memset(e, 0, sizeof *e);
    if (!seatspec_parse(c->game, arg, &e->seat, err)) return false;
    /* The command line names the entrant for the whole tournament: a bot's "#name:" line must
     * not rename it between games. */
    e->seat.named = true;
    e->name = text_dup(e->seat.name, strlen(e->seat.name));
    return true;
}

void config_describe(const tourney_config *c, const char *key, const char *key_noseed, int planned, int seats,
                        tourney_description *d) {
    memset(d, 0, sizeof *d);
    buf_init(&d->json);
    config_json(c, true, &d->json);
    for (int i = 0; i < c->nentrants; i++) {
        d->names[i] = c->entrants[i].name;
        d->seat_texts[i] = c->entrants[i].seat.text;
    }
    d->t = (tourneys_new){.key = key, .key_noseed = key_noseed, .game = c->game->id, .config = buf_cstr(&d->json),
                          .format = c->sprt_on ? "sprt" : config_format_name(c->format), .seed = c->seed, .seats = seats,
                          .planned = planned, .nentrants = c->nentrants, .names = d->names,
                          .seat_texts = d->seat_texts};
    if (c->has_fill) {
        d->t.fill_name = c->fill.name;
        d->t.fill_seat = c->fill.seat.text;
    }
}

void config_describe_free(tourney_description *d) { buf_free(&d->json); }

bool config_add_entrant(tourney_config *c, const char *arg, buf_t *err) {
    if (c->nentrants >= TOURNEY_MAX_ENTRANTS) {
        buf_printf(err, "at most %d entrants", TOURNEY_MAX_ENTRANTS);
        return false;
    }
    tourney_entrant e;
    if (!parse_entrant(c, arg, &e, err)) return false;
    for (int i = 0; i < c->nentrants; i++)
        if (strcmp(c->entrants[i].name, e.name) == 0) {
            buf_printf(err, "two entrants are named '%s'; give each its own name, e.g. a=%s b=%s", e.name,
                       e.seat.text, c->entrants[i].seat.text);
            seatspec_free(&e.seat);
            free(e.name);
            return false;
        }
    c->entrants[c->nentrants++] = e;
    return true;
}

bool config_set_fill(tourney_config *c, const char *arg, buf_t *err) {
    if (c->has_fill) {
        seatspec_free(&c->fill.seat);
        free(c->fill.name);
    }
    c->has_fill = parse_entrant(c, arg, &c->fill, err);
    return c->has_fill;
}

void config_free(tourney_config *c) {
    for (int i = 0; i < c->nentrants; i++) {
        seatspec_free(&c->entrants[i].seat);
        free(c->entrants[i].name);
    }
    if (c->has_fill) {
        seatspec_free(&c->fill.seat);
        free(c->fill.name);
    }
    c->nentrants = 0;
    c->has_fill = false;
}

void config_replay_path(const char *dir, int64_t tourney_id, int idx, char *out, size_t n) {
    snprintf(out, n, "%s/t%lld-m%06d.jsonl", dir, (long long)tourney_id, idx);
}

int config_cpu_count(void) {
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0) {
        int n = CPU_COUNT(&set);
        if (n > 0) return n;
    }
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int)n : 1;
}
