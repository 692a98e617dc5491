/* rng.h - PCG32 (M. O'Neill's pcg32_random_r), exactly as docs/conventions.md#pcg32 defines it.
 *
 * Every random choice in the simulation draws from an Rng passed in by the
 * caller; there is no hidden global generator. Traces and golden runs depend
 * on this exact sequence: init(42, 54) yields 0xa15c02b7 0x7b47f409 ...
 */
#ifndef WS_RNG_H
#define WS_RNG_H

#include <stdint.h>

typedef struct Rng {
    uint64_t state;
    uint64_t inc; /* always odd: (seq << 1) | 1 */
} Rng;

/* Stream numbers. A game uses PLACE and OTHER (docs/conventions.md#streams-and-seeds); FX is the
 * window's cosmetic stream, never a game's, so drawing cannot change a run. */
enum { RNG_STREAM_PLACE = 1, RNG_STREAM_OTHER = 2, RNG_STREAM_FX = 3 };

/* Seeds rng with initial state `seed` on stream `seq`. */
void rng_init(Rng *rng, uint64_t seed, uint64_t seq);

/* The next 32-bit output. */
uint32_t rng_next(Rng *rng);

/* A uniform value in [0, n) without modulo bias; returns 0 when n is 0. */
uint32_t rng_bounded(Rng *rng, uint32_t n);

#endif
