/* cgroup.c: the cgroup layer: one cgroup per seat with a memory limit (the kernel's OOM killer
 * ends the seat, and we can tell that it did) and a process limit (fork bombs), which also lets
 * us kill every process of the seat at the end, daemons included.
 *
 * cgroup v2 first: the seat cgroups go under the nearest ancestor of our own cgroup that we may
 * write and that hands the memory controller to its children (the root when running as root,
 * a delegated subtree otherwise), or under --cgroup DIR. Where v2 lacks the controllers (hybrid
 * systems like this project's VM, where memory and pids are bound to v1), the v1 memory and pids
 * hierarchies are used, under our own cgroup there. Names carry our pid and start time
 * ("arena-PID-tSTART-N-sS", util.c), so a later run can remove what a killed arena left behind. */
#include "sbx.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static struct {
    bool done, ok;
    int kind;                /* 1 v1, 2 v2 */
    bool pids;               /* the pids controller is there too */
    char v2[PATH_MAX];       /* v2: the parent of the seat cgroups */
    char v1mem[PATH_MAX];    /* v1: our memory cgroup */
    char v1pids[PATH_MAX];   /* v1: our pids cgroup ("" if none) */
    char why[1024];
} cgd;

static bool has_word(const char *list, const char *word) {
    size_t n = strlen(word);
    for (const char *p = list; (p = strstr(p, word)) != NULL; p += n)
        if ((p == list || p[-1] == ' ' || p[-1] == ',' || p[-1] == '\n') && (p[n] == 0 || p[n] == ' ' || p[n] == ',' || p[n] == '\n'))
            return true;
    return false;
}

static bool writable_dir(const char *dir) {
    char f[PATH_MAX + 32];
    snprintf(f, sizeof f, "%s/cgroup.procs", dir);
    return access(dir, W_OK) == 0 && access(f, W_OK) == 0;
}

/* The folder of our cgroup in a hierarchy: its mount point plus our path (less the mount's own
 * root, which is not "/" inside containers). */
static bool our_dir(const char *mount_point, const char *mount_root, const char *path, char *out, size_t n) {
    size_t rl = strlen(mount_root);
    if (strcmp(mount_root, "/") != 0) {
        if (strncmp(path, mount_root, rl) != 0) return false;
        path += rl;
    }
    snprintf(out, n, "%s%s", mount_point, path);
    size_t len = strlen(out);
    while (len > 1 && out[len - 1] == '/') out[--len] = 0;
    return true;
}

/* Reads /proc/self/mountinfo for the cgroup2 mount and the v1 mounts holding memory and pids,
 * and /proc/self/cgroup for our place in each. */
static void find_mounts(char *v2mp, char *v2root, char *memmp, char *memroot, char *pidsmp, char *pidsroot) {
    v2mp[0] = memmp[0] = pidsmp[0] = 0;
    FILE *f = fopen("/proc/self/mountinfo", "re");
    if (!f) return;
    char line[4096];
    while (fgets(line, sizeof line, f)) {
        char root[PATH_MAX], mp[PATH_MAX], fstype[64], super[1024];
        char *dash = strstr(line, " - ");
        if (!dash || sscanf(line, "%*s %*s %*s %4095s %4095s", root, mp) != 2) continue;
        if (sscanf(dash + 3, "%63s %*s %1023s", fstype, super) != 2) continue;
        if (strcmp(fstype, "cgroup2") == 0 && !v2mp[0]) {
            strcpy(v2mp, mp);
            strcpy(v2root, root);
        } else if (strcmp(fstype, "cgroup") == 0) {
            if (has_word(super, "memory") && !memmp[0]) strcpy(memmp, mp), strcpy(memroot, root);
            if (has_word(super, "pids") && !pidsmp[0]) strcpy(pidsmp, mp), strcpy(pidsroot, root);
        }
    }
    fclose(f);
}

