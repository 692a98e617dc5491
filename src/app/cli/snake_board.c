/* The snake's board from the options: a size, or a text map of walls. */
#include "snake_board.h"

#include <stdlib.h>
#include <string.h>

#include "fileio.h"
#include "textmap.h"

/* Reads opts->map into b: its size and its walls. */
static WsStatus load_map(SnakeBoard *b, const AppOptions *opts, WsError *err) {
    if (opts->size_given)
        return ws_fail(err, WS_ERR_ARG,
                       "--map and --size cannot be combined (the map sets the "
                       "board's size)");
    char *text = NULL;
    size_t len = 0;
    WsStatus st = fileio_read(opts->map, "map", FILEIO_MAX_BYTES, &text, &len, err);
    if (st != WS_OK)
        return st;
    TextMap map = {0};
    st = textmap_parse(&map, text, len, opts->map, err);
    free(text);
    if (st != WS_OK)
        return st;
    if (map.w < SNAKE_MIN_SIDE || map.h < SNAKE_MIN_SIDE || map.w > SNAKE_MAX_SIDE ||
        map.h > SNAKE_MAX_SIDE)
        st = ws_fail(err, WS_ERR_ARG, "map '%s' is %dx%d: a snake board is %d..%d a side",
                     opts->map, map.w, map.h, SNAKE_MIN_SIDE, SNAKE_MAX_SIDE);
    else if ((b->walls = malloc((size_t)map.w * (size_t)map.h)) == NULL)
        st = ws_fail(err, WS_ERR_NOMEM, "out of memory for map '%s'", opts->map);
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

WsStatus snake_board_open(SnakeBoard *b, const AppOptions *opts, WsError *err) {
    memset(b, 0, sizeof *b);
    b->rules = opts->rules;
    WsStatus st = opts->map != NULL ? load_map(b, opts, err) : WS_OK;
    if (st == WS_OK) {
        WsError why = {0};
        st = check_board(b, &why);
        if (st != WS_OK && opts->map != NULL) /* say which map the rule broke on */
            ws_fail(err, st, "map '%s': %s", opts->map, why.msg);
        else if (st != WS_OK && err != NULL)
            *err = why;
    }
    if (st != WS_OK)
        snake_board_close(b);
    return st;
}

void snake_board_close(SnakeBoard *b) {
    free(b->walls);
    memset(b, 0, sizeof *b);
}
