/* textmap.h - parsing text maps (docs/formats.md#text-maps) from a string.
 *
 * One character per cell: '#' wall, '.' floor, anything else an entity the
 * caller interprets. Rows may differ in length; the map is as wide as its
 * widest row and shorter rows are padded with '#'. Trailing blank lines are
 * ignored. Only printable ASCII is accepted, at most TEXTMAP_MAX_SIDE a side.
 * The core never reads files: the caller loads the text and passes it in.
 */
#ifndef WS_TEXTMAP_H
#define WS_TEXTMAP_H

#include <stdbool.h>
#include <stddef.h>

#include "grid.h"
#include "ws_error.h"

enum { TEXTMAP_MAX_SIDE = GRID_MAX_SIDE };

typedef struct TextMap {
    int w, h;
    char *cells; /* w * h characters, row-major, owned */
} TextMap;

/* Parses `len` bytes of text into map. `name` appears in error messages
 * (usually the file name). On failure map is left zeroed. Accepts "\n" and
 * "\r\n" line ends. */
WsStatus textmap_parse(TextMap *map, const char *text, size_t len, const char *name,
                       WsError *err);

void textmap_deinit(TextMap *map);

static inline char textmap_at(const TextMap *map, int x, int y) {
    return map->cells[y * map->w + x];
}

static inline bool textmap_is_wall(const TextMap *map, int x, int y) {
    return textmap_at(map, x, y) == '#';
}

/* Fills `blocked` (w * h bytes) with 1 for walls and 0 for every other cell. */
void textmap_to_blocked(const TextMap *map, unsigned char *blocked);

#endif
