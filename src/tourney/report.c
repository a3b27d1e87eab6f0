/* report.c: the HTML report of a stored tournament (see report.h). */
#include "report.h"
#include "runner.h"
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define REPORT_MAX_MATCH_ROWS 20000 /* beyond this the match list is cut (the page stays usable) */

static void esc(FILE *out, const char *s) {
    for (; s && *s; s++) {
        switch (*s) {
        case '&': fputs("&amp;", out); break;
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '"': fputs("&quot;", out); break;
        case '\'': fputs("&#39;", out); break;
        default: fputc(*s, out);
        }
    }
}

/* Percent-encodes what a relative URL path cannot hold as is. */
static void url(FILE *out, const char *s) {
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || strchr("/._-~", c))
            fputc(c, out);
        else fprintf(out, "%%%02X", c);
    }
}

void report_relative_path(const char *base, const char *target, char *out, size_t n) {
    char rb[PATH_MAX], rt[PATH_MAX];
    if (!realpath(base, rb) || !realpath(target, rt)) {
        snprintf(out, n, "%s", target);
        return;
    }
    /* Longest common prefix made of whole components. */
    size_t common = 0;
    for (size_t i = 0;; i++) {
        if (rb[i] == 0 && (rt[i] == '/' || rt[i] == 0)) {
            common = i;
            break;
        }
        if (rb[i] != rt[i]) break;
        if (rb[i] == '/') common = i;
    }
    size_t used = 0;
    out[0] = 0;
    for (const char *p = rb + common; *p; p++)
        if (*p == '/' && used + 4 < n) used += (size_t)snprintf(out + used, n - used, "../");
    const char *rest = rt + common + (rt[common] == '/' ? 1 : 0);
    snprintf(out + used, n - used, "%s", rest);
}

static const char *css =
    "body{font-family:system-ui,sans-serif;margin:2em;color:#222;max-width:80em}"
    "table{border-collapse:collapse;margin:1em 0}th,td{border:1px solid #ccc;padding:.25em .5em;text-align:right}"
    "th{background:#f0f0f0}td.name,th.name{text-align:left}tr.tied td{color:#555}"
    ".muted{color:#777}.matrix td{min-width:4em;text-align:center}.failed{color:#b00}"
    "svg text{font-size:12px;font-family:system-ui,sans-serif}";

static double nice_step(double range) {
    if (!(range > 0)) return 1;
    double raw = range / 6, mag = pow(10, floor(log10(raw)));
    double f = raw / mag;
    return (f < 1.5 ? 1 : f < 3 ? 2 : f < 7 ? 5 : 10) * mag;
}

/* One row per entrant: its interval as a bar, its value as a dot. */
static void plot(FILE *out, const standings *st) {
    bool elo = st->rule == RANKING_ELO;
    double lo = INFINITY, hi = -INFINITY;
    int rows = 0;
    for (int k = 0; k < st->nplayers; k++) {
        const standings_row *r = &st->rows[k];
        double v = elo ? r->rating : r->value.mean;
        if (isnan(v)) continue;
        double a = elo ? r->rating_lo : (r->value.n >= 2 ? r->value.lo : v);
        double b = elo ? r->rating_hi : (r->value.n >= 2 ? r->value.hi : v);
        if (isnan(a)) a = v;
        if (isnan(b)) b = v;
        if (a < lo) lo = a;
        if (b > hi) hi = b;
        rows++;
    }
    if (!rows) return;
    if (hi - lo < 1e-9) lo -= 1, hi += 1;
    double step = nice_step(hi - lo);
    lo = floor(lo / step) * step;
    hi = ceil(hi / step) * step;
    const int left = 200, width = 560, rowh = 22, top = 10;
    int height = top + rows * rowh + 30;
    fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" role=\"img\" "
                 "aria-label=\"%s with 95%% intervals\">\n",
            left + width + 20, height, elo ? "ratings" : "means");
