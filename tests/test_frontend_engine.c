/* test_frontend_engine.c - watching an engine think in the window
 * (docs/engines.md, "In the window"): the front end on SDL's dummy driver,
 * driven frame by frame, with real engine processes (tests/engines/thinker.py:
 * a Python snake engine whose delay, crash and malformed info the test sets).
 * What a frame showed is read back as words (frontend_frame_text) and pixels. */
#define _GNU_SOURCE /* mkstemps */
#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "frontend_loop.h"
#include "options.h"
#include "player.h"
#include "replay_session.h"
#include "window_drive.h"

/* A 10x10 snake board in a 640x360 window, seed 42, the engine thinker.py
 * with args, its overlays on. */
static AppOptions engine_opts(char *cmd, size_t size, const char *args) {
    snprintf(cmd, size, "python3 %s/thinker.py %s", getenv("WS_TEST_ENGINES"), args);
    AppOptions o;
    options_defaults(&o, APP_MODE_SNAKE, 42);
    o.seed_given = true;
    o.rules.w = 10;
    o.rules.h = 10;
    o.window_w = 1280;
    o.window_h = 720;
    o.speed = 1000.0;
    o.player = (PlayerSpec){.kind = PLAYER_ENGINE, .command = cmd};
    o.engine_timeout_ms = 10000;
    return o;
}

/* Runs frames (a few ms apart) until the clock has played `ticks` ticks. */
static void frames_until_ticks(Frontend *app, long ticks) {
    for (int i = 0; i < 3000 && frontend_tick_count(app) < ticks; i++) {
        SDL_Delay(3);
        ck_assert(frontend_frame(app));
    }
    ck_assert_int_ge(frontend_tick_count(app), ticks);
}

static void frames(Frontend *app, int n, int delay_ms) {
    for (int i = 0; i < n; i++) {
        SDL_Delay((Uint32)delay_ms);
        ck_assert(frontend_frame(app));
    }
}

/* Runs frames 3 ms apart until the window pauses (a game's end under
 * pause_on_end); fails after 3000 frames. */
static void frames_until_paused(Frontend *app) {
    for (int i = 0; i < 3000 && !frontend_is_paused(app); i++)
        frames(app, 1, 3);
    ck_assert(frontend_is_paused(app));
}

/* Runs frames 10 ms apart until the last one's text holds no `s` and the
 * clock has played `ticks` ticks: an engine's answer, which a loaded
 * machine may keep for a while (at most about 20 s; then the test fails). */
static void frames_until_answer(Frontend *app, const char *s, long ticks) {
    for (int i = 0; i < 2000; i++) {
        frames(app, 1, 10);
        if (strstr(frontend_frame_text(app), s) == NULL && frontend_tick_count(app) >= ticks)
            return;
    }
    ck_abort_msg("no answer after 2000 frames (tick %ld, want %ld):\n%s", frontend_tick_count(app),
                 ticks, frontend_frame_text(app));
}

/* The value of the HUD item `key` in the last frame ("" when not drawn). */
static const char *hud_value(const Frontend *app, const char *key, char *buf, size_t size) {
    const char *text = frontend_frame_text(app);
    char k[64];
    snprintf(k, sizeof k, "%s\n", key);
    buf[0] = '\0';
    for (const char *p = text; (p = strstr(p, k)) != NULL; p += strlen(k)) {
        if (p != text && p[-1] != '\n')
            continue;
        const char *v = p + strlen(k), *end = strchr(v, '\n');
        size_t n = end != NULL ? (size_t)(end - v) : strlen(v);
        snprintf(buf, size, "%.*s", (int)(n < size ? n : size - 1), v);
        break;
    }
    return buf;
}

/* The HUD's decision time in µs ("412.0 ms  (mean 380.2 ms)"): the last
 * one, or with `mean` the mean; -1 when not shown. */
static double hud_decision_us_of(const Frontend *app, bool mean) {
    char v[128];
    hud_value(app, "decision", v, sizeof v);
    const char *at = mean ? strstr(v, "(mean ") : v;
    double x;
    char unit[8];
    if (at == NULL || sscanf(mean ? at + 6 : at, "%lf %7[a-zµ]", &x, unit) != 2)
        return -1.0;
    return strcmp(unit, "s") == 0 ? x * 1e6 : strcmp(unit, "ms") == 0 ? x * 1e3 : x;
}

static double hud_decision_us(const Frontend *app) { return hud_decision_us_of(app, false); }

/* ---- the race (issue: the engine's board showed nothing, live) ---------- */

