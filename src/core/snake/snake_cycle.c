#include "snake_cycle.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "slab.h"
#include "snake_bytes.h"

/* ======================================================================== */
/* Lifecycle and the fixed cycle                                             */
/* ======================================================================== */

WsStatus snake_cycle_check_board(int w, int h, WsError *err) {
    if (w < SNAKE_MIN_SIDE || h < SNAKE_MIN_SIDE || w > SNAKE_MAX_SIDE || h > SNAKE_MAX_SIDE)
        return ws_fail(err, WS_ERR_ARG, "board size %dx%d: each side must be %d..%d", w, h,
                       SNAKE_MIN_SIDE, SNAKE_MAX_SIDE);
    if (w % 2 != 0 && h % 2 != 0)
        return ws_fail(err, WS_ERR_ARG,
                       "a %dx%d board has no Hamiltonian cycle (both sides odd); the hamilton "
                       "and perfect policies need an even side",
                       w, h);
    return WS_OK;
}

/* Whether walls (w * h bytes, nonzero = wall, NULL = none) are whole 2x2
 * blocks; if not, err names the first block that is not. */
static WsStatus walls_in_blocks(int w, int h, const uint8_t *walls, WsError *err) {
    for (int y = 0; walls != NULL && y < h; y += 2)
        for (int x = 0; x < w; x += 2) {
            int c = y * w + x;
            int n = (walls[c] != 0) + (walls[c + 1] != 0) + (walls[c + w] != 0) +
                    (walls[c + w + 1] != 0);
            /* The blocks are the block grid's, so a 2x2 square at an odd x or
             * y is parts of two or four blocks: the message says where they start. */
            if (n != 0 && n != 4)
                return ws_fail(err, WS_ERR_ARG,
                               "walls must be whole 2x2 blocks starting at even x and y; the "
                               "block at cells (%d..%d, %d..%d) has %d wall cell%s of 4",
                               x, x + 1, y, y + 1, n, n == 1 ? "" : "s");
        }
    return WS_OK;
}

static bool any_wall(int cells, const uint8_t *walls) {
    for (int c = 0; walls != NULL && c < cells; c++)
        if (walls[c])
            return true;
    return false;
}

WsStatus snake_cycle_check_walls(int w, int h, const uint8_t *walls, WsError *err) {
    WsStatus st = snake_cycle_check_board(w, h, err);
    if (st != WS_OK || !any_wall(w * h, walls))
        return st;
    if (w % 2 != 0 || h % 2 != 0)
        return ws_fail(err, WS_ERR_ARG,
                       "walls need two even board sides (whole 2x2 blocks), and %dx%d has not", w,
                       h);
    st = walls_in_blocks(w, h, walls, err);
    if (st != WS_OK)
        return st;
    SnakeCert k;
    st = snake_cert_init(&k, w, h, err);
    if (st != WS_OK)
        return st;
    snake_cert_set_walls(&k, walls);
    snake_cert_clear(&k);
    bool connected = k.nfree > 0 && snake_cert_build(&k);
    snake_cert_deinit(&k);
    if (!connected)
        return ws_fail(err, WS_ERR_ARG,
                       "the walls cut the free 2x2 blocks in parts: no Hamiltonian cycle");
    return WS_OK;
}

/* The fixed cycle. Both shapes start with the top row left to right, so any
 * start body lies on them in order:
 *  - h even: the top row, then rows 1..h-1 over columns 1..w-1 as a
 *    serpentine (row 1 leftward; h-1 is odd so the last row is leftward too),
 *    then column 0 upward back to (0,0);
 *  - h odd (so w even): the top row, then columns w-1..0 over rows 1..h-1,
 *    down and up in turn; column 0 is the w-th, an up column, ending at (0,1). */
static void fixed_build(SnakeCycle *c) {
    int w = c->w, h = c->h, n = 0;
    for (int x = 0; x < w; x++)
        c->fixed[n++] = x;
    if (h % 2 == 0) {
        for (int y = 1; y < h; y++) {
            for (int k = 0; k < w - 1; k++) {
                int x = y % 2 == 1 ? w - 1 - k : 1 + k;
                c->fixed[n++] = y * w + x;
            }
        }
        for (int y = h - 1; y >= 1; y--)
            c->fixed[n++] = y * w;
    } else {
        for (int k = 0; k < w; k++) {
            int x = w - 1 - k;
            for (int j = 0; j < h - 1; j++) {
                int y = k % 2 == 0 ? 1 + j : h - 1 - j;
                c->fixed[n++] = y * w + x;
            }
        }
    }
    assert(n == c->cells);
    for (int i = 0; i < n; i++)
        c->fixed_pos[c->fixed[i]] = i;
}

/* The free prefix (docs/perfect.md): plans of a body up to this long may
 * start with moves that are not lane moves, as long as those leave the body
 * before the eat. The search's states grow with it: (FREE_MAX + 1) * cells,
 * and at most FREE_STATES of them (so a 256x256 board keeps a short one). */
enum { FREE_MAX = 14, FREE_STATES = 1 << 18 };

/* Whether a plan of a body this long may start with free moves. */
static bool frees_allowed(const SnakeCycle *c, int len) { return len <= c->free_max; }

/* Every buffer of the policies, listed and sized once (slab.h); the
 * certificate sizes its own. */
static void cycle_layout(void *owner, Slab *s) {
    SnakeCycle *c = owner;
    size_t n = (size_t)c->cells;
    c->fixed = slab_take(s, n, sizeof *c->fixed);
    c->fixed_pos = slab_take(s, n, sizeof *c->fixed_pos);
    c->order = slab_take(s, n, sizeof *c->order);
    c->commit = slab_take(s, (size_t)c->cert.nedges, sizeof *c->commit);
    size_t states = n * (size_t)(c->free_max + 1);
    c->release = slab_take(s, n, sizeof *c->release);
    c->dist = slab_take(s, states, sizeof *c->dist);
    c->parent = slab_take(s, states, sizeof *c->parent);
    c->queue = slab_take(s, states, sizeof *c->queue);
    c->cost = slab_take(s, states, sizeof *c->cost);
    c->kseen = slab_take(s, n, sizeof *c->kseen);
    c->last_at = slab_take(s, n, sizeof *c->last_at);
    c->ban = slab_take(s, n, sizeof *c->ban);
    c->seq = slab_take(s, 2 * n, sizeof *c->seq);
    c->plan = slab_take(s, n, sizeof *c->plan);
    c->cand = slab_take(s, n, sizeof *c->cand);
    c->cand_prev = slab_take(s, n, sizeof *c->cand_prev);
}

