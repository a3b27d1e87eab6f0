/* static.h: the embedded pages (web/site/) and the replay viewer's files (/viewer/...), built
 * into the binary by scripts/site_bundle.py; an ETag lets browsers keep them. */
#ifndef ARENA_STATIC_H
#define ARENA_STATIC_H
#include "api.h"

/* GET of any path outside /api/: the file, "/" the index, "/NAME" NAME.html, "/watch/ID" the
 * watch page; 404 otherwise (the page notfound.html for a browser's Accept: text/html, else JSON). */
void static_serve(api_call *c);
#endif
