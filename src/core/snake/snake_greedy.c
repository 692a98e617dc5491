/* snake_greedy.c - the greedy policy: the shortest eat, checked by a virtual
 * snake, a plan search when it is unsafe, then the tail, then room
 * (snake_greedy.h, docs/snake.md). */
#include "snake_greedy.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"

/* The plan search (below) makes at most PLAN_BUDGET evaluations per
 * decision, so a plan is at most PLAN_BUDGET + 1 moves deep before its path
 * to the food. An evaluation costs searches over the board, so on boards of
 * more than 400 cells the budget shrinks to keep PLAN_WORK cells' worth of
 * searching, down to PLAN_BUDGET_MIN. */
enum {
    PLAN_BUDGET = SNAKE_GREEDY_BUDGET,
    PLAN_WORK = PLAN_BUDGET * 400,
    PLAN_BUDGET_MIN = 32,
    PLAN_DEPTH_CAP = SNAKE_GREEDY_DEPTH_CAP
};

/* ======================================================================== */
/* Release times                                                             */
/* ======================================================================== */

/* Segment i (head 0) of a body of len cells is the tail, leaving, on tick
 * len - i. The head may enter that cell on the same tick under the free-tail
 * rule and one tick later under the strict one. */
static void release_set(int32_t *release, const Snake *s, bool strict_tail) {
    int32_t extra = strict_tail ? 1 : 0;
    for (int i = 0; i < s->len; i++)
        release[snake_at(s, i)] = (int32_t)(s->len - i) + extra;
}

static void release_clear(int32_t *release, const Snake *s) {
    for (int i = 0; i < s->len; i++)
        release[snake_at(s, i)] = 0;
}

/* Walls never open: they hold WAVE_NEVER in a release array while a search
 * needs them, and 0 again afterwards (walls may be NULL: none). */
static void release_walls(int32_t *release, const uint8_t *walls, int cells, int32_t value) {
    for (int c = 0; walls != NULL && c < cells; c++)
        if (walls[c])
            release[c] = value;
}

/* ======================================================================== */
/* The eat rules                                                             */
/* ======================================================================== */

/* Legal neighbour of the head in direction d, or -1. */
static int legal_target(const SnakeGame *g, Dir d) {
    if (!snake_game_is_legal(g, d))
        return -1;
    const Snake *s = &g->snake;
    return grid_neighbor(s->w, s->h, snake_head(s), d);
}

/* The virtual eat must leave the tail reachable even if the body is held one
 * tick longer, as it is when the next food appears on the tail route and gets
 * eaten. Without this margin about twice as many games end in a trap. */
enum { EAT_DELAY = 1 };
/* Tail-path length outranks food distance (which is < 2 * 256), and leaving
 * a cell alone outranks both (tail paths are shorter than 65536 steps). */
enum { RANK_SCALE = 1024, LONE_PENALTY = RANK_SCALE * 65536 };
/* When at most this many cells stay free after an eat, they must form one
 * region: a pocket cut off from the rest is where the endgame dies (strict
 * rule: the next food lands in it) or stalls (the snake can never fill it). */
enum { HOLE_LIMIT = 16 };

/* The margin the virtual eat must keep when it starts t ticks from now. Once
 * half the stall budget has passed without eating, the snake is circling while
 * the food stays unsafe; a small risk of a trap then beats a certain stall, so
 * the margin is dropped. */
static int eat_margin(const SnakeGame *g, int t) {
    return g->since_eat + t > g->stall_limit / 2 ? 0 : EAT_DELAY;
}

/* The hole rules hold for eats that start before three quarters of the stall
 * budget have passed: after that a pocket beats a stall. */
static bool holes_matter(const SnakeGame *g, int t) {
    return g->since_eat + t < g->stall_limit / 4 * 3;
}

/* ======================================================================== */
/* The plan search                                                           */
/* ======================================================================== */

/* ---- The plan search's state --------------------------------------------
 * A plan is t moves that never eat, each keeping the tail in reach, and then
 * the shortest path from where they end to the food. All the cells involved
 * form the "walk": the body from its tail to its head, the plan's cells, then
 * the path's. Entry m of the walk is released (the head may enter it) at tick
 * m + 1, or m + 2 under the strict rule, counted from the decision, and
 * ai->release holds these times for the body and the plan being searched, so
 * every search below is a wave_compute_timed at an offset, with no copy of
 * the snake. */
