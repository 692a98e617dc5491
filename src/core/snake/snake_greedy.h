/* snake_greedy.h - the greedy policy (internal to the snake library).
 *
 * snake_ai.c dispatches a decision to greedy when the policy is greedy, and
 * when hamilton or perfect cannot play the board (snake_ai.h). Greedy writes
 * its decision into the SnakeAi it is given (dir, reason, wave, food_path,
 * virt, tail_path) and keeps its plan search in ai->plan between decisions
 * (docs/snake.md), in order:
 * 1. the shortest path head -> food (BFS; ties by direction order);
 * 2. a virtual snake walks it and eats. The eat is safe when the board is then
 *    full, or when the virtual head can reach the virtual tail with every body
 *    cell held one tick longer (the margin for the next food), no free cell is
 *    left alone between body cells and walls, and, once at most 16 cells stay
 *    free, they form one region. Safe: take the first step.
 *    Else search for a plan: moves that keep the tail in reach, then the
 *    shortest path from there, whose virtual eat is safe (depth first; moves
 *    farther from the food first, then the one with more blocked neighbours,
 *    then direction order; at most 400 evaluations, fewer on boards of more
 *    than 400 cells; its moves within half the stall budget). The search is
 *    kept and resumed after the move, so a plan is followed without searching
 *    again, and decisions stay a function of the position.
 * 3. else follow the tail: the move that leaves no free cell alone, then the
 *    longest tail path, then farther from the food (if no move keeps the tail
 *    in reach: the shortest eat, checked without the margin);
 * 4. else wander to the neighbour with the largest reachable area.
 * The margin is dropped after half the stall budget without eating, the hole
 * rules after three quarters. Searches treat each body cell as free from the
 * tick it will have moved away (the tail's from the next tick, or the one
 * after under the strict-tail rule), and never enter a wall, so greedy plays
 * every board.
 */
#ifndef WS_SNAKE_GREEDY_H
#define WS_SNAKE_GREEDY_H

#include "snake.h"
#include "snake_ai.h"
#include "ws_error.h"

/* The plan search makes at most SNAKE_GREEDY_BUDGET evaluations a decision,
 * so a plan is at most SNAKE_GREEDY_DEPTH_CAP cells before its path to the
 * food: ai->food_path must hold w*h + SNAKE_GREEDY_DEPTH_CAP cells. */
enum { SNAKE_GREEDY_BUDGET = 400, SNAKE_GREEDY_DEPTH_CAP = SNAKE_GREEDY_BUDGET + 2 };

/* Allocates ai->plan for a w x h board (snake_ai_init; ai->plan NULL before). */
WsStatus snake_greedy_init(SnakeAi *ai, int w, int h, WsError *err);
/* Frees ai->plan (NULL is fine) and sets it to NULL. */
void snake_greedy_deinit(SnakeAi *ai);
/* Drops the kept search (snake_ai_clear): the next one starts afresh. */
void snake_greedy_forget(SnakeAi *ai);
/* One greedy decision for game g into ai (its last decision already blanked).
 * Never allocates. */
void snake_greedy_choose(SnakeAi *ai, const SnakeGame *g);

#endif
