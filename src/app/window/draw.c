/* draw.c - the frame around the view: the board area's caption, the
 * timeline, the HUD (the view's lines between the front end's title and
 * footer, as a panel or a strip), a notice while the HUD is hidden, and the
 * help box. The view draws its board and its HUD lines itself (view.h). */
#include <stdio.h>
#include <string.h>

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
    else if (ctx->speed > 0.0 && ctx->ticks_short)
        /* Too slow a policy for the speed: each frame's budget dropped ticks. */
        snprintf(buf, cap, "%.0f/s, only %.0f ticks/s  [+/-]", ctx->speed, ctx->ticks_per_s);
    else if (ctx->speed > 0.0)
        snprintf(buf, cap, "%.0f/s  [+/-]", ctx->speed); /* kept up (or held: a result) */
    else if (ctx->ticks_per_s > 0.0)
        snprintf(buf, cap, "max, %.0f ticks/s  [+/-]", ctx->ticks_per_s);
    else
        snprintf(buf, cap, "max  [+/-]"); /* no tick made lately: a result held */
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

/* The characters of a notice line `w` pixels wide at px (its text from px / 2 in). */
static int notice_cols(Frontend *app, int w, int px) {
    int adv = text_advance(app->text, px);
    int cols = adv > 0 ? (w - px) / adv : 40;
    return cols < 8 ? 8 : cols;
}

int draw_notice_lines(Frontend *app, int w, int px, const char *text, int max) {
    int cols = notice_cols(app, w, px), lines = 0;
    for (const char *p = text; *p != '\0' && lines < max; lines++) {
        p += layout_wrap_len(p, cols);
        while (*p == ' ')
            p++;
    }
    return lines;
}

void draw_notice(Frontend *app, int x, int y, int w, int px, Rgba color, const char *text,
                 int max) {
    int cols = notice_cols(app, w, px), lh = layout_line_h(px);
    char line[256];
    const char *p = text;
    for (int i = 0; i < max && *p != '\0'; i++) {
        /* The last line allowed takes the rest (cut at the edge). */
        int n = i + 1 < max ? layout_wrap_len(p, cols) : (int)strlen(p);
        if (n > (int)sizeof line - 1)
            n = (int)sizeof line - 1;
        memcpy(line, p, (size_t)n);
        line[n] = '\0';
        text_draw(app->text, px, x + px / 2, y + i * lh, TEXT_LEFT, render_sdl_color(color), line);
        p += n;
        while (*p == ' ')
            p++;
    }
}

/* A strip (small windows): the view's key/value items flow over the first
 * lines, its legends in short form along the next, and the last line holds
 * the notice or the way to the help. A notice too long for a line takes the
 * legends' line too, and then the last line of items (STRIP_NOTICE_MAX
 * lines in all): it shows whole for the few seconds it stays. */
