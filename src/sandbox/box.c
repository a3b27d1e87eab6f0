/* box.c: one seat's sandbox, on the referee's side: everything that can be prepared before the
 * fork (limits, the program's path, folders, environment, cgroup, Landlock rules, seccomp
 * program), the fork itself, and the cleanup afterwards. */
#include "sbx.h"
#include "../core/coverage.h"
#include "../core/xalloc.h"
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

extern char **environ;

static char *dup_str(const char *s) {
    char *d = xstrdup(s ? s : "");
    return d;
}

/* argv[0] as execve needs it: a relative path is made absolute now (the child changes its
 * folder before it executes); a bare name is searched in PATH. */
static char *resolve_program(const char *arg0) {
    char buf[PATH_MAX * 2];
    if (strchr(arg0, '/')) {
        if (arg0[0] == '/') return dup_str(arg0);
        char cwd[PATH_MAX];
        if (!getcwd(cwd, sizeof cwd)) return dup_str(arg0);
        snprintf(buf, sizeof buf, "%s/%s", cwd, arg0);
        return dup_str(buf);
    }
    const char *path = getenv("PATH");
    if (!path || !*path) path = "/usr/local/bin:/usr/bin:/bin";
    while (*path) {
        size_t n = strcspn(path, ":");
        snprintf(buf, sizeof buf, "%.*s/%s", (int)n, path, arg0);
        struct stat st;
        if (n && stat(buf, &st) == 0 && S_ISREG(st.st_mode) && access(buf, X_OK) == 0) return dup_str(buf);
        path += n;
        if (*path == ':') path++;
    }
    return dup_str(arg0); /* not found: execve reports it */
}

/* ---------- environment ---------- */

typedef struct {
    char **v;
    size_t n, cap;
} strv;

static void strv_set(strv *e, const char *kv) {
    const char *eq = strchr(kv, '=');
    size_t klen = eq ? (size_t)(eq - kv) + 1 : strlen(kv);
    for (size_t i = 0; i < e->n; i++)
        if (strncmp(e->v[i], kv, klen) == 0) {
            free(e->v[i]);
            e->v[i] = dup_str(kv);
            return;
        }
    if (e->n + 2 > e->cap) {
        e->cap = e->cap ? e->cap * 2 : 16;
        e->v = xrealloc(e->v, e->cap * sizeof *e->v);
    }
    e->v[e->n++] = dup_str(kv);
    e->v[e->n] = NULL;
}

static void strv_setf(strv *e, const char *key, const char *value) {
    size_t n = strlen(key) + strlen(value) + 2;
    char *kv = xmalloc(n);
    snprintf(kv, n, "%s=%s", key, value);
    strv_set(e, kv);
    free(kv);
}

static void free_strv(char **v) {
    for (size_t i = 0; v && v[i]; i++) free(v[i]);
    free(v);
}

/* The scrubbed environment: what a program needs to start, nothing of the referee's. PATH is
 * kept (it is how the bot finds python3 or java); everything else is set here. */
static char **build_env(const sandbox_seat *b, const sandbox_config *c, const sandbox_seat_spec *spec) {
    strv e = {0};
    if (b->use[SBX_ENV]) {
        const char *path = getenv("PATH");
        strv_setf(&e, "PATH", path && *path ? path : "/usr/local/bin:/usr/bin:/bin");
        strv_setf(&e, "LANG", "C.UTF-8");
        if (b->scratch) {
            strv_setf(&e, "HOME", b->scratch);
            strv_setf(&e, "TMPDIR", b->scratch);
        }
    } else {
        for (char **v = environ; *v; v++) strv_set(&e, *v);
    }
    for (const char *const *a = spec->env_add; a && *a; a++) strv_set(&e, *a);
    for (int i = 0; i < c->nenv; i++) strv_set(&e, c->env[i]);
    if (!e.v) strv_set(&e, "LANG=C.UTF-8");
    return e.v;
}

/* ---------- folders ---------- */

/* The folder of a bot file (a file's parent; a folder itself), absolute. */
static bool folder_of(const char *path, char *out, size_t n) {
    char real[PATH_MAX];
    if (!realpath(path, real)) return false;
    struct stat st;
    if (stat(real, &st) != 0) return false;
    if (!S_ISDIR(st.st_mode)) {
        char *slash = strrchr(real, '/');
        if (slash == real) slash[1] = 0;
        else if (slash) *slash = 0;
    }
    snprintf(out, n, "%s", real);
    return true;
}

/* ---------- the seat ---------- */

static int64_t pick(int64_t given, int64_t def) { return given ? given : def; }

