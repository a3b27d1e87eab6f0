/* rating.c: place points, pairwise points and the Bradley-Terry/Elo fit (Newton's method on the
 * log-likelihood; covariance from the observed information). Formulas in docs/tourney.md. */
#include "rating.h"
#include "stat.h"
#include "../core/xalloc.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define ELO_C (M_LN10 / 400.0) /* p = 1 / (1 + exp(-ELO_C * d)) */

/* ---------- per-game points ---------- */

static const double place_points[] = {25, 20, 16, 13, 11, 9, 7, 6, 5, 4, 3, 2, 1};

static double place_value(int place) { /* 1-based */
    int n = (int)(sizeof place_points / sizeof place_points[0]);
    return place >= 1 && place <= n ? place_points[place - 1] : 0;
}

double rating_place_points(int nseats, const int *ranks, int seat) {
    int tied = 0;
    for (int s = 0; s < nseats; s++)
        if (ranks[s] == ranks[seat]) tied++;
    /* Ranks follow "1224": the tied group covers places rank .. rank + tied - 1. */
    double sum = 0;
    for (int k = 0; k < tied; k++) sum += place_value(ranks[seat] + k);
    return sum / tied;
}

double rating_pair_points(int nseats, const int *ranks, int seat) {
    if (nseats < 2) return NAN;
    double p = 0;
    for (int s = 0; s < nseats; s++) {
        if (s == seat) continue;
        if (ranks[s] > ranks[seat]) p += 1;
        else if (ranks[s] == ranks[seat]) p += 0.5;
    }
    return p / (nseats - 1);
}

double rating_elo_to_score(double d) { return 1 / (1 + pow(10, -d / 400)); }

double rating_score_to_elo(double s) {
    if (s <= 0) return -INFINITY;
    if (s >= 1) return INFINITY;
    return -400 * log10(1 / s - 1);
}

/* ---------- Bradley-Terry ---------- */

/* Inverts the k x k matrix a (row-major) into inv with Gauss-Jordan and partial pivoting.
 * Returns false when it is singular. a is destroyed. */
static bool invert(int k, double *a, double *inv) {
    for (int i = 0; i < k; i++)
        for (int j = 0; j < k; j++) inv[i * k + j] = i == j;
    for (int col = 0; col < k; col++) {
        int piv = col;
        for (int r = col + 1; r < k; r++)
            if (fabs(a[r * k + col]) > fabs(a[piv * k + col])) piv = r;
        if (fabs(a[piv * k + col]) < 1e-300) return false;
        if (piv != col) {
            for (int j = 0; j < k; j++) {
                double t = a[col * k + j];
                a[col * k + j] = a[piv * k + j];
                a[piv * k + j] = t;
                t = inv[col * k + j];
                inv[col * k + j] = inv[piv * k + j];
                inv[piv * k + j] = t;
            }
        }
        double d = a[col * k + col];
        for (int j = 0; j < k; j++) {
            a[col * k + j] /= d;
            inv[col * k + j] /= d;
        }
        for (int r = 0; r < k; r++) {
            if (r == col) continue;
            double f = a[r * k + col];
            if (f == 0) continue;
            for (int j = 0; j < k; j++) {
                a[r * k + j] -= f * a[col * k + j];
                inv[r * k + j] -= f * inv[col * k + j];
            }
        }
    }
    return true;
}

/* The MLE is finite only if the "scored against" graph of the rated players is strongly
 * connected: every group of players must have taken some points off the rest and lost some. */
