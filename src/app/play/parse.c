#include "parse.h"

#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

WsStatus parse_long(const char *text, long lo, long hi, const char *what, long *out, WsError *err) {
    char q[WS_QUOTE_SIZE];
    if (text == NULL || *text == '\0')
        return ws_fail(err, WS_ERR_ARG, "%s: expected a number, got nothing", what);
    char *end = NULL;
    errno = 0;
    long v = strtol(text, &end, 10);
    /* no blank before the number, as none after it (strtol would skip it) */
    if (*end != '\0' || end == text || isspace((unsigned char)*text))
        return ws_fail(err, WS_ERR_ARG, "%s: '%s' is not a whole number", what,
                       ws_quote(q, sizeof q, text));
    if (errno == ERANGE || v < lo || v > hi)
        return ws_fail(err, WS_ERR_ARG, "%s: %s is outside %ld..%ld", what,
                       ws_quote(q, sizeof q, text), lo, hi);
    *out = v;
    return WS_OK;
}

WsStatus parse_int(const char *text, int lo, int hi, const char *what, int *out, WsError *err) {
    long v = 0;
    WsStatus st = parse_long(text, lo, hi, what, &v, err);
    if (st == WS_OK)
        *out = (int)v;
    return st;
}

WsStatus parse_u64(const char *text, const char *what, uint64_t *out, WsError *err) {
    char q[WS_QUOTE_SIZE];
    /* Digits only: strtoull skips blanks and takes a sign after them, so
     * " -1" would become 2^64 - 1. */
    if (text == NULL || *text < '0' || *text > '9')
        return ws_fail(err, WS_ERR_ARG, "%s: '%s' is not a non-negative whole number", what,
                       ws_quote(q, sizeof q, text));
    char *end = NULL;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (*end != '\0' || end == text)
        return ws_fail(err, WS_ERR_ARG, "%s: '%s' is not a non-negative whole number", what,
                       ws_quote(q, sizeof q, text));
    if (errno == ERANGE)
        return ws_fail(err, WS_ERR_ARG, "%s: %s does not fit in 64 bits", what,
                       ws_quote(q, sizeof q, text));
    *out = (uint64_t)v;
    return WS_OK;
}

WsStatus parse_double(const char *text, double lo, double hi, const char *what, double *out,
                      WsError *err) {
    char q[WS_QUOTE_SIZE];
    char *end = NULL;
    errno = 0;
    double v = text != NULL ? strtod(text, &end) : 0.0;
    /* no blank before the number, as none after it (parse_long) */
    if (text == NULL || end == text || *end != '\0' || errno == ERANGE || v != v ||
        isspace((unsigned char)*text))
        return ws_fail(err, WS_ERR_ARG, "%s: '%s' is not a number", what,
                       ws_quote(q, sizeof q, text));
    if (v < lo || v > hi)
        return ws_fail(err, WS_ERR_ARG, "%s: %s is outside %g..%g", what,
                       ws_quote(q, sizeof q, text), lo, hi);
    *out = v;
    return WS_OK;
}

bool parse_size_shaped(const char *text) {
    const char *x = text != NULL ? strpbrk(text, "xX") : NULL;
    bool digits = x != NULL && x != text && x[1] != '\0';
    for (const char *p = text; digits && *p; p++)
        digits = p == x || (*p >= '0' && *p <= '9');
    return digits;
}

WsStatus parse_size(const char *text, int lo, int hi, const char *what, int *w, int *h,
                    WsError *err) {
    char q[WS_QUOTE_SIZE];
    if (!parse_size_shaped(text))
        return ws_fail(err, WS_ERR_ARG, "%s: '%s' is not WIDTHxHEIGHT (e.g. 20x20)", what,
                       ws_quote(q, sizeof q, text));
    const char *x = strpbrk(text, "xX");
    char wbuf[24]; /* 23 digits are out of any range already (parse_long: ERANGE) */
    size_t wlen = (size_t)(x - text) < sizeof wbuf ? (size_t)(x - text) : sizeof wbuf - 1;
    memcpy(wbuf, text, wlen);
    wbuf[wlen] = '\0';
    WsStatus st = parse_int(wbuf, lo, hi, what, w, err);
    return st != WS_OK ? st : parse_int(x + 1, lo, hi, what, h, err);
}
