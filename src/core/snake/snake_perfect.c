#include "snake_perfect.h"

#include <assert.h>
#include <string.h>

#include "grid.h"
#include "snake_bytes.h"
#include "snake_cycle_internal.h"
#include "snake_playout.h"

/* ======================================================================== */
/* A board with an odd side: Tapsell's shortcuts                             */
/* ======================================================================== */

/* The invariant is the body's order on the fixed cycle. The cells strictly
 * between the head and the tail (going forward from the head) are free, so a
 * move to any of them keeps the order; the move that lands closest to the
 * food without passing it is taken. Under the strict-tail rule a gap in the
 * body could leave the head facing its own tail with free cells only behind
 * it, so there only the cycle move is made (docs/perfect.md). */
static Dir choose_tapsell(SnakeCycle *c, const SnakeGame *g, Path *route, bool *shortcut) {
    const Snake *s = &g->snake;
    if (!snake_cycle_fixed_in_order(c, s))
        return DIR_NONE;
    int head = snake_head(s);
    int to_tail = s->len > 1 ? snake_cycle_fixed_ahead(c, head, snake_tail(s)) : c->cells;
    int to_food = g->food >= 0 ? snake_cycle_fixed_ahead(c, head, g->food) : 1;
    if (to_food > to_tail)
        to_food = 1; /* the food is in a gap behind the head: follow the cycle */
    Dir best = DIR_NONE;
    int best_k = 0;
    for (int d = 0; d < DIR_COUNT; d++) {
        if (!snake_game_is_legal(g, (Dir)d))
            continue;
        int n = grid_neighbor(c->w, c->h, head, (Dir)d);
        int k = snake_cycle_fixed_ahead(c, head, n);
        bool ok = k == 1 || (!g->rules.strict_tail && k < to_tail && k <= to_food);
        if (ok && k > best_k) {
            best_k = k;
            best = (Dir)d;
        }
    }
    *shortcut = best_k > 1;
    snake_cycle_order_fixed(c);
    snake_cycle_route_along(route, c->fixed, c->cells, c->fixed_pos[head], g->food);
    return best;
}

/* ======================================================================== */
/* Both sides even: a certificate kept at every move                          */
/* ======================================================================== */

/* What one decision knows before it weighs its candidates. */
typedef struct Decision {
    const SnakeGame *g;
    const Snake *s;
    int head, food;
    int near;       /* the Manhattan distance to the food: no way is shorter */
    bool live;      /* a kept plan still describes the game */
    bool certified; /* the body has a certificate (loaded and built in cert) */
    bool hunting;   /* food, and not too long since the last eat */
} Decision;

/* A game that goes this long without eating stops hunting by routes and
 * follows one fixed certificate cycle to the food, which it reaches within
 * `cells` more moves: 2 * cells + cells stays under the 4 * cells stall limit. */
static long hunt_limit(const SnakeCycle *c) { return 2L * c->cells; }

/* The committed tree's outline distance to the food, or -1 when nothing is
 * committed (or there is no food). When the head moved one cell along that
 * outline since the last decision (the same tree, the same cycle; *along),
 * it is the last distance less one, not a walk round it again. */
static int committed_dist(const SnakeCycle *c, const Decision *d, bool *along_out) {
    const SnakeCommit *m = &c->commit;
    const SnakeCert *k = &c->cert;
    *along_out = false;
    if (!m->on || d->food < 0)
        return -1;
    bool along = m->food == d->food && m->nfree == k->nfree && m->head >= 0 &&
                 snake_cert_outline_next(k, m->tree, m->head) == d->head;
    *along_out = along;
    int dist = along ? m->dist - 1 : snake_cert_outline_dist(k, m->tree, d->head, d->food);
    assert(!along || dist == snake_cert_outline_dist(k, m->tree, d->head, d->food));
    return dist;
}

/* Whether tree shape v, just built, is the one the last decision tried
 * (SnakeCommit.shapes) and its outline goes from that decision's head to
 * this one's: then its way to the food is the one it had then less one
 * move, no shorter than the committed tree's now (`along`: that decision's
 * distance less one), and need not be walked. */
