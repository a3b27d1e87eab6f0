/* standings.c: from stored results to the standings table by the game's ranking rule. */
#include "standings.h"
#include "../core/log.h"
#include "../core/jw.h"
#include "../core/xalloc.h"
#include "../match/match_result.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A sum of counts read from the store: a tampered one's (each clamped to an int by the reader)
 * overflowed int, undefined behaviour (two moves counts of 2^31-1 in arena standings); the sum
 * stops at either end instead. */
static int count_add(int a, int b) {
    int64_t sum = (int64_t)a + b;
    return sum > INT32_MAX ? INT32_MAX : sum < INT32_MIN ? INT32_MIN : (int)sum;
}

const char *standings_rule_name(ranking_rule r) {
    switch (r) {
    case RANKING_PLACE_POINTS: return "place_points";
    case RANKING_ELO: return "elo";
    default: return "mean_score";
    }
}

/* The per-game value of one seat by the game's ranking rule (game.h's ranking_rule). */
static double seat_value(ranking_rule rule, const tourney_result *r, int seat) {
    switch (rule) {
    case RANKING_PLACE_POINTS: return rating_place_points(r->nseats, r->rank, seat);
    case RANKING_ELO: return rating_pair_points(r->nseats, r->rank, seat);
    default: return r->score[seat];
    }
}

typedef struct {
    double *v;
    int n, cap;
} dvec;

static void dvec_push(dvec *d, double x) {
    if (d->n == d->cap) {
        d->cap = d->cap ? d->cap * 2 : 64;
        d->v = xrealloc(d->v, sizeof(double) * (size_t)d->cap);
    }
    d->v[d->n++] = x;
}

static int row_cmp(const void *a, const void *b, void *ctx) {
    const standings_row *x = a, *y = b;
    ranking_rule sort_rule = *(const ranking_rule *)ctx;
    /* Rows without games go last, then by the rule's key, then by name for a stable table. */
    if ((x->games > 0) != (y->games > 0)) return x->games > 0 ? -1 : 1;
    double kx = sort_rule == RANKING_ELO ? x->rating : x->value.mean;
    double ky = sort_rule == RANKING_ELO ? y->rating : y->value.mean;
    if (isnan(kx) != isnan(ky)) return isnan(kx) ? 1 : -1;
    if (!isnan(kx) && kx != ky) return kx > ky ? -1 : 1;
    return strcmp(x->name, y->name);
}

void standings_compute(standings *st, const game_t *g, const char *game_id, const game_options *options,
                       int n, const char *const *names, const tourney_result *results, int nresults) {
    standings_compute_anchored(st, g, game_id, options, n, names, results, nresults, NULL);
}

void standings_compute_anchored(standings *st, const game_t *g, const char *game_id, const game_options *options,
                                int n, const char *const *names, const tourney_result *results, int nresults,
                                const char *anchor) {
    standings_compute_weighted(st, g, game_id, options, n, names, results, nresults, anchor, NULL);
}

