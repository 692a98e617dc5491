/* ws_error.h - status codes and a caller-owned error message.
 *
 * A function that can fail returns WsStatus and, when the caller passes a
 * WsError, fills it with a one-line message. There is no global error
 * buffer: the caller owns the message.
 */
#ifndef WS_ERROR_H
#define WS_ERROR_H

typedef enum WsStatus {
    WS_OK = 0,
    WS_ERR_ARG = -1,   /* an argument is out of range or malformed */
    WS_ERR_NOMEM = -2, /* an allocation failed */
    WS_ERR_IO = -3,    /* a file could not be read or written */
    WS_ERR_PARSE = -4  /* a map, board or script is malformed */
} WsStatus;

typedef struct WsError {
    WsStatus status;
    char msg[160];
} WsError;

/* Fills err (if non-NULL) with status and a printf-style message; returns status.
 * Lets a failure be reported and returned in one line. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
WsStatus ws_fail(WsError *err, WsStatus status, const char *fmt, ...);

#endif
