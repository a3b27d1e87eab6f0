/* cli.h: the subcommands of `arena` and the small argument helpers they share. */
#ifndef ARENA_CLI_H
#define ARENA_CLI_H
#include "../game/game.h"
#include "../match/match.h"
#include <stdbool.h>
#include <stdint.h>

/* Exit statuses: 0 success, 1 failure (verification failed, match abandoned), 2 usage error. */
enum { EXIT_OK = 0, EXIT_FAIL = 1, EXIT_USAGE = 2 };

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

/* Prints "arena: error: ..." plus a hint and returns EXIT_USAGE. */
int cli_usage_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Looks up a game; on failure prints the known games and returns NULL. */
const game_t *cli_game(const char *id);
/* Matches --name VALUE or --name=VALUE at argv[*i]; advances *i; *value points at the value.
 * Returns false if argv[*i] is not this flag; sets *missing if the value is absent. */
bool cli_flag_value(int argc, char **argv, int *i, const char *name, const char **value, bool *missing);
bool cli_parse_u64(const char *s, uint64_t max, uint64_t *out);
bool cli_parse_ms(const char *s, int64_t *out);
bool cli_wants_help(int argc, char **argv);
/* The sandbox flags (sandbox_flags.c): 1 when argv[*i] was one (consumed), 0 when not, -1 after
 * a usage error was printed. */
int cli_sandbox_flag(const char *cmd, int argc, char **argv, int *i, sandbox_config *c);
void cli_sandbox_help(void);
/* --sandbox strict: false (message printed) when a wanted layer does not work here. */
bool cli_sandbox_check(const char *cmd, const sandbox_config *c);
#endif