void standings_compute_weighted(standings *st, const game_t *g, const char *game_id, const game_options *options,
                                int n, const char *const *names, const tourney_result *results, int nresults,
                                const char *anchor, const tourney_weights *weights) {
    memset(st, 0, sizeof *st);
    st->rounds = weights != NULL;
    st->game = g;
    st->game_id = game_id;
    st->rule = g ? g->tourney.ranking : RANKING_MEAN_SCORE;
    st->value_name = st->rule == RANKING_PLACE_POINTS ? "place points"
                     : st->rule == RANKING_ELO         ? "points"
                                                        : "score";
    st->nplayers = n;
    st->names = names;
    st->rows = xcalloc((size_t)n + 1, sizeof *st->rows);
    st->wins = xcalloc((size_t)n * (size_t)n + 1, sizeof(int));
    st->draws = xcalloc((size_t)n * (size_t)n + 1, sizeof(int));
    double full = NAN;
    if (g && g->tourney.full_score && options) full = g->tourney.full_score(options);
    int (*group_of)(const game_options *, uint64_t) = g && options && g->tourney.group ? g->tourney.group : NULL;
    if (group_of) st->group_name = g->tourney.group_name;
    st->budget_ms = g ? g->tourney.budget_ms : 0;
    dvec *gvalues = xcalloc(((size_t)n + 1) * STANDINGS_GROUPS, sizeof(dvec)); /* [p * STANDINGS_GROUPS + group] */
    dvec *values = xcalloc((size_t)n + 1, sizeof(dvec));
    dvec *scores = xcalloc((size_t)n + 1, sizeof(dvec));
    dvec *lost = xcalloc((size_t)n + 1, sizeof(dvec));
    int *survived = xcalloc((size_t)n + 1, sizeof(int));
    uint64_t max_index = 0;
    bool one_seat = true;
    for (int k = 0; k < nresults; k++) {
        const tourney_result *r = &results[k];
        if (r->failed) {
            st->failed++;
            for (int p = 0; p < n; p++)
                for (int s = 0; s < r->nseats; s++)
                    if (r->entrant[s] == p) {
                        st->rows[p].failed++;
                        break;
                    }
            continue;
        }
        st->matches++;
        if (r->nseats != 1) one_seat = false;
        if (r->seed_index > max_index) max_index = r->seed_index;
        /* Several seats of one entrant in a game count as one value: their mean (Rising Tide P8). */
        for (int p = 0; p < n; p++) {
            double v = 0, sc = 0, ms = 0;
            int cnt = 0;
            for (int s = 0; s < r->nseats; s++) {
                if (r->entrant[s] != p) continue;
                v += seat_value(st->rule, r, s);
                sc += r->score[s];
                cnt++;
                standings_row *row = &st->rows[p];
                for (int vk = 0; vk < VERDICT_COUNT; vk++) row->verdicts[vk] = count_add(row->verdicts[vk], r->verdicts[s][vk]);
                row->moves = count_add(row->moves, r->moves[s]);
                row->think_ms += r->think_ms[s];
                ms += r->think_ms[s];
            }
            if (!cnt) continue;
            standings_row *row = &st->rows[p];
            row->games++;
            if (ms > row->max_game_ms) row->max_game_ms = ms;
            double value = v / cnt * (weights ? config_weight_of(weights, r->seed_index) : 1.0);
            dvec_push(&values[p], value);
            row->total += value;
            int grp = group_of ? group_of(options, r->seed_index) - 1 : -1;
            if (grp >= 0 && grp < STANDINGS_GROUPS) {
                dvec_push(&gvalues[p * STANDINGS_GROUPS + grp], value);
                st->group_used[grp] = true;
            }
            dvec_push(&scores[p], sc / cnt);
            if (!isnan(full)) {
                if (sc / cnt >= full - 1e-9) survived[p]++;
                else dvec_push(&lost[p], sc / cnt);
            }
        }
        /* Pairwise outcomes by rank between every two seats of different entrants. */
        for (int a = 0; a < r->nseats; a++)
            for (int b = a + 1; b < r->nseats; b++) {
                int i = r->entrant[a], j = r->entrant[b];
                if (i < 0 || j < 0 || i == j || i >= n || j >= n) continue;
                if (r->rank[a] < r->rank[b]) st->wins[i * n + j]++;
                else if (r->rank[a] > r->rank[b]) st->wins[j * n + i]++;
                else st->draws[i * n + j]++, st->draws[j * n + i]++;
            }
    }
    st->one_seat = one_seat && st->matches > 0;
    for (int p = 0; p < n; p++) {
        standings_row *row = &st->rows[p];
        row->player = p;
        row->name = names[p];
        stat_summarize(values[p].v, values[p].n, &row->value);
        for (int k = 0; k < STANDINGS_GROUPS; k++) {
            dvec *d = &gvalues[p * STANDINGS_GROUPS + k];
            stat_summarize(d->v, d->n, &row->group[k]);
            free(d->v);
        }
        row->over_budget = st->budget_ms > 0 && row->games > 0 && row->think_ms / row->games > st->budget_ms;
        stat_summarize(scores[p].v, scores[p].n, &row->score);
        stat_summarize(lost[p].v, lost[p].n, &row->lost_score);
        row->survival = isnan(full) || row->games == 0 ? NAN : (double)survived[p] / row->games;
        row->rating = row->rating_lo = row->rating_hi = row->rating_sd = row->los_next = NAN;
        row->diff_next.mean = NAN;
        for (int q = 0; q < n; q++) {
            if (q == p) continue;
            row->wins += st->wins[p * n + q];
            row->draws += st->draws[p * n + q];
            row->losses += st->wins[q * n + p];
        }
    }
    /* Bradley-Terry fit for the Elo rule. */
    if (st->rule == RANKING_ELO) {
        int cap = 0, ng = 0;
        rating_game *bg = NULL;
        for (int k = 0; k < nresults; k++) {
            const tourney_result *r = &results[k];
            if (r->failed) continue;
            for (int a = 0; a < r->nseats; a++)
                for (int b = a + 1; b < r->nseats; b++) {
                    int i = r->entrant[a], j = r->entrant[b];
                    if (i < 0 || j < 0 || i == j || i >= n || j >= n) continue;
                    if (ng == cap) {
                        cap = cap ? cap * 2 : 256;
                        bg = xrealloc(bg, sizeof *bg * (size_t)cap);
                    }
                    double s = r->rank[a] < r->rank[b] ? 1 : r->rank[a] > r->rank[b] ? 0 : 0.5;
                    bg[ng++] = (rating_game){i, j, s, r->nseats == 2 ? 1 : 0, 1.0};
                }
        }
        rating_options o = {.anchor = -1, .center = 1500, .advantage = true, .allow_prior = true};
        for (int p = 0; anchor && p < n; p++)
            if (strcmp(names[p], anchor) == 0) o.anchor = p;
        if (n > 0 && rating_fit(n, bg, ng, &o, &st->bt)) {
            if (o.anchor >= 0 && st->bt.rated[o.anchor]) st->anchor = names[o.anchor];
            st->have_bt = true;
            for (int p = 0; p < n; p++) {
                if (!st->bt.rated[p]) continue;
                standings_row *row = &st->rows[p];
                row->rating = st->bt.rating[p];
                row->rating_sd = st->bt.sd[p];
                row->rating_lo = row->rating - 1.959963984540054 * row->rating_sd;
                row->rating_hi = row->rating + 1.959963984540054 * row->rating_sd;
            }
        }
        free(bg);
    }
    /* One-seat games: paired differences on shared game indices. */
    if (st->one_seat && n > 0 && max_index < 50000000) {
        size_t span = (size_t)max_index + 1;
        double *grid = xmalloc(sizeof(double) * span * (size_t)n);
        st->pdiff = xcalloc((size_t)n * (size_t)n, sizeof(stat_summary));
        for (size_t i = 0; i < span * (size_t)n; i++) grid[i] = NAN;
        for (int k = 0; k < nresults; k++) {
            const tourney_result *r = &results[k];
            if (r->failed || r->nseats != 1 || r->entrant[0] < 0 || r->entrant[0] >= n) continue;
            grid[(size_t)r->entrant[0] * span + r->seed_index] = seat_value(st->rule, r, 0);
        }
        double *d = xmalloc(sizeof(double) * span);
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                int m = 0;
                for (size_t x = 0; x < span; x++) {
                    double a = grid[(size_t)i * span + x], b = grid[(size_t)j * span + x];
                    if (!isnan(a) && !isnan(b)) d[m++] = a - b;
                }
                stat_summarize(d, m, &st->pdiff[i * n + j]);
            }
        free(d);
        free(grid);
    }
    qsort_r(st->rows, (size_t)n, sizeof *st->rows, row_cmp, &st->rule);
    for (int k = 0; k < n; k++) {
        standings_row *row = &st->rows[k];
        row->rank = k + 1;
        if (k + 1 >= n || st->rows[k + 1].games == 0 || row->games == 0) continue;
        const standings_row *next = &st->rows[k + 1];
        if (st->rule == RANKING_ELO && st->have_bt && !isnan(row->rating) && !isnan(next->rating)) {
            row->los_next = rating_los(&st->bt, row->player, next->player);
            row->separated = row->los_next >= 0.95;
        } else if (st->one_seat && st->pdiff) {
            row->diff_next = st->pdiff[row->player * n + next->player];
            row->separated = row->diff_next.n >= 2 && row->diff_next.lo > 0;
        } else {
            row->separated = row->value.n >= 2 && next->value.n >= 2 && row->value.lo > next->value.hi;
        }
    }
    for (int p = 0; p < n; p++) {
        free(values[p].v);
        free(scores[p].v);
        free(lost[p].v);
    }
    free(values);
    free(gvalues);
    free(scores);
    free(lost);
    free(survived);
}

