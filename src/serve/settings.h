/* settings.h: the competition's settings: one table of keys (type, default, what it means),
 * their values in force (the store's, over the defaults; a --config file's at start), read by
 * every part of the server and changed by organizers. docs/serve.md "Configuration" lists them. */
#ifndef ARENA_SETTINGS_H
#define ARENA_SETTINGS_H
#include "../core/jw.h"
#include "../store/store.h"
#include "serve.h"

typedef enum { SETTING_INT, SETTING_TEXT, SETTING_JSON } setting_type;

typedef struct {
    const char *key;
    setting_type type;
    const char *def;        /* the default, as JSON text */
    long min, max;          /* SETTING_INT: the allowed range; SETTING_TEXT: min and max length */
    bool secret;            /* shown to organizers only (the invite code) */
    const char *help;
} setting_def;

extern const setting_def settings_table[];

/* Loads the defaults, then the store's values, into srv->settings. A stored value that fails its
 * check now (a range changed since it was saved) is left out, and named in *refused (a new object:
 * {key: {"stored": the stored text, "why": the check's words}}) for the start to settle: the
 * --config file's value for it, or no start (serve.c). The store is not changed. */
bool settings_load(serve_t *srv, store_t *s, json_t **refused, buf_t *err);
/* The default of a setting as JSON text (NULL: no such setting). */
const char *settings_default(const char *key);
/* Applies a JSON object of settings (a --config file, an organizer's request): each is checked,
 * stored and put in force; nothing is changed when one is wrong (err names it). */
bool settings_apply(serve_t *srv, store_t *s, json_t *obj, buf_t *err);
/* Values in force (thread-safe copies). */
long settings_int(serve_t *srv, const char *key);
void settings_text(serve_t *srv, const char *key, char *out, size_t n);
/* A JSON value (a new reference: json_decref it), NULL when unset. */
json_t *settings_json_value(serve_t *srv, const char *key);
/* Writes the settings as a JSON object; secret ones only when organizer. */
void settings_write(serve_t *srv, jw_t *w, bool organizer);
/* The deadline has passed (by the server's clock): uploads are refused, the ladder stops. */
bool settings_frozen(serve_t *srv);
#endif