static bool our_path(const char *controller, char *out, size_t n) {
    FILE *f = fopen("/proc/self/cgroup", "re");
    if (!f) return false;
    char line[4096];
    bool found = false;
    while (!found && fgets(line, sizeof line, f)) {
        char *c1 = strchr(line, ':');
        char *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
        if (!c2) continue;
        *c2 = 0;
        char *path = c2 + 1;
        path[strcspn(path, "\n")] = 0;
        bool match = controller ? has_word(c1 + 1, controller) : (c1 + 1)[0] == 0 && strncmp(line, "0", 1) == 0;
        if (match) {
            snprintf(out, n, "%s", path);
            found = true;
        }
    }
    fclose(f);
    return found;
}

static bool subtree_has(const char *dir, const char *ctl) {
    char f[PATH_MAX + 32], text[512];
    snprintf(f, sizeof f, "%s/cgroup.subtree_control", dir);
    return sbx_read_file(f, text, sizeof text) && has_word(text, ctl);
}

/* Tries a throw-away child cgroup with a memory limit: detection by doing. */
static bool try_child(const char *parent, const char *limit_file, char *why, size_t n) {
    const char *value = strncmp(limit_file, "pids", 4) == 0 ? "64" : "1073741824";
    char dir[PATH_MAX + 64], f[PATH_MAX + 96];
    char owner[64];
    sbx_owner_prefix(owner, sizeof owner);
    snprintf(dir, sizeof dir, "%s/%s-probe", parent, owner);
    if (mkdir(dir, 0755) != 0 && errno != EEXIST) {
        snprintf(why, n, "cannot create a cgroup in %.150s: %s", parent, strerror(errno));
        return false;
    }
    snprintf(f, sizeof f, "%s/%s", dir, limit_file);
    bool ok = sbx_write_file(f, value);
    int e = errno;
    rmdir(dir);
    if (!ok) snprintf(why, n, "cannot set %s in %.150s: %s", limit_file, parent, strerror(e));
    return ok;
}

/* The folders of this process's own cgroup: under v2 one (both out-parameters), under v1 the memory
 * and the pids hierarchy's ("" where absent). What a seat's probe reads its limits from. */
void sbx_cgroup_own(char *mem_dir, char *pids_dir, size_t n) {
    char v2mp[PATH_MAX], v2root[PATH_MAX], memmp[PATH_MAX], memroot[PATH_MAX], pidsmp[PATH_MAX], pidsroot[PATH_MAX];
    char path[PATH_MAX];
    mem_dir[0] = pids_dir[0] = 0;
    find_mounts(v2mp, v2root, memmp, memroot, pidsmp, pidsroot);
    if (memmp[0] && our_path("memory", path, sizeof path)) our_dir(memmp, memroot, path, mem_dir, n);
    if (pidsmp[0] && our_path("pids", path, sizeof path)) our_dir(pidsmp, pidsroot, path, pids_dir, n);
    if (!mem_dir[0] && v2mp[0] && our_path(NULL, path, sizeof path) && our_dir(v2mp, v2root, path, mem_dir, n))
        snprintf(pids_dir, n, "%s", mem_dir);
}

