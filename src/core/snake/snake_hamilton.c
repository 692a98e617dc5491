#include "snake_hamilton.h"

#include "grid.h"
#include "snake_cert.h"
#include "snake_cycle_internal.h"

/* Whether the body lies on the outline of k->tree as one stretch, tail to head. */
static bool on_outline(const SnakeCert *k, const Snake *s) {
    int cell = snake_tail(s);
    for (int i = s->len - 2; i >= 0; i--) {
        cell = snake_cert_outline_next(k, k->tree, cell);
        if (cell != snake_at(s, i))
            return false;
    }
    return true;
}

/* hamilton on a board with walls: the outline of one fixed tree of the free
 * blocks, the one index-order Kruskal grows around the start body's
 * constraints (so the start body lies on it). When the start body lies on no
 * block cycle, the tree is the walls' own (no body constraint), and the game
 * opens with a way onto its outline (snake_opening.h). Rebuilt every
 * decision from the walls and the start rule alone, so nothing is kept
 * between decisions. */
static Dir choose_walled(SnakeCycle *c, const SnakeGame *g, Path *route) {
    SnakeCert *k = &c->cert;
    const Snake *s = &g->snake;
    if (!snake_cycle_start_tree(k, g)) {
        snake_cert_clear(k); /* the walls' own tree */
        if (!snake_cert_build(k))
            return DIR_NONE;
        if (!on_outline(k, s)) {
            Dir d = snake_opening_next(&c->opening, k, g, route);
            c->opened = d != DIR_NONE && snake_game_is_legal(g, d);
            return c->opened ? d : DIR_NONE;
        }
    }
    if (!on_outline(k, s))
        return DIR_NONE;
    snake_cycle_order_tree(c, k->tree, snake_tail(s));
    snake_cycle_route_along(route, c->order, c->order_len, s->len - 1, g->food);
    int head = snake_head(s);
    Dir d = grid_dir_between(c->w, head, snake_cert_outline_next(k, k->tree, head));
    return snake_game_is_legal(g, d) ? d : DIR_NONE;
}

Dir snake_hamilton_choose(SnakeCycle *c, const SnakeGame *g, Path *route) {
    const Snake *s = &g->snake;
    c->opened = false;
    c->order_len = 0; /* an opening's move has no cycle to draw */
    if (!snake_cycle_sync_walls(c, g))
        return DIR_NONE;
    if (c->walls != NULL)
        return choose_walled(c, g, route);
    if (!snake_cycle_fixed_in_order(c, s))
        return DIR_NONE; /* e.g. after a policy switch: the caller falls back */
    int head = snake_head(s);
    Dir d = grid_dir_between(c->w, head, snake_cycle_fixed_next(c, head));
    snake_cycle_order_fixed(c);
    snake_cycle_route_along(route, c->fixed, c->cells, c->fixed_pos[head], g->food);
    return snake_game_is_legal(g, d) ? d : DIR_NONE;
}
