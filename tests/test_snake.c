/* Snake rules: start, food placement, the tail cell, growth, win, death,
 * stall, and the same on boards with walls (start rule, food, win, toggles). */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "ascii_map.h"
#include "grid.h"
#include "snake.h"

static void game_open(SnakeGame *g, int w, int h, int len, bool strict, uint64_t seed) {
    SnakeRules r = {w, h, len, strict};
    WsError err = {0};
    ck_assert_msg(snake_game_init(g, &r, seed, &err) == WS_OK, "%s", err.msg);
}

/* Replaces the body with `cells` (head first) and puts the food at `food`. */
static void game_set(SnakeGame *g, const int *cells, int n, int food) {
    Snake *s = &g->snake;
    for (int c = 0; c < s->cap; c++)
        s->occ[c] = 0;
    for (int i = 0; i < n; i++) {
        s->ring[n - 1 - i] = cells[i];
        s->occ[cells[i]] = 1;
    }
    s->len = n;
    s->head = n - 1;
    g->food = food;
}

START_TEST(start_position) {
    SnakeGame g;
    game_open(&g, 8, 6, 4, false, 42);
    const Snake *s = &g.snake;
    ck_assert_int_eq(s->len, 4);
    ck_assert_int_eq(snake_head(s), 3); /* (3,0) */
    ck_assert_int_eq(snake_tail(s), 0); /* (0,0) */
    for (int i = 0; i < 4; i++)
        ck_assert_int_eq(snake_at(s, i), 3 - i);
    ck_assert_int_eq(g.outcome, SNAKE_PLAYING);
    ck_assert_int_eq(g.stall_limit, 4 * 8 * 6);
    snake_game_deinit(&g);
}
END_TEST

START_TEST(rules_ranges) {
    WsError err = {0};
    SnakeRules ok = {20, 20, 4, false};
    ck_assert_int_eq(snake_rules_check(&ok, &err), WS_OK);
    SnakeRules too_long = {4, 4, 5, false}; /* longer than the width */
    ck_assert_int_eq(snake_rules_check(&too_long, &err), WS_ERR_ARG);
    SnakeRules tiny = {1, 5, 1, false};
    ck_assert_int_eq(snake_rules_check(&tiny, &err), WS_ERR_ARG);
    SnakeRules huge = {257, 5, 1, false};
    ck_assert_int_eq(snake_rules_check(&huge, &err), WS_ERR_ARG);
    SnakeRules zero = {5, 5, 0, false};
    ck_assert_int_eq(snake_rules_check(&zero, &err), WS_ERR_ARG);
    SnakeRules two = {2, 2, 2, false}; /* 2 <= W and 2 < 4 cells: fine */
    ck_assert_int_eq(snake_rules_check(&two, &err), WS_OK);
}
END_TEST

START_TEST(food_follows_placement_rule) {
    /* The first food is the k-th empty cell, k = bounded(E) on stream 1. */
    for (uint64_t seed = 0; seed < 50; seed++) {
        SnakeGame g;
        game_open(&g, 5, 4, 3, false, seed);
        Rng r;
        rng_init(&r, seed, 1);
        uint32_t k = rng_bounded(&r, 20 - 3);
        /* Empty cells in row-major order: row 0 from x = 3, then rows 1..3. */
        int expected = (int)k < 2 ? 3 + (int)k : 5 + ((int)k - 2);
        ck_assert_msg(g.food == expected, "seed %llu: food %d, expected %d",
                      (unsigned long long)seed, g.food, expected);
        snake_game_deinit(&g);
    }
}
END_TEST

