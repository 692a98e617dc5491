/* run_arena.h - the arena without a window: N ticks, then a summary. */
#ifndef WS_RUN_ARENA_H
#define WS_RUN_ARENA_H

#include <stdbool.h>
#include <stddef.h>

#include "arena.h"
#include "options.h"

/* Plays opts->ticks ticks (map from --map, --generate or the default map)
 * and prints a summary line, or a JSON object with --json. Returns an exit
 * status (2 on bad input). */
int run_arena_headless(const AppOptions *opts);

/* Builds the arena opts describe (also used by the window): --generate WxH,
 * --map FILE, or assets/maps/arena.txt found in the working directory or
 * next to the executable. Prints the error and returns false on failure. */
bool run_arena_open(const AppOptions *opts, Arena *arena, char *map_name, size_t name_size);

#endif
