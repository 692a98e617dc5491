/* frontend.c - the SDL2 window: fixed-step clock, global keys, HUD, screenshots,
 * GIF recordings.
 *
 * The loop is raylib's Update/Draw split with a fixed simulation step: wall
 * time accumulates (SDL_GetTicks64) and the current view ticks once per
 * 1000/speed ms, independent of the display rate (vsync, or a 60 Hz limiter
 * when the renderer has none). Unlimited speed ticks as long as the frame's
 * time budget lasts. Offscreen (--screenshot) the clock is a fixed 16 ms per
 * frame and unlimited speed is a fixed tick count per frame, so the same
 * command writes the same PNG every time.
 *
 * Screenshots and recordings read the finished frame before it is presented;
 * the recording mark (a red dot in the HUD) is drawn after that read, so the
 * window shows it and the GIF does not.
 */
#include <SDL.h>
#include <SDL_image.h>
#include <SDL_ttf.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "chart_png.h"
#include "cli.h"
#include "frontend.h"
#include "frontend_app.h"
#include "pace.h"
#include "record.h"
#include "stats.h"
#include "view.h"

/* ======================================================================== */
/* Types and constants                                                       */
/* ======================================================================== */

static void run_ticks(App *app, long n);                         /* the view's ticks (below) */
static void record(App *app, int which, Uint64 from, Uint64 to); /* a frame timing (below) */

/* Every view of the window (view.h). */
static const View *const VIEWS[VIEW_ID_COUNT] = {
    [VIEW_ID_SNAKE] = &VIEW_SNAKE,   [VIEW_ID_ARENA] = &VIEW_ARENA, [VIEW_ID_SEA] = &VIEW_SEA,
    [VIEW_ID_REPLAY] = &VIEW_REPLAY, [VIEW_ID_RACE] = &VIEW_RACE,
};

/* The view each AppMode opens with (a replay's snake mode opens VIEW_ID_REPLAY). */
static const ViewId MODE_VIEWS[APP_MODE_COUNT] = {
    [APP_MODE_SNAKE] = VIEW_ID_SNAKE,
    [APP_MODE_ARENA] = VIEW_ID_ARENA,
    [APP_MODE_SEA] = VIEW_ID_SEA,
};

/* The + / - ladder of ticks per second; past the last one comes unlimited (0). */
static const double SPEED_STEPS[] = {1, 2, 3, 5, 8, 10, 15, 20, 30, 45, 60, 90, 125, 250, 500,
                                     1000, 2000};
enum { SPEED_STEP_COUNT = (int)(sizeof SPEED_STEPS / sizeof SPEED_STEPS[0]) };

enum { FT_WORK = 0, FT_UPDATE, FT_DRAW, FT_PRESENT, FT_INTERVAL, FT_CAPTURE, FT_SEEK, FT_COUNT };

enum {
    OFFSCREEN_FRAME_MS = 16,        /* the offscreen clock's frame */
    OFFSCREEN_UNLIMITED_TICKS = 50, /* ticks per offscreen frame at unlimited speed */
    DEFAULT_SHOT_FRAMES = 60,
    FRAME_RATE = 60,              /* frame pacing: frames a second (pace.h) */
    WARMUP_FRAMES = 60, /* --stats' steady rate leaves out these (window mapped, glyphs cached) */
    UNLIMITED_BUDGET_MS = 10,     /* time for ticks per frame at unlimited speed */
    MAX_TICKS_PER_FRAME = 100000, /* fixed-rate catch-up never exceeds this */
    MAX_FRAME_GAP_MS = 250,       /* longer stalls (window dragged) are not caught up */
    STATUS_SHOW_MS = 6000,
    JPEG_QUALITY = 92 /* --screenshot F.jpg */
};

static const char FONT_FILE[] = "assets/fonts/DejaVuSansMono.ttf";

struct App {
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
    AppMode mode;                      /* the mode of the view shown: VIEWS[view]->mode */
    ViewId view;                       /* the view shown */
    ViewId mode_views[APP_MODE_COUNT]; /* the view each mode shows (the race, while it runs) */
    void *states[VIEW_ID_COUNT];       /* each view's state, NULL before it is first shown */
    unsigned
        mode_overlays[APP_MODE_COUNT]; /* each mode's overlay switches (OVERLAY_SHARED apart) */
    int windowed_w, windowed_h;        /* the window's size before F made it fullscreen */

    double acc_ms;      /* simulation time owed */
    uint64_t last_ms;   /* clock at the previous frame */
    long frames;
    long ticks;
    uint64_t rate_ms;   /* start of the ticks/s window */
    long rate_ticks;
    bool quit;
    bool scrubbing; /* the left button went down on the timeline and is still down */

    const char *shot_path; /* capture the next frame here (borrowed, or shot_name) */
    bool shot_by_key;      /* S asked for it: the HUD says where it went */
    char shot_name[4200];  /* the S key's file: its full path, shown in the HUD */
    int shot_status;

    Recorder *rec;         /* the GIF being recorded, or NULL */
    uint64_t rec_start_ms; /* when it started (the HUD's timer) */
    bool rec_force;        /* take the next frame even if not due (the last offscreen frame) */
    bool rec_by_key;       /* started with C (its failures only reach the HUD) */
    WsError rec_err;       /* why the --record recording failed (reported at the end) */

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

/* ======================================================================== */
/* Small helpers                                                             */
/* ======================================================================== */

void frontend_status(FrontendCtx *ctx, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ctx->status, sizeof ctx->status, fmt, ap);
    va_end(ap);
    ctx->status_ms = ctx->now_ms;
}

void frontend_numbers_fit(FrontendCtx *ctx, int cell_px, int min_cell) {
    if ((ctx->overlays & OVERLAY_NUMBERS) && cell_px > 0 && cell_px < min_cell)
        frontend_status(ctx,
                     "D: cells are %d px, numbers need %d: a bigger window or a smaller "
                     "board shows them",
                     cell_px, min_cell);
}

static uint64_t app_clock(const App *app) {
    return app->offscreen ? (uint64_t)app->frames * OFFSCREEN_FRAME_MS : SDL_GetTicks64();
}

static const View *current_view(const App *app) { return VIEWS[app->view]; }
static void *current_state(const App *app) { return app->states[app->view]; }

/* ======================================================================== */
/* Time travel                                                               */
/* ======================================================================== */

/* The current view's history, or NULL when it keeps none. */
static const ViewHistory *current_history(const App *app) { return current_view(app)->history; }

/* A view's seek, timed for --stats. */
static void timed_seek(App *app, const ViewHistory *hist, long t) {
    Uint64 start = SDL_GetPerformanceCounter();
    hist->seek(current_state(app), t, &app->ctx);
    record(app, FT_SEEK, start, SDL_GetPerformanceCounter());
}

/* Pauses and shows tick t (clamped to the kept ticks). */
static void time_seek(App *app, long t) {
    const ViewHistory *hist = current_history(app);
    if (hist == NULL)
        return;
    void *st = current_state(app);
    FrontendCtx *ctx = &app->ctx;
    ctx->paused = true;
    app->acc_ms = 0.0;
    long first = 0, last = 0;
    hist->range(st, &first, &last);
    if (t < first)
        t = first;
    if (t > last)
        t = last;
    if (t != hist->current(st))
        timed_seek(app, hist, t);
}

/* `.` / `N`: the next tick of the history, or a new one at the latest tick. */
static void time_step(App *app) {
    FrontendCtx *ctx = &app->ctx;
    ctx->paused = true;
    app->acc_ms = 0.0;
    const ViewHistory *hist = current_history(app);
    if (hist != NULL) {
        void *st = current_state(app);
        long first = 0, last = 0;
        hist->range(st, &first, &last);
        long cur = hist->current(st);
        if (cur < last) {
            timed_seek(app, hist, cur + 1);
            return;
        }
    }
    run_ticks(app, 1);
}

