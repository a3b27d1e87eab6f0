/* args.c: argument helpers shared by the subcommands. */
#include "cli.h"
#include "../core/dirs.h"
#include "../core/text.h"
#include "../games/registry.h"
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <stdio.h>
#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int cli_usage_error(const char *cmd, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs("arena: error: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    fprintf(stderr, "(see `%s %s --help`)\n", cli_program(), cmd);
    return EXIT_USAGE;
}

bool cli_short_flag(const char *cmd, const char *arg) {
    /* a named seat may start with '-' (NAME=SEAT: '-2+3=builtin:x' is a name a spreadsheet test uses) */
    if (arg[0] != '-' || !isalpha((unsigned char)arg[1]) || strchr(arg, '=')) return false;
    cli_usage_error(cmd, "unknown option %s: options are long ones, e.g. --option KEY=VALUE (a game option) or --seed N",
                    arg);
    return true;
}

const game_t *cli_game(const char *cmd, const char *id) {
    const game_t *g = registry_find(id);
    if (g) return g;
    char games[256] = "";
    for (int i = 0; registry_games[i]; i++)
        snprintf(games + strlen(games), sizeof games - strlen(games), " %s", registry_games[i]->id);
    /* an option before the game (`play --seed 1 chicken ...`) was "unknown game '--seed'", which
     * sends one looking for a misspelt game */
    if (id[0] == '-' && id[1])
        cli_usage_error(cmd, "%s is an option: the game comes first, options after it (%s %s GAME ... %s); games are:%s",
                        id, cli_program(), cmd, id, games);
    else
        fprintf(stderr, "arena: error: unknown game '%s'; games are:%s\n", id, games);
    return NULL;
}

bool cli_flag_value(int argc, char **argv, int *i, const char *name, const char **value, bool *missing) {
    const char *a = argv[*i];
    size_t n = strlen(name);
    *missing = false;
    if (strncmp(a, name, n) != 0) return false;
    if (a[n] == '=') {
        *value = a + n + 1;
        return true;
    }
    if (a[n] != 0) return false;
    /* The next word is another option (`--db --quiet`: the value was left out): it was taken for
     * the value, and the tournament was stored in a file named --quiet and played without --quiet.
     * Missing, then; a value that starts with "--" is given as --name=--value. --slurm-args alone
     * takes options for its value (sbatch's). */
    const char *next = *i + 1 < argc ? argv[*i + 1] : NULL;
    if (!next || (next[0] == '-' && next[1] == '-' && isalpha((unsigned char)next[2]) &&
                  strcmp(name, "--slurm-args") != 0)) {
        *missing = true;
        *value = NULL;
        return true;
    }
    *value = argv[++*i];
    return true;
}

/* Flags that name a file or folder to write or read: an empty name (an unset shell variable,
 * --replay "$OUT") failed only after the game, or wrote nowhere without a word. */
static const char *const PATH_FLAGS[] = {"--replay", "--log", "--history", "--stderr-dir", "--frames", "--replays",
                                         "--config", "--data", "--cache", NULL};

bool cli_name_given(const char *cmd, const char *flag, const char *value) {
    if (*value) return true;
    cli_usage_error(cmd, "%s: an empty name; give a file or folder name, or leave %s out", flag, flag);
    return false;
}

bool cli_arg(cli_args *a, const char *name) {
    bool missing;
    if (!cli_flag_value(a->argc, a->argv, &a->i, name, &a->value, &missing)) return false;
    if (missing) {
        if (a->i + 1 < a->argc)
            cli_usage_error(a->cmd, "%s needs a value, not the option %s (a value that starts with -- goes as %s=VALUE)",
                            name, a->argv[a->i + 1], name);
        else cli_usage_error(a->cmd, "%s needs a value", name);
        a->failed = true;
        return false;
    }
    for (int k = 0; PATH_FLAGS[k]; k++)
        if (strcmp(name, PATH_FLAGS[k]) == 0 && !cli_name_given(a->cmd, name, a->value)) {
            a->failed = true;
            return false;
        }
    return true;
}

bool cli_parse_u64(const char *s, uint64_t max, uint64_t *out) {
    uint64_t v;
    if (!text_parse_u64(s, &v) || v > max) return false;
    *out = v;
    return true;
}

bool cli_parse_ms(const char *s, int64_t *out) {
    long long v;
    if (!text_parse_ll(s, 0, 86400000LL * 365, &v)) return false;
    *out = v;
    return true;
}

bool cli_parse_number(const char *s, double lo, double hi, double *out) {
    /* decimal digits first, as the integer options take them: strtod also took " 5", "+5" and hex
     * ("--match-timeout 0x10" was 16 s), which no integer option takes */
    if (!isdigit((unsigned char)s[0]) && !(s[0] == '.' && isdigit((unsigned char)s[1]))) return false;
    if (strpbrk(s, "xXpP")) return false;
    char *end;
    double v = strtod(s, &end);
    /* strtod also takes "nan" and "inf", which no option means: refuse them with the rest */
    if (end == s || *end || !isfinite(v) || v < lo || v > hi) return false;
    *out = v;
    return true;
}

