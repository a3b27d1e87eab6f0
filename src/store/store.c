/* store.c: opening a store: the engine, then every domain's migrations, in dependency order. */
#include "store.h"
#include "migrate.h"
#include "bundles.h"
#include "site_finals.h"
#include "site_games.h"
#include "site_ladder.h"
#include "site_scrims.h"
#include "site_settings.h"
#include "site_subs.h"
#include "site_teams.h"
#include "site_users.h"
#include "tourneys.h"
#include "../core/xalloc.h"
#include <stdlib.h>

/* Every domain of the store, in the order their schemas are applied (a domain may refer to the
 * tables of those before it). */
static const migrate_domain *const store_domains[] = {
    &queue_schema,
    &bundles_schema,
    &tourneys_schema,
    /* the competition server's (src/serve/) */
    &site_settings_schema,
    &site_users_schema,
    &site_teams_schema,
    &site_subs_schema,
    &site_games_schema,
    &site_ladder_schema,
    &site_scrims_schema,
    &site_finals_schema,
};
#define STORE_NDOMAINS (sizeof store_domains / sizeof store_domains[0])

store_t *store_open(const char *target, bool create, buf_t *err) { return store_open_lasting(target, create, NULL, err); }

store_t *store_open_lasting(const char *target, bool create, bool *lasting, buf_t *err) {
    if (lasting) *lasting = false;
    db_t *db = db_open_refused(target, create, lasting, err);
    if (!db) return NULL;
    int have[STORE_NDOMAINS];
    bool table;
    if (!migrate_versions(db, store_domains, STORE_NDOMAINS, have, &table, err)) {
        if (lasting) *lasting = db_lasting(db); /* a role that may not read it, a damaged file */
        buf_printf(err, " (%s)", db_target(db));
        db_close(db);
        return NULL;
    }
    for (size_t i = 0; i < STORE_NDOMAINS; i++)
        if (!migrate_apply_from(db, store_domains[i], have[i], err)) {
            const migrate_domain *d = store_domains[i];
            bool is_newer = d->nsteps && migrate_version(db, d->domain) > d->steps[d->nsteps - 1].version;
            if (lasting) *lasting = is_newer || db_lasting(db);
            /* the newer-store message opens with the store's name already: named twice, it read as two stores */
            if (!is_newer) buf_printf(err, " (%s)", db_target(db));
            db_close(db);
            return NULL;
        }
    store_t *s = xcalloc(1, sizeof *s);
    s->db = db;
    return s;
}

int store_newer(store_t *s, buf_t *err) {
    return migrate_any_newer(s->db, store_domains, STORE_NDOMAINS, err);
}

/* The oldest version of a domain whose tables the readers (standings, report: tourneys_load,
 * tourneys_list) read as they are: the tourney domain's matches and seats views of its step 2,
 * over the queue's jobs, results and result_seats of its step 1. Later steps of these domains add
 * what readers do not read; the other domains are not read (0). A step that changes what they read
 * raises its domain's number here. */
static int store_read_from(const migrate_domain *d) {
    if (d == &tourneys_schema) return 2;
    if (d == &queue_schema) return 1;
    return 0;
}

/* The same for --status (status.c): the tournaments and their jobs (tourney step 2, as above) and
 * the workers with their lease (queue step 6: queue_workers_report reads workers.lease). */
static int store_status_reads_from(const migrate_domain *d) {
    if (d == &tourneys_schema) return 2;
    if (d == &queue_schema) return 6;
    return 0;
}

static store_t *store_open_reading(const char *target, int (*read_from)(const migrate_domain *), bool *too_old,
                                   buf_t *err) {
    if (too_old) *too_old = false;
    db_t *db = db_open_read(target, err);
    if (!db) return NULL;
    int have[STORE_NDOMAINS];
    bool table;
    buf_t why;
    buf_init(&why);
    if (!migrate_versions(db, store_domains, STORE_NDOMAINS, have, &table, &why)) {
        buf_printf(err, "%s: cannot read the store's schema versions (%s)", db_target(db), buf_cstr(&why));
        buf_free(&why);
        db_close(db);
        return NULL;
    }
    buf_free(&why);
    /* a database nothing was stored in yet (a new PostgreSQL database) is no older store */
    if (!table && !db_has_table(db, "tourneys")) {
        buf_printf(err, "%s holds no tournament: nothing was stored there yet", db_target(db));
        db_close(db);
        return NULL;
    }
    for (size_t i = 0; i < STORE_NDOMAINS; i++) {
        const migrate_domain *d = store_domains[i];
        if (!migrate_readable(db, d, have[i], read_from(d), err)) {
            if (too_old) *too_old = have[i] < read_from(d);
            db_close(db);
            return NULL;
        }
    }
    store_t *s = xcalloc(1, sizeof *s);
    s->db = db;
    return s;
}

store_t *store_open_read(const char *target, buf_t *err) { return store_open_reading(target, store_read_from, NULL, err); }

store_t *store_open_status(const char *target, buf_t *err) {
    bool too_old;
    size_t from = err ? err->len : 0;
    store_t *s = store_open_reading(target, store_status_reads_from, &too_old, err);
    if (s || !too_old) return s;
    /* older than --status reads: brought up to date where it can be written, as every Arena store
     * opened to be used is (the readers' refusal names --status as the way to do it) */
    buf_t why;
    buf_init(&why);
    s = store_open(target, false, &why);
    if (s && err) { /* the refusal is void */
        err->len = from;
        err->data[from] = 0;
    } else if (err) {
        buf_printf(err, " (bringing it up to date here failed: %s)", buf_cstr(&why));
    }
    buf_free(&why);
    return s;
}

void store_close(store_t *s) {
    if (!s) return;
    db_close(s->db);
    free(s);
}

bool store_integrity_ok(store_t *s, buf_t *why) { return db_check(s->db, why); }
