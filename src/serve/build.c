/* build.c: from an upload to a runnable bot (see build.h). */
#include "build.h"
#include "../sandbox/sandbox.h"
#include "../store/bundle.h"
#include "../store/bundles.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define BUILD_LOG_MAX (64 * 1024)

static bool build_is_file(const char *dir, const char *name) {
    char p[PATH_MAX * 2];
    if (snprintf(p, sizeof p, "%s/%s", dir, name) >= (int)sizeof p) return false;
    struct stat st;
    return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

/* The archive's one top folder when it holds nothing else (a zipped folder), else dir itself. */
static void build_root(const char *dir, char *out, size_t n) {
    snprintf(out, n, "%s", dir);
    DIR *d = opendir(dir);
    if (!d) return;
    struct dirent *e;
    int count = 0;
    char only[256] = "";
    bool only_dir = false;
    while ((e = readdir(d))) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
        if (strcmp(e->d_name, "__MACOSX") == 0) continue; /* macOS's zip adds it beside the folder */
        count++;
        snprintf(only, sizeof only, "%s", e->d_name);
        char p[PATH_MAX * 2];
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        struct stat st;
        only_dir = lstat(p, &st) == 0 && S_ISDIR(st.st_mode);
    }
    closedir(d);
    if (count == 1 && only_dir) snprintf(out, n, "%s/%s", dir, only);
}

/* Files of dir (not folders) whose names end in suffix ("" any), at most max, sorted. */
static int build_list(const char *dir, const char *suffix, bool executable, char names[][256], int max) {
    DIR *d = opendir(dir);
    if (!d) return 0;
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) && n < max) {
        if (e->d_name[0] == '.') continue;
        size_t l = strlen(e->d_name), sl = strlen(suffix);
        if (l < sl || strcmp(e->d_name + l - sl, suffix) != 0 || l >= 256) continue;
        char p[PATH_MAX * 2];
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        struct stat st;
        if (lstat(p, &st) != 0 || !S_ISREG(st.st_mode)) continue;
        if (executable && !(st.st_mode & 0100)) continue;
        snprintf(names[n++], 256, "%s", e->d_name);
    }
    closedir(d);
    for (int i = 1; i < n; i++) /* insertion sort: a handful of names */
        for (int j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0; j--) {
            char t[256];
            memcpy(t, names[j], 256);
            memcpy(names[j], names[j - 1], 256);
            memcpy(names[j - 1], t, 256);
        }
    return n;
}

static bool build_manifest(const char *root, build_plan *p, buf_t *err) {
    char path[PATH_MAX * 2];
    snprintf(path, sizeof path, "%s/arena.json", root);
    json_error_t je;
    json_t *m = json_load_file(path, JSON_REJECT_DUPLICATES, &je); /* two "command"s: which one runs? */
    if (!m || !json_is_object(m)) { /* jansson's line is -1 when the text parsed: name a line only for a syntax error */
        if (m) buf_puts(err, "arena.json is not a JSON object");
        else buf_printf(err, "arena.json: line %d: %s", je.line, je.text);
        buf_puts(err, " (expected {\"command\": \"...\", \"build\": \"...\"})");
        json_decref(m);
        return false;
    }
    const char *cmd = json_string_value(json_object_get(m, "command"));
    const char *bld = json_string_value(json_object_get(m, "build"));
    bool ok = cmd && *cmd && strlen(cmd) < sizeof p->command && (!bld || strlen(bld) < sizeof p->build) &&
              !strchr(cmd, '\n') && (!bld || !strchr(bld, '\n'));
    if (!ok) buf_puts(err, "arena.json: \"command\" must be one line of text (and \"build\", if given, too)");
    else {
        snprintf(p->kind, sizeof p->kind, "manifest");
        snprintf(p->command, sizeof p->command, "%s", cmd);
        snprintf(p->build, sizeof p->build, "%s", bld ? bld : "");
        snprintf(p->entry, sizeof p->entry, ".arena-run");
    }
    json_decref(m);
    return ok;
}

/* The archive formats bundle_unpack reads, by their first bytes (NULL: none of them). */
static const char *build_archive_ext(const unsigned char *d, size_t n) {
    if (n >= 4 && d[0] == 'P' && d[1] == 'K') return "zip";
    if (n >= 3 && d[0] == 0x1f && d[1] == 0x8b) return "tar.gz";
    if (n >= 3 && !memcmp(d, "BZh", 3)) return "tar.bz2";
    if (n >= 6 && !memcmp(d, "\xfd" "7zXZ", 5)) return "tar.xz";
    return n >= 262 && !memcmp(d + 257, "ustar", 5) ? "tar" : NULL;
}

