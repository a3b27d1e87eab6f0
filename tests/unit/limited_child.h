/* limited_child.h: runs a test's body in a child whose address space is limited (out-of-memory
 * tests: what a machine without that memory sees, without touching real memory). */
#ifndef ARENA_LIMITED_CHILD_H
#define ARENA_LIMITED_CHILD_H
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

/* Forks; the child limits its address space to 1 GiB and _exits with body()'s value. Returns that
 * value (0: the body's checks held), or -1 when the child did not exit (said on stdout). */
static int limited_child(int (*body)(void)) {
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        struct rlimit rl = {(rlim_t)1 << 30, (rlim_t)1 << 30};
        setrlimit(RLIMIT_AS, &rl);
        _exit(body());
    }
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) != pid) return -1;
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        printf("# the child %s %d\n", WIFEXITED(status) ? "exited" : "was killed by signal",
               WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}
#endif
