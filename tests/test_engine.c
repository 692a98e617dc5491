/* The engine protocol's client with real engine processes (tests/engines/):
 * a well-behaved engine plays, and every way of misbehaving ends in one
 * fault line, in bounded time, with no process of the engine's group left.
 * The time bounds are hang detectors, generous for a loaded machine. */
#define _GNU_SOURCE /* prctl(PR_SET_CHILD_SUBREAPER) */
#include <check.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "alloc_count.h"
#include "engine.h"
#include "snake_cycle.h"
#include "snake_hamilton.h"

static char engines[512]; /* the test engines' directory */

static long now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* "python3 DIR/NAME ARGS" (or "sh DIR/NAME ARGS" for .sh). */
static const char *cmd(const char *name, const char *args) {
    static char buf[1024];
    const char *run = strstr(name, ".sh") != NULL ? "sh" : "python3";
    snprintf(buf, sizeof buf, "%s %s/%s %s", run, engines, name, args);
    return buf;
}

/* Whether every process of the group is gone. Orphans of the group come to
 * this process (a subreaper) and are reaped here, so a zombie is not
 * mistaken for a live process; waits up to 3 s. */
static bool group_gone(long pgid) {
    long end = now_ms() + 3000;
    for (;;) {
        while (waitpid(-1, NULL, WNOHANG) > 0) {
        }
        if (kill(-(pid_t)pgid, 0) != 0 && errno == ESRCH)
            return true;
        if (now_ms() > end)
            return false;
        usleep(10000);
    }
}

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

START_TEST(test_good_plays) {
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
START_TEST(test_good_walls) {
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
            engine_snake_forget(e);
        ck_assert_int_eq(ask_snake(e, &g, &ans, &err), ENGINE_ANSWERED);
        ck_assert(snake_game_is_legal(&g, ans.move));
        snake_game_tick(&g, ans.move);
    }
    engine_stop(e);
    snake_game_deinit(&g);
}
END_TEST