/* The built-in bot a seat string names, or NULL: "builtin:NAME", or a kit program whose path ends
 * in the folder bin/kits/<this game>/ and a built-in bot's NAME (the starter kit's copy of it, as
 * `arena-kit` and `make` build it). Only those are reference bots: a participant's own program that
 * merely lives under some bin/kits/ folder, or is named like no built-in, is an entrant like any
 * other, so it never draws grade lines. */
static const game_bot *seat_bot(const game_t *g, const char *seat) {
    if (!g || !seat) return NULL;
    size_t len = strcspn(seat, " \t");
    const char *name = NULL;
    if (strncmp(seat, "builtin:", 8) == 0) {
        name = seat + 8;
        len -= 8;
    } else {
        char dir[96];
        int n = snprintf(dir, sizeof dir, "bin/kits/%s/", g->id ? g->id : "");
        if (n <= 0 || (size_t)n >= sizeof dir) return NULL;
        for (const char *p = strstr(seat, dir); p && p < seat + len; p = strstr(p + 1, dir))
            if ((p == seat || p[-1] == '/') && !memchr(p + n, '/', len - (size_t)(p + n - seat))) {
                name = p + n;
                len -= (size_t)(name - seat);
                break;
            }
    }
    char buf[128];
    if (!name || len == 0 || len >= sizeof buf) return NULL;
    memcpy(buf, name, len);
    buf[len] = 0;
    return game_find_bot(g, buf);
}

