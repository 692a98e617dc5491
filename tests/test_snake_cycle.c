/* Tests for snake_cycle, snake_hamilton and snake_perfect: the fixed cycle,
 * the hamilton and perfect policies.
 *
 * Expected cycles are worked out by hand from the construction in
 * snake_cycle.c. The game tests play many seeds on small boards under both
 * tail rules and every start length, and check after every single move that
 * the certificate (a Hamiltonian cycle holding the body in order) exists,
 * verified here independently of the module's own bookkeeping; perfect may
 * be without one only in the middle of a planned shortcut, never after an
 * eat (the plan is checked to end in a certified state). Boards with
 * walls (whole 2x2 blocks: the shipped maze and random ones) are played the
 * same way; other walls are refused.
 */
#ifndef WS_ASSET_DIR
#define WS_ASSET_DIR "assets"
#endif
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "require.h"
#include "rng.h"

#include "snake.h"
#include "snake_ai.h"
#include "snake_cert.h"
#include "snake_cycle.h"
#include "snake_hamilton.h"
#include "snake_lane.h"
#include "snake_perfect.h"
#include "snake_plan.h"

static bool adjacent(int w, int a, int b) {
    int dx = abs(a % w - b % w), dy = abs(a / w - b / w);
    return dx + dy == 1;
}

/* order[0..n) visits every floor cell of a w x h board (walls: NULL for
 * none) once, n being their count, each step to a 4-neighbour, and the last
 * cell is next to the first. */
static bool is_floor_cycle(const int32_t *order, int n, int w, int h, const uint8_t *walls) {
    int floor = 0;
    for (int c = 0; c < w * h; c++)
        floor += walls == NULL || !walls[c];
    if (n != floor)
        return false;
    char *seen = calloc((size_t)(w * h), 1);
    bool ok = seen != NULL;
    for (int i = 0; ok && i < n; i++) {
        if (order[i] < 0 || order[i] >= w * h || seen[order[i]] ||
            (walls != NULL && walls[order[i]]))
            ok = false;
        else
            seen[order[i]] = 1;
        if (ok && !adjacent(w, order[i], order[(i + 1) % n]))
            ok = false;
    }
    free(seen);
    return ok;
}

static bool is_hamiltonian_cycle(const int32_t *order, int w, int h) {
    return is_floor_cycle(order, w * h, w, h, NULL);
}

/* ---- the fixed cycle ------------------------------------------------------ */

START_TEST(fixed_4x4_by_hand) {
    /* h even: top row, rows 1..3 as a serpentine over columns 1..3 (row 1
     * leftward), then column 0 upward. */
    static const int32_t want[16] = {0, 1, 2, 3, 7, 6, 5, 9, 10, 11, 15, 14, 13, 12, 8, 4};
    SnakeCycle *c;
    ck_assert_int_eq(snake_cycle_create(&c, 4, 4, NULL), WS_OK);
    const int32_t *fixed = snake_cycle_fixed(c);
    for (int i = 0; i < 16; i++)
        ck_assert_msg(fixed[i] == want[i], "position %d: cell %d, want %d", i, fixed[i], want[i]);
    ck_assert_int_eq(snake_cycle_fixed_next(c, 4), 0);
    ck_assert_int_eq(snake_cycle_fixed_next(c, 3), 7);
    snake_cycle_destroy(c);
}
END_TEST

START_TEST(fixed_4x3_by_hand) {
    /* h odd: top row, then columns 3..0 over rows 1..2: down, up, down, up. */
    static const int32_t want[12] = {0, 1, 2, 3, 7, 11, 10, 6, 5, 9, 8, 4};
    SnakeCycle *c;
    ck_assert_int_eq(snake_cycle_create(&c, 4, 3, NULL), WS_OK);
    ck_assert(!snake_cycle_has_blocks(c));
    const int32_t *fixed = snake_cycle_fixed(c);
    for (int i = 0; i < 12; i++)
        ck_assert_msg(fixed[i] == want[i], "position %d: cell %d, want %d", i, fixed[i], want[i]);
    snake_cycle_destroy(c);
}
END_TEST

static const int CYCLE_BOARDS[][2] = {{2, 2},   {2, 3},   {3, 2},   {4, 4}, {6, 4}, {4, 6},
                                      {5, 4},   {4, 5},   {7, 2},   {2, 7}, {6, 6}, {8, 8},
                                      {30, 30}, {3, 256}, {256, 3}, {9, 10}};
enum { N_CYCLE_BOARDS = sizeof CYCLE_BOARDS / sizeof CYCLE_BOARDS[0] };

START_TEST(fixed_is_cycle_through_start) {
    int w = CYCLE_BOARDS[_i][0], h = CYCLE_BOARDS[_i][1];
    SnakeCycle *c;
    WsError err = {0};
    ck_assert_msg(snake_cycle_create(&c, w, h, &err) == WS_OK, "%dx%d: %s", w, h, err.msg);
    const int32_t *fixed = snake_cycle_fixed(c);
    ck_assert_msg(is_hamiltonian_cycle(fixed, w, h), "%dx%d: not a Hamiltonian cycle", w, h);
    /* Every start body (tail (0,0) .. head (n-1,0), n <= w) lies on it in order. */
    for (int x = 0; x < w; x++)
        ck_assert_int_eq(fixed[x], x);
    for (int i = 0; i < w * h; i++)
        ck_assert_int_eq(snake_cycle_fixed_next(c, fixed[i]), fixed[(i + 1) % (w * h)]);
    snake_cycle_destroy(c);
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
        SnakeCycle *c;
        ck_assert_int_eq(snake_cycle_create(&c, w, h, NULL), WS_ERR_ARG);
        ck_assert_ptr_null(c);
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
    REQUIRE_MSG(snake_cycle_certify(c, s), "seed %llu step %ld: no certificate",
                (unsigned long long)seed, step);
    int n, cells = s->w * s->h;
    const int32_t *order = snake_cycle_order(c, &n);
    REQUIRE_INT_EQ(n, cells);
    REQUIRE_MSG(is_hamiltonian_cycle(order, s->w, s->h), "seed %llu step %ld",
                (unsigned long long)seed, step);
    REQUIRE_INT_EQ(order[0], snake_tail(s));
    if (snake_cycle_has_blocks(c)) {
        for (int i = 0; i < s->len; i++)
            REQUIRE_MSG(order[i] == snake_at(s, s->len - 1 - i),
                        "seed %llu step %ld: body segment %d off the cycle",
                        (unsigned long long)seed, step, s->len - 1 - i);
    } else {
        int at = 0;
        for (int i = s->len - 1; i >= 0; i--) {
            while (at < cells && order[at] != snake_at(s, i))
                at++;
            REQUIRE_MSG(at < cells, "seed %llu step %ld: body out of cycle order",
                        (unsigned long long)seed, step);
        }
    }
}

