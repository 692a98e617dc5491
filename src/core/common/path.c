#include "path.h"

#include <stdlib.h>
#include <string.h>

#include "grid.h"

WsStatus path_init(Path *path, int cap, WsError *err) {
    memset(path, 0, sizeof *path);
    if (cap < 1)
        return ws_fail(err, WS_ERR_ARG, "path capacity %d is not positive", cap);
    path->cells = malloc((size_t)cap * sizeof *path->cells);
    if (path->cells == NULL)
        return ws_fail(err, WS_ERR_NOMEM, "out of memory for a path of %d cells", cap);
    path->cap = cap;
    return WS_OK;
}

void path_deinit(Path *path) {
    free(path->cells);
    memset(path, 0, sizeof *path);
}

bool path_from_wave(Path *path, const WaveField *wf, int goal) {
    path->len = 0;
    if (goal < 0 || goal >= wf->w * wf->h || wf->dist[goal] == WAVE_UNREACHED)
        return false;
    int len = wf->dist[goal] + 1;
    if (len > path->cap)
        return false; /* cannot happen when cap >= cells; refuse rather than overrun */
    int cell = goal;
    for (int i = len - 1; i >= 0; i--) {
        path->cells[i] = cell;
        cell = wf->parent[cell];
    }
    path->len = len;
    return true;
}

bool path_prepend(Path *path, int cell) {
    if (path->len >= path->cap)
        return false;
    memmove(path->cells + 1, path->cells, (size_t)path->len * sizeof *path->cells);
    path->cells[0] = cell;
    path->len++;
    return true;
}

Dir path_first_dir(const Path *path, int w) {
    if (path->len < 2)
        return DIR_NONE;
    return grid_dir_between(w, path->cells[0], path->cells[1]);
}
