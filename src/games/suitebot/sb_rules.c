/* sb_rules.c: SuiteBot II rules (SuiteBot R1-R11): layouts, blast areas, the five steps of a round,
 * place points. Pure: no I/O, no randomness (the game has none). */
#include "sb.h"
#include <string.h>

const char SB_LETTERS[SB_MOVES + 1] = "UDLRHB";
const char *const SB_WORDS[SB_MOVES] = {"UP", "DOWN", "LEFT", "RIGHT", "HOLD", "PLANT_BOMB"};

void sb_rules_default(sb_rules *r) {
    r->blast = SB_BLAST_SQUARE;
    r->radius = 1;
    r->rounds = 100;
    r->countdown = 4;
    r->kill = 10;
    r->extras = false;
}

/* Section 4.1: bases in id order (reading order: by y, then x). */
static const struct {
    int w, h;
    int b[SB_MAX_PLAYERS][2];
} LAYOUTS[SB_MAX_PLAYERS + 1] = {
    [2] = {10, 10, {{2, 2}, {7, 7}}},
    [3] = {12, 12, {{2, 2}, {6, 6}, {10, 10}}},
    [4] = {14, 14, {{3, 3}, {10, 3}, {3, 10}, {10, 10}}},
    [5] = {15, 15, {{2, 2}, {11, 5}, {5, 8}, {14, 11}, {8, 14}}},
    [6] = {21, 14, {{3, 3}, {10, 3}, {17, 3}, {3, 10}, {10, 10}, {17, 10}}},
    [7] = {21, 21, {{1, 1}, {13, 4}, {4, 7}, {16, 10}, {7, 13}, {19, 16}, {10, 19}}},
    [8] = {20, 20, {{2, 2}, {12, 2}, {7, 7}, {17, 7}, {2, 12}, {12, 12}, {7, 17}, {17, 17}}},
};

void sb_layout(int n, sb_plan *plan) {
    memset(plan, 0, sizeof *plan);
    if (n < 2 || n > SB_MAX_PLAYERS) return;
    plan->w = LAYOUTS[n].w;
    plan->h = LAYOUTS[n].h;
    plan->n = n;
    for (int p = 0; p < n; p++) {
        plan->bx[p] = LAYOUTS[n].b[p][0];
        plan->by[p] = LAYOUTS[n].b[p][1];
    }
}

/* Rule 9 and the `blast`/`radius` options. A field counts once per bomb, so offsets that land on
 * the same field modulo the plan size are kept once (a large radius on a small plan wraps). */
void sb_blast_build(const sb_rules *r, int w, int h, sb_blast *b) {
    uint8_t mark[SB_MAX_CELLS];
    memset(mark, 0, (size_t)(w * h));
    b->n = 0;
    int rad = r->radius;
    for (int dy = -rad; dy <= rad; dy++)
        for (int dx = -rad; dx <= rad; dx++) {
            if (r->blast == SB_BLAST_CROSS && dx != 0 && dy != 0) continue;
            int cell = sb_wrap(dy, h) * w + sb_wrap(dx, w);
            if (mark[cell]) continue;
            mark[cell] = 1;
            b->dx[b->n] = dx;
            b->dy[b->n] = dy;
            b->n++;
        }
}

void sb_last_clear(sb_state *st) {
    sb_last *L = &st->last;
    for (int p = 0; p < SB_MAX_PLAYERS; p++) {
        L->move[p] = SB_HOLD;
        L->died[p] = SB_ALIVE;
        L->hit_by[p] = 0;
        L->killer[p] = 0;
        L->base_of[p] = 0;
        L->die_x[p] = L->die_y[p] = 0;
        L->field_points[p] = L->kill_points[p] = 0;
    }
    L->shared_fields = 0;
    L->n_plants = 0;
    L->n_expl = 0;
    L->n_hit = 0;
}

void sb_start(sb_state *st, const sb_rules *rules, const sb_plan *plan) {
    st->rules = *rules;
    st->plan = *plan;
    sb_blast_build(rules, plan->w, plan->h, &st->blast);
    st->round = 1;
    int cells = plan->w * plan->h;
    if (plan->has_res) memcpy(st->res, plan->res, (size_t)cells);
    else memset(st->res, 1, (size_t)cells);
    memset(st->bomb, 0, (size_t)cells * sizeof *st->bomb); /* the plan's cells: nothing reads past them */
    for (int p = 0; p < SB_MAX_PLAYERS; p++) {
        st->score[p] = st->deaths[p] = st->kills[p] = st->lates[p] = st->invalids[p] = st->down_round[p] = 0;
        st->last_move[p] = SB_NO_MOVE;
        st->ax[p] = st->ay[p] = 0;
        if (p < plan->n) {
            st->res[plan->by[p] * plan->w + plan->bx[p]] = 0; /* bases hold no resource (rule 3) */
            st->ax[p] = plan->bx[p];
            st->ay[p] = plan->by[p];
        }
        st->names[p][0] = 'P';
        st->names[p][1] = (char)('1' + p);
        st->names[p][2] = 0;
    }
    sb_last_clear(st);
    st->last.round = 0;
}

