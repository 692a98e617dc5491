/* snake_board.h - the snake's board from the command line: --size WxH, or a
 * text map with --map FILE (docs/snake.md#boards-with-walls).
 *
 * The headless run and the window's snake view set up their board the same
 * way, so the rules live here once: the map's size is the board's (2..256 a
 * side; --map with --size is a usage error, options_check), '#' is a wall and any other
 * character floor, and the walls must leave room for the start snake.
 */
#ifndef WS_SNAKE_BOARD_H
#define WS_SNAKE_BOARD_H

#include <stdint.h>

#include "options.h"
#include "snake.h"
#include "ws_error.h"

typedef struct SnakeBoard {
    SnakeRules rules; /* the size from --size or the map; start length and tail rule */
    uint8_t *walls;   /* w*h bytes, 1 = wall, from the map; NULL without one; owned */
    int wall_count;
    int floor_cells; /* w*h - wall_count */
} SnakeBoard;

/* Fills b from opts (--map or --size, --start-length, --strict-tail) and
 * checks the rules and the start snake's room ("no room for a start snake of
 * length N"). The policy is not checked: a headless run refuses a policy that
 * cannot play the walls (snake_policy_check_walls), the window lets greedy
 * play. On failure err has one line and b owns nothing. */
WsStatus snake_board_open(SnakeBoard *b, const AppOptions *opts, WsError *err);

/* The same from a map file alone (the benchmark's --map): its size, its
 * walls, the start length and tail rule of `rules`. */
WsStatus snake_board_open_map(SnakeBoard *b, const char *map, const SnakeRules *rules,
                              WsError *err);
void snake_board_close(SnakeBoard *b);

#endif
