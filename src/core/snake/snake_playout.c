#include "snake_playout.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "slab.h"
#include "snake_cycle_internal.h"

/* A play-out stops after PLAYOUT_WORK / cells^2 units of work: a unit is a
 * move, a plan search or a failed check of a route's eat (the counters of
 * snake_perfect_stats, so the bound is the same on every machine), and
 * each costs work in proportion to the board, so a new food's play-outs
 * cost about as much as 2^31 / cells cells' worth: the whole apple on
 * 30x30 (2,651 units), 128 units on 64x64 and 21 on 100x100, where the
 * window keeps its frame and a play-out reaches the food in the cheaper
 * apples only (docs/perfect.md, "The apple played out"). */
#define PLAYOUT_WORK (INT64_C(1) << 31)

/* The other shape played out: the tree grown by BFS from the tail's block
 * (snake_cert_build_variant). Of the five shapes it is the one that gains
 * most alone (docs/notes/perfect-big-boards.md, round 8). */
enum { PLAYOUT_SHAPE = 4 };

/* One play-out. */
typedef struct Run {
    uint32_t *cell; /* SnakeReplay's layout: the head before the first move, then after each */
    int moves;
    bool ate;       /* ended by the eat (or the won game); else by its bound */
    bool lost;      /* the policy had no move or the game was lost: never taken */
    uint8_t *end;   /* the policy's memory after the last move */
    size_t end_len;
    SnakePerfectStats from, to; /* the counters before and after */
    /* Where it stands, so that it can stop and go on (snake_playout_choose's
     * slices): its shape, its bound and the play-out it must beat (NULL:
     * none), the units of work done, whether its moves have left that
     * play-out's, and whether it has ended. */
    int shape, bound;
    const struct Run *same;
    long work;
    bool apart, done;
} Run;

/* The first play-out's memory after each of its moves, for the second to
 * compare with while it makes the same moves (run_repeats). */
typedef struct Trail {
    uint8_t *mem; /* move k's at (k - 1) * stride */
    size_t *len;  /* its length */
    long *work;   /* the units of work done by then */
    size_t stride;
} Trail;

struct SnakePlayout {
    SnakeCycle *c; /* the policy that plays (no play-out of its own) */
    SnakeGame g;   /* the copy it plays: its body and walls are owned */
    Path route;    /* its decisions' routes, unused */
    int cells, budget;
    uint8_t *mem; /* the real policy's memory at the new food */
    size_t mem_len;
    uint8_t *now; /* the real policy's memory at a later call, to compare */
    SnakeGame start; /* the game at the new food (owned), to compare */
    int stage;       /* a play-out under way: STAGE_* */
    Run run[2];
    Trail trail; /* run[0]'s */
    bool no_stops; /* snake_playout_set_stops(p, false) */
    SnakePlayoutCounts counts;
    void *block; /* the one block mem and the runs' buffers live in (slab.h) */
};

/* A play-out's slices (snake_playout_slice): this part of its budget, about
 * a millisecond of work on any board (30x30: 82 units). */
enum { SLICES = 32 };

/* What is under way between two calls of snake_playout_choose. */
enum { STAGE_NONE, STAGE_FIRST, STAGE_SECOND };

static long work_budget(int cells) { return (long)(PLAYOUT_WORK / cells / cells); }

long snake_playout_slice(int cells) {
    long slice = work_budget(cells) / SLICES;
    return slice > 0 ? slice : 1;
}

int snake_playout_budget(int cells) {
    long b = work_budget(cells);
    return b > 4L * cells ? 4 * cells : (int)b;
}

/* The units of work done by the decisions between two readings of the counters. */
static long work_done(const SnakePerfectStats *from, const SnakePerfectStats *to) {
    const SnakePlanCounts *a = &to->plans, *b = &from->plans;
    return (a->searches - b->searches) + (a->eat_loop - b->eat_loop) + (a->eat_cut - b->eat_cut);
}

/* The buffers of the play-outs, listed and sized once (slab.h). */
static void playout_layout(void *owner, Slab *s) {
    SnakePlayout *p = owner;
    size_t mem = snake_perfect_memory_plain_max(p->c);
    p->mem = slab_take(s, mem, 1);
    p->now = slab_take(s, mem, 1);
    for (int i = 0; i < 2; i++) {
        p->run[i].cell = slab_take(s, (size_t)p->budget + 1, sizeof *p->run[i].cell);
        p->run[i].end = slab_take(s, mem, 1);
    }
    size_t moves = (size_t)p->budget;
    p->trail.stride = mem;
    p->trail.mem = slab_take(s, moves * mem, 1);
    p->trail.len = slab_take(s, moves, sizeof *p->trail.len);
    p->trail.work = slab_take(s, moves, sizeof *p->trail.work);
}

