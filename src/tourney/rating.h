/* rating.h: ratings behind tournament standings: place points, pairwise points, and the
 * Bradley-Terry/Elo maximum-likelihood fit with its covariance (Student t intervals: stat.h).
 * Pure functions; docs/tourney.md gives the formulas. */
#ifndef ARENA_RATING_H
#define ARENA_RATING_H
#include <stdbool.h>

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
} rating_game;

typedef struct {
    int anchor;         /* player pinned at `center` (-1: the mean of the rated players is `center`) */
    double center;      /* 1500 */
    bool advantage;     /* fit a seat-0 advantage term (games with first != 0) */
    bool allow_prior;   /* when the MLE is infinite, add one virtual draw per player (see .c) */
} rating_options;

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
} rating_result;

/* Maximum-likelihood fit; returns false only on bad input. Free with rating_fit_free. */
bool rating_fit(int nplayers, const rating_game *games, int ngames, const rating_options *o, rating_result *r);
void rating_fit_free(rating_result *r);
/* Likelihood of superiority of i over j: Phi((r_i - r_j) / sd(r_i - r_j)). */
double rating_los(const rating_result *r, int i, int j);
/* Expected score of a rating difference d (Elo): 1 / (1 + 10^(-d/400)), and its inverse. */
double rating_elo_to_score(double d);
double rating_score_to_elo(double s);
#endif
