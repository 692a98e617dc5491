/* The sea hunter in the window played by a real engine process
 * (--hunter engine:CMD; docs/engines.md, "The sea hunter in the window"):
 * examples/engines/hunter.py and the test engines of tests/engines/, found
 * through WS_EXAMPLE_ENGINES and WS_TEST_ENGINES. The window runs frame by
 * frame under SDL_VIDEODRIVER=dummy, where polls never wait: a test that
 * needs an answer in waits for tests/engines/sea_log.py to log it. SDL
 * starts inside each test (Check forks per test). */
#define _DEFAULT_SOURCE /* mkstemps, setenv */
#include <SDL.h>
#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "frontend_loop.h"
#include "layout.h"
#include "options.h"
#include "player.h"
#include "text.h"
#include "window_drive.h"

/* ======================================================================== */
/* Helpers                                                                   */
/* ======================================================================== */

/* The engine's command, alive as long as the options that borrow it. */
static char command[1024];

static const char *dir_of(const char *var) {
    const char *d = getenv(var);
    ck_assert_msg(d != NULL, "%s is not set (the build sets it)", var);
    return d;
}

/* Sea options for the hunter engine:python3 DIR/SCRIPT ARGS (DIR from var). */
static AppOptions sea_opts(const char *var, const char *script_args, int timeout_ms) {
    AppOptions o;
    options_defaults(&o, APP_MODE_SEA, 3);
    o.seed_given = true;
    o.window_w = 640;
    o.window_h = 360;
    o.speed = 100.0;
    snprintf(command, sizeof command, "engine:python3 %s/%s", dir_of(var), script_args);
    WsError err = {0};
    ck_assert_msg(player_spec_parse_engine(command, "--hunter", &o.hunter_player, &err) == WS_OK,
                  "%s", err.msg);
    o.hunter = o.hunter_player.hunter;
    o.engine_timeout_ms = timeout_ms;
    o.engine_timeout_given = true;
    ck_assert_msg(options_check(&o, &err) == WS_OK, "%s", err.msg);
    return o;
}

/* The processes this test started (the engine: /bin/sh -c execs it), at
 * most max, from /proc: each one's parent is this process. */
static int my_children(pid_t *out, int max) {
    DIR *d = opendir("/proc");
    ck_assert_ptr_nonnull(d);
    int n = 0;
    struct dirent *de;
    while ((de = readdir(d)) != NULL && n < max) {
        if (de->d_name[0] < '0' || de->d_name[0] > '9')
            continue;
        char path[300], buf[512];
        snprintf(path, sizeof path, "/proc/%s/stat", de->d_name);
        FILE *f = fopen(path, "r");
        if (f == NULL)
            continue;
        size_t len = fread(buf, 1, sizeof buf - 1, f);
        fclose(f);
        buf[len] = '\0';
        const char *paren = strrchr(buf, ')'); /* after the command's name */
        char state = 0;
        int ppid = 0;
        if (paren != NULL && sscanf(paren + 1, " %c %d", &state, &ppid) == 2 &&
            ppid == (int)getpid())
            out[n++] = (pid_t)atoi(de->d_name);
    }
    closedir(d);
    return n;
}

/* Closes the window and checks that every engine process (and its process
 * group) it had is gone; `alive`: one must be running before. */
static void close_and_check_no_engine_left(Frontend *app, bool alive) {
    pid_t kids[16];
    int n = my_children(kids, 16);
    if (alive)
        ck_assert_msg(n >= 1, "no engine process while the window is open");
    frontend_close(app);
    for (int i = 0; i < n; i++) {
        errno = 0;
        ck_assert_msg(kill(kids[i], 0) == -1 && errno == ESRCH,
                      "engine process %d outlives the window", (int)kids[i]);
        errno = 0;
        ck_assert_msg(kill(-kids[i], 0) == -1 && errno == ESRCH,
                      "a process of engine group %d outlives the window", (int)kids[i]);
    }
}

/* stderr into a temporary file, to count the lines the window prints. */
static char err_path[64];

static void capture_stderr(void) {
    snprintf(err_path, sizeof err_path, "/tmp/ws_frontend_sea_err_XXXXXX");
    int fd = mkstemp(err_path);
    ck_assert_int_ge(fd, 0);
    fflush(stderr);
    ck_assert_int_ge(dup2(fd, 2), 0);
    close(fd);
}

