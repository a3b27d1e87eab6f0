/* dotnet_random.c: System.Random(int) and CustomHash, exactly as Splitter R8 states them. All integer
 * arithmetic wraps in 32 bits (C#'s unchecked context): it is done in uint32_t and converted. */
#include "dotnet_random.h"

#define MBIG 2147483647
#define MSEED 161803398

static int32_t wrap_sub(int32_t a, int32_t b) { return (int32_t)((uint32_t)a - (uint32_t)b); }

void dotnet_random_init(dotnet_random *r, int32_t seed) {
    int32_t sub = seed == INT32_MIN ? INT32_MAX : (seed < 0 ? -seed : seed);
    int32_t mj = wrap_sub(MSEED, sub);
    int32_t mk = 1;
    for (int i = 0; i < 56; i++) r->a[i] = 0;
    r->a[55] = mj;
    for (int i = 1; i < 55; i++) {
        int ii = (21 * i) % 55;
        r->a[ii] = mk;
        mk = wrap_sub(mj, mk);
        if (mk < 0) mk += MBIG;
        mj = r->a[ii];
    }
    for (int k = 1; k < 5; k++) {
        for (int i = 1; i < 56; i++) {
            r->a[i] = wrap_sub(r->a[i], r->a[1 + (i + 30) % 55]);
            if (r->a[i] < 0) r->a[i] += MBIG;
        }
    }
    r->inext = 0;
    r->inextp = 21;
}

int32_t dotnet_random_sample(dotnet_random *r) {
    int inext = r->inext + 1, inextp = r->inextp + 1;
    if (inext >= 56) inext = 1;
    if (inextp >= 56) inextp = 1;
    int32_t v = wrap_sub(r->a[inext], r->a[inextp]);
    if (v == MBIG) v--;
    if (v < 0) v += MBIG;
    r->a[inext] = v;
    r->inext = inext;
    r->inextp = inextp;
    return v;
}

int32_t dotnet_random_next(dotnet_random *r, int32_t lo, int32_t hi) {
    /* The order of the products matters at the boundaries: sample * (1/MBIG), then * range.
     * volatile keeps a compiler from fusing or reordering them. */
    volatile double sample = (double)dotnet_random_sample(r) * (1.0 / 2147483647.0);
    volatile double scaled = sample * (double)((int64_t)hi - lo);
    return (int32_t)((int64_t)scaled + lo);
}

int32_t dotnet_custom_hash_utf16(const uint16_t *u, size_t n) {
    uint32_t h = 0;
    for (size_t i = 0; i < n; i++) h = h * 31u + u[i];
    return (int32_t)h;
}

/* Length of the valid UTF-8 sequence at s (1..4), or 0 with *bad set to the length of the maximal
 * invalid subpart to replace by one U+FFFD (Unicode's "maximal subpart" practice, which .NET's
 * decoder follows). */
static size_t utf8_seq(const unsigned char *s, size_t n, uint32_t *cp, size_t *bad) {
    unsigned char c = s[0];
    if (c < 0x80) {
        *cp = c;
        return 1;
    }
    size_t need;
    uint32_t v;
    unsigned char lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) need = 1, v = c & 0x1F;
    else if (c >= 0xE0 && c <= 0xEF) {
        need = 2, v = c & 0x0F;
        if (c == 0xE0) lo = 0xA0;
        if (c == 0xED) hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        need = 3, v = c & 0x07;
        if (c == 0xF0) lo = 0x90;
        if (c == 0xF4) hi = 0x8F;
    } else {
        *bad = 1;
        return 0;
    }
    for (size_t k = 1; k <= need; k++) {
        unsigned char b = k < n ? s[k] : 0;
        unsigned char l = k == 1 ? lo : 0x80, h = k == 1 ? hi : 0xBF;
        if (k >= n || b < l || b > h) {
            *bad = k;
            return 0;
        }
        v = (v << 6) | (b & 0x3F);
    }
    *cp = v;
    return need + 1;
}

size_t dotnet_utf8_to_utf16(const char *str, size_t n, uint16_t *out) {
    const unsigned char *s = (const unsigned char *)str;
    size_t i = 0, k = 0;
    while (i < n) {
        uint32_t cp;
        size_t bad = 0;
        size_t len = utf8_seq(s + i, n - i, &cp, &bad);
        if (!len) {
            cp = 0xFFFD;
            len = bad;
        }
        i += len;
        if (cp >= 0x10000) {
            cp -= 0x10000;
            if (out) {
                out[k] = (uint16_t)(0xD800 + (cp >> 10));
                out[k + 1] = (uint16_t)(0xDC00 + (cp & 0x3FF));
            }
            k += 2;
        } else {
            if (out) out[k] = (uint16_t)cp;
            k++;
        }
    }
    return k;
}

int32_t dotnet_custom_hash_utf8(const char *s, size_t n) {
    /* Hash unit by unit without a buffer: decode into a small window. */
    uint32_t h = 0;
    size_t i = 0;
    const unsigned char *u = (const unsigned char *)s;
    while (i < n) {
        uint32_t cp;
        size_t bad = 0;
        size_t len = utf8_seq(u + i, n - i, &cp, &bad);
        if (!len) {
            cp = 0xFFFD;
            len = bad;
        }
        i += len;
        if (cp >= 0x10000) {
            cp -= 0x10000;
            h = h * 31u + (0xD800 + (cp >> 10));
            h = h * 31u + (0xDC00 + (cp & 0x3FF));
        } else {
            h = h * 31u + cp;
        }
    }
    return (int32_t)h;
}
