/* cli_tourney.h: the stored-tournament view `arena standings` and `arena report` share. */
#ifndef ARENA_CLI_TOURNEY_H
#define ARENA_CLI_TOURNEY_H
#include "cli.h"
#include "../tourney/stored.h"
#endif
