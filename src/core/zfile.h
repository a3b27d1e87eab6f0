/* zfile.h: a file compressed as a stream (zlib's deflate), chunk by chunk to a callback: a replay
 * into a watch page (zlib format, ui/page.c) or into the store (gzip, store/replays.c). */
#ifndef ARENA_ZFILE_H
#define ARENA_ZFILE_H
#include "buf.h"
#include <stdbool.h>
#include <stdio.h>

typedef void (*zfile_sink)(void *ctx, const unsigned char *data, size_t n);

/* Reads f to its end and hands its compressed bytes to put (gzip: the gzip format, else zlib's).
 * false with err ("NAME: why") when f cannot be read or zlib fails. */
bool zfile_deflate(FILE *f, bool gzip, zfile_sink put, void *ctx, const char *name, buf_t *err);
#endif
