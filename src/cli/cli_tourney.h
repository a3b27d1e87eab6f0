/* cli_tourney.h: the stored-tournament view `arena standings` and `arena report` share. */
#ifndef ARENA_CLI_TOURNEY_H
#define ARENA_CLI_TOURNEY_H
#include "cli.h"
#include "../tourney/stored.h"

/* Loads tournament id (0: the latest) of store db into t and v, with --anchor checked: EXIT_OK,
 * or the exit status after the message (EXIT_FAIL: the store; EXIT_USAGE: the anchor). */
int cli_tourney_open(const char *cmd, const char *db, long long id, const char *anchor, store_tourney *t,
                     stored_t *v);
#endif
