/* db_engine.h: the table of functions each database engine fills (db_sqlite.c, db_pg.c); only
 * db.c calls them. Bound parameters are kept by db.c and handed to the engine when the statement
 * runs, so an engine binds in one place. */
#ifndef ARENA_DB_ENGINE_H
#define ARENA_DB_ENGINE_H
#include "../core/buf.h"
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

typedef enum { DBV_NULL = 0, DBV_INT, DBV_DOUBLE, DBV_TEXT, DBV_BLOB } db_value_kind;

typedef struct {
    db_value_kind kind;
    int64_t i;
    double d;
    char *p;  /* text (NUL-terminated) or blob bytes, owned */
    size_t n; /* their length */
} db_value;

/* How an engine opens a database: an existing one, one it may create, an existing one read-only. */
typedef enum { DB_MODE_EXISTING = 0, DB_MODE_CREATE, DB_MODE_READ } db_mode;

typedef struct {
    const char *name; /* "sqlite", "postgresql" */
    /* *refused (never NULL): the server refused this login or database for good (a wrong password,
     * an unknown role, no such database), as opposed to one not reachable yet. */
    void *(*open)(const char *target, db_mode mode, bool *refused, buf_t *err);
    void (*close)(void *conn);
    /* Statements without parameters, separated by semicolons. */
    bool (*exec)(void *conn, const char *sql, buf_t *err);
    /* The engine's spelling of a {token} of portable SQL (NULL: unknown token). */
    const char *(*token)(const char *name, size_t len);
    void *(*prepare)(void *conn, const char *sql, buf_t *err);
    /* First call: runs the statement with these parameters; then moves row by row. */
    int (*step)(void *stmt, const db_value *params, int nparams, buf_t *err);
    bool (*column_null)(void *stmt, int i);
    int64_t (*column_int64)(void *stmt, int i);
    double (*column_double)(void *stmt, int i);
    const char *(*column_text)(void *stmt, int i);
    const void *(*column_blob)(void *stmt, int i, size_t *n);
    int64_t (*changes)(void *stmt);
    /* Ready to run again (the cache keeps it); finalize frees it. */
    void (*reset)(void *stmt);
    void (*finalize)(void *stmt);
    const char *begin_sql;       /* a write transaction */
    const char *lock_schema_sql; /* inside a transaction: serializes schema changes */
    bool (*alive)(void *conn);
    bool (*reconnect)(void *conn, buf_t *err);
    /* The last reconnect was refused for good, as open's *refused (NULL: never). */
    bool (*refused)(void *conn);
    /* The kind of the last failed statement's error (db.h's db_fault), as the engine's code says. */
    int (*fault)(void *conn);
    bool (*check)(void *conn, buf_t *why);
    bool (*has_table)(void *conn, const char *table);
    /* Whether the target can name a database at all (NULL: any can); false with why. db_open asks
     * it before open: a target that can never work is refused as such. */
    bool (*target_ok)(const char *target, buf_t *err);
    /* Runs sql, a COPY ... FROM STDIN, sending what next(ctx) gives a block at a time (its length;
     * 0 at the end; -1 failed, saying why in err): a value far larger than memory goes in without
     * ever being whole in this process. NULL: the engine has none (SQLite). */
    bool (*copy_in)(void *conn, const char *sql, ssize_t (*next)(void *ctx, const void **data, buf_t *err), void *ctx,
                    buf_t *err);
} db_engine;

extern const db_engine db_sqlite_engine;
extern const db_engine db_pg_engine;
#endif
