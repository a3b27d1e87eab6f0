/* bundles.h: the bundles domain of the store: bot bundles (bundle.h) kept by their SHA-256, so
 * workers on other machines fetch the bots of a tournament from the store itself. */
#ifndef ARENA_BUNDLES_H
#define ARENA_BUNDLES_H
#include "migrate.h"
#include "store.h"

extern const migrate_domain bundles_schema;

/* Stores the archive (nothing happens when that SHA-256 is already there). */
bool bundles_put(store_t *s, const char *sha, const void *data, size_t n, buf_t *err);
/* The same from the open file fd (the whole file: bundle_pack_fd's), read a block at a time: the
 * bundle is never whole in memory, on either engine. */
bool bundles_put_fd(store_t *s, const char *sha, int fd, buf_t *err);
/* The archive of sha into out: 1 found, 0 not in the store, -1 error. */
int bundles_get(store_t *s, const char *sha, buf_t *out, buf_t *err);
/* Makes sure the bundle sha is unpacked at cache_dir/sha (fetching it from the store the first
 * time; several workers of one machine may race: the first rename wins, the others find it).
 * 1 done; 0 the bundle cannot be used (not in the store, changed there, refused when unpacked);
 * -1 this machine or the store failed (the cache cannot be made, the store is away): the match
 * is not at fault. */
int bundles_unpack_cached(store_t *s, const char *sha, const char *cache_dir, buf_t *err);
#endif
