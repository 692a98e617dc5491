#include "snake_lane.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "slab.h"

/* ======================================================================== */
/* Lifecycle                                                                 */
/* ======================================================================== */

/* The free prefix (docs/perfect.md): routes of a body up to this long may
 * start with moves that are not lane moves, as long as those leave the body
 * before the eat. The search's states grow with it: (FREE_MAX + 1) * cells,
 * and at most FREE_STATES of them (so a 256x256 board keeps a short one). */
enum { FREE_MAX = 14, FREE_STATES = 1 << 18 };

/* Every buffer, listed and sized once (slab.h). */
static void lane_layout(void *owner, Slab *s) {
    SnakeLane *l = owner;
    size_t n = (size_t)l->cells, states = n * (size_t)(l->free_max + 1);
    l->release =
        slab_take(s, (size_t)(l->w + 2) * (size_t)(l->cells / l->w + 2), sizeof *l->release);
    l->pad = slab_take(s, n, sizeof *l->pad);
    l->dist = slab_take(s, states, sizeof *l->dist);
    l->parent = slab_take(s, states, sizeof *l->parent);
    l->queue = slab_take(s, states, sizeof *l->queue);
    l->cost = slab_take(s, states, sizeof *l->cost);
    l->kseen = slab_take(s, n, sizeof *l->kseen);
    l->ban = slab_take(s, n, sizeof *l->ban);
    l->col = slab_take(s, n, sizeof *l->col);
    l->row = slab_take(s, n, sizeof *l->row);
}

WsStatus snake_lane_init(SnakeLane *l, const SnakeCert *cert, WsError *err) {
    memset(l, 0, sizeof *l);
    l->cert = cert;
    l->w = cert->w;
    l->cells = cert->w * cert->h;
    l->free_max = FREE_STATES / l->cells - 1;
    if (l->free_max > FREE_MAX)
        l->free_max = FREE_MAX;
    if (l->free_max < 0)
        l->free_max = 0;
    l->mem = slab_alloc(lane_layout, l);
    if (l->mem == NULL) {
        int w = cert->w, h = cert->h;
        memset(l, 0, sizeof *l);
        return ws_fail(err, WS_ERR_NOMEM, "out of memory for a %dx%d route search", w, h);
    }
    int pw = l->w + 2, ph = l->cells / l->w + 2;
    for (int i = 0; i < pw * ph; i++)
        l->release[i] = INT32_MAX; /* the border: never entered */
    l->pad_step[DIR_UP] = -pw;
    l->pad_step[DIR_RIGHT] = 1;
    l->pad_step[DIR_DOWN] = pw;
    l->pad_step[DIR_LEFT] = -1;
    for (int i = 0; i < l->cells; i++) {
        l->pad[i] = (i / l->w + 1) * pw + i % l->w + 1;
        l->release[l->pad[i]] = 0;
        l->kseen[i] = -1;
        l->col[i] = (uint16_t)(i % l->w);
        l->row[i] = (uint16_t)(i / l->w);
    }
    for (int i = 0; i < l->cells * (l->free_max + 1); i++)
        l->dist[i] = -1; /* a search clears only what the last one reached */
    l->search_goal = -1;
    return WS_OK;
}

void snake_lane_deinit(SnakeLane *l) {
    free(l->mem);
    memset(l, 0, sizeof *l);
}

/* ======================================================================== */
/* The body                                                                  */
/* ======================================================================== */

void snake_lane_release_set(SnakeLane *l, const Snake *s, bool strict, const uint8_t *walls) {
    for (int i = 0; i < s->len; i++)
        l->release[l->pad[snake_at(s, i)]] = (int32_t)(s->len - i) + (strict ? 1 : 0);
    for (int i = 0; walls != NULL && i < l->cells; i++)
        if (walls[i])
            l->release[l->pad[i]] = INT32_MAX; /* never */
}

void snake_lane_release_clear(SnakeLane *l, const Snake *s, const uint8_t *walls) {
    for (int i = 0; i < s->len; i++)
        l->release[l->pad[snake_at(s, i)]] = 0;
    for (int i = 0; walls != NULL && i < l->cells; i++)
        l->release[l->pad[i]] = 0;
}

int snake_lane_body_flush(const SnakeLane *l, const Snake *s) {
    int flush = 0;
    if (!snake_lane_frees_allowed(l, s->len))
        return 0; /* all lane moves, or not played by this policy: plan checks refuse it */
    for (int i = 0; i + 1 < s->len; i++) { /* the move into segment i */
        int a = snake_at(s, i + 1);
        bool lane = snake_cert_is_lane(l->w, a, grid_dir_between(l->w, a, snake_at(s, i)));
        if (!lane && s->len - i > flush)
            flush = s->len - i;
    }
    return flush;
}

/* ======================================================================== */
/* The search                                                                */
/* ======================================================================== */