WsStatus snake_cycle_init(SnakeCycle *c, int w, int h, WsError *err) {
    memset(c, 0, sizeof *c);
    WsStatus st = snake_cycle_check_board(w, h, err);
    if (st != WS_OK)
        return st;
    c->w = w;
    c->h = h;
    c->cells = w * h;
    c->blocks = w % 2 == 0 && h % 2 == 0;
    c->free_max = FREE_STATES / c->cells - 1;
    if (c->free_max > FREE_MAX)
        c->free_max = FREE_MAX;
    if (c->free_max < 0)
        c->free_max = 0;
    if (c->blocks) {
        st = snake_cert_init(&c->cert, w, h, err);
        if (st != WS_OK) {
            snake_cycle_deinit(c);
            return st;
        }
    }
    c->mem = slab_alloc(cycle_layout, c);
    if (c->mem == NULL) {
        snake_cycle_deinit(c);
        return ws_fail(err, WS_ERR_NOMEM, "out of memory for a %dx%d Hamiltonian cycle", w, h);
    }
    fixed_build(c);
    for (int i = 0; i < c->cells; i++)
        c->last_at[i] = c->kseen[i] = -1;
    for (int i = 0; i < c->cells * (c->free_max + 1); i++)
        c->dist[i] = -1; /* lane_route clears only what the last search reached */
    c->search_goal = -1;
    c->commit_head = -1;
    return WS_OK;
}

void snake_cycle_deinit(SnakeCycle *c) {
    snake_cert_deinit(&c->cert);
    free(c->mem);
    memset(c, 0, sizeof *c);
}

/* ======================================================================== */
/* Shared helpers                                                            */
/* ======================================================================== */

bool snake_cycle_sync_walls(SnakeCycle *c, const SnakeGame *g) {
    const uint8_t *walls = g->wall_count > 0 ? g->walls : NULL;
    c->walls = walls;
    if (walls == NULL) {
        if (c->blocks && c->cert.nfree != c->cert.nblocks)
            snake_cert_set_walls(&c->cert, NULL);
        return true;
    }
    if (!c->blocks || walls_in_blocks(c->w, c->h, walls, NULL) != WS_OK)
        return false;
    snake_cert_set_walls(&c->cert, walls);
    return true;
}

/* Cells on the certificate cycle: the floor. */
static int cycle_cells(const SnakeCycle *c) { return c->blocks ? 4 * c->cert.nfree : c->cells; }

/* Release ticks of the body: segment i (head 0) is the tail, leaving, on tick
 * len - i; the head may enter it then (free tail) or a tick later (strict). */
static void release_set(SnakeCycle *c, const Snake *s, bool strict) {
    for (int i = 0; i < s->len; i++)
        c->release[snake_at(s, i)] = (int32_t)(s->len - i) + (strict ? 1 : 0);
    for (int i = 0; c->walls != NULL && i < c->cells; i++)
        if (c->walls[i])
            c->release[i] = INT32_MAX; /* never */
}

static void release_clear(SnakeCycle *c, const Snake *s) {
    for (int i = 0; i < s->len; i++)
        c->release[snake_at(s, i)] = 0;
    for (int i = 0; c->walls != NULL && i < c->cells; i++)
        c->release[i] = 0;
}

/* Fills route with the cells of the cycle order[0..n) from position
 * start_pos up to the food; empty when there is no food. */
static void route_along(Path *route, const int32_t *order, int n, int start_pos, int food) {
    path_clear(route);
    for (int k = 0; k < n && route->len < route->cap; k++) {
        int cell = order[(start_pos + k) % n];
        route->cells[route->len++] = cell;
        if (cell == food)
            return;
    }
    path_clear(route); /* no food on the board: no route */
}

/* Fills route with the cells of tree's outline from `head` up to the food
 * (route_along without the whole cycle's order); empty when there is no food. */
static void route_outline(Path *route, const SnakeCert *k, const uint8_t *tree, int head,
                          int food) {
    path_clear(route);
    int cell = head;
    for (int i = 0; food >= 0 && i < 4 * k->nfree && route->len < route->cap; i++) {
        route->cells[route->len++] = cell;
        if (cell == food)
            return;
        cell = snake_cert_outline_next(k, tree, cell);
    }
    path_clear(route);
}

/* ======================================================================== */
/* hamilton                                                                  */
/* ======================================================================== */

static bool fixed_in_order(const SnakeCycle *c, const Snake *s);
static void order_from_tree(SnakeCycle *c, const uint8_t *tree, int tail);

/* hamilton on a board with walls: the outline of one fixed tree of the free
 * blocks, the one index-order Kruskal grows around the start body's
 * constraints (so the start body lies on it). Rebuilt every decision from
 * the walls and the start rule alone, so nothing is kept between decisions. */
static Dir hamilton_blocks(SnakeCycle *c, const SnakeGame *g, Path *route) {
    SnakeCert *k = &c->cert;
    const Snake *s = &g->snake;
    int start = snake_game_start_tail(g);
    snake_cert_clear(k);
    for (int i = 0; i + 1 < g->rules.start_length; i++)
        snake_cert_constrain(k, start + i, start + i + 1, 1);
    if (start < 0 || !snake_cert_build(k)) /* the start body lies on no block cycle */
        return DIR_NONE;
    int cell = snake_tail(s); /* the body must be one stretch of the outline */
    for (int i = s->len - 2; i >= 0; i--) {
        cell = snake_cert_outline_next(k, k->tree, cell);
        if (cell != snake_at(s, i))
            return DIR_NONE;
    }
    order_from_tree(c, k->tree, snake_tail(s));
    route_along(route, c->order, c->order_len, s->len - 1, g->food);
    int head = snake_head(s);
    Dir d = grid_dir_between(c->w, head, snake_cert_outline_next(k, k->tree, head));
    return snake_game_is_legal(g, d) ? d : DIR_NONE;
}

