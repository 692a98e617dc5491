/* ws_error.h - status codes and a caller-owned error message.
 *
 * A function that can fail returns WsStatus and, when the caller passes a
 * WsError, fills it with a one-line message. There is no global error
 * buffer: the caller owns the message.
 *
 * Messages reach a terminal, so no byte of a file or an argument may reach
 * one raw (an escape sequence in a map could drive the user's terminal):
 * text quoted from input goes through ws_quote, and ws_fail escapes any
 * byte outside printable ASCII that is left, so a message is always one
 * line of printable ASCII.
 */
#ifndef WS_ERROR_H
#define WS_ERROR_H

#include <stddef.h>

typedef enum WsStatus {
    WS_OK = 0,
    WS_ERR_ARG = -1,   /* an argument is out of range or malformed */
    WS_ERR_NOMEM = -2, /* an allocation failed */
    WS_ERR_IO = -3,    /* a file could not be read or written */
    WS_ERR_PARSE = -4  /* a map, board or script is malformed */
} WsStatus;

typedef struct WsError {
    WsStatus status;
    char msg[512]; /* room for a long path named in full (a message is one line) */
} WsError;

/* Fills err (if non-NULL) with status and a printf-style message; returns status.
 * Lets a failure be reported and returned in one line. Every byte of the
 * formatted message outside printable ASCII (a control character, DEL, a
 * byte >= 0x80) is written as \xHH, so even text that was not quoted with
 * ws_quote cannot reach the terminal raw. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
WsStatus ws_fail(WsError *err, WsStatus status, const char *fmt, ...);

/* A buffer for one quoted value: enough for a file name or a token that says
 * what is wrong, short enough to leave room for the rest of the message. */
enum { WS_QUOTE_SIZE = 64 };

/* Writes the first `len` bytes of text into buf (size bytes, always
 * NUL-terminated) as a message may show them: printable ASCII stays, a
 * backslash becomes "\\", every other byte "\xHH" (tab, escape, 0xfe, also
 * bytes of UTF-8: like git's quoted paths, a name is shown byte by byte).
 * Text that does not fit is cut between two escapes and ends in "...".
 * Returns buf, so that a call can be an argument of ws_fail. */
const char *ws_quote_len(char *buf, size_t size, const char *text, size_t len);

/* ws_quote_len of a NUL-terminated string ("" for NULL). */
const char *ws_quote(char *buf, size_t size, const char *text);

#endif
