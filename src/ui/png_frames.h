/* png_frames.h: `--frames DIR`: one PNG per state of a match (the game's image hook), and the PNG
 * writer and reader it uses (libpng; 8-bit RGB, not interlaced). */
#ifndef ARENA_PNG_FRAMES_H
#define ARENA_PNG_FRAMES_H
#include "../match/match.h"
#include "../match/replay.h"
#include <stdint.h>

/* DIR/00000001.png is the start, then one file per turn, numbered on; files are never skipped.
 * NULL + message when the game has no picture or DIR cannot be made. */
sink_t *sink_png_frames_new(const game_t *g, const char *dir, int zoom, buf_t *err);
/* `arena replay FILE --frames DIR`: the same files from a replay, by re-simulation. 0 on success,
 * 2 when the replay's game has no picture (a usage error, as in play), 1 on any other failure. */
int png_frames_from_replay(const char *path, replay_game_finder find, const char *dir, int zoom, buf_t *err);
bool png_write_rgb(const char *path, const uint8_t *rgb, int width, int height, buf_t *err);
/* Reads an 8-bit RGB or RGBA PNG into 3 bytes per pixel (alpha dropped); caller frees *rgb. */
bool png_read_rgb(const char *path, uint8_t **rgb, int *width, int *height, buf_t *err);
#endif
