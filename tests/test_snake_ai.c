/* The greedy policy on hand-built positions, worked out by hand, and
 * invariants of every decision over many seeded games, on plain boards and
 * on boards with walls (random ones and the shipped maps). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ascii_map.h"
#include "grid.h"
#include "require.h"
#include "snake.h"
#include "snake_ai.h"

#ifndef WS_ASSET_DIR
#define WS_ASSET_DIR "assets"
#endif

typedef struct Pos {
    int x, y;
} Pos;

typedef struct Setup {
    SnakeGame game;
    SnakeAi ai;
} Setup;

/* A w x h game with these walls (NULL: none) whose body is `body` (head
 * first) and whose food is at `food`. */
static void setup_walled(Setup *t, int w, int h, const uint8_t *walls, const Pos *body, int n,
                         Pos food, bool strict) {
    SnakeRules r = {w, h, 1, strict};
    ck_assert_int_eq(snake_game_init(&t->game, &r, 1, NULL), WS_OK);
    ck_assert_int_eq(snake_game_set_walls(&t->game, walls, NULL), WS_OK);
    ck_assert_int_eq(snake_ai_init(&t->ai, w, h, SNAKE_POLICY_GREEDY, strict, NULL), WS_OK);
    Snake *s = &t->game.snake;
    for (int c = 0; c < w * h; c++)
        s->occ[c] = 0;
    for (int i = 0; i < n; i++) {
        int cell = body[i].y * w + body[i].x;
        if (i > 0) /* the body must be a chain */
            ck_assert_int_ne(grid_dir_between(w, s->ring[n - i], cell), DIR_NONE);
        s->ring[n - 1 - i] = cell;
        s->occ[cell] = 1;
    }
    s->len = n;
    s->head = n - 1;
    t->game.food = food.y * w + food.x;
    ck_assert(!s->occ[t->game.food] && !t->game.walls[t->game.food]);
}

static void setup(Setup *t, int w, int h, const Pos *body, int n, Pos food, bool strict) {
    setup_walled(t, w, h, NULL, body, n, food, strict);
}

static void teardown_setup(Setup *t) {
    snake_ai_deinit(&t->ai);
    snake_game_deinit(&t->game);
}

START_TEST(eats_when_safe) {
    /* Length 3 in the top row of an empty 8x8 board, food 3 cells ahead. */
    static const Pos body[] = {{2, 0}, {1, 0}, {0, 0}};
    Setup t;
    setup(&t, 8, 8, body, 3, (Pos){5, 0}, false);
    ck_assert_int_eq(snake_ai_choose(&t.ai, &t.game), DIR_RIGHT);
    ck_assert_int_eq(t.ai.reason, SNAKE_REASON_EAT);
    ck_assert(!t.ai.detour); /* the shortest eat: no plan, the HUD says "eat" */
    ck_assert_str_eq(snake_ai_reason_word(&t.ai), "eat");
    ck_assert_int_eq(t.ai.food_path.len, 4); /* (2,0) .. (5,0) */
    ck_assert_int_eq(t.ai.food_path.cells[3], 5);
    ck_assert(t.ai.virt_valid && t.ai.virt_safe);
    ck_assert_int_eq(t.ai.virt.len, 4); /* grown by one */
    ck_assert_int_eq(snake_head(&t.ai.virt), 5);
    ck_assert_int_eq(snake_tail(&t.ai.virt), 2); /* walked 3, grew 1: tail at (2,0) */
    /* The wave the overlay shows is the search that found the food. */
    ck_assert_int_eq(t.ai.wave.source, 2);
    ck_assert_int_eq(t.ai.wave.dist[5], 3);
    teardown_setup(&t);
}
END_TEST

/* 5x5, head H at (1,3), food F in the corner (0,4):
 *   .....
 *   .....
 *   ..4..      4 = tail
 *   .H3..
 *   F12..
 * The shortest eat, by (0,3), ends with the head in the corner beside (1,4),
 * which frees too late: refused. So is the shortest eat after either first
 * move. */
static const Pos CORNER_BODY[] = {{1, 3}, {1, 4}, {2, 4}, {2, 3}, {2, 2}};

START_TEST(follows_tail_when_no_plan_fits) {
    /* With 48 of the 100 ticks of the stall budget gone, a plan has no room
     * left (its moves must end within half the budget): the eat is refused.
     * Legal moves: up (1,2) and left (0,3). After up, the tail is 2 steps
     * away; after left, 4 (round by (0,2), (1,2), (2,2)): the longer tail
     * path wins, so the snake goes left, beside the food, without eating. */
    Setup t;
    setup(&t, 5, 5, CORNER_BODY, 5, (Pos){0, 4}, false);
    t.game.since_eat = 48;
    ck_assert_int_eq(snake_ai_choose(&t.ai, &t.game), DIR_LEFT);
    ck_assert_int_eq(t.ai.reason, SNAKE_REASON_FOLLOW_TAIL);
    ck_assert(t.ai.virt_valid && !t.ai.virt_safe);
    /* The refused eat is still shown: the shortest path (1,3) (0,3) (0,4). */
    ck_assert_int_eq(t.ai.food_path.len, 3);
    /* Tail path: head, then (0,3) ... to the tail after the move, (2,3). */
    ck_assert_int_eq(t.ai.tail_path.cells[0], 3 * 5 + 1);
    ck_assert_int_eq(t.ai.tail_path.cells[1], 3 * 5 + 0);
    ck_assert_int_eq(t.ai.tail_path.cells[t.ai.tail_path.len - 1], 3 * 5 + 2);
    ck_assert_int_eq(t.ai.tail_path.len, 6);
    teardown_setup(&t);
}
END_TEST

