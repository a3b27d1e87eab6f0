/* routes.h: the table of endpoints (method, path pattern, capability, body limit, handler) and
 * the one function that runs a request through it: match the route, open the caller's session,
 * check the capability and the CSRF token, read the JSON body, call the handler. */
#ifndef ARENA_ROUTES_H
#define ARENA_ROUTES_H
#include "api.h"

typedef struct {
    const char *method;
    const char *pattern;  /* "/api/teams/{id}" ({id}: a positive integer) */
    cap_t cap;
    size_t max_body;      /* bytes (ROUTES_UPLOAD: the upload_max_mb setting) */
    api_handler fn;
    const char *summary;  /* one line for docs/serve.md and `arena serve --routes` */
} route;

#define ROUTES_UPLOAD ((size_t)-1)

extern const route routes_table[];

/* http_options' callbacks (ctx: the serve_t). */
size_t routes_limit(void *ctx, const char *method, const char *path, bool *spool);
/* http_options.admit: the caller, session, CSRF token and capability of a request with a body (an
 * upload or a JSON change), checked when its headers arrive (the same checks routes_handle makes
 * again with the body in). */
bool routes_admit(void *ctx, http_req *rq, http_reply *rp);
void routes_handle(void *ctx, http_req *rq, http_reply *rp);
#endif
