/* bundles.c: the bundles domain (see bundles.h). */
#include "bundles.h"
#include "bundle.h"
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>

static const migrate_step bundles_steps[] = {
    {1, "CREATE TABLE bundles(sha256 TEXT PRIMARY KEY, bytes {blob} NOT NULL, size BIGINT NOT NULL, created TEXT NOT NULL)"},
};

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

int bundles_unpack_cached(store_t *s, const char *sha, const char *cache_dir, buf_t *err) {
    char dest[PATH_MAX];
    snprintf(dest, sizeof dest, "%s/%s", cache_dir, sha);
    struct stat st;
    if (stat(dest, &st) == 0) return 1;
    if (!bundles_mkdirs(cache_dir)) {
        buf_printf(err, "cannot create the bundle cache %s: %s", cache_dir, strerror(errno));
        return -1;
    }
    buf_t data;
    buf_init(&data);
    int rc = bundles_get(s, sha, &data, err);
    if (rc == 0) buf_printf(err, "bundle %s is not in the store", sha);
    bool ok = rc == 1;
    if (ok) {
        /* What the store holds is checked against its name before anything is unpacked. */
        char got[65];
        bundle_sha256_hex(data.data, data.len, got);
        if (strcmp(got, sha) != 0) {
            buf_printf(err, "bundle %s in the store has SHA-256 %s: refused", sha, got);
            ok = false;
        }
    }
    if (ok && !bundle_unpack(data.data, data.len, dest, NULL, err)) ok = stat(dest, &st) == 0; /* another won */
    buf_free(&data);
    return ok ? 1 : rc < 0 ? -1 : 0;
}
