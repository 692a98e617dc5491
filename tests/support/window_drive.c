/* Driving the front end from a Check test (window_drive.h). */
#define _POSIX_C_SOURCE 200809L
#include "window_drive.h"

#include <SDL_image.h>
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
