/* The engine protocol's client with real engine processes (tests/engines/):
 * a well-behaved engine plays, and every way of misbehaving ends in one
 * fault line, in bounded time, with no process of the engine's group left.
 * Hostile engines (hostile.py) try to touch more than their game: the
 * program's files, its process group, processes that escape, answers out
 * of turn, wavesnake's own death by a signal (docs/reliability.md). The
 * time bounds are hang detectors, generous for a loaded machine; every
 * wait for a process is a wait (waitpid, a pipe), never a sleep. */
#define _GNU_SOURCE /* prctl(PR_SET_CHILD_SUBREAPER), O_CLOEXEC */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "alloc_count.h"
#include "engine.h"
#include "fileio.h"
#include "snake_cycle.h"
#include "snake_hamilton.h"
#include "trace.h"

static char engines[512]; /* the test engines' directory */

static long now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* "python3 DIR/NAME ARGS" (or "sh DIR/NAME ARGS" for .sh). The engine
 * itself is the group's leader (the shell execs it: a simple command). */
static const char *cmd(const char *name, const char *args) {
    static char buf[1024];
    const char *run = strstr(name, ".sh") != NULL ? "sh" : "python3";
    snprintf(buf, sizeof buf, "%s %s/%s %s", run, engines, name, args);
    return buf;
}

/* Whether every process of the group is gone, now: engine_stop and a
 * fault return only once the group is empty (its orphans come to this
 * process, a subreaper, and are reaped there). */
static bool group_gone(long pgid) { return kill(-(pid_t)pgid, 0) != 0 && errno == ESRCH; }

/* Whether the process is gone (not even a zombie). */
static bool process_gone(long pid) { return kill((pid_t)pid, 0) != 0 && errno == ESRCH; }

static void setup(void) { prctl(PR_SET_CHILD_SUBREAPER, 1); }

static Engine *start_ok(const char *c, EngineKind kind, int timeout_ms) {
    Engine *e = NULL;
    WsError err = {0};
    ck_assert_msg(engine_start(&e, c, kind, timeout_ms, &err) == WS_OK, "%s", err.msg);
    ck_assert(engine_alive(e));
    ck_assert_int_gt(engine_pgid(e), 0);
    return e;
}

static void game_init(SnakeGame *g, int w, int h, uint64_t seed) {
    SnakeRules r = {w, h, 4, false};
    WsError err;
    ck_assert_msg(snake_game_init(g, &r, seed, &err) == WS_OK, "%s", err.msg);
}

/* One request and its answer (or fault), waiting as a headless caller does. */
static EnginePoll ask_snake(Engine *e, const SnakeGame *g, EngineAnswer *ans, WsError *err) {
    ck_assert_msg(engine_snake_request(e, g, err) == WS_OK, "%s", err->msg);
    EnginePoll r;
    do
        r = engine_poll(e, 60000, ans, err);
    while (r == ENGINE_PENDING);
    return r;
}

/* ---- a well-behaved engine ------------------------------------------------ */

START_TEST(a_good_engine_plays_and_says_what_it_thinks) {
    Engine *e = start_ok(cmd("good.py", ""), ENGINE_SNAKE, 5000);
    ck_assert_str_eq(engine_name(e), "good_test_engine");
    long pgid = engine_pgid(e);
    SnakeGame g;
    game_init(&g, 8, 6, 7);
    EngineAnswer ans;
    WsError err;
    int ticks = 0;
    while (g.outcome == SNAKE_PLAYING && ticks < 40) {
        ck_assert_int_eq(ask_snake(e, &g, &ans, &err), ENGINE_ANSWERED);
        ck_assert(snake_game_is_legal(&g, ans.move));
        const EngineInfo *in = ans.info;
        ck_assert_int_eq(in->path_len, 1);
        ck_assert_int_eq(in->path[0], snake_head(&g.snake));
        ck_assert_int_eq(in->mark_len, 2);
        ck_assert_int_eq(in->mark[1], 8 * 6 - 1);
        ck_assert(in->has_wave);
        ck_assert_int_eq(in->wave[0], -1);
        ck_assert_int_eq(in->wave[9], 1);
        char want[64];
        snprintf(want, sizeof want, "tick %d going %c", ticks + 1, dir_to_char(ans.move));
        ck_assert_str_eq(in->text, want);
        snake_game_tick(&g, ans.move);
        ticks++;
    }
    engine_snake_end(e, &g, false);
    /* a new game on the same board: the engine is told, and plays on */
    snake_game_reset(&g, 8);
    ck_assert_int_eq(ask_snake(e, &g, &ans, &err), ENGINE_ANSWERED);
    engine_stop(e);
    ck_assert(group_gone(pgid));
    snake_game_deinit(&g);
}
END_TEST

/* Walls, toggles and jumps in time reach the engine (good.py avoids walls). */
START_TEST(walls_toggles_and_jumps_in_time_reach_the_engine) {
    Engine *e = start_ok(cmd("good.py", ""), ENGINE_SNAKE, 5000);
    SnakeGame g;
    game_init(&g, 8, 8, 3);
    uint8_t walls[64] = {0};
    walls[5 * 8 + 5] = 1;
    WsError err;
    ck_assert_msg(snake_game_set_walls(&g, walls, &err) == WS_OK, "%s", err.msg);
    EngineAnswer ans;
    for (int t = 0; t < 30 && g.outcome == SNAKE_PLAYING; t++) {
        if (t == 3)
            snake_game_toggle_wall(&g, 7 * 8 + 0);
        if (t == 10)
            engine_forget(e);
        ck_assert_int_eq(ask_snake(e, &g, &ans, &err), ENGINE_ANSWERED);
        ck_assert(snake_game_is_legal(&g, ans.move));
        snake_game_tick(&g, ans.move);
    }
    engine_stop(e);
    snake_game_deinit(&g);
}
END_TEST

/* After the first game on a board, a tick allocates nothing. */
START_TEST(a_tick_allocates_nothing_after_the_first) {
    Engine *e = start_ok(cmd("good.py", ""), ENGINE_SNAKE, 5000);
    SnakeGame g;
    game_init(&g, 10, 10, 11);
    EngineAnswer ans;
    WsError err;
    ck_assert_int_eq(ask_snake(e, &g, &ans, &err), ENGINE_ANSWERED);
    snake_game_tick(&g, ans.move);
    long before = alloc_count();
    int bad = 0;
    for (int t = 0; t < 20 && g.outcome == SNAKE_PLAYING; t++) {
        if (engine_snake_request(e, &g, &err) != WS_OK)
            bad++;
        EnginePoll r;
        do
            r = engine_poll(e, 60000, &ans, &err);
        while (r == ENGINE_PENDING);
        if (r != ENGINE_ANSWERED)
            bad++;
        else
            snake_game_tick(&g, ans.move);
    }
    long after = alloc_count();
    ck_assert_int_eq(bad, 0);
    ck_assert_int_eq(after - before, 0);
    engine_stop(e);
    snake_game_deinit(&g);
}
END_TEST