static bool build_is_archive(const unsigned char *d, size_t n) { return build_archive_ext(d, n) != NULL; }

const char *build_upload_ext(const void *data, size_t n) {
    const char *ext = build_archive_ext(data, n);
    return ext ? ext : "py";
}

/* Whether the open file fd (n bytes) holds a NUL byte: a lone .py does not. */
static bool build_has_nul(int fd, int64_t n) {
    char b[65536];
    for (int64_t off = 0; off < n;) {
        ssize_t r = pread(fd, b, sizeof b, off);
        if (r <= 0) return r < 0;
        if (memchr(b, 0, (size_t)r)) return true;
        off += r;
    }
    return false;
}

bool build_unpack_file(const game_t *g, const char *upload, const char *filename, const char *dest,
                       const bundle_limits *lim, buf_t *err) {
    int fd = open(upload, O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) {
        buf_printf(err, "cannot read the upload: %s", strerror(errno));
        if (fd >= 0) close(fd);
        return false;
    }
    unsigned char head[512];
    ssize_t hn = pread(fd, head, sizeof head, 0);
    size_t fl = strlen(filename);
    if (!g->wire.python_module || fl < 4 || strcmp(filename + fl - 3, ".py") != 0 ||
        build_is_archive(head, hn > 0 ? (size_t)hn : 0)) {
        close(fd);
        /* its words name no path of the server's (bundle.h): the uploader reads them */
        return bundle_unpack_file(upload, dest, lim, err);
    }
    if (st.st_size > (lim->max_bytes ? lim->max_bytes : BUNDLE_MAX_BYTES) || build_has_nul(fd, st.st_size)) {
        buf_printf(err, "%s is not a Python file (or an archive): upload a .py, a zip or a tar.gz", filename);
        close(fd);
        return false;
    }
    if (mkdir(dest, 0700) != 0) {
        buf_printf(err, "cannot create %s: %s", dest, strerror(errno));
        close(fd);
        return false;
    }
    char path[PATH_MAX * 2], b[65536];
    snprintf(path, sizeof path, "%s/bot.py", dest);
    int out = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    bool ok = out >= 0;
    for (off_t off = 0; ok && off < st.st_size;) {
        ssize_t r = pread(fd, b, sizeof b, off);
        ok = r > 0 && write(out, b, (size_t)r) == r;
        off += r > 0 ? r : 0;
    }
    if (out >= 0 && close(out) != 0) ok = false;
    close(fd);
    if (!ok) buf_printf(err, "cannot write %s", path);
    return ok;
}

/* The first file named name in a folder below dir (depth at most 4, lstat: no link is followed),
 * as a path relative to dir in out: where a bot sits when the archive wraps it in folders of its own
 * (a student zipped the folder around the agent's). False when there is none. */
static bool build_find_below(const char *dir, const char *rel, const char *name, int depth, char *out, size_t n) {
    char here[PATH_MAX * 2];
    if (snprintf(here, sizeof here, "%s%s%s", dir, *rel ? "/" : "", rel) >= (int)sizeof here) return false;
    DIR *d = opendir(here);
    if (!d) return false;
    bool found = false;
    struct dirent *e;
    while (!found && (e = readdir(d))) {
        if (e->d_name[0] == '.' || strcmp(e->d_name, "__MACOSX") == 0) continue;
        char sub[PATH_MAX * 2], rel2[PATH_MAX];
        if (snprintf(sub, sizeof sub, "%s/%s", here, e->d_name) >= (int)sizeof sub) continue;
        struct stat st;
        if (lstat(sub, &st) != 0 || !S_ISDIR(st.st_mode)) continue;
        if (snprintf(rel2, sizeof rel2, "%s%s%s", rel, *rel ? "/" : "", e->d_name) >= (int)sizeof rel2) continue;
        if (build_is_file(sub, name)) {
            found = snprintf(out, n, "%s/%s", rel2, name) < (int)n;
        } else if (depth > 1) {
            found = build_find_below(dir, rel2, name, depth - 1, out, n);
        }
    }
    closedir(d);
    return found;
}

/* The first symbolic link under dir (depth-first), written to out as its path below top. */
static bool build_find_link(const char *dir, size_t top_len, char *out, size_t n, int depth) {
    DIR *d = opendir(dir);
    if (!d) return false;
    struct dirent *e;
    bool found = false;
    while (!found && (e = readdir(d))) {
        char p[PATH_MAX];
        struct stat st;
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..") ||
            snprintf(p, sizeof p, "%s/%s", dir, e->d_name) >= (int)sizeof p || lstat(p, &st) != 0)
            continue;
        if (S_ISLNK(st.st_mode)) {
            snprintf(out, n, "%s", p + top_len + 1);
            found = true;
        } else if (S_ISDIR(st.st_mode) && depth < 64) {
            found = build_find_link(p, top_len, out, n, depth + 1);
        }
    }
    closedir(d);
    return found;
}

