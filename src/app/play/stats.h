/* stats.h - a latency histogram for decision and tick times.
 *
 * Fixed buckets (0.1 us up to 1 ms, then 10 us up to 100 ms, then one
 * overflow bucket, whose upper edge is the largest time recorded) so
 * recording never allocates and per-thread histograms merge by addition.
 * Percentiles are exact to the bucket width.
 */
#ifndef WS_STATS_H
#define WS_STATS_H

#include <stdbool.h>
#include <stddef.h>
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

/* A figure for people to read, in buf: `us` with `decimals` places, or
 * `none` when nothing stands behind it (`timed` false: a run, a game or a
 * player with no decision; an average or a steps figure of a run with no
 * game). A 0.00 there would read as a figure that was measured; tables say
 * "-", lines of key/value pairs "none" (docs/formats.md#headless-output).
 * Returns buf. JSON keeps its numbers (readers such as merge need them). */
const char *stats_figure(char *buf, size_t size, bool timed, int decimals, double us,
                         const char *none);

#endif
