#include "snake_cycle.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"

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

WsStatus snake_cycle_init(SnakeCycle *c, int w, int h, WsError *err) {
    memset(c, 0, sizeof *c);
    WsStatus st = snake_cycle_check_board(w, h, err);
    if (st != WS_OK)
        return st;
    c->w = w;
    c->h = h;
    c->cells = w * h;
    c->blocks = w % 2 == 0 && h % 2 == 0;
    if (c->blocks) {
        c->bw = w / 2;
        c->bh = h / 2;
        c->nblocks = c->bw * c->bh;
        c->nedges = c->bh * (c->bw - 1) + (c->bh - 1) * c->bw;
    }
    size_t n = (size_t)c->cells, e = (size_t)(c->nedges > 0 ? c->nedges : 1);
    c->fixed = malloc(n * sizeof *c->fixed);
    c->fixed_pos = malloc(n * sizeof *c->fixed_pos);
    c->order = malloc(n * sizeof *c->order);
    c->release = calloc(n, sizeof *c->release);
    c->dist = malloc(n * sizeof *c->dist);
    c->parent = malloc(n * sizeof *c->parent);
    c->queue = malloc(n * sizeof *c->queue);
    c->cost = malloc(n * sizeof *c->cost);
    c->req = calloc(e, sizeof *c->req);
    c->forb = calloc(e, sizeof *c->forb);
    c->req_until = calloc(e, sizeof *c->req_until);
    c->block_until = calloc((size_t)(c->nblocks > 0 ? c->nblocks : 1), sizeof *c->block_until);
    c->tree = calloc(e, 1);
    c->commit = calloc(e, 1);
    c->seq = malloc(2 * n * sizeof *c->seq);
    c->plan = malloc(n * sizeof *c->plan);
    c->ban = calloc(n, 1);
    c->edge_order = malloc(2 * e * sizeof *c->edge_order);
    c->bqueue = malloc((size_t)(c->nblocks > 0 ? c->nblocks : 1) * sizeof *c->bqueue);
    c->bseen = calloc((size_t)(c->nblocks > 0 ? c->nblocks : 1), 1);
    c->uf = malloc((size_t)(c->nblocks > 0 ? c->nblocks : 1) * sizeof *c->uf);
    if (!c->fixed || !c->fixed_pos || !c->order || !c->release || !c->dist || !c->parent ||
        !c->queue || !c->cost || !c->req || !c->forb ||
        !c->req_until || !c->block_until || !c->tree || !c->commit || !c->uf ||
        !c->seq || !c->plan || !c->ban ||
        !c->edge_order || !c->bqueue || !c->bseen) {
        snake_cycle_deinit(c);
        return ws_fail(err, WS_ERR_NOMEM, "out of memory for a %dx%d Hamiltonian cycle", w, h);
    }
    fixed_build(c);
    return WS_OK;
}

void snake_cycle_deinit(SnakeCycle *c) {
    free(c->fixed);
    free(c->fixed_pos);
    free(c->order);
    free(c->release);
    free(c->dist);
    free(c->parent);
    free(c->queue);
    free(c->cost);
    free(c->req);
    free(c->forb);
    free(c->req_until);
    free(c->block_until);
    free(c->tree);
    free(c->commit);
    free(c->uf);
    free(c->seq);
    free(c->plan);
    free(c->ban);
    free(c->edge_order);
    free(c->bqueue);
    free(c->bseen);
    memset(c, 0, sizeof *c);
}

/* ======================================================================== */
/* Shared helpers                                                            */
/* ======================================================================== */

/* Release ticks of the body: segment i (head 0) is the tail, leaving, on tick
 * len - i; the head may enter it then (free tail) or a tick later (strict). */
static void release_set(SnakeCycle *c, const Snake *s, bool strict) {
    for (int i = 0; i < s->len; i++)
        c->release[snake_at(s, i)] = (int32_t)(s->len - i) + (strict ? 1 : 0);
}

