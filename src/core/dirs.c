/* dirs.c: mkdir -p for the commands' output folders: `--replays out/r` in a new folder failed with
 * "cannot create the folder out/r: No such file or directory" where the docs say output folders are
 * made when missing. */
#include "dirs.h"
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

bool dirs_make(const char *path, mode_t mode) {
    char p[PATH_MAX];
    size_t n = strlen(path);
    if (n == 0 || n >= sizeof p) {
        errno = n ? ENAMETOOLONG : ENOENT;
        return false;
    }
    memcpy(p, path, n + 1);
    /* each parent in turn (a folder that is there, or a file in the way, is the last mkdir's to say) */
    for (char *c = p + 1; *c; c++) {
        if (*c != '/' || c[-1] == '/') continue;
        *c = 0;
        int rc = mkdir(p, mode);
        *c = '/';
        if (rc != 0 && errno != EEXIST) return false;
    }
    return mkdir(p, mode) == 0 || errno == EEXIST;
}