bool build_no_links(const build_plan *p, const char *top, buf_t *err) {
    char rel[PATH_MAX];
    if (strncmp(p->root, top, strlen(top)) != 0 || !build_find_link(p->root, strlen(top), rel, sizeof rel, 0)) return true;
    buf_printf(err, "the archive is refused: '%s' is a symbolic link, and a bot travels to the workers as regular files "
               "and folders only; put the file itself in its place (zip -r without -y, tar with -h)", rel);
    return false;
}

bool build_detect(const game_t *g, const char *dir, build_plan *p, buf_t *err) {
    memset(p, 0, sizeof *p);
    build_root(dir, p->root, sizeof p->root);
    if (build_is_file(p->root, "arena.json")) return build_manifest(p->root, p, err);
    /* Chicken: the course's agent package, a folder with agent.py (python:FOLDER). */
    if (strcmp(g->id, "chicken") == 0 && build_is_file(p->root, "agent.py")) {
        snprintf(p->kind, sizeof p->kind, "agent");
        snprintf(p->entry, sizeof p->entry, ".");
        return true;
    }
    char names[8][256];
    if (g->wire.python_module) {
        int n = build_list(p->root, ".py", false, names, 8);
        const char *pick = n == 1 ? names[0] : NULL;
        for (int i = 0; !pick && i < n; i++)
            if (strcmp(names[i], "bot.py") == 0 || strcmp(names[i], "main.py") == 0) pick = names[i];
        if (pick) {
            snprintf(p->kind, sizeof p->kind, "python");
            return snprintf(p->entry, sizeof p->entry, "%s", pick) < (int)sizeof p->entry;
        }
    }
    int n = build_list(p->root, "", true, names, 8);
    const char *pick = n == 1 ? names[0] : NULL;
    for (int i = 0; !pick && i < n; i++)
        if (strcmp(names[i], "bot") == 0 || strcmp(names[i], "run") == 0 || strcmp(names[i], "run.sh") == 0) pick = names[i];
    if (pick) {
        snprintf(p->kind, sizeof p->kind, "program");
        return snprintf(p->entry, sizeof p->entry, "%s", pick) < (int)sizeof p->entry;
    }
    char deep[PATH_MAX];
    bool chicken = strcmp(g->id, "chicken") == 0;
    if ((chicken && build_find_below(p->root, "", "agent.py", 4, deep, sizeof deep)) ||
        build_find_below(p->root, "", "arena.json", 4, deep, sizeof deep)) {
        /* the most common slip: the folder around the bot's folder zipped, not the bot's own */
        char *slash = strrchr(deep, '/');
        *slash = 0;
        buf_printf(err, "no bot at the top of the archive: %s is in the folder %s inside it; zip that folder itself "
                        "(its files, or it alone at the top), not a folder around it", slash + 1, deep);
        return false;
    }
    buf_printf(err, "no bot found in the archive: %s expects ", g->title);
    if (strcmp(g->id, "chicken") == 0) buf_puts(err, "a folder with agent.py (the course's agent package), ");
    if (g->wire.python_module) buf_puts(err, "one .py file (or bot.py / main.py), ");
    buf_puts(err, "one executable file (or one named bot, run or run.sh), or an arena.json manifest "
                  "{\"command\": \"...\", \"build\": \"...\"} (docs/serve.md, \"Submission formats\")");
    return false;
}

bool build_write_launcher(const build_plan *p, buf_t *err) {
    char path[PATH_MAX * 2];
    snprintf(path, sizeof path, "%s/.arena-run", p->root);
    FILE *f = fopen(path, "w");
    if (!f) {
        buf_printf(err, "cannot write the launcher: %s", strerror(errno));
        return false;
    }
    /* exec: the command is the seat's process itself (its exit status, its signals) */
    fprintf(f, "#!/bin/sh\n# written by arena serve from arena.json\ncd \"$(dirname \"$0\")\" || exit 127\nexec %s\n",
            p->command);
    fclose(f);
    chmod(path, 0755);
    return true;
}