/* Route head -> food as the overlay shows it. */
static void check_route(const SnakeAi *ai, const SnakeGame *g) {
    const Path *p = &ai->food_path;
    if (g->food < 0 || p->len == 0)
        return;
    REQUIRE_INT_EQ(p->cells[0], snake_head(&g->snake));
    REQUIRE_INT_EQ(p->cells[p->len - 1], g->food);
    for (int i = 1; i < p->len; i++)
        REQUIRE(adjacent(g->snake.w, p->cells[i - 1], p->cells[i]));
}

typedef struct Totals {
    long games, won, steps;
} Totals;

/* Plays `games` seeds with every start length; every game must be won. */
static Totals play_many(int w, int h, SnakePolicy policy, bool strict, int games, bool certify) {
    Totals t = {0};
    SnakeCycle *check;
    ck_assert_int_eq(snake_cycle_create(&check, w, h, NULL), WS_OK);
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
                REQUIRE_MSG(d != DIR_NONE, "%dx%d %s start %d seed %llu step %ld: trapped", w, h,
                            snake_policy_name(policy), start, (unsigned long long)seed, g.steps);
                REQUIRE(ai.reason == SNAKE_REASON_CYCLE || ai.reason == SNAKE_REASON_SHORTCUT);
                REQUIRE(snake_ai_cycle(&ai) != NULL);
                check_route(&ai, &g);
                int len = g.snake.len;
                snake_game_tick(&g, d);
                if (certify && g.outcome == SNAKE_PLAYING) {
                    /* perfect may leave the certificate only inside a plan
                     * (a shortcut) that ends in one: never right after an eat. */
                    bool off = policy == SNAKE_POLICY_PERFECT && snake_cycle_has_blocks(check) &&
                               ai.reason == SNAKE_REASON_SHORTCUT && g.snake.len == len &&
                               !snake_cycle_certify(check, &g.snake);
                    if (!off)
                        check_certificate(check, &g.snake, seed, g.steps);
                }
            }
            REQUIRE_MSG(g.outcome == SNAKE_WON, "%dx%d %s %s tail, start %d, seed %llu: %s", w, h,
                        snake_policy_name(policy), strict ? "strict" : "free", start,
                        (unsigned long long)seed, snake_outcome_name(g.outcome));
            t.games++;
            t.won++;
            t.steps += g.steps;
        }
        snake_ai_deinit(&ai);
        snake_game_deinit(&g);
    }
    snake_cycle_destroy(check);
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

/* Two perfect AIs for a board, to play one game side by side. */
static void perfect_pair(const SnakeRules *rules, SnakeAi *a, SnakeAi *b) {
    ck_assert_int_eq(snake_ai_init(a, rules->w, rules->h, SNAKE_POLICY_PERFECT, true, NULL), WS_OK);
    ck_assert_int_eq(snake_ai_init(b, rules->w, rules->h, SNAKE_POLICY_PERFECT, true, NULL), WS_OK);
}

START_TEST(explain_off_decides_the_same) {
    /* Headless runs turn `explain` off: the same moves, game after game, and
     * only the plan's overlay cycle is left out (while following a plan the
     * explained AI shows a cycle, the other none). Off, the apple played out
     * at a new food is replayed, not decided again move by move: its route
     * is the way the snake will go, which may be shorter than the one the
     * decision shows (a later plan cuts the cycle short), so the routes are
     * only checked to lead from the head to the food. Off, a plan with
     * no more moves left than the Manhattan distance to the food is followed
     * without the decision's searches (docs/perfect.md, "Round three"): the
     * explained AI makes them all, so equal moves mean they changed nothing. */
    static const SnakeRules cases[] = {{10, 8, 4, true}, {16, 12, 2, false}};
    for (size_t r = 0; r < sizeof cases / sizeof cases[0]; r++) {
        SnakeRules rules = cases[r];
        SnakeGame g;
        SnakeAi shown, quiet;
        ck_assert_int_eq(snake_game_init(&g, &rules, 1, NULL), WS_OK);
        perfect_pair(&rules, &shown, &quiet);
        quiet.explain = false;
        long plan_moves = 0, replayed = 0;
        for (uint64_t seed = 1; seed <= 3; seed++) {
            snake_game_reset(&g, seed);
            snake_ai_clear(&shown);
            snake_ai_clear(&quiet);
            while (g.outcome == SNAKE_PLAYING) {
                Dir a = snake_ai_choose(&shown, &g), b = snake_ai_choose(&quiet, &g);
                ck_assert_msg(a == b, "%dx%d seed %llu step %ld: %d vs %d", rules.w, rules.h,
                              (unsigned long long)seed, g.steps, (int)a, (int)b);
                ck_assert_int_eq(shown.reason, quiet.reason);
                for (int i = 0; i < 2; i++) {
                    const Path *p = i == 0 ? &shown.food_path : &quiet.food_path;
                    if (p->len == 0)
                        continue;
                    ck_assert_int_eq(p->cells[0], snake_head(&g.snake));
                    ck_assert_int_eq(p->cells[p->len - 1], g.food);
                    for (int k = 1; k < p->len; k++)
                        ck_assert_int_eq(grid_manhattan(g.rules.w, p->cells[k - 1], p->cells[k]),
                                         1);
                }
                replayed += shown.food_path.len != quiet.food_path.len;
                if (shown.reason == SNAKE_REASON_SHORTCUT) {
                    plan_moves++;
                    ck_assert_ptr_nonnull(snake_ai_cycle(&shown));
                    ck_assert_ptr_null(snake_ai_cycle(&quiet));
                }
                snake_game_tick(&g, a);
            }
            ck_assert_int_eq(g.outcome, SNAKE_WON);
        }
        ck_assert_int_gt(plan_moves, 0);
        ck_assert_int_gt(replayed, 0); /* the quiet AI did replay */
        /* The short way was taken (only quietly), often enough to matter. */
        ck_assert_int_eq(snake_perfect_stats(shown.cycle).short_plan_moves, 0);
        ck_assert_int_gt(snake_perfect_stats(quiet.cycle).short_plan_moves, plan_moves / 10);
        /* Every plan search ends one way: found, out of routes, out of bans. */
        SnakePlanCounts pc = snake_perfect_stats(quiet.cycle).plans;
        ck_assert_int_gt(pc.found, 0);
        ck_assert_int_eq(pc.searches, pc.found + pc.no_route + pc.out_of_bans);
        ck_assert_int_gt(pc.eat_cut, 0); /* the failed eat checks are counted by kind */
        snake_ai_deinit(&shown);
        snake_ai_deinit(&quiet);
        snake_game_deinit(&g);
    }
}
END_TEST

