/* snake_cycle.h - Hamiltonian cycles for the snake: the `hamilton` and `perfect` policies.
 *
 * A board has a Hamiltonian cycle exactly when one side is even. SnakeCycle
 * builds a fixed one that starts along the top row, left to right, so every
 * start body (tail (0,0) .. head (N-1,0)) lies on it in order. `hamilton`
 * follows it. `perfect` never leaves a state in which some Hamiltonian cycle
 * holds the whole body as one stretch, tail -> head, in order; such a cycle is
 * the certificate that the snake can always go on (docs/perfect.md):
 *  - both sides even: the cycle is the outline of a spanning tree of the 2x2
 *    blocks (snake_cert.h), rebuilt for every decision (a dynamic cycle). A
 *    move is taken only if a spanning tree still exists that agrees with the
 *    whole body after it; among such moves it takes the one with the
 *    shortest route to the food.
 *  - one side odd: the fixed cycle with Tapsell's shortcuts (free tail only;
 *    under the strict-tail rule it follows the cycle).
 * This file holds the policies; the certificate itself is snake_cert.h.
 * SnakeCycle owns all its buffers, sized once in snake_cycle_init, and never
 * allocates while choosing.
 */
#ifndef WS_SNAKE_CYCLE_H
#define WS_SNAKE_CYCLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dir.h"
#include "path.h"
#include "snake.h"
#include "snake_cert.h"
#include "ws_error.h"

typedef struct SnakeCycle {
    int w, h, cells;
    bool blocks;    /* both sides even: the dynamic block-tree certificate */
    SnakeCert cert; /* blocks mode only (zeroed otherwise) */

    int32_t *fixed;     /* cells: the fixed cycle, fixed[0] = (0,0), fixed[1] = (1,0) ... */
    int32_t *fixed_pos; /* cells: the position of each cell on the fixed cycle */

    /* The cycle of the last decision (for overlays and tests): order[0] is the
     * tail, then the body up to the head, then the free cells in the order the
     * certificate would visit them. order_len is `cells` or 0 (none yet). */
    int32_t *order;
    int order_len;

    uint8_t *commit; /* per certificate edge: the tree being followed after a long hunt */
    bool committed;  /* commit holds a tree that is being followed */
    /* The commit's outline distance to the food from commit_head, worked out
     * at the last decision (commit_head -1: not known). */
    int commit_head, commit_dist, commit_food, commit_nfree;

    /* Route search scratch. The search runs over states (cell, k): k is the
     * number of lane moves since the route's last free move, capped at the
     * body's length (docs/perfect.md, "the free prefix"); a body longer than
     * free_max searches lane moves only (k = 0). */
    int free_max;     /* longest body whose plans may start with free moves */
    int32_t *release; /* cells: tick from which a body cell may be entered (0 = free) */
    int32_t *dist;    /* states: (free_max + 1) * cells, k * cells + cell */
    int32_t *parent;  /* states */
    int32_t *queue;   /* states */
    int32_t *cost;    /* states: tie-break cost of the route to each state */
    int32_t *kseen;   /* cells: the largest k a state of the cell was reached with */
    int32_t *last_at; /* cells: when a candidate plan last entered the cell (-1) */
    int goal_state;   /* the state the last search reached the goal in */
    /* What the last search left, so that a search after a ban goes on from
     * the layer the ban touches (lane_route_again) and the next fresh one
     * clears only the states the last one reached: queue[0 .. search_qt)
     * and the goal's states; everything else in dist is -1. */
    int search_qt, search_goal, search_kmax;
    uint8_t *ban; /* per cell: moves a plan search may not take (bit per Dir) */
    int32_t *seq; /* 2 * cells: the body followed by a plan, for its virtual walk */

    /* The plan being followed: plan[plan_at] is the head, the last cell the food. */
    int32_t *plan;
    int plan_len, plan_at, plan_food;
    int32_t *cand;         /* cells: a candidate plan being checked (scratch) */
    int32_t *cand_prev;    /* cells: the candidate checked before it in the same search */
    long short_plan_moves; /* decisions that followed a plan already as short as can be */

    const uint8_t *walls; /* the game's walls at the last decision (borrowed), NULL: none */

    void *mem; /* the one block the buffers above live in (not cert's) */
} SnakeCycle;

