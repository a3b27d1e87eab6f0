/* tester.c: the run of `arena tester`, the Splitter Tester reproduced: each game is one referee
 * match (match_new/match_run) with one bot process (or a built-in bot), played by N worker threads;
 * a sink turns the match's events into the original Tester's output (echoed lines, skip messages,
 * score blocks, failure lines). Output is kept per game and printed in game order: the game at the
 * head of the order prints live, the others when their turn comes. The main thread only waits for
 * signals. */
#include "tester.h"
#include "../sandbox/sandbox.h"
#include "../core/clock.h"
#include "../core/dirs.h"
#include "../core/dotnet_format.h"
#include "../core/dotnet_random.h"
#include "../core/exit_status.h"
#include "../core/hash.h"
#include "../core/rng.h"
#include "../core/text.h"
#include "../games/registry.h"
#include "../games/splitter/spl.h"
#include "../match/sinks.h"
#include "../core/xalloc.h"
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <unistd.h>

/* What one game printed and how it ended. */
typedef struct {
    long long slot;      /* the game's position in the run (0-based) */
    buf_t text;          /* output not yet printed (the head game prints directly) */
    bool done, aborted;
    int score;
    int fatal;           /* --strict: the exit status that ends the run after this game */
    char *fatal_stderr;  /* --strict malformed line: the .NET abort message */
} game_out;

typedef struct {
    const tester_opts *o;
    const game_t *game;
    const char *seed;        /* the seed string in force */
    int32_t hash;            /* CustomHash(seed) (Splitter R7) */
    uint64_t seed_base;      /* FNV-1a of the seed string: match seeds derive from it */
    const char *shell;       /* /bin/bash, or /bin/sh without bash (Splitter D6) */
    bool builtin;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    long long total, next, head;
    int window;              /* games handed out beyond the head, at most */
    game_out *outs;          /* ring of `window` entries, slot % window */
    bool stop;
    int fatal;
    char *fatal_stderr;
    long long played, points;
    int workers_left;
    int wake[2];             /* workers write a byte when they leave or a --strict failure prints */
} tester;

/* ---------- ordered output ---------- */

static void emit(tester *t, game_out *o, const char *data, size_t n) {
    pthread_mutex_lock(&t->mu);
    if (o->slot == t->head) fwrite(data, 1, n, stdout);
    else buf_append(&o->text, data, n);
    pthread_mutex_unlock(&t->mu);
}

static void wake_main(tester *t) {
    if (write(t->wake[1], "x", 1) < 0) {} /* the main thread only needs to wake up */
}

/* Marks a game finished and prints every game that is now at the head of the order. */
static void finish(tester *t, game_out *o) {
    bool woke = false;
    pthread_mutex_lock(&t->mu);
    o->done = true;
    while (!t->stop && t->head < t->next) {
        game_out *h = &t->outs[t->head % t->window];
        if (!h->done) break;
        if (h->aborted) break; /* an interrupted game ends the printing */
        t->played++;
        t->points += h->score;
        if (h->fatal) {
            t->stop = true;
            t->fatal = h->fatal;
            t->fatal_stderr = h->fatal_stderr;
            h->fatal_stderr = NULL;
            woke = true;
            break;
        }
        t->head++;
        if (t->head < t->next) {
            game_out *n = &t->outs[t->head % t->window];
            if (n->text.len) fwrite(n->text.data, 1, n->text.len, stdout); /* data is NULL when empty */
            buf_reset(&n->text);
        }
    }
    if (t->head >= t->next || t->stop) fflush(stdout);
    pthread_cond_broadcast(&t->cv);
    pthread_mutex_unlock(&t->mu);
    if (woke) wake_main(t);
}

match_clock tester_default_clock(void) {
    return (match_clock){.move_ms = 0, .hard_ms = 1000, .bank_ms = 0, .startup_ms = 10000, .grace_ms = 500,
                         .pause_idle = false, .startup_only_first = true};
}

/* The limit that move `move` (1-based) had: the first move's is the start-up limit alone. */
static int64_t tester_limit(const tester_opts *o, int move) {
    return move == 1 ? o->clock.startup_ms : o->clock.hard_ms;
}

/* ---------- the sink that writes the Tester's output ---------- */

enum { FAIL_NONE = 0, FAIL_RULE, FAIL_EXCEPTION, FAIL_OTHER_INVALID, FAIL_CLOCK_OR_EXIT };

