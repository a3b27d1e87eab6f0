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

void store_close(store_t *s) {
    if (!s) return;
    db_close(s->db);
    free(s);
}

bool store_integrity_ok(store_t *s, buf_t *why) { return db_check(s->db, why); }