/* After the first game on a board, a tick allocates nothing. */
START_TEST(test_no_alloc_per_tick) {
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
START_TEST(test_poll_zero) {
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

START_TEST(test_info_roundtrip) {
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

/* examples/engines/cycle plays exactly hamilton's moves, whole games on
 * boards with an even side (both rules, a new game on the same engine). */
START_TEST(test_cycle_is_hamilton) {
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
START_TEST(test_example_snake) {
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

START_TEST(test_example_hunter) {
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

START_TEST(test_exit_at_once) {
    Engine *e = (Engine *)1;
    WsError err;
    long t0 = now_ms();
    ck_assert_int_eq(engine_start(&e, cmd("bad.py", "exit"), ENGINE_SNAKE, 2000, &err), WS_ERR_ARG);
    ck_assert_ptr_null(e);
    ck_assert_msg(strstr(err.msg, "engine python3: exited with status 3 before ready"), "%s",
                  err.msg);
    ck_assert_int_lt(now_ms() - t0, 5000);
    ck_assert_int_eq(engine_start(&e, "./no/such/engine", ENGINE_SNAKE, 2000, &err), WS_ERR_ARG);
    ck_assert_msg(strstr(err.msg, "engine ./no/such/engine: exited with status 127"), "%s",
                  err.msg);
    ck_assert_int_eq(engine_start(&e, "  ", ENGINE_SNAKE, 2000, &err), WS_ERR_ARG);
}
END_TEST

START_TEST(test_never_ready) {
    Engine *e = NULL;
    WsError err;
    long t0 = now_ms();
    ck_assert_int_eq(engine_start(&e, cmd("bad.py", "noready"), ENGINE_SNAKE, 500, &err),
                     WS_ERR_ARG);
    long took = now_ms() - t0;
    ck_assert_msg(strstr(err.msg, "no ready within 10 s"), "%s", err.msg);
    ck_assert_int_ge(took, ENGINE_READY_MS - 100);
    ck_assert_int_lt(took, ENGINE_READY_MS + 5000);
}
END_TEST

/* The window's start: launch returns at once (no wait for ready), the
 * handshake is polled with wait 0, and a fault of the start says what
 * engine_start says. */
START_TEST(test_launch_async) {
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
    ck_assert_msg(strstr(err.msg, "engine python3: exited with status 3 before ready"), "%s",
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
        if (r == ENGINE_ANSWERED) {
            snake_game_tick(&g, ans.move);
            usleep(50000); /* lets a line written after the answer arrive */
        }
    } while (r == ENGINE_ANSWERED && ++ticks < 5);
    ck_assert_int_eq(r, ENGINE_FAULT);
    ck_assert_int_eq(err.status, WS_ERR_ARG);
    ck_assert_msg(strstr(err.msg, what) != NULL, "want \"%s\" in \"%s\"", what, err.msg);
    ck_assert_msg(strncmp(err.msg, "engine python3: ", 16) == 0 ||
                      strncmp(err.msg, "engine sh: ", 11) == 0,
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

START_TEST(test_crash) { expect_fault("bad.py", "crash", 2000, "SEGV"); }
END_TEST
START_TEST(test_garbage) { expect_fault("bad.py", "garbage", 2000, "not printable ASCII"); }
END_TEST
START_TEST(test_long_line) { expect_fault("bad.py", "long", 2000, "longer than 1 MiB"); }
END_TEST
START_TEST(test_silent) { expect_fault("bad.py", "silent", 500, "no answer within 500 ms"); }
END_TEST
START_TEST(test_unknown) {
    expect_fault("bad.py", "unknown", 2000, "an unknown line: \"hello there\"");
}
END_TEST
START_TEST(test_bad_move) { expect_fault("bad.py", "badmove", 2000, "bad move"); }
END_TEST
START_TEST(test_bad_wave) { expect_fault("bad.py", "badwave", 2000, "fewer values"); }
END_TEST
START_TEST(test_spaces) { expect_fault("bad.py", "spaces", 2000, "single spaces"); }
END_TEST
START_TEST(test_early) { expect_fault("bad.py", "early", 2000, "\"move R\" before go"); }
END_TEST
/* The leader exits; its child keeps the output open: still seen at once. */
START_TEST(test_child_exits) { expect_fault("child.sh", "exit", 2000, "exited with status 0"); }
END_TEST

/* Writing to an engine that is gone must not kill this process (SIGPIPE). */
START_TEST(test_dead_pipe) {
    Engine *e = start_ok(cmd("bad.py", "unknown"), ENGINE_SNAKE, 2000);
    long pgid = engine_pgid(e);
    kill(-(pid_t)pgid, SIGKILL);
    usleep(100000);
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

START_TEST(test_ignores_quit) { expect_stop("bad.py", "ignorequit"); }
END_TEST
START_TEST(test_child_hangs) { expect_stop("child.sh", "hang"); }
END_TEST

/* No engine inherits another's pipes: an engine that ends only at the end
 * of its input sees it when stopped while a later engine still runs. */
START_TEST(test_pipes_not_inherited) {
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

/* SIGTERM to a program with engines: every engine group is killed, then the
 * program ends as it would have (the default action). */
START_TEST(test_signal_kills_engines) {
    int fd[2];
    ck_assert_int_eq(pipe(fd), 0);
    pid_t child = fork();
    ck_assert_int_ge(child, 0);
    if (child == 0) {
        /* Check's own SIGTERM handler (inherited) would take the whole test
         * down: this program has none, as wavesnake headless. */
        signal(SIGTERM, SIG_DFL);
        Engine *a = NULL, *b = NULL;
        WsError err;
        if (engine_start(&a, cmd("child.sh", "hang"), ENGINE_SNAKE, 2000, &err) != WS_OK ||
            engine_start(&b, cmd("good.py", ""), ENGINE_SNAKE, 2000, &err) != WS_OK)
            _exit(5);
        long p[2] = {engine_pgid(a), engine_pgid(b)};
        if (write(fd[1], p, sizeof p) != (ssize_t)sizeof p)
            _exit(6);
        raise(SIGTERM);
        _exit(7);
    }
    close(fd[1]);
    long p[2] = {0, 0};
    ck_assert_int_eq(read(fd[0], p, sizeof p), (ssize_t)sizeof p);
    int st;
    ck_assert_int_eq(waitpid(child, &st, 0), child);
    ck_assert(WIFSIGNALED(st));
    ck_assert_int_eq(WTERMSIG(st), SIGTERM);
    ck_assert(group_gone(p[0]));
    ck_assert(group_gone(p[1]));
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

START_TEST(test_sea_plays) { sea_fault("none", NULL); }
END_TEST
START_TEST(test_sea_off_board) { sea_fault("offboard", "a shot off the board: \"shot 10 0\""); }
END_TEST
START_TEST(test_sea_again) { sea_fault("again", "a shot at 0 0 (A1), a cell already known"); }
END_TEST

static Suite *engine_suite(void) {
    Suite *s = suite_create("engine");
    TCase *ok = tcase_create("good");
    tcase_add_checked_fixture(ok, setup, NULL);
    tcase_add_test(ok, test_good_plays);
    tcase_add_test(ok, test_good_walls);
    tcase_add_test(ok, test_no_alloc_per_tick);
    tcase_add_test(ok, test_poll_zero);
    tcase_add_test(ok, test_info_roundtrip);
    tcase_add_test(ok, test_cycle_is_hamilton);
    tcase_add_test(ok, test_example_snake);
    tcase_add_test(ok, test_example_hunter);
    suite_add_tcase(s, ok);
    TCase *bad = tcase_create("faults");
    tcase_add_checked_fixture(bad, setup, NULL);
    tcase_add_test(bad, test_exit_at_once);
    tcase_add_test(bad, test_never_ready);
    tcase_add_test(bad, test_launch_async);
    tcase_add_test(bad, test_crash);
    tcase_add_test(bad, test_garbage);
    tcase_add_test(bad, test_long_line);
    tcase_add_test(bad, test_silent);
    tcase_add_test(bad, test_unknown);
    tcase_add_test(bad, test_bad_move);
    tcase_add_test(bad, test_bad_wave);
    tcase_add_test(bad, test_spaces);
    tcase_add_test(bad, test_early);
    tcase_add_test(bad, test_child_exits);
    tcase_add_test(bad, test_dead_pipe);
    tcase_add_test(bad, test_ignores_quit);
    tcase_add_test(bad, test_child_hangs);
    tcase_add_test(bad, test_pipes_not_inherited);
    tcase_add_test(bad, test_signal_kills_engines);
    tcase_add_test(bad, test_sea_plays);
    tcase_add_test(bad, test_sea_off_board);
    tcase_add_test(bad, test_sea_again);
    suite_add_tcase(s, bad);
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
