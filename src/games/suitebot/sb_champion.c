/* sb_champion.c: SuiteBot's champion. It predicts every opponent with the model that has explained
 * its recent moves best (miner, harvester, hold, repeat-the-last-move), then searches its own next
 * moves against those predictions with the compact rules (sb_round.h), deepening until its time
 * budget is spent; a line is worth the points it scores, the fields its pending bombs will mine,
 * and where it leaves the agent, minus deaths and doomed positions. */
#include "sb.h"
#include "sb_round.h"
#include "../../game/think.h"
#include <string.h>

enum { M_MINER = 0, M_HARVESTER, M_HOLD, M_REPEAT, M_COUNT };
#define HMAX 9            /* the deepest line searched */
#define SHADOW_BYTES 32   /* room for a model's memory (harvester: 8 bytes) */
#define BUDGET_SHARE 20   /* percent of the move limit spent thinking: a 5x margin for the pipe and a loaded machine */
#define STEPS_PER_MS 800  /* simulated rounds per ms on the development machine (calibration) */
#define DEATH 5.0         /* what a death costs: the walk back from the base */

typedef struct {
    uint8_t shadow[SB_MAX_PLAYERS][SHADOW_BYTES]; /* a harvester run on each opponent's views */
    int8_t guess[SB_MAX_PLAYERS][M_COUNT];        /* each model's guess for the round asked */
    float fit[SB_MAX_PLAYERS][M_COUNT];           /* decayed rate of right guesses */
    int asked_round;                              /* the round the guesses are for (0: none) */
    int8_t plan[HMAX];                            /* our best line, for the next round's prediction */
    int nplan;
} champ_mem;

typedef struct {
    const sbr_geo *g;
    const sbr_state *root;
    int me;
    int opp[HMAX][SB_MAX_PLAYERS]; /* predicted opponent actions per step */
    float pot[SBR_MAX_CELLS];      /* what a field is worth to stand on (the next good plant) */
    think_budget *tb;
    bool stopped;
    int line[HMAX];
    int best_line[HMAX];
} search_ctx;

/* The opponent models, called directly (not looked up in sb_bots, which names the champion). */
static const game_bot MODEL_MINER = {.name = "miner", .act = sb_miner_act};
static const game_bot MODEL_HARVESTER = {.name = "harvester", .act = sb_harvester_act,
                                         .memory_size = sizeof(sb_harvester_mem)};

static bool move_of(const game_bot *b, void *mem, const sb_view *v, int *out) {
    sb_action a = {SB_HOLD};
    rng_t rng;
    rng_seed(&rng, 1, 0); /* harvester draws only in its endgame mode; any stream will do */
    if (!b || !b->act(mem, v, &a, &rng)) return false;
    *out = a.move >= 0 && a.move < SB_MOVES ? a.move : SB_HOLD;
    return true;
}

/* Scores each model on what every opponent did last round, then asks each model for this round. */
static void update_models(champ_mem *m, const sb_view *v, sb_view *tmp) {
    const int me = v->id - 1;
    const game_bot *miner = &MODEL_MINER, *harv = &MODEL_HARVESTER;
    if (m->asked_round == 0)
        for (int p = 0; p < v->n; p++) {
            m->fit[p][M_MINER] = 0.5f, m->fit[p][M_HARVESTER] = 0.45f;
            m->fit[p][M_HOLD] = 0.3f, m->fit[p][M_REPEAT] = 0.3f;
        }
    else if (m->asked_round == v->round - 1)
        for (int p = 0; p < v->n; p++)
            for (int k = 0; k < M_COUNT; k++)
                m->fit[p][k] = 0.85f * m->fit[p][k] + 0.15f * (m->guess[p][k] == v->p[p].last);
    for (int p = 0; p < v->n; p++) {
        if (p == me) continue;
        *tmp = *v;
        tmp->id = p + 1;
        int a = SB_HOLD;
        m->guess[p][M_MINER] = (int8_t)(move_of(miner, NULL, tmp, &a) ? a : SB_HOLD);
        a = SB_HOLD;
        m->guess[p][M_HARVESTER] = (int8_t)(move_of(harv, m->shadow[p], tmp, &a) ? a : SB_HOLD);
        m->guess[p][M_HOLD] = SB_HOLD;
        m->guess[p][M_REPEAT] = (int8_t)(v->p[p].last >= 0 ? v->p[p].last : SB_HOLD);
    }
    m->asked_round = v->round;
}