/* The window polls with 0: pending until the answer is there. */
START_TEST(a_poll_without_waiting_is_pending_until_the_answer) {
    Engine *e = start_ok(cmd("good.py", ""), ENGINE_SNAKE, 5000);
    SnakeGame g;
    game_init(&g, 8, 8, 1);
    WsError err;
    EngineAnswer ans;
    ck_assert_int_eq(engine_snake_request(e, &g, &err), WS_OK);
    ck_assert_int_eq(engine_snake_request(e, &g, &err), WS_ERR_ARG); /* one at a time */
    EnginePoll r;
    int polls = 0;
    while ((r = engine_poll(e, 0, &ans, &err)) == ENGINE_PENDING) {
        polls++;
        usleep(1000);
    }
    ck_assert_int_eq(r, ENGINE_ANSWERED);
    ck_assert_int_eq(engine_poll(e, 0, &ans, &err), ENGINE_FAULT); /* nothing pending */
    ck_assert_ptr_nonnull(strstr(err.msg, "no request pending"));
    ck_assert(engine_alive(e));
    engine_stop(e);
    snake_game_deinit(&g);
}
END_TEST

START_TEST(info_lines_are_written_and_read_back_the_same) {
    EngineInfo a, b;
    WsError err;
    ck_assert_int_eq(engine_info_init(&a, 4, 3, &err), WS_OK);
    ck_assert_int_eq(engine_info_init(&b, 4, 3, &err), WS_OK);
    const char *in = "info path 0 0 1 0 1 1\ninfo cells 3 2\n"
                     "info wave -1 0 1 2 3 4 5 6 7 8 9 2147483647\ninfo what ever\n"
                     "info text eat at 1 1\n";
    ck_assert_msg(engine_info_parse(&a, in, strlen(in), &err) == WS_OK, "%s", err.msg);
    ck_assert_int_eq(a.path_len, 3);
    ck_assert_int_eq(a.path[2], 5);
    ck_assert_int_eq(a.mark[0], 11);
    ck_assert_int_eq(a.wave[11], 2147483647);
    ck_assert_str_eq(a.text, "eat at 1 1");
    char buf[1024];
    ck_assert_uint_le(engine_info_format_max(4, 3), sizeof buf);
    size_t n = engine_info_format(&a, buf, sizeof buf);
    ck_assert_msg(engine_info_parse(&b, buf, n, &err) == WS_OK, "%s", err.msg);
    char again[1024];
    ck_assert_uint_eq(engine_info_format(&b, again, sizeof again), n);
    ck_assert_str_eq(buf, again);
    engine_info_clear(&b);
    ck_assert_uint_eq(engine_info_format(&b, again, sizeof again), 0);
    const char *bad[] = {"info path 4 0\n", "info wave 1 2\n",
                         "info cells 0\n",  "move U\n",
                         "info  text x\n",  "info wave -2 0 0 0 0 0 0 0 0 0 0 0\n"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        ck_assert_int_eq(engine_info_parse(&b, bad[i], strlen(bad[i]), &err), WS_ERR_PARSE);
    engine_info_deinit(&a);
    engine_info_deinit(&b);
}
END_TEST

/* A text longer than ENGINE_TEXT_MAX is cut; a cut that lands on the space
 * between two words drops it, so the kept tick reads back (a trailing
 * space is a malformed line: the window's time travel showed nothing for
 * that tick; found by fuzz_engine_info). */
START_TEST(a_text_cut_on_a_space_reads_back) {
    EngineInfo a, b;
    WsError err;
    ck_assert_int_eq(engine_info_init(&a, 4, 3, &err), WS_OK);
    ck_assert_int_eq(engine_info_init(&b, 4, 3, &err), WS_OK);
    char line[256] = "info text";
    for (int i = 0; i < 45; i++) /* "abc" at 0, 4, ...: byte 159 of the text is a space */
        strcat(line, " abc");
    ck_assert_uint_eq(strlen(line) - 10, 179);
    ck_assert_ptr_null(engine_info_line(&a, line, strlen(line)));
    ck_assert_uint_eq(strlen(a.text), ENGINE_TEXT_MAX - 1);
    ck_assert_int_eq(strncmp(a.text, line + 10, ENGINE_TEXT_MAX - 1), 0);
    char buf[1024];
    size_t n = engine_info_format(&a, buf, sizeof buf);
    ck_assert_msg(engine_info_parse(&b, buf, n, &err) == WS_OK, "%s", err.msg);
    ck_assert_str_eq(b.text, a.text);
    engine_info_deinit(&a);
    engine_info_deinit(&b);
}
END_TEST

/* examples/engines/cycle plays exactly hamilton's moves, whole games on
 * boards with an even side (both rules, a new game on the same engine). */
START_TEST(the_c_cycle_engine_plays_hamiltons_moves) {
    const char *exe = getenv("WS_ENGINE_CYCLE");
    ck_assert_msg(exe != NULL, "WS_ENGINE_CYCLE names build/examples/engines/cycle");
    const int sizes[][2] = {{4, 4}, {6, 5}, {5, 6}, {8, 2}};
    Engine *e = start_ok(exe, ENGINE_SNAKE, 5000);
    ck_assert_str_eq(engine_name(e), "cycle");
    for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++) {
        int w = sizes[k][0], h = sizes[k][1];
        SnakeRules r = {w, h, 3, k % 2 == 1};
        SnakeGame g;
        SnakeCycle *c;
        Path route;
        WsError err;
        ck_assert_int_eq(snake_game_init(&g, &r, 40 + k, &err), WS_OK);
        ck_assert_int_eq(snake_cycle_create(&c, w, h, &err), WS_OK);
        ck_assert_int_eq(path_init(&route, w * h + 1, &err), WS_OK);
        int differ = 0, faults = 0;
        while (g.outcome == SNAKE_PLAYING) {
            Dir want = snake_hamilton_choose(c, &g, &route);
            EngineAnswer ans;
            if (engine_snake_request(e, &g, &err) != WS_OK) {
                faults++;
                break;
            }
            EnginePoll p;
            do
                p = engine_poll(e, 60000, &ans, &err);
            while (p == ENGINE_PENDING);
            if (p != ENGINE_ANSWERED) {
                faults++;
                break;
            }
            differ += ans.move != want;
            snake_game_tick(&g, ans.move);
        }
        ck_assert_msg(faults == 0, "%s", err.msg);
        ck_assert_int_eq(differ, 0);
        ck_assert_int_eq(g.outcome, SNAKE_WON);
        engine_snake_end(e, &g, false);
        path_deinit(&route);
        snake_cycle_destroy(c);
        snake_game_deinit(&g);
    }
    engine_stop(e);
}
END_TEST

