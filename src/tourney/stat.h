/* stat.h: Student t intervals and the distributions behind them (pure functions; docs/tourney.md
 * gives the formulas). */
#ifndef ARENA_STAT_H
#define ARENA_STAT_H

/* Standard normal CDF. */
double stat_normal_cdf(double x);
/* Regularized incomplete beta I_x(a, b). */
double stat_incbeta(double x, double a, double b);
/* CDF of Student's t with df degrees of freedom (df > 0). */
double stat_t_cdf(double t, double df);
/* The p-quantile of Student's t (0 < p < 1, df > 0); t(0.975, 10) = 2.228. */
double stat_t_quantile(double p, double df);

/* Mean, sample standard deviation and the 95% t-interval mean ± t(0.975, n-1)·sd/√n of x[0..n-1].
 * With n < 2 the sd is 0 and the interval is [mean, mean] (half = NaN marks "no interval"). */
typedef struct {
    int n;
    double mean, sd, lo, hi, half;
} stat_summary;
void stat_summarize(const double *x, int n, stat_summary *out);
#endif
