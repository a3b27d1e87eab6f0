/* http.c: the HTTP daemon over libmicrohttpd (see http.h). */
#include "http.h"
#include "mhd_lib.h"
#include "../core/xalloc.h"
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

struct http_server {
    struct MHD_Daemon *d;
    http_options o;
    int port;
};

/* One request being received: created when its headers arrive, freed when it completes. */
typedef struct {
    size_t max_body;
    size_t got;    /* body bytes received */
    buf_t body;
    bool replied;  /* refused before its body was read */
    bool too_big;  /* a body without Content-Length grew past the limit */
    bool spool;    /* the body goes to a file (fd, path) */
    int fd;        /* the spool file, -1 until the first byte */
    int werr;      /* errno of a failed write to it (0: none) */
    char path[PATH_MAX];
} http_pending;

/* Drops a spooled body's file. */
static void http_unspool(http_pending *p) {
    if (p->fd < 0) return;
    close(p->fd);
    unlink(p->path);
    p->fd = -1;
}

/* Appends a piece of a spooled body to its file (made at the first piece); false (p->werr) when
 * it cannot be written: a full disk answers the upload with an error, not a server gone. */
static bool http_spool(const http_server *h, http_pending *p, const char *data, size_t n) {
    if (p->fd < 0) {
        if (!h->o.spool_dir || snprintf(p->path, sizeof p->path, "%s/body-XXXXXX", h->o.spool_dir) >= (int)sizeof p->path) {
            p->werr = ENAMETOOLONG;
            return false;
        }
        p->fd = mkostemp(p->path, O_CLOEXEC);
        if (p->fd < 0) {
            p->werr = errno;
            return false;
        }
    }
    while (n > 0) {
        ssize_t w = write(p->fd, data, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) {
            p->werr = w < 0 ? errno : ENOSPC;
            http_unspool(p);
            return false;
        }
        data += w;
        n -= (size_t)w;
    }
    return true;
}

static void http_free_reply(http_reply *rp) {
    buf_free(&rp->body);
    if (rp->send_file && rp->file_fd >= 0) close(rp->file_fd);
    rp->send_file = false;
    for (int i = 0; i < rp->nheaders; i++) {
        free(rp->headers[i][0]);
        free(rp->headers[i][1]);
    }
}

void http_reply_header(http_reply *rp, const char *name, const char *value) {
    if (rp->nheaders >= HTTP_MAX_HEADERS) return;
    rp->headers[rp->nheaders][0] = xstrdup(name);
    rp->headers[rp->nheaders][1] = xstrdup(value);
    rp->nheaders++;
}

void http_reply_file(http_reply *rp, int fd, uint64_t len) {
    if (rp->send_file && rp->file_fd >= 0 && rp->file_fd != fd) close(rp->file_fd);
    rp->file_fd = fd;
    rp->file_len = len;
    rp->send_file = true;
}

void http_reply_cookie(http_reply *rp, const char *name, const char *value, bool http_only, bool secure,
                       long max_age_s) {
    char v[512];
    snprintf(v, sizeof v, "%s=%s; Path=/; SameSite=Strict%s%s; Max-Age=%ld", name, max_age_s < 0 ? "" : value,
             http_only ? "; HttpOnly" : "", secure ? "; Secure" : "", max_age_s < 0 ? 0 : max_age_s);
    http_reply_header(rp, "Set-Cookie", v);
}

static enum MHD_Result http_send(struct MHD_Connection *c, http_reply *rp) {
    struct MHD_Response *r;
    if (rp->send_file) {
        r = MHD_create_response_from_fd64(rp->file_len, rp->file_fd);
        if (r) rp->file_fd = -1; /* the response closes it when destroyed */
    } else if (rp->static_data)
        r = MHD_create_response_from_buffer(rp->static_len, (void *)rp->static_data, MHD_RESPMEM_PERSISTENT);
    else
        r = MHD_create_response_from_buffer(rp->body.len, rp->body.len ? rp->body.data : (void *)"", MHD_RESPMEM_MUST_COPY);
    if (!r) return MHD_NO;
    MHD_add_response_header(r, "Content-Type", rp->type ? rp->type : "application/json; charset=utf-8");
    /* Every reply: no sniffing a type, no framing, no referrer to other sites, scripts only from here. */
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(r, "X-Frame-Options", "DENY");
    MHD_add_response_header(r, "Referrer-Policy", "same-origin");
    MHD_add_response_header(r, "Content-Security-Policy",
                            "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; "
                            "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'");
    bool cache_set = false;
    for (int i = 0; i < rp->nheaders; i++) {
        MHD_add_response_header(r, rp->headers[i][0], rp->headers[i][1]);
        if (strcasecmp(rp->headers[i][0], "Cache-Control") == 0) cache_set = true;
    }
    if (!cache_set) MHD_add_response_header(r, "Cache-Control", "no-store");
    enum MHD_Result ok = MHD_queue_response(c, (unsigned)(rp->status ? rp->status : 200), r);
    MHD_destroy_response(r);
    return ok;
}

