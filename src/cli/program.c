/* program.c: the command that ran arena, for the hints that name a command to type next. */
#include "cli.h"
#include "../core/log.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Characters a shell takes as they are; a word with any other is quoted. */
static const char SAFE[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-+./:=@,%";

static char program[PATH_MAX + 64] = "arena";

void cli_shell_word(const char *word, char *out, size_t n) {
    if (!n) return;
    if (*word && strspn(word, SAFE) == strlen(word)) {
        snprintf(out, n, "%s", word);
        return;
    }
    /* '...' with each ' written '\'' : the one quoting in which nothing else is special */
    size_t k = 0;
    out[k++] = '\'';
    for (const char *p = word; *p && k + 5 < n; p++) {
        if (*p == '\'') {
            memcpy(out + k, "'\\''", 4);
            k += 4;
        } else {
            out[k++] = *p;
        }
    }
    if (k + 1 < n) out[k++] = '\'';
    out[k < n ? k : n - 1] = 0;
}

void cli_program_set(const char *argv0) {
    /* argv[0] as typed: bin/arena or ./arena in a clone (not on PATH, where `arena` would not be
     * found), a full path, or `arena` when the shell found it on PATH */
    if (argv0 && *argv0) cli_shell_word(argv0, program, sizeof program);
    log_set_program(program); /* the layers below name it too */
}

const char *cli_program(void) { return program; }
