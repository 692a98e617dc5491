/* Tests for snake_cycle: the fixed cycle, the hamilton and perfect policies.
 *
 * Expected cycles are worked out by hand from the construction in
 * snake_cycle.c. The game tests play many seeds on small boards under both
 * tail rules and every start length, and check after every single move that
 * the certificate (a Hamiltonian cycle holding the body in order) exists,
 * verified here independently of the module's own bookkeeping.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "snake.h"
#include "snake_ai.h"
#include "snake_cycle.h"

static bool adjacent(int w, int a, int b) {
    int dx = abs(a % w - b % w), dy = abs(a / w - b / w);
    return dx + dy == 1;
}

/* order[0..n) visits every cell of a w x h board once, each step to a
 * 4-neighbour, and the last cell is next to the first. */
static bool is_hamiltonian_cycle(const int32_t *order, int w, int h) {
    int n = w * h;
    char *seen = calloc((size_t)n, 1);
    bool ok = seen != NULL;
    for (int i = 0; ok && i < n; i++) {
        if (order[i] < 0 || order[i] >= n || seen[order[i]])
            ok = false;
        else
            seen[order[i]] = 1;
        if (ok && !adjacent(w, order[i], order[(i + 1) % n]))
            ok = false;
    }
    free(seen);
    return ok;
}

/* ---- the fixed cycle ------------------------------------------------------ */

START_TEST(fixed_4x4_by_hand) {
    /* h even: top row, rows 1..3 as a serpentine over columns 1..3 (row 1
     * leftward), then column 0 upward. */
    static const int32_t want[16] = {0, 1, 2, 3, 7, 6, 5, 9, 10, 11, 15, 14, 13, 12, 8, 4};
    SnakeCycle c;
    ck_assert_int_eq(snake_cycle_init(&c, 4, 4, NULL), WS_OK);
    for (int i = 0; i < 16; i++)
        ck_assert_msg(c.fixed[i] == want[i], "position %d: cell %d, want %d", i, c.fixed[i],
                      want[i]);
    ck_assert_int_eq(snake_cycle_fixed_next(&c, 4), 0);
    ck_assert_int_eq(snake_cycle_fixed_next(&c, 3), 7);
    snake_cycle_deinit(&c);
}
END_TEST

START_TEST(fixed_4x3_by_hand) {
    /* h odd: top row, then columns 3..0 over rows 1..2: down, up, down, up. */
    static const int32_t want[12] = {0, 1, 2, 3, 7, 11, 10, 6, 5, 9, 8, 4};
    SnakeCycle c;
    ck_assert_int_eq(snake_cycle_init(&c, 4, 3, NULL), WS_OK);
    ck_assert(!c.blocks);
    for (int i = 0; i < 12; i++)
        ck_assert_msg(c.fixed[i] == want[i], "position %d: cell %d, want %d", i, c.fixed[i],
                      want[i]);
    snake_cycle_deinit(&c);
}
END_TEST

static const int CYCLE_BOARDS[][2] = {{2, 2}, {2, 3}, {3, 2}, {4, 4}, {6, 4}, {4, 6}, {5, 4},
                                      {4, 5}, {7, 2}, {2, 7}, {6, 6}, {8, 8}, {30, 30}, {3, 256},
                                      {256, 3}, {9, 10}};
enum { N_CYCLE_BOARDS = sizeof CYCLE_BOARDS / sizeof CYCLE_BOARDS[0] };

START_TEST(fixed_is_cycle_through_start) {
    int w = CYCLE_BOARDS[_i][0], h = CYCLE_BOARDS[_i][1];
    SnakeCycle c;
    WsError err = {0};
    ck_assert_msg(snake_cycle_init(&c, w, h, &err) == WS_OK, "%dx%d: %s", w, h, err.msg);
    ck_assert_msg(is_hamiltonian_cycle(c.fixed, w, h), "%dx%d: not a Hamiltonian cycle", w, h);
    /* Every start body (tail (0,0) .. head (n-1,0), n <= w) lies on it in order. */
    for (int x = 0; x < w; x++)
        ck_assert_int_eq(c.fixed[x], x);
    for (int cell = 0; cell < w * h; cell++)
        ck_assert_int_eq(c.fixed[c.fixed_pos[cell]], cell);
    snake_cycle_deinit(&c);
}
END_TEST

/* ---- odd x odd boards -------------------------------------------------------- */