static bool strongly_connected(int n, const bool *rated, const rating_game *g, int ng) {
    int first = -1;
    for (int i = 0; i < n; i++)
        if (rated[i]) {
            first = i;
            break;
        }
    if (first < 0) return true;
    char *seen = xcalloc((size_t)n, 1);
    int *stack = xmalloc(sizeof(int) * (size_t)(n + 1));
    bool ok = true;
    for (int dir = 0; dir < 2 && ok; dir++) {
        memset(seen, 0, (size_t)n);
        int sp = 0;
        stack[sp++] = first;
        seen[first] = 1;
        while (sp) {
            int u = stack[--sp];
            for (int k = 0; k < ng; k++) {
                if (g[k].weight <= 0) continue;
                /* Edge u -> v when u took points off v (dir 0) or v off u (dir 1). */
                int v = -1;
                double su = -1;
                if (g[k].i == u) v = g[k].j, su = g[k].score;
                else if (g[k].j == u) v = g[k].i, su = 1 - g[k].score;
                if (v < 0 || seen[v]) continue;
                if ((dir == 0 && su > 0) || (dir == 1 && su < 1)) {
                    seen[v] = 1;
                    stack[sp++] = v;
                }
            }
        }
        for (int i = 0; i < n; i++)
            if (rated[i] && !seen[i]) ok = false;
    }
    free(seen);
    free(stack);
    return ok;
}

void rating_fit_free(rating_result *r) {
    free(r->rated);
    free(r->rating);
    free(r->sd);
    free(r->cov);
    memset(r, 0, sizeof *r);
}

