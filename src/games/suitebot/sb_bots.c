/* sb_bots.c: the table of SuiteBot's built-in bots (sb_models.c holds the sample and reference
 * bots, sb_champion.c the champion), with the grade labels of the reference ladder. */
#include "sb.h"

const game_bot sb_bots[] = {
    {.name = "hold", .display = "hold", .code = "HO", .act = sb_hold_act,
     .help = "the official sample AI: always HOLD"},
    {.name = "random", .display = "random", .code = "RA", .act = sb_random_act, .grade = "D",
     .help = "uniform over U, D, L, R, H, B"},
    {.name = "harvester", .display = "harvester", .code = "HV", .memory_size = sizeof(sb_harvester_mem),
     .act = sb_harvester_act, .grade = "C",
     .help = "the contestant's AI: plant, two steps diagonally, repeat"},
    {.name = "miner", .display = "miner", .code = "MI", .act = sb_miner_act, .grade = "B",
     .help = "reference bot: plants where it scores most and always keeps an escape walk"},
    {.name = "champion", .display = "champion", .code = "CH", .act = sb_champion_act, .act_timed = sb_champion_timed,
     .memory_size = SB_CHAMPION_MEMORY, .grade = "A",
     .help = "reference bot: predicts each opponent by the model that fits it, searches its own moves within its clock"},
    {0},
};
