/* db.c: the engine-independent side of db.h: choosing the engine, substituting the portable
 * SQL's tokens, keeping bound parameters, caching prepared statements, transactions. */
#include "db.h"
#include "db_engine.h"
#include "../core/xalloc.h"
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#define DB_MAX_PARAMS 128
#define DB_CACHE_MAX 96 /* statements kept prepared per connection */

struct db_stmt_s {
    db_t *db;
    void *es;            /* the engine's statement */
    char *sql;           /* as written (the cache key) */
    bool in_use;
    bool started;        /* the engine ran it (step was called) */
    int nparams;
    db_value params[DB_MAX_PARAMS];
    struct db_stmt_s *next;
};

struct db_s {
    const db_engine *e;
    void *conn;
    char *target;        /* for messages: the password hidden */
    bool in_tx;
    db_stmt *cache;      /* prepared statements, in use or idle */
    int ncache;
    uint64_t sent;       /* statements sent (db_statements) */
    uint64_t reconnects; /* connections opened again (db_reconnects) */
};

bool db_target_is_postgres(const char *target) {
    return strncmp(target, "postgresql://", 13) == 0 || strncmp(target, "postgres://", 11) == 0;
}

/* postgresql://user:secret@host/db -> postgresql://user:***@host/db, and a password given as a
 * parameter (libpq's ?password=secret, as in docs/scale.md's examples of other parameters) ->
 * ?password=***: both reach messages and logs, the second was shown whole. */
static char *db_hide_password(const char *target) {
    if (!db_target_is_postgres(target)) return xstrdup(target);
    buf_t out;
    buf_init(&out);
    const char *auth = strstr(target, "://") + 3, *query = strchr(auth, '?');
    size_t head = query ? (size_t)(query - target) : strlen(target);
    /* the last '@' before the query ends the user's part (a password may hold an '@') */
    const char *at = NULL;
    for (const char *p = auth; p < target + head; p++)
        if (*p == '@') at = p;
    const char *colon = strchr(auth, ':');
    if (at && colon && colon < at) {
        buf_append(&out, target, (size_t)(colon - target));
        buf_puts(&out, ":***");
        buf_append(&out, at, (size_t)(target + head - at));
    } else {
        buf_append(&out, target, head);
    }
    for (const char *p = query; p && *p;) { /* '?' or '&', then key=value */
        size_t n = 1 + strcspn(p + 1, "&");
        if (strncmp(p + 1, "password=", 9) == 0) {
            buf_append(&out, p, 10);
            buf_puts(&out, "***");
        } else {
            buf_append(&out, p, n);
        }
        p += n;
    }
    return buf_steal(&out);
}

/* Replaces every occurrence of the target's passwords (user:PASSWORD@, ?password=PASSWORD) in
 * err from byte `from` on by ***: libpq quotes the URL whole in some of its messages ("... in URI:
 * \"postgresql://u:secret@[::1\""), which reached the user and the logs as it was. */
static void db_scrub_passwords(const char *target, buf_t *err, size_t from) {
    if (!err || !db_target_is_postgres(target) || err->len <= from) return;
    const char *secret[8];
    size_t n[8];
    int k = 0;
    const char *auth = strstr(target, "://") + 3, *query = strchr(auth, '?');
    const char *end = query ? query : target + strlen(target), *at = NULL, *colon = strchr(auth, ':');
    for (const char *p = auth; p < end; p++)
        if (*p == '@') at = p;
    if (at && colon && colon < at) secret[k] = colon + 1, n[k] = (size_t)(at - colon - 1), k++;
    for (const char *p = query; p && *p && k < 8; p += 1 + strcspn(p + 1, "&"))
        if (strncmp(p + 1, "password=", 9) == 0) secret[k] = p + 10, n[k] = strcspn(p + 10, "&"), k++;
    for (int i = 0; i < k; i++) {
        if (!n[i]) continue;
        buf_t out;
        buf_init(&out);
        buf_append(&out, err->data, from);
        for (const char *p = err->data + from; *p;) {
            if (strncmp(p, secret[i], n[i]) == 0) {
                buf_puts(&out, "***");
                p += n[i];
            } else {
                buf_putc(&out, *p++);
            }
        }
        buf_reset(err);
        buf_append(err, out.data, out.len);
        buf_free(&out);
    }
}

static db_t *db_open_mode(const char *target, db_mode mode, bool *refused, buf_t *err) {
    const db_engine *e = db_target_is_postgres(target) ? &db_pg_engine : &db_sqlite_engine;
    size_t from = err ? err->len : 0;
    bool no = false;
    if (!refused) refused = &no;
    *refused = false;
    /* a URL that can never work (port=abc) is refused as such, not as a server that is down */
    void *conn = !e->target_ok || e->target_ok(target, err) ? e->open(target, mode, refused, err) : NULL;
    if (!conn) {
        db_scrub_passwords(target, err, from);
        return NULL;
    }
    db_t *db = xcalloc(1, sizeof *db);
    db->e = e;
    db->conn = conn;
    db->target = db_hide_password(target);
    return db;
}