START_TEST(odd_boards_rejected) {
    static const int odd[][2] = {{3, 3}, {5, 5}, {3, 7}, {255, 255}};
    for (size_t k = 0; k < sizeof odd / sizeof odd[0]; k++) {
        int w = odd[k][0], h = odd[k][1];
        WsError err = {0};
        ck_assert_int_eq(snake_cycle_check_board(w, h, &err), WS_ERR_ARG);
        ck_assert_msg(strstr(err.msg, "odd") != NULL, "message: %s", err.msg);
        SnakeCycle c;
        ck_assert_int_eq(snake_cycle_init(&c, w, h, NULL), WS_ERR_ARG);
        SnakeAi ai;
        ck_assert_int_eq(snake_ai_init(&ai, w, h, SNAKE_POLICY_HAMILTON, false, &err), WS_ERR_ARG);
        ck_assert_int_eq(snake_ai_init(&ai, w, h, SNAKE_POLICY_PERFECT, true, &err), WS_ERR_ARG);
        ck_assert_int_eq(snake_policy_check(SNAKE_POLICY_PERFECT, w, h, NULL), WS_ERR_ARG);
        ck_assert_int_eq(snake_policy_check(SNAKE_POLICY_GREEDY, w, h, NULL), WS_OK);
        ck_assert_int_eq(snake_ai_init(&ai, w, h, SNAKE_POLICY_GREEDY, false, &err), WS_OK);
        ck_assert_ptr_null(ai.cycle);
        snake_ai_deinit(&ai);
    }
    ck_assert_int_eq(snake_cycle_check_board(4, 3, NULL), WS_OK);
    ck_assert_int_eq(snake_cycle_check_board(3, 4, NULL), WS_OK);
}
END_TEST

/* ---- games ------------------------------------------------------------------- */

/* Checks, independently of the module, that order[] (from snake_cycle_certify)
 * is a Hamiltonian cycle that starts at the tail and, in blocks mode, holds the
 * body as one stretch tail -> head; on the fixed cycle the body must appear in
 * order (gaps are Tapsell's skipped cells). */
static void check_certificate(SnakeCycle *c, const Snake *s, uint64_t seed, long step) {
    ck_assert_msg(snake_cycle_certify(c, s), "seed %llu step %ld: no certificate",
                  (unsigned long long)seed, step);
    ck_assert_int_eq(c->order_len, c->cells);
    ck_assert_msg(is_hamiltonian_cycle(c->order, c->w, c->h), "seed %llu step %ld",
                  (unsigned long long)seed, step);
    ck_assert_int_eq(c->order[0], snake_tail(s));
    if (c->blocks) {
        for (int i = 0; i < s->len; i++)
            ck_assert_msg(c->order[i] == snake_at(s, s->len - 1 - i),
                          "seed %llu step %ld: body segment %d off the cycle",
                          (unsigned long long)seed, step, s->len - 1 - i);
    } else {
        int at = 0;
        for (int i = s->len - 1; i >= 0; i--) {
            while (at < c->cells && c->order[at] != snake_at(s, i))
                at++;
            ck_assert_msg(at < c->cells, "seed %llu step %ld: body out of cycle order",
                          (unsigned long long)seed, step);
        }
    }
}

/* Route head -> food as the overlay shows it. */
static void check_route(const SnakeAi *ai, const SnakeGame *g) {
    const Path *p = &ai->food_path;
    if (g->food < 0 || p->len == 0)
        return;
    ck_assert_int_eq(p->cells[0], snake_head(&g->snake));
    ck_assert_int_eq(p->cells[p->len - 1], g->food);
    for (int i = 1; i < p->len; i++)
        ck_assert(adjacent(g->snake.w, p->cells[i - 1], p->cells[i]));
}

typedef struct Totals {
    long games, won, steps;
} Totals;

/* Plays `games` seeds with every start length; every game must be won. */
static Totals play_many(int w, int h, SnakePolicy policy, bool strict, int games, bool certify) {
    Totals t = {0};
    SnakeCycle check;
    ck_assert_int_eq(snake_cycle_init(&check, w, h, NULL), WS_OK);
    for (int start = 1; start <= w && start < w * h; start++) {
        SnakeRules rules = {w, h, start, strict};
        SnakeGame g;
        SnakeAi ai;
        WsError err = {0};
        ck_assert_msg(snake_game_init(&g, &rules, 1, &err) == WS_OK, "%s", err.msg);
        ck_assert_msg(snake_ai_init(&ai, w, h, policy, strict, &err) == WS_OK, "%s", err.msg);
        for (int k = 0; k < games; k++) {
            uint64_t seed = 1000u * (uint64_t)start + (uint64_t)k;
            snake_game_reset(&g, seed);
            snake_ai_clear(&ai);
            while (g.outcome == SNAKE_PLAYING) {
                Dir d = snake_ai_choose(&ai, &g);
                ck_assert_msg(d != DIR_NONE, "%dx%d %s start %d seed %llu step %ld: trapped", w,
                              h, snake_policy_name(policy), start, (unsigned long long)seed,
                              g.steps);
                ck_assert(ai.reason == SNAKE_REASON_CYCLE || ai.reason == SNAKE_REASON_SHORTCUT);
                ck_assert_ptr_nonnull(snake_ai_cycle(&ai));
                check_route(&ai, &g);
                snake_game_tick(&g, d);
                if (certify && g.outcome == SNAKE_PLAYING)
                    check_certificate(&check, &g.snake, seed, g.steps);
            }
            ck_assert_msg(g.outcome == SNAKE_WON, "%dx%d %s %s tail, start %d, seed %llu: %s",
                          w, h, snake_policy_name(policy), strict ? "strict" : "free", start,
                          (unsigned long long)seed, snake_outcome_name(g.outcome));
            t.games++;
            t.won++;
            t.steps += g.steps;
        }
        snake_ai_deinit(&ai);
        snake_game_deinit(&g);
    }
    snake_cycle_deinit(&check);
    return t;
}