/* The Python examples (examples/engines/) play whole games without a fault. */
START_TEST(the_python_snake_example_plays_whole_games) {
    char c[1024];
    snprintf(c, sizeof c, "python3 %s/snake.py", getenv("WS_EXAMPLE_ENGINES"));
    Engine *e = start_ok(c, ENGINE_SNAKE, 20000);
    ck_assert_str_eq(engine_name(e), "snake.py");
    SnakeGame g;
    game_init(&g, 8, 8, 12);
    EngineAnswer ans;
    WsError err;
    int waves = 0, paths = 0, texts = 0;
    while (g.outcome == SNAKE_PLAYING) {
        ck_assert_msg(ask_snake(e, &g, &ans, &err) == ENGINE_ANSWERED, "%s", err.msg);
        waves += ans.info->has_wave;
        paths += ans.info->path_len > 1 && ans.info->path[0] == snake_head(&g.snake) &&
                 ans.info->path[ans.info->path_len - 1] == g.food;
        texts += ans.info->text[0] != '\0';
        snake_game_tick(&g, ans.move);
    }
    ck_assert_int_eq(waves, (int)g.steps);
    ck_assert_int_eq(texts, (int)g.steps);
    ck_assert_int_gt(paths, 0);
    ck_assert_int_ge(g.snake.len, 10);
    engine_snake_end(e, &g, false);
    engine_stop(e);
    snake_game_deinit(&g);
}
END_TEST

START_TEST(the_python_hunter_example_sinks_every_ship) {
    char c[1024];
    snprintf(c, sizeof c, "python3 %s/hunter.py", getenv("WS_EXAMPLE_ENGINES"));
    Engine *e = start_ok(c, ENGINE_SEA, 20000);
    SeaGame g;
    sea_game_reset(&g, 3, SEA_PLACE_RANDOM);
    EngineAnswer ans;
    WsError err;
    while (g.sunk < SEA_SHIP_COUNT) {
        ck_assert_msg(engine_sea_request(e, &g, &err) == WS_OK, "%s", err.msg);
        EnginePoll r;
        do
            r = engine_poll(e, 60000, &ans, &err);
        while (r == ENGINE_PENDING);
        ck_assert_msg(r == ENGINE_ANSWERED, "%s", err.msg);
        ck_assert(ans.info->has_wave);
        ck_assert_int_gt(ans.info->wave[ans.shot], 0);
        ck_assert_int_eq(sea_game_shoot(&g, ans.shot) == SEA_SHOT_INVALID, 0);
        ck_assert_int_le(g.shots, 100);
    }
    engine_sea_end(e, &g);
    engine_stop(e);
}
END_TEST

/* ---- start failures ---------------------------------------------------------- */

START_TEST(an_engine_that_exits_at_once_cannot_start) {
    Engine *e = (Engine *)1;
    WsError err;
    long t0 = now_ms();
    ck_assert_int_eq(engine_start(&e, cmd("bad.py", "exit"), ENGINE_SNAKE, 2000, &err), WS_ERR_ARG);
    ck_assert_ptr_null(e);
    ck_assert_msg(strstr(err.msg, "engine 'python3': exited with status 3 before ready"), "%s",
                  err.msg);
    ck_assert_int_lt(now_ms() - t0, 5000);
    ck_assert_int_eq(engine_start(&e, "./no/such/engine", ENGINE_SNAKE, 2000, &err), WS_ERR_ARG);
    ck_assert_msg(strstr(err.msg, "engine './no/such/engine': exited with status 127"), "%s",
                  err.msg);
    ck_assert_int_eq(engine_start(&e, "  ", ENGINE_SNAKE, 2000, &err), WS_ERR_ARG);
}
END_TEST

/* A debug print before ready says where such prints go (docs/engines.md,
 * "Faults"). */
START_TEST(a_debug_print_before_ready_says_where_it_goes) {
    Engine *e = NULL;
    WsError err;
    ck_assert_int_eq(engine_start(&e, cmd("bad.py", "debug"), ENGINE_SNAKE, 500, &err), WS_ERR_ARG);
    ck_assert_str_eq(err.msg, "engine 'python3': said \"starting up\" before ready; stdout is for "
                              "protocol lines, debug prints go to stderr");
}
END_TEST

START_TEST(an_engine_never_ready_gives_up_after_10_s) {
    Engine *e = NULL;
    WsError err;
    long t0 = now_ms();
    ck_assert_int_eq(engine_start(&e, cmd("bad.py", "noready"), ENGINE_SNAKE, 500, &err),
                     WS_ERR_ARG);
    long took = now_ms() - t0;
    ck_assert_msg(strstr(err.msg, "no ready within 10 s; nothing came on its standard output"),
                  "%s", err.msg);
    ck_assert_int_ge(took, ENGINE_READY_MS - 100);
    ck_assert_int_lt(took, ENGINE_READY_MS + 5000);
}
END_TEST

/* The window's start: launch returns at once (no wait for ready), the
 * handshake is polled with wait 0, and a fault of the start says what
 * engine_start says. */
START_TEST(a_launch_returns_at_once_and_ready_is_polled) {
    Engine *e = NULL;
    WsError err = {0};
    long t0 = now_ms();
    ck_assert_msg(engine_launch(&e, cmd("bad.py", "noready"), ENGINE_SNAKE, 500, &err) == WS_OK,
                  "%s", err.msg);
    ck_assert_int_lt(now_ms() - t0, 2000);
    ck_assert(engine_alive(e));
    ck_assert(!engine_ready(e));
    ck_assert_int_eq(engine_poll_ready(e, 0, &err), ENGINE_PENDING);
    SnakeGame g;
    game_init(&g, 8, 8, 5);
    ck_assert_int_eq(engine_snake_request(e, &g, &err), WS_ERR_ARG); /* not ready yet */
    long pgid = engine_pgid(e);
    /* a restart that does not wait, then a good engine's ready comes by polling */
    engine_stop(e);
    ck_assert(group_gone(pgid));
    ck_assert_msg(engine_launch(&e, cmd("good.py", ""), ENGINE_SNAKE, 2000, &err) == WS_OK, "%s",
                  err.msg);
    EnginePoll r;
    int polls = 0;
    while ((r = engine_poll_ready(e, 0, &err)) == ENGINE_PENDING) {
        polls++;
        usleep(2000);
    }
    ck_assert_msg(r == ENGINE_ANSWERED, "%s", err.msg);
    ck_assert(engine_ready(e));
    ck_assert_str_eq(engine_name(e), "good_test_engine");
    ck_assert_int_eq(engine_poll_ready(e, 0, &err), ENGINE_ANSWERED); /* stays ready */
    ck_assert_int_eq(engine_snake_request(e, &g, &err), WS_OK);
    EngineAnswer ans;
    while ((r = engine_poll(e, 0, &ans, &err)) == ENGINE_PENDING)
        usleep(1000);
    ck_assert_int_eq(r, ENGINE_ANSWERED);
    /* relaunch: a fresh process, pending again, ready again */
    pgid = engine_pgid(e);
    ck_assert_int_eq(engine_relaunch(e, &err), WS_OK);
    ck_assert(group_gone(pgid));
    while ((r = engine_poll_ready(e, 10, &err)) == ENGINE_PENDING) {
    }
    ck_assert_int_eq(r, ENGINE_ANSWERED);
    engine_stop(e);
    /* a start that fails is reported by the poll, with engine_start's line */
    ck_assert_int_eq(engine_launch(&e, cmd("bad.py", "exit"), ENGINE_SNAKE, 2000, &err), WS_OK);
    while ((r = engine_poll_ready(e, 0, &err)) == ENGINE_PENDING)
        usleep(2000);
    ck_assert_int_eq(r, ENGINE_FAULT);
    ck_assert_msg(strstr(err.msg, "engine 'python3': exited with status 3 before ready"), "%s",
                  err.msg);
    ck_assert(!engine_alive(e));
    engine_stop(e);
    snake_game_deinit(&g);
    (void)polls;
}
END_TEST

