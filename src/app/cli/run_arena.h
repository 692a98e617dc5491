/* run_arena.h - the arena without a window: N ticks, then a summary. */
#ifndef WS_RUN_ARENA_H
#define WS_RUN_ARENA_H

#include "options.h"

/* Plays opts->ticks ticks (map from --map, --generate or the default map)
 * and prints a summary line, or a JSON object with --json. Returns an exit
 * status (2 on bad input). */
int run_arena_headless(const AppOptions *opts);

#endif