/* How many lines of the captured stderr contain `what`. */
static int stderr_lines_with(const char *what) {
    fflush(stderr);
    FILE *f = fopen(err_path, "r");
    ck_assert_ptr_nonnull(f);
    char line[1024];
    int n = 0;
    while (fgets(line, sizeof line, f) != NULL)
        n += strstr(line, what) != NULL;
    fclose(f);
    return n;
}

/* Frames until `count` lines of the captured stderr contain `what` (a
 * fault is said there once, as it happens); returns the frames it took (at
 * most ~20 s of them). */
static long frames_until_said(Frontend *app, const char *what, int count) {
    long n = 0;
    while (stderr_lines_with(what) < count) {
        ck_assert_msg(n < 4000, "not %d line(s) with \"%s\" on stderr", count, what);
        SDL_Delay(5);
        ck_assert(frontend_frame(app));
        n++;
    }
    return n;
}

/* How many times the next frame shows `line` anywhere (the HUD panel, the
 * notice, the caption), its words joined again across the lines a wrap
 * cut it into. */
static int times_shown(Frontend *app, const char *line) {
    ck_assert(frontend_frame(app));
    char text[TEXT_TRANSCRIPT_MAX];
    snprintf(text, sizeof text, "%s", frontend_frame_text(app));
    for (char *c = text; *c != '\0'; c++)
        if (*c == '\n')
            *c = ' ';
    int n = 0;
    for (const char *at = strstr(text, line); at != NULL; at = strstr(at + 1, line))
        n++;
    return n;
}

/* How many lines of a file start with `prefix` (0 when it does not exist). */
static int file_lines_starting(const char *path, const char *prefix) {
    FILE *f = fopen(path, "r");
    if (f == NULL)
        return 0;
    char line[256];
    int n = 0;
    while (fgets(line, sizeof line, f) != NULL)
        n += strncmp(line, prefix, strlen(prefix)) == 0;
    fclose(f);
    return n;
}

/* sea_log.py's answers since the last `game` block it read. */
static int answers_this_game(const char *log) {
    FILE *f = fopen(log, "r");
    if (f == NULL)
        return 0;
    char line[256];
    int n = 0;
    while (fgets(line, sizeof line, f) != NULL)
        n = strncmp(line, "game ", 5) == 0 ? 0 : n + (strcmp(line, "answer\n") == 0);
    fclose(f);
    return n;
}

/* Runs frames (at most ~20 s of them) until sea_log.py has written its
 * answer for tick t of this game, then one more. The frames are needed: a
 * request's `go` goes out from a poll, once the engine has read the rest of
 * the request (docs/engines.md, "Faults"). */
static void wait_logged(Frontend *app, const char *log, long t) {
    for (int i = 0; i < 4000 && answers_this_game(log) < t + 1; i++) {
        SDL_Delay(5);
        ck_assert(frontend_frame(app));
    }
    ck_assert_int_ge(answers_this_game(log), t + 1);
    ck_assert(frontend_frame(app));
}

/* wait_logged, then frames until the window has read that answer: paused
 * at the latest tick, the HUD's next shot no longer says "thinking". One
 * frame is not always enough (the answer is read by the engine's watcher
 * thread, which a slow run, valgrind's, may not have run yet). */
static void wait_answer(Frontend *app, const char *log, long t) {
    wait_logged(app, log, t);
    for (int i = 0; i < 4000 && strstr(frontend_frame_text(app), "thinking ...") != NULL; i++) {
        SDL_Delay(5);
        ck_assert(frontend_frame(app));
    }
    ck_assert_msg(strstr(frontend_frame_text(app), "thinking ...") == NULL,
                  "answer %ld logged, still thinking:\n%s", t, frontend_frame_text(app));
}

/* A temporary file's name (the file exists, empty). */
static void temp_name(char *buf, size_t size, const char *suffix) {
    snprintf(buf, size, "/tmp/ws_frontend_sea_XXXXXX%s", suffix);
    int fd = mkstemps(buf, (int)strlen(suffix));
    ck_assert_int_ge(fd, 0);
    close(fd);
}

/* The sea window at 10 ticks a second with sea_log.py, logging to a fresh
 * temporary file named in log, taking delay_ms an answer. */
