#define _GNU_SOURCE /* __fpurge */
#include "report.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <string.h>
#include <unistd.h>

int report_exit_status(WsStatus st) {
    switch (st) {
    case WS_OK:
        return REPORT_EXIT_OK;
    case WS_ERR_ARG:
    case WS_ERR_PARSE:
    case WS_ERR_IO:
        return REPORT_EXIT_USAGE;
    case WS_ERR_NOMEM:
        break;
    }
    return REPORT_EXIT_FAIL; /* out of memory, REPORT_ERR_INTERNAL */
}

void report_warn(const char *fmt, ...) {
    char line[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    fflush(stdout);
    fprintf(stderr, "wavesnake: %s\n", line);
    fflush(stderr);
}

int report_status(WsStatus st, const WsError *err) {
    if (st == WS_OK)
        return REPORT_EXIT_OK;
    report_warn("%s", err != NULL && err->msg[0] ? err->msg : "failed");
    return report_exit_status(st);
}

WsStatus report_check_output(WsError *err) {
    errno = 0;
    bool failed = fflush(stdout) != 0;
    int e = errno;
    if (!failed && !ferror(stdout))
        return WS_OK;
    /* What could not be written is dropped and the error cleared, so that
     * report_finish does not say it a second time (a later write that
     * fails is its own). */
    __fpurge(stdout);
    clearerr(stdout);
    return ws_fail(err, WS_ERR_IO, "cannot write the output: %s",
                   e != 0 ? strerror(e) : "write error");
}

int report_finish(int status) {
    errno = 0;
    bool failed = fflush(stdout) != 0;
    int e = errno;
    failed = failed || ferror(stdout);
    if (!failed)
        return status;
    report_warn("cannot write the output: %s", e != 0 ? strerror(e) : "write error");
    /* In-process callers (the fuzz harness, tests) call ws_main again. */
    clearerr(stdout);
    return status != REPORT_EXIT_OK ? status : REPORT_EXIT_USAGE;
}

void report_json_string(FILE *out, const char *s) {
    fputc('"', out);
    for (const unsigned char *p = (const unsigned char *)(s != NULL ? s : ""); *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(out, "\\%c", *p);
        else if (*p < 0x20 || *p == 0x7f)
            fprintf(out, "\\u%04x", *p);
        else
            fputc(*p, out);
    }
    fputc('"', out);
}

bool report_stderr_is_tty(void) { return isatty(STDERR_FILENO) != 0; }
