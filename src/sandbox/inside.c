/* inside.c: proof that each layer is in force, from inside a seat. A process started in the seat
 * (`arena doctor --inside`) writes what it sees as `key=value` lines (sandbox_inside_observe);
 * the referee's side compares them with its own view and the seat's plan (sandbox_inside_prove):
 * namespaces by the seat's /proc/self/ns links against the referee's, capabilities by CapEff,
 * seccomp by a refused call, Landlock by a refused open, the cgroup by membership and limits,
 * rlimits by getrlimit, and so on. `arena doctor` reports these proofs, not the plan. */
#include "sbx.h"
#include "../core/xalloc.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

extern char **environ;

static const char *const ns_names[] = {"user", "pid", "net", "mnt", "ipc", NULL};

/* ---------- inside the seat ---------- */

static void put(buf_t *out, const char *key, const char *value) { buf_printf(out, "%s=%s\n", key, value); }

static void put_ll(buf_t *out, const char *key, long long v) { buf_printf(out, "%s=%lld\n", key, v); }

static void put_rlimit(buf_t *out, const char *key, int resource) {
    struct rlimit r;
    if (getrlimit(resource, &r) != 0) put(out, key, "?");
    else if (r.rlim_cur == RLIM_INFINITY) put(out, key, "inf");
    else put_ll(out, key, (long long)r.rlim_cur);
}