static Frontend *open_sea_log(char *log, size_t size, int delay_ms) {
    temp_name(log, size, ".log");
    char args[128];
    snprintf(args, sizeof args, "sea_log.py %s %d", log, delay_ms);
    AppOptions o = sea_opts("WS_TEST_ENGINES", args, 5000);
    o.speed = 10.0;
    return drive_open(&o);
}

/* ======================================================================== */
/* Tests                                                                     */
/* ======================================================================== */

/* sea_log.py alone (Tab): its info wave and cells are drawn (H takes them
 * away); five shots back from five shots later shows exactly what it said
 * at that shot, from the kept info (its wave changes with every shot);
 * Space from there plays the kept shots, then asks it for new ones. */
START_TEST(a_step_back_shows_what_the_engine_said) {
    char log[64];
    Frontend *app = open_sea_log(log, sizeof log, 0);
    drive_key(SDLK_d, KMOD_NONE);   /* numbers on: every value of its wave is drawn */
    drive_key(SDLK_TAB, KMOD_NONE); /* the engine alone: the same game, seed 3 */
    ck_assert(frontend_frame(app));
    long ticks0 = frontend_tick_count(app);
    drive_play_until(app, ticks0 + 8);
    drive_key(SDLK_SPACE, KMOD_NONE);
    ck_assert(frontend_frame(app));
    long first = -1, t = -1, last = -1;
    ck_assert(frontend_time(app, &first, &t, &last));
    ck_assert_int_eq(t, last);
    ck_assert_int_ge(t, 8);
    wait_answer(app, log, t);
    FrameLayout fl = frontend_frame_layout(app); /* as the view fitted it */

    SDL_Surface *then = drive_shoot(app);
    drive_key(SDLK_h, KMOD_NONE);
    SDL_Surface *bare = drive_shoot(app);
    ck_assert_msg(!drive_same_board(then, bare, fl.board_area),
                  "H changes nothing: no engine overlay");
    drive_key(SDLK_h, KMOD_NONE);
    for (long k = 1; k <= 5; k++) {
        drive_key(SDLK_PERIOD,
                  KMOD_NONE); /* at the latest tick: a new shot, the engine asked again */
        ck_assert(frontend_frame(app));
        wait_answer(app, log, t + k);
    }
    SDL_Surface *later = drive_shoot(app);
    long cur = -1;
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_int_eq(cur, t + 5);
    ck_assert_int_eq(last, t + 5);
    ck_assert_msg(!drive_same_board(then, later, fl.board_area), "five shots later looks the same");
    for (int i = 0; i < 5; i++)
        drive_key(SDLK_COMMA, KMOD_NONE);
    SDL_Surface *back = drive_shoot(app);
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_int_eq(cur, t);
    ck_assert_int_eq(last, t + 5);
    ck_assert_msg(drive_same_board(then, back, fl.board_area),
                  "shot %ld shown again is not what the engine said there", t);

    /* Space there plays the kept shots like a video (none is dropped, and
     * the engine is not asked about them again), then the game goes on
     * live: the engine is asked for the next shot, in the same game block. */
    ck_assert_int_eq(file_lines_starting(log, "game seed 3\n"), 1);
    long answered = answers_this_game(log);
    drive_key(SDLK_SPACE, KMOD_NONE);
    for (int i = 0; i < 800 && frontend_time(app, &first, &cur, &last) && last == t + 5; i++) {
        SDL_Delay(5);
        ck_assert(frontend_frame(app));
        ck_assert(frontend_time(app, &first, &cur, &last));
        ck_assert_int_ge(last, t + 5); /* never dropped */
        if (last == t + 5)
            ck_assert_int_eq(answers_this_game(log), answered);
    }
    ck_assert_int_gt(last, t + 5);
    ck_assert_int_eq(cur, last);
    wait_logged(app, log, t + 6); /* playing on: it is asked again at once */
    ck_assert_int_eq(file_lines_starting(log, "game seed 3\n"), 1);
    SDL_FreeSurface(then);
    SDL_FreeSurface(bare);
    SDL_FreeSurface(later);
    SDL_FreeSurface(back);
    close_and_check_no_engine_left(app, true);
    remove(log);
}
END_TEST

/* A single step (N) asked for, paused, while the engine thinks about its
 * shot is made once the shot is in (View.waiting), not dropped. sea_log.py
 * takes 300 ms an answer here, so the second N comes while it thinks. */
