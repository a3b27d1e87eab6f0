/* scheduler.c: the server's loop (see scheduler.h). Each step is a list of small jobs, each
 * reading its state from the store, so a kill at any moment leaves nothing half done that the
 * next start does not finish: the workers, the uploads waiting to be built, the builds, the
 * validation games, the ladder's table, the ladder's next games. */
#include "scheduler.h"
#include "../core/clock.h"
#include "../core/jw.h"
#include "../store/bundle.h"
#include "../store/site_ladder.h"
#include "../store/site_subs.h"
#include "../store/site_teams.h"
#include "build.h"
#include "final.h"
#include "ladder.h"
#include "play.h"
#include "settings.h"
#include "../core/xalloc.h"
#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <ftw.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* The most teams the ladder matches and rates (their active submissions, by team id). */
#define SCHED_MAX_TEAMS 4096

typedef struct {
    pid_t pid;
    int64_t started_us;
    int64_t restart_at_us;  /* a worker that died is started again after a pause */
    int restarts;
} sched_worker;

struct scheduler_s {
    serve_t *srv;
    store_t *s;
    int nworkers;
    sched_worker *workers;
    pid_t build_pid;        /* the build helper running (0: none) */
    int64_t build_sub;
    int64_t last_tick_us;
    int64_t last_final_us; /* the final's step: ten times a second (see scheduler_step) */
    store_t *ts;               /* the table thread's connection */
    pthread_t table_thread;
    bool table_started;
    volatile int stop;
    pthread_mutex_t table_lock; /* guards table and table_results */
    ladder_table table;         /* the latest table (matchmaking reads it) */
    int64_t table_results;      /* ranked results it was computed from (-1: none yet) */
    int64_t mark_count, mark_us;/* the ladder queue's fingerprint when matchmaking last ran */
    double mark_changed;
};

/* ---- the local workers ---- */

static pid_t sched_worker_start(scheduler_t *sc, int i) {
    serve_t *srv = sc->srv;
    char name[32], replays[PATH_MAX + 16], errs[PATH_MAX + 16], cache[PATH_MAX + 16];
    snprintf(name, sizeof name, "serve-%d-%d", (int)getpid(), i + 1);
    snprintf(replays, sizeof replays, "%s/replays", srv->data);
    snprintf(errs, sizeof errs, "%s/stderr", srv->data);
    snprintf(cache, sizeof cache, "%s/cache", srv->data);
    const char *argv[] = {srv->exe, "worker", "--db", srv->db, "--jobs", "1", "--name", name, "--replays", replays,
                          "--stderr-dir", errs, "--cache", cache, "--poll", "0.1", "--quiet", NULL};
    pid_t pid = fork();
    if (pid == 0) {
        /* LCOV_EXCL_START: the child of a threaded server, which execs at once: gcov cannot write its
         * counters there (another thread may have held the allocator's lock at the fork; coverage.h) */
        /* The worker goes when the server goes (a kill -9 too): it hands its game back. */
        prctl(PR_SET_PDEATHSIG, SIGTERM);
        if (getppid() == 1) _exit(0);
        int null = open("/dev/null", O_RDONLY);
        if (null >= 0) dup2(null, 0);
        execv(srv->exe, (char *const *)argv);
        _exit(127);
        /* LCOV_EXCL_STOP */
    }
    return pid;
}

static void sched_workers(scheduler_t *sc) {
    int64_t now = clock_now_us();
    for (int i = 0; i < sc->nworkers; i++) {
        sched_worker *w = &sc->workers[i];
        if (w->pid > 0) {
            int st;
            if (waitpid(w->pid, &st, WNOHANG) != w->pid) continue;
            fprintf(stderr, "arena serve: local worker %d (pid %d) ended (%s %d); starting it again\n", i + 1, (int)w->pid,
                    WIFSIGNALED(st) ? "signal" : "status", WIFSIGNALED(st) ? WTERMSIG(st) : WEXITSTATUS(st));
            w->pid = 0;
            /* quickly after a long life, slowly when it keeps dying */
            w->restarts = now - w->started_us > 60000000 ? 0 : w->restarts + 1;
            w->restart_at_us = now + (int64_t)(w->restarts < 6 ? 500000LL << w->restarts : 30000000LL);
        }
        if (w->pid == 0 && now >= w->restart_at_us) {
            w->pid = sched_worker_start(sc, i);
            w->started_us = now;
        }
    }
}