typedef struct {
    tester *t;
    game_out *o;
    long long index;   /* the game index g */
    int kind;          /* FAIL_* of the first failure */
    buf_t reason;      /* "<reason>" of "Game <g> scored 0: <reason>" */
    buf_t bare;        /* --strict: the message the original printed */
    spl_exception exc;
    buf_t line;        /* scratch */
} tsink;

static void ts_line(void *ctx, const match_t *m, int seat, const char *line, size_t n) {
    (void)m, (void)seat;
    tsink *s = ctx;
    if (s->t->o->silent) return;
    if (n > SPL_LINE_USED) n = SPL_LINE_USED; /* only the first 4096 bytes of a line are used (Splitter P5.3) */
    buf_reset(&s->line);
    buf_append(&s->line, line, n);
    buf_putc(&s->line, '\n');
    emit(s->t, s->o, s->line.data, s->line.len);
}

static void ts_log(void *ctx, const match_t *m, const log_event *ev) {
    tsink *s = ctx;
    const spl_state *st = m->state;
    const tester_opts *o = s->t->o;
    if (ev->kind == LOGEV_SKIP) {
        if (!o->silent) emit(s->t, s->o, "Input not a number skipping!\n", 29);
        return;
    }
    if (ev->kind != LOGEV_INVALID && ev->kind != LOGEV_DOWN && ev->kind != LOGEV_CRASH) return;
    if (s->kind != FAIL_NONE) return;
    int move = st->round + 1;
    int64_t limit = tester_limit(o, move);
    log_event e = *ev;
    buf_t full;
    buf_init(&full);
    if (ev->kind == LOGEV_INVALID && ev->cause == CAUSE_MALFORMED) {
        /* The referee keeps a shortened reason; the .NET message names the whole field. */
        spl_action a;
        spl_parse_line(ev->text, ev->len, &a, &s->exc, &full);
        e.detail = buf_cstr(&full);
        s->kind = FAIL_EXCEPTION;
        buf_printf(&s->bare, "Unhandled exception. %s: %s\n", spl_exception_name(s->exc), buf_cstr(&full));
    } else if (ev->kind == LOGEV_INVALID && ev->cause == CAUSE_ILLEGAL) {
        s->kind = FAIL_RULE;
        buf_printf(&s->bare, "%s\n", ev->detail ? ev->detail : "");
    } else if (ev->kind == LOGEV_INVALID) {
        s->kind = FAIL_OTHER_INVALID;
    } else {
        s->kind = FAIL_CLOCK_OR_EXIT;
    }
    spl_failure_reason(&e, move, st->rounds, limit, &s->reason);
    if (s->kind == FAIL_OTHER_INVALID) buf_printf(&s->bare, "%s\n", buf_cstr(&s->reason));
    buf_free(&full);
}

/* Built-in bots write no lines: their answers are echoed as the line a process would write, so
 * that builtin:NAME and bin/kits/splitter/NAME print the same. */
static void ts_turn(void *ctx, const match_t *m) {
    tsink *s = ctx;
    if (!s->t->builtin || s->t->o->silent || !m->turns[0].has_action) return;
    buf_reset(&s->line);
    spl_encode_action((const spl_action *)m->actions, &s->line);
    buf_putc(&s->line, '\n');
    emit(s->t, s->o, s->line.data, s->line.len);
}

