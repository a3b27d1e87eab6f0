/* db_sqlite.c: the SQLite engine of db.h. WAL mode with synchronous=NORMAL: a commit survives the
 * process being killed at any moment; a power failure may lose the last commits, never the file's
 * consistency. Writers wait for each other (busy timeout) instead of failing. */
#include "db_engine.h"
#include "../core/log.h"
#include "db.h"
#include "../core/xalloc.h"
#include <ctype.h>
#include <errno.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct {
    sqlite3 *db;
    int fault;            /* the last failed statement's db_fault (db_sqlite_fault) */
    bool watch;           /* opened to write: the file at its path is watched (db_sqlite_alive) */
    dev_t dev;            /* the file opened, as it was then */
    ino_t ino;
    char gone;            /* what db_sqlite_alive found: 'm' moved (deleted, replaced), 'w' not writable */
} db_sqlite_conn;

typedef struct {
    db_sqlite_conn *c;
    sqlite3 *db;
    sqlite3_stmt *st;
    int64_t changes;
} db_sqlite_stmt;

/* Why a store at path cannot be written, if it is the file system's doing: its folder (where
 * SQLite makes the file and its journal, FILE-wal and FILE-shm) or the file itself is not
 * writable. SQLite says only "unable to open database file" or "attempt to write a readonly
 * database", which reads as a damaged or foreign file. False when both are writable. */
static bool db_sqlite_unwritable(const char *path, bool there, buf_t *err) {
    char dir[4096];
    const char *slash = strrchr(path, '/');
    if (!slash) snprintf(dir, sizeof dir, ".");
    else if (slash == path) snprintf(dir, sizeof dir, "/");
    else snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
    if (access(dir, W_OK) != 0 && errno != ENOENT) {
        const char *base = slash ? slash + 1 : path;
        buf_printf(err,
                   "cannot %s the store %s: its folder %s is not writable (%s), and SQLite keeps the store's journal "
                   "(%s-wal, %s-shm) beside it: give --db a file in a folder you can write, or make this one writable "
                   "(%s standings, %s report and %s tourney --status read a store there as it is)",
                   there ? "use" : "create", path, dir, strerror(errno), base, base, log_program(), log_program(),
                   log_program());
        return true;
    }
    if (there && access(path, W_OK) != 0 && errno != ENOENT) {
        buf_printf(err, "cannot write the store %s: the file is not writable (%s): make it writable, or give --db "
                        "another file",
                   path, strerror(errno));
        return true;
    }
    return false;
}

/* A statement's error; a write refused because the file or its folder is read-only says which. */
static bool db_sqlite_fail(sqlite3 *db, buf_t *err, const char *what) {
    if (!err) return false;
    const char *file = sqlite3_db_filename(db, "main");
    if ((sqlite3_errcode(db) & 0xff) == SQLITE_READONLY && file && *file && db_sqlite_unwritable(file, true, err))
        return false;
    buf_printf(err, "sqlite: %s%s%s", what ? what : "", what ? ": " : "", sqlite3_errmsg(db));
    return false;
}

/* The kind of the last error (db.h's db_fault) by SQLite's result code, adding to err what to do
 * when no wait mends it or it is the disk's lack of room. A file read-only (db_sqlite_fail said
 * which) or moved under the connection, a damaged one, a table or column gone: lasting. The rest
 * may pass (a lock held past the busy timeout, an I/O error). */
static int db_sqlite_fault(sqlite3 *db, buf_t *err) {
    int code = sqlite3_extended_errcode(db);
    switch (code & 0xff) {
    case SQLITE_READONLY:
        if (err && code == SQLITE_READONLY_DBMOVED)
            buf_puts(err, "; the store file was deleted or moved since it was opened: start again on the store");
        return DB_FAULT_LASTING;
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
        if (err)
            buf_puts(err, "; the store file is damaged, which no wait mends: restore it from a copy (`sqlite3 FILE "
                          ".recover` saves what can be read)");
        return DB_FAULT_LASTING;
    case SQLITE_FULL:
        if (err) buf_puts(err, "; the disk holding the store is full: free some space there");
        return DB_FAULT_ROOM;
    case SQLITE_NOMEM:
        if (err) buf_puts(err, "; out of memory");
        return DB_FAULT_ROOM;
    case SQLITE_ERROR: {
        /* A table or column of Arena's gone (dropped or changed by hand, an old copy put back): as
         * PostgreSQL's 42P01 and 42703, no wait brings it back, while the worker that waited said
         * "reconnecting" for ever. SQLite's messages are English only, and these two fixed. */
        const char *msg = sqlite3_errmsg(db);
        bool table = strncmp(msg, "no such table", 13) == 0, column = strncmp(msg, "no such column", 14) == 0;
        if (!table && !column) return DB_FAULT_PASSING;
        if (err)
            buf_printf(err, "; a %s the store needs is gone (its schema changed by hand?): restore the store from a "
                            "copy or give --db a whole store; no wait brings it back",
                       table ? "table" : "column");
        return DB_FAULT_LASTING;
    }
    default: return DB_FAULT_PASSING;
    }
}

