/* page.c: the watch page: one HTML page that holds the web viewer and a replay (zlib + base64). */
#include "page.h"
#include "../core/log.h"
#include "../core/xalloc.h"
#include "../core/zfile.h"
#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char B64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/* Base64 of a stream in pieces: whole groups of 3 bytes are written at once, the 0..2 bytes left
 * over wait for the next piece (or the end). */
typedef struct {
    FILE *out;
    unsigned char rest[3];
    int nrest;
    char line[4096];
} b64_writer;

static void b64_group(const unsigned char *s, int n, char *d) {
    unsigned v = (unsigned)s[0] << 16 | (n > 1 ? (unsigned)s[1] << 8 : 0) | (n > 2 ? s[2] : 0);
    d[0] = B64[v >> 18 & 63];
    d[1] = B64[v >> 12 & 63];
    d[2] = n > 1 ? B64[v >> 6 & 63] : '=';
    d[3] = n > 2 ? B64[v & 63] : '=';
}

static void b64_put(b64_writer *w, const unsigned char *p, size_t n) {
    size_t len = 0;
    while (n > 0) {
        if (w->nrest < 3) {
            w->rest[w->nrest++] = *p++;
            n--;
        }
        if (w->nrest == 3) {
            b64_group(w->rest, 3, w->line + len);
            len += 4;
            w->nrest = 0;
            if (len + 4 > sizeof w->line) {
                fwrite(w->line, 1, len, w->out);
                len = 0;
            }
        }
    }
    fwrite(w->line, 1, len, w->out);
}

static void b64_end(b64_writer *w) {
    if (!w->nrest) return;
    char d[4];
    b64_group(w->rest, w->nrest, d);
    fwrite(d, 1, 4, w->out);
    w->nrest = 0;
}

/* Text for an HTML element or a quoted attribute. */
static void html_escape(buf_t *b, const char *s) {
    for (; *s; s++) {
        switch (*s) {
        case '&': buf_puts(b, "&amp;"); break;
        case '<': buf_puts(b, "&lt;"); break;
        case '>': buf_puts(b, "&gt;"); break;
        case '"': buf_puts(b, "&quot;"); break;
        case '\'': buf_puts(b, "&#39;"); break;
        default: buf_putc(b, *s);
        }
    }
}

/* Reads the first line and checks it is a replay header; fills the page title from it. */
static bool read_header(FILE *f, const char *path, bool from_stdin, buf_t *title, buf_t *err) {
    char *line = NULL;
    size_t cap = 0;
    ssize_t n = getline(&line, &cap, f);
    if (n <= 0) {
        if (ferror(f)) buf_printf(err, "cannot read %s: %s", path, strerror(errno)); /* a folder: EISDIR */
        else buf_printf(err, "%s is empty", path);
        free(line);
        return false;
    }
    json_error_t je;
    json_t *h = json_loadb(line, (size_t)n, 0, &je);
    bool store = !h && strncmp(line, "SQLite format 3", 15) == 0;
    bool gzip = !h && strncmp(line, "\x1f\x8b", 2) == 0;
    bool bom = !h && strncmp(line, "\xef\xbb\xbf", 3) == 0; /* saved by an editor */
    free(line);
    if (store) { /* --db's file given for a replay */
        buf_printf(err, "%s is a store, not a replay (%s report --db writes its pages)", path, log_program());
        return false;
    }
    if (gzip) { /* a replay as the store keeps it */
        if (from_stdin) /* already a pipe: "zcat FILE | ..." named a FILE there is none of */
            buf_printf(err, "standard input is gzip-compressed: put zcat in the pipe (... | zcat | %s view - > FILE.html)",
                       log_program());
        else
            buf_printf(err, "%s is gzip-compressed: zcat FILE | %s view - > FILE.html reads it", path, log_program());
        return false;
    }
    if (bom) { /* "expected near ''" named an invisible character */
        buf_printf(err, "%s starts with a UTF-8 byte order mark (an editor added it): remove it with "
                        "sed -i '1s/^\\xEF\\xBB\\xBF//' FILE", path);
        return false;
    }
    const char *type = h ? json_string_value(json_object_get(h, "type")) : NULL;
    const char *format = h ? json_string_value(json_object_get(h, "format")) : NULL;
    if (!type || !format || strcmp(type, "header") != 0 || strcmp(format, "arena-replay") != 0) {
        buf_printf(err, "%s is not an Arena replay: its first line is not a replay header%s%s", path,
                   h ? "" : " (", h ? "" : je.text);
        if (!h) buf_puts(err, ")");
        json_decref(h);
        return false;
    }
    const char *game = json_string_value(json_object_get(h, "game"));
    buf_printf(title, "%s", game ? game : "replay");
    json_t *seed = json_object_get(h, "seed");
    if (json_is_integer(seed)) buf_printf(title, " · seed %lld", (long long)json_integer_value(seed));
    json_t *seats = json_object_get(h, "seats");
    size_t i;
    json_t *seat;
    json_array_foreach(seats, i, seat) {
        const char *name = json_string_value(json_object_get(seat, "name"));
        buf_puts(title, i ? " · " : ": ");
        buf_puts(title, name ? name : "?");
    }
    buf_puts(title, " · Arena replay");
    json_decref(h);
    return true;
}