static enum MHD_Result http_refuse(struct MHD_Connection *c, int status, const char *msg) {
    http_reply rp = {.status = status};
    buf_init(&rp.body);
    buf_printf(&rp.body, "{\"error\":\"%s\"}", msg);
    http_reply_header(&rp, "Connection", "close");
    enum MHD_Result ok = http_send(c, &rp);
    http_free_reply(&rp);
    return ok;
}

/* A 413's words: the limit the body passed, in units a person reads (an upload's is MiB). */
static enum MHD_Result http_refuse_size(struct MHD_Connection *c, size_t max) {
    char msg[160];
    if (!max) return http_refuse(c, 413, "this endpoint takes no request body");
    if (max >= (1u << 20) && max % (1u << 20) == 0)
        snprintf(msg, sizeof msg, "the request body is over this endpoint's size limit of %zu MiB", max >> 20);
    else snprintf(msg, sizeof msg, "the request body is over this endpoint's size limit of %zu bytes", max);
    return http_refuse(c, 413, msg);
}

static void http_client(const http_server *h, struct MHD_Connection *c, char *out, size_t n) {
    snprintf(out, n, "?");
    const union MHD_ConnectionInfo *ci = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    bool loopback = false;
    if (ci && ci->client_addr) {
        const struct sockaddr *sa = ci->client_addr;
        if (sa->sa_family == AF_INET) {
            const struct sockaddr_in *in = (const void *)sa;
            inet_ntop(AF_INET, &in->sin_addr, out, (socklen_t)n);
            loopback = (ntohl(in->sin_addr.s_addr) >> 24) == 127;
        } else if (sa->sa_family == AF_INET6) {
            const struct sockaddr_in6 *in6 = (const void *)sa;
            inet_ntop(AF_INET6, &in6->sin6_addr, out, (socklen_t)n);
            loopback = IN6_IS_ADDR_LOOPBACK(&in6->sin6_addr);
        }
    }
    /* Behind a reverse proxy on this machine, the client is the proxy's last hop (the address the
     * proxy itself saw, appended last); earlier entries are whatever the client claimed. */
    if (h->o.trust_proxy && loopback) {
        const char *xff = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "X-Forwarded-For");
        if (xff && *xff) {
            const char *last = strrchr(xff, ',');
            last = last ? last + 1 : xff;
            while (*last == ' ') last++;
            size_t len = strcspn(last, " ");
            if (len > 0 && len < n && strspn(last, "0123456789abcdefABCDEF.:") >= len) {
                memcpy(out, last, len);
                out[len] = 0;
            }
        }
    }
}

/* Asks whether a body may come, its headers in and none of it read: a refusal goes out at once
 * (the connection closed after it: the body, if sent anyway, is not read). */
static enum MHD_Result http_admit(http_server *h, struct MHD_Connection *c, const char *url, const char *method,
                                  http_pending *p) {
    http_req rq;
    memset(&rq, 0, sizeof rq);
    rq.conn = c;
    rq.method = method;
    rq.path = url;
    rq.body = "";
    http_client(h, c, rq.client, sizeof rq.client);
    http_reply rp = {.status = 200};
    buf_init(&rp.body);
    enum MHD_Result ok = MHD_YES;
    if (!h->o.admit(h->o.ctx, &rq, &rp)) {
        p->replied = true;
        http_reply_header(&rp, "Connection", "close");
        ok = http_send(c, &rp);
    }
    http_free_reply(&rp);
    return ok;
}