static bool db_sqlite_exec(void *conn, const char *sql, buf_t *err) {
    db_sqlite_conn *c = conn;
    char *msg = NULL;
    if (sqlite3_exec(c->db, sql, NULL, NULL, &msg) == SQLITE_OK) return true;
    const char *file = sqlite3_db_filename(c->db, "main");
    if (err && !((sqlite3_errcode(c->db) & 0xff) == SQLITE_READONLY && file && *file &&
                 db_sqlite_unwritable(file, true, err)))
        buf_printf(err, "sqlite: %s", msg ? msg : sqlite3_errmsg(c->db));
    c->fault = db_sqlite_fault(c->db, err);
    sqlite3_free(msg);
    return false;
}

/* 1 when the database has Arena's tables, 0 when it has none (but others: another program's
 * database; or, with empty_ok, none at all: a new store), -1 (with the message) when it cannot be
 * read: not a database at all. */
static int db_sqlite_has_arena_tables(sqlite3 *db, bool empty_ok, buf_t *err) {
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db,
                           "SELECT coalesce(sum(name IN ('schema_versions', 'tourneys')), 0), count(*) "
                           "FROM sqlite_master",
                           -1, &st, NULL) != SQLITE_OK) {
        db_sqlite_fail(db, err, NULL);
        return -1;
    }
    int rc = sqlite3_step(st),
        found = rc != SQLITE_ROW                                            ? -1
                : sqlite3_column_int(st, 0) > 0                             ? 1
                : empty_ok && sqlite3_column_int(st, 1) == 0                ? 1
                                                                            : 0;
    if (found < 0) db_sqlite_fail(db, err, NULL);
    sqlite3_finalize(st);
    return found;
}

/* The file as an SQLite URI that opens it immutable (read without locks or the journal's index);
 * the characters a URI gives a meaning to are escaped. */
static void db_sqlite_immutable_uri(const char *path, buf_t *out) {
    buf_puts(out, path[0] == '/' ? "file://" : "file:");
    for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
        if (isalnum(*p) || strchr("/-._~", *p)) buf_putc(out, (char)*p);
        else buf_printf(out, "%%%02X", *p);
    }
    buf_puts(out, "?immutable=1");
}

/* Why a store cannot be read; false when the journal alone is in the way (FILE-shm cannot be made
 * or written) and none of the store's changes are in it, so the file alone can be read. */
static bool db_sqlite_unreadable(const char *path, buf_t *err) {
    struct stat st, wal;
    char walpath[4200];
    snprintf(walpath, sizeof walpath, "%s-wal", path);
    if (stat(path, &st) != 0) buf_printf(err, "cannot open %s: %s (no store there)", path, strerror(errno));
    else if (S_ISDIR(st.st_mode)) buf_printf(err, "cannot open %s: it is a folder, not a store file", path);
    else if (access(path, R_OK) != 0) buf_printf(err, "cannot read the store %s: %s", path, strerror(errno));
    else if (stat(walpath, &wal) == 0 && wal.st_size > 0)
        buf_printf(err,
                   "cannot read the store %s: its journal %s holds changes not yet in the file, and reading them "
                   "needs %s-shm beside it, which cannot be made or written here: read it as a user who may write "
                   "its folder, or copy the store with its -wal file into a folder you can write",
                   path, walpath, path);
    else return false;
    return true;
}

