/* landlock.c: the landlock layer. Files: the system folders, the bot's own files and the
 * interpreters on PATH are read-only; the seat's own folder is writable; everything else
 * (other seats' folders, the user's home, /tmp, the terminal) does not exist for the bot.
 * TCP (ABI 4): a tcp seat may bind its port only; nobody may connect anywhere. Scopes (ABI 6): no
 * signals to, and no abstract Unix sockets of, processes outside the sandbox. Ptrace of any
 * process outside the sandbox is denied by every ABI.
 *
 * The constants are defined here (Debian 12's headers stop at ABI 2/3); the kernel tells the ABI
 * and each right is handled only where the ABI knows it (best effort, reported by doctor). */
#include "sbx.h"
#include "../core/xalloc.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef SYS_landlock_create_ruleset
#define SYS_landlock_create_ruleset 444
#define SYS_landlock_add_rule 445
#define SYS_landlock_restrict_self 446
#endif

#define LL_CREATE_RULESET_VERSION (1U << 0)
#define LL_RULE_PATH_BENEATH 1
#define LL_RULE_NET_PORT 2

enum {
    LL_EXECUTE = 1 << 0,
    LL_WRITE_FILE = 1 << 1,
    LL_READ_FILE = 1 << 2,
    LL_READ_DIR = 1 << 3,
    LL_REMOVE_DIR = 1 << 4,
    LL_REMOVE_FILE = 1 << 5,
    LL_MAKE_CHAR = 1 << 6,
    LL_MAKE_DIR = 1 << 7,
    LL_MAKE_REG = 1 << 8,
    LL_MAKE_SOCK = 1 << 9,
    LL_MAKE_FIFO = 1 << 10,
    LL_MAKE_BLOCK = 1 << 11,
    LL_MAKE_SYM = 1 << 12,
    LL_REFER = 1 << 13,    /* ABI 2 */
    LL_TRUNCATE = 1 << 14, /* ABI 3 */
    LL_IOCTL_DEV = 1 << 15 /* ABI 5 */
};
#define LL_NET_BIND_TCP 1ULL    /* ABI 4 */
#define LL_NET_CONNECT_TCP 2ULL /* ABI 4 */
#define LL_SCOPE_ABSTRACT_UNIX 1ULL /* ABI 6 */
#define LL_SCOPE_SIGNAL 2ULL        /* ABI 6 */

struct ll_ruleset_attr {
    unsigned long long handled_access_fs;
    unsigned long long handled_access_net;
    unsigned long long scoped;
};

struct ll_path_beneath {
    unsigned long long allowed_access;
    int parent_fd;
} __attribute__((packed));

struct ll_net_port {
    unsigned long long allowed_access;
    unsigned long long port;
};

int sbx_landlock_abi(void) {
    long v = syscall(SYS_landlock_create_ruleset, NULL, 0, LL_CREATE_RULESET_VERSION);
    return v > 0 ? (int)v : 0;
}

/* Every file right the ABI knows: the ruleset handles them all, so anything not granted below
 * is denied. */
static unsigned long long fs_handled(int abi) {
    unsigned long long a = (LL_MAKE_SYM << 1) - 1; /* ABI 1: bits 0..12 */
    if (abi >= 2) a |= LL_REFER;
    if (abi >= 3) a |= LL_TRUNCATE;
    if (abi >= 5) a |= LL_IOCTL_DEV;
    return a;
}

#define LL_READ (LL_EXECUTE | LL_READ_FILE | LL_READ_DIR)
#define LL_FILE_RIGHTS (LL_EXECUTE | LL_WRITE_FILE | LL_READ_FILE | LL_TRUNCATE | LL_IOCTL_DEV)

static unsigned long long fs_write(int abi) {
    return (LL_READ | LL_WRITE_FILE | LL_REMOVE_DIR | LL_REMOVE_FILE | LL_MAKE_DIR | LL_MAKE_REG | LL_MAKE_SOCK |
            LL_MAKE_FIFO | LL_MAKE_SYM | LL_REFER | LL_TRUNCATE) & fs_handled(abi);
}

/* The system's rules are the same for every seat: their paths are opened once per process (O_PATH)
 * and kept in this cache, so a seat's ruleset costs one system call per rule, not four. It is the
 * only state of this file; it changes no rule, only how fast they are added. Filled by the first
 * seat's ruleset; `done` only when every system rule was added (a failure is retried next time). */
typedef struct {
    int fd;
    unsigned long long access;
} kept_rule;
static struct {
    bool done;
    kept_rule *rule;
    int n, cap;
} system_rules;

/* Where rules go: the ruleset, the file rights it handles (a rule may grant no other), and
 * whether the system-rules cache records them (the seat's own rules are not kept). */
typedef struct {
    int rfd;
    unsigned long long handled;
    bool keep;
} ll_target;

/* Adds a rule for path (a file gets only the file rights of `access`). Missing paths are
 * skipped: not every system has /lib32 or /opt. */
