/* bench_mode_history.c - `wavesnake bench arena-history` and `bench sea-history`:
 * what time travel costs in the arena and the sea. Figures, never pass/fail.
 *
 * arena-history: generated maps (64x64 with 60 monsters, 128x128 with 300,
 * 256x256 with 1000), each played 1,200 ticks on autopilot through an
 * ArenaHistory with a checkpoint every 8, 16 (the window's) or 32 ticks. Per row: the
 * history's memory, the ticks it keeps, the cost of a recorded tick against
 * a plain one, and the latency of a step back (`,` from the latest tick down
 * to the oldest kept: each a restore and a replay), a step forward (`.`) and
 * a jump to a random kept tick (a timeline click), mean and p99.
 *
 * sea-history: games of both hunters, every tick of each stepped back from
 * the end (a seek fires the shots again and the hunter decides once).
 *
 * Times are the thread's CPU time, which a busy machine does not inflate the
 * way it does wall time; the step back also gets its wall-clock p99 (what a
 * user on this machine would feel).
 */
#define _POSIX_C_SOURCE 200809L
#include "bench_mode_history.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "arena.h"
#include "arena_history.h"
#include "monoclock.h"
#include "sea.h"
#include "sea_ai.h"
#include "sea_history.h"
#include "stats.h"

enum { ARENA_BENCH_TICKS = 1200, ARENA_BENCH_JUMPS = 400, SEA_BENCH_GAMES = 20 };

/* A generated map and a checkpoint interval: one row. */
typedef struct ArenaBenchRow {
    int side, monsters, interval;
} ArenaBenchRow;

static const ArenaBenchRow ARENA_ROWS[] = {
    {64, 60, 8},    {64, 60, ARENA_HISTORY_INTERVAL},   {64, 60, 32},
    {128, 300, 8},  {128, 300, ARENA_HISTORY_INTERVAL}, {128, 300, 32},
    {256, 1000, 8}, {256, 1000, ARENA_HISTORY_INTERVAL},
};

