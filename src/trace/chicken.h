/* chicken.h: the Chicken trace checker (`arena trace-check chicken FILE`). */
#ifndef ARENA_TRACE_CHICKEN_H
#define ARENA_TRACE_CHICKEN_H
#include <stdio.h>

/* Checks a scenarios.jsonl or legality.jsonl file of the original engine; writes the first
 * difference (file, game id and index, ply) or a summary to out. 0 all match, 1 a difference,
 * 2 the file cannot be read. */
int trace_chicken(const char *path, FILE *out);
#endif
