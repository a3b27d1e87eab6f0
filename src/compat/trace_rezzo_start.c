/* trace_rezzo_start.c: `arena trace-check rezzo FILE` for the original server's start-state
 * vectors (tests/vectors/rezzo/start_states.json and its map files, README.md there): for every
 * world of the file, Arena's generator must give the same agents, cell counts, owner hash, map
 * (letter for letter) and type hashes after N idle steps (Rezzo D15). The first difference is
 * named with the vector's index in the file and the step. */
#include "trace.h"
#include "../games/rezzo/rz.h"
#include <errno.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char FACING[4] = {'N', 'E', 'S', 'W'};

/* The file's count keys and the type each counts (owned types whatever their owner). */
static const struct {
    const char *key;
    uint8_t type;
} COUNTS[] = {
    {"blank", RZ_BLANK}, {"conductor", RZ_COND}, {"electron", RZ_ELEC},     {"electron_tail", RZ_TAIL},
    {"photon", RZ_PHOTON}, {"agent", RZ_AGENT},  {"flag", RZ_FLAG},        {"flag_geyser", RZ_GEYSER},
    {"base", RZ_BASE},
};

typedef struct {
    FILE *out;
    const char *path;
    int index;   /* the vector being checked */
    int step;    /* the idle step, -1 before stepping */
    bool failed; /* a difference was named */
    bool broken; /* the file (or a map file it names) cannot be read as this format */
} start_ctx;

/* Names the first problem, a difference (exit 1) or something that cannot be read (exit 2), with
 * the vector's index and, for a difference, the step. */
