/* zfile.c: a file compressed as a stream (see zfile.h). */
#include "zfile.h"
#include "xalloc.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

bool zfile_deflate(FILE *f, bool gzip, zfile_sink put, void *ctx, const char *name, buf_t *err) {
    z_stream z;
    memset(&z, 0, sizeof z);
    /* windowBits 15, + 16 for the gzip format (so `zcat` reads it) */
    if (deflateInit2(&z, 6, Z_DEFLATED, gzip ? 15 + 16 : 15, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
        buf_puts(err, "zlib: deflateInit failed");
        return false;
    }
    enum { CHUNK = 1 << 16 };
    unsigned char *in = xmalloc(CHUNK), *out = xmalloc(CHUNK);
    bool ok = true;
    int flush = Z_NO_FLUSH;
    do {
        size_t n = fread(in, 1, CHUNK, f);
        if (ferror(f)) {
            buf_printf(err, "%s: %s", name, strerror(errno));
            ok = false;
            break;
        }
        flush = feof(f) ? Z_FINISH : Z_NO_FLUSH;
        z.next_in = in;
        z.avail_in = (uInt)n;
        do {
            z.next_out = out;
            z.avail_out = CHUNK;
            deflate(&z, flush);
            put(ctx, out, CHUNK - z.avail_out);
        } while (z.avail_out == 0);
    } while (flush != Z_FINISH);
    deflateEnd(&z);
    free(in);
    free(out);
    return ok;
}
