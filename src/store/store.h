/* store.h: the store: one database (an SQLite file or a PostgreSQL server, see db.h) holding every
 * domain's tables (tournaments, the queue of matches, bot bundles, and the competition server's
 * own), opened and brought up to date in one call. Domain files (tourneys.c, queue.c ...) hold
 * all the SQL; nothing outside src/store/ writes any. */
#ifndef ARENA_STORE_H
#define ARENA_STORE_H
#include "db.h"

/* The store is its connection; domain files reach it with store_db (inline, so they call
 * nothing in store.c and the folder keeps its layers: db -> domains -> store). */
typedef struct store_s {
    db_t *db;
} store_t;

/* Opens the store at target (a file path, or postgresql://...) and applies every domain's missing
 * schema steps. create: an SQLite file may be created (a PostgreSQL database must exist). */
store_t *store_open(const char *target, bool create, buf_t *err);
/* store_open, telling a failure no wait can repair, which a worker waiting for its store must not
 * wait out: *lasting is set when the store is newer than this program (written by a newer arena),
 * when the PostgreSQL server refused the login or the database (db_open_refused), or when reading
 * its versions met an error no wait mends (db_lasting: a role without the rights, a damaged file). */
store_t *store_open_lasting(const char *target, bool create, bool *lasting, buf_t *err);
/* Whether another arena has since brought the open store past what this one knows: 1 (err says
 * so, in store_open's words), 0 not, -1 cannot tell (err says why). One statement: for a
 * long-running worker, which an upgrade may migrate the store under. */
int store_newer(store_t *s, buf_t *err);
/* Opens an existing store only to read it (standings, report): nothing is written or migrated
 * (db_open_read), so a store in a read-only folder, or a read-only file, can be read. Refused,
 * saying why, when it is newer than this program or too old to read without migrating it. The
 * caller runs no statement that writes. */
store_t *store_open_read(const char *target, buf_t *err);
/* Opens a store for `arena tourney --status`, to read it as store_open_read does (a read-only file
 * or folder is read as it is); a store older than what --status reads (the workers' leases) is
 * brought up to date by store_open when it can be written, and refused as by store_open_read when
 * it cannot. */
store_t *store_open_status(const char *target, buf_t *err);
void store_close(store_t *s);
/* The connection, for the domain files. */
static inline db_t *store_db(store_t *s) { return s->db; }
/* The engine's consistency check (SQLite: PRAGMA integrity_check): true when sound. */
bool store_integrity_ok(store_t *s, buf_t *why);
#endif
