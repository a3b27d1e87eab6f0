/* db_pg_url.c: a PostgreSQL connection URL checked before connecting (see db_pg_url.h). */
#include "db_pg_url.h"
#include "pq_lib.h"
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <netdb.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>

/* libpq's parse_int_param: an int, blanks around it allowed. */
static bool db_pg_url_int(const char *v, long *out) {
    char *end;
    errno = 0;
    long n = strtol(v, &end, 10);
    if (end == v || errno || n != (int)n) return false;
    while (*end && isspace((unsigned char)*end)) end++;
    if (out) *out = n;
    return *end == 0;
}

/* The comma-separated entries of a list value (host, hostaddr, port), the empty ones too. */
static int db_pg_url_count(const char *v) {
    int n = 1;
    for (const char *p = v; *p; p++) n += *p == ',';
    return n;
}

/* The next entry of a list value at *p (copied into item), *p moved past it; false at the end. */
static bool db_pg_url_next(const char **p, char *item, size_t size) {
    if (!*p) return false;
    size_t n = strcspn(*p, ",");
    snprintf(item, size, "%.*s", (int)n, *p);
    *p = (*p)[n] ? *p + n + 1 : NULL;
    return true;
}

/* The values libpq (15 to 18: fe-connect.c's connectOptions2) takes for a parameter it checks as
 * an enumeration; the first entry is the parameter. A keyword this libpq does not know never
 * reaches here: PQconninfoParse refuses it. */
static const char *const db_pg_url_enums[][8] = {
    {"sslmode", "disable", "allow", "prefer", "require", "verify-ca", "verify-full", NULL},
    {"gssencmode", "disable", "prefer", "require", NULL},
    {"channel_binding", "disable", "prefer", "require", NULL},
    {"target_session_attrs", "any", "read-write", "read-only", "primary", "standby", "prefer-standby", NULL},
    {"load_balance_hosts", "disable", "random", NULL},
    {"sslnegotiation", "postgres", "direct", NULL},
    {"sslcertmode", "disable", "allow", "require", NULL},
};

/* The integers libpq reads when it connects (connect_timeout, the TCP keepalive settings). */
static const char *const db_pg_url_ints[] = {"connect_timeout", "keepalives",        "keepalives_idle", "keepalives_interval",
                                             "keepalives_count", "tcp_user_timeout", NULL};

static bool db_pg_url_bad(buf_t *err, const char *key, const char *val, const char *takes) {
    buf_printf(err, "not a PostgreSQL connection URL (invalid %s value: \"%s\"; libpq takes %s)", key, val, takes);
    return false;
}

static bool db_pg_url_enum(const PQconninfoOption *o, buf_t *err) {
    for (size_t k = 0; k < sizeof db_pg_url_enums / sizeof db_pg_url_enums[0]; k++) {
        const char *const *e = db_pg_url_enums[k];
        if (strcmp(o->keyword, e[0]) != 0) continue;
        for (int v = 1; e[v]; v++)
            if (strcmp(o->val, e[v]) == 0) return true;
        buf_t takes;
        buf_init(&takes);
        for (int v = 1; e[v]; v++) buf_printf(&takes, "%s%s", v > 1 ? ", " : "", e[v]);
        db_pg_url_bad(err, o->keyword, o->val, buf_cstr(&takes));
        buf_free(&takes);
        return false;
    }
    return true;
}

/* ssl_min_protocol_version, ssl_max_protocol_version: libpq compares them ignoring case. */
static bool db_pg_url_tls(const PQconninfoOption *o, buf_t *err) {
    static const char *const versions[] = {"TLSv1", "TLSv1.1", "TLSv1.2", "TLSv1.3"};
    for (size_t i = 0; i < sizeof versions / sizeof versions[0]; i++)
        if (strcasecmp(o->val, versions[i]) == 0) return true;
    return db_pg_url_bad(err, o->keyword, o->val, "TLSv1, TLSv1.1, TLSv1.2, TLSv1.3");
}

/* require_auth (libpq 16 and later): methods separated by commas, all of them or none negated
 * with '!', each once. */
static bool db_pg_url_auth(const PQconninfoOption *o, buf_t *err) {
    const char *methods[] = {"password", "md5", "gss", "sspi", "scram-sha-256", "none", "oauth"};
    int nmethods = PQlibVersion() >= 180000 ? 7 : 6; /* oauth came with libpq 18 */
    const char *takes = nmethods == 7 ? "password, md5, gss, sspi, scram-sha-256, oauth or none, separated by commas, "
                                        "all or none of them negated with '!'"
                                      : "password, md5, gss, sspi, scram-sha-256 or none, separated by commas, all "
                                        "or none of them negated with '!'";
    char item[64];
    int negated = -1;
    unsigned seen = 0;
    for (const char *p = o->val; db_pg_url_next(&p, item, sizeof item);) {
        const char *m = item + (item[0] == '!');
        int i = 0;
        while (i < nmethods && strcmp(m, methods[i]) != 0) i++;
        if (i == nmethods || (seen & 1u << i) || (negated >= 0 && negated != (item[0] == '!')))
            return db_pg_url_bad(err, o->keyword, o->val, takes);
        seen |= 1u << i;
        negated = item[0] == '!';
    }
    return true;
}

