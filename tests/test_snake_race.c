/* The race's bookkeeping (snake_race.h): both sides play one seed per heat,
 * their food agrees while their moves do, each side is exactly a single game
 * with that seed, the next heat starts only after both games ended, and the
 * policies that cannot play a board are refused or replaced by greedy. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "snake_race.h"

static const SnakeRules RULES_6 = {.w = 6, .h = 6, .start_length = 3, .strict_tail = false};

enum { MAX_TICKS = 4 * 6 * 6 * 40 }; /* far more than a heat on 6x6 can last */

/* Plays the heat to its end; returns the ticks it took (both sides). */
static long play_heat(SnakeRace *r) {
    long ticks = 0;
    while (!snake_race_is_over(r)) {
        snake_race_tick(r);
        ck_assert_int_lt(++ticks, MAX_TICKS);
    }
    return ticks;
}

START_TEST(same_policy_plays_the_same_game) {
    SnakeRace r;
    WsError err = {0};
    SnakePolicy p[2] = {SNAKE_POLICY_GREEDY, SNAKE_POLICY_GREEDY};
    ck_assert_msg(snake_race_init(&r, &RULES_6, NULL, p, 42, true, &err) == WS_OK, "%s", err.msg);
    while (!snake_race_is_over(&r)) {
        const SnakeGame *a = &r.side[0].game, *b = &r.side[1].game;
        ck_assert_int_eq(r.side[0].pending, r.side[1].pending);
        ck_assert_int_eq(snake_head(&a->snake), snake_head(&b->snake));
        ck_assert_int_eq(a->food, b->food);
        ck_assert_int_eq(a->snake.len, b->snake.len);
        snake_race_tick(&r);
    }
    ck_assert_int_eq(r.side[0].game.steps, r.side[1].game.steps);
    ck_assert_int_eq(r.heats, 1);
    ck_assert_int_eq(r.ties, 1); /* the same game is a tie */
    snake_race_deinit(&r);
}
END_TEST

START_TEST(a_sliced_race_plays_the_moves_of_a_whole_one) {
    /* A window's race does perfect's play-outs a slice at a time
     * (snake_race_set_sliced): after a tick a side may still be thinking,
     * the next tick waits, snake_race_think goes on; the moves are those of
     * the race that decides whole. */
    static const SnakeRules rules = {.w = 30, .h = 30, .start_length = 2, .strict_tail = true};
    SnakePolicy p[2] = {SNAKE_POLICY_PERFECT, SNAKE_POLICY_GREEDY};
    SnakeRace whole, sliced;
    WsError err = {0};
    ck_assert_msg(snake_race_init(&whole, &rules, NULL, p, 5, true, &err) == WS_OK, "%s", err.msg);
    ck_assert_msg(snake_race_init(&sliced, &rules, NULL, p, 5, true, &err) == WS_OK, "%s", err.msg);
    snake_race_set_sliced(&sliced, true);
    long waits = 0;
    for (long t = 0; t < 5000 && !snake_race_is_over(&whole); t++) {
        for (int k = 0; k < SNAKE_RACE_SIDES; k++) {
            ck_assert_int_eq(whole.side[k].pending, sliced.side[k].pending);
            ck_assert_int_eq(snake_head(&whole.side[k].game.snake),
                             snake_head(&sliced.side[k].game.snake));
        }
        snake_race_tick(&whole);
        ck_assert(!snake_race_tick(&sliced) || snake_race_is_over(&whole));
        int polls = 0;
        for (int k = 0; k < SNAKE_RACE_SIDES; k++)
            waits += snake_race_side_thinking(&sliced, k);
        while (!snake_race_poll(&sliced, 0)) { /* as a window's frames do */
            ck_assert_int_lt(++polls, 1000);
            snake_race_think(&sliced);
        }
    }
    ck_assert_int_gt(waits, 0); /* some ticks waited for a play-out */
    /* The slice is the window's call's alone: a plain call decides whole. */
    snake_ai_choose(&sliced.side[0].ai, &sliced.side[0].game);
    ck_assert(!sliced.side[0].ai.thinking);
    snake_race_deinit(&whole);
    snake_race_deinit(&sliced);
}
END_TEST

/* Greedy and perfect choose differently sooner or later: up to then their
 * food matches cell for cell; each side stays a single game with the seed. */
