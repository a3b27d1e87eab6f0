/* organizer.h: the organizers' endpoints: settings, users (list, password reset, organizer flag,
 * disable), teams and submissions switched off, announcements, the queue and the workers
 * (depth, oldest age, requeue a game, cancel queued games in bulk). */
#ifndef ARENA_ORGANIZER_H
#define ARENA_ORGANIZER_H
#include "api.h"

void organizer_settings_get(api_call *c);
void organizer_settings_set(api_call *c);
void organizer_users(api_call *c);
void organizer_user_password(api_call *c);
void organizer_user_flags(api_call *c);
void organizer_team_disable(api_call *c);
void organizer_announce(api_call *c);
void organizer_unannounce(api_call *c);
void organizer_queue(api_call *c);
void organizer_queue_cancel(api_call *c);
void organizer_game_requeue(api_call *c);
#endif
