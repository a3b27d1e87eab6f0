/* migrate.c: applies a domain's schema steps (see migrate.h). */
#include "migrate.h"
#include "../core/log.h"
#include <stdio.h>
#include <string.h>

static const char *const migrate_table =
    "CREATE TABLE IF NOT EXISTS schema_versions(domain TEXT PRIMARY KEY, version BIGINT NOT NULL)";

int migrate_version(db_t *db, const char *domain) {
    if (!db_has_table(db, "schema_versions")) return 0;
    int64_t v = 0;
    int rc = db_get_int64(db, NULL, &v, "SELECT version FROM schema_versions WHERE domain = ?", "t", domain);
    return rc < 0 ? -1 : (int)v;
}

/* One catalog question and one read for every domain: opening a PostgreSQL store asked
 * information_schema whether schema_versions existed, then read its row, once per domain (24
 * statements, a fresh session's catalog lookups among the slowest of all), and every worker's
 * reconnection, command and server connection opens one. */
bool migrate_versions(db_t *db, const migrate_domain *const *d, size_t n, int *have, bool *table, buf_t *err) {
    for (size_t i = 0; i < n; i++) have[i] = 0;
    *table = db_has_table(db, "schema_versions");
    if (!*table) return true;
    db_stmt *st = db_query(db, err, "SELECT domain, version FROM schema_versions", "");
    if (!st) return false;
    int rc;
    while ((rc = db_step(st, err)) == DB_ROW) {
        const char *domain = db_column_text(st, 0);
        for (size_t i = 0; i < n && domain; i++)
            if (strcmp(d[i]->domain, domain) == 0) have[i] = db_column_int(st, 1);
    }
    db_finalize(st);
    return rc == DB_DONE;
}

static bool migrate_check_newer(const migrate_domain *d, int have, db_t *db, buf_t *err) {
    int last = d->nsteps ? d->steps[d->nsteps - 1].version : 0;
    if (have <= last) return true;
    buf_printf(err, "%s: the store's '%s' schema is version %d, newer than this arena knows (%d): use a newer arena",
               db_target(db), d->domain, have, last);
    return false;
}

int migrate_any_newer(db_t *db, const migrate_domain *const *d, size_t n, buf_t *err) {
    db_stmt *st = db_query(db, err, "SELECT domain, version FROM schema_versions", "");
    if (!st) return -1;
    int rc, found = 0;
    while (!found && (rc = db_step(st, err)) == DB_ROW) {
        const char *domain = db_column_text(st, 0);
        for (size_t i = 0; i < n && domain && !found; i++)
            if (strcmp(d[i]->domain, domain) == 0 && !migrate_check_newer(d[i], db_column_int(st, 1), db, err)) found = 1;
    }
    db_finalize(st);
    return found ? 1 : rc == DB_DONE ? 0 : -1;
}

bool migrate_readable(db_t *db, const migrate_domain *d, int have, int read_from, buf_t *err) {
    int last = d->nsteps ? d->steps[d->nsteps - 1].version : 0;
    if (have < 0) {
        buf_printf(err, "%s: cannot read the store's schema versions", db_target(db));
        return false;
    }
    if (!migrate_check_newer(d, have, db, err)) return false;
    if (have >= read_from) return true;
    buf_printf(err,
               "%s: the store was written by an older arena (its '%s' schema is version %d; this arena reads version "
               "%d and later, %d being its own) and must be brought up to date before it can be read, which writes it: "
               "run %s tourney --db ... --status once where the store can be written, or read a copy of it in a "
               "folder you can write",
               db_target(db), d->domain, have, read_from, last, log_program());
    return false;
}

bool migrate_apply(db_t *db, const migrate_domain *d, buf_t *err) {
    return migrate_apply_from(db, d, migrate_version(db, d->domain), err);
}

bool migrate_apply_from(db_t *db, const migrate_domain *d, int have, buf_t *err) {
    int last = d->nsteps ? d->steps[d->nsteps - 1].version : 0;
    /* The common case, without a write lock: many workers open one store at once. */
    if (have == last) return true;
    if (have > last) return migrate_check_newer(d, have, db, err);
    if (!db_begin(db, err)) return false;
    /* On PostgreSQL the tables belong to the database's owner, whoever makes them: a worker of its
     * own role (a member of the owner's, docs/scale.md "Security") that was first to use a new
     * store made them its own, and the organizer's role, and every other worker's, was refused
     * "permission denied for table schema_versions". SET LOCAL ROLE, for this transaction only. */
    int64_t as_owner = 0;
    if (db_is_postgres(db) &&
        db_get_int64(db, err, &as_owner,
                     "SELECT count(set_config('role', pg_get_userbyid(datdba)::text, true)) FROM pg_database "
                     "WHERE datname = current_database() AND pg_get_userbyid(datdba) <> current_user "
                     "AND pg_has_role(current_user, datdba, 'MEMBER')",
                     "") < 0)
        goto fail;
    if (!db_lock_schema(db, err) || !db_exec(db, migrate_table, err)) goto fail;
    int64_t v = 0;
    if (db_get_int64(db, err, &v, "SELECT version FROM schema_versions WHERE domain = ?", "t", d->domain) < 0) goto fail;
    have = (int)v; /* again, under the lock: another process may have been first */
    if (!migrate_check_newer(d, have, db, err)) goto fail;
    for (int i = 0; i < d->nsteps; i++) {
        if (d->steps[i].version <= have) continue;
        if (!db_exec(db, d->steps[i].sql, err)) {
            buf_printf(err, " (schema '%s' step %d)", d->domain, d->steps[i].version);
            goto fail;
        }
    }
    if (!db_do(db, err, NULL,
               "INSERT INTO schema_versions(domain, version) VALUES(?, ?) "
               "ON CONFLICT(domain) DO UPDATE SET version = excluded.version",
               "tn", d->domain, last))
        goto fail;
    return db_commit(db, err);
fail:
    db_rollback(db);
    return false;
}
