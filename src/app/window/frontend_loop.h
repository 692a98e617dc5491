/* frontend_loop.h - the window's loop in steps: open, one frame, close, and
 * what can be read between two frames.
 *
 * frontend_run (frontend.h) is frontend_open + frontend_frame in a loop +
 * frontend_close. Tests drive the same steps themselves: open a Frontend
 * under SDL_VIDEODRIVER=dummy, push SDL events with SDL_PushEvent, run a
 * frame and look at the state through the getters below. The Frontend owns
 * the window (or the offscreen surface), the renderer, the text cache and
 * every view's state; here it is an opaque type, so a test reads only what
 * a getter promises (its fields are frontend_internal.h's, the window
 * files' own). The dispatch never sees this header: a build without SDL
 * has no loop to give it.
 */
#ifndef WS_FRONTEND_LOOP_H
#define WS_FRONTEND_LOOP_H

#include <stdbool.h>

#include "layout.h"
#include "options.h"
#include "replay_session.h"
#include "ws_error.h"

typedef struct Frontend Frontend;

/* Initialises SDL, SDL_ttf, the window (or, with opts->screenshot, an
 * offscreen software renderer) and the view for opts->mode. opts is copied.
 * Returns WS_OK and *out, or fills err (may be NULL) and returns its status,
 * printing nothing: REPORT_ERR_INTERNAL for no display or an SDL failure
 * (exit status 1, report.h), WS_ERR_IO / WS_ERR_ARG for bad input such as
 * a missing font or a --race pair that cannot play the board (2). */
WsStatus frontend_open(Frontend **out, const AppOptions *opts, WsError *err);

/* frontend_open for `wavesnake replay FILE`: the replay view shows session's
 * trace (borrowed: it must stay open until frontend_close), paused. */
WsStatus frontend_open_replay(Frontend **out, const AppOptions *opts, ReplaySession *session,
                              WsError *err);

/* One frame: events, simulation ticks, drawing, present. Returns false once
 * the user asked to quit (Esc, Q, closing the window). */
bool frontend_frame(Frontend *app);

/* Asks the next frame to write its pixels to path (before presenting).
 * frontend_shot_status tells how the last such request went (WS_OK, or the
 * failure's status with its message copied to err, which may be NULL). */
void frontend_request_shot(Frontend *app, const char *path);
WsStatus frontend_shot_status(const Frontend *app, WsError *err);

/* Prints frame-time statistics to stdout: median and p99 of update + draw (the
 * frame time, without present and its vsync wait), and the medians of update,
 * draw and present alone. */
void frontend_print_stats(const Frontend *app);

unsigned frontend_overlays(const Frontend *app);
const char *
frontend_status_text(const Frontend *app); /* the HUD's notice line ("" when none was set) */
/* The caption line above the board as the last frame drew it (a game's result), "" when none. */
const char *frontend_caption_text(const Frontend *app);
/* The keys of the HUD's key/value items the last frame drew, in order, each
 * followed by ';', with "legend" for each legend line or swatch drawn
 * ("tick;policy;reason;legend;"): what a small window kept. */
const char *frontend_hud_keys(const Frontend *app);
/* Every string the last frame drew (the HUD, the labels, the caption, the
 * help), one a line, in the order drawn (text_transcript). */
const char *frontend_frame_text(const Frontend *app);
bool frontend_is_paused(const Frontend *app);
AppMode frontend_mode(const Frontend *app);
long frontend_frame_count(const Frontend *app);
long frontend_tick_count(const Frontend *app);
/* The frame clock (FrontendCtx.now_ms) of the last frame: a stall of the
 * program moves it at most 250 ms a frame. */
uint64_t frontend_now_ms(const Frontend *app);
bool frontend_is_recording(const Frontend *app); /* a GIF recording runs (C, --record) */
/* The ticks per second the clock runs now (0: unlimited): the speed (+ / -),
 * or the view's lower pace (View.pace: the snake wheel's while a person steers). */
double frontend_tick_speed(const Frontend *app);

/* The current view's time travel: the ticks kept (first..last) and the one
 * on screen. False (outputs untouched) when the view keeps no history. */
bool frontend_time(const Frontend *app, long *first, long *current, long *last);

/* The layout of the last frame drawn: where the board, the timeline and the
 * HUD went (after the view said what of the board area it uses). */
FrameLayout frontend_frame_layout(const Frontend *app);

/* The state of the view shown, as its View's functions get it (view.h): a
 * test that looks inside a view casts it to that view's type (the snake
 * views' state begins with a SnakeScreen, snake_screen.h). */
void *frontend_view_state(const Frontend *app);

/* The clock a frame's ticks are budgeted by (10 ms of it: a fixed speed
 * whose ticks take longer drops the rest), SDL's performance counter unless
 * set (NULL sets it back). Tests set a counter that steps a fixed amount a
 * read, so a budget's end does not depend on the machine. */
void frontend_set_counter(Frontend *app, uint64_t (*counter)(void));

/* Glyph renders the text cache has made (tests: text is rendered once, not per frame). */
long frontend_text_renders(const Frontend *app);

/* Frees everything and quits SDL. Safe on NULL. */
void frontend_close(Frontend *app);

#endif
