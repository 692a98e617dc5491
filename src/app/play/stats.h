/* stats.h - a latency histogram for decision and tick times.
 *
 * Fixed buckets (0.1 us up to 1 ms, then 10 us up to 100 ms, then one
 * overflow bucket, whose upper edge is the largest time recorded) so
 * recording never allocates and per-thread histograms merge by addition.
 * Percentiles are exact to the bucket width.
 */
#ifndef WS_STATS_H
#define WS_STATS_H

#include <stdint.h>

enum { STATS_FINE = 10000, STATS_COARSE = 9900, STATS_BUCKETS = STATS_FINE + STATS_COARSE + 1 };

typedef struct LatencyHist {
    uint64_t count;
    double sum_ns;
    uint64_t max_ns;
    uint32_t buckets[STATS_BUCKETS];
} LatencyHist;

void stats_clear(LatencyHist *h);
void stats_add(LatencyHist *h, uint64_t ns);
void stats_merge(LatencyHist *into, const LatencyHist *from);
double stats_mean_us(const LatencyHist *h);
/* The q-quantile (0..1) in microseconds: the upper edge of its bucket; in
 * the overflow bucket (100 ms and more) the largest time recorded. */
double stats_quantile_us(const LatencyHist *h, double q);

#endif