enum { STRIP_NOTICE_MAX = 3 };
static void draw_hud_strip(Frontend *app) {
    FrontendCtx *ctx = &app->ctx;
    const FrameLayout *fl = &ctx->frame;
    int px = fl->hud_px, lh = layout_line_h(px);
    int notice = status_shown(ctx)
                     ? draw_notice_lines(app, fl->hud.w, px, ctx->status, STRIP_NOTICE_MAX)
                     : 1;
    PixRect items = fl->hud, legends = fl->hud;
    items.h -= 2 * lh; /* the legends' line and the notice's under the items */
    legends.y = fl->hud.y + fl->hud.h - 2 * lh;
    legends.h = lh;
    if (notice >= 2)
        legends.h = 0; /* no legends while a long notice shows */
    if (notice >= 3)
        items.h -= (notice - 2) * lh;
    Hud hud;
    hud_begin_strip(&hud, app->renderer, app->text, items, legends, px);
    hud.keys = app->hud_keys;
    hud.keys_cap = sizeof app->hud_keys;
    hud_tick_line(app, &hud);
    char buf[96];
    speed_text(ctx, buf, sizeof buf);
    hud_kv(&hud, "", ctx->paused ? PAL_ACCENT : PAL_TEXT, "%s", buf);
    frontend_view(app)->hud(frontend_view_state(app), ctx, &hud);
    int y = fl->hud.y + fl->hud.h - notice * lh;
    if (status_shown(ctx))
        draw_notice(app, fl->hud.x, y, fl->hud.w, px, PAL_ACCENT, ctx->status, STRIP_NOTICE_MAX);
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
    if (status_lines > LAYOUT_STATUS_MAX)
        status_lines = LAYOUT_STATUS_MAX;
    int fixed = hud_wrap_count(&foot, speed) + hud_wrap_count(&foot, overlays) +
                hud_wrap_count(&foot, hint);
    /* Room for a short notice is kept whether one shows or not: the view's
     * lines (a legend) do not come and go with the notices. */
    int foot_h = layout_footer_h(px, lh, status_lines, layout_status_reserve(fl), fixed, fl->hud.h);
    PixRect top = fl->hud, bottom = fl->hud;
    top.h -= foot_h;
    bottom.y += top.h;
    bottom.h = foot_h;
    Hud hud;
    hud_begin(&hud, app->renderer, app->text, top, px);
    hud.keys = app->hud_keys;
    hud.keys_cap = sizeof app->hud_keys;
    /* The title, and after it room for the recording mark's dot (capture.c):
     * a narrow panel gets the mode's name alone rather than a dot over it. */
    char title[64];
    int title_px = px + px / 3; /* hud_title's size */
    int dot_room = 2 * (px / 2 > 2 ? px / 2 : 2) + px;
    snprintf(title, sizeof title, "wavesnake · %s", app_mode_name(app->mode));
    if (text_width(app->text, title_px, title) + 2 * px + dot_room > fl->hud.w)
        snprintf(title, sizeof title, "%s", app_mode_name(app->mode));
    hud_title(&hud, title);
    app->title_right = fl->hud.x + px + text_width(app->text, title_px, title);
    if (hud_tick_line(app, &hud) && ctx->paused)
        hud_text(&hud, PAL_TEXT_DIM, "  Space plays the recorded ticks");
    hud_set_columns(&hud, fl->hud_cols);
    hud_set_more(&hud, fl->hud_more);
    frontend_view(app)->hud(frontend_view_state(app), ctx, &hud);

    /* The footer sits at the bottom; the room kept for a notice is above it. */
    hud_begin(&foot, app->renderer, app->text, bottom, px);
    foot.y = bottom.y + bottom.h - (status_lines + fixed) * lh - px / 2;
    if (foot.y < bottom.y + px / 2)
        foot.y = bottom.y + px / 2;
    if (status_lines > 0)
        hud_wrapped_max(&foot, PAL_ACCENT, ctx->status, status_lines);
    hud_text(&foot, ctx->paused ? PAL_ACCENT : PAL_TEXT, "%s", speed);
    hud_text(&foot, PAL_TEXT, "%s", overlays);
    hud_text(&foot, PAL_TEXT_DIM, "%s", hint);
}

static void draw_hud(Frontend *app) {
    const FrameLayout *fl = &app->ctx.frame;
    app->hud_keys[0] = '\0';
    app->title_right = 0;
    if (fl->hud.w <= 0 || fl->hud.h <= 0)
        return;
    render_fill(app->renderer, fl->hud, PAL_PANEL);
    /* Text that does not fit is cut at the panel, never drawn over the board
     * (the room under the board, hud_more, is in the clip rectangle too: the
     * writer keeps each line inside its area). */
    PixRect c = fl->hud;
    if (!fl->hud_strip && fl->hud_more.h > 0) {
        int x1 = c.x + c.w, y1 = c.y + c.h;
        const PixRect *m = &fl->hud_more;
        c.x = m->x < c.x ? m->x : c.x;
        c.y = m->y < c.y ? m->y : c.y;
        c.w = (m->x + m->w > x1 ? m->x + m->w : x1) - c.x;
        c.h = (m->y + m->h > y1 ? m->y + m->h : y1) - c.y;
    }
    SDL_Rect clip = {c.x, c.y, c.w, c.h};
    SDL_RenderSetClipRect(app->renderer, &clip);
    if (fl->hud_strip)
        draw_hud_strip(app);
    else
        draw_hud_panel(app);
    SDL_RenderSetClipRect(app->renderer, NULL);
}

/* With the HUD hidden a notice still shows: a box at the bottom of the window,
 * as many lines high as the notice needs (LAYOUT_STATUS_MAX at most). */
