/* Headless arena runs: time every tick, print one summary. */
#define _POSIX_C_SOURCE 200809L
#include "run_arena.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "arena_setup.h"
#include "cli.h"
#include "monoclock.h"
#include "report.h"
#include "stats.h"

static uint64_t cpu_now_ns(void) {
    struct timespec ts;
    if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) != 0)
        return 0;
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* The headless run below its entry point: fills err instead of printing it. */
static WsStatus headless(const AppOptions *opts, Arena *a, LatencyHist *hist, WsError *err) {
    char name[4200];
    WsStatus st = arena_setup_open(opts, opts->seed, a, name, sizeof name, err);
    if (st != WS_OK)
        return st;
    if (!opts->seed_given)
        cli_note_clock_seed(opts->seed, "run");
    long recomputes_at_start = a->recomputes_total;
    uint64_t wall0 = monoclock_now_ns(), cpu0 = cpu_now_ns();
    for (long t = 0; t < opts->ticks; t++) {
        uint64_t t0 = monoclock_now_ns();
        arena_tick(a, DIR_NONE, true);
        stats_add(hist, monoclock_now_ns() - t0);
    }
    double wall_s = (double)(monoclock_now_ns() - wall0) / 1e9;
    /* CPU time is the steadier figure on a shared machine: a tick that loses
     * the processor to another program counts only what it ran. */
    double cpu_us = (double)(cpu_now_ns() - cpu0) / 1e3 / (double)opts->ticks;
    double mean = stats_mean_us(hist), p99 = stats_quantile_us(hist, 0.99);
    long recomputes = a->recomputes_total - recomputes_at_start;
    bool alive = a->hero_deaths == 0;
    if (opts->json) {
        printf(
            "{\"summary\":true,\"ticks\":%ld,\"monsters\":%d,\"monsters_alive\":%d,"
            "\"map_recomputes\":%ld,\"recomputes_per_tick\":%.3f,\"tick_us_mean\":%.3f,"
            "\"tick_us_p99\":%.2f,\"tick_cpu_us_mean\":%.3f,\"hero_alive\":%s,\"hero_deaths\":%ld,"
            "\"gold_collected\":%ld,\"kills\":%ld,\"potions_drunk\":%ld,\"naive\":%s,"
            "\"seed\":%llu,\"size\":\"%dx%d\",\"hash\":\"%016llx\",\"wall_s\":%.3f,\"map\":",
            opts->ticks, a->mon_count, arena_alive_count(a), recomputes,
            (double)recomputes / (double)opts->ticks, mean, p99, cpu_us, alive ? "true" : "false",
            a->hero_deaths, a->gold_collected, a->kills, a->potions_drunk,
            opts->naive ? "true" : "false", (unsigned long long)opts->seed, a->w, a->h,
            (unsigned long long)arena_hash(a), wall_s);
        report_json_string(stdout, name);
        printf("}\n");
    } else {
        char quoted[4 * sizeof name + 1]; /* the name as messages show it */
        ws_quote(quoted, sizeof quoted, name);
        printf("arena: ticks %ld, monsters %d (%d alive), map_recomputes %ld (%.2f per tick), "
               "tick_us_mean %.3f, tick_us_p99 %.2f, tick_cpu_us_mean %.3f, hero_alive %s, "
               "hero_deaths %ld, "
               "gold_collected %ld, kills %ld, potions_drunk %ld, naive %s, seed %llu, "
               "map %s (%dx%d), hash %016llx, wall_s %.3f\n",
               opts->ticks, a->mon_count, arena_alive_count(a), recomputes,
               (double)recomputes / (double)opts->ticks, mean, p99, cpu_us, alive ? "yes" : "no",
               a->hero_deaths, a->gold_collected, a->kills, a->potions_drunk,
               opts->naive ? "yes" : "no", (unsigned long long)opts->seed, quoted, a->w, a->h,
               (unsigned long long)arena_hash(a), wall_s);
    }
    arena_deinit(a);
    return WS_OK;
}

int run_arena_headless(const AppOptions *opts) {
    WsError err = {0};
    Arena *a = calloc(1, sizeof *a);
    LatencyHist *hist = calloc(1, sizeof *hist);
    WsStatus st = a == NULL || hist == NULL ? ws_fail(&err, WS_ERR_NOMEM, "out of memory")
                                            : headless(opts, a, hist, &err);
    free(a);
    free(hist);
    return report_status(st, &err);
}
