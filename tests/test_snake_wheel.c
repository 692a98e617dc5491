/* Take the wheel (snake_wheel.h): whose move each tick makes, the classic
 * snake rules for the player's turns, and when the AI takes the wheel back.
 * Games are real SnakeGames; expected heads are worked out by hand. */
#include <check.h>
#include <stdlib.h>

#include "grid.h"
#include "rng.h"
#include "snake.h"
#include "snake_ai.h"
#include "snake_wheel.h"

/* A 10x10 game, length 4: tail (0,0) .. head (3,0), heading right. */
static SnakeGame game;

static void setup(void) {
    SnakeRules rules = {.w = 10, .h = 10, .start_length = 4, .strict_tail = false};
    WsError err = {0};
    ck_assert_msg(snake_game_init(&game, &rules, 7, &err) == WS_OK, "%s", err.msg);
}

static void teardown(void) { snake_game_deinit(&game); }

/* The head must be at cell (x, y). */
static void assert_head(int x, int y) {
    int head = snake_head(&game.snake);
    ck_assert_msg(head == y * 10 + x, "head at (%d, %d), expected (%d, %d)", head % 10, head / 10,
                  x, y);
}

/* One tick with the wheel deciding; the AI would always say `ai`. */
static Dir play(SnakeWheel *w, Dir ai) {
    Dir d = snake_wheel_move(w, &game, ai);
    snake_game_tick(&game, d);
    return d;
}

START_TEST(ai_drives_until_an_arrow) {
    SnakeWheel w;
    snake_wheel_reset(&w);
    ck_assert(!w.driving);
    ck_assert_int_eq(play(&w, DIR_DOWN), DIR_DOWN); /* the AI's move, untouched */
    assert_head(3, 1);
    snake_wheel_steer(&w, DIR_LEFT, 100);
    ck_assert(w.driving);
    ck_assert_int_eq(play(&w, DIR_DOWN), DIR_LEFT); /* the player's, not the AI's */
    assert_head(2, 1);
}
END_TEST

START_TEST(player_keeps_heading_without_keys) {
    SnakeWheel w;
    snake_wheel_reset(&w);
    snake_wheel_steer(&w, DIR_DOWN, 0);
    ck_assert_int_eq(play(&w, DIR_RIGHT), DIR_DOWN);
    /* No more presses: the snake goes on down, whatever the AI wants. */
    ck_assert_int_eq(play(&w, DIR_RIGHT), DIR_DOWN);
    ck_assert_int_eq(play(&w, DIR_LEFT), DIR_DOWN);
    assert_head(3, 3);
}
END_TEST

START_TEST(reversal_is_ignored) {
    SnakeWheel w;
    snake_wheel_reset(&w);
    /* Heading right: left would turn into the neck. */
    snake_wheel_steer(&w, DIR_LEFT, 0);
    ck_assert_int_eq(snake_wheel_peek(&w, &game, DIR_DOWN), DIR_RIGHT);
    ck_assert_int_eq(play(&w, DIR_DOWN), DIR_RIGHT);
    assert_head(4, 0);
    ck_assert_int_eq(game.outcome, SNAKE_PLAYING);
    ck_assert_int_eq(w.queued, 0); /* dropped, not kept for later */
}
END_TEST

START_TEST(quick_presses_make_turns_on_successive_ticks) {
    SnakeWheel w;
    snake_wheel_reset(&w);
    /* Down then left, both before the next tick: two turns on two ticks. */
    snake_wheel_steer(&w, DIR_DOWN, 0);
    snake_wheel_steer(&w, DIR_LEFT, 10);
    ck_assert_int_eq(play(&w, DIR_RIGHT), DIR_DOWN);
    ck_assert_int_eq(play(&w, DIR_RIGHT), DIR_LEFT);
    assert_head(2, 1);
    snake_wheel_steer(&w, DIR_DOWN, 20); /* heading left: down is a turn */
    snake_wheel_steer(&w, DIR_UP, 30);   /* after down, up is a reversal: dropped */
    ck_assert_int_eq(play(&w, DIR_RIGHT), DIR_DOWN);
    ck_assert_int_eq(play(&w, DIR_RIGHT), DIR_DOWN);
    assert_head(2, 3);
}
END_TEST