static const int GAME_BOARDS[][2] = {{2, 2}, {4, 4}, {6, 4}, {4, 6}, {6, 6}, {2, 6},
                                     {6, 2}, {5, 4}, {4, 5}, {2, 3}, {3, 2}, {8, 6}};
enum { N_GAME_BOARDS = sizeof GAME_BOARDS / sizeof GAME_BOARDS[0] };

START_TEST(perfect_always_wins_free_tail) {
    play_many(GAME_BOARDS[_i][0], GAME_BOARDS[_i][1], SNAKE_POLICY_PERFECT, false, 25, true);
}
END_TEST

START_TEST(perfect_always_wins_strict_tail) {
    play_many(GAME_BOARDS[_i][0], GAME_BOARDS[_i][1], SNAKE_POLICY_PERFECT, true, 25, true);
}
END_TEST

START_TEST(hamilton_always_wins) {
    int w = GAME_BOARDS[_i][0], h = GAME_BOARDS[_i][1];
    play_many(w, h, SNAKE_POLICY_HAMILTON, false, 10, false);
    play_many(w, h, SNAKE_POLICY_HAMILTON, true, 10, false);
}
END_TEST

START_TEST(perfect_beats_hamilton) {
    /* Same seeds: the shortcuts must save steps on average, by a wide margin. */
    Totals perfect = play_many(8, 8, SNAKE_POLICY_PERFECT, false, 20, false);
    Totals hamilton = play_many(8, 8, SNAKE_POLICY_HAMILTON, false, 20, false);
    ck_assert_msg(perfect.steps * 4 < hamilton.steps * 3, "perfect %ld steps, hamilton %ld",
                  perfect.steps, hamilton.steps);
}
END_TEST

START_TEST(hamilton_follows_fixed_cycle) {
    /* 4x4, start length 4: the head at (3,0) goes down the fixed cycle. */
    SnakeRules rules = {4, 4, 4, true};
    SnakeGame g;
    SnakeAi ai;
    ck_assert_int_eq(snake_game_init(&g, &rules, 7, NULL), WS_OK);
    ck_assert_int_eq(snake_ai_init(&ai, 4, 4, SNAKE_POLICY_HAMILTON, true, NULL), WS_OK);
    static const Dir want[] = {DIR_DOWN, DIR_LEFT, DIR_LEFT, DIR_DOWN, DIR_RIGHT, DIR_RIGHT};
    for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
        Dir d = snake_ai_choose(&ai, &g);
        ck_assert_int_eq(d, want[k]);
        ck_assert_int_eq(ai.reason, SNAKE_REASON_CYCLE);
        snake_game_tick(&g, d);
    }
    snake_ai_deinit(&ai);
    snake_game_deinit(&g);
}
END_TEST

START_TEST(perfect_after_policy_switch_falls_back) {
    /* A body that is not on any block-tree outline (it went left along the
     * top lane) has no certificate: perfect plays greedy instead of failing. */
    SnakeRules rules = {6, 6, 3, false};
    SnakeGame g;
    SnakeAi ai;
    ck_assert_int_eq(snake_game_init(&g, &rules, 3, NULL), WS_OK);
    ck_assert_int_eq(snake_ai_init(&ai, 6, 6, SNAKE_POLICY_PERFECT, false, NULL), WS_OK);
    Snake *s = &g.snake;
    snake_advance(s, 2 + 6, false); /* (2,1): from top-left of a block going down */
    snake_advance(s, 1 + 6, false); /* (1,1): bottom-right going left */
    g.food = 35;
    ck_assert(!snake_cycle_certify(ai.cycle, s));
    Dir d = snake_ai_choose(&ai, &g);
    ck_assert(d != DIR_NONE);
    ck_assert(ai.reason != SNAKE_REASON_CYCLE && ai.reason != SNAKE_REASON_SHORTCUT);
    ck_assert_ptr_null(snake_ai_cycle(&ai));
    snake_ai_deinit(&ai);
    snake_game_deinit(&g);
}
END_TEST

static Suite *snake_cycle_suite(void) {
    Suite *s = suite_create("snake_cycle");
    TCase *tc = tcase_create("fixed");
    tcase_add_test(tc, fixed_4x4_by_hand);
    tcase_add_test(tc, fixed_4x3_by_hand);
    tcase_add_loop_test(tc, fixed_is_cycle_through_start, 0, N_CYCLE_BOARDS);
    tcase_add_test(tc, odd_boards_rejected);
    suite_add_tcase(s, tc);

    tc = tcase_create("games");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, perfect_always_wins_free_tail, 0, N_GAME_BOARDS);
    tcase_add_loop_test(tc, perfect_always_wins_strict_tail, 0, N_GAME_BOARDS);
    tcase_add_loop_test(tc, hamilton_always_wins, 0, N_GAME_BOARDS);
    tcase_add_test(tc, perfect_beats_hamilton);
    tcase_add_test(tc, hamilton_follows_fixed_cycle);
    tcase_add_test(tc, perfect_after_policy_switch_falls_back);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(snake_cycle_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