/* Among routes of equal length the one whose cells have the fewest open
 * neighbours wins: it keeps to the body and the walls and leaves the free
 * space in one piece, which is what makes later food cheap to reach. */
static int32_t hug_cost(const SnakeLane *l, int pad, int tick) {
    const int32_t *r = l->release + pad;
    return (r[l->pad_step[0]] <= tick) + (r[l->pad_step[1]] <= tick) + (r[l->pad_step[2]] <= tick) +
           (r[l->pad_step[3]] <= tick);
}

/* Forgets the last search: its states back to -1 (dist) and its cells'
 * kseen too, so a search never clears a whole array. */
static void search_forget(SnakeLane *l) {
    int cells = l->cells;
    for (int i = 0; i < l->search_qt; i++) {
        l->dist[l->queue[i]] = -1;
        l->kseen[l->queue[i] % cells] = -1;
    }
    if (l->search_goal >= 0) {
        for (int k = 0; k <= l->search_kmax; k++)
            l->dist[k * cells + l->search_goal] = -1;
        l->kseen[l->search_goal] = -1;
    }
    l->search_qt = 0;
    l->search_goal = -1;
}

/* The moves a search state may take, in direction order so that ties break
 * the same way every run: all four when free moves are allowed there, else
 * the cell's two lane moves. Returns how many. */
static int state_dirs(Dir cross, Dir stay, bool free_ok, Dir dirs[DIR_COUNT]) {
    if (free_ok) {
        for (int d = 0; d < DIR_COUNT; d++)
            dirs[d] = (Dir)d;
        return DIR_COUNT;
    }
    dirs[0] = cross < stay ? cross : stay;
    dirs[1] = cross < stay ? stay : cross;
    return 2;
}

/* The state a search reached the goal in at `found` steps: the cheapest. */
static int goal_state_of(const SnakeLane *l, int goal, int found) {
    int best = -1;
    for (int k = 0; k <= l->search_kmax; k++) {
        int gs = k * l->cells + goal;
        if (l->dist[gs] == found && (best < 0 || l->cost[gs] < l->cost[best]))
            best = gs;
    }
    return best;
}

/* The breadth-first search of snake_lane_route from the queue's states [qh,
 * qt). `frees` is whether the search has a free prefix (search_kmax > 0):
 * a constant in each of the two copies lane_search makes, so the copy for
 * lane moves alone (k always 0: most searches) does none of its work. */
static inline __attribute__((always_inline)) int search_layers(SnakeLane *l, const Snake *s,
                                                               int goal, int limit, int flush,
                                                               int qh, int qt, bool frees) {
    const SnakeCert *cert = l->cert;
    int cells = l->cells, len = s->len, kmax = frees ? l->search_kmax : 0, found = -1;
    int gx = l->col[goal], gy = l->row[goal];
    while (qh < qt) {
        int st = l->queue[qh++];
        int x = frees ? st % cells : st, k = frees ? st / cells : 0, steps = l->dist[st];
        if (found >= 0 && steps >= found)
            break; /* the goal's layer is complete */
        if (steps >= limit)
            break;            /* every route from here is longer than the caller takes */
        int tick = steps + 1; /* when the head would enter the next cell */
        Dir cross = (Dir)cert->cell_cross[x], stay = (Dir)((cross + 1) % DIR_COUNT);
        int e = cert->cell_edge[x], px = l->pad[x];
        Dir dirs[DIR_COUNT];
        int ndirs = state_dirs(cross, stay, frees && tick + len <= limit, dirs);
        for (int i = 0; i < ndirs; i++) {
            Dir d = dirs[i];
            bool lane = d == cross || d == stay;
            int py = px + l->pad_step[d]; /* the border is never released */
            if (l->release[py] > tick || ((unsigned)l->ban[x] >> (unsigned)d & 1u))
                continue;
            int y = cert->nbr[4 * x + d];
            /* No route through y reaches the goal within the limit: such a
             * state is on no route the search may return (so leaving it out
             * changes no route: it can be no other state's parent on one). */
            int to_goal = abs(l->col[y] - gx) + abs(l->row[y] - gy);
            if (to_goal > limit - tick)
                continue;
            /* The block rule: crossing into a block over an edge the body
             * does not cross closes a loop of blocks in the eat's body when
             * the block still holds body cells then, so the search leaves
             * such a crossing out when the body holds the block until after
             * the eat's likely tick: tick + 2 * to_goal (in the middle game
             * lane routes run about twice the Manhattan distance). A block
             * the tail leaves by then is open, though it holds body cells
             * now; a route that eats sooner is refused by the eat's check
             * like any other. Measured against the entry's tick and against
             * tick + to_goal: docs/notes/perfect-big-boards.md, rounds 4 and 5. */
            if (d == cross && cert->block_until[cert->cell_block[y]] > tick + 2 * to_goal &&
                cert->req_until[e] <= tick)
                continue;
            int k2 = !frees || !lane ? 0 : k < kmax ? k + 1 : kmax;
            if (y == goal && (k2 < (tick < kmax ? tick : kmax) || tick < flush))
                continue; /* eating here would leave a free move in the body */
            int ys = k2 * cells + y;
            /* The tie-break cost is counted only where it is compared or kept. */
            if (l->dist[ys] >= 0) { /* same layer, reached again: keep the cheaper parent */
                if (l->dist[ys] == tick) {
                    /* Both parents add y's own cost (the same cell and
                     * tick), so the cheaper parent wins and y's cost need
                     * not be counted again. */
                    int old = l->parent[ys];
                    if (l->cost[st] < l->cost[old]) {
                        l->cost[ys] += l->cost[st] - l->cost[old];
                        l->parent[ys] = st;
                    }
                }
                continue;
            }
            if (frees) {
                if (y != goal && l->kseen[y] >= k2)
                    continue; /* reached as soon with as many lane moves to spare */
                l->kseen[y] = k2;
            }
            l->dist[ys] = tick;
            l->cost[ys] = l->cost[st] + hug_cost(l, py, tick);
            l->parent[ys] = st;
            if (y == goal)
                found = tick;
            else
                l->queue[qt++] = ys;
        }
    }
    l->search_qt = qt;
    if (found < 0)
        return -1;
    l->goal_state = goal_state_of(l, goal, found);
    return found;
}