static int best_model(const champ_mem *m, int p) {
    int best = M_MINER;
    for (int k = 1; k < M_COUNT; k++)
        if (m->fit[p][k] > m->fit[p][best] + 0.01f) best = k;
    return best;
}

/* The opponents' actions for the next `depth` rounds, each by its best model, on the states our
 * previous line (then HOLD) and their own predicted moves lead to. */
static void predict(const champ_mem *m, search_ctx *c, const sb_view *v, int depth, sb_view *tmp) {
    const sbr_geo *g = c->g;
    const game_bot *miner = &MODEL_MINER, *harv = &MODEL_HARVESTER;
    uint8_t shadow[SB_MAX_PLAYERS][SHADOW_BYTES];
    memcpy(shadow, m->shadow, sizeof shadow);
    sbr_state s = *c->root;
    for (int k = 0; k < depth; k++) {
        int moves[SB_MAX_PLAYERS];
        for (int p = 0; p < g->n; p++) {
            if (p == c->me) {
                moves[p] = k + 1 < m->nplan ? m->plan[k + 1] : SB_HOLD;
                continue;
            }
            int model = best_model(m, p), a = SB_HOLD;
            if (k == 0) a = m->guess[p][model];
            else if (model == M_MINER || model == M_HARVESTER) {
                sbr_to_view(g, &s, v, p + 1, tmp);
                if (model == M_MINER) move_of(miner, NULL, tmp, &a);
                else move_of(harv, shadow[p], tmp, &a);
            } else if (model == M_REPEAT) a = c->opp[0][p];
            moves[p] = c->opp[k][p] = a;
        }
        sbr_play(g, &s, moves);
    }
}

/* pot[f]: the best (uncovered resources in a blast at q) - dist(f, q) / 2 over fields q, scaled
 * down: where an agent wants to be when the search horizon ends. */
static void potential(search_ctx *c) {
    const sbr_geo *g = c->g;
    const sbr_state *s = c->root;
    uint8_t covered[SBR_MAX_CELLS];
    int pv[SBR_MAX_CELLS];
    memset(covered, 0, (size_t)g->cells);
    for (int k = 0; k < s->nb; k++) {
        int bx = s->bomb[k].cell % g->w, by = s->bomb[k].cell / g->w;
        for (int o = 0; o < g->nblast; o++)
            covered[sb_wrap(by + g->bdy[o], g->h) * g->w + sb_wrap(bx + g->bdx[o], g->w)] = 1;
    }
    for (int q = 0; q < g->cells; q++) {
        int qx = q % g->w, qy = q / g->w, n = 0;
        for (int o = 0; o < g->nblast; o++) {
            int f = sb_wrap(qy + g->bdy[o], g->h) * g->w + sb_wrap(qx + g->bdx[o], g->w);
            n += sbr_res(s, f) && !covered[f];
        }
        pv[q] = g->base_owner[q] && g->base_owner[q] != c->me + 1 ? 0 : n;
    }
    /* the POT_SPOTS richest spots are enough (and keep large plans cheap) */
    enum { POT_SPOTS = 48 };
    int spot[POT_SPOTS], ns = 0;
    for (int q = 0; q < g->cells; q++) {
        if (!pv[q]) continue;
        if (ns < POT_SPOTS) spot[ns++] = q;
        else {
            int low = 0;
            for (int k = 1; k < ns; k++)
                if (pv[spot[k]] < pv[spot[low]]) low = k;
            if (pv[q] > pv[spot[low]]) spot[low] = q;
        }
    }
    for (int f = 0; f < g->cells; f++) {
        float best = 0;
        for (int k = 0; k < ns; k++) {
            int q = spot[k];
            float val = (float)pv[q] - 0.5f * (float)sb_dist(g->w, g->h, f % g->w, f / g->w, q % g->w, q / g->w);
            if (val > best) best = val;
        }
        c->pot[f] = 0.3f * best;
    }
}