/* A plan's free prefix (docs/perfect.md): a short body's plan may start with
 * moves no block outline takes, and they have left the body by the eat,
 * whose state has a certificate. A longer body moves by lane moves only. */
/* One decision of an AI cut into slices of one unit of work: called again
 * while it is thinking, as the window does once a frame. Counts the calls
 * that stopped in *pending. */
static Dir choose_sliced(SnakeAi *ai, const SnakeGame *g, long *pending) {
    Dir d = snake_ai_choose_slice(ai, g, 1);
    while (ai->thinking) {
        ck_assert_int_eq(d, DIR_NONE);
        ++*pending;
        d = snake_ai_choose_slice(ai, g, 1);
    }
    return d;
}

START_TEST(sliced_decisions_decide_the_same) {
    /* The window cuts a new food's play-outs into slices, one a frame
     * (snake_ai_choose_slice): the decision then takes several calls, and its move
     * is the one the whole decision makes. Here a slice is one unit of work,
     * so nearly every play-out is cut, with overlays and without. */
    static const SnakeRules cases[] = {{10, 8, 4, true}, {16, 12, 2, false}};
    for (size_t r = 0; r < sizeof cases / sizeof cases[0]; r++) {
        for (int explain = 0; explain <= 1; explain++) {
            SnakeRules rules = cases[r];
            SnakeGame g;
            SnakeAi whole, sliced;
            ck_assert_int_eq(snake_game_init(&g, &rules, 1, NULL), WS_OK);
            perfect_pair(&rules, &whole, &sliced);
            whole.explain = sliced.explain = explain != 0;
            long pending = 0;
            for (uint64_t seed = 1; seed <= 2; seed++) {
                snake_game_reset(&g, seed);
                snake_ai_clear(&whole);
                snake_ai_clear(&sliced);
                while (g.outcome == SNAKE_PLAYING) {
                    Dir a = snake_ai_choose(&whole, &g), b = choose_sliced(&sliced, &g, &pending);
                    ck_assert_msg(a == b, "%dx%d seed %llu step %ld explain %d: %d vs %d", rules.w,
                                  rules.h, (unsigned long long)seed, g.steps, explain, (int)a,
                                  (int)b);
                    ck_assert_int_eq(whole.reason, sliced.reason);
                    ck_assert_int_eq(whole.food_path.len, sliced.food_path.len);
                    snake_game_tick(&g, a);
                }
                ck_assert_int_eq(g.outcome, SNAKE_WON);
            }
            ck_assert_int_gt(pending, 100); /* the slices did cut the play-outs */
            snake_ai_deinit(&whole);
            snake_ai_deinit(&sliced);
            snake_game_deinit(&g);
        }
    }
}
END_TEST

START_TEST(playout_stops_change_no_choice) {
    /* The second play-out stops as soon as it cannot eat sooner than the
     * first: when the food is farther than its moves or work left, and when
     * its moves and the policy's memory are the first's (from there it
     * would repeat them). An AI whose second play-outs play on to their
     * bound must make every move the same; the stops must have happened,
     * and saved work. */
    static const SnakeRules cases[] = {{10, 8, 4, true}, {16, 12, 2, false}, {20, 20, 2, true}};
    long won = 0;
    for (size_t r = 0; r < sizeof cases / sizeof cases[0]; r++) {
        SnakeRules rules = cases[r];
        SnakeGame g;
        SnakeAi stops, none;
        ck_assert_int_eq(snake_game_init(&g, &rules, 1, NULL), WS_OK);
        perfect_pair(&rules, &stops, &none);
        stops.explain = none.explain = false;
        snake_cycle_set_playout_stops(none.cycle, false);
        for (uint64_t seed = 1; seed <= 2; seed++) {
            snake_game_reset(&g, seed);
            snake_ai_clear(&stops);
            snake_ai_clear(&none);
            while (g.outcome == SNAKE_PLAYING) {
                Dir a = snake_ai_choose(&stops, &g), b = snake_ai_choose(&none, &g);
                ck_assert_msg(a == b, "%dx%d seed %llu step %ld: %d vs %d", rules.w, rules.h,
                              (unsigned long long)seed, g.steps, (int)a, (int)b);
                snake_game_tick(&g, a);
            }
            ck_assert_int_eq(g.outcome, SNAKE_WON);
        }
        SnakePlayoutCounts a = snake_perfect_stats(stops.cycle).playouts;
        SnakePlayoutCounts b = snake_perfect_stats(none.cycle).playouts;
        ck_assert_int_eq(a.apples, b.apples);
        ck_assert_int_eq(a.second, b.second);
        ck_assert_int_eq(a.won, b.won);
        ck_assert_int_eq(a.work_first, b.work_first);
        ck_assert_int_gt(a.repeated, 0);
        ck_assert_int_gt(a.too_far, 0);
        ck_assert_int_eq(b.repeated + b.too_far, 0);
        ck_assert_int_lt(a.work_second, b.work_second);
        won += a.won;
        snake_ai_deinit(&stops);
        snake_ai_deinit(&none);
        snake_game_deinit(&g);
    }
    ck_assert_int_gt(won, 0); /* a second play-out that won was not stopped */
}
END_TEST

