/* sb_round.c: SuiteBot's round in compact form for the champion's search (sb_round.h). */
#include "sb_round.h"
#include <string.h>

bool sbr_geo_from_view(sbr_geo *g, const sb_view *v) {
    const int w = v->w, h = v->h;
    if (w < 1 || h < 1 || w * h > SBR_MAX_CELLS || v->n < 1 || v->n > SB_MAX_PLAYERS) return false;
    memset(g, 0, sizeof *g);
    g->w = w, g->h = h, g->cells = w * h, g->n = v->n;
    g->countdown = v->rules.countdown;
    g->kill = v->rules.kill;
    g->rounds = v->rules.rounds;
    for (int p = 0; p < v->n; p++) {
        g->base[p] = (int16_t)(v->p[p].by * w + v->p[p].bx);
        g->base_owner[g->base[p]] = (int8_t)(p + 1);
    }
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int c = y * w + x;
            g->step[c][SB_UP] = (int16_t)(sb_wrap(y - 1, h) * w + x);
            g->step[c][SB_DOWN] = (int16_t)(sb_wrap(y + 1, h) * w + x);
            g->step[c][SB_LEFT] = (int16_t)(y * w + sb_wrap(x - 1, w));
            g->step[c][SB_RIGHT] = (int16_t)(y * w + sb_wrap(x + 1, w));
            g->step[c][SB_HOLD] = g->step[c][SB_PLANT] = (int16_t)c;
        }
    sb_blast b;
    sb_blast_build(&v->rules, w, h, &b);
    g->nblast = b.n;
    for (int k = 0; k < b.n; k++) {
        g->bdx[k] = (int8_t)b.dx[k];
        g->bdy[k] = (int8_t)b.dy[k];
        g->in_blast[sb_wrap(b.dy[k], h) * w + sb_wrap(b.dx[k], w)] = 1;
    }
    return true;
}

void sbr_from_view(const sbr_geo *g, const sb_view *v, sbr_state *s) {
    memset(s, 0, sizeof *s);
    s->round = v->round;
    for (int p = 0; p < g->n; p++) {
        s->agent[p] = (int16_t)(v->p[p].ay * g->w + v->p[p].ax);
        s->score[p] = v->p[p].resources;
        s->last[p] = (int8_t)(v->p[p].last >= 0 ? v->p[p].last : SB_HOLD);
    }
    for (int c = 0; c < g->cells; c++) {
        if (v->res[c]) s->res[c >> 6] |= 1ULL << (c & 63);
        if (v->bomb[c].owner && s->nb < SBR_MAX_BOMBS)
            s->bomb[s->nb++] = (sbr_bomb){(int16_t)c, v->bomb[c].owner, v->bomb[c].countdown};
    }
}

void sbr_to_view(const sbr_geo *g, const sbr_state *s, const sb_view *like, int id, sb_view *out) {
    out->id = id;
    out->round = s->round;
    out->remaining = g->rounds - s->round - 1;
    out->w = g->w, out->h = g->h, out->n = g->n;
    out->rules = like->rules;
    for (int p = 0; p < g->n; p++) {
        out->p[p] = like->p[p];
        out->p[p].name = NULL;
        out->p[p].resources = s->score[p];
        out->p[p].ax = s->agent[p] % g->w;
        out->p[p].ay = s->agent[p] / g->w;
        out->p[p].last = s->last[p];
    }
    for (int c = 0; c < g->cells; c++) out->res[c] = sbr_res(s, c);
    memset(out->bomb, 0, (size_t)g->cells * sizeof out->bomb[0]);
    for (int k = 0; k < s->nb; k++) out->bomb[s->bomb[k].cell] = (sb_bomb){s->bomb[k].owner, s->bomb[k].countdown};
}

/* Is field f inside the blast of a bomb on field b? */
static bool blasts(const sbr_geo *g, int b, int f) {
    int dx = f % g->w - b % g->w, dy = f / g->w - b / g->w;
    return g->in_blast[sb_wrap(dy, g->h) * g->w + sb_wrap(dx, g->w)];
}

