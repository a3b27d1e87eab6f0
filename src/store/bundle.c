/* bundle.c: packing a file or folder into a deterministic tar.gz, and unpacking untrusted tar and
 * zip archives safely (see bundle.h for every rule). Paths inside the destination are always
 * walked one component at a time with O_NOFOLLOW from a descriptor of the destination, so no
 * entry is ever written through a symlink, whatever came before it in the archive. */
#include "bundle.h"
#include "archive_lib.h"
#include "../core/xalloc.h"
#include <stdatomic.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void bundle_sha256_hex(const void *data, size_t n, char out[65]) {
    unsigned char h[crypto_hash_sha256_BYTES];
    crypto_hash_sha256(h, data, n);
    for (int i = 0; i < 32; i++) snprintf(out + 2 * i, 3, "%02x", h[i]);
}

static int64_t bundle_max_files(const bundle_limits *lim) {
    return lim && lim->max_files > 0 ? lim->max_files : BUNDLE_MAX_FILES;
}
static int64_t bundle_max_bytes(const bundle_limits *lim) {
    return lim && lim->max_bytes > 0 ? lim->max_bytes : BUNDLE_MAX_BYTES;
}

/* ---------- packing ---------- */

typedef struct {
    char **names; /* relative to the packed path's parent */
    int n, cap;
    int64_t bytes;
} bundle_list;

static void bundle_list_add(bundle_list *l, const char *name) {
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 64;
        l->names = xrealloc(l->names, sizeof *l->names * (size_t)l->cap);
    }
    l->names[l->n] = xstrdup(name);
    l->n++;
}

static void bundle_list_free(bundle_list *l) {
    for (int i = 0; i < l->n; i++) free(l->names[i]);
    free(l->names);
}

/* Adds rel (a path under base) and, for a folder, everything in it. */
static bool bundle_walk(const char *base, const char *rel, const bundle_limits *lim, bundle_list *l, buf_t *err) {
    char full[PATH_MAX];
    snprintf(full, sizeof full, "%s/%s", base, rel);
    struct stat st;
    if (lstat(full, &st) != 0) {
        buf_printf(err, "cannot read %s: %s", full, strerror(errno));
        return false;
    }
    if (!S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
        buf_printf(err, "%s: a bundle holds regular files and folders only (this is a %s)", full,
                   S_ISLNK(st.st_mode) ? "symlink" : "special file");
        return false;
    }
    if (l->n >= bundle_max_files(lim)) {
        buf_printf(err, "%s: more than %lld files", base, (long long)bundle_max_files(lim));
        return false;
    }
    bundle_list_add(l, rel);
    if (S_ISREG(st.st_mode)) {
        l->bytes += st.st_size;
        if (l->bytes > bundle_max_bytes(lim)) {
            buf_printf(err, "%s: more than %lld bytes", base, (long long)bundle_max_bytes(lim));
            return false;
        }
        return true;
    }
    DIR *d = opendir(full);
    if (!d) {
        buf_printf(err, "cannot read %s: %s", full, strerror(errno));
        return false;
    }
    struct dirent *e;
    bool ok = true;
    while (ok && (e = readdir(d))) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
        char sub[PATH_MAX];
        if ((size_t)snprintf(sub, sizeof sub, "%s/%s", rel, e->d_name) >= sizeof sub) {
            buf_printf(err, "%s/%s: path too long", full, e->d_name);
            ok = false;
            break;
        }
        ok = bundle_walk(base, sub, lim, l, err);
    }
    closedir(d);
    return ok;
}

