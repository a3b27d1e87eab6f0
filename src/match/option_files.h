/* option_files.h: game options whose value names a file (game_t.file_options, e.g. SuiteBot's `map`). */
#ifndef ARENA_MATCH_OPTION_FILES_H
#define ARENA_MATCH_OPTION_FILES_H
#include "match.h"

/* For the game's file options: reads each named file and makes its contents the option's value.
 * owned[i] (one per option, NULL when unused) must be freed by the caller. */
bool option_files_read(const game_t *g, game_options *opts, char **owned, buf_t *err);
/* The same on KEY=VALUE strings before they are parsed (a tournament's, which travel to its
 * workers in every match's spec): kv[i] becomes KEY=CONTENTS, in owned[i] (one per string, NULL
 * when unused; the caller frees them). */
bool option_files_read_kv(const game_t *g, int nkv, char **kv, char **owned, buf_t *err);
#endif
