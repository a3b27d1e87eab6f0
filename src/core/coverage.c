/* coverage.c: gcov's counters written on demand (see coverage.h). make coverage compiles with
 * -DARENA_COVERAGE next to --coverage: a weak reference would not pull __gcov_dump out of
 * libgcov.a, so the build says it wants it. */
#include "coverage.h"
#include <dirent.h>
#include <stddef.h>

#ifdef ARENA_COVERAGE
extern void __gcov_dump(void);  /* libgcov's */
extern void __gcov_reset(void); /* libgcov's */
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
    /* gcov writes once per process: the reset (counters to zero, "not written yet") lets a later
     * flush, or the exit, add what ran since (a seat's child flushes before Landlock, then before
     * it executes or fails) */
    __gcov_dump();
    __gcov_reset();
#endif
}
