/* queue.h: the queue of matches: every match to play is a row (a job) whoever owns it (a
 * tournament, the server's ladder, a scrimmage ...). A worker claims a job with a lease that it
 * renews while playing (its heartbeat); a job whose lease expires goes back to the queue. A result
 * is stored only with the claim's own token while it still holds the lease, exactly once per job,
 * and repeating a report that was stored changes nothing. Interruptions (the worker stopped, the
 * database went away) requeue the job without counting against it; failures caused by a bot count,
 * and after max_failures the job is failed with the reason. Schema and states in docs/store.md. */
#ifndef ARENA_QUEUE_H
#define ARENA_QUEUE_H
#include "../game/game.h"
#include "migrate.h"
#include "store.h"

extern const migrate_domain queue_schema;

#define QUEUE_LEASE_S 90.0     /* a silent worker's job is back in the queue within this */
#define QUEUE_HEARTBEAT_S 15.0 /* workers renew their leases this often */
/* A claim's lease when none is given: a worker that dies right after a heartbeat loses its job
 * within QUEUE_LEASE_S, the next (missed) heartbeat included. */
#define QUEUE_LEASE_DEFAULT_S (QUEUE_LEASE_S - QUEUE_HEARTBEAT_S)
#define QUEUE_MAX_FAILURES 3

/* The result of one match, as stored (the tournament runner's tourney_result). For other owners, idx is
 * the job's owner_key and entrant[] the seats' player numbers from the spec. */
typedef struct {
    int idx;                                     /* position in the schedule */
    uint64_t seed_index, seed;
    int nseats;
    int entrant[GAME_MAX_SEATS];                 /* entrant per seat; -1 = the filler */
    double score[GAME_MAX_SEATS];
    int rank[GAME_MAX_SEATS];
    int verdicts[GAME_MAX_SEATS][VERDICT_COUNT]; /* counts by verdict (index VERDICT_LATE..CRASH) */
    int moves[GAME_MAX_SEATS];                   /* turns the seat was asked */
    double think_ms[GAME_MAX_SEATS];             /* total think time measured by the referee */
    int turns;
    double seconds;
    bool failed;     /* the match could not be played (error says why); not in the ratings */
    int attempts;
    char error[200];
    char replay[512]; /* replay path ("" when none) */
    const void *replay_gz; /* the replay itself, gzip (replays.h), stored with the result (NULL: none) */
    size_t replay_gz_len;
    char worker[128]; /* who played it: name@host ("" when unknown) */
    char cpu[128];    /* the CPU model of that machine */
} store_result;

/* A job to enqueue. */
typedef struct {
    const char *owner_kind; /* "tourney", "ladder", "scrimmage", "validation" ... */
    int64_t owner_id;       /* the owner's row id */
    int64_t owner_key;      /* the match within its owner (unique there: enqueuing again is a no-op) */
    const char *spec;       /* what to play: the match spec JSON (src/tourney/spec.h) */
    uint64_t seed, seed_index;
    int nseats;
    const char *requires;   /* a worker tag the match needs (NULL: any worker) */
    int priority;           /* higher first; then the order of enqueuing */
    int max_failures;       /* bot-caused failed attempts before the job fails (0: QUEUE_MAX_FAILURES) */
} queue_job;

/* Enqueues n jobs in one transaction; those already there (same owner and key) are left alone. */
bool queue_add(store_t *s, const queue_job *jobs, int n, buf_t *err);
/* The same, but a job already there and not finished (queued, leased, cancelled) takes the new
 * spec, requirement and max_failures: a command run again (a resumed tournament) sets how what is
 * left is played (--retries, --match-timeout, --replays ...), where the first run's were kept. */
bool queue_add_update(store_t *s, const queue_job *jobs, int n, buf_t *err);
/* Jobs of an owner back to the queue: the failed ones (their results removed), the cancelled ones. */
bool queue_requeue(store_t *s, const char *owner_kind, int64_t owner_id, bool failed, bool cancelled, buf_t *err);
/* Sets the tag every unfinished job of an owner requires (NULL: none): a command run again says
 * which machines may play what is left (a requirement no worker meets was kept forever). */
