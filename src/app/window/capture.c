/* capture.c - screenshots (--screenshot, S) and GIF recordings (--record, C)
 * of the window.
 *
 * Both read the finished frame before it is presented; the recording mark (a
 * red dot in the HUD) and the C key's notice ("recording ... (C stops)") are
 * drawn after that read, so the window shows them and the GIF does not. Only
 * the copy of the pixels happens in the frame: the recorder encodes on its
 * own thread (record.h).
 */
#include <SDL.h>
#include <SDL_image.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "chart_png.h"
#include "frontend_internal.h"
#include "report.h"

enum { REC_NOTICE_MS = 6000 }; /* how long C's notice shows: as long as any notice (draw.c) */

/* ======================================================================== */
/* Screenshots                                                               */
/* ======================================================================== */

/* Reads the frame drawn so far (before present) and writes it as a PNG (or
 * a JPEG), through the one image writer (chart_save_surface: a temporary
 * file renamed when complete). `what` names the file in err. */
static WsStatus capture_png(Frontend *app, const char *path, const char *what, WsError *err) {
    int w = 0, h = 0;
    if (SDL_GetRendererOutputSize(app->renderer, &w, &h) != 0)
        return ws_fail(err, REPORT_ERR_INTERNAL, "%s: %s", what, SDL_GetError());
    SDL_Surface *shot = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_RGB888);
    if (shot == NULL)
        return ws_fail(err, WS_ERR_NOMEM, "%s: %s", what, SDL_GetError());
    WsStatus st = WS_OK;
    if (SDL_RenderReadPixels(app->renderer, NULL, SDL_PIXELFORMAT_RGB888, shot->pixels,
                             shot->pitch) != 0)
        st = ws_fail(err, REPORT_ERR_INTERNAL, "%s: %s", what, SDL_GetError());
    else
        st = chart_save_surface(shot, path, what, err);
    SDL_FreeSurface(shot);
    return st;
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
        FILE *f = fopen(buf, "rbe");
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
    const Rgba *const pal[] = {&PAL_BACKGROUND, &PAL_BOARD, &PAL_BOARD_ALT, &PAL_WALL,   &PAL_GRID,
                               &PAL_PANEL,      &PAL_TEXT,  &PAL_TEXT_DIM,  &PAL_ACCENT, &PAL_GOOD,
                               &PAL_BAD,        &PAL_PATH,  &PAL_PATH_ALT,  &PAL_GHOST};
    int n = 0;
    for (size_t i = 0; i < sizeof pal / sizeof pal[0] && n < cap; i++)
        if (pal[i]->a == 255)
            out[n++] = (uint32_t)pal[i]->r << 16 | (uint32_t)pal[i]->g << 8 | pal[i]->b;
    return n;
}

WsStatus capture_record_start(Frontend *app, const char *path, bool by_key, WsError *err) {
    int w = 0, h = 0;
    if (SDL_GetRendererOutputSize(app->renderer, &w, &h) != 0)
        return ws_fail(err, REPORT_ERR_INTERNAL, "cannot record %s: %s", path, SDL_GetError());
    uint32_t keep[RECORD_KEEP_MAX];
    /* Offscreen nobody watches: wait for the encoder, and every run gives the same file. */
    RecordOptions ro = {
        .keep = keep, .keep_count = palette_colors(keep, RECORD_KEEP_MAX), .wait = app->offscreen};
    WsStatus st = record_open(&app->rec, path, w, h, &ro, err);
    if (st != WS_OK)
        return st;
    app->rec_start_ms = app->ctx.now_ms;
    app->rec_by_key = by_key;
    /* The notice is the window's, never the GIF's (capture_draw_rec_mark draws
     * it after the frame is read); an older notice would be recorded: it goes.
     * --record's file is the user's own: no notice. */
    app->rec_notice_ms = 0;
    if (by_key) {
        app->ctx.status[0] = '\0';
        app->rec_notice_ms = app->ctx.now_ms > 0 ? app->ctx.now_ms : 1;
    }
    return WS_OK;
}

/* A failure of the C key: one line on stderr (as the S key's) and in the HUD. */
static void key_failed(Frontend *app, WsStatus st, const WsError *err) {
    report_status(st, err);
    frontend_status(&app->ctx, "%s", err->msg);
}