START_TEST(queue_keeps_the_latest_presses) {
    SnakeWheel w;
    snake_wheel_reset(&w);
    snake_wheel_steer(&w, DIR_DOWN, 0);
    snake_wheel_steer(&w, DIR_DOWN, 1); /* a held key: queued once */
    ck_assert_int_eq(w.queued, 1);
    for (int i = 0; i < SNAKE_WHEEL_QUEUE + 2; i++)
        snake_wheel_steer(&w, i % 2 ? DIR_DOWN : DIR_LEFT, 2);
    ck_assert_int_eq(w.queued, SNAKE_WHEEL_QUEUE);
    ck_assert_int_eq(w.queue[SNAKE_WHEEL_QUEUE - 1], DIR_LEFT); /* the newest is kept */
}
END_TEST

START_TEST(steering_off_the_board_kills) {
    SnakeWheel w;
    snake_wheel_reset(&w);
    /* The head is in the top row: up leaves the board. */
    snake_wheel_steer(&w, DIR_UP, 0);
    ck_assert_int_eq(play(&w, DIR_RIGHT), DIR_UP);
    ck_assert_int_eq(game.outcome, SNAKE_DEAD); /* the usual rules: no mercy */
}
END_TEST

START_TEST(a_gives_the_wheel_back) {
    SnakeWheel w;
    snake_wheel_reset(&w);
    snake_wheel_steer(&w, DIR_DOWN, 0);
    snake_wheel_steer(&w, DIR_LEFT, 0);
    snake_wheel_release(&w);
    ck_assert(!w.driving);
    ck_assert_int_eq(w.queued, 0);
    ck_assert_int_eq(play(&w, DIR_RIGHT), DIR_RIGHT); /* the AI's move again */
}
END_TEST

START_TEST(idle_time_gives_the_wheel_back) {
    SnakeWheel w;
    snake_wheel_reset(&w);
    ck_assert(!snake_wheel_idle_check(&w, 100000)); /* the AI drives: nothing to give back */
    snake_wheel_steer(&w, DIR_DOWN, 1000);
    ck_assert_uint_eq(snake_wheel_idle_left(&w, 1000), SNAKE_WHEEL_IDLE_MS);
    ck_assert(!snake_wheel_idle_check(&w, 1000 + SNAKE_WHEEL_IDLE_MS - 1));
    ck_assert(w.driving);
    ck_assert_uint_eq(snake_wheel_idle_left(&w, 1000 + SNAKE_WHEEL_IDLE_MS - 1), 1);
    /* A touch (resume, single step) restarts the idle time. */
    snake_wheel_touch(&w, 3000);
    ck_assert(!snake_wheel_idle_check(&w, 1000 + SNAKE_WHEEL_IDLE_MS));
    ck_assert(snake_wheel_idle_check(&w, 3000 + SNAKE_WHEEL_IDLE_MS));
    ck_assert(!w.driving);
    ck_assert_uint_eq(snake_wheel_idle_left(&w, 3000 + SNAKE_WHEEL_IDLE_MS), 0);
}
END_TEST

START_TEST(length_one_heads_by_its_last_move) {
    teardown();
    SnakeRules rules = {.w = 6, .h = 6, .start_length = 1, .strict_tail = false};
    WsError err = {0};
    ck_assert_msg(snake_game_init(&game, &rules, 3, &err) == WS_OK, "%s", err.msg);
    SnakeWheel w;
    snake_wheel_reset(&w);
    ck_assert_int_eq(snake_wheel_heading(&w, &game), DIR_RIGHT);       /* the start heading */
    ck_assert_int_eq(snake_wheel_move(&w, &game, DIR_DOWN), DIR_DOWN); /* the AI moves down */
    snake_game_tick(&game, DIR_DOWN);
    if (game.snake.len == 1) /* no eat: still no neck, the last move is the heading */
        ck_assert_int_eq(snake_wheel_heading(&w, &game), DIR_DOWN);
    snake_wheel_steer(&w, DIR_UP, 0); /* a reversal of down */
    ck_assert_int_eq(snake_wheel_peek(&w, &game, DIR_RIGHT), snake_wheel_heading(&w, &game));
}
END_TEST

