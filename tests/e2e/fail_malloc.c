/* fail_malloc.c: an LD_PRELOAD shim for the e2e tests: malloc, calloc and realloc refuse every block
 * of ARENA_FAIL_MALLOC_MIN bytes or more (NULL, ENOMEM), as a machine without that memory would;
 * smaller blocks, and every block when the variable is unset, come from glibc. A game state no
 * option makes large (SuiteBot's 60 KB) is then out of memory while the command itself runs, and so
 * are Rezzo's cell arrays (calloc) and lists (realloc) at a size the test picks. */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

void *__libc_malloc(size_t n);
void *__libc_calloc(size_t count, size_t size);
void *__libc_realloc(void *p, size_t n);

/* Whether a block of n bytes is refused (errno set then). */
static int refused(size_t n) {
    static size_t min;
    static int known;
    if (!known) { /* getenv and strtoull allocate nothing */
        const char *v = getenv("ARENA_FAIL_MALLOC_MIN");
        min = v ? (size_t)strtoull(v, NULL, 10) : 0;
        known = 1;
    }
    if (!min || n < min) return 0;
    errno = ENOMEM;
    return 1;
}

void *malloc(size_t n) { return refused(n) ? NULL : __libc_malloc(n); }

void *calloc(size_t count, size_t size) {
    size_t n = size && count > SIZE_MAX / size ? SIZE_MAX : count * size;
    return refused(n) ? NULL : __libc_calloc(count, size);
}

/* A refused realloc leaves the block as it was, as a failing realloc does. */
void *realloc(void *p, size_t n) { return refused(n) ? NULL : __libc_realloc(p, n); }