void capture_record_stop(Frontend *app, const char *why) {
    if (app->rec == NULL)
        return;
    char path[WS_QUOTE_SIZE * 4]; /* the path as the terminal and the HUD show it */
    ws_quote(path, sizeof path, record_path(app->rec));
    RecordReport rep;
    WsError err = {0};
    WsStatus st = record_close(app->rec, &rep, &err);
    app->rec = NULL;
    if (st != WS_OK) {
        if (app->rec_by_key)
            key_failed(app, st, &err);
        else
            app->rec_err = err;
        frontend_status(&app->ctx, "recording failed: %s", err.msg);
        return;
    }
    printf("wavesnake: recorded %s%s%s: %ld frame%s, %.1f s, %.0f KB, %d colours; %ld frames "
           "taken, %ld unchanged, %ld dropped; encoding: first frame %.1f ms (palette %.1f ms), "
           "then %.2f ms mean, %.2f ms p99, %.2f ms max per frame\n",
           path, why != NULL ? " - " : "", why != NULL ? why : "", rep.frames_written,
           rep.frames_written == 1 ? "" : "s", rep.seconds, (double)rep.bytes / 1024.0, rep.colors,
           rep.frames_taken, rep.frames_merged, rep.frames_dropped, rep.first_ms, rep.palette_ms,
           rep.encode_ms_mean, rep.encode_ms_p99, rep.encode_ms_max);
    fflush(stdout);
    /* The file first: a notice cut short for room (a panel keeps four lines
     * for it) still names it. */
    frontend_status(&app->ctx, "saved %s (%ld frame%s, %.1f s, %.0f KB, %ld dropped)%s%s", path,
                    rep.frames_written, rep.frames_written == 1 ? "" : "s", rep.seconds,
                    (double)rep.bytes / 1024.0, rep.frames_dropped, why != NULL ? "; " : "",
                    why != NULL ? why : "");
}

/* Hands the finished frame to the recorder when one is due (only a copy of
 * the pixels happens here). A resized window or a failed write stops it. */
