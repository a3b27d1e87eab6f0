/* rz_champion.c: Rezzo's champion (issue 17): the attacker's plan (rz_attacker.c: explore, find an
 * enemy flag geyser and an electron loop, wire the loop past its own bases to the geyser) plus
 * defence. A flag is pulled toward the electrons' source, so an attack wire always runs from the
 * victim's geyser past the attacker's own base to the attacker's loop; cutting it anywhere between
 * that base and the loop stops the flag wherever it is. So the champion cuts every wire it finds
 * next to an enemy base (and next to its own geysers, where no wire of its own ever runs). Once its
 * own wire is laid it patrols along it, laying again every cell someone has cut (explorers hit
 * their way through wires), and cutting again whatever appears next to the enemy bases. */
#include "rz.h"
#include "rz_champion.h"
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define CUT_RANGE 48 /* cut targets farther than this (map distance) wait until we pass by */

static int iabs(int v) { return v < 0 ? -v : v; }

/* The distance that ranks a candidate target: the one chosen last tick for the same task comes
 * first, so that two targets at equal distance do not make the walk swing between them. */
static int rank(const rz_champion *c, int task, int x, int y) {
    if (c->mode == task && c->tx == x && c->ty == y) return -1;
    return iabs(x - c->a.x) + iabs(y - c->a.y);
}

static void note_bases(rz_champion *c, const rz_view *v) {
    rz_attacker *a = &c->a;
    for (int i = 0; i < RZ_VIEWPORT_SQ; i++) {
        uint8_t l = v->c[i];
        if (l < 'n' || l > 'w' || l == 'n' + a->me - 1) continue;
        int x, y;
        rz_attacker_view_cell(a, i, &x, &y);
        bool known = false;
        for (int k = 0; k < c->nbases && !known; k++) known = rz_map_at(c->bx[k], c->by[k]) == rz_map_at(x, y);
        if (!known && c->nbases < RZ_CHAMP_MAX_BASES) c->bx[c->nbases] = (int16_t)x, c->by[c->nbases++] = (int16_t)y;
    }
}

/* A cell to cut: a wire or flag that is not ours, 8-adjacent to an enemy base or to one of our own
 * geysers (behind the start: (-1, 1) and (1, 1)); the nearest within range, or false. */
static bool cut_target(const rz_champion *c, int *tx, int *ty) {
    const rz_attacker *a = &c->a;
    int best = CUT_RANGE + 1;
    int centres[RZ_CHAMP_MAX_BASES + 2][2];
    int n = 0;
    for (int k = 0; k < c->nbases; k++) centres[n][0] = c->bx[k], centres[n][1] = c->by[k], n++;
    centres[n][0] = -1, centres[n][1] = 1, n++;
    centres[n][0] = 1, centres[n][1] = 1, n++;
    for (int k = 0; k < n; k++)
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                int x = centres[k][0] + dx, y = centres[k][1] + dy, i = rz_map_at(x, y);
                uint8_t l = a->cell[i];
                if (!(rz_map_is_wire(l) || rz_map_is_flag(l)) || a->mine[i]) continue;
                int d = rank(c, RZ_CHAMP_CUT, x, y);
                if (d < best) best = d, *tx = x, *ty = y;
            }
    return best <= CUT_RANGE;
}

/* A cell of our laid wire that is blank now (cut by someone walking or building through it): the
 * nearest, or false. */
static bool find_break(const rz_champion *c, int *bx, int *by) {
    const rz_attacker *a = &c->a;
    int best = INT_MAX;
    for (int k = 0; k < a->rn; k++) {
        int x = a->rx[k], y = a->ry[k], i = rz_map_at(x, y);
        /* Standing on it means it is no wire (the map shows our agent there). */
        if (a->mine[i] != 2 || (a->cell[i] != ' ' && !(x == a->x && y == a->y))) continue;
        int d = rank(c, RZ_CHAMP_REPAIR, x, y);
        if (d < best) best = d, *bx = x, *by = y;
    }
    return best < INT_MAX;
}

