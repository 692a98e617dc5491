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

/* Plays opts->games games as SPEC "Headless runs" describes, printing a line
 * (or JSON object) per game and a summary to stdout. Returns an exit status. */
int run_snake_headless(const AppOptions *opts);

/* Plays `games` games quietly (for the benchmark); fills *out. Returns false
 * on a setup failure (message printed). */
bool run_snake_batch(const SnakeRules *rules, SnakePolicy policy, uint64_t seed, long games,
                     int jobs, SnakeBatch *out);

#endif