static int lane_search(SnakeLane *l, const Snake *s, int goal, int limit, int flush, int qh,
                       int qt) {
    if (l->search_kmax > 0)
        return search_layers(l, s, goal, limit, flush, qh, qt, true);
    return search_layers(l, s, goal, limit, flush, qh, qt, false);
}

int snake_lane_route(SnakeLane *l, const Snake *s, int goal, int limit, int flush, bool free) {
    int len = s->len, start = snake_head(s);
    search_forget(l);
    l->search_kmax = free && snake_lane_frees_allowed(l, len) ? len : 0;
    l->search_goal = goal;
    l->cost[start] = 0;
    l->dist[start] = 0;
    l->parent[start] = -1;
    l->kseen[start] = 0;
    l->goal_state = start;
    if (start == goal)
        return 0;
    l->queue[0] = start;
    return lane_search(l, s, goal, limit, flush, 0, 1);
}

/* The queue's index range [*lo, *hi) of layer t (the queue holds the layers
 * in order), by two binary searches. */
static void layer_range(const SnakeLane *l, int t, int *lo, int *hi) {
    int a = 0, qt = l->search_qt;
    for (int b = qt; a < b;) {
        int m = a + (b - a) / 2;
        if (l->dist[l->queue[m]] < t)
            a = m + 1;
        else
            b = m;
    }
    int z = a;
    for (int b = qt; z < b;) {
        int m = z + (b - z) / 2;
        if (l->dist[l->queue[m]] <= t)
            z = m + 1;
        else
            b = m;
    }
    *lo = a;
    *hi = z;
}

/* Breadth-first search settles a layer only from the one before it, so every
 * layer before the first one `banned` was reached in is what a whole new
 * search would make, state for state (the same dist, cost and parent: the
 * queue keeps each layer in the order it was made); the search forgets the
 * later layers and goes on from that one. */
int snake_lane_route_again(SnakeLane *l, const Snake *s, int goal, int limit, int flush,
                           int banned) {
    int cells = l->cells, kmax = l->search_kmax, qt = l->search_qt;
    int t0 = -1; /* the first layer `banned` is in */
    for (int k = 0; k <= kmax; k++) {
        int d = l->dist[k * cells + banned];
        if (d >= 0 && (t0 < 0 || d < t0))
            t0 = d;
    }
    assert(t0 >= 0 && goal == l->search_goal);
    int lo, hi;
    layer_range(l, t0, &lo, &hi);
    for (int i = hi; i < qt; i++)
        l->dist[l->queue[i]] = -1;
    for (int k = 0; k <= kmax; k++)
        l->dist[k * cells + goal] = -1;
    /* kseen[y] is the largest k of y's states kept (the goal's is never read). */
    for (int i = hi; kmax > 0 && i < qt; i++) {
        int y = l->queue[i] % cells, best = -1;
        for (int k = kmax; k >= 0 && best < 0; k--)
            if (l->dist[k * cells + y] >= 0)
                best = k;
        l->kseen[y] = best;
    }
    l->search_qt = hi;
    return lane_search(l, s, goal, limit, flush, lo, hi);
}

int snake_lane_cells(const SnakeLane *l, int32_t *cells) {
    int n = 0;
    for (int st = l->goal_state; st >= 0; st = l->parent[st])
        n++;
    int i = n;
    for (int st = l->goal_state; st >= 0; st = l->parent[st])
        cells[--i] = st % l->cells;
    return n;
}
