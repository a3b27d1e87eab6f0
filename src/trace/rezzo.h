/* rezzo.h (trace): the checker for traces of the original Rezzo (testdata/rezzo/trace_*.jsonl). */
#ifndef ARENA_TRACE_REZZO_H
#define ARENA_TRACE_REZZO_H
#include <stdio.h>

/* 0: every tick matches; 1: a difference (the first is printed on `out`, naming the game index in
 * the file and the tick); 2: the file cannot be read or is not a Rezzo trace. */
int trace_rezzo(const char *path, FILE *out);
#endif
