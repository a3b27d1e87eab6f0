/* sinks.h: the standard outputs of a match: replay file, event log, progress line. */
#ifndef ARENA_SINKS_H
#define ARENA_SINKS_H
#include "match.h"
#include "match_result.h" /* the result helpers, used with the sinks */
#include <stdio.h>

#define ARENA_VERSION "0.1.0"
#define REPLAY_FORMAT_VERSION 1

/* Replay writer (JSON Lines, docs/replay.md). Returns NULL with a message if the file cannot be
 * created. The file is complete (and flushed) after on_end. */
sink_t *sink_replay_new(const char *path, buf_t *err);
/* Event log (log.txt-style, written by the game's formatter), flushed after every entry. */
sink_t *sink_log_new(const char *path, buf_t *err);
/* Plain progress lines on `out` (for non-terminals): at most one per second. */
sink_t *sink_progress_new(FILE *out);
/* The game's own record format (game.h history_*): DIR/<stem>_<n>.json per game. */
sink_t *sink_history_new(const game_t *g, const char *dir, buf_t *err);
void sink_free(sink_t *s);
/* After the match: true when the sink's file (if it writes one) was written whole; otherwise false
 * with the reason in err (a full disk: the replay or log said to be written was cut short). */
bool sink_finish(sink_t *s, buf_t *err);

#endif