static sandbox_seat *sandbox_seat_new_unlocked(const sandbox_config *c, const sandbox_limits *limits, sandbox_workdir workdir,
                               const sandbox_seat_spec *spec, buf_t *err) {
    sandbox_seat *b = xcalloc(1, sizeof *b);
    b->ruleset_fd = b->helper_fd = -1;
    b->status_pipe[0] = b->status_pipe[1] = -1;
    b->sync_pipe[0] = b->sync_pipe[1] = -1;
    b->cg.procs_fd[0] = b->cg.procs_fd[1] = b->cg.dir_fd = -1;
    b->seat = spec->seat;
    b->tcp = spec->tcp;
    b->port = spec->port;
    b->outer_uid = geteuid();
    b->outer_gid = getegid();
    char *read_paths[SANDBOX_MAX_PATHS + 12];
    int nread = 0;
    if (!sandbox_plan(c, b->use, err)) goto fail;

    b->lim.cpu_s = pick(limits->cpu_s, SANDBOX_DEFAULT_CPU_S);
    b->lim.mem_mb = pick(limits->mem_mb, SANDBOX_DEFAULT_MEM_MB);
    b->lim.procs = pick(limits->procs, SANDBOX_DEFAULT_PROCS);
    b->lim.fsize_mb = pick(limits->fsize_mb, SANDBOX_DEFAULT_FSIZE_MB);
    b->lim.nofile = pick(limits->nofile, SANDBOX_DEFAULT_NOFILE);
    b->lim.disk_mb = pick(limits->disk_mb, SANDBOX_DEFAULT_DISK_MB);
    /* Address space: runtimes reserve far more than they use (a JVM, V8), so when the cgroup
     * bounds the real memory the address space is left alone; without it, it is the bound. */
    b->lim.as_mb = pick(limits->as_mb, b->use[SBX_CGROUP] ? -1 : b->lim.mem_mb);

    size_t argc = 0;
    while (spec->argv[argc]) argc++;
    b->argv = xcalloc(argc + 1, sizeof *b->argv);
    for (size_t i = 0; i < argc; i++) b->argv[i] = dup_str(spec->argv[i]);
    b->prog = resolve_program(spec->argv[0]);

    char folder[PATH_MAX];
    for (int i = 0; i < spec->nbot_files && nread < SANDBOX_MAX_PATHS + 8; i++)
        if (folder_of(spec->bot_files[i], folder, sizeof folder)) read_paths[nread++] = dup_str(folder);
    for (int i = 0; i < c->nread; i++) read_paths[nread++] = dup_str(c->read[i]);

    if (b->use[SBX_WORKDIR]) {
        char tmpl[PATH_MAX], owner[64];
        sbx_owner_prefix(owner, sizeof owner);
        snprintf(tmpl, sizeof tmpl, "%s/%s-seat%d-XXXXXX", sbx_tmp_root(), owner, spec->seat);
        if (!mkdtemp(tmpl)) {
            buf_printf(err, "workdir: cannot create a folder under %s: %s", sbx_tmp_root(), strerror(errno));
            goto fail;
        }
        b->scratch = dup_str(tmpl);
        if (workdir == SBX_WORKDIR_BOT) {
            if (!spec->nbot_files || !folder_of(spec->bot_files[0], folder, sizeof folder)) {
                buf_puts(err, "workdir: --workdir bot needs the bot's folder: name its program or file by path");
                goto fail;
            }
            b->workdir = dup_str(folder);
        } else if (workdir == SBX_WORKDIR_HERE || workdir == SBX_WORKDIR_CALLER) {
            if (!getcwd(folder, sizeof folder)) {
                buf_printf(err, "workdir: getcwd: %s", strerror(errno));
                goto fail;
            }
            b->workdir = dup_str(folder);
            if (workdir == SBX_WORKDIR_HERE) read_paths[nread++] = dup_str(folder);
        } else {
            b->workdir = dup_str(b->scratch);
        }
    }
    b->envp = build_env(b, c, spec);

    if (b->use[SBX_CGROUP] && !sbx_cgroup_create(&b->cg, c->cgroup, spec->seat, &b->lim, err)) goto fail;
    if (b->use[SBX_LANDLOCK] &&
        (b->ruleset_fd = sbx_landlock_ruleset(b, (const char *const *)read_paths, nread, c->write, c->nwrite, err)) < 0)
        goto fail;
    if (b->use[SBX_SECCOMP]) b->filter = sbx_seccomp_program(b->tcp, &b->filter_len);
    for (int i = 0; i < nread; i++) free(read_paths[i]);
    return b;
fail:
    for (int i = 0; i < nread; i++) free(read_paths[i]);
    sandbox_seat_free(b);
    return NULL;
}

char **sandbox_seat_env(sandbox_seat *b) { return b->envp; }