static int popcount8(unsigned m) {
    int n = 0;
    for (; m; m &= m - 1) n++;
    return n;
}

static int lowest_bit(unsigned m) {
    int o = 1;
    while (!(m & 1)) m >>= 1, o++;
    return o;
}

/* Step 4: the explosion set (countdown 0, then chains), fields, agents, bombs. */
static void explode(const sbr_geo *g, sbr_state *s, bool *dead) {
    bool in[SBR_MAX_BOMBS] = {false};
    int order[SBR_MAX_BOMBS], nx = 0;
    for (int k = 0; k < s->nb; k++)
        if (s->bomb[k].countdown == 0) in[k] = true, order[nx++] = k;
    for (int i = 0; i < nx; i++)
        for (int k = 0; k < s->nb; k++)
            if (!in[k] && blasts(g, s->bomb[order[i]].cell, s->bomb[k].cell)) in[k] = true, order[nx++] = k;
    if (nx) {
        uint8_t owners[SBR_MAX_CELLS];
        int16_t hit[SBR_MAX_CELLS];
        int nhit = 0;
        memset(owners, 0, (size_t)g->cells);
        for (int i = 0; i < nx; i++) {
            const sbr_bomb *b = &s->bomb[order[i]];
            int bx = b->cell % g->w, by = b->cell / g->w;
            for (int k = 0; k < g->nblast; k++) {
                int f = sb_wrap(by + g->bdy[k], g->h) * g->w + sb_wrap(bx + g->bdx[k], g->w);
                if (!owners[f]) hit[nhit++] = (int16_t)f;
                owners[f] |= (uint8_t)(1u << (b->owner - 1));
            }
        }
        for (int i = 0; i < nhit; i++) {
            int f = hit[i];
            if (!sbr_res(s, f)) continue;
            s->res[f >> 6] &= ~(1ULL << (f & 63));
            if (popcount8(owners[f]) == 1) s->score[lowest_bit(owners[f]) - 1]++;
        }
        for (int p = 0; p < g->n; p++) {
            unsigned own = owners[s->agent[p]];
            if (dead[p] || !own) continue;
            dead[p] = true;
            if (popcount8(own) == 1 && lowest_bit(own) != p + 1) s->score[lowest_bit(own) - 1] += g->kill;
        }
    }
    int w = 0;
    for (int k = 0; k < s->nb; k++) {
        if (in[k]) continue;
        sbr_bomb b = s->bomb[k];
        if (b.countdown > 0) b.countdown--;
        s->bomb[w++] = b;
    }
    s->nb = w;
}

void sbr_play(const sbr_geo *g, sbr_state *s, const int *moves) {
    bool dead[SB_MAX_PLAYERS] = {false};
    int m[SB_MAX_PLAYERS];
    for (int p = 0; p < g->n; p++) {
        m[p] = moves[p] >= 0 && moves[p] < SB_MOVES ? moves[p] : SB_HOLD;
        s->agent[p] = g->step[s->agent[p]][m[p]];
    }
    for (int p = 0; p < g->n; p++)
        for (int q = 0; q < g->n; q++)
            if (q != p && s->agent[p] == s->agent[q]) dead[p] = true;
    for (int p = 0; p < g->n; p++) {
        if (dead[p] || m[p] != SB_PLANT) continue;
        int k = 0;
        while (k < s->nb && s->bomb[k].cell != s->agent[p]) k++;
        if (k == s->nb) {
            if (s->nb == SBR_MAX_BOMBS) continue;
            s->nb++;
        }
        s->bomb[k] = (sbr_bomb){s->agent[p], (uint8_t)(p + 1), (uint8_t)g->countdown};
    }
    explode(g, s, dead);
    for (int p = 0; p < g->n; p++) {
        int b = g->base_owner[s->agent[p]];
        if (!dead[p] && b && b != p + 1) dead[p] = true;
    }
    for (int p = 0; p < g->n; p++) {
        s->last[p] = (int8_t)m[p];
        if (!dead[p]) continue;
        s->died[p]++;
        s->agent[p] = g->base[p];
    }
    s->round++;
}
