/* render.h - drawing primitives, the shared palette and the HUD writer.
 *
 * Thin helpers over an SDL_Renderer with blending on, in the pixel
 * coordinates of layout.h (PixRect, BoardLayout, Rgba). Everything a mode
 * view draws goes through these, so every mode shares one look: the PAL_*
 * palette, cell insets, path lines with arrowheads and ghost outlines (the
 * HUD's lines are hud.h's). Nothing here allocates per call; the only state
 * is the caller's renderer and TextCache.
 */
#ifndef WS_RENDER_H
#define WS_RENDER_H

#include <SDL.h>
#include <stdbool.h>

#include "dir.h"
#include "layout.h"
#include "text.h"

/* ---- palette (dark theme) ---------------------------------------------------- */

extern const Rgba PAL_BACKGROUND; /* window background */
extern const Rgba PAL_BOARD;      /* empty floor cell */
extern const Rgba PAL_BOARD_ALT;  /* checker shade of the floor */
extern const Rgba PAL_WALL;       /* wall cells (arena) */
extern const Rgba PAL_GRID;       /* grid lines */
extern const Rgba PAL_PANEL;      /* HUD panel and help box */
extern const Rgba PAL_TEXT;       /* normal HUD text */
extern const Rgba PAL_TEXT_DIM;   /* labels, hints */
extern const Rgba PAL_ACCENT;     /* titles, highlighted values */
extern const Rgba PAL_GOOD;       /* success (won, safe) */
extern const Rgba PAL_BAD;        /* failure (dead, unsafe) */
extern const Rgba PAL_PATH;       /* planned path to the goal */
extern const Rgba PAL_PATH_ALT;   /* the second path (snake: tail path) */
extern const Rgba PAL_GHOST;      /* ghosted outlines (virtual snake) */

SDL_Color render_sdl_color(Rgba c);

/* ---- primitives ------------------------------------------------------------------ */

/* Fills r with c (alpha-blended). Empty rects draw nothing. */
void render_fill(SDL_Renderer *ren, PixRect r, Rgba c);

/* An outline `thick` pixels wide inside r. */
void render_outline(SDL_Renderer *ren, PixRect r, int thick, Rgba c);

/* r shrunk by `inset` pixels on every side (never below 1x1 when r is not empty). */
PixRect render_inset(PixRect r, int inset);

/* A horizontal or vertical bar `thick` pixels wide joining two points
 * (its ends squared off by thick/2). Diagonal segments draw an L. */
void render_segment(SDL_Renderer *ren, int x0, int y0, int x1, int y1, int thick, Rgba c);

/* A filled triangle pointing in direction d, centred at (cx, cy), `size` pixels across. */
void render_arrow(SDL_Renderer *ren, int cx, int cy, int size, Dir d, Rgba c);

/* A filled disc. */
void render_disc(SDL_Renderer *ren, int cx, int cy, int radius, Rgba c);

/* A ring `thick` pixels wide. */
void render_ring(SDL_Renderer *ren, int cx, int cy, int radius, int thick, Rgba c);

/* Grid lines between the cells of bl. */
void render_grid(SDL_Renderer *ren, const BoardLayout *bl, Rgba c);

/* The floor of a board: PAL_BOARD, with a faint checker (PAL_BOARD_ALT) when
 * cells are at least 12 pixels. */
void render_board_floor(SDL_Renderer *ren, const BoardLayout *bl);

/* A path through cells (cell indices on a board of bl->cols columns): a line
 * through the cell centres (cell/6 pixels wide, kept within 2..7), an
 * arrowhead every `arrow_every` cells (0: none; at most 24 pixels) and a ring
 * at the last cell. Paths of fewer than 2 cells draw nothing. */
void render_cell_path(SDL_Renderer *ren, const BoardLayout *bl, const int32_t *cells, int len,
                      Rgba c, int arrow_every);

/* A box with a centred title and a message underneath (game over, paused ...),
 * drawn in the middle of `area`. */
void render_banner(SDL_Renderer *ren, TextCache *tc, PixRect area, int px, const char *title,
                   Rgba title_color, const char *message);

#endif