START_TEST(a_race_board_shows_its_engines_thoughts_live_and_paused) {
    /* --race greedy,engine:thinker.py: the engine's board draws its latest
     * answer every frame, playing, paused and after a single step; its
     * label shows its reason line, never a stuck "thinking". The engine
     * takes 300 ms an answer, so the step (N) is asked for while it thinks
     * about the next tick: it is made when the answer comes (View.waiting),
     * not dropped. */
    char cmd[1024];
    AppOptions o = engine_opts(cmd, sizeof cmd, "--delay 300");
    o.speed = 10.0;
    o.player = player_spec_snake_ai(SNAKE_POLICY_GREEDY);
    o.race_given = true;
    o.race[0] = o.race[1] = SNAKE_POLICY_GREEDY;
    o.race_player[0] = player_spec_snake_ai(SNAKE_POLICY_GREEDY);
    o.race_player[1] = (PlayerSpec){.kind = PLAYER_ENGINE, .command = cmd};
    Frontend *app = drive_open(&o);
    frames_until_ticks(app, 4);
    drive_key(SDLK_SPACE, KMOD_NONE);
    /* paused: the answer for the tick on screen comes in */
    frames_until_answer(app, "thinking", frontend_tick_count(app));
    ck_assert(frontend_is_paused(app));
    const char *text = frontend_frame_text(app);
    ck_assert_msg(strstr(text, "\ntick ") != NULL, "no reason line of the engine:\n%s", text);
    ck_assert_msg(strstr(text, "thinking") == NULL, "still thinking, paused:\n%s", text);
    long before = frontend_tick_count(app);
    drive_key(SDLK_n, KMOD_NONE);
    frames_until_answer(app, "thinking", before + 1);
    frames(app, 10, 10); /* and no further: it is paused */
    ck_assert_int_eq(frontend_tick_count(app), before + 1);
    text = frontend_frame_text(app);
    ck_assert_msg(strstr(text, "\ntick ") != NULL, "no reason line after a step:\n%s", text);
    ck_assert_msg(strstr(text, "thinking") == NULL, "still thinking after a step:\n%s", text);
    frontend_close(app);
}
END_TEST

START_TEST(a_race_label_says_that_a_long_info_text_was_cut) {
    /* The engine's board label holds its latest `info text`, cut to the
     * board's width. The cut said so with "..." at a word's end; before, it
     * stopped mid-word ("... steps away an"), which reads as the engine's
     * own words, and the rest is shown nowhere in a race. */
    char cmd[1024];
    AppOptions o =
        engine_opts(cmd, sizeof cmd, "--say 'it weighs every cell of the board before it moves'");
    o.speed = 20.0;
    o.player = player_spec_snake_ai(SNAKE_POLICY_GREEDY);
    o.race_given = true;
    o.race[0] = o.race[1] = SNAKE_POLICY_GREEDY;
    o.race_player[0] = player_spec_snake_ai(SNAKE_POLICY_GREEDY);
    o.race_player[1] = (PlayerSpec){.kind = PLAYER_ENGINE, .command = cmd};
    Frontend *app = drive_open(&o);
    frames_until_ticks(app, 2);
    drive_key(SDLK_SPACE, KMOD_NONE);
    frames_until_answer(app, "thinking", frontend_tick_count(app));
    const char *text = frontend_frame_text(app);
    const char *label = strstr(text, "\nit weighs");
    ck_assert_msg(label != NULL, "no label with the engine's info text:\n%s", text);
    const char *end = strchr(label + 1, '\n');
    size_t n = end != NULL ? (size_t)(end - label - 1) : strlen(label + 1);
    ck_assert_msg(n > 3 && strncmp(label + 1 + n - 3, "...", 3) == 0 && label[n - 3] != ' ',
                  "the label's cut is not said: '%.*s'", (int)n, label + 1);
    ck_assert_msg(memmem(label, n + 1, "going", 5) == NULL,
                  "the whole text fitted: the test says nothing:\n%s", text);
    frontend_close(app);
}
END_TEST

