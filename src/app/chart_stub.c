/* chart_stub.c - chart_write_png for builds without SDL (WS_BUILD_APP=OFF). */
#include "chart.h"

bool chart_is_available(void) { return false; }

WsStatus chart_write_png(const Chart *chart, const char *path, WsError *err) {
    (void)chart;
    return ws_fail(err, WS_ERR_ARG, "--chart %s: this build has no SDL, so it cannot draw charts",
                   path);
}
