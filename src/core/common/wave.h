/* wave.h - breadth-first search wavefront: distances and parents from one cell.
 *
 * A WaveField owns buffers sized once for a w x h board (wave_init) and
 * reuses them on every wave_compute, which never allocates. Neighbours are
 * expanded in the fixed direction order (up, right, down, left) and a cell's
 * parent is the cell that reached it first, so the same input always gives
 * the same wave and the same path. After a compute, `order[0..reached)` is
 * the visit order (distance never decreases along it): overlays animate it.
 */
#ifndef WS_WAVE_H
#define WS_WAVE_H

#include <stdbool.h>
#include <stdint.h>

#include "ws_error.h"

enum { WAVE_UNREACHED = -1, WAVE_NO_PARENT = -1, WAVE_NEVER = INT32_MAX };

typedef struct WaveField {
    int w, h;
    int32_t *dist;   /* steps from the source, WAVE_UNREACHED where not reached */
    int32_t *parent; /* cell that first reached this one, WAVE_NO_PARENT at the source;
                        stale (not reset) where dist is WAVE_UNREACHED */
    int32_t *order;  /* the BFS queue; after a compute, the cells in visit order */
    int reached;     /* how many cells the last compute reached (length of order) */
    int source;      /* source cell of the last compute, -1 before the first */
} WaveField;

/* Allocates the buffers for a w x h board. On failure wf is left zeroed. */
WsStatus wave_init(WaveField *wf, int w, int h, WsError *err);

/* Frees the buffers. Safe on a zeroed WaveField. */
void wave_deinit(WaveField *wf);

/* BFS from `source`. `blocked` has w*h bytes, nonzero meaning the cell may not
 * be entered (the source itself is always reached). If `goal` >= 0 the search
 * stops as soon as the goal is reached and the wave covers only what was
 * searched until then; with goal -1 it floods every reachable cell.
 * Returns true if the goal was reached (always false with goal -1). */
bool wave_compute(WaveField *wf, const uint8_t *blocked, int source, int goal);

/* BFS through cells that open over time, for a moving body: a cell may be
 * entered at distance d only if d + offset >= release[cell] (0 = always open,
 * WAVE_NEVER = never). A cell refused at one distance can still be reached
 * later by a longer route, so the result is the earliest legal arrival.
 * `offset` shifts every release, which lets one array describe the body both
 * now (offset 0) and one move later (offset 1). Otherwise as wave_compute. */
bool wave_compute_timed(WaveField *wf, const int32_t *release, int offset, int source, int goal);

#endif