/* Incremental blob I/O, reached through two SQL functions of every connection: db.h binds and
 * returns whole values, and a bot's bundle (bundles.c) may be larger than the memory a server or a
 * worker has to spare, so it is written into the store and read back a block at a time. The table
 * and column are names (looked up by sqlite3_blob_open, never pasted into SQL).
 * - arena_blob_fill(table, column, rowid, fd): writes the open file fd, from its start, into the
 *   blob (made with zeroblob(size) in the same transaction) through one handle, a block at a time;
 *   the file must be exactly the blob's length. Returns the bytes written.
 * - arena_blob_read(table, column, rowid, offset, n): n bytes of the blob from offset. Its handle is
 *   kept with the statement (auxiliary data of the rowid argument, a bound parameter) until the
 *   statement is reset, so one statement whose rows are a blob's blocks opens it once: a handle
 *   opened at an offset walks the blob's pages from its start (a 256 MiB blob read in 1 MiB blocks
 *   took 64 s reopened for each, 0.4 s through one handle). */
#define DB_SQLITE_BLOB_BLOCK (1 << 20)

static void db_sqlite_blob_close(void *b) { sqlite3_blob_close(b); }

static void db_sqlite_blob_fill(sqlite3_context *cx, int argc, sqlite3_value **v) {
    (void)argc;
    sqlite3 *db = sqlite3_context_db_handle(cx);
    sqlite3_blob *b = NULL;
    int fd = sqlite3_value_int(v[3]);
    if (sqlite3_blob_open(db, "main", (const char *)sqlite3_value_text(v[0]), (const char *)sqlite3_value_text(v[1]),
                          sqlite3_value_int64(v[2]), 1, &b) != SQLITE_OK) {
        sqlite3_result_error(cx, sqlite3_errmsg(db), -1);
        sqlite3_blob_close(b);
        return;
    }
    char *block = sqlite3_malloc(DB_SQLITE_BLOB_BLOCK);
    int size = sqlite3_blob_bytes(b), off = 0;
    const char *why = block ? NULL : "out of memory";
    while (!why && off < size) {
        int want = size - off < DB_SQLITE_BLOB_BLOCK ? size - off : DB_SQLITE_BLOB_BLOCK;
        ssize_t got = pread(fd, block, (size_t)want, off);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) why = strerror(errno);
        else if (got == 0) why = "the file is shorter than the blob";
        else if (sqlite3_blob_write(b, block, (int)got, off) != SQLITE_OK) why = sqlite3_errmsg(db);
        else off += (int)got;
    }
    char extra;
    if (!why && pread(fd, &extra, 1, off) != 0) why = "the file is longer than the blob";
    if (why) sqlite3_result_error(cx, why, -1);
    else sqlite3_result_int64(cx, off);
    sqlite3_free(block);
    sqlite3_blob_close(b);
}

static void db_sqlite_blob_read(sqlite3_context *cx, int argc, sqlite3_value **v) {
    (void)argc;
    sqlite3 *db = sqlite3_context_db_handle(cx);
    sqlite3_blob *b = sqlite3_get_auxdata(cx, 2);
    if (!b) {
        if (sqlite3_blob_open(db, "main", (const char *)sqlite3_value_text(v[0]),
                              (const char *)sqlite3_value_text(v[1]), sqlite3_value_int64(v[2]), 0, &b) != SQLITE_OK) {
            sqlite3_result_error(cx, sqlite3_errmsg(db), -1);
            sqlite3_blob_close(b);
            return;
        }
        /* kept with the statement (SQLite closes it after this call when the argument is no
         * constant, at once when it is out of memory: then NULL) */
        sqlite3_set_auxdata(cx, 2, b, db_sqlite_blob_close);
        b = sqlite3_get_auxdata(cx, 2);
        if (!b) {
            sqlite3_result_error_nomem(cx);
            return;
        }
    }
    sqlite3_int64 off = sqlite3_value_int64(v[3]), n = sqlite3_value_int64(v[4]);
    if (off < 0 || n < 0 || off > sqlite3_blob_bytes(b) || n > sqlite3_blob_bytes(b) - off) {
        sqlite3_result_error(cx, "arena_blob_read: past the blob's end", -1);
        return;
    }
    void *p = sqlite3_malloc64(n ? (sqlite3_uint64)n : 1);
    if (!p) {
        sqlite3_result_error_nomem(cx);
        return;
    }
    if (sqlite3_blob_read(b, p, (int)n, (int)off) != SQLITE_OK) {
        sqlite3_result_error(cx, sqlite3_errmsg(db), -1);
        sqlite3_free(p);
        return;
    }
    sqlite3_result_blob64(cx, p, (sqlite3_uint64)n, sqlite3_free);
}

