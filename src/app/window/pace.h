/* pace.h - frame pacing by absolute deadlines.
 *
 * The window paces itself to a fixed frame rate even when the renderer
 * claims vsync: the software renderer reports it but does not wait (seen
 * under X11). A limiter that sleeps "one period minus this frame's work"
 * loses on every frame what the sleep loses: SDL_Delay sleeps whole
 * milliseconds and wakes late, by a fraction of a millisecond on an idle
 * machine, more on a busy one (the old limiter measured 59.5 frames/s on
 * an idle machine, under 55 on a loaded one). Here the deadlines are
 * absolute, one period apart, so those losses even out: a frame that wakes
 * late has a shorter wait after it, and the mean rate is the asked one
 * (60.0 frames/s measured after the first frames, recording a GIF or not). A frame that ends more than a period past its
 * successor's deadline (a slow frame, the window dragged) starts a new
 * schedule, so the frames after it are not rushed to catch up.
 *
 * Pure logic: no SDL, no clock of its own. Times are in any counter's units
 * (the caller's performance counter).
 */
#ifndef WS_PACE_H
#define WS_PACE_H

#include <stdint.h>

typedef struct FramePace {
    uint64_t period; /* counter units per frame */
    uint64_t due;    /* when the next frame should start (0: no schedule yet) */
} FramePace;

/* A pace of `rate` frames a second on a counter of `freq` units a second. */
void pace_init(FramePace *p, uint64_t freq, int rate);

/* A frame that started at `start` ends its work at `now` (start <= now).
 * Returns how long to wait before the next frame starts (0: start it now). */
uint64_t pace_wait(FramePace *p, uint64_t start, uint64_t now);

#endif /* WS_PACE_H */