static void b64_sink(void *w, const unsigned char *p, size_t n) { b64_put(w, p, n); }

/* What the page will say is wrong with the replay, read as the viewer reads it (web/js/model.js):
 * from line 2 on (f just past the header), stop at the first line that is no JSON object (cut in
 * the middle of the last line, or damaged), and a file without a result record is truncated. The
 * page is written all the same; the person who ran `arena view` is told on stderr where it is cut,
 * as `arena replay` and `arena verify` tell it. Empty: nothing wrong. */
static void check_replay(FILE *f, buf_t *note) {
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    int line_no = 1, turns = 0;
    bool result = false;
    while ((n = getline(&line, &cap, f)) > 0) {
        line_no++;
        bool whole = line[n - 1] == '\n';
        size_t len = (size_t)n;
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r' || line[len - 1] == ' ')) len--;
        if (!len) continue;
        json_error_t je;
        json_t *rec = json_loadb(line, len, 0, &je);
        const char *type = json_is_object(rec) ? json_string_value(json_object_get(rec, "type")) : NULL;
        bool turn = type && strcmp(type, "turn") == 0, end = type && strcmp(type, "result") == 0;
        json_decref(rec);
        if (!rec && !whole) {
            buf_printf(note, "line %d: the replay is cut in the middle of this line (truncated?); the page shows the "
                             "%d %s before it", line_no, turns, turns == 1 ? "turn" : "turns");
            break;
        }
        if ((!turn && !end) || result) {
            buf_printf(note, "line %d: %s; the replay is damaged; the page shows the %d %s before it", line_no,
                       !rec ? "not valid JSON" : result ? "a record after the result" : "not a turn or result record",
                       turns, turns == 1 ? "turn" : "turns");
            break;
        }
        turns += turn;
        result |= end;
    }
    free(line);
    if (!note->len && !result)
        buf_printf(note, "line %d: the replay ends without a result record (truncated?); the page shows the %d %s "
                         "it holds", line_no, turns, turns == 1 ? "turn" : "turns");
}

/* The replay, compressed and encoded, straight from the file to the page. */
static bool write_replay(FILE *f, const char *path, FILE *out, buf_t *err) {
    b64_writer w = {.out = out};
    bool ok = zfile_deflate(f, false, b64_sink, &w, path, err);
    b64_end(&w);
    return ok;
}

/* Standard input, read whole (the header is read, then the file again from its start, and a pipe
 * cannot be rewound), as a stream over that memory; NULL with the message when it holds nothing. */
static FILE *open_stdin(buf_t *whole, buf_t *err) {
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, stdin)) > 0) buf_append(whole, chunk, n);
    if (ferror(stdin)) {
        buf_printf(err, "cannot read standard input: %s", strerror(errno));
        return NULL;
    }
    if (!whole->len) {
        buf_printf(err, "standard input is empty: pipe a replay in (%s view - < REPLAY)", log_program());
        return NULL;
    }
    return fmemopen(whole->data, whole->len, "rb");
}

