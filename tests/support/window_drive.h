/* window_drive.h - driving the front end from a Check test, shared by the
 * window suites (test_frontend*.c): open it on SDL's dummy video driver,
 * inject key presses, read back the PNGs it writes. Each helper fails the
 * test (ck_assert) when SDL does not do what it asks. */
#ifndef WS_WINDOW_DRIVE_H
#define WS_WINDOW_DRIVE_H

#include <SDL.h>

#include "frontend_loop.h"
#include "options.h"

/* Opens the front end with options o on the dummy driver (no display). */
Frontend *drive_open(const AppOptions *o);

/* Queues a key press of sym with modifiers mod (KMOD_NONE: none); the next
 * frontend_frame handles it. */
void drive_key(SDL_Keycode sym, Uint16 mod);

/* Loads the PNG at path as RGBA32 and removes the file. */
SDL_Surface *drive_load_png(const char *path);

#endif