/* ---- submissions: unpack, build, pack, validate ---- */

static int sched_rm_one(const char *p, const struct stat *st, int flag, struct FTW *f) {
    (void)st, (void)flag, (void)f;
    return remove(p);
}

static void sched_rm_tree(const char *dir) { nftw(dir, sched_rm_one, 16, FTW_DEPTH | FTW_PHYS); }

static void sched_sub_dir(scheduler_t *sc, int64_t id, char *out, size_t n) {
    snprintf(out, n, "%s/subs/%lld", sc->srv->data, (long long)id);
}

/* Unpacks the upload (again after a kill) and finds the bot in it. */
static bool sched_prepare(scheduler_t *sc, const site_sub *sub, build_plan *plan, buf_t *err) {
    char dir[PATH_MAX + 32], archive[PATH_MAX + 100];
    sched_sub_dir(sc, sub->id, dir, sizeof dir);
    snprintf(archive, sizeof archive, "%s/uploads/%s", sc->srv->data, sub->sha);
    struct stat st;
    if (stat(dir, &st) != 0) {
        bundle_limits lim = {.max_files = settings_int(sc->srv, "unpacked_max_files"),
                             .max_bytes = (int64_t)settings_int(sc->srv, "unpacked_max_mb") << 20};
        if (access(archive, R_OK) != 0) {
            buf_printf(err, "the upload %s is missing", archive);
            return false;
        }
        if (!build_unpack_file(sc->srv->game, archive, sub->filename, dir, &lim, err)) return false;
    }
    if (!build_detect(sc->srv->game, dir, plan, err)) return false;
    return strcmp(plan->kind, "manifest") != 0 || build_write_launcher(plan, err);
}

/* Packs the bot and puts its validation game in the queue. */
static void sched_validate(scheduler_t *sc, site_sub *sub, const build_plan *plan) {
    buf_t err;
    buf_init(&err);
    char seat[128], name[64];
    if (!build_pack(sc->srv, sc->s, plan, sub, &err) ||
        !site_subs_set_built(sc->s, sub->id, sub->seat, sub->path, sub->inner, sub->bundle, &err)) {
        site_subs_set_state(sc->s, sub->id, "failed", buf_cstr(&err), NULL);
    } else if (!play_reference(sc->srv, NULL, seat, name)) {
        site_subs_set_state(sc->s, sub->id, "failed", "no validation bot: the organizers must set validation_bot", NULL);
    } else {
        /* the submission in seat 0 and the validation bot in every other seat */
        play_seat ps[GAME_MAX_SEATS];
        int seats = sc->srv->game->min_seats < 1 ? 1 : sc->srv->game->min_seats;
        if (seats < 2 && sc->srv->game->max_seats >= 2) seats = 2;
        ps[0] = (play_seat){.team_id = sub->team_id, .sub_id = sub->id};
        for (int i = 1; i < seats; i++) ps[i] = (play_seat){.builtin = seat, .name = name};
        int64_t g = play_game(sc->srv, sc->s, "validation", sub->id, false, seats, ps, PLAY_PRIORITY_VALIDATION, &err);
        char detail[200];
        snprintf(detail, sizeof detail, "its check game against %s is waiting for a worker", name);
        if (!g || !site_subs_set_validation(sc->s, sub->id, g, &err) ||
            !site_subs_set_state(sc->s, sub->id, "validating", detail, &err))
            fprintf(stderr, "arena serve: submission %lld: %s\n", (long long)sub->id, buf_cstr(&err));
    }
    buf_free(&err);
}

/* Appends n bytes of a build's output as text the store keeps: valid UTF-8, each byte that is not
 * (and a NUL) as U+FFFD. PostgreSQL refuses any other text, so a build that printed a stray byte,
 * or whose last 64 KiB began inside a character, lost its whole log there (and SQLite kept bytes
 * that no page can show as they are); a NUL ended the log as a C string. */
