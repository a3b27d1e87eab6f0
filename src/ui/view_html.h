/* view_html.h: a replay as one self-contained HTML page (the web viewer of web/ with the replay
 * inlined), which opens from disk in a browser with no server. */
#ifndef ARENA_VIEW_HTML_H
#define ARENA_VIEW_HTML_H
#include "../core/buf.h"
#include <stdbool.h>
#include <stdio.h>

/* Writes the page for the replay at replay_path to out. The replay is stored zlib-compressed and
 * base64-encoded inside the page; the browser decompresses it as it reads it. A damaged or truncated
 * replay is written as it is (the page says what is wrong with it); a file whose first line is not
 * an Arena replay header is refused. Returns false with a message in err on failure. */
bool view_write_html(const char *replay_path, FILE *out, buf_t *err);
/* The same into the file at path, written under a temporary name and renamed, so a failure never
 * leaves half a page. */
bool view_write_html_file(const char *replay_path, const char *path, buf_t *err);
/* The page's default name: the replay's with its extension replaced by .html (malloc'ed). */
char *view_html_name(const char *replay_path);

/* The page template (generated from web/ by scripts/web_bundle.py at build time). */
extern const unsigned char web_view_template[];
extern const size_t web_view_template_len;
#endif
