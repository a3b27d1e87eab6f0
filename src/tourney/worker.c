/* worker.c: the worker loop (see worker.h). Each slot holds one claim: claimed -> submitted to
 * the pool -> its event reported (again at the next step while the store is away). */
#include "worker.h"
#include "../core/clock.h"
#include "../store/bundles.h"
#include "../store/replays.h"
#include "jobspec.h"
#include "../core/xalloc.h"
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define WORKER_RECLAIM_US 5000000 /* expired leases are looked for this often */

typedef struct {
    bool used;                  /* a claim lives here */
    bool pending;               /* its event waits to be reported */
    bool dropped;               /* its lease is gone (cancelled, taken back): the match is being stopped */
    int key;                    /* the pool's key for it */
    queue_claim claim;
    int players[GAME_MAX_SEATS];
    int nseats;
    char replay[PATH_MAX];      /* the replay it writes ("" none): a dead worker's .part is removed */
    bool store_replay;          /* the replay goes to the store with the result */
    bool replay_temp;           /* ... from a file of ours, removed once read */
    buf_t replay_gz;            /* that replay, compressed, until reported */
    queue_outcome outcome;
    tourney_result result;
    char why[200];
} worker_slot;

struct worker_s {
    store_t *s;
    worker_opts o;
    queue_worker me;
    pool_t *pool;
    worker_slot *slots;
    int next_key;
    int64_t last_beat_us, last_reclaim_us, last_empty_us;
    bool idle;
    bool newer;                 /* the store was found newer than this program (worker_store_newer) */
    uint64_t reconnects;        /* the connection's reconnections when the store's version was last read */
    char cache[PATH_MAX];
};

void worker_cache_dir(const worker_opts *o, char *out, size_t n) {
    const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    if (o->cache_dir) snprintf(out, n, "%s", o->cache_dir);
    else if (xdg && *xdg) snprintf(out, n, "%s/arena/bundles", xdg);
    else if (home && *home) snprintf(out, n, "%s/.cache/arena/bundles", home);
    else snprintf(out, n, "/tmp/arena-bundles-%ld", (long)getuid());
}

worker_t *worker_new(store_t *s, const worker_opts *o, buf_t *err) {
    worker_t *w = xcalloc(1, sizeof *w);
    w->s = s;
    w->o = *o;
    if (w->o.jobs < 1) w->o.jobs = 1;
    if (w->o.heartbeat_s <= 0) w->o.heartbeat_s = QUEUE_HEARTBEAT_S;
    if (w->o.lease_s <= 0) w->o.lease_s = QUEUE_LEASE_DEFAULT_S;
    if (w->o.poll_s <= 0) w->o.poll_s = 1;
    worker_cache_dir(o, w->cache, sizeof w->cache);
    if (!queue_worker_register(s, o->name, o->tags, &w->me, err)) {
        free(w);
        return NULL;
    }
    w->slots = xcalloc((size_t)w->o.jobs, sizeof *w->slots);
    w->pool = pool_new(w->o.jobs);
    w->reconnects = db_reconnects(store_db(s));
    return w;
}

const queue_worker *worker_identity(const worker_t *w) { return &w->me; }
bool worker_store_newer(const worker_t *w) { return w->newer; }

/* A newer arena may migrate the store under a running worker (one that refuses to start against
 * a newer store kept playing, writing what the newer tables may no longer mean): the version is
 * read again after each reconnection (the server may have been restarted for the upgrade) and
 * before each claim. -1 with err when newer (w->newer set) or unreadable. */
static int worker_check_version(worker_t *w, buf_t *err) {
    w->reconnects = db_reconnects(store_db(w->s));
    int rc = store_newer(w->s, err);
    if (rc > 0) w->newer = true;
    return rc == 0 ? 0 : -1;
}

int worker_busy(const worker_t *w) {
    int n = 0;
    for (int i = 0; i < w->o.jobs; i++) n += w->slots[i].used;
    return n;
}

bool worker_idle(const worker_t *w) { return w->idle; }

