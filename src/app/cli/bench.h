/* bench.h - `wavesnake bench`: figures, never pass/fail. */
#ifndef WS_BENCH_H
#define WS_BENCH_H

#include "chart.h"

/* `wavesnake bench ...` with argv after "bench". chart_writer draws --chart
 * files; NULL (a build without SDL) makes --chart a usage error. */
int bench_main(int argc, char **argv, ChartWriter chart_writer);

#endif
