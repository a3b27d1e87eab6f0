/* seatspec.h: what a seat string on the command line means (ARCHITECTURE.md "Seats"). */
#ifndef ARENA_SEATSPEC_H
#define ARENA_SEATSPEC_H
#include "../game/game.h"
#include <stdbool.h>

typedef enum {
    SEAT_BUILTIN = 0, /* builtin:NAME compiled in */
    SEAT_COMMAND,     /* a command (executed directly or with /bin/sh -c) */
    SEAT_PYTHON,      /* python:PATH[:NAME], the game's Python adapter */
    SEAT_TCP          /* tcp:COMMAND, the bot is a server; the port is appended */
} seat_kind;

typedef struct {
    seat_kind kind;
    char *text;       /* the seat string as given (without the name= prefix) */
    char *name;       /* display name: from name=, else the default */
    bool named;       /* the name came from the command line (identification lines ignored) */
    char *code;       /* short code ("" if none) */
    const game_bot *bot; /* SEAT_BUILTIN */
    char *command;    /* SEAT_COMMAND / SEAT_TCP: the command; SEAT_PYTHON: the path */
    char *py_name;    /* SEAT_PYTHON: the bot name after the path (may be NULL) */
    bool direct;      /* SEAT_COMMAND / SEAT_TCP: executable path without shell characters: execve, no shell */
    const char *shell; /* SEAT_COMMAND run through a shell: the shell's path (NULL: /bin/sh; not owned) */
} seat_spec;

/* Parses one seat string for game g; on error fills err (with a suggestion) and returns false. */
bool seatspec_parse(const game_t *g, const char *arg, seat_spec *out, buf_t *err);
void seatspec_free(seat_spec *s);
/* Whether a command seat's program is there to run, checked before a match so that a mistyped
 * command (or "my bot", a name taken for a command) is refused instead of crashing in every game:
 * a direct seat's file must be executable; a simple shell command's first word must be a shell
 * builtin, an existing path, or a program on `path` (the seats' PATH). Anything the shell alone
 * can judge (operators, quotes, variables) passes. A program file's first line must let it be
 * executed (seatspec_shebang_ok); `here`: the seats run on this machine, so the interpreter its
 * #! line names must be here too (a tourney queued for other machines leaves that to them).
 * False with the message in err. */
bool seatspec_program_found(const seat_spec *s, const char *path, bool here, buf_t *err);
/* Whether FILE, an executable file, can be executed as its first line says (seatspec_program.c):
 * an ELF binary or another binary format passes; a text file needs a #! line (unless
 * shell_runs_text: a shell runs it itself), without a Windows '\r' at its end, and with env's
 * options behind -S (the kernel passes the rest of the line as one argument). `here`: also the
 * interpreter must be an executable file, and env's program on `path`. False with the message in
 * err. */
bool seatspec_shebang_ok(const char *file, const char *path, bool shell_runs_text, bool here, buf_t *err);
/* The interpreter of python: seats: $ARENA_PYTHON, else python3. */
const char *seatspec_python(void);
/* Whether that interpreter is here to run (an executable file, or one on `path`, the seats' PATH;
 * "" or NULL: the sandbox's default). False with what to do in err. */
bool seatspec_python_found(const char *path, buf_t *err);
/* Whether WORD is an executable file in one of the folders of PATH (':'-separated; "" is "."). */
bool seatspec_on_path(const char *word, const char *path);
/* The file a seat runs that an output must never be written over, as far as it can be told
 * without the shell: a direct program, a simple command's first word with a '/', an interpreter's
 * script ("python3 bot.py"), a python: seat's file. NULL when none (malloc'ed). */
char *seatspec_program_file(const seat_spec *s);
/* True when cmd is one simple command (no operators, redirections, assignments or builtins):
 * the shell then execs it, so the bot is the seat's process itself (exit statuses and signals are
 * the bot's own, and no shell keeps the bot's pipes open). */
bool seatspec_simple_command(const char *cmd);
/* True when s contains no blank or shell metacharacter. */
bool seatspec_plain_word(const char *s);
#endif