START_TEST(a_sliced_decision_starts_afresh_on_another_game) {
    /* A decision left thinking on one game (the window's player steered,
     * or went to another tick) is not gone on with on another: the second
     * game is played as a fresh AI plays it. */
    SnakeRules rules = {16, 12, 2, true};
    SnakeGame first, second;
    SnakeAi whole, sliced;
    /* The first game's food is 3 moves from the head, the second's 16: gone
     * on with, the first's short apple would be replayed in the second. */
    ck_assert_int_eq(snake_game_init(&first, &rules, 10, NULL), WS_OK);
    ck_assert_int_eq(snake_game_init(&second, &rules, 6, NULL), WS_OK);
    perfect_pair(&rules, &whole, &sliced);
    for (int explain = 0; explain <= 1; explain++) {
        whole.explain = sliced.explain = explain != 0;
        snake_game_reset(&first, 10);
        snake_game_reset(&second, 6);
        snake_ai_clear(&whole);
        snake_ai_clear(&sliced);
        ck_assert_int_eq(snake_ai_choose_slice(&sliced, &first, 1), DIR_NONE);
        ck_assert(sliced.thinking); /* stopped in the first game's play-outs */
        long pending = 0;
        while (second.outcome == SNAKE_PLAYING) {
            Dir a = snake_ai_choose(&whole, &second), b = choose_sliced(&sliced, &second, &pending);
            ck_assert_msg(a == b, "explain %d step %ld: %d vs %d", explain, second.steps, (int)a,
                          (int)b);
            snake_game_tick(&second, a);
        }
        ck_assert_int_eq(second.outcome, SNAKE_WON);
    }
    snake_ai_deinit(&whole);
    snake_ai_deinit(&sliced);
    snake_game_deinit(&first);
    snake_game_deinit(&second);
}
END_TEST

START_TEST(free_prefix_leaves_before_the_eat) {
    SnakeRules rules = {8, 8, 4, true};
    SnakeGame g;
    SnakeAi ai;
    SnakeCycle *check;
    ck_assert_int_eq(snake_game_init(&g, &rules, 1, NULL), WS_OK);
    ck_assert_int_eq(snake_ai_init(&ai, 8, 8, SNAKE_POLICY_PERFECT, true, NULL), WS_OK);
    ck_assert_int_eq(snake_cycle_create(&check, 8, 8, NULL), WS_OK);
    int free_max = snake_perfect_stats(ai.cycle).free_max;
    ck_assert_int_gt(free_max, 0);
    long free_moves = 0;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        snake_game_reset(&g, seed);
        snake_ai_clear(&ai);
        while (g.outcome == SNAKE_PLAYING) {
            Dir d = snake_ai_choose(&ai, &g);
            int head = snake_head(&g.snake), len = g.snake.len;
            if (!snake_cert_is_lane(8, head, d)) {
                free_moves++;
                ck_assert_msg(len <= free_max, "seed %llu step %ld: a free move at length %d",
                              (unsigned long long)seed, g.steps, len);
                ck_assert_int_eq(ai.reason, SNAKE_REASON_SHORTCUT);
            }
            snake_game_tick(&g, d);
            if (g.outcome == SNAKE_PLAYING && g.snake.len > len)
                check_certificate(check, &g.snake, seed, g.steps);
        }
        ck_assert_int_eq(g.outcome, SNAKE_WON);
    }
    ck_assert_int_gt(free_moves, 0);
    snake_cycle_destroy(check);
    snake_ai_deinit(&ai);
    snake_game_deinit(&g);
}
END_TEST

/* ---- the route search and the plan check (snake_lane.h, snake_plan.h) ---- */

/* A 4x4 board (blocks 0 1 / 2 3; edges 0: 0-1, 1: 2-3, 2: 0-2, 3: 1-3)
 * with its certificate, route search and plan, and a body laid along
 * `cells` (tail first), loaded into the certificate (which must hold) and
 * into the release ticks under the strict rule. */
typedef struct Lanes {
    SnakeCert cert;
    SnakeLane lane;
    SnakePlan plan;
    Snake body;
} Lanes;

static void lanes_open(Lanes *t, const int *cells, int n) {
    ck_assert_int_eq(snake_cert_init(&t->cert, 4, 4, NULL), WS_OK);
    ck_assert_int_eq(snake_lane_init(&t->lane, &t->cert, NULL), WS_OK);
    ck_assert_int_eq(snake_plan_init(&t->plan, &t->cert, &t->lane, NULL), WS_OK);
    ck_assert_int_eq(snake_init(&t->body, 4, 4, NULL), WS_OK);
    snake_reset(&t->body, cells[0], 1);
    for (int i = 1; i < n; i++)
        snake_advance(&t->body, cells[i], true);
    ck_assert(snake_cert_load(&t->cert, &t->body));
    ck_assert(snake_cert_build(&t->cert));
    snake_lane_release_set(&t->lane, &t->body, true, NULL);
}

static void lanes_close(Lanes *t) {
    snake_lane_release_clear(&t->lane, &t->body, NULL);
    snake_deinit(&t->body);
    snake_plan_deinit(&t->plan);
    snake_lane_deinit(&t->lane);
    snake_cert_deinit(&t->cert);
}