static bool db_sqlite_blob_functions(sqlite3 *db) {
    return sqlite3_create_function(db, "arena_blob_fill", 4, SQLITE_UTF8, NULL, db_sqlite_blob_fill, NULL, NULL) ==
               SQLITE_OK &&
           sqlite3_create_function(db, "arena_blob_read", 5, SQLITE_UTF8, NULL, db_sqlite_blob_read, NULL, NULL) ==
               SQLITE_OK;
}

/* Reading only. SQLite opens a WAL store's journal index (FILE-shm) even to read, and makes it
 * beside the file when it is missing, so a store in a folder that cannot be written could not be
 * read at all. A read-only connection comes first (it sees what a writer's journal holds); when it
 * cannot start and no journal holds changes (FILE-wal missing or empty: the store was closed
 * cleanly), the file alone is the store, opened immutable. A journal holding changes that cannot
 * be read is refused, saying so: the file alone would miss them. */
static void *db_sqlite_open_read(const char *path, buf_t *err) {
    db_sqlite_conn *c = xcalloc(1, sizeof *c);
    buf_t why;
    buf_init(&why);
    int arena = -1;
    if (sqlite3_open_v2(path, &c->db, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK) {
        sqlite3_busy_timeout(c->db, 60000);
        arena = db_sqlite_has_arena_tables(c->db, false, &why);
    }
    if (arena < 0 && (sqlite3_errcode(c->db) & 0xff) != SQLITE_NOTADB) {
        sqlite3_close(c->db);
        c->db = NULL;
        buf_reset(&why);
        if (!db_sqlite_unreadable(path, &why)) {
            buf_t uri;
            buf_init(&uri);
            db_sqlite_immutable_uri(path, &uri);
            if (sqlite3_open_v2(buf_cstr(&uri), &c->db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, NULL) == SQLITE_OK)
                arena = db_sqlite_has_arena_tables(c->db, false, &why);
            else db_sqlite_fail(c->db, &why, NULL);
            buf_free(&uri);
        }
    }
    if (arena == 0)
        buf_printf(err, "%s is an SQLite database but not an Arena store (none of its tables are Arena's)", path);
    else if (arena < 0 && c->db && (sqlite3_errcode(c->db) & 0xff) == SQLITE_NOTADB)
        buf_printf(err, "%s (%s: is it an Arena store?)", buf_cstr(&why), path);
    else if (arena < 0) buf_puts(err, buf_cstr(&why));
    buf_free(&why);
    if (arena <= 0) {
        sqlite3_close(c->db);
        free(c);
        return NULL;
    }
    db_sqlite_blob_functions(c->db); /* fails only out of memory: a read through them says so then */
    return c;
}

static void *db_sqlite_open(const char *path, db_mode mode, bool *refused, buf_t *err) {
    *refused = false; /* a file has no login to refuse: a worker does not wait for one anyway */
    bool create = mode == DB_MODE_CREATE;
    /* "" and ":memory:" are databases SQLite keeps nowhere: a tournament stored there (resumable,
     * queued for workers) was lost when the command ended */
    if (!*path || strcmp(path, ":memory:") == 0) {
        buf_printf(err, "cannot use '%s' as a store: give a file name (or a postgresql:// URL)", path);
        return NULL;
    }
    /* SQLite takes an empty file for an empty database, and the migrations would then write a
     * store into a file the user named by mistake: a store that must exist is never empty. */
    struct stat empty;
    if (!create && stat(path, &empty) == 0 && S_ISREG(empty.st_mode) && empty.st_size == 0) {
        buf_printf(err, "cannot open %s: the file is empty, not a store", path);
        return NULL;
    }
    /* A device or a pipe is no store: SQLite took /dev/null for an empty database ("not an Arena
     * store", "disk I/O error"), and reading a pipe waited for a writer for ever. */
    if (stat(path, &empty) == 0 && !S_ISREG(empty.st_mode) && !S_ISDIR(empty.st_mode)) {
        buf_printf(err, "cannot open %s: it is not a file (a device, a pipe or a socket), so not a store", path);
        return NULL;
    }
    if (mode == DB_MODE_READ) return db_sqlite_open_read(path, err);
    db_sqlite_conn *c = xcalloc(1, sizeof *c);
    int flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0);
    if (sqlite3_open_v2(path, &c->db, flags, NULL) != SQLITE_OK) {
        /* SQLite says "unable to open database file" whatever the reason: say which it is */
        struct stat st;
        bool there = stat(path, &st) == 0;
        int why = errno;
        if (!there && !create) buf_printf(err, "cannot open %s: %s (no store there)", path, strerror(why));
        else if (there && S_ISDIR(st.st_mode)) buf_printf(err, "cannot open %s: it is a folder, not a store file", path);
        else if (db_sqlite_unwritable(path, there, err)) {
        } else if (c->db && sqlite3_system_errno(c->db))
            buf_printf(err, "cannot open %s: %s", path, strerror(sqlite3_system_errno(c->db)));
        else buf_printf(err, "cannot open %s: %s", path, c->db ? sqlite3_errmsg(c->db) : "out of memory");
        sqlite3_close(c->db);
        free(c);
        return NULL;
    }
    /* Several processes write one file (the workers of a tournament): they queue for the lock. */
    sqlite3_busy_timeout(c->db, 60000);
    /* A store is looked at before anything is written: another program's database named by
     * mistake was turned to WAL and got every domain's tables (a store from before migrations has
     * `tourneys`); one made here (create) may also be new, without any table. */
    buf_t why;
    buf_init(&why);
    int arena = db_sqlite_has_arena_tables(c->db, create, &why);
    bool ok = arena > 0 &&
              db_sqlite_exec(c, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;", &why) &&
              (db_sqlite_blob_functions(c->db) || db_sqlite_fail(c->db, &why, "incremental blob I/O"));
    if (arena == 0)
        buf_printf(err, "%s is an SQLite database but not an Arena store (none of its tables are Arena's); give a new "
                        "file, or one arena tourney or arena serve wrote", path);
    /* a folder or file that cannot be written reads as "readonly database" or "unable to open"
     * (even to read: the journal's files are made beside the store) */
    else if (!ok && ((sqlite3_errcode(c->db) & 0xff) == SQLITE_NOTADB || !db_sqlite_unwritable(path, true, err)))
        buf_printf(err, "%s (%s: is it an Arena store?)", buf_cstr(&why), path);
    buf_free(&why);
    if (!ok) {
        sqlite3_close(c->db);
        free(c);
        return NULL;
    }
    /* The file opened is watched: one deleted or replaced under a running worker (the store moved
     * aside, restored from a copy) took its writes in silence, results no one would see */
    struct stat st;
    const char *file = sqlite3_db_filename(c->db, "main");
    if (file && *file && stat(file, &st) == 0) {
        c->watch = true;
        c->dev = st.st_dev;
        c->ino = st.st_ino;
    }
    return c;
}

static void db_sqlite_close(void *conn) {
    db_sqlite_conn *c = conn;
    sqlite3_close(c->db);
    free(c);
}

static const char *db_sqlite_token(const char *name, size_t n) {
    static const char *const map[][2] = {
        {"id", "INTEGER PRIMARY KEY"}, /* the rowid: ids are never reused while the row exists */
        {"blob", "BLOB"},
        {"now", "((julianday('now') - 2440587.5) * 86400.0)"},
        {"skip_locked", ""}, /* BEGIN IMMEDIATE already excludes every other writer */
        {"for_update", ""},
    };
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
        if (strlen(map[i][0]) == n && memcmp(map[i][0], name, n) == 0) return map[i][1];
    return NULL;
}

static void *db_sqlite_prepare(void *conn, const char *sql, buf_t *err) {
    db_sqlite_conn *c = conn;
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(c->db, sql, -1, &st, NULL) != SQLITE_OK) {
        db_sqlite_fail(c->db, err, NULL);
        c->fault = db_sqlite_fault(c->db, err);
        /* err may be NULL (a caller that only wants the answer): a tampered store's missing column
         * made this a null dereference */
        if (err) buf_printf(err, " (in: %.60s)", sql);
        return NULL;
    }
    db_sqlite_stmt *s = xcalloc(1, sizeof *s);
    s->c = c;
    s->db = c->db;
    s->st = st;
    return s;
}