/* Can an agent on field `at` survive the bombs of s (walking, holding) until they have all gone
 * off? Fields explode by the schedule of their bombs' countdowns, chains included. */
static bool escapes(const sbr_geo *g, const sbr_state *s, int at, int me) {
    if (!s->nb) return true;
    int T[SBR_MAX_BOMBS], maxc = 0;
    for (int k = 0; k < s->nb; k++) T[k] = s->bomb[k].countdown;
    bool changed = true;
    while (changed) { /* a bomb goes off no later than any bomb whose blast holds it */
        changed = false;
        for (int i = 0; i < s->nb; i++)
            for (int k = 0; k < s->nb; k++) {
                if (T[i] >= T[k]) continue;
                int dx = s->bomb[k].cell % g->w - s->bomb[i].cell % g->w;
                int dy = s->bomb[k].cell / g->w - s->bomb[i].cell / g->w;
                if (g->in_blast[sb_wrap(dy, g->h) * g->w + sb_wrap(dx, g->w)]) T[k] = T[i], changed = true;
            }
    }
    for (int k = 0; k < s->nb; k++)
        if (T[k] > maxc) maxc = T[k];
    uint8_t cur[SBR_MAX_CELLS], nxt[SBR_MAX_CELLS], bad[SBR_MAX_CELLS];
    memset(cur, 0, (size_t)g->cells);
    cur[at] = 1;
    for (int t = 0; t <= maxc; t++) {
        memset(bad, 0, (size_t)g->cells);
        for (int k = 0; k < s->nb; k++) {
            if (T[k] != t) continue;
            int bx = s->bomb[k].cell % g->w, by = s->bomb[k].cell / g->w;
            for (int o = 0; o < g->nblast; o++)
                bad[sb_wrap(by + g->bdy[o], g->h) * g->w + sb_wrap(bx + g->bdx[o], g->w)] = 1;
        }
        bool any = false;
        for (int f = 0; f < g->cells; f++) {
            nxt[f] = 0;
            if (bad[f] || (g->base_owner[f] && g->base_owner[f] != me + 1)) continue;
            bool from = cur[f];
            for (int d = 0; d < 4 && !from; d++) from = cur[g->step[f][d]];
            if (from) nxt[f] = 1, any = true;
        }
        if (!any) return false;
        memcpy(cur, nxt, (size_t)g->cells);
    }
    return true;
}

static float evaluate(const search_ctx *c, const sbr_state *s) {
    const sbr_geo *g = c->g;
    const int me = c->me;
    float v = (float)(s->score[me] - c->root->score[me]) - DEATH * (float)s->died[me];
    for (int k = 0; k < s->nb; k++) { /* our bombs still to go off before the game ends */
        const sbr_bomb *b = &s->bomb[k];
        if (b->owner != me + 1 || s->round + b->countdown > g->rounds) continue;
        int bx = b->cell % g->w, by = b->cell / g->w, n = 0;
        for (int o = 0; o < g->nblast; o++) n += sbr_res(s, sb_wrap(by + g->bdy[o], g->h) * g->w + sb_wrap(bx + g->bdx[o], g->w));
        v += 0.7f * (float)n;
    }
    if (!s->died[me] && !escapes(g, s, s->agent[me], me)) v -= DEATH;
    return v + c->pot[s->agent[me]];
}

/* Our agent right after the first step next to where an opponent stands now: a collision the
 * prediction may have missed. */
