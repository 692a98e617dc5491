#include "ws_error.h"

#include <stdarg.h>
#include <stdio.h>

WsStatus ws_fail(WsError *err, WsStatus status, const char *fmt, ...) {
    if (err != NULL) {
        va_list ap;
        va_start(ap, fmt);
        err->status = status;
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
    }
    return status;
}
