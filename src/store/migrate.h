/* migrate.h: versioned schema migrations, per domain, on every engine. Each domain (tournaments,
 * the queue, the server's users ...) is a list of steps numbered 1, 2, 3 ...; the table
 * schema_versions(domain, version) says how far a database has come. Opening a store brings every
 * domain up to its last step, each domain in one transaction under a lock (two processes opening a
 * fresh store at once apply the steps once). A step is never edited once released: a change is a
 * new step. */
#ifndef ARENA_MIGRATE_H
#define ARENA_MIGRATE_H
#include "db.h"

typedef struct {
    int version;     /* 1, 2, 3 ... in order */
    const char *sql; /* statements in portable SQL (db.h), separated by semicolons, no parameters */
} migrate_step;

typedef struct {
    const char *domain;       /* "tourney", "queue" ... */
    const migrate_step *steps;
    int nsteps;
} migrate_domain;

/* Applies the steps the database lacks. Fails (saying so) when the database is newer than this
 * program (a version above the last step). */
bool migrate_apply(db_t *db, const migrate_domain *d, buf_t *err);
/* The same, the database's version of the domain being have, as migrate_versions read it (the
 * version is read again under the lock before any step is applied). */
bool migrate_apply_from(db_t *db, const migrate_domain *d, int have, buf_t *err);
/* The versions of the n domains in the database (have[i]; 0: none), in one statement after one
 * question to the catalog (*table: whether schema_versions exists). False: cannot tell (err says
 * why). What opening a store reads once, instead of migrate_version for each domain. */
bool migrate_versions(db_t *db, const migrate_domain *const *d, size_t n, int *have, bool *table, buf_t *err);
/* Whether the store can be read as it is, without migrating, have being the database's version of
 * the domain (-1: cannot tell): not newer than this program, and not older than read_from, the
 * oldest version whose tables the reader understands (0: it reads none of them). err says which,
 * and what to do. Writes nothing. */
bool migrate_readable(db_t *db, const migrate_domain *d, int have, int read_from, buf_t *err);
/* Whether any of the n domains is newer in the database than this program knows (another arena
 * brought the store up to date while this one ran): 1 (err says so, as migrate_apply would), 0 not,
 * -1 cannot tell (err says why). One statement, for a long-running process to ask now and then. */
int migrate_any_newer(db_t *db, const migrate_domain *const *d, size_t n, buf_t *err);
/* The domain's version in the database (0: none, -1: cannot tell). */
int migrate_version(db_t *db, const char *domain);
#endif
