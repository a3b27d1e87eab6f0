/* auth.h: passwords (Argon2id through libsodium's crypto_pwhash_str; never stored or logged in
 * clear), sessions (a random cookie, HttpOnly and SameSite=Strict, kept in the store as its
 * SHA-256; a new one at every login, so a planted cookie is worth nothing), CSRF tokens (the
 * session's, or before login an anonymous one in the arena_csrf cookie, sent back in the
 * X-CSRF-Token header), and the login throttle (failures per name and per address). */
#ifndef ARENA_AUTH_H
#define ARENA_AUTH_H
#include "api.h"
#include <sodium.h>

#define AUTH_SESSION_COOKIE "arena_session"
#define AUTH_CSRF_COOKIE "arena_csrf"
#define AUTH_SESSION_DAYS 30
#define AUTH_PASSWORD_MIN 8
#define AUTH_PASSWORD_MAX 256

/* Once, before threads start (libsodium's setup). */
bool auth_init(void);
/* hash receives the Argon2id string (crypto_pwhash_STRBYTES). */
bool auth_hash_password(const char *password, char hash[crypto_pwhash_STRBYTES]);
/* hash NULL: checks against a dummy (as slow as a real one) and says false. */
bool auth_password_ok(const char *hash, const char *password);
/* A random token: 43 url-safe characters. */
void auth_token(char out[48]);

/* Finds the caller from the session cookie (c->user, c->csrf, c->session_hash); else sets up the
 * anonymous CSRF token (a cookie set on the reply when missing). False only when the store failed. */
bool auth_load(api_call *c, buf_t *err);
/* The X-CSRF-Token header equals the caller's token. */
bool auth_csrf_ok(const api_call *c);
/* Starts a session for user_id (a fresh cookie; the caller's previous session, if any, ends). */
bool auth_login(api_call *c, int64_t user_id, buf_t *err);
void auth_logout(api_call *c);

/* The throttle: before checking a password for name from the caller's address: 0 go on, else the
 * seconds to wait. After the check: auth_failed / auth_succeeded. */
long auth_throttled(api_call *c, const char *name);
void auth_failed(api_call *c, const char *name);
void auth_succeeded(api_call *c, const char *name);
#endif
