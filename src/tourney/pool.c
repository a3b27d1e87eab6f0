/* pool.c: the worker processes that play matches. Each worker is forked from its owner (the
 * worker loop of `arena worker` or `arena tourney`), reads matches (a key and a match spec, JSON,
 * jobspec.h) from its job pipe, plays each with the referee and writes one JSON line per match to
 * its result pipe. The runner polls the result pipes; EOF means the worker
 * died. The runner is a child subreaper, so bots left behind by a killed worker become its
 * children and are killed. */
#include "pool.h"
#include "jobspec.h"
#include "../core/clock.h"
#include "../core/coverage.h"
#include "../core/jw.h"
#include "../match/sinks.h"
#include "../match/python_sdk.h"
#include "../core/xalloc.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define TERM_GRACE_US 2000000 /* after SIGTERM, a worker has this long before SIGKILL (pool_set_term_grace) */

typedef struct {
    pid_t pid;          /* 0: no process */
    int job_fd;         /* write end of its job pipe */
    int res_fd;         /* read end of its result pipe */
    buf_t rbuf;         /* result bytes not yet split into lines */
    int idx;            /* the key of the match it plays, -1 when idle */
    int64_t deadline_us;/* whole-match limit (CLOCK_NEVER: none) */
    double timeout_s;   /* that limit in seconds, for messages */
    int64_t term_us;    /* when SIGTERM was sent (0: not sent) */
    bool timed_out;     /* SIGTERM was for the whole-match limit */
    bool cancelled;     /* SIGTERM was pool_cancel's: a death meanwhile is the abort's, not the bots' */
    bool reaped;        /* waitpid already collected its status */
    int status;
} worker;

struct pool_s {
    int jobs;           /* worker processes */
    pid_t self;
    worker *w;
    int spawned;
    bool stopping;
    int64_t term_grace_us; /* after SIGTERM for the limit, SIGKILL this much later */
};

/* ---------- the worker process ---------- */

static void on_term(int sig) {
    (void)sig;
    match_interrupted = 1;
}

/* Counts each seat's questions and think time (the store keeps them per seat). */
typedef struct {
    int moves[GAME_MAX_SEATS];
    int64_t think_us[GAME_MAX_SEATS];
} counter;

static void count_turn(void *ctx, const match_t *m) {
    counter *c = ctx;
    for (int s = 0; s < m->cfg->nseats; s++) {
        if (!m->turns[s].asked) continue;
        c->moves[s]++;
        c->think_us[s] += m->turns[s].elapsed_us;
    }
}

static void write_all(int fd, const char *data, size_t n) {
    while (n) {
        ssize_t k = write(fd, data, n);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) return; /* the runner is gone */
        data += k;
        n -= (size_t)k;
    }
}

static void send_error(int fd, int idx, const char *msg) {
    buf_t out;
    buf_init(&out);
    jw_t w;
    jw_init(&w, &out);
    jw_obj(&w);
    jw_key(&w, "idx");
    jw_int(&w, idx);
    jw_key(&w, "error");
    jw_str(&w, msg);
    jw_obj_end(&w);
    buf_putc(&out, '\n');
    write_all(fd, out.data, out.len);
    buf_free(&out);
}

