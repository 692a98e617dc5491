/* chart.c - draws a Chart offscreen with SDL's software renderer and saves a PNG.
 *
 * No window and no display: the renderer draws into an RGB888 surface, as the
 * screenshot path does, so the same data always gives the same pixels.
 */
#include "chart_png.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <SDL.h>
#include <SDL_image.h>
#include <SDL_ttf.h>

#include "fileio.h"
#include "text.h"

enum { CHART_W = 960, CHART_H = 540 };
enum { MARGIN_L = 96, MARGIN_R = 24, MARGIN_T = 56, MARGIN_B = 96 };

typedef struct Rgb {
    Uint8 r, g, b;
} Rgb;

/* Colour-blind-safe palette (Okabe & Ito), one colour per series. */
static const Rgb PALETTE[CHART_MAX_SERIES] = {
    {0, 114, 178}, {230, 159, 0}, {0, 158, 115}, {204, 121, 167},
    {86, 180, 233}, {213, 94, 0}, {240, 228, 66}, {0, 0, 0}};

typedef enum Align { ALIGN_LEFT, ALIGN_CENTER, ALIGN_RIGHT } Align;

/* Draws text with its top at y; x is its left edge, centre or right edge.
 * Without a font nothing is drawn (the bars still tell the story). */
static void draw_text(SDL_Renderer *r, TTF_Font *font, const char *text, int x, int y,
                      Align align, Rgb colour, double angle) {
    if (font == NULL || text[0] == '\0')
        return;
    SDL_Color c = {colour.r, colour.g, colour.b, 255};
    SDL_Surface *surf = TTF_RenderUTF8_Blended(font, text, c);
    if (surf == NULL)
        return;
    SDL_Texture *tex = SDL_CreateTextureFromSurface(r, surf);
    if (tex != NULL) {
        SDL_Rect dst = {x, y, surf->w, surf->h};
        if (align == ALIGN_CENTER)
            dst.x -= surf->w / 2;
        else if (align == ALIGN_RIGHT)
            dst.x -= surf->w;
        if (angle != 0.0) {
            /* Rotated about its centre, which stays at (x, y). */
            dst.x = x - surf->w / 2;
            dst.y = y - surf->h / 2;
            SDL_RenderCopyEx(r, tex, NULL, &dst, angle, NULL, SDL_FLIP_NONE);
        } else {
            SDL_RenderCopy(r, tex, NULL, &dst);
        }
        SDL_DestroyTexture(tex);
    }
    SDL_FreeSurface(surf);
}

static void format_value(char *buf, size_t size, double v) {
    if (v < 10000.0)
        snprintf(buf, size, "%.0f", v);
    else if (v < 1e6)
        snprintf(buf, size, "%.1fk", v / 1e3);
    else
        snprintf(buf, size, "%.2fM", v / 1e6);
}

static TTF_Font *open_font(int px) {
    char *base = SDL_GetBasePath();
    char path[1024];
    snprintf(path, sizeof path, "%sassets/fonts/DejaVuSansMono.ttf", base ? base : "");
    SDL_free(base);
    return text_open_font(path, px);
}

/* The y axis: value -> pixel row, linear or in decades. */
typedef struct Axis {
    bool log;
    double lo, hi; /* value range (log: powers of ten) */
    int top, bottom;
} Axis;

static int axis_y(const Axis *a, double v) {
    double t = a->log ? (log10(v) - log10(a->lo)) / (log10(a->hi) - log10(a->lo))
                      : (v - a->lo) / (a->hi - a->lo);
    if (t < 0.0)
        t = 0.0;
    return a->bottom - (int)lround(t * (a->bottom - a->top));
}

static Axis axis_fit(const Chart *chart) {
    double lo = 0.0, hi = 0.0;
    for (int s = 0; s < chart->nseries; s++)
        for (int g = 0; g < chart->ngroups; g++) {
            double v = chart->series[s].values[g];
            if (v <= 0.0)
                continue;
            if (lo == 0.0 || v < lo)
                lo = v;
            if (v > hi)
                hi = v;
        }
    Axis a = {chart->log_scale, 0.0, 1.0, MARGIN_T, CHART_H - MARGIN_B};
    if (hi <= 0.0)
        return a;
    if (a.log) {
        a.lo = pow(10.0, floor(log10(lo)));
        a.hi = pow(10.0, ceil(log10(hi)));
        if (a.hi <= a.lo)
            a.hi = a.lo * 10.0;
    } else {
        double step = pow(10.0, floor(log10(hi)));
        a.hi = ceil(hi / step) * step;
    }
    return a;
}

/* The plot's ink, its grid lines, and its quieter labels. */
static const Rgb INK = {40, 40, 40}, GRID = {215, 215, 215}, FAINT = {110, 110, 110};

