/* mapgen.h - seeded arena maps for `--generate WxH`: rooms joined by doors.
 *
 * Recursive division: the board starts as one open room inside a border and
 * is split by walls on even coordinates, each pierced by one or two doors on
 * odd coordinates, until rooms are small. Doors on odd and walls on even
 * coordinates can never block each other, so every floor cell is connected;
 * the second door of long walls makes loops, which give the flee maps room
 * to run around. Then the hero, gold, potions and monsters are scattered.
 * All randomness comes from the Rng passed in (the game's stream 1).
 */
#ifndef WS_MAPGEN_H
#define WS_MAPGEN_H

#include "rng.h"
#include "textmap.h"
#include "ws_error.h"

enum { MAPGEN_MIN_SIDE = 8, MAPGEN_MAX_SIDE = TEXTMAP_MAX_SIDE };

/* Fills map (allocating map->cells; free with textmap_deinit) with a w x h
 * map using the characters of a text map: '#', '.', '@', '$', '!', 'z', 'g',
 * 's'. Sides must be MAPGEN_MIN_SIDE..MAPGEN_MAX_SIDE. */
WsStatus mapgen_generate(TextMap *map, int w, int h, Rng *rng, WsError *err);

#endif
