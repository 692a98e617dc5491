/* snake_summary.h - the summary line of a headless snake run, printed the
 * same way by a run (run_snake.c) and by `wavesnake merge` (merge.c), so
 * that merged shards print exactly what one run prints.
 *
 * Besides the totals it keeps how many games took each number of steps, for
 * the spread of the steps: sample standard deviation, min, median (the mean
 * of the middle two for an even count), max. Kept as counts per distinct
 * value, so a million games of one board cost what its range of step counts
 * costs, not 8 bytes a game (memory stays flat however long the run).
 */
#ifndef WS_SNAKE_SUMMARY_H
#define WS_SNAKE_SUMMARY_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "snake.h"
#include "ws_error.h"

/* How many games took this many steps. */
typedef struct SnakeStepCount {
    long steps, games;
} SnakeStepCount;

typedef struct SnakeSummary {
    long games, won, dead, stalled, forfeit; /* forfeit: an engine failed (docs/engines.md) */
    double length_sum;
    SnakeStepCount *steps; /* distinct step counts, ascending; owned */
    long steps_len, steps_cap;

    /* What the games were: the run seed (game i plays seed + i), the board,
     * the policy's name and the tail rule. */
    uint64_t seed;
    int w, h, cells; /* cells: the floor (w * h minus the walls) */
    int walls;
    const char *policy;
    bool strict_tail;

    /* The run's identity beyond the above (merge refuses shards that differ
     * in any of it): --games of the whole run, the shard (0/1: all games),
     * the start length, the walls by content (snake_summary_walls_hash) and
     * the program's version (NULL: this program's). */
    long games_total;
    long shard_k, shard_n;
    int start_length;
    uint64_t walls_hash;
    const char *version;

    /* Measurements (machine and load dependent; merge can only estimate them). */
    double decision_us_mean, decision_us_p99, wall_s;
    bool timed; /* some decision was timed: else the text says "none" for both times */
    int jobs;
} SnakeSummary;

/* Counts one game. Fails only when memory runs out. */
WsStatus snake_summary_add(SnakeSummary *s, SnakeOutcome outcome, int length, long steps,
                           WsError *err);

/* Prints the summary line (text) or object (json), with a newline. */
void snake_summary_print(FILE *out, SnakeSummary *s, bool json);

void snake_summary_free(SnakeSummary *s);

/* The walls by content: FNV-1a 64 over the board's sides and the indices of
 * its wall cells (walls: w*h bytes, 1 = wall); 0 for a board without walls.
 * Two maps of one size and wall count but other walls differ here. */
uint64_t snake_summary_walls_hash(const uint8_t *walls, int w, int h);

/* This program's version ("1.2.3"), as summaries print it. */
const char *snake_summary_version(void);

#endif