void capture_record_frame(Frontend *app) {
    if (app->rec == NULL)
        return;
    if (record_status(app->rec, NULL) != WS_OK) {
        capture_record_stop(app, NULL); /* reports the failure */
        return;
    }
    int w = 0, h = 0;
    SDL_GetRendererOutputSize(app->renderer, &w, &h);
    if (w != record_width(app->rec) || h != record_height(app->rec)) {
        capture_record_stop(app, "window resized, recording stopped");
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
    frontend_timing(app, FT_CAPTURE, start, SDL_GetPerformanceCounter());
}

/* C's notice, after the frame was read: over the foot of the HUD panel (what,
 * then the file's name), or with the HUD hidden or a strip, a box across the
 * bottom of the window; wrapped to its width (draw_notice), never cut at the
 * window's edge. Until a newer notice or REC_NOTICE_MS. */
static void draw_rec_notice(Frontend *app) {
    const FrontendCtx *ctx = &app->ctx;
    if (app->rec_notice_ms == 0 || ctx->now_ms - app->rec_notice_ms >= REC_NOTICE_MS ||
        (ctx->status[0] != '\0' && ctx->status_ms >= app->rec_notice_ms))
        return;
    const FrameLayout *fl = &ctx->frame;
    const char *path = record_path(app->rec), *slash = strrchr(path, '/');
    char name[WS_QUOTE_SIZE * 4]; /* a file's name may hold any byte: quoted */
    ws_quote(name, sizeof name, slash != NULL ? slash + 1 : path);
    int px = fl->hud_px, lh = layout_line_h(px);
    char line[320]; /* the strip's and the toast's one notice, wrapped (draw_notice) */
    bool panel = (ctx->overlays & OVERLAY_HUD) && !fl->hud_strip && fl->hud.w > 0 && fl->hud.h > 0;
    PixRect box;
    int name_lines = 1;
    if (panel) {
        name_lines = draw_notice_lines(app, fl->hud.w, px, name, 2);
        int h = (1 + name_lines) * lh + px / 2;
        box = (PixRect){fl->hud.x, fl->hud.y + fl->hud.h - h, fl->hud.w, h};
    } else {
        int win_w = 0, win_h = 0;
        SDL_GetRendererOutputSize(app->renderer, &win_w, &win_h);
        snprintf(line, sizeof line, "recording %s  (C stops)", name);
        int n = draw_notice_lines(app, win_w, px, line, LAYOUT_STATUS_MAX);
        box = (PixRect){0, win_h - n * lh - px / 2, win_w, n * lh + px / 2};
    }
    render_fill(app->renderer, box, PAL_PANEL);
    SDL_Rect clip = {box.x, box.y, box.w, box.h};
    SDL_RenderSetClipRect(app->renderer, &clip);
    SDL_Color accent = render_sdl_color(PAL_ACCENT);
    if (panel) {
        text_draw(app->text, px, box.x + px / 2, box.y + px / 4, TEXT_LEFT, accent,
                  "recording  (C stops)");
        draw_notice(app, box.x, box.y + px / 4 + lh, box.w, px, PAL_ACCENT, name, name_lines);
    } else {
        draw_notice(app, box.x, box.y + px / 4, box.w, px, PAL_ACCENT, line, LAYOUT_STATUS_MAX);
    }
    SDL_RenderSetClipRect(app->renderer, NULL);
}

/* The recording mark at the right end of the HUD's title line: a red dot and
 * the time recorded (the dot alone when the title leaves no room). Drawn after
 * the frame was read, so the GIF does not show it. */
void capture_draw_rec_mark(Frontend *app) {
    const FrameLayout *fl = &app->ctx.frame;
    if (app->rec == NULL)
        return;
    draw_rec_notice(app);
    if (fl->hud.w <= 0 || fl->hud.h <= 0)
        return;
    SDL_Rect clip = {fl->hud.x, fl->hud.y, fl->hud.w, fl->hud.h};
    SDL_RenderSetClipRect(app->renderer, &clip);
    int px = fl->hud_px, title_px = px + px / 3; /* hud_title's size */
    int y = fl->hud.y + px, lh = text_line_height(app->text, title_px);
    int right = fl->hud.x + fl->hud.w - px;
    int title_end = app->title_right > 0 ? app->title_right + px : fl->hud.x + px;
    unsigned long long s = (unsigned long long)(app->ctx.now_ms - app->rec_start_ms) / 1000u;
    char label[32];
    snprintf(label, sizeof label, "REC %llu:%02llu", s / 60u, s % 60u);
    int r = px / 2 > 2 ? px / 2 : 2;
    int tw = text_width(app->text, px, label);
    if (right - tw - px / 2 - 2 * r >= title_end) {
        text_draw(app->text, px, right, y + (lh - text_line_height(app->text, px)) / 2, TEXT_RIGHT,
                  render_sdl_color(PAL_BAD), label);
        right -= tw + px / 2;
    }
    render_disc(app->renderer, right - r, y + lh / 2, r, PAL_BAD);
    SDL_RenderSetClipRect(app->renderer, NULL);
}

/* ======================================================================== */
/* The keys and the frame's screenshot                                       */
/* ======================================================================== */

void capture_shot_key(Frontend *app) {
    make_shot_path(app->shot_name, sizeof app->shot_name);
    app->shot_path = app->shot_name;
    app->shot_by_key = true;
}

void capture_record_key(Frontend *app) {
    if (app->rec != NULL) {
        capture_record_stop(app, NULL);
        return;
    }
    char name[64];
    make_file_name(name, sizeof name, "gif");
    WsError err = {0};
    WsStatus st = capture_record_start(app, name, true, &err);
    if (st != WS_OK)
        key_failed(app, st, &err);
}

void capture_take_shot(Frontend *app) {
    if (app->shot_path == NULL)
        return;
    char name[WS_QUOTE_SIZE * 4]; /* the path as the terminal and the HUD show it */
    ws_quote(name, sizeof name, app->shot_path);
    WsError err = {0};
    WsStatus st =
        capture_png(app, app->shot_path, app->shot_by_key ? "screenshot" : "--screenshot", &err);
    if (st == WS_OK) {
        printf("wavesnake: screenshot %s\n", name);
        fflush(stdout);
        if (app->shot_by_key)
            frontend_status(&app->ctx, "saved %s", name);
        app->shot_status = WS_OK;
        app->shot_path = NULL;
        return;
    }
    /* --screenshot's path is the user's input (exit status 2); the S key's
     * file is the program's own choice (1). */
    if (st == WS_ERR_IO && !app->offscreen)
        st = REPORT_ERR_INTERNAL;
    app->shot_status = st;
    app->shot_err = err;
    if (app->shot_by_key) {
        report_status(app->shot_status, &app->shot_err);
        frontend_status(&app->ctx, "%s", err.msg);
    }
    app->shot_path = NULL;
}