void standings_mark_references(standings *st, const char *const *seat_texts) {
    free(st->reference);
    free(st->grade);
    free(st->untimed);
    st->untimed = xcalloc((size_t)st->nplayers + 1, sizeof(bool));
    st->reference = xcalloc((size_t)st->nplayers + 1, sizeof(bool));
    st->grade = xcalloc((size_t)st->nplayers + 1, sizeof(char *));
    for (int p = 0; p < st->nplayers; p++) {
        const game_bot *b = seat_bot(st->game, seat_texts[p]);
        st->reference[p] = b != NULL;
        st->untimed[p] = seat_texts[p] && strncmp(seat_texts[p], "builtin:", 8) == 0;
        st->grade[p] = b ? b->grade : NULL;
    }
}

double standings_los(const standings *st, int p, int q) {
    if (p < 0 || q < 0 || p >= st->nplayers || q >= st->nplayers) return NAN;
    if (st->have_bt) return st->bt.rated[p] && st->bt.rated[q] ? rating_los(&st->bt, p, q) : NAN;
    if (st->one_seat || !st->wins) return NAN;
    double w = st->wins[p * st->nplayers + q], l = st->wins[q * st->nplayers + p];
    if (w + l <= 0) return NAN;
    return 0.5 * erfc(-(w - l) / sqrt(2.0 * (w + l)));
}

bool standings_has_grades(const standings *st) {
    bool any_ref = false;
    for (int p = 0; st->reference && p < st->nplayers; p++) any_ref |= st->reference[p];
    return any_ref && (st->have_bt || (!st->one_seat && st->wins));
}

int standings_grade(const standings *st, int player, int *out, int n) {
    if (!standings_has_grades(st) || player < 0 || player >= st->nplayers) return 0;
    int k = 0;
    for (int row = 0; row < st->nplayers && k < n; row++) { /* table order: best first */
        int q = st->rows[row].player;
        if (q == player || !st->reference[q]) continue;
        double los = standings_los(st, player, q);
        if (!isnan(los) && los >= 0.95) out[k++] = q;
    }
    return k;
}

void standings_free(standings *st) {
    free(st->untimed);
    free(st->reference);
    free(st->grade);
    free(st->rows);
    free(st->wins);
    free(st->draws);
    free(st->pdiff);
    if (st->have_bt) rating_fit_free(&st->bt);
    memset(st, 0, sizeof *st);
}

void standings_leader(const standings *st, char *out, size_t n) {
    if (st->nplayers == 0 || st->rows[0].games == 0) {
        snprintf(out, n, "-");
        return;
    }
    const standings_row *r = &st->rows[0];
    if (st->rule == RANKING_ELO && !isnan(r->rating)) snprintf(out, n, "%s %.0f Elo", r->name, r->rating);
    else snprintf(out, n, "%s %.4g", r->name, r->value.mean);
}

/* ---------- output ---------- */

static void fmt_num(char *out, size_t n, double v, int prec) {
    if (isnan(v)) snprintf(out, n, "-");
    else snprintf(out, n, "%.*f", prec, v);
}

static void fmt_interval(char *out, size_t n, double lo, double hi, int prec) {
    if (isnan(lo) || isnan(hi)) snprintf(out, n, "-");
    else snprintf(out, n, "[%.*f, %.*f]", prec, lo, prec, hi);
}

