/* The summary of a headless snake run (snake_summary.h). */
#include "snake_summary.h"

#include <math.h>
#include <stdlib.h>

#ifndef WS_VERSION
#define WS_VERSION "0.0.0"
#endif

const char *snake_summary_version(void) { return WS_VERSION; }

static uint64_t fnv_word(uint64_t h, uint32_t v) {
    for (int i = 0; i < 4; i++) {
        h ^= (v >> (8 * i)) & 0xffu;
        h *= 0x100000001b3ull;
    }
    return h;
}

uint64_t snake_summary_walls_hash(const uint8_t *walls, int w, int h) {
    if (walls == NULL || w < 1 || h < 1)
        return 0;
    uint64_t x = fnv_word(fnv_word(0xcbf29ce484222325ull, (uint32_t)w), (uint32_t)h);
    bool any = false;
    for (int i = 0; i < w * h; i++)
        if (walls[i]) {
            x = fnv_word(x, (uint32_t)i);
            any = true;
        }
    return any ? x : 0;
}

WsStatus snake_summary_add(SnakeSummary *s, SnakeOutcome outcome, int length, long steps,
                           WsError *err) {
    if (s->games == s->steps_cap) {
        long cap = s->steps_cap ? 2 * s->steps_cap : 256;
        long *grown = realloc(s->steps, (size_t)cap * sizeof *grown);
        if (grown == NULL)
            return ws_fail(err, WS_ERR_NOMEM, "out of memory for %ld games' steps", cap);
        s->steps = grown;
        s->steps_cap = cap;
    }
    s->steps[s->games++] = steps;
    s->won += outcome == SNAKE_WON;
    s->dead += outcome == SNAKE_DEAD;
    s->stalled += outcome == SNAKE_STALLED;
    s->forfeit += outcome == SNAKE_FORFEIT;
    s->length_sum += length;
    return WS_OK;
}

static int cmp_long(const void *a, const void *b) {
    long x = *(const long *)a, y = *(const long *)b;
    return (x > y) - (x < y);
}

void snake_summary_print(FILE *out, SnakeSummary *s, bool json) {
    long n = s->games;
    double sum = 0.0, sq = 0.0, median = 0.0;
    long lo = 0, hi = 0;
    if (n > 0) {
        /* Sorted: the order games were added in (shards, threads) cannot matter. */
        qsort(s->steps, (size_t)n, sizeof *s->steps, cmp_long);
        for (long i = 0; i < n; i++)
            sum += (double)s->steps[i];
        double mean = sum / (double)n;
        for (long i = 0; i < n; i++)
            sq += ((double)s->steps[i] - mean) * ((double)s->steps[i] - mean);
        lo = s->steps[0];
        hi = s->steps[n - 1];
        median = n % 2 ? (double)s->steps[n / 2]
                       : ((double)s->steps[n / 2 - 1] + (double)s->steps[n / 2]) / 2.0;
    }
    double d = n ? (double)n : 1.0;
    double sd = n > 1 ? sqrt(sq / (double)(n - 1)) : 0.0;
    const char *tail = s->strict_tail ? "strict" : "free";
    const char *version = s->version != NULL ? s->version : WS_VERSION;
    long sn = s->shard_n > 0 ? s->shard_n : 1, k = s->shard_n > 0 ? s->shard_k : 0;
    long total = s->games_total > 0 ? s->games_total : n;
    if (json)
        fprintf(out,
                "{\"summary\":true,\"games\":%ld,\"won\":%ld,\"dead\":%ld,\"stalled\":%ld,"
                "\"forfeit\":%ld,\"avg_length\":%.3f,\"avg_steps\":%.2f,\"decision_us_mean\":%.3f,"
                "\"decision_us_p99\":%.2f,\"wall_s\":%.3f,\"seed\":%llu,\"size\":\"%dx%d\","
                "\"policy\":\"%s\",\"tail\":\"%s\",\"walls\":%d,\"jobs\":%d,\"steps_sd\":%.2f,"
                "\"steps_min\":%ld,\"steps_median\":%.1f,\"steps_max\":%ld,\"games_total\":%ld,"
                "\"shard\":\"%ld/%ld\",\"start_length\":%d,\"walls_hash\":\"%016llx\","
                "\"version\":\"%s\"}\n",
                n, s->won, s->dead, s->stalled, s->forfeit, s->length_sum / d, sum / d,
                s->decision_us_mean, s->decision_us_p99, s->wall_s, (unsigned long long)s->seed,
                s->w, s->h, s->policy, tail, s->walls, s->jobs, sd, lo, median, hi, total, k, sn,
                s->start_length, (unsigned long long)s->walls_hash, version);
    else
        fprintf(
            out,
            "summary: games %ld, won %ld, dead %ld, stalled %ld, forfeit %ld, avg_length %.3f/%d, "
            "avg_steps %.2f, decision_us_mean %.3f, decision_us_p99 %.2f, wall_s %.3f, "
            "seed %llu, size %dx%d, policy %s, tail %s, steps sd %.2f min %ld median %.1f "
            "max %ld, games_total %ld, shard %ld/%ld, start_length %d, walls_hash %016llx, "
            "version %s\n",
            n, s->won, s->dead, s->stalled, s->forfeit, s->length_sum / d, s->cells, sum / d,
            s->decision_us_mean, s->decision_us_p99, s->wall_s, (unsigned long long)s->seed, s->w,
            s->h, s->policy, tail, sd, lo, median, hi, total, k, sn, s->start_length,
            (unsigned long long)s->walls_hash, version);
}

void snake_summary_free(SnakeSummary *s) {
    free(s->steps);
    s->steps = NULL;
    s->steps_cap = 0;
}