/* The timeline of the current view for the frame's layout (bar.w = 0: none). */
static void current_timeline(const App *app, Timeline *tl) {
    const ViewHistory *hist = current_history(app);
    long first = 0, last = 0;
    PixRect strip = app->ctx.frame.timeline;
    if (hist == NULL)
        strip.w = 0;
    else
        hist->range(current_state(app), &first, &last);
    timeline_layout(tl, strip, first, last);
}

/* A click or a drag on the timeline: show the tick under the pointer. */
static void scrub_to(App *app, int x) {
    Timeline tl;
    current_timeline(app, &tl);
    if (tl.bar.w > 0)
        time_seek(app, timeline_x_to_tick(&tl, x));
}

static double speed_faster(double speed) {
    if (speed <= 0.0)
        return 0.0;
    for (int i = 0; i < SPEED_STEP_COUNT; i++)
        if (SPEED_STEPS[i] > speed + 1e-9)
            return SPEED_STEPS[i];
    return 0.0;
}

static double speed_slower(double speed) {
    if (speed <= 0.0)
        return SPEED_STEPS[SPEED_STEP_COUNT - 1];
    for (int i = SPEED_STEP_COUNT - 1; i >= 0; i--)
        if (SPEED_STEPS[i] < speed - 1e-9)
            return SPEED_STEPS[i];
    return SPEED_STEPS[0];
}

/* Creates view `id` if it does not exist yet (with arg != NULL: afresh, a
 * state it had destroyed first). False (err says why) when its creation failed. */
static bool ensure_view(App *app, ViewId id, const void *arg, WsError *err) {
    if (app->states[id] != NULL && arg == NULL)
        return true;
    if (app->states[id] != NULL) {
        VIEWS[id]->destroy(app->states[id]);
        app->states[id] = NULL;
    }
    return VIEWS[id]->create(&app->states[id], &app->ctx, arg, err) == WS_OK;
}

/* Follows a view's frontend_show, if one asked. False (err says why) when the
 * view asked for could not be created: the current one stays. */
static bool follow_request(App *app, WsError *err) {
    ViewRequest *rq = &app->ctx.request;
    while (rq->asked) {
        ViewRequest r = *rq;
        rq->asked = false;
        if (!ensure_view(app, r.to, r.arg, err))
            return false;
        app->view = r.to;
        app->mode_views[VIEWS[r.to]->mode] = r.to;
    }
    return true;
}

/* follow_request after a view's callback: a failure goes to the status line. */
static void follow_view_request(App *app) {
    ViewId to = app->ctx.request.to;
    WsError err = {0};
    if (!follow_request(app, &err))
        frontend_status(&app->ctx, "no %s: %s", VIEWS[to]->name, err.msg);
}

void frontend_show(FrontendCtx *ctx, ViewId to, const void *arg) {
    ctx->request = (ViewRequest){.asked = true, .to = to, .arg = arg};
}

/* The overlay bits every mode shares; the others are switched per mode. */
enum { OVERLAY_SHARED = OVERLAY_HUD | OVERLAY_HELP };

static void switch_mode(App *app, AppMode mode) {
    if (mode == app->mode)
        return;
    WsError err = {0};
    ViewId to = app->mode_views[mode];
    if (!ensure_view(app, to, NULL, &err)) {
        frontend_status(&app->ctx, "%s", err.msg);
        return;
    }
    unsigned *ov = &app->ctx.overlays;
    app->mode_overlays[app->mode] = *ov & ~(unsigned)OVERLAY_SHARED;
    *ov = (*ov & OVERLAY_SHARED) | app->mode_overlays[mode];
    app->mode = mode;
    app->view = to;
    app->acc_ms = 0.0;
    frontend_status(&app->ctx, "mode: %s", app_mode_name(mode));
}

/* ======================================================================== */
/* Screenshots                                                               */
/* ======================================================================== */

/* Reads the frame drawn so far (before present) and writes it as a PNG. */
static bool capture_png(App *app, const char *path, char *why, size_t why_cap) {
    int w = 0, h = 0;
    if (SDL_GetRendererOutputSize(app->renderer, &w, &h) != 0) {
        snprintf(why, why_cap, "%s", SDL_GetError());
        return false;
    }
    SDL_Surface *shot = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_RGB888);
    if (shot == NULL) {
        snprintf(why, why_cap, "%s", SDL_GetError());
        return false;
    }
    bool ok = SDL_RenderReadPixels(app->renderer, NULL, SDL_PIXELFORMAT_RGB888, shot->pixels,
                                   shot->pitch) == 0;
    if (ok) {
        size_t n = strlen(path);
        bool jpeg = (n > 4 && SDL_strcasecmp(path + n - 4, ".jpg") == 0) ||
                    (n > 5 && SDL_strcasecmp(path + n - 5, ".jpeg") == 0);
        ok = (jpeg ? IMG_SaveJPG(shot, path, JPEG_QUALITY) : IMG_SavePNG(shot, path)) == 0;
    }
    if (!ok)
        snprintf(why, why_cap, "%s", SDL_GetError());
    SDL_FreeSurface(shot);
    return ok;
}

/* A fresh name in the current directory: wavesnake-YYYYMMDD-HHMMSS[-N].EXT. */
static void make_file_name(char *buf, size_t cap, const char *ext);

/* The S key's file: a fresh name, as a full path so the HUD says where it went. */
static void make_shot_path(char *buf, size_t cap) {
    char name[64], dir[4096];
    make_file_name(name, sizeof name, "png");
    if (getcwd(dir, sizeof dir) != NULL)
        snprintf(buf, cap, "%s/%s", dir, name);
    else
        snprintf(buf, cap, "%s", name);
}

static void make_file_name(char *buf, size_t cap, const char *ext) {
    time_t now = time(NULL);
    struct tm tmv;
    char stamp[32] = "now";
    struct tm *lt = localtime(&now);
    if (lt != NULL) {
        tmv = *lt;
        strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tmv);
    }
    snprintf(buf, cap, "wavesnake-%s.%s", stamp, ext);
    for (int n = 2; n < 100; n++) {
        FILE *f = fopen(buf, "rb");
        if (f == NULL)
            return;
        fclose(f);
        snprintf(buf, cap, "wavesnake-%s-%d.%s", stamp, n, ext);
    }
}

/* ======================================================================== */
/* Recordings                                                                */
/* ======================================================================== */

/* The program's own opaque colours, kept exactly in a recording's palette. */
static int palette_colors(uint32_t *out, int cap) {
    const Rgba *const pal[] = {&PAL_BACKGROUND, &PAL_BOARD,  &PAL_BOARD_ALT, &PAL_WALL,
                               &PAL_GRID,       &PAL_PANEL,  &PAL_TEXT,      &PAL_TEXT_DIM,
                               &PAL_ACCENT,     &PAL_GOOD,   &PAL_BAD,       &PAL_PATH,
                               &PAL_PATH_ALT,   &PAL_GHOST};
    int n = 0;
    for (size_t i = 0; i < sizeof pal / sizeof pal[0] && n < cap; i++)
        if (pal[i]->a == 255)
            out[n++] = (uint32_t)pal[i]->r << 16 | (uint32_t)pal[i]->g << 8 | pal[i]->b;
    return n;
}

