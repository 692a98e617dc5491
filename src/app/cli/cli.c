#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

int cli_usage_error(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs("wavesnake: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return CLI_EXIT_USAGE;
}

bool cli_parse_long(const char *text, long lo, long hi, const char *what, long *out) {
    if (text == NULL || *text == '\0') {
        cli_usage_error("%s: expected a number, got nothing", what);
        return false;
    }
    char *end = NULL;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (*end != '\0' || end == text) {
        cli_usage_error("%s: '%s' is not a whole number", what, text);
        return false;
    }
    if (errno == ERANGE || v < lo || v > hi) {
        cli_usage_error("%s: %s is outside %ld..%ld", what, text, lo, hi);
        return false;
    }
    *out = v;
    return true;
}

bool cli_parse_int(const char *text, int lo, int hi, const char *what, int *out) {
    long v = 0;
    if (!cli_parse_long(text, lo, hi, what, &v))
        return false;
    *out = (int)v;
    return true;
}

bool cli_parse_u64(const char *text, const char *what, uint64_t *out) {
    if (text == NULL || *text == '\0' || *text == '-' || *text == '+') {
        cli_usage_error("%s: '%s' is not a non-negative whole number", what, text ? text : "");
        return false;
    }
    char *end = NULL;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (*end != '\0' || end == text) {
        cli_usage_error("%s: '%s' is not a non-negative whole number", what, text);
        return false;
    }
    if (errno == ERANGE) {
        cli_usage_error("%s: %s does not fit in 64 bits", what, text);
        return false;
    }
    *out = (uint64_t)v;
    return true;
}

bool cli_parse_double(const char *text, double lo, double hi, const char *what, double *out) {
    char *end = NULL;
    errno = 0;
    double v = text != NULL ? strtod(text, &end) : 0.0;
    if (text == NULL || end == text || *end != '\0' || errno == ERANGE || v != v) {
        cli_usage_error("%s: '%s' is not a number", what, text ? text : "");
        return false;
    }
    if (v < lo || v > hi) {
        cli_usage_error("%s: %s is outside %g..%g", what, text, lo, hi);
        return false;
    }
    *out = v;
    return true;
}

bool cli_parse_size(const char *text, int lo, int hi, const char *what, int *w, int *h) {
    const char *x = text != NULL ? strpbrk(text, "xX") : NULL;
    if (x == NULL || x == text || x[1] == '\0') {
        cli_usage_error("%s: '%s' is not WIDTHxHEIGHT (e.g. 20x20)", what, text ? text : "");
        return false;
    }
    char wbuf[16];
    size_t wlen = (size_t)(x - text);
    if (wlen >= sizeof wbuf) {
        cli_usage_error("%s: '%s' is not WIDTHxHEIGHT (e.g. 20x20)", what, text);
        return false;
    }
    memcpy(wbuf, text, wlen);
    wbuf[wlen] = '\0';
    for (const char *p = text; *p; p++) {
        if (p != x && (*p < '0' || *p > '9')) {
            cli_usage_error("%s: '%s' is not WIDTHxHEIGHT (e.g. 20x20)", what, text);
            return false;
        }
    }
    return cli_parse_int(wbuf, lo, hi, what, w) && cli_parse_int(x + 1, lo, hi, what, h);
}

bool cli_take_value(int argc, char **argv, int *i, const char *name, const char **value) {
    const char *arg = argv[*i];
    size_t n = strlen(name);
    if (strncmp(arg, name, n) != 0)
        return false;
    if (arg[n] == '=') {
        *value = arg + n + 1;
        return true;
    }
    if (arg[n] != '\0')
        return false;
    if (*i + 1 >= argc) {
        cli_usage_error("%s needs a value", name);
        *value = NULL;
        return true;
    }
    *i += 1;
    *value = argv[*i];
    return true;
}

bool cli_stderr_is_tty(void) { return isatty(STDERR_FILENO) != 0; }

uint64_t cli_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}
