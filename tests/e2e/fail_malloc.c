/* fail_malloc.c: an LD_PRELOAD shim for the e2e tests: malloc refuses every block of
 * ARENA_FAIL_MALLOC_MIN bytes or more (NULL, ENOMEM), as a machine without that memory would;
 * smaller blocks, and every block when the variable is unset, come from glibc. A game state no
 * option makes large (SuiteBot's 60 KB) is then out of memory while the command itself runs. */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>

void *__libc_malloc(size_t n);

void *malloc(size_t n) {
    static size_t min;
    static int known;
    if (!known) { /* getenv and strtoull allocate nothing */
        const char *v = getenv("ARENA_FAIL_MALLOC_MIN");
        min = v ? (size_t)strtoull(v, NULL, 10) : 0;
        known = 1;
    }
    if (min && n >= min) {
        errno = ENOMEM;
        return NULL;
    }
    return __libc_malloc(n);
}
