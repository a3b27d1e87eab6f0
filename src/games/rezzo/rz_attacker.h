/* rz_attacker.h: the attacker bot's memory (its map, pose, plans); rz_attacker.c explains it. */
#ifndef ARENA_RZ_ATTACKER_H
#define ARENA_RZ_ATTACKER_H
#include "rz.h"

#define AM 512                 /* map side (coordinates are taken mod AM) */
#define AMASK (AM - 1)
#define SPACING 15             /* spiral arms: the view is 13 wide, an enemy home 3 */
#define MAX_RADIUS 200
#define MAX_ROUTE 4096
#define MAX_LOOPS 32
#define WINDOW 24              /* A* searches the box around start and goal, widened by this */

enum { PH_EXPLORE = 0, PH_GOTO_E, PH_BUILD, PH_LEAVE, PH_IDLE };

typedef struct {
    int tx, ty;   /* tap cell, next to the ring */
    int ux, uy;   /* the route's cell before the tap (outward from T) */
    int sx, sy;   /* the side direction at T (the agent steps to T +/- s after the last build) */
    int period;   /* ring length: one electron every `period` ticks */
} loop_tap;

typedef struct {
    uint8_t cell[AM * AM];     /* view letter last seen; 0 = never seen */
    uint8_t dmg[AM * AM];
    int32_t stamp[AM * AM];    /* A* bookkeeping: valid when == search */
    int32_t gcost[AM * AM];
    int32_t from[AM * AM];
    uint8_t mine[AM * AM];     /* 1: a cell of our planned or built wire */
    int32_t heap[AM * AM][2];
    int search;
    /* pose, own frame */
    int x, y, d;
    int me;                    /* player id, from view index 162 */
    int tick;
    int last_act;              /* the action sent last tick, -1 none */
    int phase;
    int phase_ticks;
    /* explore */
    int leg, wx, wy, leg_ticks;
    int lx, ly, ldx, ldy, llen, lk; /* the current leg: start, direction, length, progress */
    bool have_wp;
    /* targets */
    bool have_g;
    int gx, gy;
    int nloops;
    loop_tap loops[MAX_LOOPS];
    int tries;                 /* plans attempted */
    /* route: E .. H .. U, T */
    int rn, ri;
    int16_t rx[MAX_ROUTE], ry[MAX_ROUTE];
    int ex, ey;                /* E */
    int yx, yy;                /* the escape cell after the last build */
    /* navigation path */
    int pn, pi;
    int16_t px[MAX_ROUTE], py[MAX_ROUTE];
    int ptx, pty, planned_at;  /* the path's target, and when it was planned */
    int blocked;
} rz_attacker;

#endif
