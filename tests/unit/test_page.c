/* test_page.c: the watch page `arena view` writes (src/ui/page.c): markers filled, the replay
 * inside decodes back to the same bytes (base64 of zlib, any length), names HTML-escaped, non-replays refused. */
#include "t.h"
#include "ui/page.h"
#include <unistd.h>
#include <zlib.h>

static char tmpdir_path[] = "/tmp/arena-view-XXXXXX";

static char *write_file(const char *name, const char *data, size_t len) {
    static char path[256];
    snprintf(path, sizeof path, "%s/%s", tmpdir_path, name);
    FILE *f = fopen(path, "wb");
    fwrite(data, 1, len, f);
    fclose(f);
    return path;
}

/* The page for a file; NULL (and the message in err) on failure. */
static char *page_for(const char *path, size_t *len, buf_t *err) {
    char *page = NULL;
    FILE *m = open_memstream(&page, len);
    bool ok = page_write(path, m, NULL, err);
    fclose(m);
    if (!ok) {
        free(page);
        return NULL;
    }
    return page;
}

static int b64v(char c) {
    const char *s = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    const char *p = strchr(s, c);
    return c && p ? (int)(p - s) : -1;
}

/* The replay inside the page, decoded. */
static unsigned char *inlined(const char *page, size_t *out_len) {
    const char *tag = strstr(page, "data-encoding=\"zlib-base64\"");
    if (!tag) return NULL;
    const char *b = strchr(tag, '>') + 1, *e = strstr(b, "</script>");
    size_t n = (size_t)(e - b);
    unsigned char *z = malloc(n);
    size_t zn = 0;
    unsigned v = 0;
    int bits = 0;
    for (size_t i = 0; i < n && b[i] != '='; i++) {
        int x = b64v(b[i]);
        if (x < 0) return NULL;
        v = v << 6 | (unsigned)x;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            z[zn++] = (unsigned char)(v >> bits);
        }
    }
    uLongf cap = 1 << 22;
    unsigned char *raw = malloc(cap);
    if (uncompress(raw, &cap, z, zn) != Z_OK) {
        free(z);
        free(raw);
        return NULL;
    }
    free(z);
    *out_len = cap;
    return raw;
}

static const char HEADER[] = "{\"type\":\"header\",\"format\":\"arena-replay\",\"version\":1,\"game\":\"rising_tide\","
                             "\"seed\":7,\"seats\":[{\"name\":\"a<b>&\\\"c\"},{\"name\":\"d\"}],\"frame\":{}}\n";

TEST(markers_filled_and_replay_round_trips) {
    /* lengths 0..2 mod 3 after compression are all exercised by growing bodies */
    for (int extra = 0; extra < 40; extra += 7) {
        buf_t body, err;
        buf_init(&body);
        buf_init(&err);
        buf_puts(&body, HEADER);
        for (int t = 0; t < extra * 50; t++) buf_printf(&body, "{\"type\":\"turn\",\"turn\":%d,\"frame\":{\"x\":%d}}\n", t, t * t);
        char *path = write_file("r.jsonl", body.data, body.len);
        size_t len;
        char *page = page_for(path, &len, &err);
        CHECK(page != NULL);
        if (!page) return;
        CHECK(strstr(page, "@@") == NULL);
        CHECK(strstr(page, "<title>rising_tide · seed 7: a&lt;b&gt;&amp;&quot;c · d · Arena replay</title>") != NULL);
        CHECK(strstr(page, "data-name=\"r.jsonl\"") != NULL);
        size_t n = 0;
        unsigned char *raw = inlined(page, &n);
        CHECK(raw != NULL);
        CHECK_EQ_INT(n, body.len);
        CHECK(raw && memcmp(raw, body.data, body.len) == 0);
        free(raw);
        free(page);
        buf_free(&body);
        buf_free(&err);
    }
}

TEST(non_replays_are_refused) {
    buf_t err;
    buf_init(&err);
    size_t len;
    char *path = write_file("x.txt", "hello\n", 6);
    CHECK(page_for(path, &len, &err) == NULL);
    CHECK(strstr(buf_cstr(&err), "is not an Arena replay") != NULL);
    buf_reset(&err);
    path = write_file("h.json", "{\"type\":\"turn\"}\n", 16);
    CHECK(page_for(path, &len, &err) == NULL);
    CHECK(strstr(buf_cstr(&err), "first line is not a replay header") != NULL);
    buf_reset(&err);
    path = write_file("e.jsonl", "", 0);
    CHECK(page_for(path, &len, &err) == NULL);
    CHECK(strstr(buf_cstr(&err), "is empty") != NULL);
    buf_reset(&err);
    CHECK(page_for("/nonexistent/r.jsonl", &len, &err) == NULL);
    CHECK(strstr(buf_cstr(&err), "cannot open") != NULL);
    buf_free(&err);
}

TEST(template_holds_the_viewer) {
    const char *t = (const char *)web_page_template;
    CHECK(web_page_template_len > 10000);
    CHECK(strlen(t) == web_page_template_len);
    CHECK(strstr(t, "@@REPLAY@@") != NULL && strstr(t, "@@TITLE@@") != NULL && strstr(t, "@@NAME@@") != NULL);
    CHECK(strstr(t, "<script type=\"module\">") != NULL);
    CHECK(strstr(t, "__m['js/games/rising_tide.js']") != NULL);
}

int main(void) {
    if (!mkdtemp(tmpdir_path)) return 1;
    RUN(markers_filled_and_replay_round_trips);
    RUN(non_replays_are_refused);
    RUN(template_holds_the_viewer);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf %s", tmpdir_path);
    if (system(cmd) != 0) return 1;
    return t_bad ? 1 : 0;
}
