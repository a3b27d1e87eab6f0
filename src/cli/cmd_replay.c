/* cmd_replay.c: `arena replay FILE`: plays a replay back in the live view (re-simulated from the
 * seed and the recorded actions), or prints one turn's picture as text. */
#include "cli.h"
#include "../core/text.h"
#include "../games/registry.h"
#include "../match/replay.h"
#include "../ui/playback.h"
#include "../ui/png_frames.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Whether FILE starts with gzip's magic: a replay as the store keeps it, or as a user compressed it. */
static bool starts_gzip(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return false;
    unsigned char m[2];
    bool gz = fread(m, 1, 2, f) == 2 && m[0] == 0x1f && m[1] == 0x8b;
    fclose(f);
    return gz;
}

static void help(void) {
    printf("usage: arena replay FILE [--speed N] [--view MODE] [--turn N] [--plain|--ansi] [--dump N]\n"
           "                   [--frames DIR [--zoom Z]]\n\n"
           "Plays a replay back in the terminal view of its game (keys: space pause, +/- speed,\n"
           "n or right arrow: next turn, p or left arrow: previous turn, v cycle the game's views,\n"
           "g jump to a turn (digits, Enter), q quit).\n"
           "--turn N          start at turn N (number of turns played; 0 = the start)\n"
           "--plain, --ansi   print the picture after --turn N (default: the end) as plain text or\n"
           "                  with colours, and exit (also the default when stdout is not a terminal)\n"
           "--dump N          the same as --turn N --plain\n"
           "--view MODE       start in one of the game's display modes (as in `arena play`)\n"
           "--frames DIR      write one PNG per state into DIR by re-simulation, and exit (games with a\n"
           "                  picture: Rezzo); --zoom Z pixels per cell, 1..16 (default 2)\n");
}

int cmd_replay(int argc, char **argv) {
    if (cli_wants_help(argc, argv)) {
        help();
        return EXIT_OK;
    }
    const char *path = NULL, *view = NULL, *frames = NULL;
    long long zoom = 2;
    bool zoom_given = false;
    double speed = 60;
    long long start = -1;
    int print = 0; /* 1 plain, 2 ansi */
    for (int i = 1; i < argc; i++) {
        const char *v;
        bool missing;
        if (strcmp(argv[i], "--plain") == 0) print = UI_PRINT_PLAIN;
        else if (strcmp(argv[i], "--ansi") == 0) print = UI_PRINT_ANSI;
        else if (cli_flag_value(argc, argv, &i, "--dump", &v, &missing)) { /* --dump N = --turn N --plain */
            if (missing || !text_parse_ll(v, 0, 1000000000, &start))
                return cli_usage_error("replay", "--dump %s: expected a number of turns played (0 = the start)", missing ? "" : v);
            print = UI_PRINT_PLAIN;
        }
        else if (cli_flag_value(argc, argv, &i, "--frames", &v, &missing)) {
            if (missing || !*v) return cli_usage_error("replay", "--frames needs a folder");
            frames = v;
        } else if (cli_flag_value(argc, argv, &i, "--zoom", &v, &missing)) {
            if (missing || !text_parse_ll(v, 1, 16, &zoom)) return cli_usage_error("replay", "--zoom: expected 1 to 16");
            zoom_given = true;
        } else if (cli_flag_value(argc, argv, &i, "--speed", &v, &missing)) {
            if (missing || !cli_parse_number(v, 0, 1e6, &speed))
                return cli_usage_error("replay", "--speed %s: expected turns per second (0 = unlimited)", missing ? "" : v);
        } else if (cli_flag_value(argc, argv, &i, "--view", &v, &missing)) {
            if (missing) return cli_usage_error("replay", "--view needs a value");
            view = v;
        } else if (cli_flag_value(argc, argv, &i, "--turn", &v, &missing)) {
            if (missing || !text_parse_ll(v, 0, 1000000000, &start))
                return cli_usage_error("replay", "--turn %s: expected a number of turns played (0 = the start)", missing ? "" : v);
        } else if (argv[i][0] == '-' && argv[i][1]) return cli_usage_error("replay", "unknown option %s", argv[i]);
        else if (path) return cli_usage_error("replay", "one replay at a time ('%s' is extra)", argv[i]);
        else path = argv[i];
    }
    if (!path) return cli_usage_error("replay", "missing FILE");
    /* --zoom alone did nothing: the pictures it sizes are --frames' */
    if (zoom_given && !frames) return cli_usage_error("replay", "--zoom sizes --frames' pictures; give --frames DIR too");
    /* playback reads the file again to step back: standard input cannot be read twice */
    if (strcmp(path, "-") == 0) return cli_usage_error("replay", "replay needs a file, not standard input: save it first");
    /* nor a pipe under a name (/dev/stdin, <(zcat r.jsonl.gz)): read once, it was "empty: not a
     * replay; playing the 0 turns before it" */
    struct stat st;
    if (!frames && stat(path, &st) == 0 && (S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode) || S_ISSOCK(st.st_mode)))
        return cli_usage_error("replay", "%s is a pipe, read once; replay reads its file again to step back: save it "
                                         "first (zcat r.jsonl.gz > r.jsonl)", path);
    /* the reader's own words say "zcat FILE | arena verify -", which checks the replay but does not
     * show it: replay must have the file decompressed, as for a pipe above */
    if (starts_gzip(path)) {
        char word[PATH_MAX + 64];
        cli_shell_word(path, word, sizeof word);
        fprintf(stderr, "arena replay: %s is gzip-compressed; replay reads its file again to step back: "
                        "decompress it first (zcat %s > r.jsonl, then %s replay r.jsonl)\n", path, word, cli_program());
        return EXIT_FAIL;
    }
    if (!print && !isatty(STDOUT_FILENO)) print = UI_PRINT_PLAIN;
    buf_t err;
    buf_init(&err);
    if (frames) {
        int rc = png_frames_from_replay(path, registry_find, frames, (int)zoom, &err);
        if (rc == 2) rc = cli_usage_error("replay", "%s", buf_cstr(&err)); /* a game without a picture */
        else if (rc) fprintf(stderr, "arena replay: %s\n", buf_cstr(&err));
        buf_free(&err);
        return rc == EXIT_USAGE ? EXIT_USAGE : rc ? EXIT_FAIL : EXIT_OK;
    }
    int rc = ui_playback(path, registry_find, view, speed, (int)start, print, stdout, &err);
    if (rc == 2) rc = cli_usage_error("replay", "%s", buf_cstr(&err)); /* --view: not one of the game's */
    else if (rc) fprintf(stderr, "arena replay: %s\n", buf_cstr(&err));
    buf_free(&err);
    return rc == EXIT_USAGE ? EXIT_USAGE : rc ? EXIT_FAIL : EXIT_OK;
}
