/* seat.c: one seat of a match: starting its process, writing questions, splitting its output
 * into lines (with the contract's line limits), keeping a bounded stderr log. */
#include "referee.h"
#include "python_sdk.h"
#include "transport_tcp.h"
#include "../core/log.h"
#include "../core/text.h"
#include "../core/xalloc.h"
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void open_stderr_file(match_t *m, int s, seat_rt *r) {
    r->err_file = -1;
    if (!m->cfg->stderr_dir) return;
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/seat%d.stderr", m->cfg->stderr_dir, s);
    r->err_file = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (r->err_file < 0) log_warn("cannot write %s: %s", path, strerror(errno));
}

bool seat_start(match_t *m, int s, buf_t *err) {
    seat_rt *r = &m->in->seats[s];
    seat_spec *sp = r->spec;
    r->err_file = -1;
    if (sp->kind == SEAT_BUILTIN) {
        r->process = false;
        if (sp->bot->memory_size) {
            r->bot_mem = xcalloc(1, sp->bot->memory_size);
        }
        rng_seed(&r->bot_rng, m->cfg->seed, RNG_STREAM_BOT + (uint64_t)s);
        return true;
    }
    r->process = true;
    open_stderr_file(m, s, r);
    /* Sandboxed, the bot starts in a folder of its own: its command gets absolute paths. */
    bool boxed = m->cfg->sandbox.mode != SANDBOX_OFF;
    seat_paths paths;
    memset(&paths, 0, sizeof paths);
    if (boxed) seat_paths_init(m, sp, &paths);
    const char *command = boxed && paths.command ? paths.command : sp->command;
    char seedarg[32];
    snprintf(seedarg, sizeof seedarg, "%llu",
             (unsigned long long)rng_derive_seed(m->cfg->seed, 0xB07ULL + (uint64_t)s));
    char pypath[PATH_MAX + 16];
    const char *argv[10];
    const char *env[3] = {NULL, NULL, NULL};
    char module[128];
    char portarg[16];
    buf_t shcmd; /* the /bin/sh -c text; a simple command is exec'ed so the bot is the process */
    buf_init(&shcmd);
    proc_opts o = {.argv = argv, .use_path = true, .env_add = env, .cwd = NULL,
                   .inherit_stderr = m->cfg->stderr_inherit};
    bool ok = true;
    switch (sp->kind) {
    case SEAT_PYTHON: {
        const char *sdk = python_sdk_folder(m->cfg->python_sdk);
        snprintf(pypath, sizeof pypath, "PYTHONPATH=%s", sdk);
        env[0] = pypath;
        env[1] = "PYTHONUNBUFFERED=1";
        snprintf(module, sizeof module, "arena_sdk.%s", m->game->wire.python_module);
        int k = 0;
        /* ARENA_PYTHON picks the interpreter (e.g. past a slow pyenv shim); default python3. */
        const char *python = getenv("ARENA_PYTHON");
        argv[k++] = python && *python ? python : "python3";
        argv[k++] = "-m";
        argv[k++] = module;
        argv[k++] = "--seed";
        argv[k++] = seedarg;
        argv[k++] = boxed ? paths.python_file : sp->command;
        if (sp->py_name) argv[k++] = sp->py_name;
        argv[k] = NULL;
        break;
    }
    case SEAT_COMMAND:
        if (sp->direct) {
            /* Checked here too, not only by exec: inside the sandbox an exec failure would look
             * like an exit (127) instead of a start failure. */
            if (access(command, X_OK) != 0) {
                buf_printf(err, "seat %d (%s): cannot start: %s", s, sp->text, strerror(errno));
                ok = false;
                break;
            }
            argv[0] = command;
            argv[1] = NULL;
            o.use_path = false;
        } else {
            if (sp->shell) {
                /* a chosen shell gets the command intact (the Splitter tester's bash -c CMD) */
                argv[0] = sp->shell;
                argv[2] = command;
            } else {
                buf_printf(&shcmd, "%s%s", seatspec_simple_command(command) ? "exec " : "", command);
                argv[2] = buf_cstr(&shcmd);
                argv[0] = "/bin/sh";
            }
            argv[1] = "-c";
            argv[3] = NULL;
            o.use_path = false;
        }
        break;
    case SEAT_TCP:
        /* The bot is a server: `COMMAND PORT`; its stdout is a log like its stderr. */
        if (m->game->wire.transport != TRANSPORT_LINES || m->game->wire.encode_hello) {
            buf_printf(err, "seat %d (%s): %s cannot use a tcp seat (it needs a line-based game without a "
                            "start-up handshake)", s, sp->text, m->game->id);
            ok = false;
            break;
        }
        if (!tcp_seat_new(m, s, err)) {
            ok = false;
            break;
        }
        snprintf(portarg, sizeof portarg, "%d", tcp_port(m, s));
        if (sp->direct) {
            argv[0] = command;
            argv[1] = portarg;
            argv[2] = NULL;
        } else {
            buf_printf(&shcmd, "%s%s %s", seatspec_simple_command(command) ? "exec " : "", command, portarg);
            argv[0] = "/bin/sh";
            argv[1] = "-c";
            argv[2] = buf_cstr(&shcmd);
            argv[3] = NULL;
        }
        o.use_path = false;
        o.stdout_to_stderr = true;
        break;
    default:
        buf_printf(err, "seat %d (%s): unknown seat kind", s, sp->text);
        ok = false;
    }
    if (ok && boxed) {
        ok = seat_sandbox_new(m, s, argv, env, &paths, err);
        o.sandbox = r->sbx;
    }
    bool spawned = ok && proc_spawn(&o, &r->proc);
    int spawn_errno = errno;
    buf_free(&shcmd);
    seat_paths_free(&paths);
    if (!ok) return false;
    if (!spawned) {
        buf_printf(err, "seat %d (%s): cannot start: %s", s, sp->text, strerror(spawn_errno));
        return false;
    }
    if (r->sbx && !sandbox_seat_started(r->sbx, r->proc.pid, r->proc.pid_fd, err)) {
        proc_kill(&r->proc);
        proc_close(&r->proc);
        return false;
    }
    if (r->tcp) proc_close_stdin(&r->proc); /* a tcp bot reads nothing from stdin */
    r->started = true;
    r->first_question = true;
    return true;
}