static pid_t sandbox_seat_fork_unlocked(sandbox_seat *b, int *pidfd, int *status_fd) {
    *status_fd = -1;
    if (b->use[SBX_PID] && pipe2(b->status_pipe, O_CLOEXEC) != 0) return -1;
    if (b->use[SBX_PID] && b->use[SBX_NET] && b->tcp && pipe2(b->sync_pipe, O_CLOEXEC) != 0) return -1;
    unsigned long long flags = (unsigned long long)sbx_clone_flags(b);
    b->flush_coverage = coverage_flush_safe();
    pid_t pid = -1;
    if (b->cg.dir_fd >= 0) {
        /* LCOV_EXCL_START: cgroup v2 with its memory controller; this VM binds memory to v1, so no test here reaches it (CLONE_INTO_CGROUP takes a v2 folder) */
        b->cg.joined = true;
        pid = sbx_clone(flags, b->cg.dir_fd, pidfd);
        if (pid < 0) b->cg.joined = false; /* an older kernel: the child joins by itself */
        /* LCOV_EXCL_STOP */
    }
    if (pid < 0) pid = sbx_clone(flags, -1, pidfd);
    if (pid == 0) return 0;
    int e = errno;
    if (b->sync_pipe[0] >= 0) close(b->sync_pipe[0]);
    b->sync_pipe[0] = -1;
    if (b->status_pipe[1] >= 0) close(b->status_pipe[1]);
    b->status_pipe[1] = -1;
    if (pid < 0) {
        if (b->status_pipe[0] >= 0) close(b->status_pipe[0]);
        b->status_pipe[0] = -1;
        errno = e;
        return -1;
    }
    /* The child has its copies; the referee needs none of these any more. */
    if (b->status_pipe[0] >= 0) {
        fcntl(b->status_pipe[0], F_SETFL, O_NONBLOCK);
        *status_fd = b->status_pipe[0];
        b->status_pipe[0] = -1; /* proc.c owns it now */
    }
    sbx_cgroup_parent_close(&b->cg);
    if (b->ruleset_fd >= 0) close(b->ruleset_fd);
    b->ruleset_fd = -1;
    b->pid = pid;
    return pid;
}

static bool sandbox_seat_started_unlocked(sandbox_seat *b, pid_t pid, int pidfd, buf_t *err) {
    b->pid = pid;
    if (b->use[SBX_NET] && b->tcp) return sbx_helper_start(b, pid, pidfd, err);
    return true;
}

static void sandbox_seat_finish_unlocked(sandbox_seat *b) {
    if (!b) return;
    sbx_helper_stop(b);
    if (b->use[SBX_CGROUP]) sbx_cgroup_kill(&b->cg);
}

static void sandbox_seat_free_unlocked(sandbox_seat *b) {
    if (!b) return;
    sandbox_seat_finish(b);
    sbx_cgroup_remove(&b->cg);
    if (b->scratch) sbx_remove_tree(b->scratch);
    if (b->ruleset_fd >= 0) close(b->ruleset_fd);
    for (int i = 0; i < 2; i++) {
        if (b->status_pipe[i] >= 0) close(b->status_pipe[i]);
        if (b->sync_pipe[i] >= 0) close(b->sync_pipe[i]);
    }
    free(b->prog);
    free_strv(b->argv);
    free_strv(b->envp);
    free(b->workdir);
    free(b->scratch);
    free(b->filter);
    free(b);
}

bool sandbox_seat_oom_killed(const sandbox_seat *b) { return b && b->use[SBX_CGROUP] && sbx_cgroup_oom(&b->cg); }

bool sandbox_seat_uses(const sandbox_seat *b, sandbox_layer l) { return b && (unsigned)l < SBX_LAYER_COUNT && b->use[l]; }

const char *sandbox_seat_workdir(const sandbox_seat *b) { return b ? b->workdir : NULL; }

const sandbox_limits *sandbox_seat_limits(const sandbox_seat *b) { return &b->lim; }

/* The public entry points hold the sandbox's lock: its caches are per process, and a tester or
 * tournament with threads must not enter them twice at once. */
sandbox_seat *sandbox_seat_new(const sandbox_config *c, const sandbox_limits *limits, sandbox_workdir workdir,
                               const sandbox_seat_spec *spec, buf_t *err) {
    sbx_lock();
    sandbox_seat *r = sandbox_seat_new_unlocked(c, limits, workdir, spec, err);
    sbx_unlock();
    return r;
}

pid_t sandbox_seat_fork(sandbox_seat *b, int *pidfd, int *status_fd) {
    sbx_lock();
    pid_t r = sandbox_seat_fork_unlocked(b, pidfd, status_fd);
    sbx_unlock();
    return r;
}

bool sandbox_seat_started(sandbox_seat *b, pid_t pid, int pidfd, buf_t *err) {
    sbx_lock();
    bool r = sandbox_seat_started_unlocked(b, pid, pidfd, err);
    sbx_unlock();
    return r;
}

void sandbox_seat_finish(sandbox_seat *b) {
    sbx_lock();
    sandbox_seat_finish_unlocked(b);
    sbx_unlock();
}

void sandbox_seat_free(sandbox_seat *b) {
    sbx_lock();
    sandbox_seat_free_unlocked(b);
    sbx_unlock();
}
