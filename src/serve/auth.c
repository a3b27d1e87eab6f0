/* auth.c: passwords, sessions, CSRF and the login throttle (see auth.h). */
#include "auth.h"
#include "settings.h"
#include <stdio.h>
#include <string.h>
#include <time.h>

/* The throttle: this many failures within the window, and the name (or address) waits until the
 * oldest of them leaves it. Per name it stops guessing one account's password; per address, one
 * machine guessing many accounts: a setting (login_failures_per_address, 30 by default), because a
 * classroom behind one NAT is one address, and 30 mistyped passwords at the start of a lab would
 * lock the whole class out. */
#define AUTH_WINDOW_S 900.0
#define AUTH_MAX_PER_NAME 5

/* A hash of a random password: an unknown name is checked against it, so that it costs the same
 * time as a known one and timing does not tell which names exist. */
static char auth_dummy[crypto_pwhash_STRBYTES];

bool auth_init(void) {
    if (sodium_init() < 0) return false;
    char pw[48];
    auth_token(pw);
    return auth_hash_password(pw, auth_dummy);
}

bool auth_hash_password(const char *password, char hash[crypto_pwhash_STRBYTES]) {
    return crypto_pwhash_str(hash, password, strlen(password), crypto_pwhash_OPSLIMIT_INTERACTIVE,
                             crypto_pwhash_MEMLIMIT_INTERACTIVE) == 0;
}

bool auth_password_ok(const char *hash, const char *password) {
    if (!hash) hash = auth_dummy;
    return crypto_pwhash_str_verify(hash, password, strlen(password)) == 0;
}

void auth_token(char out[48]) {
    unsigned char r[32];
    randombytes_buf(r, sizeof r);
    sodium_bin2base64(out, 48, r, sizeof r, sodium_base64_VARIANT_URLSAFE_NO_PADDING);
}

static void auth_sha256(const char *s, char out[65]) {
    unsigned char h[crypto_hash_sha256_BYTES];
    crypto_hash_sha256(h, (const unsigned char *)s, strlen(s));
    sodium_bin2hex(out, 65, h, sizeof h);
}

/* A cookie value we could have made: 43 url-safe characters (anything else is not looked up). */
static bool auth_token_shape(const char *t) {
    if (!t || strlen(t) != 43) return false;
    return strspn(t, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_") == 43;
}

static bool auth_secure(api_call *c) { return settings_int(c->srv, "secure_cookies") != 0; }

bool auth_load(api_call *c, buf_t *err) {
    memset(&c->user, 0, sizeof c->user);
    c->csrf[0] = 0;
    c->session_hash[0] = 0;
    const char *cookie = http_cookie(c->rq, AUTH_SESSION_COOKIE);
    if (auth_token_shape(cookie)) {
        char hash[65];
        auth_sha256(cookie, hash);
        double now = (double)time(NULL);
        int64_t uid = 0;
        char csrf[72];
        int rc = site_users_session_get(c->store, hash, now, now - AUTH_SESSION_DAYS * 86400.0, &uid, csrf, err);
        if (rc < 0) return false;
        if (rc == 1) {
            site_user u;
            rc = site_users_by_id(c->store, uid, &u, NULL, 0, err);
            if (rc < 0) return false;
            if (rc == 1 && !u.disabled) {
                c->user = u;
                snprintf(c->csrf, sizeof c->csrf, "%s", csrf);
                snprintf(c->session_hash, sizeof c->session_hash, "%s", hash);
                return true;
            }
        }
    }
    const char *anon = http_cookie(c->rq, AUTH_CSRF_COOKIE);
    if (auth_token_shape(anon)) {
        snprintf(c->csrf, sizeof c->csrf, "%s", anon);
    } else {
        char t[48];
        auth_token(t);
        snprintf(c->csrf, sizeof c->csrf, "%s", t);
        /* Readable by the pages' scripts (they send it back in a header), SameSite=Strict. */
        http_reply_cookie(c->rp, AUTH_CSRF_COOKIE, t, false, auth_secure(c), 365L * 86400);
    }
    return true;
}

bool auth_csrf_ok(const api_call *c) {
    const char *h = http_header(c->rq, "X-CSRF-Token");
    if (!h || !c->csrf[0] || strlen(h) != strlen(c->csrf)) return false;
    return sodium_memcmp(h, c->csrf, strlen(h)) == 0;
}

bool auth_login(api_call *c, int64_t user_id, buf_t *err) {
    if (c->session_hash[0]) site_users_session_drop(c->store, c->session_hash, NULL);
    char token[48], csrf[48], hash[65];
    auth_token(token);
    auth_token(csrf);
    auth_sha256(token, hash);
    if (!site_users_session_add(c->store, hash, user_id, csrf, (double)time(NULL), err)) return false;
    http_reply_cookie(c->rp, AUTH_SESSION_COOKIE, token, true, auth_secure(c), AUTH_SESSION_DAYS * 86400L);
    snprintf(c->csrf, sizeof c->csrf, "%s", csrf);
    snprintf(c->session_hash, sizeof c->session_hash, "%s", hash);
    return true;
}

void auth_logout(api_call *c) {
    if (c->session_hash[0]) site_users_session_drop(c->store, c->session_hash, NULL);
    http_reply_cookie(c->rp, AUTH_SESSION_COOKIE, "", true, auth_secure(c), -1);
    c->session_hash[0] = 0;
}

static void auth_keys(api_call *c, const char *name, char user_key[100], char addr_key[100]) {
    char lower[64];
    size_t i = 0;
    for (; name[i] && i < sizeof lower - 1; i++)
        lower[i] = (char)(name[i] >= 'A' && name[i] <= 'Z' ? name[i] + 32 : name[i]);
    lower[i] = 0;
    snprintf(user_key, 100, "name:%s", lower);
    snprintf(addr_key, 100, "addr:%s", c->rq->client);
}

long auth_throttled(api_call *c, const char *name) {
    char uk[100], ak[100];
    auth_keys(c, name, uk, ak);
    double now = (double)time(NULL), oldest = 0;
    long wait = 0;
    int64_t n = site_users_failures(c->store, uk, now - AUTH_WINDOW_S, &oldest, NULL);
    if (n >= AUTH_MAX_PER_NAME) wait = (long)(oldest + AUTH_WINDOW_S - now) + 1;
    n = site_users_failures(c->store, ak, now - AUTH_WINDOW_S, &oldest, NULL);
    if (n >= settings_int(c->srv, "login_failures_per_address")) {
        long w2 = (long)(oldest + AUTH_WINDOW_S - now) + 1;
        if (w2 > wait) wait = w2;
    }
    return wait;
}

void auth_failed(api_call *c, const char *name) {
    char uk[100], ak[100];
    auth_keys(c, name, uk, ak);
    double now = (double)time(NULL);
    site_users_failure_add(c->store, uk, now, NULL);
    site_users_failure_add(c->store, ak, now, NULL);
}

void auth_succeeded(api_call *c, const char *name) {
    char uk[100], ak[100];
    auth_keys(c, name, uk, ak);
    site_users_failures_clear(c->store, uk, NULL);
}
