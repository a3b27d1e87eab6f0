/* dl.c: shared libraries loaded on first use (see dl.h). */
#include "dl.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static pthread_mutex_t dl_mutex = PTHREAD_MUTEX_INITIALIZER;

static void dl_open_locked(dl_lib_t *lib) {
    void *h = dlopen(lib->soname, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        const char *why = dlerror();
        snprintf(lib->error, sizeof lib->error, "%s needs %s (Debian package %s, installed by scripts/deps.sh): %s",
                 lib->needed_for, lib->soname, lib->package, why ? why : "cannot load it");
        atomic_store(&lib->state, -1);
        return;
    }
    for (int i = 0; lib->names[i]; i++) {
        void *p = dlsym(h, lib->names[i]);
        if (!p) { /* an older library than the headers Arena was built with */
            snprintf(lib->error, sizeof lib->error, "%s needs %s with %s (Debian package %s): this one is too old",
                     lib->needed_for, lib->soname, lib->names[i], lib->package);
            dlclose(h);
            atomic_store(&lib->state, -1);
            return;
        }
        lib->slots[i] = p;
    }
    /* kept open for the life of the process: the table points into it */
    atomic_store(&lib->state, 1);
}

bool dl_load(dl_lib_t *lib, buf_t *err) {
    int state = atomic_load(&lib->state);
    if (state == 0) {
        pthread_mutex_lock(&dl_mutex);
        if (atomic_load(&lib->state) == 0) dl_open_locked(lib);
        pthread_mutex_unlock(&dl_mutex);
        state = atomic_load(&lib->state);
    }
    if (state < 0 && err) buf_puts(err, lib->error);
    return state > 0;
}

void dl_need(dl_lib_t *lib) {
    if (atomic_load(&lib->state) > 0 || dl_load(lib, NULL)) return;
    fprintf(stderr, "arena: %s\n", lib->error);
    exit(1);
}
