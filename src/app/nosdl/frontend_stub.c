/* frontend_stub.c - linked instead of the SDL front end when the build has no SDL
 * (WS_BUILD_APP=OFF): no window, no replay window, and no charts for the benchmark. */
#include "frontend.h"
#include "report.h"

int frontend_run(const AppOptions *opts) {
    (void)opts;
    report_warn("this build has no window (built with WS_BUILD_APP=OFF); "
                "use --headless or a text tool");
    return REPORT_EXIT_FAIL;
}

int frontend_replay(const AppOptions *opts, ReplaySession *session) {
    (void)opts;
    (void)session;
    report_warn("no display support in this build (built with WS_BUILD_APP=OFF); "
                "replay --headless checks a trace, --print shows a tick");
    return REPORT_EXIT_USAGE;
}

ChartWriter frontend_chart_writer(void) { return NULL; }
