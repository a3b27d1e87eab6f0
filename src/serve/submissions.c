/* submissions.c: the submission endpoints (see submissions.h). */
#include "submissions.h"
#include "../core/jw.h"
#include "../core/rng.h"
#include "../store/bundle.h"
#include "../store/site_teams.h"
#include "build.h"
#include "games.h"
#include "play.h"
#include "settings.h"
#include "../core/xalloc.h"
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <sodium.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define SUBMISSIONS_MAX 500

void submissions_write(jw_t *w, const site_sub *s, int64_t active, double deadline) {
    jw_obj(w);
    jw_key(w, "id");
    jw_int(w, s->id);
    jw_key(w, "team");
    jw_int(w, s->team_id);
    jw_key(w, "version");
    jw_int(w, s->version);
    jw_key(w, "filename");
    jw_str(w, s->filename);
    jw_key(w, "size");
    jw_int(w, s->size);
    jw_key(w, "sha256");
    jw_str(w, s->sha);
    jw_key(w, "created");
    jw_str(w, s->created);
    jw_key(w, "kind");
    jw_str(w, s->kind);
    jw_key(w, "state");
    jw_str(w, s->state);
    jw_key(w, "detail");
    jw_str(w, s->detail);
    jw_key(w, "active");
    jw_bool(w, s->id == active);
    jw_key(w, "disabled");
    jw_bool(w, s->disabled);
    jw_key(w, "validation_game");
    if (s->validation_game) jw_int(w, s->validation_game);
    else jw_null(w);
    jw_key(w, "before_deadline");
    jw_bool(w, deadline <= 0 || s->created_at < deadline);
    jw_obj_end(w);
}

/* The deadline in seconds since 1970 (0: none). */
static double submissions_deadline(serve_t *srv) {
    char t[64];
    settings_text(srv, "deadline", t, sizeof t);
    struct tm tm;
    memset(&tm, 0, sizeof tm);
    if (!*t || !strptime(t, "%Y-%m-%dT%H:%M:%SZ", &tm)) return 0;
    return (double)timegm(&tm);
}

static int submissions_rm_one(const char *p, const struct stat *st, int flag, struct FTW *f) {
    (void)st, (void)flag, (void)f;
    return remove(p);
}

/* The SHA-256 of the file at path as 64 hex digits, read a piece at a time. */
static bool submissions_sha256_file(const char *path, char out[65]) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return false;
    crypto_hash_sha256_state st;
    crypto_hash_sha256_init(&st);
    unsigned char b[65536], h[crypto_hash_sha256_BYTES];
    ssize_t r;
    while ((r = read(fd, b, sizeof b)) > 0 || (r < 0 && errno == EINTR))
        if (r > 0) crypto_hash_sha256_update(&st, b, (unsigned long long)r);
    close(fd);
    crypto_hash_sha256_final(&st, h);
    for (int i = 0; i < 32; i++) snprintf(out + 2 * i, 3, "%02x", h[i]);
    return r == 0;
}

/* Keeps the upload (the spooled file at `from`) as uploads/SHA: synced, then linked there, or
 * copied beside it and renamed (another file system), so a kill leaves no half file. */
static bool submissions_keep(serve_t *srv, const char *sha, const char *from, buf_t *err) {
    char path[PATH_MAX + 100], tmp[PATH_MAX + 120];
    snprintf(path, sizeof path, "%s/uploads/%s", srv->data, sha);
    if (access(path, F_OK) == 0) return true; /* the same bytes were uploaded before */
    int in = open(from, O_RDONLY | O_CLOEXEC);
    bool ok = in >= 0 && fsync(in) == 0;
    if (ok && link(from, path) == 0) {
        close(in);
        return true;
    }
    if (ok && errno == EEXIST) { /* the same bytes, uploaded at the same moment */
        close(in);
        return true;
    }
    if (ok && snprintf(tmp, sizeof tmp, "%s.%016llx.part", path, (unsigned long long)rng_os_seed()) >= (int)sizeof tmp) {
        buf_puts(err, "the data folder's path is too long");
        close(in);
        return false;
    }
    int fd = ok ? open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600) : -1;
    ok = fd >= 0;
    char b[65536];
    for (ssize_t r; ok && (r = read(in, b, sizeof b)) != 0;) {
        if (r < 0 && errno == EINTR) continue;
        ok = r > 0;
        for (ssize_t off = 0; ok && off < r;) {
            ssize_t w = write(fd, b + off, (size_t)(r - off));
            if (w < 0 && errno == EINTR) continue;
            ok = w > 0;
            off += w > 0 ? w : 0;
        }
    }
    if (ok) ok = fsync(fd) == 0;
    if (fd >= 0) close(fd);
    if (in >= 0) close(in);
    if (ok) ok = rename(tmp, path) == 0;
    if (!ok) {
        buf_printf(err, "cannot keep the upload: %s", strerror(errno));
        if (fd >= 0) unlink(tmp);
    }
    return ok;
}

