/* bundles.c: the bundles domain (see bundles.h). */
#include "bundles.h"
#include "bundle.h"
#include "../core/dirs.h"
#include <errno.h>
#include <sodium.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static const migrate_step bundles_steps[] = {
    {1, "CREATE TABLE bundles(sha256 TEXT PRIMARY KEY, bytes {blob} NOT NULL, size BIGINT NOT NULL, created TEXT NOT NULL)"},
    /* the bytes last: SQLite writes a zeroblob at the end of a row without making it in memory
     * (bundles_put_sqlite fills it a block at a time), one before other columns whole */
    {2, "CREATE TABLE bundles_v2(sha256 TEXT PRIMARY KEY, size BIGINT NOT NULL, created TEXT NOT NULL, bytes {blob} NOT NULL);"
        "INSERT INTO bundles_v2(sha256, size, created, bytes) SELECT sha256, size, created, bytes FROM bundles;"
        "DROP TABLE bundles;"
        "ALTER TABLE bundles_v2 RENAME TO bundles"},
};

/* A block of a bundle: what is in memory of it while PostgreSQL stores it, or while it is unpacked
 * from there (one bytea). */
#define BUNDLES_BLOCK ((int64_t)1 << 20)

const migrate_domain bundles_schema = {"bundles", bundles_steps, sizeof bundles_steps / sizeof bundles_steps[0]};

/* PostgreSQL: a lock of this SHA-256 held to the transaction's end, taken by every putter before
 * it looks for the row or inserts it. COPY (bundles_put_pg) has no ON CONFLICT: it looks first, and
 * a row another putter has inserted but not committed is not seen then, yet is run into at the
 * COPY: the second putter failed on the primary key instead of finding the first one's row. */
static bool bundles_lock_pg(db_t *db, const char *sha, buf_t *err) {
    int64_t one = 0;
    /* 1651863140: "bund" */
    return db_get_int64(db, err, &one, "SELECT 1 FROM (SELECT pg_advisory_xact_lock(1651863140, hashtext(?))) l", "t",
                        sha) == 1;
}

bool bundles_put(store_t *s, const char *sha, const void *data, size_t n, buf_t *err) {
    char now[32];
    db_now_utc(now);
    db_t *db = store_db(s);
    bool pg = db_is_postgres(db), own = pg && !db_in_transaction(db);
    if (own && !db_begin(db, err)) return false;
    bool ok = (!pg || bundles_lock_pg(db, sha, err)) &&
              db_do(db, err, NULL,
                    "INSERT INTO bundles(sha256, bytes, size, created) VALUES(?,?,?,?) ON CONFLICT(sha256) DO NOTHING",
                    "tbit", sha, data, n, (int64_t)n, now);
    if (own) {
        if (ok) ok = db_commit(db, err);
        else db_rollback(db);
    }
    return ok;
}

/* SQLite: the row is made with a blob of zeros of the file's length, then the file is written into
 * it a block at a time (db_sqlite.c's arena_blob_fill), in one transaction: what is in memory is a
 * block, and a kill leaves no row of zeros. */
static bool bundles_put_sqlite(store_t *s, const char *sha, int fd, int64_t size, buf_t *err) {
    db_t *db = store_db(s);
    char now[32];
    db_now_utc(now);
    bool own = !db_in_transaction(db);
    if (own && !db_begin(db, err)) return false;
    int64_t added = 0, rowid = 0, wrote = 0;
    bool ok = db_do(db, err, &added,
                    "INSERT INTO bundles(sha256, size, created, bytes) VALUES(?, ?, ?, zeroblob(?)) "
                    "ON CONFLICT(sha256) DO NOTHING",
                    "titi", sha, size, now, size) &&
              (added == 0 ||
               (db_get_int64(db, err, &rowid, "SELECT rowid FROM bundles WHERE sha256 = ?", "t", sha) == 1 &&
                db_get_int64(db, err, &wrote,
                             "SELECT arena_blob_fill('bundles', 'bytes', CAST(? AS INTEGER), CAST(? AS INTEGER))", "in",
                             rowid, fd) == 1));
    if (ok && added && wrote != size) {
        buf_printf(err, "cannot store the bundle %s: %lld bytes of %lld written", sha, (long long)wrote, (long long)size);
        ok = false;
    }
    if (own) {
        if (ok) ok = db_commit(db, err);
        else db_rollback(db);
    }
    return ok;
}

