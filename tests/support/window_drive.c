/* Driving the front end from a Check test (window_drive.h). */
#define _DEFAULT_SOURCE /* mkstemps, setenv */
#include "window_drive.h"

#include <SDL_image.h>
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

Frontend *drive_open(const AppOptions *o) {
    setenv("SDL_VIDEODRIVER", "dummy", 1);
    setenv("SDL_FRAMEBUFFER_ACCELERATION", "0", 1);
    Frontend *app = NULL;
    WsError err = {0};
    ck_assert_msg(frontend_open(&app, o, &err) == WS_OK, "%s", err.msg);
    ck_assert_ptr_nonnull(app);
    return app;
}

void drive_key(SDL_Keycode sym, Uint16 mod) {
    SDL_Event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = SDL_KEYDOWN;
    ev.key.state = SDL_PRESSED;
    ev.key.keysym.sym = sym;
    ev.key.keysym.mod = mod;
    ev.key.keysym.scancode = SDL_GetScancodeFromKey(sym);
    ck_assert_int_eq(SDL_PushEvent(&ev), 1);
}

SDL_Surface *drive_load_png(const char *path) {
    SDL_Surface *raw = IMG_Load(path);
    ck_assert_msg(raw != NULL, "cannot read %s: %s", path, IMG_GetError());
    SDL_Surface *img = SDL_ConvertSurfaceFormat(raw, SDL_PIXELFORMAT_RGBA32, 0);
    SDL_FreeSurface(raw);
    ck_assert_ptr_nonnull(img);
    remove(path);
    return img;
}

SDL_Surface *drive_shoot(Frontend *app) {
    char path[] = "/tmp/ws_drive_XXXXXX.png";
    int fd = mkstemps(path, 4);
    ck_assert_int_ge(fd, 0);
    close(fd);
    frontend_request_shot(app, path);
    ck_assert(frontend_frame(app));
    WsError err = {0};
    ck_assert_msg(frontend_shot_status(app, &err) == WS_OK, "%s", err.msg);
    return drive_load_png(path);
}

void drive_play_until(Frontend *app, long ticks) {
    for (int i = 0; i < 4000 && frontend_tick_count(app) < ticks; i++) {
        SDL_Delay(5);
        ck_assert(frontend_frame(app));
    }
    ck_assert_int_ge(frontend_tick_count(app), ticks);
}

bool drive_same_board(const SDL_Surface *a, const SDL_Surface *b, PixRect r) {
    for (int y = r.y; y < r.y + r.h; y++)
        if (memcmp((const uint8_t *)a->pixels + y * a->pitch + r.x * 4,
                   (const uint8_t *)b->pixels + y * b->pitch + r.x * 4, (size_t)r.w * 4) != 0)
            return false;
    return true;
}
