/* xalloc.h: allocation that cannot fail: out of memory prints what was asked for and aborts. */
#ifndef ARENA_XALLOC_H
#define ARENA_XALLOC_H
#include <stddef.h>

/* Like malloc, calloc, realloc, strdup and strndup, but never NULL: out of memory aborts with a
 * message on stderr (the size asked for). A size of 0 still returns a fresh, freeable block. */
void *xmalloc(size_t n);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
#endif
