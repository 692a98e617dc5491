/* snake_hamilton.h - the `hamilton` policy: follow one fixed Hamiltonian cycle.
 *
 * Without walls the cycle is SnakeCycle's fixed one (snake_cycle.h), which
 * every start body lies on in order. On a board whose walls are whole 2x2
 * blocks it is the outline of one block tree (snake_cert.h), the one
 * index-order Kruskal grows around the start body's constraints, worked out
 * again every decision from the walls and the start rule alone. Either way
 * nothing is kept between decisions, and the policy never dies: the body is
 * always one stretch of the cycle, so the next cell is free (docs/perfect.md,
 * "The fixed cycle").
 */
#ifndef WS_SNAKE_HAMILTON_H
#define WS_SNAKE_HAMILTON_H

#include "dir.h"
#include "path.h"
#include "snake.h"
#include "snake_cycle.h"

/* The direction to the next cell of the cycle. Fills route with head ->
 * food along the cycle (empty without food). Returns DIR_NONE if the body
 * is not on the cycle in order (e.g. after a policy switch), the walls are
 * not whole blocks, or the move is not legal. */
Dir snake_hamilton_choose(SnakeCycle *c, const SnakeGame *g, Path *route);

#endif