static void ts_end(void *ctx, const match_t *m) {
    tsink *s = ctx;
    const spl_state *st = m->state;
    const tester_opts *o = s->t->o;
    game_out *out = s->o;
    if (m->aborted) {
        out->aborted = true;
        return;
    }
    if (st->failure.verdict == VERDICT_OK) {
        out->score = (int)m->scores[0];
        if (!o->silent) {
            buf_t b;
            buf_init(&b);
            spl_score_block(st, &b);
            buf_putc(&b, '\n');
            emit(s->t, out, b.data, b.len);
            buf_free(&b);
        }
        return;
    }
    out->score = 0;
    if (s->kind == FAIL_NONE) {
        /* A failure without an event (the process could not be started at all, or a move was
         * later than --move-ms: the late reply itself is discarded, so no event names it). */
        verdict_kind v = st->failure.verdict;
        log_event e = {.kind = v == VERDICT_CRASH ? LOGEV_CRASH
                               : v == VERDICT_DOWN ? LOGEV_DOWN
                               : v == VERDICT_LATE ? LOGEV_LATE
                                                   : LOGEV_INVALID,
                       .cause = st->failure.cause, .status = st->failure.status, .seat = 0};
        int move = st->round + 1;
        spl_failure_reason(&e, move, st->rounds, v == VERDICT_LATE ? o->clock.move_ms : tester_limit(o, move), &s->reason);
        s->kind = FAIL_CLOCK_OR_EXIT;
    }
    if (o->strict && (s->kind == FAIL_RULE || s->kind == FAIL_OTHER_INVALID)) {
        emit(s->t, out, s->bare.data, s->bare.len); /* the original: the bare message, exit 1 */
        out->fatal = EXIT_FAIL;
    } else if (o->strict && s->kind == FAIL_EXCEPTION) {
        out->fatal = 134; /* .NET's abort on an unhandled exception */
        out->fatal_stderr = buf_steal(&s->bare);
    } else {
        buf_t b;
        buf_init(&b);
        buf_printf(&b, "Game %lld scored 0: %s\n", s->index, buf_cstr(&s->reason));
        emit(s->t, out, b.data, b.len);
        buf_free(&b);
    }
}

/* ---------- one game ---------- */

static char *dupz(const char *s) { return text_dup(s, strlen(s)); }

static void play_game(tester *t, long long slot, game_out *out) {
    const tester_opts *o = t->o;
    long long index = o->first_game + slot;
    match_config *cfg = xcalloc(1, sizeof *cfg);
    buf_t err;
    buf_init(&err);
    char kv_layout[32], kv_game[48], kv_dice[48];
    snprintf(kv_layout, sizeof kv_layout, "layout=%d", o->layout);
    snprintf(kv_game, sizeof kv_game, "game=%lld", index);
    snprintf(kv_dice, sizeof kv_dice, "dice_seed=%d", t->hash);
    char *kv[3] = {kv_layout, kv_game, kv_dice};
    cfg->game = t->game;
    if (!match_parse_options(t->game, 3, kv, &cfg->options, &err)) abort();
    cfg->seed = rng_derive_seed(t->seed_base, (uint64_t)index);
    cfg->nseats = 1;
    cfg->sandbox.mode = o->sandbox;
    seat_spec *sp = &cfg->seats[0];
    if (t->builtin) {
        if (!seatspec_parse(t->game, o->command, sp, &err)) abort(); /* checked before the run */
    } else {
        /* Splitter D6: the command is one argument of bash -c, never split or interpreted by Arena. */
        memset(sp, 0, sizeof *sp);
        sp->kind = SEAT_COMMAND;
        sp->text = dupz(o->command);
        sp->command = dupz(o->command);
        sp->name = dupz("bot");
        sp->code = dupz("");
        sp->shell = t->shell;
    }
    cfg->clock = o->clock;
    cfg->stderr_inherit = true;
    tsink ts = {.t = t, .o = out, .index = index};
    buf_init(&ts.reason);
    buf_init(&ts.bare);
    buf_init(&ts.line);
    cfg->sinks[0] = (sink_t){.ctx = &ts, .on_line = ts_line, .on_log = ts_log, .on_turn = ts_turn, .on_end = ts_end};
    cfg->nsinks = 1;
    sink_t *replay = NULL;
    if (o->replay_dir) {
        char path[4096];
        snprintf(path, sizeof path, "%s/game-%lld.jsonl", o->replay_dir, index);
        replay = sink_replay_new(path, &err);
        if (replay) cfg->sinks[cfg->nsinks++] = *replay;
        else fprintf(stderr, "arena tester: %s\n", buf_cstr(&err));
    }
    match_t *m = match_new(cfg, &err);
    if (!m) {
        fprintf(stderr, "arena tester: game %lld: %s\n", index, buf_cstr(&err));
        out->aborted = true;
    } else {
        match_run(m);
        match_free(m);
    }
    if (!sink_finish(replay, &err)) fprintf(stderr, "arena tester: %s\n", buf_cstr(&err)); /* a full disk */
    sink_free(replay);
    seatspec_free(sp);
    buf_free(&ts.reason);
    buf_free(&ts.bare);
    buf_free(&ts.line);
    buf_free(&err);
    free(cfg);
}

