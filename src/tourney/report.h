/* report.h: a tournament's HTML report: one self-contained page (no framework, no script) with
 * the standings, a plot of each entrant's rating or mean with its 95% interval (inline SVG), the
 * pairwise results matrix, the SPRT verdict when there is one, and every match with a link to its
 * replay. */
#ifndef ARENA_REPORT_H
#define ARENA_REPORT_H
#include "standings.h"
#include "../store/tourneys.h"
#include <stdio.h>

typedef struct {
    const store_tourney *t;
    const standings *st;
    const char *game_title;
    const char *link_base;   /* directory of the report: replay links are made relative to it */
    bool sprt_on;
    sprt_params sprt;
    const char *entrant_a, *entrant_b; /* SPRT: base and candidate */
    char *const *watch;      /* by result index: the viewer page written for its replay, or NULL */
    int nwatch;              /* pages written (the report says how many) */
} report_input;

void report_html(FILE *out, const report_input *in);
/* Path of `target` relative to directory `base` (both resolved when they exist). */
void report_relative_path(const char *base, const char *target, char *out, size_t n);
#endif