/* Starts recording the window to path (WS_ERR_IO: the file cannot be written). */
static WsStatus start_recording(App *app, const char *path, bool by_key, WsError *err) {
    int w = 0, h = 0;
    if (SDL_GetRendererOutputSize(app->renderer, &w, &h) != 0)
        return ws_fail(err, CLI_ERR_INTERNAL, "cannot record %s: %s", path, SDL_GetError());
    uint32_t keep[RECORD_KEEP_MAX];
    /* Offscreen nobody watches: wait for the encoder, and every run gives the same file. */
    RecordOptions ro = {.keep = keep,
                        .keep_count = palette_colors(keep, RECORD_KEEP_MAX),
                        .wait = app->offscreen};
    WsStatus st = record_open(&app->rec, path, w, h, &ro, err);
    if (st != WS_OK)
        return st;
    app->rec_start_ms = app->ctx.now_ms;
    app->rec_by_key = by_key;
    /* --record's file is the user's own; the GIF need not show its name. */
    if (by_key)
        frontend_status(&app->ctx, "recording %s  (C stops)", record_path(app->rec));
    return WS_OK;
}

/* A failure of the C key: one line on stderr (as the S key's) and in the HUD. */
static void key_failed(App *app, const WsError *err) {
    fprintf(stderr, "wavesnake: %s\n", err->msg);
    frontend_status(&app->ctx, "%s", err->msg);
}

/* Stops the recording and says what was saved where (stdout and the HUD);
 * `why` names a reason other than the user's (a resize), or is NULL. A
 * failure shows in the HUD; frontend_run reports a --record one at the end
 * (a C one is reported at once). */
static void stop_recording(App *app, const char *why) {
    if (app->rec == NULL)
        return;
    char path[4096];
    snprintf(path, sizeof path, "%s", record_path(app->rec));
    RecordReport rep;
    WsError err = {0};
    WsStatus st = record_close(app->rec, &rep, &err);
    app->rec = NULL;
    if (st != WS_OK) {
        if (app->rec_by_key)
            key_failed(app, &err);
        else
            app->rec_err = err;
        frontend_status(&app->ctx, "recording failed: %s", err.msg);
        return;
    }
    printf("wavesnake: recorded %s%s%s: %ld frame%s, %.1f s, %.0f KB, %d colours; %ld frames "
           "taken, %ld unchanged, %ld dropped; encoding: first frame %.1f ms (palette %.1f ms), "
           "then %.2f ms mean, %.2f ms p99, %.2f ms max per frame\n",
           path, why != NULL ? " - " : "", why != NULL ? why : "", rep.frames_written,
           rep.frames_written == 1 ? "" : "s", rep.seconds, (double)rep.bytes / 1024.0,
           rep.colors, rep.frames_taken, rep.frames_merged, rep.frames_dropped, rep.first_ms,
           rep.palette_ms, rep.encode_ms_mean, rep.encode_ms_p99, rep.encode_ms_max);
    fflush(stdout);
    frontend_status(&app->ctx, "%s%ssaved %ld frames (%.1f s, %.0f KB, %ld dropped) to %s",
                 why != NULL ? why : "", why != NULL ? ": " : "", rep.frames_written, rep.seconds,
                 (double)rep.bytes / 1024.0, rep.frames_dropped, path);
}

/* Hands the finished frame to the recorder when one is due (only a copy of
 * the pixels happens here). A resized window or a failed write stops it. */
static void capture_for_recording(App *app) {
    if (app->rec == NULL)
        return;
    if (record_status(app->rec, NULL) != WS_OK) {
        stop_recording(app, NULL); /* reports the failure */
        return;
    }
    int w = 0, h = 0;
    SDL_GetRendererOutputSize(app->renderer, &w, &h);
    if (w != record_width(app->rec) || h != record_height(app->rec)) {
        stop_recording(app, "window resized, recording stopped");
        return;
    }
    Uint64 start = SDL_GetPerformanceCounter();
    int pitch = 0;
    uint32_t *px = record_frame_begin(app->rec, app->ctx.now_ms, app->rec_force, &pitch);
    app->rec_force = false;
    if (px == NULL)
        return;
    bool ok = SDL_RenderReadPixels(app->renderer, NULL, SDL_PIXELFORMAT_RGB888, px, pitch) == 0;
    record_frame_end(app->rec, ok);
    record(app, FT_CAPTURE, start, SDL_GetPerformanceCounter());
}

/* The recording mark at the right end of the HUD's title line: a red dot and
 * the time recorded (the dot alone when the title leaves no room). Drawn after
 * the frame was read, so the GIF does not show it. */
static void draw_rec_mark(App *app) {
    const FrameLayout *fl = &app->ctx.frame;
    if (app->rec == NULL || fl->hud.w <= 0 || fl->hud.h <= 0)
        return;
    SDL_Rect clip = {fl->hud.x, fl->hud.y, fl->hud.w, fl->hud.h};
    SDL_RenderSetClipRect(app->renderer, &clip);
    int px = fl->hud_px, title_px = px + px / 3; /* hud_title's size */
    int y = fl->hud.y + px, lh = text_line_height(app->text, title_px);
    int right = fl->hud.x + fl->hud.w - px;
    int title_end = fl->hud.x + px + text_width(app->text, title_px, "wavesnake · snake") + px;
    unsigned long long s = (unsigned long long)(app->ctx.now_ms - app->rec_start_ms) / 1000u;
    char label[32];
    snprintf(label, sizeof label, "REC %llu:%02llu", s / 60u, s % 60u);
    int r = px / 2 > 2 ? px / 2 : 2;
    int tw = text_width(app->text, px, label);
    if (right - tw - px / 2 - 2 * r >= title_end) {
        text_draw(app->text, px, right, y + (lh - text_line_height(app->text, px)) / 2,
                  TEXT_RIGHT, render_sdl_color(PAL_BAD), label);
        right -= tw + px / 2;
    }
    render_disc(app->renderer, right - r, y + lh / 2, r, PAL_BAD);
    SDL_RenderSetClipRect(app->renderer, NULL);
}

/* ======================================================================== */
/* Input                                                                     */
/* ======================================================================== */

static void run_ticks(App *app, long n) {
    const View *view = current_view(app);
    void *st = current_state(app);
    for (long i = 0; i < n; i++) {
        if (!view->tick(st, &app->ctx))
            break;
        app->ticks++;
        app->rate_ticks++;
    }
}

/* F: fullscreen, and back to the window's own size (some window managers
 * forget it). */
static void toggle_fullscreen(App *app) {
    if (app->window == NULL)
        return;
    bool full = (SDL_GetWindowFlags(app->window) & SDL_WINDOW_FULLSCREEN) != 0;
    if (!full) {
        SDL_GetWindowSize(app->window, &app->windowed_w, &app->windowed_h);
        if (SDL_SetWindowFullscreen(app->window, SDL_WINDOW_FULLSCREEN_DESKTOP) != 0)
            frontend_status(&app->ctx, "fullscreen failed: %s", SDL_GetError());
        return;
    }
    SDL_SetWindowFullscreen(app->window, 0);
    if (app->windowed_w > 0 && app->windowed_h > 0)
        SDL_SetWindowSize(app->window, app->windowed_w, app->windowed_h);
}

/* I: panel -> strip -> hidden -> panel. */
static void next_hud_style(App *app) {
    FrontendCtx *ctx = &app->ctx;
    const char *now;
    if (!(ctx->overlays & OVERLAY_HUD)) {
        ctx->overlays |= OVERLAY_HUD;
        ctx->hud_style = HUD_STYLE_PANEL;
        now = "a panel";
    } else if (!ctx->frame.hud_strip) {
        ctx->hud_style = HUD_STYLE_STRIP;
        now = "a strip along the bottom";
    } else {
        ctx->overlays &= ~(unsigned)OVERLAY_HUD;
        now = "hidden";
    }
    frontend_status(ctx, "HUD: %s  (I changes it)", now);
}

