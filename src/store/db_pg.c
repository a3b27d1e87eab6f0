/* db_pg.c: the PostgreSQL engine of db.h, through libpq. Each statement runs with PQexecParams
 * (the extended protocol: the statement and its parameters travel apart, one round trip), its `?`
 * placeholders numbered $1, $2 ... here; parameters travel as text (blobs as binary) and the server
 * infers their types from the statement. Notices (CREATE ... IF NOT EXISTS) are not printed. */
#include "db_engine.h"
#include "db.h"
#include "db_pg_url.h"
#include "pq_lib.h"
#include "../core/xalloc.h"
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DB_PG_BYTEA_OID 17

typedef struct {
    PGconn *pg;
    bool refused; /* the last reconnection was refused for good (db_pg_login) */
    int fault;    /* the last failed statement's db_fault (db_pg_fault) */
} db_pg_conn;

typedef struct {
    db_pg_conn *c;
    char *sql;        /* with $n placeholders */
    int nholders;     /* placeholders in it */
    PGresult *res;    /* the result of the run, while stepping */
    int row;          /* the current row (-1 before the first) */
    int64_t changes;
    unsigned char *blob; /* the last unescaped bytea */
} db_pg_stmt;

static void db_pg_quiet(void *arg, const char *message) {
    (void)arg, (void)message;
}

static void db_pg_message(buf_t *err, const char *msg) {
    if (!err) return;
    size_t n = strlen(msg);
    while (n && (msg[n - 1] == '\n' || msg[n - 1] == ' ')) n--;
    buf_printf(err, "postgresql: %.*s", (int)n, msg);
}

/* The logins a PostgreSQL server refuses for good, by SQLSTATE, and what to do about each: no
 * wait mends them (a worker retried a mistyped password with backoff for ever). A server starting
 * up (57P03), one with no free connection (53300), one not there: all pass, and are waited for. */
static const char *const db_pg_refusals[][2] = {
    {"28P01", "the password is wrong: fix it in the URL (USER:PASSWORD@), ~/.pgpass or PGPASSWORD"},
    {"28000", "no such role, or the server's pg_hba.conf does not let it in from this machine: check the URL's "
              "user (createuser NAME) and pg_hba.conf"},
    {"3D000", "no such database on that server: create it (createdb -O USER NAME) or fix its name in the URL"},
};

/* The logins libpq itself gives up on for good, by its own message (no SQLSTATE: the server said
 * nothing, or is not asked): the TLS the URL's sslmode demands that the server or its certificate
 * cannot give. A worker with ?sslmode=require retried a server without TLS with backoff for ever.
 * libpq's words in English (a translated libpq, LC_MESSAGES, is waited for as before). */
static const char *const db_pg_client_refusals[][2] = {
    {"server does not support SSL, but SSL was required",
     "the server does not offer TLS: turn ssl on in its postgresql.conf, or drop sslmode=require "
     "(verify-ca, verify-full) from the URL on a network you trust"},
    {"root certificate file", "the CA certificate sslmode=verify-ca/verify-full checks against is missing: put it in "
                              "~/.postgresql/root.crt or name it with sslrootcert= in the URL"},
    {"does not match host name", "the server's certificate names another host: connect by the name it carries, or fix "
                                 "the certificate"},
    {"certificate verify failed", "the server's certificate is not signed by the CA given (sslrootcert=, "
                                  "~/.postgresql/root.crt): give the CA that signed it"},
};

/* Drops from libpq's message of a failed login what PQERRORS_VERBOSE added to it: the SQLSTATE after
 * the severity ("FATAL:  28P01: password ...") and the LOCATION line. The last code found (a list of
 * hosts fails host after host: the last one's is the verdict) goes to code, "" when none. */
static void db_pg_strip_codes(const char *msg, char code[6], buf_t *out) {
    code[0] = 0;
    for (const char *p = msg; *p;) {
        if (strncmp(p, "\nLOCATION:  ", 12) == 0) {
            p += strcspn(p + 1, "\n") + 1; /* the line, not the end of it */
            continue;
        }
        if (strncmp(p, ":  ", 3) == 0 && strspn(p + 3, "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ") == 5 &&
            strncmp(p + 8, ": ", 2) == 0) {
            memcpy(code, p + 3, 5);
            code[5] = 0;
            buf_puts(out, ":  ");
            p += 10;
            continue;
        }
        buf_putc(out, *p++);
    }
}