static void draw_toast(Frontend *app) {
    FrontendCtx *ctx = &app->ctx;
    if ((ctx->overlays & OVERLAY_HUD) || !status_shown(ctx))
        return;
    int win_w = 0, win_h = 0;
    SDL_GetRendererOutputSize(app->renderer, &win_w, &win_h);
    int px = ctx->frame.hud_px, lh = layout_line_h(px);
    int n = draw_notice_lines(app, win_w, px, ctx->status, LAYOUT_STATUS_MAX);
    PixRect box = {0, win_h - n * lh - px / 2, win_w, n * lh + px / 2};
    render_fill(app->renderer, box, rgba_alpha(PAL_PANEL, 235));
    SDL_Rect clip = {box.x, box.y, box.w, box.h};
    SDL_RenderSetClipRect(app->renderer, &clip);
    draw_notice(app, 0, box.y + px / 4, win_w, px, PAL_ACCENT, ctx->status, LAYOUT_STATUS_MAX);
    SDL_RenderSetClipRect(app->renderer, NULL);
}

/* The caption above the board: the view's (a game's result) and PAUSED. The
 * first of its shorter forms that fits the line at a readable size
 * (LAYOUT_READ_MIN_PX or more) is drawn, so it never covers a cell; the
 * last form, PAUSED first, is cut at the right if even that does not fit. */
static void draw_caption(Frontend *app) {
    FrontendCtx *ctx = &app->ctx;
    const PixRect *c = &ctx->frame.caption;
    if (c->h <= 0)
        return;
    char forms[4][240];
    int n = 0;
    Rgba color = ctx->caption_color;
    /* The caption's headline: up to its first ':' ("WON - board filled"). */
    int head = (int)strcspn(ctx->caption, ":");
    if (ctx->paused && ctx->caption[0] != '\0') {
        snprintf(forms[n++], sizeof forms[0], "%s  ·  PAUSED (Space)", ctx->caption);
        snprintf(forms[n++], sizeof forms[0], "%s  ·  PAUSED", ctx->caption);
        snprintf(forms[n++], sizeof forms[0], "PAUSED  ·  %s", ctx->caption);
        snprintf(forms[n++], sizeof forms[0], "PAUSED  ·  %.*s", head, ctx->caption);
    } else if (ctx->paused) {
        snprintf(forms[n++], sizeof forms[0], "%s",
                 time_travel_history(app) != NULL
                     ? "PAUSED  -  Space resumes,  ',' back,  '.' forward"
                     : "PAUSED  -  Space resumes, N steps");
        snprintf(forms[n++], sizeof forms[0], "PAUSED  -  Space resumes");
        snprintf(forms[n++], sizeof forms[0], "PAUSED");
    } else {
        snprintf(forms[n++], sizeof forms[0], "%s", ctx->caption);
        snprintf(forms[n++], sizeof forms[0], "%.*s", head, ctx->caption);
    }
    if (forms[0][0] == '\0')
        return;
    if (ctx->caption[0] == '\0')
        color = PAL_ACCENT;
    int px = ctx->frame.caption_px, k = 0;
    int min_px = px < LAYOUT_READ_MIN_PX ? px : LAYOUT_READ_MIN_PX;
    for (k = 0; k < n; k++) {
        px = ctx->frame.caption_px;
        while (px > min_px && text_width(app->text, px, forms[k]) > c->w)
            px--;
        if (text_width(app->text, px, forms[k]) <= c->w)
            break;
    }
    bool cut = k == n;
    if (cut)
        k = n - 1;
    SDL_Rect clip = {c->x, c->y, c->w, c->h};
    SDL_RenderSetClipRect(app->renderer, &clip);
    int y = c->y + (c->h - text_line_height(app->text, px)) / 2;
    if (cut)
        text_draw(app->text, px, c->x, y, TEXT_LEFT, render_sdl_color(color), forms[k]);
    else
        text_draw(app->text, px, c->x + c->w / 2, y, TEXT_CENTER, render_sdl_color(color),
                  forms[k]);
    SDL_RenderSetClipRect(app->renderer, NULL);
}

