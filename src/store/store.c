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

store_t *store_open(const char *target, bool create, buf_t *err) {
    db_t *db = db_open(target, create, err);
    if (!db) return NULL;
    for (size_t i = 0; i < sizeof store_domains / sizeof store_domains[0]; i++)
        if (!migrate_apply(db, store_domains[i], err)) {
            buf_printf(err, " (%s)", db_target(db));
            db_close(db);
            return NULL;
        }
    store_t *s = xcalloc(1, sizeof *s);
    s->db = db;
    return s;
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

store_t *store_open_read(const char *target, buf_t *err) {
    db_t *db = db_open_read(target, err);
    if (!db) return NULL;
    /* a database nothing was stored in yet (a new PostgreSQL database) is no older store */
    if (!db_has_table(db, "schema_versions") && !db_has_table(db, "tourneys")) {
        buf_printf(err, "%s holds no tournament: nothing was stored there yet", db_target(db));
        db_close(db);
        return NULL;
    }
    for (size_t i = 0; i < sizeof store_domains / sizeof store_domains[0]; i++)
        if (!migrate_readable(db, store_domains[i], store_read_from(store_domains[i]), err)) {
            db_close(db);
            return NULL;
        }
    store_t *s = xcalloc(1, sizeof *s);
    s->db = db;
    return s;
}

void store_close(store_t *s) {
    if (!s) return;
    db_close(s->db);
    free(s);
}

bool store_integrity_ok(store_t *s, buf_t *why) { return db_check(s->db, why); }
