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

/* Seat folders of arena processes that were killed before they could remove them. */
void sbx_sweep_folders(void) {
    DIR *d = opendir(sbx_tmp_root());
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        int pid, n = 0;
        /* arena-PID-seatN-XXXXXX (seat folders) and arena-PID-probe-XXXXXX (detection's) */
        if (sscanf(e->d_name, "arena-%d-%n", &pid, &n) != 1 || pid <= 0 || n <= 0 ||
            (strncmp(e->d_name + n, "seat", 4) != 0 && strncmp(e->d_name + n, "probe-", 6) != 0))
            continue;
        if (kill(pid, 0) == 0 || errno != ESRCH) continue;
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