static void play(const char *spec_text, int idx, int res_fd) {
    static match_config mc;
    jobspec spec;
    buf_t err;
    buf_init(&err);
    if (!jobspec_parse(spec_text, &spec, &err)) {
        send_error(res_fd, idx, buf_cstr(&err));
        buf_free(&err);
        return;
    }
    /* Relative seat paths and output folders are the scheduler's: resolve them where it ran. */
    if (spec.cwd && chdir(spec.cwd) != 0) {
        /* not on this machine (a remote worker): its seats are bundles or built-ins */
    }
    if (!jobspec_match_config(&spec, &mc, &err)) {
        send_error(res_fd, idx, buf_cstr(&err));
        jobspec_free(&spec);
        buf_free(&err);
        return;
    }
    int nseats = mc.nseats;
    counter cnt;
    memset(&cnt, 0, sizeof cnt);
    sink_t count_sink = {.ctx = &cnt, .on_turn = count_turn};
    mc.sinks[mc.nsinks++] = count_sink;
    char replay[PATH_MAX], part[PATH_MAX + 8];
    replay[0] = 0;
    sink_t *rs = NULL, *hs = NULL;
    match_t *m = NULL;
    if (spec.replay) {
        snprintf(replay, sizeof replay, "%s", spec.replay);
        snprintf(part, sizeof part, "%s.part", replay);
        rs = sink_replay_new(part, &err);
        if (!rs) goto setup_failed;
        mc.sinks[mc.nsinks++] = *rs;
    }
    /* The game's own record (Chicken's match JSON) is written at the end of a finished match only,
     * each under the first free name, so a match played again never overwrites another's. */
    if (spec.history_dir) {
        hs = sink_history_new(spec.game, spec.history_dir, &err);
        if (!hs) goto setup_failed;
        mc.sinks[mc.nsinks++] = *hs;
    }
    /* A python: seat on a machine without the interpreter, or with an arena binary copied away
     * from its sdk/python (No module named arena_sdk), lost every game, down at start-up, and the
     * losses were stored against the entrant: a worker machine's lack, not the bot's. It is a
     * failure with the reason, not counted (--retry-failed plays it once the machine has it). */
    for (int s = 0; s < mc.nseats; s++) {
        if (mc.seats[s].kind != SEAT_PYTHON) continue;
        buf_t why;
        buf_init(&why);
        char pkg[PATH_MAX];
        struct stat st;
        snprintf(pkg, sizeof pkg, "%s/arena_sdk", python_sdk_folder(mc.python_sdk));
        if (seatspec_python_found(getenv("PATH"), &why) && (stat(pkg, &st) != 0 || !S_ISDIR(st.st_mode)))
            buf_printf(&why, "no Python SDK at %s: run the arena of a build (sdk/ beside bin/), or set ARENA_PYTHON_SDK",
                       python_sdk_folder(mc.python_sdk));
        if (why.len) {
            char host[256] = "this machine";
            gethostname(host, sizeof host - 1);
            buf_printf(&err, "seat %d (%s) cannot start on %s: %s (not counted; --retry-failed plays it again)",
                       s, mc.seats[s].name ? mc.seats[s].name : mc.seats[s].text, host, buf_cstr(&why));
            buf_free(&why);
            goto setup_failed;
        }
        buf_free(&why);
    }
    if (spec.stderr_dir) { /* one folder per match: DIR/t<id>-m<idx>/seatN.stderr */
        mkdir(spec.stderr_dir, 0777);
        mc.stderr_dir = spec.stderr_dir;
    }
    /* A game that cannot be made for want of memory is not a refused setup: its reason says so
     * (docs/scale.md: failed at once with the reason, not counted against the entrants). */
    bool runtime_error = false;
    m = match_new_status(&mc, &err, &runtime_error);
    if (!m) {
        if (runtime_error) {
            buf_t why;
            buf_init(&why);
            buf_printf(&why, "the game could not be made: %s", buf_cstr(&err));
            buf_reset(&err);
            buf_puts(&err, buf_cstr(&why));
            buf_free(&why);
        }
        goto setup_failed;
    }
    int rc = match_run(m);
    /* The referee abandoned it because the game could not go on (rules.failed: Rezzo out of
     * memory): a failure with the game's reason, never "stopped" (an interruption is played again,
     * without end when the game fails every time). */
    buf_t gone;
    buf_init(&gone);
    if (rc != 0 && m->game->rules.failed && m->game->rules.failed(m->state, &gone)) {
        sink_free(rs);
        sink_free(hs);
        if (rs) unlink(part);
        buf_t msg;
        buf_init(&msg);
        buf_printf(&msg, "the game could not go on: %s", buf_cstr(&gone));
        send_error(res_fd, idx, buf_cstr(&msg));
        buf_free(&msg);
        buf_free(&gone);
        match_free(m);
        goto out;
    }
    buf_free(&gone);
    /* a replay cut short (a full disk) is not stored as the match's replay */
    bool replay_whole = sink_finish(rs, &err);
    sink_free(rs);
    sink_free(hs);
    buf_t out;
    buf_init(&out);
    jw_t w;
    jw_init(&w, &out);
    jw_obj(&w);
    jw_key(&w, "idx");
    jw_int(&w, idx);
    if (rs && !replay_whole) {
        fprintf(stderr, "arena: %s; match %d is stored without its replay\n", buf_cstr(&err), idx);
        unlink(part);
        rs = NULL;
        replay[0] = 0;
    }
    if (rc != 0 || m->aborted) {
        if (rs) unlink(part);
        jw_key(&w, "aborted");
        jw_bool(&w, true);
    } else {
        if (rs && rename(part, replay) != 0) replay[0] = 0;
        jw_key(&w, "turns");
        jw_int(&w, m->turns_played);
        jw_key(&w, "seconds");
        jw_double(&w, (double)(m->end_us - m->start_us) / 1e6);
        jw_key(&w, "seats");
        jw_arr(&w);
        for (int s = 0; s < nseats; s++) {
            jw_arr(&w);
            jw_double(&w, m->scores[s]);
            jw_int(&w, m->ranks[s]);
            for (int v = VERDICT_LATE; v < VERDICT_COUNT; v++) jw_int(&w, m->verdicts[s][v]);
            jw_int(&w, cnt.moves[s]);
            jw_double(&w, (double)cnt.think_us[s] / 1000.0);
            jw_arr_end(&w);
        }
        jw_arr_end(&w);
        jw_key(&w, "replay");
        jw_str(&w, replay);
    }
    jw_obj_end(&w);
    buf_putc(&out, '\n');
    write_all(res_fd, out.data, out.len);
    buf_free(&out);
    match_free(m);
    goto out;
setup_failed:
    send_error(res_fd, idx, buf_cstr(&err));
    sink_free(rs);
    sink_free(hs);
    if (rs) unlink(part);
out:
    for (int s = 0; s < mc.nseats; s++) seatspec_free(&mc.seats[s]);
    jobspec_free(&spec);
    buf_free(&err);
}