#define X(v) (left + ((v) - lo) / (hi - lo) * width)
    for (double t = lo; t <= hi + step / 2; t += step) {
        fprintf(out, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/>", X(t), top, X(t),
                top + rows * rowh);
        fprintf(out, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%g</text>\n", X(t), top + rows * rowh + 16,
                fabs(t) < step * 1e-9 ? 0.0 : t);
    }
    int y = top;
    for (int k = 0; k < st->nplayers; k++) {
        const standings_row *r = &st->rows[k];
        double v = elo ? r->rating : r->value.mean;
        if (isnan(v)) continue;
        double a = elo ? r->rating_lo : (r->value.n >= 2 ? r->value.lo : v);
        double b = elo ? r->rating_hi : (r->value.n >= 2 ? r->value.hi : v);
        if (isnan(a)) a = v;
        if (isnan(b)) b = v;
        int cy = y + rowh / 2;
        fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">", left - 8, cy + 4);
        esc(out, r->name);
        fprintf(out, "</text>");
        fprintf(out, "<line class=\"ci\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#36c\" stroke-width=\"3\"/>",
                X(a), cy, X(b), cy);
        fprintf(out, "<circle cx=\"%.1f\" cy=\"%d\" r=\"4.5\" fill=\"#c33\"><title>", X(v), cy);
        esc(out, r->name);
        fprintf(out, ": %.4g [%.4g, %.4g]</title></circle>\n", v, a, b);
        y += rowh;
    }
#undef X
    fprintf(out, "</svg>\n");
}

static void num(FILE *out, double v, int prec) {
    if (isnan(v)) fputs("&ndash;", out);
    else fprintf(out, "%.*f", prec, v);
}

/* Grade lines (Chicken P8.3, SuiteBot's ladder): the reference bots each entrant is above (LOS >= 95%). */
static void grade_lines(FILE *out, const standings *st) {
    if (!standings_has_grades(st)) return;
    fprintf(out, "<h2>Grade lines</h2>\n<p class=\"muted\">The reference bots (built-ins) each entrant is %s "
                 "with a likelihood of superiority of at least 95%%.</p>\n<ul class=\"grades\">\n",
            st->have_bt ? "rated above" : "above by its results against them in shared games");
    for (int k = 0; k < st->nplayers; k++) {
        int p = st->rows[k].player, above[TOURNEY_MAX_ENTRANTS];
        int n = standings_grade(st, p, above, TOURNEY_MAX_ENTRANTS);
        fprintf(out, "<li><b>");
        esc(out, st->names[p]);
        fprintf(out, "</b>: ");
        if (!n) fputs("&ndash;", out);
        for (int i = 0; i < n; i++) {
            fputs(i ? ", " : "above ", out);
            esc(out, st->names[above[i]]);
            if (st->grade && st->grade[above[i]]) {
                fputs(" (", out);
                esc(out, st->grade[above[i]]);
                fputs(")", out);
            }
        }
        fprintf(out, "</li>\n");
    }
    fprintf(out, "</ul>\n");
}