static bool shape_as_before(const SnakeCycle *c, int v, const Decision *d, bool along,
                            const bool known[SNAKE_CERT_VARIANTS]) {
    const SnakeCert *k = &c->cert;
    const SnakeCommit *m = &c->commit;
    const uint8_t *last = m->shapes + (size_t)v * (size_t)k->nedges;
    return along && known[v] && m->dist > 0 &&
           snake_cert_outline_next(k, last, m->head) == d->head &&
           memcmp(last, k->tree, (size_t)k->nedges) == 0;
}

/* The committed tree, or the first tree shape whose outline reaches the food
 * strictly sooner (so the distance along the followed cycle falls by at
 * least one every move); returns that distance. Shapes are tried while
 * hunting or when nothing is committed, and only while one could win: no
 * outline reaches the food in fewer moves than `near`. A shape the last
 * decision tried that comes out the same is not walked again. */
static int best_tree(SnakeCycle *c, const Decision *d) {
    SnakeCert *k = &c->cert;
    SnakeCommit *m = &c->commit;
    bool known[SNAKE_CERT_VARIANTS];
    memcpy(known, m->shape_known, sizeof known);
    memset(m->shape_known, 0, sizeof m->shape_known);
    if (c->force_shape >= 0) { /* the shape the apple's play-out chose */
        snake_cert_build_variant(k, c->force_shape, d->head, d->food, snake_tail(d->s));
        memcpy(m->tree, k->tree, (size_t)k->nedges);
        m->on = true;
        return d->food >= 0 ? snake_cert_outline_dist(k, k->tree, d->head, d->food) : 0;
    }
    bool along;
    int tree_dist = committed_dist(c, d, &along);
    bool beatable = tree_dist < 0 || tree_dist > d->near;
    for (int v = 0; v < SNAKE_CERT_VARIANTS && (d->hunting || !m->on) && beatable; v++) {
        if (v > 0) /* shape 0 is the index-order tree the certificate test left in k->tree */
            snake_cert_build_variant(k, v, d->head, d->food, snake_tail(d->s));
        /* Every shape is kept for the next decision: no shorter a way than
         * the tree_dist this one ends with. */
        m->shape_known[v] = true;
        if (shape_as_before(c, v, d, along, known)) {
            assert(snake_cert_outline_dist(k, k->tree, d->head, d->food) >= tree_dist);
            continue;
        }
        memcpy(m->shapes + (size_t)v * (size_t)k->nedges, k->tree, (size_t)k->nedges);
        /* Only a strictly shorter way counts, so the walk stops there. */
        int most = tree_dist < 0 ? 4 * k->nfree : tree_dist;
        int dist =
            d->food >= 0 ? snake_cert_outline_dist_within(k, k->tree, d->head, d->food, most) : 0;
        if (tree_dist < 0 || dist < tree_dist) {
            tree_dist = dist;
            memcpy(m->tree, k->tree, (size_t)k->nedges);
            m->on = true;
        }
    }
    return tree_dist;
}

/* Candidate 1, the certificate cycle: the tree to follow when no plan is
 * taken, and its outline distance to the food (more than any route when the
 * body has no certificate: then there is no cycle to follow). */
static int cycle_candidate(SnakeCycle *c, const Decision *d) {
    SnakeCommit *m = &c->commit;
    if (d->g->since_eat == 0)
        m->on = false; /* a new food: the tree is chosen afresh */
    if (m->on && (!d->certified || !snake_cert_agrees(&c->cert, m->tree)))
        m->on = false;
    int tree_dist = d->certified ? best_tree(c, d) : c->cells + 1;
    if (!d->certified)
        memset(m->shape_known, 0, sizeof m->shape_known);
    m->head = m->on ? d->head : -1; /* with m->dist, for the next decision */
    m->dist = tree_dist;
    m->food = d->food;
    m->nfree = c->cert.nfree;
    return tree_dist;
}

/* While a plan is followed, the tail frees cells as it goes: when a shorter
 * route may have opened (an unchecked search finds one), a checked shorter
 * plan replaces the kept one; if none checks out the kept one stays (it may
 * be all that is safe). A plan as short as `near` cannot be beaten. */
static void plan_shorten(SnakeCycle *c, const Decision *d, const bool valid[DIR_COUNT], int flush,
                         int tree_dist) {
    int remaining = snake_plan_left(&c->plan);
    int limit = remaining - 1 < tree_dist ? remaining - 1 : tree_dist;
    int now = limit >= d->near ? snake_lane_route(&c->lane, d->s, d->food, limit, flush, true) : -1;
    if (now >= 0 && now < remaining)
        snake_plan_find(&c->plan, d->g, valid, limit, flush, d->certified);
}

