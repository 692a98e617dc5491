/* view_race.h - the race in the window: two snake policies side by side.
 *
 * The snake view hosts it (X, or --race P1,P2): while a race runs, the snake
 * view hands its ticks, drawing, HUD and input to it. Two boards (side by
 * side in wide windows, stacked in tall ones: layout_pair) play the same
 * seed, walls and rules (snake_race.h), each with the overlays switched on
 * and its own label line: policy, length, steps and what its AI decided.
 * When both games have ended the result stays on screen for a moment and
 * the next heat starts with the next seed. A click toggles a wall on both
 * boards; Tab changes the right-hand policy; R starts the next heat now.
 */
#ifndef WS_VIEW_RACE_H
#define WS_VIEW_RACE_H

#include <SDL.h>
#include <stdbool.h>
#include <stdint.h>

#include "snake_race.h"
#include "view.h"

typedef struct RaceView RaceView;

/* Starts a race of policies[0] (left / top) against policies[1] on a board
 * of `rules` with `walls` (w*h bytes or NULL; copied), heat i with seed +
 * i. With strict (policies named on the command line), a policy that cannot
 * play the board is an error (WS_ERR_ARG, one line); otherwise that side
 * plays greedy and says why. */
WsStatus race_view_open(RaceView **out, const SnakeRules *rules, const uint8_t *walls,
                        const SnakePolicy policies[SNAKE_RACE_SIDES], uint64_t seed, bool strict,
                        WsError *err);
void race_view_close(RaceView *rv); /* safe on NULL */

/* The View callbacks' counterparts (view.h describes when each is called). */
bool race_view_action(RaceView *rv, Action action, FrontCtx *ctx);
bool race_view_event(RaceView *rv, const SDL_Event *ev, FrontCtx *ctx);
bool race_view_tick(RaceView *rv, FrontCtx *ctx);
void race_view_draw(RaceView *rv, FrontCtx *ctx);
void race_view_hud(RaceView *rv, FrontCtx *ctx, Hud *hud);

/* The race's policies (as named: a refused one still counts as asked). */
SnakePolicy race_view_policy(const RaceView *rv, int side);

#endif