START_TEST(food_agrees_while_moves_do) {
    long same_eats = 0; /* eats while the moves still matched, over every seed */
    for (uint64_t seed = 1; seed <= 12; seed++) {
        SnakeRace r;
        WsError err = {0};
        SnakePolicy p[2] = {SNAKE_POLICY_GREEDY, SNAKE_POLICY_PERFECT};
        ck_assert_msg(snake_race_init(&r, &RULES_6, NULL, p, seed, true, &err) == WS_OK, "%s",
                      err.msg);
        /* Each side's moves, replayed below in a lone game. */
        static Dir moves[2][MAX_TICKS];
        long n[2] = {0, 0};
        bool same = true;
        while (!snake_race_is_over(&r)) {
            same = same && r.side[0].pending == r.side[1].pending;
            for (int k = 0; k < 2; k++)
                if (r.side[k].game.outcome == SNAKE_PLAYING)
                    moves[k][n[k]++] = r.side[k].pending;
            int len0 = r.side[0].game.snake.len;
            snake_race_tick(&r);
            if (same) {
                ck_assert_msg(r.side[0].game.food == r.side[1].game.food,
                              "seed %llu: food differs although every move matched",
                              (unsigned long long)seed);
                same_eats += r.side[0].game.snake.len > len0;
            }
        }
        for (int k = 0; k < 2; k++) {
            SnakeGame lone;
            ck_assert(snake_game_init(&lone, &RULES_6, seed, &err) == WS_OK);
            for (long i = 0; i < n[k]; i++)
                snake_game_tick(&lone, moves[k][i]);
            const SnakeGame *g = &r.side[k].game;
            ck_assert_int_eq(lone.outcome, g->outcome);
            ck_assert_int_eq(lone.steps, g->steps);
            ck_assert_int_eq(lone.snake.len, g->snake.len);
            ck_assert_int_eq(lone.food, g->food);
            ck_assert_int_eq(snake_head(&lone.snake), snake_head(&g->snake));
            snake_game_deinit(&lone);
        }
        snake_race_deinit(&r);
    }
    /* Not vacuous: the two policies did share some eats before they parted. */
    ck_assert_int_ge(same_eats, 3);
}
END_TEST

START_TEST(next_seed_only_after_both_end) {
    SnakeRace r;
    WsError err = {0};
    SnakePolicy p[2] = {SNAKE_POLICY_GREEDY, SNAKE_POLICY_HAMILTON};
    ck_assert_msg(snake_race_init(&r, &RULES_6, NULL, p, 100, true, &err) == WS_OK, "%s", err.msg);
    ck_assert_uint_eq(r.side[0].game.seed, 100);
    ck_assert_uint_eq(r.side[1].game.seed, 100);
    /* Greedy ends long before hamilton: it waits, its game untouched. */
    long ticks = 0;
    while (r.side[0].game.outcome == SNAKE_PLAYING && r.side[1].game.outcome == SNAKE_PLAYING) {
        ck_assert(!snake_race_tick(&r));
        ck_assert_int_lt(++ticks, MAX_TICKS);
    }
    int done = r.side[0].game.outcome != SNAKE_PLAYING ? 0 : 1;
    long done_steps = r.side[done].game.steps;
    ck_assert_int_eq(r.heats, 0);
    while (!snake_race_is_over(&r)) {
        bool ended = snake_race_tick(&r);
        ck_assert_int_eq(r.side[done].game.steps, done_steps);
        ck_assert(ended == snake_race_is_over(&r));
        ck_assert_int_lt(++ticks, MAX_TICKS);
    }
    ck_assert_int_eq(r.heats, 1);
    ck_assert_int_eq(r.beat[0] + r.beat[1] + r.ties, 1);
    ck_assert_int_eq(r.side[0].won + r.side[0].dead + r.side[0].stalled, 1);
    ck_assert_int_eq(r.side[1].won + r.side[1].dead + r.side[1].stalled, 1);
    ck_assert(!snake_race_tick(&r)); /* a finished heat does not move */
    ck_assert_int_eq(r.game_index, 0);
    snake_race_start(&r, r.game_index + 1);
    for (int k = 0; k < 2; k++) {
        ck_assert_uint_eq(r.side[k].game.seed, 101);
        ck_assert_int_eq(r.side[k].game.steps, 0);
        ck_assert_int_eq(r.side[k].game.outcome, SNAKE_PLAYING);
        ck_assert_int_ne(r.side[k].pending, DIR_NONE);
    }
    ck_assert_int_eq(r.side[0].game.food, r.side[1].game.food);
    play_heat(&r);
    ck_assert_int_eq(r.heats, 2);
    snake_race_deinit(&r);
}
END_TEST

START_TEST(strict_refuses_a_policy_the_board_cannot_take) {
    SnakeRace r;
    WsError err = {0};
    SnakeRules odd = {.w = 5, .h = 5, .start_length = 3, .strict_tail = false};
    SnakePolicy p[2] = {SNAKE_POLICY_GREEDY, SNAKE_POLICY_HAMILTON};
    ck_assert_int_eq(snake_race_init(&r, &odd, NULL, p, 1, true, &err), WS_ERR_ARG);
    ck_assert_msg(strstr(err.msg, "--race") != NULL && strstr(err.msg, "hamilton") != NULL,
                  "message: %s", err.msg);
    /* Not strict (the window's key): that side plays greedy and says why. */
    ck_assert_msg(snake_race_init(&r, &odd, NULL, p, 1, false, &err) == WS_OK, "%s", err.msg);
    ck_assert_int_eq(r.side[1].asked, SNAKE_POLICY_HAMILTON);
    ck_assert_int_eq(r.side[1].policy, SNAKE_POLICY_GREEDY);
    ck_assert(r.side[1].refusal[0] != '\0');
    ck_assert(r.side[0].refusal[0] == '\0');
    play_heat(&r);
    snake_race_deinit(&r);
}
END_TEST

