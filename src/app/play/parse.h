/* parse.h - strict numbers from text: the whole text, in range, or one line
 * in WsError that names the value (`what`: "--games", "start x"). */
#ifndef WS_PARSE_H
#define WS_PARSE_H

#include <stdbool.h>
#include <stdint.h>

#include "ws_error.h"

WsStatus parse_long(const char *text, long lo, long hi, const char *what, long *out, WsError *err);
WsStatus parse_int(const char *text, int lo, int hi, const char *what, int *out, WsError *err);
WsStatus parse_u64(const char *text, const char *what, uint64_t *out, WsError *err);
WsStatus parse_double(const char *text, double lo, double hi, const char *what, double *out,
                      WsError *err);
/* Whether text has the shape "WxH" (digits, x or X, digits): parse_size
 * then fails only for a side out of its range. */
bool parse_size_shaped(const char *text);
/* "WxH" with each side in [lo, hi]. */
WsStatus parse_size(const char *text, int lo, int hi, const char *what, int *w, int *h,
                    WsError *err);

#endif
