/* xalloc.c: allocation that cannot fail: out of memory prints what was asked for and aborts. */
#include "xalloc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Out of memory is not a condition any caller can handle sensibly (a referee mid-game, a game's
 * state): stop at once, loudly, rather than carry a NULL further. */
static void xalloc_fail(const char *what, size_t n) {
    fprintf(stderr, "arena: out of memory (%s of %zu bytes)\n", what, n);
    abort();
}

void *xmalloc(size_t n) {
    void *p = malloc(n ? n : 1);
    if (!p) xalloc_fail("malloc", n);
    return p;
}

void *xcalloc(size_t count, size_t size) {
    void *p = calloc(count && size ? count : 1, count && size ? size : 1);
    if (!p) xalloc_fail("calloc", count * size);
    return p;
}

void *xrealloc(void *p, size_t n) {
    /* realloc(p, 0) may free p and return NULL: ask for one byte instead. */
    void *q = realloc(p, n ? n : 1);
    if (!q) xalloc_fail("realloc", n);
    return q;
}

char *xstrdup(const char *s) {
    char *d = strdup(s);
    if (!d) xalloc_fail("strdup", strlen(s) + 1);
    return d;
}

char *xstrndup(const char *s, size_t n) {
    char *d = strndup(s, n);
    if (!d) xalloc_fail("strndup", n + 1);
    return d;
}
