/* slurm.h: a tournament's workers as a Slurm job array (`arena tourney --slurm`): sbatch starts
 * TASKS `arena worker --exit-when-empty` processes against the tournament's store, so the array
 * ends when no match is left; a preempted task hands its matches back and Slurm requeues it. */
#ifndef ARENA_SLURM_H
#define ARENA_SLURM_H
#include "../core/buf.h"
#include <stdbool.h>

typedef struct {
    const char *db;          /* the store's URL (handed to the tasks in the environment, not argv) */
    int tasks;               /* array tasks; each plays $SLURM_CPUS_PER_TASK matches at once */
    const char *tag;         /* each worker's tag (the tournament's --require; NULL: none) */
    double lease_s, heartbeat_s; /* the workers' lease and heartbeat (0: their defaults) */
    const char *name;        /* the array's job name (sbatch --job-name) */
    const char *args;        /* more sbatch options, split at blanks (they come last: they win) */
    const char *sbatch;      /* the sbatch program (NULL: "sbatch" on the PATH) */
} slurm_array;

/* Submits the array; true with its job id in jobid. err says why not (sbatch's message too). */
bool slurm_submit(const slurm_array *a, char jobid[32], buf_t *err);
/* Whether array JOBID has ended: 1 when Slurm lists no task of it that is pending or running (or no
 * longer knows it), 0 while one is, -1 when it cannot tell (squeue missing or failing). squeue:
 * the program (NULL: "squeue" on the PATH). A follower (`arena tourney --slurm`) waited in
 * silence, for ever, for the matches of an array that was cancelled or whose tasks all failed. */
int slurm_array_ended(const char *jobid, const char *squeue);
#endif
