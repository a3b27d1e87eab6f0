/* bundles.c: the bundles domain (see bundles.h). */
#include "bundles.h"
#include "bundle.h"
#include <errno.h>
#include <sodium.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>

static const migrate_step bundles_steps[] = {
    {1, "CREATE TABLE bundles(sha256 TEXT PRIMARY KEY, bytes {blob} NOT NULL, size BIGINT NOT NULL, created TEXT NOT NULL)"},
};

/* A block read from PostgreSQL: what is in memory of a bundle being unpacked (one bytea). */
#define BUNDLES_BLOCK ((int64_t)1 << 20)

const migrate_domain bundles_schema = {"bundles", bundles_steps, sizeof bundles_steps / sizeof bundles_steps[0]};

bool bundles_put(store_t *s, const char *sha, const void *data, size_t n, buf_t *err) {
    char now[32];
    db_now_utc(now);
    return db_do(store_db(s), err, NULL,
                 "INSERT INTO bundles(sha256, bytes, size, created) VALUES(?,?,?,?) ON CONFLICT(sha256) DO NOTHING",
                 "tbit", sha, data, n, (int64_t)n, now);
}

bool bundles_put_fd(store_t *s, const char *sha, int fd, buf_t *err) {
    struct stat st;
    if (fstat(fd, &st) != 0 || st.st_size <= 0) {
        buf_printf(err, "cannot read the bundle %s: %s", sha, st.st_size <= 0 ? "empty" : strerror(errno));
        return false;
    }
    /* mapped, not read: the file's pages are the page cache's, not a copy on the heap */
    void *p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_SHARED, fd, 0);
    if (p == MAP_FAILED) {
        buf_printf(err, "cannot read the bundle %s: %s", sha, strerror(errno));
        return false;
    }
    bool ok = bundles_put(s, sha, p, (size_t)st.st_size, err);
    munmap(p, (size_t)st.st_size);
    return ok;
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

static bool bundles_mkdirs(const char *dir) {
    char p[PATH_MAX];
    snprintf(p, sizeof p, "%s", dir);
    for (char *c = p + 1; *c; c++)
        if (*c == '/') {
            *c = 0;
            if (mkdir(p, 0755) != 0 && errno != EEXIST) return false;
            *c = '/';
        }
    return mkdir(p, 0755) == 0 || errno == EEXIST;
}

/* A bundle read from the store a block at a time (bundle_read_fn), its SHA-256 computed as it goes
 * and compared with its name at the end, before bundle_unpack_read makes the destination. */
typedef struct {
    store_t *s;
    const char *sha;
    int64_t size, off, block;
    db_stmt *st; /* the block being unpacked is its column's (no copy) */
    crypto_hash_sha256_state h;
    bool store_failed; /* the store, not the bundle: the match is not at fault */
} bundles_reader;

static ssize_t bundles_read_block(void *ctx, const void **data, buf_t *err) {
    bundles_reader *r = ctx;
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
    /* the end: what the store held is checked against its name before the folder is made */
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
    if (!bundles_mkdirs(cache_dir)) {
        buf_printf(err, "cannot create the bundle cache %s: %s", cache_dir, strerror(errno));
        return -1;
    }
    /* read a block at a time, never whole: on PostgreSQL a block of BUNDLES_BLOCK is what is
     * fetched; SQLite reads a blob's every page for each substr, so there it is one block (held
     * once, in the statement, unpacked from there) */
    /* its length as stored (the size column says what was put: a changed row is read whole, and
     * its SHA-256 names the change) */
    bundles_reader r = {.s = s, .sha = sha, .block = db_is_postgres(store_db(s)) ? BUNDLES_BLOCK : INT64_MAX};
    int rc = db_get_int64(store_db(s), err, &r.size, "SELECT length(bytes) FROM bundles WHERE sha256 = ?", "t", sha);
    if (rc == 0) buf_printf(err, "bundle %s is not in the store", sha);
    if (rc != 1) return rc < 0 ? -1 : 0;
    crypto_hash_sha256_init(&r.h);
    bool ok = bundle_unpack_read(bundles_read_block, &r, dest, NULL, err);
    db_finalize(r.st);
    if (!ok && stat(dest, &st) == 0) return 1; /* another worker of this machine won */
    return ok ? 1 : r.store_failed ? -1 : 0;
}