/* The X-Filename header, decoded (n bytes), as a name to show: no paths, no control characters,
 * valid UTF-8 (the store's text: PostgreSQL refuses anything else, and a page would show U+FFFD),
 * cut between characters to fit out. A byte that is no UTF-8 is read as Latin-1, a header's
 * historical charset (curl sends a name as the shell has it). */
static void submissions_display_name(const char *raw, size_t n, char *out, size_t cap) {
    const unsigned char *p = (const unsigned char *)raw;
    size_t o = 0;
    for (size_t i = 0; i < n;) {
        unsigned char ch[4];
        size_t len = jw_utf8_len(p + i, n - i), used = len ? len : 1;
        if (p[i] == '/' || p[i] == '\\' || p[i] < 32 || p[i] == 127 || (!len && p[i] < 0xa0) ||
            (len == 2 && p[i] == 0xc2 && p[i + 1] < 0xa0)) { /* a path or a control character (C1 too) */
            ch[0] = '_';
            len = 1;
        } else if (len) {
            memcpy(ch, p + i, len);
        } else { /* Latin-1 */
            ch[0] = (unsigned char)(0xc0 | (p[i] >> 6));
            ch[1] = (unsigned char)(0x80 | (p[i] & 0x3f));
            len = 2;
        }
        if (o + len > cap - 1) break;
        memcpy(out + o, ch, len);
        o += len;
        i += used;
    }
    out[o] = 0;
}

void submissions_upload(api_call *c) {
    serve_t *srv = c->srv;
    if (settings_frozen(srv)) {
        char d[64];
        settings_text(srv, "deadline", d, sizeof d);
        /* what counts is the team's active version at the deadline, which is not the last upload
         * when that one failed its check or the team chose another: said so, with where to see it */
        api_error(c, 409,
                  "submissions are frozen: the deadline was %s (server time); the version marked \"counts at the "
                  "deadline\" on your submissions page (your active one then) is the one the final plays",
                  d);
        return;
    }
    const char *upload = c->rq->body_path; /* http.c wrote it there as it came (routes_limit) */
    if (c->rq->len == 0 || !upload) {
        api_error(c, 400, "send the archive (zip or tar.gz) as the request body");
        return;
    }
    const char *fname = http_header(c->rq, "X-Filename");
    char raw[1024], filename[128];
    snprintf(raw, sizeof raw, "%s", fname && *fname ? fname : "upload");
    /* browsers send header values in Latin-1 only, so the pages percent-encode other names */
    submissions_display_name(raw, http_unescape(raw), filename, sizeof filename);
    buf_t err;
    buf_init(&err);
    /* Checked by a trial unpack under the limits before anything is kept. */
    char trial[PATH_MAX + 64];
    snprintf(trial, sizeof trial, "%s/tmp/upload-%016llx", srv->data, (unsigned long long)rng_os_seed());
    bundle_limits lim = {.max_files = settings_int(srv, "unpacked_max_files"),
                         .max_bytes = (int64_t)settings_int(srv, "unpacked_max_mb") << 20};
    build_plan plan;
    if (!build_unpack_file(srv->game, upload, filename, trial, &lim, &err)) {
        /* what went wrong, then what to do (unless the reason says it already) */
        const char *why = buf_cstr(&err);
        api_error(c, 400, "the archive is refused: %s%s", why, strstr(why, "upload") ? "" :
                  "; upload a zip or tar.gz made from your bot's folder (docs/serve.md, \"Submission formats\")");
    } else if (!build_detect(srv->game, trial, &plan, &err) || !build_no_links(&plan, trial, &err)) {
        api_error(c, 400, "%s", buf_cstr(&err));
    } else {
        site_sub sub;
        memset(&sub, 0, sizeof sub);
        sub.team_id = c->user.team_id;
        snprintf(sub.filename, sizeof sub.filename, "%s", filename);
        sub.size = (int64_t)c->rq->len;
        bool hashed = submissions_sha256_file(upload, sub.sha);
        sub.created_at = (double)time(NULL);
        snprintf(sub.kind, sizeof sub.kind, "%s", plan.kind);
        snprintf(sub.state, sizeof sub.state, "checking");
        snprintf(sub.detail, sizeof sub.detail, "%s", *plan.build ? "waiting for its build" : "waiting to be packed");
        if (!hashed) buf_printf(&err, "cannot read the upload: %s", strerror(errno));
        if (!hashed || !submissions_keep(srv, sub.sha, upload, &err) || !site_subs_add(c->store, &sub, &err)) {
            api_store_error(c, &err);
        } else {
            c->rp->status = 201;
            jw_t w;
            api_begin(c, &w);
            jw_obj(&w);
            jw_key(&w, "submission");
            submissions_write(&w, &sub, 0, submissions_deadline(srv));
            jw_obj_end(&w);
        }
    }
    nftw(trial, submissions_rm_one, 16, FTW_DEPTH | FTW_PHYS);
    buf_free(&err);
}