START_TEST(a_step_asked_while_the_engine_thinks_is_made_when_it_answers) {
    char log[64];
    Frontend *app = open_sea_log(log, sizeof log, 300);
    drive_key(SDLK_TAB, KMOD_NONE); /* the engine alone */
    ck_assert(frontend_frame(app));
    drive_play_until(app, frontend_tick_count(app) + 2);
    drive_key(SDLK_SPACE, KMOD_NONE);
    ck_assert(frontend_frame(app));
    long first = -1, t = -1, last = -1;
    ck_assert(frontend_time(app, &first, &t, &last));
    ck_assert_int_eq(t, last);
    wait_answer(app, log, t); /* its shot at t is in */
    long before = frontend_tick_count(app);
    drive_key(SDLK_n, KMOD_NONE); /* shoots at once; the engine is asked about t + 1 */
    ck_assert(frontend_frame(app));
    ck_assert_int_eq(frontend_tick_count(app), before + 1);
    /* It thinks (300 ms); its last answer's reason stays, as its heatmap
     * does, said to be the last shot's (docs/engines.md, "The sea hunter
     * in the window"). */
    ck_assert_int_eq(times_shown(app, "thinking ..."), 1);
    ck_assert_int_eq(times_shown(app, "first unknown cell after "), 1);
    ck_assert_int_eq(times_shown(app, "shot's)"), 1);
    drive_key(SDLK_n, KMOD_NONE); /* while it thinks */
    ck_assert(frontend_frame(app));
    wait_answer(app, log, t + 1);
    for (int i = 0; i < 10; i++) { /* and no further: it is paused */
        SDL_Delay(10);
        ck_assert(frontend_frame(app));
    }
    ck_assert_msg(frontend_tick_count(app) == before + 2, "%ld ticks after two steps, not 2",
                  frontend_tick_count(app) - before);
    ck_assert(frontend_is_paused(app));
    close_and_check_no_engine_left(app, true);
    remove(log);
}
END_TEST

/* examples/engines/hunter.py races sampler: it plays with no fault, its
 * heat is drawn at a past shot (H), and that shot shows the same after a
 * walk forward and back. */
START_TEST(hunter_py_plays_in_the_window) {
    capture_stderr();
    AppOptions o = sea_opts("WS_EXAMPLE_ENGINES", "hunter.py", 5000);
    Frontend *app = drive_open(&o);
    drive_play_until(app, 12);
    drive_key(SDLK_SPACE, KMOD_NONE);
    for (int i = 0; i < 5; i++)
        drive_key(SDLK_COMMA, KMOD_NONE);
    ck_assert(frontend_frame(app));
    long first, cur, last;
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_int_eq(cur, last - 5);
    FrameLayout fl = frontend_frame_layout(app); /* as the view fitted it */
    SDL_Surface *a = drive_shoot(app);
    for (int i = 0; i < 5; i++)
        drive_key(SDLK_PERIOD, KMOD_NONE);
    ck_assert(frontend_frame(app));
    for (int i = 0; i < 5; i++)
        drive_key(SDLK_COMMA, KMOD_NONE);
    SDL_Surface *b = drive_shoot(app);
    ck_assert_msg(drive_same_board(a, b, fl.board_area),
                  "a past shot shows differently the 2nd time");
    drive_key(SDLK_h, KMOD_NONE);
    SDL_Surface *bare = drive_shoot(app);
    ck_assert_msg(!drive_same_board(a, bare, fl.board_area), "H changes nothing: no heatmap");
    ck_assert_int_eq(stderr_lines_with("engine"), 0);
    SDL_FreeSurface(a);
    SDL_FreeSurface(b);
    SDL_FreeSurface(bare);
    close_and_check_no_engine_left(app, true);
    remove(err_path);
}
END_TEST

/* hunter.py against sampler in a w x h window small enough for a strip,
 * paused at tick 6. */