/* PostgreSQL's row as COPY's binary format (one tuple: sha256, size, created, bytes), the file
 * read into it a block at a time (bundles_copy_next). */
typedef struct {
    int fd;
    const char *sha;
    int64_t size, off;
    int part;           /* 0: the header and the first fields; 1: the file; 2: the trailer; 3: done */
    unsigned char head[256];
    unsigned char *block; /* BUNDLES_BLOCK bytes */
} bundles_copy;

static size_t bundles_be(unsigned char *p, uint64_t v, int bytes) {
    for (int i = 0; i < bytes; i++) p[i] = (unsigned char)(v >> (8 * (bytes - 1 - i)));
    return (size_t)bytes;
}

static ssize_t bundles_copy_next(void *ctx, const void **data, buf_t *err) {
    bundles_copy *c = ctx;
    if (c->part == 0) {
        char now[32];
        db_now_utc(now);
        size_t n = 0, sl = strlen(c->sha), tl = strlen(now);
        memcpy(c->head, "PGCOPY\n\377\r\n\0", 11);
        n = 11;
        n += bundles_be(c->head + n, 0, 4); /* flags */
        n += bundles_be(c->head + n, 0, 4); /* no header extension */
        n += bundles_be(c->head + n, 4, 2); /* the tuple's fields */
        n += bundles_be(c->head + n, sl, 4);
        memcpy(c->head + n, c->sha, sl), n += sl;
        n += bundles_be(c->head + n, 8, 4);
        n += bundles_be(c->head + n, (uint64_t)c->size, 8);
        n += bundles_be(c->head + n, tl, 4);
        memcpy(c->head + n, now, tl), n += tl;
        n += bundles_be(c->head + n, (uint64_t)c->size, 4); /* then the bytes themselves */
        c->part = 1;
        *data = c->head;
        return (ssize_t)n;
    }
    if (c->part == 1 && c->off < c->size) {
        size_t want = (size_t)(c->size - c->off < BUNDLES_BLOCK ? c->size - c->off : BUNDLES_BLOCK);
        ssize_t got = pread(c->fd, c->block, want, (off_t)c->off);
        if (got <= 0) {
            buf_printf(err, "cannot read the bundle %s: %s", c->sha, got < 0 ? strerror(errno) : "it was cut short");
            return -1;
        }
        c->off += got;
        *data = c->block;
        return got;
    }
    if (c->part <= 2) {
        c->part = 3;
        bundles_be(c->head, 0xffff, 2); /* the end of the tuples */
        *data = c->head;
        return 2;
    }
    return 0;
}

/* PostgreSQL: the row goes in by COPY, the file sent a block at a time (an INSERT's bound value
 * would be the whole bundle in memory). COPY has no ON CONFLICT: the lock of this SHA-256
 * (bundles_lock_pg) makes a second putter of it wait, then find the first's row. */
static bool bundles_put_pg(store_t *s, const char *sha, int fd, int64_t size, buf_t *err) {
    if (size > 0x3fffffff) { /* a bytea's bound: 1 GiB */
        buf_printf(err, "cannot store the bundle %s: %lld bytes, more than PostgreSQL keeps in a value", sha,
                   (long long)size);
        return false;
    }
    db_t *db = store_db(s);
    bool own = !db_in_transaction(db);
    if (own && !db_begin(db, err)) return false;
    int64_t found = 0;
    bool ok = bundles_lock_pg(db, sha, err) &&
              db_get_int64(db, err, &found, "SELECT count(*) FROM bundles WHERE sha256 = ?", "t", sha) == 1;
    if (ok && found == 0) {
        bundles_copy c = {.fd = fd, .sha = sha, .size = size, .block = malloc(BUNDLES_BLOCK)};
        ok = c.block &&
             db_copy_in(db, "COPY bundles(sha256, size, created, bytes) FROM STDIN (FORMAT binary)", bundles_copy_next,
                        &c, err);
        if (!c.block) buf_printf(err, "cannot store the bundle %s: out of memory", sha);
        free(c.block);
    }
    if (own) {
        if (ok) ok = db_commit(db, err);
        else db_rollback(db);
    }
    return ok;
}