static bool close_span(unsigned a, unsigned b) {
#ifdef SYS_close_range
    return a > b || syscall(SYS_close_range, a, b, 0) == 0;
#else
    (void)a, (void)b;
    return false;
#endif
}

static void close_other_fds(int keep1, int keep2) {
    unsigned lo = (unsigned)(keep1 < keep2 ? keep1 : keep2), hi = (unsigned)(keep1 < keep2 ? keep2 : keep1);
    if (close_span(3, lo - 1) && close_span(lo + 1, hi - 1) && close_span(hi + 1, ~0U)) return;
    DIR *d = opendir("/proc/self/fd");
    if (!d) {
        for (int fd = 3; fd < 1024; fd++)
            if (fd != keep1 && fd != keep2) close(fd);
        return;
    }
    int fds[1024], n = 0;
    struct dirent *e;
    while ((e = readdir(d)) && n < 1024) {
        int fd = atoi(e->d_name);
        if (fd > 2 && fd != keep1 && fd != keep2 && fd != dirfd(d)) fds[n++] = fd;
    }
    closedir(d);
    for (int i = 0; i < n; i++) close(fds[i]);
}

/* A worker leaves with _exit (nothing of the owner's may run twice); a gcov build writes the
 * counters first (core/coverage.h). */
static void worker_leave(int status) __attribute__((noreturn));
static void worker_leave(int status) {
    coverage_flush();
    _exit(status);
}

/* Reads exactly n bytes; false at EOF or error. */
static bool read_full(const pool_t *p, int fd, void *buf, size_t n) {
    size_t got = 0;
    while (got < n) {
        ssize_t k = read(fd, (char *)buf + got, n - got);
        if (k < 0 && errno == EINTR) {
            if (match_interrupted && getppid() != p->self) worker_leave(0);
            continue;
        }
        if (k <= 0) return false;
        got += (size_t)k;
    }
    return true;
}

static void worker_main(const pool_t *p, int job_fd, int res_fd) {
    /* Only descriptors of its own: a sibling's pipe kept open here would hide that sibling's
     * death from the runner, and the store's descriptors must never be touched. */
    close_other_fds(job_fd, res_fd);
    signal(SIGTERM, on_term);
    signal(SIGINT, on_term);
    signal(SIGHUP, on_term);
    signal(SIGPIPE, SIG_IGN);
    /* The owner's death ends the worker's match cleanly (its bots are killed). */
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (getppid() != p->self) worker_leave(0);
    for (;;) {
        int32_t head[2]; /* key, spec length */
        if (!read_full(p, job_fd, head, sizeof head)) worker_leave(0);
        if (head[1] < 0 || head[1] > (64 << 20)) worker_leave(3);
        char *spec = xmalloc((size_t)head[1] + 1);
        if (!read_full(p, job_fd, spec, (size_t)head[1])) worker_leave(0);
        spec[head[1]] = 0;
        match_interrupted = 0;
        play(spec, head[0], res_fd);
        free(spec);
    }
}

/* ---------- the owner's side ---------- */

void pool_set_term_grace(pool_t *p, int grace_ms) { p->term_grace_us = (int64_t)(grace_ms < 0 ? 0 : grace_ms) * 1000; }