/* The fit, with the virtual draws when prior is set or the graph shows the MLE infinite. */
static bool rating_fit_once(int n, const rating_game *games_in, int ng_in, const rating_options *o, bool prior,
                            rating_result *r) {
    memset(r, 0, sizeof *r);
    if (n <= 0) return false;
    r->n = n;
    r->rated = xcalloc((size_t)n, sizeof *r->rated);
    r->rating = xmalloc(sizeof(double) * (size_t)n);
    r->sd = xcalloc((size_t)n, sizeof(double));
    r->cov = xcalloc((size_t)n * (size_t)n, sizeof(double));
    for (int i = 0; i < n; i++) r->rating[i] = NAN;
    for (int k = 0; k < ng_in; k++) {
        const rating_game *g = &games_in[k];
        if (g->i < 0 || g->j < 0 || g->i >= n || g->j >= n || g->i == g->j) return false;
        if (g->weight > 0) r->rated[g->i] = r->rated[g->j] = true;
    }
    int *map = xmalloc(sizeof(int) * (size_t)n); /* player -> parameter index (-1: fixed/unrated) */
    int *fitted = xmalloc(sizeof(int) * (size_t)n);
    int m = 0;
    for (int i = 0; i < n; i++)
        if (r->rated[i]) fitted[m++] = i;
    r->converged = true;
    if (m < 2) {
        for (int k = 0; k < m; k++) r->rating[fitted[k]] = o->center;
        free(map);
        free(fitted);
        return true;
    }
    /* Virtual draws when the MLE would be infinite: each rated player gets one virtual game in
     * total, a draw spread evenly over all other rated players (weight 1/(m-1) per pair). */
    int ng = ng_in;
    rating_game *games = xmalloc(sizeof(rating_game) * ((size_t)ng_in + (size_t)m * (size_t)m));
    if (ng_in) memcpy(games, games_in, sizeof(rating_game) * (size_t)ng_in);
    if (prior || (o->allow_prior && !strongly_connected(n, r->rated, games_in, ng_in))) {
        r->prior_used = true;
        for (int a = 0; a < m; a++)
            for (int b = a + 1; b < m; b++)
                games[ng++] = (rating_game){fitted[a], fitted[b], 0.5, 0, 1.0 / (m - 1)};
    }
    /* The advantage term is finite only when seat 0 neither won nor lost everything. */
    bool adv = false;
    if (o->advantage) {
        double s0 = 0, w = 0;
        for (int k = 0; k < ng; k++) {
            if (!games[k].first || games[k].weight <= 0) continue;
            w += games[k].weight;
            s0 += games[k].weight * (games[k].first > 0 ? games[k].score : 1 - games[k].score);
        }
        adv = w > 0 && s0 > 1e-12 && s0 < w - 1e-12;
    }
    int fixed = (o->anchor >= 0 && o->anchor < n && r->rated[o->anchor]) ? o->anchor : fitted[0];
    int k = 0;
    for (int i = 0; i < n; i++) map[i] = (r->rated[i] && i != fixed) ? k++ : -1;
    int ia = adv ? k++ : -1; /* parameter index of the advantage */
    double *x = xcalloc((size_t)k, sizeof(double));
    double *grad = xmalloc(sizeof(double) * (size_t)k);
    double *info = xmalloc(sizeof(double) * (size_t)k * (size_t)k);
    double *work = xmalloc(sizeof(double) * (size_t)k * (size_t)k);
    double *inv = xmalloc(sizeof(double) * (size_t)k * (size_t)k);
    bool ok_inv = false;
    for (int it = 0; it < 200; it++) {
        memset(grad, 0, sizeof(double) * (size_t)k);
        memset(info, 0, sizeof(double) * (size_t)k * (size_t)k);
        for (int q = 0; q < ng; q++) {
            const rating_game *g = &games[q];
            if (g->weight <= 0) continue;
            int pi = map[g->i], pj = map[g->j];
            double h = adv ? (double)g->first : 0;
            double d = (pi >= 0 ? x[pi] : 0) - (pj >= 0 ? x[pj] : 0) + (adv ? h * x[ia] : 0);
            double p = 1 / (1 + exp(-ELO_C * d));
            double res = g->weight * ELO_C * (g->score - p);
            double w = g->weight * ELO_C * ELO_C * p * (1 - p);
            /* d = x_i - x_j + h a: gradient and information by the chain rule. */
            int idx[3] = {pi, pj, h != 0 ? ia : -1};
            double coef[3] = {1, -1, h};
            for (int u = 0; u < 3; u++) {
                if (idx[u] < 0) continue;
                grad[idx[u]] += coef[u] * res;
                for (int v = 0; v < 3; v++)
                    if (idx[v] >= 0) info[idx[u] * k + idx[v]] += coef[u] * coef[v] * w;
            }
        }
        memcpy(work, info, sizeof(double) * (size_t)k * (size_t)k);
        ok_inv = invert(k, work, inv);
        if (!ok_inv) {
            r->converged = false;
            break;
        }
        double maxstep = 0;
        double *step = work; /* reuse */
        for (int u = 0; u < k; u++) {
            step[u] = 0;
            for (int v = 0; v < k; v++) step[u] += inv[u * k + v] * grad[v];
            if (fabs(step[u]) > maxstep) maxstep = fabs(step[u]);
        }
        /* Damping: never move more than 300 Elo in one step (keeps Newton stable from 0). */
        double scale = maxstep > 300 ? 300 / maxstep : 1;
        for (int u = 0; u < k; u++) x[u] += scale * step[u];
        r->iterations = it + 1;
        if (maxstep < 1e-10) break;
        if (it == 199) r->converged = false;
    }
    if (ok_inv) {
        /* Recompute the information at the final point for the covariance. */
        memset(info, 0, sizeof(double) * (size_t)k * (size_t)k);
        for (int q = 0; q < ng; q++) {
            const rating_game *g = &games[q];
            if (g->weight <= 0) continue;
            int pi = map[g->i], pj = map[g->j];
            double h = adv ? (double)g->first : 0;
            double d = (pi >= 0 ? x[pi] : 0) - (pj >= 0 ? x[pj] : 0) + (adv ? h * x[ia] : 0);
            double p = 1 / (1 + exp(-ELO_C * d));
            double w = g->weight * ELO_C * ELO_C * p * (1 - p);
            int idx[3] = {pi, pj, h != 0 ? ia : -1};
            double coef[3] = {1, -1, h};
            for (int u = 0; u < 3; u++)
                for (int v = 0; v < 3; v++)
                    if (idx[u] >= 0 && idx[v] >= 0) info[idx[u] * k + idx[v]] += coef[u] * coef[v] * w;
        }
        memcpy(work, info, sizeof(double) * (size_t)k * (size_t)k);
        ok_inv = invert(k, work, inv);
    }
    /* Ratings relative to the fixed player, and their covariance C (the fixed player's row and
     * column are 0). */
    double *rel = xcalloc((size_t)n, sizeof(double));
    double *c = xcalloc((size_t)n * (size_t)n, sizeof(double));
    for (int i = 0; i < n; i++)
        if (map[i] >= 0) rel[i] = x[map[i]];
    if (ok_inv)
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                if (map[i] >= 0 && map[j] >= 0) c[i * n + j] = inv[map[i] * k + map[j]];
    if (o->anchor >= 0 && o->anchor == fixed) {
        for (int i = 0; i < n; i++)
            if (r->rated[i]) r->rating[i] = o->center + rel[i];
        memcpy(r->cov, c, sizeof(double) * (size_t)n * (size_t)n);
    } else {
        /* Centre on the mean of the rated players: r' = P r with P = I - 11'/m; cov' = P C P'. */
        double mean = 0;
        for (int i = 0; i < n; i++)
            if (r->rated[i]) mean += rel[i];
        mean /= m;
        for (int i = 0; i < n; i++)
            if (r->rated[i]) r->rating[i] = o->center + rel[i] - mean;
        double *rowmean = xcalloc((size_t)n, sizeof(double));
        double total = 0;
        for (int i = 0; i < n; i++) {
            if (!r->rated[i]) continue;
            for (int j = 0; j < n; j++)
                if (r->rated[j]) rowmean[i] += c[i * n + j];
            rowmean[i] /= m;
            total += rowmean[i];
        }
        total /= m;
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                if (r->rated[i] && r->rated[j])
                    r->cov[i * n + j] = c[i * n + j] - rowmean[i] - rowmean[j] + total;
        free(rowmean);
    }
    for (int i = 0; i < n; i++)
        if (r->rated[i]) r->sd[i] = r->cov[i * n + i] > 0 ? sqrt(r->cov[i * n + i]) : 0;
    if (adv) {
        r->advantage_fitted = true;
        r->advantage = x[ia];
        r->advantage_sd = ok_inv && inv[ia * k + ia] > 0 ? sqrt(inv[ia * k + ia]) : NAN;
    }
    if (!ok_inv) r->converged = false;
    free(rel);
    free(c);
    free(x);
    free(grad);
    free(info);
    free(work);
    free(inv);
    free(games);
    free(map);
    free(fitted);
    return true;
}

bool rating_fit(int n, const rating_game *games_in, int ng_in, const rating_options *o, rating_result *r) {
    if (!rating_fit_once(n, games_in, ng_in, o, false, r)) return false;
    /* A strongly connected graph is not enough with the seat-0 advantage term: the games can
     * still be separated by ratings and an advantage together (every game won from seat 1 but
     * those a much stronger player won from seat 0), and Newton then walks off to ever larger
     * ratings with a singular information (a table of 14331 [14331, 14331], LOS 100%, from six
     * games). Such a fit does not converge: it is made again with the prior, as one whose graph
     * shows it infinite. */
    if (!r->converged && o->allow_prior && !r->prior_used) {
        rating_fit_free(r);
        return rating_fit_once(n, games_in, ng_in, o, true, r);
    }
    return true;
}

double rating_los(const rating_result *r, int i, int j) {
    if (!r->rated[i] || !r->rated[j]) return NAN;
    int n = r->n;
    double var = r->cov[i * n + i] + r->cov[j * n + j] - 2 * r->cov[i * n + j];
    double d = r->rating[i] - r->rating[j];
    if (var <= 0) return d > 0 ? 1 : d < 0 ? 0 : 0.5;
    return stat_normal_cdf(d / sqrt(var));
}
