/* dmap.h - Dijkstra maps ("heatmaps"): multi-source distance fields with start values.
 *
 * Every source cell starts at its own value (gold may start at -4 so that a
 * goblin prefers it a little over the hero) and each unit step adds 1; walls
 * are never entered. The flee ("safety") map is another map multiplied by
 * -6/5 (C integer division, truncating toward zero) and relaxed to the fixed
 * point v = min(v, min over neighbours + 1).
 *
 * Both are one algorithm: the sources, sorted by start value, are merged with
 * a FIFO queue of relaxed cells (values in the FIFO never decrease with unit
 * steps), so every cell is finalised once, in nondecreasing value order. That
 * is Dijkstra with a two-queue bucket structure: O(cells + sources log
 * sources), never a repeated full sweep.
 *
 * A DMap owns every buffer, sized once by dmap_init for a w x h board; no
 * compute or update allocates. Walls and unreachable cells hold DMAP_UNREACHED.
 */
#ifndef WS_DMAP_H
#define WS_DMAP_H

#include <stdbool.h>
#include <stdint.h>

#include "dir.h"
#include "ws_error.h"

enum {
    DMAP_UNREACHED = INT32_MAX, /* wall, or no path from any source */
    DMAP_VALUE_LIMIT = 100000000 /* source values must lie in -limit..limit */
};

typedef struct DMapSource {
    int32_t cell;  /* y * w + x */
    int32_t value; /* start value, -DMAP_VALUE_LIMIT..DMAP_VALUE_LIMIT */
} DMapSource;

typedef struct DMap {
    int w, h;
    int32_t *value; /* per cell; DMAP_UNREACHED on walls and where no source reaches */
    int32_t *order; /* cells in the order they were finalised (nondecreasing value) */
    int reached;    /* length of order after the last compute */
    int source_count;    /* sources that were on open cells in the last compute */
    uint64_t generation; /* +1 on every compute; a safety map remembers its base's */
    long recomputes;     /* computes since dmap_init (the HUD shows these) */
    /* change detection for dmap_update / dmap_update_safety */
    bool valid;
    uint64_t walls_version;
    uint64_t base_generation;
    DMapSource *last; /* sources of the last dmap_update (capacity w * h) */
    int last_count;
    /* scratch */
    int32_t *queue;
    int32_t *seeds;
    uint8_t *done;  /* finalised or wall: the relaxation never enters it */
    uint8_t *inside; /* bit d set if the neighbour in direction d is on the board */
} DMap;

/* Allocates every buffer for a w x h board (1..GRID_MAX_SIDE a side). On failure m is
 * zeroed. */
WsStatus dmap_init(DMap *m, int w, int h, WsError *err);

/* Frees the buffers. Safe on a zeroed DMap. */
void dmap_deinit(DMap *m);

/* Recomputes m from `count` sources (at most w * h; extra ones are ignored).
 * `blocked` has w * h bytes, nonzero = wall. A source on a wall or outside
 * the board is ignored; a cell listed twice keeps its lowest value. With no
 * usable source every cell is DMAP_UNREACHED. Counts one recompute. */
void dmap_compute(DMap *m, const uint8_t *blocked, const DMapSource *sources, int count);

/* Like dmap_compute, but stops once `cell` and its open neighbours are final:
 * enough for one downhill step, and what a monster without shared maps
 * would compute (the --naive baseline). Other values are unspecified. */
void dmap_compute_near(DMap *m, const uint8_t *blocked, const DMapSource *sources, int count,
                       int cell);

/* The safety (flee) map of `base` (which must be a full, not partial, map):
 * every reached cell starts at base * -6 / 5 (truncating) and the result is
 * relaxed to the fixed point v = min(v, min over open neighbours + 1).
 * Cells `base` did not reach stay DMAP_UNREACHED. Counts one recompute. */
void dmap_compute_safety(DMap *m, const DMap *base, const uint8_t *blocked);

/* dmap_compute_safety stopping early as dmap_compute_near does. */
void dmap_compute_safety_near(DMap *m, const DMap *base, const uint8_t *blocked, int cell);

/* Recomputes only if the sources (same cells, values and order) or the walls
 * (`walls_version`, which the caller bumps on every wall edit) differ from
 * the last update. Returns true if it recomputed. */
bool dmap_update(DMap *m, const uint8_t *blocked, uint64_t walls_version,
                 const DMapSource *sources, int count);

/* Recomputes the safety map only if `base` was recomputed since the last
 * call. Returns true if it recomputed. */
bool dmap_update_safety(DMap *m, const DMap *base, const uint8_t *blocked);

/* Forgets the last update, so the next dmap_update recomputes. */
void dmap_invalidate(DMap *m);

/* The direction to the open neighbour with the lowest value, provided it is
 * strictly lower than the cell's own; ties keep the first direction in order
 * (up, right, down, left). DIR_NONE at a local minimum or unreached cell. */
Dir dmap_downhill(const DMap *m, int cell);

/* The safety value of a base value: v * -6 / 5 with C truncation. */
static inline int32_t dmap_safety_start(int32_t base) {
    return (int32_t)(((int64_t)base * -6) / 5);
}

#endif
