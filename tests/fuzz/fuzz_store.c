/* fuzz_store.c: the tournament store's import path: a tampered or corrupt store (the input is SQL
 * run against a fresh store, so every column can hold anything) read back into standings, as
 * `arena standings` and `arena report` do. */
#include "games/registry.h"
#include "match/match.h"
#include "tourney/standings.h"
#include "tourney/store.h"
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char path[64];
    snprintf(path, sizeof path, "/tmp/arena-fuzz-store-%d.db", (int)getpid());
    unlink(path);
    buf_t err;
    buf_init(&err);
    store_t *s = store_open(path, true, &err);
    if (!s) goto out;
    store_close(s);
    /* The tampering: SQL against the file, outside the store's own code. */
    sqlite3 *db;
    if (sqlite3_open(path, &db) == SQLITE_OK) {
        char *sql = malloc(size + 1);
        memcpy(sql, data, size);
        sql[size] = 0;
        sqlite3_exec(db, sql, NULL, NULL, NULL);
        free(sql);
    }
    sqlite3_close(db);
    s = store_open(path, false, &err);
    if (!s) goto out;
    int64_t id = store_latest(s);
    store_tourney t;
    if (id > 0 && store_load(s, id, &t, &err)) {
        const game_t *g = t.game ? registry_find(t.game) : NULL;
        game_options o;
        bool have = g && match_parse_options(g, 0, NULL, &o, &err);
        standings st;
        standings_compute_anchored(&st, g, t.game ? t.game : "?", have ? &o : NULL, t.nplayers,
                                   (const char *const *)t.names, t.results, t.nresults, t.nplayers ? t.names[0] : NULL);
        FILE *null = fopen("/dev/null", "w");
        standings_print_table(&st, null);
        buf_t js;
        buf_init(&js);
        standings_json(&st, &js);
        buf_free(&js);
        standings_csv(&st, null);
        fclose(null);
        standings_free(&st);
        store_tourney_free(&t);
    }
    store_close(s);
out:
    unlink(path);
    char wal[80];
    snprintf(wal, sizeof wal, "%s-wal", path);
    unlink(wal);
    snprintf(wal, sizeof wal, "%s-shm", path);
    unlink(wal);
    buf_free(&err);
    return 0;
}
