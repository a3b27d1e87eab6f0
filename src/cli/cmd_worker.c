/* cmd_worker.c: `arena worker --db URL`: plays queued matches of a store (every tournament and
 * ladder in it whose requirements this worker meets) until stopped, or until none is left. */
#include "cli.h"
#include "../core/clock.h"
#include "../core/stop_signal.h"
#include "../core/text.h"
#include "../store/db.h"
#include "../store/store.h"
#include "../tourney/cache.h"
#include "../tourney/worker.h"
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* After SIGTERM, how long a store that refuses the last reports is tried before the worker exits
 * (--store-retry). */
enum { STOP_TRIES_S = 30 };

static void help(void) {
    printf("usage: arena worker --db FILE|URL [options]\n\n"
           "Takes matches from the store's queue (those of `arena tourney --workers 0`, of other\n"
           "tournaments and of the competition server), plays them in the sandbox with the same referee\n"
           "as `arena play`, and stores each result. A bot that travels in the store (a file or folder\n"
           "entrant of a tournament on PostgreSQL) is fetched once into the cache and run from there.\n"
           "  --db FILE|URL        the store: postgresql://USER@HOST/DB (many machines), or an SQLite file\n"
           "                       (default: $ARENA_WORKER_DB, which keeps a password out of ps's view)\n"
           "  --jobs J             matches at once (default: the number of cores)\n"
           "  --name NAME          this worker's name in --status (default HOST-PID; at most 63 bytes)\n"
           "  --tag T              a tag of this machine (repeatable); matches requiring a tag go only to\n"
           "                       workers that have it (arena tourney --require T)\n"
           "  --exit-when-empty    stop when no match it may play (tags) is queued or being played (batch\n"
           "                       jobs, Slurm arrays)\n"
           "  --replays DIR        write the replays here (default: none)\n"
           "  --stderr-dir DIR     keep the seats' stderr here (default: not kept)\n"
           "  --history DIR        the games' own records here (default: none)\n"
           "  --cache DIR          unpacked bundles (default $XDG_CACHE_HOME/arena/bundles or\n"
           "                       ~/.cache/arena/bundles; made at start; a DIR it cannot write is refused\n"
           "                       then; a default it cannot write (a read-only home) gives way to\n"
           "                       $TMPDIR/arena-bundles-UID, mode 0700, said once on stderr)\n"
           "  --lease S            a claim's lease (default 75; a silent worker's match is back then)\n"
           "  --heartbeat S        lease renewal period (default 15)\n"
           "  --poll S             with nothing to play, look again after S seconds (default 1)\n"
           "  --store-retry S      once told to stop, a store that refuses the hand-back is tried for S\n"
           "                       seconds (default 30); until then a store that fails is tried for ever,\n"
           "                       unless no wait mends its error (below)\n"
           "  --quiet              no line per match\n\n"
           "SIGTERM or Ctrl-C hands the matches being played back to the queue (as interrupted: not counted\n"
           "against them) and exits; a store that refuses the hand-back is tried for --store-retry, then the\n"
           "worker exits 1, handing back as interrupted a result the store would not take if it takes that,\n"
           "else the matches come back when their leases end. A store that goes away is reconnected with\n"
           "backoff, and a store out of disk or memory is tried again with backoff, saying so. An error no wait\n"
           "mends is not waited for: the worker exits 1 at once, saying what to fix, handing back what the\n"
           "store takes: a server that refuses the login (a wrong password, an unknown role or database), a\n"
           "role whose rights were revoked, a table dropped, an SQLite file made read-only, damaged, deleted or\n"
           "replaced, a store newer than this arena. See docs/scale.md.\n");
}

static volatile sig_atomic_t stop_requested;

typedef struct {
    bool quiet;
    const char *name;
} worker_log;

static void on_report(void *ctx, const queue_claim *c, queue_outcome o, const tourney_result *r, queue_report_rc rc,
                      const char *why) {
    worker_log *l = ctx;
    if (l->quiet && rc != QUEUE_REPORT_LOST) return;
    const char *what = rc == QUEUE_REPORT_STORED    ? (o == QUEUE_DONE ? "stored" : "stored as failed")
                       : rc == QUEUE_REPORT_FAILED   ? "failed"
                       : rc == QUEUE_REPORT_REQUEUED ? (o == QUEUE_INTERRUPTED ? "handed back (interrupted)" : "requeued")
                       : rc == QUEUE_REPORT_LOST     ? (o == QUEUE_INTERRUPTED ? "stopped and discarded" : "refused")
                                                     : "?";
    fprintf(stderr, "arena worker %s: %s %lld match %lld (job %lld): %s", l->name, c->owner_kind, (long long)c->owner_id,
            (long long)c->owner_key, (long long)c->job, what);
    if (rc == QUEUE_REPORT_STORED && o == QUEUE_DONE) fprintf(stderr, " in %.2f s, %d turns", r->seconds, r->turns);
    else if (why && *why) fprintf(stderr, ": %s", why);
    fputc('\n', stderr);
}