/* Replaces the word `path` of seat (bounded by the string's ends, blanks, ':' or '=') by repl. */
static bool worker_replace_word(const char *seat, const char *path, const char *repl, buf_t *out) {
    size_t n = strlen(path);
    for (const char *p = strstr(seat, path); p; p = strstr(p + 1, path)) {
        bool start = p == seat || p[-1] == ' ' || p[-1] == ':' || p[-1] == '=';
        bool end = p[n] == 0 || p[n] == ' ' || p[n] == ':';
        if (!start || !end) continue;
        buf_append(out, seat, (size_t)(p - seat));
        buf_puts(out, repl);
        buf_puts(out, p + n);
        return true;
    }
    return false;
}

/* The spec as this worker plays it: bundled seats from the local cache, its own output folders.
 * *mine is set when it fails through no fault of the match (a bundle this machine could not fetch). */
static bool worker_prepare(worker_t *w, worker_slot *sl, buf_t *spec_out, double *timeout_s, bool *mine,
                           buf_t *err) {
    jobspec spec;
    if (!jobspec_parse(sl->claim.spec, &spec, err)) return false;
    bool ok = true;
    for (int i = 0; ok && i < spec.nseats; i++) {
        jobspec_seat *t = &spec.seats[i];
        sl->players[i] = t->player;
        if (!t->bundle) continue;
        if (!t->path || !t->inner) {
            buf_printf(err, "seat %d: a bundle without its path", i);
            ok = false;
            break;
        }
        int got = bundles_unpack_cached(w->s, t->bundle, w->cache, err);
        ok = got == 1;
        *mine = got < 0;
        if (!ok) break;
        char local[2 * PATH_MAX + 80];
        snprintf(local, sizeof local, "%s/%s/%s", w->cache, t->bundle, t->inner);
        buf_t seat;
        buf_init(&seat);
        if (!worker_replace_word(t->seat, t->path, local, &seat)) {
            buf_printf(err, "seat %d: '%s' does not name its bundle's path '%s'", i, t->seat, t->path);
            ok = false;
        } else {
            jobspec_set_seat(&spec, i, buf_cstr(&seat));
        }
        buf_free(&seat);
    }
    sl->nseats = spec.nseats;
    if (ok && w->o.own_outputs) {
        /* The scheduler's folders are not on this machine: this worker's own, by the same names. */
        char *outs[3] = {spec.replay, spec.stderr_dir, spec.history_dir};
        const char *mine[3] = {w->o.replays_dir, w->o.stderr_dir, w->o.history_dir};
        char **fields[3] = {&spec.replay, &spec.stderr_dir, &spec.history_dir};
        for (int k = 0; k < 3; k++) {
            char *fresh = NULL;
            if (outs[k] && mine[k]) {
                const char *base = k == 2 ? "" : strrchr(outs[k], '/') ? strrchr(outs[k], '/') + 1 : outs[k];
                size_t n = strlen(mine[k]) + strlen(base) + 2;
                fresh = xmalloc(n);
                snprintf(fresh, n, "%s%s%s", mine[k], *base ? "/" : "", base);
            }
            free(outs[k]);
            *fields[k] = fresh;
        }
    }
    sl->store_replay = spec.store_replay;
    if (ok && spec.store_replay && !spec.replay) {
        /* No folder of ours for replays: a file of ours, read into the store and removed. */
        const char *tmp = getenv("TMPDIR");
        char path[PATH_MAX];
        snprintf(path, sizeof path, "%s/arena-replay-%ld-%lld.jsonl", tmp && *tmp ? tmp : "/tmp", (long)getpid(),
                 (long long)sl->claim.job);
        spec.replay = xstrdup(path);
        sl->replay_temp = true;
    }
    if (ok) {
        snprintf(sl->replay, sizeof sl->replay, "%s", spec.replay ? spec.replay : "");
        *timeout_s = spec.timeout_s;
        jobspec_json(&spec, spec_out);
    }
    jobspec_free(&spec);
    return ok;
}