/* Candidate 2, a planned route that ends (eats) in a certified state: the
 * kept plan (or a shorter one) while it is live, else a new one while
 * hunting. Whether a plan is taken: it must not be longer than the cycle's
 * way. */
static bool plan_candidate(SnakeCycle *c, const Decision *d, int tree_dist) {
    SnakePlan *p = &c->plan;
    snake_lane_release_set(&c->lane, d->s, d->g->rules.strict_tail, c->walls);
    bool valid[DIR_COUNT] = {false}; /* legal moves (the route search decides which kind) */
    for (int dir = 0; dir < DIR_COUNT; dir++)
        valid[dir] = snake_game_is_legal(d->g, (Dir)dir);
    int flush = snake_lane_body_flush(&c->lane, d->s);
    Dir next = d->live ? snake_plan_next(p, d->head) : DIR_NONE;
    bool planned = next != DIR_NONE && valid[next]; /* follow the kept plan until the eat */
    if (planned && d->hunting)
        plan_shorten(c, d, valid, flush, tree_dist);
    if (!planned && d->hunting)
        planned = snake_plan_find(p, d->g, valid, tree_dist, flush, d->certified);
    if (planned && d->certified && snake_plan_left(p) > tree_dist)
        planned = false; /* the cycle itself is the shorter way */
    snake_lane_release_clear(&c->lane, d->s, c->walls);
    return planned;
}

/* The plan's next move. The window's overlay shows the certificate the plan
 * ends on (its check leaves that tree in cert.tree). */
static Dir take_plan(SnakeCycle *c, const Snake *s, Path *route, bool explain, bool *shortcut) {
    SnakePlan *p = &c->plan;
    int verified;
    if (explain && snake_plan_check(p, s, p->route + p->at, snake_plan_left(p) + 1, false, true, 0,
                                    &verified) == 0)
        snake_cycle_order_tree(c, c->cert.tree, snake_tail(s));
    *shortcut = true;
    return snake_plan_follow(p, snake_head(s), route);
}

/* The committed tree's next move along its outline. The window draws the
 * whole cycle; headless, only the way to the food is written. */
static Dir take_cycle(SnakeCycle *c, const Decision *d, Path *route, bool explain, bool *shortcut) {
    const uint8_t *tree = c->commit.tree;
    if (explain) {
        snake_cycle_order_tree(c, tree, snake_tail(d->s));
        assert(c->order[d->s->len - 1] == d->head);
        snake_cycle_route_along(route, c->order, c->order_len, d->s->len - 1, d->food);
    } else {
        snake_cycle_route_outline(route, &c->cert, tree, d->head, d->food);
    }
    *shortcut = false;
    return grid_dir_between(c->w, d->head, snake_cert_outline_next(&c->cert, tree, d->head));
}

/* A plan as short as can be (snake_plan_at_best), followed without the
 * decision's searches: no route or outline reaches the food in fewer moves
 * than the Manhattan distance, which is the moves the plan has left, so
 * nothing they could work out changes the move; and it stays that short to
 * the eat, where the committed tree is forgotten anyway, so nothing is
 * committed to on the way. The window (explain) takes the long way for the
 * overlay's cycle. */
static Dir follow_short_plan(SnakeCycle *c, int head, Path *route, bool *shortcut) {
    c->commit.on = false;
    c->stats.short_plan_moves++;
    *shortcut = true;
    return snake_plan_follow(&c->plan, head, route);
}

/* The next move of the apple played out (SnakeReplay), or DIR_NONE when
 * the policy decides: the replay is over (then the policy's memory is the
 * one the play-out ended on) or no longer describes the game (a steering
 * hand; then the memory is a new game's). The route is what is left of the
 * play-out when it ends at the food and fits. */
