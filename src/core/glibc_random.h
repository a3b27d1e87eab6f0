/* glibc_random.h: a portable reimplementation of glibc's random()/srandom(), generator TYPE_3
 * (the additive feedback generator with 31 words of state). Rezzo draws its worlds from it, bit
 * for bit as the original did (Rezzo D15). It never calls the C library's random(). */
#ifndef ARENA_GLIBC_RANDOM_H
#define ARENA_GLIBC_RANDOM_H
#include <stdint.h>

typedef struct {
    uint32_t r[31]; /* the last 31 words of the recurrence */
    int pos;        /* slot holding the oldest word, r[i-31] for the next word i */
} glibc_random_t;

/* srandom(seed): the seed is taken as an unsigned 32-bit value; 0 behaves as 1. */
void glibc_srandom(glibc_random_t *g, uint32_t seed);
/* random(): the next output, 0..2^31-1. */
int32_t glibc_random(glibc_random_t *g);
#endif
