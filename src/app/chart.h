/* chart.h - a grouped bar chart written as a PNG (for `wavesnake bench`).
 *
 * The description is plain data, so the benchmark (which has no SDL) fills
 * it and the SDL build draws it offscreen with a software renderer: no
 * window, no display. A build without SDL links chart_stub.c, whose
 * chart_write_png reports that charts are not available.
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

/* Draws the chart into a 960x540 PNG at path. The font is looked up in
 * assets/fonts next to the executable; without it the chart is drawn with no
 * text. Fails with WS_ERR_IO (and a message) if the file cannot be written,
 * or WS_ERR_ARG when the build has no SDL. */
WsStatus chart_write_png(const Chart *chart, const char *path, WsError *err);

/* Whether this build can draw charts (false without SDL), so a caller can
 * refuse --chart before doing any work. */
bool chart_is_available(void);

#endif