struct SnakePlan {
    int32_t *cell;      /* per depth: the head's cell (depth 0: the real head) */
    int32_t *saved;     /* per depth: that cell's release before the plan took it */
    int32_t *kids;      /* 4 per depth: the node's children in search order */
    int32_t *entered;   /* per depth: evaluations made before the node was entered */
    uint8_t *nkids;     /* per depth: how many children */
    uint8_t *evaluated; /* per depth: children whose eat was tested */
    uint8_t *descended; /* per depth: children tried for descent */
    int depth;          /* the node the last search stopped at */
    int evals;          /* evaluations the last search made */
    bool resumable;     /* it can go on from the position after the move to cell[1] */
    Snake next;         /* that position's body */
    int next_food;
    long next_since;
    uint8_t *next_walls; /* and its walls (w*h bytes) */
    Path trial;                      /* a node's shortest path to the food */
    int32_t *trial_saved;            /* the releases the trial path overwrote */
    int32_t fix_cell[4], fix_val[4]; /* cells reopened by eat_check */
    int32_t *free_list; /* the cells free at the decision (release 0), the food included */
    int free_n;
    int32_t *alone_list; /* those of them without a free neighbour */
    int alone_n;
    long horizon;  /* plans must end before this many ticks without eating */
    int budget;    /* evaluations per search: PLAN_BUDGET, fewer on big boards */
    int32_t *nbr;  /* 4 neighbours per cell in direction order, -1 off the board */
    uint8_t *mark; /* per cell, all zero between uses (flood_count) */
};

WsStatus snake_greedy_init(SnakeAi *ai, int w, int h, WsError *err) {
    int cells = w * h, cap = PLAN_DEPTH_CAP;
    SnakePlan *p = calloc(1, sizeof *p);
    ai->plan = p;
    if (p == NULL)
        return ws_fail(err, WS_ERR_NOMEM, "out of memory for the snake AI");
    p->cell = malloc((size_t)cap * sizeof *p->cell);
    p->saved = malloc((size_t)cap * sizeof *p->saved);
    p->kids = malloc((size_t)cap * DIR_COUNT * sizeof *p->kids);
    p->entered = malloc((size_t)cap * sizeof *p->entered);
    p->nkids = malloc((size_t)cap);
    p->evaluated = malloc((size_t)cap);
    p->descended = malloc((size_t)cap);
    p->trial_saved = malloc((size_t)cells * sizeof *p->trial_saved);
    p->free_list = malloc((size_t)cells * sizeof *p->free_list);
    p->alone_list = malloc((size_t)cells * sizeof *p->alone_list);
    p->nbr = malloc((size_t)cells * DIR_COUNT * sizeof *p->nbr);
    p->mark = calloc((size_t)cells, 1);
    p->next_walls = calloc((size_t)cells, 1);
    if (p->cell == NULL || p->saved == NULL || p->kids == NULL || p->entered == NULL ||
        p->nkids == NULL || p->evaluated == NULL || p->descended == NULL ||
        p->trial_saved == NULL || p->free_list == NULL || p->alone_list == NULL || p->nbr == NULL ||
        p->mark == NULL || p->next_walls == NULL)
        return ws_fail(err, WS_ERR_NOMEM, "out of memory for the snake AI");
    for (int c = 0; c < cells; c++)
        for (int d = 0; d < DIR_COUNT; d++)
            p->nbr[DIR_COUNT * c + d] = grid_neighbor(w, h, c, (Dir)d);
    WsStatus st = path_init(&p->trial, cells, err);
    if (st == WS_OK)
        st = snake_init(&p->next, w, h, err);
    return st;
}

void snake_greedy_deinit(SnakeAi *ai) {
    SnakePlan *p = ai->plan;
    if (p == NULL)
        return;
    free(p->cell);
    free(p->saved);
    free(p->kids);
    free(p->entered);
    free(p->nkids);
    free(p->evaluated);
    free(p->descended);
    free(p->trial_saved);
    free(p->free_list);
    free(p->alone_list);
    free(p->nbr);
    free(p->mark);
    free(p->next_walls);
    path_deinit(&p->trial);
    snake_deinit(&p->next);
    free(p);
    ai->plan = NULL;
}

