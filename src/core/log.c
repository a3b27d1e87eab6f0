/* log.c: arena's own diagnostics. */
#include "log.h"
#include <stdarg.h>
#include <stdio.h>

static int level = 1;

void log_set_level(int l) { level = l; }

static char program[4200] = "arena";

void log_set_program(const char *word) {
    if (word && *word) snprintf(program, sizeof program, "%s", word);
}

const char *log_program(void) { return program; }

static void emit(const char *tag, const char *fmt, va_list ap) {
    fprintf(stderr, "arena: %s", tag);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

void log_error(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    emit("error: ", fmt, ap);
    va_end(ap);
}

void log_warn(const char *fmt, ...) {
    if (level < 1) return;
    va_list ap;
    va_start(ap, fmt);
    emit("warning: ", fmt, ap);
    va_end(ap);
}

void log_info(const char *fmt, ...) {
    if (level < 2) return;
    va_list ap;
    va_start(ap, fmt);
    emit("", fmt, ap);
    va_end(ap);
}
