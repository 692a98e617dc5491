/* The `wave` and `path` text tools: BFS on a text map, printed as text. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "map_file.h"
#include "path.h"
#include "report.h"
#include "textmap.h"
#include "tools.h"
#include "wave.h"

/* ======================================================================== */
/* Command lines                                                             */
/* ======================================================================== */

enum { COORD_LIMIT = 1000000 }; /* coordinates are checked against the map after parsing */

typedef struct GridArgs {
    const char *map;
    long x1, y1, x2, y2;
} GridArgs;

/* clang-format off */
#define COORD(meta, what, field)                                                                   \
    {.name = meta, .kind = OPT_LONG, .lo = -COORD_LIMIT, .hi = COORD_LIMIT, .label = what,          \
     .at = offsetof(GridArgs, field)}

static const OptSpec GRID_ARGS[] = {
    {.name = "MAP", .kind = OPT_TEXT, .at = offsetof(GridArgs, map)},
    COORD("X1", "start x", x1),
    COORD("Y1", "start y", y1),
    COORD("X2", "goal x", x2),
    COORD("Y2", "goal y", y2),
};
static const OptSpec WAVE_ARGS[] = {
    {.name = "MAP", .kind = OPT_TEXT, .at = offsetof(GridArgs, map)},
    COORD("X", "start x", x1),
    COORD("Y", "start y", y1),
};

#undef COORD
/* clang-format on */

/* clang-format off */
const OptCommand TOOL_WAVE = {.name = "wave", .label = "wave", .args = WAVE_ARGS, .nargs = 3,
                              .nargs_min = 3,
                              .summary = "BFS distances from (X,Y), base-62 digits"};
const OptCommand TOOL_PATH = {.name = "path", .label = "path", .args = GRID_ARGS, .nargs = 5,
                              .nargs_min = 5, .summary = "BFS path from (X1,Y1) to (X2,Y2)"};
/* clang-format on */

/* ======================================================================== */
/* Helpers                                                                   */
/* ======================================================================== */

/* Checks that (x, y) names a floor cell of map; its index into *cell. */
static WsStatus floor_cell(const TextMap *map, long x, long y, const char *role, int *cell,
                           WsError *err) {
    if (x < 0 || y < 0 || x >= map->w || y >= map->h)
        return ws_fail(err, WS_ERR_ARG, "%s (%ld, %ld) is outside the %dx%d map", role, x, y,
                       map->w, map->h);
    if (textmap_is_wall(map, (int)x, (int)y))
        return ws_fail(err, WS_ERR_ARG, "%s (%ld, %ld) is on a wall", role, x, y);
    *cell = (int)y * map->w + (int)x;
    return WS_OK;
}

/* Base-62 digit for a distance: 0-9, a-z, A-Z, then '+'. */
static char base62(int dist) {
    static const char DIGITS[] = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    return dist < 62 ? DIGITS[dist] : '+';
}

/* Shared set-up of both tools: map, blocked cells and a wave. */
typedef struct GridTool {
    TextMap map;
    uint8_t *blocked;
    WaveField wave;
} GridTool;

/* Parses the command line, loads the map and sizes the wave; the start
 * (and, for path, the goal) must be floor cells. */
static WsStatus grid_tool_open(GridTool *t, const OptCommand *cmd, int argc, char **argv,
                               int *start, int *goal, WsError *err) {
    GridArgs args = {0};
    char q[WS_QUOTE_SIZE];
    WsStatus st = optparse_parse(cmd, argc, argv, &args, err);
    if (st == WS_OK)
        st = map_file_load(args.map, &t->map, NULL, NULL, err);
    if (st == WS_OK)
        st = floor_cell(&t->map, args.x1, args.y1, "start", start, err);
    if (st == WS_OK && goal != NULL)
        st = floor_cell(&t->map, args.x2, args.y2, "goal", goal, err);
    if (st != WS_OK)
        return st;
    t->blocked = malloc((size_t)t->map.w * (size_t)t->map.h);
    if (t->blocked == NULL || wave_init(&t->wave, t->map.w, t->map.h, err) != WS_OK)
        return ws_fail(err, WS_ERR_NOMEM, "%s: out of memory", ws_quote(q, sizeof q, args.map));
    textmap_to_blocked(&t->map, t->blocked);
    return WS_OK;
}

static void grid_tool_close(GridTool *t) {
    wave_deinit(&t->wave);
    free(t->blocked);
    textmap_deinit(&t->map);
}

/* ======================================================================== */
/* Entry points                                                              */
/* ======================================================================== */

int tool_wave(int argc, char **argv) {
    GridTool t = {0};
    WsError err = {0};
    int source = 0;
    WsStatus st = grid_tool_open(&t, &TOOL_WAVE, argc, argv, &source, NULL, &err);
    if (st == WS_OK) {
        wave_compute(&t.wave, t.blocked, source, -1);
        for (int y = 0; y < t.map.h; y++) {
            for (int x = 0; x < t.map.w; x++) {
                int cell = y * t.map.w + x;
                int dist = t.wave.dist[cell];
                putchar(t.blocked[cell] ? '#' : dist == WAVE_UNREACHED ? ' ' : base62(dist));
            }
            putchar('\n');
        }
    }
    grid_tool_close(&t);
    return report_status(st, &err);
}

int tool_path(int argc, char **argv) {
    GridTool t = {0};
    Path path = {0};
    WsError err = {0};
    int start = 0, goal = 0;
    WsStatus st = grid_tool_open(&t, &TOOL_PATH, argc, argv, &start, &goal, &err);
    if (st == WS_OK)
        st = path_init(&path, t.map.w * t.map.h, &err);
    if (st == WS_OK) {
        Point a = {start % t.map.w, start / t.map.w}, b = {goal % t.map.w, goal / t.map.w};
        bool found = wave_compute(&t.wave, t.blocked, start, goal) || start == goal;
        if (found)
            path_from_wave(&path, &t.wave, goal);
        if (found)
            printf("straight %d, path %d\n", point_manhattan(a, b), path_steps(&path));
        else
            printf("straight %d, path none\n", point_manhattan(a, b));
        char *out = t.map.cells; /* reuse the map's cells as the picture */
        for (int i = 0; i < t.map.w * t.map.h; i++)
            out[i] = t.blocked[i] ? '#' : '.';
        for (int i = 1; i + 1 < path.len; i++)
            out[path.cells[i]] = '*';
        out[start] = 'g';
        out[goal] = '@';
        for (int y = 0; y < t.map.h; y++)
            printf("%.*s\n", t.map.w, out + y * t.map.w);
    }
    path_deinit(&path);
    grid_tool_close(&t);
    return report_status(st, &err);
}