db_t *db_open(const char *target, bool create, buf_t *err) {
    return db_open_mode(target, create ? DB_MODE_CREATE : DB_MODE_EXISTING, NULL, err);
}

db_t *db_open_refused(const char *target, bool create, bool *refused, buf_t *err) {
    return db_open_mode(target, create ? DB_MODE_CREATE : DB_MODE_EXISTING, refused, err);
}

db_t *db_open_read(const char *target, buf_t *err) { return db_open_mode(target, DB_MODE_READ, NULL, err); }

bool db_target_valid(const char *target, buf_t *err) {
    const db_engine *e = db_target_is_postgres(target) ? &db_pg_engine : &db_sqlite_engine;
    size_t from = err ? err->len : 0;
    if (!e->target_ok || e->target_ok(target, err)) return true;
    db_scrub_passwords(target, err, from);
    return false;
}

void db_close(db_t *db) {
    if (!db) return;
    if (db->in_tx) db_rollback(db);
    for (db_stmt *s = db->cache, *next; s; s = next) {
        next = s->next;
        db->e->finalize(s->es);
        for (int i = 0; i < s->nparams; i++) free(s->params[i].p);
        free(s->sql);
        free(s);
    }
    db->e->close(db->conn);
    free(db->target);
    free(db);
}

const char *db_engine_name(const db_t *db) { return db->e->name; }
bool db_is_postgres(const db_t *db) { return db->e == &db_pg_engine; }
const char *db_target(const db_t *db) { return db->target; }

/* Replaces every {token} outside string literals by the engine's spelling. */
static char *db_substitute(const db_engine *e, const char *sql, buf_t *err) {
    buf_t out;
    buf_init(&out);
    char quote = 0;
    for (const char *p = sql; *p; p++) {
        if (quote) {
            if (*p == quote) quote = 0;
        } else if (*p == '\'' || *p == '"') {
            quote = *p;
        } else if (*p == '{') {
            const char *close = strchr(p, '}');
            const char *spelled = close ? e->token(p + 1, (size_t)(close - p - 1)) : NULL;
            if (!spelled) {
                buf_printf(err, "%s: unknown token in SQL near \"%.30s\"", e->name, p);
                buf_free(&out);
                return NULL;
            }
            buf_puts(&out, spelled);
            p = close;
            continue;
        }
        buf_putc(&out, *p);
    }
    return buf_steal(&out);
}

/* A PostgreSQL connection dies under the store when the server restarts or an administrator cuts
 * the session; libpq only notices when it next reads from it. Before anything is sent, a connection
 * found dead is opened again (nothing was sent on it, so nothing is lost or done twice), so the
 * first statement after the server is back succeeds. Not inside a transaction: the server has
 * rolled it back, and the statements left of it must not run alone on a new connection, committed
 * one by one; they fail until the caller's db_rollback (or db_commit, which fails) ends it. */
static bool db_ready(db_t *db, buf_t *err) {
    if (db->e->alive(db->conn)) return true;
    if (db->in_tx) {
        buf_puts(err, "the connection to the database was lost in the middle of a transaction (it was rolled back)");
        return false;
    }
    if (!db->e->reconnect(db->conn, err)) return false;
    db->reconnects++;
    return true;
}

bool db_exec(db_t *db, const char *sql, buf_t *err) {
    if (!db_ready(db, err)) return false;
    char *s = db_substitute(db->e, sql, err);
    if (!s) return false;
    db->sent++;
    bool ok = db->e->exec(db->conn, s, err);
    free(s);
    return ok;
}

uint64_t db_statements(const db_t *db) { return db->sent; }
uint64_t db_reconnects(const db_t *db) { return db->reconnects; }
bool db_refused(const db_t *db) { return db->e->refused && db->e->refused(db->conn); }
db_fault db_last_fault(const db_t *db) { return db->e->fault ? (db_fault)db->e->fault(db->conn) : DB_FAULT_NONE; }
bool db_lasting(const db_t *db) { return db_refused(db) || db_last_fault(db) == DB_FAULT_LASTING; }

