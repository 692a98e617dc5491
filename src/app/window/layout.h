/* layout.h - window layout and colour maths for the front end, without SDL.
 *
 * Pure functions (no SDL, no allocation, no state) so they are unit-tested on
 * their own: where the HUD panel and the board go in a window of any size,
 * which pixels a board cell covers (integer cell sizes, so cells stay crisp
 * at every window size), and the colour ramps every overlay uses. Views get
 * a BoardLayout from layout_board() and map cells <-> pixels through it.
 */
#ifndef WS_LAYOUT_H
#define WS_LAYOUT_H

#include <stdbool.h>
#include <stdint.h>

/* A colour with alpha (0 transparent .. 255 opaque). */
typedef struct Rgba {
    uint8_t r, g, b, a;
} Rgba;

/* An integer pixel rectangle (the same fields as SDL_Rect). */
typedef struct PixRect {
    int x, y, w, h;
} PixRect;

/* ---- window layout --------------------------------------------------------- */

enum {
    LAYOUT_MARGIN = 12,     /* pixels kept free around the board */
    LAYOUT_HUD_MIN_W = 230, /* side panel width limits */
    LAYOUT_HUD_MAX_W = 400,
    LAYOUT_HUD_MIN_PX = 11, /* HUD font size limits (pixels) */
    LAYOUT_HUD_MAX_PX = 20,
    LAYOUT_TIMELINE_MIN_H = 12, /* the timeline strip's height limits (pixels) */
    LAYOUT_TIMELINE_MAX_H = 24
};

/* How the HUD is laid out: AUTO picks PANEL when the window leaves the board
 * enough room beside (or, in a tall window, below) a panel, else STRIP. */
typedef enum HudStyle {
    HUD_STYLE_AUTO = 0,
    HUD_STYLE_PANEL, /* a side panel (or one below the board in a tall window) */
    HUD_STYLE_STRIP, /* three lines of text along the bottom of the window */
    HUD_STYLE_COUNT
} HudStyle;

enum {
    LAYOUT_STRIP_LINES = 5,   /* a strip: three lines of key/value items (the first begins with
                                 the tick and the speed), one of legends, one for notices */
    LAYOUT_PANEL_MIN_W = 600, /* AUTO: windows narrower than this get a strip ... */
    LAYOUT_PANEL_MIN_H = 300, /* ... and so do lower ones */
    LAYOUT_BELOW_MIN_W = 400, /* a tall window gets a panel below when this wide */
    LAYOUT_BELOW_MIN_H = 600  /* and this high */
};

typedef struct FrameLayout {
    PixRect board_area; /* where a view draws its board */
    PixRect caption;    /* one line above the board for the game's state (paused, result);
                           h = 0 when the window is too small for it */
    PixRect hud;        /* the text panel or strip (w = 0 when the HUD is off) */
    PixRect timeline;   /* the time-travel strip under the board (timeline.h; h = 0: no room) */
    bool hud_below;     /* the panel sits under the board (tall windows) */
    bool hud_strip;     /* the HUD is a strip along the bottom (small windows) */
    int hud_cols;       /* columns the panel's view lines flow over (1 or 2; layout_frame_fit) */
    int hud_px;         /* HUD font size in pixels */
    int caption_px;     /* the caption's font size */
    PixRect hud_more;   /* more HUD room in the board's column, under the timeline, where a
                           board beside a side panel leaves rows empty (layout_frame_fit);
                           h = 0: none */
} FrameLayout;

/* The height of a line of text at px pixels as the front end's font draws it
 * (DejaVu Sans Mono: 1.17 em), plus a little leading. */
int layout_line_h(int px);

