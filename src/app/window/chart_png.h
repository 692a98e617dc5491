/* chart_png.h - draws a Chart (play/chart.h) into a PNG with SDL, offscreen. */
#ifndef WS_CHART_PNG_H
#define WS_CHART_PNG_H

#include "chart.h"

/* Draws the chart into a 960x540 PNG at path (a ChartWriter). The font is
 * looked up in assets/fonts next to the executable; without it the chart is
 * drawn with no text. Fails with WS_ERR_IO (and a message) if the file cannot
 * be written. No window and no display are needed. */
WsStatus chart_write_png(const Chart *chart, const char *path, WsError *err);

#endif
