/* frontend.h - what main.c needs from the SDL2 front end.
 *
 * frontend_run opens the window for opts->mode (or, with opts->screenshot,
 * renders offscreen and writes a PNG) and returns an exit status;
 * frontend_chart_writer draws `bench --chart` PNGs. The window target
 * (src/app/window) implements both; builds without SDL (WS_BUILD_APP=OFF)
 * link src/app/nosdl instead, which explains that there is no window and
 * returns no chart writer.
 */
#ifndef WS_FRONTEND_H
#define WS_FRONTEND_H

#include "chart.h"
#include "options.h"

int frontend_run(const AppOptions *opts);

/* The writer for `bench --chart`, or NULL when this build cannot draw. */
ChartWriter frontend_chart_writer(void);

#endif
