/* text.c: text helpers. */
#include "text.h"
#include "xalloc.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

bool text_parse_int(const char *s, size_t n, long long lo, long long hi, long long *out) {
    size_t i = 0;
    bool neg = false;
    if (i < n && (s[i] == '+' || s[i] == '-')) neg = s[i++] == '-';
    if (i >= n) return false;
    unsigned long long v = 0;
    for (; i < n; i++) {
        if (s[i] < '0' || s[i] > '9') return false;
        /* tested before the multiply: after it, 2^64 had wrapped to 0 and passed (--move-ms
         * 18446744073709551616 was a 0 ms limit) */
        unsigned d = (unsigned)(s[i] - '0');
        if (v > ((1ULL << 62) - d) / 10) return false;
        v = v * 10 + d;
    }
    long long sv = neg ? -(long long)v : (long long)v;
    if (sv < lo || sv > hi) return false;
    *out = sv;
    return true;
}

bool text_parse_ll(const char *s, long long lo, long long hi, long long *out) {
    return text_parse_int(s, strlen(s), lo, hi, out);
}

bool text_parse_u64(const char *s, uint64_t *out) {
    if (!*s) return false;
    uint64_t v = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9') return false;
        uint64_t d = (uint64_t)(*s - '0');
        if (v > (UINT64_MAX - d) / 10) return false;
        v = v * 10 + d;
    }
    *out = v;
    return true;
}

void text_trim(const char **s, size_t *n) {
    const char *p = *s;
    size_t len = *n;
    if (len && p[len - 1] == '\r') len--;
    while (len && (p[0] == ' ' || p[0] == '\t')) p++, len--;
    while (len && (p[len - 1] == ' ' || p[len - 1] == '\t')) len--;
    *s = p;
    *n = len;
}

int text_tokens(const char *s, size_t n, const char **tok, size_t *tlen, int max) {
    int count = 0;
    size_t i = 0;
    while (i < n) {
        while (i < n && (s[i] == ' ' || s[i] == '\t')) i++;
        if (i >= n) break;
        size_t start = i;
        while (i < n && s[i] != ' ' && s[i] != '\t') i++;
        if (count < max) {
            tok[count] = s + start;
            tlen[count] = i - start;
        }
        count++;
    }
    return count;
}

bool text_ieq(const char *s, size_t n, const char *word) {
    size_t m = strlen(word);
    if (m != n) return false;
    for (size_t i = 0; i < n; i++)
        if (tolower((unsigned char)s[i]) != tolower((unsigned char)word[i])) return false;
    return true;
}

bool text_eq(const char *s, size_t n, const char *word) {
    return strlen(word) == n && memcmp(s, word, n) == 0;
}

bool text_printable_ascii(const char *s, size_t n) {
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)s[i] > 0x7e || ((unsigned char)s[i] < 0x20 && s[i] != '\t')) return false;
    return true;
}

size_t text_control_at(const char *s, size_t n) {
    unsigned char c = (unsigned char)s[0];
    if (c < 0x20 || c == 0x7f) return 1;
    if (c == 0xc2 && n > 1 && (unsigned char)s[1] >= 0x80 && (unsigned char)s[1] <= 0x9f) return 2;
    return 0;
}

bool text_is_keyword(const char *s, size_t n) {
    if (n == 0 || s[0] < 'a' || s[0] > 'z') return false;
    for (size_t i = 1; i < n; i++)
        if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9') || s[i] == '_')) return false;
    return true;
}

char *text_dup(const char *s, size_t n) {
    char *p = xmalloc(n + 1);
    memcpy(p, s, n);
    p[n] = 0;
    return p;
}
