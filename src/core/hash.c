/* hash.c: FNV-1a 64-bit. */
#include "hash.h"

uint64_t hash_fnv1a64(const void *data, size_t n, uint64_t h) {
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= FNV1A64_PRIME;
    }
    return h;
}
