/* path.h - a path of cells, and extracting one from a wave.
 *
 * A Path owns an array sized once (path_init) for the longest path a board
 * can hold; path_clear keeps the capacity. cells[0] is the start and
 * cells[len - 1] the goal, so a path of len cells takes len - 1 steps.
 */
#ifndef WS_PATH_H
#define WS_PATH_H

#include <stdbool.h>
#include <stdint.h>

#include "dir.h"
#include "wave.h"
#include "ws_error.h"

typedef struct Path {
    int32_t *cells;
    int len;
    int cap;
} Path;

/* Allocates room for `cap` cells. On failure path is left zeroed. */
WsStatus path_init(Path *path, int cap, WsError *err);

void path_deinit(Path *path);

static inline void path_clear(Path *path) { path->len = 0; }

/* Steps the path takes (len - 1), or -1 for an empty path. */
static inline int path_steps(const Path *path) { return path->len - 1; }

/* Fills path with the wave's route from its source to `goal` by following
 * parents. Returns false (and an empty path) if the goal was not reached. */
bool path_from_wave(Path *path, const WaveField *wf, int goal);

/* Puts `cell` in front of the path (a new start); returns false, leaving the
 * path unchanged, when it is already at capacity. */
bool path_prepend(Path *path, int cell);

/* Direction of the path's first step, or DIR_NONE if it has fewer than 2 cells. */
Dir path_first_dir(const Path *path, int w);

#endif
