/* The `wave` and `path` text tools: BFS on a text map, printed as text. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "fileio.h"
#include "path.h"
#include "textmap.h"
#include "tools.h"
#include "wave.h"

bool tool_load_map(const char *path, TextMap *map) {
    char *text = NULL;
    size_t len = 0;
    WsError err = {0};
    if (fileio_read(path, "map", FILEIO_MAX_BYTES, &text, &len, &err) != WS_OK) {
        cli_usage_error("%s", err.msg);
        return false;
    }
    WsStatus st = textmap_parse(map, text, len, path, &err);
    free(text);
    if (st != WS_OK) {
        cli_usage_error("%s", err.msg);
        return false;
    }
    return true;
}

/* Parses X and Y and checks they name a floor cell of map. */
static bool parse_floor_cell(const TextMap *map, const char *xs, const char *ys, const char *role,
                             int *cell) {
    long x = 0, y = 0;
    char what[32];
    snprintf(what, sizeof what, "%s x", role);
    if (!cli_parse_long(xs, -1000000, 1000000, what, &x))
        return false;
    snprintf(what, sizeof what, "%s y", role);
    if (!cli_parse_long(ys, -1000000, 1000000, what, &y))
        return false;
    if (x < 0 || y < 0 || x >= map->w || y >= map->h) {
        cli_usage_error("%s (%ld, %ld) is outside the %dx%d map", role, x, y, map->w, map->h);
        return false;
    }
    if (textmap_is_wall(map, (int)x, (int)y)) {
        cli_usage_error("%s (%ld, %ld) is on a wall", role, x, y);
        return false;
    }
    *cell = (int)y * map->w + (int)x;
    return true;
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

static bool grid_tool_open(GridTool *t, const char *path) {
    if (!tool_load_map(path, &t->map))
        return false;
    WsError err = {0};
    t->blocked = malloc((size_t)t->map.w * (size_t)t->map.h);
    if (t->blocked == NULL || wave_init(&t->wave, t->map.w, t->map.h, &err) != WS_OK) {
        cli_usage_error("%s: out of memory", path);
        return false;
    }
    textmap_to_blocked(&t->map, t->blocked);
    return true;
}

static void grid_tool_close(GridTool *t) {
    wave_deinit(&t->wave);
    free(t->blocked);
    textmap_deinit(&t->map);
}

int tool_wave(int argc, char **argv) {
    if (argc != 3)
        return cli_usage_error("usage: wavesnake wave MAP X Y");
    GridTool t = {0};
    int status = CLI_EXIT_USAGE, source = 0;
    if (grid_tool_open(&t, argv[0]) && parse_floor_cell(&t.map, argv[1], argv[2], "start", &source)) {
        wave_compute(&t.wave, t.blocked, source, -1);
        for (int y = 0; y < t.map.h; y++) {
            for (int x = 0; x < t.map.w; x++) {
                int cell = y * t.map.w + x;
                int dist = t.wave.dist[cell];
                putchar(t.blocked[cell] ? '#' : dist == WAVE_UNREACHED ? ' ' : base62(dist));
            }
            putchar('\n');
        }
        status = CLI_EXIT_OK;
    }
    grid_tool_close(&t);
    return status;
}

int tool_path(int argc, char **argv) {
    if (argc != 5)
        return cli_usage_error("usage: wavesnake path MAP X1 Y1 X2 Y2");
    GridTool t = {0};
    Path path = {0};
    int status = CLI_EXIT_USAGE, start = 0, goal = 0;
    if (grid_tool_open(&t, argv[0]) && parse_floor_cell(&t.map, argv[1], argv[2], "start", &start) &&
        parse_floor_cell(&t.map, argv[3], argv[4], "goal", &goal)) {
        WsError err = {0};
        if (path_init(&path, t.map.w * t.map.h, &err) != WS_OK) {
            status = cli_usage_error("out of memory");
        } else {
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
            status = CLI_EXIT_OK;
        }
    }
    path_deinit(&path);
    grid_tool_close(&t);
    return status;
}
