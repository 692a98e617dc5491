/* grid.h - points, cell indices and neighbours on a width x height board.
 *
 * A cell index is `y * w + x`; a Point is (x, y) with the origin top-left.
 * Boards are plain arrays owned by the modules that use them; these helpers
 * only compute with indices and never allocate.
 */
#ifndef WS_GRID_H
#define WS_GRID_H

#include <stdbool.h>
#include <stdint.h>

#include "dir.h"

enum { GRID_MAX_SIDE = 512 }; /* largest map side the program accepts */

typedef struct Point {
    int x, y;
} Point;

/* The (x, y) of a cell index on a board w cells wide. */
static inline Point grid_cell_point(int w, int cell) {
    Point p = {cell % w, cell / w};
    return p;
}

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

/* The Manhattan distance between cells a and b of a grid w wide: the fewest
 * moves from one to the other on an open board. */
static inline int grid_manhattan(int w, int a, int b) {
    int dx = a % w - b % w, dy = a / w - b / w;
    return (dx < 0 ? -dx : dx) + (dy < 0 ? -dy : dy);
}

static inline int point_manhattan(Point a, Point b) {
    int dx = a.x > b.x ? a.x - b.x : b.x - a.x;
    int dy = a.y > b.y ? a.y - b.y : b.y - a.y;
    return dx + dy;
}

#endif