bool cli_wants_help(int argc, char **argv) {
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) return true;
    return false;
}

bool cli_make_dirs(const char *const *dirs, int n) {
    for (int d = 0; d < n; d++) {
        if (!dirs[d]) continue;
        struct stat st;
        if (!dirs_make(dirs[d], 0777)) {
            fprintf(stderr, "arena: error: cannot create the folder %s: %s\n", dirs[d], strerror(errno));
            return false;
        }
        /* EEXIST is also a file of that name: every match would then fail to write into it */
        if (stat(dirs[d], &st) != 0 || !S_ISDIR(st.st_mode)) {
            fprintf(stderr, "arena: error: %s is a file, not a folder; give a folder (it is made if missing)\n", dirs[d]);
            return false;
        }
        /* a folder that is there but not ours to write: every file was lost while the games were
         * played (--stderr-dir warned and exited 0; a tournament stored its matches without replays) */
        if (access(dirs[d], W_OK | X_OK) != 0) {
            fprintf(stderr, "arena: error: cannot write into the folder %s: %s\n", dirs[d], strerror(errno));
            return false;
        }
    }
    return true;
}

bool cli_make_dirs_absolute(const char **dirs[], char (*abs)[PATH_MAX], int n) {
    for (int d = 0; d < n; d++) {
        if (!*dirs[d]) continue;
        if (!cli_make_dirs(dirs[d], 1)) return false;
        if (!realpath(*dirs[d], abs[d])) {
            fprintf(stderr, "arena: error: %s: %s\n", *dirs[d], strerror(errno));
            return false;
        }
        *dirs[d] = abs[d];
    }
    return true;
}

bool cli_output_safe(const char *cmd, const char *out, const char *in, const char *in_what) {
    struct stat os, is;
    if (strcmp(out, "-") == 0 || stat(out, &os) != 0) return true; /* stdout, or a new file */
    if (in && stat(in, &is) == 0 && os.st_dev == is.st_dev && os.st_ino == is.st_ino) {
        cli_usage_error(cmd, "the output %s would overwrite the %s %s; give another -o", out, in_what, in);
        return false;
    }
    /* an output is a page or a report: never written over a store or a replay (a typo in -o) */
    char head[512] = "";
    FILE *f = S_ISREG(os.st_mode) ? fopen(out, "r") : NULL;
    if (f) {
        size_t n = fread(head, 1, sizeof head - 1, f);
        head[n] = 0;
        fclose(f);
    }
    const char *what = memcmp(head, "SQLite format 3", 16) == 0                  ? "an SQLite store"
                       : in_what && strstr(head, "\"format\":\"arena-replay\"") ? "an Arena replay"
                                                                                   : NULL;
    if (!what) return true;
    cli_usage_error(cmd, "%s is %s: writing over it would lose it; give another %s", out, what, in_what ? "-o" : "file");
    return false;
}

static bool seat_check(const char *cmd, const char *label, int number, const seat_spec *s, const sandbox_config *sb,
                       bool here) {
    /* the seats' PATH: the last --env PATH=..., else the referee's (the sandbox keeps it) */
    const char *path = getenv("PATH");
    for (int i = 0; i < sb->nenv; i++)
        if (strncmp(sb->env[i], "PATH=", 5) == 0) path = sb->env[i] + 5;
    buf_t err;
    buf_init(&err);
    bool ok = seatspec_program_found(s, path, here, &err);
    if (!ok) cli_usage_error(cmd, "%s %d: %s", label, number, buf_cstr(&err));
    buf_free(&err);
    return ok;
}

bool cli_seat_found(const char *cmd, const char *label, int number, const seat_spec *s, const sandbox_config *sb) {
    return seat_check(cmd, label, number, s, sb, false);
}

bool cli_seat_runs_here(const char *cmd, const char *label, int number, const seat_spec *s, const sandbox_config *sb) {
    return seat_check(cmd, label, number, s, sb, true);
}

/* A path's folder resolved (realpath) plus its last part, for a file that may not exist yet;
 * NULL when the folder does not resolve. */
static char *cli_resolved(const char *path) {
    const char *slash = strrchr(path, '/');
    char *dir = slash ? text_dup(path, slash == path ? 1 : (size_t)(slash - path)) : text_dup(".", 1);
    char *real = realpath(dir, NULL);
    free(dir);
    if (!real) return NULL;
    const char *base = slash ? slash + 1 : path;
    size_t n = strlen(real) + strlen(base) + 2;
    char *out = malloc(n);
    if (out) snprintf(out, n, "%s/%s", real, base);
    free(real);
    return out;
}

bool cli_same_file(const char *a, const char *b) {
    if (strcmp(a, b) == 0) return true;
    struct stat sa, sb;
    if (stat(a, &sa) == 0 && stat(b, &sb) == 0) return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    char *ra = cli_resolved(a), *rb = cli_resolved(b);
    bool same = ra && rb && strcmp(ra, rb) == 0;
    free(ra);
    free(rb);
    return same;
}