int sb_base_at(const sb_state *st, int x, int y) {
    for (int p = 0; p < st->plan.n; p++)
        if (st->plan.bx[p] == x && st->plan.by[p] == y) return p;
    return -1;
}

int sb_dist(int w, int h, int x1, int y1, int x2, int y2) {
    int dx = x1 > x2 ? x1 - x2 : x2 - x1, dy = y1 > y2 ? y1 - y2 : y2 - y1;
    if (w - dx < dx) dx = w - dx;
    if (h - dy < dy) dy = h - dy;
    return dx + dy;
}

static int popcount8(unsigned v) {
    int n = 0;
    for (; v; v &= v - 1) n++;
    return n;
}

/* The owner of a mask with exactly one owner (both callers check it). */
static int lowest_owner(unsigned mask) { return __builtin_ctz(mask) + 1; }

/* The first cell from c on that may hold a bomb (cells when none does): four cells at a time, since
 * most cells hold none and a cell without one is two zero bytes. Only groups of four all-zero
 * cells are skipped, in order, so the loops below see every bomb as a cell-by-cell scan would
 * (they were a sixth of a simulator step's work). */
static inline int sb_next_bomb(const sb_bomb *bomb, int c, int cells) {
    _Static_assert(sizeof(sb_bomb) == 2, "four bombs are read as 8 bytes");
    for (uint64_t four; c + 4 <= cells; c += 4) {
        memcpy(&four, bomb + c, sizeof four);
        if (four) break;
    }
    return c;
}

