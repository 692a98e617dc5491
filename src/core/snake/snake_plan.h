/* snake_plan.h - the plans of the `perfect` policy (both sides even): routes
 * to the food whose end has a certificate.
 *
 * A plan is a route head -> food that was walked virtually (the tail
 * leaving, the head arriving, the eat at the end) and whose state after the
 * eat has a block-tree certificate (snake_cert.h). The states in between
 * need none: every move of the route is free at its tick (the route search
 * keeps to the release ticks, snake_lane.h) and nothing else changes the
 * board before the eat, so a snake that follows the plan reaches that
 * certified state (docs/perfect.md, "Why the snake can never trap itself").
 *
 * SnakePlan keeps the plan being followed from one decision to the next and
 * the scratch of the search for one. It borrows the certificate (whose
 * loaded constraints a check adds to and takes back) and the route search;
 * it owns its buffers, sized once in snake_plan_init, and never allocates
 * while planning.
 */
#ifndef WS_SNAKE_PLAN_H
#define WS_SNAKE_PLAN_H

#include <stdbool.h>
#include <stdint.h>

#include "dir.h"
#include "path.h"
#include "snake.h"
#include "snake_cert.h"
#include "snake_lane.h"
#include "ws_error.h"

/* How the plan searches (snake_plan_find) ended, counted since init: what a
 * study of the policy needs to see why it follows the cycle (docs/perfect.md). */
typedef struct SnakePlanCounts {
    long searches;    /* route searches with bans (a find runs one or two) */
    long found;       /* ... that ended with a checked route */
    long no_route;    /* ... that ran out of routes within the limit */
    long out_of_bans; /* ... that used all their bans */
    long eat_loop;    /* routes whose state after the eat failed the check by a loop */
    long eat_cut;     /* ... by free blocks cut off (snake_cert_verdict) */
} SnakePlanCounts;

typedef struct SnakePlan {
    SnakeCert *cert; /* borrowed: the loaded constraints of the real body */
    SnakeLane *lane; /* borrowed: the route search */
    int w, cells;
    /* The plan being followed: route[at] is the head, route[len - 1] the
     * food, which was `food` when it was made. len 0: no plan. */
    int32_t *route;
    int len, at, food;
    int32_t *cand;      /* cells: a candidate route being checked (scratch) */
    int32_t *cand_prev; /* cells: the candidate checked before it in the same search */
    int32_t *seq;       /* 2 * cells: the body followed by a route, for its virtual walk */
    int32_t *last_at;   /* cells: when a candidate last entered the cell (-1) */
    void *mem;          /* the one block the buffers above live in */

    SnakePlanCounts counts; /* how its searches ended (never read by a decision) */
} SnakePlan;

/* Sizes the plan for cert's board; cert and lane must outlive it.
 * WS_ERR_NOMEM when out of memory; on failure p is zeroed. */
WsStatus snake_plan_init(SnakePlan *p, SnakeCert *cert, SnakeLane *lane, WsError *err);

/* Frees the buffers; safe on a zeroed SnakePlan. */
void snake_plan_deinit(SnakePlan *p);

/* Drops the plan being followed (a new game, or the cycle won). */
static inline void snake_plan_forget(SnakePlan *p) { p->len = 0; }

/* The moves the plan being followed has left (0: none). */
static inline int snake_plan_left(const SnakePlan *p) {
    return p->len > 0 ? p->len - 1 - p->at : 0;
}

/* Whether the kept plan still describes this game: the same food, at least
 * one move left, and the body's front is the plan walked so far (so no move
 * but the plan's was made since it was checked, e.g. by a steering hand). */
bool snake_plan_live(const SnakePlan *p, const SnakeGame *g);

/* The live plan's next move from the head. */
static inline Dir snake_plan_next(const SnakePlan *p, int head) {
    return grid_dir_between(p->w, head, p->route[p->at + 1]);
}

/* Whether the live plan's next move is legal and the plan has no more moves
 * left than the Manhattan distance from the head to the food (it cannot
 * have fewer): then no search can find a shorter way. */
bool snake_plan_at_best(const SnakePlan *p, const SnakeGame *g);

/* Takes the live plan's next move: route gets the plan's cells left (head
 * first), and the plan moves on by one. Returns the move. */
Dir snake_plan_follow(SnakePlan *p, int head, Path *route);

/* Plans a whole route head -> food after whose eat a certificate holds and
 * makes it the plan being followed; false (the kept plan unchanged) when no
 * route of at most `limit` moves checks out. The route search's release
 * ticks must be set for the body of g; valid[d] says which moves are legal
 * now; flush is snake_lane_body_flush's; `certified`: the real body has a
 * certificate, loaded in the certificate (snake_cert_build has just said
 * so). A free search first (a free prefix), then, if it finds none, a
 * lane-only one. The loaded constraints are the real body's again after. */
bool snake_plan_find(SnakePlan *p, const SnakeGame *g, const bool valid[DIR_COUNT], int limit,
                     int flush, bool certified);

/* Walks the body of s virtually along route[0 .. n) (route[0] the head, the
 * last cell the food) and checks the certificate after the eat. Returns 0
 * when it holds there, else the index of the first move after which no
 * certificate exists (the move to ban). `certified`: the real body has one
 * (loaded and built); `tree`: leave the end's tree in cert->tree when it
 * holds; `kept`: the first moves known to keep a certificate (not checked
 * again); *verified: the moves known to keep one when a failing move was
 * found (else 0). Without `tree` a failed check at the end is counted in
 * p->counts by its kind. The loaded constraints are the real body's again
 * after. */
int snake_plan_check(SnakePlan *p, const Snake *s, const int32_t *route, int n, bool certified,
                     bool tree, int kept, int *verified);

#endif
