/* Fuzzes a text map as a snake board with walls (assets/maps/snake): the map
 * reader, the walls and the start rule (snake_game_set_walls), and a few
 * greedy moves on the board, which must never enter a wall. Few moves:
 * greedy's plan search runs hundreds of searches a move, and the moves only
 * check that the board the reader built is one the AI can play. */
#include "fuzz.h"

#include "snake.h"
#include "snake_ai.h"
#include "textmap.h"

enum { SNAKE_TICKS = 4 };

static void play(const TextMap *map, const uint8_t *walls) {
    SnakeRules rules = {map->w, map->h, map->w < 4 ? map->w : 4, false};
    SnakeGame g = {0};
    SnakeAi ai = {0};
    WsError err = {0};
    WsStatus st = snake_rules_check(&rules, &err);
    fuzz_check_error(st, &err, "snake_rules_check");
    if (st == WS_OK)
        st = snake_game_init(&g, &rules, 7, &err);
    if (st == WS_OK) {
        st = snake_game_set_walls(&g, walls, &err);
        fuzz_check_error(st, &err, "snake_game_set_walls");
        if (st == WS_OK &&
            snake_ai_init(&ai, map->w, map->h, SNAKE_POLICY_GREEDY, false, &err) == WS_OK) {
            for (int t = 0; t < SNAKE_TICKS && g.outcome == SNAKE_PLAYING; t++) {
                Dir d = snake_ai_choose(&ai, &g);
                snake_game_tick(&g, d);
                if (g.outcome == SNAKE_PLAYING && walls[snake_head(&g.snake)] != 0) {
                    fprintf(stderr, "snake_map: greedy moved into a wall\n");
                    abort();
                }
            }
            snake_ai_deinit(&ai);
        }
    }
    snake_game_deinit(&g);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    TextMap map = {0};
    if (!fuzz_textmap(data, size, &map))
        return 0;
    if (map.w >= SNAKE_MIN_SIDE && map.h >= SNAKE_MIN_SIDE && map.w <= SNAKE_MAX_SIDE &&
        map.h <= SNAKE_MAX_SIDE) {
        uint8_t *walls = malloc((size_t)map.w * (size_t)map.h);
        if (walls != NULL) {
            textmap_to_blocked(&map, walls);
            play(&map, walls);
        }
        free(walls);
    }
    textmap_deinit(&map);
    return 0;
}
