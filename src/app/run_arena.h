/* run_arena.h - the arena without a window: N ticks, then a summary. */
#ifndef WS_RUN_ARENA_H
#define WS_RUN_ARENA_H

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

bool run_arena_parse_shown(const char *name, ArenaShown *out);
const char *run_arena_shown_name(ArenaShown shown);

/* Plays opts->ticks ticks (map from --map, --generate or the default map)
 * and prints a summary line, or a JSON object with --json. Returns an exit
 * status (2 on bad input). */
int run_arena_headless(const AppOptions *opts);

/* Builds the arena opts describe (also used by the window) with seed
 * `seed`: --generate WxH, --map FILE, or assets/maps/arena.txt found in the
 * working directory or next to the executable. map_name gets a short name
 * for the HUD. On failure fills err with one line. */
WsStatus run_arena_open(const AppOptions *opts, uint64_t seed, Arena *arena, char *map_name,
                        size_t name_size, WsError *err);

#endif
