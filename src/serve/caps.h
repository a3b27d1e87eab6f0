/* caps.h: who may call what. Every route of the table (routes.c) names one capability and the
 * router checks it before the handler runs, so an endpoint without a guard stands out when reading
 * the table. Ids in a path are checked by the handlers themselves against the caller's team
 * (api_team_may_see ...): a capability says what kind of caller, never which rows. */
#ifndef ARENA_CAPS_H
#define ARENA_CAPS_H

typedef enum {
    CAP_PUBLIC = 0, /* anyone, logged in or not: the competition's public face (the ladder, public games, pages) */
    CAP_LOGIN,      /* calls that start a session (register, log in): no session yet, so the CSRF token is
                       the anonymous one (the arena_csrf cookie, sent back in X-CSRF-Token) */
    CAP_USER,       /* a logged-in user whose account is not disabled: their account, making or joining a team */
    CAP_TEAM,       /* a user in a team that is not disabled: uploads, scrimmages, the team's own code and logs */
    CAP_ORGANIZER,  /* an organizer: settings, users and teams, the queue and workers, the final tournament */
} cap_t;

/* The capability's name in docs/serve.md and in error messages. */
static inline const char *cap_name(cap_t c) {
    static const char *const names[] = {"public", "login", "user", "team", "organizer"};
    return names[c];
}
#endif