void standings_print_table(const standings *st, FILE *out) {
    int prec = st->rule == RANKING_MEAN_SCORE && !st->one_seat ? 1 : 2;
    bool surv = false;
    for (int k = 0; k < st->nplayers; k++)
        if (!isnan(st->rows[k].survival)) surv = true;
    char a[64], b[64], c[64], d[64];
    if (st->rule == RANKING_ELO) {
        fprintf(out, "%-3s %-24s %6s %5s %5s %5s %7s %6s %-17s %7s %5s %5s %7s %5s\n", "#", "name", "games", "W", "D",
                "L", "points", "elo", "95% interval", "LOS>nx", "late", "down", "invalid", "crash");
    } else {
        fprintf(out, "%-3s %-24s %6s %9s %8s %-22s", "#", "name", "games",
                st->rule == RANKING_PLACE_POINTS ? "points" : "mean", "sd", "95% interval");
        if (st->one_seat) fprintf(out, " %-24s", "paired diff to next");
        if (st->rule == RANKING_PLACE_POINTS) fprintf(out, " %9s", "score");
        if (st->rounds) fprintf(out, " %10s", "total");
        for (int k = 0; st->group_name && k < STANDINGS_GROUPS; k++)
            if (st->group_used[k]) fprintf(out, " %6.6s %d", st->group_name, k + 1);
        if (st->budget_ms > 0) fprintf(out, " %9s %9s", "ms/game", "max ms");
        if (surv) fprintf(out, " %6s %8s", "surv", "lost at");
        fprintf(out, " %5s %5s %7s %5s\n", "late", "down", "invalid", "crash");
    }
    for (int k = 0; k < st->nplayers; k++) {
        const standings_row *r = &st->rows[k];
        /* '~' marks a row not clearly separated from the one above it. */
        bool tied_above = k > 0 && !st->rows[k - 1].separated && r->games > 0;
        char rank[8];
        snprintf(rank, sizeof rank, "%d%s", r->rank, tied_above ? "~" : "");
        if (st->rule == RANKING_ELO) {
            fmt_num(a, sizeof a, r->value.mean, 3);
            fmt_num(b, sizeof b, r->rating, 0);
            fmt_interval(c, sizeof c, r->rating_lo, r->rating_hi, 0);
            if (isnan(r->los_next)) snprintf(d, sizeof d, "-");
            else snprintf(d, sizeof d, "%.1f%%", 100 * r->los_next);
            fprintf(out, "%-3s %-24.24s %6d %5d %5d %5d %7s %6s %-17s %7s %5d %5d %7d %5d\n", rank, r->name, r->games,
                    r->wins, r->draws, r->losses, a, b, c, d, r->verdicts[VERDICT_LATE], r->verdicts[VERDICT_DOWN],
                    r->verdicts[VERDICT_INVALID], r->verdicts[VERDICT_CRASH]);
            continue;
        }
        fmt_num(a, sizeof a, r->value.mean, prec);
        fmt_num(b, sizeof b, r->value.n >= 2 ? r->value.sd : NAN, prec);
        fmt_interval(c, sizeof c, r->value.n >= 2 ? r->value.lo : NAN, r->value.hi, prec);
        fprintf(out, "%-3s %-24.24s %6d %9s %8s %-22s", rank, r->name, r->games, a, b, c);
        if (st->one_seat) {
            char e[64];
            if (isnan(r->diff_next.mean)) snprintf(e, sizeof e, "-");
            else if (r->diff_next.n < 2) snprintf(e, sizeof e, "%+.*f", prec, r->diff_next.mean);
            else snprintf(e, sizeof e, "%+.*f [%+.*f, %+.*f]", prec, r->diff_next.mean, prec, r->diff_next.lo, prec,
                          r->diff_next.hi);
            fprintf(out, " %-24s", e);
        }
        if (st->rule == RANKING_PLACE_POINTS) {
            fmt_num(d, sizeof d, r->score.mean, 1);
            fprintf(out, " %9s", d);
        }
        if (st->rounds) {
            fmt_num(d, sizeof d, r->total, 2);
            fprintf(out, " %10s", d);
        }
        for (int k = 0; st->group_name && k < STANDINGS_GROUPS; k++)
            if (st->group_used[k]) {
                fmt_num(d, sizeof d, r->group[k].mean, prec);
                fprintf(out, " %8s", d);
            }
        if (st->budget_ms > 0) {
            bool untimed = st->untimed && st->untimed[r->player];
            fmt_num(d, sizeof d, r->games && !untimed ? r->think_ms / r->games : NAN, 1);
            if (r->over_budget) strncat(d, "!", sizeof d - strlen(d) - 1);
            char e[32];
            fmt_num(e, sizeof e, untimed ? NAN : r->max_game_ms, 1);
            fprintf(out, " %9s %9s", d, e);
        }
        if (surv) {
            if (isnan(r->survival)) snprintf(d, sizeof d, "-");
            else snprintf(d, sizeof d, "%.0f%%", 100 * r->survival);
            char e[32];
            fmt_num(e, sizeof e, r->lost_score.mean, 1);
            fprintf(out, " %6s %8s", d, e);
        }
        fprintf(out, " %5d %5d %7d %5d\n", r->verdicts[VERDICT_LATE], r->verdicts[VERDICT_DOWN],
                r->verdicts[VERDICT_INVALID], r->verdicts[VERDICT_CRASH]);
    }
    fprintf(out, "%d matches", st->matches);
    if (st->failed) fprintf(out, ", %d failed (not counted)", st->failed);
    fprintf(out, "; ranked by %s", st->rule == RANKING_ELO && st->anchor ? "a Bradley-Terry/Elo fit"
                                    : st->rule == RANKING_ELO            ? "a Bradley-Terry/Elo fit (1500 = field mean)"
                                    : st->rule == RANKING_PLACE_POINTS ? "mean place points per game"
                                    : st->one_seat                     ? "mean score on shared seeds"
                                                                       : "mean score per game");
    fprintf(out, "; ~ = not separated from the row above%s\n",
            st->rule == RANKING_ELO ? " (LOS < 95%)" : st->one_seat ? " (paired interval contains 0)"
                                                                     : " (95% intervals overlap)");
    if (st->budget_ms > 0)
        fprintf(out, "ms/game: think time per game measured by the referee (- for a built-in, which it does not "
                     "time); ! = over the game's budget of %.0f ms (Splitter: 15 minutes for 200 games)\n",
                st->budget_ms);
    if (st->rounds)
        fprintf(out, "rounds format: each game's points times its round's multiplier; total = their sum, the "
                     "original's standing\n");
    if (st->anchor) fprintf(out, "Elo scale: %s = 1500\n", st->anchor);
    if (st->have_bt && st->bt.advantage_fitted)
        /* rounded first: an advantage of -0.3 Elo printed as "-0 Elo" */
        fprintf(out, "seat-0 advantage: %+.0f Elo (sd %.0f)\n", round(st->bt.advantage) + 0.0, st->bt.advantage_sd);
    if (st->have_bt && st->bt.prior_used)
        fprintf(out, "note: the games alone give no finite fit (an entrant won or lost every game, or the ratings with the\n"
                     "      seat-0 advantage explain every result); one virtual draw per entrant keeps it finite\n");
    /* A bot that never plays (a missing interpreter or library, a script that dies at once) only
     * showed as a bottom row with its down count: the organizer was not told to look at it. */
    for (int k = 0; k < st->nplayers; k++) {
        const standings_row *r = &st->rows[k];
        if (r->games > 0 && r->verdicts[VERDICT_DOWN] + r->verdicts[VERDICT_CRASH] >= r->games)
            fprintf(out, "note: %s was down or crashed in every one of its %d games: `%s play` with it says why, and "
                         "--stderr-dir DIR keeps its stderr\n", r->name, r->games, log_program());
        /* Late at every turn it was asked, in every game: the signature of a bot printing into a
         * buffer it never flushes (the game moves on at the soft limit, so it is never put down);
         * its row said only "late N", as play's did before it said so. The store keeps verdicts,
         * not the bytes a seat wrote: `play` tells whether it wrote anything. */
        else if (r->games > 0 && r->verdicts[VERDICT_LATE] > 0 && r->verdicts[VERDICT_LATE] >= r->moves)
            fprintf(out, "note: %s was late at every turn of its %d games: if it prints, its output may sit in a "
                         "buffer: %s (`%s play` with it says whether it wrote anything)\n",
                    r->name, r->games, match_flush_advice, log_program());
    }
    standings_print_grades(st, out);
}

