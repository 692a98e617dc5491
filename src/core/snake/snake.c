#include "snake.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"

/* ======================================================================== */
/* Body                                                                      */
/* ======================================================================== */

WsStatus snake_init(Snake *s, int w, int h, WsError *err) {
    memset(s, 0, sizeof *s);
    if (w < SNAKE_MIN_SIDE || h < SNAKE_MIN_SIDE || w > SNAKE_MAX_SIDE || h > SNAKE_MAX_SIDE)
        return ws_fail(err, WS_ERR_ARG, "board size %dx%d: each side must be %d..%d", w, h,
                       SNAKE_MIN_SIDE, SNAKE_MAX_SIDE);
    int cells = w * h;
    s->ring = malloc((size_t)cells * sizeof *s->ring);
    s->occ = calloc((size_t)cells, 1);
    if (s->ring == NULL || s->occ == NULL) {
        snake_deinit(s);
        return ws_fail(err, WS_ERR_NOMEM, "out of memory for a %dx%d snake", w, h);
    }
    s->w = w;
    s->h = h;
    s->cap = cells;
    return WS_OK;
}

void snake_deinit(Snake *s) {
    free(s->ring);
    free(s->occ);
    memset(s, 0, sizeof *s);
}

void snake_reset(Snake *s, int tail_cell, int len) {
    memset(s->occ, 0, (size_t)s->cap);
    /* Ring index i holds segment len-1-i: the tail at index 0, the head at len-1. */
    for (int i = 0; i < len; i++) {
        s->ring[i] = tail_cell + i;
        s->occ[tail_cell + i] = 1;
    }
    s->len = len;
    s->head = len - 1;
}

void snake_copy(Snake *dst, const Snake *src) {
    /* Re-pack the ring so the copy costs O(len) for the ring, not O(cap). */
    for (int i = 0; i < src->len; i++)
        dst->ring[src->len - 1 - i] = snake_at(src, i);
    dst->len = src->len;
    dst->head = src->len - 1;
    memcpy(dst->occ, src->occ, (size_t)src->cap);
}

void snake_advance(Snake *s, int cell, bool grow) {
    if (!grow) {
        s->occ[snake_tail(s)] = 0; /* the tail leaves before the head arrives */
    } else {
        s->len++;
    }
    s->head++;
    if (s->head == s->cap)
        s->head = 0;
    s->ring[s->head] = cell;
    s->occ[cell] = 1;
}

/* ======================================================================== */
/* Game                                                                      */
/* ======================================================================== */

WsStatus snake_rules_check(const SnakeRules *r, WsError *err) {
    if (r->w < SNAKE_MIN_SIDE || r->w > SNAKE_MAX_SIDE || r->h < SNAKE_MIN_SIDE ||
        r->h > SNAKE_MAX_SIDE)
        return ws_fail(err, WS_ERR_ARG, "board size %dx%d: each side must be %d..%d", r->w, r->h,
                       SNAKE_MIN_SIDE, SNAKE_MAX_SIDE);
    if (r->start_length < 1 || r->start_length > r->w || r->start_length >= r->w * r->h)
        return ws_fail(err, WS_ERR_ARG,
                       "start length %d must be 1..%d (at most the board width and less than "
                       "the %d cells)",
                       r->start_length, r->w * r->h > r->w ? r->w : r->w - 1, r->w * r->h);
    return WS_OK;
}

WsStatus snake_game_init(SnakeGame *g, const SnakeRules *rules, uint64_t seed, WsError *err) {
    memset(g, 0, sizeof *g);
    WsStatus st = snake_rules_check(rules, err);
    if (st != WS_OK)
        return st;
    st = snake_init(&g->snake, rules->w, rules->h, err);
    if (st != WS_OK)
        return st;
    g->walls = calloc((size_t)g->snake.cap, 1);
    if (g->walls == NULL) {
        snake_game_deinit(g);
        return ws_fail(err, WS_ERR_NOMEM, "out of memory for a %dx%d board", rules->w, rules->h);
    }
    g->rules = *rules;
    g->floor_cells = g->snake.cap;
    g->stall_limit = 4L * rules->w * rules->h;
    snake_game_reset(g, seed);
    return WS_OK;
}

void snake_game_deinit(SnakeGame *g) {
    snake_deinit(&g->snake);
    free(g->walls);
    memset(g, 0, sizeof *g);
}

void snake_game_copy(SnakeGame *dst, const SnakeGame *src) {
    Snake body = dst->snake;
    uint8_t *walls = dst->walls;
    *dst = *src; /* every field by value, so a field added later is copied too */
    dst->snake = body;
    dst->walls = walls;
    snake_copy(&dst->snake, &src->snake);
    memcpy(dst->walls, src->walls, (size_t)src->snake.cap);
}

/* The start rule (snake.h): the tail cell of the leftmost run of len floor
 * cells in the first row that has one, or -1 if no row does. */
static int start_tail_cell(int w, int h, const uint8_t *walls, int len) {
    for (int y = 0; y < h; y++) {
        int run = 0;
        for (int x = 0; x < w; x++) {
            run = walls != NULL && walls[y * w + x] ? 0 : run + 1;
            if (run == len)
                return y * w + x - (len - 1);
        }
    }
    return -1;
}

int snake_game_start_tail(const SnakeGame *g) {
    return start_tail_cell(g->rules.w, g->rules.h, g->walls, g->rules.start_length);
}

