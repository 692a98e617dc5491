#include "layout.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* ======================================================================== */
/* Window layout                                                             */
/* ======================================================================== */

static int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

int layout_line_h(int px) { return px * 6 / 5 + 1 + px / 5; }

/* AUTO: a panel when the board keeps enough room beside or below it. */
static HudStyle auto_style(int win_w, int win_h) {
    if (win_h > win_w)
        return win_w >= LAYOUT_BELOW_MIN_W && win_h >= LAYOUT_BELOW_MIN_H ? HUD_STYLE_PANEL
                                                                          : HUD_STYLE_STRIP;
    return win_w >= LAYOUT_PANEL_MIN_W && win_h >= LAYOUT_PANEL_MIN_H ? HUD_STYLE_PANEL
                                                                      : HUD_STYLE_STRIP;
}

/* A strip: LAYOUT_STRIP_LINES lines at the smallest font along the bottom,
 * half the window at most; the board area keeps the rest. */
static void place_strip(FrameLayout *f, int win_w, int win_h) {
    int ph = LAYOUT_STRIP_LINES * layout_line_h(LAYOUT_HUD_MIN_PX) + LAYOUT_HUD_MIN_PX / 2;
    if (ph > win_h / 2)
        ph = win_h / 2;
    f->hud = (PixRect){0, win_h - ph, win_w, ph};
    f->hud_strip = true;
    f->board_area.h = win_h - ph;
}

/* A panel: below the board in a tall window, else on the right; the board
 * area keeps the rest. */
static void place_panel(FrameLayout *f, int win_w, int win_h) {
    if (win_h > win_w) {
        /* Tall window: the panel goes below, a third of the height at most. */
        int ph = clampi(win_h / 3, 1, win_h);
        f->hud = (PixRect){0, win_h - ph, win_w, ph};
        f->hud_below = true;
        f->board_area.h = win_h - ph;
    } else {
        int pw = clampi(win_w * 30 / 100, LAYOUT_HUD_MIN_W, LAYOUT_HUD_MAX_W);
        if (pw > win_w / 2)
            pw = win_w / 2; /* tiny windows: never more than half for text */
        f->hud = (PixRect){win_w - pw, 0, pw, win_h};
        f->board_area.w = win_w - pw;
    }
}

/* The font of a placed panel (hud_px) and its columns (hud_cols). */
static void panel_font(FrameLayout *f, int win_h) {
    /* The font follows the window height so the HUD reads the same at any
     * size, and shrinks so that a line of about 34 characters fits the
     * panel (the advance of DejaVu Sans Mono is 0.6 em). */
    int px = win_h / 40;
    if (f->hud.w * 10 / LAYOUT_HUD_COL_EM10 < px)
        px = f->hud.w * 10 / LAYOUT_HUD_COL_EM10;
    if (f->hud_below && f->hud.h / 22 < px)
        px = f->hud.h / 22; /* a panel below: room for about 16 lines */
    /* A panel below as wide as two columns at a readable size splits in
     * two: twice the lines, so the decision and the legend keep their
     * place under a board that takes most of a portrait window. */
    if (f->hud_below && f->hud.w >= 2 * layout_hud_col_w(LAYOUT_HUD_COLS_MIN_PX)) {
        f->hud_cols = 2;
        if (f->hud.w / 2 * 10 / LAYOUT_HUD_COL_EM10 < px)
            px = f->hud.w / 2 * 10 / LAYOUT_HUD_COL_EM10;
    }
    f->hud_px = clampi(px, LAYOUT_HUD_MIN_PX, LAYOUT_HUD_MAX_PX);
}

/* Cuts the board area left by the HUD: a margin, the timeline under the
 * board and the caption line over it, each when the area has room for it. */