START_TEST(an_engine_that_runs_into_a_wall_was_not_trapped) {
    /* thinker.py --bump-at 3 answers tick 3 with a move into the edge or
     * its body while a free cell is next to the head: the game ends dead,
     * and the caption said "TRAPPED", as if no move had been left. */
    char cmd[1024];
    AppOptions o = engine_opts(cmd, sizeof cmd, "--bump-at 3");
    o.speed = 50.0;
    o.pause_on_end = true;
    Frontend *app = drive_open(&o);
    const char *caption = "";
    for (int i = 0; i < 2000 && strstr(caption, "length") == NULL; i++) {
        frames(app, 1, 5);
        caption = frontend_caption_text(app);
    }
    ck_assert_msg(strstr(caption, "DEAD") != NULL, "caption: '%s'", caption);
    ck_assert_msg(strstr(caption, "TRAPPED") == NULL, "caption: '%s'", caption);
    ck_assert_msg(strstr(caption, "3 steps") != NULL, "caption: '%s'", caption);
    frontend_close(app);
}
END_TEST

/* ---- the overlays stay while the engine thinks --------------------------- */

START_TEST(an_engines_overlays_stay_while_it_thinks) {
    /* thinker.py takes 120 ms an answer, the clock wants 20 ticks/s: most
     * frames show the engine thinking about the next tick. Every one of them
     * keeps its last answer's overlays and reason line (said to be that
     * tick's), never "the engine sent none". */
    char cmd[1024];
    AppOptions o = engine_opts(cmd, sizeof cmd, "--delay 120");
    o.speed = 20.0;
    Frontend *app = drive_open(&o);
    frames_until_ticks(app, 2);
    int thinking = 0;
    for (int i = 0; i < 40; i++) {
        frames(app, 1, 10);
        const char *text = frontend_frame_text(app);
        ck_assert_msg(strstr(text, "path: the engine sent none") == NULL,
                      "frame %d: overlays gone:\n%s", i, text);
        ck_assert_msg(strstr(text, " going ") != NULL, "frame %d: no reason line:\n%s", i, text);
        if (strstr(text, "thinking") != NULL) {
            thinking++;
            ck_assert_msg(strstr(text, "(drawn: its answer at tick ") != NULL,
                          "frame %d: thinking, but not said whose overlays:\n%s", i, text);
            /* one line says it thinks, its own: `decision` stays the last
             * answer's time, as the sea's `next shot` does */
            char v[128];
            const char *next = hud_value(app, "next move", v, sizeof v);
            ck_assert_msg(strncmp(next, "thinking ...", 12) == 0,
                          "frame %d: no next move line:\n%s", i, text);
            ck_assert_msg(hud_decision_us(app) > 0, "frame %d: decision is no time:\n%s", i, text);
        }
    }
    ck_assert_int_gt(thinking, 10); /* the frames did catch it thinking */
    frontend_close(app);
}
END_TEST

/* ---- the decision time is the engine's, not the frames' ------------------ */

START_TEST(the_decision_time_is_the_engines_not_the_frames) {
    /* The frames come a second apart; thinker.py answers 50 ms after each
     * request, long after the frame that asked has looked. The decision time
     * is measured by the engine client from the request written to the
     * answer read as it arrives, as headless: far under the frame gap (a
     * figure taken when a frame reads the answer runs to that frame). And an
     * engine that takes 300 ms shows at least that. */
    char cmd[1024];
    AppOptions o = engine_opts(cmd, sizeof cmd, "--delay 50");
    o.speed = 1000.0;
    Frontend *app = drive_open(&o);
    frames_until_ticks(app, 3);
    drive_key(SDLK_SPACE, KMOD_NONE);
    frames(app, 3, 10);
    drive_key(SDLK_n, KMOD_NONE); /* one tick; the next answer is asked for */
    frames(app, 1, 0);
    frames(app, 2, 1000);
    double us = hud_decision_us(app);
    ck_assert_msg(us > 0.0 && us < 500000.0,
                  "decision %.1f us with frames 1000 ms apart: frame-bound", us);
    frontend_close(app);

    AppOptions slow = engine_opts(cmd, sizeof cmd, "--delay 300");
    app = drive_open(&slow);
    frames_until_ticks(app, 2);
    drive_key(SDLK_SPACE, KMOD_NONE);
    frames(app, 80, 10);
    us = hud_decision_us(app);
    ck_assert_msg(us >= 300000.0, "a 300 ms engine shown as %.1f us", us);
    frontend_close(app);
}
END_TEST

/* ---- a malformed info line is a warning ---------------------------------- */

START_TEST(a_malformed_info_line_is_a_warning_and_the_game_goes_on) {
    char cmd[1024];
    AppOptions o = engine_opts(cmd, sizeof cmd, "--bad-info-at 2");
    o.speed = 50.0;
    Frontend *app = drive_open(&o);
    frames_until_ticks(app, 6);
    const char *text = frontend_frame_text(app);
    ck_assert_msg(strstr(text, "(dropped)") != NULL, "no warning in the HUD:\n%s", text);
    ck_assert_msg(strstr(text, "FORFEIT") == NULL, "the game was forfeit:\n%s", text);
    frontend_close(app);
}
END_TEST