/* Connects, or reconnects pg (PQreset). libpq keeps the server's error of a failed login to itself
 * (PQgetResult has none, no function gives its fields), but writes its SQLSTATE into the message at
 * PQERRORS_VERBOSE, which it builds as the error arrives: the verbosity is set before the login
 * (PQconnectStart has only resolved the address and begun the TCP connection then; PQreset drops
 * that and logs in, with libpq's own waits, connect_timeout and list of hosts) and set back after
 * it, so a statement's errors read as before. The message of a failure goes to err in the default
 * verbosity's words; *refused says the server refused the login for good (db_pg_refusals, or a
 * password it asks for and none was given), with what to do added. Returns the connection, whatever
 * its PQstatus (NULL: out of memory). */
static PGconn *db_pg_login(const char *target, PGconn *pg, bool *refused, buf_t *err) {
    *refused = false;
    if (!pg) pg = PQconnectStart(target);
    if (!pg) {
        db_pg_message(err, "out of memory");
        return NULL;
    }
    if (PQstatus(pg) != CONNECTION_BAD || target == NULL) { /* (a target libpq cannot parse is BAD at once) */
        PQsetErrorVerbosity(pg, PQERRORS_VERBOSE);
        PQreset(pg);
        PQsetErrorVerbosity(pg, PQERRORS_DEFAULT);
    }
    if (PQstatus(pg) == CONNECTION_OK) return pg;
    char code[6];
    buf_t msg;
    buf_init(&msg);
    db_pg_strip_codes(PQerrorMessage(pg), code, &msg);
    db_pg_message(err, buf_cstr(&msg));
    const char *todo = PQconnectionNeedsPassword(pg)
                           ? "the server asks for a password and none was given: put it in the URL (USER:PASSWORD@), "
                             "~/.pgpass or PGPASSWORD"
                           : NULL;
    for (size_t i = 0; !todo && i < sizeof db_pg_refusals / sizeof db_pg_refusals[0]; i++)
        if (strcmp(code, db_pg_refusals[i][0]) == 0) todo = db_pg_refusals[i][1];
    /* a list of hosts fails host after host, each a "connection to server ..." line: the last decides */
    const char *last = buf_cstr(&msg);
    for (const char *p = last; (p = strstr(p, "connection to server")); p++) last = p;
    for (size_t i = 0; !todo && !code[0] && i < sizeof db_pg_client_refusals / sizeof db_pg_client_refusals[0]; i++)
        if (strstr(last, db_pg_client_refusals[i][0])) todo = db_pg_client_refusals[i][1];
    buf_free(&msg);
    if (todo) {
        *refused = true;
        if (err) buf_printf(err, "; %s", todo);
    }
    return pg;
}

static void *db_pg_open(const char *target, db_mode mode, bool *refused, buf_t *err) {
    (void)mode; /* the database itself is the organizer's to create (createdb); reading writes nothing */
    *refused = false;
    if (!pq_lib_load(err)) return NULL;
    buf_t why;
    buf_init(&why);
    PGconn *pg = db_pg_login(target, NULL, refused, &why);
    if (!pg || PQstatus(pg) != CONNECTION_OK) {
        buf_puts(err, "cannot connect to the PostgreSQL store: ");
        buf_puts(err, buf_cstr(&why));
        buf_free(&why);
        PQfinish(pg);
        return NULL;
    }
    buf_free(&why);
    PQsetNoticeProcessor(pg, db_pg_quiet, NULL);
    db_pg_conn *c = xcalloc(1, sizeof *c);
    c->pg = pg;
    return c;
}

/* A URL libpq cannot parse (a bad %-escape, an unknown or invalid parameter) names no server: no
 * wait makes it valid. (One naming a server that cannot be reached yet may be, later.) */
static bool db_pg_target_ok(const char *target, buf_t *err) { return db_pg_url_check(target, err); }

static void db_pg_close(void *conn) {
    db_pg_conn *c = conn;
    PQfinish(c->pg);
    free(c);
}

/* The errors of a statement no wait mends, by SQLSTATE, and what to do about each: a worker
 * retried them with backoff for ever (a batch worker until its time limit, saying the same line).
 * A role whose rights were revoked, a schema dropped by hand, data the server finds damaged. */
