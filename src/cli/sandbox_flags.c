/* sandbox_flags.c: the sandbox's command-line flags, shared by every subcommand that starts
 * matches (play, bench, doctor; the tournament runner passes the same match_config field). */
#include "cli.h"
#include "../core/text.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

void cli_sandbox_help(void) {
    printf("sandbox (docs/sandbox.md; `arena doctor` shows what works on this machine):\n"
           "  --sandbox on|off|strict  on (default): every layer that works here; strict: refuse to start\n"
           "                        when a layer does not work; off: no sandbox (own session, closed fds)\n"
           "  --sandbox-without L,L leave layers out (names as in `arena doctor`, e.g. landlock,seccomp)\n"
           "  --mem-mb N            memory of each seat (cgroup), MiB      (game default, else 1024)\n"
           "  --cpu-s N             CPU seconds per process (RLIMIT_CPU)    (game default, else 600)\n"
           "  --procs N             processes and threads per seat          (game default, else 128)\n"
           "  --as-mb N             address space per process (RLIMIT_AS)   (none with the cgroup, else mem)\n"
           "  --fsize-mb N          largest file a bot may write            (64)\n"
           "  --nofile N            open files per process                  (1024)\n"
           "  --disk-mb N           size of the seat's own folder (tmpfs)   (64)\n"
           "                        a limit of 0 means the default, `none` means no limit\n"
           "  --workdir temp|bot|here  where the bot starts: a fresh folder per seat (the default, but\n"
           "                        python: seats start here), its own folder, or here (read-only)\n"
           "  --sandbox-read DIR    a folder the bots may also read (repeatable)\n"
           "  --sandbox-write DIR   a folder the bots may also write, e.g. for files a test bot records\n"
           "                        (repeatable; every seat shares it)\n"
           "  --env KEY=VALUE       an environment variable for the bots (repeatable)\n"
           "  --cgroup DIR          a cgroup v2 folder (memory in its subtree_control) for the seats' cgroups\n");
}

static bool parse_limit(const char *v, int64_t *out) {
    if (strcmp(v, "none") == 0) {
        *out = -1;
        return true;
    }
    long long n;
    if (!text_parse_ll(v, 0, 1LL << 40, &n)) return false;
    *out = n;
    return true;
}