/* The route of the last search equals want[0 .. n). */
static void route_is(const SnakeLane *l, const int32_t *want, int n) {
    int32_t cells[16];
    ck_assert_int_eq(snake_lane_cells(l, cells), n);
    for (int i = 0; i < n; i++)
        ck_assert_msg(cells[i] == want[i], "cell %d of the route: %d, want %d", i, cells[i],
                      want[i]);
}

START_TEST(lane_routes_go_clockwise_round_a_block) {
    /* A head at (0,0), the top-left cell of block 0: its lane moves are up
     * (off the board) and right, so (0,1) right below it is three moves away
     * round the block, (1,0) -> (1,1) -> (0,1), and (1,1) two. */
    static const int body[] = {0};
    Lanes t;
    lanes_open(&t, body, 1);
    ck_assert_int_eq(snake_lane_route(&t.lane, &t.body, 4, 16, 0, false), 3);
    static const int32_t want[] = {0, 1, 5, 4};
    route_is(&t.lane, want, 4);
    ck_assert_int_eq(snake_lane_route(&t.lane, &t.body, 5, 16, 0, false), 2);
    /* No route within the limit: -1. */
    ck_assert_int_eq(snake_lane_route(&t.lane, &t.body, 4, 2, 0, false), -1);
    lanes_close(&t);
}
END_TEST

START_TEST(lane_route_again_goes_round_a_ban) {
    /* Banning (1,0) -> (1,1) leaves the way round block 1: (1,0) -> (2,0)
     * -> (3,0) -> (3,1) -> (2,1) -> (1,1), six moves from (0,0). The search
     * that goes on from the ban gives what a whole new search gives. */
    static const int body[] = {0};
    Lanes t;
    lanes_open(&t, body, 1);
    ck_assert_int_eq(snake_lane_route(&t.lane, &t.body, 5, 16, 0, false), 2);
    snake_lane_ban(&t.lane, 1, DIR_DOWN);
    static const int32_t want[] = {0, 1, 2, 3, 7, 6, 5};
    ck_assert_int_eq(snake_lane_route_again(&t.lane, &t.body, 5, 16, 0, 1), 6);
    route_is(&t.lane, want, 7);
    ck_assert_int_eq(snake_lane_route(&t.lane, &t.body, 5, 16, 0, false), 6);
    route_is(&t.lane, want, 7);
    snake_lane_unban(&t.lane, 1);
    ck_assert_int_eq(snake_lane_route(&t.lane, &t.body, 5, 16, 0, false), 2);
    lanes_close(&t);
}
END_TEST

START_TEST(lane_routes_wait_for_the_body) {
    /* Body (2,1) tail, (2,0), (3,0) head, round block 1. Segment i (head 0)
     * leaves on tick len - i and, under the strict rule, may be entered a
     * tick later. The tail's cell is two moves ahead, (3,1) -> (2,1), and
     * free just in time. */
    static const int body[] = {6, 2, 3};
    Lanes t;
    lanes_open(&t, body, 3);
    ck_assert_int_eq(t.lane.release[t.lane.pad[6]], 2);
    ck_assert_int_eq(t.lane.release[t.lane.pad[2]], 3);
    ck_assert_int_eq(t.lane.release[t.lane.pad[3]], 4);
    ck_assert_int_eq(snake_lane_route(&t.lane, &t.body, 6, 16, 0, false), 2);
    /* Were it free a tick later (as a longer body's would be), the way in is
     * round block 3 and up from (2,2): six moves. */
    t.lane.release[t.lane.pad[6]] = 3;
    ck_assert_int_eq(snake_lane_route(&t.lane, &t.body, 6, 16, 0, false), 6);
    static const int32_t want[] = {3, 7, 11, 15, 14, 10, 6};
    route_is(&t.lane, want, 7);
    t.lane.release[t.lane.pad[6]] = 2;
    lanes_close(&t);
}
END_TEST

START_TEST(plan_check_finds_the_move_that_cuts_a_block_off) {
    /* Body (0,0) tail, (1,0) head; food at (0,1). The route (1,0) -> (1,1)
     * -> (0,1) leaves the body (1,0), (1,1), (0,1) after the eat: its stays
     * forbid block 0's right edge (0) and its down edge (2), the only ones
     * it has, so no tree holds it. After move 1 (the tail gone, only edge 0
     * forbidden) a certificate still exists; move 2, the eat, is the first
     * without one. */
    static const int body[] = {0, 1};
    Lanes t;
    lanes_open(&t, body, 2);
    static const int32_t cut[] = {1, 5, 4};
    int verified = -1;
    ck_assert_int_eq(snake_plan_check(&t.plan, &t.body, cut, 3, true, false, 0, &verified), 2);
    ck_assert_int_eq(verified, 1);
    /* Food at (1,1) instead: the body after the eat forbids edge 0 only, and
     * the end's tree (asked for) is the other three edges. */
    static const int32_t fine[] = {1, 5};
    ck_assert_int_eq(snake_plan_check(&t.plan, &t.body, fine, 2, true, true, 0, &verified), 0);
    ck_assert(!t.cert.tree[0] && t.cert.tree[1] && t.cert.tree[2] && t.cert.tree[3]);
    /* A move no block outline takes, (1,0) -> (0,0) leftward: refused at once. */
    static const int32_t nonlane[] = {1, 0};
    ck_assert_int_eq(snake_plan_check(&t.plan, &t.body, nonlane, 2, true, false, 0, &verified), 1);
    /* The real body's constraints are loaded again after every check. */
    for (int e = 0; e < t.cert.nedges; e++)
        ck_assert(t.cert.req[e] == 0 && t.cert.forb[e] == 0);
    lanes_close(&t);
}
END_TEST

/* ---- boards with walls ---------------------------------------------------- */