/* ---- play on after a fault ----------------------------------------------- */

START_TEST(playing_on_before_a_fault_starts_the_engine_again) {
    /* thinker.py exits when first asked about tick 6: the game ends forfeit
     * there. Three ticks back, an arrow (the move the engine made there)
     * plays on from that tick, and A gives the engine the wheel again: it is
     * started afresh with a `game` block and plays past tick 6. */
    char once[] = "/tmp/ws_once_XXXXXX";
    int fd = mkstemp(once);
    ck_assert_int_ge(fd, 0);
    close(fd);
    unlink(once); /* thinker creates it when it crashes */
    char args[256];
    snprintf(args, sizeof args, "--crash-at 6 --once %s", once);
    char cmd[1024];
    AppOptions o = engine_opts(cmd, sizeof cmd, args);
    o.speed = 50.0;
    o.pause_on_end = true;
    Frontend *app = drive_open(&o);
    frames_until_paused(app);
    long first, cur, last;
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_int_eq(last, 6);
    ck_assert_ptr_nonnull(strstr(frontend_frame_text(app), "exited with status 3"));
    for (int i = 0; i < 3; i++)
        drive_key(SDLK_COMMA, KMOD_NONE);
    frames(app, 2, 5);
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_int_eq(cur, 3);
    /* thinker moved right along the top row from (3, 0): R is its own move */
    drive_key(SDLK_RIGHT, KMOD_NONE);
    drive_key(SDLK_SPACE, KMOD_NONE);
    for (int i = 0; i < 3000 && cur < 4; i++) { /* the steered tick, then the engine again */
        frames(app, 1, 3);
        ck_assert(frontend_time(app, &first, &cur, &last));
    }
    drive_key(SDLK_a, KMOD_NONE);
    for (int i = 0; i < 3000; i++) {
        frames(app, 1, 3);
        ck_assert(frontend_time(app, &first, &cur, &last));
        if (cur > 8)
            break;
    }
    ck_assert_msg(cur > 8, "stuck at tick %ld:\n%s", cur, frontend_frame_text(app));
    const char *text = frontend_frame_text(app);
    ck_assert_msg(strstr(text, "not running") == NULL && strstr(text, "FORFEIT") == NULL, "%s",
                  text);
    frontend_close(app);
    unlink(once);
}
END_TEST

/* ---- a small window, the end of a game ----------------------------------- */

START_TEST(a_small_window_shows_the_engines_reason) {
    /* 400x300: the HUD is a strip along the bottom; it keeps the engine's
     * reason line (its `info text`) on every frame, while it thinks too,
     * also beside a long name and a long decision line. */
    char cmd[1024];
    AppOptions o = engine_opts(
        cmd, sizeof cmd, "--delay 60 --name thinker_with_a_long_name --say 'the food is far'");
    o.speed = 20.0;
    o.window_w = 400;
    o.window_h = 300;
    Frontend *app = drive_open(&o);
    frames_until_ticks(app, 3);
    for (int i = 0; i < 20; i++) {
        frames(app, 1, 10);
        const char *text = frontend_frame_text(app);
        ck_assert_msg(strstr(text, " going ") != NULL, "frame %d: the strip lost the reason:\n%s",
                      i, text);
    }
    frontend_close(app);
}
END_TEST

START_TEST(a_small_window_says_why_the_engine_forfeit) {
    /* 400x300 and 320x240: the HUD is a strip, which holds a few items.
     * When the engine fails (here it exits at tick 7), the strip says how,
     * not only FORFEIT: what was wrong comes right after the policy, as its
     * item `fault`; further down it would be dropped with the items that do
     * not fit (at 320x240 it was, after the decision). */
    static const int SIZES[][2] = {{400, 300}, {320, 240}};
    for (int i = 0; i < 2; i++) {
        char cmd[1024];
        AppOptions o = engine_opts(cmd, sizeof cmd, "--crash-at 7");
        o.speed = 50.0;
        o.pause_on_end = true;
        o.window_w = SIZES[i][0];
        o.window_h = SIZES[i][1];
        Frontend *app = drive_open(&o);
        frames_until_paused(app);
        frames(app, 1, 0);
        const char *text = frontend_frame_text(app);
        ck_assert_msg(strstr(text, "FORFEIT") != NULL, "%s", text);
        ck_assert_msg(strstr(text, "\nfault\nexited with status") != NULL,
                      "%dx%d: the strip does not say how the engine failed:\n%s", o.window_w,
                      o.window_h, text);
        frontend_close(app);
    }
}
END_TEST

