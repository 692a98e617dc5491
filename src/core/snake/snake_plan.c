#include "snake_plan.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "slab.h"

/* ======================================================================== */
/* Lifecycle                                                                 */
/* ======================================================================== */

/* Every buffer, listed and sized once (slab.h). */
static void plan_layout(void *owner, Slab *s) {
    SnakePlan *p = owner;
    size_t n = (size_t)p->cells;
    p->route = slab_take(s, n, sizeof *p->route);
    p->cand = slab_take(s, n, sizeof *p->cand);
    p->cand_prev = slab_take(s, n, sizeof *p->cand_prev);
    p->seq = slab_take(s, 2 * n, sizeof *p->seq);
    p->last_at = slab_take(s, n, sizeof *p->last_at);
}

WsStatus snake_plan_init(SnakePlan *p, SnakeCert *cert, SnakeLane *lane, WsError *err) {
    memset(p, 0, sizeof *p);
    p->cert = cert;
    p->lane = lane;
    p->w = cert->w;
    p->cells = cert->w * cert->h;
    p->mem = slab_alloc(plan_layout, p);
    if (p->mem == NULL) {
        int w = cert->w, h = cert->h;
        memset(p, 0, sizeof *p);
        return ws_fail(err, WS_ERR_NOMEM, "out of memory for a %dx%d plan", w, h);
    }
    for (int i = 0; i < p->cells; i++)
        p->last_at[i] = -1;
    return WS_OK;
}

void snake_plan_deinit(SnakePlan *p) {
    free(p->mem);
    memset(p, 0, sizeof *p);
}

/* ======================================================================== */
/* Following a plan                                                          */
/* ======================================================================== */

bool snake_plan_live(const SnakePlan *p, const SnakeGame *g) {
    const Snake *s = &g->snake;
    if (p->len == 0 || p->food != g->food || p->at + 1 >= p->len)
        return false;
    for (int i = 0; i <= p->at && i < s->len; i++)
        if (snake_at(s, i) != p->route[p->at - i])
            return false;
    return true;
}

bool snake_plan_at_best(const SnakePlan *p, const SnakeGame *g) {
    int head = snake_head(&g->snake), near = grid_manhattan(p->w, head, g->food);
    Dir next = snake_plan_next(p, head);
    return snake_plan_left(p) <= near && next != DIR_NONE && snake_game_is_legal(g, next);
}

static void route_copy(Path *route, const int32_t *cells, int n) {
    path_clear(route);
    if (n > route->cap)
        return;
    memcpy(route->cells, cells, (size_t)n * sizeof *cells);
    route->len = n;
}

Dir snake_plan_follow(SnakePlan *p, int head, Path *route) {
    route_copy(route, p->route + p->at, p->len - p->at);
    Dir next = snake_plan_next(p, head);
    p->at++;
    return next;
}

/* ======================================================================== */
/* Checking a route                                                          */
/* ======================================================================== */

/* Takes back the constraints snake_plan_check's walk added for moves 1 ..
 * upto-1 of the route in seq (body of `len`, route of n cells; every move
 * but the eat at n - 1 dropped the tail's), so the real body's are loaded
 * again. */
static void walk_undo(SnakeCert *k, const int32_t *seq, int len, int n, int upto) {
    for (int j = 1; j < upto; j++) {
        snake_cert_constrain(k, seq[len - 2 + j], seq[len - 1 + j], -1);
        if (j < n - 1)
            snake_cert_constrain(k, seq[j - 1], seq[j], 1);
    }
}

/* The first move (1 ..) of the route in seq whose body after the eat holds
 * a move no block outline takes, or 0. The body after the eat, seq[n - 2 ..],
 * must be made of lane moves (the route search sees to it; free moves
 * earlier leave with the tail). A body longer than free_max has none of its
 * own (snake_lane_body_flush). */
static int first_nonlane(const SnakePlan *p, const int32_t *seq, int len, int n) {
    int from = n - 2 > 0 ? n - 2 : 0;
    if (!snake_lane_frees_allowed(p->lane, len) && from < len - 1)
        from = len - 1;
    for (int i = from; i + 1 < len + n - 1; i++)
        if (!snake_cert_is_lane(p->w, seq[i], grid_dir_between(p->w, seq[i], seq[i + 1])))
            return i + 2 - len > 1 ? i + 2 - len : 1;
    return 0;
}

