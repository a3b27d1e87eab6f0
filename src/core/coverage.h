/* coverage.h: writing gcov's counters from a process that will not exit normally (make coverage). */
#ifndef ARENA_COVERAGE_H
#define ARENA_COVERAGE_H
#include <stdbool.h>

/* In a gcov build (gcc --coverage -DARENA_COVERAGE: make coverage), a process writes its counters at exit(); one that execs or
 * leaves with _exit (a seat's child between fork and exec, the sandbox's init and helpers, a
 * tournament's worker process) never does, and the code it ran would count as never run. They
 * call coverage_flush() first. In any other build it does nothing.
 * coverage_flush_safe(): whether a raw clone of this process may flush (a gcov build, and only one
 * thread: the counters' writer allocates, and a lock another thread held at the clone stays held
 * in the child). Ask in the parent, before the clone. */
bool coverage_flush_safe(void);
void coverage_flush(void);
#endif
