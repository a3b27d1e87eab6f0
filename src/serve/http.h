/* http.h: HTTP for `arena serve`, over GNU libmicrohttpd (no hand-written parsing): a daemon with
 * a pool of threads and limits (connections, per-address connections, header memory, time, body
 * size per route, refused from Content-Length before a byte of the body is read; an upload's body
 * written to a file as it arrives, never held whole in memory), requests as one
 * struct (method, path, query, headers, cookies, body, client address), and replies built as a
 * status, a content type, headers and bytes. Routing, sessions and capabilities are above it. */
#ifndef ARENA_HTTP_H
#define ARENA_HTTP_H
#include "../core/buf.h"
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct http_server http_server;

#define HTTP_MAX_IDS 2
#define HTTP_MAX_HEADERS 12

typedef struct {
    struct MHD_Connection *conn;
    const char *method;      /* "GET", "POST" ... */
    const char *path;        /* without the query */
    int64_t id[HTTP_MAX_IDS];/* the {id} segments of the route's pattern, in order */
    int nid;
    const char *body;        /* the request body (NUL-terminated; len bytes); "" when spooled */
    size_t len;
    const char *body_path;   /* a spooled body (a route whose limit asked for it): the file holding
                              * its len bytes, removed after the reply (NULL: none, or in body) */
    char client[64];         /* the client's address (behind a trusted proxy: X-Forwarded-For's last hop) */
} http_req;

typedef struct {
    int status;
    const char *type;        /* Content-Type (default application/json) */
    buf_t body;
    const void *static_data; /* bytes to send instead of body (not copied: must outlive the reply) */
    size_t static_len;
    int file_fd;             /* with send_file: a file to send instead of body, file_len bytes from
                              * its start, straight from the disk (a 200 MiB archive is not read into
                              * memory, nor copied again by the library); the reply closes it */
    uint64_t file_len;
    bool send_file;
    int nheaders;
    char *headers[HTTP_MAX_HEADERS][2]; /* owned */
} http_reply;

typedef struct {
    /* The largest body a request may carry (0: none), decided from its method and path before
     * the body is read; a larger Content-Length is refused with 413 at once, a body without one
     * when it passes the limit (the rest is read and dropped, then 413). *spool (false when
     * called): true to have the body written to a file in spool_dir as it arrives instead of
     * held in memory (uploads: a few at once held whole would take GBs). */
    size_t (*limit)(void *ctx, const char *method, const char *path, bool *spool);
    /* Whether a request to a route that takes a body (limit > 0: an upload, a JSON change) may
     * send it, asked when its headers arrive, before a byte of the body is read (NULL: always):
     * false with the refusal in rp, answered at once (a caller not logged in costs no disk, no
     * memory, no parsing; with Expect: 100-continue the client sends nothing more). rq has no
     * body yet. */
    bool (*admit)(void *ctx, http_req *rq, http_reply *rp);
    /* Handles a complete request: fill the reply. */
    void (*handle)(void *ctx, http_req *rq, http_reply *rp);
    void *ctx;
    int threads;               /* threads answering requests (0: 4) */
    int max_connections;       /* at once (0: 512) */
    int max_per_address;       /* at once from one address (0: 128; behind a proxy: max_connections) */
    int timeout_s;             /* idle connection timeout (0: 30) */
    bool trust_proxy;          /* take the client address from X-Forwarded-For when the peer is loopback */
    const char *spool_dir;     /* where spooled bodies are written (files body-XXXXXX); NULL: none spooled */
} http_options;

/* Starts listening on "ADDR:PORT" ("127.0.0.1:8080", "[::1]:8080", ":8080" every address; port 0:
 * any free port). NULL on failure (err says why). */
http_server *http_start(const char *listen, const http_options *o, buf_t *err);
/* Whether http_start would accept LISTEN's form (it may still fail to bind): checked before anything
 * is created, so a mistyped --listen leaves no store behind. */
bool http_listen_check(const char *listen, buf_t *err);
/* Whether LISTEN (well-formed: http_listen_check) can be bound now: tried with a socket closed at
 * once, before the store is created and the first organizer's password printed, so a port in use
 * stops the start before anything says the site is up (http_start can still lose a race). Port 0
 * is not tried: any free port will do. */
bool http_listen_probe(const char *addr, buf_t *err);
/* The port actually bound. */
int http_port(const http_server *h);
void http_stop(http_server *h);

/* Request accessors (NULL when absent). */
const char *http_query(const http_req *rq, const char *name);
const char *http_header(const http_req *rq, const char *name);
/* Decodes %XX sequences in place (libmicrohttpd's; malformed ones stay as they are); returns the
 * length, which counts decoded NUL bytes (strlen may be shorter). */
size_t http_unescape(char *s);
const char *http_cookie(const http_req *rq, const char *name);

/* Replies. */
void http_reply_header(http_reply *rp, const char *name, const char *value);
/* The reply's body is the open file fd, len bytes from its start (the reply owns fd from here on:
 * it is closed once sent, or when the reply is dropped). */
void http_reply_file(http_reply *rp, int fd, uint64_t len);
/* A Set-Cookie header: Path=/, SameSite=Strict, HttpOnly when http_only, Secure when secure;
 * max_age_s < 0 deletes the cookie. */
void http_reply_cookie(http_reply *rp, const char *name, const char *value, bool http_only, bool secure,
                       long max_age_s);
#endif