START_TEST(walls_are_the_same_on_both_sides) {
    SnakeRace r;
    WsError err = {0};
    uint8_t walls[36] = {0};
    walls[4 * 6 + 2] = 1; /* one wall at (2,4): not whole 2x2 blocks */
    SnakePolicy p[2] = {SNAKE_POLICY_GREEDY, SNAKE_POLICY_PERFECT};
    ck_assert_int_eq(snake_race_init(&r, &RULES_6, walls, p, 9, true, &err), WS_ERR_ARG);
    ck_assert_msg(strstr(err.msg, "perfect") != NULL, "message: %s", err.msg);
    ck_assert_msg(snake_race_init(&r, &RULES_6, walls, p, 9, false, &err) == WS_OK, "%s", err.msg);
    ck_assert(r.side[1].refusal[0] != '\0');
    for (int k = 0; k < 2; k++)
        ck_assert(snake_game_is_wall(&r.side[k].game, 4 * 6 + 2));
    /* A click toggles a wall on both boards, or on neither. */
    ck_assert(snake_race_toggle_wall(&r, 4 * 6 + 2));
    for (int k = 0; k < 2; k++)
        ck_assert(!snake_game_is_wall(&r.side[k].game, 4 * 6 + 2));
    ck_assert(r.side[1].refusal[0] == '\0'); /* no walls: perfect plays again */
    int head = snake_head(&r.side[0].game.snake);
    ck_assert(!snake_race_toggle_wall(&r, head));
    ck_assert(!snake_game_is_wall(&r.side[1].game, head));
    snake_race_deinit(&r);
}
END_TEST

START_TEST(compare_ranks_the_ends) {
    SnakeGame a, b;
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    a.outcome = SNAKE_WON, a.snake.len = 36, a.steps = 500;
    b.outcome = SNAKE_DEAD, b.snake.len = 30, b.steps = 200;
    ck_assert_int_gt(snake_race_compare(&a, &b), 0); /* a win beats a death */
    ck_assert_int_lt(snake_race_compare(&b, &a), 0);
    b.outcome = SNAKE_WON, b.snake.len = 36, b.steps = 400;
    ck_assert_int_lt(snake_race_compare(&a, &b), 0); /* two wins: fewer steps */
    a.outcome = SNAKE_STALLED, a.snake.len = 20, a.steps = 100;
    b.outcome = SNAKE_DEAD, b.snake.len = 25, b.steps = 900;
    ck_assert_int_lt(snake_race_compare(&a, &b), 0); /* no win: the longer snake */
    b.snake.len = 20;
    ck_assert_int_gt(snake_race_compare(&a, &b), 0); /* same length: fewer steps */
    b.steps = 100;
    ck_assert_int_eq(snake_race_compare(&a, &b), 0);
}
END_TEST

/* An engine that fails loses the heat, whatever its length and steps were
 * when it failed: a longer snake, or equal lengths and fewer steps, do not
 * help it. */
START_TEST(compare_forfeit_loses) {
    SnakeGame a, b;
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    a.outcome = SNAKE_FORFEIT, a.snake.len = 30, a.steps = 10;
    b.outcome = SNAKE_DEAD, b.snake.len = 5, b.steps = 400;
    ck_assert_int_lt(snake_race_compare(&a, &b), 0); /* longer, fewer steps: still lost */
    ck_assert_int_gt(snake_race_compare(&b, &a), 0);
    b.outcome = SNAKE_STALLED, b.snake.len = 30, b.steps = 900;
    ck_assert_int_lt(snake_race_compare(&a, &b), 0); /* same length, fewer steps */
    b.outcome = SNAKE_FORFEIT, b.snake.len = 4, b.steps = 1;
    ck_assert_int_eq(snake_race_compare(&a, &b), 0); /* two forfeits tie */
}
END_TEST

static Suite *race_suite(void) {
    Suite *s = suite_create("snake_race");
    TCase *tc = tcase_create("heats");
    tcase_add_test(tc, same_policy_plays_the_same_game);
    tcase_add_test(tc, a_sliced_race_plays_the_moves_of_a_whole_one);
    tcase_add_test(tc, food_agrees_while_moves_do);
    tcase_add_test(tc, next_seed_only_after_both_end);
    tcase_add_test(tc, compare_ranks_the_ends);
    tcase_add_test(tc, compare_forfeit_loses);
    suite_add_tcase(s, tc);
    TCase *board = tcase_create("board");
    tcase_add_test(board, strict_refuses_a_policy_the_board_cannot_take);
    tcase_add_test(board, walls_are_the_same_on_both_sides);
    suite_add_tcase(s, board);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(race_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
