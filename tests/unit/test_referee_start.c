/* test_referee_start.c: the referee's descriptors and pipes from a seat's start to its end: a
 * process seat that cannot start is out of the game from the start and has no descriptors (the
 * referee never polls, reads or closes one for it: a zeroed process record once named our own
 * stdin, which the referee then read and closed); a whole match leaves no descriptor open, with
 * the sandbox on or off; the last bytes a seat wrote to stderr, even a single one, are kept. */
#include "t.h"
#include "games/registry.h"
#include "match/match.h"
#include <dirent.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <unistd.h>

TEST(a_seat_that_cannot_start_leaves_our_stdin_alone) {
    const game_t *g = registry_find("rezzo");
    CHECK(g != NULL);
    if (!g) return;
    /* our stdin: a pipe holding four bytes */
    int saved = dup(0), p[2];
    CHECK(saved >= 0 && pipe(p) == 0);
    CHECK(write(p[1], "keep", 4) == 4);
    CHECK(dup2(p[0], 0) == 0);
    close(p[0]);
    static match_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.game = g;
    buf_t err;
    buf_init(&err);
    char *kv[] = {"size=16x16", "max_ticks=3", "tick_ms=30"};
    CHECK(match_parse_options(g, 3, kv, &cfg.options, &err));
    cfg.clock = match_default_clock(g);
    cfg.clock.startup_ms = 30;
    cfg.sandbox.mode = SANDBOX_OFF;
    cfg.seed = 1;
    cfg.nseats = 2;
    /* Rezzo's records cannot travel over tcp: seat 0 fails to start */
    CHECK(seatspec_parse(g, "tcp:true", &cfg.seats[0], &err));
    CHECK(seatspec_parse(g, "builtin:wander", &cfg.seats[1], &err));
    match_t *m = match_new(&cfg, &err);
    CHECK(m != NULL);
    if (m) {
        CHECK_EQ_INT(match_run(m), 0);
        CHECK_EQ_INT(m->verdicts[0][VERDICT_CRASH], 1);
        match_free(m);
    }
    /* stdin is still open and nobody read from it */
    CHECK(fcntl(0, F_GETFD) != -1);
    fcntl(0, F_SETFL, O_NONBLOCK);
    char got[8] = {0};
    CHECK_EQ_INT(read(0, got, sizeof got), 4);
    CHECK_EQ_STR(got, "keep");
    dup2(saved, 0);
    close(saved);
    close(p[1]);
    for (int s = 0; s < cfg.nseats; s++) seatspec_free(&cfg.seats[s]);
    buf_free(&err);
}

/* Descriptors open in this process. */
static int open_fds(void) {
    DIR *d = opendir("/proc/self/fd");
    if (!d) return -1;
    int n = 0;
    for (struct dirent *e; (e = readdir(d));) n += e->d_name[0] != '.';
    closedir(d);
    return n - 1; /* the listing's own */
}

/* A short Chicken game (3 moves a chicken) between seat0 (a format with %s for the greedy kit
 * program's path) and that program, sandbox as given: the match, run (match_free it), or NULL. */
static match_t *short_game(match_config *cfg, sandbox_mode mode, const char *seat0) {
    static char kit[4400];
    char arena[4096];
    snprintf(arena, sizeof arena, "%s", getenv("ARENA") ? getenv("ARENA") : "bin/arena");
    snprintf(kit, sizeof kit, "%s/kits/chicken/greedy", dirname(arena));
    char spec[9000];
    snprintf(spec, sizeof spec, seat0, kit);
    const game_t *g = registry_find("chicken");
    memset(cfg, 0, sizeof *cfg);
    cfg->game = g;
    buf_t err;
    buf_init(&err);
    char *kv[] = {"moves=3", "colours=fixed", "spawn=1", "doors=3,3;4,3"};
    bool ok = match_parse_options(g, 4, kv, &cfg->options, &err);
    cfg->clock = match_default_clock(g);
    cfg->sandbox.mode = mode;
    cfg->seed = 1;
    cfg->nseats = 2;
    ok = ok && seatspec_parse(g, spec, &cfg->seats[0], &err) && seatspec_parse(g, kit, &cfg->seats[1], &err);
    match_t *m = ok ? match_new(cfg, &err) : NULL;
    if (!m) printf("# %s\n", buf_cstr(&err));
    buf_free(&err);
    if (m) CHECK_EQ_INT(match_run(m), 0);
    return m;
}

/* The first sandboxed seat opens the sandbox's lasting rules once (Landlock's system paths, kept
 * for every later seat): counted from the second match on, every match gives back all it opened. */
TEST(a_whole_match_leaves_no_descriptor_open) {
    int before = 0;
    for (int k = 0; k < 3; k++) {
        if (k == 1) before = open_fds();
        static match_config cfg;
        match_t *m = short_game(&cfg, k < 2 ? SANDBOX_ON : SANDBOX_OFF, "%s");
        CHECK(m != NULL);
        if (!m) return;
        CHECK_EQ_INT(m->verdicts[0][VERDICT_CRASH] + m->verdicts[1][VERDICT_CRASH], 0);
        CHECK(m->turns_played >= 2);
        match_free(m);
        for (int s = 0; s < cfg.nseats; s++) seatspec_free(&cfg.seats[s]);
    }
    CHECK_EQ_INT(open_fds(), before);
}

TEST(a_single_byte_on_stderr_is_kept) {
    static match_config cfg;
    match_t *m = short_game(&cfg, SANDBOX_OFF, "printf x >&2; exec %s");
    CHECK(m != NULL);
    if (!m) return;
    CHECK_EQ_STR(m->stderr_tail[0] ? m->stderr_tail[0] : "(none)", "x");
    match_free(m);
    for (int s = 0; s < cfg.nseats; s++) seatspec_free(&cfg.seats[s]);
}

int main(void) {
    RUN(a_seat_that_cannot_start_leaves_our_stdin_alone);
    RUN(a_whole_match_leaves_no_descriptor_open);
    RUN(a_single_byte_on_stderr_is_kept);
    return T_DONE();
}