START_TEST(food_never_on_the_snake) {
    SnakeGame g;
    game_open(&g, 6, 6, 3, false, 1);
    for (uint64_t seed = 0; seed < 200; seed++) {
        snake_game_reset(&g, seed);
        /* Random legal walk; every food must land on an empty cell. */
        Rng walk;
        rng_init(&walk, seed, 9);
        for (int t = 0; t < 300 && g.outcome == SNAKE_PLAYING; t++) {
            Dir d = (Dir)rng_bounded(&walk, 4);
            if (!snake_game_is_legal(&g, d))
                continue;
            snake_game_tick(&g, d);
            if (g.food >= 0)
                ck_assert_msg(!g.snake.occ[g.food], "seed %llu tick %d: food on the body",
                              (unsigned long long)seed, t);
        }
    }
    snake_game_deinit(&g);
}
END_TEST

START_TEST(last_empty_cell_gets_the_food) {
    /* 2x2 board, length 3 after an eat: one empty cell must get the food. */
    SnakeGame g;
    game_open(&g, 2, 2, 2, false, 3);
    int body[3] = {2, 0, 1}; /* head (0,1), then (0,0), tail (1,0) */
    game_set(&g, body, 3, -1);
    snake_game_place_food(&g);
    ck_assert_int_eq(g.food, 3);
    snake_game_deinit(&g);
}
END_TEST

START_TEST(tail_cell_free_unless_strict) {
    /* A 2x2 loop: head (0,1), body (1,1), (1,0), tail (0,0) above the head. */
    int body[4] = {2, 3, 1, 0};
    SnakeGame g;
    game_open(&g, 2, 3, 2, false, 1);
    game_set(&g, body, 4, 5); /* food at (1,2) */
    ck_assert(snake_game_is_legal(&g, DIR_UP)); /* the tail leaves (0,0) */
    ck_assert(!snake_game_is_legal(&g, DIR_RIGHT)); /* body */
    ck_assert(!snake_game_is_legal(&g, DIR_LEFT));  /* wall */
    ck_assert_int_eq(snake_game_tick(&g, DIR_UP), SNAKE_EV_MOVED);
    ck_assert_int_eq(snake_head(&g.snake), 0);
    ck_assert_int_eq(snake_tail(&g.snake), 1);
    ck_assert_int_eq(g.snake.len, 4);
    snake_game_deinit(&g);

    game_open(&g, 2, 3, 2, true, 1);
    game_set(&g, body, 4, 5);
    ck_assert(!snake_game_is_legal(&g, DIR_UP)); /* strict: the tail's cell is blocked */
    ck_assert(snake_game_is_legal(&g, DIR_DOWN));
    snake_game_deinit(&g);
}
END_TEST

START_TEST(eating_grows_and_keeps_the_tail) {
    SnakeGame g;
    game_open(&g, 5, 5, 3, false, 1);
    int body[3] = {2, 1, 0};
    game_set(&g, body, 3, 3); /* food right of the head */
    ck_assert_int_eq(snake_game_tick(&g, DIR_RIGHT), SNAKE_EV_ATE);
    ck_assert_int_eq(g.snake.len, 4);
    ck_assert_int_eq(snake_tail(&g.snake), 0); /* the tail stayed */
    ck_assert_int_eq(snake_head(&g.snake), 3);
    ck_assert_int_eq(g.since_eat, 0);
    ck_assert(g.food >= 0 && !g.snake.occ[g.food]);
    ck_assert_int_eq(snake_game_tick(&g, DIR_DOWN) == SNAKE_EV_OVER, 0);
    ck_assert_int_eq(snake_tail(&g.snake), 1); /* now it moves */
    snake_game_deinit(&g);
}
END_TEST

START_TEST(win_on_full_board) {
    /* 2x2, length 3 in an L; the last cell holds the food: eating fills the board. */
    SnakeGame g;
    game_open(&g, 2, 2, 2, false, 1);
    int body[3] = {1, 0, 2}; /* head (1,0), (0,0), tail (0,1) */
    game_set(&g, body, 3, 3);
    ck_assert_int_eq(snake_game_tick(&g, DIR_DOWN), SNAKE_EV_OVER);
    ck_assert_int_eq(g.outcome, SNAKE_WON);
    ck_assert_int_eq(g.snake.len, 4);
    ck_assert_int_eq(g.food, SNAKE_NO_FOOD);
    ck_assert_int_eq(snake_game_tick(&g, DIR_UP), SNAKE_EV_OVER); /* ignored */
    ck_assert_int_eq(g.steps, 1);
    snake_game_deinit(&g);
}
END_TEST