START_TEST(eats_by_a_plan_where_the_shortest_eat_traps) {
    /* The same position with time to spare. The old rule followed the tail
     * here (the test above). The plan search evaluates the root's moves,
     * farther from the food first: up (1,2) (the shortest eat from there, by
     * (0,2), ends beside the tail, held a tick by the margin) and left (0,3)
     * (the trap). It then descends into up; there up (1,1) and right (2,2)
     * tie on distance and blocked neighbours, so up comes first in direction
     * order, and its shortest eat (0,1) (0,2) (0,3) (0,4) is safe: by then
     * (1,4) is free and the virtual tail, (1,2), is two steps away. */
    static const Pos plan[] = {{1, 3}, {1, 2}, {1, 1}, {0, 1}, {0, 2}, {0, 3}, {0, 4}};
    Setup t;
    setup(&t, 5, 5, CORNER_BODY, 5, (Pos){0, 4}, false);
    ck_assert_int_eq(snake_ai_choose(&t.ai, &t.game), DIR_UP);
    ck_assert_int_eq(t.ai.reason, SNAKE_REASON_EAT);
    /* A detour before the eat: the reason line says "plan", not "eat". */
    ck_assert(t.ai.detour);
    ck_assert_str_eq(snake_ai_reason_word(&t.ai), "plan");
    ck_assert(t.ai.virt_valid && t.ai.virt_safe);
    ck_assert_int_eq(t.ai.food_path.len, 7);
    for (int i = 0; i < 7; i++)
        ck_assert_int_eq(t.ai.food_path.cells[i], plan[i].y * 5 + plan[i].x);
    /* The wave is still the search toward the food from the head. */
    ck_assert_int_eq(t.ai.wave.source, 3 * 5 + 1);
    /* Following the plan: the next decision takes its next step. */
    snake_game_tick(&t.game, DIR_UP);
    ck_assert_int_eq(snake_ai_choose(&t.ai, &t.game), DIR_UP);
    ck_assert_int_eq(t.ai.food_path.len, 6);
    ck_assert_str_eq(snake_ai_reason_word(&t.ai), "plan"); /* still on the detour */
    teardown_setup(&t);
}
END_TEST

START_TEST(leaves_no_cell_alone) {
    /* 6x6, head H at (4,1), food F at (5,2):
     *   ..oooX
     *   ..oH.
     *   ...t.F
     *   ......       (rows 3 to 5 empty)
     * The shortest path goes right, (5,1), then down: it passes the old
     * check (the tail is round the corner) but leaves X = (5,0) between the
     * body and the walls, a cell the snake could only fill by stepping in and
     * straight out onto its tail. Refused; so is the same eat after the move
     * right. The move down (4,2) eats from the side and leaves (5,0) and
     * (5,1) together. */
    static const Pos body[] = {{4, 1}, {4, 0}, {3, 0}, {2, 0}, {2, 1}, {3, 1}, {3, 2}};
    Setup t;
    setup(&t, 6, 6, body, 7, (Pos){5, 2}, false);
    ck_assert_int_eq(snake_ai_choose(&t.ai, &t.game), DIR_DOWN);
    ck_assert_int_eq(t.ai.reason, SNAKE_REASON_EAT);
    ck_assert_int_eq(t.ai.food_path.len, 3); /* (4,1) (4,2) (5,2) */
    ck_assert_int_eq(t.ai.food_path.cells[1], 2 * 6 + 4);
    teardown_setup(&t);
}
END_TEST

START_TEST(keeps_the_last_cells_in_one_region) {
    /* 5x5, strict tail, length 10, food F at (1,4):
     *   oooot
     *   oooo.
     *   .H...
     *   .....
     *   .F...
     * Eating straight down would wall off (0,2) (0,3) (0,4): 14 cells stay
     * free, at most 16, so they must form one region, and a pocket like that
     * is where the next food can trap a strict-tail snake. The snake sweeps
     * the left column first and eats from its foot: (0,2) (0,3) (0,4) (1,4). */
    static const Pos body[] = {{1, 2}, {1, 1}, {0, 1}, {0, 0}, {1, 0},
                               {2, 0}, {2, 1}, {3, 1}, {3, 0}, {4, 0}};
    static const Pos plan[] = {{1, 2}, {0, 2}, {0, 3}, {0, 4}, {1, 4}};
    Setup t;
    setup(&t, 5, 5, body, 10, (Pos){1, 4}, true);
    ck_assert_int_eq(snake_ai_choose(&t.ai, &t.game), DIR_LEFT);
    ck_assert_int_eq(t.ai.reason, SNAKE_REASON_EAT);
    ck_assert_int_eq(t.ai.food_path.len, 5);
    for (int i = 0; i < 5; i++)
        ck_assert_int_eq(t.ai.food_path.cells[i], plan[i].y * 5 + plan[i].x);
    teardown_setup(&t);
}
END_TEST

