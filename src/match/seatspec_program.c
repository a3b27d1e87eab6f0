/* seatspec_program.c: finding a seat's program before any game (see seatspec.h): on the seats'
 * PATH, and whether its file can be executed at all, judged from its first line. A script whose `#!` line the kernel cannot follow fails
 * in every game with a message that names the wrong culprit: "exec: ./bot failed: No such file or
 * directory" for a file that is there (its interpreter is not, or its line ends with a Windows
 * '\r'), "Exec format error" for a script without a `#!` line, "/usr/bin/env: 'python3 -u': No
 * such file" for options after env. */
#include "seatspec.h"
#include "../core/text.h"
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The kernel reads at most this much of a script's first line (BINPRM_BUF_SIZE). */
enum { SHEBANG_MAX = 256 };

static bool executable_file(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

/* The first bytes of the file; -1 when it cannot be read (left to the exec to report). */
static ssize_t head_of(const char *file, char *head, size_t cap) {
    int fd = open(file, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) return -1;
    ssize_t n = read(fd, head, cap);
    close(fd);
    return n;
}

bool seatspec_on_path(const char *word, const char *path) {
    while (*path) {
        size_t n = strcspn(path, ":");
        buf_t f;
        buf_init(&f);
        buf_printf(&f, "%.*s/%s", (int)n, n ? path : ".", word);
        bool found = executable_file(buf_cstr(&f));
        buf_free(&f);
        if (found) return true;
        path += n;
        if (*path == ':') path++;
    }
    return false;
}

const char *seatspec_python(void) {
    /* ARENA_PYTHON picks the interpreter (e.g. past a slow pyenv shim) */
    const char *python = getenv("ARENA_PYTHON");
    return python && *python ? python : "python3";
}

bool seatspec_python_found(const char *path, buf_t *err) {
    const char *python = seatspec_python();
    if (strchr(python, '/') ? executable_file(python)
                            : seatspec_on_path(python, path && *path ? path : "/usr/local/bin:/usr/bin:/bin"))
        return true;
    if (strchr(python, '/')) buf_printf(err, "%s (ARENA_PYTHON) is not an executable file", python);
    else buf_printf(err, "%s is not on this machine's PATH: install Python 3, or set ARENA_PYTHON to its interpreter", python);
    return false;
}

/* env's program in "#!/usr/bin/env PROGRAM" is on the seats' PATH (env's options are env's to judge). */
static bool env_program_found(const char *file, const char *arg, size_t n, const char *path, buf_t *err) {
    if (!n || arg[0] == '-') return true;
    char *prog = text_dup(arg, n);
    bool found = strchr(prog, '/') ? executable_file(prog) : seatspec_on_path(prog, path);
    if (!found)
        buf_printf(err, "'%s': its #! line runs '%s' through env, and %s (install it, or give --env PATH=... "
                        "where it is)",
                   file, prog, strchr(prog, '/') ? "that is not an executable file" : "it is not on the seats' PATH");
    free(prog);
    return found;
}

bool seatspec_shebang_ok(const char *file, const char *path, bool shell_runs_text, bool here, buf_t *err) {
    char head[SHEBANG_MAX];
    ssize_t n = head_of(file, head, sizeof head);
    if (n < 0) return true;
    if (n >= 4 && memcmp(head, "\x7f" "ELF", 4) == 0) return true;
    if (n < 2 || head[0] != '#' || head[1] != '!') {
        /* A shell runs a text file without #! as a shell script itself; an exec does not. A
         * binary of another format may have a binfmt_misc handler: the exec judges it. */
        if (shell_runs_text || memchr(head, 0, (size_t)n)) return true;
        buf_printf(err, "'%s': %s: add a first line such as #!/bin/sh or #!/usr/bin/env python3, or name its "
                        "interpreter (\"sh %s\")",
                   file, n == 0 ? "an empty file, nothing to run" : "a script without a #! line, so it cannot be executed",
                   file);
        return false;
    }
    const char *line = head + 2;
    const char *nl = memchr(line, '\n', (size_t)n - 2);
    size_t len = nl ? (size_t)(nl - line) : (size_t)n - 2;
    if (len && line[len - 1] == '\r') {
        buf_printf(err, "'%s': its #! line ends with a carriage return (Windows line ends), which the kernel takes "
                        "as part of the interpreter's name: convert the file (dos2unix %s, or sed -i 's/\\r$//' %s)",
                   file, file, file);
        return false;
    }
    text_trim(&line, &len);
    size_t ilen = strcspn(line, " \t");
    if (ilen > len) ilen = len;
    if (!ilen) {
        buf_printf(err, "'%s': its #! line names no interpreter (write one: #!/bin/sh, #!/usr/bin/env python3)", file);
        return false;
    }
    char *interp = text_dup(line, ilen);
    const char *base = strrchr(interp, '/');
    base = base ? base + 1 : interp;
    const char *arg = line + ilen;
    size_t alen = len - ilen;
    text_trim(&arg, &alen);
    bool env = strcmp(base, "env") == 0;
    bool ok = true;
    if (env && alen && arg[0] != '-' && (memchr(arg, ' ', alen) || memchr(arg, '\t', alen))) {
        /* the kernel passes the rest of the line as ONE argument: "python3 -u" is one name */
        buf_printf(err, "'%s': its #! line gives env '%.*s' as one program name (the kernel passes the rest of the "
                        "line as one argument): write #!/usr/bin/env -S %.*s, or drop the options",
                   file, (int)alen, arg, (int)alen, arg);
        ok = false;
    } else if (here && !executable_file(interp)) { /* which programs exist is the machine's that runs the seat */
        buf_printf(err, "'%s': its interpreter '%s' (its #! line) is %s: fix the #! line (#!/usr/bin/env %s "
                        "finds %s on PATH), or name an interpreter that is here (\"%s %s\")",
                   file, interp, access(interp, F_OK) == 0 ? "not an executable file" : "not there", base, base,
                   base, file);
        ok = false;
    } else if (here && env) {
        ok = env_program_found(file, arg, alen, path, err);
    }
    free(interp);
    return ok;
}
