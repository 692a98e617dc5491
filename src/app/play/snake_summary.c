/* The summary of a headless snake run (snake_summary.h). */
#include "snake_summary.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"

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

/* The index of the first distinct count >= steps (binary search). */
static long steps_find(const SnakeSummary *s, long steps) {
    long lo = 0, hi = s->steps_len;
    while (lo < hi) {
        long mid = lo + (hi - lo) / 2;
        if (s->steps[mid].steps < steps)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

WsStatus snake_summary_add(SnakeSummary *s, SnakeOutcome outcome, int length, long steps,
                           WsError *err) {
    long at = steps_find(s, steps);
    if (at == s->steps_len || s->steps[at].steps != steps) {
        if (s->steps_len == s->steps_cap) {
            long cap = s->steps_cap ? 2 * s->steps_cap : 256;
            SnakeStepCount *grown = realloc(s->steps, (size_t)cap * sizeof *grown);
            if (grown == NULL)
                return ws_fail(err, WS_ERR_NOMEM, "out of memory for %ld step counts", cap);
            s->steps = grown;
            s->steps_cap = cap;
        }
        /* A new value moves the larger ones up: at most once per distinct
         * count, so a run pays for its range of step counts, not its games. */
        memmove(s->steps + at + 1, s->steps + at, (size_t)(s->steps_len - at) * sizeof *s->steps);
        s->steps[at] = (SnakeStepCount){steps, 0};
        s->steps_len++;
    }
    s->steps[at].games++;
    s->games++;
    s->won += outcome == SNAKE_WON;
    s->dead += outcome == SNAKE_DEAD;
    s->stalled += outcome == SNAKE_STALLED;
    s->forfeit += outcome == SNAKE_FORFEIT;
    s->length_sum += length;
    return WS_OK;
}

/* The step count of the i-th game in ascending order (0 <= i < games). */
static long steps_nth(const SnakeSummary *s, long i) {
    for (long k = 0; k < s->steps_len; k++) {
        if (i < s->steps[k].games)
            return s->steps[k].steps;
        i -= s->steps[k].games;
    }
    return 0;
}

void snake_summary_print(FILE *out, SnakeSummary *s, bool json) {
    long n = s->games;
    double sum = 0.0, sq = 0.0, median = 0.0;
    long lo = 0, hi = 0;
    if (n > 0) {
        /* Sums of whole numbers below 2^53 are exact in a double, so the
         * order games were added in (shards, threads) cannot matter. */
        for (long k = 0; k < s->steps_len; k++)
            sum += (double)s->steps[k].steps * (double)s->steps[k].games;
        double mean = sum / (double)n;
        for (long k = 0; k < s->steps_len; k++) {
            double dev = (double)s->steps[k].steps - mean;
            sq += dev * dev * (double)s->steps[k].games;
        }
        lo = s->steps[0].steps;
        hi = s->steps[s->steps_len - 1].steps;
        median = n % 2 ? (double)steps_nth(s, n / 2)
                       : ((double)steps_nth(s, n / 2 - 1) + (double)steps_nth(s, n / 2)) / 2.0;
    }
    double d = n ? (double)n : 1.0;
    double sd = n > 1 ? sqrt(sq / (double)(n - 1)) : 0.0;
    const char *tail = s->strict_tail ? "strict" : "free";
    char mean_us[32], p99_us[32], avg_len[32], avg_steps[32], sd_text[32], lo_text[32],
        med_text[32], hi_text[32];
    bool played = n > 0; /* a shard with no game has no means and no steps figures */
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
            "summary: games %ld, won %ld, dead %ld, stalled %ld, forfeit %ld, avg_length %s/%d, "
            "avg_steps %s, decision_us_mean %s, decision_us_p99 %s, wall_s %.3f, "
            "seed %llu, size %dx%d, policy %s, tail %s, steps sd %s min %s median %s "
            "max %s, games_total %ld, shard %ld/%ld, start_length %d, walls_hash %016llx, "
            "version %s\n",
            n, s->won, s->dead, s->stalled, s->forfeit,
            stats_figure(avg_len, sizeof avg_len, played, 3, s->length_sum / d, "none"), s->cells,
            stats_figure(avg_steps, sizeof avg_steps, played, 2, sum / d, "none"),
            stats_figure(mean_us, sizeof mean_us, s->timed, 3, s->decision_us_mean, "none"),
            stats_figure(p99_us, sizeof p99_us, s->timed, 2, s->decision_us_p99, "none"), s->wall_s,
            (unsigned long long)s->seed, s->w, s->h, s->policy, tail,
            stats_figure(sd_text, sizeof sd_text, n > 1, 2, sd, "none"),
            stats_figure(lo_text, sizeof lo_text, played, 0, (double)lo, "none"),
            stats_figure(med_text, sizeof med_text, played, 1, median, "none"),
            stats_figure(hi_text, sizeof hi_text, played, 0, (double)hi, "none"), total, k, sn,
            s->start_length, (unsigned long long)s->walls_hash, version);
}

void snake_summary_free(SnakeSummary *s) {
    free(s->steps);
    s->steps = NULL;
    s->steps_len = s->steps_cap = 0;
}