db_stmt *db_prepare(db_t *db, const char *sql, buf_t *err) {
    for (db_stmt *s = db->cache; s; s = s->next)
        if (!s->in_use && strcmp(s->sql, sql) == 0) {
            s->in_use = true;
            return s;
        }
    char *text = db_substitute(db->e, sql, err);
    if (!text) return NULL;
    void *es = db->e->prepare(db->conn, text, err);
    free(text);
    if (!es) return NULL;
    db_stmt *s = xcalloc(1, sizeof *s);
    s->db = db;
    s->es = es;
    s->sql = xstrdup(sql);
    s->in_use = true;
    if (db->ncache >= DB_CACHE_MAX) { /* drop an idle one: the cache stays bounded */
        for (db_stmt **pp = &db->cache; *pp; pp = &(*pp)->next)
            if (!(*pp)->in_use) {
                db_stmt *old = *pp;
                *pp = old->next;
                db->e->finalize(old->es);
                free(old->sql);
                free(old);
                db->ncache--;
                break;
            }
    }
    s->next = db->cache;
    db->cache = s;
    db->ncache++;
    return s;
}

static db_value *db_param(db_stmt *st, int i) {
    if (i < 1 || i > DB_MAX_PARAMS) abort(); /* a programming error, not input */
    if (i > st->nparams) {
        for (int k = st->nparams; k < i; k++) st->params[k] = (db_value){0};
        st->nparams = i;
    }
    db_value *v = &st->params[i - 1];
    free(v->p);
    *v = (db_value){0};
    return v;
}

void db_bind_int64(db_stmt *st, int i, int64_t x) {
    db_value *v = db_param(st, i);
    v->kind = DBV_INT;
    v->i = x;
}

void db_bind_double(db_stmt *st, int i, double x) {
    db_value *v = db_param(st, i);
    v->kind = DBV_DOUBLE;
    v->d = x;
}

void db_bind_text(db_stmt *st, int i, const char *s) {
    db_value *v = db_param(st, i);
    if (!s) return;
    v->kind = DBV_TEXT;
    v->n = strlen(s);
    v->p = xmalloc(v->n + 1);
    memcpy(v->p, s, v->n + 1);
}

void db_bind_blob(db_stmt *st, int i, const void *data, size_t n) {
    db_value *v = db_param(st, i);
    v->kind = DBV_BLOB;
    v->n = n;
    v->p = xmalloc(n ? n : 1);
    if (n) memcpy(v->p, data, n);
}

void db_bind_null(db_stmt *st, int i) { db_param(st, i); }

/* The statement only reads: it starts with SELECT (a WITH may hide a write; FOR UPDATE only locks). */
static bool db_reads_only(const char *sql) {
    while (*sql == ' ' || *sql == '\n' || *sql == '\t' || *sql == '(') sql++;
    return strncasecmp(sql, "SELECT", 6) == 0 && !isalnum((unsigned char)sql[6]) && sql[6] != '_';
}

int db_step(db_stmt *st, buf_t *err) {
    db_t *db = st->db;
    bool first = !st->started;
    st->started = true;
    size_t mark = err ? err->len : 0;
    if (first && !db_ready(db, err)) return DB_ERROR;
    if (first) db->sent++;
    int rc = db->e->step(st->es, st->params, st->nparams, err);
    /* The connection died while the statement ran (the server went away between the check above
     * and the reply, or a network cut). Whether the statement took effect is unknown: a write may
     * have committed just before the connection was cut (autocommit), so it is never run again; its
     * caller sees the error and the next statement reconnects (db_ready). A lone read changed
     * nothing, so it runs once more on a new connection (the engines keep no server-side prepared
     * statements to make again: PostgreSQL's sends its text with each run). Not inside a
     * transaction: the server rolled it back, and a read retried outside it would answer from
     * outside the transaction. */
    if (rc == DB_ERROR && first && !db->in_tx && !db->e->alive(db->conn) && db_reads_only(st->sql)) {
        buf_t why;
        buf_init(&why);
        if (db->e->reconnect(db->conn, &why)) {
            if (err) {
                err->len = mark;
                if (err->data) err->data[mark] = '\0';
            }
            rc = db->e->step(st->es, st->params, st->nparams, err);
        } else if (db_refused(db) && err) {
            /* the reason no wait mends (a caller stops on db_refused): said, not only the cut */
            buf_printf(err, "; connecting again: %s", buf_cstr(&why));
        }
        buf_free(&why);
    }
    if (rc == DB_ERROR && err && err->len > mark) {
        /* The statement in the message: which of many failed is the first question asked. */
        const char *sql = st->sql;
        while (*sql == ' ') sql++;
        buf_printf(err, " (in: %.60s%s)", sql, strlen(sql) > 60 ? "..." : "");
    }
    return rc;
}

