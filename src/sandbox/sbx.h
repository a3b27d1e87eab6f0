/* sbx.h: the sandbox's internals shared by its files (the seat object and each layer's hooks).
 *
 * Who calls whom (no cycle; tests/e2e/test_layers.sh checks it):
 *   box.c (a seat) -> layers.c (plan, the child's sequence) -> detect.c (what works here)
 *   inside.c (proof from inside a seat) -> detect.c
 *   box.c, layers.c, detect.c, inside.c -> the layer files: ns.c, netns.c, landlock.c, seccomp.c, cgroup.c
 *   every file -> util.c (small files, failing in the child, folders, the lock), which calls none
 * The layer files never call each other. */
#ifndef ARENA_SBX_H
#define ARENA_SBX_H
#include "sandbox.h"
#include <linux/filter.h>
#include <stddef.h>

/* A seat's cgroup(s): one folder under v2, or one per hierarchy (memory, pids) under v1. */
typedef struct {
    int kind;            /* 0 none, 1 v1, 2 v2 */
    char dir[2][4096];   /* v2: dir[0]; v1: dir[0] memory, dir[1] pids ("" when absent) */
    int procs_fd[2];     /* cgroup.procs of each, opened in the parent, written by the child */
    int dir_fd;          /* v2: the folder, for clone3's CLONE_INTO_CGROUP (-1 otherwise) */
    bool joined;         /* the clone put the child in already: it writes nothing */
    long long oom_base;  /* the OOM kill counter when the seat got the cgroup (they are reused) */
} sbx_cgroup;

struct sandbox_seat {
    bool use[SBX_LAYER_COUNT];
    sandbox_limits lim;      /* resolved: no zeros left (-1 = none) */
    int seat;
    bool tcp;
    int port;
    char *prog;              /* the program to execute (absolute when found in PATH) */
    char **argv;             /* owned copy; argv[0] as the caller gave it */
    char **envp;             /* the environment the bot gets */
    char *workdir;           /* the bot's cwd */
    char *scratch;           /* the seat's own writable folder (HOME, TMPDIR); we created it */
    uid_t outer_uid;         /* who the bot is outside its user namespace */
    gid_t outer_gid;
    int ruleset_fd;          /* Landlock ruleset with the parent's rules; -1 */
    bool flush_coverage;     /* a gcov build: the child writes its counters before it execs or
                                leaves (core/coverage.h) */
    struct sock_filter *filter; /* the seccomp program */
    unsigned short filter_len;
    sbx_cgroup cg;
    int status_pipe[2];      /* init -> referee: the bot's wait status (pid namespace) */
    int sync_pipe[2];        /* referee -> init: the tcp helper is in (init may stop being
                                dumpable, which would shut the helper out) */
    pid_t pid;               /* the seat's process (init with a pid namespace) */
    pid_t helper_pid;        /* tcp seats in a network namespace: the socket maker */
    int helper_fd;
};


/* ns.c */
int sbx_clone_flags(const sandbox_seat *b);
/* cgroup_fd >= 0: born in that cgroup v2 (CLONE_INTO_CGROUP); fails when the kernel cannot. */
pid_t sbx_clone(unsigned long long flags, int cgroup_fd, int *pidfd);
/* In the child: id maps, loopback, private mounts, as the seat's layers say. */
void sbx_child_namespaces(sandbox_seat *b);
/* Tries namespaces `flags` in a throw-away child; 0 or the errno of the first failing step,
 * with *step naming it. */
int sbx_probe_namespaces(unsigned long long flags, const char **step);
/* In the child (the pid namespace's init): forks the bot; init waits for it, reports its wait
 * status on the status pipe and exits. Returns only in the bot. */
void sbx_child_init(sandbox_seat *b);

/* landlock.c */
int sbx_landlock_abi(void); /* 0 when unavailable (errno set) */
/* The parent's part of the ruleset (system, bot files, devices, TCP port); -1 + err. */
int sbx_landlock_ruleset(const sandbox_seat *b, const char *const *read_paths, int nread,
                         const char *const *write_paths, int nwrite, buf_t *err);
/* In the child: the seat's own folder and /proc, then restrict. */
void sbx_landlock_child(sandbox_seat *b);

/* seccomp.c */
bool sbx_seccomp_supported(void);
/* Builds the allow-list program for a stdio (tcp=false) or tcp seat; malloc'ed. */
struct sock_filter *sbx_seccomp_program(bool tcp, unsigned short *len);
void sbx_seccomp_child(sandbox_seat *b);
/* Runs prog on one system call the way the kernel would (tests): the SECCOMP_RET_* value. */
unsigned sbx_seccomp_eval(const struct sock_filter *prog, unsigned short len, unsigned arch, int nr,
                          const unsigned long long args[6]);
unsigned sbx_seccomp_arch(void);

/* cgroup.c */
/* Finds where seat cgroups can go; false + why. */
bool sbx_cgroup_detect(const char *explicit_parent, char *why, size_t whylen, char *kind, bool *pids);
bool sbx_cgroup_create(sbx_cgroup *cg, const char *explicit_parent, int seat, const sandbox_limits *lim, buf_t *err);
void sbx_cgroup_child_join(sbx_cgroup *cg);
void sbx_cgroup_parent_close(sbx_cgroup *cg);
void sbx_cgroup_kill(sbx_cgroup *cg);
void sbx_cgroup_remove(sbx_cgroup *cg);
bool sbx_cgroup_oom(const sbx_cgroup *cg);
void sbx_cgroup_sweep(const char *explicit_parent);
void sbx_cgroup_own(char *mem_dir, char *pids_dir, size_t n);

/* netns.c */
bool sbx_helper_start(sandbox_seat *b, pid_t pid, int pidfd, buf_t *err);
void sbx_helper_stop(sandbox_seat *b);

/* detect.c: the --cgroup folder (before the first detection) */
void sbx_set_cgroup_parent(const char *dir);

/* util.c: the bottom of the folder (calls nothing else in it) */
bool sbx_read_file(const char *path, char *buf, size_t n);
bool sbx_write_file(const char *path, const char *text);
/* Writes "arena sandbox: <layer>: <what>: <strerror(errno)>" to fd 2 and _exit(127). For the
 * child only (async-signal-safe apart from snprintf of plain strings). */
void sbx_child_fail(const char *layer, const char *what) __attribute__((noreturn));
/* In a seat's child of a gcov build (make coverage): whether its counters can still be written
 * (on from the start, off once Landlock holds), and writing them now if so. */
void sbx_child_coverage(bool on);
void sbx_child_coverage_flush(void);
/* $TMPDIR when absolute, else /tmp: where seat folders go. */
const char *sbx_tmp_root(void);
/* rm -rf of a seat folder (no links followed, no other file system entered). */
void sbx_remove_tree(const char *dir);
/* What an arena process leaves in shared places (seat folders, seat cgroups) is named
 * "arena-PID-tSTART-...": sbx_owner_prefix writes the calling process's "arena-PID-tSTART";
 * sbx_owner_gone tells whether the process that made NAME has ended (false for names of another
 * form), and where the part after its prefix and dash starts. */
void sbx_owner_prefix(char *buf, size_t n);
bool sbx_owner_gone(const char *name, int *rest);
/* Removes seat folders left by arena processes that no longer run. */
void sbx_sweep_folders(void);
/* One recursive lock for the sandbox's public entry points (its caches are per process; a
 * tester or tournament with threads must not enter them twice at once). Held across fork by
 * sandbox_seat_fork; the child never takes it again (it only executes). */
void sbx_lock(void);
void sbx_unlock(void);

#endif
