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
 * MAPGEN_MIN_SIDE..MAPGEN_MAX_SIDE, never with --map: options_check).
 * map_name gets a short name for the HUD.
 * On failure fills err with one line. */
WsStatus arena_setup_open(const AppOptions *opts, uint64_t seed, Arena *arena, char *map_name,
                          size_t name_size, WsError *err);

/* The map file after `current` (a file name such as "arena.txt", or "" for
 * the first) in the default map's folder, assets/maps/: its *.txt files in
 * name order, wrapping around. Writes its path to `path`. WS_ERR_IO (err
 * names the folder) when the folder cannot be read or holds no map. */
WsStatus arena_setup_next_map(const char *current, char *path, size_t path_size, WsError *err);

#endif