/* One row of the help box: a key and what it does, or (keys NULL) a heading. */
typedef struct HelpRow {
    const char *keys, *text;
} HelpRow;

enum { HELP_MAX_ROWS = 128, HELP_WRAP_CHARS = 128 };

/* The slot (row of the columns, column after column) of each row, a heading
 * never left alone at the bottom of a column, and a key's wrapped lines (the
 * rows after it with keys "") kept in one column when they fit one; returns
 * the slots used. */
static int help_slots(const HelpRow *rows, int n, int per_col, int *slot) {
    int k = 0;
    for (int i = 0; i < n; i++) {
        if (rows[i].keys == NULL && per_col > 1 && k % per_col == per_col - 1)
            k++;
        if (rows[i].keys != NULL && rows[i].keys[0] != '\0') {
            int lines = 1;
            while (i + lines < n && rows[i + lines].keys != NULL && rows[i + lines].keys[0] == '\0')
                lines++;
            if (lines > 1 && lines <= per_col && k % per_col + lines > per_col)
                k += per_col - k % per_col;
        }
        slot[i] = k++;
    }
    return k;
}

/* The help box's measures at one font size. */
typedef struct HelpFit {
    int px, lh;   /* the font size and the line height */
    int key_w;    /* the keys, with room after them: what a key does starts there */
    int col_w;    /* a column, keys and text */
    int title_w;  /* the wider of the two titles (one page, or several) */
    int per_col;  /* rows a column holds */
    int cols_fit; /* columns the window holds side by side */
} HelpFit;

static const char HELP_TITLE[] = "Keys  (F1 or ? closes this help)";

/* The rows of the help box: the global keys, then, under a heading written
 * into `heading` (size bytes, which must outlive the rows), the view's.
 * Returns how many, at most HELP_MAX_ROWS. */
static int help_rows(const Frontend *app, HelpRow *rows, char *heading, size_t size) {
    int count = 0;
    const KeyHelp *keys = keys_help(&count);
    const KeyHelp *extra = frontend_view(app)->help;
    snprintf(heading, size, "In the %s mode:", app_mode_name(app->mode));
    int n = 0;
    for (int i = 0; i < count && n < HELP_MAX_ROWS; i++)
        rows[n++] = (HelpRow){keys[i].keys, keys[i].text};
    if (extra != NULL && extra[0].keys != NULL && n < HELP_MAX_ROWS)
        rows[n++] = (HelpRow){NULL, heading};
    for (int i = 0; extra != NULL && extra[i].keys != NULL && n < HELP_MAX_ROWS; i++)
        rows[n++] = (HelpRow){extra[i].keys, extra[i].text};
    return n;
}

/* The measures of the n rows at font size px in a win_w x win_h window. */
static HelpFit help_measure(Frontend *app, const HelpRow *rows, int n, int px, int win_w,
                            int win_h) {
    HelpFit fit = {.px = px};
    fit.lh = text_line_height(app->text, px) + px / 4;
    int adv = text_advance(app->text, px), text_w = 0;
    fit.title_w = text_width(app->text, px, "Keys 9/9  (F1: more)");
    int tw0 = text_width(app->text, px, HELP_TITLE);
    fit.title_w = tw0 > fit.title_w ? tw0 : fit.title_w;
    for (int i = 0; i < n; i++) {
        int kw = rows[i].keys != NULL ? text_width(app->text, px, rows[i].keys) + 2 * adv : 0;
        int tw = text_width(app->text, px, rows[i].text) - (rows[i].keys == NULL ? kw : 0);
        fit.key_w = kw > fit.key_w ? kw : fit.key_w;
        text_w = tw > text_w ? tw : text_w;
    }
    fit.col_w = fit.key_w + text_w + text_w / 10; /* labels are TTF-measured: slack */
    fit.per_col = (win_h - 8 - 2 * px - fit.lh * 3 / 2) / fit.lh;
    if (fit.per_col < 1)
        fit.per_col = 1;
    fit.cols_fit = (win_w - 8) / (fit.col_w + 2 * px);
    if (fit.cols_fit < 1)
        fit.cols_fit = 1;
    return fit;
}

/* Whether the rows, measured by fit, fit a win_w wide window: no column
 * wider than it, and no more columns than it holds side by side. */
