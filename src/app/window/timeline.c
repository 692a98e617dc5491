#include "timeline.h"

#include <stdio.h>

#include "render.h"

/* ======================================================================== */
/* Geometry                                                                  */
/* ======================================================================== */

void timeline_layout(Timeline *tl, PixRect strip, long first, long last) {
    tl->strip = strip;
    tl->first = first;
    tl->last = last < first ? first : last;
    tl->bar = (PixRect){strip.x, strip.y, 0, 0};
    if (strip.w < 2 || strip.h < 3)
        return;
    /* A little room at both ends, so the cursor at tick 0 or at the last
     * tick is as visible as anywhere else. */
    int pad = strip.h / 6 > 1 ? strip.h / 6 : 1;
    if (strip.w - 2 * pad < 1)
        pad = 0;
    tl->bar = (PixRect){strip.x + pad, strip.y + 1, strip.w - 2 * pad, strip.h - 2};
}

/* How many ticks the strip shows. */
static long long tick_count(const Timeline *tl) { return (long long)(tl->last - tl->first) + 1; }

int timeline_tick_to_x(const Timeline *tl, long t) {
    if (tl->bar.w <= 0)
        return tl->bar.x;
    if (t < tl->first)
        t = tl->first;
    if (t > tl->last)
        t = tl->last;
    long long n = tick_count(tl), w = tl->bar.w;
    return tl->bar.x + (int)((long long)(t - tl->first) * w / n);
}

long timeline_x_to_tick(const Timeline *tl, int x) {
    if (tl->bar.w <= 0)
        return tl->first;
    long long col = x - tl->bar.x, w = tl->bar.w, n = tick_count(tl);
    if (col < 0)
        col = 0;
    if (col >= w)
        col = w - 1;
    /* The last tick k whose column floor(k * w / n) is at most col. */
    long long k = ((col + 1) * n - 1) / w;
    if (k > n - 1)
        k = n - 1;
    return tl->first + (long)k;
}

void timeline_column_ticks(const Timeline *tl, int col, long *from, long *to) {
    long long n = tick_count(tl), w = tl->bar.w > 0 ? tl->bar.w : 1;
    if (col < 0)
        col = 0;
    if (col >= w)
        col = (int)(w - 1);
    if (n <= w) {
        /* Each tick spans one column or more: a column stands for its tick. */
        long t = timeline_x_to_tick(tl, tl->bar.x + col);
        *from = t;
        *to = t + 1;
        return;
    }
    /* Several ticks share a column: those k with floor(k * w / n) == col. */
    *from = tl->first + (long)((col * n + w - 1) / w);
    *to = tl->first + (long)(((col + 1) * n + w - 1) / w);
}

bool timeline_hit(const Timeline *tl, int x, int y) {
    const PixRect *s = &tl->strip;
    return tl->bar.w > 0 && x >= s->x && x < s->x + s->w && y >= s->y && y < s->y + s->h;
}

/* ======================================================================== */
/* Drawing                                                                   */
/* ======================================================================== */

static const Rgba TRACK = {28, 31, 40, 255};
static const Rgba PLAYED = {52, 60, 82, 255}; /* ticks first..current */
static const Rgba MARK_DIFFER = {236, 90, 230, 255};
static const Rgba MARK_SUNK = {255, 160, 60, 255};
static const Rgba MARK_EDIT = {150, 156, 175, 255};

Rgba timeline_mark_color(unsigned marks) {
    if (marks & TIMELINE_MARK_DIFFER)
        return MARK_DIFFER;
    if (marks & TIMELINE_MARK_END)
        return PAL_BAD;
    if (marks & TIMELINE_MARK_SUNK)
        return MARK_SUNK;
    if (marks & TIMELINE_MARK_KILL)
        return PAL_BAD;
    if (marks & TIMELINE_MARK_EAT)
        return PAL_GOOD;
    return MARK_EDIT;
}

void timeline_draw(const Timeline *tl, SDL_Renderer *ren, TextCache *tc, int px, long current,
                   TimelineMarksFn marks, void *state) {
    const PixRect *bar = &tl->bar;
    if (bar->w <= 0)
        return;
    render_fill(ren, tl->strip, TRACK);
    int cur_x = timeline_tick_to_x(tl, current);
    long long n = tick_count(tl);
    /* The width of one tick's column span (1 when ticks share columns). */
    int span = n < bar->w ? (int)(bar->w / n) : 1;
    if (cur_x > bar->x)
        render_fill(ren, (PixRect){bar->x, bar->y, cur_x - bar->x, bar->h}, PLAYED);
    /* Numbers at both ends, under the marks: the marks matter more. */
    if (tc != NULL && px >= TEXT_MIN_PX && bar->h >= px) {
        char lo[24], hi[24];
        snprintf(lo, sizeof lo, "%ld", tl->first);
        snprintf(hi, sizeof hi, "%ld", tl->last);
        int ty = bar->y + (bar->h - text_line_height(tc, px)) / 2;
        int lo_w = text_width(tc, px, lo), hi_w = text_width(tc, px, hi);
        if (lo_w + hi_w + 4 * px < bar->w) {
            SDL_Color dim = render_sdl_color(rgba_alpha(PAL_TEXT_DIM, 170));
            int lo_x = bar->x + px / 3, hi_x = bar->x + bar->w - px / 3;
            /* A number the cursor would cover is left out: the HUD says it too. */
            if (cur_x > lo_x + lo_w + 2)
                text_draw(tc, px, lo_x, ty, TEXT_LEFT, dim, lo);
            if (cur_x + 3 < hi_x - hi_w - 2)
                text_draw(tc, px, hi_x, ty, TEXT_RIGHT, dim, hi);
        }
    }
    if (marks != NULL) {
        int tall = bar->h, short_h = bar->h * 3 / 5 > 1 ? bar->h * 3 / 5 : 1;
        for (int col = 0; col < bar->w; col++) {
            long from, to;
            timeline_column_ticks(tl, col, &from, &to);
            /* With wide spans a tick's mark is drawn once, at its span's start. */
            if (span > 1 && timeline_tick_to_x(tl, from) != bar->x + col)
                continue;
            unsigned m = marks(state, from, to);
            if (m == 0)
                continue;
            bool full = (m & (TIMELINE_MARK_DIFFER | TIMELINE_MARK_END)) != 0;
            int h = full ? tall : short_h;
            int w = span > 2 ? 2 : 1;
            render_fill(ren, (PixRect){bar->x + col, bar->y + bar->h - h, w, h},
                        timeline_mark_color(m));
        }
    }
    /* The cursor: a bright post the full height of the strip, wide enough to
     * find at a glance, covering its tick's span on short games. */
    int cw = span > 3 ? span : 3;
    render_fill(ren, (PixRect){cur_x - (span > 3 ? 0 : 1), tl->strip.y, cw, tl->strip.h},
                PAL_ACCENT);
}
