/* python_sdk.c: finds the Python SDK folder that python: seats import arena_sdk from. */
#include "python_sdk.h"
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char *python_sdk_folder(const char *chosen) {
    static char path[PATH_MAX];
    if (chosen) return chosen;
    if (path[0]) return path;
    const char *env = getenv("ARENA_PYTHON_SDK");
    if (env && *env) {
        snprintf(path, sizeof path, "%s", env);
        return path;
    }
    char exe[PATH_MAX - 32];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = 0;
        char *slash = strrchr(exe, '/');
        if (slash) *slash = 0;
        snprintf(path, sizeof path, "%s/../sdk/python", exe);
        char real[PATH_MAX];
        if (realpath(path, real)) snprintf(path, sizeof path, "%s", real);
        return path;
    }
    snprintf(path, sizeof path, "sdk/python");
    return path;
}
