/* registry.c: the list of games (sits above the games: it includes each one). */
#include "registry.h"
#include "chicken/chk.h"
#include "rising_tide/rt.h"
#include "suitebot/sb.h"
#include "splitter/spl.h"
#include <string.h>

const game_t *const registry_games[] = {
    &game_rising_tide,
    &game_suitebot,
    &game_chicken,
    &game_splitter,
    NULL,
};

const game_t *registry_find(const char *id) {
    for (int i = 0; registry_games[i]; i++)
        if (strcmp(registry_games[i]->id, id) == 0) return registry_games[i];
    return NULL;
}