void snake_greedy_forget(SnakeAi *ai) {
    if (ai->plan != NULL)
        ai->plan->resumable = false;
}

/* Entry m of the walk of a plan of t moves followed by `trial`. */
static int walk_cell(const SnakePlan *p, const Snake *s, int t, const Path *trial, int m) {
    if (m < s->len)
        return snake_at(s, s->len - 1 - m);
    m -= s->len - 1;
    return m <= t ? p->cell[m] : trial->cells[m - t];
}

/* Whether free cell c (release <= lim) has no free neighbour. */
static bool is_alone(const SnakeAi *ai, int c, int32_t lim) {
    const int32_t *nb = ai->plan->nbr + DIR_COUNT * c;
    for (int d = 0; d < DIR_COUNT; d++)
        if (nb[d] >= 0 && ai->release[nb[d]] <= lim)
            return false;
    return true;
}

/* How many cells with release <= lim are reachable from `start` through such
 * cells. Uses scratch.order as the queue. */
static int flood_count(SnakeAi *ai, int start, int32_t lim) {
    const int32_t *nbr = ai->plan->nbr, *rel = ai->release;
    int32_t *queue = ai->scratch.order;
    uint8_t *mark = ai->plan->mark;
    int head = 0, tail = 0;
    queue[tail++] = start;
    mark[start] = 1;
    while (head < tail) {
        const int32_t *nb = nbr + DIR_COUNT * queue[head++];
        for (int d = 0; d < DIR_COUNT; d++) {
            int n = nb[d];
            if (n < 0 || mark[n] || rel[n] > lim)
                continue;
            mark[n] = 1;
            queue[tail++] = n;
        }
    }
    for (int i = 0; i < tail; i++)
        mark[queue[i]] = 0;
    return tail;
}

/* The hole rules for an eat at tick T, t moves into the plan, after which
 * free_after cells are free (release <= T - 1, or T under the strict rule):
 * 1. no free cell is left alone (all its neighbours body or wall): a lone cell
 *    can only be filled by stepping in and straight out to the tail, so the
 *    snake circles around it, and under the strict rule the next food there
 *    is a trap;
 * 2. when at most HOLE_LIMIT cells stay free, they form one region. */
static bool holes_ok(SnakeAi *ai, const Snake *s, int t, const Path *trial, int T, int free_after) {
    SnakePlan *p = ai->plan;
    const int32_t *rel = ai->release;
    int32_t lim = (int32_t)(T - 1 + (ai->strict_tail ? 1 : 0));
    /* A cell alone after the eat is next to a cell of the plan or the path
     * that is still body, or was alone at the decision, or is the cell the
     * tail left last (docs/snake.md shows why); no other cell needs a look. */
    int k = trial->len - 1;
    for (int m = T - s->len > 1 ? T - s->len : 1; m <= t + k; m++) {
        const int32_t *nb = p->nbr + DIR_COUNT * (m <= t ? p->cell[m] : trial->cells[m - t]);
        for (int d = 0; d < DIR_COUNT; d++)
            if (nb[d] >= 0 && rel[nb[d]] <= lim && is_alone(ai, nb[d], lim))
                return false;
    }
    for (int i = 0; i < p->alone_n; i++) {
        int c = p->alone_list[i];
        if (rel[c] <= lim && is_alone(ai, c, lim))
            return false;
    }
    if (T >= 2) {
        int c = walk_cell(p, s, t, trial, T - 2);
        if (rel[c] <= lim && is_alone(ai, c, lim))
            return false;
    }
    if (free_after >= 2 && free_after <= HOLE_LIMIT) {
        /* Every free cell was free at the decision or is a walk cell the tail
         * has left: flood from the first one found. */
        int start = -1;
        for (int i = 0; i < p->free_n && start < 0; i++)
            if (rel[p->free_list[i]] <= lim)
                start = p->free_list[i];
        for (int m = T - 2; m >= 0 && start < 0; m--) {
            int c = walk_cell(p, s, t, trial, m);
            if (rel[c] <= lim)
                start = c;
        }
        if (start >= 0 && flood_count(ai, start, lim) < free_after)
            return false;
    }
    return true;
}

