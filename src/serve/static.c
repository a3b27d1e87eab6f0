/* static.c: the embedded pages (see static.h). */
#include "static.h"
#include <stdio.h>
#include <string.h>

typedef struct {
    const char *name, *type;
    const unsigned char *data;
    size_t len;
    const char *etag;
} site_asset;
extern const site_asset site_assets[];

static const site_asset *static_find(const char *name) {
    for (const site_asset *a = site_assets; a->name; a++)
        if (strcmp(a->name, name) == 0) return a;
    return NULL;
}

void static_serve(api_call *c) {
    const char *path = c->rq->path;
    while (*path == '/') path++;
    char name[256];
    const site_asset *a = NULL;
    if (strlen(path) < 200 && !strstr(path, "..")) {
        if (!*path) a = static_find("index.html");
        else if (strncmp(path, "watch/", 6) == 0 && path[6] >= '1' && path[6] <= '9' &&
                 strspn(path + 6, "0123456789") == strlen(path + 6)) /* a game's id: "/watch/" is no page */
            a = static_find("watch.html");
        if (!a) a = static_find(path);
        if (!a && !strchr(path, '.')) {
            snprintf(name, sizeof name, "%s.html", path);
            a = static_find(name);
        }
        if (!a && !strchr(path, '.')) { /* "/teams/12": the page of the first segment, for an id as the API's */
            size_t n = strcspn(path, "/");
            snprintf(name, sizeof name, "%.*s.html", (int)n, path);
            if (path[n] == '/' && path[n + 1] >= '1' && path[n + 1] <= '9' &&
                strspn(path + n + 1, "0123456789") == strlen(path + n + 1))
                a = static_find(name);
        }
    }
    if (!a) {
        /* A browser that mistyped an address gets the site's own page saying so (status 404 still),
         * with the header's links to go on; scripts and missing files get the JSON error. */
        const char *accept = http_header(c->rq, "Accept");
        const site_asset *nf = accept && strstr(accept, "text/html") ? static_find("notfound.html") : NULL;
        if (!nf) {
            api_error(c, 404, "no page %s", c->rq->path);
            return;
        }
        c->rp->status = 404;
        c->rp->type = nf->type;
        c->rp->static_data = nf->data;
        c->rp->static_len = nf->len;
        return;
    }
    const char *inm = http_header(c->rq, "If-None-Match");
    http_reply_header(c->rp, "ETag", a->etag);
    http_reply_header(c->rp, "Cache-Control", "no-cache");
    if (inm && strcmp(inm, a->etag) == 0) {
        c->rp->status = 304;
        return;
    }
    c->rp->type = a->type;
    c->rp->static_data = a->data;
    c->rp->static_len = a->len;
}