/* Reads a shipped snake map ('#' wall) into walls[w*h] (malloc'd). */
static uint8_t *load_map(const char *name, int *w, int *h) {
    char path[512];
    snprintf(path, sizeof path, "%s/maps/snake/%s.txt", WS_ASSET_DIR, name);
    FILE *f = fopen(path, "r");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    static char rows[256][260];
    int n = 0;
    while (n < 256 && fgets(rows[n], sizeof rows[n], f) != NULL) {
        rows[n][strcspn(rows[n], "\r\n")] = '\0';
        if (rows[n][0] != '\0')
            n++;
    }
    fclose(f);
    *w = (int)strlen(rows[0]);
    *h = n;
    uint8_t *walls = calloc((size_t)(*w * *h), 1);
    ck_assert_ptr_nonnull(walls);
    for (int y = 0; y < n; y++)
        for (int x = 0; x < *w && rows[y][x]; x++)
            walls[y * *w + x] = rows[y][x] == '#';
    return walls;
}

/* A w x h board whose 2x2 blocks are walls with probability pct %, drawn
 * from seed; NULL-free. Not checked for connectivity. */
static void random_block_walls(uint8_t *walls, int w, int h, int pct, uint64_t seed) {
    Rng r;
    rng_init(&r, seed, 7);
    memset(walls, 0, (size_t)(w * h));
    for (int by = 0; by < h / 2; by++)
        for (int bx = 0; bx < w / 2; bx++)
            if ((int)rng_bounded(&r, 100) < pct)
                for (int k = 0; k < 4; k++)
                    walls[(2 * by + k / 2) * w + 2 * bx + k % 2] = 1;
}

/* Plays `games` seeds of policy on a walled board; every game must be won,
 * with the certificate (a cycle through every floor cell holding the body as
 * one stretch) checked after every move. A start body that lies on no cycle
 * opens the game with a way onto one (snake_opening.h): those moves are
 * checked for legality, and from the first certified body on every body
 * must be certified as above. Returns the games played: 0 when the board is
 * refused (snake_policy_check_game); *opened (when not NULL) counts the
 * games that began with an opening. */
static int play_walled_opened(int w, int h, const uint8_t *walls, SnakePolicy policy, bool strict,
                              int start, int games, int *opened) {
    SnakeRules rules = {w, h, start, strict};
    SnakeGame g;
    SnakeAi ai;
    SnakeCycle *check;
    WsError err = {0};
    ck_assert_int_eq(snake_game_init(&g, &rules, 1, NULL), WS_OK);
    if (snake_game_set_walls(&g, walls, &err) != WS_OK ||
        snake_policy_check_game(policy, &g, &err) != WS_OK) {
        snake_game_deinit(&g);
        return 0;
    }
    ck_assert_int_eq(snake_ai_init(&ai, w, h, policy, strict, NULL), WS_OK);
    ck_assert_int_eq(snake_cycle_create(&check, w, h, NULL), WS_OK);
    for (int k = 0; k < games; k++) {
        uint64_t seed = 77u + (uint64_t)k;
        snake_game_reset(&g, seed);
        snake_ai_clear(&ai);
        REQUIRE(snake_cycle_sync_walls(check, &g));
        bool on_cycle = snake_cycle_certify(check, &g.snake); /* else an opening first */
        if (opened != NULL)
            *opened += !on_cycle;
        while (g.outcome == SNAKE_PLAYING) {
            Dir d = snake_ai_choose(&ai, &g);
            REQUIRE_MSG(d != DIR_NONE && snake_game_is_legal(&g, d),
                        "%dx%d %s start %d seed %llu step %ld: no legal move", w, h,
                        snake_policy_name(policy), start, (unsigned long long)seed, g.steps);
            REQUIRE(ai.reason == SNAKE_REASON_CYCLE || ai.reason == SNAKE_REASON_SHORTCUT);
            if (on_cycle) {
                REQUIRE_INT_EQ(snake_ai_cycle_len(&ai), g.floor_cells);
                check_route(&ai, &g);
            } else { /* an opening: no cycle yet, not the last game's */
                REQUIRE(ai.opening);
                REQUIRE_INT_EQ(snake_ai_cycle_len(&ai), 0);
            }
            int len = g.snake.len;
            bool shortcut = ai.reason == SNAKE_REASON_SHORTCUT;
            snake_game_tick(&g, d);
            if (g.outcome != SNAKE_PLAYING)
                break;
            const Snake *s = &g.snake;
            REQUIRE(snake_cycle_sync_walls(check, &g));
            bool certified = snake_cycle_certify(check, s);
            if (!on_cycle) {
                REQUIRE_MSG(g.steps <= 2L * w * h, "seed %llu: no cycle after %ld moves",
                            (unsigned long long)seed, g.steps);
                on_cycle = certified;
                if (!certified)
                    continue; /* still opening */
            }
            if (!certified && shortcut && g.snake.len == len && policy == SNAKE_POLICY_PERFECT)
                continue; /* inside a plan that ends in a certificate (see play_many) */
            REQUIRE_MSG(certified, "seed %llu step %ld: no certificate", (unsigned long long)seed,
                        g.steps);
            int n;
            const int32_t *order = snake_cycle_order(check, &n);
            REQUIRE_MSG(is_floor_cycle(order, n, w, h, g.walls),
                        "seed %llu step %ld: not a cycle of the floor", (unsigned long long)seed,
                        g.steps);
            for (int i = 0; i < s->len; i++)
                REQUIRE_MSG(order[i] == snake_at(s, s->len - 1 - i),
                            "seed %llu step %ld: body off the cycle", (unsigned long long)seed,
                            g.steps);
        }
        ck_assert_msg(g.outcome == SNAKE_WON, "%dx%d %s %s tail start %d seed %llu: %s", w, h,
                      snake_policy_name(policy), strict ? "strict" : "free", start,
                      (unsigned long long)seed, snake_outcome_name(g.outcome));
        ck_assert_int_eq(g.snake.len, g.floor_cells);
    }
    snake_cycle_destroy(check);
    snake_ai_deinit(&ai);
    snake_game_deinit(&g);
    return games;
}

static int play_walled(int w, int h, const uint8_t *walls, SnakePolicy policy, bool strict,
                       int start, int games) {
    return play_walled_opened(w, h, walls, policy, strict, start, games, NULL);
}

