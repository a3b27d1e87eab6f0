/* match_fixture.h: one match driven through match.h for the referee's tests (a game, its options,
 * seat arguments, the sandbox, a sink or none), and a bot file written into a fresh folder. */
#ifndef TEST_MATCH_FIXTURE_H
#define TEST_MATCH_FIXTURE_H
#include "games/registry.h"
#include "match/match.h"
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

typedef struct {
    const char *game;
    char **options;            /* KEY=VALUE */
    int noptions;
    const char *const *seats;  /* seat arguments */
    int nseats;
    sandbox_mode sandbox;
    uint64_t seed;
    const sink_t *sinks;       /* sinks[0..nlisted) go into the configuration, */
    int nsinks, nlisted;       /* the first nsinks of them counted (nlisted 0: nsinks) */
    bool quick;
    int64_t startup_ms;        /* 0: the game's */
} fixture_game;

/* Sets cfg up for f and plays it: the match (fixture_finish frees it), match_run's status in *rc;
 * NULL, with a note, when the options, a seat or the match are refused. */
static inline match_t *fixture_play(const fixture_game *f, match_config *cfg, int *rc) {
    const game_t *g = registry_find(f->game);
    memset(cfg, 0, sizeof *cfg);
    cfg->game = g;
    buf_t err;
    buf_init(&err);
    bool ok = match_parse_options(g, f->noptions, f->options, &cfg->options, &err);
    cfg->clock = match_default_clock(g);
    if (f->startup_ms) cfg->clock.startup_ms = f->startup_ms;
    cfg->quick = f->quick;
    cfg->sandbox.mode = f->sandbox;
    cfg->seed = f->seed;
    cfg->nseats = f->nseats;
    for (int s = 0; s < f->nseats; s++) ok = ok && seatspec_parse(g, f->seats[s], &cfg->seats[s], &err);
    for (int i = 0; i < (f->nlisted ? f->nlisted : f->nsinks); i++) cfg->sinks[i] = f->sinks[i];
    cfg->nsinks = f->nsinks;
    match_t *m = ok ? match_new(cfg, &err) : NULL;
    if (!m) printf("# %s\n", buf_cstr(&err));
    else *rc = match_run(m);
    buf_free(&err);
    return m;
}

static inline void fixture_finish(match_t *m, match_config *cfg) {
    if (m) match_free(m);
    for (int s = 0; s < cfg->nseats; s++) seatspec_free(&cfg->seats[s]);
}

/* Makes a fresh folder from DIR (a mkdtemp template, "/tmp/NAME_XXXXXX") and writes TEXT into
 * DIR/NAME, its path in PATH; false when either fails. */
static inline bool fixture_file(char *dir, const char *name, const char *text, char *path, size_t cap) {
    if (!mkdtemp(dir)) return false;
    snprintf(path, cap, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (!f) return false;
    fputs(text, f);
    return fclose(f) == 0;
}

/* Removes what fixture_file made. */
static inline void fixture_file_remove(const char *dir, const char *path) {
    remove(path);
    rmdir(dir);
}
#endif
