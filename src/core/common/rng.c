#include "rng.h"

void rng_init(Rng *rng, uint64_t seed, uint64_t seq) {
    rng->state = 0;
    rng->inc = (seq << 1u) | 1u;
    rng_next(rng);
    rng->state += seed;
    rng_next(rng);
}

uint32_t rng_next(Rng *rng) {
    uint64_t old = rng->state;
    rng->state = old * 6364136223846793005ULL + rng->inc;
    uint32_t xorshifted = (uint32_t)(((old >> 18u) ^ old) >> 27u);
    uint32_t rot = (uint32_t)(old >> 59u);
    return (xorshifted >> rot) | (xorshifted << ((-rot) & 31u));
}

uint32_t rng_bounded(Rng *rng, uint32_t n) {
    if (n == 0)
        return 0;
    /* Rejecting values below 2^32 mod n leaves a range that is a multiple of n. */
    uint32_t threshold = (uint32_t)(-n) % n;
    for (;;) {
        uint32_t v = rng_next(rng);
        if (v >= threshold)
            return v % n;
    }
}