void seat_send(match_t *m, int s, const char *data, size_t n) {
    seat_rt *r = &m->in->seats[s];
    if (!r->process || r->gone || r->proc.in_fd < 0) return;
    buf_append(&r->wbuf, data, n);
}

bool seat_flush(match_t *m, int s) {
    seat_rt *r = &m->in->seats[s];
    if (r->proc.in_fd < 0) return r->wbuf.len == 0;
    while (r->woff < r->wbuf.len) {
        ssize_t w = write(r->proc.in_fd, r->wbuf.data + r->woff, r->wbuf.len - r->woff);
        if (w > 0) {
            r->woff += (size_t)w;
            continue;
        }
        if (w < 0 && errno == EINTR) continue;
        if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return true;
        /* EPIPE: the bot closed its stdin or died. */
        buf_reset(&r->wbuf);
        r->woff = 0;
        return false;
    }
    buf_reset(&r->wbuf);
    r->woff = 0;
    return true;
}

/* The end of the first line in p[0..n): '\n', or also a lone '\r' for games whose original read
 * lines as .NET does (cr_ends_line). NULL when the line is not complete yet. */
static char *find_eol(const char *p, size_t n, bool cr) {
    char *nl = memchr(p, '\n', n);
    if (!cr) return nl;
    char *c = memchr(p, '\r', nl ? (size_t)(nl - p) : n);
    return c ? c : nl;
}

/* Bytes the line end at eol takes ("\r\n" is one end); sets skip_lf when a '\r' is the last byte
 * so far, so that a '\n' arriving next is not read as an empty line. */
static size_t eol_len(seat_rt *r, const char *eol, const char *end) {
    if (*eol != '\r') return 1;
    if (eol + 1 < end) return eol[1] == '\n' ? 2 : 1;
    r->skip_lf = true;
    return 1;
}

/* Splits rbuf into lines. Over-long lines are reported once (too_long) and then discarded up to
 * their newline, so memory stays bounded whatever the bot writes. */
static void split_lines(match_t *m, int s, bool at_eof) {
    seat_rt *r = &m->in->seats[s];
    bool cr = m->game->wire.cr_ends_line;
    size_t start = 0;
    for (;;) {
        if (r->skip_lf && start < r->rbuf.len) {
            if (r->rbuf.data[start] == '\n') start++;
            r->skip_lf = false;
        }
        if (start >= r->rbuf.len) break;
        char *nl = find_eol(r->rbuf.data + start, r->rbuf.len - start, cr);
        if (!nl) break;
        size_t n = (size_t)(nl - (r->rbuf.data + start));
        size_t end_len = eol_len(r, nl, r->rbuf.data + r->rbuf.len);
        if (r->discarding) r->discarding = false;
        else match_line(m, s, r->rbuf.data + start, n, n > LINE_MAX_BYTES); /* whole but over-long: invalid too */
        start += n + end_len;
        if (r->gone || r->rbuf.len == 0) return; /* the seat was ended while handling the line */
    }
    buf_consume(&r->rbuf, start);
    if (!r->discarding && r->rbuf.len > LINE_MAX_BYTES) {
        match_line(m, s, r->rbuf.data, r->rbuf.len, true);
        buf_reset(&r->rbuf);
        r->discarding = true;
    } else if (r->discarding) {
        buf_reset(&r->rbuf);
    }
    if (at_eof && r->rbuf.len) {
        /* A last line without a newline followed by EOF is read as a line (contract). */
        if (!r->discarding) match_line(m, s, r->rbuf.data, r->rbuf.len, false);
        buf_reset(&r->rbuf);
    }
}

