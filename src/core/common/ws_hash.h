/* ws_hash.h - a 64-bit state hash for determinism checks (not cryptographic).
 *
 * The time-travel histories record a hash of the game state at every tick
 * and check a rebuilt state against it; equal states give equal hashes.
 * Values are folded in one 64-bit word per step (a multiply-xorshift
 * finaliser), bytes eight to a word. Header-only: two small inline functions.
 */
#ifndef WS_HASH_H
#define WS_HASH_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

enum { WS_HASH_WORD = 8 };

/* Folds the word v into h. */
static inline uint64_t ws_hash_mix(uint64_t h, uint64_t v) {
    h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    h *= 0xff51afd7ed558ccdULL;
    return h ^ (h >> 33);
}

/* Folds len bytes (any alignment) into h, a word at a time, then the tail
 * together with the length. */
static inline uint64_t ws_hash_bytes(uint64_t h, const void *data, size_t len) {
    const unsigned char *p = data;
    size_t i = 0;
    for (; i + WS_HASH_WORD <= len; i += WS_HASH_WORD) {
        uint64_t v;
        memcpy(&v, p + i, WS_HASH_WORD);
        h = ws_hash_mix(h, v);
    }
    uint64_t tail = 0;
    for (size_t k = 0; i + k < len; k++)
        tail |= (uint64_t)p[i + k] << (8 * k);
    return ws_hash_mix(h, tail ^ (uint64_t)len << 56);
}

#endif
