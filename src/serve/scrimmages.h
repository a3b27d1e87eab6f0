/* scrimmages.h: the scrimmage endpoints: ask another team (or a reference bot) for N games,
 * ranked or not, under the abuse limits (requests per hour, outstanding ranked requests per pair,
 * ranked only toward teams above or near one's rating, none ranked during the freeze); a request
 * to a team without a working submission is refused at once; the asked team accepts (by hand or
 * automatically) or declines; both teams see the games. */
#ifndef ARENA_SCRIMMAGES_H
#define ARENA_SCRIMMAGES_H
#include "api.h"

void scrimmages_create(api_call *c);
void scrimmages_list(api_call *c);
void scrimmages_accept(api_call *c);
void scrimmages_decline(api_call *c);
#endif
