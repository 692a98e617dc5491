/* test_engine_session.c - the engine session (engine_session.h) against real
 * engine processes: tests/engines/thinker.py (a Python snake engine whose
 * delay, crash and malformed info the test sets) and the example hunter. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine_info.h"
#include "engine_session.h"
#include "snake.h"

static const SnakeRules RULES = {.w = 8, .h = 8, .start_length = 4, .strict_tail = false};

/* Opens a session on `python3 DIR/thinker.py ARGS` (DIR: WS_TEST_ENGINES). */
static void open_thinker(EngineSession *s, const char *args) {
    static char cmd[1024];
    const char *dir = getenv("WS_TEST_ENGINES");
    ck_assert_msg(dir != NULL, "WS_TEST_ENGINES is not set");
    snprintf(cmd, sizeof cmd, "python3 %s/thinker.py %s", dir, args);
    PlayerSpec spec = {.kind = PLAYER_ENGINE, .command = cmd};
    WsError err = {0};
    ck_assert_msg(engine_session_open(s, &spec, ENGINE_SNAKE, &RULES, 10000, &err) == WS_OK, "%s",
                  err.msg);
}

/* Polls (asking again whenever nothing is out for g's tick) until something
 * other than PENDING / STALE comes. */
static EnginePoll wait_snake(EngineSession *s, const SnakeGame *g, EngineReply *rep) {
    for (int i = 0; i < 1000; i++) {
        EnginePoll r = engine_session_poll(s, 200, rep);
        if (r == ENGINE_ANSWERED || r == ENGINE_FAULT)
            return r;
        if (!engine_session_busy(s))
            engine_session_ask_snake(s, g);
    }
    ck_abort_msg("no answer after 1000 polls");
    return ENGINE_FAULT;
}

/* thinker.py's move: the first free cell in U R D L order. */
static Dir first_free(const SnakeGame *g) {
    int w = g->rules.w, h = g->rules.h, head = snake_head(&g->snake);
    for (int d = 0; d < DIR_COUNT; d++) {
        int x = head % w + DIR_DX[d], y = head / w + DIR_DY[d];
        if (x < 0 || y < 0 || x >= w || y >= h)
            continue;
        bool body = false;
        for (int i = 0; i < g->snake.len - 1; i++)
            body = body || snake_at(&g->snake, i) == y * w + x;
        if (!body)
            return (Dir)d;
    }
    return DIR_UP;
}

START_TEST(answers_are_stamped_and_kept_by_tick) {
    EngineSession s;
    SnakeGame g;
    WsError err = {0};
    open_thinker(&s, "");
    ck_assert_str_eq(s.label, "engine:thinker");
    ck_assert_int_eq(snake_game_init(&g, &RULES, 5, &err), WS_OK);
    engine_session_new_game(&s, 7);
    for (long t = 0; t < 6; t++) {
        EngineReply rep;
        engine_session_ask_snake(&s, &g);
        ck_assert(engine_session_asked_for(&s, t));
        ck_assert_int_eq(wait_snake(&s, &g, &rep), ENGINE_ANSWERED);
        ck_assert_int_eq(rep.stamp.game, 7);
        ck_assert_int_eq(rep.stamp.tick, t);
        ck_assert_int_eq(rep.answer, first_free(&g));
        ck_assert_ptr_nonnull(rep.info);
        char want[64];
        snprintf(want, sizeof want, "tick %ld going %c", t, dir_to_char((Dir)rep.answer));
        ck_assert_str_eq(rep.info->text, want);
        ck_assert(rep.decision_us > 0.0);
        snake_game_tick(&g, (Dir)rep.answer);
    }
    /* Every answer is kept at its tick, with its info, for a step back. */
    ck_assert_int_eq(engine_session_kept_ticks(&s), 6);
    for (long t = 0; t < 6; t++) {
        int move = -1;
        double us = -1.0;
        ck_assert(engine_session_kept(&s, t, &move, &us));
        ck_assert(us > 0.0);
        const EngineInfo *in = engine_session_info_at(&s, t);
        ck_assert_ptr_nonnull(in);
        char want[64];
        snprintf(want, sizeof want, "tick %ld going %c", t, dir_to_char((Dir)move));
        ck_assert_str_eq(in->text, want);
        ck_assert_int_eq(in->path_len, 2);
    }
    /* A branch at tick 3 forgets the answers from there on. */
    engine_session_branch(&s, 3);
    ck_assert_int_eq(engine_session_kept_ticks(&s), 3);
    ck_assert(!engine_session_kept(&s, 3, NULL, NULL));
    snake_game_deinit(&g);
    engine_session_close(&s);
}
END_TEST

