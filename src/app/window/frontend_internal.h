/* frontend_internal.h - the front end's own state, shared by its files.
 *
 * The window front end is one module over several files, each one idea:
 * frontend.c (the loop, the clock, the views, opening and closing: the
 * Frontend), input.c (events and keys), time_travel.c (the ViewHistory glue:
 * seeks, the timeline), capture.c (screenshots and GIF recordings) and
 * draw.c (the frame around the view: caption, HUD panel, notices, help).
 * Only these files include this header: it is the struct Frontend behind
 * frontend_loop.h's opaque type and the calls those files make to one
 * another, which may change with any of them. Views see view.h (their
 * FrontendCtx), tests frontend_loop.h, the dispatch frontend.h.
 */
#ifndef WS_FRONTEND_INTERNAL_H
#define WS_FRONTEND_INTERNAL_H

#include <SDL.h>
#include <stdbool.h>
#include <stdint.h>

#include "frontend_loop.h"
#include "pace.h"
#include "record.h"
#include "stats.h"
#include "view.h"

/* The frame timings kept for --stats (Frontend.hists). */
enum { FT_WORK = 0, FT_UPDATE, FT_DRAW, FT_PRESENT, FT_INTERVAL, FT_CAPTURE, FT_SEEK, FT_COUNT };

/* The overlay bits every mode shares; the others are switched per mode. */
enum { OVERLAY_SHARED = OVERLAY_HUD | OVERLAY_HELP };

struct Frontend {
    AppOptions opts;
    bool offscreen;
    bool sdl_video, ttf_on;
    SDL_Window *window;
    SDL_Surface *surface; /* offscreen target */
    SDL_Renderer *renderer;
    bool vsync; /* the renderer says it waits for vsync (reported by --stats) */
    char renderer_name[32];
    TextCache *text;
    FrontendCtx ctx;
    char hud_keys[512]; /* the keys of the HUD items the last frame drew (frontend_hud_keys) */
    int title_right;    /* the right end of the panel's title as last drawn (0: none) */
    AppMode mode;       /* the mode of the view shown (its View.mode) */
    ViewId view;        /* the view shown */
    ViewId mode_views[APP_MODE_COUNT]; /* the view each mode shows (the race, while it runs) */
    void *states[VIEW_ID_COUNT];       /* each view's state, NULL before it is first shown */
    unsigned
        mode_overlays[APP_MODE_COUNT]; /* each mode's overlay switches (OVERLAY_SHARED apart) */
    int windowed_w, windowed_h;        /* the window's size before F made it fullscreen */

    /* The tick budget's clock (frontend_set_counter). */
    uint64_t (*counter)(void);
    double acc_ms;    /* simulation time owed */
    bool step_owed;   /* N, paused, while the view waited for a move (View.waiting) */
    uint64_t last_ms; /* wall clock at the previous frame (ctx.now_ms: the frame clock) */
    long frames;
    long ticks;
    uint64_t rate_ms; /* start of the ticks/s window */
    long rate_ticks;
    bool rate_short; /* ticks owed in that window were dropped (FrontendCtx.ticks_short) */
    bool quit;
    bool scrubbing; /* the left button went down on the timeline and is still down */
    int help_page;  /* the help box's page shown (F1 turns it; a small window has several) */
    int help_pages; /* how many pages the last drawn help box had */
    bool hovering;  /* the pointer is over the timeline (or scrubbing): its tick is labelled */
    int hover_x;    /* the pointer's x then */

    const char *shot_path; /* capture the next frame here (borrowed, or shot_name) */
    bool shot_by_key;      /* S asked for it: the HUD says where it went */
    char shot_name[4200];  /* the S key's file: its full path, shown in the HUD */
    WsStatus shot_status;  /* how the last screenshot went (WS_OK, or shot_err says why) */
    WsError shot_err;

    Recorder *rec;         /* the GIF being recorded, or NULL */
    uint64_t rec_start_ms; /* when it started (the HUD's timer) */
    bool rec_force;        /* take the next frame even if not due (the last offscreen frame) */
    bool rec_by_key;       /* started with C (its failures only reach the HUD) */
    WsError rec_err;       /* why the --record recording failed (reported at the end) */
    /* Since when C's "recording ... (C stops)" shows (0: not): drawn after
     * the frame is read, so the GIF does not show it. */
    uint64_t rec_notice_ms;

    /* Per-frame timings: [FT_WORK] update + draw (the frame time; without present
     * and its vsync wait), [FT_UPDATE] ticks alone, [FT_DRAW] drawing alone,
     * [FT_PRESENT] SDL_RenderPresent (includes any wait for vsync),
     * [FT_INTERVAL] from one frame's start to the next (the frame rate),
     * [FT_CAPTURE] reading a frame's pixels for the recording,
     * [FT_SEEK] a view's seek to another tick (time travel). */
    LatencyHist *hists;
    Uint64 frame_start;
    Uint64 prev_frame_start; /* 0 before the first frame */
    FramePace pace;          /* the window's frame pacing (pace.h) */
    Uint64 warm_start;       /* start of frame WARMUP_FRAMES (0 before it) */
};

