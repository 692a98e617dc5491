#include "dmap.h"

#include <stdlib.h>
#include <string.h>

#include "grid.h"

/* ======================================================================== */
/* Lifecycle                                                                 */
/* ======================================================================== */

WsStatus dmap_init(DMap *m, int w, int h, WsError *err) {
    memset(m, 0, sizeof *m);
    if (w < 1 || h < 1 || w > GRID_MAX_SIDE || h > GRID_MAX_SIDE)
        return ws_fail(err, WS_ERR_ARG, "map size %dx%d is outside 1..%d", w, h, GRID_MAX_SIDE);
    size_t n = (size_t)w * (size_t)h;
    m->value = malloc(n * sizeof *m->value);
    m->order = malloc(n * sizeof *m->order);
    m->queue = malloc(n * sizeof *m->queue);
    m->seeds = malloc(n * sizeof *m->seeds);
    m->done = malloc(n);
    m->last = malloc(n * sizeof *m->last);
    m->inside = malloc(n);
    if (!m->value || !m->order || !m->queue || !m->seeds || !m->done || !m->last || !m->inside) {
        dmap_deinit(m);
        return ws_fail(err, WS_ERR_NOMEM, "out of memory for a %dx%d map", w, h);
    }
    m->w = w;
    m->h = h;
    for (size_t i = 0; i < n; i++)
        m->value[i] = DMAP_UNREACHED;
    /* Bounds are fixed, so the relaxation looks them up instead of dividing. */
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            uint8_t bits = 0;
            for (int d = 0; d < DIR_COUNT; d++) {
                int nx = x + DIR_DX[d], ny = y + DIR_DY[d];
                if (nx >= 0 && ny >= 0 && nx < w && ny < h)
                    bits |= (uint8_t)(1u << d);
            }
            m->inside[y * w + x] = bits;
        }
    return WS_OK;
}

void dmap_deinit(DMap *m) {
    free(m->value);
    free(m->order);
    free(m->queue);
    free(m->seeds);
    free(m->done);
    free(m->last);
    free(m->inside);
    memset(m, 0, sizeof *m);
}

/* ======================================================================== */
/* The relaxation                                                            */
/* ======================================================================== */

static void reset(DMap *m, const uint8_t *blocked) {
    size_t n = (size_t)m->w * (size_t)m->h;
    for (size_t i = 0; i < n; i++)
        m->value[i] = DMAP_UNREACHED;
    memcpy(m->done, blocked, n); /* walls count as done: one test skips both */
    m->reached = 0;
}

/* Heapsort of seeds[0..n) by value[] ascending. In place, so no compute
 * allocates; O(n log n) on the few sources a map has (gold, potions). */
static void sift_down(int32_t *seeds, const int32_t *value, int root, int n) {
    for (;;) {
        int child = 2 * root + 1;
        if (child >= n)
            return;
        if (child + 1 < n && value[seeds[child + 1]] > value[seeds[child]])
            child++;
        if (value[seeds[root]] >= value[seeds[child]])
            return;
        int32_t t = seeds[root];
        seeds[root] = seeds[child];
        seeds[child] = t;
        root = child;
    }
}

static void sort_seeds(int32_t *seeds, const int32_t *value, int n) {
    for (int i = n / 2 - 1; i >= 0; i--)
        sift_down(seeds, value, i, n);
    for (int end = n - 1; end > 0; end--) {
        int32_t t = seeds[0];
        seeds[0] = seeds[end];
        seeds[end] = t;
        sift_down(seeds, value, 0, end);
    }
}

/* The cells a near-compute waits for: `cell` and its open neighbours. */
typedef struct Wanted {
    int cells[DIR_COUNT + 1];
    int count;
} Wanted;

static void wanted_fill(Wanted *wt, const DMap *m, const uint8_t *blocked, int cell) {
    wt->count = 0;
    if (cell < 0 || cell >= m->w * m->h)
        return;
    wt->cells[wt->count++] = cell;
    int x = cell % m->w, y = cell / m->w;
    for (int d = 0; d < DIR_COUNT; d++) {
        int nx = x + DIR_DX[d], ny = y + DIR_DY[d];
        if (nx < 0 || ny < 0 || nx >= m->w || ny >= m->h || blocked[ny * m->w + nx])
            continue;
        wt->cells[wt->count++] = ny * m->w + nx;
    }
}

/* Finalises cells in nondecreasing value order. On entry value[] holds the
 * start value of every seed (DMAP_UNREACHED elsewhere) and seeds[0..nseeds)
 * is sorted by that value. A seed lowered by a neighbour before its turn is
 * also in the FIFO with the lower value, which pops first; its stale seed
 * entry is skipped by `done`. A cell enters the FIFO at most once, because
 * its first relaxation comes from the lowest finalised neighbour. */