/* The virtual eat: the snake, t moves into the plan, walks `trial` (a path
 * from its head to the food) and eats. Safe when the board is then full, or
 * when the hole rules hold (while they matter) and the virtual head can reach
 * the virtual tail with every body cell held `delay` ticks longer. */
static bool eat_check(SnakeAi *ai, const SnakeGame *g, int t, const Path *trial, int delay) {
    SnakePlan *p = ai->plan;
    const Snake *s = &g->snake;
    int32_t *rel = ai->release;
    int extra = ai->strict_tail ? 1 : 0;
    int k = trial->len - 1, T = t + k;
    int free_after = p->free_n - 1;
    if (free_after <= 0)
        return true;
    for (int j = 1; j <= k; j++) {
        int c = trial->cells[j];
        p->trial_saved[j] = rel[c];
        rel[c] = (int32_t)(s->len + t + j + extra);
    }
    /* The hole rules first: they look at a few cells, the tail search at
     * the board. */
    bool safe = !holes_matter(g, t) || holes_ok(ai, s, t, trial, T, free_after);
    if (safe) {
        /* The virtual body is walk entries T-1 (its tail) on. The offset
         * T-1-delay makes them release `delay` ticks late, but also holds
         * the cells the tail left just before the eat: reopen those. */
        int fixed = 0;
        for (int m = T - 2; m >= 0 && m + 2 + extra - T + delay >= 2; m--) {
            int c = walk_cell(p, s, t, trial, m);
            if (rel[c] == (int32_t)(m + 1 + extra)) {
                p->fix_cell[fixed] = c;
                p->fix_val[fixed++] = rel[c];
                rel[c] = 0;
            }
        }
        safe = wave_compute_timed(&ai->scratch, rel, T - 1 - delay, g->food,
                                  walk_cell(p, s, t, trial, T - 1));
        while (fixed > 0) {
            fixed--;
            rel[p->fix_cell[fixed]] = p->fix_val[fixed];
        }
    }
    for (int j = k; j >= 1; j--)
        rel[trial->cells[j]] = p->trial_saved[j];
    return safe;
}

/* Keeps for the overlay the virtual snake after s walks `path` and eats. */
static void virtual_show(SnakeAi *ai, const Snake *s, const Path *path, bool safe) {
    snake_copy(&ai->virt, s);
    for (int i = 1; i < path->len; i++)
        snake_advance(&ai->virt, path->cells[i], i == path->len - 1);
    ai->virt_valid = true;
    ai->virt_safe = safe;
}

/* Node t's children: its legal moves except onto the food, farther from the
 * food first (the body near the food ages while the head is away), then the
 * one with more blocked neighbours (hugging the body leaves no holes), then
 * direction order. */
static void plan_expand(SnakeAi *ai, const SnakeGame *g, int t) {
    SnakePlan *p = ai->plan;
    int32_t *kids = p->kids + DIR_COUNT * t;
    Point food = grid_cell_point(ai->w, g->food);
    int keys[DIR_COUNT];
    int n = 0;
    for (int d = 0; d < DIR_COUNT; d++) {
        int c = p->nbr[DIR_COUNT * p->cell[t] + d];
        if (c < 0 || c == g->food || ai->release[c] > t + 1)
            continue;
        int blocked = 0;
        for (int e = 0; e < DIR_COUNT; e++) {
            int m = p->nbr[DIR_COUNT * c + e];
            if (m < 0 || ai->release[m] > t + 2)
                blocked++;
        }
        int key = point_manhattan(grid_cell_point(ai->w, c), food) * 8 + blocked;
        int j = n++;
        for (; j > 0 && keys[j - 1] < key; j--) { /* stable: ties keep direction order */
            keys[j] = keys[j - 1];
            kids[j] = kids[j - 1];
        }
        keys[j] = key;
        kids[j] = c;
    }
    p->nkids[t] = (uint8_t)n;
    p->evaluated[t] = 0;
    p->descended[t] = 0;
}

