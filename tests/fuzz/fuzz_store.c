/* fuzz_store.c: the tournament store's import path: a tampered or corrupt store (the input is SQL
 * run against a fresh store, so every column can hold anything) read back into standings, as
 * `arena standings` and `arena report` do. */
#include "tourney/standings.h"
#include "tourney/store.h"
#include "tourney/view.h"
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
    /* The import path of `arena standings` and `arena report`: options, SPRT and rounds settings
     * from the stored configuration, standings with grade lines, then every output format. */
    store_tourney t;
    tourney_view v;
    if (tourney_view_load(path, 0, "x", &t, &v, &err)) {
        FILE *null = fopen("/dev/null", "w");
        standings_print_table(&v.st, null);
        buf_t js;
        buf_init(&js);
        standings_json(&v.st, &js);
        buf_free(&js);
        standings_csv(&v.st, null);
        fclose(null);
        tourney_view_free(&v);
        store_tourney_free(&t);
    }
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
