/* option_files.c: game options whose value names a file (game_t.file_options, e.g. SuiteBot's
 * `map`): the CLI calls this once, the file's contents become the option's value, and so the
 * replay header carries the contents and `arena verify` needs no outside file. */
#include "option_files.h"
#include "../core/xalloc.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OPTION_FILE_MAX (1u << 20)

bool option_files_read(const game_t *g, game_options *o, char **owned, buf_t *err) {
    for (int i = 0; i < o->count; i++) owned[i] = NULL;
    if (!g->file_options) return true;
    for (const char *const *k = g->file_options; *k; k++)
        for (int i = 0; i < o->count; i++) {
            if (strcmp(o->key[i], *k) != 0 || !o->value[i] || !*o->value[i]) continue;
            FILE *f = fopen(o->value[i], "rb");
            if (!f) {
                buf_printf(err, "option %s=%s: cannot read the file: %s", *k, o->value[i], strerror(errno));
                return false;
            }
            buf_t b;
            buf_init(&b);
            char chunk[8192];
            size_t n;
            while ((n = fread(chunk, 1, sizeof chunk, f)) > 0 && b.len <= OPTION_FILE_MAX) buf_append(&b, chunk, n);
            fclose(f);
            if (b.len > OPTION_FILE_MAX || memchr(buf_cstr(&b), 0, b.len)) {
                buf_printf(err, "option %s=%s: not a text file of at most 1 MiB", *k, o->value[i]);
                buf_free(&b);
                return false;
            }
            owned[i] = buf_steal(&b);
            if (!owned[i]) owned[i] = xcalloc(1, 1);
            o->value[i] = owned[i];
        }
    return true;
}