bool seat_read(match_t *m, int s) {
    seat_rt *r = &m->in->seats[s];
    if (r->proc.out_fd < 0) return false;
    char chunk[65536];
    for (int rounds = 0; rounds < 64; rounds++) {
        ssize_t n = read(r->proc.out_fd, chunk, sizeof chunk);
        if (n > 0) {
            r->turn_bytes += (size_t)n;
            if (m->game->wire.transport == TRANSPORT_RECORDS) {
                records_feed(m, s, chunk, (size_t)n);
                if (r->gone || r->proc.out_fd < 0) return false;
                if (r->turn_bytes > TURN_MAX_BYTES) return true;
                continue;
            }
            if (r->discarding) {
                char *nl = find_eol(chunk, (size_t)n, m->game->wire.cr_ends_line);
                if (!nl) continue;
                r->discarding = false;
                size_t skip = (size_t)(nl - chunk) + eol_len(r, nl, chunk + n);
                buf_append(&r->rbuf, chunk + skip, (size_t)n - skip);
            } else {
                buf_append(&r->rbuf, chunk, (size_t)n);
            }
            split_lines(m, s, false);
            if (r->gone || r->proc.out_fd < 0) return false;
            if (r->turn_bytes > TURN_MAX_BYTES) return true; /* the caller puts the seat down */
            /* A short read drained the pipe: poll tells us when there is more, which saves a
             * read() that would only say EAGAIN on every question. */
            if ((size_t)n < sizeof chunk) return true;
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return true;
        r->eof = true;
        if (m->game->wire.transport != TRANSPORT_RECORDS) split_lines(m, s, true);
        return false;
    }
    return true;
}

static void tail_add(seat_rt *r, const char *p, size_t n) {
    for (size_t i = 0; i < n; i++) {
        r->tail[r->tail_pos] = p[i];
        r->tail_pos = (r->tail_pos + 1) % STDERR_TAIL;
        if (r->tail_len < STDERR_TAIL) r->tail_len++;
    }
}

/* Appends to the seat's kept stderr file, up to STDERR_FILE_MAX in all. */
static void err_keep(seat_rt *r, const char *p, size_t k) {
    if (r->err_file < 0 || r->err_written >= STDERR_FILE_MAX) return;
    if (k > STDERR_FILE_MAX - r->err_written) k = STDERR_FILE_MAX - r->err_written;
    if (write(r->err_file, p, k) > 0) r->err_written += k;
    if (r->err_written >= STDERR_FILE_MAX) {
        static const char note[] = "\n[arena: stderr truncated at 1 MiB]\n";
        if (write(r->err_file, note, sizeof note - 1) < 0) {}
    }
}

void seat_keep_comment(match_t *m, int s, const char *line, size_t n) {
    seat_rt *r = &m->in->seats[s];
    if (n && line[n - 1] == '\r') n--;
    err_keep(r, line, n);
    err_keep(r, "\n", 1);
}

void seat_read_stderr(match_t *m, int s) {
    seat_rt *r = &m->in->seats[s];
    if (r->proc.err_fd < 0) return;
    char chunk[16384];
    for (int rounds = 0; rounds < 16; rounds++) {
        ssize_t n = read(r->proc.err_fd, chunk, sizeof chunk);
        if (n > 0) {
            tail_add(r, chunk, (size_t)n);
            err_keep(r, chunk, (size_t)n);
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n == 0) {
            close(r->proc.err_fd);
            r->proc.err_fd = -1;
        }
        return;
    }
}

char *seat_stderr_tail(const seat_rt *r) {
    char *out = xmalloc(r->tail_len + 1);
    size_t start = (r->tail_pos + STDERR_TAIL - r->tail_len) % STDERR_TAIL;
    for (size_t i = 0; i < r->tail_len; i++) out[i] = r->tail[(start + i) % STDERR_TAIL];
    out[r->tail_len] = 0;
    return out;
}

void seat_finish(match_t *m, int s) {
    seat_rt *r = &m->in->seats[s];
    if (!r->process || !r->started || r->gone) return;
    proc_kill(&r->proc);
    sandbox_seat_finish(r->sbx); /* what escaped the process group (its cgroup), the tcp helper */
    seat_read_stderr(m, s);
    proc_close(&r->proc);
    if (r->tcp) tcp_finish(m, s);
    r->gone = true;
    r->qn = 0;
    buf_reset(&r->rbuf);
    buf_reset(&r->wbuf);
    r->woff = 0;
}

void seat_free(match_t *m, int s) {
    seat_rt *r = &m->in->seats[s];
    seat_finish(m, s);
    if (r->err_file >= 0) close(r->err_file);
    r->err_file = -1;
    free(r->bot_mem);
    sandbox_seat_free(r->sbx); /* its cgroup and folder go */
    r->sbx = NULL;
    tcp_free(m, s);
    buf_free(&r->wbuf);
    buf_free(&r->rbuf);
    buf_free(&r->held);
    free(r->name);
    free(r->code);
}