static int add_path(const ll_target *t, const char *path, unsigned long long access) {
    access &= t->handled;
    int fd = open(path, O_PATH | O_CLOEXEC);
    if (fd < 0) return errno == ENOENT || errno == ENOTDIR || errno == EACCES ? 0 : -1;
    struct stat st;
    if (fstat(fd, &st) != 0) {
        close(fd);
        return -1;
    }
    if (!S_ISDIR(st.st_mode)) access &= LL_FILE_RIGHTS;
    struct ll_path_beneath pb = {access, fd};
    long rc = access ? syscall(SYS_landlock_add_rule, t->rfd, LL_RULE_PATH_BENEATH, &pb, 0) : 0;
    int e = errno;
    if (rc == 0 && t->keep && access) {
        if (system_rules.n == system_rules.cap) {
            system_rules.cap = system_rules.cap ? system_rules.cap * 2 : 256;
            system_rules.rule = xrealloc(system_rules.rule, (size_t)system_rules.cap * sizeof *system_rules.rule);
        }
        system_rules.rule[system_rules.n++] = (kept_rule){fd, access};
    } else {
        close(fd);
    }
    errno = e;
    return rc == 0 ? 0 : -1;
}

/* Credentials under /etc that no bot needs: readable to a bot running as root (capabilities are
 * gone but the owner bits still match), so /etc is allowed entry by entry around them. */
static const char *const etc_secrets[] = {"/etc/shadow", "/etc/shadow-", "/etc/gshadow", "/etc/gshadow-",
                                          "/etc/sudoers", "/etc/sudoers.d", "/etc/ssh", "/etc/ssl/private",
                                          "/etc/security/opasswd", "/etc/credstore", NULL};

static bool is_secret(const char *path) {
    for (int i = 0; etc_secrets[i]; i++)
        if (strcmp(path, etc_secrets[i]) == 0) return true;
    return false;
}

static bool holds_secret(const char *dir) {
    size_t n = strlen(dir);
    for (int i = 0; etc_secrets[i]; i++)
        if (strncmp(etc_secrets[i], dir, n) == 0 && etc_secrets[i][n] == '/') return true;
    return false;
}

/* `dir` readable except the secrets under it: the folder itself may be listed, and each entry
 * gets a read rule unless it is a secret (or holds one: then the same, one level down). */
