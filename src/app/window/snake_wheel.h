/* snake_wheel.h - take the wheel: the arrow keys steer the snake.
 *
 * The wheel decides, each tick, whose move the snake makes: the AI's (the
 * view's pending decision) or the player's. It is a per-tick input to the
 * same tick the AI's moves go through, so a history or a trace records a
 * steered move like any other. Classic snake rules: the snake keeps going
 * the way it heads; an arrow turns it on the next tick; a reversal (the way
 * back into its neck) is ignored; presses between two ticks queue up (up to
 * SNAKE_WHEEL_QUEUE), so a quick "up, left" makes two turns on two ticks.
 *
 * The AI drives again on `A` (snake_wheel_release) or after SNAKE_WHEEL_IDLE_MS without
 * an arrow while the game runs (snake_wheel_idle_check; a pause does not count as
 * idle time, see snake_wheel_touch). Pure logic: no SDL, no clock of its own (the
 * caller passes its millisecond clock), no allocation.
 */
#ifndef WS_SNAKE_WHEEL_H
#define WS_SNAKE_WHEEL_H

#include <stdbool.h>
#include <stdint.h>

#include "dir.h"
#include "snake.h"

enum {
    SNAKE_WHEEL_IDLE_MS = 3000, /* idle time after which the AI takes the wheel back */
    /* Ticks per second while the player drives: at the default 15 the snake
     * crosses a 20x20 board in a second and one press sends it into a wall
     * before a person can press again; at 4 each tick leaves a quarter
     * second to see and turn. The user's speed applies again when the AI
     * drives (a slower user speed stays). */
    SNAKE_WHEEL_PACE = 4,
    SNAKE_WHEEL_QUEUE = 3 /* arrow presses kept for the next ticks */
};

typedef struct SnakeWheel {
    bool driving;           /* the player steers; false: the AI drives */
    Dir queue[SNAKE_WHEEL_QUEUE]; /* turns not yet made, oldest first */
    int queued;
    uint64_t last_ms; /* the last arrow (or snake_wheel_touch), on the caller's clock */
    Dir last;         /* the move snake_wheel_move returned last (DIR_NONE: none this game) */
} SnakeWheel;

/* The AI drives, nothing queued, no move made yet (a new game). */
void snake_wheel_reset(SnakeWheel *w);

/* An arrow press at now_ms: the player drives, and d is queued as the next
 * turn (the oldest press is dropped when the queue is full; a press equal to
 * the last queued one is not queued twice). */
void snake_wheel_steer(SnakeWheel *w, Dir d, uint64_t now_ms);

/* `A`: the AI drives again; queued turns are dropped. */
void snake_wheel_release(SnakeWheel *w);

/* Restarts the idle time at now_ms (a resume after a pause, a single step:
 * the player is still there). */
void snake_wheel_touch(SnakeWheel *w, uint64_t now_ms);

/* Hands the wheel back to the AI when the player has been idle for
 * SNAKE_WHEEL_IDLE_MS at now_ms. Returns true when it did. */
bool snake_wheel_idle_check(SnakeWheel *w, uint64_t now_ms);

/* Milliseconds of idle time left before the AI takes over (0 when the AI drives). */
uint64_t snake_wheel_idle_left(const SnakeWheel *w, uint64_t now_ms);

/* The way the snake of g heads now: from its neck to its head; at length 1
 * (no neck) the wheel's last move, or DIR_RIGHT (the start heading) before
 * the first. */
Dir snake_wheel_heading(const SnakeWheel *w, const SnakeGame *g);

/* The move of this tick, and consumes the queued turn it used: the AI's
 * `ai_move` when the AI drives; else the first queued turn that is not a
 * reversal of the heading (reversals are dropped), or the heading when none
 * is queued. Call it once per tick, with the game before the move. */
Dir snake_wheel_move(SnakeWheel *w, const SnakeGame *g, Dir ai_move);

/* What snake_wheel_move would return now, without consuming anything: the
 * player's next move, for drawing (the eyes). */
Dir snake_wheel_peek(const SnakeWheel *w, const SnakeGame *g, Dir ai_move);

#endif
