#include "snake_cycle.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "slab.h"
#include "snake_cycle_internal.h"
#include "snake_playout.h"

/* ======================================================================== */
/* Which boards                                                              */
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

bool snake_cycle_start_tree(SnakeCert *k, const SnakeGame *g) {
    int start = snake_game_start_tail(g);
    snake_cert_clear(k);
    for (int i = 0; start >= 0 && i + 1 < g->rules.start_length; i++)
        snake_cert_constrain(k, start + i, start + i + 1, 1);
    return start >= 0 && snake_cert_build(k);
}

WsStatus snake_cycle_check_start(const SnakeGame *g, WsError *err) {
    int w = g->rules.w, h = g->rules.h;
    if (g->wall_count == 0)
        return WS_OK; /* the start body lies on the fixed cycle */
    SnakeCert k;
    WsStatus st = snake_cert_init(&k, w, h, err);
    if (st != WS_OK)
        return st;
    snake_cert_set_walls(&k, g->walls);
    bool fits = snake_cycle_start_tree(&k, g);
    if (!fits) { /* the policies open the game with a way onto a cycle (snake_opening.h) */
        SnakeOpening o;
        st = snake_opening_init(&o, &k, err);
        fits = st == WS_OK && snake_opening_for_every_food(&o, &k, g);
        snake_opening_deinit(&o);
    }
    snake_cert_deinit(&k);
    if (st != WS_OK)
        return st;
    if (!fits) {
        int start = snake_game_start_tail(g);
        return ws_fail(err, WS_ERR_ARG,
                       "the start snake (length %d, row %d) cuts off free blocks above it, so no "
                       "block cycle holds it, and no short opening leads it onto one (start "
                       "length 2 always fits)",
                       g->rules.start_length, start >= 0 ? start / w : -1);
    }
    return WS_OK;
}

/* ======================================================================== */
/* Lifecycle and the fixed cycle                                             */
/* ======================================================================== */

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

/* The buffers of SnakeCycle itself, listed and sized once (slab.h); the
 * certificate, the route search and the plan size their own. */
static void cycle_layout(void *owner, Slab *s) {
    SnakeCycle *c = owner;
    size_t n = (size_t)c->cells;
    c->fixed = slab_take(s, n, sizeof *c->fixed);
    c->fixed_pos = slab_take(s, n, sizeof *c->fixed_pos);
    c->order = slab_take(s, n, sizeof *c->order);
    c->commit.tree = slab_take(s, (size_t)c->cert.nedges, sizeof *c->commit.tree);
    c->commit.shapes = slab_take(s, SNAKE_CERT_VARIANTS * (size_t)c->cert.nedges, 1);
    if (c->blocks) {
        c->replay.cell =
            slab_take(s, (size_t)snake_playout_budget(c->cells) + 1, sizeof *c->replay.cell);
        c->replay.end = slab_take(s, snake_perfect_memory_plain_max(c), 1);
    }
}

/* The block certificate's parts: the certificate, the route search over its
 * lanes and the plan that borrows both. */
static WsStatus blocks_init(SnakeCycle *c, WsError *err) {
    WsStatus st = snake_cert_init(&c->cert, c->w, c->h, err);
    if (st == WS_OK)
        st = snake_lane_init(&c->lane, &c->cert, err);
    if (st == WS_OK)
        st = snake_plan_init(&c->plan, &c->cert, &c->lane, err);
    if (st == WS_OK)
        st = snake_opening_init(&c->opening, &c->cert, err);
    return st;
}

static WsStatus cycle_create(SnakeCycle **out, int w, int h, bool playout, WsError *err) {
    *out = NULL;
    WsStatus st = snake_cycle_check_board(w, h, err);
    if (st != WS_OK)
        return st;
    SnakeCycle *c = calloc(1, sizeof *c);
    if (c == NULL)
        return ws_fail(err, WS_ERR_NOMEM, "out of memory for a %dx%d Hamiltonian cycle", w, h);
    c->w = w;
    c->h = h;
    c->cells = w * h;
    c->blocks = w % 2 == 0 && h % 2 == 0;
    if (c->blocks && (st = blocks_init(c, err)) != WS_OK) {
        snake_cycle_destroy(c);
        return st;
    }
    c->mem = slab_alloc(cycle_layout, c);
    if (c->mem == NULL) {
        snake_cycle_destroy(c);
        return ws_fail(err, WS_ERR_NOMEM, "out of memory for a %dx%d Hamiltonian cycle", w, h);
    }
    if (c->blocks && playout && (st = snake_playout_create(&c->playout, w, h, err)) != WS_OK) {
        snake_cycle_destroy(c);
        return st;
    }
    fixed_build(c);
    c->commit.head = -1;
    c->force_shape = -1;
    *out = c;
    return WS_OK;
}

