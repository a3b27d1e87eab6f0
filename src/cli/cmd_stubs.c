#include "cli.h"
#include "../games/registry.h"
#include "../trace/chicken.h"
#include "../ui/playback.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int bench_chicken(int argc, char **argv);

/* `arena replay FILE [--view V] [--speed N] [--dump TURN]`: the game's picture, turn by turn. */
int cmd_replay(int argc, char **argv) {
    if (cli_wants_help(argc, argv) || argc < 2) {
        fprintf(argc < 2 ? stderr : stdout,
                "usage: arena replay FILE [--view VIEW] [--speed N] [--dump TURN]\n\n"
                "Watches a replay: space pause, n/right next, p/left previous, +/- speed, v cycle the views,\n"
                "g jump to a turn (digits, Enter), q quit. --dump TURN prints the picture after TURN turns.\n");
        return argc < 2 ? EXIT_USAGE : EXIT_OK;
    }
    const char *view = NULL;
    double speed = 10;
    int dump = -1;
    for (int i = 2; i < argc; i++) {
        const char *v;
        bool missing;
        if (cli_flag_value(argc, argv, &i, "--view", &v, &missing) && !missing) view = v;
        else if (cli_flag_value(argc, argv, &i, "--speed", &v, &missing) && !missing) speed = atof(v);
        else if (cli_flag_value(argc, argv, &i, "--dump", &v, &missing) && !missing) dump = atoi(v);
        else return cli_usage_error("replay", "unknown or incomplete option %s", argv[i]);
    }
    buf_t err;
    buf_init(&err);
    int rc = ui_playback(argv[1], registry_find, view, speed, dump, stdout, &err);
    if (rc) fprintf(stderr, "arena replay: %s\n", buf_cstr(&err));
    buf_free(&err);
    return rc ? EXIT_FAIL : EXIT_OK;
}

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