static void standings_table(FILE *out, const standings *st) {
    bool elo = st->rule == RANKING_ELO;
    int prec = st->rule == RANKING_MEAN_SCORE && !st->one_seat ? 1 : 2;
    fprintf(out, "<table class=\"standings\"><tr><th>#</th><th class=\"name\">name</th><th>games</th>");
    if (elo) fprintf(out, "<th>W</th><th>D</th><th>L</th><th>points</th><th>Elo</th><th>95%% interval</th><th>LOS over next</th>");
    else {
        fprintf(out, "<th>%s</th><th>sd</th><th>95%% interval</th>", st->rule == RANKING_PLACE_POINTS ? "place points" : "mean");
        if (st->one_seat) fprintf(out, "<th>paired diff to next</th>");
        if (st->rule == RANKING_PLACE_POINTS) fprintf(out, "<th>mean score</th>");
        if (st->rounds) fprintf(out, "<th>total</th>");
        for (int k = 0; st->group_name && k < STANDINGS_GROUPS; k++)
            if (st->group_used[k]) fprintf(out, "<th>%s %d</th>", st->group_name, k + 1);
        if (st->budget_ms > 0) fprintf(out, "<th>ms/game</th><th>max ms</th>");
    }
    fprintf(out, "<th>survived</th><th>late</th><th>down</th><th>invalid</th><th>crash</th><th>failed</th></tr>\n");
    for (int k = 0; k < st->nplayers; k++) {
        const standings_row *r = &st->rows[k];
        bool tied = k > 0 && !st->rows[k - 1].separated && r->games > 0;
        fprintf(out, "<tr%s><td>%d%s</td><td class=\"name\">", tied ? " class=\"tied\"" : "", r->rank, tied ? "~" : "");
        esc(out, r->name);
        fprintf(out, "</td><td>%d</td>", r->games);
        if (elo) {
            fprintf(out, "<td>%d</td><td>%d</td><td>%d</td><td>", r->wins, r->draws, r->losses);
            num(out, r->value.mean, 3);
            fprintf(out, "</td><td>");
            num(out, r->rating, 0);
            fprintf(out, "</td><td>");
            if (isnan(r->rating_lo)) fputs("&ndash;", out);
            else fprintf(out, "[%.0f, %.0f]", r->rating_lo, r->rating_hi);
            fprintf(out, "</td><td>");
            if (isnan(r->los_next)) fputs("&ndash;", out);
            else fprintf(out, "%.1f%%", 100 * r->los_next);
            fprintf(out, "</td>");
        } else {
            fprintf(out, "<td>");
            num(out, r->value.mean, prec);
            fprintf(out, "</td><td>");
            num(out, r->value.n >= 2 ? r->value.sd : NAN, prec);
            fprintf(out, "</td><td>");
            if (r->value.n >= 2) fprintf(out, "[%.*f, %.*f]", prec, r->value.lo, prec, r->value.hi);
            else fputs("&ndash;", out);
            fprintf(out, "</td>");
            if (st->one_seat) {
                fprintf(out, "<td>");
                if (isnan(r->diff_next.mean)) fputs("&ndash;", out);
                else if (r->diff_next.n < 2) fprintf(out, "%+.*f", prec, r->diff_next.mean);
                else fprintf(out, "%+.*f [%+.*f, %+.*f]", prec, r->diff_next.mean, prec, r->diff_next.lo, prec,
                             r->diff_next.hi);
                fprintf(out, "</td>");
            }
            if (st->rule == RANKING_PLACE_POINTS) {
                fprintf(out, "<td>");
                num(out, r->score.mean, 1);
                fprintf(out, "</td>");
            }
            if (st->rounds) { /* the rounds format's standing: multiplied place points, summed */
                fprintf(out, "<td>");
                num(out, r->total, 2);
                fprintf(out, "</td>");
            }
            for (int k = 0; st->group_name && k < STANDINGS_GROUPS; k++)
                if (st->group_used[k]) {
                    fprintf(out, "<td>");
                    num(out, r->group[k].mean, prec);
                    fprintf(out, "</td>");
                }
            if (st->budget_ms > 0) { /* Splitter S8: flagged over 15 minutes for 200 games */
                bool untimed = st->untimed && st->untimed[r->player]; /* a built-in: not timed, not 0 ms */
                fprintf(out, "<td%s>", r->over_budget ? " class=\"over\" title=\"over the time budget\"" : "");
                num(out, r->games && !untimed ? r->think_ms / r->games : NAN, 1);
                fprintf(out, "%s</td><td>", r->over_budget ? " !" : "");
                num(out, untimed ? NAN : r->max_game_ms, 1);
                fprintf(out, "</td>");
            }
        }
        fprintf(out, "<td>");
        if (isnan(r->survival)) fputs("&ndash;", out);
        else fprintf(out, "%.0f%%", 100 * r->survival);
        fprintf(out, "</td><td>%d</td><td>%d</td><td>%d</td><td>%d</td><td>%d</td></tr>\n", r->verdicts[VERDICT_LATE],
                r->verdicts[VERDICT_DOWN], r->verdicts[VERDICT_INVALID], r->verdicts[VERDICT_CRASH], r->failed);
    }
    fprintf(out, "</table>\n<p class=\"muted\">~ marks an entrant not separated from the one above it (%s).",
            elo ? "likelihood of superiority below 95%" : st->one_seat ? "the paired 95% interval contains 0"
                                                                       : "the 95% intervals overlap");
    if (st->anchor) {
        fprintf(out, " Elo scale: ");
        esc(out, st->anchor);
        fprintf(out, " = 1500.");
    }
    if (st->have_bt && st->bt.advantage_fitted)
        /* rounded first, as the table does: an advantage of -0.3 Elo printed as "-0 Elo" */
        fprintf(out, " Seat-0 advantage: %+.0f Elo (sd %.0f).", round(st->bt.advantage) + 0.0, st->bt.advantage_sd);
    if (st->have_bt && st->bt.prior_used)
        fprintf(out, " The games alone give no finite fit (an entrant won or lost every game, or the ratings with the seat-0 "
                     "advantage explain every result): one virtual draw per entrant keeps it finite.");
    fprintf(out, "</p>\n");
}

/* Row player's results against the column player: W-D-L by rank (several seats), or the paired
 * mean difference (one-seat games). */
