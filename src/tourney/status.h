/* status.h: `arena tourney --db URL --status`: the progress of every tournament in a store, the
 * queue (its depth and the age of the oldest queued match: what an autoscaler reads) and every
 * worker (name, host, CPU model, matches played, last seen). */
#ifndef ARENA_STATUS_H
#define ARENA_STATUS_H
#include "../core/buf.h"
#include <stdbool.h>
#include <stdio.h>

/* Prints the status of the store at db (as JSON with json); false with err when unreadable.
 * program: the command that ran arena, for the hints naming a command (NULL: "arena"). */
/* all_workers: every worker the store ever had, not only the recent ones (queue.h's QUEUE_RECENT_LEASES). */
bool status_print(const char *db, bool json, bool all_workers, const char *program, FILE *out, buf_t *err);
#endif
