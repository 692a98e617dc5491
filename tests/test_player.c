/* The player (player.h) without processes: a built-in AI behind the player
 * makes exactly the AI's moves, blocking or through request / poll; the
 * wheel answers only when steered; the names, the specs and the fault line.
 * Engines as players are tested with real processes in cli/engine.sh. */
#include <check.h>
#include <string.h>

#include "player.h"

static const SnakeRules RULES = {.w = 8, .h = 8, .start_length = 3, .strict_tail = false};

/* A whole game through the player's blocking choose, the same game through
 * the AI directly: the same moves and the same end. */
START_TEST(builtin_player_is_its_ai) {
    for (int p = 0; p < SNAKE_POLICY_COUNT; p++) {
        PlayerSpec spec = player_spec_snake_ai((SnakePolicy)p);
        SnakePlayer pl;
        SnakeAi ai;
        SnakeGame a, b;
        WsError err = {0};
        ck_assert_int_eq(snake_player_init(&pl, &spec, &RULES, 0, &err), WS_OK);
        ck_assert_int_eq(snake_ai_init(&ai, 8, 8, (SnakePolicy)p, false, &err), WS_OK);
        ck_assert_int_eq(snake_game_init(&a, &RULES, 9, &err), WS_OK);
        ck_assert_int_eq(snake_game_init(&b, &RULES, 9, &err), WS_OK);
        ck_assert_str_eq(snake_player_name(&pl), snake_policy_name((SnakePolicy)p));
        ck_assert_int_eq(snake_player_new_game(&pl, &err), WS_OK);
        long ticks = 0;
        while (a.outcome == SNAKE_PLAYING) {
            Dir d = DIR_NONE;
            ck_assert_int_eq(snake_player_choose(&pl, &a, &d, &err), ENGINE_ANSWERED);
            ck_assert_ptr_nonnull(snake_player_ai(&pl));
            ck_assert_ptr_null(snake_player_info(&pl));
            Dir want = snake_ai_choose(&ai, &b);
            ck_assert_int_eq(d, want);
            snake_game_tick(&a, d);
            snake_game_tick(&b, want);
            ck_assert_int_lt(++ticks, 4L * 64 * 64);
        }
        ck_assert_int_eq(a.outcome, b.outcome);
        ck_assert_int_eq(a.steps, b.steps);
        snake_player_end(&pl, &a); /* nothing to tell a built-in AI */
        snake_game_deinit(&a);
        snake_game_deinit(&b);
        snake_ai_deinit(&ai);
        snake_player_deinit(&pl);
    }
}
END_TEST

/* request / poll: a built-in AI answers at the first poll; a second
 * request before the poll is refused; a poll with nothing asked is a fault. */
START_TEST(request_then_poll) {
    PlayerSpec spec = player_spec_snake_ai(SNAKE_POLICY_GREEDY);
    SnakePlayer pl;
    SnakeGame g;
    WsError err = {0};
    Dir d = DIR_NONE;
    ck_assert_int_eq(snake_player_init(&pl, &spec, &RULES, 0, &err), WS_OK);
    ck_assert_int_eq(snake_game_init(&g, &RULES, 3, &err), WS_OK);
    ck_assert_int_eq(snake_player_new_game(&pl, &err), WS_OK);
    ck_assert_int_eq(snake_player_poll(&pl, 0, &d, &err), ENGINE_FAULT);
    ck_assert_int_eq(snake_player_request(&pl, &g, &err), WS_OK);
    ck_assert_int_eq(snake_player_request(&pl, &g, &err), WS_ERR_ARG);
    ck_assert_int_eq(snake_player_poll(&pl, 0, &d, &err), ENGINE_ANSWERED);
    ck_assert(snake_game_is_legal(&g, d));
    snake_game_deinit(&g);
    snake_player_deinit(&pl);
}
END_TEST

/* The wheel answers what the person steered, and nothing before. */
START_TEST(wheel_answers_when_steered) {
    PlayerSpec spec = {.kind = PLAYER_WHEEL};
    SnakePlayer pl;
    SnakeGame g;
    WsError err = {0};
    Dir d = DIR_NONE;
    ck_assert_int_eq(snake_player_init(&pl, &spec, &RULES, 0, &err), WS_OK);
    ck_assert_int_eq(snake_game_init(&g, &RULES, 3, &err), WS_OK);
    ck_assert_str_eq(snake_player_name(&pl), "wheel");
    ck_assert_ptr_null(snake_player_ai(&pl));
    snake_player_steer(&pl, DIR_DOWN); /* nothing asked: ignored */
    ck_assert_int_eq(snake_player_request(&pl, &g, &err), WS_OK);
    ck_assert_int_eq(snake_player_poll(&pl, 0, &d, &err), ENGINE_PENDING);
    snake_player_steer(&pl, DIR_DOWN);
    ck_assert_int_eq(snake_player_poll(&pl, 0, &d, &err), ENGINE_ANSWERED);
    ck_assert_int_eq(d, DIR_DOWN);
    snake_game_deinit(&g);
    snake_player_deinit(&pl);
}
END_TEST

