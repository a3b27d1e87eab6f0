/* site_settings.h: the competition server's settings (one row per key, the value as text; what
 * the keys mean is src/serve/settings.c's table) and its announcements. */
#ifndef ARENA_SITE_SETTINGS_H
#define ARENA_SITE_SETTINGS_H
#include "migrate.h"
#include "store.h"

extern const migrate_domain site_settings_schema;

bool site_settings_set(store_t *s, const char *key, const char *value, buf_t *err);
/* Calls fn for every stored setting. */
bool site_settings_each(store_t *s, void (*fn)(void *ctx, const char *key, const char *value), void *ctx, buf_t *err);

typedef struct {
    int64_t id;
    char text[2048];
    char created[32];
    char author[64];
} site_settings_announcement;

int64_t site_settings_announce(store_t *s, const char *text, const char *author, buf_t *err);
/* Hides an announcement: 1 done (hidden already too), 0 there is none with this id, -1 error. */
int site_settings_unannounce(store_t *s, int64_t id, buf_t *err);
/* The latest announcements first, at most max: how many (-1 error). */
int site_settings_announcements(store_t *s, int max, site_settings_announcement *out, buf_t *err);
#endif