static int db_sqlite_step(void *stmt, const db_value *params, int nparams, buf_t *err) {
    db_sqlite_stmt *s = stmt;
    if (sqlite3_stmt_busy(s->st) == 0) { /* not yet running: bind */
        for (int i = 0; i < nparams; i++) {
            const db_value *v = &params[i];
            switch (v->kind) {
            case DBV_NULL: sqlite3_bind_null(s->st, i + 1); break;
            case DBV_INT: sqlite3_bind_int64(s->st, i + 1, v->i); break;
            case DBV_DOUBLE: sqlite3_bind_double(s->st, i + 1, v->d); break;
            case DBV_TEXT: sqlite3_bind_text(s->st, i + 1, v->p, (int)v->n, SQLITE_STATIC); break;
            case DBV_BLOB: sqlite3_bind_blob64(s->st, i + 1, v->p, v->n, SQLITE_STATIC); break;
            }
        }
    }
    int rc = sqlite3_step(s->st);
    if (rc == SQLITE_ROW) return DB_ROW;
    if (rc == SQLITE_DONE) {
        s->changes = sqlite3_changes(s->db);
        return DB_DONE;
    }
    db_sqlite_fail(s->db, err, NULL);
    s->c->fault = db_sqlite_fault(s->db, err);
    return DB_ERROR;
}