/* Moves the plan's head to c at depth t. */
static void plan_push(SnakeAi *ai, int len, int t, int c) {
    SnakePlan *p = ai->plan;
    assert(t < PLAN_DEPTH_CAP); /* each level costs an evaluation first */
    p->cell[t] = c;
    p->saved[t] = ai->release[c];
    ai->release[c] = (int32_t)(len + t + (ai->strict_tail ? 1 : 0));
}

static void plan_pop(SnakeAi *ai, int t) { ai->release[ai->plan->cell[t]] = ai->plan->saved[t]; }

/* After a search: remember the position its first move leads to. */
static void plan_keep(SnakeAi *ai, const SnakeGame *g) {
    SnakePlan *p = ai->plan;
    p->resumable = p->depth >= 1;
    if (!p->resumable)
        return;
    snake_copy(&p->next, &g->snake);
    snake_advance(&p->next, p->cell[1], false);
    p->next_food = g->food;
    p->next_since = g->since_eat + 1;
    memcpy(p->next_walls, g->walls, (size_t)(ai->w * ai->h));
}

/* Whether g is the position the last search's first move leads to. */
static bool plan_can_resume(const SnakeAi *ai, const SnakeGame *g) {
    const SnakePlan *p = ai->plan;
    const Snake *s = &g->snake, *n = &p->next;
    if (!p->resumable || g->food != p->next_food || g->since_eat != p->next_since ||
        s->len != n->len || memcmp(g->walls, p->next_walls, (size_t)(ai->w * ai->h)) != 0)
        return false;
    for (int i = 0; i < s->len; i++)
        if (snake_at(s, i) != snake_at(n, i))
            return false;
    return true;
}

/* Re-roots the last search at its first move: depth d becomes d - 1. */
static void plan_resume(SnakeAi *ai, const SnakeGame *g) {
    SnakePlan *p = ai->plan;
    int depth = p->depth - 1, base = p->entered[1];
    size_t levels = (size_t)depth + 1;
    memmove(p->cell, p->cell + 1, levels * sizeof *p->cell);
    memmove(p->kids, p->kids + DIR_COUNT, levels * DIR_COUNT * sizeof *p->kids);
    memmove(p->entered, p->entered + 1, levels * sizeof *p->entered);
    memmove(p->nkids, p->nkids + 1, levels);
    memmove(p->evaluated, p->evaluated + 1, levels);
    memmove(p->descended, p->descended + 1, levels);
    for (int d = 1; d <= depth; d++) {
        p->entered[d] -= base;
        plan_push(ai, g->snake.len, d, p->cell[d]);
    }
    p->entered[0] = 0;
    p->depth = depth;
    p->evals -= base;
}

/* Step 2b, when the shortest eat is unsafe: a depth-first search for a plan
 * whose virtual eat is safe. At each node the children are evaluated in
 * search order (plan_expand), each by its shortest path to the food and the
 * virtual eat at its end, and the first safe one is the plan. Otherwise the
 * search descends into them in the same order, where the tail stays in reach
 * without eating and the plan would still end within the horizon. It stops
 * after PLAN_BUDGET evaluations; the path found goes to ai->food_path.
 *
 * Every test depends only on the node's position, so a search started after
 * the first move would repeat the steps below that move and then go on: the
 * AI keeps the stopped search and resumes it (plan_resume), which gives the
 * same decision as a new search for a fraction of the work. A plan found is
 * thus followed to its end unless the position changes. */