pid_t build_start(serve_t *srv, const char *dir, const char *command, long timeout_s, const char *log_path) {
    char t[32];
    snprintf(t, sizeof t, "%ld", timeout_s);
    const char *argv[] = {srv->exe, "serve", "--build-helper", dir, "--build-command", command, "--build-timeout", t,
                          "--build-log", log_path, NULL};
    pid_t pid = fork();
    if (pid == 0) {
        /* LCOV_EXCL_START: the child of a threaded server, which execs at once: gcov cannot write its
         * counters there (another thread may have held the allocator's lock at the fork; coverage.h) */
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        int null = open("/dev/null", O_RDWR);
        if (null >= 0) {
            dup2(null, 0);
            dup2(null, 1);
        }
        execv(srv->exe, (char *const *)argv);
        _exit(127);
        /* LCOV_EXCL_STOP */
    }
    return pid;
}

/* Is the open file a program: an ELF executable or shared object, or a script starting with #!? */
static bool build_is_program(int fd) {
    unsigned char h[18];
    ssize_t n = pread(fd, h, sizeof h, 0);
    if (n >= 2 && h[0] == '#' && h[1] == '!') return true;
    if (n < (ssize_t)sizeof h || memcmp(h, "\x7f" "ELF", 4) != 0) return false;
    int type = h[5] == 2 ? h[16] << 8 | h[17] : h[17] << 8 | h[16]; /* e_type, in the file's byte order */
    return type == 2 || type == 3;                                 /* ET_EXEC, ET_DYN */
}

/* A program the build made is not executable: the sandbox refuses chmod (seccomp: root's files
 * would be changeable), so `cc -o bot bot.c` leaves bot at 0644 and arena.json's "./bot" failed
 * every game with "Permission denied". Once the build has ended, the helper, outside the sandbox,
 * gives each program of the folder (build_is_program) that has no execute bit one for whoever may
 * read it, and says so in the build log. Links are never followed (the packing refuses them). */
static void build_mark_programs(const char *dir, const char *rel, int log, int depth, int *budget) {
    DIR *d = depth <= 32 ? opendir(dir) : NULL;
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d)) && --*budget > 0) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
        char path[PATH_MAX], name[PATH_MAX];
        if ((size_t)snprintf(path, sizeof path, "%s/%s", dir, e->d_name) >= sizeof path ||
            (size_t)snprintf(name, sizeof name, "%s%s%s", rel, *rel ? "/" : "", e->d_name) >= sizeof name)
            continue;
        struct stat st;
        if (lstat(path, &st) != 0) continue;
        if (S_ISDIR(st.st_mode)) {
            build_mark_programs(path, name, log, depth + 1, budget);
            continue;
        }
        if (!S_ISREG(st.st_mode) || (st.st_mode & 0111) || !(st.st_mode & 0444)) continue;
        int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0) continue;
        if (build_is_program(fd) && fchmod(fd, (st.st_mode & 07777) | (st.st_mode & 0444) >> 2) == 0)
            dprintf(log, "arena: made %s executable (the sandbox keeps a build from changing modes)\n", name);
        close(fd);
    }
    closedir(d);
}