void standings_print_grades(const standings *st, FILE *out) {
    if (!standings_has_grades(st)) return;
    fprintf(out, "grade lines (the reference bots each entrant is %s with LOS >= 95%%):\n",
            st->have_bt ? "rated above" : "above, by its results against them in shared games");
    for (int k = 0; k < st->nplayers; k++) {
        int p = st->rows[k].player, above[TOURNEY_MAX_ENTRANTS];
        int n = standings_grade(st, p, above, TOURNEY_MAX_ENTRANTS);
        fprintf(out, "  %-24.24s ", st->names[p]);
        if (!n) fprintf(out, "-");
        for (int i = 0; i < n; i++) {
            fprintf(out, "%s%s", i ? ", " : "above ", st->names[above[i]]);
            if (st->grade && st->grade[above[i]]) fprintf(out, " (%s)", st->grade[above[i]]);
        }
        fputc('\n', out);
    }
}

static void json_num(jw_t *w, double v) {
    if (isnan(v) || isinf(v)) jw_null(w);
    else jw_double(w, v);
}

static void json_interval(jw_t *w, double lo, double hi) {
    if (isnan(lo) || isnan(hi)) {
        jw_null(w);
        return;
    }
    jw_arr(w);
    jw_double(w, lo);
    jw_double(w, hi);
    jw_arr_end(w);
}

