#include "grid.h"

#include <stdlib.h>

WsStatus grid_init(Grid *g, int w, int h, WsError *err) {
    if (w < 1 || h < 1 || w > GRID_MAX_SIDE || h > GRID_MAX_SIDE)
        return ws_fail(err, WS_ERR_ARG, "grid size %dx%d is outside 1..%d", w, h, GRID_MAX_SIDE);
    g->cells = calloc((size_t)w * (size_t)h, 1);
    if (g->cells == NULL)
        return ws_fail(err, WS_ERR_NOMEM, "out of memory for a %dx%d grid", w, h);
    g->w = w;
    g->h = h;
    return WS_OK;
}

void grid_deinit(Grid *g) {
    free(g->cells);
    g->cells = NULL;
    g->w = g->h = 0;
}

Dir grid_dir_between(int w, int a, int b) {
    int ax = a % w, ay = a / w, bx = b % w, by = b / w;
    for (int d = 0; d < DIR_COUNT; d++)
        if (ax + DIR_DX[d] == bx && ay + DIR_DY[d] == by)
            return (Dir)d;
    return DIR_NONE;
}