static bool db_sqlite_column_null(void *stmt, int i) {
    return sqlite3_column_type(((db_sqlite_stmt *)stmt)->st, i) == SQLITE_NULL;
}
static int64_t db_sqlite_column_int64(void *stmt, int i) {
    return sqlite3_column_int64(((db_sqlite_stmt *)stmt)->st, i);
}
static double db_sqlite_column_double(void *stmt, int i) {
    return sqlite3_column_double(((db_sqlite_stmt *)stmt)->st, i);
}
static const char *db_sqlite_column_text(void *stmt, int i) {
    return (const char *)sqlite3_column_text(((db_sqlite_stmt *)stmt)->st, i);
}
static const void *db_sqlite_column_blob(void *stmt, int i, size_t *n) {
    db_sqlite_stmt *s = stmt;
    const void *p = sqlite3_column_blob(s->st, i);
    *n = (size_t)sqlite3_column_bytes(s->st, i);
    return p;
}
static int64_t db_sqlite_changes(void *stmt) { return ((db_sqlite_stmt *)stmt)->changes; }

static void db_sqlite_reset(void *stmt) {
    db_sqlite_stmt *s = stmt;
    sqlite3_reset(s->st);
    sqlite3_clear_bindings(s->st);
    s->changes = 0;
}

static void db_sqlite_finalize(void *stmt) {
    db_sqlite_stmt *s = stmt;
    sqlite3_finalize(s->st);
    free(s);
}

/* The file at the store's path is still the one opened, and may still be written (before each
 * statement: a stat and two access calls, microseconds). SQLite goes on with the open file when it
 * is deleted or replaced (a worker wrote its results to a file no one would see again) or made
 * read-only (no new worker could start on it) and says nothing: false then, and db.c's reconnect
 * below says why. Not a connection opened to read (db_sqlite_open_read). */
static bool db_sqlite_alive(void *conn) {
    db_sqlite_conn *c = conn;
    if (!c->watch) return true;
    const char *file = sqlite3_db_filename(c->db, "main");
    struct stat st;
    buf_t why;
    buf_init(&why);
    c->gone = stat(file, &st) != 0 || st.st_dev != c->dev || st.st_ino != c->ino ? 'm'
              : db_sqlite_unwritable(file, true, &why)                             ? 'w'
                                                                                   : 0;
    buf_free(&why);
    return !c->gone;
}

/* The file moved or made read-only under the connection (db_sqlite_alive): no wait mends that. */
static bool db_sqlite_reconnect(void *conn, buf_t *err) {
    db_sqlite_conn *c = conn;
    if (!c->gone) return true;
    const char *file = sqlite3_db_filename(c->db, "main");
    c->fault = DB_FAULT_LASTING;
    if (!err) return false; /* (a caller that only wants the answer) */
    if (c->gone == 'w') db_sqlite_unwritable(file, true, err);
    else
        buf_printf(err, "the store file %s was deleted or replaced since this program opened it (what it wrote "
                        "now would go to a file no one sees): put the store back, or start again on the new one",
                   file);
    return false;
}

