/* snake_perfect.h - the `perfect` policy: the fewest steps that keep a
 * Hamiltonian-cycle certificate (docs/perfect.md).
 *
 * Both sides even: every move either follows the outline of a block tree
 * that agrees with the body (snake_cert.h), or follows a plan whose end, the
 * state right after the eat, was checked to have one (snake_plan.h). Each
 * decision weighs the best of several trees (its outline's way to the food)
 * against the shortest plan that checks out; at a new food the tree is the
 * shape whose apple, played out, ends soonest (snake_playout.h). One side odd: the fixed cycle
 * with Tapsell's shortcuts (free tail; under the strict-tail rule the cycle
 * itself). What perfect keeps between decisions is its memory (below).
 */
#ifndef WS_SNAKE_PERFECT_H
#define WS_SNAKE_PERFECT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dir.h"
#include "path.h"
#include "snake.h"
#include "snake_cycle.h"
#include "snake_plan.h"
#include "snake_playout.h"

/* The move with the shortest way to the food among the moves that keep the
 * invariant; *shortcut is false when the move simply follows the
 * certificate cycle. Fills route with the planned route head -> food.
 * Returns DIR_NONE when the body has no certificate and no live plan (it
 * was not played by this policy from the start), so the caller can fall
 * back. With `explain` false, a move along a kept plan leaves the cycle
 * (snake_cycle_order) empty: only an overlay shows it, and it costs a
 * certificate build; and the apple played out at a new food is replayed,
 * its route the rest of the play-out, not decided again. The moves are
 * the same either way. */
Dir snake_perfect_choose(SnakeCycle *c, const SnakeGame *g, Path *route, bool explain,
                         bool *shortcut);

/* Counters for tests and benchmarks; they never change a decision. */
typedef struct SnakePerfectStats {
    long short_plan_moves; /* decisions that followed a plan already as short as can be */
    int free_max;          /* the longest body whose plans may start with free moves */
    SnakePlanCounts plans; /* how its plan searches ended */
    SnakePlayoutCounts playouts; /* what its play-outs at new foods did (zero: none) */
} SnakePerfectStats;
/* For tools built against this header and older ones (the benchmark
 * harness compares commits): the stats hold `plans`. */
#define SNAKE_PERFECT_STATS_PLANS 1
/* ... and `plans` counts the failed eat checks by kind (eat_loop, eat_cut). */
#define SNAKE_PERFECT_STATS_EAT_CHECKS 1
/* ... and the stats hold `playouts`. */
#define SNAKE_PERFECT_STATS_PLAYOUTS 1

SnakePerfectStats snake_perfect_stats(const SnakeCycle *c);

/* ---- memory ----------------------------------------------------------------
 * What perfect keeps from one decision to the next on a board with two even
 * sides: the plan it follows and the tree it committed to, or instead the
 * apple it played out at the last new food while it replays it (without
 * overlays: snake_playout.h). Everything else is the last decision's
 * output or scratch. With one odd side (Tapsell's
 * shortcuts on the fixed cycle) nothing is kept. The encoding is
 * deterministic: equal memories give equal bytes, and following a plan
 * changes only its position (snake_ai.h, "Memory"). */

/* The most bytes snake_perfect_memory_save writes for this board (0 when the
 * board keeps no memory: one side odd). */
size_t snake_perfect_memory_max(const SnakeCycle *c);

/* Writes the memory into buf (snake_perfect_memory_max bytes); returns its length. */
size_t snake_perfect_memory_save(const SnakeCycle *c, uint8_t *buf);

/* Sets the memory from len bytes written by snake_perfect_memory_save on the
 * same board; len 0 is the memory of a new game (no plan, nothing committed).
 * False, with the memory set to that of a new game, when the bytes are
 * malformed. */
bool snake_perfect_memory_load(SnakeCycle *c, const uint8_t *buf, size_t len);

#endif
