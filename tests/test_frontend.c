/* The window front end driven one frame at a time (frontend_loop.h):
 * key events injected with SDL_PushEvent under SDL_VIDEODRIVER=dummy, and the
 * offscreen renderer behind --screenshot. SDL starts inside each test (Check
 * forks per test), never in main. */
#define _DEFAULT_SOURCE /* mkstemps, setenv */
#include <SDL.h>
#include <SDL_ttf.h>
#include <check.h>
#include <dirent.h>
#include <gif_lib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "frontend_loop.h"
#include "hud.h"
#include "layout.h"
#include "options.h"
#include "render.h"
#include "replay_session.h"
#include "sea_draw.h"
#include "snake_ai.h"
#include "snake_screen.h"
#include "text.h"
#include "timeline.h"
#include "trace.h"
#include "window_drive.h"

static AppOptions small_opts(void) {
    AppOptions o;
    options_defaults(&o, APP_MODE_SNAKE, 42);
    o.seed_given = true;
    o.rules.w = 10;
    o.rules.h = 10;
    o.window_w = 640;
    o.window_h = 360;
    o.speed = 1000.0;
    return o;
}

/* The sea, seed 3, in a 640x360 window at `speed` ticks a second. */
static AppOptions small_sea_opts(double speed) {
    AppOptions o;
    options_defaults(&o, APP_MODE_SEA, 3);
    o.seed_given = true;
    o.window_w = 640;
    o.window_h = 360;
    o.speed = speed;
    return o;
}

static Frontend *open_window_app(void) {
    AppOptions o = small_opts();
    return drive_open(&o);
}

