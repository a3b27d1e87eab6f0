/* registry.h: every game Arena ships, by id. */
#ifndef ARENA_REGISTRY_H
#define ARENA_REGISTRY_H
#include "../game/game.h"

/* NULL-terminated list of all games. */
extern const game_t *const registry_games[];
const game_t *registry_find(const char *id);
#endif