static bool plan_search(SnakeAi *ai, const SnakeGame *g, bool resume) {
    SnakePlan *p = ai->plan;
    const Snake *s = &g->snake;
    int32_t *rel = ai->release;
    int food = g->food;
    if (food < 0 || s->len < 2) {
        p->resumable = false;
        return false;
    }
    if (resume) {
        plan_resume(ai, g);
    } else {
        p->depth = 0;
        p->evals = 0;
        p->cell[0] = snake_head(s);
        p->entered[0] = 0;
        plan_expand(ai, g, 0);
    }
    int t = p->depth;
    bool found = false;
    while (p->evals < p->budget) {
        if (p->evaluated[t] < p->nkids[t]) {
            int c = p->kids[DIR_COUNT * t + p->evaluated[t]];
            p->evals++;
            plan_push(ai, s->len, t + 1, c);
            if (wave_compute_timed(&ai->scratch, rel, t + 1, c, food)) {
                path_from_wave(&p->trial, &ai->scratch, food);
                found = eat_check(ai, g, t + 1, &p->trial, eat_margin(g, t + 1));
            }
            plan_pop(ai, t + 1);
            if (found) {
                /* `evaluated` stays put: a resumed search finds this again. */
                path_clear(&ai->food_path);
                for (int m = 0; m <= t; m++)
                    ai->food_path.cells[ai->food_path.len++] = p->cell[m];
                for (int m = 0; m < p->trial.len; m++)
                    ai->food_path.cells[ai->food_path.len++] = p->trial.cells[m];
                break;
            }
            p->evaluated[t]++;
        } else if (p->descended[t] < p->nkids[t]) {
            int c = p->kids[DIR_COUNT * t + p->descended[t]++];
            if (g->since_eat + t + 2 >= p->horizon)
                continue;
            plan_push(ai, s->len, t + 1, c);
            rel[food] = WAVE_NEVER; /* reaching the tail must not need an eat */
            bool tail_ok = wave_compute_timed(&ai->scratch, rel, t + 1, c,
                                              walk_cell(p, s, t + 1, NULL, t + 1));
            rel[food] = 0;
            if (!tail_ok) {
                plan_pop(ai, t + 1);
                continue;
            }
            t++;
            p->entered[t] = p->evals;
            plan_expand(ai, g, t);
        } else if (t > 0) {
            plan_pop(ai, t);
            t--;
        } else {
            break; /* every plan within the horizon was tried */
        }
    }
    p->depth = t;
    for (int m = t; m >= 1; m--)
        plan_pop(ai, m);
    plan_keep(ai, g);
    return found;
}

/* ======================================================================== */
/* The steps of a decision                                                   */
/* ======================================================================== */

/* Whether, after the head steps to n (not eating), it can still reach the tail
 * (now at trial_tail). The food cell is closed in this search; a route that
 * needs it is accepted only if it works with every body cell held one tick
 * longer, as eating on the way would hold them. Leaves the search in scratch. */
static bool tail_reachable_after(SnakeAi *ai, const SnakeGame *g, int n, int trial_tail) {
    if (wave_compute_timed(&ai->scratch, ai->release, 1, n, trial_tail))
        return true;
    if (g->food < 0)
        return false;
    ai->release[g->food] = 0;
    bool ok = wave_compute_timed(&ai->scratch, ai->release, 0, n, trial_tail);
    ai->release[g->food] = WAVE_NEVER;
    return ok;
}

/* Whether the head stepping to n (not eating) leaves a free neighbour of n,
 * other than the food, with no free neighbour of its own (the food counts as
 * one: eating it fills the pair). */
static bool leaves_alone(const SnakeAi *ai, const SnakeGame *g, int n) {
    const int32_t *nbr = ai->plan->nbr, *rel = ai->release;
    int32_t lim = 1 + (ai->strict_tail ? 1 : 0);
    for (int d = 0; d < DIR_COUNT; d++) {
        int x = nbr[DIR_COUNT * n + d];
        if (x < 0 || rel[x] > lim || x == g->food)
            continue;
        bool alone = true;
        for (int e = 0; e < DIR_COUNT && alone; e++) {
            int y = nbr[DIR_COUNT * x + e];
            if (y >= 0 && y != n && (rel[y] <= lim || y == g->food))
                alone = false;
        }
        if (alone)
            return true;
    }
    return false;
}

/* Step 3: of the moves after which the head can still reach the tail, take the
 * one that leaves no free cell alone, then the one whose tail path is longest,
 * then the one farther from the food, then direction order. Chasing the tail
 * by the shortest path tends to close a tight loop that never lets the food
 * become safe; the longest first step spreads the body and opens space. A
 * cell left alone is the hole the eat rules refuse to leave. */
