#include "snake_ai.h"

#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "names.h"
#include "snake_cycle.h"

/* ======================================================================== */
/* Names                                                                     */
/* ======================================================================== */

static const char *const POLICY_NAMES[SNAKE_POLICY_COUNT] = {"greedy", "hamilton", "perfect"};

static const char *const REASON_NAMES[SNAKE_REASON_COUNT] = {
    "none", "eat", "follow-tail", "wander", "cycle", "shortcut", "trapped"};

const char *snake_policy_name(SnakePolicy p) {
    return names_of(POLICY_NAMES, SNAKE_POLICY_COUNT, (int)p);
}

WsStatus snake_policy_check_walls(SnakePolicy p, int w, int h, const uint8_t *walls, WsError *err) {
    if (p != SNAKE_POLICY_HAMILTON && p != SNAKE_POLICY_PERFECT)
        return WS_OK; /* greedy plays every board */
    WsStatus st = snake_cycle_check_board(w, h, err);
    if (st != WS_OK)
        return st;
    for (int c = 0; walls != NULL && c < w * h; c++)
        if (walls[c])
            return ws_fail(err, WS_ERR_ARG, "the %s policy cannot play boards with walls yet",
                           snake_policy_name(p));
    return WS_OK;
}

WsStatus snake_policy_check(SnakePolicy p, int w, int h, WsError *err) {
    return snake_policy_check_walls(p, w, h, NULL, err);
}

const char *snake_reason_name(SnakeReason r) {
    return names_of(REASON_NAMES, SNAKE_REASON_COUNT, (int)r);
}

/* ======================================================================== */
/* Lifecycle                                                                 */
/* ======================================================================== */

WsStatus snake_ai_init(SnakeAi *ai, int w, int h, SnakePolicy policy, bool strict_tail,
                       WsError *err) {
    memset(ai, 0, sizeof *ai);
    if (policy < 0 || policy >= SNAKE_POLICY_COUNT)
        return ws_fail(err, WS_ERR_ARG, "unknown snake policy %d", (int)policy);
    WsStatus st = snake_policy_check(policy, w, h, err);
    if (st != WS_OK)
        return st;
    int cells = w * h;
    st = wave_init(&ai->wave, w, h, err);
    if (st == WS_OK)
        st = wave_init(&ai->scratch, w, h, err);
    if (st == WS_OK)
        st = path_init(&ai->food_path, cells, err);
    if (st == WS_OK)
        st = path_init(&ai->tail_path, cells, err);
    if (st == WS_OK)
        st = snake_init(&ai->virt, w, h, err);
    if (st == WS_OK) {
        ai->release = calloc((size_t)cells, sizeof *ai->release);
        ai->vrelease = calloc((size_t)cells, sizeof *ai->vrelease);
        if (ai->release == NULL || ai->vrelease == NULL)
            st = ws_fail(err, WS_ERR_NOMEM, "out of memory for the snake AI");
    }
    /* Any board with a cycle gets one, so a policy switch needs no allocation. */
    if (st == WS_OK && snake_cycle_check_board(w, h, NULL) == WS_OK) {
        ai->cycle = malloc(sizeof *ai->cycle);
        st = ai->cycle != NULL ? snake_cycle_init(ai->cycle, w, h, err)
                               : ws_fail(err, WS_ERR_NOMEM, "out of memory for the snake AI");
    }
    if (st != WS_OK) {
        snake_ai_deinit(ai);
        return st;
    }
    ai->w = w;
    ai->h = h;
    ai->policy = policy;
    ai->strict_tail = strict_tail;
    ai->dir = DIR_NONE;
    return WS_OK;
}

void snake_ai_deinit(SnakeAi *ai) {
    wave_deinit(&ai->wave);
    wave_deinit(&ai->scratch);
    path_deinit(&ai->food_path);
    path_deinit(&ai->tail_path);
    snake_deinit(&ai->virt);
    free(ai->release);
    free(ai->vrelease);
    if (ai->cycle != NULL) {
        snake_cycle_deinit(ai->cycle);
        free(ai->cycle);
    }
    memset(ai, 0, sizeof *ai);
}

