/* chart_png.h - draws a Chart (play/chart.h) into a PNG with SDL, offscreen. */
#ifndef WS_CHART_PNG_H
#define WS_CHART_PNG_H

#include <SDL.h>

#include "chart.h"

/* Draws the chart into a 960x540 PNG at path (a ChartWriter). The font is
 * looked up in assets/fonts next to the executable; without it the chart is
 * drawn with no text. Fails with WS_ERR_IO (and a message) if the file cannot
 * be written. No window and no display are needed. */
WsStatus chart_write_png(const Chart *chart, const char *path, WsError *err);

/* Saves surf as a PNG, or a JPEG when path ends in .jpg or .jpeg (any
 * case), through fileio_out: a temporary file renamed over path when every
 * byte is written, so a failure leaves no cut image behind. `what` names the
 * file in the message ("--chart", "the screenshot"). The chart's and the
 * screenshots' one writer. */
WsStatus chart_save_surface(SDL_Surface *surf, const char *path, const char *what, WsError *err);

#endif
