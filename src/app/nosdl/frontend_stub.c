/* frontend_stub.c - linked instead of the SDL front end when the build has no SDL
 * (WS_BUILD_APP=OFF): no window, and no charts for the benchmark. */
#include <stdio.h>

#include "cli.h"
#include "frontend.h"

int frontend_run(const AppOptions *opts) {
    (void)opts;
    fprintf(stderr, "wavesnake: this build has no window (built with WS_BUILD_APP=OFF); "
                    "use --headless or a text tool\n");
    return CLI_EXIT_FAIL;
}

ChartWriter frontend_chart_writer(void) { return NULL; }
