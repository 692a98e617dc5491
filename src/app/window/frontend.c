/* frontend.c - the SDL2 window: the loop, the fixed-step clock, the views,
 * opening and closing (frontend.h, frontend_loop.h).
 *
 * The loop is raylib's Update/Draw split with a fixed simulation step: wall
 * time accumulates (SDL_GetTicks64) and the view shown ticks once per
 * 1000/speed ms, independent of the display rate (vsync, or a 60 Hz limiter
 * when the renderer has none). The ticks of a frame stop when its time budget
 * is spent: unlimited speed ticks until then, and a fixed speed whose ticks
 * take longer than that (a slow policy at a high speed) drops the ticks it
 * could not make, so the frames keep their pace and the game runs slower
 * than asked (the HUD then says how many ticks a second it made).
 * Offscreen (--screenshot) the clock is a fixed 16 ms per frame, every owed
 * tick is made and unlimited speed is a fixed tick count per frame, so the
 * same command writes the same PNG every time.
 *
 * A frame: input.c's events and keys, the ticks, draw.c's drawing,
 * capture.c's screenshot and recording of the finished frame, present.
 * frontend_internal.h says which file does what.
 */
#include <SDL.h>
#include <SDL_ttf.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart_png.h"
#include "frontend.h"
#include "frontend_internal.h"
#include "report.h"

/* ======================================================================== */
/* Types and constants                                                       */
/* ======================================================================== */

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

enum {
    OFFSCREEN_FRAME_MS = 16,        /* the offscreen clock's frame */
    OFFSCREEN_UNLIMITED_TICKS = 50, /* ticks per offscreen frame at unlimited speed */
    DEFAULT_SHOT_FRAMES = 60,
    FRAME_RATE = 60,     /* frame pacing: frames a second (pace.h) */
    WARMUP_FRAMES = 60,  /* --stats' steady rate leaves out these (window mapped, glyphs cached) */
    TICK_BUDGET_MS = 10, /* time for a frame's ticks (unlimited fills it) */
    MAX_TICKS_PER_FRAME = 100000, /* fixed-rate catch-up never exceeds this */
    MAX_FRAME_GAP_MS = 250        /* longer stalls (window dragged) are not caught up */
};

static const char FONT_FILE[] = "assets/fonts/DejaVuSansMono.ttf";

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

static Uint64 sdl_counter(void) { return SDL_GetPerformanceCounter(); }

void frontend_set_counter(Frontend *app, uint64_t (*counter)(void)) {
    app->counter = counter != NULL ? counter : sdl_counter;
}

static uint64_t frontend_clock(const Frontend *app) {
    return app->offscreen ? (uint64_t)app->frames * OFFSCREEN_FRAME_MS : SDL_GetTicks64();
}

const View *frontend_view(const Frontend *app) { return VIEWS[app->view]; }
void *frontend_view_state(const Frontend *app) { return app->states[app->view]; }

/* ======================================================================== */
/* Views                                                                     */
/* ======================================================================== */

/* Creates view `id` if it does not exist yet (with arg != NULL: afresh, a
 * state it had destroyed first). False (err says why) when its creation failed. */