Dir snake_cycle_choose_hamilton(SnakeCycle *c, const SnakeGame *g, Path *route) {
    const Snake *s = &g->snake;
    if (!snake_cycle_sync_walls(c, g))
        return DIR_NONE;
    if (c->walls != NULL)
        return hamilton_blocks(c, g, route);
    if (!fixed_in_order(c, s))
        return DIR_NONE; /* e.g. after a policy switch: the caller falls back */
    int head = snake_head(s);
    int next = snake_cycle_fixed_next(c, head);
    Dir d = grid_dir_between(c->w, head, next);
    memcpy(c->order, c->fixed, (size_t)c->cells * sizeof *c->order);
    c->order_len = c->cells;
    route_along(route, c->fixed, c->cells, c->fixed_pos[head], g->food);
    return snake_game_is_legal(g, d) ? d : DIR_NONE;
}

/* ======================================================================== */
/* perfect on a board with an odd side: Tapsell's shortcuts                  */
/* ======================================================================== */

/* Steps forward along the fixed cycle from a to b (0 when a == b). */
static int fixed_ahead(const SnakeCycle *c, int a, int b) {
    int k = c->fixed_pos[b] - c->fixed_pos[a];
    return k < 0 ? k + c->cells : k;
}

/* Whether the body lies on the fixed cycle in order: tail -> head strictly
 * increasing positions counted from the tail (gaps allowed). */
static bool fixed_in_order(const SnakeCycle *c, const Snake *s) {
    int tail = snake_tail(s), last = 0;
    for (int i = s->len - 2; i >= 0; i--) {
        int r = fixed_ahead(c, tail, snake_at(s, i));
        if (r <= last)
            return false;
        last = r;
    }
    return true;
}

/* The invariant is the body's order on the fixed cycle. The cells strictly
 * between the head and the tail (going forward from the head) are free, so a
 * move to any of them keeps the order; the move that lands closest to the
 * food without passing it is taken. Under the strict-tail rule a gap in the
 * body could leave the head facing its own tail with free cells only behind
 * it, so there only the cycle move is made (docs/perfect.md). */
static Dir choose_tapsell(SnakeCycle *c, const SnakeGame *g, Path *route, bool *shortcut) {
    const Snake *s = &g->snake;
    if (!fixed_in_order(c, s))
        return DIR_NONE;
    int head = snake_head(s);
    int to_tail = s->len > 1 ? fixed_ahead(c, head, snake_tail(s)) : c->cells;
    int to_food = g->food >= 0 ? fixed_ahead(c, head, g->food) : 1;
    if (to_food > to_tail)
        to_food = 1; /* the food is in a gap behind the head: follow the cycle */
    Dir best = DIR_NONE;
    int best_k = 0;
    for (int d = 0; d < DIR_COUNT; d++) {
        if (!snake_game_is_legal(g, (Dir)d))
            continue;
        int n = grid_neighbor(c->w, c->h, head, (Dir)d);
        int k = fixed_ahead(c, head, n);
        bool ok = k == 1 || (!g->rules.strict_tail && k < to_tail && k <= to_food);
        if (ok && k > best_k) {
            best_k = k;
            best = (Dir)d;
        }
    }
    *shortcut = best_k > 1;
    memcpy(c->order, c->fixed, (size_t)c->cells * sizeof *c->order);
    c->order_len = c->cells;
    route_along(route, c->fixed, c->cells, c->fixed_pos[head], g->food);
    return best;
}

/* ======================================================================== */
/* perfect on an even x even board: routes that keep the certificate        */
/* ======================================================================== */

/* Makes the outline of `tree`, from the tail, the cycle of this decision. */
static void order_from_tree(SnakeCycle *c, const uint8_t *tree, int tail) {
    snake_cert_outline(&c->cert, tree, tail, c->order);
    c->order_len = cycle_cells(c);
}

/* Among routes of equal length the one whose cells have the fewest open
 * neighbours wins: it keeps to the body and the walls and leaves the free
 * space in one piece, which is what makes later food cheap to reach. */
static int32_t hug_cost(const SnakeCycle *c, int cell, int tick) {
    int32_t open = 0;
    const int32_t *nbr = c->cert.nbr + 4 * cell;
    for (int d = 0; d < DIR_COUNT; d++) {
        int n = nbr[d];
        if (n >= 0 && c->release[n] <= tick)
            open++;
    }
    return open;
}

/* Timed BFS from the head (tick 0) to `goal`. A body cell may be entered from
 * its release tick on, a move banned in ban[] is never taken, and a lane move
 * never crosses into a block that still holds the body except back over the
 * edge the body crossed (that would close a loop of blocks).
 *
 * Which moves: the body after the eat is the route's last `len` moves (with
 * the old body's newest ones when the route is shorter), and only those must
 * be lane moves for its certificate. So a route may start with free moves
 * (any direction) when at least `len` lane moves follow the last of them:
 * the states are (cell, k), k the lane moves since the last free move,
 * capped at len; the goal counts when k >= min(steps, len). `flush` is the
 * fewest steps after which the old body's own free moves have left it. Free
 * moves are tried only for a body up to free_max long and when the route
 * can still end within `limit` steps. Returns the steps, or -1 (also when
 * every route is longer than `limit`: the search stops at that depth, since
 * no caller takes a longer one); the route ends in goal_state (route_cells). */
static int lane_search(SnakeCycle *c, const Snake *s, int goal, int limit, int flush, int qh,
                       int qt);

/* Forgets the last search: its states back to -1 (dist) and its cells'
 * kseen too, so a search never clears a whole array (snake_cycle.h). */
