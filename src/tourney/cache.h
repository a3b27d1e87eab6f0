/* cache.h: where a worker unpacks the bots that travel in the store (its bundle cache), chosen
 * once at its start. A folder given (--cache) is used or refused. The default, under
 * $XDG_CACHE_HOME or ~/.cache, may be unwritable on a cluster's node (a home mounted read-only, a
 * service account's HOME=/nonexistent): then a folder private to the user under $TMPDIR (or
 * /tmp), named with the uid, is used instead and the caller says so. */
#ifndef ARENA_TOURNEY_CACHE_H
#define ARENA_TOURNEY_CACHE_H
#include "../core/buf.h"
#include <stdbool.h>
#include <stddef.h>

/* Chooses, makes and checks the cache folder: `given` (NULL: the default, with its fallback).
 * True with its path in out, and in note a line to say (without "\n") when the default was
 * passed over for the fallback (empty otherwise); false with err saying why. The caller adds
 * how its user chooses another (`arena worker --cache`, `arena tourney` XDG_CACHE_HOME). */
bool cache_choose(const char *given, char *out, size_t n, buf_t *note, buf_t *err);

#endif
