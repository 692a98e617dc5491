/* hud.c - the HUD writer (hud.h). */
#include "hud.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ws_error.h"

/* An engine's stderr line stays beside its key while that column holds this
 * many characters (hud_tail_lines). */
enum { STDERR_MIN_COLS = 16 };

/* The longest line wrapped_at draws (its buffer). */
enum { WRAP_LINE_MAX = 252 };

/* ======================================================================== */
/* HUD writer                                                                */
/* ======================================================================== */

void hud_begin(Hud *hud, SDL_Renderer *ren, TextCache *tc, PixRect area, int px) {
    *hud = (Hud){0};
    hud->ren = ren;
    hud->tc = tc;
    hud->area = area;
    hud->px = px;
    hud->x = area.x + px;
    hud->y = area.y + px;
    hud->key_w = text_advance(tc, px) * 10;
    hud->cols = 1;
    hud->col_w = area.w;
    hud->col_top = hud->y;
}

void hud_begin_strip(Hud *hud, SDL_Renderer *ren, TextCache *tc, PixRect area, PixRect legend_line,
                     int px) {
    hud_begin(hud, ren, tc, area, px);
    hud->strip = true;
    hud->x = area.x + px / 2;
    hud->y = area.y + px / 4;
    hud->flow_x = hud->x;
    hud->legend_line = legend_line;
    hud->legend_x = hud->x;
}

static int line_h(const Hud *hud) { return text_line_height(hud->tc, hud->px) + hud->px / 5; }

/* The left edge of column `col`'s text. */
static int col_x(const Hud *hud, int col) { return hud->area.x + col * hud->col_w + hud->px; }

/* Whether the writer has somewhere to go when this column is full: the
 * next column, else the room under the board (hud_set_more). */
static bool has_next(const Hud *hud) {
    return hud->col + 1 < hud->cols || (hud->more.h > 0 && !hud->in_more);
}

/* The top and bottom of that next place. */
static int next_top(const Hud *hud) {
    return hud->col + 1 < hud->cols ? hud->col_top : hud->more.y + hud->px / 2;
}
static int next_bottom(const Hud *hud) {
    return hud->col + 1 < hud->cols ? hud->area.y + hud->area.h : hud->more.y + hud->more.h;
}

/* Goes there (has_next must be true). */
static void advance(Hud *hud) {
    if (hud->col + 1 < hud->cols) {
        hud->col++;
        hud->x = col_x(hud, hud->col);
        hud->y = hud->col_top;
        return;
    }
    /* The room under a board is wide: as many columns as fit there. */
    int cols = hud->more.w / layout_hud_col_w(hud->px);
    hud->y = next_top(hud);
    hud->area = hud->more;
    hud->in_more = true;
    hud->cols = cols < 1 ? 1 : cols;
    hud->col = 0;
    hud->col_w = hud->more.w / hud->cols;
    hud->x = hud->more.x + hud->px;
    hud->col_top = hud->y;
}

/* Whether a line `h` pixels high still fits above the area's bottom, in this
 * column or at the top of the next place (where the writer then goes);
 * counts it as dropped if not. */
static bool room_for(Hud *hud, int h) {
    if (hud->y + h <= hud->area.y + hud->area.h)
        return true;
    if (has_next(hud) && next_top(hud) + h <= next_bottom(hud)) {
        advance(hud);
        return true;
    }
    hud->dropped++;
    return false;
}

/* The right edge text may reach. */
static int right_edge(const Hud *hud) {
    if (hud->cols > 1)
        return hud->area.x + (hud->col + 1) * hud->col_w - hud->px;
    return hud->area.x + hud->area.w - (hud->strip ? hud->px / 2 : hud->px);
}

void hud_set_more(Hud *hud, PixRect more) {
    if (!hud->strip && more.w > 0 && more.h > 0)
        hud->more = more;
}

void hud_set_columns(Hud *hud, int cols) {
    if (hud->strip || cols < 2)
        return;
    hud->cols = cols;
    hud->col = 0;
    hud->col_w = hud->area.w / cols;
    hud->col_top = hud->y;
}

/* The characters a line of the column holds from indent (pixels) on. */
static int wrap_cols(const Hud *hud, int indent) {
    int adv = text_advance(hud->tc, hud->px);
    int cols = adv > 0 ? (right_edge(hud) - hud->x - indent) / adv : 40;
    return cols < 4 ? 4 : cols;
}