WsStatus snake_game_set_walls(SnakeGame *g, const uint8_t *walls, WsError *err) {
    int cells = g->snake.cap, len = g->rules.start_length;
    int count = 0;
    for (int c = 0; walls != NULL && c < cells; c++)
        count += walls[c] != 0;
    if (start_tail_cell(g->rules.w, g->rules.h, walls, len) < 0)
        return ws_fail(err, WS_ERR_ARG, "no room for a start snake of length %d", len);
    if (cells - count <= len)
        return ws_fail(err, WS_ERR_ARG,
                       "start length %d must be less than the board's %d floor cells", len,
                       cells - count);
    for (int c = 0; c < cells; c++)
        g->walls[c] = walls != NULL && walls[c] != 0;
    g->wall_count = count;
    g->floor_cells = cells - count;
    snake_game_reset(g, g->seed);
    return WS_OK;
}

bool snake_game_toggle_wall(SnakeGame *g, int cell) {
    const Snake *s = &g->snake;
    if (cell < 0 || cell >= s->cap || s->occ[cell] || cell == g->food)
        return false;
    if (g->walls[cell]) {
        g->walls[cell] = 0;
        g->wall_count--;
        g->floor_cells++;
        return true;
    }
    /* A new wall must leave the next game a start (snake_game_reset cannot fail). */
    int len = g->rules.start_length;
    g->walls[cell] = 1;
    if (g->floor_cells - 1 <= len || start_tail_cell(s->w, s->h, g->walls, len) < 0) {
        g->walls[cell] = 0;
        return false;
    }
    g->wall_count++;
    g->floor_cells--;
    return true;
}

void snake_game_place_food(SnakeGame *g) {
    const Snake *s = &g->snake;
    int empty = g->floor_cells - s->len;
    if (empty <= 0) {
        g->food = SNAKE_NO_FOOD;
        return;
    }
    uint32_t k = rng_bounded(&g->place, (uint32_t)empty);
    for (int cell = 0; cell < s->cap; cell++) {
        if (s->occ[cell] || g->walls[cell])
            continue;
        if (k == 0) {
            g->food = cell;
            return;
        }
        k--;
    }
    g->food = SNAKE_NO_FOOD; /* unreachable: there were `empty` empty cells */
}

void snake_game_reset(SnakeGame *g, uint64_t seed) {
    g->seed = seed;
    rng_init(&g->place, seed, RNG_STREAM_PLACE);
    rng_init(&g->other, seed, RNG_STREAM_OTHER);
    int tail = start_tail_cell(g->rules.w, g->rules.h, g->walls, g->rules.start_length);
    assert(tail >= 0); /* the walls always leave a start (snake_game_set_walls) */
    snake_reset(&g->snake, tail, g->rules.start_length);
    g->steps = 0;
    g->since_eat = 0;
    g->outcome = SNAKE_PLAYING;
    snake_game_place_food(g);
}

bool snake_game_is_legal(const SnakeGame *g, Dir d) {
    if (d < 0 || d >= DIR_COUNT)
        return false;
    const Snake *s = &g->snake;
    int target = grid_neighbor(s->w, s->h, snake_head(s), d);
    if (target < 0 || g->walls[target])
        return false;
    if (!s->occ[target])
        return true;
    /* The tail leaves this tick unless the snake eats, and food is never on the body. */
    return !g->rules.strict_tail && target == snake_tail(s) && s->len > 1;
}

bool snake_game_has_move(const SnakeGame *g) {
    for (int d = 0; d < DIR_COUNT; d++)
        if (snake_game_is_legal(g, (Dir)d))
            return true;
    return false;
}

SnakeEvent snake_game_tick(SnakeGame *g, Dir d) {
    if (g->outcome != SNAKE_PLAYING)
        return SNAKE_EV_OVER;
    if (!snake_game_is_legal(g, d)) {
        g->outcome = SNAKE_DEAD;
        return SNAKE_EV_OVER;
    }
    Snake *s = &g->snake;
    int target = grid_neighbor(s->w, s->h, snake_head(s), d);
    bool eat = target == g->food;
    snake_advance(s, target, eat);
    g->steps++;
    if (eat) {
        g->since_eat = 0;
        snake_game_place_food(g);
        if (s->len == g->floor_cells) {
            g->outcome = SNAKE_WON;
            return SNAKE_EV_OVER;
        }
    } else {
        g->since_eat++;
    }
    if (!snake_game_has_move(g)) {
        g->outcome = SNAKE_DEAD;
        return SNAKE_EV_OVER;
    }
    if (g->since_eat >= g->stall_limit) {
        g->outcome = SNAKE_STALLED;
        return SNAKE_EV_OVER;
    }
    return eat ? SNAKE_EV_ATE : SNAKE_EV_MOVED;
}

void snake_game_forfeit(SnakeGame *g) {
    if (g->outcome == SNAKE_PLAYING)
        g->outcome = SNAKE_FORFEIT;
}

bool snake_outcome_parse(const char *name, SnakeOutcome *out) {
    const SnakeOutcome ended[] = {SNAKE_WON, SNAKE_DEAD, SNAKE_STALLED, SNAKE_FORFEIT};
    for (size_t i = 0; i < sizeof ended / sizeof ended[0]; i++)
        if (strcmp(name, snake_outcome_name(ended[i])) == 0) {
            *out = ended[i];
            return true;
        }
    return false;
}

const char *snake_outcome_name(SnakeOutcome o) {
    switch (o) {
    case SNAKE_PLAYING:
        return "playing";
    case SNAKE_WON:
        return "won";
    case SNAKE_DEAD:
        return "dead";
    case SNAKE_STALLED:
        return "stalled";
    case SNAKE_FORFEIT:
        return "forfeit";
    }
    return "?";
}