static const char *const db_pg_lasting[][2] = {
    {"42501", "this role may not use the store's tables (its rights revoked?): give it them again (GRANT arena TO "
              "ROLE: docs/scale.md) or use a role that has them; no wait mends that"},
    {"42P01", "a table the store needs is gone (its schema dropped or changed by hand?): restore the store from a "
              "backup or give --db a whole store; no wait brings it back"},
    {"42703", "a column the store needs is gone (its schema changed by hand?): restore the store from a backup or "
              "give --db a whole store; no wait brings it back"},
    {"XX001", "the server found the store's data damaged: see its log, and restore the store from a backup"},
    {"XX002", "the server found an index of the store damaged: see its log (REINDEX mends an index)"},
};

/* The kind of a failed statement's error (db.h's db_fault) by its SQLSTATE, adding to err what to
 * do when it lasts or is the server's lack of room (class 53: its disk or memory full, its
 * connections all taken). The rest may pass: the connection lost (no result), 57P01 the server
 * shutting down, 40001/40P01 a serialization failure or deadlock, a constraint a retry meets no more. */
static int db_pg_fault(const PGresult *r, buf_t *err) {
    const char *code = r ? PQresultErrorField(r, PG_DIAG_SQLSTATE) : NULL;
    if (!code) return DB_FAULT_PASSING;
    for (size_t i = 0; i < sizeof db_pg_lasting / sizeof db_pg_lasting[0]; i++)
        if (strcmp(code, db_pg_lasting[i][0]) == 0) {
            if (err) buf_printf(err, "; %s", db_pg_lasting[i][1]);
            return DB_FAULT_LASTING;
        }
    if (strncmp(code, "53", 2) != 0) return DB_FAULT_PASSING;
    if (err)
        buf_printf(err, "; the PostgreSQL server is out of %s (SQLSTATE %s): free some there",
                   strcmp(code, "53100") == 0 ? "disk space" : strcmp(code, "53200") == 0 ? "memory" : "resources", code);
    return DB_FAULT_ROOM;
}

static bool db_pg_result_ok(db_pg_conn *c, PGresult *r, buf_t *err) {
    ExecStatusType st = r ? PQresultStatus(r) : PGRES_FATAL_ERROR;
    if (st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK) return true;
    db_pg_message(err, r ? PQresultErrorMessage(r) : PQerrorMessage(c->pg));
    c->fault = db_pg_fault(r, err);
    return false;
}

static bool db_pg_exec(void *conn, const char *sql, buf_t *err) {
    db_pg_conn *c = conn;
    PGresult *r = PQexec(c->pg, sql);
    bool ok = db_pg_result_ok(c, r, err);
    PQclear(r);
    return ok;
}

static const char *db_pg_token(const char *name, size_t n) {
    static const char *const map[][2] = {
        {"id", "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"},
        {"blob", "BYTEA"},
        {"now", "(extract(epoch from clock_timestamp())::double precision)"},
        {"skip_locked", "FOR UPDATE SKIP LOCKED"},
        {"for_update", "FOR UPDATE"},
    };
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
        if (strlen(map[i][0]) == n && memcmp(map[i][0], name, n) == 0) return map[i][1];
    return NULL;
}

/* `?` -> `$n`, outside quoted strings and identifiers. */
static char *db_pg_number(const char *sql, int *count) {
    buf_t out;
    buf_init(&out);
    int n = 0;
    char quote = 0;
    for (const char *p = sql; *p; p++) {
        if (quote) {
            if (*p == quote) quote = 0;
            buf_putc(&out, *p);
        } else if (*p == '\'' || *p == '"') {
            quote = *p;
            buf_putc(&out, *p);
        } else if (*p == '?') {
            buf_printf(&out, "$%d", ++n);
        } else {
            buf_putc(&out, *p);
        }
    }
    *count = n;
    return buf_steal(&out);
}

static void *db_pg_prepare(void *conn, const char *sql, buf_t *err) {
    (void)err;
    db_pg_stmt *s = xcalloc(1, sizeof *s);
    s->c = conn;
    s->sql = db_pg_number(sql, &s->nholders);
    s->row = -1;
    return s;
}

