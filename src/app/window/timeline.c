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

int timeline_tick_center(const Timeline *tl, long t) {
    int x = timeline_tick_to_x(tl, t);
    long long n = tick_count(tl), w = tl->bar.w;
    if (w <= 0 || n >= w)
        return x;
    /* k's columns are floor(k w / n) .. floor((k + 1) w / n) - 1: the middle. */
    if (t < tl->first)
        t = tl->first;
    if (t > tl->last)
        t = tl->last;
    long long k = t - tl->first;
    return tl->bar.x + (int)((2 * k + 1) * w / (2 * n));
}

PixRect timeline_post(const Timeline *tl, long t) {
    int cx = timeline_tick_center(tl, t);
    return (PixRect){cx - TIMELINE_POST_W / 2, tl->strip.y, TIMELINE_POST_W, tl->strip.h};
}

bool timeline_label_x(const Timeline *tl, long t, int w, int *x) {
    const PixRect *bar = &tl->bar;
    if (bar->w <= 0 || w <= 0)
        return false;
    PixRect post = timeline_post(tl, t);
    int gap = 2;
    int right = post.x + post.w + gap, left = post.x - gap - w;
    if (right + w <= bar->x + bar->w) {
        *x = right;
        return true;
    }
    if (left >= bar->x) {
        *x = left;
        return true;
    }
    return false;
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

/* A number on a plate of the track's colour, over whatever marks are there. */
typedef struct Label {
    bool on;
    int x, w;
    char text[24];
} Label;

static bool labels_overlap(const Label *a, const Label *b) {
    return a->on && b->on && a->x < b->x + b->w + 2 && b->x < a->x + a->w + 2;
}

static bool label_covers(const Label *a, PixRect post) {
    return a->on && a->x < post.x + post.w && post.x < a->x + a->w;
}

/* A label for tick t beside its post (on = false when it fits nowhere). */
static Label post_label(const Timeline *tl, TextCache *tc, int px, long t) {
    Label l = {0};
    snprintf(l.text, sizeof l.text, "%ld", t);
    l.w = text_width(tc, px, l.text) + 2;
    l.on = timeline_label_x(tl, t, l.w, &l.x);
    return l;
}

static void draw_label(const Timeline *tl, SDL_Renderer *ren, TextCache *tc, int px, const Label *l,
                       Rgba color) {
    if (!l->on)
        return;
    const PixRect *bar = &tl->bar;
    render_fill(ren, (PixRect){l->x, bar->y, l->w, bar->h}, rgba_alpha(TRACK, 235));
    int ty = bar->y + (bar->h - text_line_height(tc, px)) / 2;
    text_draw(tc, px, l->x + 1, ty, TEXT_LEFT, render_sdl_color(color), l->text);
}

void timeline_draw(const Timeline *tl, SDL_Renderer *ren, TextCache *tc, int px, long current,
                   long hover, TimelineMarksFn marks, void *state) {
    const PixRect *bar = &tl->bar;
    if (bar->w <= 0)
        return;
    render_fill(ren, tl->strip, TRACK);
    int cur_x = timeline_tick_center(tl, current);
    long long n = tick_count(tl);
    /* The width of one tick's column span (1 when ticks share columns). */
    int span = n < bar->w ? (int)(bar->w / n) : 1;
    if (cur_x > bar->x)
        render_fill(ren, (PixRect){bar->x, bar->y, cur_x - bar->x, bar->h}, PLAYED);
    if (marks != NULL) {
        int tall = bar->h, short_h = bar->h * 3 / 5 > 1 ? bar->h * 3 / 5 : 1;
        for (int col = 0; col < bar->w; col++) {
            long from, to;
            timeline_column_ticks(tl, col, &from, &to);
            /* With wide spans a tick's mark is drawn once, in its span's middle. */
            int x = bar->x + col;
            if (span > 1) {
                if (timeline_tick_to_x(tl, from) != x)
                    continue;
                x = timeline_tick_center(tl, from);
            }
            unsigned m = marks(state, from, to);
            if (m == 0)
                continue;
            bool full = (m & (TIMELINE_MARK_DIFFER | TIMELINE_MARK_END)) != 0;
            int h = full ? tall : short_h;
            int w = span > 2 ? 2 : 1;
            render_fill(ren, (PixRect){x, bar->y + bar->h - h, w, h}, timeline_mark_color(m));
        }
    }
    bool hovered = hover >= tl->first && hover <= tl->last && hover != current;
    PixRect cur_post = timeline_post(tl, current), hover_post = timeline_post(tl, hover);
    if (hovered) /* the tick under the pointer: a dim post, thinner than the cursor */
        render_fill(ren, (PixRect){hover_post.x + 1, tl->strip.y, 1, tl->strip.h},
                    rgba_alpha(PAL_TEXT, 200));
    /* The cursor: a thin bright post the full height of the strip. */
    render_fill(ren, cur_post, PAL_ACCENT);
    /* Numbers, on plates over the marks: the tick under the pointer first,
     * then the current tick's beside its post (unless the two would
     * overlap: the HUD says the current one too), then the ends where they
     * cover no post and no other number. */
    if (tc == NULL || px < TEXT_MIN_PX || bar->h < px)
        return;
    Label hov = {0}, cur = post_label(tl, tc, px, current);
    if (hovered) {
        hov = post_label(tl, tc, px, hover);
        if (label_covers(&hov, cur_post) || label_covers(&cur, hover_post) ||
            labels_overlap(&hov, &cur))
            cur.on = false;
    }
    Label lo = {0}, hi = {0};
    snprintf(lo.text, sizeof lo.text, "%ld", tl->first);
    snprintf(hi.text, sizeof hi.text, "%ld", tl->last);
    lo.w = text_width(tc, px, lo.text) + 2;
    hi.w = text_width(tc, px, hi.text) + 2;
    lo.x = bar->x + 1;
    /* Short of the last tick's post, where the end's mark is drawn. */
    hi.x = timeline_post(tl, tl->last).x - 2 - hi.w;
    lo.on = tl->last > tl->first && current != tl->first && lo.x + lo.w < hi.x;
    hi.on = tl->last > tl->first && current != tl->last && hi.x > bar->x;
    const Label *near[] = {&cur, &hov};
    for (int i = 0; i < 2; i++) {
        if (labels_overlap(&lo, near[i]))
            lo.on = false;
        if (labels_overlap(&hi, near[i]))
            hi.on = false;
    }
    if (label_covers(&lo, cur_post) || (hovered && label_covers(&lo, hover_post)))
        lo.on = false;
    if (label_covers(&hi, cur_post) || (hovered && label_covers(&hi, hover_post)))
        hi.on = false;
    Rgba dim = PAL_TEXT_DIM;
    draw_label(tl, ren, tc, px, &lo, dim);
    draw_label(tl, ren, tc, px, &hi, dim);
    draw_label(tl, ren, tc, px, &cur, PAL_ACCENT);
    draw_label(tl, ren, tc, px, &hov, PAL_TEXT);
}