static void search_forget(SnakeCycle *c) {
    int cells = c->cells;
    for (int i = 0; i < c->search_qt; i++) {
        c->dist[c->queue[i]] = -1;
        c->kseen[c->queue[i] % cells] = -1;
    }
    if (c->search_goal >= 0) {
        for (int k = 0; k <= c->search_kmax; k++)
            c->dist[k * cells + c->search_goal] = -1;
        c->kseen[c->search_goal] = -1;
    }
    c->search_qt = 0;
    c->search_goal = -1;
}

static int lane_route(SnakeCycle *c, const Snake *s, int goal, int limit, int flush, bool free) {
    int len = s->len, start = snake_head(s);
    search_forget(c);
    c->search_kmax = free && frees_allowed(c, len) ? len : 0;
    c->search_goal = goal;
    c->cost[start] = 0;
    c->dist[start] = 0;
    c->parent[start] = -1;
    c->kseen[start] = 0;
    c->goal_state = start;
    if (start == goal)
        return 0;
    c->queue[0] = start;
    return lane_search(c, s, goal, limit, flush, 0, 1);
}

/* lane_route again, with the same goal, limit and kind, after a move out of
 * `banned` was banned. Breadth-first search settles a layer only from the
 * one before it, so every layer before the first one `banned` was reached
 * in is what a whole new search would make, state for state (the same
 * dist, cost and parent: the queue keeps each layer in the order it was
 * made); the search forgets the later layers and goes on from that one. */
static int lane_route_again(SnakeCycle *c, const Snake *s, int goal, int limit, int flush,
                            int banned) {
    int cells = c->cells, kmax = c->search_kmax, qt = c->search_qt;
    int t0 = -1; /* the first layer `banned` is in */
    for (int k = 0; k <= kmax; k++) {
        int d = c->dist[k * cells + banned];
        if (d >= 0 && (t0 < 0 || d < t0))
            t0 = d;
    }
    assert(t0 >= 0 && goal == c->search_goal);
    /* The queue holds the layers in order: [lo, hi) is layer t0. */
    int lo = 0, hi;
    for (int b = qt; lo < b;) {
        int m = lo + (b - lo) / 2;
        if (c->dist[c->queue[m]] < t0)
            lo = m + 1;
        else
            b = m;
    }
    hi = lo;
    for (int b = qt; hi < b;) {
        int m = hi + (b - hi) / 2;
        if (c->dist[c->queue[m]] <= t0)
            hi = m + 1;
        else
            b = m;
    }
    for (int i = hi; i < qt; i++)
        c->dist[c->queue[i]] = -1;
    for (int k = 0; k <= kmax; k++)
        c->dist[k * cells + goal] = -1;
    /* kseen[y] is the largest k of y's states kept (the goal's is never read). */
    for (int i = hi; kmax > 0 && i < qt; i++) {
        int y = c->queue[i] % cells, best = -1;
        for (int k = kmax; k >= 0 && best < 0; k--)
            if (c->dist[k * cells + y] >= 0)
                best = k;
        c->kseen[y] = best;
    }
    c->search_qt = hi;
    return lane_search(c, s, goal, limit, flush, lo, hi);
}

/* The breadth-first search of lane_route from the queue's states [qh, qt). */
static int lane_search(SnakeCycle *c, const Snake *s, int goal, int limit, int flush, int qh,
                       int qt) {
    const SnakeCert *cert = &c->cert;
    int cells = c->cells, len = s->len, kmax = c->search_kmax, found = -1;
    int w = c->w, gx = goal % w, gy = goal / w;
    while (qh < qt) {
        int st = c->queue[qh++];
        int x = kmax > 0 ? st % cells : st, k = kmax > 0 ? st / cells : 0, steps = c->dist[st];
        if (found >= 0 && steps >= found)
            break; /* the goal's layer is complete */
        if (steps >= limit)
            break;            /* every route from here is longer than the caller takes */
        int tick = steps + 1; /* when the head would enter the next cell */
        Dir cross = (Dir)cert->cell_cross[x], stay = (Dir)((cross + 1) % DIR_COUNT);
        int e = cert->cell_edge[x];
        bool free_ok = kmax > 0 && tick + len <= limit;
        /* Directions in order, so ties break the same way every run: all
         * four, or the two lane moves. */
        Dir dirs[DIR_COUNT] = {DIR_UP, DIR_RIGHT, DIR_DOWN, DIR_LEFT};
        int ndirs = DIR_COUNT;
        if (!free_ok) {
            dirs[0] = cross < stay ? cross : stay;
            dirs[1] = cross < stay ? stay : cross;
            ndirs = 2;
        }
        for (int i = 0; i < ndirs; i++) {
            Dir d = dirs[i];
            bool lane = d == cross || d == stay;
            int y = cert->nbr[4 * x + d];
            if (y < 0 || c->release[y] > tick || ((unsigned)c->ban[x] >> (unsigned)d & 1u))
                continue;
            /* No route through y reaches the goal within the limit: such a
             * state is on no route the search may return (so leaving it out
             * changes no route: it can be no other state's parent on one). */
            if (abs(y % w - gx) + abs(y / w - gy) > limit - tick)
                continue;
            if (d == cross && cert->block_until[cert->cell_block[y]] > tick &&
                cert->req_until[e] <= tick)
                continue;
            int k2 = !lane ? 0 : k < kmax ? k + 1 : kmax;
            if (y == goal && (k2 < (tick < kmax ? tick : kmax) || tick < flush))
                continue; /* eating here would leave a free move in the body */
            int ys = k2 * cells + y;
            /* The tie-break cost is counted only where it is compared or kept. */
            if (c->dist[ys] >= 0) { /* same layer, reached again: keep the cheaper parent */
                if (c->dist[ys] == tick) {
                    /* Both parents add y's own cost (the same cell and
                     * tick), so the cheaper parent wins and y's cost need
                     * not be counted again. */
                    int old = c->parent[ys];
                    if (c->cost[st] < c->cost[old]) {
                        c->cost[ys] += c->cost[st] - c->cost[old];
                        c->parent[ys] = st;
                    }
                }
                continue;
            }
            if (kmax > 0) {
                if (y != goal && c->kseen[y] >= k2)
                    continue; /* reached as soon with as many lane moves to spare */
                c->kseen[y] = k2;
            }
            int32_t cost = c->cost[st] + hug_cost(c, y, tick);
            c->dist[ys] = tick;
            c->cost[ys] = cost;
            c->parent[ys] = st;
            if (y == goal)
                found = tick;
            else
                c->queue[qt++] = ys;
        }
    }
    c->search_qt = qt;
    if (found < 0)
        return -1;
    c->goal_state = -1; /* the cheapest state the goal was reached in */
    for (int k = 0; k <= kmax; k++) {
        int gs = k * cells + goal;
        if (c->dist[gs] == found && (c->goal_state < 0 || c->cost[gs] < c->cost[c->goal_state]))
            c->goal_state = gs;
    }
    return found;
}