START_TEST(cycle_policies_win_the_maze) {
    int w, h;
    uint8_t *walls = load_map("maze", &w, &h);
    ck_assert_int_eq(snake_cycle_check_walls(w, h, walls, NULL), WS_OK);
    for (int strict = 0; strict <= 1; strict++) {
        ck_assert_int_eq(play_walled(w, h, walls, SNAKE_POLICY_PERFECT, strict, 2, 1), 1);
        ck_assert_int_eq(play_walled(w, h, walls, SNAKE_POLICY_PERFECT, strict, 4, 1), 1);
        ck_assert_int_eq(play_walled(w, h, walls, SNAKE_POLICY_HAMILTON, strict, 4, 1), 1);
    }
    free(walls);
}
END_TEST

START_TEST(cycle_policies_win_random_block_walls) {
    /* Boards 4x4 .. 12x10 with 0..40 % wall blocks; the connected ones are
     * played with start lengths 1, 2 and 4, both tail rules. */
    static const int SIZES[][2] = {{4, 4}, {6, 6}, {8, 6}, {6, 8}, {10, 8}, {12, 10}};
    int boards = 0, games = 0, refused_start = 0;
    for (int b = 0; b < 36; b++) {
        int w = SIZES[b % 6][0], h = SIZES[b % 6][1];
        uint8_t walls[12 * 10];
        random_block_walls(walls, w, h, b % 5 * 10, 1000u + (uint64_t)b);
        if (snake_cycle_check_walls(w, h, walls, NULL) != WS_OK)
            continue;
        boards++;
        for (int start = 1; start <= 4; start += 1 + (start == 2))
            for (int strict = 0; strict <= 1; strict++) {
                int played = play_walled(w, h, walls, SNAKE_POLICY_PERFECT, strict, start, 1);
                refused_start += played == 0;
                games += played;
                games += play_walled(w, h, walls, SNAKE_POLICY_HAMILTON, strict, start, 1);
            }
    }
    ck_assert_msg(boards >= 18 && games >= 100, "only %d boards, %d games", boards, games);
    ck_assert_msg(refused_start < boards, "%d start refusals on %d boards", refused_start, boards);
}
END_TEST

/* A 12x8 board whose start row (row 2, cells 4..7: the first with four
 * floor cells in a row) has a free block above its first block, reachable
 * only through it: the start body of length 3 or 4 forbids that block's
 * upward edge, so no cycle holds it, and the start body's head can only go
 * down. */
static const char *const OPENING_BOARD[] = {
    "####..######", "####..######", "####....####", "####....####",
    "............", "............", "............", "............",
};

static void opening_board(uint8_t walls[12 * 8]) {
    for (int y = 0; y < 8; y++)
        for (int x = 0; x < 12; x++)
            walls[y * 12 + x] = OPENING_BOARD[y][x] == '#';
}

START_TEST(cycle_policies_open_a_start_on_no_cycle) {
    uint8_t walls[12 * 8];
    opening_board(walls);
    ck_assert_int_eq(snake_cycle_check_walls(12, 8, walls, NULL), WS_OK);
    for (int start = 3; start <= 4; start++)
        for (int strict = 0; strict <= 1; strict++)
            for (int p = 0; p < 2; p++) {
                SnakePolicy policy = p == 0 ? SNAKE_POLICY_PERFECT : SNAKE_POLICY_HAMILTON;
                int opened = 0;
                int played = play_walled_opened(12, 8, walls, policy, strict, start, 20, &opened);
                ck_assert_msg(played == 20, "%s start %d: %d games", snake_policy_name(policy),
                              start, played);
                ck_assert_int_eq(opened, 20);
            }
}
END_TEST

START_TEST(cycle_policies_open_over_the_food) {
    /* The first food on the start head's only way out (the cell below it):
     * the opening cannot go round it, so it eats it on the way. */
    uint8_t walls[12 * 8];
    opening_board(walls);
    int exit = 3 * 12 + 7;
    for (int p = 0; p < 2; p++)
        for (int strict = 0; strict <= 1; strict++) {
            SnakePolicy policy = p == 0 ? SNAKE_POLICY_PERFECT : SNAKE_POLICY_HAMILTON;
            SnakeRules rules = {12, 8, 4, strict};
            SnakeGame g;
            SnakeAi ai;
            ck_assert_int_eq(snake_game_init(&g, &rules, 1, NULL), WS_OK);
            ck_assert_int_eq(snake_game_set_walls(&g, walls, NULL), WS_OK);
            ck_assert_int_eq(snake_policy_check_game(policy, &g, NULL), WS_OK);
            ck_assert_int_eq(snake_ai_init(&ai, 12, 8, policy, strict, NULL), WS_OK);
            uint64_t seed = 1;
            for (snake_game_reset(&g, seed); g.food != exit && seed < 100000;)
                snake_game_reset(&g, ++seed);
            ck_assert_int_eq(g.food, exit);
            snake_ai_clear(&ai);
            for (long n = 0; g.outcome == SNAKE_PLAYING; n++) {
                Dir d = snake_ai_choose(&ai, &g);
                ck_assert_msg(d != DIR_NONE && snake_game_is_legal(&g, d), "seed %llu step %ld",
                              (unsigned long long)seed, g.steps);
                snake_game_tick(&g, d);
                if (n == 0)
                    ck_assert_int_eq(g.snake.len, 5); /* the first move ate */
            }
            ck_assert_msg(g.outcome == SNAKE_WON, "%s seed %llu: %s", snake_policy_name(policy),
                          (unsigned long long)seed, snake_outcome_name(g.outcome));
            snake_ai_deinit(&ai);
            snake_game_deinit(&g);
        }
}
END_TEST

