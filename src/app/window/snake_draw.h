/* snake_draw.h - one snake board as the window draws it: walls, the wave,
 * the body, the food, the virtual snake, the paths and the cycle.
 *
 * Shared by the snake and replay views (one board, snake_screen.h) and the
 * race view (two boards). Every overlay reads what the AI kept from its last
 * decision, through the const pointers of a SnakeScene: nothing is searched
 * again for display (docs/architecture.md, "How a tick flows"). The scene
 * An engine's overlays come from what it said (`info wave`, `info path`,
 * `info cells`; docs/engines.md), drawn in the same places and colours. The scene
 * borrows everything; `mark` is the caller's scratch (w*h bytes, all zero
 * before and after each call), so drawing never allocates.
 */
#ifndef WS_SNAKE_DRAW_H
#define WS_SNAKE_DRAW_H

#include <stdint.h>

#include "engine.h"
#include "snake.h"
#include "snake_ai.h"
#include "view.h"

enum { SNAKE_NUMBERS_MIN_CELL = 14 }; /* smaller cells get no wave numbers (D says so) */

typedef struct SnakeScene {
    const SnakeGame *game;
    const SnakeAi *ai; /* its last decision was made for `game` as it is now */
    Dir pending;       /* the move the snake makes next (the eyes look there); DIR_NONE: none */
    Dir ai_arrow;      /* the AI's own choice, drawn as an arrow from the head when someone
                          else drives (take the wheel); DIR_NONE: not drawn */
    Dir player_arrow;  /* the player's move while the player steers, drawn as an arrow of
                          its own colour beside the AI's; DIR_NONE: not drawn (set it:
                          0 is DIR_UP) */
    bool blocks;       /* the policy plays walls as 2x2 blocks at even coordinates (hamilton,
                          perfect): their grid is drawn under everything */
    uint8_t *mark;     /* w*h bytes of scratch, all zero between calls */
    bool engine;       /* an engine plays: the overlays are its `info` (below), not ai's */
    const EngineInfo *info; /* the engine's info for `game` as it is now; NULL: it sent none
                               (then nothing is drawn for it) */
} SnakeScene;

/* The 2x2 block grid's lines (SnakeScene.blocks): a little lighter than the floor. */
extern const Rgba SNAKE_BLOCK_LINE;

/* Draws the board of `sc` into `bl` with the overlays switched on in
 * `overlays` (OVERLAY_* bits), the food last so it stays visible. */
void snake_draw_board(FrontendCtx *ctx, const BoardLayout *bl, const SnakeScene *sc,
                      unsigned overlays);

/* The "game over" banner over the board of a finished game. */
void snake_draw_result(FrontendCtx *ctx, const BoardLayout *bl, const SnakeGame *g);

/* The snake mode's keys for the help box, shared by its three views (live,
 * replay, race): pairs {keys, text}, ended by {NULL, NULL}. */
extern const KeyHelp SNAKE_VIEW_HELP[];

/* A decision's reason in a few words ("food path is safe: go eat"; a plan's
 * detour says so), and the colour the HUD shows it in (good, a fallback, bad). */
const char *snake_draw_reason_explained(const SnakeAi *ai);
Rgba snake_draw_reason_color(SnakeReason r);

#endif
