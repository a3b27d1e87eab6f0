/* accounts.h: the account endpoints: who am I (and the competition's face), register, log in and
 * out, change one's password. */
#ifndef ARENA_ACCOUNTS_H
#define ARENA_ACCOUNTS_H
#include "api.h"

void accounts_me(api_call *c);
void accounts_register(api_call *c);
void accounts_login(api_call *c);
void accounts_logout(api_call *c);
void accounts_password(api_call *c);
/* After the password of user name changed (by them, or reset by an organizer): the first start's
 * admin password, kept in clear in DATA/admin-password.txt "until it is changed", is removed. */
void accounts_password_changed(serve_t *srv, const char *name);
/* A user as JSON (the fields anyone may see; email and flags too when full). */
void accounts_write_user(jw_t *w, const site_user *u, bool full);
#endif
