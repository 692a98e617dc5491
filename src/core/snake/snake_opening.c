#include "snake_opening.h"

#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "slab.h"

/* The most moves the search checks, counted over every cell it tries, per
 * cell of the board: a bound on one opening's work (a start body that no
 * short opening frees is refused, as before openings). */
enum { WORK_PER_CELL = 32 };

/* ======================================================================== */
/* Lifecycle                                                                 */
/* ======================================================================== */

static void opening_layout(void *owner, Slab *s) {
    SnakeOpening *o = owner;
    size_t n = (size_t)o->cells;
    o->tree = slab_take(s, (size_t)o->nedges, sizeof *o->tree);
    o->until = slab_take(s, n, sizeof *o->until);
    o->dist = slab_take(s, n, sizeof *o->dist);
    o->parent = slab_take(s, n, sizeof *o->parent);
    o->queue = slab_take(s, n, sizeof *o->queue);
    o->entered = slab_take(s, n, sizeof *o->entered);
    o->stamp = slab_take(s, n, sizeof *o->stamp);
    o->start = slab_take(s, n, sizeof *o->start);
    o->path = slab_take(s, 2 * n + 2, sizeof *o->path);
    o->free_way = slab_take(s, 2 * n + 2, sizeof *o->free_way);
}

WsStatus snake_opening_init(SnakeOpening *o, const SnakeCert *k, WsError *err) {
    memset(o, 0, sizeof *o);
    o->w = k->w;
    o->cells = k->w * k->h;
    o->nedges = k->nedges;
    o->mem = slab_alloc(opening_layout, o);
    if (o->mem == NULL) {
        int w = k->w, h = k->h;
        memset(o, 0, sizeof *o);
        return ws_fail(err, WS_ERR_NOMEM, "out of memory for a %dx%d opening", w, h);
    }
    for (int i = 0; i < o->cells; i++)
        o->dist[i] = -1; /* a search clears only what it reached */
    o->moves = -1;
    return WS_OK;
}

void snake_opening_deinit(SnakeOpening *o) {
    free(o->mem);
    memset(o, 0, sizeof *o);
}

/* ======================================================================== */
/* The search                                                                */
/* ======================================================================== */

/* The body a search starts from: its cells head first. */
typedef struct Body {
    const int32_t *cell;
    int len;
} Body;

/* When the cell entered at move `at` is free again: the tail leaves it len
 * moves later (one more when the snake eats at move `ate` before that), and
 * under the strict tail rule the head may enter it one move after that. */
static int freed_at(int at, int len, int ate, int strict) {
    return at + len + (ate > 0 && ate <= at + len ? 1 : 0) + strict;
}

/* Checks the way the search found to `cell` (dist[cell] moves), and the
 * moves along the walls' tree outline after it that make the body one
 * stretch of that outline, laying them into path: the opening's moves, or
 * -1 when a move enters a cell that is not free then (a wall, a body cell
 * the tail has not left, one of its own cells, the food when it may not eat
 * it). Eating grows the body, so one more move along the outline follows. */
static int check_way(SnakeOpening *o, const SnakeCert *k, const SnakeGame *g, Body b, int cell,
                     int food, bool eat) {
    int strict = g->rules.strict_tail ? 1 : 0, steps = o->dist[cell], ate = 0;
    for (int c = cell, m = steps; c >= 0; c = o->parent[c])
        o->path[m--] = c;
    uint32_t check = ++o->check;
    if (check == 0) { /* the stamps wrapped: none may look current */
        memset(o->stamp, 0, (size_t)o->cells * sizeof *o->stamp);
        check = o->check = 1;
    }
    int end = steps + b.len - 1;
    for (int m = 1; m <= end; m++) {
        int x = m <= steps ? o->path[m] : snake_cert_outline_next(k, o->tree, o->path[m - 1]);
        o->path[m] = x;
        if (g->walls[x] || (x == food && (!eat || ate > 0)))
            return -1;
        if (o->until[x] > 0 && m < freed_at(0, o->until[x] - 1, ate, strict))
            return -1; /* body: until[x] - 1 is the move the tail leaves it */
        if (o->stamp[x] == check && m < freed_at(o->entered[x], b.len, ate, strict))
            return -1;
        o->stamp[x] = check;
        o->entered[x] = m;
        if (x == food) {
            ate = m;
            end++;
        }
    }
    return end;
}

/* The opening from body b with `food` avoided (eat false; -1: none) or
 * eaten on the way (eat true) into path: its moves, or -1 when the search
 * finds none. Expects o->tree. */
static int search(SnakeOpening *o, const SnakeCert *k, const SnakeGame *g, Body b, int food,
                  bool eat) {
    int strict = g->rules.strict_tail ? 1 : 0, head = b.cell[0];
    for (int i = 0; i < b.len; i++) /* until - 1: the move the tail leaves the cell */
        o->until[b.cell[i]] = b.len - i + 1;
    int qt = 0, found = -1;
    long work = 0, budget = (long)WORK_PER_CELL * o->cells;
    o->dist[head] = 0;
    o->parent[head] = -1;
    o->queue[qt++] = head;
    for (int qh = 0; qh < qt && work < budget; qh++) {
        int a = o->queue[qh], t = o->dist[a] + 1;
        work += t + b.len;
        if ((found = check_way(o, k, g, b, a, food, eat)) >= 0)
            break;
        for (int d = 0; d < DIR_COUNT; d++) {
            int y = k->nbr[4 * a + d];
            if (y < 0 || o->dist[y] >= 0 || g->walls[y] || (y == food && !eat) ||
                (o->until[y] > 0 && freed_at(0, o->until[y] - 1, 0, strict) > t))
                continue; /* (growth is left to check_way) */
            o->dist[y] = t;
            o->parent[y] = a;
            o->queue[qt++] = y;
        }
    }
    for (int i = 0; i < qt; i++)
        o->dist[o->queue[i]] = -1;
    for (int i = 0; i < b.len; i++)
        o->until[b.cell[i]] = 0;
    return found;
}

