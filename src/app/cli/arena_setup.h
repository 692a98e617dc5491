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

/* The map the window shows (--arena-map, Tab): one of the shared maps (same
 * order as MonMap) or the desire map of one monster. */
typedef enum ArenaShown {
    ARENA_SHOWN_HERO = MON_MAP_HERO,
    ARENA_SHOWN_GOLD = MON_MAP_GOLD,
    ARENA_SHOWN_POTION = MON_MAP_POTION,
    ARENA_SHOWN_SAFETY = MON_MAP_SAFETY,
    ARENA_SHOWN_DESIRE,
    ARENA_SHOWN_COUNT
} ArenaShown;

bool arena_setup_parse_shown(const char *name, ArenaShown *out);
const char *arena_setup_shown_name(ArenaShown shown);

/* Builds the arena opts describe with seed `seed`: --generate WxH, --map
 * FILE, or assets/maps/arena.txt found in the working directory or next to
 * the executable. map_name gets a short name for the HUD. On failure fills
 * err with one line. */
WsStatus arena_setup_open(const AppOptions *opts, uint64_t seed, Arena *arena, char *map_name,
                          size_t name_size, WsError *err);

#endif