static Dir replay_next(SnakeCycle *c, const SnakeGame *g, Path *route, bool *shortcut) {
    SnakeReplay *r = &c->replay;
    int head = snake_head(&g->snake);
    bool here = (int)(r->cell[r->at] & SNAKE_REPLAY_CELL) == head;
    if (here && r->at == r->len - 1) {
        r->len = 0;
        if (!snake_perfect_memory_load(c, r->end, r->end_len))
            snake_perfect_memory_load(c, NULL, 0);
        return DIR_NONE;
    }
    int next = r->at + 1 < r->len ? (int)(r->cell[r->at + 1] & SNAKE_REPLAY_CELL) : -1;
    Dir dir = here && next >= 0 && g->food == r->food && grid_manhattan(c->w, head, next) == 1
                  ? grid_dir_between(c->w, head, next)
                  : DIR_NONE;
    if (dir == DIR_NONE || !snake_game_is_legal(g, dir)) {
        r->len = 0;
        return DIR_NONE;
    }
    r->at++;
    *shortcut = (r->cell[r->at] & SNAKE_REPLAY_SHORTCUT) != 0;
    path_clear(route);
    int last = (int)(r->cell[r->len - 1] & SNAKE_REPLAY_CELL);
    if (last == g->food && r->len - r->at + 1 <= route->cap) {
        route->cells[route->len++] = head;
        for (int i = r->at; i < r->len; i++)
            route->cells[route->len++] = (int32_t)(r->cell[i] & SNAKE_REPLAY_CELL);
    }
    return dir;
}

/* The invariant: the body has a certificate, or it is following a plan
 * whose end (the eat) has one, or an opening whose end has one
 * (snake_opening.h). Anything else was not played by this policy (a policy
 * switch, a steering hand): DIR_NONE, and the caller falls back.
 * A body with a free move (a plan's free prefix) has no certificate. */
static Dir choose_blocks(SnakeCycle *c, const SnakeGame *g, Path *route, bool explain,
                         bool *shortcut) {
    if (g->steps == 0) { /* a new game: nothing carries over */
        snake_plan_forget(&c->plan);
        c->replay.len = 0;
    }
    if (c->replay.len > 0) {
        Dir dir = replay_next(c, g, route, shortcut);
        if (dir != DIR_NONE)
            return dir;
    }
    Decision d = {.g = g, .s = &g->snake, .head = snake_head(&g->snake), .food = g->food};
    d.live = snake_plan_live(&c->plan, g);
    if (d.live && !explain && snake_plan_at_best(&c->plan, g))
        return follow_short_plan(c, d.head, route, shortcut);
    d.certified = snake_cert_load(&c->cert, d.s) && snake_cert_build(&c->cert);
    if (!d.certified && !d.live) {
        if (snake_cycle_start_tree(&c->cert, g))
            return DIR_NONE;
        /* A game that started on no cycle opens with a way onto one. */
        Dir dir = snake_opening_next(&c->opening, &c->cert, g, route);
        *shortcut = c->opened = dir != DIR_NONE;
        return dir;
    }
    d.hunting = g->since_eat < hunt_limit(c) && d.food >= 0;
    d.near = d.food >= 0 ? grid_manhattan(c->w, d.head, d.food) : 0;

    /* A new food: the tree shape is chosen by playing the apple out. */
    if (c->playout != NULL && g->since_eat == 0 && d.hunting && d.certified && !d.live) {
        int shape = snake_playout_choose(c->playout, c, g, !explain, c->slice);
        if (shape == SNAKE_PLAYOUT_PENDING) {
            c->thinking = true; /* the next decision on this game goes on */
            return DIR_NONE;
        }
        c->force_shape = shape;
        if (c->replay.len > 0)
            return replay_next(c, g, route, shortcut);
    }
    int tree_dist = cycle_candidate(c, &d);
    c->force_shape = -1;
    bool planned = (d.hunting || d.live) && plan_candidate(c, &d, tree_dist);
    if (planned)
        return take_plan(c, d.s, route, explain, shortcut);
    snake_plan_forget(&c->plan);
    if (!d.certified)
        return DIR_NONE; /* cannot happen: an uncertified body has a live plan */
    return take_cycle(c, &d, route, explain, shortcut);
}

Dir snake_perfect_choose(SnakeCycle *c, const SnakeGame *g, Path *route, bool explain,
                         bool *shortcut) {
    *shortcut = false;
    c->order_len = 0;
    c->thinking = false;
    c->opened = false;
    if (!snake_cycle_sync_walls(c, g))
        return DIR_NONE;
    if (c->blocks)
        return choose_blocks(c, g, route, explain, shortcut);
    return choose_tapsell(c, g, route, shortcut);
}

