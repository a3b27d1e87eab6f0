/* sprt.h: the sequential probability ratio test "is B better than A" as fastchess runs it: a
 * generalized SPRT on logistic Elo, trinomial (win/draw/loss per game) or pentanomial (the
 * total of a pair of games sharing a seed with the seats swapped). */
#ifndef ARENA_SPRT_H
#define ARENA_SPRT_H
#include "../core/buf.h"
#include "../store/queue.h"
#include <stdbool.h>

typedef struct {
    double elo0, elo1;  /* H0: Elo = elo0, H1: Elo = elo1 (elo0 < elo1), logistic Elo */
    double alpha, beta; /* error rates (default 0.05 each) */
} sprt_params;

typedef enum { SPRT_CONTINUE = 0, SPRT_H0, SPRT_H1 } sprt_decision;

/* Parses "ELO0,ELO1[,ALPHA,BETA]". */
bool sprt_parse(const char *text, sprt_params *p, buf_t *err);
/* Wald's bounds: lower = ln(beta / (1 - alpha)), upper = ln((1 - beta) / alpha). */
void sprt_bounds(const sprt_params *p, double *lower, double *upper);
sprt_decision sprt_decide(const sprt_params *p, double llr);
/* The test's state in one word, as `--json`'s "sprt" gives it: "H1", "H0", "inconclusive" (the
 * --games cap reached undecided) or "undecided" (still going). */
const char *sprt_word(sprt_decision d, bool cap_reached);

/* Generalized log-likelihood ratio for k outcome classes with per-class scores a[i] (ascending,
 * in [0, 1]) and counts n[i]: N * sum phat_i log(p1_i / p0_i), where p_s is the maximum-likelihood
 * distribution with mean score s (Van den Bergh, "Comments on Normalized Elo", prop. 1.1). Empty
 * classes count 0.001 (as fastchess does) so that the MLE exists. */
double sprt_llr(int k, const double *a, const double *n, double elo0, double elo1);
/* Counts indexed loss, draw, win. */
double sprt_llr_trinomial(const int ldw[3], double elo0, double elo1);
/* Counts of pairs by the first player's total over the pair: 0, 1/2, 1, 3/2, 2 points. */
double sprt_llr_pentanomial(const int penta[5], double elo0, double elo1);

/* Elo estimate from the mean score, with a 95% interval from the per-unit variance
 * (per game for trinomial, per pair for pentanomial). NaN when no data. */
void sprt_elo_estimate(int k, const double *a, const int *n, double *elo, double *lo, double *hi);
/* The estimate as summaries print it: "12.3 [1.0, 25.4]", an unbounded end as -inf or +inf, and
 * an infinite estimate (one side scored every point) said in words rather than "-inf [-inf, -inf]".
 * False (out empty) when the estimate is NaN (no data). */
bool sprt_elo_text(double elo, double lo, double hi, char *out, size_t n);
/* SPRT counts from the results (entrant 0 = A, entrant 1 = B), from B's side: pairs of games
 * sharing a seed index, both finished, by B's total (0, 1/2, 1, 3/2, 2 -> penta[0..4]); and
 * single games (loss, draw, win -> ldw[0..2]). */
void sprt_tally(const store_result *results, int n, int penta[5], int ldw[3]);
#endif