/* One of our own flags on our wire (an enemy wire that touched our geysers let our own electrons
 * spawn it): it swallows every electron meant for the enemy's flag, so it must go. The nearest,
 * or false. */
static bool find_own_flag(const rz_champion *c, int *fx, int *fy) {
    const rz_attacker *a = &c->a;
    int best = INT_MAX;
    for (int k = 0; k < a->rn; k++) {
        int x = a->rx[k], y = a->ry[k], i = rz_map_at(x, y);
        if (a->mine[i] != 2 || a->cell[i] != 'A' + a->me - 1) continue;
        int d = rank(c, RZ_CHAMP_STRIKE, x, y);
        if (d < best) best = d, *fx = x, *fy = y;
    }
    return best < INT_MAX;
}

/* A foreign wire touching our wire (8-adjacent to one of its cells): electrons leak into it or
 * come in from two sides, and flags stall or split at the junction. The nearest, or false. */
static bool find_touch(const rz_champion *c, int *wx, int *wy) {
    const rz_attacker *a = &c->a;
    int best = INT_MAX;
    for (int k = 0; k < a->rn; k++)
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                int x = a->rx[k] + dx, y = a->ry[k] + dy, i = rz_map_at(x, y);
                if (a->mine[i] || !(rz_map_is_wire(a->cell[i]) || rz_map_is_flag(a->cell[i]))) continue;
                int d = rank(c, RZ_CHAMP_CUT, x, y);
                if (d < best) best = d, *wx = x, *wy = y;
            }
    return best < INT_MAX;
}

/* Hits the cell (x, y) from an orthogonal neighbour (the attacker's walk never hits our own wire;
 * this does, for our own flags on it). */
static int strike(rz_champion *c, const rz_view *v, int x, int y) {
    rz_attacker *a = &c->a;
    for (int d = 0; d < 4; d++)
        if (a->x + RZ_FWD[d][0] == x && a->y + RZ_FWD[d][1] == y) {
            if (d == a->d) return RZ_ACT_HIT;
            return (a->d + 1) % 4 == d || (a->d + 2) % 4 == d ? RZ_ACT_RIGHT : RZ_ACT_LEFT;
        }
    int best = INT_MAX, px = 0, py = 0;
    for (int d = 0; d < 4; d++) {
        int nx = x + RZ_FWD[d][0], ny = y + RZ_FWD[d][1], i = rz_map_at(nx, ny);
        if (a->cell[i] != ' ' || a->mine[i]) continue;
        int dist = iabs(nx - a->x) + iabs(ny - a->y);
        if (dist < best) best = dist, px = nx, py = ny;
    }
    return best < INT_MAX ? rz_attacker_go_to(a, v, px, py) : -1;
}

/* Lays the wire again on the blank cell (x, y): walk onto it, then build out of it into a blank
 * neighbour off the route (building turns the cell left behind into wire). */
static int repair(rz_champion *c, const rz_view *v, int x, int y) {
    rz_attacker *a = &c->a;
    if (a->x != x || a->y != y) return rz_attacker_go_to(a, v, x, y);
    for (int k = 0; k < 4; k++) {
        int d = (a->d + k) % 4, nx = x + RZ_FWD[d][0], ny = y + RZ_FWD[d][1], i = rz_map_at(nx, ny);
        if (a->cell[i] != ' ' || a->mine[i]) continue;
        if (k == 0) return RZ_ACT_BUILD;
        return k == 3 ? RZ_ACT_LEFT : RZ_ACT_RIGHT;
    }
    return -1;
}

/* Guarding after the wire is laid: walk along it, from the tap to the enemy geyser and back, so
 * that every cut of it and every wire next to the enemy bases comes into view. */
