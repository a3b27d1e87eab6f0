/* site_teams.h: the competition server's teams: a name, a join code, whether scrimmage requests
 * are accepted automatically, the active submission, and the organizer's switch. Members are the
 * users whose team_id names it (site_users.h). */
#ifndef ARENA_SITE_TEAMS_H
#define ARENA_SITE_TEAMS_H
#include "migrate.h"
#include "store.h"

extern const migrate_domain site_teams_schema;

typedef struct {
    int64_t id;
    char name[64];
    char join_code[48];
    bool auto_accept;
    bool disabled;
    int64_t active_sub; /* 0: none */
    int members;
    char created[32];
} site_team;

/* A user's team is set only while the user has none: two requests at once (create and join, a
 * double click) leave the user in one team, and the other is refused with this. */
#define SITE_TEAMS_IN_A_TEAM (-2)
/* Creates a team with its first member (in one transaction): the id, 0 when the name is taken
 * (err says so), SITE_TEAMS_IN_A_TEAM when the user is in one already (nothing made), -1 on error. */
int64_t site_teams_create(store_t *s, const char *name, const char *join_code, int64_t user_id, buf_t *err);
int site_teams_get(store_t *s, int64_t id, site_team *t, buf_t *err);
int site_teams_by_code(store_t *s, const char *code, site_team *t, buf_t *err);
/* Adds the user to the team when it has fewer than max_members (1 joined, 0 full,
 * SITE_TEAMS_IN_A_TEAM the user is in one already, -1 error). */
int site_teams_join(store_t *s, int64_t team_id, int64_t user_id, int max_members, buf_t *err);
/* The user leaves; a team left empty keeps its submissions and games (it is not deleted). */
bool site_teams_leave(store_t *s, int64_t user_id, buf_t *err);
bool site_teams_set_auto_accept(store_t *s, int64_t id, bool on, buf_t *err);
bool site_teams_set_disabled(store_t *s, int64_t id, bool on, buf_t *err);
bool site_teams_set_active(store_t *s, int64_t id, int64_t sub_id, buf_t *err);
/* Teams in id order after after_id, at most max: how many (-1 error). */
int site_teams_list(store_t *s, int64_t after_id, int max, site_team *out, buf_t *err);
int64_t site_teams_count(store_t *s, buf_t *err);
#endif
