#include "ws_error.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* How a byte is shown: itself, "\xHH", or "\\" for a backslash when
 * `backslash` (ws_quote's rule; ws_fail keeps the backslashes of text that
 * ws_quote escaped already). Returns the length (1..4). */
static size_t piece_of(unsigned char c, bool backslash, char piece[4]) {
    static const char HEX[] = "0123456789abcdef";
    if (c == '\\' && backslash) {
        piece[0] = piece[1] = '\\';
        return 2;
    }
    if (c >= 0x20 && c < 0x7f) {
        piece[0] = (char)c;
        return 1;
    }
    piece[0] = '\\';
    piece[1] = 'x';
    piece[2] = HEX[c >> 4];
    piece[3] = HEX[c & 15];
    return 4;
}

/* Copies len bytes of text into buf as printable ASCII (piece_of). When the
 * whole does not fit, as much as fits with "..." after it, never half an
 * escape. */
static void escape(char *buf, size_t size, const char *text, size_t len, bool backslash) {
    if (size == 0)
        return;
    char piece[4];
    size_t total = 0;
    for (size_t i = 0; i < len; i++)
        total += piece_of((unsigned char)text[i], backslash, piece);
    size_t room = total <= size - 1 ? size - 1 : size - 1 < 3 ? 0 : size - 1 - 3;
    size_t n = 0;
    for (size_t i = 0; i < len; i++) {
        size_t k = piece_of((unsigned char)text[i], backslash, piece);
        if (n + k > room)
            break;
        memcpy(buf + n, piece, k);
        n += k;
    }
    if (total > size - 1) {
        size_t dots = size - 1 - n < 3 ? size - 1 - n : 3;
        memcpy(buf + n, "...", dots);
        n += dots;
    }
    buf[n] = '\0';
}

WsStatus ws_fail(WsError *err, WsStatus status, const char *fmt, ...) {
    if (err != NULL) {
        char raw[sizeof err->msg];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(raw, sizeof raw, fmt, ap);
        va_end(ap);
        err->status = status;
        escape(err->msg, sizeof err->msg, raw, strlen(raw), false);
    }
    return status;
}

const char *ws_quote_len(char *buf, size_t size, const char *text, size_t len) {
    escape(buf, size, text != NULL ? text : "", text != NULL ? len : 0, true);
    return buf;
}

const char *ws_quote(char *buf, size_t size, const char *text) {
    return ws_quote_len(buf, size, text, text != NULL ? strlen(text) : 0);
}