/* Copies the route of the last search (head first) into cells[]; returns its length. */
static int route_cells(const SnakeCycle *c, int32_t *cells) {
    int n = 0;
    for (int st = c->goal_state; st >= 0; st = c->parent[st])
        n++;
    int i = n;
    for (int st = c->goal_state; st >= 0; st = c->parent[st])
        cells[--i] = st % c->cells;
    return n;
}

static void route_copy(Path *route, const int32_t *cells, int n) {
    path_clear(route);
    if (n > route->cap)
        return;
    memcpy(route->cells, cells, (size_t)n * sizeof *cells);
    route->len = n;
}

/* Takes back the constraints plan_check's walk added for moves 1 .. upto-1
 * of the route in seq (body of `len`, route of n cells; every move but the
 * eat at n - 1 dropped the tail's), so the real body's are loaded again. */
static void walk_undo(SnakeCert *k, const int32_t *seq, int len, int n, int upto) {
    for (int j = 1; j < upto; j++) {
        snake_cert_constrain(k, seq[len - 2 + j], seq[len - 1 + j], -1);
        if (j < n - 1)
            snake_cert_constrain(k, seq[j - 1], seq[j], 1);
    }
}

/* Walks the body virtually along plan[0..n) (plan[0] is the head, the last
 * cell the food) and checks the certificate after the eat at its end.
 * Returns 0 if it holds there, else the index of the first move after which
 * no certificate exists (the move to ban). The loaded constraints are those
 * of the real body again afterwards. `certified`: the real body has a
 * certificate (choose_blocks has just built one); `tree`: leave the end's
 * tree in k->tree when it holds (else only the answer is worked out).
 * `kept`: the first moves known to keep a certificate (a route checked
 * before began with the same cells: the state after a move depends on the
 * moves up to it alone), not searched again; *verified is set to the moves
 * known to keep one when the answer is a failing move found by the walk
 * (else 0). */
static int plan_check(SnakeCycle *c, const Snake *s, const int32_t *plan, int n, bool certified,
                      bool tree, int kept, int *verified) {
    int len = s->len;
    int32_t *seq = c->seq; /* tail .. head, then the plan */
    *verified = 0;
    for (int i = 0; i < len; i++)
        seq[i] = snake_at(s, len - 1 - i);
    for (int j = 1; j < n; j++)
        seq[len - 1 + j] = plan[j];
    /* The body after the eat, seq[n - 2 ..], must be made of lane moves
     * (lane_route sees to it; free moves earlier leave with the tail). A
     * body longer than free_max has none of its own (body_flush). */
    int from = n - 2 > 0 ? n - 2 : 0;
    if (!frees_allowed(c, len) && from < len - 1)
        from = len - 1;
    for (int i = from; i + 1 < len + n - 1; i++)
        if (!snake_cert_is_lane(c->w, seq[i], grid_dir_between(c->w, seq[i], seq[i + 1])))
            return i + 2 - len > 1 ? i + 2 - len : 1;
    SnakeCert *k = &c->cert;
    for (int j = 1; j < n; j++) { /* every move but the last, the eat, drops the tail */
        snake_cert_constrain(k, seq[len - 2 + j], seq[len - 1 + j], 1);
        if (j < n - 1)
            snake_cert_constrain(k, seq[j - 1], seq[j], -1);
    }
    bool ok = tree ? snake_cert_build(k) : snake_cert_holds(k);
    assert(tree || ok == snake_cert_build(k));
    walk_undo(k, seq, len, n, n);
    if (ok)
        return 0;
    /* Find the first move after which no certificate exists. The state
     * before move j >= 2 has one (else the walk stopped there), and dropping
     * the tail's constraint only relaxes the rest, so whether move j keeps a
     * certificate is whether adding its own constraint does: a search of
     * the blocks it touches (snake_cert_add_keeps), not a whole build. The
     * state before move 1 is the real body's, which inside a plan may have
     * none: then move 1 is checked by a build. */
    int fail = 0, j = 1;
    for (; j < n && fail == 0; j++) {
        bool eat = j == n - 1; /* the last move eats: the tail stays */
        if (!eat)
            snake_cert_constrain(k, seq[j - 1], seq[j], -1);
        bool local = j > 1 || certified;
        bool keeps = j <= kept ? true
                     : local   ? snake_cert_add_keeps(k, seq[len - 2 + j], seq[len - 1 + j])
                               : true;
        snake_cert_constrain(k, seq[len - 2 + j], seq[len - 1 + j], 1);
        if (!local)
            keeps = snake_cert_build(k);
        assert(!local || keeps == snake_cert_build(k));
        assert(j > kept || keeps);
        if (!keeps)
            fail = j;
    }
    walk_undo(k, seq, len, n, j);
    *verified = fail - 1;
    return fail; /* >= 1: the last move is the eat, whose state failed above */
}

/* A game that goes this long without eating stops hunting by routes and
 * follows one fixed certificate cycle to the food, which it reaches within
 * `cells` more moves: 2 * cells + cells stays under the 4 * cells stall limit. */