static int db_sqlite_fault_of(void *conn) { return ((db_sqlite_conn *)conn)->fault; }

static bool db_sqlite_check(void *conn, buf_t *why) {
    db_sqlite_conn *c = conn;
    sqlite3_stmt *st;
    bool ok = false;
    if (sqlite3_prepare_v2(c->db, "PRAGMA integrity_check", -1, &st, NULL) != SQLITE_OK) return false;
    if (sqlite3_step(st) == SQLITE_ROW) {
        const unsigned char *t = sqlite3_column_text(st, 0);
        ok = t && strcmp((const char *)t, "ok") == 0;
        if (!ok && why) buf_puts(why, t ? (const char *)t : "?");
    }
    sqlite3_finalize(st);
    return ok;
}

static bool db_sqlite_has_table(void *conn, const char *table) {
    db_sqlite_conn *c = conn;
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(c->db, "SELECT 1 FROM sqlite_master WHERE name = ? AND type IN ('table', 'view')", -1, &st,
                           NULL) != SQLITE_OK)
        return false;
    sqlite3_bind_text(st, 1, table, -1, SQLITE_STATIC);
    bool found = sqlite3_step(st) == SQLITE_ROW;
    sqlite3_finalize(st);
    return found;
}

/* What is not a PostgreSQL URL is a file's path, so a store named another way became a new SQLite
 * file of that name here: `arena tourney --workers 0 --db "host=db.lab dbname=arena"` (libpq's
 * key=value form, as psql takes it) or `postgresq://...` queued its matches in a local file no
 * worker elsewhere could see, and printed the password with the file's name. Such a target is
 * refused, saying how a PostgreSQL store is named; the message does not repeat it (a password). */
static bool db_sqlite_target_ok(const char *target, buf_t *err) {
    static const char *const keywords[] = {"host",     "hostaddr", "port",    "dbname",   "user",
                                           "password", "service",  "sslmode", "passfile", NULL};
    size_t word = strspn(target, "abcdefghijklmnopqrstuvwxyz_");
    bool keyword = false;
    for (int i = 0; keywords[i]; i++) keyword |= word == strlen(keywords[i]) && strncmp(target, keywords[i], word) == 0;
    size_t scheme = strspn(target, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+.-");
    const char *what = NULL;
    if (keyword && strspn(target + word, " \t=") > 0 && strchr(target + word, '='))
        what = "a libpq key=value connection string is not taken";
    else if (strncasecmp(target, "postgres", 8) == 0 && target[scheme] == ':')
        what = "not a PostgreSQL URL (it starts postgresql:// or postgres://)";
    else if (scheme && strncmp(target + scheme, "://", 3) == 0)
        what = "not a store (a PostgreSQL URL or an SQLite file's path)";
    if (!what) return true;
    buf_printf(err, "%s: name a PostgreSQL store by its URL, postgresql://USER@HOST:PORT/DB (settings as "
                    "?sslmode=require&...), or an SQLite store by its file's path",
               what);
    return false;
}

const db_engine db_sqlite_engine = {
    .name = "sqlite",
    .open = db_sqlite_open,
    .close = db_sqlite_close,
    .exec = db_sqlite_exec,
    .token = db_sqlite_token,
    .prepare = db_sqlite_prepare,
    .step = db_sqlite_step,
    .column_null = db_sqlite_column_null,
    .column_int64 = db_sqlite_column_int64,
    .column_double = db_sqlite_column_double,
    .column_text = db_sqlite_column_text,
    .column_blob = db_sqlite_column_blob,
    .changes = db_sqlite_changes,
    .reset = db_sqlite_reset,
    .finalize = db_sqlite_finalize,
    .begin_sql = "BEGIN IMMEDIATE",
    .lock_schema_sql = "", /* BEGIN IMMEDIATE is that lock */
    .alive = db_sqlite_alive,
    .reconnect = db_sqlite_reconnect,
    .fault = db_sqlite_fault_of,
    .check = db_sqlite_check,
    .has_table = db_sqlite_has_table,
    .target_ok = db_sqlite_target_ok,
};