static void matrix(FILE *out, const standings *st) {
    int n = st->nplayers;
    fprintf(out, "<table class=\"matrix\"><tr><th class=\"name\">%s</th>",
            st->one_seat ? "row &minus; column" : "row vs column (W-D-L)");
    for (int k = 0; k < n; k++) {
        fprintf(out, "<th>");
        esc(out, st->rows[k].name);
        fprintf(out, "</th>");
    }
    fprintf(out, "</tr>\n");
    for (int a = 0; a < n; a++) {
        int i = st->rows[a].player;
        fprintf(out, "<tr><th class=\"name\">");
        esc(out, st->rows[a].name);
        fprintf(out, "</th>");
        for (int b = 0; b < n; b++) {
            int j = st->rows[b].player;
            if (i == j) {
                fprintf(out, "<td class=\"muted\">&middot;</td>");
                continue;
            }
            if (st->one_seat && st->pdiff) {
                const stat_summary *d = &st->pdiff[i * n + j];
                if (d->n == 0) fprintf(out, "<td>&ndash;</td>");
                else {
                    bool sep = d->n >= 2 && (d->lo > 0 || d->hi < 0);
                    fprintf(out, "<td title=\"%d shared games\">%s%+.2f", d->n, sep ? "<b>" : "", d->mean);
                    if (d->n >= 2) fprintf(out, "<br><small>[%+.2f, %+.2f]</small>", d->lo, d->hi);
                    fprintf(out, "%s</td>", sep ? "</b>" : "");
                }
                continue;
            }
            int w = st->wins[i * n + j], d = st->draws[i * n + j], l = st->wins[j * n + i];
            int g = w + d + l;
            if (!g) {
                fprintf(out, "<td>&ndash;</td>");
                continue;
            }
            double s = (w + 0.5 * d) / g;
            /* Colour from red (lost everything) through white to green (won everything). */
            int red = s < 0.5 ? 255 : (int)(255 - (s - 0.5) * 2 * 95);
            int green = s > 0.5 ? 255 : (int)(255 - (0.5 - s) * 2 * 95);
            int blue = (int)(255 - fabs(s - 0.5) * 2 * 95);
            fprintf(out, "<td style=\"background:rgb(%d,%d,%d)\" title=\"score %.1f%%\">%d-%d-%d</td>", red, green, blue,
                    100 * s, w, d, l);
        }
        fprintf(out, "</tr>\n");
    }
    fprintf(out, "</table>\n");
}

static void sprt_section(FILE *out, const report_input *in) {
    int penta[5], ldw[3];
    sprt_tally(in->t->results, in->t->nresults, penta, ldw);
    double lo, hi, elo, elo_lo, elo_hi;
    sprt_bounds(&in->sprt, &lo, &hi);
    double llr = sprt_llr_pentanomial(penta, in->sprt.elo0, in->sprt.elo1);
    const double a5[5] = {0, 0.25, 0.5, 0.75, 1};
    sprt_elo_estimate(5, a5, penta, &elo, &elo_lo, &elo_hi);
    fprintf(out, "<h2>SPRT</h2>\n<p>Is <b>");
    esc(out, in->entrant_b);
    fprintf(out, "</b> stronger than <b>");
    esc(out, in->entrant_a);
    fprintf(out, "</b>? H0: Elo &le; %g, H1: Elo &ge; %g, &alpha; = %g, &beta; = %g (pentanomial GSPRT on logistic Elo).</p>\n",
            in->sprt.elo0, in->sprt.elo1, in->sprt.alpha, in->sprt.beta);
    fprintf(out, "<p>Pairs by the candidate's points (0, &frac12;, 1, 1&frac12;, 2): %d %d %d %d %d. "
                 "Games W-D-L: %d-%d-%d. ", penta[0], penta[1], penta[2], penta[3], penta[4], ldw[2], ldw[1], ldw[0]);
    char elo_text[128];
    if (sprt_elo_text(elo, elo_lo, elo_hi, elo_text, sizeof elo_text)) fprintf(out, "Elo %s. ", elo_text);
    /* as the command's own summary words it: a decided test's LLR is past a bound, not "within" it,
     * and one that reached its --games cap is inconclusive, not "undecided" */
    const char *res = in->t->sprt_result;
    fprintf(out, "LLR %.3f, bounds (%.3f, %.3f): <b>", llr, lo, hi);
    if (res && strcmp(res, "H1") == 0) fprintf(out, "H1 accepted");
    else if (res && strcmp(res, "H0") == 0) fprintf(out, "H0 accepted");
    else if (in->t->nresults >= in->t->planned)
        fprintf(out, "inconclusive after the maximum of %d games (raise --games to go on)", in->t->planned);
    else fprintf(out, "undecided so far");
    fprintf(out, "</b></p>\n");
}