SnakePerfectStats snake_perfect_stats(const SnakeCycle *c) {
    SnakePerfectStats st = c->stats;
    st.free_max = c->blocks ? c->lane.free_max : 0;
    st.plans = c->plan.counts;
    if (c->playout != NULL)
        st.playouts = snake_playout_counts(c->playout);
    return st;
}

/* ======================================================================== */
/* Memory (snake_perfect.h)                                                  */
/* ======================================================================== */

/* Layout: a flags byte (MEM_PLAN, MEM_COMMIT, MEM_REPLAY); with MEM_PLAN the
 * plan's length, position and food (u32 each) and its cells (u16 each: a
 * board has at most 65536 cells); with MEM_COMMIT the committed tree, one
 * bit per edge. The whole plan is kept, not just what is left of it, so that
 * following it changes only its position between two decisions. A replay
 * is kept alone (the play-out forgot the plan and the tree): its length,
 * position and food (u32 each), its cells (u16 each, then one byte of
 * shortcut flags per 8 moves), and the memory it ends on (u32 length, then
 * those bytes: a memory without a replay). */
enum { MEM_PLAN = 1, MEM_COMMIT = 2, MEM_REPLAY = 4 };

size_t snake_perfect_memory_plain_max(const SnakeCycle *c) {
    return 1 + 3 * 4 + 2 * (size_t)c->cells + ((size_t)c->cert.nedges + 7) / 8;
}

size_t snake_perfect_memory_max(const SnakeCycle *c) {
    if (!c->blocks)
        return 0;
    size_t plain = snake_perfect_memory_plain_max(c);
    if (c->playout == NULL)
        return plain;
    size_t cells = (size_t)snake_playout_budget(c->cells) + 1;
    return 1 + 3 * 4 + 2 * cells + (cells + 7) / 8 + 4 + plain; /* a replay and its end */
}

static size_t save_replay(const SnakeReplay *r, uint8_t *buf) {
    uint8_t *out = buf;
    *out++ = MEM_REPLAY;
    snake_bytes_put(&out, (uint64_t)r->len, 4);
    snake_bytes_put(&out, (uint64_t)r->at, 4);
    snake_bytes_put(&out, (uint64_t)r->food, 4);
    for (int i = 0; i < r->len; i++)
        snake_bytes_put(&out, r->cell[i] & SNAKE_REPLAY_CELL, 2);
    for (int i = 0; i < r->len; i += 8) {
        uint8_t bits = 0;
        for (int k = 0; k < 8 && i + k < r->len; k++)
            bits |= (uint8_t)(((r->cell[i + k] & SNAKE_REPLAY_SHORTCUT) != 0) << k);
        *out++ = bits;
    }
    snake_bytes_put(&out, (uint64_t)r->end_len, 4);
    memcpy(out, r->end, r->end_len);
    return (size_t)(out - buf) + r->end_len;
}

size_t snake_perfect_memory_save(const SnakeCycle *c, uint8_t *buf) {
    if (!c->blocks)
        return 0;
    if (c->replay.len > 0)
        return save_replay(&c->replay, buf);
    const SnakePlan *p = &c->plan;
    uint8_t *out = buf;
    bool plan = p->len > 0;
    *out++ = (uint8_t)((plan ? MEM_PLAN : 0) | (c->commit.on ? MEM_COMMIT : 0));
    if (plan) {
        snake_bytes_put(&out, (uint64_t)p->len, 4);
        snake_bytes_put(&out, (uint64_t)p->at, 4);
        snake_bytes_put(&out, (uint64_t)p->food, 4);
        for (int i = 0; i < p->len; i++)
            snake_bytes_put(&out, (uint64_t)p->route[i], 2);
    }
    if (c->commit.on) {
        int n = c->cert.nedges;
        for (int e = 0; e < n; e += 8) {
            uint8_t bits = 0;
            for (int k = 0; k < 8 && e + k < n; k++)
                bits |= (uint8_t)((c->commit.tree[e + k] != 0) << k);
            *out++ = bits;
        }
    }
    return (size_t)(out - buf);
}

