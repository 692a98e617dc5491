/* cli.h - small helpers every command-line entry point shares.
 *
 * Numbers are parsed strictly (the whole string, in range) and every
 * failure is reported as one line "wavesnake: ..." on stderr; entry points
 * then return CLI_EXIT_USAGE (2). Nothing here exits the process.
 */
#ifndef WS_CLI_H
#define WS_CLI_H

#include <stdbool.h>
#include <stdint.h>

enum { CLI_EXIT_OK = 0, CLI_EXIT_FAIL = 1, CLI_EXIT_USAGE = 2 };

/* Prints "wavesnake: <message>" and a newline to stderr; returns CLI_EXIT_USAGE. */
#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
int cli_usage_error(const char *fmt, ...);

/* Parses a whole decimal integer in [lo, hi]; on failure prints a message
 * naming `what` and returns false. */
bool cli_parse_long(const char *text, long lo, long hi, const char *what, long *out);
bool cli_parse_int(const char *text, int lo, int hi, const char *what, int *out);
bool cli_parse_u64(const char *text, const char *what, uint64_t *out);
bool cli_parse_double(const char *text, double lo, double hi, const char *what, double *out);

/* Parses "WxH" with each side in [lo, hi]. */
bool cli_parse_size(const char *text, int lo, int hi, const char *what, int *w, int *h);

/* Option matching for "--name VALUE" and "--name=VALUE". If argv[*i] is the
 * option `name`, stores its value in *value (advancing *i past a separate
 * value) and returns true; a missing value is reported and *value left NULL. */
bool cli_take_value(int argc, char **argv, int *i, const char *name, const char **value);

/* Whether stderr is a terminal (for progress bars). */
bool cli_stderr_is_tty(void);

/* Monotonic clock in nanoseconds. */
uint64_t cli_now_ns(void);

#endif
