/* cmd_trace.c: `arena trace-check GAME FILE`: replays a trace of an original engine. */
#include "cli.h"
#include "../compat/trace.h"
#include <stdio.h>

int cmd_trace_check(int argc, char **argv) {
    if (cli_wants_help(argc, argv) || argc != 3) {
        FILE *out = argc != 3 && !cli_wants_help(argc, argv) ? stderr : stdout;
        /* the usage alone did not say what was wrong (an unknown option, an extra file, a missing one) */
        if (argc > 3 && out == stderr)
            fprintf(stderr, "arena: error: %s '%s': trace-check takes a GAME and one FILE, no options\n\n",
                    argv[3][0] == '-' && argv[3][1] ? "unknown option" : "extra argument", argv[3]);
        else if (out == stderr) fprintf(stderr, "arena: error: missing %s\n\n", argc < 2 ? "GAME and FILE" : "FILE");
        fprintf(out, "usage: arena trace-check GAME FILE\n\n"
                     "Checks a file produced by the ORIGINAL implementation of a game: replays it with the\n"
                     "options that reproduce the original and compares everything the file records.\n"
                     "Exit 0 when everything matches, 1 at the first difference (named), 2 when the file\n"
                     "cannot be read.\n\nfiles:\n");
        for (int i = 0; trace_checkers[i].game; i++)
            fprintf(out, "  %-12s %s\n", trace_checkers[i].game, trace_checkers[i].help);
        return argc != 3 && !cli_wants_help(argc, argv) ? EXIT_USAGE : EXIT_OK;
    }
    const trace_checker *t = trace_find(argv[1]);
    if (!t) {
        fprintf(stderr, "arena: error: no trace checker for '%s'; checkers exist for:", argv[1]);
        for (int i = 0; trace_checkers[i].game; i++) fprintf(stderr, " %s", trace_checkers[i].game);
        fputc('\n', stderr);
        return EXIT_USAGE;
    }
    return trace_run(t, argv[2], stdout, stderr);
}
