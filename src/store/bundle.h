/* bundle.h: bot bundles: a file or folder packed into one archive (tar.gz) named by the SHA-256 of
 * its bytes, and the safe unpacking of an archive someone else made (tar, tar.gz, zip) into a
 * folder. Tournaments carry their entrants' bots to other machines in bundles; the competition
 * server unpacks uploads with the same code.
 *
 * Packing is deterministic: entries sorted by name, times 0, owner 0, modes 0755/0644, gzip without
 * a timestamp, so the same files always give the same SHA-256.
 *
 * Unpacking trusts nothing in the archive. It refuses, naming the entry and the reason:
 * absolute paths, `..` components, entries written through a symlink, symlinks whose target is
 * absolute or contains `..` (so no chain of links can climb out), hard links to anything outside
 * the archive's own entries, devices, fifos and sockets, more than max_files entries, more than
 * max_bytes of expanded data (counted while writing: a zip bomb stops at the limit, whatever its
 * headers claim), and formats other than tar (plain, gzip, bzip2, xz) and zip. It writes into a
 * temporary folder beside the destination and renames it into place only when everything passed,
 * so a destination either holds the whole bundle or does not exist. Modes keep only the
 * executable bit (no setuid, no world-writable files). */
#ifndef ARENA_BUNDLE_H
#define ARENA_BUNDLE_H
#include "../core/buf.h"
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define BUNDLE_MAX_FILES 10000
#define BUNDLE_MAX_BYTES (256LL << 20)

typedef struct {
    int64_t max_files; /* entries (files, folders, links); 0: BUNDLE_MAX_FILES */
    int64_t max_bytes; /* expanded bytes of all files; 0: BUNDLE_MAX_BYTES */
} bundle_limits;

/* The SHA-256 of bytes as 64 lowercase hex digits. */
void bundle_sha256_hex(const void *data, size_t n, char out[65]);

/* Packs path (a regular file, or a folder and everything in it) into out as tar.gz; the entries
 * are named relative to path's parent ("bot.py", or "agent/..." for a folder "agent"). Symlinks,
 * devices and fifos in the folder are refused. sha (may be NULL) receives the archive's SHA-256. */
bool bundle_pack(const char *path, const bundle_limits *lim, buf_t *out, char sha[65], buf_t *err);
/* The same written to the open file fd (from its position) as it is made: only a block of it is in
 * memory at a time, whatever its size (a server packing a team's big bot). On failure fd holds
 * part of an archive. */
bool bundle_pack_fd(const char *path, const bundle_limits *lim, int fd, char sha[65], buf_t *err);

/* How many archives this process has begun to pack (bundle_pack, bundle_pack_fd): a folder is read
 * whole each time, so a caller that needs its SHA-256 twice keeps it (the tests count). */
uint64_t bundle_packs(void);

/* Unpacks the archive in data into the folder dest, which must not exist yet (see above). Its
 * words (err) name entries by their names in the archive, never the archive's path nor dest's, so
 * a server may show them to whoever made the archive. */
bool bundle_unpack(const void *data, size_t n, const char *dest, const bundle_limits *lim, buf_t *err);
/* The same from a file. */
bool bundle_unpack_file(const char *archive, const char *dest, const bundle_limits *lim, buf_t *err);
/* The archive's next bytes: *data points at them (valid until the next call), and how many they
 * are; 0 at its end, -1 when they cannot be had or are refused (err says why). */
typedef ssize_t (*bundle_read_fn)(void *ctx, const void **data, buf_t *err);
/* The same from a reader, a block at a time (only a block of the archive is in memory): the reader
 * is read to its end, even past the archive's last entry, before dest is made, so a reader that
 * checks the bytes (their SHA-256) refuses them in time: dest then never exists. */
bool bundle_unpack_read(bundle_read_fn read, void *ctx, const char *dest, const bundle_limits *lim, buf_t *err);
#endif
