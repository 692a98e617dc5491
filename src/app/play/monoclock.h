/* monoclock.h - the monotonic clock, for timings (never for decisions: the
 * core has no clock). */
#ifndef WS_MONOCLOCK_H
#define WS_MONOCLOCK_H

#include <stdint.h>

/* Monotonic clock in nanoseconds. */
uint64_t monoclock_now_ns(void);

#endif