pool_t *pool_new(int jobs) {
    pool_t *p = xcalloc(1, sizeof *p);
    p->jobs = jobs < 1 ? 1 : jobs;
    p->self = getpid();
    p->term_grace_us = TERM_GRACE_US;
    p->w = xcalloc((size_t)p->jobs, sizeof *p->w);
    for (int i = 0; i < p->jobs; i++) {
        p->w[i].idx = -1;
        p->w[i].job_fd = p->w[i].res_fd = -1;
    }
    /* Bots whose worker was killed are re-parented to us, so we can kill them. */
    prctl(PR_SET_CHILD_SUBREAPER, 1);
    signal(SIGPIPE, SIG_IGN);
    return p;
}

int pool_spawned(const pool_t *p) { return p->spawned; }

int pool_free_slots(const pool_t *p) {
    int n = 0;
    for (int i = 0; i < p->jobs; i++)
        if (p->w[i].idx < 0) n++;
    return n;
}

int pool_busy(const pool_t *p) { return p->jobs - pool_free_slots(p); }

static bool spawn(pool_t *p, worker *w) {
    int job[2], res[2];
    if (pipe2(job, O_CLOEXEC) < 0) return false;
    if (pipe2(res, O_CLOEXEC) < 0) {
        close(job[0]), close(job[1]);
        return false;
    }
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) {
        close(job[0]), close(job[1]), close(res[0]), close(res[1]);
        return false;
    }
    if (pid == 0) {
        worker_main(p, job[0], res[1]);
        worker_leave(0);
    }
    close(job[0]);
    close(res[1]);
    fcntl(res[0], F_SETFL, fcntl(res[0], F_GETFL) | O_NONBLOCK);
    w->pid = pid;
    w->job_fd = job[1];
    w->res_fd = res[0];
    w->reaped = false;
    w->status = 0;
    buf_reset(&w->rbuf);
    p->spawned++;
    return true;
}

/* Writes all of data to the job pipe; false when the worker is gone. */
static bool send_all(int fd, const void *data, size_t n) {
    while (n) {
        ssize_t k = write(fd, data, n);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) return false;
        data = (const char *)data + k;
        n -= (size_t)k;
    }
    return true;
}

bool pool_submit(pool_t *p, int key, const char *spec, double timeout_s) {
    for (int i = 0; i < p->jobs; i++) {
        worker *w = &p->w[i];
        if (w->idx >= 0) continue;
        if (w->pid <= 0 && !spawn(p, w)) return false;
        int32_t head[2] = {key, (int32_t)strlen(spec)};
        if (!send_all(w->job_fd, head, sizeof head) || !send_all(w->job_fd, spec, strlen(spec))) return false;
        w->idx = key;
        w->timeout_s = timeout_s;
        w->term_us = 0;
        w->timed_out = false;
        w->cancelled = false;
        w->deadline_us = timeout_s > 0 ? clock_now_us() + (int64_t)(timeout_s * 1e6) : CLOCK_NEVER;
        return true;
    }
    return false;
}

/* Collects exited children: workers (their status is kept) and orphaned bots. */
static void reap(pool_t *p) {
    int st;
    pid_t pid;
    while ((pid = waitpid(-1, &st, WNOHANG)) > 0) {
        for (int i = 0; i < p->jobs; i++)
            if (p->w[i].pid == pid) {
                p->w[i].reaped = true;
                p->w[i].status = st;
            }
    }
}

/* Kills every child that is not a live worker: bots whose worker died (they are session leaders,
 * so their whole process group goes too). */
static void sweep_orphans(pool_t *p) {
    DIR *d = opendir("/proc");
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d))) {
        pid_t pid = (pid_t)atoi(e->d_name);
        if (pid <= 0) continue;
        char path[64], buf[512];
        snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
        FILE *f = fopen(path, "r");
        if (!f) continue;
        size_t n = fread(buf, 1, sizeof buf - 1, f);
        fclose(f);
        buf[n] = 0;
        char *rp = strrchr(buf, ')');
        char state;
        int ppid;
        if (!rp || sscanf(rp + 1, " %c %d", &state, &ppid) != 2 || ppid != p->self) continue;
        bool is_worker = false;
        for (int i = 0; i < p->jobs; i++)
            if (p->w[i].pid == pid) is_worker = true;
        if (is_worker) continue;
        kill(-pid, SIGKILL);
        kill(pid, SIGKILL);
        kill(-pid, SIGCONT);
        waitpid(pid, NULL, 0);
    }
    closedir(d);
    reap(p);
}