static void cut_board_area(FrameLayout *f, int win_h) {
    /* Keep a margin around the board when there is room for one. */
    PixRect *b = &f->board_area;
    if (b->w > 4 * LAYOUT_MARGIN && b->h > 4 * LAYOUT_MARGIN) {
        b->x += LAYOUT_MARGIN;
        b->y += LAYOUT_MARGIN;
        b->w -= 2 * LAYOUT_MARGIN;
        b->h -= 2 * LAYOUT_MARGIN;
    }
    /* The timeline: under the board, in the board's column, so the eye goes
     * straight down from the snake to the moment it is looking at. */
    int th = clampi(win_h / 30, LAYOUT_TIMELINE_MIN_H, LAYOUT_TIMELINE_MAX_H);
    int gap = LAYOUT_MARGIN / 2;
    if (b->h - th - gap >= 4 * th) {
        b->h -= th + gap;
        f->timeline = (PixRect){b->x, b->y + b->h + gap, b->w, th};
    }
    /* The caption line: the top of the board area, so that "PAUSED" or a
     * game's result never covers a cell. */
    f->caption_px = f->hud_px + f->hud_px / 3;
    int ch = layout_line_h(f->caption_px);
    if (b->h >= 4 * ch) {
        f->caption = (PixRect){b->x, b->y, b->w, ch};
        b->y += ch;
        b->h -= ch;
    }
}

void layout_frame_styled(FrameLayout *out, int win_w, int win_h, bool hud_on, HudStyle style) {
    if (win_w < 1)
        win_w = 1;
    if (win_h < 1)
        win_h = 1;
    if (style <= HUD_STYLE_AUTO || style >= HUD_STYLE_COUNT)
        style = auto_style(win_w, win_h);
    FrameLayout f = {
        {0, 0, win_w, win_h}, {0, 0, 0, 0},      {0, 0, 0, 0}, {0, 0, 0, 0}, false, false, 1,
        LAYOUT_HUD_MIN_PX,    LAYOUT_HUD_MIN_PX, {0, 0, 0, 0}};
    if (hud_on && style == HUD_STYLE_STRIP) {
        place_strip(&f, win_w, win_h); /* at the smallest font */
    } else if (hud_on) {
        place_panel(&f, win_w, win_h);
        panel_font(&f, win_h);
    } else {
        f.hud_px = clampi(win_h / 40, LAYOUT_HUD_MIN_PX, LAYOUT_HUD_MAX_PX);
    }
    cut_board_area(&f, win_h);
    *out = f;
}

void layout_frame(FrameLayout *out, int win_w, int win_h, bool hud_on) {
    layout_frame_styled(out, win_w, win_h, hud_on, HUD_STYLE_AUTO);
}

int layout_hud_col_w(int px) { return px * LAYOUT_HUD_COL_EM10 / 10; }

void layout_frame_fit(FrameLayout *f, PixRect used) {
    PixRect *b = &f->board_area;
    if (f->hud.w <= 0 || f->hud.h <= 0 || f->hud_strip || used.w <= 0 || used.h <= 0)
        return;
    if (f->hud_below) {
        /* The board keeps its size; the rows it leaves empty go to the text. */
        int spare = b->h - used.h;
        if (spare <= 0)
            return;
        b->h -= spare;
        f->timeline.y -= spare;
        f->hud.y -= spare;
        f->hud.h += spare;
        return;
    }
    /* Beside the board, a wider panel helps only when it holds a second
     * column (a wide, low window: the legend moves there instead of being
     * dropped); one wider column would only make longer lines. */
    int spare = b->w - used.w;
    int pw = f->hud.w + (spare > 0 ? spare : 0);
    if (pw > 2 * LAYOUT_HUD_MAX_W)
        pw = 2 * LAYOUT_HUD_MAX_W;
    if (pw < 2 * layout_hud_col_w(f->hud_px)) {
        /* No second column beside it: the rows the board leaves empty
         * (a wide board in a 16:9 window) go under the timeline instead. */
        int vspare = b->h - used.h, lh = layout_line_h(f->hud_px);
        if (vspare < 4 * lh + LAYOUT_MARGIN)
            return;
        int bottom = f->timeline.h > 0 ? f->timeline.y + f->timeline.h : b->y + b->h;
        b->h -= vspare;
        f->timeline.y -= vspare;
        int top = bottom - vspare + LAYOUT_MARGIN / 2;
        f->hud_more = (PixRect){b->x, top, b->w, bottom - top};
        return;
    }
    int grow = pw - f->hud.w;
    f->hud.x -= grow;
    f->hud.w = pw;
    b->w -= grow;
    f->caption.w -= grow;
    f->timeline.w -= grow;
    f->hud_cols = 2;
}

