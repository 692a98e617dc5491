/* The snake's board from the options: a size, or a text map of walls. */
#include "snake_board.h"

#include <stdlib.h>
#include <string.h>

#include "map_file.h"

/* The first line of text longer than `max` cells (1-based), or 0. */
static int first_line_wider(const char *text, size_t len, int max) {
    int line = 1, col = 0;
    for (size_t i = 0; i < len; i++) {
        if (text[i] == '\n') {
            line++;
            col = 0;
        } else if (text[i] != '\r' && ++col > max) {
            return line;
        }
    }
    return 0;
}

/* The map's size against the snake's limits, as "FILE:LINE: ..." where a line is to blame. */
static WsStatus check_map_size(const TextMap *map, const char *path, const char *text, size_t len,
                               WsError *err) {
    if (map->w > SNAKE_MAX_SIDE)
        return ws_fail(err, WS_ERR_PARSE,
                       "%s:%d: the line is wider than %d cells (a snake board "
                       "is %d..%d a side)",
                       path, first_line_wider(text, len, SNAKE_MAX_SIDE), SNAKE_MAX_SIDE,
                       SNAKE_MIN_SIDE, SNAKE_MAX_SIDE);
    if (map->h > SNAKE_MAX_SIDE)
        return ws_fail(err, WS_ERR_PARSE,
                       "%s:%d: the map has more than %d rows (a snake board "
                       "is %d..%d a side)",
                       path, SNAKE_MAX_SIDE + 1, SNAKE_MAX_SIDE, SNAKE_MIN_SIDE, SNAKE_MAX_SIDE);
    if (map->w < SNAKE_MIN_SIDE || map->h < SNAKE_MIN_SIDE)
        return ws_fail(err, WS_ERR_PARSE, "%s:%d: the map is %dx%d: a snake board is %d..%d a side",
                       path, map->h, map->w, map->h, SNAKE_MIN_SIDE, SNAKE_MAX_SIDE);
    return WS_OK;
}

/* Reads the map file `path` into b: its size and its walls. */
static WsStatus load_map(SnakeBoard *b, const char *path, WsError *err) {
    char *text = NULL;
    size_t len = 0;
    TextMap map = {0};
    WsStatus st = map_file_load(path, &map, &text, &len, err);
    if (st == WS_OK)
        st = check_map_size(&map, path, text, len, err);
    free(text);
    if (st == WS_OK && (b->walls = malloc((size_t)map.w * (size_t)map.h)) == NULL)
        st = ws_fail(err, WS_ERR_NOMEM, "out of memory for map '%s'", path);
    if (st == WS_OK) {
        textmap_to_blocked(&map, b->walls);
        b->rules.w = map.w;
        b->rules.h = map.h;
    }
    textmap_deinit(&map);
    return st;
}

/* The rules and the start snake's room, checked by the core. */
static WsStatus check_board(SnakeBoard *b, WsError *err) {
    WsStatus st = snake_rules_check(&b->rules, err);
    if (st != WS_OK)
        return st;
    SnakeGame g;
    st = snake_game_init(&g, &b->rules, 0, err);
    if (st == WS_OK)
        st = snake_game_set_walls(&g, b->walls, err);
    if (st == WS_OK) {
        b->wall_count = g.wall_count;
        b->floor_cells = g.floor_cells;
    }
    snake_game_deinit(&g);
    return st;
}

/* The board of `rules`, or of the map at `map` (NULL: none). */
static WsStatus board_open(SnakeBoard *b, const char *map, const SnakeRules *rules, WsError *err) {
    memset(b, 0, sizeof *b);
    b->rules = *rules;
    WsStatus st = map != NULL ? load_map(b, map, err) : WS_OK;
    if (st == WS_OK) {
        WsError why = {0};
        st = check_board(b, &why);
        if (st != WS_OK && map != NULL) /* say which map the rule broke on */
            ws_fail(err, st, "%s: %s", map, why.msg);
        else if (st != WS_OK && err != NULL)
            *err = why;
    }
    if (st != WS_OK)
        snake_board_close(b);
    return st;
}

WsStatus snake_board_open(SnakeBoard *b, const AppOptions *opts, WsError *err) {
    return board_open(b, opts->map, &opts->rules, err);
}

WsStatus snake_board_open_map(SnakeBoard *b, const char *map, const SnakeRules *rules,
                              WsError *err) {
    return board_open(b, map, rules, err);
}

void snake_board_close(SnakeBoard *b) {
    free(b->walls);
    memset(b, 0, sizeof *b);
}