WsStatus snake_cycle_create(SnakeCycle **out, int w, int h, WsError *err) {
    return cycle_create(out, w, h, true, err);
}

WsStatus snake_cycle_create_bare(SnakeCycle **out, int w, int h, WsError *err) {
    return cycle_create(out, w, h, false, err);
}

void snake_cycle_destroy(SnakeCycle *c) {
    if (c == NULL)
        return;
    snake_playout_destroy(c->playout);
    snake_opening_deinit(&c->opening);
    snake_plan_deinit(&c->plan);
    snake_lane_deinit(&c->lane);
    snake_cert_deinit(&c->cert);
    free(c->mem);
    free(c);
}

bool snake_cycle_has_blocks(const SnakeCycle *c) { return c->blocks; }

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

const int32_t *snake_cycle_fixed(const SnakeCycle *c) { return c->fixed; }

int snake_cycle_fixed_next(const SnakeCycle *c, int cell) {
    int p = c->fixed_pos[cell] + 1;
    return c->fixed[p == c->cells ? 0 : p];
}

int snake_cycle_fixed_ahead(const SnakeCycle *c, int a, int b) {
    int k = c->fixed_pos[b] - c->fixed_pos[a];
    return k < 0 ? k + c->cells : k;
}

bool snake_cycle_fixed_in_order(const SnakeCycle *c, const Snake *s) {
    int tail = snake_tail(s), last = 0;
    for (int i = s->len - 2; i >= 0; i--) {
        int r = snake_cycle_fixed_ahead(c, tail, snake_at(s, i));
        if (r <= last)
            return false;
        last = r;
    }
    return true;
}

/* ======================================================================== */
/* The decision's cycle and route                                           */
/* ======================================================================== */

const int32_t *snake_cycle_order(const SnakeCycle *c, int *len) {
    *len = c->order_len;
    return c->order_len > 0 ? c->order : NULL;
}

void snake_cycle_forget_order(SnakeCycle *c) { c->order_len = 0; }

void snake_cycle_set_slice(SnakeCycle *c, long units) { c->slice = units > 0 ? units : 0; }

bool snake_cycle_thinking(const SnakeCycle *c) { return c->thinking; }

bool snake_cycle_opening(const SnakeCycle *c) { return c->opened; }

void snake_cycle_set_playout_stops(SnakeCycle *c, bool on) {
    if (c->playout != NULL)
        snake_playout_set_stops(c->playout, on);
}

void snake_cycle_order_fixed(SnakeCycle *c) {
    memcpy(c->order, c->fixed, (size_t)c->cells * sizeof *c->order);
    c->order_len = c->cells;
}

void snake_cycle_order_tree(SnakeCycle *c, const uint8_t *tree, int tail) {
    snake_cert_outline(&c->cert, tree, tail, c->order);
    c->order_len = 4 * c->cert.nfree; /* the floor */
}

void snake_cycle_route_along(Path *route, const int32_t *order, int n, int start_pos, int food) {
    path_clear(route);
    for (int k = 0; k < n && route->len < route->cap; k++) {
        int cell = order[(start_pos + k) % n];
        route->cells[route->len++] = cell;
        if (cell == food)
            return;
    }
    path_clear(route); /* no food on the board: no route */
}

void snake_cycle_route_outline(Path *route, const SnakeCert *k, const uint8_t *tree, int head,
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

bool snake_cycle_certify(SnakeCycle *c, const Snake *s) {
    c->order_len = 0;
    if (!c->blocks) {
        if (!snake_cycle_fixed_in_order(c, s))
            return false;
        int at = c->fixed_pos[snake_tail(s)];
        for (int i = 0; i < c->cells; i++)
            c->order[i] = c->fixed[(at + i) % c->cells];
        c->order_len = c->cells;
        return true;
    }
    if (!snake_cert_load(&c->cert, s) || !snake_cert_build(&c->cert))
        return false;
    snake_cycle_order_tree(c, c->cert.tree, snake_tail(s));
    return true;
}
