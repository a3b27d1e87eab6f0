/* fuzz_store.c: the tournament store's import path: a tampered or corrupt store (the input is SQL
 * run against a fresh store, so every column can hold anything) read back into standings, as
 * `arena standings` and `arena report` do. */
#include "tourney/standings.h"
#include "store/tourneys.h"
#include "tourney/stored.h"
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
    /* The tampering: SQL against the file, outside the store's own code. Each statement runs on its
     * own and a failing one is skipped (sqlite3_exec would stop at the first error, so one broken
     * statement early in an input would hide everything after it from the reader). */
    sqlite3 *db;
    if (sqlite3_open(path, &db) == SQLITE_OK) {
        char *sql = malloc(size + 1);
        memcpy(sql, data, size);
        sql[size] = 0;
        const char *p = sql;
        for (int n = 0; *p && n < 10000; n++) {
            sqlite3_stmt *st = NULL;
            const char *tail = NULL;
            if (sqlite3_prepare_v2(db, p, -1, &st, &tail) != SQLITE_OK) {
                const char *semi = strchr(p, ';'); /* skip to the next statement */
                if (!semi) break;
                p = semi + 1;
                continue;
            }
            if (st)
                for (int steps = 0; steps < 100000 && sqlite3_step(st) == SQLITE_ROW; steps++) {
                }
            sqlite3_finalize(st);
            if (!tail || tail == p) break;
            p = tail;
        }
        free(sql);
    }
    sqlite3_close(db);
    /* The import path of `arena standings` and `arena report`: options, SPRT and rounds settings
     * from the stored configuration, standings with grade lines, then every output format. */
    store_tourney t;
    stored_t v;
    if (stored_load(path, 0, "x", &t, &v, &err)) {
        FILE *null = fopen("/dev/null", "w");
        standings_print_table(&v.st, null);
        buf_t js;
        buf_init(&js);
        standings_json(&v.st, &js);
        buf_free(&js);
        standings_csv(&v.st, null);
        fclose(null);
        stored_free(&v);
        tourneys_free(&t);
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
