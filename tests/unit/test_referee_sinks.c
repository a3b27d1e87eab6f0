/* test_referee_sinks.c: the referee's outputs (sinks.h): only the sinks the configuration counts
 * hear the match; `--history DIR` writes the game's own record of each game as DIR/<stem>_<n>.json,
 * n the first free number. Built-in seats only: no process, no clock at stake. */
#include "t.h"
#include "match_fixture.h"
#include "match/sinks.h"
#include <dirent.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* How often each hook of a sink was called. */
typedef struct {
    int start, turn, log, end, between;
} calls_t;

static void c_start(void *ctx, const match_t *m) { (void)m, ((calls_t *)ctx)->start++; }
static void c_turn(void *ctx, const match_t *m) { (void)m, ((calls_t *)ctx)->turn++; }
static void c_log(void *ctx, const match_t *m, const log_event *ev) { (void)m, (void)ev, ((calls_t *)ctx)->log++; }
static void c_end(void *ctx, const match_t *m) { (void)m, ((calls_t *)ctx)->end++; }
static bool c_between(void *ctx, match_t *m) {
    (void)m;
    ((calls_t *)ctx)->between++;
    return true;
}

static sink_t counting(calls_t *c) {
    return (sink_t){.ctx = c, .on_start = c_start, .on_turn = c_turn, .on_log = c_log, .on_end = c_end,
                    .between = c_between};
}

/* A short Chicken game between two built-in greedy seats with SINKS[0..NLISTED) in the
 * configuration, the first NSINKS counted: the match after match_run (fixture_finish frees it). */
static match_t *chicken(match_config *cfg, const sink_t *sinks, int nsinks, int nlisted) {
    char *kv[] = {"moves=3", "colours=fixed", "spawn=1", "doors=3,3;4,3"};
    const char *seats[] = {"builtin:greedy", "builtin:greedy"};
    fixture_game f = {.game = "chicken", .options = kv, .noptions = 4, .seats = seats, .nseats = 2, .seed = 1,
                      .sinks = sinks, .nsinks = nsinks, .nlisted = nlisted};
    int rc = -1;
    match_t *m = fixture_play(&f, cfg, &rc);
    if (m) CHECK_EQ_INT(rc, 0);
    return m;
}

/* A configuration lists its sinks first and says how many there are: an entry after them (a sink
 * the caller set up and then left out) hears nothing, while each counted sink hears the start,
 * every turn (and every pause between turns), the events and the end. */
TEST(only_the_counted_sinks_hear_the_match) {
    calls_t in = {0}, out = {0};
    sink_t sinks[2] = {counting(&in), counting(&out)};
    match_config cfg;
    match_t *m = chicken(&cfg, sinks, 1, 2);
    CHECK(m != NULL);
    if (m) {
        CHECK(m->turns_played >= 2);
        CHECK_EQ_INT(in.start, 1);
        CHECK_EQ_INT(in.turn, m->turns_played);
        CHECK_EQ_INT(in.between, m->turns_played);
        CHECK(in.log >= m->turns_played);
        CHECK_EQ_INT(in.end, 1);
        CHECK_EQ_INT(out.start + out.turn + out.log + out.end + out.between, 0);
    }
    fixture_finish(m, &cfg);
}

/* The files in DIR whose name ends with SUFFIX. */
static int files_ending(const char *dir, const char *suffix) {
    DIR *d = opendir(dir);
    if (!d) return -1;
    int n = 0;
    size_t ls = strlen(suffix);
    for (struct dirent *e; (e = readdir(d));) {
        size_t l = strlen(e->d_name);
        n += l >= ls && strcmp(e->d_name + l - ls, suffix) == 0;
    }
    closedir(d);
    return n;
}

/* Removes DIR's files, then DIR. */
static void remove_dir(const char *dir) {
    DIR *d = opendir(dir);
    if (!d) return;
    char path[600];
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.') continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        remove(path);
    }
    closedir(d);
    rmdir(dir);
}

/* `--history DIR` (Chicken's match JSON): one JSON file per game; the second game of the same
 * seats takes the next number instead of writing over the first. */
TEST(history_writes_one_json_file_per_game) {
    char dir[] = "/tmp/arena_history_XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    buf_t err;
    buf_init(&err);
    const game_t *g = registry_find("chicken");
    for (int game = 0; game < 2; game++) {
        sink_t *h = sink_history_new(g, dir, &err);
        CHECK(h != NULL);
        if (!h) {
            printf("# %s\n", buf_cstr(&err));
            break;
        }
        match_config cfg;
        match_t *m = chicken(&cfg, h, 1, 1);
        CHECK(m != NULL);
        fixture_finish(m, &cfg);
        sink_free(h);
    }
    CHECK_EQ_INT(files_ending(dir, ".json"), 2);
    CHECK_EQ_INT(files_ending(dir, "_0.json"), 1);
    CHECK_EQ_INT(files_ending(dir, "_1.json"), 1);
    DIR *d = opendir(dir);
    char path[600];
    for (struct dirent *e; d && (e = readdir(d));) {
        if (e->d_name[0] == '.') continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        json_error_t je;
        json_t *j = json_load_file(path, 0, &je);
        CHECK(j != NULL);
        if (!j) printf("# %s: %s\n", path, je.text);
        json_decref(j);
    }
    if (d) closedir(d);
    /* a game without a record format of its own, or a folder that is not there, is refused */
    CHECK(sink_history_new(registry_find("rising_tide"), dir, &err) == NULL);
    CHECK(sink_history_new(g, "/nonexistent/arena", &err) == NULL);
    buf_free(&err);
    remove_dir(dir);
}

int main(void) {
    RUN(only_the_counted_sinks_hear_the_match);
    RUN(history_writes_one_json_file_per_game);
    return T_DONE();
}
