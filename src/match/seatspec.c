/* seatspec.c: parsing of seat strings: [name=]builtin:NAME | python:PATH[:NAME] | tcp:CMD | CMD. */
#include "seatspec.h"
#include "../core/log.h"
#include "../core/text.h"
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char *dupstr(const char *s) { return text_dup(s, strlen(s)); }

bool seatspec_plain_word(const char *s) {
    if (!*s) return false;
    for (const char *p = s; *p; p++)
        if (strchr(" \t\n'\"\\$`;&|<>()*?[]{}~!#", *p)) return false;
    return true;
}

bool seatspec_simple_command(const char *cmd) {
    static const char *keywords[] = {"cd", "export", "set", "if", "for", "while", "until", "case", "{", "!",
                                     ".", "exec", "eval", "source", "unset", "alias", NULL};
    if (strpbrk(cmd, ";&|()<>`\n")) return false;
    while (*cmd == ' ' || *cmd == '\t') cmd++;
    size_t n = strcspn(cmd, " \t");
    if (n == 0) return false;
    /* an assignment prefix (VAR=x cmd) only when a shell name comes before the '=': "=" or
     * "1=x" is a program's name to the shell, which was not looked for (a seat '=' played, and
     * crashed with the shell's "not found") */
    size_t name = strspn(cmd, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_0123456789");
    if (name > 0 && name < n && cmd[name] == '=' && !(cmd[0] >= '0' && cmd[0] <= '9')) return false;
    for (int k = 0; keywords[k]; k++)
        if (strlen(keywords[k]) == n && strncmp(cmd, keywords[k], n) == 0) return false;
    return true;
}

static bool is_executable_file(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

static bool exists(const char *path) {
    struct stat st;
    return stat(path, &st) == 0;
}

/* A blank or a control character, which no name may hold: a newline or an escape in a name went
 * into every table, CSV row and report as it was (a standings table cut in two by "a\nb=..."). */
static bool name_blank(char c) { return (unsigned char)c <= ' ' || c == 0x7f; }

/* basename of the first word of a command (up to a blank or a control character: a two-line
 * script's first word ends at its newline) */
static char *first_word_base(const char *cmd) {
    while (*cmd == ' ' || *cmd == '\t') cmd++;
    size_t n = 0;
    while (cmd[n] && !name_blank(cmd[n])) n++;
    const char *start = cmd;
    for (size_t i = 0; i < n; i++)
        if (cmd[i] == '/') start = cmd + i + 1;
    size_t len = n - (size_t)(start - cmd);
    if (len == 0) return dupstr("bot");
    return text_dup(start, len);
}

/* A name prefix is `name=` where name has no '/', ':' or blank and the rest is a seat string. */
static const char *split_name(const char *arg, char **name) {
    const char *eq = strchr(arg, '=');
    *name = NULL;
    if (!eq || eq == arg) return arg;
    for (const char *p = arg; p < eq; p++)
        if (*p == '/' || *p == ':' || name_blank(*p) || *p == '"' || *p == '\'') return arg;
    *name = text_dup(arg, (size_t)(eq - arg));
    return eq + 1;
}

/* "my bot=builtin:x": a name with a blank before a seat kind. No command looks like that, and as a
 * command it would only fail in every game ("my: not found"), so it is refused as what it is. */
static bool blank_name(const char *arg, buf_t *err) {
    const char *eq = strchr(arg, '=');
    if (!eq) return false;
    bool blank = false, control = false;
    for (const char *p = arg; p < eq; p++) blank |= *p == ' ', control |= name_blank(*p) && *p != ' ';
    if (!blank && !control) return false;
    const char *rest = eq + 1;
    if (strncmp(rest, "builtin:", 8) != 0 && strncmp(rest, "python:", 7) != 0 && strncmp(rest, "tcp:", 4) != 0 &&
        strcmp(rest, "human") != 0)
        return false;
    buf_puts(err, "'");
    for (const char *p = arg; *p; p++) /* a control character shown, not sent to the terminal */
        if (name_blank(*p) && *p != ' ') buf_printf(err, "\\x%02x", (unsigned char)*p);
        else buf_putc(err, *p);
    buf_printf(err, "': a seat's name cannot contain blanks%s; write NAME=SEAT with a name such as ",
               control ? " or control characters (a tab, a newline)" : "");
    for (const char *p = arg; p < eq; p++) buf_putc(err, name_blank(*p) ? '_' : *p);
    buf_printf(err, "=%s", rest);
    return true;
}

static bool parse(const game_t *g, const char *arg, seat_spec *s, buf_t *err) {
    memset(s, 0, sizeof *s);
    if (blank_name(arg, err)) return false;
    char *name;
    const char *rest = split_name(arg, &name);
    s->text = dupstr(rest);
    s->code = dupstr("");
    if (strcmp(rest, "human") == 0 && g->display.human) {
        /* The interactive seat: a built-in fed by the live view's keys (game->display.human_key). */
        s->kind = SEAT_BUILTIN;
        s->bot = g->display.human;
        s->name = name ? name : dupstr("human");
    } else if (strncmp(rest, "builtin:", 8) == 0) {
        const char *b = rest + 8;
        const char *colon = strchr(b, ':');
        if (colon) { /* builtin:NAME:ARGS was read and its ARGS dropped: the bot played unchanged */
            buf_printf(err, "'%s': a built-in bot takes no arguments; give builtin:%.*s (the game's options are "
                            "--option KEY=VALUE)", rest, (int)(colon - b), b);
            free(name);
            return false;
        }
        char *bname = dupstr(b);
        s->kind = SEAT_BUILTIN;
        s->bot = game_find_bot(g, bname);
        if (!s->bot) {
            buf_printf(err, "no built-in bot '%s' for %s; built-ins are: ", bname, g->id);
            game_bot_names(g, " ", err);
            buf_printf(err, " (see `%s list`)", log_program());
            free(bname);
            free(name);
            return false;
        }
        free(bname);
        free(s->code);
        s->code = dupstr(s->bot->code ? s->bot->code : "");
        s->name = name ? name : dupstr(s->bot->display ? s->bot->display : s->bot->name);
    } else if (strncmp(rest, "python:", 7) == 0) {
        const char *p = rest + 7;
        s->kind = SEAT_PYTHON;
        if (!g->wire.python_module) {
            buf_printf(err, "%s has no Python adapter; run a Python bot as a command instead, e.g. \"python3 bot.py\"",
                       g->id);
            free(name);
            return false;
        }
        if (exists(p)) {
            s->command = dupstr(p);
        } else {
            const char *colon = strrchr(p, ':');
            if (colon) {
                s->command = text_dup(p, (size_t)(colon - p));
                s->py_name = dupstr(colon + 1);
            } else {
                s->command = dupstr(p);
            }
        }
        if (!exists(s->command)) {
            buf_printf(err, "python seat: '%s' does not exist (give %s)", s->command, g->wire.python_seat);
            free(name);
            return false;
        }
        /* a folder for a file (or a file for a folder) started, and every game crashed on it */
        struct stat st;
        if (stat(s->command, &st) == 0 && S_ISDIR(st.st_mode) != g->wire.python_seat_is_folder) {
            buf_printf(err, "python seat: '%s' is a %s (give %s)", s->command, S_ISDIR(st.st_mode) ? "folder" : "file",
                       g->wire.python_seat);
            free(name);
            return false;
        }
        /* Default name: the Python file's stem (or the folder's name: a trailing '/', which a
         * shell's completion adds, is not the end of the path's last part). */
        size_t len = strlen(s->command);
        while (len > 1 && s->command[len - 1] == '/') len--;
        const char *base = s->command;
        for (size_t i = 0; i + 1 < len; i++)
            if (s->command[i] == '/') base = s->command + i + 1;
        size_t n = len - (size_t)(base - s->command);
        const char *dot = memchr(base, '.', n);
        if (dot && dot != base) n = (size_t)(dot - base);
        s->name = name ? name : text_dup(base, n);
    } else if (strncmp(rest, "tcp:", 4) == 0) {
        s->kind = SEAT_TCP;
        s->command = dupstr(rest + 4);
        if (!s->command[strspn(s->command, " \t\n")]) { /* blank too, as a command seat */
            buf_puts(err, "tcp seat needs a command: tcp:COMMAND (the port is appended as its last argument)");
            free(name);
            return false;
        }
        /* refused here as python: is for a game without an adapter: it could not start, and the
         * game was played without it (a crash at the start, exit 0) */
        if (!game_takes_tcp_seats(g)) {
            buf_printf(err, "%s cannot use a tcp seat (it needs a line-based game without a start-up handshake); "
                            "run the bot as a command speaking the game's protocol on stdin/stdout", g->id);
            free(name);
            return false;
        }
        s->direct = seatspec_plain_word(s->command) && is_executable_file(s->command);
        s->name = name ? name : first_word_base(s->command);
    } else {
        s->kind = SEAT_COMMAND;
        if (!rest[strspn(rest, " \t\n")]) { /* blank too: /bin/sh -c "  " would exit at once */
            buf_puts(err, "empty seat; give builtin:NAME, python:FILE.py, tcp:COMMAND or a command");
            free(name);
            return false;
        }
        s->command = dupstr(rest);
        /* A plain path is executed directly; one that does not exist then fails to start (a
         * start failure with the reason), instead of a shell exiting with "not found". */
        s->direct = seatspec_plain_word(rest) && (is_executable_file(rest) || strchr(rest, '/'));
        s->name = name ? name : first_word_base(rest);
    }
    s->named = name != NULL;
    return true;
}

/* The shell's own commands (dash's builtins): found without PATH. */
static bool shell_builtin(const char *w, size_t n) {
    static const char *names[] = {"alias", "bg", "break", "cd", "command", "continue", "echo", "eval", "exec",
                                  "exit", "export", "false", "fc", "fg", "getopts", "hash", "jobs", "kill",
                                  "local", "printf", "pwd", "read", "readonly", "return", "set", "shift", "test",
                                  "times", "trap", "true", "type", "ulimit", "umask", "unalias", "unset", "wait",
                                  "[", ":", ".", NULL};
    for (int k = 0; names[k]; k++)
        if (strlen(names[k]) == n && strncmp(w, names[k], n) == 0) return true;
    return false;
}

/* The seats' PATH: the one given, else the shell's default. */
static const char *seats_path(const char *path) { return path && *path ? path : "/usr/local/bin:/usr/bin:/bin"; }

/* Whether WORD (N bytes) names an interpreter that runs a script file given as its first word
 * that is not an option ("python3 bot.py"). */
static bool interpreter(const char *w, size_t n) {
    const char *slash = memrchr(w, '/', n);
    if (slash) n -= (size_t)(slash + 1 - w), w = slash + 1;
    static const char *names[] = {"python", "pypy", "node", "nodejs", "ruby", "perl", "php", "lua", "luajit",
                                  "Rscript", "sh", "bash", "dash", NULL};
    for (int k = 0; names[k]; k++) {
        size_t m = strlen(names[k]);
        /* python3, python3.11, pypy3, lua5.4 */
        if (n >= m && strncmp(w, names[k], m) == 0 && strspn(w + m, "0123456789.") == n - m) return true;
    }
    return false;
}

/* For "INTERPRETER [OPTIONS] SCRIPT ...": the script's word, when it looks like a file (a '/' or
 * a '.' in it, as the seat's words made absolute are, docs/sandbox.md); NULL otherwise, and after
 * an option that takes code or a module instead of a script (-c, -m, -e). */
static char *script_word(const char *cmd) {
    for (;;) {
        cmd += strspn(cmd, " \t");
        size_t n = strcspn(cmd, " \t");
        if (!n) return NULL;
        if (cmd[0] != '-') return memchr(cmd, '/', n) || memchr(cmd, '.', n) ? text_dup(cmd, n) : NULL;
        if (n == 2 && strchr("cme", cmd[1])) return NULL;
        cmd += n;
    }
}

/* "team/1=./bot", "=./bot": a name split_name did not take, so the whole string was looked for as
 * a program; say what a name may be (the message said only "no such file"). */
static void seatspec_name_hint(const char *word, buf_t *err) {
    const char *eq = strchr(word, '=');
    if (!eq) return;
    if (eq == word) buf_puts(err, "; a seat's name before '=' cannot be empty");
    else buf_printf(err, "; '%.*s' is not a seat's name (no '/', ':', quotes or blanks)", (int)(eq - word), word);
    buf_puts(err, ": write NAME=SEAT with a name such as my_bot=./bot");
}

bool seatspec_program_found(const seat_spec *s, const char *path, bool here, buf_t *err) {
    if (s->kind != SEAT_COMMAND && s->kind != SEAT_TCP) return true;
    const char *cmd = s->command;
    if (s->direct) {
        if (is_executable_file(cmd)) return seatspec_shebang_ok(cmd, seats_path(path), false, here, err);
        struct stat st;
        bool there = stat(cmd, &st) == 0;
        buf_printf(err, "'%s': %s", cmd,
                   !there                ? "no such file"
                   : S_ISDIR(st.st_mode) ? "a folder; give the program in it (python:FOLDER for a Python agent's folder)"
                                         : "not an executable file (chmod +x it, or name its interpreter: \"python3 bot.py\")");
        if (!there && !s->named) seatspec_name_hint(cmd, err);
        return false;
    }
    /* Only what can be judged without the shell: the first word of one simple command, with no
     * quotes, variables or patterns in it. */
    if (!seatspec_simple_command(cmd)) return true;
    cmd += strspn(cmd, " \t");
    size_t n = strcspn(cmd, " \t");
    char *word = text_dup(cmd, n);
    bool found = !seatspec_plain_word(word) || shell_builtin(word, n) ||
                 (strchr(word, '/') ? exists(word) : seatspec_on_path(word, seats_path(path)));
    if (!found)
        buf_printf(err, "'%s': the shell would find no program '%s' (%s); a command with arguments is one quoted "
                        "seat (\"python3 bot.py --depth 3\"), and a name goes before it without blanks (my_bot=./bot)",
                   s->command, word, strchr(word, '/') ? "no such file" : "not a file, nor on PATH");
    if (!found && !s->named) seatspec_name_hint(word, err);
    if (!found && s->named) /* "FOO=1 ./bot": the shell's assignment, read as a name */
        buf_printf(err, "; '%s=' was read as the seat's name: for a variable give --env %s=VALUE", s->name, s->name);
    /* "python3 mybot.py" with no mybot.py: the interpreter is there, and every game would crash
     * (the Tester's 200 games took 7 minutes to say so) */
    char *script = found && interpreter(word, n) ? script_word(cmd + n) : NULL;
    if (script && !exists(script)) {
        buf_printf(err, "'%s': no such file '%s' for %s to run", s->command, script, word);
        found = false;
    }
    /* "./bot.sh --depth 3": the shell execs the file, which its #! line must allow (a text file
     * without one the shell runs itself) */
    if (found && strchr(word, '/') && is_executable_file(word))
        found = seatspec_shebang_ok(word, seats_path(path), true, here, err);
    free(script);
    free(word);
    return found;
}

char *seatspec_program_file(const seat_spec *s) {
    if (!s->command) return NULL;
    if (s->kind == SEAT_PYTHON || s->direct) return dupstr(s->command);
    if ((s->kind != SEAT_COMMAND && s->kind != SEAT_TCP) || !seatspec_simple_command(s->command)) return NULL;
    const char *cmd = s->command + strspn(s->command, " \t");
    size_t n = strcspn(cmd, " \t");
    if (interpreter(cmd, n)) return script_word(cmd + n);
    return memchr(cmd, '/', n) ? text_dup(cmd, n) : NULL;
}

bool seatspec_parse(const game_t *g, const char *arg, seat_spec *s, buf_t *err) {
    if (parse(g, arg, s, err)) return true;
    seatspec_free(s);
    return false;
}

void seatspec_free(seat_spec *s) {
    free(s->text);
    free(s->name);
    free(s->code);
    free(s->command);
    free(s->py_name);
    memset(s, 0, sizeof *s);
}