START_TEST(wanders_when_no_tail_path) {
    /* 5x5, length 15, head H at (1,4) in a pocket {(0,3), (1,3), (0,4)}:
     *   .e.F.
     *   cd...
     *   ba965
     *   ..874
     *   .0123        e = tail at (1,0)
     * The pocket's walls free at ticks 4 ((0,2)), 5 ((1,2)) and later, but
     * the pocket is only 3 cells deep: no route reaches the tail or the food.
     * Up and left both keep 3 cells: the tie goes to up (direction order). */
    static const Pos body[] = {{1, 4}, {2, 4}, {3, 4}, {4, 4}, {4, 3}, {4, 2}, {3, 2}, {3, 3},
                               {2, 3}, {2, 2}, {1, 2}, {0, 2}, {0, 1}, {1, 1}, {1, 0}};
    Setup t;
    setup(&t, 5, 5, body, 15, (Pos){3, 0}, false);
    ck_assert_int_eq(snake_ai_choose(&t.ai, &t.game), DIR_UP);
    ck_assert_int_eq(t.ai.reason, SNAKE_REASON_WANDER);
    ck_assert_int_eq(t.ai.food_path.len, 0); /* the food was unreachable */
    ck_assert(!t.ai.virt_valid);
    teardown_setup(&t);
}
END_TEST

START_TEST(trapped_returns_none) {
    /* 3x3: head (0,0) boxed by its own body, tail far: no legal move. */
    static const Pos body[] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}, {0, 2}, {1, 2}};
    Setup t;
    setup(&t, 3, 3, body, 6, (Pos){2, 2}, false);
    ck_assert_int_eq(snake_ai_choose(&t.ai, &t.game), DIR_NONE);
    ck_assert_int_eq(t.ai.reason, SNAKE_REASON_TRAPPED);
    teardown_setup(&t);
}
END_TEST

START_TEST(strict_tail_never_enters_leaving_tail) {
    /* A 2x2 loop in a 2x3 board with the tail just above the head; the food
     * is at (1,2). Free rule: following the tail up is allowed. Strict: it
     * is not, so the only legal move is down. */
    static const Pos body[] = {{0, 1}, {1, 1}, {1, 0}, {0, 0}};
    Setup t;
    setup(&t, 2, 3, body, 4, (Pos){1, 2}, true);
    Dir d = snake_ai_choose(&t.ai, &t.game);
    ck_assert_int_eq(d, DIR_DOWN);
    teardown_setup(&t);
}
END_TEST

/* The free cells around the virtual snake v (the board after the eat): how
 * many are alone (every neighbour body or off the board) and how many regions
 * they form. `mark` is w*h bytes of scratch. */
static void free_cells_of(const Snake *v, uint8_t *mark, int *alone, int *regions, int *free_n) {
    int w = v->w, h = v->h, cells = w * h;
    int32_t *queue = malloc((size_t)cells * sizeof *queue);
    ck_assert_ptr_nonnull(queue);
    for (int c = 0; c < cells; c++)
        mark[c] = 0;
    *alone = *regions = *free_n = 0;
    for (int c = 0; c < cells; c++) {
        if (snake_occupies(v, c))
            continue;
        (*free_n)++;
        bool has_free = false;
        for (int d = 0; d < DIR_COUNT; d++) {
            int n = grid_neighbor(w, h, c, (Dir)d);
            has_free = has_free || (n >= 0 && !snake_occupies(v, n));
        }
        *alone += has_free ? 0 : 1;
        if (mark[c])
            continue;
        (*regions)++;
        int head = 0, tail = 0;
        queue[tail++] = c;
        mark[c] = 1;
        while (head < tail) {
            int x = queue[head++];
            for (int d = 0; d < DIR_COUNT; d++) {
                int n = grid_neighbor(w, h, x, (Dir)d);
                if (n >= 0 && !mark[n] && !snake_occupies(v, n)) {
                    mark[n] = 1;
                    queue[tail++] = n;
                }
            }
        }
    }
    free(queue);
}

