/* option_files.c: game options whose value names a file (game_t.file_options, e.g. SuiteBot's
 * `map`): the CLI calls this once, the file's contents become the option's value, and so the
 * replay header carries the contents and `arena verify` needs no outside file. */
#include "option_files.h"
#include "../core/text.h"
#include "../core/xalloc.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OPTION_FILE_MAX (1u << 20)

/* The contents of the file an option names (malloc'ed), or NULL with the message. */
static char *read_option_file(const char *key, const char *path, buf_t *err) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        buf_printf(err, "option %s=%s: cannot read the file: %s", key, path, strerror(errno));
        return NULL;
    }
    buf_t b;
    buf_init(&b);
    char chunk[8192];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0 && b.len <= OPTION_FILE_MAX) buf_append(&b, chunk, n);
    int read_errno = ferror(f) ? errno : 0;
    fclose(f);
    /* a folder opens but does not read, and an empty file would mean the option's default (the
     * game's own map): both were played as if no file had been given */
    if (read_errno) buf_printf(err, "option %s=%s: cannot read the file: %s", key, path, strerror(read_errno));
    else if (!b.len) buf_printf(err, "option %s=%s: the file is empty", key, path);
    else if (b.len > OPTION_FILE_MAX || memchr(buf_cstr(&b), 0, b.len))
        buf_printf(err, "option %s=%s: not a text file of at most 1 MiB", key, path);
    else return buf_steal(&b);
    buf_free(&b);
    return NULL;
}

static bool is_file_option(const game_t *g, const char *key, size_t n) {
    for (const char *const *k = g->file_options; k && *k; k++)
        if (strlen(*k) == n && strncmp(key, *k, n) == 0) return true;
    return false;
}

bool option_files_read(const game_t *g, game_options *o, char **owned, buf_t *err) {
    for (int i = 0; i < o->count; i++) owned[i] = NULL;
    for (int i = 0; i < o->count; i++) {
        if (!is_file_option(g, o->key[i], strlen(o->key[i])) || !o->value[i] || !*o->value[i]) continue;
        if (!(owned[i] = read_option_file(o->key[i], o->value[i], err))) return false;
        o->value[i] = owned[i];
    }
    return true;
}

bool option_files_read_kv(const game_t *g, int nkv, char **kv, char **owned, buf_t *err) {
    for (int i = 0; i < nkv; i++) owned[i] = NULL;
    for (int i = 0; i < nkv; i++) {
        const char *eq = strchr(kv[i], '=');
        if (!eq || !eq[1] || !is_file_option(g, kv[i], (size_t)(eq - kv[i]))) continue;
        char *key = text_dup(kv[i], (size_t)(eq - kv[i]));
        char *text = read_option_file(key, eq + 1, err);
        if (text) {
            size_t n = strlen(key) + strlen(text) + 2;
            owned[i] = xmalloc(n);
            snprintf(owned[i], n, "%s=%s", key, text);
            kv[i] = owned[i];
        }
        free(key);
        free(text);
        if (!owned[i]) return false;
    }
    return true;
}
