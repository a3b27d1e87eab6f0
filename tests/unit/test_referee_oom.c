/* test_referee_oom.c: the referee when a game runs out of memory. Making the game is a failure, not
 * a refused setup (arena play said "usage error", exit 2); running out during play abandons the
 * match with the game's reason (Rezzo's engine aborted the whole process). */
#include "t.h"
#include "limited_child.h"
#include "match_fixture.h"
#include "match/sinks.h"
#include "rz_failing.h"
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *const WANDERERS[] = {"builtin:wander", "builtin:wander"};

/* match_new_status on a Rezzo game with these options: the match (or NULL), the message in err. */
static match_t *rezzo_match(match_config *cfg, const char *size, int nseats, buf_t *err, bool *runtime) {
    const game_t *g = registry_find("rezzo");
    memset(cfg, 0, sizeof *cfg);
    cfg->game = g;
    char kv_size[32];
    snprintf(kv_size, sizeof kv_size, "size=%s", size);
    char *kv[] = {kv_size, "max_ticks=10"};
    if (!match_parse_options(g, 2, kv, &cfg->options, err)) return NULL;
    cfg->clock = match_default_clock(g);
    cfg->seed = 2; /* seed 2 cannot place 10 agents on 16x16 (Rezzo D14) */
    cfg->nseats = nseats;
    for (int s = 0; s < nseats; s++)
        if (!seatspec_parse(g, WANDERERS[s % 2], &cfg->seats[s], err)) return NULL;
    return match_new_status(cfg, err, runtime);
}

/* In a child limited to 1 GiB, 4096x4096 matches (80 MiB of cells each) are made until one fails:
 * that failure is a runtime error. */
static match_config cfgs[64];
static int make_matches_until_one_fails(void) {
    buf_t err;
    buf_init(&err);
    for (int k = 0; k < 64; k++) {
        bool runtime = false;
        if (!rezzo_match(&cfgs[k], "4096x4096", 2, &err, &runtime)) { /* the earlier matches stay */
            if (k == 0) return 2;
            if (!runtime) return 3;
            return strstr(buf_cstr(&err), "out of memory for a 4096x4096 world (80 MiB)") ? 0 : 4;
        }
    }
    return 5;
}

TEST(a_game_that_cannot_be_made_for_want_of_memory_is_a_runtime_error) {
    if (LIMITED_CHILD_WORKS) CHECK_EQ_INT(limited_child(make_matches_until_one_fails), 0);
    else printf("# (the out-of-memory half skipped: under a sanitizer)\n");
    /* a setup the game refuses stays the command's mistake */
    match_config cfg;
    buf_t err;
    buf_init(&err);
    bool runtime = true;
    CHECK(rezzo_match(&cfg, "16x16", 10, &err, &runtime) == NULL);
    CHECK(!runtime);
    CHECK(strstr(buf_cstr(&err), "has no room for 10 players") != NULL);
    for (int s = 0; s < 10; s++) seatspec_free(&cfg.seats[s]);
    /* and one it takes is made */
    buf_reset(&err);
    match_t *m = rezzo_match(&cfg, "32x32", 2, &err, &runtime);
    CHECK(m != NULL && !runtime);
    if (m) match_free(m);
    for (int s = 0; s < 2; s++) seatspec_free(&cfg.seats[s]);
    buf_free(&err);
}

static void *fill[LIMITED_FILL_MAX];

/* Every game's create (game_create, as the referee calls it) once malloc gives nothing more: NULL,
 * "out of memory for a GAME state", and a runtime error, not the setup's; the states came from the
 * aborting allocator (Rezzo's xcalloc, the others' xmalloc), which ended the whole process (the
 * referee, or the Python program running the simulator). Rezzo's rz_from_map (scenarios) too. The
 * options and the message's room are had before memory is filled; each setup is made once with
 * memory first, so only the want of memory can refuse it. */
static game_options opts[16];
static int create_every_game_without_memory(void) {
    buf_t err;
    buf_init(&err);
    rng_t rng;
    rng_seed(&rng, 1, RNG_STREAM_MATCH);
    int ngames = 0;
    for (int gi = 0; registry_games[gi] && gi < 16; gi++, ngames++) {
        const game_t *g = registry_games[gi];
        if (!match_parse_options(g, 0, NULL, &opts[gi], &err)) return 2;
        game_setup setup = {g->min_seats, &opts[gi], 1, &rng};
        bool runtime = false;
        void *st = game_create(g, &setup, &err, &runtime);
        if (!st) {
            printf("# %s: %s\n", g->id, buf_cstr(&err));
            return 3;
        }
        g->rules.destroy(st);
    }
    static const char *const rows[] = {"1...............", "................", "................", "................",
                                       "................", "................", "................", "................",
                                       "................", "................", "................", "................",
                                       "................", "................", "................", "...............2"};
    buf_reserve(&err, 4096);
    int n = limited_fill(fill), rc = n == LIMITED_FILL_MAX ? 60 : 0; /* 60: not filled */
    for (int gi = 0; gi < ngames && !rc; gi++) {
        const game_t *g = registry_games[gi];
        game_setup setup = {g->min_seats, &opts[gi], 1, &rng};
        bool runtime = false;
        buf_reset(&err);
        void *st = game_create(g, &setup, &err, &runtime);
        char want[64];
        snprintf(want, sizeof want, "out of memory for a %s state (", g->id);
        for (char *c = want; *c; c++) *c = *c == '_' ? ' ' : *c; /* "rising tide" */
        if (st) g->rules.destroy(st), rc = 10 + gi;
        else if (!runtime || !strstr(buf_cstr(&err), want)) rc = 30 + gi;
        if (rc) printf("# %s: %s (runtime error: %d)\n", g->id, buf_cstr(&err), runtime);
    }
    buf_reset(&err);
    rz_state *map = rc ? NULL : rz_from_map(16, 16, rows, &err);
    if (map) rz_free(map), rc = 50;
    else if (!rc && !strstr(buf_cstr(&err), "out of memory for a rezzo state (")) rc = 51;
    limited_unfill(fill, n);
    if (rc >= 50) printf("# rz_from_map: %s\n", buf_cstr(&err));
    buf_free(&err);
    return rc;
}