static int add_read_except(const ll_target *t, const char *dir, int depth) {
    if (!holds_secret(dir)) return add_path(t, dir, LL_READ);
    if (add_path(t, dir, LL_READ_DIR) != 0 || depth > 4) return -1;
    DIR *d = opendir(dir);
    if (!d) return 0;
    struct dirent *e;
    int rc = 0;
    while (rc == 0 && (e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
        char path[PATH_MAX];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (is_secret(path)) continue;
        rc = add_read_except(t, path, depth + 1);
    }
    closedir(d);
    return rc;
}

/* The system: programs, libraries, configuration, hardware description. */
static const char *const system_read[] = {"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32",
                                          "/opt", "/sys", "/nix/store", NULL};
/* Devices a program may open: the harmless ones only (no terminals). */
static const char *const devices_rw[] = {"/dev/null", "/dev/full", NULL};
static const char *const devices_ro[] = {"/dev/zero", "/dev/random", "/dev/urandom", NULL};

/* PATH holds the interpreters (python3, java, node), often installed per user (pyenv, sdkman,
 * cargo): each PATH folder is readable, and for PREFIX/bin (or sbin, shims) the whole PREFIX,
 * where the interpreter keeps its libraries. Never "/" itself. */
static int add_path_prefixes(const ll_target *t) {
    const char *path = getenv("PATH");
    if (!path) return 0;
    while (*path) {
        size_t n = strcspn(path, ":");
        char dir[PATH_MAX];
        if (n > 0 && n < sizeof dir && path[0] == '/') {
            memcpy(dir, path, n);
            dir[n] = 0;
            if (add_path(t, dir, LL_READ) != 0) return -1;
            char *slash = strrchr(dir, '/');
            if (slash && slash != dir &&
                (strcmp(slash, "/bin") == 0 || strcmp(slash, "/sbin") == 0 || strcmp(slash, "/shims") == 0)) {
                *slash = 0;
                if (add_path(t, dir, LL_READ) != 0) return -1;
            }
        }
        path += n;
        if (*path == ':') path++;
    }
    return 0;
}

int sbx_landlock_ruleset(const sandbox_seat *b, const char *const *read_paths, int nread,
                         const char *const *write_paths, int nwrite, buf_t *err) {
    int abi = sbx_landlock_abi();
    if (abi <= 0) {
        buf_printf(err, "landlock: not available: %s", strerror(errno));
        return -1;
    }
    struct ll_ruleset_attr attr = {fs_handled(abi), 0, 0};
    size_t size = sizeof attr.handled_access_fs;
    if (abi >= 4) {
        attr.handled_access_net = LL_NET_BIND_TCP | LL_NET_CONNECT_TCP;
        size = 2 * sizeof(unsigned long long);
    }
    if (abi >= 6) {
        attr.scoped = LL_SCOPE_ABSTRACT_UNIX | LL_SCOPE_SIGNAL;
        size = sizeof attr;
    }
    int rfd = (int)syscall(SYS_landlock_create_ruleset, &attr, size, 0);
    if (rfd < 0) {
        buf_printf(err, "landlock: cannot create a ruleset: %s", strerror(errno));
        return -1;
    }
    fcntl(rfd, F_SETFD, FD_CLOEXEC);
    const char *failed = NULL;
    ll_target seat = {rfd, attr.handled_access_fs, false};
    if (system_rules.done) {
        for (int i = 0; i < system_rules.n && !failed; i++) {
            struct ll_path_beneath pb = {system_rules.rule[i].access, system_rules.rule[i].fd};
            if (syscall(SYS_landlock_add_rule, rfd, LL_RULE_PATH_BENEATH, &pb, 0) != 0) failed = "a system folder";
        }
    } else {
        ll_target sys = {rfd, attr.handled_access_fs, true};
        while (system_rules.n > 0) close(system_rules.rule[--system_rules.n].fd); /* a failed first try's */
        for (int i = 0; system_read[i] && !failed; i++)
            if (add_path(&sys, system_read[i], LL_READ) != 0) failed = system_read[i];
        /* For a user, /etc's credentials are closed by their permissions already; a bot of a root
         * referee owns them, so /etc is allowed around them, entry by entry. */
        if (!failed && (geteuid() == 0 ? add_read_except(&sys, "/etc", 0) : add_path(&sys, "/etc", LL_READ)) != 0)
            failed = "/etc";
        for (int i = 0; devices_rw[i] && !failed; i++)
            if (add_path(&sys, devices_rw[i], LL_READ_FILE | LL_WRITE_FILE | LL_TRUNCATE) != 0) failed = devices_rw[i];
        for (int i = 0; devices_ro[i] && !failed; i++)
            if (add_path(&sys, devices_ro[i], LL_READ_FILE) != 0) failed = devices_ro[i];
        if (!failed && add_path_prefixes(&sys) != 0) failed = "PATH";
        system_rules.done = !failed;
    }
    if (!failed && b->prog && strchr(b->prog, '/')) {
        char dir[PATH_MAX];
        snprintf(dir, sizeof dir, "%s", b->prog);
        char *slash = strrchr(dir, '/');
        if (slash == dir) slash[1] = 0;
        else *slash = 0;
        if (add_path(&seat, dir, LL_READ) != 0) failed = dir;
    }
    for (int i = 0; i < nread && !failed; i++)
        if (add_path(&seat, read_paths[i], LL_READ) != 0) failed = read_paths[i];
    for (int i = 0; i < nwrite && !failed; i++)
        if (add_path(&seat, write_paths[i], fs_write(abi)) != 0) failed = write_paths[i];
    if (!failed && abi >= 4 && b->tcp && b->port > 0) {
        struct ll_net_port np = {LL_NET_BIND_TCP, (unsigned long long)b->port};
        if (syscall(SYS_landlock_add_rule, rfd, LL_RULE_NET_PORT, &np, 0) != 0) failed = "the tcp port";
    }
    if (failed) {
        buf_printf(err, "landlock: cannot add a rule for %s: %s", failed, strerror(errno));
        close(rfd);
        return -1;
    }
    return rfd;
}

/* Rules that must name what only the child sees (its tmpfs folder, its own /proc), then the
 * restriction itself. Needs no_new_privs (set just before by the caps layer). */
void sbx_landlock_child(sandbox_seat *b) {
    int abi = sbx_landlock_abi();
    ll_target t = {b->ruleset_fd, fs_handled(abi), false};
    if (b->use[SBX_WORKDIR] && add_path(&t, b->scratch, fs_write(abi)) != 0)
        sbx_child_fail("landlock", "rule for the seat folder");
    if (b->use[SBX_MOUNT] && add_path(&t, "/dev/shm", fs_write(abi)) != 0)
        sbx_child_fail("landlock", "rule for /dev/shm");
    if (b->use[SBX_PID]) {
        /* our own /proc shows only the seat's processes */
        if (add_path(&t, "/proc", LL_READ_FILE | LL_READ_DIR) != 0) sbx_child_fail("landlock", "rule for /proc");
    } else {
        /* the machine's /proc: only this process's own folder and a few global files */
        static const char *const proc_files[] = {"/proc/self", "/proc/cpuinfo", "/proc/meminfo", "/proc/stat",
                                                 "/proc/loadavg", "/proc/uptime", "/proc/version", NULL};
        for (int i = 0; proc_files[i]; i++)
            if (add_path(&t, proc_files[i], LL_READ_FILE | LL_READ_DIR) != 0) sbx_child_fail("landlock", proc_files[i]);
    }
    sbx_child_coverage_flush(); /* a gcov build: its counters cannot be written once restricted */
    if (syscall(SYS_landlock_restrict_self, t.rfd, 0) != 0) sbx_child_fail("landlock", "restrict_self");
    /* LCOV_EXCL_START: runs under Landlock, where a gcov build can no longer write its counters */
    sbx_child_coverage(false);
    close(t.rfd);
} /* LCOV_EXCL_STOP */