void snake_ai_clear(SnakeAi *ai) {
    ai->dir = DIR_NONE;
    ai->reason = SNAKE_REASON_NONE;
    ai->wave.reached = 0;
    ai->wave.source = -1;
    path_clear(&ai->food_path);
    path_clear(&ai->tail_path);
    ai->virt_valid = false;
    ai->virt_safe = false;
}

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

/* Whether the head of s can reach its tail through cells the body leaves
 * before the head gets there (the tail's cell from the next tick, or the one
 * after with strict_tail), with every body cell held `delay` ticks longer:
 * delay 1 stands for one more eat before the tail moves on. `release` is
 * scratch of w*h int32, zero but for the walls (WAVE_NEVER, set by
 * choose_greedy for the whole decision), left so; `wf` receives the search. */
static bool reach_tail(const Snake *s, bool strict_tail, int32_t *release, WaveField *wf,
                       int delay) {
    if (s->len < 2)
        return true; /* a lone head is its own tail and can always move on */
    release_set(release, s, strict_tail);
    bool ok = wave_compute_timed(wf, release, -delay, snake_head(s), snake_tail(s));
    release_clear(release, s);
    return ok;
}

/* ======================================================================== */
/* Greedy                                                                    */
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
/* Tail-path length outranks food distance (which is < 2 * 256). */
enum { RANK_SCALE = 1024 };

/* The margin the virtual eat must keep. Once half the stall budget has passed
 * without eating, the snake is circling while the food stays unsafe; a small
 * risk of a trap then beats a certain stall, so the margin is dropped. */
static int eat_margin(const SnakeGame *g) {
    return g->since_eat > g->stall_limit / 2 ? 0 : EAT_DELAY;
}

/* Walks the virtual snake from s along `path` (eating at its end) and
 * reports whether its head can then still reach its tail. */
static bool virtual_eat_is_safe(SnakeAi *ai, const SnakeGame *g, const Path *path, int delay) {
    snake_copy(&ai->virt, &g->snake);
    for (int i = 1; i < path->len; i++)
        snake_advance(&ai->virt, path->cells[i], i == path->len - 1);
    ai->virt_valid = true;
    ai->virt_safe = ai->virt.len == g->floor_cells ||
                    reach_tail(&ai->virt, ai->strict_tail, ai->vrelease, &ai->scratch, delay);
    return ai->virt_safe;
}

/* Steps 1 and 2: the shortest path to the food and the virtual eat. When
 * that eat would trap the snake, the same check runs on the shortest path
 * through each other first step: a slightly longer way in often leaves the
 * tail reachable. The first safe one wins (shortest, then direction order). */
static bool greedy_try_food(SnakeAi *ai, const SnakeGame *g, int delay) {
    const Snake *s = &g->snake;
    int head = snake_head(s);
    if (g->food < 0)
        return false;
    if (!wave_compute_timed(&ai->wave, ai->release, 0, head, g->food))
        return false;
    path_from_wave(&ai->food_path, &ai->wave, g->food);
    if (virtual_eat_is_safe(ai, g, &ai->food_path, delay))
        return true;
    int first = ai->food_path.cells[1];
    int best_len = 0;
    Dir best = DIR_NONE;
    for (int d = 0; d < DIR_COUNT; d++) {
        int n = legal_target(g, (Dir)d);
        if (n < 0 || n == first || n == g->food)
            continue;
        if (!wave_compute_timed(&ai->scratch, ai->release, 1, n, g->food))
            continue;
        int len = ai->scratch.dist[g->food] + 2;
        if (best != DIR_NONE && len >= best_len)
            continue;
        path_from_wave(&ai->tail_path, &ai->scratch, g->food); /* tail_path as scratch */
        path_prepend(&ai->tail_path, head);
        if (virtual_eat_is_safe(ai, g, &ai->tail_path, delay)) {
            best = (Dir)d;
            best_len = len;
            memcpy(ai->food_path.cells, ai->tail_path.cells,
                   (size_t)ai->tail_path.len * sizeof *ai->tail_path.cells);
            ai->food_path.len = ai->tail_path.len;
        }
    }
    path_clear(&ai->tail_path);
    if (best == DIR_NONE) {
        /* Show the shortest path and its failed simulation, not the last trial. */
        path_from_wave(&ai->food_path, &ai->wave, g->food);
        virtual_eat_is_safe(ai, g, &ai->food_path, delay);
        return false;
    }
    virtual_eat_is_safe(ai, g, &ai->food_path, delay);
    return true;
}

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

