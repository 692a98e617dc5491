/* window_drive.h - driving the front end from a Check test, shared by the
 * window suites (test_frontend*.c): open it on SDL's dummy video driver,
 * inject key presses, play until a tick, take screenshots and compare
 * them. Each helper fails the test (ck_assert) when SDL or the front end
 * does not do what it asks. */
#ifndef WS_WINDOW_DRIVE_H
#define WS_WINDOW_DRIVE_H

#include <SDL.h>
#include <stdbool.h>

#include "frontend_loop.h"
#include "layout.h"
#include "options.h"

/* Opens the front end with options o on the dummy driver (no display). */
Frontend *drive_open(const AppOptions *o);

/* Queues a key press of sym with modifiers mod (KMOD_NONE: none); the next
 * frontend_frame handles it. */
void drive_key(SDL_Keycode sym, Uint16 mod);

/* Loads the PNG at path as RGBA32 and removes the file. */
SDL_Surface *drive_load_png(const char *path);

/* Runs one frame that writes a screenshot and returns it as RGBA32 (the
 * caller frees it with SDL_FreeSurface). */
SDL_Surface *drive_shoot(Frontend *app);

/* Runs frames, 5 ms apart, until the view shown has played at least `ticks`
 * ticks (frontend_tick_count); fails the test after 4000 frames (~20 s,
 * room for an engine process). */
void drive_play_until(Frontend *app, long ticks);

/* Whether two screenshots have the same pixels in r (the board's area: the
 * HUD and the timeline around it may differ, say at a past tick). */
bool drive_same_board(const SDL_Surface *a, const SDL_Surface *b, PixRect r);

#endif
