/* stat.c: the statistics behind the standings' intervals: the normal CDF, the regularized
 * incomplete beta, Student's t CDF and quantile, and a sample's mean with its t-interval. */
#include "stat.h"
#include <math.h>
#include <string.h>

double stat_normal_cdf(double x) { return 0.5 * erfc(-x / M_SQRT2); }

/* Continued fraction of the incomplete beta (modified Lentz); converges fast for
 * x < (a + 1) / (a + b + 2), which the caller arranges by symmetry. */
static double incbeta_cf(double x, double a, double b) {
    const double tiny = 1e-300, eps = 1e-15;
    double c = 1, d = 1 - (a + b) * x / (a + 1);
    if (fabs(d) < tiny) d = tiny;
    d = 1 / d;
    double h = d;
    for (int m = 1; m <= 500; m++) {
        double m2 = 2.0 * m;
        double num = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
        d = 1 + num * d;
        if (fabs(d) < tiny) d = tiny;
        c = 1 + num / c;
        if (fabs(c) < tiny) c = tiny;
        d = 1 / d;
        h *= d * c;
        num = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
        d = 1 + num * d;
        if (fabs(d) < tiny) d = tiny;
        c = 1 + num / c;
        if (fabs(c) < tiny) c = tiny;
        d = 1 / d;
        double step = d * c;
        h *= step;
        if (fabs(step - 1) < eps) break;
    }
    return h;
}

double stat_incbeta(double x, double a, double b) {
    if (x <= 0) return 0;
    if (x >= 1) return 1;
    double lfront = lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x);
    if (x < (a + 1) / (a + b + 2)) return exp(lfront) * incbeta_cf(x, a, b) / a;
    return 1 - exp(lfront) * incbeta_cf(1 - x, b, a) / b;
}

double stat_t_cdf(double t, double df) {
    double tail = 0.5 * stat_incbeta(df / (df + t * t), df / 2, 0.5);
    return t >= 0 ? 1 - tail : tail;
}

double stat_t_quantile(double p, double df) {
    if (p <= 0) return -INFINITY;
    if (p >= 1) return INFINITY;
    if (p < 0.5) return -stat_t_quantile(1 - p, df);
    if (p == 0.5) return 0;
    double lo = 0, hi = 1;
    while (stat_t_cdf(hi, df) < p && hi < 1e12) hi *= 2;
    /* Bisection to the last bit: the CDF is monotone, so this cannot fail. */
    for (int i = 0; i < 200 && hi - lo > 1e-13 * (1 + hi); i++) {
        double mid = 0.5 * (lo + hi);
        if (stat_t_cdf(mid, df) < p) lo = mid;
        else hi = mid;
    }
    return 0.5 * (lo + hi);
}

void stat_summarize(const double *x, int n, stat_summary *out) {
    memset(out, 0, sizeof *out);
    out->n = n;
    out->half = NAN;
    if (n <= 0) {
        out->mean = out->lo = out->hi = NAN;
        return;
    }
    double sum = 0;
    for (int i = 0; i < n; i++) sum += x[i];
    double mean = sum / n;
    double ss = 0;
    for (int i = 0; i < n; i++) ss += (x[i] - mean) * (x[i] - mean);
    out->mean = mean;
    out->lo = out->hi = mean;
    if (n < 2) return;
    out->sd = sqrt(ss / (n - 1));
    out->half = stat_t_quantile(0.975, n - 1) * out->sd / sqrt((double)n);
    out->lo = mean - out->half;
    out->hi = mean + out->half;
}
