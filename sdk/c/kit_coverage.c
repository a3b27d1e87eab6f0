/* kit_coverage.c: linked into the kit programs of a gcov build only (make coverage; sdk/c/kits.mk).
 * A kit program that runs inside a seat's sandbox cannot write its counters (Landlock lets it
 * write only in the seat's folder), and libgcov then prints "profiling:...:Cannot open" for every
 * object onto the program's stderr at exit, which the referee keeps and the tests read (a seat's
 * stderr is part of what they check). So at exit, after everything the bot wrote, a program that
 * cannot create a file beside its own executable (where its counters go) points its stderr at
 * /dev/null before libgcov's writer runs: what it ran inside the sandbox is not counted (as it
 * could not be anyway), and it says nothing the regular build's program would not. Outside a
 * sandbox the counters are written as in any gcov build. */
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static void quiet_when_confined(void) {
    char exe[PATH_MAX], probe[PATH_MAX + 32];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) return;
    exe[n] = 0;
    snprintf(probe, sizeof probe, "%s.%ld.probe", exe, (long)getpid());
    int fd = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd >= 0) {
        close(fd);
        unlink(probe);
        return;
    }
    fflush(stderr);
    int null = open("/dev/null", O_WRONLY | O_CLOEXEC);
    if (null >= 0) dup2(null, STDERR_FILENO);
    else close(STDERR_FILENO);
}

/* An exit handler registered after libc's own runs before the destructors that write the
 * counters (glibc runs exit handlers last registered first, and the destructors among its own). */
__attribute__((constructor)) static void kit_coverage_start(void) { atexit(quiet_when_confined); }
