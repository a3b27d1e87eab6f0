/* splitter.h: `arena trace-check splitter FILE`: checks the original Tester's scoring boards
 * (scoring_vectors.json) and seeded dice (dice_vectors.json) against Arena's Splitter. */
#ifndef ARENA_TRACE_SPLITTER_H
#define ARENA_TRACE_SPLITTER_H
#include <stdio.h>

/* Returns 0 when everything in the file matches, 1 naming the first difference on `out`, 2 when
 * the file cannot be read or is not a Splitter vector file. */
int trace_splitter(const char *path, FILE *out);
#endif
