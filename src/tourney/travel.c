/* travel.c: packing a tournament's bots into the store (see travel.h). What travels: every word
 * of a seat string (after python: / tcp:, and before a python bot's :NAME) that names an existing
 * file or folder. A file named by a relative path inside a folder travels with its folder (a Python
 * bot importing its neighbours, a script reading its data); any other file alone. A path into the
 * system's folders (/usr, /bin ...) is refused: other machines may not have it. */
#include "travel.h"
#include "../store/bundle.h"
#include "../store/bundles.h"
#include "../core/xalloc.h"
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char *travel_dup(const char *s, size_t n) {
    char *d = xmalloc(n + 1);
    memcpy(d, s, n);
    d[n] = 0;
    return d;
}

/* A fingerprint's line for a word naming a file: the word and its NUL (no two lists read alike),
 * then its packed SHA-256. */
static void travel_print_line(buf_t *all, const char *word, const char *sha) {
    buf_append(all, word, strlen(word) + 1);
    buf_printf(all, "%s\n", sha);
}

/* The fingerprint of an entrant with one word naming a file. */
static void travel_print_of(const char *word, const char *sha, char out[65]) {
    buf_t all;
    buf_init(&all);
    travel_print_line(&all, word, sha);
    bundle_sha256_hex(all.data, all.len, out);
    buf_free(&all);
}

/* Packs the word (a path) for seat text; false with err when it cannot travel. */
static bool travel_word(store_t *s, const char *name, const char *word, travel_seat *t, buf_t *err) {
    struct stat st;
    if (stat(word, &st) != 0) return true; /* not a file: a program from PATH, an argument */
    static const char *const system[] = {"/usr/", "/bin/", "/sbin/", "/lib", "/opt/", "/etc/", "/snap/", "/nix/"};
    for (size_t i = 0; word[0] == '/' && i < sizeof system / sizeof system[0]; i++)
        if (strncmp(word, system[i], strlen(system[i])) == 0) {
            buf_printf(err,
                       "entrant %s names %s, a program of this machine's system: workers on other machines may not "
                       "have it (copy the bot into a folder of its own and name that, and it travels in the store; "
                       "or name the program without its path, as found on every worker's PATH)",
                       name, word);
            return false;
        }
    if (t->bundle[0]) {
        buf_printf(err, "entrant %s names two files (%s and %s): put them in one folder and name the folder", name,
                   t->path, word);
        return false;
    }
    /* A file in a folder named relatively travels with the folder ("bots/me.py" -> bots/, entry
     * "bots/me.py"); any other file alone. */
    char packed[PATH_MAX];
    snprintf(packed, sizeof packed, "%s", word);
    const char *inner = strrchr(word, '/');
    size_t plen = strlen(packed);
    while (plen > 1 && packed[plen - 1] == '/') packed[--plen] = 0;
    if (S_ISREG(st.st_mode) && inner && inner != word && word[0] != '/') {
        packed[inner - word] = 0; /* its folder */
        if (strcmp(packed, ".") == 0) snprintf(packed, sizeof packed, "%s", word);
    }
    /* packed to a file as it is made, then stored from it a block at a time: a big bot folder is
     * never whole in memory. The file has no name once made: a kill in the middle leaves nothing. */
    const char *tmpdir = getenv("TMPDIR");
    char tmp[PATH_MAX];
    int n = snprintf(tmp, sizeof tmp, "%s/arena-bundle-XXXXXX", tmpdir && *tmpdir ? tmpdir : "/tmp");
    int fd = n > 0 && (size_t)n < sizeof tmp ? mkostemp(tmp, O_CLOEXEC) : -1;
    if (fd < 0) buf_printf(err, "cannot pack %s: no temporary file in %s: %s", packed,
                           tmpdir && *tmpdir ? tmpdir : "/tmp", strerror(errno));
    else unlink(tmp);
    bool ok = fd >= 0 && bundle_pack_fd(packed, NULL, fd, t->bundle, err) && bundles_put_fd(s, t->bundle, fd, err);
    if (fd >= 0) close(fd);
    if (!ok) {
        buf_printf(err, " (entrant %s)", name);
        t->bundle[0] = 0;
        return false;
    }
    /* the fingerprint (travel_print_word's, for the one word naming a file) from this packing when
     * the word itself was packed; a file that travels with its folder is packed alone, as it is */
    char alone[65] = "";
    if (strcmp(packed, word) == 0) memcpy(alone, t->bundle, sizeof alone);
    else {
        int devnull = open("/dev/null", O_WRONLY | O_CLOEXEC);
        buf_t ignored;
        buf_init(&ignored);
        if (devnull < 0 || !bundle_pack_fd(word, NULL, devnull, alone, &ignored)) alone[0] = 0;
        if (devnull >= 0) close(devnull);
        buf_free(&ignored);
    }
    if (alone[0]) travel_print_of(word, alone, t->print);
    /* inside the bundle: the packed path's last component, then the rest of the word */
    const char *last = strrchr(packed, '/');
    last = last ? last + 1 : packed;
    t->path = travel_dup(word, strlen(word));
    char in[PATH_MAX];
    snprintf(in, sizeof in, "%s%s", last, word + strlen(packed));
    t->inner = travel_dup(in, strlen(in));
    return true;
}

