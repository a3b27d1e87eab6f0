/* cmd_trace_min.c: a minimal `arena trace-check GAME FILE` until the shared registry of trace
 * checkers (src/trace/trace.h, src/cli/cmd_trace.c) lands; then this file goes and Rezzo's row
 * there calls trace_rezzo. */
#include "cli.h"
#include "../trace/rezzo.h"
#include <stdio.h>
#include <string.h>

int cmd_trace_check(int argc, char **argv) {
    if (cli_wants_help(argc, argv) || argc < 3) {
        FILE *out = argc < 3 ? stderr : stdout;
        fprintf(out, "usage: arena trace-check GAME FILE\n\n"
                     "Replays a trace of the original engine and compares every recorded turn. Exit 0 when all\n"
                     "match, 1 naming the game (index in the file) and the turn of the first difference, 2 when\n"
                     "the file cannot be read. Games: rezzo.\n");
        return argc < 3 ? EXIT_USAGE : EXIT_OK;
    }
    if (strcmp(argv[1], "rezzo") == 0) return trace_rezzo(argv[2], stdout);
    fprintf(stderr, "arena: error: no trace checker for '%s' in this build\n", argv[1]);
    return EXIT_USAGE;
}
