/* snake_cert.h - the block-tree certificate of the `perfect` policy (both sides even).
 *
 * The board is cut into 2x2 blocks, each driven clockwise: top-left ->
 * top-right -> bottom-right -> bottom-left. From each cell the outline of a
 * spanning tree of the blocks either stays in the block (the next cell
 * clockwise) or, when the tree joins the block to its neighbour on the far
 * side, goes straight on into that block: up from top-left, right from
 * top-right, down from bottom-right, left from bottom-left. So every cell has
 * two lane moves, and a body move out of a cell either requires its edge in
 * the tree (it crossed) or forbids it (it stayed). The body has a certificate
 * (docs/perfect.md) exactly when some spanning tree holds every required edge
 * and no forbidden one; its outline is then a Hamiltonian cycle holding the
 * body tail -> head as one stretch.
 *
 * Walls (docs/snake.md#boards-with-walls): a board whose walls are whole
 * blocks plays the same way on the free blocks. A wall block's edges are never
 * in a tree (wall_edge), a tree spans the free blocks, and its outline is a
 * Hamiltonian cycle of the floor (4 * nfree cells).
 *
 * SnakeCert owns its buffers (one block, sized in snake_cert_init) and never
 * allocates afterwards. Edges are numbered bh*(bw-1) horizontal ones first
 * (row by row), then (bh-1)*bw vertical ones.
 */
#ifndef WS_SNAKE_CERT_H
#define WS_SNAKE_CERT_H

#include <stdbool.h>
#include <stdint.h>

#include "dir.h"
#include "grid.h"
#include "snake.h"
#include "ws_error.h"

typedef struct SnakeCert {
    int w, h;    /* the board in cells, both sides even */
    int bw, bh;  /* blocks across and down */
    int nblocks; /* bw * bh */
    int nedges;  /* block adjacencies */

    /* The loaded constraints (snake_cert_load, snake_cert_constrain). */
    int32_t *req;         /* per edge: body moves that cross it (the tree must hold it) */
    int32_t *forb;        /* per edge: body moves that pass it by (the tree must not) */
    int32_t *req_until;   /* per edge: from this move on no body move crosses it */
    int32_t *block_until; /* per block: from this move on no body cell is in it */

    uint8_t *tree; /* per edge: in the spanning tree the last build made */

    /* Lane geometry, worked out once per board (snake_cert_init) so that the
     * searches and outline walks, which ask it millions of times a game,
     * read a table instead of dividing by the board's width. */
    int32_t *nbr;         /* 4 * cells: the neighbour of cell c toward d at 4c + d, or -1 */
    int32_t *cell_block;  /* cells: the block that holds the cell */
    int32_t *cell_edge;   /* cells: the edge its crossing move uses, or -1 */
    uint8_t *cell_cross;  /* cells: the direction of its crossing move */
    int32_t *edge_end;    /* 2 * nedges: the blocks of edge e at 2e and 2e + 1 */
    int32_t *block_edge;  /* 4 * nblocks: the edge of block b toward d at 4b + d, or -1 */
    int32_t *rev_order;   /* nedges: every edge in reverse index order (tree shape 3) */
    int32_t *cross_to;    /* cells: the cell its crossing move enters, or -1 off the board */
    int32_t *stay_to;     /* cells: the cell its staying move enters */
    int bstep[DIR_COUNT]; /* the block next to block b toward d is b + bstep[d] */

    /* The edges of each block as bit masks (bit d: the edge toward d), kept
     * up to date by snake_cert_constrain and snake_cert_set_walls, so that
     * the block searches read one byte a block instead of an edge index,
     * its counts and its wall flag for each of four directions. */
    uint8_t *bopen; /* per block: edges neither forbidden nor a wall's */
    uint8_t *breq;  /* per block: required edges */
    uint8_t *bbase; /* per block: edges on the board and not a wall's (bopen, nothing forbidden) */

    /* The body the constraints were last loaded from, so that the next load,
     * of the same body usually one move on, changes only what that move
     * changed (snake_cert_load): its cells as a ring (cells long, the head
     * at lhead), and req and forb as that load left them, which tells
     * whether anything else changed the constraints since. */
    int32_t *lbody;
    int lhead, llen;    /* the ring index of the head, the body's length */
    int lnonlane;       /* its moves that are no lane move */
    bool lvalid;        /* lbody, req_snap, forb_snap hold the last load */
    int32_t *req_snap;  /* per edge */
    int32_t *forb_snap; /* per edge */

    /* The walls (snake_cert_set_walls): whole blocks, never in a tree. */
    uint8_t *wall_block; /* per block: a wall */
    uint8_t *wall_edge;  /* per edge: touches a wall block */
    int nfree;           /* blocks that are not walls; the outline has 4 * nfree cells */

    /* Scratch for building trees. */
    int32_t *uf;      /* per block: union-find */
    int32_t *uf_size; /* per block: the size of the set it is the root of */
    /* The required edges' part of a build, kept for the next build while the
     * constraints stay the same (the tree shapes of one decision share it):
     * the union-find (parents, then sizes) and tree after it, and how many
     * edges it joined. */
    int32_t *uf_req;
    uint8_t *tree_req;
    int joined_req;
    bool req_kept;    /* uf_req, tree_req, joined_req hold the loaded constraints' part */
    int32_t *comp;    /* per block: its part's root in uf_req (the BFS tree shapes) */
    bool comp_kept;   /* comp holds uf_req's parts */
    int32_t *cmark;   /* per block (a part's root): a BFS tree shape's marks, as bmark */
    int32_t *bqueue;  /* per block: BFS queue */
    int32_t *bmark;   /* per block: the two-sided search's marks (mark_gen, mark_gen + 1) */
    int32_t *bqueue2; /* per block: its second queue */
    int32_t mark_gen; /* bmark values below this are stale, so a search clears nothing */

    void *mem; /* the one block every buffer above lives in */
} SnakeCert;