/* Walks the route in seq (body of `len`, route of n cells) onto the loaded
 * constraints: every move adds its own and, but the last (the eat), drops
 * the tail's. With `test`, returns the first move after which no
 * certificate exists (0: none), else 0. The state before move j >= 2 has
 * one (else an earlier move failed), and dropping the tail's constraint
 * only relaxes the rest, so whether move j keeps a certificate is whether
 * adding its own constraint does: a search of the blocks it touches
 * (snake_cert_add_keeps), not a whole build. The state before move 1 is
 * the real body's, which inside a plan may have none: then move 1 is
 * checked by a build. Moves up to `kept` are known to keep one; moves after
 * the first failure are walked untested. walk_undo takes the walk back. */
static int walk_on(SnakeCert *k, const int32_t *seq, int len, int n, bool certified, int kept,
                   bool test) {
    int fail = 0;
    for (int j = 1; j < n; j++) {
        bool eat = j == n - 1; /* the last move eats: the tail stays */
        if (!eat)
            snake_cert_constrain(k, seq[j - 1], seq[j], -1);
        bool check = test && fail == 0, local = j > 1 || certified;
        bool keeps = !check || j <= kept || !local ||
                     snake_cert_add_keeps(k, seq[len - 2 + j], seq[len - 1 + j]);
        snake_cert_constrain(k, seq[len - 2 + j], seq[len - 1 + j], 1);
        if (check && !local)
            keeps = snake_cert_build(k);
        assert(!check || !local || keeps == snake_cert_build(k));
        assert(!check || j > kept || keeps);
        if (!keeps)
            fail = j;
    }
    return fail;
}

int snake_plan_check(SnakePlan *p, const Snake *s, const int32_t *route, int n, bool certified,
                     bool tree, int kept, int *verified) {
    int len = s->len;
    int32_t *seq = p->seq; /* tail .. head, then the route */
    *verified = 0;
    for (int i = 0; i < len; i++)
        seq[i] = snake_at(s, len - 1 - i);
    for (int j = 1; j < n; j++)
        seq[len - 1 + j] = route[j];
    int bad = first_nonlane(p, seq, len, n);
    if (bad > 0)
        return bad;
    /* One walk to the state after the eat: the search's checks (no tree)
     * test each move on the way, as most routes fail and then need the
     * first failing move; the window's (tree) test them only if it fails. */
    SnakeCert *k = p->cert;
    int fail = walk_on(k, seq, len, n, certified, kept, !tree);
    bool holds;
    if (tree) {
        holds = snake_cert_build(k); /* its tree is left in k->tree */
    } else {
        SnakeCertVerdict v = snake_cert_verdict(k);
        holds = v == SNAKE_CERT_HOLDS;
        p->counts.eat_loop += v == SNAKE_CERT_LOOP;
        p->counts.eat_cut += v == SNAKE_CERT_CUT;
        assert(holds == snake_cert_build(k));
    }
    walk_undo(k, seq, len, n, n);
    if (holds)
        return 0;
    if (tree) {
        fail = walk_on(k, seq, len, n, certified, kept, true);
        walk_undo(k, seq, len, n, n);
    }
    *verified = fail - 1;
    return fail; /* >= 1: the last move is the eat, whose state failed */
}

/* ======================================================================== */
/* Finding a plan                                                            */
/* ======================================================================== */

/* How many banned moves a plan search may add before it gives up. */
enum { PLAN_ATTEMPTS = 24 };

/* Whether a route[0 .. n) enters a cell its own body still holds: the head
 * enters route[j] at tick j and the body keeps it until tick j + len (a tick
 * more under the strict rule). Only a route with free moves can: lane moves
 * may then circle a block to gain the lane moves the eat needs. Returns the
 * first such j, or 0. */
static int crosses_itself(SnakePlan *p, const int32_t *route, int n, int len, bool strict) {
    int bad = 0;
    for (int j = 0; j < n && bad == 0; j++) {
        int at = p->last_at[route[j]];
        if (at >= 0 && j < at + len + (strict ? 1 : 0))
            bad = j;
        p->last_at[route[j]] = j;
    }
    for (int j = 0; j < n; j++)
        p->last_at[route[j]] = -1;
    return bad;
}

