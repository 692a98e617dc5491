/* snake_wheel.c - whose move the snake makes: the AI's or the player's (snake_wheel.h). */
#include "snake_wheel.h"

#include "grid.h"

void snake_wheel_reset(SnakeWheel *w) { *w = (SnakeWheel){.driving = false, .last = DIR_NONE}; }

void snake_wheel_steer(SnakeWheel *w, Dir d, uint64_t now_ms) {
    if (d < 0 || d >= DIR_COUNT)
        return;
    w->driving = true;
    w->last_ms = now_ms;
    if (w->queued > 0 && w->queue[w->queued - 1] == d)
        return; /* a held key repeats: one turn is enough */
    if (w->queued == SNAKE_WHEEL_QUEUE) {
        for (int i = 1; i < SNAKE_WHEEL_QUEUE; i++)
            w->queue[i - 1] = w->queue[i];
        w->queued--;
    }
    w->queue[w->queued++] = d;
}

void snake_wheel_release(SnakeWheel *w) {
    w->driving = false;
    w->queued = 0;
}

void snake_wheel_touch(SnakeWheel *w, uint64_t now_ms) { w->last_ms = now_ms; }

bool snake_wheel_idle_check(SnakeWheel *w, uint64_t now_ms) {
    if (!w->driving || now_ms - w->last_ms < SNAKE_WHEEL_IDLE_MS)
        return false;
    snake_wheel_release(w);
    return true;
}

uint64_t snake_wheel_idle_left(const SnakeWheel *w, uint64_t now_ms) {
    if (!w->driving)
        return 0;
    uint64_t idle = now_ms - w->last_ms;
    return idle >= SNAKE_WHEEL_IDLE_MS ? 0 : SNAKE_WHEEL_IDLE_MS - idle;
}

Dir snake_wheel_heading(const SnakeWheel *w, const SnakeGame *g) {
    const Snake *s = &g->snake;
    if (s->len > 1) {
        Dir d = grid_dir_between(s->w, snake_at(s, 1), snake_head(s));
        if (d != DIR_NONE)
            return d;
    }
    return w->last != DIR_NONE ? w->last : DIR_RIGHT;
}

/* The index of the first queued turn that is not a reversal, or w->queued. */
static int first_turn(const SnakeWheel *w, Dir heading) {
    int i = 0;
    while (i < w->queued && w->queue[i] == dir_opposite(heading))
        i++;
    return i;
}

Dir snake_wheel_peek(const SnakeWheel *w, const SnakeGame *g, Dir ai_move) {
    if (!w->driving)
        return ai_move;
    Dir heading = snake_wheel_heading(w, g);
    int i = first_turn(w, heading);
    return i < w->queued ? w->queue[i] : heading;
}

Dir snake_wheel_move(SnakeWheel *w, const SnakeGame *g, Dir ai_move) {
    Dir d = snake_wheel_peek(w, g, ai_move);
    if (!w->driving) {
        w->last = d;
        return d;
    }
    /* Drop the reversals before the turn taken, and the turn itself. */
    int used = first_turn(w, snake_wheel_heading(w, g));
    if (used < w->queued)
        used++;
    for (int i = used; i < w->queued; i++)
        w->queue[i - used] = w->queue[i];
    w->queued -= used;
    w->last = d;
    return d;
}
