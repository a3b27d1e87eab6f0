/* dotnet_random.h: .NET's seeded System.Random (the legacy Knuth subtractive generator that
 * `new Random(int)` still uses in .NET 8) and the Splitter Tester's CustomHash of a seed string,
 * bit-exact (Splitter R7/R8, docs/games/splitter.md). */
#ifndef ARENA_DOTNET_RANDOM_H
#define ARENA_DOTNET_RANDOM_H
#include <stddef.h>
#include <stdint.h>

typedef struct {
    int32_t a[56]; /* SeedArray; index 0 unused, as in .NET */
    int inext, inextp;
} dotnet_random;

/* new Random(seed). */
void dotnet_random_init(dotnet_random *r, int32_t seed);
/* Random.Next(): the raw sample, 0 .. 2^31-2. */
int32_t dotnet_random_sample(dotnet_random *r);
/* Random.Next(lo, hi) for hi - lo <= 2^31-1: lo .. hi-1, computed as .NET does in IEEE double
 * (multiply by the reciprocal of MBIG, then by the range, then truncate). */
int32_t dotnet_random_next(dotnet_random *r, int32_t lo, int32_t hi);

/* CustomHash over the UTF-16 code units of a string: h = h*31 + c, wrapping in 32 bits. */
int32_t dotnet_custom_hash_utf16(const uint16_t *units, size_t n);
/* The same for UTF-8 bytes, decoded to UTF-16 as .NET decodes a command-line argument: characters
 * above U+FFFF become a surrogate pair, and each maximal invalid subsequence becomes U+FFFD. */
int32_t dotnet_custom_hash_utf8(const char *s, size_t n);
/* Decodes UTF-8 into UTF-16 code units as above; returns the number of units (out may be NULL to
 * count; otherwise it must hold at least n units). */
size_t dotnet_utf8_to_utf16(const char *s, size_t n, uint16_t *out);
#endif
