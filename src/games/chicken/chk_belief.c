/* chk_belief.c: tracker's Bayes filter on the two trapdoors (Chicken P10, rung 2). */
#include "chk_ai.h"
#include <stdlib.h>
#include <string.h>

static void prior(chk_beliefs *b, int k, uint64_t exclude) {
    double total = 0;
    for (int s = 0; s < CHK_CELLS; s++) {
        double w = chk_parity(s) == k && !(exclude & CHK_BIT(s)) ? CHK_DOOR_WEIGHT[s] : 0;
        b->belief[k][s] = w;
        total += w;
    }
    if (total > 0)
        for (int s = 0; s < CHK_CELLS; s++) b->belief[k][s] /= total;
}

void chk_beliefs_update(chk_beliefs *b, const chk_view *v) {
    if (!b->started) {
        memset(b, 0, sizeof *b);
        b->started = true;
        prior(b, 0, 0);
        prior(b, 1, 0);
    }
    b->safe |= CHK_BIT(v->pos[0]) | CHK_BIT(v->pos[1]);
    for (int c = 0; c < 2; c++) b->safe |= v->eggs[c] | v->turds_on[c];
    int here = v->pos[v->colour];
    for (int k = 0; k < 2; k++) {
        int found = -1;
        for (uint64_t f = v->found; f; f &= f - 1) {
            int sq = __builtin_ctzll(f);
            if (chk_parity(sq) == k) found = sq;
        }
        if (found >= 0) {
            memset(b->belief[k], 0, sizeof b->belief[k]);
            b->belief[k][found] = 1.0;
            continue;
        }
        bool heard = v->sense[2 * k], felt = v->sense[2 * k + 1];
        double total = 0;
        for (int s = 0; s < CHK_CELLS; s++) {
            double p = b->belief[k][s];
            if (b->safe & CHK_BIT(s)) p = 0;
            if (p > 0) {
                int dx = abs(CHK_X(s) - CHK_X(here)), dy = abs(CHK_Y(s) - CHK_Y(here));
                double ph = chk_prob_hear(dx, dy) / 100.0, pf = chk_prob_feel(dx, dy) / 100.0;
                p *= (heard ? ph : 1 - ph) * (felt ? pf : 1 - pf);
            }
            b->belief[k][s] = p;
            total += p;
        }
        if (total > 0)
            for (int s = 0; s < CHK_CELLS; s++) b->belief[k][s] /= total;
        else
            prior(b, k, b->safe);
    }
}

void chk_beliefs_risk(const chk_beliefs *b, double risk[CHK_CELLS]) {
    for (int s = 0; s < CHK_CELLS; s++) risk[s] = b->belief[chk_parity(s)][s];
}
