/* seat.c: one seat of a match: starting its process (sandboxed) with its transport, keeping a
 * bounded stderr log, ending it. What travels to and from the bot is its transport's business. */
#include "referee.h"
#include "python_sdk.h"
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

/* How a process seat's questions travel: a tcp: seat's own connections, else the game's pipes. */
static const transport_t *seat_transport(const match_t *m, const seat_spec *sp) {
    if (sp->kind == SEAT_TCP) return &transport_tcp;
    return m->game->wire.transport == TRANSPORT_RECORDS ? &transport_records : &transport_lines;
}

static bool start_transport(match_t *m, int s, buf_t *err) {
    seat_rt *r = &m->in->seats[s];
    buf_t why;
    buf_init(&why);
    r->transport = seat_transport(m, r->spec);
    r->tp = r->transport->start(m->game, &r->port, &why);
    if (!r->tp) buf_printf(err, "seat %d (%s): %s", s, r->spec->text, buf_cstr(&why));
    buf_free(&why);
    return r->tp != NULL;
}

static bool start_seat(match_t *m, int s, buf_t *err) {
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
    proc_keep_std_fds(); /* before the sandbox and the pipes open anything */
    /* No descriptors until the process runs (a zeroed proc_t would name our own stdin). */
    r->proc.in_fd = r->proc.out_fd = r->proc.err_fd = r->proc.pid_fd = r->proc.status_fd = -1;
    open_stderr_file(m, s, r);
    /* Sandboxed, the bot starts in a folder of its own: its command gets absolute paths. */
    bool boxed = m->cfg->sandbox.mode != SANDBOX_OFF;
    seat_paths paths;
    memset(&paths, 0, sizeof paths);
    if (boxed) seat_sandbox_paths_init(m, sp, &paths);
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
    proc_opts o = {.argv = argv, .use_path = true, .env_add = env,
                   .inherit_stderr = m->cfg->stderr_inherit};
    bool ok = start_transport(m, s, err);
    if (ok) switch (sp->kind) {
    case SEAT_PYTHON: {
        const char *sdk = python_sdk_folder(m->cfg->python_sdk);
        snprintf(pypath, sizeof pypath, "PYTHONPATH=%s", sdk);
        env[0] = pypath;
        env[1] = "PYTHONUNBUFFERED=1";
        snprintf(module, sizeof module, "arena_sdk.%s", m->game->wire.python_module);
        int k = 0;
        argv[k++] = seatspec_python();
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
        /* The bot is a server: `COMMAND PORT`; its stdout is a log like its stderr (below). */
        snprintf(portarg, sizeof portarg, "%d", r->port);
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
        break;
    default:
        buf_printf(err, "seat %d (%s): unknown seat kind", s, sp->text);
        ok = false;
    }
    o.stdout_to_stderr = r->transport && r->transport->own_connections;
    if (ok && boxed) {
        ok = seat_sandbox_new(m, s, argv, env, &paths, err);
        o.sandbox = r->sbx;
    }
    bool spawned = ok && proc_spawn(&o, &r->proc);
    int spawn_errno = errno;
    buf_free(&shcmd);
    seat_sandbox_paths_free(&paths);
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
    if (r->transport->own_connections) proc_close_stdin(&r->proc); /* it reads nothing from stdin */
    r->started = true;
    r->first_question = true;
    return true;
}

static void tail_add(seat_rt *r, const char *p, size_t n) {
    for (size_t i = 0; i < n; i++) {
        r->tail[r->tail_pos] = p[i];
        r->tail_pos = (r->tail_pos + 1) % STDERR_TAIL;
        if (r->tail_len < STDERR_TAIL) r->tail_len++;
    }
}

bool seat_start(match_t *m, int s, buf_t *err) {
    if (start_seat(m, s, err)) return true;
    /* It never ran: nothing to poll, write to or wait for. */
    m->in->seats[s].gone = true;
    return false;
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
    snprintf(r->last_comment, sizeof r->last_comment, "%.*s", (int)n, line);
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

void seat_skip_stdout(match_t *m, int s) {
    seat_rt *r = &m->in->seats[s];
    if (r->proc.out_fd < 0) return;
    char sink[65536];
    ssize_t k = read(r->proc.out_fd, sink, sizeof sink);
    if (k == 0) {
        close(r->proc.out_fd);
        r->proc.out_fd = -1;
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
    if (r->tp && r->transport->unended) r->transport->unended(r->tp, r->unended, sizeof r->unended);
    if (r->tp) r->transport->free(r->tp); /* its connections and buffers go with the process */
    r->tp = NULL;
    r->gone = true;
    r->qn = 0;
}

void seat_free(match_t *m, int s) {
    seat_rt *r = &m->in->seats[s];
    seat_finish(m, s);
    if (r->err_file >= 0) close(r->err_file);
    r->err_file = -1;
    free(r->bot_mem);
    sandbox_seat_free(r->sbx); /* its cgroup and folder go */
    r->sbx = NULL;
    if (r->tp) r->transport->free(r->tp); /* a seat that never started */
    r->tp = NULL;
    free(r->name);
    free(r->code);
}
