/* sprt.c: generalized SPRT on logistic Elo (trinomial and pentanomial), Wald's bounds. */
#include "sprt.h"
#include "rating.h"
#include "../core/xalloc.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool sprt_parse(const char *text, sprt_params *p, buf_t *err) {
    double v[4] = {0, 0, 0.05, 0.05};
    int n = 0;
    const char *s = text;
    while (*s && n < 4) {
        char *end;
        v[n] = strtod(s, &end);
        /* strtod also reads inf and nan: an infinite bound is no test (no game decides it, so it
         * played on to the --games cap) and was stored as null */
        if (end == s || (*end && *end != ',') || !isfinite(v[n])) {
            buf_printf(err, "--sprt %s: expected ELO0,ELO1[,ALPHA,BETA], e.g. 0,10 or 0,10,0.05,0.05", text);
            return false;
        }
        n++;
        s = *end ? end + 1 : end;
    }
    if (*s || (n != 2 && n != 4)) {
        buf_printf(err, "--sprt %s: expected ELO0,ELO1[,ALPHA,BETA]", text);
        return false;
    }
    if (!(v[0] < v[1])) {
        buf_printf(err, "--sprt %s: ELO0 must be below ELO1", text);
        return false;
    }
    if (!(v[2] > 0 && v[2] < 1 && v[3] > 0 && v[3] < 1 && v[2] + v[3] < 1)) {
        buf_printf(err, "--sprt %s: ALPHA and BETA must lie in (0, 1) with ALPHA + BETA < 1", text);
        return false;
    }
    p->elo0 = v[0];
    p->elo1 = v[1];
    p->alpha = v[2];
    p->beta = v[3];
    return true;
}

void sprt_bounds(const sprt_params *p, double *lower, double *upper) {
    *lower = log(p->beta / (1 - p->alpha));
    *upper = log((1 - p->beta) / p->alpha);
}

sprt_decision sprt_decide(const sprt_params *p, double llr) {
    double lo, hi;
    sprt_bounds(p, &lo, &hi);
    if (llr >= hi) return SPRT_H1;
    if (llr <= lo) return SPRT_H0;
    return SPRT_CONTINUE;
}

const char *sprt_word(sprt_decision d, bool cap_reached) {
    return d == SPRT_H1 ? "H1" : d == SPRT_H0 ? "H0" : cap_reached ? "inconclusive" : "undecided";
}

/* The MLE of a distribution on the scores a[] with mean s, given the empirical phat[]:
 * p_i = phat_i / (1 + theta (a_i - s)), theta the root of sum phat_i (a_i - s) / (1 + theta (a_i - s)),
 * a decreasing function on (-1 / (a_max - s), -1 / (a_min - s)); found by bisection. */
static void mle_with_mean(int k, const double *a, const double *phat, double s, double *p) {
    double lo = -1 / (a[k - 1] - s), hi = -1 / (a[0] - s);
    for (int it = 0; it < 200; it++) {
        double th = 0.5 * (lo + hi);
        if (th <= lo || th >= hi) break;
        double f = 0;
        for (int i = 0; i < k; i++) f += phat[i] * (a[i] - s) / (1 + th * (a[i] - s));
        if (f > 0) lo = th;
        else hi = th;
    }
    double th = 0.5 * (lo + hi);
    for (int i = 0; i < k; i++) p[i] = phat[i] / (1 + th * (a[i] - s));
}

double sprt_llr(int k, const double *a, const double *n_in, double elo0, double elo1) {
    double n[8], phat[8], p0[8], p1[8], total = 0, raw = 0;
    for (int i = 0; i < k; i++) {
        raw += n_in[i];
        n[i] = n_in[i] > 0 ? n_in[i] : 1e-3;
        total += n[i];
    }
    if (raw <= 0) return 0;
    for (int i = 0; i < k; i++) phat[i] = n[i] / total;
    mle_with_mean(k, a, phat, rating_elo_to_score(elo0), p0);
    mle_with_mean(k, a, phat, rating_elo_to_score(elo1), p1);
    double llr = 0;
    for (int i = 0; i < k; i++) llr += phat[i] * (log(p1[i]) - log(p0[i]));
    return total * llr;
}

