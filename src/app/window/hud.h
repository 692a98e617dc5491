/* hud.h - the HUD writer: key/value lines, free text, legends and colour
 * ramps written top-down into the HUD panel (or flowed along a strip).
 *
 * Views write their part of the HUD through these calls from View.hud; the
 * front end (draw.c) writes the shared title and footer around it. The
 * writer borrows the renderer and the TextCache; it keeps no other state and
 * allocates nothing.
 */
#ifndef WS_HUD_H
#define WS_HUD_H

#include <SDL.h>
#include <stdbool.h>

#include "layout.h"
#include "render.h"
#include "text.h"

/* Writes lines top-down into the HUD panel. Views fill their part of the HUD
 * through these calls from View.hud; the front end adds the shared lines.
 * Nothing is drawn below the area: a line that does not fit is dropped (and
 * counted), so the front end's footer under the area is never overprinted.
 * In a strip (small windows) the key/value lines flow side by side, left to
 * right and wrapping, and titles, free text, legends and ramps are left out:
 * the view's first lines, its most important ones, are what a strip shows. */
typedef struct Hud {
    SDL_Renderer *ren;
    TextCache *tc;
    PixRect area; /* the panel */
    int px;       /* font size */
    int x, y;     /* next line's top-left */
    int key_w;    /* width of the key column (pixels) */
    bool strip;   /* flow key/value items side by side (hud_begin_strip) */
    int flow_x;   /* strip: where the next item goes on the current line */
    int dropped;  /* lines (items in a strip) that did not fit */
    int cols;     /* columns (hud_set_columns): a full one goes on at the next one's top */
    int col;      /* the column written now */
    int col_w;    /* a column's width (pixels) */
    int col_top;  /* where a column's first line goes */
    PixRect more; /* where lines go on when the last column is full (hud_set_more; h = 0: none) */
    bool in_more; /* the writer is there now (area is `more`) */
    PixRect legend_line; /* a strip: the line its legends flow along (h = 0: none) */
    int legend_x;        /* where the next legend goes on it */
    char *keys;          /* NULL, or where the keys of the items drawn go, ';' after each (tests
                            read what a frame showed: frontend_hud_keys); keys_cap bytes */
    size_t keys_cap;
} Hud;

void hud_begin(Hud *hud, SDL_Renderer *ren, TextCache *tc, PixRect area, int px);

/* Like hud_begin, for a strip: items flow along the lines of `area`, and the
 * legends (hud_legend, hud_ramp) along `legend_line` in a short form (a
 * small swatch or ramp, the caption up to its first ':', ',' or '('), as
 * many as fit. */
void hud_begin_strip(Hud *hud, SDL_Renderer *ren, TextCache *tc, PixRect area, PixRect legend_line,
                     int px);

/* Splits the rest of the panel, from the current line down, into `cols`
 * columns side by side: a line that does not fit at the bottom of one goes
 * to the top of the next (layout_frame_fit says how many fit). A strip or
 * cols < 2 changes nothing. */
void hud_set_columns(Hud *hud, int cols);

/* Room elsewhere (FrameLayout.hud_more: under the board) where the lines go
 * on once the panel is full. The caller's clip rectangle must let it draw there. */
void hud_set_more(Hud *hud, PixRect more);

/* A title line in the accent colour, slightly larger. */
void hud_title(Hud *hud, const char *text);

/* "key   value" with the key dim and the value in `value_color`; a value too
 * wide for the panel wraps at spaces onto lines under the value column. */
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
void hud_kv(Hud *hud, const char *key, Rgba value_color, const char *fmt, ...);

/* A free text line. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
void hud_text(Hud *hud, Rgba color, const char *fmt, ...);

/* Text wrapped at spaces to the panel's width, over as many lines as it
 * needs (a word longer than a line, like a long file name, is cut by the
 * panel's clip rectangle). */
void hud_wrapped(Hud *hud, Rgba color, const char *text);

/* The same in at most `max` lines, the last ending in "..." when the text
 * goes on (a notice in the footer's room for it). */
void hud_wrapped_max(Hud *hud, Rgba color, const char *text, int max);

/* How many lines hud_wrapped would take for text in this panel. */
int hud_wrap_count(const Hud *hud, const char *text);

/* Half a line of space. */
void hud_gap(Hud *hud);

/* A colour-ramp legend: a gradient bar from lo_label to hi_label, with a
 * caption line above it. */
void hud_ramp(Hud *hud, Ramp ramp, const char *caption, const char *lo_label, const char *hi_label);

/* Legend entry kinds for hud_legend. */
typedef enum HudSwatch {
    HUD_SWATCH_FILL = 0, /* a filled square */
    HUD_SWATCH_LINE,     /* a short line with an arrowhead (paths) */
    HUD_SWATCH_OUTLINE,  /* a hollow square (ghosts) */
    HUD_SWATCH_DISC      /* a dot (food, items) */
} HudSwatch;

/* One legend line: a small swatch of colour c, then the caption. */
void hud_legend(Hud *hud, HudSwatch kind, Rgba c, const char *caption);

/* The last `max` lines of text (len bytes of raw lines, each ended by '\n',
 * from outside: an engine's stderr), each quoted (ws_quote: no byte reaches
 * the screen raw), its indentation dropped and wrapped in the value column
 * (a word too long for it cut at its edge), the first with `key`. The panel
 * only: nothing in a strip. */
void hud_tail_lines(Hud *hud, const char *key, Rgba color, const char *text, size_t len, int max);

/* Whether fewer than `lines` more lines fit in the panel, in this column or
 * the next place (views may then skip detail). */
bool hud_is_full(const Hud *hud, int lines);

/* Keeps `lines` lines together: when they do not fit in this column but do
 * at the top of the next (or of the room under the board), goes there.
 * Returns whether they fit (a legend is then drawn whole, never cut by the
 * footer or split). In a strip: whether it has a legend line (the legends
 * then go along it in short form, as many as fit). */
bool hud_reserve(Hud *hud, int lines);

#endif
