/* runner.h: `arena tourney`: resolves the seed, expands the schedule, skips what the store
 * already holds, puts the rest in the store's queue, plays them on its local workers (which claim
 * from the queue like any `arena worker`), takes the results as they are stored, shows progress,
 * runs the SPRT, and prints the standings. */
#ifndef ARENA_RUNNER_H
#define ARENA_RUNNER_H
#include "standings.h"
#include "tourney.h"
#include <stdio.h>

/* A store that refuses writes (a PostgreSQL restart, a full disk) is tried again this long by
 * default (--store-retry) before the tournament stops, resumable. */
#define RUNNER_STORE_RETRY_S 30

typedef struct {
    const char *db_path;
    int jobs;                /* local worker processes (0: only schedule; workers elsewhere play) */
    int slurm_tasks;         /* > 0: no local workers; a Slurm job array of this many plays (slurm.h) */
    const char *slurm_args;  /* more sbatch options (NULL: none) */
    double lease_s;          /* lease of a claim (0: the queue's default) */
    double heartbeat_s;      /* lease renewal period (0: the queue's default) */
    double store_retry_s;    /* a store refusing writes is tried this long, then the run stops (0: RUNNER_STORE_RETRY_S) */
    const char *requires;    /* every match needs a worker with this tag (NULL: any) */
    const char *tags;        /* the local workers' tags, "a,b" (NULL: none) */
    const char *replays_dir; /* NULL: none */
    const char *stderr_dir;  /* keep process seats' stderr in DIR/t<id>-m<idx>/seatN.stderr (NULL: no) */
    const char *history_dir; /* the game's own record of each match (Chicken's match JSON); NULL: no */
    double match_timeout_s;  /* whole-match wall-clock limit (0: none) */
    int retries;             /* re-runs of a match whose worker died or timed out (its bot's fault) */
    bool seed_given;         /* --seed given (else: resume the store's tournament, or draw one) */
    bool retry_failed;       /* play again the matches stored as failed */
    bool quiet;              /* no progress, no table */
    bool json;               /* standings as JSON at the end */
    int progress;            /* 0: auto, 1: one updating line (terminal), 2: a line per match */
    const char *anchor;      /* Elo-rated games: this entrant is 1500 in the tables (NULL: field mean) */
    const char *program;     /* the command that ran arena, for the hints naming a command (bin/arena
                                in a clone; NULL: "arena") */
} runner_opts;

/* Returns an exit status: 0 done, 1 interrupted or failed, 2 usage error. */
int runner_run(tourney_config *c, const runner_opts *o);

#endif