/* Splits a win_w x win_h window into the HUD, the caption line and the board
 * area, with `style` (HUD_STYLE_AUTO: see HudStyle). A panel: wide windows get
 * it on the right (30% of the width, clamped to LAYOUT_HUD_MIN_W..MAX_W, at
 * most half the window); tall ones (height > width) get it below, a third of
 * the height. A strip: LAYOUT_STRIP_LINES lines at LAYOUT_HUD_MIN_PX along
 * the bottom. With hud_on false the board gets the whole window. The board
 * area keeps a LAYOUT_MARGIN on every side when it is larger than 4 margins,
 * and gives its top line to the caption when it is at least 4 captions high.
 * The HUD font is height / 40 pixels, at most panel width / 22.5 (so ~34
 * characters fit) and, below the board, panel height / 22 (~16 lines),
 * clamped to LAYOUT_HUD_MIN_PX..MAX_PX. The timeline strip takes the bottom
 * of the board's column: height / 30 pixels, clamped to
 * LAYOUT_TIMELINE_MIN_H..MAX_H, half a margin below the board area, as wide
 * as it; a board area that would drop below 4 strips' height gives it up.
 * Sizes below 1 are treated as 1. */
void layout_frame_styled(FrameLayout *out, int win_w, int win_h, bool hud_on, HudStyle style);

/* layout_frame_styled with HUD_STYLE_AUTO. */
void layout_frame(FrameLayout *out, int win_w, int win_h, bool hud_on);

enum {
    LAYOUT_READ_MIN_PX = 10,    /* the caption and the help box never shrink below this font */
    LAYOUT_HUD_COL_EM10 = 225,  /* a HUD column: 22.5 em, about 34 characters and a margin */
    LAYOUT_HUD_COLS_MIN_PX = 13 /* a panel below splits in two columns down to this font */
};

/* The width of one HUD column at px pixels (LAYOUT_HUD_COL_EM10 tenths of an em). */
int layout_hud_col_w(int px);

/* Gives the HUD the room the view does not use. `used` is the rectangle the
 * view draws in when given f->board_area (its board, labels and all); the
 * rest of the board's column is empty. A panel below the board (tall
 * windows) grows upwards by the empty height, the board area, caption and
 * timeline moving up with it. A side panel (wide windows) grows to the left
 * by the empty width, only when it then holds two columns (at most
 * 2 * LAYOUT_HUD_MAX_W); the board area, caption and timeline get narrower.
 * Else, when the board leaves at least 4 lines of rows empty, the board
 * area and the timeline move up to the caption and the rows below them
 * become f->hud_more, where the panel's lines go on (a wide board's
 * legend). The font stays as it was; f->hud_cols says how many columns the
 * panel holds. A strip, a hidden HUD or an empty `used` change nothing. */
void layout_frame_fit(FrameLayout *f, PixRect used);

enum {
    LAYOUT_STATUS_MAX = 4 /* a notice never takes more footer lines than this */
};

/* The footer lines a panel keeps for a notice, shown or not: two in one
 * column (a notice such as "the hero fell (279 so far) and rises again
 * elsewhere" takes two there), one across two columns. */
int layout_status_reserve(const FrameLayout *f);

/* The height of the panel footer: `status_lines` lines of a notice (kept at
 * `reserve` lines even when shorter or absent, so that the view's lines
 * above never move when a short notice comes and goes; at most
 * LAYOUT_STATUS_MAX), `fixed_lines` lines of its own, each line_h pixels,
 * and px of padding; at most half of panel_h. */
int layout_footer_h(int px, int line_h, int status_lines, int reserve, int fixed_lines,
                    int panel_h);

/* Where the next line of `text` ends when a line holds `cols` characters
 * (UTF-8 counted as characters): the bytes of that line. Cuts at a phrase
 * boundary when one falls in the second half of the line (after ", " or
 * "; ", at two spaces, before " ("), else at the last space that fits, else
 * hard at `cols` characters for a longer word. The spaces at the cut are
 * left for the caller to skip. */
int layout_wrap_len(const char *text, int cols);

/* The bytes of text's start to keep when it is cut to `cols` characters
 * with "..." after them (cols >= 4): a line wrapped as layout_wrap_len does
 * in cols - 3, the spaces at its end dropped. */
int layout_cut_len(const char *text, int cols);
/* A duration for the HUD: "4.7 µs" below 10 000 µs, "12.3 ms" from there,
 * "2.50 s" from 10 000 ms. Returns buf. */
char *layout_duration(char *buf, int cap, double us);

/* ---- board layout ---------------------------------------------------------- */