WsStatus snake_playout_create(SnakePlayout **out, int w, int h, WsError *err) {
    *out = NULL;
    SnakePlayout *p = calloc(1, sizeof *p);
    if (p == NULL)
        return ws_fail(err, WS_ERR_NOMEM, "out of memory for a %dx%d play-out", w, h);
    p->cells = w * h;
    p->budget = snake_playout_budget(p->cells);
    SnakeRules any = {w, h, 1, false}; /* sizes the buffers; snake_game_copy sets the rest */
    WsStatus st = snake_cycle_create_bare(&p->c, w, h, err);
    if (st == WS_OK)
        st = snake_game_init(&p->g, &any, 0, err);
    if (st == WS_OK)
        st = snake_game_init(&p->start, &any, 0, err);
    if (st == WS_OK)
        st = path_init(&p->route, p->cells + 1, err);
    if (st == WS_OK && (p->block = slab_alloc(playout_layout, p)) == NULL)
        st = ws_fail(err, WS_ERR_NOMEM, "out of memory for a %dx%d play-out", w, h);
    if (st != WS_OK) {
        snake_playout_destroy(p);
        return st;
    }
    *out = p;
    return WS_OK;
}

void snake_playout_destroy(SnakePlayout *p) {
    if (p == NULL)
        return;
    snake_cycle_destroy(p->c);
    snake_game_deinit(&p->g);
    snake_game_deinit(&p->start);
    path_deinit(&p->route);
    free(p->block);
    free(p);
}

/* Sets run r up to play the apple out from g, with `shape` committed at
 * the first decision (-1: the policy's own choice), for at most `bound`
 * moves and the work budget. With `same` (the play-out it must beat) it
 * counts only if it eats within those bounds, so it stops, as not eaten,
 * as soon as it cannot: a head d cells from the food needs at least d
 * more moves and d more units of work; and when it repeats `same`
 * (run_repeats) it stops there, as lost. */
static void run_begin(SnakePlayout *p, const SnakeGame *g, int shape, int bound, Run *r,
                      const Run *same) {
    snake_game_copy(&p->g, g);
    r->moves = 0;
    r->ate = r->lost = r->apart = r->done = false;
    r->shape = shape;
    r->bound = bound;
    r->same = same;
    r->work = 0;
    r->cell[0] = (uint32_t)snake_head(&g->snake);
    if (!snake_perfect_memory_load(p->c, p->mem, p->mem_len)) {
        r->lost = r->done = true;
        return;
    }
    r->from = r->to = snake_perfect_stats(p->c);
}

/* Keeps the memory the first play-out has after its latest move. */
static void trail_keep(SnakePlayout *p, const Run *r) {
    Trail *t = &p->trail;
    size_t k = (size_t)r->moves - 1;
    t->len[k] = snake_perfect_memory_save(p->c, t->mem + k * t->stride);
    t->work[k] = r->work;
}

/* Whether the second play-out, after its latest move, will make the rest
 * of the first one's moves: its moves so far are the first's (so the games
 * are the same: both started from one) and so is the policy's memory (a
 * decision depends on the game and the memory alone). Then it cannot eat
 * sooner. When the first ate, the second would eat on the same move, past
 * its bound; when the first did not, it ran out of moves or work, and so
 * will the second if it has done at least as much work by now (from here on
 * the two do the same work a move). */
static bool run_repeats(SnakePlayout *p, Run *r) {
    const Run *same = r->same;
    int k = r->moves;
    if (r->apart)
        return false;
    if (k > same->moves ||
        (r->cell[k] & SNAKE_REPLAY_CELL) != (same->cell[k] & SNAKE_REPLAY_CELL)) {
        r->apart = true; /* the bodies differ now: later moves are not compared */
        return false;
    }
    const Trail *t = &p->trail;
    if (!same->ate && r->work < t->work[k - 1])
        return false;
    size_t n = snake_perfect_memory_save(p->c, r->end); /* r->end is free until the run ends */
    return n == t->len[k - 1] && memcmp(r->end, t->mem + (size_t)(k - 1) * t->stride, n) == 0;
}

/* Plays run r on for `slice` units of work at most (0: to its end).
 * Returns whether it has ended; when it has, r->end holds the memory it
 * ended with. */
static bool run_on(SnakePlayout *p, Run *r, long slice) {
    SnakeCycle *c = p->c;
    const Run *same = r->same;
    long budget = work_budget(p->cells), stop = slice > 0 ? r->work + slice : budget;
    while (!r->done && r->moves < r->bound && r->work < budget) {
        if (r->work >= stop)
            return false;
        int d = grid_manhattan(c->w, snake_head(&p->g.snake), p->g.food);
        if (same != NULL && !p->no_stops && (r->moves + d > r->bound || d > budget - r->work)) {
            p->counts.too_far++;
            break;
        }
        bool shortcut;
        c->force_shape = r->moves == 0 ? r->shape : -1;
        Dir dir = snake_perfect_choose(c, &p->g, &p->route, false, &shortcut);
        c->force_shape = -1;
        if (dir == DIR_NONE) {
            r->lost = true;
            break;
        }
        r->to = snake_perfect_stats(c);
        r->work = r->moves + 1 + work_done(&r->from, &r->to);
        SnakeEvent ev = snake_game_tick(&p->g, dir);
        r->cell[++r->moves] =
            (uint32_t)snake_head(&p->g.snake) | (shortcut ? SNAKE_REPLAY_SHORTCUT : 0u);
        if (ev == SNAKE_EV_ATE || (ev == SNAKE_EV_OVER && p->g.outcome == SNAKE_WON)) {
            r->ate = true;
            break;
        }
        if (ev == SNAKE_EV_OVER) { /* cannot happen: perfect never dies */
            r->lost = true;
            break;
        }
        if (same == NULL) {
            trail_keep(p, r);
        } else if (!p->no_stops && run_repeats(p, r)) {
            p->counts.repeated++;
            r->lost = true;
            break;
        }
    }
    if (!r->done) {
        r->done = true;
        r->to = snake_perfect_stats(c);
        r->end_len = snake_perfect_memory_save(c, r->end);
    }
    return true;
}

