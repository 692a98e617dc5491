/* Zero heap allocations per tick. The test links ws_alloc_count, so every
 * allocation the core makes is counted (alloc_count.h); after set-up,
 * thousands of decisions and ticks must not move the count. */
#include <check.h>
#include <stddef.h>
#include <stdlib.h>

#include "alloc_count.h"
#include "snake.h"
#include "snake_ai.h"


/* walls: w * h bytes or NULL; toggles: also toggle a wall between some moves. */
static void play_without_allocating(int w, int h, bool strict, int games, const uint8_t *walls,
                                    bool toggles) {
    SnakeRules r = {w, h, 4, strict};
    SnakeGame g;
    SnakeAi ai;
    long before = alloc_count();
    ck_assert_int_eq(snake_game_init(&g, &r, 1, NULL), WS_OK);
    ck_assert_int_eq(snake_game_set_walls(&g, walls, NULL), WS_OK);
    ck_assert_int_eq(snake_ai_init(&ai, w, h, SNAKE_POLICY_GREEDY, strict, NULL), WS_OK);
    ck_assert_msg(alloc_count() > before, "the counting wrapper is not linked in");
    long ticks = 0;
    long after_init = alloc_count();
    for (int seed = 0; seed < games; seed++) {
        snake_game_reset(&g, (uint64_t)seed);
        while (g.outcome == SNAKE_PLAYING) {
            if (toggles && ticks % 16 == 0)
                snake_game_toggle_wall(&g, (int)(ticks / 16 % (w * h)));
            snake_game_tick(&g, snake_ai_choose(&ai, &g));
            ticks++;
        }
    }
    long during = alloc_count() - after_init; /* read before Check itself allocates */
    ck_assert_int_gt(ticks, 1000);
    ck_assert_msg(during == 0, "%ld allocations in %ld ticks", during, ticks);
    snake_ai_deinit(&ai);
    snake_game_deinit(&g);
}

START_TEST(greedy_tick_allocates_nothing) { play_without_allocating(8, 8, false, 20, NULL, false); }
END_TEST

START_TEST(greedy_strict_tick_allocates_nothing) {
    play_without_allocating(12, 9, true, 5, NULL, false);
}
END_TEST

START_TEST(walled_tick_and_toggle_allocate_nothing) {
    /* 10x8 with a 2x2 pillar and a short wall; toggles come and go in play. */
    uint8_t walls[10 * 8] = {0};
    walls[2 * 10 + 3] = walls[2 * 10 + 4] = walls[3 * 10 + 3] = walls[3 * 10 + 4] = 1;
    for (int y = 4; y < 7; y++)
        walls[y * 10 + 7] = 1;
    play_without_allocating(10, 8, false, 10, walls, false);
    play_without_allocating(10, 8, true, 5, walls, true);
}
END_TEST

static Suite *alloc_suite(void) {
    Suite *s = suite_create("alloc");
    TCase *tc = tcase_create("per_tick");
    tcase_add_test(tc, greedy_tick_allocates_nothing);
    tcase_add_test(tc, greedy_strict_tick_allocates_nothing);
    tcase_add_test(tc, walled_tick_and_toggle_allocate_nothing);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(alloc_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
