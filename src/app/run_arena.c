/* Headless arena runs: time every tick, print one summary. */
#define _POSIX_C_SOURCE 200809L
#include "run_arena.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "stats.h"
#include "textmap.h"
#include "tools.h"

static const char DEFAULT_MAP[] = "assets/maps/arena.txt";

/* The default map: in the working directory, else beside the executable
 * (the build copies assets/ there). */
static const char *default_map(char *buf, size_t size) {
    if (access(DEFAULT_MAP, R_OK) == 0)
        return DEFAULT_MAP;
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = '\0';
        char *slash = strrchr(exe, '/');
        if (slash != NULL) {
            *slash = '\0';
            snprintf(buf, size, "%s/%s", exe, DEFAULT_MAP);
            if (access(buf, R_OK) == 0)
                return buf;
        }
    }
    return DEFAULT_MAP; /* let the loader report it missing */
}

bool run_arena_open(const AppOptions *opts, Arena *arena, char *map_name, size_t name_size) {
    ArenaConfig cfg = {opts->seed, opts->monsters, opts->naive};
    WsError err = {0};
    if (opts->map != NULL && opts->gen_w > 0) {
        cli_usage_error("--map and --generate cannot be combined");
        return false;
    }
    if (opts->gen_w > 0) {
        if (opts->gen_w > TEXTMAP_MAX_SIDE || opts->gen_h > TEXTMAP_MAX_SIDE) {
            cli_usage_error("--generate %dx%d: each side must be 8..%d", opts->gen_w, opts->gen_h,
                            TEXTMAP_MAX_SIDE);
            return false;
        }
        snprintf(map_name, name_size, "%dx%d", opts->gen_w, opts->gen_h);
        if (arena_init_generated(arena, opts->gen_w, opts->gen_h, &cfg, &err) != WS_OK) {
            cli_usage_error("%s", err.msg);
            return false;
        }
        return true;
    }
    char buf[4200];
    const char *path = opts->map != NULL ? opts->map : default_map(buf, sizeof buf);
    snprintf(map_name, name_size, "%s", path);
    TextMap map = {0};
    if (!tool_load_map(path, &map))
        return false;
    WsStatus st = arena_init(arena, &map, &cfg, path, &err);
    textmap_deinit(&map);
    if (st != WS_OK) {
        cli_usage_error("%s", err.msg);
        return false;
    }
    return true;
}

/* JSON string body: the map name may hold quotes or backslashes. */
static void print_json_string(const char *s) {
    putchar('"');
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            putchar('\\');
        if ((unsigned char)*s >= 0x20)
            putchar(*s);
    }
    putchar('"');
}

int run_arena_headless(const AppOptions *opts) {
    Arena *a = calloc(1, sizeof *a);
    LatencyHist *hist = calloc(1, sizeof *hist);
    if (a == NULL || hist == NULL) {
        free(a);
        free(hist);
        return cli_usage_error("out of memory");
    }
    char name[4200];
    if (!run_arena_open(opts, a, name, sizeof name)) {
        free(a);
        free(hist);
        return CLI_EXIT_USAGE;
    }
    if (!opts->seed_given)
        fprintf(stderr, "wavesnake: seed %llu (from the clock; --seed %llu repeats this run)\n",
                (unsigned long long)opts->seed, (unsigned long long)opts->seed);
    long recomputes_at_start = a->recomputes_total;
    uint64_t wall0 = cli_now_ns();
    for (long t = 0; t < opts->ticks; t++) {
        uint64_t t0 = cli_now_ns();
        arena_tick(a, DIR_NONE);
        stats_add(hist, cli_now_ns() - t0);
    }
    double wall_s = (double)(cli_now_ns() - wall0) / 1e9;
    double mean = stats_mean_us(hist), p99 = stats_quantile_us(hist, 0.99);
    long recomputes = a->recomputes_total - recomputes_at_start;
    bool alive = a->hero_deaths == 0;
    if (opts->json) {
        printf("{\"summary\":true,\"ticks\":%ld,\"monsters\":%d,\"monsters_alive\":%d,"
               "\"map_recomputes\":%ld,\"recomputes_per_tick\":%.3f,\"tick_us_mean\":%.3f,"
               "\"tick_us_p99\":%.2f,\"hero_alive\":%s,\"hero_deaths\":%ld,"
               "\"gold_collected\":%ld,\"kills\":%ld,\"potions_drunk\":%ld,\"naive\":%s,"
               "\"seed\":%llu,\"size\":\"%dx%d\",\"hash\":\"%016llx\",\"wall_s\":%.3f,\"map\":",
               opts->ticks, a->mon_count, arena_alive_count(a), recomputes,
               (double)recomputes / (double)opts->ticks, mean, p99, alive ? "true" : "false",
               a->hero_deaths, a->gold_collected, a->kills, a->potions_drunk,
               opts->naive ? "true" : "false", (unsigned long long)opts->seed, a->w, a->h,
               (unsigned long long)arena_hash(a), wall_s);
        print_json_string(name);
        printf("}\n");
    } else {
        printf("arena: ticks %ld, monsters %d (%d alive), map_recomputes %ld (%.2f per tick), "
               "tick_us_mean %.3f, tick_us_p99 %.2f, hero_alive %s, hero_deaths %ld, "
               "gold_collected %ld, kills %ld, potions_drunk %ld, naive %s, seed %llu, "
               "map %s (%dx%d), hash %016llx, wall_s %.3f\n",
               opts->ticks, a->mon_count, arena_alive_count(a), recomputes,
               (double)recomputes / (double)opts->ticks, mean, p99, alive ? "yes" : "no",
               a->hero_deaths, a->gold_collected, a->kills, a->potions_drunk,
               opts->naive ? "yes" : "no", (unsigned long long)opts->seed, name, a->w, a->h,
               (unsigned long long)arena_hash(a), wall_s);
    }
    arena_deinit(a);
    free(a);
    free(hist);
    return CLI_EXIT_OK;
}
