/* scheduler.h: the server's loop (in the main thread, with its own store connection): starts and
 * watches the J local worker processes (`arena worker`, the same code as on any machine), and
 * puts games in the queue: validation games of new submissions, the ladder's games between
 * scrimmages, placements; it recomputes the ladder's table from stored results. */
#ifndef ARENA_SCHEDULER_H
#define ARENA_SCHEDULER_H
#include "../store/store.h"
#include "serve.h"

typedef struct scheduler_s scheduler_t;

scheduler_t *scheduler_new(serve_t *srv, store_t *s, buf_t *err);
/* One round of work, then waits up to wait_ms. */
void scheduler_step(scheduler_t *sc, int wait_ms);
/* Stops the workers (their games go back to the queue as interrupted) and frees. */
void scheduler_free(scheduler_t *sc);
#endif