/* Number of tree shapes snake_cert_build_variant knows (0 .. SNAKE_CERT_VARIANTS-1). */
enum { SNAKE_CERT_VARIANTS = 5 };

/* Sizes every buffer for a w x h board. WS_ERR_ARG unless both sides are
 * even and at least 2; WS_ERR_NOMEM when out of memory. On failure k is zeroed. */
WsStatus snake_cert_init(SnakeCert *k, int w, int h, WsError *err);

/* Frees the buffers; safe on a zeroed SnakeCert. */
void snake_cert_deinit(SnakeCert *k);

/* Sets the walls: `walls` (w * h bytes, nonzero = wall, NULL = none) must
 * be whole blocks (snake_cycle_check_walls); a block counts as a wall when
 * its top-left cell is one. */
void snake_cert_set_walls(SnakeCert *k, const uint8_t *walls);

/* Clears every constraint (a body of length 0). */
void snake_cert_clear(SnakeCert *k);

/* ---- lane geometry ------------------------------------------------------------ */

/* The block that holds `cell`. */
static inline int snake_cert_block(const SnakeCert *k, int cell) { return k->cell_block[cell]; }

/* The lane move out of `cell` that crosses into the next block (up from a
 * block's top-left cell, right from top-right, down from bottom-right, left
 * from bottom-left); it may leave the board at the edge. */
static inline Dir snake_cert_cross_dir(int w, int cell) {
    static const Dir CROSS[2][2] = {{DIR_UP, DIR_RIGHT}, {DIR_LEFT, DIR_DOWN}}; /* [y&1][x&1] */
    return CROSS[(cell / w) & 1][(cell % w) & 1];
}

/* The lane move out of `cell` that stays in its block: the next cell clockwise. */
static inline Dir snake_cert_stay_dir(int w, int cell) {
    return (Dir)((snake_cert_cross_dir(w, cell) + 1) % DIR_COUNT);
}

/* Whether the move d out of `cell` is one of its two lane moves, the moves
 * some block-tree outline takes (a body of only lane moves can have a
 * certificate; snake_cert_constrain refuses any other move). */
static inline bool snake_cert_is_lane(int w, int cell, Dir d) {
    return d == snake_cert_cross_dir(w, cell) || d == snake_cert_stay_dir(w, cell);
}

/* The edge between block b and its neighbour toward d, or -1 at the board edge. */
static inline int snake_cert_block_edge(const SnakeCert *k, int b, Dir d) {
    int bx = b % k->bw, by = b / k->bw, horizontal = k->bh * (k->bw - 1);
    switch (d) {
    case DIR_UP:
        return by > 0 ? horizontal + (by - 1) * k->bw + bx : -1;
    case DIR_RIGHT:
        return bx < k->bw - 1 ? by * (k->bw - 1) + bx : -1;
    case DIR_DOWN:
        return by < k->bh - 1 ? horizontal + by * k->bw + bx : -1;
    default:
        return bx > 0 ? by * (k->bw - 1) + bx - 1 : -1;
    }
}

/* The edge the crossing move out of `cell` would use, or -1 at the board edge. */
static inline int snake_cert_edge(const SnakeCert *k, int cell) { return k->cell_edge[cell]; }

/* The cell the crossing move out of `cell` enters, or -1 off the board. */
static inline int snake_cert_cross_to(const SnakeCert *k, int cell) { return k->cross_to[cell]; }