START_TEST(an_answer_asked_before_a_branch_is_stale) {
    EngineSession s;
    SnakeGame g;
    WsError err = {0};
    open_thinker(&s, "--delay 150");
    ck_assert_int_eq(snake_game_init(&g, &RULES, 5, &err), WS_OK);
    engine_session_new_game(&s, 0);
    engine_session_ask_snake(&s, &g);
    ck_assert(engine_session_busy(&s));
    /* The state asked about becomes another story before the answer comes. */
    engine_session_branch(&s, 0);
    ck_assert(!engine_session_asked_for(&s, 0));
    engine_session_ask_snake(&s, &g); /* sends nothing: one request at a time */
    EngineReply rep;
    EnginePoll r;
    while ((r = engine_session_poll(&s, 200, &rep)) == ENGINE_PENDING)
        ;
    ck_assert_int_eq(r, ENGINE_STALE);
    ck_assert(!engine_session_kept(&s, 0, NULL, NULL)); /* dropped, not kept */
    ck_assert(!engine_session_busy(&s));
    /* Asked again, in the new epoch: the answer counts. */
    ck_assert_int_eq(wait_snake(&s, &g, &rep), ENGINE_ANSWERED);
    ck_assert_int_eq(rep.stamp.epoch, s.epoch);
    ck_assert(engine_session_kept(&s, 0, NULL, NULL));
    snake_game_deinit(&g);
    engine_session_close(&s);
}
END_TEST

START_TEST(a_fault_is_one_line_and_the_next_ask_starts_afresh) {
    EngineSession s;
    SnakeGame g;
    WsError err = {0};
    open_thinker(&s, "--crash-at 3");
    ck_assert_int_eq(snake_game_init(&g, &RULES, 5, &err), WS_OK);
    engine_session_new_game(&s, 4);
    EngineReply rep;
    EnginePoll r = ENGINE_ANSWERED;
    Dir moves[3];
    for (int t = 0; t < 4 && r == ENGINE_ANSWERED; t++) {
        engine_session_ask_snake(&s, &g);
        r = wait_snake(&s, &g, &rep);
        if (r == ENGINE_ANSWERED) {
            moves[t] = (Dir)rep.answer;
            snake_game_tick(&g, moves[t]);
        }
    }
    ck_assert_int_eq(r, ENGINE_FAULT);
    ck_assert_str_eq(s.fault, "engine 'thinker', game 4 tick 3: exited with status 3");
    ck_assert_int_eq(s.fault_stamp.tick, 3);
    ck_assert(!engine_session_busy(&s));
    /* Play on from tick 1 (a branch at a past tick of the forfeited game):
     * the next ask starts the engine again and it answers, with a `game`
     * block first (its answers follow the board it is sent). */
    snake_game_reset(&g, 5);
    snake_game_tick(&g, moves[0]);
    engine_session_branch(&s, 1);
    engine_session_ask_snake(&s, &g);
    ck_assert(s.starting);
    ck_assert_int_eq(wait_snake(&s, &g, &rep), ENGINE_ANSWERED);
    ck_assert_int_eq(rep.stamp.tick, 1);
    ck_assert_int_eq(rep.answer, moves[1]);
    snake_game_deinit(&g);
    engine_session_close(&s);
}
END_TEST

START_TEST(a_malformed_info_line_is_a_warning_not_a_fault) {
    EngineSession s;
    SnakeGame g;
    WsError err = {0};
    open_thinker(&s, "--bad-info-at 1");
    ck_assert_int_eq(snake_game_init(&g, &RULES, 5, &err), WS_OK);
    engine_session_new_game(&s, 2);
    for (long t = 0; t < 3; t++) {
        EngineReply rep;
        engine_session_ask_snake(&s, &g);
        ck_assert_msg(wait_snake(&s, &g, &rep) == ENGINE_ANSWERED, "tick %ld: %s", t, s.fault);
        if (t == 1) {
            ck_assert_ptr_nonnull(rep.warning);
            ck_assert_ptr_nonnull(strstr(s.warning, "game 2 tick 1"));
            ck_assert_ptr_nonnull(strstr(s.warning, "info  cells 1"));
            /* the rest of the answer stands */
            ck_assert_int_eq(rep.info->path_len, 2);
            ck_assert_int_eq(rep.info->mark_len, 0);
        } else {
            ck_assert_ptr_null(rep.warning);
        }
        snake_game_tick(&g, (Dir)rep.answer);
    }
    ck_assert_int_eq(s.warnings, 1);
    snake_game_deinit(&g);
    engine_session_close(&s);
}
END_TEST