bool bundles_put_fd(store_t *s, const char *sha, int fd, buf_t *err) {
    struct stat st;
    if (fstat(fd, &st) != 0) { /* st is not filled then: its size said "empty" or nothing at random */
        buf_printf(err, "cannot read the bundle %s: %s", sha, strerror(errno));
        return false;
    }
    if (st.st_size <= 0) {
        buf_printf(err, "cannot read the bundle %s: empty", sha);
        return false;
    }
    if (!db_is_postgres(store_db(s))) return bundles_put_sqlite(s, sha, fd, (int64_t)st.st_size, err);
    return bundles_put_pg(s, sha, fd, (int64_t)st.st_size, err);
}

int bundles_get(store_t *s, const char *sha, buf_t *out, buf_t *err) {
    db_stmt *st = db_query(store_db(s), err, "SELECT bytes FROM bundles WHERE sha256 = ?", "t", sha);
    int rc = st ? db_step(st, err) : DB_ERROR;
    if (rc == DB_ROW) {
        size_t n;
        const void *p = db_column_blob(st, 0, &n);
        buf_append(out, p, n);
    }
    db_finalize(st);
    return rc == DB_ROW ? 1 : rc == DB_DONE ? 0 : -1;
}

/* A bundle read from the store a block at a time (bundle_read_fn), its SHA-256 computed as it goes
 * and compared with its name at the end, before bundle_unpack_read makes the destination. */
typedef struct {
    store_t *s;
    const char *sha;
    int64_t size, off, block;
    db_stmt *st; /* the block being unpacked is its column's (no copy) */
    crypto_hash_sha256_state h;
    int64_t rowid;
    bool blocks;       /* SQLite: st reads the row's blob, a row of it per block (st runs once) */
    bool store_failed; /* the store, not the bundle: the match is not at fault */
} bundles_reader;

static ssize_t bundles_read_end(bundles_reader *r, buf_t *err);

static ssize_t bundles_read_block(void *ctx, const void **data, buf_t *err) {
    bundles_reader *r = ctx;
    if (r->blocks) {
        int rc = r->off < r->size ? db_step(r->st, err) : DB_DONE;
        size_t n = 0;
        const void *p = rc == DB_ROW ? db_column_blob(r->st, 0, &n) : NULL;
        if (rc == DB_ERROR) {
            r->store_failed = true;
            return -1;
        }
        if (r->off < r->size) {
            if (!p || n == 0 || n > (size_t)(r->size - r->off)) {
                buf_printf(err, "bundle %s changed in the store while it was read: refused", r->sha);
                return -1;
            }
            crypto_hash_sha256_update(&r->h, p, n);
            r->off += (int64_t)n;
            *data = p;
            return (ssize_t)n;
        }
        return bundles_read_end(r, err);
    }
    db_finalize(r->st);
    r->st = NULL;
    if (r->off < r->size) {
        int64_t want = r->size - r->off < r->block ? r->size - r->off : r->block;
        r->st = db_query(store_db(r->s), err,
                         "SELECT substr(bytes, CAST(? AS INTEGER), CAST(? AS INTEGER)) FROM bundles WHERE sha256 = ?",
                         "iit", r->off + 1, want, r->sha);
        int rc = r->st ? db_step(r->st, err) : DB_ERROR;
        size_t n = 0;
        const void *p = rc == DB_ROW ? db_column_blob(r->st, 0, &n) : NULL;
        if (rc == DB_ERROR) {
            r->store_failed = true;
            return -1;
        }
        if (!p || n != (size_t)want) {
            buf_printf(err, "bundle %s changed in the store while it was read: refused", r->sha);
            return -1;
        }
        crypto_hash_sha256_update(&r->h, p, n);
        r->off += want;
        *data = p;
        return (ssize_t)n;
    }
    return bundles_read_end(r, err);
}