START_TEST(the_end_of_a_game_looks_the_same_however_it_is_reached) {
    /* The frame that ends a game and the same tick reached again (a step
     * back and forth) draw the same pixels: the same overlays for the same
     * tick, live or played back. */
    char once[] = "/tmp/ws_once_XXXXXX";
    int fd = mkstemp(once);
    ck_assert_int_ge(fd, 0);
    close(fd);
    unlink(once);
    char args[256];
    snprintf(args, sizeof args, "--crash-at 7 --once %s", once);
    char cmd[1024];
    AppOptions o = engine_opts(cmd, sizeof cmd, args);
    o.speed = 50.0;
    o.pause_on_end = true;
    Frontend *app = drive_open(&o);
    frames_until_paused(app);
    char a_path[] = "/tmp/ws_end_a_XXXXXX.png", b_path[] = "/tmp/ws_end_b_XXXXXX.png";
    ck_assert_int_ge(fd = mkstemps(a_path, 4), 0);
    close(fd);
    ck_assert_int_ge(fd = mkstemps(b_path, 4), 0);
    close(fd);
    frontend_request_shot(app, a_path);
    frames(app, 1, 0);
    char *a_text = strdup(frontend_frame_text(app)); /* to say what differs, if anything */
    ck_assert_ptr_nonnull(a_text);
    drive_key(SDLK_COMMA, KMOD_NONE);
    frames(app, 3, 10);
    drive_key(SDLK_PERIOD, KMOD_NONE);
    frames(app, 3, 10);
    frontend_request_shot(app, b_path);
    frames(app, 1, 0);
    const char *b_text = frontend_frame_text(app);
    if (getenv("WS_KEEP_SHOTS") != NULL) { /* debugging: look at the two */
        char cp[600];
        snprintf(cp, sizeof cp, "cp %s /tmp/end_a.png; cp %s /tmp/end_b.png", a_path, b_path);
        ck_assert_int_eq(system(cp), 0);
    }
    SDL_Surface *a = drive_load_png(a_path), *b = drive_load_png(b_path);
    ck_assert_int_eq(a->h, b->h);
    long differ = 0;
    for (int y = 0; y < a->h; y++)
        differ += memcmp((uint8_t *)a->pixels + y * a->pitch, (uint8_t *)b->pixels + y * b->pitch,
                         (size_t)a->w * 4) != 0;
    SDL_FreeSurface(a);
    SDL_FreeSurface(b);
    /* On a failure the two pictures stay, for the next person to look at. */
    ck_assert_msg(differ == 0,
                  "%ld rows differ between the end and the end again (%s, %s); the text drawn "
                  "%s:\n--- the end\n%s\n--- the end again\n%s",
                  differ, a_path, b_path, strcmp(a_text, b_text) == 0 ? "is the same" : "differs",
                  a_text, b_text);
    free(a_text);
    unlink(a_path);
    unlink(b_path);
    frontend_close(app);
    unlink(once);
}
END_TEST

/* ---- a replay compares the moves with the engine named ------------------- */

/* Writes a trace of thinker.py (deterministic) on 10x10, seed 42, to the
 * temporary file made from the template `trace`, and opens it in the
 * window at tick 0 with --policy engine:thinker.py ARGS (cmd: its command,
 * which must outlive the window). */
static Frontend *open_thinker_replay(char *trace, ReplaySession *rs, char *cmd, size_t size,
                                     const char *args) {
    int fd = mkstemp(trace);
    ck_assert_int_ge(fd, 0);
    close(fd);
    char plain[1024], run[2048];
    engine_opts(plain, sizeof plain, "");
    snprintf(run, sizeof run,
             "%s snake --headless --games 1 --size 10x10 --seed 42 --policy 'engine:%s' "
             "--trace %s >/dev/null",
             getenv("WS_WAVESNAKE"), plain, trace);
    ck_assert_int_eq(system(run), 0);
    AppOptions o = engine_opts(cmd, size, args);
    WsError err = {0};
    o.replay = trace;
    o.replay_game = 0;
    o.replay_game_given = true;
    o.replay_tick = 0;
    o.replay_tick_given = true;
    ck_assert_msg(replay_session_open(rs, &o, &err) == WS_OK, "%s", err.msg);
    setenv("SDL_VIDEODRIVER", "dummy", 1);
    Frontend *app = NULL;
    ck_assert_msg(frontend_open_replay(&app, &o, rs, &err) == WS_OK, "%s", err.msg);
    return app;
}

