/* cache.c: the worker's bundle cache folder (see cache.h). The fallback lies in a folder every
 * user writes (/tmp): another user could make it first, or put a link there, and have this
 * worker run the bots they left in it; it is used only as a folder (not a link) this user owns
 * that no one else may enter or write, else refused. */
#include "cache.h"
#include "../core/dirs.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Makes path (and its parents) and checks that this user may write it; false with errno. */
static bool cache_usable(const char *path) {
    return dirs_make(path, 0755) && access(path, W_OK | X_OK) == 0;
}

/* The fallback: $TMPDIR/arena-bundles-UID, made mode 0700; false with err saying why. */
static bool cache_private(char *out, size_t n, buf_t *err) {
    const char *tmp = getenv("TMPDIR");
    if (!tmp || !*tmp) tmp = "/tmp";
    snprintf(out, n, "%s/arena-bundles-%ld", tmp, (long)getuid());
    if (mkdir(out, 0700) != 0 && errno != EEXIST) {
        buf_printf(err, "nor %s (%s)", out, strerror(errno));
        return false;
    }
    struct stat st;
    if (lstat(out, &st) != 0) {
        buf_printf(err, "nor %s (%s)", out, strerror(errno));
        return false;
    }
    const char *why = !S_ISDIR(st.st_mode) ? "a link or a file, not a folder"
                      : st.st_uid != getuid() ? "it belongs to another user"
                      : (st.st_mode & 077) ? "others may enter or write it (it must be mode 0700)"
                      : access(out, W_OK | X_OK) != 0 ? strerror(errno)
                                                       : NULL;
    if (why) {
        buf_printf(err, "nor the private folder %s (%s)", out, why);
        return false;
    }
    return true;
}

bool cache_choose(const char *given, char *out, size_t n, buf_t *note, buf_t *err) {
    if (given) {
        snprintf(out, n, "%s", given);
        if (cache_usable(out)) return true;
        buf_printf(err, "cannot use the bundle cache %s: %s", out, strerror(errno));
        return false;
    }
    const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    char first[4096] = "";
    if (xdg && *xdg) snprintf(first, sizeof first, "%s/arena/bundles", xdg);
    else if (home && *home) snprintf(first, sizeof first, "%s/.cache/arena/bundles", home);
    char why[256] = "neither $XDG_CACHE_HOME nor $HOME is set";
    if (*first) {
        if (cache_usable(first)) {
            snprintf(out, n, "%s", first);
            return true;
        }
        snprintf(why, sizeof why, "%s", strerror(errno));
    }
    buf_t fail;
    buf_init(&fail);
    bool ok = cache_private(out, n, &fail);
    if (ok)
        buf_printf(note, "the bundle cache %s cannot be used (%s): using %s instead, private to this user",
                   *first ? first : "~/.cache/arena/bundles", why, out);
    else
        buf_printf(err, "cannot use the bundle cache %s (%s), %s", *first ? first : "~/.cache/arena/bundles", why,
                   buf_cstr(&fail));
    buf_free(&fail);
    return ok;
}
