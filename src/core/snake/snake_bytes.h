/* snake_bytes.h - little-endian integers and varints in byte buffers.
 *
 * The compact encodings of the snake's history (snake_history.c) and of the
 * AIs' memory (snake_ai_memory_save) are written and read with these. A
 * writer is a bare cursor: the caller sizes the buffer beforehand (the
 * encoders have *_max functions). A reader checks every read against its end;
 * a read past it returns 0 and sets `bad`, so a decoder can read on and test
 * once at the end, and a malformed buffer never reads out of bounds.
 */
#ifndef WS_SNAKE_BYTES_H
#define WS_SNAKE_BYTES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The most bytes a varint of a 64-bit value takes (7 bits per byte). */
enum { SNAKE_BYTES_VARINT_MAX = 10 };

typedef struct SnakeBytesReader {
    const uint8_t *p, *end;
    bool bad; /* a read went past the end */
} SnakeBytesReader;

static inline SnakeBytesReader snake_bytes_reader(const uint8_t *p, size_t len) {
    SnakeBytesReader r = {p, p + len, false};
    return r;
}

/* Writes v in `bytes` little-endian bytes at *p and moves *p past them. */
static inline void snake_bytes_put(uint8_t **p, uint64_t v, int bytes) {
    for (int i = 0; i < bytes; i++)
        *(*p)++ = (uint8_t)(v >> (8 * i));
}

/* Reads `bytes` little-endian bytes (0 and r->bad past the end). */
static inline uint64_t snake_bytes_get(SnakeBytesReader *r, int bytes) {
    if (r->bad || r->end - r->p < bytes) {
        r->bad = true;
        return 0;
    }
    uint64_t v = 0;
    for (int i = 0; i < bytes; i++)
        v |= (uint64_t)*r->p++ << (8 * i);
    return v;
}

/* Writes v as a varint: 7 bits a byte, low bits first, the high bit set on
 * every byte but the last. Small numbers (most of a diff) take one byte. */
static inline void snake_bytes_put_varint(uint8_t **p, uint64_t v) {
    while (v >= 0x80u) {
        *(*p)++ = (uint8_t)(v | 0x80u);
        v >>= 7;
    }
    *(*p)++ = (uint8_t)v;
}

static inline uint64_t snake_bytes_get_varint(SnakeBytesReader *r) {
    uint64_t v = 0;
    for (int shift = 0; shift < 7 * SNAKE_BYTES_VARINT_MAX; shift += 7) {
        if (r->bad || r->p == r->end) {
            r->bad = true;
            return 0;
        }
        uint8_t b = *r->p++;
        v |= (uint64_t)(b & 0x7fu) << shift;
        if ((b & 0x80u) == 0)
            return v;
    }
    r->bad = true; /* longer than any 64-bit value */
    return 0;
}

#endif
