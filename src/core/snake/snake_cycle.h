/* snake_cycle.h - Hamiltonian cycles for the snake: the state of the
 * `hamilton` and `perfect` policies.
 *
 * A board has a Hamiltonian cycle exactly when one side is even. SnakeCycle
 * builds a fixed one that starts along the top row, left to right, so every
 * start body (tail (0,0) .. head (N-1,0)) lies on it in order; `hamilton`
 * follows it (snake_hamilton.h). `perfect` (snake_perfect.h) never leaves a
 * state in which some Hamiltonian cycle holds the whole body as one stretch,
 * tail -> head, in order, except inside a plan that ends in such a state;
 * that cycle is the certificate that the snake can always go on
 * (docs/perfect.md). With both sides even it is the outline of a spanning
 * tree of the 2x2 blocks (snake_cert.h); with one side odd, the fixed cycle.
 *
 * SnakeCycle is opaque: snake_cycle_create sizes every buffer once for the
 * board, and no decision allocates. The policies' code lives in
 * snake_hamilton.c, snake_perfect.c (with the route search, snake_lane.h,
 * and the plans, snake_plan.h) and this module's snake_cycle.c.
 */
#ifndef WS_SNAKE_CYCLE_H
#define WS_SNAKE_CYCLE_H

#include <stdbool.h>
#include <stdint.h>

#include "snake.h"
#include "ws_error.h"

typedef struct SnakeCycle SnakeCycle;

/* Whether a w x h board has a Hamiltonian cycle (one side even, sides >= 2);
 * if not, err says so in one line. */
WsStatus snake_cycle_check_board(int w, int h, WsError *err);

/* Whether hamilton and perfect can play a w x h board with these walls (w*h
 * bytes, nonzero = wall; NULL or all zero: none): a Hamiltonian cycle, and
 * walls only as whole 2x2 blocks (cells (2i..2i+1, 2j..2j+1), both sides
 * even) whose free blocks are connected. If not, err says why in one line.
 * Allocates scratch for the check (WS_ERR_NOMEM when out of memory). */
WsStatus snake_cycle_check_walls(int w, int h, const uint8_t *walls, WsError *err);

/* Whether the start body of game g (its walls, start rule and start length)
 * lies on a block cycle, on a board that passed snake_cycle_check_walls: its
 * stays along the top lanes cut the blocks above it off from it, so a free
 * block that hangs only on the start row's blocks leaves no cycle. If not,
 * WS_ERR_ARG and err says why in one line (start length 2 always fits).
 * Allocates scratch for the check (WS_ERR_NOMEM when out of memory). */
WsStatus snake_cycle_check_start(const SnakeGame *g, WsError *err);

/* A SnakeCycle for a w x h board into *out: builds the fixed cycle and sizes
 * every buffer. WS_ERR_ARG on a board without a Hamiltonian cycle,
 * WS_ERR_NOMEM when out of memory; *out is NULL on failure. */
WsStatus snake_cycle_create(SnakeCycle **out, int w, int h, WsError *err);

/* Frees c and everything it owns; NULL is fine. */
void snake_cycle_destroy(SnakeCycle *c);

/* Whether the board has two even sides: perfect's dynamic block-tree
 * certificate (else the fixed cycle with Tapsell's shortcuts). */
bool snake_cycle_has_blocks(const SnakeCycle *c);

/* Takes the game's walls for the next decisions (every choose does this
 * itself; tests call it before snake_cycle_certify). False when the walls
 * are not whole blocks: then the policies return DIR_NONE. */
bool snake_cycle_sync_walls(SnakeCycle *c, const SnakeGame *g);

/* The fixed cycle: w * h cells, starting (0,0), (1,0) ... along the top row. */
const int32_t *snake_cycle_fixed(const SnakeCycle *c);

/* The cell after `cell` on the fixed cycle. */
int snake_cycle_fixed_next(const SnakeCycle *c, int cell);

/* The cycle of the last decision or certify, for overlays and tests: from
 * the tail, the body up to the head, then the free cells in the order the
 * certificate visits them; *len cells (the floor's). NULL (and *len 0) when
 * there is none: no decision yet, a failed one, or a headless perfect
 * decision that followed a plan (it costs a build only an overlay needs). */
const int32_t *snake_cycle_order(const SnakeCycle *c, int *len);

/* Forgets the last decision's cycle (the caller fell back to another policy). */
void snake_cycle_forget_order(SnakeCycle *c);

/* perfect's play-outs at a new food (snake_playout.h) do at most `units` of
 * work a decision (0, the default: all they need). When they need more, the
 * decision returns DIR_NONE with snake_cycle_thinking true, and the next
 * decision on the same game goes on with them. */
void snake_cycle_set_slice(SnakeCycle *c, long units);
/* Whether the last decision stopped in its play-outs (made no move). */
bool snake_cycle_thinking(const SnakeCycle *c);
/* Whether the last decision's move was an opening's (snake_opening.h). */
bool snake_cycle_opening(const SnakeCycle *c);
/* Whether perfect's second play-out stops as soon as it cannot win (on, the
 * default) or plays on to its bound: the moves are the same, and tests
 * compare them (snake_playout_set_stops). */
void snake_cycle_set_playout_stops(SnakeCycle *c, bool on);

/* Whether s has a certificate: in blocks mode a block spanning tree whose
 * outline holds the body in order; otherwise the body lies on the fixed cycle
 * in order (gaps allowed, tail -> head increasing). On success the cycle
 * (snake_cycle_order) starts at the tail. For tests and overlays. */
bool snake_cycle_certify(SnakeCycle *c, const Snake *s);

#endif
