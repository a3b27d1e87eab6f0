/* cli.h: the subcommands of `arena` and the small argument helpers they share. */
#ifndef ARENA_CLI_H
#define ARENA_CLI_H
#include "../core/exit_status.h"
#include "../game/game.h"
#include "../match/match.h"
#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

int cmd_list(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_verify(int argc, char **argv);
int cmd_trace_check(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_tester(int argc, char **argv);
int cmd_view(int argc, char **argv);
int cmd_doctor(int argc, char **argv);
int cmd_tourney(int argc, char **argv);
int cmd_standings(int argc, char **argv);
int cmd_worker(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_serve(int argc, char **argv);

/* The command that ran arena, for the hints that name a command to type next (`bin/arena replay
 * FILE` in a clone, where `arena` is not on PATH): argv[0] as given, quoted for the shell when it
 * needs it; "arena" until main sets it (program.c). */
void cli_program_set(const char *argv0);
const char *cli_program(void);
/* word as one shell word: itself when every character is plain, else in single quotes (n bytes). */
void cli_shell_word(const char *word, char *out, size_t n);
/* Prints "arena: error: ..." plus a hint and returns EXIT_USAGE. */
int cli_usage_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Looks up a game for the subcommand cmd; on failure prints the known games (an option where the
 * game goes: that the game comes first) and returns NULL. */
const game_t *cli_game(const char *cmd, const char *id);
/* Matches --name VALUE or --name=VALUE at argv[*i]; advances *i; *value points at the value.
 * Returns false if argv[*i] is not this flag; sets *missing if the value is absent, or if the next
 * word is an option (--LETTER...: `--db --quiet` left the value out), except for --slurm-args. */
bool cli_flag_value(int argc, char **argv, int *i, const char *name, const char **value, bool *missing);
/* A subcommand's arguments read one at a time: argv[i] is the current one. */
typedef struct {
    const char *cmd; /* the subcommand, for messages */
    int argc;
    char **argv;
    int i;
    const char *value; /* the value of the flag cli_arg last matched */
    bool failed;       /* a usage error was printed: the subcommand exits with EXIT_USAGE */
} cli_args;
/* True when argv[i] is --name VALUE or --name=VALUE (value set, i advanced past it). When the
 * value is missing, or empty for a flag naming a file or folder (--replay, --log, ...), prints
 * why, sets failed and returns false. */
bool cli_arg(cli_args *a, const char *name);
/* Whether a file or folder name was given (not ""); false with a usage error naming flag. */
bool cli_name_given(const char *cmd, const char *flag, const char *value);
bool cli_parse_u64(const char *s, uint64_t max, uint64_t *out);
bool cli_parse_ms(const char *s, int64_t *out);
/* A decimal number from lo to hi (seconds, a speed): false for text, NaN, infinities or out of range. */
bool cli_parse_number(const char *s, double lo, double hi, double *out);
bool cli_wants_help(int argc, char **argv);
/* Whether a word where a seat goes is a short flag (-o, -j4: a '-', a letter, no '='): a usage
 * error is printed. Taken for
 * a seat, `-o map=x` made two entrants named '-o' in a tourney, a program '-o' in play. */
bool cli_short_flag(const char *cmd, const char *arg);
/* Makes the output folders that are given (NULL: skipped); false, with the message printed, when
 * one cannot be made or is a file. */
bool cli_make_dirs(const char *const *dirs, int n);
/* cli_make_dirs, then each given folder's field points at its absolute path in abs[i] (PATH_MAX
 * each): a tournament's store keeps its replays' paths, which `arena report` and the workers read
 * from other folders. */
bool cli_make_dirs_absolute(const char **dirs[], char (*abs)[PATH_MAX], int n);
/* Whether writing the output file `out` is safe: false (a usage error printed) when it is the
 * input `in` (the `in_what`, e.g. "replay") under another name, or an existing store or replay.
 * in_what NULL (play's outputs, rewritten by the next game): only a store is refused. */
bool cli_output_safe(const char *cmd, const char *out, const char *in, const char *in_what);
/* Whether two output paths name one file (the same name, the same existing file, or a new file
 * in the same folder under two spellings). */
bool cli_same_file(const char *a, const char *b);
/* Whether a command seat's program is there (seatspec_program_found, with the seats' PATH): false
 * with a usage error naming it as "LABEL NUMBER" when not. Only where the seats run here. The
 * interpreter a program's #! line names is not looked for (a tourney's workers may run elsewhere). */
bool cli_seat_found(const char *cmd, const char *label, int number, const seat_spec *s, const sandbox_config *sb);
/* The same, and the interpreter a program's #! line names must be here too (play, and tourney
 * with local workers: the seats run on this machine). */
bool cli_seat_runs_here(const char *cmd, const char *label, int number, const seat_spec *s, const sandbox_config *sb);
/* The sandbox flags (sandbox_flags.c): 1 when argv[*i] was one (consumed), 0 when not, -1 after
 * a usage error was printed. */
int cli_sandbox_flag(const char *cmd, int argc, char **argv, int *i, sandbox_config *c);
void cli_sandbox_help(void);
/* The paths given to the sandbox (--sandbox-read, --sandbox-write) exist here: false
 * (a usage error printed) when not. Only where the seats run on this machine (not tourney). */
bool cli_sandbox_paths_exist(const char *cmd, const sandbox_config *c);
/* --sandbox strict: false (message printed) when a wanted layer does not work here. */
bool cli_sandbox_check(const char *cmd, const sandbox_config *c);
/* The clock flags (clock_flags.c), one parser for play, tourney and tester: the game's clock
 * (or the Tester's) as the start, then --move-ms, --hard-ms, --bank-ms, --startup-ms,
 * --no-timeout, --pause, --no-pause and --quick. */
typedef struct {
    match_clock clock;
    bool no_timeout; /* --no-timeout: every limit off, whatever else is given (cli_clock_done) */
    bool quick;      /* --quick: a realtime game's turn ends once every seat answered */
} cli_clock;
/* 1 when argv[i] was a clock flag (consumed), 0 when not, -1 after a usage error was printed. */
int cli_clock_flag(cli_args *a, cli_clock *c);
/* Whether tok names a clock flag (alone or with =VALUE): the Tester's --command stops there. */
bool cli_clock_is_flag(const char *tok);
/* Applies --no-timeout once every flag is read. */
void cli_clock_done(cli_clock *c);
/* The last test of a match-playing subcommand's argument loop: argv[i] is a clock or a sandbox
 * flag (true, consumed); else a usage error is printed (false: exit with EXIT_USAGE), naming the
 * unknown option unless a message was printed already. */
bool cli_clock_sandbox_flag(cli_args *a, cli_clock *clock, sandbox_config *sandbox);
/* The flags' help lines; one_seat (tester) gives their meaning there, where a lost move loses the
 * game, and leaves out the switches that do nothing with one seat. */
void cli_clock_help(bool one_seat);
#endif