static int db_pg_step(void *stmt, const db_value *params, int nparams, buf_t *err) {
    db_pg_stmt *s = stmt;
    if (!s->res) {
        int n = s->nholders > nparams ? s->nholders : nparams;
        const char *values[128] = {0};
        int lengths[128] = {0}, formats[128] = {0};
        char num[128][32];
        if (n > 128) n = 128;
        for (int i = 0; i < n && i < nparams; i++) {
            const db_value *v = &params[i];
            switch (v->kind) {
            case DBV_NULL: values[i] = NULL; break;
            case DBV_INT:
                snprintf(num[i], sizeof num[i], "%lld", (long long)v->i);
                values[i] = num[i];
                break;
            case DBV_DOUBLE:
                snprintf(num[i], sizeof num[i], "%.17g", v->d);
                values[i] = num[i];
                break;
            case DBV_TEXT: values[i] = v->p; break;
            case DBV_BLOB:
                values[i] = v->p;
                lengths[i] = (int)v->n;
                formats[i] = 1;
                break;
            }
        }
        s->res = PQexecParams(s->c->pg, s->sql, n, NULL, values, lengths, formats, 0);
        if (!db_pg_result_ok(s->c, s->res, err)) {
            PQclear(s->res);
            s->res = NULL;
            return DB_ERROR;
        }
        const char *t = PQcmdTuples(s->res);
        s->changes = t && *t ? strtoll(t, NULL, 10) : 0;
        s->row = -1;
    }
    if (++s->row < PQntuples(s->res)) return DB_ROW;
    return DB_DONE;
}

static bool db_pg_column_null(void *stmt, int i) {
    db_pg_stmt *s = stmt;
    return PQgetisnull(s->res, s->row, i);
}
static int64_t db_pg_column_int64(void *stmt, int i) {
    db_pg_stmt *s = stmt;
    return db_pg_column_null(s, i) ? 0 : strtoll(PQgetvalue(s->res, s->row, i), NULL, 10);
}
static double db_pg_column_double(void *stmt, int i) {
    db_pg_stmt *s = stmt;
    return db_pg_column_null(s, i) ? 0 : strtod(PQgetvalue(s->res, s->row, i), NULL);
}
static const char *db_pg_column_text(void *stmt, int i) {
    db_pg_stmt *s = stmt;
    return db_pg_column_null(s, i) ? NULL : PQgetvalue(s->res, s->row, i);
}
static const void *db_pg_column_blob(void *stmt, int i, size_t *n) {
    db_pg_stmt *s = stmt;
    *n = 0;
    if (db_pg_column_null(s, i)) return NULL;
    if (PQftype(s->res, i) != DB_PG_BYTEA_OID) {
        *n = (size_t)PQgetlength(s->res, s->row, i);
        return PQgetvalue(s->res, s->row, i);
    }
    PQfreemem(s->blob);
    s->blob = PQunescapeBytea((const unsigned char *)PQgetvalue(s->res, s->row, i), n);
    return s->blob;
}
static int64_t db_pg_changes(void *stmt) { return ((db_pg_stmt *)stmt)->changes; }

static void db_pg_reset(void *stmt) {
    db_pg_stmt *s = stmt;
    PQclear(s->res);
    s->res = NULL;
    PQfreemem(s->blob);
    s->blob = NULL;
    s->row = -1;
    s->changes = 0;
}

static void db_pg_finalize(void *stmt) {
    db_pg_stmt *s = stmt;
    db_pg_reset(s);
    free(s->sql);
    free(s);
}

/* Between statements the server has nothing to say on the connection; when it goes away (a
 * restart, an administrator's pg_terminate_backend) it says goodbye (a FATAL message) and closes
 * the socket, but libpq only sees that when it next reads, after a statement was sent on a dead
 * connection. So whatever is waiting is read here first (one poll without waiting when nothing
 * is): the end of the stream marks the connection bad before a statement is sent on it. What else
 * can come unasked (a setting's new value after the server reloaded its configuration) is just
 * taken in. */
static bool db_pg_alive(void *conn) {
    db_pg_conn *c = conn;
    for (int i = 0; i < 16 && PQstatus(c->pg) == CONNECTION_OK; i++) {
        struct pollfd p = {.fd = PQsocket(c->pg), .events = POLLIN};
        if (p.fd < 0 || poll(&p, 1, 0) <= 0 || !PQconsumeInput(c->pg)) break;
    }
    return PQstatus(c->pg) == CONNECTION_OK;
}