START_TEST(a_replay_with_an_engine_checks_its_moves_against_it) {
    /* Replayed with --policy engine:thinker.py, every recorded move is the
     * engine's answer there, so every move matches (not greedy's choices). */
    char trace[] = "/tmp/ws_thinker_XXXXXX", cmd[1024];
    ReplaySession rs;
    Frontend *app = open_thinker_replay(trace, &rs, cmd, sizeof cmd, "");
    char v[128] = "";
    for (int i = 0; i < 3000; i++) {
        frames(app, 1, 3);
        hud_value(app, "check", v, sizeof v);
        if (strstr(v, "%") == NULL && v[0] != '\0')
            break;
    }
    ck_assert_msg(strcmp(v, "every move matches") == 0, "check: \"%s\"\n%s", v,
                  frontend_frame_text(app));
    frontend_close(app);
    replay_session_close(&rs);
    unlink(trace);
}
END_TEST

START_TEST(a_step_asked_while_the_engine_plays_on_a_replay_is_made_when_it_answers) {
    /* A: the engine plays on from tick 0 of the replay. Paused, N asked for
     * while it thinks (300 ms an answer) is made when the answer comes
     * (View.waiting), not dropped. */
    char trace[] = "/tmp/ws_thinker_XXXXXX", cmd[1024];
    ReplaySession rs;
    Frontend *app = open_thinker_replay(trace, &rs, cmd, sizeof cmd, "--delay 300");
    drive_key(SDLK_a, KMOD_NONE);
    frames_until_ticks(app, 2);
    drive_key(SDLK_SPACE, KMOD_NONE);
    frames_until_answer(app, "thinking", frontend_tick_count(app));
    ck_assert(frontend_is_paused(app));
    long before = frontend_tick_count(app);
    drive_key(SDLK_n, KMOD_NONE); /* the answer is in: at once, and it is asked again */
    frames(app, 1, 0);
    ck_assert_int_eq(frontend_tick_count(app), before + 1);
    char v[128]; /* it thinks: its own line, `decision` is a time */
    const char *next = hud_value(app, "next move", v, sizeof v);
    ck_assert_msg(strncmp(next, "thinking ...", 12) == 0, "no next move line:\n%s",
                  frontend_frame_text(app));
    ck_assert_msg(hud_decision_us(app) > 0, "decision is no time:\n%s", frontend_frame_text(app));
    drive_key(SDLK_n, KMOD_NONE); /* while it thinks */
    frames_until_answer(app, "thinking", before + 2);
    frames(app, 10, 10); /* and no further: it is paused */
    ck_assert_msg(frontend_tick_count(app) == before + 2, "%ld ticks after two steps, not 2\n%s",
                  frontend_tick_count(app) - before, frontend_frame_text(app));
    /* The decision time and its mean are the engine's (it sleeps 300 ms an
     * answer), not those of a built-in AI deciding the same ticks. */
    double us = hud_decision_us(app), mean = hud_decision_us_of(app, true);
    ck_assert_msg(us >= 300000.0 && mean >= 300000.0, "decision %.1f us, mean %.1f us\n%s", us,
                  mean, frontend_frame_text(app));
    frontend_close(app);
    replay_session_close(&rs);
    unlink(trace);
}
END_TEST

/* ---- the engine's stderr, kept per tick ---------------------------------- */

START_TEST(a_step_back_shows_what_the_engine_wrote_on_stderr_there) {
    /* thinker.py --stderr writes "thinker: tick T" before each answer: the
     * HUD shows the line of the tick on screen, live and three ticks back
     * (kept with the answer, not asked again). It answers a second after
     * the line, as a slow engine (or one on a loaded machine) may: paused,
     * the line of the tick on screen comes with that tick's answer, which
     * the test waits for (a fixed 20 frames did not, and failed). */
    char cmd[1024];
    AppOptions o = engine_opts(cmd, sizeof cmd, "--stderr --delay 1000");
    o.speed = 50.0;
    Frontend *app = drive_open(&o);
    frames_until_ticks(app, 4);
    drive_key(SDLK_SPACE, KMOD_NONE);
    /* paused: the answer for the tick on screen (and its stderr line) may
     * still be on its way; the HUD says "thinking" until it is read */
    frames_until_answer(app, "thinking", 0);
    long first, cur, last;
    ck_assert(frontend_time(app, &first, &cur, &last));
    char want[64];
    snprintf(want, sizeof want, "thinker: tick %ld", cur);
    ck_assert_msg(strstr(frontend_frame_text(app), want) != NULL, "no \"%s\":\n%s", want,
                  frontend_frame_text(app));
    for (int i = 0; i < 3; i++)
        drive_key(SDLK_COMMA, KMOD_NONE);
    frames(app, 3, 10);
    ck_assert(frontend_time(app, &first, &cur, &last));
    snprintf(want, sizeof want, "thinker: tick %ld", cur);
    ck_assert_msg(strstr(frontend_frame_text(app), want) != NULL, "no \"%s\" at a past tick:\n%s",
                  want, frontend_frame_text(app));
    frontend_close(app);
}
END_TEST