/* Checks what every decision claims, over whole games. */
static void check_games(int w, int h, bool strict, int games) {
    SnakeRules r = {w, h, 3, strict};
    SnakeGame g;
    SnakeAi ai;
    ck_assert_int_eq(snake_game_init(&g, &r, 0, NULL), WS_OK);
    ck_assert_int_eq(snake_ai_init(&ai, w, h, SNAKE_POLICY_GREEDY, strict, NULL), WS_OK);
    uint8_t *mark = malloc((size_t)(w * h));
    ck_assert_ptr_nonnull(mark);
    for (int seed = 0; seed < games; seed++) {
        snake_game_reset(&g, (uint64_t)seed);
        while (g.outcome == SNAKE_PLAYING) {
            int head = snake_head(&g.snake);
            Dir d = snake_ai_choose(&ai, &g);
            REQUIRE_MSG(d != DIR_NONE, "seed %d: no move although a legal one exists", seed);
            REQUIRE_MSG(snake_game_is_legal(&g, d), "seed %d step %ld: illegal move", seed,
                        g.steps);
            int target = grid_neighbor(w, h, head, d);
            if (ai.reason == SNAKE_REASON_EAT) {
                const Path *p = &ai.food_path;
                REQUIRE(ai.virt_safe);
                REQUIRE_INT_EQ(p->cells[0], head);
                REQUIRE_INT_EQ(p->cells[p->len - 1], g.food);
                REQUIRE_INT_EQ(p->cells[1], target);
                for (int i = 1; i < p->len; i++)
                    REQUIRE(grid_dir_between(w, p->cells[i - 1], p->cells[i]) != DIR_NONE);
                REQUIRE_INT_EQ(snake_head(&ai.virt), g.food);
                REQUIRE_INT_EQ(ai.virt.len, g.snake.len + 1);
                /* The hole rules, while they hold (three quarters of the stall
                 * budget, counted up to the eat). */
                if (g.since_eat + p->len - 1 < g.stall_limit / 4 * 3) {
                    int alone, regions, free_n;
                    free_cells_of(&ai.virt, mark, &alone, &regions, &free_n);
                    REQUIRE_MSG(alone == 0, "seed %d step %ld: an eat leaves a cell alone", seed,
                                g.steps);
                    REQUIRE_MSG(free_n > 16 || regions <= 1,
                                "seed %d step %ld: %d free cells in %d regions", seed, g.steps,
                                free_n, regions);
                }
            } else if (ai.reason == SNAKE_REASON_FOLLOW_TAIL) {
                ck_assert_int_ne(target, g.food); /* it never eats by accident */
                ck_assert_int_ge(ai.tail_path.len, 2);
                REQUIRE_INT_EQ(ai.tail_path.cells[0], head);
                REQUIRE_INT_EQ(ai.tail_path.cells[1], target);
            } else {
                REQUIRE_INT_EQ(ai.reason, SNAKE_REASON_WANDER);
            }
            snake_game_tick(&g, d);
        }
        ck_assert_msg(g.snake.len >= 3, "seed %d", seed);
    }
    free(mark);
    snake_ai_deinit(&ai);
    snake_game_deinit(&g);
}

START_TEST(decisions_keep_their_claims_free) { check_games(6, 6, false, 150); }
END_TEST

START_TEST(decisions_keep_their_claims_strict) { check_games(7, 5, true, 150); }
END_TEST

START_TEST(same_game_same_moves) {
    /* Determinism: two AIs on the same seed make the same decisions. */
    SnakeRules r = {10, 10, 4, false};
    SnakeGame a, b;
    SnakeAi ia, ib;
    ck_assert_int_eq(snake_game_init(&a, &r, 77, NULL), WS_OK);
    ck_assert_int_eq(snake_game_init(&b, &r, 77, NULL), WS_OK);
    ck_assert_int_eq(snake_ai_init(&ia, 10, 10, SNAKE_POLICY_GREEDY, false, NULL), WS_OK);
    ck_assert_int_eq(snake_ai_init(&ib, 10, 10, SNAKE_POLICY_GREEDY, false, NULL), WS_OK);
    while (a.outcome == SNAKE_PLAYING) {
        Dir da = snake_ai_choose(&ia, &a), db = snake_ai_choose(&ib, &b);
        REQUIRE_INT_EQ(da, db);
        snake_game_tick(&a, da);
        snake_game_tick(&b, db);
    }
    ck_assert_int_eq(a.steps, b.steps);
    snake_ai_deinit(&ia);
    snake_ai_deinit(&ib);
    snake_game_deinit(&a);
    snake_game_deinit(&b);
}
END_TEST

/* Plays seeds 1..games on a w x h board from length 4; returns the wins. */
static int wins(int w, int h, bool strict, int games) {
    SnakeRules r = {w, h, 4, strict};
    SnakeGame g;
    SnakeAi ai;
    ck_assert_int_eq(snake_game_init(&g, &r, 0, NULL), WS_OK);
    ck_assert_int_eq(snake_ai_init(&ai, w, h, SNAKE_POLICY_GREEDY, strict, NULL), WS_OK);
    int won = 0;
    for (int seed = 1; seed <= games; seed++) {
        snake_game_reset(&g, (uint64_t)seed);
        while (g.outcome == SNAKE_PLAYING)
            snake_game_tick(&g, snake_ai_choose(&ai, &g));
        won += g.outcome == SNAKE_WON;
    }
    snake_ai_deinit(&ai);
    snake_game_deinit(&g);
    return won;
}

START_TEST(small_boards_are_won) {
    /* Not a benchmark: a floor that catches a broken policy. Seeds 1..40 on
     * 8x8: the greedy snake of the design card won 31 (free tail) and 24
     * (strict; 13 deaths), stalling or dying in the endgame. With the plan
     * search and the hole rules it wins 40 and 37. */
    int free_won = wins(8, 8, false, 40), strict_won = wins(8, 8, true, 40);
    ck_assert_msg(free_won >= 38, "free tail: %d of 40 won", free_won);
    ck_assert_msg(strict_won >= 34, "strict tail: %d of 40 won", strict_won);
}
END_TEST

/* The kept plan search only saves work: an AI cleared before every decision,
 * so that it searches afresh each time, decides the same, move for move. */