static void apply_action(App *app, Action a) {
    FrontendCtx *ctx = &app->ctx;
    if (a == ACT_NONE)
        return;
    if (!keys_apply_in_mode(a, app->mode)) {
        /* Nothing flips: an indicator never claims what the mode cannot show. */
        frontend_status(ctx, "%s (%s) does nothing in the %s mode", keys_action_key(a),
                     keys_action_name(a), app_mode_name(app->mode));
        return;
    }
    unsigned bit = keys_overlay_bit(a);
    if (bit != 0)
        ctx->overlays ^= bit;
    switch (a) {
    case ACT_QUIT:
        app->quit = true;
        break;
    case ACT_PAUSE:
        ctx->paused = !ctx->paused;
        app->acc_ms = 0.0;
        break;
    case ACT_STEP:
        time_step(app);
        break;
    case ACT_BACK:
        if (current_history(app) != NULL)
            time_seek(app, current_history(app)->current(current_state(app)) - 1);
        break;
    case ACT_FIRST:
        time_seek(app, 0);
        break;
    case ACT_LAST:
        if (current_history(app) != NULL) {
            long first = 0, last = 0;
            current_history(app)->range(current_state(app), &first, &last);
            time_seek(app, last);
        }
        break;
    case ACT_FASTER:
    case ACT_SLOWER:
        ctx->speed = a == ACT_FASTER ? speed_faster(ctx->speed) : speed_slower(ctx->speed);
        app->acc_ms = 0.0; /* the new rate counts from now */
        if (ctx->speed > 0.0)
            frontend_status(ctx, "speed: %g ticks/s", ctx->speed);
        else
            frontend_status(ctx, "speed: unlimited");
        break;
    case ACT_MODE_SNAKE:
        switch_mode(app, APP_MODE_SNAKE);
        break;
    case ACT_MODE_ARENA:
        switch_mode(app, APP_MODE_ARENA);
        break;
    case ACT_MODE_SEA:
        switch_mode(app, APP_MODE_SEA);
        break;
    case ACT_SCREENSHOT:
        make_shot_path(app->shot_name, sizeof app->shot_name);
        app->shot_path = app->shot_name;
        app->shot_by_key = true;
        break;
    case ACT_RECORD:
        if (app->rec != NULL) {
            stop_recording(app, NULL);
        } else {
            char name[64];
            make_file_name(name, sizeof name, "gif");
            WsError err = {0};
            if (start_recording(app, name, true, &err) != WS_OK)
                key_failed(app, &err);
        }
        break;
    case ACT_FULLSCREEN:
        toggle_fullscreen(app);
        break;
    case ACT_HUD_STYLE:
        next_hud_style(app);
        break;
    case ACT_PAUSE_ON_END:
        ctx->pause_on_end = !ctx->pause_on_end;
        frontend_status(ctx, "%s",
                     ctx->pause_on_end ? "stops at the end of every game (E)"
                                       : "plays on after every game (E)");
        break;
    default:
        break;
    }
    const View *view = current_view(app);
    view->handle_action(current_state(app), a, ctx);
    follow_view_request(app);
}

static void handle_events(App *app) {
    SDL_Event ev;
    while (SDL_PollEvent(&ev)) {
        switch (ev.type) {
        case SDL_QUIT:
            app->quit = true;
            break;
        case SDL_KEYDOWN: {
            Action a = keys_action(ev.key.keysym.sym, ev.key.keysym.mod);
            /* Held keys repeat only where repeating makes sense. */
            if (ev.key.repeat && a != ACT_STEP && a != ACT_BACK && a != ACT_FASTER &&
                a != ACT_SLOWER && a != ACT_UP && a != ACT_RIGHT && a != ACT_DOWN && a != ACT_LEFT)
                break;
            apply_action(app, a);
            break;
        }
        case SDL_MOUSEBUTTONDOWN:
        case SDL_MOUSEMOTION:
        case SDL_MOUSEBUTTONUP: {
            /* The timeline takes the left button first; everything else is the view's. */
            Timeline tl;
            current_timeline(app, &tl);
            if (ev.type == SDL_MOUSEBUTTONDOWN && ev.button.button == SDL_BUTTON_LEFT &&
                timeline_hit(&tl, ev.button.x, ev.button.y)) {
                app->scrubbing = true;
                scrub_to(app, ev.button.x);
                break;
            }
            if (app->scrubbing) {
                if (ev.type == SDL_MOUSEMOTION)
                    scrub_to(app, ev.motion.x);
                else if (ev.type == SDL_MOUSEBUTTONUP && ev.button.button == SDL_BUTTON_LEFT)
                    app->scrubbing = false;
                break;
            }
            const View *view = current_view(app);
            if (view->handle_event != NULL)
                view->handle_event(current_state(app), &ev, &app->ctx);
            follow_view_request(app);
            break;
        }
        default: {
            const View *view = current_view(app);
            if (view->handle_event != NULL)
                view->handle_event(current_state(app), &ev, &app->ctx);
            follow_view_request(app);
            break;
        }
        }
    }
}

/* ======================================================================== */
/* Drawing                                                                   */
/* ======================================================================== */

/* The overlay switches of the current mode as "W● P○ ...": only the keys
 * that mean something here (keys_apply_in_mode). */
static void overlay_line(const App *app, char *buf, size_t cap) {
    static const Action TOGGLES[] = {ACT_TOGGLE_WAVE,    ACT_TOGGLE_PATH, ACT_TOGGLE_VIRTUAL,
                                     ACT_TOGGLE_HEATMAP, ACT_TOGGLE_GRID, ACT_TOGGLE_NUMBERS};
    size_t len = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < sizeof TOGGLES / sizeof TOGGLES[0]; i++) {
        if (!keys_apply_in_mode(TOGGLES[i], app->mode))
            continue;
        bool on = (app->ctx.overlays & keys_overlay_bit(TOGGLES[i])) != 0;
        int n = snprintf(buf + len, cap - len, "%s%s%s", len > 0 ? " " : "",
                         keys_action_key(TOGGLES[i]), on ? "●" : "○");
        if (n < 0 || (size_t)n >= cap - len)
            break;
        len += (size_t)n;
    }
}

static bool status_shown(const FrontendCtx *ctx) {
    return ctx->status[0] != '\0' && ctx->now_ms - ctx->status_ms < STATUS_SHOW_MS;
}

static void speed_text(const FrontendCtx *ctx, char *buf, size_t cap) {
    if (ctx->paused)
        snprintf(buf, cap, "paused  [Space]");
    else if (ctx->speed > 0.0)
        snprintf(buf, cap, "%.0f/s, %.0f ticks/s  [+/-]", ctx->speed, ctx->ticks_per_s);
    else
        snprintf(buf, cap, "max, %.0f ticks/s  [+/-]", ctx->ticks_per_s);
}

/* A strip (small windows): the view's key/value items flow over the first
 * lines, the last line holds the notice or the way to the help. */