static int bundle_by_name(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Where a packed archive goes as libarchive writes it: appended to a buffer, or written to a file
 * (so a big bundle is never whole in memory); its SHA-256 computed as it goes. */
typedef struct {
    buf_t *buf;  /* NULL: to fd */
    int fd;
    int werr;    /* the errno of a failed write */
    crypto_hash_sha256_state h;
} bundle_sink;

static la_ssize_t bundle_to_sink(struct archive *a, void *ctx, const void *data, size_t n) {
    (void)a;
    bundle_sink *k = ctx;
    if (k->buf) {
        buf_append(k->buf, data, n);
    } else {
        for (size_t done = 0; done < n;) {
            ssize_t w = write(k->fd, (const char *)data + done, n - done);
            if (w < 0 && errno == EINTR) continue;
            if (w <= 0) {
                k->werr = w < 0 ? errno : EIO;
                return -1;
            }
            done += (size_t)w;
        }
    }
    crypto_hash_sha256_update(&k->h, data, n);
    return (la_ssize_t)n;
}

static bool bundle_add_entry(struct archive *a, const char *base, const char *rel, buf_t *err) {
    char full[PATH_MAX];
    snprintf(full, sizeof full, "%s/%s", base, rel);
    struct stat st;
    if (lstat(full, &st) != 0) {
        buf_printf(err, "cannot read %s: %s", full, strerror(errno));
        return false;
    }
    struct archive_entry *e = archive_entry_new();
    archive_entry_set_pathname(e, rel);
    archive_entry_set_filetype(e, S_ISDIR(st.st_mode) ? AE_IFDIR : AE_IFREG);
    archive_entry_set_perm(e, S_ISDIR(st.st_mode) || (st.st_mode & 0111) ? 0755 : 0644);
    archive_entry_set_size(e, S_ISREG(st.st_mode) ? st.st_size : 0);
    archive_entry_set_mtime(e, 0, 0);
    archive_entry_set_uid(e, 0);
    archive_entry_set_gid(e, 0);
    bool ok = archive_write_header(a, e) == ARCHIVE_OK;
    archive_entry_free(e);
    if (!ok) {
        buf_printf(err, "%s: %s", full, archive_error_string(a));
        return false;
    }
    if (!S_ISREG(st.st_mode)) return true;
    int fd = open(full, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) {
        buf_printf(err, "cannot read %s: %s", full, strerror(errno));
        return false;
    }
    char chunk[65536];
    ssize_t k;
    int64_t left = st.st_size; /* exactly the size in the header, even if the file grows meanwhile */
    while (left > 0 && (k = read(fd, chunk, sizeof chunk < (size_t)left ? sizeof chunk : (size_t)left)) > 0) {
        if (archive_write_data(a, chunk, (size_t)k) != k) {
            buf_printf(err, "%s: %s", full, archive_error_string(a));
            close(fd);
            return false;
        }
        left -= k;
    }
    close(fd);
    if (left > 0) {
        buf_printf(err, "%s: changed while being packed", full);
        return false;
    }
    return true;
}

static atomic_uint_fast64_t bundle_packed; /* bundle_packs */

uint64_t bundle_packs(void) { return atomic_load(&bundle_packed); }

static bool bundle_pack_to(const char *path, const bundle_limits *lim, bundle_sink *k, char sha[65], buf_t *err) {
    atomic_fetch_add(&bundle_packed, 1);
    if (!archive_lib_load(err)) return false;
    char copy[PATH_MAX];
    snprintf(copy, sizeof copy, "%s", path);
    size_t n = strlen(copy);
    while (n > 1 && copy[n - 1] == '/') copy[--n] = 0;
    char *slash = strrchr(copy, '/');
    const char *base = ".", *name = copy;
    if (slash) {
        *slash = 0;
        base = slash == copy ? "/" : copy;
        name = slash + 1;
    }
    if (!*name || strcmp(name, ".") == 0 || strcmp(name, "..") == 0) {
        buf_printf(err, "%s: name a file or a folder by its own name (not . or ..)", path);
        return false;
    }
    bundle_list l = {0};
    bool ok = bundle_walk(base, name, lim, &l, err);
    if (ok) qsort(l.names, (size_t)l.n, sizeof *l.names, bundle_by_name);
    crypto_hash_sha256_init(&k->h);
    struct archive *a = archive_write_new();
    if (ok && (archive_write_set_format_pax_restricted(a) != ARCHIVE_OK || archive_write_add_filter_gzip(a) != ARCHIVE_OK ||
               archive_write_set_options(a, "gzip:!timestamp") != ARCHIVE_OK ||
               archive_write_set_bytes_in_last_block(a, 1) != ARCHIVE_OK ||
               archive_write_open(a, k, NULL, bundle_to_sink, NULL) != ARCHIVE_OK)) {
        buf_printf(err, "cannot pack %s: %s", path, archive_error_string(a));
        ok = false;
    }
    for (int i = 0; ok && i < l.n; i++) ok = bundle_add_entry(a, base, l.names[i], err);
    if (ok && archive_write_close(a) != ARCHIVE_OK) {
        buf_printf(err, "cannot pack %s: %s", path, archive_error_string(a));
        ok = false;
    }
    if (k->werr) { /* the file's error, whatever libarchive made of it */
        buf_reset(err);
        buf_printf(err, "cannot pack %s: cannot write the archive: %s", path, strerror(k->werr));
        ok = false;
    }
    archive_write_free(a);
    bundle_list_free(&l);
    if (ok && sha) {
        unsigned char h[crypto_hash_sha256_BYTES];
        crypto_hash_sha256_final(&k->h, h);
        for (int i = 0; i < 32; i++) snprintf(sha + 2 * i, 3, "%02x", h[i]);
    }
    return ok;
}

bool bundle_pack(const char *path, const bundle_limits *lim, buf_t *out, char sha[65], buf_t *err) {
    bundle_sink k = {.buf = out, .fd = -1};
    size_t start = out->len;
    bool ok = bundle_pack_to(path, lim, &k, sha, err);
    if (!ok) out->len = start;
    return ok;
}

bool bundle_pack_fd(const char *path, const bundle_limits *lim, int fd, char sha[65], buf_t *err) {
    bundle_sink k = {.fd = fd};
    return bundle_pack_to(path, lim, &k, sha, err);
}

/* ---------- unpacking ---------- */

/* Splits a relative path into its components, dropping empty ones and "."; refuses absolute
 * paths and "..". Returns the count (0: the root itself), -1 when refused (why says so). */
static int bundle_split(char *path, char **comp, int max, const char **why) {
    if (path[0] == '/') {
        *why = "an absolute path";
        return -1;
    }
    int n = 0;
    for (char *save = NULL, *c = strtok_r(path, "/", &save); c; c = strtok_r(NULL, "/", &save)) {
        if (strcmp(c, ".") == 0) continue;
        if (strcmp(c, "..") == 0) {
            *why = "'..' in the path";
            return -1;
        }
        if (n >= max) {
            *why = "too deep";
            return -1;
        }
        comp[n++] = c;
    }
    return n;
}

/* Opens the folder comp[0..n-1] under root, creating the missing ones, never following a link.
 * Returns a descriptor, or -1 (why says so). */
static int bundle_open_dir(int root, char **comp, int n, bool create, const char **why) {
    int fd = dup(root);
    for (int i = 0; fd >= 0 && i < n; i++) {
        if (create && mkdirat(fd, comp[i], 0755) != 0 && errno != EEXIST) {
            *why = "cannot create a folder";
            close(fd);
            return -1;
        }
        int next = openat(fd, comp[i], O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        close(fd);
        if (next < 0) {
            *why = errno == ELOOP || errno == ENOTDIR ? "it would be written through a symlink or a file"
                                                      : "cannot open a folder on its way";
            return -1;
        }
        fd = next;
    }
    return fd;
}

typedef struct {
    struct archive *a;
    int root;           /* the temporary folder */
    int64_t files, bytes;
    const bundle_limits *lim;
    buf_t *err;
} bundle_unpacker;

static bool bundle_refuse(bundle_unpacker *u, const char *name, const char *why) {
    buf_printf(u->err, "archive entry '%s' refused: %s", name, why);
    return false;
}

static bool bundle_write_file(bundle_unpacker *u, int dirfd, const char *leaf, mode_t mode, const char *name) {
    int fd = openat(dirfd, leaf, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
    if (fd < 0 && errno == EEXIST && unlinkat(dirfd, leaf, 0) == 0) /* a later entry of the same name wins */
        fd = openat(dirfd, leaf, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
    if (fd < 0) return bundle_refuse(u, name, strerror(errno));
    const void *block;
    size_t size;
    la_int64_t offset;
    int rc;
    int64_t max = bundle_max_bytes(u->lim);
    while ((rc = archive_read_data_block(u->a, &block, &size, &offset)) == ARCHIVE_OK) {
        u->bytes += (int64_t)size;
        if (u->bytes > max || offset + (int64_t)size > max) {
            close(fd);
            char why[96];
            snprintf(why, sizeof why, "more than %lld bytes expanded", (long long)max);
            return bundle_refuse(u, name, why);
        }
        if (pwrite(fd, block, size, offset) != (ssize_t)size) {
            close(fd);
            return bundle_refuse(u, name, strerror(errno));
        }
    }
    close(fd);
    if (rc != ARCHIVE_EOF) return bundle_refuse(u, name, archive_error_string(u->a));
    return true;
}

/* Checks a link's target: a relative path going only downward (no "..", not absolute). */
static bool bundle_target_ok(const char *target) {
    if (!target || !*target || target[0] == '/') return false;
    char copy[PATH_MAX];
    snprintf(copy, sizeof copy, "%s", target);
    char *comp[256];
    const char *why;
    return bundle_split(copy, comp, 256, &why) > 0;
}

static bool bundle_entry(bundle_unpacker *u, struct archive_entry *e) {
    const char *name = archive_entry_pathname(e);
    if (!name) return bundle_refuse(u, "?", "its name cannot be read");
    if (++u->files > bundle_max_files(u->lim)) {
        char why[96];
        snprintf(why, sizeof why, "more than %lld entries", (long long)bundle_max_files(u->lim));
        return bundle_refuse(u, name, why);
    }
    char path[PATH_MAX];
    if ((size_t)snprintf(path, sizeof path, "%s", name) >= sizeof path) return bundle_refuse(u, name, "path too long");
    char *comp[256];
    const char *why = NULL;
    int n = bundle_split(path, comp, 256, &why);
    if (n < 0) return bundle_refuse(u, name, why);
    if (n == 0) return true; /* "./": the folder itself */
    const char *hard = archive_entry_hardlink(e);
    mode_t type = archive_entry_filetype(e);
    if (!hard && type != AE_IFREG && type != AE_IFDIR && type != AE_IFLNK)
        return bundle_refuse(u, name, "devices, fifos and sockets are not allowed");
    bool is_dir = type == AE_IFDIR && !hard;
    int dirfd = bundle_open_dir(u->root, comp, is_dir ? n : n - 1, true, &why);
    if (dirfd < 0) return bundle_refuse(u, name, why);
    bool ok = true;
    const char *leaf = comp[n - 1];
    if (is_dir) {
        /* bundle_open_dir made and opened it */
    } else if (hard) {
        char tpath[PATH_MAX];
        snprintf(tpath, sizeof tpath, "%s", hard);
        char *tcomp[256];
        int tn = bundle_split(tpath, tcomp, 256, &why);
        int tdir = tn > 0 ? bundle_open_dir(u->root, tcomp, tn - 1, false, &why) : -1;
        struct stat st;
        if (tn <= 0) ok = bundle_refuse(u, name, "a hard link to a path outside the archive");
        else if (tdir < 0) ok = bundle_refuse(u, name, "a hard link to a missing entry");
        else if (fstatat(tdir, tcomp[tn - 1], &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(st.st_mode))
            ok = bundle_refuse(u, name, "a hard link to something that is not a file of the archive");
        else if (linkat(tdir, tcomp[tn - 1], dirfd, leaf, 0) != 0) ok = bundle_refuse(u, name, strerror(errno));
        if (tdir >= 0) close(tdir);
    } else if (type == AE_IFLNK) {
        const char *target = archive_entry_symlink(e);
        if (!bundle_target_ok(target))
            ok = bundle_refuse(u, name, "a symlink must point downward inside the folder (no '/', no '..')");
        else if (symlinkat(target, dirfd, leaf) != 0) ok = bundle_refuse(u, name, strerror(errno));
    } else {
        ok = bundle_write_file(u, dirfd, leaf, archive_entry_perm(e) & 0111 ? 0755 : 0644, name);
    }
    close(dirfd);
    return ok;
}

static int bundle_rm_entry(const char *p, const struct stat *sb, int flag, struct FTW *ftw) {
    (void)sb, (void)flag, (void)ftw;
    remove(p);
    return 0;
}

static void bundle_remove_tree(const char *dir) { nftw(dir, bundle_rm_entry, 16, FTW_DEPTH | FTW_PHYS); }

/* drain (NULL: none) reads what is left of the input after the last entry and says whether all of
 * it was good: the destination is renamed into place only then. */
static bool bundle_unpack_from(struct archive *a, const char *dest, const bundle_limits *lim, bool (*drain)(void *),
                               void *drain_ctx, buf_t *err) {
    struct stat st;
    if (lstat(dest, &st) == 0) {
        buf_puts(err, "cannot unpack: the destination folder exists");
        return false;
    }
    char tmp[PATH_MAX];
    if ((size_t)snprintf(tmp, sizeof tmp, "%s.part-XXXXXX", dest) >= sizeof tmp || !mkdtemp(tmp)) {
        buf_printf(err, "cannot create a folder to unpack into: %s", strerror(errno));
        return false;
    }
    chmod(tmp, 0755);
    bundle_unpacker u = {.a = a, .lim = lim, .err = err};
    u.root = open(tmp, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    bool ok = u.root >= 0;
    struct archive_entry *e;
    int rc = ARCHIVE_OK;
    while (ok && (rc = archive_read_next_header(a, &e)) == ARCHIVE_OK) ok = bundle_entry(&u, e);
    if (ok && rc != ARCHIVE_EOF) {
        buf_printf(err, "not a readable tar or zip archive: %s", archive_error_string(a));
        ok = false;
    }
    if (u.root >= 0) close(u.root);
    if (ok && drain) ok = drain(drain_ctx);
    if (ok && rename(tmp, dest) != 0) {
        buf_printf(err, "cannot move the unpacked folder into place: %s", strerror(errno));
        ok = false;
    }
    if (!ok) bundle_remove_tree(tmp);
    return ok;
}

static struct archive *bundle_reader(void) {
    struct archive *a = archive_read_new();
    archive_read_support_filter_gzip(a);
    archive_read_support_filter_bzip2(a);
    archive_read_support_filter_xz(a);
    archive_read_support_format_tar(a);
    archive_read_support_format_gnutar(a);
    archive_read_support_format_zip(a);
    return a;
}

bool bundle_unpack(const void *data, size_t n, const char *dest, const bundle_limits *lim, buf_t *err) {
    if (!archive_lib_load(err)) return false;
    struct archive *a = bundle_reader();
    bool ok;
    if (archive_read_open_memory(a, data, n) != ARCHIVE_OK) {
        buf_printf(err, "not a readable tar or zip archive: %s", archive_error_string(a));
        ok = false;
    } else {
        ok = bundle_unpack_from(a, dest, lim, NULL, NULL, err);
    }
    archive_read_free(a);
    return ok;
}

bool bundle_unpack_file(const char *archive, const char *dest, const bundle_limits *lim, buf_t *err) {
    if (!archive_lib_load(err)) return false;
    struct archive *a = bundle_reader();
    bool ok;
    /* the words name the archive by what it holds, never by its path (on a server, a path in its
     * data folder that the uploader never chose): libarchive's for a file it cannot open name it */
    if (access(archive, R_OK) != 0) {
        buf_printf(err, "cannot read the archive: %s", strerror(errno));
        ok = false;
    } else if (archive_read_open_filename(a, archive, 65536) != ARCHIVE_OK) {
        const char *why = archive_error_string(a);
        buf_printf(err, "not a readable tar or zip archive%s%s", why && !strstr(why, archive) ? ": " : "",
                   why && !strstr(why, archive) ? why : "");
        ok = false;
    } else {
        ok = bundle_unpack_from(a, dest, lim, NULL, NULL, err);
    }
    archive_read_free(a);
    return ok;
}

typedef struct {
    bundle_read_fn read;
    void *ctx;
    buf_t why; /* the reader's words when it failed */
    bool failed, ended;
} bundle_reading;

static la_ssize_t bundle_read_cb(struct archive *a, void *p, const void **data) {
    (void)a;
    bundle_reading *r = p;
    if (r->failed || r->ended) return r->failed ? ARCHIVE_FATAL : 0;
    ssize_t n = r->read(r->ctx, data, &r->why);
    if (n < 0) r->failed = true;
    if (n == 0) r->ended = true;
    return n < 0 ? ARCHIVE_FATAL : (la_ssize_t)n;
}

static bool bundle_read_rest(void *p) {
    bundle_reading *r = p;
    const void *data;
    while (!r->failed && !r->ended) bundle_read_cb(NULL, r, &data);
    return !r->failed;
}

bool bundle_unpack_read(bundle_read_fn read, void *ctx, const char *dest, const bundle_limits *lim, buf_t *err) {
    if (!archive_lib_load(err)) return false;
    struct archive *a = bundle_reader();
    bundle_reading r = {.read = read, .ctx = ctx};
    buf_t why;
    buf_init(&r.why);
    buf_init(&why);
    bool ok;
    if (archive_read_open(a, &r, NULL, bundle_read_cb, NULL) != ARCHIVE_OK) {
        buf_printf(&why, "not a readable tar or zip archive: %s", archive_error_string(a));
        ok = false;
    } else {
        ok = bundle_unpack_from(a, dest, lim, bundle_read_rest, &r, &why);
    }
    archive_read_free(a);
    /* the reader's failure is the reason, not what libarchive made of the bytes it did not get */
    if (!ok) buf_puts(err, r.failed ? buf_cstr(&r.why) : buf_cstr(&why));
    buf_free(&r.why);
    buf_free(&why);
    return ok;
}
