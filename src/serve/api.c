/* api.c: the handlers' shared helpers (see api.h). */
#include "api.h"
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Each HTTP thread opens the store once and keeps it; the key's destructor closes it when the
 * thread ends (libmicrohttpd ends a connection's thread, or its pool's at the server's stop), or
 * every thread that ever served a request would leave a connection and its statements behind. */
static __thread store_t *api_thread_store;
static pthread_key_t api_store_key;
static pthread_once_t api_store_once = PTHREAD_ONCE_INIT;

static void api_store_close(void *s) { store_close(s); }
static void api_store_key_make(void) { pthread_key_create(&api_store_key, api_store_close); }

store_t *api_store(serve_t *srv, buf_t *err) {
    /* kept across a restart of the database: its next statement reconnects (db.h) */
    if (api_thread_store) return api_thread_store;
    api_thread_store = store_open(srv->db, false, err);
    if (api_thread_store) {
        pthread_once(&api_store_once, api_store_key_make);
        pthread_setspecific(api_store_key, api_thread_store);
    }
    return api_thread_store;
}

void api_error(api_call *c, int status, const char *fmt, ...) {
    /* Whole, however long: a fixed buffer cut long messages (a game's many references and bots
     * named in one) and could cut a UTF-8 character in two. */
    buf_t msg;
    buf_init(&msg);
    va_list ap;
    va_start(ap, fmt);
    buf_vprintf(&msg, fmt, ap);
    va_end(ap);
    c->rp->status = status;
    c->rp->type = NULL;
    c->rp->static_data = NULL;
    buf_reset(&c->rp->body);
    jw_t w;
    jw_init(&w, &c->rp->body);
    jw_obj(&w);
    jw_key(&w, "error");
    jw_str(&w, buf_cstr(&msg));
    jw_obj_end(&w);
    buf_free(&msg);
}

/* A store that comes back (a restart, a full disk freed) is worth a retry in a moment; one no wait
 * mends (db_lasting: the server's role lost its rights, the SQLite file made read-only, damaged,
 * replaced) is not, and the participant is told it is the organizer's to fix. The log says it all. */
void api_store_error(api_call *c, const buf_t *err) {
    bool lasting = c->store && db_lasting(store_db(c->store));
    fprintf(stderr, "arena serve: store: %s%s\n", err->len ? err->data : "?",
            lasting ? " (no wait mends this: requests that need the store fail until it is fixed)" : "");
    api_error(c, 503, lasting ? "the store cannot be used as it is: the organizer must fix it (the server's log says why)"
                              : "the store could not be read or written; try again in a moment");
}

jw_t *api_begin(api_call *c, jw_t *w) {
    buf_reset(&c->rp->body);
    jw_init(w, &c->rp->body);
    return w;
}

void api_ok(api_call *c) {
    buf_reset(&c->rp->body);
    buf_puts(&c->rp->body, "{\"ok\":true}");
}

const char *api_text(api_call *c, const char *key) {
    json_t *v = c->in ? json_object_get(c->in, key) : NULL;
    return json_is_string(v) ? json_string_value(v) : NULL;
}

/* A field given with another type (the text "false", a number with a fraction, null) is refused
 * rather than read as missing: a script that sent "false" would otherwise get the default, true. */
bool api_int_field(api_call *c, const char *key, int64_t def, int64_t *out) {
    json_t *v = c->in ? json_object_get(c->in, key) : NULL;
    if (!v) {
        *out = def;
        return true;
    }
    if (!json_is_integer(v)) {
        api_error(c, 400, "%s: expected a whole number", key);
        return false;
    }
    *out = json_integer_value(v);
    return true;
}

bool api_bool_field(api_call *c, const char *key, bool def, bool *out) {
    json_t *v = c->in ? json_object_get(c->in, key) : NULL;
    if (!v) *out = def;
    else if (json_is_boolean(v)) *out = json_is_true(v);
    else if (json_is_integer(v)) *out = json_integer_value(v) != 0;
    else {
        api_error(c, 400, "%s: expected true or false", key);
        return false;
    }
    return true;
}

/* No control characters: C0, DEL, and C1 (U+0080 to U+009F, the bytes C2 80 to C2 9F). The text
 * is valid UTF-8 already: it comes from a JSON body, and jansson accepts no other (no overlong
 * forms, no surrogates, no NUL). */
static bool api_no_controls(const unsigned char *s) {
    for (; *s; s++)
        if (*s < 32 || *s == 127 || (s[0] == 0xc2 && s[1] >= 0x80 && s[1] <= 0x9f)) return false;
    return true;
}

/* A character that shows as nothing, turns the text around or breaks its line: the soft hyphen,
 * zero-width ones, the direction marks (the Arabic letter mark too), embeddings, overrides and
 * isolates, the word joiner's kin, the BOM, the combining grapheme joiner, the Mongolian vowel
 * separator, the Hangul fillers and the Braille blank (a name of them showed as an empty cell on
 * the ladder), the line and paragraph separators (a name on two lines). */
static bool api_invisible(const unsigned char *s) {
    return (s[0] == 0xc2 && s[1] == 0xad) || (s[0] == 0xcd && s[1] == 0x8f) || (s[0] == 0xd8 && s[1] == 0x9c) ||
           (s[0] == 0xe1 && s[1] == 0x85 && (s[2] == 0x9f || s[2] == 0xa0)) ||
           (s[0] == 0xe1 && s[1] == 0xa0 && s[2] == 0x8e) ||
           (s[0] == 0xe2 && s[1] == 0x80 && ((s[2] >= 0x8b && s[2] <= 0x8f) || (s[2] >= 0xa8 && s[2] <= 0xae))) ||
           (s[0] == 0xe2 && s[1] == 0x81 && s[2] >= 0xa0 && s[2] <= 0xa9 && s[2] != 0xa5) ||
           (s[0] == 0xe2 && s[1] == 0xa0 && s[2] == 0x80) || (s[0] == 0xe3 && s[1] == 0x85 && s[2] == 0xa4) ||
           (s[0] == 0xef && s[1] == 0xbb && s[2] == 0xbf) || (s[0] == 0xef && s[1] == 0xbe && s[2] == 0xa0);
}

/* The bytes of the blank that s starts with (a space, the no-break space, U+1680, U+2000 to
 * U+200A, the narrow no-break space, U+205F, the ideographic space), or 0. "admin\u00a0" passed
 * for "admin" as "admin " did not. */
static size_t api_blank(const unsigned char *s) {
    if (s[0] == ' ') return 1;
    if (s[0] == 0xc2 && s[1] == 0xa0) return 2;
    if ((s[0] == 0xe1 && s[1] == 0x9a && s[2] == 0x80) || (s[0] == 0xe2 && s[1] == 0x80 && (s[2] <= 0x8a || s[2] == 0xaf)) ||
        (s[0] == 0xe2 && s[1] == 0x81 && s[2] == 0x9f) || (s[0] == 0xe3 && s[1] == 0x80 && s[2] == 0x80))
        return 3;
    return 0;
}

/* Whether valid UTF-8 text s of n bytes ends with a blank (api_blank's). */
static bool api_ends_blank(const char *s, size_t n) {
    for (size_t k = 1; k <= 3 && k <= n; k++)
        if (api_blank((const unsigned char *)s + n - k) == k) return true;
    return false;
}

/* The checks of api_user_text (and of api_user_name when name): true, or why holds the refusal. */
static bool api_text_ok(const char *what, const char *s, size_t max, bool name, buf_t *why) {
    if (!s || !*s) {
        buf_printf(why, "%s is missing", what);
        return false;
    }
    if (strlen(s) > max) {
        buf_printf(why, "%s is longer than %zu bytes", what, max);
        return false;
    }
    if (!api_no_controls((const unsigned char *)s)) {
        buf_printf(why, "%s must be UTF-8 text without control characters", what);
        return false;
    }
    if (!name) return true;
    size_t n = strlen(s);
    if (api_blank((const unsigned char *)s) || api_ends_blank(s, n)) {
        buf_printf(why, "%s must not begin or end with a blank", what);
        return false;
    }
    /* valid UTF-8 already (a JSON string's): a lead byte's sequence is whole, so s[1], s[2] exist */
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        if (api_invisible(p)) {
            buf_printf(why, "%s must not hold characters that show as nothing or change the text's direction "
                       "(zero-width characters, direction marks, fillers, line separators)", what);
            return false;
        }
    return true;
}

static bool api_text_check(api_call *c, const char *what, const char *s, size_t max, bool name) {
    buf_t why;
    buf_init(&why);
    bool ok = api_text_ok(what, s, max, name, &why);
    if (!ok) api_error(c, 400, "%s", buf_cstr(&why));
    buf_free(&why);
    return ok;
}

bool api_user_text(api_call *c, const char *what, const char *s, size_t max) {
    return api_text_check(c, what, s, max, false);
}

bool api_user_name(api_call *c, const char *what, const char *s, size_t max) {
    return api_text_check(c, what, s, max, true);
}

bool api_name_ok(const char *what, const char *s, size_t max, buf_t *why) { return api_text_ok(what, s, max, true, why); }

bool api_query_int(api_call *c, const char *name, int64_t def, int64_t min, int64_t max, int64_t *out) {
    const char *v = http_query(c->rq, name);
    if (!v || !*v) {
        *out = def;
        return true;
    }
    char *end;
    errno = 0;
    long long n = strtoll(v, &end, 10);
    if (*end || errno == ERANGE || n < min || n > max) { /* past 2^63: strtoll's saturated value is no answer */
        api_error(c, 400, "parameter %s: expected an integer from %lld to %lld", name, (long long)min, (long long)max);
        return false;
    }
    *out = n;
    return true;
}

bool api_team_may_see(const api_call *c, int64_t team_id) {
    if (c->user.id == 0 || c->user.disabled) return false;
    return c->user.organizer || (team_id != 0 && c->user.team_id == team_id);
}
