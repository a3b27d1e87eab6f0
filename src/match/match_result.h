/* match_result.h: the result of a finished match as JSON (the `--json` output), as a table for
 * people, and the per-seat arrays it shares with the replay. */
#ifndef ARENA_MATCH_RESULT_H
#define ARENA_MATCH_RESULT_H
#include "../core/jw.h"
#include "match.h"
#include <stdio.h>

/* The result of a match as one JSON object (the `--json` output). */
void match_result_json(const match_t *m, buf_t *out);
/* The final table for people. */
void match_result_table(const match_t *m, FILE *out);
/* One line per seat that went out of play (down or crashed): why, in words, and the last line
 * of its stderr; for the table's readers (the bot's author wants to know why). */
void match_result_out_seats(const match_t *m, FILE *out);
/* How to flush a bot's output, for a seat that may have printed into a buffer it never flushed
 * (stdout to a pipe is block-buffered): play's lines under the table and the tournament's notes
 * give the same advice. */
extern const char match_flush_advice[];
/* The keys "scores", "ranks" and "verdicts" (per seat {"late":n,"down":n,"invalid":n,"crash":n})
 * into an open object: the `--json` output and the replay's result record say them the same way. */
void match_result_seats(const match_t *m, jw_t *w);
#endif
