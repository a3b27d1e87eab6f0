/* rating.h: the statistics behind tournament standings: Student t intervals, place points,
 * pairwise points, and the Bradley-Terry/Elo maximum-likelihood fit with its covariance.
 * Pure functions; docs/tourney.md gives the formulas. */
#ifndef ARENA_RATING_H
#define ARENA_RATING_H
#include <stdbool.h>

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

/* SuiteBot's place points for `seat` in one game: 25 20 16 13 11 9 7 6 5 4 3 2 1, then 0, by rank
 * (1 = best); seats sharing a rank share the average of the points of the places they cover. */
double rating_place_points(int nseats, const int *ranks, int seat);
/* Rezzo W4: (opponents ranked strictly below + half the tied ones) / (N - 1); NaN when N = 1. */
double rating_pair_points(int nseats, const int *ranks, int seat);

/* One game (or a weighted virtual game) between players i and j for the Bradley-Terry fit. */
typedef struct {
    int i, j;      /* player indices */
    double score;  /* i's score: 1 win, 0.5 draw, 0 loss */
    int first;     /* +1: i held seat 0 of a two-seat game, -1: j did, 0: no advantage term */
    double weight; /* 1 for a real game */
} bt_game;

typedef struct {
    int anchor;         /* player pinned at `center` (-1: the mean of the rated players is `center`) */
    double center;      /* 1500 */
    bool advantage;     /* fit a seat-0 advantage term (games with first != 0) */
    bool allow_prior;   /* when the MLE is infinite, add one virtual draw per player (see .c) */
} bt_options;

typedef struct {
    int n;              /* players */
    bool *rated;        /* n: the player has games in the fit */
    double *rating;     /* n: Elo (400·log10 scale); NaN when not rated */
    double *sd;         /* n: standard error of the rating relative to the center (or anchor) */
    double *cov;        /* n*n: covariance of the ratings (as centred/anchored); 0 for unrated */
    double advantage, advantage_sd; /* seat-0 advantage in Elo (0 when not fitted) */
    bool advantage_fitted;
    bool prior_used;    /* the virtual draws were added (some player won or lost everything) */
    bool converged;
    int iterations;
} bt_result;

/* Maximum-likelihood fit; returns false only on bad input. Free with bt_free. */
bool bt_fit(int nplayers, const bt_game *games, int ngames, const bt_options *o, bt_result *r);
void bt_free(bt_result *r);
/* Likelihood of superiority of i over j: Phi((r_i - r_j) / sd(r_i - r_j)). */
double bt_los(const bt_result *r, int i, int j);
/* Expected score of a rating difference d (Elo): 1 / (1 + 10^(-d/400)), and its inverse. */
double elo_to_score(double d);
double score_to_elo(double s);
#endif
