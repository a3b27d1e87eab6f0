/* log.h: messages from arena itself to stderr ("arena: ..."), never bot output. */
#ifndef ARENA_LOG_H
#define ARENA_LOG_H

void log_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void log_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void log_info(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* 0 = errors only, 1 = + warnings (default), 2 = + info */
void log_set_level(int level);
#endif