bool queue_set_requires(store_t *s, const char *owner_kind, int64_t owner_id, const char *requires, buf_t *err);
/* Cancels the owner's jobs still queued (an SPRT has decided); leased ones finish. */
bool queue_cancel(store_t *s, const char *owner_kind, int64_t owner_id, buf_t *err);
/* Cancels every unfinished job of the owner, those being played too (their games count for nothing:
 * a dropped stage of the server's final): each lease ends, so no heartbeat renews it, the worker
 * playing the match stops it at its next heartbeat (worker.h), and the result it reports is refused
 * (queue_report: "the match was cancelled"). One statement, opening no transaction: inside the
 * caller's it goes with the caller's other changes. *cancelled (may be NULL): how many. */
bool queue_cancel_all(store_t *s, const char *owner_kind, int64_t owner_id, int64_t *cancelled, buf_t *err);
/* The job of (owner, key), or 0. */
int64_t queue_find(store_t *s, const char *owner_kind, int64_t owner_id, int64_t owner_key);
/* Its state: queued | leased | done | failed | cancelled (false: no such job). */
bool queue_state(store_t *s, int64_t job, char state[16]);

/* ---- workers ---- */
typedef struct {
    int64_t id;
    char name[64];
    char host[64];
    char cpu[128];  /* the CPU model (fair clocks: which class of machine played a game) */
    char tags[200]; /* ",tag1,tag2," (the claims' filter) */
} queue_worker;

/* Registers this process as a worker (host, pid and CPU model read from the machine). */
bool queue_worker_register(store_t *s, const char *name, const char *tags, queue_worker *w, buf_t *err);
/* Whether a lease and a heartbeat (0: the defaults, 75 s and 15 s) work together: the lease at
 * least 3 heartbeats and 3 s (a worker looks at its clock about twice a second). A shorter one
 * expires while the match is played: its result is refused and the match played again, forever.
 * False with the reason in err. */
bool queue_lease_ok(double lease_s, double heartbeat_s, buf_t *err);
/* The heartbeat: marks the worker seen (with its lease: silent for longer, it is lost) and renews
 * the lease of every job it holds. Returns the number of leases renewed, -1 on error. */
int queue_worker_beat(store_t *s, const queue_worker *w, double lease_s, buf_t *err);
/* The leases this worker holds in the store (at most max): their jobs and tokens. A claim whose
 * reply was lost (the connection dropped after the server leased the job) is held without the
 * worker knowing: it compares this list with its own claims and hands such jobs back. */
int queue_held(store_t *s, const queue_worker *w, int64_t *jobs, char (*tokens)[40], int max, buf_t *err);
/* The worker stops (its jobs, if any, should have been reported first). */
void queue_worker_stop(store_t *s, const queue_worker *w);

/* ---- claims ---- */
typedef struct {
    int64_t job;
    char token[40];         /* this attempt's own token */
    char *spec;             /* owned: free with queue_claim_free */
    char owner_kind[32];
    int64_t owner_id, owner_key;
    uint64_t seed, seed_index;
    int nseats;
    int failures;           /* bot-caused failures so far */
    int max_failures;
} queue_claim;

/* Claims the next job this worker may play (its tags meet the job's requirement; only the jobs of
 * one owner when owner_kind is not NULL): 1 claimed, 0 nothing to play, -1 error. */
int queue_claim_next(store_t *s, const queue_worker *w, const char *owner_kind, int64_t owner_id, double lease_s,
                     queue_claim *out, buf_t *err);
void queue_claim_free(queue_claim *c);

typedef enum {
    QUEUE_DONE = 0,       /* played to its end: the result is stored */
    QUEUE_UNPLAYABLE,     /* cannot be set up (a bad seat or option): failed at once */
    QUEUE_BOT_FAILURE,    /* a bot made it fail (its process killed the worker, it outlived the match
                             limit): counts; requeued until max_failures, then failed */
    QUEUE_INTERRUPTED     /* not the bot's fault (SIGTERM, preemption, shutdown): requeued, not counted */
} queue_outcome;

