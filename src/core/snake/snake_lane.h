/* snake_lane.h - the timed route search of the `perfect` policy (both sides even).
 *
 * A breadth-first search from the head to a goal cell over lane moves (the
 * moves some block-tree outline takes, snake_cert.h), in which a body cell
 * may be entered from the tick the tail has left it. Among the shortest
 * routes it keeps the one whose cells have the fewest open neighbours (it
 * hugs the body and the walls). A short body's route may start with free
 * moves, any direction, when enough lane moves follow them that they have
 * left the body by the eat ("the free prefix", docs/perfect.md).
 *
 * The search only proposes routes: whether the state after a route's eat has
 * a certificate is checked by its caller (snake_plan.h). SnakeLane reads
 * the certificate's geometry and constraints (borrowed, must outlive it),
 * owns its buffers (sized once in snake_lane_init) and never allocates
 * while searching.
 */
#ifndef WS_SNAKE_LANE_H
#define WS_SNAKE_LANE_H

#include <stdbool.h>
#include <stdint.h>

#include "dir.h"
#include "snake.h"
#include "snake_cert.h"
#include "ws_error.h"

typedef struct SnakeLane {
    const SnakeCert *cert; /* borrowed: the geometry, block_until and req_until */
    int w, cells;
    /* The search runs over states (cell, k): k is the number of lane moves
     * since the route's last free move, capped at the body's length; a body
     * longer than free_max searches lane moves only (k = 0). */
    int free_max; /* longest body whose routes may start with free moves */
    /* release: the tick from which a cell may be entered (0 = free), on the
     * board with a border of cells never entered around it ((w + 2) x
     * (h + 2), the cell at pad[cell]), so that a neighbour is a fixed step
     * away (pad_step) and needs no test for the board's edge. */
    int32_t *release;
    int32_t *pad; /* cells: the cell's index in release */
    int pad_step[DIR_COUNT];
    uint8_t *ban;        /* cells: moves the search may not take (bit per Dir) */
    int32_t *dist;       /* states: (free_max + 1) * cells, k * cells + cell; -1 not reached */
    int32_t *parent;     /* states */
    int32_t *queue;      /* states */
    int32_t *cost;       /* states: tie-break cost of the route to each state */
    int32_t *kseen;      /* cells: the largest k a state of the cell was reached with */
    uint16_t *col, *row; /* cells: the column and row (no division in the search's loop) */
    int goal_state;      /* the state the last search reached the goal in */
    /* What the last search left, so that a search after a ban goes on from
     * the layer the ban touches (snake_lane_route_again) and the next fresh
     * one clears only the states the last one reached: queue[0 .. search_qt)
     * and the goal's states; everything else in dist is -1. */
    int search_qt, search_goal, search_kmax;
    void *mem; /* the one block the buffers above live in */
} SnakeLane;

/* Sizes the search for cert's board (cert must stay valid while l is used).
 * WS_ERR_NOMEM when out of memory; on failure l is zeroed. */
WsStatus snake_lane_init(SnakeLane *l, const SnakeCert *cert, WsError *err);

/* Frees the buffers; safe on a zeroed SnakeLane. */
void snake_lane_deinit(SnakeLane *l);

/* Whether a route of a body this long may start with free moves. */
static inline bool snake_lane_frees_allowed(const SnakeLane *l, int len) {
    return len <= l->free_max;
}

/* Release ticks of the body: segment i (head 0) is the tail, leaving, on tick
 * len - i; the head may enter it then (free tail) or a tick later (strict).
 * Wall cells (walls: w * h bytes, nonzero = wall; NULL: none) are never
 * released. snake_lane_release_clear with the same body and walls undoes it. */
void snake_lane_release_set(SnakeLane *l, const Snake *s, bool strict, const uint8_t *walls);
void snake_lane_release_clear(SnakeLane *l, const Snake *s, const uint8_t *walls);

/* Bans the move d out of `cell` for the next searches, or lifts every ban
 * of the cell. */
static inline void snake_lane_ban(SnakeLane *l, int cell, Dir d) {
    l->ban[cell] |= (uint8_t)(1u << d);
}
static inline void snake_lane_unban(SnakeLane *l, int cell) { l->ban[cell] = 0; }

/* The fewest moves after which the body's own free moves (from a plan's
 * free prefix) have all left it: 0 when it has none. Only a body up to
 * free_max long can have one. */
int snake_lane_body_flush(const SnakeLane *l, const Snake *s);

/* Timed BFS from the head of s (tick 0) to `goal`, with the release ticks
 * set: a body cell may be entered from its release tick on, a banned move is
 * never taken, and a lane move never crosses into a block that will still
 * hold the body at the route's likely eat (the tick plus twice the Manhattan
 * distance to the goal) except back over the edge the body crossed (that
 * would close a loop of blocks in the eat's body). With `free` (and a body
 * up to free_max long) the route may start with free moves, as long as at
 * least min(steps, len) lane moves end it and no eat comes before `flush`
 * steps (snake_lane_body_flush).
 * Returns the steps, or -1 when no route is at most `limit` steps long (the
 * search stops at that depth). The route is read with snake_lane_cells. */
int snake_lane_route(SnakeLane *l, const Snake *s, int goal, int limit, int flush, bool free);

/* snake_lane_route again, with the same body, goal, limit and kind, after a
 * move out of `banned` was banned: it goes on from the first layer `banned`
 * was reached in, which gives the route a whole new search would. */
int snake_lane_route_again(SnakeLane *l, const Snake *s, int goal, int limit, int flush,
                           int banned);

/* Copies the last search's route (head first, the goal last) into cells[];
 * returns its length. */
int snake_lane_cells(const SnakeLane *l, int32_t *cells);

#endif