/* v to the nearest multiple of unit (0.01, 0.001, 1e-6), as the double nearest that decimal, so
 * that the JSON prints it short: round(v / unit) * unit multiplies by an inexact 0.01 and printed
 * 2253.2000000000003; dividing by the exact 100 gives the double that reads back as 2253.2. */
static double round_to(double v, double unit) {
    double per = round(1 / unit);
    return isnan(v) ? v : round(v * per) / per;
}

void standings_json(const standings *st, buf_t *out) {
    jw_t w;
    jw_init(&w, out);
    jw_obj(&w);
    jw_key(&w, "game");
    jw_str(&w, st->game_id ? st->game_id : "");
    jw_key(&w, "ranking");
    jw_str(&w, standings_rule_name(st->rule));
    jw_key(&w, "value");
    jw_str(&w, st->value_name);
    jw_key(&w, "matches");
    jw_int(&w, st->matches);
    jw_key(&w, "failed");
    jw_int(&w, st->failed);
    /* the text's "SPRT: H1 accepted" / "inconclusive after the maximum ..." / "undecided so far" */
    jw_key(&w, "sprt");
    if (st->sprt) jw_str(&w, st->sprt);
    else jw_null(&w);
    if (st->have_bt) {
        jw_key(&w, "anchor");
        if (st->anchor) jw_str(&w, st->anchor);
        else jw_null(&w);
        jw_key(&w, "advantage");
        json_num(&w, st->bt.advantage_fitted ? round_to(st->bt.advantage, 0.01) : NAN);
        jw_key(&w, "prior_used");
        jw_bool(&w, st->bt.prior_used);
    }
    jw_key(&w, "players");
    jw_arr(&w);
    for (int k = 0; k < st->nplayers; k++) {
        const standings_row *r = &st->rows[k];
        jw_obj(&w);
        jw_key(&w, "rank");
        jw_int(&w, r->rank);
        jw_key(&w, "name");
        jw_str(&w, r->name);
        jw_key(&w, "games");
        jw_int(&w, r->games);
        if (st->rule == RANKING_ELO) {
            jw_key(&w, "rating");
            json_num(&w, round_to(r->rating, 0.01));
            jw_key(&w, "ci95");
            json_interval(&w, round_to(r->rating_lo, 0.01), round_to(r->rating_hi, 0.01));
            jw_key(&w, "los_next");
            json_num(&w, round_to(r->los_next, 1e-6));
        }
        if (standings_has_grades(st)) { /* grade line: the reference bots it is above (LOS >= 95%) */
            int above[TOURNEY_MAX_ENTRANTS];
            int na = standings_grade(st, r->player, above, TOURNEY_MAX_ENTRANTS);
            jw_key(&w, "reference");
            jw_bool(&w, st->reference[r->player]);
            if (st->grade && st->grade[r->player]) {
                jw_key(&w, "grade");
                jw_str(&w, st->grade[r->player]);
            }
            jw_key(&w, "above_references");
            jw_arr(&w);
            for (int i = 0; i < na; i++) jw_str(&w, st->names[above[i]]);
            jw_arr_end(&w);
        }
        jw_key(&w, "mean");
        json_num(&w, r->value.mean);
        jw_key(&w, "sd");
        json_num(&w, r->value.n >= 2 ? r->value.sd : NAN);
        jw_key(&w, st->rule == RANKING_ELO ? "mean_ci95" : "ci95");
        json_interval(&w, r->value.n >= 2 ? r->value.lo : NAN, r->value.hi);
        if (st->rule != RANKING_MEAN_SCORE) {
            jw_key(&w, "score_mean");
            json_num(&w, r->score.mean);
        }
        jw_key(&w, "separated");
        jw_bool(&w, r->separated);
        if (st->one_seat) {
            jw_key(&w, "diff_next");
            json_num(&w, r->diff_next.mean);
            jw_key(&w, "diff_next_ci95");
            json_interval(&w, r->diff_next.n >= 2 ? r->diff_next.lo : NAN, r->diff_next.hi);
        }
        if (!st->one_seat) {
            jw_key(&w, "wins");
            jw_int(&w, r->wins);
            jw_key(&w, "draws");
            jw_int(&w, r->draws);
            jw_key(&w, "losses");
            jw_int(&w, r->losses);
        }
        if (st->group_name) { /* e.g. "by_layout": {"1": {"games": 5, "mean": 33.2}, ...} */
            char key[48];
            snprintf(key, sizeof key, "by_%s", st->group_name);
            jw_key(&w, key);
            jw_obj(&w);
            for (int k = 0; k < STANDINGS_GROUPS; k++) {
                if (!st->group_used[k]) continue;
                char gk[16]; /* room for any int: gcc -O1 checks it */
                snprintf(gk, sizeof gk, "%d", k + 1);
                jw_key(&w, gk);
                jw_obj(&w);
                jw_key(&w, "games");
                jw_int(&w, r->group[k].n);
                jw_key(&w, "mean");
                json_num(&w, r->group[k].mean);
                jw_key(&w, "ci95");
                json_interval(&w, r->group[k].n >= 2 ? r->group[k].lo : NAN, r->group[k].hi);
                jw_obj_end(&w);
            }
            jw_obj_end(&w);
        }
        if (st->budget_ms > 0) {
            jw_key(&w, "max_game_ms");
            jw_double(&w, round_to(r->max_game_ms, 0.001));
            jw_key(&w, "over_budget");
            jw_bool(&w, r->over_budget);
        }
        if (st->rounds) {
            jw_key(&w, "total"); /* the rounds format's standing: weighted place points summed */
            jw_double(&w, round(r->total * 1e6) / 1e6);
        }
        if (!isnan(r->survival)) {
            jw_key(&w, "survival");
            jw_double(&w, r->survival);
            jw_key(&w, "lost_mean");
            json_num(&w, r->lost_score.mean);
        }
        jw_key(&w, "failed");
        jw_int(&w, r->failed);
        jw_key(&w, "verdicts");
        jw_obj(&w);
        for (int v = VERDICT_LATE; v < VERDICT_COUNT; v++) {
            jw_key(&w, verdict_name((verdict_kind)v));
            jw_int(&w, r->verdicts[v]);
        }
        jw_obj_end(&w);
        jw_key(&w, "moves");
        jw_int(&w, r->moves);
        jw_key(&w, "think_ms");
        jw_double(&w, round_to(r->think_ms, 0.001));
        jw_obj_end(&w);
    }
    jw_arr_end(&w);
    jw_obj_end(&w);
}