void sb_play_round(sb_state *st, const int *moves) {
    const int w = st->plan.w, h = st->plan.h, n = st->plan.n, cells = w * h;
    const sb_blast *B = &st->blast;
    sb_last *L = &st->last;
    /* Never true (plans are 3..64 a side), but it tells GCC that `cells` fits the arrays below
     * (else -Wstringop-overflow). */
    if (cells <= 0 || cells > SB_MAX_CELLS) return; /* LCOV_EXCL_BR_LINE: no plan sb_start takes reaches it */
    sb_last_clear(st);
    L->round = st->round;
    bool dead[SB_MAX_PLAYERS] = {false};

    /* Step 1: every agent moves at the same time (wrapping); HOLD and PLANT_BOMB stay. */
    for (int p = 0; p < n; p++) {
        int m = moves[p] >= 0 && moves[p] < SB_MOVES ? moves[p] : SB_HOLD;
        L->move[p] = (int8_t)m;
        if (m == SB_UP) st->ay[p] = sb_wrap(st->ay[p] - 1, h);
        else if (m == SB_DOWN) st->ay[p] = sb_wrap(st->ay[p] + 1, h);
        else if (m == SB_LEFT) st->ax[p] = sb_wrap(st->ax[p] - 1, w);
        else if (m == SB_RIGHT) st->ax[p] = sb_wrap(st->ax[p] + 1, w);
    }

    /* Step 2: two or more agents on one field all die (SuiteBot D3); a swap passes through. */
    for (int p = 0; p < n; p++)
        for (int q = 0; q < n; q++)
            if (q != p && st->ax[p] == st->ax[q] && st->ay[p] == st->ay[q]) {
                dead[p] = true;
                L->died[p] = SB_DIED_COLLISION;
                L->die_x[p] = (int8_t)st->ax[p];
                L->die_y[p] = (int8_t)st->ay[p];
            }

    /* Step 3: living planters place a bomb, replacing any bomb there (SuiteBot D8); the dead plant
     * nothing (SuiteBot D4); anywhere, bases included (SuiteBot D5). */
    for (int p = 0; p < n; p++) {
        if (dead[p] || L->move[p] != SB_PLANT) continue;
        int c = st->ay[p] * w + st->ax[p];
        L->plant[L->n_plants].player = (int8_t)(p + 1);
        L->plant[L->n_plants].x = (int8_t)st->ax[p];
        L->plant[L->n_plants].y = (int8_t)st->ay[p];
        L->plant[L->n_plants].old_owner = (int8_t)st->bomb[c].owner;
        L->plant[L->n_plants].old_countdown = (int8_t)st->bomb[c].countdown;
        L->n_plants++;
        st->bomb[c].owner = (uint8_t)(p + 1);
        st->bomb[c].countdown = (uint8_t)st->rules.countdown;
    }

    /* Step 4a: the explosion set: countdown-0 bombs, then every bomb (this round's plants
     * included, D9) inside the blast of a bomb already in the set. */
    uint8_t in_x[SB_MAX_CELLS];
    memset(in_x, 0, (size_t)cells);
    for (int c = sb_next_bomb(st->bomb, 0, cells); c < cells; c = sb_next_bomb(st->bomb, c + 1, cells))
        if (st->bomb[c].owner && st->bomb[c].countdown == 0) {
            in_x[c] = 1;
            L->expl[L->n_expl].x = (int8_t)(c % w);
            L->expl[L->n_expl].y = (int8_t)(c / w);
            L->expl[L->n_expl].owner = (int8_t)st->bomb[c].owner;
            L->expl[L->n_expl].by = -1;
            L->n_expl++;
        }
    for (int i = 0; i < L->n_expl; i++) {
        int bx = L->expl[i].x, by = L->expl[i].y;
        for (int k = 0; k < B->n; k++) {
            int c = sb_wrap(by + B->dy[k], h) * w + sb_wrap(bx + B->dx[k], w);
            if (!st->bomb[c].owner || in_x[c]) continue;
            in_x[c] = 1;
            L->expl[L->n_expl].x = (int8_t)(c % w);
            L->expl[L->n_expl].y = (int8_t)(c / w);
            L->expl[L->n_expl].owner = (int8_t)st->bomb[c].owner;
            L->expl[L->n_expl].by = (int16_t)i;
            L->n_expl++;
        }
    }

    if (L->n_expl) {
        /* Step 4b: owners(f) for every field. */
        uint8_t owners[SB_MAX_CELLS];
        memset(owners, 0, (size_t)cells);
        for (int i = 0; i < L->n_expl; i++) {
            unsigned bit = 1u << (L->expl[i].owner - 1);
            for (int k = 0; k < B->n; k++) {
                int c = sb_wrap(L->expl[i].y + B->dy[k], h) * w + sb_wrap(L->expl[i].x + B->dx[k], w);
                owners[c] |= (uint8_t)bit;
            }
        }
        /* Step 4c: fields. One owner scores 1; several score nothing (SuiteBot D7); mined either way. */
        for (int c = 0; c < cells; c++) {
            if (!owners[c]) continue;
            bool mined = st->res[c] != 0;
            L->hit[L->n_hit].cell = (int16_t)c;
            L->hit[L->n_hit].owners = owners[c];
            L->hit[L->n_hit].mined = mined;
            L->n_hit++;
            if (!mined) continue;
            st->res[c] = 0;
            if (popcount8(owners[c]) == 1) {
                int o = lowest_owner(owners[c]);
                st->score[o - 1]++;
                L->field_points[o - 1]++;
            } else {
                L->shared_fields++;
            }
        }
        /* Step 4d: agents alive after step 2 on a hit field die; a kill scores only for a single
         * owner who is not the victim's player. */
        for (int p = 0; p < n; p++) {
            if (dead[p]) continue;
            unsigned own = owners[st->ay[p] * w + st->ax[p]];
            if (!own) continue;
            dead[p] = true;
            L->died[p] = SB_DIED_BOMB;
            L->hit_by[p] = (uint8_t)own;
            L->die_x[p] = (int8_t)st->ax[p];
            L->die_y[p] = (int8_t)st->ay[p];
            if (popcount8(own) == 1 && lowest_owner(own) != p + 1) {
                int o = lowest_owner(own);
                L->killer[p] = (int8_t)o;
                st->score[o - 1] += st->rules.kill;
                L->kill_points[o - 1] += st->rules.kill;
                st->kills[o - 1]++;
            }
        }
    }
    /* Step 4e: the set's bombs go; every other bomb counts down (this round's plants too). */
    for (int c = sb_next_bomb(st->bomb, 0, cells); c < cells; c = sb_next_bomb(st->bomb, c + 1, cells)) {
        if (!st->bomb[c].owner) continue;
        if (in_x[c]) st->bomb[c].owner = st->bomb[c].countdown = 0;
        else if (st->bomb[c].countdown > 0) st->bomb[c].countdown--;
    }

    /* Step 5a: a living agent on another player's base dies, credited to nobody (SuiteBot D6). */
    for (int p = 0; p < n; p++) {
        if (dead[p]) continue;
        int b = sb_base_at(st, st->ax[p], st->ay[p]);
        if (b < 0 || b == p) continue;
        dead[p] = true;
        L->died[p] = SB_DIED_BASE;
        L->base_of[p] = (int8_t)(b + 1);
        L->die_x[p] = (int8_t)st->ax[p];
        L->die_y[p] = (int8_t)st->ay[p];
    }
    /* Step 5b: every agent that died this round respawns on its own base. */
    for (int p = 0; p < n; p++) {
        st->last_move[p] = L->move[p];
        if (!dead[p]) continue;
        st->deaths[p]++;
        st->ax[p] = st->plan.bx[p];
        st->ay[p] = st->plan.by[p];
    }
    st->round++;
}

/* Section 8: 25/20/16/13/11/9/7/6/5/4/3/2/1, lower places 0. */
double sb_place_value(int place) {
    static const int P[13] = {25, 20, 16, 13, 11, 9, 7, 6, 5, 4, 3, 2, 1};
    return place >= 1 && place <= 13 ? P[place - 1] : 0;
}

/* SuiteBot D16: players tied on a score share the places their group covers and get the average of those
 * places' points, so the total handed out is unchanged. */
void sb_place_points(int n, const double *scores, double *points) {
    for (int i = 0; i < n; i++) {
        int better = 0, equal = 0;
        for (int j = 0; j < n; j++) {
            if (scores[j] > scores[i]) better++;
            else if (scores[j] == scores[i]) equal++;
        }
        double sum = 0;
        for (int k = 1; k <= equal; k++) sum += sb_place_value(better + k);
        points[i] = sum / equal;
    }
}