static void *worker(void *arg) {
    tester *t = arg;
    for (;;) {
        pthread_mutex_lock(&t->mu);
        while (!t->stop && t->next < t->total && t->next >= t->head + t->window) pthread_cond_wait(&t->cv, &t->mu);
        if (t->stop || t->next >= t->total || match_interrupted) {
            pthread_mutex_unlock(&t->mu);
            break;
        }
        long long slot = t->next++;
        game_out *out = &t->outs[slot % t->window];
        buf_reset(&out->text);
        out->slot = slot;
        out->done = out->aborted = false;
        out->score = out->fatal = 0;
        free(out->fatal_stderr);
        out->fatal_stderr = NULL;
        pthread_mutex_unlock(&t->mu);
        play_game(t, slot, out);
        finish(t, out);
    }
    pthread_mutex_lock(&t->mu);
    t->workers_left--;
    pthread_mutex_unlock(&t->mu);
    wake_main(t);
    return NULL;
}

static void on_usr1(int sig) { (void)sig; } /* only interrupts a worker's poll() */

/* ---------- the run ---------- */

static void print_summary(const tester *t, int64_t start_us) {
    char avg[64];
    dotnet_format_double(t->played ? (double)t->points / (double)t->played : NAN, avg, sizeof avg);
    printf("Games played %lld\nPoints gotten %lld\nPoints per game (avg) %s\nTime taken %lldS\n", t->played,
           t->points, avg, (long long)((clock_now_us() - start_us) / 1000000));
    fflush(stdout);
}