/* The plot's left and right edges: the axes, the grid lines and the bars. */
enum { PLOT_LEFT = MARGIN_L, PLOT_RIGHT = CHART_W - MARGIN_R };

/* Grid lines and y labels (every decade, or five linear steps), then the axes. */
static void draw_grid(SDL_Renderer *r, const Axis *axis, TTF_Font *small) {
    int ticks = axis->log ? (int)lround(log10(axis->hi) - log10(axis->lo)) : 5;
    for (int k = 0; k <= ticks; k++) {
        double v =
            axis->log ? axis->lo * pow(10.0, k) : axis->lo + (axis->hi - axis->lo) * k / ticks;
        int y = axis_y(axis, v);
        SDL_SetRenderDrawColor(r, GRID.r, GRID.g, GRID.b, 255);
        SDL_RenderDrawLine(r, PLOT_LEFT, y, PLOT_RIGHT, y);
        char label[32];
        if (axis->log) /* round decades read best as 100, 10k, 1M */
            snprintf(label, sizeof label, "%g%s", v >= 1e6 ? v / 1e6 : v >= 1e4 ? v / 1e3 : v,
                     v >= 1e6 ? "M" : v >= 1e4 ? "k" : "");
        else
            format_value(label, sizeof label, v);
        draw_text(r, small, label, PLOT_LEFT - 8, y - 8, ALIGN_RIGHT, FAINT, 0.0);
    }
    SDL_SetRenderDrawColor(r, INK.r, INK.g, INK.b, 255);
    SDL_RenderDrawLine(r, PLOT_LEFT, axis->top, PLOT_LEFT, axis->bottom);
    SDL_RenderDrawLine(r, PLOT_LEFT, axis->bottom, PLOT_RIGHT, axis->bottom);
}

/* Bars: groups side by side, one bar per series inside each group, each
 * with its value above it and its group's name under the axis. */
static void draw_bars(SDL_Renderer *r, const Chart *chart, const Axis *axis, TTF_Font *font,
                      TTF_Font *small) {
    int ngroups = chart->ngroups > 0 ? chart->ngroups : 1;
    int nseries = chart->nseries > 0 ? chart->nseries : 1;
    double group_w = (double)(PLOT_RIGHT - PLOT_LEFT) / ngroups;
    double bar_w = group_w * 0.8 / nseries;
    for (int g = 0; g < chart->ngroups; g++) {
        double gx = PLOT_LEFT + g * group_w + group_w * 0.1;
        for (int s = 0; s < chart->nseries; s++) {
            double v = chart->series[s].values[g];
            if (v <= 0.0)
                continue;
            int x = (int)lround(gx + s * bar_w);
            int y = axis_y(axis, v);
            SDL_Rect bar = {x + 1, y, (int)lround(bar_w) - 2, axis->bottom - y};
            Rgb c = PALETTE[s % CHART_MAX_SERIES];
            SDL_SetRenderDrawColor(r, c.r, c.g, c.b, 255);
            SDL_RenderFillRect(r, &bar);
            char label[32];
            format_value(label, sizeof label, v);
            draw_text(r, small, label, x + (int)lround(bar_w / 2), y - 16, ALIGN_CENTER, INK, 0.0);
        }
        draw_text(r, font, chart->groups[g], (int)lround(PLOT_LEFT + (g + 0.5) * group_w),
                  axis->bottom + 8, ALIGN_CENTER, INK, 0.0);
    }
}

/* Title, axis label and legend. */
static void draw_labels(SDL_Renderer *r, const Chart *chart, const Axis *axis, TTF_Font *font,
                        TTF_Font *small) {
    draw_text(r, font, chart->title ? chart->title : "", CHART_W / 2, 16, ALIGN_CENTER, INK, 0.0);
    draw_text(r, small, chart->y_label ? chart->y_label : "", 22, (axis->top + axis->bottom) / 2,
              ALIGN_CENTER, FAINT, -90.0);
    int lx = PLOT_LEFT, ly = CHART_H - 40;
    for (int s = 0; s < chart->nseries; s++) {
        Rgb c = PALETTE[s % CHART_MAX_SERIES];
        SDL_Rect swatch = {lx, ly + 3, 14, 14};
        SDL_SetRenderDrawColor(r, c.r, c.g, c.b, 255);
        SDL_RenderFillRect(r, &swatch);
        draw_text(r, font, chart->series[s].name, lx + 20, ly, ALIGN_LEFT, INK, 0.0);
        lx += 40 + 12 * (int)strlen(chart->series[s].name);
    }
}

static void draw_chart(SDL_Renderer *r, const Chart *chart, TTF_Font *font, TTF_Font *small) {
    SDL_SetRenderDrawColor(r, 252, 252, 252, 255);
    SDL_RenderClear(r);
    Axis axis = axis_fit(chart);
    draw_grid(r, &axis, small);
    draw_bars(r, chart, &axis, font, small);
    draw_labels(r, chart, &axis, font, small);
}