START_TEST(dead_when_boxed_in) {
    /* 3x3: the head moves into the top-left corner, walled by its own body. */
    SnakeGame g;
    game_open(&g, 3, 3, 2, false, 1);
    int body[5] = {1, 4, 3, 6, 7}; /* head (1,0), (1,1), (0,1), (0,2), tail (1,2) */
    game_set(&g, body, 5, 8);      /* food at (2,2) */
    /* Moving left to (0,0): its neighbours (1,0) and (0,1) are body, and the
     * tail (1,2) is not next to it: no legal move remains. */
    ck_assert_int_eq(snake_game_tick(&g, DIR_LEFT), SNAKE_EV_OVER);
    ck_assert_int_eq(g.outcome, SNAKE_DEAD);
    ck_assert(!snake_game_has_move(&g));
    snake_game_deinit(&g);
}
END_TEST

START_TEST(illegal_move_kills) {
    SnakeGame g;
    game_open(&g, 4, 4, 3, false, 1);
    ck_assert_int_eq(snake_game_tick(&g, DIR_UP), SNAKE_EV_OVER); /* off the board */
    ck_assert_int_eq(g.outcome, SNAKE_DEAD);
    snake_game_reset(&g, 1);
    ck_assert_int_eq(g.outcome, SNAKE_PLAYING);
    ck_assert_int_eq(snake_game_tick(&g, DIR_NONE), SNAKE_EV_OVER);
    ck_assert_int_eq(g.outcome, SNAKE_DEAD);
    snake_game_deinit(&g);
}
END_TEST

/* A forfeit ends a playing game where it stands; a finished game keeps its end. */
START_TEST(forfeit_ends_where_it_stands) {
    SnakeGame g;
    game_open(&g, 4, 4, 3, false, 1);
    snake_game_tick(&g, DIR_DOWN);
    int head = snake_head(&g.snake), food = g.food;
    snake_game_forfeit(&g);
    ck_assert_int_eq(g.outcome, SNAKE_FORFEIT);
    ck_assert_str_eq(snake_outcome_name(g.outcome), "forfeit");
    ck_assert_int_eq(g.steps, 1);
    ck_assert_int_eq(snake_head(&g.snake), head);
    ck_assert_int_eq(g.food, food);
    ck_assert_int_eq(snake_game_tick(&g, DIR_DOWN), SNAKE_EV_OVER);
    ck_assert_int_eq(g.steps, 1);
    snake_game_reset(&g, 1);
    snake_game_tick(&g, DIR_UP); /* dead */
    snake_game_forfeit(&g);
    ck_assert_int_eq(g.outcome, SNAKE_DEAD);
    SnakeOutcome o = SNAKE_PLAYING;
    ck_assert(snake_outcome_parse("forfeit", &o) && o == SNAKE_FORFEIT);
    ck_assert(snake_outcome_parse("stalled", &o) && o == SNAKE_STALLED);
    ck_assert(!snake_outcome_parse("playing", &o));
    ck_assert(!snake_outcome_parse("forfeited", &o));
    snake_game_deinit(&g);
}
END_TEST

START_TEST(stall_after_4wh_ticks) {
    /* A lone head shuttles between (0,0) and (1,0); pick seeds whose food is
     * elsewhere. After exactly 4*W*H ticks without eating the game stalls. */
    SnakeGame g;
    game_open(&g, 4, 3, 1, false, 0);
    uint64_t seed = 0;
    while (g.food == 0 || g.food == 1)
        snake_game_reset(&g, ++seed);
    long limit = 4 * 4 * 3;
    for (long t = 0; t < limit; t++) {
        ck_assert_int_eq(g.outcome, SNAKE_PLAYING);
        snake_game_tick(&g, t % 2 == 0 ? DIR_RIGHT : DIR_LEFT);
    }
    ck_assert_int_eq(g.outcome, SNAKE_STALLED);
    ck_assert_int_eq(g.steps, limit);
    snake_game_deinit(&g);
}
END_TEST