bool sbx_cgroup_detect(const char *explicit_parent, char *why, size_t whylen, char *kind, bool *pids) {
    if (!cgd.done) {
        cgd.done = true;
        char v2mp[PATH_MAX], v2root[PATH_MAX], memmp[PATH_MAX], memroot[PATH_MAX], pidsmp[PATH_MAX], pidsroot[PATH_MAX];
        char path[PATH_MAX], dir[PATH_MAX];
        find_mounts(v2mp, v2root, memmp, memroot, pidsmp, pidsroot);
        char v2why[480] = "";
        /* v2 */
        if (explicit_parent) {
            if (!subtree_has(explicit_parent, "memory"))
                snprintf(v2why, sizeof v2why, "--cgroup %.150s: its cgroup.subtree_control has no memory", explicit_parent);
            else if (!writable_dir(explicit_parent))
                snprintf(v2why, sizeof v2why, "--cgroup %.150s: not writable", explicit_parent);
            else if (try_child(explicit_parent, "memory.max", v2why, sizeof v2why)) {
                /* LCOV_EXCL_START: cgroup v2 with its memory controller; this VM binds memory to v1, so no test here reaches it */
                snprintf(cgd.v2, sizeof cgd.v2, "%s", explicit_parent);
                cgd.ok = true, cgd.kind = 2;
                /* LCOV_EXCL_STOP */
            }
        } else if (v2mp[0] && our_path(NULL, path, sizeof path) && our_dir(v2mp, v2root, path, dir, sizeof dir)) {
            char controllers[512] = "";
            char f[PATH_MAX + 32];
            snprintf(f, sizeof f, "%s/cgroup.controllers", v2mp);
            sbx_read_file(f, controllers, sizeof controllers);
            if (!has_word(controllers, "memory")) {
                snprintf(v2why, sizeof v2why, "cgroup v2 at %.150s has no memory controller%s", v2mp,
                         memmp[0] ? " (it is bound to v1)" : "");
            } else {
                /* walk up from our own cgroup to the first one that gives memory to children */
                snprintf(v2why, sizeof v2why, "no cgroup v2 ancestor of %.120s is writable with memory in its subtree_control "
                         "(give one with --cgroup DIR, e.g. a systemd scope with Delegate=yes)", dir);
                for (;;) {
                    if (subtree_has(dir, "memory") && writable_dir(dir)) {
                        if (try_child(dir, "memory.max", v2why, sizeof v2why)) {
                            /* LCOV_EXCL_START: cgroup v2 with its memory controller; this VM binds memory to v1, so no test here reaches it */
                            snprintf(cgd.v2, sizeof cgd.v2, "%s", dir);
                            cgd.ok = true, cgd.kind = 2;
                            /* LCOV_EXCL_STOP */
                        }
                        break;
                    }
                    if (strcmp(dir, v2mp) == 0) break;
                    char *slash = strrchr(dir, '/');
                    if (!slash || (size_t)(slash - dir) < strlen(v2mp)) break;
                    *slash = 0;
                }
            }
        } else {
            snprintf(v2why, sizeof v2why, "no cgroup v2 mount");
        }
        if (cgd.ok) {
            /* LCOV_EXCL_START: cgroup v2 with its memory controller; this VM binds memory to v1, so no test here reaches it */
            cgd.pids = subtree_has(cgd.v2, "pids");
            snprintf(cgd.why, sizeof cgd.why, "cgroup v2 under %.300s (memory%s)", cgd.v2, cgd.pids ? ", pids" : "; no pids controller");
            /* LCOV_EXCL_STOP */
        } else if (!explicit_parent && memmp[0] && our_path("memory", path, sizeof path) &&
                   our_dir(memmp, memroot, path, cgd.v1mem, sizeof cgd.v1mem)) {
            /* v1 */
            char v1why[480];
            if (!writable_dir(cgd.v1mem)) {
                snprintf(cgd.why, sizeof cgd.why, "%.480s; cgroup v1 memory at %.300s is not writable (needs root)", v2why, cgd.v1mem);
            } else if (!try_child(cgd.v1mem, "memory.limit_in_bytes", v1why, sizeof v1why)) {
                snprintf(cgd.why, sizeof cgd.why, "%.480s; v1: %.480s", v2why, v1why);
            } else {
                cgd.ok = true, cgd.kind = 1;
                if (pidsmp[0] && our_path("pids", path, sizeof path) &&
                    our_dir(pidsmp, pidsroot, path, cgd.v1pids, sizeof cgd.v1pids) && writable_dir(cgd.v1pids) &&
                    try_child(cgd.v1pids, "pids.max", v1why, sizeof v1why))
                    cgd.pids = true;
                else
                    cgd.v1pids[0] = 0;
                snprintf(cgd.why, sizeof cgd.why, "cgroup v1 memory under %.300s%s%.300s (%.300s)", cgd.v1mem,
                         cgd.pids ? ", pids under " : "; no pids", cgd.pids ? cgd.v1pids : "", v2why);
            }
        } else {
            snprintf(cgd.why, sizeof cgd.why, "%.480s%s", v2why, memmp[0] ? "" : "; no cgroup v1 memory hierarchy either");
        }
    }
    snprintf(why, whylen, "%s", cgd.why);
    snprintf(kind, 16, "%s", !cgd.ok ? "" : cgd.kind == 2 ? "v2" : "v1");
    *pids = cgd.pids;
    return cgd.ok;
}

