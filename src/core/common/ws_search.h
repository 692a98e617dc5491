/* ws_search.h - binary search over arrays kept in order of a `long` key.
 *
 * The time-travel histories keep several such arrays (checkpoints by tick
 * and by state, eats, wall toggles, differing spans); one search serves
 * them all. Header-only: one small inline function.
 */
#ifndef WS_SEARCH_H
#define WS_SEARCH_H

#include <stddef.h>

/* The index of the first of the n elements (each `stride` bytes from
 * `base`, in ascending order of the `long` at `key_offset`) whose key is
 * >= key; n when there is none. */
static inline long ws_first_at_least(const void *base, size_t stride, size_t key_offset, long n,
                                     long key) {
    long lo = 0, hi = n;
    while (lo < hi) {
        long mid = lo + (hi - lo) / 2;
        const long *k = (const long *)((const char *)base + (size_t)mid * stride + key_offset);
        if (*k < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

#endif