static void check_resume(int w, int h, bool strict, int games) {
    SnakeRules r = {w, h, 3, strict};
    SnakeGame g;
    SnakeAi kept, fresh;
    ck_assert_int_eq(snake_game_init(&g, &r, 0, NULL), WS_OK);
    ck_assert_int_eq(snake_ai_init(&kept, w, h, SNAKE_POLICY_GREEDY, strict, NULL), WS_OK);
    ck_assert_int_eq(snake_ai_init(&fresh, w, h, SNAKE_POLICY_GREEDY, strict, NULL), WS_OK);
    for (int seed = 0; seed < games; seed++) {
        snake_game_reset(&g, (uint64_t)seed);
        while (g.outcome == SNAKE_PLAYING) {
            snake_ai_clear(&fresh);
            Dir a = snake_ai_choose(&kept, &g), b = snake_ai_choose(&fresh, &g);
            REQUIRE_MSG(a == b, "seed %d step %ld: kept search %d, new search %d", seed, g.steps, a,
                        b);
            REQUIRE_INT_EQ(kept.food_path.len, fresh.food_path.len);
            snake_game_tick(&g, a);
        }
    }
    snake_ai_deinit(&kept);
    snake_ai_deinit(&fresh);
    snake_game_deinit(&g);
}

START_TEST(kept_search_decides_as_a_new_one) {
    check_resume(6, 6, false, 40);
    check_resume(7, 5, true, 40);
}
END_TEST

START_TEST(names_come_from_the_tables) {
    ck_assert_str_eq(snake_policy_name(SNAKE_POLICY_GREEDY), "greedy");
    ck_assert_str_eq(snake_policy_name(SNAKE_POLICY_HAMILTON), "hamilton");
    ck_assert_str_eq(snake_policy_name(SNAKE_POLICY_PERFECT), "perfect");
    ck_assert_str_eq(snake_policy_name(SNAKE_POLICY_COUNT), "?");
    ck_assert_str_eq(snake_reason_name(SNAKE_REASON_FOLLOW_TAIL), "follow-tail");
    /* The one-word reason is the name unless an eat comes after a detour. */
    SnakeAi ai = {.reason = SNAKE_REASON_FOLLOW_TAIL, .detour = false};
    ck_assert_str_eq(snake_ai_reason_word(&ai), "follow-tail");
    ck_assert_str_eq(snake_reason_name((SnakeReason)-1), "?");
}
END_TEST

/* ======================================================================== */
/* Walls                                                                     */
/* ======================================================================== */

START_TEST(food_path_goes_around_a_wall) {
    /* 5x3, a lone head H at (0,1), the food F at (4,1), a wall at (2,1):
     *   .....
     *   H.#.F
     *   .....
     * BFS (up, right, down, left; first arrival is the parent) reaches F at
     * distance 6 from (4,0): the path runs along the top row, so the first
     * step is up. The wall is never reached. */
    static const char *const rows[] = {".....", "..#..", "....."};
    uint8_t walls[15];
    int w, h;
    ck_assert_int_eq(ascii_map_walls(rows, 3, walls, sizeof walls, &w, &h), WS_OK);
    ck_assert(w == 5 && h == 3);
    static const Pos body[] = {{0, 1}};
    Setup t;
    setup_walled(&t, 5, 3, walls, body, 1, (Pos){4, 1}, false);
    ck_assert_int_eq(snake_ai_choose(&t.ai, &t.game), DIR_UP);
    ck_assert_int_eq(t.ai.reason, SNAKE_REASON_EAT);
    static const int want[7] = {5, 0, 1, 2, 3, 4, 9};
    ck_assert_int_eq(t.ai.food_path.len, 7);
    for (int i = 0; i < 7; i++)
        ck_assert_int_eq(t.ai.food_path.cells[i], want[i]);
    ck_assert_int_eq(t.ai.wave.dist[7], WAVE_UNREACHED);
    teardown_setup(&t);
}
END_TEST

START_TEST(virtual_eat_sees_walls) {
    /* 3x2, head H (0,0), tail T (0,1), food F (1,0):
     *   HF.
     *   T#.      (1,1): floor, then a wall
     * Without the wall the virtual snake after the eat (head (1,0), (0,0),
     * tail (0,1)) reaches its tail by (1,1) in 2 steps, when the tail is
     * free (tick 1, plus the one-tick margin): eat. With the wall the only
     * way is the body cell (0,0), held until tick 3, and the dead end on
     * the right: the eat is unsafe, and following the tail down wins. */
    static const Pos body[] = {{0, 0}, {0, 1}};
    uint8_t walls[6] = {0};
    Setup t;
    setup_walled(&t, 3, 2, walls, body, 2, (Pos){1, 0}, false);
    ck_assert_int_eq(snake_ai_choose(&t.ai, &t.game), DIR_RIGHT);
    ck_assert_int_eq(t.ai.reason, SNAKE_REASON_EAT);
    ck_assert(t.ai.virt_valid && t.ai.virt_safe);
    teardown_setup(&t);
    walls[4] = 1;
    setup_walled(&t, 3, 2, walls, body, 2, (Pos){1, 0}, false);
    ck_assert_int_eq(snake_ai_choose(&t.ai, &t.game), DIR_DOWN);
    ck_assert_int_eq(t.ai.reason, SNAKE_REASON_FOLLOW_TAIL);
    ck_assert(t.ai.virt_valid && !t.ai.virt_safe);
    /* The release scratch holds nothing between decisions, walls included. */
    for (int c = 0; c < 6; c++)
        ck_assert_int_eq(t.ai.release[c], 0);
    teardown_setup(&t);
}
END_TEST

