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

typedef struct rz_attacker_s rz_attacker;
typedef int (*cost_fn)(const rz_attacker *a, int fx, int fy, int x, int y, const void *ctx); /* -1: impassable */

/* A path search that may stop at a deadline and go on at a later tick (rz_attacker.c astar_*). */
typedef struct {
    int s, n;                  /* search number (the stamps of this search), heap size */
    int sx, sy, tx, ty, minx, maxx, miny, maxy;
    cost_fn cost;
    bool timed;                /* stops at the deadline (planning); walking never does */
    bool ok;                   /* set up and not finished */
} rz_search;

/* A plan in progress: the route E .. H .. U, T (rz_attacker.c plan_step). */
typedef struct {
    int step;                  /* 0 none, 1 searching E to H, 2 searching H to the loop */
    int h, hx, hy;             /* the H candidate being tried */
    int n, len;                /* route cells before the first leg, the first leg's length */
    int loop;
    int gx, gy, tx, ty;        /* the geyser and the tap (the route cost's context) */
} rz_plan;

struct rz_attacker_s {
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
    bool plan_all_h;           /* when the loop cannot be reached from the first H that works, try
                                  the other H cells (the champion; the attacker gives up the plan) */
    bool sloppy;               /* lays its wire without clearing the wires beside it (the raider) */
    rz_search srch;
    rz_plan pl;
    /* Planning stops at deadline_us by this clock (the champion; NULL: plans run to the end). The
     * clock is only valid during the call that sets it. */
    const bot_clock *clock;
    int64_t deadline_us;
};

/* Map coordinates (own frame, taken mod AM) to an index, and the letters a map cell can hold. */
static inline int rz_map_at(int x, int y) { return ((y & AMASK) << 9) | (x & AMASK); }
static inline bool rz_map_is_wire(uint8_t c) { return c == '.' || c == '*' || c == ',' || c == '~'; }
static inline bool rz_map_is_flag(uint8_t c) { return c >= 'A' && c <= 'J'; }

/* The attacker's steps, for bots built on it (the champion): rz_attacker_see reads one message
 * (the pose from the ack of the last action, the map, the targets), rz_attacker_decide chooses the
 * action by the attacker's phases, rz_attacker_go_to walks toward a map cell (hitting wires in the
 * way, never our own; -1 when no way is known), rz_attacker_view_cell is the map cell of view
 * index i. The caller stores the action it sends in last_act. */
void rz_attacker_see(rz_attacker *a, const rz_view *v);
int rz_attacker_decide(rz_attacker *a, const rz_view *v);
int rz_attacker_go_to(rz_attacker *a, const rz_view *v, int tx, int ty);
void rz_attacker_view_cell(const rz_attacker *a, int i, int *x, int *y);
#endif
