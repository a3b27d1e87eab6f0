/* jw.c: JSON writer. Strings are escaped so that any bytes a bot sends give valid JSON. */
#include "jw.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void jw_init(jw_t *w, buf_t *out) {
    w->out = out;
    w->depth = 0;
    w->first[0] = true;
    w->after_key = false;
}

static void sep(jw_t *w) {
    if (w->after_key) {
        w->after_key = false;
        return;
    }
    if (!w->first[w->depth]) buf_putc(w->out, ',');
    w->first[w->depth] = false;
}

static void open(jw_t *w, char c) {
    sep(w);
    buf_putc(w->out, c);
    if (w->depth < JW_DEPTH - 1) w->depth++;
    w->first[w->depth] = true;
}

static void close(jw_t *w, char c) {
    buf_putc(w->out, c);
    if (w->depth > 0) w->depth--;
}

void jw_obj(jw_t *w) { open(w, '{'); }
void jw_obj_end(jw_t *w) { close(w, '}'); }
void jw_arr(jw_t *w) { open(w, '['); }
void jw_arr_end(jw_t *w) { close(w, ']'); }

void jw_key(jw_t *w, const char *key) {
    sep(w);
    buf_putc(w->out, '"');
    jw_escape(w->out, key, strlen(key));
    buf_puts(w->out, "\":");
    w->after_key = true;
}

void jw_int(jw_t *w, long long v) {
    sep(w);
    buf_int(w->out, v);
}

void jw_uint(jw_t *w, uint64_t v) {
    sep(w);
    buf_printf(w->out, "%llu", (unsigned long long)v);
}

void jw_double(jw_t *w, double v) {
    sep(w);
    if (!isfinite(v)) {
        buf_puts(w->out, "null");
        return;
    }
    char tmp[32];
    /* Whole numbers print as integers (800, not 8e+02). */
    if (v == floor(v) && fabs(v) < 1e15) {
        buf_printf(w->out, "%.0f", v == 0 ? 0.0 : v);
        return;
    }
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(tmp, sizeof tmp, "%.*g", prec, v);
        if (strtod(tmp, NULL) == v) break;
    }
    buf_puts(w->out, tmp);
}

void jw_bool(jw_t *w, bool v) {
    sep(w);
    buf_puts(w->out, v ? "true" : "false");
}

void jw_null(jw_t *w) {
    sep(w);
    buf_puts(w->out, "null");
}

void jw_str(jw_t *w, const char *s) { jw_strn(w, s, s ? strlen(s) : 0); }

void jw_strn(jw_t *w, const char *s, size_t n) {
    sep(w);
    buf_putc(w->out, '"');
    jw_escape(w->out, s, n);
    buf_putc(w->out, '"');
}

void jw_raw(jw_t *w, const char *json, size_t n) {
    sep(w);
    buf_append(w->out, json, n);
}

size_t jw_utf8_len(const unsigned char *s, size_t n) {
    unsigned char c = s[0];
    size_t len;
    uint32_t cp;
    if (c < 0x80) return 1;
    if ((c & 0xE0) == 0xC0) { len = 2; cp = c & 0x1F; }
    else if ((c & 0xF0) == 0xE0) { len = 3; cp = c & 0x0F; }
    else if ((c & 0xF8) == 0xF0) { len = 4; cp = c & 0x07; }
    else return 0;
    if (len > n) return 0;
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (s[i] & 0x3F);
    }
    if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
        cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return len;
}

void jw_escape(buf_t *out, const char *s, size_t n) {
    const unsigned char *p = (const unsigned char *)s;
    size_t i = 0;
    while (i < n) {
        unsigned char c = p[i];
        if (c == '"' || c == '\\') {
            buf_putc(out, '\\');
            buf_putc(out, (char)c);
            i++;
        } else if (c < 0x20) {
            switch (c) {
            case '\n': buf_puts(out, "\\n"); break;
            case '\r': buf_puts(out, "\\r"); break;
            case '\t': buf_puts(out, "\\t"); break;
            default: buf_printf(out, "\\u%04x", c); break;
            }
            i++;
        } else if (c < 0x80) {
            buf_putc(out, (char)c);
            i++;
        } else {
            size_t len = jw_utf8_len(p + i, n - i);
            if (len == 0) {
                buf_puts(out, "\\ufffd");
                i++;
            } else {
                buf_append(out, p + i, len);
                i += len;
            }
        }
    }
}