START_TEST(an_indented_stderr_line_stays_in_the_huds_stderr_column) {
    /* The last line of a Python traceback but one is its indented ^^^^ line:
     * its indentation wrapped into a blank line, and the word too long for
     * the value column went under the key, cut at another width. Now the
     * indentation is dropped and the word is cut in the column: every line
     * drawn holds some of it. */
    char cmd[1024];
    char carets[64];
    memset(carets, '^', 55);
    carets[55] = '\0';
    char args[256];
    snprintf(args, sizeof args, "--stderr --stderr-line '                        %s'", carets);
    AppOptions o = engine_opts(cmd, sizeof cmd, args);
    o.speed = 20.0;
    Frontend *app = drive_open(&o);
    frames_until_ticks(app, 2);
    drive_key(SDLK_SPACE, KMOD_NONE);
    frames_until_answer(app, "thinking", 0);
    const char *text = frontend_frame_text(app);
    const char *at = strstr(text, "\nstderr\n");
    ck_assert_msg(at != NULL, "no stderr lines:\n%s", text);
    ck_assert_msg(strstr(at, "thinker: tick ") != NULL, "no --stderr line:\n%s", text);
    int drawn = 0;
    for (const char *p = strstr(at, "\n^"); p != NULL && p[1] == '^'; p = strchr(p + 1, '\n'))
        drawn += (int)strcspn(p + 1, "\n");
    ck_assert_msg(drawn == 55, "%d of the 55 ^ drawn after the key, in a row:\n%s", drawn, text);
    for (const char *p = text; *p != '\0'; p += strcspn(p, "\n") + (p[strcspn(p, "\n")] != '\0')) {
        size_t n = strcspn(p, "\n"), blanks = strspn(p, " ");
        ck_assert_msg(n == 0 || blanks < n, "a line of %zu blanks drawn:\n%s", n, text);
    }
    frontend_close(app);
}
END_TEST

/* ---- the sea: Tab is a view of the same game ----------------------------- */

/* The sea at 1280x720, seed 3, 20 shots a second, with the engine `cmd`
 * (engine:...) as the hunter racing sampler. */
static AppOptions sea_engine_opts(const char *cmd) {
    AppOptions o;
    options_defaults(&o, APP_MODE_SEA, 3);
    o.seed_given = true;
    o.window_w = 1280;
    o.window_h = 720;
    o.speed = 20.0;
    WsError err = {0};
    ck_assert_msg(player_spec_parse_engine(cmd, "--hunter", &o.hunter_player, &err) == WS_OK, "%s",
                  err.msg);
    o.engine_timeout_ms = 10000;
    return o;
}

START_TEST(tab_in_the_sea_keeps_the_unfinished_game) {
    /* hunter.py races sampler; Tab shows the engine alone, then sampler
     * alone: the same game goes on (its shots kept, the same game number),
     * it does not start the next one. */
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "engine:python3 %s/hunter.py", getenv("WS_EXAMPLE_ENGINES"));
    AppOptions o = sea_engine_opts(cmd);
    Frontend *app = drive_open(&o);
    frames_until_ticks(app, 8);
    long first, cur, last, before;
    ck_assert(frontend_time(app, &first, &cur, &before));
    for (int k = 0; k < 2; k++) {
        drive_key(SDLK_TAB, KMOD_NONE);
        frames(app, 1, 0);
        ck_assert(frontend_time(app, &first, &cur, &last));
        ck_assert_msg(last >= before, "Tab %d: the game went back from %ld to %ld shots", k + 1,
                      before, last);
        char v[128];
        hud_value(app, "game", v, sizeof v);
        ck_assert_msg(strncmp(v, "#0 ", 3) == 0, "Tab %d: game \"%s\", not #0", k + 1, v);
        frames_until_ticks(app, frontend_tick_count(app) + 3);
        ck_assert(frontend_time(app, &first, &cur, &last));
        ck_assert_int_gt(last, before);
        before = last;
    }
    frontend_close(app);
}
END_TEST