/* The counters of the replayed play-out's decisions, added to c's. */
static void add_counts(SnakeCycle *c, const Run *r) {
    c->stats.short_plan_moves += r->to.short_plan_moves - r->from.short_plan_moves;
    SnakePlanCounts *n = &c->plan.counts;
    const SnakePlanCounts *a = &r->to.plans, *b = &r->from.plans;
    n->searches += a->searches - b->searches;
    n->found += a->found - b->found;
    n->no_route += a->no_route - b->no_route;
    n->out_of_bans += a->out_of_bans - b->out_of_bans;
    n->eat_loop += a->eat_loop - b->eat_loop;
    n->eat_cut += a->eat_cut - b->eat_cut;
}

static void keep_replay(SnakeCycle *c, const SnakeGame *g, const Run *r) {
    SnakeReplay *k = &c->replay;
    memcpy(k->cell, r->cell, ((size_t)r->moves + 1) * sizeof *k->cell);
    memcpy(k->end, r->end, r->end_len);
    k->end_len = r->end_len;
    k->len = r->moves + 1;
    k->at = 0;
    k->food = g->food;
    snake_plan_forget(&c->plan);
    c->commit.on = false;
    add_counts(c, r);
}

/* Whether a play-out under way started from this game and c's memory: a
 * caller may call again for another game (a steering hand, a seek), and
 * the play-out then starts afresh. */
static bool same_start(SnakePlayout *p, const SnakeCycle *c, const SnakeGame *g) {
    const SnakeGame *a = &p->start;
    if (a->steps != g->steps || a->since_eat != g->since_eat || a->food != g->food ||
        a->snake.len != g->snake.len || a->outcome != g->outcome)
        return false;
    for (int i = 0; i < g->snake.len; i++)
        if (snake_at(&a->snake, i) != snake_at(&g->snake, i))
            return false;
    if (memcmp(a->walls, g->walls, (size_t)p->cells) != 0)
        return false;
    size_t now = snake_perfect_memory_save(c, p->now);
    return now == p->mem_len && memcmp(p->now, p->mem, now) == 0;
}

SnakePlayoutCounts snake_playout_counts(const SnakePlayout *p) { return p->counts; }

void snake_playout_set_stops(SnakePlayout *p, bool on) { p->no_stops = !on; }

int snake_playout_choose(SnakePlayout *p, SnakeCycle *c, const SnakeGame *g, bool replay,
                         long slice) {
    if (p->stage != STAGE_NONE && !same_start(p, c, g))
        p->stage = STAGE_NONE;
    Run *best = &p->run[0], *alt = &p->run[1];
    if (p->stage == STAGE_NONE) {
        p->mem_len = snake_perfect_memory_save(c, p->mem);
        snake_game_copy(&p->start, g);
        run_begin(p, g, -1, p->budget, best, NULL);
        p->stage = STAGE_FIRST;
    }
    if (p->stage == STAGE_FIRST) {
        if (!run_on(p, best, slice))
            return SNAKE_PLAYOUT_PENDING;
        if (best->lost) {
            p->stage = STAGE_NONE;
            return -1; /* cannot happen: the policy plays on without a choice */
        }
        int bound = best->ate ? best->moves - 1 : p->budget;
        if (bound > 0) {
            run_begin(p, g, PLAYOUT_SHAPE, bound, alt, best);
            p->stage = STAGE_SECOND;
        } else {
            alt->done = alt->lost = true;
            alt->same = NULL;
        }
    }
    if (p->stage == STAGE_SECOND && !run_on(p, alt, slice))
        return SNAKE_PLAYOUT_PENDING;
    p->stage = STAGE_NONE;
    int shape = -1;
    SnakePlayoutCounts *n = &p->counts;
    n->apples++;
    n->work_first += best->work;
    if (alt->same != NULL) {
        n->second++;
        n->work_second += alt->work;
    }
    if (!alt->lost && alt->ate && (!best->ate || alt->moves < best->moves)) {
        best = alt;
        shape = PLAYOUT_SHAPE;
        n->won++;
    }
    if (replay && best->moves > 0) {
        keep_replay(c, g, best);
        return -1;
    }
    return shape;
}
