/* limited_child.h: runs a test's body in a child whose address space is limited (out-of-memory
 * tests: what a machine without that memory sees, without touching real memory). */
#ifndef ARENA_LIMITED_CHILD_H
#define ARENA_LIMITED_CHILD_H
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

/* LIMITED_CHILD_WORKS: 0 under AddressSanitizer or ThreadSanitizer, whose shadow memory takes
 * terabytes of address space: a limited child of theirs cannot even start (its tests are skipped,
 * and say so). */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define LIMITED_CHILD_WORKS 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define LIMITED_CHILD_WORKS 0
#endif
#endif
#ifndef LIMITED_CHILD_WORKS
#define LIMITED_CHILD_WORKS 1
#endif

/* Address space in use (VmSize), in bytes; 0 if unknown: a child limited to this plus a headroom
 * has room for what it does next, not for what it must not hold (a whole bundle, say). */
static inline long long limited_vm_size(void) {
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    long long kb = 0;
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "VmSize: %lld kB", &kb) == 1) break;
    if (f) fclose(f);
    return kb * 1024;
}

/* Limits this process's address space to what it uses now plus `headroom` bytes; false if it
 * could not. */
static inline bool limited_to_headroom(long long headroom) {
    long long vm = limited_vm_size();
    struct rlimit rl = {(rlim_t)(vm + headroom), (rlim_t)(vm + headroom)};
    return vm > 0 && setrlimit(RLIMIT_AS, &rl) == 0;
}

/* LIMITED_FILL_MAX blocks at most are taken by limited_fill. */
#define LIMITED_FILL_MAX (1 << 16)

/* Takes every block malloc still gives into fill[LIMITED_FILL_MAX]: the largest first, then every
 * size under 4 KiB (malloc keeps freed small blocks by exact size, so one the halving sizes miss
 * would be had by the next allocation of that size). Returns how many; LIMITED_FILL_MAX means
 * memory was not filled (run it in a limited child). limited_unfill gives them back. */
static inline int limited_fill(void **fill) {
    int n = 0;
    for (size_t size = (size_t)1 << 30; size >= 4096; size /= 2)
        while (n < LIMITED_FILL_MAX && (fill[n] = malloc(size))) n++;
    for (size_t size = 4096; size >= 8; size -= 8)
        while (n < LIMITED_FILL_MAX && (fill[n] = malloc(size))) n++;
    return n;
}

static inline void limited_unfill(void **fill, int n) {
    for (int i = 0; i < n; i++) free(fill[i]);
}

/* Forks; the child limits its address space to 1 GiB and _exits with body()'s value. Returns that
 * value (0: the body's checks held), or -1 when the child did not exit (said on stdout). */
static inline int limited_child(int (*body)(void)) {
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
