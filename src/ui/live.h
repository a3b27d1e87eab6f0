/* live.h: the live terminal display of a match (a sink), and replay playback in the same display. */
#ifndef ARENA_LIVE_H
#define ARENA_LIVE_H
#include "../match/match.h"

/* speed: turns per second (0 = unlimited). NULL + message when there is no terminal. */
sink_t *ui_live_new(const game_t *g, const char *display_mode, double speed, uint64_t seed, buf_t *err);

/* Shared by live play and replay playback: applies a key to the pacing state.
 * Returns 'q' to quit, 'n' to step one turn, 'b' to step back, 'r' when the status changed (draw
 * again), 0 otherwise. */
typedef struct {
    double speed;   /* turns per second; 0 = unlimited */
    bool paused;
} ui_pace;
int ui_pace_key(ui_pace *p, int key);
/* The display mode after `current` in the game's display.modes (the first when current is NULL and
 * the game lists modes; `current` unchanged when it lists none). */
const char *ui_next_mode(const game_t *g, const char *current);
/* Waits for the next turn: returns 'q', 'n' (advance), 'b' (back), 'v' (next display mode), 'g'
 * (jump), 'r' (paused, resumed or the speed changed: draw the status again). */
int ui_pace_wait(ui_pace *p, bool can_go_back);
void ui_status(const ui_pace *p, uint64_t seed, const char *last_log, char *out, size_t n);
#endif