/* ---- faults during a game ---------------------------------------------------- */

/* Plays `mode` of bad.py until its fault; checks the message, the time the
 * fault took and that the group is gone. Returns after engine_stop. */
static void expect_fault(const char *engine, const char *args, int timeout_ms, const char *what) {
    Engine *e = start_ok(cmd(engine, args), ENGINE_SNAKE, timeout_ms);
    long pgid = engine_pgid(e);
    SnakeGame g;
    game_init(&g, 8, 8, 5);
    EngineAnswer ans;
    WsError err;
    EnginePoll r;
    long t0 = 0;
    int ticks = 0;
    do {
        t0 = now_ms();
        r = ask_snake(e, &g, &ans, &err);
        if (r == ENGINE_ANSWERED)
            snake_game_tick(&g, ans.move);
    } while (r == ENGINE_ANSWERED && ++ticks < 5);
    ck_assert_int_eq(r, ENGINE_FAULT);
    ck_assert_int_eq(err.status, WS_ERR_ARG);
    ck_assert_msg(strstr(err.msg, what) != NULL, "want \"%s\" in \"%s\"", what, err.msg);
    ck_assert_msg(strncmp(err.msg, "engine 'python3': ", 18) == 0 ||
                      strncmp(err.msg, "engine 'sh': ", 13) == 0,
                  "%s", err.msg);
    for (const char *p = err.msg; *p; p++)
        ck_assert(*p >= 0x20 && *p < 0x7f);
    ck_assert_int_lt(now_ms() - t0, timeout_ms + 5000);
    ck_assert(!engine_alive(e));
    ck_assert(group_gone(pgid));
    /* a fresh process for the next game */
    ck_assert_msg(engine_restart(e, &err) == WS_OK, "%s", err.msg);
    ck_assert(engine_alive(e));
    long p2 = engine_pgid(e);
    ck_assert_int_ne(p2, pgid);
    snake_game_reset(&g, 6);
    ck_assert_int_eq(engine_snake_request(e, &g, &err), WS_OK);
    engine_stop(e);
    ck_assert(group_gone(p2));
    snake_game_deinit(&g);
}

START_TEST(a_crash_is_a_fault_named_by_its_signal) {
    expect_fault("bad.py", "crash", 2000, "SEGV");
}
END_TEST
START_TEST(a_control_byte_is_a_fault) {
    expect_fault("bad.py", "garbage", 2000, "not printable ASCII");
}
END_TEST
START_TEST(a_line_over_1_mib_is_a_fault) {
    expect_fault("bad.py", "long", 2000, "longer than 1 MiB");
}
END_TEST
START_TEST(silence_past_the_timeout_is_a_fault) {
    expect_fault("bad.py", "silent", 500,
                 "no answer within 500 ms; nothing came on its standard output (still "
                 "thinking, or not flushed after each line?)");
}
END_TEST
/* A timeout says what it holds of an answer cut before its newline, and
 * asks about flushing only when nothing came at all (docs/engines.md,
 * "Faults"). */
START_TEST(a_timeout_quotes_a_line_without_its_newline) {
    expect_fault("bad.py", "nonewline", 500,
                 "no answer within 500 ms; its output ends without a newline: \"move R\"");
}
END_TEST
/* Starts bad.py MODE, plays one move of an 8x8 game (seed 5) and asks
 * for the next, which must be a fault: its message in *err. The caller
 * stops e and frees g. */
static Engine *fault_at_second_move(const char *mode, int timeout_ms, SnakeGame *g, WsError *err) {
    Engine *e = start_ok(cmd("bad.py", mode), ENGINE_SNAKE, timeout_ms);
    game_init(g, 8, 8, 5);
    EngineAnswer ans;
    ck_assert_int_eq(ask_snake(e, g, &ans, err), ENGINE_ANSWERED);
    snake_game_tick(g, ans.move);
    ck_assert_int_eq(ask_snake(e, g, &ans, err), ENGINE_FAULT);
    return e;
}
START_TEST(a_timeout_after_an_info_line_asks_nothing) {
    SnakeGame g;
    WsError err;
    Engine *e = fault_at_second_move("saidinfo", 300, &g, &err);
    ck_assert_str_eq(err.msg, "engine 'python3': no answer within 300 ms");
    engine_stop(e);
    snake_game_deinit(&g);
}
END_TEST
/* A tick of debug prints before a crash: the stderr lines kept are the
 * last ones, so the reason (a traceback's last line) is never the one
 * dropped; a first line "..." says that earlier ones were
 * (docs/engines.md, "Your stderr"). */
START_TEST(a_fault_keeps_the_last_stderr_lines) {
    SnakeGame g;
    WsError err;
    Engine *e = fault_at_second_move("spamcrash", 2000, &g, &err);
    ck_assert_msg(strstr(err.msg, "exited with status 4") != NULL, "%s", err.msg);
    size_t n = 0;
    const char *said = engine_said(e, &n);
    ck_assert_uint_le(n, ENGINE_SAID_MAX);
    ck_assert_uint_eq(strlen(said), n);
    ck_assert_msg(strncmp(said, "...\n", 4) == 0, "starts: %.60s", said);
    ck_assert_msg(strstr(said, "debug line 199 ") != NULL, "starts: %.60s", said);
    ck_assert_ptr_null(strstr(said, "debug line 0 "));
    const char *end = "\nthe last words\n";
    ck_assert_msg(n > strlen(end) && strcmp(said + n - strlen(end), end) == 0, "ends: %s",
                  n > 60 ? said + n - 60 : said);
    engine_stop(e);
    snake_game_deinit(&g);
}
END_TEST
/* An engine whose loop ends with its first game: the next game's fault
 * says so (docs/engines.md, "Faults"). */
