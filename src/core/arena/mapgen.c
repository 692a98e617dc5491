#include "mapgen.h"

#include <stdlib.h>
#include <string.h>

enum {
    ROOM_MIN = 4,          /* a wall keeps at least this many cells on each side */
    ROOM_SPLIT = 14,       /* regions wider or taller than this are always split */
    SCATTER_TRIES = 64,    /* random cells tried before scanning for a free one */
    FLOOR_PER_GOLD = 150,  /* one gold per this many floor cells ... */
    MIN_GOLD = 3,          /* ... and at least this many; likewise potions and monsters */
    FLOOR_PER_POTION = 500,
    MIN_POTIONS = 2,
    FLOOR_PER_MONSTER = 80,
    MIN_MONSTERS = 2,
    SHAMAN_EVERY = 6       /* every 6th monster is a shaman; the others alternate zombie, goblin */
};

static int at_least(int v, int lo) { return v > lo ? v : lo; }

/* A random odd coordinate in [lo, hi] (lo and hi odd). */
static int random_odd(Rng *rng, int lo, int hi) {
    return lo + 2 * (int)rng_bounded(rng, (uint32_t)((hi - lo) / 2 + 1));
}

/* A random even coordinate strictly between lo and hi (both odd), at least
 * ROOM_MIN from each; -1 if the span is too small. */
static int random_even(Rng *rng, int lo, int hi) {
    int first = lo + ROOM_MIN, last = hi - ROOM_MIN;
    if (first % 2 != 0)
        first++;
    if (last % 2 != 0)
        last--;
    if (first > last)
        return -1;
    return first + 2 * (int)rng_bounded(rng, (uint32_t)((last - first) / 2 + 1));
}

/* Splits the open region x0..x1, y0..y1 (inclusive, all odd). Recursion
 * depth is at most log2(512) per axis, so the stack stays small. */
static void divide(char *cells, int w, Rng *rng, int x0, int y0, int x1, int y1) {
    int rw = x1 - x0 + 1, rh = y1 - y0 + 1;
    bool must = rw > ROOM_SPLIT || rh > ROOM_SPLIT;
    if (!must && (rw < 2 * ROOM_MIN + 1 || rh < 2 * ROOM_MIN + 1 || rng_bounded(rng, 3) == 0))
        return;
    bool vertical = rw > rh || (rw == rh && rng_bounded(rng, 2) == 0);
    int at = vertical ? random_even(rng, x0, x1) : random_even(rng, y0, y1);
    if (at < 0) {
        vertical = !vertical;
        at = vertical ? random_even(rng, x0, x1) : random_even(rng, y0, y1);
        if (at < 0)
            return;
    }
    int lo = vertical ? y0 : x0, hi = vertical ? y1 : x1;
    for (int i = lo; i <= hi; i++)
        cells[vertical ? i * w + at : at * w + i] = '#';
    int doors = hi - lo >= 10 ? 2 : 1;
    for (int k = 0; k < doors; k++) {
        int door = random_odd(rng, lo, hi);
        cells[vertical ? door * w + at : at * w + door] = '.';
    }
    if (vertical) {
        divide(cells, w, rng, x0, y0, at - 1, y1);
        divide(cells, w, rng, at + 1, y0, x1, y1);
    } else {
        divide(cells, w, rng, x0, y0, x1, at - 1);
        divide(cells, w, rng, x0, at + 1, x1, y1);
    }
}

/* Puts c on a random floor cell by rejection; falls back to a scan. */
static void scatter(char *cells, int n, Rng *rng, char c) {
    for (int tries = 0; tries < SCATTER_TRIES; tries++) {
        int cell = (int)rng_bounded(rng, (uint32_t)n);
        if (cells[cell] == '.') {
            cells[cell] = c;
            return;
        }
    }
    for (int cell = 0; cell < n; cell++)
        if (cells[cell] == '.') {
            cells[cell] = c;
            return;
        }
}

WsStatus mapgen_generate(TextMap *map, int w, int h, Rng *rng, WsError *err) {
    memset(map, 0, sizeof *map);
    if (w < MAPGEN_MIN_SIDE || h < MAPGEN_MIN_SIDE || w > MAPGEN_MAX_SIDE || h > MAPGEN_MAX_SIDE)
        return ws_fail(err, WS_ERR_ARG, "generated map size %dx%d is outside %d..%d a side", w, h,
                       MAPGEN_MIN_SIDE, MAPGEN_MAX_SIDE);
    int n = w * h;
    char *cells = malloc((size_t)n);
    if (cells == NULL)
        return ws_fail(err, WS_ERR_NOMEM, "out of memory for a %dx%d map", w, h);
    memset(cells, '#', (size_t)n);
    /* The open area spans odd coordinates 1..last; an even-sized board gets
     * a double border on its far side. */
    int xl = (w - 2) % 2 ? w - 2 : w - 3, yl = (h - 2) % 2 ? h - 2 : h - 3;
    for (int y = 1; y <= yl; y++)
        memset(cells + y * w + 1, '.', (size_t)xl);
    divide(cells, w, rng, 1, 1, xl, yl);
    int floor = 0;
    for (int i = 0; i < n; i++)
        floor += cells[i] == '.';
    scatter(cells, n, rng, '@');
    int gold = at_least(floor / FLOOR_PER_GOLD, MIN_GOLD);
    int potions = at_least(floor / FLOOR_PER_POTION, MIN_POTIONS);
    int monsters = at_least(floor / FLOOR_PER_MONSTER, MIN_MONSTERS);
    for (int i = 0; i < gold; i++)
        scatter(cells, n, rng, '$');
    for (int i = 0; i < potions; i++)
        scatter(cells, n, rng, '!');
    for (int i = 0; i < monsters; i++)
        scatter(cells, n, rng, i % SHAMAN_EVERY == SHAMAN_EVERY - 1 ? 's' : i % 2 ? 'g' : 'z');
    map->w = w;
    map->h = h;
    map->cells = cells;
    return WS_OK;
}
