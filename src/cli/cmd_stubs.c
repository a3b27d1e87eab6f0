#include "cli.h"
#include <string.h>
int cmd_replay(int argc, char **argv) { (void)argc, (void)argv; return 2; }
int cmd_trace_check(int argc, char **argv) { (void)argc, (void)argv; return 2; }
int cmd_bench(int argc, char **argv) {
    /* until the generic cmd_bench.c lands: the games that have their own benchmark */
    if (argc >= 2 && strcmp(argv[1], "suitebot") == 0) return bench_suitebot(argc, argv);
    return 2;
}