static long hunt_limit(const SnakeCycle *c) { return 2L * c->cells; }

/* How many banned moves a plan search may add before it gives up. */
enum { PLAN_ATTEMPTS = 24 };

/* Whether a route plan[0..n) enters a cell its own body still holds: the
 * head enters plan[j] at tick j and the body keeps it until tick j + len (a
 * tick more under the strict rule). Only a route with free moves can: lane
 * moves may then circle a block to gain the lane moves the eat needs.
 * Returns the first such j, or 0. */
static int plan_crosses_itself(SnakeCycle *c, const int32_t *plan, int n, int len, bool strict) {
    int bad = 0;
    for (int j = 0; j < n && bad == 0; j++) {
        int at = c->last_at[plan[j]];
        if (at >= 0 && j < at + len + (strict ? 1 : 0))
            bad = j;
        c->last_at[plan[j]] = j;
    }
    for (int j = 0; j < n; j++)
        c->last_at[plan[j]] = -1;
    return bad;
}

/* The fewest moves after which the body's own free moves (from a plan's
 * free prefix) have all left it: 0 when it has none. Only a body up to
 * free_max long can have one (a longer one is all lane moves, or it was not
 * played by this policy; plan_check refuses a free move in the eat's body
 * either way). */
static int body_flush(const SnakeCycle *c, const Snake *s) {
    int flush = 0;
    if (!frees_allowed(c, s->len))
        return 0;
    for (int i = 0; i + 1 < s->len; i++) { /* the move into segment i */
        int a = snake_at(s, i + 1);
        bool lane = snake_cert_is_lane(c->w, a, grid_dir_between(c->w, a, snake_at(s, i)));
        if (!lane && s->len - i > flush)
            flush = s->len - i;
    }
    return flush;
}

/* Plans a whole route head -> food after whose eat a certificate holds:
 * BFS (with a free prefix when `free`), walk it virtually, and if the state
 * after the eat has no certificate, ban the first move after which none
 * exists and search again. Routes longer than `limit` (the certificate cycle's own way to the food)
 * are not worth checking. The plan is kept and followed until the eat: every move of it is free by
 * the release ticks the BFS kept, the food cannot move before it is eaten, so the snake reaches the
 * certified state at the plan's end whatever the states in between (docs/perfect.md). */
static bool plan_search(SnakeCycle *c, const SnakeGame *g, const bool valid[DIR_COUNT], int limit,
                        int flush, bool free, bool certified) {
    const Snake *s = &g->snake;
    int head = snake_head(s);
    int32_t banned[PLAN_ATTEMPTS + 1];
    int nbanned = 0;
    for (int d = 0; d < DIR_COUNT; d++)
        if (!valid[d])
            c->ban[head] |= (uint8_t)(1u << d);
    banned[nbanned++] = head;
    bool ok = false;
    int from = -1; /* the cell of the last banned move: search on from its layer */
    /* The last route checked (cand_prev) and how many of its first moves keep a certificate. */
    int prev_n = 0, verified = 0;
    for (int attempt = 0; attempt < PLAN_ATTEMPTS; attempt++) {
        int steps = from < 0 ? lane_route(c, s, g->food, limit, flush, free)
                             : lane_route_again(c, s, g->food, limit, flush, from);
        if (steps < 0 || steps > limit)
            break;
        int n = route_cells(c, c->cand);
        bool frees = free && frees_allowed(c, s->len); /* only then can a route revisit a cell */
        int fail = frees ? plan_crosses_itself(c, c->cand, n, s->len, g->rules.strict_tail) : 0;
        if (fail == 0) {
            int same = 0; /* cells the route starts with as the last one did */
            while (same < n && same < prev_n && c->cand[same] == c->cand_prev[same])
                same++;
            int kept = verified < same - 1 ? verified : same - 1;
            fail = plan_check(c, s, c->cand, n, certified, false, kept, &verified);
        } else {
            verified = 0;
        }
        prev_n = n;
        if (fail == 0) { /* the kept plan changes only now, to a checked one */
            memcpy(c->plan, c->cand, (size_t)n * sizeof *c->plan);
            c->plan_len = n;
            c->plan_at = 0;
            c->plan_food = g->food;
            ok = true;
            break;
        }
        from = c->cand[fail - 1];
        c->ban[from] |= (uint8_t)(1u << grid_dir_between(c->w, from, c->cand[fail]));
        banned[nbanned++] = from;
        int32_t *last = c->cand; /* it becomes cand_prev; the next route goes in the other */
        c->cand = c->cand_prev;
        c->cand_prev = last;
    }
    for (int i = 0; i < nbanned; i++)
        c->ban[banned[i]] = 0;
    return ok;
}

/* The free search first; if it finds no plan (its PLAN_ATTEMPTS bans can run
 * out on routes that cross themselves), a lane-only one. Measured, the second
 * search changes the mean by under 0.1 step (docs/perfect.md); it stays as a
 * safety net and costs a second search only for a body up to free_max long. */
static bool plan_route(SnakeCycle *c, const SnakeGame *g, const bool valid[DIR_COUNT], int limit,
                       int flush, bool certified) {
    if (plan_search(c, g, valid, limit, flush, true, certified))
        return true;
    return frees_allowed(c, g->snake.len) &&
           plan_search(c, g, valid, limit, flush, false, certified);
}

/* Whether the kept plan still describes this game: same food, at least one
 * move left, and the body's front is the plan walked so far (so no move but
 * the plan's was made since it was checked, e.g. by a steering hand). */
static bool plan_live(const SnakeCycle *c, const SnakeGame *g) {
    const Snake *s = &g->snake;
    if (c->plan_len == 0 || c->plan_food != g->food || c->plan_at + 1 >= c->plan_len)
        return false;
    for (int i = 0; i <= c->plan_at && i < s->len; i++)
        if (snake_at(s, i) != c->plan[c->plan_at - i])
            return false;
    return true;
}