static void describe_status(int st, char *out, size_t n) {
    if (WIFSIGNALED(st)) snprintf(out, n, "was killed by signal %d (%s)", WTERMSIG(st), strsignal(WTERMSIG(st)));
    else if (WIFEXITED(st)) snprintf(out, n, "exited with status %d", WEXITSTATUS(st));
    else snprintf(out, n, "ended");
}

/* The worker's pipe closed: it is gone. Reports its match, if any. */
static int worker_gone(pool_t *p, worker *w, pool_event *ev) {
    if (!w->reaped) {
        int st = 0;
        if (w->term_us == 0) kill(w->pid, SIGKILL); /* EOF without exit: make sure */
        while (waitpid(w->pid, &st, 0) < 0 && errno == EINTR) {}
        w->status = st;
    }
    close(w->res_fd);
    close(w->job_fd);
    int idx = w->idx;
    double limit = w->timeout_s;
    bool timed_out = w->timed_out, cancelled = w->cancelled;
    int status = w->status;
    w->pid = 0;
    w->res_fd = w->job_fd = -1;
    w->idx = -1;
    w->reaped = false;
    sweep_orphans(p);
    if (idx < 0) return 0;
    memset(ev, 0, sizeof *ev);
    ev->key = idx;
    char how[120];
    describe_status(status, how, sizeof how);
    if (timed_out) {
        ev->outcome = POOL_TIMEOUT;
        snprintf(ev->why, sizeof ev->why, "passed the whole-match limit of %g s (worker %s)", limit, how);
    } else if (p->stopping || cancelled) {
        ev->outcome = POOL_ABORTED;
        snprintf(ev->why, sizeof ev->why, "stopped");
    } else {
        ev->outcome = POOL_DIED;
        snprintf(ev->why, sizeof ev->why, "the worker process %s", how);
    }
    return 1;
}

/* A worker's line: its match's result (fields the referee knows; the owner adds the rest). */
static bool parse_result(worker *w, const char *line, pool_event *ev) {
    json_error_t je;
    json_t *j = json_loads(line, 0, &je);
    if (!j) return false;
    memset(ev, 0, sizeof *ev);
    ev->key = (int)json_integer_value(json_object_get(j, "idx"));
    if (ev->key != w->idx) {
        json_decref(j);
        return false;
    }
    tourney_result *r = &ev->result;
    for (int s = 0; s < GAME_MAX_SEATS; s++) r->entrant[s] = -1;
    json_t *err = json_object_get(j, "error");
    if (json_is_true(json_object_get(j, "aborted"))) {
        ev->outcome = w->timed_out ? POOL_TIMEOUT : POOL_ABORTED;
        if (w->timed_out)
            snprintf(ev->why, sizeof ev->why, "passed the whole-match limit of %g s (abandoned; its bots were killed)",
                     w->timeout_s);
        else snprintf(ev->why, sizeof ev->why, "stopped");
    } else if (err) {
        ev->outcome = POOL_ERROR;
        r->failed = true;
        snprintf(r->error, sizeof r->error, "%s", json_string_value(err) ? json_string_value(err) : "?");
    } else {
        ev->outcome = POOL_DONE;
        r->turns = (int)json_integer_value(json_object_get(j, "turns"));
        r->seconds = json_number_value(json_object_get(j, "seconds"));
        json_t *seats = json_object_get(j, "seats");
        r->nseats = (int)json_array_size(seats) > GAME_MAX_SEATS ? GAME_MAX_SEATS : (int)json_array_size(seats);
        for (int s = 0; s < r->nseats; s++) {
            json_t *a = json_array_get(seats, (size_t)s);
            r->score[s] = json_number_value(json_array_get(a, 0));
            r->rank[s] = (int)json_integer_value(json_array_get(a, 1));
            for (int v = VERDICT_LATE; v < VERDICT_COUNT; v++)
                r->verdicts[s][v] = (int)json_integer_value(json_array_get(a, (size_t)(2 + v - VERDICT_LATE)));
            r->moves[s] = (int)json_integer_value(json_array_get(a, 6));
            r->think_ms[s] = json_number_value(json_array_get(a, 7));
        }
        const char *rp = json_string_value(json_object_get(j, "replay"));
        if (rp) snprintf(r->replay, sizeof r->replay, "%s", rp);
    }
    json_decref(j);
    return true;
}

