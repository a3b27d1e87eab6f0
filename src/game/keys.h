/* keys.h: key codes a game may receive from the live display (its display.mode_key and
 * display.human_key hooks).
 * Printable keys are their ASCII code; these are the arrows, with the same values as ui/term.h. */
#ifndef ARENA_KEYS_H
#define ARENA_KEYS_H
enum { GAME_KEY_UP = 0x1001, GAME_KEY_DOWN, GAME_KEY_RIGHT, GAME_KEY_LEFT };
#endif
