#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

int cli_exit_status(WsStatus st) {
    switch (st) {
    case WS_OK:
        return CLI_EXIT_OK;
    case WS_ERR_ARG:
    case WS_ERR_PARSE:
    case WS_ERR_IO:
        return CLI_EXIT_USAGE;
    case WS_ERR_NOMEM:
        break;
    }
    return CLI_EXIT_FAIL; /* out of memory, CLI_ERR_INTERNAL */
}

int cli_report(WsStatus st, const WsError *err) {
    if (st == WS_OK)
        return CLI_EXIT_OK;
    fprintf(stderr, "wavesnake: %s\n", err != NULL && err->msg[0] ? err->msg : "failed");
    return cli_exit_status(st);
}

WsStatus cli_parse_long(const char *text, long lo, long hi, const char *what, long *out,
                        WsError *err) {
    char q[WS_QUOTE_SIZE];
    if (text == NULL || *text == '\0')
        return ws_fail(err, WS_ERR_ARG, "%s: expected a number, got nothing", what);
    char *end = NULL;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (*end != '\0' || end == text)
        return ws_fail(err, WS_ERR_ARG, "%s: '%s' is not a whole number", what,
                       ws_quote(q, sizeof q, text));
    if (errno == ERANGE || v < lo || v > hi)
        return ws_fail(err, WS_ERR_ARG, "%s: %s is outside %ld..%ld", what,
                       ws_quote(q, sizeof q, text), lo, hi);
    *out = v;
    return WS_OK;
}

WsStatus cli_parse_int(const char *text, int lo, int hi, const char *what, int *out, WsError *err) {
    long v = 0;
    WsStatus st = cli_parse_long(text, lo, hi, what, &v, err);
    if (st == WS_OK)
        *out = (int)v;
    return st;
}

WsStatus cli_parse_u64(const char *text, const char *what, uint64_t *out, WsError *err) {
    char q[WS_QUOTE_SIZE];
    if (text == NULL || *text == '\0' || *text == '-' || *text == '+')
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

WsStatus cli_parse_double(const char *text, double lo, double hi, const char *what, double *out,
                          WsError *err) {
    char q[WS_QUOTE_SIZE];
    char *end = NULL;
    errno = 0;
    double v = text != NULL ? strtod(text, &end) : 0.0;
    if (text == NULL || end == text || *end != '\0' || errno == ERANGE || v != v)
        return ws_fail(err, WS_ERR_ARG, "%s: '%s' is not a number", what,
                       ws_quote(q, sizeof q, text));
    if (v < lo || v > hi)
        return ws_fail(err, WS_ERR_ARG, "%s: %s is outside %g..%g", what,
                       ws_quote(q, sizeof q, text), lo, hi);
    *out = v;
    return WS_OK;
}

WsStatus cli_parse_size(const char *text, int lo, int hi, const char *what, int *w, int *h,
                        WsError *err) {
    const char *x = text != NULL ? strpbrk(text, "xX") : NULL;
    bool digits = x != NULL && x != text && x[1] != '\0' && (size_t)(x - text) < 16;
    for (const char *p = text; digits && *p; p++)
        digits = p == x || (*p >= '0' && *p <= '9');
    char q[WS_QUOTE_SIZE];
    if (!digits)
        return ws_fail(err, WS_ERR_ARG, "%s: '%s' is not WIDTHxHEIGHT (e.g. 20x20)", what,
                       ws_quote(q, sizeof q, text));
    char wbuf[16];
    size_t wlen = (size_t)(x - text);
    memcpy(wbuf, text, wlen);
    wbuf[wlen] = '\0';
    WsStatus st = cli_parse_int(wbuf, lo, hi, what, w, err);
    return st != WS_OK ? st : cli_parse_int(x + 1, lo, hi, what, h, err);
}

void cli_note_clock_seed(uint64_t seed, const char *what) {
    fprintf(stderr, "wavesnake: seed %llu (from the clock; --seed %llu repeats this %s)\n",
            (unsigned long long)seed, (unsigned long long)seed, what);
}

bool cli_stderr_is_tty(void) { return isatty(STDERR_FILENO) != 0; }

uint64_t cli_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}
