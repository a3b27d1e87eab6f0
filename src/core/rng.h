/* rng.h: the match random number generator (xoshiro256** seeded through SplitMix64). */
#ifndef ARENA_RNG_H
#define ARENA_RNG_H
#include <stdint.h>

/* Largest seed a user may give: 2^53-1, so that every seed is exact in JSON. */
#define RNG_SEED_MAX ((uint64_t)9007199254740991ULL)

typedef struct {
    uint64_t s[4]; /* xoshiro256** state, never all zero */
} rng_t;

/* Seeds stream `stream` of `seed`. Distinct (seed, stream) pairs give independent-looking streams;
 * the match uses stream 0, built-in bot of seat s uses stream RNG_STREAM_BOT + s. */
void rng_seed(rng_t *r, uint64_t seed, uint64_t stream);
uint64_t rng_next(rng_t *r);
/* Uniform integer in 0..n-1 (n >= 1), exactly unbiased (Lemire's multiply-and-reject). */
uint32_t rng_below(rng_t *r, uint32_t n);
/* Uniform integer in lo..hi inclusive. */
int32_t rng_range(rng_t *r, int32_t lo, int32_t hi);
/* Uniform double in [0,1) with 53 random bits. */
double rng_double(rng_t *r);
/* Derives a child seed (0..RNG_SEED_MAX) from a parent seed and an index: used for the seeds of a
 * tournament's matches. */
uint64_t rng_derive_seed(uint64_t parent, uint64_t index);
/* A fresh seed from the operating system, in 0..RNG_SEED_MAX. */
uint64_t rng_os_seed(void);

enum { RNG_STREAM_MATCH = 0, RNG_STREAM_BOT = 1000 };
#endif
