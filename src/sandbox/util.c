/* util.c: the helpers every file of the sandbox uses (small files, failing in the child, the temp
 * folder, removing and sweeping seat folders, the lock). It calls nothing else in the folder, so
 * the layer files above it never need each other (as isolate's util.c). */
#include "sbx.h"
#include "../core/coverage.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---------- small files (/proc, cgroupfs) ---------- */

bool sbx_read_file(const char *path, char *buf, size_t n) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return false;
    ssize_t k = read(fd, buf, n - 1);
    int e = errno;
    close(fd);
    if (k < 0) {
        errno = e;
        return false;
    }
    buf[k] = 0;
    return true;
}

bool sbx_write_file(const char *path, const char *text) {
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0) return false;
    size_t n = strlen(text);
    bool ok = write(fd, text, n) == (ssize_t)n;
    int e = errno;
    close(fd);
    errno = e;
    return ok;
}

/* ---------- the child ---------- */

/* A seat's child never exits normally: a gcov build has it write its counters at its last steps
 * (before Landlock closes the build folder to it, before it executes, before it fails). */
static bool child_counts;

void sbx_child_coverage(bool on) { child_counts = on; }

void sbx_child_coverage_flush(void) {
    if (child_counts) coverage_flush();
}

void sbx_child_fail(const char *layer, const char *what) {
    char msg[512];
    int e = errno;
    int n = snprintf(msg, sizeof msg, "arena sandbox: %s: %s failed: %s\n", layer, what, strerror(e));
    if (n > 0 && write(2, msg, (size_t)n) < 0) {}
    sbx_child_coverage_flush();
    _exit(127); /* LCOV_EXCL_LINE: runs after the counters were written */
}

/* ---------- folders ---------- */

const char *sbx_tmp_root(void) {
    const char *t = getenv("TMPDIR");
    return t && *t == '/' ? t : "/tmp";
}

static int chmod_entry(const char *path, const struct stat *st, int flag, struct FTW *f) {
    (void)f;
    if (flag == FTW_D || flag == FTW_DNR) chmod(path, (st->st_mode & 07777) | S_IRWXU);
    return 0;
}

static int rm_entry(const char *path, const struct stat *st, int flag, struct FTW *f) {
    (void)st;
    (void)f;
    if (flag == FTW_DP || flag == FTW_D || flag == FTW_DNR) rmdir(path);
    else unlink(path);
    return 0;
}

/* rm -rf without following links or entering other file systems: what the bot left in its
 * folder (links to outside files included) goes, nothing outside it does. */
void sbx_remove_tree(const char *dir) {
    nftw(dir, chmod_entry, 16, FTW_PHYS | FTW_MOUNT);
    nftw(dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS | FTW_MOUNT);
}

/* ---------- who left it ---------- */

/* A process's start time (clock ticks after boot, field 22 of /proc/PID/stat), 0 when it cannot
 * be read. The pid alone does not name a process for long: the kernel gives a dead one's pid to a
 * new process (pid_max is 32768 on this project's VM, and a whole-suite run goes round it every
 * few minutes). Named by pid alone, a new arena given a killed one's pid took that one's leftover
 * cgroups for its own: no sweep removed them while it ran, and it did not remove them either (the
 * attack suite then found them "left behind"). The pid with its start time is what stays unique. */
static unsigned long long proc_start(const char *stat_path) {
    char text[1024];
    if (!sbx_read_file(stat_path, text, sizeof text)) return 0;
    const char *p = strrchr(text, ')'); /* the command name before it may hold blanks and ')' */
    unsigned long long start = 0;
    if (!p || sscanf(p + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %*u %*u %*d %*d %*d %*d %*d %*d %llu",
                     &start) != 1)
        return 0;
    return start;
}

void sbx_owner_prefix(char *buf, size_t n) {
    snprintf(buf, n, "arena-%d-t%llu", (int)getpid(), proc_start("/proc/self/stat"));
}

bool sbx_owner_gone(const char *name, int *rest) {
    int pid, n = 0;
    unsigned long long start = 0;
    if (sscanf(name, "arena-%d-%n", &pid, &n) != 1 || pid <= 0 || n <= 0) return false;
    int m = 0;
    /* names of arenas before the start time was added are judged by their pid alone */
    if (sscanf(name + n, "t%llu-%n", &start, &m) == 1 && m > 0) n += m;
    else start = 0;
    *rest = n;
    if (kill(pid, 0) != 0) return errno == ESRCH;
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/stat", pid);
    unsigned long long now = start ? proc_start(path) : 0;
    return start && now && now != start; /* alive, unless the pid now belongs to a later process */
}

/* Seat folders of arena processes that were killed before they could remove them. */
void sbx_sweep_folders(void) {
    DIR *d = opendir(sbx_tmp_root());
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        int n = 0;
        /* arena-PID-tSTART-seatN-XXXXXX (seat folders) and arena-PID-tSTART-probe-XXXXXX (detection's) */
        if (!sbx_owner_gone(e->d_name, &n) ||
            (strncmp(e->d_name + n, "seat", 4) != 0 && strncmp(e->d_name + n, "probe-", 6) != 0))
            continue;
        char dir[PATH_MAX];
        snprintf(dir, sizeof dir, "%s/%s", sbx_tmp_root(), e->d_name);
        struct stat st;
        if (lstat(dir, &st) == 0 && S_ISDIR(st.st_mode) && st.st_uid == geteuid()) sbx_remove_tree(dir);
    }
    closedir(d);
}

/* ---------- the lock ---------- */

/* Recursive: entry points call each other. */
static pthread_mutex_t lock = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;

void sbx_lock(void) { pthread_mutex_lock(&lock); }
void sbx_unlock(void) { pthread_mutex_unlock(&lock); }
