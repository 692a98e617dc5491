/* ws_hash.h - the state hashes (not cryptographic); every hash of the core,
 * the tools and the tests is computed here, nowhere else.
 *
 * Two folds, for two uses:
 * - ws_hash_mix / ws_hash_bytes: the time-travel histories record a hash of
 *   the game state at every tick and check a rebuilt state against it; equal
 *   states give equal hashes. Values are folded in one 64-bit word per step
 *   (a multiply-xorshift finaliser), bytes eight to a word. These values are
 *   never printed or stored outside memory, so the fold may change.
 * - ws_hash_fnv: the fingerprints that are printed and recorded (arena_hash
 *   in the headless arena summary, the seed catalog's hashes in
 *   tests/catalog.txt): FNV-1a over each word's eight bytes, low byte first,
 *   from WS_HASH_FNV_OFFSET. Recorded values depend on it: it never changes.
 * Header-only: small inline functions.
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

/* The FNV-1a start value (the 64-bit offset basis). */
#define WS_HASH_FNV_OFFSET 0xcbf29ce484222325ULL

/* Folds the word v into h by FNV-1a, its eight bytes low first. */
static inline uint64_t ws_hash_fnv(uint64_t h, uint64_t v) {
    for (int i = 0; i < 8; i++) {
        h ^= (v >> (8 * i)) & 0xffu;
        h *= 0x100000001b3ULL;
    }
    return h;
}

#endif
