/* coverage.c: gcov's counters written on demand (see coverage.h). make coverage compiles with
 * -DARENA_COVERAGE next to --coverage: a weak reference would not pull __gcov_dump out of
 * libgcov.a, so the build says it wants it. */
#include "coverage.h"
#include <dirent.h>
#include <stddef.h>

#ifdef ARENA_COVERAGE
extern void __gcov_dump(void); /* libgcov's */
#endif

bool coverage_flush_safe(void) {
#ifdef ARENA_COVERAGE
    DIR *d = opendir("/proc/self/task");
    if (!d) return false;
    int threads = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;) threads += e->d_name[0] != '.';
    closedir(d);
    return threads == 1;
#else
    return false;
#endif
}

void coverage_flush(void) {
#ifdef ARENA_COVERAGE
    __gcov_dump();
#endif
}