static float contest(const search_ctx *c, const sbr_state *s) {
    const sbr_geo *g = c->g;
    int a = s->agent[c->me];
    for (int p = 0; p < g->n; p++) {
        if (p == c->me) continue;
        int o = c->root->agent[p];
        if (sb_dist(g->w, g->h, a % g->w, a / g->w, o % g->w, o / g->w) <= 1) return 1.5f;
    }
    return 0;
}

static const int ORDER[SB_MOVES] = {SB_PLANT, SB_UP, SB_RIGHT, SB_DOWN, SB_LEFT, SB_HOLD};

static float dfs(search_ctx *c, const sbr_state *s, int k, int depth, float *best_here) {
    if (k == depth || s->round > c->g->rounds) return evaluate(c, s);
    float best = -1e9f;
    for (int i = 0; i < SB_MOVES; i++) {
        if (!think_spend(c->tb, 1)) {
            c->stopped = true;
            return best;
        }
        sbr_state t = *s;
        int moves[SB_MAX_PLAYERS];
        for (int p = 0; p < c->g->n; p++) moves[p] = c->opp[k][p];
        moves[c->me] = ORDER[i];
        sbr_play(c->g, &t, moves);
        float val = t.died[c->me] > s->died[c->me] ? evaluate(c, &t) : dfs(c, &t, k + 1, depth, NULL);
        if (k == 0) val -= contest(c, &t);
        if (c->stopped) return best;
        c->line[k] = ORDER[i];
        if (val > best) {
            best = val;
            if (best_here) best_here[0] = best;
            if (k == 0) c->best_line[0] = ORDER[i];
        }
    }
    return best;
}

static bool champion_timed(void *memory, const void *view, void *action, rng_t *rng, const bot_clock *clock) {
    (void)rng;
    champ_mem *m = memory;
    const sb_view *v = view;
    sb_action *a = action;
    a->move = SB_HOLD;
    static const int default_ms = 200;
    think_budget tb;
    think_begin(&tb, clock, think_limit_ms(clock, default_ms) * BUDGET_SHARE / 100, STEPS_PER_MS, 4);
    sbr_geo g;
    sb_view tmp;
    const game_bot *miner = &MODEL_MINER;
    if (!sbr_geo_from_view(&g, v) || v->id < 1 || v->id > v->n) {
        int mv = SB_HOLD;
        move_of(miner, NULL, v, &mv);
        a->move = mv;
        return true;
    }
    update_models(m, v, &tmp);
    sbr_state root;
    sbr_from_view(&g, v, &root);
    search_ctx c = {.g = &g, .root = &root, .me = v->id - 1, .tb = &tb};
    int left = g.rounds - v->round + 1, hmax = left < HMAX ? left : HMAX;
    predict(m, &c, v, hmax, &tmp);
    potential(&c);
    int chosen = SB_HOLD;
    for (int depth = 1; depth <= hmax; depth++) {
        float best;
        c.stopped = false;
        c.best_line[0] = SB_HOLD;
        dfs(&c, &root, 0, depth, &best);
        if (c.stopped && depth > 1) break;
        chosen = c.best_line[0];
        if (c.stopped) break;
    }
    a->move = chosen;
    m->plan[0] = (int8_t)chosen;
    m->nplan = 1;
    return true;
}

bool sb_champion_act(void *memory, const void *view, void *action, rng_t *rng) {
    return champion_timed(memory, view, action, rng, NULL);
}

bool sb_champion_timed(void *memory, const void *view, void *action, rng_t *rng, const bot_clock *clock) {
    return champion_timed(memory, view, action, rng, clock);
}

_Static_assert(sizeof(champ_mem) <= SB_CHAMPION_MEMORY, "SB_CHAMPION_MEMORY is too small");
_Static_assert(sizeof(sb_harvester_mem) <= SHADOW_BYTES, "SHADOW_BYTES is too small for the harvester's memory");