static void draw_hud_strip(App *app) {
    FrontendCtx *ctx = &app->ctx;
    const FrameLayout *fl = &ctx->frame;
    int px = fl->hud_px, lh = layout_line_h(px);
    PixRect items = fl->hud;
    items.h -= lh;
    Hud hud;
    hud_begin_strip(&hud, app->renderer, app->text, items, px);
    char buf[96];
    speed_text(ctx, buf, sizeof buf);
    hud_kv(&hud, "", ctx->paused ? PAL_ACCENT : PAL_TEXT, "%s", buf);
    current_view(app)->hud(current_state(app), ctx, &hud);
    int y = fl->hud.y + fl->hud.h - lh;
    if (status_shown(ctx))
        text_draw(app->text, px, fl->hud.x + px / 2, y, TEXT_LEFT, render_sdl_color(PAL_ACCENT),
                  ctx->status);
    else
        text_draw(app->text, px, fl->hud.x + px / 2, y, TEXT_LEFT, render_sdl_color(PAL_TEXT_DIM),
                  "F1 help   I bigger HUD   Q quit");
}

/* A panel: the view's lines from the top, the shared footer (notice, speed,
 * overlays, the way to the help) kept at the bottom, never overprinted. */
static void draw_hud_panel(App *app) {
    FrontendCtx *ctx = &app->ctx;
    const FrameLayout *fl = &ctx->frame;
    int px = fl->hud_px;
    /* The footer's lines, measured first so that it is sized to fit. */
    char speed[112], ov[96], overlays[112];
    speed_text(ctx, ov, sizeof ov);
    snprintf(speed, sizeof speed, "speed  %s", ov);
    overlay_line(app, ov, sizeof ov);
    snprintf(overlays, sizeof overlays, "overlays  %s", ov);
    const char *hint = "F1 help   I HUD   Q quit";
    Hud foot;
    hud_begin(&foot, app->renderer, app->text, fl->hud, px);
    int lh = text_line_height(app->text, px) + px / 5;
    int status_lines = status_shown(ctx) ? hud_wrap_count(&foot, ctx->status) : 0;
    if (status_lines > 4)
        status_lines = 4;
    int lines = status_lines + hud_wrap_count(&foot, speed) + hud_wrap_count(&foot, overlays) +
                hud_wrap_count(&foot, hint);
    int foot_h = lines * lh + px;
    if (foot_h > fl->hud.h / 2)
        foot_h = fl->hud.h / 2;
    PixRect top = fl->hud, bottom = fl->hud;
    top.h -= foot_h;
    bottom.y += top.h;
    bottom.h = foot_h;
    Hud hud;
    hud_begin(&hud, app->renderer, app->text, top, px);
    char title[64];
    snprintf(title, sizeof title, "wavesnake · %s", app_mode_name(app->mode));
    hud_title(&hud, title);
    const ViewHistory *hist = current_history(app);
    if (hist != NULL) {
        void *st = current_state(app);
        long first = 0, last = 0, cur = hist->current(st);
        hist->range(st, &first, &last);
        if (cur < last)
            hud_kv(&hud, "tick", PAL_ACCENT, "%ld of %ld  (past)", cur, last);
        else
            hud_kv(&hud, "tick", PAL_TEXT, "%ld of %ld", cur, last);
        if (cur < last && ctx->paused)
            hud_text(&hud, PAL_TEXT_DIM, "  Space plays on from here");
    }
    current_view(app)->hud(current_state(app), ctx, &hud);

    hud_begin(&foot, app->renderer, app->text, bottom, px);
    foot.y = bottom.y + px / 2;
    if (status_lines > 0)
        hud_wrapped(&foot, PAL_ACCENT, ctx->status);
    hud_text(&foot, ctx->paused ? PAL_ACCENT : PAL_TEXT, "%s", speed);
    hud_text(&foot, PAL_TEXT, "%s", overlays);
    hud_text(&foot, PAL_TEXT_DIM, "%s", hint);
}

static void draw_hud(App *app) {
    const FrameLayout *fl = &app->ctx.frame;
    if (fl->hud.w <= 0 || fl->hud.h <= 0)
        return;
    render_fill(app->renderer, fl->hud, PAL_PANEL);
    /* Text that does not fit is cut at the panel, never drawn over the board. */
    SDL_Rect clip = {fl->hud.x, fl->hud.y, fl->hud.w, fl->hud.h};
    SDL_RenderSetClipRect(app->renderer, &clip);
    if (fl->hud_strip)
        draw_hud_strip(app);
    else
        draw_hud_panel(app);
    SDL_RenderSetClipRect(app->renderer, NULL);
}

/* With the HUD hidden a notice still shows: a box at the bottom of the window. */
static void draw_toast(App *app) {
    FrontendCtx *ctx = &app->ctx;
    if ((ctx->overlays & OVERLAY_HUD) || !status_shown(ctx))
        return;
    int win_w = 0, win_h = 0;
    SDL_GetRendererOutputSize(app->renderer, &win_w, &win_h);
    int px = ctx->frame.hud_px, lh = layout_line_h(px);
    PixRect box = {0, win_h - lh - px / 2, win_w, lh + px / 2};
    render_fill(app->renderer, box, rgba_alpha(PAL_PANEL, 235));
    SDL_Rect clip = {box.x, box.y, box.w, box.h};
    SDL_RenderSetClipRect(app->renderer, &clip);
    text_draw(app->text, px, px / 2, box.y + px / 4, TEXT_LEFT, render_sdl_color(PAL_ACCENT),
              ctx->status);
    SDL_RenderSetClipRect(app->renderer, NULL);
}

/* The caption above the board: the view's (a game's result) and PAUSED. It
 * shrinks its font until it fits the line, so it never covers a cell. */
static void draw_caption(App *app) {
    FrontendCtx *ctx = &app->ctx;
    const PixRect *c = &ctx->frame.caption;
    if (c->h <= 0)
        return;
    char text[240];
    Rgba color = ctx->caption_color;
    if (ctx->paused && ctx->caption[0] != '\0')
        snprintf(text, sizeof text, "%s  ·  PAUSED (Space)", ctx->caption);
    else if (ctx->paused)
        snprintf(text, sizeof text, "%s",
                 current_history(app) != NULL ? "PAUSED  -  Space resumes,  ',' back,  '.' forward"
                                              : "PAUSED  -  Space resumes, N steps");
    else
        snprintf(text, sizeof text, "%s", ctx->caption);
    if (text[0] == '\0')
        return;
    if (ctx->caption[0] == '\0')
        color = PAL_ACCENT;
    int px = ctx->frame.caption_px;
    while (px > TEXT_MIN_PX && text_width(app->text, px, text) > c->w)
        px--;
    SDL_Rect clip = {c->x, c->y, c->w, c->h};
    SDL_RenderSetClipRect(app->renderer, &clip);
    text_draw(app->text, px, c->x + c->w / 2, c->y + (c->h - text_line_height(app->text, px)) / 2,
              TEXT_CENTER, render_sdl_color(color), text);
    SDL_RenderSetClipRect(app->renderer, NULL);
}