START_TEST(an_engine_that_stops_at_end_is_told_it_plays_on) {
    Engine *e = start_ok(cmd("bad.py", "oneend"), ENGINE_SNAKE, 2000);
    SnakeGame g;
    game_init(&g, 8, 8, 5);
    EngineAnswer ans;
    WsError err;
    ck_assert_int_eq(ask_snake(e, &g, &ans, &err), ENGINE_ANSWERED);
    snake_game_tick(&g, ans.move);
    engine_snake_end(e, &g, false);
    snake_game_reset(&g, 6);
    ck_assert_int_eq(ask_snake(e, &g, &ans, &err), ENGINE_FAULT);
    ck_assert_str_eq(err.msg, "engine 'python3': exited with status 0; it stopped after `end`: "
                              "an engine plays game after game until `quit`");
    /* a fresh process plays the next game: nothing of the hint stays */
    ck_assert(engine_restart(e, &err) == WS_OK);
    ck_assert_int_eq(ask_snake(e, &g, &ans, &err), ENGINE_ANSWERED);
    engine_stop(e);
    snake_game_deinit(&g);
}
END_TEST
START_TEST(an_unknown_line_is_a_fault) {
    expect_fault("bad.py", "unknown", 2000,
                 "an unknown line: \"hello there\"; stdout is for protocol lines, debug prints "
                 "go to stderr");
}
END_TEST
START_TEST(a_bad_direction_is_a_fault) { expect_fault("bad.py", "badmove", 2000, "bad move"); }
END_TEST
START_TEST(a_sea_answer_to_a_snake_says_the_snake_answer) {
    expect_fault("bad.py", "wrongkind", 2000,
                 "an unknown line: \"shot 1 1\"; a snake engine answers move U|R|D|L");
}
END_TEST
/* A malformed info line only annotates: dropped with a warning naming what
 * is wrong, the answer (move R) and the game go on. */
static void expect_warning(const char *args, const char *what) {
    Engine *e = start_ok(cmd("bad.py", args), ENGINE_SNAKE, 2000);
    SnakeGame g;
    game_init(&g, 8, 8, 5);
    EngineAnswer ans;
    WsError err;
    for (int tick = 0; tick < 3; tick++) {
        ck_assert_msg(ask_snake(e, &g, &ans, &err) == ENGINE_ANSWERED, "%s", err.msg);
        ck_assert_int_eq(ans.move, DIR_RIGHT);
        ck_assert_ptr_nonnull(ans.warning);
        ck_assert_msg(strstr(ans.warning, what) != NULL, "want \"%s\" in \"%s\"", what,
                      ans.warning);
        for (const char *p = ans.warning; *p; p++)
            ck_assert(*p >= 0x20 && *p < 0x7f); /* quoted, never raw */
        snake_game_tick(&g, ans.move);
    }
    ck_assert(engine_alive(e));
    engine_stop(e);
    snake_game_deinit(&g);
}

START_TEST(a_wave_too_short_is_dropped_with_a_warning) { expect_warning("badwave", "fewer values"); }
END_TEST
START_TEST(a_control_byte_in_an_info_line_is_dropped_with_a_warning) {
    expect_warning("garbageinfo", "not printable ASCII");
}
END_TEST
START_TEST(two_spaces_between_words_are_a_fault) {
    expect_fault("bad.py", "spaces", 2000, "single spaces");
}
END_TEST
START_TEST(two_answers_at_once_are_a_fault_at_the_next_tick) {
    expect_fault("bad.py", "early", 2000, "\"move R\" before go");
}
END_TEST
/* The leader exits; its child keeps the output open: still seen at once. */
START_TEST(a_leader_that_exits_is_a_fault_though_its_child_holds_the_pipe) {
    expect_fault("child.sh", "exit", 2000, "exited with status 0");
}
END_TEST

/* Writing to an engine that is gone must not kill this process (SIGPIPE). */
START_TEST(writing_to_a_dead_engine_raises_no_sigpipe) {
    Engine *e = start_ok(cmd("bad.py", "unknown"), ENGINE_SNAKE, 2000);
    long pgid = engine_pgid(e);
    kill(-(pid_t)pgid, SIGKILL);
    siginfo_t si; /* waits for its death, leaving the status to the engine */
    ck_assert_int_eq(waitid(P_PID, (id_t)pgid, &si, WEXITED | WNOWAIT), 0);
    SnakeGame g;
    game_init(&g, 64, 64, 5); /* a request larger than a pipe's buffer */
    EngineAnswer ans;
    WsError err;
    ck_assert_int_eq(ask_snake(e, &g, &ans, &err), ENGINE_FAULT);
    ck_assert_msg(strstr(err.msg, "killed by signal 9 (KILL)") ||
                      strstr(err.msg, "exited with status 137"),
                  "%s", err.msg);
    engine_stop(e);
    ck_assert(group_gone(pgid));
    snake_game_deinit(&g);
}
END_TEST

/* ---- stopping ------------------------------------------------------------------ */

static void expect_stop(const char *engine, const char *args) {
    Engine *e = start_ok(cmd(engine, args), ENGINE_SNAKE, 2000);
    long pgid = engine_pgid(e);
    SnakeGame g;
    game_init(&g, 8, 8, 5);
    EngineAnswer ans;
    WsError err;
    ck_assert_int_eq(ask_snake(e, &g, &ans, &err), ENGINE_ANSWERED);
    long t0 = now_ms();
    engine_stop(e);
    long took = now_ms() - t0;
    ck_assert_int_ge(took, ENGINE_QUIT_MS - 50); /* it had its second */
    ck_assert_int_lt(took, ENGINE_QUIT_MS + 5000);
    ck_assert(group_gone(pgid));
    snake_game_deinit(&g);
}

START_TEST(an_engine_that_ignores_quit_is_killed_after_1_s) { expect_stop("bad.py", "ignorequit"); }
END_TEST
START_TEST(a_child_that_hangs_dies_with_its_group) { expect_stop("child.sh", "hang"); }
END_TEST

/* No engine inherits another's pipes: an engine that ends only at the end
 * of its input sees it when stopped while a later engine still runs. */
START_TEST(no_engine_inherits_another_engines_pipes) {
    char mark[64], args[96];
    snprintf(mark, sizeof mark, "/tmp/ws_engine_eof.%ld", (long)getpid());
    unlink(mark);
    snprintf(args, sizeof args, "%s", mark);
    Engine *a = start_ok(cmd("eof.sh", args), ENGINE_SNAKE, 2000);
    Engine *b = start_ok(cmd("eof.sh", "/dev/null"), ENGINE_SNAKE, 2000);
    engine_stop(a);
    bool seen = access(mark, F_OK) == 0;
    engine_stop(b);
    unlink(mark);
    ck_assert_msg(seen, "the first engine never saw the end of its input");
}
END_TEST

/* ---- hostile engines: nothing but their own game ------------------------------ */

/* Plays up to `ticks` moves of an 8x8 game; returns how many were answered
 * (the first fault's line in err). */
static int play_ticks(Engine *e, int ticks, WsError *err) {
    SnakeGame g;
    game_init(&g, 8, 8, 5);
    EngineAnswer ans;
    int answered = 0;
    while (answered < ticks && g.outcome == SNAKE_PLAYING &&
           ask_snake(e, &g, &ans, err) == ENGINE_ANSWERED) {
        snake_game_tick(&g, ans.move);
        answered++;
    }
    snake_game_deinit(&g);
    return answered;
}

static bool is_cloexec(int fd) { return (fcntl(fd, F_GETFD) & FD_CLOEXEC) != 0; }

/* An engine gets its stdin, its stdout and the shared stderr, nothing else:
 * not a temporary output file, not a trace being read, not a descriptor
 * someone opened without close-on-exec (hostile.py writes into every
 * descriptor it has and answers with the list of the extra ones). */
