/* draw.c - the frame around the view: the board area's caption, the
 * timeline, the HUD (the view's lines between the front end's title and
 * footer, as a panel or a strip), a notice while the HUD is hidden, and the
 * help box. The view draws its board and its HUD lines itself (view.h). */
#include <stdio.h>

#include "frontend_internal.h"

enum { STATUS_SHOW_MS = 6000 }; /* how long a notice stays */

/* ======================================================================== */
/* Drawing                                                                   */
/* ======================================================================== */

/* The overlay switches of the current mode as "W● P○ ...": only the keys
 * that mean something here (keys_apply_in_mode). */
static void overlay_line(const Frontend *app, char *buf, size_t cap) {
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
    else if (ctx->pace > 0.0 && (ctx->speed <= 0.0 || ctx->speed > ctx->pace))
        /* The view's pace holds the ticks back (the snake wheel): the user's
         * own speed comes back with the AI. */
        if (ctx->speed > 0.0)
            snprintf(buf, cap, "%.0f/s while you steer (yours: %.0f/s  [+/-])", ctx->pace,
                     ctx->speed);
        else
            snprintf(buf, cap, "%.0f/s while you steer (yours: max  [+/-])", ctx->pace);
    else if (ctx->speed > 0.0)
        snprintf(buf, cap, "%.0f/s, %.0f ticks/s  [+/-]", ctx->speed, ctx->ticks_per_s);
    else
        snprintf(buf, cap, "max, %.0f ticks/s  [+/-]", ctx->ticks_per_s);
}

/* `tick T of N` (with "(past)" while T < N) for a view with a history, in
 * the panel and in the strip alike: where you are in the game is never a
 * question of the window's size. True when T is a past tick. */
static bool hud_tick_line(const Frontend *app, Hud *hud) {
    const ViewHistory *hist = time_travel_history(app);
    if (hist == NULL)
        return false;
    void *st = frontend_view_state(app);
    long first = 0, last = 0, cur = hist->current(st);
    hist->range(st, &first, &last);
    if (cur < last)
        hud_kv(hud, "tick", PAL_ACCENT, "%ld of %ld  (past)", cur, last);
    else
        hud_kv(hud, "tick", PAL_TEXT, "%ld of %ld", cur, last);
    return cur < last;
}

/* A strip (small windows): the view's key/value items flow over the first
 * lines, the last line holds the notice or the way to the help. */
static void draw_hud_strip(Frontend *app) {
    FrontendCtx *ctx = &app->ctx;
    const FrameLayout *fl = &ctx->frame;
    int px = fl->hud_px, lh = layout_line_h(px);
    PixRect items = fl->hud;
    items.h -= lh;
    Hud hud;
    hud_begin_strip(&hud, app->renderer, app->text, items, px);
    hud_tick_line(app, &hud);
    char buf[96];
    speed_text(ctx, buf, sizeof buf);
    hud_kv(&hud, "", ctx->paused ? PAL_ACCENT : PAL_TEXT, "%s", buf);
    frontend_view(app)->hud(frontend_view_state(app), ctx, &hud);
    int y = fl->hud.y + fl->hud.h - lh;
    if (status_shown(ctx))
        text_draw(app->text, px, fl->hud.x + px / 2, y, TEXT_LEFT, render_sdl_color(PAL_ACCENT),
                  ctx->status);
    else /* I: a strip the window chose goes to the panel, one chosen with I hides */
        text_draw(app->text, px, fl->hud.x + px / 2, y, TEXT_LEFT, render_sdl_color(PAL_TEXT_DIM),
                  ctx->hud_style == HUD_STYLE_AUTO ? "F1 help   I bigger HUD   Q quit"
                                                   : "F1 help   I hides the HUD   Q quit");
}

/* A panel: the view's lines from the top, the shared footer (notice, speed,
 * overlays, the way to the help) kept at the bottom, never overprinted. */
static void draw_hud_panel(Frontend *app) {
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
    if (hud_tick_line(app, &hud) && ctx->paused)
        hud_text(&hud, PAL_TEXT_DIM, "  Space plays the recorded ticks");
    frontend_view(app)->hud(frontend_view_state(app), ctx, &hud);

    hud_begin(&foot, app->renderer, app->text, bottom, px);
    foot.y = bottom.y + px / 2;
    if (status_lines > 0)
        hud_wrapped(&foot, PAL_ACCENT, ctx->status);
    hud_text(&foot, ctx->paused ? PAL_ACCENT : PAL_TEXT, "%s", speed);
    hud_text(&foot, PAL_TEXT, "%s", overlays);
    hud_text(&foot, PAL_TEXT_DIM, "%s", hint);
}

static void draw_hud(Frontend *app) {
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
static void draw_toast(Frontend *app) {
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
static void draw_caption(Frontend *app) {
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
                 time_travel_history(app) != NULL
                     ? "PAUSED  -  Space resumes,  ',' back,  '.' forward"
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

static void draw_help(Frontend *app) {
    FrontendCtx *ctx = &app->ctx;
    int count = 0;
    const KeyHelp *keys = keys_help(&count);
    const KeyHelp *extra = frontend_view(app)->help;
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

void draw_frame(Frontend *app) {
    FrontendCtx *ctx = &app->ctx;
    int w = 0, h = 0;
    SDL_GetRendererOutputSize(app->renderer, &w, &h);
    layout_frame_styled(&ctx->frame, w, h, (ctx->overlays & OVERLAY_HUD) != 0, ctx->hud_style);
    SDL_SetRenderDrawColor(app->renderer, PAL_BACKGROUND.r, PAL_BACKGROUND.g, PAL_BACKGROUND.b,
                           255);
    SDL_RenderClear(app->renderer);
    ctx->caption[0] = '\0';
    ctx->caption_color = PAL_TEXT;
    frontend_view(app)->draw(frontend_view_state(app), ctx);
    const ViewHistory *hist = time_travel_history(app);
    if (hist != NULL) {
        Timeline tl;
        time_travel_timeline(app, &tl);
        void *st = frontend_view_state(app);
        timeline_draw(&tl, app->renderer, app->text, tl.strip.h * 11 / 20, hist->current(st),
                      time_travel_hovered(app), hist->marks, st);
    }
    draw_caption(app);
    draw_hud(app);
    draw_toast(app);
    if (ctx->overlays & OVERLAY_HELP)
        draw_help(app);
}
