/* scheduler.c: the server's loop (see scheduler.h). */
#include "scheduler.h"
#include "../core/xalloc.h"
#include <stdlib.h>
#include <unistd.h>

struct scheduler_s {
    serve_t *srv;
    store_t *s;
};

scheduler_t *scheduler_new(serve_t *srv, store_t *s, buf_t *err) {
    (void)err;
    scheduler_t *sc = xcalloc(1, sizeof *sc);
    sc->srv = srv;
    sc->s = s;
    return sc;
}

void scheduler_step(scheduler_t *sc, int wait_ms) {
    (void)sc;
    usleep((useconds_t)wait_ms * 1000);
}

void scheduler_free(scheduler_t *sc) { free(sc); }