static void draw_help(App *app) {
    FrontendCtx *ctx = &app->ctx;
    int count = 0;
    const KeyHelp *keys = keys_help(&count);
    const KeyHelp *extra = current_view(app)->help;
    int extra_count = 0;
    while (extra != NULL && extra[extra_count].keys != NULL)
        extra_count++;
    /* The box is as wide as its longest line: key column + text, measured. */
    const char *title = "Keys  (F1 or ? closes this help)";
    int win_w = 0, win_h = 0;
    SDL_GetRendererOutputSize(app->renderer, &win_w, &win_h);
    /* Lines: the title (1.5), the global keys, then a heading (1.5) and the mode's keys. */
    int lines2 = 3 + 2 * count + (extra_count > 0 ? 3 + 2 * extra_count : 0); /* half lines */
    int px = ctx->frame.hud_px + 1, lh = 0, w = 0, h = 0, key_w = 0;
    do { /* shrink until it fits the window */
        px--;
        lh = text_line_height(app->text, px) + px / 4;
        int adv = text_advance(app->text, px), text_w = text_width(app->text, px, title);
        key_w = 0;
        for (int i = 0; i < count + extra_count; i++) {
            const KeyHelp *k = i < count ? &keys[i] : &extra[i - count];
            int kw = text_width(app->text, px, k->keys) + 2 * adv;
            int tw = text_width(app->text, px, k->text);
            key_w = kw > key_w ? kw : key_w;
            text_w = tw > text_w ? tw : text_w;
        }
        w = key_w + text_w + text_w / 10 + 2 * px; /* labels are TTF-measured: slack */
        h = lines2 * lh / 2 + 2 * px;
    } while (px > TEXT_MIN_PX && (w > win_w - 8 || h > win_h - 8));
    PixRect box = {(win_w - w) / 2, (win_h - h) / 2, w, h};
    if (box.x < 0)
        box.x = 0;
    if (box.y < 0)
        box.y = 0;
    render_fill(app->renderer, (PixRect){0, 0, win_w, win_h}, (Rgba){0, 0, 0, 120});
    render_fill(app->renderer, box, rgba_alpha(PAL_PANEL, 245));
    render_outline(app->renderer, box, 2, PAL_ACCENT);
    SDL_Rect clip = {box.x, box.y, box.w, box.h};
    SDL_RenderSetClipRect(app->renderer, &clip);
    int x = box.x + px, y = box.y + px;
    SDL_Color accent = render_sdl_color(PAL_ACCENT), text = render_sdl_color(PAL_TEXT);
    text_draw(app->text, px, x, y, TEXT_LEFT, accent, title);
    y += lh + lh / 2;
    for (int i = 0; i < count; i++, y += lh) {
        text_draw(app->text, px, x, y, TEXT_LEFT, accent, keys[i].keys);
        text_draw(app->text, px, x + key_w, y, TEXT_LEFT, text, keys[i].text);
    }
    if (extra_count > 0) {
        y += lh / 2;
        text_drawf(app->text, px, x, y, TEXT_LEFT, render_sdl_color(PAL_TEXT_DIM),
                   "In the %s mode:", app_mode_name(app->mode));
        y += lh;
        for (int i = 0; i < extra_count; i++, y += lh) {
            text_draw(app->text, px, x, y, TEXT_LEFT, accent, extra[i].keys);
            text_draw(app->text, px, x + key_w, y, TEXT_LEFT, text, extra[i].text);
        }
    }
    SDL_RenderSetClipRect(app->renderer, NULL);
}

static void draw_frame(App *app) {
    FrontendCtx *ctx = &app->ctx;
    int w = 0, h = 0;
    SDL_GetRendererOutputSize(app->renderer, &w, &h);
    layout_frame_styled(&ctx->frame, w, h, (ctx->overlays & OVERLAY_HUD) != 0, ctx->hud_style);
    SDL_SetRenderDrawColor(app->renderer, PAL_BACKGROUND.r, PAL_BACKGROUND.g, PAL_BACKGROUND.b,
                           255);
    SDL_RenderClear(app->renderer);
    ctx->caption[0] = '\0';
    ctx->caption_color = PAL_TEXT;
    current_view(app)->draw(current_state(app), ctx);
    const ViewHistory *hist = current_history(app);
    if (hist != NULL) {
        Timeline tl;
        current_timeline(app, &tl);
        void *st = current_state(app);
        timeline_draw(&tl, app->renderer, app->text, tl.strip.h * 11 / 20, hist->current(st),
                      hist->marks, st);
    }
    draw_caption(app);
    draw_hud(app);
    draw_toast(app);
    if (ctx->overlays & OVERLAY_HELP)
        draw_help(app);
}

/* ======================================================================== */
/* The frame                                                                 */
/* ======================================================================== */

static void update(App *app) {
    FrontendCtx *ctx = &app->ctx;
    uint64_t now = app_clock(app);
    uint64_t gap = now - app->last_ms;
    if (gap > MAX_FRAME_GAP_MS)
        gap = MAX_FRAME_GAP_MS;
    app->last_ms = now;
    ctx->now_ms = now;
    if (!ctx->paused) {
        if (ctx->speed > 0.0) {
            double step_ms = 1000.0 / ctx->speed;
            app->acc_ms += (double)gap;
            long n = (long)(app->acc_ms / step_ms);
            if (n > MAX_TICKS_PER_FRAME)
                n = MAX_TICKS_PER_FRAME;
            app->acc_ms -= (double)n * step_ms;
            if (app->acc_ms > step_ms)
                app->acc_ms = 0.0; /* could not keep up: drop the backlog */
            run_ticks(app, n);
        } else if (app->offscreen) {
            run_ticks(app, OFFSCREEN_UNLIMITED_TICKS);
        } else {
            /* Unlimited: as many ticks as fit in the frame's budget. */
            const View *view = current_view(app);
            void *st = current_state(app);
            Uint64 freq = SDL_GetPerformanceFrequency();
            Uint64 end = SDL_GetPerformanceCounter() + freq * UNLIMITED_BUDGET_MS / 1000;
            do {
                if (!view->tick(st, ctx))
                    break;
                app->ticks++;
                app->rate_ticks++;
            } while (SDL_GetPerformanceCounter() < end);
        }
    }
    const ViewHistory *hist = current_history(app);
    if (hist != NULL && hist->idle != NULL)
        hist->idle(current_state(app), ctx);
    if (now - app->rate_ms >= 500) { /* ticks/s over the last half second */
        ctx->ticks_per_s = (double)app->rate_ticks * 1000.0 / (double)(now - app->rate_ms);
        app->rate_ms = now;
        app->rate_ticks = 0;
    }
}

static void record(App *app, int which, Uint64 from, Uint64 to) {
    double ns = (double)(to - from) * 1e9 / (double)SDL_GetPerformanceFrequency();
    stats_add(&app->hists[which], (uint64_t)ns);
}

bool app_frame(App *app) {
    app->frame_start = SDL_GetPerformanceCounter();
    if (app->prev_frame_start != 0)
        record(app, FT_INTERVAL, app->prev_frame_start, app->frame_start);
    app->prev_frame_start = app->frame_start;
    if (app->frames == WARMUP_FRAMES)
        app->warm_start = app->frame_start;
    if (!app->offscreen)
        handle_events(app);
    if (app->quit)
        return false;
    Uint64 t_update = SDL_GetPerformanceCounter();
    update(app);
    Uint64 t_draw = SDL_GetPerformanceCounter();
    draw_frame(app);
    SDL_RenderFlush(app->renderer); /* the software renderer rasterises here */
    Uint64 t_done = SDL_GetPerformanceCounter();
    record(app, FT_WORK, app->frame_start, t_done);
    record(app, FT_UPDATE, t_update, t_draw);
    record(app, FT_DRAW, t_draw, t_done);
    if (app->shot_path != NULL) {
        char why[200];
        bool from_key = !app->offscreen;
        if (capture_png(app, app->shot_path, why, sizeof why)) {
            printf("wavesnake: screenshot %s\n", app->shot_path);
            fflush(stdout);
            if (app->shot_by_key)
                frontend_status(&app->ctx, "saved %s", app->shot_path);
            app->shot_status = CLI_EXIT_OK;
        } else {
            fprintf(stderr, "wavesnake: cannot write the screenshot %s: %s\n", app->shot_path,
                    why);
            if (app->shot_by_key) {
                char dir[4200];
                snprintf(dir, sizeof dir, "%s", app->shot_path);
                char *slash = strrchr(dir, '/');
                if (slash != NULL)
                    *slash = '\0';
                else
                    snprintf(dir, sizeof dir, ".");
                frontend_status(&app->ctx, "screenshot failed in the folder %s: %s", dir, why);
            }
            app->shot_status = from_key ? CLI_EXIT_FAIL : CLI_EXIT_USAGE;
        }
        app->shot_path = NULL;
    }
    capture_for_recording(app);
    draw_rec_mark(app);
    Uint64 t_present = SDL_GetPerformanceCounter();
    SDL_RenderPresent(app->renderer);
    record(app, FT_PRESENT, t_present, SDL_GetPerformanceCounter());
    app->frames++;
    if (!app->offscreen) {
        uint64_t wait = pace_wait(&app->pace, app->frame_start, SDL_GetPerformanceCounter());
        if (wait > 0)
            SDL_Delay((Uint32)(wait * 1000 / SDL_GetPerformanceFrequency()));
    }
    return !app->quit;
}