int layout_status_reserve(const FrameLayout *f) { return f->hud_cols > 1 ? 1 : 2; }

int layout_footer_h(int px, int line_h, int status_lines, int reserve, int fixed_lines,
                    int panel_h) {
    if (status_lines < reserve)
        status_lines = reserve;
    if (status_lines > LAYOUT_STATUS_MAX)
        status_lines = LAYOUT_STATUS_MAX;
    int h = (status_lines + fixed_lines) * line_h + px;
    return h > panel_h / 2 ? panel_h / 2 : h;
}

/* The bytes of the first n characters of p (or all of it), UTF-8 continuation bytes skipped. */
static int utf8_bytes(const char *p, int n) {
    int i = 0;
    for (int c = 0; p[i] != '\0'; i++) {
        if (((unsigned char)p[i] & 0xC0) == 0x80)
            continue;
        if (c++ == n)
            break;
    }
    return i;
}

int layout_wrap_len(const char *text, int cols) {
    if (cols < 1)
        cols = 1;
    int len = (int)strlen(text);
    int fit = utf8_bytes(text, cols); /* the bytes of `cols` characters */
    if (fit >= len)
        return len;
    /* A phrase boundary in the second half of the line: a value such as
     * "1613 gold, 5976 kills, 2790 deaths" keeps "2790 deaths" together
     * (earlier in the line it would only make more lines). */
    int min_cut = utf8_bytes(text, cols / 2);
    for (int cut = fit; cut > min_cut; cut--) {
        if (text[cut] != ' ')
            continue;
        char before = text[cut - 1];
        if (before == ',' || before == ';' || before == ' ' || text[cut + 1] == ' ' ||
            text[cut + 1] == '(')
            return before == ' ' ? cut - 1 : cut;
    }
    int cut = fit;
    while (cut > 0 && text[cut] != ' ')
        cut--;
    return cut > 0 ? cut : fit;
}

int layout_cut_len(const char *text, int cols) {
    int keep = layout_wrap_len(text, cols - 3);
    while (keep > 0 && text[keep - 1] == ' ')
        keep--;
    return keep;
}

char *layout_duration(char *buf, int cap, double us) {
    if (cap < 1)
        return buf;
    if (!(us >= 0.0)) /* negative or NaN */
        us = 0.0;
    if (us < 10000.0)
        snprintf(buf, (size_t)cap, "%.1f µs", us);
    else if (us < 1e7)
        snprintf(buf, (size_t)cap, "%.1f ms", us / 1000.0);
    else
        snprintf(buf, (size_t)cap, "%.2f s", us / 1e6);
    return buf;
}

/* ======================================================================== */
/* Board layout                                                              */
/* ======================================================================== */

void layout_board(BoardLayout *out, PixRect area, int cols, int rows) {
    if (cols < 1)
        cols = 1;
    if (rows < 1)
        rows = 1;
    /* Integer cell sides keep every cell the same size: no shimmering seams
     * when the window is resized. */
    int cw = area.w / cols, ch = area.h / rows;
    int cell = cw < ch ? cw : ch;
    if (cell < 1)
        cell = 1;
    out->cols = cols;
    out->rows = rows;
    out->cell = cell;
    out->x0 = area.x + (area.w - cell * cols) / 2;
    out->y0 = area.y + (area.h - cell * rows) / 2;
}