TEST(every_games_create_without_memory_is_a_runtime_error_not_an_abort) {
    CHECK_EQ_INT(limited_child(create_every_game_without_memory), 0);
}

TEST(a_game_that_runs_out_of_memory_during_play_is_abandoned_with_its_reason) {
    rz_failing_game(NULL);
    match_config cfg;
    buf_t err;
    buf_init(&err);
    bool runtime = false;
    match_t *m = rezzo_match(&cfg, "32x32", 2, &err, &runtime);
    CHECK(m != NULL);
    if (!m) return;
    cfg.game = &failing_rezzo; /* the match reads its game from cfg's copy */
    m->game = &failing_rezzo;
    cfg.quick = true;
    char path[] = "/tmp/arena_oom_XXXXXX";
    int fd = mkstemp(path);
    fflush(stderr);
    int saved = dup(2);
    dup2(fd, 2);
    int rc = match_run(m);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    char text[1024] = "";
    ssize_t n = pread(fd, text, sizeof text - 1, 0);
    text[n > 0 ? n : 0] = '\0';
    close(fd);
    unlink(path);
    CHECK_EQ_INT(rc, 1);
    CHECK(m->aborted);
    CHECK_EQ_INT(m->turns_played, 3);
    CHECK(strstr(text, "rezzo: out of memory at tick 3: the cell lists of the 32x32 world could not grow; the game "
                       "was abandoned") != NULL);
    if (t_failed_now) printf("# stderr: %s\n", text);
    match_free(m);
    for (int s = 0; s < 2; s++) seatspec_free(&cfg.seats[s]);
    buf_free(&err);
}

/* A game whose log cannot be made (log_new NULL: out of memory; the games' xcalloc aborted) under
 * `--log FILE`: the game is played to its end, the log sink writes nothing and its finish says why
 * (arena play then exits 1); the formatter's NULL was handed to log_event, a crash. */
static game_t nolog_rezzo;
static void *no_log(const game_names *names) {
    (void)names;
    return NULL;
}

TEST(a_log_that_cannot_be_made_is_the_log_sinks_failure_not_a_crash) {
    nolog_rezzo = game_rezzo;
    nolog_rezzo.records.log_new = no_log;
    match_config cfg;
    buf_t err;
    buf_init(&err);
    bool runtime = false;
    match_t *m = rezzo_match(&cfg, "16x16", 2, &err, &runtime);
    CHECK(m != NULL);
    if (!m) return;
    cfg.game = &nolog_rezzo;
    m->game = &nolog_rezzo;
    cfg.quick = true;
    char path[] = "/tmp/arena_nolog_XXXXXX";
    close(mkstemp(path));
    sink_t *log = sink_log_new(path, &err);
    CHECK(log != NULL);
    cfg.sinks[0] = *log;
    cfg.nsinks = 1;
    CHECK_EQ_INT(match_run(m), 0);
    CHECK(m->over && !m->aborted && m->turns_played == 10);
    buf_reset(&err);
    CHECK(!sink_finish(log, &err));
    char want[128];
    snprintf(want, sizeof want, "the log %s was not written: out of memory for the game's log", path);
    CHECK_EQ_STR(buf_cstr(&err), want);
    sink_free(log);
    struct stat sb;
    CHECK(stat(path, &sb) == 0 && sb.st_size == 0);
    unlink(path);
    match_free(m);
    for (int s = 0; s < 2; s++) seatspec_free(&cfg.seats[s]);
    buf_free(&err);
}

int main(void) {
    RUN(a_game_that_cannot_be_made_for_want_of_memory_is_a_runtime_error);
    if (LIMITED_CHILD_WORKS) RUN(every_games_create_without_memory_is_a_runtime_error_not_an_abort);
    else printf("# skipped (not counted): every_games_create_without_memory_is_a_runtime_error_not_an_abort: under a "
                "sanitizer\n");
    RUN(a_game_that_runs_out_of_memory_during_play_is_abandoned_with_its_reason);
    RUN(a_log_that_cannot_be_made_is_the_log_sinks_failure_not_a_crash);
    return T_DONE();
}