/* ======================================================================== */
/* Opening and closing                                                       */
/* ======================================================================== */

static bool display_missing(void) {
#if defined(__linux__)
    /* Without these SDL silently falls back to an invisible offscreen driver. */
    const char *drv = getenv("SDL_VIDEODRIVER");
    if (drv != NULL && drv[0] != '\0')
        return false;
    const char *x11 = getenv("DISPLAY"), *wl = getenv("WAYLAND_DISPLAY");
    return (x11 == NULL || x11[0] == '\0') && (wl == NULL || wl[0] == '\0');
#else
    return false;
#endif
}

static int no_window(const char *why) {
    fprintf(stderr,
            "wavesnake: cannot open a window (%s); try --headless, or --screenshot FILE.png\n",
            why);
    return CLI_EXIT_FAIL;
}

static int open_window(App *app) {
    if (display_missing())
        return no_window("no display: DISPLAY and WAYLAND_DISPLAY are not set");
    const char *asked = getenv("SDL_VIDEODRIVER");
    bool driver_given = asked != NULL && asked[0] != '\0';
#if defined(__linux__)
    /* Only X11 is there: do not let SDL try Wayland first (noise on stderr). */
    const char *wl = getenv("WAYLAND_DISPLAY");
    if (!driver_given && (wl == NULL || wl[0] == '\0'))
        SDL_SetHint(SDL_HINT_VIDEODRIVER, "x11");
#endif
    if (SDL_Init(SDL_INIT_VIDEO) != 0)
        return no_window(SDL_GetError());
    app->sdl_video = true;
    /* SDL falls back to invisible drivers when no display answers; a window
     * nobody can see is no window. Tests ask for "dummy" explicitly. */
    const char *drv = SDL_GetCurrentVideoDriver();
    if (!driver_given && drv != NULL &&
        (strcmp(drv, "offscreen") == 0 || strcmp(drv, "dummy") == 0 || strcmp(drv, "evdev") == 0))
        return no_window("no usable display");
    char title[64];
    snprintf(title, sizeof title, "wavesnake - %s",
             app->opts.replay != NULL ? "replay" : app_mode_name(app->opts.mode));
    app->window = SDL_CreateWindow(title, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                                   app->opts.window_w, app->opts.window_h, SDL_WINDOW_RESIZABLE);
    if (app->window == NULL)
        return no_window(SDL_GetError());
    SDL_SetWindowMinimumSize(app->window, OPTIONS_WINDOW_MIN_W, OPTIONS_WINDOW_MIN_H);
    app->renderer = SDL_CreateRenderer(app->window, -1, SDL_RENDERER_PRESENTVSYNC);
    if (app->renderer == NULL)
        app->renderer = SDL_CreateRenderer(app->window, -1, SDL_RENDERER_SOFTWARE);
    if (app->renderer == NULL)
        return no_window(SDL_GetError());
    SDL_RendererInfo info;
    if (SDL_GetRendererInfo(app->renderer, &info) == 0) {
        app->vsync = (info.flags & SDL_RENDERER_PRESENTVSYNC) != 0;
        snprintf(app->renderer_name, sizeof app->renderer_name, "%s", info.name);
    }
    return CLI_EXIT_OK;
}

static int open_offscreen(App *app) {
    app->surface = SDL_CreateRGBSurfaceWithFormat(0, app->opts.window_w, app->opts.window_h, 32,
                                                  SDL_PIXELFORMAT_RGB888);
    if (app->surface == NULL) {
        fprintf(stderr, "wavesnake: cannot create a %dx%d offscreen image: %s\n",
                app->opts.window_w, app->opts.window_h, SDL_GetError());
        return CLI_EXIT_FAIL;
    }
    app->renderer = SDL_CreateSoftwareRenderer(app->surface);
    if (app->renderer == NULL) {
        fprintf(stderr, "wavesnake: cannot create the software renderer: %s\n", SDL_GetError());
        return CLI_EXIT_FAIL;
    }
    snprintf(app->renderer_name, sizeof app->renderer_name, "software (offscreen)");
    return CLI_EXIT_OK;
}

static int open_font(App *app) {
    char *base = SDL_GetBasePath();
    char path[4096];
    snprintf(path, sizeof path, "%s%s", base != NULL ? base : "./", FONT_FILE);
    SDL_free(base);
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        fprintf(stderr,
                "wavesnake: font not found: %s (the assets/ folder must sit next to the "
                "wavesnake binary)\n",
                path);
        return CLI_EXIT_USAGE;
    }
    fclose(f);
    WsError err = {0};
    if (text_create(&app->text, app->renderer, path, &err) != WS_OK) {
        fprintf(stderr, "wavesnake: %s\n", err.msg);
        return CLI_EXIT_USAGE;
    }
    return CLI_EXIT_OK;
}

int app_open(App **out, const AppOptions *opts) { return app_open_replay(out, opts, NULL); }

int app_open_replay(App **out, const AppOptions *opts, ReplaySession *replay) {
    *out = NULL;
    App *app = calloc(1, sizeof *app);
    LatencyHist *hists = calloc(FT_COUNT, sizeof *hists);
    if (app == NULL || hists == NULL) {
        free(app);
        free(hists);
        fprintf(stderr, "wavesnake: out of memory for the window\n");
        return CLI_EXIT_FAIL;
    }
    app->hists = hists;
    pace_init(&app->pace, SDL_GetPerformanceFrequency(), FRAME_RATE);
    app->opts = *opts;
    app->offscreen = opts->screenshot != NULL;
    app->mode = opts->mode;
    for (int m = 0; m < APP_MODE_COUNT; m++)
        app->mode_views[m] = MODE_VIEWS[m];
    int rc = app->offscreen ? open_offscreen(app) : open_window(app);
    if (rc == CLI_EXIT_OK) {
        SDL_SetRenderDrawBlendMode(app->renderer, SDL_BLENDMODE_BLEND);
        if (TTF_Init() != 0) {
            fprintf(stderr, "wavesnake: cannot start SDL_ttf: %s\n", TTF_GetError());
            rc = CLI_EXIT_FAIL;
        } else {
            app->ttf_on = true;
            rc = open_font(app);
        }
    }
    if (rc != CLI_EXIT_OK) {
        app_close(app);
        return rc;
    }
    FrontendCtx *ctx = &app->ctx;
    ctx->renderer = app->renderer;
    ctx->text = app->text;
    ctx->opts = &app->opts;
    ctx->overlays = opts->overlays;
    for (int m = 0; m < APP_MODE_COUNT; m++)
        app->mode_overlays[m] = opts->overlays & ~(unsigned)OVERLAY_SHARED;
    ctx->pause_on_end = opts->pause_on_end;
    ctx->offscreen = app->offscreen;
    ctx->speed = opts->speed;
    ctx->replay = replay;
    if (replay != NULL) {
        app->mode = APP_MODE_SNAKE; /* a trace is a snake game */
        app->mode_views[APP_MODE_SNAKE] = VIEW_ID_REPLAY;
        ctx->paused = true; /* docs/replay.md: the replay opens paused */
    }
    app->view = app->mode_views[app->mode];
    rng_init(&ctx->fx, opts->seed, RNG_STREAM_FX);
    app->last_ms = app_clock(app);
    app->rate_ms = app->last_ms;
    ctx->now_ms = app->last_ms;
    WsError err = {0};
    /* The first view may ask for another at once (--race: the race view). */
    if (!ensure_view(app, app->view, NULL, &err) || !follow_request(app, &err)) {
        app_close(app);
        return cli_report(err.status != WS_OK ? err.status : CLI_ERR_INTERNAL, &err);
    }
    if (opts->record != NULL) {
        WsStatus st = start_recording(app, opts->record, false, &err);
        if (st != WS_OK) {
            app_close(app);
            return cli_report(st, &err);
        }
    }
    *out = app;
    return CLI_EXIT_OK;
}

