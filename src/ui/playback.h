/* playback.h: a replay in the terminal, drawn by the game (`arena replay`). */
#ifndef ARENA_PLAYBACK_H
#define ARENA_PLAYBACK_H
#include "../match/replay.h"
#include <stdio.h>

enum { UI_PRINT_NONE = 0, UI_PRINT_PLAIN = 1, UI_PRINT_ANSI = 2 };

/* Plays the replay at `path` interactively from start_turn (space, n/p or arrows, +/-, v display modes,
 * g jump, q), or with print != UI_PRINT_NONE prints the picture after start_turn turns (-1: the
 * end) to `out` and returns. A truncated replay plays up to the damage. display_mode: the
 * game's display mode, its `view=` option (NULL: default). Returns 0, or 1 with a message in err
 * (2 when display_mode is not one of the game's: a usage error). */
int ui_playback(const char *path, replay_game_finder find, const char *display_mode, double speed, int start_turn,
                int print, FILE *out, buf_t *err);
#endif