/* The cell the staying move out of `cell` enters (always on the board). */
static inline int snake_cert_stay_to(const SnakeCert *k, int cell) { return k->stay_to[cell]; }

/* The next cell on the outline of `tree` (nedges flags) after `cell`. */
static inline int snake_cert_outline_next(const SnakeCert *k, const uint8_t *tree, int cell) {
    int e = k->cell_edge[cell], cross = k->cross_to[cell], stay = k->stay_to[cell];
    return e >= 0 && tree[e] ? cross : stay;
}

/* ---- constraints ------------------------------------------------------------ */

/* Adds (delta +1) or removes (-1) the constraint of the body move a -> b.
 * Returns false (and changes nothing) if a -> b is not a lane move. */
bool snake_cert_constrain(SnakeCert *k, int a, int b, int delta);

/* Loads the constraints of every body move (tail -> head), and when each
 * block and crossing is left behind. False if the body took a move that no
 * block-tree outline takes (a plan's free move): the other moves are loaded
 * all the same, but such a body has no certificate. */
bool snake_cert_load(SnakeCert *k, const Snake *s);

/* Whether the loaded constraints, which the caller knows to have a
 * certificate, still have one after adding the constraint of the body move
 * a -> b (true when a -> b adds none: not a lane move, or a stay move at the
 * board's edge). Changes no constraint. Exactly snake_cert_build's answer
 * for the constraints with the move added, but costs a search of the blocks
 * the move can cut apart instead of a whole build: a constraint that was
 * already there changes nothing, a new required edge fails only by closing
 * a loop of required edges or by being forbidden, a new forbidden one only
 * by being required or by cutting the blocks the other edges connect. */
bool snake_cert_add_keeps(SnakeCert *k, int a, int b);

/* ---- trees ------------------------------------------------------------------ */

/* The certificate test: is there a spanning tree holding every required edge
 * and no forbidden one? Yes exactly when no edge is both, the required edges
 * have no cycle, and the edges not forbidden connect all free blocks; then the
 * required edges grown by the others in index order are such a tree, left in
 * k->tree. */
bool snake_cert_build(SnakeCert *k);

/* Why a body has no certificate, or that it has one. */
typedef enum SnakeCertVerdict {
    SNAKE_CERT_HOLDS, /* a spanning tree holds every required edge, no forbidden one */
    SNAKE_CERT_LOOP,  /* a required edge is forbidden or a wall's, or they close a loop */
    SNAKE_CERT_CUT    /* the edges not forbidden leave some free blocks apart */
} SnakeCertVerdict;

/* snake_cert_build's answer without the tree (k->tree is left as it was),
 * and why when it is no: a union-find of the required edges alone and one
 * search of the blocks, instead of a find per edge. */
SnakeCertVerdict snake_cert_verdict(SnakeCert *k);

static inline bool snake_cert_holds(SnakeCert *k) {
    return snake_cert_verdict(k) == SNAKE_CERT_HOLDS;
}

/* Builds tree shape number `variant` (0 .. SNAKE_CERT_VARIANTS-1) that agrees
 * with the loaded constraints, into k->tree: edges in index order (0), grown
 * by BFS over the blocks from the food's (1, the head's without food), the
 * head's (2) or the tail's (4) block, or in reverse index order (3).
 * Different shapes put the food at different outline distances. */
void snake_cert_build_variant(SnakeCert *k, int variant, int head, int food, int tail);

/* Whether `tree` agrees with the loaded constraints. */
bool snake_cert_agrees(const SnakeCert *k, const uint8_t *tree);

/* Steps from `from` along the outline of `tree` to `to` (at most w * h). */
int snake_cert_outline_dist(const SnakeCert *k, const uint8_t *tree, int from, int to);

/* The same, but the walk stops after `max` steps: returns `max` when `to` is
 * that far or farther (for a caller that only wants a shorter one). */
int snake_cert_outline_dist_within(const SnakeCert *k, const uint8_t *tree, int from, int to,
                                   int max);

/* Writes the outline of `tree` into order[0 .. 4 * nfree), starting at `start`. */
void snake_cert_outline(const SnakeCert *k, const uint8_t *tree, int start, int32_t *order);

/* Would a certificate survive the head of s moving to `to`? The move adds its
 * own constraint and, unless it eats, drops the tail's (the tail leaves).
 * Expects s's constraints loaded and puts them back afterwards; k->tree
 * holds the tree that answered yes. */
bool snake_cert_move_keeps(SnakeCert *k, const Snake *s, int to, bool eat);

#endif