static enum MHD_Result http_access(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                                   const char *version, const char *upload_data, size_t *upload_data_size,
                                   void **con_cls) {
    (void)version;
    http_server *h = cls;
    http_pending *p = *con_cls;
    if (!p) { /* the headers are in: decide about the body before reading any of it */
        p = xcalloc(1, sizeof *p);
        buf_init(&p->body);
        p->fd = -1;
        *con_cls = p;
        p->max_body = h->o.limit(h->o.ctx, method, url, &p->spool);
        const char *cl = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
        if (cl) {
            char *end;
            unsigned long long n = strtoull(cl, &end, 10);
            if (*end || n > p->max_body) {
                p->replied = true;
                return http_refuse_size(c, p->max_body);
            }
        }
        /* a route that takes a body (an upload, or a small JSON one) checks its caller now: a
         * refused request costs no reading, parsing or spooling of its body */
        if (p->max_body > 0 && h->o.admit) return http_admit(h, c, url, method, p);
        return MHD_YES;
    }
    if (*upload_data_size) {
        size_t n = *upload_data_size;
        /* past the limit or a failed write: the rest is dropped as it comes (MHD takes a reply
         * only once the body is in), nothing of it kept */
        if (!p->replied && !p->too_big && !p->werr) {
            if (n > p->max_body - p->got) {
                p->too_big = true;
                http_unspool(p);
                buf_free(&p->body);
            } else if (p->spool) {
                if (http_spool(h, p, upload_data, n)) p->got += n;
            } else {
                buf_append(&p->body, upload_data, n);
                p->got += n;
            }
        }
        *upload_data_size = 0;
        return MHD_YES;
    }
    if (p->replied) return MHD_YES;
    if (p->too_big) return http_refuse_size(c, p->max_body);
    if (p->werr) {
        char msg[200];
        snprintf(msg, sizeof msg, "the server cannot keep the request body (%s); try again later", strerror(p->werr));
        return http_refuse(c, p->werr == ENOSPC ? 507 : 500, msg);
    }
    http_req rq;
    memset(&rq, 0, sizeof rq);
    rq.conn = c;
    rq.method = method;
    rq.path = url;
    rq.body = buf_cstr(&p->body);
    rq.len = p->got;
    rq.body_path = p->fd >= 0 ? p->path : NULL;
    http_client(h, c, rq.client, sizeof rq.client);
    http_reply rp = {.status = 200};
    buf_init(&rp.body);
    h->o.handle(h->o.ctx, &rq, &rp);
    /* the body is used: its file goes before the reply does (not when the connection's request is
     * completed, after the client may already have the answer and look) */
    http_unspool(p);
    enum MHD_Result ok = http_send(c, &rp);
    http_free_reply(&rp);
    return ok;
}

static void http_completed(void *cls, struct MHD_Connection *c, void **con_cls, enum MHD_RequestTerminationCode toe) {
    (void)cls;
    (void)c;
    (void)toe;
    http_pending *p = *con_cls;
    if (!p) return;
    http_unspool(p);
    buf_free(&p->body);
    free(p);
    *con_cls = NULL;
}

static bool http_parse_listen(const char *listen, struct sockaddr_storage *ss, socklen_t *len, buf_t *err) {
    memset(ss, 0, sizeof *ss);
    const char *colon = strrchr(listen, ':');
    if (!colon) {
        buf_printf(err, "--listen %s: expected ADDR:PORT (127.0.0.1:8080, [::1]:8080, :8080)", listen);
        return false;
    }
    char *end;
    long port = strtol(colon + 1, &end, 10);
    if (*end || end == colon + 1 || port < 0 || port > 65535) {
        buf_printf(err, "--listen %s: the port must be 0 to 65535", listen);
        return false;
    }
    char host[128];
    size_t hn = (size_t)(colon - listen);
    if (hn >= sizeof host) hn = sizeof host - 1;
    memcpy(host, listen, hn);
    host[hn] = 0;
    if (host[0] == '[') { /* [v6] */
        size_t l = strlen(host);
        if (l < 2 || host[l - 1] != ']') {
            buf_printf(err, "--listen %s: an IPv6 address goes in brackets", listen);
            return false;
        }
        host[l - 1] = 0;
        struct sockaddr_in6 *in6 = (void *)ss;
        in6->sin6_family = AF_INET6;
        in6->sin6_port = htons((uint16_t)port);
        if (inet_pton(AF_INET6, host + 1, &in6->sin6_addr) != 1) {
            buf_printf(err, "--listen %s: not an IPv6 address", listen);
            return false;
        }
        *len = sizeof *in6;
        return true;
    }
    struct sockaddr_in *in = (void *)ss;
    in->sin_family = AF_INET;
    in->sin_port = htons((uint16_t)port);
    if (!host[0] || strcmp(host, "*") == 0) in->sin_addr.s_addr = htonl(INADDR_ANY);
    else if (strcmp(host, "localhost") == 0) in->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    else if (inet_pton(AF_INET, host, &in->sin_addr) != 1) {
        buf_printf(err, "--listen %s: '%s' is not an IPv4 address", listen, host);
        return false;
    }
    *len = sizeof *in;
    return true;
}

