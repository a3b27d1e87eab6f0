/* page.h: the watch page: a replay as one self-contained HTML page (the web viewer of web/ with
 * the replay inlined), which opens from disk in a browser with no server (`arena view`). */
#ifndef ARENA_UI_PAGE_H
#define ARENA_UI_PAGE_H
#include "../core/buf.h"
#include <stdbool.h>
#include <stdio.h>

/* Writes the page for the replay at replay_path to out. The replay is stored zlib-compressed and
 * base64-encoded inside the page; the browser decompresses it as it reads it. A damaged or truncated
 * replay is written as it is (the page says what is wrong with it); a file whose first line is not
 * an Arena replay header is refused. replay_path "-" is standard input, read whole first (empty:
 * refused). Returns false with a message in err on failure. With note (may be NULL), a replay that
 * is cut or damaged gets there where and how many turns the page shows (`line 7: the replay is cut
 * in the middle of this line (truncated?); ...`); empty for a whole replay. */
bool page_write(const char *replay_path, FILE *out, buf_t *note, buf_t *err);
/* The same into the file at path, written under a temporary name and renamed, so a failure never
 * leaves half a page. */
bool page_write_file(const char *replay_path, const char *path, buf_t *note, buf_t *err);
/* The page's default name: the replay's with its extension replaced by .html (malloc'ed). */
char *page_name(const char *replay_path);

/* The page template (generated from web/ by scripts/web_bundle.py at build time). */
extern const unsigned char web_page_template[];
extern const size_t web_page_template_len;
#endif