static Dir greedy_follow_tail(SnakeAi *ai, const SnakeGame *g) {
    const Snake *s = &g->snake;
    if (s->len < 2)
        return DIR_NONE; /* a lone head has no tail to follow; wander instead */
    int trial_tail = snake_at(s, s->len - 2); /* the tail after one move */
    /* A route over the food would eat it and hold the tail, which the release
     * times do not model: these searches keep off that cell (see
     * tail_reachable_after). */
    if (g->food >= 0)
        ai->release[g->food] = WAVE_NEVER;
    Dir best = DIR_NONE;
    int best_rank = 0;
    for (int d = 0; d < DIR_COUNT; d++) {
        int n = legal_target(g, (Dir)d);
        if (n < 0 || n == g->food)
            continue; /* eating was judged unsafe above */
        if (!tail_reachable_after(ai, g, n, trial_tail))
            continue;
        int dist = ai->scratch.dist[trial_tail];
        /* Rank by tail-path length, then by distance from the food: walking
         * away lets the body straighten out before the next approach. */
        int rank = dist * RANK_SCALE;
        if (g->food >= 0)
            rank += point_manhattan(grid_cell_point(s->w, n), grid_cell_point(s->w, g->food));
        if (leaves_alone(ai, g, n))
            rank -= LONE_PENALTY;
        if (best == DIR_NONE || rank > best_rank) {
            best_rank = rank;
            best = (Dir)d;
        }
    }
    if (best != DIR_NONE) {
        /* Keep the chosen route for the overlay: the head, then n's path to the tail. */
        int n = grid_neighbor(s->w, s->h, snake_head(s), best);
        tail_reachable_after(ai, g, n, trial_tail);
        path_from_wave(&ai->tail_path, &ai->scratch, trial_tail);
        path_prepend(&ai->tail_path, snake_head(s));
    }
    if (g->food >= 0)
        ai->release[g->food] = 0;
    return best;
}

/* Step 4: the legal move that keeps the largest reachable area. */
static Dir greedy_wander(SnakeAi *ai, const SnakeGame *g) {
    Dir best = DIR_NONE;
    int best_area = -1;
    for (int d = 0; d < DIR_COUNT; d++) {
        int n = legal_target(g, (Dir)d);
        if (n < 0)
            continue;
        wave_compute_timed(&ai->scratch, ai->release, n == g->food ? 0 : 1, n, -1);
        if (ai->scratch.reached > best_area) {
            best_area = ai->scratch.reached;
            best = (Dir)d;
        }
    }
    return best;
}

/* Steps 1 and 2: the shortest path to the food (into ai->wave and
 * ai->food_path) and, if `check`, its virtual eat with the given margin. */
static bool greedy_shortest_eat(SnakeAi *ai, const SnakeGame *g, int delay, bool check) {
    const Snake *s = &g->snake;
    if (g->food < 0 || !wave_compute_timed(&ai->wave, ai->release, 0, snake_head(s), g->food))
        return false;
    path_from_wave(&ai->food_path, &ai->wave, g->food);
    return check && eat_check(ai, g, 0, &ai->food_path, delay);
}

/* Step 2a, when the shortest eat is unsafe: the shortest path that enters the
 * food from another side. The search's tie-break picks one way in, and by a
 * wall or the board's edge it is often the one that lays the body across a
 * corridor: on the spiral map the path up the right-hand corridor turns
 * along the top edge and ends on the food there, and the body then cuts the
 * head off from its tail in every eat, forever. Entering from the left, or
 * from below, leaves the corridor open. Takes the shortest safe one (ties in
 * direction order) into ai->food_path. Played on walled boards only (see
 * snake_greedy_choose). */