/* The end: what the store held is checked against its name before the folder is made. */
static ssize_t bundles_read_end(bundles_reader *r, buf_t *err) {
    unsigned char h[crypto_hash_sha256_BYTES];
    char got[65];
    crypto_hash_sha256_final(&r->h, h);
    for (int i = 0; i < 32; i++) snprintf(got + 2 * i, 3, "%02x", h[i]);
    if (strcmp(got, r->sha) != 0) {
        buf_printf(err, "bundle %s in the store has SHA-256 %s: refused", r->sha, got);
        return -1;
    }
    return 0;
}

int bundles_unpack_cached(store_t *s, const char *sha, const char *cache_dir, buf_t *err) {
    char dest[PATH_MAX];
    snprintf(dest, sizeof dest, "%s/%s", cache_dir, sha);
    struct stat st;
    if (stat(dest, &st) == 0) return 1;
    if (!dirs_make(cache_dir, 0755)) {
        buf_printf(err, "cannot create the bundle cache %s: %s", cache_dir, strerror(errno));
        return -1;
    }
    /* read a block at a time, never whole: on PostgreSQL a block of BUNDLES_BLOCK is fetched by
     * each substr; on SQLite (whose substr reads the whole blob each time) one statement reads the
     * blob's blocks through one handle (db_sqlite.c's arena_blob_read), a row each. Its length as
     * stored (the size column says what was put: a changed row is read whole, and its SHA-256 names
     * the change). */
    bundles_reader r = {.s = s, .sha = sha, .block = BUNDLES_BLOCK};
    db_t *db = store_db(s);
    int rc;
    if (db_is_postgres(db)) {
        rc = db_get_int64(db, err, &r.size, "SELECT length(bytes) FROM bundles WHERE sha256 = ?", "t", sha);
    } else {
        db_stmt *st = db_query(db, err, "SELECT rowid, length(bytes) FROM bundles WHERE sha256 = ?", "t", sha);
        rc = st ? db_step(st, err) : DB_ERROR;
        if (rc == DB_ROW) r.rowid = db_column_int64(st, 0), r.size = db_column_int64(st, 1);
        db_finalize(st);
        rc = rc == DB_ROW ? 1 : rc == DB_DONE ? 0 : -1;
        if (rc == 1)
            r.st = db_query(db, err,
                            "WITH RECURSIVE blocks(o) AS (SELECT 0 UNION ALL SELECT o + CAST(? AS INTEGER) FROM blocks "
                            "WHERE o + CAST(? AS INTEGER) < CAST(? AS INTEGER)) "
                            "SELECT arena_blob_read('bundles', 'bytes', CAST(? AS INTEGER), o, "
                            "min(CAST(? AS INTEGER), CAST(? AS INTEGER) - o)) FROM blocks",
                            "iiiiii", r.block, r.block, r.size, r.rowid, r.block, r.size);
        if (rc == 1 && !r.st) rc = -1;
        r.blocks = true;
    }
    if (rc == 0) buf_printf(err, "bundle %s is not in the store", sha);
    if (rc != 1) return rc < 0 ? -1 : 0;
    crypto_hash_sha256_init(&r.h);
    bool ok = bundle_unpack_read(bundles_read_block, &r, dest, NULL, err);
    db_finalize(r.st);
    if (!ok && stat(dest, &st) == 0) return 1; /* another worker of this machine won */
    return ok ? 1 : r.store_failed ? -1 : 0;
}