/* What became of a report. */
typedef enum {
    QUEUE_REPORT_ERROR = -1, /* the store could not be written (err says why): report again later */
    QUEUE_REPORT_LOST = 0,   /* refused: the claim no longer holds the lease (err says why) */
    QUEUE_REPORT_STORED,     /* stored (or had been: a repeated report changes nothing) */
    QUEUE_REPORT_REQUEUED,   /* a counted failure or an interruption: back in the queue */
    QUEUE_REPORT_FAILED      /* the job is failed for good (r's error says why) */
} queue_report_rc;

/* Reports the attempt of claim c. r (QUEUE_DONE, and the failed result otherwise) carries the
 * result; reason says what went wrong for the other outcomes. worker names who played it. */
queue_report_rc queue_report(store_t *s, const queue_worker *w, const queue_claim *c, queue_outcome o,
                             const store_result *r, const char *reason, buf_t *err);

/* Stores a result without a claim (a job that never reaches a worker): the job is created if
 * needed and ends in r's state. */
bool queue_store_result(store_t *s, const char *owner_kind, int64_t owner_id, const store_result *r, buf_t *err);

/* Returns to the queue the jobs whose lease expired, and those held by workers of this host whose
 * process is gone (a killed `arena tourney` or `arena worker`): their attempts are recorded as
 * lost, not counted. Returns how many jobs went back, -1 on error. */
int queue_reclaim(store_t *s, buf_t *err);

/* Reads a result row's columns from col on: key, seed_index, seed, nseats, status, turns,
 * seconds, attempts, error, replay, worker, cpu (the results table's order, and the matches view's). */
void queue_read_result(db_stmt *st, int col, store_result *r);
/* Reads a seat row's columns from col on: player, score, rank, late, down, invalid, crash, moves,
 * think_ms, into seat `seat` of r. */
void queue_read_seat(db_stmt *st, int col, store_result *r, int seat);
/* The stored result of a job (done or failed): true when there is one. */
bool queue_result_load(store_t *s, int64_t job, store_result *r, buf_t *err);

/* ---- progress ---- */
typedef struct {
    int64_t queued, leased, done, failed, cancelled;
    double oldest_queued_s; /* age of the oldest queued job (0: none) */
} queue_counts;

/* Counts of an owner's jobs (owner_kind NULL: every job of the store; owner_id < 0: every owner of
 * that kind, the server's ladder or scrimmages). */
bool queue_count(store_t *s, const char *owner_kind, int64_t owner_id, queue_counts *out, buf_t *err);
/* How many jobs worker w could still be given: queued or being played (a lease may come back) and
 * requiring no tag or one of w's; -1 on error. Jobs needing a tag w lacks are never w's to wait for. */
int64_t queue_open_for(store_t *s, const queue_worker *w, buf_t *err);
/* The queued jobs that need a tag w lacks: how many (-1 on error), and the tag most of them need in
 * tag. What an `--exit-when-empty` worker says as it leaves them (its "no match left" sent the
 * organizer of a --require tournament home with every match still queued). */
int64_t queue_left_for_tags(store_t *s, const queue_worker *w, char tag[64], buf_t *err);
/* The owner's queued jobs that wait for a tag no running worker has (seen within its lease;
 * QUEUE_LEASE_S for a worker that has not beaten yet):
 * how many (-1 on error), and the tag most of them need in tag. What --status says, since no
 * claim will ever take them until such a worker starts. */
int64_t queue_waiting_for_tag(store_t *s, const char *owner_kind, int64_t owner_id, char tag[64], buf_t *err);
/* A worker last seen more than this many of its leases ago is old: --status lists it only with
 * --all. Every running worker beats within its lease, so none is old; a lost or stopped one stays
 * listed this long (12.5 minutes at the default lease), then the list does not grow with every
 * worker a store ever had (each Slurm task, each restart, is a worker). */
#define QUEUE_RECENT_LEASES 10
/* Prints (or writes as a JSON array with json) the workers: name, host, CPU, tags, played, state,
 * seconds since last seen, lease; every worker with all, otherwise the recent ones (above), and
 * *hidden (may be NULL) gets how many old ones were left out. A running worker silent for longer
 * than its lease is "lost" (killed, its machine gone or cut off: nothing else marks a worker of
 * another machine). */
bool queue_workers_report(store_t *s, bool json, bool all, int64_t *hidden, buf_t *out, buf_t *err);
#endif
