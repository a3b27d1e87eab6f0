/* rz_champion.h: the champion's memory: the attacker's (map, pose, plans) and what it adds (the
 * enemy bases it has seen, what it is cutting); rz_champion.c explains it. */
#ifndef ARENA_RZ_CHAMPION_H
#define ARENA_RZ_CHAMPION_H
#include "rz_attacker.h"

#define RZ_CHAMP_MAX_BASES 18
#define RZ_CHAMP_PLAN_US 20000 /* route planning per tick, by the clock (none without one) */

enum { RZ_CHAMP_PLAN = 0, RZ_CHAMP_CUT, RZ_CHAMP_STRIKE, RZ_CHAMP_REPAIR, RZ_CHAMP_PATROL };

typedef struct {
    rz_attacker a;
    int nbases;
    int16_t bx[RZ_CHAMP_MAX_BASES], by[RZ_CHAMP_MAX_BASES]; /* enemy base cells seen (map frame) */
    int mode;                    /* what it did this tick (RZ_CHAMP_*: tests and debugging) */
    int tx, ty;                  /* the cell it cut or laid again this tick */
    int patrol;                  /* guarding: the route cell the patrol walks to next */
    int patrol_dir;              /* +1 toward the tap, -1 toward the enemy geyser */
    int patrol_ticks;            /* ticks spent walking to that cell */
} rz_champion;

bool rz_champion_act(void *memory, const void *view, void *action, rng_t *rng, const bot_clock *clock);
#endif