int cli_sandbox_flag(const char *cmd, int argc, char **argv, int *i, sandbox_config *c) {
    static const struct {
        const char *flag;
        size_t offset;
    } limits[] = {
        {"--mem-mb", offsetof(sandbox_limits, mem_mb)},     {"--cpu-s", offsetof(sandbox_limits, cpu_s)},
        {"--procs", offsetof(sandbox_limits, procs)},       {"--as-mb", offsetof(sandbox_limits, as_mb)},
        {"--fsize-mb", offsetof(sandbox_limits, fsize_mb)}, {"--nofile", offsetof(sandbox_limits, nofile)},
        {"--disk-mb", offsetof(sandbox_limits, disk_mb)},
    };
    const char *v;
    bool missing;
#define SFLAG(name) cli_flag_value(argc, argv, i, name, &v, &missing)
#define NEEDS(name)                                                                                                    \
    if (missing) return cli_usage_error(cmd, "%s needs a value", name), -1
    if (SFLAG("--sandbox")) {
        NEEDS("--sandbox");
        if (!sandbox_mode_parse(v, &c->mode)) return cli_usage_error(cmd, "--sandbox %s: expected on, off or strict", v), -1;
        return 1;
    }
    if (SFLAG("--sandbox-without")) {
        NEEDS("--sandbox-without");
        char names[256];
        snprintf(names, sizeof names, "%s", v);
        for (char *tok = strtok(names, ","); tok; tok = strtok(NULL, ",")) {
            int l = sandbox_layer_parse(tok);
            if (l < 0) { /* the list inside the message, before its "(see --help)" line */
                char known[256] = "";
                for (int k = 0; k < SBX_LAYER_COUNT; k++)
                    snprintf(known + strlen(known), sizeof known - strlen(known), " %s",
                             sandbox_layer_name((sandbox_layer)k));
                cli_usage_error(cmd, "--sandbox-without: no layer '%s'; layers are:%s", tok, known);
                return -1;
            }
            c->without |= 1u << l;
        }
        return 1;
    }
    for (size_t k = 0; k < sizeof limits / sizeof limits[0]; k++)
        if (SFLAG(limits[k].flag)) {
            NEEDS(limits[k].flag);
            if (!parse_limit(v, (int64_t *)((char *)&c->limits + limits[k].offset)))
                return cli_usage_error(cmd, "%s %s: expected a number or `none`", limits[k].flag, v), -1;
            return 1;
        }
    if (SFLAG("--workdir")) {
        NEEDS("--workdir");
        if (strcmp(v, "temp") == 0) c->workdir = SBX_WORKDIR_TEMP;
        else if (strcmp(v, "bot") == 0) c->workdir = SBX_WORKDIR_BOT;
        else if (strcmp(v, "here") == 0) c->workdir = SBX_WORKDIR_HERE;
        else return cli_usage_error(cmd, "--workdir %s: expected temp, bot or here", v), -1;
        return 1;
    }
    if (SFLAG("--sandbox-read")) {
        NEEDS("--sandbox-read");
        if (c->nread >= SANDBOX_MAX_PATHS) return cli_usage_error(cmd, "at most %d --sandbox-read", SANDBOX_MAX_PATHS), -1;
        c->read[c->nread++] = v;
        return 1;
    }
    if (SFLAG("--sandbox-write")) {
        NEEDS("--sandbox-write");
        if (c->nwrite >= SANDBOX_MAX_PATHS) return cli_usage_error(cmd, "at most %d --sandbox-write", SANDBOX_MAX_PATHS), -1;
        c->write[c->nwrite++] = v;
        return 1;
    }
    if (SFLAG("--env")) {
        NEEDS("--env");
        const char *eq = strchr(v, '=');
        if (!eq || eq == v) return cli_usage_error(cmd, "--env %s: expected KEY=VALUE", v), -1;
        if (c->nenv >= SANDBOX_MAX_ENV) return cli_usage_error(cmd, "at most %d --env", SANDBOX_MAX_ENV), -1;
        c->env[c->nenv++] = v;
        return 1;
    }
    if (SFLAG("--cgroup")) {
        NEEDS("--cgroup");
        c->cgroup = v;
        return 1;
    }
#undef SFLAG
#undef NEEDS
    return 0;
}

bool cli_sandbox_check(const char *cmd, const sandbox_config *c) {
    if (c->mode != SANDBOX_STRICT) return true;
    bool use[SBX_LAYER_COUNT];
    buf_t err;
    buf_init(&err);
    bool ok = sandbox_plan(c, use, &err);
    if (!ok) fprintf(stderr, "arena %s: %s\n", cmd, buf_cstr(&err));
    buf_free(&err);
    return ok;
}

bool cli_sandbox_paths_exist(const char *cmd, const sandbox_config *c) {
    /* a path given to the sandbox that is not there would be left out without a word (--cgroup
     * is the cgroup layer's: `arena doctor` and --sandbox strict judge it) */
    const char *flag[SANDBOX_MAX_PATHS * 2], *path[SANDBOX_MAX_PATHS * 2];
    int n = 0;
    for (int i = 0; i < c->nread; i++) flag[n] = "--sandbox-read", path[n++] = c->read[i];
    for (int i = 0; i < c->nwrite; i++) flag[n] = "--sandbox-write", path[n++] = c->write[i];
    for (int i = 0; i < n; i++) {
        struct stat st;
        bool there = stat(path[i], &st) == 0;
        bool wants_dir = strcmp(flag[i], "--sandbox-write") == 0;
        if (!there || (wants_dir && !S_ISDIR(st.st_mode))) {
            cli_usage_error(cmd, "%s %s: %s", flag[i], path[i], there ? "not a folder" : "no such file or folder");
            return false;
        }
    }
    return true;
}