/* Plays greedy games on random walled boards and checks every decision:
 * a legal move whenever one exists, never into a wall, paths and waves that
 * never touch a wall. Some games also toggle walls between moves, as a
 * window user does. */
static void check_walled_games(uint64_t seed0, int boards) {
    for (int b = 0; b < boards; b++) {
        uint64_t seed = seed0 + (uint64_t)b;
        Rng r;
        rng_init(&r, seed, 7);
        int w = 4 + (int)rng_bounded(&r, 9), h = 3 + (int)rng_bounded(&r, 9);
        int len = 1 + (int)rng_bounded(&r, 3);
        bool strict = rng_bounded(&r, 3) == 0;
        bool toggles = rng_bounded(&r, 2) == 0;
        uint32_t density = 5 + rng_bounded(&r, 25); /* percent */
        uint8_t walls[12 * 12];
        for (int c = 0; c < w * h; c++)
            walls[c] = rng_bounded(&r, 100) < density;
        SnakeRules rules = {w, h, len, strict};
        SnakeGame g;
        SnakeAi ai;
        ck_assert_int_eq(snake_game_init(&g, &rules, seed, NULL), WS_OK);
        ck_assert_int_eq(snake_ai_init(&ai, w, h, SNAKE_POLICY_GREEDY, strict, NULL), WS_OK);
        if (snake_game_set_walls(&g, walls, NULL) != WS_OK) { /* no room: skip the board */
            snake_ai_deinit(&ai);
            snake_game_deinit(&g);
            continue;
        }
        for (int game = 0; game < 2; game++) {
            snake_game_reset(&g, seed * 8 + (uint64_t)game);
            while (g.outcome == SNAKE_PLAYING) {
                if (toggles && rng_bounded(&r, 8) == 0)
                    snake_game_toggle_wall(&g, (int)rng_bounded(&r, (uint32_t)(w * h)));
                int head = snake_head(&g.snake);
                Dir d = snake_ai_choose(&ai, &g);
                REQUIRE_MSG(d != DIR_NONE || !snake_game_has_move(&g),
                            "seed %llu game %d step %ld: no move although one is legal",
                            (unsigned long long)seed, game, g.steps);
                if (d != DIR_NONE) {
                    int target = grid_neighbor(w, h, head, d);
                    REQUIRE_MSG(snake_game_is_legal(&g, d) && !g.walls[target],
                                "seed %llu game %d step %ld: illegal move %d",
                                (unsigned long long)seed, game, g.steps, (int)d);
                }
                const Path *paths[2] = {&ai.food_path, &ai.tail_path};
                for (int p = 0; p < 2; p++)
                    for (int i = 0; i < paths[p]->len; i++)
                        REQUIRE_MSG(!g.walls[paths[p]->cells[i]],
                                    "seed %llu game %d step %ld: a path through a wall",
                                    (unsigned long long)seed, game, g.steps);
                for (int i = 0; ai.wave.source >= 0 && i < ai.wave.reached; i++)
                    REQUIRE_MSG(!g.walls[ai.wave.order[i]],
                                "seed %llu game %d step %ld: the wave entered a wall",
                                (unsigned long long)seed, game, g.steps);
                snake_game_tick(&g, d);
            }
            ck_assert_msg(g.outcome != SNAKE_WON || g.snake.len == g.floor_cells, "seed %llu",
                          (unsigned long long)seed);
        }
        snake_ai_deinit(&ai);
        snake_game_deinit(&g);
    }
}

START_TEST(greedy_on_random_walled_boards) { check_walled_games(1000, 50); }
END_TEST

static char *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    char *buf = malloc(1 << 17);
    ck_assert_ptr_nonnull(buf);
    *len = fread(buf, 1, (1 << 17) - 1, f);
    fclose(f);
    return buf;
}

/* The shipped snake maps: each parses, has room for the start, has block
 * walls or not as listed, and greedy plays a whole game on it without an
 * illegal move. The length is a floor
 * that catches a broken policy, well below what greedy reaches (seed 1:
 * pillars 350, rooms 322, maze 145, spiral 30; it does badly in corridors,
 * where a shortest path that crosses from one side to the other blocks the
 * way back to the tail). */
typedef struct MapCase {
    const char *name;
    int min_length;
    bool blocks; /* walls are whole 2x2 blocks of the block grid, free blocks connected */
} MapCase;
static const MapCase SNAKE_MAPS[] = {
    {"pillars", 250, true}, {"rooms", 250, true}, {"maze", 60, true}, {"spiral", 12, false}};

/* Whether the walls are whole blocks (cells (2i..2i+1, 2j..2j+1)) on a board
 * with even sides, and the free blocks are connected
 * (docs/snake.md#boards-with-walls: the boards the cycle policies will play). */