/* The player steers in bursts at random, then lets go: whichever policy
 * takes the wheel back after a detour (off its cycle, with a stale plan) must
 * still make a legal move whenever one exists. Policies with memory (perfect's
 * committed tree, greedy's kept plan) are the ones a detour could confuse. */
START_TEST(ai_takes_over_after_any_detour) {
    SnakeRules rules = {.w = 8, .h = 8, .start_length = 4, .strict_tail = false};
    for (int p = 0; p < SNAKE_POLICY_COUNT; p++)
        for (uint64_t seed = 1; seed <= 12; seed++) {
            SnakeGame g;
            SnakeAi ai;
            WsError err = {0};
            ck_assert(snake_game_init(&g, &rules, seed, &err) == WS_OK);
            ck_assert_msg(snake_ai_init(&ai, 8, 8, (SnakePolicy)p, false, &err) == WS_OK, "%s",
                          err.msg);
            Rng keys;
            rng_init(&keys, seed, 99);
            SnakeWheel w;
            snake_wheel_reset(&w);
            uint64_t now = 0;
            long ai_moves = 0, player_moves = 0, burst = 0;
            while (g.outcome == SNAKE_PLAYING && g.steps < 3000) {
                Dir choice = snake_ai_choose(&ai, &g);
                if (!w.driving && rng_bounded(&keys, 40) == 0)
                    burst = 1 + (long)rng_bounded(&keys, 20); /* the player grabs the wheel */
                if (burst > 0) {
                    /* Steer only where it is safe, so the player's detours do not end the game. */
                    Dir d = (Dir)rng_bounded(&keys, DIR_COUNT);
                    if (snake_game_is_legal(&g, d))
                        snake_wheel_steer(&w, d, now);
                    if (--burst == 0 && rng_bounded(&keys, 4) == 0)
                        snake_wheel_release(&w); /* A; otherwise the idle time gives it back */
                }
                now += 100;
                snake_wheel_idle_check(&w, now);
                if (!w.driving) {
                    ai_moves++;
                    ck_assert_msg(!snake_game_has_move(&g) || snake_game_is_legal(&g, choice),
                                  "%s, seed %llu, step %ld: the AI chose an illegal move",
                                  snake_policy_name((SnakePolicy)p), (unsigned long long)seed,
                                  g.steps);
                }
                player_moves += w.driving;
                Dir d = snake_wheel_move(&w, &g, choice);
                if (w.driving && !snake_game_is_legal(&g, d))
                    d = choice; /* the test's player does not crash on purpose */
                snake_game_tick(&g, d);
            }
            ck_assert_msg(ai_moves > 0, "%s, seed %llu: the AI never drove (%ld steps, outcome %d)",
                          snake_policy_name((SnakePolicy)p), (unsigned long long)seed, g.steps,
                          (int)g.outcome);
            ck_assert_msg(player_moves > 0, "%s, seed %llu: the player never drove",
                          snake_policy_name((SnakePolicy)p), (unsigned long long)seed);
            snake_ai_deinit(&ai);
            snake_game_deinit(&g);
        }
}
END_TEST

static Suite *wheel_suite(void) {
    Suite *s = suite_create("snake_wheel");
    TCase *tc = tcase_create("steer");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, ai_drives_until_an_arrow);
    tcase_add_test(tc, player_keeps_heading_without_keys);
    tcase_add_test(tc, reversal_is_ignored);
    tcase_add_test(tc, quick_presses_make_turns_on_successive_ticks);
    tcase_add_test(tc, queue_keeps_the_latest_presses);
    tcase_add_test(tc, steering_off_the_board_kills);
    tcase_add_test(tc, length_one_heads_by_its_last_move);
    suite_add_tcase(s, tc);
    TCase *back = tcase_create("give_back");
    tcase_add_checked_fixture(back, setup, teardown);
    tcase_add_test(back, a_gives_the_wheel_back);
    tcase_add_test(back, idle_time_gives_the_wheel_back);
    tcase_add_test(back, ai_takes_over_after_any_detour);
    suite_add_tcase(s, back);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(wheel_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