bool db_column_null(db_stmt *st, int i) { return st->db->e->column_null(st->es, i); }
int64_t db_column_int64(db_stmt *st, int i) { return st->db->e->column_int64(st->es, i); }
int db_column_int(db_stmt *st, int i) {
    int64_t v = st->db->e->column_int64(st->es, i);
    return v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? INT32_MIN : (int)v;
}
double db_column_double(db_stmt *st, int i) { return st->db->e->column_double(st->es, i); }
const char *db_column_text(db_stmt *st, int i) { return st->db->e->column_text(st->es, i); }
const void *db_column_blob(db_stmt *st, int i, size_t *n) { return st->db->e->column_blob(st->es, i, n); }
int64_t db_changes(db_stmt *st) { return st->db->e->changes(st->es); }

void db_finalize(db_stmt *st) {
    if (!st) return;
    st->db->e->reset(st->es);
    for (int i = 0; i < st->nparams; i++) {
        free(st->params[i].p);
        st->params[i] = (db_value){0};
    }
    st->nparams = 0;
    st->started = false;
    st->in_use = false;
}

static void db_bind_va(db_stmt *st, const char *types, va_list ap) {
    for (int i = 0; types[i]; i++) {
        switch (types[i]) {
        case 'i': db_bind_int64(st, i + 1, va_arg(ap, int64_t)); break;
        case 'n': db_bind_int64(st, i + 1, va_arg(ap, int)); break;
        case 'd': db_bind_double(st, i + 1, va_arg(ap, double)); break;
        case 't': db_bind_text(st, i + 1, va_arg(ap, const char *)); break;
        case 'b': {
            const void *p = va_arg(ap, const void *);
            size_t n = va_arg(ap, size_t);
            db_bind_blob(st, i + 1, p, n);
            break;
        }
        default: abort(); /* a programming error */
        }
    }
}

static db_stmt *db_vquery(db_t *db, buf_t *err, const char *sql, const char *types, va_list ap) {
    db_stmt *st = db_prepare(db, sql, err);
    if (st) db_bind_va(st, types, ap);
    return st;
}

db_stmt *db_query(db_t *db, buf_t *err, const char *sql, const char *types, ...) {
    va_list ap;
    va_start(ap, types);
    db_stmt *st = db_vquery(db, err, sql, types, ap);
    va_end(ap);
    return st;
}

bool db_do(db_t *db, buf_t *err, int64_t *changes, const char *sql, const char *types, ...) {
    va_list ap;
    va_start(ap, types);
    db_stmt *st = db_vquery(db, err, sql, types, ap);
    va_end(ap);
    if (!st) return false;
    int rc;
    while ((rc = db_step(st, err)) == DB_ROW) {
    }
    if (changes) *changes = rc == DB_DONE ? db_changes(st) : 0;
    db_finalize(st);
    return rc == DB_DONE;
}

int db_get_int64(db_t *db, buf_t *err, int64_t *out, const char *sql, const char *types, ...) {
    va_list ap;
    va_start(ap, types);
    db_stmt *st = db_vquery(db, err, sql, types, ap);
    va_end(ap);
    if (!st) return -1;
    int rc = db_step(st, err);
    if (rc == DB_ROW) *out = db_column_int64(st, 0);
    db_finalize(st);
    return rc == DB_ROW ? 1 : rc == DB_DONE ? 0 : -1;
}

bool db_begin(db_t *db, buf_t *err) {
    if (!db_ready(db, err)) return false;
    db->sent++;
    if (!db->e->exec(db->conn, db->e->begin_sql, err)) return false;
    db->in_tx = true;
    return true;
}

bool db_commit(db_t *db, buf_t *err) {
    db->in_tx = false;
    db->sent++;
    if (db->e->exec(db->conn, "COMMIT", err)) return true;
    db_rollback(db); /* a failed COMMIT can leave the transaction open (SQLite: SQLITE_BUSY) */
    return false;
}

void db_rollback(db_t *db) {
    db->in_tx = false;
    db->sent++;
    db->e->exec(db->conn, "ROLLBACK", NULL);
}

bool db_in_transaction(const db_t *db) { return db->in_tx; }

bool db_alive(db_t *db) { return db->e->alive(db->conn); }

bool db_check(db_t *db, buf_t *why) { return db_ready(db, why) && db->e->check(db->conn, why); }

bool db_lock_schema(db_t *db, buf_t *err) {
    return !db->e->lock_schema_sql[0] || db->e->exec(db->conn, db->e->lock_schema_sql, err);
}

bool db_copy_in(db_t *db, const char *sql, db_copy_fn next, void *ctx, buf_t *err) {
    if (!db->e->copy_in) {
        buf_printf(err, "%s has no COPY", db->e->name);
        return false;
    }
    db->sent++;
    return db_ready(db, err) && db->e->copy_in(db->conn, sql, next, ctx, err);
}

bool db_has_table(db_t *db, const char *table) { return db_ready(db, NULL) && db->e->has_table(db->conn, table); }

void db_now_utc(char out[32]) {
    time_t t = time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(out, 32, "%Y-%m-%dT%H:%M:%SZ", &tm);
}