/* The cell side that fits cols x rows into w x h pixels (0 when it does not fit at all). */
static int fit_cell(int w, int h, int cols, int rows) {
    int cw = w / cols, ch = h / rows;
    return cw < ch ? cw : ch;
}

void layout_pair(PairLayout *out, PixRect area, int cols, int rows, int label_h) {
    if (cols < 1)
        cols = 1;
    if (rows < 1)
        rows = 1;
    if (label_h < 0)
        label_h = 0;
    int gap = LAYOUT_PAIR_GAP;
    int side = fit_cell((area.w - gap) / 2, area.h - label_h, cols, rows);
    int stack = fit_cell(area.w, (area.h - gap) / 2 - label_h, cols, rows);
    out->stacked = stack > side;
    int cell = out->stacked ? stack : side;
    out->cell = cell < 1 ? 1 : cell;
    int bw = out->cell * cols, bh = out->cell * rows;
    for (int k = 0; k < 2; k++) {
        PixRect half = area;
        if (out->stacked) {
            half.h = (area.h - gap) / 2;
            half.y = area.y + k * (half.h + gap);
        } else {
            half.w = (area.w - gap) / 2;
            half.x = area.x + k * (half.w + gap);
        }
        int x = half.x + (half.w - bw) / 2;
        int y = half.y + (half.h - label_h - bh) / 2;
        out->label[k] = (PixRect){x, y, bw, label_h};
        out->board[k] = (PixRect){x, y + label_h, bw, bh};
    }
}

PixRect layout_cell_rect(const BoardLayout *bl, int x, int y) {
    PixRect r = {bl->x0 + x * bl->cell, bl->y0 + y * bl->cell, bl->cell, bl->cell};
    return r;
}

PixRect layout_board_rect(const BoardLayout *bl) {
    PixRect r = {bl->x0, bl->y0, bl->cols * bl->cell, bl->rows * bl->cell};
    return r;
}

void layout_cell_center(const BoardLayout *bl, int x, int y, int *px, int *py) {
    *px = bl->x0 + x * bl->cell + bl->cell / 2;
    *py = bl->y0 + y * bl->cell + bl->cell / 2;
}

bool layout_pixel_to_cell(const BoardLayout *bl, int px, int py, int *x, int *y) {
    int dx = px - bl->x0, dy = py - bl->y0;
    if (dx < 0 || dy < 0)
        return false;
    int cx = dx / bl->cell, cy = dy / bl->cell;
    if (cx >= bl->cols || cy >= bl->rows)
        return false;
    *x = cx;
    *y = cy;
    return true;
}

bool layout_rects_overlap(PixRect a, PixRect b) {
    return a.w > 0 && a.h > 0 && b.w > 0 && b.h > 0 && a.x < b.x + b.w && b.x < a.x + a.w &&
           a.y < b.y + b.h && b.y < a.y + a.h;
}

int layout_place_labels(const PixRect *rects, int n, bool *shown) {
    int count = 0;
    for (int i = 0; i < n; i++) {
        shown[i] = rects[i].w > 0 && rects[i].h > 0;
        for (int j = 0; j < i && shown[i]; j++)
            if (shown[j] && layout_rects_overlap(rects[i], rects[j]))
                shown[i] = false;
        count += shown[i];
    }
    return count;
}

/* ======================================================================== */
/* Colours                                                                   */
/* ======================================================================== */

typedef struct Stop {
    double t;
    uint8_t r, g, b;
} Stop;

/* Viridis, sampled at 9 points and reversed so that near = bright. */
static const Stop WAVE_STOPS[] = {
    {0.000, 253, 231, 37}, {0.125, 170, 220, 50}, {0.250, 94, 201, 98},
    {0.375, 53, 183, 121}, {0.500, 33, 145, 140}, {0.625, 44, 114, 142},
    {0.750, 59, 82, 139},  {0.875, 72, 40, 120},  {1.000, 68, 1, 84},
};

