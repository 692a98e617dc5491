/* runner.h - plays a run's games on N threads and hands the results back in
 * game order.
 *
 * A run plays the games whose indices are first, first + stride, ... (count
 * of them), so a later option can play a share of a run (e.g. every N-th
 * game) with the same code. The caller brings one worker state per thread
 * (a game, an AI, a latency histogram: sized and initialised by the caller,
 * never shared), a play function and a take function. take receives every
 * result on the calling thread, in index order, so the output does not
 * depend on the number of threads as long as play(i) depends only on i.
 *
 * Memory is bounded: workers run at most RUNNER_SLOTS_PER_JOB games per
 * thread ahead of take, in result slots the runner allocates once and reuses
 * (a slot keeps what play left in it, e.g. a grown buffer; drop frees it at
 * the end). With one job, or when no thread can start, every game is played
 * on the calling thread. A progress bar goes to stderr when asked for and
 * stderr is a terminal.
 */
#ifndef WS_RUNNER_H
#define WS_RUNNER_H

#include <stdbool.h>
#include <stddef.h>

#include "ws_error.h"

enum { RUNNER_SLOTS_PER_JOB = 8 };

/* The game indices of a run: first + k * stride for k in 0..count-1. */
typedef struct RunnerGames {
    long first, stride, count;
} RunnerGames;

/* Plays game `index` with `worker` (one thread's state) into `result` (a
 * slot of result_size bytes, zeroed before its first use, otherwise as the
 * previous game or take left it). A failure stops the run once every
 * earlier game has been taken; err then says what failed. */
typedef WsStatus (*RunnerPlayFn)(void *worker, long index, void *result, WsError *err);

/* Takes game `index`'s result on the calling thread; games come in index
 * order. A failure stops the run. */
typedef WsStatus (*RunnerTakeFn)(void *ctx, long index, void *result, WsError *err);

/* Frees what a result slot holds, once per slot at the end of the run. */
typedef void (*RunnerDropFn)(void *result);

typedef struct Runner {
    RunnerGames games;
    int jobs;      /* worker states in `workers` (runner_jobs says how many to make) */
    void *workers; /* jobs states, worker_size bytes apart; borrowed */
    size_t worker_size;
    RunnerPlayFn play;
    size_t result_size; /* bytes per result slot */
    RunnerTakeFn take;
    void *take_ctx;
    RunnerDropFn drop; /* may be NULL */
    bool progress;     /* draw a progress bar (only when stderr is a terminal) */
} Runner;

/* How many worker states to make for `jobs` threads and `count` games: no
 * more threads than games, at least one. */
int runner_jobs(int jobs, long count);

/* Plays every game of r->games and takes each result in order. Returns
 * WS_OK, or the first failure (of play or take, in game order) with err
 * filled; WS_ERR_NOMEM when the slots cannot be allocated. */
WsStatus runner_run(const Runner *r, WsError *err);

#endif
