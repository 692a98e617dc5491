/* bench_mode_history.h - benchmarks of the arena's and the sea's time-travel
 * histories (memory, step-back latency): `wavesnake bench arena-history`,
 * `wavesnake bench sea-history`. Figures, never pass/fail. */
#ifndef WS_BENCH_MODE_HISTORY_H
#define WS_BENCH_MODE_HISTORY_H

#include <stdint.h>

#include "ws_error.h"

/* Prints one row per map and checkpoint interval (bench_history.c). */
WsStatus bench_arena_history(uint64_t seed, WsError *err);

/* Prints one row per hunter. */
WsStatus bench_sea_history(uint64_t seed, WsError *err);

#endif
