/* glibc_random.c: glibc random() TYPE_3 in portable 32-bit arithmetic (Rezzo D15). */
#include "glibc_random.h"

void glibc_srandom(glibc_random_t *g, uint32_t seed) {
    if (seed == 0) seed = 1;
    int32_t r[34];
    /* glibc's state words are int32_t: 2^31..2^32-1 become negative. Going through the unsigned
     * value keeps the reinterpretation portable. */
    r[0] = seed <= 0x7fffffffu ? (int32_t)seed : -(int32_t)(0xffffffffu - seed) - 1;
    for (int i = 1; i < 31; i++) {
        /* Schrage's method: every intermediate fits in 32 bits. C division truncates toward zero,
         * which is what glibc relies on for a negative r[0]. */
        int32_t hi = r[i - 1] / 127773, lo = r[i - 1] % 127773;
        int32_t v = 16807 * lo - 2836 * hi;
        if (v < 0) v += 2147483647;
        r[i] = v;
    }
    for (int i = 31; i < 34; i++) r[i] = r[i - 31];
    for (int i = 0; i < 31; i++) g->r[i] = (uint32_t)r[i + 3];
    g->pos = 0;
    for (int i = 0; i < 310; i++) glibc_random(g); /* glibc discards the first 310 words */
}

int32_t glibc_random(glibc_random_t *g) {
    /* r[i] = r[i-3] + r[i-31] mod 2^32: slot pos holds r[i-31]; r[i-3] is 28 slots further on. */
    int p = g->pos, q = p + 28;
    if (q >= 31) q -= 31;
    uint32_t v = g->r[p] + g->r[q];
    g->r[p] = v;
    g->pos = p + 1 == 31 ? 0 : p + 1;
    return (int32_t)(v >> 1);
}
