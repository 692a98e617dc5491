/* sea_draw.h - one sea board as the window draws it: the water, the ships,
 * the shots, and the hunter's thoughts (its heatmap, an engine's marks).
 *
 * The sea view draws one or two boards (a race) with it. Like snake_draw.h
 * for the snake, a scene borrows everything and the overlays read what the
 * hunter kept from its last decision: a built-in hunter's SeaAi.heat, or an
 * engine's `info` lines (docs/engines.md). Nothing is searched again for
 * display, nothing is allocated.
 */
#ifndef WS_SEA_DRAW_H
#define WS_SEA_DRAW_H

#include <stdbool.h>

#include "engine_info.h"
#include "hud.h"
#include "sea.h"
#include "sea_ai.h"
#include "view.h"

enum { SEA_NUMBERS_MIN_CELL = 16 }; /* smaller cells get no heat numbers (D says so) */

typedef struct SeaScene {
    const SeaGame *game;
    const SeaAi *ai;        /* a built-in hunter: its last decision, for `game` as it is now;
                               NULL for an engine */
    const EngineInfo *info; /* an engine: what it said (wave, cells, path); NULL: nothing */
    int pending;            /* the next shot, ringed; -1: none */
    bool done;              /* the game is over: no heatmap, no next shot */
} SeaScene;

/* Where one board goes: its cells, the caption strip above them, the size
 * of the column letters and row numbers around them. */
typedef struct SeaPlace {
    BoardLayout bl;
    PixRect caption;
    int label_px;
} SeaPlace;

/* Where board b of `boards` (1 or 2) goes in area: two boards side by side,
 * or one above the other when that gives bigger cells (portrait windows); a
 * board with its labels and title is about 11 x 12 cells. caption_px: the
 * title's text size. */
SeaPlace sea_draw_place(PixRect area, int caption_px, int boards, int b);

/* Draws the board, its labels and the overlays on in ctx->overlays (H: the
 * heatmap and an engine's marks, D: the numbers, G: the grid). */
void sea_draw_board(FrontendCtx *ctx, const SeaPlace *p, const SeaScene *scene);

/* The HUD's lines about a built-in hunter's last decision (why that cell). */
void sea_draw_hud_reason(Hud *hud, const SeaAi *ai);

/* The HUD's "afloat" lines: each length's ships, afloat or sunk, of `left`. */
void sea_draw_hud_fleet(Hud *hud, const SeaLeft *left);

/* The legend of the board's colours; engine_marks: an engine's cells and
 * path are drawn. Kept whole (at the top of the next column if need be). */
void sea_draw_hud_legend(Hud *hud, bool engine_marks);

#endif