static Frontend *hunter_paused_at_6(int w, int h) {
    AppOptions o = sea_opts("WS_EXAMPLE_ENGINES", "hunter.py", 5000);
    o.window_w = w;
    o.window_h = h;
    Frontend *app = drive_open(&o);
    drive_play_until(app, 6);
    drive_key(SDLK_SPACE, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert(frontend_frame_layout(app).hud_strip);
    return app;
}

/* A window too small for the HUD panel: its strip keeps its first items,
 * and the engine's reason for the shot (its `info text`) is one of them,
 * right after the hunters, as the snake's strip has it second; it is said
 * once (docs/engines.md#the-sea-hunter-in-the-window). */
START_TEST(a_strip_shows_the_engines_reason) {
    Frontend *app = hunter_paused_at_6(400, 300);
    const char *text = frontend_frame_text(app);
    const char *hunting = "\nreason\nhunting on parity: heat ",
               *finishing = "\nreason\nfinishing the ship at ";
    int said = times_shown(app, "hunting on parity") + times_shown(app, "finishing the ship");
    ck_assert_msg(strstr(text, hunting) != NULL || strstr(text, finishing) != NULL,
                  "the strip has no reason of the engine's:\n%s", text);
    ck_assert_int_eq(said, 1);
    close_and_check_no_engine_left(app, true);
}
END_TEST

/* At 320x240 the same reason is longer than the strip's line: it is cut
 * where the line ends and says so ("..."), never run off the window. */
START_TEST(a_strip_cuts_a_long_reason_and_says_so) {
    Frontend *app = hunter_paused_at_6(320, 240);
    const char *text = frontend_frame_text(app), *at = strstr(text, "\nreason\n");
    ck_assert_msg(at != NULL, "the strip has no reason:\n%s", text);
    at += strlen("\nreason\n");
    const char *end = strchr(at, '\n');
    ck_assert_ptr_nonnull(end);
    ck_assert_msg(end - at > 3 && strncmp(end - 3, "...", 3) == 0,
                  "a reason longer than the line is not cut with \"...\": \"%.*s\"",
                  (int)(end - at), at);
    close_and_check_no_engine_left(app, true);
}
END_TEST

/* bad.py silent answers its first go and never its second: the frames keep
 * coming while it is asked, and nothing is shot meanwhile; then the
 * timeout forfeits its game with one line, and sampler shoots on. */
START_TEST(a_hanging_engine_never_stops_the_frames) {
    capture_stderr();
    AppOptions o = sea_opts("WS_TEST_ENGINES", "bad.py silent sea", 1500);
    Frontend *app = drive_open(&o);
    drive_play_until(app, 1);
    long ticks = frontend_tick_count(app);
    long frames = 0;
    while (stderr_lines_with("no answer within") == 0) {
        ck_assert_int_eq(frontend_tick_count(app), ticks); /* the tick waits for it */
        ck_assert_msg(frames < 4000, "no timeout after %ld frames", frames);
        SDL_Delay(5);
        ck_assert(frontend_frame(app));
        frames++;
    }
    /* Had a frame waited for the engine, the timeout would have come a frame
     * or two after the question; these frames were drawn 5 ms apart. */
    ck_assert_msg(frames >= 10, "only %ld frames while the engine hung", frames);
    /* Once in the window: in the HUD panel beside the engine's board. */
    ck_assert_int_eq(times_shown(app, "engine 'python3', game 0 tick 1: no answer within 1500 ms"),
                     1);
    drive_play_until(app, ticks + 4); /* sampler shoots on */
    ck_assert_int_eq(stderr_lines_with("engine 'python3', game 0 tick 1: no answer"), 1);
    ck_assert_int_eq(stderr_lines_with("engine"), 1);
    close_and_check_no_engine_left(app, false);
    remove(err_path);
}
END_TEST

/* bad.py offboard shoots (10, 0): the game is forfeit at once, one line on
 * stderr and the same line once in the window: in the HUD panel beside the
 * engine's board (docs/engines.md#the-sea-hunter-in-the-window), not a
 * second time as the notice; the next game (Enter) starts the engine
 * afresh, which fails there again. */
START_TEST(a_shot_off_the_board_forfeits_the_game) {
    capture_stderr();
    AppOptions o = sea_opts("WS_TEST_ENGINES", "bad.py offboard sea", 2000);
    o.window_w = 1280; /* a panel with room for every line, the decision times too */
    o.window_h = 720;
    Frontend *app = drive_open(&o);
    const char *line = "engine 'python3', game 0 tick 0: a shot off the board: \"shot 10 0\"";
    frames_until_said(app, "off the board", 1);
    ck_assert_int_eq(times_shown(app, line), 1);
    ck_assert_msg(strstr(frontend_status_text(app), "off the board") == NULL,
                  "the notice repeats the panel's line: \"%s\"", frontend_status_text(app));
    ck_assert_msg(strstr(frontend_hud_keys(app), "forfeit;") != NULL, "HUD keys: %s",
                  frontend_hud_keys(app));
    /* It timed no decision: its time is "-", not a measured-looking 0.0 µs. */
    const char *text = frontend_frame_text(app), *decision = strstr(text, "decision");
    ck_assert_msg(strstr(text, "\nengine -\n") != NULL && strstr(text, "engine 0.0") == NULL,
                  "the engine's decision time is not '-': %s",
                  decision != NULL ? decision : "(no decision line)");
    drive_play_until(app, 5); /* sampler shoots on, the engine's board stays */
    ck_assert_int_eq(times_shown(app, line), 1);
    ck_assert_int_eq(stderr_lines_with(line), 1);
    drive_key(SDLK_RETURN, KMOD_NONE);
    frames_until_said(app, "game 1 tick 0: a shot off the board", 1);
    ck_assert_int_eq(stderr_lines_with(line), 1);
    ck_assert_int_eq(stderr_lines_with("game 1 tick 0: a shot off the board"), 1);
    ck_assert_int_eq(stderr_lines_with("engine"), 2);
    close_and_check_no_engine_left(app, false);
    remove(err_path);
}
END_TEST

/* After the fault of bad.py offboard: sampler shoots on to tick 5 and the
 * strip still says what was wrong, as its item "forfeit", once; the
 * notice does not say it again. */
static void strip_keeps_the_fault_once(Frontend *app) {
    drive_play_until(app, 5);
    const char *text = frontend_frame_text(app);
    ck_assert_msg(strstr(text, "\nforfeit\na shot off the board: \"shot 10 0\"\n") != NULL,
                  "the strip does not say what was wrong:\n%s", text);
    ck_assert_msg(strstr(frontend_status_text(app), "off the board") == NULL,
                  "the notice repeats the strip's item: \"%s\"", frontend_status_text(app));
    ck_assert_int_eq(times_shown(app, "off the board"), 1);
}

/* The same fault in a window too small for the HUD panel: its strip, one-
 * line items, says what was wrong right after the hunters, for as long as
 * the game shows (a notice would go after a few seconds), and the notice
 * does not say it again. */
START_TEST(a_strip_says_what_the_fault_was) {
    capture_stderr();
    AppOptions o = sea_opts("WS_TEST_ENGINES", "bad.py offboard sea", 2000);
    o.window_w = 320;
    o.window_h = 240;
    Frontend *app = drive_open(&o);
    ck_assert(frontend_frame(app));
    ck_assert(frontend_frame_layout(app).hud_strip);
    const char *line = "engine 'python3', game 0 tick 0: a shot off the board: \"shot 10 0\"";
    frames_until_said(app, "off the board", 1);
    strip_keeps_the_fault_once(app);
    ck_assert_int_eq(stderr_lines_with(line), 1);
    close_and_check_no_engine_left(app, false);
    remove(err_path);
}
END_TEST

/* The same strip when sampler alone is shown (Tab twice, before the
 * engine's first shot): the strip's item says what was wrong whichever
 * board shows, so the notice does not say it a second time
 * (docs/engines.md#the-sea-hunter-in-the-window). The front end knows the
 * HUD is a strip from its opening, before the first frame is drawn: a fault
 * in the first frame's ticks (offscreen, where they wait for the answer)
 * comes before that drawing. */
START_TEST(a_strip_with_sampler_alone_says_the_fault_once) {
    capture_stderr();
    AppOptions o = sea_opts("WS_TEST_ENGINES", "bad.py offboard sea", 2000);
    o.window_w = 400;
    o.window_h = 300;
    Frontend *app = drive_open(&o);
    ck_assert_msg(frontend_frame_layout(app).hud_strip,
                  "before the first frame the front end does not know the HUD is a strip");
    drive_key(SDLK_TAB, KMOD_NONE); /* the engine alone */
    drive_key(SDLK_TAB, KMOD_NONE); /* sampler alone */
    ck_assert(frontend_frame(app));
    ck_assert(frontend_frame_layout(app).hud_strip);
    ck_assert_msg(strstr(frontend_frame_text(app), "sampler  [Tab]") != NULL,
                  "sampler is not shown alone:\n%s", frontend_frame_text(app));
    const char *line = "engine 'python3', game 0 tick 0: a shot off the board: \"shot 10 0\"";
    frames_until_said(app, "off the board", 1);
    ck_assert_int_eq(stderr_lines_with(line), 1);
    strip_keeps_the_fault_once(app);
    close_and_check_no_engine_left(app, false);
    remove(err_path);
}
END_TEST

/* slow_restart.py faults at once (a shot off the board); the next game
 * (Enter) starts it again, and that run takes a second to say ready: the
 * frames keep coming meanwhile, nothing is shot, then it plays. */
START_TEST(a_restart_never_stops_the_frames) {
    capture_stderr();
    char flag[64];
    temp_name(flag, sizeof flag, ".flag");
    remove(flag); /* the engine's first run creates it */
    char args[128];
    snprintf(args, sizeof args, "slow_restart.py %s", flag);
    AppOptions o = sea_opts("WS_TEST_ENGINES", args, 5000);
    Frontend *app = drive_open(&o);
    frames_until_said(app, "game 0 tick 0: a shot off the board", 1);
    drive_key(SDLK_RETURN, KMOD_NONE); /* game 1: the engine starts afresh */
    ck_assert(frontend_frame(app));
    long ticks = frontend_tick_count(app);
    long frames = 0;
    while (frontend_tick_count(app) == ticks) {
        ck_assert_msg(frames < 4000, "the restarted engine never played");
        SDL_Delay(5);
        ck_assert(frontend_frame(app));
        frames++;
    }
    /* Had the restart waited for ready, one frame would have taken the second. */
    ck_assert_msg(frames >= 10, "only %ld frames while the engine started", frames);
    drive_play_until(app, ticks + 3);
    ck_assert_int_eq(stderr_lines_with("engine"), 1);
    close_and_check_no_engine_left(app, true);
    remove(flag);
    remove(err_path);
}
END_TEST

/* R while bad.py silent hangs: the question is out and nobody can take it
 * back, so the replayed game waits for it; its timeout is said on stderr
 * as an answer no longer needed (not a forfeit), a fresh engine plays the
 * game again, hangs at the same shot and forfeits it there. */
START_TEST(restarting_a_game_while_the_engine_hangs) {
    capture_stderr();
    AppOptions o = sea_opts("WS_TEST_ENGINES", "bad.py silent sea", 1000);
    Frontend *app = drive_open(&o);
    drive_play_until(app, 1);
    drive_key(SDLK_r, KMOD_NONE); /* game 0 again */
    ck_assert(frontend_frame(app));
    frames_until_said(app, "game 0 tick 1: no answer within 1000 ms", 2);
    ck_assert_int_eq(times_shown(app, "engine 'python3', game 0 tick 1: no answer within 1000 ms"),
                     1);
    ck_assert_int_eq(stderr_lines_with("(an answer no longer needed)"), 1);
    ck_assert_int_eq(stderr_lines_with("game 0 tick 1: no answer within 1000 ms"), 2);
    ck_assert_int_eq(stderr_lines_with("engine"), 2);
    close_and_check_no_engine_left(app, false);
    remove(err_path);
}
END_TEST

static Suite *frontend_sea_suite(void) {
    Suite *s = suite_create("frontend_sea");
    TCase *tc = tcase_create("engine");
    tcase_add_test(tc, a_step_back_shows_what_the_engine_said);
    tcase_add_test(tc, a_step_asked_while_the_engine_thinks_is_made_when_it_answers);
    tcase_add_test(tc, hunter_py_plays_in_the_window);
    tcase_add_test(tc, a_hanging_engine_never_stops_the_frames);
    tcase_add_test(tc, a_shot_off_the_board_forfeits_the_game);
    tcase_add_test(tc, a_strip_says_what_the_fault_was);
    tcase_add_test(tc, a_strip_shows_the_engines_reason);
    tcase_add_test(tc, a_strip_cuts_a_long_reason_and_says_so);
    tcase_add_test(tc, a_strip_with_sampler_alone_says_the_fault_once);
    tcase_add_test(tc, a_restart_never_stops_the_frames);
    tcase_add_test(tc, restarting_a_game_while_the_engine_hangs);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(frontend_sea_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