/* Whether a w x h board has a Hamiltonian cycle (one side even, sides >= 2);
 * if not, err says so in one line. */
WsStatus snake_cycle_check_board(int w, int h, WsError *err);

/* Whether hamilton and perfect can play a w x h board with these walls (w*h
 * bytes, nonzero = wall; NULL or all zero: none): a Hamiltonian cycle, and
 * walls only as whole 2x2 blocks (cells (2i..2i+1, 2j..2j+1), both sides
 * even) whose free blocks are connected. If not, err says why in one line.
 * Allocates scratch for the check (WS_ERR_NOMEM when out of memory). */
WsStatus snake_cycle_check_walls(int w, int h, const uint8_t *walls, WsError *err);

/* Takes the game's walls for the next decisions (every choose does this
 * itself; tests call it before snake_cycle_certify). False when the walls
 * are not whole blocks: then the policies return DIR_NONE. */
bool snake_cycle_sync_walls(SnakeCycle *c, const SnakeGame *g);

/* Builds the fixed cycle and sizes every buffer for a w x h board. Fails with
 * WS_ERR_ARG on a board without a Hamiltonian cycle. */
WsStatus snake_cycle_init(SnakeCycle *c, int w, int h, WsError *err);
void snake_cycle_deinit(SnakeCycle *c);

/* The cell after `cell` on the fixed cycle. */
static inline int snake_cycle_fixed_next(const SnakeCycle *c, int cell) {
    int p = c->fixed_pos[cell] + 1;
    return c->fixed[p == c->cells ? 0 : p];
}

/* `hamilton`: the direction to the next cell of the fixed cycle. Fills route
 * with head -> food along the cycle. Returns DIR_NONE if the body is not on
 * the cycle in order (e.g. after a policy switch) or the move is not legal. */
Dir snake_cycle_choose_hamilton(SnakeCycle *c, const SnakeGame *g, Path *route);

/* `perfect`: the move with the shortest route to the food among the moves
 * that keep a certificate cycle (see above); *shortcut is false when the move
 * simply follows the certificate cycle. Fills route with the planned route
 * head -> food. Returns DIR_NONE when the body has no certificate (it was
 * not played by this policy from the start), so the caller can fall back.
 * With `explain` false, a move along a kept plan leaves the cycle (order)
 * empty: only an overlay shows it, and it costs a certificate build. */
Dir snake_cycle_choose_perfect(SnakeCycle *c, const SnakeGame *g, Path *route, bool explain,
                               bool *shortcut);

/* ---- memory ----------------------------------------------------------------
 * What perfect keeps from one decision to the next on a board with two even
 * sides: the plan it follows (plan, plan_len, plan_at, plan_food) and the
 * tree it committed to (commit, committed). Everything else in SnakeCycle is
 * the last decision's output or scratch. With one odd side (Tapsell's
 * shortcuts on the fixed cycle) and for hamilton nothing is kept. The
 * encoding is deterministic: equal memories give equal bytes, and following
 * a plan changes only its position (snake_ai.h, "Memory"). */

/* The most bytes snake_cycle_memory_save writes for this board (0 when the
 * board keeps no memory: one side odd). */
size_t snake_cycle_memory_max(const SnakeCycle *c);

/* Writes the memory into buf (snake_cycle_memory_max bytes); returns its length. */
size_t snake_cycle_memory_save(const SnakeCycle *c, uint8_t *buf);

/* Sets the memory from len bytes written by snake_cycle_memory_save on the
 * same board; len 0 is the memory of a new game (no plan, nothing committed).
 * False, with the memory set to that of a new game, when the bytes are
 * malformed. */
bool snake_cycle_memory_load(SnakeCycle *c, const uint8_t *buf, size_t len);

/* Whether s has a certificate: in blocks mode a block spanning tree whose
 * outline holds the body in order; otherwise the body lies on the fixed cycle
 * in order (gaps allowed, tail -> head increasing). On success order[] holds
 * the certificate cycle starting at the tail. For tests and overlays. */
bool snake_cycle_certify(SnakeCycle *c, const Snake *s);

#endif
