/* frontend_app.h - the window front end, one frame at a time (for tests).
 *
 * frontend_run is app_open + app_frame in a loop + app_close. Tests drive the
 * same steps themselves: open an App under SDL_VIDEODRIVER=dummy, push SDL
 * events with SDL_PushEvent, run a frame and look at the state through the
 * getters below. The App owns the window (or the offscreen surface), the
 * renderer, the text cache and every view's state.
 */
#ifndef WS_FRONTEND_APP_H
#define WS_FRONTEND_APP_H

#include <stdbool.h>

#include "options.h"
#include "replay_session.h"

typedef struct App App;

/* Initialises SDL, SDL_ttf, the window (or, with opts->screenshot, an
 * offscreen software renderer) and the view for opts->mode. opts is copied.
 * Returns REPORT_EXIT_OK and *out, or prints one line and returns the exit
 * status (1: no display / SDL failure, 2: bad input such as a missing font). */
int app_open(App **out, const AppOptions *opts);

/* app_open for `wavesnake replay FILE`: the snake view shows session's
 * trace (borrowed: it must stay open until app_close), paused. */
int app_open_replay(App **out, const AppOptions *opts, ReplaySession *session);

/* One frame: events, simulation ticks, drawing, present. Returns false once
 * the user asked to quit (Esc, Q, closing the window). */
bool app_frame(App *app);

/* Asks the next frame to write its pixels to path (before presenting).
 * app_shot_status tells how the last such request went (0 ok, else an exit status). */
void app_request_shot(App *app, const char *path);
int app_shot_status(const App *app);

/* Prints frame-time statistics to stdout: median and p99 of update + draw (the
 * frame time, without present and its vsync wait), and the medians of update,
 * draw and present alone. */
void app_print_stats(const App *app);

unsigned app_overlays(const App *app);
const char *app_status(const App *app); /* the HUD's notice line ("" when none was set) */
bool app_is_paused(const App *app);
AppMode app_mode(const App *app);
long app_frame_count(const App *app);
long app_tick_count(const App *app);
bool app_is_recording(const App *app); /* a GIF recording runs (C, --record) */

/* The current view's time travel: the ticks kept (first..last) and the one
 * on screen. False (outputs untouched) when the view keeps no history. */
bool app_time(const App *app, long *first, long *current, long *last);

/* Glyph renders the text cache has made (tests: text is rendered once, not per frame). */
long app_text_renders(const App *app);

/* Frees everything and quits SDL. Safe on NULL. */
void app_close(App *app);

#endif
