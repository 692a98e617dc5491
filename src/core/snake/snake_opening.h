/* snake_opening.h - the cycle policies' first moves when the start body lies
 * on no block cycle (docs/perfect.md, "Boards with walls").
 *
 * The start rule lays the body along the top lanes of the first row with
 * room for it. When the walls leave free blocks above that row whose only way
 * to the rest of the floor is down through the start row's blocks, the body's
 * steps inside those blocks forbid their upward edges: no block tree holds
 * the body, and no Hamiltonian cycle of any shape does (the cells above are
 * entered and left through the two cells of a block that the body joins).
 * So hamilton and perfect open such a game with a way onto a cycle:
 *
 *   - the target is the outline of the walls' own tree (index-order Kruskal
 *     over the free blocks, with no body constraint);
 *   - a breadth-first search from the head over the cells free at the move
 *     the head would enter them (a body cell once the tail has left it, one
 *     move later under the strict tail rule; never the food), taken in the
 *     order it reaches them, stops at the first cell from which start_length
 *     - 1 moves along that outline are free too (checked move by move, the
 *     opening's own cells included);
 *   - after those moves the body is start_length consecutive cells of the
 *     outline, tail to head: a certificate, and both policies play on as
 *     usual (hamilton along that outline, perfect from its certificate).
 *
 * The opening is worked out from the game's start (the walls, the start
 * rule and the first food, which it never eats), so each of its moves is a
 * function of the game alone, like every other decision of the policies; a
 * plan made is kept only to save the work. It is the opening made with no
 * food, or, when the first food lies on it, the one made with that food
 * avoided. When no way avoids the food (it lies on the only way out), the
 * search starts from the body where it is, eats the food on the way (one
 * more move along the outline for the growth), and runs again at each move
 * until the body holds a certificate. snake_opening_for_every_food says
 * whether every first food has an opening: the policies' start check
 * (snake_cycle_check_start).
 */
#ifndef WS_SNAKE_OPENING_H
#define WS_SNAKE_OPENING_H

#include <stdbool.h>
#include <stdint.h>

#include "path.h"
#include "snake.h"
#include "snake_cert.h"
#include "ws_error.h"

typedef struct SnakeOpening {
    int w, cells, nedges;
    uint8_t *tree;     /* nedges: the walls' own tree, the outline the opening leads onto */
    int32_t *until;    /* cells: the first move the start body's cell may be entered (0: free) */
    int32_t *dist;     /* cells: the search's moves to each cell, -1 not reached */
    int32_t *parent;   /* cells: the search's way back */
    int32_t *queue;    /* cells: the search's cells in the order reached */
    int32_t *entered;  /* cells: the move the opening checked enters the cell, valid at stamp */
    uint32_t *stamp;   /* cells: the check that wrote entered[] */
    uint32_t check;    /* the current check's stamp */
    int32_t *start;    /* cells: the body a search starts from, head first */
    int32_t *path;     /* 2 * cells + 2: path[0] the head, path[m] the head after move m */
    int32_t *free_way; /* 2 * cells + 2: the opening made with no food, for the start check */
    int moves;         /* path's moves, or -1: no opening */

    /* What path was made for (made false: nothing yet). */
    bool made, strict;
    int food, length;
    uint64_t walls_hash;

    void *mem; /* the one block every buffer above lives in */
} SnakeOpening;

/* Sizes the buffers for a board of k's size (both sides even). On failure o
 * is zeroed. */
WsStatus snake_opening_init(SnakeOpening *o, const SnakeCert *k, WsError *err);

/* Frees the buffers; safe on a zeroed SnakeOpening. */
void snake_opening_deinit(SnakeOpening *o);

/* The opening's move at g's tick, with route (when not NULL) its cells from
 * the head to the end; DIR_NONE when g is not in an opening: nothing eaten
 * yet, the start length, and the body where the opening has led it (a body
 * steered off it, or an opening that is over, gets DIR_NONE). Expects k's
 * walls to be g's; it may clear k's constraints (snake_cert_clear). */
Dir snake_opening_next(SnakeOpening *o, SnakeCert *k, const SnakeGame *g, Path *route);

/* Whether an opening exists for g's start (walls, start rule, tail rule)
 * whatever the first food: the one with no food, and the one for each food
 * on its way. Uses k as snake_opening_next does. */
bool snake_opening_for_every_food(SnakeOpening *o, SnakeCert *k, const SnakeGame *g);

#endif