START_TEST(an_engine_holds_only_its_three_pipes) {
    char dir[] = "/tmp/ws_engine_fds.XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char path[128];
    snprintf(path, sizeof path, "%s/out.txt", dir);
    FileioOut out;
    WsError err;
    ck_assert_msg(fileio_out_open(&out, path, "--trace", &err) == WS_OK, "%s", err.msg);
    ck_assert(fputs("mine\n", out.f) >= 0 && fflush(out.f) == 0);
    ck_assert(is_cloexec(fileno(out.f)));
    TraceReader tr;
    ck_assert_msg(trace_open(&tr, WS_TEST_DATA "/replay.trace", &err) == WS_OK, "%s", err.msg);
    ck_assert(is_cloexec(fileno(tr.f)));
    int leak = open("/dev/null", O_WRONLY); /* inheritable, as a library's might be */
    ck_assert_int_ge(leak, 3);
    Engine *e = start_ok(cmd("hostile.py", "fds"), ENGINE_SNAKE, 5000);
    int answered = play_ticks(e, 3, &err);
    ck_assert_msg(answered == 3, "%s", err.msg);
    engine_stop(e);
    close(leak);
    trace_close(&tr);
    ck_assert_int_eq(fileio_out_commit(&out, &err), WS_OK);
    char text[64] = {0};
    FILE *f = fopen(path, "r");
    ck_assert_ptr_nonnull(f);
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    ck_assert_str_eq(text, "mine\n");
    ck_assert_uint_eq(n, 5);
    unlink(path);
    rmdir(dir);
}
END_TEST

/* Plays hostile.py in each of two modes three times: every run the engine
 * answers once, then the line it wrote out of turn (want) is a fault. */
static void out_of_turn_every_time(const char *const modes[2], const char *want) {
    for (int m = 0; m < 2; m++) {
        for (int run = 0; run < 3; run++) {
            Engine *e = start_ok(cmd("hostile.py", modes[m]), ENGINE_SNAKE, 5000);
            long pgid = engine_pgid(e);
            WsError err = {0};
            int answered = play_ticks(e, 4, &err);
            ck_assert_msg(answered == 1, "%s run %d: %d answers, then \"%s\"", modes[m], run,
                          answered, err.msg);
            ck_assert_msg(strstr(err.msg, want) != NULL, "%s", err.msg);
            ck_assert(group_gone(pgid));
            engine_stop(e);
        }
    }
}

/* A second answer to one go is a fault at the next tick, whenever it comes:
 * `go` waits until the engine has read the rest of the request, by which time
 * a sequential engine has written all it will write for the last go. Three
 * times each, at once and 0.2 s late: the same fault every time. */
START_TEST(a_second_answer_is_a_fault_at_the_next_tick_every_time) {
    const char *const modes[2] = {"double", "double-late"};
    out_of_turn_every_time(modes, "wrote \"move R\" before go");
}
END_TEST

/* A malformed info line after an answer is out of turn like any other line,
 * never a warning carried by the next answer: read before `go` it was a
 * warning, read at the barrier a fault, so the same engine got either. */
START_TEST(a_malformed_info_line_out_of_turn_is_a_fault_every_time) {
    const char *const modes[2] = {"badinfo", "badinfo-late"};
    out_of_turn_every_time(modes, "wrote \"info  late\" before go");
}
END_TEST

/* The request pipe is the engine's too: one that makes it 1 MiB (so that
 * POLLOUT no longer says "all read", and the wait for the barrier before
 * `go` spun a core until the engine read) finds it one page again at the
 * next request; hostile.py answers with a fault line when it does not. */
START_TEST(an_engine_that_resizes_its_input_pipe_finds_it_one_page_again) {
    Engine *e = start_ok(cmd("hostile.py", "bigpipe"), ENGINE_SNAKE, 5000);
    WsError err = {0};
    int answered = play_ticks(e, 4, &err);
    ck_assert_msg(answered == 4, "%d answers, then \"%s\"", answered, err.msg);
    engine_stop(e);
}
END_TEST

/* An engine that closes its input cannot read the game: it is a fault, at
 * the first request it cannot read, not a game played blind. */
START_TEST(an_engine_that_closes_its_input_is_a_fault_not_played_blind) {
    for (int run = 0; run < 2; run++) {
        Engine *e = start_ok(cmd("hostile.py", "closein"), ENGINE_SNAKE, 5000);
        WsError err = {0};
        int answered = play_ticks(e, 4, &err);
        ck_assert_msg(answered == 1, "run %d: %d answers, then \"%s\"", run, answered, err.msg);
        ck_assert_msg(strstr(err.msg, "closed its input") != NULL, "%s", err.msg);
        engine_stop(e);
    }
}
END_TEST

/* An engine that moves into wavesnake's own process group (out of reach of
 * a kill of its group), starts a child there and ignores quit and SIGTERM:
 * stopping it is bounded, and neither it nor its child is left. */
START_TEST(an_engine_that_leaves_its_group_is_stopped_all_the_same) {
    Engine *e = start_ok(cmd("hostile.py", "pgrp 1000.5"), ENGINE_SNAKE, 5000);
    long leader = engine_pgid(e);
    WsError err = {0};
    ck_assert_msg(play_ticks(e, 2, &err) == 2, "%s", err.msg);
    ck_assert_int_eq(getpgid((pid_t)leader), getpgrp()); /* it did move */
    long t0 = now_ms();
    engine_stop(e); /* quit, 1 s, then SIGKILL to the leader itself */
    ck_assert_int_lt(now_ms() - t0, ENGINE_QUIT_MS + 5000);
    ck_assert(process_gone(leader));
    /* its child was in this process's group: an orphan of this process now, swept */
    char line[64] = {0};
    FILE *ps = popen("pgrep -g 0 -f '^sleep 1000.5$'", "r");
    ck_assert_ptr_nonnull(ps);
    bool any = fgets(line, sizeof line, ps) != NULL;
    pclose(ps);
    ck_assert_msg(!any, "the engine's child is left: %s", line);
}
END_TEST

/* The pids hostile.py's escape mode wrote to path: leader, setsid child,
 * double-forked setsid grandchild, child in a group of its own. */
static int read_pids(const char *path, long *pids, int max) {
    FILE *f = fopen(path, "r");
    ck_assert_ptr_nonnull(f);
    int n = 0;
    ck_assert_int_eq(fscanf(f, "pids"), 0);
    while (n < max && fscanf(f, "%ld", &pids[n]) == 1)
        n++;
    fclose(f);
    return n;
}

/* Starts the escape engine and has it answer once (it writes its pids at
 * the first go). */
static Engine *start_escape(const char *pid_file, int timeout_ms, long *pids) {
    char args[256];
    unlink(pid_file);
    snprintf(args, sizeof args, "escape %s 1000.6", pid_file);
    Engine *e = start_ok(cmd("hostile.py", args), ENGINE_SNAKE, timeout_ms);
    WsError err = {0};
    ck_assert_msg(play_ticks(e, 1, &err) == 1, "%s", err.msg);
    ck_assert_int_eq(read_pids(pid_file, pids, 4), 4);
    ck_assert_int_eq(pids[0], engine_pgid(e));
    return e;
}

