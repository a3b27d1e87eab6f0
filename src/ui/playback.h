/* playback.h: a replay in the terminal, drawn by the game (`arena replay`). */
#ifndef ARENA_PLAYBACK_H
#define ARENA_PLAYBACK_H
#include "../match/replay.h"
#include <stdio.h>

/* Plays the replay at `path` interactively (space, n/p or arrows, +/-, v views, g jump, q), or
 * with dump_turn >= 0 prints the plain picture after that many turns to `out` and returns.
 * view: the game's view option (NULL: default). Returns 0, or 1 with a message in err. */
int ui_playback(const char *path, replay_game_finder find, const char *view, double speed, int dump_turn, FILE *out,
                buf_t *err);
#endif