static bool put_in(const char *dir, const char *file, long long v) {
    char f[PATH_MAX + 64], text[32];
    snprintf(f, sizeof f, "%s/%s", dir, file);
    snprintf(text, sizeof text, "%lld", v);
    return sbx_write_file(f, text);
}

static int open_procs(const char *dir) {
    char f[PATH_MAX + 32];
    snprintf(f, sizeof f, "%s/cgroup.procs", dir);
    return open(f, O_WRONLY | O_CLOEXEC);
}

/* Empty seat cgroups of this process, kept for its next seats: creating a cgroup (a v1 memory one
 * above all) costs milliseconds, reusing one microseconds. Removed when the process exits; a
 * killed arena's are removed by the next run's sweep (their names carry its pid). */
#define POOL_MAX 16
static sbx_cgroup pool[POOL_MAX];
static int npool;
static pid_t pool_owner; /* forks (init, helpers) leave with _exit and never drain it */

static bool cgroup_empty(const char *dir) {
    char f[PATH_MAX + 32], text[64];
    snprintf(f, sizeof f, "%s/cgroup.procs", dir);
    return sbx_read_file(f, text, sizeof text) && text[0] == 0;
}

static void rmdir_when_gone(const char *dir, int ms);
/* The longest wait for a killed seat's cgroup to empty (rmdir_when_gone returns as soon as it is):
 * 2 s once proved too short for a CPU-spinning seat under AddressSanitizer on a machine loaded by
 * another whole-suite run (make sanitize beside make coverage: the cgroups were left behind). */
enum { RMDIR_WAIT_MS = 10000 };

static void pool_drain(void) {
    if (getpid() != pool_owner) return;
    while (npool > 0) {
        sbx_cgroup *c = &pool[--npool];
        for (int i = 0; i < 2; i++)
            if (c->dir[i][0]) rmdir_when_gone(c->dir[i], RMDIR_WAIT_MS);
    }
}

static long long read_key(const char *dir, const char *file, const char *key);