/* Inferno, sampled at 9 points. */
static const Stop HEAT_STOPS[] = {
    {0.000, 0, 0, 4},      {0.125, 31, 12, 72},   {0.250, 85, 15, 109},
    {0.375, 136, 34, 106}, {0.500, 186, 54, 85},  {0.625, 227, 89, 51},
    {0.750, 249, 140, 10}, {0.875, 249, 201, 50}, {1.000, 252, 255, 164},
};

static const Stop DIVERGE_STOPS[] = {
    {0.0, 49, 84, 190},    {0.25, 120, 160, 230}, {0.5, 220, 220, 220},
    {0.75, 240, 140, 110}, {1.0, 200, 40, 50},
};

static const struct {
    const Stop *stops;
    int count;
} RAMPS[RAMP_COUNT] = {
    {WAVE_STOPS, (int)(sizeof WAVE_STOPS / sizeof WAVE_STOPS[0])},
    {HEAT_STOPS, (int)(sizeof HEAT_STOPS / sizeof HEAT_STOPS[0])},
    {DIVERGE_STOPS, (int)(sizeof DIVERGE_STOPS / sizeof DIVERGE_STOPS[0])},
};

static uint8_t mix8(uint8_t a, uint8_t b, double t) {
    double v = (double)a + ((double)b - (double)a) * t;
    return (uint8_t)lround(v < 0.0 ? 0.0 : v > 255.0 ? 255.0 : v);
}

Rgba ramp_color(Ramp ramp, double t) {
    if (ramp < 0 || ramp >= RAMP_COUNT)
        ramp = RAMP_WAVE;
    if (!(t >= 0.0)) /* also catches NaN */
        t = 0.0;
    if (t > 1.0)
        t = 1.0;
    const Stop *s = RAMPS[ramp].stops;
    int n = RAMPS[ramp].count;
    int i = 0;
    while (i < n - 2 && t > s[i + 1].t)
        i++;
    double span = s[i + 1].t - s[i].t;
    double u = span > 0.0 ? (t - s[i].t) / span : 0.0;
    Rgba c = {mix8(s[i].r, s[i + 1].r, u), mix8(s[i].g, s[i + 1].g, u), mix8(s[i].b, s[i + 1].b, u),
              255};
    return c;
}

double ramp_t(double v, double lo, double hi) {
    if (!(hi > lo))
        return 0.0;
    double t = (v - lo) / (hi - lo);
    return t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
}

Rgba rgba_lerp(Rgba a, Rgba b, double t) {
    if (!(t >= 0.0))
        t = 0.0;
    if (t > 1.0)
        t = 1.0;
    Rgba c = {mix8(a.r, b.r, t), mix8(a.g, b.g, t), mix8(a.b, b.b, t), mix8(a.a, b.a, t)};
    return c;
}

Rgba rgba_alpha(Rgba c, uint8_t a) {
    c.a = a;
    return c;
}

int rgba_luma(Rgba c) { return (2126 * c.r + 7152 * c.g + 722 * c.b) / 10000; }

Rgba rgba_text_on(Rgba c) {
    Rgba black = {16, 18, 24, 255}, white = {245, 245, 245, 255};
    return rgba_luma(c) >= 140 ? black : white;
}

int layout_base62(char *buf, int cap, long n, bool one_digit) {
    static const char DIGITS[] = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    if (cap < 1)
        return 0;
    buf[0] = '\0';
    if (n < 0)
        return 0;
    if (one_digit) {
        if (cap < 2)
            return 0;
        buf[0] = n <= 61 ? DIGITS[n] : '+';
        buf[1] = '\0';
        return 1;
    }
    char tmp[24];
    int len = 0;
    do {
        tmp[len++] = DIGITS[n % 62];
        n /= 62;
    } while (n > 0 && len < (int)sizeof tmp);
    if (len + 1 > cap)
        return 0;
    for (int i = 0; i < len; i++)
        buf[i] = tmp[len - 1 - i];
    buf[len] = '\0';
    return len;
}