void app_close(App *app) {
    if (app == NULL)
        return;
    stop_recording(app, NULL);
    for (int id = 0; id < VIEW_ID_COUNT; id++)
        if (app->states[id] != NULL)
            VIEWS[id]->destroy(app->states[id]);
    text_destroy(app->text);
    if (app->renderer != NULL)
        SDL_DestroyRenderer(app->renderer);
    if (app->surface != NULL)
        SDL_FreeSurface(app->surface);
    if (app->window != NULL)
        SDL_DestroyWindow(app->window);
    if (app->ttf_on)
        TTF_Quit();
    if (app->sdl_video)
        SDL_Quit();
    free(app->hists);
    free(app);
}

void app_request_shot(App *app, const char *path) {
    app->shot_path = path;
    app->shot_by_key = false; /* --screenshot, tests: the picture is taken, not changed */
}
int app_shot_status(const App *app) { return app->shot_status; }
unsigned app_overlays(const App *app) { return app->ctx.overlays; }
const char *app_status(const App *app) { return app->ctx.status; }
bool app_is_paused(const App *app) { return app->ctx.paused; }
AppMode app_mode(const App *app) { return app->mode; }
long app_frame_count(const App *app) { return app->frames; }
long app_tick_count(const App *app) { return app->ticks; }
long app_text_renders(const App *app) { return text_render_count(app->text); }
bool app_is_recording(const App *app) { return app->rec != NULL; }

bool app_time(const App *app, long *first, long *current, long *last) {
    const ViewHistory *hist = current_history(app);
    if (hist == NULL)
        return false;
    void *st = current_state(app);
    hist->range(st, first, last);
    *current = hist->current(st);
    return true;
}

void app_print_stats(const App *app) {
    const LatencyHist *h = &app->hists[FT_WORK];
    const LatencyHist *up = &app->hists[FT_UPDATE], *dr = &app->hists[FT_DRAW];
    const LatencyHist *pr = &app->hists[FT_PRESENT];
    int w = 0, hgt = 0;
    SDL_GetRendererOutputSize(app->renderer, &w, &hgt);
    printf("frames %llu at %dx%d, renderer %s%s: frame time (update + draw, without present) "
           "median %.2f ms, p99 %.2f ms, mean %.2f ms, max %.2f ms; draw median %.2f ms, "
           "update median %.2f ms, present median %.2f ms; %ld ticks\n",
           (unsigned long long)h->count, w, hgt, app->renderer_name, app->vsync ? " (vsync)" : "",
           stats_quantile_us(h, 0.5) / 1000.0, stats_quantile_us(h, 0.99) / 1000.0,
           stats_mean_us(h) / 1000.0, (double)h->max_ns / 1e6, stats_quantile_us(dr, 0.5) / 1000.0,
           stats_quantile_us(up, 0.5) / 1000.0, stats_quantile_us(pr, 0.5) / 1000.0, app->ticks);
    const LatencyHist *iv = &app->hists[FT_INTERVAL], *cap = &app->hists[FT_CAPTURE];
    if (iv->count > 0) {
        printf("frame rate %.1f frames/s", 1e6 / stats_mean_us(iv));
        /* The first frames include mapping the window and filling the glyph
         * cache; the rate after them is the one a watcher sees. */
        if (app->warm_start != 0 && app->prev_frame_start > app->warm_start)
            printf(" (%.1f after the first %d frames)",
                   (double)(app->frames - 1 - WARMUP_FRAMES) * (double)SDL_GetPerformanceFrequency() /
                       (double)(app->prev_frame_start - app->warm_start),
                   (int)WARMUP_FRAMES);
        printf(": interval median %.2f ms, p99 %.2f ms, max %.2f ms\n",
               stats_quantile_us(iv, 0.5) / 1000.0, stats_quantile_us(iv, 0.99) / 1000.0,
               (double)iv->max_ns / 1e6);
    }
    const LatencyHist *sk = &app->hists[FT_SEEK];
    if (sk->count > 0)
        printf("time travel: %llu seeks (a tick back / forward, Home, End, the timeline), "
               "median %.2f ms, mean %.2f ms, p99 %.2f ms, max %.2f ms\n",
               (unsigned long long)sk->count, stats_quantile_us(sk, 0.5) / 1000.0,
               stats_mean_us(sk) / 1000.0, stats_quantile_us(sk, 0.99) / 1000.0,
               (double)sk->max_ns / 1e6);
    if (cap->count > 0)
        printf("recording: %llu frames copied for the GIF, copy median %.2f ms, p99 %.2f ms, "
               "max %.2f ms\n",
               (unsigned long long)cap->count, stats_quantile_us(cap, 0.5) / 1000.0,
               stats_quantile_us(cap, 0.99) / 1000.0, (double)cap->max_ns / 1e6);
    fflush(stdout);
}

/* ======================================================================== */
/* Entry point                                                               */
/* ======================================================================== */

/* Runs an open App to its end (the window closed, --frames reached, the
 * screenshot written), reports and closes it. */
static int run_app(App *app, const AppOptions *opts) {
    int rc = CLI_EXIT_OK;
    if (app->offscreen) {
        long frames = opts->frames > 0 ? opts->frames : DEFAULT_SHOT_FRAMES;
        for (long f = 0; f < frames; f++) {
            if (f == frames - 1) {
                app_request_shot(app, opts->screenshot);
                app->rec_force = true; /* the GIF ends on the screenshot's frame */
            }
            app_frame(app);
        }
        rc = app_shot_status(app);
    } else {
        while (app_frame(app))
            if (opts->frames > 0 && app->frames >= opts->frames)
                break;
    }
    stop_recording(app, NULL);
    if (rc == CLI_EXIT_OK && app->rec_err.status != WS_OK)
        rc = cli_report(app->rec_err.status, &app->rec_err);
    if (opts->stats)
        app_print_stats(app);
    app_close(app);
    return rc;
}

int frontend_run(const AppOptions *opts) {
    App *app = NULL;
    int rc = app_open(&app, opts);
    if (rc != CLI_EXIT_OK)
        return rc;
    return run_app(app, opts);
}

int frontend_replay(const AppOptions *opts, ReplaySession *session) {
    App *app = NULL;
    int rc = app_open_replay(&app, opts, session);
    if (rc != CLI_EXIT_OK)
        return rc;
    return run_app(app, opts);
}

ChartWriter frontend_chart_writer(void) { return chart_write_png; }