bool http_listen_check(const char *listen, buf_t *err) {
    struct sockaddr_storage ss;
    socklen_t sl;
    return http_parse_listen(listen, &ss, &sl, err);
}

bool http_listen_probe(const char *addr, buf_t *err) {
    struct sockaddr_storage ss;
    socklen_t sl;
    if (!http_parse_listen(addr, &ss, &sl, err)) return false;
    bool v6 = ss.ss_family == AF_INET6;
    if ((v6 ? ((struct sockaddr_in6 *)&ss)->sin6_port : ((struct sockaddr_in *)&ss)->sin_port) == 0) return true;
    int fd = socket(ss.ss_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) { /* LCOV_EXCL_START: out of descriptors, or no IPv6 in this kernel */
        buf_printf(err, "cannot listen on %s: %s", addr, strerror(errno));
        return false;
    } /* LCOV_EXCL_STOP */
    int one = 1; /* as MHD binds: a port left in TIME_WAIT by the last run is free */
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (v6) setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &one, sizeof one);
    bool ok = bind(fd, (struct sockaddr *)&ss, sl) == 0 && listen(fd, 1) == 0;
    int e = errno;
    close(fd);
    if (ok) return true;
    if (e == EADDRINUSE)
        buf_printf(err, "cannot listen on %s: the port is in use (stop what listens there, or give another "
                        "--listen ADDR:PORT); nothing was started", addr);
    else
        buf_printf(err, "cannot listen on %s: %s (give --listen an address of this machine, and a port over 1023 "
                        "unless run as root); nothing was started", addr, strerror(e));
    return false;
}

http_server *http_start(const char *listen, const http_options *o, buf_t *err) {
    struct sockaddr_storage ss;
    socklen_t sl;
    if (!http_parse_listen(listen, &ss, &sl, err)) return NULL;
    if (!mhd_lib_load(err)) return NULL;
    http_server *h = xcalloc(1, sizeof *h);
    h->o = *o;
    if (h->o.threads <= 0) h->o.threads = 4;
    if (h->o.max_connections <= 0) h->o.max_connections = 512;
    if (h->o.max_per_address <= 0) h->o.max_per_address = 128;
    /* behind a proxy every connection comes from the proxy's one address: a limit per address was
     * the whole site's (the 129th connection at once, a class uploading near the deadline, was
     * closed unanswered); the proxy keeps the clients' limit there */
    if (h->o.trust_proxy) h->o.max_per_address = h->o.max_connections;
    if (h->o.timeout_s <= 0) h->o.timeout_s = 30;
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_ERROR_LOG;
    if (ss.ss_family == AF_INET6) flags |= MHD_USE_IPv6;
    uint16_t port = ntohs(ss.ss_family == AF_INET6 ? ((struct sockaddr_in6 *)&ss)->sin6_port
                                                   : ((struct sockaddr_in *)&ss)->sin_port);
    h->d = MHD_start_daemon(flags, port, NULL, NULL, http_access, h,
                            MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&ss,
                            MHD_OPTION_THREAD_POOL_SIZE, (unsigned)h->o.threads,
                            MHD_OPTION_CONNECTION_LIMIT, (unsigned)h->o.max_connections,
                            MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned)h->o.max_per_address,
                            MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)h->o.timeout_s,
                            /* request line + headers + cookies: over this MHD answers 431 */
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)(64 * 1024),
                            MHD_OPTION_NOTIFY_COMPLETED, http_completed, NULL,
                            MHD_OPTION_END);
    if (!h->d) {
        buf_printf(err, "cannot listen on %s (in use, or not an address of this machine?)", listen);
        free(h);
        return NULL;
    }
    const union MHD_DaemonInfo *di = MHD_get_daemon_info(h->d, MHD_DAEMON_INFO_BIND_PORT);
    h->port = di ? di->port : port;
    return h;
}

int http_port(const http_server *h) { return h->port; }

void http_stop(http_server *h) {
    if (!h) return;
    MHD_stop_daemon(h->d);
    free(h);
}

const char *http_query(const http_req *rq, const char *name) {
    return MHD_lookup_connection_value(rq->conn, MHD_GET_ARGUMENT_KIND, name);
}

const char *http_header(const http_req *rq, const char *name) {
    return MHD_lookup_connection_value(rq->conn, MHD_HEADER_KIND, name);
}

size_t http_unescape(char *s) {
    return MHD_http_unescape(s);
}

const char *http_cookie(const http_req *rq, const char *name) {
    return MHD_lookup_connection_value(rq->conn, MHD_COOKIE_KIND, name);
}