/* Whether the live plan's next move is legal and the plan has no more moves
 * left than the Manhattan distance from the head to the food (it cannot
 * have fewer): then no search can find a shorter way. */
static bool plan_at_best(const SnakeCycle *c, const SnakeGame *g) {
    int head = snake_head(&g->snake), near = grid_manhattan(c->w, head, g->food);
    Dir next = grid_dir_between(c->w, head, c->plan[c->plan_at + 1]);
    return c->plan_len - 1 - c->plan_at <= near && next != DIR_NONE && snake_game_is_legal(g, next);
}

/* Takes the live plan's next move: the route is the plan's cells left. */
static Dir plan_follow(SnakeCycle *c, int head, Path *route, bool *shortcut) {
    route_copy(route, c->plan + c->plan_at, c->plan_len - c->plan_at);
    Dir best = grid_dir_between(c->w, head, c->plan[c->plan_at + 1]);
    c->plan_at++;
    *shortcut = true;
    return best;
}

static Dir choose_blocks(SnakeCycle *c, const SnakeGame *g, Path *route, bool explain,
                         bool *shortcut) {
    const Snake *s = &g->snake;
    SnakeCert *k = &c->cert;
    if (g->steps == 0)
        c->plan_len = 0; /* a new game: nothing carries over, whichever game came before */
    /* The invariant: the body has a certificate, or it is following a plan
     * whose end (the eat) has one. Anything else was not played by this
     * policy (a policy switch, a steering hand): the caller falls back. A
     * body with a free move (a plan's free prefix) has no certificate. */
    bool live = plan_live(c, g);
    if (live && !explain && plan_at_best(c, g)) {
        /* Nothing this decision could work out changes the move: no route
         * or outline reaches the food in fewer moves than the Manhattan
         * distance, which is the moves the plan has left. So the plan is
         * followed (as below, the same move) without loading the body, and
         * it stays that short to the eat, where the committed tree is
         * forgotten anyway: nothing is committed to on the way. The window
         * (explain) takes the long way for the overlay's cycle. */
        c->committed = false;
        c->short_plan_moves++;
        return plan_follow(c, snake_head(s), route, shortcut);
    }
    bool lanes = snake_cert_load(k, s);
    bool certified = lanes && snake_cert_build(k);
    if (!certified && !live)
        return DIR_NONE;
    int head = snake_head(s), food = g->food;
    if (g->since_eat == 0)
        c->committed = false;
    if (c->committed && (!certified || !snake_cert_agrees(k, c->commit)))
        c->committed = false;
    bool hunting = g->since_eat < hunt_limit(c) && food >= 0;

    /* Candidate 1: the certificate cycle. Keep the committed tree unless
     * another shape reaches the food strictly sooner, so the distance along
     * the followed cycle falls by at least one every move. */
    int tree_dist = c->cells + 1; /* no cycle to follow while off the certificate */
    /* No way to the food, on an outline or a route, is shorter than this:
     * a move changes one coordinate by one. */
    int near = food >= 0 ? grid_manhattan(c->w, head, food) : 0;
    if (certified) {
        /* The committed tree's outline is the same cycle as last time: one
         * move along it leaves one move less to the food. */
        bool along = c->committed && c->commit_food == food && food >= 0 &&
                     c->commit_nfree == k->nfree && c->commit_head >= 0 &&
                     snake_cert_outline_next(k, c->commit, c->commit_head) == head;
        tree_dist = !c->committed || food < 0 ? -1
                    : along                   ? c->commit_dist - 1
                                              : snake_cert_outline_dist(k, c->commit, head, food);
        assert(!along || tree_dist == snake_cert_outline_dist(k, c->commit, head, food));
        /* No outline reaches the food in fewer moves than `near`, so when
         * the committed tree's way is already that short no shape beats it. */
        bool beatable = tree_dist < 0 || tree_dist > near;
        for (int v = 0; v < SNAKE_CERT_VARIANTS && (hunting || !c->committed) && beatable; v++) {
            if (v > 0) /* shape 0 is the index-order tree the test above left in k->tree */
                snake_cert_build_variant(k, v, head, food, snake_tail(s));
            /* Only a strictly shorter way counts, so the walk stops there. */
            int most = tree_dist < 0 ? 4 * k->nfree : tree_dist;
            int dist = food >= 0 ? snake_cert_outline_dist_within(k, k->tree, head, food, most) : 0;
            if (tree_dist < 0 || dist < tree_dist) {
                tree_dist = dist;
                memcpy(c->commit, k->tree, (size_t)k->nedges);
                c->committed = true;
            }
        }
    }

    c->commit_head = c->committed ? head : -1; /* with commit_dist, for the next decision */
    c->commit_dist = tree_dist;
    c->commit_food = food;
    c->commit_nfree = k->nfree;

    /* Candidate 2: a planned route that ends (eats) in a certified state. */
    bool planned = false;
    if (hunting || live) {
        release_set(c, s, g->rules.strict_tail);
        bool valid[DIR_COUNT] = {false}; /* legal moves (lane_route decides which kind) */
        for (int d = 0; d < DIR_COUNT; d++)
            valid[d] = snake_game_is_legal(g, (Dir)d);
        int flush = body_flush(c, s);
        /* Follow the kept plan until the eat. */
        Dir next = live ? grid_dir_between(c->w, head, c->plan[c->plan_at + 1]) : DIR_NONE;
        planned = next != DIR_NONE && valid[next];
        int remaining = c->plan_len - 1 - c->plan_at;
        /* The tail frees cells as it goes: when a shorter route may have
         * opened, a checked shorter plan replaces the kept one; if none
         * checks out the kept one stays (it may be all that is safe). */
        if (planned && hunting) {
            int limit = remaining - 1 < tree_dist ? remaining - 1 : tree_dist;
            /* A plan as short as `near` cannot be beaten: no search. */
            int now = limit >= near ? lane_route(c, s, food, limit, flush, true) : -1;
            if (now >= 0 && now < remaining)
                plan_route(c, g, valid, limit, flush, certified);
        }
        if (!planned && hunting)
            planned = plan_route(c, g, valid, tree_dist, flush, certified);
        if (planned && certified && c->plan_len - 1 - c->plan_at > tree_dist)
            planned = false; /* the cycle itself is the shorter way */
        release_clear(c, s);
    }
    if (!planned)
        c->plan_len = 0;
    if (!planned && !certified)
        return DIR_NONE; /* cannot happen: an uncertified body has a live plan */

    if (planned) {
        /* The overlay's cycle: the certificate the plan ends on (its check
         * leaves that tree in k->tree). */
        int verified, left = c->plan_len - c->plan_at;
        if (explain && plan_check(c, s, c->plan + c->plan_at, left, false, true, 0, &verified) == 0)
            order_from_tree(c, k->tree, snake_tail(s));
        return plan_follow(c, head, route, shortcut);
    }
    if (explain) { /* the window draws the whole cycle */
        order_from_tree(c, c->commit, snake_tail(s));
        assert(c->order[s->len - 1] == head);
        route_along(route, c->order, c->order_len, s->len - 1, food);
    } else { /* headless: only the way to the food, not all the cells */
        route_outline(route, k, c->commit, head, food);
    }
    *shortcut = false;
    return grid_dir_between(c->w, head, snake_cert_outline_next(k, c->commit, head));
}