/* One field of /proc/self/status ("CapEff", "Seccomp", ...), its value trimmed. */
static void put_status(buf_t *out, const char *key, const char *status, const char *field) {
    size_t n = strlen(field);
    for (const char *p = status; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
        if (strncmp(p, field, n) == 0 && p[n] == ':') {
            p += n + 1;
            while (*p == ' ' || *p == '\t') p++;
            buf_printf(out, "%s=%.*s\n", key, (int)strcspn(p, "\n"), p);
            return;
        }
    put(out, key, "?");
}

static const char *errno_word(int e) {
    switch (e) {
    case 0: return "ok";
    case EPERM: return "EPERM";
    case EACCES: return "EACCES";
    case ENOENT: return "ENOENT";
    case ENXIO: return "ENXIO";
    case ENOSYS: return "ENOSYS";
    default: return "other";
    }
}

/* The file the kernel reads a limit from, in our own cgroup folder ("" when unreadable). */
static void put_cgroup_value(buf_t *out, const char *key, const char *dir, const char *const *files) {
    char f[PATH_MAX + 64], text[64];
    for (int i = 0; dir[0] && files[i]; i++) {
        snprintf(f, sizeof f, "%s/%s", dir, files[i]);
        if (sbx_read_file(f, text, sizeof text)) {
            text[strcspn(text, "\n")] = 0;
            put(out, key, text);
            return;
        }
    }
    put(out, key, "");
}

void sandbox_inside_observe(const char *canary, buf_t *out) {
    char text[8192], path[PATH_MAX];
    put_ll(out, "pid", (long long)getpid());
    put_ll(out, "sid", (long long)getsid(0));
    put_ll(out, "pgid", (long long)getpgrp());
    int fd = open("/dev/tty", O_RDWR | O_CLOEXEC);
    put(out, "tty", errno_word(fd >= 0 ? 0 : errno));
    if (fd >= 0) close(fd);
    /* descriptors: what /proc/self/fd lists, less the one listing it */
    DIR *d = opendir("/proc/self/fd");
    buf_puts(out, "fds=");
    if (d) {
        struct dirent *e;
        bool first = true;
        while ((e = readdir(d)) != NULL) {
            if (e->d_name[0] == '.' || atoi(e->d_name) == dirfd(d)) continue;
            buf_printf(out, "%s%s", first ? "" : ",", e->d_name);
            first = false;
        }
        closedir(d);
    } else {
        buf_puts(out, "?");
    }
    buf_putc(out, '\n');
    buf_puts(out, "env=");
    for (char **v = environ; *v; v++) buf_printf(out, "%s%.*s", v == environ ? "" : ",", (int)strcspn(*v, "="), *v);
    buf_putc(out, '\n');
    put(out, "cwd", getcwd(path, sizeof path) ? path : "?");
    put(out, "home", getenv("HOME") ? getenv("HOME") : "");
    int entries = -1;
    if ((d = opendir(".")) != NULL) {
        struct dirent *e;
        entries = 0;
        while ((e = readdir(d)) != NULL) entries += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
        closedir(d);
    }
    put_ll(out, "cwd_entries", entries);
    put_rlimit(out, "rlimit_cpu", RLIMIT_CPU);
    put_rlimit(out, "rlimit_as", RLIMIT_AS);
    put_rlimit(out, "rlimit_fsize", RLIMIT_FSIZE);
    put_rlimit(out, "rlimit_nofile", RLIMIT_NOFILE);
    put_rlimit(out, "rlimit_core", RLIMIT_CORE);
    put_rlimit(out, "rlimit_nproc", RLIMIT_NPROC);
    for (int i = 0; ns_names[i]; i++) {
        char link[64], key[16];
        snprintf(link, sizeof link, "/proc/self/ns/%s", ns_names[i]);
        snprintf(key, sizeof key, "ns_%s", ns_names[i]);
        ssize_t n = readlink(link, path, sizeof path - 1);
        path[n > 0 ? n : 0] = 0;
        put(out, key, n > 0 ? path : "?");
    }
    bool have = sbx_read_file("/proc/self/uid_map", text, sizeof text);
    text[strcspn(text, "\n")] = 0;
    for (char *p = text; *p; p++)
        if (*p == ' ' || *p == '\t') *p = ' ';
    /* squeeze the columns' padding: "0 1000 1" */
    char squeezed[256];
    size_t k = 0;
    for (const char *p = text; have && *p && k + 1 < sizeof squeezed; p++)
        if (*p != ' ' || (k && squeezed[k - 1] != ' ')) squeezed[k++] = *p;
    squeezed[k] = 0;
    put(out, "uid_map", have ? squeezed : "?");
    put_ll(out, "uid", (long long)getuid());
    /* the network: the interfaces this process sees */
    buf_puts(out, "netdevs=");
    if (sbx_read_file("/proc/self/net/dev", text, sizeof text)) {
        bool first = true;
        char *save = NULL;
        for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
            char *colon = strchr(line, ':');
            if (!colon) continue;
            *colon = 0;
            while (*line == ' ') line++;
            buf_printf(out, "%s%s", first ? "" : ",", line);
            first = false;
        }
    } else {
        buf_puts(out, "?");
    }
    buf_putc(out, '\n');
    /* a tmpfs of our own on the working folder (the mount layer) */
    buf_puts(out, "cwd_fstype=");
    FILE *mi = fopen("/proc/self/mountinfo", "re");
    char fstype[64] = "?";
    if (mi && getcwd(path, sizeof path)) {
        char line[4096];
        while (fgets(line, sizeof line, mi)) {
            char mp[PATH_MAX], fs[64];
            char *dash = strstr(line, " - ");
            if (dash && sscanf(line, "%*s %*s %*s %*s %4095s", mp) == 1 && sscanf(dash + 3, "%63s", fs) == 1 &&
                strcmp(mp, path) == 0)
                snprintf(fstype, sizeof fstype, "%s", fs); /* the last mount on it is the one in force */
        }
    }
    if (mi) fclose(mi);
    buf_printf(out, "%s\n", fstype);
    /* capabilities, no_new_privs, seccomp: as the kernel states them */
    if (!sbx_read_file("/proc/self/status", text, sizeof text)) text[0] = 0;
    put_status(out, "cap_eff", text, "CapEff");
    put_status(out, "cap_prm", text, "CapPrm");
    put_status(out, "no_new_privs", text, "NoNewPrivs");
    put_status(out, "seccomp", text, "Seccomp");
    /* seccomp by a refused call: a stdio seat may not make any socket */
    int s = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    put(out, "socket", errno_word(s >= 0 ? 0 : errno));
    if (s >= 0) close(s);
    /* Landlock by a refused open: the canary is a file the referee can read, outside the seat */
    fd = canary && *canary ? open(canary, O_RDONLY | O_CLOEXEC) : -1;
    put(out, "canary", canary && *canary ? errno_word(fd >= 0 ? 0 : errno) : "none");
    if (fd >= 0) close(fd);
    /* the cgroup: where we are, and the limits in force there */
    char mem_dir[PATH_MAX], pids_dir[PATH_MAX];
    sbx_cgroup_own(mem_dir, pids_dir, sizeof mem_dir);
    put(out, "cgroup_mem_dir", mem_dir);
    put(out, "cgroup_pids_dir", pids_dir);
    static const char *const mem_files[] = {"memory.max", "memory.limit_in_bytes", NULL};
    static const char *const pids_files[] = {"pids.max", NULL};
    put_cgroup_value(out, "cgroup_mem_max", mem_dir, mem_files);
    put_cgroup_value(out, "cgroup_pids_max", pids_dir, pids_files);
}

