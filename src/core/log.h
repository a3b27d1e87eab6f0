/* log.h: messages from arena itself to stderr ("arena: ..."), never bot output. */
#ifndef ARENA_LOG_H
#define ARENA_LOG_H

void log_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void log_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void log_info(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* 0 = errors only, 1 = + warnings (default), 2 = + info */
void log_set_level(int level);
/* The command that ran arena as a shell word (argv[0] as typed: bin/arena in a clone, arena found
 * on PATH), for the messages of any layer that name a command to run next: `./bin/arena list`
 * works where `arena list` is "command not found". "arena" until the CLI sets it. */
void log_set_program(const char *word);
const char *log_program(void);
#endif