/* Processes that left the engine's group (setsid, a double fork, a group of
 * their own) die with it: when it is stopped, and when it faults. */
START_TEST(processes_that_escape_their_group_die_with_their_engine) {
    char pid_file[64];
    snprintf(pid_file, sizeof pid_file, "/tmp/ws_engine_pids.%ld", (long)getpid());
    for (int how = 0; how < 2; how++) {
        long pids[4];
        Engine *e = start_escape(pid_file, 1000, pids);
        if (how == 0) {
            engine_stop(e);
        } else { /* a fault: an answer it never gives in time */
            kill((pid_t)pids[0], SIGSTOP);
            WsError err = {0};
            ck_assert_int_eq(play_ticks(e, 1, &err), 0);
            ck_assert_msg(strstr(err.msg, "no answer within") != NULL, "%s", err.msg);
            ck_assert(!engine_alive(e));
            engine_stop(e);
        }
        for (int i = 0; i < 4; i++)
            ck_assert_msg(process_gone(pids[i]), "process %ld (%d of 4) is left", pids[i], i + 1);
    }
    unlink(pid_file);
}
END_TEST

/* The signals the guard catches, each tested as wavesnake's death. */
static const int FATAL[] = {SIGPIPE, SIGQUIT, SIGUSR1, SIGALRM, SIGSEGV,
                            SIGABRT, SIGTERM, SIGINT,  SIGHUP};

/* Runs `body` in a child process as wavesnake would run: every signal at
 * its default (Check's runner installs its own), no core file. The child
 * writes what it wants the test to know to fd. */
static pid_t fork_program(int fd[2]) {
    ck_assert_int_eq(pipe(fd), 0);
    pid_t child = fork();
    ck_assert_int_ge(child, 0);
    if (child == 0) {
        close(fd[0]);
        for (size_t i = 0; i < sizeof FATAL / sizeof *FATAL; i++)
            signal(FATAL[i], SIG_DFL);
        struct rlimit none = {0, 0};
        setrlimit(RLIMIT_CORE, &none);
    } else {
        close(fd[1]);
    }
    return child;
}

/* wavesnake killed by a fatal signal while an engine runs, with processes
 * that escaped its group: every one of them is gone once wavesnake is, and
 * wavesnake ends as the signal would have ended it. */
START_TEST(a_fatal_signal_leaves_no_engine_process) {
    int sig = FATAL[_i];
    char pid_file[64];
    snprintf(pid_file, sizeof pid_file, "/tmp/ws_engine_pids.%ld", (long)getpid());
    int fd[2];
    pid_t child = fork_program(fd);
    if (child == 0) {
        long pids[4];
        Engine *e = start_escape(pid_file, 5000, pids);
        (void)e; /* ended by the signal */
        Engine *group = start_ok(cmd("child.sh", "hang"), ENGINE_SNAKE, 2000); /* a group too */
        long all[5] = {pids[0], pids[1], pids[2], pids[3], engine_pgid(group)};
        if (write(fd[1], all, sizeof all) != (ssize_t)sizeof all)
            _exit(6);
        close(fd[1]);
        for (;;)
            pause(); /* until the signal ends this program */
    }
    long all[5];
    ck_assert_int_eq(read(fd[0], all, sizeof all), (ssize_t)sizeof all);
    close(fd[0]);
    ck_assert_int_eq(kill(child, sig), 0);
    int st;
    ck_assert_int_eq(waitpid(child, &st, 0), child);
    /* Killed by the signal, or (SEGV under AddressSanitizer) its report's exit. */
    ck_assert_msg((WIFSIGNALED(st) && WTERMSIG(st) == sig) || (WIFEXITED(st) && WEXITSTATUS(st)),
                  "signal %d: status %#x", sig, st);
    for (int i = 0; i < 4; i++)
        ck_assert_msg(process_gone(all[i]), "signal %d: process %ld (%d of 4) is left", sig, all[i],
                      i + 1);
    ck_assert_msg(group_gone(all[4]), "signal %d: child.sh's group is left", sig);
    unlink(pid_file);
}
END_TEST

/* SIGKILL cannot be caught: the engine's leader still dies (the kernel's
 * PR_SET_PDEATHSIG), what it started that escaped does not
 * (docs/reliability.md says so). The leader comes to this process, a
 * subreaper, which waits for it. */
START_TEST(sigkill_still_ends_the_engine_itself) {
    char pid_file[64];
    snprintf(pid_file, sizeof pid_file, "/tmp/ws_engine_pids.%ld", (long)getpid());
    int fd[2];
    pid_t child = fork_program(fd);
    if (child == 0) {
        long pids[4];
        start_escape(pid_file, 5000, pids);
        if (write(fd[1], pids, sizeof pids) != (ssize_t)sizeof pids)
            _exit(6);
        for (;;)
            pause();
    }
    long pids[4];
    ck_assert_int_eq(read(fd[0], pids, sizeof pids), (ssize_t)sizeof pids);
    close(fd[0]);
    ck_assert_int_eq(kill(child, SIGKILL), 0);
    int st;
    ck_assert_int_eq(waitpid(child, &st, 0), child);
    ck_assert_int_eq(waitpid((pid_t)pids[0], &st, 0), (pid_t)pids[0]);
    ck_assert(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL);
    for (int i = 1; i < 4; i++) { /* the escaped ones: not guaranteed, cleaned up here */
        kill((pid_t)pids[i], SIGKILL);
        waitpid((pid_t)pids[i], NULL, 0);
    }
    unlink(pid_file);
}
END_TEST

static volatile sig_atomic_t interrupted;
static void on_interrupt(int sig) { interrupted = sig; }

/* A handler that was there before the first engine (SDL's, which closes the
 * window; a command that prints its results on Ctrl-C) is called, and the
 * engines play on until the program stops them itself. */
START_TEST(a_handler_that_was_there_first_decides) {
    int fd[2];
    pid_t child = fork_program(fd);
    if (child == 0) {
        signal(SIGINT, on_interrupt);
        Engine *e = NULL;
        WsError err = {0};
        if (engine_start(&e, cmd("good.py", ""), ENGINE_SNAKE, 5000, &err) != WS_OK)
            _exit(5);
        raise(SIGINT);
        int ok = interrupted == SIGINT && engine_alive(e) && play_ticks(e, 2, &err) == 2;
        engine_stop(e);
        _exit(ok ? 0 : 7);
    }
    close(fd[0]);
    int st;
    ck_assert_int_eq(waitpid(child, &st, 0), child);
    ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 0, "status %#x", st);
}
END_TEST

/* ---- sea ----------------------------------------------------------------------- */

