/* rz_bots.c: the built-in bots, the reference ladder with its grade labels: wander (the original's
 * sample bot, exactly), raider and attacker (rz_attacker.c), champion (rz_champion.c), and the
 * interactive human seat (docs/games/rezzo.md "Displays"). */
#include "rz.h"
#include "rz_attacker.h"
#include "rz_champion.h"
#include "../../game/keys.h"
#include <string.h>

/* wander: build straight ahead; turn right when the last move was refused. It answers every
 * message, exactly once. */
bool rz_wander_act(void *memory, const void *view, void *action, rng_t *rng) {
    (void)memory, (void)rng;
    const rz_view *v = view;
    rz_action *a = action;
    a->ts = v->ts;
    a->act = v->ack == RZ_ACK_INVALID_ACTION ? RZ_ACT_RIGHT : RZ_ACT_BUILD;
    return true;
}

/* The human seat: key presses queue actions (at most 2); each tick takes the oldest, or nop. */
typedef struct {
    uint8_t queue[2];
    int n;
    bool build_mode; /* 'b': Up builds, standing in for holding Space */
} rz_human;

void rz_human_key(void *memory, int key) {
    rz_human *h = memory;
    int act = -1;
    switch (key) {
    case GAME_KEY_UP: act = h->build_mode ? RZ_ACT_BUILD : RZ_ACT_ADVANCE; break;
    case GAME_KEY_LEFT: act = RZ_ACT_LEFT; break;
    case GAME_KEY_RIGHT: act = RZ_ACT_RIGHT; break;
    case GAME_KEY_DOWN: act = RZ_ACT_NOP; break;
    case ' ': act = RZ_ACT_BUILD; break;
    case '\r': case '\n': act = RZ_ACT_HIT; break;
    case 'b': case 'B': h->build_mode = !h->build_mode; return;
    default: return;
    }
    if (h->n < 2) h->queue[h->n++] = (uint8_t)act;
}

static bool human_act(void *memory, const void *view, void *action, rng_t *rng) {
    (void)rng;
    rz_human *h = memory;
    const rz_view *v = view;
    rz_action *a = action;
    a->ts = v->ts;
    a->act = RZ_ACT_NOP;
    if (h->n) {
        a->act = h->queue[0];
        h->queue[0] = h->queue[1];
        h->n--;
    }
    return true;
}

const game_bot rz_human_bot = {.name = "human", .display = "human", .code = "", .memory_size = sizeof(rz_human),
                               .act = human_act, .help = "you, from the keyboard (arena play only)"};

/* raider: the attacker laying its wire without clearing the wires beside it (a rung below it). */
static bool raider(void *memory, const void *view, void *action, rng_t *rng) {
    ((rz_attacker *)memory)->sloppy = true;
    return rz_attacker_act(memory, view, action, rng);
}

static bool champion(void *memory, const void *view, void *action, rng_t *rng) {
    return rz_champion_act(memory, view, action, rng, NULL);
}

const game_bot rz_bots[] = {
    {.name = "wander", .display = "wander", .code = "", .act = rz_wander_act, .grade = "D",
     .help = "the original's sample bot: builds straight ahead, turns right when blocked"},
    {.name = "raider", .display = "raider", .code = "", .memory_size = sizeof(rz_attacker), .act = raider, .grade = "C",
     .help = "the attacker without its care: lays its wire straight past whatever touches it"},
    {.name = "attacker", .display = "attacker", .code = "", .memory_size = sizeof(rz_attacker), .act = rz_attacker_act,
     .grade = "B",
     .help = "reference bot: explores, then wires an electron source past its base to an enemy geyser to drag the "
             "enemy's flags home"},
    {.name = "champion", .display = "champion", .code = "", .memory_size = sizeof(rz_champion), .act = champion,
     .act_timed = rz_champion_act, .grade = "A",
     .help = "the attacker's plan plus defence: cuts every wire next to an enemy base, then guards the enemy home"},
    {0},
};
