#include "cli.h"
#include "../trace/splitter.h"
#include <stdio.h>
#include <string.h>
int cmd_replay(int argc, char **argv) { (void)argc, (void)argv; return 2; }

/* Minimal trace-check wiring (splitter only) until the shared trace registry (src/trace/trace.h)
 * is merged: the lead's cmd_trace.c replaces this function. */
int cmd_trace_check(int argc, char **argv) {
    if (argc < 3 || cli_wants_help(argc, argv)) {
        fprintf(argc < 3 ? stderr : stdout, "usage: arena trace-check GAME FILE\n\n"
                "Checks a file of vectors from an original implementation. Exit 0 when everything\n"
                "matches, 1 naming the first difference, 2 when the file cannot be read.\n");
        return argc < 3 ? EXIT_USAGE : EXIT_OK;
    }
    if (strcmp(argv[1], "splitter") == 0) return trace_splitter(argv[2], strcmp(argv[2], "-") ? stdout : stderr);
    fprintf(stderr, "arena trace-check: no trace checker for '%s'\n", argv[1]);
    return EXIT_USAGE;
}

/* Minimal bench wiring (splitter only) until the shared cmd_bench.c is merged. */
int bench_splitter(int argc, char **argv);
int cmd_bench(int argc, char **argv) {
    if (argc >= 2 && strcmp(argv[1], "splitter") == 0) return bench_splitter(argc - 1, argv + 1);
    fprintf(stderr, "arena bench: usage: arena bench splitter [options] (other games: not in this branch)\n");
    return EXIT_USAGE;
}