/* The full result of a slot's event. */
static void worker_result(worker_slot *sl, const pool_event *e) {
    tourney_result *r = &sl->result;
    *r = e->result;
    r->idx = (int)sl->claim.owner_key;
    r->seed_index = sl->claim.seed_index;
    r->seed = sl->claim.seed;
    r->nseats = sl->claim.nseats;
    for (int s = 0; s < GAME_MAX_SEATS; s++) r->entrant[s] = s < sl->nseats ? sl->players[s] : -1;
    snprintf(sl->why, sizeof sl->why, "%s", e->why);
    if (sl->dropped) {
        /* Whatever it came to (it may have ended before it was stopped), no lease holds it: the
         * report is refused and nothing of it is kept. */
        if (sl->replay[0]) { /* a worker killed past its grace leaves its unfinished replay */
            char part[PATH_MAX + 8];
            snprintf(part, sizeof part, "%s.part", sl->replay);
            unlink(part);
            if (sl->replay_temp) unlink(sl->replay);
        }
        sl->outcome = QUEUE_INTERRUPTED;
        r->failed = true;
        snprintf(sl->why, sizeof sl->why, "its lease ended while it was played");
        snprintf(r->error, sizeof r->error, "%s", sl->why);
        sl->pending = true;
        return;
    }
    switch (e->outcome) {
    case POOL_DONE: sl->outcome = QUEUE_DONE; break;
    case POOL_ERROR:
        sl->outcome = QUEUE_UNPLAYABLE;
        snprintf(sl->why, sizeof sl->why, "%s", r->error);
        break;
    case POOL_ABORTED:
        sl->outcome = QUEUE_INTERRUPTED;
        snprintf(sl->why, sizeof sl->why, "the worker was stopped");
        break;
    case POOL_TIMEOUT:
    case POOL_DIED:
        sl->outcome = QUEUE_BOT_FAILURE;
        if (sl->replay[0]) { /* a killed worker leaves its unfinished replay behind */
            char part[PATH_MAX + 8];
            snprintf(part, sizeof part, "%s.part", sl->replay);
            unlink(part);
        }
        break;
    }
    if (sl->outcome == QUEUE_DONE && sl->store_replay && r->replay[0]) {
        buf_t why;
        buf_init(&why);
        buf_init(&sl->replay_gz);
        if (replays_pack_file(r->replay, &sl->replay_gz, &why)) {
            r->replay_gz = sl->replay_gz.data;
            r->replay_gz_len = sl->replay_gz.len;
        } else {
            fprintf(stderr, "arena: match %lld: the replay is not stored: %s\n", (long long)sl->claim.owner_key,
                    buf_cstr(&why));
        }
        buf_free(&why);
        if (sl->replay_temp) {
            unlink(r->replay);
            r->replay[0] = 0;
        }
    }
    if (sl->outcome != QUEUE_DONE) {
        r->failed = true;
        snprintf(r->error, sizeof r->error, "%s", sl->why);
    }
    sl->pending = true;
}

/* Reports a slot's event; false when the store could not be written (tried again later). */
static bool worker_report(worker_t *w, worker_slot *sl, buf_t *err) {
    buf_t why;
    buf_init(&why);
    queue_report_rc rc = queue_report(w->s, &w->me, &sl->claim, sl->outcome, &sl->result, sl->why, &why);
    if (rc == QUEUE_REPORT_ERROR) {
        buf_printf(err, "cannot report match %lld: %s", (long long)sl->claim.owner_key, buf_cstr(&why));
        buf_free(&why);
        return false;
    }
    if (w->o.on_report)
        w->o.on_report(w->o.ctx, &sl->claim, sl->outcome, &sl->result, rc, rc == QUEUE_REPORT_LOST ? buf_cstr(&why) : sl->why);
    buf_free(&why);
    queue_claim_free(&sl->claim);
    if (sl->replay_gz.data) buf_free(&sl->replay_gz);
    memset(sl, 0, sizeof *sl);
    return true;
}