/* The team whose submissions the list shows: ?team=ID (an organizer's, or one's own), else the
 * caller's, which must be a team that is not disabled (as CAP_TEAM routes demand); 0: refused. */
static int64_t submissions_list_team(api_call *c, site_team *t, buf_t *err) {
    int64_t id;
    if (!api_query_int(c, "team", 0, 0, INT64_MAX, &id)) return 0;
    if (id && !api_team_may_see(c, id)) {
        api_error(c, 403, "only organizers list another team's submissions");
        return 0;
    }
    if (!id && !c->user.team_id) {
        api_error(c, 403, "join or create a team first (organizers: ?team=ID)");
        return 0;
    }
    int64_t team = id ? id : c->user.team_id;
    int rc = site_teams_get(c->store, team, t, err);
    if (rc < 0) api_store_error(c, err);
    else if (rc == 0) api_error(c, 404, "no team %lld", (long long)team);
    else if (t->disabled && !c->user.organizer) api_error(c, 403, "your team is disabled; ask the organizers");
    else return team;
    return 0;
}

void submissions_list(api_call *c) {
    buf_t err;
    buf_init(&err);
    site_team t;
    int64_t team = submissions_list_team(c, &t, &err);
    if (!team) {
        buf_free(&err);
        return;
    }
    site_sub *subs = xcalloc(SUBMISSIONS_MAX, sizeof *subs);
    int n = site_subs_of_team(c->store, team, SUBMISSIONS_MAX, subs, &err);
    if (n < 0) api_store_error(c, &err);
    else {
        double deadline = submissions_deadline(c->srv);
        jw_t w;
        api_begin(c, &w);
        jw_obj(&w);
        jw_key(&w, "submissions");
        jw_arr(&w);
        for (int i = 0; i < n; i++) submissions_write(&w, &subs[i], t.active_sub, deadline);
        jw_arr_end(&w);
        jw_key(&w, "active");
        if (t.active_sub) jw_int(&w, t.active_sub);
        else jw_null(&w);
        /* what counts in the final: the active one, chosen among the uploads before the deadline */
        jw_key(&w, "final");
        if (t.active_sub) jw_int(&w, t.active_sub);
        else jw_null(&w);
        jw_obj_end(&w);
    }
    free(subs);
    buf_free(&err);
}

/* The submission of the path's id when the caller may see it (else the reply says 404). */
static bool submissions_own(api_call *c, site_sub *s, site_team *t) {
    buf_t err;
    buf_init(&err);
    int rc = site_subs_get(c->store, c->rq->id[0], s, &err);
    if (rc == 1) rc = site_teams_get(c->store, s->team_id, t, &err);
    if (rc < 0) api_store_error(c, &err);
    else if (rc == 0 || !api_team_may_see(c, s->team_id)) api_error(c, 404, "no submission %lld of yours", (long long)c->rq->id[0]);
    buf_free(&err);
    return rc == 1 && api_team_may_see(c, s->team_id);
}

/* Appends a file's contents (at most max bytes, the end of it when longer). */
static void submissions_tail(const char *path, size_t max, buf_t *out) {
    FILE *f = fopen(path, "rb");
    if (!f) return;
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    if (size > (long)max) {
        fseek(f, size - (long)max, SEEK_SET);
        buf_puts(out, "[...]\n");
    } else fseek(f, 0, SEEK_SET);
    char b[8192];
    size_t n;
    while ((n = fread(b, 1, sizeof b, f)) > 0) buf_append(out, b, n);
    fclose(f);
}