/* The bytes of the next line wrapped_at draws from p in cols characters. */
static int wrapped_line_len(const char *p, int cols) {
    int n = layout_wrap_len(p, cols);
    return n > WRAP_LINE_MAX ? WRAP_LINE_MAX : n;
}

/* Draws `text` from `indent` pixels right of the column's left edge,
 * wrapped to the right edge, one line per line_h; the first line at the
 * current y. A line that goes on in the next column keeps its indent. With
 * max > 0, at most max lines: the last one ends in "..." if the text goes on. */
static void wrapped_at(Hud *hud, int indent, Rgba color, const char *text, int max) {
    char line[WRAP_LINE_MAX + 4];
    const char *p = text;
    int drawn = 0;
    do {
        if (!room_for(hud, line_h(hud)))
            return;
        int cols = wrap_cols(hud, indent); /* room_for may have moved to the next column */
        int n = wrapped_line_len(p, cols);
        memcpy(line, p, (size_t)n);
        line[n] = '\0';
        if (max > 0 && ++drawn == max && p[n] != '\0') {
            /* The last line allowed and more to come: cut it for "...". */
            int keep = layout_cut_len(p, cols);
            memcpy(line + (keep < n ? keep : n), "...", 4);
            n = (int)strlen(p);
        }
        text_draw(hud->tc, hud->px, hud->x + indent, hud->y, TEXT_LEFT, render_sdl_color(color),
                  line);
        hud->y += line_h(hud);
        p += n;
        while (*p == ' ')
            p++;
    } while (*p != '\0');
}

/* The lines wrapped_at draws text on at indent (no max): one at least. */
static int wrapped_count(const Hud *hud, int indent, const char *text) {
    int cols = wrap_cols(hud, indent), lines = 0;
    const char *p = text;
    do {
        p += wrapped_line_len(p, cols);
        while (*p == ' ')
            p++;
        lines++;
    } while (*p != '\0');
    return lines;
}

int hud_wrap_count(const Hud *hud, const char *text) {
    return text[0] != '\0' ? wrapped_count(hud, 0, text) : 0;
}

void hud_title(Hud *hud, const char *text) {
    if (hud->strip)
        return;
    int px = hud->px + hud->px / 3;
    int h = text_line_height(hud->tc, px) + hud->px / 3;
    if (!room_for(hud, h))
        return;
    text_draw(hud->tc, px, hud->x, hud->y, TEXT_LEFT, render_sdl_color(PAL_ACCENT), text);
    hud->y += h;
}

/* A strip item: "key value" after the previous one, or on a new line. */
static void strip_legend(Hud *hud, const Ramp *ramp, HudSwatch kind, Rgba c, const char *caption,
                         const char *lo_label, const char *hi_label);

/* Notes that the item `key` was drawn (hud->keys, when the caller asked). */
static void note_key(Hud *hud, const char *key) {
    if (hud->keys == NULL || key[0] == '\0')
        return;
    size_t n = strlen(hud->keys), k = strlen(key);
    if (n + k + 2 <= hud->keys_cap) {
        memcpy(hud->keys + n, key, k);
        hud->keys[n + k] = ';';
        hud->keys[n + k + 1] = '\0';
    }
}

/* The start of value (n bytes, backed off to a whole UTF-8 character)
 * with "..." after it, in buf. */
static void strip_cut(const char *value, size_t n, char *buf, size_t size) {
    while (n > 0 && ((unsigned char)value[n] & 0xC0) == 0x80)
        n--; /* never inside a character */
    snprintf(buf, size, "%.*s...", (int)n, value);
}

/* value cut to the longest start (whole UTF-8 characters) that fits in
 * `room` pixels with "..." after it, in buf; value itself when it fits.
 * A binary search: each width measured renders a label (text_width), so
 * a frame measures a few starts, not one a character. */
static const char *strip_fit(const Hud *hud, const char *value, int room, char *buf, size_t size) {
    if (text_width(hud->tc, hud->px, value) <= room)
        return value;
    size_t lo = 0, hi = strlen(value); /* the start of lo bytes fits (or is empty); hi does not */
    if (hi > size - 4)
        hi = size - 4;
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        strip_cut(value, mid, buf, size);
        if (text_width(hud->tc, hud->px, buf) <= room)
            lo = mid;
        else
            hi = mid;
    }
    strip_cut(value, lo, buf, size);
    return buf;
}

