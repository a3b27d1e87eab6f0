/* cmd_bench_min.c: a minimal `arena bench GAME` until the shared src/cli/cmd_bench.c lands; then
 * this file goes and cmd_bench's Rezzo row calls bench_rezzo (src/cli/bench_rezzo.c). */
#include "bench_rezzo.h"
#include "cli.h"
#include <stdio.h>
#include <string.h>

int cmd_bench(int argc, char **argv) {
    if (argc < 2 || strcmp(argv[1], "--help") == 0) {
        fprintf(argc < 2 ? stderr : stdout, "usage: arena bench GAME [options]   (games in this build: rezzo;\n"
                                            "       arena bench rezzo --help for its options)\n");
        return argc < 2 ? EXIT_USAGE : EXIT_OK;
    }
    if (strcmp(argv[1], "rezzo") == 0) return bench_rezzo(argc - 1, argv + 1);
    fprintf(stderr, "arena: error: no benchmark for '%s' in this build\n", argv[1]);
    return EXIT_USAGE;
}
