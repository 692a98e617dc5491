/* cli.h - what the headless entry points share beyond play (report.h ends
 * them, parse.h reads their numbers): the note about a seed from the clock. */
#ifndef WS_CLI_H
#define WS_CLI_H

#include <stdint.h>

/* Tells the user a seed that came from the clock and how to repeat it:
 * "wavesnake: seed S (from the clock; --seed S repeats this <what>)". */
void cli_note_clock_seed(uint64_t seed, const char *what);

#endif