static bool walls_are_connected_blocks(const uint8_t *walls, int w, int h) {
    if (w % 2 != 0 || h % 2 != 0)
        return false;
    int bw = w / 2, bh = h / 2, free_blocks = 0, first = -1;
    for (int b = 0; b < bw * bh; b++) {
        int c = (b / bw) * 2 * w + (b % bw) * 2;
        int n = walls[c] + walls[c + 1] + walls[c + w] + walls[c + w + 1];
        if (n != 0 && n != 4)
            return false;
        if (n == 0 && first < 0)
            first = b;
        free_blocks += n == 0;
    }
    /* Flood the free blocks from the first one. */
    int *queue = malloc(sizeof(int) * (size_t)(bw * bh));
    uint8_t *seen = calloc((size_t)(bw * bh), 1);
    ck_assert(queue != NULL && seen != NULL && first >= 0);
    int head = 0, tail = 0;
    queue[tail++] = first;
    seen[first] = 1;
    while (head < tail) {
        int b = queue[head++];
        for (int d = 0; d < DIR_COUNT; d++) {
            int n = grid_neighbor(bw, bh, b, (Dir)d);
            if (n >= 0 && !seen[n] && !walls[(n / bw) * 2 * w + (n % bw) * 2]) {
                seen[n] = 1;
                queue[tail++] = n;
            }
        }
    }
    free(queue);
    free(seen);
    return tail == free_blocks;
}

/* Loads assets/maps/snake/NAME.txt into map; returns its walls (malloc'd). */
static uint8_t *load_snake_map(const char *name, TextMap *map) {
    char path[512];
    snprintf(path, sizeof path, "%s/maps/snake/%s.txt", WS_ASSET_DIR, name);
    size_t n;
    char *text = read_file(path, &n);
    WsError err = {0};
    ck_assert_msg(textmap_parse(map, text, n, path, &err) == WS_OK, "%s", err.msg);
    free(text);
    ck_assert(map->w >= 2 && map->h >= 2 && map->w <= 256 && map->h <= 256);
    uint8_t *walls = malloc((size_t)(map->w * map->h));
    ck_assert_ptr_nonnull(walls);
    textmap_to_blocked(map, walls);
    return walls;
}

START_TEST(greedy_plays_the_shipped_maps) {
    const char *name = SNAKE_MAPS[_i].name;
    TextMap map;
    WsError err = {0};
    uint8_t *walls = load_snake_map(name, &map);
    ck_assert_msg(walls_are_connected_blocks(walls, map.w, map.h) == SNAKE_MAPS[_i].blocks,
                  "%s: block walls %s expected", name, SNAKE_MAPS[_i].blocks ? "" : "not");
    SnakeRules rules = {map.w, map.h, 4, false};
    SnakeGame g;
    SnakeAi ai;
    ck_assert_int_eq(snake_game_init(&g, &rules, 1, NULL), WS_OK);
    ck_assert_msg(snake_game_set_walls(&g, walls, &err) == WS_OK, "%s: %s", name, err.msg);
    ck_assert_int_eq(snake_ai_init(&ai, map.w, map.h, SNAKE_POLICY_GREEDY, false, NULL), WS_OK);
    while (g.outcome == SNAKE_PLAYING) {
        Dir d = snake_ai_choose(&ai, &g);
        REQUIRE_MSG(d == DIR_NONE || snake_game_is_legal(&g, d), "%s step %ld: illegal move", name,
                    g.steps);
        snake_game_tick(&g, d);
    }
    ck_assert_msg(g.snake.len >= SNAKE_MAPS[_i].min_length, "%s: length %d of %d", name,
                  g.snake.len, g.floor_cells);
    snake_ai_deinit(&ai);
    snake_game_deinit(&g);
    free(walls);
    textmap_deinit(&map);
}
END_TEST

/* The spiral game of seed 1 (free tail, start length 4). At length 30 the
 * food appeared at (19,0), on the top edge beyond the spiral, while the snake
 * was in the inner room; the shortest path runs up the right-hand corridor
 * and turns along the top edge onto the food, so the body lies across the
 * 3-wide corridor there and the virtual snake cannot reach its tail. Greedy
 * refused that eat every tick and circled in the room until the game
 * stalled at length 30. Entering the food from its other side (from the
 * left or from below) leaves the corridor open: the snake must eat it, and
 * then never stall on the way to length 100. */
START_TEST(greedy_eats_beyond_the_spiral_corridor) {
    TextMap map;
    WsError err = {0};
    uint8_t *walls = load_snake_map("spiral", &map);
    SnakeRules rules = {map.w, map.h, 4, false};
    SnakeGame g;
    SnakeAi ai;
    ck_assert_int_eq(snake_game_init(&g, &rules, 1, NULL), WS_OK);
    ck_assert_int_eq(snake_game_set_walls(&g, walls, &err), WS_OK);
    ck_assert_int_eq(snake_ai_init(&ai, map.w, map.h, SNAKE_POLICY_GREEDY, false, NULL), WS_OK);
    while (g.outcome == SNAKE_PLAYING && g.snake.len < 100)
        snake_game_tick(&g, snake_ai_choose(&ai, &g));
    ck_assert_msg(g.snake.len >= 100, "%s at length %d, step %ld", snake_outcome_name(g.outcome),
                  g.snake.len, g.steps);
    snake_ai_deinit(&ai);
    snake_game_deinit(&g);
    free(walls);
    textmap_deinit(&map);
}
END_TEST

