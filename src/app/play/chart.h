/* chart.h - a grouped bar chart as plain data (for `wavesnake bench --chart`).
 *
 * The benchmark (command line, no SDL) fills a Chart and hands it to a
 * ChartWriter it is given. The window target draws charts offscreen with
 * SDL's software renderer (window/chart.c); main.c passes that writer in,
 * or NULL in a build without SDL, so the command line never links SDL.
 */
#ifndef WS_CHART_H
#define WS_CHART_H

#include <stdbool.h>

#include "ws_error.h"

enum { CHART_MAX_GROUPS = 8, CHART_MAX_SERIES = 8 };

typedef struct ChartSeries {
    const char *name;                /* legend text */
    double values[CHART_MAX_GROUPS]; /* one bar per group; <= 0 means no bar */
} ChartSeries;

typedef struct Chart {
    const char *title;
    const char *y_label;
    int ngroups;
    const char *groups[CHART_MAX_GROUPS]; /* x-axis labels, e.g. "8x8" */
    int nseries;
    ChartSeries series[CHART_MAX_SERIES];
    bool log_scale; /* y axis in powers of ten (values spanning decades) */
} Chart;

/* Writes `chart` as an image file at `path`; fills err and returns non-OK on failure. */
typedef WsStatus (*ChartWriter)(const Chart *chart, const char *path, WsError *err);

#endif