/* ---------- the referee's side ---------- */

/* The observations, parsed once: key -> value. */
typedef struct {
    struct {
        char key[32];
        char value[1024];
    } kv[64];
    int n;
} observed_t;

static void parse(const char *text, observed_t *o) {
    o->n = 0;
    for (const char *p = text; p && *p && o->n < 64; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
        size_t len = strcspn(p, "\n"), klen = strcspn(p, "=\n");
        if (klen >= len || klen >= sizeof o->kv[0].key) continue;
        snprintf(o->kv[o->n].key, sizeof o->kv[0].key, "%.*s", (int)klen, p);
        snprintf(o->kv[o->n].value, sizeof o->kv[0].value, "%.*s", (int)(len - klen - 1), p + klen + 1);
        o->n++;
    }
}

/* The value of `key` ("" when the seat did not say). */
static const char *get(const observed_t *o, const char *key) {
    for (int i = 0; i < o->n; i++)
        if (strcmp(o->kv[i].key, key) == 0) return o->kv[i].value;
    return "";
}

static long long get_ll(const observed_t *o, const char *key, long long fallback) {
    const char *s = get(o, key);
    char *end;
    long long v = strtoll(s, &end, 10);
    return *s && *end == 0 ? v : fallback;
}

static void prove(sandbox_proof *p, bool in_force, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void prove(sandbox_proof *p, bool in_force, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    p->checked = true;
    p->in_force = in_force;
    vsnprintf(p->evidence, sizeof p->evidence, fmt, ap);
    va_end(ap);
}

/* An rlimit as the seat must see it: `want` (-1: none) against the observed soft value. */
static bool limit_is(const observed_t *o, const char *key, long long want, char *why, size_t n) {
    const char *got = get(o, key);
    bool ok = want < 0 ? strcmp(got, "inf") == 0 : get_ll(o, key, -2) == want;
    if (!ok) snprintf(why, n, "%s is %s, not %lld", key, got, want);
    return ok;
}

/* Whether the seat has a namespace `ns` of its own: its /proc/self/ns link differs from the
 * referee's. Proves the layer either way (callers may add a check that can still refute it). */
static bool own_namespace(sandbox_proof *p, const observed_t *o, const char *ns) {
    char key[16], link[64], mine[256];
    snprintf(key, sizeof key, "ns_%s", ns);
    snprintf(link, sizeof link, "/proc/self/ns/%s", ns);
    ssize_t n = readlink(link, mine, sizeof mine - 1);
    mine[n > 0 ? n : 0] = 0;
    const char *theirs = get(o, key);
    if (!*theirs || strcmp(theirs, "?") == 0) prove(p, false, "the seat cannot read its %s namespace", ns);
    else if (strcmp(theirs, mine) == 0) prove(p, false, "the seat shares the referee's %s namespace (%s)", ns, mine);
    else prove(p, true, "its own %s namespace (%s; the referee's is %s)", ns, theirs, mine);
    return p->in_force;
}

static bool all_zero(const char *hex) { return *hex && strspn(hex, "0") == strlen(hex); }

void sandbox_inside_prove(const sandbox_seat *b, const char *observed, const char *canary,
                          sandbox_proof proof[SBX_LAYER_COUNT]) {
    observed_t *o = xcalloc(1, sizeof *o);
    parse(observed, o);
    memset(proof, 0, sizeof(sandbox_proof) * SBX_LAYER_COUNT);
    char why[256];
    long long pid = get_ll(o, "pid", -1), sid = get_ll(o, "sid", -2), pgid = get_ll(o, "pgid", -3);

    /* session: its own session and group (init's, pid 1, under a pid namespace); no terminal */
    long long leader = b->use[SBX_PID] ? 1 : pid;
    if (sid != pgid || sid != leader)
        prove(&proof[SBX_SESSION], false, "session %lld, group %lld (expected %lld)", sid, pgid, leader);
    else if (strcmp(get(o, "tty"), "ok") == 0)
        prove(&proof[SBX_SESSION], false, "/dev/tty opens: it has a controlling terminal");
    else prove(&proof[SBX_SESSION], true, "session and group %lld; /dev/tty: %s", sid, get(o, "tty"));

    prove(&proof[SBX_FDS], strcmp(get(o, "fds"), "0,1,2") == 0, "open descriptors: %s", get(o, "fds"));

    if (b->use[SBX_ENV]) {
        /* exactly what the sandbox sets (doctor's seat asks for nothing more), nothing of the referee's */
        char env[1100];
        snprintf(env, sizeof env, ",%s,", get(o, "env"));
        bool ok = strstr(env, ",PATH,") && strstr(env, ",LANG,") && strstr(env, ",HOME,") && strstr(env, ",TMPDIR,") &&
                  strlen(env) == strlen(",PATH,LANG,HOME,TMPDIR,");
        prove(&proof[SBX_ENV], ok, "variables: %s", get(o, "env"));
    }
    if (b->use[SBX_WORKDIR]) {
        char real[PATH_MAX];
        const char *want = b->workdir && realpath(b->workdir, real) ? real : b->workdir ? b->workdir : "";
        bool fresh = b->workdir && b->scratch && strcmp(b->workdir, b->scratch) == 0;
        if (strcmp(get(o, "cwd"), want) != 0)
            prove(&proof[SBX_WORKDIR], false, "starts in %s, not %s", get(o, "cwd"), want);
        else if (strcmp(get(o, "home"), b->scratch ? b->scratch : "") != 0)
            prove(&proof[SBX_WORKDIR], false, "HOME is %s, not the seat's folder", get(o, "home"));
        else if (fresh && get_ll(o, "cwd_entries", -1) != 0)
            prove(&proof[SBX_WORKDIR], false, "its fresh folder holds %s entries", get(o, "cwd_entries"));
        else prove(&proof[SBX_WORKDIR], true, "starts in %s (its HOME)%s", get(o, "cwd"), fresh ? ", empty" : "");
    }
    if (b->use[SBX_RLIMITS]) {
        const sandbox_limits *l = &b->lim;
        bool ok = limit_is(o, "rlimit_cpu", l->cpu_s, why, sizeof why) &&
                  limit_is(o, "rlimit_as", l->as_mb > 0 ? l->as_mb * 1048576LL : -1, why, sizeof why) &&
                  limit_is(o, "rlimit_fsize", l->fsize_mb > 0 ? l->fsize_mb * 1048576LL : -1, why, sizeof why) &&
                  limit_is(o, "rlimit_nofile", l->nofile, why, sizeof why) && limit_is(o, "rlimit_core", 0, why, sizeof why) &&
                  (!b->use[SBX_USER] || limit_is(o, "rlimit_nproc", l->procs, why, sizeof why));
        if (ok)
            prove(&proof[SBX_RLIMITS], true, "getrlimit: cpu %s s, as %s, fsize %s, nofile %s, core 0%s%s",
                  get(o, "rlimit_cpu"), get(o, "rlimit_as"), get(o, "rlimit_fsize"), get(o, "rlimit_nofile"),
                  b->use[SBX_USER] ? ", nproc " : "", b->use[SBX_USER] ? get(o, "rlimit_nproc") : "");
        else prove(&proof[SBX_RLIMITS], false, "%s", why);
    }
    if (b->use[SBX_USER] && own_namespace(&proof[SBX_USER], o, "user")) {
        char map[64];
        snprintf(map, sizeof map, "0 %u 1", (unsigned)b->outer_uid);
        if (strcmp(get(o, "uid_map"), map) != 0)
            prove(&proof[SBX_USER], false, "uid_map is '%s', not '%s'", get(o, "uid_map"), map);
    }
    if (b->use[SBX_PID] && own_namespace(&proof[SBX_PID], o, "pid") && pid != 2)
        prove(&proof[SBX_PID], false, "the bot is pid %lld in its namespace, not 2 (init is 1)", pid);
    if (b->use[SBX_NET] && own_namespace(&proof[SBX_NET], o, "net") && strcmp(get(o, "netdevs"), "lo") != 0)
        prove(&proof[SBX_NET], false, "it sees the interfaces %s", get(o, "netdevs"));
    if (b->use[SBX_MOUNT] && own_namespace(&proof[SBX_MOUNT], o, "mnt") && b->use[SBX_WORKDIR] && b->workdir &&
        b->scratch && strcmp(b->workdir, b->scratch) == 0 && strcmp(get(o, "cwd_fstype"), "tmpfs") != 0)
        prove(&proof[SBX_MOUNT], false, "its folder is on %s, not a tmpfs of its own", get(o, "cwd_fstype"));
    if (b->use[SBX_IPC]) own_namespace(&proof[SBX_IPC], o, "ipc");
    if (b->use[SBX_CAPS]) {
        bool ok = all_zero(get(o, "cap_eff")) && all_zero(get(o, "cap_prm")) && strcmp(get(o, "no_new_privs"), "1") == 0;
        prove(&proof[SBX_CAPS], ok, "CapEff %s, CapPrm %s, NoNewPrivs %s", get(o, "cap_eff"), get(o, "cap_prm"),
              get(o, "no_new_privs"));
    }
    if (b->use[SBX_LANDLOCK]) {
        struct stat st;
        if (!canary || stat(canary, &st) != 0) prove(&proof[SBX_LANDLOCK], false, "no canary file to test with");
        else prove(&proof[SBX_LANDLOCK], strcmp(get(o, "canary"), "EACCES") == 0,
                   "opening a file outside its folders (the referee reads it): %s", get(o, "canary"));
    }
    if (b->use[SBX_SECCOMP])
        prove(&proof[SBX_SECCOMP], strcmp(get(o, "seccomp"), "2") == 0 && strcmp(get(o, "socket"), "EPERM") == 0,
              "Seccomp mode %s (2: a filter); socket(AF_INET): %s", get(o, "seccomp"), get(o, "socket"));
    if (b->use[SBX_CGROUP]) {
        long long want_mem = b->lim.mem_mb > 0 ? b->lim.mem_mb * 1048576LL : -1;
        /* v1 keeps pids in a second hierarchy (dir[1], "" without it); v2 in the same folder */
        const char *want_pids = b->cg.kind == 1 ? b->cg.dir[1] : sandbox_detect()->cgroup_pids ? b->cg.dir[0] : "";
        if (!b->cg.dir[0][0] || strcmp(get(o, "cgroup_mem_dir"), b->cg.dir[0]) != 0)
            prove(&proof[SBX_CGROUP], false, "the seat is in %s, not in its cgroup %s", get(o, "cgroup_mem_dir"), b->cg.dir[0]);
        else if (want_mem > 0 && get_ll(o, "cgroup_mem_max", -1) != want_mem)
            prove(&proof[SBX_CGROUP], false, "memory limit %s, not %lld", get(o, "cgroup_mem_max"), want_mem);
        else if (want_pids[0] && strcmp(get(o, "cgroup_pids_dir"), want_pids) != 0)
            prove(&proof[SBX_CGROUP], false, "its processes are counted in %s, not %s", get(o, "cgroup_pids_dir"), want_pids);
        else if (want_pids[0] && b->lim.procs > 0 && get_ll(o, "cgroup_pids_max", -1) != b->lim.procs)
            prove(&proof[SBX_CGROUP], false, "pids limit %s, not %lld", get(o, "cgroup_pids_max"), (long long)b->lim.procs);
        else prove(&proof[SBX_CGROUP], true, "in %s; memory limit %s%s%s", get(o, "cgroup_mem_dir"),
                   get(o, "cgroup_mem_max"), want_pids[0] ? ", pids limit " : "; no pids controller",
                   want_pids[0] ? get(o, "cgroup_pids_max") : "");
    }
    free(o);
}