static bool greedy_side_eat(SnakeAi *ai, const SnakeGame *g, int delay) {
    SnakePlan *p = ai->plan;
    const Snake *s = &g->snake;
    int food = g->food, head = snake_head(s);
    if (food < 0 || ai->food_path.len < 3)
        return false; /* no path, or the food is next to the head: one way in */
    int used = ai->food_path.cells[ai->food_path.len - 2];
    int best = -1, best_len = 0;
    for (int d = 0; d < DIR_COUNT; d++) {
        int a = p->nbr[DIR_COUNT * food + d];
        if (a < 0 || a == used || a == head || ai->release[a] != 0)
            continue;
        ai->release[food] = WAVE_NEVER;
        bool found = wave_compute_timed(&ai->scratch, ai->release, 0, head, a);
        ai->release[food] = 0;
        if (!found || (best >= 0 && ai->scratch.dist[a] + 2 >= best_len))
            continue;
        path_from_wave(&p->trial, &ai->scratch, a);
        p->trial.cells[p->trial.len++] = food;
        if (eat_check(ai, g, 0, &p->trial, delay)) {
            best = d;
            best_len = p->trial.len;
            memcpy(ai->tail_path.cells, p->trial.cells, (size_t)p->trial.len * sizeof *p->trial.cells);
        }
    }
    if (best < 0)
        return false;
    memcpy(ai->food_path.cells, ai->tail_path.cells, (size_t)best_len * sizeof *ai->food_path.cells);
    ai->food_path.len = best_len;
    path_clear(&ai->tail_path);
    return true;
}

/* What every eat check of this decision shares: the free cells, those alone,
 * and the plan horizon. */
static void greedy_survey(SnakeAi *ai, const SnakeGame *g) {
    SnakePlan *p = ai->plan;
    int cells = ai->w * ai->h;
    p->free_n = 0;
    for (int c = 0; c < cells; c++)
        if (ai->release[c] == 0)
            p->free_list[p->free_n++] = c;
    p->alone_n = 0;
    for (int i = 0; i < p->free_n; i++)
        if (is_alone(ai, p->free_list[i], 0))
            p->alone_list[p->alone_n++] = p->free_list[i];
    p->horizon = g->stall_limit / 2;
    p->budget = PLAN_WORK / cells;
    p->budget = p->budget > PLAN_BUDGET       ? PLAN_BUDGET
                : p->budget < PLAN_BUDGET_MIN ? PLAN_BUDGET_MIN
                                              : p->budget;
}

void snake_greedy_choose(SnakeAi *ai, const SnakeGame *g) {
    const Snake *s = &g->snake;
    const uint8_t *walls = g->wall_count > 0 ? g->walls : NULL;
    release_walls(ai->release, walls, s->cap, WAVE_NEVER);
    release_set(ai->release, s, ai->strict_tail);
    greedy_survey(ai, g);
    int delay = eat_margin(g, 0);
    /* Where the last search can go on, it has tested this position's
     * shortest eat already (and found it unsafe). */
    bool resume = plan_can_resume(ai, g);
    bool eat = greedy_shortest_eat(ai, g, delay, !resume);
    bool refused = !eat && ai->food_path.len > 0;
    /* Only where walls are: on open boards (8x8 x 1000) it won one stalled
     * game under the free rule but lost 17 more under the strict one. */
    if (!eat && walls != NULL && greedy_side_eat(ai, g, delay))
        eat = true;
    if (eat)
        ai->plan->resumable = false;
    else
        eat = ai->detour = plan_search(ai, g, resume); /* the HUD says "plan" (snake_ai.h) */
    if (eat) {
        virtual_show(ai, s, &ai->food_path, true);
        ai->dir = path_first_dir(&ai->food_path, s->w);
        ai->reason = SNAKE_REASON_EAT;
    } else if ((ai->dir = greedy_follow_tail(ai, g)) != DIR_NONE) {
        ai->reason = SNAKE_REASON_FOLLOW_TAIL;
    } else if (delay > 0 && greedy_shortest_eat(ai, g, 0, true)) {
        /* No tail route: an eat that leaves no margin for the next food beats
         * wandering blind. */
        virtual_show(ai, s, &ai->food_path, true);
        ai->dir = path_first_dir(&ai->food_path, s->w);
        ai->reason = SNAKE_REASON_EAT;
    } else if ((ai->dir = greedy_wander(ai, g)) != DIR_NONE) {
        ai->reason = SNAKE_REASON_WANDER;
    } else {
        ai->reason = SNAKE_REASON_TRAPPED;
    }
    if (ai->reason != SNAKE_REASON_EAT) {
        if (refused) /* show the refused shortest path (still in food_path) */
            virtual_show(ai, s, &ai->food_path, false);
        else
            path_clear(&ai->food_path);
    }
    release_clear(ai->release, s);
    release_walls(ai->release, walls, s->cap, 0);
}