bool chart_is_available(void) { return true; }

enum { JPEG_QUALITY = 92 };

/* The image writer's output: a FILE that keeps the first write error's
 * errno. SDL_image's JPEG writer does not check its writes, so a full disk
 * would otherwise surface only as the stream's error flag, its cause gone. */
typedef struct ImageOut {
    FILE *f;
    int write_errno;
} ImageOut;

static size_t SDLCALL image_write(SDL_RWops *rw, const void *ptr, size_t size, size_t num) {
    ImageOut *o = rw->hidden.unknown.data1;
    if (size == 0 || num == 0)
        return 0;
    errno = 0;
    size_t n = fwrite(ptr, size, num, o->f);
    if (n < num && o->write_errno == 0)
        o->write_errno = errno != 0 ? errno : EIO;
    return n;
}

static Sint64 SDLCALL image_seek(SDL_RWops *rw, Sint64 offset, int whence) {
    ImageOut *o = rw->hidden.unknown.data1;
    int how = whence == RW_SEEK_CUR ? SEEK_CUR : whence == RW_SEEK_END ? SEEK_END : SEEK_SET;
    if (fseek(o->f, (long)offset, how) != 0)
        return SDL_SetError("cannot seek in the image's file");
    return (Sint64)ftell(o->f);
}

static Sint64 SDLCALL image_size(SDL_RWops *rw) {
    (void)rw;
    return -1;
}

static size_t SDLCALL image_read(SDL_RWops *rw, void *ptr, size_t size, size_t num) {
    (void)rw, (void)ptr, (void)size, (void)num;
    SDL_SetError("the image's file is written, not read");
    return 0;
}

static int SDLCALL image_close(SDL_RWops *rw) {
    SDL_FreeRW(rw); /* the FILE stays open: fileio_out commits it */
    return 0;
}

WsStatus chart_save_surface(SDL_Surface *surf, const char *path, const char *what, WsError *err) {
    size_t n = strlen(path);
    bool jpeg = (n > 4 && SDL_strcasecmp(path + n - 4, ".jpg") == 0) ||
                (n > 5 && SDL_strcasecmp(path + n - 5, ".jpeg") == 0);
    FileioOut out;
    WsStatus st = fileio_out_open(&out, path, what, err);
    if (st != WS_OK)
        return st;
    ImageOut io = {out.f, 0};
    SDL_RWops *rw = SDL_AllocRW();
    if (rw != NULL) {
        rw->size = image_size;
        rw->seek = image_seek;
        rw->read = image_read;
        rw->write = image_write;
        rw->close = image_close;
        rw->type = SDL_RWOPS_UNKNOWN;
        rw->hidden.unknown.data1 = &io;
    }
    bool ok = rw != NULL &&
              (jpeg ? IMG_SaveJPG_RW(surf, rw, 0, JPEG_QUALITY) : IMG_SavePNG_RW(surf, rw, 0)) == 0;
    if (rw != NULL)
        SDL_RWclose(rw); /* frees the SDL_RWops; out.f stays open */
    if (!ok || io.write_errno != 0) {
        char name[WS_QUOTE_SIZE];
        st = ws_fail(err, WS_ERR_IO, "%s: cannot write '%s': %s", what,
                     ws_quote(name, sizeof name, path),
                     io.write_errno != 0 ? strerror(io.write_errno) : SDL_GetError());
        fileio_out_abort(&out);
        return st;
    }
    return fileio_out_commit(&out, err);
}

WsStatus chart_write_png(const Chart *chart, const char *path, WsError *err) {
    WsStatus st = WS_OK;
    bool ttf = TTF_Init() == 0; /* without fonts the chart is still drawn */
    TTF_Font *font = ttf ? open_font(18) : NULL;
    TTF_Font *small = ttf ? open_font(13) : NULL;
    SDL_Surface *surf = SDL_CreateRGBSurfaceWithFormat(0, CHART_W, CHART_H, 32,
                                                       SDL_PIXELFORMAT_RGB888);
    SDL_Renderer *r = surf ? SDL_CreateSoftwareRenderer(surf) : NULL;
    if (r == NULL) {
        st = ws_fail(err, WS_ERR_IO, "--chart: cannot create an offscreen renderer: %s",
                     SDL_GetError());
        goto done;
    }
    draw_chart(r, chart, font, small);
    SDL_RenderPresent(r);
    st = chart_save_surface(surf, path, "--chart", err);
done:
    if (r != NULL)
        SDL_DestroyRenderer(r);
    SDL_FreeSurface(surf);
    if (font != NULL)
        TTF_CloseFont(font);
    if (small != NULL)
        TTF_CloseFont(small);
    if (ttf)
        TTF_Quit();
    return st;
}
