/* tools.h - the text tools (SPEC "Text tools"): each takes argv after its
 * name, prints to stdout and returns an exit status (0, or 2 on bad input). */
#ifndef WS_TOOLS_H
#define WS_TOOLS_H

#include <stdbool.h>

int tool_wave(int argc, char **argv);
int tool_path(int argc, char **argv);

/* Loads and parses a text map file; on failure prints the error and returns false. */
struct TextMap;
bool tool_load_map(const char *path, struct TextMap *map);

#endif
