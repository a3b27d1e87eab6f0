/* rng.c: xoshiro256** (Blackman & Vigna, 2018) with SplitMix64 seeding; see docs/rng.md. */
#include "rng.h"
#include <stdio.h>
#include <sys/random.h>
#include <time.h>

static uint64_t splitmix64(uint64_t *x) {
    uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

void rng_seed(rng_t *r, uint64_t seed, uint64_t stream) {
    /* The stream index is mixed in through a second SplitMix64 step so that (seed, stream) and
     * (seed + 1, stream - 1) do not collide. */
    uint64_t x = seed;
    uint64_t mix = splitmix64(&x);
    uint64_t y = stream ^ 0x6A09E667F3BCC909ULL;
    x = mix ^ splitmix64(&y);
    for (int i = 0; i < 4; i++) r->s[i] = splitmix64(&x);
    if (!(r->s[0] | r->s[1] | r->s[2] | r->s[3])) r->s[0] = 1;
}

uint64_t rng_next(rng_t *r) {
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

uint32_t rng_below(rng_t *r, uint32_t n) {
    if (n <= 1) return 0;
    uint64_t m = (rng_next(r) >> 32) * (uint64_t)n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = (uint32_t)(-n) % n;
        while (low < threshold) {
            m = (rng_next(r) >> 32) * (uint64_t)n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

int32_t rng_range(rng_t *r, int32_t lo, int32_t hi) {
    return lo + (int32_t)rng_below(r, (uint32_t)(hi - lo) + 1u);
}

double rng_double(rng_t *r) { return (double)(rng_next(r) >> 11) * 0x1.0p-53; }

uint64_t rng_derive_seed(uint64_t parent, uint64_t index) {
    rng_t r;
    rng_seed(&r, parent, 0x5EEDULL + index);
    return rng_next(&r) & RNG_SEED_MAX;
}

uint64_t rng_os_seed(void) {
    uint64_t v = 0;
    if (getrandom(&v, sizeof v, 0) != (ssize_t)sizeof v) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        uint64_t x = (uint64_t)ts.tv_nsec ^ ((uint64_t)ts.tv_sec << 20);
        v = splitmix64(&x);
    }
    return v & RNG_SEED_MAX;
}