static bool ensure_view(Frontend *app, ViewId id, const void *arg, WsError *err) {
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
static bool follow_request(Frontend *app, WsError *err) {
    ViewRequest *rq = &app->ctx.request;
    while (rq->asked) {
        ViewRequest r = *rq;
        rq->asked = false;
        if (!ensure_view(app, r.to, r.arg, err))
            return false;
        app->view = r.to;
        app->mode_views[VIEWS[r.to]->mode] = r.to;
        app->step_owed = false; /* it was the other view's tick */
    }
    return true;
}

void frontend_follow_request(Frontend *app) {
    ViewId to = app->ctx.request.to;
    WsError err = {0};
    if (!follow_request(app, &err))
        frontend_status(&app->ctx, "no %s: %s", VIEWS[to]->name, err.msg);
}

void frontend_show(FrontendCtx *ctx, ViewId to, const void *arg) {
    ctx->request = (ViewRequest){.asked = true, .to = to, .arg = arg};
}

void frontend_switch_mode(Frontend *app, AppMode mode) {
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
    app->step_owed = false; /* it was the other view's tick */
    frontend_status(&app->ctx, "mode: %s", app_mode_name(mode));
}

/* Runs up to n ticks, stopping early at the performance counter's `end`
 * (0: no end). Returns the ticks run; *spent (when not NULL) says whether
 * `end` stopped them. */
static long run_ticks_until(Frontend *app, long n, uint64_t end, bool *spent) {
    /* A tick that pauses (E at a game's end, a replay's last tick) ends the
     * run: the ticks owed after it would step past what it stopped at. */
    bool was_paused = app->ctx.paused, at_end = false;
    long i = 0;
    while (i < n) {
        if (end != 0 && app->counter() >= end) {
            at_end = true;
            break;
        }
        long k = time_travel_play_kept(app, n - i); /* past ticks: one seek for them all */
        /* At the latest tick: the view's own tick, one at a time. */
        if (k == 0)
            k = time_travel_play(app) ? 1 : -1;
        if (k < 0)
            break;
        app->ticks += k;
        app->rate_ticks += k;
        i += k;
        if (app->ctx.paused && !was_paused)
            break;
    }
    if (spent != NULL)
        *spent = at_end;
    return i;
}

void frontend_run_ticks(Frontend *app, long n) { run_ticks_until(app, n, 0, NULL); }

/* The performance counter's reading when a frame's ticks started now must
 * stop (TICK_BUDGET_MS). */
static uint64_t tick_budget_end(const Frontend *app) {
    return app->counter() + SDL_GetPerformanceFrequency() * TICK_BUDGET_MS / 1000;
}

/* ======================================================================== */
/* The frame                                                                 */
/* ======================================================================== */

/* The shown view's cap on ticks per second now (View.pace), 0: none. */
static double view_pace(const Frontend *app) {
    const View *view = frontend_view(app);
    return view->pace != NULL ? view->pace(frontend_view_state(app)) : 0.0;
}

double frontend_tick_speed(const Frontend *app) {
    double speed = app->ctx.speed, cap = view_pace(app);
    if (cap > 0.0 && (speed <= 0.0 || speed > cap))
        return cap;
    return speed;
}

/* Advances the frame clock, before the frame reads its input, so that a key
 * pressed in this frame is stamped with this frame's time (view.h, now_ms):
 * by the time since the last frame, at most MAX_FRAME_GAP_MS. Returns the
 * step. */
static uint64_t advance_clock(Frontend *app) {
    uint64_t wall = frontend_clock(app);
    uint64_t gap = wall - app->last_ms;
    if (gap > MAX_FRAME_GAP_MS)
        gap = MAX_FRAME_GAP_MS;
    app->last_ms = wall;
    app->ctx.now_ms += gap;
    return gap;
}

/* The ticks owed at `speed` ticks a second for the `gap` ms since the last
 * frame; a backlog they cannot keep up with is dropped (rate_short). */
static void tick_at_speed(Frontend *app, double speed, uint64_t gap) {
    double step_ms = 1000.0 / speed;
    app->acc_ms += (double)gap;
    long n = (long)(app->acc_ms / step_ms);
    if (n > MAX_TICKS_PER_FRAME)
        n = MAX_TICKS_PER_FRAME;
    app->acc_ms -= (double)n * step_ms;
    if (app->acc_ms > step_ms) {
        app->acc_ms = 0.0; /* could not keep up: drop the backlog */
        app->rate_short = true;
    }
    /* Offscreen every owed tick is made, so a command draws the same
     * frames on any machine; in a window the budget ends them. */
    uint64_t end = app->offscreen ? 0 : tick_budget_end(app);
    /* Fewer ticks than owed: the budget ran out (the rest is
     * dropped: the game runs slower than asked), or the view made
     * none (a result held, an engine still thinking). */
    bool spent;
    if (run_ticks_until(app, n, end, &spent) < n && !app->ctx.paused) {
        app->acc_ms = 0.0; /* dropped, not owed */
        app->rate_short = app->rate_short || spent;
    }
}

/* The ticks of a frame at unlimited speed: offscreen a fixed count. In a
 * window, at a past tick the kept ticks play as at the highest speed, with
 * one seek a frame (a seek rebuilds a decision: one a tick would spend the
 * frame on pictures nobody sees); at the latest tick, as many new ticks as
 * fit in the frame's budget. */
static void tick_unlimited(Frontend *app) {
    if (app->offscreen) {
        frontend_run_ticks(app, OFFSCREEN_UNLIMITED_TICKS);
        return;
    }
    long k = time_travel_play_kept(app, MAX_TICKS_PER_FRAME);
    if (k > 0) {
        app->ticks += k;
        app->rate_ticks += k;
    } else if (k == 0) {
        run_ticks_until(app, LONG_MAX, tick_budget_end(app), NULL);
    }
}

/* Every half second: the ticks a second made over it (the HUD's), and
 * whether some were dropped. */
static void measure_rate(Frontend *app) {
    FrontendCtx *ctx = &app->ctx;
    uint64_t now = app->last_ms;
    if (now - app->rate_ms < 500)
        return;
    ctx->ticks_per_s = (double)app->rate_ticks * 1000.0 / (double)(now - app->rate_ms);
    ctx->ticks_short = app->rate_short;
    app->rate_ms = now;
    app->rate_ticks = 0;
    app->rate_short = false;
}

/* A frame's simulation, `gap` ms after the last: the ticks, the view's idle
 * work, a single step owed, the rate the HUD shows. */
static void update(Frontend *app, uint64_t gap) {
    FrontendCtx *ctx = &app->ctx;
    ctx->pace = view_pace(app);
    double speed = frontend_tick_speed(app);
    if (!ctx->paused && speed > 0.0)
        tick_at_speed(app, speed, gap);
    else if (!ctx->paused)
        tick_unlimited(app);
    ctx->pace = view_pace(app); /* a tick may have given the wheel back */
    const View *view = frontend_view(app);
    void *state = frontend_view_state(app);
    if (view->idle != NULL)
        view->idle(state, ctx);
    /* A step asked for while the view waited for a move: made once the move
     * is in (time_travel_step); running again, the clock makes the ticks. */
    if (app->step_owed && (!ctx->paused || view->waiting == NULL || !view->waiting(state))) {
        app->step_owed = false;
        if (ctx->paused)
            frontend_run_ticks(app, 1);
    }
    measure_rate(app);
}

void frontend_timing(Frontend *app, int which, Uint64 from, Uint64 to) {
    double ns = (double)(to - from) * 1e9 / (double)SDL_GetPerformanceFrequency();
    stats_add(&app->hists[which], (uint64_t)ns);
}

bool frontend_frame(Frontend *app) {
    app->frame_start = SDL_GetPerformanceCounter();
    if (app->prev_frame_start != 0)
        frontend_timing(app, FT_INTERVAL, app->prev_frame_start, app->frame_start);
    app->prev_frame_start = app->frame_start;
    if (app->frames == WARMUP_FRAMES)
        app->warm_start = app->frame_start;
    uint64_t gap = advance_clock(app);
    if (!app->offscreen)
        input_poll(app);
    if (app->quit)
        return false;
    Uint64 t_update = SDL_GetPerformanceCounter();
    update(app, gap);
    Uint64 t_draw = SDL_GetPerformanceCounter();
    draw_frame(app);
    SDL_RenderFlush(app->renderer); /* the software renderer rasterises here */
    Uint64 t_done = SDL_GetPerformanceCounter();
    frontend_timing(app, FT_WORK, app->frame_start, t_done);
    frontend_timing(app, FT_UPDATE, t_update, t_draw);
    frontend_timing(app, FT_DRAW, t_draw, t_done);
    capture_take_shot(app);
    capture_record_frame(app);
    capture_draw_rec_mark(app);
    Uint64 t_present = SDL_GetPerformanceCounter();
    SDL_RenderPresent(app->renderer);
    frontend_timing(app, FT_PRESENT, t_present, SDL_GetPerformanceCounter());
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

/* The window cannot open: exit status 1 (the program could not run; report.h). */
static WsStatus no_window(const char *why, WsError *err) {
    return ws_fail(err, REPORT_ERR_INTERNAL,
                   "cannot open a window (%s); try --headless, or --screenshot FILE.png", why);
}

static WsStatus open_window(Frontend *app, WsError *err) {
    if (display_missing())
        return no_window("no display: DISPLAY and WAYLAND_DISPLAY are not set", err);
    const char *asked = getenv("SDL_VIDEODRIVER");
    bool driver_given = asked != NULL && asked[0] != '\0';
#if defined(__linux__)
    /* Only X11 is there: do not let SDL try Wayland first (noise on stderr). */
    const char *wl = getenv("WAYLAND_DISPLAY");
    if (!driver_given && (wl == NULL || wl[0] == '\0'))
        SDL_SetHint(SDL_HINT_VIDEODRIVER, "x11");
#endif
    if (SDL_Init(SDL_INIT_VIDEO) != 0)
        return no_window(SDL_GetError(), err);
    app->sdl_video = true;
    /* SDL falls back to invisible drivers when no display answers; a window
     * nobody can see is no window. Tests ask for "dummy" explicitly. */
    const char *drv = SDL_GetCurrentVideoDriver();
    if (!driver_given && drv != NULL &&
        (strcmp(drv, "offscreen") == 0 || strcmp(drv, "dummy") == 0 || strcmp(drv, "evdev") == 0))
        return no_window("no usable display", err);
    char title[64];
    snprintf(title, sizeof title, "wavesnake - %s",
             app->opts.replay != NULL ? "replay" : app_mode_name(app->opts.mode));
    app->window = SDL_CreateWindow(title, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                                   app->opts.window_w, app->opts.window_h, SDL_WINDOW_RESIZABLE);
    if (app->window == NULL)
        return no_window(SDL_GetError(), err);
    SDL_SetWindowMinimumSize(app->window, OPTIONS_WINDOW_MIN_W, OPTIONS_WINDOW_MIN_H);
    app->renderer = SDL_CreateRenderer(app->window, -1, SDL_RENDERER_PRESENTVSYNC);
    if (app->renderer == NULL)
        app->renderer = SDL_CreateRenderer(app->window, -1, SDL_RENDERER_SOFTWARE);
    if (app->renderer == NULL)
        return no_window(SDL_GetError(), err);
    SDL_RendererInfo info;
    if (SDL_GetRendererInfo(app->renderer, &info) == 0) {
        app->vsync = (info.flags & SDL_RENDERER_PRESENTVSYNC) != 0;
        snprintf(app->renderer_name, sizeof app->renderer_name, "%s", info.name);
    }
    return WS_OK;
}

static WsStatus open_offscreen(Frontend *app, WsError *err) {
    app->surface = SDL_CreateRGBSurfaceWithFormat(0, app->opts.window_w, app->opts.window_h, 32,
                                                  SDL_PIXELFORMAT_RGB888);
    if (app->surface == NULL)
        return ws_fail(err, REPORT_ERR_INTERNAL, "cannot create a %dx%d offscreen image: %s",
                       app->opts.window_w, app->opts.window_h, SDL_GetError());
    app->renderer = SDL_CreateSoftwareRenderer(app->surface);
    if (app->renderer == NULL)
        return ws_fail(err, REPORT_ERR_INTERNAL, "cannot create the software renderer: %s",
                       SDL_GetError());
    snprintf(app->renderer_name, sizeof app->renderer_name, "software (offscreen)");
    return WS_OK;
}

/* The font next to the binary: missing or unreadable is bad input (exit status 2). */
static WsStatus open_font(Frontend *app, WsError *err) {
    if (TTF_Init() != 0)
        return ws_fail(err, REPORT_ERR_INTERNAL, "cannot start SDL_ttf: %s", TTF_GetError());
    app->ttf_on = true;
    char *base = SDL_GetBasePath();
    char path[4096];
    snprintf(path, sizeof path, "%s%s", base != NULL ? base : "./", FONT_FILE);
    SDL_free(base);
    FILE *f = fopen(path, "rbe");
    if (f == NULL)
        return ws_fail(err, WS_ERR_IO,
                       "font not found: %s (the assets/ folder must sit next to the "
                       "wavesnake binary)",
                       path);
    fclose(f);
    WsError terr = {0};
    if (text_create(&app->text, app->renderer, path, &terr) != WS_OK)
        return ws_fail(err, WS_ERR_IO, "%s", terr.msg);
    return WS_OK;
}

/* Everything of frontend_open_replay but the views (err is not NULL). */
static WsStatus open_app(Frontend *app, const AppOptions *opts, ReplaySession *replay,
                         WsError *err) {
    if (app->hists == NULL)
        return ws_fail(err, WS_ERR_NOMEM, "out of memory for the window");
    pace_init(&app->pace, SDL_GetPerformanceFrequency(), FRAME_RATE);
    app->counter = sdl_counter;
    app->opts = *opts;
    app->offscreen = opts->screenshot != NULL;
    app->mode = opts->mode;
    for (int m = 0; m < APP_MODE_COUNT; m++)
        app->mode_views[m] = MODE_VIEWS[m];
    WsStatus st = app->offscreen ? open_offscreen(app, err) : open_window(app, err);
    if (st != WS_OK)
        return st;
    SDL_SetRenderDrawBlendMode(app->renderer, SDL_BLENDMODE_BLEND);
    if ((st = open_font(app, err)) != WS_OK)
        return st;
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
    app->last_ms = frontend_clock(app);
    app->rate_ms = app->last_ms;
    ctx->now_ms = app->last_ms;
    draw_layout(app); /* the first frame's, for what happens before it is drawn */
    /* The first view may ask for another at once (--race: the race view). */
    if (!ensure_view(app, app->view, NULL, err) || !follow_request(app, err))
        return err->status != WS_OK ? err->status : ws_fail(err, REPORT_ERR_INTERNAL, "no view");
    if (opts->record != NULL)
        return capture_record_start(app, opts->record, false, err);
    return WS_OK;
}

WsStatus frontend_open(Frontend **out, const AppOptions *opts, WsError *err) {
    return frontend_open_replay(out, opts, NULL, err);
}

WsStatus frontend_open_replay(Frontend **out, const AppOptions *opts, ReplaySession *replay,
                              WsError *err) {
    *out = NULL;
    Frontend *app = calloc(1, sizeof *app);
    if (app == NULL)
        return ws_fail(err, WS_ERR_NOMEM, "out of memory for the window");
    app->hists = calloc(FT_COUNT, sizeof *app->hists);
    WsError local = {0};
    WsStatus st = open_app(app, opts, replay, err != NULL ? err : &local);
    if (st != WS_OK) {
        frontend_close(app);
        return st;
    }
    *out = app;
    return WS_OK;
}

void frontend_close(Frontend *app) {
    if (app == NULL)
        return;
    /* The window goes at once: what is left (a GIF's last queued frames,
     * at most RECORD_QUEUE encodes) happens after it has closed. */
    if (app->window != NULL)
        SDL_HideWindow(app->window);
    capture_record_stop(app, NULL);
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

void frontend_request_shot(Frontend *app, const char *path) {
    app->shot_path = path;
    app->shot_by_key = false; /* --screenshot, tests: the picture is taken, not changed */
}
WsStatus frontend_shot_status(const Frontend *app, WsError *err) {
    if (err != NULL)
        *err = app->shot_err;
    return app->shot_status;
}
unsigned frontend_overlays(const Frontend *app) { return app->ctx.overlays; }
const char *frontend_status_text(const Frontend *app) { return app->ctx.status; }
const char *frontend_caption_text(const Frontend *app) { return app->ctx.caption; }
const char *frontend_hud_keys(const Frontend *app) { return app->hud_keys; }
const char *frontend_frame_text(const Frontend *app) { return text_transcript(app->text); }
bool frontend_is_paused(const Frontend *app) { return app->ctx.paused; }
AppMode frontend_mode(const Frontend *app) { return app->mode; }
long frontend_frame_count(const Frontend *app) { return app->frames; }
long frontend_tick_count(const Frontend *app) { return app->ticks; }
uint64_t frontend_now_ms(const Frontend *app) { return app->ctx.now_ms; }
long frontend_text_renders(const Frontend *app) { return text_render_count(app->text); }
FrameLayout frontend_frame_layout(const Frontend *app) { return app->ctx.frame; }
bool frontend_is_recording(const Frontend *app) { return app->rec != NULL; }

bool frontend_time(const Frontend *app, long *first, long *current, long *last) {
    const ViewHistory *hist = time_travel_history(app);
    if (hist == NULL)
        return false;
    void *st = frontend_view_state(app);
    hist->range(st, first, last);
    *current = hist->current(st);
    return true;
}

void frontend_print_stats(const Frontend *app) {
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
                   (double)(app->frames - 1 - WARMUP_FRAMES) *
                       (double)SDL_GetPerformanceFrequency() /
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

/* Runs an open Frontend to its end (the window closed, --frames reached, the
 * screenshot written) and closes it. A failure (the screenshot, the --record
 * file) fills err. */
static WsStatus run_app(Frontend *app, const AppOptions *opts, WsError *err) {
    WsStatus st = WS_OK;
    if (app->offscreen) {
        long frames = opts->frames > 0 ? opts->frames : DEFAULT_SHOT_FRAMES;
        for (long f = 0; f < frames; f++) {
            if (f == frames - 1) {
                frontend_request_shot(app, opts->screenshot);
                app->rec_force = true; /* the GIF ends on the screenshot's frame */
            }
            frontend_frame(app);
        }
        st = frontend_shot_status(app, err);
    } else {
        while (frontend_frame(app))
            if (opts->frames > 0 && app->frames >= opts->frames)
                break;
    }
    capture_record_stop(app, NULL);
    if (st == WS_OK && app->rec_err.status != WS_OK) {
        *err = app->rec_err;
        st = err->status;
    }
    if (opts->stats)
        frontend_print_stats(app);
    frontend_close(app);
    return st;
}

int frontend_run(const AppOptions *opts) { return frontend_replay(opts, NULL); }

int frontend_replay(const AppOptions *opts, ReplaySession *session) {
    Frontend *app = NULL;
    WsError err = {0};
    WsStatus st = frontend_open_replay(&app, opts, session, &err);
    if (st == WS_OK)
        st = run_app(app, opts, &err);
    return report_status(st, &err);
}

ChartWriter frontend_chart_writer(void) { return chart_write_png; }
