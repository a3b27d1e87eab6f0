/* buf.c: growable byte buffer. Allocation failure aborts: there is no sane recovery. */
#include "buf.h"
#include "xalloc.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void buf_init(buf_t *b) { b->data = NULL; b->len = b->cap = 0; }

void buf_free(buf_t *b) {
    free(b->data);
    buf_init(b);
}

void buf_reset(buf_t *b) {
    b->len = 0;
    if (b->data) b->data[0] = 0;
}

void buf_reserve(buf_t *b, size_t extra) {
    size_t need = b->len + extra + 1;
    if (need <= b->cap) return;
    size_t cap = b->cap ? b->cap : 64;
    while (cap < need) cap *= 2;
    b->data = xrealloc(b->data, cap);
    b->cap = cap;
}

bool buf_try_reserve(buf_t *b, size_t extra) {
    if (extra >= SIZE_MAX - b->len) return false;
    size_t need = b->len + extra + 1;
    if (need <= b->cap) return true;
    size_t cap = b->cap ? b->cap : 64;
    while (cap < need && cap <= SIZE_MAX / 2) cap *= 2;
    if (cap < need) cap = need;
    char *d = realloc(b->data, cap);
    if (!d && cap > need) d = realloc(b->data, cap = need); /* the doubling's slack is not needed */
    if (!d) return false;
    b->data = d;
    b->cap = cap;
    b->data[b->len] = 0;
    return true;
}

void buf_append(buf_t *b, const void *data, size_t len) {
    buf_reserve(b, len);
    if (len) memcpy(b->data + b->len, data, len);
    b->len += len;
    b->data[b->len] = 0;
}

void buf_puts(buf_t *b, const char *s) { buf_append(b, s, strlen(s)); }

void buf_putc(buf_t *b, char c) {
    buf_reserve(b, 1);
    b->data[b->len++] = c;
    b->data[b->len] = 0;
}

void buf_vprintf(buf_t *b, const char *fmt, va_list ap) {
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap2);
    va_end(ap2);
    if (n <= 0) return;
    buf_reserve(b, (size_t)n);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    b->len += (size_t)n;
}

void buf_printf(buf_t *b, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    buf_vprintf(b, fmt, ap);
    va_end(ap);
}

void buf_int(buf_t *b, long long v) {
    char tmp[24];
    int n = 0;
    unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
    do {
        tmp[n++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    buf_reserve(b, (size_t)n + 1);
    if (v < 0) b->data[b->len++] = '-';
    while (n) b->data[b->len++] = tmp[--n];
    b->data[b->len] = 0;
}

void buf_consume(buf_t *b, size_t n) {
    if (n >= b->len) {
        buf_reset(b);
        return;
    }
    memmove(b->data, b->data + n, b->len - n);
    b->len -= n;
    b->data[b->len] = 0;
}

const char *buf_cstr(buf_t *b) { return b->data ? b->data : ""; }

char *buf_steal(buf_t *b) {
    char *p = b->data;
    if (!p) p = xcalloc(1, 1);
    buf_init(b);
    return p;
}
