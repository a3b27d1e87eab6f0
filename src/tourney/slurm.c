/* slurm.c: submitting a tournament's workers as a Slurm job array (see slurm.h). */
#include "slurm.h"
#include "../core/xalloc.h"
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define SLURM_MAX_ARGS 64

/* This program's own path: the tasks run the same build (on a folder every node sees). */
static bool slurm_self(char *out, size_t n) {
    ssize_t k = readlink("/proc/self/exe", out, n - 1);
    if (k <= 0) return false;
    out[k] = 0;
    return true;
}

/* Reads a child's output from fd into out (n bytes, NUL-terminated; what does not fit is read and
 * dropped, so the child never blocks on a full pipe) and closes fd. */
static void slurm_read_out(int fd, char *out, size_t n) {
    size_t got = 0;
    for (;;) {
        char sink[4096];
        bool full = got == n - 1;
        ssize_t k = read(fd, full ? sink : out + got, full ? sizeof sink : n - 1 - got);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) break;
        if (!full) got += (size_t)k;
    }
    out[got] = 0;
    close(fd);
}

bool slurm_submit(const slurm_array *a, char jobid[32], buf_t *err) {
    char self[PATH_MAX];
    if (!slurm_self(self, sizeof self)) {
        buf_printf(err, "cannot find this program's path: %s", strerror(errno));
        return false;
    }
    if (strchr(self, '\'')) {
        buf_printf(err, "this program's path %s contains a quote", self);
        return false;
    }
    /* The task's command; the shell expands the task's own values, never a user string (the tag is
     * checked: a word of letters, digits, '-', '_' and '.'). */
    char wrap[PATH_MAX + 512], opt[128] = "";
    if (a->tag) {
        for (const char *p = a->tag; *p; p++)
            if (!(*p >= 'a' && *p <= 'z') && !(*p >= 'A' && *p <= 'Z') && !(*p >= '0' && *p <= '9') && !strchr("-_.", *p)) {
                buf_printf(err, "tag '%s': letters, digits, '-', '_' and '.' only", a->tag);
                return false;
            }
        if (strlen(a->tag) > 64) {
            buf_printf(err, "tag '%s' is too long", a->tag);
            return false;
        }
    }
    size_t o = 0;
    if (a->tag) o += (size_t)snprintf(opt + o, sizeof opt - o, " --tag %s", a->tag);
    if (a->lease_s > 0) o += (size_t)snprintf(opt + o, sizeof opt - o, " --lease %g", a->lease_s);
    if (a->heartbeat_s > 0) snprintf(opt + o, sizeof opt - o, " --heartbeat %g", a->heartbeat_s);
    snprintf(wrap, sizeof wrap,
             "exec '%s' worker --jobs \"${SLURM_CPUS_PER_TASK:-1}\" --exit-when-empty%s "
             "--name \"slurm-${SLURM_ARRAY_JOB_ID}-${SLURM_ARRAY_TASK_ID}\"",
             self, opt);
    char array[32], name[96], *extra = xstrdup(a->args ? a->args : "");
    snprintf(array, sizeof array, "--array=0-%d", a->tasks - 1);
    snprintf(name, sizeof name, "--job-name=%s", a->name ? a->name : "arena-workers");
    const char *argv[SLURM_MAX_ARGS + 16];
    int n = 0;
    argv[n++] = a->sbatch ? a->sbatch : "sbatch";
    argv[n++] = "--parsable";
    argv[n++] = array;
    argv[n++] = "--requeue";
    argv[n++] = name;
    argv[n++] = "--output=arena-worker-%A-%a.log";
    argv[n++] = "--export=ALL";
    for (char *save = NULL, *w = strtok_r(extra, " \t\n", &save); w; w = strtok_r(NULL, " \t\n", &save)) {
        if (n >= SLURM_MAX_ARGS) {
            buf_printf(err, "--slurm-args: more than %d options", SLURM_MAX_ARGS - 8);
            free(extra);
            return false;
        }
        argv[n++] = w;
    }
    argv[n++] = "--wrap";
    argv[n++] = wrap;
    argv[n] = NULL;
    int fd[2];
    if (pipe(fd) != 0) {
        buf_printf(err, "pipe: %s", strerror(errno));
        free(extra);
        return false;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fd[1], 1);
        close(fd[0]);
        close(fd[1]);
        /* The URL may hold a password: the environment, not a command line that ps shows. */
        setenv("ARENA_WORKER_DB", a->db, 1);
        execvp(argv[0], (char *const *)argv);
        fprintf(stderr, "arena: cannot run %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    close(fd[1]);
    free(extra);
    if (pid < 0) {
        close(fd[0]);
        buf_printf(err, "fork: %s", strerror(errno));
        return false;
    }
    char out[256];
    slurm_read_out(fd[0], out, sizeof out);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        buf_printf(err, "sbatch failed (%s %d; its message is above)", WIFEXITED(status) ? "status" : "signal",
                   WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
        return false;
    }
    /* --parsable prints "JOBID" or "JOBID;CLUSTER". */
    size_t len = strspn(out, "0123456789");
    if (len == 0 || len >= 32) {
        buf_printf(err, "sbatch printed no job id ('%.*s')", (int)strcspn(out, "\n"), out);
        return false;
    }
    memcpy(jobid, out, len);
    jobid[len] = 0;
    return true;
}

/* The states in which a job no longer runs (squeue --states). */
static bool slurm_state_ended(const char *st, size_t n) {
    static const char *const ended[] = {"COMPLETED", "CANCELLED", "FAILED",       "TIMEOUT",  "NODE_FAIL",
                                        "PREEMPTED", "BOOT_FAIL", "OUT_OF_MEMORY", "DEADLINE", "SPECIAL_EXIT"};
    for (size_t i = 0; i < sizeof ended / sizeof ended[0]; i++)
        if (strlen(ended[i]) == n && strncmp(st, ended[i], n) == 0) return true;
    return false;
}

int slurm_array_ended(const char *jobid, const char *squeue) {
    const char *argv[] = {squeue ? squeue : "squeue", "-h", "-j", jobid, "-o", "%T", NULL};
    int fd[2];
    if (pipe(fd) != 0) return -1;
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fd[1], 1);
        dup2(fd[1], 2); /* "Invalid job id specified": a job Slurm has forgotten */
        close(fd[0]);
        close(fd[1]);
        execvp(argv[0], (char *const *)argv);
        _exit(127);
    }
    close(fd[1]);
    if (pid < 0) {
        close(fd[0]);
        return -1;
    }
    char out[4096]; /* many tasks: enough to judge */
    slurm_read_out(fd[0], out, sizeof out);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    if (!WIFEXITED(status)) return -1;
    if (WEXITSTATUS(status) != 0) return strstr(out, "Invalid job id") ? 1 : -1;
    for (const char *p = out; *p;) {
        size_t n = strcspn(p, "\n");
        if (n && !slurm_state_ended(p, n)) return 0;
        p += n;
        if (*p) p++;
    }
    return 1;
}