/* The start body of g's start rule, head first, into o->start. */
static Body start_body(SnakeOpening *o, const SnakeGame *g) {
    int len = g->rules.start_length, tail = snake_game_start_tail(g);
    if (tail < 0)
        return (Body){o->start, 0};
    for (int i = 0; i < len; i++) /* it runs right along one row */
        o->start[i] = tail + len - 1 - i;
    return (Body){o->start, len};
}

/* The walls' own tree into o->tree; false when the free blocks are not
 * connected (snake_cycle_check_walls refuses such boards). */
static bool walls_tree(SnakeOpening *o, SnakeCert *k) {
    snake_cert_clear(k);
    if (!snake_cert_build(k))
        return false;
    memcpy(o->tree, k->tree, (size_t)o->nedges);
    return true;
}

/* Whether path[1 .. moves] enters `cell`. */
static bool way_enters(const int32_t *path, int moves, int cell) {
    for (int m = 1; m <= moves; m++)
        if (path[m] == cell)
            return true;
    return false;
}

/* The opening of g's start with first food `food` into path: the one made
 * with no food unless the food lies on it, then the one that avoids it;
 * its moves, or -1. */
static int make(SnakeOpening *o, SnakeCert *k, const SnakeGame *g, int food) {
    Body b = start_body(o, g);
    if (b.len == 0 || !walls_tree(o, k))
        return -1;
    int moves = search(o, k, g, b, -1, false);
    if (moves < 0 || food < 0 || !way_enters(o->path, moves, food))
        return moves;
    return search(o, k, g, b, food, false);
}

static uint64_t walls_hash(const SnakeGame *g, int cells) {
    uint64_t h = 1469598103934665603u; /* FNV-1a over the wall cells */
    for (int c = 0; c < cells; c++)
        if (g->walls[c])
            h = (h ^ (uint64_t)c) * 1099511628211u;
    return h;
}

/* Whether g's body is where t moves of the opening in path leave the start
 * body: head first path[t], path[t - 1], ..., then the start body's cells. */
static bool body_follows(const SnakeOpening *o, const SnakeGame *g, long t) {
    const Snake *s = &g->snake;
    for (int i = 0; i < s->len; i++) {
        long m = t - i;
        if (snake_at(s, i) != (m >= 0 ? o->path[m] : o->start[i - t]))
            return false;
    }
    return true;
}

/* The move along path from move t, with route its cells from there. */
static Dir way_move(const SnakeOpening *o, long t, int moves, Path *route) {
    if (route != NULL) {
        path_clear(route);
        for (long m = t; m <= moves && route->len < route->cap; m++)
            route->cells[route->len++] = o->path[m];
    }
    return grid_dir_between(o->w, o->path[t], o->path[t + 1]);
}

/* The start's opening while the game follows it: nothing eaten, and the
 * body where it has led the start body. */
static Dir start_move(SnakeOpening *o, SnakeCert *k, const SnakeGame *g, Path *route) {
    int len = g->rules.start_length;
    if (g->snake.len != len || g->since_eat != g->steps)
        return DIR_NONE;
    uint64_t hash = walls_hash(g, o->cells);
    if (!o->made || o->food != g->food || o->walls_hash != hash || o->length != len ||
        o->strict != g->rules.strict_tail) {
        o->moves = make(o, k, g, g->food);
        o->made = true;
        o->food = g->food;
        o->walls_hash = hash;
        o->length = len;
        o->strict = g->rules.strict_tail;
    }
    long t = g->steps;
    if (o->moves < 0 || t >= o->moves || !body_follows(o, g, t))
        return DIR_NONE;
    return way_move(o, t, o->moves, route);
}

Dir snake_opening_next(SnakeOpening *o, SnakeCert *k, const SnakeGame *g, Path *route) {
    if (g->wall_count == 0 || g->outcome != SNAKE_PLAYING)
        return DIR_NONE;
    Dir d = start_move(o, k, g, route);
    if (d != DIR_NONE)
        return d;
    /* Off the start's opening (the food was on its only way, or eaten, or
     * the body was steered): a way from where the body is, the food eaten
     * on it if it must be. */
    const Snake *s = &g->snake;
    for (int i = 0; i < s->len; i++)
        o->start[i] = snake_at(s, i);
    o->made = false; /* o->start and path no longer hold the start's opening */
    if (!walls_tree(o, k))
        return DIR_NONE;
    int moves = search(o, k, g, (Body){o->start, s->len}, g->food, true);
    return moves > 0 ? way_move(o, 0, moves, route) : DIR_NONE;
}

bool snake_opening_for_every_food(SnakeOpening *o, SnakeCert *k, const SnakeGame *g) {
    o->made = false; /* path will not hold an opening for a game's food */
    Body b = start_body(o, g);
    if (b.len == 0 || !walls_tree(o, k))
        return false;
    int moves = search(o, k, g, b, -1, false);
    if (moves < 0)
        return false;
    memcpy(o->free_way, o->path, (size_t)(moves + 1) * sizeof *o->path);
    for (int m = 1; m <= moves; m++) { /* a food on that way: a way around it, or over it */
        int food = o->free_way[m];
        if (search(o, k, g, b, food, false) < 0 && search(o, k, g, b, food, true) < 0)
            return false;
    }
    return true;
}