static int patrol(rz_champion *c, const rz_view *v) {
    rz_attacker *a = &c->a;
    if (a->rn == 0) return RZ_ACT_RIGHT;
    if (c->patrol_dir == 0) c->patrol_dir = -1, c->patrol = a->rn - 1;
    for (int guard = 0; guard < 4; guard++) {
        int k = c->patrol, rx = a->rx[k], ry = a->ry[k];
        /* A blank cell beside route cell k, off the route. */
        int px = INT_MIN, py = INT_MIN;
        for (int d = 0; d < 4 && px == INT_MIN; d++) {
            int x = rx + RZ_FWD[d][0], y = ry + RZ_FWD[d][1], i = rz_map_at(x, y);
            if ((a->cell[i] == ' ' || a->cell[i] == '0' + a->me - 1) && !a->mine[i]) px = x, py = y;
        }
        bool there = px == a->x && py == a->y;
        int act = px == INT_MIN || there || c->patrol_ticks > 200 ? -1 : rz_attacker_go_to(a, v, px, py);
        if (act >= 0) {
            c->patrol_ticks++;
            return act;
        }
        /* Reached or unreachable: the next cell along, turning back at the ends. */
        c->patrol += c->patrol_dir * 8;
        if (c->patrol <= 0 || c->patrol >= a->rn - 1) {
            c->patrol = c->patrol <= 0 ? 0 : a->rn - 1;
            c->patrol_dir = -c->patrol_dir;
        }
        c->patrol_ticks = 0;
    }
    return RZ_ACT_RIGHT;
}

bool rz_champion_act(void *memory, const void *view, void *action, rng_t *rng, const bot_clock *clock) {
    (void)rng;
    rz_champion *c = memory;
    rz_attacker *a = &c->a;
    const rz_view *v = view;
    rz_action *out = action;
    a->plan_all_h = true;
    /* Planning a route (a search over up to a few hundred thousand cells: 10-25 ms of CPU here)
     * stops at a third of the default 60 ms tick and goes on at the next tick. */
    a->clock = clock;
    a->deadline_us = clock ? clock->asked_us + RZ_CHAMP_PLAN_US : 0;
    int px = a->x, py = a->y;
    rz_attacker_see(a, v);
    /* A build that went through left wire behind, where the view (ahead only) cannot show it. */
    if (a->last_act == RZ_ACT_BUILD && (a->x != px || a->y != py)) a->cell[rz_map_at(px, py)] = '.';
    note_bases(c, v);
    /* The first task that has something to do: cut (except while laying our own wire: walking off
     * the route would abandon it), strike our own flags off our wire, lay cut cells again; else the
     * attacker's plan, or the patrol once the wire is laid. The finders see last tick's task and
     * target in c->mode, c->tx, c->ty. */
    int act = -1, tx = 0, ty = 0, mode = RZ_CHAMP_CUT;
    /* A plan in progress owns the search arrays: nothing else may search until it is done. */
    bool planning = a->pl.step != 0;
    if (!planning && a->phase != PH_BUILD && cut_target(c, &tx, &ty)) act = rz_attacker_go_to(a, v, tx, ty);
    if (act < 0 && !planning && a->phase == PH_IDLE && find_own_flag(c, &tx, &ty)) {
        mode = RZ_CHAMP_STRIKE;
        act = strike(c, v, tx, ty);
    }
    if (act < 0 && a->phase == PH_IDLE && find_break(c, &tx, &ty)) {
        mode = RZ_CHAMP_REPAIR;
        act = repair(c, v, tx, ty);
    }
    if (act < 0 && a->phase == PH_IDLE && find_touch(c, &tx, &ty)) {
        mode = RZ_CHAMP_CUT;
        act = rz_attacker_go_to(a, v, tx, ty);
    }
    if (act < 0) {
        mode = a->phase == PH_IDLE ? RZ_CHAMP_PATROL : RZ_CHAMP_PLAN;
        act = a->phase == PH_IDLE ? patrol(c, v) : rz_attacker_decide(a, v);
    }
    c->mode = mode, c->tx = tx, c->ty = ty;
    a->clock = NULL;
    a->last_act = act;
    out->ts = v->ts;
    out->act = (uint8_t)act;
    return true;
}