/* The sea's built-in hunter through the player: a whole game, every shot
 * valid, as many shots as the hunter alone with the same stream. */
START_TEST(sea_player_is_its_hunter) {
    PlayerSpec spec = player_spec_sea_ai(SEA_HUNTER_SOURCE);
    SeaPlayer pl;
    SeaGame a, b;
    SeaAi ai;
    Rng rng;
    WsError err = {0};
    ck_assert_int_eq(sea_player_init(&pl, &spec, 0, &err), WS_OK);
    ck_assert_str_eq(sea_player_name(&pl), "source");
    sea_game_reset(&a, 21, SEA_PLACE_RANDOM);
    sea_game_reset(&b, 21, SEA_PLACE_RANDOM);
    sea_ai_init(&ai, SEA_HUNTER_SOURCE);
    rng_init(&rng, 21, RNG_STREAM_OTHER);
    ck_assert_int_eq(sea_player_new_game(&pl, &a, &err), WS_OK);
    while (!sea_game_is_over(&a)) {
        int cell = -1, want = -1;
        ck_assert_int_eq(sea_player_choose(&pl, &a, &cell, &err), ENGINE_ANSWERED);
        ck_assert_ptr_nonnull(sea_player_ai(&pl));
        ck_assert_int_eq(sea_ai_choose(&ai, &b.seen, &rng, &want, &err), WS_OK);
        ck_assert_int_eq(cell, want);
        ck_assert_int_ne(sea_game_shoot(&a, cell), SEA_SHOT_INVALID);
        sea_game_shoot(&b, want);
        ck_assert_int_le(a.shots, SEA_CELLS);
    }
    ck_assert_int_eq(a.shots, b.shots);
    sea_player_deinit(&pl);
}
END_TEST

START_TEST(specs_and_fault_lines) {
    PlayerSpec s;
    WsError err = {0};
    char buf[64];
    ck_assert(player_spec_is_engine("engine:x"));
    ck_assert(!player_spec_is_engine("engin:x"));
    ck_assert(!player_spec_is_engine("greedy"));
    ck_assert_int_eq(player_spec_parse_engine("engine:./a b", "--policy", &s, &err), WS_OK);
    ck_assert_int_eq(s.kind, PLAYER_ENGINE);
    ck_assert_str_eq(s.command, "./a b");
    ck_assert_uint_eq(player_spec_command_len(&s), 5);
    ck_assert_str_eq(player_spec_format(&s, false, buf, sizeof buf), "engine:./a b");
    ck_assert_int_eq(player_spec_parse_engine("engine:", "--hunter", &s, &err), WS_ERR_ARG);
    ck_assert_str_eq(err.msg, "--hunter: engine: needs a command (engine:CMD)");
    ck_assert_int_eq(player_spec_parse_engine("greedy", "--policy", &s, &err), WS_ERR_ARG);
    s = player_spec_sea_ai(SEA_HUNTER_SAMPLER);
    ck_assert_str_eq(player_spec_format(&s, true, buf, sizeof buf), "sampler");
    s = player_spec_snake_ai(SNAKE_POLICY_PERFECT);
    ck_assert_str_eq(player_spec_format(&s, false, buf, sizeof buf), "perfect");
    /* The client's "engine 'NAME': what" becomes "engine 'NAME', game G tick T: what". */
    char line[160];
    WsError why = {0};
    ws_fail(&why, WS_ERR_PARSE, "engine 'snake.py': no answer within 2000 ms");
    ck_assert_str_eq(player_fault_line(NULL, 3, 41, &why, line, sizeof line),
                     "engine '?', game 3 tick 41: no answer within 2000 ms");
}
END_TEST

/* One format for the dropped info line, whoever says it (engines.md,
 * "info"): an engine's own name, or a match's player name without its
 * "engine:" prefix; cut to the buffer, always terminated. */
START_TEST(warning_lines) {
    char line[160];
    ck_assert_str_eq(player_warning_line_as("thinker", 2, 7, "two spaces in 'info  cells 1'", line,
                                            sizeof line),
                     "engine 'thinker', game 2 tick 7: two spaces in 'info  cells 1' (dropped)");
    ck_assert_str_eq(player_warning_line_as("engine:csnake#2", 0, 41, "a cell off the board", line,
                                            sizeof line),
                     "engine 'csnake#2', game 0 tick 41: a cell off the board (dropped)");
    char small[16];
    ck_assert_str_eq(player_warning_line_as("thinker", 2, 7, "x", small, sizeof small),
                     "engine 'thinker");
}
END_TEST

static Suite *player_suite(void) {
    Suite *s = suite_create("player");
    TCase *tc = tcase_create("player");
    tcase_add_test(tc, builtin_player_is_its_ai);
    tcase_add_test(tc, request_then_poll);
    tcase_add_test(tc, wheel_answers_when_steered);
    tcase_add_test(tc, sea_player_is_its_hunter);
    tcase_add_test(tc, specs_and_fault_lines);
    tcase_add_test(tc, warning_lines);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(player_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? 0 : 1;
}