/* Calls fn for every word of e's seat string that may name a file (see the top of this file),
 * stopping at the first false; false then. */
static bool travel_words(const tourney_entrant *e, bool (*fn)(void *ctx, const char *word), void *ctx) {
    if (e->seat.kind == SEAT_BUILTIN) return true;
    const char *text = e->seat.text;
    if (e->seat.kind == SEAT_PYTHON) text += strlen("python:");
    else if (e->seat.kind == SEAT_TCP) text += strlen("tcp:");
    bool ok = true;
    for (const char *p = text; ok && *p;) {
        while (*p == ' ') p++;
        size_t n = strcspn(p, " ");
        if (e->seat.kind == SEAT_PYTHON) n = strcspn(p, ":"); /* python:PATH[:NAME] */
        if (n) {
            char *word = travel_dup(p, n);
            ok = fn(ctx, word);
            free(word);
        }
        if (e->seat.kind == SEAT_PYTHON) break;
        p += n;
    }
    return ok;
}

typedef struct {
    store_t *s;
    const char *name;
    travel_seat *t;
    buf_t *err;
} travel_pack_ctx;

static bool travel_pack_word(void *ctx, const char *word) {
    travel_pack_ctx *k = ctx;
    return travel_word(k->s, k->name, word, k->t, k->err);
}

static bool travel_entrant(store_t *s, const tourney_entrant *e, travel_seat *t, buf_t *err) {
    memset(t, 0, sizeof *t);
    travel_pack_ctx k = {s, e->name, t, err};
    return travel_words(e, travel_pack_word, &k);
}

typedef struct {
    int devnull;
    buf_t all; /* "word\0sha\n" for every word naming a file */
    bool ok;
} travel_print_ctx;

static bool travel_print_word(void *ctx, const char *word) {
    travel_print_ctx *k = ctx;
    struct stat st;
    if (stat(word, &st) != 0) return true; /* not a file: a program from PATH, an argument */
    char sha[65];
    buf_t err;
    buf_init(&err);
    k->ok = bundle_pack_fd(word, NULL, k->devnull, sha, &err);
    buf_free(&err);
    if (k->ok) travel_print_line(&k->all, word, sha);
    return k->ok;
}

bool travel_fingerprint(const tourney_entrant *e, char out[65]) {
    out[0] = 0;
    travel_print_ctx k = {.devnull = open("/dev/null", O_WRONLY | O_CLOEXEC), .ok = true};
    if (k.devnull < 0) return false;
    buf_init(&k.all);
    travel_words(e, travel_print_word, &k);
    close(k.devnull);
    if (k.ok && k.all.len) bundle_sha256_hex(k.all.data, k.all.len, out);
    buf_free(&k.all);
    return k.ok && out[0];
}

bool travel_fingerprint_of(const tourney_entrant *e, const travel_seat *t, char out[65]) {
    if (!t || !t->print[0]) return travel_fingerprint(e, out);
    memcpy(out, t->print, 65);
    return true;
}

bool travel_pack(store_t *s, const tourney_config *c, travel_seat **out, buf_t *err) {
    travel_seat *t = xcalloc((size_t)c->nentrants + 1, sizeof *t);
    bool ok = !c->has_fill || travel_entrant(s, &c->fill, &t[0], err);
    for (int i = 0; ok && i < c->nentrants; i++) ok = travel_entrant(s, &c->entrants[i], &t[i + 1], err);
    if (!ok) {
        travel_free(t, c->nentrants + 1);
        return false;
    }
    *out = t;
    return true;
}

void travel_free(travel_seat *t, int n) {
    if (!t) return;
    for (int i = 0; i < n; i++) {
        free(t[i].path);
        free(t[i].inner);
    }
    free(t);
}
