/* seat_sandbox.c: what the referee tells the sandbox about a process seat: the game's defaults
 * merged with the command line's limits, where the bot starts, which of its files it may read,
 * and its command with relative paths made absolute when it starts in a folder of its own. */
#include "referee.h"
#include "python_sdk.h"
#include "../core/text.h"
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static bool exists(const char *path) {
    struct stat st;
    return stat(path, &st) == 0;
}

static char *dup_str(const char *s) { return text_dup(s, strlen(s)); }

static char *absolute(const char *path) {
    char cwd[PATH_MAX], buf[PATH_MAX * 2];
    if (path[0] == '/' || !getcwd(cwd, sizeof cwd)) return dup_str(path);
    snprintf(buf, sizeof buf, "%s/%s", cwd, path);
    return dup_str(buf);
}

static void add_file(seat_paths *p, const char *path) {
    if (p->nfiles < (int)(sizeof p->files / sizeof p->files[0])) p->files[p->nfiles++] = absolute(path);
}

/* A word names a bot file when it exists relative to where arena runs and looks like a path (it
 * has a '/' or a '.': "bot.py", "./bot", "lib/x.jar", "."), so that an argument such as "pass"
 * or "0" is never taken for one even if a file of that name happens to exist. */
static bool path_word(const char *w, size_t n) {
    char word[PATH_MAX];
    if (n == 0 || n >= sizeof word) return false;
    if (!memchr(w, '/', n) && !memchr(w, '.', n)) return false;
    memcpy(word, w, n);
    word[n] = 0;
    return seatspec_plain_word(word) && exists(word);
}

/* Where the bot starts unless the command line says: a game may want the bot's own folder
 * (Chicken agents); a python seat and a shell command we cannot take apart start in arena's folder, so
 * that the paths they were given resolve as typed (only the bot's files are readable there);
 * every other seat starts in a fresh folder of its own. */
static sandbox_workdir default_workdir(const match_t *m, const seat_spec *sp) {
    if (m->cfg->sandbox.workdir) return m->cfg->sandbox.workdir;
    game_sandbox gd;
    memset(&gd, 0, sizeof gd);
    if (m->game->limits.sandbox) m->game->limits.sandbox(&m->cfg->options, &gd);
    /* The bot's own folder is a folder of the bot's files: an agent directory (python: seats)
     * or a program run directly. A shell command keeps arena's folder, where the relative paths
     * it was given resolve as typed. */
    if (gd.workdir_bot && (sp->kind == SEAT_PYTHON || sp->direct)) return SBX_WORKDIR_BOT;
    if (sp->kind == SEAT_PYTHON) return SBX_WORKDIR_CALLER;
    if (!sp->direct && !seatspec_simple_command(sp->command)) return SBX_WORKDIR_CALLER;
    return SBX_WORKDIR_TEMP;
}

void seat_sandbox_paths_init(const match_t *m, const seat_spec *sp, seat_paths *p) {
    memset(p, 0, sizeof *p);
    p->workdir = default_workdir(m, sp);
    bool elsewhere = p->workdir == SBX_WORKDIR_TEMP || p->workdir == SBX_WORKDIR_BOT;
    const char *sdk = python_sdk_folder(m->cfg->python_sdk);
    if (sp->kind == SEAT_PYTHON) {
        add_file(p, sp->command);
        add_file(p, sdk);
        p->python_file = elsewhere ? absolute(sp->command) : dup_str(sp->command);
        return;
    }
    if (sp->direct) {
        add_file(p, sp->command);
        p->command = elsewhere ? absolute(sp->command) : dup_str(sp->command);
    } else {
        /* Every word that names an existing file becomes readable (its folder); in a simple
         * command it is also made absolute when the bot starts elsewhere. A command that is not
         * simple is left as written: its words are only looked at. */
        bool simple = seatspec_simple_command(sp->command), unsafe = false;
        buf_t out;
        buf_init(&out);
        const char *c = sp->command;
        const char *separators = simple ? " \t" : " \t'\"`;&|()<>=";
        while (*c) {
            size_t gap = strspn(c, separators);
            buf_append(&out, c, gap);
            c += gap;
            size_t n = strcspn(c, separators);
            if (n && path_word(c, n)) {
                char *word = text_dup(c, n);
                add_file(p, word);
                if (simple && elsewhere && word[0] != '/') {
                    char *abs = absolute(word);
                    if (!seatspec_plain_word(abs)) unsafe = true; /* arena's folder has blanks or quotes */
                    buf_puts(&out, abs);
                    free(abs);
                } else {
                    buf_append(&out, c, n);
                }
                free(word);
            } else {
                buf_append(&out, c, n);
            }
            c += n;
        }
        p->command = buf_steal(&out);
        if (!p->command) p->command = dup_str("");
        if (unsafe) { /* left as typed, and run where it was typed */
            free(p->command);
            p->command = dup_str(sp->command);
            if (!m->cfg->sandbox.workdir) p->workdir = SBX_WORKDIR_CALLER;
        }
    }
    /* Arena's own Python SDK, which Python bots import (the starter finds it next to itself). */
    add_file(p, sdk);
}

void seat_sandbox_paths_free(seat_paths *p) {
    free(p->command);
    free(p->python_file);
    for (int i = 0; i < p->nfiles; i++) free(p->files[i]);
    memset(p, 0, sizeof *p);
}

bool seat_sandbox_new(match_t *m, int s, const char *const *argv, const char *const *env_add,
                      const seat_paths *paths, buf_t *err) {
    seat_rt *r = &m->in->seats[s];
    const sandbox_config *c = &m->cfg->sandbox;
    r->sbx = NULL;
    if (c->mode == SANDBOX_OFF) return true;
    game_sandbox gd;
    memset(&gd, 0, sizeof gd);
    if (m->game->limits.sandbox) m->game->limits.sandbox(&m->cfg->options, &gd);
    sandbox_limits lim = c->limits;
    if (!lim.cpu_s) lim.cpu_s = gd.cpu_s;
    if (!lim.mem_mb) lim.mem_mb = gd.mem_mb;
    if (!lim.procs) lim.procs = gd.procs;
    sandbox_seat_spec spec;
    memset(&spec, 0, sizeof spec);
    spec.seat = s;
    spec.tcp = r->spec->kind == SEAT_TCP; /* a server: its own network namespace, its port */
    spec.port = r->port;
    spec.argv = argv;
    spec.env_add = env_add;
    for (int i = 0; i < paths->nfiles && i < 8; i++) spec.bot_files[spec.nbot_files++] = paths->files[i];
    buf_t why;
    buf_init(&why);
    r->sbx = sandbox_seat_new(c, &lim, paths->workdir, &spec, &why);
    if (!r->sbx) buf_printf(err, "seat %d (%s): sandbox: %s", s, r->spec->text, buf_cstr(&why));
    buf_free(&why);
    return r->sbx != NULL;
}