static void start_report(start_ctx *c, bool unreadable, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void start_report(start_ctx *c, bool unreadable, const char *fmt, ...) {
    if (c->failed || c->broken) return;
    if (unreadable) {
        c->broken = true;
        fprintf(c->out, "%s: vector %d: ", c->path, c->index);
    } else {
        c->failed = true;
        if (c->step < 0) fprintf(c->out, "vector %d, start: ", c->index);
        else fprintf(c->out, "vector %d, after %d idle steps: ", c->index, c->step);
    }
    va_list ap;
    va_start(ap, fmt);
    vfprintf(c->out, fmt, ap);
    va_end(ap);
    fputc('\n', c->out);
}

/* An integer field of a vector, or false (the file is broken) when it is absent. */
static bool start_int(start_ctx *c, json_t *v, const char *key, long long *out) {
    json_t *j = json_object_get(v, key);
    if (!json_is_integer(j)) {
        start_report(c, true, "\"%s\" is missing or not an integer", key);
        return false;
    }
    *out = json_integer_value(j);
    return true;
}

static void start_hash(start_ctx *c, const char *what, json_t *want, uint64_t mine) {
    char got[17];
    snprintf(got, sizeof got, "%016llx", (unsigned long long)mine);
    if (!json_is_string(want)) start_report(c, true, "%s is missing or not a string", what);
    else if (strcmp(json_string_value(want), got) != 0)
        start_report(c, false, "%s: file %s, Arena %s", what, json_string_value(want), got);
}

static void start_agents(start_ctx *c, json_t *agents, const rz_state *st) {
    if (json_array_size(agents) != (size_t)st->n) {
        start_report(c, false, "the file lists %zu agents for %d players", json_array_size(agents), st->n);
        return;
    }
    for (int s = 0; s < st->n && !c->failed && !c->broken; s++) {
        json_t *a = json_array_get(agents, (size_t)s);
        long long x, y;
        const char *f = json_string_value(json_object_get(a, "facing"));
        if (!start_int(c, a, "x", &x) || !start_int(c, a, "y", &y)) return;
        const rz_player *p = &st->p[s];
        if (x != p->x || y != p->y || !f || f[0] != FACING[p->facing])
            start_report(c, false, "agent %d: file (%lld, %lld) facing %s, Arena (%d, %d) facing %c", s + 1, x, y, f ? f : "?",
                         p->x, p->y, FACING[p->facing]);
    }
}

static void start_counts(start_ctx *c, json_t *counts, const rz_world *w) {
    long have[256] = {0};
    for (size_t k = 0; k < w->n; k++) have[w->type[k]]++;
    for (size_t i = 0; i < sizeof COUNTS / sizeof COUNTS[0] && !c->failed && !c->broken; i++) {
        long long want;
        if (!start_int(c, counts, COUNTS[i].key, &want)) return;
        if (want != have[COUNTS[i].type])
            start_report(c, false, "counts.%s: file %lld, Arena %ld", COUNTS[i].key, want, have[COUNTS[i].type]);
    }
}

/* The map file (beside the vector file), letter for letter. */
static void start_map(start_ctx *c, const char *name, const rz_world *w) {
    if (!name) {
        start_report(c, true, "\"initial_map_file\" is missing");
        return;
    }
    const char *slash = strrchr(c->path, '/');
    char file[4096];
    snprintf(file, sizeof file, "%.*s%s", slash ? (int)(slash - c->path + 1) : 0, c->path, name);
    FILE *f = fopen(file, "r");
    if (!f) {
        start_report(c, true, "cannot read the map file %s: %s", file, strerror(errno));
        return;
    }
    char *line = NULL;
    size_t cap = 0;
    int y = 0;
    ssize_t n;
    while (!c->failed && y < w->h && (n = getline(&line, &cap, f)) >= 0) {
        if (n > 0 && line[n - 1] == '\n') line[--n] = 0;
        if (n != w->w) {
            start_report(c, false, "map %s line %d has %zd characters, the world is %d wide", name, y + 1, n, w->w);
            break;
        }
        for (int x = 0; x < w->w; x++) {
            size_t k = (size_t)y * (size_t)w->w + (size_t)x;
            char mine = (char)rz_letter(w->type[k], w->owner[k]);
            if (line[x] != mine) {
                start_report(c, false, "map %s cell (%d, %d): file '%c', Arena '%c'", name, x, y, line[x], mine);
                break;
            }
        }
        y++;
    }
    if (!c->failed && y != w->h) start_report(c, false, "map %s has %d lines, the world is %d high", name, y, w->h);
    free(line);
    fclose(f);
}

/* The type hashes at the file's steps, stepping the world with every agent idle. */
static void start_steps(start_ctx *c, json_t *hashes, rz_state *st) {
    int last = -1;
    const char *key;
    json_t *val;
    json_object_foreach(hashes, key, val) {
        char *end;
        long k = strtol(key, &end, 10);
        if (*end || k < 0 || k > 1000000) {
            start_report(c, true, "type_hash has the step \"%s\"", key);
            return;
        }
        if (k > last) last = (int)k;
    }
    int acts[RZ_MAX_PLAYERS];
    bool multi[RZ_MAX_PLAYERS] = {false};
    for (int s = 0; s < RZ_MAX_PLAYERS; s++) acts[s] = -1;
    for (c->step = 0; c->step <= last && !c->failed && !c->broken; c->step++) {
        char k[16];
        snprintf(k, sizeof k, "%d", c->step);
        json_t *want = json_object_get(hashes, k);
        if (want) start_hash(c, "type_hash", want, rz_type_hash(&st->world));
        if (c->step < last) rz_tick(st, acts, multi, NULL);
    }
    if (!c->failed) c->step--;
}

static void start_vector(start_ctx *c, json_t *v) {
    long long seed, w, h, n;
    c->step = -1;
    if (!start_int(c, v, "seed", &seed) || !start_int(c, v, "width", &w) || !start_int(c, v, "height", &h) ||
        !start_int(c, v, "num_agents", &n))
        return;
    if (w < RZ_MIN_SIZE || w > RZ_MAX_SIZE || h < RZ_MIN_SIZE || h > RZ_MAX_SIZE || n < 0 || n > RZ_MAX_PLAYERS) {
        start_report(c, true, "%lldx%lld with %lld agents is outside what Rezzo plays", w, h, n);
        return;
    }
    /* The original's -r seed goes to srandom() mod 2^32 (Rezzo D15). */
    rz_config cfg = {.w = (int)w, .h = (int)h, .players = (int)n, .max_ticks = 0, .tick_ms = 60, .start_ms = 1000,
                     .keyframe_every = 500, .seed32 = (uint32_t)seed};
    buf_t err;
    buf_init(&err);
    rz_state *st = rz_new(&cfg, &err, NULL);
    if (!st) {
        start_report(c, false, "Arena cannot set this world up: %s", buf_cstr(&err));
        buf_free(&err);
        return;
    }
    buf_free(&err);
    start_agents(c, json_object_get(v, "agents"), st);
    if (!c->failed && !c->broken) start_counts(c, json_object_get(v, "counts"), &st->world);
    if (!c->failed && !c->broken)
        start_hash(c, "owner_hash_step0", json_object_get(v, "owner_hash_step0"), rz_owner_hash(&st->world));
    if (!c->failed && !c->broken) start_map(c, json_string_value(json_object_get(v, "initial_map_file")), &st->world);
    if (!c->failed && !c->broken) {
        json_t *hashes = json_object_get(v, "type_hash");
        if (!json_is_object(hashes) || json_object_size(hashes) == 0) start_report(c, true, "\"type_hash\" is missing");
        else start_steps(c, hashes, st);
    }
    rz_free(st);
}

int trace_rezzo_start(const char *path, FILE *out) {
    json_error_t je;
    json_t *file = json_load_file(path, 0, &je);
    if (!file) {
        fprintf(out, "cannot read %s: %s\n", path, je.text);
        return 2;
    }
    json_t *vectors = json_object_get(file, "vectors");
    if (!json_is_array(vectors) || json_array_size(vectors) == 0) {
        fprintf(out, "%s: not a Rezzo start-state file (no \"vectors\" list)\n", path);
        json_decref(file);
        return 2;
    }
    start_ctx c = {.out = out, .path = path};
    int steps = 0;
    for (c.index = 0; c.index < (int)json_array_size(vectors) && !c.failed && !c.broken; c.index++) {
        start_vector(&c, json_array_get(vectors, (size_t)c.index));
        if (c.step > steps) steps = c.step;
    }
    int rc = c.broken ? 2 : c.failed ? 1 : 0;
    if (rc == 0)
        fprintf(out, "%s: OK (%zu start states: agents, counts, owner hash, map and type hashes up to %d idle steps "
                     "match)\n", path, json_array_size(vectors), steps);
    json_decref(file);
    return rc;
}
