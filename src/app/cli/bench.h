/* bench.h - `wavesnake bench`: figures, never pass/fail. */
#ifndef WS_BENCH_H
#define WS_BENCH_H

#include "chart.h"
#include "optparse.h"

/* The benchmark's command line (arguments and options, for --help). */
extern const OptCommand BENCH_COMMAND;

/* Entry point: `wavesnake bench ...` with argv after "bench". chart_writer
 * draws --chart files; NULL (a build without SDL) makes --chart a usage
 * error. Returns an exit status (report.h). */
int bench_main(int argc, char **argv, ChartWriter chart_writer);

#endif