int tester_run(const tester_opts *o) {
    int64_t start_us = clock_now_us();
    static tester T;
    tester *t = &T;
    memset(t, 0, sizeof *t);
    t->o = o;
    t->game = registry_find("splitter");
    t->builtin = strncmp(o->command, "builtin:", 8) == 0;
    if (t->builtin) {
        seat_spec probe;
        buf_t err;
        buf_init(&err);
        bool ok = seatspec_parse(t->game, o->command, &probe, &err);
        if (ok) seatspec_free(&probe);
        else fprintf(stderr, "arena tester: %s\n", buf_cstr(&err));
        buf_free(&err);
        if (!ok) return EXIT_USAGE;
    }
    char drawn[32];
    if (o->seed) {
        t->seed = o->seed;
    } else {
        /* Splitter D1: a drawn seed, printed, then exactly as with --seed. */
        uint64_t r = 0;
        if (getrandom(&r, sizeof r, 0) != (ssize_t)sizeof r) r = (uint64_t)clock_now_ns() ^ ((uint64_t)getpid() << 32);
        snprintf(drawn, sizeof drawn, "%016llx", (unsigned long long)r);
        t->seed = drawn;
        printf("Seed %s\n", drawn);
    }
    t->hash = dotnet_custom_hash_utf8(t->seed, strlen(t->seed));
    t->seed_base = hash_fnv1a64(t->seed, strlen(t->seed), FNV1A64_OFFSET) & RNG_SEED_MAX;
    t->shell = access("/bin/bash", X_OK) == 0 ? "/bin/bash" : "/bin/sh";
    t->total = o->games > 0 ? o->games : 0;
    if (o->replay_dir && !dirs_make(o->replay_dir, 0777)) {
        fprintf(stderr, "arena tester: cannot create %s: %s\n", o->replay_dir, strerror(errno));
        return EXIT_FAIL;
    }
    struct stat dir;
    if (o->replay_dir && (stat(o->replay_dir, &dir) != 0 || !S_ISDIR(dir.st_mode))) {
        fprintf(stderr, "arena tester: --replay-dir %s is a file, not a folder\n", o->replay_dir);
        return EXIT_FAIL;
    }
    if (t->total == 0) {
        print_summary(t, start_us);
        return EXIT_OK;
    }
    int jobs = o->jobs < 1 ? 1 : o->jobs;
    if (jobs > t->total) jobs = (int)t->total;
    t->window = 4 * jobs + 60;
    t->outs = xcalloc((size_t)t->window, sizeof *t->outs);
    pthread_mutex_init(&t->mu, NULL);
    pthread_cond_init(&t->cv, NULL);
    if (pipe2(t->wake, O_CLOEXEC | O_NONBLOCK) < 0) {
        perror("arena tester: pipe");
        return EXIT_FAIL;
    }
    /* Signals go to the main thread only (signalfd); the workers' poll() is woken with SIGUSR1. */
    sigset_t sigs, old;
    sigemptyset(&sigs);
    static const int HANDLED[3] = {SIGINT, SIGTERM, SIGHUP};
    for (int i = 0; i < 3; i++) {
        /* A background job of a non-interactive shell starts with SIGINT ignored; an ignored
         * signal never reaches signalfd, so take it back (as a handler would). SIGHUP stays
         * ignored under nohup. */
        struct sigaction cur;
        sigaction(HANDLED[i], NULL, &cur);
        if (cur.sa_handler == SIG_IGN && HANDLED[i] == SIGHUP) continue;
        if (cur.sa_handler == SIG_IGN) signal(HANDLED[i], SIG_DFL);
        sigaddset(&sigs, HANDLED[i]);
    }
    pthread_sigmask(SIG_BLOCK, &sigs, &old);
    int sfd = signalfd(-1, &sigs, SFD_CLOEXEC | SFD_NONBLOCK);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_usr1; /* no SA_RESTART */
    sigaction(SIGUSR1, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
    pthread_t *th = xcalloc((size_t)jobs, sizeof *th);
    t->workers_left = jobs;
    /* The sandbox finds out what works by forking probes: done here, before any worker thread
     * exists, since a child forked beside running threads could inherit a lock held in one. */
    if (t->o->sandbox != SANDBOX_OFF) sandbox_detect();
    for (int i = 0; i < jobs; i++) pthread_create(&th[i], NULL, worker, t);
    int got_signal = 0;
    for (;;) {
        struct pollfd pf[2] = {{t->wake[0], POLLIN, 0}, {sfd, POLLIN, 0}};
        int rc = poll(pf, sfd >= 0 ? 2 : 1, -1);
        if (rc < 0 && errno != EINTR) break;
        if (sfd >= 0 && (pf[1].revents & POLLIN)) {
            struct signalfd_siginfo si;
            if (read(sfd, &si, sizeof si) == (ssize_t)sizeof si) {
                got_signal = (int)si.ssi_signo;
                break;
            }
        }
        char drain[64];
        while (read(t->wake[0], drain, sizeof drain) > 0) {}
        pthread_mutex_lock(&t->mu);
        bool all_done = t->workers_left == 0, stop = t->stop;
        pthread_mutex_unlock(&t->mu);
        if (all_done || stop) break;
    }
    /* Interrupted or a --strict failure: abandon the games in progress (their bots are killed). */
    pthread_mutex_lock(&t->mu);
    bool abandon = got_signal || t->workers_left > 0;
    t->stop = t->stop || got_signal;
    pthread_cond_broadcast(&t->cv);
    pthread_mutex_unlock(&t->mu);
    if (abandon) {
        match_interrupted = 1;
        for (;;) {
            pthread_mutex_lock(&t->mu);
            int left = t->workers_left;
            pthread_mutex_unlock(&t->mu);
            if (left == 0) break;
            for (int i = 0; i < jobs; i++) pthread_kill(th[i], SIGUSR1);
            struct pollfd pf = {t->wake[0], POLLIN, 0};
            poll(&pf, 1, 20);
            char drain[64];
            while (read(t->wake[0], drain, sizeof drain) > 0) {}
        }
    }
    for (int i = 0; i < jobs; i++) pthread_join(th[i], NULL);
    free(th);
    fflush(stdout);
    int status = EXIT_OK;
    if (t->fatal) {
        if (t->fatal_stderr) fputs(t->fatal_stderr, stderr);
        status = t->fatal;
    } else {
        print_summary(t, start_us);
    }
    for (int i = 0; i < t->window; i++) {
        buf_free(&t->outs[i].text);
        free(t->outs[i].fatal_stderr);
    }
    free(t->outs);
    free(t->fatal_stderr);
    close(t->wake[0]);
    close(t->wake[1]);
    if (sfd >= 0) close(sfd);
    if (got_signal) {
        /* End as if killed by the signal (a shell shows 130 for Ctrl-C), as the original did. */
        signal(got_signal, SIG_DFL);
        sigset_t one;
        sigemptyset(&one);
        sigaddset(&one, got_signal);
        pthread_sigmask(SIG_UNBLOCK, &one, NULL);
        raise(got_signal);
        return 128 + got_signal;
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return status;
}