/* hostaddr: numeric addresses only (libpq does not look names up for it). */
static bool db_pg_url_addrs(const PQconninfoOption *o, buf_t *err) {
    char item[128];
    for (const char *p = o->val; db_pg_url_next(&p, item, sizeof item);) {
        if (!*item) continue;
        struct addrinfo hints = {.ai_flags = AI_NUMERICHOST, .ai_family = AF_UNSPEC}, *res = NULL;
        if (getaddrinfo(item, NULL, &hints, &res) != 0)
            return db_pg_url_bad(err, o->keyword, o->val, "numeric IPv4 or IPv6 addresses, separated by commas");
        freeaddrinfo(res);
    }
    return true;
}

static bool db_pg_url_ports(const PQconninfoOption *o, int nhosts, buf_t *err) {
    char item[64];
    long n;
    for (const char *p = o->val; db_pg_url_next(&p, item, sizeof item);)
        if (*item && (!db_pg_url_int(item, &n) || n < 1 || n > 65535))
            return db_pg_url_bad(err, "port", o->val, "a number from 1 to 65535, or one per host separated by commas");
    int nports = db_pg_url_count(o->val);
    if (nports > 1 && nports != nhosts) {
        buf_printf(err, "not a PostgreSQL connection URL (%d ports for %d hosts: give one port, or one per host)",
                   nports, nhosts);
        return false;
    }
    return true;
}

/* libpq ends a URL's USER:PASSWORD@ at its first '@' or '/': a password with an '@' or a '/' in it,
 * written as it is (p@ss), put the rest of it into the host, port or database name, and the URL
 * failed as a host that cannot be found (a worker waited for it, for ever) or a port that is no
 * number, libpq's message showing that piece of the password. An '@' after the first '/' or a
 * second '@' before the query is such a URL (a database name with an '@' is written %40 too). */
static bool db_pg_url_one_at(const char *target, buf_t *err) {
    const char *p = strstr(target, "://");
    if (!p) return true;
    p += 3;
    size_t end = strcspn(p, "?"), slash = strcspn(p, "/?");
    const char *at = memchr(p, '@', end);
    if (!at || ((size_t)(at - p) < slash && !memchr(at + 1, '@', end - (size_t)(at + 1 - p)))) return true;
    buf_printf(err, "not a PostgreSQL connection URL (an '@' or '/' in its user name, password or database "
                    "name: write '@' as %%40 and '/' as %%2F there, e.g. postgresql://arena:p%%40ss@db.lab/arena)");
    return false;
}

static bool db_pg_url_check_into(const char *target, buf_t *err) {
    if (!pq_lib_load(err)) return false;
    if (!db_pg_url_one_at(target, err)) return false;
    char *why = NULL;
    PQconninfoOption *opts = PQconninfoParse(target, &why);
    if (!opts) { /* a bad %-escape, an unknown parameter: libpq's own words, its first line */
        size_t n = why ? strcspn(why, "\n") : 0;
        buf_printf(err, "not a PostgreSQL connection URL (%.*s)", (int)n, why ? why : "out of memory");
        if (why) PQfreemem(why);
        return false;
    }
    /* PQconninfoParse takes any value; libpq checks these only when it connects, so a URL with
     * sslmode=bogus or port=abc was retried for ever as if its server were down, then refused in
     * libpq's words. An empty value is libpq's default. */
    const char *host = "", *hostaddr = "";
    for (PQconninfoOption *o = opts; o->keyword; o++) {
        if (o->val && strcmp(o->keyword, "host") == 0) host = o->val;
        if (o->val && strcmp(o->keyword, "hostaddr") == 0) hostaddr = o->val;
    }
    int nhosts = db_pg_url_count(*host ? host : hostaddr);
    bool ok = true;
    if (*host && *hostaddr && db_pg_url_count(hostaddr) != nhosts) {
        buf_printf(err, "not a PostgreSQL connection URL (%d host names for %d hostaddr values: give as many of each)",
                   nhosts, db_pg_url_count(hostaddr));
        ok = false;
    }
    for (PQconninfoOption *o = opts; ok && o->keyword; o++) {
        if (!o->val || !*o->val) continue;
        const char *k = o->keyword;
        ok = db_pg_url_enum(o, err);
        if (!ok) break;
        for (int i = 0; db_pg_url_ints[i]; i++)
            if (strcmp(k, db_pg_url_ints[i]) == 0 && !db_pg_url_int(o->val, NULL))
                ok = db_pg_url_bad(err, k, o->val, "an integer");
        if (!ok) break;
        if (strcmp(k, "port") == 0) ok = db_pg_url_ports(o, nhosts, err);
        else if (strcmp(k, "hostaddr") == 0) ok = db_pg_url_addrs(o, err);
        else if (strcmp(k, "require_auth") == 0) ok = db_pg_url_auth(o, err);
        else if (strcmp(k, "ssl_min_protocol_version") == 0 || strcmp(k, "ssl_max_protocol_version") == 0)
            ok = db_pg_url_tls(o, err);
    }
    PQconninfoFree(opts);
    return ok;
}

bool db_pg_url_check(const char *target, buf_t *err) {
    buf_t none; /* the caller wants no reason */
    buf_init(&none);
    bool ok = db_pg_url_check_into(target, err ? err : &none);
    buf_free(&none);
    return ok;
}
