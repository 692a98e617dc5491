/* run_snake.h - headless snake games: batch play, statistics, traces, jobs. */
#ifndef WS_RUN_SNAKE_H
#define WS_RUN_SNAKE_H

#include <stdint.h>

#include "options.h"
#include "stats.h"

/* Totals over a batch of games. */
typedef struct SnakeBatch {
    long games, won, dead, stalled;
    double length_sum, steps_sum;
    LatencyHist decisions; /* every decision's time */
    double wall_s;
} SnakeBatch;

/* Entry point: plays opts->games games as SPEC "Headless runs" describes,
 * printing a line (or JSON object) per game and a summary to stdout. Returns
 * an exit status (report.h). */
int run_snake_headless(const AppOptions *opts);

/* Plays games 0..games-1 (seed + i) quietly on `jobs` threads (for the
 * benchmark) on the board of `rules` with `walls` (w*h bytes, 1 = wall; NULL:
 * none) and fills *out. The board and policy must have passed
 * snake_rules_check / snake_policy_check_walls; fails only when memory runs
 * out. */
WsStatus run_snake_batch(const SnakeRules *rules, const uint8_t *walls, SnakePolicy policy,
                         uint64_t seed, long games, int jobs, SnakeBatch *out, WsError *err);

#endif