bool page_write(const char *replay_path, FILE *out, buf_t *note, buf_t *err) {
    bool from_stdin = strcmp(replay_path, "-") == 0;
    buf_t whole;
    buf_init(&whole);
    FILE *f = from_stdin ? open_stdin(&whole, err) : fopen(replay_path, "rb");
    if (!f) {
        if (!from_stdin) buf_printf(err, "cannot open %s: %s", replay_path, strerror(errno));
        else if (!err->len) buf_printf(err, "cannot read standard input: %s", strerror(errno));
        buf_free(&whole);
        return false;
    }
    if (from_stdin) replay_path = "standard input"; /* for messages and the page's file name */
    buf_t title, text;
    buf_init(&title);
    buf_init(&text);
    bool ok = read_header(f, replay_path, from_stdin, &title, err);
    if (ok && note) check_replay(f, note);
    if (ok) rewind(f);
    const char *base = strrchr(replay_path, '/');
    base = base ? base + 1 : replay_path;
    /* Copy the template, filling each @@MARKER@@. */
    const char *t = (const char *)web_page_template, *end = t + web_page_template_len;
    while (ok && t < end) {
        const char *m = memmem(t, (size_t)(end - t), "@@", 2);
        if (!m) {
            fwrite(t, 1, (size_t)(end - t), out);
            break;
        }
        fwrite(t, 1, (size_t)(m - t), out);
        const char *close = memmem(m + 2, (size_t)(end - m - 2), "@@", 2);
        if (!close) {
            buf_puts(err, "web viewer template: unclosed marker");
            ok = false;
            break;
        }
        size_t len = (size_t)(close - m - 2);
        buf_reset(&text);
        if (len == 5 && memcmp(m + 2, "TITLE", 5) == 0) html_escape(&text, buf_cstr(&title));
        else if (len == 4 && memcmp(m + 2, "NAME", 4) == 0) html_escape(&text, base);
        else if (len == 6 && memcmp(m + 2, "REPLAY", 6) == 0) ok = write_replay(f, replay_path, out, err);
        else {
            buf_printf(err, "web viewer template: unknown marker %.*s", (int)len, m + 2);
            ok = false;
        }
        fwrite(text.data ? text.data : "", 1, text.len, out);
        t = close + 2;
    }
    fclose(f);
    buf_free(&whole);
    if (ok && (fflush(out) != 0 || ferror(out))) {
        buf_printf(err, "writing the page failed: %s", strerror(errno));
        ok = false;
    }
    buf_free(&title);
    buf_free(&text);
    return ok;
}

bool page_write_file(const char *replay_path, const char *path, buf_t *note, buf_t *err) {
    /* A file is written beside and renamed into place; a device or a pipe (-o /dev/stdout) is
     * written as it is: renaming over it replaced the node, and /dev takes no temporary file. */
    struct stat st;
    bool direct = stat(path, &st) == 0 && !S_ISREG(st.st_mode);
    buf_t tmp;
    buf_init(&tmp);
    if (direct) buf_puts(&tmp, path);
    else buf_printf(&tmp, "%s.tmp%ld", path, (long)getpid());
    FILE *out = fopen(buf_cstr(&tmp), "wb");
    if (!out) {
        buf_printf(err, "cannot write %s: %s", path, strerror(errno));
        buf_free(&tmp);
        return false;
    }
    bool ok = page_write(replay_path, out, note, err);
    if (fclose(out) != 0 && ok) {
        buf_printf(err, "writing %s: %s", path, strerror(errno));
        ok = false;
    }
    if (ok && !direct && rename(buf_cstr(&tmp), path) != 0) {
        buf_printf(err, "cannot write %s: %s", path, strerror(errno));
        ok = false;
    }
    if (!ok && !direct) remove(buf_cstr(&tmp));
    buf_free(&tmp);
    return ok;
}

char *page_name(const char *replay) {
    size_t n = strlen(replay);
    const char *slash = strrchr(replay, '/');
    const char *dot = strrchr(replay, '.');
    if (dot && (!slash || dot > slash + 1)) n = (size_t)(dot - replay);
    char *out = xmalloc(n + 6);
    memcpy(out, replay, n);
    memcpy(out + n, ".html", 6);
    return out;
}
