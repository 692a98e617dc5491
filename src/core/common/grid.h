/* grid.h - points, cell indices and a width x height byte grid.
 *
 * A cell index is `y * w + x`; a Point is (x, y) with the origin top-left.
 * Grid owns its `cells` array (allocated once in grid_init, freed in
 * grid_deinit). Cell bytes are GRID_FLOOR or GRID_WALL unless a module
 * documents its own values.
 */
#ifndef WS_GRID_H
#define WS_GRID_H

#include <stdbool.h>
#include <stdint.h>

#include "dir.h"
#include "ws_error.h"

enum { GRID_FLOOR = 0, GRID_WALL = 1 };
enum { GRID_MAX_SIDE = 512 }; /* largest map side the program accepts */

typedef struct Point {
    int x, y;
} Point;

typedef struct Grid {
    int w, h;
    uint8_t *cells; /* w * h bytes, row-major */
} Grid;

/* Allocates a w x h grid of GRID_FLOOR. Sides must be 1..GRID_MAX_SIDE. */
WsStatus grid_init(Grid *g, int w, int h, WsError *err);

/* Frees the cells; the struct may be reused with grid_init. Safe on a zeroed Grid. */
void grid_deinit(Grid *g);

static inline bool grid_in_bounds(const Grid *g, int x, int y) {
    return x >= 0 && y >= 0 && x < g->w && y < g->h;
}

static inline int grid_index(const Grid *g, int x, int y) { return y * g->w + x; }

/* The (x, y) of a cell index on a board w cells wide. */
static inline Point grid_cell_point(int w, int cell) {
    Point p = {cell % w, cell / w};
    return p;
}

static inline Point grid_point(const Grid *g, int cell) { return grid_cell_point(g->w, cell); }

/* The neighbour of `cell` in direction d, or -1 when it would leave the grid. */
static inline int grid_neighbor(int w, int h, int cell, Dir d) {
    int x = cell % w + DIR_DX[d];
    int y = cell / w + DIR_DY[d];
    if (x < 0 || y < 0 || x >= w || y >= h)
        return -1;
    return y * w + x;
}

/* The direction from cell a to its 4-neighbour b, or DIR_NONE if they are not adjacent. */
Dir grid_dir_between(int w, int a, int b);

static inline int point_manhattan(Point a, Point b) {
    int dx = a.x > b.x ? a.x - b.x : b.x - a.x;
    int dy = a.y > b.y ? a.y - b.y : b.y - a.y;
    return dx + dy;
}

#endif
