/* tools_sea.h - the sea text tools (SPEC "Text tools"): `counts` and `shot`.
 * Each takes argv after its name, prints to stdout and returns an exit
 * status (0, or 2 on bad input: a bad option, or a board file that is
 * malformed or impossible). */
#ifndef WS_TOOLS_SEA_H
#define WS_TOOLS_SEA_H

/* wavesnake counts BOARD [--length L]: ten rows of ten placement counts. */
int tool_counts(int argc, char **argv);

/* wavesnake shot BOARD [--seed S] [--hunter seed|best]: the next shot as "X Y". */
int tool_shot(int argc, char **argv);

#endif
