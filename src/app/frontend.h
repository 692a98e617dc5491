/* frontend.h - the SDL2 front end's single entry point.
 *
 * frontend_run opens the window for opts->mode (or, with opts->screenshot,
 * renders offscreen and writes a PNG) and returns an exit status. Builds
 * without SDL (WS_BUILD_APP=OFF) link a stub that explains this and fails.
 */
#ifndef WS_FRONTEND_H
#define WS_FRONTEND_H

#include "options.h"

int frontend_run(const AppOptions *opts);

#endif