/* Claims into free slots and hands the matches to the pool. */
static int worker_claim(worker_t *w, buf_t *err) {
    int64_t now = clock_now_us();
    if (w->idle && now - w->last_empty_us < (int64_t)(w->o.poll_s * 1e6)) return 0;
    if (worker_busy(w) < w->o.jobs && worker_check_version(w, err) < 0) return -1;
    for (int i = 0; i < w->o.jobs; i++) {
        worker_slot *sl = &w->slots[i];
        if (sl->used) continue;
        /* A stop asked for while a claim waited on the store (a lock, a slow server): the other
         * free slots were claimed and their matches started anyway, only to be handed back. */
        if (w->o.stop && *w->o.stop) return 0;
        int rc = queue_claim_next(w->s, &w->me, w->o.owner_kind, w->o.owner_id, w->o.lease_s, &sl->claim, err);
        if (rc < 0) return -1;
        if (rc == 0) {
            w->idle = true;
            w->last_empty_us = now;
            return 0;
        }
        w->idle = false;
        sl->used = true;
        sl->key = w->next_key++;
        buf_t spec, why;
        buf_init(&spec);
        buf_init(&why);
        double timeout_s = 0;
        bool mine = false, prepared = worker_prepare(w, sl, &spec, &timeout_s, &mine, &why);
        if (!prepared && mine) {
            /* A full disk under the cache, the store away: handed back, not stored as failed (one
             * such machine failed every match it claimed), and no more claims for a poll period. */
            pool_event e = {.key = sl->key, .outcome = POOL_ABORTED};
            worker_result(sl, &e);
            snprintf(sl->why, sizeof sl->why, "this worker cannot run it: %s", buf_cstr(&why));
            w->idle = true;
            w->last_empty_us = now;
        } else if (!prepared) {
            pool_event e = {.key = sl->key, .outcome = POOL_ERROR};
            snprintf(e.result.error, sizeof e.result.error, "%s", buf_cstr(&why));
            worker_result(sl, &e);
        } else if (!pool_submit(w->pool, sl->key, buf_cstr(&spec), timeout_s)) {
            pool_event e = {.key = sl->key, .outcome = POOL_ABORTED};
            worker_result(sl, &e);
            snprintf(sl->why, sizeof sl->why, "cannot start a worker process");
        }
        buf_free(&spec);
        buf_free(&why);
        if (sl->pending && !worker_report(w, sl, err)) return -1;
        if (!prepared && mine) return 0;
    }
    return 0;
}

/* Compares the leases the store says this worker holds with its slots' claims (after the
 * heartbeat renewed them). A lease no slot knows (a claim whose reply was lost when the connection
 * dropped) is handed back: the heartbeat would renew it forever. A match being played whose lease
 * is gone (the match was cancelled: a dropped stage of the server's final; its lease expired and
 * was taken back: this worker was frozen or cut off) is stopped: its result would be refused, and
 * its slot is free for other work now instead of at the match's end. */
static int worker_reconcile(worker_t *w, buf_t *err) {
    int cap = w->o.jobs + 64;
    int64_t *jobs = xcalloc((size_t)cap, sizeof *jobs);
    char(*tokens)[40] = xcalloc((size_t)cap, sizeof *tokens);
    int n = queue_held(w->s, &w->me, jobs, tokens, cap, err);
    for (int k = 0; k < n; k++) {
        bool known = false;
        for (int i = 0; i < w->o.jobs; i++)
            known |= w->slots[i].used && strcmp(w->slots[i].claim.token, tokens[k]) == 0;
        if (known) continue;
        queue_claim c = {.job = jobs[k]};
        memcpy(c.token, tokens[k], sizeof c.token);
        store_result r;
        memset(&r, 0, sizeof r);
        if (queue_report(w->s, &w->me, &c, QUEUE_INTERRUPTED, &r, "the claim's reply was lost", err) ==
            QUEUE_REPORT_ERROR) {
            n = -1;
            break;
        }
    }
    /* (a full list may have left some of ours out: nothing is stopped on its word) */
    for (int i = 0; n >= 0 && n < cap && i < w->o.jobs; i++) {
        worker_slot *sl = &w->slots[i];
        if (!sl->used || sl->pending || sl->dropped) continue;
        bool held = false;
        for (int k = 0; k < n && !held; k++) held = strcmp(sl->claim.token, tokens[k]) == 0;
        if (!held) sl->dropped = pool_cancel(w->pool, sl->key);
    }
    free(jobs);
    free(tokens);
    return n;
}

