#include "stats.h"

#include <stdio.h>
#include <string.h>

void stats_clear(LatencyHist *h) { memset(h, 0, sizeof *h); }

static int bucket_of(uint64_t ns) {
    if (ns < 1000000u) /* below 1 ms: 100 ns buckets */
        return (int)(ns / 100u);
    uint64_t coarse = (ns - 1000000u) / 10000u; /* 10 us buckets up to 100 ms */
    return coarse < STATS_COARSE ? STATS_FINE + (int)coarse : STATS_BUCKETS - 1;
}

static double bucket_upper_us(int b) {
    if (b < STATS_FINE)
        return (b + 1) * 0.1;
    if (b < STATS_BUCKETS - 1)
        return 1000.0 + (b - STATS_FINE + 1) * 10.0;
    return 100000.0;
}

/* The overflow bucket (100 ms and more) has no upper edge of its own: the
 * largest time recorded is one, so a quantile there is never below the
 * times it stands for (an engine that takes 300 ms is not "p99 100 ms"). */
static double overflow_upper_us(const LatencyHist *h) {
    double max_us = (double)h->max_ns / 1000.0;
    return max_us > bucket_upper_us(STATS_BUCKETS - 1) ? max_us
                                                       : bucket_upper_us(STATS_BUCKETS - 1);
}

void stats_add(LatencyHist *h, uint64_t ns) {
    h->count++;
    h->sum_ns += (double)ns;
    if (ns > h->max_ns)
        h->max_ns = ns;
    h->buckets[bucket_of(ns)]++;
}

void stats_merge(LatencyHist *into, const LatencyHist *from) {
    into->count += from->count;
    into->sum_ns += from->sum_ns;
    if (from->max_ns > into->max_ns)
        into->max_ns = from->max_ns;
    for (int b = 0; b < STATS_BUCKETS; b++)
        into->buckets[b] += from->buckets[b];
}

double stats_mean_us(const LatencyHist *h) {
    return h->count ? h->sum_ns / (double)h->count / 1000.0 : 0.0;
}

double stats_quantile_us(const LatencyHist *h, double q) {
    if (h->count == 0)
        return 0.0;
    uint64_t rank = (uint64_t)(q * (double)h->count);
    if (rank >= h->count)
        rank = h->count - 1;
    uint64_t seen = 0;
    for (int b = 0; b < STATS_BUCKETS; b++) {
        seen += h->buckets[b];
        if (seen > rank)
            return b < STATS_BUCKETS - 1 ? bucket_upper_us(b) : overflow_upper_us(h);
    }
    return overflow_upper_us(h);
}

const char *stats_figure(char *buf, size_t size, bool timed, int decimals, double us,
                         const char *none) {
    if (timed)
        snprintf(buf, size, "%.*f", decimals, us);
    else
        snprintf(buf, size, "%s", none);
    return buf;
}