static uint64_t cpu_now_ns(void) {
    struct timespec ts;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
        return 0;
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Times arena_history_seek(h, t, a): CPU time into cpu, wall time into wall (may be NULL). */
static WsStatus timed_seek(ArenaHistory *h, long t, Arena *a, LatencyHist *cpu,
                           LatencyHist *wall, WsError *err) {
    uint64_t w0 = monoclock_now_ns(), c0 = cpu_now_ns();
    WsStatus st = arena_history_seek(h, t, a, err);
    stats_add(cpu, cpu_now_ns() - c0);
    if (wall != NULL)
        stats_add(wall, monoclock_now_ns() - w0);
    return st;
}

static WsStatus arena_row(const ArenaBenchRow *m, uint64_t seed, WsError *err) {
    int interval = m->interval;
    ArenaConfig cfg = {seed, m->monsters, false};
    Arena a = {0}, plain = {0};
    ArenaHistory h = {0};
    WsStatus st = arena_init_generated(&a, m->side, m->side, &cfg, err);
    if (st == WS_OK)
        st = arena_init_generated(&plain, m->side, m->side, &cfg, err);
    if (st == WS_OK)
        st = arena_history_init(&h, &a, 0, interval, err);
    /* plain tick, recorded tick, back, forward, jump (CPU); back (wall) */
    LatencyHist *lat = calloc(6, sizeof *lat);
    if (st == WS_OK && lat == NULL)
        st = ws_fail(err, WS_ERR_NOMEM, "out of memory");
    for (long t = 0; t < ARENA_BENCH_TICKS && st == WS_OK; t++) {
        uint64_t t0 = cpu_now_ns();
        arena_tick(&plain, DIR_NONE, true);
        uint64_t t1 = cpu_now_ns();
        st = arena_history_tick(&h, &a, DIR_NONE, true, err);
        stats_add(&lat[0], t1 - t0);
        stats_add(&lat[1], cpu_now_ns() - t1);
    }
    for (long t = h.last - 1; t >= h.first && st == WS_OK; t--)
        st = timed_seek(&h, t, &a, &lat[2], &lat[5], err);
    for (long t = h.first + 1; t <= h.last && st == WS_OK; t++)
        st = timed_seek(&h, t, &a, &lat[3], NULL, err);
    Rng pick;
    rng_init(&pick, seed, RNG_STREAM_FX);
    for (int k = 0; k < ARENA_BENCH_JUMPS && st == WS_OK; k++) {
        long t = h.first + (long)rng_bounded(&pick, (uint32_t)(h.last - h.first + 1));
        st = timed_seek(&h, t, &a, &lat[4], NULL, err);
    }
    if (st == WS_OK) {
        char map[24];
        snprintf(map, sizeof map, "%dx%d/%d", m->side, m->side, m->monsters);
        printf("%-12s %4d %6.2f %5ld %8.1f %8.1f %8.2f %8.2f %9.2f %8.3f %8.2f %8.2f %8.2f\n",
               map, interval, (double)arena_history_bytes(&h) / (1024.0 * 1024.0),
               h.last - h.first, stats_mean_us(&lat[0]), stats_mean_us(&lat[1]),
               stats_mean_us(&lat[2]) / 1000.0, stats_quantile_us(&lat[2], 0.99) / 1000.0,
               stats_quantile_us(&lat[5], 0.99) / 1000.0,
               stats_mean_us(&lat[3]) / 1000.0, stats_quantile_us(&lat[3], 0.99) / 1000.0,
               stats_mean_us(&lat[4]) / 1000.0, stats_quantile_us(&lat[4], 0.99) / 1000.0);
        fflush(stdout);
    }
    free(lat);
    arena_history_deinit(&h);
    arena_deinit(&plain);
    arena_deinit(&a);
    return st;
}

WsStatus bench_arena_history(uint64_t seed, WsError *err) {
    printf("arena history benchmark: seed %llu, %d ticks on autopilot, keep >= %d ticks\n",
           (unsigned long long)seed, ARENA_BENCH_TICKS, ARENA_HISTORY_KEEP);
    printf("%-12s %4s %6s %5s %8s %8s %8s %8s %9s %8s %8s %8s %8s\n", "map", "K", "MiB", "kept",
           "tick_us", "rec_us", "back_ms", "p99_ms", "wall_p99", "fwd_ms", "p99_ms", "jump_ms",
           "p99_ms");
    WsStatus st = WS_OK;
    for (size_t r = 0; r < sizeof ARENA_ROWS / sizeof ARENA_ROWS[0] && st == WS_OK; r++)
        st = arena_row(&ARENA_ROWS[r], seed, err);
    return st;
}

/* ======================================================================== */
/* Sea                                                                       */
/* ======================================================================== */

/* Plays game `seed` with `hunter` through a history; then steps back over
 * every tick, timing each seek. Adds the shots to *shots. */
static WsStatus sea_game(SeaHunter hunter, uint64_t seed, LatencyHist *lat, long *shots,
                         WsError *err) {
    SeaGame g;
    SeaAi ai;
    Rng rng;
    SeaHistory h;
    sea_game_reset(&g, seed, SEA_PLACE_RANDOM);
    sea_ai_init(&ai, hunter);
    rng_init(&rng, seed, RNG_STREAM_OTHER);
    WsStatus st = sea_history_begin(&h, &g, &ai, &rng, err);
    while (st == WS_OK && !sea_game_is_over(&g)) {
        int cell = -1;
        st = sea_ai_choose(&ai, &g.seen, &rng, &cell, err);
        if (st == WS_OK && sea_history_shoot(&h, &g, &rng, cell) == SEA_SHOT_INVALID)
            st = ws_fail(err, WS_ERR_ARG, "the %s hunter shot at a known cell",
                         sea_hunter_name(hunter));
    }
    for (int t = h.shots - 1; t >= 0 && st == WS_OK; t--) {
        uint64_t t0 = cpu_now_ns();
        st = sea_history_seek(&h, t, &g, &ai, &rng, NULL, err);
        stats_add(lat, cpu_now_ns() - t0);
    }
    *shots += h.shots;
    return st;
}

WsStatus bench_sea_history(uint64_t seed, WsError *err) {
    printf("sea history benchmark: seed %llu, %d games per hunter, every tick stepped back\n",
           (unsigned long long)seed, SEA_BENCH_GAMES);
    printf("%-7s %6s %10s %10s %10s\n", "hunter", "bytes", "mean_shots", "back_us", "p99_us");
    LatencyHist *lat = calloc(1, sizeof *lat);
    if (lat == NULL)
        return ws_fail(err, WS_ERR_NOMEM, "out of memory");
    WsStatus st = WS_OK;
    for (int k = 0; k < SEA_HUNTER_COUNT && st == WS_OK; k++) {
        stats_clear(lat);
        long shots = 0;
        for (int i = 0; i < SEA_BENCH_GAMES && st == WS_OK; i++)
            st = sea_game((SeaHunter)k, seed + (uint64_t)i, lat, &shots, err);
        if (st == WS_OK)
            printf("%-7s %6zu %10.1f %10.1f %10.1f\n", sea_hunter_name((SeaHunter)k),
                   sizeof(SeaHistory), (double)shots / SEA_BENCH_GAMES, stats_mean_us(lat),
                   stats_quantile_us(lat, 0.99));
    }
    free(lat);
    return st;
}