static void matches(FILE *out, const report_input *in) {
    const store_tourney *t = in->t;
    fprintf(out, "<table class=\"matches\"><tr><th>match</th><th>seed</th><th class=\"name\">seats (score, rank)</th>"
                 "<th>turns</th><th>seconds</th><th class=\"name\">replay</th></tr>\n");
    for (int k = 0; k < t->nresults && k < REPORT_MAX_MATCH_ROWS; k++) {
        const tourney_result *r = &t->results[k];
        fprintf(out, "<tr%s><td>%d</td><td>%llu</td><td class=\"name\">", r->failed ? " class=\"failed\"" : "", r->idx,
                (unsigned long long)r->seed);
        for (int s = 0; s < r->nseats; s++) {
            int e = r->entrant[s];
            if (s) fputs(", ", out);
            esc(out, e >= 0 && e < t->nplayers ? t->names[e] : "(fill)");
            if (!r->failed) fprintf(out, " %g (%d)", r->score[s], r->rank[s]);
        }
        if (r->failed) {
            fputs(" &mdash; failed: ", out);
            esc(out, r->error);
        }
        fprintf(out, "</td><td>%d</td><td>%.2f</td><td class=\"name\">", r->turns, r->seconds);
        if (in->watch && in->watch[k]) { /* the self-contained viewer page (arena view) */
            char rel[PATH_MAX];
            report_relative_path(in->link_base ? in->link_base : ".", in->watch[k], rel, sizeof rel);
            fprintf(out, "<a href=\"");
            url(out, rel);
            fprintf(out, "\">watch</a> ");
        }
        if (r->replay[0]) {
            char rel[PATH_MAX];
            report_relative_path(in->link_base ? in->link_base : ".", r->replay, rel, sizeof rel);
            fprintf(out, "<a href=\"");
            url(out, rel);
            fprintf(out, "\">");
            esc(out, rel);
            fprintf(out, "</a>");
        }
        fprintf(out, "</td></tr>\n");
    }
    fprintf(out, "</table>\n");
    if (t->nresults > REPORT_MAX_MATCH_ROWS)
        fprintf(out, "<p class=\"muted\">%d more matches are in the store.</p>\n", t->nresults - REPORT_MAX_MATCH_ROWS);
    if (in->watch)
        fprintf(out, "<p class=\"muted\">&ldquo;watch&rdquo; opens the match in the web viewer (a page written next to "
                     "its replay; %d written, see <code>arena report --views</code>); <code>arena view REPLAY</code> "
                     "makes one for any other replay.</p>\n", in->nwatch);
}

void report_html(FILE *out, const report_input *in) {
    const store_tourney *t = in->t;
    const standings *st = in->st;
    fprintf(out, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>");
    esc(out, in->game_title);
    fprintf(out, " tournament #%lld</title>\n<style>%s</style></head><body>\n<h1>", (long long)t->id, css);
    esc(out, in->game_title);
    fprintf(out, " tournament #%lld</h1>\n<p>Format <b>", (long long)t->id);
    esc(out, t->format);
    fprintf(out, "</b>, %d seats per match, seed %llu. %d of %d matches stored", t->seats, (unsigned long long)t->seed,
            t->nresults, t->planned);
    if (st->failed) fprintf(out, " (%d failed, not counted)", st->failed);
    fprintf(out, ". Created ");
    esc(out, t->created);
    fprintf(out, ", last run ");
    esc(out, t->last_run);
    fprintf(out, ". Ranked by %s.</p>\n",
            st->rule == RANKING_ELO && st->anchor ? "a Bradley&ndash;Terry/Elo maximum-likelihood fit"
            : st->rule == RANKING_ELO ? "a Bradley&ndash;Terry/Elo maximum-likelihood fit (1500 = the field's mean)"
            : st->rule == RANKING_PLACE_POINTS ? "mean place points per game"
            : st->one_seat                     ? "mean score on shared seeds"
                                               : "mean score per game");
    fprintf(out, "<h2>Standings</h2>\n");
    standings_table(out, st);
    grade_lines(out, st);
    fprintf(out, "<h2>%s with 95%% intervals</h2>\n", st->rule == RANKING_ELO ? "Ratings" : "Means");
    plot(out, st);
    fprintf(out, "<h2>Pairwise results</h2>\n");
    matrix(out, st);
    if (in->sprt_on) sprt_section(out, in);
    fprintf(out, "<h2>Matches</h2>\n");
    matches(out, in);
    fprintf(out, "<p class=\"muted\">Written by arena report from the tournament store.</p>\n</body></html>\n");
}