static bool help_fits(const HelpRow *rows, int n, const HelpFit *fit, int win_w) {
    int slot[HELP_MAX_ROWS];
    if (fit->col_w + 2 * fit->px > win_w - 8)
        return false;
    int cols = (help_slots(rows, n, fit->per_col, slot) + fit->per_col - 1) / fit->per_col;
    return cols <= fit->cols_fit;
}

/* The largest font size, from the HUD's down to LAYOUT_READ_MIN_PX (or the
 * HUD's when smaller), at which the rows fit the window; the smallest when
 * none does. */
static HelpFit help_fit(Frontend *app, const HelpRow *rows, int n, int win_w, int win_h) {
    const FrontendCtx *ctx = &app->ctx;
    int min_px = ctx->frame.hud_px < LAYOUT_READ_MIN_PX ? ctx->frame.hud_px : LAYOUT_READ_MIN_PX;
    HelpFit fit;
    int px = ctx->frame.hud_px + 1;
    do { /* shrink until it fits the window, but never below a readable size */
        px--;
        fit = help_measure(app, rows, n, px, win_w, win_h);
    } while (px > min_px && !help_fits(rows, n, &fit, win_w));
    return fit;
}

/* A window narrower than a row even at the smallest size (320x240): what
 * a key does wraps onto the rows under it (keys ""), rather than running
 * past the box's edge, in one column as wide as the window. The lines'
 * text goes into `wrapped`. Returns the rows' new count (n when they fit). */
static int help_wrap(Frontend *app, HelpRow *rows, int n, char (*wrapped)[HELP_WRAP_CHARS],
                     HelpFit *fit, int win_w) {
    int px = fit->px, adv = text_advance(app->text, px);
    if (fit->col_w + 2 * px <= win_w - 8 || adv <= 0)
        return n;
    int chars = (win_w - 8 - 2 * px - fit->key_w) / adv;
    if (chars < 8)
        chars = 8;
    HelpRow out[HELP_MAX_ROWS];
    int m = 0;
    for (int i = 0; i < n && m < HELP_MAX_ROWS; i++) {
        if (rows[i].keys == NULL) {
            out[m++] = rows[i];
            continue;
        }
        const char *p = rows[i].text;
        for (bool first_line = true; *p != '\0' && m < HELP_MAX_ROWS; first_line = false) {
            int len = layout_wrap_len(p, chars);
            snprintf(wrapped[m], sizeof wrapped[m], "%.*s", len, p);
            out[m] = (HelpRow){first_line ? rows[i].keys : "", wrapped[m]};
            m++;
            p += len;
            while (*p == ' ')
                p++;
        }
    }
    memcpy(rows, out, (size_t)m * sizeof *out);
    fit->col_w = win_w - 8 - 2 * px;
    fit->cols_fit = 1;
    return m;
}

/* Sets app->help_pages for `slots` slots, per_page a page, and keeps
 * app->help_page among them; returns the first slot of the page shown. */
static int help_page_first(Frontend *app, int slots, int per_page) {
    int pages = (slots + per_page - 1) / per_page;
    app->help_pages = pages;
    if (app->help_page >= pages)
        app->help_page = pages - 1;
    return app->help_page * per_page;
}

/* The box of a page of on_page slots, centred in the window: as wide as its
 * columns or its title, but no wider than the window. */
static PixRect help_box(const HelpFit *fit, int on_page, int win_w, int win_h) {
    int px = fit->px, lh = fit->lh, per_col = fit->per_col;
    int cols = (on_page + per_col - 1) / per_col;
    int tall = on_page < per_col ? on_page : per_col;
    int w = cols * fit->col_w + (cols - 1) * 2 * px + 2 * px;
    if (w < fit->title_w + 2 * px)
        w = fit->title_w + 2 * px;
    if (w > win_w - 4)
        w = win_w - 4; /* the slack goes first; the outline stays in the window */
    int h = lh * 3 / 2 + tall * lh + 2 * px;
    PixRect box = {(win_w - w) / 2, (win_h - h) / 2, w, h};
    if (box.x < 0)
        box.x = 0;
    if (box.y < 0)
        box.y = 0;
    return box;
}

/* Draws the rows whose slots are on the page from slot `first`, in columns
 * under the title of the box. */