START_TEST(copy_is_independent) {
    SnakeGame g;
    game_open(&g, 6, 6, 4, false, 5);
    Snake c;
    ck_assert_int_eq(snake_init(&c, 6, 6, NULL), WS_OK);
    snake_copy(&c, &g.snake);
    snake_advance(&c, 9, false); /* (3,1), below the head */
    ck_assert_int_eq(snake_head(&g.snake), 3);
    ck_assert(!g.snake.occ[9]);
    ck_assert(g.snake.occ[0]);
    ck_assert(!c.occ[0]); /* the copy's tail left (0,0) */
    ck_assert_int_eq(snake_at(&c, 1), 3);
    snake_deinit(&c);
    snake_game_deinit(&g);
}
END_TEST

/* A game copied mid-play plays on as the original does, in its own
 * buffers: the same moves give the same bodies and foods (the food stream
 * was copied), and the original's walls and body are not the copy's. */
START_TEST(game_copy_plays_on_alike) {
    SnakeGame g, c;
    game_open(&g, 6, 6, 2, true, 7);
    game_open(&c, 6, 6, 4, false, 99); /* other rules and seed: all overwritten */
    uint8_t walls[36] = {0};
    walls[35] = 1;
    ck_assert_int_eq(snake_game_set_walls(&g, walls, NULL), WS_OK);
    static const Dir moves[] = {DIR_DOWN, DIR_RIGHT, DIR_DOWN, DIR_LEFT};
    for (int i = 0; i < 4; i++)
        snake_game_tick(&g, moves[i]);
    snake_game_copy(&c, &g);
    ck_assert_ptr_ne(c.walls, g.walls);
    ck_assert_ptr_ne(c.snake.occ, g.snake.occ);
    ck_assert(c.rules.strict_tail && c.wall_count == 1 && c.walls[35]);
    for (int i = 0; i < 40 && g.outcome == SNAKE_PLAYING; i++) {
        Dir d = DIR_COUNT;
        for (int k = 0; k < DIR_COUNT && d == DIR_COUNT; k++)
            if (snake_game_is_legal(&g, (Dir)((i + k) % DIR_COUNT)))
                d = (Dir)((i + k) % DIR_COUNT);
        if (d == DIR_COUNT)
            break;
        ck_assert_int_eq(snake_game_tick(&g, d), snake_game_tick(&c, d));
        ck_assert_int_eq(snake_head(&g.snake), snake_head(&c.snake));
        ck_assert_int_eq(g.snake.len, c.snake.len);
        ck_assert_int_eq(g.food, c.food);
        ck_assert_int_eq(g.steps, c.steps);
        ck_assert_int_eq(g.outcome, c.outcome);
    }
    g.walls[0] = 1; /* the copy's walls are its own */
    ck_assert(!c.walls[0]);
    snake_game_deinit(&c);
    snake_game_deinit(&g);
}
END_TEST

/* ======================================================================== */
/* Walls                                                                     */
/* ======================================================================== */

enum { MAX_TEST_CELLS = 1024 };

/* A game of start length len on the board drawn by rows. */
static void walled_open(SnakeGame *g, const char *const *rows, int n, int len, uint64_t seed) {
    uint8_t walls[MAX_TEST_CELLS];
    int w, h;
    ck_assert_int_eq(ascii_map_walls(rows, n, walls, sizeof walls, &w, &h), WS_OK);
    game_open(g, w, h, len, false, seed);
    WsError err = {0};
    ck_assert_msg(snake_game_set_walls(g, walls, &err) == WS_OK, "%s", err.msg);
}