typedef struct BoardLayout {
    int cols, rows; /* board size in cells */
    int cell;       /* cell side in pixels, >= 1 */
    int x0, y0;     /* top-left pixel of cell (0, 0) */
} BoardLayout;

/* Fits a cols x rows board into `area` with the largest integer cell size
 * (at least 1 pixel, even if the board then overflows), centred. */
void layout_board(BoardLayout *out, PixRect area, int cols, int rows);

/* The pixels of cell (x, y). Cells outside the board are mapped all the same
 * (callers decide whether that makes sense). */
PixRect layout_cell_rect(const BoardLayout *bl, int x, int y);

/* The whole board's pixels. */
PixRect layout_board_rect(const BoardLayout *bl);

/* The centre pixel of cell (x, y). */
void layout_cell_center(const BoardLayout *bl, int x, int y, int *px, int *py);

/* Maps a pixel to the cell under it; false (outputs untouched) off the board. */
bool layout_pixel_to_cell(const BoardLayout *bl, int px, int py, int *x, int *y);

/* Chooses which of n labels to draw so that no two overlap: in order, a label
 * is shown when its rectangle meets none of the labels shown before it (so
 * callers put the most important first). Fills shown[0..n-1]; returns how
 * many are shown. Empty rectangles are never shown. */
int layout_place_labels(const PixRect *rects, int n, bool *shown);

/* Whether two rectangles share a pixel. */
bool layout_rects_overlap(PixRect a, PixRect b);
/* ---- two boards (the race) ------------------------------------------------- */

enum { LAYOUT_PAIR_GAP = 16 }; /* pixels between the two boards */

typedef struct PairLayout {
    bool stacked;     /* one above the other; false: side by side */
    int cell;         /* the cell side both boards get, >= 1 */
    PixRect label[2]; /* the text strip above each board, as wide as the board */
    PixRect board[2]; /* each board's pixels (exactly cols*cell x rows*cell) */
} PairLayout;

/* Places two cols x rows boards in `area`, each under a label strip of
 * label_h pixels, LAYOUT_PAIR_GAP apart: side by side or stacked, whichever
 * gives the larger integer cells (side by side on a tie, so wide windows put
 * them side by side and tall ones stack them). Each label + board block is
 * centred in its half. Cells never drop below 1 pixel, even if the boards
 * then overflow. layout_board(&bl, out->board[k], cols, rows) maps cells. */
void layout_pair(PairLayout *out, PixRect area, int cols, int rows, int label_h);

/* ---- colours --------------------------------------------------------------- */

typedef enum Ramp {
    RAMP_WAVE = 0, /* distance from a source: bright yellow (near) -> deep violet (far),
                      viridis reversed: colour-blind safe, luminance falls monotonically */
    RAMP_HEAT,     /* a heat map: near-black (low) -> red -> bright yellow (high), inferno;
                      luminance rises monotonically */
    RAMP_DIVERGE,  /* signed values: blue (t = 0) -> light grey (0.5) -> red (1) */
    RAMP_COUNT
} Ramp;

/* The ramp's colour at t in [0, 1] (clamped; NaN counts as 0), opaque. */
Rgba ramp_color(Ramp ramp, double t);

/* t for value v between lo and hi (0 when hi <= lo), clamped to [0, 1]. */
double ramp_t(double v, double lo, double hi);

/* Linear blend: t = 0 gives a, t = 1 gives b (clamped), alpha included. */
Rgba rgba_lerp(Rgba a, Rgba b, double t);

/* The colour with alpha replaced. */
Rgba rgba_alpha(Rgba c, uint8_t a);

/* Relative luminance 0..255 (Rec. 709 weights), ignoring alpha. */
int rgba_luma(Rgba c);

/* Black or white, whichever reads better on top of c. */
Rgba rgba_text_on(Rgba c);

/* Base-62 digit string of n (0-9, a-z, A-Z, as `wavesnake wave` prints
 * them; "+" when n > 61 and `one_digit`; otherwise as many digits as
 * needed). Writes at most cap bytes including the terminator; returns the
 * length. Negative n gives "". */
int layout_base62(char *buf, int cap, long n, bool one_digit);

#endif