static void strip_item(Hud *hud, const char *key, Rgba value_color, const char *value) {
    int adv = text_advance(hud->tc, hud->px);
    int kw = key[0] != '\0' ? text_width(hud->tc, hud->px, key) + adv : 0;
    int w = kw + text_width(hud->tc, hud->px, value);
    if (hud->flow_x > hud->x && hud->flow_x + w > right_edge(hud)) {
        hud->y += line_h(hud);
        hud->flow_x = hud->x;
    }
    if (hud->y + line_h(hud) > hud->area.y + hud->area.h) {
        hud->dropped++;
        return;
    }
    /* Longer than a whole line (an engine's reason, a fault): cut where the
     * line ends, and say so, rather than run off the window's edge. */
    char cut[256];
    if (hud->flow_x + w > right_edge(hud)) {
        value = strip_fit(hud, value, right_edge(hud) - hud->flow_x - kw, cut, sizeof cut);
        w = kw + text_width(hud->tc, hud->px, value);
    }
    if (kw > 0)
        text_draw(hud->tc, hud->px, hud->flow_x, hud->y, TEXT_LEFT, render_sdl_color(PAL_TEXT_DIM),
                  key);
    text_draw(hud->tc, hud->px, hud->flow_x + kw, hud->y, TEXT_LEFT, render_sdl_color(value_color),
              value);
    note_key(hud, key);
    hud->flow_x += w + 2 * adv;
}

/* A key/value item: the key, then the value beside it, wrapped in the value
 * column. `min_beside` > 0 (the value is free text from outside, such as an
 * engine's stderr line) keeps it there whenever that column holds that many
 * characters, a word too long for it cut where the line ends; 0 moves a
 * value with a word the column would cut under the key. */
static void kv_text(Hud *hud, const char *key, Rgba value_color, const char *buf, int min_beside) {
    if (hud->strip) {
        strip_item(hud, key, value_color, buf);
        return;
    }
    /* A column so narrow that a word of the value would be cut in two beside
     * the key ("autopi" / "lot" under a small window's board): the value
     * goes under the key, indented, where the line is wider. */
    int adv = text_advance(hud->tc, hud->px);
    int beside = adv > 0 ? (right_edge(hud) - hud->x - hud->key_w) / adv : 40;
    int word = 0, longest = 0;
    for (const char *c = buf; *c != '\0'; c++) {
        if (*c == ' ') {
            word = 0;
        } else if (((unsigned char)*c & 0xC0) != 0x80 && ++word > longest) {
            longest = word; /* counted in characters, as layout_wrap_len does */
        }
    }
    bool under = longest > beside && buf[0] != '\0' && (min_beside <= 0 || beside < min_beside);
    int indent = under ? 2 * adv : hud->key_w;
    /* The item's lines stay together: a value wrapped past the column's
     * bottom goes, key and all, to the next place when it fits there, never
     * its last line alone at the top of another column. */
    int lines = (under ? 1 : 0) + wrapped_count(hud, indent, buf);
    if (lines > 1 && hud->y + lines * line_h(hud) > hud->area.y + hud->area.h && has_next(hud) &&
        next_top(hud) + lines * line_h(hud) <= next_bottom(hud))
        advance(hud);
    if (!room_for(hud, line_h(hud)))
        return;
    text_draw(hud->tc, hud->px, hud->x, hud->y, TEXT_LEFT, render_sdl_color(PAL_TEXT_DIM), key);
    note_key(hud, key);
    if (under)
        hud->y += line_h(hud);
    wrapped_at(hud, indent, value_color, buf, 0);
}