static void sched_log_text(buf_t *out, const char *s, size_t n) {
    const unsigned char *p = (const unsigned char *)s;
    for (size_t i = 0; i < n;) {
        size_t len = p[i] ? jw_utf8_len(p + i, n - i) : 0;
        if (len) buf_append(out, p + i, len);
        else buf_puts(out, "\xef\xbf\xbd");
        i += len ? len : 1;
    }
}

static void sched_build_done(scheduler_t *sc, int status) {
    site_sub sub;
    buf_t err, log;
    buf_init(&err);
    buf_init(&log);
    char path[PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/builds/%lld.log", sc->srv->data, (long long)sc->build_sub);
    FILE *f = fopen(path, "rb");
    if (f) {
        fseek(f, 0, SEEK_END);
        long size = ftell(f);
        fseek(f, size > 65536 ? size - 65536 : 0, SEEK_SET);
        buf_t raw;
        buf_init(&raw);
        char b[8192];
        size_t n;
        if (size > 65536) buf_puts(&log, "[... the start of the output is cut ...]\n");
        while ((n = fread(b, 1, sizeof b, f)) > 0) buf_append(&raw, b, n);
        fclose(f);
        size_t skip = 0; /* the cut may fall inside a character: its rest is no text */
        while (size > 65536 && skip < raw.len && skip < 3 && ((unsigned char)raw.data[skip] & 0xC0) == 0x80) skip++;
        sched_log_text(&log, raw.data ? raw.data + skip : "", raw.len - skip);
        buf_free(&raw);
    }
    if (site_subs_get(sc->s, sc->build_sub, &sub, &err) == 1) {
        site_subs_set_log(sc->s, sub.id, buf_cstr(&log), &err);
        build_plan plan;
        buf_t why;
        buf_init(&why);
        if (status != 0)
            site_subs_set_state(sc->s, sub.id, "failed",
                                status == 3 ? "the build passed its time limit (see the build log)"
                                            : "the build failed (see the build log)",
                                &err);
        else if (!sched_prepare(sc, &sub, &plan, &why)) site_subs_set_state(sc->s, sub.id, "failed", buf_cstr(&why), &err);
        else sched_validate(sc, &sub, &plan);
        buf_free(&why);
    }
    sc->build_pid = 0;
    sc->build_sub = 0;
    buf_free(&err);
    buf_free(&log);
}

static void sched_submissions(scheduler_t *sc) {
    buf_t err;
    buf_init(&err);
    if (sc->build_pid > 0) {
        int st;
        if (waitpid(sc->build_pid, &st, WNOHANG) == sc->build_pid)
            sched_build_done(sc, WIFEXITED(st) ? WEXITSTATUS(st) : 1);
    }
    site_sub subs[8];
    int n = site_subs_in_state(sc->s, "checking", 8, subs, &err);
    for (int i = 0; i < n; i++) {
        site_sub *sub = &subs[i];
        build_plan plan;
        buf_t why;
        buf_init(&why);
        if (!sched_prepare(sc, sub, &plan, &why)) {
            site_subs_set_state(sc->s, sub->id, "failed", buf_cstr(&why), &err);
        } else if (plan.build[0]) {
            if (sc->build_pid > 0) { /* one build at a time: the others wait their turn */
                buf_free(&why);
                continue;
            }
            char log[PATH_MAX + 64];
            snprintf(log, sizeof log, "%s/builds/%lld.log", sc->srv->data, (long long)sub->id);
            sc->build_pid = build_start(sc->srv, plan.root, plan.build, settings_int(sc->srv, "build_timeout_s"), log);
            sc->build_sub = sub->id;
            if (sc->build_pid < 0) {
                sc->build_pid = 0;
                site_subs_set_state(sc->s, sub->id, "failed", "the build could not start", &err);
            } else site_subs_set_state(sc->s, sub->id, "building", "its build is running", &err);
        } else {
            sched_validate(sc, sub, &plan);
        }
        buf_free(&why);
    }
    /* validation games that ended */
    n = site_subs_in_state(sc->s, "validating", 8, subs, &err);
    for (int i = 0; i < n; i++) {
        site_sub *sub = &subs[i];
        site_game g;
        if (site_games_get(sc->s, sub->validation_game, &g, &err) != 1) continue;
        if (strcmp(g.state, "done") && strcmp(g.state, "failed") && strcmp(g.state, "cancelled")) continue;
        char detail[512];
        bool ok = false;
        int seat = 0;
        const char *opp = g.nseats > 1 ? g.seats[1].name : "no one";
        if (!strcmp(g.state, "cancelled")) snprintf(detail, sizeof detail, "its check game was cancelled; upload it again");
        else if (!g.have_result || g.error[0])
            snprintf(detail, sizeof detail, "its check game against %s could not be played: %s", opp,
                     g.error[0] ? g.error : "no result");
        else if (g.verdicts[seat][VERDICT_CRASH])
            snprintf(detail, sizeof detail, "it crashed in its check game against %s (see its stderr and the replay)", opp);
        else if (g.verdicts[seat][VERDICT_DOWN])
            snprintf(detail, sizeof detail,
                     "it stopped answering in time in its check game against %s (see its stderr and the replay)", opp);
        else {
            ok = true;
            snprintf(detail, sizeof detail, "checked: it played its game against %s to the end (%d turns, rank %d)", opp,
                     g.turns, g.rank[seat]);
        }
        /* The newest ready submission becomes the team's active one, in the transaction that makes
         * it ready: apart, a page (or a test) read between the two saw it ready and not active. */
        db_t *db = store_db(sc->s);
        bool tx = db_begin(db, &err), done = tx && site_subs_set_state(sc->s, sub->id, ok ? "ready" : "failed", detail, &err);
        if (done && ok) {
            site_team t;
            site_sub cur;
            int got = site_teams_get(sc->s, sub->team_id, &t, &err);
            bool newer = got == 1 && (!t.active_sub || site_subs_get(sc->s, t.active_sub, &cur, &err) != 1 ||
                                      cur.version < sub->version);
            done = got >= 0 && (!newer || site_teams_set_active(sc->s, sub->team_id, sub->id, &err));
        }
        if (done) done = db_commit(db, &err);
        else if (tx) db_rollback(db); /* still validating: the next pass tries again */
    }
    if (err.len) fprintf(stderr, "arena serve: submissions: %s\n", buf_cstr(&err));
    buf_free(&err);
}

/* ---- the ladder ---- */

/* The ladder's table is computed in a thread of its own, with its own store connection: at a
 * thousand teams the fit takes long (rating_fit inverts a dense matrix), and validations and the
 * next games must not wait for it. It publishes the table (srv->ladder_json, the ratings of the
 * scrimmages' ranked window) and a copy for matchmaking (sc->table, under sc->table_lock). */
static void sched_table_publish(scheduler_t *sc, ladder_table *t, const site_sub *active, int nactive, int64_t count) {
    serve_t *srv = sc->srv;
    buf_t err;
    buf_init(&err);
    char (*names)[64] = xcalloc((size_t)nactive + 1, sizeof *names);
    /* the teams' names a page of 512 at a time: a statement for each team was a round trip to
     * PostgreSQL per team at every table */
    enum { SCHED_TEAMS_PAGE = 512 };
    site_team *page = xcalloc(SCHED_TEAMS_PAGE, sizeof *page);
    int64_t after = 0;
    for (int got; (got = site_teams_list(sc->ts, after, SCHED_TEAMS_PAGE, page, &err)) > 0; after = page[got - 1].id) {
        for (int k = 0; k < got; k++)
            for (int i = 0; i < nactive; i++)
                if (active[i].team_id == page[k].id) snprintf(names[i], 64, "%s", page[k].name);
        if (got < SCHED_TEAMS_PAGE) break;
    }
    free(page);
    buf_t json;
    buf_init(&json);
    ladder_json(srv, t, active, names, nactive, &json);
    struct serve_rating *ratings = xcalloc((size_t)nactive + 1, sizeof *ratings);
    int nr = 0;
    for (int i = 0; i < nactive; i++)
        for (int k = 0; k < t->nrows; k++)
            if (t->rows[k].sub_id == active[i].id && t->rows[k].rated)
                ratings[nr++] = (struct serve_rating){active[i].team_id, t->rows[k].rating};
    pthread_mutex_lock(&srv->lock);
    free(srv->ladder_json);
    srv->ladder_json = buf_steal(&json);
    srv->ladder_results = count;
    free(srv->ratings);
    srv->ratings = ratings;
    srv->nratings = nr;
    pthread_mutex_unlock(&srv->lock);
    /* history: a point for each active submission whose game count moved */
    pthread_mutex_lock(&sc->table_lock);
    for (int i = 0; i < nactive; i++) {
        const ladder_row *now_row = NULL, *old_row = NULL;
        for (int k = 0; k < t->nrows && !now_row; k++)
            if (t->rows[k].sub_id == active[i].id) now_row = &t->rows[k];
        for (int k = 0; k < sc->table.nrows && !old_row; k++)
            if (sc->table.rows[k].sub_id == active[i].id) old_row = &sc->table.rows[k];
        if (!now_row || !now_row->rated || (old_row && old_row->games == now_row->games) ||
            (!old_row && sc->table_results < 0))
            continue;
        site_ladder_point p = {.sub_id = active[i].id, .games = now_row->games, .rating = now_row->rating,
                               .lo = now_row->lo, .hi = now_row->hi, .at = (double)time(NULL)};
        site_ladder_history_add(sc->ts, active[i].team_id, &p, &err);
    }
    ladder_free(&sc->table);
    sc->table = *t;
    sc->table_results = count;
    pthread_mutex_unlock(&sc->table_lock);
    memset(t, 0, sizeof *t);
    free(names);
    buf_free(&err);
}

static void *sched_table_thread(void *arg) {
    scheduler_t *sc = arg;
    buf_t err;
    buf_init(&err);
    int64_t last = -1, last_us = 0, took_us = 0, last_mark[2] = {-1, -1};
    while (!sc->stop) {
        buf_reset(&err);
        int64_t now = clock_now_us();
        int64_t count = site_ladder_count(sc->ts, &err);
        /* the set of active submissions: one that became active (its check game passed), or one
         * disabled, changes the table's rows before any ranked game does (with one team, or
         * while the final holds the ladder, none comes: the table waited its minute) */
        int64_t mark[2] = {-1, -1};
        if (count >= 0 && !site_subs_active_mark(sc->ts, &mark[0], &mark[1], &err)) count = -1;
        bool changed = count != last || mark[0] != last_mark[0] || mark[1] != last_mark[1];
        /* again when results came in or the active set changed: at most every 2 s, and never more
         * than a tenth of the time on it (a slow fit at a thousand teams waits longer); every
         * minute anyway */
        int64_t pause = took_us * 10 > 2000000 ? took_us * 10 : 2000000;
        if (count >= 0 && ((changed && now - last_us >= pause) || now - last_us > 60000000 + pause)) {
            site_sub *active;
            int nactive = site_subs_active(sc->ts, SCHED_MAX_TEAMS, &active, &err);
            ladder_table t;
            if (nactive >= 0 && ladder_compute(sc->srv, sc->ts, active, nactive, &t, &err)) {
                sched_table_publish(sc, &t, active, nactive, count);
                last = count;
                last_mark[0] = mark[0];
                last_mark[1] = mark[1];
            }
            free(active);
            took_us = clock_now_us() - now;
            last_us = clock_now_us();
            malloc_trim(0); /* the results' arrays go back to the system between fits */
        }
        if (err.len) fprintf(stderr, "arena serve: ladder table: %s\n", buf_cstr(&err));
        for (int i = 0; i < 10 && !sc->stop; i++) usleep(100000);
    }
    buf_free(&err);
    return NULL;
}

/* The ladder's next games (placement first), from the latest table. */
static void sched_ladder(scheduler_t *sc) {
    serve_t *srv = sc->srv;
    /* during the freeze and while a stage of the final is played, the ladder waits */
    if (!settings_int(srv, "ladder") || settings_frozen(srv) || final_running(sc->s)) return;
    buf_t err;
    buf_init(&err);
    /* Nothing to do while the ladder's queue has not moved (no game claimed or finished): a
     * look at it is one cheap query; the whole matchmaking runs at least every second anyway. */
    int64_t count = 0, now = clock_now_us();
    double changed = 0;
    if (site_ladder_queue_mark(sc->s, &count, &changed, &err) && count == sc->mark_count &&
        changed == sc->mark_changed && now - sc->mark_us < 1000000) {
        buf_free(&err);
        return;
    }
    sc->mark_count = count;
    sc->mark_changed = changed;
    sc->mark_us = now;
    site_sub *active;
    int nactive = site_subs_active(sc->s, SCHED_MAX_TEAMS, &active, &err);
    int ahead = (int)settings_int(srv, "ladder_ahead");
    if (ahead <= 0) ahead = 3 * srv->o.jobs > 4 ? 3 * srv->o.jobs : 4;
    pthread_mutex_lock(&sc->table_lock);
    /* not before the first table: without it everyone would look new (placement for all) */
    if (nactive > 0 && sc->table_results >= 0) ladder_schedule(srv, sc->s, &sc->table, active, nactive, ahead, &err);
    pthread_mutex_unlock(&sc->table_lock);
    if (err.len) fprintf(stderr, "arena serve: ladder: %s\n", buf_cstr(&err));
    free(active);
    buf_free(&err);
}

/* ---- the loop ---- */

scheduler_t *scheduler_new(serve_t *srv, store_t *s, buf_t *err) {
    scheduler_t *sc = xcalloc(1, sizeof *sc);
    sc->srv = srv;
    sc->s = s;
    sc->table_results = -1;
    pthread_mutex_init(&sc->table_lock, NULL);
    sc->nworkers = srv->o.jobs;
    sc->workers = xcalloc((size_t)sc->nworkers + 1, sizeof *sc->workers);
    /* What a kill interrupted: games registered but not queued; builds that were running; a final
     * between its stages (an older version's). */
    if (site_games_repair(s, err) < 0) {
        free(sc->workers);
        free(sc);
        return NULL;
    }
    site_sub subs[64];
    int n = site_subs_in_state(s, "building", 64, subs, err);
    for (int i = 0; i < n; i++) {
        char dir[PATH_MAX + 32];
        sched_sub_dir(sc, subs[i].id, dir, sizeof dir);
        sched_rm_tree(dir);
        site_subs_set_state(s, subs[i].id, "checking", "waiting for its build (again: the server was stopped)", err);
    }
    final_resume(srv, s);
    sc->ts = store_open(srv->db, false, err);
    if (!sc->ts) {
        free(sc->workers);
        free(sc);
        return NULL;
    }
    sc->table_started = pthread_create(&sc->table_thread, NULL, sched_table_thread, sc) == 0;
    return sc;
}

void scheduler_step(scheduler_t *sc, int wait_ms) {
    sched_workers(sc);
    int64_t now = clock_now_us();
    if (now - sc->last_tick_us >= 1000000) {
        sc->last_tick_us = now;
        sched_submissions(sc);
    }
    /* A stage that stops once its entrants are separated must look often: short games (built-in
     * bots play hundreds a second) would otherwise all be played before a once-a-second check. */
    if (now - sc->last_final_us >= 100000) {
        sc->last_final_us = now;
        final_step(sc->srv, sc->s);
    }
    sched_ladder(sc); /* every step: short games must not wait a second for the next */
    usleep((useconds_t)wait_ms * 1000);
}

void scheduler_free(scheduler_t *sc) {
    if (!sc) return;
    sc->stop = 1;
    if (sc->table_started) pthread_join(sc->table_thread, NULL);
    store_close(sc->ts);
    /* The workers hand their games back (interrupted, not counted) and stop. */
    for (int i = 0; i < sc->nworkers; i++)
        if (sc->workers[i].pid > 0) kill(sc->workers[i].pid, SIGTERM);
    if (sc->build_pid > 0) kill(sc->build_pid, SIGKILL);
    int64_t deadline = clock_now_us() + 15000000;
    for (int i = 0; i < sc->nworkers; i++) {
        pid_t pid = sc->workers[i].pid;
        if (pid <= 0) continue;
        int st;
        while (waitpid(pid, &st, WNOHANG) == 0) {
            if (clock_now_us() > deadline) {
                kill(pid, SIGKILL);
                waitpid(pid, &st, 0);
                break;
            }
            usleep(20000);
        }
    }
    if (sc->build_pid > 0) waitpid(sc->build_pid, NULL, 0);
    ladder_free(&sc->table);
    free(sc->workers);
    free(sc);
}