int cmd_worker(int argc, char **argv) {
    if (cli_wants_help(argc, argv)) {
        help();
        return EXIT_OK;
    }
    worker_opts o = {.jobs = config_cpu_count(), .own_outputs = true};
    const char *db = NULL;
    char tags[200] = "";
    bool exit_when_empty = false;
    double store_retry_s = STOP_TRIES_S;
    /* cli_arg: a missing value, or an empty folder name (--replays "" was "cannot create the folder
     * : No such file or directory", naming no flag; --cache "" was taken), is named */
    cli_args ca = {.cmd = "worker", .argc = argc, .argv = argv};
    for (ca.i = 1; ca.i < argc; ca.i++) {
        const char *v, *a = argv[ca.i];
#define FLAG(name) (cli_arg(&ca, name) && (v = ca.value, true))
        if (strcmp(a, "--exit-when-empty") == 0) exit_when_empty = true;
        else if (strcmp(a, "--quiet") == 0) o.quiet = true;
        else if (FLAG("--db")) db = v;
        else if (FLAG("--jobs")) {
            long long n; /* (strtol took " 5" with its blank, and "" as 0) */
            if (!text_parse_ll(v, 1, 256, &n)) return cli_usage_error("worker", "--jobs %s: expected 1 to 256", v);
            o.jobs = (int)n;
        } else if (FLAG("--name")) {
            /* the store keeps 63 bytes of it (queue_worker.name): a longer one was cut without a word,
             * and two names alike in their first 63 bytes became one in --status and the logs; a
             * control character broke the log's and --status's lines */
            size_t n = strlen(v);
            if (!n) /* (an unset variable: it was the default name, in silence) */
                return cli_usage_error("worker", "--name: an empty name; give one, or leave --name out (default HOST-PID)");
            bool plain = true;
            for (size_t k = 0; k < n; k++) plain &= (unsigned char)v[k] >= 0x20 && v[k] != 0x7f;
            if (n >= sizeof ((queue_worker *)0)->name || !plain)
                return cli_usage_error("worker", "--name: at most %d bytes, no control characters",
                                       (int)sizeof ((queue_worker *)0)->name - 1);
            o.name = v;
        }
        else if (FLAG("--tag")) {
            if (!*v || strspn(v, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-") != strlen(v))
                return cli_usage_error("worker", "--tag %s: letters, digits, '.' and '-' only", v);
            if (strlen(tags) + strlen(v) + 2 >= sizeof tags) return cli_usage_error("worker", "too many --tag");
            if (*tags) strcat(tags, ",");
            strcat(tags, v);
        } else if (FLAG("--replays")) o.replays_dir = v;
        else if (FLAG("--stderr-dir")) o.stderr_dir = v;
        else if (FLAG("--history")) o.history_dir = v;
        else if (FLAG("--cache")) o.cache_dir = v;
        else if (FLAG("--lease")) {
            if (!cli_parse_number(v, 0.001, 86400, &o.lease_s)) return cli_usage_error("worker", "--lease %s: expected seconds", v);
        } else if (FLAG("--heartbeat")) {
            if (!cli_parse_number(v, 0.001, 86400, &o.heartbeat_s)) return cli_usage_error("worker", "--heartbeat %s: expected seconds", v);
        } else if (FLAG("--poll")) {
            if (!cli_parse_number(v, 0.001, 86400, &o.poll_s)) return cli_usage_error("worker", "--poll %s: expected seconds", v);
        } else if (FLAG("--store-retry")) {
            if (!cli_parse_number(v, 0.001, 86400, &store_retry_s))
                return cli_usage_error("worker", "--store-retry %s: expected seconds", v);
        } else if (ca.failed) return EXIT_USAGE;
        else return cli_usage_error("worker", "unknown argument %s", a);
#undef FLAG
    }
    /* Slurm's tasks get the URL in the environment: on a command line, ps on a shared node showed
     * its password to every user of the node. */
    if (!db) db = getenv("ARENA_WORKER_DB");
    if (!db || !*db) return cli_usage_error("worker", "missing --db FILE|URL (or ARENA_WORKER_DB in the environment)");
    buf_t err;
    buf_init(&err);
    if (!queue_lease_ok(o.lease_s, o.heartbeat_s, &err)) {
        cli_usage_error("worker", "%s", buf_cstr(&err));
        buf_free(&err);
        return EXIT_USAGE;
    }
    const char **dirs[3] = {&o.replays_dir, &o.stderr_dir, &o.history_dir};
    char abs_dirs[3][PATH_MAX];
    if (!cli_make_dirs_absolute(dirs, abs_dirs, 3)) {
        buf_free(&err);
        return EXIT_FAIL;
    }
    o.tags = tags;
    stop_signal_catch(&stop_requested);
    /* A PostgreSQL store may not be up yet (a worker started before the server): wait for it. A URL
     * that names no server at all is not waited for: it was retried for ever. */
    if (!db_target_valid(db, &err)) {
        int rc = cli_usage_error("worker", "--db: %s", buf_cstr(&err));
        buf_free(&err);
        return rc;
    }
    store_t *s = NULL;
    for (double pause = 0.5; !stop_requested; pause = pause < 8 ? pause * 2 : 10) {
        buf_reset(&err);
        bool lasting = false;
        if ((s = store_open_lasting(db, false, &lasting, &err))) break;
        /* a missing or broken file does not come back by waiting, nor does this program grow newer
         * than the store (a machine whose arena was not rebuilt waited for ever, a Slurm task for
         * its whole time limit), nor does a mistyped password, role or database name grow right
         * (the server's refusal said at once, in one line, not retried with backoff for ever):
         * exit, and a rebuilt or corrected arena started again (systemd) serves */
        if (!db_target_is_postgres(db) || lasting) {
            fprintf(stderr, "arena: error: %s\n", buf_cstr(&err));
            buf_free(&err);
            return EXIT_FAIL;
        }
        fprintf(stderr, "arena worker: %s; trying again in %g s\n", buf_cstr(&err), pause);
        usleep((useconds_t)(pause * 1e6));
    }
    if (!s) { /* told to stop while it waited: a stop asked for, as once connected (systemd, Slurm) */
        fprintf(stderr, "arena worker: stopped before the store could be reached (%s)\n", buf_cstr(&err));
        buf_free(&err);
        return EXIT_OK;
    }
    /* The bots that travel in the store are unpacked into the cache: one that cannot be made (a
     * file in the way, a folder it may not write) made the worker claim each such match and hand it
     * back, once a --poll, for ever (a batch worker never ended), saying only why. Said at once
     * instead, once the store is open (a store it cannot use is said first, as before); a disk
     * that fills later is still met match by match (worker.c hands it back). */
    /* Without --cache, a default it cannot write (a home mounted read-only on a cluster's node)
     * gives way to a private folder under $TMPDIR, said once (cache.h). */
    char cache[PATH_MAX];
    buf_t note;
    buf_init(&note);
    if (!cache_choose(o.cache_dir, cache, sizeof cache, &note, &err)) {
        fprintf(stderr, "arena: error: %s; give --cache a folder this worker can write (the bots that travel in the "
                "store are unpacked there)\n", buf_cstr(&err));
        buf_free(&note);
        store_close(s);
        buf_free(&err);
        return EXIT_FAIL;
    }
    if (note.len) fprintf(stderr, "arena worker: %s (--cache DIR chooses another)\n", buf_cstr(&note));
    buf_free(&note);
    o.cache_dir = cache;
    worker_log log = {.quiet = o.quiet};
    o.stop = &stop_requested;
    o.on_report = on_report;
    o.ctx = &log;
    worker_t *w = worker_new(s, &o, &err);
    if (!w) {
        fprintf(stderr, "arena: error: %s\n", buf_cstr(&err));
        store_close(s);
        buf_free(&err);
        return EXIT_FAIL;
    }
    log.name = worker_identity(w)->name;
    if (!o.quiet)
        fprintf(stderr, "arena worker %s: %d at once on %s (%s), store %s\n", log.name, o.jobs, worker_identity(w)->host,
                worker_identity(w)->cpu, db_target(store_db(s)));
    double pause = 0.5;
    bool stopping = false, gave_up = false, lasting = false;
    int64_t give_up_us = 0;
    int rc = EXIT_OK;
    for (;;) {
        if (stop_requested && !stopping) {
            stopping = true;
            worker_stop(w); /* the matches come back as interrupted and are handed back */
            give_up_us = clock_now_us() + (int64_t)(store_retry_s * 1e6);
        }
        buf_reset(&err);
        if (worker_step(w, 500, !stopping, &err) < 0) {
            /* A newer arena migrated the store under it, the server now refuses this worker's
             * login (its password changed, its role or the database dropped), or the store met an
             * error no wait mends (db_lasting: its rights revoked, a table dropped, the SQLite file
             * read-only, damaged, deleted or replaced): as at start-up, it is not retried (a batch
             * worker said the same line until its time limit). Its matches are abandoned and handed
             * back (worker_free; when the store refuses that too, they come back when their leases
             * end), and a rebuilt or corrected worker serves. */
            if (worker_store_newer(w) || db_lasting(store_db(s))) {
                fprintf(stderr, "arena: error: %s\n", buf_cstr(&err));
                lasting = true;
                rc = EXIT_FAIL;
                worker_stop(w);
                break;
            }
            /* Told to stop, it does not wait for a store that keeps refusing (a full disk, a
             * trigger): worker_free hands back as interrupted what it could not store, and what it
             * cannot even hand back (the store is away) comes back when its lease ends. */
            if (stopping && clock_now_us() >= give_up_us) {
                gave_up = true;
                rc = EXIT_FAIL;
                break;
            }
            /* the backoff: the next step's first statement reconnects (db.h); told to stop, the
             * last try is at the end of --store-retry, not a pause past it */
            double wait = pause, left = (double)(give_up_us - clock_now_us()) / 1e6;
            if (stopping && left < wait) wait = left > 0 ? left : 0;
            /* a full disk or memory is not a lost connection: said so, and that it keeps trying */
            fprintf(stderr, "arena worker %s: %s; %s in %.3g s", log.name, buf_cstr(&err),
                    db_last_fault(store_db(s)) == DB_FAULT_ROOM ? "no room in the store: it keeps trying, again" : "reconnecting",
                    wait);
            if (stopping) fprintf(stderr, " (stopping: tries for %.3g s more)", left > 0 ? left : 0);
            fputc('\n', stderr);
            usleep((useconds_t)(wait * 1e6));
            pause = pause < 8 ? pause * 2 : 10;
            if (stopping && worker_busy(w) == 0) break;
            continue;
        }
        pause = 0.5;
        if (stopping && worker_busy(w) == 0) break;
        /* Matches that need a tag this worker lacks are not waited for: they are never its own. */
        if (exit_when_empty && worker_idle(w) && worker_busy(w) == 0 && queue_open_for(s, worker_identity(w), &err) == 0)
            break;
    }
    char name[128]; /* log.name lives in the worker: keep it past worker_free for the last line */
    snprintf(name, sizeof name, "%s", log.name);
    /* Left, not done: an untagged worker of a --require tournament said only "no match left" */
    char tag[64] = "";
    int64_t left = !stopping && !gave_up && !lasting ? queue_left_for_tags(s, worker_identity(w), tag, &err) : 0;
    int busy = worker_busy(w), held = worker_free(w, 2000);
    store_close(s);
    if (gave_up && held == 0)
        fprintf(stderr, "arena worker %s: %s; stopping without it after %g s: the matches it held were handed back "
                "to the queue as interrupted, to be played again\n", name, buf_cstr(&err), store_retry_s);
    else if (gave_up)
        fprintf(stderr, "arena worker %s: %s; stopping without it after %g s, %d not even handed back: the matches it "
                "held go back to the queue when their leases end (%g s after its last heartbeat), or as soon as a "
                "worker starts on this machine\n", name, buf_cstr(&err), store_retry_s, held,
                o.lease_s > 0 ? o.lease_s : QUEUE_LEASE_DEFAULT_S);
    buf_free(&err);
    if (left > 0)
        fprintf(stderr, "arena worker %s: no match left that it may play; %lld queued need a tag it lacks: `%s worker --db ... "
                "--tag %s` plays them\n", name, (long long)left, cli_program(), tag);
    else if (lasting && held && held == busy)
        fprintf(stderr, "arena worker %s: stopped; the %d match%s it was playing could not be handed back: they come "
                "back to the queue when their leases end (%g s after its last heartbeat)\n", name, held,
                held == 1 ? "" : "es", o.lease_s > 0 ? o.lease_s : QUEUE_LEASE_DEFAULT_S);
    else if (lasting)
        fprintf(stderr, "arena worker %s: stopped; %d match%s it was playing handed back to the queue, to be played "
                "again%s\n", name, busy - held, busy - held == 1 ? "" : "es",
                held ? "; the others come back when their leases end" : "");
    else if (!o.quiet) fprintf(stderr, "arena worker %s: %s\n", name, stopping ? "stopped" : "no match left");
    return rc;
}
