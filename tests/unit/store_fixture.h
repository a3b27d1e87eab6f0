/* store_fixture.h: the store's unit tests on one target: an SQLite file of the test's own, or the
 * PostgreSQL database named by ARENA_TEST_STORE (test_tourney_pg.sh runs them so); each test opens
 * the store afresh with jobs of an owner of its own (kind FIXTURE_KIND, defined before including),
 * and the SQLite file goes at the end. */
#ifndef TEST_STORE_FIXTURE_H
#define TEST_STORE_FIXTURE_H
#include "store/queue.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char path[64];        /* the SQLite file */
static const char *target;   /* what the tests open: path, or ARENA_TEST_STORE */
static int64_t owner;        /* this test's owner id */

/* Sets the target: /tmp/arena-NAME-PID.db unless ARENA_TEST_STORE names one. */
static void store_fixture_start(const char *name) {
    snprintf(path, sizeof path, "/tmp/arena-%s-%d.db", name, (int)getpid());
    target = getenv("ARENA_TEST_STORE") ? getenv("ARENA_TEST_STORE") : path;
    owner = (int64_t)getpid() * 100;
}

/* Removes a SQLite file and its companions (a reader's open leaves -wal and -shm behind). */
static void store_fixture_remove(const char *file) {
    char aux[96];
    unlink(file);
    snprintf(aux, sizeof aux, "%s-wal", file);
    unlink(aux);
    snprintf(aux, sizeof aux, "%s-shm", file);
    unlink(aux);
}

static void store_fixture_end(void) { store_fixture_remove(path); }

static store_t *open_store(void) {
    buf_t err;
    buf_init(&err);
    store_t *s = store_open(target, true, &err);
    if (!s) printf("# %s\n", buf_cstr(&err));
    buf_free(&err);
    return s;
}

/* A store for one test, whose jobs belong to an owner of its own. */
#define FRESH(s)               \
    owner++;                   \
    store_t *s = open_store(); \
    if (!s) {                  \
        CHECK(s != NULL);      \
        return;                \
    }

/* The state of this test's job `key` ("none": no such job). */
static char *state_of(store_t *s, int64_t key) {
    static char st[16];
    if (!queue_state(s, queue_find(s, FIXTURE_KIND, owner, key), st)) snprintf(st, sizeof st, "none");
    return st;
}

/* The result of claim c: entrants 7 and 8, seat 0 scoring score0 and ranked first. */
static store_result result_of(const queue_claim *c, double score0) {
    store_result r;
    memset(&r, 0, sizeof r);
    r.idx = (int)c->owner_key;
    r.seed = c->seed;
    r.seed_index = c->seed_index;
    r.nseats = 2;
    r.entrant[0] = 7, r.entrant[1] = 8;
    r.score[0] = score0, r.score[1] = 1;
    r.rank[0] = 1, r.rank[1] = 2;
    r.verdicts[1][VERDICT_LATE] = 2;
    r.turns = 33;
    return r;
}

/* A number from the store: sql has one parameter, this test's owner. */
static int64_t count(store_t *s, const char *sql) {
    int64_t v = -1;
    db_get_int64(store_db(s), NULL, &v, sql, "i", owner);
    return v;
}
#endif
