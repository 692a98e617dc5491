/* help.h - `wavesnake --help`.
 *
 * The text around the options is prose; every usage line and every option
 * line is made from the same tables the parser reads (options.c, tools.h,
 * bench.h), so --help lists exactly what is accepted, with its ranges.
 */
#ifndef WS_HELP_H
#define WS_HELP_H

#include <stdio.h>

/* Writes the whole help text for program version `version` to out. */
void help_print(FILE *out, const char *version);

#endif