bool sbx_cgroup_create(sbx_cgroup *cg, const char *explicit_parent, int seat, const sandbox_limits *lim, buf_t *err) {
    static int seq;
    char why[240], kind[16];
    bool pids;
    memset(cg, 0, sizeof *cg);
    cg->procs_fd[0] = cg->procs_fd[1] = cg->dir_fd = -1;
    sbx_cgroup_detect(explicit_parent, why, sizeof why, kind, &pids); /* it works: the plan chose the layer */
    cg->kind = cgd.kind;
    int n = ++seq;
    char owner[64];
    sbx_owner_prefix(owner, sizeof owner);
    const char *parents[2] = {cgd.kind == 2 ? cgd.v2 : cgd.v1mem, cgd.kind == 1 && cgd.pids ? cgd.v1pids : NULL};
    long long mem = lim->mem_mb > 0 ? lim->mem_mb * 1048576LL : -1, procs = lim->procs > 0 ? lim->procs : -1;
    bool reused = npool > 0;
    if (reused) {
        *cg = pool[--npool];
        cg->procs_fd[0] = cg->procs_fd[1] = cg->dir_fd = -1;
        cg->joined = false;
    }
    for (int i = 0; i < 2; i++) {
        if (!parents[i]) continue;
        if (!reused) {
            snprintf(cg->dir[i], sizeof cg->dir[i], "%s/%s-%d-s%d", parents[i], owner, n, seat);
            if (mkdir(cg->dir[i], 0755) != 0) {
                buf_printf(err, "cgroup: cannot create %s: %s", cg->dir[i], strerror(errno));
                cg->dir[i][0] = 0;
                sbx_cgroup_remove(cg);
                return false;
            }
        }
        /* limits are written every time: a reused cgroup keeps the last seat's; -1 is "no
         * limit" ("max" under v2, the largest value under v1) */
        bool ok = true;
        const char *what = "";
        char f[PATH_MAX + 64];
        if (cgd.kind == 2) {
            /* LCOV_EXCL_START: cgroup v2 with its memory controller; this VM binds memory to v1, so no test here reaches it */
            snprintf(f, sizeof f, "%s/memory.max", cg->dir[0]);
            ok = mem > 0 ? put_in(cg->dir[0], what = "memory.max", mem) : sbx_write_file(f, "max");
            if (ok && mem > 0) put_in(cg->dir[0], "memory.swap.max", 0); /* absent without swap accounting */
            if (ok) put_in(cg->dir[0], "memory.oom.group", 1);          /* the OOM killer takes the whole seat */
            snprintf(f, sizeof f, "%s/pids.max", cg->dir[0]);
            if (ok && pids) ok = procs > 0 ? put_in(cg->dir[0], what = "pids.max", procs) : sbx_write_file(f, "max");
            cg->oom_base = read_key(cg->dir[0], "memory.events", "oom_kill");
            /* LCOV_EXCL_STOP */
        } else if (i == 0) {
            ok = put_in(cg->dir[0], what = "memory.limit_in_bytes", mem > 0 ? mem : -1);
            if (ok) put_in(cg->dir[0], "memory.memsw.limit_in_bytes", mem > 0 ? mem : -1); /* absent without swap */
            cg->oom_base = read_key(cg->dir[0], "memory.oom_control", "oom_kill");
        } else {
            snprintf(f, sizeof f, "%s/pids.max", cg->dir[1]);
            ok = procs > 0 ? put_in(cg->dir[1], what = "pids.max", procs) : sbx_write_file(f, "max");
        }
        if (ok) cg->procs_fd[i] = open_procs(cg->dir[i]), what = "cgroup.procs";
        if (ok && cgd.kind == 2) cg->dir_fd = open(cg->dir[0], O_PATH | O_DIRECTORY | O_CLOEXEC);
        if (!ok || cg->procs_fd[i] < 0) {
            buf_printf(err, "cgroup: cannot set %s in %s: %s", what, cg->dir[i], strerror(errno));
            sbx_cgroup_remove(cg);
            return false;
        }
    }
    return true;
}

void sbx_cgroup_child_join(sbx_cgroup *cg) {
    if (cg->dir_fd >= 0) close(cg->dir_fd);
    cg->dir_fd = -1;
    for (int i = 0; i < 2 && !cg->joined; i++)
        if (cg->procs_fd[i] >= 0) {
            if (write(cg->procs_fd[i], "0", 1) != 1) sbx_child_fail("cgroup", "join the seat's cgroup");
            close(cg->procs_fd[i]);
            cg->procs_fd[i] = -1;
        }
}

void sbx_cgroup_parent_close(sbx_cgroup *cg) {
    for (int i = 0; i < 2; i++)
        if (cg->procs_fd[i] >= 0) close(cg->procs_fd[i]), cg->procs_fd[i] = -1;
    if (cg->dir_fd >= 0) close(cg->dir_fd);
    cg->dir_fd = -1;
}

/* SIGKILL to every process listed; true when the cgroup was empty. */
static bool kill_listed(const char *dir) {
    char f[PATH_MAX + 32];
    snprintf(f, sizeof f, "%s/cgroup.procs", dir);
    FILE *fp = fopen(f, "re");
    if (!fp) return true;
    bool empty = true;
    long pid;
    while (fscanf(fp, "%ld", &pid) == 1) {
        empty = false;
        kill((pid_t)pid, SIGKILL);
    }
    fclose(fp);
    return empty;
}

/* Removes a seat cgroup whose processes were killed. A killed process keeps its cgroup busy
 * (rmdir: EBUSY) until it has finished exiting: 130-170 ms for 1.5 GB touched on a quiet machine,
 * longer on a loaded one. So wait by the clock rather than by a count of tries (a loaded machine
 * makes each try slower, not the exit faster), up to MS milliseconds, and also for the pooled
 * cgroups arena removes as it exits (a stress run once found a game's two cgroups left behind);
 * it returns as soon as the cgroup is gone. */
