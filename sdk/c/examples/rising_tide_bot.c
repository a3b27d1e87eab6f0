/* rising_tide_bot.c: a starter-kit bot (docs/starter-kit.md): raises the cell next to its city. */
#include "arena_kit.h"
#include "games/rising_tide/rt.h"
static bool my_bot(void *memory, const void *view, void *action, rng_t *rng) {
    const rt_view *v = view; rt_action *a = action; (void)memory, (void)rng;
    if (v->cell[4][4] >= 1 && v->cell[4][4] < 8 && v->cell[3][3] >= 1) *a = (rt_action){RT_MOVE, 3, 3, 4, 4};
    else *a = (rt_action){RT_PASS, 0, 0, 0, 0};
    return true;
}
int main(int argc, char **argv) { return kit_run(&game_rising_tide, my_bot, 0, argc, argv); }
