/* buf.h: a growable byte buffer, the one string builder used everywhere. */
#ifndef ARENA_BUF_H
#define ARENA_BUF_H
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct {
    char *data;  /* always NUL-terminated when cap > 0 */
    size_t len;  /* bytes used, not counting the NUL */
    size_t cap;  /* bytes allocated */
} buf_t;

void buf_init(buf_t *b);
void buf_free(buf_t *b);
void buf_reset(buf_t *b);
void buf_reserve(buf_t *b, size_t extra);
/* buf_reserve that may fail: false, the buffer as it was, when the memory cannot be had (a game,
 * which never ends the process, asks so for a block whose size its options choose). */
bool buf_try_reserve(buf_t *b, size_t extra);
void buf_append(buf_t *b, const void *data, size_t len);
void buf_puts(buf_t *b, const char *s);
void buf_putc(buf_t *b, char c);
void buf_printf(buf_t *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void buf_vprintf(buf_t *b, const char *fmt, va_list ap);
/* Appends a non-negative or negative integer quickly (the hot path of view encoding). */
void buf_int(buf_t *b, long long v);
/* Removes the first n bytes. */
void buf_consume(buf_t *b, size_t n);
/* Returns the data as a C string (never NULL). */
const char *buf_cstr(buf_t *b);
/* Takes ownership of the data; the buffer is left empty. */
char *buf_steal(buf_t *b);
#endif
