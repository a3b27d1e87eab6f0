/* api.h: what every endpoint handler shares: the call (the request, the reply, this thread's
 * store connection, the caller), JSON in and out, errors that say what to do, and the checks of
 * ids against the caller (a team's private rows are its members' and the organizers' only). */
#ifndef ARENA_API_H
#define ARENA_API_H
#include "../core/jw.h"
#include "../store/site_users.h"
#include "../store/store.h"
#include "caps.h"
#include "http.h"
#include "serve.h"

typedef struct {
    serve_t *srv;
    http_req *rq;
    http_reply *rp;
    store_t *store;         /* this thread's connection */
    site_user user;         /* the caller (id 0: not logged in) */
    char csrf[72];          /* the caller's CSRF token (the session's, or the anonymous cookie's) */
    char session_hash[65];  /* the session cookie's SHA-256 ("" none) */
    json_t *in;             /* the JSON body (an object; NULL when the body is not JSON) */
} api_call;

typedef void (*api_handler)(api_call *c);

/* This thread's store connection (opened on first use; NULL with err when the store is away). */
store_t *api_store(serve_t *srv, buf_t *err);

/* Replies: a JSON error {"error": msg} with the status; a JSON body written with jw (begin
 * returns the writer on the reply's body; the status is 200 unless set). */
void api_error(api_call *c, int status, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void api_store_error(api_call *c, const buf_t *err);
jw_t *api_begin(api_call *c, jw_t *w);
void api_ok(api_call *c); /* {"ok": true} */

/* Fields of the JSON body: text (NULL when missing or not text); an integer, a boolean (true,
 * false, or a number: 0 is false): def when missing, else false and 400 naming the field when it
 * has another type. */
const char *api_text(api_call *c, const char *key);
bool api_int_field(api_call *c, const char *key, int64_t def, int64_t *out);
bool api_bool_field(api_call *c, const char *key, bool def, bool *out);
/* Text a user chose (a name, a message) from the JSON body, so valid UTF-8 (jansson's): 1 to max
 * bytes, no control characters; else replies 400 naming what (false). */
bool api_user_text(api_call *c, const char *what, const char *s, size_t max);
/* A name (a user's, a team's, a stage's), shown where other names are: as api_user_text, and no
 * blank at either end nor a character that shows as nothing or turns the text around, so that no
 * name passes for another ("admin ", "\u202enimda"). */
bool api_user_name(api_call *c, const char *what, const char *s, size_t max);
/* The same rules for a name that comes from elsewhere than a request (a setting's): true, or why
 * holds the refusal, naming it as what. */
bool api_name_ok(const char *what, const char *s, size_t max, buf_t *why);
/* An integer query parameter (def when missing; false and 400 when malformed). */
bool api_query_int(api_call *c, const char *name, int64_t def, int64_t min, int64_t max, int64_t *out);

/* The caller may see team t's private rows (its code, logs, stderr, private games): a member or an organizer. */
bool api_team_may_see(const api_call *c, int64_t team_id);
#endif