/* Step 3: of the moves after which the head can still reach the tail, take the
 * one whose tail path is longest (ties: direction order). Chasing the tail by
 * the shortest path tends to close a tight loop that never lets the food
 * become safe; the longest first step spreads the body and opens space. */
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
    int best_rank = -1;
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
        if (rank > best_rank) {
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

static void choose_greedy(SnakeAi *ai, const SnakeGame *g) {
    const Snake *s = &g->snake;
    const uint8_t *walls = g->wall_count > 0 ? g->walls : NULL;
    release_walls(ai->release, walls, s->cap, WAVE_NEVER);
    release_walls(ai->vrelease, walls, s->cap, WAVE_NEVER);
    release_set(ai->release, s, ai->strict_tail);
    if (greedy_try_food(ai, g, eat_margin(g))) {
        ai->dir = path_first_dir(&ai->food_path, s->w);
        ai->reason = SNAKE_REASON_EAT;
    } else if ((ai->dir = greedy_follow_tail(ai, g)) != DIR_NONE) {
        ai->reason = SNAKE_REASON_FOLLOW_TAIL;
    } else if (eat_margin(g) > 0 && greedy_try_food(ai, g, 0)) {
        /* No tail route: an eat that leaves no margin for the next food beats
         * wandering blind. */
        ai->dir = path_first_dir(&ai->food_path, s->w);
        ai->reason = SNAKE_REASON_EAT;
    } else if ((ai->dir = greedy_wander(ai, g)) != DIR_NONE) {
        ai->reason = SNAKE_REASON_WANDER;
    } else {
        ai->reason = SNAKE_REASON_TRAPPED;
    }
    release_clear(ai->release, s);
    release_walls(ai->release, walls, s->cap, 0);
    release_walls(ai->vrelease, walls, s->cap, 0);
}

/* ======================================================================== */
/* Cycle policies (snake_cycle.h)                                            */
/* ======================================================================== */

static void choose_cycle(SnakeAi *ai, const SnakeGame *g) {
    bool shortcut = false;
    Dir d = DIR_NONE;
    /* No cycle policy plays walls yet (snake_policy_check_walls refuses them),
     * but a window user can add some mid-game: then greedy plays. */
    bool cycle = ai->cycle != NULL && g->wall_count == 0;
    if (cycle && ai->policy == SNAKE_POLICY_HAMILTON)
        d = snake_cycle_choose_hamilton(ai->cycle, g, &ai->food_path);
    else if (cycle)
        d = snake_cycle_choose_perfect(ai->cycle, g, &ai->food_path, &shortcut);
    if (d == DIR_NONE) {
        /* The body is not on a cycle (the policy was switched mid-game) or the
         * board has walls: play greedy until the game restarts on the cycle. */
        path_clear(&ai->food_path);
        if (ai->cycle != NULL)
            ai->cycle->order_len = 0;
        choose_greedy(ai, g);
        return;
    }
    ai->dir = d;
    ai->reason = shortcut ? SNAKE_REASON_SHORTCUT : SNAKE_REASON_CYCLE;
}

const int32_t *snake_ai_cycle(const SnakeAi *ai) {
    if (ai->cycle == NULL || ai->cycle->order_len == 0 ||
        (ai->reason != SNAKE_REASON_CYCLE && ai->reason != SNAKE_REASON_SHORTCUT))
        return NULL;
    return ai->cycle->order;
}

/* ======================================================================== */
/* Dispatch                                                                  */
/* ======================================================================== */

Dir snake_ai_choose(SnakeAi *ai, const SnakeGame *g) {
    snake_ai_clear(ai);
    ai->decisions++;
    switch (ai->policy) {
    case SNAKE_POLICY_GREEDY:
    case SNAKE_POLICY_COUNT:
        choose_greedy(ai, g);
        break;
    case SNAKE_POLICY_HAMILTON:
    case SNAKE_POLICY_PERFECT:
        choose_cycle(ai, g);
        break;
    }
    return ai->dir;
}