/* A malformed info line leaves nothing of itself: the kind it names is
 * dropped, whatever an earlier line of that kind said. */
START_TEST(a_malformed_info_line_drops_its_kind) {
    EngineInfo in;
    WsError err = {0};
    ck_assert_int_eq(engine_info_init(&in, 4, 3, &err), WS_OK);
    const char *good = "info cells 0 0 1 1";
    ck_assert_ptr_null(engine_info_line(&in, good, strlen(good)));
    ck_assert_int_eq(in.mark_len, 2);
    const char *odd = "info cells 1";
    ck_assert_ptr_nonnull(engine_info_line(&in, odd, strlen(odd)));
    ck_assert_int_eq(in.mark_len, 0);
    const char *off = "info path 0 0 9 9";
    ck_assert_ptr_nonnull(engine_info_line(&in, off, strlen(off)));
    ck_assert_int_eq(in.path_len, 0);
    const char *wave = "info wave 1 2 3 4 5 6 7 8 9 10 11 12";
    ck_assert_ptr_null(engine_info_line(&in, wave, strlen(wave)));
    ck_assert(in.has_wave);
    const char *short_wave = "info wave 1 2 x";
    ck_assert_ptr_nonnull(engine_info_line(&in, short_wave, strlen(short_wave)));
    ck_assert(!in.has_wave);
    engine_info_deinit(&in);
}
END_TEST

START_TEST(a_sea_session_is_stamped_by_shots) {
    static char cmd[1024];
    snprintf(cmd, sizeof cmd, "python3 %s/hunter.py", getenv("WS_EXAMPLE_ENGINES"));
    PlayerSpec spec = {.kind = PLAYER_ENGINE, .command = cmd};
    EngineSession s;
    WsError err = {0};
    ck_assert_msg(engine_session_open(&s, &spec, ENGINE_SEA, NULL, 10000, &err) == WS_OK, "%s",
                  err.msg);
    SeaGame g;
    sea_game_reset(&g, 11, SEA_PLACE_RANDOM);
    engine_session_new_game(&s, 3);
    for (int shot = 0; shot < 5; shot++) {
        engine_session_ask_sea(&s, &g);
        EngineReply rep;
        EnginePoll r;
        while ((r = engine_session_poll(&s, 200, &rep)) == ENGINE_PENDING)
            ;
        ck_assert_msg(r == ENGINE_ANSWERED, "%s", s.fault);
        ck_assert_int_eq(rep.stamp.game, 3);
        ck_assert_int_eq(rep.stamp.tick, shot);
        ck_assert_int_eq(g.seen.mark[rep.answer], SEA_UNKNOWN);
        ck_assert_int_ne(sea_game_shoot(&g, rep.answer), SEA_SHOT_INVALID);
    }
    ck_assert_int_eq(engine_session_kept_ticks(&s), 5);
    engine_session_close(&s);
}
END_TEST

static Suite *engine_session_suite(void) {
    Suite *s = suite_create("engine_session");
    TCase *stamps = tcase_create("stamps");
    tcase_add_test(stamps, answers_are_stamped_and_kept_by_tick);
    tcase_add_test(stamps, an_answer_asked_before_a_branch_is_stale);
    tcase_add_test(stamps, a_sea_session_is_stamped_by_shots);
    suite_add_tcase(s, stamps);
    TCase *faults = tcase_create("faults");
    tcase_add_test(faults, a_fault_is_one_line_and_the_next_ask_starts_afresh);
    tcase_add_test(faults, a_malformed_info_line_is_a_warning_not_a_fault);
    tcase_add_test(faults, a_malformed_info_line_drops_its_kind);
    suite_add_tcase(s, faults);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(engine_session_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
