/* arena_setup.h - building an arena from the command line's options.
 *
 * Both the headless run and the window's arena view start an arena the same
 * way (--generate WxH, --map FILE, or the default map found next to the
 * binary), so the rule lives here once, beside the options it reads.
 */
#ifndef WS_ARENA_SETUP_H
#define WS_ARENA_SETUP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "arena.h"
#include "options.h"

/* Builds the arena opts describe with seed `seed`: --generate WxH, --map
 * FILE, or assets/maps/arena.txt found in the working directory or next to
 * the executable (the options hold checked values: --generate sides are
 * MAPGEN_MIN_SIDE..MAPGEN_MAX_SIDE). map_name gets a short name for the HUD.
 * On failure fills err with one line. */
WsStatus arena_setup_open(const AppOptions *opts, uint64_t seed, Arena *arena, char *map_name,
                          size_t name_size, WsError *err);

#endif