static void release_clear(SnakeCycle *c, const Snake *s) {
    for (int i = 0; i < s->len; i++)
        c->release[snake_at(s, i)] = 0;
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

/* ======================================================================== */
/* hamilton                                                                  */
/* ======================================================================== */

static bool fixed_in_order(const SnakeCycle *c, const Snake *s);

Dir snake_cycle_choose_hamilton(SnakeCycle *c, const SnakeGame *g, Path *route) {
    const Snake *s = &g->snake;
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
/* perfect on an even x even board: the block-tree certificate               */
/* ======================================================================== */

/* Each 2x2 block is driven clockwise: top-left -> top-right -> bottom-right
 * -> bottom-left. From each cell the outline of a block spanning tree either
 * stays in the block (the next cell clockwise) or, when the tree joins the
 * block to its neighbour on the far side, goes straight on into that block:
 * up from top-left, right from top-right, down from bottom-right, left from
 * bottom-left. So every cell has two lane moves, and a body move out of a cell
 * either requires its edge in the tree (it crossed) or forbids it (it stayed). */
enum { ROLE_TL, ROLE_TR, ROLE_BR, ROLE_BL };
static const Dir ROLE_CROSS[4] = {DIR_UP, DIR_RIGHT, DIR_DOWN, DIR_LEFT};
static const Dir ROLE_STAY[4] = {DIR_RIGHT, DIR_DOWN, DIR_LEFT, DIR_UP};

static int cell_block(const SnakeCycle *c, int cell) {
    return cell / c->w / 2 * c->bw + cell % c->w / 2;
}

static int cell_role(int w, int cell) {
    int x = cell % w, y = cell / w;
    static const int ROLES[2][2] = {{ROLE_TL, ROLE_TR}, {ROLE_BL, ROLE_BR}};
    return ROLES[y & 1][x & 1];
}

/* The block edge a cell's crossing move would use, or -1 at the board edge. */
static int cell_edge(const SnakeCycle *c, int cell) {
    int bx = cell % c->w / 2, by = cell / c->w / 2;
    int horizontal = c->bh * (c->bw - 1);
    switch (cell_role(c->w, cell)) {
    case ROLE_TL:
        return by > 0 ? horizontal + (by - 1) * c->bw + bx : -1;
    case ROLE_TR:
        return bx < c->bw - 1 ? by * (c->bw - 1) + bx : -1;
    case ROLE_BR:
        return by < c->bh - 1 ? horizontal + by * c->bw + bx : -1;
    default:
        return bx > 0 ? by * (c->bw - 1) + bx - 1 : -1;
    }
}

static void edge_blocks(const SnakeCycle *c, int e, int *a, int *b) {
    int horizontal = c->bh * (c->bw - 1);
    if (e < horizontal) {
        int by = e / (c->bw - 1), bx = e % (c->bw - 1);
        *a = by * c->bw + bx;
        *b = *a + 1;
    } else {
        *a = e - horizontal;
        *b = *a + c->bw;
    }
}

/* The next cell on the outline of `tree` after `cell`. */
static int outline_next(const SnakeCycle *c, const uint8_t *tree, int cell) {
    int role = cell_role(c->w, cell);
    int e = cell_edge(c, cell);
    Dir d = e >= 0 && tree[e] ? ROLE_CROSS[role] : ROLE_STAY[role];
    return grid_neighbor(c->w, c->h, cell, d);
}

/* Adds (delta +1) or removes (-1) the constraint of the body move a -> b.
 * Returns false if a -> b is not a lane move. */
static bool constrain(SnakeCycle *c, int a, int b, int delta) {
    int role = cell_role(c->w, a);
    int e = cell_edge(c, a);
    if (e >= 0 && b == grid_neighbor(c->w, c->h, a, ROLE_CROSS[role])) {
        c->req[e] += delta;
        return true;
    }
    if (b != grid_neighbor(c->w, c->h, a, ROLE_STAY[role]))
        return false;
    if (e >= 0)
        c->forb[e] += delta;
    return true;
}

/* Loads the constraints of every body move (tail -> head). False if the body
 * took a move that no block-tree outline takes. */
static bool body_load(SnakeCycle *c, const Snake *s) {
    memset(c->req, 0, (size_t)c->nedges * sizeof *c->req);
    memset(c->forb, 0, (size_t)c->nedges * sizeof *c->forb);
    memset(c->req_until, 0, (size_t)c->nedges * sizeof *c->req_until);
    memset(c->block_until, 0, (size_t)c->nblocks * sizeof *c->block_until);
    for (int i = s->len - 1; i >= 0; i--) {
        int a = snake_at(s, i);
        /* Segment i leaves after len - i moves; what it implies holds till then. */
        c->block_until[cell_block(c, a)] = (int32_t)(s->len - i);
        if (i == 0)
            break;
        if (!constrain(c, a, snake_at(s, i - 1), 1))
            return false;
        int e = cell_edge(c, a);
        if (e >= 0 && snake_at(s, i - 1) ==
                          grid_neighbor(c->w, c->h, a, ROLE_CROSS[cell_role(c->w, a)]))
            c->req_until[e] = (int32_t)(s->len - i);
    }
    return true;
}

static int uf_find(int32_t *uf, int x) {
    while (uf[x] != x) {
        uf[x] = uf[uf[x]];
        x = uf[x];
    }
    return x;
}

/* The certificate test: is there a spanning tree of the blocks holding every
 * required edge and no forbidden one? Yes exactly when no edge is both, the
 * required edges have no cycle, and the edges not forbidden connect all
 * blocks; then the required edges grown by the others (in edge order) are
 * such a tree, left in c->tree. */
static bool tree_build_ordered(SnakeCycle *c, const int32_t *edge_order) {
    for (int b = 0; b < c->nblocks; b++)
        c->uf[b] = b;
    int joined = 0;
    for (int e = 0; e < c->nedges; e++) {
        c->tree[e] = 0;
        if (c->req[e] == 0)
            continue;
        if (c->forb[e] != 0)
            return false;
        int a, b;
        edge_blocks(c, e, &a, &b);
        int ra = uf_find(c->uf, a), rb = uf_find(c->uf, b);
        if (ra == rb)
            return false; /* the body's crossings would close a loop of blocks */
        c->uf[ra] = rb;
        c->tree[e] = 1;
        joined++;
    }
    for (int k = 0; k < c->nedges && joined < c->nblocks - 1; k++) {
        int e = edge_order != NULL ? edge_order[k] : k;
        if (c->req[e] != 0 || c->forb[e] != 0)
            continue;
        int a, b;
        edge_blocks(c, e, &a, &b);
        int ra = uf_find(c->uf, a), rb = uf_find(c->uf, b);
        if (ra == rb)
            continue;
        c->uf[ra] = rb;
        c->tree[e] = 1;
        joined++;
    }
    return joined == c->nblocks - 1;
}

static bool tree_build(SnakeCycle *c) { return tree_build_ordered(c, NULL); }

/* The edge of block b toward direction d, or -1 at the board edge. */
static int block_edge(const SnakeCycle *c, int b, Dir d) {
    int bx = b % c->bw, by = b / c->bw, horizontal = c->bh * (c->bw - 1);
    switch (d) {
    case DIR_UP:
        return by > 0 ? horizontal + (by - 1) * c->bw + bx : -1;
    case DIR_RIGHT:
        return bx < c->bw - 1 ? by * (c->bw - 1) + bx : -1;
    case DIR_DOWN:
        return by < c->bh - 1 ? horizontal + by * c->bw + bx : -1;
    default:
        return bx > 0 ? by * (c->bw - 1) + bx - 1 : -1;
    }
}

/* An edge order for tree_build_ordered: the edges of a BFS over the blocks
 * from `root` through edges not forbidden, then every edge in index order. */
static void edge_order_bfs(SnakeCycle *c, int root) {
    memset(c->bseen, 0, (size_t)c->nblocks);
    int n = 0, qh = 0, qt = 0;
    c->bqueue[qt++] = root;
    c->bseen[root] = 1;
    while (qh < qt) {
        int b = c->bqueue[qh++];
        for (int d = 0; d < DIR_COUNT; d++) {
            int e = block_edge(c, b, (Dir)d);
            if (e < 0 || c->forb[e] != 0)
                continue;
            int a, z;
            edge_blocks(c, e, &a, &z);
            int other = a == b ? z : a;
            if (c->bseen[other])
                continue;
            c->bseen[other] = 1;
            c->bqueue[qt++] = other;
            c->edge_order[n++] = e;
        }
    }
    for (int e = 0; e < c->nedges; e++)
        c->edge_order[n++] = e; /* repeats are harmless: they would close a loop */
}

/* Steps from `from` along the outline of `tree` to `to` (at most cells). */
static int outline_dist(const SnakeCycle *c, const uint8_t *tree, int from, int to) {
    int k = 0;
    for (int cell = from; cell != to && k < c->cells; k++)
        cell = outline_next(c, tree, cell);
    return k;
}

enum { TREE_VARIANTS = 5 };

/* Builds spanning tree number `variant` that agrees with the loaded
 * constraints: edges in index order, or grown by BFS from the food's or the
 * head's block. Different shapes put the food at different outline distances. */
static void tree_variant(SnakeCycle *c, int variant, int head, int food, int tail) {
    if (variant == 0) {
        tree_build(c);
        return;
    }
    if (variant == 3) {
        for (int e = 0; e < c->nedges; e++)
            c->edge_order[e] = c->nedges - 1 - e;
        tree_build_ordered(c, c->edge_order);
        return;
    }
    int root = variant == 1 && food >= 0 ? food : variant == 4 ? tail : head;
    edge_order_bfs(c, cell_block(c, root));
    tree_build_ordered(c, c->edge_order);
}

/* Whether `tree` agrees with the loaded constraints. */
static bool tree_agrees(const SnakeCycle *c, const uint8_t *tree) {
    for (int e = 0; e < c->nedges; e++)
        if ((c->req[e] != 0 && !tree[e]) || (c->forb[e] != 0 && tree[e]))
            return false;
    return true;
}

/* Writes the outline of `tree` into order[], starting at `start`. */
static void order_from_tree(SnakeCycle *c, const uint8_t *tree, int start) {
    int cell = start;
    for (int i = 0; i < c->cells; i++) {
        c->order[i] = cell;
        cell = outline_next(c, tree, cell);
    }
    assert(cell == start);
    c->order_len = c->cells;
}

/* Would the certificate survive the head moving to `to`? The move adds its
 * own constraint and, unless it eats, drops the tail's (the tail leaves). */
static bool move_keeps_certificate(SnakeCycle *c, const Snake *s, int to, bool eat) {
    int head = snake_head(s);
    bool drop_tail = !eat && s->len >= 2;
    int tail = snake_tail(s), after_tail = s->len >= 2 ? snake_at(s, s->len - 2) : -1;
    if (!constrain(c, head, to, 1))
        return false;
    if (drop_tail)
        constrain(c, tail, after_tail, -1);
    bool ok = tree_build(c);
    if (drop_tail)
        constrain(c, tail, after_tail, 1);
    constrain(c, head, to, -1);
    return ok;
}

/* Among routes of equal length the one whose cells have the fewest open
 * neighbours wins: it keeps to the body and the walls and leaves the free
 * space in one piece, which is what makes later food cheap to reach. */
static int32_t hug_cost(const SnakeCycle *c, int cell, int tick) {
    int32_t open = 0;
    for (int d = 0; d < DIR_COUNT; d++) {
        int n = grid_neighbor(c->w, c->h, cell, (Dir)d);
        if (n >= 0 && c->release[n] <= tick)
            open++;
    }
    return open;
}

/* Timed BFS over lane moves from `start` (where the head is at tick
 * start_tick) to `goal`: a body cell may be entered from its release tick on,
 * and a move banned in ban[] is never taken. With avoid_loops it also never
 * enters a block that still holds the body, except back over the edge the
 * body crossed: that would close a loop of blocks. Returns the steps from
 * start to goal, or -1; parent[] holds the route. */
static int lane_route(SnakeCycle *c, int start, int start_tick, int goal, bool avoid_loops) {
    for (int i = 0; i < c->cells; i++)
        c->dist[i] = -1;
    int qh = 0, qt = 0;
    int found = -1;
    c->cost[start] = 0;
    c->dist[start] = 0;
    c->parent[start] = -1;
    c->queue[qt++] = start;
    if (start == goal)
        return 0;
    while (qh < qt) {
        int x = c->queue[qh++];
        int role = cell_role(c->w, x);
        /* Lane moves in direction order, so ties break the same way every run. */
        Dir a = ROLE_CROSS[role], b = ROLE_STAY[role];
        Dir ds[2] = {a < b ? a : b, a < b ? b : a};
        int e = cell_edge(c, x);
        int tick = start_tick + c->dist[x] + 1; /* when the head would enter y */
        if (found >= 0 && c->dist[x] >= found)
            break; /* the goal's layer is complete */
        for (int k = 0; k < 2; k++) {
            int y = grid_neighbor(c->w, c->h, x, ds[k]);
            if (y < 0 || (c->dist[y] >= 0 && c->dist[y] <= c->dist[x]) || c->release[y] > tick ||
                ((unsigned)c->ban[x] >> (unsigned)ds[k] & 1u))
                continue;
            if (avoid_loops && ds[k] == ROLE_CROSS[role] &&
                c->block_until[cell_block(c, y)] > tick && c->req_until[e] <= tick)
                continue;
            int32_t cost = c->cost[x] + hug_cost(c, y, tick);
            if (c->dist[y] >= 0) { /* same layer, reached again: keep the cheaper parent */
                if (cost < c->cost[y]) {
                    c->cost[y] = cost;
                    c->parent[y] = x;
                }
                continue;
            }
            c->dist[y] = c->dist[x] + 1;
            c->cost[y] = cost;
            c->parent[y] = x;
            if (y == goal)
                found = c->dist[y];
            else
                c->queue[qt++] = y;
        }
    }
    return found;
}

/* Copies the BFS route start -> goal into cells[] (start first); returns its length. */
static int route_cells(const SnakeCycle *c, int32_t *cells, int goal) {
    int n = 0;
    for (int x = goal; x >= 0; x = c->parent[x])
        n++;
    int i = n;
    for (int x = goal; x >= 0; x = c->parent[x])
        cells[--i] = x;
    return n;
}

static void route_copy(Path *route, const int32_t *cells, int n) {
    path_clear(route);
    if (n > route->cap)
        return;
    memcpy(route->cells, cells, (size_t)n * sizeof *cells);
    route->len = n;
}

/* Walks the body virtually along plan[0..n) (plan[0] is the head, the last
 * cell the food) and checks the certificate after every move. Returns 0 if it
 * holds throughout, else the index of the first move that breaks it. The
 * loaded constraints are those of the real body again afterwards. */
static int plan_check(SnakeCycle *c, const Snake *s, const int32_t *plan, int n) {
    int len = s->len;
    int32_t *seq = c->seq; /* tail .. head, then the plan */
    for (int i = 0; i < len; i++)
        seq[i] = snake_at(s, len - 1 - i);
    for (int j = 1; j < n; j++)
        seq[len - 1 + j] = plan[j];
    int fail = 0;
    for (int j = 1; j < n && fail == 0; j++) {
        constrain(c, seq[len - 2 + j], seq[len - 1 + j], 1);
        if (j < n - 1) /* every move but the last, the eat, drops the tail */
            constrain(c, seq[j - 1], seq[j], -1);
        if (!tree_build(c))
            fail = j;
    }
    body_load(c, s);
    return fail;
}

/* A game that goes this long without eating stops hunting by routes and
 * follows one fixed certificate cycle to the food, which it reaches within
 * `cells` more moves: 2 * cells + cells stays under the 4 * cells stall limit. */
static long hunt_limit(const SnakeCycle *c) { return 2L * c->cells; }

/* How many banned moves a plan search may add before it gives up. */
enum { PLAN_ATTEMPTS = 24 };

/* Plans a whole route head -> food whose every move keeps the certificate:
 * BFS, walk it virtually, ban the first move that breaks the certificate and
 * search again. Routes longer than `limit` (the certificate cycle's own way
 * to the food) are not worth checking. The plan is kept and followed while
 * the food stays. */
static bool plan_route(SnakeCycle *c, const SnakeGame *g, const bool valid[DIR_COUNT],
                       int limit) {
    const Snake *s = &g->snake;
    int head = snake_head(s);
    int32_t banned[PLAN_ATTEMPTS + 1];
    int nbanned = 0;
    for (int d = 0; d < DIR_COUNT; d++)
        if (!valid[d])
            c->ban[head] |= (uint8_t)(1u << d);
    banned[nbanned++] = head;
    bool ok = false;
    for (int attempt = 0; attempt < PLAN_ATTEMPTS; attempt++) {
        int steps = lane_route(c, head, 0, g->food, true);
        if (steps < 0 || steps > limit)
            break;
        int n = route_cells(c, c->plan, g->food);
        int fail = plan_check(c, s, c->plan, n);
        if (fail == 0) {
            c->plan_len = n;
            c->plan_at = 0;
            c->plan_food = g->food;
            ok = true;
            break;
        }
        int from = c->plan[fail - 1];
        c->ban[from] |= (uint8_t)(1u << grid_dir_between(c->w, from, c->plan[fail]));
        banned[nbanned++] = from;
    }
    for (int i = 0; i < nbanned; i++)
        c->ban[banned[i]] = 0;
    return ok;
}

static Dir choose_blocks(SnakeCycle *c, const SnakeGame *g, Path *route, bool *shortcut) {
    const Snake *s = &g->snake;
    if (!body_load(c, s) || !tree_build(c))
        return DIR_NONE;
    int head = snake_head(s), food = g->food;
    if (g->steps == 0)
        c->plan_len = 0; /* a new game: nothing carries over, whichever game came before */
    if (g->since_eat == 0)
        c->committed = false;
    if (c->committed && !tree_agrees(c, c->commit))
        c->committed = false;
    bool hunting = g->since_eat < hunt_limit(c) && food >= 0;

    /* Candidate 1: the certificate cycle. Keep the committed tree unless
     * another shape reaches the food strictly sooner, so the distance along
     * the followed cycle falls by at least one every move. */
    int tree_dist = c->committed && food >= 0 ? outline_dist(c, c->commit, head, food) : -1;
    for (int v = 0; v < TREE_VARIANTS && (hunting || !c->committed); v++) {
        tree_variant(c, v, head, food, snake_tail(s));
        int dist = food >= 0 ? outline_dist(c, c->tree, head, food) : 0;
        if (tree_dist < 0 || dist < tree_dist) {
            tree_dist = dist;
            memcpy(c->commit, c->tree, (size_t)c->nedges);
            c->committed = true;
        }
    }

    /* Candidate 2: a planned route whose every move keeps a certificate. */
    bool planned = false;
    if (hunting) {
        release_set(c, s, g->rules.strict_tail);
        bool valid[DIR_COUNT] = {false};
        for (int d = 0; d < DIR_COUNT; d++) {
            if (!snake_game_is_legal(g, (Dir)d))
                continue;
            int to = grid_neighbor(c->w, c->h, head, (Dir)d);
            /* never a move that is not a lane move */
            valid[d] = move_keeps_certificate(c, s, to, to == food);
        }
        /* Follow the kept plan while it lasts; every move is still checked. */
        planned = c->plan_len > 0 && c->plan_food == food && c->plan_at + 1 < c->plan_len &&
                  c->plan[c->plan_at] == head;
        if (planned) {
            Dir d = grid_dir_between(c->w, head, c->plan[c->plan_at + 1]);
            planned = d != DIR_NONE && valid[d];
        }
        /* The tail frees cells as it goes: replan when a shorter route may have opened. */
        if (planned) {
            int now = lane_route(c, head, 0, food, true);
            planned = now < 0 || now >= c->plan_len - 1 - c->plan_at;
        }
        if (!planned)
            planned = plan_route(c, g, valid, tree_dist);
        if (planned && c->plan_len - 1 - c->plan_at > tree_dist)
            planned = false; /* the cycle itself is the shorter way */
        release_clear(c, s);
    }
    if (!planned)
        c->plan_len = 0;

    if (planned) {
        Dir best = grid_dir_between(c->w, head, c->plan[c->plan_at + 1]);
        route_copy(route, c->plan + c->plan_at, c->plan_len - c->plan_at);
        c->plan_at++;
        *shortcut = true;
        int to = grid_neighbor(c->w, c->h, head, best);
        move_keeps_certificate(c, s, to, to == food); /* leaves its tree for the overlay */
        order_from_tree(c, c->tree, snake_tail(s));
        return best;
    }
    order_from_tree(c, c->commit, snake_tail(s));
    assert(c->order[s->len - 1] == head);
    route_along(route, c->order, c->cells, s->len - 1, food);
    *shortcut = false;
    return grid_dir_between(c->w, head, outline_next(c, c->commit, head));
}

Dir snake_cycle_choose_perfect(SnakeCycle *c, const SnakeGame *g, Path *route, bool *shortcut) {
    *shortcut = false;
    c->order_len = 0;
    if (c->blocks)
        return choose_blocks(c, g, route, shortcut);
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
    if (!body_load(c, s) || !tree_build(c))
        return false;
    order_from_tree(c, c->tree, snake_tail(s));
    return true;
}
