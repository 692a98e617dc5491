#include "wave.h"

#include <stdlib.h>
#include <string.h>

#include "dir.h"

WsStatus wave_init(WaveField *wf, int w, int h, WsError *err) {
    memset(wf, 0, sizeof *wf);
    if (w < 1 || h < 1)
        return ws_fail(err, WS_ERR_ARG, "wave size %dx%d is not positive", w, h);
    size_t n = (size_t)w * (size_t)h;
    wf->dist = malloc(n * sizeof *wf->dist);
    wf->parent = malloc(n * sizeof *wf->parent);
    wf->order = malloc(n * sizeof *wf->order);
    if (wf->dist == NULL || wf->parent == NULL || wf->order == NULL) {
        wave_deinit(wf);
        return ws_fail(err, WS_ERR_NOMEM, "out of memory for a %dx%d wave", w, h);
    }
    wf->w = w;
    wf->h = h;
    wf->source = -1;
    /* All-ones bytes make every int32 -1: WAVE_UNREACHED and WAVE_NO_PARENT. */
    memset(wf->dist, 0xff, n * sizeof *wf->dist);
    memset(wf->parent, 0xff, n * sizeof *wf->parent);
    return WS_OK;
}

void wave_deinit(WaveField *wf) {
    free(wf->dist);
    free(wf->parent);
    free(wf->order);
    memset(wf, 0, sizeof *wf);
}

/* Both searches share this loop; `open` decides whether a neighbour at
 * distance d may be entered. Inlined into each caller, so it costs no call. */
static inline bool search(WaveField *wf, const uint8_t *blocked, const int32_t *release,
                          int offset, int source, int goal) {
    const int w = wf->w, h = wf->h;
    const size_t n = (size_t)w * (size_t)h;
    /* Only dist needs a reset: a parent is read only where dist says reached. */
    memset(wf->dist, 0xff, n * sizeof *wf->dist);
    wf->source = source;
    wf->dist[source] = 0;
    wf->parent[source] = WAVE_NO_PARENT;
    wf->order[0] = source;
    int head = 0, tail = 1;
    bool found = source == goal;
    while (head < tail && !found) {
        int cell = wf->order[head++];
        int x = cell % w, y = cell / w;
        int next_dist = wf->dist[cell] + 1;
        for (int d = 0; d < DIR_COUNT; d++) {
            int nx = x + DIR_DX[d], ny = y + DIR_DY[d];
            if (nx < 0 || ny < 0 || nx >= w || ny >= h)
                continue;
            int nb = ny * w + nx;
            if (wf->dist[nb] != WAVE_UNREACHED)
                continue;
            if (blocked != NULL && blocked[nb])
                continue;
            if (release != NULL && (int64_t)next_dist + offset < release[nb])
                continue;
            wf->dist[nb] = next_dist;
            wf->parent[nb] = cell;
            wf->order[tail++] = nb;
            if (nb == goal) {
                found = true;
                break;
            }
        }
    }
    wf->reached = tail;
    return found;
}

bool wave_compute(WaveField *wf, const uint8_t *blocked, int source, int goal) {
    return search(wf, blocked, NULL, 0, source, goal);
}

bool wave_compute_timed(WaveField *wf, const int32_t *release, int offset, int source, int goal) {
    return search(wf, NULL, release, offset, source, goal);
}
