/* snake_summary.h - the summary line of a headless snake run, printed the
 * same way by a run (run_snake.c) and by `wavesnake merge` (merge.c), so
 * that merged shards print exactly what one run prints.
 *
 * Besides the totals it keeps every game's steps, for the spread of the
 * steps: sample standard deviation, min, median (the mean of the middle two
 * for an even count), max.
 */
#ifndef WS_SNAKE_SUMMARY_H
#define WS_SNAKE_SUMMARY_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "snake.h"
#include "ws_error.h"

typedef struct SnakeSummary {
    long games, won, dead, stalled, forfeit; /* forfeit: an engine failed (docs/engines.md) */
    double length_sum;
    long *steps; /* every game's steps, in the order added; owned */
    long steps_cap;

    /* What the games were: the run seed (game i plays seed + i), the board,
     * the policy's name and the tail rule. */
    uint64_t seed;
    int w, h, cells; /* cells: the floor (w * h minus the walls) */
    int walls;
    const char *policy;
    bool strict_tail;

    /* Measurements (machine and load dependent; merge can only estimate them). */
    double decision_us_mean, decision_us_p99, wall_s;
    int jobs;
} SnakeSummary;

/* Counts one game. Fails only when memory runs out. */
WsStatus snake_summary_add(SnakeSummary *s, SnakeOutcome outcome, int length, long steps,
                           WsError *err);

/* Prints the summary line (text) or object (json), with a newline. */
void snake_summary_print(FILE *out, SnakeSummary *s, bool json);

void snake_summary_free(SnakeSummary *s);

#endif
