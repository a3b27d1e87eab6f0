/* replays.c: replays in the store (see replays.h); the table is the queue domain's (queue.c). */
#include "replays.h"
#include "../core/zfile.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#define REPLAYS_MAX_BYTES (1u << 30) /* an uncompressed replay larger than this is refused */

static void replays_sink(void *out, const unsigned char *data, size_t n) { buf_append(out, data, n); }

bool replays_pack_file(const char *path, buf_t *out, buf_t *err) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        buf_printf(err, "cannot read the replay %s: %s", path, strerror(errno));
        return false;
    }
    bool ok = zfile_deflate(f, true, replays_sink, out, path, err);
    fclose(f);
    return ok;
}

/* Uncompresses gzip bytes into out (appended). */
static bool replays_gunzip(const void *data, size_t n, buf_t *out, buf_t *err) {
    z_stream z;
    memset(&z, 0, sizeof z);
    if (inflateInit2(&z, 15 + 16) != Z_OK) {
        buf_printf(err, "zlib: cannot start uncompressing");
        return false;
    }
    z.next_in = (unsigned char *)data;
    z.avail_in = (uInt)n;
    unsigned char chunk[65536];
    size_t total = 0;
    int rc;
    for (;;) {
        z.next_out = chunk;
        z.avail_out = sizeof chunk;
        rc = inflate(&z, Z_NO_FLUSH); /* Z_BUF_ERROR: no progress possible (the data is cut short) */
        size_t got = sizeof chunk - z.avail_out;
        total += got;
        if (total > REPLAYS_MAX_BYTES) break;
        buf_append(out, chunk, got);
        if (rc != Z_OK) break;
    }
    inflateEnd(&z);
    if (rc != Z_STREAM_END || total > REPLAYS_MAX_BYTES) {
        buf_printf(err, "the stored replay is damaged (%s)", total > REPLAYS_MAX_BYTES ? "too large" : "bad gzip data");
        return false;
    }
    return true;
}

int replays_load(store_t *s, int64_t job, buf_t *out, buf_t *err) {
    db_stmt *st = db_query(store_db(s), err, "SELECT data FROM replays WHERE job_id = ?", "i", job);
    if (!st) return -1;
    int rc = db_step(st, err), found = 0;
    if (rc == DB_ROW) {
        size_t n = 0;
        const void *p = db_column_blob(st, 0, &n);
        found = replays_gunzip(p, n, out, err) ? 1 : -1;
    } else if (rc == DB_ERROR) {
        found = -1;
    }
    db_finalize(st);
    return found;
}

int replays_save(store_t *s, int64_t job, const char *path, buf_t *err) {
    buf_t b;
    buf_init(&b);
    int rc = replays_load(s, job, &b, err);
    if (rc == 1) {
        char part[4200];
        snprintf(part, sizeof part, "%s.part", path);
        FILE *f = fopen(part, "wb");
        bool ok = f && fwrite(b.data, 1, b.len, f) == b.len;
        if (f && fclose(f) != 0) ok = false;
        if (!ok || rename(part, path) != 0) {
            buf_printf(err, "cannot write %s: %s", path, strerror(errno));
            unlink(part);
            rc = -1;
        }
    }
    buf_free(&b);
    return rc;
}

bool replays_set_path(store_t *s, int64_t job, const char *path, buf_t *err) {
    return db_do(store_db(s), err, NULL, "UPDATE results SET replay = ? WHERE job_id = ?", "ti", path, job);
}
