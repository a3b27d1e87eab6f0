/* option_files.h: game options whose value names a file (game_t.file_options, e.g. SuiteBot's `map`). */
#ifndef ARENA_MATCH_OPTION_FILES_H
#define ARENA_MATCH_OPTION_FILES_H
#include "match.h"

/* For the game's file options: reads each named file and makes its contents the option's value.
 * owned[i] (one per option, NULL when unused) must be freed by the caller. */
bool option_files_read(const game_t *g, game_options *opts, char **owned, buf_t *err);
#endif