static void sea_fault(const char *mode, const char *what) {
    char args[64];
    snprintf(args, sizeof args, "%s sea", mode);
    Engine *e = start_ok(cmd("bad.py", args), ENGINE_SEA, 2000);
    long pgid = engine_pgid(e);
    SeaGame g;
    sea_game_reset(&g, 9, SEA_PLACE_RANDOM);
    EngineAnswer ans;
    WsError err;
    EnginePoll r;
    int shots = 0;
    do {
        ck_assert_msg(engine_sea_request(e, &g, &err) == WS_OK, "%s", err.msg);
        do
            r = engine_poll(e, 60000, &ans, &err);
        while (r == ENGINE_PENDING);
        if (r == ENGINE_ANSWERED) {
            ck_assert_int_eq(g.seen.mark[ans.shot], SEA_UNKNOWN);
            sea_game_shoot(&g, ans.shot);
        }
    } while (r == ENGINE_ANSWERED && ++shots < 100 && g.sunk < SEA_SHIP_COUNT);
    if (what == NULL) {
        ck_assert_int_eq(r, ENGINE_ANSWERED);
        engine_sea_end(e, &g);
    } else {
        ck_assert_int_eq(r, ENGINE_FAULT);
        ck_assert_msg(strstr(err.msg, what) != NULL, "want \"%s\" in \"%s\"", what, err.msg);
    }
    engine_stop(e);
    ck_assert(group_gone(pgid));
}

START_TEST(a_sea_engine_plays_whole_games) { sea_fault("none", NULL); }
END_TEST
START_TEST(a_shot_off_the_board_is_a_fault) {
    sea_fault("offboard", "a shot off the board: \"shot 10 0\"");
    /* a cell named as on the HUD is on the board, only not in the protocol's words */
    sea_fault("cellname", "a bad shot (shot X Y, two numbers 0..9): \"shot A1\"");
    /* the other game's answer says which answer this game takes */
    sea_fault("wrongkind", "an unknown line: \"move R\"; a sea engine answers shot X Y");
}
END_TEST
START_TEST(a_shot_at_a_known_cell_is_a_fault) {
    sea_fault("again", "a shot at 0 0 (A1), a cell already known");
}
END_TEST

static Suite *engine_suite(void) {
    Suite *s = suite_create("engine");
    TCase *ok = tcase_create("good");
    tcase_add_checked_fixture(ok, setup, NULL);
    tcase_add_test(ok, a_good_engine_plays_and_says_what_it_thinks);
    tcase_add_test(ok, walls_toggles_and_jumps_in_time_reach_the_engine);
    tcase_add_test(ok, a_tick_allocates_nothing_after_the_first);
    tcase_add_test(ok, a_poll_without_waiting_is_pending_until_the_answer);
    tcase_add_test(ok, info_lines_are_written_and_read_back_the_same);
    tcase_add_test(ok, a_text_cut_on_a_space_reads_back);
    tcase_add_test(ok, the_c_cycle_engine_plays_hamiltons_moves);
    tcase_add_test(ok, the_python_snake_example_plays_whole_games);
    tcase_add_test(ok, the_python_hunter_example_sinks_every_ship);
    suite_add_tcase(s, ok);
    TCase *bad = tcase_create("faults");
    tcase_add_checked_fixture(bad, setup, NULL);
    tcase_add_test(bad, an_engine_that_exits_at_once_cannot_start);
    tcase_add_test(bad, a_launch_returns_at_once_and_ready_is_polled);
    tcase_add_test(bad, a_crash_is_a_fault_named_by_its_signal);
    tcase_add_test(bad, a_control_byte_is_a_fault);
    tcase_add_test(bad, a_line_over_1_mib_is_a_fault);
    tcase_add_test(bad, silence_past_the_timeout_is_a_fault);
    tcase_add_test(bad, a_timeout_quotes_a_line_without_its_newline);
    tcase_add_test(bad, a_fault_keeps_the_last_stderr_lines);
    tcase_add_test(bad, an_engine_that_stops_at_end_is_told_it_plays_on);
    tcase_add_test(bad, a_sea_answer_to_a_snake_says_the_snake_answer);
    tcase_add_test(bad, a_debug_print_before_ready_says_where_it_goes);
    tcase_add_test(bad, a_timeout_after_an_info_line_asks_nothing);
    tcase_add_test(bad, an_unknown_line_is_a_fault);
    tcase_add_test(bad, a_bad_direction_is_a_fault);
    tcase_add_test(bad, a_wave_too_short_is_dropped_with_a_warning);
    tcase_add_test(bad, a_control_byte_in_an_info_line_is_dropped_with_a_warning);
    tcase_add_test(bad, two_spaces_between_words_are_a_fault);
    tcase_add_test(bad, two_answers_at_once_are_a_fault_at_the_next_tick);
    tcase_add_test(bad, a_leader_that_exits_is_a_fault_though_its_child_holds_the_pipe);
    tcase_add_test(bad, writing_to_a_dead_engine_raises_no_sigpipe);
    tcase_add_test(bad, an_engine_that_ignores_quit_is_killed_after_1_s);
    tcase_add_test(bad, a_child_that_hangs_dies_with_its_group);
    tcase_add_test(bad, no_engine_inherits_another_engines_pipes);
    tcase_add_test(bad, a_sea_engine_plays_whole_games);
    tcase_add_test(bad, a_shot_off_the_board_is_a_fault);
    tcase_add_test(bad, a_shot_at_a_known_cell_is_a_fault);
    suite_add_tcase(s, bad);
    TCase *waits = tcase_create("waits"); /* unit_engine_slow: 10 s and more of waiting */
    tcase_add_checked_fixture(waits, setup, NULL);
    tcase_set_tags(waits, "slow");
    tcase_add_test(waits, an_engine_never_ready_gives_up_after_10_s);
    /* Each signal in turn (cli_hostile sends the same ones headless). */
    tcase_add_loop_test(waits, a_fatal_signal_leaves_no_engine_process, 0,
                        (int)(sizeof FATAL / sizeof *FATAL));
    suite_add_tcase(s, waits);
    TCase *hostile = tcase_create("hostile");
    tcase_add_checked_fixture(hostile, setup, NULL);
    tcase_add_test(hostile, an_engine_holds_only_its_three_pipes);
    tcase_add_test(hostile, a_second_answer_is_a_fault_at_the_next_tick_every_time);
    tcase_add_test(hostile, a_malformed_info_line_out_of_turn_is_a_fault_every_time);
    tcase_add_test(hostile, an_engine_that_resizes_its_input_pipe_finds_it_one_page_again);
    tcase_add_test(hostile, an_engine_that_closes_its_input_is_a_fault_not_played_blind);
    tcase_add_test(hostile, an_engine_that_leaves_its_group_is_stopped_all_the_same);
    tcase_add_test(hostile, processes_that_escape_their_group_die_with_their_engine);
    tcase_add_test(hostile, sigkill_still_ends_the_engine_itself);
    tcase_add_test(hostile, a_handler_that_was_there_first_decides);
    suite_add_tcase(s, hostile);
    return s;
}

int main(int argc, char **argv) {
    const char *dir = argc > 1 ? argv[1] : getenv("WS_TEST_ENGINES");
    if (dir == NULL) {
        fprintf(stderr, "test_engine: give the test engines' directory (tests/engines)\n");
        return 2;
    }
    snprintf(engines, sizeof engines, "%s", dir);
    SRunner *sr = srunner_create(engine_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