/* ---- frontend.c ------------------------------------------------------------ */

/* The view shown (its state: frontend_view_state, frontend_loop.h). */
const View *frontend_view(const Frontend *app);

/* Runs up to n ticks of the view shown (fewer when it has nothing to step). */
void frontend_run_ticks(Frontend *app, long n);

/* Keys 1 2 3: shows the view of `mode`, with that mode's overlay switches. */
void frontend_switch_mode(Frontend *app, AppMode mode);

/* Follows a view's frontend_show after one of its callbacks; a failure goes
 * to the status line ("no race: ..."). */
void frontend_follow_request(Frontend *app);

/* Adds the time from..to (performance counter) to timing `which` (FT_*). */
void frontend_timing(Frontend *app, int which, Uint64 from, Uint64 to);

/* ---- input.c --------------------------------------------------------------- */

/* Handles the pending SDL events: global keys, the timeline's mouse, the rest to the view. */
void input_poll(Frontend *app);

/* ---- time_travel.c --------------------------------------------------------- */

/* The history of the view shown, or NULL when it keeps none. */
const ViewHistory *time_travel_history(const Frontend *app);

/* Pauses and shows tick t (clamped to the kept ticks). */
void time_travel_seek(Frontend *app, long t);

/* `.` / `N`: the next tick of the history, or a new one at the latest tick. */
void time_travel_step(Frontend *app);

/* One tick of play while running (Space): at a past tick the next recorded
 * tick, shown like a video and never dropped; at the latest tick the view's
 * own tick. False when there is nothing to step (see View.tick) or a seek
 * failed (then play pauses). */
bool time_travel_play(Frontend *app);

/* Running at a past tick with n ticks due: the kept ones among them played
 * by one seek to the last (only it is drawn). Returns how many (0: at the
 * latest tick, time_travel_play goes on; -1: the seek failed, paused). */
long time_travel_play_kept(Frontend *app, long n);

/* The timeline of the view shown for the frame's layout (bar.w = 0: none). */
void time_travel_timeline(const Frontend *app, Timeline *tl);

/* A click or a drag on the timeline: shows the tick under the pointer. */
void time_travel_scrub(Frontend *app, int x);

/* The pointer moved to (x, y): the timeline shows the tick under it while
 * it is over the strip (or scrubbing); x < 0: it left the window. */
void time_travel_hover(Frontend *app, int x, int y);

/* The tick under the pointer for the timeline's label, or -1 when none. */
long time_travel_hovered(const Frontend *app);

/* ---- capture.c ------------------------------------------------------------- */

/* S: a screenshot of the next frame, to a fresh file in the current folder. */
void capture_shot_key(Frontend *app);

/* Writes the frame drawn so far (before present) to app->shot_path if a
 * screenshot was asked for: a line on stdout, or the failure in
 * app->shot_status / shot_err (a key's also on stderr and in the HUD). */
void capture_take_shot(Frontend *app);

/* C: starts a recording to a fresh file, or stops the one running. */
void capture_record_key(Frontend *app);

/* Starts recording the window to path (WS_ERR_IO: the file cannot be written). */
WsStatus capture_record_start(Frontend *app, const char *path, bool by_key, WsError *err);

/* Stops the recording and says what was saved where (stdout and the HUD);
 * `why` names a reason other than the user's (a resize), or is NULL. A
 * failure shows in the HUD; frontend_run reports a --record one at the end
 * (a C one is reported at once). Nothing when none runs. */
void capture_record_stop(Frontend *app, const char *why);

/* Hands the finished frame to the recorder when one is due. */
void capture_record_frame(Frontend *app);

/* The recording mark in the HUD (after the frame was read: the GIF does not show it). */
void capture_draw_rec_mark(Frontend *app);

/* ---- draw.c ---------------------------------------------------------------- */

/* Lays out the frame for the window's size, the HUD's style and whether it
 * shows (ctx.frame, before the view's fit): draw_frame does it each frame,
 * frontend_open once before the first tick, so that what a view does before
 * its first frame is drawn (an engine's fault at once) knows whether the
 * HUD is a strip. */
void draw_layout(Frontend *app);

/* Lays out and draws the whole frame: the view, the timeline, the caption,
 * the HUD, a notice and the help box. */
void draw_frame(Frontend *app);

/* A notice along the bottom of the window (the strip, the toast with the HUD
 * hidden, C's notice): `text` wrapped to lines `w` pixels wide at px, from
 * px / 2 in, rather than cut at the window's edge. draw_notice_lines counts
 * the lines (at most max); draw_notice draws them from y, one a
 * layout_line_h(px), the last of max lines cut if the text goes on. */
int draw_notice_lines(Frontend *app, int w, int px, const char *text, int max);
void draw_notice(Frontend *app, int x, int y, int w, int px, Rgba color, const char *text, int max);

#endif
