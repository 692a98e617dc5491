/* The snake window's words, colours and wheel, frame by frame under
 * SDL_VIDEODRIVER=dummy (frontend_loop.h), with the offscreen renderer for
 * pictures: the steering pace while a person drives (and the user's speed
 * back with the AI), the player's own arrow beside the AI's, a steered crash
 * named as the player's, a won game's reason line in green, the block grid
 * of the cycle policies, and the wave numbers over the path. SDL starts
 * inside each test (Check forks per test). */
#define _DEFAULT_SOURCE /* mkstemps, setenv */
#include <SDL.h>
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "frontend_loop.h"
#include "options.h"
#include "snake_ai.h"
#include "snake_wheel.h"
#include "window_drive.h"

/* ======================================================================== */
/* Helpers                                                                   */
/* ======================================================================== */

/* Colours drawn exactly (opaque): render.c's and snake_draw.c's. */
static const SDL_Color BAD = {255, 95, 95, 255};     /* PAL_BAD */
static const SDL_Color GOOD = {110, 220, 130, 255};  /* PAL_GOOD */
static const SDL_Color PLAYER = {70, 150, 255, 255}; /* the player's arrow */
static const SDL_Color BLOCKS = {66, 74, 100, 255};  /* SNAKE_BLOCK_LINE */
static const SDL_Color PLATE = {9, 10, 15, 255};     /* a number's plate over the path */

static AppOptions snake_opts(void) {
    AppOptions o;
    options_defaults(&o, APP_MODE_SNAKE, 42);
    o.seed_given = true;
    o.rules.w = 10;
    o.rules.h = 10;
    o.window_w = 640;
    o.window_h = 360;
    return o;
}

/* Pixels of exactly colour c in the columns [x0, x1) of s. */
static long count_color(const SDL_Surface *s, SDL_Color c, int x0, int x1) {
    long n = 0;
    for (int y = 0; y < s->h; y++)
        for (int x = x0; x < x1 && x < s->w; x++) {
            const Uint8 *p = (const Uint8 *)s->pixels + y * s->pitch + x * 4;
            n += p[0] == c.r && p[1] == c.g && p[2] == c.b;
        }
    return n;
}

/* Pixels in the columns [x0, x1) of s near colour c (each channel within
 * 20: a text's core is c; the legend's faint red arrowhead, 221 red, is not). */
static long count_near(const SDL_Surface *s, SDL_Color c, int x0, int x1) {
    long n = 0;
    for (int y = 0; y < s->h; y++)
        for (int x = x0; x < x1 && x < s->w; x++) {
            const Uint8 *p = (const Uint8 *)s->pixels + y * s->pitch + x * 4;
            n += abs(p[0] - c.r) <= 20 && abs(p[1] - c.g) <= 20 && abs(p[2] - c.b) <= 20;
        }
    return n;
}

/* ======================================================================== */
/* The wheel                                                                 */
/* ======================================================================== */