void hud_kv(Hud *hud, const char *key, Rgba value_color, const char *fmt, ...) {
    char buf[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    kv_text(hud, key, value_color, buf, 0);
}

void hud_text(Hud *hud, Rgba color, const char *fmt, ...) {
    if (hud->strip)
        return;
    char buf[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    wrapped_at(hud, 0, color, buf, 0);
}

void hud_wrapped(Hud *hud, Rgba color, const char *text) {
    if (hud->strip || text[0] == '\0')
        return;
    wrapped_at(hud, 0, color, text, 0);
}

void hud_wrapped_max(Hud *hud, Rgba color, const char *text, int max) {
    if (hud->strip || text[0] == '\0' || max <= 0)
        return;
    wrapped_at(hud, 0, color, text, max);
}

void hud_gap(Hud *hud) {
    if (!hud->strip)
        hud->y += line_h(hud) / 2;
}

void hud_ramp(Hud *hud, Ramp ramp, const char *caption, const char *lo_label,
              const char *hi_label) {
    int spx = hud->px * 5 / 6;
    if (hud->strip) {
        strip_legend(hud, &ramp, HUD_SWATCH_FILL, PAL_TEXT, caption != NULL ? caption : "",
                     lo_label, hi_label);
        return;
    }
    if (!room_for(hud, (caption != NULL ? line_h(hud) : 0) + hud->px * 2 / 3 + 2 +
                           text_line_height(hud->tc, spx)))
        return;
    if (caption != NULL)
        hud_text(hud, PAL_TEXT, "%s", caption);
    int bar_w = right_edge(hud) - hud->x;
    int bar_h = hud->px * 2 / 3;
    if (bar_w < 8)
        return;
    for (int i = 0; i < bar_w; i++) {
        Rgba c = ramp_color(ramp, (double)i / (double)(bar_w - 1));
        render_fill(hud->ren, (PixRect){hud->x + i, hud->y, 1, bar_h}, c);
    }
    hud->y += bar_h + 2;
    SDL_Color dim = render_sdl_color(PAL_TEXT_DIM);
    text_draw(hud->tc, spx, hud->x, hud->y, TEXT_LEFT, dim, lo_label);
    text_draw(hud->tc, spx, hud->x + bar_w, hud->y, TEXT_RIGHT, dim, hi_label);
    note_key(hud, "range");
    hud->y += text_line_height(hud->tc, spx) + hud->px / 5;
}

/* Draws a legend's swatch of `kind` in colour c into sw (2 x 1 em). */
static void draw_swatch(Hud *hud, PixRect sw, HudSwatch kind, Rgba c) {
    int s = sw.h;
    switch (kind) {
    case HUD_SWATCH_FILL:
        render_fill(hud->ren, (PixRect){sw.x + s / 2, sw.y, s, s}, c);
        break;
    case HUD_SWATCH_LINE:
        render_segment(hud->ren, sw.x, sw.y + s / 2, sw.x + sw.w - s / 2, sw.y + s / 2,
                       s / 5 > 2 ? s / 5 : 2, c);
        render_arrow(hud->ren, sw.x + sw.w - s / 3, sw.y + s / 2, s * 3 / 4, DIR_RIGHT, c);
        break;
    case HUD_SWATCH_OUTLINE:
        render_outline(hud->ren, (PixRect){sw.x + s / 2, sw.y, s, s}, 2, c);
        break;
    case HUD_SWATCH_DISC:
        render_disc(hud->ren, sw.x + s, sw.y + s / 2, s / 2 - 1, c);
        break;
    }
}

/* The first word of a ramp's end label ("-39 (low)" gives "-39"), appended to
 * text (of size `size`) after `sep`. */
static void append_label(char *text, size_t size, const char *sep, const char *label) {
    size_t n = strlen(text), k = strcspn(label, " ");
    if (k == 0 || n + strlen(sep) + k >= size)
        return;
    snprintf(text + n, size - n, "%s%.*s", sep, (int)k, label);
}

/* A strip's legend: a swatch (or, with a ramp, a short bar of it) and the
 * caption's first phrase, after the legends before it on the legend line;
 * dropped when the line is full. A ramp's caption is followed by its range,
 * "lo to hi", so a small window still tells what the colours stand for. */
static void strip_legend(Hud *hud, const Ramp *ramp, HudSwatch kind, Rgba c, const char *caption,
                         const char *lo_label, const char *hi_label) {
    const PixRect *ln = &hud->legend_line;
    if (ln->h <= 0)
        return;
    while (*caption == ' ')
        caption++;
    char text[64];
    size_t n = strcspn(caption, ":,(");
    if (n >= sizeof text)
        n = sizeof text - 1;
    while (n > 0 && caption[n - 1] == ' ')
        n--;
    memcpy(text, caption, n);
    text[n] = '\0';
    bool range = ramp != NULL && lo_label != NULL && hi_label != NULL && lo_label[0] != '\0' &&
                 hi_label[0] != '\0' && strcmp(lo_label, "-") != 0;
    if (range) {
        append_label(text, sizeof text, " ", lo_label);
        append_label(text, sizeof text, " to ", hi_label);
    }
    int s = hud->px, adv = text_advance(hud->tc, hud->px);
    int sw_w = ramp != NULL ? s * 3 : s * 2;
    int w = sw_w + adv + text_width(hud->tc, hud->px, text);
    if (hud->legend_x > ln->x + s / 2 && hud->legend_x + w > ln->x + ln->w - s / 2) {
        hud->dropped++;
        hud->legend_x = ln->x + ln->w; /* full: a shorter later one would read out of order */
        return;
    }
    int lh = line_h(hud);
    PixRect sw = {hud->legend_x, ln->y + (lh - s) / 2, sw_w, s};
    if (ramp != NULL) {
        for (int i = 0; i < sw.w; i++)
            render_fill(hud->ren, (PixRect){sw.x + i, sw.y + s / 4, 1, s / 2},
                        ramp_color(*ramp, (double)i / (double)(sw.w - 1)));
    } else {
        draw_swatch(hud, sw, kind, c);
    }
    text_draw(hud->tc, hud->px, sw.x + sw.w + adv / 2, ln->y, TEXT_LEFT, render_sdl_color(PAL_TEXT),
              text);
    note_key(hud, "legend");
    if (range)
        note_key(hud, "range");
    hud->legend_x += w + 2 * adv;
}

void hud_legend(Hud *hud, HudSwatch kind, Rgba c, const char *caption) {
    if (hud->strip) {
        strip_legend(hud, NULL, kind, c, caption, NULL, NULL);
        return;
    }
    int s = hud->px;
    int lh = line_h(hud);
    if (!room_for(hud, lh))
        return;
    PixRect sw = {hud->x, hud->y + (lh - s) / 2, s * 2, s};
    draw_swatch(hud, sw, kind, c);
    text_draw(hud->tc, hud->px, hud->x + sw.w + s / 2, hud->y, TEXT_LEFT,
              render_sdl_color(PAL_TEXT), caption);
    note_key(hud, "legend");
    hud->y += lh;
}

/* Whether `lines` lines fit from y down to bottom (less a px margin). */
static bool lines_fit(const Hud *hud, int y, int bottom, int lines) {
    return y + lines * line_h(hud) <= bottom - hud->px;
}

bool hud_is_full(const Hud *hud, int lines) {
    if (hud->strip)
        return true; /* a strip has room for the key/value items only */
    return !lines_fit(hud, hud->y, hud->area.y + hud->area.h, lines) &&
           !(has_next(hud) && lines_fit(hud, next_top(hud), next_bottom(hud), lines));
}

bool hud_reserve(Hud *hud, int lines) {
    if (hud->strip)
        return hud->legend_line.h > 0; /* legends go to their own line, as many as fit */
    if (lines_fit(hud, hud->y, hud->area.y + hud->area.h, lines))
        return true;
    if (has_next(hud) && lines_fit(hud, next_top(hud), next_bottom(hud), lines)) {
        advance(hud);
        return true;
    }
    return false;
}

void hud_tail_lines(Hud *hud, const char *key, Rgba color, const char *text, size_t len, int max) {
    if (hud->strip || text == NULL || len == 0 || max <= 0)
        return;
    /* Back from the end: the start of the last `max` lines. */
    size_t start = len;
    int lines = 0;
    while (start > 0 && lines < max) {
        size_t end = start - 1; /* the '\n' of this line (or the text's last byte) */
        start = end;
        while (start > 0 && text[start - 1] != '\n')
            start--;
        lines++;
    }
    bool first = true;
    for (size_t at = start; at < len;) {
        const char *nl = memchr(text + at, '\n', len - at);
        size_t n = nl != NULL ? (size_t)(nl - (text + at)) : len - at;
        /* The indentation (a Python traceback's) would wrap into blank
         * lines; a long word (its ^^^^ line, a path) stays in the value
         * column, broken at its edge onto the next line, rather than
         * going under the key. */
        size_t lead = 0;
        while (lead < n && (text[at + lead] == ' ' || text[at + lead] == '\t'))
            lead++;
        char q[128];
        ws_quote_len(q, sizeof q, text + at + lead, n - lead);
        kv_text(hud, first ? key : "", color, q, STDERR_MIN_COLS);
        first = false;
        at += n + 1;
    }
}