int worker_step(worker_t *w, int wait_ms, bool claim, buf_t *err) {
    int64_t now = clock_now_us();
    if (w->newer) return -1; /* it stays newer: the caller stops (err was said once) */
    if (db_reconnects(store_db(w->s)) != w->reconnects && worker_check_version(w, err) < 0) return -1;
    if (now - w->last_reclaim_us >= WORKER_RECLAIM_US) {
        if (queue_reclaim(w->s, err) < 0) return -1;
        w->last_reclaim_us = now;
    }
    if (now - w->last_beat_us >= (int64_t)(w->o.heartbeat_s * 1e6)) {
        int held = queue_worker_beat(w->s, &w->me, w->o.lease_s, err);
        if (held < 0) return -1;
        if ((held > 0 || worker_busy(w) > 0) && worker_reconcile(w, err) < 0) return -1;
        w->last_beat_us = now;
    }
    for (int i = 0; i < w->o.jobs; i++)
        if (w->slots[i].pending && !worker_report(w, &w->slots[i], err)) return -1;
    if (claim && worker_claim(w, err) < 0) return -1;
    pool_event ev[16];
    int n = pool_wait(w->pool, wait_ms, ev, 16);
    bool failed = false;
    for (int k = 0; k < n; k++)
        for (int i = 0; i < w->o.jobs; i++) {
            worker_slot *sl = &w->slots[i];
            if (!sl->used || sl->pending || sl->key != ev[k].key) continue;
            worker_result(sl, &ev[k]);
            if (!failed && !worker_report(w, sl, err)) failed = true;
        }
    return failed ? -1 : n;
}

void worker_stop(worker_t *w) { pool_stop(w->pool); }

/* A result the store would not take, at the end: handed back as interrupted instead (not counted;
 * played again), a smaller write that a store refusing results (a full disk, a trigger) may still
 * take, so the match comes back now rather than when its lease ends. False: not even that. */
static bool worker_hand_back(worker_t *w, worker_slot *sl, const char *why) {
    if (sl->outcome == QUEUE_INTERRUPTED) return false; /* that was the hand-back */
    sl->outcome = QUEUE_INTERRUPTED;
    sl->result.failed = true;
    sl->result.replay_gz = NULL;
    sl->result.replay_gz_len = 0;
    snprintf(sl->why, sizeof sl->why, "the worker stopped without storing its result (%.150s)", why);
    snprintf(sl->result.error, sizeof sl->result.error, "%s", sl->why);
    buf_t err;
    buf_init(&err);
    bool ok = worker_report(w, sl, &err);
    buf_free(&err);
    return ok;
}

int worker_free(worker_t *w, int grace_ms) {
    if (!w) return 0;
    pool_free(w->pool, grace_ms);
    /* Whatever was still being played goes back to the queue now, not when its lease expires. */
    int held = 0;
    for (int i = 0; i < w->o.jobs; i++) {
        worker_slot *sl = &w->slots[i];
        if (!sl->used) continue;
        if (!sl->pending) {
            pool_event e = {.key = sl->key, .outcome = POOL_ABORTED};
            worker_result(sl, &e);
        }
        buf_t err;
        buf_init(&err);
        if (!worker_report(w, sl, &err) && !worker_hand_back(w, sl, buf_cstr(&err))) {
            held++;
            queue_claim_free(&sl->claim);
            if (sl->replay_gz.data) buf_free(&sl->replay_gz);
        }
        buf_free(&err);
    }
    queue_worker_stop(w->s, &w->me);
    free(w->slots);
    free(w);
    return held;
}