int pool_wait(pool_t *p, int timeout_ms, pool_event *ev, int max) {
    int nev = 0;
    int64_t now = clock_now_us();
    /* Whole-match limits: SIGTERM first (the referee abandons the match and kills its bots),
     * SIGKILL when the worker does not answer. */
    int64_t next = timeout_ms < 0 ? CLOCK_NEVER : now + (int64_t)timeout_ms * 1000;
    for (int i = 0; i < p->jobs; i++) {
        worker *w = &p->w[i];
        if (w->idx < 0 || w->pid <= 0) continue;
        if (w->term_us == 0 && w->deadline_us <= now) {
            w->timed_out = true;
            w->term_us = now;
            kill(w->pid, SIGTERM);
        }
        if (w->term_us && now - w->term_us >= p->term_grace_us) kill(w->pid, SIGKILL);
        int64_t t = w->term_us ? w->term_us + p->term_grace_us : w->deadline_us;
        if (t < next) next = t;
    }
    struct pollfd pf[256];
    int who[256], n = 0;
    for (int i = 0; i < p->jobs && n < 256; i++) {
        if (p->w[i].pid <= 0) continue;
        pf[n] = (struct pollfd){p->w[i].res_fd, POLLIN, 0};
        who[n++] = i;
    }
    int rc = poll(pf, (nfds_t)n, clock_poll_ms(next));
    if (rc <= 0) {
        reap(p);
        return 0;
    }
    for (int k = 0; k < n && nev < max; k++) {
        if (!pf[k].revents) continue;
        worker *w = &p->w[who[k]];
        char chunk[8192];
        bool eof = false;
        for (;;) {
            ssize_t got = read(w->res_fd, chunk, sizeof chunk);
            if (got > 0) {
                buf_append(&w->rbuf, chunk, (size_t)got);
                continue;
            }
            if (got == 0) eof = true;
            else if (errno == EINTR) continue;
            break;
        }
        char *nl;
        while (nev < max && w->idx >= 0 && w->rbuf.len && (nl = memchr(w->rbuf.data, '\n', w->rbuf.len))) {
            *nl = 0;
            size_t len = (size_t)(nl - w->rbuf.data) + 1;
            if (parse_result(w, w->rbuf.data, &ev[nev])) {
                nev++;
                w->idx = -1;
            }
            buf_consume(&w->rbuf, len);
        }
        if (eof && nev < max) nev += worker_gone(p, w, &ev[nev]);
    }
    reap(p);
    return nev;
}

void pool_stop(pool_t *p) {
    p->stopping = true;
    for (int i = 0; i < p->jobs; i++)
        if (p->w[i].pid > 0 && p->w[i].idx >= 0 && !p->w[i].term_us) {
            p->w[i].term_us = clock_now_us();
            kill(p->w[i].pid, SIGTERM);
        }
}

bool pool_cancel(pool_t *p, int key) {
    for (int i = 0; i < p->jobs; i++) {
        worker *w = &p->w[i];
        if (w->pid <= 0 || w->idx != key) continue;
        w->cancelled = true;
        if (!w->term_us) { /* (a match past its limit has had its SIGTERM: its grace runs on) */
            w->term_us = clock_now_us();
            kill(w->pid, SIGTERM);
        }
        return true;
    }
    return false;
}

void pool_free(pool_t *p, int grace_ms) {
    if (!p) return;
    p->stopping = true;
    for (int i = 0; i < p->jobs; i++)
        if (p->w[i].pid > 0 && p->w[i].job_fd >= 0) {
            close(p->w[i].job_fd); /* an idle worker exits at EOF */
            p->w[i].job_fd = -1;
        }
    int64_t deadline = clock_now_us() + (int64_t)grace_ms * 1000;
    for (int i = 0; i < p->jobs; i++) {
        worker *w = &p->w[i];
        if (w->pid <= 0) continue;
        while (!w->reaped) {
            int st;
            pid_t r = waitpid(w->pid, &st, WNOHANG);
            if (r == w->pid || (r < 0 && errno == ECHILD)) {
                w->reaped = true;
                break;
            }
            if (clock_now_us() >= deadline) {
                kill(w->pid, SIGKILL);
                waitpid(w->pid, &st, 0);
                w->reaped = true;
                break;
            }
            usleep(2000);
        }
        if (w->res_fd >= 0) close(w->res_fd);
        buf_free(&w->rbuf);
        w->pid = 0;
    }
    sweep_orphans(p);
    free(p->w);
    free(p);
}