static void help_draw_rows(Frontend *app, const HelpRow *rows, int n, const int *slot, int first,
                           const HelpFit *fit, PixRect box) {
    int px = fit->px, lh = fit->lh, per_col = fit->per_col, per_page = per_col * fit->cols_fit;
    SDL_Color accent = render_sdl_color(PAL_ACCENT), text = render_sdl_color(PAL_TEXT);
    int top = box.y + px + lh * 3 / 2;
    for (int i = 0; i < n; i++) {
        const HelpRow *r = &rows[i];
        int at = slot[i] - first;
        if (at < 0 || at >= per_page)
            continue;
        int x = box.x + px + (at / per_col) * (fit->col_w + 2 * px), y = top + (at % per_col) * lh;
        if (r->keys == NULL) {
            text_draw(app->text, px, x, y, TEXT_LEFT, render_sdl_color(PAL_TEXT_DIM), r->text);
            continue;
        }
        text_draw(app->text, px, x, y, TEXT_LEFT, accent, r->keys);
        text_draw(app->text, px, x + fit->key_w, y, TEXT_LEFT, text, r->text);
    }
}

/* The help box: the global keys, then the mode's. It takes the largest font
 * (down to LAYOUT_READ_MIN_PX) at which it fits the window in one column or
 * several side by side; a window too small even then gets it in pages, F1
 * turning them (input.c). */
static void draw_help(Frontend *app) {
    HelpRow rows[HELP_MAX_ROWS];
    int slot[HELP_MAX_ROWS];
    char heading[64], wrapped[HELP_MAX_ROWS][HELP_WRAP_CHARS];
    int n = help_rows(app, rows, heading, sizeof heading);
    int win_w = 0, win_h = 0;
    SDL_GetRendererOutputSize(app->renderer, &win_w, &win_h);
    HelpFit fit = help_fit(app, rows, n, win_w, win_h);
    n = help_wrap(app, rows, n, wrapped, &fit, win_w);
    int slots = help_slots(rows, n, fit.per_col, slot);
    int per_page = fit.per_col * fit.cols_fit;
    int first = help_page_first(app, slots, per_page);
    int on_page = slots - first < per_page ? slots - first : per_page;
    const char *title = HELP_TITLE;
    char paged[48];
    if (app->help_pages > 1) {
        snprintf(paged, sizeof paged, "Keys %d/%d  (F1: %s)", app->help_page + 1, app->help_pages,
                 app->help_page + 1 < app->help_pages ? "more" : "closes");
        title = paged;
    }
    PixRect box = help_box(&fit, on_page, win_w, win_h);
    render_fill(app->renderer, (PixRect){0, 0, win_w, win_h}, (Rgba){0, 0, 0, 120});
    render_fill(app->renderer, box, rgba_alpha(PAL_PANEL, 245));
    render_outline(app->renderer, box, 2, PAL_ACCENT);
    SDL_Rect clip = {box.x, box.y, box.w, box.h};
    SDL_RenderSetClipRect(app->renderer, &clip);
    text_draw(app->text, fit.px, box.x + fit.px, box.y + fit.px, TEXT_LEFT,
              render_sdl_color(PAL_ACCENT), title);
    help_draw_rows(app, rows, n, slot, first, &fit, box);
    SDL_RenderSetClipRect(app->renderer, NULL);
}

void draw_layout(Frontend *app) {
    FrontendCtx *ctx = &app->ctx;
    int w = 0, h = 0;
    SDL_GetRendererOutputSize(app->renderer, &w, &h);
    layout_frame_styled(&ctx->frame, w, h, (ctx->overlays & OVERLAY_HUD) != 0, ctx->hud_style);
}

void draw_frame(Frontend *app) {
    FrontendCtx *ctx = &app->ctx;
    draw_layout(app);
    const View *view = frontend_view(app);
    if (view->fit != NULL)
        layout_frame_fit(&ctx->frame,
                         view->fit(frontend_view_state(app), ctx, ctx->frame.board_area));
    SDL_SetRenderDrawColor(app->renderer, PAL_BACKGROUND.r, PAL_BACKGROUND.g, PAL_BACKGROUND.b,
                           255);
    SDL_RenderClear(app->renderer);
    text_transcript_clear(app->text);
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