static void csv_str(FILE *out, const char *s) {
    fputc('"', out);
    /* a spreadsheet must not take a name for a formula (as the server's final CSV): = + - @ */
    if (*s && strchr("=+-@\t\r", *s)) fputc('\'', out);
    for (; *s; s++) {
        if (*s == '"') fputc('"', out);
        fputc(*s, out);
    }
    fputc('"', out);
}

static void csv_num(FILE *out, double v) {
    if (isnan(v)) return;
    fprintf(out, "%.10g", v);
}

void standings_csv(const standings *st, FILE *out) {
    fprintf(out, "rank,name,games,mean,sd,ci_low,ci_high,rating,rating_low,rating_high,wins,draws,losses,"
                 "late,down,invalid,crash,failed\n");
    for (int k = 0; k < st->nplayers; k++) {
        const standings_row *r = &st->rows[k];
        fprintf(out, "%d,", r->rank);
        csv_str(out, r->name);
        fprintf(out, ",%d,", r->games);
        csv_num(out, r->value.mean);
        fputc(',', out);
        csv_num(out, r->value.n >= 2 ? r->value.sd : NAN);
        fputc(',', out);
        csv_num(out, r->value.n >= 2 ? r->value.lo : NAN);
        fputc(',', out);
        csv_num(out, r->value.n >= 2 ? r->value.hi : NAN);
        fputc(',', out);
        csv_num(out, r->rating);
        fputc(',', out);
        csv_num(out, r->rating_lo);
        fputc(',', out);
        csv_num(out, r->rating_hi);
        fprintf(out, ",%d,%d,%d,%d,%d,%d,%d,%d\n", r->wins, r->draws, r->losses, r->verdicts[VERDICT_LATE],
                r->verdicts[VERDICT_DOWN], r->verdicts[VERDICT_INVALID], r->verdicts[VERDICT_CRASH], r->failed);
    }
}
