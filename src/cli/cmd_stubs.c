#include "cli.h"
#include "../trace/chicken.h"
#include <stdio.h>
#include <string.h>

int bench_chicken(int argc, char **argv);

int cmd_replay(int argc, char **argv) { (void)argc, (void)argv; return 2; }

/* Minimal dispatch until the shared trace-check registry lands (src/trace/trace.h). */
int cmd_trace_check(int argc, char **argv) {
    if (argc == 3 && strcmp(argv[1], "chicken") == 0) return trace_chicken(argv[2], stdout);
    fprintf(stderr, "usage: arena trace-check chicken FILE\n");
    return 2;
}

/* Minimal dispatch until the shared bench command lands (src/cli/cmd_bench.c). */
int cmd_bench(int argc, char **argv) {
    if (argc >= 2 && strcmp(argv[1], "chicken") == 0) return bench_chicken(argc - 1, argv + 1);
    fprintf(stderr, "usage: arena bench chicken [--bot NAME] [--games N] [--referee] [--json]\n");
    return 2;
}
