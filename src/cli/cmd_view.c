/* cmd_view.c: `arena view REPLAY [-o FILE.html]`: one self-contained HTML page to watch a replay in
 * a browser, opened straight from disk. */
#include "cli.h"
#include "../ui/page.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void help(FILE *out) {
    fprintf(out, "usage: arena view REPLAY [-o FILE.html]\n\n"
                 "Writes one HTML file that holds the web viewer and the replay (compressed), to open in\n"
                 "a browser from disk with no server. Default output: REPLAY with its extension replaced\n"
                 "by .html; -o - writes to stdout. REPLAY - reads the replay from standard input (the page\n"
                 "then goes to stdout unless -o is given). Keys in the page: space play/pause, n/p or arrows step,\n"
                 "+/- speed, Home/End, g go to a turn, ? help (docs/viewer.md).\n");
}

/* REPLAY minus its extension (.jsonl, .json, .txt) plus .html. */
int cmd_view(int argc, char **argv) {
    if (cli_wants_help(argc, argv)) {
        help(stdout);
        return EXIT_OK;
    }
    const char *replay = NULL, *output = NULL;
    for (int i = 1; i < argc; i++) {
        const char *v;
        bool missing;
        if (cli_flag_value(argc, argv, &i, "-o", &v, &missing) ||
            cli_flag_value(argc, argv, &i, "--output", &v, &missing)) {
            if (missing) return cli_usage_error("view", "-o needs a file name");
            if (!cli_name_given("view", "-o", v)) return EXIT_USAGE; /* it was "cannot write : ...", exit 1 */
            output = v;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            return cli_usage_error("view", "unknown option '%s'", argv[i]);
        } else if (!replay) {
            replay = argv[i];
        } else {
            return cli_usage_error("view", "one replay at a time ('%s' is extra)", argv[i]);
        }
    }
    if (!replay) {
        help(stderr);
        return EXIT_USAGE;
    }
    bool from_stdin = strcmp(replay, "-") == 0;
    if (from_stdin && isatty(STDIN_FILENO))
        return cli_usage_error("view", "standard input is a terminal: pipe a replay in (%s view - < REPLAY)",
                               cli_program());
    /* From standard input the page goes to standard output unless -o names a file (no name to
     * derive one from), but never onto a terminal. */
    if (from_stdin && !output) {
        if (isatty(STDOUT_FILENO))
            return cli_usage_error("view", "reading standard input: give -o FILE.html, or redirect the output");
        output = "-";
    }
    char *def = output ? NULL : page_name(replay);
    const char *path = output ? output : def;
    bool to_stdout = strcmp(path, "-") == 0;
    /* the replay itself (standard input: the file behind it), or another replay or store */
    if (!cli_output_safe("view", path, from_stdin ? "/dev/stdin" : replay, "replay")) {
        free(def);
        return EXIT_USAGE;
    }
    buf_t err, note;
    buf_init(&err);
    buf_init(&note);
    bool ok = to_stdout ? page_write(replay, stdout, &note, &err) : page_write_file(replay, path, &note, &err);
    if (!ok) fprintf(stderr, "arena view: %s\n", buf_cstr(&err));
    else if (!to_stdout) printf("wrote %s (open it in a browser)\n", path);
    /* a cut replay still makes a page (its banner says so), exit 0 as `arena replay` plays it:
     * said here too, for whoever does not open the page at once (a script, a batch of replays) */
    if (ok && note.len) fprintf(stderr, "arena view: %s\n", buf_cstr(&note));
    free(def);
    buf_free(&err);
    buf_free(&note);
    return ok ? EXIT_OK : EXIT_FAIL;
}
