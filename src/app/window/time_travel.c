/* time_travel.c - the front end's side of time travel (view.h, ViewHistory):
 * seeks (timed for --stats), single steps, playing the kept ticks like a
 * video, and the timeline strip under the board that a click or a drag
 * scrubs and that labels the tick under the pointer. */
#include "frontend_internal.h"

/* The current view's history, or NULL when it keeps none. */
const ViewHistory *time_travel_history(const Frontend *app) { return frontend_view(app)->history; }

/* A view's seek, timed for --stats. */
static void timed_seek(Frontend *app, const ViewHistory *hist, long t) {
    app->step_owed = false; /* a step owed at the latest tick is not one from here */
    Uint64 start = SDL_GetPerformanceCounter();
    hist->seek(frontend_view_state(app), t, &app->ctx);
    frontend_timing(app, FT_SEEK, start, SDL_GetPerformanceCounter());
}

/* Pauses and shows tick t (clamped to the kept ticks). */
void time_travel_seek(Frontend *app, long t) {
    const ViewHistory *hist = time_travel_history(app);
    if (hist == NULL)
        return;
    void *st = frontend_view_state(app);
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
void time_travel_step(Frontend *app) {
    FrontendCtx *ctx = &app->ctx;
    ctx->paused = true;
    app->acc_ms = 0.0;
    const ViewHistory *hist = time_travel_history(app);
    if (hist != NULL) {
        void *st = frontend_view_state(app);
        long first = 0, last = 0;
        hist->range(st, &first, &last);
        long cur = hist->current(st);
        if (cur < last) {
            timed_seek(app, hist, cur + 1);
            return;
        }
    }
    long ticks = app->ticks;
    frontend_run_ticks(app, 1);
    const View *view = frontend_view(app);
    app->step_owed =
        app->ticks == ticks && view->waiting != NULL && view->waiting(frontend_view_state(app));
}

/* Space at a past tick, n ticks due this frame: the kept ticks among them
 * are played by one seek to the last of them, not one seek a tick. Only
 * that one is drawn, and a seek's cost is mostly rebuilding the decision
 * for the overlays (perfect's play-outs at a new food included), so a
 * video at 2,000 ticks a second costs a seek a frame, not 33. Returns the
 * ticks played (0: at the latest tick, the view's own tick goes on; -1:
 * the seek failed, paused, its reason on the status line). */
long time_travel_play_kept(Frontend *app, long n) {
    const ViewHistory *hist = time_travel_history(app);
    if (hist == NULL || n <= 0)
        return 0;
    void *st = frontend_view_state(app);
    long first = 0, last = 0;
    hist->range(st, &first, &last);
    long cur = hist->current(st);
    if (cur >= last)
        return 0;
    long t = n < last - cur ? cur + n : last;
    if (!hist->seek(st, t, &app->ctx)) {
        app->ctx.paused = true;
        return -1;
    }
    return t - cur;
}

/* One tick while running (Space). At a past tick it plays the ticks kept,
 * like a video: a seek to the next (time_travel_play_kept), so nothing is
 * dropped and what is shown is what was recorded. Only a change (a wall, a steered move, `A` in
 * a replay: the view's own business) drops the later ticks. When the kept
 * ticks run out the view's tick goes on: live, a new tick; a replay pauses
 * on its last recorded tick (docs/replay.md). A seek made here is not a
 * seek the user asked for, so --stats does not count it. */
bool time_travel_play(Frontend *app) {
    long k = time_travel_play_kept(app, 1);
    if (k != 0)
        return k > 0;
    return frontend_view(app)->tick(frontend_view_state(app), &app->ctx);
}

/* The timeline of the current view for the frame's layout (bar.w = 0: none). */
void time_travel_timeline(const Frontend *app, Timeline *tl) {
    const ViewHistory *hist = time_travel_history(app);
    long first = 0, last = 0;
    PixRect strip = app->ctx.frame.timeline;
    if (hist == NULL)
        strip.w = 0;
    else
        hist->range(frontend_view_state(app), &first, &last);
    timeline_layout(tl, strip, first, last);
}

/* A click or a drag on the timeline: show the tick under the pointer. */
void time_travel_scrub(Frontend *app, int x) {
    Timeline tl;
    time_travel_timeline(app, &tl);
    if (tl.bar.w > 0)
        time_travel_seek(app, timeline_x_to_tick(&tl, x));
}

void time_travel_hover(Frontend *app, int x, int y) {
    Timeline tl;
    time_travel_timeline(app, &tl);
    app->hovering = x >= 0 && (app->scrubbing || timeline_hit(&tl, x, y));
    app->hover_x = x;
}

long time_travel_hovered(const Frontend *app) {
    if (!app->hovering)
        return -1;
    Timeline tl;
    time_travel_timeline(app, &tl);
    return tl.bar.w > 0 ? timeline_x_to_tick(&tl, app->hover_x) : -1;
}