/* A plan search's state between its routes: the moves it banned (to lift
 * them at the end) and the last route checked (cand_prev, prev_n) with how
 * many of its first moves keep a certificate (verified). */
typedef struct Search {
    int32_t banned[PLAN_ATTEMPTS + 1];
    int nbanned;
    int prev_n, verified;
} Search;

/* The candidate route just found (cand[0 .. n)): 0 when it checks out, else
 * the index of its move to ban. */
static int candidate_fails(SnakePlan *p, const SnakeGame *g, int n, bool free, bool certified,
                           Search *q) {
    const Snake *s = &g->snake;
    bool frees = free && snake_lane_frees_allowed(
                             p->lane, s->len); /* only then can a route revisit a cell */
    int fail = frees ? crosses_itself(p, p->cand, n, s->len, g->rules.strict_tail) : 0;
    if (fail != 0) {
        q->verified = 0;
        return fail;
    }
    int same = 0; /* cells the route starts with as the last one did */
    while (same < n && same < q->prev_n && p->cand[same] == p->cand_prev[same])
        same++;
    int kept = q->verified < same - 1 ? q->verified : same - 1;
    return snake_plan_check(p, s, p->cand, n, certified, false, kept, &q->verified);
}

/* BFS (with a free prefix when `free`), walk the route virtually, and if
 * the state after the eat has no certificate, ban the first move after
 * which none exists and search again, at most PLAN_ATTEMPTS times. Routes
 * longer than `limit` (the certificate cycle's own way to the food) are not
 * worth checking. A route that checks out becomes the plan. */
static bool plan_search(SnakePlan *p, const SnakeGame *g, const bool valid[DIR_COUNT], int limit,
                        int flush, bool free, bool certified) {
    const Snake *s = &g->snake;
    SnakeLane *l = p->lane;
    int head = snake_head(s);
    Search q = {.nbanned = 0};
    for (int d = 0; d < DIR_COUNT; d++)
        if (!valid[d])
            snake_lane_ban(l, head, (Dir)d);
    q.banned[q.nbanned++] = head;
    bool ok = false;
    long *ended = &p->counts.out_of_bans; /* unless a route checks out or none is left */
    int from = -1; /* the cell of the last banned move: search on from its layer */
    for (int attempt = 0; attempt < PLAN_ATTEMPTS; attempt++) {
        int steps = from < 0 ? snake_lane_route(l, s, g->food, limit, flush, free)
                             : snake_lane_route_again(l, s, g->food, limit, flush, from);
        if (steps < 0 || steps > limit) {
            ended = &p->counts.no_route;
            break;
        }
        int n = snake_lane_cells(l, p->cand);
        int fail = candidate_fails(p, g, n, free, certified, &q);
        q.prev_n = n;
        if (fail == 0) { /* the kept plan changes only now, to a checked one */
            memcpy(p->route, p->cand, (size_t)n * sizeof *p->route);
            p->len = n;
            p->at = 0;
            p->food = g->food;
            ok = true;
            ended = &p->counts.found;
            break;
        }
        from = p->cand[fail - 1];
        snake_lane_ban(l, from, grid_dir_between(p->w, from, p->cand[fail]));
        q.banned[q.nbanned++] = from;
        int32_t *last = p->cand; /* it becomes cand_prev; the next route goes in the other */
        p->cand = p->cand_prev;
        p->cand_prev = last;
    }
    p->counts.searches++;
    (*ended)++;
    for (int i = 0; i < q.nbanned; i++)
        snake_lane_unban(l, q.banned[i]);
    return ok;
}

/* The free search first; if it finds no plan (its PLAN_ATTEMPTS bans can run
 * out on routes that cross themselves), a lane-only one. Measured, the second
 * search changes the mean by under 0.1 step (docs/perfect.md); it stays as a
 * safety net and costs a second search only for a body up to free_max long. */
bool snake_plan_find(SnakePlan *p, const SnakeGame *g, const bool valid[DIR_COUNT], int limit,
                     int flush, bool certified) {
    if (plan_search(p, g, valid, limit, flush, true, certified))
        return true;
    return snake_lane_frees_allowed(p->lane, g->snake.len) &&
           plan_search(p, g, valid, limit, flush, false, certified);
}
