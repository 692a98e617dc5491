/* report.h - how an entry point ends: the error convention and the exit
 * statuses, shared by the command line and the window; and report_warn, the
 * one way to say something on stderr that does not end the program.
 *
 * Errors, the one convention of src/app (docs/architecture.md): a function
 * below an entry point returns WsStatus and fills a caller-owned WsError; it
 * never prints and never exits. Only entry points print an error: main, the
 * mode runners (run_*_headless, frontend_run), the text tools (tool_*) and
 * bench. Each does so once, at the end, with report_status, which writes the
 * line "wavesnake: <message>" to stderr and turns the status into the exit
 * status:
 *
 *   0  REPORT_EXIT_OK     success
 *   1  REPORT_EXIT_FAIL   the program failed: WS_ERR_NOMEM, REPORT_ERR_INTERNAL
 *   2  REPORT_EXIT_USAGE  bad input: WS_ERR_ARG, WS_ERR_PARSE, WS_ERR_IO (an
 *                         argument, a file that is missing, malformed or
 *                         cannot be written, standard output that cannot
 *                         be written: a full disk is the user's to fix)
 *
 * Standard output is checked when the program ends (report_finish in
 * ws_main): whatever an entry point printed, a write that failed (a full
 * disk, /dev/full) is the line "wavesnake: cannot write the output: <cause>"
 * and exit status 2 instead of a silent 0. A long run checks it after each
 * game too (report_check_output) and stops at the first failure.
 *
 * Nothing here exits the process.
 */
#ifndef WS_REPORT_H
#define WS_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "ws_error.h"

enum { REPORT_EXIT_OK = 0, REPORT_EXIT_FAIL = 1, REPORT_EXIT_USAGE = 2 };

/* The app's one status beyond the core's: the program broke its own
 * contract (a hunter that fails on a legal board), not the input. It stays
 * out of the core's enum on purpose, so it is a WsStatus value the core
 * never returns. */
#define REPORT_ERR_INTERNAL ((WsStatus)-100)

/* The exit status for st (table above). */
int report_exit_status(WsStatus st);

/* Says something on stderr that does not end the program (an engine's
 * fault, a note about a seed from the clock or a cut trace): the line
 * "wavesnake: <message>", formatted as printf does, with no newline in fmt.
 * The one way to write such a line (report_status uses it too): each has
 * the prefix and is written whole, in one call, after what stdout holds
 * (flushed first, so that the two streams interleave in order). */
#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
void report_warn(const char *fmt, ...);

/* The end of an entry point: for WS_OK returns REPORT_EXIT_OK and prints
 * nothing; otherwise prints "wavesnake: <err->msg>" on stderr and returns
 * report_exit_status(st). */
int report_status(WsStatus st, const WsError *err);

/* For a long run, after each game's line: flushes stdout and, when a
 * write to it failed (a full disk, a closed stdout, a closed pipe whose
 * SIGPIPE is ignored), drops what is left in its buffer and returns
 * WS_ERR_IO, "cannot write the output: <cause>", so that the run stops at
 * once instead of playing every game for nobody (docs/reliability.md). */
WsStatus report_check_output(WsError *err);

/* The end of the program: flushes stdout and checks that every write to it
 * succeeded. Returns `status` when it did; otherwise prints one line on
 * stderr and returns `status` if it already says a failure, else
 * REPORT_EXIT_USAGE (a write that failed, WS_ERR_IO). */
int report_finish(int status);

/* Prints s as a JSON string (with its quotes): '"' and '\\' escaped, every
 * control byte and DEL as \u00XX, so that a file name in a --json line can
 * drive no terminal. Text lines quote outside text with ws_quote. */
void report_json_string(FILE *out, const char *s);

/* Whether stderr is a terminal (for progress bars). */
bool report_stderr_is_tty(void);

#endif