START_TEST(cycle_policies_refuse_other_walls) {
    uint8_t walls[8 * 8] = {0};
    WsError err = {0};
    ck_assert_int_eq(snake_cycle_check_walls(8, 8, walls, NULL), WS_OK); /* no walls */
    walls[2 * 8 + 2] = 1; /* a lone wall cell: not a whole block */
    ck_assert_int_eq(snake_cycle_check_walls(8, 8, walls, &err), WS_ERR_ARG);
    ck_assert_ptr_nonnull(strstr(err.msg, "2x2"));
    ck_assert_int_eq(snake_policy_check_walls(SNAKE_POLICY_PERFECT, 8, 8, walls, &err), WS_ERR_ARG);
    ck_assert_ptr_nonnull(strstr(err.msg, "perfect"));
    ck_assert_int_eq(snake_policy_check_walls(SNAKE_POLICY_GREEDY, 8, 8, walls, &err), WS_OK);
    /* A 2x2 square at odd x and y is parts of four blocks of the block grid:
     * the message says where blocks start and names the first part block
     * with its count (a window user clicking a square needs to know). */
    memset(walls, 0, sizeof walls);
    walls[3 * 8 + 3] = walls[3 * 8 + 4] = walls[4 * 8 + 3] = walls[4 * 8 + 4] = 1;
    ck_assert_int_eq(snake_cycle_check_walls(8, 8, walls, &err), WS_ERR_ARG);
    ck_assert_msg(strstr(err.msg, "starting at even x and y") != NULL, "%s", err.msg);
    ck_assert_msg(strstr(err.msg, "(2..3, 2..3) has 1 wall cell of 4") != NULL, "%s", err.msg);
    walls[2 * 8 + 3] = 1;
    ck_assert_int_eq(snake_cycle_check_walls(8, 8, walls, &err), WS_ERR_ARG);
    ck_assert_msg(strstr(err.msg, "(2..3, 2..3) has 2 wall cells of 4") != NULL, "%s", err.msg);
    /* Whole blocks that cut the board in two: a wall column of blocks. */
    memset(walls, 0, sizeof walls);
    for (int y = 0; y < 8; y++)
        walls[y * 8 + 4] = walls[y * 8 + 5] = 1;
    ck_assert_int_eq(snake_cycle_check_walls(8, 8, walls, &err), WS_ERR_ARG);
    ck_assert_ptr_nonnull(strstr(err.msg, "parts"));
    /* One odd side: walls refused even as blocks. */
    uint8_t odd[8 * 7] = {0};
    odd[0] = odd[1] = odd[8] = odd[9] = 1;
    ck_assert_int_eq(snake_cycle_check_walls(8, 7, odd, &err), WS_ERR_ARG);
    ck_assert_ptr_nonnull(strstr(err.msg, "even"));
    /* A start row under a free block that hangs only on it: no cycle holds
     * the start body, so the game opens with a way onto one (snake_opening.h);
     * start length 2 fits at once. 8x4: the top-left block is free, the rest
     * of the top block row walls; the start (length 4) lies in row 2. */
    uint8_t pocket[8 * 4] = {0};
    for (int x = 2; x < 8; x++)
        pocket[x] = pocket[8 + x] = 1;
    ck_assert_int_eq(snake_cycle_check_walls(8, 4, pocket, NULL), WS_OK);
    SnakeRules rules = {8, 4, 4, false};
    SnakeGame g;
    ck_assert_int_eq(snake_game_init(&g, &rules, 1, NULL), WS_OK);
    ck_assert_int_eq(snake_game_set_walls(&g, pocket, NULL), WS_OK);
    ck_assert_int_eq(snake_policy_check_game(SNAKE_POLICY_PERFECT, &g, NULL), WS_OK);
    ck_assert_int_eq(snake_policy_check_game(SNAKE_POLICY_HAMILTON, &g, NULL), WS_OK);
    snake_game_deinit(&g);
    ck_assert_int_eq(play_walled(8, 4, pocket, SNAKE_POLICY_PERFECT, true, 2, 5), 5);
    for (int strict = 0; strict <= 1; strict++) {
        int opened = 0;
        ck_assert_int_eq(
            play_walled_opened(8, 4, pocket, SNAKE_POLICY_PERFECT, strict, 4, 5, &opened), 5);
        ck_assert_int_eq(opened, 5);
        ck_assert_int_eq(play_walled(8, 4, pocket, SNAKE_POLICY_HAMILTON, strict, 4, 5), 5);
    }
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

    tc = tcase_create("routes");
    tcase_add_test(tc, lane_routes_go_clockwise_round_a_block);
    tcase_add_test(tc, lane_route_again_goes_round_a_ban);
    tcase_add_test(tc, lane_routes_wait_for_the_body);
    tcase_add_test(tc, plan_check_finds_the_move_that_cuts_a_block_off);
    suite_add_tcase(s, tc);

    tc = tcase_create("games");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, perfect_always_wins_free_tail, 0, N_GAME_BOARDS);
    tcase_add_loop_test(tc, perfect_always_wins_strict_tail, 0, N_GAME_BOARDS);
    tcase_add_loop_test(tc, hamilton_always_wins, 0, N_GAME_BOARDS);
    tcase_add_test(tc, perfect_beats_hamilton);
    tcase_add_test(tc, hamilton_follows_fixed_cycle);
    tcase_add_test(tc, perfect_after_policy_switch_falls_back);
    tcase_add_test(tc, explain_off_decides_the_same);
    tcase_add_test(tc, sliced_decisions_decide_the_same);
    tcase_add_test(tc, a_sliced_decision_starts_afresh_on_another_game);
    tcase_add_test(tc, playout_stops_change_no_choice);
    tcase_add_test(tc, free_prefix_leaves_before_the_eat);
    suite_add_tcase(s, tc);

    tc = tcase_create("walls");
    /* 67 s of the suite's 80 in release: CTest runs it as
     * unit_snake_cycle_slow (labels unit;slow: `make test`, not `make check`). */
    tcase_set_tags(tc, "slow");
    tcase_set_timeout(tc, 1200); /* ~40 s under ASan; a loaded machine stretches it */
    tcase_add_test(tc, cycle_policies_win_the_maze);
    tcase_add_test(tc, cycle_policies_win_random_block_walls);
    tcase_add_test(tc, cycle_policies_refuse_other_walls);
    tcase_add_test(tc, cycle_policies_open_a_start_on_no_cycle);
    tcase_add_test(tc, cycle_policies_open_over_the_food);
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