Dir snake_cycle_choose_perfect(SnakeCycle *c, const SnakeGame *g, Path *route, bool explain,
                               bool *shortcut) {
    *shortcut = false;
    c->order_len = 0;
    if (!snake_cycle_sync_walls(c, g))
        return DIR_NONE;
    if (c->blocks)
        return choose_blocks(c, g, route, explain, shortcut);
    return choose_tapsell(c, g, route, shortcut);
}

bool snake_cycle_certify(SnakeCycle *c, const Snake *s) {
    c->order_len = 0;
    if (!c->blocks) {
        if (!fixed_in_order(c, s))
            return false;
        int at = c->fixed_pos[snake_tail(s)];
        for (int i = 0; i < c->cells; i++)
            c->order[i] = c->fixed[(at + i) % c->cells];
        c->order_len = c->cells;
        return true;
    }
    if (!snake_cert_load(&c->cert, s) || !snake_cert_build(&c->cert))
        return false;
    order_from_tree(c, c->cert.tree, snake_tail(s));
    return true;
}

/* ======================================================================== */
/* Memory (snake_cycle.h)                                                    */
/* ======================================================================== */

/* Layout: a flags byte (MEM_PLAN, MEM_COMMIT); with MEM_PLAN the plan's
 * length, position and food (u32 each) and its cells (u16 each: a board has
 * at most 65536 cells); with MEM_COMMIT the committed tree, one bit per edge.
 * The whole plan is kept, not just what is left of it, so that following it
 * changes only plan_at between two decisions. */
enum { MEM_PLAN = 1, MEM_COMMIT = 2 };

size_t snake_cycle_memory_max(const SnakeCycle *c) {
    if (!c->blocks)
        return 0;
    return 1 + 3 * 4 + 2 * (size_t)c->cells + ((size_t)c->cert.nedges + 7) / 8;
}

size_t snake_cycle_memory_save(const SnakeCycle *c, uint8_t *buf) {
    if (!c->blocks)
        return 0;
    uint8_t *p = buf;
    bool plan = c->plan_len > 0;
    *p++ = (uint8_t)((plan ? MEM_PLAN : 0) | (c->committed ? MEM_COMMIT : 0));
    if (plan) {
        snake_bytes_put(&p, (uint64_t)c->plan_len, 4);
        snake_bytes_put(&p, (uint64_t)c->plan_at, 4);
        snake_bytes_put(&p, (uint64_t)c->plan_food, 4);
        for (int i = 0; i < c->plan_len; i++)
            snake_bytes_put(&p, (uint64_t)c->plan[i], 2);
    }
    if (c->committed) {
        int n = c->cert.nedges;
        for (int e = 0; e < n; e += 8) {
            uint8_t bits = 0;
            for (int k = 0; k < 8 && e + k < n; k++)
                bits |= (uint8_t)((c->commit[e + k] != 0) << k);
            *p++ = bits;
        }
    }
    return (size_t)(p - buf);
}

bool snake_cycle_memory_load(SnakeCycle *c, const uint8_t *buf, size_t len) {
    c->plan_len = 0;
    c->plan_at = 0;
    c->committed = false;
    c->commit_head = -1; /* its distance is worked out again */
    if (len == 0)
        return true; /* a new game's memory */
    if (!c->blocks)
        return false;
    SnakeBytesReader r = snake_bytes_reader(buf, len);
    unsigned flags = (unsigned)snake_bytes_get(&r, 1);
    if (flags & ~(unsigned)(MEM_PLAN | MEM_COMMIT))
        return false;
    if (flags & MEM_PLAN) {
        uint64_t n = snake_bytes_get(&r, 4), at = snake_bytes_get(&r, 4);
        uint64_t food = snake_bytes_get(&r, 4);
        if (r.bad || n < 1 || n > (uint64_t)c->cells || at >= n || food >= (uint64_t)c->cells)
            return false;
        for (uint64_t i = 0; i < n; i++) {
            uint64_t cell = snake_bytes_get(&r, 2);
            if (cell >= (uint64_t)c->cells)
                return false;
            c->plan[i] = (int32_t)cell;
        }
        c->plan_at = (int)at;
        c->plan_food = (int)food;
        c->plan_len = (int)n; /* last: a failed load leaves no plan */
    }
    if (flags & MEM_COMMIT) {
        int n = c->cert.nedges;
        for (int e = 0; e < n; e += 8) {
            unsigned bits = (unsigned)snake_bytes_get(&r, 1);
            for (int k = 0; k < 8 && e + k < n; k++)
                c->commit[e + k] = (uint8_t)((bits >> k) & 1u);
        }
        c->committed = true;
    }
    if (r.bad || r.p != r.end) {
        c->plan_len = 0;
        c->committed = false;
        return false;
    }
    return true;
}
