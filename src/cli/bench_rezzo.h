/* bench_rezzo.h: `arena bench rezzo` (argv[0] is "rezzo"); the lead's cmd_bench calls it. */
#ifndef ARENA_BENCH_REZZO_H
#define ARENA_BENCH_REZZO_H
int bench_rezzo(int argc, char **argv);
#endif
