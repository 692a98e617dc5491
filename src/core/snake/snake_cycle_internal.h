/* snake_cycle_internal.h - what the cycle policies' files share: SnakeCycle's
 * insides (snake_cycle.h keeps it opaque) and the helpers of snake_cycle.c
 * that snake_hamilton.c, snake_perfect.c and snake_playout.c use. Nothing
 * outside those four files includes it.
 */
#ifndef WS_SNAKE_CYCLE_INTERNAL_H
#define WS_SNAKE_CYCLE_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "path.h"
#include "snake.h"
#include "snake_cert.h"
#include "snake_cycle.h"
#include "snake_lane.h"
#include "snake_opening.h"
#include "snake_perfect.h"
#include "snake_plan.h"

/* The tree `perfect` follows when no plan is taken, and what the last
 * decision worked out about it (docs/perfect.md, "Choosing the move"). */
typedef struct SnakeCommit {
    uint8_t *tree; /* per certificate edge */
    bool on;       /* tree holds a tree that is being followed */
    /* Its outline distance to the food from `head`, worked out at the last
     * decision (head -1: not known), with the food and free blocks then. */
    int head, dist, food, nfree;
    /* The tree shapes that decision tried (SNAKE_CERT_VARIANTS trees, shape
     * v at v * nedges; shape_known[v]: tried), each of them no shorter a
     * way from `head` to the food than `dist`: the next decision need not
     * walk a shape that comes out the same again (best_tree). */
    uint8_t *shapes;
    bool shape_known[SNAKE_CERT_VARIANTS];
} SnakeCommit;

/* The moves of an apple played out (snake_playout.h), replayed one a
 * decision: cell[0] is the head when it was played out, cell[i] the head
 * after move i, with SNAKE_REPLAY_SHORTCUT set on a move off the
 * certificate cycle; the head is at cell[at]. After the last move the
 * policy's memory is `end`. len 0: no replay. */
typedef struct SnakeReplay {
    uint32_t *cell; /* budget + 1 */
    int len, at, food;
    uint8_t *end; /* snake_perfect_memory_max without a replay */
    size_t end_len;
} SnakeReplay;
enum { SNAKE_REPLAY_SHORTCUT = 1u << 16, SNAKE_REPLAY_CELL = SNAKE_REPLAY_SHORTCUT - 1 };

struct SnakeCycle {
    int w, h, cells;
    bool blocks;          /* both sides even: the dynamic block-tree certificate */
    SnakeCert cert;       /* blocks mode only (zeroed otherwise) */
    SnakeLane lane;       /* blocks mode only: the route search */
    SnakePlan plan;       /* blocks mode only: the plan followed and its search */
    SnakeOpening opening; /* blocks mode only: the way onto a cycle from a start on none */
    SnakeCommit commit;
    int force_shape;              /* the tree shape the next decision commits, -1: its own */
    SnakeReplay replay;           /* blocks mode only */
    struct SnakePlayout *playout; /* blocks mode only, owned; NULL in a play-out's own policy */
    long slice;    /* the play-outs' work a decision may do (snake_cycle_set_slice) */
    bool thinking; /* the last decision stopped in its play-outs (snake_cycle_thinking) */
    bool opened;   /* the last decision's move was an opening's (snake_cycle_opening) */

    int32_t *fixed;     /* cells: the fixed cycle, fixed[0] = (0,0), fixed[1] = (1,0) ... */
    int32_t *fixed_pos; /* cells: the position of each cell on the fixed cycle */

    /* The cycle of the last decision (for overlays and tests): order[0] is the
     * tail, then the body up to the head, then the free cells in the order the
     * certificate would visit them. order_len is the floor's cells or 0 (none). */
    int32_t *order;
    int order_len;

    const uint8_t *walls; /* the game's walls at the last decision (borrowed), NULL: none */
    SnakePerfectStats stats;

    void *mem; /* the one block fixed, fixed_pos, order and commit.tree live in */
};

/* snake_cycle_create without the play-out (the policy a play-out plays). */
WsStatus snake_cycle_create_bare(SnakeCycle **out, int w, int h, WsError *err);

/* The most bytes of a perfect memory without a replay (the memory a replay
 * ends on). */
size_t snake_perfect_memory_plain_max(const SnakeCycle *c);

/* Steps forward along the fixed cycle from a to b (0 when a == b). */
int snake_cycle_fixed_ahead(const SnakeCycle *c, int a, int b);

/* Whether the body lies on the fixed cycle in order: tail -> head strictly
 * increasing positions counted from the tail (gaps allowed). */
bool snake_cycle_fixed_in_order(const SnakeCycle *c, const Snake *s);

/* Makes the fixed cycle the cycle of this decision. */
void snake_cycle_order_fixed(SnakeCycle *c);

/* Makes the outline of `tree`, from the tail, the cycle of this decision. */
void snake_cycle_order_tree(SnakeCycle *c, const uint8_t *tree, int tail);

/* Fills route with the cells of the cycle order[0..n) from position
 * start_pos up to the food; empty when there is no food. */
void snake_cycle_route_along(Path *route, const int32_t *order, int n, int start_pos, int food);

/* Fills route with the cells of tree's outline from `head` up to the food
 * (route_along without the whole cycle's order); empty when there is no food. */
void snake_cycle_route_outline(Path *route, const SnakeCert *k, const uint8_t *tree, int head,
                               int food);

/* Loads the start body's constraints of game g into k (the start rule of
 * snake_game_start_tail and the game's start length) and builds a tree:
 * false when the start body lies on no block cycle. */
bool snake_cycle_start_tree(SnakeCert *k, const SnakeGame *g);

#endif