static void rmdir_when_gone(const char *dir, int ms) {
    struct timespec t0, t;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    while (rmdir(dir) != 0 && errno == EBUSY) {
        clock_gettime(CLOCK_MONOTONIC, &t);
        if ((t.tv_sec - t0.tv_sec) * 1000 + (t.tv_nsec - t0.tv_nsec) / 1000000 >= ms) return;
        kill_listed(dir);
        usleep(1000);
    }
}

void sbx_cgroup_kill(sbx_cgroup *cg) {
    if (cg->kind == 2 && cg->dir[0][0]) {
        /* LCOV_EXCL_START: cgroup v2 with its memory controller; this VM binds memory to v1, so no test here reaches it */
        char f[PATH_MAX + 32];
        snprintf(f, sizeof f, "%s/cgroup.kill", cg->dir[0]);
        if (sbx_write_file(f, "1")) return; /* 5.14+: atomic, forks cannot race it */
        /* LCOV_EXCL_STOP */
    }
    /* Listing and killing races with forks: repeat until empty (pids.max bounds the race). */
    for (int round = 0; round < 100; round++) {
        bool empty = true;
        for (int i = 0; i < 2; i++)
            if (cg->dir[i][0] && !kill_listed(cg->dir[i])) empty = false;
        if (empty) return;
        usleep(1000);
    }
}

void sbx_cgroup_remove(sbx_cgroup *cg) {
    sbx_cgroup_parent_close(cg);
    bool empty = cg->dir[0][0] != 0;
    for (int i = 0; i < 2 && empty; i++)
        if (cg->dir[i][0] && !cgroup_empty(cg->dir[i])) empty = false;
    if (empty && npool < POOL_MAX) {
        if (!pool_owner) {
            pool_owner = getpid();
            atexit(pool_drain);
        }
        if (pool_owner == getpid()) {
            pool[npool++] = *cg;
            cg->dir[0][0] = cg->dir[1][0] = 0;
            return;
        }
    }
    for (int i = 0; i < 2; i++) {
        if (!cg->dir[i][0]) continue;
        rmdir_when_gone(cg->dir[i], RMDIR_WAIT_MS); /* killed processes leave a moment after the kill */
        cg->dir[i][0] = 0;
    }
}

static long long read_key(const char *dir, const char *file, const char *key) {
    char f[PATH_MAX + 64], text[2048];
    snprintf(f, sizeof f, "%s/%s", dir, file);
    if (!sbx_read_file(f, text, sizeof text)) return -1;
    size_t n = strlen(key);
    for (char *p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
        if (strncmp(p, key, n) == 0 && p[n] == ' ') return atoll(p + n + 1);
    return -1;
}

bool sbx_cgroup_oom(const sbx_cgroup *cg) {
    if (!cg->dir[0][0]) return false;
    long long now = cg->kind == 2 ? read_key(cg->dir[0], "memory.events", "oom_kill")
                                  : read_key(cg->dir[0], "memory.oom_control", "oom_kill");
    return now > (cg->oom_base > 0 ? cg->oom_base : 0);
}

/* Removes the cgroups of arena processes that no longer exist (killed before cleaning up). */
static void sweep_dir(const char *parent) {
    DIR *d = opendir(parent);
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        int rest;
        if (!sbx_owner_gone(e->d_name, &rest)) continue;
        char dir[PATH_MAX + 300];
        snprintf(dir, sizeof dir, "%s/%s", parent, e->d_name);
        rmdir_when_gone(dir, 100); /* a dead arena's seats: killed long ago, or stuck */
    }
    closedir(d);
}

void sbx_cgroup_sweep(const char *explicit_parent) {
    char why[240], kind[16];
    bool pids;
    if (!sbx_cgroup_detect(explicit_parent, why, sizeof why, kind, &pids)) return;
    if (cgd.kind == 2) sweep_dir(cgd.v2);
    else {
        sweep_dir(cgd.v1mem);
        if (cgd.v1pids[0]) sweep_dir(cgd.v1pids);
    }
}