/* The plan part of a memory: false when malformed (no plan is set then). */
static bool load_plan(SnakePlan *p, SnakeBytesReader *r, int cells) {
    uint64_t n = snake_bytes_get(r, 4), at = snake_bytes_get(r, 4);
    uint64_t food = snake_bytes_get(r, 4);
    if (r->bad || n < 1 || n > (uint64_t)cells || at >= n || food >= (uint64_t)cells)
        return false;
    for (uint64_t i = 0; i < n; i++) {
        uint64_t cell = snake_bytes_get(r, 2);
        if (cell >= (uint64_t)cells)
            return false;
        p->route[i] = (int32_t)cell;
    }
    p->at = (int)at;
    p->food = (int)food;
    p->len = (int)n; /* last: a failed load leaves no plan */
    return true;
}

/* The replay part of a memory: false when malformed (no replay is set then).
 * Its cells must be a walk (one move apart) and its end a memory without a
 * replay that loads. */
static bool load_replay(SnakeCycle *c, SnakeBytesReader *r) {
    SnakeReplay *k = &c->replay;
    uint64_t n = snake_bytes_get(r, 4), at = snake_bytes_get(r, 4);
    uint64_t food = snake_bytes_get(r, 4);
    if (r->bad || n < 2 || n > (uint64_t)snake_playout_budget(c->cells) + 1 || at >= n ||
        food >= (uint64_t)c->cells)
        return false;
    for (uint64_t i = 0; i < n; i++) {
        uint64_t cell = snake_bytes_get(r, 2);
        if (cell >= (uint64_t)c->cells ||
            (i > 0 && grid_manhattan(c->w, (int)cell, (int)k->cell[i - 1]) != 1))
            return false;
        k->cell[i] = (uint32_t)cell;
    }
    for (uint64_t i = 0; i < n; i += 8) {
        unsigned bits = (unsigned)snake_bytes_get(r, 1);
        for (uint64_t b = 0; b < 8 && i + b < n; b++)
            k->cell[i + b] |= (bits >> b & 1u) ? SNAKE_REPLAY_SHORTCUT : 0u;
    }
    uint64_t end = snake_bytes_get(r, 4);
    if (r->bad || end > snake_perfect_memory_plain_max(c) || end > (uint64_t)(r->end - r->p) ||
        (end > 0 && (r->p[0] & MEM_REPLAY)))
        return false;
    memcpy(k->end, r->p, (size_t)end);
    r->p += end;
    k->end_len = (size_t)end;
    /* The end must load: try it, then forget it again. */
    bool ok = snake_perfect_memory_load(c, k->end, k->end_len);
    snake_plan_forget(&c->plan);
    c->commit.on = false;
    if (!ok)
        return false;
    k->at = (int)at;
    k->food = (int)food;
    k->len = (int)n; /* last: a failed load leaves no replay */
    return true;
}

bool snake_perfect_memory_load(SnakeCycle *c, const uint8_t *buf, size_t len) {
    SnakePlan *p = &c->plan;
    p->len = 0;
    p->at = 0;
    c->commit.on = false;
    c->commit.head = -1; /* its distance is worked out again */
    c->replay.len = 0;
    if (len == 0)
        return true; /* a new game's memory */
    if (!c->blocks)
        return false;
    SnakeBytesReader r = snake_bytes_reader(buf, len);
    unsigned flags = (unsigned)snake_bytes_get(&r, 1);
    if (flags == MEM_REPLAY && c->playout != NULL) {
        if (load_replay(c, &r) && r.p == r.end)
            return true;
        c->replay.len = 0;
        return false;
    }
    if (flags & ~(unsigned)(MEM_PLAN | MEM_COMMIT))
        return false;
    if ((flags & MEM_PLAN) && !load_plan(p, &r, c->cells))
        return false;
    if (flags & MEM_COMMIT) {
        int n = c->cert.nedges;
        for (int e = 0; e < n; e += 8) {
            unsigned bits = (unsigned)snake_bytes_get(&r, 1);
            for (int k = 0; k < 8 && e + k < n; k++)
                c->commit.tree[e + k] = (uint8_t)((bits >> k) & 1u);
        }
        c->commit.on = true;
    }
    if (r.bad || r.p != r.end) {
        p->len = 0;
        c->commit.on = false;
        return false;
    }
    return true;
}