START_TEST(keys_toggle_overlays) {
    Frontend *app = open_window_app();
    ck_assert(frontend_frame(app));
    unsigned start = frontend_overlays(app);
    ck_assert_uint_eq(start, OVERLAY_DEFAULT);

    drive_key(SDLK_w, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert_uint_eq(frontend_overlays(app), start ^ OVERLAY_WAVE);

    drive_key(SDLK_g, KMOD_NONE);
    drive_key(SDLK_d, KMOD_NONE);
    drive_key(SDLK_p, KMOD_NONE);
    drive_key(SDLK_v, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert_uint_eq(frontend_overlays(app), start ^ OVERLAY_WAVE ^ OVERLAY_GRID ^
                                                  OVERLAY_NUMBERS ^ OVERLAY_PATH ^ OVERLAY_VIRTUAL);

    drive_key(SDLK_w, KMOD_NONE);
    drive_key(SDLK_g, KMOD_NONE);
    drive_key(SDLK_d, KMOD_NONE);
    drive_key(SDLK_p, KMOD_NONE);
    drive_key(SDLK_v, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert_uint_eq(frontend_overlays(app), start);

    drive_key(SDLK_F1, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert(frontend_overlays(app) & OVERLAY_HELP);
    /* 640x360 is too low for every key at a readable size: the help comes in
     * two pages; '?' turns to the second, and closes it from there. */
    drive_key(SDLK_SLASH, KMOD_LSHIFT);
    ck_assert(frontend_frame(app));
    ck_assert(frontend_overlays(app) & OVERLAY_HELP);
    drive_key(SDLK_SLASH, KMOD_LSHIFT);
    ck_assert(frontend_frame(app));
    ck_assert(!(frontend_overlays(app) & OVERLAY_HELP));
    drive_key(SDLK_F1, KMOD_NONE); /* opened again: the first page */
    ck_assert(frontend_frame(app));
    ck_assert(frontend_overlays(app) & OVERLAY_HELP);
    drive_key(SDLK_F1, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert(frontend_overlays(app) & OVERLAY_HELP);
    frontend_close(app);
}
END_TEST

/* Issue 14: a key without meaning in the mode flips nothing and says so, and
 * each mode keeps its own overlay switches. */
START_TEST(keys_without_meaning_say_so) {
    Frontend *app = open_window_app();
    ck_assert(frontend_frame(app));
    unsigned start = frontend_overlays(app);
    drive_key(SDLK_h, KMOD_NONE); /* no heatmap in the snake */
    ck_assert(frontend_frame(app));
    ck_assert_uint_eq(frontend_overlays(app), start);
    ck_assert_msg(strstr(frontend_status_text(app), "H (heatmap) does nothing in the snake mode") !=
                      NULL,
                  "status: %s", frontend_status_text(app));
    drive_key(SDLK_g, KMOD_NONE); /* grid on, in the snake only */
    drive_key(SDLK_3, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert_int_eq(frontend_mode(app), APP_MODE_SEA);
    ck_assert_uint_eq(frontend_overlays(app), start);
    drive_key(SDLK_w, KMOD_NONE); /* no wave in the sea */
    drive_key(SDLK_v, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert_uint_eq(frontend_overlays(app), start);
    ck_assert_msg(strstr(frontend_status_text(app), "V (virtual) does nothing in the sea mode") !=
                      NULL,
                  "status: %s", frontend_status_text(app));
    drive_key(SDLK_1, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert_uint_eq(frontend_overlays(app), start ^ OVERLAY_GRID);
    /* I: the HUD as a strip, then hidden, then a panel again */
    drive_key(SDLK_i, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert(frontend_overlays(app) & OVERLAY_HUD);
    ck_assert_msg(strstr(frontend_status_text(app), "strip") != NULL, "status: %s",
                  frontend_status_text(app));
    drive_key(SDLK_i, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert(!(frontend_overlays(app) & OVERLAY_HUD));
    drive_key(SDLK_i, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert(frontend_overlays(app) & OVERLAY_HUD);
    ck_assert_msg(strstr(frontend_status_text(app), "panel") != NULL, "status: %s",
                  frontend_status_text(app));
    frontend_close(app);
}
END_TEST

/* --pause-on-end (issue 14.3): the window stops at a game's end; Enter goes on. */
START_TEST(pause_on_end_stops_at_the_end) {
    AppOptions o = small_opts();
    o.rules.w = 4;
    o.rules.h = 4;
    o.rules.start_length = 2;
    o.speed = 0.0; /* offscreen: a fixed number of ticks per frame */
    o.screenshot = "/nonexistent/never-written.png"; /* offscreen; no shot is requested */
    o.pause_on_end = true;
    Frontend *app = NULL;
    WsError open_err = {0};
    ck_assert_msg(frontend_open(&app, &o, &open_err) == WS_OK, "%s", open_err.msg);
    int frames = 0;
    while (!frontend_is_paused(app) && frames < 400) {
        frontend_frame(app);
        frames++;
    }
    ck_assert_msg(frontend_is_paused(app), "no pause after %d frames", frames);
    long ticks = frontend_tick_count(app);
    for (int i = 0; i < 5; i++)
        frontend_frame(app);
    ck_assert_int_eq(frontend_tick_count(app), ticks); /* it stays at the end */
    frontend_close(app);
    SDL_Quit();
}
END_TEST

/* With E on: plays until the first game's end pauses (the tick on screen
 * the latest), then Home and Space, the kept ticks played back from the
 * first; returns the end's tick. */
static long play_end_then_from_home(Frontend *app) {
    for (int i = 0; i < 2000 && !frontend_is_paused(app); i++) {
        SDL_Delay(1);
        ck_assert(frontend_frame(app));
    }
    ck_assert(frontend_is_paused(app));
    long first, cur, last;
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_int_eq(cur, last);
    drive_key(SDLK_HOME, KMOD_NONE);
    ck_assert(frontend_frame(app));
    drive_key(SDLK_SPACE, KMOD_NONE);
    ck_assert(frontend_frame(app));
    return last;
}

START_TEST(pause_on_end_stops_a_played_back_end_too) {
    /* E: Space from a past tick plays the recorded ticks up to the end of
     * the game, and the end stops there again (not the next game). */
    AppOptions o = small_opts();
    o.rules.w = 4;
    o.rules.h = 4;
    o.rules.start_length = 2;
    o.pause_on_end = true;
    Frontend *app = drive_open(&o);
    long end = play_end_then_from_home(app);
    long first, cur, last;
    for (int i = 0; i < 2000 && !frontend_is_paused(app); i++) {
        SDL_Delay(1);
        ck_assert(frontend_frame(app));
        ck_assert(frontend_time(app, &first, &cur, &last));
        ck_assert_int_eq(last, end); /* played back, not played again */
    }
    ck_assert(frontend_is_paused(app));
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_int_eq(last, end);
    ck_assert_int_eq(cur, end);
    frontend_close(app);
}
END_TEST

START_TEST(pause_on_end_stops_a_played_back_sea_end_too) {
    /* The same in the sea: the frame whose video reaches the end of the
     * game (counted already) pauses there, as the live end did. */
    AppOptions o = small_sea_opts(1000.0);
    o.pause_on_end = true;
    Frontend *app = drive_open(&o);
    long end = play_end_then_from_home(app);
    /* No check that Space unpaused: at 1000 ticks/s a slow frame (valgrind)
     * plays the whole video and pauses at its end at once. A Space that
     * did nothing stays at the first tick, and the loop below fails. */
    long first, cur, last;
    ck_assert(frontend_time(app, &first, &cur, &last));
    for (int i = 0; i < 2000 && cur < end; i++) {
        SDL_Delay(1);
        ck_assert(frontend_frame(app));
        ck_assert(frontend_time(app, &first, &cur, &last));
        ck_assert_int_eq(last, end); /* played back, not played again */
    }
    ck_assert_int_eq(cur, end);
    ck_assert_msg(frontend_is_paused(app), "the played-back end of the sea game did not pause");
    frontend_close(app);
}
END_TEST

START_TEST(space_freezes_and_step_ticks_once) {
    Frontend *app = open_window_app();
    for (int i = 0; i < 5; i++)
        ck_assert(frontend_frame(app));
    drive_key(SDLK_SPACE, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert(frontend_is_paused(app));
    long ticks = frontend_tick_count(app);
    for (int i = 0; i < 5; i++)
        ck_assert(frontend_frame(app));
    ck_assert_int_eq(frontend_tick_count(app), ticks);

    drive_key(SDLK_PERIOD, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert_int_eq(frontend_tick_count(app), ticks + 1);
    drive_key(SDLK_n, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert_int_eq(frontend_tick_count(app), ticks + 2);
    ck_assert(frontend_is_paused(app));

    drive_key(SDLK_SPACE, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert(!frontend_is_paused(app));
    SDL_Delay(30);
    ck_assert(frontend_frame(app));
    ck_assert_int_gt(frontend_tick_count(app), ticks + 2); /* 1000 ticks/s resumes */
    frontend_close(app);
}
END_TEST

START_TEST(q_and_escape_quit) {
    Frontend *app = open_window_app();
    ck_assert(frontend_frame(app));
    drive_key(SDLK_q, KMOD_NONE);
    ck_assert(!frontend_frame(app));
    frontend_close(app);

    app = open_window_app();
    drive_key(SDLK_ESCAPE, KMOD_NONE);
    ck_assert(!frontend_frame(app));
    frontend_close(app);

    app = open_window_app();
    SDL_Event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = SDL_QUIT;
    ck_assert_int_eq(SDL_PushEvent(&ev), 1);
    ck_assert(!frontend_frame(app));
    frontend_close(app);
}
END_TEST

START_TEST(ctrl_w_is_not_a_toggle) {
    Frontend *app = open_window_app();
    drive_key(SDLK_w, KMOD_LCTRL);
    ck_assert(frontend_frame(app));
    ck_assert_uint_eq(frontend_overlays(app), OVERLAY_DEFAULT);
    frontend_close(app);
}
END_TEST

START_TEST(text_is_rendered_once) {
    Frontend *app = open_window_app();
    drive_key(SDLK_d, KMOD_NONE); /* distance numbers in every reached cell */
    for (int i = 0; i < 3; i++)
        ck_assert(frontend_frame(app));
    /* Running: only text whose value changed (steps, timings) is rendered, a
     * few labels per frame, never one per cell (10x10 cells with numbers). */
    long before = frontend_text_renders(app);
    ck_assert_int_gt(before, 0);
    for (int i = 0; i < 20; i++)
        ck_assert(frontend_frame(app));
    long per_frame = (frontend_text_renders(app) - before) / 20;
    ck_assert_msg(per_frame <= 8, "%ld text renders per frame", per_frame);
    /* Paused: the same picture again renders nothing at all. */
    drive_key(SDLK_SPACE, KMOD_NONE);
    for (int i = 0; i < 3; i++)
        ck_assert(frontend_frame(app));
    long renders = frontend_text_renders(app);
    for (int i = 0; i < 20; i++)
        ck_assert(frontend_frame(app));
    ck_assert_int_eq(frontend_text_renders(app), renders);
    frontend_close(app);
}
END_TEST

/* The snake's head and the food, as view_snake.c draws them. */
static const SDL_Color HEAD = {255, 150, 45, 255};
static const SDL_Color FOOD = {255, 70, 85, 255};

static bool has_color(SDL_Surface *s, SDL_Color c) {
    for (int y = 0; y < s->h; y++) {
        for (int x = 0; x < s->w; x++) {
            Uint32 px = 0;
            memcpy(&px, (Uint8 *)s->pixels + y * s->pitch + x * 4, 4);
            Uint8 r, g, b;
            SDL_GetRGB(px, s->format, &r, &g, &b);
            if (r == c.r && g == c.g && b == c.b)
                return true;
        }
    }
    return false;
}

START_TEST(offscreen_png_shows_snake_and_food) {
    char path[] = "/tmp/ws_frontend_XXXXXX.png";
    int fd = mkstemps(path, 4);
    ck_assert_int_ge(fd, 0);
    close(fd);
    AppOptions o = small_opts();
    o.screenshot = path;
    o.speed = 10.0;
    Frontend *app = NULL;
    WsError open_err = {0};
    ck_assert_msg(frontend_open(&app, &o, &open_err) == WS_OK, "%s", open_err.msg);
    for (int i = 0; i < 10; i++)
        frontend_frame(app);
    frontend_request_shot(app, path);
    frontend_frame(app);
    WsError shot_err = {0};
    ck_assert_msg(frontend_shot_status(app, &shot_err) == WS_OK, "%s", shot_err.msg);
    frontend_close(app);

    SDL_Surface *img = drive_load_png(path);
    ck_assert_int_eq(img->w, 640);
    ck_assert_int_eq(img->h, 360);
    ck_assert_msg(has_color(img, HEAD), "no snake-head pixel in %s", path);
    ck_assert_msg(has_color(img, FOOD), "no food pixel in %s", path);
    SDL_FreeSurface(img);
    SDL_Quit();
}
END_TEST

/* ---- GIF recording (C) ---------------------------------------------------- */

/* Runs in a fresh temporary directory (C writes into the current one). */
static char rec_dir[64], old_cwd[4096];

static void enter_tmp_dir(void) {
    snprintf(rec_dir, sizeof rec_dir, "/tmp/ws_frontend_gif_XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(rec_dir));
    ck_assert_ptr_nonnull(getcwd(old_cwd, sizeof old_cwd));
    ck_assert_int_eq(chdir(rec_dir), 0);
}

/* The one wavesnake-*.gif in the directory, decoded; removes it and the directory. */
static GifFileType *slurp_the_gif(void) {
    DIR *d = opendir(".");
    ck_assert_ptr_nonnull(d);
    char name[256] = "";
    int found = 0;
    for (struct dirent *e = readdir(d); e != NULL; e = readdir(d)) {
        size_t n = strlen(e->d_name);
        if (strncmp(e->d_name, "wavesnake-", 10) == 0 && n > 4 &&
            strcmp(e->d_name + n - 4, ".gif") == 0) {
            snprintf(name, sizeof name, "%s", e->d_name);
            found++;
        }
    }
    closedir(d);
    ck_assert_int_eq(found, 1);
    int err = 0;
    GifFileType *gif = DGifOpenFileName(name, &err);
    ck_assert_msg(gif != NULL, "cannot open %s: %s", name, GifErrorString(err));
    ck_assert_int_eq(DGifSlurp(gif), GIF_OK);
    remove(name);
    ck_assert_int_eq(chdir(old_cwd), 0);
    rmdir(rec_dir);
    return gif;
}

START_TEST(c_starts_and_stops_a_recording) {
    enter_tmp_dir();
    Frontend *app = open_window_app();
    ck_assert(frontend_frame(app));
    ck_assert(!frontend_is_recording(app));
    drive_key(SDLK_c, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert(frontend_is_recording(app));
    for (int i = 0; i < 6; i++) { /* frames 45 ms apart: each one is due */
        SDL_Delay(45);
        ck_assert(frontend_frame(app));
    }
    drive_key(SDLK_c, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert(!frontend_is_recording(app));
    frontend_close(app);
    GifFileType *gif = slurp_the_gif();
    ck_assert_int_eq(gif->SWidth, 640);
    ck_assert_int_eq(gif->SHeight, 360);
    ck_assert_int_ge(gif->ImageCount, 2); /* the game runs at 1000 ticks/s: frames differ */
    DGifCloseFile(gif, NULL);
}
END_TEST

/* How many pixels of rows y0.. differ between two RGBA32 pictures of one size
 * by more than tol in a channel. */
static long rows_differ(const Uint8 *a, const Uint8 *b, int w, int h, int y0, int tol) {
    long n = 0;
    for (int y = y0; y < h; y++)
        for (int x = 0; x < w; x++)
            for (int c = 0; c < 3; c++) {
                int d = a[(y * w + x) * 4 + c] - b[(y * w + x) * 4 + c];
                if (d > tol || d < -tol) {
                    n++;
                    break;
                }
            }
    return n;
}

/* The window as presented (the dummy driver's surface keeps it), RGBA32. */
static Uint8 *read_window(int w, int h) {
    SDL_Renderer *ren = SDL_GetRenderer(SDL_GetWindowFromID(1));
    ck_assert_ptr_nonnull(ren);
    Uint8 *px = malloc((size_t)w * (size_t)h * 4);
    ck_assert_ptr_nonnull(px);
    ck_assert_int_eq(SDL_RenderReadPixels(ren, NULL, SDL_PIXELFORMAT_RGBA32, px, w * 4), 0);
    return px;
}

START_TEST(c_notice_is_in_the_window_not_in_the_gif) {
    /* Paused, the picture stands still: the frame read for the GIF while C's
     * notice shows must be the frame from before C (the notice and the REC
     * mark are drawn after the read), while the window shows the notice at
     * its bottom. The GIF's first frame is that picture too (its palette's
     * rounding aside). */
    enter_tmp_dir();
    Frontend *app = open_window_app();
    ck_assert(frontend_frame(app));
    drive_key(SDLK_SPACE, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert(frontend_is_paused(app));
    ck_assert_str_eq(frontend_status_text(app), "");
    frontend_request_shot(app, "before.png");
    ck_assert(frontend_frame(app));
    Uint8 *shown_before = read_window(640, 360);
    drive_key(SDLK_c, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert(frontend_is_recording(app));
    frontend_request_shot(app, "during.png");
    ck_assert(frontend_frame(app));
    Uint8 *shown = read_window(640, 360);
    drive_key(SDLK_c, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert(!frontend_is_recording(app));
    frontend_close(app);

    SDL_Surface *before = drive_load_png("before.png"), *during = drive_load_png("during.png");
    ck_assert_int_eq(rows_differ(before->pixels, during->pixels, 640, 360, 0, 0), 0);
    long notice = rows_differ(shown_before, shown, 640, 360, 360 - 40, 0);
    ck_assert_msg(notice > 200, "the window does not show C's notice (%ld pixels)", notice);

    GifFileType *gif = slurp_the_gif();
    ck_assert_int_ge(gif->ImageCount, 1);
    SavedImage *im = &gif->SavedImages[0];
    ck_assert_int_eq(im->ImageDesc.Width, 640);
    ck_assert_int_eq(im->ImageDesc.Height, 360);
    ColorMapObject *map = im->ImageDesc.ColorMap ? im->ImageDesc.ColorMap : gif->SColorMap;
    Uint8 *frame0 = malloc(640 * 360 * 4);
    ck_assert_ptr_nonnull(frame0);
    for (int i = 0; i < 640 * 360; i++) {
        GifColorType c = map->Colors[im->RasterBits[i]];
        frame0[i * 4] = c.Red;
        frame0[i * 4 + 1] = c.Green;
        frame0[i * 4 + 2] = c.Blue;
        frame0[i * 4 + 3] = 255;
    }
    /* The notice would be 200+ pixels of text at the bottom; rounding to the
     * palette moves a few anti-aliased pixels a little. */
    long off = rows_differ(before->pixels, frame0, 640, 360, 0, 40);
    ck_assert_msg(off < 50, "the GIF's first frame is not the picture without the notice (%ld)",
                  off);
    free(frame0);
    DGifCloseFile(gif, NULL);
    SDL_FreeSurface(before);
    SDL_FreeSurface(during);
    free(shown_before);
    free(shown);
}
END_TEST

START_TEST(resize_stops_a_recording) {
    enter_tmp_dir();
    Frontend *app = open_window_app();
    drive_key(SDLK_c, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert(frontend_is_recording(app));
    SDL_Delay(45);
    ck_assert(frontend_frame(app));
    SDL_Window *win = SDL_GetWindowFromID(1);
    ck_assert_ptr_nonnull(win);
    /* 600x300: a panel 180 pixels wide, whose footer keeps four lines for
     * the notice; the file's name comes first, so it is among them. */
    SDL_SetWindowSize(win, 600, 300);
    for (int i = 0; i < 3 && frontend_is_recording(app); i++)
        ck_assert(frontend_frame(app));
    ck_assert(!frontend_is_recording(app));
    ck_assert(frontend_frame(app));
    ck_assert_msg(strstr(frontend_status_text(app), "window resized") != NULL, "status: %s",
                  frontend_status_text(app));
    char joined[8192];
    size_t n = 0;
    for (const char *c = frontend_frame_text(app); *c != '\0' && n + 1 < sizeof joined; c++)
        if (*c != '\n')
            joined[n++] = *c;
    joined[n] = '\0';
    ck_assert_msg(strstr(joined, ".gif") != NULL, "the notice does not name the file: %s",
                  frontend_frame_text(app));
    frontend_close(app);
    GifFileType *gif = slurp_the_gif(); /* saved cleanly, at the old size */
    ck_assert_int_eq(gif->SWidth, 640);
    ck_assert_int_ge(gif->ImageCount, 1);
    DGifCloseFile(gif, NULL);
}
END_TEST

static void push_left_click(int x, int y) {
    SDL_Event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = SDL_MOUSEBUTTONDOWN;
    ev.button.button = SDL_BUTTON_LEFT;
    ev.button.state = SDL_PRESSED;
    ev.button.clicks = 1;
    ev.button.x = x;
    ev.button.y = y;
    ck_assert_int_eq(SDL_PushEvent(&ev), 1);
}

START_TEST(click_toggles_a_snake_wall) {
    /* Paused at the start (the snake in the top row), three clicks in the
     * bottom row: at most one hits the food, so walls appear, drawn at once
     * although no tick runs; the same clicks again take them away. */
    Frontend *app = open_window_app();
    drive_key(SDLK_SPACE, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert(frontend_is_paused(app));
    SDL_Color wall = {PAL_WALL.r, PAL_WALL.g, PAL_WALL.b, 255};
    SDL_Surface *img = drive_shoot(app);
    ck_assert_msg(!has_color(img, wall), "wall colour before any wall");
    SDL_FreeSurface(img);
    FrameLayout fl;
    layout_frame(&fl, 640, 360, (frontend_overlays(app) & OVERLAY_HUD) != 0);
    BoardLayout bl;
    layout_board(&bl, fl.board_area, 10, 10);
    for (int pass = 0; pass < 2; pass++) {
        for (int x = 0; x < 3; x++) {
            int px, py;
            layout_cell_center(&bl, x, 9, &px, &py);
            push_left_click(px, py);
        }
        img = drive_shoot(app);
        ck_assert_msg(has_color(img, wall) == (pass == 0), "pass %d: walls %s", pass,
                      pass == 0 ? "missing" : "left over");
        SDL_FreeSurface(img);
    }
    ck_assert_int_eq(frontend_tick_count(app), 0);
    frontend_close(app);
}
END_TEST

START_TEST(a_long_notice_keeps_to_its_footer_lines) {
    /* A panel keeps at most LAYOUT_STATUS_MAX footer lines for a notice
     * (layout.h): a longer one ends in "..." there, so the speed, overlays
     * and help lines under it stay in the panel. A wall clicked under
     * hamilton (Tab) gives a notice of about 190 characters. */
    Frontend *app = open_window_app();
    drive_key(SDLK_SPACE, KMOD_NONE);
    drive_key(SDLK_TAB, KMOD_NONE);
    ck_assert(frontend_frame(app));
    FrameLayout fl;
    layout_frame(&fl, 640, 360, true);
    BoardLayout bl;
    layout_board(&bl, fl.board_area, 10, 10);
    for (int x = 0; x < 3 && strncmp(frontend_status_text(app), "wall at", 7) != 0; x++) {
        int px, py;
        layout_cell_center(&bl, x, 9, &px, &py);
        push_left_click(px, py);
        ck_assert(frontend_frame(app));
    }
    ck_assert_msg(strstr(frontend_status_text(app), "cannot play") != NULL, "status: %s",
                  frontend_status_text(app));
    ck_assert(frontend_frame(app));
    const char *text = frontend_frame_text(app);
    const char *at = strstr(text, "wall at (");
    ck_assert_ptr_nonnull(at);
    const char *speed = strstr(at, "speed  ");
    ck_assert_ptr_nonnull(speed);
    int lines = 0;
    for (const char *c = at; c < speed; c++)
        lines += *c == '\n';
    ck_assert_msg(lines <= LAYOUT_STATUS_MAX, "the notice took %d lines:\n%.*s", lines,
                  (int)(speed - at), at);
    ck_assert_msg(strncmp(speed - 4, "...\n", 4) == 0, "the cut notice ends: %.*s", 20, speed - 20);
    ck_assert_ptr_nonnull(strstr(speed, "F1 help   I HUD   Q quit"));
    frontend_close(app);
}
END_TEST

/* Whether two screenshots have exactly the same pixels. */
static bool same_pixels(SDL_Surface *a, SDL_Surface *b) {
    if (a->w != b->w || a->h != b->h)
        return false;
    for (int y = 0; y < a->h; y++)
        if (memcmp((const uint8_t *)a->pixels + y * a->pitch,
                   (const uint8_t *)b->pixels + y * b->pitch, (size_t)a->w * 4) != 0)
            return false;
    return true;
}

START_TEST(back_five_forward_five_same_pixels) {
    /* docs/replay.md: `,` five times then `.` five times shows
     * the same picture as before, board, overlays, HUD and timeline alike;
     * the ticks in between are another picture. Seeking is not ticking. */
    Frontend *app = open_window_app();
    drive_play_until(app, 12);
    drive_key(SDLK_SPACE, KMOD_NONE);
    ck_assert(frontend_frame(app));
    long first = -1, cur = -1, last = -1;
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_int_eq(cur, last);
    ck_assert_int_ge(last, 5);
    long ticks = frontend_tick_count(app);
    SDL_Surface *before = drive_shoot(app);
    for (int i = 0; i < 5; i++)
        drive_key(SDLK_COMMA, KMOD_NONE);
    SDL_Surface *back = drive_shoot(app);
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_int_eq(cur, last - 5);
    ck_assert_msg(!same_pixels(before, back), "five ticks back looks the same");
    for (int i = 0; i < 5; i++)
        drive_key(i % 2 == 0 ? SDLK_PERIOD : SDLK_n, KMOD_NONE);
    SDL_Surface *again = drive_shoot(app);
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_int_eq(cur, last);
    ck_assert_msg(same_pixels(before, again), "back 5, forward 5 changed the picture");
    ck_assert_int_eq(frontend_tick_count(app), ticks);
    ck_assert(frontend_is_paused(app));
    SDL_FreeSurface(before);
    SDL_FreeSurface(back);
    SDL_FreeSurface(again);
    frontend_close(app);
}
END_TEST

START_TEST(x_switches_to_the_race_view_and_back) {
    /* The race is a view of its own: X shows it (the snake view asks the
     * front end), the mode stays snake, a mode key away and back finds it
     * still running, and X again shows the snake view where it was left:
     * the same game at the same tick, not a new one. */
    Frontend *app = open_window_app();
    drive_play_until(app, 12);
    drive_key(SDLK_SPACE, KMOD_NONE);
    ck_assert(frontend_frame(app));
    long first = -1, cur = -1, last = -1;
    ck_assert(frontend_time(app, &first, &cur, &last));
    long paused_at = last;
    drive_key(SDLK_x, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert_msg(strstr(frontend_status_text(app), "race: greedy vs perfect (X ends it)") != NULL,
                  "status: %s", frontend_status_text(app));
    ck_assert_int_eq(frontend_mode(app), APP_MODE_SNAKE);
    ck_assert(!frontend_time(app, &first, &cur, &last));
    drive_key(SDLK_2, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert_int_eq(frontend_mode(app), APP_MODE_ARENA);
    drive_key(SDLK_1, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert_int_eq(frontend_mode(app), APP_MODE_SNAKE);
    ck_assert(!frontend_time(app, &first, &cur, &last)); /* still the race */
    drive_key(SDLK_x, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert_msg(strstr(frontend_status_text(app), "race over: greedy plays alone") != NULL,
                  "status: %s", frontend_status_text(app));
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_int_eq(last, paused_at);
    ck_assert_int_eq(cur, paused_at);
    frontend_close(app);
}
END_TEST

/* Presses `key`, draws a frame, and checks the notice holds `want`. */
static void key_says(Frontend *app, SDL_Keycode key, const char *want) {
    drive_key(key, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert_msg(strstr(frontend_status_text(app), want) != NULL,
                  "key %s: notice '%s', expected '%s'", SDL_GetKeyName(key),
                  frontend_status_text(app), want);
}

START_TEST(snake_keys_without_a_use_say_so_live_and_in_a_race) {
    /* A key that means nothing here says so and changes nothing (README):
     * [ ] in a live game (they are a replay's), A while the AI drives, and
     * in a race [ ], the arrows and A; Enter there is the next heat, as R. */
    Frontend *app = open_window_app();
    drive_play_until(app, 3);
    key_says(app, SDLK_LEFTBRACKET, "replayed trace");
    key_says(app, SDLK_RIGHTBRACKET, "replayed trace");
    key_says(app, SDLK_a, "the AI drives already");
    drive_key(SDLK_x, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert_msg(strstr(frontend_status_text(app), "race:") != NULL, "status: %s",
                  frontend_status_text(app));
    key_says(app, SDLK_LEFTBRACKET, "are a replay's");
    key_says(app, SDLK_UP, "the AIs drive both sides");
    key_says(app, SDLK_RIGHTBRACKET, "are a replay's");
    key_says(app, SDLK_a, "the AIs drive both sides");
    key_says(app, SDLK_RETURN, "heat 1 (seed 43)");
    key_says(app, SDLK_r, "heat 2 (seed 44)");
    frontend_close(app);
}
END_TEST

START_TEST(a_small_race_label_draws_nothing_over_the_name) {
    /* Each race board's label has its policy's name on the left and "heats
     * better N" on the right. At 320x240 a board is about 60 pixels wide:
     * the long form went over the name ("greedy" on "heats better 0"); a
     * shorter one is drawn where it fits, else none (the HUD has the count,
     * as "greedy, 0 heats better", when the strip has room for it). */
    AppOptions o = small_opts();
    o.window_w = 320;
    o.window_h = 240;
    for (int size = 0; size < 2; size++) {
        if (size == 1) {
            o.window_w = 640;
            o.window_h = 360;
        }
        Frontend *app = drive_open(&o);
        ck_assert(frontend_frame(app));
        drive_key(SDLK_x, KMOD_NONE);
        ck_assert(frontend_frame(app));
        ck_assert(frontend_frame(app));
        const char *text = frontend_frame_text(app);
        ck_assert_msg(strstr(text, "greedy\n") != NULL, "%dx%d: %s", o.window_w, o.window_h, text);
        if (size == 0)
            ck_assert_msg(strstr(text, "heats better 0") == NULL, "320x240 drew:\n%s", text);
        else
            ck_assert_msg(strstr(text, "heats better 0\n") != NULL, "640x360 drew:\n%s", text);
        frontend_close(app);
    }
}
END_TEST

START_TEST(steering_is_recorded_and_races_have_no_time_travel) {
    /* Take the wheel goes through the recorded tick: an arrow at a past tick
     * drops the later ticks (play goes on from there), and the steered tick
     * is kept like any other (back one, forward one: the same picture). A
     * race keeps no history: no timeline, `,` does nothing there. */
    Frontend *app = open_window_app();
    drive_play_until(app, 12);
    drive_key(SDLK_SPACE, KMOD_NONE);
    ck_assert(frontend_frame(app));
    long first = -1, cur = -1, last = -1;
    ck_assert(frontend_time(app, &first, &cur, &last));
    long end = last;
    for (int i = 0; i < 3; i++)
        drive_key(SDLK_COMMA, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_int_eq(cur, end - 3);
    ck_assert_int_eq(last, end);
    drive_key(SDLK_UP, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_int_eq(last, end - 3); /* the later ticks are gone */
    ck_assert_int_eq(cur, end - 3);
    drive_key(SDLK_n, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert(frontend_time(app, &first, &cur, &last));
    /* One steered tick, or none when the arrow ran the snake into the wall. */
    ck_assert_int_eq(cur, last);
    ck_assert(last == end - 2 || last == end - 3);
    if (last == end - 2) {
        SDL_Surface *steered = drive_shoot(app);
        drive_key(SDLK_COMMA, KMOD_NONE);
        drive_key(SDLK_PERIOD, KMOD_NONE);
        SDL_Surface *again = drive_shoot(app);
        ck_assert_msg(same_pixels(steered, again), "back 1, forward 1 changed a steered tick");
        SDL_FreeSurface(steered);
        SDL_FreeSurface(again);
    }
    drive_key(SDLK_x, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert(!frontend_time(app, &first, &cur, &last));
    drive_key(SDLK_COMMA, KMOD_NONE);
    drive_key(SDLK_HOME, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert(!frontend_time(app, &first, &cur, &last));
    drive_key(SDLK_x, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert(frontend_time(app, &first, &cur, &last));
    frontend_close(app);
}
END_TEST

START_TEST(home_end_and_timeline_click) {
    Frontend *app = open_window_app();
    drive_play_until(app, 20);
    drive_key(SDLK_SPACE, KMOD_NONE);
    ck_assert(frontend_frame(app));
    long first, cur, last;
    ck_assert(frontend_time(app, &first, &cur, &last));
    long n = last;
    drive_key(SDLK_HOME, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_int_eq(cur, 0);
    ck_assert_int_eq(last, n);
    drive_key(SDLK_COMMA, KMOD_NONE); /* nothing before the first tick */
    ck_assert(frontend_frame(app));
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_int_eq(cur, 0);
    drive_key(SDLK_END, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_int_eq(cur, n);
    /* A click on the middle of the timeline shows about the middle tick. */
    FrameLayout fl;
    layout_frame(&fl, 640, 360, (frontend_overlays(app) & OVERLAY_HUD) != 0);
    ck_assert_int_gt(fl.timeline.h, 0);
    push_left_click(fl.timeline.x + fl.timeline.w / 2, fl.timeline.y + fl.timeline.h / 2);
    ck_assert(frontend_frame(app));
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_msg(cur >= n / 2 - 2 && cur <= n / 2 + 2, "click at the middle: tick %ld of %ld", cur,
                  n);
    ck_assert(frontend_is_paused(app));
    /* Space plays the recorded ticks from there (a video): none is dropped. */
    long mid = cur;
    drive_key(SDLK_SPACE, KMOD_NONE);
    ck_assert(frontend_frame(app));
    SDL_Delay(5);
    ck_assert(frontend_frame(app));
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_int_ge(last, n);
    ck_assert_int_gt(cur, mid);
    frontend_close(app);
}
END_TEST

/* The colour at the centre of cell `cell` of a w x h board in a screenshot
 * of a 640x360 window (the layout the front end used). */
static SDL_Color cell_color(SDL_Surface *img, unsigned overlays, int w, int h, int cell) {
    FrameLayout fl;
    layout_frame(&fl, 640, 360, (overlays & OVERLAY_HUD) != 0);
    BoardLayout bl;
    layout_board(&bl, fl.board_area, w, h);
    int px, py;
    layout_cell_center(&bl, cell % w, cell / w, &px, &py);
    const uint8_t *p = (const uint8_t *)img->pixels + py * img->pitch + px * 4;
    SDL_Color c = {p[0], p[1], p[2], 255}; /* load_png gives RGBA32: bytes R, G, B, A */
    return c;
}

static bool same_color(SDL_Color a, SDL_Color b) { return a.r == b.r && a.g == b.g && a.b == b.b; }

START_TEST(replay_opens_at_the_tick) {
    /* docs/replay.md: `replay FILE --game G --tick T` shows game G after T ticks. A
     * greedy game is played here on the core and written as a trace; the
     * positions at tick T are kept from that live game (not from a history),
     * and the screenshot must show the head, the food and the body there. */
    enum { W = 8, H = 8, T = 37 };
    AppOptions o = small_opts();
    o.rules.w = W;
    o.rules.h = H;
    WsError err = {0};
    SnakeGame g;
    SnakeAi ai;
    ck_assert_int_eq(snake_game_init(&g, &o.rules, 77, &err), WS_OK);
    ck_assert_int_eq(snake_ai_init(&ai, W, H, SNAKE_POLICY_GREEDY, o.rules.strict_tail, &err),
                     WS_OK);
    TraceBuf tb = {0};
    trace_write_header(&tb);
    trace_write_start(&tb, &g, 5, "greedy");
    int head = -1, food = -1;
    uint8_t body[W * H] = {0};
    while (g.outcome == SNAKE_PLAYING) {
        if (g.steps == T) {
            head = snake_head(&g.snake);
            food = g.food;
            for (int i = 1; i < g.snake.len; i++)
                body[snake_at(&g.snake, i)] = 1;
        }
        Dir d = snake_ai_choose(&ai, &g);
        if (d == DIR_NONE) { /* trapped: the end line says so, no move line */
            snake_game_tick(&g, d);
            break;
        }
        int len = g.snake.len;
        snake_game_tick(&g, d);
        trace_write_move(&tb, d);
        if (g.snake.len > len)
            trace_write_food(&tb, W, g.food);
    }
    trace_write_end(&tb, g.outcome, g.snake.len, g.steps);
    ck_assert_int_gt(g.steps, T);
    snake_ai_deinit(&ai);
    snake_game_deinit(&g);
    char path[] = "/tmp/ws_replay_XXXXXX.txt";
    int fd = mkstemps(path, 4);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(write(fd, tb.data, tb.len), (ssize_t)tb.len);
    close(fd);
    trace_buf_free(&tb);

    o.replay = path;
    o.replay_game = 5;
    o.replay_game_given = true;
    o.replay_tick = T;
    o.replay_tick_given = true;
    o.overlays = OVERLAY_HUD; /* nothing drawn over the snake */
    setenv("SDL_VIDEODRIVER", "dummy", 1);
    setenv("SDL_FRAMEBUFFER_ACCELERATION", "0", 1);
    ReplaySession session;
    ck_assert_msg(replay_session_open(&session, &o, &err) == WS_OK, "%s", err.msg);
    Frontend *app = NULL;
    WsError open_err = {0};
    ck_assert_msg(frontend_open_replay(&app, &o, &session, &open_err) == WS_OK, "%s", open_err.msg);
    ck_assert(frontend_is_paused(app));
    SDL_Surface *img = drive_shoot(app);
    long first, cur, last;
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_int_eq(cur, T);
    ck_assert_int_eq(last, session.history.ticks);
    ck_assert(same_color(cell_color(img, o.overlays, W, H, head), HEAD));
    ck_assert(same_color(cell_color(img, o.overlays, W, H, food), FOOD));
    for (int c = 0; c < W * H; c++) {
        SDL_Color got = cell_color(img, o.overlays, W, H, c);
        bool floor =
            same_color(got, (SDL_Color){PAL_BOARD.r, PAL_BOARD.g, PAL_BOARD.b, 255}) ||
            same_color(got, (SDL_Color){PAL_BOARD_ALT.r, PAL_BOARD_ALT.g, PAL_BOARD_ALT.b, 255});
        bool empty = c != head && c != food && !body[c];
        ck_assert_msg(floor == empty, "cell (%d, %d): %s, but the colour is %d %d %d", c % W, c / W,
                      empty ? "empty" : "taken", got.r, got.g, got.b);
    }
    SDL_FreeSurface(img);
    /* `,` goes one tick back, still paused. */
    drive_key(SDLK_COMMA, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_int_eq(cur, T - 1);
    frontend_close(app);
    replay_session_close(&session);
    unlink(path);
}
END_TEST

/* Whether the rectangle r of s has a pixel of colour c. */
static bool rect_has_color(SDL_Surface *s, PixRect r, SDL_Color c) {
    SDL_Surface *part = SDL_CreateRGBSurfaceWithFormat(0, r.w, r.h, 32, s->format->format);
    ck_assert_ptr_nonnull(part);
    SDL_Rect src = {r.x, r.y, r.w, r.h};
    ck_assert_int_eq(SDL_BlitSurface(s, &src, part, NULL), 0);
    bool found = has_color(part, c);
    SDL_FreeSurface(part);
    return found;
}

START_TEST(timeline_marks_the_eats) {
    /* Before the first eat the strip has no eat mark; after one it has. */
    Frontend *app = open_window_app();
    drive_key(SDLK_SPACE, KMOD_NONE);
    ck_assert(frontend_frame(app));
    FrameLayout fl;
    layout_frame(&fl, 640, 360, (frontend_overlays(app) & OVERLAY_HUD) != 0);
    SDL_Color eat = render_sdl_color(timeline_mark_color(TIMELINE_MARK_EAT));
    SDL_Surface *img = drive_shoot(app);
    ck_assert_msg(!rect_has_color(img, fl.timeline, eat), "an eat mark at tick 0");
    SDL_FreeSurface(img);
    drive_key(SDLK_SPACE, KMOD_NONE);
    drive_play_until(app, 60); /* a 10x10 greedy game eats within its first 60 ticks */
    drive_key(SDLK_SPACE, KMOD_NONE);
    ck_assert(frontend_frame(app));
    img = drive_shoot(app);
    ck_assert_msg(rect_has_color(img, fl.timeline, eat), "no eat mark after 60 ticks");
    SDL_FreeSurface(img);
    frontend_close(app);
}
END_TEST

/* ---- video semantics (docs/replay.md, "In the window") -------------------- */

START_TEST(a_fast_video_rebuilds_one_tick_a_frame) {
    /* At 1,000 ticks a second and frames 10 ms apart, a video plays about
     * ten kept ticks a frame with one seek to the last of them (only it is
     * drawn; rebuilding a tick's decision is what a seek costs), and stops
     * at none it should show: it reaches the latest tick and goes on live. */
    AppOptions o = small_opts();
    o.rules.w = o.rules.h = 20; /* greedy's first game there is thousands of ticks long */
    o.speed = 1000.0;
    Frontend *app = drive_open(&o);
    SnakeScreen *s = frontend_view_state(app);
    drive_play_until(app, 400);
    drive_key(SDLK_SPACE, KMOD_NONE);
    drive_key(SDLK_HOME, KMOD_NONE);
    ck_assert(frontend_frame(app));
    long first, cur, last;
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_int_eq(cur, 0);
    ck_assert_int_ge(last, 400);
    long seeks = s->seeks, ticks = frontend_tick_count(app);
    drive_key(SDLK_SPACE, KMOD_NONE);
    int frames = 0;
    for (; frames < 2000 && cur < last; frames++) {
        SDL_Delay(10);
        ck_assert(frontend_frame(app));
        ck_assert(frontend_time(app, &first, &cur, &last));
    }
    ck_assert_int_eq(cur, last);
    long played = frontend_tick_count(app) - ticks;
    ck_assert_int_ge(played, last);
    ck_assert_msg(s->seeks - seeks <= frames + 1, "%ld seeks in %d frames for %ld ticks",
                  s->seeks - seeks, frames, played);
    frontend_close(app);
}
END_TEST

START_TEST(an_unlimited_video_rebuilds_one_tick_a_frame) {
    /* The same at unlimited speed (--speed max): the kept ticks play with
     * one seek a frame, not one a tick, up to the latest tick, and then
     * the game goes on live. */
    AppOptions o = small_opts();
    o.rules.w = o.rules.h = 20;
    o.speed = 0.0; /* unlimited */
    Frontend *app = drive_open(&o);
    SnakeScreen *s = frontend_view_state(app);
    drive_play_until(app, 400);
    drive_key(SDLK_SPACE, KMOD_NONE);
    drive_key(SDLK_HOME, KMOD_NONE);
    ck_assert(frontend_frame(app));
    long first, cur, last;
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_int_eq(cur, 0);
    ck_assert_int_ge(last, 400);
    long seeks = s->seeks, kept = last;
    drive_key(SDLK_SPACE, KMOD_NONE);
    int frames = 0;
    for (; frames < 2000 && cur < kept; frames++) {
        ck_assert(frontend_frame(app));
        ck_assert(frontend_time(app, &first, &cur, &last));
    }
    ck_assert_int_ge(cur, kept);
    ck_assert_msg(s->seeks - seeks <= frames + 1, "%ld seeks in %d frames for %ld kept ticks",
                  s->seeks - seeks, frames, kept);
    for (int f = 0; f < 5; f++)
        ck_assert(frontend_frame(app));
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_msg(last > kept && cur == last, "no live ticks after the video (%ld of %ld)", cur,
                  last);
    frontend_close(app);
}
END_TEST

/* A counter that moves 4 ms a read: a frame's 10 ms tick budget (the
 * counter read once at its start, then before each tick) ends after two
 * ticks however fast the machine is. */
static uint64_t slow_now;
static uint64_t slow_counter(void) {
    slow_now += SDL_GetPerformanceFrequency() * 4 / 1000;
    return slow_now;
}

START_TEST(a_fixed_speed_drops_the_ticks_past_a_frames_budget) {
    /* At a fixed speed whose ticks take longer than a frame has (a slow
     * policy at a high speed), a frame makes the ticks its budget allows
     * and drops the rest, so the frames keep their pace; before, it made
     * every tick owed (thousands here) however long they took. */
    AppOptions o = small_opts();
    o.speed = 1000000.0; /* a tick a microsecond: every frame owes thousands */
    Frontend *app = drive_open(&o);
    /* Set before the first frame: no frame runs on the real clock, so the
     * game is a few ticks in and far from its end (whose result would hold
     * the ticks for two seconds). */
    frontend_set_counter(app, slow_counter);
    ck_assert(frontend_frame(app));
    for (int f = 0; f < 5; f++) {
        long before = frontend_tick_count(app);
        SDL_Delay(3);
        ck_assert(frontend_frame(app));
        long ran = frontend_tick_count(app) - before;
        ck_assert_msg(ran == 2, "frame %d: %ld ticks in a 10 ms budget of 4 ms ticks", f, ran);
    }
    /* Past the HUD's half second of measure, its speed line says that the
     * game runs slower than asked, and how fast. */
    SDL_Delay(510);
    ck_assert(frontend_frame(app));
    const char *text = frontend_frame_text(app);
    ck_assert_msg(strstr(text, "1000000/s,") != NULL && strstr(text, "only ") != NULL,
                  "the HUD does not say so:\n%s", text);
    /* The real clock back: the game plays on at the speed asked. */
    frontend_set_counter(app, NULL);
    long before = frontend_tick_count(app);
    SDL_Delay(3);
    ck_assert(frontend_frame(app));
    ck_assert_int_gt(frontend_tick_count(app) - before, 2);
    ck_assert(!frontend_is_paused(app));
    frontend_close(app);
}
END_TEST

START_TEST(a_speed_kept_up_with_is_all_the_speed_line_says) {
    /* A game that makes every tick the speed asks for (offscreen, every owed
     * tick is made) shows the speed alone, also while a game's result holds
     * the board and no tick is made: a rate measured beside it read 62 at
     * 60/s (a half second's 31 ticks), and "only 0" during the hold. */
    AppOptions o = small_sea_opts(60.0);
    o.screenshot = "/nonexistent/never-written.png"; /* offscreen; no shot is requested */
    Frontend *app = drive_open(&o);
    for (int i = 0; i < 400; i++) { /* 6.4 s of the offscreen clock */
        ck_assert(frontend_frame(app));
        const char *text = frontend_frame_text(app);
        ck_assert_msg(strstr(text, "60/s  [+/-]") != NULL && strstr(text, "ticks/s") == NULL,
                      "frame %d, tick %ld: the speed line:\n%s", i, frontend_tick_count(app), text);
    }
    /* A sea game takes at most 100 shots: one ended, and its result held. */
    ck_assert_int_gt(frontend_tick_count(app), 100);
    frontend_close(app);
}
END_TEST

START_TEST(space_at_a_past_tick_plays_the_recorded_ticks) {
    /* Space at a past tick plays the ticks kept, like a video: the latest
     * tick stays where it was until they run out (nothing is dropped, End
     * still shows the same latest tick), and then the game goes on live. */
    AppOptions o = small_opts();
    o.speed = 200.0;
    Frontend *app = drive_open(&o);
    drive_play_until(app, 30);
    drive_key(SDLK_SPACE, KMOD_NONE);
    ck_assert(frontend_frame(app));
    long first, cur, last;
    ck_assert(frontend_time(app, &first, &cur, &last));
    long n = last;
    SDL_Surface *latest = drive_shoot(app);
    drive_key(SDLK_HOME, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_int_eq(cur, 0);
    drive_key(SDLK_SPACE, KMOD_NONE);
    long prev = 0;
    for (int i = 0; i < 400 && cur < n / 2; i++) {
        SDL_Delay(2);
        ck_assert(frontend_frame(app));
        ck_assert(frontend_time(app, &first, &cur, &last));
        ck_assert_int_eq(last, n); /* the recorded ticks are kept */
        ck_assert_int_ge(cur, prev);
        prev = cur;
    }
    ck_assert_int_ge(cur, n / 2);
    ck_assert_msg(!frontend_is_paused(app), "paused at %ld of %ld: %s", cur, n,
                  frontend_status_text(app));
    drive_key(SDLK_SPACE, KMOD_NONE); /* pause in the middle: the ending is still there */
    ck_assert(frontend_frame(app));
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_int_eq(last, n);
    drive_key(SDLK_END, KMOD_NONE);
    SDL_Surface *end = drive_shoot(app);
    ck_assert_msg(same_pixels(latest, end), "End after playing back shows another latest tick");
    /* Run out of recorded ticks: the game goes on live. */
    drive_key(SDLK_SPACE, KMOD_NONE);
    for (int i = 0; i < 400 && last == n; i++) {
        SDL_Delay(2);
        ck_assert(frontend_frame(app));
        ck_assert(frontend_time(app, &first, &cur, &last));
    }
    ck_assert_int_gt(last, n);
    ck_assert_int_eq(cur, last);
    SDL_FreeSurface(latest);
    SDL_FreeSurface(end);
    frontend_close(app);
}
END_TEST

/* Writes `games` greedy games under `rules` (seeds 77, 78, ...; numbered 0,
 * 1, ...) as a trace to a fresh file named in path
 * ("/tmp/ws_video_XXXXXX.txt"), its game lines naming the policy `name`
 * (a replay shows that policy's decisions, and marks the moves that differ).
 * With `at_once`, each game goes one step right along the top row where
 * the start body lies, then up, off the board: dead at tick 2, for a test
 * that needs only a game's start (a greedy 30x30 game is 149,497 ticks: most of a minute to write
 * under the sanitizers). */
static void write_trace_as(char *path, const SnakeRules *rules, const char *name, int games,
                           bool at_once) {
    WsError err = {0};
    TraceBuf tb = {0};
    trace_write_header(&tb);
    for (int k = 0; k < games; k++) {
        SnakeGame g;
        SnakeAi ai;
        ck_assert_int_eq(snake_game_init(&g, rules, 77 + (uint64_t)k, &err), WS_OK);
        ck_assert_int_eq(
            snake_ai_init(&ai, rules->w, rules->h, SNAKE_POLICY_GREEDY, rules->strict_tail, &err),
            WS_OK);
        trace_write_start(&tb, &g, k, name);
        while (g.outcome == SNAKE_PLAYING) {
            Dir d = !at_once ? snake_ai_choose(&ai, &g) : g.steps == 0 ? DIR_RIGHT : DIR_UP;
            if (d == DIR_NONE) {
                snake_game_tick(&g, d);
                break;
            }
            int len = g.snake.len;
            snake_game_tick(&g, d);
            trace_write_move(&tb, d);
            if (g.snake.len > len)
                trace_write_food(&tb, rules->w, g.food);
        }
        trace_write_end(&tb, g.outcome, g.snake.len, g.steps);
        snake_ai_deinit(&ai);
        snake_game_deinit(&g);
    }
    int fd = mkstemps(path, 4);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(write(fd, tb.data, tb.len), (ssize_t)tb.len);
    close(fd);
    trace_buf_free(&tb);
}

static void write_trace(char *path, const SnakeRules *rules, const char *name, int games) {
    write_trace_as(path, rules, name, games, false);
}

/* write_trace of greedy games on 8x8, named greedy. */
static void write_greedy_trace(char *path, int games) {
    AppOptions o = small_opts();
    o.rules.w = o.rules.h = 8;
    write_trace(path, &o.rules, "greedy", games);
}

/* A replay of game 0 of a two-game trace at tick 5, at `speed` ticks/s, in
 * a w x h window. */
static Frontend *open_replay_sized(ReplaySession *session, char *path, double speed, int w, int h) {
    write_greedy_trace(path, 2);
    AppOptions o = small_opts();
    o.rules.w = o.rules.h = 8;
    o.window_w = w;
    o.window_h = h;
    o.speed = speed;
    o.replay = path;
    o.replay_game = 0;
    o.replay_game_given = true;
    o.replay_tick = 5;
    o.replay_tick_given = true;
    setenv("SDL_VIDEODRIVER", "dummy", 1);
    setenv("SDL_FRAMEBUFFER_ACCELERATION", "0", 1);
    WsError err = {0};
    ck_assert_msg(replay_session_open(session, &o, &err) == WS_OK, "%s", err.msg);
    Frontend *app = NULL;
    ck_assert_msg(frontend_open_replay(&app, &o, session, &err) == WS_OK, "%s", err.msg);
    ck_assert(frontend_is_paused(app));
    return app;
}

/* A replay of game 0 of a two-game trace at tick 5, at `speed` ticks/s. */
static Frontend *open_video_replay(ReplaySession *session, char *path, double speed) {
    return open_replay_sized(session, path, speed, 640, 360);
}

/* A software renderer on a w x h surface with the shipped font's text
 * cache: what the HUD and text tests draw on, no window. */
typedef struct Canvas {
    SDL_Surface *surf;
    SDL_Renderer *ren;
    TextCache *tc;
} Canvas;

static Canvas canvas_open(int w, int h) {
    Canvas cv = {0};
    cv.surf = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_RGBA32);
    ck_assert_ptr_nonnull(cv.surf);
    cv.ren = SDL_CreateSoftwareRenderer(cv.surf);
    ck_assert_ptr_nonnull(cv.ren);
    ck_assert_int_eq(TTF_Init(), 0);
    WsError err = {0};
    ck_assert_msg(text_create(&cv.tc, cv.ren, WS_ASSET_DIR "/fonts/DejaVuSansMono.ttf", &err) ==
                      WS_OK,
                  "%s", err.msg);
    return cv;
}

static void canvas_close(Canvas *cv) {
    text_destroy(cv->tc);
    TTF_Quit();
    SDL_DestroyRenderer(cv->ren);
    SDL_FreeSurface(cv->surf);
}

START_TEST(text_width_is_what_is_drawn) {
    /* Every fit (the caption's forms, the strip's items, the help's columns)
     * measures with text_width and then draws with text_draw: the two must
     * agree, or a "fitting" caption runs off the window (a 47-character
     * caption at 14 px measured 376 pixels and drew 396). */
    Canvas cv = canvas_open(1200, 100);
    TextCache *tc = cv.tc;
    static const char *const TEXTS[] = {"WON - board filled: length 100 / 100, 935 steps",
                                        "PAUSED  ·  TRAPPED - game over", "tick 712 of 722  (past)",
                                        "µs", "x"};
    SDL_Color white = {255, 255, 255, 255};
    for (int px = 6; px <= 40; px++)
        for (size_t i = 0; i < sizeof TEXTS / sizeof *TEXTS; i++) {
            int measured = text_width(tc, px, TEXTS[i]);
            int drawn = text_draw(tc, px, 0, 0, TEXT_LEFT, white, TEXTS[i]);
            ck_assert_msg(measured == drawn, "%d px '%s': measured %d, drawn %d", px, TEXTS[i],
                          measured, drawn);
        }
    canvas_close(&cv);
}
END_TEST

START_TEST(a_wrapped_hud_item_is_never_split_between_columns) {
    /* Two columns of three lines each. The second item fills the first
     * column's second line; the third wraps onto two lines, which fit on
     * the first column's last line only in half: it goes whole to the next
     * column. Before, its key and first line stayed at the bottom and its
     * second line went alone to the top of the next column (the sea's
     * "(mean 1245.6 us)" over a column with no key, after an engine's
     * traceback had filled the panel). */
    Canvas cv = canvas_open(800, 400);
    SDL_Renderer *ren = cv.ren;
    TextCache *tc = cv.tc;
    const int px = 14;
    int lh = text_line_height(tc, px) + px / 5; /* hud.c's line_h */
    int adv = text_advance(tc, px);
    /* A column of 30 characters: 10 for the keys, 18 for the values. */
    int col_w = 30 * adv + 2 * px;
    Hud hud;
    hud_begin(&hud, ren, tc, (PixRect){0, 0, 2 * col_w, px + 3 * lh}, px);
    hud_set_columns(&hud, 2);
    hud_kv(&hud, "one", PAL_TEXT, "a short value");
    hud_kv(&hud, "two", PAL_TEXT, "a short value");
    ck_assert_int_eq(hud.col, 0);
    ck_assert_int_eq(hud.y, px + 2 * lh);
    hud_kv(&hud, "three", PAL_TEXT, "sampler 980.1 us (mean 1078.0 us)");
    ck_assert_int_eq(hud.col, 1);
    ck_assert_msg(hud.y == px + 2 * lh, "the item's lines end at y %d in column 1, not %d", hud.y,
                  px + 2 * lh);
    ck_assert_int_eq(hud.dropped, 0);
    canvas_close(&cv);
}
END_TEST

START_TEST(the_fleet_afloat_stays_in_one_column) {
    /* The sea's "afloat" rows, one a ship length, met three lines from the
     * bottom of a column: before, three stayed there and the fourth went to
     * the next place alone, under the board in the sea window ("3/4" with
     * no key over it). Now the four go there together. */
    Canvas cv = canvas_open(800, 400);
    SDL_Renderer *ren = cv.ren;
    TextCache *tc = cv.tc;
    const int px = 14;
    int lh = text_line_height(tc, px) + px / 5; /* hud.c's line_h */
    int col_w = 30 * text_advance(tc, px) + 2 * px;
    Hud hud;
    hud_begin(&hud, ren, tc, (PixRect){0, 0, 2 * col_w, 2 * px + 5 * lh}, px);
    hud_set_columns(&hud, 2);
    hud_kv(&hud, "one", PAL_TEXT, "a short value");
    hud_kv(&hud, "two", PAL_TEXT, "a short value");
    ck_assert_int_eq(hud.col, 0);
    SeaLeft left = {.count = {0, 4, 3, 2, 1}, .ships = 10};
    sea_draw_hud_fleet(&hud, &left);
    ck_assert_int_eq(hud.col, 1);
    ck_assert_msg(hud.y == px + SEA_MAX_LEN * lh, "the rows end at y %d in column 1, not %d", hud.y,
                  px + SEA_MAX_LEN * lh);
    ck_assert_int_eq(hud.dropped, 0);
    canvas_close(&cv);
}
END_TEST

/* Whether the HUD's last frame drew the item `key` (frontend_hud_keys). */
static bool hud_shows(const Frontend *app, const char *key) {
    char want[64];
    snprintf(want, sizeof want, "%s;", key);
    const char *keys = frontend_hud_keys(app);
    for (const char *at = strstr(keys, want); at != NULL; at = strstr(at + 1, want))
        if (at == keys || at[-1] == ';')
            return true;
    return false;
}

/* Opens o's mode in a 320x240 window, draws a frame, presses key and draws
 * two more (the key's effect, then a frame of it settled). */
static Frontend *open_320x240_after_key(AppOptions *o, SDL_Keycode key) {
    o->window_w = 320;
    o->window_h = 240;
    Frontend *app = drive_open(o);
    ck_assert(frontend_frame(app));
    drive_key(key, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert(frontend_frame(app));
    return app;
}

START_TEST(a_narrow_column_cuts_no_word_in_two) {
    /* At 320x240 with I the arena's panel goes on under the board in a column
     * too narrow for "autopilot" beside the key "pilot": the value goes under
     * the key, whole, rather than "autopi" / "lot". */
    AppOptions o;
    options_defaults(&o, APP_MODE_ARENA, 42);
    o.seed_given = true;
    Frontend *app = open_320x240_after_key(&o, SDLK_i);
    ck_assert_msg(hud_shows(app, "pilot"), "no pilot line: %s", frontend_hud_keys(app));
    ck_assert_msg(strstr(frontend_frame_text(app), "autopilot") != NULL, "the frame drew:\n%s",
                  frontend_frame_text(app));
    frontend_close(app);
}
END_TEST

START_TEST(every_size_shows_the_tick_and_the_reason) {
    /* A person watching a replay or a live game sees where they are, why
     * the AI moves and what the colours mean, in a 400x300 strip as in a
     * 1280x720 panel. */
    static const int SIZES[][2] = {{400, 300}, {600, 1000}, {1280, 720}, {1600, 400}};
    for (size_t i = 0; i < sizeof SIZES / sizeof *SIZES; i++) {
        char path[] = "/tmp/ws_sizes_XXXXXX.txt";
        ReplaySession session;
        Frontend *app = open_replay_sized(&session, path, 15.0, SIZES[i][0], SIZES[i][1]);
        for (int f = 0; f < 3; f++)
            ck_assert(frontend_frame(app));
        static const char *const REPLAY[] = {"tick", "game", "policy", "reason", "legend"};
        for (size_t k = 0; k < sizeof REPLAY / sizeof *REPLAY; k++)
            ck_assert_msg(hud_shows(app, REPLAY[k]), "replay %dx%d: no %s in %s", SIZES[i][0],
                          SIZES[i][1], REPLAY[k], frontend_hud_keys(app));
        frontend_close(app);
        replay_session_close(&session);
        unlink(path);

        AppOptions o = small_opts();
        o.window_w = SIZES[i][0];
        o.window_h = SIZES[i][1];
        app = drive_open(&o);
        for (int f = 0; f < 5; f++)
            ck_assert(frontend_frame(app));
        static const char *const LIVE[] = {"tick", "policy", "reason", "legend"};
        for (size_t k = 0; k < sizeof LIVE / sizeof *LIVE; k++)
            ck_assert_msg(hud_shows(app, LIVE[k]), "live %dx%d: no %s in %s", SIZES[i][0],
                          SIZES[i][1], LIVE[k], frontend_hud_keys(app));
        frontend_close(app);
    }
}
END_TEST

START_TEST(every_size_shows_the_arena_layers_range) {
    /* The arena's layer is a colour ramp whose legend gives the map's
     * min/max (docs/arena.md, Screenshots): in the 320x240 and 400x300
     * strips as in the 1280x720 panel, not only the ramp and its name. */
    static const int SIZES[][2] = {{320, 240}, {400, 300}, {1280, 720}};
    for (size_t i = 0; i < sizeof SIZES / sizeof *SIZES; i++) {
        AppOptions o = small_opts();
        options_defaults(&o, APP_MODE_ARENA, 42);
        o.seed_given = true;
        o.window_w = SIZES[i][0];
        o.window_h = SIZES[i][1];
        Frontend *app = drive_open(&o);
        for (int f = 0; f < 3; f++)
            ck_assert(frontend_frame(app));
        ck_assert(frontend_overlays(app) & OVERLAY_HEATMAP);
        ck_assert_msg(hud_shows(app, "range"), "arena %dx%d: no range in %s", SIZES[i][0],
                      SIZES[i][1], frontend_hud_keys(app));
        frontend_close(app);
    }
}
END_TEST

START_TEST(the_arena_times_no_tick_before_the_first) {
    /* The HUD's tick time before any tick (paused at tick 0) has no figure:
     * "-", not a measured-looking "0.0 µs"; one tick (N) gives it one. */
    AppOptions o = small_opts();
    options_defaults(&o, APP_MODE_ARENA, 42);
    o.seed_given = true;
    o.window_w = 1280; /* a panel with room for the line */
    o.window_h = 720;
    Frontend *app = drive_open(&o);
    drive_key(SDLK_SPACE, KMOD_NONE); /* paused before the first frame can tick */
    ck_assert(frontend_frame(app));
    ck_assert(frontend_is_paused(app));
    ck_assert_int_eq(frontend_tick_count(app), 0);
    const char *text = frontend_frame_text(app), *at = strstr(text, "tick time\n");
    ck_assert_msg(at != NULL && strncmp(at, "tick time\n-\n", 12) == 0,
                  "tick 0: the tick time is not '-': %s", at != NULL ? at : text);
    drive_key(SDLK_n, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert_int_eq(frontend_tick_count(app), 1);
    text = frontend_frame_text(app);
    at = strstr(text, "tick time\n");
    ck_assert_msg(at != NULL && strstr(at, " µs  (mean ") != NULL, "tick 1: no tick time: %s",
                  at != NULL ? at : text);
    frontend_close(app);
}
END_TEST

START_TEST(a_replay_plays_its_ticks_and_pauses_on_the_last) {
    /* Space in a replay plays the recorded ticks, keeps them all, and
     * pauses on the last one (the recorded ending is seen, never replaced). */
    char path[] = "/tmp/ws_video_XXXXXX.txt";
    ReplaySession session;
    Frontend *app = open_video_replay(&session, path, 500.0);
    long first, cur, last;
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_int_eq(cur, 5);
    long n = last;
    ck_assert_int_eq(n, session.history.ticks);
    drive_key(SDLK_SPACE, KMOD_NONE);
    for (int i = 0; i < 2000 && !(i > 0 && frontend_is_paused(app)); i++) {
        SDL_Delay(1);
        ck_assert(frontend_frame(app));
        ck_assert(frontend_time(app, &first, &cur, &last));
        ck_assert_int_eq(last, n);
    }
    ck_assert(frontend_is_paused(app));
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_int_eq(cur, n);
    ck_assert_int_eq(last, n);
    /* Space again at the end: it stays (a replay never plays on by itself). */
    drive_key(SDLK_SPACE, KMOD_NONE);
    for (int i = 0; i < 5; i++)
        ck_assert(frontend_frame(app));
    ck_assert(frontend_is_paused(app));
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_int_eq(last, n);
    frontend_close(app);
    replay_session_close(&session);
    unlink(path);
}
END_TEST

START_TEST(a_in_a_replay_plays_on_from_here) {
    /* A at a past tick of a replay branches: the recorded ticks after it
     * go and the AI plays on live from there. */
    char path[] = "/tmp/ws_video_XXXXXX.txt";
    ReplaySession session;
    Frontend *app = open_video_replay(&session, path, 30.0);
    long first, cur, last;
    ck_assert(frontend_time(app, &first, &cur, &last));
    long n = last;
    ck_assert_int_gt(n, 20);
    drive_key(SDLK_a, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_msg(last < n, "A did not drop the recorded ticks (last %ld of %ld)", last, n);
    ck_assert_int_eq(cur, last);
    ck_assert(!frontend_is_paused(app));
    ck_assert_msg(strstr(frontend_status_text(app), "plays on from tick 5") != NULL, "status: %s",
                  frontend_status_text(app));
    frontend_close(app);
    replay_session_close(&session);
    unlink(path);
}
END_TEST

START_TEST(brackets_open_the_other_game_paused) {
    /* `]` pressed while the replay plays opens the next game at its default
     * tick, paused; `[` the same for the previous one. */
    char path[] = "/tmp/ws_video_XXXXXX.txt";
    ReplaySession session;
    Frontend *app = open_video_replay(&session, path, 60.0);
    drive_key(SDLK_SPACE, KMOD_NONE);
    for (int i = 0; i < 3; i++) {
        SDL_Delay(20);
        ck_assert(frontend_frame(app));
    }
    ck_assert(!frontend_is_paused(app));
    drive_key(SDLK_RIGHTBRACKET, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert_int_eq(session.current, 1);
    ck_assert(frontend_is_paused(app));
    long first, cur, last;
    for (int i = 0; i < 5; i++) {
        SDL_Delay(20);
        ck_assert(frontend_frame(app));
    }
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_int_eq(cur, session.tick);
    ck_assert_int_eq(last, session.history.ticks);
    drive_key(SDLK_SPACE, KMOD_NONE);
    ck_assert(frontend_frame(app));
    drive_key(SDLK_LEFTBRACKET, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert_int_eq(session.current, 0);
    ck_assert(frontend_is_paused(app));
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_int_eq(cur, session.tick);
    frontend_close(app);
    replay_session_close(&session);
    unlink(path);
}
END_TEST

START_TEST(i_in_a_small_window_gives_the_bigger_hud) {
    /* 400x300 shows the HUD as a strip whose hint says "I bigger HUD": I
     * gives the panel, then the strip, then hides it. */
    AppOptions o = small_opts();
    o.window_w = 400;
    o.window_h = 300;
    Frontend *app = drive_open(&o);
    ck_assert(frontend_frame(app));
    static const char *const NEXT[] = {"a panel", "a strip", "hidden", "a panel"};
    for (int i = 0; i < 4; i++) {
        drive_key(SDLK_i, KMOD_NONE);
        ck_assert(frontend_frame(app));
        ck_assert_msg(strstr(frontend_status_text(app), NEXT[i]) != NULL, "I #%d: %s", i + 1,
                      frontend_status_text(app));
    }
    frontend_close(app);
}
END_TEST

/* Whether the last frame drew the notice `want` whole, in lines each at
 * most `max_w` pixels wide at px (measured with the shipped font): the lines
 * of the frame's text (frontend_frame_text) that, one after the other, spell
 * it out (the spaces at a line's end dropped). */
static bool notice_drawn_whole(const Frontend *app, const char *want, int px, int max_w) {
    SDL_Surface *surf = SDL_CreateRGBSurfaceWithFormat(0, 16, 16, 32, SDL_PIXELFORMAT_RGBA32);
    SDL_Renderer *ren = SDL_CreateSoftwareRenderer(surf);
    TextCache *tc = NULL;
    WsError err = {0};
    ck_assert_msg(text_create(&tc, ren, WS_ASSET_DIR "/fonts/DejaVuSansMono.ttf", &err) == WS_OK,
                  "%s", err.msg);
    const char *text = frontend_frame_text(app);
    size_t pos = 0, len = strlen(want);
    bool whole = false;
    for (const char *line = text; *line != '\0' && !whole;) {
        const char *nl = strchr(line, '\n');
        size_t n = nl != NULL ? (size_t)(nl - line) : strlen(line);
        char buf[256];
        snprintf(buf, sizeof buf, "%.*s", (int)n, line);
        bool fits = text_width(tc, px, buf) <= max_w;
        if (pos > 0 && !(n > 0 && strncmp(want + pos, line, n) == 0 && fits))
            pos = 0; /* not the next piece: maybe a first one */
        if (pos == 0 && n >= 4 && strncmp(want, line, n) == 0 && fits)
            pos = n;
        else if (pos > 0 && pos < len && strncmp(want + pos, line, n) == 0)
            pos += n;
        while (pos > 0 && want[pos] == ' ')
            pos++;
        whole = pos == len;
        line += n + (nl != NULL);
    }
    text_destroy(tc);
    SDL_DestroyRenderer(ren);
    SDL_FreeSurface(surf);
    return whole;
}

START_TEST(a_long_notice_wraps_in_a_small_window) {
    /* At 320x240 the HUD is a strip, and with I three times it is hidden (a
     * box at the bottom): a notice wider than the window (D on cells too
     * small for numbers, 80 characters) is wrapped there, never cut at the
     * window's edge. The strip's text is LAYOUT_HUD_MIN_PX high. */
    AppOptions o = small_opts();
    o.rules.w = 64;
    o.rules.h = 64;
    o.window_w = 320;
    o.window_h = 240;
    Frontend *app = drive_open(&o);
    ck_assert(frontend_frame(app));
    for (int hud = 0; hud < 2; hud++) {
        drive_key(SDLK_d, KMOD_NONE);
        ck_assert(frontend_frame(app));
        ck_assert(frontend_frame(app));
        const char *st = frontend_status_text(app);
        ck_assert_msg(strstr(st, "numbers need") != NULL, "status: %s", st);
        ck_assert_int_gt((int)strlen(st), 60);
        ck_assert_msg(notice_drawn_whole(app, st, LAYOUT_HUD_MIN_PX, 320 - LAYOUT_HUD_MIN_PX / 2),
                      "%s: the notice '%s' is not drawn whole; the frame drew:\n%s",
                      hud == 0 ? "strip" : "hidden HUD", st, frontend_frame_text(app));
        for (int i = 0; i < 3; i++) { /* a panel, a strip, hidden */
            drive_key(SDLK_i, KMOD_NONE);
            ck_assert(frontend_frame(app));
        }
        ck_assert(!(frontend_overlays(app) & OVERLAY_HUD));
        drive_key(SDLK_d, KMOD_NONE); /* D back off: the next D says it again */
    }
    frontend_close(app);
}
END_TEST

START_TEST(the_help_wraps_in_a_small_window) {
    /* At 320x240 the help box is 316 pixels wide even at its smallest font
     * (LAYOUT_READ_MIN_PX): what Space does (63 characters) wraps onto the
     * rows under it, each inside the box beside the key column (at least 60
     * pixels), rather than being cut at the box's edge. */
    AppOptions o = small_opts();
    Frontend *app = open_320x240_after_key(&o, SDLK_F1);
    const char *space = "pause / play (at a past tick: the recorded ticks, like a video)";
    ck_assert_msg(
        notice_drawn_whole(app, space, LAYOUT_READ_MIN_PX, 320 - 8 - 2 * LAYOUT_READ_MIN_PX - 60),
        "the help drew:\n%s", frontend_frame_text(app));
    frontend_close(app);
}
END_TEST

START_TEST(a_narrow_panel_titles_with_the_mode_alone) {
    /* The title line ends with the recording mark's dot (C): a panel too
     * narrow for "wavesnake · snake" and the dot (320x240 with I: 160 pixels)
     * shows "snake", so the dot is never drawn over the title. */
    AppOptions o = small_opts();
    Frontend *app = open_320x240_after_key(&o, SDLK_i);
    const char *text = frontend_frame_text(app);
    ck_assert_msg(strstr(text, "wavesnake · snake") == NULL && strncmp(text, "snake\n", 6) != 0 &&
                      strstr(text, "\nsnake\n") != NULL,
                  "320x240 panel drew:\n%s", text);
    frontend_close(app);
    o.window_w = 1280;
    o.window_h = 720;
    app = drive_open(&o);
    ck_assert(frontend_frame(app));
    ck_assert_msg(strstr(frontend_frame_text(app), "wavesnake · snake\n") != NULL, "1280x720: %s",
                  frontend_frame_text(app));
    frontend_close(app);
}
END_TEST

/* ---- time travel in the arena and the sea -------------------------------- */

static Frontend *open_mode_app(AppMode mode) {
    AppOptions o = small_opts();
    options_defaults(&o, mode, 42);
    o.seed_given = true;
    o.window_w = 640;
    o.window_h = 360;
    /* Slow enough that a frame on a loaded machine plays a few ticks, not a
     * whole sea game (at 1000/s a slow frame once ended it: tick 1 of the next). */
    o.speed = 100.0;
    return drive_open(&o);
}

static const AppMode TRAVEL_MODES[] = {APP_MODE_ARENA, APP_MODE_SEA};

/* Plays at least `ticks` ticks, pauses, and returns the latest tick (on screen). */
static long play_and_pause(Frontend *app, long ticks) {
    drive_play_until(app, ticks);
    drive_key(SDLK_SPACE, KMOD_NONE);
    ck_assert(frontend_frame(app));
    long first = -1, cur = -1, last = -1;
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_int_eq(cur, last);
    ck_assert(frontend_is_paused(app));
    return cur;
}

/* Paused at tick T: the board and every overlay on it. Five new ticks, then
 * five back: the same pixels, rebuilt by the core (arena: its maps, state
 * labels, step arrows; sea: heatmap, numbers, the ringed next shot). */
START_TEST(a_past_tick_shows_what_was_computed_there) {
    Frontend *app = open_mode_app(TRAVEL_MODES[_i]);
    drive_key(SDLK_d, KMOD_NONE); /* numbers on: every value of the map is drawn */
    long t = play_and_pause(app, 8);
    long first = -1, cur = -1, last = -1;
    SDL_Surface *then = drive_shoot(app);
    FrameLayout fl = frontend_frame_layout(app); /* the board area the view kept */
    for (int i = 0; i < 5; i++)
        drive_key(SDLK_PERIOD, KMOD_NONE); /* at the latest tick: new ticks */
    SDL_Surface *later = drive_shoot(app);
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_int_eq(cur, t + 5);
    ck_assert_int_eq(last, t + 5);
    ck_assert_msg(!drive_same_board(then, later, fl.board_area), "five ticks later looks the same");
    for (int i = 0; i < 5; i++)
        drive_key(SDLK_COMMA, KMOD_NONE);
    SDL_Surface *back = drive_shoot(app);
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_int_eq(cur, t);
    ck_assert_int_eq(last, t + 5);
    ck_assert_msg(drive_same_board(then, back, fl.board_area),
                  "%s: tick %ld rebuilt is not the tick %ld first shown",
                  TRAVEL_MODES[_i] == APP_MODE_ARENA ? "arena" : "sea", t, t);
    /* Home goes to the first tick kept; Space there plays on. */
    drive_key(SDLK_HOME, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_int_eq(cur, first);
    drive_key(SDLK_PERIOD, KMOD_NONE); /* a past tick: a seek, nothing dropped */
    ck_assert(frontend_frame(app));
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_int_eq(cur, first + 1);
    ck_assert_int_eq(last, t + 5);
    /* Space there plays the recorded ticks, then goes on live. */
    drive_key(SDLK_SPACE, KMOD_NONE);
    for (int i = 0; i < 2000 && last == t + 5; i++) {
        SDL_Delay(2);
        ck_assert(frontend_frame(app));
        ck_assert(frontend_time(app, &first, &cur, &last));
        ck_assert_int_ge(last, t + 5); /* never dropped */
    }
    ck_assert_int_eq(cur, last);
    ck_assert_int_gt(last, t + 5);
    SDL_FreeSurface(then);
    SDL_FreeSurface(later);
    SDL_FreeSurface(back);
    frontend_close(app);
}
END_TEST

/* Tab during a game branches (docs/replay.md, "Tab"): at a past tick T the
 * later ticks go and the next policy plays on from T, live; the ticks before
 * T keep the old policy (its AI, its overlays: the same board pixels as
 * before the Tab). At the latest tick the game is not started again either:
 * the next policy plays on from there. */
START_TEST(tab_at_a_past_tick_branches_to_the_next_policy) {
    AppOptions o = small_opts();
    o.speed = 200.0;
    Frontend *app = drive_open(&o);
    drive_key(SDLK_d, KMOD_NONE); /* numbers on: more of the decision is drawn */
    long n = play_and_pause(app, 40);
    const SnakeScreen *s = frontend_view_state(app); /* the snake view's state begins with it */
    FrameLayout fl;
    layout_frame(&fl, 640, 360, (frontend_overlays(app) & OVERLAY_HUD) != 0);
    ck_assert_int_eq(s->policy, SNAKE_POLICY_GREEDY);
    long game = s->game_index;
    long t = n - 10;
    for (int i = 0; i < 11; i++)
        drive_key(SDLK_COMMA, KMOD_NONE);
    SDL_Surface *before = drive_shoot(app); /* tick t - 1, greedy's */
    drive_key(SDLK_PERIOD, KMOD_NONE);
    ck_assert(frontend_frame(app));
    long first = -1, cur = -1, last = -1;
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_int_eq(cur, t);
    ck_assert_int_eq(last, n);
    drive_key(SDLK_TAB, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_int_eq(s->game_index, game); /* the same game, not started again */
    ck_assert_int_eq(cur, t);
    ck_assert_int_eq(last, t); /* the later ticks are dropped, the earlier kept */
    ck_assert_int_eq(s->policy, SNAKE_POLICY_HAMILTON);
    ck_assert_int_eq(s->ai.policy, SNAKE_POLICY_HAMILTON);
    ck_assert_int_eq(s->hist->nchanges, 1);
    ck_assert_int_eq(s->hist->changes[0].tick, t);
    ck_assert_msg(strstr(frontend_status_text(app), "hamilton from tick") != NULL, "status: %s",
                  frontend_status_text(app));
    /* Live from there with hamilton: '.' at the latest tick plays a new one. */
    for (int i = 0; i < 10; i++)
        drive_key(SDLK_PERIOD, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_int_eq(last, t + 10);
    ck_assert_int_eq(cur, last);
    ck_assert_int_eq(snake_history_policy_at(s->hist, last), SNAKE_POLICY_HAMILTON);
    ck_assert_int_eq(s->policy, SNAKE_POLICY_HAMILTON);
    /* Back before t: greedy's tick, as it was shown before the Tab. */
    for (int i = 0; i < 11; i++)
        drive_key(SDLK_COMMA, KMOD_NONE);
    SDL_Surface *after = drive_shoot(app);
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_int_eq(cur, t - 1);
    ck_assert_int_eq(last, t + 10);
    ck_assert_int_eq(s->policy, SNAKE_POLICY_GREEDY);
    ck_assert_int_eq(s->ai.policy, SNAKE_POLICY_GREEDY);
    ck_assert_msg(drive_same_board(before, after, fl.board_area),
                  "tick %ld after the branch is not greedy's tick as first shown", t - 1);
    drive_key(SDLK_PERIOD, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert_int_eq(s->policy, SNAKE_POLICY_HAMILTON);
    /* Tab at the latest tick: perfect plays on from it, nothing dropped. */
    drive_key(SDLK_END, KMOD_NONE);
    drive_key(SDLK_TAB, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_int_eq(s->game_index, game);
    ck_assert_int_eq(cur, t + 10);
    ck_assert_int_eq(last, t + 10);
    ck_assert_int_eq(s->policy, SNAKE_POLICY_PERFECT);
    ck_assert_int_eq(s->hist->nchanges, 2);
    drive_key(SDLK_PERIOD, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_int_eq(last, t + 11);
    ck_assert_int_eq(snake_history_policy_at(s->hist, t + 9), SNAKE_POLICY_HAMILTON);
    ck_assert_int_eq(snake_history_policy_at(s->hist, t + 11), SNAKE_POLICY_PERFECT);
    SDL_FreeSurface(before);
    SDL_FreeSurface(after);
    frontend_close(app);
}
END_TEST

/* The first `want` empty cells (neither snake nor food nor wall), from the
 * bottom row up, each row from the left: where a click puts a wall. */
static int empty_cells(const SnakeGame *g, int *cells, int want) {
    int n = 0, w = g->rules.w;
    for (int y = g->rules.h - 1; y >= 0; y--)
        for (int x = 0; x < w && n < want; x++) {
            int cell = y * w + x;
            if (!snake_occupies(&g->snake, cell) && cell != g->food && !g->walls[cell])
                cells[n++] = cell;
        }
    return n;
}

/* A look at a past tick changes nothing: Enter or R there starts the next
 * game from the latest tick's walls and policy, as at the latest tick
 * (docs/replay.md, "Changing the past"). Walls clicked at the end of a
 * finished game are for the next game too, and a seek away and back keeps
 * them on screen. */
START_TEST(a_look_at_the_past_does_not_change_the_next_game) {
    AppOptions o = small_opts();
    o.speed = 200.0;
    Frontend *app = drive_open(&o);
    play_and_pause(app, 20);
    const SnakeScreen *s = frontend_view_state(app); /* the snake view's state begins with it */
    FrameLayout fl;
    layout_frame(&fl, 640, 360, (frontend_overlays(app) & OVERLAY_HUD) != 0);
    BoardLayout bl;
    layout_board(&bl, fl.board_area, 10, 10);
    SDL_FreeSurface(drive_shoot(app)); /* a frame drawn: the view knows its layout */
    int cells[2];
    ck_assert_int_eq(empty_cells(&s->game, cells, 2), 2);
    for (int k = 0; k < 2; k++) {
        int px, py;
        layout_cell_center(&bl, cells[k] % 10, cells[k] / 10, &px, &py);
        push_left_click(px, py);
    }
    drive_key(SDLK_TAB, KMOD_NONE); /* hamilton from this tick on */
    for (int i = 0; i < 3; i++)
        drive_key(SDLK_PERIOD, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert_int_eq(s->game.wall_count, 2);
    ck_assert_int_eq(s->policy, SNAKE_POLICY_HAMILTON);
    long game = s->game_index;
    /* Home: tick 0, greedy's, without walls; Enter there. */
    drive_key(SDLK_HOME, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert_int_eq(s->game.wall_count, 0);
    ck_assert_int_eq(s->policy, SNAKE_POLICY_GREEDY);
    drive_key(SDLK_RETURN, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert_int_eq(s->game_index, game + 1);
    ck_assert_int_eq(s->game.steps, 0);
    ck_assert_msg(s->game.wall_count == 2 && s->game.walls[cells[0]] && s->game.walls[cells[1]],
                  "the next game has %d walls, not the 2 of the latest tick", s->game.wall_count);
    ck_assert_int_eq(s->policy, SNAKE_POLICY_HAMILTON);
    ck_assert_int_eq(s->ai.policy, SNAKE_POLICY_HAMILTON);
    /* R at a past tick: a wall clicked at tick 3 of this game, then Home. */
    for (int i = 0; i < 3; i++)
        drive_key(SDLK_PERIOD, KMOD_NONE);
    ck_assert(frontend_frame(app));
    int third = -1;
    for (int c = 0; c < 100 && third < 0; c++)
        if (!snake_occupies(&s->game.snake, c) && c != s->game.food && !s->game.walls[c])
            third = c;
    int px, py;
    layout_cell_center(&bl, third % 10, third / 10, &px, &py);
    push_left_click(px, py);
    ck_assert(frontend_frame(app));
    ck_assert_int_eq(s->game.wall_count, 3);
    drive_key(SDLK_HOME, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert_int_eq(s->game.wall_count, 2);
    drive_key(SDLK_r, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert_int_eq(s->game_index, game + 1);
    ck_assert_msg(s->game.wall_count == 3 && s->game.walls[third],
                  "R: the game again has %d walls, not the 3 of the latest tick",
                  s->game.wall_count);
    frontend_close(app);

    /* A finished game (6x6, strict tail, seed 20: dead at tick 252, three
     * cells empty): a wall clicked at its end, a seek back and End again. */
    o = small_opts();
    o.rules.w = o.rules.h = 6;
    o.rules.strict_tail = true;
    o.seed = 20;
    o.pause_on_end = true;
    app = drive_open(&o);
    s = frontend_view_state(app);
    for (int i = 0; i < 4000 && !s->over; i++) {
        ck_assert(frontend_frame(app));
        SDL_Delay(5);
    }
    ck_assert_msg(s->over && s->game.outcome == SNAKE_DEAD, "the 6x6 game did not end dead");
    ck_assert(frontend_is_paused(app));
    long end = s->cur;
    ck_assert_int_eq(empty_cells(&s->game, cells, 1), 1);
    layout_frame(&fl, 640, 360, (frontend_overlays(app) & OVERLAY_HUD) != 0);
    layout_board(&bl, fl.board_area, 6, 6);
    layout_cell_center(&bl, cells[0] % 6, cells[0] / 6, &px, &py);
    push_left_click(px, py);
    ck_assert(frontend_frame(app));
    ck_assert(s->game.walls[cells[0]]);
    drive_key(SDLK_COMMA, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert(!s->game.walls[cells[0]]); /* not in the game's history */
    drive_key(SDLK_END, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert_int_eq(s->cur, end);
    ck_assert_msg(s->game.walls[cells[0]], "the wall clicked at the end is gone after a seek");
    drive_key(SDLK_COMMA, KMOD_NONE);
    drive_key(SDLK_RETURN, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert_msg(s->game.steps == 0 && s->game.walls[cells[0]],
                  "the next game lost the wall clicked at the end");
    frontend_close(app);
}
END_TEST

/* A game played by two policies counts for the one that finished it, and
 * a branch before its end takes the result back out (docs/replay.md, "Tab"). */
START_TEST(a_switched_game_counts_for_the_policy_that_finished_it) {
    AppOptions o = small_opts();
    o.speed = 200.0;
    Frontend *app = drive_open(&o);
    play_and_pause(app, 20);
    const SnakeScreen *s = frontend_view_state(app);
    long game = s->game_index;
    drive_key(SDLK_TAB, KMOD_NONE); /* hamilton from here */
    drive_key(SDLK_TAB, KMOD_NONE); /* perfect instead, at the same tick */
    ck_assert(frontend_frame(app));
    ck_assert_int_eq(s->policy, SNAKE_POLICY_PERFECT);
    ck_assert_int_eq(s->hist->nchanges, 1);
    drive_key(SDLK_e, KMOD_NONE); /* stop at the end */
    for (int i = 0; i < 40; i++)
        drive_key(SDLK_PLUS, KMOD_NONE); /* unlimited */
    drive_key(SDLK_SPACE, KMOD_NONE);
    for (int i = 0; i < 20000 && !s->over; i++) {
        SDL_Delay(1);
        ck_assert(frontend_frame(app));
    }
    ck_assert_msg(s->over, "the game did not end");
    ck_assert_int_eq(s->game_index, game);
    ck_assert_int_eq(s->stats[SNAKE_POLICY_PERFECT].played, 1);
    ck_assert_int_eq(s->stats[SNAKE_POLICY_GREEDY].played, 0);
    ck_assert_int_eq(s->stats[SNAKE_POLICY_HAMILTON].played, 0);
    /* Back to tick 0 (greedy's) and Tab: a branch before the end, the
     * result goes out of perfect's figures, not greedy's. */
    drive_key(SDLK_HOME, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert_int_eq(s->policy, SNAKE_POLICY_GREEDY);
    drive_key(SDLK_TAB, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert_int_eq(s->policy, SNAKE_POLICY_HAMILTON);
    ck_assert_int_eq(s->hist->ticks, 0);
    ck_assert_int_eq(s->hist->nchanges, 1); /* hamilton from 0; perfect's change is gone */
    ck_assert_int_eq(s->stats[SNAKE_POLICY_PERFECT].played, 0);
    ck_assert_int_eq(s->stats[SNAKE_POLICY_GREEDY].played, 0);
    ck_assert(!s->over);
    frontend_close(app);
}
END_TEST

/* A mouse edit at a past tick plays on from there: the later ticks go, the
 * edit is the new latest state (the default map is 40x20; its corner is a
 * wall nobody stands on, so the click always takes). */
START_TEST(an_arena_edit_at_a_past_tick_drops_the_later_ticks) {
    Frontend *app = open_mode_app(APP_MODE_ARENA);
    play_and_pause(app, 12);
    for (int i = 0; i < 6; i++)
        drive_key(SDLK_COMMA, KMOD_NONE);
    ck_assert(frontend_frame(app));
    long first, cur, last;
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_int_eq(cur, last - 6);
    long past = cur;
    FrameLayout fl = frontend_frame_layout(app);
    BoardLayout bl;
    layout_board(&bl, fl.board_area, 40, 20);
    PixRect corner = layout_cell_rect(&bl, 0, 0);
    push_left_click(corner.x + corner.w / 2, corner.y + corner.h / 2);
    ck_assert(frontend_frame(app));
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_int_eq(cur, past);
    ck_assert_int_eq(last, past); /* the six later ticks are gone */
    ck_assert(frontend_is_paused(app));
    frontend_close(app);
}
END_TEST

START_TEST(an_arena_arrow_at_a_past_tick_drops_the_later_ticks) {
    /* An arrow key at a past tick is a change there too (docs/arena.md,
     * "Rewinding"): the later ticks go, and the next tick is the steered
     * one, not the kept one. */
    Frontend *app = open_mode_app(APP_MODE_ARENA);
    play_and_pause(app, 12);
    for (int i = 0; i < 6; i++)
        drive_key(SDLK_COMMA, KMOD_NONE);
    ck_assert(frontend_frame(app));
    long first, cur, last;
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_int_eq(cur, last - 6);
    long past = cur;
    drive_key(SDLK_RIGHT, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_int_eq(cur, past);
    ck_assert_msg(last == past, "an arrow at tick %ld kept the later ticks (up to %ld)", past,
                  last);
    drive_key(SDLK_PERIOD, KMOD_NONE); /* the steered tick, played now */
    ck_assert(frontend_frame(app));
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_int_eq(cur, past + 1);
    ck_assert_int_eq(last, past + 1);
    ck_assert(frontend_is_paused(app));
    frontend_close(app);
}
END_TEST

/* ---- an engine in the window (docs/engines.md, "In the window") ----------- */

/* The engine's log line for tick t of the last game block (told.py: "T x0 y0
 * x1 y1 D"); the number of answers and game blocks in *answers, *games. */
static bool told_line(const char *log, long t, int xy[4], long *answers, long *games) {
    FILE *f = fopen(log, "r");
    ck_assert_ptr_nonnull(f);
    char line[256];
    bool found = false;
    *answers = *games = 0;
    while (fgets(line, sizeof line, f) != NULL) {
        long tick;
        int v[4];
        if (strncmp(line, "game", 4) == 0) {
            (*games)++;
            continue;
        }
        (*answers)++;
        if (sscanf(line, "%ld %d %d %d %d", &tick, &v[0], &v[1], &v[2], &v[3]) == 5 && tick == t) {
            memcpy(xy, v, sizeof v);
            found = true;
        }
    }
    fclose(f);
    return found;
}

/* Whether the pixels around (x, y) hold the path's colour (near white). */
static bool path_at(SDL_Surface *img, int x, int y) {
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            const uint8_t *p = (const uint8_t *)img->pixels + (y + dy) * img->pitch + (x + dx) * 4;
            if (p[0] >= 225 && p[1] >= 225 && p[2] >= 225)
                return true;
        }
    return false;
}

/* The midpoint between the first two cells of the path told at tick t. */
static void told_path_mid(const BoardLayout *bl, const int xy[4], int *x, int *y) {
    int ax, ay, bx, by;
    layout_cell_center(bl, xy[0], xy[1], &ax, &ay);
    layout_cell_center(bl, xy[2], xy[3], &bx, &by);
    *x = (ax + bx) / 2;
    *y = (ay + by) / 2;
}

START_TEST(an_engine_plays_and_its_info_is_kept_per_tick) {
    /* told.py plays (polled by the frames), its `info path` is drawn on the
     * cells it named; five ticks back the path is the one it named at that
     * tick, without asking it again (its log does not grow); playing on from
     * there sends it a fresh `game` block. It answers 250 ms after its log
     * line, as a slow engine (or one on a loaded machine) may. */
    char log[] = "/tmp/ws_told_XXXXXX";
    int fd = mkstemp(log);
    ck_assert_int_ge(fd, 0);
    close(fd);
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "python3 %s/told.py %s --delay 250", getenv("WS_TEST_ENGINES"), log);
    AppOptions o = small_opts();
    o.player = (PlayerSpec){.kind = PLAYER_ENGINE, .command = cmd};
    o.engine_timeout_ms = 10000;
    Frontend *app = drive_open(&o);
    for (int i = 0; i < 2000 && frontend_tick_count(app) < 12; i++) {
        SDL_Delay(2);
        ck_assert(frontend_frame(app));
    }
    ck_assert_int_ge(frontend_tick_count(app), 12);
    drive_key(SDLK_SPACE, KMOD_NONE);
    ck_assert(frontend_frame(app));
    long first, cur, last;
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_int_eq(cur, last);
    /* The answer for the tick on screen may still be on its way: told.py
     * logs it, then answers; the HUD says "thinking" until the window has
     * read it. (A fixed 100 ms after the log line was not always enough.) */
    for (int i = 0; i < 4000 && strstr(frontend_frame_text(app), "thinking") != NULL; i++) {
        SDL_Delay(5);
        ck_assert(frontend_frame(app));
    }
    ck_assert_msg(strstr(frontend_frame_text(app), "thinking") == NULL, "no answer:\n%s",
                  frontend_frame_text(app));
    int xy[4];
    long answers, games;
    ck_assert(told_line(log, last, xy, &answers, &games));
    char reason[64]; /* its `info text`, said of the tick on screen */
    snprintf(reason, sizeof reason, "\ntick %ld going ", last);
    ck_assert_msg(strstr(frontend_frame_text(app), reason) != NULL, "not its answer at %ld:\n%s",
                  last, frontend_frame_text(app));
    FrameLayout fl;
    layout_frame(&fl, 640, 360, (frontend_overlays(app) & OVERLAY_HUD) != 0);
    BoardLayout bl;
    layout_board(&bl, fl.board_area, 10, 10);
    int mx, my;
    told_path_mid(&bl, xy, &mx, &my);
    SDL_Surface *img = drive_shoot(app);
    ck_assert_msg(path_at(img, mx, my), "tick %ld: no path drawn between (%d,%d) and (%d,%d)", last,
                  xy[0], xy[1], xy[2], xy[3]);
    SDL_FreeSurface(img);
    /* P off: the same pixels lose the path */
    drive_key(SDLK_p, KMOD_NONE);
    img = drive_shoot(app);
    ck_assert_msg(!path_at(img, mx, my), "P off still draws the engine's path");
    SDL_FreeSurface(img);
    drive_key(SDLK_p, KMOD_NONE);
    /* five back: what it said there, from what was kept */
    for (int i = 0; i < 5; i++)
        drive_key(SDLK_COMMA, KMOD_NONE);
    img = drive_shoot(app);
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_int_eq(cur, last - 5);
    long answers_before = answers, games_before = games;
    ck_assert(told_line(log, cur, xy, &answers, &games));
    told_path_mid(&bl, xy, &mx, &my);
    ck_assert_msg(path_at(img, mx, my), "tick %ld: not the path the engine named there", cur);
    SDL_FreeSurface(img);
    for (int i = 0; i < 20; i++) {
        SDL_Delay(5);
        ck_assert(frontend_frame(app));
    }
    ck_assert(told_line(log, cur, xy, &answers, &games));
    ck_assert_int_eq(answers, answers_before); /* not asked again */
    ck_assert_int_eq(games, games_before);
    /* one step from here: a branch, so the engine hears a fresh game block */
    drive_key(SDLK_RIGHT, KMOD_NONE);
    drive_key(SDLK_a, KMOD_NONE);
    drive_key(SDLK_SPACE, KMOD_NONE);
    for (int i = 0; i < 1000 && games == games_before; i++) {
        SDL_Delay(5);
        ck_assert(frontend_frame(app));
        told_line(log, 0, xy, &answers, &games);
    }
    ck_assert_int_gt(games, games_before);
    frontend_close(app);
    unlink(log);
}
END_TEST

/* perfect on 30x30 (strict tail, start length 2) at unlimited speed: as
 * many ticks a frame as fit. A slice is 82 units of work there, so many
 * apples take more than one call. */
static AppOptions perfect_30x30_opts(void) {
    AppOptions o = small_opts();
    o.rules.w = o.rules.h = 30;
    o.rules.start_length = 2;
    o.rules.strict_tail = true;
    o.policy = SNAKE_POLICY_PERFECT;
    o.speed = 0.0;
    return o;
}

START_TEST(perfect_plays_a_new_apple_out_over_frames) {
    /* In a window perfect's play-outs at a new food go on over frames, a
     * slice at a time (snake_ai_choose_slice), the tick waiting for the move as for
     * an engine's; the moves are those of a whole decision. */
    AppOptions o = perfect_30x30_opts();
    Frontend *app = drive_open(&o);
    SnakeScreen *s = frontend_view_state(app);
    long first, cur, last;
    for (int f = 0; f < 3000 && frontend_tick_count(app) < 2500; f++)
        ck_assert(frontend_frame(app));
    ck_assert_int_gt(s->think_stops, 0); /* some decisions took more than one call */
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_int_gt(last, 1000);
    /* The same game decided whole, move by move, as the window decides. */
    SnakeGame g;
    SnakeAi ai;
    ck_assert_int_eq(snake_game_init(&g, &o.rules, o.seed, NULL), WS_OK);
    ck_assert_int_eq(snake_ai_init(&ai, 30, 30, SNAKE_POLICY_PERFECT, true, NULL), WS_OK);
    for (long t = 0; t < last; t++) {
        Dir d = snake_ai_choose(&ai, &g);
        ck_assert_msg(d == snake_history_move(s->hist, t), "tick %ld: %d whole, %d in the window",
                      t, (int)d, (int)snake_history_move(s->hist, t));
        snake_game_tick(&g, d);
    }
    snake_ai_deinit(&ai);
    snake_game_deinit(&g);
    frontend_close(app);
}
END_TEST

START_TEST(a_step_asked_while_perfect_thinks_is_made_once_it_has_decided) {
    /* Space and N while perfect plays a new apple out over frames: the tick
     * waits for the move, and the step is made once it is decided, not
     * dropped (View.waiting): one tick, and no more. */
    AppOptions o = perfect_30x30_opts();
    Frontend *app = drive_open(&o);
    SnakeScreen *s = frontend_view_state(app);
    for (int f = 0; f < 3000 && !s->ai.thinking; f++)
        ck_assert(frontend_frame(app));
    ck_assert(s->ai.thinking); /* a frame ended with the decision under way */
    long before = frontend_tick_count(app);
    drive_key(SDLK_SPACE, KMOD_NONE);
    drive_key(SDLK_n, KMOD_NONE);
    for (int f = 0; f < 3000 && (f == 0 || s->ai.thinking); f++)
        ck_assert(frontend_frame(app));
    ck_assert(!s->ai.thinking);
    for (int f = 0; f < 5; f++)
        ck_assert(frontend_frame(app));
    ck_assert(frontend_is_paused(app));
    ck_assert_int_eq(frontend_tick_count(app), before + 1);
    frontend_close(app);
}
END_TEST

/* N while perfect thinks owes one tick to the game on screen: another view
 * (2: the arena, opened paused) does not take it, and neither does another
 * game (R: the same seed from tick 0). */
START_TEST(a_step_owed_stays_with_its_game) {
    AppOptions o = perfect_30x30_opts();
    Frontend *app = drive_open(&o);
    SnakeScreen *s = frontend_view_state(app);
    for (int f = 0; f < 3000 && !s->ai.thinking; f++)
        ck_assert(frontend_frame(app));
    ck_assert(s->ai.thinking);
    drive_key(SDLK_SPACE, KMOD_NONE);
    drive_key(SDLK_n, KMOD_NONE);
    drive_key(SDLK_2, KMOD_NONE);
    for (int f = 0; f < 10; f++)
        ck_assert(frontend_frame(app));
    ck_assert(frontend_is_paused(app));
    long first = -1, cur = -1, last = -1;
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_msg(last == 0, "the arena, paused, played %ld ticks nobody asked for", last);
    /* Back to the snake: N while it thinks about a new apple, then R. */
    drive_key(SDLK_1, KMOD_NONE);
    ck_assert(frontend_frame(app));
    for (int f = 0; f < 3000 && s->ai.thinking; f++)
        ck_assert(frontend_frame(app));
    for (int f = 0; f < 3000 && !s->ai.thinking; f++) {
        drive_key(SDLK_n, KMOD_NONE);
        ck_assert(frontend_frame(app));
    }
    ck_assert(s->ai.thinking); /* the N that played the tick before: not owed */
    ck_assert(s->hist->ticks > 0);
    drive_key(SDLK_n, KMOD_NONE); /* owed */
    drive_key(SDLK_r, KMOD_NONE);
    for (int f = 0; f < 3000 && (f == 0 || s->ai.thinking); f++)
        ck_assert(frontend_frame(app));
    for (int f = 0; f < 5; f++)
        ck_assert(frontend_frame(app));
    ck_assert(frontend_is_paused(app));
    ck_assert_msg(s->hist->ticks == 0, "R: the game again played %ld ticks nobody asked for",
                  s->hist->ticks);
    frontend_close(app);
}
END_TEST

START_TEST(a_replay_played_on_by_perfect_thinks_over_frames) {
    /* A replay of a trace that names perfect (one move, off the board:
     * quick to write), played on with A from tick 0: perfect's play-outs at a new
     * food go on over frames as they do live (the tick waits for the move),
     * N asked for while it thinks is made once it has decided, and the
     * moves are those of whole decisions from the same start. */
    char path[] = "/tmp/ws_video_XXXXXX.txt";
    AppOptions o = perfect_30x30_opts();
    write_trace_as(path, &o.rules, "perfect", 1, true); /* its start is all A needs */
    o.replay = path;
    o.replay_game = 0;
    o.replay_game_given = true;
    o.replay_tick = 0;
    o.replay_tick_given = true;
    ReplaySession session;
    WsError err = {0};
    ck_assert_msg(replay_session_open(&session, &o, &err) == WS_OK, "%s", err.msg);
    Frontend *app = NULL;
    ck_assert_msg(frontend_open_replay(&app, &o, &session, &err) == WS_OK, "%s", err.msg);
    SnakeScreen *s = frontend_view_state(app); /* a ReplayView starts with its SnakeScreen */
    drive_key(SDLK_a, KMOD_NONE);
    for (int f = 0; f < 3000 && !s->ai.thinking; f++)
        ck_assert(frontend_frame(app));
    ck_assert(s->ai.thinking); /* a frame ended with the decision under way */
    ck_assert(s->played_on);
    long before = frontend_tick_count(app);
    drive_key(SDLK_SPACE, KMOD_NONE);
    drive_key(SDLK_n, KMOD_NONE);
    for (int f = 0; f < 3000 && (f == 0 || s->ai.thinking); f++)
        ck_assert(frontend_frame(app));
    for (int f = 0; f < 5; f++)
        ck_assert(frontend_frame(app));
    ck_assert(frontend_is_paused(app));
    ck_assert_int_eq(frontend_tick_count(app), before + 1);
    drive_key(SDLK_SPACE, KMOD_NONE); /* on to 1,500 ticks */
    for (int f = 0; f < 3000 && s->hist->ticks < 1500; f++)
        ck_assert(frontend_frame(app));
    ck_assert_int_ge(s->hist->ticks, 1500);
    ck_assert_int_gt(s->think_stops, 1);
    SnakeGame g;
    SnakeAi ai;
    ck_assert_int_eq(snake_game_init(&g, &o.rules, 77, NULL), WS_OK);
    ck_assert_int_eq(snake_ai_init(&ai, 30, 30, SNAKE_POLICY_PERFECT, true, NULL), WS_OK);
    for (long t = 0; t < s->hist->ticks; t++) {
        Dir d = snake_ai_choose(&ai, &g);
        ck_assert_msg(d == snake_history_move(s->hist, t), "tick %ld: %d whole, %d played on", t,
                      (int)d, (int)snake_history_move(s->hist, t));
        snake_game_tick(&g, d);
    }
    snake_ai_deinit(&ai);
    snake_game_deinit(&g);
    frontend_close(app);
    replay_session_close(&session);
    unlink(path);
}
END_TEST

START_TEST(a_silent_engine_does_not_freeze_the_window) {
    /* bad.py silent answers the first go and never the second: the frames
     * keep coming while it thinks (no tick, the game goes on), then its
     * timeout forfeits the game with one line on stderr naming the engine,
     * the game and the tick, and the next game starts a fresh engine. */
    char errlog[] = "/tmp/ws_silent_XXXXXX";
    int fd = mkstemp(errlog);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_ge(dup2(fd, 2), 0);
    close(fd);
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "python3 %s/bad.py silent", getenv("WS_TEST_ENGINES"));
    AppOptions o = small_opts();
    o.player = (PlayerSpec){.kind = PLAYER_ENGINE, .command = cmd};
    o.engine_timeout_ms = 3000;
    Frontend *app = drive_open(&o);
    for (int i = 0; i < 1000 && frontend_tick_count(app) < 1; i++) {
        SDL_Delay(2);
        ck_assert(frontend_frame(app));
    }
    ck_assert_int_eq(frontend_tick_count(app), 1);
    long frames = frontend_frame_count(app);
    for (int i = 0; i < 20; i++)
        ck_assert(frontend_frame(app));
    ck_assert_int_eq(frontend_frame_count(app) - frames, 20);
    ck_assert_int_eq(frontend_tick_count(app), 1); /* thinking, no tick */
    /* no fault yet: a frame that waited would have waited out the 3 s */
    char text[2048] = "";
    FILE *f = fopen(errlog, "r");
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = '\0';
    fclose(f);
    ck_assert_msg(strstr(text, "no answer") == NULL, "%s", text);
    /* the timeout, then the next game (a fresh engine) plays its first tick */
    for (int i = 0; i < 3000 && frontend_tick_count(app) < 2; i++) {
        SDL_Delay(5);
        ck_assert(frontend_frame(app));
    }
    ck_assert_int_eq(frontend_tick_count(app), 2);
    f = fopen(errlog, "r");
    n = fread(text, 1, sizeof text - 1, f);
    text[n] = '\0';
    fclose(f);
    ck_assert_msg(strstr(text, "wavesnake: engine 'python3', game 0 tick 1: no answer within "
                               "3000 ms; nothing came on its standard output") != NULL,
                  "%s", text);
    ck_assert_ptr_null(strstr(strstr(text, "no answer") + 1, "no answer")); /* once */
    frontend_close(app);
    unlink(errlog);
}
END_TEST

START_TEST(a_race_with_an_engine_polls_it) {
    /* --race greedy,engine:told.py in the window: the engine side is polled,
     * both boards play on (the engine answered every tick it was asked). */
    char log[] = "/tmp/ws_told_XXXXXX";
    int fd = mkstemp(log);
    ck_assert_int_ge(fd, 0);
    close(fd);
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "python3 %s/told.py %s", getenv("WS_TEST_ENGINES"), log);
    AppOptions o = small_opts();
    o.race_given = true;
    o.race[0] = o.race[1] = SNAKE_POLICY_GREEDY;
    o.race_player[0] = player_spec_snake_ai(SNAKE_POLICY_GREEDY);
    o.race_player[1] = (PlayerSpec){.kind = PLAYER_ENGINE, .command = cmd};
    o.engine_timeout_ms = 10000;
    Frontend *app = drive_open(&o);
    for (int i = 0; i < 2000 && frontend_tick_count(app) < 20; i++) {
        SDL_Delay(2);
        ck_assert(frontend_frame(app));
    }
    ck_assert_int_ge(frontend_tick_count(app), 20);
    int xy[4];
    long answers, games;
    told_line(log, 0, xy, &answers, &games);
    ck_assert_int_ge(answers, 20);
    ck_assert_int_ge(games, 1);
    frontend_close(app);
    unlink(log);
}
END_TEST

START_TEST(one_sea_shot_is_one_shot) {
    /* At tick 1 each hunter has fired once: the boards' titles and the HUD
     * say "1 shot", not "1 shots". */
    Frontend *app = open_mode_app(APP_MODE_SEA);
    ck_assert(frontend_frame(app));
    drive_key(SDLK_SPACE, KMOD_NONE);
    drive_key(SDLK_HOME, KMOD_NONE);
    drive_key(SDLK_PERIOD, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert(frontend_frame(app));
    long first = -1, cur = -1, last = -1;
    ck_assert(frontend_time(app, &first, &cur, &last));
    ck_assert_int_eq(cur, 1);
    const char *text = frontend_frame_text(app);
    ck_assert_msg(strstr(text, "1 shot, ") != NULL && strstr(text, "1 shots") == NULL,
                  "tick 1 drew:\n%s", text);
    frontend_close(app);
}
END_TEST

/* How many times `what` stands in text. */
static int count_in(const char *text, const char *what) {
    int n = 0;
    for (const char *at = strstr(text, what); at != NULL; at = strstr(at + 1, what))
        n++;
    return n;
}

START_TEST(both_sea_titles_say_as_much) {
    /* At 1280x720 "source hunter: 18 shots, 4/10 sunk" fits over its
     * board and "sampler hunter: ..." does not: the two titles are in one
     * form, the longest that fits over each, never one long and one short. */
    AppOptions o = small_sea_opts(100.0);
    o.window_w = 1280;
    o.window_h = 720;
    Frontend *app = drive_open(&o);
    drive_play_until(app, 18);
    drive_key(SDLK_SPACE, KMOD_NONE);
    ck_assert(frontend_frame(app));
    const char *text = frontend_frame_text(app);
    int sampler = count_in(text, "sampler: "), source = count_in(text, "source: ");
    int sampler_long = count_in(text, "sampler hunter: "),
        source_long = count_in(text, "source hunter: ");
    ck_assert_msg(sampler + sampler_long == 1 && source + source_long == 1 &&
                      sampler_long == source_long,
                  "the boards' titles differ in form:\n%s", text);
    frontend_close(app);
}
END_TEST

static Suite *frontend_suite(void) {
    Suite *s = suite_create("frontend");
    TCase *keys = tcase_create("keys");
    tcase_add_test(keys, keys_toggle_overlays);
    tcase_add_test(keys, both_sea_titles_say_as_much);
    tcase_add_test(keys, keys_without_meaning_say_so);
    tcase_add_test(keys, pause_on_end_stops_at_the_end);
    tcase_add_test(keys, pause_on_end_stops_a_played_back_end_too);
    tcase_add_test(keys, pause_on_end_stops_a_played_back_sea_end_too);
    tcase_add_test(keys, space_freezes_and_step_ticks_once);
    tcase_add_test(keys, q_and_escape_quit);
    tcase_add_test(keys, ctrl_w_is_not_a_toggle);
    tcase_add_test(keys, back_five_forward_five_same_pixels);
    tcase_add_test(keys, home_end_and_timeline_click);
    tcase_add_test(keys, space_at_a_past_tick_plays_the_recorded_ticks);
    tcase_add_test(keys, a_fast_video_rebuilds_one_tick_a_frame);
    tcase_add_test(keys, an_unlimited_video_rebuilds_one_tick_a_frame);
    tcase_add_test(keys, a_fixed_speed_drops_the_ticks_past_a_frames_budget);
    tcase_add_test(keys, a_speed_kept_up_with_is_all_the_speed_line_says);
    tcase_add_test(keys, tab_at_a_past_tick_branches_to_the_next_policy);
    tcase_add_test(keys, a_switched_game_counts_for_the_policy_that_finished_it);
    tcase_add_test(keys, a_look_at_the_past_does_not_change_the_next_game);
    tcase_add_test(keys, a_replay_plays_its_ticks_and_pauses_on_the_last);
    tcase_add_test(keys, a_in_a_replay_plays_on_from_here);
    tcase_add_test(keys, brackets_open_the_other_game_paused);
    tcase_add_test(keys, i_in_a_small_window_gives_the_bigger_hud);
    tcase_add_test(keys, a_long_notice_wraps_in_a_small_window);
    tcase_add_test(keys, the_help_wraps_in_a_small_window);
    tcase_add_test(keys, one_sea_shot_is_one_shot);
    tcase_add_test(keys, a_small_race_label_draws_nothing_over_the_name);
    tcase_add_test(keys, a_narrow_column_cuts_no_word_in_two);
    tcase_add_test(keys, a_long_notice_keeps_to_its_footer_lines);
    tcase_add_test(keys, snake_keys_without_a_use_say_so_live_and_in_a_race);
    tcase_add_test(keys, a_narrow_panel_titles_with_the_mode_alone);
    tcase_add_test(keys, an_arena_edit_at_a_past_tick_drops_the_later_ticks);
    tcase_add_test(keys, an_arena_arrow_at_a_past_tick_drops_the_later_ticks);
    tcase_add_test(keys, every_size_shows_the_arena_layers_range);
    tcase_add_test(keys, the_arena_times_no_tick_before_the_first);
    tcase_add_loop_test(keys, a_past_tick_shows_what_was_computed_there, 0,
                        (int)(sizeof TRAVEL_MODES / sizeof TRAVEL_MODES[0]));
    suite_add_tcase(s, keys);
    TCase *draw = tcase_create("draw");
    tcase_add_test(draw, text_width_is_what_is_drawn);
    tcase_add_test(draw, a_wrapped_hud_item_is_never_split_between_columns);
    tcase_add_test(draw, the_fleet_afloat_stays_in_one_column);
    tcase_add_test(draw, every_size_shows_the_tick_and_the_reason);
    tcase_add_test(draw, text_is_rendered_once);
    tcase_add_test(draw, offscreen_png_shows_snake_and_food);
    tcase_add_test(draw, click_toggles_a_snake_wall);
    tcase_add_test(draw, replay_opens_at_the_tick);
    tcase_add_test(draw, timeline_marks_the_eats);
    tcase_add_test(draw, steering_is_recorded_and_races_have_no_time_travel);
    tcase_add_test(draw, x_switches_to_the_race_view_and_back);
    suite_add_tcase(s, draw);
    TCase *rec = tcase_create("record");
    tcase_add_test(rec, c_starts_and_stops_a_recording);
    tcase_add_test(rec, resize_stops_a_recording);
    tcase_add_test(rec, c_notice_is_in_the_window_not_in_the_gif);
    suite_add_tcase(s, rec);
    TCase *eng = tcase_create("engine");
    tcase_add_test(eng, an_engine_plays_and_its_info_is_kept_per_tick);
    tcase_add_test(eng, a_silent_engine_does_not_freeze_the_window);
    tcase_add_test(eng, perfect_plays_a_new_apple_out_over_frames);
    tcase_add_test(eng, a_step_asked_while_perfect_thinks_is_made_once_it_has_decided);
    tcase_add_test(eng, a_step_owed_stays_with_its_game);
    tcase_add_test(eng, a_replay_played_on_by_perfect_thinks_over_frames);
    tcase_add_test(eng, a_race_with_an_engine_polls_it);
    suite_add_tcase(s, eng);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(frontend_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
