/* rz_attacker.c: the reference bot that tries to win (10.2). */
#include "rz.h"

bool rz_attacker_act(void *memory, const void *view, void *action, rng_t *rng) {
    return rz_wander_act(memory, view, action, rng);
}
