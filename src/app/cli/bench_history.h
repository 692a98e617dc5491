/* bench_history.h - `wavesnake bench history`: how fast the time travel is
 * and what it costs (figures, never pass/fail).
 *
 * For each case it plays one game while recording its SnakeHistory (with the
 * AI's memory, as the window does), then seeks the way the window's `,` key
 * does: from a random tick t (drawn from the later part of the game: at or
 * after min(1,000,000, ticks / 2)) one tick back to t - 1, rebuilding the
 * state and the AI's decision there. It prints, per case: the ticks, the
 * checkpoint interval, the history's memory, the recording cost per tick, and
 * the mean and p99 (exact, over the samples) of three seeks: `back` (t to
 * t - 1), `jump` (to t from the last sample's tick: the first seek of a
 * step-back, like a click on the timeline) and `forward` (t - 1 to t again).
 */
#ifndef WS_BENCH_HISTORY_H
#define WS_BENCH_HISTORY_H

#include <stdbool.h>
#include <stdint.h>

#include "snake.h"
#include "snake_ai.h"
#include "ws_error.h"

typedef struct BenchHistoryCase {
    int w, h;
    SnakePolicy policy;
} BenchHistoryCase;

enum { BENCH_HISTORY_MAX_CASES = 64 };

typedef struct BenchHistoryPlan {
    uint64_t seed; /* the game's seed */
    int start_length;
    bool strict;
    long samples;   /* seeks of each kind per case */
    long max_ticks; /* record at most this many ticks (0: the whole game) */
    int ncases;
    BenchHistoryCase cases[BENCH_HISTORY_MAX_CASES];
} BenchHistoryPlan;

/* The cases when none are given: 8x8 greedy, 64x64 greedy, 30x30 perfect. */
void bench_history_default_cases(BenchHistoryPlan *plan);

/* Plays, records and seeks every case, printing a row per case to stdout as
 * it is done. WS_ERR_NOMEM; WS_ERR_ARG for a case the rules refuse. */
WsStatus bench_history_run(const BenchHistoryPlan *plan, WsError *err);

#endif
