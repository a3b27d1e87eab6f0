/* rt_job.h: the match the queue's workers are handed in test_store_faults and test_tourney_run: a
 * Rising Tide game of 4 rounds with seed 3 and its default clock, built-in bots dealt into seats
 * FIRST..3 (a test puts its own seat before FIRST). One setup for both: it was written twice. */
#ifndef ARENA_RT_JOB_H
#define ARENA_RT_JOB_H
#include "games/registry.h"
#include "tourney/jobspec.h"
#include <string.h>

static inline void rt_job_spec(jobspec *sp, int first) {
    static char rounds[] = "rounds=4";
    static char *const bots[] = {"builtin:pass_perth", "builtin:seawall_sydney", "builtin:trench_tunis",
                                 "builtin:random_rizhao"};
    memset(sp, 0, sizeof *sp);
    sp->game = registry_find("rising_tide");
    sp->nkv = 1;
    sp->kv[0] = rounds;
    sp->seed = 3;
    sp->nseats = 4;
    for (int i = first; i < 4; i++)
        sp->seats[i] = (jobspec_seat){.name = bots[i - first] + 8, .seat = bots[i - first], .player = i};
    sp->clock = match_default_clock(sp->game);
}
#endif
