/* hash.h: FNV-1a 64-bit, used by test vectors and replay checks. */
#ifndef ARENA_HASH_H
#define ARENA_HASH_H
#include <stddef.h>
#include <stdint.h>

#define FNV1A64_OFFSET 0xcbf29ce484222325ULL
#define FNV1A64_PRIME 0x100000001b3ULL

uint64_t hash_fnv1a64(const void *data, size_t n, uint64_t h);
#endif