START_TEST(cycle_policies_refuse_walls) {
    uint8_t walls[8 * 8] = {0};
    WsError err = {0};
    for (int p = SNAKE_POLICY_HAMILTON; p <= SNAKE_POLICY_PERFECT; p++) {
        ck_assert_int_eq(snake_policy_check_walls((SnakePolicy)p, 8, 8, walls, NULL), WS_OK);
        ck_assert_int_eq(snake_policy_check_walls((SnakePolicy)p, 8, 8, NULL, NULL), WS_OK);
    }
    walls[3 * 8 + 5] = 1;
    ck_assert_int_eq(snake_policy_check_walls(SNAKE_POLICY_GREEDY, 8, 8, walls, &err), WS_OK);
    ck_assert_int_eq(snake_policy_check_walls(SNAKE_POLICY_PERFECT, 8, 8, walls, &err), WS_ERR_ARG);
    ck_assert_ptr_nonnull(strstr(err.msg, "perfect"));
    ck_assert_ptr_nonnull(strstr(err.msg, "walls"));
    ck_assert_ptr_null(strchr(err.msg, '\n'));
    ck_assert_int_eq(snake_policy_check_walls(SNAKE_POLICY_HAMILTON, 8, 8, walls, &err),
                     WS_ERR_ARG);
    ck_assert_ptr_nonnull(strstr(err.msg, "hamilton"));
    /* The board's own reason comes first: both sides odd. */
    ck_assert_int_eq(snake_policy_check_walls(SNAKE_POLICY_HAMILTON, 7, 7, NULL, &err), WS_ERR_ARG);
    ck_assert_ptr_nonnull(strstr(err.msg, "odd"));
}
END_TEST

START_TEST(cycle_policies_play_greedy_on_walls) {
    /* A wall added mid-game (as in the window): the cycle policies play
     * greedy from then on, legally, and never claim a cycle. */
    for (int p = SNAKE_POLICY_HAMILTON; p <= SNAKE_POLICY_PERFECT; p++) {
        SnakeRules rules = {8, 8, 4, false};
        SnakeGame g;
        SnakeAi ai;
        ck_assert_int_eq(snake_game_init(&g, &rules, 3, NULL), WS_OK);
        ck_assert_int_eq(snake_ai_init(&ai, 8, 8, (SnakePolicy)p, false, NULL), WS_OK);
        for (int t = 0; t < 20; t++)
            snake_game_tick(&g, snake_ai_choose(&ai, &g));
        int cell = 0;
        while (!snake_game_toggle_wall(&g, cell))
            cell++;
        while (g.outcome == SNAKE_PLAYING) {
            Dir d = snake_ai_choose(&ai, &g);
            REQUIRE(d == DIR_NONE || snake_game_is_legal(&g, d));
            REQUIRE(ai.reason != SNAKE_REASON_CYCLE && ai.reason != SNAKE_REASON_SHORTCUT);
            REQUIRE(snake_ai_cycle(&ai) == NULL);
            snake_game_tick(&g, d);
        }
        snake_ai_deinit(&ai);
        snake_game_deinit(&g);
    }
}
END_TEST

static Suite *snake_ai_suite(void) {
    Suite *s = suite_create("snake_ai");
    TCase *tc = tcase_create("positions");
    tcase_add_test(tc, eats_when_safe);
    tcase_add_test(tc, follows_tail_when_no_plan_fits);
    tcase_add_test(tc, eats_by_a_plan_where_the_shortest_eat_traps);
    tcase_add_test(tc, leaves_no_cell_alone);
    tcase_add_test(tc, keeps_the_last_cells_in_one_region);
    tcase_add_test(tc, wanders_when_no_tail_path);
    tcase_add_test(tc, trapped_returns_none);
    tcase_add_test(tc, strict_tail_never_enters_leaving_tail);
    suite_add_tcase(s, tc);
    tc = tcase_create("games");
    tcase_add_test(tc, decisions_keep_their_claims_free);
    tcase_add_test(tc, decisions_keep_their_claims_strict);
    tcase_add_test(tc, same_game_same_moves);
    tcase_add_test(tc, small_boards_are_won);
    tcase_add_test(tc, kept_search_decides_as_a_new_one);
    tcase_set_timeout(tc, 600); /* whole games under ASan: minutes on a loaded machine */
    suite_add_tcase(s, tc);
    tc = tcase_create("names");
    tcase_add_test(tc, names_come_from_the_tables);
    suite_add_tcase(s, tc);
    tc = tcase_create("walls");
    tcase_add_test(tc, food_path_goes_around_a_wall);
    tcase_add_test(tc, virtual_eat_sees_walls);
    tcase_add_test(tc, cycle_policies_refuse_walls);
    tcase_add_test(tc, cycle_policies_play_greedy_on_walls);
    tcase_set_timeout(tc, 600); /* whole games under ASan: minutes on a loaded machine */
    suite_add_tcase(s, tc);
    /* Whole games on walled boards: 16 s of the suite's 19 in release.
     * CTest runs them as unit_snake_ai_slow (labels unit;slow: `make test`,
     * not `make check`). */
    tc = tcase_create("walls_games");
    tcase_set_tags(tc, "slow");
    tcase_add_test(tc, greedy_on_random_walled_boards);
    tcase_add_loop_test(tc, greedy_plays_the_shipped_maps, 0,
                        (int)(sizeof SNAKE_MAPS / sizeof SNAKE_MAPS[0]));
    tcase_add_test(tc, greedy_eats_beyond_the_spiral_corridor);
    tcase_set_timeout(tc, 600); /* whole games under ASan: minutes on a loaded machine */
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(snake_ai_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
