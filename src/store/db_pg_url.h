/* db_pg_url.h: a PostgreSQL connection URL checked with libpq before any connection is tried.
 * libpq itself checks most parameter values only when it connects, so a URL that can never work
 * (port=abc, sslmode=bogus) looked like a server that was down: `arena worker` waited for it for
 * ever, and the other commands failed in libpq's words. */
#ifndef ARENA_DB_PG_URL_H
#define ARENA_DB_PG_URL_H
#include "../core/buf.h"
#include <stdbool.h>

/* True when libpq parses target (PQconninfoParse: its syntax, its parameters' names) and every
 * value libpq documents as a number or one of a few words is one; else false with err saying which
 * parameter and what libpq takes, quoting its value, not the URL (libpq's own messages may quote it:
 * db.c hides its password in them).
 * err may be NULL. */
bool db_pg_url_check(const char *target, buf_t *err);
#endif