double sprt_llr_trinomial(const int ldw[3], double elo0, double elo1) {
    const double a[3] = {0, 0.5, 1};
    double n[3] = {ldw[0], ldw[1], ldw[2]};
    return sprt_llr(3, a, n, elo0, elo1);
}

double sprt_llr_pentanomial(const int penta[5], double elo0, double elo1) {
    const double a[5] = {0, 0.25, 0.5, 0.75, 1};
    double n[5];
    for (int i = 0; i < 5; i++) n[i] = penta[i];
    return sprt_llr(5, a, n, elo0, elo1);
}

void sprt_elo_estimate(int k, const double *a, const int *n, double *elo, double *lo, double *hi) {
    double total = 0, mean = 0, var = 0;
    for (int i = 0; i < k; i++) total += n[i];
    *elo = *lo = *hi = NAN;
    if (total <= 0) return;
    for (int i = 0; i < k; i++) mean += a[i] * n[i] / total;
    for (int i = 0; i < k; i++) var += n[i] / total * (a[i] - mean) * (a[i] - mean);
    double half = 1.959963984540054 * sqrt(var / total);
    *elo = rating_score_to_elo(mean);
    *lo = rating_score_to_elo(mean - half);
    *hi = rating_score_to_elo(mean + half);
}

static void elo_bound(double v, char *out, size_t n) {
    if (isinf(v)) snprintf(out, n, "%s", v < 0 ? "-inf" : "+inf");
    else snprintf(out, n, "%.1f", v + 0.0); /* + 0.0: an even score's -0 prints 0.0 */
}

bool sprt_elo_text(double elo, double lo, double hi, char *out, size_t n) {
    if (n) out[0] = 0;
    if (isnan(elo)) return false;
    if (isinf(elo)) {
        /* a mean score of 0 or 1 has no finite Elo, and its interval none either (no variance) */
        snprintf(out, n, "%s (every point went to one side: no finite estimate until the other scores)",
                 elo < 0 ? "-inf" : "+inf");
        return true;
    }
    char l[32], h[32];
    elo_bound(lo, l, sizeof l);
    elo_bound(hi, h, sizeof h);
    snprintf(out, n, "%.1f [%s, %s]", elo + 0.0, l, h);
    return true;
}

static double b_score(const store_result *r) {
    int ra = -1, rb = -1;
    for (int s = 0; s < r->nseats; s++) {
        if (r->entrant[s] == 0) ra = r->rank[s];
        if (r->entrant[s] == 1) rb = r->rank[s];
    }
    if (ra < 0 || rb < 0) return NAN;
    return rb < ra ? 1 : rb > ra ? 0 : 0.5;
}

static int by_seed_index(const void *a, const void *b) {
    const store_result *x = *(const store_result *const *)a, *y = *(const store_result *const *)b;
    if (x->seed_index != y->seed_index) return x->seed_index < y->seed_index ? -1 : 1;
    return x->idx - y->idx;
}

void sprt_tally(const store_result *results, int n, int penta[5], int ldw[3]) {
    memset(penta, 0, sizeof(int) * 5);
    memset(ldw, 0, sizeof(int) * 3);
    const store_result **v = xmalloc(sizeof *v * ((size_t)n + 1));
    int m = 0;
    for (int i = 0; i < n; i++) {
        if (results[i].failed || isnan(b_score(&results[i]))) continue;
        v[m++] = &results[i];
        ldw[(int)(2 * b_score(&results[i]))]++;
    }
    qsort(v, (size_t)m, sizeof *v, by_seed_index);
    for (int i = 0; i + 1 < m; i++) {
        if (v[i]->seed_index != v[i + 1]->seed_index) continue;
        penta[(int)lround(2 * (b_score(v[i]) + b_score(v[i + 1])))]++;
        i++;
    }
    free(v);
}