START_TEST(steering_slows_the_game_to_the_wheel_pace) {
    /* At the default speed (15 ticks/s) one arrow used to leave a person a
     * fifteenth of a second a cell. While the player drives the clock runs at
     * the wheel's pace; A gives the AI the wheel and the user's speed back. */
    AppOptions o = snake_opts();
    ck_assert(o.speed > SNAKE_WHEEL_PACE); /* the default is faster than a person steers */
    Frontend *app = drive_open(&o);
    /* Paused, so that no tick runs between the frames however slow they are
     * (under valgrind a frame takes long enough for the steered snake to hit
     * a wall): the pace is what is asked here, not the ticks. */
    drive_key(SDLK_SPACE, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert(frontend_is_paused(app));
    ck_assert(frontend_tick_speed(app) == o.speed);
    drive_key(SDLK_UP, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert_msg(frontend_tick_speed(app) == SNAKE_WHEEL_PACE, "steering at %g ticks/s",
                  frontend_tick_speed(app));
    /* + changes the user's speed, not the steering pace; it says so. */
    drive_key(SDLK_PLUS, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert(frontend_tick_speed(app) == SNAKE_WHEEL_PACE);
    ck_assert_msg(strstr(frontend_status_text(app), "while you steer") != NULL, "%s",
                  frontend_status_text(app));
    drive_key(SDLK_a, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert_msg(frontend_tick_speed(app) > o.speed, "the AI drives at %g ticks/s",
                  frontend_tick_speed(app));
    frontend_close(app);
}
END_TEST

START_TEST(a_stall_is_not_idle_time) {
    /* A frame that comes late (the program stalled: a dragged window, a
     * debugger) moves the frame clock 250 ms at most, so the player who
     * steered before it still drives after it; a key is stamped with the
     * time of the frame that reads it. */
    AppOptions o = snake_opts();
    Frontend *app = drive_open(&o);
    drive_key(SDLK_SPACE, KMOD_NONE);
    ck_assert(frontend_frame(app));
    drive_key(SDLK_RIGHT, KMOD_NONE); /* the way it heads: room for the ticks below */
    drive_key(SDLK_SPACE, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert(!frontend_is_paused(app));
    ck_assert(frontend_tick_speed(app) == SNAKE_WHEEL_PACE);
    for (int i = 0; i < 4; i++) { /* 3.2 s of wall time: over the idle limit */
        uint64_t before = frontend_now_ms(app);
        SDL_Delay(800);
        ck_assert(frontend_frame(app));
        ck_assert_uint_eq(frontend_now_ms(app) - before, 250);
    }
    ck_assert_msg(frontend_tick_speed(app) == SNAKE_WHEEL_PACE, "the wheel went back after %s",
                  "four stalls");
    frontend_close(app);
}
END_TEST

START_TEST(unlimited_speed_steers_at_the_wheel_pace_too) {
    AppOptions o = snake_opts();
    o.speed = 0.0; /* unlimited */
    Frontend *app = drive_open(&o);
    /* Paused before the first tick (unlimited speed would play the whole
     * game in the first frames), then the wheel, then on. */
    drive_key(SDLK_SPACE, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert_int_eq(frontend_tick_count(app), 0);
    drive_key(SDLK_LEFT, KMOD_NONE);
    drive_key(SDLK_SPACE, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert(!frontend_is_paused(app));
    ck_assert(frontend_tick_speed(app) == SNAKE_WHEEL_PACE);
    long t0 = frontend_tick_count(app);
    Uint64 start = SDL_GetTicks64();
    while (SDL_GetTicks64() - start < 600)
        ck_assert(frontend_frame(app));
    /* An upper bound only: at the pace the clock owes one tick per 250 ms (and
     * at most one more); at unlimited speed it would be thousands. */
    long made = frontend_tick_count(app) - t0;
    long bound = (long)((SDL_GetTicks64() - start) * SNAKE_WHEEL_PACE / 1000) + 2;
    ck_assert_msg(made <= bound, "%ld ticks in %llu ms while steering", made,
                  (unsigned long long)(SDL_GetTicks64() - start));
    drive_key(SDLK_a, KMOD_NONE);
    ck_assert(frontend_frame(app));
    ck_assert(frontend_tick_speed(app) == 0.0);
    frontend_close(app);
}
END_TEST

START_TEST(the_players_arrow_is_drawn_beside_the_ais) {
    AppOptions o = snake_opts();
    o.speed = 1000.0;
    o.overlays = OVERLAY_HUD; /* nothing else blue on the board */
    Frontend *app = drive_open(&o);
    drive_play_until(app, 5);
    drive_key(SDLK_SPACE, KMOD_NONE);
    ck_assert(frontend_frame(app));
    SDL_Surface *ai = drive_shoot(app);
    long before = count_color(ai, PLAYER, 0, ai->w);
    drive_key(SDLK_DOWN, KMOD_NONE); /* paused: the player drives, nothing moves yet */
    ck_assert(frontend_frame(app));
    SDL_Surface *you = drive_shoot(app);
    long steering = count_color(you, PLAYER, 0, you->w);
    ck_assert_msg(before == 0 && steering > 20,
                  "player-arrow pixels: %ld while the AI drives, %ld while you steer", before,
                  steering);
    drive_key(SDLK_a, KMOD_NONE);
    ck_assert(frontend_frame(app));
    SDL_Surface *back = drive_shoot(app);
    ck_assert_int_eq(count_color(back, PLAYER, 0, back->w), 0);
    SDL_FreeSurface(ai);
    SDL_FreeSurface(you);
    SDL_FreeSurface(back);
    frontend_close(app);
}
END_TEST

START_TEST(a_steered_crash_is_the_players) {
    /* Up, step, up, step ...: the snake meets the top edge (or, heading
     * down, the bottom one: a reversal is ignored) within the board's
     * height. The caption says the player crashed; the AI was not trapped. */
    AppOptions o = snake_opts();
    o.speed = 1000.0;
    o.pause_on_end = true;
    Frontend *app = drive_open(&o);
    drive_play_until(app, 3);
    drive_key(SDLK_SPACE, KMOD_NONE);
    ck_assert(frontend_frame(app));
    const char *caption = "";
    for (int i = 0; i < 2 * o.rules.h && strstr(caption, "length") == NULL; i++) {
        drive_key(SDLK_UP, KMOD_NONE);
        drive_key(SDLK_n, KMOD_NONE);
        ck_assert(frontend_frame(app));
        caption = frontend_caption_text(app);
    }
    ck_assert_msg(strstr(caption, "CRASHED") != NULL, "caption: '%s'", caption);
    ck_assert_msg(strstr(caption, "TRAPPED") == NULL, "caption: '%s'", caption);
    frontend_close(app);
}
END_TEST

/* ======================================================================== */
/* Words and colours                                                         */
/* ======================================================================== */

START_TEST(a_won_game_is_green_not_red) {
    /* perfect fills a 4x4 board; the end stays (pause on end). Nothing in
     * the HUD panel (the right-hand third) is the failure colour: the
     * reason line `won` used to be; it is the success colour, as the
     * caption above the board. */
    AppOptions o = snake_opts();
    o.window_w = 1280;
    o.window_h = 720;
    o.rules.w = 4;
    o.rules.h = 4;
    o.rules.start_length = 2;
    o.policy = SNAKE_POLICY_PERFECT;
    o.speed = 0.0;
    o.screenshot = "/nonexistent/never-written.png"; /* offscreen; shots are requested */
    o.pause_on_end = true;
    Frontend *app = drive_open(&o);
    for (int i = 0; i < 400 && !frontend_is_paused(app); i++)
        frontend_frame(app);
    ck_assert(frontend_is_paused(app));
    ck_assert_msg(strstr(frontend_caption_text(app), "WON") != NULL, "%s",
                  frontend_caption_text(app));
    SDL_Surface *img = drive_shoot(app);
    int hud = img->w * 2 / 3;
    long bad = count_near(img, BAD, hud, img->w), good = count_near(img, GOOD, hud, img->w);
    ck_assert_msg(bad == 0 && good > 20, "a won game's HUD: %ld red pixels, %ld green", bad, good);
    SDL_FreeSurface(img);
    frontend_close(app);
}
END_TEST

START_TEST(the_cycle_policies_show_the_block_grid) {
    AppOptions o = snake_opts();
    o.rules.w = 12;
    o.rules.h = 12;
    o.speed = 0.0;
    o.overlays = OVERLAY_HUD;
    o.screenshot = "/nonexistent/never-written.png";
    long lines[SNAKE_POLICY_COUNT];
    for (int p = 0; p < SNAKE_POLICY_COUNT; p++) {
        o.policy = (SnakePolicy)p;
        Frontend *app = drive_open(&o);
        SDL_Surface *img = drive_shoot(app);
        lines[p] = count_color(img, BLOCKS, 0, img->w);
        SDL_FreeSurface(img);
        frontend_close(app);
    }
    ck_assert_msg(lines[SNAKE_POLICY_GREEDY] == 0, "greedy: %ld", lines[SNAKE_POLICY_GREEDY]);
    ck_assert_msg(lines[SNAKE_POLICY_HAMILTON] > 500 && lines[SNAKE_POLICY_PERFECT] > 500,
                  "block grid pixels: hamilton %ld, perfect %ld", lines[SNAKE_POLICY_HAMILTON],
                  lines[SNAKE_POLICY_PERFECT]);
}
END_TEST

START_TEST(numbers_stay_readable_over_the_path) {
    /* D with the path and the virtual snake: the numbers of the cells under
     * them are drawn on top, each on a dark plate (they used to be left
     * out under the path and covered by the ribbon). */
    AppOptions o = snake_opts();
    o.rules.w = 8;
    o.rules.h = 8;
    o.window_w = 800;
    o.window_h = 600;
    o.speed = 0.0;
    o.screenshot = "/nonexistent/never-written.png";
    o.overlays = OVERLAY_HUD | OVERLAY_WAVE | OVERLAY_NUMBERS | OVERLAY_PATH | OVERLAY_VIRTUAL;
    Frontend *app = drive_open(&o);
    SDL_Surface *img = drive_shoot(app);
    long plates = count_color(img, PLATE, 0, img->w);
    ck_assert_msg(plates > 50, "%ld plate pixels", plates);
    SDL_FreeSurface(img);
    frontend_close(app);
    o.overlays = OVERLAY_HUD | OVERLAY_WAVE | OVERLAY_NUMBERS; /* no path: no plates */
    app = drive_open(&o);
    img = drive_shoot(app);
    ck_assert_int_eq(count_color(img, PLATE, 0, img->w), 0);
    SDL_FreeSurface(img);
    frontend_close(app);
}
END_TEST

static Suite *wheel_suite(void) {
    Suite *s = suite_create("frontend_wheel");
    TCase *wheel = tcase_create("wheel");
    tcase_add_test(wheel, steering_slows_the_game_to_the_wheel_pace);
    tcase_add_test(wheel, a_stall_is_not_idle_time);
    tcase_add_test(wheel, unlimited_speed_steers_at_the_wheel_pace_too);
    tcase_add_test(wheel, the_players_arrow_is_drawn_beside_the_ais);
    tcase_add_test(wheel, a_steered_crash_is_the_players);
    suite_add_tcase(s, wheel);
    TCase *words = tcase_create("words");
    tcase_add_test(words, a_won_game_is_green_not_red);
    tcase_add_test(words, the_cycle_policies_show_the_block_grid);
    tcase_add_test(words, numbers_stay_readable_over_the_path);
    suite_add_tcase(s, words);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(wheel_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