START_TEST(start_first_row_with_room) {
    /* Row 0 has runs of 2 only; row 1's leftmost run of 3 starts at x = 2
     * (the run at x = 0 is one cell long). */
    static const char *const rows[] = {"#..#..", ".#....", "......", "......"};
    SnakeGame g;
    walled_open(&g, rows, 4, 3, 42);
    const Snake *s = &g.snake;
    ck_assert_int_eq(snake_tail(s), 1 * 6 + 2);
    ck_assert_int_eq(snake_at(s, 1), 1 * 6 + 3);
    ck_assert_int_eq(snake_head(s), 1 * 6 + 4);
    ck_assert_int_eq(g.wall_count, 3);
    ck_assert_int_eq(g.floor_cells, 21);
    ck_assert_int_eq(g.outcome, SNAKE_PLAYING);
    ck_assert(g.food >= 0 && !g.walls[g.food] && !g.snake.occ[g.food]);
    /* The same length 2 fits in row 0, at its leftmost run (1,0)-(2,0). */
    snake_game_deinit(&g);
    walled_open(&g, rows, 4, 2, 42);
    ck_assert_int_eq(snake_tail(&g.snake), 1);
    ck_assert_int_eq(snake_head(&g.snake), 2);
    /* Resetting keeps the walls and the start. */
    snake_game_reset(&g, 7);
    ck_assert_int_eq(g.wall_count, 3);
    ck_assert_int_eq(snake_tail(&g.snake), 1);
    snake_game_deinit(&g);
}
END_TEST

START_TEST(start_leftmost_run_in_the_row) {
    /* Row 0: a run of 2, a wall, a run of 3: length 3 goes to x = 3..5. */
    static const char *const rows[] = {"..#...", "......"};
    SnakeGame g;
    walled_open(&g, rows, 2, 3, 1);
    ck_assert_int_eq(snake_tail(&g.snake), 3);
    ck_assert_int_eq(snake_head(&g.snake), 5);
    snake_game_deinit(&g);
}
END_TEST

START_TEST(start_no_room) {
    /* No row has 3 floor cells in a row: refused, the game left as it was. */
    static const char *const rows[] = {".#..", "..#.", "#..#"};
    uint8_t walls[MAX_TEST_CELLS];
    int w, h;
    ck_assert_int_eq(ascii_map_walls(rows, 3, walls, sizeof walls, &w, &h), WS_OK);
    SnakeGame g;
    game_open(&g, w, h, 3, false, 5);
    int food = g.food;
    WsError err = {0};
    ck_assert_int_eq(snake_game_set_walls(&g, walls, &err), WS_ERR_ARG);
    ck_assert_str_eq(err.msg, "no room for a start snake of length 3");
    ck_assert_int_eq(g.wall_count, 0);
    ck_assert_int_eq(g.floor_cells, 12);
    ck_assert_int_eq(snake_head(&g.snake), 2);
    ck_assert_int_eq(g.food, food);
    /* Room, but not more floor than the start length: refused too. */
    static const char *const tight[] = {"...", "###"};
    ck_assert_int_eq(ascii_map_walls(tight, 2, walls, sizeof walls, &w, &h), WS_OK);
    snake_game_deinit(&g);
    game_open(&g, w, h, 3, false, 5);
    ck_assert_int_eq(snake_game_set_walls(&g, walls, &err), WS_ERR_ARG);
    ck_assert_ptr_nonnull(strstr(err.msg, "floor cells"));
    /* NULL clears the walls. */
    ck_assert_int_eq(snake_game_set_walls(&g, NULL, &err), WS_OK);
    ck_assert_int_eq(g.floor_cells, 6);
    snake_game_deinit(&g);
}
END_TEST

