/* main.c: `arena` dispatches to one subcommand per file. */
#include "cli.h"
#include "../games/registry.h"
#include "../match/sinks.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const struct {
    const char *name;
    int (*fn)(int, char **);
    const char *help;
} commands[] = {
    {"play", cmd_play, "play one game: arena play GAME SEAT... [options]"},
    {"replay", cmd_replay, "watch a replay in the terminal: arena replay FILE"},
    {"view", cmd_view, "write a replay as one HTML page for the browser: arena view FILE [-o FILE.html]"},
    {"verify", cmd_verify, "re-simulate a replay and check every turn: arena verify FILE"},
    {"trace-check", cmd_trace_check, "check a trace of an original engine: arena trace-check GAME FILE"},
    {"tourney", cmd_tourney, "run a resumable tournament: arena tourney GAME SEAT... [--games N] [--jobs J] [--db FILE]"},
    {"worker", cmd_worker, "play queued matches from a store: arena worker --db URL [--jobs J] [--tag T]"},
    {"serve", cmd_serve, "run a competition on the web: arena serve --game GAME [--db FILE] [--listen ADDR:PORT] [--jobs J]"},
    {"standings", cmd_standings, "standings of a stored tournament: arena standings --db FILE [--json|--csv]"},
    {"report", cmd_report, "HTML report of a stored tournament: arena report --db FILE -o report.html"},
    {"bench", cmd_bench, "measure speed: arena bench GAME [--bot NAME] [--games N] [--referee] [--json]"},
    {"tester", cmd_tester, "the Splitter Tester, drop-in: arena tester --games N --command CMD... [--help]"},
    {"list", cmd_list, "list games, built-in bots and options: arena list [GAME]"},
    {"doctor", cmd_doctor, "which sandbox layers work on this machine, and why: arena doctor [--json]"},
};

static void usage(FILE *out) {
    fprintf(out, "arena %s: a referee for bot-programming games\n\nusage: arena COMMAND [ARGS]\n\ncommands:\n",
            ARENA_VERSION);
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(out, "  %-12s %s\n", commands[i].name, commands[i].help);
    fprintf(out, "\n`%s COMMAND --help` explains each command. Games:", cli_program());
    for (int i = 0; registry_games[i]; i++) fprintf(out, " %s", registry_games[i]->id);
    fprintf(out, "\nDocumentation: docs/ (docs/cli.md, docs/games/*.md, docs/replay.md)\n");
}

/* What a command printed on stdout could not be written whole (a full disk: `arena standings --csv
 * > grades.csv`) and it exited 0: an empty or cut file, in silence. The exit status then says so.
 * A pipe whose reader stopped reading (`| head`) or a closed stdout is not such a failure. */
static int finish_stdout(int rc) {
    errno = 0;
    bool flush_failed = fflush(stdout) != 0;
    int e = errno;
    if (!flush_failed && !ferror(stdout)) return rc;
    struct stat st;
    if ((flush_failed && e == EBADF) || fstat(STDOUT_FILENO, &st) != 0 || S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode))
        return rc;
    fprintf(stderr, "arena: error: standard output could not be written whole (%s): what was printed is cut short\n",
            flush_failed && e ? strerror(e) : "a write failed");
    return rc == EXIT_OK ? EXIT_FAIL : rc;
}

int main(int argc, char **argv) {
    cli_program_set(argc > 0 ? argv[0] : NULL);
    /* `arena help COMMAND` is `arena COMMAND --help` */
    if (argc >= 3 && strcmp(argv[1], "help") == 0) {
        /* `arena help --help` asks help about itself: the list of commands, as `arena help` (it was
         * "unknown command '--help'", exit 2, where every other command answers --help) */
        if (strcmp(argv[2], "--help") == 0 || strcmp(argv[2], "-h") == 0 || strcmp(argv[2], "help") == 0) {
            usage(stdout);
            return EXIT_OK;
        }
        /* `arena help bench sim` is `arena bench sim --help` (it printed the list of commands) */
        for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
            if (strcmp(argv[2], commands[i].name) == 0) {
                char *args[8];
                int n = 0;
                for (int k = 2; k < argc && n < 6; k++) args[n++] = argv[k];
                args[n++] = "--help";
                args[n] = NULL;
                return commands[i].fn(n, args);
            }
        fprintf(stderr, "arena: error: unknown command '%s'\n\n", argv[2]);
        usage(stderr);
        return EXIT_USAGE;
    }
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "help") == 0) {
        usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? EXIT_USAGE : EXIT_OK;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("arena %s\n", ARENA_VERSION);
        return EXIT_OK;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(argv[1], commands[i].name) == 0) return finish_stdout(commands[i].fn(argc - 1, argv + 1));
    fprintf(stderr, "arena: error: unknown command '%s'\n\n", argv[1]);
    usage(stderr);
    return EXIT_USAGE;
}