/* ---- the sea engine's heatmap --------------------------------------------- */

/* Opens the sea window with sea_wave.py V (every cell's wave value V) racing
 * sampler on seed 3, overlays `ov`, paused at shot 0 once the engine has
 * answered (its reason line says "waved"). */
static Frontend *open_sea_wave(const char *value, unsigned ov) {
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "engine:python3 %s/sea_wave.py %s", getenv("WS_TEST_ENGINES"), value);
    AppOptions o = sea_engine_opts(cmd);
    o.overlays = ov | OVERLAY_HUD;
    Frontend *app = drive_open(&o);
    drive_key(SDLK_SPACE, KMOD_NONE);
    frames(app, 1, 0);
    ck_assert(frontend_is_paused(app));
    for (int i = 0; i < 2000 && strstr(frontend_frame_text(app), "waved") == NULL; i++)
        frames(app, 1, 10);
    ck_assert_msg(strstr(frontend_frame_text(app), "waved") != NULL, "no answer: %s",
                  frontend_frame_text(app));
    return app;
}

START_TEST(a_sea_engines_wave_of_zeros_is_tinted_and_large_values_are_written) {
    /* docs/engines.md: in the sea, `-1` leaves a cell untinted and 0 is the
     * low end of the ramp, so a wave of 0s is drawn, unlike one of -1s; D
     * writes each value, a value too wide for its cell as "+" (as the
     * snake's wave does), never nothing. */
    Frontend *a = open_sea_wave("0", OVERLAY_HEATMAP);
    SDL_Surface *zeros = drive_shoot(a);
    PixRect board = frontend_frame_layout(a).board_area;
    frontend_close(a);
    Frontend *b = open_sea_wave("-1", OVERLAY_HEATMAP);
    SDL_Surface *none = drive_shoot(b);
    frontend_close(b);
    ck_assert_msg(!drive_same_board(zeros, none, board),
                  "a wave of 0s is drawn as one of -1s: untinted");
    SDL_FreeSurface(zeros);
    SDL_FreeSurface(none);
    Frontend *c = open_sea_wave("2147483647", OVERLAY_HEATMAP | OVERLAY_NUMBERS);
    int plus = 0;
    for (const char *t = frontend_frame_text(c); (t = strstr(t, "\n+\n")) != NULL; t += 2)
        plus++;
    ck_assert_msg(plus >= 90, "%d cells say \"+\" of 100 of 2147483647: %s", plus,
                  frontend_frame_text(c));
    frontend_close(c);
}
END_TEST

static Suite *frontend_engine_suite(void) {
    Suite *s = suite_create("frontend_engine");
    TCase *live = tcase_create("live");
    tcase_add_test(live, a_race_board_shows_its_engines_thoughts_live_and_paused);
    tcase_add_test(live, a_race_label_says_that_a_long_info_text_was_cut);
    tcase_add_test(live, an_engine_that_runs_into_a_wall_was_not_trapped);
    tcase_add_test(live, an_engines_overlays_stay_while_it_thinks);
    tcase_add_test(live, the_decision_time_is_the_engines_not_the_frames);
    tcase_add_test(live, a_malformed_info_line_is_a_warning_and_the_game_goes_on);
    tcase_add_test(live, a_small_window_shows_the_engines_reason);
    tcase_add_test(live, a_sea_engines_wave_of_zeros_is_tinted_and_large_values_are_written);
    suite_add_tcase(s, live);
    TCase *travel = tcase_create("travel");
    tcase_add_test(travel, playing_on_before_a_fault_starts_the_engine_again);
    tcase_add_test(travel, the_end_of_a_game_looks_the_same_however_it_is_reached);
    tcase_add_test(travel, a_small_window_says_why_the_engine_forfeit);
    tcase_add_test(travel, a_replay_with_an_engine_checks_its_moves_against_it);
    tcase_add_test(travel, a_step_asked_while_the_engine_plays_on_a_replay_is_made_when_it_answers);
    tcase_add_test(travel, tab_in_the_sea_keeps_the_unfinished_game);
    tcase_add_test(travel, a_step_back_shows_what_the_engine_wrote_on_stderr_there);
    tcase_add_test(travel, an_indented_stderr_line_stays_in_the_huds_stderr_column);
    suite_add_tcase(s, travel);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(frontend_engine_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