START_TEST(walled_food_follows_placement_rule) {
    /* 4x3, start length 2 at (0,0)-(1,0). The empty cells, row-major:
     *   ....      (2,0) (3,0)
     *   .##.      (0,1) (3,1)
     *   #...      (1,2) (2,2) (3,2)     E = 7 */
    static const char *const rows[] = {"....", ".##.", "#..."};
    static const int EMPTY[7] = {2, 3, 4, 7, 9, 10, 11};
    for (uint64_t seed = 0; seed < 60; seed++) {
        SnakeGame g;
        walled_open(&g, rows, 3, 2, seed);
        Rng r;
        rng_init(&r, seed, 1);
        int expected = EMPTY[rng_bounded(&r, 7)];
        ck_assert_msg(g.food == expected, "seed %llu: food %d, expected %d",
                      (unsigned long long)seed, g.food, expected);
        snake_game_deinit(&g);
    }
}
END_TEST

START_TEST(walled_food_over_empty_cells_only) {
    /* Random legal walks on a board with walls: every food is where an
     * independent count of the non-wall, non-snake cells puts it. */
    static const char *const rows[] = {"......", ".#..#.", ".#....", "...##.", "......"};
    SnakeGame g;
    walled_open(&g, rows, 5, 3, 1);
    for (uint64_t seed = 0; seed < 200; seed++) {
        snake_game_reset(&g, seed);
        Rng walk, place;
        rng_init(&walk, seed, 9);
        rng_init(&place, seed, 1);
        rng_bounded(&place, (uint32_t)(30 - 5 - 3)); /* the first food */
        for (int t = 0; t < 300 && g.outcome == SNAKE_PLAYING; t++) {
            Dir d = (Dir)rng_bounded(&walk, 4);
            int target = grid_neighbor(6, 5, snake_head(&g.snake), d);
            if (target >= 0 && g.walls[target])
                ck_assert(!snake_game_is_legal(&g, d));
            if (!snake_game_is_legal(&g, d))
                continue;
            if (snake_game_tick(&g, d) != SNAKE_EV_ATE)
                continue;
            int empty = 0;
            for (int c = 0; c < 30; c++)
                empty += !g.walls[c] && !g.snake.occ[c];
            uint32_t k = rng_bounded(&place, (uint32_t)empty);
            int expected = -1;
            for (int c = 0; c < 30 && expected < 0; c++)
                if (!g.walls[c] && !g.snake.occ[c] && k-- == 0)
                    expected = c;
            ck_assert_msg(g.food == expected, "seed %llu tick %d: food %d, expected %d",
                          (unsigned long long)seed, t, g.food, expected);
        }
    }
    snake_game_deinit(&g);
}
END_TEST

START_TEST(walled_win_when_floor_is_full) {
    /* 3x2 with the right column walled: four floor cells. Head (1,1), body
     * (1,0), tail (0,0); the food on the last floor cell (0,1). */
    static const char *const rows[] = {"..#", "..#"};
    SnakeGame g;
    walled_open(&g, rows, 2, 2, 1);
    int body[3] = {4, 1, 0};
    game_set(&g, body, 3, 3);
    ck_assert_int_eq(snake_game_tick(&g, DIR_LEFT), SNAKE_EV_OVER);
    ck_assert_int_eq(g.outcome, SNAKE_WON);
    ck_assert_int_eq(g.snake.len, 4);
    ck_assert_int_eq(g.food, SNAKE_NO_FOOD);
    snake_game_deinit(&g);
}
END_TEST

