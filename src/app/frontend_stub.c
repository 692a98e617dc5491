/* Linked instead of the SDL front end when the build has no SDL (WS_BUILD_APP=OFF). */
#include <stdio.h>

#include "cli.h"
#include "frontend.h"

int frontend_run(const AppOptions *opts) {
    (void)opts;
    fprintf(stderr, "wavesnake: this build has no window (built with WS_BUILD_APP=OFF); "
                    "use --headless or a text tool\n");
    return CLI_EXIT_FAIL;
}
