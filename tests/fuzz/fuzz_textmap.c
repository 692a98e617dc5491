/* Fuzzes the text map reader and everything that takes its maps: the text
 * tools' BFS wave and path and the Dijkstra / flee maps (wave, path, dmap)
 * and the arena (`arena --map`, a few ticks). The snake board with walls has
 * a target of its own (fuzz_snake_map.c): greedy's plan search is slow under
 * coverage and would starve these readers. */
#include "fuzz.h"

#include "arena.h"
#include "dmap.h"
#include "path.h"
#include "textmap.h"
#include "wave.h"

enum { ARENA_TICKS = 6 }; /* enough to reach every rule; more only slows the fuzzer */

static void grid_tools(const TextMap *map, const uint8_t *blocked) {
    int n = map->w * map->h, first = -1, last = -1, count = 0;
    for (int c = 0; c < n; c++)
        if (!blocked[c]) {
            first = first < 0 ? c : first;
            last = c;
        }
    WaveField wave = {0};
    Path path = {0};
    DMap base = {0}, flee = {0};
    DMapSource *src = malloc((size_t)n * sizeof *src);
    WsError err = {0};
    if (src != NULL && first >= 0 && wave_init(&wave, map->w, map->h, &err) == WS_OK &&
        path_init(&path, n, &err) == WS_OK && dmap_init(&base, map->w, map->h, &err) == WS_OK &&
        dmap_init(&flee, map->w, map->h, &err) == WS_OK) {
        if (wave_compute(&wave, blocked, first, last))
            path_from_wave(&path, &wave, last);
        for (int c = 0; c < n; c++)
            if (map->cells[c] == '@' || map->cells[c] == '$')
                src[count++] = (DMapSource){c, map->cells[c] == '$' ? -4 : 0};
        if (count > 0) {
            dmap_compute(&base, blocked, src, count);
            dmap_compute_safety(&flee, &base, blocked);
        }
    }
    dmap_deinit(&flee);
    dmap_deinit(&base);
    path_deinit(&path);
    wave_deinit(&wave);
    free(src);
}

static void arena(const TextMap *map) {
    Arena *a = calloc(1, sizeof *a);
    if (a == NULL)
        return;
    ArenaConfig cfg = {7, -1, false};
    WsError err = {0};
    WsStatus st = arena_init(a, map, &cfg, "fuzz.txt", &err);
    fuzz_check_error(st, &err, "arena_init");
    if (st == WS_OK) {
        for (int t = 0; t < ARENA_TICKS; t++)
            arena_tick(a, t % 3 == 0 ? DIR_NONE : (Dir)(t % DIR_COUNT), t % 2 == 0);
        arena_deinit(a);
    }
    free(a);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    TextMap map = {0};
    if (!fuzz_textmap(data, size, &map))
        return 0;
    uint8_t *blocked = malloc((size_t)map.w * (size_t)map.h);
    if (blocked != NULL) {
        textmap_to_blocked(&map, blocked);
        grid_tools(&map, blocked);
        arena(&map);
    }
    free(blocked);
    textmap_deinit(&map);
    return 0;
}