START_TEST(toggle_wall_rules) {
    SnakeGame g;
    game_open(&g, 5, 4, 3, false, 1);
    int body[3] = {7, 6, 5};                    /* head (2,1), (1,1), tail (0,1) */
    game_set(&g, body, 3, 13);                  /* food (3,2) */
    ck_assert(!snake_game_toggle_wall(&g, 6));  /* the snake */
    ck_assert(!snake_game_toggle_wall(&g, 5));  /* its tail */
    ck_assert(!snake_game_toggle_wall(&g, 13)); /* the food */
    ck_assert(!snake_game_toggle_wall(&g, -1));
    ck_assert(!snake_game_toggle_wall(&g, 20));
    ck_assert_int_eq(g.wall_count, 0);
    /* A wall right of the head: counted, and the move into it is illegal. */
    ck_assert(snake_game_toggle_wall(&g, 8));
    ck_assert_int_eq(g.wall_count, 1);
    ck_assert_int_eq(g.floor_cells, 19);
    ck_assert(!snake_game_is_legal(&g, DIR_RIGHT));
    ck_assert(snake_game_is_legal(&g, DIR_DOWN));
    /* Toggled again it is floor. */
    ck_assert(snake_game_toggle_wall(&g, 8));
    ck_assert_int_eq(g.wall_count, 0);
    ck_assert_int_eq(g.floor_cells, 20);
    ck_assert(snake_game_is_legal(&g, DIR_RIGHT));
    /* Walking into a wall ends the game. */
    ck_assert(snake_game_toggle_wall(&g, 8));
    ck_assert_int_eq(snake_game_tick(&g, DIR_RIGHT), SNAKE_EV_OVER);
    ck_assert_int_eq(g.outcome, SNAKE_DEAD);
    snake_game_deinit(&g);
}
END_TEST

START_TEST(toggle_keeps_room_for_the_next_start) {
    /* 3x2, start length 3: only row 0 or row 1 can hold it. Walling (1,1)
     * leaves row 0; walling (1,0) too would leave no row. */
    SnakeGame g;
    game_open(&g, 3, 2, 3, false, 1);
    int body[1] = {2};
    game_set(&g, body, 1, 5); /* a lone head at (2,0), food (2,1) */
    ck_assert(snake_game_toggle_wall(&g, 4));
    ck_assert(!snake_game_toggle_wall(&g, 1));
    ck_assert_int_eq(g.wall_count, 1);
    snake_game_reset(&g, 2);
    ck_assert_int_eq(snake_tail(&g.snake), 0);
    ck_assert_int_eq(snake_head(&g.snake), 2);
    snake_game_deinit(&g);
}
END_TEST

static Suite *snake_suite(void) {
    Suite *s = suite_create("snake");
    TCase *tc = tcase_create("start");
    tcase_add_test(tc, start_position);
    tcase_add_test(tc, rules_ranges);
    suite_add_tcase(s, tc);
    tc = tcase_create("food");
    tcase_add_test(tc, food_follows_placement_rule);
    tcase_add_test(tc, food_never_on_the_snake);
    tcase_add_test(tc, last_empty_cell_gets_the_food);
    suite_add_tcase(s, tc);
    tc = tcase_create("moves");
    tcase_add_test(tc, tail_cell_free_unless_strict);
    tcase_add_test(tc, eating_grows_and_keeps_the_tail);
    tcase_add_test(tc, illegal_move_kills);
    tcase_add_test(tc, forfeit_ends_where_it_stands);
    tcase_add_test(tc, copy_is_independent);
    tcase_add_test(tc, game_copy_plays_on_alike);
    suite_add_tcase(s, tc);
    tc = tcase_create("end");
    tcase_add_test(tc, win_on_full_board);
    tcase_add_test(tc, dead_when_boxed_in);
    tcase_add_test(tc, stall_after_4wh_ticks);
    suite_add_tcase(s, tc);
    tc = tcase_create("walls");
    tcase_add_test(tc, start_first_row_with_room);
    tcase_add_test(tc, start_leftmost_run_in_the_row);
    tcase_add_test(tc, start_no_room);
    tcase_add_test(tc, walled_food_follows_placement_rule);
    tcase_add_test(tc, walled_food_over_empty_cells_only);
    tcase_add_test(tc, walled_win_when_floor_is_full);
    tcase_add_test(tc, toggle_wall_rules);
    tcase_add_test(tc, toggle_keeps_room_for_the_next_start);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(snake_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