static bool db_pg_reconnect(void *conn, buf_t *err) {
    db_pg_conn *c = conn;
    db_pg_login(NULL, c->pg, &c->refused, err);
    if (PQstatus(c->pg) == CONNECTION_OK) return true;
    c->fault = DB_FAULT_PASSING; /* (a refusal is db_refused's to tell) */
    return false;
}

static bool db_pg_refused(void *conn) { return ((db_pg_conn *)conn)->refused; }
static int db_pg_fault_of(void *conn) { return ((db_pg_conn *)conn)->fault; }

static bool db_pg_check(void *conn, buf_t *why) { return db_pg_exec(conn, "SELECT 1", why); }

/* pg_catalog, not information_schema.tables: the view is a join of many catalogs checking the
 * privileges on every relation, about a millisecond of the server's time to parse and plan each
 * time a session asked. The same relations: tables, views, foreign and partitioned ones of the
 * current schema. The store asks once per opening (migrate_versions). */
static bool db_pg_has_table(void *conn, const char *table) {
    db_pg_conn *c = conn;
    const char *v[1] = {table};
    PGresult *r = PQexecParams(c->pg,
                               "SELECT 1 FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = "
                               "c.relnamespace WHERE n.nspname = current_schema() AND c.relname = $1 "
                               "AND c.relkind IN ('r', 'v', 'f', 'p')",
                               1, NULL, v, NULL, NULL, 0);
    bool found = r && PQresultStatus(r) == PGRES_TUPLES_OK && PQntuples(r) > 0;
    PQclear(r);
    return found;
}

/* COPY FROM STDIN: the blocks go out as next gives them (PQputCopyData sends each, buffering
 * little), then the end; a block that cannot be had ends the COPY with a failure, so the server
 * keeps nothing of it. */
static bool db_pg_copy_in(void *conn, const char *sql, ssize_t (*next)(void *ctx, const void **data, buf_t *err),
                          void *ctx, buf_t *err) {
    db_pg_conn *c = conn;
    PGresult *r = PQexec(c->pg, sql);
    if (!r || PQresultStatus(r) != PGRES_COPY_IN) {
        if (db_pg_result_ok(c, r, err)) buf_puts(err, "postgresql: not a COPY FROM STDIN");
        PQclear(r);
        return false;
    }
    PQclear(r);
    bool ok = true;
    for (;;) {
        const void *data = NULL;
        ssize_t n = next(ctx, &data, err);
        if (n <= 0) {
            ok = n == 0;
            break;
        }
        if (PQputCopyData(c->pg, data, (int)n) != 1) {
            db_pg_message(err, PQerrorMessage(c->pg));
            ok = false;
            break;
        }
    }
    if (PQputCopyEnd(c->pg, ok ? NULL : "arena: the data to copy could not be read") != 1 && ok) {
        db_pg_message(err, PQerrorMessage(c->pg));
        ok = false;
    }
    while ((r = PQgetResult(c->pg))) { /* the COPY's result, then NULL */
        if (ok && !db_pg_result_ok(c, r, err)) ok = false;
        PQclear(r);
    }
    return ok;
}

const db_engine db_pg_engine = {
    .name = "postgresql",
    .target_ok = db_pg_target_ok,
    .open = db_pg_open,
    .close = db_pg_close,
    .exec = db_pg_exec,
    .token = db_pg_token,
    .prepare = db_pg_prepare,
    .step = db_pg_step,
    .column_null = db_pg_column_null,
    .column_int64 = db_pg_column_int64,
    .column_double = db_pg_column_double,
    .column_text = db_pg_column_text,
    .column_blob = db_pg_column_blob,
    .changes = db_pg_changes,
    .reset = db_pg_reset,
    .finalize = db_pg_finalize,
    .begin_sql = "BEGIN",
    /* 0x6172656e61 = "arena": one lock for every process migrating this database */
    .lock_schema_sql = "SELECT pg_advisory_xact_lock(418581342817)",
    .alive = db_pg_alive,
    .reconnect = db_pg_reconnect,
    .refused = db_pg_refused,
    .fault = db_pg_fault_of,
    .check = db_pg_check,
    .has_table = db_pg_has_table,
    .copy_in = db_pg_copy_in,
};
