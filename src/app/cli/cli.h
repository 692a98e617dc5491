/* cli.h - what every command-line entry point shares: the error convention,
 * the exit statuses, strict number parsing and a clock.
 *
 * Errors, the one convention of src/app
 * (docs/conventions.md#errors-and-exit-statuses): a function below an
 * entry point returns WsStatus and fills a caller-owned WsError; it never
 * prints and never exits. Only entry points print an error: main, the mode
 * runners (run_*_headless, frontend_run), the text tools (tool_*) and bench.
 * Each does so once, at the end, with cli_report, which writes the line
 * "wavesnake: <message>" to stderr and turns the status into the exit status:
 *
 *   0  CLI_EXIT_OK     success
 *   1  CLI_EXIT_FAIL   the program failed: WS_ERR_NOMEM, CLI_ERR_INTERNAL
 *   2  CLI_EXIT_USAGE  bad input: WS_ERR_ARG, WS_ERR_PARSE, WS_ERR_IO (an
 *                      argument, a file that is missing, malformed or cannot
 *                      be written)
 *
 * Nothing here exits the process.
 */
#ifndef WS_CLI_H
#define WS_CLI_H

#include <stdbool.h>
#include <stdint.h>

#include "ws_error.h"

enum { CLI_EXIT_OK = 0, CLI_EXIT_FAIL = 1, CLI_EXIT_USAGE = 2 };

/* The app's one status beyond the core's: the program broke its own
 * contract (a hunter that fails on a legal board), not the input. It stays
 * out of the core's enum on purpose, so it is a WsStatus value the core
 * never returns. */
#define CLI_ERR_INTERNAL ((WsStatus)-100)

/* The exit status for st (table above). */
int cli_exit_status(WsStatus st);

/* The end of an entry point: for WS_OK returns CLI_EXIT_OK and prints
 * nothing; otherwise prints "wavesnake: <err->msg>" on stderr and returns
 * cli_exit_status(st). */
int cli_report(WsStatus st, const WsError *err);

/* Strict numbers: the whole text, in range. `what` names the value in the
 * message ("--games", "start x"). */
WsStatus cli_parse_long(const char *text, long lo, long hi, const char *what, long *out,
                        WsError *err);
WsStatus cli_parse_int(const char *text, int lo, int hi, const char *what, int *out, WsError *err);
WsStatus cli_parse_u64(const char *text, const char *what, uint64_t *out, WsError *err);
WsStatus cli_parse_double(const char *text, double lo, double hi, const char *what, double *out,
                          WsError *err);
/* "WxH" with each side in [lo, hi]. */
WsStatus cli_parse_size(const char *text, int lo, int hi, const char *what, int *w, int *h,
                        WsError *err);

/* Tells the user a seed that came from the clock and how to repeat it:
 * "wavesnake: seed S (from the clock; --seed S repeats this <what>)". */
void cli_note_clock_seed(uint64_t seed, const char *what);

/* Whether stderr is a terminal (for progress bars). */
bool cli_stderr_is_tty(void);

/* Monotonic clock in nanoseconds. */
uint64_t cli_now_ns(void);

#endif