static void relax(DMap *m, int nseeds, Wanted *wanted) {
    const int w = m->w;
    const int offset[DIR_COUNT] = {-w, 1, w, -1}; /* matches DIR_DX / DIR_DY */
    int32_t *value = m->value;
    uint8_t *done = m->done;
    int si = 0, head = 0, tail = 0, reached = 0;
    int waiting = wanted ? wanted->count : 0;
    while (si < nseeds || head < tail) {
        int cell;
        if (head == tail || (si < nseeds && value[m->seeds[si]] <= value[m->queue[head]]))
            cell = m->seeds[si++];
        else
            cell = m->queue[head++];
        if (done[cell])
            continue;
        done[cell] = 1;
        m->order[reached++] = cell;
        if (wanted != NULL) {
            for (int i = 0; i < wanted->count; i++)
                if (wanted->cells[i] == cell)
                    waiting--;
            if (waiting == 0)
                break;
        }
        int32_t next = value[cell] + 1;
        unsigned inside = m->inside[cell];
        for (int d = 0; d < DIR_COUNT; d++) {
            if (!(inside >> d & 1u))
                continue;
            int nb = cell + offset[d];
            if (done[nb] || value[nb] <= next)
                continue;
            value[nb] = next;
            m->queue[tail++] = nb;
        }
    }
    m->reached = reached;
    m->generation++;
    m->recomputes++;
}

static int load_sources(DMap *m, const uint8_t *blocked, const DMapSource *sources, int count) {
    const int n = m->w * m->h;
    if (count > n)
        count = n;
    int nseeds = 0;
    for (int i = 0; i < count; i++) {
        int cell = sources[i].cell;
        int32_t v = sources[i].value;
        if (cell < 0 || cell >= n || blocked[cell])
            continue;
        if (v < -DMAP_VALUE_LIMIT)
            v = -DMAP_VALUE_LIMIT;
        if (v > DMAP_VALUE_LIMIT)
            v = DMAP_VALUE_LIMIT;
        if (m->value[cell] == DMAP_UNREACHED)
            m->seeds[nseeds++] = cell;
        if (v < m->value[cell])
            m->value[cell] = v;
    }
    sort_seeds(m->seeds, m->value, nseeds);
    m->source_count = nseeds;
    return nseeds;
}

/* ======================================================================== */
/* Public functions                                                          */
/* ======================================================================== */

void dmap_compute(DMap *m, const uint8_t *blocked, const DMapSource *sources, int count) {
    reset(m, blocked);
    relax(m, load_sources(m, blocked, sources, count), NULL);
}

void dmap_compute_near(DMap *m, const uint8_t *blocked, const DMapSource *sources, int count,
                       int cell) {
    reset(m, blocked);
    Wanted wt;
    wanted_fill(&wt, m, blocked, cell);
    relax(m, load_sources(m, blocked, sources, count), &wt);
}

/* The base's finalisation order, reversed, is already sorted for the safety
 * map: v * -6 / 5 never increases as v grows, so no sort is needed. */
static int load_safety(DMap *m, const DMap *base) {
    int k = base->reached;
    for (int i = 0; i < k; i++) {
        int cell = base->order[k - 1 - i];
        m->value[cell] = dmap_safety_start(base->value[cell]);
        m->seeds[i] = cell;
    }
    m->source_count = k;
    return k;
}

void dmap_compute_safety(DMap *m, const DMap *base, const uint8_t *blocked) {
    reset(m, blocked);
    relax(m, load_safety(m, base), NULL);
    m->base_generation = base->generation;
}

void dmap_compute_safety_near(DMap *m, const DMap *base, const uint8_t *blocked, int cell) {
    reset(m, blocked);
    Wanted wt;
    wanted_fill(&wt, m, blocked, cell);
    relax(m, load_safety(m, base), &wt);
    m->base_generation = base->generation;
}

bool dmap_update(DMap *m, const uint8_t *blocked, uint64_t walls_version,
                 const DMapSource *sources, int count) {
    const int n = m->w * m->h;
    if (count > n)
        count = n;
    if (m->valid && m->walls_version == walls_version && m->last_count == count &&
        (count == 0 || memcmp(m->last, sources, (size_t)count * sizeof *sources) == 0))
        return false;
    dmap_compute(m, blocked, sources, count);
    if (count > 0)
        memcpy(m->last, sources, (size_t)count * sizeof *sources);
    m->last_count = count;
    m->walls_version = walls_version;
    m->valid = true;
    return true;
}

bool dmap_update_safety(DMap *m, const DMap *base, const uint8_t *blocked) {
    if (m->valid && m->base_generation == base->generation)
        return false;
    dmap_compute_safety(m, base, blocked);
    m->valid = true;
    return true;
}

void dmap_invalidate(DMap *m) { m->valid = false; }

Dir dmap_downhill(const DMap *m, int cell) {
    int32_t best = m->value[cell];
    if (best == DMAP_UNREACHED)
        return DIR_NONE;
    Dir pick = DIR_NONE;
    int x = cell % m->w, y = cell / m->w;
    for (int d = 0; d < DIR_COUNT; d++) {
        int nx = x + DIR_DX[d], ny = y + DIR_DY[d];
        if (nx < 0 || ny < 0 || nx >= m->w || ny >= m->h)
            continue;
        int32_t v = m->value[ny * m->w + nx];
        if (v < best) {
            best = v;
            pick = (Dir)d;
        }
    }
    return pick;
}