void submissions_get(api_call *c) {
    site_sub s;
    site_team t;
    if (!submissions_own(c, &s, &t)) return;
    buf_t err, log, stderr_text;
    buf_init(&err);
    buf_init(&log);
    buf_init(&stderr_text);
    site_game g;
    bool have_game = s.validation_game && site_games_get(c->store, s.validation_game, &g, &err) == 1;
    site_subs_log(c->store, s.id, &log, &err);
    if (have_game) {
        for (int i = 0; i < g.nseats; i++)
            if (g.seats[i].sub_id == s.id) {
                char dir[PATH_MAX + 64], path[PATH_MAX + 100];
                play_files_paths(c->srv, g.files, NULL, 0, dir, sizeof dir);
                snprintf(path, sizeof path, "%s/seat%d.stderr", dir, i);
                submissions_tail(path, 64 * 1024, &stderr_text);
                break;
            }
    }
    jw_t w;
    api_begin(c, &w);
    jw_obj(&w);
    jw_key(&w, "submission");
    submissions_write(&w, &s, t.active_sub, submissions_deadline(c->srv));
    jw_key(&w, "build_log");
    jw_strn(&w, log.data ? log.data : "", log.len);
    jw_key(&w, "validation");
    if (have_game) games_write(&w, &g, c->srv);
    else jw_null(&w);
    jw_key(&w, "stderr");
    jw_strn(&w, stderr_text.data ? stderr_text.data : "", stderr_text.len);
    jw_obj_end(&w);
    buf_free(&err);
    buf_free(&log);
    buf_free(&stderr_text);
}

void submissions_activate(api_call *c) {
    site_sub s;
    site_team t;
    if (!submissions_own(c, &s, &t)) return;
    if (s.team_id != c->user.team_id) {
        api_error(c, 403, "only the team's members choose its active submission");
        return;
    }
    /* the freeze first: during it no version can become active, ready or not, and a participant
     * told only "the active submission counts as it was" did not learn that choosing is over */
    if (settings_frozen(c->srv)) {
        char d[64];
        settings_text(c->srv, "deadline", d, sizeof d);
        api_error(c, 409,
                  "submissions are frozen since the deadline (%s, server time): the active version can no longer be "
                  "changed; the one active at the deadline (marked \"counts at the deadline\" on your submissions "
                  "page) is the one the final plays",
                  d);
        return;
    }
    if (strcmp(s.state, "ready") != 0 || s.disabled) {
        api_error(c, 409, "version %d is %s; only a ready one can be active", s.version, s.disabled ? "disabled" : s.state);
        return;
    }
    buf_t err;
    buf_init(&err);
    if (!site_teams_set_active(c->store, t.id, s.id, &err)) api_store_error(c, &err);
    else {
        jw_t w;
        api_begin(c, &w);
        jw_obj(&w);
        jw_key(&w, "submission");
        submissions_write(&w, &s, s.id, submissions_deadline(c->srv));
        jw_obj_end(&w);
    }
    buf_free(&err);
}

void submissions_download(api_call *c) {
    site_sub s;
    site_team t;
    if (!submissions_own(c, &s, &t)) return;
    char path[PATH_MAX + 100];
    snprintf(path, sizeof path, "%s/uploads/%s", c->srv->data, s.sha);
    /* sent from the file as it is read (not read whole into memory first: an archive may be
     * upload_max_mb, several downloaded at once) */
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        if (fd >= 0) close(fd);
        api_error(c, 404, "the archive of version %d is not on this server", s.version);
        return;
    }
    unsigned char head[512]; /* enough for every format's mark (a tar's is at 257) */
    ssize_t hn = pread(fd, head, sizeof head, 0);
    buf_reset(&c->rp->body);
    c->rp->type = "application/octet-stream";
    char cd[200];
    /* named by what it holds: the name uploaded is the team's own text (a .py, a .tar.xz or a
     * zip named "bot" would come back as a .tar.gz if named by its display name) */
    snprintf(cd, sizeof cd, "attachment; filename=\"team%lld-v%d.%s\"", (long long)s.team_id, s.version,
             build_upload_ext(head, hn > 0 ? (size_t)hn : 0));
    http_reply_header(c->rp, "Content-Disposition", cd);
    http_reply_file(c->rp, fd, (uint64_t)st.st_size);
}

void submissions_disable(api_call *c) {
    bool dis;
    if (!api_bool_field(c, "disabled", true, &dis)) return;
    buf_t err;
    buf_init(&err);
    site_sub s;
    int rc = site_subs_get(c->store, c->rq->id[0], &s, &err);
    if (rc < 0) api_store_error(c, &err);
    else if (rc == 0) api_error(c, 404, "no submission %lld", (long long)c->rq->id[0]);
    else if (!site_subs_set_disabled(c->store, s.id, dis, &err)) api_store_error(c, &err);
    else api_ok(c);
    buf_free(&err);
}
