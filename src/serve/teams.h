/* teams.h: the team endpoints: list, one team, create (returns its join code), join by code,
 * leave, the team's own settings (accept scrimmage requests automatically or one by one). */
#ifndef ARENA_TEAMS_H
#define ARENA_TEAMS_H
#include "api.h"

void teams_list(api_call *c);
void teams_get(api_call *c);
void teams_create(api_call *c);
void teams_join(api_call *c);
void teams_leave(api_call *c);
void teams_settings(api_call *c);
#endif