int build_helper_main(const char *dir, const char *command, long timeout_s, const char *log_path) {
    int log = open(log_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (log < 0) return 1;
    sandbox_config c;
    memset(&c, 0, sizeof c);
    c.workdir = SBX_WORKDIR_BOT;
    c.write[c.nwrite++] = dir;
    sandbox_limits lim = {.cpu_s = timeout_s + 5, .mem_mb = 2048, .procs = 256, .fsize_mb = 256, .disk_mb = 256};
    const char *argv[] = {"/bin/sh", "-c", command, NULL};
    char marker[PATH_MAX + 16];
    snprintf(marker, sizeof marker, "%s/.", dir); /* the folder itself is the bot's first file */
    sandbox_seat_spec spec = {.seat = 0, .argv = argv, .bot_files = {marker}, .nbot_files = 1};
    buf_t err;
    buf_init(&err);
    sandbox_seat *b = sandbox_seat_new(&c, &lim, SBX_WORKDIR_BOT, &spec, &err);
    if (!b) {
        dprintf(log, "arena: the build cannot start in the sandbox: %s\n", buf_cstr(&err));
        close(log);
        return 1;
    }
    dprintf(log, "$ %s\n", command);
    int pidfd = -1, status_fd = -1;
    pid_t pid = sandbox_seat_fork(b, &pidfd, &status_fd);
    if (pid == 0) {
        setsid();
        int null = open("/dev/null", O_RDONLY);
        dup2(null, 0);
        dup2(log, 1);
        dup2(log, 2);
        sandbox_child_exec(b);
    }
    if (pid < 0) {
        dprintf(log, "arena: cannot start the build: %s\n", strerror(errno));
        sandbox_seat_free(b);
        close(log);
        return 1;
    }
    sandbox_seat_started(b, pid, pidfd, &err);
    struct timespec t0, now;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int st = 0, rc = -1;
    for (;;) {
        pid_t r = waitpid(pid, &st, WNOHANG);
        if (r == pid) break;
        clock_gettime(CLOCK_MONOTONIC, &now);
        if (now.tv_sec - t0.tv_sec >= timeout_s) {
            kill(pid, SIGKILL);
            waitpid(pid, &st, 0);
            rc = 3;
            break;
        }
        /* the log is bounded: a build printing without end is stopped */
        struct stat ls;
        if (fstat(log, &ls) == 0 && ls.st_size > 4 * BUILD_LOG_MAX) {
            kill(pid, SIGKILL);
            waitpid(pid, &st, 0);
            dprintf(log, "\narena: the build printed more than %d KiB; stopped\n", 4 * BUILD_LOG_MAX / 1024);
            rc = 1;
            break;
        }
        usleep(50000);
    }
    if (status_fd >= 0) { /* with a pid namespace, init reports the command's own status */
        int bs;
        if (read(status_fd, &bs, sizeof bs) == (ssize_t)sizeof bs) st = bs;
        close(status_fd);
    }
    sandbox_seat_finish(b);
    sandbox_seat_free(b);
    if (pidfd >= 0) close(pidfd);
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (rc == 3) dprintf(log, "\narena: the build passed its time limit of %ld s and was stopped\n", timeout_s);
    else if (rc < 0) {
        rc = WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : 1;
        if (WIFEXITED(st)) dprintf(log, "\narena: the build exited with status %d after %ld s\n", WEXITSTATUS(st),
                                   (long)(now.tv_sec - t0.tv_sec));
        else if (WIFSIGNALED(st)) dprintf(log, "\narena: the build was killed by signal %d\n", WTERMSIG(st));
    }
    if (rc == 0) {
        int budget = 100000;
        build_mark_programs(dir, "", log, 0, &budget);
    }
    close(log);
    buf_free(&err);
    return rc;
}

bool build_pack(serve_t *srv, store_t *s, const build_plan *p, site_sub *sub, buf_t *err) {
    char sha[65], tmp[PATH_MAX + 32];
    bundle_limits lim = {0};
    /* packed to a file as it is made (a big bot is never whole in the server's memory while
     * packed), one without a name: a kill in the middle leaves nothing behind */
    int fd = (size_t)snprintf(tmp, sizeof tmp, "%s/tmp/bundle-XXXXXX", srv->data) < sizeof tmp ? mkostemp(tmp, O_CLOEXEC) : -1;
    if (fd < 0) {
        buf_printf(err, "the server cannot pack the bot: %s", strerror(errno));
        return false;
    }
    unlink(tmp);
    bool ok = bundle_pack_fd(p->root, &lim, fd, sha, err) && bundles_put_fd(s, sha, fd, err);
    close(fd);
    char prefix[PATH_MAX + 64];
    int pn = snprintf(prefix, sizeof prefix, "%s/subs/%lld/", srv->data, (long long)sub->id);
    if (!ok && pn > 0 && err->len >= (size_t)pn && strncmp(err->data, prefix, (size_t)pn) == 0) {
        /* the bundle names a file by its path in the data folder: the team knows it by the archive's */
        memmove(err->data, err->data + pn, err->len - (size_t)pn + 1);
        err->len -= (size_t)pn;
    }
    if (!ok) return false;
    /* The bundle holds the folder under its own name: root ".../x" -> entries "x/...". */
    const char *base = strrchr(p->root, '/');
    base = base ? base + 1 : p->root;
    char path[PATH_MAX * 2];
    bool dot = strcmp(p->entry, ".") == 0, py = strcmp(p->kind, "agent") == 0 || strcmp(p->kind, "python") == 0;
    bool fits = (dot ? snprintf(path, sizeof path, "%s", p->root) : snprintf(path, sizeof path, "%s/%s", p->root, p->entry)) <
                    (int)sizeof path &&
                (dot ? snprintf(sub->inner, sizeof sub->inner, "%s", base)
                     : snprintf(sub->inner, sizeof sub->inner, "%s/%s", base, p->entry)) < (int)sizeof sub->inner &&
                snprintf(sub->path, sizeof sub->path, "%s", path) < (int)sizeof sub->path &&
                snprintf(sub->seat, sizeof sub->seat, "%s%s", py ? "python:" : "", path) < (int)sizeof sub->seat;
    if (!fits) {
        buf_printf(err, "the bot's path in the server's data folder is too long (%s)", path);
        return false;
    }
    snprintf(sub->bundle, sizeof sub->bundle, "%s", sha);
    return true;
}
